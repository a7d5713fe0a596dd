"""What an exchange did, as data: each side's report, each contest, each blow (with its guards)
or shield block, the modifiers carried to the next round, and the :class:`ExchangeOutcome`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..core import ladder
from ..core.dice import Roll
from ..core.errors import RuleError
from ..core.explain import Step
from ..rules import wounds
from ..rules.actions import Modifier
from ..rules.damage import DamageOutcome, Factors
from . import shield as shields
from .fighter import Fighter
from .location import CheckOutcome, LocationOutcome

# --- output ---------------------------------------------------------------------------------

class ExchangeKind(StrEnum):
    """What kind of exchange was resolved; the JSON's values."""

    ROUND = "round"  # simultaneous (F95 4.22)
    STANCES = "stances"  # simultaneous with stances (F95 4.32)
    ATTACK = "attack"  # one attack of alternating turns (F95 4.23)


@dataclass(frozen=True)
class SideReport:
    """One fighter's side of an exchange: his skill, its modifiers, his dice and results.

    ``offence``/``defence`` are his rolled degrees for attacking and defending (equal without a
    stance); ``rolled`` is False when he did not roll (unaware, or an NPC at her trait level:
    ``fixed``); ``critical`` marks a +4 roll.
    """

    name: str
    skill: str
    level: int
    modifiers: tuple[Modifier, ...]
    defence_level: int
    defence_modifiers: tuple[Modifier, ...]
    roll: Roll | None
    dice_total: int
    offence: int | None
    defence: int | None
    active: bool
    fixed: bool
    critical: bool

    @property
    def attack_result(self) -> int:
        """His offence, for a side that strikes: only a fighter who fights this round does."""
        if self.offence is None:
            raise RuleError(f"{self.name} cannot fight this round.", field=self.name)
        return self.offence

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field; results also as ladder names."""
        return {
            "name": self.name, "skill": self.skill, "level": self.level,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "defence_level": self.defence_level,
            "defence_modifiers": [m.to_dict() for m in self.defence_modifiers],
            "roll": None if self.roll is None else self.roll.to_dict(),
            "dice_total": self.dice_total,
            "offence": self.offence, "offence_name": None if self.offence is None else ladder.name(self.offence),
            "defence": self.defence, "defence_name": None if self.defence is None else ladder.name(self.defence),
            "active": self.active, "fixed": self.fixed, "critical": self.critical,
        }


@dataclass(frozen=True)
class Contest:
    """One comparison of an exchange: ``attacker``'s blow at ``defender``.

    ``result`` is ``"stand-off"`` (relative degree 0), ``"miss"`` (lost, or won without reaching
    the minimum or without the right to harm, or a called shot that missed by more than 1, MUD
    4.35), ``"blocked"`` (the blow struck the shield, CO 2.2), ``"graze"`` or ``"hit"``.
    """

    attacker: str
    defender: str
    relative_degree: int
    minimum: int
    result: str
    tie_won: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field by name."""
        return {"attacker": self.attacker, "defender": self.defender,
                "relative_degree": self.relative_degree, "minimum": self.minimum,
                "minimum_name": ladder.name(self.minimum), "result": self.result, "tie_won": self.tie_won}


@dataclass(frozen=True)
class Guard:
    """One guard a wound passed through: ``name`` (``"pulled punch"``, ``"PC death"``, ``"points"``),
    the wound level ``before`` and ``after`` it."""

    name: str
    before: int
    after: int

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"name", "before", "after"}`` plus the levels' names."""
        return {"name": self.name, "before": self.before, "after": self.after,
                "before_name": wounds.LEVEL_NAMES[self.before], "after_name": wounds.LEVEL_NAMES[self.after]}


@dataclass(frozen=True)
class Blow:
    """One blow that landed and what it did.

    ``odf``/``ddf``: the damage factors; ``damage``: the damage outcome (number, level, graze,
    damage-die effect, graze cap); ``level``: the wound after every guard; ``guards``: the level
    before and after each guard (pulled punch, PC death, Fudge/Meta Points, Willpower);
    ``stun``: a stunning blow (recorded as a stun); ``record``: the box marked (CO 3: the damage
    points filled); ``location``: the body part aimed at, if any, and ``on_target`` whether it was
    hit there (F95 4.31, 4.35; MUD 4.35); ``called``: the called shot's outcome under a hit-location
    system (MUD 4.35: the part's state and the table's effect, for the GM's check);
    ``damage_check``: the defender's damage check after the wound (CO 4.3); ``head_blow``: an
    automatic knockout check for a blow to the head (F95 4.62); ``location_check``: the defender's
    Willpower/Constitution check after a part was hit under MUD 4.35's table (and with
    ``location.table_wound`` the wound it set).
    """

    attacker: str
    defender: str
    relative_degree: int
    odf: Factors
    ddf: Factors
    damage: DamageOutcome
    level: int
    stun: bool
    points_spent: int
    record: wounds.RecordOutcome
    location: str | None = None
    on_target: bool | None = None
    guards: tuple[Guard, ...] = ()
    steps: tuple[Step, ...] = field(default=(), compare=False)
    called: LocationOutcome | None = None
    damage_check: wounds.DamageCheckOutcome | None = None
    head_blow: wounds.RecordOutcome | None = None
    location_check: CheckOutcome | None = None

    @property
    def graze(self) -> bool:
        """Was this a graze (relative degree +1)?"""
        return self.damage.graze

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field; nested outcomes as their dicts."""
        return {
            "attacker": self.attacker, "defender": self.defender,
            "relative_degree": self.relative_degree, "odf": self.odf.to_dict(), "ddf": self.ddf.to_dict(),
            "damage": self.damage.to_dict(), "level": self.level,
            "level_name": wounds.LEVEL_NAMES[self.level], "graze": self.graze, "stun": self.stun,
            "points_spent": self.points_spent, "record": self.record.to_dict(),
            "location": self.location, "on_target": self.on_target,
            "guards": [g.to_dict() for g in self.guards],
            "steps": [s.to_dict() for s in self.steps],
            "called": None if self.called is None else self.called.to_dict(),
            "damage_check": None if self.damage_check is None else self.damage_check.to_dict(),
            "head_blow": None if self.head_blow is None else self.head_blow.to_dict(),
            "location_check": None if self.location_check is None else self.location_check.to_dict(),
        }


@dataclass(frozen=True)
class Block:
    """A blow that struck the shield instead of the fighter (CO 2.2): the shield check and, with
    ``co.shield_damage``, the wear the shield took (CO 2.3)."""

    attacker: str
    defender: str
    check: shields.ShieldOutcome
    wear: shields.AbsorbOutcome | None = None
    steps: tuple[Step, ...] = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"attacker", "defender", "check", "wear" (or null), "steps"}``."""
        return {"attacker": self.attacker, "defender": self.defender, "check": self.check.to_dict(),
                "wear": None if self.wear is None else self.wear.to_dict(),
                "steps": [s.to_dict() for s in self.steps]}


@dataclass(frozen=True)
class Carry:
    """A modifier an exchange leaves for the next one (F95 4.31 scouting, F95 4.23 all-out).

    ``to`` names the fighter; ``scope`` is ``"all"`` or ``"defence"``; ``no_defence`` means he
    cannot defend at all on his opponent's next turn.
    """

    to: str
    modifier: Modifier | None
    scope: str = "all"
    no_defence: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"to", "modifier" (or null), "scope", "no_defence"}``."""
        return {"to": self.to, "modifier": None if self.modifier is None else self.modifier.to_dict(),
                "scope": self.scope, "no_defence": self.no_defence}


@dataclass(frozen=True)
class ExchangeOutcome:
    """Everything one exchange did.

    ``kind``: ``"round"`` (simultaneous), ``"stances"`` (simultaneous with stances) or
    ``"attack"`` (one alternating attack). ``sides``: both fighters' skills, modifiers, dice and
    results. ``contests``: each comparison (one for a plain round or an attack, two with
    stances). ``blows``: the blows that landed, in order. ``fighters``: both fighters after the
    exchange (new wound tracks, Fudge Points spent, shields worn). ``carry``: modifiers for the
    next round. ``blocks``: blows a shield absorbed (CO 2.2).
    """

    kind: ExchangeKind
    round: int
    sides: tuple[SideReport, SideReport]
    contests: tuple[Contest, ...]
    blows: tuple[Blow, ...]
    fighters: tuple[Fighter, Fighter]
    carry: tuple[Carry, ...] = ()
    steps: tuple[Step, ...] = field(default=(), compare=False)
    blocks: tuple[Block, ...] = ()

    @property
    def result(self) -> str:
        """The exchange in a word: the worst that happened (hit > graze > blocked > miss >
        stand-off; "blocked": the blow struck a shield, CO 2.2)."""
        order = ("stand-off", "miss", "blocked", "graze", "hit")
        return max((c.result for c in self.contests), key=order.index, default="stand-off")

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field plus ``result``; fighters as ``Fighter.to_dict()``."""
        return {
            "kind": self.kind, "round": self.round, "result": self.result,
            "sides": [s.to_dict() for s in self.sides],
            "contests": [c.to_dict() for c in self.contests],
            "blows": [b.to_dict() for b in self.blows],
            "fighters": [f.to_dict() for f in self.fighters],
            "carry": [c.to_dict() for c in self.carry],
            "blocks": [b.to_dict() for b in self.blocks],
            "steps": [s.to_dict() for s in self.steps],
        }


