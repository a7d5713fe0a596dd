"""Healing (F95 4.8, MUD 4.8) and recovery on the alternate track (CO 3.2)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyfudge.core import ladder
from pyfudge.core.errors import FudgeError, OptionError, RuleError
from pyfudge.rules import healing, wounds
from pyfudge.rules.wounds import (
    DEAD,
    HURT,
    INCAPACITATED,
    NEAR_DEATH,
    SCRATCH,
    UNDAMAGED,
    VERY_HURT,
    WoundTrack,
    record_stun,
    record_wound,
)
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
CO = F95.with_options({"co.track": True})


def take(track: WoundTrack, *levels: int, rules=F95) -> WoundTrack:
    for level in levels:
        track = record_wound(track, level, rules=rules).track
    return track


def fresh(rules=F95, **kw) -> WoundTrack:
    return WoundTrack.new(rules, **kw)


# --- W-HEALING ------------------------------------------------------------------------------------

def test_healing_result_below_good_heals_nothing() -> None:
    track = take(fresh(), HURT)
    out = healing.heal(track, ladder.FAIR, rules=F95)
    assert out.track == track and "nothing" in out.steps[0].text


def test_good_great_superb_heal_one_two_three_levels() -> None:
    track = take(fresh(), NEAR_DEATH)
    assert healing.heal(track, ladder.GOOD, rules=F95).track.worst == INCAPACITATED
    assert healing.heal(track, ladder.GREAT, rules=F95).track.worst == VERY_HURT
    assert healing.heal(track, ladder.SUPERB, rules=F95).track.worst == HURT
    assert healing.heal(track, ladder.SUPERB + 2, rules=F95).track.worst == HURT  # better heals as Superb


def test_hurt_healed_one_level_is_fully_healed_because_scratches_are_no_level() -> None:
    """F95 4.8: "Scratches do not count as a level for healing purposes. That is, a Hurt wound
    that is healed one level is fully healed." Read box by box: every recorded wound is lowered by
    its own severity, and anything that would land on Scratch is healed."""
    out = healing.heal(take(fresh(), HURT, SCRATCH), ladder.GOOD, rules=F95)
    assert out.track == fresh() and out.after == ()


def test_h_box_heals_as_the_hurt_it_was() -> None:
    """F95 4.57: the H under Incapacitated is, "for healing (and scarring) purposes", a Hurt."""
    track = take(fresh(), VERY_HURT, HURT, HURT)  # Hurt, Very Hurt, H under Incapacitated
    assert track.worst == INCAPACITATED
    out = healing.heal(track, ladder.GOOD, rules=F95)
    assert out.track.marked_wounds() == [HURT] and out.track.worst == HURT


def test_incapacitating_blow_heals_slower_than_an_h() -> None:
    real = take(fresh(), INCAPACITATED)
    assert healing.heal(real, ladder.GOOD, rules=F95).track.worst == VERY_HURT


def test_healing_levels_table_is_editable_and_validated() -> None:
    rules = F95.with_options({"healing.levels": [0, 1, 2]})
    assert healing.heal(take(fresh(rules), HURT, rules=rules), ladder.GOOD, rules=rules).track.worst == HURT
    for bad in ([1, 2], [1, 2, 9], ["1", 2, 3]):
        with pytest.raises(OptionError):
            F95.with_options({"healing.levels": bad})


def test_dead_and_alternate_tracks_are_not_healed_by_heal() -> None:
    with pytest.raises(RuleError):
        healing.heal(take(fresh(), DEAD), ladder.SUPERB, rules=F95)
    with pytest.raises(RuleError):
        healing.heal(fresh(CO), ladder.SUPERB, rules=CO)
    with pytest.raises(FudgeError):
        healing.heal(fresh(), "Good", rules=F95)


def test_capacity_record_heals_up_to_its_undamaged_level_only() -> None:
    rules = F95.with_options({"wounds.record": "capacity"})
    track = take(fresh(rules, capacity=ladder.GOOD), HURT, HURT, rules=rules)
    assert track.capacity == ladder.MEDIOCRE
    assert healing.heal(track, ladder.SUPERB, rules=rules).track.capacity == ladder.GOOD


# --- after the battle -------------------------------------------------------------------------------

def test_scratches_are_erased_after_battle_even_one_that_overflowed() -> None:
    """F95 4.8 + 4.57: the fourth Scratch sits in the Hurt box but is still a Scratch for healing,
    so it is erased with the others after the battle."""
    track = take(fresh(), SCRATCH, SCRATCH, SCRATCH, SCRATCH, VERY_HURT)
    assert track.worst == VERY_HURT
    out = healing.end_of_battle(track, rules=F95)
    assert out.track.marked_wounds() == [VERY_HURT] and out.track.sheet() == "O O O O X O O"


def test_scratches_may_linger() -> None:
    rules = F95.with_options({"healing.scratches_after_battle": False})
    track = take(fresh(rules), SCRATCH, rules=rules)
    assert healing.end_of_battle(track, rules=rules).track == track


def test_a_wound_willpower_held_at_a_scratch_stays_whole_when_the_scratches_are_cleared() -> None:
    """F95 4.52 no. 4: Willpower holds a Hurt at a Scratch "until the battle is over". Clearing
    the Scratches in the battle (F95 4.8) takes that Scratch away but heals no Hurt: at the
    battle's end the wound counts in full, though its Scratch is no longer marked."""
    rules = F95.with_options({"wounds.willpower": "temporary"})
    held = record_wound(fresh(rules), SCRATCH, rules=rules, true_level=HURT).track
    cleared = healing.clear_scratches(held, rules=rules).track
    assert cleared.marked_wounds() == [] and cleared.deferred == ((SCRATCH, HURT),)
    out = healing.end_of_battle(cleared, rules=rules)
    assert out.track.marked_wounds() == [HURT] and out.track.deferred == ()
    assert out.after == (HURT,) and out.worst_after == HURT


def test_stuns_clear_after_battle_but_a_knockout_needs_time() -> None:
    stunned = record_stun(fresh(), HURT, rules=F95).track
    assert healing.end_of_battle(stunned, rules=F95).track.stun == wounds.NO_STUN
    out = record_stun(fresh(), INCAPACITATED, rules=F95).track
    after = healing.end_of_battle(out, rules=F95).track
    assert after.stun == wounds.KNOCKED_OUT
    assert healing.wake(after).stun == wounds.NO_STUN


def test_after_battle_shrugged_wounds_count_again() -> None:
    rules = F95.with_options({"co.damage_check": True})
    track = take(fresh(rules), HURT, rules=rules)
    shrugged = wounds.damage_check(track, capacity=ladder.GOOD, faces=[0] * 4, rules=rules).track
    assert shrugged.penalty() == 0
    assert healing.end_of_battle(shrugged, rules=rules).track.penalty() == -1


# --- natural healing (F95 4.8, MUD 4.8) -------------------------------------------------------------------

def test_natural_healing_is_off_under_the_1993_draft() -> None:
    # F95 4.8 and MUD 4.8 both give it (test_book_readings.py); our F93 text has no healing section.
    f93 = find_ruleset("fudge1993")
    with pytest.raises(RuleError):
        healing.natural_healing(take(fresh(f93), HURT, rules=f93), rules=f93)


def test_natural_healing_one_level_a_week() -> None:
    track = take(fresh(MUD), INCAPACITATED, rules=MUD)
    out = healing.natural_healing(track, rules=MUD, weeks=3)
    assert out.track.worst == UNDAMAGED
    assert [s.data.get("worst") for s in out.steps if "worst" in s.data] == [VERY_HURT, HURT, UNDAMAGED]


def test_natural_healing_constitution_rolls_by_wound_level() -> None:
    rules = MUD.with_options({"healing.natural_roll": True})
    track = take(fresh(rules), INCAPACITATED, rules=rules)
    out = healing.natural_healing(track, rules=rules, weeks=3, rolls=[ladder.GOOD, ladder.GREAT, ladder.GOOD])
    # Good < Great (Incapacitated): no healing; Great ≥ Great: Very Hurt; Good ≥ Good: Hurt.
    assert out.track.worst == HURT
    with pytest.raises(RuleError):
        healing.natural_healing(track, rules=rules, weeks=2, rolls=[ladder.GOOD])
    with pytest.raises(RuleError):
        healing.natural_healing(track, rules=MUD, rolls=[ladder.GOOD])


def test_near_death_does_not_heal_on_its_own() -> None:
    """MUD 4.51: "No one recovers from Near Death on their own unless very, very lucky" (F95 4.51
    says "very lucky"): weeks of rest leave it, and each week says so under the book in force."""
    track = take(fresh(MUD), NEAR_DEATH, rules=MUD)
    out = healing.natural_healing(track, rules=MUD, weeks=2)
    assert out.track == track
    assert [(s.section, s.text) for s in out.steps] == [
        ("MUD 4.51", "Week 1: no one recovers from Near Death on their own."),
        ("MUD 4.51", "Week 2: no one recovers from Near Death on their own.")]
    assert {s.section for s in healing.natural_healing(take(fresh(), NEAR_DEATH), rules=F95).steps} == {"F95 4.51"}


# --- CO 3.2 ----------------------------------------------------------------------------------------

def test_alternate_track_healing_check_against_wound_level() -> None:
    track = record_wound(fresh(CO), HURT, rules=CO, points=7).track  # Fair
    assert healing.heal_co(track, ladder.FAIR, rules=CO).track == track  # bare success: 0 × 1 box
    out = healing.heal_co(track, ladder.SUPERB, rules=CO)  # +3 degrees
    assert out.track.co_marked == 4 and out.track.co_level == ladder.POOR
    assert healing.heal_co(track, ladder.POOR, rules=CO).track == track


def test_alternate_track_failure_may_hurt() -> None:
    rules = CO.with_options({"co.heal_failure_hurts": True, "co.heal_per_degree": 2})
    track = record_wound(fresh(rules), HURT, rules=rules, points=7).track
    assert healing.heal_co(track, ladder.POOR, rules=rules).track.co_marked == 9
    assert healing.heal_co(track, ladder.GOOD, rules=rules).track.co_marked == 5


def test_a_failed_treatment_marks_no_more_boxes_than_are_left() -> None:
    """CO 3.2 with ``co.heal_failure_hurts``: a failure marks a box per degree, as many as the
    track has open; the text and data say how many were marked."""
    rules = CO.with_options({"co.heal_failure_hurts": True})
    track = record_wound(fresh(rules), HURT, rules=rules, points=15).track  # 15 of 16 boxes
    out = healing.heal_co(track, ladder.TERRIBLE, rules=rules)  # fails by 7
    assert out.track.co_marked == 16
    assert out.steps[0].text.endswith("fails by 7: 1 more box(es) marked.")
    assert out.steps[0].data["change"] == 1 and out.steps[0].data["marked"] == 16


def test_heal_co_only_for_the_alternate_track() -> None:
    with pytest.raises(RuleError):
        healing.heal_co(take(fresh(), HURT), ladder.GOOD, rules=F95)


def test_heal_outcome_to_dict_is_json() -> None:
    out = healing.heal(take(fresh(), VERY_HURT, HURT), ladder.GOOD, rules=F95)
    data = json.loads(json.dumps(out.to_dict()))
    assert data["worst_after_name"] == "Hurt" and data["steps"][0]["section"] == "F95 4.8"


# --- properties ------------------------------------------------------------------------------------

RULESETS = st.sampled_from([
    F95, MUD, F95.with_options({"wounds.track": "cinematic"}), F95.with_options({"wounds.pawn_track": True}),
    F95.with_options({"wounds.scratch_cap": True}), F95.with_options({"wounds.record": "capacity"}),
])
WOUNDS = st.lists(st.integers(SCRATCH, NEAR_DEATH), max_size=10)


def built(rules, levels):
    track = WoundTrack.new(rules, role="npc", capacity=ladder.FAIR if rules["wounds.record"] == "capacity" else None)
    return take(track, *levels, rules=rules)


def not_worse(before: WoundTrack, after: WoundTrack) -> None:
    assert after.worst <= before.worst
    assert after.can_act() or not before.can_act()
    if after.worst == before.worst:
        assert after.penalty() >= before.penalty()
    old, new = before.marked_wounds(), after.marked_wounds()
    assert len(new) <= len(old)
    assert all(n <= o for n, o in zip(new, old))  # heaviest first: each wound no heavier


@settings(max_examples=150, deadline=None)
@given(RULESETS, WOUNDS, st.integers(-4, 6))
def test_healing_never_worsens_a_track(rules, levels, result) -> None:
    track = built(rules, levels)
    if track.dead:
        return
    out = healing.heal(track, result, rules=rules)
    not_worse(track, out.track)
    assert out.worst_after <= out.worst_before
    assert WoundTrack.from_dict(json.loads(json.dumps(out.track.to_dict()))) == out.track
    assert healing.heal(track, result, rules=rules) == out  # replay


@settings(max_examples=150, deadline=None)
@given(RULESETS, WOUNDS)
def test_end_of_battle_never_worsens_a_track(rules, levels) -> None:
    track = built(rules, levels)
    not_worse(track, healing.end_of_battle(track, rules=rules).track)


@settings(max_examples=100, deadline=None)
@given(WOUNDS, st.integers(1, 5))
def test_natural_healing_never_worsens_a_track(levels, weeks) -> None:
    track = built(MUD, levels)
    if track.dead:
        return
    not_worse(track, healing.natural_healing(track, rules=MUD, weeks=weeks).track)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 16), st.integers(-4, 8), st.integers(1, 3))
def test_heal_co_never_worsens_without_the_failure_option(points, result, per) -> None:
    rules = CO.with_options({"co.heal_per_degree": per})
    track = record_wound(fresh(rules), HURT, rules=rules, points=points).track
    out = healing.heal_co(track, result, rules=rules)
    assert out.track.co_marked <= track.co_marked


# --- the healing table's bounds (F95 4.8) ----------------------------------------------------------

def test_healing_levels_table_takes_three_entries_from_zero_to_five_each() -> None:
    """healing.levels is the Good, Great and Superb row of F95 4.8: exactly three whole numbers,
    each 0 to 5. The edges are accepted; one past them is refused, naming the entry at fault."""
    assert F95.with_options({"healing.levels": [0, 0, 0]})["healing.levels"] == [0, 0, 0]
    assert F95.with_options({"healing.levels": [5, 5, 5]})["healing.levels"] == [5, 5, 5]
    refused = {
        "two": ([1, 2], "options.healing.levels", "must have 3 to 3 entries, not 2."),
        "four": ([1, 2, 3, 3], "options.healing.levels", "must have 3 to 3 entries, not 4."),
        "not a list": ("123", "options.healing.levels", "must be a list, not str."),
        "below": ([1, -1, 2], "options.healing.levels[1]", "must be a whole number from 0 to 5, not -1."),
        "above": ([1, 2, 6], "options.healing.levels[2]", "must be a whole number from 0 to 5, not 6."),
        "text": (["1", 2, 3], "options.healing.levels[0]", "must be a whole number from 0 to 5, not '1'."),
    }
    for name, (bad, field, tail) in refused.items():
        with pytest.raises(OptionError) as err:
            F95.with_options({"healing.levels": bad})
        assert err.value.field == field, name
        assert err.value.message == f"{field} {tail}", name


def test_natural_healing_weeks_run_from_one_to_fifty_two_and_default_to_one() -> None:
    """F95 4.8: a level per week of rest; a call names 1 to 52 weeks, one when it names none."""
    track = take(fresh(MUD), NEAR_DEATH, INCAPACITATED, rules=MUD)
    assert len(healing.natural_healing(track, rules=MUD).steps) == 1
    assert len(healing.natural_healing(track, rules=MUD, weeks=52).steps) == 52
    for bad in (0, 53, -1, True, 2.0, "3", None):
        with pytest.raises(RuleError) as err:
            healing.natural_healing(track, rules=MUD, weeks=bad)
        assert err.value.field == "weeks" and err.value.message == f"weeks must be 1 to 52, not {bad!r}."


def test_wake_clears_only_the_knockout() -> None:
    """F95 4.62: a knockout "doesn't need healing ... just time": waking leaves the wounds."""
    out = record_stun(take(fresh(), HURT), INCAPACITATED, rules=F95).track
    woken = healing.wake(out)
    assert woken.knocked_out is False and woken.stun == wounds.NO_STUN
    assert woken.marks == out.marks and woken.stun_marks == out.stun_marks


def test_a_wound_that_overflowed_heals_on_its_own_as_the_wound_it_was():
    """F95 4.57: a Hurt that overflowed into a higher box is recorded "H" there, and "for healing
    (and scarring) purposes, he has only received ... Hurt wounds". A Hurt that overflowed into
    the Near Death box is no Near Death wound (F95 4.51): a week of rest heals it, against the
    Constitution his worst wound as received asks (F95 4.8: Great for an Incapacitating one)."""
    track = wounds.WoundTrack.new(F95)
    for level in (wounds.HURT, wounds.VERY_HURT, wounds.INCAPACITATED, wounds.HURT):
        track = wounds.record_wound(track, level, rules=F95).track
    assert track.worst == wounds.NEAR_DEATH and max(track.marked_wounds()) == wounds.INCAPACITATED
    rested = healing.natural_healing(track, rules=F95)
    assert rested.track.marked_wounds() == [wounds.VERY_HURT, wounds.HURT]
    rolled = find_ruleset("fudge1995", healing__natural_roll=True)
    failed = healing.natural_healing(track, rules=rolled, rolls=[ladder.GOOD])
    assert failed.track == track and failed.steps[0].data["difficulty"] == ladder.GREAT
    assert healing.natural_healing(track, rules=rolled, rolls=[ladder.GREAT]).track == rested.track


# --- temporary Willpower under Damage Capacity and CO's track (F95 4.52 no. 4) ---------------------

TEMP_CAP = F95.with_options({"wounds.willpower": "temporary", "wounds.record": "capacity",
                             "healing.scratches_after_battle": False})
TEMP_CO = CO.with_options({"wounds.willpower": "temporary"})


def held(track: WoundTrack, level: int, true: int, rules=TEMP_CAP, **points) -> WoundTrack:
    """A wound Willpower changed "until the battle is over": ``level`` recorded, ``true`` kept."""
    return record_wound(track, level, rules=rules, true_level=true, **points).track


def capacity(rules=TEMP_CAP, start=ladder.GOOD) -> WoundTrack:
    return fresh(rules, capacity=start)


@pytest.mark.parametrize("per_hit, during, after", [("one", ladder.FAIR, ladder.FAIR),
                                                    ("by_severity", ladder.FAIR, ladder.MEDIOCRE)])
def test_damage_capacity_drops_for_the_wound_willpower_held_back_when_the_battle_ends(per_hit, during, after):
    """F95 4.52 no. 4: Great Willpower holds a Very Hurt at Hurt until the battle is over; F95 4.57:
    a hit lowers Damage Capacity one level, or a level per wound level above a Scratch. At the end
    the Very Hurt counts in full: one level more by severity, none more at one level a hit."""
    rules = TEMP_CAP.with_options({"wounds.capacity_per_hit": per_hit})
    track = held(capacity(rules), HURT, VERY_HURT, rules=rules)
    assert track.capacity == during and track.deferred == ((HURT, VERY_HURT),)
    out = healing.end_of_battle(track, rules=rules)
    assert out.track.capacity == after and out.track.deferred == ()
    assert out.steps[0].data == {"deferred": [[HURT, VERY_HURT]], "capacity": after, "scratches": 0, "dead": 0}


def test_damage_capacity_rises_back_when_willpower_made_the_wound_worse_for_the_battle():
    """A Poor Willpower roll makes a Hurt Incapacitated until the battle is over: by severity the
    record loses three levels (Good to Poor), the true Hurt one (Good to Fair)."""
    rules = TEMP_CAP.with_options({"wounds.capacity_per_hit": "by_severity"})
    track = held(capacity(rules), INCAPACITATED, HURT, rules=rules)
    assert track.capacity == ladder.POOR
    out = healing.end_of_battle(track, rules=rules)
    assert out.track.capacity == ladder.FAIR and out.worst_after == SCRATCH
    assert "Damage Capacity Poor becomes Fair, 0 Scratch(es)" in out.steps[0].text


def test_a_hurt_held_at_a_scratch_counts_as_the_hurt_and_gives_its_scratch_back_when_the_battle_ends():
    """F95 4.57: three Scratches equal one hit. Willpower holds a Hurt at a Scratch: it counts
    toward a level but lowers nothing; at the end the Hurt lowers a level and the Scratch is gone."""
    track = held(take(capacity(), SCRATCH, rules=TEMP_CAP), SCRATCH, HURT)
    assert (track.capacity, track.scratches, track.deferred) == (ladder.GOOD, 2, ((SCRATCH, HURT),))
    out = healing.end_of_battle(track, rules=TEMP_CAP).track
    assert (out.capacity, out.scratches) == (ladder.FAIR, 1)


def test_a_held_scratch_that_completed_three_gives_that_level_back_when_the_battle_ends():
    """The third Scratch, a Hurt held back by Willpower, lowered a level with the two before it
    (F95 4.57). Had the Hurt been marked, the two Scratches would still wait for a third and the
    Hurt lowers its own level: at the end the count is two and the level lost is the Hurt's."""
    track = held(take(capacity(), SCRATCH, SCRATCH, rules=TEMP_CAP), SCRATCH, HURT)
    assert (track.capacity, track.scratches) == (ladder.FAIR, 0)
    out = healing.end_of_battle(track, rules=TEMP_CAP).track
    assert (out.capacity, out.scratches) == (ladder.FAIR, 2)
    later = take(track, SCRATCH, rules=TEMP_CAP)  # a Scratch after it starts a new count
    out = healing.end_of_battle(later, rules=TEMP_CAP).track
    assert (out.capacity, out.scratches) == (ladder.MEDIOCRE, 0)


def test_a_scratch_willpower_made_a_hurt_completes_three_scratches_when_the_battle_ends():
    """A Poor Willpower roll makes a Scratch a Hurt for the battle: one level lost. At the end it
    is the third Scratch: the level comes back for the Hurt and goes again for the three."""
    track = held(take(capacity(), SCRATCH, SCRATCH, rules=TEMP_CAP), HURT, SCRATCH)
    assert (track.capacity, track.scratches) == (ladder.FAIR, 2)
    out = healing.end_of_battle(track, rules=TEMP_CAP).track
    assert (out.capacity, out.scratches) == (ladder.FAIR, 0)
    one = held(capacity(), HURT, SCRATCH)
    out = healing.end_of_battle(one, rules=TEMP_CAP).track
    assert (out.capacity, out.scratches) == (ladder.GOOD, 1) and out.worst == SCRATCH


def test_a_scratch_willpower_shrugged_off_counts_again_when_the_battle_ends():
    """Great Willpower makes a Scratch nothing for the battle; at the end it counts toward a level,
    and never lowers one where Scratches never do (``wounds.capacity_scratches`` 0)."""
    track = held(take(capacity(), SCRATCH, SCRATCH, rules=TEMP_CAP), UNDAMAGED, SCRATCH)
    assert track.deferred == ((UNDAMAGED, SCRATCH),) and track.scratches == 2
    out = healing.end_of_battle(track, rules=TEMP_CAP).track
    assert (out.capacity, out.scratches) == (ladder.FAIR, 0)
    never = TEMP_CAP.with_options({"wounds.capacity_scratches": 0})
    track = held(take(capacity(never), SCRATCH, SCRATCH, SCRATCH, rules=never), UNDAMAGED, SCRATCH, rules=never)
    out = healing.end_of_battle(track, rules=never).track
    assert (out.capacity, out.scratches) == (ladder.GOOD, 4)


def test_a_held_scratch_cleared_in_the_battle_is_not_taken_twice_where_scratches_never_lower_capacity():
    """With ``wounds.capacity_scratches`` 0 a Scratch only counts (F95 4.57). A Hurt held at a
    Scratch, whose Scratch the GM cleared in the battle (F95 4.8): at the end the Hurt lowers its
    level and no count goes below none."""
    never = TEMP_CAP.with_options({"wounds.capacity_scratches": 0})
    cleared = healing.clear_scratches(held(capacity(never), SCRATCH, HURT, rules=never), rules=never).track
    out = healing.end_of_battle(cleared, rules=never).track
    assert (out.capacity, out.scratches) == (ladder.FAIR, 0)


def test_a_true_dead_result_held_back_by_willpower_kills_when_the_battle_ends():
    """F95 4.51: a Dead result is dead. Held at Near Death for the battle, it kills at its end."""
    track = held(capacity(), NEAR_DEATH, DEAD)
    assert not track.dead
    out = healing.end_of_battle(track, rules=TEMP_CAP)
    assert out.track.dead == DEAD and out.worst_after == DEAD
    assert "a true Dead result kills" in out.steps[0].text


def test_damage_capacity_restored_never_passes_the_fighters_own_or_the_ladders_floor():
    """The end moves Damage Capacity by the difference, within the fighter's own level and the
    ladder's floor (−20): a held-back wound healed in the battle gives no level beyond his own, and
    a record at the floor goes no lower."""
    worse = TEMP_CAP.with_options({"wounds.capacity_per_hit": "by_severity"})
    track = held(capacity(worse), NEAR_DEATH, HURT, rules=worse)  # Good − 4 = Terrible
    healed = healing.heal(track, ladder.SUPERB, rules=worse).track
    assert healed.capacity == ladder.FAIR
    out = healing.end_of_battle(healed, rules=worse).track
    assert out.capacity == ladder.GOOD
    floor = replace(held(capacity(worse), HURT, NEAR_DEATH, rules=worse), capacity=-ladder.LIMIT + 1)
    assert healing.end_of_battle(floor, rules=worse).track.capacity == -ladder.LIMIT


def test_the_alternate_track_fills_the_points_willpower_held_back_when_the_battle_ends():
    """CO 3.1 counts points: Willpower held a Very Hurt (5 points) at Hurt (3 points) for the
    battle; at the end the two more points fill boxes from Terrible upward."""
    track = held(fresh(TEMP_CO), HURT, VERY_HURT, rules=TEMP_CO, points=3, true_points=5)
    assert track.co_marked == 3 and track.deferred == ((3, 5),)
    out = healing.end_of_battle(track, rules=TEMP_CO)
    assert out.track.co_marked == 5 and out.track.deferred == ()
    assert out.steps[0].data == {"deferred": [[3, 5]], "marked": 5, "dead": 0}
    assert "3 box(es) marked become 5 (CO 3.1)" in out.steps[0].text


def test_the_alternate_track_clears_the_points_willpower_added_when_the_battle_ends():
    """A Poor Willpower roll made a Hurt (3 points) Very Hurt (5) for the battle: two boxes clear."""
    track = held(fresh(TEMP_CO), VERY_HURT, HURT, rules=TEMP_CO, points=5, true_points=3)
    assert healing.end_of_battle(track, rules=TEMP_CO).track.co_marked == 3


def test_true_points_past_the_alternate_tracks_last_box_kill_when_the_battle_ends():
    """CO 3.1: points beyond the last box kill. Sixteen boxes: 15 marked, 17 true."""
    track = held(fresh(TEMP_CO), NEAR_DEATH, DEAD, rules=TEMP_CO, points=15, true_points=17)
    assert not track.dead
    out = healing.end_of_battle(track, rules=TEMP_CO)
    assert out.track.dead == DEAD and out.track.co_marked == 16
    assert "past the last box: the fighter is dead (CO 3.1)" in out.steps[0].text
    exact = held(fresh(TEMP_CO), NEAR_DEATH, DEAD, rules=TEMP_CO, points=15, true_points=16)
    assert not healing.end_of_battle(exact, rules=TEMP_CO).track.dead


def test_boxes_healed_in_the_battle_stay_healed_when_the_held_points_go():
    """Our reading: a Poor roll's extra points healed in the battle (CO 3.2) are not taken twice."""
    track = held(fresh(TEMP_CO), VERY_HURT, HURT, rules=TEMP_CO, points=5, true_points=3)
    healed = healing.heal_co(track, ladder.LEGENDARY, rules=TEMP_CO).track
    assert healed.co_marked == 0
    assert healing.end_of_battle(healed, rules=TEMP_CO).track.co_marked == 0


def test_a_wound_willpower_changed_on_the_alternate_track_needs_its_true_points():
    with pytest.raises(RuleError) as err:
        record_wound(fresh(TEMP_CO), HURT, rules=TEMP_CO, points=3, true_level=VERY_HURT)
    assert err.value.field == "true_points"


def test_the_alternate_tracks_held_points_are_read_back_as_points():
    track = held(fresh(TEMP_CO), NEAR_DEATH, DEAD, rules=TEMP_CO, points=12, true_points=14)
    assert WoundTrack.from_dict(json.loads(json.dumps(track.to_dict()))) == track
    with pytest.raises(RuleError) as err:
        WoundTrack.from_dict({**track.to_dict(), "deferred": [[12, -1]]})
    assert err.value.field == "track.deferred[0][1]"
    assert str(err.value) == ("The alternate wound track needs damage points at track.deferred[0][1] "
                              "(a whole number ≥ 0).")
    with pytest.raises(RuleError) as err:
        WoundTrack.from_dict({**track.to_dict(), "deferred": [[12, 14], [True, 14]]})
    assert err.value.field == "track.deferred[1][0]"
    assert str(err.value) == ("The alternate wound track needs damage points at track.deferred[1][0] "
                              "(a whole number ≥ 0).")
    with pytest.raises(RuleError) as err:
        WoundTrack.from_dict({**track.to_dict(), "deferred": {"12": 14}})
    assert "[recorded, true] damage points" in str(err.value)


HELD = st.lists(st.tuples(st.integers(SCRATCH, NEAR_DEATH), st.integers(-1, 1)), max_size=5)


@settings(max_examples=200, deadline=None)
@given(HELD, st.integers(ladder.FAIR, ladder.LEGENDARY), st.integers(0, 4),
       st.sampled_from(["one", "by_severity"]), st.booleans())
def test_damage_capacity_after_the_battle_is_as_if_willpower_had_changed_nothing(wounds_held, start, per, per_hit,
                                                                              erase):
    """F95 4.52 no. 4: a temporary adjustment lasts until the battle is over, so after it Damage
    Capacity is what the true wounds make it (no Scratch cleared in the battle; five hits of at most
    four levels from Fair or better never pass the ladder's floor, −20, which forgets the rest)."""
    temp = TEMP_CAP.with_options({"wounds.capacity_scratches": per, "wounds.capacity_per_hit": per_hit,
                                  "healing.scratches_after_battle": erase})
    off = temp.with_options({"wounds.willpower": "off"})
    track, plain = capacity(temp, start), capacity(off, start)
    for true, shift in wounds_held:  # Willpower moves a wound one level (F95 4.52 no. 1's bands)
        track = held(track, min(true + shift, NEAR_DEATH), true, rules=temp)
        plain = record_wound(plain, true, rules=off).track
    assert healing.end_of_battle(track, rules=temp).track == healing.end_of_battle(plain, rules=off).track


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=5))
def test_the_alternate_track_after_the_battle_is_as_if_willpower_had_changed_nothing(points):
    """CO 3.1 on the true points, unless the points Willpower added killed in the battle (the dead
    are not brought back)."""
    off = TEMP_CO.with_options({"wounds.willpower": "off"})
    track, plain = fresh(TEMP_CO), fresh(off)
    for recorded, true in points:
        track = held(track, HURT, VERY_HURT, rules=TEMP_CO, points=recorded, true_points=true)
        plain = record_wound(plain, VERY_HURT, rules=off, points=true).track
    if track.dead:
        return
    assert healing.end_of_battle(track, rules=TEMP_CO).track == healing.end_of_battle(plain, rules=off).track
