"""Group rounds and ranged shots carried through the attack pipeline (blow.strike)."""

import pytest

from pyfudge.combat import group_blows, multi, ranged
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rules import wounds
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")


def fighter(name, level, **kw):
    return Fighter.from_dict({"name": name, "skills": {"Sword": level}, **kw})


def pirates_round(lone_roll, **kw):
    return multi.GroupRound.from_dict({
        "lone": {"name": "Tucker", "level": 3, "roll": lone_roll},
        "foes": [{"name": "Molly", "level": 0}, {"name": "Annie", "level": 1}, {"name": "Maggie", "level": -1}],
        "npc_roll": "group", "group_roll": {"roll": 1}, **kw})


CREW = [fighter("Molly", 0), fighter("Annie", 1), fighter("Maggie", -1)]


def test_lone_fighter_takes_several_wounds_in_one_round():
    out = multi.resolve_melee_group(pirates_round(-1), rules=F95)
    landed = group_blows.land_group_blows(out, lone=fighter("Tucker", 3), foes=CREW, rules=F95)
    assert [(b.attacker, b.defender) for b in landed.blows] == [("Molly", "Tucker"), ("Annie", "Tucker")]
    track = landed.lone.track_for(F95)
    assert sum(sum(row) for row in track.to_dict()["marks"]) == 2
    assert landed.foes == tuple(CREW)


def test_lone_fighter_blow_wounds_his_chosen_foe():
    out = multi.resolve_melee_group(pirates_round(2, targets=["Annie"]), rules=F95)
    landed = group_blows.land_group_blows(out, lone=fighter("Tucker", 3), foes=CREW, rules=F95)
    assert [(b.attacker, b.defender, b.relative_degree) for b in landed.blows] == [("Tucker", "Annie", 1)]
    assert landed.foes[1].track_for(F95).worst == wounds.SCRATCH
    assert landed.lone.track_for(F95).worst == wounds.UNDAMAGED


def test_sweeping_blow_damage_is_reduced_in_the_pipeline():
    rules = F95.with_options({"multi.sweeping_blow": True, "multi.sweep_penalty": 2})
    out = multi.resolve_melee_group(pirates_round(2, targets=["Maggie", "Molly"]), rules=rules)
    big = {"weapon": {"name": "Greatsword", "size": 4}}
    landed = group_blows.land_group_blows(out, lone=fighter("Tucker", 3, **big), foes=CREW, rules=rules)
    first, second = landed.blows
    assert first.defender == "Maggie" and second.defender == "Molly"
    assert second.odf.total == first.odf.total - 2


def test_missing_fighter_record_is_refused():
    out = multi.resolve_melee_group(pirates_round(-1), rules=F95)
    with pytest.raises(FudgeError):
        group_blows.land_group_blows(out, lone=fighter("Tucker", 3), foes=CREW[:1], rules=F95)


def test_both_shooters_can_be_hurt_in_one_round():
    attack = ranged.RangedAttack.from_dict({
        "mode": "shoot_back",
        "shooter": {"name": "Will", "level": 0, "roll": 0, "difficulty": -1},
        "target": {"name": "Dicken", "level": 1, "roll": 0, "difficulty": 1}})
    out = ranged.resolve_ranged(attack, rules=F95)
    bow = {"weapon": {"name": "Longbow", "size": 2}}
    people = {"Will": fighter("Will", 0, **bow), "Dicken": fighter("Dicken", 1, **bow)}
    landed = ranged.land_shots(out, fighters=people, rules=F95)
    assert {b.defender for b in landed.blows} == {"Will", "Dicken"}
    assert all(f.track_for(F95).worst > wounds.UNDAMAGED for f in landed.fighters.values())


def test_mudge_automatic_fire_adds_one_to_damage():
    mud = find_ruleset("mudge")
    attack = ranged.RangedAttack.from_dict({
        "mode": "unaware", "burst": 30, "shooter": {"name": "Gunner", "level": 1, "roll": 0, "difficulty": 0}})
    out = ranged.resolve_ranged(attack, rules=mud)
    people = {"Gunner": fighter("Gunner", 1), "Target": fighter("Target", 0)}
    with pytest.raises(FudgeError):
        ranged.land_shots(out, fighters=people, rules=mud)  # an unaware shot names no target
    aware = ranged.RangedAttack.from_dict({
        "mode": "aware", "burst": 30, "shooter": {"name": "Gunner", "level": 1, "roll": 0, "difficulty": 0},
        "target": {"name": "Target", "level": 0, "roll": -2}})
    out = ranged.resolve_ranged(aware, rules=mud)
    landed = ranged.land_shots(out, fighters=people, rules=mud, damage_dice={"Gunner": [0]})
    assert "automatic fire" in [p.label for p in landed.blows[0].odf.parts]


def test_assault_rifle_burst_counts_automatic_fire_once():
    # MUD 4.54: "an assault rifle (+5)"; "Automatic Fire: additional +1" — added by the burst
    # (ranged.autofire = plus_one), so a burst from the catalogue's assault rifle is +6, not +7.
    from pyfudge.rules import catalogue

    mud = find_ruleset("mudge")
    rifle = catalogue.find_weapon(mud, "Assault rifle")
    assert rifle.value == 5
    aware = ranged.RangedAttack.from_dict({
        "mode": "aware", "burst": 30, "shooter": {"name": "Gunner", "level": 1, "roll": 0, "difficulty": 0},
        "target": {"name": "Target", "level": 0, "roll": -2}})
    out = ranged.resolve_ranged(aware, rules=mud)
    people = {"Gunner": fighter("Gunner", 1, weapon=rifle.to_dict()), "Target": fighter("Target", 0)}
    landed = ranged.land_shots(out, fighters=people, rules=mud, damage_dice={"Gunner": [0]})
    odf = landed.blows[0].odf
    assert [p.value for p in odf.parts if p.label == "automatic fire"] == [1]
    assert odf.total == 5 + 1  # gun strength (no muscle) 5, burst +1


def test_shots_take_damage_checks_and_willpower_in_the_pipeline():
    from pyfudge.core.errors import DiceError

    rules = F95.with_options({"co.damage_check": True, "wounds.willpower": "temporary"})
    attack = ranged.RangedAttack.from_dict({
        "mode": "aware", "shooter": {"name": "Will", "level": 1, "roll": 1, "difficulty": 0},
        "target": {"name": "Dicken", "level": 0, "roll": -1}})
    out = ranged.resolve_ranged(attack, rules=rules)
    bow = {"weapon": {"name": "Longbow", "size": 2}}
    people = {"Will": fighter("Will", 1, **bow), "Dicken": fighter("Dicken", 0, **bow)}
    with pytest.raises(DiceError) as err:
        ranged.land_shots(out, fighters=people, rules=rules, declares={"Dicken": Declaration(willpower=0)})
    assert err.value.field == "check_dice.Dicken"
    with pytest.raises(DiceError) as err:
        ranged.land_shots(out, fighters=people, rules=rules, check_dice={"Dicken": [0, 0, 0, 0]})
    assert err.value.field == "willpower.Dicken"
    landed = ranged.land_shots(out, fighters=people, rules=rules, check_dice={"Dicken": [1, 1, 0, 0]},
                               declares={"Dicken": Declaration(willpower=2)})
    (blow,) = landed.blows
    # Longbow +2 and +5: 7, Incapacitated; Great Willpower: Very Hurt (Good to check); Fair +2 makes it.
    assert blow.damage.level == wounds.INCAPACITATED and blow.level == wounds.VERY_HURT
    assert [(g.name, g.after) for g in blow.guards] == [("willpower", wounds.VERY_HURT)]
    assert blow.damage_check.difficulty == 1 and blow.damage_check.success
    assert landed.fighters["Dicken"].track.shrugged


def test_shot_willpower_refused_when_the_option_is_off():
    from pyfudge.core.errors import RuleError

    attack = ranged.RangedAttack.from_dict({
        "mode": "aware", "shooter": {"name": "Will", "level": 1, "roll": 1, "difficulty": 0},
        "target": {"name": "Dicken", "level": 0, "roll": -1}})
    out = ranged.resolve_ranged(attack, rules=F95)
    people = {"Will": fighter("Will", 1), "Dicken": fighter("Dicken", 0)}
    with pytest.raises(RuleError):
        ranged.land_shots(out, fighters=people, rules=F95, declares={"Dicken": Declaration(willpower=1)})
