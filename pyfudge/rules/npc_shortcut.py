"""The NPC's 1d6 shortcut (F93 4.5): one d6 gives the trait level on a 2 to 5, worse on a 1 and
better on a 6, by a second d6 or by as much as the GM says. Group combat reads a foe's roll this
way when the GM rolls for each NPC (F95 4.34)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core import dice, ladder
from ..core.errors import DiceError, RuleError
from ..core.explain import Step
from .actions import signed

# F93 4.5: the NPC shortcut's second d6 — 1,2,3 = ±1; 4,5 = ±2; 6 = ±3.
NPC_SECOND_D6 = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}


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
    steps.append(Step("F93 4.5", f"{ladder.name(trait)} {signed(direction * size)}: "
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
