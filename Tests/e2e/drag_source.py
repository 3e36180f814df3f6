"""A tiny GTK 4 window that offers files for dragging, as a file manager would:
the e2e test starts it as a second X client and drags from it with xdotool.
Usage: drag_source.py FILE..."""
import os
import sys
import urllib.parse

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def main():
    # Names as bytes, percent-encoded: a file manager offers names that are not UTF-8 this way.
    uris = "".join(f"file://{urllib.parse.quote(os.fsencode(path))}\r\n" for path in sys.argv[1:])
    app = Gtk.Application(application_id="io.github.plutary.DragSource")

    def activate(application):
        window = Gtk.ApplicationWindow(application=application, title="Drag source")
        window.set_default_size(160, 90)
        label = Gtk.Label(label="Drag me")
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.connect("prepare", lambda *_: Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(uris.encode())))
        label.add_controller(source)
        window.set_child(label)
        window.present()

    app.connect("activate", activate)
    app.run([])


if __name__ == "__main__":
    main()
