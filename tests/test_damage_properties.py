"""Hypothesis properties of pyfudge.rules.damage: any input gives an outcome or a FudgeError, replays agree,
JSON round trips, damage never lightens as the hit improves."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from properties import at_least, checked, examples, refused

from pyfudge.core.errors import FudgeError
from pyfudge.rules import damage, damage_options
from pyfudge.rules.damage import Armor, Factors, Weapon, defensive_factors, offensive_factors, resolve_damage
from pyfudge.rules.wounds import DEAD, NEAR_DEATH, UNDAMAGED
from pyfudge.rulesets import find_ruleset

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])

option_sets = st.fixed_dictionaries({}, optional={
    "damage.system": st.sampled_from(["standard", "doubled", "minmidmax"]),
    "damage.thresholds": st.sampled_from(["book", "standard", "doubled", "epic"]),
    "damage.graze": st.sampled_from(["f95", "mudge", "off"]),
    "damage.graze_die": st.sampled_from(["one_level", "none"]),
    "damage.die": st.sampled_from([c for c, _ in damage_options.DIE_CHOICES]),
    "damage.capacity": st.sampled_from(["factor", "roll", "gift", "none"]),
    "damage.capacity_step": st.sampled_from(["level", "point"]),
    "damage.scale_roll": st.booleans(),
    "damage.critical_penetration": st.integers(0, 2),
    "damage.heavy_blunt": st.booleans(),
    "damage.less_lethal": st.booleans(),
    "damage.tech_scale": st.booleans(),
    "damage.mmm_low_penalty": st.booleans(),
    "co.armor": st.booleans(),
})
rulesets = st.builds(lambda p, o: find_ruleset(p, **{k.replace(".", "__"): v for k, v in o.items()}),
                     st.sampled_from(["fudge1995", "mudge", "fudge1993"]), option_sets)

# A name has something visible and no control or format character (pyfudge.core.checks).
names = st.text(st.characters(blacklist_categories=("C",), blacklist_characters="\u115f\u1160\u3164\uffa0\u2800"),
                min_size=1, max_size=10).filter(str.strip)
weapons = st.builds(
    Weapon, name=names, size=st.integers(-1, 6),
    sharp=st.integers(0, 1), muscle=st.booleans(), strength=st.integers(0, 12),
    gun=st.sampled_from(["none", "gun", "high_tech"]), bonus=st.integers(0, 2), magic=st.integers(0, 3),
    heavy_blunt=st.booleans(), scale_piercing=st.sampled_from(["none", "halve", "ignore"]),
    scaled=st.booleans(), tech=st.integers(-2, 4),
)
armors = st.builds(Armor, name=names, value=st.integers(0, 8),
                   magic=st.integers(0, 2), coverage=st.none() | st.integers(0, 5), tech=st.integers(-2, 4))
fdf = st.lists(st.sampled_from([-1, 0, 1]), min_size=1, max_size=4)
dice_inputs = st.none() | fdf | st.lists(st.integers(1, 6), min_size=3, max_size=3) | st.just([7]) | st.just("x")


DAMAGE_DICE = {"1dF": st.lists(st.sampled_from([-1, 0, 1]), min_size=1, max_size=1),
               "4dF": st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4),
               "3d6": st.lists(st.integers(1, 6), min_size=3, max_size=3), None: st.none()}


@st.composite
def hits(draw):
    """A hit under any ruleset with the dice that ruleset reads (damage.dice_needed), the opposed
    rolls and a Damage Capacity roll; one time in four any dice and relative degree, refusals included."""
    rules = draw(rulesets)
    odf = offensive_factors(rules=rules, strength=draw(st.integers(-3, 4)), strength_scale=draw(st.integers(-6, 8)),
                            weapon=draw(weapons), all_out=draw(st.integers(0, 1)))
    ddf = defensive_factors(rules=rules, capacity=draw(st.integers(-3, 4)), armor=draw(armors),
                            mass_scale=draw(st.integers(-6, 8)), tough_hide=draw(st.integers(0, 3)),
                            resistant=draw(st.integers(-1, 1)))
    if draw(st.integers(0, 3)) < 3:
        rd = draw(st.integers(1, 9))
        kw = dict(damage_die=draw(DAMAGE_DICE[damage.dice_needed(rules, relative_degree=rd)["dice"]]),
                  attack_roll=draw(st.integers(-4, 4)), defense_roll=draw(st.integers(-4, 4)),
                  capacity_roll=draw(st.integers(-4, 6)))
    else:
        rd = draw(st.integers(1, 9) | st.integers(-2, 0))
        kw = dict(damage_die=draw(dice_inputs), attack_roll=draw(st.none() | st.integers(-4, 4)),
                  defense_roll=draw(st.none() | st.integers(-4, 4)), capacity_roll=draw(st.none() | st.integers(-4, 6)))
    kw.update(scale_difference=draw(st.integers(-3, 8)), critical=draw(st.booleans()))
    return rules, rd, odf, ddf, kw


@at_least(0.5)
@SETTINGS
@given(hits())
def test_any_valid_input_gives_an_outcome_or_a_fudge_error(case):
    rules, rd, odf, ddf, kw = case
    try:
        out = resolve_damage(relative_degree=rd, odf=odf, ddf=ddf, rules=rules, **kw)
    except FudgeError as err:
        assert err.message and err.field
        refused()
        return
    checked()
    assert UNDAMAGED <= out.level <= DEAD
    if rules["damage.thresholds"] != "custom":
        assert out.level <= NEAR_DEATH  # no threshold for Dead in any book table
    assert out.graze == (rd == 1 and rules["damage.graze"] != "off")
    json.dumps(out.to_dict())
    again = resolve_damage(relative_degree=rd, odf=odf, ddf=ddf, rules=rules, **kw)
    assert again == out and again.steps == out.steps  # replay of the same faces


@SETTINGS
@given(weapons, armors)
def test_weapon_and_armor_round_trip(weapon, armor):
    assert Weapon.from_dict(json.loads(json.dumps(weapon.to_dict()))) == weapon
    assert Armor.from_dict(json.loads(json.dumps(armor.to_dict()))) == armor


@SETTINGS
@given(hits())
def test_factors_round_trip(case):
    _, _, odf, ddf, _ = case
    for f in (odf, ddf):
        assert Factors.from_dict(json.loads(json.dumps(f.to_dict()))) == f


@SETTINGS
@given(rulesets, st.integers(-12, 12), st.integers(2, 9))
def test_a_better_hit_never_wounds_less(rules, factor, rd):
    rules = rules.with_options({"damage.die": "none", "damage.capacity": "factor"})
    odf = offensive_factors(rules=rules, extra=[("factor", factor)])
    ddf = defensive_factors(rules=rules)
    dice = [1, 2, 3] if rules["damage.system"] == "minmidmax" else None
    a = resolve_damage(relative_degree=rd, odf=odf, ddf=ddf, rules=rules, damage_die=dice)
    b = resolve_damage(relative_degree=rd + 1, odf=odf, ddf=ddf, rules=rules, damage_die=dice)
    c = resolve_damage(relative_degree=rd, odf=offensive_factors(rules=rules, extra=[("factor", factor + 1)]),
                       ddf=ddf, rules=rules, damage_die=dice)
    assert b.level >= a.level and c.level >= a.level


@SETTINGS
@given(st.lists(st.integers(1, 6), min_size=3, max_size=3))
def test_min_mid_max_are_ordered(faces):
    lo, mid, hi = (damage.read_minmidmax(faces, r) for r in ("min", "mid", "max"))
    assert lo <= mid <= hi and damage.read_minmidmax(faces, "all") == sum(faces)


def test_four_df_damage_roll_distribution_sums_to_one():
    rules = find_ruleset("fudge1995", damage__die="situational_limited")
    odf = offensive_factors(rules=rules)
    ddf = defensive_factors(rules=rules)
    counts: dict[int, int] = {}
    for faces in itertools.product((-1, 0, 1), repeat=4):
        out = resolve_damage(relative_degree=2, odf=odf, ddf=ddf, rules=rules, damage_die=list(faces))
        counts[out.number] = counts.get(out.number, 0) + 1
    probs = {n: Fraction(c, 81) for n, c in counts.items()}
    assert sum(probs.values()) == 1
    assert set(probs) == {1, 2, 3, 4}  # limitations: never below 1, never above double


@SETTINGS
@given(rulesets, st.integers(1, 6), st.integers(-6, 8), st.data())
def test_the_dice_dice_needed_names_are_enough(rules, rd, factor, data):
    rules = rules.with_options({"damage.capacity": "factor"})
    need = damage.dice_needed(rules, relative_degree=rd)
    faces = None
    if need["dice"] == "3d6":
        faces = data.draw(st.lists(st.integers(1, 6), min_size=3, max_size=3))
    elif need["dice"]:
        faces = data.draw(st.lists(st.sampled_from([-1, 0, 1]), min_size=need["count"], max_size=need["count"]))
    rolls = {"attack_roll": data.draw(st.integers(-4, 4)), "defense_roll": data.draw(st.integers(-4, 4))} \
        if need["rolls"] else {}
    odf = offensive_factors(rules=rules, extra=[("factor", factor)])
    ddf = defensive_factors(rules=rules, mass_scale=data.draw(st.integers(0, 6)))
    out = resolve_damage(relative_degree=rd, odf=odf, ddf=ddf, rules=rules, damage_die=faces, **rolls)
    assert set(out.faces) <= set(faces or ())
