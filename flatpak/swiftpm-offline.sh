#!/bin/sh
# The Flatpak build has no network. Points SwiftPM at the dependency checkouts
# flatpak-builder fetched, each left with exactly one tag, its pinned version,
# so that resolution can only choose the pinned commit.
# Usage: swiftpm-offline.sh URL DIR VERSION [URL DIR VERSION]...
set -eu
while [ $# -ge 3 ]; do
    url=$1 dir=$(cd "$2" && pwd) version=$3
    shift 3
    git -C "$dir" tag -l | xargs -r git -C "$dir" tag -d >/dev/null
    git -C "$dir" tag "$version"
    swift package config set-mirror --original "$url" --mirror "$dir"
done
[ $# -eq 0 ] || { echo "swiftpm-offline.sh: arguments come in threes: URL DIR VERSION" >&2; exit 2; }
