"""Starts the real Plutary under the current X display and D-Bus session and
finds it through AT-SPI, as a screen reader would. Shared by the e2e tests."""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib


def start_accessibility_bus():
    """GTK talks to AT-SPI over its own bus; start it inside this private session."""
    launcher = "/usr/libexec/at-spi-bus-launcher"
    proc = subprocess.Popen([launcher, "--launch-immediately"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return proc


class App:
    def __init__(self, binary, *args, env=None):
        self.home = tempfile.mkdtemp(prefix="plutary-e2e-")
        # The app's own temporary files go under its home too, so `remove` takes them with it.
        temporary = os.path.join(self.home, "tmp")
        os.mkdir(temporary)
        full_env = dict(os.environ)
        full_env.update({
            "HOME": self.home,
            "TMPDIR": temporary,
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GTK_A11Y": "atspi",
            "NO_AT_BRIDGE": "0",
        })
        full_env.update(env or {})
        self.log_path = os.path.join(self.home, "app.log")
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen([binary, *args], env=full_env, stdout=self.log, stderr=subprocess.STDOUT)
        self.node = None

    def find(self, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"app exited with {self.proc.returncode}; log:\n{self.read_log()}")
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                child = desktop.getChildAtIndex(i)
                try:
                    if child is not None and child.get_process_id() == self.proc.pid and child.childCount > 0:
                        self.node = child
                        return child
                except Exception:
                    pass
            time.sleep(0.3)
        raise AssertionError(f"no accessible application for pid {self.proc.pid}; log:\n{self.read_log()}")

    def read_log(self):
        self.log.flush()
        with open(self.log_path) as f:
            return f.read()

    def stop(self):
        """Ends the app; a GTK warning or any GLib critical it printed fails the test."""
        if self.log.closed:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        log = self.read_log()
        self.log.close()
        warnings = [line for line in log.splitlines() if GTK_WARNING.search(line)]
        if warnings:
            raise AssertionError("the app printed GTK warnings or GLib criticals:\n" + "\n".join(warnings[:20]))

    def remove(self):
        """Removes the app's home, and the temporary files it made there. Not in `stop`: the scripts
        call it last, as analysis.py looks for its token in the home once the app has stopped. When
        `stop` raised (GTK warnings), it is not reached, and the home keeps the app's log."""
        shutil.rmtree(self.home, ignore_errors=True)


# Gtk-WARNING, Gtk-CRITICAL, GLib-GObject-CRITICAL, … as GLib's log writer prints them.
GTK_WARNING = re.compile(r"\b(Gtk-WARNING|[\w-]+-CRITICAL) \*\*")


def walk(node, depth=0, max_depth=60):
    """Every descendant of node (depth first)."""
    if node is None or depth > max_depth:
        return
    yield node
    try:
        count = node.childCount
    except Exception:
        return  # the node went away while the tree was being walked
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1, max_depth)


def is_visible(node):
    try:
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def find_all(root, role=None, name=None, predicate=None, visible_only=True):
    found = []
    for node in walk(root):
        try:
            if role is not None and node.getRoleName() != role:
                continue
            if name is not None and node.name != name:
                continue
            if predicate is not None and not predicate(node):
                continue
            if visible_only and not is_visible(node):
                continue
            found.append(node)
        except Exception:
            continue
    return found


def wait_for(description, fn, timeout=15):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        last = fn()
        if last:
            return last
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {description}")


def click(node):
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate", "toggle"):
            action.doAction(i)
            return
    action.doAction(0)


def screenshot(path):
    subprocess.run(["import", "-window", "root", path], check=True)
    print(f"screenshot: {path}", file=sys.stderr)


def inset_crop(node):
    """ImageMagick's geometry of node on screen, inset a little: its frame or border is not its content."""
    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return ext, f"{ext.width - 8}x{ext.height - 8}+{ext.x + 4}+{ext.y + 4}"


def ink_and_paper(shot, node):
    """The shares of dark (ink) and of light (paper) pixels where node is drawn in the screenshot shot."""
    ext, crop = inset_crop(node)
    assert ext.width > 50 and ext.height > 50, f"{node.name} is only {ext.width}×{ext.height} px on screen"
    shares = []
    # Ink is below half grey: scaled down to fit, Cairo's filtering (the renderer without a GPU)
    # averages thin strokes into mid greys, where OpenGL's sampling kept some pixels black.
    for level, negate in (("50%", ["-negate"]), ("75%", [])):
        out = subprocess.run(["convert", shot, "-crop", crop, "+repage", "-colorspace", "gray", "-threshold", level,
                              *negate, "-format", "%[fx:mean]", "info:"], check=True, capture_output=True, text=True)
        shares.append(float(out.stdout))
    return tuple(shares)


def contrast(shot, node):
    """The spread of grey levels inside node (its border inset) in the screenshot shot: near 0
    when its text is drawn in about the colour of its background, so cannot be read."""
    _, crop = inset_crop(node)
    out = subprocess.run(["convert", shot, "-crop", crop, "+repage", "-colorspace", "gray",
                          "-format", "%[fx:maxima-minima]", "info:"], check=True, capture_output=True, text=True)
    return float(out.stdout)


def wait_receipt_shown(node, shot, timeout=20):
    """Waits until the picture node holds a receipt in a screenshot saved as shot:
    dark ink and light paper, where an undrawn pane is one flat colour."""
    deadline = time.time() + timeout
    while True:
        subprocess.run(["import", "-window", "root", shot], check=True)
        ink, paper = ink_and_paper(shot, node)
        if ink > 0.003 and paper > 0.03:
            print(f"image shown: {ink:.1%} ink, {paper:.1%} paper ({shot})", file=sys.stderr)
            return
        if time.time() > deadline:
            raise AssertionError(f"the receipt image is not drawn: {ink:.2%} ink and {paper:.2%} paper pixels ({shot})")
        time.sleep(0.5)


def text_of(node):
    """An editable's text; GTK 4.8 answers nothing for the usual end offset -1, so ask for the length.
    None when the node went away while asked (a row rebuilt as items move), so `wait_for` asks again."""
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except (NotImplementedError, GLib.GError):
        return None


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def centre(node):
    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return str(ext.x + ext.width // 2), str(ext.y + ext.height // 2)


def one(root, description, timeout=30, **kwargs):
    """The first node find_all finds, waiting for it."""
    return wait_for(description, lambda: find_all(root, **kwargs), timeout=timeout)[0]


def drag_in(path, helpers, hover_screenshot=None):
    """Drags a file onto the window from another X client, as from a file manager: the drag
    source (drag_source.py) is started, added to `helpers`, and returned once the file is dropped."""
    source = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "drag_source.py"), path])
    helpers.append(source)
    label = wait_for("the drag source window", lambda: find_drag_source(source.pid))
    sx, sy = centre(label)
    xdotool("mousemove", sx, sy)
    xdotool("mousedown", "1")
    for step in range(1, 11):
        xdotool("mousemove", str(int(sx) + step * 50), str(int(sy) + step * 35))
        time.sleep(0.05)
    time.sleep(0.5)
    if hover_screenshot:
        screenshot(hover_screenshot)
    xdotool("mouseup", "1")
    return source


def find_drag_source(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        child = desktop.getChildAtIndex(i)
        try:
            if child is not None and child.get_process_id() == pid:
                found = find_all(child, role="label", name="Drag me")
                if found:
                    return found[0]
        except Exception:
            pass
    return None
