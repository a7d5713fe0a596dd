"""The damage explanation adds up line by line (F95 4.55): the offensive and defensive factor lines
total what the total damage factor line subtracts. A part counted elsewhere is named on its line:
Damage Resistant / Fragile as one wound level (F95 4.52, no. 2, with ``damage.capacity_step``
``level``), an all-out attack's +1 on the damage number or the graze (F95 4.31)."""

import re

import pytest

from pyfudge.rules import damage
from pyfudge.rules.damage import defensive_factors, offensive_factors
from pyfudge.rulesets import new_ruleset


def lines(rules, *, resistant=0, all_out=0, rd=3):
    odf = offensive_factors(rules=rules, strength=1, all_out=all_out)
    ddf = defensive_factors(rules=rules, capacity=0, resistant=resistant)
    out = damage.resolve_damage(relative_degree=rd, odf=odf, ddf=ddf, rules=rules)
    return out, [s.text for s in out.steps]


def totals(texts):
    """The totals the factor lines show, and the two the total damage factor line uses."""
    odf_line = next(t for t in texts if t.startswith("Offensive damage factors"))
    ddf_line = next(t for t in texts if t.startswith("Defensive damage factors"))
    total = next(t for t in texts if t.startswith("Total damage factor"))
    shown = [int(re.search(r"= ([+-]\d+)", line).group(1)) for line in (odf_line, ddf_line)]
    used = re.match(r"Total damage factor ([+-]\d+) − \(([+-]\d+)\)", total).groups()
    return shown, [int(x) for x in used], ddf_line, odf_line


@pytest.mark.parametrize("resistant, name", [(1, "Damage Resistant"), (-1, "Fragile")])
def test_damage_resistant_or_fragile_as_a_wound_level_is_not_in_the_defensive_total(resistant, name):
    rules = new_ruleset("fudge1995", {"damage.capacity": "gift", "damage.capacity_step": "level"})
    out, texts = lines(rules, resistant=resistant)
    shown, used, ddf_line, _ = totals(texts)
    assert shown == used
    assert f"{name} {resistant:+d}: one wound level (F95 4.52), not in this total" in ddf_line
    assert any(t.startswith(f"{name}: severity") for t in texts)


def test_damage_resistant_as_a_damage_point_is_in_the_defensive_total():
    rules = new_ruleset("fudge1995", {"damage.capacity": "gift", "damage.capacity_step": "point"})
    out, texts = lines(rules, resistant=1)
    shown, used, ddf_line, _ = totals(texts)
    assert shown == used
    assert "Damage Resistant +1" in ddf_line and "wound level" not in ddf_line


def test_an_all_out_attacks_plus_one_is_named_on_the_damage_number_not_in_the_offensive_total():
    rules = new_ruleset("fudge1995", {})
    out, texts = lines(rules, all_out=1)
    shown, used, _, odf_line = totals(texts)
    assert shown == used
    assert "All-out offence +1: counted apart (F95 4.31), not in this total" in odf_line
    assert any("+ all-out 1" in t for t in texts)


def test_the_outcomes_themselves_are_unchanged():
    rules = new_ruleset("fudge1995", {"damage.capacity": "gift", "damage.capacity_step": "level"})
    out, _ = lines(rules, resistant=1, rd=3)  # +1 − 0 + 3 = 4: Hurt, one level less: Scratch
    assert (out.number, out.level) == (4, 1)


@pytest.mark.parametrize("step, counted", [("level", 0), ("point", 1)])
def test_a_blows_defensive_factors_total_what_its_total_damage_factor_subtracts(step, counted):
    """The blow an exchange records carries the defender's factors as the damage used them: under
    F95 4.52 no. 2 by level the gift is one wound level, named on the factor line and not in its
    total; by point it is a defensive factor like any other."""
    from pyfudge.encounter import view
    from pyfudge.encounter.log import Encounter

    enc = Encounter(ruleset=new_ruleset("fudge1995", {"damage.capacity": "gift", "damage.capacity_step": step}))
    enc.apply({"t": "add", "fighter": {"name": "Asta", "skills": {"Brawling": "Fair"}}})
    enc.apply({"t": "add", "fighter": {"name": "Orc", "skills": {"Brawling": "Fair"}, "resistance": "resistant"},
               "side": "foes"})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 3}},
               "b_dice": {"roll": {"total": 0}}})
    blow = enc.state.last["outcome"]["blows"][0]
    shown, used, ddf_line, _ = totals([s["text"] for s in blow["steps"]])
    assert shown == used
    assert blow["ddf"]["total"] == used[1] == counted
    assert "Damage Resistant" in ddf_line
    # The encounter's jotted-down total damage factor of the pair (F95 4.55) is the one used.
    pairs = {(p["a"], p["b"]): p["tdf"] for p in view.view(enc)["pairs"]}
    assert pairs[("c1", "c2")] == used[0] - used[1]
