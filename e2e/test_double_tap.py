"""A double tap on a phone is two clicks: every button of the encounter screen takes it as one
tap. A second Resolve before the first's answer would send the same draft again (a second
exchange with the same dice); a second Next round or Undo would skip a round or undo one more
event; a second Add combatant would add the fighter twice."""

from __future__ import annotations

import json

from conftest import add_fighter, fill_fighter, idle, new_encounter, roster
from playwright.sync_api import expect

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good", "damage_capacity": "Good"}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great", "damage_capacity": "Fair"}


def kinds(page, eid):
    stored = page.evaluate("(k) => localStorage.getItem(k)", f"pyfudge:enc:{eid}")
    return [e["t"] for e in json.loads(stored)["data"]["log"]]


def roll_all(page):
    page.get_by_role("button", name="Roll all").click()
    for name in ("Ásta", "Orc"):
        expect(page.get_by_role("group", name=f"{name}'s dice").locator("input[type=radio]:checked")).to_have_count(1)


def settled(page):
    """Idle, and still idle a moment later: a second event would have been queued by now."""
    idle(page)
    page.wait_for_timeout(300)
    idle(page)


def test_a_double_tap_on_each_button_of_the_round_bar_is_one_event(open_context, site):
    page = open_context(viewport={"width": 390, "height": 844}).new_page()
    eid = new_encounter(page, site, "Double tap")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    bar = page.get_by_test_id("round-bar")

    roll_all(page)
    bar.get_by_role("button", name="Resolve").dblclick()
    settled(page)
    assert kinds(page, eid) == ["add", "add", "exchange"]
    expect(page.get_by_test_id("result-strip")).to_have_attribute("data-events", "3")

    bar.get_by_role("button", name="Next round").dblclick()
    settled(page)
    assert kinds(page, eid) == ["add", "add", "exchange", "next_round"]
    expect(page.get_by_test_id("round")).to_have_text("2")

    roll_all(page)
    bar.get_by_role("button", name="Resolve").click()
    settled(page)
    bar.locator(".undo-btn").dblclick()
    settled(page)
    assert kinds(page, eid) == ["add", "add", "exchange", "next_round", "exchange", "undo"]
    expect(page.get_by_test_id("undone")).to_be_visible()
    # The form works on: the next Resolve is one exchange.
    roll_all(page)
    bar.get_by_role("button", name="Resolve").click()
    settled(page)
    assert kinds(page, eid)[-1] == "exchange" and kinds(page, eid).count("exchange") == 3


def test_a_double_tap_on_add_combatant_or_the_logs_undo_is_one_event(open_context, site):
    page = open_context(viewport={"width": 390, "height": 844}).new_page()
    eid = new_encounter(page, site, "Double tap")
    details = page.locator("#add-fighter")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    fill_fighter(details.locator("form"), ASTA)
    details.get_by_role("button", name="Add combatant").dblclick()
    settled(page)
    assert kinds(page, eid) == ["add"]
    expect(roster(page)).to_have_count(1)
    add_fighter(page, ORC)
    page.get_by_test_id("log").scroll_into_view_if_needed()
    page.locator("#log").get_by_role("button", name="Undo", exact=True).dblclick()
    settled(page)
    assert kinds(page, eid) == ["add", "add", "undo"]
    expect(roster(page)).to_have_count(1)
