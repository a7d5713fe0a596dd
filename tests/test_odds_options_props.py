"""Property tests: exact odds under the Combat Options shield checks (CO 2.2) and damage checks
(CO 4.3) and with Willpower (F95 4.52) add up to one in every direction, and blocked blows occur
only when a shieldman fights under ``co.shield``; group rounds carried through the pipeline with
shields and checks never lighten a wound track, and replaying the same dice gives the same result.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.analysis import odds
from pyfudge.combat import group_blows, multi
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rulesets import find_ruleset

FUDGE = st.sampled_from([-1, 0, 1])
FOUR = st.lists(FUDGE, min_size=4, max_size=4)


@st.composite
def fighter(draw, name):
    skills = {"Sword": draw(st.integers(-2, 3))}
    shield = draw(st.sampled_from(["none", "small", "medium", "large"]))
    if shield != "none":
        skills["Shield"] = draw(st.integers(-2, 3))
    data = {"name": name, "skills": skills, "shield": shield,
            "strength": draw(st.integers(-1, 2)), "damage_capacity": draw(st.integers(-1, 2)),
            "weapon": {"name": "Weapon", "size": draw(st.integers(0, 3)), "sharp": draw(st.integers(0, 1))}}
    if shield != "none" and draw(st.booleans()):
        points = draw(st.integers(1, 8))
        data["shield_state"] = {"points": points, "taken": draw(st.integers(0, points - 1))}
    return Fighter.from_dict(data)


@at_least(0.5)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=fighter("A"), b=fighter("B"), preset=st.sampled_from(["fudge1995", "fudge1993"]),
       shield=st.booleans(), check=st.booleans(), wear=st.booleans(), will=st.booleans(),
       alternating=st.booleans(), data=st.data())
def test_odds_under_combat_options_sum_to_one(a, b, preset, shield, check, wear, will, alternating, data):
    options = {"co.shield": shield, "co.damage_check": check, "co.shield_damage": wear,
               "wounds.willpower": "temporary" if will else "off"}
    if alternating:
        options["melee.pacing"] = "alternating"
    rules = find_ruleset(preset).with_options(options)
    decl = {}
    if will:
        decl = {k: Declaration(willpower=data.draw(st.integers(-2, 2))) for k in ("a_declares", "b_declares")}
    try:
        exact = odds.attack_odds(a, b, rules=rules, kind="attack" if alternating else "round", **decl)
    except FudgeError as err:
        # Every shieldman here has a Shield skill and every Willpower is declared: the only
        # refusal left is an enumeration too long for exact odds.
        assert "resolutions" in err.message
        refused()
        return
    checked()
    assert exact.total() == 1
    for d in exact.directions:
        assert sum(p for _, p in d.results) == 1
        assert sum(p for _, p in d.wounds) + sum(p for _, p in d.stuns) <= d.lands
        defender = b if d.defender == "B" else a
        if d.chance("blocked"):
            assert shield and defender.shield != "none"


GROUP_RULES = find_ruleset("fudge1995", co__shield=True, co__damage_check=True)
# Every shieldman's roll given in three examples of four (by construction, so most examples reach
# the assertions); a roll left out, refused with its field, in the fourth.
_EVERY_SHIELD = st.fixed_dictionaries({name: FOUR for name in ("Lone", "F0", "F1", "F2")})
SHIELD_DICE = st.one_of(_EVERY_SHIELD, _EVERY_SHIELD, _EVERY_SHIELD,
                        st.dictionaries(st.sampled_from(["Lone", "F0", "F1", "F2"]), FOUR))


@at_least(0.5)
@settings(max_examples=40, deadline=None)
@given(lone=fighter("Lone"), foes=st.lists(st.integers(-2, 3), min_size=1, max_size=3),
       lone_roll=st.integers(-4, 4), group=st.integers(-2, 2), shields=SHIELD_DICE,
       checks=st.lists(FOUR, min_size=3, max_size=3), foe_checks=st.lists(FOUR, min_size=3, max_size=3))
def test_group_blows_with_shields_and_checks(lone, foes, lone_roll, group, shields, checks, foe_checks):
    crew = [Fighter.from_dict({"name": f"F{i}", "skills": {"Sword": lv, "Shield": 0}, "shield": "small"})
            for i, lv in enumerate(foes)]
    rnd = multi.GroupRound.from_dict({
        "lone": {"name": "Lone", "level": lone.offence, "roll": lone_roll},
        "foes": [{"name": f.name, "level": f.offence} for f in crew], "npc_roll": "group",
        "group_roll": {"roll": group}}, rules=GROUP_RULES)
    out = multi.resolve_melee_group(rnd, rules=GROUP_RULES)
    if len(out.wound_choices) > 1:
        out = multi.resolve_melee_group(multi.GroupRound(rnd.lone, rnd.foes, "group", group, (),
                                                         (out.wound_choices[0],)), rules=GROUP_RULES)
    check_dice = {"Lone": checks, **{f.name: foe_checks[i] for i, f in enumerate(crew)}}
    try:
        landed = group_blows.land_group_blows(out, lone=lone, foes=crew, rules=GROUP_RULES,
                                        check_dice=check_dice, shield_dice=shields)
    except FudgeError as err:
        assert err.field and err.field.startswith("shield_dice.")  # a shieldman's roll left out
        refused()
        return
    checked()
    again = group_blows.land_group_blows(out, lone=lone, foes=crew, rules=GROUP_RULES,
                                   check_dice=check_dice, shield_dice=shields)
    assert again.blows == landed.blows and again.lone == landed.lone
    # Every hit on the lone fighter lands or is blocked; a track never gets lighter.
    on_lone = [b for b in (*landed.blows, *landed.blocks) if b.defender == "Lone"]
    assert len(on_lone) == len(out.hits_on_lone)
    assert landed.lone.current_level(GROUP_RULES) >= lone.current_level(GROUP_RULES)
    for before, after in zip(crew, landed.foes):
        assert after.current_level(GROUP_RULES) >= before.current_level(GROUP_RULES)
    for block in landed.blocks:
        assert block.check.blocked
