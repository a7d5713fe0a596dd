"""What the round form asks for comes from the engine's view: Min-Mid-Max damage dice are
three six-sided dice entered with 1–6 buttons or rolled by the engine (F95 4.63), and a fighter
who cannot act is not offered where the engine would refuse him (F95 4.51). Each result is the
one the JSON door gives for the same event. Desktop and Pixel 7, axe on each new state."""

from __future__ import annotations

import json
import re

from conftest import (
    add_fighter,
    card,
    enter_faces,
    fits,
    idle,
    new_encounter,
    open_declarations,
    press_faces,
    resolve,
    roll_for,
    set_option,
)
from playwright.sync_api import expect

from pyfudge import api

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 1}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}


def stored(page, key):
    return page.evaluate(f"JSON.parse(localStorage.getItem({json.dumps(key)})).data")


def door(action, **args):
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))
    assert reply["ok"], reply["error"]
    return reply["result"]


def test_min_mid_max_damage_dice_entered_and_rolled(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Min-Mid-Max", preset="fudge1995")
    add_fighter(page, HERO)
    add_fighter(page, ORC)
    set_option(page, "damage.system", "minmidmax")

    # The view says 3d6: three dice of 1–6 buttons, no −/0/+ damage toggles.
    open_declarations(page)
    page.get_by_label("Enter damage dice (3d6)").check()
    hero = page.get_by_role("group", name="Hero's dice")
    damage = hero.locator(".damage-dice")
    expect(damage.get_by_role("group", name=re.compile("^Damage die"))).to_have_count(3)
    expect(damage.locator(".face-btn")).to_have_count(18)
    expect(damage.get_by_role("button", name="Damage die 1: plus")).to_have_count(0)
    axe_check(page, "round form: 3d6 damage dice")
    fits(page)
    sizes = damage.locator(".face-btn").evaluate_all(
        "bs => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert min(min(s) for s in sizes) >= 44, sizes  # tap targets
    page.locator("section.round-form").screenshot(path=f"/tmp/minmidmax-{page.viewport_size['width']}.png")

    # Hero (Good) +2 against the Orc's −2: a hit by +5; his 3d6 show 2, 5, 4.
    enter_faces(page, "Hero", [1, 1, 0, 0])
    enter_faces(page, "Orc", [-1, -1, 0, 0])
    press_faces(damage, "Damage die", [2, 5, 4], d6=True)
    before = stored(page, f"pyfudge:enc:{eid}")
    resolve(page)

    # The app sent exactly those dice, and shows what the door gives for the same event.
    event = {"t": "exchange", "kind": "round", "a": "c1", "b": "c2",
             "a_dice": {"roll": {"faces": [1, 1, 0, 0]}, "damage": [2, 5, 4]},
             "b_dice": {"roll": {"faces": [-1, -1, 0, 0]}}}
    after = stored(page, f"pyfudge:enc:{eid}")
    assert after["log"][-1] == event
    expected = door("encounter.apply", id=f"check-{eid}", rev=len(before["log"]), encounter=before, event=event)["view"]
    shown = stored(page, f"pyfudge:view:{eid}")["view"]
    assert shown["combatants"] == expected["combatants"] and shown["last"] == expected["last"]
    expect(page.get_by_test_id("last-text")).to_have_text(expected["last"]["text"])
    orc = next(c for c in expected["combatants"] if c["name"] == "Orc")
    expect(card(page, "Orc").get_by_test_id("status")).to_have_text(orc["status"])
    # By hand (F95 4.63, F95b tables): factor +1 gives +0, degree +5 gives +1: MID of 2, 4, 5 is
    # 4 — Hurt on the wound table.
    assert orc["track"]["worst_name"] == "Hurt"
    expect(page.locator(".steps li").filter(has_text="read MID of [2, 4, 5] = 4")).to_have_count(1)

    # Roll: the engine rolls each fighter's combat dice and three d6 for his damage.
    open_declarations(page)
    page.get_by_label("Enter damage dice (3d6)").check()
    for name in ("Hero", "Orc"):
        roll_for(page, name)
        pressed = page.get_by_role("group", name=f"{name}'s dice").locator(".damage-dice .face-btn[aria-pressed=true]")
        expect(pressed).to_have_count(3)
        assert all(1 <= int(t) <= 6 for t in pressed.all_inner_texts())
    axe_check(page, "round form: 3d6 rolled")
    resolve(page)
    assert len(stored(page, f"pyfudge:enc:{eid}")["log"][-1]["a_dice"]["damage"]) == 3

    # The group round and ranged fire take the same damage dice, entered the same way (the dice
    # are the fighter's: they stay when the form changes).
    for what in ("group", "ranged"):
        page.get_by_label("What happens", exact=True).select_option(what)
        open_declarations(page)
        page.get_by_label("Enter damage dice (3d6)").check()
        hero = page.get_by_role("group", name="Hero's dice")
        expect(hero.locator(".damage-dice .d6-toggle")).to_have_count(3)
        if what == "group":
            press_faces(hero.locator(".damage-dice"), "Damage die", [6, 1, 3], d6=True)
        expect(hero.locator(".damage-dice .face-btn[aria-pressed=true]")).to_have_text(["6", "1", "3"])

    # The smallest phone the app is made for, in dark mode: six 44 px buttons a die, no sideways scroll.
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 360, "height": 640})
    fits(page)
    sizes = hero.locator(".damage-dice .face-btn").evaluate_all(
        "bs => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert len(sizes) == 18 and min(min(s) for s in sizes) >= 44, sizes
    axe_check(page, "round form: 3d6 damage dice, 360 px, dark")
    hero.screenshot(path="/tmp/minmidmax-360-dark.png")


def test_a_graze_die_beside_min_mid_max(open_context, site, screen, axe_check):
    """F95 4.63: "the graze rules are used unchanged": with a damage die, a graze reads a Fudge
    die of F95 4.56 while a hit reads 3d6 — the form asks for both, as the view says."""
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Graze", preset="fudge1995")
    add_fighter(page, HERO)
    add_fighter(page, ORC)
    set_option(page, "damage.system", "minmidmax")
    set_option(page, "damage.die", "number_1df")
    open_declarations(page)
    page.get_by_label("Enter damage dice (3d6; a graze: 1dF)").check()
    hero = page.get_by_role("group", name="Hero's dice")
    expect(hero.locator(".damage-dice .d6-toggle")).to_have_count(3)
    expect(hero.get_by_role("group", name="Graze die 1")).to_have_count(1)
    axe_check(page, "round form: 3d6 and a graze die")
    fits(page)
    # Both roll 0: Good against Fair, a graze; his graze die shows +.
    enter_faces(page, "Hero", [0, 0, 0, 0])
    enter_faces(page, "Orc", [0, 0, 0, 0])
    press_faces(hero.locator(".damage-dice"), "Damage die", [2, 5, 4], d6=True)
    hero.get_by_role("button", name=re.compile("^Graze die 1: plus,")).click()
    before = stored(page, f"pyfudge:enc:{eid}")
    resolve(page)
    event = stored(page, f"pyfudge:enc:{eid}")["log"][-1]
    assert event["a_dice"] == {"roll": {"faces": [0, 0, 0, 0]}, "damage": [2, 5, 4], "graze": [1]}
    expected = door("encounter.apply", id=f"check-{eid}", rev=len(before["log"]), encounter=before, event=event)["view"]
    assert stored(page, f"pyfudge:view:{eid}")["view"]["last"] == expected["last"]
    expect(page.locator(".steps li").filter(has_text="Damage die +1 on a graze")).to_have_count(1)
    # Roll gives the graze die too.
    open_declarations(page)
    page.get_by_label("Enter damage dice (3d6; a graze: 1dF)").check()
    roll_for(page, "Hero")
    expect(hero.locator(".damage-dice .d6-toggle .face-btn[aria-pressed=true]")).to_have_count(3)
    expect(hero.get_by_role("group", name="Graze die 1").locator(".face-btn[aria-pressed=true]")).to_have_count(1)


def test_a_fighter_who_cannot_act_is_not_offered(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Downed", preset="fudge1995")
    for f in (HERO, ORC, GOB):
        add_fighter(page, f)
    # The GM marks the Orc Incapacitated (F95 4.51: "incapable of any actions").
    card(page, "Orc").get_by_role("button", name=re.compile("^Incapacitated box 1")).click()
    idle(page)
    view = stored(page, f"pyfudge:view:{eid}")["view"]
    why = next(c for c in view["combatants"] if c["name"] == "Orc")["unable"]["lone"]
    assert why == "Incapacitated: cannot act (F95 4.51)"

    # A group round: not the lone fighter, not a foe.
    page.get_by_label("What happens", exact=True).select_option("group")
    lone = page.get_by_label("Lone fighter", exact=True)
    # The fallen are left out of the pickers until asked for, then shown with the reason.
    expect(lone.locator("option[value=c2]")).to_have_count(0)
    lone.select_option(label="Show the 1 fallen")
    expect(lone.locator("option[value=c2]")).to_be_disabled()
    expect(lone.locator("option[value=c2]")).to_contain_text(why)
    expect(page.locator("#foe-c2")).to_be_disabled()
    expect(page.locator("#foe-c2")).not_to_be_checked()
    expect(page.locator(".foe-pick").filter(has_text="Orc")).to_contain_text(why)
    axe_check(page, "round form: a foe who cannot act")
    fits(page)
    page.locator("section.round-form").screenshot(path=f"/tmp/downed-group-{page.viewport_size['width']}.png")
    # The round goes on with the Gob alone, as the engine would have it.
    enter_faces(page, "Hero", [0, 0, 0, 0])
    enter_faces(page, "Gob", [0, 0, 0, 0])
    resolve(page)
    assert stored(page, f"pyfudge:enc:{eid}")["log"][-1]["foes"] == ["c3"]

    # Ranged fire: he cannot shoot, nor dodge — fired at, he is an unaware target.
    page.get_by_label("What happens", exact=True).select_option("ranged")
    expect(page.get_by_label("Shooter", exact=True).locator("option[value=c2]")).to_be_disabled()
    page.get_by_label("Target", exact=True).select_option("c2")
    mode = page.get_by_label("The target", exact=True)
    expect(mode).to_have_value("unaware")
    expect(mode.locator("option[value=aware]")).to_be_disabled()
    expect(mode.locator("option[value=shoot_back]")).to_be_disabled()

    # An exchange: not the fighter who acts (he may still be the one struck).
    page.get_by_label("What happens", exact=True).select_option("exchange")
    expect(page.get_by_label("Fighter", exact=True).locator("option[value=c2]")).to_be_disabled()
    expect(page.get_by_label("Against", exact=True).locator("option[value=c2]")).to_be_enabled()
    axe_check(page, "round form: a fighter who cannot act")

    # Story elements (F95 4.21): he rolls none; the engine would refuse him too.
    set_option(page, "melee.pacing", "story")
    idle(page)
    expect(page.get_by_label("What happens", exact=True)).to_have_value("story")
    expect(page.get_by_label("Fighter", exact=True).locator("option[value=c2]")).to_be_disabled()
    refused = page.evaluate("""async () => {
        const { Engine } = await import("./js/engine/engine.js");
        const enc = JSON.parse(localStorage.getItem(`pyfudge:enc:${location.hash.split("/").pop()}`)).data;
        const engine = new Engine();
        await engine.request("encounter.open", { id: "probe", encounter: enc });
        return engine.request("encounter.apply", { id: "probe", rev: enc.log.length,
                                                   event: { t: "story", id: "c2", rolls: [{ total: 0 }] } });
    }""")
    assert not refused["ok"] and "Orc cannot roll now" in refused["error"]["message"], refused
