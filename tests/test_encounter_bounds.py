"""The encounter's edges: a stored encounter with parts left out, an event that is not an object,
the names of numbered fighters, the most foes a group round takes, a one-character id, the reason
a fighter both knocked down and Incapacitated cannot act, and a log line with two blows.
"""

from dataclasses import replace
from typing import Any

import pytest

from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import NAME_LIMIT, Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import log as encounter
from pyfudge.encounter import state as encounter_state
from pyfudge.encounter.log import Encounter, remembered
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

SWORD = {"name": "Sword", "size": 2}
A = {"name": "A", "skills": {"Sword": "Fair"}, "weapon": SWORD}
B = {"name": "B", "skills": {"Sword": "Fair"}, "weapon": SWORD}


def _roll(total: int) -> dict[str, Any]:
    return {"roll": {"total": total}}


def test_a_stored_encounter_without_a_log_or_a_name_opens_empty_and_named_encounter():
    enc = Encounter.from_dict({"name": "Ambush"})
    assert (enc.name, enc.log, enc.lines) == ("Ambush", [], [])
    assert Encounter.from_dict({"log": [{"t": "next_round"}]}).name == "Encounter"
    assert Encounter.from_dict({}).to_dict() == Encounter().to_dict()


def test_an_event_that_is_not_an_object_is_returned_as_it_is_for_the_handler_to_refuse():
    state = Encounter(ruleset=new_ruleset("fudge1995", {"melee.pacing": "alternating"})).state
    for event in ([1, 2], "exchange", None, 3):
        assert remembered(state, event) is event


def test_one_fighter_keeps_his_name_unless_it_is_taken():
    assert encounter_state.numbered_names([], "Orc") == ["Orc"]
    assert encounter_state.numbered_names(["Goblin"], "Orc") == ["Orc"]
    assert encounter_state.numbered_names(["Orc"], "Orc") == ["Orc 2"]


def test_a_long_name_shortened_for_its_number_drops_the_space_it_is_cut_at():
    name = "A" * (NAME_LIMIT - 3) + " B"  # cut to fit " 1", it ends in the space
    assert len(name) == NAME_LIMIT - 1
    assert encounter_state.numbered_names([], name, 2) == ["A" * (NAME_LIMIT - 3) + " 1",
                                                           "A" * (NAME_LIMIT - 3) + " 2"]


def test_a_group_round_takes_twelve_foes_and_no_more():
    """F95 4.34: at most six can reach one fighter in the open, a GM's table may say up to twelve;
    the encounter's group round takes twelve."""
    limits = {"open": 12, "cramped": 12, "doorway": 12}
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"multi.attacker_limits": limits}))
    enc.apply({"t": "add", "fighter": A})
    enc.apply({"t": "add", "fighter": B, "count": 13})
    foes = [f"c{i}" for i in range(2, 15)]
    event = {"t": "group", "lone": "c1", "lone_dice": _roll(4), "foe_dice": {f: _roll(-4) for f in foes}}
    try:
        enc.apply({**event, "foes": foes})
    except FudgeError as err:
        assert (err.message, err.field) == ("foes must list 1 to 12 combatant ids.", "event.foes")
    else:
        raise AssertionError("thirteen foes were taken")
    enc.apply({**event, "foes": foes[:12], "foe_dice": {f: _roll(-4) for f in foes[:12]}, "targets": ["c2"]})
    assert enc.state.last["foes"] == foes[:12]


def test_a_one_character_id_is_an_id_that_is_not_in_the_encounter():
    enc = Encounter()
    try:
        enc.apply({"t": "remove", "id": "x"})
    except FudgeError as err:
        assert (type(err).__name__, err.message, err.field) == (
            "EncounterError", "No combatant 'x' in this encounter.", "event.id")
    else:
        raise AssertionError("an unknown id was removed")


def test_knocked_down_and_incapacitated_cannot_act_for_the_wound():
    """CO 4.3.2's knock-down is the reason only below Incapacitated; F95 4.51 otherwise."""
    rules = new_ruleset("fudge1995", {})
    plain = Fighter.from_dict({"name": "X", "skills": {"S": 0}})
    track = plain.track_for(rules)
    down = replace(wounds.record_wound(track, wounds.INCAPACITATED, rules=rules).track, dropped=True)
    assert encounter_state.refused_roles(plain.with_track(down), Declaration(), rules) == dict.fromkeys(
        encounter_state.ROLES, "Incapacitated: cannot act (F95 4.51)")


def test_an_exchange_with_two_blows_lists_both():
    """F95 4.32: two berserkers both hit in a simultaneous round."""
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"melee.stances": True}))
    for f in (A, B):
        enc.apply({"t": "add", "fighter": f})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stance": "berserk"},
               "b_declares": {"stance": "berserk"}, "a_dice": _roll(0), "b_dice": _roll(0)})
    assert enc.lines[-1] == "Round 1, A vs B: hit: B Very Hurt, A Very Hurt."


def _refusal(enc: Encounter, event: Any) -> tuple[str, str, str | None]:
    try:
        enc.apply(event)
    except FudgeError as err:
        return type(err).__name__, err.message, err.field
    raise AssertionError(f"{event!r} was applied")


def test_a_long_event_type_or_field_name_is_cut_in_the_refusal():
    enc = Encounter()
    assert _refusal(enc, {"t": "x" * 30}) == ("RequestError", f"Unknown event type {'x' * 20!r}.", "event.t")
    assert _refusal(enc, {"t": "next_round", "k" * 50: 1}) == (
        "RequestError", f"A next_round event has no field {'k' * 40!r}.", f"event.{'k' * 40}")


def test_unknown_fields_of_any_kind_of_key_are_named_the_least_first():
    """A Python caller's event may have keys that are not text: they are named as text."""
    assert _refusal(Encounter(), {"t": "next_round", 1: 0, "a": 0}) == (
        "RequestError", "A next_round event has no field '1'.", "event.1")


def test_a_log_holds_ten_thousand_events():
    enc = Encounter()
    enc.log = [{"t": "next_round"}] * (encounter.MAX_EVENTS - 1)
    enc.apply({"t": "next_round"})
    assert len(enc.log) == encounter.MAX_EVENTS
    assert _refusal(enc, {"t": "next_round"}) == (
        "EncounterError", "An encounter's log holds at most 10,000 events; start a new encounter.", "event")


def test_a_full_log_can_still_undo_and_redo_and_replays_so():
    """Undo is an event: a log full of 10,000 events keeps room for undos and redos past them
    (:data:`encounter.UNDO_ROOM`), never for a new event, and replays as it was logged."""
    enc = Encounter()
    enc.log = [{"t": "next_round"}] * (encounter.MAX_EVENTS - 1)
    enc.apply({"t": "next_round"})
    enc.apply({"t": "undo"})
    enc.apply({"t": "redo"})
    enc.apply({"t": "undo"})
    assert len(enc.log) == encounter.MAX_EVENTS + 3
    assert _refusal(enc, {"t": "next_round"}) == (
        "EncounterError", "An encounter's log holds at most 10,000 events; start a new encounter.", "event")
    again = Encounter.from_dict(enc.to_dict())
    assert len(again.log) == len(enc.log) and again.state.round == 10_000  # the last next_round undone
    enc.log += [{"t": "redo"}, {"t": "undo"}] * ((encounter.UNDO_ROOM - 3) // 2)
    while len(enc.log) < encounter.MAX_EVENTS + encounter.UNDO_ROOM:
        enc.log.append({"t": "undo"})
    assert _refusal(enc, {"t": "undo"}) == ("EncounterError", (
        f"An encounter's log holds at most 10,000 events and {encounter.UNDO_ROOM:,} undos or redos past them; "
        "start a new encounter."), "event")
    # Full to the last undo, it is stored and opened as it is; one more is refused.
    assert len(Encounter.from_dict(enc.to_dict()).log) == encounter.MAX_EVENTS + encounter.UNDO_ROOM
    too_long = {**enc.to_dict(), "log": enc.log + [{"t": "undo"}]}
    with pytest.raises(FudgeError) as err:
        Encounter.from_dict(too_long)
    assert err.value.field == "encounter.log"
