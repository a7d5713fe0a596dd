"""Setting up an encounter quickly: several fighters of one sheet in one add, numbered by the
engine ("Goblin 1" … "Goblin 4"; a repeated name takes the next number), a fighter duplicated
from his card, the same sheet offered again after an add; templates (the engine's bestiary and
the GM's own), a saved party added in one tap with or without its wounds; gear found by the
words players use. Taps and typed fields are counted; the phone is 390×844."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import app_ready, card, idle, new_encounter, roster

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


class Effort:
    """What a GM does, counted: taps (clicks, and choices picked from a list) and typed fields."""

    def __init__(self):
        self.taps = 0
        self.typed = 0

    def tap(self, locator):
        self.taps += 1
        locator.click()

    def pick(self, locator, **option):
        self.taps += 1
        locator.select_option(**option)

    def type(self, locator, text: str):
        self.typed += 1
        locator.fill(text)


def names(page) -> list[str]:
    return [n.strip() for n in roster(page).locator(".row-name").all_inner_texts()]


def add_form(page):
    return page.locator("#add-fighter form")


def test_four_goblins_in_one_add_numbered_and_more_like_them(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Numbers")
    effort = Effort()
    form = add_form(page)
    expect(form).to_be_visible()  # an encounter with no one yet opens on adding fighters
    effort.type(form.get_by_label("Name", exact=True), "Goblin")
    effort.pick(form.get_by_label("Role", exact=True), value="npc")
    for _ in range(3):
        effort.tap(form.get_by_role("button", name="One more"))
    expect(form.get_by_label("How many")).to_have_value("4")
    effort.tap(form.get_by_role("button", name="Add 4 combatants"))
    idle(page)
    assert names(page) == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
    assert (effort.taps, effort.typed) == (5, 1)
    expect(page.get_by_test_id("log").locator("li").last).to_have_text(
        "Goblin 1, Goblin 2, Goblin 3 and Goblin 4 join the fight.")
    # The same sheet again, one tap: the next number.
    page.get_by_test_id("added").get_by_role("button", name="Add another like this").click()
    idle(page)
    assert names(page)[-1] == "Goblin 5"
    # "Change it and add": the last sheet back in the form; its name, repeated, is numbered.
    page.get_by_test_id("added").get_by_role("button", name="Change it and add").click()
    expect(form.get_by_label("Name", exact=True)).to_have_value("Goblin")
    expect(form.get_by_label("Role", exact=True)).to_have_value("npc")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    expect(form.get_by_role("alert")).to_have_count(0)
    assert names(page)[-1] == "Goblin 6"
    # Duplicate from a card: one tap, unhurt, numbered after the highest.
    goblin = card(page, "Goblin 2")
    goblin.get_by_role("button", name="Wound").click()
    goblin.get_by_role("button", name="Record the wound").click()
    idle(page)
    goblin.get_by_role("button", name="Duplicate").click()
    idle(page)
    assert names(page)[-1] == "Goblin 7"
    expect(card(page, "Goblin 7").get_by_test_id("status")).to_have_text("Undamaged")
    expect(card(page, "Goblin 7").locator(".meta")).to_contain_text("Foes' side")
    page.reload()
    idle(page)
    assert names(page) == [f"Goblin {i}" for i in range(1, 8)]

