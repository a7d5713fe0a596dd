"""Offensive/defensive stances (F95 4.32, MUD 4.32, F93 4.63): rule M-STANCES."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyfudge.combat import stances
from pyfudge.combat.stances import Stance
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")


def test_five_stances_with_mudge_names():
    assert [Stance(n).label for n in (2, 1, 0, -1, -2)] == [
        "Berserk", "Aggressive", "Normal", "Cautious", "Defensive"]


def test_the_stances_option_is_named_and_cited_in_the_rules_form():
    """The rules form lists the option by its name, citing F95 4.32 (MUD fights with stances)."""
    option = next(o for o in stances.OPTIONS if o.key == "melee.stances")
    assert (option.label, option.section) == ("Offensive/defensive stances", "F95 4.32")


def test_stance_moves_offence_and_defence_by_equal_amounts():
    off, de = Stance(1).modifiers()
    assert off.amount == 1 and de.amount == -1
    assert Stance(0).modifiers() == (None, None)
    assert Stance(-2).defence == 2


def test_stance_out_of_range_refused():
    with pytest.raises(FudgeError):
        Stance(3)
    with pytest.raises(FudgeError):
        Stance.from_dict("reckless")
    with pytest.raises(FudgeError):
        Stance.from_dict(True)


def test_two_fudge_dice_choose_the_offence_modifier():
    assert stances.from_fudge_dice([1, 1]) == Stance(2)
    assert stances.from_fudge_dice([1, -1]) == Stance(0)
    assert stances.from_fudge_dice([-1, 0]) == Stance(-1)
    with pytest.raises(FudgeError):
        stances.from_fudge_dice([2, 0])


def test_f95_one_d6_chooses_the_stance():
    # F95 4.32: 1 −2, 2 −1, 3–4 normal, 5 +1, 6 +2.
    assert [stances.from_d6(f).offence for f in range(1, 7)] == [-2, -1, 0, 0, 1, 2]
    with pytest.raises(FudgeError):
        stances.from_d6(7)


def test_f93_dice_shown_choose_the_stance():
    # F93 4.63: the positive die with 1 showing is +1 offence, −1 defence.
    assert stances.from_dice_shown("plus", 1) == Stance(1)
    assert stances.from_dice_shown("minus", 2) == Stance(-2)
    assert stances.from_dice_shown("both") == Stance(0)
    with pytest.raises(FudgeError):
        stances.from_dice_shown("plus", 3)
    with pytest.raises(FudgeError):
        stances.from_dice_shown("both", 1)


def test_stances_are_melee_only_and_need_the_option():
    stances.check_allowed(Stance(1), rules=MUD)
    with pytest.raises(RuleError):
        stances.check_allowed(Stance(1), rules=F95)
    with pytest.raises(RuleError):
        stances.check_allowed(Stance(1), rules=MUD, ranged=True)
    with pytest.raises(RuleError):
        stances.check_allowed(Stance(-1), rules=MUD, defend_only=True)
    with pytest.raises(RuleError):
        stances.check_allowed(Stance(2), rules=MUD, stunned=True)
    stances.check_allowed(Stance(0), rules=F95, ranged=True)


@given(st.sampled_from(["berserk", "aggressive", "normal", "cautious", "defensive", -2, -1, 0, 1, 2]))
def test_stance_round_trips(value):
    s = Stance.from_dict(value)
    assert Stance.from_dict(s.to_dict()) == s
