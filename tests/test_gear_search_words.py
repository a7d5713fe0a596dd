"""How the gear search reads what players type and what it hands back (``catalogue.find_gear``):
a name found by part of it is the catalogue's own entry; commas and slashes typed without spaces
still find a name; gear found by a word keeps its row in the note, cut to the note's 120
characters; and a catalogue name asked for that is not there is refused by its field."""

from __future__ import annotations

import pytest

from pyfudge.core.errors import FudgeError
from pyfudge.rules import catalogue
from pyfudge.rules.catalogue import find_gear
from pyfudge.rulesets import find_ruleset

MUDGE, F95 = find_ruleset("mudge"), find_ruleset("fudge1995")


@pytest.mark.parametrize("query, name", [
    ("assault", "Assault rifle"),      # the start of a name
    ("laser", "Medium laser pistol"),  # a word inside a name
])
def test_gear_found_by_part_of_its_name_is_the_catalogue_entry_itself(query, name):
    hit = find_gear(MUDGE, "weapon", query)[0]
    index = [w["name"] for w in MUDGE["damage.weapons"]].index(name)
    assert (hit["name"], hit["by"], hit["matched"], hit["index"]) == (name, "name", None, index)
    assert hit["value"] == MUDGE["damage.weapons"][index]


@pytest.mark.parametrize("kind, query, name", [
    ("weapon", "unarmed,no martial arts", "Unarmed, no Martial Arts"),    # MUD 4.54's row
    ("armor", "Ineffective/unarmored", "Ineffective / unarmored"),        # MUD 4.54's row
])
def test_commas_and_slashes_typed_without_spaces_still_find_the_name(kind, query, name):
    hit = find_gear(MUDGE, kind, query)[0]
    assert (hit["name"], hit["by"], hit["index"]) == (name, "name", 0)


def test_gear_found_by_a_word_keeps_its_rows_name_as_the_note_when_the_row_has_none():
    # A GM's knife with no note, found by the app's word "dagger": the players' Dagger, sized by it.
    rules = F95.with_options({"damage.weapons": [{"name": "Knife", "size": 1}]})
    hit = find_gear(rules, "weapon", "dagger")[0]
    assert (hit["by"], hit["value"]["name"], hit["value"]["size"]) == ("also", "Dagger", 1)
    assert hit["value"]["note"] == "Knife"


def test_a_rows_name_and_long_note_are_cut_to_the_notes_120_characters_not_refused():
    note = "house rule: " + "a long note " * 9  # 120 characters with the row's name before it: more
    rules = MUDGE.with_options({"damage.weapons": [{"name": "Medium weapon", "size": 2, "note": note[:118]}]})
    hit = find_gear(rules, "weapon", "bow")[0]
    assert hit["value"]["name"] == "Bow"
    assert hit["value"]["note"] == ("Medium weapon: " + note[:118])[:120]


@pytest.mark.parametrize("find, kind", [(catalogue.find_weapon, "weapon"), (catalogue.find_armor, "armor")])
def test_a_name_not_in_the_catalogue_is_refused_saying_so_by_its_field(find, kind):
    with pytest.raises(FudgeError) as err:
        find(F95, "Mithril")
    assert (err.value.message, err.value.field) == (f"No {kind} named 'Mithril' in this ruleset's catalogue.", kind)
    with pytest.raises(FudgeError) as err:
        find(F95, "Mithril", field="fighter.gear")
    assert err.value.field == "fighter.gear"


def test_an_exact_word_is_matched_before_a_longer_one_that_holds_it():
    """The assault rifle's words are "machine gun" and "gun": "gun" finds it by "gun", ranked with
    the other guns found by that word, in the catalogue's order (MUD 4.54)."""
    hits = [(h["name"], h["by"], h["matched"]) for h in find_gear(MUDGE, "weapon", "gun")]
    assert hits == [("Small gun", "name", None), ("Huge gun", "name", None), ("Pistol", "also", "gun"),
                    ("Rifle", "also", "gun"), ("Assault rifle", "also", "gun"),
                    ("Medium laser pistol", "also", "gun")]


@pytest.mark.parametrize("find", [catalogue.find_weapon, catalogue.find_armor])
@pytest.mark.parametrize("name", [None, 3, ["Knife"]])
def test_a_name_that_is_no_text_is_refused_not_a_crash(find, name):
    with pytest.raises(FudgeError) as err:
        find(F95, name)
    assert err.value.field in ("weapon", "armor")


def test_words_found_apart_are_said_to_be_so_and_a_note_match_too():
    assert [(h["name"], h["by"]) for h in find_gear(MUDGE, "weapon", "knife club")] == [("Small weapon", "words")]
    rules = MUDGE.with_options({"damage.weapons": [{"name": "Dane axe", "size": 3, "note": "long-hafted"}]})
    assert [(h["name"], h["by"]) for h in find_gear(rules, "weapon", "hafted")] == [("Dane axe", "note")]


def test_co_armor_materials_are_offered_as_armor_only_under_co_1_armor():
    """CO 1.3's Armor Values, each said to be one."""
    co = find_ruleset("fudge1995", co__armor=True)
    assert [(h["name"], h["note"], h["from"]) for h in find_gear(co, "armor", "ballistic")] == [
        (name, "CO 1.3 Armor Value", "CO 1.3")
        for name in ("Ballistic cloth", "Heavy ballistic cloth", "Heavy ballistic cloth with ceramic plates")]
    assert find_gear(F95, "armor", "ballistic") == []
    assert find_gear(co, "weapon", "ballistic") == []


def test_the_other_books_tables_leave_out_a_name_the_catalogue_in_force_holds():
    """A GM's own Knife under Mudge: F95's Knife (F95 4.31) is not offered beside it, though its
    note answers the search and the GM's does not."""
    rules = MUDGE.with_options({"damage.weapons": MUDGE["damage.weapons"] + [{"name": "Knife", "size": 1}]})
    assert [h["name"] for h in find_gear(rules, "weapon", "4.31")] == ["Two-handed sword"]


def test_a_catalogue_with_no_plain_armor_gives_a_new_fighter_no_armor_0():
    rules = F95.with_options({"damage.armors": [{"name": "Hide", "value": 1}]})
    assert catalogue.unarmed(rules)["armor"] == {"index": None, "value": catalogue.Armor().to_dict(),
                                                  "label": "no armor"}
    assert catalogue.Armor().name == "No armor"


def test_the_gear_line_names_armor_worth_nothing_by_its_own_name():
    assert catalogue.gear_line(catalogue.Weapon(name="Club"), catalogue.Armor(name="Robe")) == "Club / Robe"


def test_the_gear_line_says_no_armor_only_of_plain_armor_that_protects_nothing():
    """A GM's "No armor" made magic (+1, F95 4.54) protects: the card names it as listed."""
    plain, magic = catalogue.Armor(name="No armor"), catalogue.Armor(name="No armor", magic=1)
    assert catalogue.gear_line(catalogue.Weapon(), plain) == "Unarmed / no armor"
    assert catalogue.gear_line(catalogue.Weapon(), magic) == "Unarmed / No armor"


def test_a_row_for_both_hand_and_missile_weapons_says_why_by_the_books_examples():
    use = catalogue.weapon_use(catalogue.Weapon.from_dict({"name": "Medium weapon", "size": 2}))
    assert use == {"melee": True, "ranged": "propelled", "automatic": False,
                   "why": "Medium weapon: sword, axe, longbow, crossbow, most pistols (MUD 4.54)"}


def test_a_weapon_with_a_guns_bonus_is_a_missile_weapon_whatever_its_name():
    """MUD 4.54's gun extra makes it a gun, even one a GM names "Boomstick" and leaves muscle-powered."""
    use = catalogue.weapon_use(catalogue.Weapon(name="Boomstick", size=2, gun="gun"))
    assert (use["melee"], use["ranged"]) == (False, "propelled")
