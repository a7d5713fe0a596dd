"""Healing every way the rules allow, from a fighter's card, with the result saying which wounds
became what; and the words a table reads aloud. At a phone's 390×844."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import add_fighter, card, idle, new_encounter, play_exchange
from playwright.sync_api import expect

BRENNA = {"name": "Brenna", "role": "pc", "skills": {"Sword": "Good"}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SHOTS = Path(__file__).resolve().parents[1] / "test-results" / "screens"


def lines(locator) -> int:
    """How many lines of text an element takes."""
    return round(locator.evaluate(
        "(e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)"))


def wound(page, c, level: str) -> None:
    c.get_by_role("button", name="Wound", exact=True).click()
    c.get_by_label("Wound level").select_option(label=level)
    c.get_by_role("button", name="Record the wound").click()
    idle(page)


def test_a_card_heals_by_a_healer_or_by_weeks_of_rest_and_says_what_each_wound_became(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Healing", preset="fudge1995")
    add_fighter(page, BRENNA)
    brenna = card(page, "Brenna")
    expect(brenna.get_by_role("button", name="Heal", exact=True)).to_have_count(0)  # unhurt: nothing to heal
    wound(page, brenna, "Very Hurt")
    wound(page, brenna, "Hurt")

    brenna.get_by_role("button", name="Heal", exact=True).click()
    form = brenna.get_by_test_id("heal-form")
    expect(form.get_by_role("radio")).to_have_count(2)
    expect(form.get_by_role("radio", name="A healer's roll")).to_be_checked()
    expect(form.get_by_role("radio", name="Natural healing")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    form.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "heal-form-390.png"))
    form.get_by_label("Healer's result").select_option(label="Good (+1)")
    form.get_by_role("button", name="Heal Brenna").click()
    idle(page)
    expect(brenna.get_by_test_id("healed")).to_have_text(
        "Brenna: Very Hurt → Hurt, Hurt → healed, by a Good healer's result.")
    expect(brenna.get_by_test_id("status")).to_have_text("Hurt −1")

    brenna.get_by_role("button", name="Heal", exact=True).click()
    form.get_by_role("radio", name="Natural healing").check()
    expect(form.get_by_label("Healer's result")).to_have_count(0)
    form.get_by_label("Weeks of rest").select_option("1")
    form.get_by_role("button", name="Heal Brenna").click()
    idle(page)
    expect(brenna.get_by_test_id("healed")).to_have_text("Brenna: Hurt → healed, after 1 week of rest.")
    expect(brenna.get_by_test_id("status")).to_have_text("Undamaged")
    expect(brenna.get_by_role("button", name="Heal", exact=True)).to_have_count(0)


def test_a_duplicated_encounters_first_undo_takes_back_the_fight_not_its_new_name(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Ambush", preset="fudge1995")
    add_fighter(page, BRENNA)
    page.goto(site.url + "#/")
    entry = page.locator("li.enc-row").filter(has=page.get_by_role("link", name="Ambush", exact=True))
    entry.get_by_role("button", name="Manage").click()
    entry.get_by_role("button", name="Duplicate").click()
    expect(page.get_by_test_id("toast")).to_contain_text("Duplicated as “Ambush (copy)”")
    page.get_by_role("link", name="Ambush (copy)", exact=True).click()
    idle(page)
    expect(page.locator("#enc-title")).to_have_text("Ambush (copy)")
    # Its log is the original's: Undo takes back Brenna's joining, not the new name.
    expect(page.get_by_test_id("log").locator("li")).to_have_text(["Brenna joins the fight."])


def test_after_the_end_of_battle_the_header_and_the_table_display_say_so(open_context, site):
    page = open_context(**PHONE).new_page()
    eid = new_encounter(page, site, "Skirmish", preset="fudge1995")
    add_fighter(page, BRENNA)
    add_fighter(page, {"name": "Goblin", "role": "npc", "skills": {"Spear": "Fair"}})
    expect(page.get_by_test_id("round")).to_have_text("1")
    page.get_by_role("button", name="End of battle").click()
    idle(page)
    expect(page.get_by_test_id("heading")).to_have_text("The battle is over")
    expect(page.get_by_test_id("round")).to_have_count(0)
    page.goto(f"{site.url}#/e/{eid}/display")
    expect(page.locator("#display-title")).to_contain_text("The battle is over")


def test_the_first_screen_says_what_the_app_is_for_in_one_line_and_the_shortcuts_open(open_context, site):
    page = open_context(**PHONE).new_page()
    page.goto(site.url + "#/new")
    line = page.get_by_test_id("what-for")
    expect(line).to_have_text("Runs Fudge fights: rounds, wounds, healing.")
    assert lines(line) == 1
    expect(page.get_by_label("Name", exact=True)).to_be_focused()  # "New encounter": ready to type
    new_encounter(page, site, "Ambush", preset="fudge1995")
    page.goto(site.url + "#/")
    page.goto(site.url + "#/last")  # "Last encounter": the fight used last
    expect(page.locator("#enc-title")).to_have_text("Ambush")
    assert page.url.endswith("#/e/" + page.url.rsplit("/", 1)[1]) and "#/last" not in page.url


def test_the_result_strip_says_a_blow_in_two_lines_at_most(open_context, site):
    page = open_context(**PHONE).new_page()
    new_encounter(page, site, "Strip", preset="fudge1995")
    add_fighter(page, BRENNA)
    add_fighter(page, {"name": "Goblin 1", "role": "npc", "skills": {"Spear": "Fair"}})
    play_exchange(page, "Brenna", "Goblin 1", {"a_dice": {"roll": {"faces": [1, 1, 1, 1]}},
                                               "b_dice": {"roll": {"faces": [-1, -1, -1, -1]}}})
    change = page.get_by_test_id("result-strip").locator(".changes li").first
    expect(change).to_have_text(re.compile(r"^Goblin 1: Undamaged → \w[\w ]+$"))  # not "took Near Death: …"
    assert lines(change) <= 2


def test_the_install_screenshots_are_not_fetched_to_fill_the_offline_cache(dist):
    # The browser's install prompt fetches them itself; a first visit need not.
    lazy = json.loads((dist / "manifest.json").read_text())["lazy"]
    assert {"screenshots/round-390x844.png", "screenshots/round-1280x800.png"} <= set(lazy)
