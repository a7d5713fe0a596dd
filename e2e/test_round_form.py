"""Running a round: pick the fighters, declare, press Roll or enter the physical dice
(four −/0/+ faces or a total; a total for the 2d6 ways), resolve; the result and its
explanation show step by step with rulebook sections; wounds are marked and their penalty
applies next round by itself. Desktop and Pixel 7."""

from __future__ import annotations

import re

from conftest import (
    add_fighter,
    card,
    enter_faces,
    idle,
    new_encounter,
    open_declarations,
    pick_total,
    play_exchange,
    set_option,
)
from playwright.sync_api import expect

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}


def test_a_round_rolled_and_entered(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Round", preset="fudge1995")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    what = page.get_by_label("What happens", exact=True)
    expect(what).to_have_value("exchange")  # the preset's pacing: both strike at once
    expect(what.locator("option:checked")).to_have_text("Both strike at once")

    # Roll all: the engine rolls four Fudge dice for each, shown as their faces and total.
    page.get_by_role("button", name="Roll all").click()
    for name in ("Ásta", "Orc"):
        dice = page.get_by_role("group", name=f"{name}'s dice")
        expect(dice.locator(".faces-read")).to_have_text(re.compile(r"^[+0−]( [+0−]){3}$"))
        expect(dice.locator("input[type=radio]:checked")).to_have_count(1)
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Round 1, Ásta vs Orc:")
    expect(page.locator(".steps li").first).to_contain_text("F95 4.22")
    page.get_by_role("button", name="Undo", exact=True).click()  # that roll was a try-out
    idle(page)

    # Entered dice: the Orc hits Ásta hard; her wound is marked and shown with its penalty.
    play_exchange(page, "Ásta", "Orc", {
        "a_dice": {"roll": {"faces": [0, 0, 0, 0]}},
        "b_dice": {"roll": {"faces": [1, 1, 1, 0]}},
    })
    asta = card(page, "Ásta")
    expect(asta.get_by_test_id("status")).to_have_text(re.compile(r"^(Hurt −1|Very Hurt −2)$"))
    expect(page.locator(".steps li").filter(has_text="Damage")).not_to_have_count(0)
    page.get_by_role("button", name="Next round").click()
    idle(page)

    # Next round, a total entered instead of faces; her wound penalty applies by itself.
    pick_total(page, "Ásta", 0)
    enter_faces(page, "Orc", [0, 0, 0, 0])
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Round 2, Ásta vs Orc:")
    expect(page.locator(".steps li").filter(has_text="Ásta: wounds")).to_have_count(1)

    # An incomplete entry comes back as the engine's error, and nothing is logged.
    lines = page.get_by_test_id("log").locator("li").count()
    enter_faces(page, "Ásta", [1, 0, 0])
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.locator("#round .error")).to_have_text("Pick a face for die 4.")
    expect(page.get_by_test_id("log").locator("li")).to_have_count(lines)
    axe_check(page, "exchange panel")


def test_damage_dice_alternating_turns_and_2d6(open_context, site, screen):
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Options", preset="fudge1995")
    set_option(page, "damage.die", "situational_limited")
    set_option(page, "melee.pacing", "alternating")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    # Alternating turns: one attacks, the other defends.
    happens = page.get_by_label("What happens", exact=True)
    expect(happens.locator("option:checked")).to_have_text("Ásta attacks, Orc defends")
    enter_faces(page, "Ásta", [1, 1, 1, 0])
    enter_faces(page, "Orc", [-1, 0, 0, 0])
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    # This ruleset rolls damage dice: the engine says so and the damage dice appear.
    expect(page.locator("#round .error")).to_contain_text("damage dice")
    open_declarations(page)
    expect(page.get_by_label("Enter damage dice")).to_be_checked()
    enter_faces(page, "Ásta", [0, 0, 1, -1], "Damage die")
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Ásta vs Orc")
    expect(page.locator(".steps li").filter(has_text="F95 4.61")).not_to_have_count(0)

    # The 1993 draft rolls 2d6: the dice are entered as a total, or rolled by the engine.
    set_option(page, "dice.technique", "2d6_minus_7")
    dice = page.get_by_role("group", name="Ásta's dice")
    expect(dice.locator(":scope > .die-toggle")).to_have_count(0)
    expect(dice).to_contain_text("2d6 − 7")
    page.get_by_role("button", name="Roll all").click()
    expect(dice.locator("input[type=radio]:checked")).to_have_count(1)
    open_declarations(page)
    expect(page.get_by_label("Enter damage dice")).to_be_checked()
    expect(dice.locator(".damage-dice button[aria-pressed=true]")).to_have_count(4)


def test_alternating_turns_start_with_initiative(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Initiative", preset="fudge1995")
    set_option(page, "melee.pacing", "alternating")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    # F95 4.23: both roll initiative; the winner attacks first and the form turns to him.
    pick_total(page, "Ásta", -2)
    pick_total(page, "Orc", 1)
    page.get_by_role("button", name="Initiative with these dice").click()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_have_text("Initiative, Ásta vs Orc: Orc attacks first.")
    expect(page.get_by_test_id("initiative")).to_have_text("Initiative: Orc attacks first.")
    expect(page.get_by_label("Fighter", exact=True)).to_have_value("c2")
    happens = page.get_by_label("What happens", exact=True)
    expect(happens).to_have_value("exchange")
    expect(happens.locator("option:checked")).to_have_text("Orc attacks, Ásta defends")
    axe_check(page, "round form: alternating turns")
    enter_faces(page, "Orc", [1, 1, 0, 0])
    enter_faces(page, "Ásta", [0, 0, 0, 0])
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Orc vs Ásta")
    # Rolled every round (the default): the next round asks again.
    page.get_by_role("button", name="Next round").click()
    idle(page)
    expect(page.get_by_role("button", name="Roll initiative")).to_be_visible()
