"""e2e for analytics and products: the real app with --fixture sample shows the
charts (checked through their accessible descriptions), saves screenshots,
exports a chart through the GUI's file chooser and through `plutary chart`,
and checks the PNG, SVG and PDF files are valid.

Usage: charts.py PLUTARY_BINARY SCREENSHOT_DIR [DOCS_SCREENSHOT_DIR]"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

import pyatspi

from apphost import App, click, find_all, screenshot, start_accessibility_bus, wait_for


def check_png(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 100 and height > 100, f"{path}: {width}x{height}"
    assert data.rstrip(b"\x00")[-8:-4] == b"IEND", f"{path}: PNG cut short"
    return width, height


def check_svg(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert "<svg" in text and text.rstrip().endswith("</svg>"), f"{path}: not a complete SVG"
    assert "<path" in text or "<rect" in text, f"{path}: SVG draws nothing"


def check_pdf(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data.startswith(b"%PDF-"), f"{path}: not a PDF"
    assert b"%%EOF" in data[-64:], f"{path}: PDF cut short"
    assert b"/Page" in data, f"{path}: PDF without pages"


def chart_node(root, label, expect="CA$"):
    """The drawing area named `label` once its description holds values (and `expect`)."""
    def ready():
        for node in find_all(root, name=label):
            try:
                if node.getRoleName() not in ("label", "frame") and "CA$" in (node.description or "") and expect in node.description and on_screen(node):
                    return node
            except Exception:
                continue
        return None
    return wait_for(f"chart {label} with values", ready, timeout=20)


def on_screen(node):
    """GTK 4.8 marks widgets of hidden stack pages "visible" too; those have no size."""
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return extents.width > 0 and extents.height > 0


def center(node):
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return extents.x + extents.width // 2, extents.y + extents.height // 2


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def export_through_chooser(root, path, app_log):
    """Clicks "Export chart…", types the path into the chooser's name field and saves."""
    buttons = wait_for("Export chart button", lambda: find_all(root, role="push button", name="Export chart…", predicate=on_screen))
    click(buttons[0])

    def name_field():
        for index in range(root.childCount):
            window = root.getChildAtIndex(index)
            if window is not None and window.name == "Export Chart":
                fields = find_all(window, role="text", name="Name:")
                if fields:
                    return fields[0], window
        return None
    try:
        field, dialog = wait_for("the file chooser's name field", name_field, timeout=30)
    except AssertionError:
        windows = [(root.getChildAtIndex(i).getRoleName(), root.getChildAtIndex(i).name) for i in range(root.childCount)]
        raise AssertionError(f"no Export Chart chooser; windows: {windows}; log:\n{app_log()}")
    editable = field.queryEditableText()
    editable.setTextContents(path)
    time.sleep(0.3)
    # Enter in the name field answers the chooser with its accept button.
    xdotool("key", "Return")
    wait_for(f"{path} written", lambda: os.path.exists(path) and os.path.getsize(path) > 0, timeout=15)
    # The app may still be writing: wait for the size to settle.
    size = -1
    while size != os.path.getsize(path):
        size = os.path.getsize(path)
        time.sleep(0.5)


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    docs_dir = sys.argv[3] if len(sys.argv) > 3 else None
    os.makedirs(out_dir, exist_ok=True)
    exports = tempfile.mkdtemp(prefix="plutary-export-")

    # The command line writes each format with the painter the window uses.
    for fmt, check in (("png", check_png), ("svg", check_svg), ("pdf", check_pdf)):
        path = os.path.join(exports, f"cli-monthly.{fmt}")
        subprocess.run([binary, "chart", "--fixture", "sample", "--kind", "monthly", "--format", fmt, "-o", path], check=True)
        check(path)
        print(f"plutary chart: valid {fmt.upper()} ({os.path.getsize(path)} bytes)")

    bus = start_accessibility_bus()
    app = App(binary, "--fixture", "sample")
    try:
        root = app.find()
        sections = {name: wait_for(name, lambda n=name: find_all(root, role="push button", name=n))[0]
                    for name in ("Analytics", "Products")}

        click(sections["Analytics"])
        wait_for("Analytics screen", lambda: find_all(root, role="frame", name="Analytics – Plutary"))
        monthly = chart_node(root, "Spending per month")
        donut = chart_node(root, "Spending by category")
        assert "Groceries" in monthly.description, monthly.description
        assert "%" in donut.description and "Groceries" in donut.description, donut.description
        print(f"monthly chart says: {monthly.description[:120]}…")
        totals = wait_for("totals per currency", lambda: find_all(root, role="label", predicate=lambda n: n.name in ("US$", "USD")))
        assert totals
        # Hovering a chart shows the value under the pointer.
        x, y = center(monthly)
        xdotool("mousemove", str(x), str(y))
        time.sleep(1.5)
        screenshot(os.path.join(out_dir, "analytics.png"))

        path = os.path.join(exports, "gui-monthly.svg")
        export_through_chooser(root, path, app.read_log)
        check_svg(path)
        print("Export chart… wrote a valid SVG through the file chooser")
        for fmt, check in (("png", check_png), ("pdf", check_pdf)):
            path = os.path.join(exports, f"gui-monthly.{fmt}")
            export_through_chooser(root, path, app.read_log)
            check(path)
            print(f"Export chart… wrote a valid {fmt.upper()}")

        click(sections["Products"])
        wait_for("Products screen", lambda: find_all(root, role="frame", name="Products – Plutary"))
        # The first product's detail shows as soon as the list is there.
        chart_node(root, "Price history")
        time.sleep(0.8)
        screenshot(os.path.join(out_dir, "products.png"))
        search = wait_for("product search", lambda: find_all(root, name="Search products", predicate=lambda n: n.getRoleName() != "label"))
        x, y = center(search[0])
        xdotool("mousemove", str(x), str(y), "click", "1")
        xdotool("type", "--delay", "50", "bok choy")
        # The search leaves one row, which the list selects.
        row = wait_for("the Bok Choy row", lambda: find_all(root, role="label", name="白菜 Bok Choy", predicate=on_screen))
        x, y = center(row[0])
        xdotool("mousemove", str(x), str(y), "click", "1")
        history = chart_node(root, "Price history", expect="T&T Supermarket")
        assert "Bok Choy" in history.description, history.description
        print(f"price history says: {history.description[:120]}…")
        screenshot(os.path.join(out_dir, "product-search.png"))

        if docs_dir:
            os.makedirs(docs_dir, exist_ok=True)
            for name in ("analytics.png", "products.png"):
                shutil.copy(os.path.join(out_dir, name), os.path.join(docs_dir, name))
        print(f"screenshots in {out_dir}")
    finally:
        app.stop()
        bus.terminate()
        shutil.rmtree(exports, ignore_errors=True)
        app.remove()


if __name__ == "__main__":
    main()
