"""Who acts first, and who is faster: initiative in alternating turns (F95 4.23) and the Speed
contest and speed Power of F95 4.36 (M-ALTERNATING, M-FANCY) — as numbers, and for two fighters
with their declarations and dice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.dice import Roll
from ..core.errors import DiceError, FudgeError, RuleError
from ..core.explain import Step
from ..rules.actions import Modifier
from .declaration import NO_DECLARATION, Declaration, FighterDice, dice_total
from .fighter import Fighter
from .melee import hasty_modifiers, total

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet


@dataclass(frozen=True)
class Initiative:
    """Who acts first in an alternating round (F95 4.23). ``first`` is ``"a"``, ``"b"`` or None (a
    tie: roll again)."""

    first: str | None
    a_result: int
    b_result: int
    a_modifiers: tuple[Modifier, ...]
    b_modifiers: tuple[Modifier, ...]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: first, both results, both modifier lists, steps."""
        return {
            "first": self.first,
            "a_result": self.a_result,
            "b_result": self.b_result,
            "a_modifiers": [m.to_dict() for m in self.a_modifiers],
            "b_modifiers": [m.to_dict() for m in self.b_modifiers],
            "steps": [s.to_dict() for s in self.steps],
        }


def decide_initiative(
    a_level: int,
    b_level: int,
    a_dice: int,
    b_dice: int,
    *,
    a_modifiers: tuple[Modifier, ...] = (),
    b_modifiers: tuple[Modifier, ...] = (),
    surprise: str | None = None,
) -> Initiative:
    """Initiative as an opposed roll (F95 4.23).

    Levels are the fighters' Initiative trait (Reflexes, Speed…) or Fair for a situational roll;
    modifiers carry Combat Reflexes (+1), a surprise bonus, a hasty attack (+1). ``surprise``
    ``"a"`` or ``"b"`` gives that side automatic initiative ("Surprise may ... give automatic
    initiative"). ``a_dice``/``b_dice`` are the dice totals.
    """
    a_result = ladder.check_level(a_level, field="a.initiative") + a_dice + total(a_modifiers)
    b_result = ladder.check_level(b_level, field="b.initiative") + b_dice + total(b_modifiers)
    if surprise is not None:
        if surprise not in ("a", "b"):
            raise FudgeError("surprise names the side that surprised, a or b.", field="surprise")
        step = Step("F95 4.23", f"Surprise gives side {surprise} the initiative.", {"first": surprise})
        return Initiative(surprise, a_result, b_result, tuple(a_modifiers), tuple(b_modifiers), (step,))
    first = "a" if a_result > b_result else ("b" if b_result > a_result else None)
    text = (
        f"Initiative {ladder.name(a_result)} against {ladder.name(b_result)}: "
        + (f"side {first} attacks first." if first else "a tie, roll again.")
    )
    step = Step("F95 4.23", text, {"a_result": a_result, "b_result": b_result, "first": first})
    return Initiative(first, a_result, b_result, tuple(a_modifiers), tuple(b_modifiers), (step,))


def initiative_needed(round_number: int, *, rules: RuleSet) -> bool:
    """F95 4.23: "Initiative can be rolled once for each battle or once each round" — is an
    initiative roll due at the start of ``round_number`` (``melee.initiative``)?"""
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise FudgeError("round must be a whole number from 1.", field="round")
    return round_number == 1 or rules["melee.initiative"] == "round"


def speed_contest(a_result: int, b_result: int, *, rules: RuleSet) -> tuple[Modifier | None, Modifier | None, Step]:
    """F95 4.36: an opposed Speed roll; "The winner ... adds the difference to his weapon skill."

    Takes both rolled Speed results; returns the modifier for a and for b (one is None).
    """
    if not rules["melee.speed_contest"]:
        raise RuleError("The speed contest is not used under these rules.", field="speed")
    diff = a_result - b_result
    if diff == 0:
        return None, None, Step("F95 4.36", "The Speed contest is a tie: no bonus.", {"difference": 0})
    mod = Modifier("won the Speed contest", abs(diff), "F95 4.36")
    step = Step("F95 4.36", f"Speed contest won by {abs(diff)}: +{abs(diff)} to weapon skill.",
                {"difference": diff})
    return (mod, None, step) if diff > 0 else (None, mod, step)


def speed_power_free_round(round_number: int) -> bool:
    """F95 4.36: a fighter sped up by a Power attacks "every other round as if his opponent
    wasn't aware": True on the rounds (2, 4, …) when his blow is unopposed vs Poor."""
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise FudgeError("round must be a whole number from 1.", field="round")
    return round_number % 2 == 0


# Ten keywords: both fighters' dice, declarations and extra modifiers, and a surprise, as the door gives them.
def resolve_initiative(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_dice: FighterDice | None = None,
    b_dice: FighterDice | None = None,
    a_declares: Declaration = NO_DECLARATION,
    b_declares: Declaration = NO_DECLARATION,
    surprise: str | None = None,
    a_modifiers: tuple[Modifier, ...] = (),
    b_modifiers: tuple[Modifier, ...] = (),
) -> Initiative:
    """Who attacks first in alternating turns (F95 4.23): an opposed Initiative roll (Fair
    situational without an Initiative trait), Combat Reflexes +1, a hasty attack +1, wound
    penalties; ``a_modifiers``/``b_modifiers`` add others ("Surprise may grant a bonus to the
    roll"); ``surprise`` ``"a"`` or ``"b"`` gives that side the initiative outright."""
    if surprise is None:
        for who, d in (("a", a_dice), ("b", b_dice)):
            if d is None or d.roll is None:
                raise DiceError("Both fighters roll for initiative.", field=f"{who}_dice.roll")
    mods: list[list[Modifier]] = [[], []]
    for i, (me, decl) in enumerate(((a, a_declares), (b, b_declares))):
        if me.combat_reflexes:
            mods[i].append(Modifier("Combat Reflexes", 1, "F95 4.23"))
        if decl.hasty:
            mods[i].append(hasty_modifiers()[0])
        if me.current_penalty(rules):
            mods[i].append(Modifier("wounds", me.current_penalty(rules), "F95 4.31"))
        mods[i].extend((a_modifiers, b_modifiers)[i])
    return decide_initiative(
        ladder.FAIR if a.initiative is None else a.initiative,
        ladder.FAIR if b.initiative is None else b.initiative,
        dice_total(a_dice) if a_dice else 0, dice_total(b_dice) if b_dice else 0,
        a_modifiers=tuple(mods[0]), b_modifiers=tuple(mods[1]), surprise=surprise,
    )


def resolve_speed_contest(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_dice: FighterDice,
    b_dice: FighterDice,
) -> tuple[Modifier | None, Modifier | None, Step]:
    """F95 4.36: "each fighter makes a roll against a Speed trait. The winner of the Opposed
    action, if any, adds the difference to his weapon skill." Speed defaults to Fair. Returns the
    modifier for ``a`` and for ``b`` (put it in that fighter's declared ``modifiers``)."""
    ra, rb = (_speed_result(f, None if d is None else d.roll, rules, f"{who}_dice.roll", "Both fighters roll Speed.")
              for who, f, d in (("a", a, a_dice), ("b", b, b_dice)))
    return speed_contest(ra, rb, rules=rules)


def _speed_result(me: Fighter, roll: Roll | None, rules: RuleSet, where: str, missing: str) -> int:
    """His Speed (Fair by default) plus his roll and his wound penalty (F95 4.36)."""
    if roll is None:
        raise DiceError(missing, field=where)
    return (ladder.FAIR if me.speed is None else me.speed) + roll.total + me.current_penalty(rules)


def speed_contest_declarations(a: Fighter, b: Fighter, a_dice: FighterDice, b_dice: FighterDice,
                               a_decl: Declaration, b_decl: Declaration,
                               rules: RuleSet) -> tuple[Declaration, Declaration, list[Step]]:
    """F95 4.36: "after declaring their actions, each fighter makes a roll against a Speed trait.
    The winner of the Opposed action, if any, adds the difference to his weapon skill" — when both
    fighters give ``speed`` dice (neither: no contest). The winner's bonus joins his declared
    ``modifiers``; returns both declarations and the contest's steps."""
    if a_dice.speed is None and b_dice.speed is None:
        return a_decl, b_decl, []
    if not rules["melee.speed_contest"]:
        raise RuleError("The Speed contest (F95 4.36) is not used under these rules.",
                        field="a_dice.speed" if a_dice.speed is not None else "b_dice.speed")
    ra, rb = (_speed_result(f, d.speed, rules, f"{who}_dice.speed", "Both fighters roll Speed (F95 4.36).")
              for who, f, d in (("a", a, a_dice), ("b", b, b_dice)))
    ma, mb, step = resolve_speed_contest(a, b, rules=rules, a_dice=FighterDice(a_dice.speed),
                                         b_dice=FighterDice(b_dice.speed))
    head = Step("F95 4.36", f"Speed contest: {a.name} {ladder.name(ra)} against {b.name} {ladder.name(rb)}.",
                {"a_result": ra, "b_result": rb})
    a_decl, b_decl = (d if m is None else replace(d, modifiers=d.modifiers + (m,))
                      for d, m in ((a_decl, ma), (b_decl, mb)))
    return a_decl, b_decl, [head, step]
