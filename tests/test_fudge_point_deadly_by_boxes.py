"""F95 4.64 no. 3: "A player may spend a Fudge Point ... to convert a deadly wound to a merely
serious one." A Very Hurt wound on a track whose Very Hurt and Incapacitated boxes are full is
recorded in the next open box, Near Death (F95 4.57). The plain reading (default,
``wounds.fudge_deadly == "level"``): the wound is deadly by its own level, as F95 4.57 counts it
"for healing (and scarring) purposes", so a Very Hurt is not deadly and the point is refused (or
kept when declared). By the boxes (``"track"``): F95 4.57 "the character takes the next highest
wound for which there is an open box", so such a wound is deadly, and the point keeps the
fighter out of Near Death."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyfudge.core.errors import RuleError
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rules.wounds import (
    HURT,
    INCAPACITATED,
    NEAR_DEATH,
    VERY_HURT,
    WoundTrack,
    guard_wound,
    points_it_takes,
    record_wound,
)
from pyfudge.rulesets import find_ruleset, new_ruleset

BY_LEVEL = find_ruleset("fudge1995").with_options({"wounds.points": "fudge"})
FUDGE = BY_LEVEL.with_options({"wounds.fudge_deadly": "track"})


def _incapacitated(rules=FUDGE) -> WoundTrack:
    """Very Hurt, then Very Hurt again: the second goes to Incapacitated (F95 4.57's example)."""
    track = WoundTrack.new(rules)
    for level in (VERY_HURT, VERY_HURT):
        track = record_wound(track, level, rules=rules).track
    assert track.worst == INCAPACITATED
    return track


def test_the_plain_reading_is_the_default_in_every_preset():
    for preset in ("fudge1995", "mudge", "fudge1993"):
        assert find_ruleset(preset)["wounds.fudge_deadly"] == "level"


def test_a_very_hurt_that_its_full_boxes_push_to_near_death_takes_the_fudge_point():
    track = _incapacitated()
    assert record_wound(track, VERY_HURT, rules=FUDGE).worst_after == NEAR_DEATH
    out = guard_wound(VERY_HURT, track=track, rules=FUDGE, points_spent=1)
    assert out.points_spent == 1
    assert record_wound(track, out.level, rules=FUDGE).worst_after < NEAR_DEATH
    assert "F95 4.57" in " ".join(s.section for s in out.steps)
    assert points_it_takes(VERY_HURT, 1, track=track, rules=FUDGE, role="pc") == 1


def test_by_the_wounds_own_level_a_very_hurt_pushed_to_near_death_is_not_deadly():
    track = _incapacitated(BY_LEVEL)
    with pytest.raises(RuleError, match="not deadly"):
        guard_wound(VERY_HURT, track=track, rules=BY_LEVEL, points_spent=1)
    assert points_it_takes(VERY_HURT, 1, track=track, rules=BY_LEVEL, role="pc") == 0
    # Near Death converted to Very Hurt takes the Very Hurt wound's open box: Near Death again.
    out = guard_wound(NEAR_DEATH, track=track, rules=BY_LEVEL, points_spent=1)
    assert out.level == VERY_HURT
    assert record_wound(track, out.level, rules=BY_LEVEL).worst_after == NEAR_DEATH


def test_by_the_boxes_a_blow_that_wounds_no_one_is_not_deadly_even_near_death():
    """F95 4.64 no. 3 converts a deadly *wound*: a fighter already Near Death whom a blow does
    not wound takes no new wound, so a declared Fudge Point is kept, by the boxes as by the level."""
    track = record_wound(_incapacitated(), NEAR_DEATH, rules=FUDGE).track
    assert track.worst == NEAR_DEATH
    assert not wounds.is_deadly(wounds.UNDAMAGED, track=track, rules=FUDGE)
    assert points_it_takes(wounds.UNDAMAGED, 1, track=track, rules=FUDGE, role="pc") == 0


def test_by_the_boxes_the_full_boxes_are_said_only_for_a_wound_they_push_to_near_death():
    """F95 4.57: the Very Hurt wound finds no open box up to Incapacitated, so it would leave the
    fighter Near Death; a Near Death wound is deadly by its own level and needs no such step."""
    track = _incapacitated()
    pushed = guard_wound(VERY_HURT, track=track, rules=FUDGE, points_spent=1)
    assert [s.text for s in pushed.steps if s.section == "F95 4.57"] == [
        "No open box from Very Hurt to Incapacitated: the Very Hurt wound would leave the fighter Near Death, "
        "a deadly wound."]
    assert [s.data for s in pushed.steps if s.section == "F95 4.57"] == [{"level": VERY_HURT}]
    assert [s.text for s in pushed.steps if s.section == "F95 4.64"] == [
        "A Fudge Point converts the deadly Very Hurt wound to a merely serious one: Hurt, as the boxes leave "
        "the fighter short of Near Death."]
    own = guard_wound(NEAR_DEATH, track=track, rules=FUDGE, points_spent=1)
    assert not [s for s in own.steps if s.section == "F95 4.57"]


def test_by_the_boxes_a_converted_deadly_wound_never_leaves_the_fighter_near_death():
    """Near Death converted to Very Hurt on a track whose Very Hurt and Incapacitated boxes are
    full would land in the Near Death box again: the point would buy nothing."""
    track = _incapacitated()
    out = guard_wound(NEAR_DEATH, track=track, rules=FUDGE, points_spent=1)
    assert record_wound(track, out.level, rules=FUDGE).worst_after <= INCAPACITATED


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(HURT, NEAR_DEATH), max_size=6), st.integers(HURT, wounds.DEAD),
       st.sampled_from(["realistic", "mudge", "cinematic", "epic"]))
def test_by_the_boxes_a_fudge_point_spent_always_keeps_the_fighter_out_of_near_death(history, level, boxes):
    rules = FUDGE.with_options({"wounds.track": boxes})
    track = WoundTrack.new(rules)
    for past in history:
        track = record_wound(track, past, rules=rules).track
    if track.worst >= NEAR_DEATH:
        return
    taken = points_it_takes(level, 1, track=track, rules=rules, role="pc")
    deadly = record_wound(track, level, rules=rules).worst_after >= NEAR_DEATH
    assert taken == int(deadly)
    if taken:
        out = guard_wound(level, track=track, rules=rules, points_spent=1)
        assert out.level <= level
        assert record_wound(track, out.level, rules=rules).worst_after <= INCAPACITATED


def test_by_the_boxes_an_exchange_spends_the_declared_point_on_a_very_hurt_pushed_to_near_death():
    sword = {"name": "Sword", "size": 1}
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"wounds.points": "fudge", "wounds.fudge_deadly": "track"}))
    enc.apply({"t": "add", "fighter": {"name": "Hero", "role": "pc", "skills": {"Sword": "Fair"},
                                       "weapon": sword, "fudge_points": 1,
                                       "track": _incapacitated().to_dict()}})
    enc.apply({"t": "add", "fighter": {"name": "Orc", "skills": {"Sword": "Fair"}, "weapon": sword}})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"points": 1},
               "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": 1}}})
    blow = enc.state.last["outcome"]["blows"][0]
    assert blow["damage"]["level"] == VERY_HURT
    assert blow["points_spent"] == 1
    hero = next(c for c in enc.state.combatants if c.id == "c1").fighter
    assert hero.fudge_points == 0 and hero.track.worst == INCAPACITATED

