"""Building an encounter: choose a preset and switch options (the form comes from the
engine's description), add a PC and an NPC with catalogue or custom weapon and armor, edit and
remove them; damage factors (ODF, DDF, each pair's total) are shown. Desktop and Pixel 7."""

from __future__ import annotations

from conftest import add_fighter, app_ready, card, idle, new_encounter, set_option, sheet_more
from playwright.sync_api import expect

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "damage_capacity": "Good", "armor": {"name": "Mail", "value": 3}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "damage_capacity": "Fair", "weapon": {"name": "Club", "size": 1}}


def test_build_an_encounter(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    page.goto(site.url)
    app_ready(page)
    axe_check(page, "list screen")
    new_encounter(page, site, "Raid <b>night</b> \u05dc\u05d9\u05dc\u05d4", preset="mudge")
    # A name with markup and right-to-left text is shown as text, isolated (bidi controls are refused).
    heading = page.locator("#enc-title")
    expect(heading).to_have_text("Raid <b>night</b> \u05dc\u05d9\u05dc\u05d4")
    assert heading.locator("b").count() == 0 and heading.locator("bdi").count() == 1
    expect(page.locator("#rules summary")).to_have_text("Rules: Mudge")

    # The rules form is generated from describe: switch one option.
    set_option(page, "co.armor", True)
    expect(page.locator("#rules summary")).to_have_text("Rules: Mudge, 1 option changed")

    # A PC with a catalogue weapon (the engine's table) and custom armor.
    add_fighter(page, {**ASTA, "weapon": "Medium weapon"})
    add_fighter(page, ORC)
    asta, orc = card(page, "Ásta"), card(page, "Orc")
    expect(asta.get_by_test_id("status")).to_have_text("Undamaged")
    expect(asta.locator(".meta")).to_contain_text("Player character")
    expect(orc.locator(".meta")).to_contain_text("Foes' side")
    # Damage factors as the engine works them out, parts listed with their sections.
    expect(asta.get_by_test_id("odf")).to_have_text("+3")  # Strength Good +1, Medium weapon +2 (MUD 4.54)
    asta.get_by_text("Damage factors of Ásta").click()
    expect(asta.locator(".parts li").filter(has_text="Medium weapon")).to_have_count(1)
    expect(asta.locator(".parts li").filter(has_text="Mail")).to_contain_text("+3")
    page.get_by_text("Total damage factors", exact=True).click()
    expect(page.locator(".pairs li")).to_have_count(2)
    pair = page.locator(".pairs li").filter(has_text="Ásta vs Orc")
    expect(pair.locator("strong")).to_have_text("+3")  # the Orc: Fair capacity, no armor

    # Edit: a stronger Ásta hits harder (ODF and the pair's total change); her wounds stay.
    asta.get_by_role("button", name="Edit").click()
    edit = asta.locator("form.sheet-form")
    expect(edit.get_by_label("Name", exact=True)).to_have_value("Ásta")
    edit.get_by_label("Strength", exact=True).select_option(label="Superb (+3)")
    edit.get_by_role("button", name="Save changes").click()
    idle(page)
    expect(asta.get_by_test_id("odf")).to_have_text("+5")  # Strength Superb +3, Medium weapon +2
    expect(pair.locator("strong")).to_have_text("+5")
    expect(page.get_by_test_id("log").locator("li").last).to_have_text("Ásta edited.")

    # A bad sheet is refused with the engine's message, and nothing changes: an edit onto a name
    # in use (a repeated name in an add is numbered instead: e2e/test_quick_setup.py).
    asta.get_by_role("button", name="Edit").click()
    edit.get_by_label("Name", exact=True).fill("Orc")
    edit.get_by_role("button", name="Save changes").click()
    idle(page)
    expect(asta.get_by_role("alert")).to_contain_text("already a combatant called")
    expect(page.locator("[data-testid=roster] > li")).to_have_count(2)
    asta.get_by_role("button", name="Cancel").click()

    # Remove.
    orc.get_by_role("button", name="Remove").click()
    idle(page)
    expect(page.locator("[data-testid=roster] > li")).to_have_count(1)
    expect(page.get_by_test_id("log").locator("li").last).to_have_text("Orc leaves the fight.")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    axe_check(page, "encounter screen with the forms open")


def test_full_sheet_and_an_edited_table(open_context, site, screen, axe_check):
    """Two combat skills, AV/CV armor (CO 1), his own wound boxes (F95 4.57) and a weapon added
    to the catalogue in the table editor; a bad table comes back as the engine's error next to
    its field and loses nothing; after a reload everything is as it was."""
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Sheet", preset="fudge1995")
    set_option(page, "co.armor", True)

    # The weapon catalogue, edited in the editor generated from describe's shape.
    rules = page.locator("#rules")
    rules.get_by_role("button", name="Weapon catalogue").click()
    rules.get_by_role("button", name="Add a row to Weapon catalogue").click()
    rules.get_by_role("button", name="New weapon", exact=True).click()
    row = rules.locator("#tbl-damage-weapons-15-row")
    name = row.get_by_label("Name", exact=True)
    name.fill("Axe")  # the catalogue has an Axe already: the engine refuses the table
    row.get_by_label("Size", exact=True).fill("3")
    row.get_by_label("Sharpness", exact=True).fill("1")
    axe_check(page, "table editor open")
    rules.get_by_role("button", name="Use these rules").click()
    idle(page)
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(row.locator("#tbl-damage-weapons-15-name-error")).to_contain_text("listed twice")
    expect(row.get_by_label("Size", exact=True)).to_have_value("3")  # nothing lost
    axe_check(page, "table editor with the engine's error")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "table editor in dark mode")
    rules.locator(".table-option[data-key='damage.weapons']").screenshot(
        path=f"/tmp/sheet-table-{page.viewport_size['width']}.png")
    name.fill("Dane axe")
    rules.get_by_role("button", name="Use these rules").click()
    idle(page)
    expect(rules.get_by_role("status")).to_have_text("Rules changed.")
    expect(page.locator("#rules > summary")).to_have_text("Rules: Fudge 1995, 2 options changed")

    # The sheet: two skills, the new weapon, AV/CV from the CO 1 tables, his own boxes.
    details = page.locator("#add-fighter")
    if details.get_attribute("open") is None:  # open already in an encounter with no one yet
        details.locator("summary").click()
    form = details.locator("form")
    form.get_by_label("Name", exact=True).fill("Ásta")
    form.get_by_label("Combat skill", exact=True).fill("Axe")
    form.get_by_label("Skill level", exact=True).select_option(label="Great (+2)")
    sheet_more(form)
    form.get_by_role("button", name="Add a skill").click()
    form.get_by_label("Combat skill 2", exact=True).fill("Shield")
    form.get_by_label("Skill level 2", exact=True).select_option(label="Superb (+3)")
    form.get_by_label("Attacks with").select_option(label="Axe")
    form.get_by_label("Defends with").select_option(label="Shield")
    form.get_by_label("Weapon", exact=True).select_option(label="Dane axe")
    form.get_by_label("Armor", exact=True).select_option("custom")
    form.get_by_label("Armor name").fill("Mail hauberk")
    form.get_by_label("Material (CO 1.3)").select_option(label="Steel chain with padding (2)")
    form.get_by_label("Armor type (CO 1.4)").select_option(label="Hauberk (long shirt) (3)")
    expect(form.get_by_label("Armor value (AV)")).to_have_value("2")
    expect(form.get_by_label("Coverage value (CV)")).to_have_value("3")
    form.get_by_label("Their own wound boxes").check()
    form.get_by_label("Scratch boxes").fill("4")
    form.get_by_label("Hurt boxes", exact=True).fill("2")
    axe_check(page, "full sheet")
    form.screenshot(path=f"/tmp/sheet-form-{page.viewport_size['width']}.png")
    # Two rows with one name: the engine refuses the sheet rather than merging them.
    form.get_by_label("Combat skill 2", exact=True).fill("Axe")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    expect(form.get_by_role("alert")).to_contain_text("two skills are called 'Axe'")
    form.get_by_label("Combat skill 2", exact=True).fill("Shield")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)

    def check_asta():
        asta = card(page, "Ásta")
        expect(asta.locator(".track-row").first.locator("button.box")).to_have_count(4)
        expect(asta.locator(".track-row").nth(1).locator("button.box")).to_have_count(2)
        asta.get_by_text("Damage factors of Ásta").click()
        expect(asta.locator(".parts li").filter(has_text="Dane axe")).to_contain_text("+4")
        expect(asta.locator(".parts li").filter(has_text="Mail hauberk")).to_contain_text("CO 1.2")
        expect(asta.get_by_test_id("cv")).to_have_text("3")
        asta.get_by_role("button", name="Edit").click()
        edit = asta.locator("form.sheet-form")
        expect(edit.get_by_label("Combat skill 2", exact=True)).to_have_value("Shield")
        expect(edit.get_by_label("Defends with")).to_have_value("1")
        expect(edit.get_by_label("Coverage value (CV)")).to_have_value("3")
        expect(edit.get_by_label("Weapon", exact=True).locator("option:checked")).to_have_text("Dane axe")
        expect(edit.get_by_label("Scratch boxes")).to_have_value("4")
        edit.get_by_role("button", name="Cancel").click()

    check_asta()
    card(page, "Ásta").screenshot(path=f"/tmp/sheet-card-{page.viewport_size['width']}.png")
    page.reload()
    app_ready(page)
    idle(page)
    check_asta()
    rules = page.locator("#rules")
    rules.locator("summary").first.click()
    rules.get_by_role("button", name="Weapon catalogue").click()
    expect(rules.get_by_role("button", name="Dane axe", exact=True)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_tables_of_other_shapes(open_context, site, screen, axe_check):
    """The same editor edits a list of numbers named by level (wound boxes) and rows with
    optional parts (the autofire table): a row the engine refuses shows its error in the row."""
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Tables", preset="fudge1995")
    rules = page.locator("#rules")
    rules.locator("summary").first.click()
    page.locator("#opt-wounds-track").select_option("custom")
    boxes = rules.locator(".table-option[data-key='wounds.boxes']")
    boxes.get_by_role("button", name="Custom wound boxes").click()
    boxes.get_by_label("Hurt", exact=True).fill("2")
    autofire = rules.locator(".table-option[data-key='ranged.autofire_table']")
    autofire.get_by_role("button", name="Share of a burst that hits").click()
    autofire.get_by_role("button", name="Row 2", exact=True).click()
    autofire.get_by_label("Rounds that hit").check()  # a row has a share or rounds, not both
    rules.get_by_role("button", name="Use these rules").click()
    idle(page)
    expect(autofire.locator("#tbl-ranged-autofire_table-1-error")).to_contain_text("a row is")
    axe_check(page, "a refused row")
    autofire.get_by_label("Share of the burst").uncheck()
    autofire.get_by_role("group", name="Rounds that hit").get_by_label("To").fill("3")
    rules.get_by_role("button", name="Use these rules").click()
    idle(page)
    expect(rules.get_by_role("status")).to_have_text("Rules changed.")
    add_fighter(page, {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}})
    expect(card(page, "Hero").locator(".track-row").nth(1).locator("button.box")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
