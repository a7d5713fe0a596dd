"""One melee round explains itself: what ``pyfudge.combat.melee`` gives for a list of cases, to the
step, pinned in tests/golden/readings/melee_readings.json.

Each case names a function of :mod:`pyfudge.combat.melee`, its arguments and the preset (with any
options changed); the golden file records the exact answer: the minimum to hit and its step (F95
4.22, MUD 4.58), each modifier (F95 4.31 shields, wounds, weapon disparity, all-out; F93 4.62;
F95 4.36 plus levels; F95 4.23 hasty attack and animals), the verdict of a simultaneous round
(F95 4.22, 4.31; MUD 4.22 the odd-coloured die) and of one attack (F95 4.23), with every step's
section, text and data, or the error's message and field. To change the readings deliberately,
edit ``CASES`` or the code, rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_melee_readings.py --write
"""

from __future__ import annotations

from typing import Any

import readings
from readings import case as _c

from pyfudge.combat import melee
from pyfudge.core.errors import FudgeError
from pyfudge.rulesets import find_ruleset


def _side(result: int, **kw: Any) -> dict[str, Any]:
    return {"result": result, **kw}


def _round(a: dict[str, Any], b: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return _c("decide_round", a, b, **kw)


CASES: list[dict[str, Any]] = [
    # F95 4.22 guidance: equal Poor, bigger attacker Mediocre, smaller Terrible; the GM's minimum.
    _c("min_to_hit", 0, 0), _c("min_to_hit", 1, 0), _c("min_to_hit", 0, 1),
    _c("min_to_hit", 0, -6, gm_minimum=2), _c("min_to_hit", 0, 0, gm_minimum=-1),
    # MUD 4.58: one level per two full levels of Mass Scale, either way; the GM still overrides.
    _c("min_to_hit", 0, 0, rules="mudge"), _c("min_to_hit", 0, -6, rules="mudge"),
    _c("min_to_hit", -6, 0, rules="mudge"), _c("min_to_hit", 1, 0, rules="mudge"),
    _c("min_to_hit", 3, 0, rules="mudge"), _c("min_to_hit", 0, 3, rules="mudge"),
    _c("min_to_hit", 0, 5, rules="mudge", gm_minimum=0),
    # Off the ladder: the size Scales and the GM's minimum name their field.
    _c("min_to_hit", 99, 0), _c("min_to_hit", 0, -99), _c("min_to_hit", 0, 0, gm_minimum=99),
    _c("min_to_hit", 0, 0, gm_minimum="Fair"),
    # F95 4.31: wounds; the foe's shield in melee and against missiles.
    _c("wound_modifier", 0), _c("wound_modifier", -1), _c("wound_modifier", -2),
    _c("shield_modifier", "none"), _c("shield_modifier", "small"), _c("shield_modifier", "medium"),
    _c("shield_modifier", "large"), _c("shield_modifier", "small", ranged=True),
    _c("shield_modifier", "medium", ranged=True), _c("shield_modifier", "large", ranged=True),
    _c("shield_modifier", "tower"), _c("shield_modifier", "tower", ranged=True),
    # Weapon disparity: F95 smaller −1 (weapon + shield each side), F93 larger +1, MUD none.
    _c("weapon_disparity", 2, "none", 0, "none"), _c("weapon_disparity", 0, "none", 2, "none"),
    _c("weapon_disparity", 1, "none", 0, "none"), _c("weapon_disparity", 0, "none", 1, "none"),
    _c("weapon_disparity", 1, "small", 0, "none"), _c("weapon_disparity", 0, "none", 1, "large"),
    _c("weapon_disparity", 3, "none", 1, "small"), _c("weapon_disparity", 1, "small", 3, "none"),
    _c("weapon_disparity", 3, "none", 0, "none", rules="mudge"),
    _c("weapon_disparity", 2, "none", 0, "none", rules="fudge1993"),
    _c("weapon_disparity", 0, "none", 2, "none", rules="fudge1993"),
    _c("weapon_disparity", 1, "none", 0, "none", rules="fudge1993"),
    _c("weapon_disparity", 0, "none", 1, "none", rules="fudge1993"),
    _c("weapon_disparity", 3, "none", 1, "small", rules="fudge1993"),
    _c("weapon_disparity", 1, "small", 3, "none", rules="fudge1993"),
    _c("weapon_disparity", 2, "medium", 0, "small", rules="fudge1993"),
    _c("weapon_disparity", 0, "small", 2, "medium", rules="fudge1993"),
    _c("weapon_disparity", 2, "large", 1, "none", rules="fudge1993"),
    _c("weapon_disparity", 1, "none", 2, "large", rules="fudge1993"),
    _c("weapon_disparity", 4, "small", 2, "medium", rules="fudge1993"),
    # All-out (F95 4.31), offered or refused (MUD; F95 4.32 stances replace it).
    _c("all_out_offered"), _c("all_out_offered", rules="mudge"),
    _c("all_out_offered", options={"melee.stances": True}),
    _c("all_out_offered", rules="mudge", options={"melee.all_out": True}),
    _c("check_all_out", "offense"), _c("check_all_out", "none", rules="mudge"),
    _c("check_all_out", "offense", rules="mudge"),
    _c("check_all_out", "defense", rules="mudge", field="a.all_out"),
    _c("check_all_out", "defense", options={"melee.stances": True}),
    _c("check_all_out", "none", options={"melee.stances": True}),
    _c("all_out_modifier", "offense"), _c("all_out_modifier", "defense"),
    _c("all_out_modifier", "none"),
    # F95 4.36 plus levels on even rounds only; off in MUD and F93.
    _c("plus_level_modifier", 1), _c("plus_level_modifier", 2), _c("plus_level_modifier", 3),
    _c("plus_level_modifier", 4), _c("plus_level_modifier", 2, rules="mudge"),
    _c("plus_level_modifier", 2, rules="fudge1993"),
    # Scouting after an all-out defence: F95 foe −1, F93 self +1, MUD nothing.
    _c("scouting_modifiers"), _c("scouting_modifiers", rules="fudge1993"),
    _c("scouting_modifiers", rules="mudge"),
    # F95 4.23 hasty attack (alternating pacing only) and F95 4.36 Speed contest.
    _c("hasty_offered"), _c("hasty_offered", options={"melee.pacing": "alternating"}),
    _c("hasty_offered", options={"melee.pacing": "story"}), _c("hasty_modifiers"),
    _c("speed_contest_offered"), _c("speed_contest_offered", rules="mudge"),
    _c("speed_contest_offered", options={"melee.pacing": "story"}),
    _c("speed_contest_offered", options={"melee.pacing": "alternating"}),
    _c("speed_contest_offered", rules="mudge", options={"melee.speed_contest": True}),
    # F95 4.23 animals: carnivore one below, prey one above, clamped to the trait ladder.
    _c("animal_defence", 1, "carnivore"), _c("animal_defence", -3, "carnivore"),
    _c("animal_defence", -2, "carnivore"), _c("animal_defence", 1, "prey"),
    _c("animal_defence", 4, "prey"), _c("animal_defence", 3, "prey"),
    _c("animal_defence", 1, "bird"), _c("animal_defence", 5, "prey"),
    _c("animal_defence", -4, "carnivore"),
    # F95 4.22 simultaneous rounds.
    _round(_side(2), _side(0)), _round(_side(0), _side(2)), _round(_side(1), _side(1)),
    _round(_side(-2), _side(-3)), _round(_side(-3), _side(-2)), _round(_side(-1), _side(-3)),
    _round(_side(0, minimum=1), _side(-1)), _round(_side(1, minimum=1), _side(-1)),
    _round(_side(-2), _side(0, minimum=1)), _round(_side(-1), _side(1, minimum=1)),
    _round(_side(2, can_harm=False), _side(0)), _round(_side(0), _side(2, can_harm=False)),
    _round(_side(0), _side(2), options={"melee.tiebreak": True}),
    # F95 4.31 all-out offence and defence.
    _round(_side(2, all_out="offense"), _side(0)), _round(_side(0), _side(2, all_out="offense")),
    _round(_side(0, all_out="offense"), _side(2)), _round(_side(2), _side(0, all_out="offense")),
    _round(_side(1, all_out="offense"), _side(1)), _round(_side(1), _side(1, all_out="offense")),
    _round(_side(1, all_out="offense"), _side(1, all_out="offense")),
    _round(_side(1, all_out="offense"), _side(1, all_out="defense")),
    _round(_side(1, all_out="defense"), _side(1, all_out="offense")),
    _round(_side(-3, all_out="offense"), _side(-3)),
    _round(_side(-3), _side(-3, all_out="offense", minimum=-4)),
    _round(_side(3, all_out="offense"), _side(1, all_out="offense")),
    _round(_side(1, all_out="offense"), _side(3, all_out="offense")),
    _round(_side(3, all_out="defense"), _side(1)), _round(_side(1), _side(3, all_out="defense")),
    _round(_side(3, all_out="defense", critical=True), _side(1)),
    _round(_side(1), _side(3, all_out="defense", critical=True)),
    _round(_side(3, all_out="defense", critical=True, can_harm=False), _side(1)),
    _round(_side(3, critical=True, can_harm=False), _side(1)),
    _round(_side(3, all_out="offense", can_harm=False), _side(1, all_out="offense")),
    _round(_side(-2, all_out="defense", minimum=-1), _side(-3)),
    # MUD 4.22 the odd-coloured die breaks ties; equal dice stand off; both dice are needed.
    _round(_side(1, tiebreak_die=1), _side(1, tiebreak_die=0), rules="mudge"),
    _round(_side(1, tiebreak_die=-1), _side(1, tiebreak_die=0), rules="mudge"),
    _round(_side(1, tiebreak_die=0), _side(1, tiebreak_die=0), rules="mudge"),
    _round(_side(1, tiebreak_die=-1), _side(1, tiebreak_die=-1), rules="mudge"),
    _round(_side(-2, tiebreak_die=1, minimum=-1), _side(-2, tiebreak_die=-1), rules="mudge"),
    _round(_side(1, tiebreak_die=1, can_harm=False), _side(1, tiebreak_die=0), rules="mudge"),
    _round(_side(1), _side(1, tiebreak_die=0), rules="mudge"),
    _round(_side(1, tiebreak_die=0), _side(1), rules="mudge"),
    _round(_side(1, tiebreak_die=1), _side(1, tiebreak_die=0)),
    _round(_side(1, all_out="offense", tiebreak_die=1), _side(1, tiebreak_die=-1),
           rules="mudge", options={"melee.all_out": True}),
    # F95 4.23 one attack, offence against defence; unopposed against the minimum.
    _c("decide_attack", 2, 0, minimum=-1), _c("decide_attack", 0, 2, minimum=-1),
    _c("decide_attack", 1, 1, minimum=-1), _c("decide_attack", 1, 0, minimum=-1),
    _c("decide_attack", 0, 1, minimum=-1),
    _c("decide_attack", -2, -3, minimum=-1), _c("decide_attack", -1, -3, minimum=-1),
    _c("decide_attack", 2, 0, minimum=-1, can_harm=False),
    _c("decide_attack", 2, 0, minimum=-1, section="F95 4.32"),
    _c("decide_attack", 2, None, minimum=-1), _c("decide_attack", -1, None, minimum=-1),
    _c("decide_attack", -2, None, minimum=-1), _c("decide_attack", -3, None, minimum=-1),
    _c("decide_attack", 0, None, minimum=1, difficulty_section="MUD 4.22"),
    _c("decide_attack", 2, None, minimum=-1, can_harm=False),
    _c("decide_attack", -2, None, minimum=-1, can_harm=False),
    _c("decide_attack", 1, 1, minimum=-1, rules="mudge", tiebreak=[1, 0]),
    _c("decide_attack", 1, 1, minimum=-1, rules="mudge", tiebreak=[0, 1]),
    _c("decide_attack", 1, 1, minimum=-1, rules="mudge", tiebreak=[-1, -1]),
    _c("decide_attack", 1, 1, minimum=-1, rules="mudge", tiebreak=[None, 1]),
    _c("decide_attack", 1, 1, minimum=-1, rules="mudge", tiebreak=[1, None]),
    _c("decide_attack", 1, 1, minimum=-1, tiebreak=[1, 0]),
    _c("decide_attack", -2, -2, minimum=-1, rules="mudge", tiebreak=[1, 0]),
    _c("decide_attack", 1, 1, minimum=-1, rules="mudge", tiebreak=[1, 0], can_harm=False),
]


def _plain(value: Any) -> Any:
    """An answer in JSON shape: modifiers, steps and verdicts as dicts, tuples as lists."""
    if isinstance(value, melee.Verdict):
        return {
            "winner": value.winner, "relative_degree": value.relative_degree, "hit": value.hit,
            "tie_won": value.tie_won, "all_out_bonus": value.all_out_bonus,
            "foe_all_out_bonus": value.foe_all_out_bonus,
            "steps": [s.to_dict() for s in value.steps],
        }
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What melee gives for a case: ``{"value": ...}`` or ``{"error": class, message, field}``."""
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    fn = getattr(melee, case["fn"])
    args = list(case["args"])
    kw = dict(case["kw"])
    if case["fn"] == "decide_round":
        args = [melee.Side(**a) for a in args]
    if "tiebreak" in kw:
        kw["tiebreak"] = tuple(kw["tiebreak"])
    if case["fn"] not in ("wound_modifier", "shield_modifier", "all_out_modifier", "hasty_modifiers",
                          "animal_defence"):
        kw["rules"] = rules
    try:
        value = fn(*args, **kw)
    except FudgeError as err:
        return readings.refusal(err)
    return {"value": _plain(value)}


def test_every_melee_reading_is_as_recorded():
    """Each case answers as the golden file records it: the verdict (winner, relative degree, hit,
    tie won, both damage bonuses) with every step's section, text and data; each modifier's
    source, amount and section; each error's class, message and field. Regenerate deliberately
    with ``PYTHONPATH=. python tests/test_melee_readings.py --write`` and review the diff."""
    readings.assert_as_recorded("melee_readings", CASES, answer)


def test_the_readings_reach_every_function_and_every_verdict_kind():
    """The cases call every public function of melee, and the round verdicts include a stand-off,
    a miss below the minimum, an all-out defender's and a defend-only fighter's no-harm win, a hit
    with each all-out bonus, and a tie won each way (all-out, odd-coloured die)."""
    golden = readings.load("melee_readings")
    called = {row["fn"] for row in golden}
    assert called == {"min_to_hit", "wound_modifier", "shield_modifier", "weapon_disparity",
                      "all_out_offered", "check_all_out", "all_out_modifier", "plus_level_modifier",
                      "scouting_modifiers", "hasty_offered", "hasty_modifiers",
                      "speed_contest_offered", "animal_defence", "decide_round", "decide_attack"}
    verdicts = [row["answer"]["value"] for row in golden
                if row["fn"] == "decide_round" and "value" in row["answer"]]
    last = {v["steps"][-1]["text"].split(":")[0] for v in verdicts}
    assert "Relative degree 0" in last
    assert any(v["hit"] and v["all_out_bonus"] == 1 for v in verdicts)
    assert any(v["hit"] and v["foe_all_out_bonus"] == 2 for v in verdicts)
    assert {v["winner"] for v in verdicts if v["tie_won"]} == {"a", "b"}


if __name__ == "__main__":
    readings.write_when_asked("melee_readings", readings.recorded(CASES, answer), __file__)
