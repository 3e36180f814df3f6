"""e2e: the real app with --fixture sample in another language, read through AT-SPI.

Fails if a sidebar section, the receipt count or the window title is not in the
expected language, if an English section name is still on screen, or if the app
reports that it found no settings schema.
Usage: translated.py PLUTARY_BINARY LANGUAGE SCREENSHOT_DIR   (LANGUAGE: fr, de or zh_CN)"""
import os
import re
import subprocess
import sys
import time

import pyatspi

from apphost import App, click, find_all, screenshot, start_accessibility_bus, wait_for

ENGLISH_SECTIONS = ["Receipts", "Products", "Analytics", "Settings"]
FIXTURE_RECEIPTS = 48

# What each language shows: the four sections in sidebar order, and the receipt count.
EXPECTED = {
    "fr": {"locale": "fr_FR", "sections": ["Reçus", "Produits", "Statistiques", "Paramètres"],
           "count": r"(\d+) reçus?"},
    "de": {"locale": "de_DE", "sections": ["Belege", "Produkte", "Auswertung", "Einstellungen"],
           "count": r"(\d+) Belege?"},
    "zh_CN": {"locale": "zh_CN", "sections": ["收据", "商品", "统计", "设置"],
              "count": r"(\d+) 张收据"},
}


def locale_env(language):
    """LANG for the language when that locale is generated, else C.UTF-8 (LANGUAGE still applies)."""
    wanted = EXPECTED[language]["locale"]
    available = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower().split()
    lang = f"{wanted}.UTF-8" if f"{wanted.lower()}.utf8" in available else "C.UTF-8"
    return {"LANGUAGE": language, "LANG": lang, "LC_ALL": lang}


def main():
    binary, language, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    expected = EXPECTED[language]
    os.makedirs(out_dir, exist_ok=True)
    env = locale_env(language)
    print(f"{language}: LANG={env['LANG']} LANGUAGE={language} {binary}")
    bus = start_accessibility_bus()
    app = App(binary, "--fixture", "sample", env=env)
    try:
        root = app.find()
        buttons = []
        for section in expected["sections"]:
            found = wait_for(f"sidebar entry {section!r}", lambda: find_all(root, role="push button", name=section))
            buttons.append(found[0])
        english = [name for name in ENGLISH_SECTIONS if find_all(root, name=name)]
        assert not english, f"untranslated section names on screen: {english}"

        pattern = re.compile(expected["count"])
        count_label = wait_for("translated receipt count",
                               lambda: find_all(root, role="label", predicate=lambda n: pattern.fullmatch(n.name or "")))
        count = int(pattern.fullmatch(count_label[0].name).group(1))
        assert count == FIXTURE_RECEIPTS, f"receipt count shows {count_label[0].name!r}, expected {FIXTURE_RECEIPTS}"
        print(f"receipt count: {count_label[0].name!r}")

        for section, button in zip(expected["sections"], buttons):
            click(button)
            wait_for(f"window title for {section!r}", lambda: find_all(root, role="frame", name=f"{section} – Plutary"))
            wait_for(f"{section!r} pressed", lambda: button.getState().contains(pyatspi.STATE_PRESSED))
            print(f"section {section!r}: shown")
        click(buttons[0])
        time.sleep(1.5)  # let the list's rows arrive before the screenshot
        screenshot(os.path.join(out_dir, f"receipts-{language}.png"))

        log = app.read_log()
        assert "schema not found" not in log, f"the app found no settings schema; log:\n{log}"
    finally:
        app.stop()
        bus.terminate()
        app.remove()


if __name__ == "__main__":
    main()
