#!/usr/bin/env python3
"""How well the paper finder finds the receipt in the --real photos, against their true corners.

usage: paper_corners.py PLUTARY PHOTO_DIR [HALF ...]   (PHOTO_DIR: phone_photos.py --real's output,
holding HALF/sroie and HALF/german; halves default to tuning and check)

`plutary find-paper` gives each photo's found corners (no OCR: seconds for a set). A photo's paper is
- right: every found corner within 3 % of the picture's diagonal of the true one (in order, so the
  page is flattened upright);
- loose: not right, but it keeps the whole receipt (at least 98 % of the true paper inside the picture
  lies inside the found quad): background is read along with it, nothing is lost;
- wrong: not right and it cuts away more than 2 % of the paper: worse than none, the crop loses print;
- none: nothing found, the whole picture is read.
Printed per condition (a photo has several) and for all photos, per half, with the mean IoU of the
found quads. Standard library only.
"""
import glob
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import phone_photos  # noqa: E402

CORNER_SHARE = 0.03   # of the diagonal
KEPT_SHARE = 0.98     # of the true paper
KINDS = ("right", "loose", "wrong", "none")


def area(polygon):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]))) / 2


def clip(subject, window):
    """The part of `subject` inside the convex polygon `window` (Sutherland-Hodgman)."""
    orientation = 1 if sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(window, window[1:] + window[:1])) > 0 else -1

    def inside(p, a, b):
        return orientation * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0

    def cross(p, q, a, b):
        dx, dy = q[0] - p[0], q[1] - p[1]
        ex, ey = b[0] - a[0], b[1] - a[1]
        denominator = dx * ey - dy * ex
        t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / denominator if denominator else 0
        return (p[0] + t * dx, p[1] + t * dy)

    out = list(subject)
    for a, b in zip(window, window[1:] + window[:1]):
        if not out:
            break
        points, out = out, []
        for p, q in zip(points, points[1:] + points[:1]):
            if inside(q, a, b):
                if not inside(p, a, b):
                    out.append(cross(p, q, a, b))
                out.append(q)
            elif inside(p, a, b):
                out.append(cross(p, q, a, b))
    return out


def judge(found, truth, width, height):
    """(kind, IoU) of one photo's found corners (None: nothing found) against its true ones."""
    if not found:
        return "none", None
    frame = [(0, 0), (width, 0), (width, height), (0, height)]
    paper = clip([tuple(p) for p in truth], frame)
    quad = [tuple(p) for p in found]
    shared = area(clip(paper, quad)) if len(paper) >= 3 else 0
    union = area(paper) + area(quad) - shared
    iou = shared / union if union else 0
    diagonal = math.hypot(width, height)
    if all(math.hypot(f[0] - t[0], f[1] - t[1]) <= CORNER_SHARE * diagonal for f, t in zip(found, truth)):
        return "right", iou
    return ("loose" if shared >= KEPT_SHARE * area(paper) else "wrong"), iou


def run_half(binary, folder):
    """{photo name: (conditions, kind, IoU)} for one half."""
    photos = sorted(glob.glob(os.path.join(folder, "*", "*.jpg")))
    if not photos:
        return {}
    out = subprocess.run([binary, "find-paper", *photos], capture_output=True, text=True)
    judged = {}
    for line in out.stdout.splitlines():
        record = json.loads(line)
        path = record["source"]
        with open(os.path.splitext(path)[0] + ".json", encoding="utf-8") as handle:
            about = json.load(handle)
        if "error" in record:
            judged[path] = (about["conditions"], "none", None)
            continue
        kind, iou = judge(record["paper"], about["corners"], record["width"], record["height"])
        judged[path] = (about["conditions"], kind, iou)
    return judged


def cell(rows):
    if not rows:
        return "-"
    counts = {kind: sum(1 for _, k, _ in rows if k == kind) for kind in KINDS}
    ious = [iou for _, _, iou in rows if iou is not None]
    mean = " (IoU %.2f)" % (sum(ious) / len(ious)) if ious else ""
    return "%d / %d / %d / %d of %d%s" % (*(counts[k] for k in KINDS), len(rows), mean)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    binary, folder = os.path.realpath(argv[1]), argv[2]
    halves = argv[3:] or ["tuning", "check"]
    judged = {half: run_half(binary, os.path.join(folder, half)) for half in halves}
    print("| condition | " + " | ".join("%s: right / loose / wrong / none" % h for h in halves) + " |")
    print("|---|" + "---:|" * len(halves))
    print("| all photos | %s |" % " | ".join(cell(list(judged[h].values())) for h in halves))
    for name in phone_photos.REAL_CONDITIONS:
        print("| %s | %s |" % (name, " | ".join(cell([r for r in judged[h].values() if name in r[0]]) for h in halves)))
    if os.environ.get("PAPER_VERBOSE"):
        for half in halves:
            for path, (conditions, kind, iou) in sorted(judged[half].items()):
                print("%s %s %s %s" % (os.path.relpath(path, folder), kind, "-" if iou is None else "%.2f" % iou, ",".join(conditions)),
                      file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
