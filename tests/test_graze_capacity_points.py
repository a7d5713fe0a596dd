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


def test_a_capacity_point_rereads_a_graze_with_the_all_out_levels_still_added():
    """F95 4.7: an all-out attacker's +1 raises a graze a level; F95 4.31 (``melee.all_out_foe_graze``
    "levels"): the +2 against a failed all-out attacker raises it two. A Poor Damage Capacity roll
    by points (F95 4.52 no. 1) re-reads the graze one point worse with those levels kept: Scratch
    +1 is Hurt, one point worse Very Hurt; Scratch +2 is Very Hurt, one point worse Incapacitated."""
    rules = new_ruleset("fudge1995", {"damage.die": "situational", "damage.capacity": "roll",
                                      "damage.capacity_step": "point", "damage.graze_table": FINE})
    ddf = defensive_factors(rules=rules, capacity=0)
    for bonus, plain, poor in (({"all_out": 1}, HURT, VERY_HURT), ({"foe_all_out": 2}, VERY_HURT, INCAPACITATED)):
        odf = offensive_factors(rules=rules, **bonus)
        read = [damage.resolve_damage(relative_degree=1, odf=odf, ddf=ddf, rules=rules, damage_die=[0] * 4,
                                      capacity_roll=roll).level for roll in (0, -3)]
        assert read == [plain, poor]


def test_a_great_capacity_roll_by_points_lowers_a_graze_the_foes_levels_raised_though_the_reread_finds_none():
    """F95 4.31 ("levels"): the +2 against a failed all-out attacker raises a Scratch graze to
    Very Hurt; F95 4.56: a −1 damage die reads no damage and moves it one level, to Hurt. F95 4.52
    no. 1, by points: a Great Damage Capacity roll re-reads it one point lighter, again no damage,
    so the wound drops one level, to Scratch (the foe's levels raise a wound, never make one)."""
    rules = new_ruleset("fudge1995", {"damage.die": "situational", "damage.capacity": "roll",
                                      "damage.capacity_step": "point", "damage.graze_table": FINE,
                                      "melee.all_out_foe_graze": "levels"})
    odf = offensive_factors(rules=rules, foe_all_out=2)
    ddf = defensive_factors(rules=rules, capacity=0)
    read = [damage.resolve_damage(relative_degree=1, odf=odf, ddf=ddf, rules=rules, damage_die=[-1, 0, 0, 0],
                                  capacity_roll=roll).level for roll in (0, 2)]
    assert read == [HURT, SCRATCH]
