"""A group melee round explains itself: what ``pyfudge.combat.multi`` and ``group_blows`` give for a
list of cases, to the step, pinned in tests/golden/readings/multi_readings.json.

Each case names a reading (the lone fighter's penalty, the GM's group roll, the attacker limit, a
round read from JSON, a round resolved, a round's blows landed), its arguments and the preset
(with any options changed); the golden file records the exact answer: every foe's result, relative
degree, hit and woundability, the lone fighter's result and modifiers, the blows he strikes, every
step's section, text and data, every blow and block landed with the fighters after — or the
error's class, message and field. To change the readings deliberately, edit ``CASES`` or the code,
rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_multi_readings.py --write
"""

from __future__ import annotations

from typing import Any

import pytest
import readings
from readings import case as _c

from pyfudge.combat import group_blows, multi
from pyfudge.combat.fighter import Fighter
from pyfudge.rulesets import find_ruleset


def _foe(name: str, level: Any, roll: Any = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "level": level, **kw}
    if roll is not None:
        out["roll"] = roll
    return out


def _rnd(lone_roll: Any, *foes: dict[str, Any], lone_level: Any = 3, lone: dict[str, Any] | None = None,
         **kw: Any) -> dict[str, Any]:
    return {"lone": {"name": "Tucker", "level": lone_level, "roll": lone_roll, **(lone or {})},
            "foes": list(foes), **kw}


# F95 4.34's pirates: Tucker (Sword Superb) against Molly (Fair), Annie (Good) and Maggie (Mediocre).
PIRATES = (_foe("Molly", 0), _foe("Annie", 1), _foe("Maggie", -1))


def _pirates(lone_roll: int, group_roll: int = 1, **kw: Any) -> dict[str, Any]:
    return _rnd(lone_roll, *PIRATES, npc_roll="group", group_roll={"roll": group_roll}, **kw)


def _resolve(data: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return _c("resolve", data, **kw)


def _fighter(name: str, level: int, **kw: Any) -> dict[str, Any]:
    return {"name": name, "skills": {"Sword": level}, **kw}


CREW = [_fighter("Molly", 0), _fighter("Annie", 1), _fighter("Maggie", -1)]
TUCKER = _fighter("Tucker", 3)
_AXE = {"strength": 3, "weapon": {"name": "Greataxe", "size": 3, "sharp": 1}}
BIG_CREW = [_fighter("Molly", 0, **_AXE), _fighter("Annie", 1, **_AXE), _fighter("Maggie", -1, **_AXE)]


def _land(data: dict[str, Any], lone: dict[str, Any] = TUCKER, foes: list[dict[str, Any]] | None = None,
          **kw: Any) -> dict[str, Any]:
    return _c("land", data, lone, CREW if foes is None else foes, **kw)


CASES: list[dict[str, Any]] = [
    # F95 4.34: −1 per foe beyond the first (MUD and F93 alike, each citing its own section); F93
    # 4.64's epic method −1 per two foes; the GM may waive it. Out of 1..12 foes is refused.
    *(_c("foe_penalty", n) for n in (1, 2, 3, 6, 12)),
    _c("foe_penalty", 3, rules="mudge"), _c("foe_penalty", 3, rules="fudge1993"),
    *(_c("foe_penalty", n, rules="fudge1993", options={"multi.penalty": "per_two_foes"}) for n in (1, 2, 3, 5)),
    _c("foe_penalty", 4, options={"multi.penalty": "none"}),
    _c("foe_penalty", 0), _c("foe_penalty", 13), _c("foe_penalty", "3"),
    # The GM's one roll for all (F95/MUD 4.34: 2dF); F93 4.64: the usual roll, moved one toward zero.
    *(_c("group_roll_total", t) for t in (-2, 0, 2)), _c("group_roll_total", 1, rules="mudge"),
    *(_c("group_roll_total", t, rules="fudge1993") for t in (-4, -1, 0, 1, 4)),
    _c("group_roll_dice"), _c("group_roll_dice", rules="mudge"), _c("group_roll_dice", rules="fudge1993"),
    # F95 4.34: six in the open, three or four with weapons needing room, one or two in a doorway.
    _c("check_attacker_count", 6, "open"), _c("check_attacker_count", 7, "open"),
    _c("check_attacker_count", 4, "cramped"), _c("check_attacker_count", 5, "cramped"),
    _c("check_attacker_count", 2, "doorway"), _c("check_attacker_count", 3, "doorway"),
    _c("check_attacker_count", 1, "hall"),
    _c("check_attacker_count", 3, "doorway",
       options={"multi.attacker_limits": {"open": 8, "cramped": 5, "doorway": 3}}),
    # The attacker limits as an option: whole numbers 1..12, a doorway no wider than open ground.
    _c("with_options", {"multi.attacker_limits": {"open": 3, "cramped": 3, "doorway": 3}}),
    _c("with_options", {"multi.attacker_limits": {"open": 3, "cramped": 4, "doorway": 2}}),
    _c("with_options", {"multi.attacker_limits": {"open": 4, "cramped": 3, "doorway": 4}}),
    _c("with_options", {"multi.attacker_limits": {"open": 13, "cramped": 4, "doorway": 2}}),
    _c("with_options", {"multi.attacker_limits": {"open": 6, "cramped": 4, "doorway": 0}}),

    # --- a round read from JSON and written back ------------------------------------------------
    _c("read", _rnd(1, _foe("A", "Fair", 0, modifiers=[{"source": "hill", "amount": 1}]),
                    _foe("B", -1, faces=[1, -1, 0, 0], needs="Mediocre"), lone={"faces": [1, 0, 0, 0]},
                    targets=["B"], space="cramped")),
    _c("read", _rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"faces": [1, 1]})),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"faces": [1, 1, 0, -1]})),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"faces": [1, 1, 0]})),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"faces": "++"})),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"faces": [1, 1, 0, 0, 0]})),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"roll": 3})),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"roll": 3}), with_rules=True,
       rules="fudge1993"),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"faces": [1, 1, 1, 0]}), with_rules=True),
    _c("read", _rnd(0, _foe("A", 0, d6=[3]), _foe("B", 1, d6=[6, 2]), _foe("C", 1, d6=7), npc_roll="d6")),
    _c("read", _rnd(0, _foe("A", 0, d6=[3]), _foe("B", 1, d6=[6, 2]), npc_roll="d6")),
    _c("read", _rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="fixed", targets=[])),
    _c("read", _rnd(0, _foe("A", 0, ignored=True))),
    _c("read", _rnd(0, _foe("A", 0, 0, ignored="yes"))),
    _c("read", _rnd(0, _foe("A", 0, 0, needs=9))),
    _c("read", _rnd(0, _foe("A", 0, 0, needs=-8), _foe("B", 0, 0, needs=8))),
    _c("read", _rnd(0, _foe("A", 0, 0, d6=[1, 1, 1]))),
    _c("read", _rnd(0, _foe("A", 0, 0, extra=1))),
    _c("read", _rnd(0, _foe("A", 0, 0), extra=1)),
    _c("read", _rnd(None, _foe("A", 0, 0))),
    _c("read", _rnd(0, _foe("A", 0, 0), lone={"ignored": True})),
    _c("read", _rnd(0)),
    _c("read", {"lone": {"name": "Tucker", "level": 3, "roll": 0}, "foes": {"name": "A", "level": 0}}),
    _c("read", _rnd(0, *[_foe(f"F{i}", 0, 0) for i in range(12)])),
    _c("read", _rnd(0, *[_foe(f"F{i}", 0, 0) for i in range(13)])),
    _c("read", _rnd(0, _foe("A", 0, 0), npc_roll="all")),
    _c("read", _rnd(0, _foe("A", 0, 0), group_roll={"roll": 1})),
    _c("read", _rnd(0, _foe("A", 0), npc_roll="group", group_roll={"roll": 1, "dice": 2})),
    _c("read", _rnd(0, _foe("A", 0, 0), targets="A")),
    _c("read", _rnd(0, *[_foe(f"F{i}", 0, 0) for i in range(12)], targets=[f"F{i}" for i in range(12)])),
    _c("read", _rnd(0, *[_foe(f"F{i}", 0, 0) for i in range(12)], targets=[f"F{i}" for i in range(12)] + ["F0"])),
    _c("read", _rnd(0, _foe("A", 0, 0), targets=[""])),
    _c("read", _rnd(0, _foe("A", 0, 0), space="hall")),
    _c("read", _rnd(0, _foe("A", 0, 0), _foe("B", 0, 1), npc_roll="group", group_roll={"roll": 1})),
    _c("read", _rnd(0, _foe("A", 0), _foe("B", 0, 1), npc_roll="fixed")),
    _c("read", _rnd(0, _foe("A", 0, d6=[2]), _foe("B", 0, 1), npc_roll="d6")),
    _c("read", _rnd(0, _foe("A", 0, 0, d6=[2]))),
    _c("read", _rnd(0, _foe("A", 0), _foe("B", 0, d6=[2]), npc_roll="fixed")),
    _c("read", _rnd(0, _foe("A", 0, 0), _foe("A", 1, 0))),
    _c("read", _rnd(0, _foe("A", 0, 0), _foe("Tucker", 1, 0))),
    _c("read", _rnd(0, _foe("A", 0, 0), _foe("B", 1, 0), targets=["C"])),
    _c("read", _rnd(0, _foe("A", 0, 0), _foe("B", 1, 0), targets=["B", "B"])),
    _c("read", _rnd(0, _foe("A", 0, 0)), field="fight"),
    _c("read", _rnd(0, _foe("A", 0, 0), _foe("A", 1, 0)), field="fight"),
    _c("read", _rnd(0, _foe("A", 9, 0))),
    _c("read", _rnd(0, _foe("", 0, 0))),
    # A 2d6 way reads a total with the ruleset's technique (3..9 on 2d6 centred).
    _c("read", _rnd(2, _foe("A", 0, -1)), with_rules=True, options={"dice.technique": "2d6_minus_7"}),

    # A contender read on his own names his fields under "contender".
    _c("contender", {"name": "", "level": 0}), _c("contender", {"name": "A", "level": "Fairish"}),
    _c("contender", {"name": "A", "level": 0, "needs": "Fairish"}),
    _c("contender", {"name": "A", "level": 0, "modifiers": [{"source": "hill"}]}),
    _c("contender", {"name": "A", "level": "Good", "needs": "Mediocre", "faces": [1, 0, 0, 0]}),
    _c("read", _rnd(0, _foe("A", "Fairish", 0))), _c("read", _rnd(0, _foe("A", 0, 0, needs="Fairish"))),
    _c("read", _rnd(0, _foe("A", 0, 0, modifiers=[{"source": "hill"}]))),

    # --- resolved rounds ------------------------------------------------------------------------
    # F95 4.34's pirates, the GM's +1 for all: Molly Good, Annie Great, Maggie Fair. Tucker Superb
    # −2 for two extra foes = Good before his roll.
    *(_resolve(_pirates(r)) for r in (-2, -1, 0, 1, 2, 3)),
    _resolve(_pirates(1, targets=["Maggie"])),
    _resolve(_pirates(1, targets=["Annie"])),
    _resolve(_pirates(3, targets=["Annie", "Maggie"])),
    _resolve(_pirates(3, targets=["Annie", "Maggie"]), options={"multi.sweeping_blow": True}),
    _resolve(_pirates(3, targets=["Maggie", "Molly", "Annie"]),
             options={"multi.sweeping_blow": True, "multi.sweep_penalty": 2}),
    _resolve(_pirates(1, targets=["Maggie", "Molly"]), options={"multi.sweeping_blow": True}),
    _resolve(_pirates(1, targets=["Molly", "Maggie"]), options={"multi.sweeping_blow": True}),
    _resolve(_pirates(0, targets=["Maggie"])),
    _resolve(_pirates(-1, targets=["Maggie"])),
    _resolve(_pirates(1), rules="mudge"),
    # F93 4.64: he must beat them all; his tie wounds no one (the two-below rule is an option).
    _resolve(_pirates(1), rules="fudge1993"),
    _resolve(_pirates(1, targets=["Maggie"]), rules="fudge1993"),
    _resolve(_pirates(1), rules="fudge1993", options={"multi.tie_rule": "two_below"}),
    _resolve(_pirates(2, group_roll=2), rules="fudge1993"),
    _resolve(_pirates(1, group_roll=-1), rules="fudge1993"),
    _resolve(_pirates(1), rules="fudge1993", options={"multi.penalty": "per_two_foes"}),
    _resolve(_pirates(1), options={"multi.penalty": "none"}),
    # Each foe rolls; relative degrees for damage; a foe who wins below the minimum to hit.
    _resolve(_rnd(-1, _foe("A", 2, 1), _foe("B", 0, 0), _foe("C", 1, -1, needs=4))),
    _resolve(_rnd(0, _foe("A", 1, 0), _foe("B", -3, 0))),
    _resolve(_rnd(0, _foe("A", 1, 0), _foe("B", -3, 0)), options={"multi.tie_rule": "beat_all"}),
    _resolve(_rnd(0, _foe("A", 1, 0), _foe("B", -1, 0))),
    _resolve(_rnd(0, _foe("A", 1, 0), _foe("B", -1, 0), targets=["B"])),
    _resolve(_rnd(0, _foe("A", 2, 0), _foe("B", -1, 0), targets=["B"])),
    _resolve(_rnd(0, _foe("A", 0, 0, modifiers=[{"source": "hill", "amount": 1}]), _foe("B", 0, 0,
                  modifiers=[{"source": "wounded", "amount": -1}, {"source": "dark", "amount": -1}]))),
    _resolve(_rnd(0, _foe("A", -2, 0), lone_level=-2, lone={"needs": 0})),
    _resolve(_rnd(0, _foe("A", -2, 0), lone_level=-1, lone={"needs": 0})),
    _resolve(_rnd(0, _foe("A", -2, 0), lone_level=-1, lone={"needs": 0}, targets=["A"])),
    _resolve(_rnd(-2, _foe("A", -3, -1), _foe("B", -3, -1), lone_level=0, lone={"needs": -1},
                  targets=["A"])),
    _resolve(_rnd(0, _foe("A", 0, 0), lone={"modifiers": [{"source": "wounds", "amount": -1}]})),
    # F95 4.22: a result exactly at the minimum to hit hits (a foe's Poor on a Terrible lone
    # fighter), and a lone fighter exactly at his own minimum may wound.
    _resolve(_rnd(0, _foe("A", -2, 0), lone_level=-3)),
    _resolve(_rnd(-1, _foe("A", 0, 1, needs=2), _foe("B", -1, 0, needs=-1), lone_level=1)),
    _resolve(_rnd(0, _foe("A", -2, 0), lone_level=0, lone={"needs": 0})),
    _resolve(_rnd(0, _foe("A", 0, 0), _foe("B", -1, 0), lone_level=1, lone={"needs": 0}, targets=["B"])),
    _resolve(_rnd(0, _foe("A", 0, 0, ignored=True), lone_level=-3)),
    _resolve(_rnd(0, _foe("A", 2, 0), _foe("B", -3, 0), targets=["B"]), rules="fudge1993"),
    _resolve(_rnd(0, _foe("A", 0, faces=[1, -1, 0, 0]), _foe("B", -1, faces=[1, 1, 0, 0]))),
    _resolve(_rnd(0, _foe("A", 0, 0), _foe("B", 0, 0), lone={"faces": [1, 0, -1, 0]})),
    # F93 4.64: ignored foes attack unopposed against Mediocre (F95/MUD: Poor); they count toward
    # the penalty unless the GM waives it; one ignored alone leaves him no foe he defends against.
    _resolve(_rnd(0, _foe("A", 0, 0, ignored=True), _foe("B", -1, 0))),
    _resolve(_rnd(0, _foe("A", -2, -1, ignored=True), _foe("B", -1, 0))),
    _resolve(_rnd(0, _foe("A", -2, -1, ignored=True), _foe("B", -1, 0)), rules="fudge1993"),
    _resolve(_rnd(0, _foe("A", -2, 0, ignored=True), _foe("B", -1, 0)), rules="fudge1993"),
    _resolve(_rnd(0, _foe("A", 0, 0, ignored=True), _foe("B", -1, 0)), options={"multi.ignored_count": False}),
    _resolve(_rnd(0, _foe("A", 0, 0, ignored=True), _foe("B", 0, 0, ignored=True)),
             options={"multi.ignored_count": False}),
    _resolve(_rnd(0, _foe("A", 0, 0, ignored=True), targets=["A"])),
    _resolve(_rnd(0, _foe("A", 0, 0, ignored=True), _foe("B", -3, 0), targets=["A"])),
    _resolve(_rnd(0, _foe("A", 0, 0, ignored=True), _foe("B", -3, 0), _foe("C", -3, 0), targets=["A"])),
    _resolve(_rnd(0, _foe("A", 2, 0, ignored=True)), options={"multi.ignored_difficulty": 3}),
    _resolve(_rnd(0, _foe("A", 3, 0, ignored=True)), options={"multi.ignored_difficulty": 3}),
    # F95 4.33: every foe at its trait level; F95 4.34 / F93 4.5: the 1d6 method.
    _resolve(_rnd(0, _foe("A", 1), _foe("B", -1), npc_roll="fixed")),
    _resolve(_rnd(0, _foe("A", 1, d6=[6, 5]), _foe("B", -1, d6=[1, 1]), _foe("C", 0, d6=[3],
                  modifiers=[{"source": "hill", "amount": 1}]), npc_roll="d6")),
    _resolve(_rnd(0, _foe("A", 1, d6=[6, 2]), _foe("B", 0, d6=[4]), npc_roll="d6",
                  group_roll=None), rules="fudge1993"),
    _resolve(_rnd(0, _foe("A", 1, d6=[6]), npc_roll="d6")),
    # The GM's one roll: faces; 4dF under F93 (moved toward zero), refused as 2dF there.
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"faces": [1, 0]})),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"faces": [1, 1, 1, 0]}),
             rules="fudge1993"),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"faces": [1, 1]}),
             rules="fudge1993", raw_read=True),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"roll": 3}), raw_read=True),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"roll": -3}), raw_read=True),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"roll": 2}), raw_read=True),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"roll": -2}), raw_read=True),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"roll": 4}), rules="fudge1993"),
    _resolve(_rnd(0, _foe("A", 0), _foe("B", 1), npc_roll="group", group_roll={"roll": -4}), rules="fudge1993"),
    # The attacker limits (F95 4.34), and several targets without sweeping blows.
    _resolve(_rnd(0, *[_foe(f"F{i}", -3, 0) for i in range(7)])),
    _resolve(_rnd(0, *[_foe(f"F{i}", -3, 0) for i in range(3)], space="doorway")),
    _resolve(_rnd(0, *[_foe(f"F{i}", -3, 0) for i in range(2)], space="doorway", targets=["F1"])),
    _resolve(_rnd(0, *[_foe(f"F{i}", -3, 0) for i in range(4)], space="cramped")),
    _resolve(_rnd(0, *[_foe(f"F{i}", -3, 0) for i in range(5)], space="cramped")),
    _resolve(_rnd(3, _foe("A", -3, 0), _foe("B", -3, 0), targets=["A", "B"])),
    # Rounds made in code (not read): the checks resolve makes itself.
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": None},
                        "foes": [{"name": "A", "level": 0, "roll": 0}]}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0},
                        "foes": [{"name": "A", "level": 0}]}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0},
                        "foes": [{"name": "A", "level": 0}], "npc_roll": "group"}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0},
                        "foes": [{"name": "A", "level": 0}, {"name": "B", "level": 1, "d6": [3]}],
                        "npc_roll": "d6"}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0},
                        "foes": [{"name": "A", "level": 9, "d6": [3]}], "npc_roll": "d6"}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0},
                        "foes": [{"name": "A", "level": 0, "roll": 0}, {"name": "A", "level": 0, "roll": 0}]}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0},
                        "foes": [{"name": "A", "level": 0, "roll": 0}], "space": "hall"}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0}, "foes": [{"name": "A", "level": 0}],
                        "npc_roll": "group", "group_roll": 3}),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0}, "foes": [{"name": "A", "level": 0}],
                        "npc_roll": "group", "group_roll": -5}, rules="fudge1993"),
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0}, "foes": [{"name": "A", "level": 0}],
                        "npc_roll": "group", "group_roll": -4}, rules="fudge1993"),
    # A foe's d6 counts only in the 1d6 method: with his own roll, its faces are not the round's.
    _c("resolve_made", {"lone": {"name": "Tucker", "level": 3, "roll": 0},
                        "foes": [{"name": "A", "level": 0, "roll": 0, "d6": [3]}]}),

    # --- a round's blows through the pipeline ---------------------------------------------------
    # Tucker −1: Fair; Molly (Good) and Annie (Great) hit him, each its own wound (F95 4.34).
    _land(_pirates(-1)),
    _land(_pirates(2, targets=["Annie"])),
    _land(_pirates(3, targets=["Annie", "Maggie", "Molly"]), options={"multi.sweeping_blow": True,
                                                                      "multi.sweep_penalty": 2},
          lone=_fighter("Tucker", 3, strength=2, weapon={"name": "Broadsword", "size": 2, "sharp": 1})),
    _land(_pirates(-1), lone=_fighter("Someone", 3)),
    _land(_pirates(-1), foes=CREW[:2]),
    # CO 4.3: the lone fighter checks after each wound, in the order the blows land.
    _land(_pirates(-1), options={"co.damage_check": True}),
    _land(_pirates(-1), options={"co.damage_check": True}, check_dice={"Tucker": [[1, 1, 1, 1], [0, 0, 0, 0]]}),
    _land(_pirates(-1), options={"co.damage_check": True}, check_dice={"Tucker": [[-1, -1, -1, -1]]}),
    _land(_pirates(-1), options={"co.damage_check": True}, check_dice={"Tucker": [0, 0, 0, 0]}),
    _land(_pirates(-1), options={"co.damage_check": True}, check_dice={"Tucker": [[1, 1, 1, 1]]}),
    _land(_pirates(2, targets=["Annie"]), options={"co.damage_check": True},
          check_dice={"Annie": [-1, -1, -1, 0]}),
    # F95 4.52: Willpower against each wound, one result per wound.
    _land(_pirates(-1), options={"wounds.willpower": "temporary"}, willpower={"Tucker": [3, -2]}),
    _land(_pirates(-1), options={"wounds.willpower": "temporary"}, willpower={"Tucker": 1}),
    _land(_pirates(-1), options={"wounds.willpower": "temporary"}, willpower={"Tucker": [3]}),
    _land(_pirates(-1), options={"wounds.willpower": "temporary"}, willpower={"Tucker": [3, 21]}),
    _land(_pirates(-1), options={"wounds.willpower": "temporary"}, willpower={"Tucker": "Good"}),
    _land(_pirates(-1), willpower={"Tucker": 1}),
    # CO 2.2: one shield roll against each foe who beats him; a struck foe checks against his result.
    _land(_pirates(-1), options={"co.shield": True}, lone=_fighter("Tucker", 3, shield="medium",
                                                                   skills={"Sword": 3, "Shield": 2})),
    _land(_pirates(-1), options={"co.shield": True}, lone=_fighter("Tucker", 3, shield="medium",
                                                                   skills={"Sword": 3, "Shield": 2}),
          shield_dice={"Tucker": [-1, 0, 0, 0]}),
    _land(_pirates(-1), options={"co.shield": True}, lone=_fighter("Tucker", 3, shield="medium",
                                                                   skills={"Sword": 3, "Shield": 2}),
          shield_dice={"Tucker": {"faces": "++"}}),
    _land(_pirates(2, targets=["Annie"]), options={"co.shield": True},
          foes=[CREW[0], _fighter("Annie", 1, skills={"Sword": 1, "Shield": 3}, shield="small"), CREW[2]],
          npc_fixed=True),
    _land(_pirates(2, targets=["Annie"]), options={"co.shield": True},
          foes=[CREW[0], _fighter("Annie", 1, skills={"Sword": 1, "Shield": 3}, shield="small"), CREW[2]],
          shield_dice={"Annie": [-1, -1, 0, 0]}),
    # F93 4.64: an ignored foe's blow meets no shield.
    _land(_pirates(-1, lone={"name": "Tucker"}) | {"foes": [_foe("Molly", 0, ignored=True), *PIRATES[1:]]},
          options={"co.shield": True}, lone=_fighter("Tucker", 3, shield="medium", skills={"Sword": 3, "Shield": 2}),
          shield_dice={"Tucker": [1, 1, 1, 1]}),
    # CO 2.1: a struck foe with a shield but no Shield skill is refused, naming his skills; a foe
    # fixed at her trait level (F95 4.33) rolls no shield, so a shield roll given for her is not read.
    _land(_pirates(2, targets=["Annie"]), options={"co.shield": True},
          foes=[CREW[0], _fighter("Annie", 1, shield="small"), CREW[2]], shield_dice={"Annie": [0, 0, 0, 0]}),
    _land(_pirates(2, targets=["Annie"]), options={"co.shield": True},
          foes=[CREW[0], _fighter("Annie", 1, skills={"Sword": 1, "Shield": 3}, shield="small"), CREW[2]],
          npc_fixed=True, shield_dice={"Annie": "bad"}),
    # F95 4.64: no Near Death unless he began the round Incapacitated, however many blows land.
    _land(_pirates(-4, group_roll=2), foes=BIG_CREW, options={"wounds.near_death_from_incapacitated": True}),
    _land(_pirates(-4, group_roll=2), foes=BIG_CREW),
    # Damage dice by the foe's name, when the damage die in force reads them.
    _land(_pirates(-1), options={"damage.die": "number_1df"}, damage_dice={"Molly": [1], "Annie": [-1]}),
    _land(_pirates(-1), options={"damage.die": "number_1df"}, damage_dice={"Molly": [1]}),
    # A lone fighter already hurt: F95 4.64's guard counts from the round's start.
    _land(_pirates(-2, group_roll=2),
          lone=_fighter("Tucker", 3, track={"kind": "boxes", "marks": [[1, 1, 1], [1], [0], [0], [0]]})),
]


def _rules(case: dict[str, Any]) -> Any:
    return find_ruleset(case["rules"]).with_options(case.get("options", {}))


def _made(data: dict[str, Any]) -> multi.GroupRound:
    """A round built in code, unread, so that resolve's own checks are reached."""
    def contender(c: dict[str, Any]) -> multi.Contender:
        return multi.Contender(c["name"], c["level"], c.get("roll"), d6=tuple(c.get("d6", ())))
    return multi.GroupRound(contender(data["lone"]), tuple(contender(f) for f in data["foes"]),
                            npc_roll=multi.NpcRoll(data.get("npc_roll", "each")), group_roll=data.get("group_roll"),
                            space=data.get("space", multi.Space.OPEN))


def _call(case: dict[str, Any]) -> Any:
    fn, args, kw = case["fn"], list(case["args"]), dict(case["kw"])
    if fn == "with_options":
        return find_ruleset(case["rules"]).with_options(args[0])["multi.attacker_limits"]
    rules = _rules(case)
    if fn == "contender":
        return multi.Contender.from_dict(args[0])
    if fn == "read":
        return multi.GroupRound.from_dict(args[0], rules=rules if kw.pop("with_rules", False) else None, **kw)
    if fn == "resolve":
        rnd = multi.GroupRound.from_dict(args[0], rules=None if kw.get("raw_read") else rules)
        return multi.resolve_melee_group(rnd, rules=rules)
    if fn == "resolve_made":
        return multi.resolve_melee_group(_made(args[0]), rules=rules)
    if fn == "land":
        out = multi.resolve_melee_group(multi.GroupRound.from_dict(args[0], rules=rules), rules=rules)
        lone = Fighter.from_dict(args[1])
        foes = [Fighter.from_dict(f) for f in args[2]]
        return {"outcome": out.to_dict(),
                "landed": group_blows.land_group_blows(out, lone=lone, foes=foes, rules=rules, **kw).to_dict()}
    return getattr(multi, fn)(*args, rules=rules, **kw)


def _compute(case: dict[str, Any]) -> Any:
    """The call's value, in JSON shape."""
    return readings.plain(_call(case))


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What the code gives for a case: its value or its refusal."""
    return readings.answer(_compute, case)


GOLDEN = readings.load("multi_readings")


def test_the_recorded_cases_are_the_cases():
    """The golden file holds exactly ``CASES``, in order (a case added or changed is rewritten
    on purpose, with ``--write``)."""
    assert readings.cases_in(GOLDEN) == CASES


@pytest.mark.parametrize("row", GOLDEN, ids=readings.row_ids(GOLDEN))
def test_each_group_round_reading_is_as_recorded(row):
    """Each case answers as the golden file records it: the penalty, group roll and attacker limit;
    each round as read and written back; each resolved round (the lone fighter's result and
    modifiers, every foe's fate, the wound choices, the blows struck, every step's section, text
    and data); each round's blows landed (blows, blocks, fighters after, steps); each error's
    class, message and field. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_multi_readings.py --write`` and review the diff."""
    assert answer(row) == row["answer"]


if __name__ == "__main__":
    readings.write_when_asked("multi_readings", readings.recorded(CASES, answer), __file__)
