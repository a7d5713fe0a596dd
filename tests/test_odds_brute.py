"""The class enumeration of pyfudge/analysis/odds.py against a brute force over every face.

The brute force here runs the attack pipeline once for every face combination of every die the
exchange rolls (both combat rolls, and each fighter's damage dice where the ruleset rolls them),
with plain ints, and adds up the outcomes with its own tally. The odds must be the very same
Fractions. Three configurations cover the three ways a roll is read: by total only (F95), by
total and odd-coloured last die (Mudge stances: tie-break and damage die), and a 2d6 technique
with a separate 1dF damage die (F93 dice, F95 4.61 die). Damage dice of 4dF and 3d6 are checked
one blow at a time: the pipeline reads 4dF by its sum and Min-Mid-Max's 3d6 in any order.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from pyfudge.analysis import dice_classes, odds
from pyfudge.combat import attack, declaration
from pyfudge.combat.declaration import Declaration, FighterDice
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.stances import Stance
from pyfudge.core import dice
from pyfudge.rules.damage import Armor, Weapon
from pyfudge.rulesets import find_ruleset


def _brute(a, b, rules, a_decl, b_decl, damage_kind):
    tech = dice.TECHNIQUES[rules["dice.technique"]]
    rolls = [tech.read(f) for f in itertools.product(tech.die, repeat=tech.count)]
    if damage_kind is None:
        damage = [None]
    else:
        die = dice.FUDGE_FACES if damage_kind.endswith("dF") else dice.D6_FACES
        damage = list(itertools.product(die, repeat=int(damage_kind[0])))
    whole = (len(rolls) * len(damage)) ** 2
    exchange: dict[str, int] = {}
    results = {a.name: {}, b.name: {}}
    levels = {a.name: {}, b.name: {}}

    def add(d, k):
        d[k] = d.get(k, 0) + 1

    for ra, rb, da, db in itertools.product(rolls, rolls, damage, damage):
        out = attack.resolve_exchange(a, b, rules=rules, a_dice=FighterDice(ra, da),
                                      b_dice=FighterDice(rb, db), a_declares=a_decl, b_declares=b_decl)
        add(exchange, out.result)
        for name in (a.name, b.name):
            mine = [c.result for c in out.contests if c.attacker == name]
            word = mine[0] if mine else (
                "stand-off" if all(c.result == "stand-off" for c in out.contests) else "miss")
            add(results[name], word)
        for blow in out.blows:
            add(levels[blow.attacker], blow.level)

    def frac(d):
        return {k: Fraction(v, whole) for k, v in d.items()}

    return frac(exchange), {k: frac(v) for k, v in results.items()}, {k: frac(v) for k, v in levels.items()}


def _check(a, b, rules, a_decl=None, b_decl=None, damage_kind=None):
    a_decl, b_decl = a_decl or Declaration(), b_decl or Declaration()
    assert dice_classes.damage_kinds(rules) == (damage_kind,)
    exact = odds.attack_odds(a, b, rules=rules, a_declares=a_decl, b_declares=b_decl)
    exchange, results, levels = _brute(a, b, rules, a_decl, b_decl, damage_kind)
    assert dict(exact.exchange) == exchange
    for d in exact.directions:
        assert dict(d.results) == results[d.attacker]
        assert dict(d.wounds) == levels[d.attacker]
    return exact


A = Fighter("Leroy", (("Sword", 1),), strength=1, weapon=Weapon("Broadsword", 2, 1))
B = Fighter("Theodora", (("Axe", 0),), damage_capacity=1, weapon=Weapon("Axe", 2, 1), armor=Armor("Leather", 1))


def test_f95_rolls_are_read_by_total_only():
    exact = _check(A, B, find_ruleset("fudge1995"))
    assert exact.runs == 81  # 9 × 9 totals instead of 6561 face pairs


def test_mudge_stances_read_the_odd_coloured_die():
    exact = _check(A, B, find_ruleset("mudge"), Declaration(stance=Stance(2)), Declaration(stance=Stance(-2)))
    assert exact.kind == "stances"
    assert exact.runs < 6561


def test_2d6_with_a_separate_1df_damage_die():
    rules = find_ruleset("fudge1993", damage__die="number_1df")
    exact = _check(A, B, rules, damage_kind="1dF")
    assert exact.runs < 36 * 36 * 9


@pytest.mark.parametrize("options,kind", [
    ({"damage.die": "situational"}, "4dF"),
    ({"damage.die": "situational_limited"}, "4dF"),
    ({"damage.system": "minmidmax"}, "3d6"),
    ({"damage.system": "minmidmax", "damage.mmm_low_penalty": True}, "3d6"),
])
def test_damage_dice_are_read_as_their_class(options, kind):
    """For fixed combat dice where Leroy hits, every face of his damage dice gives the same
    outcome as its class's representative (4dF: the sum, F95 4.61; 3d6: the three in order of
    size, F95 4.63), so counting classes by size is exact."""
    rules = find_ruleset("fudge1995").with_options(options)
    reps = {key: faces for key, _, faces in dice_classes.damage_classes(kind)}
    pairs = (([1, 1, 0, 0], [-1, 0, 0, 0]), ([1, 1, 1, 1], [-1, -1, 0, 0]), ([0, 1, 0, 0], [0, 0, 0, 0]))
    for a_faces, b_faces in pairs:
        def level(faces, a_faces=a_faces, b_faces=b_faces):
            out = attack.resolve_exchange(A, B, rules=rules, a_dice=declaration.fudge_dice(a_faces, faces),
                                          b_dice=declaration.fudge_dice(b_faces))
            return [(bl.attacker, bl.level, bl.damage.number) for bl in out.blows]
        rep_out = {key: level(rep) for key, rep in reps.items()}
        assert len({repr(v) for v in rep_out.values()}) > 1  # the dice do change the blow
        die = dice.FUDGE_FACES if kind == "4dF" else dice.D6_FACES
        for faces in itertools.product(die, repeat=len(next(iter(reps.values())))):
            assert level(faces) == rep_out[dice_classes.damage_reading(kind, faces)], faces
