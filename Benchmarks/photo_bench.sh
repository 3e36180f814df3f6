#!/usr/bin/env bash
# `make bench`, phone-photo part: the dev scans turned into 12 MP phone-style photos
# (phone_photos.py: a background, an angle, perspective, uneven light, blur, noise, JPEG), read by
# `plutary scan` with the paper finder (the default) and without it (--no-find-paper), and by
# each engine; scored against the scans' truth per half. Then the same for hard photos (--hard:
# bowed paper, a shadow, shake, closer and dimmer) and for photos with what real phone photos show
# (--real: white on white, a corner cut or under fingers, steep views, thin strips, creases, glare,
# colour casts, heavy JPEG, 8 MP, landscape, EXIF-rotated pixels), these also scored per condition.
# Skipped when RECEIPTS_DIR is absent.
# Usage: photo_bench.sh PLUTARY [RECEIPTS_DIR]
# Env: PHOTO_LIMIT (SROIE photos per half, default 14; every German scan is used),
#      PHOTO_DIR (where the photos are kept between runs, default .build-cache/photos; hard ones in
#      PHOTO_DIR-hard, real ones in PHOTO_DIR-real), PHOTO_SETS (which sets, default "plain hard real"),
#      PHOTO_HALVES (default "tuning check"), PHOTO_RESULTS (a folder keeping each run's JSON lines).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-../shared/receipts}
here=$(cd "$(dirname "$0")" && pwd)
limit=${PHOTO_LIMIT:-14}
photos=${PHOTO_DIR:-$here/../.build-cache/photos}
sets=${PHOTO_SETS:-plain hard real}
halves=${PHOTO_HALVES:-tuning check}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -d "$receipts/sroie-dev" ] || [ ! -d "$receipts/german-dev" ]; then
    echo "Phone-photo benchmark skipped: no real receipts in $receipts."
    exit 0
fi
for half in $halves; do
    for set in $sets; do
        case $set in
            plain) python3 "$here/phone_photos.py" "$receipts" "$photos/$half" --half "$half" --limit "$limit" > /dev/null ;;
            *) python3 "$here/phone_photos.py" "$receipts" "$photos-$set/$half" --half "$half" --limit "$limit" "--$set" > /dev/null ;;
        esac
    done
done

# One run: every photo of a half, SROIE in English, German in German; exit status 1 only means a
# file failed, which the scores count as a miss.
scan() {
    local folder=$1 out=$2
    shift 2
    "$bin" scan --json "$@" "$folder"/sroie/*.jpg > "$out" 2>/dev/null || true
    "$bin" scan --json --lang deu "$@" "$folder"/german/*.jpg >> "$out" 2>/dev/null || true
}

echo "### Phone-style photos of the dev receipts ($limit SROIE and every German scan per half, 3000×4000 JPEG)"
echo
echo "| photos | reading | half | SROIE total | SROIE date | SROIE merchant (fuzzy) | German total | German date | German chain | German items | s per photo |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
[ -n "${PHOTO_RESULTS:-}" ] && mkdir -p "$PHOTO_RESULTS"
for run in "plain:auto:default engine" "plain:auto --no-find-paper:default engine, whole picture" "plain:tesseract:Tesseract" \
    "hard:auto:default engine" "hard:auto --no-find-paper:default engine, whole picture" \
    "real:auto:default engine" "real:auto --no-find-paper:default engine, whole picture" \
    "real:tesseract:Tesseract" "real:tesseract --no-find-paper:Tesseract, whole picture"; do
    set=${run%%:*}
    case " $sets " in *" $set "*) ;; *) continue ;; esac
    variant=${run#*:}
    folder=$photos
    [ "$set" = plain ] || folder=$photos-$set
    flags=${variant%%:*}
    name=${variant#*:}
    engine=${flags%% *}
    extra=${flags#"$engine"}
    for half in $halves; do
        start=$(date +%s%N)
        # shellcheck disable=SC2086 # $extra is one flag or none
        scan "$folder/$half" "$work/result.jsonl" --engine "$engine" $extra
        end=$(date +%s%N)
        count=$(cat "$work/result.jsonl" | wc -l)
        if [ -n "${PHOTO_RESULTS:-}" ]; then
            cp "$work/result.jsonl" "$PHOTO_RESULTS/$set-$engine${extra:+-whole}-$half.jsonl"
        fi
        # The default reading of the real set is kept for the per-condition table.
        if [ "$set" = real ] && [ "$flags" = auto ]; then cp "$work/result.jsonl" "$work/real-$half.jsonl"; fi
        HERE=$here python3 - "$receipts" "$work/result.jsonl" "$name" "$half" "$(((end - start) / 1000000))" "$count" "$set" <<'PY'
import json, subprocess, sys, os
receipts, results, name, half, millis, count, kind = sys.argv[1:]
here = os.environ.get("HERE")
scored = json.loads(subprocess.run([sys.executable, os.path.join(here, "score_accuracy.py"), "--json", "--scanned", receipts, results],
                                   capture_output=True, text=True, check=True).stdout)
s, g = scored["sroie"], scored["german"]
f = lambda hits, n: "%.2f (%d/%d)" % (hits / n, hits, n) if n else "-"
print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f |" % (
    kind, name, half, f(s["total"], s["n"]), f(s["date"], s["n"]), f(s["fuzzy"], s["n"]),
    f(g["total"], g["n"]), f(g["date"], g["n"]), f(g["chain"], g["n"]), f(g["items"], g["items_n"]),
    int(millis) / 1000 / max(1, int(count))))
PY
    done
done

# Each condition of the real set on its own (a photo has several): the default reading, both sets together.
case " $sets " in *" real "*) ;; *) exit 0 ;; esac
echo
echo "#### Real-photo conditions, default engine with the paper finder (SROIE and German together)"
echo
HERE=$here python3 - "$receipts" "$photos-real" "$work" $halves <<'PY'
import glob, json, os, sys
receipts, folder, work, halves = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
sys.path.insert(0, os.environ["HERE"])
import phone_photos, score_accuracy
print("| condition | " + " | ".join("%s total | %s date" % (h, h) for h in halves) + " |")
print("|---|" + "---:|---:|" * len(halves))
cells = {name: [] for name in phone_photos.REAL_CONDITIONS}
for half in halves:
    with open(os.path.join(work, "real-%s.jsonl" % half), encoding="utf-8") as handle:
        results = score_accuracy.load_results(handle)
    about = {}
    for path in glob.glob(os.path.join(folder, half, "*", "*.json")):
        with open(path, encoding="utf-8") as handle:
            about[os.path.basename(path)[:-5] + ".jpg"] = json.load(handle)["conditions"]
    for name in cells:
        # Photos that gave no result count as misses.
        chosen = {photo: results.get(photo, {}) for photo, conditions in about.items() if name in conditions}
        s = score_accuracy.score_sroie(receipts, chosen, scanned_only=True)
        g = score_accuracy.score_german(receipts, chosen, scanned_only=True)
        n = s["n"] + g["n"]
        cells[name] += ["%d/%d" % (s[k] + g[k], n) if n else "-" for k in ("total", "date")]
for name, row in cells.items():
    print("| %s | %s |" % (name, " | ".join(row)))
PY

# The paper finder's corners on the real set, against the true corners each photo's sidecar gives.
echo
echo "#### Paper corners on the real photos (\`plutary find-paper\` against the true corners; see paper_corners.py)"
echo
python3 "$here/paper_corners.py" "$bin" "$photos-real" $halves
