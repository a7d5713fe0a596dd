"""Offensive/defensive tactics: five stances, one roll for offence and defence (M-STANCES).

F95 4.32, MUD 4.32, F93 4.63. Each fighter picks a stance (+2 … −2 to offence, the opposite to
defence), rolls once, and that roll is read against both his offence and defence; each offence
is compared with the other's defence, so both can be hurt in one round. Stances replace the
all-out options (F95 4.32) and are melee only (MUD 4.32).

How a stance is chosen is data too: two Fudge dice set to +2…−2 (F95, MUD), one d6 for those
without Fudge dice (F95), or which of the two d6 is shown and its face (F93).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core.errors import FudgeError, RuleError
from ..core.options import Option
from ..rules.actions import Modifier

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

OPTIONS: tuple[Option, ...] = (
    # F95 4.32 and F93 4.63 are optional rules; MUD 4.7 fights with stances (MUD 4.31 item 6).
    Option(
        "melee.stances", "Offensive/defensive stances", "F95 4.32", "bool",
        {"fudge1995": False, "mudge": True, "fudge1993": False},
        help="Each round a fighter picks a stance from Berserk (+2 offence, −2 defence) to "
        "Defensive (−2, +2); one roll serves both; both fighters can be hurt. Replaces all-out "
        "offence and defence.",
        group="Melee",
    ),
)



class StanceKey(StrEnum):
    """The five stances by their JSON keys (F95 4.32)."""

    BERSERK = "berserk"
    AGGRESSIVE = "aggressive"
    NORMAL = "normal"
    CAUTIOUS = "cautious"
    DEFENSIVE = "defensive"


# F95 4.32 "There are five basic options"; MUD 4.32 names them. Offence modifier → names.
STANCES: dict[int, tuple[StanceKey, str]] = {
    2: (StanceKey.BERSERK, "Berserk"),
    1: (StanceKey.AGGRESSIVE, "Aggressive"),
    0: (StanceKey.NORMAL, "Normal"),
    -1: (StanceKey.CAUTIOUS, "Cautious"),
    -2: (StanceKey.DEFENSIVE, "Defensive"),
}
_BY_KEY: dict[str, int] = {key: offence for offence, (key, _) in STANCES.items()}

# F95 4.32: "For those without Fudge dice, choose one die placed as follows".
D6_STANCE = {1: -2, 2: -1, 3: 0, 4: 0, 5: 1, 6: 2}


@dataclass(frozen=True)
class Stance:
    """A stance: ``offence`` from −2 to +2; defence gets the opposite (F95 4.32)."""

    offence: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.offence, bool) or self.offence not in STANCES:
            raise FudgeError(
                f"A stance moves offence by −2 to +2, not {self.offence!r}.", field="stance"
            )

    @property
    def defence(self) -> int:
        """The defence modifier, the opposite of the offence one."""
        return -self.offence

    @property
    def key(self) -> StanceKey:
        """``"berserk"``, ``"aggressive"``, ``"normal"``, ``"cautious"`` or ``"defensive"``."""
        return STANCES[self.offence][0]

    @property
    def label(self) -> str:
        """The Mudge name of the stance (MUD 4.32)."""
        return STANCES[self.offence][1]

    def modifiers(self) -> tuple[Modifier | None, Modifier | None]:
        """(offence modifier, defence modifier), None for a normal stance."""
        if self.offence == 0:
            return None, None
        return (
            Modifier(f"{self.label} stance", self.offence, "F95 4.32"),
            Modifier(f"{self.label} stance", self.defence, "F95 4.32"),
        )

    def to_dict(self) -> StanceKey:
        """JSON shape: the stance key, e.g. ``"aggressive"``."""
        return self.key

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "stance") -> Stance:
        """Read a stance from its key (``"berserk"``…), its offence number (−2…+2), or the dice
        that chose it: ``{"fudge_dice": [+1, 0]}`` (F95/MUD 4.32), ``{"d6": 5}`` (F95 4.32) or
        ``{"shown": "plus", "face": 1}`` (F93 4.63)."""
        if isinstance(data, dict):
            keys = set(data)
            try:
                if keys == {"fudge_dice"}:
                    return from_fudge_dice(data["fudge_dice"])
                if keys == {"d6"}:
                    return from_d6(data["d6"])
                if keys <= {"shown", "face"} and "shown" in keys:
                    return from_dice_shown(data["shown"], data.get("face"))
            except FudgeError as err:
                raise FudgeError(err.message, field=field) from None
            raise FudgeError(f"{field}: give fudge_dice, d6, or shown (and face).", field=field)
        if isinstance(data, str):
            key = data.strip().lower()
            if key not in _BY_KEY:
                raise FudgeError(
                    f"{field}: choose berserk, aggressive, normal, cautious or defensive, not {data!r}.",
                    field=field,
                )
            return cls(_BY_KEY[key])
        if isinstance(data, bool) or not isinstance(data, int) or data not in STANCES:
            raise FudgeError(f"{field}: a stance is a name or a number from −2 to +2.", field=field)
        return cls(data)


NORMAL = Stance(0)


def from_fudge_dice(faces: Sequence[int]) -> Stance:
    """F95/MUD 4.32: two Fudge dice set to a result from +2 to −2 give the offence modifier."""
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence) or len(faces) != 2:
        raise FudgeError("Set two Fudge dice to choose a stance.", field="stance_dice")
    for i, f in enumerate(faces):
        if isinstance(f, bool) or f not in (-1, 0, 1):
            raise FudgeError(f"A Fudge die shows −, 0 or +, not {f!r}.", field=f"stance_dice[{i}]")
    return Stance(sum(faces))


def from_d6(face: int) -> Stance:
    """F95 4.32: one d6 placed 1 (−2 offence), 2 (−1), 3–4 (normal), 5 (+1), 6 (+2).

    Also the NPC's stance when the GM rolls the d6 for her.
    """
    if isinstance(face, bool) or face not in D6_STANCE:
        raise FudgeError(f"A d6 shows 1 to 6, not {face!r}.", field="stance_d6")
    return Stance(D6_STANCE[face])


def from_dice_shown(shown: str, face: int | None = None) -> Stance:
    """F93 4.63: reveal the positive die set to 1 or 2 (offence), the negative die set to 1 or 2
    (defence), or both dice (normal posture). ``shown`` is ``"plus"``, ``"minus"`` or ``"both"``."""
    if shown == "both":
        if face is not None:
            raise FudgeError("Showing both dice means a normal posture: no face.", field="stance_face")
        return NORMAL
    if shown not in ("plus", "minus"):
        raise FudgeError("Show the plus die, the minus die, or both.", field="stance_shown")
    if isinstance(face, bool) or face not in (1, 2):
        raise FudgeError("The die shown is set to 1 or 2.", field="stance_face")
    return Stance(face if shown == "plus" else -face)


def stances_offered(rules: RuleSet) -> bool:
    """May a fighter declare an offensive or defensive stance (F95 4.32, ``melee.stances``)?
    :func:`check_allowed` refuses, and the encounter's view offers the choice, by this."""
    return bool(rules["melee.stances"])


def check_allowed(stance: Stance, *, rules: RuleSet, ranged: bool = False,
                  defend_only: bool = False, stunned: bool = False, field: str = "stance") -> None:
    """Refuse a stance the rules do not allow.

    Stances must be switched on (``melee.stances``); they are melee only (MUD 4.32); a fighter who
    can only defend (MUD 4.22) or is stunned (MUD 4.62) must keep a normal stance.
    """
    if stance.offence == 0:
        return
    if not stances_offered(rules):
        raise RuleError("Offensive/defensive stances are not used under these rules.", field=field)
    if ranged:
        raise RuleError("Stances have no effect on ranged combat (MUD 4.32).", field=field)
    if defend_only:
        raise RuleError("A fighter who can only defend keeps a normal stance (MUD 4.22).", field=field)
    if stunned:
        raise RuleError("A stunned fighter keeps a normal stance (MUD 4.62).", field=field)
