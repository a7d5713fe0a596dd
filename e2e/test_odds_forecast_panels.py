"""The odds of the exchange being prepared show in the round form, both
directions, and follow a change of stance with the values the engine's door gives; the fight
forecast, opened on demand, gives each side's chance of being the last standing (summing to
~100 %) and the expected rounds. Desktop and Pixel 7, axe."""

from __future__ import annotations

import json
import re

from conftest import add_fighter, declare, enter_faces, idle, new_encounter, open_declarations, open_odds, show_faces
from playwright.sync_api import expect

from pyfudge import api

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}


def door(action: str, **args) -> dict:
    """The engine's door, here in CPython: the same code the worker runs."""
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))
    assert reply["ok"], reply
    return reply["result"]


def shown(table) -> dict[str, float]:
    """A table of chances as the page shows it: {row kind: percent}."""
    rows = {}
    for row in table.locator("tr").all():
        text = row.locator(".pct").inner_text()
        rows[row.get_attribute("data-kind")] = 0.0 if text.startswith("<") else float(text.split()[0])
    return rows


def expected(direction: dict) -> dict[str, float]:
    rows = {word: c["p"] * 100 for word, c in direction["results"].items()}
    rows.update({f"wound-{w['level']}": w["p"] * 100 for w in direction["wounds"] if w["level"] > 0})
    rows.update({f"stun-{w['level']}": w["p"] * 100 for w in direction["stuns"]})
    return rows


def settled_odds(page, enc_id: str, event: dict):
    """The odds panel once settled, and what encounter.odds answers for this draft of the stored encounter."""
    panel = open_odds(page)
    expect(panel).to_have_attribute("aria-busy", "false")
    stored = page.evaluate("(id) => JSON.parse(localStorage.getItem('pyfudge:enc:' + id)).data", enc_id)
    return panel, door("encounter.odds", id="e2e-" + enc_id, rev=len(stored["log"]), encounter=stored, event=event)


def check_odds(page, enc_id: str, event: dict) -> None:
    """The odds panel, once settled, shows what encounter.odds answers for this draft."""
    panel, want = settled_odds(page, enc_id, event)
    tables = panel.get_by_test_id("odds-direction")
    expect(tables).to_have_count(2)
    for i, direction in enumerate(want["directions"]):
        got, exp = shown(tables.nth(i)), expected(direction)
        assert got.keys() == exp.keys()
        for k in exp:
            assert abs(got[k] - exp[k]) <= 0.051, (k, got[k], exp[k])


def test_odds_follow_the_stance_and_the_forecast_sums_to_one(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    enc_id = new_encounter(page, site, "Foresight", preset="mudge")  # Mudge fights with stances
    add_fighter(page, ASTA)
    add_fighter(page, ORC)

    # The odds of the draft exchange show before any die is rolled.
    # Folded to one plain line; the tables on tap.
    line = page.get_by_test_id("odds-line")
    expect(line).to_have_text(re.compile(r"^Ásta wounds Orc \d+ %, most likely [A-Za-z ]+; Orc wounds Ásta \d+ %"))
    panel = open_odds(page)
    expect(panel.get_by_role("table", name="Ásta strikes Orc")).to_be_visible()
    expect(panel.get_by_role("table", name="Orc strikes Ásta")).to_be_visible()
    draft = {"t": "exchange", "kind": "round", "a": "c1", "b": "c2"}
    check_odds(page, enc_id, draft)
    hit_before = shown(panel.get_by_test_id("odds-direction").first)["hit"]

    # Berserk: the odds change, to the door's values for the new draft.
    declare(page, "a", "Ásta", {"stance": "berserk"})
    asta = panel.get_by_test_id("odds-direction").first
    expect(asta.locator("tr[data-kind=hit] .pct")).not_to_have_text(f"{hit_before:.1f} %")
    check_odds(page, enc_id, {**draft, "a_declares": {"stance": "berserk"}})
    assert shown(asta)["hit"] > hit_before
    axe_check(page, "odds before rolling")
    panel.screenshot(path=f"/tmp/foresight-odds-{screen['viewport']['width']}.png")

    # The forecast runs when opened: side chances (and any capped fights) sum to ~100 %.
    forecast = page.locator("details.forecast")
    forecast.locator("summary").click()
    table = page.get_by_test_id("forecast")
    expect(table).to_be_visible(timeout=60_000)
    chances = shown(table)
    assert {"players", "foes"} <= chances.keys()
    assert abs(sum(chances.values()) - 100) <= 0.3, chances
    expect(page.get_by_test_id("forecast-method")).to_have_text(re.compile(r"^(Exact|Simulation of \d+ fights)"))
    assert float(page.get_by_test_id("forecast-rounds").inner_text()) >= 1
    axe_check(page, "forecast")
    forecast.screenshot(path=f"/tmp/foresight-forecast-{screen['viewport']['width']}.png")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}


def group_expected(want: dict) -> list[tuple[str, dict[str, float]]]:
    """The tables a group answer should show, in order: (caption, {row kind: percent})."""
    lone = {"strikes": want["strikes"]["p"] * 100}
    lone.update({f"hits-{h['hits']}": h["p"] * 100 for h in want["hits_taken"]})
    lone.update({f"after-{w['level']}": w["p"] * 100 for w in want["lone_after"] if w["level"] > 0})
    out = [("Ásta against 2 foes", lone)]
    for f in want["foes"]:
        for caption, lands, hurts, stuns in (
                (f"{f['name']} strikes Ásta", "hits_lone", "wounds_to_lone", "stuns_to_lone"),
                (f"Ásta strikes {f['name']}", "struck", "wounds_from_lone", "stuns_from_lone")):
            rows = {"lands": f[lands]["p"] * 100}
            rows.update({f"wound-{w['level']}": w["p"] * 100 for w in f[hurts] if w["level"] > 0})
            rows.update({f"stun-{w['level']}": w["p"] * 100 for w in f[stuns]})
            out.append((caption, rows))
    return out


def check_group_odds(page, enc_id: str, event: dict) -> dict:
    """The odds panel, once settled, shows what encounter.odds answers for this group draft."""
    panel, want = settled_odds(page, enc_id, event)
    tables = panel.locator("table.odds-table")
    expect(tables).to_have_count(5)
    for i, (caption, exp) in enumerate(group_expected(want)):
        expect(tables.nth(i).locator("caption")).to_have_text(caption)
        got = shown(tables.nth(i))
        assert got.keys() == exp.keys(), (caption, got, exp)
        for k in exp:
            assert abs(got[k] - exp[k]) <= 0.051, (caption, k, got[k], exp[k])
    return want


def test_a_group_draft_shows_the_doors_odds(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    enc_id = new_encounter(page, site, "Foresight group", preset="fudge1995")
    for f in (ASTA, ORC, GOB):
        add_fighter(page, f)
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Ásta (F95 4.34)")
    draft = {"t": "group", "lone": "c1", "foes": ["c2", "c3"]}
    panel = open_odds(page)
    expect(panel.get_by_role("table", name="Ásta against 2 foes")).to_be_visible()
    each = check_group_odds(page, enc_id, draft)
    assert each["classes"] == 729  # one 4dF roll against each of two foes (F95 4.34)
    # The player chooses whom he strikes once the dice are known: the odds say which order they assume.
    assert each["prefer_ids"] == ["c2", "c3"]
    expect(panel.get_by_test_id("odds-prefer")).to_have_text(
        "Where the lone fighter may wound several, these odds have them strike the first they may of Orc, Gob "
        "(F95 4.34: they choose once the dice are known).")
    axe_check(page, "odds before rolling: a group round")
    panel.screenshot(path=f"/tmp/foresight-group-{screen['viewport']['width']}.png")

    # Ásta strikes to stun (F95 4.62): the foes she strikes are stunned, never wounded, by her.
    open_declarations(page)
    page.get_by_text("Declare for Ásta").click()
    page.get_by_label("Strike to stun (Ásta)").check()
    expect(panel.get_by_role("table", name="Ásta strikes Orc").locator("tr[data-kind^='stun-']")).not_to_have_count(0)
    stun = check_group_odds(page, enc_id, {**draft, "lone_declares": {"stun": True}})
    # A stunning Scratch stuns no one (F95 4.62): a blow that did no harm, the Undamaged row.
    assert all(f["stuns_from_lone"] and all(w["level"] == 0 for w in f["wounds_from_lone"]) for f in stun["foes"])
    page.get_by_label("Strike to stun (Ásta)").uncheck()

    # The GM's one roll for the group (2dF in Fudge 1995): once it is entered, the odds weigh it.
    page.get_by_label(re.compile("The GM rolls once")).check()
    gm = page.get_by_role("group", name="GM's group roll")
    show_faces(gm)
    for i, face in enumerate(["minus", "blank"]):
        gm.get_by_role("button", name=re.compile(f"^Die {i + 1}: {face},")).click()
    expect(panel.get_by_test_id("odds-lone").locator("caption")).to_have_text("Ásta against 2 foes")
    one = check_group_odds(page, enc_id, {**draft, "group_roll": {"faces": [-1, 0]}})
    assert one["classes"] == 45 and one["hits_taken"] != each["hits_taken"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def check_ranged_odds(page, enc_id: str, event: dict, verb: str = "shoots at") -> dict:
    """The odds panel, once settled, shows each shot (and a burst's rounds) as encounter.odds
    answers for this ranged draft."""
    panel, want = settled_odds(page, enc_id, event)
    tables = panel.get_by_test_id("odds-direction")
    expect(tables).to_have_count(len(want["directions"]))
    names = {"c1": "Ásta", "c2": "Orc", "c3": "Gob"}
    for i, direction in enumerate(want["directions"]):
        caption = f"{names[direction['attacker_id']]} {verb} {names[direction['defender_id']]}"
        expect(tables.nth(i).locator("caption")).to_have_text(caption)
        got, exp = shown(tables.nth(i)), expected(direction)
        assert got.keys() == exp.keys(), (caption, got, exp)
        for k in exp:
            assert abs(got[k] - exp[k]) <= 0.051, (caption, k, got[k], exp[k])
    rounds = panel.get_by_test_id("odds-rounds")
    expect(rounds).to_have_count(1 if want["rounds"] else 0)
    if want["rounds"]:
        got = shown(rounds)
        exp = {f"rounds-{r['low']}-{r['high']}": r["p"] * 100 for r in want["rounds"]}
        assert got.keys() == exp.keys()
        for k in exp:
            assert abs(got[k] - exp[k]) <= 0.051, (k, got[k], exp[k])
    return want


ARCHER = {"name": "Ásta", "role": "pc", "skills": {"Bow": "Good"}}


def test_a_ranged_draft_shows_the_doors_odds(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    enc_id = new_encounter(page, site, "Foresight ranged", preset="fudge1995")
    for f in (ARCHER, ORC):
        add_fighter(page, f)
    page.get_by_label("What happens", exact=True).select_option("ranged")
    panel = open_odds(page)
    expect(panel.get_by_role("table", name="Ásta shoots at Orc")).to_be_visible()
    draft = {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "weapon": "propelled", "difficulty": 0}
    dodged = check_ranged_odds(page, enc_id, draft)
    assert set(dodged["directions"][0]["results"]) <= {"miss", "graze", "hit"}
    axe_check(page, "odds before rolling: ranged fire")

    # Dice entered change nothing; an unaware target (F95 4.4: against the difficulty alone,
    # Great here) with a burst of 8: Ásta (Good) hits when 4dF ≥ +1, 31 of 81.
    enter_faces(page, "Ásta", [1, 1, 0, 0])
    page.get_by_label("The target", exact=True).select_option("unaware")
    page.get_by_label("Difficulty to hit", exact=True).select_option("2")
    # Unarmed, Ásta's weapon fires no bursts: the burst stays folded, there for the GM to open.
    page.get_by_test_id("burst-folded").locator("summary").click()
    page.get_by_label("Automatic fire: rounds in the burst", exact=True).fill("8")
    expect(panel.get_by_test_id("odds-rounds")).to_be_visible()
    unaware = check_ranged_odds(page, enc_id, {**draft, "mode": "unaware", "difficulty": 2, "burst": 8})
    assert unaware["directions"][0]["lands"]["exact"] == "31/81"
    expect(panel.get_by_test_id("odds-direction").locator("tr[data-kind=miss] .pct")).to_have_text("61.7 %")
    axe_check(page, "odds before rolling: a burst at an unaware target")
    panel.screenshot(path=f"/tmp/foresight-ranged-{screen['viewport']['width']}.png")

    # The Orc shoots back: two shots, each against its own difficulty.
    page.get_by_label("The target", exact=True).select_option("shoot_back")
    expect(panel.get_by_role("table", name="Orc shoots at Ásta")).to_be_visible()
    back = check_ranged_odds(page, enc_id, {**draft, "mode": "shoot_back", "difficulty": 2, "target_difficulty": 0,
                                            "burst": 8})
    assert len(back["directions"]) == 2
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_gm_rolls_once_before_his_dice_are_in(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    enc_id = new_encounter(page, site, "Foresight GM roll", preset="fudge1995")
    for f in (ASTA, ORC, GOB, {"name": "Rat", "role": "npc", "skills": {"Bite": "Poor"}}):
        add_fighter(page, f)
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Ásta (F95 4.34)")
    panel = open_odds(page)
    # Three foes each rolling 4dF are too many classes for exact odds (F95 4.34): sampled without
    # a tap, in steps (the engine stays free for the round between them), the first wider, each
    # said so with its margin, down to ±2 points.
    expect(panel.get_by_test_id("odds-sampled")).to_contain_text("points", timeout=60_000)
    expect(panel.get_by_test_id("odds-line")).to_contain_text("About: Ásta lands a blow")
    expect(panel.get_by_test_id("odds-sampled")).to_contain_text("±2 points", timeout=120_000)
    expect(panel).to_have_attribute("aria-busy", "false")
    expect(panel.get_by_test_id("odds-error")).to_have_count(0)
    page.get_by_label(re.compile("The GM rolls once")).check()
    expect(panel.get_by_test_id("odds-sampled")).to_have_count(0)
    expect(panel.get_by_role("table", name="Ásta against 3 foes")).to_be_visible()
    expect(panel.get_by_test_id("odds-error")).to_have_count(0)
    draft = {"t": "group", "lone": "c1", "foes": ["c2", "c3", "c4"], "group_roll": {}}
    _, want = settled_odds(page, enc_id, draft)
    assert want["classes"] == 45  # Ásta's 4dF totals × the GM's 2dF totals
    tables = panel.locator("table.odds-table")
    expect(tables).to_have_count(1 + 2 * 3)
    for i, (caption, exp) in enumerate(group_expected(want)):
        expect(tables.nth(i).locator("caption")).to_have_text(caption.replace("2 foes", "3 foes"))
        got = shown(tables.nth(i))
        assert got.keys() == exp.keys() and all(abs(got[k] - exp[k]) <= 0.051 for k in exp), (caption, got, exp)
    axe_check(page, "odds before rolling: the GM's one roll, no dice yet")
    # Resolve without the GM's dice asks for them; nothing is stored.
    log_before = page.evaluate("(id) => JSON.parse(localStorage.getItem('pyfudge:enc:' + id)).data.log.length", enc_id)
    enter_faces(page, "Ásta", [1, 0, 0, 0])
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.locator("#round .error")).to_contain_text("enter the GM's roll")
    saved_log = "(id) => JSON.parse(localStorage.getItem('pyfudge:enc:' + id)).data.log.length"
    assert page.evaluate(saved_log, enc_id) == log_before


def test_a_forecast_of_several_a_side_says_each_chance_plus_or_minus(open_context, site, screen):
    """Two against two is simulated: every chance is shown ± its 95 % interval's reach, and
    the method line says how many fights and the widest reach, as the engine answers."""
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Two and two")
    for f in (ASTA, {**ASTA, "name": "Bjorn"}, ORC, {**GOB, "name": "Gob"}):
        add_fighter(page, f)
    forecast = page.locator("details.forecast")
    forecast.locator("summary").click()
    table = page.get_by_test_id("forecast")
    expect(table).to_be_visible(timeout=60_000)
    for row in table.locator("tr").all():
        expect(row.locator(".interval")).to_have_text(re.compile(r"^±\d+\.\d %$"))
    expect(page.get_by_test_id("forecast-method")).to_have_text(
        re.compile(r"^Simulation of \d+ fights \(seed 1\): each chance within ±\d+\.\d %, 95 % sure\.$"))
    forecast.screenshot(path=f"/tmp/foresight-forecast-2v2-{screen['viewport']['width']}.png")
