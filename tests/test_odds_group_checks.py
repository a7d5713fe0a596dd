"""Exact odds of a group round (F95 4.34) with shield checks (CO 2.2), damage checks (CO 4.3) and
Willpower (F95 4.52): group_odds.group_odds against a brute force over every face of the shield or
check dice, with the lone fighter's and the GM's rolls weighted by how many faces give each total
(the group round reads them by total: test_odds_group.py proves it face by face).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from pyfudge.analysis.group_odds import GroupOddsRequest, group_odds
from pyfudge.combat import group_blows, multi
from pyfudge.combat.fighter import Fighter
from pyfudge.core import dice
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.rulesets import find_ruleset


def pirate(name, skills, **kw):
    return Fighter.from_dict({"name": name, "skills": skills, **kw})


TUCKER = pirate("Tucker", {"Sword": 3, "Shield": 1}, shield="medium", weapon={"name": "Cutlass", "size": 2, "sharp": 1})
PLAIN_TUCKER = pirate("Tucker", {"Sword": 3}, weapon={"name": "Cutlass", "size": 2, "sharp": 1})
MOLLY = pirate("Molly", {"Sword": 0}, weapon={"name": "Knife", "size": 1})
ANNIE = pirate("Annie", {"Sword": 1, "Shield": 0}, shield="small")
CREW = [MOLLY, pirate("Annie", {"Sword": 1})]


def pirates(mode, crew=CREW, **kw):
    data = {"lone": {"name": "Tucker", "level": 3, "roll": 0},
            "foes": [{"name": c.name, "level": c.offence, **kw.get(c.name, {})} for c in crew], "npc_roll": mode}
    if mode == "group":
        data["group_roll"] = {"roll": 0}
    return multi.GroupRound.from_dict(data)


def by_total(key):
    tech = dice.TECHNIQUES[key]
    rows: dict[int, int] = {}
    for faces in itertools.product(tech.die, repeat=tech.count):
        total = tech.read(faces).total
        rows[total] = rows.get(total, 0) + 1
    return rows, len(tech.die) ** tech.count


def brute(rnd, rules, *, shields=(), checks=(), willpower=None, lone=TUCKER, crew=CREW):
    """Every lone total × GM total (weighted) × every face of each named extra roll."""
    lone_totals, lone_n = by_total("4dF")
    group_totals, group_n = by_total("2dF") if rnd.npc_roll == "group" else ({0: 1}, 1)
    fudge4 = list(itertools.product(dice.FUDGE_FACES, repeat=4))
    extras = [fudge4] * (len(shields) + len(checks))
    whole = lone_n * group_n * len(fudge4) ** len(extras)
    names = [f.name for f in rnd.foes]
    counts = {"hits": {}, "struck": {}, "after": {}}
    for (t, wt), (g, wg), *faces in itertools.product(lone_totals.items(), group_totals.items(), *extras):
        played = replace(rnd, lone=replace(rnd.lone, roll=t), group_roll=g if rnd.npc_roll == "group" else None)
        out = multi.resolve_melee_group(played, rules=rules)
        if len(out.wound_choices) > 1:
            pick = next(n for n in names if n in out.wound_choices)
            out = multi.resolve_melee_group(replace(played, targets=(pick,)), rules=rules)
        shield_dice = {n: list(f) for n, f in zip(shields, faces)}
        check_dice = {}
        for n, f in zip(checks, faces[len(shields):]):
            check_dice.setdefault(n, []).append(list(f))
        check_dice = {n: v if n == lone.name else v[0] for n, v in check_dice.items()}
        landed = group_blows.land_group_blows(out, lone=lone, foes=crew, rules=rules, shield_dice=shield_dice,
                                        check_dice=check_dice, willpower=willpower,
                                        npc_fixed=rnd.npc_roll == "fixed")
        w = wt * wg
        for b in landed.blows:
            key, name = ("hits", b.attacker) if b.defender == lone.name else ("struck", b.defender)
            counts[key][name] = counts[key].get(name, 0) + w
        lv = landed.lone.current_level(rules)
        counts["after"][lv] = counts["after"].get(lv, 0) + w
    return {k: {kk: Fraction(v, whole) for kk, v in d.items()} for k, d in counts.items()}


def agree(exact, counts):
    for f in exact.foes:
        assert f.hits_lone == counts["hits"].get(f.name, 0), f.name
        assert f.struck == counts["struck"].get(f.name, 0), f.name
    assert dict(exact.lone_after) == counts["after"]


@pytest.mark.parametrize("lone,crew,shieldman", [
    (TUCKER, CREW, "Tucker"),
    (PLAIN_TUCKER, [ANNIE, MOLLY], "Annie"),  # he strikes her first
])
def test_shield_rolls_are_weighed(lone, crew, shieldman):
    """CO 2.2: Tucker's one shield roll meets each foe who beats him; Annie's meets his blow
    (the GM's 2dF for the foes)."""
    rules = find_ruleset("fudge1995", co__shield=True)
    rnd = pirates("group", crew)
    exact = group_odds(rnd, lone=lone, foes=crew, rules=rules)
    agree(exact, brute(rnd, rules, shields=(shieldman,), lone=lone, crew=crew))
    # CO 2 replaces F95 4.31's shield value: the odds differ from the plain rules'.
    plain = group_odds(rnd, lone=lone, foes=crew, rules=find_ruleset("fudge1995"))
    assert [f.hits_lone for f in exact.foes] != [f.hits_lone for f in plain.foes] or \
        [f.struck for f in exact.foes] != [f.struck for f in plain.foes]


def test_each_shield_check_meets_only_the_blows_on_its_bearer():
    """CO 2.2: a shieldman who loses the action makes a shield check of his own against his
    opponent's result. With Tucker's and Annie's shields both in the round (two shield rolls),
    Annie is struck and wounded as with her shield alone, and Tucker hit as with his alone."""
    rules = find_ruleset("fudge1995", co__shield=True)
    crew, plain_crew = [ANNIE, MOLLY], [pirate("Annie", {"Sword": 1}), MOLLY]
    both = group_odds(pirates("group", crew), lone=TUCKER, foes=crew, rules=rules)
    hers = group_odds(pirates("group", crew), lone=PLAIN_TUCKER, foes=crew, rules=rules)
    his = group_odds(pirates("group", plain_crew), lone=TUCKER, foes=plain_crew, rules=rules)
    annie, alone = both.foe("Annie"), hers.foe("Annie")
    assert (annie.struck, annie.wounds_from_lone) == (alone.struck, alone.wounds_from_lone)
    assert [(f.hits_lone, f.wounds_to_lone) for f in both.foes] == [(f.hits_lone, f.wounds_to_lone) for f in his.foes]
    assert both.lone_after == his.lone_after


def test_fixed_foe_checks_her_shield_without_dice():
    """F95 4.33: fixed NPCs score their trait level, so Annie's shield check is her Shield skill,
    Superb. Tucker (Superb −1 for two foes, Good) beats Annie (Good 1) and Molly (Fair 0) with
    t ≥ 0 and strikes Annie first; the shield stops him unless Good + t > Superb: t ≥ 2, 15/81."""
    rules = find_ruleset("fudge1995", co__shield=True)
    crew = [pirate("Annie", {"Sword": 1, "Shield": 3}, shield="large"), MOLLY]
    rnd = pirates("fixed", crew)
    exact = group_odds(rnd, lone=PLAIN_TUCKER, foes=crew, rules=rules)
    assert exact.foe("Annie").struck == Fraction(15, 81)
    agree(exact, brute(rnd, rules, lone=PLAIN_TUCKER, crew=crew))
    # No shield roll is weighed, nor said to be: hers is her skill, and nobody else has a shield.
    assert "CO 2.2" not in [s.section for s in exact.steps]


def test_damage_checks_are_weighed_by_their_sum():
    """CO 4.3: a check after each wound. Molly alone, fixed and ignored (F93 4.64: she attacks
    unopposed, and he cannot wound her): Tucker's check is weighed by its 4dF sum."""
    rules = find_ruleset("fudge1995", co__damage_check=True)
    rnd = pirates("fixed", [MOLLY], Molly={"ignored": True, "level": 2})
    exact = group_odds(rnd, lone=TUCKER, foes=[MOLLY], rules=rules)
    agree(exact, brute(rnd, rules, checks=("Tucker",), crew=[MOLLY]))
    assert exact.runs < 9 * 81


def test_exact_odds_say_which_extra_rolls_they_weighed():
    """The odds' explanation names every roll it weighed besides the combat rolls: the shield
    rolls (CO 2.2) and the damage checks (CO 4.3), each only where it is in use."""
    checks = group_odds(pirates("fixed", [MOLLY], Molly={"ignored": True, "level": 2}), lone=TUCKER,
                        foes=[MOLLY], rules=find_ruleset("fudge1995", co__damage_check=True))
    sections = [s.section for s in checks.steps]
    assert "CO 4.3" in sections and "CO 2.2" not in sections
    shields = group_odds(pirates("group", CREW), lone=TUCKER, foes=CREW,
                         rules=find_ruleset("fudge1995", co__shield=True))
    sections = [s.section for s in shields.steps]
    assert "CO 2.2" in sections and "CO 4.3" not in sections


def test_two_wounds_two_checks_sum_to_one():
    rules = find_ruleset("fudge1995", co__damage_check=True)
    rnd = pirates("fixed", Molly={"ignored": True}, Annie={"ignored": True})
    exact = group_odds(rnd, lone=TUCKER, foes=CREW, rules=rules)
    assert sum(p for _, p in exact.lone_after) == 1
    assert dict(exact.hits_taken).get(2, 0) > 0


def test_willpower_is_declared_per_fighter():
    rules = find_ruleset("fudge1995", wounds__willpower="temporary")
    rnd = pirates("fixed")
    with pytest.raises(RuleError) as err:
        group_odds(rnd, lone=TUCKER, foes=CREW, rules=rules, willpower={"Tucker": 0})
    assert err.value.field == "willpower.Molly"
    will = {"Tucker": 1, "Molly": 0, "Annie": -1}
    exact = group_odds(rnd, lone=TUCKER, foes=CREW, rules=rules, willpower=will)
    agree(exact, brute(rnd, rules, willpower={**will, "Tucker": [1, 1]}))
    with pytest.raises(RuleError) as err:
        group_odds(rnd, lone=TUCKER, foes=CREW, rules=find_ruleset("fudge1995"), willpower=will)
    assert err.value.field == "willpower"
    assert err.value.message == "Willpower rolls against wounds are off in this ruleset (F95 4.52)."


def test_willpower_results_are_refused_naming_the_missing_and_the_unknown_fighter():
    rules = find_ruleset("fudge1995", wounds__willpower="temporary")
    rnd = pirates("fixed")
    with pytest.raises(RuleError) as err:
        group_odds(rnd, lone=TUCKER, foes=CREW, rules=rules, willpower={"Tucker": 0})
    assert err.value.message == ("Willpower rolls against wounds are on (F95 4.52): the odds need Molly's "
                                 "Willpower result, declared as willpower.Molly.")
    will = {"Tucker": 1, "Molly": 0, "Annie": -1, "Maggie": 0, "Zed": 0, "Bo": 0}
    with pytest.raises(FudgeError) as err:
        group_odds(rnd, lone=TUCKER, foes=CREW, rules=rules, willpower=will)
    assert err.value.field == "willpower.Bo"
    assert err.value.message == "'Bo' is not in this round."


def test_group_odds_request_round_trips_willpower():
    req = GroupOddsRequest.from_dict({
        "round": {"lone": {"name": "Tucker", "level": 3}, "foes": [{"name": "Molly", "level": 0},
                                                                    {"name": "Annie", "level": 1}],
                  "npc_roll": "fixed"},
        "lone": TUCKER.to_dict(), "foes": [c.to_dict() for c in CREW],
        "willpower": {"Tucker": ["Good", 0], "Molly": "Fair", "Annie": -1}})
    assert GroupOddsRequest.from_dict(req.to_dict()) == req
    rules = find_ruleset("fudge1995", wounds__willpower="permanent")
    o = req.odds(rules)
    assert sum(p for _, p in o.lone_after) == 1
    with pytest.raises(FudgeError) as err:
        GroupOddsRequest.from_dict({**req.to_dict(), "willpower": {"Molly": "Splendid"}})
    assert err.value.field.startswith("group_odds.willpower.Molly")


def test_the_lone_fighters_shield_roll_is_weighed_against_fixed_foes_too():
    """CO 2.2: fixed NPCs (F95 4.33) check their shields at their skill, but the lone fighter is
    no NPC: his shield roll meets each foe who beats him, weighed face by face."""
    rules = find_ruleset("fudge1995", co__shield=True)
    rnd = pirates("fixed", CREW)
    exact = group_odds(rnd, lone=TUCKER, foes=CREW, rules=rules)
    agree(exact, brute(rnd, rules, shields=("Tucker",), lone=TUCKER, crew=CREW))
    assert "CO 2.2" in [s.section for s in exact.steps]
