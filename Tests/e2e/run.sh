#!/usr/bin/env bash
# Runs the e2e smoke test: the real app under Xvfb, in a private D-Bus session
# with its own accessibility bus, driven through AT-SPI.
set -euo pipefail
bin=$(realpath "$1")
out=${2:-$PWD/e2e-screenshots}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
# Debian's python3 has pyatspi; the python3 first on PATH may not.
py=/usr/bin/python3
xvfb-run -a -s "-screen 0 1280x800x24" \
    dbus-run-session -- "$py" "$here/smoke.py" "$bin" "$out"
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$py" "$here/review.py" "$bin" "$out"
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$py" "$here/import.py" "$bin" "$out"
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$py" "$here/analysis.py" "$bin" "$out"
# Analytics and products: charts, exports (GUI and `plutary chart`), screenshots.
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$py" "$here/charts.py" "$bin" "$out"
