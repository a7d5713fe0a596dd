"""The shape of every ``table`` option, for a generic table editor (the app's rules form).

A GM edits a table (weapon catalogue, wound boxes, location table …) in a form the app builds
from these shapes alone, so JavaScript knows no table. The option's own ``check`` still decides
what is valid; a shape only says how to lay the value out and what a new row starts as.

Shapes are JSON:

- ``{"type": "int", "low", "high", "nullable"?}`` — a whole number (``nullable``: may be left
  empty, stored as null);
- ``{"type": "text", "max"}``; ``{"type": "bool"}``;
- ``{"type": "choice", "choices": [{"value", "label"}]}`` (values may be any JSON);
- ``{"type": "list", "item": shape, "min", "max", "new", "labels"?, "title"?}`` — rows; ``new``
  is a new row's value, ``labels`` names the rows by position, ``title`` the field that names a
  row of objects;
- ``{"type": "tuple", "items": [{"label", "shape"}]}`` — a fixed-length list;
- ``{"type": "object", "fields": [{"key", "label", "shape", "optional"?, "new"?}]}`` — an
  ``optional`` field may be left out (then ``new`` is its value when put back).
"""

from __future__ import annotations

from typing import Any

from ..combat import multi
from ..core import ladder
from ..rules import catalogue, wound_levels, wounds
from . import OPTIONS


def _int(low: int, high: int, *, nullable: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "int", "low": low, "high": high}
    if nullable:
        out["nullable"] = True
    return out


def _text(max_len: int) -> dict[str, Any]:
    return {"type": "text", "max": max_len}


_BOOL = {"type": "bool"}


def _choice(pairs: Any) -> dict[str, Any]:
    return {"type": "choice", "choices": [{"value": v, "label": lab} for v, lab in pairs]}


def _field(key: str, label: str, shape: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"key": key, "label": label, "shape": shape, **extra}


def _object(*fields: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "fields": list(fields)}


def _list(item: dict[str, Any], low: int, high: int, new: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "list", "item": item, "min": low, "max": high, "new": new, **extra}


def _pair(first: str, a: dict[str, Any], second: str, b: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tuple", "items": [{"label": first, "shape": a}, {"label": second, "shape": b}]}


_BOXED_NAMES = [wounds.LEVEL_NAMES[level] for level in wound_levels.BOXED]
_WOUND_LEVEL = _choice((level, wounds.LEVEL_NAMES[level]) for level in wound_levels.BOXED)
_ANY_WOUND = _choice(enumerate(wounds.LEVEL_NAMES))

# F95 4.54 / MUD 4.54 weapon factors (catalogue.Weapon's fields and ranges).
_WEAPON = _object(
    _field("name", "Name", _text(80)),
    _field("size", "Size", _int(-10, 20)),
    _field("sharp", "Sharpness", _int(0, 5)),
    _field("muscle", "Muscle-powered", _BOOL),
    _field("strength", "Own Strength", _int(-10, 30)),
    _field("gun", "Gun", _choice((("none", "No"), ("gun", "Gun +2"), ("high_tech", "High-tech gun +4")))),
    _field("bonus", "Other bonus", _int(-10, 20)),
    _field("magic", "Magic", _int(-10, 20)),
    _field("heavy_blunt", "Heavy blunt", _BOOL),
    _field("scale_piercing", "Scale-piercing", _choice((("none", "No"), ("halve", "Halves Scale"),
                                                         ("ignore", "Ignores Scale")))),
    _field("scaled", "Scaled to wielder", _BOOL),
    _field("tech", "Tech level", _int(-catalogue.SCALE_LIMIT, catalogue.SCALE_LIMIT)),
    _field("note", "Note", _text(120)),
)
_ARMOR = _object(
    _field("name", "Name", _text(80)),
    _field("value", "Armor value", _int(-10, 30)),
    _field("magic", "Magic", _int(-10, 20)),
    _field("coverage", "Coverage Value (CO 1.4)", _int(0, 20, nullable=True)),
    _field("tech", "Tech level", _int(-catalogue.SCALE_LIMIT, catalogue.SCALE_LIMIT)),
    _field("note", "Note", _text(120)),
)
_BONUS_TABLE = _object(
    _field("below", "Below the first row", _int(-5, 4)),
    _field("rows", "Rows", _list(_pair("From", _int(-50, 50), "Bonus", _int(-5, 4)), 1, 10, [10, 0])),
)
_EFFECT = _object(
    _field("check", "Check difficulty", _int(-3, 8)),
    _field("penalty", "Penalty", _int(-5, 0)),
    _field("on_fail", "On a failed check", _text(80)),
    _field("wound", "Wound", _ANY_WOUND),
    _field("wound_on_fail", "Wound on a failed check", _ANY_WOUND),
)


def _boxes(names: list[str]) -> dict[str, Any]:
    return _list(_int(0, 10), len(names), len(names), 1, labels=names)


SHAPES: dict[str, dict[str, Any]] = {
    "damage.custom_thresholds": _list(_int(1, 200), 5, 6, 11, labels=[*_BOXED_NAMES, "Dead"]),
    "damage.graze_table": _list(_pair("From damage factor", _int(-50, 50), "Wound", _WOUND_LEVEL), 1, 5,
                                [10, wounds.NEAR_DEATH]),
    "damage.mmm_factor_bonus": _BONUS_TABLE,
    "damage.mmm_degree_bonus": _BONUS_TABLE,
    "damage.weapons": _list(_WEAPON, 0, 200, catalogue.Weapon(name="New weapon").to_dict(), title="name"),
    "damage.armors": _list(_ARMOR, 0, 200, catalogue.Armor(name="New armor").to_dict(), title="name"),
    "co.armor_values": _list(_object(_field("name", "Material", _text(60)),
                                     _field("value", "Armor Value", _int(0, 20))),
                             0, 100, {"name": "New material", "value": 1}, title="name"),
    "co.coverage_values": _list(_object(_field("name", "Armor type", _text(60)),
                                        _field("coverage", "Coverage Value", _int(0, 20))),
                                0, 100, {"name": "New type", "coverage": 1}, title="name"),
    "wounds.levels": _list(_object(_field("name", "Name", _text(30)), _field("penalty", "Penalty", _int(-5, 0)),
                                   _field("after_combat", "Penalty after combat", _int(-5, 0))),
                           5, 5, None, labels=_BOXED_NAMES, title="name"),
    "wounds.boxes": _boxes(_BOXED_NAMES),
    "co.track_boxes": _boxes([ladder.name(rung, legendary=True) for rung in wound_levels.CO_LEVELS]),
    "healing.levels": _list(_int(0, 5), 3, 3, 1, labels=["Good", "Great", "Superb"]),
    "multi.attacker_limits": _object(*(_field(k, label, _int(1, 12)) for k, label in
                                       zip(multi._SPACES, ("Open ground", "Cramped", "Doorway")))),
    "location.table": _list(_object(
        _field("name", "Body part", _text(40)),
        _field("min_rolled", "Least rolled degree", _int(-3, 8)),
        _field("min_relative", "Least relative degree", _int(1, 10)),
        _field("wounded", "If wounded", _EFFECT),
        _field("very_wounded", "If very wounded", _EFFECT),
    ), 1, 40, {"name": "New part", "min_rolled": 1, "min_relative": 2,
               "wounded": {"check": 0, "penalty": 0, "on_fail": "", "wound": 0, "wound_on_fail": 0},
               "very_wounded": {"check": 0, "penalty": 0, "on_fail": "", "wound": 0, "wound_on_fail": 0}},
        title="name"),
    "ranged.autofire_table": _list(_object(
        _field("degree", "Relative degree", _int(1, 20)),
        _field("share", "Share of the burst", _pair("Hits", _int(0, 1000), "Out of", _int(1, 1000)),
               optional=True, new=[1, 2]),
        _field("rounds", "Rounds that hit", _pair("From", _int(1, 1000), "To", _int(1, 1000)),
               optional=True, new=[1, 2]),
    ), 1, 20, {"degree": 20, "share": [1, 1]}),
}


def shapes() -> dict[str, dict[str, Any]]:
    """Every table option's shape by key (what ``describe`` tells the app)."""
    return {key: SHAPES[key] for key, o in OPTIONS.items() if o.kind == "table"}
