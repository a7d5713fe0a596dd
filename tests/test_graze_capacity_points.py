"""F95 4.56: on a graze "a damage die moves it at most one level"; F95 4.52 no. 1: a Damage
Capacity roll adjusts the wound's severity, by one level or (``damage.capacity_step`` ``point``)
one damage point. A point is never more than the level it stands for: a Great roll never makes a
graze worse, a Poor one never more than a level worse, whichever way the step is counted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfudge.rules import damage
from pyfudge.rules.damage import defensive_factors, offensive_factors
from pyfudge.rules.wound_levels import HURT, INCAPACITATED, SCRATCH, VERY_HURT
from pyfudge.rulesets import new_ruleset

# A GM's finer graze table (F95 4.56 leaves it to her): each point of damage factor a level.
FINE = [[0, SCRATCH], [1, HURT], [2, VERY_HURT], [3, INCAPACITATED]]


def _graze(step: str, faces: list[int], capacity_roll: int | None, strength: int = 0) -> damage.DamageOutcome:
    rules = new_ruleset("fudge1995", {"damage.die": "situational", "damage.capacity": "roll",
                                      "damage.capacity_step": step, "damage.graze_table": FINE})
    return damage.resolve_damage(relative_degree=1, odf=offensive_factors(rules=rules, strength=strength),
                                 ddf=defensive_factors(rules=rules, capacity=0), rules=rules,
                                 damage_die=faces, capacity_roll=capacity_roll)


def test_a_great_capacity_roll_by_points_never_makes_a_capped_graze_worse():
    capped = _graze("point", [1, 1, 1, 1], 0)  # +4 on Scratch: moved one level only, Hurt
    assert capped.level == HURT
    assert _graze("point", [1, 1, 1, 1], 2).level <= HURT


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4), st.integers(-4, 4), st.integers(-2, 3))
def test_a_capacity_point_moves_a_graze_no_further_than_a_capacity_level(faces, roll, strength):
    plain = _graze("point", faces, 0, strength).level
    by_point = _graze("point", faces, roll, strength).level
    by_level = _graze("level", faces, roll, strength).level
    assert min(plain, by_level) <= by_point <= max(plain, by_level)


def test_a_poor_capacity_roll_by_points_reads_the_graze_after_its_damage_die_one_point_worse():
    """F95 4.56: a +2 damage die moves a Scratch graze at most one level, to Hurt; F95 4.52 no. 1:
    a Poor Damage Capacity roll then adds one damage point, read with the die: Very Hurt."""
    assert _graze("point", [1, 1, 0, 0], 0).level == HURT
    assert _graze("point", [1, 1, 0, 0], -3).level == VERY_HURT
