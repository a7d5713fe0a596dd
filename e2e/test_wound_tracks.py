"""Wound tracks box by box: tap to mark or clear (a logged GM override), overflow
marks shown as the lighter level's initial (the book's "H"), highest penalty, stun, healing, end
of battle, and the Combat Options alternate track. Desktop and Pixel 7."""

from __future__ import annotations

import re

from conftest import add_fighter, card, idle, new_encounter, play_exchange, set_option, sheet_more
from playwright.sync_api import expect

SNORRI = {"name": "Snorri", "role": "pc", "skills": {"Sword": "Fair"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "damage_capacity": "Good"}


def box(c, row: str, n: int):
    return c.get_by_role("button", name=re.compile(f"^{row} box {n}, "))


def last_log(page):
    return page.get_by_test_id("log").locator("li").last


def record(page, c, level: str) -> None:
    c.get_by_role("button", name="Wound", exact=True).click()
    c.get_by_label("Wound level").select_option(label=level)
    c.get_by_role("button", name="Record the wound").click()
    idle(page)


def test_wound_tracks(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Tracks", preset="fudge1995")
    add_fighter(page, SNORRI)
    add_fighter(page, ORC)
    snorri, orc = card(page, "Snorri"), card(page, "Orc")
    expect(snorri.locator(".track-row .level")).to_have_text(
        ["Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death"])

    # Tap a box: the GM's override, logged and explained; tap again to clear it.
    scratch = box(snorri, "Scratch", 1)
    scratch.click()
    idle(page)
    expect(scratch).to_have_attribute("aria-pressed", "true")
    expect(last_log(page)).to_have_text("Snorri: the GM marks Scratch box 1.")
    expect(page.locator(".steps li").first).to_contain_text("F95 4.57")
    expect(page.locator(".steps li").first).to_contain_text("GM override")
    scratch.click()
    idle(page)
    expect(scratch).to_have_attribute("aria-pressed", "false")

    # Two Hurts: the second overflows into the Very Hurt box, marked "H"; the highest counts.
    record(page, snorri, "Hurt")
    record(page, snorri, "Hurt")
    very = snorri.get_by_role("button", name="Very Hurt box 1, marked Hurt")
    expect(very).to_have_text("H")
    expect(box(snorri, "Hurt", 1)).to_have_text("✕")
    expect(snorri.get_by_test_id("status")).to_have_text("Very Hurt −2")

    # A healer's Good result heals Snorri; end of battle clears Scratches.
    snorri.get_by_role("button", name="Heal", exact=True).click()
    snorri.get_by_label("Healer's result").select_option(label="Good (+1)")
    snorri.get_by_role("button", name="Heal Snorri").click()
    idle(page)
    expect(snorri.get_by_test_id("status")).to_have_text("Undamaged")
    expect(last_log(page)).to_have_text("Snorri: 2 × Hurt → healed, by a Good healer's result.")
    record(page, snorri, "Scratch")
    expect(box(snorri, "Scratch", 1)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="End of battle").click()
    idle(page)
    expect(box(snorri, "Scratch", 1)).to_have_attribute("aria-pressed", "false")
    expect(last_log(page)).to_have_text("End of battle: Scratches and stuns clear.")

    # A stunning blow: the stun shows on the card.
    play_exchange(page, "Snorri", "Orc", {
        "a_declares": {"stun": True},
        "a_dice": {"roll": {"faces": [1, 0, 0, 0]}},
        "b_dice": {"roll": {"faces": [-1, -1, -1, 0]}},
    })
    expect(orc.get_by_test_id("status")).to_have_text("Undamaged, Stunned")
    expect(orc.locator(".stun")).to_have_text("Stunned")
    # F95 4.62: the stun boxes beside Hurt and Very Hurt, the first one marked.
    expect(orc.get_by_role("img", name="Stunned box 1, marked")).to_be_visible()
    expect(orc.get_by_role("img", name="Very Stunned box 1, empty")).to_be_visible()

    # Combat Options' alternate track: a fighter who joins now has it, box by box.
    set_option(page, "co.track", True)
    add_fighter(page, {"name": "Hel", "role": "pc", "skills": {"Spear": "Good"}})
    hel = card(page, "Hel")
    expect(hel.locator(".track-row .level").first).to_have_text("Terrible")
    box(hel, "Terrible", 1).click()
    idle(page)
    expect(box(hel, "Terrible", 1)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    axe_check(page, "wound tracks")


def test_pawn_track_and_own_boxes(open_context, site, screen, axe_check):
    """The three-stage track of a pawn NPC (F95 4.57: Undamaged, Hurt, Out of the Battle), tapped
    box by box, beside a PC with his own boxes whose overflow shows the book's "H"."""
    page = open_context(**screen).new_page()
    new_encounter(page, site, "Pawns", preset="fudge1995")
    set_option(page, "wounds.pawn_track", True)
    add_fighter(page, {"name": "Goblin", "role": "npc", "skills": {"Spear": "Fair"}})
    goblin = card(page, "Goblin")
    expect(goblin.locator(".track-row .level")).to_have_text(["Hurt", "Out of the Battle"])
    out = box(goblin, "Out of the Battle", 1)
    out.click()
    idle(page)
    expect(out).to_have_attribute("aria-pressed", "true")
    expect(goblin.get_by_test_id("status")).to_have_class("status out")
    expect(last_log(page)).to_have_text("Goblin: the GM marks Out of the Battle box 1.")

    details = page.locator("#add-fighter")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = details.locator("form")
    form.get_by_label("Name", exact=True).fill("Hero")
    sheet_more(form)
    form.get_by_label("Their own wound boxes").check()
    form.get_by_label("Hurt boxes", exact=True).fill("2")
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    hero = card(page, "Hero")
    for _ in range(3):
        record(page, hero, "Hurt")
    expect(box(hero, "Hurt", 2)).to_have_text("✕")
    expect(hero.get_by_role("button", name="Very Hurt box 1, marked Hurt")).to_have_text("H")
    expect(hero.get_by_test_id("status")).to_have_text("Very Hurt −2")
    hero.screenshot(path=f"/tmp/tracks-{page.viewport_size['width']}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    axe_check(page, "pawn track and own boxes")
