"""Who has acted, the next pair and what Undo would undo — for every kind of event a round logs
(an exchange, an alternating attack, a group round, ranged fire aimed and shot back, a story
roll, initiative), read from the encounter's view as the round form reads it."""

import pytest

from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

SWORD = {"name": "Sword", "size": 1}
BOW = {"name": "Bow", "size": 1}


def fight(*, pacing=None):
    enc = Encounter(name="Ambush", ruleset=new_ruleset("fudge1995", {"melee.pacing": pacing} if pacing else {}))
    enc.apply({"t": "add", "side": "players", "fighter": {"name": "Aldric", "skills": {"Sword": "Great"},
                                                          "weapon": SWORD}})
    enc.apply({"t": "add", "side": "players", "fighter": {"name": "Brenna", "skills": {"Bow": "Good"},
                                                          "weapon": BOW}})
    for i in (1, 2):
        enc.apply({"t": "add", "side": "foes", "fighter": {"name": f"Goblin {i}", "role": "npc",
                                                           "skills": {"Bow": "Mediocre"}, "weapon": BOW}})
    return enc


def acted(enc):
    return sorted(c["name"] for c in encounter_view.view(enc)["combatants"] if c["acted"])


def undo(enc):
    return encounter_view.view(enc)["undo_label"]


EXCHANGE = {"t": "exchange", "kind": "round", "a": "c1", "b": "c3",
            "a_dice": {"roll": {"total": -4}}, "b_dice": {"roll": {"total": -4}}}
GROUP = {"t": "group", "lone": "c1", "foes": ["c3", "c4"], "targets": ["c3"], "lone_dice": {"roll": {"total": 0}},
         "foe_dice": {"c3": {"roll": {"total": -4}}, "c4": {"roll": {"total": -4}}}}
AIMED = {"t": "ranged", "mode": "unaware", "shooter": "c2", "target": "c3", "difficulty": 0,
         "shooter_dice": {"roll": {"total": -4}}}
SHOT_BACK = {"t": "ranged", "mode": "shoot_back", "shooter": "c2", "target": "c3", "difficulty": 0,
             "target_difficulty": 0, "shooter_dice": {"roll": {"total": -4}}, "target_dice": {"roll": {"total": -4}}}
STORY = {"t": "story", "id": "c2", "rolls": [{"total": 1}]}


@pytest.mark.parametrize(("event", "who", "label"), [
    (EXCHANGE, ["Aldric", "Goblin 1"], "Aldric vs Goblin 1"),
    (GROUP, ["Aldric", "Goblin 1", "Goblin 2"], "Aldric against Goblin 1, Goblin 2"),
    (AIMED, ["Brenna"], "Brenna shoots at Goblin 1"),
    # F95 4.4: a target who shoots back has taken his action too.
    (SHOT_BACK, ["Brenna", "Goblin 1"], "Brenna shoots at Goblin 1"),
])
def test_each_kind_of_action_counts_who_acted_and_names_itself_for_undo(event, who, label):
    enc = fight()
    enc.apply(event)
    assert acted(enc) == who
    assert undo(enc) == label


def test_a_story_roll_is_its_fighters_action_and_undo_names_it():
    enc = fight(pacing="story")
    enc.apply(STORY)
    assert acted(enc) == ["Brenna"]
    assert undo(enc) == "Brenna's story roll"


def test_a_target_who_shot_back_is_not_suggested_again_this_round():
    enc = fight()
    enc.apply(SHOT_BACK)
    nxt = encounter_view.view(enc)["next"]
    assert nxt["a"] == "c1" and nxt["b"] == "c4"  # Aldric, against the goblin who has not acted


def test_initiative_names_itself_for_undo_and_is_nobodys_action():
    enc = fight(pacing="alternating")
    enc.apply({"t": "initiative", "a": "c1", "b": "c3", "a_dice": {"roll": {"total": 1}},
               "b_dice": {"roll": {"total": 0}}})
    assert undo(enc) == "initiative, Aldric vs Goblin 1"
    assert acted(enc) == []


def test_the_initiative_winner_is_suggested_first_as_the_attacker():
    """F95 4.23: under alternating turns the side that wins initiative strikes first."""
    enc = fight(pacing="alternating")
    enc.apply({"t": "initiative", "a": "c1", "b": "c3", "a_dice": {"roll": {"total": -2}},
               "b_dice": {"roll": {"total": 2}}})
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["kind"]) == ("c3", "attack")


def test_an_alternating_attack_then_leaves_the_defender_to_strike_next():
    enc = fight(pacing="alternating")
    enc.apply({"t": "initiative", "a": "c1", "b": "c3", "a_dice": {"roll": {"total": 2}},
               "b_dice": {"roll": {"total": -2}}})
    enc.apply({**EXCHANGE, "kind": "attack"})
    assert acted(enc) == ["Aldric"]
    nxt = encounter_view.view(enc)["next"]
    assert nxt["a"] != "c1"
