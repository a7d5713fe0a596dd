"""The round's flow from the fixed bar on a 390×844 phone: the round's end (Next round, End of
battle) where Roll all and Resolve were, with no scroll and one tap; initiative rolled with its
own dice in one tap; a rule change effective in two taps, the round offering the new mode at
once; Undo giving back the dice entered and saying "Undone" once."""

import re

from conftest import idle, pick_total
from playwright.sync_api import expect
from test_table_mode import PHONE, Taps, add, in_view, open_encounter

DUEL = {"name": "Duel", "ruleset": {"preset": "fudge1995"},
        "log": [add("Aldric", "players", "Sword", "Great"), add("Goblin 1", "foes", "Club", "Mediocre", role="npc")]}
ALTERNATING = {**DUEL, "name": "Turns", "ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "alternating"}}}


def stored_log(page, eid):
    return page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:enc:{eid}')).data.log")


def bar(page):
    return page.get_by_test_id("round-bar")


def test_the_rounds_end_is_in_the_bar_with_no_scroll_and_one_tap(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, DUEL, eid="flow-end")
    # A tie (Great −2 vs Mediocre): nobody falls, so round 2 has an exchange to roll again.
    pick_total(page, "Aldric", -2)
    pick_total(page, "Goblin 1", 0)
    bar(page).get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    expect(page.get_by_test_id("round-over")).to_be_visible()
    scrolled = page.evaluate("scrollY")
    # Next round and End of battle where Roll all and Resolve were; not a second pair below the form.
    next_round = bar(page).get_by_role("button", name="Next round")
    expect(next_round).to_be_visible()
    expect(bar(page).get_by_role("button", name="End of battle")).to_be_visible()
    expect(page.get_by_role("button", name="Next round")).to_have_count(1)
    expect(bar(page).get_by_role("button", name="Roll all")).to_have_count(0)
    assert in_view(page, next_round)
    bar(page).screenshot(path="/tmp/flow-bar-round-end.png")
    page.screenshot(path="/tmp/flow-round-end.png")
    tap = Taps()
    tap(next_round)
    idle(page)
    assert tap.count == 1 and page.evaluate("scrollY") == scrolled
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    expect(bar(page).get_by_role("button", name="Roll all")).to_be_visible()
    expect(bar(page).get_by_role("button", name="Resolve", exact=True)).to_be_visible()


def test_initiative_is_one_tap_with_its_own_dice(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, ALTERNATING, eid="flow-init")
    roll = bar(page).get_by_role("button", name="Roll initiative")
    expect(roll).to_be_visible()
    assert in_view(page, roll)
    bar(page).screenshot(path="/tmp/flow-bar-initiative.png")
    tap = Taps()
    tap(roll)
    last = page.get_by_test_id("last-text")
    expect(last).to_have_text(re.compile(r"^Initiative, Aldric vs Goblin 1: "))  # rolled, then sent
    idle(page)
    event = stored_log(page, "flow-init")[-1]
    assert event["t"] == "initiative"
    assert len(event["a_dice"]["roll"]["faces"]) == len(event["b_dice"]["roll"]["faces"]) == 4
    expect(page.locator("#round .error")).to_have_count(0)
    # The exchange's dice are still to roll: initiative took none of them.
    for who in ("Aldric", "Goblin 1"):
        dice = page.get_by_role("group", name=f"{who}'s dice", exact=True)
        expect(dice.locator("input[type=radio]:checked")).to_have_count(0)
    if "a tie" in last.inner_text():  # F95 4.23: roll again, from the same place
        expect(bar(page).get_by_role("button", name="Roll initiative")).to_be_visible()
    else:
        first = re.compile(r"^Initiative: (Aldric|Goblin 1) attacks first\.$")
        expect(page.get_by_test_id("initiative")).to_have_text(first)
        expect(bar(page).get_by_role("button", name="Roll initiative")).to_have_count(0)
    assert tap.count == 1


def test_initiative_with_physical_dice_entered_is_still_offered(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, ALTERNATING, eid="flow-init-dice")
    expect(page.get_by_role("button", name="Initiative with these dice")).to_have_count(0)
    pick_total(page, "Aldric", -2)
    pick_total(page, "Goblin 1", 1)
    page.get_by_role("button", name="Initiative with these dice").click()
    idle(page)
    event = stored_log(page, "flow-init-dice")[-1]
    assert event["a_dice"] == {"roll": {"total": -2}} and event["b_dice"] == {"roll": {"total": 1}}
    expect(page.get_by_test_id("initiative")).to_have_text("Initiative: Goblin 1 attacks first.")


def test_a_rule_change_takes_effect_in_two_taps_and_the_round_offers_it_at_once(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, DUEL, eid="flow-rules")
    happens = page.get_by_label("What happens", exact=True)
    expect(happens.locator("option:checked")).to_have_text(re.compile("at once|each other", re.I))
    tap = Taps()
    tap(page.locator("#rules > summary"))
    tap.count += 1  # choosing in the select is the second tap (which focuses it)
    page.locator("#opt-melee-pacing").focus()
    page.locator("#opt-melee-pacing").select_option("alternating")
    idle(page)
    assert tap.count <= 2
    assert stored_log(page, "flow-rules")[-1]["t"] == "rules"
    # The round offers the new mode at once, and the bar says the rules changed, with its Undo.
    expect(happens.locator("option:checked")).to_have_text(re.compile("attacks, .* defends"))
    expect(bar(page).get_by_role("button", name="Roll initiative")).to_be_visible()
    expect(page.get_by_test_id("result-strip")).to_contain_text("Rules changed: Melee pacing: Alternating turns")
    expect(page.locator("#opt-melee-pacing")).to_be_focused()
    # Undo takes the rule back: the round offers both striking at once again.
    bar(page).get_by_role("button", name=re.compile("^Undo: ")).click()
    idle(page)
    expect(happens.locator("option:checked")).to_have_text(re.compile("at once|each other", re.I))
    expect(page.locator("#opt-melee-pacing")).to_have_value("simultaneous")
    expect(bar(page).get_by_role("button", name="Roll initiative")).to_have_count(0)


def test_undo_gives_back_the_dice_entered_and_says_undone_once(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, DUEL, eid="flow-undo")
    pick_total(page, "Aldric", 3)
    pick_total(page, "Goblin 1", -3)
    bar(page).get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    strip = page.get_by_test_id("result-strip")
    strip.get_by_role("button", name="Undo: Aldric vs Goblin 1").click()
    idle(page)
    expect(strip.get_by_test_id("undone")).to_have_text("Undone: Aldric vs Goblin 1")
    expect(page.get_by_test_id("announce")).to_have_text("Undone: Aldric vs Goblin 1.")
    for who, total in (("Aldric", "+3"), ("Goblin 1", "−3")):
        expect(page.get_by_role("radio", name=f"{who}'s total: {total}", exact=True)).to_be_checked()
    # The log keeps the undone exchange in its place, marked as taken back.
    taken = page.get_by_test_id("log").locator(":scope > li.taken-back")
    expect(taken).to_have_count(1)
    expect(taken).to_contain_text(re.compile(r"^\s*Taken back: Round 1, Aldric vs Goblin 1: "))
    # The focus stays put (the live region alone speaks), and one die fixed resolves again.
    expect(strip).not_to_be_focused()
    pick_total(page, "Goblin 1", -2)
    bar(page).get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    event = stored_log(page, "flow-undo")[-1]
    assert event["a_dice"] == {"roll": {"total": 3}} and event["b_dice"] == {"roll": {"total": -2}}
    expect(strip.get_by_test_id("undone")).to_have_count(0)


def test_a_refused_resolve_says_why_once(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, DUEL, eid="flow-refused")
    bar(page).get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    # Beside the dice it asks for, and nowhere else (not again under the encounter's name).
    said = page.get_by_role("alert").filter(has_text="Aldric needs a combat roll.")
    expect(said).to_have_count(1)
    expect(page.get_by_role("group", name="Aldric's dice", exact=True).get_by_role("alert")).to_have_text(
        "Aldric needs a combat roll.")


def test_resolve_tapped_before_roll_alls_dice_land_resolves_with_them(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, DUEL, eid="flow-hasty")
    # Both taps in one go, as a quick thumb does: the dice are still on their way at Resolve.
    page.evaluate("""() => {
      const button = (name) => [...document.querySelectorAll('[data-testid=round-bar] button')]
        .find((b) => b.textContent.trim() === name);
      button('Roll all').click();
      button('Resolve').click();
    }""")
    expect(page.get_by_test_id("log").locator(":scope > li")).to_have_count(3)
    idle(page)
    expect(page.get_by_role("alert").filter(has_text="needs a combat roll")).to_have_count(0)
    event = stored_log(page, "flow-hasty")[-1]
    assert event["t"] == "exchange" and len(event["a_dice"]["roll"]["faces"]) == 4


def test_after_the_end_of_battle_the_round_offers_no_exchange(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, DUEL, eid="flow-over")
    pick_total(page, "Aldric", 0)
    pick_total(page, "Goblin 1", 0)
    bar(page).get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    bar(page).get_by_role("button", name="End of battle").click()
    idle(page)
    expect(page.get_by_test_id("heading")).to_have_text("The battle is over")
    # Nobody is to act: the bar stays at the round's end, with no pair suggested.
    expect(page.get_by_test_id("round-over")).to_have_text(
        "Pick two fighters to fight again, or heal from a fighter's card.")
    expect(page.get_by_test_id("suggested")).to_have_count(0)
    expect(bar(page).get_by_role("button", name="Roll all")).to_have_count(0)
    expect(bar(page).get_by_role("button", name="Next round")).to_be_visible()
    expect(bar(page).get_by_role("button", name="End of battle", exact=True)).to_be_disabled()


def test_alternating_turns_are_switched_on_from_the_round_in_one_choice(open_context, site):
    """Initiative exists under alternating turns only (F95 4.23): the round's own list switches the
    rule, where the GM is (no trip to the rules form), and the round offers it at once."""
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, DUEL, eid="flow-pacing")
    happens = page.get_by_label("What happens", exact=True)
    happens.select_option(label="Alternating turns (F95 4.23)")
    idle(page)
    assert stored_log(page, "flow-pacing")[-1] == {
        "t": "rules", "ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "alternating"}}}
    assert page.evaluate("scrollY") == 0
    expect(happens.locator("option:checked")).to_have_text("Aldric attacks, Goblin 1 defends")
    expect(bar(page).get_by_role("button", name="Roll initiative")).to_be_visible()
    expect(page.get_by_test_id("result-strip")).to_contain_text("Rules changed: Melee pacing: Alternating turns")
    # And back, the same way; Undo would do as well.
    happens.select_option(label="Simultaneous rounds (F95 4.22)")
    idle(page)
    assert stored_log(page, "flow-pacing")[-1] == {"t": "rules", "ruleset": {"preset": "fudge1995", "options": {}}}
    expect(bar(page).get_by_role("button", name="Roll initiative")).to_have_count(0)
