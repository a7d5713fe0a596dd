"""Exact odds of an exchange: run the real attack pipeline over every class of dice, weighted.

What it answers: before the dice, what are the chances of a stand-off, a miss, a graze, a hit and
of each wound level, in both directions of a simultaneous round (F95 4.22, with stances F95 4.32:
"what Berserk against Defensive really buys") or for one attack of alternating turns (F95 4.23)?
The answer is exact (:class:`fractions.Fraction`), never sampled, and no rule is restated here:
every outcome comes from :func:`pyfudge.combat.attack.resolve_exchange` / ``resolve_attack``
under the ruleset, declarations and wound tracks given.

How (and why it is exact). Each fighter brings a combat roll (``dice.technique``: 4dF or a 2d6
way, F95 4.1 / F93 4.21–4.22) and, when the ruleset reads one, damage dice (``damage.die``: 1dF or
4dF, F95 4.61; 3d6 for Min-Mid-Max, F95 4.63). Every face combination is equally likely. Rather
than run the pipeline for each of 81 × 81 × … combinations, the faces are handed to it as traced
numbers that note when the pipeline *uses* them (compares, adds, formats…). A run that never used
a die gives the same outcome for every face that die could show, so one run stands for all of
them; a run that did use a die is split and re-run, finer:

- a combat roll is first grouped by nothing, then by its total, then by its total and last die
  (MUD 4.22/4.61: the odd-coloured die is the last of the four, read to break ties and as the
  damage die), and only if some other die is read, face by face;
- damage dice are first left unread, then grouped by what the damage rules read of them: the
  face of 1dF, the sum of 4dF (F95 4.61), the sorted three d6 of Min-Mid-Max (F95 4.63);
- under Combat Options, a shieldman's shield roll (CO 2.2, ``co.shield``) is one more roll of the
  ruleset's technique, and a wounded fighter's damage check (CO 4.3, ``co.damage_check``) four
  more Fudge dice grouped by their sum. A blow a shield stops is counted as ``"blocked"``.
  Willpower (F95 4.52, ``wounds.willpower``) is the GM's roll entered as a result: it is a
  declared input (``Declaration.willpower``), and the odds are refused without it.

Each leaf's weight is the product of its classes' sizes over the number of face combinations.
``tests/test_odds_brute.py`` checks the grouping against a brute force over every face.

:func:`attack_odds` weighs one exchange of two fighters; :func:`exchange_odds` one round of a lone
fighter against several foes (F95 4.34), through :mod:`pyfudge.combat.multi`. Both refuse, with a
:class:`~pyfudge.errors.RuleError` that says why, rules under which some roll needs more than dice
(a Damage Capacity roll, F95 4.52) or so many dice that the enumeration would be too long.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from fractions import Fraction
from functools import cache, lru_cache
from math import gcd
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import damage, dice, wounds
from ..dice import Roll
from ..errors import FudgeError, RuleError
from ..explain import Step

if TYPE_CHECKING:  # pragma: no cover
    import random

    from ..combat.attack import Declaration, ExchangeOutcome
    from ..combat.fighter import Fighter
    from ..rulesets import RuleSet

# Each blow in a word, least to worst; "blocked": a shield took it (CO 2.2, with co.shield).
RESULTS = ("stand-off", "miss", "blocked", "graze", "hit")
NO_ATTACK = "no attack"
# What the app shows for each word (the engine owns the labels).
RESULT_LABELS = {"stand-off": "Stand-off", "miss": "Miss", "blocked": "Blocked by the shield",
                 "graze": "Graze", "hit": "Hit", NO_ATTACK: "No attack"}
KINDS = ("round", "attack")

# Features a combat roll's class can be fixed by (see the module docstring).
_TOTAL, _LAST, _ALL = "total", "last", "all"


# ---------------------------------------------------------------------------------------------
# Traced dice faces
# ---------------------------------------------------------------------------------------------

class _Face(int):
    """A die face (or a roll's total) that notes in a log when the pipeline uses its value.

    It is an ``int`` everywhere (``isinstance`` checks pass, the value is the face); any
    operation that reads the value — comparison, arithmetic, hashing, truth, formatting,
    conversion — first records ``(slot, index)`` in the log of the run under way
    (``_Face._log``, set by :class:`_Runner` for each run). Results are plain ints. The log is
    the class's, not the face's, so one traced face serves every run that hands the pipeline
    the same value in the same slot.
    """

    # The run under way's log (between runs: a scratch set nobody reads). One enumeration at a
    # time per process: the engine runs in one thread (a Pyodide worker, the command line).
    _log: set = set()

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
def _roll_faces(key: str) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every face tuple of technique ``key`` with its total and weight, in a fixed order.

    The 1d6 NPC method (F93 4.5) rolls a second d6 only on a 1 or a 6: its rows are the faces
    as read — a lone 2…5 weighing 6 (any second die), a pair (1 or 6, second) weighing 1 — out
    of 36, with total 0 (the method reads the faces, not a total)."""
    if key == NPC_D6:
        rows = []
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
def _roll_whole(key: str) -> int:
    return sum(w for _, _, w in _roll_faces(key))


def _roll_key(features: frozenset, faces: tuple[int, ...], total: int) -> Any:
    if _ALL in features:
        return faces
    return (total if _TOTAL in features else None, faces[-1] if _LAST in features else None)


@lru_cache(maxsize=4096)
def _roll_children(key: str, features: frozenset, parent_key: Any,
                   finer: frozenset) -> tuple[tuple[Any, int, tuple[int, ...], int], ...]:
    """The classes (key, weight, representative faces, representative total) that split the
    class ``parent_key`` of ``features`` by the finer ``finer``. A child's representative is its
    first member, so the child holding the parent's representative keeps it (its run is reused)."""
    groups: dict[Any, list] = {}
    for faces, total, weight in _roll_faces(key):
        if _roll_key(features, faces, total) != parent_key:
            continue
        k = _roll_key(finer, faces, total)
        if k not in groups:
            groups[k] = [0, faces, total]
        groups[k][0] += weight
    return tuple((k, n, faces, total) for k, (n, faces, total) in groups.items())


def _damage_reading(kind: str, faces: tuple[int, ...]) -> Any:
    """What the damage rules read of these faces: the 1dF face, the 4dF sum (F95 4.61), the
    three d6 in order of size (Min-Mid-Max, F95 4.63)."""
    if kind == "3d6":
        return tuple(sorted(faces))
    return sum(faces)


_DAMAGE_DIE = {"1dF": (dice.FUDGE_FACES, 1), "4dF": (dice.FUDGE_FACES, 4), "3d6": (dice.D6_FACES, 3)}


@cache
def _damage_faces_all(kind: str) -> tuple[tuple[int, ...], ...]:
    die, count = _DAMAGE_DIE[kind]
    return tuple(itertools.product(die, repeat=count))


@cache
def _damage_classes(kind: str) -> tuple[tuple[Any, int, tuple[int, ...]], ...]:
    """The classes (reading, size, representative faces) of a kind of damage dice."""
    groups: dict[Any, list] = {}
    for faces in _damage_faces_all(kind):
        k = _damage_reading(kind, faces)
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

class _RollSlot(NamedTuple):
    """One roll's class: made for every child of every split, so a light tuple."""

    technique: str
    features: frozenset
    key: Any
    size: int
    faces: tuple[int, ...]
    total: int


class _DamageSlot(NamedTuple):
    """One set of damage-like dice's class (a light tuple, like :class:`_RollSlot`)."""

    kinds: tuple[str | None, ...]   # candidates while unread; one once split
    fixed: bool
    key: Any = None
    size: int = 1
    faces: tuple[int, ...] | None = None


def _root_roll(technique: str) -> _RollSlot:
    faces, total, _ = _roll_faces(technique)[0]
    return _RollSlot(technique, frozenset(), (None, None), _roll_whole(technique), faces, total)


def _reps(kinds: tuple[str | None, ...]) -> tuple[tuple[int, ...] | None, ...]:
    return tuple(None if k is None else _damage_faces_all(k)[0] for k in kinds)


# ---------------------------------------------------------------------------------------------
# Outcome
# ---------------------------------------------------------------------------------------------

def _prob(p: Fraction) -> dict[str, Any]:
    """A chance for JSON: exact ``"n/d"`` and a float rounded to 6 places for display."""
    return {"exact": f"{p.numerator}/{p.denominator}", "p": round(float(p), 6)}


def _levels_dict(items: Iterable[tuple[int, Fraction]]) -> list[dict[str, Any]]:
    return [{"level": lv, "name": wounds.LEVEL_NAMES[lv], **_prob(p)} for lv, p in items]


@dataclass(frozen=True)
class DirectionOdds:
    """The odds of one fighter's blows at the other in the exchange.

    ``results``: the chance of each result of his blow — ``"stand-off"``, ``"miss"`` (he lost,
    or won without reaching the minimum or the right to harm), ``"blocked"`` (a shield took it,
    CO 2.2), ``"graze"``, ``"hit"`` — and
    ``"no attack"`` (he could not fight this round). ``wounds``: the chance that his blow lands
    and leaves each wound level (after every guard: pulled punch, PC death, points; Undamaged =
    it landed but did no harm); ``stuns``: the same for a stunning blow (F95 4.62).
    ``after``: the chance of each wound level the defender is left at after the exchange.
    Every mapping holds only the outcomes that can happen, in level order.
    """

    attacker: str
    defender: str
    results: tuple[tuple[str, Fraction], ...]
    wounds: tuple[tuple[int, Fraction], ...]
    stuns: tuple[tuple[int, Fraction], ...]
    after: tuple[tuple[int, Fraction], ...]

    def chance(self, result: str) -> Fraction:
        """The chance of one result (``"hit"``, ``"graze"``…); 0 if it cannot happen."""
        return dict(self.results).get(result, Fraction(0))

    @property
    def lands(self) -> Fraction:
        """The chance his blow lands at all (a graze or a hit)."""
        return self.chance("graze") + self.chance("hit")

    def wound_at_least(self, level: int) -> Fraction:
        """The chance his blow leaves a wound of ``level`` or worse (stuns not counted)."""
        return sum((p for lv, p in self.wounds if lv >= level), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"attacker", "defender", "results": {word: {"exact", "p"}},
        "lands": {...}, "wounds"/"stuns"/"after": [{"level", "name", "exact", "p"}]}``."""
        return {
            "attacker": self.attacker, "defender": self.defender,
            "results": {k: _prob(p) for k, p in self.results},
            "lands": _prob(self.lands),
            "wounds": _levels_dict(self.wounds),
            "stuns": _levels_dict(self.stuns),
            "after": _levels_dict(self.after),
        }


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of one exchange.

    ``kind``: the pipeline's kind of exchange (``"round"``, ``"stances"`` or ``"attack"``);
    ``exchange``: the chance of the exchange's result in a word (the worst that happened:
    stand-off < miss < blocked < graze < hit); ``directions``: one :class:`DirectionOdds` per
    fighter who attacks (A at B, then B at A in a simultaneous round; only A at B in an
    alternating attack).
    ``classes``: how many classes of dice were weighed; ``runs``: how many times the pipeline ran.
    """

    kind: str
    exchange: tuple[tuple[str, Fraction], ...]
    directions: tuple[DirectionOdds, ...]
    classes: int
    runs: int
    steps: tuple[Step, ...] = dc_field(default=(), compare=False)

    def direction(self, attacker: str) -> DirectionOdds:
        """The odds of ``attacker``'s blows."""
        for d in self.directions:
            if d.attacker == attacker:
                return d
        raise FudgeError(f"{attacker!r} does not attack in this exchange.", field="attacker")

    def total(self) -> Fraction:
        """The sum of the exchange's result chances (exactly 1)."""
        return sum((p for _, p in self.exchange), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind", "exchange": {word: {"exact": "n/d", "p": float}},
        "directions": [DirectionOdds.to_dict()], "classes", "runs", "steps"}``."""
        return {
            "kind": self.kind,
            "exchange": {k: _prob(p) for k, p in self.exchange},
            "directions": [d.to_dict() for d in self.directions],
            "classes": self.classes, "runs": self.runs,
            "steps": [s.to_dict() for s in self.steps],
        }


# ---------------------------------------------------------------------------------------------
# Input as data
# ---------------------------------------------------------------------------------------------

_REQUEST_FIELDS = ("kind", "round", "a", "b", "a_declares", "b_declares")


@dataclass(frozen=True)
class OddsRequest:
    """What the odds are asked of: two fighters (with their wound tracks), their declarations,
    the kind of exchange (``"round"``: simultaneous, with stances if the ruleset uses them;
    ``"attack"``: ``a`` attacks ``b`` in alternating turns) and the round number (it matters for
    "plus" levels and a speed Power, F95 4.36). No dice: the odds weigh them all. With
    ``wounds.willpower`` on, each fighter who may be wounded declares his Willpower result
    (``a_declares``/``b_declares`` ``"willpower"``, F95 4.52): the GM's roll, not dice."""

    a: Fighter
    b: Fighter
    a_declares: Declaration | None = None
    b_declares: Declaration | None = None
    kind: str = "round"
    round: int = 1

    def __post_init__(self) -> None:
        from ..combat.attack import NO_DECLARATION
        for key in ("a_declares", "b_declares"):
            if getattr(self, key) is None:
                object.__setattr__(self, key, NO_DECLARATION)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind", "round", "a", "b", "a_declares", "b_declares"}``."""
        return {
            "kind": self.kind, "round": self.round, "a": self.a.to_dict(), "b": self.b.to_dict(),
            "a_declares": self.a_declares.to_dict(), "b_declares": self.b_declares.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "odds") -> OddsRequest:
        """Read a request from JSON: every field validated, unknown ones (dice too) refused."""
        from ..combat.attack import Declaration
        from ..combat.fighter import Fighter
        if not isinstance(data, dict):
            raise FudgeError(f"{field} must be an object with fighters a and b.", field=field)
        extra = sorted(set(data) - set(_REQUEST_FIELDS))
        if extra:
            hint = " (the odds weigh every roll: leave the dice out)" if "dice" in extra[0] else ""
            raise FudgeError(f"{field}: unknown field {extra[0]!r}{hint}.", field=f"{field}.{extra[0]}")
        for key in ("a", "b"):
            if key not in data:
                raise FudgeError(f"{field} needs fighter {key}.", field=f"{field}.{key}")
        kind = data.get("kind", "round")
        if kind not in KINDS:
            raise FudgeError(f"{field}.kind must be round or attack, not {kind!r}.", field=f"{field}.kind")
        rnd = data.get("round", 1)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= 10_000:
            raise FudgeError(f"{field}.round must be a whole number from 1 to 10000, not {rnd!r}.",
                             field=f"{field}.round")
        return cls(
            a=Fighter.from_dict(data["a"], field=f"{field}.a"),
            b=Fighter.from_dict(data["b"], field=f"{field}.b"),
            a_declares=Declaration.from_dict(data.get("a_declares"), field=f"{field}.a_declares"),
            b_declares=Declaration.from_dict(data.get("b_declares"), field=f"{field}.b_declares"),
            kind=kind, round=rnd,
        )

    def odds(self, rules: RuleSet) -> AttackOdds:
        """The exact odds of this exchange under ``rules``."""
        return attack_odds(self.a, self.b, rules=rules, a_declares=self.a_declares,
                           b_declares=self.b_declares, kind=self.kind, round_number=self.round)


# ---------------------------------------------------------------------------------------------
# The enumeration
# ---------------------------------------------------------------------------------------------

class _TooMany(Exception):
    """The enumeration would run the pipeline more often than allowed."""


def _too_many(runner: _Runner, field: str) -> RuleError:
    return RuleError(f"These rules read so many dice that exact odds would take more than "
                     f"{runner.max_runs} resolutions; they are not computed.", field=field)


class _Runner:
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

    def run(self, rolls: tuple[_RollSlot, ...], dmg: tuple[_DamageSlot, ...]) -> tuple[Any, set, tuple]:
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
                raise _TooMany()
            before = _Face._log
            _Face._log = log
            try:
                outcome = self.resolve(traced_rolls, traced_dmg)
            except FudgeError as err:
                if (err.field or "").startswith("damage_die") and several:
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


def _wider(slot: _RollSlot, reads: set[int]) -> frozenset | None:
    """The features a roll class must be split by after these reads, or None if it need not."""
    count = len(slot.faces)
    want = set(slot.features)
    for index in reads:
        if index == -1:
            want.add(_TOTAL)
        elif index == count - 1 and slot.technique != NPC_D6:
            want.add(_LAST)
        else:
            want.add(_ALL)
    if _ALL in slot.features or want <= slot.features:
        return None
    return frozenset({_ALL}) if _ALL in want else frozenset(want)


def _damage_whole(kinds: tuple[str | None, ...]) -> int:
    """A number every candidate kind's count of faces divides (1 for no dice)."""
    m = 1
    for k in kinds:
        if k is not None:
            size = len(_damage_faces_all(k))
            m = m * size // gcd(m, size)
    return m


def _enumerate(runner: _Runner, techniques: tuple[str, ...], kinds: tuple[tuple[str | None, ...], ...],
               visit: Callable[[Any, int], None]) -> tuple[int, int]:
    """Walk the classes of dice depth first; ``visit`` each leaf outcome with its chance as an
    integer over the common denominator. ``techniques``: one per roll slot; ``kinds``: the
    candidate damage dice of each damage slot. Returns (denominator, number of leaves).
    The runs share one memo of blows (:func:`pyfudge.combat.attack.remembering_blows`): most
    runs land one of a few blows, figured once."""
    from ..combat.attack import remembering_blows
    with remembering_blows():
        return _walk(runner, techniques, kinds, visit)


def _walk(runner: _Runner, techniques: tuple[str, ...], kinds: tuple[tuple[str | None, ...], ...],
          visit: Callable[[Any, int], None]) -> tuple[int, int]:
    """The walk of :func:`_enumerate`."""
    ms = tuple(_damage_whole(k) for k in kinds)
    whole = math.prod(_roll_whole(t) for t in techniques) * math.prod(ms)
    stack: list[tuple[tuple[_RollSlot, ...], tuple[_DamageSlot, ...], int]] = [_root(techniques, kinds) + (whole,)]
    leaves = 0
    while stack:
        rolls, dmg, weight = stack.pop()
        outcome, children = _split(runner, rolls, dmg, ms)
        if children is None:
            visit(outcome, weight)
            leaves += 1
            continue
        share = sum(n for _, _, n in children)
        stack.extend((r, d, weight * n // share) for r, d, n in children)
    return whole, leaves


def _root(techniques: tuple[str, ...],
          kinds: tuple[tuple[str | None, ...], ...]) -> tuple[tuple[_RollSlot, ...], tuple[_DamageSlot, ...]]:
    """The coarsest class of dice: every roll and every damage slot unread."""
    return (tuple(_root_roll(t) for t in techniques),
            tuple(_DamageSlot(k, fixed=all(x is None for x in k)) for k in kinds))


def _split(runner: _Runner, rolls: tuple[_RollSlot, ...], dmg: tuple[_DamageSlot, ...],
           ms: tuple[int, ...]) -> tuple[Any, list | None]:
    """Run one class of dice: its outcome, and None if that outcome holds for the whole class,
    else the finer classes it splits into as ``(rolls, dmg, n)``, ``n`` each one's share of
    the class (the shares of a split add up to the same whole). ``ms``: each damage slot's
    :func:`_damage_whole`."""
    base = len(rolls)
    outcome, log, used = runner.run(rolls, dmg)
    read: dict[int, set[int]] = {}
    for s, idx in log:
        read.setdefault(s, set()).add(idx)
    for i, slot in enumerate(rolls):
        finer = _wider(slot, read[i]) if i in read else None
        if finer is not None:
            return outcome, [(rolls[:i] + (_RollSlot(slot.technique, finer, key, size, faces, total),) + rolls[i + 1:],
                              dmg, size)
                             for key, size, faces, total in _roll_children(slot.technique, slot.features,
                                                                           slot.key, finer)]
    for i, slot in enumerate(dmg):
        if not slot.fixed and base + i in read:
            how = used[i]
            if how is None:  # pragma: no cover - a kind of no dice cannot be read
                raise RuleError("The damage dice were read but none were rolled.", field="damage_die")
            per_face = ms[i] // len(_damage_faces_all(how))
            return outcome, [(rolls, dmg[:i] + (_DamageSlot((how,), True, key, size, faces),) + dmg[i + 1:],
                              size * per_face)
                             for key, size, faces in _damage_classes(how)]
    return outcome, None


class _Tally:
    """Adds up leaf outcomes into the chances of results and wound levels.

    Weights arrive as integers over one common denominator (``_Weights``) and become
    Fractions once, at the end: adding thousands of Fractions would cost more than the runs."""

    def __init__(self, directions: tuple[tuple[str, str], ...], rules: RuleSet) -> None:
        self.directions = directions
        self.rules = rules
        self.kind = ""
        self.exchange: dict[str, int] = {}
        self.results: list[dict[str, int]] = [{} for _ in directions]
        self.wounds: list[dict[int, int]] = [{} for _ in directions]
        self.stuns: list[dict[int, int]] = [{} for _ in directions]
        self.after: list[dict[int, int]] = [{} for _ in directions]
        self._levels: dict[int, tuple[Any, int]] = {}

    def _level(self, fighter: Any) -> int:
        # A fighter not hit comes back as the same object: read his level once.
        seen = self._levels.get(id(fighter))
        if seen is None or seen[0] is not fighter:
            seen = (fighter, fighter.current_level(self.rules))
            self._levels[id(fighter)] = seen
        return seen[1]

    def visit(self, outcome: ExchangeOutcome, w: int) -> None:
        self.kind = outcome.kind
        ex = self.exchange
        ex[outcome.result] = ex.get(outcome.result, 0) + w
        active = {s.name: s.active for s in outcome.sides}
        after = {f.name: f for f in outcome.fighters}
        for n, (att, dfd) in enumerate(self.directions):
            word = _direction_result(outcome, att, active)
            res = self.results[n]
            res[word] = res.get(word, 0) + w
            for blow in outcome.blows:
                if blow.attacker == att:
                    d = self.stuns[n] if blow.stun else self.wounds[n]
                    d[blow.level] = d.get(blow.level, 0) + w
            lv = self._level(after[dfd])
            self.after[n][lv] = self.after[n].get(lv, 0) + w

    def odds(self, whole: int, classes: int, runs: int, steps: tuple[Step, ...]) -> AttackOdds:
        def ordered(d: dict, order: Iterable) -> tuple:
            return tuple((k, Fraction(d[k], whole)) for k in order if k in d)

        levels = range(len(wounds.LEVEL_NAMES))
        dirs = tuple(
            DirectionOdds(att, dfd, ordered(self.results[n], RESULTS + (NO_ATTACK,)),
                          ordered(self.wounds[n], levels), ordered(self.stuns[n], levels),
                          ordered(self.after[n], levels))
            for n, (att, dfd) in enumerate(self.directions)
        )
        return AttackOdds(self.kind, ordered(self.exchange, RESULTS), dirs, classes, runs, steps)


def _direction_result(outcome: ExchangeOutcome, attacker: str, active: Mapping[str, bool]) -> str:
    """One fighter's blow in a word. A plain round has one contest, the winner's: the loser's
    blow is a miss, and a stand-off is a stand-off for both (F95 4.22)."""
    if not active.get(attacker, True):
        return NO_ATTACK
    for c in outcome.contests:
        if c.attacker == attacker:
            return c.result
    return "stand-off" if all(c.result == "stand-off" for c in outcome.contests) else "miss"


# ---------------------------------------------------------------------------------------------
# The door
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Exchange:
    """What one exchange's enumeration needs: the roll slots' techniques, the damage-like slots'
    kinds of dice, and ``resolve(rolls, dmg)`` that hands them to the pipeline."""

    techniques: tuple[str, ...]
    kinds: tuple[tuple[str | None, ...], ...]
    resolve: Callable[[tuple, tuple], Any]
    extra: tuple[str, ...]  # what else is weighed, for the explanation


def _willpower_needed(rules: RuleSet, sides: Iterable[tuple[str, Fighter, Declaration]]) -> None:
    """F95 4.52 no. 4: a Willpower roll adjusts each wound. It is the GM's roll against the
    fighter's Willpower, entered as a result, not dice the odds can weigh: each fighter who may
    be wounded declares it (``willpower``), else the odds are refused, saying whose is missing."""
    if not wounds.willpower_in_use(rules):
        return
    for side, fighter, decl in sides:
        if decl.willpower is None:
            raise RuleError(f"Willpower rolls against wounds are on (F95 4.52): the odds need "
                            f"{fighter.name}'s Willpower result, declared as {side}_declares.willpower.",
                            field=f"{side}_declares.willpower")


def _exchange(a: Fighter, b: Fighter, *, rules: RuleSet, a_decl: Declaration, b_decl: Declaration,
              kind: str, round_number: int) -> _Exchange:
    """The slots and the resolver of one exchange of two fighters.

    Roll slots: each fighter's combat roll, then (``co.shield``) the shield roll of each who
    carries a shield (CO 2.2: read with the ruleset's technique). Damage-like slots: each
    fighter's damage dice (``damage_kinds``), then (``co.damage_check``) the 4dF of each one's
    damage check (CO 4.3: its total is all the check reads, so its classes are the 4dF sums)."""
    from ..combat import attack
    from ..combat.shield import makes_shield_checks
    technique = rules["dice.technique"]
    wounded = (("b", b, b_decl),) if kind == "attack" else (("a", a, a_decl), ("b", b, b_decl))
    _willpower_needed(rules, wounded)
    shields = tuple(i for i, f in enumerate((a, b)) if makes_shield_checks(f.shield, rules))
    checks = (0, 1) if wounds.damage_checks_in_use(rules) else ()
    kinds = damage_kinds(rules)
    techniques = (technique, technique) + (technique,) * len(shields)
    slot_kinds = (kinds, kinds) + (("4dF",),) * len(checks)
    extra = (("shield rolls",) if shields else ()) + (("damage checks",) if checks else ())

    made: dict[tuple, tuple] = {}  # the same traced dice give the same FighterDice: make it once

    def fighter_dice(rolls: tuple, dmg: tuple, i: int) -> Any:
        shield_roll = rolls[2 + shields.index(i)] if i in shields else None
        check = dmg[2 + i] if checks else None
        parts = (rolls[i], dmg[i], check, shield_roll)
        key = (i, *map(id, parts))
        hit = made.get(key)
        if hit is None:
            shield = None if shield_roll is None else Roll(technique, shield_roll[0], shield_roll[1], True)
            hit = made[key] = (attack.FighterDice(Roll(technique, rolls[i][0], rolls[i][1], True), dmg[i], check,
                                                  shield), parts)  # the parts stay alive: no id reused
        return hit[0]

    if kind == "attack":
        def resolve(rolls: tuple, dmg: tuple) -> ExchangeOutcome:
            return attack.resolve_attack(a, b, rules=rules, attacker_dice=fighter_dice(rolls, dmg, 0),
                                         defender_dice=fighter_dice(rolls, dmg, 1),
                                         attacker_declares=a_decl, defender_declares=b_decl,
                                         round_number=round_number)
    else:
        def resolve(rolls: tuple, dmg: tuple) -> ExchangeOutcome:
            return attack.resolve_exchange(a, b, rules=rules, a_dice=fighter_dice(rolls, dmg, 0),
                                           b_dice=fighter_dice(rolls, dmg, 1),
                                           a_declares=a_decl, b_declares=b_decl,
                                           round_number=round_number)
    return _Exchange(techniques, slot_kinds, resolve, extra)


_CACHE: OrderedDict[str, AttackOdds] = OrderedDict()
_CACHE_SIZE = 32


def attack_odds(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_declares: Declaration | None = None,
    b_declares: Declaration | None = None,
    kind: str = "round",
    round_number: int = 1,
    max_runs: int = 20_000,
) -> AttackOdds:
    """The exact odds of one exchange between ``a`` and ``b`` under ``rules``.

    ``kind`` ``"round"``: a simultaneous round (F95 4.22; with stances if ``melee.stances``,
    F95 4.32), both directions; ``"attack"``: ``a`` attacks ``b`` in alternating turns (F95 4.23).
    Declarations (all-out, stance, pulled punch, points…) and the fighters' wound tracks
    (penalties, who can still fight) count exactly as in the pipeline, which raises the same
    :class:`~pyfudge.errors.FudgeError` for inputs it refuses. If some roll would need more than
    dice to resolve (a Damage Capacity roll under F95 4.52's first alternative), a
    :class:`RuleError` says so, as it does when the enumeration would take more than
    ``max_runs`` resolutions. Results are cached by the whole input, never across inputs.
    """
    from ..combat import attack
    if kind not in KINDS:
        raise FudgeError(f"kind must be round or attack, not {kind!r}.", field="kind")
    a_decl = a_declares or attack.NO_DECLARATION
    b_decl = b_declares or attack.NO_DECLARATION
    # Every field of every input (dataclass reprs show them all) and every option changed.
    cache_key = repr((kind, round_number, a, b, a_decl, b_decl)) + json.dumps(
        rules.to_dict(), sort_keys=True, default=str)
    cached = _CACHE.get(cache_key)
    if cached is not None:
        _CACHE.move_to_end(cache_key)
        return cached

    technique = rules["dice.technique"]
    # A fighter not yet wounded gets a fresh track each time the pipeline asks for it; give it
    # once (the same track the rules would make) so the many runs do not rebuild it.
    a, b = (f if f.track is not None else f.with_track(f.track_for(rules)) for f in (a, b))
    ex = _exchange(a, b, rules=rules, a_decl=a_decl, b_decl=b_decl, kind=kind, round_number=round_number)
    if kind == "attack":
        directions: tuple[tuple[str, str], ...] = ((a.name, b.name),)
    else:
        directions = ((a.name, b.name), (b.name, a.name))

    kinds = damage_kinds(rules)
    runner = _Runner(ex.resolve, max_runs)
    tally = _Tally(directions, rules)
    try:
        whole, leaves = _enumerate(runner, ex.techniques, ex.kinds, tally.visit)
    except _TooMany:
        raise _too_many(runner, "odds") from None
    except FudgeError as err:
        if not runner.failed_after_reading:
            raise  # refused before any die was read: the inputs themselves, as the pipeline says
        raise RuleError(f"Exact odds cannot be given: some rolls need more than dice. {err.message}",
                        field=err.field) from err
    steps = _explain(technique, kinds, leaves, runner.runs, ex.extra)
    result = tally.odds(whole, leaves, runner.runs, steps)
    if result.total() != 1:  # pragma: no cover - the enumeration covers every face exactly once
        raise RuleError("The odds do not add up to one; this is a bug.", field="odds")
    _CACHE[cache_key] = result
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result


@dataclass(frozen=True)
class OutcomeLeaves:
    """Every class of dice of one simultaneous round with the outcome the pipeline gave for it
    and its exact chance (the chances sum to 1); ``runs``: how many times the pipeline ran.
    Used by :mod:`pyfudge.analysis.forecast` to step a whole fight from one state to the next."""

    leaves: tuple[tuple[ExchangeOutcome, Fraction], ...]
    runs: int


def _more_than_dice(runner: _Runner, err: FudgeError) -> FudgeError:
    """The error to raise for a run that failed: as it is, unless it came after dice were read
    (then a roll the GM makes at the table, e.g. Willpower, was needed: F95 4.52)."""
    if not runner.failed_after_reading:
        return err
    return RuleError(f"Exact odds cannot be given: some rolls need more than dice. {err.message}",
                     field=err.field)


def exchange_outcomes(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_declares: Declaration | None = None,
    b_declares: Declaration | None = None,
    kind: str = "round",
    round_number: int = 1,
    max_runs: int = 20_000,
) -> OutcomeLeaves:
    """The outcomes of one simultaneous round (F95 4.22; stances F95 4.32) between ``a`` and
    ``b`` — or, with ``kind`` ``"attack"``, of ``a``'s attack on ``b`` in alternating turns
    (F95 4.23) — one per class of dice, each with its exact chance: the same enumeration as
    :func:`attack_odds`, kept whole rather than added up. Raises :class:`RuleError` as
    :func:`attack_odds` does (too many runs, rolls that need more than dice)."""
    from ..combat import attack
    if kind not in KINDS:
        raise FudgeError(f"kind must be round or attack, not {kind!r}.", field="kind")
    a_decl = a_declares or attack.NO_DECLARATION
    b_decl = b_declares or attack.NO_DECLARATION
    a, b = (f if f.track is not None else f.with_track(f.track_for(rules)) for f in (a, b))
    # The same slots and resolver as attack_odds (shield rolls, damage checks, Willpower).
    ex = _exchange(a, b, rules=rules, a_decl=a_decl, b_decl=b_decl, kind=kind, round_number=round_number)
    runner = _Runner(ex.resolve, max_runs)
    found: list[tuple[Any, int]] = []
    try:
        whole, _ = _enumerate(runner, ex.techniques, ex.kinds,
                              lambda outcome, w: found.append((outcome, w)))
    except _TooMany:
        raise _too_many(runner, "odds") from None
    except FudgeError as err:
        raise _more_than_dice(runner, err)  # noqa: B904 - err itself, or one that says why
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

    def __init__(self, a: Fighter, b: Fighter, *, rules: RuleSet, a_declares: Declaration | None = None,
                 b_declares: Declaration | None = None, kind: str = "round", round_number: int = 1) -> None:
        from ..combat import attack
        if kind not in KINDS:
            raise FudgeError(f"kind must be round or attack, not {kind!r}.", field="kind")
        a, b = (f if f.track is not None else f.with_track(f.track_for(rules)) for f in (a, b))
        ex = _exchange(a, b, rules=rules, a_decl=a_declares or attack.NO_DECLARATION,
                       b_decl=b_declares or attack.NO_DECLARATION, kind=kind, round_number=round_number)
        self._runner = _Runner(ex.resolve, 1 << 62)  # the caller budgets its draws
        self._ms = tuple(_damage_whole(k) for k in ex.kinds)
        rolls, dmg = _root(ex.techniques, ex.kinds)
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
                    outcome, children = _split(self._runner, node.rolls, node.dmg, self._ms)
                except FudgeError as err:
                    raise _more_than_dice(self._runner, err)  # noqa: B904 - err itself, or one that says why
                if children is not None:
                    node.children = [_Node(r, d) for r, d, _ in children]
                    node.shares = list(itertools.accumulate(n for _, _, n in children))
                node.outcome = outcome
            if node.children is None:
                return node.outcome
            node = node.children[bisect.bisect_right(node.shares, rng.randrange(node.shares[-1]))]


_UNRUN = object()


@cache
def _total_pairs(a: str, b: str) -> tuple[tuple[tuple[_RollSlot, _RollSlot], ...], tuple[int, ...]]:
    """The classes of two combat rolls' totals (techniques ``a`` and ``b``), every pair of them,
    with their running shares."""
    by_total = frozenset({_TOTAL})
    classes = [[_RollSlot(t, by_total, key, size, faces, total)
                for key, size, faces, total in _roll_children(t, frozenset(), _root_roll(t).key, by_total)]
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

# ---------------------------------------------------------------------------------------------
# One fighter against several foes (F95 4.34, MUD 4.34, F93 4.64)
# ---------------------------------------------------------------------------------------------

GROUP_CLASS_LIMIT = 6561  # at most this many classes of totals (9^4: a lone fighter and 3 foes)


@dataclass(frozen=True)
class FoeOdds:
    """One foe's side of a group round: ``hits_lone`` the chance his blow lands on the lone
    fighter and ``wounds_to_lone`` the wound it leaves (by level); ``struck`` the chance the lone
    fighter's blow lands on him and ``wounds_from_lone`` its wound; ``after`` his wound level
    after the round."""

    name: str
    hits_lone: Fraction
    wounds_to_lone: tuple[tuple[int, Fraction], ...]
    struck: Fraction
    wounds_from_lone: tuple[tuple[int, Fraction], ...]
    after: tuple[tuple[int, Fraction], ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: chances as ``{"exact", "p"}``, levels as ``[{"level", "name", "exact", "p"}]``."""
        return {"name": self.name, "hits_lone": _prob(self.hits_lone),
                "wounds_to_lone": _levels_dict(self.wounds_to_lone), "struck": _prob(self.struck),
                "wounds_from_lone": _levels_dict(self.wounds_from_lone), "after": _levels_dict(self.after)}


@dataclass(frozen=True)
class GroupOdds:
    """The exact odds of one round of a lone fighter against several foes.

    ``hits_taken``: the chance of each number of blows landing on him (F95 4.34: he "can take
    multiple wounds"); ``lone_after``: his wound level after the round; ``strikes``: the chance
    he lands a blow; ``foes``: each foe's :class:`FoeOdds`. Where he may wound several foes, he
    strikes the first of ``prefer`` he may wound (the request's order of preference)."""

    lone: str
    hits_taken: tuple[tuple[int, Fraction], ...]
    lone_after: tuple[tuple[int, Fraction], ...]
    strikes: Fraction
    foes: tuple[FoeOdds, ...]
    prefer: tuple[str, ...]
    classes: int
    runs: int
    steps: tuple[Step, ...] = dc_field(default=(), compare=False)

    def foe(self, name: str) -> FoeOdds:
        """The odds of one foe."""
        for f in self.foes:
            if f.name == name:
                return f
        raise FudgeError(f"{name!r} is not one of the foes.", field="foe")

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"lone", "hits_taken": [{"hits", "exact", "p"}], "lone_after": [levels],
        "strikes", "foes": [FoeOdds.to_dict()], "prefer", "classes", "runs", "steps"}``."""
        return {
            "lone": self.lone,
            "hits_taken": [{"hits": k, **_prob(p)} for k, p in self.hits_taken],
            "lone_after": _levels_dict(self.lone_after), "strikes": _prob(self.strikes),
            "foes": [f.to_dict() for f in self.foes], "prefer": list(self.prefer),
            "classes": self.classes, "runs": self.runs, "steps": [s.to_dict() for s in self.steps],
        }


def _group_techniques(rnd: Any, rules: RuleSet) -> tuple[str, ...]:
    """The roll slots of a group round: the lone fighter's roll, then each foe's own roll
    (``each``: the technique; ``d6``: the 1d6 method), or the GM's one roll (2dF or 4dF)."""
    from ..combat import multi
    technique = rules["dice.technique"]
    mode = rnd.npc_roll
    if mode == "each":
        return (technique,) + (technique,) * len(rnd.foes)
    if mode == "d6":
        return (technique,) + (NPC_D6,) * len(rnd.foes)
    if mode == "group":
        return (technique, multi.group_roll_dice(rules)["dice"])
    return (technique,)


def exchange_odds(
    rnd: Any,
    *,
    lone: Fighter,
    foes: Iterable[Fighter],
    rules: RuleSet,
    prefer: Iterable[str] = (),
    max_runs: int = 4_000,
    willpower: Mapping[str, Any] | None = None,
    hold_back: Callable[[Any], Any] | None = None,
) -> GroupOdds:
    """The exact odds of one round of a lone fighter against several foes, one roll against each
    (F95 4.34; MUD 4.34; F93 4.64), run through :func:`pyfudge.combat.multi.resolve_melee_group`
    and :func:`~pyfudge.combat.multi.land_group_blows`.

    ``rnd`` is a :class:`~pyfudge.combat.multi.GroupRound` as declared (levels, modifiers,
    ignored foes, how the NPCs roll); its dice and targets are ignored — every roll is weighed.
    ``lone``/``foes`` are the fighters' records (weapons, armor, tracks) under the same names.
    ``prefer`` orders the foes the lone fighter would rather wound (default: the foes' order); he
    strikes one foe a round. Damage dice are rolled per blow as ``damage.die`` says; under Mudge's
    odd-coloured die (MUD 4.61) a blow's die is the last die of the striker's own roll, or a
    separate 1dF for a foe who rolls no dice of his own (our reading). At most
    :data:`GROUP_CLASS_LIMIT` classes of totals are weighed; more foes rolling their own dice are
    refused (use the GM's group roll, F95 4.34), as is an enumeration of more than ``max_runs``
    resolutions.

    With ``co.shield`` the shield rolls of the lone fighter and of each foe with a shield who
    rolls his own dice are weighed (CO 2.2); with ``co.damage_check`` the 4dF checks of each
    wound (CO 4.3: the lone fighter's, one per foe who may wound him, in blow order; each
    foe's). With ``wounds.willpower`` on, ``willpower`` gives each fighter's declared result by
    name (for the lone fighter one result for every wound, or a list, one per wound): it is the
    GM's roll, not dice, and a missing one is refused with a :class:`RuleError`.

    ``hold_back``: the encounter's hook applied to each resolved round before its blows land —
    F95 4.62, a stunned fighter's blows do not land (:meth:`pyfudge.encounter.GroupRead.stunned_blows`;
    the round itself carries no stuns)."""
    from dataclasses import replace

    from ..combat import multi
    from ..combat.shield import makes_shield_checks

    foes = tuple(f if f.track is not None else f.with_track(f.track_for(rules)) for f in foes)
    if lone.track is None:
        lone = lone.with_track(lone.track_for(rules))  # the fresh track the rules would give him
    if lone.name != rnd.lone.name:
        raise FudgeError(f"The lone fighter is {rnd.lone.name}, not {lone.name}.", field="lone.name")
    names = [f.name for f in rnd.foes]
    if sorted(f.name for f in foes) != sorted(names):
        raise FudgeError(f"The foes' records must be {', '.join(names)}.", field="foes")
    prefer = tuple(prefer) or tuple(names)
    for i, name in enumerate(prefer):
        if name not in names:
            raise FudgeError(f"{name!r} is not one of the foes.", field=f"prefer[{i}]")
    prefer = prefer + tuple(n for n in names if n not in prefer)
    techniques = _group_techniques(rnd, rules)
    totals = math.prod(len({t for _, t, _ in _roll_faces(k)}) if k != NPC_D6 else 16 for k in techniques)
    if totals > GROUP_CLASS_LIMIT:
        raise RuleError(f"Too many foes roll their own dice for exact odds ({totals} classes of rolls); "
                        "use the GM's one roll for all (F95 4.34) or fewer foes.", field="foes")

    mode = rnd.npc_roll
    four_df = rules["dice.technique"] == dice.FOUR_DF
    from_roll = rules["damage.die"] == "odd_die" and four_df
    kinds = damage_kinds(rules)
    foe_kinds = tuple(("1dF",) if from_roll and mode != "each" else kinds for _ in rnd.foes)
    records = {f.name: f for f in foes}
    wills = _group_willpower(rules, lone, names, willpower)
    # CO 2.2 shield rolls (roll slots after the combat rolls) and CO 4.3 check dice (after the
    # damage slots): who rolls them, in slot order. Fixed NPCs check at their skill, no roll.
    technique = rules["dice.technique"]
    shield_names = [f.name for f in (lone, *[records[n] for n in names]) if makes_shield_checks(f.shield, rules)
                    and not (mode == "fixed" and f.name != lone.name)]
    check_names = ([lone.name] * len(names) + list(names)) if wounds.damage_checks_in_use(rules) else []
    base_rolls, base_dmg = len(techniques), len(foe_kinds)
    techniques = techniques + (technique,) * len(shield_names)
    foe_kinds = foe_kinds + (("4dF",),) * len(check_names)
    extra = (("shield rolls",) if shield_names else ()) + (("damage checks",) if check_names else ())

    def resolve(rolls: tuple, dmg: tuple) -> tuple[Any, Any]:
        lone_c = replace(rnd.lone, roll=rolls[0][1], faces=())
        foes_c = list(rnd.foes)
        group_roll = None
        for k, foe in enumerate(foes_c):
            if mode == "each":
                foes_c[k] = replace(foe, roll=rolls[1 + k][1], faces=())
            elif mode == "d6":
                foes_c[k] = replace(foe, d6=rolls[1 + k][0])
        if mode == "group":
            group_roll = rolls[1][1]
        played = replace(rnd, lone=lone_c, foes=tuple(foes_c), group_roll=group_roll, group_faces=(),
                         targets=())
        out = multi.resolve_melee_group(played, rules=rules)
        if len(out.wound_choices) > 1:
            choice = next(n for n in prefer if n in out.wound_choices)
            out = multi.resolve_melee_group(replace(played, targets=(choice,)), rules=rules)
        if hold_back is not None:
            out = hold_back(out)
        damage_dice: dict[str, Any] = {}
        hit_by = {name for name, _ in out.hits_on_lone}
        struck = {name for name, _, _ in out.strikes}
        for k, name in enumerate(names):
            faces = dmg[k]
            if from_roll and name in struck:
                faces = (rolls[0][0][-1],)  # MUD 4.61: the lone fighter's odd-coloured die
            elif from_roll and name in hit_by and mode == "each":
                faces = (rolls[1 + k][0][-1],)  # the foe's own odd-coloured die
            if faces is not None:
                damage_dice[name] = faces
        shield_dice = {name: Roll(technique, rolls[base_rolls + i][0], rolls[base_rolls + i][1], True)
                       for i, name in enumerate(shield_names)}
        check_dice: dict[str, Any] = {}
        for i, name in enumerate(check_names):
            check_dice.setdefault(name, []).append(dmg[base_dmg + i])
        landed = multi.land_group_blows(out, lone=lone, foes=[records[n] for n in names], rules=rules,
                                        damage_dice=damage_dice, check_dice={
                                            n: (v if n == lone.name else v[0]) for n, v in check_dice.items()},
                                        willpower=wills, shield_dice=shield_dice, npc_fixed=mode == "fixed")
        return out, landed

    tally = _GroupTally(lone.name, names, rules)
    runner = _Runner(resolve, max_runs)
    try:
        whole, leaves = _enumerate(runner, techniques, foe_kinds, tally.visit)
    except _TooMany:
        raise _too_many(runner, "foes") from None
    except FudgeError as err:
        if not runner.failed_after_reading:
            raise
        raise RuleError(f"Exact odds cannot be given: some rolls need more than dice. {err.message}",
                        field=err.field) from err
    steps = _explain(rules["dice.technique"], kinds, leaves, runner.runs, extra) + (
        Step("F95 4.34", f"{lone.name} rolls once against each of {len(names)} foes; where he may wound "
             f"several he strikes the first of {', '.join(prefer)}.", {"prefer": list(prefer)}),)
    return tally.odds(whole, leaves, runner.runs, prefer, steps)


def _group_willpower(rules: RuleSet, lone: Fighter, names: list[str],
                     given: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """F95 4.52 no. 4 in a group round: each fighter's declared Willpower result, the lone
    fighter's as one per possible wound. Refused (RuleError) when the rule is on and one is
    missing, or when it is off and some are given."""
    given = dict(given or {})
    if not wounds.willpower_in_use(rules):
        if given:
            raise RuleError("Willpower rolls against wounds are off in this ruleset (F95 4.52).",
                            field="willpower")
        return None
    for name in [lone.name, *names]:
        if given.get(name) is None:
            raise RuleError(f"Willpower rolls against wounds are on (F95 4.52): the odds need {name}'s "
                            f"Willpower result, declared as willpower.{name}.", field=f"willpower.{name}")
    unknown = sorted(set(given) - {lone.name, *names})
    if unknown:
        raise FudgeError(f"{unknown[0]!r} is not in this round.", field=f"willpower.{unknown[0]}")
    mine = given[lone.name]
    if not isinstance(mine, (list, tuple)):
        given[lone.name] = [mine] * len(names)
    return given


_GROUP_REQUEST_FIELDS = ("round", "lone", "foes", "prefer", "willpower")


def _undiced(rnd: Any) -> Any:
    """The round with its dice and targets set to placeholders: the odds weigh every roll."""
    from dataclasses import replace
    d6 = (3,) if rnd.npc_roll == "d6" else ()
    return replace(
        rnd, lone=replace(rnd.lone, roll=0, faces=()),
        foes=tuple(replace(f, roll=None, faces=(), d6=d6) for f in rnd.foes),
        group_roll=0 if rnd.npc_roll == "group" else None, group_faces=(), targets=(),
    )


def _read_willpower(data: Any, where: str) -> tuple[tuple[str, Any], ...]:
    """``{name: result}`` (a ladder level, name or number; for the lone fighter also a list of
    up to 12, one per wound) as validated pairs."""
    from .. import ladder
    if data is None:
        return ()
    if not isinstance(data, dict) or len(data) > 13:
        raise FudgeError(f"{where} must map fighters' names to Willpower results.", field=where)
    out = []
    for name, value in data.items():
        at = f"{where}.{name}"
        if isinstance(value, list):
            if not 1 <= len(value) <= 12:
                raise FudgeError(f"{at} must list 1 to 12 results.", field=at)
            out.append((name, tuple(ladder.check_level(ladder.parse(v, field=f"{at}[{i}]"), field=f"{at}[{i}]")
                                    for i, v in enumerate(value))))
        else:
            out.append((name, ladder.check_level(ladder.parse(value, field=at), field=at)))
    return tuple(out)


@dataclass(frozen=True)
class GroupOddsRequest:
    """A group round to weigh: the round as declared (:class:`~pyfudge.combat.multi.GroupRound`;
    its dice and targets are not used and are kept as placeholders), the fighters' records and the
    lone fighter's order of preference among the foes he may wound. ``willpower``: each
    fighter's declared Willpower result by name, when ``wounds.willpower`` is on (F95 4.52; the
    lone fighter's may be a list, one per wound)."""

    round: Any
    lone: Fighter
    foes: tuple[Fighter, ...]
    prefer: tuple[str, ...] = ()
    willpower: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "round", _undiced(self.round))
        object.__setattr__(self, "foes", tuple(self.foes))
        object.__setattr__(self, "prefer", tuple(self.prefer))
        will = self.willpower.items() if isinstance(self.willpower, Mapping) else self.willpower
        object.__setattr__(self, "willpower", tuple(
            (name, tuple(v) if isinstance(v, (list, tuple)) else v) for name, v in will))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"round": GroupRound.to_dict() without dice or targets, "lone": Fighter,
        "foes": [Fighter], "prefer": [names]}``."""
        rnd = self.round.to_dict()
        rnd["lone"].pop("roll", None)
        for foe in rnd["foes"]:
            foe.pop("d6", None)
        rnd.pop("group_roll", None)
        rnd.pop("targets", None)
        return {"round": rnd, "lone": self.lone.to_dict(), "foes": [f.to_dict() for f in self.foes],
                "prefer": list(self.prefer),
                "willpower": {n: list(v) if isinstance(v, tuple) else v for n, v in self.willpower}}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "group_odds") -> GroupOddsRequest:
        """Read a request from JSON, every part validated; dice and targets are refused."""
        from ..combat import multi
        from ..combat.fighter import Fighter
        if not isinstance(data, dict):
            raise FudgeError(f"{field} must be an object with a round, a lone fighter and foes.", field=field)
        extra = sorted(set(data) - set(_GROUP_REQUEST_FIELDS))
        if extra:
            raise FudgeError(f"{field}: unknown field {extra[0]!r}.", field=f"{field}.{extra[0]}")
        for key in ("round", "lone", "foes"):
            if key not in data:
                raise FudgeError(f"{field} needs {key}.", field=f"{field}.{key}")
        raw = data["round"]
        if not isinstance(raw, dict) or not isinstance(raw.get("lone"), dict) or not isinstance(raw.get("foes"), list):
            raise FudgeError(f"{field}.round must be an object with lone and foes.", field=f"{field}.round")
        where = f"{field}.round"
        dice_keys = ("roll", "faces", "d6")
        for key in dice_keys:
            if key in raw["lone"]:
                raise FudgeError("The odds weigh every roll: leave the dice out.", field=f"{where}.lone.{key}")
        for i, foe in enumerate(raw["foes"]):
            for key in dice_keys:
                if isinstance(foe, dict) and key in foe:
                    raise FudgeError("The odds weigh every roll: leave the dice out.", field=f"{where}.foes[{i}].{key}")
        for key in ("group_roll", "targets"):
            if key in raw:
                raise FudgeError(f"The odds choose no {key.replace('_', ' ')}: leave it out.", field=f"{where}.{key}")
        mode = raw.get("npc_roll", "each")
        filled = {**raw, "lone": {**raw["lone"], "roll": 0}}
        if mode == "group":
            filled["group_roll"] = {"roll": 0}
        if mode == "d6":
            filled["foes"] = [{**f, "d6": [3]} if isinstance(f, dict) else f for f in raw["foes"]]
        rnd = multi.GroupRound.from_dict(filled, field=where)
        foes = data["foes"]
        if not isinstance(foes, list):
            raise FudgeError(f"{field}.foes must be a list of fighters.", field=f"{field}.foes")
        prefer = data.get("prefer", [])
        if not isinstance(prefer, list) or not all(isinstance(n, str) for n in prefer):
            raise FudgeError(f"{field}.prefer must list foe names.", field=f"{field}.prefer")
        return cls(rnd, Fighter.from_dict(data["lone"], field=f"{field}.lone"),
                   tuple(Fighter.from_dict(f, field=f"{field}.foes[{i}]") for i, f in enumerate(foes)),
                   tuple(prefer), _read_willpower(data.get("willpower"), f"{field}.willpower"))

    def odds(self, rules: RuleSet) -> GroupOdds:
        """The exact odds of this group round under ``rules``."""
        return exchange_odds(self.round, lone=self.lone, foes=self.foes, rules=rules, prefer=self.prefer,
                             willpower=dict(self.willpower))


class _GroupTally:
    """Adds up group-round leaves into :class:`GroupOdds`."""

    def __init__(self, lone: str, names: list[str], rules: RuleSet) -> None:
        self.lone, self.names, self.rules = lone, names, rules
        self.hits: dict[int, int] = {}
        self.lone_after: dict[int, int] = {}
        self.strikes = 0
        self.per = {n: {"hits": 0, "to": {}, "struck": 0, "from": {}, "after": {}} for n in names}

    def visit(self, leaf: tuple[Any, Any], w: int) -> None:
        _, landed = leaf
        on_lone = [b for b in landed.blows if b.defender == self.lone]
        self.hits[len(on_lone)] = self.hits.get(len(on_lone), 0) + w
        lv = landed.lone.current_level(self.rules)
        self.lone_after[lv] = self.lone_after.get(lv, 0) + w
        if any(b.attacker == self.lone for b in landed.blows):
            self.strikes += w
        for b in landed.blows:
            foe = self.per[b.attacker if b.defender == self.lone else b.defender]
            if b.defender == self.lone:
                foe["hits"] += w
                foe["to"][b.level] = foe["to"].get(b.level, 0) + w
            else:
                foe["struck"] += w
                foe["from"][b.level] = foe["from"].get(b.level, 0) + w
        for f in landed.foes:
            d = self.per[f.name]["after"]
            lv = f.current_level(self.rules)
            d[lv] = d.get(lv, 0) + w

    def odds(self, whole: int, classes: int, runs: int, prefer: tuple[str, ...],
             steps: tuple[Step, ...]) -> GroupOdds:
        levels = range(len(wounds.LEVEL_NAMES))

        def ordered(d: dict, order: Iterable) -> tuple:
            return tuple((k, Fraction(d[k], whole)) for k in order if k in d)

        foes = tuple(
            FoeOdds(n, Fraction(p["hits"], whole), ordered(p["to"], levels), Fraction(p["struck"], whole),
                    ordered(p["from"], levels), ordered(p["after"], levels))
            for n, p in self.per.items()
        )
        return GroupOdds(self.lone, ordered(self.hits, range(len(self.names) + 1)),
                         ordered(self.lone_after, levels), Fraction(self.strikes, whole), foes, prefer,
                         classes, runs, steps)


def _explain(technique: str, kinds: tuple[str | None, ...], leaves: int, runs: int,
             extra: tuple[str, ...] = ()) -> tuple[Step, ...]:
    tech = dice.TECHNIQUES[technique]
    faces = _roll_whole(technique)
    steps = [Step(tech.section, f"Each fighter rolls {tech.label}: {faces} equally likely faces, "
                  "weighed by what the rules read of them (the total, the odd-coloured last die).",
                  {"technique": technique, "faces": faces})]
    named = [k for k in kinds if k is not None]
    if named:
        section = "F95 4.63" if "3d6" in named else "F95 4.61"
        steps.append(Step(section, f"Damage dice ({' or '.join(named)}) are weighed when a blow lands.",
                          {"damage_dice": named}))
    if "shield rolls" in extra:
        steps.append(Step("CO 2.2", f"A shieldman who loses rolls his shield check ({tech.label}): weighed by "
                          "its total.", {"shield_rolls": True}))
    if "damage checks" in extra:
        steps.append(Step("CO 4.3", "A wounded fighter's damage check (4dF) is weighed by its total.",
                          {"damage_checks": True}))
    steps.append(Step("F95 4.22", f"The exchange was resolved {runs} times, once for each of {leaves} "
                      "classes of dice, each weighted by its exact chance.", {"runs": runs, "classes": leaves}))
    return tuple(steps)
