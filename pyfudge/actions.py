"""Action resolution: trait rolls, unopposed and opposed actions, modifiers, story elements.

F93 4.1–4.5 and 4.61, F95 4.21. A trait roll reads as a *rolled degree*: the trait level, moved
by its modifiers, plus the dice total. An unopposed action succeeds when the rolled degree meets
the GM's difficulty; an opposed action compares two rolled degrees into a *relative degree*.
Story-element combat sums up a whole fight in one roll, or three rolls taken by median (F95) or
average (F93). Every outcome keeps the rolls it used and explains itself in ``steps``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from . import dice, ladder
from .dice import Roll
from .errors import DiceError, LadderError, RequestError, RuleError
from .explain import Step
from .options import Option

if TYPE_CHECKING:
    from .rulesets import RuleSet

MEDIAN = "median"
AVERAGE = "average"

OPTIONS = (
    Option(
        "actions.story_aggregate",
        "Three rolls for a story element",
        "F95 4.21; F93 4.61",
        "choice",
        # F95 4.21 "require three rolls and take the median roll"; F93 4.61 "Average these results,
        # rounding to the nearest whole number". Mudge drops story elements (MUD 4.21) but keeps
        # Fudge 1995 underneath, so it takes the F95 way if a GM turns them on.
        {"fudge1995": MEDIAN, "mudge": MEDIAN, "fudge1993": AVERAGE},
        help="When the GM asks for three rolls for one story element, how they become one result.",
        group="Melee",
        choices=((MEDIAN, "Median of three"), (AVERAGE, "Average of three, rounded")),
    ),
)

# F93 4.3: "+/-3 is the maximum that should ever be granted except under *extreme* conditions."
MODIFIER_GUIDELINE = 3
# F95 4.21, F93 4.61: the GM's story-element modifier runs "from -3 to +3".
STORY_MODIFIER_LIMIT = 3
# F93 4.5: the NPC shortcut's second d6 — 1,2,3 = ±1; 4,5 = ±2; 6 = ±3.
NPC_SECOND_D6 = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}


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
        steps.append(Step(mod.section or "F93 4.3", f"{mod.source}: {_signed(mod.amount)}.",
                          {"source": mod.source, "amount": mod.amount}))
    if abs(total) > MODIFIER_GUIDELINE:
        steps.append(Step(
            "F93 4.3",
            f"Net modifier {_signed(total)}: beyond ±{MODIFIER_GUIDELINE}, the most that should be "
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
            "trait": self.trait,
            "trait_name": ladder.name(self.trait, legendary=True),
            "modifiers": [m.to_dict() for m in self.modifiers],
            "level": self.level,
            "level_name": ladder.name(self.level),
            "roll": self.roll.to_dict(),
            "result": self.result,
            "result_name": ladder.name(self.result),
            "announced": self.announce(),
            "steps": [s.to_dict() for s in self.steps],
        }


def announce(level: int, total: int) -> str:
    """F93 4.21: "He simply announces 'Great +2' as the result" — level name and dice total."""
    base = ladder.name(level)
    return base if total == 0 else f"{base} {_signed(total)}"


def trait_roll(check: Check | int | None, roll: Roll, *, field: str = "check") -> TraitRoll:
    """Read a roll against a trait: rolled degree = trait + modifiers + dice (F93 4.21, 4.3)."""
    check = as_check(check, field=field)
    _need_roll(roll, field="roll")
    base, steps = check.base()
    level, mod_steps = apply_modifiers(base, check.modifiers, field=f"{field}.modifiers")
    result = ladder.check_level(level + roll.total, field="roll")
    read = Step(
        "F93 4.21",
        f"{ladder.name(level)}, {_signed(roll.total) if roll.total else '+0'} on the dice: "
        f"a {ladder.name(result)} result.",
        {"level": level, "dice": roll.total, "result": result},
    )
    return TraitRoll(base, check.modifiers, level, roll,
                     result, steps + mod_steps + roll.steps + (read,))


def situational(roll: Roll) -> TraitRoll:
    """F93 4.1: a roll on no trait — "a result of 0 means a Fair result, +1 a Good result"."""
    _need_roll(roll, field="roll")
    out = trait_roll(Check(ladder.FAIR), roll)
    step = Step("F93 4.1", f"Situational roll: {_signed(roll.total)} reads as {ladder.name(out.result)}.",
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
                  f"degree {_signed(relative)}.", {"result_a": result_a, "result_b": result_b,
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


# --- NPC 1d6 shortcut -----------------------------------------------------------------------

@dataclass(frozen=True)
class NpcRoll:
    """F93 4.5's 1d6 shortcut for an NPC: ``faces`` are the first d6 and, on a 1 or 6, the second
    (empty second when the GM chose the amount)."""

    trait: int
    faces: tuple[int, ...]
    shift: int
    result: int
    gm_amount: int | None
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "trait": self.trait,
            "trait_name": ladder.name(self.trait, legendary=True),
            "faces": list(self.faces),
            "shift": self.shift,
            "gm_amount": self.gm_amount,
            "result": self.result,
            "result_name": ladder.name(self.result),
            "steps": [s.to_dict() for s in self.steps],
        }


def npc_d6(trait: int, faces: Sequence[int], *, amount: int | None = None) -> NpcRoll:
    """F93 4.5: "On a result of 2-5, the NPC gets the listed trait level ... On a result of 1, the
    NPC did worse ...; on a result of 6 the NPC did better." How much is the GM's ``amount`` or a
    second d6: "1,2,3 = +/-1 ...; 4,5 = +/-2; 6 = +/-3"."""
    trait = ladder.check_trait(trait, field="trait")
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence) or len(faces) not in (1, 2):
        raise DiceError("faces must be one d6, plus a second d6 on a 1 or a 6.", field="faces")
    first = dice.check_d6_faces(faces[:1], 1, field="faces")[0]
    steps: list[Step] = []
    if 2 <= first <= 5:
        if len(faces) > 1 or amount is not None:
            raise DiceError(f"A {first} gives the trait level: no second d6 or amount is used.",
                            field="faces")
        steps.append(Step("F93 4.5", f"d6 shows {first}: the NPC gets her trait level, "
                          f"{ladder.name(trait)}.", {"d6": first, "result": trait}))
        return NpcRoll(trait, (first,), 0, trait, None, tuple(steps))
    direction = -1 if first == 1 else 1
    word = "worse" if direction < 0 else "better"
    steps.append(Step("F93 4.5", f"d6 shows {first}: the NPC did {word} than her trait level.",
                      {"d6": first, "direction": direction}))
    if len(faces) == 2:
        if amount is not None:
            raise DiceError("Give either a second d6 or the GM's amount, not both.", field="amount")
        second = dice.check_d6_faces(faces[1:], 1, field="faces[1]")[0]
        size = NPC_SECOND_D6[second]
        steps.append(Step("F93 4.5", f"Second d6 shows {second}: {word} by {size}.",
                          {"d6": second, "by": size}))
        used: tuple[int, ...] = (first, second)
    elif amount is not None:
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 10:
            raise RuleError("amount must be a whole number of levels from 1 to 10.", field="amount")
        size = amount
        steps.append(Step("F93 4.5", f"The GM decides: {word} by {size}.", {"by": size}))
        used = (first,)
    else:
        raise DiceError(f"A {first} means {word} than the trait level: roll a second d6 or give "
                        "the GM's amount.", field="faces")
    result = ladder.check_level(trait + direction * size, field="result")
    steps.append(Step("F93 4.5", f"{ladder.name(trait)} {_signed(direction * size)}: "
                      f"{ladder.name(result)}.", {"result": result}))
    return NpcRoll(trait, used, direction * size, result, amount, tuple(steps))


def npc_d6_distribution() -> dict[int, Fraction]:
    """Exact chance of each shift of the 1d6 shortcut with a second d6 (F93 4.5)."""
    out: dict[int, Fraction] = {0: Fraction(4, 6)}
    for direction in (-1, 1):
        for size in NPC_SECOND_D6.values():
            key = direction * size
            out[key] = out.get(key, Fraction(0)) + Fraction(1, 36)
    return dict(sorted(out.items()))


# --- aggregate rolls and story elements -----------------------------------------------------

def median_of_three(results: Sequence[int]) -> int:
    """F95 4.21: "the middle value die roll, which may be the same as either the high or low"."""
    _need_three(results)
    return sorted(results)[1]


def average_of_three(results: Sequence[int]) -> int:
    """F93 4.61: "Average these results, rounding to the nearest whole number" (a third never
    falls on a half, so no tie rule is needed: −2/3 → −1, 2/3 → +1)."""
    _need_three(results)
    return _round_nearest(Fraction(sum(results), 3))


def aggregate(results: Sequence[int], *, method: str) -> int:
    """Three results made one by ``method`` (``"median"`` or ``"average"``)."""
    if method == MEDIAN:
        return median_of_three(results)
    if method == AVERAGE:
        return average_of_three(results)
    raise RequestError(f"Unknown way to combine three rolls {method!r}; use median or average.",
                       field="method")


def aggregate_distribution(key: str, *, method: str) -> dict[int, Fraction]:
    """Exact chance of each combined dice total of three rolls of technique ``key``."""
    single = dice.distribution(key)
    out: dict[int, Fraction] = {}
    for x, px in single.items():
        for y, py in single.items():
            for z, pz in single.items():
                k = aggregate((x, y, z), method=method)
                out[k] = out.get(k, Fraction(0)) + px * py * pz
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class StoryElement:
    """Story-element combat (F95 4.21, F93 4.61): one result for a whole segment of a fight."""

    trait: int
    modifiers: tuple[Modifier, ...]
    level: int
    rolls: tuple[Roll, ...]
    method: str  # "single", "median" or "average"
    dice: int    # the combined dice total
    result: int  # the rolled degree for the element
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "trait": self.trait,
            "trait_name": ladder.name(self.trait, legendary=True),
            "modifiers": [m.to_dict() for m in self.modifiers],
            "level": self.level,
            "level_name": ladder.name(self.level),
            "rolls": [r.to_dict() for r in self.rolls],
            "method": self.method,
            "dice": self.dice,
            "result": self.result,
            "result_name": ladder.name(self.result),
            "steps": [s.to_dict() for s in self.steps],
        }


def story_element(
    check: Check | int | None, rolls: Sequence[Roll], *, rules: RuleSet, method: str | None = None
) -> StoryElement:
    """Resolve one story element: the trait with the GM's modifier (−3..+3 in all), then one roll,
    or three rolls combined by the ruleset's ``actions.story_aggregate`` (or ``method``)."""
    check = as_check(check)
    net = sum(m.amount for m in check.modifiers)
    if abs(net) > STORY_MODIFIER_LIMIT:
        raise RuleError(
            f"The GM's modifier for a story element runs from −3 to +3, not {_signed(net)}.",
            field="modifiers",
        )
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Sequence) or len(rolls) not in (1, 3):
        raise DiceError("A story element takes one roll or three.", field="rolls")
    for i, roll in enumerate(rolls):
        _need_roll(roll, field=f"rolls[{i}]")
    base, steps = check.base()
    level, mod_steps = apply_modifiers(base, check.modifiers)
    steps = steps + mod_steps
    if len(rolls) == 1:
        how, total = "single", rolls[0].total
        steps += rolls[0].steps
        steps += (Step("F95 4.21", f"A single roll: {_signed(total)}.", {"dice": total}),)
    else:
        how = method if method is not None else rules["actions.story_aggregate"]
        totals = [r.total for r in rolls]
        total = aggregate(totals, method=how)
        results = [ladder.name(level + t) for t in totals]
        if how == MEDIAN:
            text = (f"Three rolls: {', '.join(results)}; the median is "
                    f"{ladder.name(level + total)}.")
            section = "F95 4.21"
        else:
            text = (f"Three rolls {', '.join(_signed(t) for t in totals)} sum to "
                    f"{_signed(sum(totals))}; divided by 3 and rounded: {_signed(total)}.")
            section = "F93 4.61"
        steps += (Step(section, text, {"dice": totals, "method": how, "combined": total}),)
    result = ladder.check_level(level + total, field="result")
    steps += (Step("F95 4.21", f"{ladder.name(level)} {_signed(total)}: a {ladder.name(result)} "
                   "result for this story element.", {"level": level, "result": result}),)
    return StoryElement(base, check.modifiers, level, tuple(rolls), how, total, result, steps)


# --- helpers --------------------------------------------------------------------------------

def _need_roll(roll: object, *, field: str) -> None:
    if not isinstance(roll, Roll):
        raise DiceError(f"{field} must be a roll read from dice faces or a total.", field=field)


def _need_three(results: Sequence[int]) -> None:
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence) or len(results) != 3:
        raise DiceError("Combine exactly three rolls.", field="rolls")
    for i, r in enumerate(results):
        ladder.check_level(r, field=f"rolls[{i}]")


def _round_nearest(x: Fraction) -> int:
    """Nearest whole number, halves away from zero."""
    n = int(abs(x) + Fraction(1, 2))
    return n if x >= 0 else -n


def _labelled(label: str, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(Step(s.section, f"{label}: {s.text}", {**s.data, "side": label.lower()}) for s in steps)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")
