"""Ranged combat (F95 4.4, MUD 4.4, F93 4.65)."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.combat import ranged
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
F93 = find_ruleset("fudge1993")


def attack(**kw):
    return ranged.RangedAttack.from_dict(kw)


def test_unaware_target_is_unopposed_against_the_difficulty():
    out = ranged.resolve_ranged(attack(mode="unaware", shooter={"name": "S", "level": 1, "roll": -1,
                                                                 "difficulty": 0}), rules=F95)
    shot = out.shots[0]
    assert shot.hit and shot.result == 0 and shot.defence is None
    assert shot.relative_degree == 1  # meeting the difficulty is the narrowest hit (our reading)
    miss = ranged.resolve_ranged(attack(mode="unaware", shooter={"name": "S", "level": 1, "roll": -2,
                                                                  "difficulty": 0}), rules=F95)
    assert not miss.shots[0].hit and miss.shots[0].relative_degree is None


def test_equipment_modifies_skill_range_stays_in_difficulty():
    scope = {"source": "laser sight", "amount": 1, "section": "F95 4.4"}
    out = ranged.resolve_ranged(attack(mode="unaware", shooter={
        "name": "S", "level": 0, "roll": 0, "difficulty": 1, "modifiers": [scope]}), rules=F95)
    assert out.shots[0].hit and out.shots[0].result == 1


def test_aware_defender_dodges_propelled_weapon_at_minus_two():
    out = ranged.resolve_ranged(attack(mode="aware", weapon="propelled",
                                       shooter={"name": "S", "level": 1, "roll": 0, "difficulty": -1},
                                       target={"name": "T", "level": 2, "roll": 0}), rules=F95)
    shot = out.shots[0]
    assert shot.defence == 0 and shot.relative_degree == 1 and shot.hit
    assert [m.amount for m in shot.defence_modifiers] == [-2]


def test_thrown_weapon_gives_no_defence_modifier():
    out = ranged.resolve_ranged(attack(mode="aware", weapon="thrown",
                                       shooter={"name": "S", "level": 1, "roll": 0, "difficulty": -1},
                                       target={"name": "T", "level": 2, "roll": 0}), rules=F95)
    assert not out.shots[0].hit and out.shots[0].defence == 2


def test_f95_allows_minus_three_for_propelled():
    rules = F95.with_options({"ranged.propelled_penalty": -3})
    assert ranged.propelled_modifier("propelled", rules=rules).amount == -3
    with pytest.raises(FudgeError):
        F95.with_options({"ranged.propelled_penalty": -4})


def test_difficulty_is_still_the_minimum_for_an_aware_target():
    # Beats the dodge by 3 but rolls Mediocre against a Fair difficulty: a miss.
    out = ranged.resolve_ranged(attack(mode="aware", weapon="thrown",
                                       shooter={"name": "S", "level": -1, "roll": 0, "difficulty": 0},
                                       target={"name": "T", "level": -3, "roll": -1}), rules=F95)
    assert not out.shots[0].hit and out.shots[0].relative_degree is None


def test_tie_against_the_dodge_misses():
    out = ranged.resolve_ranged(attack(mode="aware", weapon="thrown",
                                       shooter={"name": "S", "level": 1, "roll": 0, "difficulty": -1},
                                       target={"name": "T", "level": 1, "roll": 0}), rules=F95)
    assert not out.shots[0].hit


def test_shooting_back_both_may_hit():
    out = ranged.resolve_ranged(attack(mode="shoot_back",
                                       shooter={"name": "A", "level": 1, "roll": 0, "difficulty": 0},
                                       target={"name": "B", "level": 2, "roll": 0, "difficulty": 1}),
                                rules=MUD)
    assert [s.hit for s in out.shots] == [True, True]
    assert [s.target for s in out.shots] == ["B", "A"]
    assert out.steps[-1].text == "Both shots hit in the same round."


def test_autofire_shares_by_relative_degree():
    got = {d: ranged.autofire(d, 20, rules=F95) for d in range(1, 10)}
    assert got[1].rounds == (1, 2)
    assert got[2].share == got[3].share == Fraction(1, 4) and got[2].rounds == (5, 5)
    assert got[4].share == got[7].share == Fraction(1, 2) and got[4].rounds == (10, 10)
    assert got[8].rounds == got[9].rounds == (20, 20)


def test_autofire_share_of_a_small_burst_is_at_least_one():
    assert ranged.autofire(2, 2, rules=F95).rounds == (1, 1)
    assert ranged.autofire(1, 1, rules=F95).rounds == (1, 1)


def test_mudge_automatic_fire_is_plus_one_weapon_value():
    out = ranged.autofire(5, 30, rules=MUD)
    assert out.damage_bonus.amount == 1 and out.damage_bonus.section == "MUD 4.54"


def test_burst_on_a_hit_reports_rounds():
    out = ranged.resolve_ranged(attack(mode="unaware", burst=20,
                                       shooter={"name": "S", "level": 2, "roll": 2, "difficulty": 0}),
                                rules=F95)
    assert out.shots[0].relative_degree == 5
    assert out.shots[0].autofire.rounds == (10, 10)


def test_autofire_table_is_validated():
    with pytest.raises(FudgeError):
        F95.with_options({"ranged.autofire_table": [{"degree": 2, "share": [1, 4]}, {"degree": 1, "share": [1, 2]}]})
    with pytest.raises(FudgeError):
        F95.with_options({"ranged.autofire_table": [{"degree": 2, "share": [5, 4]}]})
    with pytest.raises(FudgeError):
        F95.with_options({"ranged.autofire_table": [{"degree": 2}]})


@pytest.mark.parametrize("row", [5, ["degree", "share"], "degree share"])
def test_an_autofire_row_that_is_not_an_object_is_refused_naming_the_row(row):
    with pytest.raises(FudgeError) as err:
        F95.with_options({"ranged.autofire_table": [row]})
    assert err.value.field == "options.ranged.autofire_table[0]"
    assert "a row is {degree, share: [n, d]} or {degree, rounds: [low, high]}" in err.value.message


@pytest.mark.parametrize("bad, field", [
    ({"mode": "sneaky", "shooter": {"name": "S", "level": 0, "roll": 0, "difficulty": 0}}, "attack.mode"),
    ({"mode": "unaware", "shooter": {"name": "S", "level": 0, "roll": 0}}, "attack.shooter.difficulty"),
    ({"mode": "aware", "shooter": {"name": "S", "level": 0, "roll": 0, "difficulty": 0}}, "attack.target"),
    ({"mode": "shoot_back", "shooter": {"name": "S", "level": 0, "roll": 0, "difficulty": 0},
      "target": {"name": "T", "level": 0, "roll": 0}}, "attack.target.difficulty"),
    ({"mode": "unaware", "shooter": {"name": "S", "level": 0, "roll": 0, "difficulty": 0},
      "target": {"name": "T", "level": 0, "roll": 0}}, "attack.target"),
    ({"mode": "unaware", "shooter": {"name": "S", "level": 0, "roll": 0, "difficulty": 0}, "burst": 0},
     "attack.burst"),
    ({"mode": "unaware", "shooter": {"name": "S", "level": 0, "roll": 0, "difficulty": 0},
      "weapon": "laser"}, "attack.weapon"),
])
def test_bad_attacks_name_the_field(bad, field):
    with pytest.raises(FudgeError) as err:
        ranged.RangedAttack.from_dict(bad)
    assert err.value.field == field


faces4 = st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4)


def side(names):
    return st.fixed_dictionaries({"name": names, "level": st.integers(-3, 4),
                                  "faces": faces4, "difficulty": st.integers(-3, 3)})


# Shooter and target mostly differ (the same name is refused, and stays possible).
SHOOTER, TARGET = side(st.just("A")), side(st.sampled_from(["B", "C", "D", "A"]))


@at_least(0.5)
@settings(max_examples=150, deadline=None)
@given(mode=st.sampled_from(["unaware", "aware", "shoot_back"]), shooter=SHOOTER, target=TARGET,
       weapon=st.sampled_from(["thrown", "propelled"]), burst=st.none() | st.integers(1, 50),
       rules=st.sampled_from([F95, MUD, F93]))
def test_any_valid_attack_gives_an_outcome_or_a_fudge_error(mode, shooter, target, weapon, burst, rules):
    data = {"mode": mode, "shooter": shooter, "weapon": weapon}
    if mode != "unaware":
        target = dict(target)
        if mode == "aware":
            target.pop("difficulty")
        data["target"] = target
    if burst is not None:
        data["burst"] = burst
    try:
        att = ranged.RangedAttack.from_dict(data)
        out = ranged.resolve_ranged(att, rules=rules)
    except FudgeError:
        refused()
        return
    checked()
    assert ranged.RangedAttack.from_dict(att.to_dict()) == att
    assert ranged.resolve_ranged(att, rules=rules) == out
    for shot in out.shots:
        assert shot.hit == (shot.relative_degree is not None)
        if shot.hit:
            assert shot.result >= shot.difficulty and shot.relative_degree >= 1
    assert out.to_dict()["shots"][0]["shooter"] == att.shooter.name
    json.loads(json.dumps(out.to_dict(), allow_nan=False))


def _bowman_and_target():
    shooter = Fighter.from_dict({"name": "S", "skills": {"Bow": "Good"}, "strength": "Great",
                                 "weapon": {"name": "Bow", "size": 2}})
    aimed = attack(mode="aware", shooter={"name": "S", "level": 1, "roll": 4, "difficulty": -3},
                   target={"name": "T", "level": -2, "roll": -4})
    return aimed, {"S": shooter, "T": Fighter.from_dict({"name": "T", "skills": {"Dodge": "Poor"}})}


def test_a_willpower_result_keeps_the_rest_of_the_fighters_declaration():
    """F95 4.62: the shooter pulls his shot to a Scratch; his Willpower result (F95 4.52, for a
    wound he might take) is added to that declaration, not put in its place."""
    rules = F95.with_options({"wounds.willpower": "temporary"})
    aimed, fighters = _bowman_and_target()
    _, full = ranged.fire(aimed, fighters=fighters, target="T", rules=rules, willpower={"S": 0, "T": 0})
    _, pulled = ranged.fire(aimed, fighters=fighters, target="T", rules=rules, willpower={"S": 0, "T": 0},
                            declares={"S": Declaration(max_level=1)})
    assert [(b.defender, b.level) for b in full.blows] == [("T", 5)]
    assert [(b.defender, b.level) for b in pulled.blows] == [("T", 1)]


def test_a_willpower_result_off_the_ladder_is_refused_naming_its_fighter():
    aimed, fighters = _bowman_and_target()
    with pytest.raises(FudgeError) as err:
        ranged.fire(aimed, fighters=fighters, target="T", rules=F95.with_options({"wounds.willpower": "temporary"}),
                    willpower={"T": 99})
    assert err.value.field == "willpower.T"


def test_a_hit_on_a_target_not_given_is_refused_asking_for_him():
    """An unaware target is not named in the attack: landing its hit needs him named, and both
    fighters' records given."""
    aimed, fighters = _bowman_and_target()
    unaware = attack(mode="unaware", shooter={"name": "S", "level": 1, "roll": 4, "difficulty": -3})
    for outcome, records in ((ranged.resolve_ranged(unaware, rules=F95), fighters),
                             (ranged.resolve_ranged(aimed, rules=F95), {"S": fighters["S"]}),
                             (ranged.resolve_ranged(aimed, rules=F95), {"T": fighters["T"]})):
        assert outcome.shots[0].hit
        with pytest.raises(FudgeError) as err:
            ranged.land_shots(outcome, fighters=records, rules=F95)
        assert (err.value.message, err.value.field) == (
            "Name a target for the shot and give both fighters.", "fighters")
