"""Odds too dear to enumerate, sampled: seeded draws down :mod:`.dice_classes`' tree of classes,
the real pipeline run once per class drawn, each chance with its margin; the draws kept by input so
a next step continues them. Like :mod:`.dice_classes`, this module knows dice, not rules."""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..combat.memo import remembering_blows
from ..core.errors import FudgeError, RuleError
from .dice_classes import Runner, class_ways, damage_whole, root_classes

# Odds too dear to enumerate are sampled: seeded draws of every die, the pipeline run on each.
# A chance estimated from n draws is off by more than z·½/√n with probability below 5% (z =
# 1.96, the normal bound on a proportion's error; ½ is its largest standard deviation): 2,401
# draws keep every chance within ±0.02, two points, 19 times in 20 — the confidence the
# forecast states too (its Wilson intervals at 95%).
SAMPLE_DRAWS = 2_401
SAMPLE_SEED = 27
_Z95 = 1.96
# The draws are taken in steps, each a short answer of its own (the browser's engine answers
# nothing else while it runs): the first, ±5 points, shown at once; each next one continues the
# same draws (the classes already run are not run again) down to ±2 points at SAMPLE_DRAWS.
SAMPLE_STEPS = (400, 1_000, SAMPLE_DRAWS)


def sample_margin(draws: int) -> float:
    """The most a sampled chance is off by, at 95% confidence (see :data:`SAMPLE_DRAWS`)."""
    return _Z95 * 0.5 / math.sqrt(draws)


def next_step(draws: int) -> int | None:
    """The draws of the step after ``draws`` (:data:`SAMPLE_STEPS`), None once at ±2 points."""
    return next((n for n in SAMPLE_STEPS if n > draws), None)


class Sampler:
    """Draws leaves of :func:`enumerate_classes`'s tree of classes, each with its exact chance,
    by a ``random.Random(seed)``: from the coarsest class, a class the pipeline splits is left for
    one of its finer classes (every slot it read split at once), picked by size, down to a class
    whose outcome holds for all its dice. A class is run once, however often it is drawn.

    :meth:`draw_to` continues the same sequence of draws: ``n`` draws are the same leaves
    whether taken at once or in steps (the same odds for the same round), and a later step runs
    only the classes not drawn before."""

    def __init__(self, resolve: Callable[[tuple, tuple], Any], techniques: tuple[str, ...],
                 kinds: tuple[tuple[str | None, ...], ...], *, seed: int = SAMPLE_SEED) -> None:
        self.rng = random.Random(seed)
        self.runner = Runner(resolve, math.inf)  # type: ignore[arg-type]  # no limit: the draws bound the runs
        self.ms = tuple(damage_whole(k) for k in kinds)
        self.root = root_classes(techniques, kinds)
        # Each class run: its outcome, and the slots it splits (:meth:`_split`; none: a leaf).
        self.split: dict[Any, tuple[Any, list]] = {}
        self.drawn: dict[Any, int] = {}
        self.draws = 0

    def draw_to(self, draws: int) -> None:
        """Draw until ``draws`` leaves are drawn in all (nothing when there are that many already)."""
        split, rng = self.split, self.rng
        with remembering_blows():
            for _ in range(draws - self.draws):
                node = self.root
                while True:
                    hit = split.get(node)
                    if hit is None:
                        hit = split[node] = self._split(node)
                    outcome, ways = hit
                    if not ways:
                        self.drawn[node] = self.drawn.get(node, 0) + 1
                        break
                    # The finer class: each slot split drawn on its own (the classes of a split
                    # are every slot's classes combined, each combination's share their product).
                    rolls, dmg = list(node[0]), list(node[1])
                    for into, i, children, shares in ways:
                        (rolls if into == 0 else dmg)[i] = children[
                            bisect.bisect_right(shares, rng.random() * shares[-1])]
                    node = (tuple(rolls), tuple(dmg))
                self.draws += 1

    def _split(self, node: tuple) -> tuple[Any, list]:
        """Run a class: its outcome, and each slot it splits (roll slots 0, damage slots 1) with
        its finer classes and their running shares; none for a leaf."""
        outcome, roll_ways, dmg_ways = class_ways(self.runner, node[0], node[1], self.ms)
        by_kind: tuple[tuple[int, list[list[Any]]], ...] = ((0, roll_ways), (1, dmg_ways))
        ways = [(into, i, [c for c, _ in w], list(itertools.accumulate(n for _, n in w)))
                for into, slot_ways in by_kind for i, w in enumerate(slot_ways) if len(w) > 1]
        return outcome, ways

    def visit(self, visit: Callable[[Any, int], None]) -> None:
        """``visit`` each drawn leaf's outcome once, with the number of times it was drawn."""
        for node, times in self.drawn.items():
            visit(self.split[node][0], times)

    @property
    def runs(self) -> int:
        """How many times the pipeline ran."""
        return self.runner.runs


# The draws of the last few odds sampled, by the whole input (every field, every option): a next
# step, or the same odds asked again, continues them. Never across inputs.
_KEPT: OrderedDict[str, Sampler] = OrderedDict()
_KEPT_SIZE = 2


# Where odds too dear to weigh exactly may be sampled, the exact walk gives up after this many runs
# (a few seconds in the browser's engine) rather than the tens of thousands it may take otherwise.
EXACT_RUNS_BEFORE_SAMPLING = 5_000


def exact_runs(max_runs: int, sample: bool | int) -> int:
    """The runs an exact walk may take: ``max_runs``, or fewer where sampling may answer instead."""
    return max_runs if sample is False else min(max_runs, EXACT_RUNS_BEFORE_SAMPLING)


def is_kept(key: str) -> bool:
    """Draws are kept under ``key``: its exact odds were too dear (no need to try them again)."""
    return key in _KEPT


def kept_sampler(key: str, draws: int, make: Callable[[], Sampler]) -> Sampler:
    """The draws kept under ``key``, or ``make()`` (also when more than ``draws`` are kept: the
    odds of ``draws`` are those of its first draws)."""
    kept = _KEPT.get(key)
    if kept is None or kept.draws > draws:
        kept = _KEPT[key] = make()
        if len(_KEPT) > _KEPT_SIZE:
            _KEPT.popitem(last=False)
    _KEPT.move_to_end(key)
    return kept


def draw_kept(key: str, draws: bool | int, make: Callable[[], Sampler]) -> Sampler:
    """The kept draws under ``key`` taken to ``draws`` (True: :data:`SAMPLE_DRAWS`); refused
    outside 1…SAMPLE_DRAWS. A step that fails (some roll needs more than dice) is not kept, and
    is refused with a :class:`RuleError` saying so."""
    n = SAMPLE_DRAWS if draws is True else int(draws)
    if not 1 <= n <= SAMPLE_DRAWS:
        raise FudgeError(f"sample: between 1 and {SAMPLE_DRAWS} draws, not {n}.", field="sample")
    sampler = kept_sampler(key, n, make)
    try:
        sampler.draw_to(n)
    except FudgeError as err:
        _KEPT.pop(key, None)
        raise RuleError(f"Odds cannot be given: some rolls need more than dice. {err.message}",
                        field=err.field) from err
    return sampler


def sampled_label(draws: int) -> dict[str, Any]:
    """What sampled odds say of themselves: ``{"draws", "margin", "seed", "next"}``."""
    return {"draws": draws, "margin": round(sample_margin(draws), 4), "seed": SAMPLE_SEED, "next": next_step(draws)}


def too_many(runner: Runner, field: str, *, can_sample: bool = False) -> RuleError:
    """Exact odds too dear; where sampling could answer, the error asks for ``sample``."""
    if not can_sample:
        return RuleError(f"These rules read so many dice that exact odds would take more than "
                         f"{runner.max_runs} resolutions; they are not computed.", field=field)
    err = RuleError(f"These rules read so many dice that exact odds would take more than {runner.max_runs} "
                    f"resolutions; they can be sampled: about, each chance within "
                    f"±{sample_margin(SAMPLE_DRAWS) * 100:.0f} points, from {SAMPLE_DRAWS} seeded draws.", field=field)
    err.asks = {"input": "sample"}
    return err
