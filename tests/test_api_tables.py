"""``describe`` says the shape of every table option, so the app's table editor is generic: every
preset's default fits its shape, a new row is a valid row, and the shape's bounds are the check's."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import OptionError
from pyfudge.core.options import PRESETS
from pyfudge.rulesets import OPTIONS, new_ruleset, tables

TABLES = [key for key, o in OPTIONS.items() if o.kind == "table"]


def fits(shape, value, where="") -> None:
    """Assert ``value`` is laid out as ``shape`` says (what the editor can show and rebuild)."""
    kind = shape["type"]
    if kind == "int":
        if value is None:
            assert shape.get("nullable"), where
            return
        assert isinstance(value, int) and not isinstance(value, bool), where
        assert shape["low"] <= value <= shape["high"], where
    elif kind == "text":
        assert isinstance(value, str) and len(value) <= shape["max"], where
    elif kind == "bool":
        assert isinstance(value, bool), where
    elif kind == "choice":
        assert value in [c["value"] for c in shape["choices"]], where
    elif kind == "list":
        assert isinstance(value, list) and shape["min"] <= len(value) <= shape["max"], where
        assert "labels" not in shape or len(shape["labels"]) >= shape["max"], where
        for i, item in enumerate(value):
            fits(shape["item"], item, f"{where}[{i}]")
    elif kind == "tuple":
        assert isinstance(value, list) and len(value) == len(shape["items"]), where
        for i, (item, part) in enumerate(zip(value, shape["items"])):
            fits(part["shape"], item, f"{where}[{i}]")
    else:
        assert kind == "object" and isinstance(value, dict), where
        keys = {f["key"] for f in shape["fields"]}
        assert set(value) <= keys, where
        for f in shape["fields"]:
            if f["key"] in value:
                fits(f["shape"], value[f["key"]], f"{where}.{f['key']}")
            else:
                assert f.get("optional"), f"{where}.{f['key']}"


def test_describe_has_a_shape_for_every_table():
    reply = json.loads(api.handle(json.dumps({"action": "describe"})))
    assert set(reply["result"]["tables"]) == set(TABLES)


@pytest.mark.parametrize("key", TABLES)
def test_every_preset_default_fits_its_shape(key):
    for preset in PRESETS:
        fits(tables.SHAPES[key], OPTIONS[key].defaults[preset], key)


@pytest.mark.parametrize("key", TABLES)
def test_a_new_row_is_valid(key):
    # The editor appends the shape's "new" row to a list that may grow: the option accepts it.
    shape = tables.SHAPES[key]
    for preset in PRESETS:
        value = OPTIONS[key].defaults[preset]
        if shape["type"] == "list":
            grown = value + [shape["new"]] if len(value) < shape["max"] else None
        else:  # an object whose "rows" grow (the Min-Mid-Max bonus tables)
            rows = next((f["shape"] for f in shape["fields"] if f["shape"]["type"] == "list"), None)
            grown = {**value, "rows": value["rows"] + [rows["new"]]} if rows else None
        if grown is not None:
            fits(shape, grown, key)
            OPTIONS[key].validate(grown)


def test_shape_bounds_match_the_checks():
    # One past a shape's bounds is refused by the option itself, at the spot the editor shows.
    with pytest.raises(OptionError) as err:
        new_ruleset("fudge1995", {"wounds.boxes": [3, 1, 1, 1, 11]})
    assert err.value.field == "options.wounds.boxes[4]"
    weapons = OPTIONS["damage.weapons"].defaults["fudge1995"]
    bad = weapons + [{**weapons[0], "name": "Big", "size": 21}]
    with pytest.raises(OptionError) as err:
        new_ruleset("fudge1995", {"damage.weapons": bad})
    assert err.value.field == f"options.damage.weapons[{len(weapons)}].size"


def _in_row_order(shape, value, where):
    """Assert an object shape lists the fields ``value`` holds in the order it holds them (and so
    for the objects inside it)."""
    if shape["type"] == "list" and isinstance(value, list):
        for i, item in enumerate(value):
            _in_row_order(shape["item"], item, f"{where}[{i}]")
    elif shape["type"] == "object" and isinstance(value, dict):
        keys = [f["key"] for f in shape["fields"]]
        assert [k for k in keys if k in value] == [k for k in value if k in keys], where
        for f in shape["fields"]:
            if f["key"] in value:
                _in_row_order(f["shape"], value[f["key"]], f"{where}.{f['key']}")


@pytest.mark.parametrize("key", TABLES)
def test_the_editor_lays_out_a_row_in_the_order_the_row_holds_its_fields(key):
    # A weapon reads as the book lists its factors (F95 4.54: size, sharpness, muscle, ...), as
    # catalogue.Weapon writes it: the editor's columns follow the row, not an order of their own.
    shape = tables.SHAPES[key]
    _in_row_order(shape, OPTIONS[key].defaults["fudge1995"], key)
    if shape["type"] == "list" and isinstance(shape["new"], dict):
        _in_row_order(shape["item"], shape["new"], f"{key} (new row)")


def test_an_armours_coverage_value_may_be_left_empty_and_its_ends_are_the_checks():
    # CO 1.4: a Coverage Value; no preset's armour has one, so the defaults never reach its bounds.
    coverage = next(f["shape"] for f in tables.SHAPES["damage.armors"]["item"]["fields"] if f["key"] == "coverage")
    assert coverage == {"type": "int", "low": 0, "high": 20, "nullable": True}
    armors = OPTIONS["damage.armors"].defaults["fudge1995"]
    for value in (None, 0, 20):
        new_ruleset("fudge1995", {"damage.armors": armors + [{**armors[1], "name": "Mail", "coverage": value}]})
    with pytest.raises(OptionError) as err:
        new_ruleset("fudge1995", {"damage.armors": armors + [{**armors[1], "name": "Mail", "coverage": 21}]})
    assert err.value.field == f"options.damage.armors[{len(armors)}].coverage"


def test_each_shape_is_the_json_the_module_documents():
    # The app's generic editor reads these forms alone (rulesets/tables.py's docstring).
    row = tables._object(tables._field("name", "Name", tables._text(30)), tables._field("ok", "OK", tables._BOOL))
    assert row == {"type": "object", "fields": [
        {"key": "name", "label": "Name", "shape": {"type": "text", "max": 30}},
        {"key": "ok", "label": "OK", "shape": {"type": "bool"}}]}
    assert tables._int(-5, 4) == {"type": "int", "low": -5, "high": 4}
    assert tables._int(0, 20, nullable=True) == {"type": "int", "low": 0, "high": 20, "nullable": True}
    assert tables._choice([(1, "Scratch"), ("x", "Other")]) == {"type": "choice", "choices": [
        {"value": 1, "label": "Scratch"}, {"value": "x", "label": "Other"}]}
    assert tables._list(tables._BOOL, 1, 3, False, title="name") == {
        "type": "list", "item": {"type": "bool"}, "min": 1, "max": 3, "new": False, "title": "name"}
    assert tables._pair("From", tables._int(1, 2), "To", tables._BOOL) == {"type": "tuple", "items": [
        {"label": "From", "shape": {"type": "int", "low": 1, "high": 2}}, {"label": "To", "shape": {"type": "bool"}}]}
    assert tables._boxes(["Hurt", "Very Hurt"]) == {"type": "list", "item": {"type": "int", "low": 0, "high": 10},
                                                    "min": 2, "max": 2, "new": 1, "labels": ["Hurt", "Very Hurt"]}
    assert set(tables.shapes()) == {key for key, o in OPTIONS.items() if o.kind == "table"}
