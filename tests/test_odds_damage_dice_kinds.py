"""Which damage dice the exact odds weigh (``dice_classes.damage_kinds``), where a full hit and a
graze read different dice or none: Min-Mid-Max reads 3d6 for a hit while a graze keeps the
graze rules (F95 4.63); Mudge's damage die is the odd-coloured combat die when the combat roll is
4dF (MUD 4.61), a separate Fudge die otherwise (MUD 4.22); the Fudge 1993 draft reads no damage
die and breaks no tie by a die."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from pyfudge.analysis.dice_classes import damage_kinds
from pyfudge.analysis.odds import attack_odds
from pyfudge.combat.fighter import Fighter
from pyfudge.core import dice
from pyfudge.core.errors import RuleError
from pyfudge.rulesets import find_ruleset


def fighter(name: str, skill: int = 0) -> Fighter:
    return Fighter(name, (("Sword", skill),))


def test_mudge_min_mid_max_weighs_3d6_for_a_hit_and_the_odd_combat_die_for_a_graze():
    rules = find_ruleset("mudge", damage__system="minmidmax")
    assert damage_kinds(rules) == ("3d6", None)
    odds = attack_odds(fighter("A", 1), fighter("B"), rules=rules)
    assert odds.total() == 1
    assert odds.steps[1].section == "F95 4.63" and odds.steps[1].data == {"damage_dice": ["3d6"]}


def test_mudge_min_mid_max_on_2d6_weighs_3d6_for_a_hit_and_a_separate_fudge_die_for_a_graze():
    rules = find_ruleset("mudge", dice__technique="2d6_remove_higher", damage__system="minmidmax")
    assert damage_kinds(rules) == ("3d6", "1dF")
    odds = attack_odds(fighter("A", 1), fighter("B"), rules=rules)
    assert sum((p for _, p in odds.exchange), Fraction(0)) == 1
    assert odds.steps[1].data == {"damage_dice": ["3d6", "1dF"]}


def test_the_fudge_1993_draft_weighs_no_damage_dice():
    assert damage_kinds(find_ruleset("fudge1993")) == (None,)
    odds = attack_odds(fighter("A", 1), fighter("B"), rules=find_ruleset("fudge1993"))
    assert not any("damage_dice" in s.data for s in odds.steps)


def test_with_two_kinds_of_damage_dice_a_round_refused_before_any_die_is_read_keeps_the_pipelines_words():
    """Only an error naming the damage dice sends the runner to the other kind (F95 4.63's 3d6,
    then the graze's 1dF); a simultaneous round under alternating turns (F95 4.23) is refused
    as the pipeline refuses it, not as "exact odds cannot be given"."""
    rules = find_ruleset("fudge1995", damage__system="minmidmax", damage__die="number_1df",
                         melee__pacing="alternating")
    assert damage_kinds(rules) == ("3d6", "1dF")
    with pytest.raises(RuleError) as err:
        attack_odds(fighter("A", 1), fighter("B"), rules=rules)
    assert err.value.field == "pacing"
    assert err.value.message.startswith("Under alternating turns resolve each attack on its own")


def test_a_graze_refusing_the_3d6_is_run_again_with_a_fudge_die_so_runs_outnumber_classes():
    # F95 4.63: a graze keeps the graze rules, so its class, tried with the 3d6 first, is run
    # again with the separate Fudge die (MUD 4.22): one class, two runs, each counted as such.
    rules = find_ruleset("mudge", dice__technique="2d6_remove_higher", damage__system="minmidmax")
    odds = attack_odds(fighter("A", 1), fighter("B"), rules=rules)
    assert odds.runs > odds.classes
    assert odds.steps[-1].data == {"runs": odds.runs, "classes": odds.classes}


def test_mudge_on_2d6_with_no_damage_die_weighs_a_separate_fudge_die_to_break_ties():
    """MUD 4.22 breaks a tie by the odd-coloured die; a 2d6 roll has none, so a separate Fudge
    die plays its part even where damage reads no die: an even match is a stand-off only when
    the rolls tie and the two Fudge dice tie too (a third of the ties)."""
    rules = find_ruleset("mudge", dice__technique="2d6_remove_higher", damage__die="none")
    assert damage_kinds(rules) == ("1dF",)
    tech = dice.TECHNIQUES["2d6_remove_higher"]
    totals = Counter(tech.read(faces).total for faces in itertools.product(tech.die, repeat=tech.count))
    whole = sum(totals.values())
    tie = sum(Fraction(n, whole) ** 2 for n in totals.values())
    odds = attack_odds(fighter("A"), fighter("B"), rules=rules)
    assert dict(odds.exchange)["stand-off"] == tie / 3
    assert odds.steps[1].data == {"damage_dice": ["1dF"]}
