"""The door's rules actions (``pyfudge.door.rule_actions``) argument by argument: each bad
argument is refused naming its own field (the form marks that input), and each argument left out
takes the default the action documents."""

from __future__ import annotations

import json

import pytest

from pyfudge import api

R = {"total": 0}
MUDGE = {"preset": "mudge"}
HEAD = {"aim": {"location": "Head"}, "relative_degree": 4, "rolled": 4}
CHECK = {"willpower": "Fair", "constitution": "Fair", "roll": 1}
HURT = {"kind": "boxes", "marks": [[0, 0, 0], [1], [0], [0], [0]]}


def door(action: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"action": action, "args": args})))


def ok(action: str, **args) -> dict:
    reply = door(action, **args)
    assert reply["ok"], reply
    return reply["result"]


@pytest.mark.parametrize("action, args, field, message", [
    ("roll", {"dice": 4, "d6": 3}, "d6", "Give dice (Fudge dice) or d6 (six-sided dice), not both."),
    ("roll", {"dice": 3}, "dice", "dice must be a number of Fudge dice: 1, 2, 4."),
    ("roll", {"d6": 2}, "d6", "d6 must be a number of six-sided dice: 1, 3."),
    ("action", {"kind": "unopposed", "check": "Superbb", "difficulty": "Fair", "roll": R}, "check", None),
    ("action", {"kind": "unopposed", "difficulty": "Fairr", "roll": R}, "difficulty", None),
    ("action", {"kind": "unopposed", "difficulty": "Legendary +17", "roll": R}, "difficulty",
     "difficulty 21 is off the ladder (allowed -20 to 20)."),
    ("action", {"kind": "unopposed", "difficulty": "Fair", "roll": {"total": 9}}, "roll", None),
    ("action", {"kind": "opposed", "a": "x", "b": "Fair", "roll_a": R, "roll_b": R}, "a", None),
    ("action", {"kind": "opposed", "a": "Fair", "b": "x", "roll_a": R, "roll_b": R}, "b", None),
    ("action", {"kind": "opposed", "a": "Fair", "b": "Fair", "roll_a": {"total": 9}, "roll_b": R}, "roll_a", None),
    ("action", {"kind": "opposed", "a": "Fair", "b": "Fair", "roll_a": R, "roll_b": {"total": 9}}, "roll_b", None),
    ("action", {"kind": "situational", "roll": {"total": 9}}, "roll", None),
    ("action", {"kind": "npc_d6", "trait": "Goodd", "faces": [4]}, "trait", None),
    ("action", {"kind": "npc_d6", "trait": "Legendary +1", "faces": [4]}, "trait",
     "trait 5 is off the ladder (allowed -3 to 4)."),
    ("action", {"kind": "npc_d6", "faces": [4]}, "trait", "The request needs trait."),
    ("action", {"kind": "npc_d6", "trait": "Good"}, "faces", "The request needs faces."),
    ("action", {"kind": "story", "check": "x", "rolls": [R]}, "check", None),
    ("action", {"kind": "story", "rolls": R}, "rolls", "rolls must be a list of one or three rolls."),
    ("action", {"kind": "story", "rolls": [R, {"total": 9}, R]}, "rolls[1]", None),
    ("action", {"kind": "fly"}, "kind", "kind must be unopposed, opposed, situational, npc_d6 or story."),
    ("exchange", {"exchange": 5}, "exchange", None),
    ("group", {"round": 5}, "round", None),
    ("ranged", {"attack": 5}, "attack", None),
    ("called_shot", {**HEAD, "aim": 5}, "aim", None),
    ("called_shot", {**HEAD, "relative_degree": "x"}, "relative_degree", None),
    ("called_shot", {**HEAD, "rolled": "x"}, "rolled", None),
    ("called_shot", {**HEAD, "ruleset": MUDGE, "check": {**CHECK, "willpower": "x"}}, "check.willpower", None),
    ("called_shot", {**HEAD, "ruleset": MUDGE, "check": {**CHECK, "constitution": "x"}}, "check.constitution", None),
    ("called_shot", {**HEAD, "ruleset": MUDGE, "check": {**CHECK, "roll": 5}}, "check.roll",
     "check.roll must be a whole number from -4 to 4, not 5."),
    ("called_shot", {**HEAD, "ruleset": MUDGE, "check": {**CHECK, "roll": -5}}, "check.roll",
     "check.roll must be a whole number from -4 to 4, not -5."),
    # A check asked of a blow that lands no MUD location hit: the check's rule, named at the check.
    ("called_shot", {**HEAD, "ruleset": MUDGE, "relative_degree": -3, "rolled": -3, "check": CHECK}, "check.outcome",
     "Only a MUD location hit (Wounded or Very Wounded) calls for a check."),
    ("shield_check", {"check": 5}, "check", None),
    ("track", {"role": "x"}, "role", None),
    ("wound", {"track": 5, "level": 1}, "track", None),
    ("wound", {"track": HURT, "level": 9}, "level", None),
    ("heal", {"track": 5}, "track", None),
    ("heal", {"track": HURT, "how": "skill", "result": "x"}, "result", None),
    ("heal", {"track": HURT, "how": "skill", "result": "Legendary +17"}, "result", None),
    ("heal", {"track": HURT, "how": "co", "result": "x"}, "result", None),
    ("heal", {"track": HURT, "how": "co", "result": "Legendary +17"}, "result", None),
    ("heal", {"track": HURT, "how": "fly"}, "how", "how must be end_of_battle, skill, natural, scratches, wake or co."),
])
def test_a_bad_argument_of_a_rules_action_is_refused_naming_its_field(action, args, field, message):
    reply = door(action, **args)
    assert not reply["ok"], reply
    assert reply["error"]["field"] == f"args.{field}"
    if message is not None:
        assert reply["error"]["message"] == message


def test_an_action_without_a_check_rolls_for_a_fair_trait():
    """``check`` defaults to Fair for an unopposed action and a story element (F95 4.21)."""
    assert ok("action", kind="unopposed", difficulty="Fair", roll={"total": 1})["check"]["trait_name"] == "Fair"
    assert ok("action", kind="story", rolls=[{"total": 1}])["trait_name"] == "Fair"


def test_the_npc_shortcut_through_the_door_reads_the_trait_and_the_d6():
    """F93 4.5: "On a result of 2-5, the NPC gets the listed trait level"; a 6 then a second d6
    of 6 is better by 3."""
    out = ok("action", kind="npc_d6", trait="Good", faces=[6, 6])
    assert (out["trait_name"], out["shift"], out["result_name"]) == ("Good", 3, "Superb +1")
    assert ok("action", kind="npc_d6", trait="Good", faces=[3])["result_name"] == "Good"


def test_six_sided_dice_answer_the_roll_alone_and_fudge_dice_the_result_on_the_ladder():
    """F95 4.63's 3d6 are read by their own rule, not added to a trait level; a 4dF roll for a
    Legendary trait names it so (F95 1.5)."""
    d6 = ok("roll", d6=3, faces=[6, 1, 4])
    assert (d6["dice"], d6["faces"]) == ("3d6", [6, 1, 4]) and "level" not in d6 and "result" not in d6
    df = ok("roll", level=4, faces=[0, 0, 0, 0])
    assert (df["level_name"], df["result_name"]) == ("Legendary", "Superb +1")
    assert ok("roll", dice=1, faces=[1], level=0)["dice"] == "1dF"


SCRATCHED_AND_HURT = {"kind": "boxes", "marks": [[1, 1, 0], [1], [0], [0], [0]]}


def test_each_way_of_healing_through_the_door_is_its_own_rule():
    """F95 4.8: a healer's Good result heals every wound one level (the default way); a week of
    rest heals one level (one week unless told); Scratches go after the battle, or with a little
    time; a fighter not knocked out has nothing to come round from (F95 4.62)."""
    def first_step(**args) -> str:
        return ok("heal", track=SCRATCHED_AND_HURT, **args)["steps"][0]["text"]
    assert first_step(result="Good").startswith("A Good healing result heals all wounds 1 level")
    assert first_step(how="skill", result="Good") == first_step(result="Good")
    natural = ok("heal", track=SCRATCHED_AND_HURT, how="natural")["steps"]
    assert [step["text"] for step in natural] == ["Week 1: wounds heal one level; now Undamaged."]
    assert first_step(how="end_of_battle") == "3 Scratch(es) erased after the battle."
    assert first_step(how="scratches") == "Scratches and stuns heal with a little time."
    assert door("heal", track=SCRATCHED_AND_HURT, how="wake")["error"]["message"] == \
        "Not knocked out: there is nothing to come round from (F95 4.62)."
    hurt = ok("heal", track=SCRATCHED_AND_HURT, how="natural", weeks=1)
    assert (hurt["worst_before"], hurt["worst_after"]) == (2, 0)


def test_a_track_for_no_role_is_a_player_characters():
    """F95 4.57: a PC's boxes; with ``wounds.pawn_track`` an NPC gets a pawn's record instead."""
    pawns = {"preset": "fudge1995", "options": {"wounds.pawn_track": True}}
    assert ok("track", ruleset=pawns)["track"] == ok("track", ruleset=pawns, role="pc")["track"]
    assert ok("track", ruleset=pawns)["track"] != ok("track", ruleset=pawns, role="npc")["track"]
    assert ok("track", role="pc")["view"]["worst_name"] == "Undamaged"


def test_a_damage_capacity_record_starts_at_the_capacity_given():
    """F95 4.57's first method: Damage Capacity is the wound record, starting at the fighter's
    Damage Capacity level; without one the door asks for it."""
    rules = {"preset": "fudge1995", "options": {"wounds.record": "capacity"}}
    track = ok("track", ruleset=rules, capacity=2)["track"]
    assert (track["capacity_start"], track["capacity"]) == (2, 2)
    assert door("track", ruleset=rules)["error"]["field"] == "args.capacity"


def test_a_story_element_of_three_rolls_through_the_door_combines_them_as_the_ruleset_says():
    """F95 4.21: three rolls, the median by default; ``actions.story_aggregate`` "average" adds
    them, divides by three and rounds (+4, −1, 0: +1)."""
    rolls = [{"total": 4}, {"total": -1}, {"total": 0}]
    assert ok("action", kind="story", rolls=rolls)["result_name"] == "Fair"
    average = {"preset": "fudge1995", "options": {"actions.story_aggregate": "average"}}
    assert ok("action", kind="story", rolls=rolls, ruleset=average)["result_name"] == "Good"


def test_the_gm_may_say_how_much_better_or_worse_an_npc_does():
    """F93 4.5: on a 1 or a 6 the GM may decide by how much instead of rolling the second d6."""
    out = ok("action", kind="npc_d6", trait="Good", faces=[6], amount=2)
    assert (out["gm_amount"], out["result_name"]) == (2, "Superb")


def test_a_group_round_the_rules_refuse_names_the_field_inside_the_round():
    """MUD: stances replace all-out offence and defence (F95 4.32): refused at the lone
    fighter's choice inside ``round``."""
    lone = {"name": "Hero", "level": 0, "roll": 0, "all_out": "offense"}
    reply = door("group", ruleset=MUDGE, round={"lone": lone, "foes": [{"name": "Orc", "level": 0, "roll": 0}]})
    assert reply["error"]["field"] == "args.round.lone.all_out"


def test_healing_answers_the_track_as_the_card_shows_it():
    healed = ok("heal", track=SCRATCHED_AND_HURT, how="natural")
    assert (healed["view"]["worst_name"], healed["view"]["kind"]) == ("Undamaged", "boxes")
