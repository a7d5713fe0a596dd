"""Every action reading explains itself: the exact outcome (steps with section, text and data) or
the exact refusal (error type, message, field) of trait rolls, modifiers, unopposed and opposed
actions (F93 4.1-4.5), the NPC's 1d6 shortcut (F93 4.5) and story elements (F95 4.21, F93 4.61),
pinned in tests/golden/readings/action_readings.json.

Each case of ``CASES`` names a call and its JSON inputs; a roll is ``{"dice": key, "faces": [...]}``
or ``{"dice": key, "total": n}`` (a bare value is passed as it is, to be refused), a check is
``{"trait": t, "modifiers": [[source, amount, section], ...], "high_attribute": b}`` built as a
:class:`Check` directly. To change the recorded readings deliberately, edit ``CASES`` or the code,
then rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_action_readings.py --write
"""

from __future__ import annotations

import json
from typing import Any

import readings

from pyfudge.core import dice
from pyfudge.core.errors import FudgeError
from pyfudge.rules import actions, npc_shortcut, story_elements
from pyfudge.rules.actions import Check, Modifier
from pyfudge.rulesets import find_ruleset


def _roll(spec: Any) -> Any:
    if not isinstance(spec, dict):
        return spec
    given = {k: spec[k] for k in ("faces", "total") if k in spec}
    return dice.read(spec["dice"], **given)


def _mods(specs: list[list[Any]]) -> tuple[Modifier, ...]:
    return tuple(Modifier(*m) for m in specs)


def _check(spec: Any) -> Any:
    if not isinstance(spec, dict):
        return spec
    return Check(spec["trait"], _mods(spec.get("modifiers", [])), spec.get("high_attribute", False))


def _kw(case: dict[str, Any], *names: str) -> dict[str, Any]:
    return {n: case[n] for n in names if n in case}


def _steps(steps: tuple) -> list[dict[str, Any]]:
    return [s.to_dict() for s in steps]


def _call(case: dict[str, Any]) -> Any:
    call = case["call"]
    if call == "trait_roll":
        return actions.trait_roll(_check(case["check"]), _roll(case["roll"]), **_kw(case, "field")).to_dict()
    if call == "situational":
        return actions.situational(_roll(case["roll"])).to_dict()
    if call == "unopposed":
        return actions.unopposed(_check(case["check"]), _roll(case["roll"]),
                                 difficulty=case["difficulty"]).to_dict()
    if call == "opposed":
        return actions.opposed(_check(case["a"]), _roll(case["roll_a"]), _check(case["b"]),
                               _roll(case["roll_b"]), **_kw(case, "minimum_a", "minimum_b")).to_dict()
    if call == "compare":
        return actions.compare(case["result_a"], case["result_b"],
                               **_kw(case, "minimum_a", "minimum_b")).to_dict()
    if call == "apply_modifiers":
        mods = [Modifier(*m) if isinstance(m, list) else m for m in case["modifiers"]]
        level, steps = actions.apply_modifiers(case["level"], mods, **_kw(case, "field"))
        return {"level": level, "steps": _steps(steps)}
    if call == "secondary_trait":
        mod = actions.secondary_trait(case["level"], **_kw(case, "source"))
        return None if mod is None else mod.to_dict()
    if call == "check_base":
        level, steps = _check(case["check"]).base()
        return {"level": level, "steps": _steps(steps), "modified": _check(case["check"]).level()}
    if call == "check_from_dict":
        return Check.from_dict(case["data"], **_kw(case, "field")).to_dict()
    if call == "modifier_from_dict":
        return Modifier.from_dict(case["data"], **_kw(case, "field")).to_dict()
    if call == "modifiers_from_list":
        return [m.to_dict() for m in actions.modifiers_from_list(case["data"], **_kw(case, "field"))]
    if call == "as_check":
        return actions.as_check(case["check"], **_kw(case, "field")).to_dict()
    if call == "npc_d6":
        return npc_shortcut.npc_d6(case["trait"], case["faces"], **_kw(case, "amount")).to_dict()
    if call == "story_element":
        return story_elements.story_element(
            _check(case["check"]), [_roll(r) for r in case["rolls"]] if isinstance(case["rolls"], list)
            else case["rolls"], rules=find_ruleset(case["rules"]), **_kw(case, "method")).to_dict()
    if call == "aggregate":
        return story_elements.aggregate(case["results"], method=case["method"])
    raise AssertionError(f"unknown call {call!r}")


def reading(case: dict[str, Any]) -> dict[str, Any]:
    """What a case gives now: ``{"out": ...}`` or ``{"error": {type, message, field}}``."""
    try:
        return {"out": _call(case)}
    except FudgeError as err:
        return {"error": err.to_dict()}


def _c(trait: Any, *mods: list[Any], high: bool = False) -> dict[str, Any]:
    return {"trait": trait, "modifiers": list(mods), "high_attribute": high}


def _t(n: int) -> dict[str, Any]:
    return {"dice": "4dF", "total": n}


def _f(*faces: int) -> dict[str, Any]:
    return {"dice": "4dF", "faces": list(faces)}


CASES: list[dict[str, Any]] = [
    # F93 4.21: rolled degree = trait + dice; "Great +2" announced; Legendary named as a trait.
    {"call": "trait_roll", "check": _c(1, ["fine bow", 1, ""]), "roll": _f(1, 1, 0, 0)},
    {"call": "trait_roll", "check": 4, "roll": _t(0)},
    {"call": "trait_roll", "check": 3, "roll": _t(-1)},
    {"call": "trait_roll", "check": -3, "roll": _t(-4)},
    # F93 4.4: untrained skill, Poor by default, Mediocre when a high attribute helps.
    {"call": "trait_roll", "check": None, "roll": _t(1)},
    {"call": "trait_roll", "check": _c(None, high=True), "roll": _t(-2)},
    # F93 4.3: modifiers with and without a section; a net beyond ±3 warns but does not clamp.
    {"call": "trait_roll", "check": _c(0, ["Hurt", -1, "F95 4.31"], ["shield", 1, ""]), "roll": _t(2)},
    {"call": "trait_roll", "check": _c(3, ["a", 2, ""], ["b", 2, ""]), "roll": _t(4), "field": "a"},
    {"call": "trait_roll", "check": _c(-3, ["a", -10, ""], ["b", -10, ""]), "roll": _t(0), "field": "x"},
    {"call": "trait_roll", "check": _c(0), "roll": _t(0)},
    {"call": "trait_roll", "check": True, "roll": _t(0)},
    {"call": "trait_roll", "check": 5, "roll": _t(0), "field": "att"},
    {"call": "trait_roll", "check": 0, "roll": 3},
    {"call": "trait_roll", "check": _c(3, ["a", 10, ""], ["b", 10, ""]), "roll": _t(4)},
    {"call": "trait_roll", "check": _c(3, ["a", 10, ""], ["b", 7, ""]), "roll": _t(0), "field": "a"},
    {"call": "trait_roll", "check": _c(3, ["a", 10, ""], ["b", 7, ""]), "roll": _t(1), "field": "a"},
    # F93 4.1: a roll on no trait reads from Fair.
    {"call": "situational", "roll": {"dice": "2d6_remove_higher", "faces": [4, 2]}},
    {"call": "situational", "roll": _t(0)},
    {"call": "situational", "roll": _t(3)},
    {"call": "situational", "roll": "+1"},
    # F93 4.4: match or surpass the difficulty; margins of 0, ±1, ±n; Terrible or lower warns.
    {"call": "unopposed", "check": 0, "roll": _t(0), "difficulty": 0},
    {"call": "unopposed", "check": 0, "roll": _t(-1), "difficulty": 0},
    {"call": "unopposed", "check": 1, "roll": _t(2), "difficulty": 0},
    {"call": "unopposed", "check": 1, "roll": _t(1), "difficulty": 1},
    {"call": "unopposed", "check": -1, "roll": _t(-3), "difficulty": 2},
    {"call": "unopposed", "check": 0, "roll": _t(0), "difficulty": -3},
    {"call": "unopposed", "check": 0, "roll": _t(0), "difficulty": -2},
    {"call": "unopposed", "check": 0, "roll": _t(-4), "difficulty": -5},
    {"call": "unopposed", "check": 0, "roll": _t(0), "difficulty": "Good"},
    {"call": "unopposed", "check": 0, "roll": _t(0), "difficulty": 21},
    {"call": "unopposed", "check": 0, "roll": None, "difficulty": 0},
    # F93 4.5: relative degree, status quo at 0, a win below the minimum needed fails.
    {"call": "opposed", "a": 1, "roll_a": _t(1), "b": 2, "roll_b": _t(0)},
    {"call": "opposed", "a": _c(1, ["sword", 1, "F95 4.31"]), "roll_a": _t(0), "b": None, "roll_b": _t(-1)},
    {"call": "opposed", "a": -1, "roll_a": _t(0), "b": 0, "roll_b": _t(2), "minimum_b": 0},
    {"call": "opposed", "a": -1, "roll_a": _t(0), "b": -2, "roll_b": _t(0), "minimum_a": 0},
    {"call": "opposed", "a": 7, "roll_a": _t(0), "b": 0, "roll_b": _t(0)},
    {"call": "opposed", "a": 0, "roll_a": _t(0), "b": "Good", "roll_b": _t(0)},
    {"call": "opposed", "a": 0, "roll_a": 0, "b": 0, "roll_b": _t(0)},
    {"call": "opposed", "a": 0, "roll_a": _t(0), "b": 0, "roll_b": 0},
    {"call": "compare", "result_a": -3, "result_b": -4, "minimum_a": -2, "minimum_b": -2},
    {"call": "compare", "result_a": -2, "result_b": -4, "minimum_a": -2},
    {"call": "compare", "result_a": -5, "result_b": -1, "minimum_b": 0},
    {"call": "compare", "result_a": -1, "result_b": -5, "minimum_b": 3},
    {"call": "compare", "result_a": 0, "result_b": 3, "minimum_a": 4, "minimum_b": 3},
    {"call": "compare", "result_a": 2, "result_b": 2, "minimum_a": 5, "minimum_b": 5},
    {"call": "compare", "result_a": "Good", "result_b": 0},
    {"call": "compare", "result_a": 0, "result_b": 21},
    {"call": "compare", "result_a": 0, "result_b": 0, "minimum_a": 21},
    {"call": "compare", "result_a": 0, "result_b": 0, "minimum_b": -21},
    # F93 4.3: modifiers read one by one, net beyond ±3 a warning; off the ladder refused.
    {"call": "apply_modifiers", "level": 0, "modifiers": [["a", 2, ""], ["b", 1, "F95 4.31"]]},
    {"call": "apply_modifiers", "level": 0, "modifiers": [["a", 2, ""], ["b", 2, ""]]},
    {"call": "apply_modifiers", "level": 0, "modifiers": [["a", -2, ""], ["b", -2, ""]]},
    {"call": "apply_modifiers", "level": 0, "modifiers": [["a", -3, ""]]},
    {"call": "apply_modifiers", "level": 0, "modifiers": []},
    {"call": "apply_modifiers", "level": 0, "modifiers": [["a", 1, ""], "junk"]},
    {"call": "apply_modifiers", "level": 0, "modifiers": [["a", 1, ""], "junk"], "field": "mods"},
    {"call": "apply_modifiers", "level": 15, "modifiers": [["a", 6, ""]]},
    {"call": "apply_modifiers", "level": 15, "modifiers": [["a", 6, ""]], "field": "b.modifiers"},
    # F93 4.3: a Good or better secondary trait gives +1.
    {"call": "secondary_trait", "level": 1},
    {"call": "secondary_trait", "level": 4, "source": "Strength"},
    {"call": "secondary_trait", "level": 0},
    {"call": "secondary_trait", "level": 5},
    # F93 4.4: a check's base level and its modified level.
    {"call": "check_base", "check": _c(None)},
    {"call": "check_base", "check": _c(None, ["tools", 1, ""], high=True)},
    {"call": "check_base", "check": _c(2, ["hurt", -1, ""])},
    # JSON input of checks and modifiers: names, defaults, every refusal named by its field.
    {"call": "check_from_dict", "data": "Great"},
    {"call": "check_from_dict", "data": -3},
    {"call": "check_from_dict", "data": 5},
    {"call": "check_from_dict", "data": "Awful", "field": "a"},
    {"call": "check_from_dict", "data": {}},
    {"call": "check_from_dict", "data": {"trait": None, "high_attribute": True}},
    {"call": "check_from_dict", "data": {"trait": "Superb +1"}, "field": "b"},
    {"call": "check_from_dict", "data": {"trait": "Superb +2"}, "field": "b"},
    {"call": "check_from_dict", "data": {"trait": "Awful"}, "field": "b"},
    {"call": "check_from_dict", "data": {"trait": 21}},
    {"call": "check_from_dict", "data": {"trait": "Good", "modifiers": [{"source": "x", "amount": -1}]}},
    {"call": "check_from_dict", "data": True},
    {"call": "check_from_dict", "data": [1]},
    {"call": "check_from_dict", "data": None, "field": "b"},
    {"call": "check_from_dict", "data": {"trait": 1, "skill": "Sword", "zeal": 1}},
    {"call": "check_from_dict", "data": {"trait": 1, "high_attribute": True}, "field": "a"},
    {"call": "check_from_dict", "data": {"trait": None, "high_attribute": 1}},
    {"call": "check_from_dict", "data": {"trait": 1, "modifiers": {"source": "x"}}},
    {"call": "check_from_dict", "data": {"trait": 1, "modifiers": [{"source": "x"}]}, "field": "a"},
    {"call": "modifier_from_dict", "data": {"source": "Hurt", "amount": -1, "section": "F95 4.31"}},
    {"call": "modifier_from_dict", "data": {"source": "x" * 80, "amount": 10, "section": "s" * 40}},
    {"call": "modifier_from_dict", "data": {"source": "x", "amount": -10}},
    {"call": "modifier_from_dict", "data": ["x", 1]},
    {"call": "modifier_from_dict", "data": "x", "field": "m"},
    {"call": "modifier_from_dict", "data": {"source": "x", "amount": 1, "why": 1, "a": 2}},
    {"call": "modifier_from_dict", "data": {"source": " ", "amount": 1}},
    {"call": "modifier_from_dict", "data": {"amount": 1}, "field": "m"},
    {"call": "modifier_from_dict", "data": {"source": "x" * 81, "amount": 1}},
    {"call": "modifier_from_dict", "data": {"source": "x", "amount": 11}},
    {"call": "modifier_from_dict", "data": {"source": "x", "amount": -11}, "field": "m"},
    {"call": "modifier_from_dict", "data": {"source": "x", "amount": True}},
    {"call": "modifier_from_dict", "data": {"source": "x"}},
    {"call": "modifier_from_dict", "data": {"source": "x", "amount": 1, "section": "s" * 41}},
    {"call": "modifier_from_dict", "data": {"source": "x", "amount": 1, "section": 4.3}, "field": "m"},
    {"call": "modifiers_from_list", "data": [{"source": f"m{i}", "amount": 0} for i in range(20)]},
    {"call": "modifiers_from_list", "data": [{"source": "m", "amount": 0}] * 21},
    {"call": "modifiers_from_list", "data": {"source": "m", "amount": 0}, "field": "mods"},
    {"call": "modifiers_from_list", "data": [{"source": "m", "amount": 0}, {"source": "", "amount": 0}]},
    {"call": "as_check", "check": 2},
    {"call": "as_check", "check": None},
    {"call": "as_check", "check": 5},
    {"call": "as_check", "check": 5, "field": "a"},
    {"call": "as_check", "check": False},
    {"call": "as_check", "check": "Good", "field": "b"},
    # F93 4.5: the NPC's 1d6 shortcut.
    *[{"call": "npc_d6", "trait": 1, "faces": [f]} for f in (2, 3, 4, 5)],
    *[{"call": "npc_d6", "trait": 1, "faces": [1, s]} for s in (1, 2, 3, 4, 5, 6)],
    *[{"call": "npc_d6", "trait": 1, "faces": [6, s]} for s in (1, 2, 3, 4, 5, 6)],
    {"call": "npc_d6", "trait": 4, "faces": [6], "amount": 1},
    {"call": "npc_d6", "trait": -3, "faces": [1], "amount": 10},
    {"call": "npc_d6", "trait": 1, "faces": [6], "amount": 0},
    {"call": "npc_d6", "trait": 1, "faces": [6], "amount": 11},
    {"call": "npc_d6", "trait": 1, "faces": [1], "amount": True},
    {"call": "npc_d6", "trait": 1, "faces": [1], "amount": 1.0},
    {"call": "npc_d6", "trait": 1, "faces": [1]},
    {"call": "npc_d6", "trait": 1, "faces": [6]},
    {"call": "npc_d6", "trait": 1, "faces": [3, 4]},
    {"call": "npc_d6", "trait": 1, "faces": [3], "amount": 2},
    {"call": "npc_d6", "trait": 1, "faces": [6, 4], "amount": 1},
    {"call": "npc_d6", "trait": 1, "faces": [6, 7]},
    {"call": "npc_d6", "trait": 1, "faces": [7]},
    {"call": "npc_d6", "trait": 1, "faces": []},
    {"call": "npc_d6", "trait": 1, "faces": [6, 1, 1]},
    {"call": "npc_d6", "trait": 1, "faces": "6"},
    {"call": "npc_d6", "trait": 1, "faces": 6},
    {"call": "npc_d6", "trait": 5, "faces": [3]},
    # F95 4.21, F93 4.61: story elements, one roll or three by median or average.
    {"call": "story_element", "check": 1, "rolls": [_t(-1)], "rules": "fudge1995"},
    {"call": "story_element", "check": 1, "rolls": [_t(2), _t(-1), _t(1)], "rules": "fudge1995"},
    {"call": "story_element", "check": 1, "rolls": [_t(2), _t(-1), _t(1)], "rules": "fudge1993"},
    {"call": "story_element", "check": 1, "rolls": [_t(2), _t(-1), _t(1)], "rules": "fudge1995",
     "method": "average"},
    {"call": "story_element", "check": 1, "rolls": [_t(2), _t(-1), _t(1)], "rules": "fudge1993",
     "method": "median"},
    {"call": "story_element", "check": 0, "rolls": [_t(-1), _t(-1), _t(0)], "rules": "fudge1993"},
    {"call": "story_element", "check": 0, "rolls": [_t(0), _t(0), _t(0)], "rules": "fudge1995"},
    {"call": "story_element", "check": _c(0, ["plan", 2, ""], ["surprise", 1, "F95 4.21"]),
     "rolls": [_t(0)], "rules": "fudge1995"},
    {"call": "story_element", "check": _c(0, ["plan", -3, ""]), "rolls": [_t(-4)], "rules": "mudge"},
    {"call": "story_element", "check": _c(None, high=True), "rolls": [_t(1)], "rules": "fudge1995"},
    {"call": "story_element", "check": 4, "rolls": [_t(1)], "rules": "fudge1995"},
    {"call": "story_element", "check": _c(None, ["ambush", 1, ""], high=True),
     "rolls": [_t(1), _t(-2), _t(2)], "rules": "fudge1993"},
    {"call": "story_element", "check": _c(2, ["outnumbered", -1, "F95 4.21"]),
     "rolls": [_t(1), _t(-2), _t(2)], "rules": "fudge1995"},
    {"call": "story_element", "check": _c(0, ["plan", 3, ""], ["surprise", 1, ""]),
     "rolls": [_t(0)], "rules": "fudge1995"},
    {"call": "story_element", "check": _c(0, ["plan", -4, ""]), "rolls": [_t(0)], "rules": "fudge1995"},
    {"call": "story_element", "check": 0, "rolls": [_t(0), _t(0)], "rules": "fudge1995"},
    {"call": "story_element", "check": 0, "rolls": [], "rules": "fudge1995"},
    {"call": "story_element", "check": 0, "rolls": "abc", "rules": "fudge1995"},
    {"call": "story_element", "check": 0, "rolls": [_t(0), 2, _t(0)], "rules": "fudge1995"},
    {"call": "story_element", "check": 0, "rolls": [_t(0), _t(0), _t(0)], "rules": "fudge1995",
     "method": "mode"},
    {"call": "story_element", "check": 5, "rolls": [_t(0)], "rules": "fudge1995"},
    # Any roll is taken as it is read: a 3d6 total of 18 pushes the result off the ladder.
    {"call": "story_element", "check": 4, "rolls": [{"dice": "3d6", "faces": [6, 6, 6]}], "rules": "fudge1995"},
    {"call": "aggregate", "results": [1, -1, 3], "method": "median"},
    {"call": "aggregate", "results": [1, -1, 3], "method": "average"},
    {"call": "aggregate", "results": [1, 2], "method": "median"},
    {"call": "aggregate", "results": [1, 2, 3, 4], "method": "average"},
    {"call": "aggregate", "results": "abc", "method": "average"},
    {"call": "aggregate", "results": [1, 2, 21], "method": "median"},
    {"call": "aggregate", "results": [1, "x", 2], "method": "average"},
    {"call": "aggregate", "results": [1, 2, 3], "method": "Median"},
]


def recorded() -> list[dict[str, Any]]:
    """What the code gives now, in the golden file's shape: each case with its reading."""
    return [{**case, **reading(case)} for case in CASES]


def test_every_action_reading_explains_itself_as_recorded():
    """Each case gives the golden file's outcome to the step (section, text, data), or its
    refusal to the error type, message and field. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_action_readings.py --write`` and review the diff."""
    golden = readings.load("action_readings")
    assert readings.cases_in(golden, "out", "error") == json.loads(json.dumps(CASES))
    for row, case in zip(golden, CASES):
        assert reading(case) == {k: v for k, v in row.items() if k in ("out", "error")}, case


def test_the_golden_readings_reach_every_call_and_both_endings():
    """Every call of the dispatcher is recorded both giving an outcome and refusing an input,
    but ``check_base``: a built :class:`Check` has already refused a bad trait."""
    golden = readings.load("action_readings")
    calls = {row["call"] for row in golden}
    assert {row["call"] for row in golden if "out" in row} == calls
    assert {row["call"] for row in golden if "error" in row} == calls - {"check_base"}


if __name__ == "__main__":
    readings.write_when_asked("action_readings", recorded(), __file__)
