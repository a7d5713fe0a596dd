"""A weapon's and an armor's every field read from JSON (``Weapon.from_dict``, ``Armor.from_dict``;
F95 4.54, MUD 4.54, F95 4.58, 4.65, CO 1): its default when left out, its bounds (each end
read, one past refused by the field's own name, under the field the caller gives), and the
kinds of value it refuses."""

from __future__ import annotations

import pytest

from pyfudge.core.errors import FudgeError
from pyfudge.rules.catalogue import GUN_BONUS, PIERCING, SCALE_LIMIT, Armor, Weapon

WEAPON_NUMBERS = {"size": (-10, 20), "sharp": (0, 5), "strength": (-10, 30), "bonus": (-10, 20),
                  "magic": (-10, 20), "tech": (-SCALE_LIMIT, SCALE_LIMIT)}
ARMOR_NUMBERS = {"value": (-10, 30), "magic": (-10, 20), "coverage": (0, 20), "tech": (-SCALE_LIMIT, SCALE_LIMIT)}
WEAPON_DEFAULTS = {"size": 0, "sharp": 0, "muscle": True, "strength": 0, "gun": "none", "bonus": 0, "magic": 0,
                   "heavy_blunt": False, "scale_piercing": "none", "scaled": False, "tech": 0, "note": ""}
ARMOR_DEFAULTS = {"value": 0, "magic": 0, "coverage": None, "tech": 0, "note": ""}


def refused(cls, data, **kw):
    with pytest.raises(FudgeError) as err:
        cls.from_dict(data, **kw)
    return err.value.field


@pytest.mark.parametrize("cls, defaults", [(Weapon, WEAPON_DEFAULTS), (Armor, ARMOR_DEFAULTS)])
def test_every_field_left_out_takes_its_default(cls, defaults):
    assert cls.from_dict({"name": "Thing"}).to_dict() == {"name": "Thing", **defaults}


@pytest.mark.parametrize("cls, key, low, high", [(Weapon, k, lo, hi) for k, (lo, hi) in WEAPON_NUMBERS.items()]
                         + [(Armor, k, lo, hi) for k, (lo, hi) in ARMOR_NUMBERS.items()])
def test_each_number_is_read_to_its_bounds_and_refused_past_them_by_its_field(cls, key, low, high):
    for value in (low, high):
        assert getattr(cls.from_dict({"name": "Thing", key: value}), key) == value
    for value in (low - 1, high + 1, "2", 1.5):
        assert refused(cls, {"name": "Thing", key: value}) == f"{cls.__name__.lower()}.{key}"
        assert refused(cls, {"name": "Thing", key: value}, field="gear[2]") == f"gear[2].{key}"


@pytest.mark.parametrize("cls", [Weapon, Armor])
def test_the_name_and_note_are_read_to_their_lengths_and_refused_by_their_field(cls):
    where = cls.__name__.lower()
    assert cls.from_dict({"name": "N" * 80, "note": "n" * 120}).to_dict()["note"] == "n" * 120
    assert refused(cls, {"name": "N" * 81}) == f"{where}.name"
    assert refused(cls, {"name": "Thing", "note": "n" * 121}) == f"{where}.note"
    assert refused(cls, {"name": "Thing", "note": 3}, field="x") == "x.note"
    assert refused(cls, {"note": "no name"}, field="x") == "x.name"
    with pytest.raises(FudgeError, match=r"^x needs a name\.$"):
        cls.from_dict({"note": "no name"}, field="x")
    assert refused(cls, {"name": "Thing", "edge": 1}, field="x") == "x"
    assert refused(cls, ["Thing"]) == where


@pytest.mark.parametrize("key", ["muscle", "heavy_blunt", "scaled"])
def test_each_flag_is_a_true_or_false_refused_by_its_field(key):
    for value in (True, False):
        assert getattr(Weapon.from_dict({"name": "Thing", key: value}), key) is value
    assert refused(Weapon, {"name": "Thing", key: 1}) == f"weapon.{key}"
    assert refused(Weapon, {"name": "Thing", key: "yes"}, field="w") == f"w.{key}"


@pytest.mark.parametrize("key, choices", [("gun", tuple(GUN_BONUS)), ("scale_piercing", PIERCING)])
def test_each_choice_is_one_of_the_rules_refused_by_its_field(key, choices):
    for value in choices:
        assert getattr(Weapon.from_dict({"name": "Thing", key: value}), key) == value
    assert refused(Weapon, {"name": "Thing", key: "laser"}) == f"weapon.{key}"
    assert refused(Weapon, {"name": "Thing", key: "laser"}, field="w") == f"w.{key}"


def test_a_weapons_whole_factor_adds_every_part_and_a_guns_bonus():
    """F95 4.54 size and sharpness, a weapon's own Strength, MUD 4.54's gun +2 and high-tech +4,
    other bonuses and magic (F95 4.7)."""
    w = Weapon.from_dict({"name": "Thing", "size": 1, "sharp": 1, "strength": 2, "gun": "high_tech", "bonus": 1,
                          "magic": 3})
    assert w.value == 1 + 1 + 2 + 4 + 1 + 3
    assert Armor.from_dict({"name": "Mail", "value": 2, "magic": 1}).protection == 3
