"""Checks the Flatpak manifest without building it (the build needs the network).

- the manifest and every module file it names are valid JSON, and every local
  file or folder a source names exists;
- runtime, SDK, the swift6 extension and its paths are the ones the design names;
- permissions stay minimal: no filesystem access, no session-bus names;
- remote sources are https and pinned (sha256 for files and archives, a tag or
  commit for git), the tessdata module carries eng, chi_sim, fra and deu;
- every Swift package in Package.swift is a git source of the app module and is
  mirrored offline at a version its requirement accepts;
- the app module builds with `swift build -c release --static-swift-stdlib` and
  installs with the Makefile's `install` target, whose dry run builds exactly
  that and installs under /app;
- `flatpak-builder --show-manifest` parses it, when flatpak-builder is installed.

Usage: check_flatpak.py MANIFEST [REPO_ROOT]   (REPO_ROOT defaults to the manifest's parent folder's parent)"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

APP_ID = "io.github.plutary.Plutary"
SWIFT_EXTENSION = "org.freedesktop.Sdk.Extension.swift6"
SWIFT_BIN, SWIFT_LIB = "/usr/lib/sdk/swift6/bin", "/usr/lib/sdk/swift6/lib"
REQUIRED_ARGS = {"--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"}
ALLOWED_ARGS = REQUIRED_ARGS | {"--share=network"}
SWIFT_BUILD = "swift build -c release --static-swift-stdlib"
TESSDATA = {"eng", "chi_sim", "fra", "deu"}
SHA256 = re.compile(r"[0-9a-f]{64}")
PACKAGE_DEPENDENCY = re.compile(r'\.package\(\s*url:\s*"([^"]+)"\s*,\s*from:\s*"([^"]+)"')


def load_json(path, problems):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        problems.append(f"{path}: {error}")
        return None


def modules(manifest_dir, entries, problems, seen=None):
    """Every module, with module files read in; yields (module, where it was written)."""
    for entry in entries or []:
        if isinstance(entry, str):
            path = os.path.join(manifest_dir, entry)
            if not os.path.isfile(path):
                problems.append(f"module file {entry} does not exist")
                continue
            module = load_json(path, problems)
            if module is None:
                continue
            yield module, path
            yield from modules(os.path.dirname(path), module.get("modules"), problems)
        else:
            yield entry, os.path.join(manifest_dir, "(inline)")
            yield from modules(manifest_dir, entry.get("modules"), problems)


def normal_url(url):
    url = url.lower().rstrip("/")
    return url[:-4] if url.endswith(".git") else url


def version_tuple(text):
    return tuple(int(part) for part in text.lstrip("v").split("."))


def check_sources(module, where, problems):
    base = os.path.dirname(where)
    for source in module.get("sources", []):
        kind = source.get("type")
        name = f"{module.get('name')}: {kind} source"
        if "path" in source:
            if not os.path.exists(os.path.join(base, source["path"])):
                problems.append(f"{name} names {source['path']}, which does not exist")
            continue
        if kind in ("file", "archive"):
            if not source.get("url", "").startswith("https://"):
                problems.append(f"{name} {source.get('url')} is not an https URL")
            if not SHA256.fullmatch(source.get("sha256", "")):
                problems.append(f"{name} {source.get('url')} is not pinned by sha256")
        elif kind == "git":
            if not source.get("url", "").startswith("https://"):
                problems.append(f"{name} {source.get('url')} is not an https URL")
            if not (source.get("commit") or source.get("tag")):
                problems.append(f"{name} {source.get('url')} names neither a tag nor a commit")
        elif kind in ("inline", "shell"):
            pass
        else:
            problems.append(f"{name}: unexpected source type")


def check_app_module(module, root, problems):
    commands = module.get("build-commands", [])
    if SWIFT_BUILD not in commands:
        problems.append(f"the app module does not run `{SWIFT_BUILD}`")
    installs = [c for c in commands if c.startswith("make install")]
    if len(installs) != 1:
        problems.append("the app module must install with exactly one `make install PREFIX=/app …`")
        return
    words = shlex.split(installs[0])
    variables = [w for w in words[2:] if "=" in w]
    if "PREFIX=/app" not in variables or len(variables) != len(words) - 2:
        problems.append(f"`{installs[0]}` must be `make install PREFIX=/app` with variables only")
        return
    # What the Makefile would run for exactly these variables.
    dry = subprocess.run(["make", "-n", "-C", root, "--no-print-directory", "install", *variables],
                         capture_output=True, text=True)
    if dry.returncode != 0:
        problems.append(f"`make -n install {' '.join(variables)}` failed: {dry.stderr.strip()}")
        return
    lines = [line.strip() for line in dry.stdout.splitlines()]
    if SWIFT_BUILD not in lines:
        problems.append(f"the Makefile's install target, with {' '.join(variables)}, does not build with "
                        f"`{SWIFT_BUILD}` as the manifest does; it runs: "
                        + "; ".join(l for l in lines if l.startswith("swift")))
    if not any(re.fullmatch(r"install -Dm755 \S+/release/plutary /app/bin/plutary", l) for l in lines):
        problems.append("the Makefile's install target does not install the release binary to /app/bin/plutary")
    for destination in (f"/app/share/applications/{APP_ID}.desktop", f"/app/share/metainfo/{APP_ID}.metainfo.xml",
                        f"/app/share/glib-2.0/schemas/{APP_ID}.gschema.xml", "/app/share/plutary/style.css"):
        if not any(l.endswith(" " + destination) for l in lines):
            problems.append(f"the Makefile's install target does not install {destination}")

    # Swift packages: a git source each, mirrored offline at an accepted version.
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as f:
        dependencies = PACKAGE_DEPENDENCY.findall(f.read())
    git_sources = {normal_url(s["url"]): s for s in module.get("sources", []) if s.get("type") == "git"}
    offline = [shlex.split(c) for c in commands if "swiftpm-offline.sh" in c]
    mirrored = {}
    for words in offline:
        triples = words[1:]
        for i in range(0, len(triples) - 2, 3):
            mirrored[normal_url(triples[i])] = (triples[i + 1], triples[i + 2])
    for url, minimum in dependencies:
        key = normal_url(url)
        source = git_sources.get(key)
        if source is None:
            problems.append(f"Package.swift depends on {url}, which the app module does not fetch")
            continue
        if key not in mirrored:
            problems.append(f"{url} is fetched but not mirrored for SwiftPM (swiftpm-offline.sh)")
            continue
        dest, version = mirrored[key]
        if source.get("dest") != dest:
            problems.append(f"{url} is fetched into {source.get('dest')} but mirrored from {dest}")
        pinned = version_tuple(version)
        if pinned < version_tuple(minimum) or pinned[0] != version_tuple(minimum)[0]:
            problems.append(f"{url} is pinned at {version}, which `from: \"{minimum}\"` does not accept")
        if source.get("tag") and version_tuple(source["tag"]) != pinned:
            problems.append(f"{url}: the git tag {source['tag']} is not the mirrored version {version}")


def check(manifest_path, root=None):
    """Problems found (empty when the manifest is fine) and notes worth printing."""
    manifest_dir = os.path.dirname(os.path.abspath(manifest_path))
    root = root or os.path.dirname(manifest_dir)
    problems, notes = [], []
    manifest = load_json(manifest_path, problems)
    if manifest is None:
        return problems, notes
    expected = {"id": APP_ID, "runtime": "org.gnome.Platform", "runtime-version": "47", "sdk": "org.gnome.Sdk",
                "command": "plutary"}
    for key, value in expected.items():
        if manifest.get(key) != value:
            problems.append(f"{key} is {manifest.get(key)!r}, expected {value!r}")
    if SWIFT_EXTENSION not in manifest.get("sdk-extensions", []):
        problems.append(f"sdk-extensions does not name {SWIFT_EXTENSION}")
    options = manifest.get("build-options", {})
    if SWIFT_BIN not in options.get("append-path", "").split(":"):
        problems.append(f"build-options append-path does not include {SWIFT_BIN}")
    library_path = options.get("prepend-ld-library-path", "") + ":" + options.get("append-ld-library-path", "")
    if SWIFT_LIB not in library_path.split(":"):
        problems.append(f"build-options does not add {SWIFT_LIB} to the library path")
    args = set(manifest.get("finish-args", []))
    for arg in sorted(REQUIRED_ARGS - args):
        problems.append(f"finish-args lacks {arg}")
    for arg in sorted(args - ALLOWED_ARGS):
        problems.append(f"finish-args grants {arg}; files come through portals and the token through the secret portal")

    app_modules, tessdata = [], set()
    for module, where in modules(manifest_dir, manifest.get("modules"), problems):
        check_sources(module, where, problems)
        if any(s.get("type") == "dir" for s in module.get("sources", [])):
            app_modules.append(module)
        for source in module.get("sources", []):
            name = os.path.basename(source.get("url", ""))
            if name.endswith(".traineddata"):
                tessdata.add(name[:-len(".traineddata")])
            if source.get("type") == "git" and not source.get("commit"):
                notes.append(f"{module.get('name')}: {source.get('url')} is pinned by tag {source.get('tag')} only; add its commit")
    for language in sorted(TESSDATA - tessdata):
        problems.append(f"no tessdata source for {language}")
    if len(app_modules) != 1:
        problems.append(f"expected one app module built from the source folder, found {len(app_modules)}")
    else:
        check_app_module(app_modules[0], root, problems)

    if shutil.which("flatpak-builder"):
        # It leaves a .flatpak-builder folder in its working directory: give it a temporary one.
        with tempfile.TemporaryDirectory() as scratch:
            shown = subprocess.run(["flatpak-builder", "--show-manifest", os.path.abspath(manifest_path)],
                                   capture_output=True, text=True, cwd=scratch)
        if shown.returncode != 0:
            problems.append(f"flatpak-builder --show-manifest failed: {shown.stderr.strip()}")
        else:
            notes.append("flatpak-builder --show-manifest parses it")
    else:
        notes.append("flatpak-builder is not installed: --show-manifest skipped")
    return problems, notes


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    found, remarks = check(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None)
    for remark in remarks:
        print(f"check_flatpak: note: {remark}")
    for problem in found:
        print(f"check_flatpak: {problem}")
    if found:
        sys.exit(1)
    print(f"check_flatpak: {sys.argv[1]} is fine")
