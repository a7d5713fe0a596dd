"""The web manifest's screenshots (site/screenshots/), taken with Chromium from a built app: a
round of a small fight at a phone's 390×844 and a laptop's 1280×800, drawn at one device pixel
per CSS pixel so the manifest's sizes are the files' own.

    PYFUDGE_DIST=/tmp/dist python build.py build && PYFUDGE_DIST=/tmp/dist python e2e/make_screenshots.py
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

from playwright.sync_api import sync_playwright

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]
from conftest import add_fighter, idle, new_encounter, play_exchange  # noqa: E402

import harness  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "site" / "screenshots"
FIGHTERS = [
    {"name": "Brenna", "role": "pc", "skills": {"Sword": "Great"}, "weapon": {"name": "Sword", "size": 2}},
    {"name": "Aldric", "role": "pc", "skills": {"Axe": "Good"}, "weapon": {"name": "Axe", "size": 2}},
    {"name": "Goblin 1", "role": "npc", "skills": {"Spear": "Fair"}, "weapon": {"name": "Spear", "size": 1}},
    {"name": "Goblin 2", "role": "npc", "skills": {"Spear": "Fair"}, "weapon": {"name": "Spear", "size": 1}},
]
SIZES = {"round-390x844.png": {"width": 390, "height": 844}, "round-1280x800.png": {"width": 1280, "height": 800}}


def main() -> None:
    server = harness.SiteServer(Path(os.environ["PYFUDGE_DIST"]), 0, on_request=lambda path: None)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = SimpleNamespace(url=f"http://127.0.0.1:{server.server_address[1]}/")
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(harness.DEBIAN_CHROMIUM), args=harness.CHROMIUM_ARGS)
        for name, viewport in SIZES.items():
            page = browser.new_context(viewport=viewport, device_scale_factor=1,
                                       is_mobile=viewport["width"] < 600).new_page()
            page.on("pageerror", lambda e: print("pageerror:", e))
            new_encounter(page, site, "Goblin ambush", preset="fudge1995")
            for fighter in FIGHTERS:
                add_fighter(page, fighter)
            play_exchange(page, "Brenna", "Goblin 1", {"a_dice": {"roll": {"faces": [1, 1, 0, -1]}},
                                                       "b_dice": {"roll": {"faces": [-1, 0, 0, -1]}}})
            page.locator("#add-fighter").evaluate("(d) => d.removeAttribute('open')")
            idle(page)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(OUT / name))
            page.context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
