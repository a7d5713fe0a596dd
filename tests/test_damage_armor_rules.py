"""Armor and Scale on a hit, read off the defensive factors ``armor_on_hit`` hands back: CO 1.3's
Coverage Value, F95 4.54's heavy blunt weapons (armor halved, rounded down) and F95 4.58 /
MUD 4.58's Scale-piercing weapons (Mass Scale halved or ignored on a good hit). Each rule keeps the
other parts as they were, in order, and merges the parts it changes into the first one's label."""

from __future__ import annotations

from pyfudge.core.explain import Step
from pyfudge.rules.damage_armor import armor_on_hit
from pyfudge.rules.factors import FactorPart, Factors
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
CAP = FactorPart("capacity", "Good Damage Capacity", 1, "F95 4.52")
CHAIN = FactorPart("armor", "Chain mail", 3, "F95 4.54")
SHIELD = FactorPart("armor", "Magic on the armor", 2, "F95 4.54")
GIANT = FactorPart("mass_scale", "Mass Scale", 5, "F95 4.58")
MORE = FactorPart("mass_scale", "Extra bulk", 2, "F95 4.58")
HIDE = FactorPart("tough_hide", "Tough Hide", 1, "F95 4.58")


def ddf(*parts: FactorPart, coverage: int | None = None) -> Factors:
    return Factors("defensive", parts, coverage=coverage)


def odf(*, heavy_blunt: bool = False, scale_piercing: str = "none") -> Factors:
    return Factors("offensive", (FactorPart("weapon", "Mace", 3, "F95 4.54"),), heavy_blunt, scale_piercing)


def test_heavy_blunt_weapon_halves_every_armor_part_into_the_first():
    """F95 4.54: armor 3 + 2 = 5 counts as 2 (round down), carried on the first armor part's label;
    Damage Capacity and Mass Scale stay where they were."""
    steps: list[Step] = []
    out = armor_on_hit(odf(heavy_blunt=True), ddf(CAP, CHAIN, HIDE, SHIELD), 2,
                       F95.with_options({"damage.heavy_blunt": True}), steps)
    assert out.parts == (CAP, FactorPart("armor", "Chain mail", 2, "F95 4.54"), HIDE)
    assert out.side == "defensive"
    assert steps == [Step("F95 4.54", "Heavy blunt weapon: armor +5 counts as +2.",
                          {"armor_before": 5, "armor_after": 2})]


def test_heavy_blunt_needs_the_option_the_weapon_and_some_armor():
    """Without the option, without a heavy blunt weapon, or against no armor, nothing changes."""
    for weapon, options, parts in [(odf(heavy_blunt=True), {}, (CHAIN,)),
                                   (odf(), {"damage.heavy_blunt": True}, (CHAIN,)),
                                   (odf(heavy_blunt=True), {"damage.heavy_blunt": True},
                                    (FactorPart("armor", "None", 0),))]:
        steps: list[Step] = []
        assert armor_on_hit(weapon, ddf(CAP, *parts), 3, F95.with_options(options), steps) == ddf(CAP, *parts)
        assert steps == []


def test_scale_piercing_weapon_halves_mass_scale_on_a_good_hit():
    """F95 4.58: "if they hit well, simply halve the Scale value": 5 + 2 = 7 counts as 3."""
    steps: list[Step] = []
    out = armor_on_hit(odf(scale_piercing="halve"), ddf(GIANT, CHAIN, MORE), 2, F95, steps)
    assert out.parts == (FactorPart("mass_scale", "Mass Scale", 3, "F95 4.58"), CHAIN)
    assert steps == [Step("F95 4.58", "Scale-piercing weapon hits well (+2): Mass Scale +7 counts as +3.",
                          {"mass_before": 7, "mass_after": 3})]


def test_scale_piercing_weapon_may_ignore_mass_scale():
    """F95 4.58: "or ignore it": the Mass Scale part stays, at 0."""
    steps: list[Step] = []
    out = armor_on_hit(odf(scale_piercing="ignore"), ddf(CHAIN, GIANT), 5, F95, steps)
    assert out.parts == (CHAIN, FactorPart("mass_scale", "Mass Scale", 0, "F95 4.58"))
    assert steps[0].data == {"mass_before": 5, "mass_after": 0}


def test_scale_piercing_needs_a_good_enough_hit():
    """Below ``damage.piercing_degree`` the Scale counts fully, and the step says what was needed."""
    steps: list[Step] = []
    rules = F95.with_options({"damage.piercing_degree": 3})
    assert armor_on_hit(odf(scale_piercing="halve"), ddf(GIANT), 2, rules, steps) == ddf(GIANT)
    assert steps == [Step("F95 4.58", "Scale-piercing weapon, but +2 is not a good enough hit (needs +3): "
                          "Mass Scale counts fully.", {"mass": 5})]
    steps.clear()
    assert armor_on_hit(odf(scale_piercing="halve"), ddf(GIANT), 3, rules, steps).value_of("mass_scale") == 2


def test_scale_piercing_does_nothing_against_no_mass_scale():
    """A defender of Scale 0 (or smaller) has no Scale to pierce: no step."""
    steps: list[Step] = []
    small = FactorPart("mass_scale", "Mass Scale", -2, "F95 4.58")
    assert armor_on_hit(odf(scale_piercing="ignore"), ddf(small), 4, F95, steps) == ddf(small)
    assert steps == []


def test_coverage_value_decides_whether_armor_counts():
    """CO 1.3: a degree of success above the Coverage Value ignores the armor (all its parts);
    at or below it the armor counts. Without CO 1, coverage is not read."""
    co = F95.with_options({"co.armor": True})
    steps: list[Step] = []
    out = armor_on_hit(odf(), ddf(CAP, CHAIN, SHIELD, coverage=2), 3, co, steps)
    assert out.parts == (CAP,) and out.coverage == 2
    assert steps == [Step("CO 1.3", "Degree of success 3 is above the armor's Coverage Value 2: the blow finds "
                          "an unprotected spot, armor is ignored.",
                          {"degree": 3, "coverage": 2, "armor_before": 5, "armor_after": 0})]
    steps.clear()
    assert armor_on_hit(odf(), ddf(CAP, CHAIN, coverage=2), 2, co, steps) == ddf(CAP, CHAIN, coverage=2)
    assert steps == [Step("CO 1.3", "Degree of success 2 is not above the Coverage Value 2: the armor counts.",
                          {"degree": 2, "coverage": 2})]
    steps.clear()
    assert armor_on_hit(odf(), ddf(CHAIN, coverage=2), 3, F95, steps) == ddf(CHAIN, coverage=2)
    assert steps == []


def test_armor_without_a_coverage_value_counts_whole_under_co_1():
    """CO 1.3 reads the armor's Coverage Value; armor given none (the books' F95 table has no such
    column) counts as it is, with no CO 1.3 step, however good the hit."""
    co = F95.with_options({"co.armor": True})
    steps: list[Step] = []
    assert armor_on_hit(odf(), ddf(CAP, CHAIN), 5, co, steps) == ddf(CAP, CHAIN)
    assert steps == []


def test_armor_ignored_by_coverage_is_not_halved_again():
    """CO 1.3 then F95 4.54: once the blow finds a gap there is no armor left to halve."""
    steps: list[Step] = []
    rules = F95.with_options({"co.armor": True, "damage.heavy_blunt": True})
    out = armor_on_hit(odf(heavy_blunt=True), ddf(CHAIN, coverage=1), 2, rules, steps)
    assert out.parts == ()
    assert [s.section for s in steps] == ["CO 1.3"]


def test_scale_piercing_halves_a_scale_of_one_to_nothing():
    """F95 4.58, rounded down: Mass Scale +1 halved counts as 0."""
    steps: list[Step] = []
    one = FactorPart("mass_scale", "Mass Scale", 1, "F95 4.58")
    out = armor_on_hit(odf(scale_piercing="halve"), ddf(one), 2, F95, steps)
    assert out.parts == (FactorPart("mass_scale", "Mass Scale", 0, "F95 4.58"),)
    assert steps[0].data == {"mass_before": 1, "mass_after": 0}
