"""A fighter's gear as the players name it and as the books size it: a search keeps the word typed
("bow" gives a weapon named "Bow", sized by MUD 4.54's table), a new fighter's gear is plainly
"Unarmed / no armor" by the books' values, and the encounter's view says which kinds of exchange
his weapon allows (a bow shoots, a sword strikes)."""

from __future__ import annotations

import pytest

from pyfudge.encounter.log import Encounter
from pyfudge.encounter.view import view
from pyfudge.rules.catalogue import Armor, Weapon, find_gear, gear_line, unarmed, weapon_use
from pyfudge.rulesets import find_ruleset

MUDGE, F95 = find_ruleset("mudge"), find_ruleset("fudge1995")


@pytest.mark.parametrize("rules", [MUDGE, F95], ids=["mudge", "fudge1995"])
def test_a_weapon_found_by_the_players_word_keeps_that_word_as_its_name(rules):
    hit = find_gear(rules, "weapon", "bow")[0]
    # Sized by MUD 4.54's row (Medium weapon: "sword, axe, longbow, crossbow"), named as typed.
    assert hit["name"] == "Medium weapon"
    assert hit["value"]["name"] == "Bow" and hit["value"]["size"] == 2
    assert hit["value"]["note"].startswith("Medium weapon")
    assert hit["index"] is None  # not the catalogue's entry itself: picked as the players' own


def test_armor_found_by_the_players_word_keeps_it_too():
    hit = find_gear(MUDGE, "armor", "chain mail")[0]
    assert (hit["name"], hit["value"]["name"], hit["value"]["value"]) == ("Effective", "Chain mail", 4)


def test_gear_found_by_its_own_name_is_the_catalogue_entry_itself():
    hit = find_gear(MUDGE, "weapon", "pistol")[0]
    assert hit["value"]["name"] == "Pistol"
    assert hit["index"] == [w["name"] for w in MUDGE["damage.weapons"]].index("Pistol")


def test_unarmed_is_the_books_value_under_each_ruleset():
    mud = unarmed(MUDGE)
    # MUD 4.54: "-1 Unarmed, no Martial Arts skill"; "0 Ineffective/Unarmored (same as normal clothing)".
    assert mud["weapon"]["value"]["size"] == -1 and mud["weapon"]["index"] is not None
    assert mud["armor"]["value"]["value"] == 0 and mud["armor"]["index"] is not None
    f95 = unarmed(F95)
    # F95 prints no plain fist: its only unarmed value is Sheba's +0 (F95 4.58); its No armor is 0.
    assert f95["weapon"]["value"]["name"] == "Unarmed" and f95["weapon"]["value"]["size"] == 0
    assert f95["weapon"]["index"] is None and "F95 4.58" in f95["weapon"]["value"]["note"]
    assert f95["armor"]["value"]["name"] == "No armor" and f95["armor"]["index"] is not None
    assert mud["line"] == f95["line"] == "Unarmed / no armor"


def test_the_gear_line_names_the_weapon_and_armor_or_says_unarmed():
    assert gear_line(Weapon(), Armor()) == "Unarmed / no armor"
    assert gear_line(Weapon.from_dict(unarmed(MUDGE)["weapon"]["value"]),
                     Armor.from_dict(unarmed(MUDGE)["armor"]["value"])) == "Unarmed / no armor"
    assert gear_line(Weapon(name="Bow", size=2), Armor(name="Light leather", value=1)) == "Bow / Light leather"


@pytest.mark.parametrize("name, melee, ranged, automatic", [
    ("Bow", False, "propelled", False),
    ("Longbow", False, "propelled", False),
    ("Broadsword", True, None, False),
    ("Unarmed, no Martial Arts", True, None, False),
    ("Javelin", True, "thrown", False),
    ("Medium weapon", True, "propelled", False),   # MUD 4.54: sword, axe, longbow, crossbow
    ("Glaive of Woe", True, None, False),         # a name that says nothing: a hand weapon
])
def test_what_a_weapon_is_for_is_read_from_its_name_and_the_books_rows(name, melee, ranged, automatic):
    use = weapon_use(Weapon(name=name, size=2))
    assert (use["melee"], use["ranged"], use["automatic"]) == (melee, ranged, automatic)
    assert use["why"]


def test_guns_are_missile_weapons_and_only_automatic_ones_fire_bursts():
    pistol = Weapon.from_dict(next(w for w in MUDGE["damage.weapons"] if w["name"] == "Pistol"))
    rifle = Weapon.from_dict(next(w for w in MUDGE["damage.weapons"] if w["name"] == "Assault rifle"))
    assert (weapon_use(pistol)["ranged"], weapon_use(pistol)["automatic"]) == ("propelled", False)
    assert (weapon_use(rifle)["ranged"], weapon_use(rifle)["automatic"]) == ("propelled", True)
    # F95 4.54: a weapon with its own Strength (guns, crossbows, beams) is propelled, whatever its name.
    assert weapon_use(Weapon(name="Thunderstick", muscle=False, strength=3))["ranged"] == "propelled"


def _encounter(*fighters, preset="mudge", **options):
    enc = Encounter(ruleset=find_ruleset(preset, **options), name="Gear")
    for side, fighter in fighters:
        enc.apply({"t": "add", "side": side, "fighter": fighter})
    return enc


def test_the_view_says_which_kinds_of_exchange_each_fighters_gear_allows():
    sword = {"name": "Broadsword", "size": 2}
    enc = _encounter(("players", {"name": "Brenna", "skills": {"Bow": 2}, "weapon": {"name": "Bow", "size": 2}}),
                     ("players", {"name": "Aldric", "skills": {"Sword": 2}, "weapon": sword}),
                     ("foes", {"name": "Goblin", "skills": {"Brawl": 0}}),
                     ranged__autofire="share")
    cards = {c["name"]: c for c in view(enc)["combatants"]}
    assert cards["Brenna"]["gear_allows"]["forms"] == ["ranged"]
    assert cards["Brenna"]["gear_allows"]["burst"] is False  # a bow fires no burst, automatic fire or not
    assert cards["Aldric"]["gear_allows"]["forms"] == ["exchange", "group"]
    assert cards["Goblin"]["gear_allows"]["forms"] == ["exchange", "group"]
    assert cards["Goblin"]["gear"] == "Unarmed / no armor"
    assert cards["Brenna"]["gear"] == "Bow / no armor"


def test_an_automatic_weapon_fires_bursts_only_where_automatic_fire_is_a_rule():
    gunner = ("players", {"name": "Vera", "skills": {"Guns": 2},
                          "weapon": {"name": "Assault rifle", "size": 3, "muscle": False, "gun": "gun"}})
    on = view(_encounter(gunner, ranged__autofire="share"))["combatants"][0]["gear_allows"]
    off = view(_encounter(gunner, ranged__autofire="none"))["combatants"][0]["gear_allows"]
    assert (on["forms"], on["burst"], off["burst"]) == (["ranged"], True, False)


def test_under_story_pacing_a_story_element_is_open_to_any_gear():
    enc = _encounter(("players", {"name": "Brenna", "skills": {"Bow": 2}, "weapon": {"name": "Bow", "size": 2}}),
                     preset="fudge1995", melee__pacing="story")
    assert view(enc)["combatants"][0]["gear_allows"]["forms"] == ["story", "ranged"]


def test_the_view_offers_the_books_unarmed_gear_for_a_new_fighter():
    assert view(_encounter())["gear_default"] == unarmed(MUDGE)
