"""What a property proves is counted, not assumed: the share of its examples that reach its
assertion, and example numbers that grow with the ``nightly`` profile (tests/conftest.py).

A property that may refuse some inputs (a FudgeError is a correct answer for them) calls
``refused()`` on that path and ``checked()`` where its assertion runs; ``@at_least(share)`` over
its ``@given`` fails the test when fewer than ``share`` of the examples were checked — a property
whose assertion runs on almost no example would otherwise pass without proving anything.

The share is drawn at random, so its bar sits far below what the strategies give: over 30 seeds,
the share checks of actions, dice, wounds and attack never fell under 0.57 against a bar of 0.5
(means 0.76-0.85). CI runs the ``ci`` profile (tests/conftest.py), derandomized: the same examples,
the same count, on every run.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from hypothesis import event, settings

_tally = {"checked": 0, "refused": 0}


def checked() -> None:
    """This example reaches the property's assertion."""
    _tally["checked"] += 1
    event("checked")


def refused() -> None:
    """This example's input is refused (a FudgeError, the right answer): nothing else is asserted."""
    _tally["refused"] += 1
    event("refused")


def at_least(share: float) -> Callable:
    """Fail when fewer than ``share`` of the examples hypothesis ran reached the assertion."""
    def wrap(test: Callable) -> Callable:
        @functools.wraps(test)
        def run(*args, **kwargs):
            _tally.update(checked=0, refused=0)
            test(*args, **kwargs)
            seen = _tally["checked"] + _tally["refused"]
            assert seen, f"{test.__name__}: no example called checked() or refused()"
            assert _tally["checked"] >= share * seen, (
                f"{test.__name__}: only {_tally['checked']} of {seen} examples reached the assertion "
                f"(at least {share:.0%} must)")
        return run
    return wrap


def examples(n: int) -> int:
    """``n`` examples under the default profile; ten times as many under ``nightly`` (the profile's
    max_examples over Hypothesis's default 100), since a number a test names overrides the profile."""
    return max(1, n * settings.default.max_examples // 100)
