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
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from . import catalogue, minmidmax
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
from .checks import REQUEST as check
from .dice import check_fudge_faces
from .errors import DiceError, FudgeError, OptionError, RuleError
from .explain import Step
from .factors import (  # noqa: F401  (the factors are damage's API too)
    PART_KINDS,
    FactorPart,
    Factors,
    defensive_factors,
    offensive_factors,
)
from .minmidmax import MMM_DEGREE_BONUS, MMM_FACTOR_BONUS, MMM_READINGS, read_minmidmax  # noqa: F401
from .options import Option, need_dict, need_int, need_list, same
from .wounds import DEAD, HURT, LEVEL_NAMES, NEAR_DEATH, SCRATCH, UNDAMAGED, VERY_HURT

if TYPE_CHECKING:  # pragma: no cover
    from .rulesets import RuleSet


# ---------------------------------------------------------------------------------------------
# Wound tables (W-THRESHOLDS): the least damage for Scratch, Hurt, Very Hurt, Incapacitated,
# Near Death (and, if a GM adds one, Dead: "there is no number given for Dead", F95 4.55).
# ---------------------------------------------------------------------------------------------
THRESHOLDS: dict[str, list[int]] = {
    "standard": [1, 3, 5, 7, 9],   # F95 4.55, MUD 4.55: 1-2 3-4 5-6 7-8 9+
    "doubled": [1, 4, 7, 10, 13],  # F95 4.55, doubled relative degree: 1-3 4-6 7-9 10-12 13+
    "epic": [1, 2, 4, 6, 7],       # F95 4.63, epic game: 1, 2-3, 4-5, 6, 7+
}

# F95 4.56 sample graze severity table: rows [least factor, level]; below the first row: none.
F95_GRAZE_TABLE = [[0, SCRATCH], [5, HURT]]
# MUD 4.56 graze severity table (TDF + Strength/Weapon Scale): 0-4 Scratch, 5-8 Hurt, 9+ Very Hurt.
MUD_GRAZE_TABLE = [[0, SCRATCH], [5, HURT], [9, VERY_HURT]]

DIE_CHOICES = (
    ("none", "No damage die"),
    ("number_1df", "1dF added to the damage number (F95 4.61)"),
    ("level_1df", "1dF added to the wound level (F95 4.61)"),
    ("even_odd_number", "Even/odd opposed rolls adjust the factors (F95 4.61)"),
    ("even_odd_level", "Even/odd opposed rolls adjust the wound level (F95 4.61)"),
    ("situational_limited", "4dF situational roll with the three limitations (F95 4.61)"),
    ("situational", "4dF situational roll, no limitations (F95 4.61)"),
    ("odd_die", "Odd-coloured die of the combat roll (MUD 4.61)"),
)
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
    level = UNDAMAGED
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


def _adjust(odf: Factors, ddf: Factors, rd: int, rules: RuleSet, steps: list[Step]) -> Factors:
    """Armor and Scale rules that depend on the weapon and the hit; returns the DDF to use."""
    armor = ddf.value_of("armor")
    if rules["co.armor"] and ddf.coverage is not None:
        if rd > ddf.coverage:
            # CO 1.3: "If the striker's degree of success is greater than the CV ... as if no armor".
            steps.append(Step("CO 1.3", f"Degree of success {rd} is above the armor's Coverage Value "
                              f"{ddf.coverage}: the blow finds an unprotected spot, armor is ignored.",
                              {"degree": rd, "coverage": ddf.coverage, "armor_before": armor, "armor_after": 0}))
            ddf = ddf.without("armor")
            armor = 0
        else:
            steps.append(Step("CO 1.3", f"Degree of success {rd} is not above the Coverage Value "
                              f"{ddf.coverage}: the armor counts.", {"degree": rd, "coverage": ddf.coverage}))
    if odf.heavy_blunt and rules["damage.heavy_blunt"] and armor > 0:
        # F95 4.54 optional: heavy blunt metal weapons halve armor protection, round down.
        halved = armor // 2
        ddf = _merge_kind(ddf, "armor", halved)
        steps.append(Step("F95 4.54", f"Heavy blunt weapon: armor {armor:+d} counts as {halved:+d}.",
                          {"armor_before": armor, "armor_after": halved}))
    mass = ddf.value_of("mass_scale")
    if odf.scale_piercing != "none" and mass > 0:
        if rd >= rules["damage.piercing_degree"]:
            # F95 4.58 / MUD 4.58: "if they hit well, simply halve the Scale value, or ignore it".
            after = mass // 2 if odf.scale_piercing == "halve" else 0
            ddf = _merge_kind(ddf, "mass_scale", after)
            steps.append(Step("F95 4.58", f"Scale-piercing weapon hits well (+{rd}): Mass Scale "
                              f"{mass:+d} counts as {after:+d}.", {"mass_before": mass, "mass_after": after}))
        else:
            steps.append(Step("F95 4.58", f"Scale-piercing weapon, but +{rd} is not a good enough hit "
                              f"(needs +{rules['damage.piercing_degree']}): Mass Scale counts fully.",
                              {"mass": mass}))
    return ddf


def _merge_kind(f: Factors, kind: str, value: int) -> Factors:
    """Replace every part of ``kind`` by one part carrying ``value`` (keeps the first label)."""
    first = next(p for p in f.parts if p.kind == kind)
    parts: list[FactorPart] = []
    for p in f.parts:
        if p.kind != kind:
            parts.append(p)
        elif p is first:
            parts.append(replace(p, value=value))
    return replace(f, parts=tuple(parts))


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
        a = check.whole(attack_roll, "attack_roll", -10, 10) if attack_roll is not None else None
        d = check.whole(defense_roll, "defense_roll", -10, 10) if defense_roll is not None else None
        if a is None or d is None:
            raise DiceError("The even/odd damage rule reads both sides' opposed rolls: give "
                            "attack_roll and defense_roll.", field="attack_roll" if a is None else "defense_roll")
        # F95 4.61: an even roll (−4, −2, 0, +2, +4) adds one to that side's factor.
        effect = (1 if a % 2 == 0 else 0) - (1 if d % 2 == 0 else 0)
        steps.append(Step("F95 4.61", f"Opposed rolls: attacker {a:+d} ({'even, +1' if a % 2 == 0 else 'odd'}), "
                          f"defender {d:+d} ({'even, +1' if d % 2 == 0 else 'odd'}): net {effect:+d}.",
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
    if by_level:
        return _shift(level, adj, top), number
    new_number = None if number is None else number + adj
    return relook(adj), new_number


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
    resist = 0
    if rules["damage.capacity"] == "gift" and rules["damage.capacity_step"] == "level":
        resist = ddf.value_of("resistant")
    # Each factor line totals what the total damage factor uses; a part counted apart is named
    # on it: an all-out attack's +1 (F95 4.31, on the damage number or the graze, steps below) and
    # Damage Resistant / Fragile as one wound level (F95 4.52 no. 2, its own step below).
    steps: list[Step] = [
        Step(f"{book} 4.55", f"Offensive damage factors: {odf.without('all_out').text()}"
             + (f"; All-out offence {all_out:+d}: counted apart (F95 4.31), not in this total" if all_out else "")
             + ".", {"odf": odf.to_dict()}),
        Step(f"{book} 4.55", f"Defensive damage factors: {ddf.without('resistant').text() if resist else ddf.text()}"
             + (f"; {'Damage Resistant' if resist > 0 else 'Fragile'} {resist:+d}: one wound level (F95 4.52), "
                "not in this total" if resist else "") + ".", {"ddf": ddf.to_dict()}),
    ]
    ddf_used = _adjust(odf, ddf.without("resistant") if resist else ddf, rd, rules, steps)
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

    if graze and graze_mode == "f95":
        return _graze_f95(odf, ddf_used, factor, all_out, resist, rules, damage_die, attack_roll,
                          defense_roll, scale_difference, capacity_roll, steps, common)
    if system == "minmidmax" and not graze:
        return _resolve_minmidmax(rd, factor, all_out, resist, table, top, rules, damage_die, capacity_roll,
                          steps, common)

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
    level, number = _capacity_adjust(level, number, lambda d: wound_level(number + d, table), rules, resist,
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
    return DamageOutcome(number=number, level=level, cap=cap, die=mode,
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


def _graze_f95(odf: Factors, ddf: Factors, factor: int, all_out: int, resist: int, rules: RuleSet,
               damage_die: Any, attack_roll: Any, defense_roll: Any, scale_difference: int,
               capacity_roll: Any, steps: list[Step], common: dict) -> DamageOutcome:
    """F95 4.56: a relative degree of +1 reads the graze table; a damage die moves it at most one
    level; the all-out offence bonus raises it a level (F95 4.7: "her normal Scratch result (for a
    graze) is increased to Hurt"). The +2 the foe of a failed all-out attacker gets (F95 4.31)
    raises it two levels the same way under ``melee.all_out_foe_graze`` "levels" (then it is left
    out of the table's look-up), or stays in the damage factor the table reads ("factor")."""
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
        steps.append(Step("F95 4.31", f"The foe attacked all-out and lost: his +{foe} to damage raises the graze "
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
    effect, faces = 0, ()
    if mode != "none" and rules["damage.graze_die"] == "one_level":
        effect, faces = _die_effect(mode, damage_die, attack_roll, defense_roll, steps)
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

    level, _ = _capacity_adjust(level, None, relook, rules, resist, capacity_roll, max(top, base), steps)
    return DamageOutcome(number=None, level=level, cap=base, die=mode, die_effect=effect, faces=faces,
                         steps=tuple(steps), **common)


def _graze_scale(odf: Factors, rules: RuleSet) -> int:
    """MUD 4.56: the graze table reads "TDF + Strength/Weapon Scale" — the attacker's Strength Scale
    (a non-muscle weapon's only when it is scaled to its wielder), on top of the TDF."""
    return odf.value_of("strength_scale") if rules["damage.graze_scale"] == "strength" else 0


def _resolve_minmidmax(rd: int, factor: int, all_out: int, resist: int, table: list[int], top: int,
               rules: RuleSet, damage_die: Any, capacity_roll: Any, steps: list[Step],
               common: dict) -> DamageOutcome:
    """F95 4.63 (tables from F95b 4.63): bonuses for damage factor and relative degree choose
    which of 3d6 to read; a total bonus below zero means no damage and no roll."""
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
    level, number = _capacity_adjust(level, number, lambda d: wound_level(number + d, table), rules, resist,
                                     capacity_roll, top, steps)
    return DamageOutcome(number=number, level=level, cap=None, die="3d6", die_effect=0, faces=faces,
                         steps=tuple(steps), **common)


# ---------------------------------------------------------------------------------------------
# Option checks for the tables
# ---------------------------------------------------------------------------------------------

def _check_thresholds(value: Any, where: str) -> list[int]:
    """A wound table: 5 numbers (Scratch … Near Death) or 6 (a GM's number for Dead), rising."""
    need_list(value, where, min_len=5, max_len=6)
    out = [need_int(v, f"{where}[{i}]", low=1, high=200) for i, v in enumerate(value)]
    for i in range(1, len(out)):
        if out[i] <= out[i - 1]:
            raise OptionError(f"{where}: each wound level needs more damage than the one before "
                              f"({out[i]} after {out[i - 1]}).", field=f"{where}[{i}]")
    return out


def _check_graze_table(value: Any, where: str) -> list[list[int]]:
    """Graze rows [least damage factor, level], factors rising, levels Scratch…Near Death rising."""
    need_list(value, where, min_len=1, max_len=5)
    out = []
    for i, row in enumerate(value):
        need_list(row, f"{where}[{i}]", min_len=2, max_len=2)
        least = need_int(row[0], f"{where}[{i}][0]", low=-50, high=50)
        level = need_int(row[1], f"{where}[{i}][1]", low=SCRATCH, high=NEAR_DEATH)
        if out and (least <= out[-1][0] or level <= out[-1][1]):
            raise OptionError(f"{where}[{i}]: rows must rise in damage factor and in level.", field=f"{where}[{i}]")
        out.append([least, level])
    return out


def _check_bonus_table(value: Any, where: str) -> dict:
    """A Min-Mid-Max bonus table ``{"below": b, "rows": [[least, bonus], …]}`` (F95b 4.63)."""
    def rows(v: Any, w: str) -> list[list[int]]:
        need_list(v, w, min_len=1, max_len=10)
        out: list[list[int]] = []
        for i, row in enumerate(v):
            need_list(row, f"{w}[{i}]", min_len=2, max_len=2)
            least = need_int(row[0], f"{w}[{i}][0]", low=-50, high=50)
            bonus = need_int(row[1], f"{w}[{i}][1]", low=-5, high=4)
            if out and least <= out[-1][0]:
                raise OptionError(f"{w}[{i}]: rows must rise.", field=f"{w}[{i}]")
            out.append([least, bonus])
        return out
    return need_dict(value, where, {"below": lambda v, w: need_int(v, w, low=-5, high=4), "rows": rows})


def _normal(cls: type, entries: list[dict]) -> list[dict]:
    """Catalogue entries with every field, as a GM's edited table comes back (so equal compares equal)."""
    return [cls.from_dict(e).to_dict() for e in entries]


def _presets(f95: Any, mud: Any, f93: Any) -> dict[str, Any]:
    return {"fudge1995": f95, "mudge": mud, "fudge1993": f93}


OPTIONS: tuple[Option, ...] = (
    Option("damage.system", "Damage system", "F95 4.55, 4.63", "choice", same("standard"),
           help="How the damage number is found: factor + relative degree (F95 4.55, MUD 4.55), "
                "factor + doubled relative degree (F95 4.55), or the 3d6 Min-Mid-Max roll (F95 4.63).",
           group="Damage", choices=(("standard", "Damage factor + relative degree"),
                                    ("doubled", "Damage factor + doubled relative degree"),
                                    ("minmidmax", "Min-Mid-Max 3d6"))),
    Option("damage.thresholds", "Wound table", "F95 4.55, 4.63", "choice", same("book"),
           help="The damage needed for each wound level. 'As the system prints it' uses 1-2/3-4/5-6/7-8/9+ "
                "or, with doubled relative degree, 1-3/4-6/7-9/10-12/13+.", group="Damage",
           choices=(("book", "As the damage system prints it"), ("standard", "1-2, 3-4, 5-6, 7-8, 9+"),
                    ("doubled", "1-3, 4-6, 7-9, 10-12, 13+"), ("epic", "Epic: 1, 2-3, 4-5, 6, 7+"),
                    ("custom", "The GM's own table"))),
    Option("damage.custom_thresholds", "GM's wound table", "F95 4.55", "table", same([1, 3, 5, 7, 9]),
           help="Least damage for Scratch, Hurt, Very Hurt, Incapacitated, Near Death (and Dead, if "
                "you give it a number). Used when the wound table is 'The GM's own table'.",
           group="Damage", check=_check_thresholds),
    Option("damage.capacity", "Damage Capacity", "F95 4.52", "choice", same("factor"),
           help="Damage Capacity (Mudge: Constitution) +3…−3 as a defensive factor; or a DC roll that "
                "adjusts each wound of Hurt or worse; or the gift Damage Resistant / fault Fragile; or not "
                "in the damage at all (DC as the wound record, Willpower).", group="Damage",
           choices=(("factor", "Defensive factor +3…−3"), ("roll", "DC roll adjusts severity"),
                    ("gift", "Damage Resistant / Fragile"), ("none", "Not counted in damage"))),
    Option("damage.capacity_step", "Capacity adjusts by", "F95 4.52", "choice", same("level"),
           help="A DC roll or Damage Resistant/Fragile changes the wound by one level or one damage point.",
           group="Damage", choices=(("level", "One wound level"), ("point", "One damage point"))),
    Option("damage.graze", "Grazes (relative degree +1)", "F95 4.56, MUD 4.56", "choice",
           _presets("f95", "mudge", "f95"),
           help="F95: the graze table gives the wound. Mudge: damage as usual, at most the graze table's "
                "level. Off: +1 is an ordinary hit.", group="Damage",
           choices=(("f95", "Graze table gives the wound (F95)"), ("mudge", "Graze table caps the wound (Mudge)"),
                    ("off", "No graze rule"))),
    Option("damage.graze_table", "Graze severity table", "F95 4.56, MUD 4.56", "table",
           _presets(F95_GRAZE_TABLE, MUD_GRAZE_TABLE, F95_GRAZE_TABLE),
           help="Rows of [least damage factor, wound level 1-5]; below the first row a graze does nothing.",
           group="Damage", check=_check_graze_table),
    Option("damage.graze_scale", "Graze table adds Strength Scale", "MUD 4.56", "choice",
           _presets("none", "strength", "none"),
           help="Mudge reads its graze table at TDF + the attacker's Strength (or Weapon) Scale. F95 reads "
                "the damage factor alone, which already holds both Scales.", group="Damage",
           choices=(("none", "Damage factor only (F95)"), ("strength", "TDF + Strength/Weapon Scale (Mudge)"))),
    Option("damage.graze_die", "Damage die on a graze", "F95 4.56", "choice", same("one_level"),
           help="Whether a damage die roll applies to an F95 graze, moving it at most one level (F95 4.56, 4.7). "
                "(Mudge grazes always count the odd-coloured die, capped by the graze table.)",
           group="Damage", choices=(("one_level", "Yes, at most one level"), ("none", "No"))),
    Option("damage.die", "Damage die", "F95 4.61, MUD 4.61", "choice", _presets("none", "odd_die", "none"),
           help="An optional damage roll. Mudge always reads the odd-coloured die of the combat roll.",
           group="Damage", choices=DIE_CHOICES),
    Option("damage.scale_roll", "Damage roll when only Scale stops a hit", "F95 4.58", "bool", same(False),
           help="When Scale alone keeps a hit from a Scratch, a 4dF roll may still make it a Scratch.",
           group="Damage"),
    Option("damage.critical_penetration", "Critical success penetrates Scale", "F95 4.58", "int", same(0),
           help="Points of damage a much smaller fighter's critical success always does (0: off).",
           group="Damage", low=0, high=2),
    Option("damage.piercing_degree", "Scale-piercing weapons need", "F95 4.58", "int", same(2),
           help="Relative degree at which a scale-piercing weapon 'hits well' and halves or ignores Scale.",
           group="Damage", low=1, high=10),
    Option("damage.heavy_blunt", "Heavy blunt weapons halve armor", "F95 4.54", "bool", same(False),
           help="Maces and flails: halve the defender's armor, round down (F95 optional note).", group="Damage"),
    Option("damage.less_lethal", "Less lethal weapons", "F95 4.54", "bool", same(False),
           help="Subtract 1 from every weapon except sharpness (longer combats).", group="Damage"),
    Option("damage.tech_scale", "Tech level as Scale", "F95 4.65", "bool", same(False),
           help="Add the weapon's and the armor's technological level as Scale.", group="Damage"),
    Option("damage.mmm_factor_bonus", "Min-Mid-Max: damage factor bonus", "F95 4.63", "table",
           same({"below": -1, "rows": MMM_FACTOR_BONUS}),
           help="Die-reading bonus by damage factor: <0 −1, 0-2 0, 3-5 +1, 6+ +2.", group="Damage",
           check=_check_bonus_table),
    Option("damage.mmm_degree_bonus", "Min-Mid-Max: relative degree bonus", "F95 4.63", "table",
           same({"below": 0, "rows": MMM_DEGREE_BONUS}),
           help="Die-reading bonus by relative degree: 2-3 0, 4-5 +1, 6+ +2.", group="Damage",
           check=_check_bonus_table),
    Option("damage.mmm_low_penalty", "Min-Mid-Max: −2 for damage factor −5 or worse", "F95 4.63", "bool",
           same(False), help="The damage factor bonus is −2 instead of −1 at −5 or worse.", group="Damage"),
    Option("damage.weapons", "Weapon catalogue", "F95 4.54, MUD 4.54", "table",
           _presets(_normal(Weapon, catalogue.F95_WEAPONS), _normal(Weapon, catalogue.MUD_WEAPONS),
                    _normal(Weapon, catalogue.F95_WEAPONS)),
           help="Weapons and their damage factors.", group="Damage", check=_check_catalogue(Weapon)),
    Option("damage.armors", "Armor catalogue", "F95 4.54, MUD 4.54", "table",
           _presets(_normal(Armor, catalogue.F95_ARMORS), _normal(Armor, catalogue.MUD_ARMORS),
                    _normal(Armor, catalogue.F95_ARMORS)),
           help="Armor and its protection.", group="Damage", check=_check_catalogue(Armor)),
    Option("co.armor", "CO 1: Armor Value and Coverage Value", "CO 1", "bool", same(False),
           help="Armor absorbs its AV; a degree of success above its CV ignores the armor.",
           group="Combat Options"),
    Option("co.armor_values", "CO 1: Armor Values", "CO 1.3", "table", same(catalogue.CO_ARMOR_VALUES),
           help="Armor material and its Armor Value.", group="Combat Options",
           check=_check_named_values("value", 0, 20)),
    Option("co.coverage_values", "CO 1: Coverage Values", "CO 1.4", "table", same(catalogue.CO_COVERAGE_VALUES),
           help="Armor type and its Coverage Value.", group="Combat Options",
           check=_check_named_values("coverage", 0, 20)),
)
