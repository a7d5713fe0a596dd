"""Ranged fire as declared and rolled (F95 4.4, MUD 4.4, F93 4.65): each side's shot
(:class:`Shot`) and the attack (:class:`RangedAttack`: how the target meets it, the weapon, an
automatic weapon's burst), read and checked from JSON — or built from an encounter's event by
:func:`pyfudge.encounter.rounds.read_ranged` with the same readers. :mod:`.ranged` resolves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core import ladder
from ..core.errors import RequestError
from ..core.options import need_int
from ..rules.actions import Modifier
from .reading import need_name, read_modifiers, read_roll, reject_unknown

__all__ = ["RangedMode", "WEAPONS", "Shot", "RangedAttack", "read_difficulty", "read_weapon", "read_burst",
           "check_aimed", "check_target"]


class RangedMode(StrEnum):
    """How the target meets a shot (F95 4.4): unaware, dodging, or shooting back; the JSON's values."""

    UNAWARE = "unaware"
    AWARE = "aware"
    SHOOT_BACK = "shoot_back"


_MODES = tuple(RangedMode)
WEAPONS = ("thrown", "propelled")


# --- inputs ------------------------------------------------------------------------------------

_SHOT_KEYS = frozenset({"name", "level", "roll", "faces", "modifiers", "difficulty"})


@dataclass(frozen=True)
class Shot:
    """One side of a ranged exchange: a shooter (with the GM's ``difficulty`` to hit his target)
    or a defender (``difficulty`` unused). ``level`` is the trait rolled (ranged weapon skill, or
    Dodge/Agility); ``modifiers`` hold equipment and the like — never range, cover or light, which
    the difficulty holds (F95 4.4)."""

    name: str
    level: int
    roll: int
    faces: tuple[int, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    difficulty: int | None = None

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "shot", technique: str | None = None) -> Shot:
        """Read and validate one side; a ``roll`` total is read with ``technique`` (4dF if not given)."""
        reject_unknown(data, _SHOT_KEYS, field)
        name = need_name(data.get("name"), f"{field}.name")
        level = ladder.check_trait(ladder.parse(data.get("level"), field=f"{field}.level"), field=f"{field}.level")
        roll, faces = read_roll(data, field, technique=technique)
        mods = read_modifiers(data.get("modifiers"), f"{field}.modifiers")
        return cls(name, level, roll, faces, mods, read_difficulty(data.get("difficulty"), f"{field}.difficulty"))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of :meth:`from_dict`."""
        out: dict[str, Any] = {"name": self.name, "level": self.level}
        if self.faces:
            out["faces"] = list(self.faces)
        else:
            out["roll"] = self.roll
        out["modifiers"] = [m.to_dict() for m in self.modifiers]
        if self.difficulty is not None:
            out["difficulty"] = self.difficulty
        return out

    def result(self, extra: tuple[Modifier, ...] = ()) -> int:
        """Rolled degree: level + modifiers + dice."""
        return self.level + sum(m.amount for m in self.modifiers + extra) + self.roll


def read_difficulty(raw: Any, where: str) -> int | None:
    """The GM's Difficulty Level for a shot (range, light, cover: F95 4.4), or None if not set."""
    return None if raw is None else ladder.check_level(ladder.parse(raw, field=where), field=where, low=-8, high=8)


def read_weapon(raw: Any, where: str) -> str:
    """``"thrown"`` or ``"propelled"`` (F95 4.4: the defender's modifier differs)."""
    if raw not in WEAPONS:
        raise RequestError("weapon must be thrown or propelled.", field=where)
    return str(raw)


def read_burst(raw: Any, where: str) -> int | None:
    """The most rounds an automatic weapon's burst can land (CO autofire), or None: one shot."""
    return None if raw is None else need_int(raw, where, low=1, high=1000)


def check_aimed(shooter: Shot, where: str) -> Shot:
    """The shooter, refused without the GM's Difficulty Level (F95 4.4)."""
    if shooter.difficulty is None:
        raise RequestError("The GM sets a Difficulty Level for the shot (range, light, cover).",
                           field=f"{where}.difficulty")
    return shooter


def check_target(mode: str, shooter: Shot, target: Shot, where: str) -> Shot:
    """An aware target as ``mode`` has him: a Difficulty Level for his return shot, none for a dodge."""
    if mode == "shoot_back" and target.difficulty is None:
        raise RequestError("The GM sets a Difficulty Level for the return shot too.", field=f"{where}.difficulty")
    if mode == "aware" and target.difficulty is not None:
        raise RequestError("A dodging defender has no difficulty; did you mean shoot_back?",
                           field=f"{where}.difficulty")
    if target.name == shooter.name:
        raise RequestError("Shooter and target must differ.", field=f"{where}.name")
    return target


_ATTACK_KEYS = frozenset({"mode", "shooter", "target", "weapon", "burst"})


@dataclass(frozen=True)
class RangedAttack:
    """A declared ranged attack. ``mode``: ``"unaware"`` (no ``target`` roll), ``"aware"``
    (``target`` is the defender's dodge roll), ``"shoot_back"`` (``target`` is the defender's own
    shot, with its difficulty). ``weapon``: ``"thrown"`` or ``"propelled"``. ``burst``: the most
    rounds that can hit from an automatic weapon this round, or None for a single shot."""

    mode: RangedMode
    shooter: Shot
    target: Shot | None = None
    weapon: str = "propelled"
    burst: int | None = None

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "attack", technique: str | None = None) -> RangedAttack:
        """Read and validate an attack; each mode requires exactly the sides it uses. Roll totals
        are read with ``technique`` (the ruleset's ``dice.technique``; 4dF if not given)."""
        reject_unknown(data, _ATTACK_KEYS, field)
        mode = data.get("mode")
        if mode not in _MODES:
            raise RequestError(f"mode must be one of {', '.join(_MODES)}, not {mode!r}.", field=f"{field}.mode")
        shooter = check_aimed(Shot.from_dict(data.get("shooter"), field=f"{field}.shooter", technique=technique),
                              f"{field}.shooter")
        target = None
        if mode == "unaware":
            if data.get("target") is not None:
                raise RequestError("An unaware target makes no roll.", field=f"{field}.target")
        else:
            target = check_target(mode, shooter,
                                  Shot.from_dict(data.get("target"), field=f"{field}.target", technique=technique),
                                  f"{field}.target")
        return cls(RangedMode(mode), shooter, target, read_weapon(data.get("weapon", "propelled"), f"{field}.weapon"),
                   read_burst(data.get("burst"), f"{field}.burst"))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of :meth:`from_dict`."""
        out: dict[str, Any] = {"mode": self.mode, "shooter": self.shooter.to_dict(), "weapon": self.weapon}
        if self.target is not None:
            out["target"] = self.target.to_dict()
        if self.burst is not None:
            out["burst"] = self.burst
        return out
