#!/usr/bin/env bash
# Reads every dev receipt once with `plutary scan --engine ENGINE` and keeps its OCR text, so the
# extraction benchmark and the weight fit run on text in seconds. Each engine has its own folder:
# their texts differ, and a cache that mixed them would measure neither. Files already cached
# are skipped.
# Usage: ocr_cache.sh PLUTARY RECEIPTS_DIR CACHE_DIR [ENGINE]   (ENGINE: ppocr (default) or tesseract)
# Env: OCR_JOBS, default 2.
# Writes CACHE_DIR/ENGINE/sroie/NNN.txt and CACHE_DIR/ENGINE/german/NAME.txt.
set -euo pipefail
bin=$(realpath "$1")
receipts=$2
engine=${4:-ppocr}
cache=$3/$engine
jobs=${OCR_JOBS:-2}
case $engine in ppocr|tesseract) ;; *) echo "unknown engine: $engine" >&2; exit 2 ;; esac
mkdir -p "$cache/sroie" "$cache/german"

# One image: scan it, keep its ocr_text; a failed read leaves no file, so a rerun retries it.
# A run that falls back to another engine (its ocr_engine differs) is a failure too.
read_one() {
    local bin=$1 engine=$2 lang=$3 img=$4 out=$5
    [ -s "$out" ] && return 0
    "$bin" scan --json --jobs 1 --engine "$engine" --lang "$lang" "$img" 2>/dev/null \
        | python3 -c 'import json, sys
record = json.loads(sys.stdin.readline())
if record.get("ocr_engine") not in (None, sys.argv[1]):
    sys.exit("engine " + str(record.get("ocr_engine")))
sys.stdout.write(record.get("ocr_text") or "")' "$engine" > "$out.tmp" \
        && mv "$out.tmp" "$out" || rm -f "$out.tmp"
}
export -f read_one

{
    # The small German set first: its item rows are what a partial cache most needs.
    for img in "$receipts"/german-dev/*.jpg; do
        printf '%s\0%s\0%s\0%s\0%s\0' "$bin" "$engine" deu "$img" "$cache/german/$(basename "$img" .jpg).txt"
    done
    for img in "$receipts"/sroie-dev/img/*.jpg; do
        printf '%s\0%s\0%s\0%s\0%s\0' "$bin" "$engine" eng "$img" "$cache/sroie/$(basename "$img" .jpg).txt"
    done
} | xargs -0 -n 5 -P "$jobs" bash -c 'read_one "$@"' _
echo "cached ($engine): $(ls "$cache/sroie" | grep -c '\.txt$') sroie, $(ls "$cache/german" | grep -c '\.txt$') german" >&2
