"""e2e: PDF receipts, as online shops mail them and scanners save them.

Makes three PDFs here with Cairo: an e-receipt of two pages with a text layer
(known truth), a scan (a picture of the receipt wrapped in a page, no text)
and an encrypted copy of the e-receipt (qpdf). `plutary scan --json` reads the
first from its text (`ocr_engine` `pdf-text`) and the scan by OCR, and names
the encryption. In the window: the scan and the encrypted PDF are opened from
the command line (the import panel shows the encryption message, the scan is
reviewed with its total); the e-receipt is dragged in from another X client,
every field is right in the review, its pages are drawn, and a click on the
subtotal's amount on the second page puts it back into the field.
Usage: pdf.py PLUTARY_BINARY SCREENSHOT_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import cairo
import pyatspi

from apphost import (App, centre, click, drag_in, find_all, one, screenshot, start_accessibility_bus, text_of, wait_for,
                     wait_receipt_shown, xdotool)

LINES = """CORNER BAKERY
88 QUEEN ST W TORONTO
2026-03-12 08:15

CROISSANT             2.50
SOURDOUGH LOAF        6.25
LATTE                 4.25

SUBTOTAL             13.00
HST 13%               1.69
TOTAL                14.69
VISA                 14.69""".split("\n")
TRUTH = {"Merchant": "CORNER BAKERY", "Date": "2026-03-12", "Subtotal": "13.00", "Tax": "1.69", "Total": "14.69"}
PAGE = (260, 360)  # points
FIRST_PAGE_LINES = 7  # the second page starts at "" before SUBTOTAL
FONT_SIZE, LEADING, LEFT, TOP = 11, 16, 15, 30
DPI, GAP = 300, 24  # the review's picture: pages at 300 dpi, 24 pixels apart


def text_pdf(path):
    surface = cairo.PDFSurface(path, *PAGE)
    for lines in (LINES[:FIRST_PAGE_LINES], LINES[FIRST_PAGE_LINES:]):
        cr = cairo.Context(surface)
        cr.select_font_face("DejaVu Sans Mono")
        cr.set_font_size(FONT_SIZE)
        for index, line in enumerate(lines):
            cr.move_to(LEFT, TOP + index * LEADING)
            cr.show_text(line)
        surface.show_page()
    surface.finish()


def scanned_pdf(path):
    image = cairo.ImageSurface(cairo.FORMAT_RGB24, PAGE[0] * 4, PAGE[1] * 4)
    cr = cairo.Context(image)
    cr.set_source_rgb(1, 1, 1)
    cr.paint()
    cr.set_source_rgb(0, 0, 0)
    cr.select_font_face("DejaVu Sans Mono")
    cr.set_font_size(44)
    # Another day's receipt, so it is not a duplicate of the e-receipt.
    for index, line in enumerate(LINES):
        line = line.replace("2026-03-12", "2026-03-13")
        cr.move_to(60, 120 + index * 64)
        cr.show_text(line)
    surface = cairo.PDFSurface(path, *PAGE)
    page = cairo.Context(surface)
    page.scale(0.25, 0.25)
    page.set_source_surface(image)
    page.paint()
    surface.finish()


def subtotal_amount_centre():
    """Where the subtotal's amount lies in the review's picture (pixels at 300 dpi): on page 2."""
    cr = cairo.Context(cairo.ImageSurface(cairo.FORMAT_RGB24, 1, 1))
    cr.select_font_face("DejaVu Sans Mono")
    cr.set_font_size(FONT_SIZE)
    line = LINES[LINES.index("SUBTOTAL             13.00")]
    start = LEFT + cr.text_extents(line[:line.index("13.00")]).x_advance
    width = cr.text_extents("13.00").x_advance
    baseline = TOP + (LINES.index(line) - FIRST_PAGE_LINES) * LEADING
    page_height = round(PAGE[1] * DPI / 72)
    return ((start + width / 2) * DPI / 72, page_height + GAP + (baseline - FONT_SIZE * 0.35) * DPI / 72)


def check_cli(binary, text, scan, locked):
    run = subprocess.run([binary, "scan", "--json", text, scan, locked], capture_output=True, text=True, timeout=300)
    results = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert len(results) == 3, run.stdout + run.stderr
    first, second, third = results
    assert first["ocr_engine"] == "pdf-text", first
    assert (first["merchant_name"], first["purchase_date"], first["subtotal_amount"], first["tax_amount"],
            first["total_amount"]) == ("CORNER BAKERY", "2026-03-12", "13.00", "1.69", "14.69"), first
    assert [item["description"] for item in first["line_items"]] == ["CROISSANT", "SOURDOUGH LOAF", "LATTE"], first
    assert second["ocr_engine"] in ("ppocr", "tesseract") and second["total_amount"] == "14.69", second
    assert "encrypted" in third.get("error", ""), third
    print(f"plutary scan: text PDF read as pdf-text, scanned PDF by {second['ocr_engine']}, encrypted one refused")


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="plutary-pdf-")
    text, scan, locked = (os.path.join(work, name) for name in ("e-receipt.pdf", "scan.pdf", "locked.pdf"))
    text_pdf(text)
    scanned_pdf(scan)
    subprocess.run(["qpdf", "--encrypt", "secret", "owner", "256", "--", text, locked], check=True)
    check_cli(binary, text, scan, locked)

    bus = start_accessibility_bus()
    app = App(binary, "--fixture", "empty", scan, locked, env={"LC_ALL": "C.UTF-8", "LANGUAGE": ""})
    helpers = []
    try:
        scenario(app, text, out_dir, helpers)
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


def field(root, name):
    return one(root, f"the {name} field", role="text", name=name)


def save(root):
    click(one(root, "save button", role="push button",
              predicate=lambda n: (n.name or "").startswith("Save and Next") or (n.name or "") == "Save"))


def scenario(app, text, out_dir, helpers):
    root = app.find()
    one(root, "the encryption message", role="label", timeout=90,
        predicate=lambda n: "locked.pdf" in (n.name or "") and "encrypted" in (n.name or ""))
    print("import panel: locked.pdf is encrypted")

    one(root, "the scan's review", timeout=120, role="frame", predicate=lambda n: (n.name or "").startswith("Receipt 1 of 1"))
    image = one(root, "the receipt image", role="image", name="Receipt image")
    wait_receipt_shown(image, os.path.join(out_dir, "pdf-scan.png"))
    wait_for("the scan's total", lambda: text_of(field(root, "Total")) == "14.69")
    save(root)
    one(root, "back to the list", role="frame", name="Receipts – Plutary")
    print("scanned PDF: recognised and saved, total 14.69")

    source = drag_in(text, helpers)
    time.sleep(0.5)
    source.terminate()  # its window would take the keys typed below

    one(root, "the e-receipt's review", timeout=90, role="frame", predicate=lambda n: (n.name or "").startswith("Receipt 1 of 1"))
    image = one(root, "the receipt image", role="image", name="Receipt image")
    wait_receipt_shown(image, os.path.join(out_dir, "pdf-text.png"))
    for name, value in TRUTH.items():
        wait_for(f"{name} = {value}", lambda: text_of(field(root, name)) == value)
    items = [text_of(one(root, f"item {n}", role="text", name=f"Description, item {n}")) for n in (1, 2, 3)]
    assert items == ["CROISSANT", "SOURDOUGH LOAF", "LATTE"], items
    print("e-receipt dropped: every field right")

    # Point and click on the second page: the picture holds both pages, so the word's box
    # must carry its page's offset for the click to find it.
    subtotal = field(root, "Subtotal")
    xdotool("mousemove", *centre(subtotal), "click", "1")
    time.sleep(0.2)
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", "30", "1.00")
    wait_for("the typed subtotal", lambda: text_of(subtotal) == "1.00")
    ext = image.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    scale = ext.width / round(PAGE[0] * DPI / 72)
    ax, ay = subtotal_amount_centre()
    xdotool("mousemove", str(int(ext.x + ax * scale)), str(int(ext.y + ay * scale)), "click", "1")
    wait_for("the subtotal taken from page 2", lambda: text_of(subtotal) == "13.00")
    screenshot(os.path.join(out_dir, "pdf-picked-subtotal.png"))
    print("clicked the subtotal on page 2 of the picture: the field took 13.00")
    save(root)
    one(root, "back to the list", role="frame", name="Receipts – Plutary")
    one(root, "two receipts", role="label", name="2 receipts")
    print("saved: 2 receipts")


if __name__ == "__main__":
    main()
