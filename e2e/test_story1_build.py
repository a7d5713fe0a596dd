"""Story 1: build an encounter — choose a preset and switch options (the form comes from the
engine's description), add a PC and an NPC with catalogue or custom weapon and armor, edit and
remove them; damage factors (ODF, DDF, each pair's total) are shown. Desktop and Pixel 7."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import add_fighter, app_ready, card, idle, new_encounter, set_option

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "damage_capacity": "Good", "armor": {"name": "Mail", "value": 3}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "damage_capacity": "Fair", "weapon": {"name": "Club", "size": 1}}


def test_build_an_encounter(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    page.goto(site.url)
    app_ready(page)
    axe_check(page, "list screen")
    new_encounter(page, site, "Raid <b>night</b> \u202e", preset="mudge")
    # A name with markup and a bidi override is shown as text, isolated.
    heading = page.locator("#enc-title")
    expect(heading).to_have_text("Raid <b>night</b> \u202e")
    assert heading.locator("b").count() == 0 and heading.locator("bdi").count() == 1
    expect(page.locator("#rules summary")).to_have_text("Rules: Mudge")

    # The rules form is generated from describe: switch one option.
    set_option(page, "co.armor", True)
    expect(page.locator("#rules summary")).to_have_text("Rules: Mudge, 1 option changed")

    # A PC with a catalogue weapon (the engine's table) and custom armor.
    details = page.locator("#add-fighter")
    details.locator("summary").click()
    form = details.locator("form")
    form.get_by_label("Weapon", exact=True).select_option(label="Medium weapon")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    asta, orc = card(page, "Ásta"), card(page, "Orc")
    expect(asta.get_by_test_id("status")).to_have_text("Undamaged")
    expect(asta.locator(".meta")).to_contain_text("Player character")
    expect(orc.locator(".meta")).to_contain_text("Foes' side")
    # Damage factors as the engine works them out, parts listed with their sections.
    odf = asta.get_by_test_id("odf").text_content()
    asta.get_by_text("Damage factors of Ásta").click()
    expect(asta.locator(".parts li").filter(has_text="Medium weapon")).to_have_count(1)
    expect(asta.locator(".parts li").filter(has_text="Mail")).to_contain_text("+3")
    expect(page.locator(".pairs li")).to_have_count(2)
    pair = page.locator(".pairs li").filter(has_text="Ásta vs Orc")
    tdf = pair.locator("strong").text_content()

    # Edit: a stronger Ásta hits harder (ODF and the pair's total change); her wounds stay.
    asta.get_by_role("button", name="Edit").click()
    edit = asta.locator("form.sheet-form")
    expect(edit.get_by_label("Name", exact=True)).to_have_value("Ásta")
    edit.get_by_label("Strength", exact=True).select_option(label="Superb (+3)")
    edit.get_by_role("button", name="Save changes").click()
    idle(page)
    expect(asta.get_by_test_id("odf")).not_to_have_text(odf)
    expect(pair.locator("strong")).not_to_have_text(tdf)
    expect(page.get_by_test_id("log").locator("li").last).to_have_text("Ásta edited.")

    # A bad sheet is refused with the engine's message, and nothing changes.
    page.locator("#add-fighter form").get_by_label("Name", exact=True).fill("Orc")
    page.locator("#add-fighter form").get_by_role("button", name="Add combatant").click()
    idle(page)
    expect(page.locator("#add-fighter").get_by_role("alert")).to_contain_text("already a combatant called")

    # Remove.
    orc.get_by_role("button", name="Remove").click()
    idle(page)
    expect(page.locator("article.fighter")).to_have_count(1)
    expect(page.get_by_test_id("log").locator("li").last).to_have_text("Orc leaves the fight.")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    axe_check(page, "encounter screen with the forms open")
