"""The walk of the classes of dice (``dice_classes.enumerate_classes``) on tiny pipelines whose
odds are worked out by hand: each slot is split by what was read of it and keeps its place
while another is split, and each class weighs its exact share of the whole."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from pyfudge.analysis.dice_classes import Runner, enumerate_classes, more_than_dice
from pyfudge.core import dice
from pyfudge.core.errors import FudgeError


def _odds(resolve, techniques, kinds) -> dict:
    seen: Counter = Counter()
    whole, _ = enumerate_classes(Runner(resolve, 10_000), techniques, kinds,
                                 lambda outcome, w: seen.update({outcome: w}))
    return {outcome: Fraction(w, whole) for outcome, w in seen.items()}


def _4df_sums() -> dict[int, Fraction]:
    sums = Counter(sum(f) for f in itertools.product(dice.FUDGE_FACES, repeat=4))
    return {s: Fraction(n, 81) for s, n in sums.items()}


def test_a_damage_slot_keeps_its_place_while_the_one_before_it_is_split():
    """Three damage slots (1dF, 1dF, 4dF), the second and third read: their faces are independent,
    each of the 1dF's three faces a third, each 4dF sum its count in 81."""
    def resolve(rolls, dmg):
        return int(dmg[1][0]), int(sum(dmg[2]))

    got = _odds(resolve, (), (("1dF",), ("1dF",), ("4dF",)))
    assert got == {(f, s): Fraction(1, 3) * p for f in dice.FUDGE_FACES for s, p in _4df_sums().items()}


def test_a_read_of_a_die_before_the_last_splits_the_roll_face_by_face():
    """The rules read a roll's total and its odd-coloured last die (MUD 4.22); a read of any other
    die splits the roll by all its faces, so the first of 4dF still shows each face a third."""
    def resolve(rolls, dmg):
        (faces, _total), = rolls
        return int(faces[0])

    assert _odds(resolve, (dice.FOUR_DF,), ((None,),)) == {f: Fraction(1, 3) for f in dice.FUDGE_FACES}


def test_a_blow_no_kind_of_damage_dice_fits_is_refused_as_needing_more_than_dice():
    """With two candidate kinds (Min-Mid-Max's 3d6 for a hit, a graze's 1dF: F95 4.63) a refusal
    naming the damage dice sends the runner to the other kind; when every kind is refused, the
    last refusal stands, told as odds that dice alone cannot give, with its own field."""
    tried = []

    def resolve(rolls, dmg):
        tried.append(len(dmg[0]))
        raise FudgeError("These damage dice do not fit the blow.", field="damage_die")

    runner = Runner(resolve, 10)
    with pytest.raises(FudgeError) as refused:
        enumerate_classes(runner, (), (("3d6", "1dF"),), lambda outcome, w: None)
    assert tried == [3, 1]
    told = more_than_dice(runner, refused.value)
    assert told.message == ("Exact odds cannot be given: some rolls need more than dice. "
                            "These damage dice do not fit the blow.")
    assert told.field == "damage_die"


def test_with_one_kind_of_damage_dice_a_refusal_before_any_die_is_read_is_the_pipelines_own():
    def resolve(rolls, dmg):
        raise FudgeError("These damage dice do not fit the blow.", field="damage_die")

    runner = Runner(resolve, 10)
    with pytest.raises(FudgeError) as refused:
        enumerate_classes(runner, (), (("1dF",),), lambda outcome, w: None)
    assert more_than_dice(runner, refused.value) is refused.value
