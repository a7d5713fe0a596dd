"""What a fighter brings to an exchange, read and checked: what ``pyfudge.combat.declaration`` and
``pyfudge.combat.sides`` give for a list of cases, pinned in
tests/golden/readings/declaration_readings.json.

Each case names a reading (a declaration or a fighter's dice read from JSON, a declaration checked
against the rules, the modifiers of a fighter's one roll, the aimed blow's minimum and the called
shot, the dice helpers, whether he can act) with its arguments and the preset (with any options
changed); the golden file records the exact answer — the declaration or dice written back, each
modifier's source, amount and section — or the error's class, message and field. To change the
readings deliberately, edit ``CASES`` or the code, rewrite the file and read its diff before
committing:

    PYTHONPATH=. python tests/test_declaration_readings.py --write
"""

from __future__ import annotations

from typing import Any

import pytest
import readings
from readings import case as _c

from pyfudge.combat import declaration, sides
from pyfudge.combat.declaration import Declaration, FighterDice
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.memo import remembering_blows
from pyfudge.combat.stances import Stance
from pyfudge.core import dice
from pyfudge.core.explain import Step
from pyfudge.rules.actions import Modifier
from pyfudge.rulesets import find_ruleset


def _decl(data: Any, **kw: Any) -> dict[str, Any]:
    return _c("declaration", data, **kw)


def _dice(data: Any, **kw: Any) -> dict[str, Any]:
    return _c("dice", data, **kw)


HERO = {"name": "Hero", "skills": {"Sword": 2, "Shield": 1, "Dodge": 0}, "fudge_points": 2,
        "plus_skills": ["Sword"]}
NPC = {"name": "Gob", "role": "npc", "skills": {"Knife": 0}}
MAJOR = {"name": "Chief", "role": "major_npc", "skills": {"Axe": 1}}


def _check(decl: dict[str, Any], fighter: dict[str, Any] = HERO, alternating: bool = False,
           **kw: Any) -> dict[str, Any]:
    return _c("check", fighter, decl, alternating=alternating, **kw)


def _mods(decl: dict[str, Any], fighter: dict[str, Any] = HERO, **kw: Any) -> dict[str, Any]:
    return _c("round_modifiers", fighter, decl, **kw)


MUD_ALL_OUT = {"melee.all_out": True, "melee.stances": False}
# F95 4.63 Min-Mid-Max with F95 4.56's graze die: a graze reads a Fudge die of its own.
MMM_1DF = {"damage.system": "minmidmax", "damage.die": "number_1df"}

ORC = {"name": "Orc", "role": "npc", "skills": {"Axe": 1}}


def _side(me: dict[str, Any], foe: dict[str, Any], decl: dict[str, Any], dice_: dict[str, Any], *,
          round_number: int = 1, disparity: int | None = None, active: bool = True, alternating: bool = False,
          role: str = "both", where: str = "a_dice", **kw: Any) -> dict[str, Any]:
    return _c("side", me, foe, decl, dice_, round_number=round_number, disparity=disparity, active=active,
              alternating=alternating, role=role, where=where, **kw)


CASES: list[dict[str, Any]] = [
    # --- a declaration read from JSON: every field at its bounds, its refusals naming the field ---
    _decl(None), _decl({}), _decl([]), _decl({"bogus": 1}), _decl({"bogus": 1}, field="a.declares"),
    *(_decl({"all_out": v}) for v in ("none", "offense", "defense", "attack", None)),
    *(_decl({"stance": v}) for v in ("berserk", "cautious", "wild")),
    *(_decl({"position": v}) for v in (-2, 0, -3, 1, "-1")),
    *(_decl({"blessing": v}) for v in (-3, 3, -4, 4)),
    *(_decl({"points": v}) for v in (0, 3, -1, 4)),
    *(_decl({"stunned": v}) for v in (0, 1, 3, -1, 4, True)),
    *(_decl({"max_level": v}) for v in (1, 2, 0, 9, "Hurt")),
    _decl({"aim": "head", "aim_minimum": "Good"}), _decl({"aim": "head", "aim_minimum": 21}),
    _decl({"aim_minimum": 1}), _decl({"aim_relative": 2}), _decl({"aim": ""}),
    *(_decl({"aim": "arm", "aim_relative": v}) for v in (1, 10, 0, 11)),
    *(_decl({"min_to_hit": v}) for v in (-20, 20, 21, "Poor", 1.5)),
    *(_decl({k: v}) for k in ("willpower", "capacity_roll", "location_check") for v in (-20, 20, -21)),
    _decl({"modifiers": [{"source": "hill", "amount": 1}], "defence_modifiers": [{"source": "off balance",
           "amount": -2}], "damage_modifiers": [{"source": "sweep", "amount": -1, "section": "F95 4.34"}]}),
    _decl({"modifiers": [{"source": "hill"}]}), _decl({"defence_modifiers": 3}), _decl({"damage_modifiers": [1]}),
    *(_decl({k: v}) for k in ("defend_only", "unaware", "stun", "no_defence", "hasty")
      for v in (True, 1)),
    _decl({"scouting": True}), _decl({"scouting": True, "all_out": "defense"}),
    _decl({"scouting": True, "all_out": "offense"}), _decl({"scouting": "yes", "all_out": "defense"}),
    _decl({"skill": "Sword", "defence_skill": "Shield"}), _decl({"skill": ""}), _decl({"defence_skill": 3}),
    _c("made", {"position": -3}), _c("made", {"all_out": "offense", "blessing": 2}),
    # However it was given, a declaration's all-out choice is an AllOut.
    _c("all_out_type", {"all_out": "offense"}), _c("all_out_type", {}),
    # A stance already made (by the encounter) is kept as it is.
    _c("stance_object", 1), _c("stance_object", -2),

    # --- a fighter's dice read from JSON, in the ruleset's technique ---------------------------
    _dice(None), _dice([1, 0, 0, 0]), _dice({"bogus": 1}), _dice({"roll": {"faces": [1, 1, 0, -1]}}),
    _dice({"roll": {"total": 4}}), _dice({"roll": {"total": 5}}), _dice({"roll": [1, 0, 0, 0]}),
    _dice({"roll": {"faces": [1, 0, 0, 0], "bogus": 1}}), _dice({"roll": {"total": 1, "entered": False}}),
    _dice({"roll": dice.fudge([1, 1, 0, 0]).to_dict()}),
    _dice({"roll": {"total": 1}}, field="a.dice"),
    _dice({"roll": {"dice": "4dF", "faces": [1, 1], "total": 2}}), _dice({"roll": {"dice": "9dF", "total": 2}}),
    _dice({"graze": 5}),
    _dice({"roll": {"faces": [3, 5]}}, options={"dice.technique": "2d6_minus_7"}),
    _dice({"shield": [0, 1, 0, -1]}), _dice({"shield": {"total": -1}}), _dice({"shield": "0"}),
    *(_dice({"damage": v}) for v in ([1], [1, 2, 3, 4], [], [1, 2, 3, 4, 5], "++", 5, {"1": 1}, [True], [7], [-2],
                                     [-1, 6], [1.0])),
    _dice({"check": [1, 1, 1, 1]}), _dice({"check": [1, 1, 1]}), _dice({"check": [2, 0, 0, 0]}),
    *(_dice({"graze": v}) for v in ([1], [1, 0, 0, 0], [], [1, 1, 1, 1, 1], "+", [2])),
    _dice({"speed": {"total": 1}}), _dice({"speed": {"total": 1}}, speed=True),
    _dice({"speed": {"faces": [1, 1, 1, 1, 1]}}, speed=True),

    # --- a declaration checked against the rules and the fighter -------------------------------
    _check({}), _check({"all_out": "offense"}), _check({"all_out": "offense"}, rules="mudge"),
    _check({"all_out": "defense"}, options={"melee.stances": True}),
    _check({"stance": "berserk"}, options={"melee.stances": True}),
    _check({"stance": "berserk"}, options={"melee.stances": True}, alternating=True),
    _check({"stance": "defensive"}, options={"melee.stances": True}, alternating=True),
    _check({"stance": "berserk"}),
    # F95 4.62: a Stunned fighter cannot attack or all-out defend; Very Stunned likewise (Fudge),
    # MUD 4.62: Stunned cannot leave the Normal stance.
    _check({"stunned": 1, "all_out": "offense"}), _check({"stunned": 1, "all_out": "defense"}),
    _check({"stunned": 2, "all_out": "defense"}), _check({"stunned": 1}),
    _check({"stunned": 1, "all_out": "defense"}, rules="mudge", options={"melee.all_out": True}),
    _check({"stunned": 1, "stance": "cautious"}, rules="mudge", options={"melee.stances": True}),
    _check({"stunned": 1, "stance": "cautious"}, options={"melee.stances": True}),
    # MUD 4.62: Stunned cannot attack (so no all-out offence) but nothing forbids all-out defence.
    _check({"stunned": 1, "all_out": "offense"}, rules="mudge", options=MUD_ALL_OUT),
    _check({"stunned": 1, "all_out": "defense"}, rules="mudge", options=MUD_ALL_OUT),
    _check({"stunned": 2, "all_out": "defense"}, rules="mudge", options=MUD_ALL_OUT),
    # F95 4.22: a fighter who only defends takes no offensive stance.
    _check({"stance": "aggressive", "defend_only": True}, options={"melee.stances": True}),
    _check({"stance": "defensive", "defend_only": True}, options={"melee.stances": True}),
    # F95/MUD 4.64: no more points than he has.
    _check({"points": 2}), _check({"points": 3}), _check({"points": 1}, fighter=NPC),
    _check({"skill": "Sword", "defence_skill": "Dodge"}), _check({"skill": "Bow"}), _check({"defence_skill": "Bow"}),
    # Aimed blows and called shots (F95 4.31, 4.35; MUD 4.35; F93 4.62).
    _check({"aim": "arm", "aim_relative": 2}), _check({"aim": "arm", "aim_relative": 2}, rules="fudge1993"),
    _check({"aim": "arm", "aim_relative": 2, "aim_minimum": 2}),
    _check({"aim": "arm", "aim_relative": 2, "aim_minimum": 2}, rules="mudge"),
    _check({"aim": "arm", "aim_minimum": 2}, rules="fudge1993"),
    _check({"aim": "head"}, rules="mudge"), _check({"aim": "tail"}, rules="mudge"),
    _check({"aim": "tail"}),
    _check({"capacity_roll": 1}), _check({"capacity_roll": 1}, options={"damage.capacity": "roll"}),
    _check({"location_check": 1}), _check({"location_check": 1}, rules="mudge"),
    _check({"location_check": 1}, rules="mudge", options={"location.table_wound": True}),
    _check({"willpower": 1}), _check({"willpower": 1}, options={"wounds.willpower": "temporary"}),
    # F95 4.23: hasty attacks and 'no defence' belong to alternating turns.
    _check({"hasty": True}), _check({"hasty": True}, alternating=True),
    _check({"no_defence": True}), _check({"no_defence": True}, alternating=True),
    _check({"hasty": True}, where="b"),

    # --- the modifiers of a fighter's one roll that need no particular foe (F95 4.31, 4.34) ----
    _mods({}), _mods({"position": -2, "blessing": 1}), _mods({"blessing": -2}),
    _mods({"all_out": "offense"}), _mods({"all_out": "defense"}),
    _mods({"all_out": "offense", "modifiers": [{"source": "hill", "amount": 1}]}),
    _mods({"all_out": "defense", "modifiers": [{"source": "hill", "amount": 1}]}),
    _mods({"stance": "aggressive"}, options={"melee.stances": True}),
    _mods({"aim": "arm", "aim_minimum": 1}), _mods({"aim": "arm", "aim_minimum": 1}, rules="mudge"),
    _mods({"aim": "arm", "aim_relative": 2}), _mods({"aim": "arm"}, rules="fudge1993"),
    _mods({"skill": "Sword"}, options={"melee.plus_levels": True}),
    _mods({"skill": "Sword"}, options={"melee.plus_levels": True}, round_number=2),
    _mods({"skill": "Dodge"}, options={"melee.plus_levels": True}),
    _mods({"skill": "Dodge"}, options={"melee.plus_levels": True}, round_number=2),
    _mods({}, round_number=0), _mods({}, round_number=1_000_001), _mods({}, round_number=1_000_000),
    _mods({"stunned": 1}), _mods({"stunned": 2}), _mods({"stunned": 1}, rules="mudge"),
    _mods({"modifiers": [{"source": "hill", "amount": 1}], "defence_modifiers": [{"source": "mud", "amount": -1}]}),
    _mods({}, fighter={**HERO, "track": {"kind": "boxes", "marks": [[1, 1, 1], [1], [0], [0], [0]]}}),
    _mods({"hasty": True}),

    # --- the aimed blow's minimum and the called shot under each system -------------------------
    *(_c(fn, d, rules=r) for fn in ("aimed_minimum", "called_shot")
      for r in ("fudge1995", "mudge", "fudge1993")
      for d in ({}, {"aim": "arm"}, {"aim": "arm", "aim_minimum": 2}, {"aim": "arm", "aim_relative": 3},
                {"aim": "arm", "aim_minimum": 2, "aim_relative": 3})),

    # --- the dice helpers: MUD 4.61's odd-coloured die, the damage faces, the roll's total -------
    *(_c("odd_die", d) for d in ({}, {"damage": [1]}, {"damage": [1, 0]}, {"roll": {"faces": [1, 0, 0, -1]}},
                                 {"roll": {"total": 2}}, {"roll": {"faces": [1, 0, 0, -1]}, "damage": [0]})),
    _c("odd_die", {"roll": {"faces": [3, 5]}}, options={"dice.technique": "2d6_minus_7"}),
    *(_c("damage_faces", d, rel, rules=r, options=o) for d, rel, r, o in (
        ({"damage": [1, 0, 0, 0]}, 2, "fudge1995", None),
        ({"damage": [1]}, 2, "fudge1995", {"damage.die": "number_1df"}),
        ({"roll": {"faces": [1, 0, 0, -1]}}, 2, "fudge1995", {"damage.die": "number_1df"}),
        # MUD 4.61's odd die only where the blow reads one die: not on an F95 graze without
        # a graze die (F95 4.56), but on a Min-Mid-Max graze (F95 4.63: grazes unchanged).
        ({"roll": {"faces": [1, 0, 0, -1]}}, 1, "fudge1995", {"damage.die": "odd_die", "damage.graze_die": "none"}),
        ({"roll": {"faces": [1, 0, 0, -1]}}, 2, "fudge1995", {"damage.die": "odd_die", "damage.graze_die": "none"}),
        ({"roll": {"faces": [1, 0, 0, -1]}, "damage": [3, 4, 5]}, 1, "fudge1995",
         {"damage.die": "odd_die", "damage.system": "minmidmax"}),
        ({"roll": {"faces": [1, 0, 0, -1]}}, 2, "mudge", None),
        ({"roll": {"faces": [1, 0, 0, -1]}, "damage": [1]}, 2, "mudge", None),
        ({"roll": {"total": 1}}, 2, "mudge", None),
        ({"roll": {"faces": [1, 0, 0, -1]}, "damage": [1, 1, 1, 1]}, 2, "mudge", None),
        ({"damage": [3, 4, 5], "graze": [1]}, 1, "fudge1995", MMM_1DF),
        ({"damage": [3, 4, 5], "graze": [1]}, 2, "fudge1995", MMM_1DF),
        ({"damage": [3, 4, 5], "graze": [1]}, 1, "fudge1995", {"damage.system": "minmidmax"}),
        ({"damage": [3, 4, 5], "graze": [1]}, 1, "fudge1995", None),
        ({"damage": [3, 4, 5]}, 1, "fudge1995", {"damage.system": "minmidmax"}),
    )),
    _c("fudge_dice", [1, 0, 0, -1]), _c("fudge_dice", [1, 1, 0, 0], [1]), _c("fudge_dice", [1, 1, 0]),
    *(_c("dice_total", d) for d in ({}, {"roll": {"total": -3}}, {"roll": {"faces": [1, 1, 0, 0]}})),
    *(_c("read_shield_roll", v) for v in (None, [1, 0, 0, 0], {"total": 2}, {"faces": "+"}, 3)),
    _c("read_shield_roll", {"total": 9}, field="shield_dice.Hero"),
    _c("read_shield_roll_roll"),
    *(_c("stunned_cannot_attack", {"stunned": s}, rules=r) for s in (0, 1, 2) for r in ("fudge1995", "mudge")),

    # --- who can act, who is an NPC at her trait level (F95 4.22, 4.33) -------------------------
    *(_c("fixed_npc", me, foe, options=o) for me, foe, o in (
        (NPC, HERO, None), (MAJOR, HERO, None), (HERO, NPC, None), (NPC, MAJOR, None),
        (NPC, HERO, {"melee.npc_fixed": True}), (MAJOR, HERO, {"melee.npc_fixed": True}),
        (HERO, NPC, {"melee.npc_fixed": True}), (NPC, NPC, {"melee.npc_fixed": True}),
        (HERO, {**HERO, "name": "Rival"}, {"melee.npc_fixed": True}))),
    _c("can_act", HERO, {}), _c("can_act", HERO, {"unaware": True}),

    # --- one fighter's side: his skills and modifiers, his dice read into results ----------------
    # F95 4.22: one roll, one result in a simultaneous round; F95 4.32: offence and defence apart
    # with stances; F95 4.23: attack and defence apart in alternating turns (the Defensive skill
    # may differ); F95 4.33: an NPC at her trait level against a PC; CO 4.3: +4 is a critical.
    _side(HERO, ORC, {}, {"roll": {"total": 1}}),
    _side(HERO, ORC, {"all_out": "offense", "modifiers": [{"source": "hill", "amount": 1}]}, {"roll": {"total": 0}}),
    _side(HERO, ORC, {"all_out": "offense", "modifiers": [{"source": "hill", "amount": 1}]}, {"roll": {"total": 0}},
          alternating=True, role="attack"),
    _side(HERO, ORC, {"all_out": "defense", "defence_modifiers": [{"source": "mud", "amount": -1}]},
          {"roll": {"total": 0}}, alternating=True, role="defend"),
    _side(HERO, ORC, {"defence_skill": "Dodge"}, {"roll": {"total": 0}}, alternating=True, role="defend"),
    _side(HERO, ORC, {"skill": "Shield"}, {"roll": {"total": 0}}, alternating=True, role="defend"),
    _side({**HERO, "defence_skill": "Dodge"}, ORC, {}, {"roll": {"total": 0}}, alternating=True, role="defend"),
    _side({**HERO, "defence_skill": "Dodge"}, ORC, {}, {"roll": {"total": 0}}),
    _side({**HERO, "defence_skill": "Dodge"}, ORC, {"stance": "aggressive"}, {"roll": {"total": 0}},
          options={"melee.stances": True}),
    _side({**HERO, "defence_skill": "Dodge"}, ORC, {"defence_skill": "Shield"}, {"roll": {"total": 0}}),
    _side({**HERO, "defence_skill": "Dodge"}, ORC, {"skill": "Shield"}, {"roll": {"total": 0}},
          options={"melee.stances": True}),
    _side(HERO, ORC, {"stance": "berserk", "modifiers": [{"source": "hill", "amount": 1}]}, {"roll": {"total": -1}},
          options={"melee.stances": True}),
    _side(HERO, ORC, {}, {"roll": {"total": 4}}), _side(HERO, ORC, {}, {"roll": {"total": 3}}),
    # A Legendary trait is named so on its own (F95 1.3), above Superb.
    _side({**HERO, "skills": {"Sword": 4}}, ORC, {}, {"roll": {"total": -1}}),
    _side(HERO, ORC, {}, {"roll": {"total": 4}}, active=False), _side(HERO, ORC, {}, {}, active=False),
    _side(HERO, ORC, {"defence_modifiers": [{"source": "mud", "amount": -1}]}, {"roll": {"total": 0}}),
    _side(HERO, ORC, {"defence_modifiers": [{"source": "mud", "amount": -1}]}, {"roll": {"total": 0}},
          alternating=True, role="attack"),
    _side(HERO, ORC, {}, {}), _side(HERO, ORC, {}, {}, where="b_dice"),
    _side(NPC, HERO, {}, {"roll": {"total": 4}}, options={"melee.npc_fixed": True}),
    _side(NPC, HERO, {}, {}, options={"melee.npc_fixed": True}),
    _side(NPC, HERO, {}, {}, options={"melee.npc_fixed": True}, active=False),
    _side(HERO, {**ORC, "shield": "medium"}, {}, {"roll": {"total": 0}}),
    _side(HERO, {**ORC, "shield": "medium"}, {}, {"roll": {"total": 0}}, alternating=True, role="attack"),
    _side(HERO, {**ORC, "shield": "medium"}, {}, {"roll": {"total": 0}}, options={"co.shield": True}),
    _side(HERO, {**ORC, "shield": "medium"}, {}, {"roll": {"total": 0}}, rules="fudge1993"),
    _side(HERO, ORC, {}, {"roll": {"total": 0}}, round_number=2, options={"melee.plus_levels": True}),
    _side(HERO, ORC, {"hasty": True}, {"roll": {"total": 0}}, alternating=True, role="attack"),
    _side(HERO, ORC, {"stunned": 1}, {"roll": {"total": 0}}, alternating=True, role="defend"),
    _side(HERO, ORC, {"stunned": 1}, {"roll": {"total": 0}}, rules="mudge"),
    _side(HERO, ORC, {"aim": "arm", "aim_minimum": 1}, {"roll": {"total": 0}}, disparity=-1),
    _c("side_memo"),
    # F95 4.22: the GM's minimum to hit this foe overrides the size guidance.
    *(_c("min_to_hit", HERO, ORC, d) for d in ({}, {"min_to_hit": 1}, {"min_to_hit": "Terrible"})),
    _c("can_act", {**HERO, "track": {"kind": "boxes", "marks": [[1, 1, 1], [1], [1], [1], [0]]}}, {}),
]


def _rules(case: dict[str, Any]) -> Any:
    return find_ruleset(case["rules"]).with_options(case.get("options", {}))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: _plain(getattr(value, k)) for k in value.__dataclass_fields__}
    return value


def _call(case: dict[str, Any]) -> Any:
    fn, args, kw = case["fn"], list(case["args"]), dict(case["kw"])
    rules = _rules(case)
    if fn == "declaration":
        return Declaration.from_dict(args[0], **kw)
    if fn == "made":
        return Declaration(**args[0])
    if fn == "stance_object":
        return Declaration.from_dict({"stance": Stance(args[0])}).stance.key
    if fn == "all_out_type":
        return type(Declaration(**args[0]).all_out).__name__
    if fn == "fudge_dice":
        return declaration.fudge_dice(*args)
    if fn == "dice":
        return FighterDice.from_dict(args[0], rules=rules, **kw)
    if fn == "check":
        where = kw.pop("where", "declares")
        return declaration.check_declaration(Fighter.from_dict(args[0]), Declaration.from_dict(args[1]), rules,
                                             where, **kw)
    if fn == "round_modifiers":
        return sides.round_modifiers(Fighter.from_dict(args[0]), Declaration.from_dict(args[1]), rules=rules, **kw)
    if fn in ("aimed_minimum", "called_shot", "stunned_cannot_attack"):
        return getattr(sides if fn != "stunned_cannot_attack" else declaration, fn)(
            Declaration.from_dict(args[0]), rules)
    if fn in ("odd_die", "damage_faces"):
        return getattr(declaration, fn)(FighterDice.from_dict(args[0], rules=rules), rules, *args[1:])
    if fn == "dice_total":
        return declaration.dice_total(FighterDice.from_dict(args[0], rules=rules))
    if fn == "read_shield_roll":
        return declaration.read_shield_roll(args[0], rules=rules, **kw)
    if fn == "read_shield_roll_roll":
        roll = dice.fudge([1, 0, 0, 0])
        return declaration.read_shield_roll(roll, rules=rules) is roll
    if fn == "fixed_npc":
        return sides.fixed_npc(Fighter.from_dict(args[0]), Fighter.from_dict(args[1]), rules)
    if fn == "can_act":
        return sides.can_act(Fighter.from_dict(args[0]), Declaration.from_dict(args[1]), rules)
    if fn == "side":
        me, foe = Fighter.from_dict(args[0]), Fighter.from_dict(args[1])
        disparity = None if kw["disparity"] is None else Modifier("weapon size", kw["disparity"], "F95 4.31")
        plan = sides.plan_side(me, foe, Declaration.from_dict(args[2]), rules, kw["round_number"], disparity,
                               kw["active"], kw["alternating"], kw["role"])
        steps: list[Step] = []
        report = sides.read_side(me, FighterDice.from_dict(args[3], rules=rules), plan, kw["active"], kw["where"],
                                 steps, role=kw["role"])
        return {"plan": {k: _plain(getattr(plan, k)) for k in plan.__dataclass_fields__}, "report": report,
                "steps": steps}
    if fn == "min_to_hit":
        return sides.min_to_hit(Fighter.from_dict(args[0]), Fighter.from_dict(args[1]), Declaration.from_dict(args[2]),
                                rules)
    if fn == "side_memo":
        # Inside the odds' memo, each fighter's side is remembered by its role and round, never
        # another's: the same fighters attacking and defending get their own plans.
        hero, orc = Fighter.from_dict(HERO), Fighter.from_dict(ORC)
        decl = Declaration.from_dict({"defence_skill": "Dodge"})
        with remembering_blows():
            first = sides.plan_side(hero, orc, decl, rules, 1, None, True, True, "attack")
            again = sides.plan_side(hero, orc, decl, rules, 1, None, True, True, "attack")
            other = sides.plan_side(hero, orc, decl, rules, 1, None, True, True, "defend")
            reach = sides.min_to_hit(hero, orc, decl, rules)
        return {"same": first is again, "attack": first.base, "defend": other.base, "minimum": reach[0]}
    raise AssertionError(fn)


def _compute(case: dict[str, Any]) -> Any:
    """The call's value, in JSON shape."""
    return _plain(_call(case))


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What the code gives for a case: its value or its refusal."""
    return readings.answer(_compute, case)


GOLDEN = readings.load("declaration_readings")


def test_the_recorded_cases_are_the_cases():
    """The golden file holds exactly ``CASES``, in order (a case added or changed is rewritten
    on purpose, with ``--write``)."""
    assert readings.cases_in(GOLDEN) == CASES


@pytest.mark.parametrize("row", GOLDEN, ids=readings.row_ids(GOLDEN))
def test_each_declaration_reading_is_as_recorded(row):
    """Each case answers as the golden file records it: each declaration and each fighter's dice
    as read and written back; each check passed or refused; each modifier's source, amount and
    section; the aimed blow's minimum, the called shot and the dice helpers' answers; each
    error's class, message and field. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_declaration_readings.py --write`` and review the diff."""
    assert answer(row) == row["answer"]


if __name__ == "__main__":
    readings.write_when_asked("declaration_readings", readings.recorded(CASES, answer), __file__)
