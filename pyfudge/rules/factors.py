"""Damage factors (W-FACTORS, factor part of W-CAPACITY): what a player jots down (F95 4.53–4.55).

Offensive factors: Strength (muscle-powered weapons), Strength Scale, the weapon (size, sharpness,
a gun's own Strength, MUD's gun bonus, magic), all-out offence; MUD 4.55's magic/psi formula.
Defensive factors: Damage Capacity (MUD: Constitution), armor, Mass Scale, Tough Hide, Damage
Resistant/Fragile; tech level as Scale (F95 4.65). Each part keeps its kind, label and section.
``pyfudge.rules.damage`` re-exports every public name here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.checks import REQUEST as check
from ..core.errors import FudgeError
from .catalogue import PIERCING, SCALE_LIMIT, Armor, Weapon

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

FACTOR_LIMIT = 40  # no Fudge factor gets near this; beyond it the input is a typo


# ---------------------------------------------------------------------------------------------
# Factors (W-FACTORS): the parts a player jots down (F95 4.54–4.55)
# ---------------------------------------------------------------------------------------------

# Kinds of parts. The resolution reads some of them specially: "armor" (heavy blunt, CO CV),
# "mass_scale" (scale piercing), "strength_scale" (penetration on a critical), "all_out"
# (a level on a graze, a die result in Min-Mid-Max), "foe_all_out" (the +2 against a failed
# all-out attacker: levels on a graze under ``melee.all_out_foe_graze``), "resistant" (a level
# when so set).
PART_KINDS = (
    "strength", "strength_scale", "weapon", "magic", "all_out", "foe_all_out", "tech", "extra",
    "capacity", "armor", "mass_scale", "tough_hide", "resistant",
)


@dataclass(frozen=True)
class FactorPart:
    """One contributing factor: its kind, a label for the sheet, its value and the rule behind it."""

    kind: str
    label: str
    value: int
    section: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind", "label", "value", "section"}``."""
        return {"kind": self.kind, "label": self.label, "value": self.value, "section": self.section}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "part") -> FactorPart:
        """Read a part from JSON, validating every field."""
        d = check.obj(data, field, ("kind", "label", "value", "section"))
        for key in ("kind", "label", "value"):
            if key not in d:
                raise FudgeError(f"{field} needs {key}.", field=f"{field}.{key}")
        return cls(
            check.choice(d["kind"], f"{field}.kind", PART_KINDS),
            check.text(d["label"], f"{field}.label", 80),
            check.whole(d["value"], f"{field}.value", -FACTOR_LIMIT, FACTOR_LIMIT),
            check.text(d.get("section", ""), f"{field}.section", 40, empty=True),
        )


@dataclass(frozen=True)
class Factors:
    """Offensive (ODF) or defensive (DDF) damage factors: the total and every part with its source.

    Attack traits the resolution needs ride along: ``heavy_blunt`` and ``scale_piercing`` come
    from the attacker's weapon (ODF), ``coverage`` from the defender's armor (DDF, CO 1).
    """

    side: str
    parts: tuple[FactorPart, ...] = ()
    heavy_blunt: bool = False
    scale_piercing: str = "none"
    coverage: int | None = None

    @property
    def total(self) -> int:
        """The sum of the parts (F95 4.55: "adding up all the attacker's offensive factors")."""
        return sum(p.value for p in self.parts)

    def value_of(self, kind: str) -> int:
        """The sum of the parts of one kind."""
        return sum(p.value for p in self.parts if p.kind == kind)

    def without(self, *kinds: str) -> Factors:
        """A copy without the parts of these kinds."""
        return replace(self, parts=tuple(p for p in self.parts if p.kind not in kinds))

    def text(self) -> str:
        """The jotted-down line: ``"Good Strength +1, Broadsword +3 = +4"``."""
        shown = ", ".join(f"{p.label} {p.value:+d}" for p in self.parts) or "nothing"
        return f"{shown} = {self.total:+d}"

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"side", "total", "parts": [part…], "heavy_blunt", "scale_piercing",
        "coverage"}`` (``total`` is derived and ignored by ``from_dict``)."""
        return {"side": self.side, "total": self.total, "parts": [p.to_dict() for p in self.parts],
                "heavy_blunt": self.heavy_blunt, "scale_piercing": self.scale_piercing,
                "coverage": self.coverage}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "factors") -> Factors:
        """Read factors from JSON, validating every field."""
        d = check.obj(data, field, ("side", "total", "parts", "heavy_blunt", "scale_piercing", "coverage"))
        parts = d.get("parts", [])
        if not isinstance(parts, list) or len(parts) > 40:
            raise FudgeError(f"{field}.parts must be a list of up to 40 parts.", field=f"{field}.parts")
        coverage = d.get("coverage")
        out = cls(
            check.choice(d.get("side", "offensive"), f"{field}.side", ("offensive", "defensive")),
            tuple(FactorPart.from_dict(p, field=f"{field}.parts[{i}]") for i, p in enumerate(parts)),
            check.flag(d.get("heavy_blunt", False), f"{field}.heavy_blunt"),
            check.choice(d.get("scale_piercing", "none"), f"{field}.scale_piercing", PIERCING),
            None if coverage is None else check.whole(coverage, f"{field}.coverage", 0, 20),
        )
        if "total" in d and d["total"] != out.total:
            raise FudgeError(f"{field}.total {d['total']!r} is not the sum of its parts ({out.total}).",
                             field=f"{field}.total")
        return out


def _extras(extra: Iterable[Any], where: str) -> list[FactorPart]:
    """Extra parts from the caller: FactorPart, Modifier-like objects, or (label, value[, section])."""
    out = []
    for i, item in enumerate(extra):
        if isinstance(item, FactorPart):
            out.append(item)
        elif hasattr(item, "source") and hasattr(item, "amount"):
            out.append(FactorPart("extra", check.text(item.source, f"{where}[{i}]", 80),
                                  check.whole(item.amount, f"{where}[{i}].amount", -FACTOR_LIMIT, FACTOR_LIMIT),
                                  getattr(item, "section", "")))
        elif isinstance(item, (tuple, list)) and len(item) in (2, 3):
            section = item[2] if len(item) == 3 else ""
            out.append(FactorPart("extra", check.text(item[0], f"{where}[{i}]", 80),
                                  check.whole(item[1], f"{where}[{i}]", -FACTOR_LIMIT, FACTOR_LIMIT),
                                  check.text(section, f"{where}[{i}]", 40, empty=True)))
        else:
            raise FudgeError(f"{where}[{i}] must be a label and an amount.", field=f"{where}[{i}]")
    return out


def _level_label(value: int, trait: str) -> str:
    return f"{ladder.name(value, legendary=True)} {trait}"


def _capacity_is_the_record(rules: RuleSet) -> bool:
    """Whether the wounds module keeps Damage Capacity as the wound record (F95 4.52 no. 3, 4.57)."""
    try:
        return rules["wounds.record"] == "capacity"
    except KeyError:  # the wounds module declares no such option
        return False


def _book(rules: RuleSet) -> str:
    """Which book the sections of a factor cite: Mudge's own 4.5x under the Mudge preset."""
    return "MUD" if rules.preset == "mudge" else "F95"


# Nine keyword-only parameters: Strength and its Scale, the weapon, magic, all-out bonuses, the kind of attack.
def offensive_factors(
    *,
    rules: RuleSet,
    strength: int = 0,
    strength_scale: int = 0,
    weapon: Weapon | None = None,
    magic: int = 0,
    all_out: int = 0,
    extra: Iterable[Any] = (),
    attack: str = "physical",
    foe_all_out: int = 0,
) -> Factors:
    """The attacker's offensive damage factors (F95 4.53–4.54, 4.58; MUD 4.54–4.55).

    Strength (a ladder level, +3 Superb … −3 Terrible) and Strength Scale count only for
    muscle-powered weapons and weapons scaled to the wielder (F95 4.54 notes); the weapon adds
    size + sharpness (or its own Strength for a gun), MUD's gun bonus, other bonuses and magic;
    ``magic`` is any further magic on the blow; ``all_out`` the all-out offence damage bonus
    (F95 4.31: +1); ``foe_all_out`` the +2 the foe of a failed all-out attacker gets (F95 4.31,
    F93 4.62); ``extra`` more parts as (label, value[, section]) or ``actions.Modifier``.
    ``attack="magic"`` reads MUD 4.55's magic/psi formula: ``strength`` is Mana/Psyche,
    ``strength_scale`` its Scale and the weapon's size its Power Value.
    Options read: ``damage.less_lethal`` (F95 4.54), ``damage.tech_scale`` (F95 4.65).
    """
    weapon = weapon if weapon is not None else Weapon()
    check.choice(attack, "attack", ("physical", "magic"))
    strength = check.whole(strength, "strength", -10, 20)
    strength_scale = check.whole(strength_scale, "strength_scale", -SCALE_LIMIT, SCALE_LIMIT)
    magic = check.whole(magic, "magic", -20, 20)
    all_out = check.whole(all_out, "all_out", 0, 5)
    foe_all_out = check.whole(foe_all_out, "foe_all_out", 0, 5)
    book = _book(rules)
    parts: list[FactorPart] = []
    if attack == "magic":
        # MUD 4.55: Mana/Psyche + Mana/Psyche Scale + Power Value.
        parts.append(FactorPart("strength", _level_label(strength, "Mana/Psyche"), strength, "MUD 4.55"))
        parts.append(FactorPart("strength_scale", "Mana/Psyche Scale", strength_scale, "MUD 4.55"))
        parts.append(FactorPart("weapon", f"{weapon.name} (Power Value)", weapon.value, "MUD 4.55"))
    else:
        uses_strength = weapon.muscle
        uses_scale = weapon.muscle or weapon.scaled
        if uses_strength:
            parts.append(FactorPart("strength", _level_label(strength, "Strength"), strength, f"{book} 4.54"))
        if uses_scale:
            parts.append(FactorPart("strength_scale", "Strength Scale", strength_scale, f"{book} 4.58"))
        value = weapon.value
        label = weapon.name
        if weapon.sharp:
            label += f" (size {weapon.size:+d}, sharp {weapon.sharp:+d})"
        if rules["damage.less_lethal"]:
            # F95 4.54: "subtract 1 from each type of weapon except sharpness".
            value -= 1
            label += ", less lethal −1"
        parts.append(FactorPart("weapon", label, value, f"{book} 4.54"))
    if magic:
        parts.append(FactorPart("magic", "Magic", magic, "F95 4.54"))
    if rules["damage.tech_scale"] and weapon.tech:
        parts.append(FactorPart("tech", "Weapon tech level (as Scale)", weapon.tech, "F95 4.65"))
    if all_out:
        parts.append(FactorPart("all_out", "All-out offence", all_out, "F95 4.31"))
    if foe_all_out:
        parts.append(FactorPart("foe_all_out", "Foe's failed all-out attack", foe_all_out, "F95 4.31"))
    parts.extend(_extras(extra, "extra"))
    return Factors("offensive", tuple(parts), weapon.heavy_blunt, weapon.scale_piercing, None)


def defensive_factors(
    *,
    rules: RuleSet,
    capacity: int = 0,
    armor: Armor | None = None,
    mass_scale: int = 0,
    tough_hide: int = 0,
    resistant: int = 0,
    extra: Iterable[Any] = (),
    attack: str = "physical",
) -> Factors:
    """The defender's defensive damage factors (F95 4.52–4.54, 4.58; MUD 4.54–4.55; CO 1.2).

    ``capacity`` is the Damage Capacity level (MUD: Constitution; against magic/psi MUD 4.55 reads
    Willpower or Constitution), counted as a factor when ``damage.capacity`` is ``"factor"``
    (F95 4.52's standard; alternatives 3 and 4 use ``"none"``). ``resistant`` is +1 for the gift
    Damage Resistant, −1 for the fault Fragile (F95 4.52 alternative 2, ``"gift"``). Armor adds
    its value and magic (under CO 1 its Armor Value); Mass Scale and Tough Hide add (F95 4.58).
    """
    armor = armor if armor is not None else Armor()
    check.choice(attack, "attack", ("physical", "magic"))
    capacity = check.whole(capacity, "capacity", -10, 20)
    mass_scale = check.whole(mass_scale, "mass_scale", -SCALE_LIMIT, SCALE_LIMIT)
    tough_hide = check.whole(tough_hide, "tough_hide", 0, 20)
    resistant = check.whole(resistant, "resistant", -1, 1)
    mode = rules["damage.capacity"]
    book = _book(rules)
    parts: list[FactorPart] = []
    if mode == "factor" and _capacity_is_the_record(rules):
        mode = "none"  # F95 4.57: "In this case, Damage Capacity is not figured into determining wound severity"
    if mode == "factor":
        trait = "Willpower/Constitution" if attack == "magic" else (
            "Constitution" if rules.preset == "mudge" else "Damage Capacity")
        parts.append(FactorPart("capacity", _level_label(capacity, trait), capacity, f"{book} 4.52"))
    if mode == "gift" and resistant:
        label = "Damage Resistant" if resistant > 0 else "Fragile"
        parts.append(FactorPart("resistant", label, resistant, "F95 4.52"))
    section = "CO 1.2" if rules["co.armor"] else f"{book} 4.54"
    parts.append(FactorPart("armor", armor.name, armor.protection, section))
    parts.append(FactorPart("mass_scale", "Mass Scale", mass_scale, f"{book} 4.58"))
    if tough_hide:
        parts.append(FactorPart("tough_hide", "Tough Hide", tough_hide, "F95 4.58"))
    if rules["damage.tech_scale"] and armor.tech:
        parts.append(FactorPart("tech", "Armor tech level (as Scale)", armor.tech, "F95 4.65"))
    parts.extend(_extras(extra, "extra"))
    return Factors("defensive", tuple(parts), False, "none", armor.coverage)
