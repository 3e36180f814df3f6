#!/usr/bin/env bash
# `make bench`: speed of `plutary parse` on one core, in CPU time: receipts per second over OCR texts
# (the cached dev receipts when there, else generated ones), and one 1 MB line.
# Usage: parse_speed.sh PLUTARY [TEXT_DIR]
# Env: PARSE_SPEED_RUNS runs of each, the least CPU time counts (default 5): single runs varied
#      by 10 % on a 2-core VM.
set -euo pipefail
bin=$(realpath "$1")
texts=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "$texts" ] && [ -d "$texts" ]; then
    find "$texts" -name '*.txt' | sort > "$work/list"
    note="cached OCR text in $texts"
else
    for i in $(seq 1 300); do
        printf 'SHOP %d SDN BHD\n%02d/03/2019 10:%02d\nITEM A   2 x 1.50   3.00\nITEM B         %d.20\nSUBTOTAL  %d.20\nGST 6%%   0.%02d\nTOTAL     %d.%02d\nCASH      100.00\nCHANGE    %d.00\n' \
            "$i" $((i % 28 + 1)) $((i % 60)) "$i" $((i + 3)) $((i % 90 + 10)) $((i + 3)) $((i % 90 + 30)) $((96 - i % 90)) > "$work/r$i.txt"
        echo "$work/r$i.txt" >> "$work/list"
    done
    note="300 generated receipts"
fi
# Repeated three times so start-up weighs little; pinned to one core.
mapfile -t files < "$work/list"
n=$((${#files[@]} * 3))
# CPU seconds (user + system), not wall time: on a shared machine other processes' load would count.
cpu() {
    local best=""
    for _ in $(seq "${PARSE_SPEED_RUNS:-5}"); do
        /usr/bin/time -f "%U %S" -o "$work/time" taskset -c 0 "$bin" parse --json "$@" > /dev/null
        best=$(awk -v best="$best" '{ t = $1 + $2; print (best == "" || t < best) ? t : best }' "$work/time")
    done
    echo "$best"
}
receipts_cpu=$(cpu "${files[@]}" "${files[@]}" "${files[@]}")
printf 'TOTAL 12.50 CASH 99999999999.99 %.0s' $(seq 1 32768) > "$work/line.txt"
line_cpu=$(cpu "$work/line.txt")
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
echo "### \`plutary parse\` speed, one core, least of ${PARSE_SPEED_RUNS:-5} runs ($note; load average $load)"
echo
echo "| measure | value | target |"
echo "|---|---:|---:|"
python3 -c "print('| receipts per CPU second (%d texts) | %.0f | ≥ 500 |' % ($n, $n / max($receipts_cpu, 0.01)))"
python3 -c "print('| one 1 MB line, CPU s | %.2f | < 1 |' % $line_cpu)"
