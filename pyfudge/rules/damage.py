"""Damage: wound factors, the damage number, thresholds, grazes, damage dice, Min-Mid-Max, Scale.

Rules (section next to each table and branch):
- W-FACTORS  offensive / defensive damage factors (F95 4.53–4.54, MUD 4.54; MUD magic/psi 4.55).
- W-CAPACITY Damage Capacity (MUD: Constitution) as a defensive factor and F95 4.52's
             alternatives 1 (DC roll adjusts severity) and 2 (Damage Resistant / Fragile).
- W-DAMAGE   total damage factor + relative degree; ≤0 no damage; doubled degree (F95 4.55).
- W-THRESHOLDS the wound tables (F95 4.55, doubled, epic F95 4.63, GM-edited).
- W-GRAZE    relative degree +1 (F95 4.56 table gives the result; MUD 4.56 table caps it).
- W-DAMAGE-DIE the damage die options (F95 4.61, F95b 4.61, MUD 4.61).
- W-MINMIDMAX 3d6 Min-Mid-Max (F95 4.63, tables from F95b 4.63).
- W-SCALE    Strength/Mass Scale, penetration on a critical, scale-only roll, scale piercing,
             tech level as Scale (F95 4.58, 4.65; MUD 4.58).
- CO-ARMOR   Armor Value absorbs; degree of success above the Coverage Value ignores armor (CO 1).

Dice are inputs: ``resolve_damage`` reads the faces it is given and never rolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.checks import REQUEST as check
from ..core.dice import check_fudge_faces
from ..core.errors import DiceError, FudgeError, RuleError
from ..core.explain import Step
from . import minmidmax
from .catalogue import (  # noqa: F401  (Weapon, Armor and the catalogue helpers are damage's API too)
    GUN_BONUS,
    PIERCING,
    SCALE_LIMIT,
    Armor,
    Weapon,
    _check_catalogue,
    _check_named_values,
    armors,
    find_armor,
    find_weapon,
    weapons,
)
from .damage_armor import armor_on_hit
from .factors import PART_KINDS, FactorPart, Factors, defensive_factors, offensive_factors  # noqa: F401  (the factors are damage's API too)
from .minmidmax import MMM_DEGREE_BONUS, MMM_FACTOR_BONUS, MMM_READINGS, read_minmidmax  # noqa: F401
from .wound_levels import DEAD, HURT, LEVEL_NAMES, NEAR_DEATH, UNDAMAGED

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet


# ---------------------------------------------------------------------------------------------
# Wound tables (W-THRESHOLDS): the least damage for Scratch, Hurt, Very Hurt, Incapacitated,
# Near Death (and, if a GM adds one, Dead: "there is no number given for Dead", F95 4.55).
# ---------------------------------------------------------------------------------------------
THRESHOLDS: dict[str, list[int]] = {
    "standard": [1, 3, 5, 7, 9],   # F95 4.55, MUD 4.55: 1-2 3-4 5-6 7-8 9+
    "doubled": [1, 4, 7, 10, 13],  # F95 4.55, doubled relative degree: 1-3 4-6 7-9 10-12 13+
    "epic": [1, 2, 4, 6, 7],       # F95 4.63, epic game: 1, 2-3, 4-5, 6, 7+
}

_NUMBER_DICE = {"number_1df", "even_odd_number", "situational_limited", "situational", "odd_die"}
_LEVEL_DICE = {"level_1df", "even_odd_level"}
_ONE_DIE = {"number_1df", "level_1df", "odd_die"}
_FOUR_DICE = {"situational_limited", "situational"}
_EVEN_ODD = {"even_odd_number", "even_odd_level"}


# ---------------------------------------------------------------------------------------------
# Table look-ups
# ---------------------------------------------------------------------------------------------

def thresholds(rules: RuleSet) -> list[int]:
    """The wound table in force: least damage for Scratch, Hurt, Very Hurt, Incapacitated, Near
    Death (and Dead, if the GM gave it a number). ``"book"`` follows the damage system: the
    doubled table for doubled relative degree (F95 4.55), else the standard one (F95 4.55, 4.63)."""
    choice = rules["damage.thresholds"]
    if choice == "book":
        choice = "doubled" if rules["damage.system"] == "doubled" else "standard"
    if choice == "custom":
        return list(rules["damage.custom_thresholds"])
    return list(THRESHOLDS[choice])


def wound_level(number: int, table: Sequence[int]) -> int:
    """The wound level a damage number reaches on a wound table (F95 4.55: ≤0 is no damage).

    The levels above the table's last entry stay there: with no number for Dead, 9+ is Near Death.
    """
    return sum(1 for least in table if number >= least)


def graze_level(value: int, table: Sequence[Sequence[int]]) -> int:
    """The level a graze table gives ``value`` (F95 4.56, MUD 4.56): below the first row, none."""
    level: int = UNDAMAGED
    for least, row_level in table:
        if value >= least:
            level = row_level
    return level


def subjective_wound(level: int, roll: int) -> tuple[int, Step]:
    """F95 4.55's GM situational roll guiding a freeform wound: −1 to +1 changes nothing, +3 or +4
    adds one or two levels. Reading: a −3/−4 takes one/two off the same way, ±2 changes nothing
    (the book names only the ends); the level stays between Undamaged and Near Death."""
    level = check.whole(level, "level", UNDAMAGED, DEAD)
    roll = check.whole(roll, "roll", -4, 4)
    shift = {4: 2, 3: 1, -3: -1, -4: -2}.get(roll, 0)
    new = max(UNDAMAGED, min(NEAR_DEATH, level + shift)) if level < DEAD else level
    return new, Step("F95 4.55", f"GM's situational roll {roll:+d}: {LEVEL_NAMES[level]} → {LEVEL_NAMES[new]}.",
                     {"roll": roll, "shift": shift, "before": level, "after": new})


def dice_needed(rules: RuleSet, *, relative_degree: int = 2) -> dict[str, Any]:
    """Which damage dice ``resolve_damage`` reads under ``rules`` for a hit of ``relative_degree``:
    ``{"dice": "1dF"|"4dF"|"3d6"|None, "count": n, "rolls": bool}`` (``rolls``: it needs both
    opposed rolls' totals, for the even/odd rule). Min-Mid-Max needs no dice when its bonus is
    below zero; give the dice anyway, they are then not read."""
    none = {"dice": None, "count": 0, "rolls": False}
    graze = relative_degree == 1 and rules["damage.graze"] != "off"
    if rules["damage.system"] == "minmidmax" and not graze:
        return {"dice": "3d6", "count": 3, "rolls": False}
    mode = rules["damage.die"]
    if graze and rules["damage.graze"] == "f95" and rules["damage.graze_die"] == "none":
        return none
    if mode in _ONE_DIE:
        return {"dice": "1dF", "count": 1, "rolls": False}
    if mode in _FOUR_DICE or (mode == "none" and rules["damage.scale_roll"]
                              and not (graze and rules["damage.graze"] == "f95")):
        return {"dice": "4dF", "count": 4, "rolls": False}
    return {**none, "rolls": mode in _EVEN_ODD}


def graze_dice(rules: RuleSet) -> dict[str, Any] | None:
    """The dice a graze reads when they differ from a hit's (:func:`dice_needed`), else None:
    under Min-Mid-Max a hit reads 3d6, while "the graze rules are used unchanged" (F95 4.63),
    so a graze die of F95 4.56 (``damage.graze_die``) is a Fudge die of its own. A fighter gives
    it as his dice's ``graze``; the view offers its entry by this."""
    graze = dice_needed(rules, relative_degree=1)
    return graze if graze["dice"] not in (None, dice_needed(rules)["dice"]) else None


# ---------------------------------------------------------------------------------------------
# The outcome
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DamageOutcome:
    """What a hit did. ``level`` is a wounds level (0 Undamaged … 6 Dead).

    ``factor`` is the total damage factor used (ODF − DDF after armor/Scale rules, without the
    all-out bonus); ``number`` the final damage number looked up on the wound table (Min-Mid-Max:
    the dice read; ``None`` on an F95 graze, which reads the graze table instead); ``cap`` the
    graze table's level (F95: the graze result before the die; MUD: the most a graze can do);
    ``armor`` the armor protection that counted (after heavy-blunt halving or CO 1.3 coverage);
    ``die_effect`` what the damage die changed (points or levels, see ``die``); ``faces`` the
    dice read; ``steps`` the explanation.
    """

    relative_degree: int
    factor: int
    number: int | None
    level: int
    graze: bool
    cap: int | None
    armor: int
    system: str
    die: str
    die_effect: int
    faces: tuple[int, ...]
    steps: tuple[Step, ...] = field(default=(), compare=False)

    @property
    def level_name(self) -> str:
        """The level's name ("Hurt")."""
        return LEVEL_NAMES[self.level]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field, ``level_name`` and ``steps`` as a list of step dicts."""
        return {
            "relative_degree": self.relative_degree, "factor": self.factor, "number": self.number,
            "level": self.level, "level_name": self.level_name, "graze": self.graze, "cap": self.cap,
            "armor": self.armor,
            "system": self.system, "die": self.die, "die_effect": self.die_effect,
            "faces": list(self.faces), "steps": [s.to_dict() for s in self.steps],
        }


# ---------------------------------------------------------------------------------------------
# Resolution
# ---------------------------------------------------------------------------------------------

def _check_factors(value: Any, side: str, where: str) -> Factors:
    if not isinstance(value, Factors):
        value = Factors.from_dict(value, field=where)
    if value.side != side:
        raise FudgeError(f"{where} must be {side} factors.", field=where)
    return value


def _die_effect(mode: str, damage_die: Any, attack_roll: Any, defense_roll: Any,
                steps: list[Step]) -> tuple[int, tuple[int, ...]]:
    """What the damage die in force adds (F95 4.61, MUD 4.61) and the faces it read."""
    if mode in _ONE_DIE or mode in _FOUR_DICE:
        count = 1 if mode in _ONE_DIE else 4
        if damage_die is None:
            raise DiceError(f"This ruleset rolls {count}dF for damage: enter the damage "
                            f"{'die' if count == 1 else 'dice'}.", field="damage_die")
        faces = check_fudge_faces(damage_die, count, field="damage_die")
        return sum(faces), faces
    if mode in _EVEN_ODD:
        # None: that side rolled no dice (an NPC at her trait level, F95 4.33; an unaware
        # target, F95 4.4): no roll, nothing even to read (our reading; the books are silent).
        a = check.whole(attack_roll, "attack_roll", -10, 10) if attack_roll is not None else None
        d = check.whole(defense_roll, "defense_roll", -10, 10) if defense_roll is not None else None

        (plus, said_a), (minus, said_d) = (
            (0, "made no roll, nothing to read") if r is None else (1, f"{r:+d} (even, +1)") if r % 2 == 0
            else (0, f"{r:+d} (odd)") for r in (a, d))
        # F95 4.61: an even roll (−4, −2, 0, +2, +4) adds one to that side's factor.
        effect = plus - minus
        steps.append(Step("F95 4.61", f"Opposed rolls: attacker {said_a}, defender {said_d}: net {effect:+d}.",
                          {"attack_roll": a, "defense_roll": d, "effect": effect}))
        return effect, ()
    return 0, ()


def _apply_number_die(mode: str, calc: int, effect: int, faces: tuple[int, ...],
                      steps: list[Step]) -> int:
    """The damage number after a die that adds to it (F95 4.61 / F95b 4.61, MUD 4.61)."""
    if mode == "situational_limited":
        roll = effect
        if calc > 0:
            # Limitation 1: the roll cannot exceed the calculated damage; 2: final at least +1.
            used = min(roll, calc)
            final = max(calc + used, 1)
        else:
            # Limitation 3: zero or negative damage is raised to at most +1.
            used = roll
            final = min(calc + roll, 1)
        steps.append(Step("F95 4.61", f"Damage roll {roll:+d} on 4dF with the three limitations: "
                          f"{calc} becomes {final}.", {"calculated": calc, "roll": roll, "faces": list(faces),
                                                      "used": used, "final": final}))
        return final
    if mode == "odd_die":
        final = calc + effect
        if calc > 0 and final < 1:
            final = 1  # MUD 4.61: "can not reduce it below +1"
        steps.append(Step("MUD 4.61", f"Odd-coloured damage die {effect:+d}: {calc} becomes {final}.",
                          {"calculated": calc, "die": effect, "final": final}))
        return final
    final = calc + effect
    label = {"number_1df": "1dF damage die", "situational": "4dF damage roll, no limitations",
             "even_odd_number": "Even/odd rolls"}[mode]
    steps.append(Step("F95 4.61", f"{label} {effect:+d}: {calc} becomes {final}.",
                      {"calculated": calc, "effect": effect, "faces": list(faces), "final": final}))
    return final


def _shift(level: int, by: int, top: int) -> int:
    """A level moved ``by`` steps, kept between Undamaged and the table's top level."""
    return max(UNDAMAGED, min(top, level + by))


def capacity_roll_in_use(rules: RuleSet) -> bool:
    """Does a fighter roll Damage Capacity against a wound of Hurt or worse (F95 4.52, first
    alternative: ``damage.capacity`` is ``roll``)? The damage reads the result, and the
    encounter's view offers its entry, by this."""
    return rules["damage.capacity"] == "roll"


def _capacity_adjust(level: int, number: int | None, relook: Any, rules: RuleSet, ddf_resist: int,
                     capacity_roll: Any, top: int, steps: list[Step]) -> tuple[int, int | None]:
    """F95 4.52 alternatives 1 and 2: a Damage Capacity roll, or Damage Resistant / Fragile,
    adjust the wound by one level or one damage point (``damage.capacity_step``)."""
    mode = rules["damage.capacity"]
    by_level = rules["damage.capacity_step"] == "level"
    adj = 0
    if capacity_roll_in_use(rules) and level >= HURT:
        if capacity_roll is None:
            raise RuleError("A wound of Hurt or worse calls for a Damage Capacity roll: enter its result.",
                            field="capacity_roll")
        result = check.whole(capacity_roll, "capacity_roll", -20, 20)
        # F95 4.52 (1): Great or better −1; Mediocre to Good no change; Poor or worse +1.
        adj = -1 if result >= 2 else (1 if result <= -2 else 0)
        steps.append(Step("F95 4.52", f"Damage Capacity roll {result:+d}: severity {adj:+d} "
                          f"{'level' if by_level else 'point'}.", {"roll": result, "adjust": adj}))
    elif mode == "gift" and by_level and ddf_resist and level > UNDAMAGED:
        adj = -ddf_resist  # F95 4.52 (2): Damage Resistant −1, Fragile +1
        steps.append(Step("F95 4.52", f"{'Damage Resistant' if ddf_resist > 0 else 'Fragile'}: severity "
                          f"{adj:+d} level.", {"adjust": adj}))
    if not adj:
        return level, number
    shifted = _shift(level, adj, top)
    if by_level:
        return shifted, number
    new_number = None if number is None else number + adj
    # A point is never more than the level it stands for: re-read, the wound moves only the
    # adjustment's way and at most one level (a graze's die-capped level is not re-opened).
    low, high = sorted((level, shifted))
    return min(high, max(low, relook(adj))), new_number


def resist_as_level(ddf: Factors, rules: RuleSet) -> int:
    """Damage Resistant (+1) or Fragile (−1) as one wound level, not in the DDF (F95 4.52 no. 2, by level); else 0."""
    if rules["damage.capacity"] == "gift" and rules["damage.capacity_step"] == "level":
        return ddf.value_of("resistant")
    return 0


def ddf_in_total(ddf: Factors, rules: RuleSet) -> Factors:
    """The defensive factors the total damage factor subtracts: no gift counted as a wound level (above)."""
    return ddf.without("resistant") if resist_as_level(ddf, rules) else ddf


# Ten keyword-only parameters: the hit, its factors and each die the options in force may read.
def resolve_damage(
    *,
    relative_degree: int,
    odf: Factors,
    ddf: Factors,
    rules: RuleSet,
    damage_die: Sequence[int] | None = None,
    attack_roll: int | None = None,
    defense_roll: int | None = None,
    scale_difference: int = 0,
    critical: bool = False,
    capacity_roll: int | None = None,
) -> DamageOutcome:
    """How badly a hit that won by ``relative_degree`` (≥ 1) wounds (F95 4.55–4.63, MUD 4.55–4.61).

    ``damage_die``: the damage dice faces the option in force reads (``dice_needed(rules)``):
    1dF (−1/0/+1), 4dF, or 3d6 under Min-Mid-Max (1–6 each). ``attack_roll``/``defense_roll``:
    the opposed rolls' dice totals, for the even/odd rule. ``scale_difference``: extra Scale
    a GM adds to a graze's look-up (F95 4.56 "plus any Scale difference", left to the GM: "it
    should be minimized for such a narrow victory"). The factors already hold Strength and Mass
    Scale (F95 4.58) and ``damage.graze_scale`` adds MUD 4.56's Strength/Weapon Scale itself, so
    pass 0 unless the GM rules otherwise. ``critical``: the attacker rolled a critical success (F95
    4.58 penetration). ``capacity_roll``: the Damage Capacity roll's result when F95 4.52's
    first alternative is in force. Combat handles stand-offs and misses; this is for hits.
    """
    if isinstance(relative_degree, bool) or not isinstance(relative_degree, int):
        raise FudgeError(f"relative_degree must be a whole number, not {relative_degree!r}.",
                         field="relative_degree")
    if relative_degree < 1:
        raise RuleError("Damage is figured only for a hit: the relative degree must be +1 or more.",
                        field="relative_degree")
    rd = check.whole(relative_degree, "relative_degree", 1, 60)
    odf = _check_factors(odf, "offensive", "odf")
    ddf = _check_factors(ddf, "defensive", "ddf")
    scale_difference = check.whole(scale_difference, "scale_difference", -SCALE_LIMIT, SCALE_LIMIT)
    critical = check.flag(critical, "critical")
    book = "MUD" if rules.preset == "mudge" else "F95"
    all_out = odf.value_of("all_out")
    resist = resist_as_level(ddf, rules)
    # Each factor line totals what the total damage factor uses; a part counted apart is named
    # on it: an all-out attack's +1 (F95 4.31, on the damage number or the graze, steps below) and
    # Damage Resistant / Fragile as one wound level (F95 4.52 no. 2, its own step below).
    steps: list[Step] = [
        Step(f"{book} 4.55", f"Offensive damage factors: {odf.without('all_out').text()}"
             + (f"; All-out offence {all_out:+d}: counted apart (F95 4.31), not in this total" if all_out else "")
             + ".", {"odf": odf.to_dict()}),
        Step(f"{book} 4.55", f"Defensive damage factors: {ddf_in_total(ddf, rules).text()}"
             + (f"; {'Damage Resistant' if resist > 0 else 'Fragile'} {resist:+d}: one wound level (F95 4.52), "
                "not in this total" if resist else "") + ".", {"ddf": ddf.to_dict()}),
    ]
    ddf_used = armor_on_hit(odf, ddf_in_total(ddf, rules), rd, rules, steps)
    factor = odf.without("all_out").total - ddf_used.total
    steps.append(Step(f"{book} 4.55", f"Total damage factor {odf.without('all_out').total:+d} − "
                      f"({ddf_used.total:+d}) = {factor:+d}.", {"factor": factor}))
    system = rules["damage.system"]
    graze_mode = rules["damage.graze"]
    graze = rd == 1 and graze_mode != "off"
    table = thresholds(rules)
    top = len(table)  # the highest level this table reaches (Near Death unless Dead has a number)
    common = dict(relative_degree=rd, factor=factor, graze=graze, system=system,
                  armor=ddf_used.value_of("armor"))
    hit = _Hit(rd, odf, ddf_used, factor, all_out, resist, rules, steps, common, book, table, top, graze)
    rolls = _Rolls(damage_die, attack_roll, defense_roll, capacity_roll)
    if graze and graze_mode == "f95":
        return _graze_f95(hit, rolls, scale_difference)
    if system == "minmidmax" and not graze:
        return _resolve_minmidmax(hit, rolls)
    return _resolve_number(hit, rolls, scale_difference, critical)


@dataclass(frozen=True)
class _Hit:
    """A hit's damage inputs as :func:`resolve_damage` checked them, for each way of reading it."""

    rd: int
    odf: Factors
    ddf: Factors  # as used: armor and Scale rules applied
    factor: int
    all_out: int
    resist: int
    rules: RuleSet
    steps: list[Step]  # the explanation so far; each reading appends to it
    common: dict[str, Any]  # the DamageOutcome fields every reading shares
    book: str
    table: list[int]
    top: int
    graze: bool


@dataclass(frozen=True)
class _Rolls:
    """The dice a damage reading may need (see :func:`resolve_damage`)."""

    damage_die: Any
    attack_roll: Any
    defense_roll: Any
    capacity_roll: Any


def _resolve_number(hit: _Hit, rolls: _Rolls, scale_difference: int, critical: bool) -> DamageOutcome:
    """F95 4.55 / MUD 4.55: the damage number (factor + relative degree) read on the wound table,
    moved by a damage die (F95 4.61), Scale rolls (F95 4.58), Damage Capacity (F95 4.52) and, on a
    Mudge graze, capped by the graze table (MUD 4.56)."""
    rd, odf, ddf_used, factor, all_out, resist = hit.rd, hit.odf, hit.ddf, hit.factor, hit.all_out, hit.resist
    rules, steps, common, book, table, top, graze = (hit.rules, hit.steps, hit.common, hit.book, hit.table,
                                                     hit.top, hit.graze)
    damage_die, attack_roll, defense_roll = rolls.damage_die, rolls.attack_roll, rolls.defense_roll
    capacity_roll = rolls.capacity_roll
    system = rules["damage.system"]
    mode = rules["damage.die"]
    doubled = system == "doubled"
    calc = factor + all_out + rd * (2 if doubled else 1)
    what = f"{factor:+d} + relative degree {'2×' if doubled else ''}{rd}" + (
        f" + all-out {all_out}" if all_out else "")
    steps.append(Step(f"{book} 4.55", f"Damage number {what} = {calc}.", {"calculated": calc, "doubled": doubled}))
    effect, faces = _die_effect(mode, damage_die, attack_roll, defense_roll, steps)
    number = _apply_number_die(mode, calc, effect, faces, steps) if mode in _NUMBER_DICE else calc
    number, scale_faces = _scale_rolls(odf, ddf_used, number, mode, rules, damage_die, critical, steps)
    faces = faces or scale_faces
    level = wound_level(number, table)
    steps.append(Step(f"{book} 4.55", _table_text(number, level, table), {"number": number, "level": level,
                                                                       "thresholds": table}))
    if mode in _LEVEL_DICE and level > UNDAMAGED:
        new = _shift(level, effect, top)
        steps.append(Step("F95 4.61", f"Damage die on the wound level {effect:+d}: {LEVEL_NAMES[level]} → "
                          f"{LEVEL_NAMES[new]}.", {"effect": effect, "before": level, "after": new}))
        level = new
    elif mode in _LEVEL_DICE:
        steps.append(Step("F95 4.61", "No wound for the damage die to change.", {"effect": effect}))
    read = number
    level, adjusted = _capacity_adjust(level, read, lambda d: wound_level(read + d, table), rules, resist,
                                       capacity_roll, top, steps)
    cap = None
    if graze:
        # MUD 4.56: the graze table (TDF + Strength/Weapon Scale) is the most a graze can do.
        index = factor + _graze_scale(odf, rules) + scale_difference
        cap = graze_level(index, rules["damage.graze_table"])
        steps.append(Step("MUD 4.56", f"Graze: TDF {factor:+d} + Scale {index - factor:+d} allows at most "
                          f"{LEVEL_NAMES[cap]}.", {"index": index, "cap": cap}))
        if level > cap:
            steps.append(Step("MUD 4.56", f"{LEVEL_NAMES[level]} is capped at {LEVEL_NAMES[cap]}.",
                              {"before": level, "after": cap}))
            level = cap
    return DamageOutcome(number=adjusted, level=level, cap=cap, die=mode,
                         die_effect=effect if mode != "none" else 0, faces=faces,
                         steps=tuple(steps), **common)


def _table_text(number: int, level: int, table: Sequence[int]) -> str:
    if number <= 0:
        return f"Damage {number}: zero or less, no damage."
    return f"Damage {number} on the wound table {table}: {LEVEL_NAMES[level]}."


def _scale_rolls(odf: Factors, ddf: Factors, number: int, mode: str, rules: RuleSet, damage_die: Any,
                 critical: bool, steps: list[Step]) -> tuple[int, tuple[int, ...]]:
    """F95 4.58 / MUD 4.58: the small fighter's chances against a large one."""
    gap = ddf.value_of("mass_scale") - odf.value_of("strength_scale")
    faces: tuple[int, ...] = ()
    if rules["damage.scale_roll"] and mode == "none" and number <= 0 < gap and number + gap >= 1:
        # "allow a damage roll when Scale is the only difference between a Scratch and no damage";
        # read as 4dF that may raise the damage to at most +1 (F95 4.61 limitation 3).
        if damage_die is None:
            raise DiceError("Scale alone stops this hit: roll 4dF for damage (F95 4.58).", field="damage_die")
        faces = check_fudge_faces(damage_die, 4, field="damage_die")
        final = min(number + sum(faces), 1)
        steps.append(Step("F95 4.58", f"Only Scale stops this hit: damage roll {sum(faces):+d} makes "
                          f"{number} into {final}.", {"roll": sum(faces), "faces": list(faces), "final": final}))
        number = final
    pen = rules["damage.critical_penetration"]
    if critical and pen and gap > 0 and number < pen:
        # F95 4.58: "the GM may allow a point or two of damage to penetrate" on a critical success.
        steps.append(Step("F95 4.58", f"Critical success by the smaller fighter: {pen} point"
                          f"{'s' if pen > 1 else ''} get through.", {"before": number, "after": pen}))
        number = pen
    return number, faces


def _graze_f95(hit: _Hit, rolls: _Rolls, scale_difference: int) -> DamageOutcome:
    """F95 4.56: a relative degree of +1 reads the graze table; a damage die moves it at most one
    level; the all-out offence bonus raises it a level (F95 4.7: "her normal Scratch result (for a
    graze) is increased to Hurt"). The +2 the foe of a failed all-out attacker gets (F95 4.31)
    raises it two levels the same way under ``melee.all_out_foe_graze`` "levels" (then it is left
    out of the table's look-up), or stays in the damage factor the table reads ("factor")."""
    odf, factor, all_out, resist, rules, steps = hit.odf, hit.factor, hit.all_out, hit.resist, hit.rules, hit.steps
    table = rules["damage.graze_table"]
    top = max(level for _, level in table)
    foe = odf.value_of("foe_all_out") if rules["melee.all_out_foe_graze"] == "levels" else 0
    factor -= foe
    index = factor + _graze_scale(odf, rules) + scale_difference
    base = graze_level(index, table)
    steps.append(Step("F95 4.56", f"Relative degree +1 is a graze: damage factor {factor:+d}"
                      + (f" (the foe's +{foe} for beating an all-out attack aside)" if foe else "")
                      + (f" + Scale {index - factor:+d}" if index != factor else "")
                      + f" reads {LEVEL_NAMES[base]} on the graze table.", {"index": index, "level": base}))
    if all_out and base > UNDAMAGED:
        raised = _shift(base, all_out, max(top, base + all_out))
        steps.append(Step("F95 4.7", f"All-out offence +{all_out} raises the graze: {LEVEL_NAMES[base]} → "
                          f"{LEVEL_NAMES[raised]}.", {"before": base, "after": raised}))
        base = raised
    if foe and base > UNDAMAGED:
        raised = _shift(base, foe, max(top, base + foe))
        steps.append(Step("F95 4.31", f"The foe attacked all-out and lost: their +{foe} to damage raises the graze "
                          f"{foe} level{'s' if foe > 1 else ''}, as an all-out attacker's own +1 raises it one "
                          f"(F95 4.7): {LEVEL_NAMES[base]} → {LEVEL_NAMES[raised]}. (The other reading, the "
                          f"option melee.all_out_foe_graze: +{foe} to the damage factor, read on the graze table.)",
                          {"before": base, "after": raised, "bonus": foe}))
        base = raised
    elif foe:
        steps.append(Step("F95 4.31", f"The foe attacked all-out and lost: +{foe} to damage raises a graze by "
                          "levels, but this graze does no damage to raise.", {"bonus": foe}))
    level = base
    mode = rules["damage.die"]
    effect = 0
    faces: tuple[int, ...] = ()
    if mode != "none" and rules["damage.graze_die"] == "one_level":
        effect, faces = _die_effect(mode, rolls.damage_die, rolls.attack_roll, rolls.defense_roll, steps)
        if mode in _LEVEL_DICE:
            moved = base + effect if base > UNDAMAGED else base  # a level die makes no wound (as on a hit)
        else:
            moved = graze_level(index + effect, table)
            moved += all_out + foe if moved > UNDAMAGED else 0
        level = max(UNDAMAGED, base - 1, min(base + 1, moved))
        steps.append(Step("F95 4.56", f"Damage die {effect:+d} on a graze moves it at most one level: "
                          f"{LEVEL_NAMES[level]}.", {"effect": effect, "faces": list(faces), "level": level}))
    elif mode != "none":
        steps.append(Step("F95 4.56", "No damage die on a graze in this ruleset.", {}))
    def relook(points: int) -> int:
        """The graze with the damage factor moved by ``points`` (a DC adjustment by one point)."""
        moved = graze_level(index + effect + points, table)
        return moved + all_out + foe if moved > UNDAMAGED else moved

    level, _ = _capacity_adjust(level, None, relook, rules, resist, rolls.capacity_roll, max(top, base), steps)
    return DamageOutcome(number=None, level=level, cap=base, die=mode, die_effect=effect, faces=faces,
                         steps=tuple(steps), **hit.common)


def _graze_scale(odf: Factors, rules: RuleSet) -> int:
    """MUD 4.56: the graze table reads "TDF + Strength/Weapon Scale" — the attacker's Strength Scale
    (a non-muscle weapon's only when it is scaled to its wielder), on top of the TDF."""
    return odf.value_of("strength_scale") if rules["damage.graze_scale"] == "strength" else 0


def _resolve_minmidmax(hit: _Hit, rolls: _Rolls) -> DamageOutcome:
    """F95 4.63 (tables from F95b 4.63): bonuses for damage factor and relative degree choose
    which of 3d6 to read; a total bonus below zero means no damage and no roll."""
    rd, factor, all_out, resist, table, top = hit.rd, hit.factor, hit.all_out, hit.resist, hit.table, hit.top
    rules, steps, common = hit.rules, hit.steps, hit.common
    damage_die, capacity_roll = rolls.damage_die, rolls.capacity_roll
    fb = minmidmax.bonus(factor, rules["damage.mmm_factor_bonus"])
    if rules["damage.mmm_low_penalty"] and factor <= -5:
        fb = -2  # "The GM may charge a −2 penalty if the damage factor is well below 0 (−5 or worse)"
    db = minmidmax.bonus(rd, rules["damage.mmm_degree_bonus"])
    total = fb + db
    steps.append(Step("F95 4.63", f"Min-Mid-Max: damage factor {factor:+d} gives {fb:+d}, relative degree "
                      f"+{rd} gives {db:+d}: total bonus {total:+d}.", {"factor_bonus": fb, "degree_bonus": db,
                                                                         "bonus": total}))
    mode = rules["damage.die"]
    if mode != "none":
        steps.append(Step("F95 4.63", "The 3d6 roll is the damage roll; the damage die option is not used.", {}))
    if total < 0:
        steps.append(Step("F95 4.63", "A total bonus below zero: no damage is possible, no roll.", {}))
        return DamageOutcome(number=None, level=UNDAMAGED, cap=None, die="3d6", die_effect=0, faces=(),
                             steps=tuple(steps), **common)
    if damage_die is None:
        raise DiceError("Min-Mid-Max reads 3d6: enter three dice.", field="damage_die")
    faces = minmidmax.check_d6(damage_die)
    reading, past_end = minmidmax.reading_for(total)
    value = minmidmax.read_minmidmax(faces, reading)
    note = " (the table ends at 4: add all three)" if past_end else ""
    steps.append(Step("F95 4.63", f"Bonus {total}: read {reading.upper()}{note} of {sorted(faces)} = {value}.",
                      {"reading": reading, "faces": list(faces), "value": value}))
    number = value
    if all_out:
        number += all_out  # F95b 4.63 Rachel: "+1 to the die result, not a +1 to the die-reading bonus"
        steps.append(Step("F95 4.63", f"All-out offence +{all_out} to the die result: {number}.", {"value": number}))
    level = wound_level(number, table)
    steps.append(Step("F95 4.63", _table_text(number, level, table), {"number": number, "level": level,
                                                                       "thresholds": table}))
    read = number
    level, adjusted = _capacity_adjust(level, read, lambda d: wound_level(read + d, table), rules, resist,
                                       capacity_roll, top, steps)
    return DamageOutcome(number=adjusted, level=level, cap=None, die="3d6", die_effect=0, faces=faces,
                         steps=tuple(steps), **common)
