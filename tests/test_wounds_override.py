"""The GM's hand on a track: mark or clear one box (F95 4.57), validated."""

import pytest
from hypothesis import given, strategies as st

from pyfudge import wounds
from pyfudge.errors import RuleError
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")


def test_gm_marks_an_overflow_h_in_the_incapacitated_box():
    track = wounds.WoundTrack.new(F95)
    out = wounds.set_box(track, 3, 0, wounds.HURT)
    assert out.track.sheet() == "O O O O O H O"
    assert "GM override" in out.steps[0].text


def test_gm_clears_a_box_the_dice_marked():
    hurt = wounds.record_wound(wounds.WoundTrack.new(F95), wounds.HURT, rules=F95).track
    out = wounds.set_box(hurt, 1, 0, 0)
    assert out.track == wounds.WoundTrack.new(F95) and out.worst_after == wounds.UNDAMAGED


def test_a_box_cannot_hold_a_heavier_wound_than_its_row():
    with pytest.raises(RuleError) as err:
        wounds.set_box(wounds.WoundTrack.new(F95), 1, 0, wounds.VERY_HURT)
    assert err.value.field == "box.value"


def test_a_box_that_does_not_exist_is_refused():
    with pytest.raises(RuleError):
        wounds.set_box(wounds.WoundTrack.new(F95), 0, 3, 1)


def test_co_track_boxes_take_one_or_zero():
    rules = find_ruleset("fudge1995", co__track=True)
    out = wounds.set_box(wounds.WoundTrack.new(rules), 0, 0, 1)
    assert out.track.co_marked == 1


@given(st.integers(0, 4), st.integers(0, 2), st.integers(0, 5))
def test_set_then_clear_restores_the_track(row, index, value):
    track = wounds.WoundTrack.new(F95)
    try:
        marked = wounds.set_box(track, row, index, value).track
    except RuleError:
        return
    assert wounds.set_box(marked, row, index, 0).track == track
