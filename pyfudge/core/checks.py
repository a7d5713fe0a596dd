"""The one set of input checks: whole numbers, flags, names, choices, lists and objects.

Each check returns the value it was given (never a cleaned copy: nothing is stripped silently)
or raises an error naming the field at fault. What kind of error depends on what the input is,
so the checks come bound to an error class: :data:`SHEET` for a fighter's sheet and what he
carries, :data:`REQUEST` for a request's arguments and declarations, :data:`OPTION` for ruleset
options and their tables (``options.need_*`` are these).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from .errors import FudgeError, OptionError, RequestError, SheetError

# Letters that draw nothing, used to fake an empty name (Hangul fillers, the blank Braille cell).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


# Line and paragraph separators, and the bidi embeddings, overrides and isolates: they break a
# line or turn the text around it, like a control character (bidi marks LRM/RLM stay allowed).
_CONTROL_LIKE = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Set while a stored log is replayed (see :func:`stored_log`).
_STORED = ContextVar("pyfudge_stored_log", default=False)


@contextmanager
def stored_log() -> Iterator[None]:
    """Within this block a stored log is replayed (:meth:`pyfudge.encounter.log.Encounter.from_dict`):
    what a later build refuses in new input is read as the build that logged it read it, so an
    encounter saved, shared or exported then still opens. :meth:`Checks.visible` accepts every
    name the builds before it accepted (any text with something besides spaces); the encounter's
    later checks ask :func:`replaying`. New input is checked outside it."""
    token = _STORED.set(True)
    try:
        yield
    finally:
        _STORED.reset(token)


def replaying() -> bool:
    """Is a stored log being replayed (:func:`stored_log`)?"""
    return _STORED.get()


def _control(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc" or ch in _CONTROL_LIKE


def _invisible(ch: str) -> bool:
    """Spaces, zero-width and other format characters (bidi marks, joiners, the BOM)."""
    return ch.isspace() or ch in _BLANK_LETTERS or unicodedata.category(ch) == "Cf"


class Checks:
    """The checks, each raising ``error`` (a :class:`FudgeError` subclass) on bad input."""

    def __init__(self, error: type[FudgeError]) -> None:
        self.error = error

    def whole(self, value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
        """A whole number (not a bool), within ``low``..``high`` when given."""
        if (isinstance(value, bool) or not isinstance(value, int)
                or (low is not None and value < low) or (high is not None and value > high)):
            span = ("" if low is None and high is None else f" of at least {low}" if high is None
                    else f" of at most {high}" if low is None else f" from {low} to {high}")
            raise self.error(f"{where} must be a whole number{span}, not {value!r}.", field=where)
        return value

    def flag(self, value: Any, where: str) -> bool:
        """True or false."""
        if not isinstance(value, bool):
            raise self.error(f"{where} must be true or false, not {value!r}.", field=where)
        return value

    def name(self, value: Any, where: str, max_len: int = 60) -> str:
        """A name a player reads (a fighter, a skill, a weapon, a foe, a table row): 1 to
        ``max_len`` characters, no control character (C0, DEL, C1: a line break, a tab, an
        escape; nor a line or paragraph separator or a bidi embedding, override or isolate), and at
        least one visible character, not only spaces or zero-width ones."""
        if not isinstance(value, str) or not value.strip() or len(value) > max_len:
            raise self.error(f"{where} must be a name of 1 to {max_len} characters.", field=where)
        return self.visible(value, where)

    def visible(self, value: str, where: str) -> str:
        """``value`` if it holds no control character and something visible (see :meth:`name`)."""
        if replaying():
            return value  # a name in a stored log: the old builds refused only blank names (see :meth:`name`)
        bad = next(filter(_control, value), None)
        if bad is not None:
            raise self.error(f"{where} must not hold a control character (such as a line break, tab or "
                             f"text-direction control; found U+{ord(bad):04X}).", field=where)
        if all(map(_invisible, value)):
            raise self.error(f"{where} must have a visible character, not only spaces or invisible "
                             "characters.", field=where)
        return value

    def text(self, value: Any, where: str, max_len: int, *, empty: bool = False) -> str:
        """Free text (a note, a label) of up to ``max_len`` characters; blank only if ``empty``."""
        if not isinstance(value, str) or len(value) > max_len or (not empty and not value.strip()):
            raise self.error(f"{where} must be a text of {'0' if empty else '1'} to {max_len} characters.",
                             field=where)
        return value

    def choice(self, value: Any, where: str, allowed: Sequence[str]) -> str:
        """One of ``allowed``."""
        if value not in allowed:
            raise self.error(f"{where} must be one of {', '.join(map(str, allowed))}, not {value!r}.",
                             field=where)
        return value

    def items(self, value: Any, where: str, min_len: int = 0, max_len: int = 1000) -> list:
        """A list of ``min_len`` to ``max_len`` entries."""
        if not isinstance(value, list):
            raise self.error(f"{where} must be a list, not {type(value).__name__}.", field=where)
        if not min_len <= len(value) <= max_len:
            raise self.error(f"{where} must have {min_len} to {max_len} entries, not {len(value)}.", field=where)
        return value

    def obj(self, value: Any, where: str, known: Iterable[str], *, at_key: bool = False) -> dict:
        """An object with no key outside ``known`` (missing keys are the caller's business).
        An unknown key is reported at ``where``, or at ``where.key`` when ``at_key``."""
        if not isinstance(value, dict):
            raise self.error(f"{where} must be an object, not {type(value).__name__}.", field=where)
        extra = sorted(set(value) - set(known), key=str)
        if extra:
            raise self.error(f"{where}: unknown field {extra[0]!r}.",
                             field=f"{where}.{extra[0]}" if at_key else where)
        return value

    def exact(self, value: Any, where: str, keys: Mapping[str, Callable[[Any, str], Any]]) -> dict:
        """An object with exactly ``keys``, each checked by its function at ``where.key``."""
        self.obj(value, where, keys)
        missing = set(keys) - set(value)
        if missing:
            raise self.error(f"{where}: missing field {sorted(missing)[0]!r}.", field=where)
        return {k: fn(value[k], f"{where}.{k}") for k, fn in keys.items()}


SHEET = Checks(SheetError)
REQUEST = Checks(RequestError)
OPTION = Checks(OptionError)
