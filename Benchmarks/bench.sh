#!/usr/bin/env bash
# `make bench`: one markdown table of the Tesseract pipeline's speed (`--engine tesseract`; PP-OCR has
# ppocr_bench.sh) against the bare `tesseract` command, batch
# throughput with 1 job vs all cores, and field accuracy on the real receipts (skipped when
# RECEIPTS_DIR is absent; receipts are then rendered with ImageMagick for the speed rows).
# Usage: bench.sh PLUTARY [RECEIPTS_DIR]
# Env: BENCH_SAMPLE (images timed one by one, default 12), BENCH_BATCH (default 20).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-../shared/receipts}
here=$(cd "$(dirname "$0")" && pwd)
sample=${BENCH_SAMPLE:-12}
batch=${BENCH_BATCH:-20}
psm=6  # The page segmentation mode the pipeline uses (OCROptions.pageSegMode).
cores=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Images and their language: "lang path" lines.
real=0
if [ -d "$receipts/sroie-dev/img" ] && [ -d "$receipts/german-dev" ]; then
    real=1
    source_note="real receipts in $receipts"
    half=$((sample / 2))
    ls "$receipts"/sroie-dev/img/*.jpg | head -n "$half" | sed 's/^/eng /' > "$work/sample"
    ls "$receipts"/german-dev/*.jpg | head -n $((sample - half)) | sed 's/^/deu /' >> "$work/sample"
    ls "$receipts"/sroie-dev/img/*.jpg | head -n "$batch" > "$work/batch"
else
    source_note="receipts rendered with ImageMagick ($receipts not found: accuracy skipped)"
    for i in $(seq 1 "$batch"); do
        text=$(printf 'COSTCO WHOLESALE\nStore #%04d\n03/%02d/2024 14:32\n\nKIRKLAND EGGS      7.99\nORGANIC MILK       5.49\nBANANAS            1.%02d\nPAPER TOWELS      17.99\n\nSUBTOTAL          33.%02d\nTAX                2.57\nTOTAL             %d.02\n' \
            "$i" "$((i % 28 + 1))" "$i" "$i" "$((30 + i))")
        convert -size 620x760 xc:white -font DejaVu-Sans-Mono -pointsize 22 -fill '#262626' \
            -annotate +40+60 "$text" -rotate 2 -blur 0x0.7 -attenuate 0.4 +noise Gaussian \
            -colorspace Gray -quality 90 "$work/r$i.jpg"
        echo "$work/r$i.jpg" >> "$work/batch"
    done
    head -n "$sample" "$work/batch" | sed 's/^/eng /' > "$work/sample"
fi

# Runs a command, discarding its output, and prints its wall time in seconds.
timed() {
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "$(((end - start) / 1000000))e-3"
}

# Per image: one process each (model loading included), like a person scanning one receipt.
echo "ours single nopre tess tess1" > "$work/times"
while read -r lang img; do
    ours=$(timed "$bin" scan --json --engine tesseract --jobs 1 --lang "$lang" "$img")
    single=$(timed "$bin" scan --json --engine tesseract --jobs 1 --single-pass --lang "$lang" "$img")
    nopre=$(timed "$bin" scan --json --engine tesseract --jobs 1 --no-preprocess --lang "$lang" "$img")
    tess=$(timed tesseract "$img" - --psm "$psm" -l "$lang")
    tess1=$(OMP_THREAD_LIMIT=1 timed tesseract "$img" - --psm "$psm" -l "$lang")
    echo "$ours $single $nopre $tess $tess1" >> "$work/times"
done < "$work/sample"

mapfile -t files < "$work/batch"
# Other processes' load decides what a second job can gain; it goes in the table with the speedup.
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
t1=$(timed "$bin" scan --json --engine tesseract --jobs 1 "${files[@]}")
tn=$(timed "$bin" scan --json --engine tesseract --jobs "$cores" "${files[@]}")

echo '{}' > "$work/accuracy.json"
if [ "$real" = 1 ]; then
    # Exit status 1 only means some file failed; the scores count those as misses.
    "$bin" scan --json --engine tesseract "$receipts"/sroie-dev/img/*.jpg > "$work/results.jsonl" || true
    "$bin" scan --json --engine tesseract --lang deu "$receipts"/german-dev/*.jpg >> "$work/results.jsonl" || true
    python3 "$here/score_accuracy.py" --json "$receipts" "$work/results.jsonl" > "$work/accuracy.json"
fi

python3 - "$work/times" "$t1" "$tn" "${#files[@]}" "$cores" "$source_note" "$psm" "$work/accuracy.json" "$load" <<'PY'
import json, sys, statistics as st
path, t1, tn, n, cores, note, psm, accuracy, load = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7], sys.argv[8], sys.argv[9]
rows = [[float(x) for x in l.split()] for l in open(path).read().splitlines()[1:]]
col = lambda i: [r[i] for r in rows]
ours, single, nopre, tess, tess1 = (col(i) for i in range(5))
ratio = lambda a, b: st.median(x / y for x, y in zip(a, b))
verdict = lambda ok: "yes" if ok else "**no**"
print(f"### Plutary receipt engine ({len(rows)} images timed one by one, batch of {n}; {note})\n")
print("| measure | value | vs bare tesseract | target | met |")
print("|---|---:|---:|---:|:---:|")
print(f"| bare `tesseract IMG - --psm {psm} -l LANG`, median s/image | {st.median(tess):.2f} | 1.00 | | |")
print(f"| bare tesseract with OMP_THREAD_LIMIT=1, median s/image | {st.median(tess1):.2f} | {ratio(tess1, tess):.2f} | | |")
r = ratio(ours, tess)
print(f"| `plutary scan` (load, preprocess, OCR, parse; 2nd reading when unsure), median s/image | {st.median(ours):.2f} | {r:.2f} | ≤ 1.00 | {verdict(r <= 1)} |")
print(f"| same, vs tesseract with OMP_THREAD_LIMIT=1 | | {ratio(ours, tess1):.2f} | | |")
print(f"| `plutary scan --single-pass`, median s/image | {st.median(single):.2f} | {ratio(single, tess):.2f} (vs OMP 1: {ratio(single, tess1):.2f}) | | |")
print(f"| `plutary scan --no-preprocess`, median s/image | {st.median(nopre):.2f} | {ratio(nopre, tess):.2f} (vs OMP 1: {ratio(nopre, tess1):.2f}) | | |")
print(f"| batch of {n}, 1 job, images/s | {n / t1:.2f} | | | |")
speedup = t1 / tn
print(f"| batch of {n}, {cores} jobs, images/s (speedup; load average {load} on {cores} cores before the batch) | {n / tn:.2f} ({speedup:.2f}×) | | ≥ 1.70× | {verdict(speedup >= 1.7)} |")
scores = json.load(open(accuracy))
def pct(hits, total): return 100.0 * hits / total if total else 0.0
def row(name, hits, total, target):
    p = pct(hits, total)
    goal = f"≥ {target} %" if target else ""
    print(f"| {name} | {p:.1f} % ({hits}/{total}) | | {goal} | {verdict(p >= target) if target else ''} |")
if "sroie" in scores:
    s, g = scores["sroie"], scores["german"]
    row("sroie-dev total", s["total"], s["n"], 90)
    row("sroie-dev date", s["date"], s["n"], 90)
    row("sroie-dev merchant, fuzzy (ratio ≥ 0.8)", s["fuzzy"], s["n"], 85)
    row("sroie-dev merchant, exact", s["exact"], s["n"], 0)
    row("german-dev total", g["total"], g["n"], 90)
    row("german-dev date", g["date"], g["n"], 90)
    row("german-dev merchant (chain)", g["chain"], g["n"], 85)
    row("german-dev item count", g["items"], g["items_n"], 70)
else:
    print("| field accuracy | skipped: no real receipts | | | |")
PY
