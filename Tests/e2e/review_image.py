"""e2e: the review shows the receipt image, by pixels, for the shapes real files come in.

Renders a tall, narrow scan (439 × 1004) and a 12-megapixel phone-style photo
(the receipt tilted on a textured table, stored sideways with an EXIF
orientation tag), opens both from the command line as a person would, and
checks in screenshots that the image pane holds the receipt's ink on the first
review and, after Skip, on the second; the photo must be shown upright
(portrait), and after Turn right on its side. The screen is 1920 × 1080,
where the pane once stayed empty.
On the first receipt, point-and-click correction: with the Total field focused
and typed over, a click on the total's amount on the image puts it back.
Usage: review_image.py PLUTARY_BINARY SCREENSHOT_DIR"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

import pyatspi

from apphost import (App, centre, click, find_all, one, screenshot, start_accessibility_bus, text_of, wait_for,
                     wait_receipt_shown, xdotool)

RECEIPT = """CORNER SHOP
2026-03-14

MILK        5.79
BREAD       3.29

TOTAL       9.08"""
# In the narrow scan the total's amount is drawn on its own, large, at a known place.
NARROW_HEAD = RECEIPT.rsplit("\n", 1)[0]
TOTAL_AT = (260, 420)  # the amount's baseline start, image pixels
TOTAL_SIZE = (96, 26)  # about its width and cap height at 40 pt


def render_narrow(work):
    image = os.path.join(work, "narrow.png")
    subprocess.run(["convert", "-size", "439x1004", "xc:white", "-font", "DejaVu-Sans-Mono", "-fill", "black",
                    "-pointsize", "24", "-annotate", "+30+60", NARROW_HEAD,
                    "-pointsize", "40", "-annotate", f"+30+{TOTAL_AT[1]}", "TOTAL",
                    "-annotate", f"+{TOTAL_AT[0]}+{TOTAL_AT[1]}", "9.08", image], check=True)
    return image


def click_total_on_image(root, image, out_dir):
    """Types over the Total field, then clicks the amount on the image: the field takes it."""
    total = one(root, "total field", role="text", name="Total")
    xdotool("mousemove", *centre(total), "click", "1")
    time.sleep(0.2)
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", "30", "1.00")
    wait_for("the typed total", lambda: text_of(total) == "1.00")
    ext = image.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    scale = ext.width / 439
    x = ext.x + (TOTAL_AT[0] + TOTAL_SIZE[0] / 2) * scale
    y = ext.y + (TOTAL_AT[1] - TOTAL_SIZE[1] / 2) * scale
    xdotool("mousemove", str(int(x)), str(int(y)), "click", "1")
    wait_for("the total taken from the image", lambda: text_of(total) == "9.08")
    screenshot(os.path.join(out_dir, "review-picked-total.png"))
    print("clicked the total on the image: the Total field took 9.08")


def render_photo(work):
    """An upright 3000 × 4000 photo, stored turned a quarter left with EXIF orientation 6."""
    paper = os.path.join(work, "paper.png")
    subprocess.run(["convert", "-size", "1000x1500", "xc:white", "-font", "DejaVu-Sans-Mono", "-pointsize", "44",
                    "-fill", "#222222", "-annotate", "+60+120", RECEIPT, paper], check=True)
    photo = os.path.join(work, "photo.jpg")
    subprocess.run(["convert", "-size", "3000x4000", "xc:#7a5c44", "-attenuate", "0.6", "+noise", "Gaussian",
                    "(", paper, "-background", "none", "-rotate", "5", ")", "-gravity", "center", "-composite",
                    "-rotate", "-90", "-quality", "85", photo], check=True)
    with open(photo, "rb") as f:
        jpeg = f.read()
    # A minimal APP1 segment: a little-endian TIFF header and one IFD entry, Orientation (0x0112) = 6.
    tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) + struct.pack("<HHII", 0x0112, 3, 1, 6) + struct.pack("<I", 0)
    app1 = b"Exif\x00\x00" + tiff
    with open(photo, "wb") as f:
        f.write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:])
    return photo


def enter_adds_and_delete_removes_a_row(root):
    """Enter in the last item row adds a row and moves there; Delete in that empty row removes it."""
    last = one(root, "the last item's total", role="text", name="Total, item 2")
    xdotool("mousemove", *centre(last), "click", "1")
    time.sleep(0.2)
    xdotool("key", "Return")
    one(root, "a third row", role="text", name="Description, item 3")
    xdotool("key", "Delete")
    wait_for("the empty row removed", lambda: not find_all(root, role="text", name="Description, item 3"))
    print("items: Enter on the last row added one, Delete on it removed it")


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="plutary-review-image-")
    narrow, photo = render_narrow(work), render_photo(work)
    bus = start_accessibility_bus()
    app = App(binary, "--data-dir", os.path.join(work, "data"), narrow, photo,
              env={"LC_ALL": "C.UTF-8", "LANGUAGE": ""})
    try:
        root = app.find()
        one(root, "the first review", timeout=120, role="frame", predicate=lambda n: (n.name or "").startswith("Receipt 1 of 2"))
        image = one(root, "the receipt image", role="image", name="Receipt image")
        wait_receipt_shown(image, os.path.join(out_dir, "review-image-narrow.png"))
        click_total_on_image(root, image, out_dir)
        enter_adds_and_delete_removes_a_row(root)

        click(one(root, "skip button", role="push button", name="Skip"))
        one(root, "the second review", timeout=120, role="frame", predicate=lambda n: (n.name or "").startswith("Receipt 2 of 2"))
        image = one(root, "the receipt image", role="image", name="Receipt image")
        wait_receipt_shown(image, os.path.join(out_dir, "review-image-photo.png"))
        ext = image.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        assert ext.height > ext.width * 1.2, f"the photo is not turned upright: shown {ext.width}×{ext.height}"
        print(f"photo shown upright, {ext.width}×{ext.height} px")
        # Focusing the Total field marks where its amount was read on the photo.
        xdotool("mousemove", *centre(one(root, "total field", role="text", name="Total")), "click", "1")
        time.sleep(0.5)
        screenshot(os.path.join(out_dir, "review-photo-total.png"))

        # Turned a quarter right, the photo is read again and shown on its side.
        click(one(root, "turn right button", role="push button", name="Turn right"))
        def landscape():
            for node in find_all(root, role="image", name="Receipt image"):
                try:  # the review is replaced when the reading comes back: a node may go away
                    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                except Exception:
                    continue
                if e.width > e.height * 1.2:
                    return node
            return None
        turned = wait_for("the photo turned on its side", landscape, timeout=120)
        wait_receipt_shown(turned, os.path.join(out_dir, "review-image-turned.png"))
        print("turned right: the photo was read again and is shown on its side")
    except BaseException:
        print(f"app exit status: {app.proc.poll()}; log:\n" + app.read_log()[-3000:], file=sys.stderr)
        raise
    finally:
        app.stop()
        bus.terminate()
        app.remove()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
