"""The exact-distribution machinery of the odds: run the real pipeline over every class of dice.

Every face combination is equally likely. Rather than run the pipeline for each of 81 × 81 × …
combinations, the faces are handed to it as traced numbers that note when the pipeline *uses*
them (compares, adds, formats…). A run that never used a die gives the same outcome for every
face that die could show, so one run stands for all of them; a run that did use a die is split
and re-run, finer:

- a combat roll is first grouped by nothing, then by its total, then by its total and last die
  (MUD 4.22/4.61: the odd-coloured die is the last of the four, read to break ties and as the
  damage die), and only if some other die is read, face by face;
- damage dice are first left unread, then grouped by what the damage rules read of them: the
  face of 1dF, the sum of 4dF (F95 4.61), the sorted three d6 of Min-Mid-Max (F95 4.63);
- under Combat Options, a shieldman's shield roll (CO 2.2, ``co.shield``) is one more roll of the
  ruleset's technique, and a wounded fighter's damage check (CO 4.3, ``co.damage_check``) four
  more Fudge dice grouped by their sum.

Each leaf's weight is the product of its classes' sizes over the number of face combinations.
``tests/test_odds_brute.py`` checks the grouping against a brute force over every face. What is
run and how leaves are added up is the callers' (:mod:`.odds`, :mod:`.group_odds`,
:mod:`.ranged_odds`, :mod:`.outcomes`); this module knows dice, not rules.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from functools import cache, lru_cache
from math import gcd
from typing import TYPE_CHECKING, Any, NamedTuple

from ..combat.attack import names_damage_dice
from ..combat.memo import remembering_blows
from ..core import dice
from ..core.errors import FudgeError, RuleError
from ..core.explain import Step
from ..rules import damage

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

# Features a combat roll's class can be fixed by (see the module docstring).
TOTAL, _LAST, _ALL = "total", "last", "all"


# ---------------------------------------------------------------------------------------------
# Traced dice faces
# ---------------------------------------------------------------------------------------------

class _Face(int):
    """A die face (or a roll's total) that notes in a log when the pipeline uses its value.

    It is an ``int`` everywhere (``isinstance`` checks pass, the value is the face); any
    operation that reads the value — comparison, arithmetic, hashing, truth, formatting,
    conversion — first records ``(slot, index)`` in the log of the run under way
    (``_Face._log``, set by :class:`Runner` for each run). Results are plain ints. The log is
    the class's, not the face's, so one traced face serves every run that hands the pipeline
    the same value in the same slot.
    """

    # The run under way's log (between runs: a scratch set nobody reads). One enumeration at a
    # time per process: the engine runs in one thread (a Pyodide worker, the command line).
    _log: set = set()
    _at: tuple[int, int]  # (slot, index): set on each face by __new__

    def __new__(cls, value: int, slot: int, index: int) -> _Face:
        obj = super().__new__(cls, value)
        obj._at = (slot, index)
        return obj

    def __reduce__(self) -> Any:  # copying gives a plain int: the copy is a use of the value
        _Face._log.add(self._at)
        return (int, (int(self),))


def _note(x: Any) -> Any:
    if type(x) is _Face:
        _Face._log.add(x._at)
        return int.__int__(x)
    return x


# The methods that take no argument, and those that take exactly one: each gets a lean wrapper
# (they run several times in every pipeline run); the rest the general one.
_UNARY = frozenset({"__hash__", "__bool__", "__int__", "__index__", "__float__", "__abs__", "__neg__",
                    "__pos__", "__invert__", "__trunc__", "__floor__", "__ceil__", "__str__", "__repr__",
                    "bit_length", "as_integer_ratio", "conjugate"})
_BINARY = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__radd__",
                     "__sub__", "__rsub__", "__mul__", "__rmul__", "__floordiv__", "__rfloordiv__",
                     "__truediv__", "__rtruediv__", "__mod__", "__rmod__", "__divmod__", "__rdivmod__",
                     "__rpow__", "__and__", "__rand__", "__or__", "__ror__", "__xor__", "__rxor__",
                     "__lshift__", "__rlshift__", "__rshift__", "__rrshift__", "__format__"})


def _traced(name: str) -> Callable[..., Any]:
    base = getattr(int, name)
    plain = int.__int__
    if name in _UNARY:
        def method(self: _Face) -> Any:
            _Face._log.add(self._at)
            return base(plain(self))
    elif name in _BINARY:
        def method(self: _Face, other: Any) -> Any:  # type: ignore[misc]
            log = _Face._log
            log.add(self._at)
            if type(other) is _Face:
                log.add(other._at)
                other = plain(other)
            return base(plain(self), other)
    else:
        def method(self: _Face, *args: Any) -> Any:  # type: ignore[misc]
            _Face._log.add(self._at)
            return base(plain(self), *(_note(a) for a in args))

    method.__name__ = name
    method.__doc__ = f"int.{name}, noting the read."
    return method


for _name in (
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__bool__",
    "__int__", "__index__", "__float__", "__abs__", "__neg__", "__pos__", "__invert__",
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__floordiv__",
    "__rfloordiv__", "__truediv__", "__rtruediv__", "__mod__", "__rmod__", "__divmod__",
    "__rdivmod__", "__pow__", "__rpow__", "__and__", "__rand__", "__or__", "__ror__", "__xor__",
    "__rxor__", "__lshift__", "__rlshift__", "__rshift__", "__rrshift__", "__round__",
    "__trunc__", "__floor__", "__ceil__", "__format__", "__str__", "__repr__", "bit_length",
    "to_bytes", "as_integer_ratio", "conjugate",
):
    setattr(_Face, _name, _traced(_name))
del _name


# ---------------------------------------------------------------------------------------------
# Class tables (pure, cached per technique / kind of damage dice)
# ---------------------------------------------------------------------------------------------

NPC_D6 = "npc_d6"  # F93 4.5 / F95 4.34: one d6, and a second only on a 1 or a 6


@cache
def roll_faces(key: str) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every face tuple of technique ``key`` with its total and weight, in a fixed order.

    The 1d6 NPC method (F93 4.5) rolls a second d6 only on a 1 or a 6: its rows are the faces
    as read — a lone 2…5 weighing 6 (any second die), a pair (1 or 6, second) weighing 1 — out
    of 36, with total 0 (the method reads the faces, not a total)."""
    if key == NPC_D6:
        rows: list[tuple[tuple[int, ...], int, int]] = []
        for first in dice.D6_FACES:
            if 2 <= first <= 5:
                rows.append(((first,), 0, 6))
            else:
                rows.extend(((first, second), 0, 1) for second in dice.D6_FACES)
        return tuple(rows)
    tech = dice.TECHNIQUES[key]
    return tuple((faces, tech.read(faces).total, 1)
                 for faces in itertools.product(tech.die, repeat=tech.count))


@cache
def roll_whole(key: str) -> int:
    return sum(w for _, _, w in roll_faces(key))


def _roll_key(features: frozenset, faces: tuple[int, ...], total: int) -> Any:
    if _ALL in features:
        return faces
    return (total if TOTAL in features else None, faces[-1] if _LAST in features else None)


@lru_cache(maxsize=4096)
def roll_children(key: str, features: frozenset, parent_key: Any,
                   finer: frozenset) -> tuple[tuple[Any, int, tuple[int, ...], int], ...]:
    """The classes (key, weight, representative faces, representative total) that split the
    class ``parent_key`` of ``features`` by the finer ``finer``. A child's representative is its
    first member, so the child holding the parent's representative keeps it (its run is reused)."""
    groups: dict[Any, list] = {}
    for faces, total, weight in roll_faces(key):
        if _roll_key(features, faces, total) != parent_key:
            continue
        k = _roll_key(finer, faces, total)
        if k not in groups:
            groups[k] = [0, faces, total]
        groups[k][0] += weight
    return tuple((k, n, faces, total) for k, (n, faces, total) in groups.items())


def damage_reading(kind: str, faces: tuple[int, ...]) -> Any:
    """What the damage rules read of these faces: the 1dF face, the 4dF sum (F95 4.61), the
    three d6 in order of size (Min-Mid-Max, F95 4.63)."""
    if kind == "3d6":
        return tuple(sorted(faces))
    return sum(faces)


_DAMAGE_DIE = {"1dF": (dice.FUDGE_FACES, 1), "4dF": (dice.FUDGE_FACES, 4), "3d6": (dice.D6_FACES, 3)}


@cache
def damage_faces_all(kind: str) -> tuple[tuple[int, ...], ...]:
    die, count = _DAMAGE_DIE[kind]
    return tuple(itertools.product(die, repeat=count))


@cache
def damage_classes(kind: str) -> tuple[tuple[Any, int, tuple[int, ...]], ...]:
    """The classes (reading, size, representative faces) of a kind of damage dice."""
    groups: dict[Any, list] = {}
    for faces in damage_faces_all(kind):
        k = damage_reading(kind, faces)
        if k not in groups:
            groups[k] = [0, faces]
        groups[k][0] += 1
    return tuple((k, n, faces) for k, (n, faces) in groups.items())


def damage_kinds(rules: RuleSet) -> tuple[str | None, ...]:
    """The damage dice a fighter may need under ``rules``, most usual first: ``"1dF"``,
    ``"4dF"``, ``"3d6"`` or None (none). Two kinds when a graze reads other dice than a full hit
    (Min-Mid-Max with grazes, F95 4.63). Under ``damage.die`` ``"odd_die"`` with 4dF the damage
    die is the odd-coloured combat die (MUD 4.61), so no separate dice; with a 2d6 technique, or
    when ties are broken by the odd-coloured die without 4dF, a separate 1dF plays its part."""
    four_df = rules["dice.technique"] == dice.FOUR_DF
    kinds: list[str | None] = []
    for rd in (2, 1):
        kind = damage.dice_needed(rules, relative_degree=rd)["dice"]
        if kind == "1dF" and rules["damage.die"] == "odd_die" and four_df:
            kind = None
        if kind is None and rules["melee.tiebreak"] and not four_df:
            kind = "1dF"  # MUD 4.22 needs an odd-coloured die; without 4dF it is a separate die
        if kind not in kinds:
            kinds.append(kind)
    return tuple(kinds)


# ---------------------------------------------------------------------------------------------
# The state of the enumeration: one slot per roll (each fighter's, a GM's group roll), then one
# per set of damage dice (each fighter's in an exchange; each foe's blow in a group round)
# ---------------------------------------------------------------------------------------------

class RollSlot(NamedTuple):
    """One roll's class: made for every child of every split, so a light tuple."""

    technique: str
    features: frozenset
    key: Any
    size: int
    faces: tuple[int, ...]
    total: int


class DamageSlot(NamedTuple):
    """One set of damage-like dice's class (a light tuple, like :class:`RollSlot`)."""

    kinds: tuple[str | None, ...]   # candidates while unread; one once split
    fixed: bool
    key: Any = None
    size: int = 1
    faces: tuple[int, ...] | None = None


def root_roll(technique: str) -> RollSlot:
    faces, total, _ = roll_faces(technique)[0]
    return RollSlot(technique, frozenset(), (None, None), roll_whole(technique), faces, total)


def _reps(kinds: tuple[str | None, ...]) -> tuple[tuple[int, ...] | None, ...]:
    return tuple(None if k is None else damage_faces_all(k)[0] for k in kinds)


# ---------------------------------------------------------------------------------------------
# The enumeration
# ---------------------------------------------------------------------------------------------

class TooMany(Exception):
    """The enumeration would run the pipeline more often than allowed."""


class Runner:
    """Runs the pipeline on one assignment of representative faces, noting which were used.

    ``resolve(rolls, damage)`` gets, for each roll slot, ``(faces, total)`` as traced numbers,
    and for each damage slot the traced faces or None; it returns the outcome."""

    def __init__(self, resolve: Callable[[tuple, tuple], Any], max_runs: int) -> None:
        self.resolve = resolve
        self.max_runs = max_runs
        self.memo: dict[Any, tuple[Any, set, tuple]] = {}
        self.traced: dict[Any, Any] = {}  # traced numbers by (slot, faces): made once, reused
        self.runs = 0
        self.failed_after_reading = False  # the last error came after some dice were read

    def run(self, rolls: tuple[RollSlot, ...], dmg: tuple[DamageSlot, ...]) -> tuple[Any, set, tuple]:
        """The outcome, the reads ``{(slot, index)}`` (index −1: a roll's total; damage slots
        are numbered after the rolls) and the kinds of damage dice used. Unfixed damage slots
        try their candidate kinds in order, the first that fits every blow."""
        choices = [d.kinds if not d.fixed else (d.kinds[0],) for d in dmg]
        several = math.prod(len(c) for c in choices) > 1
        last_error: FudgeError | None = None
        base = len(rolls)
        for kinds in itertools.product(*choices):
            faces = tuple(d.faces if d.fixed else _reps((k,))[0] for d, k in zip(dmg, kinds))
            memo_key = (tuple(r.faces for r in rolls), kinds, faces)
            hit = self.memo.get(memo_key)
            if hit is not None:
                return hit
            log: set = set()
            traced_rolls = tuple(self._roll(i, r.faces, r.total) for i, r in enumerate(rolls))
            traced_dmg = tuple(None if f is None else self._dice(base + i, f) for i, f in enumerate(faces))
            self.runs += 1
            if self.runs > self.max_runs:
                raise TooMany()
            before = _Face._log
            _Face._log = log
            try:
                outcome = self.resolve(traced_rolls, traced_dmg)
            except FudgeError as err:
                if names_damage_dice(err.field) and several:
                    last_error = err
                    continue  # these damage dice do not fit this blow: try the other kind
                self.failed_after_reading = bool(log)
                raise
            finally:
                _Face._log = before
            result = (outcome, log, kinds)
            self.memo[memo_key] = result
            return result
        assert last_error is not None
        self.failed_after_reading = True
        raise last_error

    def _roll(self, slot: int, faces: tuple[int, ...], total: int) -> tuple[tuple[_Face, ...], _Face]:
        key = (slot, faces, total)
        hit = self.traced.get(key)
        if hit is None:
            hit = self.traced[key] = (tuple(_Face(v, slot, j) for j, v in enumerate(faces)), _Face(total, slot, -1))
        return hit

    def _dice(self, slot: int, faces: tuple[int, ...]) -> tuple[_Face, ...]:
        key = (slot, faces)
        hit = self.traced.get(key)
        if hit is None:
            hit = self.traced[key] = tuple(_Face(v, slot, j) for j, v in enumerate(faces))
        return hit


def _wider(slot: RollSlot, reads: set[int]) -> frozenset | None:
    """The features a roll class must be split by after these reads, or None if it need not."""
    count = len(slot.faces)
    want = set(slot.features)
    for index in reads:
        if index == -1:
            want.add(TOTAL)
        elif index == count - 1 and slot.technique != NPC_D6:
            want.add(_LAST)
        else:
            want.add(_ALL)
    if _ALL in slot.features or want <= slot.features:
        return None
    return frozenset({_ALL}) if _ALL in want else frozenset(want)


def damage_whole(kinds: tuple[str | None, ...]) -> int:
    """A number every candidate kind's count of faces divides (1 for no dice)."""
    m = 1
    for k in kinds:
        if k is not None:
            size = len(damage_faces_all(k))
            m = m * size // gcd(m, size)
    return m


def enumerate_classes(runner: Runner, techniques: tuple[str, ...], kinds: tuple[tuple[str | None, ...], ...],
               visit: Callable[[Any, int], None]) -> tuple[int, int]:
    """Walk the classes of dice depth first; ``visit`` each leaf outcome with its chance as an
    integer over the common denominator. ``techniques``: one per roll slot; ``kinds``: the
    candidate damage dice of each damage slot. Returns (denominator, number of leaves).
    The runs share one memo of blows (:func:`pyfudge.combat.remembering_blows`): most
    runs land one of a few blows, figured once."""
    with remembering_blows():
        return _walk(runner, techniques, kinds, visit)


def _walk(runner: Runner, techniques: tuple[str, ...], kinds: tuple[tuple[str | None, ...], ...],
          visit: Callable[[Any, int], None]) -> tuple[int, int]:
    """The walk of :func:`enumerate_classes`."""
    ms = tuple(damage_whole(k) for k in kinds)
    whole = math.prod(roll_whole(t) for t in techniques) * math.prod(ms)
    stack: list[tuple[tuple[RollSlot, ...], tuple[DamageSlot, ...], int]] = [root_classes(techniques, kinds) + (whole,)]
    leaves = 0
    while stack:
        rolls, dmg, weight = stack.pop()
        outcome, children = split_class(runner, rolls, dmg, ms)
        if children is None:
            visit(outcome, weight)
            leaves += 1
            continue
        share = sum(n for _, _, n in children)
        stack.extend((r, d, weight * n // share) for r, d, n in children)
    return whole, leaves


def root_classes(techniques: tuple[str, ...],
          kinds: tuple[tuple[str | None, ...], ...]) -> tuple[tuple[RollSlot, ...], tuple[DamageSlot, ...]]:
    """The coarsest class of dice: every roll and every damage slot unread."""
    return (tuple(root_roll(t) for t in techniques),
            tuple(DamageSlot(k, fixed=all(x is None for x in k)) for k in kinds))


def split_class(runner: Runner, rolls: tuple[RollSlot, ...], dmg: tuple[DamageSlot, ...],
           ms: tuple[int, ...]) -> tuple[Any, list | None]:
    """Run one class of dice: its outcome, and None if that outcome holds for the whole class,
    else the finer classes it splits into as ``(rolls, dmg, n)``, ``n`` each one's share of
    the class (the shares of a split add up to the same whole): the first slot read too coarsely
    split (:func:`class_ways`). ``ms``: each damage slot's :func:`damage_whole`."""
    outcome, roll_ways, dmg_ways = class_ways(runner, rolls, dmg, ms)
    for i, ways in enumerate(roll_ways):
        if len(ways) > 1:
            return outcome, [(rolls[:i] + (child,) + rolls[i + 1:], dmg, n) for child, n in ways]
    for i, dways in enumerate(dmg_ways):
        if len(dways) > 1:
            return outcome, [(rolls, dmg[:i] + (dchild,) + dmg[i + 1:], n) for dchild, n in dways]
    return outcome, None


def class_ways(runner: Runner, rolls: tuple[RollSlot, ...], dmg: tuple[DamageSlot, ...], ms: tuple[int, ...]
               ) -> tuple[Any, list[list[tuple[RollSlot, int]]], list[list[tuple[DamageSlot, int]]]]:
    """Run one class of dice: its outcome, and each slot's finer classes with their shares — a
    slot read too coarsely split by what was read, any other slot one way, itself (share 1). The
    outcome holds for the whole class when every slot has one way."""
    base = len(rolls)
    outcome, log, used = runner.run(rolls, dmg)
    read: dict[int, set[int]] = {}
    for s, idx in log:
        read.setdefault(s, set()).add(idx)
    roll_ways: list[list[tuple[RollSlot, int]]] = []
    for i, slot in enumerate(rolls):
        finer = _wider(slot, read[i]) if i in read else None
        roll_ways.append([(slot, 1)] if finer is None else [
            (RollSlot(slot.technique, finer, key, size, faces, total), size)
            for key, size, faces, total in roll_children(slot.technique, slot.features, slot.key, finer)])
    dmg_ways: list[list[tuple[DamageSlot, int]]] = []
    for i, dslot in enumerate(dmg):
        if dslot.fixed or base + i not in read:
            dmg_ways.append([(dslot, 1)])
            continue
        how = used[i]
        if how is None:  # pragma: no cover - a kind of no dice cannot be read
            raise RuleError("The damage dice were read but none were rolled.", field="damage_die")
        per_face = ms[i] // len(damage_faces_all(how))
        dmg_ways.append([(DamageSlot((how,), True, key, size, faces), size * per_face)
                         for key, size, faces in damage_classes(how)])
    return outcome, roll_ways, dmg_ways


def more_than_dice(runner: Runner, err: FudgeError) -> FudgeError:
    """The error to raise for a run that failed: as it is, unless it came after dice were read
    (then a roll the GM makes at the table, e.g. Willpower, was needed: F95 4.52)."""
    if not runner.failed_after_reading:
        return err
    return RuleError(f"Exact odds cannot be given: some rolls need more than dice. {err.message}",
                     field=err.field)


def margin_words(margin: float) -> str:
    """A sampled chance's margin as the explanations state it (95% confidence: see
    :data:`~.sampling.SAMPLE_DRAWS`)."""
    points = f"{margin * 100:.0f}"
    return f"±{points} point{'' if points == '1' else 's'}, 19 times in 20."


def explain(technique: str, kinds: tuple[str | None, ...], leaves: int, runs: int,
            extra: tuple[str, ...] = (), *, sampled: dict[str, Any] | None = None) -> tuple[Step, ...]:
    """The steps that say how the odds were weighed: the rolls, the damage dice, shield rolls and
    damage checks (``extra``), and how many runs and classes it took — or, ``sampled``
    (:func:`sampled_label`), how many draws and within what margin."""
    tech = dice.TECHNIQUES[technique]
    faces = roll_whole(technique)
    steps = [Step(tech.section, f"Each fighter rolls {tech.label}: {faces} equally likely faces, "
                  "weighed by what the rules read of them (the total, the odd-coloured last die).",
                  {"technique": technique, "faces": faces})]
    named = [k for k in kinds if k is not None]
    if named:
        section = "F95 4.63" if "3d6" in named else "F95 4.61"
        steps.append(Step(section, f"Damage dice ({' or '.join(named)}) are weighed when a blow lands.",
                          {"damage_dice": named}))
    if "shield rolls" in extra:
        steps.append(Step("CO 2.2", f"A shieldman who loses rolls their shield check ({tech.label}): weighed by "
                          "its total.", {"shield_rolls": True}))
    if "damage checks" in extra:
        steps.append(Step("CO 4.3", "A wounded fighter's damage check (4dF) is weighed by its total.",
                          {"damage_checks": True}))
    if sampled:
        steps.append(Step("F95 4.22", f"About: the exchange was resolved {runs} times, for {sampled['draws']} seeded "
                          f"draws of every die (exact odds would take too long); each chance is within "
                          + margin_words(sampled['margin']),
                          {"runs": runs, "draws": sampled["draws"], "margin": sampled["margin"]}))
        return tuple(steps)
    steps.append(Step("F95 4.22", f"The exchange was resolved {runs} times, once for each of {leaves} "
                      "classes of dice, each weighted by its exact chance.", {"runs": runs, "classes": leaves}))
    return tuple(steps)
