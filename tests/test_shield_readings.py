"""Shields as Combat Options 2 explain themselves: what ``pyfudge.combat.shield`` gives for a list
of cases, to the step, pinned in tests/golden/readings/shield_readings.json.

Each case names a reading (a shield or a shield check read from JSON, the check itself, the points
a blow wears off, a blow absorbed, a fighter's Shield skill, whether a shield makes checks at all,
the CO 2.1 skill requirement), its arguments and the preset (with any options changed); the golden
file records the exact answer — the outcome with every step's section, text and data, the shield
after, or the refusal's class, message and field. To change the readings deliberately, edit
``CASES`` or the code, rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_shield_readings.py --write
"""

from __future__ import annotations

from typing import Any

import readings
from readings import case as _c

from pyfudge.combat import shield
from pyfudge.combat.fighter import Fighter
from pyfudge.rulesets import find_ruleset

ON = {"co.shield": True}
WEAR = {"co.shield": True, "co.shield_damage": True}
ONE = {"co.shield": True, "co.shield_damage": True, "co.shield_wear": "one"}


def _check(**kw: Any) -> dict[str, Any]:
    """Hal (Shield Good) lost to a Good blow with a Fair result: CO 2.2's shieldman."""
    return {"name": "Hal", "shield_skill": 1, "roll": 0, "opponent_result": 1, "defender_result": 0, **kw}


def _state(points: int | None, taken: int = 0, name: str = "shield") -> dict[str, Any]:
    return {"name": name, "points": points, "taken": taken}


CASES: list[dict[str, Any]] = [
    # A shield's damage points (CO 2.3): 1 to 100, taken within them; none taken without points.
    _c("state", {}), _c("state", {"name": "buckler", "points": 10, "taken": 4}),
    _c("state", {"points": 1}), _c("state", {"points": 100, "taken": 100}),
    _c("state", {"points": 0}), _c("state", {"points": 101}), _c("state", {"points": 10, "taken": 11}),
    _c("state", {"points": 10, "taken": -1}), _c("state", {"taken": 1}), _c("state", {"taken": 0}),
    _c("state", {"colour": "red"}), _c("state", {"name": ""}, field="fighter.shield_state"),
    _c("state", "shield"),
    _c("state_new", _state(None, 1)), _c("state_new", _state(0)), _c("state_new", _state(5, 6)),
    _c("state_new", _state(5, -1)), _c("state_new", _state(101)), _c("state_new", _state(5, 5)),
    # Half the points is worn (−1), all of them spent (CO 2.3).
    _c("wear_state", _state(None)), _c("wear_state", _state(10, 4)), _c("wear_state", _state(10, 5)),
    _c("wear_state", _state(9, 4)), _c("wear_state", _state(9, 5)), _c("wear_state", _state(10, 9)),
    _c("wear_state", _state(10, 10)), _c("wear_state", _state(1, 0)), _c("wear_state", _state(1, 1)),
    # A shield check read from JSON.
    _c("read", _check()), _c("read", _check(shield_skill=None)),
    _c("read", _check(shield_skill="Great", opponent_result="Superb", defender_result="Poor",
                      modifiers=[{"source": "cramped", "amount": -1, "section": "CO 2.2"}],
                      shield={"name": "tower", "points": 20, "taken": 3}, forfeit=True)),
    _c("read", {**_check(), "roll": None, "faces": [1, 0, -1, 1]}),
    _c("read", _check(shield_skill=5)), _c("read", _check(opponent_result=11), field="exchange.check"),
    _c("read", _check(defender_result=-11)), _c("read", _check(forfeit="yes")),
    _c("read", _check(name="")), _c("read", {**_check(), "weight": 3}),
    _c("read", _check(shield={"points": 0})), _c("read", _check(roll=5)),
    _c("read", _check(roll=5), technique="3d6"),
    _c("read", _check(shield_skill="Fairish")), _c("read", _check(opponent_result="Fairish")),
    _c("read", _check(defender_result="Fairish")), _c("read", _check(opponent_result=21)),
    _c("read", _check(defender_result=-21)), _c("read", _check(modifiers="cramped")),
    # CO 2.2: a shieldman who lost checks his Shield skill; equal or better, the shield takes it.
    _c("check", _check(), options=ON), _c("check", _check(roll=-1), options=ON),
    _c("check", _check(roll=1), options=ON), _c("check", _check(defender_result=1), options=ON),
    _c("check", _check(defender_result=2), options=ON), _c("check", _check(), rules="mudge", options=ON),
    _c("check", _check()), _c("check", _check(shield_skill=None), options=ON),
    _c("check", _check(shield_skill=None, defender_result=1), options=ON),
    _c("check", _check(forfeit=True), options=ON),
    _c("check", _check(forfeit=True, roll=4), options=WEAR),
    _c("check", _check(modifiers=[{"source": "knocked down", "amount": -2, "section": "CO 2.2"},
                                  {"source": "braced", "amount": 1, "section": "CO 2.2"}], roll=1), options=ON),
    _c("check", {**_check(), "roll": None, "faces": [1, 1, 0, -1]}, options=ON),
    # CO 2.3: worn at half its points (−1), spent with none left; only with shield damage on.
    _c("check", _check(shield=_state(10, 5)), options=WEAR),
    _c("check", _check(shield=_state(10, 5), roll=1), options=WEAR),
    _c("check", _check(shield=_state(10, 4)), options=WEAR),
    _c("check", _check(shield=_state(10, 10)), options=WEAR),
    _c("check", _check(shield=_state(10, 10), roll=4), options=WEAR),
    _c("check", _check(shield=_state(10, 10)), options=ON),
    _c("check", _check(shield=_state(10, 5)), options=ON),
    _c("check", _check(shield=_state(10, 10), forfeit=True), options=WEAR),
    _c("check", _check(shield=_state(10, 10, "buckler"), shield_skill=None), options=WEAR),
    _c("check", {**_check(shield=_state(10, 10)), "roll": None, "faces": [1, 0, 0, 0]}, options=WEAR),
    _c("check", {**_check(forfeit=True), "roll": None, "faces": [0, 0, 0, -1]}, options=ON),
    # How many points a blow takes off (co.shield_wear), and taking them (CO 2.3).
    _c("wear_points", 3, options=WEAR), _c("wear_points", 0, options=WEAR), _c("wear_points", -2, options=WEAR),
    _c("wear_points", 100, options=WEAR), _c("wear_points", -100, options=WEAR),
    _c("wear_points", 101, options=WEAR), _c("wear_points", -101, options=WEAR),
    _c("wear_points", 3, options=ONE), _c("wear_points", -3, options=ONE), _c("wear_points", 0, options=ONE),
    _c("absorb", _state(10), 3, options=WEAR), _c("absorb", _state(10), 5, options=WEAR),
    _c("absorb", _state(10, 4), 1, options=WEAR), _c("absorb", _state(10, 5), 1, options=WEAR),
    _c("absorb", _state(10, 4), 6, options=WEAR), _c("absorb", _state(10, 4), 60, options=WEAR),
    _c("absorb", _state(10, 9), 1, options=WEAR), _c("absorb", _state(10), 0, options=WEAR),
    _c("absorb", _state(10, 5), 0, options=WEAR), _c("absorb", _state(10, 10), 1, options=WEAR),
    _c("absorb", _state(10, 10, "buckler"), 0, options=WEAR), _c("absorb", _state(10), 3, options=ON),
    _c("absorb", _state(None), 3, options=WEAR), _c("absorb", _state(10), 100, options=WEAR),
    _c("absorb", _state(10), 101, options=WEAR), _c("absorb", _state(10), -1, options=WEAR),
    _c("absorb", _state(3, 1, "buckler"), 1, options=WEAR), _c("absorb", _state(1), 1, options=WEAR),
    # CO 2.1: a Shield skill (any case), and who makes checks at all.
    _c("skill_of", {"Sword": 1, "Shield": 2}), _c("skill_of", {"Sword": 1, " shield ": -1}),
    _c("skill_of", {"SHIELD": 0}), _c("skill_of", {"Sword": 1}), _c("skill_of", {"Shield bash": 3}),
    _c("require", 2), _c("require", None), _c("require", None, "Hal"), _c("require", 5),
    _c("require", -3), _c("require", -4, "Hal"),
    _c("makes", "large"), _c("makes", "large", options=ON), _c("makes", "none", options=ON),
    _c("makes", "small", options=ON),
]


def _compute(case: dict[str, Any]) -> Any:
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    fn, args, kw = case["fn"], list(case["args"]), dict(case["kw"])
    if fn == "state":
        return shield.ShieldState.from_dict(args[0], **kw).to_dict()
    if fn == "state_new":
        made = shield.ShieldState(**args[0])
        return {"shield": made.to_dict(), "left": made.left}
    if fn == "wear_state":
        state = shield.ShieldState(**args[0])
        return {"left": state.left, "worn": state.worn, "spent": state.spent}
    if fn == "read":
        return shield.ShieldCheck.from_dict(args[0], **kw).to_dict()
    if fn == "check":
        return shield.shield_check(shield.ShieldCheck.from_dict(args[0]), rules=rules).to_dict()
    if fn == "wear_points":
        return shield.wear_points(args[0], rules=rules)
    if fn == "absorb":
        return shield.absorb(shield.ShieldState(**args[0]), args[1], rules=rules).to_dict()
    if fn == "skill_of":
        return shield.shield_skill_of(Fighter.from_dict({"name": "Hal", "skills": args[0]}))
    if fn == "require":
        return shield.require_shield_skill(*args)
    return shield.makes_shield_checks(args[0], rules)


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What shield gives for a case: its value or its refusal."""
    return readings.answer(_compute, case)


def test_every_shield_reading_is_as_recorded():
    """Each case answers as the golden file records it: each check (needed, result, blocked,
    modifiers, faces) with its steps' section, text and data, each shield after a blow, and each
    refusal's class, message and field. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_shield_readings.py --write`` and review the diff."""
    readings.assert_as_recorded("shield_readings", CASES, answer)


def test_the_readings_reach_each_way_a_shield_check_ends():
    """The checks include no check needed, a block, a blow through, a forfeit, a spent shield and
    a worn one at −1; the blows absorbed include one that wears a shield to half and one that
    spends it."""
    golden = readings.load("shield_readings")
    checks = [row["answer"]["value"] for row in golden if row["fn"] == "check" and "value" in row["answer"]]
    assert {(c["needed"], c["blocked"]) for c in checks} == {(False, False), (True, True), (True, False)}
    texts = " ".join(s["text"] for c in checks for s in c["steps"])
    assert "impossible" in texts and "no damage points left" in texts
    assert any(m["amount"] == -1 and m["section"] == "CO 2.3" for c in checks for m in c["modifiers"])
    absorbed = " ".join(row["answer"]["value"]["steps"][0]["text"] for row in golden
                        if row["fn"] == "absorb" and "value" in row["answer"])
    assert "now at −1" in absorbed and "it is spent" in absorbed


if __name__ == "__main__":
    readings.write_when_asked("shield_readings", readings.recorded(CASES, answer), __file__)
