"""Every hit's damage explains itself: the DamageOutcome (relative degree, factor, number, level,
graze, cap, armor, system, die, die effect, faces) and its steps (book section, text, data) of
each case below, pinned in tests/golden/readings/damage_readings.json.

Cases cover the damage number and wound tables (F95 4.55, MUD 4.55, epic F95 4.63, a GM's table
with Dead), all-out offence (F95 4.31, 4.7), Damage Capacity's alternatives (F95 4.52), each damage
die (F95 4.61, F95b 4.61, MUD 4.61), Scale rolls and critical penetration (F95 4.58), the F95 graze
table with its die and the foe's all-out bonus (F95 4.56, 4.31), the Mudge graze cap (MUD 4.56),
Min-Mid-Max (F95 4.63, F95b 4.63), armor and Scale on a hit (CO 1.3, F95 4.54, F95 4.58), and the
refusals (error type, message and field). To change the recorded readings deliberately, edit
``CASES`` or the code, then rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_damage_readings.py --write
"""

from __future__ import annotations

import json
from typing import Any

import readings

from pyfudge.core.errors import FudgeError
from pyfudge.rules.damage import resolve_damage
from pyfudge.rulesets import find_ruleset


def _side(side: str, parts: tuple[tuple[str, int], ...], **traits: Any) -> dict[str, Any]:
    return {"side": side, "parts": [{"kind": k, "label": k.replace("_", " ").title(), "value": v}
                                    for k, v in parts], **traits}


def odf(*parts: tuple[str, int], **traits: Any) -> dict[str, Any]:
    """Offensive factors as JSON: (kind, value) parts, labelled by kind; traits as Factors fields."""
    return _side("offensive", parts, **traits)


def ddf(*parts: tuple[str, int], **traits: Any) -> dict[str, Any]:
    """Defensive factors as JSON, like :func:`odf`."""
    return _side("defensive", parts, **traits)


def case(rd: Any, o: dict, d: dict, preset: str = "fudge1995", options: dict | None = None,
         **dice: Any) -> dict[str, Any]:
    return {"rules": preset, "options": options or {}, "rd": rd, "odf": o, "ddf": d, **dice}


NONE = ddf()


def w(value: int) -> dict[str, Any]:
    """An offensive side of one weapon part."""
    return odf(("weapon", value))


STD = {"damage.graze": "off"}
ROLL = {"damage.capacity": "roll", "damage.graze": "off"}
ROLL_PT = {**ROLL, "damage.capacity_step": "point"}
GIFT = {"damage.capacity": "gift", "damage.graze": "off"}
GIFT_PT = {**GIFT, "damage.capacity_step": "point"}
MMM = {"damage.system": "minmidmax"}


def die(mode: str, **more: Any) -> dict[str, Any]:
    return {"damage.die": mode, "damage.graze": "off", **more}


CASES: list[dict[str, Any]] = [
    # F95 4.55: damage number = factor + relative degree, on 1-2/3-4/5-6/7-8/9+; ≤0 no damage.
    case(3, odf(("strength", 1), ("weapon", 2)), ddf(("capacity", 1), ("armor", 1))),
    case(2, w(1), ddf(("armor", 3))),
    case(2, w(0), ddf(("armor", 2))),
    case(4, w(8), NONE),
    case(1, w(2), NONE, options=STD),
    # MUD 4.55 cites Mudge; doubled relative degree (F95 4.55) reads the doubled table.
    case(2, w(3), ddf(("armor", 1)), "mudge", {"damage.die": "none", "damage.graze": "off"}),
    case(3, w(1), NONE, options={"damage.system": "doubled"}),
    case(2, w(2), NONE, options={"damage.system": "doubled", "damage.thresholds": "standard"}),
    case(2, w(2), NONE, options={"damage.thresholds": "epic"}),
    case(9, w(2), NONE, options={"damage.thresholds": "custom", "damage.custom_thresholds": [1, 3, 5, 7, 9, 11]}),
    # F95 4.31: all-out offence +1 counted apart, added to the number.
    case(2, odf(("weapon", 2), ("all_out", 1)), ddf(("armor", 1))),
    case(2, odf(("weapon", 2), ("all_out", 2)), NONE, options={"damage.system": "doubled"}),
    # F95 4.52 (1): a DC roll on Hurt or worse: Great+ −1, Mediocre..Good 0, Poor− +1; by level or point.
    case(2, w(2), NONE, options=ROLL, capacity_roll=2),
    case(2, w(2), NONE, options=ROLL, capacity_roll=1),
    case(2, w(2), NONE, options=ROLL, capacity_roll=-1),
    case(2, w(2), NONE, options=ROLL, capacity_roll=-2),
    case(1, w(0), NONE, options=ROLL),
    case(2, w(8), NONE, options=ROLL, capacity_roll=-3),
    case(2, w(2), NONE, options=ROLL_PT, capacity_roll=3),
    case(2, w(1), NONE, options=ROLL_PT, capacity_roll=-2),
    case(2, w(2), NONE, options=ROLL),
    case(2, w(2), NONE, options=ROLL, capacity_roll=21),
    case(2, w(2), NONE, options=ROLL, capacity_roll=-20),
    # F95 4.52 (2): Damage Resistant −1 level, Fragile +1 level; counted apart from the factor total.
    case(2, w(2), ddf(("resistant", 1), ("armor", 1)), options=GIFT),
    case(2, w(1), ddf(("resistant", -1)), options=GIFT),
    case(1, w(-1), ddf(("resistant", -1)), options=GIFT),
    case(2, w(1), ddf(("resistant", 1)), options=GIFT_PT),
    # F95 4.61: 1dF on the number; on the level (none to change on no damage).
    case(2, w(1), NONE, options=die("number_1df"), damage_die=[1]),
    case(2, w(1), NONE, options=die("number_1df"), damage_die=[-1]),
    case(2, w(2), NONE, options=die("level_1df"), damage_die=[1]),
    case(2, w(9), NONE, options=die("level_1df"), damage_die=[1]),
    case(2, w(-1), NONE, options=die("level_1df"), damage_die=[-1]),
    case(2, w(-4), NONE, options=die("level_1df"), damage_die=[1]),
    case(2, w(1), NONE, options=die("number_1df")),
    case(2, w(1), NONE, options=die("number_1df"), damage_die=[2]),
    # F95 4.61: even/odd opposed rolls on the number and on the level.
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=2, defense_roll=1),
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=-1, defense_roll=0),
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=4, defense_roll=-4),
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=3, defense_roll=-3),
    case(2, w(2), NONE, options=die("even_odd_level"), attack_roll=0, defense_roll=1),
    case(2, w(2), NONE, options=die("even_odd_level"), attack_roll=1, defense_roll=-2),
    case(2, w(1), NONE, options=die("even_odd_number"), defense_roll=1),
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=1),
    case(2, w(1), NONE, options=die("even_odd_number")),
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=11, defense_roll=0),
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=-10, defense_roll=-11),
    case(2, w(1), NONE, options=die("even_odd_number"), attack_roll=10, defense_roll=-10),
    # F95b 4.61: 4dF with the three limitations; without them.
    case(2, w(1), NONE, options=die("situational_limited"), damage_die=[1, 1, 1, 1]),
    case(2, w(1), NONE, options=die("situational_limited"), damage_die=[1, 1, 0, 0]),
    case(2, w(1), NONE, options=die("situational_limited"), damage_die=[-1, -1, -1, -1]),
    case(2, w(-1), NONE, options=die("situational_limited"), damage_die=[1, 1, 0, 0]),
    case(2, w(-4), NONE, options=die("situational_limited"), damage_die=[1, 1, 1, 1]),
    case(2, w(-3), NONE, options=die("situational_limited"), damage_die=[0, 0, 0, 1]),
    case(2, w(-2), NONE, options=die("situational_limited"), damage_die=[-1, 0, 0, 0]),
    case(2, w(1), NONE, options=die("situational"), damage_die=[-1, -1, -1, 0]),
    case(2, w(1), NONE, options=die("situational"), damage_die=[1, 1, 1, 0]),
    case(2, w(1), NONE, options=die("situational")),
    case(2, w(1), NONE, options=die("situational"), damage_die=[1, 1, 1]),
    # MUD 4.61: the odd-coloured die cannot take a positive number below +1.
    case(2, w(-1), NONE, "mudge", {"damage.graze": "off"}, damage_die=[-1]),
    case(2, w(0), NONE, "mudge", {"damage.graze": "off"}, damage_die=[-1]),
    case(2, w(-2), NONE, "mudge", {"damage.graze": "off"}, damage_die=[1]),
    case(2, w(-3), NONE, "mudge", {"damage.graze": "off"}, damage_die=[-1]),
    case(3, w(1), NONE, "mudge", {"damage.graze": "off"}, damage_die=[1]),
    case(3, w(1), NONE, "mudge", {"damage.graze": "off"}),
    # F95 4.58: a damage roll when only Scale stops a hit; a critical success's penetration.
    case(2, odf(("weapon", 1), ("strength_scale", 0)), ddf(("mass_scale", 4)),
         options={"damage.scale_roll": True, "damage.graze": "off"}, damage_die=[1, 1, 1, 0]),
    case(2, w(1), ddf(("mass_scale", 3)),
         options={"damage.scale_roll": True, "damage.graze": "off"}, damage_die=[-1, 0, 1, 0]),
    case(2, w(1), ddf(("mass_scale", 3)),
         options={"damage.scale_roll": True, "damage.graze": "off"}, damage_die=[1, 1, 1, 1]),
    case(2, w(1), ddf(("mass_scale", 3)), options={"damage.scale_roll": True, "damage.graze": "off"}),
    case(2, w(1), ddf(("mass_scale", 4)), options={"damage.scale_roll": True, "damage.graze": "off"}),
    case(2, w(1), ddf(("mass_scale", 2)), options={"damage.scale_roll": True, "damage.graze": "off"}),
    case(2, w(-3), ddf(("mass_scale", 1)), options={"damage.scale_roll": True, "damage.graze": "off"}),
    case(2, w(-2), ddf(("mass_scale", 1)),
         options={"damage.scale_roll": True, "damage.graze": "off"}, damage_die=[0, 0, 0, 0]),
    case(2, w(-1), ddf(("mass_scale", 1)),
         options={"damage.scale_roll": True, "damage.graze": "off"}, damage_die=[1, 0, 0, 0]),
    case(2, w(1), ddf(("mass_scale", 3)), options={"damage.scale_roll": True, "damage.graze": "off"},
         damage_die=[1, 0, 0]),
    case(2, w(1), ddf(("mass_scale", 3)), options={"damage.scale_roll": True, "damage.graze": "off"},
         damage_die=[1, 0, 0, 2]),
    case(2, odf(("weapon", 1), ("strength_scale", 2)), ddf(("mass_scale", 3)),
         options={"damage.scale_roll": True, "damage.graze": "off"}, damage_die=[1, 0, 0, 0]),
    case(2, w(1), ddf(("mass_scale", 6)), options={"damage.critical_penetration": 2, "damage.graze": "off"},
         critical=True),
    case(2, w(1), ddf(("mass_scale", 6)), options={"damage.critical_penetration": 1, "damage.graze": "off"},
         critical=True),
    case(2, w(1), ddf(("mass_scale", 6)), options={"damage.critical_penetration": 2, "damage.graze": "off"}),
    case(2, w(5), ddf(("mass_scale", 6)), options={"damage.critical_penetration": 1, "damage.graze": "off"},
         critical=True),
    case(2, w(4), ddf(("mass_scale", 5)), options={"damage.critical_penetration": 2, "damage.graze": "off"},
         critical=True),
    case(2, w(-2), ddf(("armor", 1)), options={"damage.critical_penetration": 2, "damage.graze": "off"},
         critical=True),
    case(2, w(-3), ddf(("mass_scale", 1)), options={"damage.critical_penetration": 1, "damage.graze": "off"},
         critical=True),
    # F95 4.56: a graze reads the graze table (0-4 Scratch, 5+ Hurt), the die moving it one level.
    case(1, w(0), NONE),
    case(1, w(-1), NONE),
    case(1, w(5), NONE),
    case(1, w(4), NONE),
    case(1, w(2), NONE, scale_difference=3),
    case(1, w(2), NONE, scale_difference=-3),
    case(1, odf(("weapon", 2), ("all_out", 1)), NONE),
    case(1, odf(("weapon", -2), ("all_out", 1)), NONE),
    case(1, odf(("weapon", 5), ("all_out", 1)), NONE,
         options={"damage.graze_table": [[0, 1], [5, 2], [9, 3], [12, 4], [15, 5]]}),
    case(1, odf(("weapon", 5), ("all_out", 1)), NONE),
    case(1, odf(("weapon", 3), ("strength_scale", 2)), NONE, options={"damage.graze_scale": "strength"}),
    case(1, odf(("weapon", 1), ("foe_all_out", 2)), NONE),
    case(1, odf(("weapon", 1), ("foe_all_out", 1)), NONE),
    case(1, odf(("weapon", -3), ("foe_all_out", 2)), NONE),
    case(1, odf(("weapon", 3), ("foe_all_out", 2)), NONE, options={"melee.all_out_foe_graze": "factor"}),
    case(1, w(4), NONE, options={"damage.die": "number_1df"}, damage_die=[1]),
    case(1, w(4), NONE, options={"damage.die": "number_1df"}, damage_die=[-1]),
    case(1, w(-1), NONE, options={"damage.die": "number_1df"}, damage_die=[1]),
    case(1, w(0), NONE, options={"damage.die": "number_1df"}, damage_die=[-1]),
    case(1, w(0), NONE, options={"damage.die": "situational"}, damage_die=[1, 1, 1, 1]),
    case(1, w(0), NONE, options={"damage.die": "situational"}, damage_die=[-1, -1, 0, 0]),
    case(1, w(0), NONE, options={"damage.die": "level_1df"}, damage_die=[1]),
    case(1, w(5), NONE, options={"damage.die": "level_1df"}, damage_die=[-1]),
    case(1, w(-1), NONE, options={"damage.die": "level_1df"}, damage_die=[1]),
    case(1, w(0), NONE, options={"damage.die": "even_odd_level"}, attack_roll=2, defense_roll=1),
    case(1, odf(("weapon", 4), ("all_out", 1)), NONE, options={"damage.die": "number_1df"}, damage_die=[1]),
    case(1, odf(("weapon", 4), ("foe_all_out", 2)), NONE, options={"damage.die": "number_1df"}, damage_die=[1]),
    case(1, odf(("weapon", -1), ("all_out", 1)), NONE, options={"damage.die": "number_1df"}, damage_die=[1]),
    case(1, odf(("weapon", -2), ("all_out", 1)), NONE, options={"damage.die": "number_1df"}, damage_die=[1]),
    case(1, w(4), NONE, options={"damage.die": "number_1df", "damage.graze_die": "none"}),
    case(1, w(4), NONE, options={"damage.die": "number_1df"}),
    # F95 4.52 on a graze: a DC roll by level or by point; Damage Resistant / Fragile.
    case(1, w(5), NONE, options={"damage.capacity": "roll"}, capacity_roll=2),
    case(1, w(5), NONE, options={"damage.capacity": "roll"}, capacity_roll=-2),
    case(1, w(4), NONE, options={"damage.capacity": "roll", "damage.capacity_step": "point"}, capacity_roll=-2),
    case(1, w(5), NONE, options={"damage.capacity": "roll", "damage.capacity_step": "point"}, capacity_roll=2),
    case(1, odf(("weapon", 4), ("all_out", 1)), NONE,
         options={"damage.capacity": "roll", "damage.capacity_step": "point"}, capacity_roll=-2),
    case(1, odf(("weapon", 4), ("foe_all_out", 1)), NONE,
         options={"damage.capacity": "roll", "damage.capacity_step": "point"}, capacity_roll=-2),
    case(1, w(4), NONE, options={"damage.capacity": "roll", "damage.capacity_step": "point",
                                 "damage.die": "number_1df"}, damage_die=[1], capacity_roll=2),
    case(1, w(4), NONE, options={"damage.capacity": "roll", "damage.capacity_step": "point",
                                 "damage.die": "number_1df"}, damage_die=[1], capacity_roll=-2),
    case(1, odf(("weapon", 0), ("foe_all_out", 2)), NONE,
         options={"damage.capacity": "roll", "damage.capacity_step": "point"}, capacity_roll=2),
    case(1, w(5), ddf(("resistant", 1)), options={"damage.capacity": "gift"}),
    case(1, w(0), ddf(("resistant", -1)), options={"damage.capacity": "gift"}),
    case(1, w(-1), ddf(("resistant", -1)), options={"damage.capacity": "gift"}),
    # MUD 4.56: damage as usual, at most the graze table's level (TDF + Strength Scale).
    case(1, odf(("weapon", 3), ("strength_scale", 2)), NONE, "mudge", damage_die=[1]),
    case(1, odf(("weapon", 3), ("strength_scale", 2)), NONE, "mudge", damage_die=[0]),
    case(1, w(9), NONE, "mudge", damage_die=[1]),
    case(1, w(-1), NONE, "mudge", damage_die=[1]),
    case(1, w(3), NONE, "mudge", damage_die=[0], scale_difference=2),
    case(1, odf(("weapon", 3), ("strength_scale", 2)), NONE, "mudge", {"damage.graze_scale": "none"},
         damage_die=[0]),
    # F95 4.63: Min-Mid-Max 3d6, bonuses from factor and degree; below zero no roll.
    case(2, w(1), NONE, options=MMM, damage_die=[2, 5, 6]),
    case(2, w(-1), NONE, options=MMM, damage_die=[2, 5, 6]),
    case(4, w(3), NONE, options=MMM, damage_die=[1, 3, 6]),
    case(6, w(6), NONE, options=MMM, damage_die=[4, 4, 6]),
    case(3, w(-5), NONE, options={**MMM, "damage.mmm_low_penalty": True}, damage_die=[4, 4, 6]),
    case(6, w(-5), NONE, options={**MMM, "damage.mmm_low_penalty": True}, damage_die=[4, 4, 6]),
    case(6, w(-4), NONE, options={**MMM, "damage.mmm_low_penalty": True}, damage_die=[1, 1, 2]),
    case(2, odf(("weapon", 0), ("all_out", 1)), NONE, options=MMM, damage_die=[1, 1, 1]),
    case(6, w(6), NONE, options={**MMM, "damage.mmm_factor_bonus": {"below": -1, "rows": [[0, 0], [3, 1], [6, 4]]}},
         damage_die=[2, 3, 5]),
    case(2, w(0), NONE, options={**MMM, "damage.die": "number_1df"}, damage_die=[3, 3, 3]),
    case(2, w(0), NONE, options={**MMM, "damage.die": "number_1df"}),
    case(2, w(0), NONE, options=MMM),
    case(2, w(0), NONE, options=MMM, damage_die=[3, 3, 7]),
    case(2, w(3), NONE, options={**MMM, "damage.capacity": "roll"}, damage_die=[2, 3, 4], capacity_roll=-2),
    case(2, w(3), NONE, options={**MMM, "damage.capacity": "roll", "damage.capacity_step": "point"},
         damage_die=[2, 3, 4], capacity_roll=2),
    case(2, w(3), ddf(("resistant", 1)), options={**MMM, "damage.capacity": "gift"}, damage_die=[2, 3, 4]),
    case(1, w(0), NONE, options=MMM, damage_die=[6, 6, 6]),
    case(1, w(3), NONE, options={**MMM, "damage.graze": "off"}, damage_die=[2, 2, 5]),
    # CO 1.3: degree above the Coverage Value ignores the armor; at it the armor counts.
    case(3, w(2), ddf(("armor", 3), coverage=2), options={"co.armor": True, "damage.graze": "off"}),
    case(2, w(2), ddf(("armor", 3), coverage=2), options={"co.armor": True, "damage.graze": "off"}),
    case(3, w(2), ddf(("armor", 3), coverage=2), options=STD),
    case(3, w(2), ddf(("armor", 3)), options={"co.armor": True, "damage.graze": "off"}),
    # F95 4.54: heavy blunt weapons halve armor, round down (two armor parts become one).
    case(2, w(3), ddf(("armor", 3), ("capacity", 1)), options={"damage.heavy_blunt": True}),
    case(2, odf(("weapon", 3), heavy_blunt=True), ddf(("capacity", 1), ("armor", 3), ("armor", 2)),
         options={"damage.heavy_blunt": True}),
    case(2, odf(("weapon", 3), heavy_blunt=True), ddf(("armor", 1)), options={"damage.heavy_blunt": True}),
    case(2, odf(("weapon", 3), heavy_blunt=True), ddf(("armor", 0)), options={"damage.heavy_blunt": True}),
    case(2, odf(("weapon", 3), heavy_blunt=True), ddf(("armor", 4))),
    case(3, odf(("weapon", 3), heavy_blunt=True), ddf(("armor", 4), coverage=2),
         options={"damage.heavy_blunt": True, "co.armor": True}),
    # F95 4.58: a Scale-piercing weapon that hits well halves or ignores Mass Scale.
    case(2, odf(("weapon", 3), scale_piercing="halve"), ddf(("mass_scale", 5), ("armor", 1))),
    case(2, odf(("weapon", 3), scale_piercing="ignore"), ddf(("mass_scale", 5))),
    case(1, odf(("weapon", 3), scale_piercing="halve"), ddf(("mass_scale", 5)), options=STD),
    case(3, odf(("weapon", 3), scale_piercing="halve"), ddf(("mass_scale", 5)),
         options={"damage.piercing_degree": 4}),
    case(4, odf(("weapon", 3), scale_piercing="halve"), ddf(("mass_scale", 5)),
         options={"damage.piercing_degree": 4}),
    case(2, odf(("weapon", 3), scale_piercing="halve"), ddf(("mass_scale", 0))),
    case(2, w(3), ddf(("mass_scale", 5))),
    # Refusals: the relative degree, the factors' sides and shapes, the Scale difference.
    case(0, w(1), NONE),
    case(-2, w(1), NONE),
    case(True, w(1), NONE),
    case(2.0, w(1), NONE),
    case(61, w(1), NONE),
    case(60, w(1), NONE),
    case(2, ddf(("armor", 1)), NONE),
    case(2, w(1), w(1)),
    case(2, {"side": "offensive", "parts": "x"}, NONE),
    case(2, w(1), NONE, scale_difference=10 ** 6),
    case(2, w(1), NONE, critical="yes"),
]


def reading(row: dict[str, Any]) -> dict[str, Any]:
    """The outcome a case reads as, or the refusal: error class, message and field."""
    rules = find_ruleset(row["rules"]).with_options(row["options"])
    kw = {k: v for k, v in row.items() if k not in ("rules", "options", "rd", "odf", "ddf", "outcome")}
    try:
        out = resolve_damage(relative_degree=row["rd"], odf=row["odf"], ddf=row["ddf"], rules=rules, **kw)
    except FudgeError as err:
        return {"error": type(err).__name__, "message": str(err), "field": err.field}
    return out.to_dict()


def recorded() -> list[dict[str, Any]]:
    """What the code reads now, in the golden file's shape: each case with its outcome."""
    return [{**row, "outcome": reading(row)} for row in CASES]


def test_every_damage_reading_explains_itself_as_recorded():
    """Each case resolves as the golden file records it, to the step: every DamageOutcome field and
    each step's section, text and data, or the refusal's error, message and field. Regenerate
    deliberately with ``PYTHONPATH=. python tests/test_damage_readings.py --write`` and review the diff."""
    golden = readings.load("damage_readings")
    assert readings.cases_in(golden, "outcome") == json.loads(json.dumps(CASES))
    for row in golden:
        assert reading(row) == row["outcome"], row


def test_the_golden_readings_reach_every_damage_die_and_every_reading():
    """The cases reach each damage die mode, the F95 graze, the Mudge graze cap, Min-Mid-Max and a
    refusal of each error class, so the golden file cannot quietly stop covering one."""
    golden = readings.load("damage_readings")
    outcomes = [r["outcome"] for r in golden]
    hits = [o for o in outcomes if "error" not in o]
    assert {o["die"] for o in hits} >= {"none", "number_1df", "level_1df", "even_odd_number", "even_odd_level",
                                        "situational_limited", "situational", "odd_die", "3d6"}
    assert any(o["graze"] and o["number"] is None for o in hits)      # F95 4.56
    assert any(o["graze"] and o["number"] is not None for o in hits)  # MUD 4.56
    assert {o["error"] for o in outcomes if "error" in o} == {"FudgeError", "RuleError", "DiceError", "RequestError"}


if __name__ == "__main__":
    readings.write_when_asked("damage_readings", recorded(), __file__)
