"""Min-Mid-Max die roll (W-MINMIDMAX): F95 4.63, with the bonus tables F95 lost taken from F95b 4.63.

Roll 3d6 and read the lowest (Min), median (Mid) or highest (Max) die, or Max + Min, or all three,
by a bonus for the damage factor plus a bonus for the relative degree. Grazes use the graze rule
unchanged. ``damage.resolve_damage`` runs it when ``damage.system`` is ``"minmidmax"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.dice import check_d6_faces

# F95b 4.63 bonus tables: rows [least value, bonus] (the GM may edit them as ruleset tables).
MMM_FACTOR_BONUS = [[0, 0], [3, 1], [6, 2]]   # damage factor: <0 −1, 0-2 0, 3-5 +1, 6+ +2
MMM_DEGREE_BONUS = [[2, 0], [4, 1], [6, 2]]   # relative degree: 2-3 0, 4-5 +1, 6+ +2 (1 is a graze)
MMM_READINGS = ("min", "mid", "max", "max+min", "all")  # total bonus 0..4 (F95b 4.63)


def bonus(value: int, table: dict) -> int:
    """A Min-Mid-Max bonus from ``{"below": b, "rows": [[least, bonus], …]}`` (F95b 4.63)."""
    bonus = table["below"]
    for least, row_bonus in table["rows"]:
        if value >= least:
            bonus = row_bonus
    return bonus


def check_d6(faces: Any) -> tuple[int, ...]:
    """The three d6 of a Min-Mid-Max roll, validated (F95 4.63: "This system requires 3d6")."""
    return check_d6_faces(faces, 3, field="damage_die")


def read_minmidmax(faces: Sequence[int], reading: str) -> int:
    """The value 3d6 give for a reading (F95b 4.63): lowest, median (by value), highest, Max+Min,
    or all three added."""
    low, mid, high = sorted(faces)
    return {"min": low, "mid": mid, "max": high, "max+min": high + low, "all": low + mid + high}[reading]


def reading_for(total: int) -> tuple[str, bool]:
    """Which dice a total bonus ≥ 0 reads (F95b 4.63), and whether it ran past the table's end."""
    return MMM_READINGS[min(total, len(MMM_READINGS) - 1)], total >= len(MMM_READINGS)
