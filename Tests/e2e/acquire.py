"""e2e: Scan from Scanner… with SANE's own test backend, no hardware.

The app runs with SANE_CONFIG_DIR naming a private folder. First its dll.conf lists no
backend: Ctrl+Shift+S opens the dialog, which says no scanner was found and offers no Scan
(Escape closes it).
Then the test backend is listed (SANE reads its configuration at each look): the dialog,
opened from the main menu, lists test:0, Scan scans its grid page, and the sheet arrives in
the review with its image drawn.
Usage: acquire.py PLUTARY_BINARY SCREENSHOT_DIR"""
import os
import shutil
import sys
import tempfile
import time

import pyatspi

from apphost import App, centre, click, one, screenshot, start_accessibility_bus, wait_for, wait_receipt_shown, xdotool

# SANE's test backend: one device, its grid picture (black and white 10 mm squares) on a 40 × 60 mm page.
TEST_CONF = 'number_of_devices 1\ntest-picture "Grid"\nbr_x 40.0\nbr_y 60.0\n'


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    sane = tempfile.mkdtemp(prefix="plutary-sane-")
    with open(os.path.join(sane, "test.conf"), "w") as f:
        f.write(TEST_CONF)
    with open(os.path.join(sane, "dll.conf"), "w") as f:
        f.write("# no backend yet\n")
    bus = start_accessibility_bus()
    app = App(binary, "--fixture", "empty", env={"LC_ALL": "C.UTF-8", "LANGUAGE": "", "SANE_CONFIG_DIR": sane})
    try:
        scenario(app, sane, out_dir)
    except BaseException:
        print(f"app exit status: {app.proc.poll()}; log:\n" + app.read_log()[-3000:], file=sys.stderr)
        raise
    finally:
        app.stop()
        bus.terminate()
        app.remove()
        shutil.rmtree(sane, ignore_errors=True)


def dialog(root):
    return one(root, "the Scan from Scanner dialog", role="frame", name="Scan from Scanner")


def scenario(app, sane, out_dir):
    root = app.find()
    one(root, "the main window", role="frame", name="Receipts – Plutary")
    time.sleep(0.5)

    # No backend: the dialog says so, and Scan cannot be pressed.
    xdotool("key", "ctrl+shift+s")
    scan_dialog = dialog(root)
    one(scan_dialog, "the no-scanner message", role="label", name="No scanner was found.")
    scan = one(scan_dialog, "the Scan button", role="push button", name="Scan")
    assert not scan.getState().contains(pyatspi.STATE_SENSITIVE), "Scan is offered without a scanner"
    screenshot(os.path.join(out_dir, "acquire-no-scanner.png"))
    one(scan_dialog, "the Close button", role="push button", name="Close")
    xdotool("key", "Escape")
    wait_for("Escape to close the dialog", lambda: not root_has_dialog(root))
    print("no scanner: the dialog says so and offers no Scan; Escape closes it")

    # The test backend: from the main menu this time.
    with open(os.path.join(sane, "dll.conf"), "w") as f:
        f.write("test\n")
    menu = one(root, "the main menu", name="Main menu")
    xdotool("mousemove", *centre(menu), "click", "1")
    click(one(root, "the menu entry", role="menu item", name="Scan from Scanner…"))
    scan_dialog = dialog(root)
    one(scan_dialog, "the test scanner", role="label", name="Noname frontend-tester (test:0)")
    scan = one(scan_dialog, "a pressable Scan button", role="push button", name="Scan",
               predicate=lambda n: n.getState().contains(pyatspi.STATE_SENSITIVE))
    screenshot(os.path.join(out_dir, "acquire-dialog.png"))
    click(scan)

    # The sheet goes through the import into the review; the dialog closes by itself.
    frame = one(root, "the review", timeout=90, role="frame", predicate=lambda n: (n.name or "").startswith("Receipt 1 of 1"))
    print(f"review: {frame.name}")
    image = one(root, "the receipt image", role="image", name="Receipt image")
    wait_receipt_shown(image, os.path.join(out_dir, "acquire-review.png"))
    wait_for("the dialog to close", lambda: not root_has_dialog(root))
    print("scanned from test:0: one sheet in the review")


def root_has_dialog(root):
    for i in range(root.childCount):
        child = root.getChildAtIndex(i)
        try:
            if child is not None and child.name == "Scan from Scanner":
                return True
        except Exception:
            pass
    return False


if __name__ == "__main__":
    main()
