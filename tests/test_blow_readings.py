"""One blow explains itself: what ``pyfudge.combat.blow`` gives for a list of blows that landed
(:func:`strike`) and of blows a shield may take first (:func:`strike_or_block`, as a group round
and a shot call it, F95 4.34, 4.4), to the step, pinned in tests/golden/readings/blow_readings.json.

Each case names the function, the preset (with any options changed), both fighters, the blow's
inputs (relative degree, dice, bonuses, the names of the inputs at fault) and the shield check's
inputs; the golden file records the whole :class:`Blow` or :class:`Block` (damage, guards, record,
damage check, wear, every step's section, text and data) and the defender after it, or the
error's class, message and field. To change the readings deliberately, edit ``CASES`` or the
code, rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_blow_readings.py --write
"""

from __future__ import annotations

from typing import Any

import pytest
import readings

from pyfudge.combat.attack import ExchangeRequest
from pyfudge.combat.blow import BlowInput, shield_check_against, strike, strike_or_block
from pyfudge.combat.declaration import Declaration, fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import DiceError, FudgeError, RuleError
from pyfudge.rules.actions import Modifier
from pyfudge.rulesets import find_ruleset

SWORD = {"name": "Sword", "size": 2, "sharp": 1}
ANN = {"name": "Ann", "skills": {"Sword": "Good"}, "strength": "Good", "weapon": SWORD}
BOB = {"name": "Bob", "skills": {"Sword": "Fair"}}
STRONG = {**ANN, "name": "Ogre", "strength_scale": 2}
SHIELDED = {"name": "Bob", "skills": {"Sword": "Fair", "Shield": "Fair"}, "shield": "medium",
            "shield_state": {"name": "Buckler", "points": 6}}
HURT = {"kind": "boxes", "marks": [[1, 0, 0], [1], [0], [0], [0]], "dead": 0, "stun_marks": [[0], [0]],
        "knocked_out": False, "shrugged": False, "dropped": False}
DOWN = {"kind": "boxes", "marks": [[1, 1, 1], [1], [1], [1], [0]], "dead": 0, "stun_marks": [[0], [0]],
        "knocked_out": False, "shrugged": False, "dropped": False}
# Incapacitated already, with the Very Hurt box still open (a group round's second blow).
GAP = {"kind": "boxes", "marks": [[1, 0, 0], [1], [0], [1], [0]], "dead": 0, "stun_marks": [[0], [0]],
       "knocked_out": False, "shrugged": False, "dropped": False}
DYING = {"kind": "boxes", "marks": [[1, 1, 1], [1], [1], [1], [1]], "dead": 0, "stun_marks": [[0], [0]],
         "knocked_out": False, "shrugged": False, "dropped": False}
BIG_SHIELD = {**SHIELDED, "shield_state": {"name": "Pavise", "points": 50}}
BLOCKED = {"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}
WEAR = {"co.shield": True, "co.shield_damage": True}
GUARDS = {"wounds.three_level_cap": True, "wounds.near_death_from_incapacitated": True}


def _c(fn: str, degree: int, *, defender: dict[str, Any] = BOB, rules: str = "fudge1995",
       options: dict[str, Any] | None = None, declares: dict[str, Any] | None = None,
       defender_declares: dict[str, Any] | None = None, kw: dict[str, Any] | None = None,
       **blow: Any) -> dict[str, Any]:
    case: dict[str, Any] = {"fn": fn, "rules": rules, "defender": defender, "relative_degree": degree,
                            "blow": blow, "declares": declares or {}, "defender_declares": defender_declares or {},
                            "kw": kw or {}}
    if options:
        case["options"] = options
    return case


CASES: list[dict[str, Any]] = [
    # F95 4.55 a hit and a graze (F95 4.56); a tie won counts as +1 (our reading); F95 4.31 the
    # all-out bonus, other damage modifiers and the failed all-out attacker's foe's +2.
    _c("strike", 3), _c("strike", 1), _c("strike", 1, tie_won=True),
    _c("strike", 2, all_out_bonus=1), _c("strike", 2, extra_damage=[["sweep", 1]]),
    _c("strike", 2, foe_all_out=2), _c("strike", 1, foe_all_out=2),
    _c("strike", 2, declares={"damage_modifiers": [{"source": "charge", "amount": 2}]}, extra_damage=[["sweep", -1]]),
    _c("strike", 0), _c("strike", 2, attacker="Bob"),
    # Every damage factor of both (F95 4.54, 4.58): Strength Scale, tough hide, resistance.
    _c("strike", 2, attacker="Strong"), _c("strike", 2, defender={**BOB, "tough_hide": 2}),
    _c("strike", 2, defender={**BOB, "resistance": "resistant"}, options={"damage.capacity": "gift"}),
    # F95 4.58 a critical's penetration only under its option; F95 4.61 even/odd reads the rolls;
    # a damage die, given or missing.
    _c("strike", 2, critical=True, defender={**BOB, "armor": {"name": "Mail", "value": 2}}),
    _c("strike", 2, critical=True, defender={**BOB, "armor": {"name": "Mail", "value": 2}},
       options={"damage.critical_penetration": 2}),
    _c("strike", 2, critical=True, defender={**BOB, "mass_scale": 8}, options={"damage.critical_penetration": 2}),
    _c("strike", 2, defender={**BOB, "mass_scale": 8}, options={"damage.critical_penetration": 2}),
    _c("strike", 2, attack_roll=2, defense_roll=-1, options={"damage.die": "even_odd_number"}),
    _c("strike", 2, attack_roll=1, defense_roll=0, options={"damage.die": "even_odd_number"}),
    _c("strike", 2, damage_die=[-1], options={"damage.die": "number_1df"}),
    _c("strike", 2, options={"damage.die": "number_1df"}),
    # F95 4.52 no. 1 the capacity roll, named by the Willpower field's prefix when missing.
    _c("strike", 3, options={"damage.capacity": "roll"}, defender_declares={"capacity_roll": "Great"}),
    _c("strike", 3, options={"damage.capacity": "roll"}, willpower_field="crew[2].willpower"),
    # F95 4.62 pulled punch and stun; F95 4.64 points; the PC-death guards on a hurt fighter.
    _c("strike", 4, declares={"max_level": 2}), _c("strike", 1, declares={"max_level": 2}),
    _c("strike", 4, declares={"stun": True}), _c("strike", 4, declares={"stun": True, "max_level": 1}),
    _c("strike", 1, declares={"max_level": 2}, defender={**BOB, "armor": {"name": "Plate", "value": 6}}),
    _c("strike", 5, defender={**BOB, "fudge_points": 2}, options={"wounds.points": "fudge"},
       defender_declares={"points": 1}),
    _c("strike", 5, defender={**BOB, "fudge_points": 2, "track": HURT}, options={"wounds.points": "fudge"},
       defender_declares={"points": 1}, worst_at_round_start=0),
    _c("strike", 6, defender={**BOB, "track": HURT}), _c("strike", 6, defender={**BOB, "track": HURT},
                                                         worst_at_round_start=0),
    _c("strike", 6, defender={**BOB, "role": "npc", "track": HURT}),
    # F95 4.64 with its guards on: a PC unwounded at the round's start goes no further than
    # Incapacitated (nor three levels at once), unless he began the round Incapacitated; an NPC is
    # not guarded; a Fudge Point after the guards; a poor Willpower roll still stops at the guard.
    _c("strike", 6, options=GUARDS), _c("strike", 6, options=GUARDS, defender={**BOB, "track": HURT}),
    _c("strike", 6, options=GUARDS, defender={**BOB, "track": HURT}, worst_at_round_start=4),
    _c("strike", 6, options=GUARDS, defender={**BOB, "role": "npc"}),
    _c("strike", 6, options={**GUARDS, "wounds.points": "fudge"}, defender={**BOB, "fudge_points": 1},
       defender_declares={"points": 1}),
    _c("strike", 6, options={**GUARDS, "wounds.points": "meta"}, defender={**BOB, "fudge_points": 3},
       defender_declares={"points": 2}),
    _c("strike", 3, options={**GUARDS, "wounds.willpower": "permanent"}, defender_declares={"willpower": "Terrible"}),
    _c("strike", 2, options={**GUARDS, "wounds.willpower": "permanent"}, defender_declares={"willpower": "Terrible"}),
    _c("strike", 3, options={**GUARDS, "wounds.willpower": "permanent"}, defender_declares={"willpower": "Terrible"},
       defender={**BOB, "role": "npc"}),
    _c("strike", 2, options={"wounds.near_death_from_incapacitated": True, "wounds.willpower": "permanent"},
       defender_declares={"willpower": "Terrible"}, defender={**BOB, "track": DOWN}, worst_at_round_start=0),
    _c("strike", 2, options={"wounds.near_death_from_incapacitated": True, "wounds.willpower": "permanent"},
       defender_declares={"willpower": "Terrible"}, defender={**BOB, "track": DOWN}),
    _c("strike", 2, options={"wounds.near_death_from_incapacitated": True, "wounds.willpower": "permanent"},
       defender_declares={"willpower": "Terrible"}, defender={**BOB, "track": GAP}, worst_at_round_start=0),
    _c("strike", 2, options={"wounds.near_death_from_incapacitated": True, "wounds.willpower": "permanent"},
       defender_declares={"willpower": "Terrible"}, defender={**BOB, "track": GAP}),
    # Points spent after the guards, the guards reading the round's start (a group round's second
    # blow on a fighter already Incapacitated, who was not at the round's start).
    _c("strike", 9, options={"wounds.near_death_from_incapacitated": True, "wounds.points": "meta"},
       defender={**BOB, "track": GAP, "fudge_points": 1}, defender_declares={"points": 1}, worst_at_round_start=0),
    _c("strike", 6, options={**GUARDS, "wounds.points": "meta"}, defender={**BOB, "role": "npc", "fudge_points": 2},
       defender_declares={"points": 2}),
    # F95 4.52 no. 4 Willpower, missing (its field as given); none asked for a blow that did nothing.
    _c("strike", 3, options={"wounds.willpower": "temporary"}, defender_declares={"willpower": "Superb"}),
    _c("strike", 3, options={"wounds.willpower": "permanent"}, defender_declares={"willpower": "Terrible"}),
    _c("strike", 3, options={"wounds.willpower": "temporary"}, willpower_field="crew[2].willpower"),
    _c("strike", 1, options={"wounds.willpower": "temporary"},
       defender={**BOB, "armor": {"name": "Plate", "value": 4}}),
    _c("strike", 1, options={"wounds.willpower": "temporary"},
       defender={**BOB, "armor": {"name": "Plate", "value": 6}}),
    # CO 3 the alternate track; CO 4.3 the damage check, its field when the dice are missing.
    _c("strike", 3, options={"co.track": True}), _c("strike", 1, options={"co.track": True}),
    _c("strike", 4, options={"co.track": True}, declares={"max_level": 2}),
    _c("strike", 9, options={"co.track": True}), _c("strike", 9, options={"co.track": True}, declares={"max_level": 5}),
    _c("strike", 1, options={"co.track": True}, defender={**BOB, "armor": {"name": "Plate", "value": 6}}),
    _c("strike", 3, options={"co.track": True, "co.damage_check": True}, check_faces=[1, 0, 0, 0]),
    _c("strike", 3, options={"co.track": True, "co.damage_check": True}, check_field="crew[2].check"),
    _c("strike", 3, options={"co.damage_check": True}, check_faces=[-1, -1, -1, -1]),
    _c("strike", 3, options={"co.damage_check": True}, check_faces=[-1, -1, -1, -1],
       defender={**BOB, "track": {**HURT, "dropped": True}}),
    # No check when the blow changed nothing on a wounded track, nor for a blow that killed.
    _c("strike", 1, options={"co.damage_check": True}, defender={**BOB, "track": HURT, "armor": {"name": "Plate",
                                                                                             "value": 6}}),
    _c("strike", 9, options={"co.damage_check": True}, defender={**BOB, "track": DYING}),
    # CO 2.2 shield check first, then the blow (CO 2.3 wear): blocked, through, no check (None),
    # an NPC at her level, the wound penalty given or read from the track; the missing roll and the
    # missing Shield skill named by the fields given.
    _c("strike_or_block", 2, defender=SHIELDED, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 2, defender=SHIELDED, options={**WEAR, "co.shield_wear": "one"},
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 2, defender=SHIELDED, options=WEAR,
       kw={"attacker_result": 2, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 2, defender=SHIELDED, options=WEAR,
       kw={"attacker_result": 2, "defender_result": None, "shield_roll": [1, 1, 1, 1]}),
    _c("strike_or_block", 2, defender=SHIELDED, options=WEAR,
       kw={"attacker_result": 0, "defender_result": -1, "shield_fixed": True}),
    _c("strike_or_block", 2, defender={**SHIELDED, "track": HURT}, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 2, defender={**SHIELDED, "track": HURT}, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0], "shield_penalty": 0}),
    _c("strike_or_block", 2, defender={**SHIELDED, "track": HURT}, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 1, 0, 0]}),
    _c("strike_or_block", 2, defender=SHIELDED, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0], "shield_penalty": -1}),
    _c("strike_or_block", 2, defender=SHIELDED, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_field": "crew[1].shield"}),
    _c("strike_or_block", 2, defender={**SHIELDED, "skills": {"Sword": "Fair"}}, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0],
           "skill_field": "crew[1].skills"}),
    _c("strike_or_block", 2, defender=SHIELDED,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 2, defender={**SHIELDED, "shield_state": None}, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 2, defender={**SHIELDED, "shield_state": {"name": "Buckler", "points": 6, "taken": 6}},
       options=WEAR, kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 3, defender=SHIELDED, options=WEAR, all_out_bonus=1, extra_damage=[["sweep", 1]],
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 1, defender=SHIELDED, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    # CO 2.3: the wear is the blow's damage number as it would have wounded him: every damage
    # factor of both (F95 4.54, 4.58; MUD 4.54's tough hide), the damage die and the rolls.
    _c("strike_or_block", 3, defender=BIG_SHIELD, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, defender={**BIG_SHIELD, "armor": {"name": "Mail", "value": 2}}, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, defender={**BIG_SHIELD, "damage_capacity": "Great"}, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, defender={**BIG_SHIELD, "mass_scale": 2}, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, defender={**BIG_SHIELD, "tough_hide": 2}, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, defender={**BIG_SHIELD, "resistance": "resistant"}, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, attacker="Strong", defender=BIG_SHIELD, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, defender=BIG_SHIELD, options={**WEAR, "damage.die": "number_1df"}, damage_die=[1],
       kw=BLOCKED),
    _c("strike_or_block", 3, defender=BIG_SHIELD, options={**WEAR, "damage.die": "even_odd_number"}, attack_roll=2,
       defense_roll=-1, kw=BLOCKED),
    _c("strike_or_block", 3, defender=BIG_SHIELD, options={**WEAR, "damage.die": "even_odd_number"}, attack_roll=1,
       defense_roll=2, kw=BLOCKED),
    _c("strike_or_block", 1, defender={**BIG_SHIELD, "armor": {"name": "Plate", "value": 6}}, options=WEAR, kw=BLOCKED),
    _c("strike_or_block", 3, defender=BIG_SHIELD, options={**WEAR, "damage.die": "level_1df"}, damage_die=[1],
       kw=BLOCKED),
    _c("strike_or_block", 3, defender={**BIG_SHIELD, "resistance": "resistant"},
       options={**WEAR, "damage.capacity": "gift"}, kw=BLOCKED),
    _c("strike_or_block", 1, defender={**BIG_SHIELD, "resistance": "resistant"},
       options={**WEAR, "damage.capacity": "gift"}, kw=BLOCKED),
    _c("strike_or_block", 3, defender=BIG_SHIELD, options={**WEAR, "damage.capacity": "roll"}, kw=BLOCKED),
    # The fields named by default: the shield's roll and the defender's skills.
    _c("strike_or_block", 2, defender=SHIELDED, options=WEAR, kw={"attacker_result": 1, "defender_result": 0}),
    _c("strike_or_block", 2, defender={**SHIELDED, "skills": {"Sword": "Fair"}}, options=WEAR,
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
    _c("strike_or_block", 1, defender=SHIELDED, options={**WEAR, "co.track": True},
       kw={"attacker_result": 1, "defender_result": 0, "shield_roll": [1, 0, 0, 0]}),
]


def test_a_shield_check_asked_for_alone_needs_its_roll_and_the_skill():
    """CO 2.2 called with its defaults: a fighter who rolls (not an NPC at her level) must give
    the roll, named ``shield``; without a Shield skill (CO 2.1) the refusal names
    ``defender.skills``; given both, the check is his skill + the roll against the attack."""
    rules = find_ruleset("fudge1995").with_options(WEAR)
    ann, bob = Fighter.from_dict(ANN), Fighter.from_dict(SHIELDED)
    with pytest.raises(DiceError) as err:
        shield_check_against(ann, bob, attacker_result=1, defender_result=0, roll=None, rules=rules)
    assert err.value.field == "shield"
    with pytest.raises(RuleError) as err:
        shield_check_against(ann, Fighter.from_dict({**SHIELDED, "skills": {"Sword": "Fair"}}), attacker_result=1,
                             defender_result=0, roll=fudge_dice([1, 0, 0, 0]).roll, rules=rules)
    assert (err.value.message, err.value.field) == (
        "Bob has no Shield skill, so cannot use a shield (Combat Options 2.1).", "defender.skills")
    block = shield_check_against(ann, bob, attacker_result=1, defender_result=0, roll=fudge_dice([1, 0, 0, 0]).roll,
                                 rules=rules)
    assert block is not None and (block.check.result, block.check.blocked) == (1, True)


def test_a_shield_that_takes_the_blow_asks_for_no_damage_capacity_roll():
    """CO 2.2: "the hit strikes the shield and not the character", so he takes no wound and makes
    no Damage Capacity roll against one (F95 4.52 no. 1, ``damage.capacity`` "roll"); the wear
    (CO 2.3) is the blow's damage number, which the roll never changes."""
    rules = find_ruleset("fudge1995").with_options({**WEAR, "damage.capacity": "roll"})
    ann, bob = Fighter.from_dict(ANN), Fighter.from_dict(BIG_SHIELD)
    block, after = strike_or_block(BlowInput(ann, bob, 3, rules), attacker_result=1, defender_result=0,
                                   shield_roll=fudge_dice([1, 0, 0, 0]).roll)
    plain = strike(BlowInput(ann, bob, 3, rules, defender_declares=Declaration(capacity_roll=0)))[0].damage.number
    assert not hasattr(block, "damage") and block.wear is not None
    assert after.shield_state is not None and after.shield_state.taken == plain == 7
    exchange = ExchangeRequest.from_dict(
        {"a": ANN, "b": BIG_SHIELD, "a_dice": {"roll": {"faces": [1, 0, 0, 0]}},
         "b_dice": {"roll": {"faces": [0, 0, 0, 0]}, "shield": {"faces": [1, 1, 0, 0]}}}, rules=rules).resolve(rules)
    assert exchange.result == "blocked" and exchange.fighters[1].shield_state.taken == 7  # +3: Bob unarmed, −1


def _fighter(data: dict[str, Any]) -> dict[str, Any]:
    """What a blow changes of a fighter: his track, his Fudge Points, his shield's wear."""
    return {k: data[k] for k in ("name", "track", "fudge_points", "shield_state")}


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What the blow gives: ``{"value": {"blow" or "block", "defender"}}`` or ``{"error": ...}``."""
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    blow = dict(case["blow"])
    who = blow.pop("attacker", "Ann")
    attacker = Fighter.from_dict(ANN if who == "Ann" else STRONG if who == "Strong" else {**BOB, "name": "Bea"})
    defender = Fighter.from_dict({k: v for k, v in case["defender"].items() if v is not None})
    for key in ("damage_die", "check_faces"):
        if key in blow:
            blow[key] = tuple(blow[key])
    if "extra_damage" in blow:
        blow["extra_damage"] = tuple(Modifier(s, a, "F95 4.31") for s, a in blow["extra_damage"])
    kw = dict(case["kw"])
    if "shield_roll" in kw:
        kw["shield_roll"] = fudge_dice(kw["shield_roll"]).roll
    try:
        inp = BlowInput(attacker, defender, case["relative_degree"], rules,
                        declares=Declaration.from_dict(case["declares"]),
                        defender_declares=Declaration.from_dict(case["defender_declares"]), **blow)
        landed, after = strike(inp) if case["fn"] == "strike" else strike_or_block(inp, **kw)
    except FudgeError as err:
        return readings.refusal(err)
    kind = "blow" if hasattr(landed, "damage") else "block"
    value = landed.to_dict()
    if kind == "blow":  # the damage's steps are the blow's own, recorded there
        assert all(step in value["steps"] for step in value["damage"].pop("steps"))
    return {"value": {kind: value, "defender": _fighter(after.to_dict())}}


def test_every_blow_reading_is_as_recorded():
    """Each blow lands (or strikes the shield) as the golden file records it, to the step; each
    refusal's class, message and field. Regenerate deliberately with ``PYTHONPATH=. python
    tests/test_blow_readings.py --write`` and review the diff."""
    readings.assert_as_recorded("blow_readings", CASES, answer)


if __name__ == "__main__":
    readings.write_when_asked("blow_readings", readings.recorded(CASES, answer), __file__)
