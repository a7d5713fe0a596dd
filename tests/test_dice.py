"""Dice: Fudge dice, the three 2d6 ways of F93, d6 and 3d6, entry by faces or total, exact odds."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest

from pyfudge import dice
from pyfudge.dice import Roll
from pyfudge.errors import DiceError, OptionError
from pyfudge.rulesets import OPTIONS, find_ruleset

# --- R-DICE-4DF ---------------------------------------------------------------------------

def test_4df_total_is_the_sum_of_the_faces():
    roll = dice.fudge([1, 1, 0, -1])
    assert roll.total == 1 and roll.faces == (1, 1, 0, -1) and roll.technique == "4dF"


def test_2df_group_roll_and_1df_damage_die():
    assert dice.fudge([1, 1], 2).total == 2
    assert dice.read("2dF", faces=[-1, 0]).total == -1
    assert dice.read("1dF", faces=[-1]).total == -1


@pytest.mark.parametrize("faces,field", [([1, 2, 0, 0], "faces[1]"), ([1, 0, 0], "faces"),
                                         ("++--", "faces"), ([True, 0, 0, 0], "faces[0]")])
def test_bad_fudge_faces_are_refused_with_the_field(faces, field):
    with pytest.raises(DiceError) as err:
        dice.fudge(faces)
    assert err.value.field == field


def test_one_fudge_die_message_is_singular():
    with pytest.raises(DiceError, match="1 Fudge die,"):
        dice.fudge([0, 0], 1)


# --- R-DICE-2D6 ---------------------------------------------------------------------------

def test_remove_higher_doubles_read_the_trait_level():
    for n in range(1, 7):
        assert dice.remove_higher([n, n]).total == 0


def test_remove_higher_keeps_the_lower_die_with_its_sign():
    assert dice.remove_higher([3, 5]).total == 3  # plus die lower: +3
    assert dice.remove_higher([4, 1]).total == -1  # minus die lower: −1


def test_remove_higher_plus_or_minus_five_reads_zero():
    roll = dice.remove_higher([5, 6])
    assert roll.total == 0
    assert [s.data.get("read") for s in roll.steps][0] == 5
    assert dice.remove_higher([6, 5]).total == 0


def test_difference_reads_plus_minus_minus_and_five_reads_zero():
    assert dice.difference([2, 4]).total == -2
    assert dice.difference([6, 2]).total == 4
    assert dice.difference([6, 1]).total == 0 and dice.difference([1, 6]).total == 0


def test_two_d6_minus_seven_matches_the_printed_table():
    for a, b in itertools.product(range(1, 7), repeat=2):
        assert dice.minus_seven([a, b]).total == dice.MINUS_SEVEN_TABLE[a + b]


@pytest.mark.parametrize("faces", [[0, 3], [7, 1], [3], [1, 2, 3], "34", [2.0, 3]])
def test_bad_d6_faces_are_refused(faces):
    with pytest.raises(DiceError):
        dice.remove_higher(faces)


def test_d6_and_3d6_sum_their_faces():
    assert dice.d6([4]).total == 4
    assert dice.d6([3, 5, 6], 3).total == 14
    assert dice.check_d6_faces([1, 6, 2], 3) == (1, 6, 2)
    with pytest.raises(DiceError) as err:
        dice.check_d6_faces([1, 6, 9], 3, field="damage.faces")
    assert err.value.field == "damage.faces[2]"


# --- R-DICE-ENTRY -------------------------------------------------------------------------

@pytest.mark.parametrize("key,low,high", [("4dF", -4, 4), ("2dF", -2, 2), ("1dF", -1, 1),
                                          ("1d6", 1, 6), ("2d6_remove_higher", -5, 5)])
def test_entered_total_must_be_possible_for_the_technique(key, low, high):
    assert dice.read(key, total=low).entered
    assert dice.read(key, total=high).faces == ()
    for bad in (low - 1, high + 1):
        with pytest.raises(DiceError) as err:
            dice.read(key, total=bad, field="args.roll")
        assert err.value.field == "args.roll"


def test_entered_plus_five_on_two_d6_reads_zero():
    assert dice.read("2d6_minus_7", total=5).total == 0
    assert dice.read("2d6_difference", total=-5).total == 0


def test_entry_needs_exactly_one_of_faces_and_total():
    with pytest.raises(DiceError, match="either"):
        dice.read("4dF", faces=[0, 0, 0, 0], total=0)
    with pytest.raises(DiceError):
        dice.read("4dF")
    with pytest.raises(DiceError):
        dice.read("4dF", total="3")
    with pytest.raises(DiceError):
        dice.read("4dF", total=True)


def test_three_d6_needs_each_die_not_a_total():
    with pytest.raises(DiceError, match="each die"):
        dice.read("3d6", total=10)


def test_unknown_technique_is_refused():
    with pytest.raises(DiceError) as err:
        dice.read("d20", total=3)
    assert err.value.field == "dice"


def test_read_action_follows_the_ruleset_technique():
    assert dice.read_action(rules=find_ruleset("f95"), faces=[1, 1, 1, 1]).total == 4
    assert dice.read_action(rules=find_ruleset("f93"), faces=[3, 5]).technique == "2d6_remove_higher"
    rules = find_ruleset("f95", dice__technique="2d6_difference")
    assert dice.read_action(rules=rules, faces=[2, 4]).total == -2


def test_roll_round_trips_through_json():
    for roll in (dice.fudge([1, 0, -1, 1], entered=True), dice.read("2d6_minus_7", total=5),
                 dice.remove_higher([6, 5]), dice.d6([1, 2, 3], 3)):
        data = json.loads(json.dumps(roll.to_dict()))
        assert Roll.from_dict(data) == roll


def test_roll_from_dict_refuses_a_total_that_the_faces_do_not_give():
    with pytest.raises(DiceError) as err:
        Roll.from_dict({"dice": "4dF", "faces": [1, 1, 0, 0], "total": 3}, field="r")
    assert err.value.field == "r.total"


@pytest.mark.parametrize("data,field", [
    ({"dice": "4dF", "faces": [1, 1, 0, 0], "colour": "red"}, "r"),
    ({"dice": "4d8", "total": 2}, "r.dice"),
    ({"dice": "4dF", "total": 9}, "r.total"),
    ({"dice": "4dF", "faces": [1, 1, 0, 2]}, "r.faces[3]"),
    ({"dice": "4dF", "total": 1, "entered": "yes"}, "r.entered"),
    ([1, 1, 0, 0], "r"),
])
def test_roll_from_dict_names_the_bad_field(data, field):
    with pytest.raises(DiceError) as err:
        Roll.from_dict(data, field="r")
    assert err.value.field == field


def test_edge_rolls_use_the_injected_rng_and_replay():
    for key in dice.TECHNIQUES:
        a = dice.roll_technique(random.Random(7), key)
        b = dice.roll_technique(random.Random(7), key)
        assert a == b and not a.entered
        assert dice.read(key, faces=list(a.faces)).total == a.total
    assert dice.roll_d6(random.Random(1), 3).technique == "3d6"
    assert dice.roll_action(random.Random(3), rules=find_ruleset("f93")).technique == "2d6_remove_higher"


# --- the option -----------------------------------------------------------------------------

def test_technique_option_defaults_follow_the_books():
    assert find_ruleset("fudge1995")["dice.technique"] == "4dF"
    assert find_ruleset("mudge")["dice.technique"] == "4dF"
    assert find_ruleset("fudge1993")["dice.technique"] == "2d6_remove_higher"
    assert OPTIONS["dice.technique"].group == "Dice"
    with pytest.raises(OptionError):
        find_ruleset("f95", dice__technique="3d6")


# --- R-DICE-ODDS ----------------------------------------------------------------------------

def test_4df_distribution_is_the_count_over_81():
    dist = dice.distribution("4dF")
    assert dist == {t: Fraction(n, 81) for t, n in
                    zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1))}


def test_the_three_2d6_ways_have_the_same_odds():
    """F93 4.22: "They do not alter the odds of achieving a certain result"."""
    ref = dice.distribution("2d6_remove_higher")
    assert dice.distribution("2d6_difference") == ref
    assert dice.distribution("2d6_minus_7") == ref
    assert ref[0] == Fraction(8, 36) and ref[4] == Fraction(2, 36)


@pytest.mark.parametrize("key", list(dice.TECHNIQUES))
def test_every_distribution_sums_to_one(key):
    assert sum(dice.distribution(key).values()) == 1
    assert sum(dice.face_distribution(key).values()) == 1


def test_chance_at_least_and_at_most():
    assert dice.chance_at_least("4dF", 4) == Fraction(1, 81)
    assert dice.chance_at_least("4dF", -4) == 1
    assert dice.chance_at_least("4dF", 5) == 0
    assert dice.chance_at_most("4dF", 0) + dice.chance_at_least("4dF", 1) == 1


def test_difference_distribution_is_symmetric_and_sums_to_one():
    dist = dice.difference_distribution("4dF")
    assert sum(dist.values()) == 1
    assert all(dist[k] == dist[-k] for k in dist)
    assert min(dist) == -8 and max(dist) == 8


def test_percent_rounds_halves_up():
    assert dice.percent(Fraction(1, 4)) == 25
    assert dice.percent(Fraction(1, 18)) == 6
    assert dice.percent(Fraction(1, 200)) == 1


def test_odd_coloured_damage_die_is_the_last_of_four_faces():
    assert dice.odd_die(dice.fudge([1, 1, 1, -1])) == -1
    with pytest.raises(DiceError):
        dice.odd_die(dice.read("4dF", total=2))
    with pytest.raises(DiceError):
        dice.odd_die(dice.fudge([1, 0], 2))


def test_roll_from_dict_refuses_a_boolean_total():
    with pytest.raises(DiceError):
        Roll.from_dict({"dice": "4dF", "faces": [1, 0, 0, 0], "total": True})


def test_a_die_left_blank_asks_for_its_face():
    with pytest.raises(DiceError) as err:
        dice.check_fudge_faces([1, 0, None, 0])
    assert err.value.message == "Pick a face for die 3." and err.value.field == "faces[2]"
