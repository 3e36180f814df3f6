"""Tests for check_flatpak.py: the real manifest passes, and each kind of
breakage, planted in a copy of flatpak/, is reported."""
import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_flatpak  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MANIFEST = "io.github.plutary.Plutary.json"


class CheckFlatpakTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="plutary-flatpak-")
        shutil.copytree(os.path.join(ROOT, "flatpak"), os.path.join(self.folder, "flatpak"))
        self.manifest = os.path.join(self.folder, "flatpak", MANIFEST)

    def tearDown(self):
        shutil.rmtree(self.folder)

    def edit(self, name, change):
        path = os.path.join(self.folder, "flatpak", name)
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        change(data)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f)

    def app_module(self, data):
        return next(m for m in data["modules"] if isinstance(m, dict) and m["name"] == "plutary")

    def problems(self):
        return check_flatpak.check(self.manifest, ROOT)[0]

    def assertReported(self, fragment):
        problems = self.problems()
        self.assertTrue(any(fragment in p for p in problems), f"{fragment!r} not in {problems}")

    def test_the_real_manifest_passes(self):
        self.assertEqual(self.problems(), [])

    def test_missing_module_file(self):
        os.remove(os.path.join(self.folder, "flatpak", "tesseract.json"))
        self.assertReported("module file tesseract.json does not exist")

    def test_invalid_json(self):
        with open(os.path.join(self.folder, "flatpak", "leptonica.json"), "a") as f:
            f.write("}")
        self.assertReported("leptonica.json")

    def test_missing_local_source(self):
        os.remove(os.path.join(self.folder, "flatpak", "swiftpm-offline.sh"))
        self.edit(MANIFEST, lambda d: self.app_module(d)["sources"].append({"type": "file", "path": "swiftpm-offline.sh"}))
        self.assertReported("names swiftpm-offline.sh, which does not exist")

    def test_home_access_is_refused(self):
        self.edit(MANIFEST, lambda d: d["finish-args"].append("--filesystem=home"))
        self.assertReported("--filesystem=home")

    def test_unpinned_archive(self):
        self.edit("leptonica.json", lambda d: d["sources"][0].pop("sha256"))
        self.assertReported("is not pinned by sha256")

    def test_missing_language_data(self):
        self.edit("tessdata.json", lambda d: d.update(sources=[s for s in d["sources"] if "deu" not in s["url"]]))
        self.assertReported("no tessdata source for deu")

    def test_install_command_must_match_the_makefile(self):
        def drop_flags(data):
            commands = self.app_module(data)["build-commands"]
            commands[-1] = "make install PREFIX=/app"
        self.edit(MANIFEST, drop_flags)
        self.assertReported("does not build with")

    def test_install_must_go_to_app(self):
        def wrong_prefix(data):
            commands = self.app_module(data)["build-commands"]
            commands[-1] = commands[-1].replace("PREFIX=/app", "PREFIX=/usr")
        self.edit(MANIFEST, wrong_prefix)
        self.assertReported("PREFIX=/app")

    def test_every_swift_package_is_fetched(self):
        def drop_source(data):
            module = self.app_module(data)
            module["sources"] = [s for s in module["sources"] if "argument-parser" not in s.get("url", "")]
        self.edit(MANIFEST, drop_source)
        self.assertReported("swift-argument-parser, which the app module does not fetch")

    def test_pinned_version_must_satisfy_package_swift(self):
        def old_version(data):
            commands = self.app_module(data)["build-commands"]
            commands[0] = commands[0].replace("swift-argument-parser 1.8.2", "swift-argument-parser 1.2.0")
        self.edit(MANIFEST, old_version)
        self.assertReported("pinned at 1.2.0")


if __name__ == "__main__":
    unittest.main(verbosity=1)
