"""What the players read of each kind of result (players_account): its title, its lines — who hit
whom, what a shield stopped, each fighter's state before and after, as a word where the GM hides
an NPC's wounds and exactly where he shows them — each roller's dice, the round, and whose turn
it is after it. The scenes are test_players_account's; each line was checked against the module's
rules (F95 4.51's words for a hidden track, a player character always shown whole)."""

from __future__ import annotations

import pytest
from test_players_account import faces, played

from pyfudge.encounter.log import Encounter
from pyfudge.encounter.players_account import account
from pyfudge.rulesets import new_ruleset

ALL = ["skills", "weapons", "wounds"]
BLOW = ["[+ + + 0] +3", "[− − 0 0] −2"]
# scene: (title, lines with nothing shown, lines with everything shown, dice, turn after it)
READ = {
    "exchange": ("Ásta vs Orc", ["Ásta hits Orc.", "Orc: unhurt → wounded."],
                 ["Ásta hits Orc.", "Orc: Undamaged → Scratch."], BLOW, "Next: Goblin vs Ásta"),
    "exchange, a stunning blow": ("Ásta vs Orc", ["Ásta hits Orc.", "Orc: still unhurt."],
                                  ["Ásta hits Orc.", "Orc took stunned: still Undamaged."], BLOW,
                                  "Next: Goblin vs Ásta"),
    "exchange, a shield stops it": ("Ásta vs Orc", ["Ásta's blow does not get through."],
                                    ["Orc's shield stops Ásta's blow."], ["[+ + + +] +4", "[− − − −] −4"],
                                    "Next: Goblin vs Ásta"),
    "group": ("Ásta against Orc, Goblin", ["Ásta hits Orc.", "Orc: unhurt → wounded."],
              ["Ásta hits Orc.", "Orc: Undamaged → Scratch."], ["[+ + + +] +4", "[− − 0 0] −2", "[− − − −] −4"],
              "The round is over."),
    "ranged, at the NPC": ("Ásta shoots at Orc", ["Ásta hits Orc.", "Orc: unhurt → wounded."],
                           ["Ásta hits Orc.", "Orc: Undamaged → Hurt."], ["[+ + + +] +4", "[− − 0 0] −2"],
                           "Next: Orc vs Ásta"),
    # Ásta is a player character: her wounds are named under every choice.
    "ranged, by the NPC": ("Orc shoots at Ásta", ["Orc hits Ásta.", "Ásta: Undamaged → Very Hurt −2."],
                           ["Orc hits Ásta.", "Ásta: Undamaged → Very Hurt −2."], ["[+ 0 0 0] +1"],
                           "Next: Ásta vs Goblin"),
    "story": ("Ásta's story roll", ["Ásta gets Superb."], ["Ásta gets Superb."], ["[+ 0 0 0] +1"], "Next: Goblin"),
    "initiative": ("Initiative: Ásta vs Orc", ["Ásta attacks first."], ["Ásta attacks first."],
                   ["[+ + 0 0] +2", "[0 0 0 0] 0"], "Next: Ásta vs Orc"),
    "box": ("The GM marks the wounds", ["Orc: unhurt → wounded."], ["Orc: Undamaged → Hurt."], [],
            "Next: Ásta vs Orc"),
    "wound": ("The GM marks the wounds", ["Orc: unhurt → badly hurt."], ["Orc: Undamaged → Very Hurt −1."], [],
              "Next: Ásta vs Orc"),
    "heal": ("Healing", ["Orc: badly hurt → unhurt."], ["Orc: Very Hurt −1 → Undamaged."], [], "Next: Ásta vs Orc"),
    "end of battle": ("End of battle", ["Scratches and stuns clear."], ["Scratches and stuns clear."], [],
                      "The battle is over."),
}


@pytest.mark.parametrize("scene", list(READ))
def test_each_kind_of_result_reads_in_the_players_words(scene):
    title, hidden, shown, dice, turn = READ[scene]
    for see, lines in (([], hidden), (ALL, shown)):
        told = account(played(scene, see))
        result = told["results"][0]
        assert (result["round"], result["title"], result["lines"]) == (1, title, lines), see
        assert [d["dice"] for d in result["dice"]] == dice
        assert told["turn"]["text"] == turn


def test_a_story_roll_of_a_hidden_npc_leaves_his_result_to_the_gm():
    results = account(played("story", []))["results"]
    assert [(r["title"], r["lines"]) for r in results] == [
        ("Ásta's story roll", ["Ásta gets Superb."]), ("Orc's story roll", ["The GM tells what it means."])]


def test_a_shot_that_misses_tells_the_players_no_one_is_hurt():
    enc = played("ranged, at the NPC", [])
    enc.apply({"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c3", "difficulty": 0,
               "shooter_declares": {"skill": "Bow"}, "shooter_dice": faces(-1, -1, -1, -1),
               "target_dice": faces(1, 1, 1, 1)})
    result = account(enc)["results"][0]
    assert (result["title"], result["lines"]) == ("Ásta shoots at Goblin", ["No one is hurt."])


def test_a_blow_that_changes_no_level_is_named_where_the_players_see_his_wounds():
    enc = played("wound", ["wounds"])  # the Orc is Very Hurt
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": faces(1, 1, 1, 0), "b_dice": faces(-1, -1, 0, 0)})
    assert account(enc)["results"][0]["lines"] == ["Ásta hits Orc.", "Orc took Scratch: still Very Hurt −1."]


def test_an_initiative_tie_tells_the_players_to_roll_again():
    enc = played("initiative", [])
    enc.apply({"t": "initiative", "a": "c1", "b": "c2", "a_dice": faces(0, 0, 0, 0), "b_dice": faces(0, 0, 0, 0)})
    assert account(enc)["results"][0]["lines"] == ["A tie: roll again."]


def test_once_the_battle_is_over_no_one_is_next_and_even_a_first_event_is_told():
    enc = Encounter(name="Raid", ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "end_battle"})
    told = account(enc)
    assert told["turn"] == {"a": None, "b": None, "round_over": True, "text": "The battle is over."}
    assert [r["title"] for r in told["results"]] == ["End of battle"]
