"""The GM ends the battle (F95 4.8's "after a battle"): the encounter says so until a fighting
event starts the next one; adding a fighter or changing the rules in between keeps it over."""

from pyfudge.encounter.log import Encounter
from pyfudge.encounter.state import heading
from pyfudge.rulesets import new_ruleset

A = {"name": "A", "skills": {"Sword": "Fair"}}
B = {"name": "B", "skills": {"Sword": "Fair"}}


def header(enc):
    return heading(enc.state.round, enc.state.over)


def test_the_battle_stays_over_until_a_fighting_event_starts_the_next():
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": A})
    enc.apply({"t": "add", "fighter": B})
    assert header(enc) == "Round 1"
    enc.apply({"t": "end_battle"})
    assert header(enc) == "The battle is over"
    enc.apply({"t": "add", "fighter": {**A, "name": "C"}})
    enc.apply({"t": "rules", "ruleset": {"preset": "fudge1995"}})
    assert header(enc) == "The battle is over"
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 0}},
               "b_dice": {"roll": {"total": 0}}})
    assert header(enc) == "Round 1"


SWORD = {"name": "Sword", "size": 2, "sharp": 1}


def held_through_the_battle(options):
    """A hits B for 5 (Very Hurt, F95 4.55); B's Great Willpower holds it at Hurt until the battle
    is over (F95 4.52 no. 4). B's track before and after the GM ends the battle."""
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"wounds.willpower": "temporary", **options}))
    enc.apply({"t": "add", "fighter": {**A, "weapon": SWORD}})
    enc.apply({"t": "add", "fighter": {**B, "weapon": SWORD}})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 2}},
               "b_dice": {"roll": {"total": 0}}, "b_declares": {"willpower": "Great"}})
    during = enc.state.combatants[1].fighter.track_for(enc.state.rules)
    enc.apply({"t": "end_battle"})
    return during, enc.state.combatants[1].fighter.track_for(enc.state.rules)


def test_damage_capacity_drops_for_the_wound_willpower_held_back_when_the_gm_ends_the_battle():
    """Damage Capacity as the record, a level per wound level above a Scratch (F95 4.57): the
    Hurt takes B's Fair to Mediocre; the Very Hurt counts in full when the battle is over: Poor."""
    during, after = held_through_the_battle({"wounds.record": "capacity", "wounds.capacity_per_hit": "by_severity"})
    assert (during.capacity, after.capacity, after.deferred) == (-1, -2, ())


def test_the_alternate_track_fills_the_points_willpower_held_back_when_the_gm_ends_the_battle():
    """CO 3.1: Hurt's band ends at 4 points; the true 5 fill a fifth box when the battle is over."""
    during, after = held_through_the_battle({"co.track": True})
    assert (during.co_marked, after.co_marked, after.deferred) == (4, 5, ())
