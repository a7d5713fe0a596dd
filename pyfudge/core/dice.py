"""Dice as data: Fudge dice, the 2d6 techniques of Fudge 1993, d6 and 3d6 (F95 4.1; MUD 4.1; F93 4.2).

Rule functions take the faces; only the edge rolls (``roll_*``), with an injected ``random.Random``.

- A Fudge die (dF) shows −1, 0 or +1; 4dF is the standard roll (MUD 4.22), 2dF the GM's group
  roll (F95 4.34), 1dF the damage die (F95 4.61).
- F93 4.21–4.22 reads two six-sided dice three ways, each giving −4..+4 with ±5 read as 0:
  remove the higher die (the recommended way), the difference of a plus and a minus die, and
  2d6 − 7. Faces of the first two are ``(plus die, minus die)``.
- 1d6 serves the NPC shortcut (F93 4.5) and the stance choice (F95 4.32); 3d6 serves Min-Mid-Max
  (F95 4.63), which reads the individual dice.

Every technique can be read from entered faces or, where the total is what counts, an entered
total (R-DICE-ENTRY). ``distribution`` gives each technique's exact odds by counting (R-DICE-ODDS).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import DiceError
from .explain import Step
from .options import Option

if TYPE_CHECKING:
    from .ruleset import RuleSet

FUDGE_FACES = (-1, 0, 1)
D6_FACES = (1, 2, 3, 4, 5, 6)

# Keys of the techniques; the four that can roll an action are the choices of "dice.technique".
FOUR_DF = "4dF"
REMOVE_HIGHER = "2d6_remove_higher"
DIFFERENCE = "2d6_difference"
MINUS_SEVEN = "2d6_minus_7"
ACTION_TECHNIQUES = (FOUR_DF, REMOVE_HIGHER, DIFFERENCE, MINUS_SEVEN)

OPTIONS = (
    Option(
        "dice.technique",
        "Dice for actions",
        "F93 4.21–4.22; MUD 4.22",
        "choice",
        # F95 and MUD roll 4dF (MUD 4.22 "Opposed action roll with 4dF"); the 1993 draft gives
        # each player two six-sided dice (F93 4.1) and recommends removing the higher (F93 4.21).
        {"fudge1995": FOUR_DF, "mudge": FOUR_DF, "fudge1993": REMOVE_HIGHER},
        help=(
            "How a trait roll is made. The three 2d6 ways give the same odds as each other "
            "(F93 4.22), slightly wider than 4dF."
        ),
        group="Dice",
        choices=(
            (FOUR_DF, "4 Fudge dice"),
            (REMOVE_HIGHER, "2d6, remove the higher die"),
            (DIFFERENCE, "2d6, difference of plus and minus die"),
            (MINUS_SEVEN, "2d6 − 7"),
        ),
    ),
)


@dataclass(frozen=True)
class Roll:
    """Faces of one roll and what they read as.

    ``technique`` is a key of :data:`TECHNIQUES` (``"4dF"``, ``"2d6_remove_higher"``, ``"1d6"``…);
    ``faces`` the dice as read (empty when only a total was entered); ``entered`` marks physical
    dice typed in; ``steps`` say how the faces were read; ``entered_total``: a total entered that
    reads as another (F93 4.21's ±5 reads 0), kept so the roll reads back with its steps.
    """

    technique: str
    faces: tuple[int, ...]
    total: int
    entered: bool = False
    steps: tuple[Step, ...] = dc_field(default=(), compare=False)
    entered_total: int | None = dc_field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"dice", "faces", "total", "entered", "steps"}``, and ``entered_total``
        when the total entered reads as another."""
        out = {
            "dice": self.technique,
            "faces": list(self.faces),
            "total": self.total,
            "entered": self.entered,
            "steps": [s.to_dict() for s in self.steps],
        }
        if self.entered_total is not None:
            out["entered_total"] = self.entered_total
        return out

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "roll") -> Roll:
        """Read a roll back: its faces are re-read (and must give ``total`` if one is given),
        or, with no faces, the total is checked against the technique (R-DICE-ENTRY)."""
        if not isinstance(data, dict):
            raise DiceError(f"{field} must be an object with dice and faces or a total.", field=field)
        extra = set(data) - {"dice", "faces", "total", "entered", "steps", "entered_total"}
        if extra:
            raise DiceError(f"{field}: unknown field {sorted(extra)[0]!r}.", field=field)
        key = technique(data.get("dice"), field=f"{field}.dice").key
        entered = data.get("entered", False)
        if not isinstance(entered, bool):
            raise DiceError(f"{field}.entered must be true or false.", field=f"{field}.entered")
        faces = data.get("faces")
        total = data.get("total")
        if faces is not None and faces != []:
            roll = read(key, faces=faces, entered=entered, field=f"{field}.faces")
            if total is not None and (isinstance(total, bool) or total != roll.total):
                raise DiceError(
                    f"{field}.total {total!r} does not match the faces, which read {roll.total}.",
                    field=f"{field}.total",
                )
            return roll
        said = data.get("entered_total")
        if said is None:
            return read(key, total=total, entered=entered, field=f"{field}.total")
        roll = read(key, total=said, entered=entered, field=f"{field}.entered_total")
        if total is not None and (isinstance(total, bool) or total != roll.total):
            raise DiceError(f"{field}.total {total!r} does not match the total entered, which reads {roll.total}.",
                            field=f"{field}.total")
        return roll


# --- checking faces -------------------------------------------------------------------------

def _check_faces(
    faces: object, count: int, allowed: tuple[int, ...], kind: tuple[str, str], shown: str, field: str
) -> tuple[int, ...]:
    noun = kind[0] if count == 1 else kind[1]
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence):
        raise DiceError(f"{field} must be a list of {count} {noun}, not {faces!r}.", field=field)
    if len(faces) != count:
        raise DiceError(f"{field} needs {count} {noun}, got {len(faces)}.", field=field)
    for i, face in enumerate(faces):
        if face is None:
            raise DiceError(f"Pick a face for die {i + 1}.", field=f"{field}[{i}]")
        if isinstance(face, bool) or not isinstance(face, int) or face not in allowed:
            raise DiceError(f"{field}[{i}]: {shown}, not {face!r}.", field=f"{field}[{i}]")
    return tuple(int(f) for f in faces)


def check_fudge_faces(faces: object, count: int = 4, *, field: str = "faces") -> tuple[int, ...]:
    """Validate ``count`` Fudge dice faces (each −1, 0 or +1) and return them as a tuple."""
    return _check_faces(
        faces, count, FUDGE_FACES, ("Fudge die", "Fudge dice"), "a Fudge die shows −, 0 or +", field
    )


def check_d6_faces(faces: object, count: int = 1, *, field: str = "faces") -> tuple[int, ...]:
    """Validate ``count`` six-sided dice faces (each 1..6) and return them as a tuple."""
    return _check_faces(
        faces, count, D6_FACES, ("six-sided die", "six-sided dice"), "a six-sided die shows 1 to 6", field
    )


# --- reading faces --------------------------------------------------------------------------

def fudge(faces: object, count: int = 4, *, entered: bool = False, field: str = "faces") -> Roll:
    """Read ``count``dF faces: the total is their sum (F95 4.1)."""
    checked = check_fudge_faces(faces, count, field=field)
    # F95 4.61 "When 4dF are rolled for the Opposed Actions of combat"; F95 4.34 the GM's 2dF;
    # F95 4.61 the 1dF damage die. :func:`cited` makes a 4dF roll cite MUD 4.22 under Mudge.
    section = {4: "F95 4.61", 2: "F95 4.34", 1: "F95 4.61"}.get(count, "F95 4.61")
    step = Step(section, f"{count}dF show {_signed_list(checked)}: total {_signed(sum(checked))}.",
                {"faces": list(checked), "total": sum(checked)})
    return Roll(f"{count}dF", checked, sum(checked), entered, (step,))


def d6(faces: object, count: int = 1, *, entered: bool = False, field: str = "faces") -> Roll:
    """Read ``count`` six-sided dice; the total is their sum (1d6: F93 4.5, F95 4.32; 3d6: F95 4.63)."""
    checked = check_d6_faces(faces, count, field=field)
    step = Step("F93 4.5" if count == 1 else "F95 4.63",
                f"{count}d6 show {', '.join(map(str, checked))}.",
                {"faces": list(checked), "total": sum(checked)})
    return Roll(f"{count}d6", checked, sum(checked), entered, (step,))


def _five_is_zero(raw: int, technique: str, how: str, faces: tuple[int, ...], entered: bool) -> Roll:
    """F93 4.21: "+5 and −5 ... are converted to a +0 result" (the same in all three ways, 4.22)."""
    section = "F93 4.21" if technique == REMOVE_HIGHER else "F93 4.22"
    steps = [Step(section, f"{how}: {_signed(raw)}.", {"faces": list(faces), "read": raw})]
    total = raw
    if abs(raw) == 5:
        total = 0
        steps.append(Step("F93 4.21", f"{_signed(raw)} is too extreme for Fudge: it reads as 0.",
                          {"read": raw, "total": 0}))
    said = raw if not faces and total != raw else None
    return Roll(technique, faces, total, entered, tuple(steps), said)


def remove_higher(faces: object, *, entered: bool = False, field: str = "faces") -> Roll:
    """F93 4.21, the recommended way: faces are (plus die, minus die). Doubles read 0; otherwise
    remove the higher die and read the one left, positive if it is the plus die."""
    plus, minus = check_d6_faces(faces, 2, field=field)
    if plus == minus:
        raw, how = 0, f"doubles ({plus}, {plus}): the trait level exactly"
    elif plus < minus:
        raw, how = plus, f"plus die {plus} is lower than minus die {minus}; it stays"
    else:
        raw, how = -minus, f"minus die {minus} is lower than plus die {plus}; it stays"
    return _five_is_zero(raw, REMOVE_HIGHER, how, (plus, minus), entered)


def difference(faces: object, *, entered: bool = False, field: str = "faces") -> Roll:
    """F93 4.22: faces are (plus die, minus die); the result is plus − minus
    ("a roll of 4 on the minus die and 2 on the plus die gives a −2 result")."""
    plus, minus = check_d6_faces(faces, 2, field=field)
    how = f"plus die {plus} minus minus die {minus}"
    return _five_is_zero(plus - minus, DIFFERENCE, how, (plus, minus), entered)


def minus_seven(faces: object, *, entered: bool = False, field: str = "faces") -> Roll:
    """F93 4.22: add two six-sided dice and subtract 7 (no plus or minus die)."""
    a, b = check_d6_faces(faces, 2, field=field)
    how = f"{a} + {b} − 7"
    return _five_is_zero(a + b - 7, MINUS_SEVEN, how, (a, b), entered)


def odd_die(roll: Roll, *, field: str = "roll") -> int:
    """MUD 4.61: of the 4dF "three of the dice are of one color and one die is of another"; the
    odd-coloured die is the damage die (and MUD 4.22's tie-breaker). By this library's convention
    it is the last of the four faces. A roll entered as a total has no odd die."""
    if roll.technique != FOUR_DF or len(roll.faces) != 4:
        raise DiceError(
            "The odd-coloured damage die needs the four Fudge dice entered one by one, "
            "the odd-coloured one last.",
            field=field,
        )
    return roll.faces[-1]


# F93 4.22: the table printed for 2d6 − 7 (rolled sum → result), identical to the arithmetic.
MINUS_SEVEN_TABLE: dict[int, int] = {
    2: 0, 3: -4, 4: -3, 5: -2, 6: -1, 7: 0, 8: 1, 9: 2, 10: 3, 11: 4, 12: 0,
}


# --- the techniques -------------------------------------------------------------------------

@dataclass(frozen=True)
class Technique:
    """A way of rolling: how many dice of which faces, how faces read, which totals can occur."""

    key: str
    label: str
    section: str
    count: int
    die: tuple[int, ...]
    reader: Callable[..., Roll] = dc_field(compare=False)
    low: int
    high: int
    total_entry: bool = True  # can a player enter just the total?
    faces_named: str = ""     # how the faces are ordered, for a form

    def read(self, faces: object, *, entered: bool = False, field: str = "faces") -> Roll:
        """Read the faces of one roll."""
        return self.reader(faces, entered=entered, field=field)


def _fudge_reader(count: int) -> Callable[..., Roll]:
    def reader(faces: object, *, entered: bool = False, field: str = "faces") -> Roll:
        return fudge(faces, count, entered=entered, field=field)
    return reader


def _d6_reader(count: int) -> Callable[..., Roll]:
    def reader(faces: object, *, entered: bool = False, field: str = "faces") -> Roll:
        return d6(faces, count, entered=entered, field=field)
    return reader


TECHNIQUES: dict[str, Technique] = {
    t.key: t
    for t in (
        Technique(FOUR_DF, "4 Fudge dice", "F95 4.61; MUD 4.22", 4, FUDGE_FACES, _fudge_reader(4), -4, 4),
        Technique("2dF", "2 Fudge dice (GM group roll)", "F95 4.34", 2, FUDGE_FACES, _fudge_reader(2), -2, 2),
        Technique("1dF", "1 Fudge die (damage die)", "F95 4.61", 1, FUDGE_FACES, _fudge_reader(1), -1, 1),
        # ±5 may be entered as said at the table ("Plus five") and reads 0 (F93 4.21).
        Technique(REMOVE_HIGHER, "2d6, remove the higher die", "F93 4.21", 2, D6_FACES, remove_higher,
                  -5, 5, faces_named="plus die, minus die"),
        Technique(DIFFERENCE, "2d6, difference of plus and minus die", "F93 4.22", 2, D6_FACES,
                  difference, -5, 5, faces_named="plus die, minus die"),
        Technique(MINUS_SEVEN, "2d6 − 7", "F93 4.22", 2, D6_FACES, minus_seven, -5, 5),
        Technique("1d6", "1 six-sided die", "F93 4.5; F95 4.32", 1, D6_FACES, _d6_reader(1), 1, 6),
        # Min-Mid-Max reads each die, so a total alone will not do (F95 4.63).
        Technique("3d6", "3 six-sided dice (Min-Mid-Max)", "F95 4.63", 3, D6_FACES, _d6_reader(3),
                  3, 18, total_entry=False),
    )
}


def technique(key: object, *, field: str = "dice") -> Technique:
    """The technique named ``key``, or a :class:`DiceError` listing the known ones."""
    if not isinstance(key, str) or key not in TECHNIQUES:
        raise DiceError(
            f"Unknown dice {key!r}; choose one of {', '.join(TECHNIQUES)}.", field=field
        )
    return TECHNIQUES[key]


def read(
    key: object,
    *,
    faces: object = None,
    total: object = None,
    entered: bool = True,
    field: str = "roll",
) -> Roll:
    """Read one roll of technique ``key`` from its faces or, failing those, a total (R-DICE-ENTRY).

    Give exactly one of ``faces`` and ``total``. A total must be one the technique can show
    (−4..+4 for 4dF; −5..+5 for the 2d6 ways, where ±5 reads 0 — F93 4.21); 3d6 needs faces.
    """
    tech = technique(key, field="dice")
    if faces is not None and total is not None:
        raise DiceError("Enter either the dice faces or the total, not both.", field=field)
    if faces is not None:
        return tech.read(faces, entered=entered, field=field)
    if total is None:
        raise DiceError(f"Enter the {tech.label} faces or their total.", field=field)
    if not tech.total_entry:
        raise DiceError(f"{tech.label}: enter each die; the total alone is not enough.", field=field)
    if isinstance(total, bool) or not isinstance(total, int) or not tech.low <= total <= tech.high:
        raise DiceError(
            f"{tech.label} cannot total {total!r}: it shows {_signed(tech.low)} to {_signed(tech.high)}"
            f"{total_meaning(tech.key)}.",
            field=field,
        )
    if tech.key in (REMOVE_HIGHER, DIFFERENCE, MINUS_SEVEN):
        return _five_is_zero(total, tech.key, "entered total", (), entered)
    step = Step(tech.section, f"{tech.label}: entered total {_signed(total)}.", {"total": total})
    return Roll(tech.key, (), total, entered, (step,))


def read_action(
    *, rules: RuleSet, faces: object = None, total: object = None, entered: bool = True,
    field: str = "roll",
) -> Roll:
    """Read a trait roll made with the ruleset's ``dice.technique`` (faces or total)."""
    return cited(read(rules["dice.technique"], faces=faces, total=total, entered=entered, field=field), rules)


# The book each preset cites for a 4dF trait roll. F95: "When 4dF are rolled for the Opposed
# Actions of combat" (F95 4.61; its chapter 3, where the dice are read, is not among our
# sources); MUD 4.22: "Each combatant makes an Opposed action roll with 4dF".
_FOUR_DF_SECTION = {"mudge": "MUD 4.22"}
FOUR_DF_SECTION = "F95 4.61"
_FOUR_DF_CITES = frozenset({"MUD 4.22", FOUR_DF_SECTION, f"{FOUR_DF_SECTION}; MUD 4.22"})


def cited(roll: Roll, rules: RuleSet) -> Roll:
    """``roll`` with its 4dF reading citing the preset's own book (MUD under Mudge, F95 else)."""
    if roll.technique != FOUR_DF:
        return roll
    section = _FOUR_DF_SECTION.get(rules.preset, FOUR_DF_SECTION)
    steps = tuple(Step(section, s.text, s.data) if s.section in _FOUR_DF_CITES else s
                  for s in roll.steps)
    return Roll(roll.technique, roll.faces, roll.total, roll.entered, steps, roll.entered_total)


# What an entered total is, for the techniques whose dice are not simply added (R-DICE-ENTRY):
# always the roll's result after its rule, −5..+5, never the dice as they lie.
_TOTAL_MEANING = {
    REMOVE_HIGHER: "the result after the rule: the die left once the higher is removed, "
                   "+ for the plus die, − for the minus die; ±5 reads 0 (F93 4.21)",
    DIFFERENCE: "the result after the rule: the plus die less the minus die; ±5 reads 0 (F93 4.22)",
    MINUS_SEVEN: "the result after the rule: the two dice's sum less 7 (a 9 on the dice is +2); "
                 "±5 reads 0 (F93 4.22)",
}


def total_meaning(key: str) -> str:
    """How an entered total of technique ``key`` is read, as a clause for a message (with a
    leading " — "), or "" where the total is simply the dice added."""
    text = _TOTAL_MEANING.get(key)
    return f" — {text}" if text else ""


# --- the edge: rolling with an injected random source ---------------------------------------

def roll_fudge(rng: random.Random, count: int = 4) -> Roll:
    """Roll ``count``dF with the given random source (the edge)."""
    return fudge([rng.choice(FUDGE_FACES) for _ in range(count)], count)


def roll_d6(rng: random.Random, count: int = 1) -> Roll:
    """Roll ``count``d6 with the given random source (the edge)."""
    return d6([rng.choice(D6_FACES) for _ in range(count)], count)


def roll_technique(rng: random.Random, key: str) -> Roll:
    """Roll any technique of :data:`TECHNIQUES` with the given random source (the edge)."""
    tech = technique(key)
    return tech.read([rng.choice(tech.die) for _ in range(tech.count)])


def roll_action(rng: random.Random, *, rules: RuleSet) -> Roll:
    """Roll a trait roll with the ruleset's ``dice.technique`` (the edge)."""
    return cited(roll_technique(rng, rules["dice.technique"]), rules)


# --- exact odds (R-DICE-ODDS) ---------------------------------------------------------------

@cache
def _face_counts(key: str) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    tech = TECHNIQUES[key]
    return tuple(
        (faces, tech.read(faces).total, 1)
        for faces in itertools.product(tech.die, repeat=tech.count)
    )


def face_distribution(key: str) -> dict[tuple[int, ...], Fraction]:
    """Every ordered tuple of faces of technique ``key`` with its exact chance (all equal)."""
    rows = _face_counts(technique(key).key)
    return {faces: Fraction(1, len(rows)) for faces, _, _ in rows}


@cache
def _total_counts(key: str) -> tuple[tuple[int, int], ...]:
    counts: dict[int, int] = {}
    for _, total, n in _face_counts(key):
        counts[total] = counts.get(total, 0) + n
    return tuple(sorted(counts.items()))


def distribution(key: str) -> dict[int, Fraction]:
    """Exact chance of each total of technique ``key``, by counting every face combination."""
    counts = _total_counts(technique(key).key)
    whole = sum(n for _, n in counts)
    return {total: Fraction(n, whole) for total, n in counts}


def chance_at_least(key: str, n: int) -> Fraction:
    """Exact chance that technique ``key`` totals ``n`` or more (F93 4.23's "n or better")."""
    return sum((p for total, p in distribution(key).items() if total >= n), Fraction(0))


def chance_at_most(key: str, n: int) -> Fraction:
    """Exact chance that technique ``key`` totals ``n`` or less."""
    return sum((p for total, p in distribution(key).items() if total <= n), Fraction(0))


def difference_distribution(key_a: str, key_b: str | None = None) -> dict[int, Fraction]:
    """Exact chance of each (roll A − roll B): the relative degree of two equal traits."""
    a = distribution(key_a)
    b = distribution(key_b if key_b is not None else key_a)
    out: dict[int, Fraction] = {}
    for ta, pa in a.items():
        for tb, pb in b.items():
            out[ta - tb] = out.get(ta - tb, Fraction(0)) + pa * pb
    return dict(sorted(out.items()))


def percent(p: Fraction) -> int:
    """A chance as a whole percentage, halves rounded up (how F93 4.23 prints them)."""
    scaled = p * 100
    return int(scaled + Fraction(1, 2)) if scaled >= 0 else -int(-scaled + Fraction(1, 2))


# --- small helpers --------------------------------------------------------------------------

def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")


def _signed_list(faces: tuple[int, ...]) -> str:
    return "[" + " ".join({1: "+", 0: "0", -1: "\u2212"}[f] for f in faces) + "]"
