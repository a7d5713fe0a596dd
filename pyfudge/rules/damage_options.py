"""The damage options of a ruleset: damage system, wound and graze tables, damage dice, Scale,
Min-Mid-Max bonuses, the weapon and armor catalogues (F95 4.5–4.6, MUD 4.5–4.6, CO 1)."""

from __future__ import annotations

from typing import Any

from ..core.errors import OptionError
from ..core.options import Option, need_dict, need_int, need_list, same
from . import catalogue
from .catalogue import Armor, Weapon, _check_catalogue, _check_named_values
from .minmidmax import MMM_DEGREE_BONUS, MMM_FACTOR_BONUS
from .wound_levels import HURT, NEAR_DEATH, SCRATCH, VERY_HURT

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
    out: list[list[int]] = []
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


def _normal(cls: type[Weapon] | type[Armor], entries: list[dict]) -> list[dict]:
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
