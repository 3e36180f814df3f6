#!/usr/bin/env python3
"""Extraction accuracy on both halves of the dev receipts, from cached OCR text.

usage: extraction_bench.py PLUTARY RECEIPTS_DIR CACHE_DIR [--json]

CACHE_DIR holds one engine's OCR text that Benchmarks/ocr_cache.sh wrote (ENGINE/sroie/NNN.txt,
ENGINE/german/NAME.txt; pass the ENGINE folder). Every text goes through `plutary parse --json` once; the results are
scored with score_accuracy.py's rules, separately for the tuning half (even numbers,
even lines of truth.jsonl) and the check half (odd), which nothing is ever tuned on.
Also times `plutary parse` over all the texts in one process (receipts per second).
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score_accuracy  # noqa: E402


def parse_all(binary, cache):
    """Image name -> parse result, for every cached text."""
    files = []
    for folder in ("sroie", "german"):
        root = os.path.join(cache, folder)
        if os.path.isdir(root):
            files += [os.path.join(root, name) for name in sorted(os.listdir(root)) if name.endswith(".txt")]
    start = time.monotonic()
    run = subprocess.run([binary, "parse", "--json", *files], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    results = {}
    for line in run.stdout.splitlines():
        if line.strip():
            record = json.loads(line)
            results[os.path.basename(record.get("source") or "")[:-4] + ".jpg"] = record
    return results, len(files), elapsed


def pct(hits, total):
    return "-" if not total else "%.3f (%d/%d)" % (hits / total, hits, total)


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    binary, root, cache = argv[1], argv[2], argv[3]
    results, count, elapsed = parse_all(binary, cache)
    halves = {half: (score_accuracy.score_sroie(root, results, half), score_accuracy.score_german(root, results, half))
              for half in ("tune", "check")}
    if "--json" in argv:
        print(json.dumps({"halves": halves, "texts": count, "seconds": elapsed}))
        return 0
    rows = [
        ("SROIE total", lambda s, g: pct(s["total"], s["n"]), "≥ 0.95"),
        ("SROIE date", lambda s, g: pct(s["date"], s["n"]), "≥ 0.95"),
        ("SROIE date readable in the text at all (OCR, no parser)", lambda s, g: pct(s["date_in_text"], s["n"]), ""),
        ("SROIE merchant fuzzy (≥ 0.8)", lambda s, g: pct(s["fuzzy"], s["n"]), "≥ 0.90"),
        ("SROIE merchant exact", lambda s, g: pct(s["exact"], s["n"]), ""),
        ("German total", lambda s, g: pct(g["total"], g["n"]), "≥ 0.95"),
        ("German date", lambda s, g: pct(g["date"], g["n"]), "≥ 0.95"),
        ("German chain", lambda s, g: pct(g["chain"], g["n"]), "≥ 0.95"),
        ("German item count exact", lambda s, g: pct(g["items"], g["items_n"]), "≥ 0.85"),
        ("German item prices found", lambda s, g: pct(g["prices"], g["prices_n"]), "≥ 0.85"),
    ]
    print("### Extraction from cached %s text (`plutary parse`)\n" % os.path.basename(os.path.normpath(cache)))
    print("| field | tuning half (even) | check half (odd) | target (check) |")
    print("|---|---:|---:|---:|")
    for name, value, target in rows:
        print("| %s | %s | %s | %s |" % (name, value(*halves["tune"]), value(*halves["check"]), target))
    print("\n`plutary parse` of %d texts in one process: %.2f s, %.0f receipts/s (startup included)\n"
          % (count, elapsed, count / elapsed if elapsed else 0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
