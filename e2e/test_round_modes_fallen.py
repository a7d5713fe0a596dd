"""Each action in the mode that fits, declarations one tap away, the fallen folded (issue 32): on a
390×844 phone every action starts in the mode the engine suggests for its fighter (a bow shot for
the archer, a one-on-one after a group round), an all-out attack takes three taps and a bow shot
two, and fighters who cannot act shrink to one line at the roster's end and leave the pickers."""

import re

from conftest import idle, row
from playwright.sync_api import expect
from test_table_mode import PHONE, Taps, log_lines, open_encounter


def add(name, side, skill, level, role="pc", weapon=None, **extra):
    fighter = {"name": name, "role": role, "skills": {skill: level}, **extra}
    if weapon:
        fighter["weapon"] = {"name": weapon, "size": 2}
    return {"t": "add", "side": side, "fighter": fighter}


# c1 Aldric, c2 Brenna, c3… Goblin 1…
PARTY = [add("Aldric", "players", "Sword", "Great", weapon="Sword", fudge_points=2),
         add("Brenna", "players", "Bow", "Good", weapon="Longbow")]
GOBLINS = [add(f"Goblin {i}", "foes", "Club", "Mediocre", role="npc") for i in range(1, 8)]
FALLEN = [{"t": "wound", "id": f"c{i}", "level": 5} for i in range(3, 7)]  # Goblins 1–4 near death


def fight(name="Goblin ambush", preset="fudge1995", log=()):
    return {"name": name, "ruleset": {"preset": preset}, "log": PARTY + GOBLINS + list(log)}


def last_event(page, eid):
    return page.evaluate(f"""async () => {{ const s = await import('./js/data/encounter-store.js');
      const log = s.loadEncounter('{eid}').log; return log[log.length - 1]; }}""")


def rolled(page, who):
    """Roll all has put a total in for ``who`` (the engine rolls asynchronously)."""
    total = page.get_by_role("radio", name=re.compile(f"^{who}'s total"))
    expect(total.and_(page.locator(":checked"))).to_have_count(1)


def mode(page):
    return page.get_by_label("What happens", exact=True)


def test_an_all_out_attack_takes_three_taps_from_the_round_form(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(), eid="allout")
    expect(page.get_by_test_id("suggested")).to_have_text("Next: Aldric vs Goblin 1")
    tap = Taps()
    tap(page.get_by_role("group", name="Aldric declares").get_by_role("button", name="All-out attack"))
    tap(page.get_by_role("button", name="Roll all"))
    rolled(page, "Aldric")
    tap(page.get_by_role("button", name="Resolve", exact=True))
    idle(page)
    assert tap.count <= 3
    event = last_event(page, "allout")
    assert event["t"] == "exchange" and event["a_declares"]["all_out"] == "offense"


def test_a_fudge_point_is_one_tap_for_a_fighter_who_has_one(open_context, site):
    """F95 4.64: a Fudge Point lowers the wound he takes; only a fighter with points is offered one."""
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(), eid="points")
    aldric = page.get_by_role("group", name="Aldric declares")
    goblin = page.get_by_role("group", name="Goblin 1 declares")
    expect(goblin.get_by_role("button", name="All-out defence")).to_be_visible()
    expect(goblin.get_by_role("button", name="Fudge Point")).to_have_count(0)
    aldric.get_by_role("button", name="Fudge Point").click()
    expect(aldric.get_by_role("button", name="Fudge Point")).to_have_attribute("aria-pressed", "true")
    page.locator("details.declare-all > summary").click()
    page.get_by_text("Declare for Aldric").click()
    expect(page.get_by_label("Fudge Points spent", exact=True)).to_have_value("1")


def test_the_archer_suggested_next_shoots_in_two_taps_and_the_mode_does_not_stick(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(), eid="bow")
    expect(mode(page)).to_have_value("exchange")
    page.get_by_role("button", name="Roll all").click()
    rolled(page, "Aldric")
    page.get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    # Brenna's longbow: her action starts as ranged fire at the next foe, a propelled weapon.
    expect(page.get_by_test_id("suggested")).to_have_text("Next: Brenna vs Goblin 2")
    expect(mode(page)).to_have_value("ranged")
    expect(page.get_by_label("Ranged weapon", exact=True)).to_have_value("propelled")
    tap = Taps()
    tap(page.get_by_role("button", name="Roll all"))
    rolled(page, "Brenna")
    tap(page.get_by_role("button", name="Resolve", exact=True))
    idle(page)
    assert tap.count <= 4
    event = last_event(page, "bow")
    assert event["t"] == "ranged" and event["shooter"] == "c2" and event["weapon"] == "propelled"
    # A group round picked by hand is that action's mode only: the next starts one-on-one.
    page.get_by_role("button", name="Next round").click()
    idle(page)
    mode(page).select_option(label="Several foes on Aldric (F95 4.34)")
    # Two foes on him (the room allows six at most, F95 4.34; the dice may have felled some).
    foes = page.get_by_role("group", name="Foes on Aldric")
    chosen = foes.get_by_role("checkbox", name=re.compile("^Goblin"), checked=True)
    while chosen.count() > 2:
        chosen.last.uncheck()
    page.get_by_label("The lone fighter strikes", exact=True).select_option(index=1)  # should they beat both
    page.get_by_role("button", name="Roll all").click()
    rolled(page, "Aldric")
    page.get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    expect(log_lines(page).last).to_contain_text("Aldric against Goblin")
    expect(mode(page)).to_have_value("ranged")  # Brenna is next, with her bow
    expect(page.get_by_test_id("suggested")).to_have_text(re.compile("^Next: Brenna vs "))


def test_the_fallen_fold_to_one_line_and_leave_the_pickers(open_context, site, axe_check):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(log=FALLEN), eid="fallen")
    # The living first, two by two; the four fallen goblins on one line at the end.
    roster = page.get_by_test_id("roster")
    names = [n.strip() for n in roster.locator(".row-name").all_inner_texts()]
    assert names == ["Aldric", "Brenna", "Goblin 5", "Goblin 6", "Goblin 7",
                     "Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
    fallen = page.get_by_test_id("fallen")
    expect(fallen.locator(".row-btn")).to_have_count(4)
    box = fallen.bounding_box()
    assert box["height"] < 50, box  # one line
    expect(row(page, "Goblin 1")).to_have_attribute("aria-label", re.compile("^Goblin 1, Foes' side: Near Death"))
    # A fallen fighter's card still opens from his line (healing, editing).
    row(page, "Goblin 1").click()
    expect(page.get_by_role("group", name="Wound track of Goblin 1")).to_be_visible()
    row(page, "Goblin 1").click()
    # The group round lists the live foes first, the fallen behind one line.
    mode(page).select_option(label="Several foes on Aldric (F95 4.34)")
    foes = page.get_by_role("group", name="Foes on Aldric")
    expect(foes.get_by_role("checkbox", name=re.compile("^Goblin"))).to_have_count(3)
    page.screenshot(path="/tmp/round-fallen-group-390.png")
    axe_check(page, "a group round with four fallen goblins")
    foe_box = foes.get_by_role("checkbox", name="Goblin 5", exact=True).bounding_box()
    assert foe_box["y"] + foe_box["height"] < 844 - 160, "a live foe above the fold and the bar"
    fold = foes.get_by_role("button", name=re.compile("^4 fallen"))
    expect(fold).to_have_attribute("aria-expanded", "false")
    fold.click()
    expect(foes.get_by_role("checkbox", name=re.compile(r"^Goblin 1 \(Near Death"))).to_be_disabled()
    fold.click()  # folded again
    # The pickers offer the living; one choice shows the fallen too.
    mode(page).select_option("exchange")
    against = page.get_by_label("Against", exact=True)
    expect(against.locator("option")).to_have_text(["Goblin 5", "Goblin 6", "Goblin 7", "Show the 4 fallen"])
    against.select_option(label="Show the 4 fallen")
    expect(against).to_have_value("c7")
    expect(against.locator("option")).to_have_text([f"Goblin {i}" for i in range(1, 8)])


def test_the_ignored_foe_box_cites_the_book_in_force(open_context, site):
    """F95 4.34 lets the lone fighter ignore weak foes, as F93 4.64 does: the box cites the book in force."""
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(), eid="ignore")
    mode(page).select_option(label="Several foes on Aldric (F95 4.34)")
    expect(page.get_by_label("ignored (F93 4.64)")).to_have_count(0)
    expect(page.get_by_role("checkbox", name=re.compile(r"^ignored \(F95 4\.34\)"))).to_have_count(7)


def test_declarations_the_rules_do_not_read_are_not_offered(open_context, site):
    """Mudge: stances instead of all-out (MUD 4.32), no scouting roll (F95 4.31)."""
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(preset="mudge"), eid="mudge")
    quick = page.get_by_role("group", name="Aldric declares")
    expect(quick.get_by_role("button", name="All-out attack")).to_have_count(0)
    quick.get_by_role("button", name="Aggressive").click()
    expect(quick.get_by_role("button", name="Aggressive")).to_have_attribute("aria-pressed", "true")
    page.locator("details.declare-all > summary").click()
    page.get_by_text("Declare for Aldric").click()
    expect(page.get_by_label(re.compile("^Scouting roll made"))).to_have_count(0)
    expect(page.get_by_label("Stance", exact=True).first).to_have_value("aggressive")
    # A second tap takes it back.
    quick.get_by_role("button", name="Aggressive").click()
    expect(page.get_by_label("Stance", exact=True).first).to_have_value("normal")


def test_a_fighter_whose_gear_does_not_fit_the_mode_is_warned_not_stopped(open_context, site):
    """Issue 32: offer what the gear allows, warn about the rest: a sword in ranged fire, a bow in
    an exchange, and automatic fire folded for a bow (F95 4.4)."""
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(log=[{"t": "rules", "ruleset": {"preset": "fudge1995",
                                                                       "options": {"ranged.autofire": "share"}}}]),
                   eid="gear")
    expect(mode(page)).to_have_value("exchange")
    expect(page.get_by_test_id("gear-warning")).to_have_count(0)  # Aldric's sword, one-on-one
    mode(page).select_option("ranged")
    expect(page.get_by_test_id("gear-warning")).to_have_text("Note: Sword: a hand weapon, for melee (F95 4.1).")
    expect(page.get_by_test_id("burst-folded")).to_contain_text("Sword fires no bursts")
    # Brenna's longbow: no warning in ranged fire, one in an exchange; Resolve still takes it.
    page.locator("#ex-a").select_option(label="Brenna")
    expect(page.get_by_test_id("gear-warning")).to_have_count(0)
    mode(page).select_option("exchange")
    expect(page.get_by_test_id("gear-warning")).to_contain_text("Longbow: a missile weapon")


def test_several_foes_start_on_the_outnumbered_fighter_of_the_suggested_pair(open_context, site):
    """Both heroes have acted; Goblin 3 is next against Aldric: "several foes" means the goblins on
    Aldric, not Goblin 3 alone against the two heroes: one tap, no second pick."""
    acted = [{"t": "exchange", "kind": "round", "a": a, "b": b, "a_dice": {"roll": {"total": 0}},
              "b_dice": {"roll": {"total": 0}}} for a, b in (("c1", "c3"), ("c2", "c4"))]
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, fight(log=acted), eid="lone")
    expect(page.get_by_test_id("suggested")).to_have_text("Next: Goblin 3 vs Aldric")
    # Several foes are offered by name on each hero the goblins outnumber, none on a goblin.
    expect(mode(page).locator("option").filter(has_text="Several foes")).to_have_text(
        ["Several foes on Aldric (F95 4.34)", "Several foes on Brenna (F95 4.34)"])
    mode(page).select_option(label="Several foes on Aldric (F95 4.34)")
    expect(page.get_by_label("Lone fighter", exact=True)).to_have_value("c1")
    expect(page.get_by_role("group", name="Foes on Aldric")).to_be_visible()
    # A goblin picked as the lone fighter by hand: the plain choice says so.
    page.get_by_label("Lone fighter", exact=True).select_option(label="Goblin 3")
    expect(mode(page).locator("option:checked")).to_have_text("Several foes on one fighter (F95 4.34)")
    expect(page.get_by_role("group", name="Foes on Goblin 3")).to_be_visible()
