#!/usr/bin/env bash
# Field accuracy of `plutary scan` on the real receipts in ../shared/receipts
# (skipped when the folder is absent). Usage: accuracy_bench.sh PLUTARY [RECEIPTS_DIR]
set -euo pipefail
bin=$1
receipts=${2:-../shared/receipts}
if [ ! -d "$receipts/sroie-dev" ] || [ ! -d "$receipts/german-dev" ]; then
    echo "accuracy: $receipts not found, skipped"
    exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Exit status 1 only means some file failed; the scores say how many.
"$bin" scan --json "$receipts"/sroie-dev/img/*.jpg > "$out/sroie.jsonl" || true
"$bin" scan --json --lang deu "$receipts"/german-dev/*.jpg > "$out/german.jsonl" || true
cat "$out/sroie.jsonl" "$out/german.jsonl" | python3 "$here/score_accuracy.py" "$receipts"
