"""A fighter added or edited without a role takes one from where he stands: an added foe is an
NPC, an added fighter on the players' side (or on no side) a player character, and an edited
one keeps the role he had, as he keeps his wounds. A role given is kept."""

import json

import pytest

from pyfudge.core.errors import FudgeError
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

GOBLIN = {"name": "Goblin", "skills": {"Club": "Fair"}}


def roles(enc):
    return [(c.id, c.side, c.fighter.role) for c in enc.state.combatants]


def test_an_added_fighter_without_a_role_takes_his_sides():
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": GOBLIN, "side": "foes"})
    enc.apply({"t": "add", "fighter": {**GOBLIN, "name": "Aldric"}, "side": "players"})
    enc.apply({"t": "add", "fighter": {**GOBLIN, "name": "Bran"}})
    enc.apply({"t": "add", "fighter": {**GOBLIN, "name": "Mole", "role": "pc"}, "side": "foes"})
    assert roles(enc) == [("c1", "foes", "npc"), ("c2", "players", "pc"), ("c3", "players", "pc"),
                          ("c4", "foes", "pc")]
    # The role written in is what the log keeps: the replay reads the same fighters.
    again = Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))
    assert roles(again) == roles(enc)


def test_an_edited_fighter_without_a_role_keeps_his_own():
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": GOBLIN, "side": "foes"})
    enc.apply({"t": "add", "fighter": {**GOBLIN, "name": "Aldric"}, "side": "players"})
    enc.apply({"t": "edit", "id": "c1", "fighter": {**GOBLIN, "name": "Goblin chief"}})
    enc.apply({"t": "edit", "id": "c2", "fighter": {**GOBLIN, "name": "Aldric"}, "side": "foes"})
    assert roles(enc) == [("c1", "foes", "npc"), ("c2", "foes", "pc")]


def test_a_side_that_is_no_text_is_refused_by_its_field_and_changes_nothing():
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "add", "fighter": GOBLIN, "side": ["foes"]})
    assert err.value.field == "event.side" and enc.state.combatants == ()
