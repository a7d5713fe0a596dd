"""The outcomes of one exchange kept whole, not added up: every class of dice with the outcome
the pipeline gave for it and its exact chance (:func:`exchange_outcomes`), or one outcome drawn
with that chance, running the pipeline only for the classes a draw meets (:class:`OutcomeDraw`).
The same slots and resolver as :func:`.odds.attack_odds` (:func:`.odds.exchange_slots`); the
fight forecast (:mod:`.forecast`) steps a whole fight with them.
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from ..combat import declaration
from ..combat.fighter import Fighter
from ..combat.outcomes import ExchangeOutcome
from ..core.errors import FudgeError
from .dice_classes import (
    TOTAL,
    RollSlot,
    Runner,
    TooMany,
    damage_whole,
    enumerate_classes,
    more_than_dice,
    roll_children,
    root_classes,
    root_roll,
    split_class,
)
from .odds import KINDS, exchange_slots
from .sampling import too_many

if TYPE_CHECKING:  # pragma: no cover
    import random

    from ..core.ruleset import RuleSet


@dataclass(frozen=True)
class OutcomeLeaves:
    """Every class of dice of one simultaneous round with the outcome the pipeline gave for it
    and its exact chance (the chances sum to 1); ``runs``: how many times the pipeline ran.
    Used by :mod:`pyfudge.analysis.forecast` to step a whole fight from one state to the next."""

    leaves: tuple[tuple[ExchangeOutcome, Fraction], ...]
    runs: int


def exchange_outcomes(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_declares: declaration.Declaration | None = None,
    b_declares: declaration.Declaration | None = None,
    kind: str = "round",
    round_number: int = 1,
    max_runs: int = 20_000,
) -> OutcomeLeaves:
    """The outcomes of one simultaneous round (F95 4.22; stances F95 4.32) between ``a`` and
    ``b`` — or, with ``kind`` ``"attack"``, of ``a``'s attack on ``b`` in alternating turns
    (F95 4.23) — one per class of dice, each with its exact chance: the same enumeration as
    :func:`attack_odds`, kept whole rather than added up. Raises :class:`RuleError` as
    :func:`attack_odds` does (too many runs, rolls that need more than dice)."""
    if kind not in KINDS:
        raise FudgeError(f"kind must be round or attack, not {kind!r}.", field="kind")
    a_decl = a_declares or declaration.NO_DECLARATION
    b_decl = b_declares or declaration.NO_DECLARATION
    a, b = (f if f.track is not None else f.with_track(f.track_for(rules)) for f in (a, b))
    # The same slots and resolver as attack_odds (shield rolls, damage checks, Willpower).
    ex = exchange_slots(a, b, rules=rules, a_decl=a_decl, b_decl=b_decl, kind=kind, round_number=round_number)
    runner = Runner(ex.resolve, max_runs)
    found: list[tuple[Any, int]] = []
    try:
        whole, _ = enumerate_classes(runner, ex.techniques, ex.kinds,
                              lambda outcome, w: found.append((outcome, w)))
    except TooMany:
        raise too_many(runner, "odds") from None
    except FudgeError as err:
        raise more_than_dice(runner, err)  # noqa: B904 - err itself, or one that says why
    return OutcomeLeaves(tuple((o, Fraction(w, whole)) for o, w in found), runner.runs)


class OutcomeDraw:
    """One exchange's outcome drawn with exactly the chance :func:`exchange_outcomes` gives it,
    running the pipeline only for the classes of dice a draw meets: a draw walks from the
    coarsest class down, choosing among a class's finer classes by their shares (an integer
    ``rng.randrange`` over the whole, so no float rounds a chance), and each class's run and
    split are kept for the next draw. A draw thus lands on a class with the chance its dice
    have, and gives that class's outcome: distributed as the pipeline played die by die.
    ``runs``: the pipeline runs so far. Raises as :func:`exchange_outcomes` does (rolls that need
    more than dice) when a draw meets such a class."""

    def __init__(self, a: Fighter, b: Fighter, *, rules: RuleSet, a_declares: declaration.Declaration | None = None,
                 b_declares: declaration.Declaration | None = None, kind: str = "round", round_number: int = 1) -> None:
        if kind not in KINDS:
            raise FudgeError(f"kind must be round or attack, not {kind!r}.", field="kind")
        a, b = (f if f.track is not None else f.with_track(f.track_for(rules)) for f in (a, b))
        ex = exchange_slots(a, b, rules=rules, a_decl=a_declares or declaration.NO_DECLARATION,
                       b_decl=b_declares or declaration.NO_DECLARATION, kind=kind, round_number=round_number)
        self._runner = Runner(ex.resolve, 1 << 62)  # the caller budgets its draws
        self._ms = tuple(damage_whole(k) for k in ex.kinds)
        rolls, dmg = root_classes(ex.techniques, ex.kinds)
        # Every contest compares the two combat rolls' totals: start from their classes, sparing
        # the runs that would only find that out (a finer class than needed weighs the same).
        # The classes are made when a draw first lands on them.
        self._rest, self._dmg = rolls[2:], dmg
        self._pairs, self._shares = _total_pairs(rolls[0].technique, rolls[1].technique)
        self._top: list[_Node | None] = [None] * len(self._pairs)

    @property
    def runs(self) -> int:
        return self._runner.runs

    def draw(self, rng: random.Random) -> ExchangeOutcome:
        """One outcome, as likely as its class of dice."""
        i = bisect.bisect_right(self._shares, rng.randrange(self._shares[-1]))
        node = self._top[i]
        if node is None:
            node = self._top[i] = _Node(self._pairs[i] + self._rest, self._dmg)
        while True:
            if node.outcome is _UNRUN:
                try:
                    outcome, children = split_class(self._runner, node.rolls, node.dmg, self._ms)
                except FudgeError as err:
                    raise more_than_dice(self._runner, err)  # noqa: B904 - err itself, or one that says why
                if children is not None:
                    node.children = [_Node(r, d) for r, d, _ in children]
                    node.shares = list(itertools.accumulate(n for _, _, n in children))
                node.outcome = outcome
            if node.children is None:
                return node.outcome
            node = node.children[bisect.bisect_right(node.shares, rng.randrange(node.shares[-1]))]


_UNRUN = object()


@cache
def _total_pairs(a: str, b: str) -> tuple[tuple[tuple[RollSlot, ...], ...], tuple[int, ...]]:
    """The classes of two combat rolls' totals (techniques ``a`` and ``b``), every pair of them,
    with their running shares."""
    by_total = frozenset({TOTAL})
    classes = [[RollSlot(t, by_total, key, size, faces, total)
                for key, size, faces, total in roll_children(t, frozenset(), root_roll(t).key, by_total)]
               for t in (a, b)]
    pairs = tuple(itertools.product(*classes))
    return pairs, tuple(itertools.accumulate(x.size * y.size for x, y in pairs))


class _Node:
    """A class of dice in an :class:`OutcomeDraw`: not yet run, a leaf (its outcome), or split
    (its finer classes with their running shares)."""

    __slots__ = ("rolls", "dmg", "outcome", "children", "shares")

    def __init__(self, rolls: tuple, dmg: tuple) -> None:
        self.rolls, self.dmg = rolls, dmg
        self.outcome: Any = _UNRUN
        self.children: list[_Node] | None = None
        self.shares: list[int] = []
