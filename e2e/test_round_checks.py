"""The round form's remaining dice: shield checks (CO 2.2), damage checks (CO 4.3) and
Willpower results (F95 4.52) appear only when the ruleset uses them; when the engine says one is
missing, the form shows its entry — for a lone fighter of a group round, one per wound. The GM's
group roll is two Fudge dice rolled by the engine (F95 4.34). Desktop and Pixel 7, axe on each
new state."""

from __future__ import annotations

import re

from conftest import (
    add_fighter,
    card,
    enter_faces,
    fill_fighter,
    fits,
    idle,
    new_encounter,
    open_declarations,
    press_faces,
    resolve,
    set_option,
    show_faces,
)
from playwright.sync_api import expect

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "shield": "medium"}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great"}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}


def add_shieldman(page, fighter: dict, shield_level: str) -> None:
    """Add a fighter whose second combat skill is Shield (CO 2.1)."""
    details = page.locator("#add-fighter")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = details.locator("form")
    fill_fighter(form, fighter)
    form.get_by_role("button", name="Add a skill").click()
    form.get_by_label("Combat skill 2", exact=True).fill("Shield")
    form.get_by_label("Skill level 2", exact=True).select_option(shield_level)
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    expect(card(page, fighter["name"])).to_have_count(1)


def stored_log(page, eid):
    return page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:enc:{eid}')).data.log")


def resolve_asks(page, text):
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.locator("#round .error")).to_contain_text(text)


def test_shield_and_damage_checks_in_an_exchange(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Checks", preset="fudge1995")
    add_shieldman(page, HERO, "0")  # Shield Fair
    add_fighter(page, ORC)
    # Off by default: no entry for checks at all.
    expect(page.locator("#show-checks")).to_have_count(0)
    set_option(page, "co.shield", True)
    set_option(page, "co.damage_check", True)
    open_declarations(page)
    expect(page.get_by_label(re.compile("^Enter checks: Shield checks.*Damage checks"))).to_be_visible()
    expect(page.get_by_role("group", name="Hero's checks")).to_have_count(0)

    # Hero loses (Poor against Legendary): the engine asks for his shield check; the form shows it.
    enter_faces(page, "Hero", [-1, -1, -1, 0])
    enter_faces(page, "Orc", [1, 1, 1, 1])
    resolve_asks(page, "shield check")
    hero = page.get_by_role("group", name="Hero's checks")
    expect(hero).to_be_visible()
    expect(hero.get_by_role("group", name="Shield die 1", exact=True)).to_be_visible()
    expect(page.get_by_role("group", name="Orc's checks").get_by_role("group", name="Shield die 1")).to_have_count(0)
    axe_check(page, "round form: checks")
    fits(page)
    page.locator("section.round-form").screenshot(path=f"/tmp/checks-exchange-{page.viewport_size['width']}.png")

    # The shield fails (Fair −4); the blow wounds him: now the damage check (4dF, CO 4.3).
    press_faces(hero, "Shield die", [-1, -1, -1, -1])
    resolve_asks(page, "damage check")
    press_faces(hero, "Damage check die", [1, 1, 0, 0])
    resolve(page)
    event = stored_log(page, eid)[-1]
    assert event["a_dice"]["shield"] == {"faces": [-1, -1, -1, -1]}
    assert event["a_dice"]["check"] == [1, 1, 0, 0]
    steps = page.locator(".steps li")
    expect(steps.filter(has_text="CO 2.2")).not_to_have_count(0)
    expect(steps.filter(has_text="CO 4")).not_to_have_count(0)
    expect(card(page, "Hero").get_by_test_id("status")).to_have_text("Incapacitated")

    # Roll checks: the engine rolls the shield check and the damage check for him.
    open_declarations(page)
    page.get_by_label(re.compile("^Enter checks")).check()
    hero.get_by_role("button", name="Roll checks for Hero").click()
    idle(page)
    expect(hero.locator('.face-btn[aria-pressed="true"]')).to_have_count(8)
    # The smallest phone the app is made for, in dark mode: no sideways scroll.
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 360, "height": 640})
    fits(page)
    sizes = hero.locator(".face-btn").evaluate_all(
        "bs => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert sizes and min(min(s) for s in sizes) >= 44, sizes  # tap targets
    page.locator("section.round-form").screenshot(path="/tmp/checks-exchange-360-dark.png")


def test_one_willpower_result_per_wound_and_the_gms_two_dice(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Willpower", preset="fudge1995")
    for f in (HERO, ORC, GOB):
        add_fighter(page, f)
    set_option(page, "wounds.willpower", "temporary")
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Hero (F95 4.34)")

    # One roll against each foe: both beat him, two wounds, a Willpower result for each (F95 4.52).
    enter_faces(page, "Hero", [-1, -1, 0, 0])
    enter_faces(page, "Orc", [1, 0, 0, 0])
    enter_faces(page, "Gob", [1, 1, 0, 0])
    resolve_asks(page, "Willpower")
    hero = page.get_by_role("group", name="Hero's checks")
    hero.get_by_label("Willpower result", exact=True).select_option("0")
    resolve_asks(page, "Willpower")
    expect(hero.get_by_label("Willpower result, wound 2", exact=True)).to_be_visible()
    axe_check(page, "round form: a Willpower result per wound")
    fits(page)
    page.locator("section.round-form").screenshot(path=f"/tmp/checks-group-{page.viewport_size['width']}.png")
    hero.get_by_label("Willpower result, wound 2", exact=True).select_option("3")
    resolve(page)
    event = stored_log(page, eid)[-1]
    assert event["t"] == "group" and event["lone_declares"]["willpower"] == [0, 3]
    expect(page.locator(".steps li").filter(has_text="F95 4.52")).not_to_have_count(0)
    page.reload()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Hero against Orc, Gob")

    # The GM's one roll for the group is two Fudge dice the engine rolls (F95 4.34).
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Hero (F95 4.34)")
    page.get_by_label(re.compile("The GM rolls once")).check()
    gm = page.get_by_role("group", name="GM's group roll")
    show_faces(gm)
    gm.get_by_role("button", name="Roll for the GM alone").click()
    idle(page)
    expect(gm.locator('.face-btn[aria-pressed="true"]')).to_have_count(2)


def test_a_sparring_pair_on_one_side_under_pc_vs_npc(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Sparring", preset="fudge1995")
    add_fighter(page, HERO)
    details = page.locator("#add-fighter")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = details.locator("form")
    fill_fighter(form, ORC)
    form.get_by_label("Side", exact=True).select_option("players")  # a sparring partner of his side
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    set_option(page, "melee.npc_fixed", True)
    # F95 4.33: the NPC scores her trait level against the PC, on his side as on the other.
    expect(page.get_by_label("Against", exact=True)).to_have_value("c2")
    expect(page.get_by_role("group", name="Orc's dice")).to_have_count(0)
    expect(page.locator("section.round-form .hint").filter(has_text="Orc scores her trait level")).to_have_count(1)
    axe_check(page, "round form: a sparring pair")
    enter_faces(page, "Hero", [1, 1, 0, 0])
    resolve(page)
    event = stored_log(page, eid)[-1]
    assert event["t"] == "exchange" and "b_dice" not in event
