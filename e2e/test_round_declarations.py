"""The round form offers what `describe.inputs` lists where the view offers it: the Speed
contest's rolls (F95 4.36), a hasty attack declared with the initiative roll (F95 4.23), and
Mudge's Willpower/Constitution check after a called shot (MUD 4.35); each lands in the event as
the door reads it."""

from __future__ import annotations

import re

from conftest import add_fighter, enter_faces, idle, new_encounter, open_declarations, pick_total, resolve, set_option
from playwright.sync_api import expect

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}}


def stored_log(page, eid):
    return page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:enc:{eid}')).data.log")


def declare_for(page, name):
    open_declarations(page)
    details = page.locator("details.declare").filter(has=page.get_by_text(f"Declare for {name}", exact=True))
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    return details


def test_a_speed_contest_rolled_by_both(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Speed", preset="fudge1995")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    for name, total in (("Ásta", "2"), ("Orc", "0")):
        declare_for(page, name).get_by_label(re.compile("^Speed roll")).select_option(total)
    axe_check(page, "round form: the Speed contest")
    pick_total(page, "Ásta", 0)
    pick_total(page, "Orc", 0)
    resolve(page)
    event = stored_log(page, eid)[-1]
    assert event["a_dice"]["speed"] == {"total": 2} and event["b_dice"]["speed"] == {"total": 0}
    expect(page.get_by_test_id("log").locator("li").last).to_contain_text("Ásta total 0, Speed total +2")
    expect(page.locator(".last-result .steps li").filter(has_text="F95 4.36")).not_to_have_count(0)


def test_a_hasty_attack_declared_with_the_initiative_roll(open_context, site, screen):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Hasty", preset="fudge1995")
    set_option(page, "melee.pacing", "alternating")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    declare_for(page, "Orc").get_by_label(re.compile("^Hasty attack")).check()
    pick_total(page, "Ásta", 0)
    pick_total(page, "Orc", 0)
    page.get_by_role("button", name="Initiative with these dice").click()
    idle(page)
    event = stored_log(page, eid)[-1]
    assert event["t"] == "initiative" and event["b_declares"] == {"hasty": True}
    # F95 4.23: +1 to initiative for the hasty Orc breaks the tie.
    expect(page.get_by_test_id("initiative")).to_have_text("Initiative: Orc attacks first.")


def test_mudges_location_check_is_offered_as_a_ladder_result(open_context, site, screen):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Location", preset="mudge")
    set_option(page, "location.table_wound", True)
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    check = declare_for(page, "Orc").get_by_label(re.compile("^Willpower/Constitution check"))
    expect(check).to_be_visible()
    check.select_option("1")
    # Ásta aims at the head and hits by +5; Mudge reads a damage die (MUD 4.5).
    declare_for(page, "Ásta").locator("#decl-a-aim").fill("Head")
    page.get_by_label("Enter damage dice").check()
    pick_total(page, "Ásta", 3)
    pick_total(page, "Orc", -2)
    enter_faces(page, "Ásta", [0], "Damage die")
    resolve(page)
    event = stored_log(page, eid)[-1]
    assert event["b_declares"] == {"location_check": 1} and event["a_declares"] == {"aim": "Head"}
    expect(page.locator(".last-result .steps li").filter(has_text="MUD 4.35")).not_to_have_count(0)
