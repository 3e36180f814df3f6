#!/usr/bin/env python3
"""Turns dev receipt scans into phone-style photos, for measuring what real phone photos need.

usage: phone_photos.py RECEIPTS_DIR OUT_DIR [--half tuning|check] [--limit N] [--hard]

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


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("receipts")
    parser.add_argument("out")
    parser.add_argument("--half", choices=("tuning", "check"))
    parser.add_argument("--limit", type=int, default=0, help="at most N photos per set")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--hard", action="store_true", help="bowed paper, a shadow, shake, closer and dimmer")
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
        background = photograph(scan, partial, random.Random(os.path.basename(scan)), args.hard)
        os.replace(partial, out)
        return "%s %s" % (out, background)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for line in pool.map(make, todo):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
