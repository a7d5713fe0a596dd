"""Property tests of action resolution: outcomes or FudgeErrors, symmetry, monotony, round trips."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.core import dice, ladder
from pyfudge.core.errors import FudgeError
from pyfudge.rules import actions, npc_shortcut, story_elements
from pyfudge.rules.actions import Check, Modifier
from pyfudge.rulesets import find_ruleset

TRAITS = st.integers(ladder.TERRIBLE, ladder.LEGENDARY)
TOTALS = st.integers(-4, 4)
LEVELS = st.integers(-10, 10)
MODS = st.lists(st.builds(Modifier, st.text(min_size=1, max_size=10).filter(str.strip),
                          st.integers(-3, 3), st.just("F93 4.3")), max_size=4)
CHECKS = st.builds(Check, st.one_of(st.none(), TRAITS), MODS.map(tuple))


def roll(total: int) -> dice.Roll:
    return dice.read("4dF", total=total)


# Three valid inputs for each piece of junk: the outcome is checked on most examples.
def mostly(valid: st.SearchStrategy, junk: st.SearchStrategy) -> st.SearchStrategy:
    return st.integers(0, 3).flatmap(lambda pick: junk if pick == 3 else valid)


@at_least(0.5)
@given(mostly(TRAITS, st.one_of(st.integers(-30, 30), st.none(), st.booleans(), st.text(max_size=3))),
       mostly(LEVELS, st.one_of(st.integers(-30, 30), st.text(max_size=2))), TOTALS)
def test_any_unopposed_input_gives_an_outcome_or_a_fudge_error(trait, difficulty, total):
    try:
        out = actions.unopposed(trait, roll(total), difficulty=difficulty)
    except FudgeError as err:
        assert err.field and err.message
        refused()
        return
    checked()
    assert out.check.result == out.check.level + total
    assert trait is None or out.check.level == trait  # no trait: the untrained default
    assert out.success == (out.check.result >= difficulty)
    assert out.margin == out.check.result - difficulty
    json.dumps(out.to_dict())


@given(CHECKS, TOTALS, TOTALS)
def test_a_better_roll_never_gives_a_worse_result(check, t1, t2):
    lo, hi = sorted((t1, t2))
    assert actions.trait_roll(check, roll(lo)).result <= actions.trait_roll(check, roll(hi)).result


@given(CHECKS, TOTALS)
def test_same_roll_replays_the_same_outcome(check, total):
    a = actions.trait_roll(check, roll(total))
    b = actions.trait_roll(check, roll(total))
    assert a.to_dict() == b.to_dict()


@given(CHECKS, CHECKS, TOTALS, TOTALS)
def test_opposed_is_antisymmetric(a, b, ta, tb):
    ab = actions.opposed(a, roll(ta), b, roll(tb))
    ba = actions.opposed(b, roll(tb), a, roll(ta))
    assert ab.relative == -ba.relative
    swap = {"a": "b", "b": "a", None: None}
    assert ba.winner == swap[ab.winner]
    assert (ab.winner is None) == (ab.relative == 0)


@given(LEVELS, LEVELS, st.one_of(st.none(), LEVELS))
def test_a_minimum_only_ever_takes_a_win_away(ra, rb, minimum):
    free = actions.compare(ra, rb)
    bound = actions.compare(ra, rb, minimum_a=minimum, minimum_b=minimum)
    assert bound.relative == free.relative
    assert bound.winner in (free.winner, None)


@given(CHECKS)
def test_check_round_trips_through_json(check):
    assert Check.from_dict(json.loads(json.dumps(check.to_dict()))) == check


@given(st.lists(LEVELS, min_size=3, max_size=3))
def test_aggregates_lie_between_the_lowest_and_highest(results):
    for method in ("median", "average"):
        assert min(results) <= story_elements.aggregate(results, method=method) <= max(results)


@given(st.sampled_from(["fudge1995", "mudge", "fudge1993"]), TRAITS,
       st.lists(st.integers(-2, 2), max_size=2), st.sampled_from([1, 3]), st.data())
def test_story_element_result_is_level_plus_combined_dice(preset, trait, amounts, n, data):
    rules = find_ruleset(preset)
    tech = dice.TECHNIQUES[rules["dice.technique"]]
    rolls = [dice.read_action(rules=rules, faces=data.draw(
        st.lists(st.sampled_from(tech.die), min_size=tech.count, max_size=tech.count)))
        for _ in range(n)]
    check = Check(trait, tuple(Modifier("gm", a) for a in amounts))
    try:
        out = story_elements.story_element(check, rolls, rules=rules)
    except FudgeError:
        assert abs(sum(amounts)) > 3
        return
    assert out.result == out.level + out.dice
    assert min(r.total for r in rolls) <= out.dice <= max(r.total for r in rolls)
    assert [r.faces for r in out.rolls] == [r.faces for r in rolls]


@st.composite
def npc_d6_inputs(draw):
    """F93 4.5's shortcut as the table rolls it, with the shift it means: 2-5 alone; a 1 or a 6 with
    a second d6 or the GM's amount — one time in four faces or an amount the rule refuses."""
    if draw(st.integers(0, 3)) == 3:
        return draw(st.lists(st.integers(-1, 8), max_size=3)), draw(st.none() | st.integers(-2, 12)), None
    first = draw(st.integers(1, 6))
    if 2 <= first <= 5:
        return [first], None, 0
    direction = -1 if first == 1 else 1
    if draw(st.booleans()):
        second = draw(st.integers(1, 6))
        return [first, second], None, direction * npc_shortcut.NPC_SECOND_D6[second]
    amount = draw(st.integers(1, 10))
    return [first], amount, direction * amount


@at_least(0.5)
@given(TRAITS, npc_d6_inputs())
def test_npc_d6_gives_an_outcome_or_a_fudge_error(trait, case):
    faces, amount, shift = case
    try:
        out = npc_shortcut.npc_d6(trait, faces, amount=amount)
    except FudgeError as err:
        assert err.field and err.message
        refused()
        return
    checked()
    if shift is not None:
        assert out.result == trait + shift and out.faces == tuple(faces)
    assert abs(out.result - trait) <= (amount or 3)
    assert out.faces[0] in (1, 2, 3, 4, 5, 6)
