#!/usr/bin/env bash
# Reads every dev receipt once with `plutary scan` and keeps its OCR text, so the extraction
# benchmark and the weight fit run on text in seconds. Files already cached are skipped.
# Usage: ocr_cache.sh PLUTARY RECEIPTS_DIR CACHE_DIR   (Env: OCR_JOBS, default 2)
# Writes CACHE_DIR/sroie/NNN.txt and CACHE_DIR/german/NAME.txt.
set -euo pipefail
bin=$(realpath "$1")
receipts=$2
cache=$3
jobs=${OCR_JOBS:-2}
mkdir -p "$cache/sroie" "$cache/german"

# One image: scan it, keep its ocr_text; a failed read leaves no file, so a rerun retries it.
read_one() {
    local bin=$1 lang=$2 img=$3 out=$4
    [ -s "$out" ] && return 0
    "$bin" scan --json --jobs 1 --lang "$lang" "$img" 2>/dev/null \
        | python3 -c 'import json, sys; sys.stdout.write(json.loads(sys.stdin.readline()).get("ocr_text") or "")' > "$out.tmp" \
        && mv "$out.tmp" "$out" || rm -f "$out.tmp"
}
export -f read_one

{
    for img in "$receipts"/sroie-dev/img/*.jpg; do
        printf '%s\0%s\0%s\0%s\0' "$bin" eng "$img" "$cache/sroie/$(basename "$img" .jpg).txt"
    done
    for img in "$receipts"/german-dev/*.jpg; do
        printf '%s\0%s\0%s\0%s\0' "$bin" deu "$img" "$cache/german/$(basename "$img" .jpg).txt"
    done
} | xargs -0 -n 4 -P "$jobs" bash -c 'read_one "$@"' _
echo "cached: $(ls "$cache/sroie" | grep -c '\.txt$') sroie, $(ls "$cache/german" | grep -c '\.txt$') german" >&2
