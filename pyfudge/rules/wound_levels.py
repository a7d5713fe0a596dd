"""Wound levels, stun statuses, track kinds and fighter roles as typed values (F95 4.51, 4.57, 4.62, 4.64).

The enums are ``IntEnum``/``StrEnum`` so they compare, index and serialise exactly as the plain
ints and strings saved logs hold: a loaded ``2`` is ``WoundLevel.HURT``, a saved ``"pawn"`` is
``TrackKind.PAWN``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.errors import OptionError, RuleError
from ..core.options import need_int, need_list

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet


class WoundLevel(IntEnum):
    """F95 4.51: the wound levels, lightest first (serialised as 0 … 6)."""

    UNDAMAGED = 0
    SCRATCH = 1
    HURT = 2
    VERY_HURT = 3
    INCAPACITATED = 4
    NEAR_DEATH = 5
    DEAD = 6


class Stun(IntEnum):
    """Stun statuses (F95 4.62, MUD 4.62; serialised as 0 … 3)."""

    NO_STUN = 0
    STUNNED = 1
    VERY_STUNNED = 2
    KNOCKED_OUT = 3


class TrackKind(StrEnum):
    """How a fighter's wounds are recorded (serialised as the strings saved tracks hold)."""

    BOXES = "boxes"        # F95 4.57 / MUD 4.57 wound boxes
    PAWN = "pawn"          # F95 4.57 three-stage NPC record
    CAPACITY = "capacity"  # F95 4.52 no. 3, 4.57: Damage Capacity as the record
    CO = "co"              # CO 3: the alternate track, damage boxes per ladder level


# The short names the rules read (``HURT`` rather than ``WoundLevel.HURT``).
UNDAMAGED, SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH, DEAD = WoundLevel
NO_STUN, STUNNED, VERY_STUNNED, KNOCKED_OUT = Stun

LEVEL_NAMES = ("Undamaged", "Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death", "Dead")

# The levels that have boxes on the sheet: Scratch … Near Death (F95 4.57; no box for Dead).
BOXED = (SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH)

# F95 4.51: "-1 to all traits" when Hurt, "-2" when Very Hurt; Incapacitated and worse cannot act.
PENALTIES: dict[int, int] = {
    UNDAMAGED: 0, SCRATCH: 0, HURT: -1, VERY_HURT: -2, INCAPACITATED: 0, NEAR_DEATH: 0, DEAD: 0,
}

# Who a fighter is, for the PC-death guards (F95 4.64: "not ... for run-of-the-mill NPCs, but
# could be used for major ones").
ROLES = ("pc", "major_npc", "npc")

# F95 4.51: High Pain Threshold reduces penalties by one level, Low Pain Threshold increases them.
PAIN = {"normal": 0, "high": 1, "low": -1}

TRACK_KINDS = tuple(TrackKind)

STUN_NAMES = ("Not stunned", "Stunned", "Very Stunned", "Knocked out")

# Wound boxes per level, Scratch … Near Death, for each named track (F95 4.57, MUD 4.57, F95 4.63).
TRACK_BOXES: dict[str, list[int]] = {
    "realistic": [3, 1, 1, 1, 1],          # F95 4.57: the standard sheet
    "mudge": [3, 2, 1, 1, 1],              # MUD 4.57: "There are also two Hurt boxes."
    "cinematic": [4, 2, 1, 1, 1],          # F95 4.57: "add an extra box for Scratch, Hurt"
    "cinematic_very_hurt": [4, 2, 2, 1, 1],  # F95 4.57: "… and possibly Very Hurt"
    "epic": [4, 4, 3, 1, 1],               # F95 4.57: "up to two more boxes to Hurt and Very Hurt"
    "epic_min_mid_max": [3, 2, 2, 1, 1],   # F95 4.63: the epic Min-Mid-Max sheet
}

# CO 3.1: the ladder levels of the alternate track, Terrible … Legendary.
CO_LEVELS = tuple(range(ladder.TERRIBLE, ladder.LEGENDARY + 1))

# CO 4.2.1: standard wound levels as Fudge levels for damage checks.
CO_CHECK_LEVELS: dict[int, int] = {
    SCRATCH: ladder.MEDIOCRE,
    HURT: ladder.FAIR,
    VERY_HURT: ladder.GOOD,
    INCAPACITATED: ladder.GREAT,
    NEAR_DEATH: ladder.SUPERB,
    DEAD: ladder.LEGENDARY,
}


def level_name(level: int) -> str:
    """The book's name of a wound level (``HURT`` → ``"Hurt"``)."""
    return LEVEL_NAMES[level]


def check_wound_level(value: Any, *, field: str = "level", low: int = UNDAMAGED, high: int = DEAD) -> int:
    """Return ``value`` as a wound level ``low``..``high`` or raise :class:`RuleError`."""
    if isinstance(value, str):
        for number, text in enumerate(LEVEL_NAMES):
            if text.lower() == value.strip().lower():
                value = number
                break
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        names = ", ".join(LEVEL_NAMES[low:high + 1])
        raise RuleError(f"{field} must be a wound level ({names}), not {value!r}.", field=field)
    return value


def level_label(level: int, *, rules: RuleSet) -> str:
    """A wound level's name as the GM's ``wounds.levels`` table calls it (F95 4.51)."""
    level = check_wound_level(level, field="level")
    if SCRATCH <= level <= NEAR_DEATH:
        return rules["wounds.levels"][level - 1]["name"]
    return LEVEL_NAMES[level]


def check_role(role: Any, *, field: str = "role") -> str:
    """``"pc"``, ``"major_npc"`` or ``"npc"`` (F95 4.64)."""
    if role not in ROLES:
        raise RuleError(f"role must be one of {', '.join(ROLES)}, not {role!r}.", field=field)
    return role


def cite(rules: RuleSet, number: str) -> str:
    """Cite Mudge's section under the Mudge preset, Fudge 1995's otherwise."""
    return f"{'MUD' if rules.preset == 'mudge' else 'F95'} {number}"


def need_flag(value: Any, where: str) -> bool:
    """``value`` if it is true or false, else a :class:`RuleError` naming ``where``."""
    if not isinstance(value, bool):
        raise RuleError(f"{where} must be true or false, not {value!r}.", field=where)
    return value


def need_count(value: Any, where: str) -> int:
    """``value`` if it is a whole number 0..100, else a :class:`RuleError` naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise RuleError(f"{where} must be a whole number 0 to 100, not {value!r}.", field=where)
    return value


def box_counts(rows: int, what: str) -> Callable[[Any, str], list[int]]:
    """A check for a table of box counts: ``rows`` whole numbers 0..10, at least one box."""
    def check(value: Any, where: str) -> list[int]:
        need_list(value, where, min_len=rows, max_len=rows)
        out = [need_int(v, f"{where}[{i}]", low=0, high=10) for i, v in enumerate(value)]
        if sum(out) == 0:
            raise OptionError(f"{where}: {what} needs at least one box.", field=where)
        return out
    return check


check_track_boxes = box_counts(5, "a wound track")


def check_boxes(value: Any, where: str) -> list[int]:
    """Box counts Scratch … Near Death (five whole numbers 0..10, at least one box), or a
    :class:`~pyfudge.core.errors.RuleError` naming ``where``: a fighter's own boxes (F95 4.57)."""
    try:
        return check_track_boxes(value, where)
    except OptionError as err:
        raise RuleError(err.message, field=err.field) from None
