"""The mode the round form starts each action in, from the encounter's view: one-on-one by
default, ranged fire when the fighter's weapon is a missile weapon (F95 4.4: "propelled (bow,
gun, beam)" or thrown), a story element under story pacing (F95 4.21); and which declarations
the rules in force read (MUD has no all-out, F95 4.31's scouting roll; the ignored foe's
section is the book's in force)."""

import pytest

from pyfudge.encounter import round_view
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import ruleset_from_dict


def add(name, side, role="pc", weapon=None):
    fighter = {"name": name, "role": role, "skills": {"Sword": "Good"}}
    if weapon:
        fighter["weapon"] = weapon
    return {"t": "add", "side": side, "fighter": fighter}


def fight(*names_weapons, preset="fudge1995", options=None):
    enc = Encounter(name="Ambush", ruleset=ruleset_from_dict({"preset": preset, "options": options or {}}))
    for name, weapon in names_weapons:
        enc.apply(add(name, "players", weapon=weapon))
    enc.apply(add("Goblin 1", "foes", role="npc"))
    enc.apply(add("Goblin 2", "foes", role="npc"))
    return enc


def card(view, name):
    return next(c for c in view["combatants"] if c["name"] == name)


def test_a_sword_fighter_is_suggested_in_a_one_on_one_exchange():
    view = encounter_view.view(fight(("Aldric", {"name": "Broadsword", "size": 2})))
    assert view["next"]["a"] == "c1" and view["next"]["form"] == "exchange"
    assert card(view, "Aldric")["starts_in"] == "exchange"


def test_an_archer_suggested_next_starts_in_ranged_fire_with_a_propelled_weapon():
    """F95 4.4: a bow is a propelled missile weapon."""
    view = encounter_view.view(fight(("Brenna", {"name": "Bow", "size": 2})))
    assert view["next"]["form"] == "ranged"
    assert view["next"]["a"] == "c1" and view["next"]["b"] == "c2"
    assert card(view, "Brenna")["shoots"] == "propelled"
    assert card(view, "Brenna")["starts_in"] == "ranged"


def test_the_mode_follows_each_suggested_fighter_not_the_last_action():
    enc = fight(("Brenna", {"name": "Longbow", "size": 2}), ("Aldric", {"name": "Sword", "size": 2}))
    enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c3", "weapon": "propelled",
               "difficulty": 0, "shooter_dice": {"roll": {"total": -4}}})
    view = encounter_view.view(enc)
    assert view["next"]["a"] == "c2" and view["next"]["form"] == "exchange"


@pytest.mark.parametrize(("weapon", "shoots"), [
    ({"name": "Crossbow", "size": 2}, "propelled"),
    ({"name": "short bow"}, "propelled"),
    ({"name": "Small hand gun", "muscle": False, "strength": 1}, "propelled"),
    ({"name": "Blaster", "gun": "high_tech"}, "propelled"),
    ({"name": "Javelin", "size": 1}, "thrown"),
    ({"name": "Throwing knife"}, "thrown"),
    ({"name": "Elbow strike"}, None),
    ({"name": "Bare hands"}, None),
    ({"name": "Spear", "size": 2}, None),
    # MUD 4.54's row mixes both ("sword, axe, longbow, crossbow"): a hand weapon first.
    ({"name": "Medium weapon", "size": 2}, None),
])
def test_a_weapon_is_read_as_propelled_thrown_or_melee_by_its_name(weapon, shoots):
    view = encounter_view.view(fight(("Aldric", weapon)))
    assert card(view, "Aldric")["shoots"] == shoots


def test_story_pacing_keeps_its_story_elements_for_an_archer():
    """F95 4.21: story pacing resolves story elements, whatever the weapon."""
    view = encounter_view.view(fight(("Brenna", {"name": "Bow"}), options={"melee.pacing": "story"}))
    assert view["next"]["form"] == "story"
    assert card(view, "Brenna")["starts_in"] == "story"


def test_an_archer_who_cannot_shoot_is_passed_over():
    enc = fight(("Brenna", {"name": "Bow"}), ("Aldric", {"name": "Sword"}))
    enc.apply({"t": "wound", "id": "c1", "level": 5})
    nxt = encounter_view.view(enc)["next"]
    assert nxt["a"] == "c2" and nxt["form"] == "exchange"


def test_the_players_account_of_whose_turn_names_the_same_mode():
    enc = fight(("Brenna", {"name": "Bow"}))
    assert encounter_view.next_pair(enc) == encounter_view.view(enc)["next"]


def test_suggest_next_reads_the_mode_from_each_card():
    cards = [{"id": "a", "acted": False, "unable": {}, "foes": ["b"], "can_fight": True, "starts_in": "ranged"},
             {"id": "b", "acted": False, "unable": {}, "foes": ["a"], "can_fight": True, "starts_in": "exchange"}]
    assert round_view.suggest_next([], cards, "exchange", "round", [])["form"] == "ranged"


@pytest.mark.parametrize(("preset", "offered"), [("fudge1995", True), ("fudge1993", True), ("mudge", False)])
def test_the_scouting_roll_is_offered_only_where_it_does_something(preset, offered):
    """F95 4.31 / F93 4.62: a Perception roll after all-out defence; MUD has neither."""
    assert encounter_view.view(fight(("Aldric", None), preset=preset))["declare"]["scouting"] is offered


@pytest.mark.parametrize(("preset", "section"), [("fudge1995", "F95 4.34"), ("mudge", "MUD 4.34"),
                                                 ("fudge1993", "F93 4.64")])
def test_an_ignored_foe_cites_the_book_in_force(preset, section):
    """Every book lets the lone fighter ignore weak foes (F95/MUD 4.34, F93 4.64)."""
    assert encounter_view.view(fight(("Aldric", None), preset=preset))["declare"]["ignore"] == section


@pytest.mark.parametrize(("weapon", "forms", "starts_in"), [
    ({"name": "Elbow strike"}, ["exchange", "group"], "exchange"),
    ({"name": "Longbow", "size": 2}, ["ranged"], "ranged"),
    ({"name": "Javelin", "size": 1}, ["exchange", "group", "ranged"], "ranged"),
])
def test_the_mode_and_what_the_gear_allows_read_a_weapon_alike(weapon, forms, starts_in):
    """One reader of what a weapon is for (catalogue.weapon_use): an elbow is no bow."""
    c = card(encounter_view.view(fight(("Aldric", weapon))), "Aldric")
    assert c["gear_allows"]["forms"] == forms
    assert c["starts_in"] == starts_in


def test_story_pacing_suggests_a_story_element_for_one_fighter():
    nxt = encounter_view.view(fight(("Brenna", None), options={"melee.pacing": "story"}))["next"]
    assert nxt == {"form": "story", "a": "c1", "b": None, "kind": "round", "round_over": False}
