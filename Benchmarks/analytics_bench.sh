#!/usr/bin/env bash
# Analytics speed on a large store: report queries, product trends, chart
# layout and painting, as a markdown table of medians.
# Usage: analytics_bench.sh PLUTARY [RECEIPTS]
#   PLUTARY   a built plutary binary (release for meaningful figures)
#   RECEIPTS  store size (default 100000 receipts, about a million line items)
# Env: ANALYTICS_BENCH_DIR keeps (and reuses) the generated store there;
#      ANALYTICS_BENCH_RUNS runs per step (default 5).
set -euo pipefail
bin=$(realpath "$1")
receipts=${2:-100000}
runs=${ANALYTICS_BENCH_RUNS:-5}
. "$(dirname "$0")/large_store.sh"
large_store "${ANALYTICS_BENCH_DIR:-}"
echo
"$bin" analytics-bench --data-dir "$store" --runs "$runs"
