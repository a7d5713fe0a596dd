"""Setting up an encounter quickly: several fighters of one sheet in one add, numbered by the
engine ("Goblin 1" … "Goblin 4"; a repeated name takes the next number), a fighter duplicated
from his card, the same sheet offered again after an add; templates (the engine's bestiary and
the GM's own), a saved party added in one tap with or without its wounds; gear found by the
words players use. Taps and typed fields are counted; the phone is 390×844."""

from __future__ import annotations

import json
import re

from conftest import app_ready, card, idle, new_encounter, roster, sheet_more
from playwright.sync_api import expect
from test_trust_storage import FAIL_KEYS, STORAGE  # storage full on demand, key by key; all of storage

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
        self.taps += 2  # a list opened, a choice tapped
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
    # The side first (the role follows it: a foe is an NPC); Role is folded with the rest.
    effort.pick(form.get_by_label("Side", exact=True), value="foes")
    for _ in range(3):
        effort.tap(form.get_by_role("button", name="One more"))
    expect(form.get_by_label("How many")).to_have_value("4")
    effort.tap(form.get_by_role("button", name="Add 4 combatants"))
    idle(page)
    assert names(page) == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
    assert (effort.taps, effort.typed) == (6, 1)
    expect(page.get_by_test_id("log").locator("li").last).to_have_text(
        "Goblin 1, Goblin 2, Goblin 3 and Goblin 4 join the fight.")
    # The same sheet again, one tap: the next number.
    page.get_by_test_id("added").get_by_role("button", name="Add another like this").click()
    idle(page)
    assert names(page)[-1] == "Goblin 5"
    # "Change it and add": the last sheet back in the form; its name, repeated, is numbered.
    page.get_by_test_id("added").get_by_role("button", name="Change it and add").click()
    expect(form.get_by_label("Name", exact=True)).to_have_value("Goblin")
    expect(form.get_by_label("Side", exact=True)).to_have_value("foes")
    sheet_more(form)
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


# --- templates ------------------------------------------------------------------------------------

def chips(page, group: str):
    return add_form(page).get_by_role("group", name=group, exact=True).get_by_role("button")


def library(page) -> dict:
    raw = page.evaluate("localStorage.getItem('pyfudge:library')")
    return {"templates": [], "party": []} if raw is None else json.loads(raw)["data"]


def export_all(page) -> str:
    page.goto(page.url.split("#")[0] + "#/")
    app_ready(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export all encounters").click()
    expect(page.get_by_test_id("file-status")).to_contain_text("Exported")
    return download.value.path()


def import_file(page, path) -> None:
    page.goto(page.url.split("#")[0] + "#/")
    app_ready(page)
    page.get_by_label("Import encounters from a file").set_input_files(path)
    expect(page.get_by_test_id("file-status")).to_contain_text("Imported")


def test_a_bestiary_template_four_times_and_one_of_your_own(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Templates")
    form = add_form(page)
    # The engine's bestiary: a tap fills the sheet, which folds to one line; its source is cited.
    expect(chips(page, "Bestiary")).to_have_text(["Bandit", "Guard", "Goblin", "Wolf", "Bear"])
    chips(page, "Bestiary").filter(has_text="Wolf").click()
    expect(form.get_by_label("Name", exact=True)).to_have_value("Wolf")
    source = page.get_by_test_id("template-source")
    expect(source.locator("summary")).to_have_text("House example: where its numbers come from")
    source.locator("summary").click()
    expect(source).to_contain_text("F95 4.23")
    expect(form.get_by_label("Role", exact=True)).to_have_count(0)  # folded
    sheet = form.get_by_role("button", name=re.compile("^Sheet: NPC"))
    expect(sheet).to_contain_text("Bite Good")
    for _ in range(2):
        form.get_by_role("button", name="One more").click()
    form.get_by_role("button", name="Add 3 combatants").click()
    idle(page)
    assert names(page) == ["Wolf 1", "Wolf 2", "Wolf 3"]
    wolf = card(page, "Wolf 2")
    expect(wolf.get_by_test_id("ddf")).to_have_text("0")
    # The form kept what the sheet does not show: a carnivore defends one below its offence.
    assert page.evaluate("""() => JSON.parse(localStorage.getItem(Object.keys(localStorage)
        .find((k) => k.startsWith('pyfudge:enc:')))).data.log[0].fighter.animal""") == "carnivore"

    # Save a fighter as a template: named after his kin, unhurt.
    wolf.get_by_role("button", name="Wound").click()
    wolf.get_by_role("button", name="Record the wound").click()
    idle(page)
    wolf.get_by_role("button", name="Edit").click()
    edit = wolf.locator("form.sheet-form")
    edit.get_by_label("Skill level", exact=True).select_option(label="Great (+2)")
    edit.get_by_role("button", name="Save changes").click()
    idle(page)
    wolf.get_by_role("button", name="Save as template").click()
    expect(wolf.get_by_test_id("saved")).to_have_text("Saved “Wolf” as a template.")
    expect(chips(page, "Your templates")).to_have_text(["Wolf"])
    saved = library(page)["templates"]
    assert [t["fighter"]["name"] for t in saved] == ["Wolf"] and saved[0]["fighter"]["track"] is None
    assert saved[0]["fighter"]["skills"] == {"Bite": 2}
    # Saved again: the template of that name is updated, not doubled.
    wolf.get_by_role("button", name="Save as template").click()
    expect(wolf.get_by_test_id("saved")).to_have_text("Template “Wolf” updated.")
    chips(page, "Your templates").filter(has_text="Wolf").click()
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    assert names(page)[-1] == "Wolf 4"
    expect(card(page, "Wolf 4").get_by_test_id("status")).to_have_text("Undamaged")


def test_templates_survive_a_reload_and_an_export_and_import(open_context, site):
    context = open_context(**PHONE)
    page = context.new_page()
    new_encounter(page, site, "Keep them")
    add_form(page).get_by_label("Name", exact=True).fill("Orc chief")
    sheet_more(add_form(page))
    add_form(page).get_by_label("Role", exact=True).select_option("major_npc")
    add_form(page).get_by_role("button", name="Add combatant").click()
    idle(page)
    card(page, "Orc chief").get_by_role("button", name="Save as template").click()
    expect(card(page, "Orc chief").get_by_test_id("saved")).to_contain_text("as a template")
    page.reload()
    idle(page)
    page.locator("#add-fighter summary").click()  # folded: the encounter has a fighter now
    expect(chips(page, "Your templates")).to_have_text(["Orc chief"])
    path = export_all(page)
    # Another device: the file brings the template; importing it twice adds it once.
    other = open_context(**PHONE).new_page()
    other.goto(site.url + "#/")
    import_file(other, path)
    expect(other.get_by_test_id("file-status")).to_contain_text("Added 1 template")
    import_file(other, path)
    assert [t["fighter"]["name"] for t in library(other)["templates"]] == ["Orc chief"]
    new_encounter(other, site, "Elsewhere")
    expect(chips(other, "Your templates")).to_have_text(["Orc chief"])


def test_a_template_not_saved_for_want_of_room_says_so_and_writes_nothing(open_context, site, axe_check):
    context = open_context(**PHONE)
    context.add_init_script(FAIL_KEYS)
    page = context.new_page()
    new_encounter(page, site, "Full")
    chips(page, "Bestiary").filter(has_text="Bandit").click()
    add_form(page).get_by_role("button", name="Add combatant").click()
    idle(page)
    before = page.evaluate(STORAGE)
    page.evaluate("globalThis.__failKeys = '^pyfudge:library$'")
    bandit = card(page, "Bandit")
    bandit.get_by_role("button", name="Save as template").click()
    alert = bandit.get_by_test_id("saved")
    expect(alert).to_have_text(re.compile("^Not saved: this device's storage for this site is full"))
    expect(alert).to_have_attribute("role", "alert")
    axe_check(page, "a template not saved")
    assert page.evaluate(STORAGE) == before  # nothing half-written
    expect(add_form(page).get_by_role("group", name="Your templates")).to_have_count(0)
    page.evaluate("globalThis.__failKeys = ''")
    page.reload()
    idle(page)
    assert library(page)["templates"] == []


def test_a_template_stored_without_weapon_fills_a_usable_form(open_context, site):
    """A template of the device's library as another version or a hand may have written it: a
    name, a role and skills, no weapon, armour or side. Its chip fills the form with the sheet
    the engine reads from it; one the engine cannot read says why and leaves the form usable."""
    page = open_context(**PHONE).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    new_encounter(page, site, "Shades")
    page.evaluate("""localStorage.setItem('pyfudge:library', JSON.stringify({type: 'pyfudge/library',
        version: 1, data: {party: [], templates: [
          {side: 'foes', fighter: {name: 'Shade', role: 'npc', skills: {Claws: 1}}},
          {side: 'foes', fighter: {name: 'Wisp', role: 'npc', skills: null}},
          {side: 'foes', fighter: {name: 'Lurker', skills: {Knife: 0}}}]}}))""")
    page.reload()
    idle(page)
    form = add_form(page)
    chips(page, "Your templates").filter(has_text="Shade").click()
    expect(form.get_by_label("Name", exact=True)).to_have_value("Shade")
    expect(form.get_by_role("button", name=re.compile("^Sheet: NPC"))).to_contain_text("Claws Good")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    assert names(page) == ["Shade"]
    expect(card(page, "Shade").locator(".meta")).to_contain_text("Foes' side")

    chips(page, "Your templates").filter(has_text="Wisp").click()
    expect(form.get_by_role("alert")).to_contain_text("The template “Wisp” cannot be used")
    form.get_by_label("Name", exact=True).fill("Ghost")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    assert names(page) == ["Shade", "Ghost"]
    # One stored with no role on the foes' side is a foe: an NPC, as the form's Role would have it.
    chips(page, "Your templates").filter(has_text="Lurker").click()
    expect(form.get_by_role("button", name=re.compile("^Sheet: "))).to_contain_text("NPC (pawn) · Knife Fair")
    assert errors == []


# --- the party ------------------------------------------------------------------------------------

ALDRIC = {"name": "Aldric", "skill": ("Sword", "Great (+2)")}
BRENNA = {"name": "Brenna", "skill": ("Axe", "Good (+1)")}


def add_pc(page, pc) -> None:
    form = add_form(page)
    if page.locator("#add-fighter[open]").count() == 0:
        page.locator("#add-fighter summary").click()
    form.get_by_label("Name", exact=True).fill(pc["name"])
    form.get_by_label("Combat skill", exact=True).fill(pc["skill"][0])
    form.get_by_label("Skill level", exact=True).select_option(label=pc["skill"][1])
    form.get_by_role("button", name="Add combatant").click()
    idle(page)


def save_party(page, site, *, hurt: str | None = None) -> None:
    """Arrange (not counted): Aldric and Brenna saved to the party from their cards in an earlier
    encounter; Aldric hurt there when ``hurt`` names a wound level."""
    new_encounter(page, site, "Last week")
    for pc in (ALDRIC, BRENNA):
        add_pc(page, pc)
    if hurt:
        aldric = card(page, "Aldric")
        aldric.get_by_role("button", name="Wound").click()
        aldric.get_by_label("Wound level").select_option(label=hurt)
        aldric.get_by_role("button", name="Record the wound").click()
        idle(page)
    for pc in (ALDRIC, BRENNA):
        fighter = card(page, pc["name"])
        fighter.get_by_role("button", name="Save to party").click()
        expect(fighter.get_by_test_id("saved")).to_have_text(f"{pc['name']} is in the party now.")


def test_two_pcs_and_four_goblins_in_at_most_20_taps_and_3_typed_fields(open_context, site, axe_check):
    page = open_context(**PHONE).new_page()
    save_party(page, site)
    new_encounter(page, site, "Goblin ambush")

    effort = Effort()  # from the empty encounter on
    party = page.get_by_test_id("party")
    party.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/quick-setup-empty-390.png")
    effort.tap(party.get_by_role("button", name="Add the party (2)"))
    idle(page)
    effort.tap(chips(page, "Bestiary").filter(has_text="Goblin"))
    for _ in range(3):
        effort.tap(add_form(page).get_by_role("button", name="One more"))
    effort.tap(add_form(page).get_by_role("button", name="Add 4 combatants"))
    idle(page)

    assert names(page) == ["Aldric", "Brenna", "Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
    assert effort.taps <= 20 and effort.typed <= 3, (effort.taps, effort.typed)
    print(f"setup: {effort.taps} taps, {effort.typed} typed fields")  # the figure for the notes
    sides = [c.split(", ")[1].split(":")[0] for c in
             page.get_by_test_id("roster").locator(".row-btn")
             .evaluate_all("bs => bs.map((b) => b.getAttribute('aria-label'))")]
    assert sides == ["Players' side"] * 2 + ["Foes' side"] * 4
    expect(party.get_by_role("button", name="The party is here")).to_be_disabled()
    # The add form and a card at 390×844, looked at.
    add_form(page).scroll_into_view_if_needed()
    page.screenshot(path="/tmp/quick-setup-form-390.png")
    card(page, "Aldric")
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path="/tmp/quick-setup-card-390.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    axe_check(page, "an encounter set up from the party and a template")


def test_the_party_carries_its_wounds_or_comes_fresh_and_heals_in_between(open_context, site):
    page = open_context(**PHONE).new_page()
    save_party(page, site, hurt="Hurt")
    # With their wounds (the default): Aldric is still Hurt; healed on his card; kept for next time.
    new_encounter(page, site, "Next day")
    party = page.get_by_test_id("party")
    expect(party.locator(".party-list li").first).to_contain_text("Aldric Hurt")
    expect(party.get_by_label("With their wounds (unticked: unhurt)")).to_be_checked()
    party.get_by_role("button", name="Add the party (2)").click()
    idle(page)
    expect(party.get_by_test_id("party-status")).to_have_text("Added 2 of the party, with their wounds.")
    aldric = card(page, "Aldric")
    expect(aldric.get_by_test_id("status")).to_contain_text("Hurt")
    aldric.get_by_role("button", name="Heal").click()
    aldric.get_by_label("Healer's result").select_option(label="Good (+1)")
    aldric.get_by_role("button", name="Heal Aldric").click()
    idle(page)
    expect(aldric.get_by_test_id("status")).to_have_text("Undamaged")
    party.get_by_role("button", name="Keep their wounds for next time").click()
    expect(party.get_by_test_id("party-status")).to_have_text(
        "Kept the wounds of 2 of the party for the next encounter.")
    expect(party.locator(".party-list li").first).to_contain_text("Aldric Undamaged")
    # Fresh: unticked, they come unhurt whatever they carry.
    library_now = library(page)
    assert [m["fighter"]["name"] for m in library_now["party"]] == ["Aldric", "Brenna"]
    card(page, "Brenna").get_by_role("button", name="Wound").click()
    card(page, "Brenna").get_by_role("button", name="Record the wound").click()
    idle(page)
    card(page, "Brenna").get_by_role("button", name="Save to party").click()
    expect(card(page, "Brenna").get_by_test_id("saved")).to_contain_text("Brenna's place in the party updated")
    new_encounter(page, site, "Fresh start")
    party.get_by_label("With their wounds (unticked: unhurt)").uncheck()
    party.get_by_role("button", name="Add the party (2)").click()
    idle(page)
    expect(card(page, "Brenna").get_by_test_id("status")).to_have_text("Undamaged")
    # The choice is remembered.
    new_encounter(page, site, "Another")
    expect(party.get_by_label("With their wounds (unticked: unhurt)")).not_to_be_checked()


def test_the_party_survives_a_reload_and_an_export_and_import(open_context, site):
    page = open_context(**PHONE).new_page()
    save_party(page, site, hurt="Very Hurt")
    page.reload()
    idle(page)
    page.locator("#add-fighter summary").click()
    expect(page.get_by_test_id("party").locator(".party-list li")).to_have_count(2)
    path = export_all(page)
    other = open_context(**PHONE).new_page()
    other.goto(site.url + "#/")
    import_file(other, path)
    expect(other.get_by_test_id("file-status")).to_contain_text("2 of the party")
    new_encounter(other, site, "Elsewhere")
    other.get_by_test_id("party").get_by_role("button", name="Add the party (2)").click()
    idle(other)
    assert names(other) == ["Aldric", "Brenna"]
    expect(card(other, "Aldric").get_by_test_id("status")).to_contain_text("Very Hurt")


def test_a_party_member_not_saved_for_want_of_room_says_so_and_writes_nothing(open_context, site):
    context = open_context(**PHONE)
    context.add_init_script(FAIL_KEYS)
    page = context.new_page()
    new_encounter(page, site, "Full")
    add_pc(page, ALDRIC)
    before = page.evaluate(STORAGE)
    page.evaluate("globalThis.__failKeys = '^pyfudge:library$'")
    aldric = card(page, "Aldric")
    aldric.get_by_role("button", name="Save to party").click()
    expect(aldric.get_by_test_id("saved")).to_have_text(
        re.compile("^Not saved: this device's storage for this site is full"))
    assert page.evaluate(STORAGE) == before
    page.locator("#add-fighter summary").click()
    expect(page.get_by_test_id("party")).to_contain_text("No party saved yet")


# --- gear by the players' words -------------------------------------------------------------------

def test_gear_is_found_by_the_words_players_use(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Gear", preset="mudge")
    form = add_form(page)
    form.get_by_label("Name", exact=True).fill("Will Scarlet")
    # "bow": a Bow, sized by Mudge's row for it, with the rule's note (MUD 4.54's list).
    form.get_by_label("Find a weapon").fill("bow")
    hits = form.get_by_test_id("weapon-hits").get_by_role("button")
    expect(hits.first).to_contain_text("Bow +2")
    expect(hits.first).to_contain_text("sized as Medium weapon · MUD 4.54: sword, axe, longbow, crossbow")
    hits.first.click()
    expect(form.get_by_test_id("gear-chosen")).to_have_text("Bow / no armor")
    expect(form.get_by_label("Find a weapon")).to_have_value("")
    # "chain mail": the armor the app reads it as, said to be its own reading.
    form.get_by_label("Find armor").fill("chain mail")
    armor = form.get_by_test_id("armor-hits").get_by_role("button").first
    expect(armor).to_contain_text("Chain mail +4")
    expect(armor).to_contain_text("“chain mail” is this app's reading, not the book's")
    armor.click()
    expect(form.get_by_test_id("gear-chosen")).to_have_text("Bow / Chain mail")
    sheet_more(form)
    expect(form.get_by_label("Armor", exact=True)).to_have_value("custom")
    expect(form.get_by_label("Armor value")).to_have_value("4")  # MUD 4.54's Effective
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    will = card(page, "Will Scarlet")
    will.get_by_text("Damage factors of Will Scarlet").click()
    expect(will.locator(".parts li").filter(has_text="Bow")).to_contain_text("+2")
    # Common gear in a word and a tap: the search at the top of the form.
    effort = Effort()
    effort.type(form.get_by_label("Find a weapon"), "knife")
    effort.tap(form.get_by_test_id("weapon-hits").get_by_role("button").first)
    expect(form.get_by_test_id("gear-chosen")).to_have_text("Knife / no armor")
    assert (effort.taps, effort.typed) == (1, 1)


def test_a_bow_under_fudge_1995_comes_from_mudges_table_as_custom_gear(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Greenwood", preset="fudge1995")
    form = add_form(page)
    form.get_by_label("Name", exact=True).fill("Dicken")
    form.get_by_label("Find a weapon").fill("crossbow")
    hit = form.get_by_test_id("weapon-hits").get_by_role("button").first
    expect(hit).to_contain_text("from Mudge's table (MUD 4.54): picked as custom")
    hit.click()
    sheet_more(form)
    expect(form.get_by_label("Weapon", exact=True)).to_have_value("custom")
    expect(form.get_by_label("Weapon name")).to_have_value("Crossbow")
    expect(form.get_by_label("Weapon size")).to_have_value("2")
    form.get_by_label("Find a weapon").fill("spear")
    expect(form.get_by_test_id("weapon-hits").get_by_role("button").first).to_contain_text("Spear +3")
    form.get_by_label("Find a weapon").fill("zzz")
    expect(form.get_by_text("Nothing called “zzz” here")).to_be_visible()
    form.get_by_label("Find a weapon").fill("")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    expect(card(page, "Dicken").get_by_test_id("odf")).to_have_text("+2")
