"""The fight's log is readable; undo/redo any number of steps; reload at any moment and
everything is as it was. Also the store: {type, version} envelopes, the index's v0 → v1
migration, reading storage that never throws, the saved view painted before Python is up, and
input made before the engine is ready kept and applied in order."""

from __future__ import annotations

import re

from conftest import add_fighter, app_ready, card, idle, new_encounter, play_exchange
from playwright.sync_api import expect

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}
HIT = {"a_dice": {"roll": {"faces": [0, 0, 0, 0]}}, "b_dice": {"roll": {"faces": [1, 1, 1, 0]}}}


def snapshot(page) -> dict:
    """What the encounter shows: each fighter's row (name, side, state), round, last result and log."""
    return {
        "cards": page.locator("[data-testid=roster] .row-btn")
        .evaluate_all("bs => bs.map((b) => b.getAttribute('aria-label'))"),
        "round": page.get_by_test_id("round").text_content(),
        "last": page.get_by_test_id("last-text").all_inner_texts(),
        "log": page.get_by_test_id("log").locator("li").all_inner_texts(),
    }


def test_log_undo_redo_and_reload(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Log", preset="fudge1995")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    play_exchange(page, "Ásta", "Orc", HIT)
    page.get_by_role("button", name="Next round").click()
    idle(page)
    card(page, "Orc").get_by_role("button", name="Scratch box 1, empty").click()
    idle(page)
    after = snapshot(page)
    log = page.get_by_test_id("log").locator("li")
    expect(log).to_have_text(["Ásta joins the fight.", "Orc joins the fight.",
                              re.compile(r"^Round 1, Ásta vs Orc: hit: Ásta Very Hurt\.\s*"
                                         r"Dice: Ásta \[0 0 0 0\] 0; Orc \[\+ \+ \+ 0\] \+3$"),
                              "Round 2 begins.", "Orc: the GM marks Scratch box 1."])

    # Undo four steps: back to just Ásta; redo two: the Orc and the hit are back.
    undo = page.get_by_role("button", name="Undo", exact=True)
    redo = page.get_by_role("button", name="Redo", exact=True)
    for _ in range(4):
        undo.click()
        idle(page)
    expect(page.locator("[data-testid=roster] > li")).to_have_count(1)
    expect(page.get_by_test_id("round")).to_have_text("1")
    for _ in range(2):
        redo.click()
        idle(page)
    expect(page.locator("[data-testid=roster] > li")).to_have_count(2)
    expect(card(page, "Ásta").get_by_test_id("status")).to_have_text("Very Hurt −2")
    expect(log.last).to_have_text("Redo: Round 1, Ásta vs Orc: hit: Ásta Very Hurt.")
    middle = snapshot(page)

    # Reload: exactly as it was (painted from storage, then from the engine's replay).
    page.reload()
    app_ready(page)
    idle(page)
    assert snapshot(page) == middle
    expect(redo).to_be_enabled()
    for _ in range(2):
        redo.click()
        idle(page)
    expect(redo).to_be_disabled()
    assert {k: v for k, v in snapshot(page).items() if k != "log"} == \
           {k: v for k, v in after.items() if k != "log"}

    # What is stored: the envelope and the log (undo and redo are events too).
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:enc:{eid}'))")
    assert (stored["type"], stored["version"]) == ("pyfudge/encounter", 1)
    assert [e["t"] for e in stored["data"]["log"]].count("undo") == 4
    index = page.evaluate("JSON.parse(localStorage.getItem('pyfudge:index'))")
    assert index["type"] == "pyfudge/app-index" and index["version"] == 1
    assert index["data"]["encounters"][0]["id"] == eid
    axe_check(page, "log after undo and redo")


def test_saved_encounter_paints_before_python_and_early_input_is_kept(open_context, site):
    context = open_context(service_workers="block")
    page = context.new_page()
    new_encounter(page, site, "Early", preset="fudge1995")
    add_fighter(page, ASTA)
    before = snapshot(page)

    # Hold the engine's wheel: Python cannot be ready until the test lets it through.
    held = []
    context.route("**/wheels/*/pyfudge-*.whl", lambda route: held.append(route))
    # Wait until the worker has asked for the wheel (under load that can take seconds).
    with context.expect_event("request", predicate=lambda r: "/pyfudge-" in r.url and r.url.endswith(".whl"),
                              timeout=120_000):
        page.reload()
    page.wait_for_selector("html[data-view=saved]")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert snapshot(page) == before  # the saved view, painted from storage
    assert page.evaluate("performance.getEntriesByName('app-painted').length") == 1
    expect(page.get_by_text("Saved copy")).to_be_visible()
    # A tap now waits for the engine and is applied when it is ready.
    card(page, "Ásta").get_by_role("button", name="Scratch box 2, empty").click()
    page.wait_for_function("document.documentElement.dataset.busy === 'true'")
    assert held, "the engine's wheel request was not held"
    for route in held:
        route.continue_()
    app_ready(page)
    idle(page)
    expect(card(page, "Ásta").get_by_role("button", name="Scratch box 2, marked")).to_be_visible()
    expect(page.get_by_test_id("log").locator("li").last).to_have_text("Ásta: the GM marks Scratch box 2.")


def test_saved_view_shows_when_the_engine_cannot_start(open_context, site):
    context = open_context(service_workers="block")
    page = context.new_page()
    new_encounter(page, site, "Offline", preset="fudge1995")
    add_fighter(page, ASTA)
    before = snapshot(page)
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.reload()
    page.wait_for_selector("html[data-engine=failed]")
    assert snapshot(page) == before


def test_storage_that_is_broken_old_or_newer_never_breaks_the_app(open_context, site):
    page = open_context().new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url)
    app_ready(page)
    # Version 0 of the index: a bare array, no envelope. It migrates on read.
    page.evaluate("""() => {
        localStorage.setItem('pyfudge:index', JSON.stringify([{id: 'eold1', name: 'Old fight'}, 'eold2']));
        localStorage.setItem('pyfudge:enc:ebad', '{not json');
        localStorage.setItem('pyfudge:view:ebad', '[]');
        localStorage.setItem('pyfudge:enc:enew', JSON.stringify({type: 'pyfudge/encounter', version: 99, data: {}}));
        localStorage.setItem('pyfudge:describe', 'null');
    }""")
    page.reload()
    app_ready(page)
    expect(page.locator(".links a")).to_have_text(["Old fight", "Encounter"])
    store = page.evaluate("""async () => {
        const s = {...await import('./js/data/storage.js'), ...await import('./js/data/encounter-store.js')};
        const out = {
            migrated: s.loadIndex(),
            bad: s.loadEncounter('ebad'), badView: s.loadView('ebad'), newer: s.loadEncounter('enew'),
            foreign: s.unwrap({type: 'other', version: 1, data: 1}, s.TYPES.index),
        };
        s.touch('eold1', 'Old fight');
        out.rewritten = JSON.parse(localStorage.getItem('pyfudge:index'));
        localStorage.setItem('pyfudge:index', JSON.stringify({type: 'pyfudge/app-index', version: 7, data: {}}));
        out.tooNew = s.loadIndex();
        return out;
    }""")
    assert [e["id"] for e in store["migrated"]["encounters"]] == ["eold1", "eold2"]
    assert store["bad"] is None and store["badView"] is None and store["newer"] is None
    assert store["foreign"] is None
    assert store["rewritten"]["type"] == "pyfudge/app-index" and store["rewritten"]["version"] == 1
    assert {e["id"] for e in store["rewritten"]["data"]["encounters"]} == {"eold1", "eold2"}
    assert store["tooNew"] == {"encounters": []}
    # An address this device holds nothing for, or holds unreadable data for.
    for eid, says in (("ebad", "damaged"), ("enew", "newer version"), ("eold1", "holds no encounter")):
        page.goto(site.url + f"#/e/{eid}")
        expect(page.get_by_role("alert")).to_contain_text(says)  # unreadable data: kept aside (trust)
    # Storage that throws on every access (as some private modes do).
    page.evaluate("""() => {
        Object.defineProperty(window, 'localStorage', { get() { throw new Error('denied'); } });
    }""")
    store = page.evaluate("""async () => {
        const s = {...await import('./js/data/storage.js'), ...await import('./js/data/encounter-store.js')};
        return [s.loadIndex(), s.loadEncounter('x'), s.saveEncounter('x', {log: []}), s.touch('x', 'X')];
    }""")
    assert store == [{"encounters": []}, None, False, False]
    assert not errors, errors
