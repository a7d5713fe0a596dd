"""The GM's hand on a track: mark or clear one box (F95 4.57), validated."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.core.errors import RuleError
from pyfudge.rules import wound_levels, wounds
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


@st.composite
def box_overrides(draw):
    """A fresh track (boxed, Mudge's, or the CO 3 one) and a box on it with a value the box holds
    (its row's level or lighter; 0 or 1 on the CO track) — one time in four a box or value past them."""
    rules = draw(st.sampled_from([F95, find_ruleset("mudge"), find_ruleset("fudge1995", co__track=True)]))
    track = wounds.WoundTrack.new(rules)
    if draw(st.integers(0, 3)) == 3:
        return track, draw(st.integers(0, 6)), draw(st.integers(0, 4)), draw(st.integers(-1, 6))
    row = draw(st.integers(0, len(track.marks) - 1))
    index = draw(st.integers(0, len(track.marks[row]) - 1))
    top = 1 if track.kind == "co" else wound_levels.BOXED[row]
    return track, row, index, draw(st.integers(0, top))


@at_least(0.5)
@given(box_overrides())
def test_set_then_clear_restores_the_track(case):
    track, row, index, value = case
    try:
        marked = wounds.set_box(track, row, index, value).track
    except RuleError as err:
        assert err.field in ("box", "box.value")
        refused()
        return
    checked()
    assert marked.marks[row][index] == value
    assert sum(map(sum, marked.marks)) == value  # that box alone changed
    assert wounds.set_box(marked, row, index, 0).track == track
