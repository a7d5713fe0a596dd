"""The add-a-fighter form at 390×844: in two screens at most (name, side, the sheet's main skill and
the gear searches first, the rest folded); a weapon found by the players' word keeps it ("bow"
gives a Bow, sized by MUD 4.54's table); a fighter added with no gear chosen is plainly
"Unarmed / no armor" (the books' values), on the form and on his card."""

from __future__ import annotations

from conftest import card, idle, new_encounter
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
MOST_PX = 1700  # issue 32: two screens of a 390×844 phone


def add_form(page):
    return page.locator("#add-fighter form")


def test_the_add_a_fighter_form_fits_in_two_screens_with_the_gear_searches_first(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Form", preset="mudge")
    section = page.locator("#add-fighter")
    expect(section).to_have_attribute("open", "")
    form = add_form(page)
    expect(form.get_by_label("Find a weapon")).to_be_visible()
    height = section.evaluate("(el) => el.getBoundingClientRect().height")
    section.screenshot(path="/tmp/fighter-form-390.png")  # docs/img/fighter-form-390.png
    assert height <= MOST_PX, f"the add-a-fighter form is {height:.0f} px high at 390×844"
    # What a hasty GM fills comes first, in this order; Strength and the rest are folded.
    top = [form.get_by_label(label, exact=True).bounding_box()["y"]
           for label in ("Name", "Side", "Combat skill", "Skill level", "Find a weapon", "Find armor")]
    assert top == sorted(top)
    expect(form.get_by_label("Strength", exact=True)).to_be_hidden()
    expect(form.get_by_test_id("gear-chosen")).to_have_text("Unarmed / no armor")


def test_a_bow_found_by_its_word_keeps_its_name_on_the_card(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Greenwood", preset="fudge1995")
    form = add_form(page)
    form.get_by_label("Name", exact=True).fill("Dicken")
    form.get_by_label("Find a weapon").fill("bow")
    hit = form.get_by_test_id("weapon-hits").get_by_role("button").first
    expect(hit).to_contain_text("Bow +2")
    hit.click()
    expect(form.get_by_test_id("gear-chosen")).to_have_text("Bow / no armor")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    dicken = card(page, "Dicken")
    expect(dicken.get_by_test_id("gear")).to_have_text("Bow / no armor")
    dicken.get_by_text("Damage factors of Dicken").click()
    # Sized by MUD 4.54's row for it (Medium weapon: "sword, axe, longbow, crossbow"): +2.
    expect(dicken.locator(".parts li").filter(has_text="Bow")).to_contain_text("+2")
    expect(page.get_by_text("Medium weapon")).to_have_count(0)


def test_a_fighter_added_with_no_gear_chosen_is_plainly_unarmed(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Hasty", preset="mudge")
    form = add_form(page)
    form.get_by_label("Name", exact=True).fill("Goblin")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    goblin = card(page, "Goblin")
    expect(goblin.get_by_test_id("gear")).to_have_text("Unarmed / no armor")
    # MUD 4.54: "-1 Unarmed, no Martial Arts skill", not a custom weapon worth 0.
    expect(goblin.get_by_test_id("odf")).to_have_text("\u22121")
