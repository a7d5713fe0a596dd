"""Story-element combat (F95 4.21, F93 4.61): a whole segment of a fight summed up in one roll,
or in three rolls taken by their median (F95) or their average (F93, rounded), with the GM's
modifier from −3 to +3. The option ``actions.story_aggregate`` (its key kept from when this lived
in :mod:`pyfudge.rules.actions`, so saved rulesets still load) says which of the two."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core import dice, ladder
from ..core.dice import Roll
from ..core.errors import DiceError, RequestError, RuleError
from ..core.explain import Step
from ..core.options import Option
from .actions import Check, Modifier, apply_modifiers, as_check, level_fields, need_roll, signed

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet

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

# F95 4.21, F93 4.61: the GM's story-element modifier runs "from -3 to +3".
STORY_MODIFIER_LIMIT = 3


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
            **level_fields(self.trait, self.modifiers, self.level),
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
            f"The GM's modifier for a story element runs from −3 to +3, not {signed(net)}.",
            field="modifiers",
        )
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Sequence) or len(rolls) not in (1, 3):
        raise DiceError("A story element takes one roll or three.", field="rolls")
    for i, roll in enumerate(rolls):
        need_roll(roll, field=f"rolls[{i}]")
    base, steps = check.base()
    level, mod_steps = apply_modifiers(base, check.modifiers)
    steps = steps + mod_steps
    if len(rolls) == 1:
        how, total = "single", rolls[0].total
        steps += rolls[0].steps
        steps += (Step("F95 4.21", f"A single roll: {signed(total)}.", {"dice": total}),)
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
            text = (f"Three rolls {', '.join(signed(t) for t in totals)} sum to "
                    f"{signed(sum(totals))}; divided by 3 and rounded: {signed(total)}.")
            section = "F93 4.61"
        steps += (Step(section, text, {"dice": totals, "method": how, "combined": total}),)
    result = ladder.check_level(level + total, field="result")
    steps += (Step("F95 4.21", f"{ladder.name(level)} {signed(total)}: a {ladder.name(result)} "
                   "result for this story element.", {"level": level, "result": result}),)
    return StoryElement(base, check.modifiers, level, tuple(rolls), how, total, result, steps)


# --- helpers --------------------------------------------------------------------------------

def _need_three(results: Sequence[int]) -> None:
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence) or len(results) != 3:
        raise DiceError("Combine exactly three rolls.", field="rolls")
    for i, r in enumerate(results):
        ladder.check_level(r, field=f"rolls[{i}]")


def _round_nearest(x: Fraction) -> int:
    """Nearest whole number, halves away from zero."""
    n = int(abs(x) + Fraction(1, 2))
    return n if x >= 0 else -n
