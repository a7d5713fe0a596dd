"""Actions pinned where the golden readings do not reach: exact distributions of the NPC's 1d6
shortcut (F93 4.5) and of three rolls combined (F95 4.21, F93 4.61), the rounding rule, the
number printing, and the input objects' own defaults and normalising."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyfudge.core import dice, ladder
from pyfudge.core.errors import LadderError, RequestError
from pyfudge.rules import actions, npc_shortcut, story_elements
from pyfudge.rules.actions import Check, Modifier

F = Fraction


def test_npc_d6_distribution_is_exact_and_ordered():
    """F93 4.5: a 2-5 (4 in 6) keeps the level; a 1 or a 6 (1 in 6 each) moves it by the second
    d6: 1,2,3 = 1 (1/2), 4,5 = 2 (1/3), 6 = 3 (1/6). So ±1 is 1/12, ±2 is 1/18, ±3 is 1/36."""
    dist = npc_shortcut.npc_d6_distribution()
    assert list(dist.items()) == [
        (-3, F(1, 36)), (-2, F(1, 18)), (-1, F(1, 12)), (0, F(2, 3)),
        (1, F(1, 12)), (2, F(1, 18)), (3, F(1, 36)),
    ]


def test_median_of_three_fudge_dice_is_exact_and_ordered():
    """F95 4.21 on 1dF: the median is −1 when at least two of three dice are −1:
    3·(1/3)²·(2/3) + (1/3)³ = 7/27; +1 likewise; 0 the rest, 13/27."""
    dist = story_elements.aggregate_distribution("1dF", method="median")
    assert list(dist.items()) == [(-1, F(7, 27)), (0, F(13, 27)), (1, F(7, 27))]


def test_average_of_three_fudge_dice_is_exact_and_ordered():
    """F93 4.61 on 1dF: three dice sum to −3..+3; a third of −2 or −3 rounds to −1 (1/27 + 3/27),
    a third of −1 rounds to 0; the same above zero."""
    dist = story_elements.aggregate_distribution("1dF", method="average")
    assert list(dist.items()) == [(-1, F(4, 27)), (0, F(19, 27)), (1, F(4, 27))]


def test_aggregate_distribution_refuses_an_unknown_method():
    """Only median and average combine three rolls."""
    with pytest.raises(RequestError) as err:
        story_elements.aggregate_distribution("1dF", method="mode")
    assert err.value.field == "method"


def test_rounding_takes_halves_away_from_zero():
    """The nearest whole number, halves away from zero (F93 4.61 "rounding to the nearest whole
    number"); thirds never fall on a half, so the tie rule only shows on halves themselves."""
    rnd = story_elements._round_nearest
    assert [rnd(F(n, 2)) for n in (-5, -3, -1, 0, 1, 3, 5)] == [-3, -2, -1, 0, 1, 2, 3]
    assert [rnd(F(n, 3)) for n in (-5, -4, -2, -1, 1, 2, 4, 5)] == [-2, -1, -1, 0, 0, 1, 1, 2]
    assert rnd(F(-7, 10)) == -1 and rnd(F(-4, 10)) == 0


def test_average_of_three_rounds_each_third_to_the_nearest():
    """F93 4.61: a sum of 4 averages 4/3 → +1; 5 → 5/3 → +2; −4 → −1; −5 → −2."""
    assert story_elements.average_of_three([2, 1, 1]) == 1
    assert story_elements.average_of_three([2, 2, 1]) == 2
    assert story_elements.average_of_three([-2, -1, -1]) == -1
    assert story_elements.average_of_three([-2, -2, -1]) == -2


def test_signed_prints_a_true_minus_and_a_bare_zero():
    """Steps print +2, 0, −1 with a typographic minus (as the books print "Terrible −2")."""
    assert [actions.signed(n) for n in (-2, -1, 0, 1, 2)] == ["\u22122", "\u22121", "0", "+1", "+2"]


def test_announce_prints_level_and_dice_total():
    """F93 4.21: "Great +2"; a zero on the dice announces the level alone."""
    assert actions.announce(ladder.SUPERB, 1) == "Superb +1"
    assert actions.announce(ladder.POOR, -2) == "Poor \u22122"
    assert actions.announce(5, 0) == "Superb +2"


def test_check_defaults_to_a_fair_trait_with_no_modifiers():
    """A bare Check() rolls against Fair, unmodified, with no high-attribute default (F93 4.4)."""
    check = Check()
    assert (check.trait, check.modifiers, check.high_attribute) == (ladder.FAIR, (), False)
    assert check.level() == ladder.FAIR and check.base() == (ladder.FAIR, ())


def test_check_keeps_its_modifiers_as_a_tuple():
    """Modifiers given as a list are kept as a tuple: the check stays hashable and equal."""
    mods = [Modifier("shield", 1, "F95 4.31"), Modifier("Hurt", -1)]
    check = Check(ladder.GOOD, mods)
    assert check.modifiers == tuple(mods) and check == Check(ladder.GOOD, tuple(mods))
    assert hash(check) == hash(Check(ladder.GOOD, tuple(mods)))
    assert check.level() == ladder.GOOD


def test_check_refuses_a_trait_off_the_ladder_by_name():
    """A trait level runs Terrible to Legendary (F93 4.1); the error names ``trait``."""
    assert Check(ladder.LEGENDARY).trait == ladder.LEGENDARY
    assert Check(ladder.TERRIBLE).trait == ladder.TERRIBLE
    for bad in (5, -4):
        with pytest.raises(LadderError) as err:
            Check(bad)
        assert err.value.field == "trait"
        assert err.value.message == f"trait {bad} is off the ladder (allowed -3 to 4)."


def test_check_level_applies_defaults_then_modifiers():
    """F93 4.4 then 4.3: an untrained skill with a high attribute (Mediocre) and +2 is Good."""
    check = Check(None, (Modifier("tools", 2),), high_attribute=True)
    assert check.level() == ladder.GOOD
    assert Check(None, (Modifier("tools", 2),)).level() == ladder.FAIR


def test_modifier_section_defaults_to_empty_and_cites_f93_4_3_when_applied():
    """A modifier with no section is read under F93 4.3."""
    mod = Modifier("luck", 1)
    assert mod.section == "" and mod.to_dict() == {"source": "luck", "amount": 1, "section": ""}
    _, steps = actions.apply_modifiers(0, [mod])
    assert steps[0].section == "F93 4.3"


def test_trait_roll_keeps_the_check_and_roll_it_read():
    """The outcome keeps the unmodified trait, the modifiers, the roll and its steps in order:
    default, modifiers, dice, reading (F93 4.21)."""
    roll = dice.fudge([1, 0, 0, -1])
    mods = (Modifier("bow", 1),)
    out = actions.trait_roll(Check(None, mods), roll)
    assert (out.trait, out.modifiers, out.level, out.roll, out.result) == (-2, mods, -1, roll, -1)
    assert [s.section for s in out.steps] == ["F93 4.4", "F93 4.3", "F95 4.61", "F93 4.21"]
    assert out.announce() == "Mediocre"


def test_situational_keeps_only_the_dice_and_its_reading():
    """F93 4.1: a situational roll has no trait or modifiers; its steps are the dice and one reading."""
    roll = dice.read("4dF", total=-1)
    out = actions.situational(roll)
    assert (out.trait, out.modifiers, out.level, out.result) == (0, (), 0, -1)
    assert out.steps == roll.steps + (out.steps[-1],) and len(out.steps) == len(roll.steps) + 1
    assert out.steps[-1].text == "Situational roll: \u22121 reads as Mediocre."


def test_opposed_exposes_the_contest():
    """F93 4.5: relative and winner read through to the contest; the steps end with its steps."""
    out = actions.opposed(ladder.GREAT, dice.read("4dF", total=0), ladder.FAIR, dice.read("4dF", total=1),
                          minimum_a=ladder.GOOD)
    assert (out.relative, out.winner) == (1, "a")
    assert out.contest.minimum_a == ladder.GOOD and out.contest.minimum_b is None
    assert out.steps[-2:] == out.contest.steps
    assert not out.contest.status_quo
