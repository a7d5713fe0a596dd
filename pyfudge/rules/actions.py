"""Action resolution: trait rolls, unopposed and opposed actions, modifiers.

F93 4.1–4.5. A trait roll reads as a *rolled degree*: the trait level, moved by its modifiers,
plus the dice total. An unopposed action succeeds when the rolled degree meets the GM's
difficulty; an opposed action compares two rolled degrees into a *relative degree*. Every outcome
keeps the rolls it used and explains itself in ``steps``. The NPC's 1d6 shortcut is
:mod:`pyfudge.npc_roll`; story elements (a fight in one roll, or three) :mod:`pyfudge.rules.story_elements`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core import ladder
from ..core.dice import Roll
from ..core.errors import DiceError, LadderError, RequestError, RuleError
from ..core.explain import Step

# F93 4.3: "+/-3 is the maximum that should ever be granted except under *extreme* conditions."
MODIFIER_GUIDELINE = 3


# --- modifiers ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Modifier:
    """One modifier to a trait or roll: where it comes from, how much, and the rule behind it.

    ``amount`` is in ladder steps (+1 = one level better). Combat reuses it for wound penalties,
    shields, stances, multiple foes… (F93 4.3).
    """

    source: str
    amount: int
    section: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"source": str, "amount": int, "section": str}``."""
        return {"source": self.source, "amount": self.amount, "section": self.section}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "modifier") -> Modifier:
        """Read a modifier from JSON, validating every field."""
        if not isinstance(data, dict):
            raise RequestError(f"{field} must be an object with source and amount.", field=field)
        extra = set(data) - {"source", "amount", "section"}
        if extra:
            raise RequestError(f"{field}: unknown field {sorted(extra)[0]!r}.", field=field)
        source = data.get("source")
        if not isinstance(source, str) or not source.strip() or len(source) > 80:
            raise RequestError(
                f"{field}.source must be a short description (1 to 80 characters).",
                field=f"{field}.source",
            )
        amount = data.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or not -10 <= amount <= 10:
            raise LadderError(
                f"{field}.amount must be a whole number from -10 to 10, not {amount!r}.",
                field=f"{field}.amount",
            )
        section = data.get("section", "")
        if not isinstance(section, str) or len(section) > 40:
            raise RequestError(f"{field}.section must be a short text.", field=f"{field}.section")
        return cls(source, amount, section)


def modifiers_from_list(data: Any, *, field: str = "modifiers") -> tuple[Modifier, ...]:
    """Read a JSON list of modifiers (at most 20)."""
    if not isinstance(data, list) or len(data) > 20:
        raise RequestError(f"{field} must be a list of at most 20 modifiers.", field=field)
    return tuple(Modifier.from_dict(m, field=f"{field}[{i}]") for i, m in enumerate(data))


def secondary_trait(level: int, *, source: str = "secondary trait") -> Modifier | None:
    """F93 4.3: a secondary trait that contributes significantly may give +1 if it is Good or
    better (the GM decides whether it contributes). ``None`` when it is too low to help."""
    ladder.check_trait(level, field="secondary")
    if level < ladder.GOOD:
        return None
    return Modifier(f"{source} ({ladder.name(level, legendary=True)})", 1, "F93 4.3")


def untrained_default(*, high_attribute: bool = False) -> int:
    """F93 4.4: an untrained skill defaults to Poor; Mediocre if a high attribute logically helps."""
    return ladder.MEDIOCRE if high_attribute else ladder.POOR


def apply_modifiers(
    level: int, modifiers: Iterable[Modifier], *, field: str = "modifiers"
) -> tuple[int, tuple[Step, ...]]:
    """F93 4.3: each modifier moves the trait for the matter at hand. Returns the modified level
    and the steps; a net modifier beyond ±3 gets a warning step (a guideline, never a clamp)."""
    steps: list[Step] = []
    total = 0
    for i, mod in enumerate(modifiers):
        if not isinstance(mod, Modifier):
            raise RequestError(f"{field}[{i}] is not a modifier.", field=f"{field}[{i}]")
        total += mod.amount
        steps.append(Step(mod.section or "F93 4.3", f"{mod.source}: {signed(mod.amount)}.",
                          {"source": mod.source, "amount": mod.amount}))
    if abs(total) > MODIFIER_GUIDELINE:
        steps.append(Step(
            "F93 4.3",
            f"Net modifier {signed(total)}: beyond ±{MODIFIER_GUIDELINE}, the most that should be "
            "granted except under extreme conditions.",
            {"net": total, "guideline": MODIFIER_GUIDELINE, "warning": True},
        ))
    modified = ladder.check_level(level + total, field=field)
    return modified, tuple(steps)


# --- what is rolled -------------------------------------------------------------------------

@dataclass(frozen=True)
class Check:
    """What a character rolls against: a trait level and its modifiers (input).

    ``trait`` is ``None`` for an untrained skill, which defaults to Poor, or Mediocre when a high
    attribute helps (``high_attribute``; F93 4.4).
    """

    trait: int | None = ladder.FAIR
    modifiers: tuple[Modifier, ...] = ()
    high_attribute: bool = False

    def __post_init__(self) -> None:
        if self.trait is not None:
            ladder.check_trait(self.trait, field="trait")
        object.__setattr__(self, "modifiers", tuple(self.modifiers))

    def base(self) -> tuple[int, tuple[Step, ...]]:
        """The trait level before modifiers, with the default step for an untrained skill."""
        if self.trait is not None:
            return self.trait, ()
        level = untrained_default(high_attribute=self.high_attribute)
        why = "a high attribute helps, so the default is" if self.high_attribute else "default"
        return level, (Step("F93 4.4", f"Untrained skill: {why} {ladder.name(level)}.",
                            {"default": level, "high_attribute": self.high_attribute}),)

    def level(self) -> int:
        """The trait level after defaults and modifiers."""
        return apply_modifiers(self.base()[0], self.modifiers)[0]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"trait": int|null, "modifiers": [Modifier…], "high_attribute": bool}``."""
        return {
            "trait": self.trait,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "high_attribute": self.high_attribute,
        }

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "check") -> Check:
        """Read a check from JSON; ``trait`` may be a number, a ladder name, or null (untrained)."""
        if isinstance(data, (int, str)) and not isinstance(data, bool):
            return cls(ladder.check_trait(ladder.parse(data, field=field), field=field))
        if not isinstance(data, dict):
            raise RequestError(f"{field} must be a trait level or an object with trait.", field=field)
        extra = set(data) - {"trait", "modifiers", "high_attribute"}
        if extra:
            raise RequestError(f"{field}: unknown field {sorted(extra)[0]!r}.", field=field)
        trait = data.get("trait", ladder.FAIR)
        if trait is not None:
            trait = ladder.check_trait(ladder.parse(trait, field=f"{field}.trait"), field=f"{field}.trait")
        high = data.get("high_attribute", False)
        if not isinstance(high, bool):
            raise RequestError(f"{field}.high_attribute must be true or false.",
                               field=f"{field}.high_attribute")
        if high and trait is not None:
            raise RuleError(f"{field}.high_attribute only applies to an untrained skill (trait null).",
                            field=f"{field}.high_attribute")
        mods = modifiers_from_list(data.get("modifiers", []), field=f"{field}.modifiers")
        return cls(trait, mods, high)


def as_check(check: Check | int | None, *, field: str = "check") -> Check:
    """Accept a :class:`Check`, a bare trait level, or ``None`` (untrained)."""
    if isinstance(check, Check):
        return check
    if check is None or (isinstance(check, int) and not isinstance(check, bool)):
        return Check(ladder.check_trait(check, field=field) if check is not None else None)
    raise RequestError(f"{field} must be a trait level, not {check!r}.", field=field)


def level_fields(trait: int, modifiers: tuple[Modifier, ...], level: int) -> dict[str, Any]:
    """The JSON fields a roll against a trait begins with: the trait, its modifiers and the level
    rolled against (a trait roll's, a story element's)."""
    return {"trait": trait, "trait_name": ladder.name(trait, legendary=True),
            "modifiers": [m.to_dict() for m in modifiers], "level": level, "level_name": ladder.name(level)}


@dataclass(frozen=True)
class TraitRoll:
    """One trait roll read: the level rolled against (after modifiers), the dice, the rolled degree."""

    trait: int
    modifiers: tuple[Modifier, ...]
    level: int
    roll: Roll
    result: int
    steps: tuple[Step, ...]

    def announce(self) -> str:
        """How a player calls it out: trait level and dice, "Great +2" (F93 4.21)."""
        return announce(self.level, self.roll.total)

    def to_dict(self) -> dict[str, Any]:
        return {
            **level_fields(self.trait, self.modifiers, self.level),
            "roll": self.roll.to_dict(),
            "result": self.result,
            "result_name": ladder.name(self.result),
            "announced": self.announce(),
            "steps": [s.to_dict() for s in self.steps],
        }


def announce(level: int, total: int) -> str:
    """F93 4.21: "He simply announces 'Great +2' as the result" — level name and dice total."""
    base = ladder.name(level)
    return base if total == 0 else f"{base} {signed(total)}"


def trait_roll(check: Check | int | None, roll: Roll, *, field: str = "check") -> TraitRoll:
    """Read a roll against a trait: rolled degree = trait + modifiers + dice (F93 4.21, 4.3)."""
    check = as_check(check, field=field)
    need_roll(roll, field="roll")
    base, steps = check.base()
    level, mod_steps = apply_modifiers(base, check.modifiers, field=f"{field}.modifiers")
    result = ladder.check_level(level + roll.total, field="roll")
    read = Step(
        "F93 4.21",
        f"{ladder.name(level)}, {signed(roll.total) if roll.total else '+0'} on the dice: "
        f"a {ladder.name(result)} result.",
        {"level": level, "dice": roll.total, "result": result},
    )
    return TraitRoll(base, check.modifiers, level, roll,
                     result, steps + mod_steps + roll.steps + (read,))


def situational(roll: Roll) -> TraitRoll:
    """F93 4.1: a roll on no trait — "a result of 0 means a Fair result, +1 a Good result"."""
    need_roll(roll, field="roll")
    out = trait_roll(Check(ladder.FAIR), roll)
    step = Step("F93 4.1", f"Situational roll: {signed(roll.total)} reads as {ladder.name(out.result)}.",
                {"dice": roll.total, "result": out.result})
    return TraitRoll(out.trait, (), out.level, roll, out.result, roll.steps + (step,))


# --- unopposed actions ----------------------------------------------------------------------

@dataclass(frozen=True)
class Unopposed:
    """An unopposed action: success iff the rolled degree is at least the difficulty (F93 4.4)."""

    check: TraitRoll
    difficulty: int
    success: bool
    margin: int  # rolled degree − difficulty: 0 just made it, −1 "only slightly below"
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "check": self.check.to_dict(),
            "difficulty": self.difficulty,
            "difficulty_name": ladder.name(self.difficulty),
            "success": self.success,
            "margin": self.margin,
            "steps": [s.to_dict() for s in self.steps],
        }


def unopposed(check: Check | int | None, roll: Roll, *, difficulty: int) -> Unopposed:
    """F93 4.4: roll against the trait and "match or surpass the Difficulty Level"."""
    difficulty = ladder.check_level(difficulty, field="difficulty")
    tr = trait_roll(check, roll)
    steps = list(tr.steps)
    if difficulty <= ladder.TERRIBLE:
        # F93 4.1 "Below Terrible": such a task "should be automatic for most characters".
        steps.append(Step("F93 4.1", "A Terrible or lower difficulty is automatic for most "
                          "characters: no roll needed.", {"difficulty": difficulty, "warning": True}))
    margin = tr.result - difficulty
    success = margin >= 0
    verdict = "success" if success else "failure"
    steps.append(Step(
        "F93 4.4",
        f"{ladder.name(tr.result)} against difficulty {ladder.name(difficulty)}: {verdict} "
        f"by {abs(margin)} level{'s' if abs(margin) != 1 else ''}." if margin else
        f"{ladder.name(tr.result)} matches difficulty {ladder.name(difficulty)}: success.",
        {"result": tr.result, "difficulty": difficulty, "margin": margin, "success": success},
    ))
    return Unopposed(tr, difficulty, success, margin, tuple(steps))


# --- opposed actions ------------------------------------------------------------------------

@dataclass(frozen=True)
class Contest:
    """Two rolled degrees compared (F93 4.5). ``relative`` is A's relative degree (A − B);
    ``winner`` is ``"a"``, ``"b"`` or ``None`` (status quo: a tie, or the winner below the
    minimum level needed for success)."""

    result_a: int
    result_b: int
    relative: int
    winner: str | None
    minimum_a: int | None
    minimum_b: int | None
    steps: tuple[Step, ...]

    @property
    def status_quo(self) -> bool:
        """Nothing changes: nobody won."""
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "result_a": self.result_a,
            "result_b": self.result_b,
            "relative": self.relative,
            "winner": self.winner,
            "status_quo": self.status_quo,
            "minimum_a": self.minimum_a,
            "minimum_b": self.minimum_b,
            "steps": [s.to_dict() for s in self.steps],
        }


def compare(
    result_a: int, result_b: int, *, minimum_a: int | None = None, minimum_b: int | None = None
) -> Contest:
    """F93 4.5: the relative degree of two rolled degrees; 0 keeps the status quo. A side that
    "wins" below its minimum level needed for success does not succeed (the telepath's Mediocre
    fails against a Poor resistance when Fair is needed)."""
    result_a = ladder.check_level(result_a, field="result_a")
    result_b = ladder.check_level(result_b, field="result_b")
    if minimum_a is not None:
        minimum_a = ladder.check_level(minimum_a, field="minimum_a")
    if minimum_b is not None:
        minimum_b = ladder.check_level(minimum_b, field="minimum_b")
    relative = result_a - result_b
    steps = [Step("F93 4.5", f"{ladder.name(result_a)} against {ladder.name(result_b)}: relative "
                  f"degree {signed(relative)}.", {"result_a": result_a, "result_b": result_b,
                                                   "relative": relative})]
    winner: str | None = None
    if relative == 0:
        steps.append(Step("F93 4.5", "A relative degree of 0: the status quo is maintained.",
                          {"relative": 0}))
    else:
        side, result, minimum = ("a", result_a, minimum_a) if relative > 0 else ("b", result_b, minimum_b)
        if minimum is not None and result < minimum:
            steps.append(Step(
                "F93 4.5",
                f"{side.upper()} wins the roll but {ladder.name(result)} is below the "
                f"{ladder.name(minimum)} needed for success: the attempt fails, status quo.",
                {"side": side, "result": result, "minimum": minimum},
            ))
        else:
            winner = side
            steps.append(Step("F93 4.5", f"{side.upper()} wins by {abs(relative)}.",
                              {"winner": side, "by": abs(relative)}))
    return Contest(result_a, result_b, relative, winner, minimum_a, minimum_b, tuple(steps))


@dataclass(frozen=True)
class Opposed:
    """An opposed action: both sides' trait rolls and their comparison (F93 4.5)."""

    a: TraitRoll
    b: TraitRoll
    contest: Contest
    steps: tuple[Step, ...]

    @property
    def relative(self) -> int:
        """A's relative degree."""
        return self.contest.relative

    @property
    def winner(self) -> str | None:
        return self.contest.winner

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            **{k: v for k, v in self.contest.to_dict().items() if k != "steps"},
            "steps": [s.to_dict() for s in self.steps],
        }


def opposed(
    a: Check | int | None,
    roll_a: Roll,
    b: Check | int | None,
    roll_b: Roll,
    *,
    minimum_a: int | None = None,
    minimum_b: int | None = None,
) -> Opposed:
    """F93 4.5: each side rolls against its trait; the rolled degrees give a relative degree."""
    ra = trait_roll(a, roll_a, field="a")
    rb = trait_roll(b, roll_b, field="b")
    contest = compare(ra.result, rb.result, minimum_a=minimum_a, minimum_b=minimum_b)
    steps = _labelled("A", ra.steps) + _labelled("B", rb.steps) + contest.steps
    return Opposed(ra, rb, contest, steps)


# --- helpers --------------------------------------------------------------------------------

def need_roll(roll: object, *, field: str) -> None:
    if not isinstance(roll, Roll):
        raise DiceError(f"{field} must be a roll read from dice faces or a total.", field=field)


def _labelled(label: str, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(Step(s.section, f"{label}: {s.text}", {**s.data, "side": label.lower()}) for s in steps)


def signed(n: int) -> str:
    """A number as the steps print it: +2, 0, −1 (a true minus sign)."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")
