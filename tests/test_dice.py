"""Dice: Fudge dice, the three 2d6 ways of F93, d6 and 3d6, entry by faces or total, exact odds."""

from __future__ import annotations

import itertools
import json
import random
import re
from fractions import Fraction

import pytest

from pyfudge.core import dice
from pyfudge.core.dice import Roll
from pyfudge.core.errors import DiceError, OptionError
from pyfudge.core.explain import Step
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


def test_a_technique_named_by_no_text_is_refused_by_its_field():
    # A list or a mapping cannot even be looked up by name: refused all the same, not a crash.
    for key in (["4dF"], {"dice": "4dF"}, 4, None):
        with pytest.raises(DiceError) as err:
            dice.technique(key, field="ruleset.dice")
        assert err.value.field == "ruleset.dice"
        assert "choose one of 4dF" in str(err.value)


def test_every_technique_cites_its_section_and_is_named_in_words():
    # The name a form shows and the section an explanation cites are not interchangeable.
    cite = r"(F93|F95|MUD|CO) \d[\d.]*"
    for key, tech in dice.TECHNIQUES.items():
        assert re.fullmatch(rf"{cite}(; {cite})*", tech.section), (key, tech.section)
        assert not re.match(r"(F93|F95|MUD|CO) \d", tech.label), (key, tech.label)
    assert dice.TECHNIQUES[dice.DIFFERENCE].label == "2d6, difference of plus and minus die"
    assert dice.TECHNIQUES[dice.DIFFERENCE].section == "F93 4.22"


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


@pytest.mark.parametrize("key", [k for k in dice.TECHNIQUES if dice.technique(k).total_entry])
def test_every_entered_total_reads_back_with_the_same_steps(key):
    """F93 4.21: an entered ±5 on a 2d6 way "is converted to a +0 result": read back from JSON
    the roll still says so (the same steps), not "entered total +0"."""
    tech = dice.technique(key)
    for total in range(tech.low, tech.high + 1):
        roll = dice.read(key, total=total)
        back = Roll.from_dict(json.loads(json.dumps(roll.to_dict())))
        assert back == roll
        assert [s.text for s in back.steps] == [s.text for s in roll.steps]


def test_an_entered_total_the_dice_cannot_read_as_is_refused():
    with pytest.raises(DiceError) as err:
        Roll.from_dict({"dice": "2d6_minus_7", "faces": [], "total": 1, "entered_total": 5}, field="r")
    assert err.value.field == "r.total"


def test_an_entered_total_given_alone_reads_as_the_rule_says():
    """F93 4.21: "+5 and −5 ... are converted to a +0 result". A roll read back from its
    ``entered_total`` alone (no ``total`` beside it) is the +5 read as 0, with the step that
    says so; a ``true`` given as its total is refused by the field, not read as 1."""
    roll = Roll.from_dict({"dice": "2d6_minus_7", "entered_total": 5}, field="r")
    assert (roll.total, roll.entered_total) == (0, 5)
    assert roll.steps[-1].text == "+5 is too extreme for Fudge: it reads as 0."
    with pytest.raises(DiceError) as err:
        Roll.from_dict({"dice": "2d6_minus_7", "total": True, "entered_total": 1}, field="r")
    assert err.value.field == "r.total"


def test_an_entered_total_read_back_is_refused_by_its_own_field_or_by_the_total_it_contradicts():
    # R-DICE-ENTRY: 2d6 − 7 reads −5..+5 (F93 4.22); a 9 entered is no total of it, named where it
    # is. A total beside the entered +5 that is not its reading (0, F93 4.21) says what it reads.
    with pytest.raises(DiceError) as err:
        Roll.from_dict({"dice": "2d6_minus_7", "entered_total": 9}, field="r")
    assert err.value.field == "r.entered_total"
    with pytest.raises(DiceError) as err:
        Roll.from_dict({"dice": "2d6_minus_7", "total": 3, "entered_total": 5}, field="r")
    assert err.value.message == "r.total 3 does not match the total entered, which reads 0."
    assert err.value.field == "r.total"


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


# --- defaults, fields and messages --------------------------------------------------------------

def _refusal(call, *args, **kwargs) -> tuple[str | None, str]:
    with pytest.raises(DiceError) as err:
        call(*args, **kwargs)
    return err.value.field, err.value.message


def test_faces_read_directly_are_not_entered_unless_said():
    """Only ``dice.read`` (a player typing dice in) defaults to entered; the readers do not."""
    for roll in (dice.fudge([0, 0, 0, 0]), dice.d6([3]), dice.remove_higher([2, 5]),
                 dice.difference([2, 5]), dice.minus_seven([2, 5])):
        assert roll.entered is False, roll.technique
    assert dice.fudge([0, 0], 2, entered=True).entered is True
    assert dice.d6([1, 2, 3], 3, entered=True).entered is True


@pytest.mark.parametrize("reader", [dice.remove_higher, dice.difference, dice.minus_seven])
def test_two_d6_readers_name_the_field_they_were_given(reader):
    assert _refusal(reader, [0, 3]) == ("faces[0]", "faces[0]: a six-sided die shows 1 to 6, not 0.")
    assert _refusal(reader, [3, 7], field="args.roll") == (
        "args.roll[1]", "args.roll[1]: a six-sided die shows 1 to 6, not 7.")
    assert reader([3, 4], entered=True).entered is True


def test_d6_and_fudge_name_the_field_they_were_given():
    assert _refusal(dice.d6, [7])[0] == "faces[0]"
    assert _refusal(dice.d6, [1, 2, 7], 3, field="damage")[0] == "damage[2]"
    assert _refusal(dice.fudge, [0, 0, 0, 2])[0] == "faces[3]"
    assert _refusal(dice.fudge, [0, 5], 2, field="gm")[0] == "gm[1]"


def test_check_d6_faces_reads_one_die_by_default_and_says_what_a_die_shows():
    assert dice.check_d6_faces([3]) == (3,)
    assert _refusal(dice.check_d6_faces, [7]) == ("faces[0]", "faces[0]: a six-sided die shows 1 to 6, not 7.")
    assert _refusal(dice.check_d6_faces, [1, 2]) == ("faces", "faces needs 1 six-sided die, got 2.")
    assert _refusal(dice.check_d6_faces, [1], 2) == ("faces", "faces needs 2 six-sided dice, got 1.")
    assert _refusal(dice.check_d6_faces, "12", 2) == ("faces", "faces must be a list of 2 six-sided dice, not '12'.")


def test_fudge_dice_of_another_count_cite_the_damage_die_section():
    """F95 4.61 is the section of any count of Fudge dice but the GM's 2dF (F95 4.34)."""
    roll = dice.fudge([1, 0, -1], 3)
    assert roll.technique == "3dF" and roll.total == 0
    assert [s.to_dict() for s in roll.steps] == [
        {"section": "F95 4.61", "text": "3dF show [+ 0 −]: total 0.", "data": {"faces": [1, 0, -1], "total": 0}}]
    assert dice.fudge([1, 1, 1, 1, -1], 5).steps[0].section == "F95 4.61"


def test_each_technique_reads_its_faces_with_the_field_it_is_given():
    for key, tech in dice.TECHNIQUES.items():
        assert _refusal(tech.read, [])[0] == "faces", key
        assert _refusal(tech.read, [], field="roll.faces")[0] == "roll.faces", key
        faces = [tech.die[-1]] * tech.count
        assert tech.read(faces) == dice.read(key, faces=faces, entered=False), key


@pytest.mark.parametrize("make,count,faces,bad", [(dice._fudge_reader, 2, [1, -1], [1, 3]),
                                                  (dice._d6_reader, 3, [2, 4, 6], [2, 4, 9])])
def test_a_technique_reader_passes_its_count_faces_entered_and_field_on(make, count, faces, bad):
    """The technique table builds its readers once, at import (where a mutation run cannot reach
    them): the factory is called here, so what a reader passes on is checked."""
    reader = make(count)
    direct = (dice.fudge if make is dice._fudge_reader else dice.d6)(faces, count)
    roll = reader(faces)
    assert roll == direct and roll.to_dict() == direct.to_dict() and roll.entered is False
    assert reader(faces, entered=True).entered is True
    assert _refusal(reader, bad)[0] == f"faces[{count - 1}]"
    assert _refusal(reader, bad, field="x")[0] == f"x[{count - 1}]"


def test_unknown_dice_are_refused_with_the_known_ones_listed():
    assert _refusal(dice.technique, "d20") == (
        "dice", "Unknown dice 'd20'; choose one of 4dF, 2dF, 1dF, 2d6_remove_higher, 2d6_difference, "
                "2d6_minus_7, 1d6, 3d6.")
    assert _refusal(dice.technique, None, field="args.dice")[0] == "args.dice"


def test_read_names_the_field_it_was_given_on_every_refusal():
    assert _refusal(dice.read, "4dF", total=9)[0] == "roll"
    assert _refusal(dice.read, "4dF", faces=[0, 0, 0, 0], total=0, field="x") == (
        "x", "Enter either the dice faces or the total, not both.")
    assert _refusal(dice.read, "4dF", field="x") == ("x", "Enter the 4 Fudge dice faces or their total.")
    assert _refusal(dice.read, "3d6", total=10, field="x") == (
        "x", "3 six-sided dice (Min-Mid-Max): enter each die; the total alone is not enough.")
    assert _refusal(dice.read, "2d6_minus_7", total=6, field="x") == (
        "x", "2d6 − 7 cannot total 6: it shows −5 to +5 — the result after the rule: the two dice's sum "
             "less 7 (a 9 on the dice is +2); ±5 reads 0 (F93 4.22).")
    assert _refusal(dice.read, "d20", total=1, field="x")[0] == "dice"


def test_read_action_names_its_field_and_keeps_the_entered_flag():
    f95 = find_ruleset("f95")
    assert _refusal(dice.read_action, rules=f95, total=9)[0] == "roll"
    assert _refusal(dice.read_action, rules=f95, total=9, field="args.roll")[0] == "args.roll"
    assert dice.read_action(rules=f95, total=1).entered is True
    assert dice.read_action(rules=f95, total=1, entered=False).entered is False
    assert dice.read_action(rules=f95, faces=[1, 0, 0, 0], entered=False).entered is False


def test_cited_changes_only_the_4df_reading_steps():
    """Under Mudge a 4dF reading cites MUD 4.22; a step from another rule carried on the roll keeps its own."""
    reading = dice.fudge([1, 0, 0, -1])
    other = Step("CO 1.3", "something else", {"n": 1})
    roll = Roll("4dF", reading.faces, 0, False, (*reading.steps, other))
    steps = dice.cited(roll, find_ruleset("mudge")).steps
    assert [s.section for s in steps] == ["MUD 4.22", "CO 1.3"]
    assert steps[0].text == reading.steps[0].text and steps[1] is other
    assert dice.cited(dice.remove_higher([2, 3]), find_ruleset("mudge")).steps[0].section == "F93 4.21"


def test_roll_action_cites_the_preset_book():
    mudge, f95 = find_ruleset("mudge"), find_ruleset("f95")
    roll = dice.roll_action(random.Random(5), rules=mudge)
    assert roll.technique == "4dF" and [s.section for s in roll.steps] == ["MUD 4.22"]
    assert roll == dice.roll_fudge(random.Random(5))
    assert [s.section for s in dice.roll_action(random.Random(5), rules=f95).steps] == ["F95 4.61"]


def test_edge_rolls_roll_the_count_of_dice_asked_one_d6_and_four_df_by_default():
    roll = dice.roll_d6(random.Random(2))
    assert roll.technique == "1d6" and len(roll.faces) == 1 and not roll.entered
    assert roll == dice.d6([random.Random(2).choice(dice.D6_FACES)])
    assert dice.roll_fudge(random.Random(2)).technique == "4dF"
    for count in (1, 2, 3):
        roll = dice.roll_fudge(random.Random(2), count)
        assert roll.technique == f"{count}dF" and len(roll.faces) == count and not roll.entered


def test_odd_die_refusal_names_its_field_and_says_what_is_needed():
    message = ("The odd-coloured damage die needs the four Fudge dice entered one by one, "
               "the odd-coloured one last.")
    total_only = dice.read("4dF", total=2)
    assert _refusal(dice.odd_die, total_only) == ("roll", message)
    assert _refusal(dice.odd_die, dice.remove_higher([1, 2]), field="args.roll") == ("args.roll", message)
    assert dice.odd_die(dice.fudge([-1, -1, -1, 1])) == 1 and dice.odd_die(dice.fudge([1, 1, 1, 0])) == 0


# --- Roll.from_dict -----------------------------------------------------------------------------

def test_roll_from_dict_is_not_entered_unless_stored_so():
    assert Roll.from_dict({"dice": "4dF", "total": 1}).entered is False
    assert Roll.from_dict({"dice": "4dF", "faces": [1, 0, 0, 0]}).entered is False
    assert Roll.from_dict({"dice": "4dF", "total": 1, "entered": False}).entered is False
    assert Roll.from_dict({"dice": "4dF", "total": 1, "entered": True}).entered is True


def test_roll_from_dict_round_trips_every_field():
    """Technique, faces, total, entered flag and steps (an entered ±5 of a 2d6 way is stored as its
    total 0, so it comes back read as 0, without the ±5: not part of this round trip)."""
    for roll in (dice.read("4dF", total=-2, entered=False), dice.read("2d6_difference", total=-4),
                 dice.read("1d6", faces=[4], entered=False), dice.fudge([1, 1], 2, entered=True)):
        back = Roll.from_dict(json.loads(json.dumps(roll.to_dict())))
        assert back.to_dict() == roll.to_dict()


def test_roll_from_dict_messages_name_the_field():
    assert _refusal(Roll.from_dict, [1, 0]) == ("roll", "roll must be an object with dice and faces or a total.")
    assert _refusal(Roll.from_dict, {"dice": "4dF", "total": 1, "x": 0}) == ("roll", "roll: unknown field 'x'.")
    assert _refusal(Roll.from_dict, {"dice": "4dF", "total": 1, "entered": 1}, field="r") == (
        "r.entered", "r.entered must be true or false.")
    assert _refusal(Roll.from_dict, {"dice": "4dF", "faces": [1, 0, 0, 0], "total": 3}, field="r") == (
        "r.total", "r.total 3 does not match the faces, which read 1.")
    assert _refusal(Roll.from_dict, {"dice": "4dF"}) == ("roll.total", "Enter the 4 Fudge dice faces or their total.")


# --- odds helpers -------------------------------------------------------------------------------

def test_chances_are_fractions_even_when_none_qualifies():
    for chance in (dice.chance_at_least("4dF", 5), dice.chance_at_most("4dF", -5)):
        assert chance == 0 and type(chance) is Fraction
    assert dice.chance_at_most("2dF", -2) == Fraction(1, 9)


def test_difference_distribution_of_two_techniques():
    dist = dice.difference_distribution("4dF", "2dF")
    assert min(dist) == -6 and max(dist) == 6 and sum(dist.values()) == 1
    assert dist[6] == dist[-6] == Fraction(1, 81 * 9)
    assert dice.difference_distribution("1dF", "1d6") == {
        t: Fraction(n, 18) for t, n in zip(range(-7, 1), (1, 2, 3, 3, 3, 3, 2, 1))}


def test_percent_of_negative_values_rounds_half_away_from_zero():
    assert dice.percent(Fraction(-1, 200)) == -1  # −0.5 %
    assert dice.percent(Fraction(-3, 200)) == -2  # −1.5 %
    assert dice.percent(Fraction(-1, 400)) == 0  # −0.25 %
    assert dice.percent(Fraction(-1, 3)) == -33
    assert dice.percent(Fraction(-2, 3)) == -67
    assert dice.percent(Fraction(0)) == 0 and dice.percent(Fraction(3, 200)) == 2
