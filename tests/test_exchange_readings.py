"""One exchange explains itself: what ``pyfudge.combat.attack`` gives for a list of exchanges, to
the step, pinned in tests/golden/readings/exchange_readings.json.

Each case is an exchange as the JSON door takes it (``ExchangeRequest.from_dict``, then
``resolve``) under a preset with any options changed; the golden file records the whole outcome
(``ExchangeOutcome.to_dict()``: each side, each contest, each blow with its damage, guards, record,
damage check, called shot and head blow, each shield block and its wear, the carried modifiers,
every step's section, text and data) and the fighters after it (track, Fudge Points, shield), or
the error's class, message and field. The cases cite the rule each one reaches. To change the
readings deliberately, edit ``CASES`` or the code, rewrite the file and read its diff before
committing:

    PYTHONPATH=. python tests/test_exchange_readings.py --write
"""

from __future__ import annotations

from typing import Any

import pytest
import readings

from pyfudge.combat.attack import ExchangeRequest, resolve_attack, resolve_exchange
from pyfudge.combat.declaration import FighterDice, fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError, RequestError
from pyfudge.rulesets import find_ruleset

SWORD = {"name": "Sword", "size": 2, "sharp": 1}
AXE = {"name": "Axe", "size": 3, "sharp": 1}


def _f(name: str, skill: str = "Fair", **kw: Any) -> dict[str, Any]:
    """A fighter with a Sword skill (and a sword unless told otherwise; a Fair Shield skill with a shield)."""
    skills = {"Sword": skill, **({"Shield": "Fair"} if kw.get("shield") else {})}
    return {"name": name, "skills": skills, "weapon": SWORD, **kw}


def _dice(*faces: int, **kw: Any) -> dict[str, Any]:
    return {"roll": {"faces": list(faces)}, **kw}


Z = (0, 0, 0, 0)
# F93 4.21: two six-sided dice, given here by their result.
T0, T1 = {"roll": {"total": 0}}, {"roll": {"total": 1}}


def _x(a: dict[str, Any], b: dict[str, Any], ad: tuple[int, ...] | dict[str, Any] | None = Z,
       bd: tuple[int, ...] | dict[str, Any] | None = Z, *, rules: str = "fudge1995",
       options: dict[str, Any] | None = None, kind: str = "round", rnd: int = 1,
       adecl: dict[str, Any] | None = None, bdecl: dict[str, Any] | None = None) -> dict[str, Any]:
    """One exchange: fighters, dice (faces of the roll, or a whole dice dict), declarations."""
    def dice(d: Any) -> Any:
        return _dice(*d) if isinstance(d, tuple) else d
    request = {"kind": kind, "round": rnd, "a": a, "b": b, "a_declares": adecl or {}, "b_declares": bdecl or {},
               "a_dice": dice(ad), "b_dice": dice(bd)}
    case: dict[str, Any] = {"rules": rules, "request": request}
    if options:
        case["options"] = options
    return case


ALT = {"melee.pacing": "alternating"}
SHIELD = {"co.shield": True}
WEAR = {"co.shield": True, "co.shield_damage": True}
CO = {"co.track": True, "co.damage_check": True}
HURT = {"kind": "boxes", "marks": [[1, 0, 0], [1], [0], [0], [0]], "dead": 0, "stun_marks": [[0], [0]],
        "knocked_out": False, "shrugged": False, "dropped": False}
DOWN = {"kind": "boxes", "marks": [[1, 1, 1], [1], [1], [1], [0]], "dead": 0, "stun_marks": [[0], [0]],
        "knocked_out": False, "shrugged": False, "dropped": False}

CASES: list[dict[str, Any]] = [
    # F95 4.22: one roll each, the higher result wins and must reach Poor; +2 a hit, +1 a graze
    # (F95 4.56), 0 a stand-off; the loser (b) can be the one who hits.
    _x(_f("Ann", "Good"), _f("Bob"), (1, 0, 0, 0), Z),
    _x(_f("Ann", "Good"), _f("Bob"), Z, Z),
    _x(_f("Ann"), _f("Bob"), Z, Z),
    _x(_f("Ann"), _f("Bob", "Great"), Z, (1, 1, 0, 0)),
    _x(_f("Ann", "Terrible"), _f("Bob", "Terrible"), (0, 0, 0, 0), (-1, 0, 0, 0)),
    _x(_f("Ann", "Superb", strength="Good", weapon=AXE), _f("Bob", "Poor"), (1, 1, 1, 1), (-1, -1, -1, -1)),
    # F95 4.22 speed: round 2 the speedy fighter strikes unopposed (F95 4.36), each way; not in round 1.
    _x(_f("Ann", speed_power=True), _f("Bob"), Z, None, rnd=2),
    _x(_f("Ann"), _f("Bob", speed_power=True), None, Z, rnd=2),
    _x(_f("Ann", speed_power=True), _f("Bob"), Z, Z, rnd=1),
    # An unaware defender rolls nothing: an unopposed blow against Poor (F95 4.22); an all-out
    # defender who strikes an unaware foe does no harm unless he rolled a critical.
    _x(_f("Ann"), _f("Bob"), Z, None, bdecl={"unaware": True}),
    _x(_f("Ann"), _f("Bob"), (-1, 0, 0, 0), None, adecl={"all_out": "defense"}, bdecl={"unaware": True}),
    _x(_f("Ann"), _f("Bob"), (1, 1, 1, 1), None, adecl={"all_out": "defense"}, bdecl={"unaware": True}),
    _x(_f("Ann"), _f("Bob"), (1, 0, 0, 0), None, adecl={"all_out": "offense"}, bdecl={"unaware": True}),
    _x(_f("Ann"), _f("Bob"), Z, None, adecl={"defend_only": True}, bdecl={"unaware": True}),
    _x(_f("Ann"), _f("Bob"), None, None, adecl={"unaware": True}, bdecl={"unaware": True}),
    # A stunned fighter (F95 4.62; MUD 4.62's stun levels) defends but cannot hurt; a "plus"
    # level on an even round (F95 4.36); b's all-out offence and his other modifiers on his one
    # result, in the order he declared them.
    _x(_f("Ann", "Good"), _f("Bob"), (1, 0, 0, 0), Z, adecl={"stunned": 1}),
    _x(_f("Ann", "Good"), _f("Bob"), (1, 0, 0, 0), Z, rules="mudge", adecl={"stunned": 1}),
    _x(_f("Ann", "Good"), _f("Bob"), (1, 0, 0, 0), Z, rules="mudge", adecl={"stunned": 2}),
    _x(_f("Ann", plus_skills=["Sword"]), _f("Bob"), Z, Z, rnd=2),
    _x(_f("Ann"), _f("Bob"), Z, Z, bdecl={"all_out": "offense", "modifiers": [{"source": "footing", "amount": -1}]}),
    # F95 4.31 all-out: +1 to hit and damage; the failed all-out attacker's foe +2 to damage.
    _x(_f("Ann"), _f("Bob"), (1, 1, 0, 0), Z, adecl={"all_out": "offense"}),
    _x(_f("Ann"), _f("Bob", "Good"), Z, (1, 1, 0, 0), adecl={"all_out": "offense"}),
    # F95 4.31 scouting after a successful all-out defence (F93 4.62: a bonus to himself); failed.
    _x(_f("Ann"), _f("Bob"), Z, Z, adecl={"all_out": "defense", "scouting": True}),
    _x(_f("Ann"), _f("Bob"), T0, T0, rules="fudge1993", adecl={"all_out": "defense", "scouting": True}),
    _x(_f("Ann"), _f("Bob", "Great"), Z, (1, 0, 0, 0), adecl={"all_out": "defense", "scouting": True}),
    _x(_f("Ann"), _f("Bob"), Z, Z, bdecl={"all_out": "defense", "scouting": True}),
    _x(_f("Ann"), _f("Bob"), Z, (1, 1, 1, 1), adecl={"all_out": "defense", "scouting": True},
       bdecl={"all_out": "defense", "scouting": True}),
    _x(_f("Ann"), _f("Bob"), Z, Z, adecl={"all_out": "defense"}),
    _x(_f("Ann"), _f("Bob", "Good"), (1, 1, 1, 1), Z, adecl={"all_out": "defense"}),
    # F95 4.32 stances: each offence against the other's defence, both can be hurt; a defender's
    # stance that wins no harm; MUD 4.32 and F93 4.63 cite their own books.
    _x(_f("Ann", "Good"), _f("Bob", "Good"), (1, 0, 0, 0), (1, 0, 0, 0), options={"melee.stances": True},
       adecl={"stance": "aggressive"}, bdecl={"stance": "aggressive"}),
    _x(_f("Ann", "Good"), _f("Bob"), Z, Z, options={"melee.stances": True}, bdecl={"stance": "defensive"}),
    _x(_f("Ann", "Good"), _f("Bob", "Good"), Z, (1, 0, 0, 0), rules="mudge", adecl={"stance": "aggressive"}),
    _x(_f("Ann", "Good"), _f("Bob"), T1, T0, rules="fudge1993", options={"melee.stances": True},
       adecl={"stance": "aggressive"}),
    # MUD 4.22: a tie goes to the odd-coloured die (the last die), as a graze (F95 4.56, our
    # reading); F93 4.62 cites for a plain round.
    _x(_f("Ann"), _f("Bob"), (0, 0, 0, 1), (0, 0, 1, 0), rules="mudge"),
    _x(_f("Ann"), _f("Bob"), (0, 0, 1, 0), (0, 0, 0, 1), rules="mudge"),
    _x(_f("Ann"), _f("Bob"), (0, 0, 0, 1), (0, 0, 0, 1), rules="mudge"),
    # Without stances a plain MUD 4.22 round: the odd-coloured die breaks a tie either way, but
    # not against an NPC at her trait level (MUD 4.33: she rolls no die).
    _x(_f("Ann"), _f("Bob"), (0, 0, 0, 1), (0, 0, 1, 0), rules="mudge", options={"melee.stances": False}),
    _x(_f("Ann"), _f("Bob"), (0, 0, 1, 0), (0, 0, 0, 1), rules="mudge", options={"melee.stances": False}),
    _x(_f("Ann", "Good"), _f("Bob", "Great", role="npc"), (0, 0, 0, 1), None, rules="mudge",
       options={"melee.stances": False, "melee.npc_fixed": True}),
    _x(_f("Ann", "Great", role="npc"), _f("Bob", "Good"), None, (0, 0, 0, 1), rules="mudge",
       options={"melee.stances": False, "melee.npc_fixed": True}),
    _x(_f("Ann", "Good"), _f("Bob"), T1, T0, rules="fudge1993"),
    _x(_f("Ann", "Good"), _f("Bob", role="npc"), (1, 0, 0, 0), None, rules="mudge",
       options={"melee.npc_fixed": True}),
    # F95 4.31 aimed blow (a GM's minimum for the part): on target, or a hit elsewhere.
    _x(_f("Ann", "Great"), _f("Bob"), (1, 0, 0, 0), Z, adecl={"aim": "arm", "aim_minimum": "Great"}),
    _x(_f("Ann", "Great"), _f("Bob"), (-1, 0, 0, 0), Z, adecl={"aim": "arm", "aim_minimum": "Superb"}),
    # F95 4.62 head blows (wounds.head_knockout): a Good blow on target to the head knocks out;
    # off target it does not; without the option no head blow.
    _x(_f("Ann", "Great"), _f("Bob"), (1, 0, 0, 0), Z, options={"wounds.head_knockout": True},
       adecl={"aim": "Head", "aim_minimum": "Good"}),
    _x(_f("Ann", "Great"), _f("Bob"), Z, Z, options={"wounds.head_knockout": True},
       adecl={"aim": "head", "aim_minimum": "Legendary"}),
    _x(_f("Ann", "Great"), _f("Bob"), (1, 0, 0, 0), Z, adecl={"aim": "head", "aim_minimum": "Good"}),
    _x(_f("Ann", "Great"), _f("Bob"), (1, 0, 0, 0), Z, options={"wounds.head_knockout": True},
       adecl={"aim": "arm", "aim_minimum": "Good"}),
    # MUD 4.35 called shots on the table: aimed, missed by 1 (elsewhere), missed (no blow); the part's
    # Willpower/Constitution check, as a guide or (location.table_wound) setting the wound.
    _x(_f("Ann", "Superb"), _f("Bob"), (1, 0, 0, 0), Z, rules="mudge", adecl={"aim": "hand"}),
    _x(_f("Ann", "Superb"), _f("Bob", "Good"), (1, 1, 0, 0), Z, rules="mudge",
       adecl={"aim": "arm"}, bdecl={"location_check": "Fair"}),
    _x(_f("Ann", "Superb"), _f("Bob", "Good"), (1, 1, 0, 0), Z, rules="mudge", options={"location.table_wound": True},
       adecl={"aim": "arm"}, bdecl={"location_check": "Poor"}),
    _x(_f("Ann", "Superb"), _f("Bob", "Good"), (1, 1, 0, 0), Z, rules="mudge", options={"location.table_wound": True},
       adecl={"aim": "arm"}),
    _x(_f("Ann", "Good"), _f("Bob", "Fair"), Z, Z, rules="mudge", adecl={"aim": "head"}),
    _x(_f("Ann", "Good"), _f("Bob", "Good"), (1, 0, 0, 0), Z, rules="mudge", adecl={"aim": "head"}),
    # CO 2.2 shield check of the loser who carries a shield; CO 2.3 wear (the damage number, or one
    # point; an F95 graze has no number: the least of its level's band); not blocked (the check's
    # steps come first); a shield without points wears not; an NPC at her level rolls no shield.
    _x(_f("Ann", "Good"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 5}),
       (1, 0, 0, 0), {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, options=WEAR),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 5}),
       (1, 0, 0, 0), {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}},
       options={**WEAR, "co.shield_wear": "one"}),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 5}),
       (1, 0, 0, 0), {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, options=SHIELD),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium"), (1, 0, 0, 0),
       {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [-1, -1, 0, 0]}}, options=WEAR),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium"), (1, 0, 0, 0), Z, options=SHIELD),
    _x(_f("Ann", "Great"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 9}), (1, 0, 0, 0),
       {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 1, 0]}}, options=WEAR,
       adecl={"aim": "arm", "aim_minimum": "Good"}),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 20}),
       (1, 0, 0, 0), {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, options=WEAR,
       bdecl={"all_out": "offense"}),
    _x(_f("Ann", "Good", strength="Great"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 20}),
       (1, 0, 0, 0), {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, options=WEAR,
       adecl={"all_out": "offense", "damage_modifiers": [{"source": "sweep", "amount": 1}]}),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium", role="npc"), (1, 0, 0, 0), None, rules="mudge",
       options={**SHIELD, "melee.npc_fixed": True}),
    _x(_f("Ann"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 5}),
       (1, 0, 0, 0), {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, options=WEAR),
    # CO 3 alternate track (the damage points fill it) and CO 4.3 damage checks: made, failed,
    # none when the blow left him as he was; missing dice name their field.
    _x(_f("Ann", "Great", strength="Good"), _f("Bob", damage_capacity="Good"), (1, 1, 0, 0),
       {"roll": {"faces": [0, 0, 0, 0]}, "check": [-1, 0, 0, 0]}, options=CO),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0),
       {"roll": {"faces": [0, 0, 0, 0]}, "check": [-1, -1, -1, 0]}, options=CO),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, options=CO),
    _x(_f("Ann", "Great"), _f("Bob"), (1, 1, 0, 0), Z, options={"co.track": True}),
    _x(_f("Ann", "Great"), _f("Bob"), (1, 1, 0, 0), Z, options={"co.track": True}, adecl={"max_level": 1}),
    _x(_f("Ann", "Fair"), _f("Bob"), (1, 0, 0, 0), Z, options={"co.track": True}),
    _x(_f("Ann", "Fair"), _f("Bob", "Good"), Z, (1, 0, 0, 0), options={**CO, "co.track": True}),
    # F95 4.62 pulled punch (a cap), stun (recorded as a stun); F95 4.64 Fudge Points, none spent on
    # no wound; PC death guards on a fighter already down.
    _x(_f("Ann", "Superb", strength="Great"), _f("Bob"), (1, 1, 0, 0), Z, adecl={"max_level": 1}),
    _x(_f("Ann", "Fair"), _f("Bob"), (1, 0, 0, 0), Z, adecl={"max_level": 3}),
    _x(_f("Ann", "Superb", strength="Great"), _f("Bob"), (1, 1, 0, 0), Z, adecl={"stun": True}),
    _x(_f("Ann", "Superb", strength="Great"), _f("Bob", fudge_points=3), (1, 1, 0, 0), Z,
       options={"wounds.points": "fudge"}, bdecl={"points": 2}),
    _x(_f("Ann", "Superb", strength="Great"), _f("Bob", fudge_points=3), (1, 1, 0, 0), Z,
       options={"wounds.points": "fudge"}, bdecl={"points": 1}),
    _x(_f("Ann", "Fair"), _f("Bob", "Fair", fudge_points=3, armor={"name": "Plate", "value": 4}), (1, 0, 0, 0), Z,
       options={"wounds.points": "fudge"}, bdecl={"points": 1}),
    _x(_f("Ann", "Superb", strength="Great", weapon=AXE), _f("Bob", track=DOWN), (1, 1, 1, 0), Z),
    _x(_f("Ann", "Superb", strength="Great", weapon=AXE), _f("Bob", track=DOWN, fudge_points=3), (1, 1, 1, 0), Z,
       options={"wounds.points": "fudge"}, bdecl={"points": 1}),
    _x(_f("Ann", "Good"), _f("Bob", track=HURT), (1, 0, 0, 0), Z),
    # F95 4.52 no. 4: the defender's Willpower adjusts the wound, for the battle or for good; a poor
    # roll worsens it; none given names the field.
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"wounds.willpower": "temporary"},
       bdecl={"willpower": "Great"}),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"wounds.willpower": "permanent"},
       bdecl={"willpower": "Terrible"}),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"wounds.willpower": "temporary"},
       bdecl={"willpower": "Fair"}),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"wounds.willpower": "temporary"}),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob", track=DOWN), (1, 1, 0, 0), Z,
       options={"wounds.willpower": "permanent"}, bdecl={"willpower": "Terrible"}),
    # F95 4.52 no. 1 the defender's capacity roll (damage.capacity roll), its field when missing;
    # F95 4.58 a critical's penetration (for the smaller fighter only); F95 4.61 even/odd damage
    # reads the opposed rolls.
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"damage.capacity": "roll"},
       bdecl={"capacity_roll": "Good"}),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"damage.capacity": "roll"}),
    _x(_f("Ann", "Good", strength="Good"), _f("Bob", armor={"name": "Plate", "value": 3}), (1, 1, 1, 1), Z,
       options={"damage.critical_penetration": 1}),
    _x(_f("Ann", "Good"), _f("Bob", "Great", mass_scale=8), (1, 1, 1, 1), Z,
       options={"damage.critical_penetration": 2}),
    _x(_f("Ann", "Good"), _f("Bob", "Great", mass_scale=8), (1, 1, 1, 0), Z,
       options={"damage.critical_penetration": 2}),
    _x(_f("Ann", "Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"damage.die": "even_odd_number"}),
    _x(_f("Ann", "Good"), _f("Bob"), {"roll": {"faces": [1, 1, 0, 0]}, "damage": [1]}, Z,
       options={"damage.die": "number_1df"}),
    _x(_f("Ann", "Good"), _f("Bob"), (1, 1, 0, 0), Z, options={"damage.die": "number_1df"}),
    # F95 4.63 Min-Mid-Max: a hit reads the 3d6, a graze its own damage die (F95 4.56, unchanged).
    _x(_f("Ann", "Good"), _f("Bob"), _dice(1, 0, 0, 0, damage=[3, 4, 5], graze=[1]), Z,
       options={"damage.system": "minmidmax", "damage.die": "number_1df"}),
    _x(_f("Ann", "Good"), _f("Bob"), _dice(0, 0, 0, 0, damage=[3, 4, 5], graze=[1]), Z,
       options={"damage.system": "minmidmax", "damage.die": "number_1df"}),
    # An NPC at her trait level rolls nothing (F95 4.33): the even/odd rule (F95 4.61) has no roll
    # of hers to read, and says so.
    _x(_f("Ann", "Good", role="npc"), _f("Bob"), None, Z, options={"damage.die": "even_odd_number",
                                                                  "melee.npc_fixed": True}),
    # A shield with no Shield skill to use it (CO 2.1), in a simultaneous round.
    _x(_f("Ann", "Good"), {**_f("Bob", shield="medium"), "skills": {"Sword": "Fair"}}, (1, 0, 0, 0),
       {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, options=SHIELD),
    # F95 4.23 alternating turns: the attacker's offence against the defender's defence; all-out
    # offence's carry (−2 to defence, or none); a defender who cannot defend; the refusals.
    _x(_f("Ann", "Good"), _f("Bob"), (1, 0, 0, 0), Z, kind="attack", options=ALT),
    _x(_f("Ann"), _f("Bob", "Good"), Z, Z, kind="attack", options=ALT),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT, adecl={"all_out": "offense"}),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options={**ALT, "melee.all_out_offense_defense": "none"},
       adecl={"all_out": "offense"}),
    _x(_f("Ann"), _f("Bob"), Z, None, kind="attack", options=ALT, bdecl={"no_defence": True}),
    _x(_f("Ann"), _f("Bob"), Z, None, kind="attack", options=ALT, bdecl={"unaware": True}),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT, adecl={"defend_only": True}),
    _x(_f("Ann", "Good"), _f("Bob"), (1, 0, 0, 0), Z, kind="attack", rules="mudge", options=ALT),
    _x(_f("Ann"), _f("Bob"), (0, 0, 0, 1), (0, 0, 1, 0), kind="attack", rules="mudge", options=ALT),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium", shield_state={"name": "Targe", "points": 5}),
       (1, 0, 0, 0), {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, kind="attack",
       options={**ALT, **WEAR}),
    _x(_f("Ann", "Good"), _f("Bob", "Good", role="npc"), (1, 0, 0, 0), None, kind="attack", rules="mudge",
       options={**ALT, "melee.npc_fixed": True, "melee.tiebreak": True}),
    # Alternating turns with the rest of an exchange's inputs: a GM's minimum (F95 4.22), a
    # defend-only attacker who wins, an all-out defender (+2 to defend, F95 4.23) and a Dodge
    # defence skill, a "plus" level on an even round (F95 4.36), the Speed contest (F95 4.36), an
    # NPC at her trait level attacking and tying (MUD 4.33: no odd-coloured die for her), the
    # defender's Willpower named as his, a missing combat roll named by whose dice it is.
    _x(_f("Ann"), _f("Bob"), (1, 0, 0, 0), Z, kind="attack", options=ALT, adecl={"min_to_hit": "Great"}),
    _x(_f("Ann"), _f("Bob"), (1, 1, 0, 0), Z, kind="attack", options=ALT, adecl={"defend_only": True}),
    _x(_f("Ann", "Good"), _f("Bob"), (1, 0, 0, 0), Z, kind="attack", options=ALT, bdecl={"all_out": "defense"}),
    _x(_f("Ann", "Good"), {**_f("Bob"), "skills": {"Sword": "Fair", "Dodge": "Great"}, "defence_skill": "Dodge"},
       (1, 0, 0, 0), Z, kind="attack", options=ALT),
    _x(_f("Ann", plus_skills=["Sword"]), _f("Bob", plus_skills=["Sword"]), Z, Z, kind="attack", options=ALT, rnd=2),
    _x(_f("Ann", plus_skills=["Sword"]), _f("Bob"), Z, Z, kind="attack", options=ALT, rnd=3),
    _x(_f("Ann", speed="Good"), _f("Bob", speed="Fair"), _dice(0, 0, 0, 0, speed={"faces": [1, 0, 0, 0]}),
       _dice(0, 0, 0, 0, speed={"faces": [0, 0, 0, 0]}), kind="attack", options=ALT),
    _x(_f("Ann", speed="Good"), _f("Bob", speed="Fair"), _dice(0, 0, 0, 0, speed={"faces": [1, 0, 0, 0]}),
       _dice(0, 0, 0, 0, speed={"faces": [0, 0, 0, 0]})),
    _x(_f("Ann", "Good", role="npc"), _f("Bob"), None, (0, 0, 0, 1), kind="attack", rules="mudge",
       options={**ALT, "melee.npc_fixed": True}),
    _x(_f("Ann", "Good", role="npc"), _f("Bob", "Good"), (1, 1, 1, 1), (0, 0, 0, 1), kind="attack", rules="mudge",
       options={**ALT, "melee.npc_fixed": True}),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, kind="attack",
       options={**ALT, "wounds.willpower": "temporary"}),
    _x(_f("Ann", "Great", strength="Good"), _f("Bob"), (1, 1, 0, 0), Z, kind="attack",
       options={**ALT, "co.damage_check": True}),
    _x(_f("Ann", "Good"), _f("Bob", shield="medium"), (1, 0, 0, 0), Z, kind="attack", options={**ALT, **SHIELD}),
    _x(_f("Ann", "Good"), {**_f("Bob", shield="medium"), "skills": {"Sword": "Fair"}}, (1, 0, 0, 0),
       {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}, kind="attack", options={**ALT, **SHIELD}),
    _x(_f("Ann"), _f("Bob"), None, Z, kind="attack", options=ALT),
    _x(_f("Ann"), _f("Bob"), Z, None, kind="attack", options=ALT),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options={**ALT, "melee.stances": True},
       adecl={"stance": "aggressive"}),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options={**ALT, "melee.stances": True},
       bdecl={"stance": "defensive"}),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT, adecl={"points": 1}),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT, bdecl={"points": 1}),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT, adecl={"all_out": "defense"}),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT, bdecl={"all_out": "offense"}),
    _x(_f("Ann"), _f("Bob"), None, Z, kind="attack", options=ALT, adecl={"unaware": True}),
    _x(_f("Ann", track=DOWN), _f("Bob"), Z, Z, kind="attack", options=ALT),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack"),
    _x(_f("Ann"), _f("Ann"), Z, Z, kind="attack", options=ALT),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="attack", options=ALT, rnd=1_000_001),
    # The refusals of a simultaneous round: a missing roll named by whose dice it is; even/odd
    # damage (F95 4.61) with no roll from an unaware defender; pacing, one name for two, nobody
    # able to fight, round.
    _x(_f("Ann"), _f("Bob"), None, Z),
    _x(_f("Ann"), _f("Bob"), (1, 1, 0, 0), None, options={"damage.die": "even_odd_number"}, bdecl={"unaware": True}),
    _x(_f("Ann"), _f("Bob"), Z, Z, options=ALT),
    _x(_f("Ann"), _f("Bob"), Z, Z, options={"melee.pacing": "story"}),
    _x(_f("Ann"), _f("Ann"), Z, Z),
    _x(_f("Ann", track=DOWN), _f("Bob", track=DOWN), Z, Z),
    _x(_f("Ann"), _f("Bob"), Z, Z, rnd=0),
    _x(_f("Ann"), _f("Bob"), Z, Z, kind="brawl"),
    _x(_f("Ann"), _f("Bob"), Z, Z, rnd=True),
    # The JSON door: each fighter is needed, unknown keys are refused, each part names its field.
    {"rules": "fudge1995", "request": {"a": _f("Ann")}},
    {"rules": "fudge1995", "request": {"b": _f("Bob")}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "c": _f("Cid")}},
    {"rules": "fudge1995", "request": ["a", "b"]},
    {"rules": "fudge1995", "request": {"a": {"name": "Ann", "skills": {"Sword": "Fabulous"}}, "b": _f("Bob")}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "a_declares": {"all_out": "sideways"}}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "b_dice": {"roll": {"faces": [2, 0, 0, 0]}}}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": {"name": "Bob", "skills": {"Sword": "Fabulous"}}}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "b_declares": {"all_out": "sideways"}}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "a_declares": {"stance": "aggressive"}}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "a_dice": {"roll": {"faces": [2, 0, 0, 0]}}}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "b_dice": {"speed": {"faces": [0, 0, 0, 0]},
                                                                             "roll": {"faces": [0, 0, 0, 0]}},
                                       "a_dice": {"roll": {"faces": [1, 0, 0, 0]}}}},
    {"rules": "fudge1995", "request": {"a": _f("Ann"), "b": _f("Bob"), "b_dice": {"roll": {"faces": [0, 0, 0, 0]}},
                                       "a_dice": {"roll": {"faces": [1, 0, 0, 0]}}}},
]


def _fighter(data: dict[str, Any]) -> dict[str, Any]:
    """What an exchange changes of a fighter: his track, his Fudge Points, his shield's wear."""
    return {k: data[k] for k in ("name", "track", "fudge_points", "shield_state")}


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What the exchange gives: ``{"value": outcome}`` or ``{"error": class, message, field}``."""
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    try:
        request = ExchangeRequest.from_dict(case["request"], rules=rules)
        assert ExchangeRequest.from_dict(request.to_dict(), rules=rules) == request
        out = request.resolve(rules)
    except FudgeError as err:
        return readings.refusal(err)
    value = out.to_dict()
    value["fighters"] = [_fighter(f) for f in value["fighters"]]
    # A blow's and a block's steps (its damage's among them) are the exchange's own, recorded there.
    for part in value["blows"] + value["blocks"]:
        assert all(step in value["steps"] for step in part.pop("steps"))
        part.get("damage", {}).pop("steps", None)
    return {"value": value}


def test_every_exchange_reading_is_as_recorded():
    """Each exchange resolves as the golden file records it: sides, contests, blows (damage,
    guards, record, damage check, called shot, head blow), blocks and wear, carried modifiers,
    the fighters after, every step's section, text and data; each refusal's class, message and
    field. Regenerate deliberately with ``PYTHONPATH=. python tests/test_exchange_readings.py
    --write`` and review the diff."""
    golden = readings.load("exchange_readings")
    assert readings.cases_in(golden) == CASES
    for row in golden:
        assert answer(row) == row["answer"], row["request"]


def test_a_call_outside_the_door_starts_at_round_one_and_checks_its_round():
    """Called directly (the odds, a group round), each kind of exchange is round 1 unless told,
    and refuses a round off 1..1,000,000 naming ``round``, as the JSON door does."""
    ann = Fighter.from_dict(_f("Ann", "Good"))
    bob = Fighter.from_dict(_f("Bob"))
    dice = FighterDice(fudge_dice([0, 0, 0, 0]).roll)
    for resolve, rules, kw in (
            (resolve_exchange, find_ruleset("fudge1995"), {"a_dice": dice, "b_dice": dice}),
            (resolve_attack, find_ruleset("fudge1995").with_options(ALT),
             {"attacker_dice": dice, "defender_dice": dice})):
        out = resolve(ann, bob, rules=rules, **kw)
        assert out.round == 1 and out.steps[0].text.startswith("Round 1: Ann ")
        assert resolve(ann, bob, rules=rules, round_number=1_000_000, **kw).round == 1_000_000
        for bad in (0, 1_000_001, True, 1.5):
            with pytest.raises(RequestError) as err:
                resolve(ann, bob, rules=rules, round_number=bad, **kw)
            assert (err.value.message, err.value.field) == (
                f"round must be a whole number from 1 to 1000000, not {bad!r}.", "round")


if __name__ == "__main__":
    readings.write_when_asked("exchange_readings", readings.recorded(CASES, answer), __file__)
