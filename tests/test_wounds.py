"""Wound tracks, stun, PC death and damage checks (F95 4.51–4.64, MUD 4.57–4.64, CO 3–4)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.core import ladder
from pyfudge.core.errors import FudgeError, OptionError, RuleError
from pyfudge.rules import wound_levels, wound_options, wounds
from pyfudge.rules.wounds import (
    DEAD,
    HURT,
    INCAPACITATED,
    NEAR_DEATH,
    SCRATCH,
    UNDAMAGED,
    VERY_HURT,
    WoundTrack,
    guard_wound,
    record_stun,
    record_wound,
)
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")


def take(track: WoundTrack, *levels: int, rules=F95) -> WoundTrack:
    for level in levels:
        track = record_wound(track, level, rules=rules).track
    return track


def fresh(rules=F95, **kw) -> WoundTrack:
    return WoundTrack.new(rules, **kw)


# --- W-LEVELS, W-RECORD ------------------------------------------------------------------------

def test_box_counts_follow_the_preset_and_variants() -> None:
    assert [len(r) for r in fresh().marks] == [3, 1, 1, 1, 1]
    assert [len(r) for r in fresh(MUD).marks] == [3, 2, 1, 1, 1]
    assert [len(r) for r in fresh(F95.with_options({"wounds.track": "cinematic"})).marks] == [4, 2, 1, 1, 1]
    assert [len(r) for r in fresh(F95.with_options({"wounds.track": "epic"})).marks] == [4, 4, 3, 1, 1]
    custom = F95.with_options({"wounds.track": "custom", "wounds.boxes": [2, 2, 2, 1, 0]})
    assert [len(r) for r in fresh(custom).marks] == [2, 2, 2, 1, 0]


def test_custom_boxes_table_is_validated() -> None:
    for bad in ([3, 1, 1, 1], [3, 1, 1, 1, -1], [0, 0, 0, 0, 0], "3/1/1/1/1", [3, 1, 1, 1, True]):
        with pytest.raises(OptionError):
            F95.with_options({"wounds.boxes": bad})


def test_fourth_scratch_becomes_hurt() -> None:
    track = take(fresh(), SCRATCH, SCRATCH, SCRATCH)
    assert track.worst == SCRATCH and track.penalty() == 0
    out = record_wound(track, SCRATCH, rules=F95)
    assert out.box == (HURT, 0) and out.level_marked == HURT and out.worst_after == HURT
    assert out.track.marks[HURT - 1] == (SCRATCH,)  # the box remembers it was a Scratch


def test_wound_without_open_box_takes_next_higher_and_remembers() -> None:
    out = record_wound(take(fresh(), VERY_HURT, HURT), HURT, rules=F95)
    assert out.box == (INCAPACITATED, 0)
    assert out.track.sheet() == "O O O X X H O"
    assert "next higher open box" in out.steps[0].text


def test_overflow_past_near_death_kills() -> None:
    track = take(fresh(), NEAR_DEATH)
    out = record_wound(track, NEAR_DEATH, rules=F95)
    assert out.worst_after == DEAD and out.box == (DEAD, 0) and out.track.dead == NEAR_DEATH


def test_dead_result_kills_and_further_wounds_change_nothing() -> None:
    track = take(fresh(), DEAD)
    assert track.worst == DEAD and not track.can_act()
    assert record_wound(track, HURT, rules=F95).track == track


def test_undamaged_records_nothing() -> None:
    out = record_wound(fresh(), UNDAMAGED, rules=F95)
    assert out.track == fresh() and out.box is None


def test_penalty_is_of_the_highest_level_only() -> None:
    assert take(fresh(MUD), HURT, rules=MUD).penalty() == -1
    assert take(fresh(MUD), HURT, HURT, rules=MUD).penalty() == -1
    assert take(fresh(MUD), HURT, VERY_HURT, rules=MUD).penalty() == -2


def test_pain_threshold_shifts_penalty_by_one_level() -> None:
    hurt, very = take(fresh(), HURT), take(fresh(), VERY_HURT)
    assert (hurt.penalty(pain="high"), very.penalty(pain="high")) == (0, -1)
    assert (hurt.penalty(pain="low"), very.penalty(pain="low")) == (-2, -3)
    assert take(fresh(), SCRATCH).penalty(pain="low") == 0  # a Scratch has no penalty to increase
    with pytest.raises(RuleError):
        hurt.penalty(pain="medium")


def test_incapacitated_cannot_act() -> None:
    assert not take(fresh(), INCAPACITATED).can_act()
    assert take(fresh(), VERY_HURT).can_act()


def test_scratch_cap_stops_scratches_at_very_hurt_but_not_other_wounds() -> None:
    rules = F95.with_options({"wounds.scratch_cap": True})
    track = take(fresh(rules), *[SCRATCH] * 10, rules=rules)
    assert track.worst == VERY_HURT
    assert take(track, HURT, rules=rules).worst == INCAPACITATED


def test_pawn_has_three_stages() -> None:
    rules = F95.with_options({"wounds.pawn_track": True})
    pawn = fresh(rules, role="npc")
    assert pawn.kind == "pawn"
    assert fresh(rules, role="pc").kind == "boxes"  # PCs keep the full track
    assert record_wound(pawn, SCRATCH, rules=rules).track == pawn
    assert take(pawn, NEAR_DEATH, rules=rules).worst == INCAPACITATED  # out of the battle, not dead
    counted = rules.with_options({"wounds.pawn_scratch": "hurt"})
    assert take(pawn, SCRATCH, rules=counted).worst == HURT


def test_level_names_are_accepted() -> None:
    assert wounds.check_wound_level("very hurt") == VERY_HURT
    for bad in (-1, 7, "Bruised", True, 2.0, None):
        with pytest.raises(RuleError):
            wounds.check_wound_level(bad)


# --- W-CAPACITY: Damage Capacity as the record (F95 4.52 no. 3, F95 4.57) ------------------------

CAP = F95.with_options({"wounds.record": "capacity"})


def test_capacity_record_needs_the_capacity() -> None:
    with pytest.raises(RuleError):
        WoundTrack.new(CAP)


def test_capacity_record_hurt_at_mediocre_very_hurt_at_poor() -> None:
    track = WoundTrack.new(CAP, capacity=ladder.FAIR)
    track = take(track, HURT, rules=CAP)
    assert (track.capacity, track.worst, track.penalty()) == (ladder.MEDIOCRE, HURT, -1)
    track = take(track, HURT, rules=CAP)
    assert (track.worst, track.penalty()) == (VERY_HURT, -2)
    track = take(track, HURT, rules=CAP)
    assert track.penalty() == -3  # Terrible: −3 to all actions
    assert take(track, HURT, rules=CAP).worst == INCAPACITATED  # below Terrible


def test_undamaged_mediocre_capacity_has_no_penalty_until_hit() -> None:
    track = WoundTrack.new(CAP, capacity=ladder.MEDIOCRE)
    assert track.penalty() == 0
    assert take(track, HURT, rules=CAP).penalty() == -2  # drops to Poor: −2


def test_three_scratches_equal_one_capacity_hit() -> None:
    track = take(WoundTrack.new(CAP, capacity=ladder.FAIR), SCRATCH, SCRATCH, rules=CAP)
    assert track.capacity == ladder.FAIR and track.worst == SCRATCH
    assert take(track, SCRATCH, rules=CAP).capacity == ladder.MEDIOCRE


def test_capacity_terrible_may_be_incapacitated_and_severe_hits_drop_more() -> None:
    rules = CAP.with_options({"wounds.capacity_terrible": "incapacitated", "wounds.capacity_per_hit": "by_severity"})
    track = take(WoundTrack.new(rules, capacity=ladder.FAIR), VERY_HURT, rules=rules)
    assert track.capacity == ladder.POOR  # Very Hurt: two levels
    assert take(track, HURT, rules=rules).worst == INCAPACITATED


# --- W-STUN ---------------------------------------------------------------------------------------

def test_scratch_in_stunning_attack_has_no_effect() -> None:
    assert record_stun(fresh(), SCRATCH, rules=F95).track == fresh()


def test_a_stun_that_marks_nothing_reports_no_box_and_leaves_the_wounds_as_they_were() -> None:
    """F95 4.62: a Scratch has no stun level, and a knocked-out fighter has no stun box left: the
    outcome marks no box (Undamaged) and the fighter's worst wound, Hurt, is the same before and after."""
    hurt = take(fresh(), HURT)
    knocked = hurt
    for _ in range(3):
        knocked = record_stun(knocked, HURT, rules=F95).track
    for track, level, why in ((hurt, SCRATCH, "no stun for a Scratch"), (knocked, HURT, "already knocked out")):
        out = record_stun(track, level, rules=F95)
        assert (out.box, out.level_asked, out.level_marked) == (None, level, UNDAMAGED)
        assert (out.worst_before, out.worst_after) == (HURT, HURT)
        assert why in out.steps[0].text


def test_stun_does_not_wound() -> None:
    track = record_stun(fresh(), VERY_HURT, rules=F95).track
    assert track.stun == wounds.VERY_STUNNED and track.worst == UNDAMAGED and track.penalty() == 0


def test_stun_with_no_open_stun_box_knocks_out() -> None:
    track = fresh()
    for expected in (wounds.STUNNED, wounds.VERY_STUNNED, wounds.KNOCKED_OUT):
        track = record_stun(track, HURT, rules=F95).track
        assert track.stun == expected
    assert not track.can_act() and track.worst == UNDAMAGED
    very = record_stun(fresh(), VERY_HURT, rules=F95).track
    assert record_stun(very, HURT, rules=F95).track.stun == wounds.VERY_STUNNED  # like Very Hurt, then Hurt
    assert record_stun(very, VERY_HURT, rules=F95).track.stun == wounds.KNOCKED_OUT


def test_stun_effects_differ_between_fudge_and_mudge() -> None:
    f = wounds.stun_effects(wounds.STUNNED, rules=F95)
    m = wounds.stun_effects(wounds.STUNNED, rules=MUD)
    assert (f.applies_to, f.penalty, f.can_attack) == ("defence", -1, False)
    assert (m.applies_to, m.penalty, m.section) == ("all", -1, "MUD 4.62")
    with pytest.raises(RuleError):
        wounds.stun_effects(4, rules=F95)


def test_pulled_punch_caps_only_above_the_declared_level() -> None:
    assert wounds.cap_pulled(HURT, VERY_HURT)[0] == HURT
    assert wounds.cap_pulled(NEAR_DEATH, SCRATCH)[0] == SCRATCH
    with pytest.raises(RuleError):
        wounds.cap_pulled(HURT, UNDAMAGED)


# --- W-PC-DEATH -----------------------------------------------------------------------------------

CAPPED = F95.with_options({"wounds.three_level_cap": True})


def test_three_level_cap_counts_overflow() -> None:
    # Hurt and Very Hurt boxes full (worst Very Hurt): a Hurt overflows to Incapacitated, within +3.
    track = take(fresh(), HURT, VERY_HURT)
    assert guard_wound(HURT, track=track, rules=CAPPED).level == HURT
    # Unwounded: a Dead blow is lowered to Very Hurt.
    assert guard_wound(DEAD, track=fresh(), rules=CAPPED).level == VERY_HURT


def test_near_death_allowed_when_round_began_incapacitated() -> None:
    rules = F95.with_options({"wounds.near_death_from_incapacitated": True})
    track = take(fresh(), INCAPACITATED)
    assert guard_wound(NEAR_DEATH, track=track, rules=rules, worst_at_round_start=INCAPACITATED).level == NEAR_DEATH
    assert guard_wound(DEAD, track=fresh(), rules=rules, worst_at_round_start=UNDAMAGED).level == INCAPACITATED


def test_a_lowered_wound_names_only_the_guard_in_force_when_both_limits_meet_at_incapacitated() -> None:
    # From a Scratch, three levels worse is Incapacitated, the same limit as F95 4.64's "no Near
    # Death unless Incapacitated": the step names only the guard the ruleset has on.
    scratched = take(fresh(), SCRATCH)
    near = F95.with_options({"wounds.near_death_from_incapacitated": True})
    only_near = guard_wound(NEAR_DEATH, track=scratched, rules=near)
    assert only_near.level == INCAPACITATED
    assert [s.text for s in only_near.steps] == [
        "Near Death lowered to Incapacitated: no Near Death unless Incapacitated at the start of the round."]
    only_cap = guard_wound(DEAD, track=scratched, rules=CAPPED)
    assert only_cap.level == INCAPACITATED
    assert [s.text for s in only_cap.steps] == [
        "Dead lowered to Incapacitated: at most three levels in one blow (from Scratch)."]


def test_major_npcs_are_protected_only_when_the_gm_says_so() -> None:
    assert guard_wound(DEAD, track=fresh(), rules=CAPPED, role="major_npc").level == DEAD
    rules = CAPPED.with_options({"wounds.guard_major_npcs": True})
    assert guard_wound(DEAD, track=fresh(), rules=rules, role="major_npc").level == VERY_HURT
    with pytest.raises(RuleError):
        guard_wound(DEAD, track=fresh(), rules=rules, role="boss")


def test_with_major_npcs_guarded_a_plain_npc_still_dies() -> None:
    # F95 4.64's guards are the PCs'; the GM's option extends them to major NPCs only.
    rules = CAPPED.with_options({"wounds.guard_major_npcs": True})
    assert not wounds.is_protected("npc", rules=rules) and wounds.is_protected("major_npc", rules=rules)
    assert guard_wound(DEAD, track=fresh(), rules=rules, role="npc").level == DEAD


def test_fudge_point_rules() -> None:
    rules = F95.with_options({"wounds.points": "fudge"})
    assert guard_wound(DEAD, track=fresh(), rules=rules, points_spent=1).level == VERY_HURT
    for level, points, role in ((INCAPACITATED, 1, "pc"), (DEAD, 2, "pc"), (DEAD, 1, "npc")):
        with pytest.raises(RuleError):
            guard_wound(level, track=fresh(), rules=rules, role=role, points_spent=points)
    with pytest.raises(RuleError):  # no points in plain F95
        guard_wound(DEAD, track=fresh(), rules=F95, points_spent=1)


def test_meta_points_lower_one_level_each_at_most_three() -> None:
    assert guard_wound(HURT, track=fresh(MUD), rules=MUD, role="npc", points_spent=2).level == UNDAMAGED
    with pytest.raises(RuleError):
        guard_wound(SCRATCH, track=fresh(MUD), rules=MUD, points_spent=2)
    with pytest.raises(RuleError):
        guard_wound(DEAD, track=fresh(MUD), rules=MUD, points_spent=4)


def test_automatic_death_takes_precedence() -> None:
    rules = CAPPED.with_options({"wounds.points": "fudge"})
    assert guard_wound(DEAD, track=fresh(), rules=rules, automatic=True).level == DEAD
    with pytest.raises(RuleError):
        guard_wound(DEAD, track=fresh(), rules=rules, automatic=True, points_spent=1)


# --- CO-TRACK -------------------------------------------------------------------------------------

CO = F95.with_options({"co.track": True})


def test_alternate_track_fills_from_terrible_and_reads_level_over_rightmost_box() -> None:
    track = fresh(CO)
    assert track.kind == "co" and track.co_level is None and track.worst == UNDAMAGED
    out = record_wound(track, HURT, rules=CO, points=5)
    assert out.track.co_level == ladder.MEDIOCRE and out.track.co_marked == 5
    assert out.track.sheet().split()[:6] == ["X"] * 5 + ["O"]
    assert out.track.worst == SCRATCH  # Mediocre reads as Scratch (CO 4.2.1)
    assert record_wound(out.track, HURT, rules=CO, points=4).track.co_level == ladder.GOOD


def test_alternate_track_needs_points_and_full_track_kills() -> None:
    with pytest.raises(RuleError):
        record_wound(fresh(CO), HURT, rules=CO)
    out = record_wound(fresh(CO), HURT, rules=CO, points=17)
    assert out.track.dead and out.worst_after == DEAD


def test_alternate_track_boxes_may_not_have_gaps() -> None:
    data = fresh(CO).to_dict()
    data["marks"][1] = [1, 0]
    with pytest.raises(RuleError):
        WoundTrack.from_dict(data)


# --- CO-DAMAGE-CHECK --------------------------------------------------------------------------------

DC = F95.with_options({"co.damage_check": True})


def test_failed_damage_check_drops_the_fighter_and_penalties_apply() -> None:
    track = take(fresh(DC), VERY_HURT, rules=DC)
    out = wounds.damage_check(track, capacity=ladder.FAIR, faces=[0, 0, 0, 0], rules=DC)
    assert out.difficulty == ladder.GOOD and not out.success
    assert out.track.dropped and not out.track.can_act() and out.track.penalty() == -2


def test_shrugged_off_wound_has_no_penalty() -> None:
    track = take(fresh(DC), VERY_HURT, rules=DC)
    out = wounds.damage_check(track, capacity=ladder.GOOD, faces=[0, 0, 0, 0], rules=DC)
    assert out.success and out.track.penalty() == 0 and out.track.can_act()


def test_damage_check_criticals_offer_the_gms_menu() -> None:
    track = take(fresh(DC), HURT, rules=DC)
    high = wounds.damage_check(track, capacity=ladder.FAIR, faces=[1, 1, 1, 1], rules=DC)
    low = wounds.damage_check(track, capacity=ladder.FAIR, faces=[-1] * 4, rules=DC)
    assert high.critical == "success" and high.suggestions == wounds.CRITICAL_SUCCESS
    assert low.critical == "failure" and low.suggestions == wounds.CRITICAL_FAILURE


def test_damage_check_reads_the_alternate_track_directly() -> None:
    rules = CO.with_options({"co.damage_check": True})
    track = record_wound(fresh(rules), HURT, rules=rules, points=7).track  # Fair
    assert wounds.check_difficulty(track) == ladder.FAIR


def test_recovery_needs_option_wait_and_applies_penalties() -> None:
    track = take(fresh(DC), VERY_HURT, rules=DC)
    down = wounds.damage_check(track, capacity=ladder.FAIR, faces=[0, 0, 0, 0], rules=DC).track
    with pytest.raises(RuleError):
        wounds.damage_check(down, capacity=ladder.FAIR, faces=[1, 1, 0, 0], rules=DC, recovering=True)
    rules = DC.with_options({"co.recovery": True})
    with pytest.raises(RuleError):
        wounds.damage_check(down, capacity=ladder.FAIR, faces=[1, 1, 1, 0], rules=rules, recovering=True,
                            rounds_out=2, damage_points=5)
    out = wounds.damage_check(down, capacity=ladder.FAIR, faces=[1, 1, 1, 0], rules=rules, recovering=True,
                              rounds_out=5, damage_points=5)
    assert out.modifier == -2 and out.result == ladder.GOOD  # Fair +3 −2 (Very Hurt) = Good
    assert out.success and out.track.can_act()
    assert out.track.penalty() == -2  # back in, with the wound penalties


def test_damage_check_refused_when_off_or_undamaged() -> None:
    with pytest.raises(RuleError):
        wounds.damage_check(take(fresh(), HURT), capacity=0, faces=[0] * 4, rules=F95)
    with pytest.raises(RuleError):
        wounds.damage_check(fresh(DC), capacity=0, faces=[0] * 4, rules=DC)
    with pytest.raises(FudgeError):
        wounds.damage_check(take(fresh(DC), HURT, rules=DC), capacity=0, faces=[2, 0, 0, 0], rules=DC)


# --- JSON ------------------------------------------------------------------------------------------

def test_from_dict_refuses_bad_tracks() -> None:
    good = take(fresh(), HURT).to_dict()
    for change in ({"colour": 1}, {"kind": "hex"}, {"marks": [[0, 0, 0], [5], [0], [0], [0]]},
                   {"marks": [[0, 0, 0], [True], [0], [0], [0]]}, {"dead": 9}, {"knocked_out": 1},
                   {"marks": [[0, 0, 0]]}, {"shrugged": True, "dropped": True}):
        with pytest.raises(RuleError):
            WoundTrack.from_dict({**good, **change})
    with pytest.raises(RuleError):
        WoundTrack.from_dict([])


def test_record_outcome_to_dict_is_json() -> None:
    out = record_wound(take(fresh(), VERY_HURT, HURT), HURT, rules=F95)
    data = json.loads(json.dumps(out.to_dict()))
    assert data["box"] == [INCAPACITATED, 0] and data["worst_after_name"] == "Incapacitated"


# --- properties --------------------------------------------------------------------------------------

RULESETS = st.sampled_from([
    F95, MUD, F95.with_options({"wounds.scratch_cap": True}), F95.with_options({"wounds.track": "epic"}),
    F95.with_options({"wounds.pawn_track": True}), CAP, CO,
])
LEVELS = st.integers(min_value=UNDAMAGED, max_value=DEAD)


def build(rules, levels, points):
    track = WoundTrack.new(rules, role="npc", capacity=ladder.GOOD if rules["wounds.record"] == "capacity" else None)
    for level, p in zip(levels, points):
        track = record_wound(track, level, rules=rules, points=p).track
    return track


@settings(max_examples=150, deadline=None)
@given(RULESETS, st.lists(LEVELS, max_size=12), st.lists(st.integers(0, 6), min_size=12, max_size=12))
def test_hits_never_lighten_a_track_and_replay_is_identical(rules, levels, points) -> None:
    track = WoundTrack.new(rules, role="npc", capacity=ladder.GOOD if rules["wounds.record"] == "capacity" else None)
    for level, p in zip(levels, points):
        out = record_wound(track, level, rules=rules, points=p)
        assert out.worst_after >= out.worst_before
        assert out.track.worst >= track.worst
        assert len(out.track.marked_wounds()) <= len(track.marked_wounds()) + 1
        track = out.track
    assert build(rules, levels, points) == track
    assert WoundTrack.from_dict(json.loads(json.dumps(track.to_dict()))) == track


@at_least(0.5)
@settings(max_examples=150, deadline=None)
@given(RULESETS, st.lists(LEVELS, max_size=8), LEVELS, st.sampled_from(wound_levels.ROLES), LEVELS,
       # Half the time no points spent (always allowed), so the guard is checked on most examples.
       st.booleans().flatmap(lambda none: st.just(0) if none else st.integers(0, 4)),
       st.booleans(), st.booleans(), st.sampled_from(["none", "fudge", "meta"]))
def test_guard_gives_an_outcome_or_a_fudge_error_and_never_raises_a_wound(
        base, history, level, role, start, points, cap, nd, mode) -> None:
    rules = base.with_options({"wounds.three_level_cap": cap, "wounds.near_death_from_incapacitated": nd,
                               "wounds.points": mode})
    track = build(rules, history, [1] * len(history))
    try:
        out = guard_wound(level, track=track, rules=rules, role=role, worst_at_round_start=start,
                          points_spent=points)
    except FudgeError:
        refused()
        return
    checked()
    assert out.level <= level
    if cap and wounds.is_protected(role, rules=rules) and track.kind != "co":
        assert record_wound(track, out.level, rules=rules, points=1).worst_after <= track.worst + 3


@settings(max_examples=100, deadline=None)
@given(st.lists(LEVELS, max_size=8), st.sampled_from([F95, MUD]))
def test_stuns_never_wound_and_accumulate(levels, rules) -> None:
    track = fresh(rules)
    for level in levels:
        out = record_stun(track, level, rules=rules)
        assert out.track.stun >= track.stun and out.track.worst == UNDAMAGED
        track = out.track
    assert WoundTrack.from_dict(track.to_dict()) == track


# --- W-LEVELS: the GM's level names and penalties; W-CAPACITY: Willpower ------------------------------

def test_custom_level_penalties_light_wound_bothers_only_after_combat() -> None:
    table = [dict(e) for e in wound_options.STANDARD_LEVELS]
    table[1] = {"name": "Light Wound", "penalty": 0, "after_combat": -1}
    table[2] = {"name": "Severe Wound", "penalty": -3, "after_combat": -3}
    rules = F95.with_options({"wounds.levels": table})
    light = take(fresh(rules), HURT, rules=rules)
    assert light.penalty(rules=rules) == 0 and light.penalty(rules=rules, in_combat=False) == -1
    assert take(fresh(rules), VERY_HURT, rules=rules).penalty(rules=rules, pain="high") == -2
    with pytest.raises(OptionError):
        F95.with_options({"wounds.levels": table[:4]})
    with pytest.raises(OptionError):
        F95.with_options({"wounds.levels": [{**table[0], "penalty": 1}] + table[1:]})


WILL = F95.with_options({"wounds.willpower": "permanent"})


def test_willpower_roll_adjusts_a_wound_level() -> None:
    assert wounds.willpower_adjust(VERY_HURT, ladder.GREAT, rules=WILL).level == HURT
    assert wounds.willpower_adjust(VERY_HURT, ladder.GOOD, rules=WILL).level == VERY_HURT
    assert wounds.willpower_adjust(VERY_HURT, ladder.POOR, rules=WILL).level == INCAPACITATED
    assert wounds.willpower_adjust(DEAD, ladder.SUPERB, rules=WILL).level == DEAD
    with pytest.raises(RuleError):
        wounds.willpower_adjust(HURT, ladder.GREAT, rules=F95)


def test_temporary_willpower_lasts_until_the_battle_is_over() -> None:
    from pyfudge.rules import healing

    rules = F95.with_options({"wounds.willpower": "temporary"})
    adj = wounds.willpower_adjust(VERY_HURT, ladder.GREAT, rules=rules)
    track = record_wound(fresh(rules), adj.level, rules=rules, true_level=adj.level_asked).track
    assert track.worst == HURT and track.deferred == ((HURT, VERY_HURT),)
    assert WoundTrack.from_dict(json.loads(json.dumps(track.to_dict()))) == track
    after = healing.end_of_battle(track, rules=rules).track
    assert after.worst == VERY_HURT and after.deferred == ()


def test_good_head_blow_knocks_out_only_when_it_wins() -> None:
    rules = F95.with_options({"wounds.head_knockout": True})
    assert wounds.head_blow(fresh(), ladder.GOOD, won=True, rules=rules).track.stun == wounds.KNOCKED_OUT
    assert wounds.head_blow(fresh(), ladder.GREAT, won=False, rules=rules).track == fresh()
    assert wounds.head_blow(fresh(), ladder.FAIR, won=True, rules=rules).track == fresh()
    with pytest.raises(RuleError):
        wounds.head_blow(fresh(), ladder.GOOD, won=True, rules=F95)


def test_a_head_blow_that_knocks_no_one_out_marks_no_wound_on_a_hurt_fighter() -> None:
    # F95 4.62: only the knockout is the head blow's own; the wound is the blow's, recorded apart.
    rules = F95.with_options({"wounds.head_knockout": True})
    hurt = record_wound(fresh(rules), HURT, rules=rules).track
    for result, won in ((ladder.FAIR, True), (ladder.GREAT, False)):
        out = wounds.head_blow(hurt, result, won=won, rules=rules)
        assert out.track == hurt and out.box is None
        assert (out.level_asked, out.level_marked) == (UNDAMAGED, UNDAMAGED)
        assert (out.worst_before, out.worst_after) == (HURT, HURT)


def test_level_label_follows_the_gms_names() -> None:
    table = [dict(e) for e in wound_options.STANDARD_LEVELS]
    table[1]["name"] = "Light Wound"
    rules = F95.with_options({"wounds.levels": table})
    assert wound_levels.level_label(HURT, rules=rules) == "Light Wound"
    assert wound_levels.level_label(DEAD, rules=rules) == "Dead"


def test_alternate_track_penalty_and_incapacity_read_through_co_4_2_1() -> None:
    fair = record_wound(fresh(CO), HURT, rules=CO, points=7).track
    assert fair.worst == HURT and fair.penalty() == -1
    great = record_wound(fresh(CO), HURT, rules=CO, points=11).track
    assert great.co_level == ladder.GREAT and not great.can_act()


def test_capped_scratch_may_fill_a_box_that_does_not_raise_the_level() -> None:
    rules = F95.with_options({"wounds.scratch_cap": True})
    track = take(fresh(rules), SCRATCH, SCRATCH, SCRATCH, HURT, VERY_HURT, NEAR_DEATH, rules=rules)
    out = record_wound(track, SCRATCH, rules=rules)
    assert out.box == (INCAPACITATED, 0) and out.worst_after == NEAR_DEATH


def test_steps_cite_mudge_under_the_mudge_preset() -> None:
    out = record_wound(fresh(MUD), HURT, rules=MUD)
    assert {s.section for s in out.steps} == {"MUD 4.57"}


def test_view_is_json_and_uses_the_gms_names() -> None:
    table = [dict(e) for e in wound_options.STANDARD_LEVELS]
    table[1]["name"] = "Light Wound"
    rules = F95.with_options({"wounds.levels": table})
    view = take(fresh(rules), HURT, rules=rules).view(rules=rules)
    assert json.loads(json.dumps(view))["worst_name"] == "Light Wound"
    assert [r["name"] for r in view["rows"]][1] == "Light Wound" and view["penalty"] == -1
    pawn_rules = F95.with_options({"wounds.pawn_track": True})
    pawn = fresh(pawn_rules, role="npc").view(rules=pawn_rules)
    assert [r["name"] for r in pawn["rows"]] == ["Hurt", "Out of the Battle"]
    assert len(fresh(CO).view(rules=CO)["rows"]) == 8
