"""Shields, Combat Options 2 (Miller 2000)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.combat import shield
from pyfudge.combat.shield import ShieldCheck, ShieldState, absorb, shield_check
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.rulesets import find_ruleset

OFF = find_ruleset("fudge1995")
ON = OFF.with_options({"co.shield": True})
WEAR = ON.with_options({"co.shield_damage": True})


def check(**kw):
    data = {"name": "Hal", "shield_skill": 1, "roll": 0, "opponent_result": 1, "defender_result": 0, **kw}
    return ShieldCheck.from_dict(data)


def test_shield_checks_are_off_in_every_preset():
    for preset in ("fudge1995", "mudge", "fudge1993"):
        assert find_ruleset(preset)["co.shield"] is False
    with pytest.raises(RuleError):
        shield_check(check(), rules=OFF)


def test_shield_needs_a_shield_skill():
    with pytest.raises(RuleError, match="Shield skill"):
        shield_check(check(shield_skill=None), rules=ON)


def test_check_equal_to_the_opponent_result_strikes_the_shield():
    out = shield_check(check(roll=0, opponent_result=1), rules=ON)
    assert out.needed and out.blocked and out.result == 1


def test_check_below_the_opponent_result_lets_the_blow_through():
    out = shield_check(check(roll=-1, opponent_result=1), rules=ON)
    assert out.needed and not out.blocked


def test_no_check_when_the_shieldman_did_not_lose():
    out = shield_check(check(defender_result=1, opponent_result=1), rules=ON)
    assert not out.needed and not out.blocked and out.result is None


def test_gm_may_rule_the_check_lost_or_modify_it():
    assert not shield_check(check(roll=4, forfeit=True), rules=ON).blocked
    mod = [{"source": "slippery footing", "amount": -1, "section": "CO 2.2"}]
    assert not shield_check(check(roll=0, modifiers=mod), rules=ON).blocked


def test_worn_shield_is_minus_one_and_spent_shield_is_useless():
    half = shield_check(check(roll=0, shield={"points": 6, "taken": 3}), rules=WEAR)
    assert not half.blocked and half.result == 0 and half.modifiers[-1].amount == -1
    fresh = shield_check(check(roll=0, shield={"points": 6, "taken": 2}), rules=WEAR)
    assert fresh.blocked
    spent = shield_check(check(roll=4, shield={"points": 6, "taken": 6}), rules=WEAR)
    assert spent.needed and not spent.blocked
    # without the optional wear rule, points are ignored
    assert shield_check(check(roll=0, shield={"points": 6, "taken": 6}), rules=ON).blocked


def test_absorbing_blows_wears_the_shield():
    s = ShieldState("buckler", 5, 0)
    once = absorb(s, 2, rules=WEAR)
    assert once.shield.taken == 2 and not once.shield.worn
    twice = absorb(once.shield, 1, rules=WEAR)
    assert twice.shield.worn and "half" in twice.steps[0].text
    spent = absorb(twice.shield, 9, rules=WEAR)
    assert spent.shield.spent and spent.points == 2
    with pytest.raises(RuleError):
        absorb(spent.shield, 1, rules=WEAR)
    assert absorb(s, 3, rules=ON).shield == s  # wear not tracked


def test_wear_points_per_blow_option():
    assert shield.wear_points(4, rules=WEAR) == 4
    assert shield.wear_points(-2, rules=WEAR) == 0
    assert shield.wear_points(4, rules=WEAR.with_options({"co.shield_wear": "one"})) == 1


def test_shield_check_round_trips_and_validates():
    c = check(faces=[1, 0, 0, 0], roll=None, shield={"name": "kite", "points": 8, "taken": 1})
    assert ShieldCheck.from_dict(c.to_dict()) == c
    with pytest.raises(FudgeError) as err:
        check(shield={"points": 3, "taken": 4})
    assert err.value.field == "shield_check.shield.taken"


@st.composite
def lost_actions(draw):
    """A shieldman who lost the action (three times in four; else he won or tied it) with a shield
    whose damage taken is at most its points — one time in eight more than it has (refused)."""
    opp = draw(st.integers(-6, 8))
    own = opp - draw(st.integers(1, 6)) if draw(st.integers(0, 3)) < 3 else opp + draw(st.integers(0, 3))
    points = draw(st.integers(1, 10))
    taken = draw(st.integers(0, points)) if draw(st.integers(0, 7)) < 7 else points + draw(st.integers(1, 3))
    return draw(st.integers(-3, 4)), draw(st.integers(-4, 4)), opp, own, points, taken


@at_least(0.5)
@settings(max_examples=150, deadline=None)
@given(lost_actions())
def test_shield_never_blocks_a_blow_it_should_not(case):
    skill, roll, opp, own, points, taken = case
    try:
        c = check(shield_skill=skill, roll=roll, opponent_result=opp, defender_result=own,
                  shield={"points": points, "taken": taken})
    except FudgeError:
        assert taken > points
        refused()
        return
    out = shield_check(c, rules=WEAR)
    assert out == shield_check(c, rules=WEAR)
    if own >= opp:
        assert not out.needed and not out.blocked  # he did not lose: no check (CO 2.2)
        refused()
        return
    checked()
    assert out.needed
    if c.shield.spent:  # CO 2.3: an exhausted shield cannot be used
        assert out.result is None and not out.blocked
    else:  # CO 2.2: skill + roll, −1 at half its points (CO 2.3), against the opponent's result
        assert out.result == skill + roll - (1 if c.shield.worn else 0)
        assert out.blocked == (out.result >= opp)


def test_shield_skill_is_read_from_the_fighter():
    from pyfudge.combat.fighter import Fighter
    hal = Fighter.from_dict({"name": "Hal", "skills": {"Sword": 1, "shield": 2}})
    assert shield.shield_skill_of(hal) == 2
    assert shield.shield_skill_of(Fighter.from_dict({"name": "Bo", "skills": {"Sword": 1}})) is None
