"""e2e: the review screen, reached the way a person reaches it for a saved receipt.

Renders a receipt image, scans and saves it with `plutary scan --save` into a
fresh data folder, starts the app on that folder, selects the receipt in the
list and presses Enter. Then checks the fields and the image, zooms, edits the
total (a live warning appears), adds, moves and removes items, tries Escape
(asks first because something changed), saves with Ctrl+S and finds the list
updated in place, not duplicated.
Usage: review.py PLUTARY_BINARY SCREENSHOT_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

from apphost import (App, centre, click, find_all, one, screenshot, start_accessibility_bus, text_of, wait_for,
                     wait_receipt_shown, xdotool)

RECEIPT = """      NO FRILLS
  123 MAIN ST TORONTO ON
    2026-03-14 10:42

BANANAS              2.49
MILK 2L              5.79
BREAD                3.29
EGGS LARGE 12        4.99
APPLES               6.12

SUBTOTAL            22.68
HST 13%              0.00
TOTAL               22.68
DEBIT               22.68"""


def render_and_save(binary, work):
    image = os.path.join(work, "no-frills.png")
    subprocess.run(["convert", "-size", "520x760", "xc:white", "-font", "DejaVu-Sans-Mono", "-pointsize", "22",
                    "-fill", "black", "-annotate", "+30+50", RECEIPT, image], check=True)
    data = os.path.join(work, "data")
    out = subprocess.run([binary, "scan", "--save", "--json", "--data-dir", data, image],
                         check=True, capture_output=True, text=True).stdout
    scanned = json.loads(out.strip().splitlines()[-1])
    assert scanned["total_amount"] == "22.68" and scanned["id"], f"scan did not read the receipt: {scanned}"
    return data








def focus_and_type(node, text):
    xdotool("mousemove", *centre(node), "click", "1")
    time.sleep(0.2)
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", "30", text)
    time.sleep(0.3)




def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="plutary-review-")
    data = render_and_save(binary, work)
    bus = start_accessibility_bus()
    app = App(binary, "--data-dir", data, env={"LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"})
    try:
        root = app.find()
        row = one(root, "the saved receipt in the list", role="label", name="No Frills")
        # Select the row with the pointer, open it with Enter.
        xdotool("mousemove", *centre(row), "click", "1")
        time.sleep(0.3)
        xdotool("key", "Return")
        one(root, "the review screen", role="frame", name="Edit Receipt – Plutary")
        # The sections are out of reach while reviewing: a click on one changes nothing.
        xdotool("mousemove", *centre(one(root, "sidebar entry", role="push button", name="Products")), "click", "1")
        time.sleep(0.5)
        one(root, "still the review screen", role="frame", name="Edit Receipt – Plutary")

        merchant = one(root, "merchant field", role="text", name="Merchant")
        total = one(root, "total field", role="text", name="Total")
        assert text_of(merchant) == "No Frills", text_of(merchant)
        assert text_of(total) == "22.68", text_of(total)
        assert [text_of(one(root, "item", role="text", name=f"Description, item {n}")) for n in (1, 5)] == ["BANANAS", "APPLES"]
        image = one(root, "the receipt image", role="image", name="Receipt image")
        wait_receipt_shown(image, os.path.join(out_dir, "review-reopened.png"))
        print("review screen: fields, items and image shown")

        # Zoom: buttons, then Ctrl+0 back to fit.
        zoom_label = lambda: [n for n in find_all(root, role="label") if re.fullmatch(r"\d+%", n.name or "")]
        fitted = wait_for("zoom level", zoom_label)[0].name
        click(one(root, "zoom in", role="push button", name="Zoom in"))
        zoomed = wait_for("zoomed in", lambda: [n for n in zoom_label() if n.name != fitted])[0].name
        assert int(zoomed[:-1]) > int(fitted[:-1]), f"zoom in went from {fitted} to {zoomed}"
        xdotool("key", "ctrl+plus")
        wait_for("zoomed in with Ctrl++", lambda: [n for n in zoom_label() if int(n.name[:-1]) > int(zoomed[:-1])])
        time.sleep(0.5)
        screenshot(os.path.join(out_dir, "review-zoomed.png"))
        xdotool("key", "ctrl+0")
        wait_for("fitted again", lambda: [n for n in zoom_label() if n.name == fitted])
        print(f"zoom: fit {fitted}, zoom in {zoomed}, Ctrl+0 back to {fitted}")

        # A new total that no longer adds up: the warning appears as it is typed.
        focus_and_type(total, "25.00")
        warning = one(root, "live warning", role="label",
                      predicate=lambda n: "but the total is" in (n.name or "") and "25.00" in n.name)
        print(f"warning: {warning.name}")

        # Items: add one, remove it; move the first down and back up.
        click(one(root, "add item", role="push button", name="Add item"))
        one(root, "new row", role="text", name="Description, item 6")
        click(one(root, "remove it", role="push button", name="Remove item 6"))
        wait_for("row removed", lambda: not find_all(root, role="text", name="Description, item 6"))
        click(one(root, "move down", role="push button", name="Move item 1 down"))
        wait_for("moved", lambda: text_of(one(root, "item 1", role="text", name="Description, item 1")) == "MILK 2L")
        click(one(root, "move up", role="push button", name="Move item 2 up"))
        wait_for("moved back", lambda: text_of(one(root, "item 1", role="text", name="Description, item 1")) == "BANANAS")
        print("items: added, removed, moved down and up")
        time.sleep(0.5)
        screenshot(os.path.join(out_dir, "review.png"))

        # Escape asks first, because the total changed; keep editing.
        xdotool("key", "Escape")
        keep = one(root, "discard confirmation", role="push button",
                   name="Keep Editing", visible_only=False)
        click(keep)
        time.sleep(0.5)
        one(root, "still reviewing", role="frame", name="Edit Receipt – Plutary")

        # Ctrl+S saves and goes back to the list, which shows the receipt once, updated.
        xdotool("mousemove", *centre(total), "click", "1")
        xdotool("key", "ctrl+s")
        one(root, "back to the list", role="frame", name="Receipts – Plutary")
        one(root, "one receipt", role="label", name="1 receipt")
        one(root, "the new total in the list", role="label", name="CA$25.00")
        print("saved: the list shows 1 receipt at CA$25.00")

        # Reopened unchanged, Escape leaves at once.
        row = one(root, "the receipt again", role="label", name="No Frills")
        xdotool("mousemove", *centre(row), "click", "1")
        time.sleep(0.3)
        xdotool("key", "Return")
        total = one(root, "total field", role="text", name="Total")
        assert text_of(total) == "25.00", text_of(total)
        xdotool("key", "Escape")
        one(root, "closed without asking", role="frame", name="Receipts – Plutary")
        print("reopened: total 25.00 kept; Escape with no change closes at once")
    finally:
        app.stop()
        bus.terminate()
        app.remove()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
