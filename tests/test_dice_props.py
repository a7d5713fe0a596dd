"""Property tests of the dice: any input reads or raises DiceError; replay and JSON round trips hold."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from pyfudge import dice
from pyfudge.dice import Roll
from pyfudge.errors import DiceError, FudgeError

KEYS = st.sampled_from(sorted(dice.TECHNIQUES))
JUNK = st.one_of(st.integers(-10, 10), st.booleans(), st.none(), st.text(max_size=2),
                 st.floats(allow_nan=True))


def valid_faces(key: str) -> st.SearchStrategy[list[int]]:
    tech = dice.TECHNIQUES[key]
    return st.lists(st.sampled_from(tech.die), min_size=tech.count, max_size=tech.count)


@given(KEYS, st.one_of(st.lists(JUNK, max_size=5), JUNK))
def test_any_faces_read_or_raise_a_dice_error(key, faces):
    try:
        roll = dice.read(key, faces=faces)
    except DiceError as err:
        assert err.field and err.message
        return
    tech = dice.TECHNIQUES[key]
    assert tech.low <= roll.total <= tech.high


@given(KEYS, JUNK)
def test_any_total_reads_or_raises_a_dice_error(key, total):
    try:
        roll = dice.read(key, total=total)
    except DiceError:
        return
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
@settings(max_examples=50)
def test_seeded_edge_roll_replays(seed, key):
    assert dice.roll_technique(random.Random(seed), key) == dice.roll_technique(random.Random(seed), key)


@given(st.dictionaries(st.sampled_from(["dice", "faces", "total", "entered", "steps", "x"]),
                       st.one_of(JUNK, st.lists(st.integers(-2, 7), max_size=4),
                                 st.sampled_from(sorted(dice.TECHNIQUES)))))
def test_roll_from_dict_of_anything_gives_a_roll_or_a_fudge_error(data):
    try:
        Roll.from_dict(data)
    except FudgeError:
        pass


def test_distribution_agrees_with_the_face_distribution():
    for key in dice.TECHNIQUES:
        summed: dict[int, object] = {}
        for faces, p in dice.face_distribution(key).items():
            t = dice.read(key, faces=list(faces)).total
            summed[t] = summed.get(t, 0) + p
        assert summed == dice.distribution(key)
