#!/usr/bin/env bash
# Issue 16's table on a large generated store (default 100 000 receipts, about a
# million line items): start-up to the first frame of the receipts list and the
# resident memory then (the app's `first frame:` and `rss:` lines), the longest
# main-loop stall of each interaction (PLUTARY_STALL_MS=16, no accessibility
# client attached; xdotool drives a private Xvfb display), JSON import of the
# store's export, the CSV line-items export, and the all-time report.
# Timings are wall clock unless marked; on a shared machine compare CPU times (a
# stall's "busy" part is the main thread's own CPU time in it).
# Usage: large_store_bench.sh PLUTARY [RECEIPTS]
# Env: LARGE_STORE_DIR keeps (and reuses) the generated store and its export there;
#      LARGE_BENCH_RUNS start-up runs (default 3); LARGE_BENCH_STARTS start-ups checked for
#      a list that never arrives (default 10).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-100000}
if [ -z "${LARGE_BENCH_INNER:-}" ]; then
    export LARGE_BENCH_INNER=1
    exec xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- bash "$0" "$@"
fi
runs=${LARGE_BENCH_RUNS:-3}
. "$(dirname "$0")/large_store.sh"
large_store "${LARGE_STORE_DIR:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "${LARGE_STORE_DIR:-}" ] || rm -rf "$store"' EXIT
export LC_ALL=C.UTF-8 LANGUAGE=

# Longest of the `stall: X ms, main thread busy Y ms` lines read from stdin, as "X (busy Y)"
# ("0" when there were none): on a loaded machine most of a gap can be waiting for a core.
# (No stall at all is a result, not a failure: grep's status is ignored.)
longest() { { grep -o 'stall: [0-9.]* ms, main thread busy [0-9.]* ms' || true; } | awk '{ if ($2 > max) { max = $2; busy = $7 } }
    END { if (max) printf "%.0f (busy %.0f)", max, busy; else printf "0" }'; }
# Starts the app on $1 logging to $log, and waits (up to 60 s) for its `rss:` line.
launch() {
    log=$work/app.log
    # Emptied here: the child truncates it only once it runs, and the last start's `rss:` line
    # could be read meanwhile (see the start-ups below).
    : >"$log"
    PLUTARY_STALL_MS=16 "$bin" --data-dir "$1" >"$log" 2>&1 &
    app=$!
    for _ in $(seq 600); do grep -q '^rss:' "$log" && break; sleep 0.1; done
    # Let the whole list arrive (it is read after the first screenful is drawn, 1-2 s on
    # 100 000 receipts) so that each step measures its own stall, not the list arriving.
    sleep 6
}
quit() { kill "$app"; wait "$app" 2>/dev/null || true; }
field() { grep -o "^$1: [0-9.]*" "$log" | head -1 | awk '{ print $NF }'; }
# Runs one interaction (the arguments: an xdotool command line) and prints its longest stall.
step() {
    local before
    before=$(wc -l <"$log")
    xdotool "$@"
    sleep 3
    tail -n +$((before + 1)) "$log" | longest
}

mkdir -p "$work/empty"
echo
echo "### Large store: $receipts receipts (issue 16)"
echo
echo "| measure | value |"
echo "|---|---:|"
for run in $(seq "$runs"); do
    sync; launch "$store"
    echo "| run $run: first frame of the receipts list | $(field 'first frame') ms |"
    echo "| run $run: RSS with the list shown | $(field rss) MB |"
    # Before the first frame, a stall is part of the time to it; after it, the list fills.
    echo "| run $run: longest stall before the first frame / while the list fills | $(sed '/^first frame:/q' "$log" | longest) / $(sed '1,/^first frame:/d' "$log" | longest) ms |"
    quit
done
# Start-ups that never list the receipts: GRDB's async reads once waited forever for a thread
# of Swift's cooperative pool that synchronous reads held (3 of 6 start-ups on this store).
# A start-up that never lists them leaves its output and, while it still runs, every thread's
# stack (gdb) in a folder of its own, named on stderr: the run that saw one kept nothing to look at.
hung=0
for start in $(seq "${LARGE_BENCH_STARTS:-10}"); do
    sync
    # Emptied before the start: the redirection truncates it in the child, after the check below
    # may already have read the last start's `rss:` line; then the second check found the file
    # empty, and a start-up that had not even begun counted as hung (2 in 12, an empty log kept).
    : >"$work/start.log"
    PLUTARY_STALL_MS=16 "$bin" --data-dir "$store" >"$work/start.log" 2>&1 &
    app=$!
    for _ in $(seq 200); do grep -q '^rss:' "$work/start.log" && break; sleep 0.1; done
    if ! grep -q '^rss:' "$work/start.log"; then
        hung=$((hung + 1))
        kept=$(mktemp -d "${TMPDIR:-/tmp}/plutary-start-XXXXXX")
        cp "$work/start.log" "$kept/app.log"
        if kill -0 "$app" 2>/dev/null; then
            ! command -v gdb >/dev/null || gdb -p "$app" -batch -ex "thread apply all bt" >"$kept/threads.txt" 2>&1 || true
        else
            echo "the app had exited" >"$kept/exited"
        fi
        echo "start-up $start never listed the receipts: $kept" >&2
    fi
    quit
done
echo "| start-ups that never listed the receipts (20 s each) | $hung of ${LARGE_BENCH_STARTS:-10} |"
launch "$work/empty"
echo "| RSS with the list shown, empty store | $(field rss) MB |"
quit

# The interactions, each with its longest stall; $1 names the run in the table.
interactions() {
    launch "$store"
    search=$(step key ctrl+f sleep 0.5 type --delay 80 zzqqxx)
    clear=$(step key ctrl+a BackSpace)
    # A search that matches some receipts (a merchant of the generated store) lists them in place of the rest.
    matching=$(step type --delay 80 costco)
    matching_clear=$(step key ctrl+a BackSpace)
    # The first row, in the window's default layout; Right expands it.
    expand=$(step mousemove 300 175 click 1 sleep 0.5 key Right)
    # Each section on its own, from Receipts and back: every switch reloads the section shown.
    to_products=$(step key ctrl+2); to_receipts=$(step key ctrl+1)
    to_analytics=$(step key ctrl+3); to_settings=$(step key ctrl+4); back=$(step key ctrl+1)
    # Products selects its first row itself, on the first visit: a click there selected nothing, and
    # the step measured the switch back to Products. The switch is left out; the second row is selected.
    xdotool key ctrl+2; sleep 2
    product=$(step mousemove 300 211 click 1)
    # Enter on the selected receipt opens it; the merchant field has the focus, then Tab to the others.
    xdotool key ctrl+1 sleep 1 mousemove 300 175 click 1 key Return; sleep 3
    review=$(step type --delay 80 abcdef)
    quit
    echo "| $1: longest stall typing a search that matches nothing / clearing it | $search / $clear ms |"
    echo "| $1: longest stall typing a search that matches some (costco) / clearing it | $matching / $matching_clear ms |"
    echo "| $1: longest stall expanding a row / selecting a product | $expand / $product ms |"
    echo "| $1: longest stall switching to Products / Receipts / Analytics / Settings / Receipts | $to_products / $to_receipts / $to_analytics / $to_settings / $back ms |"
    echo "| $1: longest stall typing in the review | $review ms |"
}
interactions "no accessibility client"
# With a screen reader's stand-in attached, which asks every event's sender about itself
# (skipped without Debian's pyatspi).
if /usr/bin/python3 -c "import pyatspi" 2>/dev/null; then
    /usr/bin/python3 "$(dirname "$0")/atspi_listener.py" >"$work/listener.log" 2>&1 &
    listener=$!
    for _ in $(seq 100); do grep -q listening "$work/listener.log" && break; sleep 0.1; done
    interactions "accessibility client attached"
    kill "$listener"; wait "$listener" 2>/dev/null || true
    echo "| events the accessibility client heard and asked about | $(grep -o '[0-9]*$' "$work/listener.log" | tail -1) |"
fi

json=${LARGE_STORE_DIR:-$work}/export.json
[ -f "$json" ] || "$bin" export --json --data-dir "$store" -o "$json" 2>/dev/null
/usr/bin/time -f '%e %U %M' -o "$work/time" "$bin" import --data-dir "$work/imported" "$json" >/dev/null 2>&1
read -r wall cpu kb <"$work/time"
echo "| JSON import of the $receipts-receipt export | $wall s ($cpu s CPU), $((kb / 1024)) MB |"
/usr/bin/time -f '%e %U %M' -o "$work/time" "$bin" export --csv --items --data-dir "$store" -o "$work/items.csv" >/dev/null 2>&1
read -r wall cpu kb <"$work/time"
echo "| CSV line-items export | $wall s ($cpu s CPU), $((kb / 1024)) MB |"
all=$("$bin" analytics-bench --data-dir "$store" --runs 3 | grep 'report, all time' | awk -F'|' '{ print $3 }')
echo "| report over all time (median of 3) | $all ms |"
