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
