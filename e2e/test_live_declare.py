"""Players declare from their phones: the round form offers a player's character the declarations
the rules in force offer (all-out and stance from the view's `declare`, Fudge Points up to his
own), his phone (the real play.html) shows them, a declaration goes into the GM's form marked as
the player's and Resolve applies it; one for another character, or of a choice not offered, is
refused and listed on the live screen; the GM overrules. The others on a player's phone are one
line each, those who cannot fight last."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import add_fighter, idle, new_encounter, pick_total, set_option
from playwright.sync_api import expect
from test_live_players import pick_pair, play_join, resolve
from test_live_signal import wait_for
from test_live_table import ASTA, BRENNA, ORC, PHONE, join, last_view, log_length, open_live, seat

SHOTS = Path("/tmp/shots-declare")
GOBLIN = {"name": "Goblin", "role": "npc", "skills": {"Spear": "Fair"}}


def unfold_declarations(gm, name: str) -> None:
    """The round form's declarations of name, unfolded (they are drawn once opened)."""
    outer = gm.locator("details.declare-all")
    if outer.get_attribute("open") is None:
        outer.locator("> summary").click()
    inner = gm.locator("details.declare").filter(has=gm.get_by_text(f"Declare for {name}", exact=True))
    if inner.get_attribute("open") is None:
        inner.locator("> summary").click()


def stored_log(gm, eid: str) -> list[dict]:
    return json.loads(gm.evaluate(f"localStorage.getItem('pyfudge:enc:{eid}')"))["data"]["log"]


def test_a_player_declares_all_out_the_gm_resolves_it_and_a_declaration_for_another_is_refused(
        open_context, site, dist, axe_check):
    SHOTS.mkdir(exist_ok=True)
    gm = open_context(**PHONE).new_page()
    eid = new_encounter(gm, site, "Raid")
    for fighter in (ASTA, {**BRENNA, "fudge_points": 2}, ORC, GOBLIN):
        add_fighter(gm, fighter)
    open_live(gm)
    one = play_join(gm, open_context, site, "Player 1")
    gm.get_by_role("button", name="Add a player").click()
    two = join(gm, open_context(), site, dist, "Player 2")  # a stand-in phone that sends anything
    gm.get_by_label("Player 1 plays").select_option(label="Ásta")
    expect(one.get_by_role("heading", level=2, name="Ásta")).to_be_visible()
    people = {c["name"]: c["id"] for c in last_view(two)["view"]["combatants"]}
    two.evaluate("(id) => link.send({ kind: 'pick', id })", people["Brenna"])
    expect(gm.get_by_label("Player 2 plays")).to_have_value(people["Brenna"])

    # Ásta against the Orc: her phone offers what the 1995 rules offer her — all-out, no stance
    # (those are Mudge's), no Fudge Points (she has none).
    gm.get_by_role("link", name="← Back to the round").click()
    idle(gm)
    pick_pair(gm, "Ásta", "Orc")
    declare = one.get_by_test_id("live-declare")
    expect(declare.get_by_label("All-out")).to_have_value("none")
    expect(declare.get_by_label("Stance")).to_have_count(0)
    expect(declare.get_by_label("Fudge Points to spend")).to_have_count(0)
    assert [o.strip() for o in declare.get_by_label("All-out").locator("option").all_text_contents()] == [
        "No", "All-out attack", "All-out defence"]
    one.screenshot(path=SHOTS / "player-declare-390x844.png", full_page=True)
    axe_check(one, "players' page, a declaration offered")

    # Brenna's phone forges Ásta's declaration: refused (not for the seat's character), listed.
    assert last_view(two)["declares"] == []
    forged = f"declare.a.{people['Ásta']}@{log_length(gm, eid)}"
    two.evaluate("(field) => link.send({ kind: 'declare', field, all_out: 'offense' })", forged)

    # Ásta's player declares an all-out attack: the GM's form shows it as hers and holds it.
    declare.get_by_label("All-out").select_option(label="All-out attack")
    declare.get_by_role("button", name="Declare").click()
    expect(gm.get_by_test_id("player-declared")).to_have_text("Ásta declares all-out attack")
    unfold_declarations(gm, "Ásta")
    gm.get_by_test_id("player-declared").scroll_into_view_if_needed()
    gm.screenshot(path=SHOTS / "gm-declared-390x844.png")
    expect(gm.locator("#decl-a-all_out")).to_have_value("offense")
    expect(one.get_by_test_id("live-declare")).to_contain_text("The GM has: Ásta declares all-out attack")
    expect(one.get_by_test_id("live-declare").get_by_label("All-out")).to_have_value("offense")
    one.screenshot(path=SHOTS / "player-declared-390x844.png", full_page=True)

    # Resolve applies it: the logged exchange carries her all-out attack.
    pick_total(gm, "Ásta", 1)
    pick_total(gm, "Orc", -1)
    resolve(gm)
    last = stored_log(gm, eid)[-1]
    assert last["t"] == "exchange" and last["a_declares"].get("all_out") == "offense", last

    # Brenna against the Goblin: her phone is offered all-out and up to 2 Fudge Points. A stance
    # (not offered by these rules) and 3 points (more than she has) are refused; all-out defence
    # with one point is taken; the GM overrules the all-out, the mark goes.
    pick_pair(gm, "Brenna", "Goblin")
    offered = wait_for(two, "() => received.at(-1)?.declares?.[0]")
    assert offered["stance"] is None and offered["points"] == 2, offered
    assert offered["chosen"] == {"all_out": "none", "stance": "normal", "points": 0}, offered
    field = offered["field"]
    two.evaluate("(field) => link.send({ kind: 'declare', field, stance: 'berserk' })", field)
    two.evaluate("(field) => link.send({ kind: 'declare', field, points: 3 })", field)
    refused = wait_for(two, "() => received.at(-1)?.declares?.[0]?.refused")
    assert "not offered Brenna" in refused, refused
    two.evaluate("(field) => link.send({ kind: 'declare', field, all_out: 'defense', points: 1 })", field)
    expect(gm.get_by_test_id("player-declared")).to_have_text("Brenna declares all-out defence, 1 Fudge Point")
    told = wait_for(two, "() => received.at(-1)?.declares?.[0]?.got")
    assert told == "Brenna declares all-out defence, 1 Fudge Point", told
    unfold_declarations(gm, "Brenna")
    gm.locator("#decl-a-all_out").select_option("none")
    expect(gm.get_by_test_id("player-declared")).to_have_count(0)
    overruled = wait_for(two, "() => { const d = received.at(-1)?.declares?.[0];"
                              " return d?.chosen.all_out === 'none' && d; }")
    assert overruled["got"] is None and overruled["chosen"]["points"] == 1, overruled

    open_live(gm)
    listed = gm.get_by_test_id("live-refused")
    expect(listed).to_contain_text("Player 2: a declaration the round form does not offer Brenna")
    expect(listed).to_contain_text("Player 2: a declaration of “stance” not offered Brenna")
    expect(listed).to_contain_text("Player 2: a declaration of “points” not offered Brenna")
    expect(seat(gm, "Player 1")).to_have_attribute("data-state", "connected")


def test_a_declaration_the_engine_would_refuse_at_resolve_is_refused_in_its_words(open_context, site, dist):
    """Mudge's stances, offered by its rules, in alternating rounds: the engine refuses one (F95
    4.32) when the player declares it, not only at Resolve."""
    gm = open_context(**PHONE).new_page()
    new_encounter(gm, site, "Duel", preset="mudge")
    set_option(gm, "melee.pacing", "alternating")
    for fighter in (ASTA, ORC):
        add_fighter(gm, fighter)
    open_live(gm)
    player = join(gm, open_context(), site, dist, "Player 1")
    gm.get_by_label("Player 1 plays").select_option(label="Ásta")
    gm.get_by_role("link", name="← Back to the round").click()
    idle(gm)
    offered = wait_for(player, "() => received.at(-1)?.declares?.[0]")
    assert "aggressive" in [c["value"] for c in offered["stance"]], offered
    player.evaluate("(field) => link.send({ kind: 'declare', field, stance: 'aggressive' })", offered["field"])
    refused = wait_for(player, "() => received.at(-1)?.declares?.[0]?.refused")
    assert "simultaneous rounds" in refused, refused
    expect(gm.get_by_test_id("player-declared")).to_have_count(0)
    open_live(gm)
    listed = gm.get_by_test_id("live-refused")
    expect(listed).to_contain_text("Player 1: a declaration: Stances are used with simultaneous")


def test_the_others_on_a_players_phone_are_one_line_each_the_fallen_last(open_context, site, dist, axe_check):
    SHOTS.mkdir(exist_ok=True)
    gm = open_context(**PHONE).new_page()
    new_encounter(gm, site, "Raid")
    for fighter in (ASTA, ORC, BRENNA, GOBLIN):
        add_fighter(gm, fighter)
    # The Orc falls: a blow of Near Death's size.
    pick_pair(gm, "Ásta", "Orc")
    pick_total(gm, "Ásta", 4)
    pick_total(gm, "Orc", -4)
    resolve(gm)
    open_live(gm)
    one = play_join(gm, open_context, site, "Player 1")
    gm.get_by_label("Player 1 plays").select_option(label="Brenna")
    expect(one.get_by_role("heading", level=2, name="Brenna")).to_be_visible()
    others = one.get_by_test_id("compact-card")
    expect(others).to_have_count(3)
    names = [n.strip() for n in others.locator(".compact-name").all_text_contents()]
    statuses = others.get_by_test_id("player-status").all_text_contents()
    assert names[-1] == "Orc" and statuses[-1] == "down", (names, statuses)
    assert names[:2] == ["Ásta", "Goblin"], names
    box = others.first.bounding_box()
    assert box and box["height"] < 60, box  # one line at 390 px
    expect(one.get_by_test_id("player-card")).to_have_count(1)  # hers alone is a whole card
    one.screenshot(path=SHOTS / "player-others-390x844.png", full_page=True)
    axe_check(one, "players' page, the others compact")
