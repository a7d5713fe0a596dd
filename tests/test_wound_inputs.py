"""What the wound track accepts and how it refuses the rest (F95 4.51, 4.57, 4.64; CO 3.1): wound
levels by number or name, roles, the GM's table of level names and penalties, box counts, and a
saved track's flags and counts, each refusal naming its field and saying what was expected."""

from __future__ import annotations

import copy

import pytest

from pyfudge.core.errors import FudgeError, OptionError, RuleError
from pyfudge.rules.wound_levels import (
    DEAD,
    HURT,
    NEAR_DEATH,
    SCRATCH,
    UNDAMAGED,
    box_counts,
    check_boxes,
    check_role,
    check_wound_level,
    level_label,
    need_count,
    need_flag,
)
from pyfudge.rules.wound_options import STANDARD_LEVELS
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")


def test_a_wound_level_is_read_by_number_or_by_name_within_its_bounds():
    assert check_wound_level(" very hurt ") == 3 and check_wound_level(DEAD) == DEAD
    with pytest.raises(RuleError) as err:
        check_wound_level(DEAD + 1)
    assert err.value.field == "level"
    assert str(err.value) == ("level must be a wound level (Undamaged, Scratch, Hurt, Very Hurt, Incapacitated, "
                              "Near Death, Dead), not 7.")
    with pytest.raises(RuleError) as err:
        check_wound_level("Bruised", field="wound", low=SCRATCH, high=NEAR_DEATH)
    assert err.value.field == "wound"
    assert str(err.value) == ("wound must be a wound level (Scratch, Hurt, Very Hurt, Incapacitated, Near Death), "
                              "not 'Bruised'.")
    with pytest.raises(RuleError, match=r"\(Hurt\), not True"):
        check_wound_level(True, low=HURT, high=HURT)


def test_a_level_is_labelled_as_the_gms_table_names_it_from_scratch_to_near_death():
    levels = copy.deepcopy(STANDARD_LEVELS)
    for i, name in enumerate(("Nick", "Light Wound", "Severe Wound", "Down", "Dying")):
        levels[i]["name"] = name
    rules = find_ruleset("fudge1995", wounds__levels=levels)
    assert [level_label(lv, rules=rules) for lv in range(UNDAMAGED, DEAD + 1)] == [
        "Undamaged", "Nick", "Light Wound", "Severe Wound", "Down", "Dying", "Dead"]
    with pytest.raises(RuleError) as err:
        level_label(9, rules=rules)
    assert err.value.field == "level"


def test_a_role_is_pc_major_npc_or_npc():
    assert check_role("major_npc") == "major_npc"
    with pytest.raises(RuleError) as err:
        check_role("boss", field="fighter.role")
    assert err.value.field == "fighter.role"
    assert str(err.value) == "role must be one of pc, major_npc, npc, not 'boss'."
    with pytest.raises(RuleError) as err:
        check_role("boss")
    assert err.value.field == "role"


def test_a_flag_is_true_or_false_and_a_count_whole_from_0_to_100():
    assert need_flag(False, "track.dropped") is False and need_count(100, "track.scratches") == 100
    for bad in (1, "yes", None):
        with pytest.raises(RuleError) as err:
            need_flag(bad, "track.dropped")
        assert err.value.field == "track.dropped"
        assert str(err.value) == f"track.dropped must be true or false, not {bad!r}."
    for bad in (-1, 101, True, 2.0, "3"):
        with pytest.raises(RuleError) as err:
            need_count(bad, "track.scratches")
        assert err.value.field == "track.scratches"
        assert str(err.value) == f"track.scratches must be a whole number 0 to 100, not {bad!r}."


def test_a_fighters_own_boxes_are_five_counts_from_0_to_10_with_one_box_at_least():
    """F95 4.57: boxes Scratch … Near Death; a fighter's own (not an option): a RuleError."""
    assert check_boxes([10, 0, 0, 0, 0], "boxes") == [10, 0, 0, 0, 0]
    cases = [([0, 0, 0, 0, 0], "boxes", "boxes: a wound track needs at least one box."),
             ([1, 0, 0, 0], "boxes", "boxes must have 5 to 5 entries, not 4."),
             ([1, 0, 0, 0, 0, 0], "boxes", "boxes must have 5 to 5 entries, not 6."),
             ([11, 0, 0, 0, 0], "boxes[0]", "boxes[0] must be a whole number from 0 to 10, not 11."),
             ([1, -1, 0, 0, 0], "boxes[1]", "boxes[1] must be a whole number from 0 to 10, not -1."),
             ("3/1/1/1/1", "boxes", "boxes must be a list")]
    for value, field, message in cases:
        with pytest.raises(RuleError) as err:
            check_boxes(value, "boxes")
        assert type(err.value) is RuleError and err.value.field == field
        assert str(err.value).startswith(message)


@pytest.mark.parametrize("option, value, field, message", [
    ("wounds__boxes", [0, 0, 0, 0, 0], "options.wounds.boxes", "a wound track needs at least one box."),
    ("wounds__boxes", [1, 0, 0, 0, 11], "options.wounds.boxes[4]", "from 0 to 10, not 11."),
    ("co__track_boxes", [0] * 8, "options.co.track_boxes", "the alternate track needs at least one box."),
    ("co__track_boxes", [1] * 7, "options.co.track_boxes", "must have 8 to 8 entries, not 7."),
])
def test_the_gms_box_counts_are_refused_by_option(option, value, field, message):
    with pytest.raises(OptionError) as err:
        find_ruleset("fudge1995", wounds__track="custom", **{option: value})
    assert err.value.field == field and str(err.value).endswith(message)


def _levels(i: int, **change) -> list[dict]:
    levels = copy.deepcopy(STANDARD_LEVELS)
    levels[i].update(change)
    return levels


@pytest.mark.parametrize("value, field, message", [
    (STANDARD_LEVELS[:4], "options.wounds.levels", "must have 5 to 5 entries, not 4."),
    (STANDARD_LEVELS + STANDARD_LEVELS[:1], "options.wounds.levels", "must have 5 to 5 entries, not 6."),
    (_levels(1, penalty=-6), "options.wounds.levels[1].penalty", "must be a whole number from -5 to 0, not -6."),
    (_levels(1, penalty=1), "options.wounds.levels[1].penalty", "must be a whole number from -5 to 0, not 1."),
    (_levels(2, after_combat=-6), "options.wounds.levels[2].after_combat",
     "must be a whole number from -5 to 0, not -6."),
    (_levels(2, after_combat=1), "options.wounds.levels[2].after_combat",
     "must be a whole number from -5 to 0, not 1."),
    (_levels(3, name="x" * 31), "options.wounds.levels[3].name", "must be a name of 1 to 30 characters."),
    ([*STANDARD_LEVELS[:4], 5], "options.wounds.levels[4]", "must be an object, not int."),
])
def test_the_gms_table_of_wound_levels_is_refused_by_entry(value, field, message):
    """F95 4.51: five levels, each a name and a penalty in combat and after it (0 to −5)."""
    with pytest.raises(FudgeError) as err:
        find_ruleset("fudge1995", wounds__levels=value)
    assert err.value.field == field and str(err.value) == f"{field} {message}"


def test_the_gms_table_of_wound_levels_is_taken_at_its_edges():
    rules = find_ruleset("fudge1995", wounds__levels=_levels(1, name="x" * 30, penalty=-5, after_combat=-5))
    assert rules["wounds.levels"][1] == {"name": "x" * 30, "penalty": -5, "after_combat": -5}
    assert level_label(HURT, rules=rules) == "x" * 30
    assert F95["wounds.levels"] == STANDARD_LEVELS


def test_a_table_of_box_counts_is_checked_row_by_row():
    """``box_counts`` makes the check of a box table (the tracks' tables are made at import)."""
    check = box_counts(3, "a little track")
    assert check([0, 10, 0], "boxes") == [0, 10, 0]
    cases = [([0, 0, 0], "boxes", "boxes: a little track needs at least one box."),
             ([1, 0], "boxes", "boxes must have 3 to 3 entries, not 2."),
             ([1, 0, 0, 0], "boxes", "boxes must have 3 to 3 entries, not 4."),
             ([1, 11, 0], "boxes[1]", "boxes[1] must be a whole number from 0 to 10, not 11."),
             ([1, 0, -1], "boxes[2]", "boxes[2] must be a whole number from 0 to 10, not -1."),
             ("1/0/0", "boxes", "boxes must be a list")]
    for value, field, message in cases:
        with pytest.raises(FudgeError) as err:
            check(value, "boxes")
        assert err.value.field == field and str(err.value).startswith(message)
    with pytest.raises(OptionError):
        check([0, 0, 0], "boxes")
