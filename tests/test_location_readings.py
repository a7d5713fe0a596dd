"""Hit location explains itself: what ``pyfudge.combat.location`` gives for a list of cases, to the
step, pinned in tests/golden/readings/location_readings.json.

Each case names a reading (a called shot read from JSON, where it lands under F95 4.35's GM
minimum or MUD 4.35's table, the F95 guideline's states, a damaged part's modifier, a table row
found by name, the MUD Willpower/Constitution check after a hit, a hit location table the GM
enters, the rows of MUD 4.35's table as its builders make them), its arguments and the preset
(with any options changed); the golden file records the exact answer — where the blow lands with
every step's section, text and data, the check's wound and penalty, or the refusal's class,
message and field. To change the readings deliberately, edit ``CASES`` or the code, rewrite the
file and read its diff before committing:

    PYTHONPATH=. python tests/test_location_readings.py --write
"""

from __future__ import annotations

from typing import Any

import readings
from readings import case as _c

from pyfudge.combat import location
from pyfudge.rulesets import find_ruleset


def _aim(where: str, rd: int, rolled: int, rules: str = "mudge", **aim: Any) -> dict[str, Any]:
    return _c("aim", {"location": where, **aim}, relative_degree=rd, rolled=rolled, rules=rules)


def _check(where: str, rd: int, rolled: int, **kw: Any) -> dict[str, Any]:
    return _c("check", {"location": where}, relative_degree=rd, rolled=rolled, rules="mudge", **kw)


EFFECT = {"check": 0, "penalty": -1, "on_fail": "drops it", "wound": 0, "wound_on_fail": 2}
ROW = {"name": "Tail", "min_rolled": 1, "min_relative": 2, "wounded": EFFECT, "very_wounded": EFFECT}

CASES: list[dict[str, Any]] = [
    # The called shot as declared (F95 4.35 "announces"): a part, the GM's minimums.
    _c("read", {"location": "head"}), _c("read", {"location": "Eyes", "min_relative": 4, "min_rolled": 3}),
    _c("read", {"location": "leg", "min_relative": 1, "min_rolled": -3}),
    _c("read", {"location": "leg", "min_relative": 10, "min_rolled": 8}),
    _c("read", {"location": "leg", "min_relative": 0}), _c("read", {"location": "leg", "min_relative": 11}),
    _c("read", {"location": "leg", "min_rolled": -4}), _c("read", {"location": "leg", "min_rolled": 9}),
    _c("read", {"location": "x" * 40}), _c("read", {"location": "x" * 41}, field="declares.aim"),
    _c("read", {"location": ""}), _c("read", {"part": "leg"}), _c("read", "leg"),
    # Which rules have a called-shot system (F93: the aimed blow only), and the table's parts.
    _c("called_shots"), _c("called_shots", rules="mudge"), _c("called_shots", rules="fudge1993"),
    _c("part_names", rules="mudge"), _c("part_names", rules="mudge", options={"location.table": [ROW]}),
    _c("table_input"), _c("table_input", rules="mudge"), _c("table_input", rules="fudge1993"),
    _c("table_input", rules="mudge", options={"location.table_wound": True}),
    _c("table_input", options={"location.table_wound": True}),
    # MUD 4.35's table rows, found by the whole name or a part of a combined one ("hand").
    _c("find", "Head", rules="mudge"), _c("find", "  head ", rules="mudge"), _c("find", "hand", rules="mudge"),
    _c("find", "Arm/Hand", rules="mudge"), _c("find", "FOOT", rules="mudge"), _c("find", "arm/", rules="mudge"),
    _c("find", "torso", rules="mudge"), _c("find", "Tail", rules="mudge", options={"location.table": [ROW]}),
    _c("find", "a", rules="mudge",
       options={"location.table": [{**ROW, "name": "b/A"}, {**ROW, "name": "a"}]}),
    # F95 4.35 guideline: over the minimum, Scratched or Hurt; "significantly" over, Hurt or Incapacitated.
    _c("suggest", 0), _c("suggest", 1), _c("suggest", 2), _c("suggest", 5),
    _c("suggest", 2, options={"location.significant": 3}), _c("suggest", 3, options={"location.significant": 3}),
    _c("suggest", 1, options={"location.significant": 1}),
    # F95 4.35: a Hurt part is −1 to use; Scratched none; Incapacitated unusable; MUD's penalty.
    _c("part", "sword arm", "Unhurt"), _c("part", "sword arm", "Scratched"), _c("part", "sword arm", "Hurt"),
    _c("part", "sword arm", "Incapacitated"), _c("part", "hand", "Wounded", penalty=-1),
    _c("part", "hand", "Very Wounded", penalty=-2), _c("part", "head", "Wounded", penalty=0),
    _c("part", "hand", "Wounded"), _c("part", "hand", "Very Wounded"), _c("part", "hand", "Bruised"),
    # F95 4.35: the GM's minimum relative degree; short of it the defender names the spot.
    _aim("weapon arm", 3, 1, "fudge1995", min_relative=3), _aim("weapon arm", 2, 1, "fudge1995", min_relative=3),
    _aim("weapon arm", 5, 1, "fudge1995", min_relative=3), _aim("weapon arm", 4, 1, "fudge1995", min_relative=3),
    _aim("weapon arm", 1, -3, "fudge1995", min_relative=1),
    _aim("eye", 3, 1, "fudge1995"), _aim("eye", 0, 1, "fudge1995", min_relative=4),
    _aim("eye", -2, 1, "fudge1995", min_relative=4), _aim("eye", 0, 1, "fudge1995"),
    _aim("eye", 5, 1, "fudge1993", min_relative=4),
    _c("aim", {"location": "eye", "min_relative": 2}, relative_degree=40, rolled=8, rules="fudge1995"),
    _c("aim", {"location": "eye", "min_relative": 2}, relative_degree=41, rolled=1, rules="fudge1995"),
    _c("aim", {"location": "eye", "min_relative": 2}, relative_degree=-41, rolled=1, rules="fudge1995"),
    _c("aim", {"location": "eye", "min_relative": 2}, relative_degree=-40, rolled=1, rules="fudge1995"),
    _c("aim", {"location": "eye", "min_relative": 2}, relative_degree=2, rolled=99, rules="fudge1995"),
    # MUD 4.35: both minimums; by exactly the relative degree Wounded, by more Very Wounded; one
    # short of either, elsewhere (the GM's call); more short, a clean miss.
    _aim("hand", 2, 1, min_rolled=None), _aim("hand", 2, 1), _aim("hand", 3, 1), _aim("hand", 1, 1),
    _aim("hand", 2, 0), _aim("hand", 0, 1), _aim("hand", -1, 1), _aim("hand", 2, -1), _aim("hand", 1, 0),
    _aim("Head", 3, 2), _aim("Head", 4, 3), _aim("Head", 2, 2), _aim("Head", 1, 2), _aim("Head", 3, 1),
    _aim("Head", 3, 0), _aim("Head", 1, 0), _aim("Eyes", 4, 3), _aim("Throat", 5, 3), _aim("Throat", 3, 3),
    _aim("Groin", 3, 2, min_relative=1), _aim("Groin", 1, 0, min_rolled=0),
    _aim("Groin", 2, 1, min_relative=2, min_rolled=1), _aim("torso", 3, 2), _aim("torso", 0, 2),
    _aim("Tail", 2, 1), _c("aim", {"location": "Tail"}, relative_degree=3, rolled=1, rules="mudge",
                          options={"location.table": [ROW]}),
    # MUD 4.35's Willpower/Constitution check: the lower of the two; made, the table's wound; failed,
    # its worse wound and what follows (drops the item, falls down); the penalty "regardless".
    _check("hand", 2, 1, willpower=0, constitution=1, roll=0),
    _check("hand", 2, 1, willpower=0, constitution=1, roll=-1),
    _check("hand", 2, 1, willpower=1, constitution=-1, roll=1),
    _check("hand", 3, 1, willpower=1, constitution=1, roll=0),
    _check("hand", 3, 1, willpower=1, constitution=1, roll=1),
    _check("leg", 2, 1, willpower=-1, constitution=-1, roll=0),
    _check("Head", 3, 2, willpower=1, constitution=2, roll=0),
    _check("Head", 3, 2, willpower=1, constitution=1, roll=-1),
    _check("Head", 4, 2, willpower=2, constitution=2, roll=0),
    _check("Head", 4, 2, willpower=2, constitution=3, roll=-1),
    _check("Eyes", 4, 3, willpower=1, constitution=1, roll=0),
    _check("Eyes", 4, 3, willpower=1, constitution=1, roll=1),
    _check("Throat", 5, 3, willpower=2, constitution=2, roll=0),
    _check("Throat", 5, 3, willpower=2, constitution=2, roll=1),
    _check("hand", 2, 1, willpower=4, constitution=4, roll=4),
    _check("hand", 2, 1, willpower=-3, constitution=-3, roll=-4),
    _check("hand", 2, 1, willpower=5, constitution=0, roll=0),
    _check("hand", 2, 1, willpower=0, constitution=-4, roll=0),
    _check("hand", 2, 1, willpower=0, constitution=0, roll=5),
    _check("hand", 2, 1, willpower=0, constitution=0, roll=-5),
    _check("hand", 2, 1, willpower=0, constitution=0, roll=0, faces=[1, 0, -1, 0]),
    _check("hand", 1, 1, willpower=0, constitution=0, roll=0),
    _c("check", {"location": "eye", "min_relative": 2}, relative_degree=3, rolled=1, willpower=0, constitution=0,
       roll=0, rules="fudge1995"),
    _c("check_result", {"location": "hand"}, relative_degree=2, rolled=1, result=0, rules="mudge"),
    _c("check_result", {"location": "hand"}, relative_degree=2, rolled=1, result=-1, rules="mudge"),
    _c("check_result", {"location": "Head"}, relative_degree=3, rolled=2, result=1, rules="mudge", faces=[1, 0, 0, 0]),
    _c("check_result", {"location": "hand"}, relative_degree=2, rolled=1, result=99, rules="mudge"),
    _c("check_result", {"location": "hand"}, relative_degree=1, rolled=1, result=0, rules="mudge"),
    # A table the GM enters: rows checked one by one, each effect within its bounds.
    _c("table", [ROW]), _c("table", []), _c("table", [ROW] * 41), _c("table", [ROW, {**ROW, "name": "TAIL"}]),
    _c("table", [{**ROW, "name": ""}]), _c("table", [{**ROW, "name": "x" * 41}]),
    _c("table", [{**ROW, "min_rolled": -4}]), _c("table", [{**ROW, "min_rolled": 9}]),
    _c("table", [{**ROW, "min_relative": 0}]), _c("table", [{**ROW, "min_relative": 11}]),
    _c("table", [{**ROW, "min_rolled": 8, "min_relative": 10}]),
    _c("table", [{**ROW, "min_rolled": -3, "min_relative": 1}]),
    _c("table", [{k: v for k, v in ROW.items() if k != "wounded"}]), _c("table", [{**ROW, "extra": 1}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "check": -4}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "check": 9}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "check": 8, "penalty": -5}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "check": -3, "penalty": 0}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "penalty": -6}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "penalty": 1}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "on_fail": ""}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "on_fail": 3}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "on_fail": "x" * 81}}]),
    _c("table", [{**ROW, "wounded": {**EFFECT, "on_fail": "x" * 80}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound": 0, "wound_on_fail": 6}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound": 6, "wound_on_fail": 6}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound": 7, "wound_on_fail": 7}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound": -1}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound_on_fail": 7}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound_on_fail": -1}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound": 3, "wound_on_fail": 2}}]),
    _c("table", [{**ROW, "very_wounded": {**EFFECT, "wound": 3, "wound_on_fail": 3}}]),
    _c("table", [ROW, "row"]),
    # MUD 4.35's table as its builders make it (the option's default is built from them at import).
    _c("builders"),
]


def _builders() -> list[dict[str, Any]]:
    """MUD 4.35's table rebuilt by ``_row`` and ``_effect``, as the module builds ``MUD_TABLE``."""
    from pyfudge.core import ladder
    from pyfudge.rules.wounds import HURT, INCAPACITATED, NEAR_DEATH, VERY_HURT

    e, r = location._effect, location._row
    head = (e(ladder.GOOD, wound=HURT, wound_on_fail=VERY_HURT),
            e(ladder.GREAT, wound=VERY_HURT, wound_on_fail=INCAPACITATED))
    throat = (e(ladder.GOOD, wound=VERY_HURT, wound_on_fail=INCAPACITATED),
              e(ladder.GREAT, wound=INCAPACITATED, wound_on_fail=NEAR_DEATH))
    return [r("Arm/Hand", ladder.GOOD, 2, e(ladder.FAIR, -1, "drops what the hand holds"),
              e(ladder.GOOD, -2, "drops what the hand holds")),
            r("Leg/Foot", ladder.GOOD, 2, e(ladder.FAIR, -1, "falls down"), e(ladder.GOOD, -2, "falls down")),
            r("Groin", ladder.GREAT, 3, *head), r("Head", ladder.GREAT, 3, *head),
            r("Throat", ladder.SUPERB, 4, *throat), r("Eyes", ladder.SUPERB, 4, *throat)]


def _compute(case: dict[str, Any]) -> Any:
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    fn, args, kw = case["fn"], list(case["args"]), dict(case["kw"])
    if fn == "read":
        return location.CalledShot.from_dict(args[0], **kw).to_dict()
    if fn == "called_shots":
        return location.called_shots(rules)
    if fn == "part_names":
        return location.part_names(rules)
    if fn == "table_input":
        return location.location_check_input(rules)
    if fn == "find":
        return location.find_location(args[0], rules=rules)
    if fn == "suggest":
        return list(location.suggest_part_states(args[0], rules=rules))
    if fn == "part":
        return readings.plain(location.part_modifier(*args, **kw))
    if fn == "table":
        return find_ruleset("mudge").with_options({"location.table": args[0]})["location.table"]
    if fn == "builders":
        built = _builders()
        return {"rows": built, "same_as_the_option": built == find_ruleset("mudge")["location.table"]}
    aim = location.CalledShot.from_dict(args[0])
    where = location.resolve_called_shot(aim, relative_degree=kw.pop("relative_degree"), rolled=kw.pop("rolled"),
                                         rules=rules)
    if fn == "aim":
        return where.to_dict()
    if fn == "check_result":
        result = kw.pop("result")
        return {"landed": where.landed, "check": location.check_result(where, result, **kw).to_dict()}
    if "faces" in kw:
        kw["faces"] = tuple(kw["faces"])
    return {"landed": where.landed, "check": location.location_check(where, **kw).to_dict()}


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What location gives for a case: its value or its refusal."""
    return readings.answer(_compute, case)


def test_every_location_reading_is_as_recorded():
    """Each case answers as the golden file records it: where each called shot lands (aimed,
    elsewhere and who says where, a miss, a lost round), the part's state, the guideline's
    states and the table's effect, each step's section, text and data, each check's wound and
    penalty, and each refusal's class, message and field. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_location_readings.py --write`` and review the diff."""
    readings.assert_as_recorded("location_readings", CASES, answer)


def test_the_readings_reach_every_landing_and_both_ends_of_a_check():
    """The called shots land each way (aimed, elsewhere by the defender's and by the GM's say, a
    clean miss, a lost round) with each MUD state, and the checks are made and failed; MUD 4.35's
    table as built is the option's default."""
    golden = readings.load("location_readings")
    shots = [row["answer"]["value"] for row in golden if row["fn"] == "aim" and "value" in row["answer"]]
    assert {(s["landed"], s["chooser"]) for s in shots} == {
        ("aimed", None), ("elsewhere", "defender"), ("elsewhere", "gm"), ("miss", None), ("lost", None)}
    assert {s["state"] for s in shots} == {None, "Wounded", "Very Wounded"}
    checks = [row["answer"]["value"]["check"] for row in golden
              if row["fn"] in ("check", "check_result") and "value" in row["answer"]]
    assert {c["made"] for c in checks} == {True, False}
    (built,) = [row["answer"]["value"] for row in golden if row["fn"] == "builders"]
    assert built["same_as_the_option"]


if __name__ == "__main__":
    readings.write_when_asked("location_readings", readings.recorded(CASES, answer), __file__)
