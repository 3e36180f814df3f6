#!/usr/bin/env bash
# OCR speed of `plutary scan` against the bare `tesseract` command, printed as markdown.
# Usage: ocr_bench.sh PLUTARY [RECEIPTS_DIR]
#   PLUTARY       a built plutary binary (needs `scan --json --jobs N [--no-preprocess] [--lang L] FILE...`)
#   RECEIPTS_DIR  real receipts (sroie-dev/img/*.jpg, german-dev/*.jpg); default ../shared/receipts.
#                 Without it, the script renders receipts itself with ImageMagick.
# Env: OCR_BENCH_SAMPLE (images timed one by one, default 12), OCR_BENCH_BATCH (default 20).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-../shared/receipts}
sample=${OCR_BENCH_SAMPLE:-12}
batch=${OCR_BENCH_BATCH:-20}
psm=6  # The page segmentation mode the pipeline uses (OCROptions.pageSegMode).
cores=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Images and their language: "lang path" lines.
if [ -d "$receipts/sroie-dev/img" ] && [ -d "$receipts/german-dev" ]; then
    source_note="real receipts from $receipts"
    half=$((sample / 2))
    ls "$receipts"/sroie-dev/img/*.jpg | head -n "$half" | sed 's/^/eng /' > "$work/sample"
    ls "$receipts"/german-dev/*.jpg | head -n $((sample - half)) | sed 's/^/deu /' >> "$work/sample"
    ls "$receipts"/sroie-dev/img/*.jpg | head -n "$batch" > "$work/batch"
else
    source_note="receipts rendered with ImageMagick (no real receipts at $receipts)"
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
    printf '%d.%06d\n' $(((end - start) / 1000000000)) $(((end - start) / 1000 % 1000000))
}

echo "image ours ours_nopre tess tess_omp1" > "$work/times"
while read -r lang img; do
    ours=$(timed "$bin" scan --json --jobs 1 --lang "$lang" "$img")
    nopre=$(timed "$bin" scan --json --jobs 1 --no-preprocess --lang "$lang" "$img")
    tess=$(timed tesseract "$img" - --psm "$psm" -l "$lang")
    tess1=$(OMP_THREAD_LIMIT=1 timed tesseract "$img" - --psm "$psm" -l "$lang")
    echo "$(basename "$img") $ours $nopre $tess $tess1" >> "$work/times"
done < "$work/sample"

mapfile -t files < "$work/batch"
t1=$(timed "$bin" scan --json --jobs 1 "${files[@]}")
tn=$(timed "$bin" scan --json --jobs "$cores" "${files[@]}")

python3 - "$work/times" "$t1" "$tn" "${#files[@]}" "$cores" "$source_note" "$psm" <<'PY'
import sys, statistics as st
path, t1, tn, n, cores, note, psm = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7]
rows = [l.split() for l in open(path).read().splitlines()[1:]]
col = lambda i: [float(r[i]) for r in rows]
ours, nopre, tess, tess1 = col(1), col(2), col(3), col(4)
ratio = lambda a, b: st.median(x / y for x, y in zip(a, b))
print(f"### OCR speed ({len(rows)} images timed one by one; {note})\n")
print("Per image: one `plutary scan --jobs 1` process per image (engine init included) "
      f"vs `tesseract IMG - --psm {psm} -l LANG` (Debian's build uses OpenMP; the last column sets OMP_THREAD_LIMIT=1).\n")
print(f"| pipeline | median s/image | median ratio vs bare tesseract | vs tesseract OMP_THREAD_LIMIT=1 |")
print("|---|---:|---:|---:|")
print(f"| bare `tesseract` | {st.median(tess):.3f} | 1.00 | {ratio(tess, tess1):.2f} |")
print(f"| bare `tesseract`, OMP_THREAD_LIMIT=1 | {st.median(tess1):.3f} | {ratio(tess1, tess):.2f} | 1.00 |")
print(f"| plutary scan (preprocess) | {st.median(ours):.3f} | {ratio(ours, tess):.2f} | {ratio(ours, tess1):.2f} |")
print(f"| plutary scan --no-preprocess | {st.median(nopre):.3f} | {ratio(nopre, tess):.2f} | {ratio(nopre, tess1):.2f} |")
print(f"\nBatch of {n} images in one process:\n")
print("| jobs | wall s | images/s | speedup |")
print("|---:|---:|---:|---:|")
print(f"| 1 | {t1:.2f} | {n / t1:.2f} | 1.00 |")
print(f"| {cores} | {tn:.2f} | {n / tn:.2f} | {t1 / tn:.2f} |")
PY
