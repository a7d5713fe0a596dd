"""NPC templates a GM picks from when setting up an encounter: the app's small bestiary.

The books print no monster list. What they do print is used where it exists, and each template
says where its numbers come from (``source``): the pirates of F95 4.34 (combat skills Fair, Good
and Mediocre), the gear the worked examples fix (``catalogue.F95_WEAPONS`` / ``F95_ARMORS``), the
animal defence of F95 4.23 (a carnivore defends one level below its offence), Scale and Tough
Hide as F95 4.58 uses them (the leprechaun at Scale −4, the dragon at +6 with Tough Hide +2), and
the pawn NPC's three-stage record (F95 4.57: role ``npc``). A template the books give no
statistics for is marked ``house``: its numbers are this app's example, to be changed at will.

Every template is a fighter sheet in the shape of :meth:`Fighter.to_dict` (checked by
:func:`templates`), given to the app through the door's ``describe`` (``bestiary``).
"""

from __future__ import annotations

from typing import Any

from ..combat.fighter import Fighter

# Gear as the worked examples fix it (the same values as the F95 catalogue's entries).
_KNIFE = {"name": "Knife", "size": 1, "note": "F95 4.31"}
_BROADSWORD = {"name": "Broadsword", "size": 2, "sharp": 1, "note": "F95 4.55 (Leroy)"}
_POLEAXE = {"name": "Poleaxe", "size": 4, "note": "F95 4.55 (Theodora)"}
_LIGHT_LEATHER = {"name": "Light leather", "value": 1, "note": "F95 4.58 (McMurtree)"}
_HEAVY_LEATHER = {"name": "Heavy leather", "value": 2, "note": "F95 4.58 (Sheba), 4.7"}
_SCALE_MAIL = {"name": "Scale mail", "value": 3, "note": "F95 4.55 (Leroy)"}

# key, sheet, side, source, house (True: the books give no statistics for it).
_TEMPLATES: tuple[tuple[str, dict[str, Any], str, str, bool], ...] = (
    ("bandit", {
        "name": "Bandit", "role": "npc", "skills": {"Sword": 0},
        "weapon": _BROADSWORD, "armor": _HEAVY_LEATHER,
    }, "foes",
        "F95 4.34: the pirates Molly, Annie and Maggie are Fair, Good and Mediocre at combat skills "
        "(Fair here; Annie fights with a sword, MUD 4.35); broadsword +3 (F95 4.55), heavy leather +2 "
        "(F95 4.58); Strength and Damage Capacity Fair, the average (F95/MUD 4.54).", False),
    ("guard", {
        "name": "Guard", "role": "npc", "skills": {"Poleaxe": 0},
        "weapon": _POLEAXE, "armor": _SCALE_MAIL,
    }, "foes",
        "House example: the books name guards (F95 4.21, 4.7) but give them no statistics. Fair "
        "skill, Theodora's poleaxe +4 and Leroy's scale mail +3 (F95 4.55).", True),
    ("goblin", {
        "name": "Goblin", "role": "npc", "skills": {"Knife": 0}, "strength": -1, "damage_capacity": -1,
        "weapon": _KNIFE, "armor": _LIGHT_LEATHER,
    }, "foes",
        "House example: the books have no goblins. A pawn NPC (F95 4.57) with a Fair skill, Mediocre "
        "Strength and Damage Capacity, a knife +1 (F95 4.31) and light leather +1 (F95 4.58); human "
        "Scale kept.", True),
    ("wolf", {
        "name": "Wolf", "role": "npc", "skills": {"Bite": 1}, "animal": "carnivore",
        "weapon": {"name": "Teeth", "size": 1, "note": "house example: as a knife, F95 4.31"},
    }, "foes",
        "House example: the books give no animal statistics. A carnivore defends one level below its "
        "offence (F95 4.23: Good bite, Fair defence); wolves are the pack six of which can reach one "
        "fighter (F95 4.34); teeth as a knife +1; human Scale kept.", True),
    ("bear", {
        "name": "Bear", "role": "npc", "skills": {"Claws": 0}, "animal": "carnivore",
        "strength_scale": 3, "mass_scale": 3, "tough_hide": 1,
        "weapon": {"name": "Claws and teeth", "size": 1, "sharp": 1, "note": "house example"},
    }, "foes",
        "House example: the books give no animal statistics. A carnivore (F95 4.23: Fair claws, "
        "Mediocre defence) of Strength and Mass Scale +3 (F95 4.58 counts Scale as a damage factor; "
        "its leprechaun is −4, its dragon +6) with Tough Hide +1 (the dragon's is +2); claws and "
        "teeth +2.", True),
)


def templates() -> list[dict[str, Any]]:
    """The bestiary as the app shows it: ``{key, name, side, fighter, source, house}`` per
    template, ``fighter`` read through :meth:`Fighter.from_dict` (so every template is a sheet
    the door accepts) and written back whole."""
    out = []
    for key, sheet, side, source, house in _TEMPLATES:
        fighter = Fighter.from_dict(sheet, field=f"bestiary.{key}")
        out.append({"key": key, "name": fighter.name, "side": side, "fighter": fighter.to_dict(),
                    "source": source, "house": house})
    return out
