#!/usr/bin/env bash
# Main-loop stalls while searching a large receipts list: types a search that
# matches nothing into the window, then clears it, and reports the stalls over
# 50 ms that PLUTARY_MEASURE_STALLS=1 logs. No accessibility client is attached
# (as for most people); xdotool types into a private Xvfb display.
# Usage: search_stalls.sh PLUTARY [RECEIPTS]
#   PLUTARY   a built plutary binary (release for meaningful figures)
#   RECEIPTS  store size (default 100000)
# Env: SEARCH_BENCH_DIR keeps (and reuses) the generated store there;
#      SEARCH_BENCH_RUNS runs (default 3).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-100000}
if [ -z "${SEARCH_BENCH_INNER:-}" ]; then
    export SEARCH_BENCH_INNER=1
    exec xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- bash "$0" "$@"
fi
runs=${SEARCH_BENCH_RUNS:-3}
. "$(dirname "$0")/large_store.sh"
large_store "${SEARCH_BENCH_DIR:-}"
stalls() { grep -o 'stall: [0-9.]* ms' | awk '{ n++; if ($2 > max) max = $2; sum += $2 } END { printf "%d, longest %.0f ms, total %.0f ms", n, max, sum }'; }
echo
echo "| run | typing a search that matches nothing | clearing it |"
echo "|---:|---|---|"
for run in $(seq "$runs"); do
    log=$(mktemp)
    PLUTARY_MEASURE_STALLS=1 LC_ALL=C.UTF-8 LANGUAGE= "$bin" --data-dir "$store" >"$log" 2>&1 &
    app=$!
    sleep 15 # the window opens and lists the whole store
    xdotool mousemove 590 80 click 1 # the search field, in the window's default layout
    sleep 1
    before=$(wc -l < "$log")
    xdotool type --delay 80 zzqqxx
    sleep 6
    typing=$(tail -n +$((before + 1)) "$log" | stalls)
    before=$(wc -l < "$log")
    xdotool key ctrl+a BackSpace
    sleep 8
    clearing=$(tail -n +$((before + 1)) "$log" | stalls)
    kill "$app"; wait "$app" 2>/dev/null || true
    rm -f "$log"
    echo "| $run | $typing | $clearing |"
done
