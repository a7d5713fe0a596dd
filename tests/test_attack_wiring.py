"""Rules wired into the attack pipeline: CO alternate track and damage checks, Willpower, head
blows, CO shield checks, hit location, and the round modifiers of a group round."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.combat import multi
from pyfudge.combat.attack import ExchangeRequest, resolve_attack, resolve_exchange
from pyfudge.combat.declaration import Declaration, FighterDice
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.shield import ShieldState
from pyfudge.combat.sides import round_modifiers
from pyfudge.core.errors import DiceError, FudgeError, RuleError
from pyfudge.rules import healing, wounds
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
F93 = find_ruleset("fudge1993")
CO_TRACK = F95.with_options({"co.track": True})
CHECKS = F95.with_options({"co.damage_check": True})
SHIELDS = F95.with_options({"co.shield": True})


def man(name="A", skill="Fair", **kw):
    return Fighter.from_dict({"name": name, "skills": {"Sword": skill},
                              "weapon": {"name": "Sword", "size": 2, "sharp": 1}, **kw})


def shieldman(name="B", skill="Fair", shield_skill="Good", **kw):
    return Fighter.from_dict({"name": name, "skills": {"Sword": skill, "Shield": shield_skill},
                              "weapon": {"name": "Sword", "size": 2, "sharp": 1}, "shield": "medium", **kw})


def faces_for(total):
    faces = [1] * max(total, 0) + [-1] * max(-total, 0)
    return faces + [0] * (4 - len(faces))


def dice(total, rules=F95, **kw):
    return FighterDice.from_dict({"roll": {"faces": faces_for(total)}, **kw}, rules=rules)


def D(**kw):
    return Declaration.from_dict(kw)


# --- CO-TRACK: the alternate wound track through an exchange (CO 3.1) ------------------------

def test_co_track_hit_fills_one_box_per_damage_point():
    # Sword +3 against Fair Damage Capacity, relative degree +2: damage 5 (F95 4.55) = 5 boxes.
    out = resolve_exchange(man("A"), man("B"), rules=CO_TRACK, a_dice=dice(2), b_dice=dice(0))
    (blow,) = out.blows
    assert blow.damage.number == 5 and blow.record.points == 5
    track = out.fighters[1].track
    assert track.kind == "co" and track.co_marked == 5
    # Two boxes per level from Terrible: Terrible, Poor full, one in Mediocre -> Mediocre.
    assert track.co_level == -1


def test_co_track_carries_over_rounds_through_the_json_door():
    fighters = {"A": man("A"), "B": man("B")}
    for total in (2, 1):
        req = ExchangeRequest.from_dict(json.loads(json.dumps({
            "a": fighters["A"].to_dict(), "b": fighters["B"].to_dict(),
            "a_dice": {"roll": {"faces": faces_for(total)}}, "b_dice": {"roll": {"faces": faces_for(0)}},
        })), rules=CO_TRACK)
        out = req.resolve(CO_TRACK)
        json.dumps(out.to_dict())
        fighters = {f.name: Fighter.from_dict(f.to_dict()) for f in out.fighters}
    # 5 points, then a graze: the F95 graze table gives a Scratch, the least number of it is 1.
    assert fighters["B"].track.co_marked == 6


def test_co_track_graze_takes_the_least_points_of_its_level():
    out = resolve_exchange(man("A"), man("B"), rules=CO_TRACK, a_dice=dice(1), b_dice=dice(0))
    (blow,) = out.blows
    assert blow.damage.number is None and blow.level == wounds.SCRATCH and blow.record.points == 1


def test_co_track_pulled_punch_keeps_points_within_the_level():
    out = resolve_exchange(man("A"), man("B"), rules=CO_TRACK, a_dice=dice(2), b_dice=dice(0),
                           a_declares=D(max_level=wounds.SCRATCH))
    (blow,) = out.blows
    assert blow.damage.number == 5 and blow.level == wounds.SCRATCH
    assert blow.record.points == 2  # Scratch is 1-2 on the wound table


def test_co_track_through_alternating_attacks():
    alt = CO_TRACK.with_options({"melee.pacing": "alternating"})
    out = resolve_attack(man("A"), man("B"), rules=alt, attacker_dice=dice(2, alt), defender_dice=dice(0, alt))
    assert out.fighters[1].track.co_marked == 5


# --- CO-DAMAGE-CHECK (CO 4.3) ----------------------------------------------------------------

def test_damage_check_success_shrugs_the_wound_off():
    # Good Damage Capacity: TDF 3 - 1 = 2, +2 = 4: Hurt (Fair difficulty). Rolls 0: Good >= Fair.
    b = man("B", damage_capacity="Good")
    out = resolve_exchange(man("A"), b, rules=CHECKS, a_dice=dice(2), b_dice=dice(0, check=[0, 0, 0, 0]))
    (blow,) = out.blows
    assert blow.level == wounds.HURT
    assert blow.damage_check.success and blow.damage_check.difficulty == 0
    after = out.fighters[1]
    assert after.track.shrugged and after.current_penalty(CHECKS) == 0  # CO 4.3.1: without penalty
    assert after.track.worst == wounds.HURT


def test_damage_check_failure_drops_the_fighter_out_of_the_fight():
    # Mediocre Damage Capacity, a graze: Scratch (Mediocre difficulty); rolls -2: Terrible, fails.
    b = man("B", damage_capacity="Mediocre")
    out = resolve_exchange(man("A"), b, rules=CHECKS, a_dice=dice(1), b_dice=dice(0, check=[-1, -1, 0, 0]))
    (blow,) = out.blows
    assert blow.level == wounds.SCRATCH and not blow.damage_check.success
    down = out.fighters[1]
    assert down.track.dropped and not down.can_fight(CHECKS)  # CO 4.3.2: out of the engagement
    # Next round he cannot fight: A's blow is unopposed.
    nxt = resolve_exchange(man("A"), down, rules=CHECKS, a_dice=dice(0), b_dice=dice(0), round_number=2)
    assert not nxt.sides[1].active


def test_damage_check_needs_its_dice_and_names_the_field():
    with pytest.raises(DiceError) as err:
        resolve_exchange(man("A"), man("B"), rules=CHECKS, a_dice=dice(2), b_dice=dice(0))
    assert err.value.field == "b_dice.check"
    with pytest.raises(DiceError) as err:
        alt = CHECKS.with_options({"melee.pacing": "alternating"})
        resolve_attack(man("A"), man("B"), rules=alt, attacker_dice=dice(2, alt), defender_dice=dice(0, alt))
    assert err.value.field == "defender_dice.check"


def test_no_damage_check_without_a_wound():
    out = resolve_exchange(man("A"), man("B"), rules=CHECKS, a_dice=dice(1), b_dice=dice(1))
    assert out.result == "stand-off"  # no check faces needed


def test_damage_check_with_the_alternate_track_reads_its_level():
    rules = CHECKS.with_options({"co.track": True})
    out = resolve_exchange(man("A"), man("B"), rules=rules, a_dice=dice(2), b_dice=dice(0, check=[0, 0, 0, 0]))
    (blow,) = out.blows
    # CO 4.2.2: the wound level read from the track (Mediocre) is the difficulty; Fair succeeds.
    assert blow.damage_check.difficulty == -1 and blow.damage_check.success


def test_check_faces_round_trip_and_are_validated():
    d = FighterDice.from_dict({"roll": {"faces": [0, 0, 0, 0]}, "check": [1, 0, -1, 0],
                               "shield": [1, 1, 0, 0]}, rules=F95)
    assert d.check == (1, 0, -1, 0) and d.shield.total == 2
    assert FighterDice.from_dict(d.to_dict(), rules=F95) == d
    with pytest.raises(DiceError) as err:
        FighterDice.from_dict({"check": [2, 0, 0, 0]}, rules=F95)
    assert err.value.field.startswith("dice.check")


# --- Willpower (F95 4.52 no. 4) and head blows (F95 4.62) ----------------------------------

def test_temporary_willpower_lowers_the_wound_until_the_battle_is_over():
    rules = F95.with_options({"wounds.willpower": "temporary"})
    out = resolve_exchange(man("A"), man("B"), rules=rules, a_dice=dice(2), b_dice=dice(0),
                           b_declares=D(willpower="Great"))
    (blow,) = out.blows
    assert blow.damage.level == wounds.VERY_HURT and blow.level == wounds.HURT
    assert ("willpower", wounds.VERY_HURT, wounds.HURT) in [(g.name, g.before, g.after) for g in blow.guards]
    track = out.fighters[1].track
    assert track.worst == wounds.HURT and track.deferred == ((wounds.HURT, wounds.VERY_HURT),)


@pytest.mark.parametrize("willpower, held, during", [("Great", (4, 5), 4), ("Poor", (7, 5), 7)])
def test_temporary_willpower_on_the_alternate_track_holds_points_until_the_battle_is_over(willpower, held, during):
    """F95 4.52 no. 4 on CO's track (CO 3.1 counts points): damage 5 is Very Hurt; Great Willpower
    holds it at Hurt, whose band ends at 4 points, a Poor roll makes it Incapacitated, whose band
    starts at 7 (our reading of the points of a level set by a rule). The true 5 points are kept
    and fill the track when the battle is over."""
    rules = CO_TRACK.with_options({"wounds.willpower": "temporary"})
    out = resolve_exchange(man("A"), man("B"), rules=rules, a_dice=dice(2), b_dice=dice(0),
                           b_declares=D(willpower=willpower))
    track = out.fighters[1].track
    assert track.co_marked == during and track.deferred == (held,)
    assert healing.end_of_battle(track, rules=rules).track.co_marked == 5


def test_poor_willpower_worsens_the_wound_for_good():
    rules = F95.with_options({"wounds.willpower": "permanent"})
    out = resolve_exchange(man("A"), man("B"), rules=rules, a_dice=dice(1), b_dice=dice(0),
                           b_declares=D(willpower="Poor"))
    (blow,) = out.blows
    assert blow.level == wounds.HURT and out.fighters[1].track.deferred == ()


def test_willpower_result_is_required_when_the_option_is_on_and_refused_when_off():
    rules = F95.with_options({"wounds.willpower": "temporary"})
    with pytest.raises(DiceError) as err:
        resolve_exchange(man("A"), man("B"), rules=rules, a_dice=dice(2), b_dice=dice(0))
    assert err.value.field == "b_declares.willpower"
    with pytest.raises(RuleError) as err:
        resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice(2), b_dice=dice(0),
                         b_declares=D(willpower="Good"))
    assert err.value.field == "b.willpower"


def test_good_blow_to_the_head_knocks_out():
    rules = F95.with_options({"wounds.head_knockout": True})
    out = resolve_exchange(man("A"), man("B"), rules=rules, a_dice=dice(2), b_dice=dice(0),
                           a_declares=D(aim="head"))
    (blow,) = out.blows
    assert blow.head_blow is not None and out.fighters[1].track.knocked_out
    assert not out.fighters[1].can_fight(rules)


def test_fair_blow_to_the_head_does_not_knock_out():
    rules = F95.with_options({"wounds.head_knockout": True})
    out = resolve_exchange(man("A"), man("B"), rules=rules, a_dice=dice(0), b_dice=dice(-1),
                           a_declares=D(aim="head"))
    (blow,) = out.blows
    assert blow.head_blow is not None and not out.fighters[1].track.knocked_out


def test_head_blow_that_misses_the_head_does_not_knock_out():
    # F95 4.31: aimed at the head needing Great, a Good result hits elsewhere.
    rules = F95.with_options({"wounds.head_knockout": True})
    a = man("A", skill="Good")
    out = resolve_exchange(a, man("B"), rules=rules, a_dice=dice(1), b_dice=dice(-2),
                           a_declares=D(aim="head", aim_minimum="Great"))
    (blow,) = out.blows
    assert blow.on_target is False and blow.head_blow is None
    assert not out.fighters[1].track.knocked_out


# --- CO-SHIELD (CO 2) ------------------------------------------------------------------------

def test_shield_check_that_beats_the_attack_blocks_the_blow():
    # A Great (+2) beats B Fair; B's Good (+1) Shield rolls +1: Great >= Great, the shield takes it.
    out = resolve_exchange(man("A"), shieldman("B"), rules=SHIELDS, a_dice=dice(2),
                           b_dice=dice(0, shield=[1, 0, 0, 0]))
    assert out.blows == () and out.result == "blocked"
    (block,) = out.blocks
    assert block.check.blocked and block.check.result == 2 and block.defender == "B"
    assert out.fighters[1].track is None
    assert out.contests[0].result == "blocked"


def test_failed_shield_check_lets_the_blow_through():
    out = resolve_exchange(man("A"), shieldman("B"), rules=SHIELDS, a_dice=dice(2),
                           b_dice=dice(0, shield=[-1, 0, 0, 0]))
    (blow,) = out.blows
    assert blow.defender == "B" and out.fighters[1].track.worst > wounds.UNDAMAGED
    assert any(st.section == "CO 2.2" for st in blow.steps)


def test_with_shield_checks_the_shield_does_not_also_lower_the_attack():
    plain = resolve_exchange(man("A"), shieldman("B"), rules=F95, a_dice=dice(0), b_dice=dice(0))
    assert "shield" in " ".join(m.source for m in plain.sides[0].modifiers).lower()
    co = resolve_exchange(man("A"), shieldman("B"), rules=SHIELDS, a_dice=dice(0), b_dice=dice(0))
    assert "shield" not in " ".join(m.source for m in co.sides[0].modifiers).lower()


def test_shield_check_needs_its_roll_and_a_shield_skill():
    with pytest.raises(DiceError) as err:
        resolve_exchange(man("A"), shieldman("B"), rules=SHIELDS, a_dice=dice(2), b_dice=dice(0))
    assert err.value.field == "b_dice.shield"
    no_skill = man("B", shield="medium")
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), no_skill, rules=SHIELDS, a_dice=dice(2), b_dice=dice(0, shield=[0, 0, 0, 0]))


def test_winner_and_shieldless_loser_make_no_shield_check():
    out = resolve_exchange(shieldman("B"), man("A"), rules=SHIELDS, a_dice=dice(2), b_dice=dice(0))
    assert len(out.blows) == 1 and out.blocks == ()


def test_shield_absorbs_damage_points_and_wears_out():
    rules = SHIELDS.with_options({"co.shield_damage": True})
    b = shieldman("B", shield_state={"name": "buckler", "points": 6})
    out = resolve_exchange(man("A"), b, rules=rules, a_dice=dice(2), b_dice=dice(0, shield=[1, 0, 0, 0]))
    (block,) = out.blocks
    # The blow's damage number (3 + 2 = 5) comes off the shield: 5 of 6, past half.
    assert block.wear.points == 5
    worn = out.fighters[1]
    assert worn.shield_state == ShieldState("buckler", 6, 5) and worn.track is None
    # Next round the worn shield checks at -1: +1 on the dice is now only Good, short of Great.
    nxt = resolve_exchange(man("A"), worn, rules=rules, a_dice=dice(2), b_dice=dice(0, shield=[1, 0, 0, 0]),
                           round_number=2)
    assert nxt.blocks == () and len(nxt.blows) == 1


def test_shield_wear_of_one_point_per_blow_needs_no_damage_dice():
    rules = SHIELDS.with_options({"co.shield_damage": True, "co.shield_wear": "one"})
    b = shieldman("B", shield_state={"points": 4})
    out = resolve_exchange(man("A"), b, rules=rules, a_dice=dice(2), b_dice=dice(0, shield=[1, 0, 0, 0]))
    assert out.fighters[1].shield_state.taken == 1


def test_shield_state_needs_a_shield():
    with pytest.raises(FudgeError) as err:
        Fighter.from_dict({"name": "X", "skills": {"Sword": 0}, "shield_state": {"points": 3}})
    assert err.value.field == "fighter.shield"
    f = shieldman("B", shield_state={"points": 3, "taken": 1})
    assert Fighter.from_dict(f.to_dict()) == f


def test_shield_checks_in_alternating_turns():
    alt = SHIELDS.with_options({"melee.pacing": "alternating"})
    out = resolve_attack(man("A"), shieldman("B"), rules=alt, attacker_dice=dice(2, alt),
                         defender_dice=dice(0, alt, shield=[1, 0, 0, 0]))
    assert out.result == "blocked" and out.blows == ()


# --- M-LOCATION in the pipeline (F95 4.35, MUD 4.35) -----------------------------------------

def test_mudge_called_shot_very_wounds_the_hand():
    # MUD 4.35: Tucker Superb+1 offence against Aggressive Annie's Fair defence: +4, hand needs +2.
    tucker = Fighter.from_dict({"name": "Tucker", "skills": {"Sword": "Superb"}})
    annie = Fighter.from_dict({"name": "Annie", "role": "npc", "skills": {"Sword": "Good"}})
    out = resolve_exchange(tucker, annie, rules=MUD, a_dice=dice(1, MUD), b_dice=dice(0, MUD),
                           a_declares=D(aim="hand"), b_declares=D(stance="aggressive"))
    (blow,) = out.blows
    assert blow.on_target is True and blow.called.state == "Very Wounded"
    assert blow.called.effect["on_fail"] == "drops what the hand holds"
    # No F95 aimed-blow -1 under the Mudge table (MUD 4.31 item 5).
    assert all("aiming" not in m.source for m in out.sides[0].modifiers)


def test_mudge_called_shot_one_short_hits_elsewhere():
    # Head: Great and +3. A Good result winning by +4: the rolled degree is one short.
    a = Fighter.from_dict({"name": "A", "skills": {"Sword": "Good"}})
    b = Fighter.from_dict({"name": "B", "skills": {"Sword": "Poor"}})
    out = resolve_exchange(a, b, rules=MUD, a_dice=dice(0, MUD), b_dice=dice(-1, MUD), a_declares=D(aim="Head"))
    (blow,) = out.blows
    assert blow.on_target is False and blow.called.landed == "elsewhere" and blow.called.chooser == "gm"


def test_mudge_called_shot_more_than_one_short_misses_completely():
    a = Fighter.from_dict({"name": "A", "skills": {"Sword": "Good"}})
    b = Fighter.from_dict({"name": "B", "skills": {"Sword": "Fair"}})
    out = resolve_exchange(a, b, rules=MUD, a_dice=dice(0, MUD), b_dice=dice(-1, MUD), a_declares=D(aim="Throat"))
    assert out.blows == () and out.contests[0].result == "miss"
    assert out.fighters[1].track is None
    assert any(st.section == "MUD 4.35" and "misses completely" in st.text for st in out.steps)


def test_mudge_aim_minimum_overrides_the_tables_rolled_degree_without_minus_one():
    a = Fighter.from_dict({"name": "A", "skills": {"Sword": "Good"}})
    b = Fighter.from_dict({"name": "B", "skills": {"Sword": "Poor"}})
    # Good against Poor: +3, exactly the Head's relative degree; Good meets the lowered minimum.
    out = resolve_exchange(a, b, rules=MUD, a_dice=dice(0, MUD), b_dice=dice(0, MUD),
                           a_declares=D(aim="Head", aim_minimum="Good"))
    (blow,) = out.blows
    assert blow.on_target is True and blow.called.state == "Wounded"
    assert out.sides[0].offence == 1  # Good, no -1


def test_unknown_part_on_the_mudge_table_is_refused():
    with pytest.raises(RuleError) as err:
        resolve_exchange(man("A"), man("B"), rules=MUD, a_dice=dice(1, MUD), b_dice=dice(0, MUD),
                         a_declares=D(aim="tail"))
    assert err.value.field == "a.aim"


def test_f95_called_shot_short_of_the_gms_degree_lands_where_the_defender_says():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice(1), b_dice=dice(0),
                           a_declares=D(aim="weapon arm", aim_relative=2))
    (blow,) = out.blows
    assert blow.on_target is False and blow.called.chooser == "defender"
    assert all("aiming" not in m.source for m in out.sides[0].modifiers)


def test_f95_called_shot_that_wins_by_the_degree_hits_the_part():
    out = resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice(2), b_dice=dice(0),
                           a_declares=D(aim="weapon arm", aim_relative=2))
    (blow,) = out.blows
    assert blow.on_target is True and blow.called.suggested == ("Scratched", "Hurt")


def test_called_shot_declarations_the_system_cannot_take_are_refused():
    with pytest.raises(RuleError):
        resolve_exchange(man("A"), man("B"), rules=F95, a_dice=dice(2), b_dice=dice(0),
                         a_declares=D(aim="eye", aim_relative=3, aim_minimum="Great"))
    with pytest.raises(RuleError) as err:
        resolve_exchange(man("A"), man("B"), rules=F93, a_dice=FighterDice.from_dict({"roll": {"total": 2}}, rules=F93),
                         b_dice=FighterDice.from_dict({"roll": {"total": 0}}, rules=F93),
                         a_declares=D(aim="eye", aim_relative=3))
    assert err.value.field == "a.aim_relative"
    with pytest.raises(FudgeError):
        D(aim_relative=2)  # needs the part


# --- round modifiers for a group round (F95 4.34 with 4.31) -------------------------------

def test_round_modifiers_gather_wounds_and_position_without_a_foe():
    hurt = man("Tucker", skill="Superb").with_track(
        wounds.record_wound(wounds.WoundTrack.new(F95), wounds.HURT, rules=F95).track)
    mods = round_modifiers(hurt, D(position=-1), rules=F95)
    assert [(m.source, m.amount) for m in mods] == [("wounds", -1), ("position", -1)]
    rnd = multi.GroupRound.from_dict({
        "lone": {"name": "Tucker", "level": 3, "roll": 0, "modifiers": [m.to_dict() for m in mods]},
        "foes": [{"name": "Molly", "level": 0, "roll": 0}, {"name": "Annie", "level": 1, "roll": 0}]})
    out = multi.resolve_melee_group(rnd, rules=F95)
    assert out.lone_result == 3 - 1 - 1 - 1  # wounds, position, one extra foe


def test_round_modifiers_refuse_what_a_round_cannot_declare():
    with pytest.raises(RuleError):
        round_modifiers(man("A"), D(hasty=True), rules=F95)


# --- properties --------------------------------------------------------------------------------

faces4 = st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4)
levels = st.integers(-3, 3)


@at_least(0.5)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(levels, levels, faces4, faces4, faces4, faces4, st.integers(-3, 3),
       st.fixed_dictionaries({"co.track": st.booleans(), "co.damage_check": st.booleans(),
                              "co.shield": st.booleans(), "co.shield_damage": st.booleans(),
                              "wounds.willpower": st.sampled_from(["off", "temporary", "permanent"]),
                              "wounds.head_knockout": st.booleans()}),
       st.sampled_from(["fudge1995", "mudge"]), st.booleans())
def test_wired_rules_give_an_outcome_or_a_fudge_error(la, lb, fa, fb, check, shield, will, opts, preset, aim):
    rules = find_ruleset(preset).with_options(opts)
    a = man("A", skill=la)
    b = shieldman("B", skill=lb, shield_state={"points": 5})
    extra = {"damage": [0], "check": check, "shield": {"faces": shield}}
    da = FighterDice.from_dict({"roll": {"faces": fa}, **extra}, rules=rules)
    db = FighterDice.from_dict({"roll": {"faces": fb}, **extra}, rules=rules)
    wp = {"willpower": will} if opts["wounds.willpower"] != "off" else {}
    decl_b = D(**wp)
    decl_a = D(aim="Head", **wp) if aim else D(**wp)
    try:
        out = resolve_exchange(a, b, rules=rules, a_dice=da, b_dice=db, a_declares=decl_a, b_declares=decl_b)
    except FudgeError:
        refused()
        return
    checked()
    again = resolve_exchange(a, b, rules=rules, a_dice=da, b_dice=db, a_declares=decl_a, b_declares=decl_b)
    assert again.to_dict() == out.to_dict()
    json.dumps(out.to_dict())
    for before, after in zip((a, b), out.fighters):
        t0, t1 = before.track_for(rules), after.track_for(rules)
        assert t1.co_marked >= t0.co_marked  # hits never lighten a track
        if opts["wounds.willpower"] == "off":
            assert t1.worst >= t0.worst


@given(st.fixed_dictionaries({}, optional={
    "aim": st.just("Head"), "aim_relative": st.integers(1, 10), "willpower": st.integers(-3, 4)}))
def test_declaration_with_new_fields_round_trips(data):
    if "aim_relative" in data and "aim" not in data:
        with pytest.raises(FudgeError):
            Declaration.from_dict(data)
        return
    d = Declaration.from_dict(data)
    assert Declaration.from_dict(d.to_dict()) == d


def test_fixed_npc_shield_check_is_her_shield_skill():
    # F95 4.33: against a PC an NPC's result is her trait level; her Good Shield meets A's Good.
    npc = shieldman("N", role="npc", shield_skill="Good")
    rules = SHIELDS.with_options({"melee.npc_fixed": True})
    out = resolve_exchange(man("A"), npc, rules=rules, a_dice=dice(1), b_dice=FighterDice())
    assert out.result == "blocked" and out.blocks[0].check.result == 1


def test_wounded_shieldman_checks_at_his_wound_penalty():
    hurt = shieldman("B").with_track(wounds.record_wound(wounds.WoundTrack.new(SHIELDS), wounds.HURT,
                                                         rules=SHIELDS).track)
    # A Great beats B's Fair -1; Good Shield +1 on the dice -1 for Hurt: Good, short of Great.
    out = resolve_exchange(man("A"), hurt, rules=SHIELDS, a_dice=dice(2), b_dice=dice(0, shield=[1, 0, 0, 0]))
    assert out.blocks == () and len(out.blows) == 1
