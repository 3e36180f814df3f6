#!/usr/bin/env python3
"""Turns dev receipt scans into phone-style photos, for measuring what real phone photos need.

usage: phone_photos.py RECEIPTS_DIR OUT_DIR [--half tuning|check] [--limit N] [--hard | --real]

Each scan is laid on a background (wood, carpet, a dark table, a light table, a cluttered desk)
in a 12-megapixel frame, at an angle, in perspective, under uneven light, then blurred, noised
and saved as JPEG: the conditions under which a person photographs a receipt. The file keeps the
scan's name (OUT_DIR/sroie/NNN.jpg, OUT_DIR/german/NAME.jpg), so score_accuracy.py --scanned
scores the photos against the scans' truth. Everything is drawn by ImageMagick's `convert` with
parameters from a generator seeded by the file name: the same photos on every run.
No real photo is involved: this measures the paper finder and the engines on known content,
not the camera optics of real phones.
--hard adds what makes real photos hard: the paper bowed (its lines curve), a soft shadow across
it (a hand, the phone), shake (motion blur), a closer frame and dimmer light.
--real draws, instead, what real phone photos of receipts show and the two sets above do not:
each photo gets a few of REAL_CONDITIONS (a white receipt on a white table or sheet, a corner out
of frame, fingers over a corner, a steep view of 30-45 degrees from vertical, a long receipt in a
thin strip of the frame, a crease, a flash hot spot, warm indoor light, heavy JPEG compression, an
8 MP phone, a landscape frame, pixels stored sideways with an EXIF orientation as phones store
portrait photos). Beside each photo NAME.json says which conditions it has and where the paper's
corners are, so the bench scores each condition on its own. The plain and hard photos are drawn
as before, byte for byte.
"""
import argparse
import concurrent.futures
import json
import math
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score_accuracy  # noqa: E402

FRAME = (3000, 4000)  # a 12 MP phone photo, portrait
BACKGROUNDS = {
    # A grey plasma field mapped onto the two colours of a surface receipts lie on.
    "wood": "#5c3a1a,#9a6a3b",
    "carpet": "#2a2a30,#55555f",
    "dark-table": "#161616,#2c2c2c",
    "light-table": "#9c988f,#c8c4ba",
    "desk": "#3d4a5a,#b9a37a",
}
# Debian's ImageMagick policy caps the pixel cache below what three 12 MP layers need.
LIMITS = {"MAGICK_DISK_LIMIT": "8GiB", "MAGICK_AREA_LIMIT": "1GP", "MAGICK_MEMORY_LIMIT": "4GiB"}


def scans(root, half):
    """(set, path) of every scan in the chosen half (score_accuracy.is_tuning decides)."""
    chosen = []
    key_dir = os.path.join(root, "sroie-dev", "key")
    for name in sorted(os.listdir(key_dir)):
        number = int(name[:-5])
        if half is None or score_accuracy.is_tuning(number) == (half == "tuning"):
            chosen.append(("sroie", os.path.join(root, "sroie-dev", "img", name[:-5] + ".jpg")))
    german = sorted(f for f in os.listdir(os.path.join(root, "german-dev")) if f.endswith(".jpg"))
    with open(os.path.join(root, "german-dev", "truth.jsonl"), encoding="utf-8") as handle:
        order = [os.path.basename(json.loads(l)["file"]) for l in handle if l.strip()]
    for name in german:
        position = order.index(name) if name in order else 0
        if half is None or score_accuracy.is_tuning(position) == (half == "tuning"):
            chosen.append(("german", os.path.join(root, "german-dev", name)))
    return chosen


def size_of(path):
    out = subprocess.run(["identify", "-format", "%w %h", path + "[0]"], capture_output=True, text=True, check=True)
    width, height = out.stdout.split()
    return int(width), int(height)


def photograph(scan, out, rng, hard=False):
    """Writes one phone-style photo of `scan` to `out`."""
    width, height = size_of(scan)
    frame_w, frame_h = FRAME
    # The receipt's longer side fills 55-85 % of the frame's height, as when a person frames it
    # (75-92 % in a hard photo, taken closer).
    fill = rng.uniform(0.75, 0.92) if hard else rng.uniform(0.55, 0.85)
    scale = fill * frame_h / max(height, width * frame_h / frame_w * 0.9)
    w, h = width * scale, height * scale
    cx, cy = frame_w / 2 + rng.uniform(-0.08, 0.08) * frame_w, frame_h / 2 + rng.uniform(-0.05, 0.05) * frame_h
    angle = rng.uniform(-9, 9)
    # Perspective: the far edge a little narrower, as from a phone held above and in front.
    squeeze = rng.uniform(0.0, 0.12)
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = [(-w / 2 * (1 - squeeze), -h / 2), (w / 2 * (1 - squeeze), -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    placed = [(cx + x * cos - y * sin + rng.uniform(-0.01, 0.01) * frame_w,
               cy + x * sin + y * cos + rng.uniform(-0.01, 0.01) * frame_h) for x, y in corners]
    source = [(0, 0), (width, 0), (width, height), (0, height)]
    mapping = " ".join("%d,%d %.1f,%.1f" % (sx, sy, dx, dy) for (sx, sy), (dx, dy) in zip(source, placed))
    background = rng.choice(sorted(BACKGROUNDS))
    # Uneven light: a gradient from full light to 55-80 % across the frame, in a random direction.
    shade = int(rng.uniform(55, 80))
    light_angle = rng.choice([0, 90, 180, 270]) + rng.uniform(-30, 30)
    blur = rng.uniform(0.6, 1.6)
    seed = str(rng.randrange(1 << 30))
    paper, light, lens = [], [], ["-blur", "0x%.2f" % blur]
    if hard:
        # Drawn after the plain photo's choices, so the plain photos stay as they were.
        bow, bow_length = rng.uniform(0.01, 0.03) * width, rng.uniform(1.5, 3.0) * width
        paper = ["-background", "none", "-wave", "%.1fx%.1f" % (bow, bow_length), "+repage"]
        shade = int(rng.uniform(40, 65))
        # A soft shadow: a dark ellipse, drawn small and enlarged (blurring at 12 MP takes long).
        sx, sy = rng.uniform(0.2, 0.8) * 750, rng.uniform(0.2, 0.8) * 1000
        rx, ry = rng.uniform(120, 300), rng.uniform(150, 400)
        light = ["(", "-size", "750x1000", "xc:white", "-fill", "gray%d" % int(rng.uniform(45, 70)),
                 "-draw", "ellipse %.0f,%.0f %.0f,%.0f 0,360" % (sx, sy, rx, ry), "-blur", "0x40",
                 "-resize", "%dx%d!" % FRAME, ")", "-compose", "multiply", "-composite"]
        lens += ["-motion-blur", "0x%.1f+%d" % (rng.uniform(1.5, 4.0), rng.randrange(180))]
    command = [
        "convert", "-seed", seed,
        # The background, drawn small and enlarged: plasma at 12 MP takes long.
        "(", "-size", "750x1000", "plasma:fractal", "-colorspace", "gray", "-blur", "0x1",
        "+level-colors", BACKGROUNDS[background], "-resize", "%dx%d!" % FRAME, ")",
        # The paper, warped into place.
        "(", scan, "-colorspace", "sRGB", "-alpha", "set", *paper,
        "-virtual-pixel", "transparent", "+distort", "Perspective", mapping, ")",
        # +distort places the warped sheet at its offset in the frame; flatten honours that.
        "-background", "none", "-layers", "flatten",
        # The light, multiplied in.
        "(", "-size", "%dx%d" % FRAME, "gradient:white-gray%d" % shade, "-distort", "SRT", "%.1f" % light_angle, ")",
        "-compose", "multiply", "-composite", *light,
        *lens, "-attenuate", "0.35", "+noise", "Gaussian",
        "-quality", "85", out,
    ]
    subprocess.run(command, check=True, env=dict(os.environ, **LIMITS))
    return background


# What real phone photos of receipts show that the plain and hard sets do not, each with the
# share of --real photos that get it (drawn independently; a photo has at least two).
REAL_CONDITIONS = {
    "white-on-white": 0.35,   # a white receipt on a white table or sheet: little contrast at its edges
    "corner-cut": 0.2,        # a corner of the paper outside the frame
    "fingers": 0.2,           # a finger or two over a corner, holding the receipt flat
    "steep": 0.3,             # taken 30-45 degrees from vertical: strong perspective
    "thin-strip": 0.3,        # a long receipt filling a thin strip of the frame: small print
    "crease": 0.3,            # folded once or twice: a line and a shading step across the print
    "glare": 0.25,            # a flash hot spot washing out part of the paper
    "warm-light": 0.35,       # tungsten or fluorescent white balance: a colour cast
    "heavy-jpeg": 0.3,        # JPEG quality 25-45 (messengers, old phones)
    "8mp": 0.35,              # an 8 MP phone (2448 x 3264), blurrier and noisier
    "landscape": 0.2,         # the phone held sideways: a landscape frame, the receipt upright in it
    "exif-rotated": 0.45,     # portrait pixels stored sideways with an EXIF orientation, as phones do
}
WHITE_SURFACES = {"white-table": "#d6d4ce,#f3f1ec", "white-sheet": "#e4e4e1,#fafaf8"}
SKIN = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac"]


def real_conditions(rng):
    """The conditions of one --real photo: at least two, 'exif-rotated' only for portrait frames."""
    while True:
        chosen = [name for name, share in REAL_CONDITIONS.items() if rng.random() < share]
        if "landscape" in chosen and "exif-rotated" in chosen:
            chosen.remove("exif-rotated")
        if len(chosen) >= 2:
            return chosen


def exif_orientation_segment(orientation):
    """A minimal APP1 Exif segment holding only the orientation tag (big-endian TIFF, one IFD entry)."""
    tiff = b"MM\x00\x2a" + (8).to_bytes(4, "big") + (1).to_bytes(2, "big")
    tiff += (0x0112).to_bytes(2, "big") + (3).to_bytes(2, "big") + (1).to_bytes(4, "big")
    tiff += orientation.to_bytes(2, "big") + b"\x00\x00" + (0).to_bytes(4, "big")
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body


def photograph_real(scan, out, rng):
    """Writes one --real photo of `scan` to `out` and its conditions and paper corners to out's .json."""
    conditions = real_conditions(rng)
    has = set(conditions).__contains__
    width, height = size_of(scan)
    portrait = (2448, 3264) if has("8mp") else (3000, 4000)
    frame_w, frame_h = (portrait[1], portrait[0]) if has("landscape") else portrait
    # Framing: the receipt's length along the frame's height. A long receipt photographed whole
    # fills the frame's height and a thin strip of its width (a short one: the same strip, less high).
    if has("thin-strip"):
        scale = min(rng.uniform(0.85, 0.97) * frame_h / height, rng.uniform(0.28, 0.34) * portrait[0] / width)
    else:
        scale = min(rng.uniform(0.6, 0.9) * frame_h / height, rng.uniform(0.6, 0.85) * frame_w / width)
    w, h = width * scale, height * scale
    # Perspective: the far edge narrower and the sheet foreshortened; steep views from 30-45 degrees.
    if has("steep"):
        tilt = math.radians(rng.uniform(30, 45))
        narrow, shorten = 1 - 0.55 * math.sin(tilt), math.cos(tilt) ** 0.5
    else:
        narrow, shorten = 1 - rng.uniform(0.0, 0.12), 1.0
    far_side = rng.choice(["top"] * 6 + ["left", "right"])
    local = {"top": [(-w / 2 * narrow, -h / 2 * shorten), (w / 2 * narrow, -h / 2 * shorten), (w / 2, h / 2 * shorten), (-w / 2, h / 2 * shorten)],
             "left": [(-w / 2 * shorten, -h / 2 * narrow), (w / 2 * shorten, -h / 2), (w / 2 * shorten, h / 2), (-w / 2 * shorten, h / 2 * narrow)],
             "right": [(-w / 2 * shorten, -h / 2), (w / 2 * shorten, -h / 2 * narrow), (w / 2 * shorten, h / 2 * narrow), (-w / 2 * shorten, h / 2)]}[far_side]
    angle = math.radians(rng.uniform(-10, 10))
    cos, sin = math.cos(angle), math.sin(angle)
    turned = [(x * cos - y * sin, x * sin + y * cos) for x, y in local]
    cx, cy = frame_w / 2 + rng.uniform(-0.06, 0.06) * frame_w, frame_h / 2 + rng.uniform(-0.04, 0.04) * frame_h
    placed = [(cx + x, cy + y) for x, y in turned]
    if has("corner-cut"):
        # Moved across (or, more often, along) the frame until one corner lies 1-3 % of the paper's
        # width beyond the frame's edge: a wedge of the paper is lost, mostly margin.
        corner = rng.randrange(4)
        x, y = placed[corner]
        beyond = rng.uniform(0.01, 0.03) * w
        if rng.random() < 0.7:
            dx, dy = 0, (-beyond - y) if y < frame_h / 2 else (frame_h + beyond - y)
        else:
            dx, dy = (-beyond - x) if x < frame_w / 2 else (frame_w + beyond - x), 0
        placed = [(px + dx, py + dy) for px, py in placed]
    source = [(0, 0), (width, 0), (width, height), (0, height)]
    mapping = " ".join("%d,%d %.1f,%.1f" % (sx, sy, dx, dy) for (sx, sy), (dx, dy) in zip(source, placed))
    surfaces = WHITE_SURFACES if has("white-on-white") else BACKGROUNDS
    background = rng.choice(sorted(surfaces))
    shade = int(rng.uniform(55, 85))
    light_angle = rng.choice([0, 90, 180, 270]) + rng.uniform(-30, 30)
    blur = rng.uniform(0.9, 1.8) if has("8mp") else rng.uniform(0.6, 1.4)
    noise = 0.5 if has("8mp") else 0.35
    quality = int(rng.uniform(25, 45)) if has("heavy-jpeg") else int(rng.uniform(80, 92))
    seed = str(rng.randrange(1 << 30))
    small = (750, 1000) if frame_h > frame_w else (1000, 750)   # overlays drawn small and enlarged
    to_small = small[0] / frame_w

    paper = []
    if has("crease"):
        # A fold: the far side a little darker, a dark line with a light one beside it.
        mask = ["-size", "%dx%d" % (width, height), "xc:white"]
        for _ in range(rng.choice([1, 1, 2])):
            y0, tilt_px = rng.uniform(0.25, 0.75) * height, rng.uniform(-0.05, 0.05) * width
            y1 = y0 + tilt_px
            mask += ["-fill", "gray%d" % int(rng.uniform(86, 94)), "-stroke", "none",
                     "-draw", "polygon 0,%.0f %d,%.0f %d,%d 0,%d" % (y0, width, y1, width, height, height),
                     "-stroke", "gray%d" % int(rng.uniform(50, 68)), "-strokewidth", "%.1f" % rng.uniform(1.5, 3.5),
                     "-draw", "line 0,%.0f %d,%.0f" % (y0, width, y1),
                     "-stroke", "white", "-strokewidth", "1.5", "-draw", "line 0,%.0f %d,%.0f" % (y0 - 4, width, y1 - 4)]
        paper = ["(", *mask, "-blur", "0x1.2", ")", "-compose", "multiply", "-composite", "-compose", "over"]
    scene = []
    if has("fingers"):
        # One or two fingers from the nearest frame edge over a paper corner, with a soft shadow.
        corner = placed[rng.choice([0, 1, 2, 3])]
        finger = rng.uniform(0.17, 0.24) * w * to_small
        tip = (corner[0] * to_small + rng.uniform(-0.3, 0.6) * finger * (1 if corner[0] < cx else -1),
               corner[1] * to_small + rng.uniform(-0.3, 0.6) * finger * (1 if corner[1] < cy else -1))
        base_angle = math.atan2(tip[1] - cy * to_small, tip[0] - cx * to_small) + rng.uniform(-0.5, 0.5)
        shapes, shadows = [], []
        for index in range(rng.choice([1, 2])):
            spread = (index - 0.5) * 0.25 if index else 0
            a = base_angle + spread
            start = (tip[0] + math.cos(a) * finger * 0.9 * index, tip[1] + math.sin(a) * finger * 0.9 * index)
            end = (start[0] + math.cos(a) * finger * 30, start[1] + math.sin(a) * finger * 30)
            line = "stroke-linecap round line %.1f,%.1f %.1f,%.1f" % (*start, *end)
            shapes += ["-draw", line]
            shadows += ["-draw", "stroke-linecap round line %.1f,%.1f %.1f,%.1f" % (start[0] + finger * 0.3, start[1] + finger * 0.4, end[0], end[1])]
        skin = rng.choice(SKIN)
        scene = ["(", "-size", "%dx%d" % small, "xc:white", "-stroke", "gray45", "-strokewidth", "%.1f" % finger, *shadows,
                 "-blur", "0x%.1f" % (finger / 3), "-resize", "%dx%d!" % (frame_w, frame_h), ")",
                 "-compose", "multiply", "-composite",
                 "(", "-size", "%dx%d" % small, "xc:none", "-stroke", skin, "-strokewidth", "%.1f" % finger, *shapes,
                 "-blur", "0x1", "-resize", "%dx%d!" % (frame_w, frame_h), ")", "-compose", "over", "-composite"]
    cast = []
    if has("warm-light"):
        tint = rng.choice([(255, int(rng.uniform(200, 225)), int(rng.uniform(150, 185))),   # tungsten
                           (int(rng.uniform(225, 240)), 255, int(rng.uniform(215, 235)))])  # fluorescent
        cast = ["(", "-size", "%dx%d" % (frame_w, frame_h), "xc:rgb(%d,%d,%d)" % tint, ")", "-compose", "multiply", "-composite"]
    glare = []
    if has("glare"):
        # The hot spot centred on the paper, mostly white at its core.
        u, v = rng.uniform(0.25, 0.75), rng.uniform(0.2, 0.8)
        top = (placed[0][0] + (placed[1][0] - placed[0][0]) * u, placed[0][1] + (placed[1][1] - placed[0][1]) * u)
        bottom = (placed[3][0] + (placed[2][0] - placed[3][0]) * u, placed[3][1] + (placed[2][1] - placed[3][1]) * u)
        gx, gy = (top[0] + (bottom[0] - top[0]) * v) * to_small, (top[1] + (bottom[1] - top[1]) * v) * to_small
        radius = rng.uniform(0.05, 0.12) * small[0]
        glare = ["(", "-size", "%dx%d" % small, "xc:black", "-fill", "gray%d" % int(rng.uniform(60, 90)),
                 "-draw", "circle %.0f,%.0f %.0f,%.0f" % (gx, gy, gx + radius, gy), "-blur", "0x%.1f" % (radius * 0.6),
                 "-fill", "white", "-draw", "circle %.0f,%.0f %.0f,%.0f" % (gx, gy, gx + radius * 0.35, gy), "-blur", "0x%.1f" % (radius * 0.2),
                 "-resize", "%dx%d!" % (frame_w, frame_h), ")", "-compose", "screen", "-composite"]
    orientation = 1
    store = []
    if has("exif-rotated"):
        # Stored as the sensor saw it: orientation 6 shows the pixels turned 90 degrees clockwise, 8 anticlockwise.
        orientation = rng.choice([6, 6, 6, 8])
        store = ["-rotate", "-90" if orientation == 6 else "90"]
    command = [
        "convert", "-seed", seed,
        # In colour (the plain photos' surfaces come out grey: their plasma stays in the grey colorspace).
        "(", "-size", "%dx%d" % small, "plasma:fractal", "-colorspace", "gray", "-blur", "0x1", "-colorspace", "sRGB",
        "-type", "TrueColor", "+level-colors", surfaces[background], "-resize", "%dx%d!" % (frame_w, frame_h), ")",
        "(", scan, "-colorspace", "sRGB", *paper, "-alpha", "set",
        "-virtual-pixel", "transparent", "+distort", "Perspective", mapping, ")",
        "-background", "none", "-compose", "over", "-layers", "flatten", *scene,
        "(", "-size", "%dx%d" % (frame_w, frame_h), "gradient:white-gray%d" % shade, "-distort", "SRT", "%.1f" % light_angle, ")",
        "-compose", "multiply", "-composite", *cast, *glare,
        "-blur", "0x%.2f" % blur, "-attenuate", "%.2f" % noise, "+noise", "Gaussian", *store,
        "-type", "TrueColor", "-quality", str(quality), out,
    ]
    subprocess.run(command, check=True, env=dict(os.environ, **LIMITS))
    if orientation != 1:
        with open(out, "rb") as handle:
            data = handle.read()
        with open(out, "wb") as handle:
            handle.write(data[:2] + exif_orientation_segment(orientation) + data[2:])
    return {"conditions": conditions, "background": background, "frame": [frame_w, frame_h], "orientation": orientation,
            "quality": quality, "corners": [[round(x, 1), round(y, 1)] for x, y in placed]}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("receipts")
    parser.add_argument("out")
    parser.add_argument("--half", choices=("tuning", "check"))
    parser.add_argument("--limit", type=int, default=0, help="at most N photos per set")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--hard", action="store_true", help="bowed paper, a shadow, shake, closer and dimmer")
    kind.add_argument("--real", action="store_true", help="conditions of real phone photos (REAL_CONDITIONS)")
    args = parser.parse_args(argv[1:])
    per_set, todo = {}, []
    for kind, scan in scans(args.receipts, args.half):
        if args.limit and per_set.get(kind, 0) >= args.limit:
            continue
        per_set[kind] = per_set.get(kind, 0) + 1
        folder = os.path.join(args.out, kind)
        os.makedirs(folder, exist_ok=True)
        out = os.path.join(folder, os.path.basename(scan))
        if not os.path.exists(out):
            todo.append((scan, out))

    def make(job):
        scan, out = job
        # Written aside and renamed, so that an interrupted run leaves no half photo behind.
        partial = out + ".part.jpg"
        rng = random.Random(os.path.basename(scan))
        if args.real:
            about = photograph_real(scan, partial, rng)
            with open(os.path.splitext(out)[0] + ".json", "w", encoding="utf-8") as handle:
                json.dump(about, handle)
            background = "%s %s" % (about["background"], ",".join(about["conditions"]))
        else:
            background = photograph(scan, partial, rng, args.hard)
        os.replace(partial, out)
        return "%s %s" % (out, background)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for line in pool.map(make, todo):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
