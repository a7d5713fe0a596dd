"""The sampler's own rules (issue 27, odds when exact is too dear): which draws are kept and
for which input, how a failed step is told, the margin of a number of draws and the steps, and
draws that follow each class's exact chance — on tiny pipelines whose odds are worked out by
hand, so a wrong share, a lost draw or a draw kept across inputs shows as a wrong number."""

from __future__ import annotations

import pytest

from pyfudge.analysis import sampling
from pyfudge.analysis.dice_classes import Runner
from pyfudge.analysis.sampling import Sampler, draw_kept, is_kept
from pyfudge.core.errors import FudgeError, RuleError


@pytest.fixture(autouse=True)
def _no_draws_kept():
    sampling._KEPT.clear()


def _failing(rolls, dmg):
    raise FudgeError("a Damage Capacity roll is needed.", field="damage_capacity")


def test_a_step_that_fails_is_refused_saying_why_and_not_kept():
    with pytest.raises(RuleError) as refused:
        draw_kept("k", 10, lambda: Sampler(_failing, ("4dF",), ()))
    assert refused.value.message == ("Odds cannot be given: some rolls need more than dice. "
                                     "a Damage Capacity roll is needed.")
    assert refused.value.field == "damage_capacity"
    assert not is_kept("k")


def _reads_nothing(rolls, dmg):
    return "same for every die"


def test_an_exact_walk_that_may_be_sampled_gives_up_at_its_own_budget_and_one_that_may_not_takes_all():
    budget = sampling.EXACT_RUNS_BEFORE_SAMPLING
    assert sampling.exact_runs(20_000, False) == 20_000
    for sample in (True, 400, sampling.SAMPLE_DRAWS):
        assert sampling.exact_runs(20_000, sample) == budget, sample
        assert sampling.exact_runs(100, sample) == 100, sample


def test_a_next_step_continues_the_draws_kept_for_that_input():
    made = []

    def make():
        made.append(Sampler(_reads_nothing, ("4dF",), ()))
        return made[-1]

    first = draw_kept("k", 400, make)
    assert draw_kept("k", 400, make) is first  # the same draws asked again: kept as they are
    assert draw_kept("k", 1_000, make) is first and first.draws == 1_000
    assert len(made) == 1
    # Fewer draws than are kept: their odds are those of the first draws, so drawn again.
    assert draw_kept("k", 400, make) is not first and len(made) == 2


def test_the_draws_of_the_last_two_inputs_are_kept_and_the_least_recent_let_go():
    def make():
        return Sampler(_reads_nothing, ("4dF",), ())

    draw_kept("a", 1, make)
    draw_kept("b", 1, make)
    assert is_kept("a") and is_kept("b")
    draw_kept("a", 1, make)  # asked again: now the most recent
    draw_kept("c", 1, make)
    assert is_kept("a") and is_kept("c") and not is_kept("b")


def test_odds_too_dear_say_so_and_ask_for_sampling_only_where_it_can_answer():
    runner = Runner(_reads_nothing, 10)
    plain = sampling.too_many(runner, "odds")
    assert plain.message == ("These rules read so many dice that exact odds would take more than 10 "
                             "resolutions; they are not computed.")
    assert plain.field == "odds" and plain.asks is None
    asking = sampling.too_many(runner, "rolls", can_sample=True)
    assert asking.message == ("These rules read so many dice that exact odds would take more than 10 "
                              "resolutions; they can be sampled: about, each chance within ±2 points, "
                              "from 2401 seeded draws.")
    assert asking.field == "rolls" and asking.asks == {"input": "sample"}


def test_between_one_and_the_full_draws_may_be_asked_and_no_other_number():
    def make():
        return Sampler(_reads_nothing, ("4dF",), ())

    assert draw_kept("one", 1, make).draws == 1
    assert draw_kept("all", True, make).draws == sampling.SAMPLE_DRAWS
    for wrong in (0, sampling.SAMPLE_DRAWS + 1):
        with pytest.raises(FudgeError) as refused:
            draw_kept("k", wrong, make)
        assert refused.value.message == f"sample: between 1 and 2401 draws, not {wrong}."
        assert refused.value.field == "sample"


def _total_of_2df(rolls, dmg):
    (_faces, total), = rolls
    return int(total)


def test_draws_follow_each_class_exact_chance_the_last_class_included():
    # 2dF totals −2…+2 come 1, 2, 3, 2, 1 times in 9: each within the margin of 2,401 draws.
    sampler = Sampler(_total_of_2df, ("2dF",), ())
    sampler.draw_to(sampling.SAMPLE_DRAWS)
    drawn: dict[int, int] = {}
    sampler.visit(lambda total, n: drawn.__setitem__(total, drawn.get(total, 0) + n))
    assert sum(drawn.values()) == sampling.SAMPLE_DRAWS
    for total, ways in zip(range(-2, 3), (1, 2, 3, 2, 1), strict=True):
        assert abs(drawn.get(total, 0) / sampling.SAMPLE_DRAWS - ways / 9) <= 0.02, total
    # One run per total: the coarsest class's run (faces −1, −1) stands for the total −2 too.
    assert sampler.runs == 5


def _total_then_last_die_at_one(rolls, dmg):
    (faces, total), = rolls
    return (1, int(faces[-1])) if total == 1 else (int(total), None)


def test_a_class_split_in_two_is_drawn_in_both_halves():
    # A total of +1 on 2dF is (+1, 0) or (0, +1), 1 in 9 each: read by its last die, it splits in two.
    sampler = Sampler(_total_then_last_die_at_one, ("2dF",), ())
    sampler.draw_to(sampling.SAMPLE_DRAWS)
    drawn: dict[tuple, int] = {}
    sampler.visit(lambda outcome, n: drawn.__setitem__(outcome, n))
    want = {(-2, None): 1, (-1, None): 2, (0, None): 3, (1, 0): 1, (1, 1): 1, (2, None): 1}
    assert drawn.keys() == want.keys()
    for outcome, ways in want.items():
        assert abs(drawn[outcome] / sampling.SAMPLE_DRAWS - ways / 9) <= 0.02, outcome


def test_each_step_says_its_draws_its_margin_to_a_hundredth_of_a_point_and_the_next_step():
    assert [sampling.sampled_label(n) for n in sampling.SAMPLE_STEPS] == [
        {"draws": 400, "margin": 0.049, "seed": 27, "next": 1000},
        {"draws": 1000, "margin": 0.031, "seed": 27, "next": 2401},
        {"draws": 2401, "margin": 0.02, "seed": 27, "next": None}]
