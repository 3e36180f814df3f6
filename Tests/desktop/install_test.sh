#!/usr/bin/env bash
# Installs Plutary with `make install` into a staging folder (DESTDIR) for a
# prefix that exists nowhere else, checks the installed files, runs the
# installed binary under Xvfb in German and reads its window through AT-SPI
# (Tests/e2e/translated.py: translated labels, and no "schema not found"), then
# checks that `make uninstall` removes every file again.
# The debug build is installed (BUILD_CONFIG=debug): a release build takes minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/e2e-screenshots}
make=${MAKE:-make}
app_id=io.github.plutary.Plutary
prefix=/opt/plutary-install-test
stage=$(mktemp -d /tmp/plutary-install-XXXXXX)
trap 'rm -rf "$stage"' EXIT
dest=$stage/dest
share=$dest$prefix/share

"$make" -C "$root" --no-print-directory install BUILD_CONFIG=debug PREFIX="$prefix" DESTDIR="$dest"

expected=(bin/plutary
    "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml"
    "share/glib-2.0/schemas/$app_id.gschema.xml" share/glib-2.0/schemas/gschemas.compiled
    "share/icons/hicolor/scalable/apps/$app_id.svg" "share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
    share/plutary/style.css lib/plutary/libonnxruntime.so.1.32.0 share/plutary/models/PP-OCRv6_det_small.onnx
    share/plutary/models/PP-OCRv6_rec_small.onnx share/plutary/models/ch_ppocr_mobile_v2.0_cls_mobile.onnx)
for lang in $(sed 's/#.*//' "$root/po/LINGUAS"); do expected+=("share/locale/$lang/LC_MESSAGES/plutary.mo"); done
for file in "${expected[@]}"; do
    [ -f "$dest$prefix/$file" ] || { echo "install_test: make install did not install $prefix/$file"; exit 1; }
done
[ -x "$dest$prefix/bin/plutary" ] || { echo "install_test: $prefix/bin/plutary is not executable"; exit 1; }
desktop-file-validate "$share/applications/$app_id.desktop"
grep -q '^Comment\[de\]=' "$share/applications/$app_id.desktop" \
    || { echo "install_test: the installed desktop file has no German Comment"; exit 1; }
appstreamcli validate --no-net "$share/metainfo/$app_id.metainfo.xml"
python3 "$root/Tests/desktop/check_icons.py" "$share/applications/$app_id.desktop" "$share/icons"
keys=$(gsettings --schemadir "$share/glib-2.0/schemas" list-keys "$app_id")
[ -n "$keys" ] || { echo "install_test: the installed compiled schema has no $app_id keys"; exit 1; }
echo "install_test: ${#expected[@]} files installed under DESTDIR$prefix; schema has $(echo "$keys" | wc -l) keys"

# The installed binary finds PP-OCR under its own prefix (there is no source tree to fall back on).
convert -size 420x120 xc:white -font DejaVu-Sans -pointsize 30 -fill black -annotate +20+70 'TOTAL 12.34' "$stage/total.png"
"$dest$prefix/bin/plutary" scan --json --engine ppocr "$stage/total.png" > "$stage/scan.json"
grep -Eq '"ocr_engine" ?: ?"ppocr"' "$stage/scan.json" \
    || { echo "install_test: the installed binary did not read with PP-OCR:"; cat "$stage/scan.json"; exit 1; }

# Only the installed prefix may supply the schema: no override, no other data dirs.
env -u PLUTARY_SCHEMA_DIR XDG_DATA_DIRS=/usr/share \
    xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
    /usr/bin/python3 "$root/Tests/e2e/translated.py" "$dest$prefix/bin/plutary" de "$out"

"$make" -C "$root" --no-print-directory uninstall PREFIX="$prefix" DESTDIR="$dest"
left=$(find "$dest" -type f)
[ -z "$left" ] || { echo "install_test: make uninstall left files behind:"; echo "$left"; exit 1; }
echo "install_test: installed, ran in German from $prefix, uninstalled"
