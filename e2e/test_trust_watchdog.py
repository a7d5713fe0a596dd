"""The worker watchdog: a request the engine does not answer in time — Python stuck
in a loop — makes the page say so, restart the worker (the crash recovery of js/engine/engine.js), and
send the event again once (session.js): the encounter is intact and the event applied once.

The loop is real: the `?test-hooks` hook "hang" makes the worker run `while True: pass` on its
next request; the watchdog's limit is lowered from 60 s to 2 s for the test."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from conftest import add_fighter, app_ready, idle, new_encounter
from playwright.sync_api import expect

pytestmark = pytest.mark.usefixtures("hooked_build")  # drives ?test-hooks

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good", "damage_capacity": "Good"}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great", "damage_capacity": "Fair"}


def test_a_stuck_engine_is_restarted_and_the_event_goes_through_once(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    new_encounter(page, SimpleNamespace(url=site.url + "?test-hooks"), "Stuck")
    add_fighter(page, ASTA)
    page.evaluate("pyfudgeEngine.watchdogMs = 2000; pyfudgeEngine.testCrash('hang')")
    add_fighter(page, ORC)  # hangs, is cut off by the watchdog, and is sent again: applied
    status = page.locator("#engine-status")
    expect(status).to_contain_text("was restarted")
    assert page.evaluate("pyfudgeEngine.restarts") == 1
    log = page.get_by_test_id("log").locator("li")
    expect(log).to_have_text(["Ásta joins the fight.", "Orc joins the fight."])
    axe_check(page, "after a stuck engine was restarted")
    page.reload()
    app_ready(page)
    idle(page)
    expect(log).to_have_text(["Ásta joins the fight.", "Orc joins the fight."])


def test_the_page_says_the_engine_was_stuck(open_context, site):
    page = open_context().new_page()
    page.goto(site.url + "?test-hooks")
    app_ready(page)
    page.evaluate("pyfudgeEngine.watchdogMs = 1500")
    page.evaluate("globalThis.__answer = pyfudgeEngine.testPython('while True:\\n    pass'); 0")
    page.wait_for_selector("html[data-engine=restarting]")
    expect(page.locator("#engine-status")).to_contain_text("did not answer for 1.5 s: Python seems stuck in a loop")
    assert page.evaluate("globalThis.__answer")["error"]["type"] == "EngineRestarted"
    app_ready(page)
    assert page.evaluate("pyfudgeEngine.request('ladder')")["ok"]
