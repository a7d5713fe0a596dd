"""Shields as a Combat Options module (CO 2, Miller 2000). Rule CO-SHIELD.

With ``co.shield`` on, a shield does not make its bearer harder to hit; it absorbs blows:

- CO 2.1: using a shield needs a Shield skill.
- CO 2.2: the combat action is resolved normally; if the shieldman loses, he rolls a *shield
  check* against his Shield skill, and if it is equal to or greater than his opponent's action
  result, the blow strikes the shield, not him. The GM may rule the check lost (an action that
  makes using the shield impossible) or modify it.
- CO 2.3 (optional, ``co.shield_damage``): a shield has damage points and loses them only when it
  absorbs a blow; at half its points the check is at −1; with none left it cannot be used.

In melee the attack pipeline runs the check from the loser's ``FighterDice.shield`` roll and
carries the shield's wear on ``Fighter.shield_state``; with ``co.shield`` on it does not also
subtract the shield's value from the foe's skill (F95 4.31): CO 2 replaces that rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.errors import RequestError, RuleError
from ..core.explain import Step
from ..core.options import Option, need_int, same
from ..rules.actions import Modifier
from .reading import need_bool, need_name, read_modifiers, read_roll, reject_unknown

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet

__all__ = [
    "OPTIONS", "ShieldState", "ShieldCheck", "ShieldOutcome", "AbsorbOutcome",
    "shield_skill_of", "makes_shield_checks", "require_shield_skill", "shield_check", "wear_points", "absorb",
]

GROUP = "Combat Options"

OPTIONS: tuple[Option, ...] = (
    Option(
        "co.shield", "Shield checks (Combat Options 2)", "CO 2", "bool", same(False),
        help="A shieldman who loses a combat action rolls their Shield skill; equal to or better than "
             "the opponent's result, the blow strikes the shield instead.",
        group=GROUP,
    ),
    Option(
        "co.shield_damage", "Shields wear out", "CO 2.3", "bool", same(False),
        help="A shield has damage points, lost only when it absorbs a blow; at half it is −1 to the "
             "shield check, with none left it is useless.",
        group=GROUP,
    ),
    Option(
        "co.shield_wear", "Points a shield loses per blow absorbed", "CO 2.3", "choice", same("damage"),
        help="CO 2.3 describes shields by 'a number of damage points it can absorb' without saying "
             "how many one blow takes: the blow's damage number, or one point per blow.",
        group=GROUP,
        choices=(("damage", "the blow's damage number"), ("one", "one per blow")),
    ),
)


# --- shield state ------------------------------------------------------------------------------

@dataclass(frozen=True)
class ShieldState:
    """A shield and its wear: ``points`` it can absorb in all (None when wear is not tracked) and
    ``taken`` so far (CO 2.3)."""

    name: str = "shield"
    points: int | None = None
    taken: int = 0

    def __post_init__(self) -> None:
        if self.points is not None:
            need_int(self.points, "shield.points", low=1, high=100)
            need_int(self.taken, "shield.taken", low=0, high=self.points)
        elif self.taken:
            raise RequestError("A shield without damage points cannot have taken any.", field="shield.taken")

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "shield") -> ShieldState:
        """Read and validate a shield."""
        reject_unknown(data, {"name", "points", "taken"}, field)
        name = need_name(data.get("name", "shield"), f"{field}.name")
        points = data.get("points")
        if points is not None:
            points = need_int(points, f"{field}.points", low=1, high=100)
        taken = data.get("taken", 0)
        taken = need_int(taken, f"{field}.taken", low=0, high=points if points is not None else 0)
        return cls(name, points, taken)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of :meth:`from_dict`."""
        out: dict[str, Any] = {"name": self.name, "taken": self.taken}
        if self.points is not None:
            out["points"] = self.points
        return out

    @property
    def left(self) -> int | None:
        """Damage points left, or None when wear is not tracked."""
        return None if self.points is None else self.points - self.taken

    @property
    def spent(self) -> bool:
        """CO 2.3: "When the shield's damage points are exhausted, it cannot be used."""
        return self.points is not None and self.taken >= self.points

    @property
    def worn(self) -> bool:
        """CO 2.3: "When a shield reaches half its damage points" (taken at least half)."""
        return self.points is not None and 2 * self.taken >= self.points


# --- the check ---------------------------------------------------------------------------------

_CHECK_KEYS = frozenset({"name", "shield_skill", "roll", "faces", "modifiers", "defender_result",
                         "opponent_result", "shield", "forfeit"})


@dataclass(frozen=True)
class ShieldCheck:
    """A shield check as rolled: the shieldman's ``shield_skill`` (None = he has none), his dice,
    his weapon result (``defender_result``) and the opponent's result, the shield, other
    ``modifiers`` the GM applies, and ``forfeit`` when the GM rules the check lost (CO 2.2)."""

    name: str
    shield_skill: int | None
    roll: int
    opponent_result: int
    defender_result: int
    faces: tuple[int, ...] = ()
    shield: ShieldState = ShieldState()
    modifiers: tuple[Modifier, ...] = ()
    forfeit: bool = False

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "shield_check", technique: str | None = None) -> ShieldCheck:
        """Read and validate a shield check; its roll is read with ``technique`` (the ruleset's
        ``dice.technique``, CO 2.2 "an extra roll"; 4dF if not given)."""
        reject_unknown(data, _CHECK_KEYS, field)
        name = need_name(data.get("name"), f"{field}.name")
        skill = data.get("shield_skill")
        if skill is not None:
            where = f"{field}.shield_skill"
            skill = ladder.check_trait(ladder.parse(skill, field=where), field=where)
        roll, faces = read_roll(data, field, technique=technique)
        opponent = ladder.check_level(ladder.parse(data.get("opponent_result"), field=f"{field}.opponent_result"),
                                      field=f"{field}.opponent_result")
        defender = ladder.check_level(ladder.parse(data.get("defender_result"), field=f"{field}.defender_result"),
                                      field=f"{field}.defender_result")
        shield = ShieldState.from_dict(data.get("shield", {}), field=f"{field}.shield")
        mods = read_modifiers(data.get("modifiers"), f"{field}.modifiers")
        forfeit = need_bool(data.get("forfeit", False), f"{field}.forfeit")
        return cls(name, skill, roll, opponent, defender, faces, shield, mods, forfeit)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of :meth:`from_dict`."""
        out: dict[str, Any] = {"name": self.name, "shield_skill": self.shield_skill,
                               "opponent_result": self.opponent_result,
                               "defender_result": self.defender_result,
                               "shield": self.shield.to_dict(),
                               "modifiers": [m.to_dict() for m in self.modifiers],
                               "forfeit": self.forfeit}
        if self.faces:
            out["faces"] = list(self.faces)
        else:
            out["roll"] = self.roll
        return out


@dataclass(frozen=True)
class ShieldOutcome:
    """The shield check: whether it was needed, its result, whether the blow struck the shield."""

    needed: bool
    result: int | None
    blocked: bool
    modifiers: tuple[Modifier, ...]
    steps: tuple[Step, ...]
    faces: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"needed": self.needed, "result": self.result, "blocked": self.blocked,
                "modifiers": [m.to_dict() for m in self.modifiers],
                "steps": [s.to_dict() for s in self.steps], "faces": list(self.faces)}


def shield_skill_of(fighter: Any) -> int | None:
    """A fighter's Shield skill (CO 2.1): his skill named "Shield" (any case), or None."""
    for name, level in fighter.skills:
        if name.strip().lower() == "shield":
            return level
    return None


def makes_shield_checks(shield: str, rules: RuleSet) -> bool:
    """Does a fighter carrying ``shield`` (a shield kind, ``"none"`` for none) make a shield check
    when he loses an action (CO 2.2, with ``co.shield`` on)? The exchange asks for the roll, and
    the encounter's view offers its entry, by this."""
    return bool(rules["co.shield"]) and shield != "none"


def require_shield_skill(shield_skill: int | None, name: str = "This fighter") -> int:
    """CO 2.1: "To use a shield, a character must have a Shield skill." """
    if shield_skill is None:
        raise RuleError(f"{name} has no Shield skill, so cannot use a shield (Combat Options 2.1).",
                        field="shield_skill")
    return ladder.check_trait(shield_skill, field="shield_skill")


def shield_check(check: ShieldCheck, *, rules: RuleSet) -> ShieldOutcome:
    """Resolve a CO 2.2 shield check for a shieldman who lost a combat action."""
    if not rules["co.shield"]:
        raise RuleError("Shield checks are a Combat Options module that is switched off.", field="co.shield")
    steps: list[Step] = []
    if check.defender_result >= check.opponent_result:
        steps.append(Step("CO 2.2", f"{check.name} did not lose the action: no shield check.", {}))
        return ShieldOutcome(False, None, False, (), tuple(steps))
    skill = require_shield_skill(check.shield_skill, check.name)
    mods = list(check.modifiers)
    if check.forfeit:
        steps.append(Step("CO 2.2", f"The GM rules {check.name}'s action made using the shield "
                          "impossible: the shield check is lost.", {}))
        return ShieldOutcome(True, None, False, tuple(mods), tuple(steps), check.faces)
    if rules["co.shield_damage"] and check.shield.spent:
        steps.append(Step("CO 2.3", f"The {check.shield.name} has no damage points left: it cannot be used.",
                          {"taken": check.shield.taken, "points": check.shield.points}))
        return ShieldOutcome(True, None, False, tuple(mods), tuple(steps), check.faces)
    if rules["co.shield_damage"] and check.shield.worn:
        mods.append(Modifier(f"{check.shield.name} at half its damage points", -1, "CO 2.3"))
    result = skill + sum(m.amount for m in mods) + check.roll
    blocked = result >= check.opponent_result
    steps.append(Step("CO 2.2", f"{check.name} lost the action and makes a shield check: "
                      f"{ladder.name(result)} against the opponent's {ladder.name(check.opponent_result)}"
                      + (" — the blow strikes the shield." if blocked else " — the blow gets through."),
                      {"result": result, "opponent_result": check.opponent_result, "blocked": blocked,
                       "modifiers": sum(m.amount for m in mods)}))
    return ShieldOutcome(True, result, blocked, tuple(mods), tuple(steps), check.faces)


@dataclass(frozen=True)
class AbsorbOutcome:
    """A shield after absorbing a blow (CO 2.3)."""

    shield: ShieldState
    points: int
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"shield": self.shield.to_dict(), "points": self.points,
                "steps": [s.to_dict() for s in self.steps]}


def wear_points(damage_number: int, *, rules: RuleSet) -> int:
    """How many damage points a blow the shield absorbed takes from it (option ``co.shield_wear``)."""
    need_int(damage_number, "damage_number", low=-100, high=100)
    if rules["co.shield_wear"] == "one":
        return 1
    return max(damage_number, 0)


def absorb(shield: ShieldState, points: int, *, rules: RuleSet) -> AbsorbOutcome:
    """Take ``points`` off a shield that absorbed a blow (CO 2.3: "only damaged when they are
    successfully used to absorb a blow"). Wear beyond what is left stops at none left."""
    need_int(points, "points", low=0, high=100)
    if not rules["co.shield_damage"] or shield.points is None:
        return AbsorbOutcome(shield, 0, (Step("CO 2.3", "Shield wear is not tracked.", {}),))
    if shield.spent:
        raise RuleError(f"The {shield.name} has no damage points left and cannot absorb blows.",
                        field="shield")
    taken = min(shield.points, shield.taken + points)
    after = ShieldState(shield.name, shield.points, taken)
    text = f"The {shield.name} absorbs the blow: {taken - shield.taken} of its {shield.points} points lost"
    if after.spent:
        text += "; it is spent and cannot be used"
    elif after.worn and not shield.worn:
        text += "; at half its points, shield checks are now at −1"
    steps = (Step("CO 2.3", text + ".", {"taken": taken, "points": shield.points}),)
    return AbsorbOutcome(after, taken - shield.taken, steps)
