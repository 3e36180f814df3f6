"""e2e data test: export from the GUI writes the file; reset from the GUI after
the red confirmation empties the receipts list. Driven through AT-SPI.

Usage: data.py PLUTARY_BINARY SCREENSHOT_DIR"""
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

from apphost import App, click, find_all, screenshot, start_accessibility_bus, wait_for

FIXTURE_RECEIPTS = 48


def settle():
    """Lets GTK finish destroying a window before the tree is walked again: GTK 4.8
    crashes (g_variant_new_object_path(NULL)) answering AT-SPI about a window it is destroying."""
    time.sleep(1.5)


def click_check_box(node):
    """GTK 4.8 gives check boxes no AT-SPI action: click the box itself with the pointer
    (without a window manager the window sits at the screen's origin)."""
    x, y, _, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    subprocess.run(["xdotool", "mousemove", str(x + 8), str(y + height // 2), "click", "1"], check=True)


def button(root, name):
    # GtkKit's ConfirmDialog buttons keep GTK 4.8's doubled mnemonic name ("_Remove Remove").
    return wait_for(f"button {name}", lambda: find_all(root, role="push button",
                                                       predicate=lambda n: n.name == name or (n.name or "").endswith(" " + name)))[0]


def export_csv(app, root, out_dir, target):
    click(button(root, "Settings"))
    click(button(root, "Export…"))
    dialog = wait_for("export dialog", lambda: [n for n in find_all(app.node, role="frame", name="Export Receipts")])[0]
    wait_for("the scope", lambda: find_all(dialog, role="label", name=f"All {FIXTURE_RECEIPTS} receipts"))
    screenshot(os.path.join(out_dir, "export-dialog.png"))
    click(button(dialog, "Export…"))
    # Without a portal, the native chooser is GTK's own dialog: type the full path as the name.
    entries = wait_for("file chooser name entry", lambda: find_all(app.node, role="text", name="Name:"))
    editable = entries[0].queryEditableText()
    editable.setTextContents(target)
    time.sleep(0.3)
    screenshot(os.path.join(out_dir, "export-chooser.png"))
    click(button(app.node, "Export"))
    settle()
    status = wait_for("export finished", lambda: find_all(dialog, role="label", predicate=lambda n: (n.name or "").startswith("Exported ")),
                      timeout=30)
    print(f"export dialog says: {status[0].name}")
    screenshot(os.path.join(out_dir, "export-done.png"))
    with open(target, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0][:3] == ["id", "date", "merchant"], rows[0]
    assert len(rows) == FIXTURE_RECEIPTS + 1, f"{len(rows) - 1} receipts in the CSV"
    click(button(dialog, "Close"))
    settle()
    wait_for("export dialog closed", lambda: not find_all(app.node, role="frame", name="Export Receipts"))
    print(f"export: {target} holds {len(rows) - 1} receipts")


def reset_everything(app, root, out_dir):
    click(button(root, "Settings"))
    everything = wait_for("Everything check box", lambda: find_all(root, role="check box",
                                                                   predicate=lambda n: (n.name or "").startswith("Everything")))[0]
    click_check_box(everything)
    wait_for("sample receipts ticked", lambda: find_all(root, role="check box", predicate=lambda n: (n.name or "").startswith(
        "Sample receipts only") and n.getState().contains(pyatspi.STATE_CHECKED)))
    click(button(root, "Remove Selected Data…"))
    confirm = wait_for("confirmation", lambda: find_all(app.node, role="frame", name="Remove all your data?"))[0]
    summary = wait_for("summary", lambda: find_all(confirm, role="label", predicate=lambda n: "• All receipts: 48 receipts" in (n.name or "")))
    print(f"confirmation: {summary[0].name.splitlines()[0]}")
    screenshot(os.path.join(out_dir, "reset-confirm.png"))
    click(button(confirm, "Remove Everything"))
    settle()
    wait_for("report", lambda: find_all(root, role="label", predicate=lambda n: "All receipts: removed 48 receipts" in (n.name or "")))
    screenshot(os.path.join(out_dir, "reset-done.png"))
    click(button(root, "Receipts"))
    settle()  # the list drops its 48 rows
    wait_for("empty receipts list", lambda: find_all(root, role="label", name="No receipts yet"))
    print("reset: the receipts list is empty")


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    bus = start_accessibility_bus()
    exports = tempfile.mkdtemp(prefix="plutary-export-")
    app = App(binary, "--fixture", "sample")
    try:
        root = app.find()
        wait_for("receipt count", lambda: find_all(root, role="label", name=f"{FIXTURE_RECEIPTS} receipts"))
        target = os.path.join(exports, "receipts.csv")
        export_csv(app, root, out_dir, target)
        reset_everything(app, root, out_dir)
    except Exception:
        print(app.read_log(), file=sys.stderr)
        screenshot(os.path.join(out_dir, "data-failure.png"))
        raise
    finally:
        app.stop()
        bus.terminate()
        app.remove()
        shutil.rmtree(exports, ignore_errors=True)


if __name__ == "__main__":
    main()
