#!/usr/bin/env bash
# Runs the app in French under Xvfb, in a private D-Bus session with its own
# accessibility bus, and checks its labels through AT-SPI (translated.py).
set -euo pipefail
bin=$(realpath "$1")
out=${2:-$PWD/e2e-screenshots}
language=${3:-fr}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
# Debian's python3 has pyatspi; the python3 first on PATH may not.
exec xvfb-run -a -s "-screen 0 1280x800x24" \
    dbus-run-session -- /usr/bin/python3 "$here/translated.py" "$bin" "$language" "$out"
