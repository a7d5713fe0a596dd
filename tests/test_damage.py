"""Unit tests of pyfudge.rules.damage, each named after the rule it proves."""

from __future__ import annotations

import json

import pytest

from pyfudge.core.errors import DiceError, FudgeError, OptionError, RuleError
from pyfudge.rules import damage, damage_options
from pyfudge.rules.damage import Armor, Factors, Weapon, defensive_factors, offensive_factors, resolve_damage
from pyfudge.rules.wounds import DEAD, HURT, INCAPACITATED, NEAR_DEATH, SCRATCH, UNDAMAGED, VERY_HURT
from pyfudge.rulesets import describe, find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")


def hit(rd: int, factor: int, rules=F95, *, all_out: int = 0, **kw):
    """A hit with a given total damage factor (as one offensive part)."""
    odf = offensive_factors(rules=rules, extra=[("factor", factor)], all_out=all_out)
    ddf = defensive_factors(rules=rules)
    return resolve_damage(relative_degree=rd, odf=odf, ddf=ddf, rules=rules, **kw)


def faces4(total: int) -> list[int]:
    out = []
    for _ in range(4):
        f = (total > 0) - (total < 0)
        out.append(f)
        total -= f
    return out


# --- W-DAMAGE / W-THRESHOLDS ---------------------------------------------------------------

def test_damage_number_is_factor_plus_relative_degree():
    out = hit(3, 2)
    assert out.number == 5 and out.level == VERY_HURT


def test_zero_or_less_damage_is_no_damage():
    assert hit(2, -2).level == UNDAMAGED
    assert hit(2, -5).level == UNDAMAGED


@pytest.mark.parametrize("number,level", [(1, SCRATCH), (2, SCRATCH), (3, HURT), (4, HURT), (5, VERY_HURT),
                                          (6, VERY_HURT), (7, INCAPACITATED), (8, INCAPACITATED),
                                          (9, NEAR_DEATH), (40, NEAR_DEATH)])
def test_standard_thresholds_have_no_number_for_dead(number, level):
    assert damage.wound_level(number, damage.THRESHOLDS["standard"]) == level


def test_doubled_relative_degree_uses_the_doubled_table():
    rules = F95.with_options({"damage.system": "doubled"})
    out = hit(2, 2, rules)  # 2 + 2×2 = 6: Hurt on 4-6
    assert out.number == 6 and out.level == HURT
    assert damage.thresholds(rules) == [1, 4, 7, 10, 13]


def test_epic_table():
    rules = F95.with_options({"damage.thresholds": "epic"})
    assert [damage.wound_level(n, damage.thresholds(rules)) for n in range(1, 8)] == [
        SCRATCH, HURT, HURT, VERY_HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH]


def test_gm_table_may_give_dead_a_number():
    rules = F95.with_options({"damage.thresholds": "custom", "damage.custom_thresholds": [1, 3, 5, 7, 9, 12]})
    assert hit(10, 2, rules).level == DEAD
    assert hit(8, 2, rules).level == NEAR_DEATH


@pytest.mark.parametrize("table", [[1, 3, 3, 7, 9], [0, 3, 5, 7, 9], [1, 3, 5, 7], [1, 3, 5, 7, 9, 11, 13],
                                   [1, 3, "5", 7, 9], "1-2"])
def test_gm_table_must_rise_and_have_five_or_six_numbers(table):
    with pytest.raises(OptionError) as err:
        F95.with_options({"damage.custom_thresholds": table})
    assert err.value.field.startswith("options.damage.custom_thresholds")


def test_relative_degree_below_one_is_not_a_hit():
    with pytest.raises(RuleError) as err:
        hit(0, 3)
    assert err.value.field == "relative_degree"


# --- W-GRAZE ---------------------------------------------------------------------------------

def test_graze_caps_at_hurt_under_f95():
    assert hit(1, 20).level == HURT and hit(1, 20).graze
    assert hit(1, 4).level == SCRATCH
    assert hit(1, -1).level == UNDAMAGED


def test_graze_table_reads_factor_plus_scale_difference():
    assert hit(1, 3, scale_difference=2).level == HURT


def test_mudge_graze_table_reaches_very_hurt_as_a_cap():
    out = hit(1, 9, MUD, damage_die=[1])
    assert out.cap == VERY_HURT and out.level == VERY_HURT  # 9 + 1 + 1 = 11, capped at Very Hurt
    out = hit(1, 3, MUD, damage_die=[0])
    assert out.number == 4 and out.cap == SCRATCH and out.level == SCRATCH


def test_mudge_graze_table_reads_tdf_plus_strength_scale():
    def graze(rules):
        odf = offensive_factors(rules=rules, strength=1, strength_scale=3, weapon=Weapon(name="Club", size=2))
        ddf = defensive_factors(rules=rules, armor=Armor(name="Hide", value=2))
        return resolve_damage(relative_degree=1, odf=odf, ddf=ddf, rules=rules, damage_die=[1])
    out = graze(MUD)  # TDF 6 - 2 = 4, + Strength Scale 3 = 7: '5-8', at most Hurt; damage 4 + 1 + 1 = 6
    assert out.factor == 4 and out.cap == HURT and out.level == HURT
    assert graze(MUD.with_options({"damage.graze_scale": "none"})).cap == SCRATCH


def test_grazes_off_treat_plus_one_as_an_ordinary_hit():
    rules = F95.with_options({"damage.graze": "off"})
    out = hit(1, 20, rules)
    assert not out.graze and out.level == NEAR_DEATH


def test_damage_die_moves_a_graze_at_most_one_level():
    rules = F95.with_options({"damage.die": "situational"})
    out = hit(1, 4, rules, damage_die=[1, 1, 1, 1])  # 4 + 4 = 8 would be Hurt on the graze table
    assert out.level == HURT
    out = hit(1, -1, rules, damage_die=[1, 1, 1, 1])  # from Undamaged at most a Scratch
    assert out.level == SCRATCH
    out = hit(1, 0, rules, damage_die=[-1, -1, 0, 0])
    assert out.level == UNDAMAGED
    level_rules = F95.with_options({"damage.die": "level_1df"})
    assert hit(1, 2, level_rules, damage_die=[1]).level == HURT
    assert hit(1, 2, level_rules, damage_die=[-1]).level == UNDAMAGED
    assert hit(1, -1, level_rules, damage_die=[1]).level == UNDAMAGED  # a level die makes no wound


def test_a_damage_die_moves_an_all_out_graze_down_at_most_one_level():
    # F95 4.56 + 4.7: factor 0 grazes for a Scratch, all-out raises it to Hurt; a 1dF of −1 reads
    # −1 on the table (no damage), but the die moves the graze one level only: Scratch, not Undamaged.
    rules = F95.with_options({"damage.die": "number_1df"})
    assert hit(1, 0, rules, all_out=1, damage_die=[0]).level == HURT
    out = hit(1, 0, rules, all_out=1, damage_die=[-1])
    assert out.graze and out.level == SCRATCH


def test_no_damage_die_on_a_graze_when_the_gm_says_so():
    rules = F95.with_options({"damage.die": "level_1df", "damage.graze_die": "none"})
    assert hit(1, 2, rules, damage_die=[1]).level == SCRATCH


def test_all_out_offence_raises_a_graze_one_level():
    # F95 4.7: "her normal Scratch result (for a graze) is increased to Hurt"
    assert hit(1, 2, all_out=1).level == HURT
    assert hit(1, -2, all_out=1).level == UNDAMAGED


def test_all_out_offence_adds_one_to_damage_on_a_hit():
    assert hit(2, 2, all_out=1).number == 5


# --- The combat examples' damage (F95 4.7, MUD 4.7) -------------------------------------------

def _snorri_brynhild(rules):
    sword = Weapon(name="Magic sword", size=2, sharp=1 if rules.preset != "mudge" else 0,
                   magic=1 if rules.preset != "mudge" else 2)
    axe = Weapon(name="Axe", size=2, sharp=1) if rules.preset != "mudge" else Weapon(name="Axe", size=3)
    armor = Armor(name="Heavy leather", value=2)
    s_odf = offensive_factors(rules=rules, strength=1, weapon=sword)
    s_ddf = defensive_factors(rules=rules, capacity=1, armor=armor)
    b_odf = offensive_factors(rules=rules, strength=2, weapon=axe)
    b_ddf = defensive_factors(rules=rules, capacity=0, armor=armor)
    return s_odf, s_ddf, b_odf, b_ddf


def test_f95_combat_example_damage_rounds():
    rules = F95.with_options({"damage.die": "situational_limited"})
    s_odf, s_ddf, b_odf, b_ddf = _snorri_brynhild(rules)
    assert (s_odf.total, s_ddf.total, b_odf.total, b_ddf.total) == (5, 3, 5, 2)
    r1 = resolve_damage(relative_degree=2, odf=s_odf, ddf=b_ddf, rules=rules, damage_die=faces4(-2))
    assert r1.number == 3 and r1.level == HURT  # "+5 ... a -2 result ... brings the damage down to 3"
    r3 = resolve_damage(relative_degree=1, odf=s_odf, ddf=b_ddf, rules=rules, damage_die=faces4(0))
    assert r3.graze and r3.level == SCRATCH
    b_all_out = offensive_factors(rules=rules, strength=2, weapon=Weapon(name="Axe", size=2, sharp=1), all_out=1)
    r5 = resolve_damage(relative_degree=1, odf=b_all_out, ddf=s_ddf, rules=rules, damage_die=faces4(0))
    assert r5.graze and r5.level == HURT


def test_mud_combat_example_damage_rounds():
    s_odf, s_ddf, b_odf, b_ddf = _snorri_brynhild(MUD)
    assert (s_odf.total, s_ddf.total, b_odf.total, b_ddf.total) == (5, 3, 5, 2)
    r1 = resolve_damage(relative_degree=2, odf=s_odf, ddf=b_ddf, rules=MUD, damage_die=[0])
    assert r1.number == 5 and r1.level == VERY_HURT
    r2 = resolve_damage(relative_degree=1, odf=s_odf, ddf=b_ddf, rules=MUD, damage_die=[0])
    assert r2.graze and r2.cap == SCRATCH and r2.level == SCRATCH
    r4 = resolve_damage(relative_degree=5, odf=b_odf, ddf=s_ddf, rules=MUD, damage_die=[0])
    assert r4.number == 7 and r4.level == INCAPACITATED


# --- W-DAMAGE-DIE -----------------------------------------------------------------------------

def test_odd_die_cannot_lower_positive_damage_below_one():
    out = hit(2, -1, MUD, damage_die=[-1])  # calculated 1, die −1: stays 1
    assert out.number == 1 and out.level == SCRATCH


def test_odd_die_may_lift_zero_damage_to_a_scratch():
    assert hit(2, -2, MUD, damage_die=[1]).level == SCRATCH


def test_level_die_shifts_a_wound_but_never_makes_one():
    rules = F95.with_options({"damage.die": "level_1df"})
    assert hit(2, 2, rules, damage_die=[1]).level == VERY_HURT
    assert hit(2, -3, rules, damage_die=[1]).level == UNDAMAGED
    assert hit(8, 2, rules, damage_die=[1]).level == NEAR_DEATH  # no Dead without a number for it


def test_situational_roll_without_limitations():
    rules = F95.with_options({"damage.die": "situational"})
    assert hit(2, 0, rules, damage_die=[1, 1, 1, 1]).number == 6
    assert hit(2, 0, rules, damage_die=[-1, -1, -1, 0]).level == UNDAMAGED


def test_even_odd_applied_to_the_wound_level():
    rules = F95.with_options({"damage.die": "even_odd_level"})
    out = hit(2, 2, rules, attack_roll=2, defense_roll=1)  # attacker even: +1 level
    assert out.level == VERY_HURT and out.die_effect == 1


def test_even_odd_reads_nothing_of_a_roll_never_made():
    """A side that rolled no dice (an NPC at her trait level, F95 4.33) has nothing even to read."""
    rules = F95.with_options({"damage.die": "even_odd_number"})
    out = hit(2, 2, rules, attack_roll=2)
    assert out.die_effect == 1
    assert "defender made no roll" in " ".join(s.text for s in out.steps)


@pytest.mark.parametrize("die", [None, [2], [1, 1], "+", [True]])
def test_bad_or_missing_damage_die_is_a_dice_error(die):
    with pytest.raises(DiceError) as err:
        hit(2, 2, MUD, damage_die=die)
    assert err.value.field.startswith("damage_die")


def test_dice_needed_follows_the_options():
    assert damage.dice_needed(F95.with_options({"damage.die": "level_1df", "damage.graze_die": "none"}),
                              relative_degree=1)["dice"] is None
    assert damage.dice_needed(F95) == {"dice": None, "count": 0, "rolls": False}
    assert damage.dice_needed(MUD)["dice"] == "1dF"
    assert damage.dice_needed(F95.with_options({"damage.die": "situational_limited"}))["count"] == 4
    assert damage.dice_needed(F95.with_options({"damage.die": "even_odd_level"}))["rolls"]
    mmm = F95.with_options({"damage.system": "minmidmax"})
    assert damage.dice_needed(mmm)["dice"] == "3d6"
    assert damage.dice_needed(mmm, relative_degree=1)["dice"] is None


def test_subjective_wound_roll_adds_levels_only_at_the_ends():
    assert damage.subjective_wound(HURT, 1)[0] == HURT
    assert damage.subjective_wound(HURT, 3)[0] == VERY_HURT
    assert damage.subjective_wound(HURT, 4)[0] == INCAPACITATED
    assert damage.subjective_wound(SCRATCH, -4)[0] == UNDAMAGED


def test_subjective_wound_roll_of_minus_four_takes_two_levels_off_and_minus_three_one():
    # F95 4.55 read symmetrically: −4 takes two levels, −3 one, ±2 none (a Scratch cannot tell 1 from 2).
    assert damage.subjective_wound(VERY_HURT, -4)[0] == SCRATCH
    assert damage.subjective_wound(INCAPACITATED, -4)[0] == HURT
    assert damage.subjective_wound(VERY_HURT, -3)[0] == HURT
    assert damage.subjective_wound(VERY_HURT, -2)[0] == VERY_HURT
    assert damage.subjective_wound(NEAR_DEATH, 4)[0] == NEAR_DEATH  # never past Near Death
    assert damage.subjective_wound(DEAD, -4)[0] == DEAD  # the dead stay dead


# --- W-CAPACITY (factor part) -----------------------------------------------------------------

def test_damage_capacity_is_a_defensive_factor_by_default():
    assert defensive_factors(rules=F95, capacity=2).total == 2
    assert "Constitution" in defensive_factors(rules=MUD, capacity=1).parts[0].label


def test_capacity_as_the_wound_record_is_not_a_factor():
    rules = F95.with_options({"wounds.record": "capacity"})
    assert defensive_factors(rules=rules, capacity=3).total == 0


def test_capacity_roll_adjusts_hurt_or_worse_by_one_level():
    rules = F95.with_options({"damage.capacity": "roll"})
    assert defensive_factors(rules=rules, capacity=3).total == 0  # no longer a factor
    assert hit(2, 2, rules, capacity_roll=2).level == SCRATCH      # Great: one less
    assert hit(2, 2, rules, capacity_roll=0).level == HURT         # Fair: no change
    assert hit(2, 2, rules, capacity_roll=-2).level == VERY_HURT   # Poor: one more
    assert hit(2, -1, rules).level == SCRATCH                      # a Scratch needs no roll
    with pytest.raises(RuleError) as err:
        hit(2, 2, rules)
    assert err.value.field == "capacity_roll"


def test_capacity_roll_by_one_damage_point():
    rules = F95.with_options({"damage.capacity": "roll", "damage.capacity_step": "point"})
    out = hit(2, 2, rules, capacity_roll=-3)  # 4 + 1 = 5
    assert out.number == 5 and out.level == VERY_HURT


def test_damage_resistant_and_fragile():
    lv = F95.with_options({"damage.capacity": "gift"})
    odf = offensive_factors(rules=lv, extra=[("factor", 2)])
    tough = defensive_factors(rules=lv, resistant=1, capacity=3)
    frail = defensive_factors(rules=lv, resistant=-1)
    assert resolve_damage(relative_degree=2, odf=odf, ddf=tough, rules=lv).level == SCRATCH
    assert resolve_damage(relative_degree=2, odf=odf, ddf=frail, rules=lv).level == VERY_HURT
    pt = lv.with_options({"damage.capacity_step": "point"})
    tough = defensive_factors(rules=pt, resistant=1)
    assert resolve_damage(relative_degree=2, odf=odf, ddf=tough, rules=pt).number == 3



def test_the_gift_step_is_said_only_for_a_fighter_with_the_gift_who_is_wounded():
    """F95 4.52 no. 2 by level: Damage Resistant or Fragile moves a wound one level. A fighter
    without either gift gets no such step, and a blow that wounds no one has no severity to move:
    a Fragile fighter the blow does not hurt stays unhurt."""
    lv = F95.with_options({"damage.capacity": "gift"})
    odf = offensive_factors(rules=lv, extra=[("factor", 2)])
    plain = resolve_damage(relative_degree=2, odf=odf, ddf=defensive_factors(rules=lv), rules=lv)
    assert plain.level == HURT  # 2 + 2 = 4: Hurt (F95 4.55)
    assert not [s for s in plain.steps if s.section == "F95 4.52"]
    weak = offensive_factors(rules=lv, extra=[("factor", -3)])
    for gift in (1, -1):
        unhurt = resolve_damage(relative_degree=1, odf=weak, ddf=defensive_factors(rules=lv, resistant=gift),
                                rules=lv.with_options({"damage.graze": "off"}))
        assert unhurt.level == UNDAMAGED  # -3 + 1 = -2: no damage
        assert not [s for s in unhurt.steps if s.section == "F95 4.52"]


def test_a_damage_resistant_part_outside_the_gift_option_counts_in_the_total_as_one_point():
    """F95 4.52 no. 2 makes Damage Resistant one wound level only where the gift option counts it
    so (``damage.capacity`` gift, by level); a saved "resistant" part under the Damage Capacity
    roll is a defensive factor like the others: the total subtracts it."""
    gift = F95.with_options({"damage.capacity": "gift"})
    saved = defensive_factors(rules=gift, resistant=1).to_dict()
    roll = F95.with_options({"damage.capacity": "roll"})
    odf = offensive_factors(rules=roll, extra=[("factor", 1)])
    out = resolve_damage(relative_degree=2, odf=odf, ddf=Factors.from_dict(saved, field="ddf"), rules=roll)
    assert out.factor == 0 and out.number == 2 and out.level == SCRATCH  # 1 − 1 + 2 = 2: Scratch (F95 4.55)

# --- W-FACTORS ------------------------------------------------------------------------------

def test_strength_counts_only_for_muscle_powered_weapons():
    gun = Weapon(name="Pistol", muscle=False, strength=2)
    f = offensive_factors(rules=F95, strength=3, strength_scale=10, weapon=gun)
    assert f.total == 2  # "A superhero of Scale 10 using an ordinary pistol would not figure his Scale"
    giant_gun = Weapon(name="Giant-sized handgun", muscle=False, strength=2, scaled=True)
    assert offensive_factors(rules=F95, strength=3, strength_scale=10, weapon=giant_gun).total == 12


def test_less_lethal_subtracts_one_from_each_weapon_except_sharpness():
    rules = F95.with_options({"damage.less_lethal": True})
    assert offensive_factors(rules=rules, weapon=damage.find_weapon(rules, "Broadsword")).total == 2


def test_magic_attack_reads_mudge_formula():
    fireball = Weapon(name="Fireball", size=2, muscle=False)
    f = offensive_factors(rules=MUD, strength=2, strength_scale=1, weapon=fireball, attack="magic")
    assert f.total == 5 and "Mana/Psyche" in f.parts[0].label
    d = defensive_factors(rules=MUD, capacity=1, attack="magic")
    assert "Willpower" in d.parts[0].label


def test_heavy_blunt_halving_is_off_unless_chosen():
    mace = damage.find_weapon(F95, "Large mace")
    out = resolve_damage(relative_degree=3, odf=offensive_factors(rules=F95, weapon=mace),
                         ddf=defensive_factors(rules=F95, armor=damage.find_armor(F95, "Plate armor")), rules=F95)
    assert out.armor == 4


def test_factors_jot_down_their_parts():
    rules = F95
    f = offensive_factors(rules=rules, strength=1, weapon=damage.find_weapon(rules, "Broadsword"))
    assert f.text().endswith("= +4")
    assert [p.kind for p in f.parts] == ["strength", "strength_scale", "weapon"]
    assert Factors.from_dict(json.loads(json.dumps(f.to_dict()))) == f


def test_factors_total_must_match_parts():
    data = offensive_factors(rules=F95, strength=1).to_dict()
    data["total"] = 7
    with pytest.raises(FudgeError) as err:
        Factors.from_dict(data)
    assert err.value.field == "factors.total"


def test_extra_parts_accept_modifiers():
    from pyfudge.rules.actions import Modifier
    f = offensive_factors(rules=F95, extra=[Modifier("foe's failed all-out attack", 2, "F95 4.31")])
    assert f.total == 2 and f.parts[-1].section == "F95 4.31"


# --- W-SCALE ----------------------------------------------------------------------------------

def _vs_whale(rules, rd, piercing, **kw):
    odf = offensive_factors(rules=rules, weapon=Weapon(name="Harpoon", size=2, sharp=1, scale_piercing=piercing))
    ddf = defensive_factors(rules=rules, mass_scale=8)
    return resolve_damage(relative_degree=rd, odf=odf, ddf=ddf, rules=rules, **kw)


def test_scale_piercing_weapon_halves_or_ignores_scale_when_it_hits_well():
    assert _vs_whale(F95, 3, "none").factor == 3 - 8
    assert _vs_whale(F95, 3, "halve").factor == 3 - 4
    assert _vs_whale(F95, 3, "ignore").factor == 3
    assert _vs_whale(F95, 1, "ignore").factor == 3 - 8  # a graze is not a good hit


def test_damage_roll_when_only_scale_stops_the_hit():
    rules = F95.with_options({"damage.scale_roll": True})
    odf = offensive_factors(rules=rules, strength=0, weapon=Weapon(name="Spear", size=2, sharp=1))
    ddf = defensive_factors(rules=rules, mass_scale=5)
    out = resolve_damage(relative_degree=2, odf=odf, ddf=ddf, rules=rules, damage_die=[1, 1, 1, 0])
    assert out.number == 1 and out.level == SCRATCH  # 3 - 5 + 2 = 0, roll +3: at most 1
    out = resolve_damage(relative_degree=2, odf=odf, ddf=ddf, rules=rules, damage_die=[0, 0, 0, 0])
    assert out.level == UNDAMAGED


def test_small_fighters_critical_may_penetrate():
    rules = F95.with_options({"damage.critical_penetration": 2})
    odf = offensive_factors(rules=rules, strength_scale=-4, weapon=Weapon(name="Pin", size=1))
    ddf = defensive_factors(rules=rules, mass_scale=0, armor=Armor(name="Plate", value=4))
    assert resolve_damage(relative_degree=4, odf=odf, ddf=ddf, rules=rules, critical=True).number == 2
    assert resolve_damage(relative_degree=4, odf=odf, ddf=ddf, rules=rules).level == UNDAMAGED


def test_tech_level_as_scale():
    rules = F95.with_options({"damage.tech_scale": True})
    odf = offensive_factors(rules=rules, weapon=Weapon(name="Pulverizer", muscle=False, strength=2, tech=3))
    ddf = defensive_factors(rules=rules, armor=Armor(name="Kevlar", value=3, tech=1))
    assert odf.total - ddf.total == (2 + 3) - (3 + 1)
    off = offensive_factors(rules=F95, weapon=Weapon(name="Pulverizer", muscle=False, strength=2, tech=3))
    assert off.total == 2


# --- CO-ARMOR ---------------------------------------------------------------------------------

def test_coverage_is_ignored_without_the_co_armor_module():
    odf = offensive_factors(rules=F95)
    ddf = defensive_factors(rules=F95, armor=Armor(name="Shirt", value=2, coverage=2))
    assert resolve_damage(relative_degree=5, odf=odf, ddf=ddf, rules=F95).armor == 2


def test_co_tables_are_catalogue_data():
    rules = F95.with_options({"co.armor": True})
    assert {"name": "Full Suit", "coverage": 5} in rules["co.coverage_values"]
    assert {"name": "Steel plate with under mail coat", "value": 3} in rules["co.armor_values"]
    with pytest.raises(OptionError):
        F95.with_options({"co.coverage_values": [{"name": "Shirt", "coverage": "two"}]})


# --- W-MINMIDMAX ------------------------------------------------------------------------------

MMM = F95.with_options({"damage.system": "minmidmax"})


def test_minmidmax_negative_bonus_means_no_roll():
    out = hit(2, -1, MMM)  # bonus −1 + 0: no damage, no dice needed
    assert out.level == UNDAMAGED and out.faces == ()


def test_minmidmax_low_penalty():
    rules = MMM.with_options({"damage.mmm_low_penalty": True})
    assert hit(6, -5, MMM, damage_die=[1, 2, 3]).number == 2   # −1 + 2 = 1: Mid
    assert hit(6, -5, rules, damage_die=[1, 2, 3]).number == 1  # −2 + 2 = 0: Min


def test_minmidmax_adds_all_three_and_stops_at_near_death():
    out = hit(6, 6, MMM, damage_die=[6, 6, 5])
    assert out.number == 17 and out.level == NEAR_DEATH


def test_minmidmax_grazes_use_the_graze_rule_unchanged():
    out = hit(1, 4, MMM)
    assert out.graze and out.level == SCRATCH and out.system == "minmidmax"


def test_minmidmax_mudge_grazes_read_the_mudge_graze_cap_not_three_d6():
    # MUD 4.56: a graze is damage as usual capped by the graze table; Min-Mid-Max (F95 4.63) is
    # the damage of an ordinary hit, so a graze asks no 3d6 and reads the odd die as Mudge does.
    rules = MUD.with_options({"damage.system": "minmidmax"})
    assert damage.dice_needed(rules, relative_degree=1)["dice"] != "3d6"
    out = hit(1, 3, rules, damage_die=[0])
    assert out.graze and out.system == "minmidmax"
    assert out.number == 4 and out.cap == SCRATCH and out.level == SCRATCH and out.die != "3d6"


def test_minmidmax_needs_three_d6():
    with pytest.raises(DiceError):
        hit(2, 3, MMM, damage_die=[1, 2, 7])
    with pytest.raises(DiceError):
        hit(2, 3, MMM)


# --- Catalogues and JSON doors -------------------------------------------------------------

def test_mudge_catalogue_is_the_whole_table():
    values = {w.name: w.value for w in damage.weapons(MUD)}
    assert values["Unarmed, no Martial Arts"] == -1 and values["Huge weapon"] == 4
    assert [a.value for a in damage.armors(MUD)] == [0, 2, 4, 6, 8]


def test_catalogue_option_is_validated():
    with pytest.raises(OptionError) as err:
        F95.with_options({"damage.weapons": [{"name": "Sword", "size": "big"}]})
    assert err.value.field == "options.damage.weapons[0].size"
    with pytest.raises(OptionError):
        F95.with_options({"damage.weapons": [{"name": "Sword"}, {"name": "sword"}]})
    with pytest.raises(OptionError):
        F95.with_options({"damage.armors": [{"name": "Hide", "value": 1, "colour": "red"}]})
    custom = F95.with_options({"damage.weapons": [{"name": "Katana", "size": 2, "sharp": 1}]})
    assert damage.find_weapon(custom, "katana").value == 3


def test_sending_back_the_book_catalogue_changes_nothing():
    same = F95.with_options({"damage.weapons": F95["damage.weapons"], "damage.armors": F95["damage.armors"]})
    assert dict(same.changed) == {}


def test_unknown_catalogue_name_is_an_error():
    with pytest.raises(FudgeError) as err:
        damage.find_weapon(F95, "Lightsaber")
    assert err.value.field == "weapon"


@pytest.mark.parametrize("data,field", [
    ({"name": "X", "size": 1.5}, "weapon.size"),
    ({"size": 1}, "weapon.name"),
    ({"name": "X", "gun": "laser"}, "weapon.gun"),
    ({"name": "X", "edge": 1}, "weapon"),
    ("Sword", "weapon"),
    ({"name": "X", "scale_piercing": "half"}, "weapon.scale_piercing"),
])
def test_weapon_from_dict_names_the_bad_field(data, field):
    with pytest.raises(FudgeError) as err:
        Weapon.from_dict(data)
    assert err.value.field == field


def test_weapon_constructor_validates_too():
    with pytest.raises(FudgeError):
        Weapon(name="X", gun="laser")
    with pytest.raises(FudgeError):
        Armor(name="X", coverage=-1)


def test_outcome_is_json_ready_with_sections():
    out = hit(2, 2, MUD, damage_die=[1])
    data = json.loads(json.dumps(out.to_dict()))
    assert data["level_name"] == "Very Hurt" and data["faces"] == [1]
    assert all(s["section"] for s in data["steps"])


def test_every_damage_option_is_described():
    keys = {o["key"] for o in describe()["options"]}
    assert {o.key for o in damage_options.OPTIONS} <= keys
    json.dumps(describe())
