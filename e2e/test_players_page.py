"""The players' page (play.html) opening a snapshot players' link with no Python: names shown from
the view the link carries, no request for Pyodide, its wheels, the standard library or the engine's
worker; nothing of an NPC the GM hides; a tampered link refused in words; its own service worker
keeps it for offline use without the app's runtime; the view's shape checked by the page's generic
checker exactly as JSON Schema reads it. Phone size 390×844, axe, the keyboard."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import jsonschema
from playwright.sync_api import expect
from test_live_signal import wait_for

from pyfudge import api
from pyfudge.door import codec
from pyfudge.encounter import players

SHOTS = Path("/tmp/shots-player")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "armor": {"name": "Mail", "value": 3}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Zweihanderkunst": "Superb"}, "strength": "Great",
       "weapon": {"name": "Glaive of Woe", "size": 2}, "armor": {"name": "Brigandine", "value": 2}}
ENCOUNTER = {"name": "Raid on the mill", "ruleset": {"preset": "fudge1995"},
             "log": [{"t": "add", "fighter": ASTA}, {"t": "add", "fighter": ORC},
                     {"t": "wound", "id": "c2", "level": "Very Hurt"}, {"t": "wound", "id": "c1", "level": "Hurt"}]}
SECRETS = ("Zweihanderkunst", "Glaive of Woe", "Brigandine", "Superb")  # and, on the Orc's card, "Very Hurt"
# What a players' page must never ask for: the app's runtime and engine.
ENGINE = re.compile(r"pyodide|\.whl|\.wasm|python_stdlib|/wheels/|engine|worker|sw\.js", re.I)


def fragment_of(encounter: dict) -> str:
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": "encounter.players_link",
                                              "args": {"encounter": encounter}})))
    assert reply["ok"], reply
    return reply["result"]["fragment"]


def view_of(encounter: dict) -> dict:
    return codec.unwrap(codec.decode_link(fragment_of(encounter)), "players-view")


def asked(context) -> list[str]:
    return [r["url"] for r in context.recorder.requests]


def test_a_snapshot_link_shows_the_fight_with_no_python(open_context, site, axe_check):
    SHOTS.mkdir(exist_ok=True)
    context = open_context(**PHONE)
    page = context.new_page()
    page.goto(f"{site.url}play.html#v={fragment_of(ENCOUNTER)}&c=c1")
    page.wait_for_selector("html[data-player=ready]")
    # Ásta's own card, large, first; the Orc below as the GM shows him: a word for his wounds.
    own = page.get_by_test_id("player-card").first
    expect(own.get_by_role("heading", level=2, name="Ásta")).to_be_visible()
    expect(own.get_by_test_id("player-status")).to_have_text("Hurt −1")
    expect(own.locator(".pbox.marked")).to_have_count(1)
    assert own.get_by_role("heading", name="Ásta").evaluate("(h) => parseFloat(getComputedStyle(h).fontSize)") >= 28
    orc = page.get_by_test_id("compact-card").filter(has_text="Orc")  # one line beside her own card
    expect(orc.get_by_test_id("player-status")).to_have_text("badly hurt")
    text = page.evaluate("document.documentElement.outerHTML")
    for secret in SECRETS:
        assert secret not in text, secret
    assert "Very Hurt" not in orc.evaluate("(card) => card.outerHTML")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=SHOTS / "snapshot-390x844.png", full_page=True)
    axe_check(page, "players' page, a snapshot")
    # No Python: nothing of the runtime, the engine or its worker was asked for, by the page or
    # its service worker, and no worker runs.
    wait_for(page, "() => navigator.serviceWorker.getRegistration('./play.html').then((r) => !!r?.active)")
    assert not [u for u in asked(context) if ENGINE.search(u)], asked(context)
    assert page.workers == []
    paths = {u.removeprefix(site.url).split("#")[0] for u in asked(context)}
    assert paths == {"play.html", "css/app.css", "js/play/main.js", "icons/icon.svg", "sw-play.js"}, paths


def test_the_page_works_offline_after_one_visit_without_the_apps_runtime(open_context, site):
    context = open_context(**PHONE)
    page = context.new_page()
    link = f"{site.url}play.html#v={fragment_of(ENCOUNTER)}"
    page.goto(link)
    page.wait_for_selector("html[data-player=ready]")
    wait_for(page, "() => navigator.serviceWorker.getRegistration('./play.html').then((r) => !!r?.active)")
    # Only the players' page's worker, scoped to it: the app's sw.js (which caches Python) is not there.
    scopes = page.evaluate("navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => r.scope))")
    assert scopes == [f"{site.url}play.html"]
    cached = page.evaluate("""async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('pyfudge'));
      const keys = [];
      for (const name of names) for (const r of await (await caches.open(name)).keys()) keys.push(r.url);
      return keys.sort();
    }""")
    assert [u.removeprefix(site.url) for u in cached] == [
        "css/app.css", "icons/icon.svg", "js/play/main.js", "play.html"]
    context.set_offline(True)
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("html[data-player=ready]")
    expect(page.get_by_role("heading", name="Orc")).to_be_visible()


def test_a_tampered_or_foreign_link_is_refused_in_words(open_context, site, axe_check):
    page = open_context(**PHONE).new_page()
    view = view_of(ENCOUNTER)

    def shows(fragment: str, words: str) -> None:
        page.goto("about:blank")
        page.goto(f"{site.url}play.html#v={fragment}")
        page.wait_for_selector("html[data-player=error]")
        expect(page.get_by_test_id("player-error")).to_contain_text(words)
        expect(page.get_by_test_id("player-card")).to_have_count(0)

    # Hidden stats written into the view by hand: a key no view holds.
    forged = json.loads(json.dumps(view))
    forged["combatants"][1]["skills_hidden"] = {"Zweihanderkunst": "Superb"}
    shows(codec.encode_link(codec.wrap("players-view", forged)), "This view is not one the GM's pyfudge makes")
    expect(page.get_by_test_id("player-error")).to_contain_text("combatants[1]")
    assert "Zweihanderkunst" not in page.content()
    axe_check(page, "players' page, a refused link")
    long_name = json.loads(json.dumps(view))
    long_name["combatants"][0]["name"] = "A" * 61
    shows(codec.encode_link(codec.wrap("players-view", long_name)), "combatants[0].name is longer than 60 characters")
    # A character changed, the link cut short, a newer format, another kind of pyfudge data.
    good = fragment_of(ENCOUNTER)
    shows(good[:30] + ("A" if good[30] != "A" else "B") + good[31:], "garbled")
    shows(good[:-12], "garbled")
    shows("f2." + good[3:], "newer pyfudge")
    shows(codec.encode_link({"type": "pyfudge/players-view", "version": 2, "data": view}), "newer pyfudge")
    shows(codec.encode_link(codec.wrap("encounter", ENCOUNTER)), "not a players' view")
    shows("hello", "not a pyfudge players' link")
    # A player link naming no such combatant says so.
    shows(good + "&c=c99", "combatant")


def test_the_page_is_usable_from_the_keyboard(open_context, site):
    page = open_context(**PHONE).new_page()
    page.goto(f"{site.url}play.html")
    expect(page.get_by_role("heading", name="Players' page")).to_be_visible()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Scan the GM's code"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "paste"
    page.keyboard.type(f"{site.url}play.html#v={fragment_of(ENCOUNTER)}")
    page.keyboard.press("Enter")
    page.wait_for_selector("html[data-player=ready]")
    expect(page.get_by_role("heading", name="Ásta")).to_be_visible()


# --- the page's shape checker reads VIEW_SHAPE as JSON Schema does --------------------------------

MUTATIONS = ("drop", "add", "retype", "long", "number", "grow")


def mutate(value, rng: random.Random, depth: int = 0):
    """value with one change somewhere inside (a key dropped or added, a value of another type,
    a longer text, a number far off, a list grown)."""
    if isinstance(value, dict) and value and (depth < 4 and rng.random() < 0.7):
        key = rng.choice(sorted(value))
        return {**value, key: mutate(value[key], rng, depth + 1)}
    if isinstance(value, list) and value and rng.random() < 0.7:
        i = rng.randrange(len(value))
        return value[:i] + [mutate(value[i], rng, depth + 1)] + value[i + 1:]
    how = rng.choice(MUTATIONS)
    if how == "drop" and isinstance(value, dict) and value:
        return {k: v for k, v in value.items() if k != rng.choice(sorted(value))}
    if how == "add" and isinstance(value, dict):
        return {**value, rng.choice(["secret", "__proto__", "constructor", "hp"]): 1}
    if how == "long" and isinstance(value, str):
        return value + rng.choice(["x" * 80, "🐉" * 30, ""])
    if how == "number" and isinstance(value, int) and not isinstance(value, bool):
        return value + rng.choice([-10**7, -1, 1, 10**7])
    if how == "grow" and isinstance(value, list):
        return value + value + value * rng.randint(0, 20)
    return rng.choice([None, True, 0, 1.5, "x", [], {}, -1])


def test_the_pages_checker_agrees_with_json_schema_on_views_and_their_mutants(open_context, site):
    page = open_context().new_page()
    page.goto(f"{site.url}play.html")
    view = view_of({**ENCOUNTER, "log": [*ENCOUNTER["log"], {"t": "players", "see": ["skills", "weapons", "wounds"]}]})
    rng = random.Random(26)
    cases = [view] + [mutate(view, rng) for _ in range(400)]
    validator = jsonschema.Draft202012Validator(players.VIEW_SHAPE)
    expected = [validator.is_valid(case) for case in cases]
    got = page.evaluate("""async (cases) => {
      const { misfit } = await import('./js/play/shape.js');
      const shape = await (await fetch('./js/play/players-view-shape.json')).json();
      return cases.map((text) => misfit(JSON.parse(text), shape) === null);
    }""", [json.dumps(case) for case in cases])
    assert got == expected
    assert expected[0] and 50 < expected.count(False) < 400, expected.count(False)
