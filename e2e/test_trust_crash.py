"""The engine's worker crashing, or its runtime breaking: the user reads what
happened, the engine restarts by itself (`data-engine` back to "ready"), no request is lost
without an answer (pending ones get error type "EngineRestarted"), the dice panel and an open
encounter work again, and the encounter is intact — before and after a reload.

The crashes are real, caused through the test hook that `?test-hooks` turns on (js/engine/engine.js):
"terminate" kills the worker from the page (found by the worker's lifeline lock, as when the
browser kills it), "close" has the worker exit without a word, "fatal" makes Pyodide suffer a
fatal error while it handles the next request."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from conftest import add_fighter, app_ready, card, new_encounter
from playwright.sync_api import expect
from test_app import LADDER_NAME, enter_dice, roll

pytestmark = pytest.mark.usefixtures("hooked_build")  # drives ?test-hooks

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "damage_capacity": "Good"}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "damage_capacity": "Fair"}


def open_with_hooks(open_context, site, screen=None, path=""):
    page = open_context(**(screen or {})).new_page()
    page.goto(site.url + "?test-hooks" + path)
    app_ready(page)
    return page


def status(page):
    return page.locator("#engine-status")


def test_the_engine_restarts_after_its_worker_dies(open_context, site, screen, axe_check):
    page = open_with_hooks(open_context, site, screen)
    assert LADDER_NAME.match(roll(page))
    page.evaluate("pyfudgeEngine.testCrash('terminate')")
    # Told at once, in words, while the new worker starts.
    page.wait_for_selector("html[data-engine=restarting]")
    expect(status(page)).to_contain_text("The dice engine stopped unexpectedly; restarting it.")
    expect(status(page)).to_contain_text("Your encounters are saved.")
    axe_check(page, "an engine restarting")
    app_ready(page)
    expect(status(page)).to_contain_text("was restarted")
    assert page.evaluate("pyfudgeEngine.restarts") == 1
    # The dice panel works again: a roll, and entered dice read exactly.
    assert LADDER_NAME.match(roll(page))
    enter_dice(page, "Fair (0)", ["plus", "plus", "blank", "minus"])
    expect(page.locator("#result-name")).to_have_text("Good")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_no_request_is_lost_when_the_runtime_breaks(open_context, site):
    page = open_with_hooks(open_context, site)
    answers = page.evaluate("""async () => {
        const engine = globalThis.pyfudgeEngine;
        engine.testCrash("fatal");
        // Sent together: the first breaks the runtime while it is handled, the second waits
        // behind it. Both get a structured answer; a request made afterwards waits for the
        // new worker and is answered by it.
        const [first, second] = await Promise.all([
            engine.request("roll", { level: 0, faces: [1, 1, 1, 1] }),
            engine.request("ladder"),
        ]);
        const after = await engine.request("roll", { level: 0, faces: [1, 1, 0, 0] });
        engine.testCrash("close");  // the worker exits without a word: found all the same
        const later = await engine.request("roll", { level: 1, faces: [0, 0, 0, 0] });
        return { first, second, after, later, restarts: engine.restarts };
    }""")
    for lost in (answers["first"], answers["second"]):
        assert not lost["ok"]
        assert lost["error"]["type"] == "EngineRestarted"
        assert "restarted" in lost["error"]["message"] and "not applied" in lost["error"]["message"]
    assert answers["after"]["ok"] and answers["after"]["result"]["total"] == 2
    # "close" is found by the lifeline: the request either reached the dying worker (and got
    # EngineRestarted) or waited for the new one.
    later = answers["later"]
    assert later["ok"] or later["error"]["type"] == "EngineRestarted", later
    app_ready(page)
    assert page.evaluate("pyfudgeEngine.restarts") == 2


def test_a_roll_that_meets_a_crash_says_so_and_works_again(open_context, site):
    page = open_with_hooks(open_context, site)
    page.evaluate("pyfudgeEngine.testCrash('fatal')")
    page.get_by_role("button", name="Roll 4dF").click()
    expect(page.locator("#roll-error")).to_contain_text("stopped unexpectedly and was restarted")
    expect(page.locator("#roll-error")).to_contain_text("Try again")
    app_ready(page)
    assert LADDER_NAME.match(roll(page))


def test_a_runtime_that_keeps_breaking_is_given_up_with_advice(open_context, site):
    page = open_with_hooks(open_context, site)
    for _ in range(3):
        page.wait_for_selector("html[data-engine=ready]")
        page.evaluate("pyfudgeEngine.testCrash('fatal'); pyfudgeEngine.request('ladder')")
        page.wait_for_selector("html:not([data-engine=ready])")
    page.wait_for_selector("html[data-engine=failed]")
    expect(status(page)).to_contain_text("keeps stopping")
    expect(status(page)).to_contain_text("Reload the page")
    answer = page.evaluate("pyfudgeEngine.request('ladder')")
    assert answer["error"]["type"] == "EngineUnavailable"
    page.reload()  # and a reload does bring it back
    app_ready(page)


def test_a_worker_killed_while_restarting_is_restarted_within_the_budget(open_context, site):
    page = open_with_hooks(open_context, site)
    page.evaluate("pyfudgeEngine.testCrash('fatal'); pyfudgeEngine.request('ladder')")
    page.wait_for_selector("html[data-engine=restarting]")
    page.wait_for_timeout(300)
    # The new worker is killed while it starts (a phone reclaiming memory does this): the
    # second crash of the three allowed, so the engine restarts again. A request made meanwhile
    # waits for the worker that answers it.
    page.evaluate("""() => {
        pyfudgeEngine.testCrash('terminate');
        globalThis.__waiting = pyfudgeEngine.request('roll', { level: 0, faces: [1, 1, 0, 0] });
    }""")
    app_ready(page)
    expect(status(page)).to_contain_text("was restarted")
    answer = page.evaluate("globalThis.__waiting")
    assert answer["ok"] and answer["result"]["total"] == 2, answer
    assert LADDER_NAME.match(roll(page))


def test_an_open_encounter_is_intact_after_a_crash(open_context, site, screen):
    page = open_context(**screen).new_page()
    new_encounter(page, SimpleNamespace(url=site.url + "?test-hooks"), "Crash at the ford")
    add_fighter(page, ASTA)
    page.evaluate("pyfudgeEngine.testCrash('terminate')")
    page.wait_for_selector("html[data-engine=restarting]")
    expect(card(page, "Ásta")).to_be_visible()  # the view stays on screen meanwhile
    app_ready(page)
    add_fighter(page, ORC)  # the engine reopens the encounter from storage
    expect(page.locator("[data-testid=roster] > li")).to_have_count(2)

    # An event in flight when the runtime breaks was not applied (EngineRestarted): the session
    # sends it once more, to the new engine, and it goes through — once.
    page.evaluate("pyfudgeEngine.testCrash('fatal')")
    card(page, "Orc").get_by_role("button", name="Remove").click()
    expect(page.locator("[data-testid=roster] > li")).to_have_count(1, timeout=90_000)  # after a restart
    expect(status(page)).to_contain_text("was restarted")
    assert page.evaluate("pyfudgeEngine.restarts") == 2

    page.reload()
    app_ready(page)
    page.wait_for_selector("html[data-view=live]")
    expect(page.locator("[data-testid=roster] > li")).to_have_count(1)
    expect(card(page, "Ásta")).to_be_visible()
    expect(page.get_by_test_id("log").locator("li").last).to_have_text("Orc leaves the fight.")
    expect(page.get_by_test_id("log").locator("li", has_text="Orc leaves the fight.")).to_have_count(1)
