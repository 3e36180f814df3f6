# Sourced by the benchmarks: sets `store` to a folder holding a generated store of
# $receipts receipts, kept in $1 when given (and reused), else a temporary one
# removed on exit. Needs `bin` (a plutary binary) and `receipts`.
large_store() {
    if [ -n "${1:-}" ]; then
        store=$1
    else
        store=$(mktemp -d)
        trap 'rm -rf "$store"' EXIT
    fi
    [ -f "$store/plutary.sqlite" ] || "$bin" generate --receipts "$receipts" --data-dir "$store" 2>/dev/null
}
