"""Adding several fighters of one sheet, and the numbering of repeated names (the ``add`` event's
``count`` and ``names``; :func:`pyfudge.encounter.state.numbered_names`)."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.combat.fighter import NAME_LIMIT
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import MAX_COMBATANTS, Encounter
from pyfudge.encounter.state import numbered_names

GOBLIN = {"name": "Goblin", "role": "npc", "skills": {"Club": "Mediocre"}}


def names(enc: Encounter) -> list[str]:
    return [c["name"] for c in encounter_view.view(enc)["combatants"]]


def add(enc: Encounter, fighter: dict = GOBLIN, **more) -> None:
    enc.apply({"t": "add", "fighter": fighter, **more})


@pytest.mark.parametrize("taken, name, count, expected", [
    ([], "Goblin", 1, ["Goblin"]),                                     # free: kept
    ([], "Goblin", 4, ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]),  # several: from 1
    (["Goblin"], "Goblin", 1, ["Goblin 2"]),                           # the lone one counts as the first
    (["Goblin"], "Goblin", 2, ["Goblin 2", "Goblin 3"]),
    (["Goblin 1", "Goblin 2"], "Goblin", 1, ["Goblin 3"]),             # numbered kin: next number
    (["Goblin 1", "Goblin 2"], "Goblin 2", 1, ["Goblin 3"]),           # a copy of Goblin 2
    (["Goblin 1", "Goblin 4"], "Goblin", 1, ["Goblin 5"]),             # past the highest, not into the gap
    (["Goblin 1"], "Goblin 3", 1, ["Goblin 3"]),                       # a free number the GM typed stays
    (["Goblin 1"], "Hobgoblin", 1, ["Hobgoblin"]),                     # another name is no kin
    (["R2D2"], "R2D2", 1, ["R2D2 2"]),                                 # a number without a space is the name's
    (["Agent 47"], "Agent 47", 1, ["Agent 48"]),
])
def test_numbered_names(taken, name, count, expected):
    assert numbered_names(taken, name, count) == expected


def test_a_long_name_is_shortened_to_fit_its_number():
    long = "G" * NAME_LIMIT
    got = numbered_names([long], long, 12)
    assert all(len(n) <= NAME_LIMIT for n in got) and got[-1].endswith(" 13")
    enc = Encounter()
    add(enc, {**GOBLIN, "name": long}, count=3)
    assert len(names(enc)) == 3 and all(len(n) <= NAME_LIMIT for n in names(enc))


def test_four_goblins_in_one_event_are_numbered_and_one_undo_takes_them_all():
    enc = Encounter()
    add(enc, count=4)
    assert names(enc) == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
    assert enc.lines[-1] == "Goblin 1, Goblin 2, Goblin 3 and Goblin 4 join the fight."
    assert [c["id"] for c in encounter_view.view(enc)["combatants"]] == ["c1", "c2", "c3", "c4"]
    assert encounter_view.view(enc)["undo_label"] == "Goblin 1 … Goblin 4 join the fight"
    assert all(c["side"] == "foes" for c in encounter_view.view(enc)["combatants"])  # an NPC joins the foes
    enc.apply({"t": "undo"})
    assert names(enc) == []


def test_a_repeated_name_is_numbered_instead_of_refused():
    enc = Encounter()
    add(enc)
    add(enc)
    add(enc, count=2)
    assert names(enc) == ["Goblin", "Goblin 2", "Goblin 3", "Goblin 4"]


def test_the_logged_event_holds_the_names_so_a_replay_names_them_alike():
    enc = Encounter()
    add(enc, count=3)
    add(enc, {**GOBLIN, "name": "Orc"})
    assert enc.log[0]["names"] == ["Goblin 1", "Goblin 2", "Goblin 3"]
    assert "names" not in enc.log[1]  # a plain add is logged as sent
    again = Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))
    assert names(again) == names(enc) and again.log == enc.log


def test_the_door_returns_the_add_event_with_its_names():
    new = json.loads(api.handle(json.dumps({"action": "encounter.new", "args": {"id": "x1"}})))["result"]
    out = json.loads(api.handle(json.dumps({"action": "encounter.apply", "args": {
        "id": "x1", "rev": 0, "event": {"t": "add", "fighter": GOBLIN, "count": 2}}})))
    assert out["ok"], out
    assert out["result"]["event"]["names"] == ["Goblin 1", "Goblin 2"]
    assert new["rev"] == 0 and out["result"]["rev"] == 1


@pytest.mark.parametrize("more, field", [
    ({"count": 0}, "event.count"),
    ({"count": True}, "event.count"),
    ({"count": MAX_COMBATANTS + 1}, "event.count"),
    ({"names": ["A", "A"]}, "event.names[1]"),
    ({"names": ["A"], "count": 2}, "event.names"),
    ({"names": "A"}, "event.names"),
    ({"names": [""]}, "event.names[0]"),
    ({"names": ["Goblin"]}, "event.names[0]"),   # in use
    ({"names": ["Bad\u0007name"]}, "event.names[0]"),
])
def test_bad_counts_and_names_are_refused_naming_the_field(more, field):
    enc = Encounter()
    add(enc)
    with pytest.raises(FudgeError) as err:
        add(enc, **more)
    assert err.value.field == field
    assert names(enc) == ["Goblin"]


def test_a_count_beyond_the_room_left_is_refused():
    enc = Encounter()
    add(enc, count=MAX_COMBATANTS - 2)
    with pytest.raises(FudgeError) as err:
        add(enc, count=3)
    assert "room for 2 more" in err.value.message
    add(enc, count=2)
    assert len(names(enc)) == MAX_COMBATANTS


def test_an_edit_onto_a_name_in_use_is_still_refused():
    enc = Encounter()
    add(enc, count=2)
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "edit", "id": "c2", "fighter": {**GOBLIN, "name": "Goblin 1"}})
    assert "already a combatant called" in err.value.message
