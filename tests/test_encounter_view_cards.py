"""The encounter's view as the screen reads it: what it may offer (undo, redo), who moved and who
did not, whose turn the players are told, whom the players' links carry whole, and each card's
damage factors, pain, stun and state in words."""

from __future__ import annotations

from types import SimpleNamespace

from test_round_flow_every_event import fight

from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset


def exchange(a, b, ta, tb):
    return {"t": "exchange", "kind": "round", "a": a, "b": b,
            "a_dice": {"roll": {"total": ta}}, "b_dice": {"roll": {"total": tb}}}


def test_a_new_encounter_offers_no_undo_no_redo_and_names_nothing_to_undo():
    v = encounter_view.view(Encounter(name="Empty"))
    assert (v["can_undo"], v["can_redo"], v["undo_label"], v["changes"]) == (False, False, "", [])


def test_an_undone_event_may_be_redone():
    enc = fight()
    assert encounter_view.view(enc)["can_redo"] is False
    enc.apply({"t": "undo"})
    assert encounter_view.view(enc)["can_redo"] is True


def test_who_acted_this_round_is_told_only_under_alternating_turns():
    # F95 4.23: under alternating turns the round form must know who attacked this round;
    # simultaneous rounds have no such list.
    for pacing, told in (("simultaneous", False), ("alternating", True)):
        enc = fight(pacing=pacing)
        kind = "attack" if pacing == "alternating" else "round"
        enc.apply({**exchange("c1", "c3", 1, 0), "kind": kind})
        assert bool(encounter_view.view(enc)["this_round"]) is told, pacing


def test_a_fighter_edited_without_a_wound_is_no_change_and_a_scratch_that_leaves_the_state_is():
    enc = fight()
    enc.apply({"t": "edit", "id": "c3", "fighter": {"name": "Goblin 1", "role": "npc", "skills": {"Bow": "Fair"}}})
    assert encounter_view.view(enc)["changes"] == []
    # F95 4.57: a Scratch marks its box; Hurt −1 stays Hurt −1, yet the track moved.
    enc.apply({"t": "wound", "id": "c3", "level": 2})
    enc.apply({"t": "wound", "id": "c3", "level": 1})
    [change] = encounter_view.view(enc)["changes"]
    assert change["before"] == change["after"] == "Hurt \u22121"
    assert change["line"] == "Goblin 1: still Hurt \u22121"


def test_the_players_are_told_the_round_forms_next_pair_and_its_form():
    enc = fight()
    enc.apply(exchange("c1", "c3", 1, 0))
    told = encounter_view.next_pair(enc)
    assert told == encounter_view.view(enc)["next"]
    assert (told["form"], told["a"]) == ("ranged", "c2")  # Aldric has acted: Brenna's bow next


def test_the_players_links_carry_whole_the_player_characters_and_npcs_only_when_every_part_is_shown():
    enc = fight()
    whole = [c["name"] for c in encounter_view.view(enc)["players_whole"]]
    assert whole == ["Aldric", "Brenna"]
    enc.apply({"t": "players", "see": ["wounds", "skills", "weapons"]})
    whole = [c["name"] for c in encounter_view.view(enc)["players_whole"]]
    assert whole == ["Aldric", "Brenna", "Goblin 1", "Goblin 2"]


def test_a_cards_damage_factors_count_scale_hide_and_the_damage_resistant_gift():
    # F95 4.58: Strength and Mass Scale, Tough Hide; F95 4.52: Damage Capacity as a gift.
    enc = Encounter(name="Ogre", ruleset=new_ruleset("fudge1995", {"damage.capacity": "gift"}))
    enc.apply({"t": "add", "side": "foes", "fighter": {
        "name": "Ogre", "role": "npc", "skills": {"Club": "Good"}, "strength_scale": 2, "mass_scale": 3,
        "tough_hide": 1, "resistance": "resistant"}})
    [card] = encounter_view.view(enc)["combatants"]
    assert card["odf"]["total"] == 2
    assert {p["kind"]: p["value"] for p in card["ddf"]["parts"] if p["value"]} == {
        "mass_scale": 3, "tough_hide": 1, "resistant": 1}


def test_a_high_pain_threshold_shows_no_penalty_for_hurt():
    # F95 4.51: High Pain Threshold: no penalty while Hurt.
    enc = Encounter(name="Pain")
    enc.apply({"t": "add", "side": "players", "fighter": {"name": "Stoic", "skills": {"Sword": "Good"},
                                                          "pain_threshold": "high"}})
    enc.apply({"t": "wound", "id": "c1", "level": 2})
    [card] = encounter_view.view(enc)["combatants"]
    assert card["status"] == "Hurt"
    assert encounter_view.view(enc)["changes"][0]["after"] == "Hurt"


def test_a_stun_ends_on_the_stunned_fighters_card_alone():
    # F95 4.62: a stunning blow stuns its target until a later round.
    enc = fight()
    enc.apply({**exchange("c1", "c3", 0, -3), "a_declares": {"stun": True}})
    cards = {c["name"]: c for c in encounter_view.view(enc)["combatants"]}
    assert cards["Goblin 1"]["stunned_until"] is not None
    assert cards["Aldric"]["stunned_until"] is None and cards["Goblin 2"]["stunned_until"] is None


def test_a_fighters_state_in_words():
    def say(dead=False, knocked_out=False, **view):
        return encounter_view.status_text(SimpleNamespace(knocked_out=knocked_out),
                                          {"dead": dead, "can_act": True, "worst": 0, "penalty": 0,
                                           "stun": False, **view})
    assert say(dead=True) == "Dead"
    assert say(knocked_out=True) == "Knocked out"
    assert say(worst=0, worst_name="Undamaged") == "Undamaged"
    assert say(worst=2, worst_name="Hurt", penalty=-1, stun=True, stun_name="Stunned") == "Hurt \u22121, Stunned"


def test_the_scouting_roll_is_asked_only_where_all_out_defence_is_offered_and_it_does_something():
    # F95 4.31 / F93 4.62: a Perception roll after an all-out defence; stances replace all-out
    # (F95 4.32), and the option "No effect" leaves nothing to roll for.
    def scouting(options):
        enc = Encounter(name="S", ruleset=new_ruleset("fudge1995", options))
        return encounter_view.view(enc)["declare"]["scouting"]
    assert scouting({}) is True
    assert scouting({"melee.stances": True}) is False
    assert scouting({"melee.scouting": "off"}) is False


def test_a_pain_threshold_edited_in_is_a_change_though_no_box_moved():
    # F95 4.51: the same Hurt box, read −1 before and without a penalty after.
    enc = Encounter(name="Pain")
    enc.apply({"t": "add", "side": "players", "fighter": {"name": "Stoic", "skills": {"Sword": "Good"}}})
    enc.apply({"t": "wound", "id": "c1", "level": 2})
    track = enc.state.combatants[0].fighter.to_dict()["track"]
    enc.apply({"t": "edit", "id": "c1", "fighter": {"name": "Stoic", "skills": {"Sword": "Good"},
                                                     "pain_threshold": "high", "track": track}})
    [change] = encounter_view.view(enc)["changes"]
    assert (change["before"], change["after"]) == ("Hurt \u22121", "Hurt")


def test_at_the_rounds_end_the_players_are_told_the_form_the_next_round_starts_in():
    enc = fight()
    for a, b in (("c1", "c3"), ("c2", "c4")):
        enc.apply(exchange(a, b, 0, 0))
    told = encounter_view.next_pair(enc)
    assert told["round_over"] is True and told["form"] == "exchange" == encounter_view.view(enc)["next"]["form"]
