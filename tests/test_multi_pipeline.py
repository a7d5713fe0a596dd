"""Group rounds and ranged shots carried through the attack pipeline (attack.strike)."""

import pytest

from pyfudge import wounds
from pyfudge.combat import multi, ranged
from pyfudge.combat.fighter import Fighter
from pyfudge.errors import FudgeError
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
    landed = multi.land_group_blows(out, lone=fighter("Tucker", 3), foes=CREW, rules=F95)
    assert [(b.attacker, b.defender) for b in landed.blows] == [("Molly", "Tucker"), ("Annie", "Tucker")]
    track = landed.lone.track_for(F95)
    assert sum(sum(row) for row in track.to_dict()["marks"]) == 2
    assert landed.foes == tuple(CREW)


def test_lone_fighter_blow_wounds_his_chosen_foe():
    out = multi.resolve_melee_group(pirates_round(2, targets=["Annie"]), rules=F95)
    landed = multi.land_group_blows(out, lone=fighter("Tucker", 3), foes=CREW, rules=F95)
    assert [(b.attacker, b.defender, b.relative_degree) for b in landed.blows] == [("Tucker", "Annie", 1)]
    assert landed.foes[1].track_for(F95).worst == wounds.SCRATCH
    assert landed.lone.track_for(F95).worst == wounds.UNDAMAGED


def test_sweeping_blow_damage_is_reduced_in_the_pipeline():
    rules = F95.with_options({"multi.sweeping_blow": True, "multi.sweep_penalty": 2})
    out = multi.resolve_melee_group(pirates_round(2, targets=["Maggie", "Molly"]), rules=rules)
    big = {"weapon": {"name": "Greatsword", "size": 4}}
    landed = multi.land_group_blows(out, lone=fighter("Tucker", 3, **big), foes=CREW, rules=rules)
    first, second = landed.blows
    assert first.defender == "Maggie" and second.defender == "Molly"
    assert second.odf.total == first.odf.total - 2


def test_missing_fighter_record_is_refused():
    out = multi.resolve_melee_group(pirates_round(-1), rules=F95)
    with pytest.raises(FudgeError):
        multi.land_group_blows(out, lone=fighter("Tucker", 3), foes=CREW[:1], rules=F95)


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
