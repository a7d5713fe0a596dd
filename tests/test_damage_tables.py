"""The damage module's look-ups and the damage options' table checks, exactly: the GM's situational
roll on a freeform wound (F95 4.55), which dice a hit and a graze read (F95 4.56, 4.58, 4.61, 4.63,
MUD 4.61), the wound tables in force (F95 4.55, 4.63), and each refusal of a GM-edited wound
table, graze table (F95 4.56, MUD 4.56) or Min-Mid-Max bonus table (F95b 4.63) by message and field,
each bound accepted at the edge and refused one past it."""

from __future__ import annotations

import pytest

from pyfudge.core.errors import FudgeError, OptionError
from pyfudge.core.explain import Step
from pyfudge.rules import catalogue, damage, damage_options
from pyfudge.rules.damage import DamageOutcome
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
U, S, H, VH, INC, ND, DEAD = range(7)


# --- F95 4.55: the GM's situational roll on a freeform wound ---------------------------------

# Per roll −4…+4: the shift the reading gives (the book: +3/+4 one/two up, −1…+1 nothing).
SHIFTS = {-4: -2, -3: -1, -2: 0, -1: 0, 0: 0, 1: 0, 2: 0, 3: 1, 4: 2}


@pytest.mark.parametrize("level", range(7))
@pytest.mark.parametrize("roll", range(-4, 5))
def test_situational_roll_moves_a_freeform_wound_between_undamaged_and_near_death(level, roll):
    """F95 4.55: +3/+4 add one/two levels, −3/−4 take them off, −2…+2 change nothing; the level
    stays in Undamaged…Near Death, and Dead stays Dead. The step names both levels."""
    new, step = damage.subjective_wound(level, roll)
    shift = SHIFTS[roll]
    expected = level if level == DEAD else max(U, min(ND, level + shift))
    assert new == expected
    names = damage.LEVEL_NAMES
    assert step == Step("F95 4.55", f"GM's situational roll {roll:+d}: {names[level]} → {names[expected]}.",
                        {"roll": roll, "shift": shift, "before": level, "after": expected})
    assert step.to_dict()["section"] == "F95 4.55"


def test_situational_roll_step_reads_as_the_book_writes_it():
    """One step by its whole text: a +3 makes Hurt Very Hurt (F95 4.55)."""
    assert damage.subjective_wound(H, 3)[1].to_dict() == {
        "section": "F95 4.55", "text": "GM's situational roll +3: Hurt → Very Hurt.",
        "data": {"roll": 3, "shift": 1, "before": 2, "after": 3}}


@pytest.mark.parametrize("level,roll,message,field", [
    (-1, 0, "level must be a whole number from 0 to 6, not -1.", "level"),
    (7, 0, "level must be a whole number from 0 to 6, not 7.", "level"),
    (2, -5, "roll must be a whole number from -4 to 4, not -5.", "roll"),
    (2, 5, "roll must be a whole number from -4 to 4, not 5.", "roll"),
    (2, 1.0, "roll must be a whole number from -4 to 4, not 1.0.", "roll"),
])
def test_situational_roll_refuses_a_level_or_roll_off_its_range(level, roll, message, field):
    """The level is 0 Undamaged … 6 Dead; the roll is a 4dF total, −4 … +4."""
    with pytest.raises(FudgeError) as err:
        damage.subjective_wound(level, roll)
    assert str(err.value) == message
    assert err.value.field == field


def test_situational_roll_accepts_its_ranges_at_the_edges():
    """Undamaged and Dead, −4 and +4 are all readable."""
    assert damage.subjective_wound(U, -4)[0] == U
    assert damage.subjective_wound(DEAD, 4)[0] == DEAD
    assert damage.subjective_wound(ND, 4)[0] == ND
    assert damage.subjective_wound(S, -4)[0] == U


# --- Which dice a hit and a graze read ------------------------------------------------------

NO_DICE = {"dice": None, "count": 0, "rolls": False}
ONE = {"dice": "1dF", "count": 1, "rolls": False}
FOUR = {"dice": "4dF", "count": 4, "rolls": False}
D6 = {"dice": "3d6", "count": 3, "rolls": False}
ROLLS = {"dice": None, "count": 0, "rolls": True}


@pytest.mark.parametrize("options,hit,graze,graze_own", [
    ({}, NO_DICE, NO_DICE, None),
    ({"damage.die": "number_1df"}, ONE, ONE, None),
    ({"damage.die": "level_1df"}, ONE, ONE, None),
    ({"damage.die": "odd_die"}, ONE, ONE, None),
    ({"damage.die": "situational"}, FOUR, FOUR, None),
    ({"damage.die": "situational_limited"}, FOUR, FOUR, None),
    ({"damage.die": "even_odd_number"}, ROLLS, ROLLS, None),
    ({"damage.die": "even_odd_level"}, ROLLS, ROLLS, None),
    ({"damage.die": "number_1df", "damage.graze_die": "none"}, ONE, NO_DICE, None),
    # F95 4.58: a Scale-only damage roll is 4dF; an F95 graze reads the graze table instead.
    ({"damage.scale_roll": True}, FOUR, NO_DICE, None),
    ({"damage.scale_roll": True, "damage.graze": "mudge"}, FOUR, FOUR, None),
    ({"damage.scale_roll": True, "damage.graze": "off"}, FOUR, FOUR, None),
    # F95 4.63: Min-Mid-Max reads 3d6 on a hit; its graze keeps the graze rules and their die.
    ({"damage.system": "minmidmax"}, D6, NO_DICE, None),
    ({"damage.system": "minmidmax", "damage.die": "number_1df"}, D6, ONE, ONE),
    ({"damage.system": "minmidmax", "damage.die": "situational"}, D6, FOUR, FOUR),
    ({"damage.system": "minmidmax", "damage.die": "number_1df", "damage.graze_die": "none"}, D6, NO_DICE, None),
    ({"damage.system": "minmidmax", "damage.die": "even_odd_number"}, D6, ROLLS, None),
    ({"damage.system": "minmidmax", "damage.graze": "off"}, D6, D6, None),
])
def test_dice_needed_for_a_hit_and_a_graze(options, hit, graze, graze_own):
    """``dice_needed`` at +2 and +1 and ``graze_dice`` (the graze's own dice when they differ)."""
    rules = F95.with_options(options)
    assert damage.dice_needed(rules) == hit
    assert damage.dice_needed(rules, relative_degree=2) == hit
    assert damage.dice_needed(rules, relative_degree=1) == graze
    assert damage.graze_dice(rules) == graze_own


def test_mudge_reads_the_odd_coloured_die_on_a_hit_and_a_graze():
    """MUD 4.61: the odd-coloured die, on a hit and on a graze alike (MUD 4.56)."""
    assert damage.dice_needed(MUD) == ONE
    assert damage.dice_needed(MUD, relative_degree=1) == ONE
    assert damage.graze_dice(MUD) is None


# --- The wound tables in force (F95 4.55, 4.63) ---------------------------------------------

@pytest.mark.parametrize("options,table", [
    ({}, [1, 3, 5, 7, 9]),
    ({"damage.system": "doubled"}, [1, 4, 7, 10, 13]),
    ({"damage.system": "minmidmax"}, [1, 3, 5, 7, 9]),
    ({"damage.system": "doubled", "damage.thresholds": "standard"}, [1, 3, 5, 7, 9]),
    ({"damage.thresholds": "doubled"}, [1, 4, 7, 10, 13]),
    ({"damage.thresholds": "epic"}, [1, 2, 4, 6, 7]),
    ({"damage.thresholds": "custom", "damage.custom_thresholds": [2, 4, 6, 8, 10, 12]}, [2, 4, 6, 8, 10, 12]),
    ({"damage.custom_thresholds": [2, 4, 6, 8, 10, 12]}, [1, 3, 5, 7, 9]),
])
def test_the_wound_table_in_force(options, table):
    """"As the system prints it" follows the damage system; a GM's table only when chosen."""
    assert damage.thresholds(F95.with_options(options)) == table


def test_the_wound_table_is_a_copy():
    """Changing the returned table leaves the book's tables alone."""
    damage.thresholds(F95).append(99)
    damage.thresholds(F95.with_options({"damage.thresholds": "epic"}))[0] = 5
    assert damage.THRESHOLDS == {"standard": [1, 3, 5, 7, 9], "doubled": [1, 4, 7, 10, 13],
                                 "epic": [1, 2, 4, 6, 7]}


@pytest.mark.parametrize("value,level", [(-1, U), (0, U), (1, S), (4, S), (5, H), (8, H), (9, VH), (30, VH)])
def test_graze_table_reads_the_last_row_reached(value, level):
    """MUD 4.56: 0-4 Scratch, 5-8 Hurt, 9+ Very Hurt, but read with rows from 1; below: none."""
    assert damage.graze_level(value, [[1, S], [5, H], [9, VH]]) == level


def test_capacity_roll_in_use_only_under_the_roll_alternative():
    """F95 4.52's first alternative alone asks for a Damage Capacity roll."""
    assert [damage.capacity_roll_in_use(F95.with_options({"damage.capacity": c}))
            for c in ("factor", "roll", "gift", "none")] == [False, True, False, False]


def test_damage_outcome_json_shape():
    """Every field, the level's name and the steps as dicts, faces as a list."""
    out = DamageOutcome(relative_degree=2, factor=1, number=3, level=H, graze=False, cap=None, armor=2,
                        system="standard", die="number_1df", die_effect=1, faces=(1,),
                        steps=(Step("F95 4.55", "x", {"a": 1}),))
    assert out.level_name == "Hurt"
    assert out.to_dict() == {
        "relative_degree": 2, "factor": 1, "number": 3, "level": 2, "level_name": "Hurt", "graze": False,
        "cap": None, "armor": 2, "system": "standard", "die": "number_1df", "die_effect": 1, "faces": [1],
        "steps": [{"section": "F95 4.55", "text": "x", "data": {"a": 1}}]}


# --- The damage options' table checks -------------------------------------------------------

@pytest.mark.parametrize("value", [[1, 3, 5, 7, 9], [1, 3, 5, 7, 9, 11], [1, 2, 3, 4, 200], [196, 197, 198, 199, 200]])
def test_gm_wound_table_accepted(value):
    """F95 4.55: five numbers, or six with one for Dead, each 1…200, rising."""
    assert damage_options._check_thresholds(value, "w") == value


@pytest.mark.parametrize("value,message,field", [
    ([1, 3, 5, 7], "w must have 5 to 6 entries, not 4.", "w"),
    ([1, 3, 5, 7, 9, 11, 13], "w must have 5 to 6 entries, not 7.", "w"),
    ([0, 3, 5, 7, 9], "w[0] must be a whole number from 1 to 200, not 0.", "w[0]"),
    ([1, 3, 5, 7, 201], "w[4] must be a whole number from 1 to 200, not 201.", "w[4]"),
    ([1, 3, 3, 7, 9], "w: each wound level needs more damage than the one before (3 after 3).", "w[2]"),
    ([1, 3, 5, 7, 9, 8], "w: each wound level needs more damage than the one before (8 after 9).", "w[5]"),
    ([2, 1, 5, 7, 9], "w: each wound level needs more damage than the one before (1 after 2).", "w[1]"),
    ("1 3 5 7 9", "w must be a list, not str.", "w"),
])
def test_gm_wound_table_refused(value, message, field):
    """Each refusal names the entry at fault."""
    with pytest.raises(OptionError) as err:
        damage_options._check_thresholds(value, "w")
    assert str(err.value) == message
    assert err.value.field == field


@pytest.mark.parametrize("value", [
    [[0, 1]], [[-50, 1]], [[50, 5]], [[0, 1], [5, 2], [9, 3], [12, 4], [15, 5]], [[-3, 2], [4, 5]],
])
def test_graze_table_accepted(value):
    """F95 4.56 / MUD 4.56: 1 to 5 rows [least factor −50…50, level Scratch…Near Death], both rising."""
    assert damage_options._check_graze_table(value, "g") == value


@pytest.mark.parametrize("value,message,field", [
    ([], "g must have 1 to 5 entries, not 0.", "g"),
    ([[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 5]], "g must have 1 to 5 entries, not 6.", "g"),
    ([[0, 1, 2]], "g[0] must have 2 to 2 entries, not 3.", "g[0]"),
    ([[0]], "g[0] must have 2 to 2 entries, not 1.", "g[0]"),
    ([[-51, 1]], "g[0][0] must be a whole number from -50 to 50, not -51.", "g[0][0]"),
    ([[51, 1]], "g[0][0] must be a whole number from -50 to 50, not 51.", "g[0][0]"),
    ([[0, 0]], "g[0][1] must be a whole number from 1 to 5, not 0.", "g[0][1]"),
    ([[0, 6]], "g[0][1] must be a whole number from 1 to 5, not 6.", "g[0][1]"),
    ([[0, 1], [5, 2], [5, 3]], "g[2]: rows must rise in damage factor and in level.", "g[2]"),
    ([[0, 1], [4, 1]], "g[1]: rows must rise in damage factor and in level.", "g[1]"),
    ([[0, 2], [5, 1]], "g[1]: rows must rise in damage factor and in level.", "g[1]"),
    ([[5, 1], [0, 2]], "g[1]: rows must rise in damage factor and in level.", "g[1]"),
    ("x", "g must be a list, not str.", "g"),
])
def test_graze_table_refused(value, message, field):
    """Each refusal names the row or cell at fault."""
    with pytest.raises(OptionError) as err:
        damage_options._check_graze_table(value, "g")
    assert str(err.value) == message
    assert err.value.field == field


@pytest.mark.parametrize("value", [
    {"below": -1, "rows": [[0, 0], [3, 1], [6, 2]]},
    {"below": -5, "rows": [[-50, -5], [50, 4]]},
    {"below": 4, "rows": [[i, 0] for i in range(10)]},
])
def test_min_mid_max_bonus_table_accepted(value):
    """F95b 4.63: a bonus below the first row (−5…+4) and 1 to 10 rising rows [least −50…50, bonus −5…+4]."""
    assert damage_options._check_bonus_table(value, "b") == value


@pytest.mark.parametrize("value,message,field", [
    ({"below": -6, "rows": [[0, 0]]}, "b.below must be a whole number from -5 to 4, not -6.", "b.below"),
    ({"below": 5, "rows": [[0, 0]]}, "b.below must be a whole number from -5 to 4, not 5.", "b.below"),
    ({"below": 0, "rows": []}, "b.rows must have 1 to 10 entries, not 0.", "b.rows"),
    ({"below": 0, "rows": [[i, 0] for i in range(11)]}, "b.rows must have 1 to 10 entries, not 11.", "b.rows"),
    ({"below": 0, "rows": [[0, 0], [0, 1]]}, "b.rows[1]: rows must rise.", "b.rows[1]"),
    ({"below": 0, "rows": [[0, 0], [3, 1], [2, 2]]}, "b.rows[2]: rows must rise.", "b.rows[2]"),
    ({"below": 0, "rows": [[0, -6]]}, "b.rows[0][1] must be a whole number from -5 to 4, not -6.", "b.rows[0][1]"),
    ({"below": 0, "rows": [[0, 5]]}, "b.rows[0][1] must be a whole number from -5 to 4, not 5.", "b.rows[0][1]"),
    ({"below": 0, "rows": [[51, 0]]}, "b.rows[0][0] must be a whole number from -50 to 50, not 51.", "b.rows[0][0]"),
    ({"below": 0, "rows": [[-51, 0]]}, "b.rows[0][0] must be a whole number from -50 to 50, not -51.",
     "b.rows[0][0]"),
    ({"below": 0, "rows": [[0]]}, "b.rows[0] must have 2 to 2 entries, not 1.", "b.rows[0]"),
    ({"below": 0, "rows": [[0, 0, 0]]}, "b.rows[0] must have 2 to 2 entries, not 3.", "b.rows[0]"),
    ({"below": 0}, "b: missing field 'rows'.", "b"),
    ({"rows": [[0, 0]]}, "b: missing field 'below'.", "b"),
    ({"below": 0, "rows": [[0, 0]], "x": 1}, "b: unknown field 'x'.", "b"),
])
def test_min_mid_max_bonus_table_refused(value, message, field):
    """Each refusal names the part at fault."""
    with pytest.raises(OptionError) as err:
        damage_options._check_bonus_table(value, "b")
    assert str(err.value) == message
    assert err.value.field == field


def test_the_table_options_use_their_checks():
    """A ruleset refuses a bad GM table under the option's own name."""
    for key, bad, field in [("damage.custom_thresholds", [1, 3, 5, 7], "damage.custom_thresholds"),
                            ("damage.graze_table", [[0, 1], [0, 2]], "damage.graze_table[1]"),
                            ("damage.mmm_factor_bonus", {"below": 9, "rows": [[0, 0]]},
                             "damage.mmm_factor_bonus.below"),
                            ("damage.mmm_degree_bonus", {"below": 0, "rows": []}, "damage.mmm_degree_bonus.rows")]:
        with pytest.raises(OptionError) as err:
            F95.with_options({key: bad})
        assert err.value.field == f"options.{field}", key


def test_each_preset_has_its_own_damage_defaults():
    """F95 and F93 grazes read the graze table (F95 4.56), Mudge caps a hit by its own table with
    Strength Scale and the odd-coloured die (MUD 4.56, 4.61); catalogues come back normalised."""
    by_key = {o.key: o for o in damage_options.OPTIONS}
    presets = ("fudge1995", "mudge", "fudge1993")

    def defaults(key):
        return [by_key[key].default(p) for p in presets]

    assert defaults("damage.graze") == ["f95", "mudge", "f95"]
    assert defaults("damage.graze_scale") == ["none", "strength", "none"]
    assert defaults("damage.die") == ["none", "odd_die", "none"]
    assert defaults("damage.graze_table") == [[[0, S], [5, H]], [[0, S], [5, H], [9, VH]], [[0, S], [5, H]]]
    weapons = defaults("damage.weapons")
    assert weapons[0] == weapons[2] == [catalogue.Weapon.from_dict(e).to_dict() for e in catalogue.F95_WEAPONS]
    assert weapons[1] == [catalogue.Weapon.from_dict(e).to_dict() for e in catalogue.MUD_WEAPONS]
    armors = defaults("damage.armors")
    assert armors[0] == armors[2] == [catalogue.Armor.from_dict(e).to_dict() for e in catalogue.F95_ARMORS]
    assert armors[1] == [catalogue.Armor.from_dict(e).to_dict() for e in catalogue.MUD_ARMORS]
    assert all(set(w) == set(weapons[0][0]) for w in weapons[1])
