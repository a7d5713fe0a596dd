"""Fudge dice as data (F95 4.1; MUD 4.1; F93 4.2).

Rule functions take the faces; only the edge rolls, with an injected ``random.Random``.
A Fudge die (dF) shows −1, 0 or +1; 4dF is the standard roll, 2dF the GM's group roll
(F95 4.34), 1dF the damage die (F95 4.61).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from .errors import DiceError

FUDGE_FACES = (-1, 0, 1)


@dataclass(frozen=True)
class Roll:
    """Faces of one roll and what they read as. ``entered`` marks physical dice typed in."""

    technique: str
    faces: tuple[int, ...]
    total: int
    entered: bool = False

    def to_dict(self) -> dict:
        return {
            "dice": self.technique,
            "faces": list(self.faces),
            "total": self.total,
            "entered": self.entered,
        }


def check_fudge_faces(faces: object, count: int = 4, *, field: str = "faces") -> tuple[int, ...]:
    """Validate ``count`` Fudge dice faces (each −1, 0 or +1) and return them as a tuple."""
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence):
        raise DiceError(f"{field} must be a list of {count} Fudge dice, not {faces!r}.", field=field)
    if len(faces) != count:
        raise DiceError(
            f"{field} needs {count} Fudge {'die' if count == 1 else 'dice'}, got {len(faces)}.",
            field=field,
        )
    for i, face in enumerate(faces):
        if isinstance(face, bool) or face not in FUDGE_FACES:
            raise DiceError(
                f"{field}[{i}]: a Fudge die shows −, 0 or +, not {face!r}.", field=f"{field}[{i}]"
            )
    return tuple(int(f) for f in faces)


def fudge(faces: object, count: int = 4, *, entered: bool = False, field: str = "faces") -> Roll:
    """Read ``count``dF faces: the total is their sum (F95 4.1)."""
    checked = check_fudge_faces(faces, count, field=field)
    return Roll(f"{count}dF", checked, sum(checked), entered)


def roll_fudge(rng: random.Random, count: int = 4) -> Roll:
    """Roll ``count``dF with the given random source (the edge)."""
    return fudge([rng.choice(FUDGE_FACES) for _ in range(count)], count)
