"""The build we ship works: `python build.py build` without --test-hooks (as the deploy makes it),
built by this test's fixture into its own folder ($PYFUDGE_SHIPPED_DIST: CI deploys the very folder
tested here), served on its own origin. The rest of the e2e
suite drives a --test-hooks build; this smoke test proves the other one: the first visit, one
exchange, a reload offline from the service worker's cache, and a share link's round trip.
Nothing here uses a test hook (there are none in this build: that is checked too)."""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path

import pytest
from conftest import READY_TIMEOUT_MS, Recorder, Site, add_fighter, app_ready, card, idle, new_encounter, play_exchange
from playwright.sync_api import expect

import build

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """The shipped build, made here (never $PYFUDGE_DIST, which is the hooked one), served."""
    dist = Path(os.environ.get("PYFUDGE_SHIPPED_DIST") or tmp_path_factory.mktemp("shipped") / "dist").resolve()
    build.build(dist=dist, test_hooks=False)
    site = Site(dist)
    thread = threading.Thread(target=site.server.serve_forever, daemon=True)
    thread.start()
    yield dist, site
    site.server.shutdown()
    site.server.server_close()


def test_the_shipped_build_has_no_test_hooks(shipped):
    dist, _ = shipped
    assert "test_hooks" not in json.loads((dist / build.MANIFEST).read_text())
    for script in dist.rglob("*.js"):
        text = script.read_text(errors="replace")
        assert build.TEST_HOOKS_BEGIN not in text and "testPython" not in text, script


def test_shipped_build_first_visit_exchange_offline_reload_and_share_link(browser, shipped):
    _, site = shipped
    context = browser.new_context(service_workers="allow", viewport={"width": 390, "height": 844})
    context.set_default_timeout(READY_TIMEOUT_MS)
    recorder = Recorder()
    recorder.attach(context)
    try:
        page = context.new_page()
        # First visit, even asking for the hooks: the app starts, and there are none to ask for.
        page.goto(site.url + "?test-hooks")
        app_ready(page)
        assert page.evaluate("typeof globalThis.pyfudgeEngine") == "undefined"
        page.wait_for_selector("html[data-offline]")
        assert page.evaluate("document.documentElement.dataset.offline") == "ready", \
            page.text_content("#offline-status")

        # One exchange, the book's dice entered: Orc Fair +3 = Superb against Ásta Good +0 = Good,
        # relative degree +2; his damage factor Strength +2 and club +1: 5, Very Hurt (F95 4.55).
        eid = new_encounter(page, site, "Shipped", preset="fudge1995")
        add_fighter(page, ASTA)
        add_fighter(page, ORC)
        play_exchange(page, "Ásta", "Orc", {"a_dice": {"roll": {"faces": [0, 0, 0, 0]}},
                                            "b_dice": {"roll": {"faces": [1, 1, 1, 0]}}})
        status = card(page, "Ásta").get_by_test_id("status")
        expect(status).to_have_text("Very Hurt −2")
        last = page.get_by_test_id("last-text").text_content()
        assert last.startswith("Round 1, Ásta vs Orc:"), last

        # Offline: a reload comes from the service worker's cache; the encounter is as it was.
        assert page.evaluate("!!navigator.serviceWorker.controller")
        context.set_offline(True)
        hits = len(site.paths)
        page.reload()
        app_ready(page)
        idle(page)
        expect(card(page, "Ásta").get_by_test_id("status")).to_have_text("Very Hurt −2")
        expect(page.get_by_test_id("last-text")).to_have_text(last)

        # The share link's round trip (still offline): the link imports a copy and opens it.
        page.get_by_role("link", name="Share", exact=True).click()
        page.wait_for_selector("html[data-share=ready]")
        link = page.get_by_label("Link to this encounter").input_value()
        assert re.fullmatch(re.escape(site.url) + r"#/s/f1\.[A-Za-z0-9_-]+", link), link
        page.goto(link)
        page.wait_for_url(re.compile(r"#/e/e[0-9a-f]+$"))
        idle(page)
        assert page.url.rsplit("/", 1)[1] != eid  # a copy, beside the original
        expect(page.locator("#enc-title")).to_have_text("Shipped")
        expect(card(page, "Ásta").get_by_test_id("status")).to_have_text("Very Hurt −2")
        expect(card(page, "Orc").get_by_test_id("status")).to_have_text("Undamaged")
        # The browser's own update check of sw.js escapes the emulated offline mode; nothing else may.
        reached = [path for path in site.paths[hits:] if path != "/sw.js"]
        assert not reached, f"offline, the shipped build reached the server: {reached}"
        off = recorder.off_origin(site.origin)
        assert not off, f"requests left the origin {site.origin}: {off}"
    finally:
        context.close()
