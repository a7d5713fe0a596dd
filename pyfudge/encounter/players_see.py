"""The GM's choice of what players see of an NPC's sheet (the logged ``players`` event): its parts,
their labels, the words a hidden wound track shows, and which parts of a fighter of a role the
players see (:func:`shown`). The encounter checks the choice; the players' link and view
(:mod:`pyfudge.encounter.players`) apply it, and the GM's view names whom players see whole."""

from __future__ import annotations

from typing import Any

from ..core.errors import RequestError

SEE = ("skills", "weapons", "wounds")
LABELS = {"skills": "skills and traits", "weapons": "weapons and armor", "wounds": "exact wounds"}

# F95 4.51's levels as the players see them across the table: a blow that landed (Scratch, Hurt),
# one that tells (Very Hurt, −2), and a fighter who no longer fights — Incapacitated, Near Death
# and Dead alike (which of them takes a closer look than a fight allows), or knocked out (F95
# 4.62) or down after a failed damage check (CO 4.3).
UNHURT, WOUNDED, BADLY_HURT, DOWN = HURT_WORDS = ("unhurt", "wounded", "badly hurt", "down")

# What the GM's choice of a part means when it is not ticked, for the share screen.
HINTS = {"wounds": "Unticked, players see only " + ", ".join(f"“{w}”" for w in HURT_WORDS[:-1])
         + f" or “{HURT_WORDS[-1]}” (F95 4.51)."}


def shown(role: str, see: tuple[str, ...]) -> tuple[str, ...]:
    """The parts of a fighter of ``role`` the players see under the GM's choice ``see``: all of a
    player character's (he is the players' own), the chosen ones of anyone else's."""
    return SEE if role == "pc" else see


def check_see(value: Any, *, field: str = "see") -> tuple[str, ...]:
    """The parts shown, a list of distinct :data:`SEE` names, in :data:`SEE`'s order."""
    if not isinstance(value, list) or any(not isinstance(v, str) or v not in SEE for v in value) \
            or len(set(value)) != len(value):
        raise RequestError(f"{field} must list some of {', '.join(SEE)}, each once.", field=field)
    return tuple(p for p in SEE if p in value)
