"""What a group melee round did (F95 4.34, MUD 4.34, F93 4.64): each foe's fate and the round's
outcome, as :func:`.multi.resolve_melee_group` returns it and :mod:`.group_blows` lands it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import ladder
from ..core.explain import Step
from ..rules.actions import Modifier


@dataclass(frozen=True)
class FoeResult:
    """How one foe fared against the lone fighter this round.

    ``relative_degree`` is the lone fighter's result against this foe (less the foe's shield,
    F95 4.31) minus this foe's. ``hits_lone``: this foe wounds the lone fighter, with
    ``hit_degree`` (the relative degree its damage uses; 0 for a tie an all-out attacker lost,
    F95 4.31, which lands as the narrowest win, as ``strike_degree`` 0 does).
    ``can_be_wounded``: the lone fighter may choose to wound this foe; ``struck``: he did, with
    ``strike_degree`` and ``damage_modifier`` (sweeping blow: less damage per foe cut through).
    """

    name: str
    result: int
    relative_degree: int
    ignored: bool
    hits_lone: bool
    hit_degree: int | None
    can_be_wounded: bool
    struck: bool = False
    strike_degree: int | None = None
    damage_modifier: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: all ints, bools, strings or None."""
        return {
            "name": self.name, "result": self.result, "result_name": ladder.name(self.result),
            "relative_degree": self.relative_degree, "ignored": self.ignored,
            "hits_lone": self.hits_lone, "hit_degree": self.hit_degree,
            "can_be_wounded": self.can_be_wounded, "struck": self.struck,
            "strike_degree": self.strike_degree, "damage_modifier": self.damage_modifier,
        }


@dataclass(frozen=True)
class GroupOutcome:
    """A group melee round: the lone fighter's result and modifiers, each foe's fate, the steps.

    ``hits_on_lone`` lists (foe name, relative degree) for every blow that lands on the lone
    fighter — the pipeline resolves each as its own wound (F95 4.34: "takes multiple wounds").
    ``strikes`` lists (foe name, relative degree, damage modifier) for the lone fighter's blows.
    """

    lone_name: str
    lone_result: int
    lone_modifiers: tuple[Modifier, ...]
    foes: tuple[FoeResult, ...]
    wound_choices: tuple[str, ...]
    steps: tuple[Step, ...]
    faces: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # The dice total each fighter's result read, by name (none for a foe at his trait level or
    # by 1d6): what F95 4.61's even/odd damage reads.
    rolls: dict[str, int] = field(default_factory=dict)

    @property
    def hits_on_lone(self) -> tuple[tuple[str, int], ...]:
        """(foe, relative degree) of each blow that lands on the lone fighter."""
        return tuple((f.name, f.hit_degree) for f in self.foes if f.hits_lone and f.hit_degree is not None)

    @property
    def strikes(self) -> tuple[tuple[str, int, int], ...]:
        """(foe, relative degree, damage modifier) of each blow the lone fighter lands, in the
        order a sweeping blow cuts through them."""
        struck = [(f.name, f.strike_degree, f.damage_modifier) for f in self.foes
                  if f.struck and f.strike_degree is not None]
        struck.sort(key=lambda s: -s[2])
        return tuple(struck)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready outcome."""
        return {
            "lone": {"name": self.lone_name, "result": self.lone_result,
                     "result_name": ladder.name(self.lone_result),
                     "modifiers": [m.to_dict() for m in self.lone_modifiers]},
            "foes": [f.to_dict() for f in self.foes],
            "wound_choices": list(self.wound_choices),
            "hits_on_lone": [list(h) for h in self.hits_on_lone],
            "strikes": [list(s) for s in self.strikes],
            "steps": [s.to_dict() for s in self.steps],
            "faces": {k: list(v) for k, v in self.faces.items()},
        }
