"""Combat Options damage checks (CO 4.3), Willpower (F95 4.52) and shield checks (CO 2.2) in group
rounds (F95 4.34) and against ranged shots (F95 4.4, with F95 4.31's shields), through the pipeline.

The pirates' round (as F95 4.34's Tucker): Tucker, Sword Superb, faces three foes (−2 to skill,
F95 4.34); the GM rolls +1 for all: Molly Fair+1 = Good, Annie Good+1 = Great, Maggie
Mediocre+1 = Fair.
"""

from dataclasses import replace

import pytest

from pyfudge.combat import group_blows, multi, ranged
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.outcomes import Block, Blow
from pyfudge.core.errors import DiceError, RuleError
from pyfudge.rules import wounds
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
CHECKS = F95.with_options({"co.damage_check": True})
SHIELDS = F95.with_options({"co.shield": True})


def fighter(name, skills, **kw):
    return Fighter.from_dict({"name": name, "skills": skills, **kw})


def pirates_round(lone_roll, **kw):
    return multi.GroupRound.from_dict({
        "lone": {"name": "Tucker", "level": 3, "roll": lone_roll},
        "foes": [{"name": "Molly", "level": 0, **kw.pop("molly", {})}, {"name": "Annie", "level": 1},
                 {"name": "Maggie", "level": -1}],
        "npc_roll": "group", "group_roll": {"roll": 1}, **kw})


TUCKER = fighter("Tucker", {"Sword": 3})
SHIELDED_TUCKER = fighter("Tucker", {"Sword": 3, "Shield": 2}, shield="medium")
CREW = [fighter("Molly", {"Sword": 0}), fighter("Annie", {"Sword": 1}), fighter("Maggie", {"Sword": -1})]


def two_hits(rules):
    """Tucker rolls −1: 3 − 2 − 1 = Fair; Molly (Good) and Annie (Great) beat him (F95 4.34)."""
    out = multi.resolve_melee_group(pirates_round(-1), rules=rules)
    assert [name for name, _ in out.hits_on_lone] == ["Molly", "Annie"]
    return out


# --- CO 4.3 damage checks in a group round ------------------------------------------------------

def test_group_round_wounded_lone_fighter_needs_damage_check_dice():
    out = two_hits(CHECKS)
    with pytest.raises(DiceError) as err:
        group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS)
    assert err.value.field == "check_dice.Tucker"


def test_lone_fighter_checks_after_each_wound_in_blow_order():
    """CO 4.3: "Each time a character is injured ... make a damage check": two wounds, two
    checks. Two Scratches (Molly's graze, Annie's 0 + 2): each against Mediocre (CO 4.3's
    Scratch). Fair + 0 shrugs the first off; Fair − 3 fails the second and drops him."""
    out = two_hits(CHECKS)
    landed = group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS,
                                    check_dice={"Tucker": [[0, 0, 0, 0], [-1, -1, -1, 0]]})
    first, second = landed.blows
    assert (first.attacker, second.attacker) == ("Molly", "Annie")
    assert first.damage_check.difficulty == -1 and first.damage_check.success
    assert second.damage_check.difficulty == -1 and not second.damage_check.success
    assert landed.lone.track.dropped


def test_one_check_roll_is_not_enough_for_two_wounds():
    out = two_hits(CHECKS)
    with pytest.raises(DiceError) as err:
        group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS, check_dice={"Tucker": [0, 0, 0, 0]})
    assert err.value.field == "check_dice.Tucker"
    with pytest.raises(DiceError) as err:
        group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS, check_dice={"Tucker": [[0, 0, 0, 0]]})
    assert err.value.field == "check_dice.Tucker[1]"


@pytest.mark.parametrize("bad", [[], {"faces": [0, 0, 0, 0]}], ids=["no faces", "a dict"])
def test_a_damage_check_that_is_no_list_of_faces_is_refused_by_its_field(bad):
    """Neither one check (four faces) nor a list of them: a clear refusal, not a crash."""
    with pytest.raises(DiceError, match="needs 4 Fudge dice") as err:
        group_blows.land_group_blows(two_hits(CHECKS), lone=TUCKER, foes=CREW, rules=CHECKS, check_dice={"Tucker": bad})
    assert err.value.field == "check_dice.Tucker"


def test_no_second_check_once_dropped():
    """A first check failed: he is down already, no second check (getting up is CO 4.4)."""
    out = two_hits(CHECKS)
    landed = group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS,
                                    check_dice={"Tucker": [-1, -1, -1, -1]})
    first, second = landed.blows
    assert not first.damage_check.success and second.damage_check is None


def test_foe_struck_by_the_lone_fighter_makes_his_check():
    out = multi.resolve_melee_group(pirates_round(2, targets=["Annie"]), rules=CHECKS)
    with pytest.raises(DiceError) as err:
        group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS)
    assert err.value.field == "check_dice.Annie"
    landed = group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS, check_dice={"Annie": [1, 1, 1, 1]})
    (blow,) = landed.blows
    assert blow.defender == "Annie" and blow.damage_check.success
    assert blow.damage_check.critical == "success"  # +4 on 4dF (CO 4.3)


# --- F95 4.52 Willpower in a group round --------------------------------------------------------

def test_group_round_willpower_is_asked_for_each_wound():
    rules = F95.with_options({"wounds.willpower": "temporary"})
    out = two_hits(rules)
    with pytest.raises(DiceError) as err:
        group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=rules)
    assert err.value.field == "willpower.Tucker"
    landed = group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=rules, willpower={"Tucker": [0, 1]})
    assert len(landed.blows) == 2


def test_group_round_willpower_refused_when_off():
    with pytest.raises(RuleError):
        group_blows.land_group_blows(two_hits(F95), lone=TUCKER, foes=CREW, rules=F95, willpower={"Tucker": 0})


# --- CO 2.2 shield checks in a group round ------------------------------------------------------

def test_lone_shieldman_needs_his_shield_roll():
    out = two_hits(SHIELDS)
    with pytest.raises(DiceError) as err:
        group_blows.land_group_blows(out, lone=SHIELDED_TUCKER, foes=CREW, rules=SHIELDS)
    assert err.value.field == "shield_dice.Tucker"


def test_one_shield_roll_meets_each_foe_who_beats_him():
    """CO 2.2: the check must equal or beat the opponent's result. Shield Great, roll −1: Good,
    enough against Molly's Good, not against Annie's Great."""
    out = two_hits(SHIELDS)
    landed = group_blows.land_group_blows(out, lone=SHIELDED_TUCKER, foes=CREW, rules=SHIELDS,
                                    shield_dice={"Tucker": [-1, 0, 0, 0]})
    assert [type(b) for b in landed.blocks] == [Block] and landed.blocks[0].attacker == "Molly"
    assert [(b.attacker, b.defender) for b in landed.blows] == [("Annie", "Tucker")]
    assert any(s.section == "CO 2.2" for s in landed.blows[0].steps)  # the failed check is explained
    landed = group_blows.land_group_blows(out, lone=SHIELDED_TUCKER, foes=CREW, rules=SHIELDS,
                                    shield_dice={"Tucker": {"total": 0}})
    assert landed.blows == () and len(landed.blocks) == 2
    assert landed.lone.track_for(SHIELDS).worst == wounds.UNDAMAGED


def test_ignored_foe_meets_no_shield():
    """F93 4.64: an ignored foe attacks unopposed — he does not defend against it, so no shield."""
    rnd = pirates_round(-1, molly={"ignored": True})
    out = multi.resolve_melee_group(rnd, rules=SHIELDS)
    landed = group_blows.land_group_blows(out, lone=SHIELDED_TUCKER, foes=CREW, rules=SHIELDS,
                                    shield_dice={"Tucker": [1, 1, 1, 1]})
    assert [b.attacker for b in landed.blows] == ["Molly"]
    assert [b.attacker for b in landed.blocks] == ["Annie"]


def test_struck_foe_checks_his_shield_against_the_lone_fighter():
    """Tucker rolls +2: Superb beats them all and strikes Annie (Great). Her Shield Fair + 3 =
    Superb stops it; + 0 does not. With shields wearing one point a blow (CO 2.3) she loses one."""
    rules = SHIELDS.with_options({"co.shield_damage": True, "co.shield_wear": "one"})
    annie = fighter("Annie", {"Sword": 1, "Shield": 0}, shield="small", shield_state={"points": 4})
    crew = [CREW[0], annie, CREW[2]]
    out = multi.resolve_melee_group(pirates_round(2, targets=["Annie"]), rules=rules)
    landed = group_blows.land_group_blows(out, lone=TUCKER, foes=crew, rules=rules, shield_dice={"Annie": [1, 1, 1, 0]})
    assert landed.blows == () and landed.blocks[0].defender == "Annie"
    assert landed.foes[1].shield_state.taken == 1
    landed = group_blows.land_group_blows(out, lone=TUCKER, foes=crew, rules=rules, shield_dice={"Annie": [0, 0, 0, 0]})
    assert isinstance(landed.blows[0], Blow) and landed.foes[1].shield_state.taken == 0


def test_fixed_npc_checks_at_her_shield_skill():
    """F95 4.33: NPCs at their trait level roll nothing: the shield check is the skill itself."""
    annie = fighter("Annie", {"Sword": 1, "Shield": 3}, shield="small")
    out = multi.resolve_melee_group(pirates_round(2, targets=["Annie"]), rules=SHIELDS)
    landed = group_blows.land_group_blows(out, lone=TUCKER, foes=[CREW[0], annie, CREW[2]], rules=SHIELDS,
                                    npc_fixed=True)
    assert landed.blocks and not landed.blows  # Superb skill ≥ Tucker's Superb


def test_group_blows_dict_lists_blocks():
    out = two_hits(SHIELDS)
    landed = group_blows.land_group_blows(out, lone=SHIELDED_TUCKER, foes=CREW, rules=SHIELDS,
                                    shield_dice={"Tucker": [0, 0, 0, 0]})
    data = landed.to_dict()
    assert [b["attacker"] for b in data["blocks"]] == ["Molly", "Annie"] and data["blows"] == []


# --- CO 2.2 against ranged shots (F95 4.31's shields) -------------------------------------------

def shot(mode="aware", target_roll=-1):
    data = {"mode": mode, "shooter": {"name": "Will", "level": 1, "roll": 1, "difficulty": 0}}
    if mode == "aware":
        data["target"] = {"name": "Dicken", "level": 0, "roll": target_roll}
    elif mode == "shoot_back":
        data["target"] = {"name": "Dicken", "level": 0, "roll": target_roll, "difficulty": 0}
    return ranged.resolve_ranged(ranged.RangedAttack.from_dict(data), rules=SHIELDS)


def people(shield):
    return {"Will": fighter("Will", {"Bow": 1}, weapon={"name": "Longbow", "size": 2}),
            "Dicken": fighter("Dicken", {"Dodge": 0, "Shield": 1}, shield=shield)}


def test_medium_shield_checks_against_a_dodged_shot():
    """Will's Good shot beats Dicken's dodge; his Shield Good + 0 equals it: the shield takes it."""
    out = shot()
    assert out.shots[0].hit and out.shots[0].result == 2
    with pytest.raises(DiceError) as err:
        ranged.land_shots(out, fighters=people("medium"), rules=SHIELDS)
    assert err.value.field == "shield_dice.Dicken"
    landed = ranged.land_shots(out, fighters=people("medium"), rules=SHIELDS, shield_dice={"Dicken": [1, 0, 0, 0]})
    assert landed.blows == () and landed.blocks[0].attacker == "Will"
    landed = ranged.land_shots(out, fighters=people("large"), rules=SHIELDS, shield_dice={"Dicken": [-1, 0, 0, 0]})
    assert len(landed.blows) == 1 and landed.blocks == ()


def test_small_shield_is_for_melee_only():
    landed = ranged.land_shots(shot(), fighters=people("small"), rules=SHIELDS)
    assert len(landed.blows) == 1 and landed.blocks == ()


def test_shield_the_shot_goes_through_stops_nothing():
    landed = ranged.land_shots(shot(), fighters=people("large"), rules=SHIELDS, impervious={"Dicken": False})
    assert len(landed.blows) == 1 and landed.blocks == ()


@pytest.mark.parametrize("mode", ["unaware", "shoot_back"])
def test_no_shield_check_without_a_defence(mode):
    """F95 4.4: an unaware target cannot defend; one who shoots back forgoes dodging. Either
    way his large shield makes no check (no roll asked for) and the shot lands."""
    out = shot(mode)
    if mode == "unaware":
        # An unaware shot's outcome names no target: name it, as the encounter does.
        out = replace(out, shots=(replace(out.shots[0], target="Dicken"),))
    landed = ranged.land_shots(out, fighters=people("large"), rules=SHIELDS)
    assert landed.blocks == () and [b.defender for b in landed.blows if b.attacker == "Will"] == ["Dicken"]


def test_shields_do_nothing_without_the_option():
    landed = ranged.land_shots(shot(), fighters=people("large"), rules=F95)
    assert len(landed.blows) == 1 and landed.blocks == ()


def test_lone_shield_checks_count_wounds_from_the_round_start():
    """F95 4.34: the foes' blows are simultaneous, so Annie's wound does not weaken the shield
    check against Molly in the same round (our reading, as F95 4.64's guard counts from the
    round's start). Tucker (two foes: Superb −1) rolls −2: Fair; the GM's +1 makes Annie Great,
    Molly Good. His Shield Great, roll −1: Good — Annie's Greatsword gets through (Very Hurt),
    Molly's blow is stopped (Good ≥ Good), not checked at Very Hurt's −2."""
    rnd = multi.GroupRound.from_dict({
        "lone": {"name": "Tucker", "level": 3, "roll": -2},
        "foes": [{"name": "Annie", "level": 1}, {"name": "Molly", "level": 0}],
        "npc_roll": "group", "group_roll": {"roll": 1}})
    out = multi.resolve_melee_group(rnd, rules=SHIELDS)
    assert [name for name, _ in out.hits_on_lone] == ["Annie", "Molly"]
    crew = [fighter("Annie", {"Sword": 1}, weapon={"name": "Greatsword", "size": 3, "sharp": 1}),
            fighter("Molly", {"Sword": 0})]
    landed = group_blows.land_group_blows(out, lone=SHIELDED_TUCKER, foes=crew, rules=SHIELDS,
                                    shield_dice={"Tucker": [-1, 0, 0, 0]})
    assert [b.attacker for b in landed.blows] == ["Annie"] and landed.blows[0].level == wounds.VERY_HURT
    assert [b.attacker for b in landed.blocks] == ["Molly"]
    # Very Hurt when the round began: −2 to the check, and Molly's blow gets through as well.
    hurt = SHIELDED_TUCKER.with_track(wounds.record_wound(SHIELDED_TUCKER.track_for(SHIELDS), wounds.VERY_HURT,
                                                          rules=SHIELDS).track)
    landed = group_blows.land_group_blows(out, lone=hurt, foes=crew, rules=SHIELDS,
                                          shield_dice={"Tucker": [-1, 0, 0, 0]})
    assert landed.blocks == ()


def test_bad_damage_check_dice_are_refused_by_the_name_they_were_given_under():
    """A damage check's dice of the wrong count or face: the refusal names the request's own
    field (check_dice.<name>, with [n] when he rolls several, and the die), not the check's "faces"."""
    out = two_hits(CHECKS)
    for dice, field in (([[0, 0, 0], [0, 0, 0, 0]], "check_dice.Tucker[0]"),
                        ([[0, 0, 0, 0], [0, 2, 0, 0]], "check_dice.Tucker[1][1]")):
        with pytest.raises(DiceError) as err:
            group_blows.land_group_blows(out, lone=TUCKER, foes=CREW, rules=CHECKS, check_dice={"Tucker": dice})
        assert err.value.field == field
