"""Remembering what an exchange figured without dice, while the odds run it hundreds of times.

Inside :func:`remembering_blows` (which the odds open around their runs) each distinct blow
(:class:`~.blow.BlowInput` is its key) and the dice-free parts of an exchange (checks,
modifiers, minimums: :func:`remember`) are figured once; outside, nothing is remembered.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

# Blows already figured in this enumeration (see remembering_blows); None: no memo.
_BLOW_MEMO: contextvars.ContextVar[dict | None] = contextvars.ContextVar("pyfudge_blow_memo", default=None)


@contextmanager
def remembering_blows() -> Iterator[None]:
    """Within this block, :func:`.blow.strike` remembers each blow it figured and returns the same
    blow when called again with the same inputs (the same fighter, declaration and ruleset
    objects, and equal numbers and dice). :mod:`pyfudge.odds` runs the pipeline hundreds of times
    on the same two fighters, where most runs land one of a few blows; outside such a block
    nothing is remembered. The dice reach the memo's key as their values, so a traced die is
    read there whether or not the damage rules would have read it: the odds may then weigh
    finer classes of dice than needed, never coarser."""
    token = _BLOW_MEMO.set({})
    try:
        yield
    finally:
        _BLOW_MEMO.reset(token)


def remember(objects: tuple, values: tuple, compute: Callable[[], T]) -> T:
    """``compute()``, remembered inside :func:`remembering_blows` by the identity of ``objects``
    (kept alive by the memo, so no id is reused) and the value of ``values``. For the parts of
    an exchange that read no dice: checks, modifiers, minimums."""
    memo = _BLOW_MEMO.get()
    if memo is None:
        return compute()
    return _look_up(memo, objects, values, compute)


def recall(make_key: Callable[[], tuple[tuple, tuple]], compute: Callable[[], T]) -> T:
    """:func:`remember` for a key that reads dice (:meth:`~.blow.BlowInput.memo_key`): made only
    inside a memo, where the dice are the odds' own (outside, the rules read and check them)."""
    memo = _BLOW_MEMO.get()
    if memo is None:
        return compute()
    return _look_up(memo, *make_key(), compute)


def _look_up(memo: dict, objects: tuple, values: tuple, compute: Callable[[], T]) -> T:
    key = (tuple(map(id, objects)), values)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (compute(), objects)
    return hit[0]
