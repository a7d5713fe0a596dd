"""The attack pipeline: simultaneous rounds, stances, alternating attacks, blows and guards."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.combat import melee
from pyfudge.combat.attack import ExchangeRequest, _request_field, names_damage_dice, resolve_attack, resolve_exchange
from pyfudge.combat.blow import BlowInput, strike
from pyfudge.combat.declaration import Declaration, FighterDice, fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.initiative import resolve_initiative
from pyfudge.combat.stances import Stance, stances_offered
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.rules import wounds
from pyfudge.rules.actions import Modifier
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
ALT = F95.with_options({"melee.pacing": "alternating"})
Z = [0, 0, 0, 0]


def man(name="A", skill="Fair", **kw):
    return Fighter.from_dict({"name": name, "skills": {"Sword": skill},
                              "weapon": {"name": "Sword", "size": 2, "sharp": 1}, **kw})


def dice_for(total):
    faces = [1] * max(total, 0) + [-1] * max(-total, 0)
    return fudge_dice(faces + [0] * (4 - len(faces)))


def D(**kw):
    return Declaration.from_dict(kw)


# --- M-SIMULTANEOUS -------------------------------------------------------------------------

def test_equal_results_are_a_stand_off():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(1), b_dice=dice_for(1))
    assert out.result == "stand-off" and not out.blows
    assert out.fighters[1].track is None  # nothing recorded


def test_winner_hits_and_the_loser_is_wounded():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(2), b_dice=dice_for(0))
    (blow,) = out.blows
    # TDF: Fair Strength + sword 3 − 0 = 3; + relative degree 2 = 5: Very Hurt (F95 4.55).
    assert blow.defender == "B" and blow.damage.number == 5 and blow.level == wounds.VERY_HURT
    assert out.fighters[1].track.worst == wounds.VERY_HURT
    assert out.fighters[0].track is None


def test_wound_penalty_comes_from_the_track_automatically():
    b = man("B").with_track(wounds.record_wound(wounds.WoundTrack.new(F95), wounds.HURT, rules=F95).track)
    out = resolve_exchange(man("A"), b, rules=F95, a_dice=dice_for(0), b_dice=dice_for(0))
    assert [(m.source, m.amount) for m in out.sides[1].modifiers] == [("wounds", -1)]
    assert out.contests[0].attacker == "A" and out.contests[0].relative_degree == 1


def test_poor_is_needed_to_hit_an_equal_foe():
    out = resolve_exchange(man("A", "Terrible"), man("B", "Terrible"), rules=F95,
                           a_dice=dice_for(0), b_dice=dice_for(-1))
    assert out.result == "miss" and not out.blows


def test_foe_unable_to_fight_makes_it_unopposed_against_poor():
    b = man("B").with_track(wounds.record_wound(wounds.WoundTrack.new(F95), wounds.INCAPACITATED, rules=F95).track)
    out = resolve_exchange(man("A", "Terrible"), b, rules=F95, a_dice=dice_for(1), b_dice=dice_for(4))
    assert not out.sides[1].active and out.blows
    miss = resolve_exchange(man("A", "Terrible"), b, rules=F95, a_dice=dice_for(0))
    assert not miss.blows


def test_unaware_foe_does_not_roll():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(-1), b_declares=D(unaware=True))
    assert out.blows and out.sides[1].roll is None


def test_neither_can_fight_is_refused():
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), man("B"), rules=F95, a_declares=D(unaware=True), b_declares=D(unaware=True))


def test_defend_only_fighter_cannot_hurt():
    out = resolve_exchange(man("A"), man("B", "Great"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0),
                           b_declares=D(defend_only=True))
    assert out.result == "miss" and not out.blows


def test_a_roll_is_required():
    with pytest.raises(FudgeError) as err:
        resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(0))
    assert err.value.field == "b_dice.roll"


@pytest.mark.parametrize("roll", [{"dice": "3d6", "faces": [6, 6, 6]}, {"dice": "1d6", "faces": [6]},
                                  {"dice": "1dF", "faces": [1]}])
def test_a_combat_roll_in_dice_no_trait_roll_uses_is_refused(roll):
    """F95 4.22: each fighter makes an Opposed action roll — 4dF, or one of F93 4.21–4.22's two
    six-sided ways. Min-Mid-Max's 3d6 (F95 4.63), a lone d6 or 1dF are not trait rolls: such a
    roll given whole is refused by its field, as a group round refuses it."""
    request = {"a": {"name": "A", "skills": {"Sword": "Fair"}}, "b": {"name": "B", "skills": {"Sword": "Fair"}},
               "a_dice": {"roll": roll}, "b_dice": {"roll": {"faces": [0, 0, 0, 0]}}}
    with pytest.raises(FudgeError) as err:
        ExchangeRequest.from_dict(request, rules=F95).resolve(F95)
    assert err.value.field == "exchange.a_dice.roll"
    assert roll["dice"] in err.value.message and "4dF" in err.value.message


def test_simultaneous_pipeline_refused_under_alternating_pacing():
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), man("B"), rules=ALT, a_dice=dice_for(0), b_dice=dice_for(0))


# --- M-MODIFIERS ----------------------------------------------------------------------------

def test_all_out_attacker_who_ties_is_hit_with_two_more_damage():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(1), b_dice=dice_for(0),
                           b_declares=D(all_out="offense"))
    (blow,) = out.blows
    assert blow.defender == "B" and any(p.value == 2 and p.kind == "foe_all_out" for p in blow.odf.parts)


def test_aimed_blow_minus_one_and_off_target_below_the_minimum():
    out = resolve_exchange(man("A", "Good"), man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(-2),
                           a_declares=D(aim="eye", aim_minimum="Great"))
    assert ("aiming at the eye", -1) in [(m.source, m.amount) for m in out.sides[0].modifiers]
    assert out.blows[0].location == "eye" and out.blows[0].on_target is False
    out = resolve_exchange(man("A", "Superb"), man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(-2),
                           a_declares=D(aim="eye", aim_minimum="Great"))
    assert out.blows[0].on_target is True


def test_blessing_position_and_extra_modifiers_are_listed_with_sources():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0),
                           a_declares=D(blessing=1, position=-2,
                                        modifiers=[{"source": "light in his eyes", "amount": -1}]))
    assert [(m.source, m.amount) for m in out.sides[0].modifiers] == [
        ("position", -2), ("blessing", 1), ("light in his eyes", -1)]


def test_mudge_tie_broken_by_odd_coloured_die_is_a_graze():
    out = resolve_exchange(man("A"), man("B"), rules=MUD, a_dice=fudge_dice([1, 0, -1, 1]),
                           b_dice=fudge_dice([1, 0, 1, -1]))
    hits = [c for c in out.contests if c.result in ("hit", "graze")]
    assert [c.attacker for c in hits] == ["A"] and hits[0].tie_won and hits[0].result == "graze"


def test_pc_against_npc_at_fixed_trait_level():
    rules = F95.with_options({"melee.npc_fixed": True})
    npc = man("Thug", "Good", role="npc")
    stand = resolve_exchange(man("Hero", "Good"), npc, rules=rules, a_dice=dice_for(0))
    assert stand.result == "stand-off" and stand.sides[1].fixed
    win = resolve_exchange(man("Hero", "Good"), npc, rules=rules, a_dice=dice_for(1))
    assert win.blows[0].defender == "Thug"
    lose = resolve_exchange(man("Hero", "Good"), npc, rules=rules, a_dice=dice_for(-2))
    assert lose.blows[0].defender == "Hero" and lose.blows[0].relative_degree == 2


def test_plus_level_on_even_rounds_only():
    ivan = man("Ivan", "Good", plus_skills=["Sword"])
    r1 = resolve_exchange(man("Gus"), ivan, rules=F95, a_dice=dice_for(0), b_dice=dice_for(0), round_number=1)
    r2 = resolve_exchange(man("Gus"), ivan, rules=F95, a_dice=dice_for(0), b_dice=dice_for(0), round_number=2)
    assert r1.sides[1].offence == 1 and r2.sides[1].offence == 2
    mud = resolve_exchange(man("Gus"), ivan, rules=MUD, a_dice=dice_for(0), b_dice=dice_for(0), round_number=2)
    assert mud.sides[1].offence == 1


def test_speed_power_strikes_unopposed_every_other_round():
    fast = man("Flash", speed_power=True)
    out = resolve_exchange(fast, man("B", "Superb"), rules=F95, a_dice=dice_for(-2), b_dice=dice_for(4),
                           round_number=2)
    assert not out.sides[1].active and [b.defender for b in out.blows] == ["B"]
    odd = resolve_exchange(fast, man("B", "Superb"), rules=F95, a_dice=dice_for(-2), b_dice=dice_for(4),
                           round_number=1)
    assert [b.defender for b in odd.blows] == ["Flash"]


def test_speed_power_gives_no_free_round_when_off_when_both_are_fast_or_to_a_fast_fighter_who_cannot_fight():
    # F95 4.36: the faster fighter strikes "as if his opponent wasn't aware" — not under rules
    # without it (MUD 4.36), not against a foe as fast, and not when he himself cannot fight.
    fast, slow = man("Flash", speed_power=True), man("Slow", "Great")
    cases = [(fast, slow, F95.with_options({"melee.speed_power": False}), {}, (True, True)),
             (fast, man("Zip", speed_power=True), F95, {}, (True, True)),
             (fast, slow, F95, {"a_declares": D(unaware=True)}, (False, True)),
             (slow, fast, F95, {"b_declares": D(unaware=True)}, (True, False))]
    for a, b, rules, declares, active in cases:
        for x, y, act, kw in ((a, b, active, declares),
                              (b, a, active[::-1], {"a_declares" if k == "b_declares" else "b_declares": v
                                                    for k, v in declares.items()})):
            out = resolve_exchange(x, y, rules=rules, a_dice=dice_for(0), b_dice=dice_for(0), round_number=2, **kw)
            assert (out.sides[0].active, out.sides[1].active) == act
            assert not [s for s in out.steps if s.section == "F95 4.36"]


def test_a_tie_won_by_the_odd_coloured_die_short_of_the_minimum_is_a_miss_not_a_stand_off():
    # MUD 4.22: the higher odd-coloured die wins the tie; F95 4.22: the winner must still reach
    # the minimum to hit (or may not harm at all when he only defends).
    rules = F95.with_options({"melee.tiebreak": True})
    for declares in (D(min_to_hit="Great"), D(defend_only=True)):
        out = resolve_exchange(man("A"), man("B"), rules=rules, a_dice=fudge_dice([0, 0, 1, -1]),
                               b_dice=fudge_dice([1, -1, 0, 0]), b_declares=declares)
        (contest,) = out.contests
        assert (contest.attacker, contest.relative_degree, contest.tie_won) == ("B", 0, True)
        assert contest.result == "miss" and not out.blows


def test_all_out_refused_under_mudge():
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), man("B"), rules=MUD, a_dice=dice_for(0), b_dice=dice_for(0),
                         a_declares=D(all_out="offense"))


# --- guards: stun, pulled punch, points -----------------------------------------------------

def test_stunning_blow_is_recorded_as_a_stun():
    b = man("B", armor={"name": "Boiled leather", "value": 2})
    out = resolve_exchange(man("A"), b, rules=F95, a_dice=dice_for(2), b_dice=dice_for(0),
                           a_declares=D(stun=True))
    (blow,) = out.blows
    # TDF 3 − 2 = 1, + relative degree 2 = 3: Hurt → a Stun (F95 4.62); no wound.
    assert blow.stun and out.fighters[1].track.stun == wounds.STUNNED
    assert out.fighters[1].track.worst == wounds.UNDAMAGED


def test_pulled_punch_caps_the_wound():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(4), b_dice=dice_for(-4),
                           a_declares=D(max_level=wounds.SCRATCH))
    assert out.blows[0].damage.level > wounds.SCRATCH and out.blows[0].level == wounds.SCRATCH


def test_meta_points_lower_the_wound_and_are_spent():
    b = man("B", fudge_points=2)
    out = resolve_exchange(man("A"), b, rules=MUD, a_dice=fudge_dice([1, 1, 0, 0]),
                           b_dice=fudge_dice([0, 0, 0, 0]), b_declares=D(points=2))
    (blow,) = out.blows
    assert blow.points_spent == 2 and blow.level == blow.damage.level - 2
    assert out.fighters[1].fudge_points == 0


def test_cannot_spend_points_one_does_not_have():
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), man("B"), rules=MUD, a_dice=dice_for(0), b_dice=dice_for(0),
                         b_declares=D(points=1))


def test_unwounded_defender_keeps_his_points():
    b = man("B", fudge_points=1)
    out = resolve_exchange(man("A"), b, rules=MUD, a_dice=dice_for(-2), b_dice=dice_for(0), b_declares=D(points=1))
    assert out.fighters[1].fudge_points == 1


def test_pc_three_level_cap_applies_through_the_pipeline():
    rules = F95.with_options({"wounds.three_level_cap": True})
    out = resolve_exchange(man("A", "Superb"), man("B"), rules=rules, a_dice=dice_for(4), b_dice=dice_for(-4))
    assert out.blows[0].damage.level == wounds.NEAR_DEATH and out.blows[0].level == wounds.VERY_HURT


# --- M-STANCES --------------------------------------------------------------------------------

def test_both_fighters_can_be_hurt_in_one_stance_round():
    rules = F95.with_options({"melee.stances": True})
    out = resolve_exchange(man("A", "Good"), man("B", "Great"), rules=rules, a_dice=dice_for(0), b_dice=dice_for(-1),
                           a_declares=D(stance="aggressive"))
    assert sorted(b.defender for b in out.blows) == ["A", "B"]
    assert out.fighters[0].track.worst > 0 and out.fighters[1].track.worst > 0


def test_stance_refused_when_stances_are_off():
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0),
                         a_declares=D(stance="berserk"))


def test_stance_from_d6_in_a_declaration():
    assert D(stance={"d6": 6}).stance == Stance(2)


# --- M-ALTERNATING --------------------------------------------------------------------------

def test_alternating_attack_offence_against_defence_skill():
    a = Fighter.from_dict({"name": "A", "skills": {"Axe": "Great", "Dodge": "Poor"}, "defence_skill": "Dodge"})
    b = Fighter.from_dict({"name": "B", "skills": {"Sword": "Fair", "Shield": "Good"}, "defence_skill": "Shield"})
    out = resolve_attack(a, b, rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0))
    assert out.kind == "attack" and out.sides[1].defence == 1 and out.contests[0].relative_degree == 1
    back = resolve_attack(b, a, rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0))
    assert back.contests[0].relative_degree == 2


def test_alternating_only_attacker_hurts():
    out = resolve_attack(man("A"), man("B", "Superb"), rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0))
    assert out.result == "miss" and not out.blows


def test_an_attack_in_turn_lists_the_attackers_offence_modifiers_only_with_stances_on_too():
    # F95 4.23: the attacker rolls offence, so his declared defence modifier is not his; with
    # stances on (Mudge) it is listed only where one roll serves both (a simultaneous round).
    cover = D(defence_modifiers=[{"source": "cover", "amount": 1, "section": "F95 4.31"}])
    for rules in (ALT, MUD.with_options({"melee.pacing": "alternating"})):
        out = resolve_attack(man("A"), man("B"), rules=rules, attacker_dice=dice_for(-3),
                             defender_dice=dice_for(3), attacker_declares=cover)
        assert [s.text for s in out.steps if "cover" in s.text] == []
        assert out.sides[0].offence == -3


def test_all_out_defence_forfeits_the_attack():
    with pytest.raises(RuleError):
        resolve_attack(man("A"), man("B"), rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0),
                       attacker_declares=D(all_out="defense"))


def test_all_out_defence_adds_two_to_defence():
    out = resolve_attack(man("A"), man("B"), rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0),
                         defender_declares=D(all_out="defense"))
    assert out.sides[1].defence == 2


def test_all_out_offence_leaves_minus_two_or_no_defence_for_next_turn():
    out = resolve_attack(man("A"), man("B"), rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0),
                         attacker_declares=D(all_out="offense"))
    assert out.sides[0].offence == 1
    (carry,) = out.carry
    assert carry.to == "A" and carry.scope == "defence" and carry.modifier.amount == -2
    none = ALT.with_options({"melee.all_out_offense_defense": "none"})
    out = resolve_attack(man("A"), man("B"), rules=none, attacker_dice=dice_for(0), defender_dice=dice_for(0),
                         attacker_declares=D(all_out="offense"))
    assert out.carry[0].no_defence


def test_an_attack_in_turn_refused_inside_its_blow_names_the_attackers_or_defenders_field():
    # F95 4.23's attacker rolls the damage die (F95 4.61), the defender spends the Fudge Points
    # (F95 4.52): a refusal from inside the blow points at that fighter's own input.
    limited = ALT.with_options({"damage.die": "situational_limited"})
    with pytest.raises(FudgeError) as die:
        resolve_attack(man("A", "Great"), man("B", "Poor"), rules=limited,
                       attacker_dice=FighterDice(roll=dice_for(4).roll, damage=(0, 0, 5, 0)),
                       defender_dice=dice_for(-4))
    assert die.value.field == "attacker_dice.damage[2]"
    with pytest.raises(FudgeError) as point:
        resolve_attack(man("A"), man("B", "Poor", fudge_points=1), rules=ALT, attacker_dice=dice_for(0),
                       defender_dice=dice_for(-2), defender_declares=D(points=1))
    assert point.value.field == "defender_declares.points"


def test_no_defence_makes_the_attack_unopposed():
    out = resolve_attack(man("B"), man("A"), rules=ALT, attacker_dice=dice_for(-2),
                         defender_declares=D(no_defence=True))
    assert out.blows and not out.sides[1].active


def test_hasty_attack():
    out = resolve_attack(man("A"), man("B"), rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0),
                         attacker_declares=D(hasty=True))
    assert out.sides[0].offence == -1
    ini = resolve_initiative(man("A"), man("B"), rules=ALT, a_dice=dice_for(0), b_dice=dice_for(0),
                             a_declares=D(hasty=True))
    assert ini.first == "a"


def test_initiative_combat_reflexes_and_surprise():
    quick = man("Q", combat_reflexes=True)
    assert resolve_initiative(quick, man("B"), rules=ALT, a_dice=dice_for(0), b_dice=dice_for(0)).first == "a"
    assert resolve_initiative(quick, man("B"), rules=ALT, surprise="b").first == "b"
    with pytest.raises(FudgeError):
        resolve_initiative(quick, man("B"), rules=ALT, a_dice=dice_for(0))


def test_alternating_pipeline_refused_under_simultaneous_pacing():
    with pytest.raises(RuleError):
        resolve_attack(man("A"), man("B"), rules=F95, attacker_dice=dice_for(0), defender_dice=dice_for(0))


# --- strike (for multi, ranged, location) ----------------------------------------------------

def test_strike_records_a_wound():
    blow, after = strike(BlowInput(man("A"), man("B"), relative_degree=2, rules=F95))
    assert blow.level == wounds.VERY_HURT and after.track.worst == wounds.VERY_HURT


# --- JSON and properties --------------------------------------------------------------------

def test_exchange_request_round_trips_and_resolves():
    data = {"a": man("A").to_dict(), "b": man("B").to_dict(), "round": 3,
            "a_dice": {"roll": {"faces": [1, 1, 0, 0]}}, "b_dice": {"roll": {"total": -1}},
            "b_declares": {"all_out": "defense"}}
    req = ExchangeRequest.from_dict(data, rules=F95)
    assert ExchangeRequest.from_dict(req.to_dict(), rules=F95) == req
    out = req.resolve(F95)
    assert json.loads(json.dumps(out.to_dict()))["round"] == 3


def test_bad_request_fields_are_named():
    with pytest.raises(FudgeError) as err:
        ExchangeRequest.from_dict({"a": man("A").to_dict(), "b": man("B").to_dict(),
                                   "a_dice": {"roll": {"faces": [2, 0, 0, 0]}}}, rules=F95)
    assert err.value.field.startswith("exchange.a_dice.roll")
    with pytest.raises(FudgeError) as err:
        Declaration.from_dict({"all_out": "berserk"})
    assert err.value.field == "declares.all_out"
    with pytest.raises(FudgeError) as err:
        Declaration.from_dict({"scouting": True})
    assert err.value.field == "declares.scouting"


faces4 = st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4)
# Declarations mostly valid by construction (so most examples reach the assertions): what the rules
# offer (an all-out choice or a stance, F95 4.31-4.32, as the view asks melee.all_out_offered and
# stances.stances_offered), scouting only with an all-out defence (F95 4.31), points mostly within
# what the fighter has; refusals (a stunned fighter's all-out, one who can only defend taking a
# stance, more points than he has) stay possible.
_DECL = {
    "defend_only": st.sampled_from([False, False, False, True]), "position": st.integers(-2, 0),
    "blessing": st.integers(-3, 3), "stun": st.booleans(), "points": st.sampled_from([0, 0, 1, 1, 3]),
    "unaware": st.booleans(),
    "stunned": st.sampled_from([0, 0, 0, 1, 2]), "max_level": st.integers(1, 5), "min_to_hit": st.integers(-5, 3),
    "aim": st.just("hand"),
}
ALL_OUT_DECLS = st.one_of(
    st.fixed_dictionaries({}, optional={**_DECL, "all_out": st.sampled_from(["none", "offense"])}),
    st.fixed_dictionaries({"all_out": st.just("defense")}, optional={**_DECL, "scouting": st.booleans()}))
STANCE_DECLS = st.fixed_dictionaries({}, optional={
    **_DECL, "stance": st.sampled_from(["normal", "aggressive", "defensive", "berserk", "cautious"])})


def decls_for(rules):
    if melee.all_out_offered(rules):
        return ALL_OUT_DECLS
    return STANCE_DECLS if stances_offered(rules) else st.fixed_dictionaries({}, optional=_DECL)


# In alternating turns the attacker's all-out is offence and the defender's defence (F95 4.23), and
# only where the rules offer it (melee.all_out_offered); a stunned attacker cannot attack (F95 4.62):
# mostly so, the rest refused.
_ALT = {"hasty": st.booleans(), "no_defence": st.booleans(), "position": st.integers(-2, 0),
        "stunned": st.sampled_from([0, 0, 0, 0, 0, 1, 2, 3]), "points": st.integers(0, 1),
        "defend_only": st.sampled_from([False, False, False, False, False, True])}
alt_attacks = st.fixed_dictionaries({}, optional={**_ALT, "all_out": st.sampled_from(["none", "offense"])})
alt_defences = st.fixed_dictionaries({}, optional={**_ALT, "all_out": st.sampled_from(["none", "defense"])})
presets = st.sampled_from(["fudge1995", "mudge", "fudge1993"])


@at_least(0.5)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(presets, st.integers(-3, 3), st.integers(-3, 3), faces4, faces4, st.integers(0, 2),
       st.booleans(), st.integers(1, 6), st.data())
def test_any_valid_input_gives_an_outcome_or_a_fudge_error(preset, la, lb, fa, fb, hurt, stances, rnd, data):
    rules = find_ruleset(preset).with_options({"melee.stances": stances})
    da, db = data.draw(decls_for(rules)), data.draw(decls_for(rules))
    track = wounds.WoundTrack.new(rules)
    for _ in range(hurt):
        track = wounds.record_wound(track, wounds.HURT, rules=rules).track
    a = man("A", la, fudge_points=1)
    b = man("B", lb, fudge_points=3).with_track(track)
    dice_a = FighterDice.from_dict({"roll": {"faces": fa[:2] if preset == "fudge1993" else fa},
                                    "damage": [0, 0, 0, 0]}, rules=rules) if preset != "fudge1993" else \
        FighterDice.from_dict({"roll": {"total": sum(fa)}, "damage": [0, 0, 0, 0]}, rules=rules)
    dice_b = FighterDice.from_dict({"roll": {"total": sum(fb)}, "damage": [0, 0, 0, 0]}, rules=rules)
    try:
        out = resolve_exchange(a, b, rules=rules, a_dice=dice_a, b_dice=dice_b,
                               a_declares=Declaration.from_dict(da), b_declares=Declaration.from_dict(db),
                               round_number=rnd)
    except FudgeError:
        refused()
        return
    checked()
    # Replaying the same faces gives the same result.
    again = resolve_exchange(a, b, rules=rules, a_dice=dice_a, b_dice=dice_b,
                             a_declares=Declaration.from_dict(da), b_declares=Declaration.from_dict(db),
                             round_number=rnd)
    assert again.to_dict() == out.to_dict()
    json.dumps(out.to_dict())
    # Hits never lighten a track; nobody gains points.
    for before, after in zip((a, b), out.fighters):
        assert after.track_for(rules).worst >= before.track_for(rules).worst
        assert after.fudge_points <= before.fudge_points
    for blow in out.blows:
        assert blow.relative_degree >= 1


@at_least(0.5)
@given(st.one_of(ALL_OUT_DECLS, STANCE_DECLS))
def test_declaration_round_trips(d):
    try:
        decl = Declaration.from_dict(d)
    except FudgeError:
        refused()
        return
    checked()
    assert Declaration.from_dict(decl.to_dict()) == decl


def test_guards_record_levels_before_and_after():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(4), b_dice=dice_for(-4),
                           a_declares=D(max_level=wounds.HURT))
    (guard,) = out.blows[0].guards
    assert (guard.name, guard.after) == ("pulled punch", wounds.HURT) and guard.before > wounds.HURT
    rules = MUD.with_options({"wounds.three_level_cap": True})
    out = resolve_exchange(man("A", "Superb"), man("B", fudge_points=1), rules=rules,
                           a_dice=fudge_dice([1, 1, 1, 0]), b_dice=fudge_dice([-1, -1, -1, 0]),
                           b_declares=D(points=1))
    names = [(g.name, g.before, g.after) for g in out.blows[0].guards]
    assert names == [("PC death", wounds.NEAR_DEATH, wounds.VERY_HURT), ("points", wounds.VERY_HURT, wounds.HURT)]


def test_speed_contest_through_fighters():
    from pyfudge.combat.initiative import resolve_speed_contest
    quick = man("Q", speed="Good")
    a, b, _ = resolve_speed_contest(quick, man("B"), rules=F95, a_dice=dice_for(1), b_dice=dice_for(0))
    assert a.amount == 2 and b is None
    out = resolve_exchange(quick, man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0),
                           a_declares=Declaration(modifiers=(a,)))
    assert out.sides[0].offence == 2


def test_initiative_roll_once_per_battle_or_each_round():
    from pyfudge.combat import initiative
    per_battle = ALT.with_options({"melee.initiative": "battle"})
    assert [initiative.initiative_needed(n, rules=per_battle) for n in (1, 2, 3)] == [True, False, False]
    assert [initiative.initiative_needed(n, rules=ALT) for n in (1, 2, 3)] == [True, True, True]


def test_surprise_bonus_to_initiative():
    ini = resolve_initiative(man("A"), man("B"), rules=ALT, a_dice=dice_for(0), b_dice=dice_for(1),
                             a_modifiers=(Modifier("surprise", 2, "F95 4.23"),))
    assert ini.first == "a"


@given(st.one_of(faces4.map(lambda f: {"roll": {"faces": f}}),
                 st.integers(-4, 4).map(lambda t: {"roll": {"total": t}, "damage": [0]})))
def test_fighter_dice_round_trip(data):
    d = FighterDice.from_dict(data, rules=F95)
    assert FighterDice.from_dict(d.to_dict(), rules=F95) == d


def test_alternating_all_out_attack_does_one_more_damage():
    out = resolve_attack(man("A"), man("B"), rules=ALT, attacker_dice=dice_for(2), defender_dice=dice_for(0),
                         attacker_declares=D(all_out="offense"))
    assert out.blows[0].odf.value_of("all_out") == 1


def test_shield_lowers_the_attack_not_the_parry_in_alternating_turns():
    out = resolve_attack(man("A"), man("B", shield="large"), rules=ALT, attacker_dice=dice_for(0),
                         defender_dice=dice_for(0))
    # A: −2 for B's large shield, −1 for the smaller weapon + shield total (F95 4.31).
    assert out.sides[0].offence == -3 and out.sides[1].defence == 0
    back = resolve_attack(man("B", shield="large"), man("A"), rules=ALT, attacker_dice=dice_for(0),
                          defender_dice=dice_for(0))
    # A's parry is not lowered by B's shield, only by the weapon disparity.
    assert back.sides[0].offence == 0 and back.sides[1].defence == -1


def test_all_out_defender_cannot_harm_an_unaware_foe():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(2), b_declares=D(unaware=True),
                           a_declares=D(all_out="defense"))
    assert not out.blows


def test_alternating_only_declarations_refused_in_simultaneous_rounds():
    for decl in (D(hasty=True), D(no_defence=True)):
        with pytest.raises(RuleError):
            resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0), a_declares=decl)
    with pytest.raises(FudgeError) as err:
        resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0),
                         b_declares=D(skill="Bow"))
    assert err.value.field == "b.skill"


def test_stunned_fighter_cannot_hurt_and_defends_at_minus_one():
    out = resolve_exchange(man("A"), man("B", "Great"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0),
                           b_declares=D(stunned=wounds.STUNNED))
    assert out.sides[1].offence == 1 and not out.blows
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice_for(0), b_dice=dice_for(0),
                         b_declares=D(stunned=wounds.STUNNED, all_out="defense"))


def test_a_stunned_attacker_in_alternating_turns_is_refused_naming_the_attacker():
    # F95 4.62 / MUD 4.62: "a stunned character cannot attack" — nor a very stunned or knocked
    # out one; only the attack is refused, an unstunned attacker of the same turn attacks.
    for rules in (ALT, MUD.with_options({"melee.pacing": "alternating"})):
        for status in (wounds.STUNNED, wounds.VERY_STUNNED, wounds.KNOCKED_OUT):
            with pytest.raises(RuleError) as err:
                resolve_attack(man("A"), man("B"), rules=rules, attacker_dice=dice_for(0),
                               defender_dice=dice_for(0), attacker_declares=D(stunned=status))
            assert err.value.field == "attacker" and "A cannot attack" in err.value.message
        out = resolve_attack(man("A"), man("B"), rules=rules, attacker_dice=dice_for(0), defender_dice=dice_for(0),
                             attacker_declares=D(stunned=wounds.NO_STUN))
        assert out.contests[0].attacker == "A"


def test_an_attack_without_the_attackers_dice_is_refused_naming_the_attackers_roll():
    with pytest.raises(FudgeError) as err:
        resolve_attack(man("A"), man("B"), rules=ALT, defender_dice=dice_for(0))
    assert err.value.field == "attacker_dice.roll"


def test_a_defender_who_cannot_defend_is_reported_at_his_defence_skill_not_his_attack_skill():
    # F95 4.23: the defender's side is his defence skill, whether or not he gets to roll it.
    dodger = Fighter.from_dict({"name": "B", "skills": {"Sword": "Fair", "Dodge": "Great"}, "defence_skill": "Dodge",
                                "weapon": {"name": "Sword", "size": 2, "sharp": 1}})
    for declares in (D(no_defence=True), D(unaware=True), D()):
        out = resolve_attack(man("A"), dodger, rules=ALT, attacker_dice=dice_for(0), defender_dice=dice_for(0),
                             defender_declares=declares)
        assert out.sides[1].defence_level == 2

def test_an_attack_in_turn_sets_the_minimum_by_the_attackers_size_against_the_defenders():
    # MUD 4.58: "a human needs Good to hit a Scale -6 pixie", the pixie Terrible -2 (one level per
    # two full levels); F95 4.22's guidance: Mediocre for the bigger attacker, Terrible for the smaller.
    for how, human_needs, pixie_needs in (("mass_scale", 1, -5), ("guidance", -1, -3)):
        rules = ALT.with_options({"melee.size_minimum": how})
        human, pixie = man("Ann"), man("Pip", mass_scale=-6)
        out = resolve_attack(human, pixie, rules=rules, attacker_dice=dice_for(0), defender_dice=dice_for(0))
        assert out.contests[0].minimum == human_needs
        out = resolve_attack(pixie, human, rules=rules, attacker_dice=dice_for(0), defender_dice=dice_for(0))
        assert out.contests[0].minimum == pixie_needs


def test_a_tie_with_an_npc_at_her_trait_level_is_a_stand_off_with_no_odd_coloured_die_asked():
    # MUD 4.33: an NPC against a PC rolls no dice, so she has no odd-coloured die to break a
    # tie (MUD 4.22): attacking or defending, her tie is a plain tie.
    rules = MUD.with_options({"melee.pacing": "alternating", "melee.npc_fixed": True, "melee.tiebreak": True})
    ann, bob = man("Ann", "Good", role="pc"), man("Bob", "Good", role="npc")
    for out in (resolve_attack(ann, bob, rules=rules, attacker_dice=dice_for(0)),
                resolve_attack(bob, ann, rules=rules, defender_dice=dice_for(0))):
        assert out.contests[0].result == "stand-off" and not out.blows
        assert not [s for s in out.steps if s.section == "MUD 4.22" and "odd-coloured" in s.text]

def test_a_refusal_names_the_damage_dice_by_a_blows_field_or_an_exchange_sides_and_nothing_else():
    # The odds ask for one damage die per class of dice only when a refusal names the damage dice.
    for field in ("damage_die", "damage_die[1]", "a_dice.damage", "attacker_dice.damage[2]"):
        assert names_damage_dice(field)
    for field in (None, "", "a_dice.roll", "attack_roll", "damage_dice_count"):
        assert not names_damage_dice(field)


def test_a_refusal_from_inside_a_blow_is_named_by_whose_input_it_is_and_an_unnamed_one_stays_unnamed():
    att, dfd = SimpleNamespace(where="attacker"), SimpleNamespace(where="defender")
    assert _request_field("damage_die[2]", att, dfd) == "attacker_dice.damage[2]"
    assert _request_field("points_spent", att, dfd) == "defender_declares.points"
    assert _request_field("defender.track", att, dfd) == "defender.track"
    assert _request_field(None, att, dfd) is None

@at_least(0.5)
@settings(max_examples=100, deadline=None)
@given(st.integers(-3, 4), st.integers(-3, 4), faces4, faces4, alt_attacks, alt_defences, presets)
def test_any_alternating_attack_gives_an_outcome_or_a_fudge_error(la, lb, fa, fb, da, db, preset):
    rules = find_ruleset(preset).with_options({"melee.pacing": "alternating", "melee.stances": False})
    if not melee.all_out_offered(rules):
        da, db = ({k: v for k, v in d.items() if k != "all_out"} for d in (da, db))
    a, b = man("A", la, fudge_points=1), man("B", lb, fudge_points=1)
    try:
        decl_a, decl_b = Declaration.from_dict(da), Declaration.from_dict(db)
        dice_a = FighterDice.from_dict({"roll": {"total": sum(fa)}, "damage": [0, 0, 0, 0]}, rules=rules)
        dice_b = FighterDice.from_dict({"roll": {"total": sum(fb)}, "damage": [0, 0, 0, 0]}, rules=rules)
        out = resolve_attack(a, b, rules=rules, attacker_dice=dice_a, defender_dice=dice_b,
                             attacker_declares=decl_a, defender_declares=decl_b)
    except FudgeError:
        refused()
        return
    checked()
    json.dumps(out.to_dict())
    assert out.fighters[0] == a  # only the defender can be hurt
    assert out.fighters[1].track_for(rules).worst >= b.track_for(rules).worst


def test_a_wound_willpower_sets_aside_until_the_battle_is_over_asks_no_damage_check():
    # F95 4.52 no. 4: a Great Willpower roll lowers a Scratch to no wound for now (the Scratch
    # kept for after the battle); CO 4.3's damage check follows an injury, so none is asked.
    rules = F95.with_options({"co.damage_check": True, "wounds.willpower": "temporary"})
    stick = {"weapon": {"name": "Stick", "size": 0}}
    out = resolve_exchange(man("A", **stick), man("B", **stick), rules=rules, a_dice=dice_for(1),
                           b_dice=dice_for(0), b_declares=D(willpower=2))
    (blow,) = out.blows
    assert blow.damage.level == wounds.SCRATCH and blow.level == wounds.UNDAMAGED
    assert blow.record.track.worst == wounds.UNDAMAGED and blow.damage_check is None
