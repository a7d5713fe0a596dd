"""The players' view's published shape (players.VIEW_SHAPE): every view the engine builds fits it
(the golden encounters at every step under every choice of what players see, and wild sheets,
options and events), it is plain JSON Schema of the few keywords the players' page checks, and a
players' link carries the view itself, which opens with no Python."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from itertools import combinations
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused
from readings import load

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.door import codec
from pyfudge.encounter import players
from pyfudge.encounter.log import Encounter
from pyfudge.encounter.players_account import players_view
from pyfudge.rulesets import new_ruleset

SEES = [list(c) for n in range(len(players.SEE) + 1) for c in combinations(players.SEE, n)]
VALIDATOR = jsonschema.Draft202012Validator(players.VIEW_SHAPE)


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def fits(view: dict[str, Any]) -> None:
    errors = sorted(VALIDATOR.iter_errors(view), key=lambda e: list(e.path))
    assert not errors, [(list(e.path), e.message[:200]) for e in errors[:3]]


def under(enc: Encounter, see: list[str]) -> Encounter:
    """enc as if the players had seen ``see`` of the NPCs all along (every state, so the account too)."""
    seen = copy.copy(enc)
    seen.states = [replace(s, players_see=tuple(see)) for s in enc.states]
    return seen


def views_of(enc: Encounter) -> list[dict[str, Any]]:
    """The players' view of enc, with its account, under every choice of what players see."""
    return [players_view(under(enc, see)) for see in SEES]


def walk(shape: dict[str, Any]):
    yield shape
    for sub in shape.get("properties", {}).values():
        yield from walk(sub)
    if "items" in shape:
        yield from walk(shape["items"])


def test_the_shape_is_json_schema_of_the_keywords_the_players_page_checks():
    jsonschema.Draft202012Validator.check_schema(players.VIEW_SHAPE)
    json.dumps(players.VIEW_SHAPE, allow_nan=False)  # plain JSON: build.py writes it to a file
    for node in walk(players.VIEW_SHAPE):
        assert set(node) <= players.SHAPE_KEYWORDS, set(node) - players.SHAPE_KEYWORDS
        if "object" in node.get("type", ()):
            # Every key is required and no other is allowed: a view holds all of its keys, but the
            # heading, which links made before it lack (their page names the round instead).
            optional = {"heading"} if node is players.VIEW_SHAPE else set()
            assert node["required"] == [k for k in node["properties"] if k not in optional]
            assert node["additionalProperties"] is False


def test_each_shape_builder_writes_the_json_schema_it_names():
    # VIEW_SHAPE is built at import: these calls are what a change to a builder is measured by.
    text = players._text(30, 1)
    assert text == {"type": "string", "minLength": 1, "maxLength": 30}
    assert players._text(5) == {"type": "string", "minLength": 0, "maxLength": 5}
    assert players._whole(-3, 4) == {"type": "integer", "minimum": -3, "maximum": 4}
    assert players._list(text, 6, 2) == {"type": "array", "items": text, "minItems": 2, "maxItems": 6}
    assert players._list(text, 6) == {"type": "array", "items": text, "minItems": 0, "maxItems": 6}
    assert players._one_of(("a", "b")) == {"type": "string", "enum": ["a", "b"]}
    assert players._obj(a=text, b=players._FLAG) == {
        "type": "object", "properties": {"a": text, "b": {"type": "boolean"}}, "required": ["a", "b"],
        "additionalProperties": False}
    assert players._or_null(text) == {"type": ["string", "null"], "minLength": 1, "maxLength": 30}
    assert players._or_null(players._one_of(["a"])) == {"type": ["string", "null"], "enum": ["a", None]}
    assert text == {"type": "string", "minLength": 1, "maxLength": 30}  # _or_null leaves its shape as it was


def test_every_view_of_the_golden_encounters_fits_the_shape_at_every_step():
    seen_kinds, views = set(), 0
    for case in load("encounter_readings"):
        enc = Encounter(ruleset=new_ruleset(case["rules"], case["options"]))
        for event in case["events"]:
            try:
                enc.apply(event)
            except FudgeError:
                continue
            for view in views_of(enc):
                fits(view)
                views += 1
                seen_kinds.update(c["track"]["kind"] for c in view["combatants"] if c["track"])
    # The corpus reaches these kinds of wound track; Damage Capacity as the record is the
    # property's below (wounds.record).
    assert seen_kinds == {"boxes", "pawn", "co"} and views > 1000, (seen_kinds, views)


_small = (st.none() | st.booleans() | st.integers(-5, 25) | st.lists(st.integers(-2, 3), max_size=5)
          | st.sampled_from(["Good", "Superb", "Legendary", "Terrible", "none", "pc", "npc", "major_npc", "light",
                             "heavy", "high", "low", "large", "buckler"]))
_names = st.sampled_from(
    ["Ásta", "Orc", "🐉" * 60, "x" * 60, "Brenna the Bold"])
# The GM's longest level names and harshest penalties, and the most boxes a row may have.
_LEVELS = [{"name": f"{i}" * 30, "penalty": -5, "after_combat": -5} for i in range(5)]
_options = st.fixed_dictionaries({}, optional={
    "wounds.track": st.sampled_from(["realistic", "cinematic", "epic", "mudge", "custom"]),
    "wounds.boxes": st.just([10] * 5),
    "wounds.levels": st.just(_LEVELS),
    "wounds.pawn_track": st.booleans(),
    "wounds.record": st.sampled_from(["boxes", "capacity"]),
    "co.track": st.booleans(),
    "co.track_boxes": st.just([10] * 8),
})


def _sheet(name):
    from pyfudge.combat.fighter import _FIELDS
    extra = st.dictionaries(st.sampled_from([k for k in _FIELDS if k not in ("name", "skills", "role")]), _small,
                            max_size=3)
    return st.builds(lambda e, n, role: {"name": n, "role": role, "skills": {"Sword": 1, "Axe": 2}, **e},
                     extra, _names, st.sampled_from(["pc", "npc", "major_npc"]))


_events = st.lists(st.sampled_from([
    {"t": "wound", "id": "c1", "level": 3}, {"t": "wound", "id": "c2", "level": 5},
    {"t": "wound", "id": "c2", "level": 6},
    {"t": "next_round"}, {"t": "end_battle"}, {"t": "heal", "id": "c1", "how": "natural", "weeks": 2},
    {"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 3}}, "b_dice": {"roll": {"total": -2}}},
    {"t": "exchange", "a": "c2", "b": "c1", "a_declares": {"stun": True}, "a_dice": {"roll": {"total": 4}},
     "b_dice": {"roll": {"total": -4}}},
]), max_size=5)


@at_least(0.5)
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(a=_sheet("Snorri"), b=_sheet("Brynhild"), preset=st.sampled_from(["fudge1995", "mudge", "fudge1993"]),
       options=_options, played=_events, see=st.sampled_from(SEES))
def test_every_view_of_wild_sheets_options_and_events_fits_the_shape(a, b, preset, options, played, see):
    try:
        enc = Encounter(name="Ambush at the ford" * 4, ruleset=new_ruleset(preset, options))
    except FudgeError:
        refused()
        return
    checked()
    # A sheet the encounter refuses is replaced by a plain one; a refused event changes nothing.
    for sheet, side in ((a, "players"), (b, "foes")):
        try:
            enc.apply({"t": "add", "fighter": sheet, "side": side})
        except FudgeError:
            enc.apply({"t": "add", "fighter": {"name": sheet["name"], "role": sheet["role"],
                                               "skills": {"Sword": 1}}, "side": side})
    for event in [{"t": "players", "see": see}, *played]:
        try:
            enc.apply(event)
        except FudgeError:
            pass
    view = players_view(enc)
    fits(view)
    # The link carries this very view, whole.
    fragment = call("encounter.players_link", encounter=enc.to_dict())["result"]["fragment"]
    assert codec.unwrap(codec.decode_link(fragment), "players-view") == view


def test_the_players_link_is_the_view_in_its_own_envelope():
    stored = {"name": "Raid", "ruleset": {"preset": "fudge1995"},
              "log": [{"t": "add", "fighter": {"name": "Ásta", "skills": {"Sword": "Great"}}},
                      {"t": "add", "fighter": {"name": "Orc", "role": "npc", "skills": {"Axe": "Fair"}}}]}
    fragment = call("encounter.players_link", encounter=stored)["result"]["fragment"]
    envelope = codec.decode_link(fragment)
    assert fragment.startswith("f1.")
    assert set(envelope) == {"type", "version", "data"}
    assert (envelope["type"], envelope["version"]) == ("pyfudge/players-view", 1)
    assert envelope["data"] == players_view(Encounter.from_dict(stored))
    assert [c["name"] for c in envelope["data"]["combatants"]] == ["Ásta", "Orc"]


@pytest.mark.parametrize(("change", "path"), [
    (lambda v: v["combatants"][0].update(secret=1), ["combatants", 0]),
    (lambda v: v["combatants"][0].pop("track"), ["combatants", 0]),
    (lambda v: v["combatants"][1].update(hurt="dying"), ["combatants", 1, "hurt"]),
    (lambda v: v["combatants"][1].update(name="x" * 61), ["combatants", 1, "name"]),
    (lambda v: v.update(round=0), ["round"]),
    (lambda v: v["combatants"][0]["track"]["rows"][0]["boxes"].extend([0] * 20),
     ["combatants", 0, "track", "rows", 0, "boxes"]),
    (lambda v: v.update(see=["skills", "weapons", "wounds", "wounds"]), ["see"]),
])
def test_a_view_out_of_shape_is_told_by_where(change, path):
    stored = {"name": "Raid", "ruleset": {"preset": "fudge1995"},
              "log": [{"t": "add", "fighter": {"name": "Ásta", "skills": {"Sword": "Great"}}},
                      {"t": "add", "fighter": {"name": "Orc", "role": "npc", "skills": {"Axe": "Fair"}}}]}
    view = players.read(players.payload(Encounter.from_dict(stored).state))
    fits(view)
    change(view)
    errors = list(VALIDATOR.iter_errors(view))
    assert errors and list(errors[0].path) == path, [(list(e.path), e.message) for e in errors]


@pytest.mark.parametrize("coverage", [0, 3, 20])
def test_a_card_of_armour_that_covers_part_of_its_wearer_fits_the_shape(coverage):
    # CO 1's Coverage Value travels in the defensive factors: every value an armour may hold fits.
    orc = {"name": "Orc", "role": "npc", "skills": {"Axe": "Good"},
           "armor": {"name": "Hauberk", "value": 2, "coverage": coverage}}
    enc = Encounter.from_dict({"name": "Raid", "ruleset": {"preset": "fudge1995", "options": {}}, "log": [
        {"t": "add", "fighter": orc}, {"t": "players", "see": ["skills", "weapons"]}]})
    view = players_view(enc)
    assert view["combatants"][0]["ddf"]["coverage"] == coverage
    fits(view)
