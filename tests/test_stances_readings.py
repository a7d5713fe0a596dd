"""Offensive/defensive stances explain themselves: what ``pyfudge.combat.stances`` gives for a list
of cases, pinned in tests/golden/readings/stances_readings.json.

Each case names a reading (a stance made from its offence number, read from JSON — its key, its
number, or the dice that chose it —, chosen by two Fudge dice, one d6 or the F93 die shown, offered
and allowed by the rules), its arguments and the preset (with any options changed); the golden file
records the exact answer — the stance's offence, defence, key, label and both modifiers, or the
refusal's class, message and field. To change the readings deliberately, edit ``CASES`` or the
code, rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_stances_readings.py --write
"""

from __future__ import annotations

from typing import Any

import readings
from readings import case as _c

from pyfudge.combat import stances
from pyfudge.rulesets import find_ruleset

ON = {"melee.stances": True}

CASES: list[dict[str, Any]] = [
    # F95 4.32 "five basic options", named as MUD 4.32 names them; defence the opposite.
    *[_c("new", n) for n in (2, 1, 0, -1, -2)], _c("new", 3), _c("new", -3), _c("new", True), _c("new", "1"),
    # From JSON: a key (any case, padded), a number, or the dice that chose it.
    *[_c("read", k) for k in ("berserk", "aggressive", "normal", "cautious", "defensive")],
    _c("read", " Berserk "), _c("read", "DEFENSIVE"), _c("read", "reckless"), _c("read", "reckless", field="a.stance"),
    _c("read", 2), _c("read", -2), _c("read", 0), _c("read", 3), _c("read", True), _c("read", False),
    _c("read", 1.0), _c("read", None, field="b.stance"), _c("read", [1, 0]),
    _c("read", {"fudge_dice": [1, 0]}), _c("read", {"fudge_dice": [1, 2]}, field="a.stance"),
    _c("read", {"d6": 6}), _c("read", {"d6": 7}, field="a.stance"),
    _c("read", {"shown": "minus", "face": 2}), _c("read", {"shown": "both"}), _c("read", {"shown": "plus", "face": 1}),
    _c("read", {"shown": "plus"}, field="a.stance"), _c("read", {"face": 1}), _c("read", {}),
    _c("read", {"fudge_dice": [1, 0], "d6": 3}), _c("read", {"d6": 3, "face": 1}),
    _c("read", {"shown": "both", "face": 1, "d6": 2}),
    # F95/MUD 4.32: two Fudge dice set to +2 … −2.
    *[_c("fudge_dice", pair) for pair in ([1, 1], [1, 0], [0, 0], [-1, 1], [0, -1], [-1, -1])],
    _c("fudge_dice", [1]), _c("fudge_dice", [1, 0, 0]), _c("fudge_dice", "+-"), _c("fudge_dice", 2),
    _c("fudge_dice", [2, 0]), _c("fudge_dice", [0, True]), _c("fudge_dice", [0, -2]), _c("fudge_dice", [1, -1]),
    # F95 4.32: one d6: 1 (−2), 2 (−1), 3–4 (normal), 5 (+1), 6 (+2).
    *[_c("d6", face) for face in range(1, 7)], _c("d6", 0), _c("d6", 7), _c("d6", True), _c("d6", "6"),
    # F93 4.63: the plus die at 1 or 2 (offence), the minus die (defence), or both (normal).
    _c("shown", "plus", 1), _c("shown", "plus", 2), _c("shown", "minus", 1), _c("shown", "minus", 2),
    _c("shown", "both"), _c("shown", "both", 1), _c("shown", "plus"), _c("shown", "plus", 3), _c("shown", "minus", 0),
    _c("shown", "plus", True), _c("shown", "neither", 1), _c("shown", "Plus", 1),
    # F95 4.32 optional, MUD 4.7 on; melee only (MUD 4.32); defend-only (MUD 4.22), stunned (MUD 4.62).
    _c("offered"), _c("offered", rules="mudge"), _c("offered", rules="fudge1993"), _c("offered", options=ON),
    _c("allowed", 0), _c("allowed", 1), _c("allowed", -2, field="a.stance"), _c("allowed", 1, options=ON),
    _c("allowed", 2, rules="mudge"), _c("allowed", 0, rules="mudge", ranged=True, defend_only=True, stunned=True),
    _c("allowed", 1, rules="mudge", ranged=True), _c("allowed", -1, rules="mudge", ranged=True, field="b.stance"),
    _c("allowed", 1, rules="mudge", defend_only=True), _c("allowed", -1, rules="mudge", defend_only=True),
    _c("allowed", 1, rules="mudge", stunned=True), _c("allowed", -2, rules="mudge", stunned=True, field="b.stance"),
    _c("allowed", 1, rules="mudge", ranged=True, defend_only=True, stunned=True),
    _c("allowed", 1, rules="mudge", defend_only=True, stunned=True),
    _c("allowed", 1, ranged=True), _c("allowed", 1, rules="fudge1993", stunned=True),
]


def _stance(stance: stances.Stance) -> dict[str, Any]:
    off, de = stance.modifiers()
    return {"offence": stance.offence, "defence": stance.defence, "key": stance.key, "label": stance.label,
            "json": stance.to_dict(), "modifiers": [None if m is None else m.to_dict() for m in (off, de)],
            "same_as_normal": stance == stances.NORMAL}


def _compute(case: dict[str, Any]) -> Any:
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    fn, args, kw = case["fn"], list(case["args"]), dict(case["kw"])
    if fn == "new":
        return _stance(stances.Stance(*args))
    if fn == "read":
        return _stance(stances.Stance.from_dict(*args, **kw))
    if fn == "fudge_dice":
        return _stance(stances.from_fudge_dice(tuple(args[0]) if isinstance(args[0], list) else args[0]))
    if fn == "d6":
        return _stance(stances.from_d6(*args))
    if fn == "shown":
        return _stance(stances.from_dice_shown(*args))
    if fn == "offered":
        return stances.stances_offered(rules)
    stances.check_allowed(stances.Stance(args[0]), rules=rules, **kw)
    return "allowed"


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What stances gives for a case: its value or its refusal."""
    return readings.answer(_compute, case)


def test_every_stance_reading_is_as_recorded():
    """Each case answers as the golden file records it: each stance's offence, defence, key, label
    and modifiers, each rule's allowing or refusing, and each refusal's class, message and field.
    Regenerate deliberately with ``PYTHONPATH=. python tests/test_stances_readings.py --write`` and
    review the diff."""
    readings.assert_as_recorded("stances_readings", CASES, answer)


def test_the_readings_reach_all_five_stances_and_every_refusal_of_check_allowed():
    """Every stance is read from every way of choosing it, and check_allowed refuses for each
    of its four reasons."""
    golden = readings.load("stances_readings")
    for fn in ("new", "read", "fudge_dice", "d6"):
        assert {row["answer"]["value"]["key"] for row in golden if row["fn"] == fn and "value" in row["answer"]} == {
            "berserk", "aggressive", "normal", "cautious", "defensive"}, fn
    refusals = {row["answer"]["message"] for row in golden if row["fn"] == "allowed" and "error" in row["answer"]}
    assert len(refusals) == 4


if __name__ == "__main__":
    readings.write_when_asked("stances_readings", readings.recorded(CASES, answer), __file__)
