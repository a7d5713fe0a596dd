"""The GM's own catalogues as options (``damage.weapons``, ``damage.armors``: F95 4.54, MUD 4.54;
``co.armor_values``, ``co.coverage_values``: CO 1.3, 1.4): their bounds, each refusal naming the
field it is about, and the entries kept whole. A bad catalogue is refused and loses nothing."""

from __future__ import annotations

import pytest

from pyfudge.core.errors import OptionError
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")


def refused(options):
    with pytest.raises(OptionError) as err:
        F95.with_options(options)
    return err.value.message, err.value.field


@pytest.mark.parametrize("key", ["damage.weapons", "damage.armors"])
def test_a_gear_catalogue_holds_none_to_two_hundred_entries(key):
    assert F95.with_options({key: []})[key] == []
    entries = [{"name": f"Gear {i}"} for i in range(200)]
    assert len(F95.with_options({key: entries})[key]) == 200
    assert refused({key: entries + [{"name": "One more"}]}) == (
        f"options.{key} must have 0 to 200 entries, not 201.", f"options.{key}")
    assert refused({key: {}}) == (f"options.{key} must be a list, not dict.", f"options.{key}")


def test_a_gear_catalogues_entries_are_kept_whole_with_their_defaults():
    rules = F95.with_options({"damage.armors": [{"name": "Hide", "value": 1}]})
    assert rules["damage.armors"] == [{"name": "Hide", "value": 1, "magic": 0, "coverage": None, "tech": 0,
                                       "note": ""}]


def test_a_bad_entry_is_refused_by_its_place_in_the_catalogue():
    assert refused({"damage.weapons": [{"name": "Club"}, {"name": "Sword", "size": "big"}]})[1] == \
        "options.damage.weapons[1].size"


@pytest.mark.parametrize("second", ["Sword", " sword ", "SWORD"])
def test_a_name_listed_twice_whatever_its_case_is_refused_by_the_second(second):
    assert refused({"damage.weapons": [{"name": "Sword", "size": 2}, {"name": second, "size": 3}]}) == (
        f"options.damage.weapons[1]: {second!r} is listed twice.", "options.damage.weapons[1].name")


def test_different_names_are_not_listed_twice():
    rules = F95.with_options({"damage.weapons": [{"name": "Sword"}, {"name": "Axe"}, {"name": "Club"}]})
    assert [w["name"] for w in rules["damage.weapons"]] == ["Sword", "Axe", "Club"]


@pytest.mark.parametrize("key, field", [("co.armor_values", "value"), ("co.coverage_values", "coverage")])
def test_co_tables_hold_none_to_a_hundred_named_values_from_0_to_20(key, field):
    assert F95.with_options({key: []})[key] == []
    rows = [{"name": "Least", field: 0}, {"name": "Most", field: 20}]
    assert F95.with_options({key: rows})[key] == rows
    many = [{"name": f"Row {i}", field: 1} for i in range(100)]
    assert len(F95.with_options({key: many})[key]) == 100
    assert refused({key: many + [{"name": "One more", field: 1}]}) == (
        f"options.{key} must have 0 to 100 entries, not 101.", f"options.{key}")
    assert refused({key: "plate"}) == (f"options.{key} must be a list, not str.", f"options.{key}")
    for bad in (-1, 21, "2"):
        assert refused({key: [{"name": "Plate", field: bad}]}) == (
            f"options.{key}[0].{field} must be a whole number from 0 to 20, not {bad!r}.", f"options.{key}[0].{field}")


@pytest.mark.parametrize("key, field", [("co.armor_values", "value"), ("co.coverage_values", "coverage")])
def test_a_co_row_needs_its_name_and_its_value_and_nothing_else(key, field):
    assert refused({key: [{"name": "Plate"}]}) == (f"options.{key}[0]: missing field {field!r}.", f"options.{key}[0]")
    assert refused({key: [{field: 2}]}) == (f"options.{key}[0]: missing field 'name'.", f"options.{key}[0]")
    assert refused({key: [{"name": "", field: 2}]})[1] == f"options.{key}[0].name"
    assert refused({key: [{"name": "Plate", field: 2, "colour": "red"}]})[1] == f"options.{key}[0]"
    assert refused({key: [{"name": "Plate", field: 2}, "Mail"]}) == (
        f"options.{key}[1] must be an object, not str.", f"options.{key}[1]")
