#!/usr/bin/env bash
# What a parser change changes: parses every cached dev text (both engines, both halves, as
# Benchmarks/ocr_cache.sh wrote them) with two binaries and prints each field that differs,
# one line per receipt and field; item lists print what left and what came.
# Usage: parse_diff.sh OLD_PLUTARY NEW_PLUTARY [CACHE_DIR]   (default .build-cache/ocr)
set -euo pipefail
old=$(realpath "$1"); new=$(realpath "$2")
cache=${3:-.build-cache/ocr}
# No cached text is an error, not "no difference": run from the checkout that holds the cache, or pass it.
ls "$cache"/*/*/*.txt >/dev/null 2>&1 || { echo "parse_diff.sh: no cached OCR text under $cache" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for engine in ppocr tesseract; do
    for kind in sroie german; do
        files=("$cache/$engine/$kind"/*.txt)
        [ -e "${files[0]}" ] || continue
        "$old" parse --json "${files[@]}" > "$work/old.jsonl" 2>/dev/null || true
        "$new" parse --json "${files[@]}" > "$work/new.jsonl" 2>/dev/null || true
        python3 - "$work/old.jsonl" "$work/new.jsonl" "$engine/$kind" <<'PY'
import json, sys
old = [json.loads(line) for line in open(sys.argv[1])]
new = [json.loads(line) for line in open(sys.argv[2])]
for a, b in zip(old, new):
    name = a["source"].split("/")[-1]
    for key in ("merchant_name", "purchase_date", "total_amount", "subtotal_amount", "tax_amount", "currency"):
        if a.get(key) != b.get(key):
            print(sys.argv[3], name, key, repr(a.get(key)), "->", repr(b.get(key)))
    items = lambda r: [(i.get("description"), i.get("total"), i.get("quantity")) for i in r.get("line_items") or []]
    ia, ib = items(a), items(b)
    if ia != ib:
        print(sys.argv[3], name, "items", len(ia), "->", len(ib), [x for x in ia if x not in ib][:4], "=>", [x for x in ib if x not in ia][:4])
PY
    done
done
