"""The forecast's exchange outcomes (pyfudge/analysis/outcomes.py): which round they weigh (the
first unless told: F95 4.36's "plus" levels count on even rounds), and what they refuse and how: as the
exchange's odds do (tests/test_odds.py), a kind of exchange that is neither a round nor an
attack names ``kind``; an input the pipeline refuses before any die is read is refused in the
pipeline's own words; a roll that needs more than dice (F95 4.52's Damage Capacity roll) says
exact odds cannot be given, both for the whole distribution and for one drawn outcome; more runs
than the budget allows are refused naming it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pyfudge.analysis import outcomes
from pyfudge.analysis.odds import attack_odds
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.rulesets import find_ruleset


def fighter(name: str, skill: int = 0) -> Fighter:
    return Fighter(name, (("Sword", skill),))


RULES = find_ruleset("fudge1995")


@pytest.mark.parametrize("make", [outcomes.exchange_outcomes, outcomes.OutcomeDraw])
def test_a_kind_neither_round_nor_attack_is_refused_naming_kind(make):
    with pytest.raises(FudgeError) as err:
        make(fighter("A"), fighter("B"), rules=RULES, kind="duel")
    assert err.value.field == "kind"
    assert err.value.message == "kind must be round or attack, not 'duel'."


def test_a_round_the_rules_refuse_is_refused_in_the_pipelines_words():
    """F95 4.23: under alternating turns there is no simultaneous round; no die was read, so the
    refusal is the pipeline's, not "exact odds cannot be given"."""
    rules = find_ruleset("fudge1995", melee__pacing="alternating")
    with pytest.raises(RuleError) as err:
        outcomes.exchange_outcomes(fighter("A"), fighter("B"), rules=rules)
    assert "Exact odds cannot be given" not in err.value.message


def test_a_damage_capacity_roll_refuses_the_outcomes_saying_why():
    """F95 4.52's first alternative rolls Damage Capacity after a Hurt or worse: not the
    exchange's dice, so the outcomes cannot be weighed."""
    rules = find_ruleset("fudge1995", damage__capacity="roll")
    with pytest.raises(RuleError) as err:
        outcomes.exchange_outcomes(fighter("A", 3), fighter("B"), rules=rules)
    assert err.value.message.startswith("Exact odds cannot be given: some rolls need more than dice.")
    assert err.value.field == "b_declares.capacity_roll"  # where the roll would be entered


def test_a_drawn_outcome_that_needs_a_damage_capacity_roll_is_refused_saying_why():
    rules = find_ruleset("fudge1995", damage__capacity="roll")
    draws = outcomes.OutcomeDraw(fighter("A", 3), fighter("B"), rules=rules)
    rng = random.Random(1)
    with pytest.raises(RuleError) as err:
        for _ in range(200):  # A at +3 wounds B in most rounds: a draw soon needs the roll
            draws.draw(rng)
    assert err.value.message.startswith("Exact odds cannot be given: some rolls need more than dice.")


def test_outcomes_too_dear_to_weigh_are_refused_naming_the_budget():
    with pytest.raises(RuleError) as err:
        outcomes.exchange_outcomes(fighter("A"), fighter("B"), rules=RULES, max_runs=5)
    assert err.value.field == "odds"
    assert err.value.message == ("These rules read so many dice that exact odds would take more than 5 "
                                 "resolutions; they are not computed.")


PLUS = Fighter("A", (("Sword", 0),), plus_skills=("Sword",))


def _lands(leaves: outcomes.OutcomeLeaves) -> Fraction:
    return sum((p for o, p in leaves.leaves if any(b.attacker == "A" for b in o.blows)), Fraction(0))


def test_the_outcomes_are_round_ones_unless_told_and_a_plus_level_counts_on_even_rounds():
    """F95 4.36: a "plus" level is +1 on even rounds only."""
    first = _lands(outcomes.exchange_outcomes(PLUS, fighter("B"), rules=RULES))
    assert first == _lands(outcomes.exchange_outcomes(PLUS, fighter("B"), rules=RULES, round_number=1))
    assert first < _lands(outcomes.exchange_outcomes(PLUS, fighter("B"), rules=RULES, round_number=2))


def test_drawn_outcomes_are_round_ones_unless_told():
    def drawn(**kw) -> list:
        draws, rng = outcomes.OutcomeDraw(PLUS, fighter("B"), rules=RULES, **kw), random.Random(7)
        return [draws.draw(rng) for _ in range(60)]

    assert drawn() == drawn(round_number=1) != drawn(round_number=2)


def test_the_outcomes_count_the_same_runs_and_classes_as_the_exchanges_odds():
    """Both walk the same classes of dice with the same resolver (odds.exchange_slots)."""
    leaves = outcomes.exchange_outcomes(PLUS, fighter("B", 1), rules=RULES)
    exact = attack_odds(PLUS, fighter("B", 1), rules=RULES)
    assert (leaves.runs, len(leaves.leaves)) == (exact.runs, exact.classes)


def test_drawn_outcomes_weigh_a_shieldmans_shield_roll():
    """CO 2.2: the shield roll is a roll slot after the two combat rolls; every drawn outcome is
    one of the exact outcomes, a blocked blow among them."""
    shieldman = Fighter.from_dict({"name": "Brynhild", "skills": {"Sword": 1, "Shield": 1}, "shield": "medium"})
    rules = find_ruleset("fudge1995", co__shield=True)
    exact = [o for o, _ in outcomes.exchange_outcomes(fighter("Snorri", 1), shieldman, rules=rules).leaves]
    draws, rng = outcomes.OutcomeDraw(fighter("Snorri", 1), shieldman, rules=rules), random.Random(3)
    drawn = [draws.draw(rng) for _ in range(300)]
    assert all(o in exact for o in drawn)
    assert any(o.result == "blocked" for o in drawn)
