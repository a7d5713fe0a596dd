"""Exact odds with Combat Options shield checks (CO 2.2), damage checks (CO 4.3) and Willpower
(F95 4.52) on: the odds weigh the shield and check dice as further classes, count blocked blows,
and take Willpower as a declared result.

The brute force here runs the pipeline once for every face of every shield or check roll, with
plain ints, and for every pair of combat totals (F95 reads combat rolls by total only:
``test_odds_brute.py`` proves it face by face), weighting each total by how many faces give it.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from pyfudge.analysis import odds, outcomes
from pyfudge.combat import attack
from pyfudge.combat.declaration import Declaration, FighterDice
from pyfudge.combat.fighter import Fighter
from pyfudge.core import dice
from pyfudge.core.errors import RuleError
from pyfudge.rulesets import find_ruleset

SHIELDMAN = Fighter.from_dict({"name": "Brynhild", "skills": {"Sword": 1, "Shield": 1}, "shield": "medium",
                               "weapon": {"name": "Broadsword", "size": 2, "sharp": 1}})
RAIDER = Fighter.from_dict({"name": "Snorri", "skills": {"Axe": 1}, "strength": 1,
                            "weapon": {"name": "Axe", "size": 2, "sharp": 1}})


def _faces_by_total(technique):
    tech = dice.TECHNIQUES[technique]
    rows: dict[int, list] = {}
    for faces in itertools.product(tech.die, repeat=tech.count):
        roll = tech.read(faces)
        rows.setdefault(roll.total, [0, roll])
        rows[roll.total][0] += 1
    return [(n, roll) for n, roll in rows.values()], len(tech.die) ** tech.count


def _brute(a, b, rules, *, kind, shield_of=None, check_of=None):
    """Every combat total pair (weighted) × every face of the one extra roll."""
    technique = rules["dice.technique"]
    totals, whole = _faces_by_total(technique)
    tech = dice.TECHNIQUES[technique]
    extra = [None]
    if shield_of is not None:
        extra = [tech.read(f) for f in itertools.product(tech.die, repeat=tech.count)]
    if check_of is not None:
        extra = list(itertools.product(dice.FUDGE_FACES, repeat=4))
    denominator = whole * whole * len(extra)
    exchange: dict[str, int] = {}
    results: dict[str, dict[str, int]] = {a.name: {}, b.name: {}}
    levels: dict[str, dict[int, int]] = {a.name: {}, b.name: {}}
    for (na, ra), (nb, rb), x in itertools.product(totals, totals, extra):
        dice_of = {a.name: FighterDice(ra), b.name: FighterDice(rb)}
        if shield_of is not None:
            dice_of[shield_of] = FighterDice(dice_of[shield_of].roll, shield=x)
        if check_of is not None:
            dice_of[check_of] = FighterDice(dice_of[check_of].roll, check=x)
        if kind == "attack":
            out = attack.resolve_attack(a, b, rules=rules, attacker_dice=dice_of[a.name],
                                        defender_dice=dice_of[b.name])
        else:
            out = attack.resolve_exchange(a, b, rules=rules, a_dice=dice_of[a.name], b_dice=dice_of[b.name])
        w = na * nb
        exchange[out.result] = exchange.get(out.result, 0) + w
        for name in (a.name, b.name):
            mine = [c.result for c in out.contests if c.attacker == name]
            if kind == "attack" and name == b.name:
                continue
            word = mine[0] if mine else (
                "stand-off" if all(c.result == "stand-off" for c in out.contests) else "miss")
            results[name][word] = results[name].get(word, 0) + w
        for blow in out.blows:
            d = levels[blow.attacker]
            d[blow.level] = d.get(blow.level, 0) + w

    def frac(d):
        return {k: Fraction(v, denominator) for k, v in d.items()}

    return frac(exchange), {k: frac(v) for k, v in results.items()}, {k: frac(v) for k, v in levels.items()}


def _check(a, b, rules, *, kind="round", shield_of=None, check_of=None):
    exact = odds.attack_odds(a, b, rules=rules, kind=kind)
    exchange, results, levels = _brute(a, b, rules, kind=kind, shield_of=shield_of, check_of=check_of)
    assert dict(exact.exchange) == exchange
    assert exact.total() == 1
    for d in exact.directions:
        assert dict(d.results) == results[d.attacker]
        assert dict(d.wounds) == levels[d.attacker]
    return exact


def test_shield_rolls_are_weighed_and_blocks_counted():
    """CO 2.2: Brynhild, losing, rolls her Shield; the odds weigh that roll by its total and
    count the blows it stops as "blocked", between a miss and a graze."""
    rules = find_ruleset("fudge1995", co__shield=True)
    exact = _check(SHIELDMAN, RAIDER, rules, shield_of="Brynhild")
    snorri = exact.direction("Snorri")
    assert snorri.chance("blocked") > 0
    assert snorri.lands == snorri.chance("graze") + snorri.chance("hit")
    assert odds.RESULTS.index("miss") < odds.RESULTS.index("blocked") < odds.RESULTS.index("graze")
    assert exact.runs < 81 * 81  # classes by total, not every face
    assert exact.to_dict()["directions"][1]["results"]["blocked"]["exact"]


def test_shield_rolls_in_a_2d6_technique():
    rules = find_ruleset("fudge1993", co__shield=True)
    _check(SHIELDMAN, RAIDER, rules, shield_of="Brynhild")


def test_damage_check_dice_are_weighed_by_their_sum():
    """CO 4.3: the wounded fighter's 4dF check; only its total matters, nine classes of 81."""
    rules = find_ruleset("fudge1995", co__damage_check=True, melee__pacing="alternating")
    exact = _check(RAIDER, SHIELDMAN, rules, kind="attack", check_of="Brynhild")
    assert exact.runs < 9 * 9 * 81


def test_mudge_with_worn_shields_sums_to_one():
    """MUD 4.22 reads the odd-coloured die as well; CO 2.3: a shield at half its points is −1."""
    rules = find_ruleset("mudge", co__shield=True, co__shield_damage=True)
    worn = Fighter.from_dict({**SHIELDMAN.to_dict(), "shield_state": {"points": 6, "taken": 3}})
    exact = odds.attack_odds(worn, RAIDER, rules=rules)
    assert exact.total() == 1
    for d in exact.directions:
        assert sum(p for _, p in d.results) == 1


def test_willpower_must_be_declared_for_the_odds():
    rules = find_ruleset("fudge1995", wounds__willpower="temporary")
    with pytest.raises(RuleError) as err:
        odds.attack_odds(RAIDER, SHIELDMAN, rules=rules)
    assert err.value.field == "a_declares.willpower" and "Willpower" in err.value.message
    with pytest.raises(RuleError) as err:
        odds.attack_odds(RAIDER, SHIELDMAN, rules=rules.with_options({"melee.pacing": "alternating"}),
                         kind="attack")  # only the defender is wounded
    assert err.value.field == "b_declares.willpower"
    with pytest.raises(RuleError) as err:  # in a round both may be wounded: b's is missing
        odds.attack_odds(RAIDER, SHIELDMAN, rules=rules, a_declares=Declaration(willpower=0))
    assert err.value.field == "b_declares.willpower" and "Brynhild's Willpower" in err.value.message


def test_declared_willpower_enters_every_run():
    """F95 4.52 no. 4: a Great Willpower result lowers wounds; a Poor one raises them."""
    rules = find_ruleset("fudge1995", wounds__willpower="temporary", melee__pacing="alternating")
    great = odds.attack_odds(RAIDER, SHIELDMAN, rules=rules, kind="attack",
                             b_declares=Declaration(willpower=2))
    poor = odds.attack_odds(RAIDER, SHIELDMAN, rules=rules, kind="attack",
                            b_declares=Declaration(willpower=-2))
    hit = great.direction("Snorri")
    assert hit.lands == poor.direction("Snorri").lands
    from pyfudge.rules import wounds
    assert hit.wound_at_least(wounds.HURT) < poor.direction("Snorri").wound_at_least(wounds.HURT)


def test_odds_request_carries_willpower_through_json():
    rules = find_ruleset("fudge1995", wounds__willpower="permanent", melee__pacing="alternating")
    req = odds.OddsRequest.from_dict({"a": RAIDER.to_dict(), "b": SHIELDMAN.to_dict(), "kind": "attack",
                                      "b_declares": {"willpower": "Good"}})
    assert odds.OddsRequest.from_dict(req.to_dict()) == req
    assert req.odds(rules).total() == 1


def test_exchange_outcomes_weigh_the_same_classes():
    rules = find_ruleset("fudge1995", co__shield=True, co__damage_check=True)
    leaves = outcomes.exchange_outcomes(SHIELDMAN, RAIDER, rules=rules)
    assert sum(p for _, p in leaves.leaves) == 1
    blocked = sum(p for o, p in leaves.leaves if any(c.result == "blocked" for c in o.contests))
    exact = odds.attack_odds(SHIELDMAN, RAIDER, rules=rules)
    assert blocked == exact.direction("Snorri").chance("blocked")
