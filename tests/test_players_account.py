"""The players' account of the fight (players_account): whose turn it is and the last results, with
their dice and outcome in words — and nothing the GM hides of an NPC, for every kind of event
under each of the eight choices of what players see."""

from __future__ import annotations

import json
import re
from itertools import combinations

import jsonschema
import pytest

from pyfudge.core import ladder
from pyfudge.encounter import players
from pyfudge.encounter.log import Encounter
from pyfudge.encounter.players_account import account, applied, players_view
from pyfudge.encounter.view import view
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

ALL_SEES = [list(c) for n in range(4) for c in combinations(players.SEE, n)]
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great", "Bow": "Good"}, "strength": "Good",
        "weapon": {"name": "Sword", "size": 2}}
# Values found nowhere else: their absence from the account proves they never reached it.
ORC = {"name": "Orc", "role": "npc", "skills": {"Zweihanderkunst": "Superb", "Shortbow": "Fair", "Shield": "Good"},
       "strength": "Great", "damage_capacity": "Good", "weapon": {"name": "Glaive of Woe", "size": 2},
       "armor": {"name": "Brigandine", "value": 2}, "shield": "large", "pain_threshold": "high"}
GOBLIN = {"name": "Goblin", "role": "npc", "skills": {"Spear": "Fair"}}


def faces(*f):
    return {"roll": {"faces": list(f)}}


HIT = {"a_dice": faces(1, 1, 1, 0), "b_dice": faces(-1, -1, 0, 0)}
# Each kind of event the account tells (and undo, redo), with the pacing and options it needs.
SCENES = {
    "exchange": ("simultaneous", {}, [{"t": "exchange", "a": "c1", "b": "c2", **HIT}]),
    "exchange, the NPC strikes": ("simultaneous", {}, [
        {"t": "exchange", "a": "c2", "b": "c1", "a_dice": faces(1, 1, 0, 0), "b_dice": faces(-1, 0, 0, 0)}]),
    "exchange, a stunning blow": ("simultaneous", {}, [
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True}, **HIT}]),
    "exchange, a shield stops it": ("simultaneous", {"co.shield": True}, [
        {"t": "exchange", "a": "c1", "b": "c2", "a_dice": {**faces(1, 1, 1, 1), "shield": {"faces": [1, 1, 1, 1]}},
         "b_dice": {**faces(-1, -1, -1, -1), "shield": {"faces": [1, 1, 1, 1]}}}]),
    "group": ("simultaneous", {}, [
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": faces(1, 1, 1, 1),
         "foe_dice": {"c2": faces(-1, -1, 0, 0), "c3": faces(-1, -1, -1, -1)}, "targets": ["c2"]}]),
    "ranged, at the NPC": ("simultaneous", {}, [
        {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_declares": {"skill": "Bow"}, "shooter_dice": faces(1, 1, 1, 1), "target_dice": faces(-1, -1, 0, 0)}]),
    "ranged, by the NPC": ("simultaneous", {}, [
        {"t": "ranged", "mode": "unaware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_declares": {"skill": "Shortbow"}, "shooter_dice": faces(1, 0, 0, 0)}]),
    "story": ("story", {}, [{"t": "story", "id": "c2", "rolls": [{"faces": [1, 0, 0, 0]}], "skill": "Shortbow"},
                            {"t": "story", "id": "c1", "rolls": [{"faces": [1, 0, 0, 0]}]}]),
    "initiative": ("alternating", {}, [{"t": "initiative", "a": "c1", "b": "c2", "a_dice": faces(1, 1, 0, 0),
                                        "b_dice": faces(0, 0, 0, 0)}]),
    "alternating attack": ("alternating", {}, [{"t": "exchange", "kind": "attack", "a": "c2", "b": "c1",
                                                "a_dice": faces(1, 1, 1, 0), "b_dice": faces(-1, 0, 0, 0)}]),
    "box": ("simultaneous", {}, [{"t": "box", "id": "c2", "row": 1, "index": 0, "value": 2}]),
    "wound": ("simultaneous", {}, [{"t": "wound", "id": "c2", "level": "Very Hurt"}]),
    "heal": ("simultaneous", {}, [{"t": "wound", "id": "c2", "level": "Very Hurt"},
                                  {"t": "heal", "id": "c2", "how": "skill", "result": "Superb"}]),
    "end of battle": ("simultaneous", {}, [{"t": "exchange", "a": "c1", "b": "c2", **HIT}, {"t": "end_battle"}]),
    "undo": ("simultaneous", {}, [{"t": "exchange", "a": "c1", "b": "c2", **HIT},
                                  {"t": "wound", "id": "c2", "level": "Hurt"}, {"t": "undo"}]),
    "redo": ("simultaneous", {}, [{"t": "wound", "id": "c2", "level": "Hurt"}, {"t": "undo"}, {"t": "redo"}]),
}
LADDER = [ladder.name(level) for level in range(-3, 4)] + ["Legendary"]
WOUND_WORDS = [*wounds.LEVEL_NAMES, *wounds.STUN_NAMES, "Undamaged", "stunned", "knocked out", "Knocked out"]


def played(scene: str, see: list[str]) -> Encounter:
    pacing, options, events = SCENES[scene]
    enc = Encounter(name="Raid", ruleset=new_ruleset("fudge1995", {"melee.pacing": pacing, **options}))
    for event in [{"t": "add", "fighter": ASTA}, {"t": "add", "fighter": ORC, "side": "foes"},
                  {"t": "add", "fighter": GOBLIN, "side": "foes"}, {"t": "players", "see": see}, *events]:
        enc.apply(event)
    return enc


@pytest.mark.parametrize("see", ALL_SEES, ids=lambda see: "+".join(see) or "nothing")
@pytest.mark.parametrize("scene", list(SCENES))
def test_no_hidden_value_of_an_npc_reaches_the_account(scene, see):
    told = account(played(scene, see))
    text = json.dumps(told, ensure_ascii=False)
    lines = [line for r in told["results"] for line in [r["title"], *r["lines"]]]
    assert told["results"], told
    # Never a degree, a damage number or a factor: those would tell his skill and gear.
    for word in ("degree", "damage", "ODF", "DDF", "factor"):
        assert not re.search(rf"\b{word}\b", " ".join(lines)), (word, lines)
    if "skills" not in see:
        for secret in ("Zweihanderkunst", "Shortbow"):
            assert secret not in text, (secret, text)
        # A level is named only as the PC's own story result.
        named = [line for line in lines if any(re.search(rf"\b{w}\b", line) for w in LADDER)]
        assert all(line.startswith("Ásta gets") for line in named), named
    if "weapons" not in see:
        for secret in ("Glaive of Woe", "Brigandine", "large", "shield"):
            assert secret not in text, (secret, text)
    if "wounds" not in see:
        for line in (line for line in lines if "Orc" in line):
            shown = [w for w in WOUND_WORDS if w in line] + re.findall(r"[−+]?\d", line)
            assert not shown, (line, shown)
            assert "took" not in line, line
    # It fits the view's published shape, inside a whole players' view.
    jsonschema.validate(players_view(played(scene, see)), players.VIEW_SHAPE)


def test_every_kind_the_account_tells_is_among_the_scenes():
    kinds = {r["kind"] for scene in SCENES for r in account(played(scene, []))["results"]}
    assert kinds == set(players.RESULT_KINDS)


def test_a_result_names_each_rollers_dice_and_the_outcome_in_the_players_words():
    [result] = account(played("exchange", []))["results"]
    assert result == {"round": 1, "kind": "exchange", "title": "Ásta vs Orc",
                      "dice": [{"id": "c1", "name": "Ásta", "dice": "[+ + + 0] +3"},
                               {"id": "c2", "name": "Orc", "dice": "[− − 0 0] −2"}],
                      "lines": ["Ásta hits Orc.", "Orc: unhurt → wounded."]}
    # With his wounds shown, the wound and the track's status.
    [shown] = account(played("exchange", ["wounds"]))["results"]
    assert shown["lines"] == ["Ásta hits Orc.", "Orc: Undamaged → Scratch."]


def test_a_player_characters_wounds_are_always_named():
    [result] = account(played("exchange, the NPC strikes", []))["results"]
    assert result["lines"][0] == "Orc hits Ásta."
    assert re.fullmatch(r"Ásta: Undamaged → \w.+\.", result["lines"][1]), result["lines"]


def test_a_story_result_is_named_only_where_the_players_see_his_skills():
    orc, asta = reversed(account(played("story", []))["results"])
    assert orc["lines"] == ["The GM tells what it means."] and orc["title"] == "Orc's story roll"
    assert asta["lines"] == ["Ásta gets Superb."]
    orc_shown = account(played("story", ["skills"]))["results"][1]
    assert orc_shown["lines"] == ["Orc gets Good."]


def test_a_shield_is_named_only_where_the_players_see_his_weapons():
    def lines(see):
        return account(played("exchange, a shield stops it", see))["results"][0]["lines"]

    assert lines([]) == ["Ásta's blow does not get through."]
    assert lines(["weapons"]) == ["Orc's shield stops Ásta's blow."]


def test_a_hidden_track_marked_by_hand_shows_only_when_the_word_changes():
    enc = played("wound", [])
    assert account(enc)["results"][0]["lines"] == ["Orc: unhurt → badly hurt."]
    enc.apply({"t": "wound", "id": "c2", "level": "Scratch"})  # still badly hurt: nothing shows
    assert len(account(enc)["results"]) == 1
    enc.apply({"t": "players", "see": ["wounds"]})
    enc.apply({"t": "wound", "id": "c2", "level": "Scratch"})
    assert account(enc)["results"][0]["lines"] == ["Orc: still Very Hurt −1."]


def test_an_undone_result_leaves_the_account_and_a_redone_one_comes_back():
    enc = played("exchange", [])
    before = account(enc)["results"]
    enc.apply({"t": "undo"})
    assert account(enc)["results"] == []
    enc.apply({"t": "redo"})
    assert account(enc)["results"] == before
    enc.apply({"t": "undo"})
    enc.apply({"t": "wound", "id": "c1", "level": "Hurt"})  # a new event forgets what was undone
    assert [r["kind"] for r in account(enc)["results"]] == ["wound"]


def test_the_applied_events_are_those_of_the_states():
    enc = played("exchange", [])
    for event in ({"t": "next_round"}, {"t": "undo"}, {"t": "undo"}, {"t": "redo"},
                  {"t": "wound", "id": "c1", "level": "Hurt"}, {"t": "undo"}):
        enc.apply(event)
        events = applied(enc.log)
        assert len(events) == len(enc.states) - 1
        assert [e["t"] for e in events] == [s.last["kind"] for s in enc.states[1:]]


def test_the_account_holds_the_last_five_results_newest_first():
    enc = played("exchange", [])
    for level in ("Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death"):
        enc.apply({"t": "wound", "id": "c1", "level": level})
    results = account(enc)["results"]
    assert len(results) == players.MAX_RESULTS == 5
    assert [r["kind"] for r in results] == ["wound"] * 5
    assert results[0]["lines"][0].endswith("→ Near Death.") and "Scratch" in results[-1]["lines"][0]


def test_whose_turn_is_the_round_forms_next_pair_by_name():
    enc = played("exchange", [])
    turn, nxt = account(enc)["turn"], view(enc)["next"]
    assert (turn["a"], turn["b"], turn["round_over"]) == (nxt["a"], nxt["b"], nxt["round_over"])
    assert turn["text"] == "Next: Goblin vs Ásta"
    enc.apply({"t": "exchange", "a": "c3", "b": "c1", "a_dice": faces(0, 0, 0, 0), "b_dice": faces(0, 0, 0, 0)})
    assert account(enc)["turn"] == {"a": None, "b": None, "round_over": True, "text": "The round is over."}
    assert account(played("story", []))["turn"]["text"] == "Next: Goblin"
