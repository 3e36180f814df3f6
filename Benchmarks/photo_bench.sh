#!/usr/bin/env bash
# `make bench`, phone-photo part: the dev scans turned into 12 MP phone-style photos
# (phone_photos.py: a background, an angle, perspective, uneven light, blur, noise, JPEG), read by
# `plutary scan` with the paper finder (the default) and without it (--no-find-paper), and by
# each engine; scored against the scans' truth per half. Then the same for hard photos (--hard:
# bowed paper, a shadow, shake, closer and dimmer). Skipped when RECEIPTS_DIR is absent.
# Usage: photo_bench.sh PLUTARY [RECEIPTS_DIR]
# Env: PHOTO_LIMIT (SROIE photos per half, default 14; every German scan is used),
#      PHOTO_DIR (where the photos are kept between runs, default .build-cache/photos; hard ones in PHOTO_DIR-hard).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-../shared/receipts}
here=$(cd "$(dirname "$0")" && pwd)
limit=${PHOTO_LIMIT:-14}
photos=${PHOTO_DIR:-$here/../.build-cache/photos}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -d "$receipts/sroie-dev" ] || [ ! -d "$receipts/german-dev" ]; then
    echo "Phone-photo benchmark skipped: no real receipts in $receipts."
    exit 0
fi
for half in tuning check; do
    python3 "$here/phone_photos.py" "$receipts" "$photos/$half" --half "$half" --limit "$limit" > /dev/null
    python3 "$here/phone_photos.py" "$receipts" "$photos-hard/$half" --half "$half" --limit "$limit" --hard > /dev/null
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
for run in "plain:auto:default engine" "plain:auto --no-find-paper:default engine, whole picture" "plain:tesseract:Tesseract" \
    "hard:auto:default engine" "hard:auto --no-find-paper:default engine, whole picture"; do
    set=${run%%:*}
    variant=${run#*:}
    folder=$photos
    [ "$set" = hard ] && folder=$photos-hard
    flags=${variant%%:*}
    name=${variant#*:}
    engine=${flags%% *}
    extra=${flags#"$engine"}
    for half in tuning check; do
        start=$(date +%s%N)
        # shellcheck disable=SC2086 # $extra is one flag or none
        scan "$folder/$half" "$work/result.jsonl" --engine "$engine" $extra
        end=$(date +%s%N)
        count=$(cat "$work/result.jsonl" | wc -l)
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
