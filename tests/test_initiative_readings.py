"""Who acts first and who is faster explains itself: what ``pyfudge.combat.initiative`` gives for a
list of cases, to the step, pinned in tests/golden/readings/initiative_readings.json.

Each case names a function of :mod:`pyfudge.combat.initiative`, its arguments (fighters as sheets,
dice and declarations as the door gives them) and the preset (with any options changed); the golden
file records the exact answer: F95 4.23's opposed initiative roll (Fair without an Initiative
trait, Combat Reflexes +1, a hasty attack +1, wound penalties, surprise), whether a roll is due
this round (once a battle or each round), F95 4.36's Speed contest (Fair without a Speed trait,
wounds count, the winner adds the difference) and the speed Power's free rounds, with every
step's section, text and data, or the error's class, message and field. To change the readings
deliberately, edit ``CASES`` or the code, rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_initiative_readings.py --write
"""

from __future__ import annotations

import json
from typing import Any

import readings
from readings import case as _c

from pyfudge.combat import initiative
from pyfudge.combat.declaration import Declaration, FighterDice
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rules.actions import Modifier
from pyfudge.rulesets import find_ruleset

PLAIN = {"name": "Plain", "skills": {"Sword": "Fair"}}
QUICK = {"name": "Quick", "skills": {"Sword": "Fair"}, "initiative": "Good", "speed": "Great"}
REFLEX = {"name": "Reflex", "skills": {"Sword": "Fair"}, "combat_reflexes": True}
HURT = {"name": "Hurt", "skills": {"Sword": "Fair"}, "initiative": "Great", "speed": "Good",
        "track": {"kind": "boxes", "marks": [[0, 0, 0], [2], [0], [0], [0]]}}
BRAVE = {**HURT, "name": "Brave", "pain_threshold": "high"}
TERRIBLE = {"name": "Slow", "skills": {"Sword": "Fair"}, "initiative": "Terrible", "speed": "Terrible"}
GOOD_MOD = {"source": "ambush", "amount": 2, "section": "F95 4.23"}


def _dice(total: int | None = None, speed: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if total is not None:
        out["roll"] = {"total": total}
    if speed is not None:
        out["speed"] = {"total": speed}
    return out


SPEED = {"melee.speed_contest": True}
GM_LEVELS = [
    {"name": "Scratch", "penalty": 0, "after_combat": 0},
    {"name": "Hurt", "penalty": -3, "after_combat": -1},
    {"name": "Very Hurt", "penalty": -4, "after_combat": -2},
    {"name": "Incapacitated", "penalty": 0, "after_combat": 0},
    {"name": "Near Death", "penalty": 0, "after_combat": 0},
]

CASES: list[dict[str, Any]] = [
    # F95 4.23 as numbers: the higher result attacks first, a tie is rolled again; modifiers add;
    # surprise gives a side the initiative outright; levels must be on the ladder.
    _c("decide_initiative", 0, 0, 1, 0), _c("decide_initiative", 0, 0, 0, 1), _c("decide_initiative", 0, 0, 0, 0),
    _c("decide_initiative", 1, -1, -2, 0), _c("decide_initiative", -3, 3, 0, 0),
    _c("decide_initiative", 0, 0, 0, 0, a_modifiers=[GOOD_MOD]),
    _c("decide_initiative", 0, 0, 0, 0, b_modifiers=[GOOD_MOD, {**GOOD_MOD, "amount": -3}]),
    _c("decide_initiative", 0, 3, 0, 0, surprise="a"), _c("decide_initiative", 3, 0, 1, 0, surprise="b"),
    _c("decide_initiative", 0, 0, 0, 0, surprise="c"), _c("decide_initiative", 0, 0, 0, 0, surprise=""),
    _c("decide_initiative", 4, 0, 0, 0), _c("decide_initiative", 0, -4, 0, 0),
    _c("decide_initiative", 3, -3, 4, -4), _c("decide_initiative", 99, 0, 0, 0), _c("decide_initiative", 0, -99, 0, 0),
    _c("decide_initiative", "Good", 0, 0, 0),
    # F95 4.23: "Initiative can be rolled once for each battle or once each round".
    _c("initiative_needed", 1), _c("initiative_needed", 2), _c("initiative_needed", 5),
    _c("initiative_needed", 1, options={"melee.initiative": "battle"}),
    _c("initiative_needed", 2, options={"melee.initiative": "battle"}),
    _c("initiative_needed", 3, options={"melee.initiative": "battle"}),
    _c("initiative_needed", 0), _c("initiative_needed", -1), _c("initiative_needed", True),
    _c("initiative_needed", 1.0),
    # F95 4.36 the Speed contest as numbers: the winner adds the difference; a tie gives none;
    # refused where the rules do not use it.
    _c("speed_contest", 2, 0, options=SPEED), _c("speed_contest", 0, 3, options=SPEED),
    _c("speed_contest", 1, 1, options=SPEED), _c("speed_contest", -1, -2, options=SPEED),
    _c("speed_contest", 2, 0), _c("speed_contest", 2, 0, rules="mudge"),
    _c("speed_contest", 2, 0, options={"melee.speed_contest": False}),
    # F95 4.36 a speed Power: unopposed every other round (2, 4, …).
    _c("speed_power_free_round", 1), _c("speed_power_free_round", 2), _c("speed_power_free_round", 3),
    _c("speed_power_free_round", 4), _c("speed_power_free_round", 0), _c("speed_power_free_round", -2),
    _c("speed_power_free_round", False), _c("speed_power_free_round", 2.0),
    # F95 4.23 for two fighters: Initiative trait (Fair without one), Combat Reflexes +1, hasty +1,
    # wounds (F95 4.51, a High Pain Threshold lowers it), extra modifiers; surprise needs no dice.
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(1), b_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(0), b_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, QUICK, a_dice=_dice(1), b_dice=_dice(0)),
    _c("resolve_initiative", QUICK, PLAIN, a_dice=_dice(-1), b_dice=_dice(0)),
    _c("resolve_initiative", REFLEX, PLAIN, a_dice=_dice(0), b_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, REFLEX, a_dice=_dice(0), b_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(0), b_dice=_dice(0), a_declares={"hasty": True}),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(0), b_dice=_dice(0), b_declares={"hasty": True}),
    _c("resolve_initiative", HURT, PLAIN, a_dice=_dice(0), b_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, HURT, a_dice=_dice(0), b_dice=_dice(1)),
    _c("resolve_initiative", BRAVE, PLAIN, a_dice=_dice(0), b_dice=_dice(0)),
    # The GM's wound table (wounds.levels, F95 4.51) sets the Hurt penalty the roll takes.
    _c("resolve_initiative", HURT, PLAIN, a_dice=_dice(0), b_dice=_dice(0), options={"wounds.levels": GM_LEVELS}),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(0), b_dice=_dice(0), a_modifiers=[GOOD_MOD]),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(0), b_dice=_dice(0), b_modifiers=[GOOD_MOD]),
    _c("resolve_initiative", REFLEX, REFLEX, a_dice=_dice(0), b_dice=_dice(1), a_declares={"hasty": True},
       b_modifiers=[GOOD_MOD]),
    _c("resolve_initiative", PLAIN, QUICK, surprise="a"),
    _c("resolve_initiative", PLAIN, QUICK, b_dice=_dice(3), surprise="b"),
    _c("resolve_initiative", PLAIN, PLAIN, b_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(), b_dice=_dice(0)),
    _c("resolve_initiative", PLAIN, PLAIN, a_dice=_dice(0), b_dice=_dice()),
    _c("resolve_initiative", TERRIBLE, PLAIN, a_dice=_dice(-4), b_dice=_dice(0)),
    # F95 4.36 for two fighters: Speed (Fair without one) plus the roll plus wounds.
    _c("resolve_speed_contest", QUICK, PLAIN, a_dice=_dice(0), b_dice=_dice(0), options=SPEED),
    _c("resolve_speed_contest", PLAIN, QUICK, a_dice=_dice(1), b_dice=_dice(-1), options=SPEED),
    _c("resolve_speed_contest", HURT, PLAIN, a_dice=_dice(0), b_dice=_dice(0), options=SPEED),
    _c("resolve_speed_contest", PLAIN, HURT, a_dice=_dice(0), b_dice=_dice(0), options=SPEED),
    _c("resolve_speed_contest", PLAIN, PLAIN, a_dice=_dice(), b_dice=_dice(0), options=SPEED),
    _c("resolve_speed_contest", PLAIN, PLAIN, a_dice=None, b_dice=_dice(0), options=SPEED),
    _c("resolve_speed_contest", PLAIN, PLAIN, a_dice=_dice(0), b_dice=None, options=SPEED),
    _c("resolve_speed_contest", PLAIN, PLAIN, a_dice=_dice(0), b_dice=_dice(), options=SPEED),
    _c("resolve_speed_contest", PLAIN, PLAIN, a_dice=_dice(1), b_dice=_dice(0), rules="mudge"),
    # F95 4.36 within an exchange: both give speed dice (neither: no contest); the winner's bonus
    # joins his declared modifiers.
    _c("speed_contest_declarations", QUICK, PLAIN, _dice(0, 0), _dice(0, 0), {}, {}, options=SPEED),
    _c("speed_contest_declarations", PLAIN, QUICK, _dice(0, 2), _dice(0, -1), {"modifiers": [GOOD_MOD]}, {},
       options=SPEED),
    _c("speed_contest_declarations", PLAIN, PLAIN, _dice(0, 0), _dice(0, 0), {}, {}, options=SPEED),
    _c("speed_contest_declarations", HURT, PLAIN, _dice(0, 0), _dice(0, 0), {}, {}, options=SPEED),
    _c("speed_contest_declarations", PLAIN, PLAIN, _dice(0), _dice(0), {}, {}, options=SPEED),
    _c("speed_contest_declarations", PLAIN, PLAIN, _dice(0), _dice(0), {}, {}, rules="mudge"),
    _c("speed_contest_declarations", PLAIN, PLAIN, _dice(0, 1), _dice(0), {}, {}, options=SPEED),
    _c("speed_contest_declarations", PLAIN, PLAIN, _dice(0), _dice(0, 1), {}, {}, options=SPEED),
    _c("speed_contest_declarations", PLAIN, PLAIN, _dice(0, 1), _dice(0, 0), {}, {}, rules="mudge"),
    _c("speed_contest_declarations", PLAIN, PLAIN, _dice(0), _dice(0, 1), {}, {}, rules="mudge"),
]


def _plain(value: Any) -> Any:
    """An answer in JSON shape: initiatives, modifiers, steps and declarations as dicts."""
    if hasattr(value, "to_dict"):
        return _plain(value.to_dict())
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return json.loads(json.dumps(value))


def _mods(raw: list[dict[str, Any]]) -> tuple[Modifier, ...]:
    return tuple(Modifier(m["source"], m["amount"], m["section"]) for m in raw)


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What initiative gives for a case: ``{"value": ...}`` or ``{"error": class, message, field}``."""
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    fn = case["fn"]
    args = list(case["args"])
    kw = dict(case["kw"])
    for key in ("a_modifiers", "b_modifiers"):
        if key in kw:
            kw[key] = _mods(kw[key])
    try:
        if fn in ("resolve_initiative", "resolve_speed_contest", "speed_contest_declarations"):
            args[:2] = [Fighter.from_dict(f) for f in args[:2]]
            for key in ("a_dice", "b_dice"):
                if kw.get(key) is not None:
                    kw[key] = FighterDice.from_dict(kw[key], rules=rules, speed=True)
            for key in ("a_declares", "b_declares"):
                if key in kw:
                    kw[key] = Declaration.from_dict(kw[key])
            if fn == "speed_contest_declarations":
                args[2:4] = [FighterDice.from_dict(d, rules=rules, speed=True) for d in args[2:4]]
                args[4:6] = [Declaration.from_dict(d) for d in args[4:6]]
                args.append(rules)
            else:
                kw["rules"] = rules
        elif fn in ("initiative_needed", "speed_contest"):
            kw["rules"] = rules
        value = getattr(initiative, fn)(*args, **kw)
    except FudgeError as err:
        return readings.refusal(err)
    return {"value": _plain(value)}


def test_each_case_reads_as_recorded():
    """Every case gives the recorded answer: who attacks first and both results, each modifier's
    source, amount and section, every step's section, text and data, each Speed bonus and the
    declarations it joins; each error's class, message and field. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_initiative_readings.py --write`` and review the diff."""
    readings.assert_as_recorded("initiative_readings", CASES, answer)


def test_the_readings_reach_every_function_and_every_outcome():
    """The cases call every public function of initiative, and its verdicts include each side
    first, a tie, a surprise each way, and a Speed contest won by each side and tied."""
    golden = readings.load("initiative_readings")
    assert {row["fn"] for row in golden} == {
        "decide_initiative", "initiative_needed", "speed_contest", "speed_power_free_round",
        "resolve_initiative", "resolve_speed_contest", "speed_contest_declarations"}
    firsts = {row["answer"]["value"]["first"] for row in golden
              if row["fn"] == "resolve_initiative" and "value" in row["answer"]}
    assert firsts == {"a", "b", None}


if __name__ == "__main__":
    readings.write_when_asked("initiative_readings", readings.recorded(CASES, answer), __file__)
