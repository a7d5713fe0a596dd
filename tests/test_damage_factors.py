"""Damage factors as a player jots them down (W-FACTORS; F95 4.52-4.58, MUD 4.55, CO 1.2): every
part with its kind, label, value and the section behind it, the bounds of every input, and the
JSON shape read back."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pyfudge.core.errors import FudgeError
from pyfudge.rules.actions import Modifier
from pyfudge.rules.catalogue import SCALE_LIMIT
from pyfudge.rules.damage import Armor, Factors, Weapon, defensive_factors, offensive_factors
from pyfudge.rules.factors import FACTOR_LIMIT, FactorPart
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")


def parts(factors: Factors) -> list[tuple[str, str, int, str]]:
    return [(p.kind, p.label, p.value, p.section) for p in factors.parts]


def test_offensive_factors_list_strength_scale_weapon_magic_and_all_out_with_their_sections():
    odf = offensive_factors(rules=F95, strength=1, strength_scale=2, weapon=Weapon(name="Broadsword", size=2, sharp=1),
                            magic=1, all_out=1, foe_all_out=2, extra=[("Blessing", 1, "F95 4.54")])
    assert parts(odf) == [
        ("strength", "Good Strength", 1, "F95 4.54"),
        ("strength_scale", "Strength Scale", 2, "F95 4.58"),
        ("weapon", "Broadsword (size +2, sharp +1)", 3, "F95 4.54"),
        ("magic", "Magic", 1, "F95 4.54"),
        ("all_out", "All-out offence", 1, "F95 4.31"),
        ("foe_all_out", "Foe's failed all-out attack", 2, "F95 4.31"),
        ("extra", "Blessing", 1, "F95 4.54"),
    ]
    assert odf.total == 11 and odf.side == "offensive"
    assert odf.text() == ("Good Strength +1, Strength Scale +2, Broadsword (size +2, sharp +1) +3, Magic +1, "
                          "All-out offence +1, Foe's failed all-out attack +2, Blessing +1 = +11")


def test_a_gun_adds_its_own_strength_not_the_shooters():
    # F95 4.54: Strength counts only for muscle-powered weapons.
    pistol = Weapon(name="Pistol", strength=2, muscle=False)
    odf = offensive_factors(rules=F95, strength=2, strength_scale=3, weapon=pistol)
    assert parts(odf) == [("weapon", "Pistol", 2, "F95 4.54")]


def test_magic_and_psi_read_mana_its_scale_and_the_power_value():
    # MUD 4.55: Mana/Psyche + Mana/Psyche Scale + Power Value.
    odf = offensive_factors(rules=MUD, attack="magic", strength=2, strength_scale=1,
                            weapon=Weapon(name="Fireball", size=3, muscle=False))
    assert parts(odf) == [("strength", "Great Mana/Psyche", 2, "MUD 4.55"),
                          ("strength_scale", "Mana/Psyche Scale", 1, "MUD 4.55"),
                          ("weapon", "Fireball (Power Value)", 3, "MUD 4.55")]


def test_less_lethal_weapons_lose_one_and_tech_level_counts_as_scale():
    rules = find_ruleset("fudge1995", damage__less_lethal=True, damage__tech_scale=True)
    odf = offensive_factors(rules=rules, strength=1, weapon=Weapon(name="Club", size=1, tech=2))
    assert parts(odf) == [("strength", "Good Strength", 1, "F95 4.54"),
                          ("strength_scale", "Strength Scale", 0, "F95 4.58"),
                          ("weapon", "Club, less lethal −1", 0, "F95 4.54"),
                          ("tech", "Weapon tech level (as Scale)", 2, "F95 4.65")]


def test_defensive_factors_list_capacity_armor_mass_scale_and_tough_hide():
    ddf = defensive_factors(rules=F95, capacity=1, armor=Armor(name="Chain", value=2), mass_scale=1, tough_hide=1)
    assert parts(ddf) == [("capacity", "Good Damage Capacity", 1, "F95 4.52"), ("armor", "Chain", 2, "F95 4.54"),
                          ("mass_scale", "Mass Scale", 1, "F95 4.58"), ("tough_hide", "Tough Hide", 1, "F95 4.58")]
    assert ddf.side == "defensive" and ddf.total == 5


def test_mudge_reads_constitution_and_against_magic_willpower_or_constitution():
    assert parts(defensive_factors(rules=MUD, capacity=1))[0] == ("capacity", "Good Constitution", 1, "MUD 4.52")
    assert parts(defensive_factors(rules=MUD, capacity=1, attack="magic")) == [
        ("capacity", "Good Willpower/Constitution", 1, "MUD 4.52"), ("armor", "No armor", 0, "MUD 4.54"),
        ("mass_scale", "Mass Scale", 0, "MUD 4.58")]


@pytest.mark.parametrize("resistant, label", [(1, "Damage Resistant"), (-1, "Fragile")])
def test_damage_resistant_or_fragile_replaces_capacity_as_a_gift(resistant, label):
    # F95 4.52 alternative 2.
    rules = find_ruleset("fudge1995", damage__capacity="gift")
    assert parts(defensive_factors(rules=rules, capacity=1, resistant=resistant)) == [
        ("resistant", label, resistant, "F95 4.52"), ("armor", "No armor", 0, "F95 4.54"),
        ("mass_scale", "Mass Scale", 0, "F95 4.58")]
    assert parts(defensive_factors(rules=rules, capacity=1))[0][0] == "armor"  # neither: no part


def test_combat_options_armor_cites_co_and_carries_its_coverage():
    rules = find_ruleset("fudge1995", co__armor=True, damage__tech_scale=True)
    ddf = defensive_factors(rules=rules, armor=Armor(name="Plate", value=3, coverage=2, tech=1))
    assert parts(ddf) == [("capacity", "Fair Damage Capacity", 0, "F95 4.52"), ("armor", "Plate", 3, "CO 1.2"),
                          ("mass_scale", "Mass Scale", 0, "F95 4.58"),
                          ("tech", "Armor tech level (as Scale)", 1, "F95 4.65")]
    assert ddf.coverage == 2


OFFENSIVE_BOUNDS = [("strength", -10, 20), ("strength_scale", -SCALE_LIMIT, SCALE_LIMIT), ("magic", -20, 20),
                    ("all_out", 0, 5), ("foe_all_out", 0, 5)]
DEFENSIVE_BOUNDS = [("capacity", -10, 20), ("mass_scale", -SCALE_LIMIT, SCALE_LIMIT), ("tough_hide", 0, 20),
                    ("resistant", -1, 1)]


@pytest.mark.parametrize("make, name, low, high",
                         [(offensive_factors, *b) for b in OFFENSIVE_BOUNDS]
                         + [(defensive_factors, *b) for b in DEFENSIVE_BOUNDS])
def test_each_input_is_taken_at_its_bounds_and_refused_past_them_by_name(make, name, low, high):
    for ok in (low, high):
        make(rules=F95, **{name: ok})
    for bad in (low - 1, high + 1, 1.5, True):
        with pytest.raises(FudgeError) as err:
            make(rules=F95, **{name: bad})
        assert err.value.field == name
        assert f"{name} must be a whole number from {low} to {high}" in str(err.value)


@pytest.mark.parametrize("make", [offensive_factors, defensive_factors])
def test_the_kind_of_attack_is_physical_or_magic(make):
    with pytest.raises(FudgeError) as err:
        make(rules=F95, attack="psionic")
    assert err.value.field == "attack" and "attack must be one of physical, magic" in str(err.value)


def test_extra_parts_take_labels_amounts_and_sections_within_bounds():
    odf = offensive_factors(rules=F95, extra=[("Rage", FACTOR_LIMIT), ("Curse", -FACTOR_LIMIT, "CO 9")])
    assert parts(odf)[-2:] == [("extra", "Rage", FACTOR_LIMIT, ""), ("extra", "Curse", -FACTOR_LIMIT, "CO 9")]
    for bad, field in ([("Rage", FACTOR_LIMIT + 1)], "extra[0]"), ([("Rage",)], "extra[0]"), (["Rage"], "extra[0]"):
        with pytest.raises(FudgeError) as err:
            offensive_factors(rules=F95, extra=bad)
        assert err.value.field == field


def test_factors_read_back_from_json_as_they_were_written():
    odf = offensive_factors(rules=F95, strength=1, weapon=Weapon(name="Maul", size=3, heavy_blunt=True))
    plate = Armor(name="Plate", value=3, coverage=2)
    ddf = defensive_factors(rules=find_ruleset("fudge1995", co__armor=True), armor=plate)
    for factors in (odf, ddf):
        assert Factors.from_dict(factors.to_dict()) == factors
    assert Factors.from_dict(odf.to_dict()).heavy_blunt is True
    part = FactorPart("armor", "Chain", 2, "F95 4.54")
    assert FactorPart.from_dict(part.to_dict()) == part
    assert FactorPart.from_dict({"kind": "extra", "label": "Luck", "value": 1}) == FactorPart("extra", "Luck", 1, "")
    assert Factors.from_dict({}) == Factors("offensive")


@pytest.mark.parametrize("data, field", [
    ({"label": "x", "value": 1}, "part.kind"),
    ({"kind": "extra", "value": 1}, "part.label"),
    ({"kind": "extra", "label": "x"}, "part.value"),
    ({"kind": "luck", "label": "x", "value": 1}, "part.kind"),
    ({"kind": "extra", "label": "x" * 81, "value": 1}, "part.label"),
    ({"kind": "extra", "label": "x", "value": FACTOR_LIMIT + 1}, "part.value"),
    ({"kind": "extra", "label": "x", "value": -FACTOR_LIMIT - 1}, "part.value"),
    ({"kind": "extra", "label": "x", "value": 1, "section": "s" * 41}, "part.section"),
    ({"kind": "extra", "label": "x", "value": 1, "colour": "red"}, "part"),
])
def test_a_bad_part_is_refused_naming_its_field(data, field):
    with pytest.raises(FudgeError) as err:
        FactorPart.from_dict(data)
    assert err.value.field == field


@pytest.mark.parametrize("data, field", [
    ({"parts": {}}, "factors.parts"),
    ({"parts": [{"kind": "extra", "label": "x", "value": 1}] * 41}, "factors.parts"),
    ({"parts": [{"kind": "extra", "label": "x"}]}, "factors.parts[0].value"),
    ({"side": "both"}, "factors.side"),
    ({"heavy_blunt": 1}, "factors.heavy_blunt"),
    ({"scale_piercing": "always"}, "factors.scale_piercing"),
    ({"coverage": 21}, "factors.coverage"),
    ({"coverage": -1}, "factors.coverage"),
    ({"parts": [{"kind": "extra", "label": "x", "value": 1}], "total": 2}, "factors.total"),
])
def test_bad_factors_are_refused_naming_their_field(data, field):
    with pytest.raises(FudgeError) as err:
        Factors.from_dict(data)
    assert err.value.field == field


def test_factors_at_the_edges_of_their_fields_are_taken():
    forty = [{"kind": "extra", "label": "x" * 80, "value": 0, "section": "s" * 40}] * 40
    assert len(Factors.from_dict({"parts": forty, "coverage": 20, "total": 0}).parts) == 40
    assert Factors.from_dict({"coverage": 0}).coverage == 0


def test_a_legendary_strength_or_capacity_is_named_legendary():
    assert parts(offensive_factors(rules=F95, strength=4))[0][1] == "Legendary Strength"
    assert parts(defensive_factors(rules=F95, capacity=4))[0][1] == "Legendary Damage Capacity"


def test_armor_tech_level_counts_only_under_the_tech_scale_option():
    ddf = defensive_factors(rules=F95, armor=Armor(name="Kevlar", value=2, tech=2))
    assert [p.kind for p in ddf.parts] == ["capacity", "armor", "mass_scale"]


def test_extra_parts_come_as_parts_modifiers_or_label_and_amount():
    """A FactorPart is kept as it is; a modifier (actions.Modifier) brings its source, amount and
    section; a (label, amount[, section]) pair its own."""
    own = FactorPart("magic", "Blessed blade", 2, "F95 4.54")
    ddf = defensive_factors(rules=F95, extra=[own, Modifier("Shield wall", 1, "CO 2.2"), Modifier("Cover", -1),
                                              ("Luck", 1)])
    assert parts(ddf)[3:] == [("magic", "Blessed blade", 2, "F95 4.54"), ("extra", "Shield wall", 1, "CO 2.2"),
                              ("extra", "Cover", -1, ""), ("extra", "Luck", 1, "")]


@pytest.mark.parametrize("extra, field, message", [
    ([Modifier("x" * 81, 1)], "extra[0]", "extra[0] must be"),
    ([Modifier("Rage", FACTOR_LIMIT + 1)], "extra[0].amount", "extra[0].amount must be a whole number from -40 to 40"),
    ([Modifier("Rage", -FACTOR_LIMIT - 1)], "extra[0].amount", "from -40 to 40"),
    ([("x" * 81, 1)], "extra[0]", "extra[0] must be"),
    ([("Rage", -FACTOR_LIMIT - 1)], "extra[0]", "extra[0] must be a whole number from -40 to 40"),
    ([("Rage", 1, "s" * 41)], "extra[0]", "extra[0] must be"),
    ([("Rage", 1), 7], "extra[1]", "extra[1] must be a label and an amount."),
])
def test_a_bad_extra_part_is_refused_naming_its_place(extra, field, message):
    for make in (offensive_factors, defensive_factors):
        with pytest.raises(FudgeError) as err:
            make(rules=F95, extra=extra)
        assert err.value.field == field and message in str(err.value)


def test_extra_parts_at_their_edges_are_taken():
    odf = offensive_factors(rules=F95, extra=[Modifier("x" * 80, -FACTOR_LIMIT), ("y" * 80, 1, "s" * 40)])
    assert [p.value for p in odf.parts[-2:]] == [-FACTOR_LIMIT, 1]


def test_factors_with_no_parts_read_nothing():
    assert Factors("offensive").text() == "nothing = +0"


@pytest.mark.parametrize("data, field, message", [
    ({"label": "x", "value": 1}, "part.kind", "part needs kind."),
    ({"kind": "extra", "value": 1}, "part.label", "part needs label."),
])
def test_a_part_missing_a_field_says_which(data, field, message):
    with pytest.raises(FudgeError, match=message) as err:
        FactorPart.from_dict(data)
    assert err.value.field == field


def test_factors_refusals_say_what_is_wrong():
    with pytest.raises(FudgeError, match=r"factors must be") as err:
        Factors.from_dict([])
    assert err.value.field == "factors"
    with pytest.raises(FudgeError, match=r"factors.parts must be a list of up to 40 parts."):
        Factors.from_dict({"parts": "x"})
    with pytest.raises(FudgeError, match=r"factors.total 2 is not the sum of its parts \(1\)."):
        Factors.from_dict({"parts": [{"kind": "extra", "label": "x", "value": 1}], "total": 2})


def test_an_extra_part_needs_both_a_source_and_an_amount_and_may_lack_a_section():
    """Any object with a ``source`` and an ``amount`` reads as a modifier (its section if it has
    one, else none); one with only a source is refused like any other bad part."""
    bare = SimpleNamespace(source="Cover", amount=-1)
    assert parts(offensive_factors(rules=F95, extra=[bare]))[-1] == ("extra", "Cover", -1, "")
    with pytest.raises(FudgeError) as err:
        offensive_factors(rules=F95, extra=[SimpleNamespace(source="Cover")])
    assert err.value.field == "extra[0]" and str(err.value) == "extra[0] must be a label and an amount."


def test_tech_level_counts_as_scale_only_where_the_gear_has_one():
    """F95 4.65: each side adds its gear's technological level as Scale; gear of tech level 0
    (the books' default) adds no part at all."""
    rules = find_ruleset("fudge1995").with_options({"damage.tech_scale": True})
    odf = offensive_factors(rules=rules, weapon=Weapon("Sword", 2, 1))
    ddf = defensive_factors(rules=rules, armor=Armor("Chain", 3))
    assert "tech" not in [p.kind for p in odf.parts] and "tech" not in [p.kind for p in ddf.parts]
    odf = offensive_factors(rules=rules, weapon=Weapon("Blaster", 2, 1, tech=2))
    ddf = defensive_factors(rules=rules, armor=Armor("Chain", 3, tech=-1))
    assert [(p.label, p.value) for p in odf.parts if p.kind == "tech"] == [("Weapon tech level (as Scale)", 2)]
    assert [(p.label, p.value) for p in ddf.parts if p.kind == "tech"] == [("Armor tech level (as Scale)", -1)]


def test_the_damage_resistant_gift_counts_only_in_the_gift_mode_and_even_when_capacity_is_the_record():
    """F95 4.52: the gift Damage Resistant (+1) is alternative 2; under the standard factor it is no
    part of the total. Damage Capacity as the wound record (F95 4.57) drops the capacity factor,
    not the gift."""
    gift = find_ruleset("fudge1995").with_options({"damage.capacity": "gift"})
    kinds = [p.kind for p in defensive_factors(rules=gift, resistant=1).parts]
    assert "resistant" in kinds
    as_record = gift.with_options({"wounds.record": "capacity"})
    assert [p.label for p in defensive_factors(rules=as_record, resistant=1).parts if p.kind == "resistant"] == [
        "Damage Resistant"]
    factor = find_ruleset("fudge1995")
    assert "resistant" not in [p.kind for p in defensive_factors(rules=factor, resistant=1).parts]


def test_an_extra_part_with_an_amount_but_no_source_is_refused_by_its_place():
    with pytest.raises(FudgeError) as err:
        defensive_factors(rules=find_ruleset("fudge1995"), extra=[SimpleNamespace(amount=1)])
    assert err.value.field == "extra[0]"
