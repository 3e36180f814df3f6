"""e2e: point-and-click scanning, as a person does it every week.

Starts the app on an empty store with two receipt images rendered here
(`plutary FILE...`), reviews the first (changing its total) and saves both;
then the list shows both, a row expands into its items, typing an item name
narrows the list to one row, Delete hides a receipt and Ctrl+Z brings it back.
Last, a third image is dragged from another X client (a tiny GTK drag source
moved with xdotool) onto the window and imported.
Usage: import.py PLUTARY_BINARY SCREENSHOT_DIR"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


from apphost import (App, centre, click, contrast, drag_in, find_all, one, screenshot, start_accessibility_bus, text_of, wait_for,
                     wait_receipt_shown, xdotool)

RECEIPTS = {
    "bakery.png": """    CORNER BAKERY
  88 QUEEN ST W TORONTO
   2026-03-12 08:15

CROISSANT             2.50
SOURDOUGH LOAF        6.25
LATTE                 4.25

SUBTOTAL             13.00
HST 13%               1.69
TOTAL                14.69
VISA                 14.69""",
    "grocer.png": """    FRESHMART GROCERY
   12 KING ST E TORONTO
    2026-03-14 17:40

MANGO                 1.99
OAT MILK              4.49
BASMATI RICE          8.99

SUBTOTAL             15.47
HST 13%               0.00
TOTAL                15.47
DEBIT                15.47""",
    "dropped.png": """     HARDWARE DEPOT
   5 BLOOR ST TORONTO
    2026-03-15 11:05

SCREWS BOX            3.99
WOOD GLUE             5.49

SUBTOTAL              9.48
HST 13%               1.23
TOTAL                10.71
CASH                 10.71""",
}


def render(work, name):
    image = os.path.join(work, name)
    subprocess.run(["convert", "-size", "520x640", "xc:white", "-font", "DejaVu-Sans-Mono", "-pointsize", "22",
                    "-fill", "black", "-annotate", "+30+50", RECEIPTS[name], image], check=True)
    return image










def count_is(root, n):
    label = f"{n} receipt" if n == 1 else f"{n} receipts"
    return one(root, label, role="label", name=label)


def review_and_save(root, title, out_dir, change_total=None):
    frame = one(root, title, timeout=90, role="frame", predicate=lambda n: (n.name or "").startswith(title))
    print(f"review: {frame.name}")
    image = one(root, "the receipt image", role="image", name="Receipt image")
    wait_receipt_shown(image, os.path.join(out_dir, "import-" + title.lower().replace(" ", "-") + ".png"))
    if change_total is not None:
        total = one(root, "total field", role="text", name="Total")
        xdotool("mousemove", *centre(total), "click", "1")
        time.sleep(0.2)
        xdotool("key", "ctrl+a")
        xdotool("type", "--delay", "30", change_total)
        wait_for("the new total", lambda: text_of(total) == change_total)
    save = one(root, "save button", role="push button",
               predicate=lambda n: (n.name or "").startswith("Save and Next") or (n.name or "") == "Save")
    click(save)
    return frame.name


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="plutary-import-")
    images = [render(work, name) for name in ("bakery.png", "grocer.png", "dropped.png")]
    # Names that are not UTF-8 (Latin-1 "ö" and "ß", as old cameras and archives write them),
    # one given on the command line, one dropped: both must be read all the same.
    for index, name in ((1, b"gro\xdfer.png"), (2, b"dr\xf6pped.png")):
        latin1 = os.path.join(os.fsencode(work), name)
        os.rename(images[index], latin1)
        images[index] = os.fsdecode(latin1)
    bus = start_accessibility_bus()
    app = App(binary, "--fixture", "empty", images[0], images[1],
              env={"LC_ALL": "C.UTF-8", "LANGUAGE": "", "PLUTARY_MEASURE_STALLS": "1"})
    helpers = []
    try:
        scenario(app, images[2], out_dir, helpers)
    except BaseException:
        print(f"app exit status: {app.proc.poll()}; log:\n" + app.read_log()[-3000:], file=sys.stderr)
        raise
    finally:
        for helper in helpers:
            helper.terminate()
        app.stop()
        bus.terminate()
        app.remove()
        shutil.rmtree(work, ignore_errors=True)


def scenario(app, dropped, out_dir, helpers):
    root = app.find()
    # The import panel counts the files while they are read.
    one(root, "import progress", role="label", predicate=lambda n: re.fullmatch(r"\d of 2 scanned", n.name or ""))
    screenshot(os.path.join(out_dir, "import-progress.png"))

    # Both receipts come up for review, one after the other; the first gets a corrected total.
    review_and_save(root, "Receipt 1 of 2", out_dir, change_total="15.00")
    review_and_save(root, "Receipt 2 of 2", out_dir)
    one(root, "back to the list", role="frame", name="Receipts – Plutary")
    count_is(root, 2)
    one(root, "the corrected total", role="label", name="CA$15.00")
    print("imported and saved: 2 receipts, the first at CA$15.00")

    # A row expands in place into its items (Right arrow on the selected row).
    table = one(root, "the receipts table", role="tree table")
    row = one(table, "the bakery receipt", role="label", name="CORNER BAKERY")
    assert not find_all(table, role="label", name="CROISSANT"), "items show before the row is expanded"
    xdotool("mousemove", *centre(row), "click", "1")
    time.sleep(0.3)
    xdotool("key", "Right")
    one(table, "an item of the expanded receipt", role="label", name="CROISSANT")
    time.sleep(0.5)
    screenshot(os.path.join(out_dir, "receipts-expanded.png"))
    print("expanded: the receipt's items are listed under it")

    # Search by an item name narrows the list to one row.
    xdotool("key", "ctrl+f")
    xdotool("type", "--delay", "40", "basmati")
    count_is(root, 1)
    print("search 'basmati': 1 receipt")
    xdotool("key", "ctrl+a", "BackSpace")
    count_is(root, 2)

    # A search that matches nothing says so, and clearing it brings the rows back.
    xdotool("type", "--delay", "40", "zzqqxx")
    one(root, "the no-matches page", role="label", name="No receipts match")
    count_is(root, 0)
    screenshot(os.path.join(out_dir, "receipts-no-match.png"))
    xdotool("key", "ctrl+a", "BackSpace")
    count_is(root, 2)
    print("search 'zzqqxx': the no-matches page, then both receipts again")

    # Delete hides at once; Ctrl+Z brings it back before anything is removed.
    row = one(table, "the bakery receipt", role="label", name="CORNER BAKERY")
    xdotool("mousemove", *centre(row), "click", "1")
    time.sleep(0.3)
    xdotool("key", "Delete")
    count_is(root, 1)
    one(root, "undo bar", role="label", name="1 receipt deleted")
    undo = one(root, "the Undo button", role="push button", name="Undo")
    time.sleep(0.5)  # the bar has slid in
    shot = os.path.join(out_dir, "receipts-undo.png")
    screenshot(shot)
    # The button's label once drew in the light colour of the theme's light button: unreadable.
    readable = contrast(shot, undo)
    assert readable > 0.4, f"the Undo button's label does not stand out from it (grey levels spread {readable:.2f})"
    xdotool("key", "ctrl+z")
    count_is(root, 2)
    print("delete + undo: back to 2 receipts")

    # A real drag and drop from another X client.
    drag_in(dropped, helpers, hover_screenshot=os.path.join(out_dir, "drop-hover.png"))
    review_and_save(root, "Receipt 1 of 1", out_dir)
    count_is(root, 3)
    print("drag and drop from another client: imported, 3 receipts")
    stalls = [line for line in app.read_log().splitlines() if line.startswith("import:")]
    for line in stalls:
        print(line)


if __name__ == "__main__":
    main()
