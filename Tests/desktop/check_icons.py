"""Checks that the icons a desktop file names exist where the icon theme looks.

For Icon=NAME (an icon name, not a path) there must be, under ICON_ROOT:
  hicolor/scalable/apps/NAME.svg            a square SVG (the full-colour app icon)
  hicolor/symbolic/apps/NAME-symbolic.svg   a 16×16 SVG drawn in one colour
and NAME must be the desktop file's own name (the application id).
ICON_ROOT is data/icons in the source tree or PREFIX/share/icons once installed.

Usage: check_icons.py DESKTOP_FILE ICON_ROOT"""
import configparser
import os
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}svg"
COLOUR = re.compile(r'(?:fill|stroke|stop-color)\s*[=:]\s*"?(#[0-9a-fA-F]{3,8}|[a-z]+)')


def icon_name(desktop_file):
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    parser.read(desktop_file, encoding="utf-8")
    icon = parser["Desktop Entry"].get("Icon", "")
    if not icon or "/" in icon or icon.endswith((".svg", ".png")):
        raise AssertionError(f"{desktop_file}: Icon={icon!r} must be a theme icon name")
    app_id = os.path.basename(desktop_file)[:-len(".desktop")]
    if icon != app_id:
        raise AssertionError(f"{desktop_file}: Icon={icon} is not the application id {app_id}")
    return icon


def view_box(path):
    root = ET.parse(path).getroot()
    if root.tag != SVG:
        raise AssertionError(f"{path}: not an SVG document (root element {root.tag})")
    box = root.get("viewBox")
    if not box:
        raise AssertionError(f"{path}: no viewBox, so it does not scale")
    x, y, width, height = (float(v) for v in box.replace(",", " ").split())
    return width, height


def check(desktop_file, icon_root):
    name = icon_name(desktop_file)
    scalable = os.path.join(icon_root, "hicolor", "scalable", "apps", f"{name}.svg")
    symbolic = os.path.join(icon_root, "hicolor", "symbolic", "apps", f"{name}-symbolic.svg")
    for path in (scalable, symbolic):
        if not os.path.isfile(path):
            raise AssertionError(f"{desktop_file} names Icon={name}, but {path} does not exist")
    width, height = view_box(scalable)
    if width != height:
        raise AssertionError(f"{scalable}: the app icon must be square, not {width}×{height}")
    if view_box(symbolic) != (16, 16):
        raise AssertionError(f"{symbolic}: symbolic icons are drawn on a 16×16 grid")
    with open(symbolic, encoding="utf-8") as f:
        colours = {c.lower() for c in COLOUR.findall(f.read()) if c.lower() not in ("none", "currentcolor")}
    if len(colours) != 1:
        raise AssertionError(f"{symbolic}: a symbolic icon is one colour that GTK recolours, found {sorted(colours)}")
    return [scalable, symbolic]


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        found = check(sys.argv[1], sys.argv[2])
    except AssertionError as error:
        sys.exit(f"check_icons: {error}")
    print("check_icons: " + ", ".join(found))
