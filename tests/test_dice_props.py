"""Property tests of the dice: any input reads or raises DiceError; replay and JSON round trips hold."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from properties import at_least, checked, examples, refused

from pyfudge.core import dice
from pyfudge.core.dice import Roll
from pyfudge.core.errors import DiceError, FudgeError

KEYS = st.sampled_from(sorted(dice.TECHNIQUES))
JUNK = st.one_of(st.integers(-10, 10), st.booleans(), st.none(), st.text(max_size=2),
                 st.floats(allow_nan=True))


def valid_faces(key: str) -> st.SearchStrategy[list[int]]:
    tech = dice.TECHNIQUES[key]
    return st.lists(st.sampled_from(tech.die), min_size=tech.count, max_size=tech.count)


def valid_or_junk(valid: st.SearchStrategy, junk: st.SearchStrategy) -> st.SearchStrategy:
    """Three valid inputs (built from the technique) for each piece of junk, so the reading is
    checked on most examples and the refusal still on some."""
    return st.integers(0, 3).flatmap(lambda pick: junk if pick == 3 else valid)


@at_least(0.5)
@given(st.data(), KEYS)
def test_any_faces_read_or_raise_a_dice_error(data, key):
    tech = dice.TECHNIQUES[key]
    faces = data.draw(valid_or_junk(valid_faces(key), st.one_of(st.lists(JUNK, max_size=5), JUNK)))
    try:
        roll = dice.read(key, faces=faces)
    except DiceError as err:
        assert err.field and err.message
        refused()
        return
    checked()
    assert tech.low <= roll.total <= tech.high
    assert roll.faces == tuple(faces)


@at_least(0.5)
@given(st.data(), KEYS)
def test_any_total_reads_or_raises_a_dice_error(data, key):
    tech = dice.TECHNIQUES[key]
    total = data.draw(valid_or_junk(st.integers(tech.low, tech.high), JUNK))
    try:
        roll = dice.read(key, total=total)
    except DiceError as err:
        assert err.field and err.message
        refused()
        return
    checked()
    # F93 4.21: a 2d6 way's ±5 is too extreme for Fudge and reads as 0; every other total stands.
    extreme = key in (dice.REMOVE_HIGHER, dice.DIFFERENCE, dice.MINUS_SEVEN) and abs(total) == 5
    assert tech.total_entry and roll.total == (0 if extreme else total)
    assert roll.faces == () and roll.entered


@given(st.data(), KEYS)
def test_same_faces_replay_the_same_roll_and_round_trip(data, key):
    faces = data.draw(valid_faces(key))
    a = dice.read(key, faces=faces)
    b = dice.read(key, faces=list(faces), entered=True)
    assert a == b and a.faces == tuple(faces)
    assert Roll.from_dict(a.to_dict()) == a
    if dice.TECHNIQUES[key].total_entry:
        assert dice.read(key, total=a.total).total == a.total


@given(st.data())
def test_two_d6_ways_read_minus_four_to_four(data):
    key = data.draw(st.sampled_from([dice.REMOVE_HIGHER, dice.DIFFERENCE, dice.MINUS_SEVEN]))
    roll = dice.read(key, faces=data.draw(valid_faces(key)))
    assert -4 <= roll.total <= 4


@given(st.integers(0, 2**32), KEYS)
@settings(max_examples=examples(50))
def test_seeded_edge_roll_replays(seed, key):
    assert dice.roll_technique(random.Random(seed), key) == dice.roll_technique(random.Random(seed), key)


@st.composite
def roll_dicts(draw):
    """A stored roll's dict (from a valid roll), sometimes with one key broken or added."""
    key = draw(KEYS)
    faces = draw(valid_faces(key))
    out = dice.read(key, faces=faces, entered=draw(st.booleans())).to_dict()
    if draw(st.integers(0, 2)) == 2:
        out[draw(st.sampled_from(["dice", "faces", "total", "entered", "steps", "x"]))] = draw(
            st.one_of(JUNK, st.lists(st.integers(-2, 7), max_size=4), KEYS))
    return out


@at_least(0.5)
@settings(max_examples=examples(100))
@given(roll_dicts())
def test_roll_from_dict_gives_the_same_roll_back_or_a_fudge_error(data):
    try:
        roll = Roll.from_dict(data)
    except FudgeError as err:
        assert err.field and err.message
        refused()
        return
    checked()
    assert isinstance(roll, Roll)
    assert Roll.from_dict(roll.to_dict()) == roll
    if roll.faces:  # stored faces are read again: the total is theirs, whatever total was stored
        assert roll.total == dice.read(roll.technique, faces=list(roll.faces)).total


def test_distribution_agrees_with_the_face_distribution():
    for key in dice.TECHNIQUES:
        summed: dict[int, object] = {}
        for faces, p in dice.face_distribution(key).items():
            t = dice.read(key, faces=list(faces)).total
            summed[t] = summed.get(t, 0) + p
        assert summed == dice.distribution(key)
