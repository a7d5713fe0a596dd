"""Table mode: a GM runs a fight with one thumb on a 390×844 phone. The whole fight on one
screen (eight fighters and Resolve without scrolling), an app-rolled exchange in two taps and
one with entered totals in three (counted), the result strip with its Undo, several foes with a
target named before the roll, the log exported, the mode remembered, a keyboard-only round."""

import re

import pytest
from conftest import app_ready, idle, pick_total, row
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1000, "height": 800}}


def add(name, side, skill, level, role="pc"):
    return {"t": "add", "side": side, "fighter": {"name": name, "role": role, "skills": {skill: level}}}


PARTY = [add("Aldric", "players", "Sword", "Great"), add("Brenna", "players", "Axe", "Good"),
         add("Corwin", "players", "Spear", "Fair")]
GOBLINS = [add(f"Goblin {i}", "foes", "Club", "Mediocre", role="npc") for i in range(1, 6)]
AMBUSH = {"name": "Goblin ambush", "ruleset": {"preset": "fudge1995"}, "log": PARTY + GOBLINS}


class Taps:
    """Clicks made through it, counted: the effort a GM spends."""

    def __init__(self):
        self.count = 0

    def __call__(self, locator):
        self.count += 1
        locator.click()


def open_encounter(page, site, encounter=AMBUSH, eid="table1"):
    """Store an encounter as the app does and open it (as a saved encounter a GM comes back to)."""
    page.goto(site.url + "#/")
    app_ready(page)
    assert page.evaluate("""async ([id, enc]) => { const s = await import('./js/data/encounter-store.js');
      return s.saveEncounter(id, enc) && s.touch(id, enc.name) !== false; }""", [eid, encounter])
    page.goto(site.url + f"#/e/{eid}")
    idle(page)


def log_lines(page):
    return page.get_by_test_id("log").locator(":scope > li")


def in_view(page, locator):
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


@pytest.mark.parametrize("screen_options", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_eight_fighters_and_resolve_fit_one_screen(open_context, site, screen_options, axe_check):
    page = open_context(**screen_options).new_page()
    open_encounter(page, site)
    rows = page.get_by_test_id("roster").locator(":scope > li")
    expect(rows).to_have_count(8)
    assert page.evaluate("scrollY") == 0
    for i in range(8):
        assert in_view(page, rows.nth(i)), f"row {i + 1} is off the first screen"
    resolve = page.get_by_role("button", name="Resolve", exact=True)
    assert in_view(page, resolve)
    # Still in reach after scrolling to the log: the bar stays at the foot of the screen.
    page.get_by_role("heading", name="Log").scroll_into_view_if_needed()
    assert in_view(page, resolve)
    assert page.evaluate("document.documentElement.scrollWidth") <= screen_options["viewport"]["width"]
    axe_check(page, "the encounter screen, eight fighters")


def test_an_app_rolled_exchange_takes_two_taps_and_the_strip_names_the_new_state(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site)
    # The suggested pair: the first who has not acted, against a foe.
    expect(page.get_by_test_id("suggested")).to_have_text("Next: Aldric vs Goblin 1")
    tap = Taps()
    tap(page.get_by_role("button", name="Roll all"))
    aldric_total = page.get_by_role("radio", name=re.compile("^Aldric's total"))
    expect(aldric_total.and_(page.locator(":checked"))).to_have_count(1)
    tap(page.get_by_role("button", name="Resolve", exact=True))
    idle(page)
    expect(log_lines(page)).to_have_count(9)
    assert tap.count <= 3
    strip = page.get_by_test_id("result-strip")
    # Focus follows the result; the strip says what Undo undoes.
    expect(strip).to_be_focused()
    expect(strip.get_by_role("button", name="Undo: Aldric vs Goblin 1")).to_be_visible()
    last = page.get_by_test_id("last-text").inner_text()
    announce = page.get_by_test_id("announce")
    expect(announce).to_contain_text(last)
    expect(announce).to_contain_text("Dice: Aldric [")
    # Both fighters of a simultaneous exchange have acted; the next pair moves on.
    expect(row(page, "Aldric")).to_have_attribute("aria-label", re.compile(", has acted$"))
    expect(row(page, "Goblin 1")).to_have_attribute("aria-label", re.compile(", has acted$"))
    expect(page.get_by_test_id("suggested")).to_have_text("Next: Brenna vs Goblin 2")
    # Foes only: the five goblins, or four and the one the rolled dice felled (offered on demand).
    expect(page.get_by_label("Against", exact=True).locator("option")).to_have_text(
        [re.compile(r"^(Goblin \d|Show the 1 fallen$)")] * 5)


def test_an_exchange_with_entered_totals_takes_three_taps(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site)
    tap = Taps()
    for who, total in (("Aldric", 3), ("Goblin 1", -3)):
        group = page.get_by_role("group", name=f"{who}'s dice", exact=True)
        tap(group.locator("label", has_text=re.compile(re.escape(f"{'+' if total > 0 else '−'}{abs(total)}") + "$")))
    tap(page.get_by_role("button", name="Resolve", exact=True))
    idle(page)
    assert tap.count <= 5
    expect(log_lines(page).last).to_contain_text("Round 1, Aldric vs Goblin 1: hit: Goblin 1")
    expect(log_lines(page).last).to_contain_text("Dice: Aldric total +3; Goblin 1 total −3")
    change = page.get_by_test_id("result-strip").locator("li")
    expect(change).to_have_count(1)
    expect(change).to_have_text(re.compile(r"^Goblin 1(?: took \S.*)?: Undamaged → "))  # a wound not said twice
    expect(page.get_by_test_id("roster").locator("li.changed")).to_have_count(1)


def test_undo_from_the_strip_undoes_what_it_names(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site)
    pick_total(page, "Aldric", 2)
    pick_total(page, "Goblin 1", 0)
    page.get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    page.get_by_role("button", name="Undo: Aldric vs Goblin 1").click()
    idle(page)
    expect(log_lines(page).last).to_have_text(re.compile("^Undo: Round 1, Aldric vs Goblin 1"))
    expect(row(page, "Goblin 1")).to_have_attribute("aria-label", "Goblin 1, Foes' side: Undamaged")
    expect(row(page, "Aldric")).to_have_attribute("aria-label", "Aldric, Players' side: Undamaged")


def test_several_foes_with_a_target_named_before_the_roll(open_context, site):
    """F95 4.34: he may wound only a foe he bested; a target named early whom a foe's roll put
    out of reach takes no wound, and the rest of the round still applies."""
    page = open_context(**PHONE).new_page()
    open_encounter(page, site)
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Brenna (F95 4.34)")
    for i in (3, 4, 5):
        page.get_by_label(f"Goblin {i}", exact=True).uncheck()
    page.get_by_label("The lone fighter strikes").select_option(label="Goblin 1")
    pick_total(page, "Brenna", -2)
    pick_total(page, "Goblin 1", -4)
    pick_total(page, "Goblin 2", 4)
    page.get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    expect(page.locator("#round .error")).to_have_count(0)
    expect(log_lines(page).last).to_contain_text("Round 1, Brenna against Goblin 1, Goblin 2")
    expect(page.get_by_test_id("result-strip").locator("li")).to_have_text([re.compile("^Brenna(?: took .+)?: ")])
    page.get_by_test_id("last-text").click()
    expect(page.locator(".last-result .steps")).to_contain_text("No wound on Goblin 1: a foe beat the lone fighter")


def test_the_log_reopens_an_explanation_and_exports_as_markdown(open_context, site):
    context = open_context(**PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    page = context.new_page()
    open_encounter(page, site)
    pick_total(page, "Aldric", 1)
    pick_total(page, "Goblin 1", 1)
    page.get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    page.get_by_test_id("log").get_by_role("button", name=re.compile("^Round 1, Aldric vs Goblin 1")).click()
    explained = page.get_by_test_id("explained")
    expect(explained.locator(".steps li").first).to_contain_text("Round 1: Aldric against Goblin 1, simultaneous.")
    page.get_by_role("button", name="Copy as Markdown").click()
    expect(page.get_by_text("The log is copied as Markdown.")).to_be_visible()
    text = page.evaluate("navigator.clipboard.readText()")
    assert text.startswith("# Goblin ambush\n\n1. Aldric joins the fight.\n")
    assert "9. Round 1, Aldric vs Goblin 1: stand\\-off." in text or "9. Round 1, Aldric vs Goblin 1: " in text
    assert "*Dice: Aldric total +1; Goblin 1 total +1*" in text


def test_the_mode_and_fighter_picked_are_remembered_across_reloads(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site)
    page.get_by_label("What happens", exact=True).select_option("ranged")
    page.get_by_label("Shooter", exact=True).select_option(label="Corwin")
    page.reload()
    idle(page)
    expect(page.get_by_label("What happens", exact=True)).to_have_value("ranged")
    expect(page.get_by_label("Shooter", exact=True)).to_have_value("c3")


def tabs_to_resolve(page, most: int = 40) -> int:
    """Tab presses from the top of the page until Resolve has the focus."""
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    for tabs in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim() === 'Resolve'"):
            return tabs
    return most + 1


def test_a_keyboard_only_round(open_context, site):
    page = open_context(**DESKTOP).new_page()
    open_encounter(page, site)
    # The header's links (Encounters, Live table, Share), the skip link, then the round itself.
    assert tabs_to_resolve(page) <= 16
    # The skip link is first, and takes the keyboard to the round.
    page.reload()  # the browser's Tab starts again from the top
    idle(page)
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to the round")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#round")).to_be_focused()
    # Totals with arrow keys in each picker, then Resolve.
    page.get_by_role("radio", name="Aldric's total: 0", exact=True).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name="Aldric's total: +2", exact=True)).to_be_checked()
    page.get_by_role("radio", name="Goblin 1's total: 0", exact=True).focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Resolve", exact=True).focus()
    page.keyboard.press("Enter")
    idle(page)
    expect(log_lines(page).last).to_contain_text("Dice: Aldric total +2; Goblin 1 total 0")
    # The roster: one tab stop, arrows move, Enter opens a card with its wound track.
    row(page, "Aldric").focus()
    page.keyboard.press("ArrowRight")
    expect(row(page, "Brenna")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("group", name="Wound track of Brenna")).to_be_visible()


def test_a_players_own_roll_entered_roll_the_rest_rolls_the_foes(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site)
    pick_total(page, "Aldric", 2)
    page.get_by_role("button", name="Roll the rest").click()
    goblin = page.get_by_role("group", name="Goblin 1's dice", exact=True)
    expect(goblin.locator(".faces-read")).to_have_text(re.compile(r"^[+0−]( [+0−]){3}$"))
    expect(page.get_by_role("radio", name="Aldric's total: +2", exact=True)).to_be_checked()
    page.get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    expect(log_lines(page).last).to_contain_text(re.compile(r"Dice: Aldric total \+2; Goblin 1 \["))


def test_folded_parts_are_drawn_when_opened_by_tap_or_keyboard_and_keep_what_was_typed(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site)
    # Folded, the rules form and the sheet for a new fighter are not drawn at all (first paint).
    for fold in ("#rules", "#add-fighter", "details.declare-all"):
        expect(page.locator(f"{fold} form, {fold} fieldset, {fold} select")).to_have_count(0)
    # Opened from the keyboard, the rules form is there at once.
    page.locator("#rules > summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#rules")).to_have_attribute("open", "")
    expect(page.get_by_role("button", name="Use these rules")).to_be_visible()
    # Opened by a tap; what was typed stays when the fold is closed and opened again.
    summary = page.locator("#add-fighter > summary")
    summary.click()
    name = page.locator("#add-fighter").get_by_label("Name", exact=True)
    name.fill("Dora")
    summary.click()
    expect(name).to_be_hidden()
    summary.click()
    expect(name).to_have_value("Dora")
