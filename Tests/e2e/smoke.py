"""e2e smoke test: the real app with --fixture sample, checked through AT-SPI.

Fails if a sidebar entry, the receipts list or the fixture data is missing.
Usage: smoke.py PLUTARY_BINARY SCREENSHOT_DIR"""
import os
import re
import sys
import time

import pyatspi

from apphost import App, click, find_all, screenshot, start_accessibility_bus, wait_for

SECTIONS = ["Receipts", "Products", "Analytics", "Settings"]
FIXTURE_RECEIPTS = 48
FIXTURE_MERCHANTS = {"Costco Wholesale", "Walmart", "T&T Supermarket", "No Frills"}


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    bus = start_accessibility_bus()
    app = App(binary, "--fixture", "sample")
    try:
        root = app.find()
        # Sidebar: the four sections as toggle buttons.
        buttons = {}
        for section in SECTIONS:
            found = wait_for(f"sidebar entry {section}", lambda: find_all(root, role="push button", name=section))
            buttons[section] = found[0]

        # Receipts list: the count and a fixture merchant.
        count_label = wait_for("receipt count", lambda: find_all(root, role="label", predicate=lambda n: re.fullmatch(r"\d+ receipts?", n.name or "")))
        count = int(count_label[0].name.split()[0])
        assert count == FIXTURE_RECEIPTS, f"receipts list shows {count}, expected {FIXTURE_RECEIPTS}"
        merchants = wait_for("a fixture merchant in the list",
                             lambda: find_all(root, role="label", predicate=lambda n: n.name in FIXTURE_MERCHANTS))
        print(f"receipts list: {count} receipts, e.g. {merchants[0].name}")

        for section in SECTIONS:
            click(buttons[section])
            wait_for(f"{section} screen", lambda: find_all(root, role="frame", name=f"{section} – Plutary"))
            wait_for(f"{section} sidebar entry pressed", lambda: buttons[section].getState().contains(pyatspi.STATE_PRESSED))
            time.sleep(0.5)
            screenshot(os.path.join(out_dir, f"{section.lower()}.png"))
            print(f"section {section}: shown")
        print(f"screenshots in {out_dir}")
    finally:
        app.stop()
        bus.terminate()
        app.remove()


if __name__ == "__main__":
    main()
