#!/usr/bin/env bash
# Runs the e2e tests (smoke, data, pdf…): the real app under Xvfb, in a private D-Bus session
# with its own accessibility bus, driven through AT-SPI.
set -euo pipefail
bin=$(realpath "$1")
out=${2:-$PWD/e2e-screenshots}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
# Debian's python3 has pyatspi; the python3 first on PATH may not.
py=/usr/bin/python3
# Each test gets its own display and session bus.
for test in smoke.py review.py import.py acquire.py analysis.py charts.py data.py review_image.py pdf.py; do
    # The review's image once stayed empty on a larger screen only.
    screen=1280x800x24
    [ "$test" = review_image.py ] && screen=1920x1080x24
    xvfb-run -a -s "-screen 0 $screen" \
        dbus-run-session -- "$py" "$here/$test" "$bin" "$out"
done
