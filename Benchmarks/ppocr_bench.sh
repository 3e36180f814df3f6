#!/usr/bin/env bash
# `make bench`, PP-OCR part: one markdown table of our PP-OCR pipeline (one job) against
# RapidOCR's own Python pipeline on the same models and against bare single-threaded
# `tesseract`, on the same images: time per image, CPU time, peak memory per process; then a
# batch with 1 job vs 2; then accuracy of `--engine ppocr` against `--engine tesseract` on
# the real receipts (both halves of each set; skipped when RECEIPTS_DIR is absent).
# Usage: ppocr_bench.sh PLUTARY [RECEIPTS_DIR]
# Env: BENCH_SAMPLE (images timed one process each, default 10), BENCH_BATCH (default 20),
#      BENCH_ACCURACY=0 to skip the accuracy rows (they read every receipt twice).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-../shared/receipts}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
models=$root/.build/ppocr/models
venv=$root/.build/rapidocr-venv
sample=${BENCH_SAMPLE:-10}
batch=${BENCH_BATCH:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -d "$models" ]; then
    echo "PP-OCR benchmark skipped: no models in $models (run make deps)."
    exit 0
fi
# PP-OCR is used whenever the binary finds it; a binary that cannot is measured as Tesseract,
# which would make this table a lie.
"$bin" scan --json --engine ppocr --jobs 1 /dev/null 2>"$work/notice" >/dev/null || true
if grep -q "PP-OCR" "$work/notice"; then
    echo "PP-OCR benchmark skipped: $(cat "$work/notice")"
    exit 0
fi

# RapidOCR's pipeline in a virtual environment under .build (same wheels as ours, plus their
# dependencies from PyPI); the column stays empty when it cannot be installed.
rapid=0
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import rapidocr, onnxruntime" 2>/dev/null; then
    rapid=1
elif python3 -m venv "$venv" >/dev/null 2>&1 \
    && "$venv/bin/pip" install --quiet "rapidocr==3.10.0" "onnxruntime==1.32.0" >/dev/null 2>&1; then
    rapid=1
else
    echo "RapidOCR could not be installed into $venv: its column is left out." >&2
fi

# Images and their Tesseract language: "lang path" lines.
if [ -d "$receipts/sroie-dev/img" ] && [ -d "$receipts/german-dev" ]; then
    real=1
    note="real receipts in $receipts"
    # Arrays, not ls | head: under pipefail, head closing the pipe early fails the script.
    sroie=("$receipts"/sroie-dev/img/*.jpg) german=("$receipts"/german-dev/*.jpg)
    printf 'eng %s\n' "${sroie[@]:0:sample / 2}" > "$work/sample"
    printf 'deu %s\n' "${german[@]:0:sample - sample / 2}" >> "$work/sample"
    printf '%s\n' "${sroie[@]:0:batch / 2}" "${german[@]:0:batch - batch / 2}" > "$work/batch"
else
    real=0
    note="receipts rendered with ImageMagick ($receipts not found: accuracy skipped)"
    for i in $(seq 1 "$batch"); do
        text=$(printf 'COSTCO WHOLESALE\nStore #%04d\n03/%02d/2024 14:32\n\nKIRKLAND EGGS      7.99\nORGANIC MILK       5.49\nBANANAS            1.%02d\n\nSUBTOTAL          15.%02d\nTAX                2.57\nTOTAL             %d.02\n' \
            "$i" "$((i % 28 + 1))" "$i" "$i" "$((17 + i))")
        convert -size 620x700 xc:white -font DejaVu-Sans-Mono -pointsize 22 -fill '#262626' \
            -annotate +40+60 "$text" -rotate 2 -blur 0x0.7 -colorspace Gray -quality 90 "$work/r$i.jpg"
        echo "$work/r$i.jpg" >> "$work/batch"
    done
    sed "${sample}q; s/^/eng /" "$work/batch" > "$work/sample"
fi

# Runs a command (output discarded) under /usr/bin/time: "wall cpu peak_kb".
measure() {
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > /dev/null 2>&1 || true
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$work/time"
}

echo "engine wall cpu rss" > "$work/single"
while read -r lang img; do
    echo "ours $(measure "$bin" scan --json --engine ppocr --jobs 1 "$img")" >> "$work/single"
    [ "$rapid" = 1 ] && echo "rapid $(measure "$venv/bin/python" "$here/rapidocr_read.py" "$models" 2 "$img")" >> "$work/single"
    echo "tess $(OMP_THREAD_LIMIT=1 measure tesseract "$img" - --psm 6 -l "$lang")" >> "$work/single"
done < "$work/sample"

# In one process, models loaded once: the time per image that a batch import sees.
mapfile -t files < "$work/batch"
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
read -r ours1 ours1cpu ours1rss < <(measure "$bin" scan --json --engine ppocr --jobs 1 "${files[@]}")
read -r ours2 ours2cpu ours2rss < <(measure "$bin" scan --json --engine ppocr --jobs 2 "${files[@]}")
# One job confined to one core: how the batch scales from one core to two (the app sizes its
# threads by the cores it may use).
onecore="- - -"
command -v taskset >/dev/null && onecore=$(measure taskset -c 0 "$bin" scan --json --engine ppocr --jobs 1 "${files[@]}")
rapidb="- - -"
[ "$rapid" = 1 ] && rapidb=$(measure "$venv/bin/python" "$here/rapidocr_read.py" "$models" 2 "${files[@]}")

accuracy="{}"
if [ "$real" = 1 ] && [ "${BENCH_ACCURACY:-1}" != 0 ]; then
    for engine in ppocr tesseract; do
        # Exit status 1 only means some file failed; the scores count those as misses.
        "$bin" scan --json --engine "$engine" "$receipts"/sroie-dev/img/*.jpg > "$work/$engine.jsonl" || true
        "$bin" scan --json --engine "$engine" --lang deu "$receipts"/german-dev/*.jpg >> "$work/$engine.jsonl" || true
        for half in 0 1; do
            # Even and odd receipts: SROIE by number, German by line of truth.jsonl.
            python3 - "$work/$engine.jsonl" "$half" "$receipts" > "$work/$engine.$half.jsonl" <<'PY'
import json, os, sys
path, half, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
german = [os.path.basename(json.loads(l)["file"]) for l in open(os.path.join(root, "german-dev", "truth.jsonl")) if l.strip()]
for line in open(path):
    record = json.loads(line)
    name = os.path.basename(record.get("source") or "")
    index = german.index(name) if name in german else int(name.split(".")[0])
    if index % 2 == half:
        print(line.rstrip())
PY
            python3 "$here/score_accuracy.py" --json --scanned "$receipts" "$work/$engine.$half.jsonl" > "$work/$engine.$half.json"
        done
    done
    accuracy=$(python3 -c 'import json, sys; print(json.dumps({f"{e}.{h}": json.load(open(f"{sys.argv[1]}/{e}.{h}.json")) for e in ("ppocr", "tesseract") for h in (0, 1)}))' "$work")
fi

python3 - "$work/single" "$ours1 $ours1cpu $ours1rss" "$ours2 $ours2cpu $ours2rss" "$rapidb" "${#files[@]}" "$note" "$load" "$accuracy" "$onecore" <<'PY'
import json, statistics as st, sys
rows = [l.split() for l in open(sys.argv[1]).read().splitlines()[1:]]
ours1, ours2, rapidb = ([None if v == "-" else float(v) for v in a.split()] for a in sys.argv[2:5])
n, note, load, accuracy = int(sys.argv[5]), sys.argv[6], sys.argv[7], json.loads(sys.argv[8])
onecore = [None if v == "-" else float(v) for v in sys.argv[9].split()]
by = {e: [[float(x) for x in r[1:]] for r in rows if r[0] == e] for e in ("ours", "rapid", "tess")}
med = lambda e, i: st.median(r[i] for r in by[e]) if by[e] else None
ratio = lambda a, b, i: st.median(x[i] / y[i] for x, y in zip(by[a], by[b])) if by[a] and by[b] else None
fmt = lambda v, unit="": "-" if v is None else f"{v:.2f}{unit}"
print(f"PP-OCR benchmark on {note}; load average {load} on 2 shared cores (wall times rise with it, CPU times do not).")
print()
print("| one process per image, 1 job | median wall s | median CPU s | peak RSS MB (max) | ours ÷ it, wall | ours ÷ it, CPU |")
print("|---|---:|---:|---:|---:|---:|")
for engine, name in (("ours", "plutary scan --engine ppocr"), ("rapid", "RapidOCR (Python, same models)"), ("tess", "OMP_THREAD_LIMIT=1 tesseract --psm 6")):
    if not by[engine]:
        continue
    rss = max(r[2] for r in by[engine]) / 1024
    own = engine == "ours"
    print(f"| {name} | {fmt(med(engine, 0))} | {fmt(med(engine, 1))} | {rss:.0f} | {'-' if own else fmt(ratio('ours', engine, 0), '×')} | {'-' if own else fmt(ratio('ours', engine, 1), '×')} |")
print()
print(f"| batch of {n}, models loaded once | wall s | per image s | CPU s | peak RSS MB |")
print("|---|---:|---:|---:|---:|")
print(f"| ours, --jobs 1 | {ours1[0]:.1f} | {ours1[0] / n:.2f} | {ours1[1]:.1f} | {ours1[2] / 1024:.0f} |")
print(f"| ours, --jobs 2 | {ours2[0]:.1f} | {ours2[0] / n:.2f} | {ours2[1]:.1f} | {ours2[2] / 1024:.0f} |")
if onecore[0] is not None:
    print(f"| ours, --jobs 1 on one core (taskset -c 0) | {onecore[0]:.1f} | {onecore[0] / n:.2f} | {onecore[1]:.1f} | {onecore[2] / 1024:.0f} |")
if rapidb[0] is not None:
    print(f"| RapidOCR, one process | {rapidb[0]:.1f} | {rapidb[0] / n:.2f} | {rapidb[1]:.1f} | {rapidb[2] / 1024:.0f} |")
print(f"\n2 jobs vs 1: {ours1[0] / ours2[0]:.2f}× faster (wall).")
if onecore[0] is not None:
    print(f"2 jobs on 2 cores vs 1 job on one core: {onecore[0] / ours2[0]:.2f}× faster (wall).")
if accuracy:
    print()
    print("| engine, half | SROIE total | date | merchant fuzzy | German total | date | chain | items |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    pct = lambda a, b: "-" if b == 0 else f"{100 * a / b:.0f} % ({a}/{b})"
    for key in sorted(accuracy):
        s, g = accuracy[key]["sroie"], accuracy[key]["german"]
        engine, half = key.split(".")
        label = f"{engine}, {'tuning (even)' if half == '0' else 'check (odd)'}"
        print(f"| {label} | {pct(s['total'], s['n'])} | {pct(s['date'], s['n'])} | {pct(s['fuzzy'], s['n'])} | "
              f"{pct(g['total'], g['n'])} | {pct(g['date'], g['n'])} | {pct(g['chain'], g['n'])} | {pct(g['items'], g['items_n'])} |")
PY
