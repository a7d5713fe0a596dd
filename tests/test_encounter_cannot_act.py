"""Group and ranged events check who can act as the exchange does: a fighter Incapacitated or
worse, or knocked out, is "incapable of any actions" (F95 4.51, 4.62); a stunned one "cannot
attack" (F95 4.62) but still defends."""

import pytest

from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rules.wounds import INCAPACITATED
from pyfudge.rulesets import new_ruleset

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 1}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}
ARCHER = {"name": "Archer", "role": "npc", "skills": {"Bow": "Good"}, "weapon": {"name": "Bow", "size": 1}}


def fight(*fighters):
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    for f in fighters:
        enc.apply({"t": "add", "fighter": f})
    return enc


def disable(enc, cid, how):
    """Put combatant ``cid`` out of action: dead, near death, incapacitated or knocked out."""
    if how == "knocked_out":
        c = next(c for c in enc.state.combatants if c.id == cid)
        sheet = c.fighter.to_dict()
        sheet["track"] = {**c.fighter.track_for(enc.state.rules).to_dict(), "knocked_out": True}
        enc.apply({"t": "edit", "id": cid, "fighter": sheet})
    else:
        enc.apply({"t": "wound", "id": cid, "level": {"dead": 6, "near_death": 5, "incapacitated": INCAPACITATED}[how]})
    assert not next(c for c in enc.state.combatants if c.id == cid).fighter.can_fight(enc.state.rules)


def worst(enc, cid):
    return next(c for c in enc.state.combatants if c.id == cid).fighter.track_for(enc.state.rules).worst


DOWN = ["dead", "near_death", "incapacitated", "knocked_out"]
GROUP = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": -4}},
         "foe_dice": {"c2": {"roll": {"total": 4}}, "c3": {"roll": {"total": -4}}}}


@pytest.mark.parametrize("how", DOWN)
def test_a_foe_who_cannot_act_is_out_of_the_group_round(how):
    enc = fight(HERO, ORC, GOB)
    disable(enc, "c2", how)
    enc.apply(GROUP)
    last = enc.state.last
    # The Orc's +4 would have wounded the Hero; he takes no part, and adds no −1 to the Hero.
    assert worst(enc, "c1") == 0
    assert last["foes"] == ["c3"]
    assert last["round"]["lone"]["modifiers"] == []
    assert [f["name"] for f in last["group"]["foes"]] == ["Gob"]
    assert any(s["section"] == "F95 4.51" and "Orc" in s["text"] for s in last["outcome"]["steps"])
    again = Encounter.from_dict(enc.to_dict())
    assert encounter_view.view(again) == encounter_view.view(enc)


@pytest.mark.parametrize("how", DOWN)
def test_a_lone_fighter_who_cannot_act_is_refused(how):
    enc = fight(HERO, ORC, GOB)
    disable(enc, "c1", how)
    before = enc.to_dict()
    with pytest.raises(FudgeError) as err:
        enc.apply(GROUP)
    assert err.value.field == "event.lone"
    assert enc.to_dict() == before


def test_no_foe_who_can_act_and_a_target_who_cannot_are_refused():
    enc = fight(HERO, ORC, GOB)
    disable(enc, "c2", "dead")
    disable(enc, "c3", "knocked_out")
    with pytest.raises(FudgeError) as err:
        enc.apply(GROUP)
    assert err.value.field == "event.foes"
    enc = fight(HERO, ORC, GOB)
    disable(enc, "c2", "dead")
    with pytest.raises(FudgeError) as err:
        enc.apply({**GROUP, "targets": ["c2"]})
    assert err.value.field == "event.targets[0]" and "cannot act" in err.value.message


def test_a_stunned_foe_defends_and_counts_but_does_not_wound():
    enc = fight(HERO, ORC, GOB)
    enc.apply({**GROUP, "foe_declares": {"c2": {"stunned": 1}}})
    last = enc.state.last
    assert worst(enc, "c1") == 0  # the Orc beat him, but a stunned fighter cannot attack (F95 4.62)
    assert last["foes"] == ["c2", "c3"] and last["group"]["hits_on_lone"] == []
    assert any(s["section"] == "F95 4.62" for s in last["outcome"]["steps"])
    enc = fight(HERO, ORC, GOB)
    enc.apply(GROUP)
    assert worst(enc, "c1") > 0  # the same round, the Orc not stunned


def test_a_stunned_lone_fighter_defends_but_does_not_wound():
    event = {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
             "lone_dice": {"roll": {"total": 4}, "damage": [1, 1, 1, 1]},
             "foe_dice": {"c2": {"roll": {"total": -4}}, "c3": {"roll": {"total": -4}}}, "targets": ["c3"]}
    enc = fight(HERO, ORC, GOB)
    enc.apply(event)
    assert worst(enc, "c3") > 0
    enc = fight(HERO, ORC, GOB)
    enc.apply({**event, "lone_declares": {"stunned": 1}})
    assert worst(enc, "c3") == 0 and worst(enc, "c1") == 0
    assert enc.state.last["group"]["strikes"] == []
    assert any(s["section"] == "F95 4.62" for s in enc.state.last["outcome"]["steps"])


AWARE = {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_dice": {"roll": {"total": 3}, "damage": [0, 0, 0, 0]}, "target_dice": {"roll": {"total": 0}}}


@pytest.mark.parametrize("how", DOWN + ["stunned"])
def test_a_shooter_who_cannot_act_or_attack_is_refused(how):
    enc = fight(ARCHER, HERO)
    event = AWARE
    if how == "stunned":
        event = {**AWARE, "shooter_declares": {"stunned": 1}}
    else:
        disable(enc, "c1", how)
    before = enc.to_dict()
    with pytest.raises(FudgeError) as err:
        enc.apply(event)
    assert err.value.field == "event.shooter"
    assert enc.to_dict() == before


@pytest.mark.parametrize("how", DOWN)
@pytest.mark.parametrize("mode", ["aware", "shoot_back"])
def test_a_target_who_cannot_act_neither_dodges_nor_shoots_back(how, mode):
    enc = fight(ARCHER, HERO)
    disable(enc, "c2", how)
    before = enc.to_dict()
    with pytest.raises(FudgeError) as err:
        enc.apply({**AWARE, "mode": mode})
    assert err.value.field == "event.mode" and "unaware" in err.value.message
    assert enc.to_dict() == before
    enc.apply({**AWARE, "mode": "unaware", "target_dice": {}})
    assert enc.state.last["ranged"]["shots"][0]["hit"]


def test_a_stunned_target_dodges_but_cannot_shoot_back():
    enc = fight(ARCHER, HERO)
    with pytest.raises(FudgeError) as err:
        enc.apply({**AWARE, "mode": "shoot_back", "target_declares": {"stunned": 1}})
    assert err.value.field == "event.mode"
    enc.apply({**AWARE, "target_declares": {"stunned": 1}})
    assert enc.state.last["kind"] == "ranged"


@pytest.mark.parametrize("how", DOWN)
def test_one_who_cannot_act_rolls_no_story_element_nor_initiative(how):
    """F95 4.51/4.62: "incapable of any actions" — no story-element roll (F95 4.21) and no
    initiative roll (F95 4.23) for him; refused with his state, nothing logged."""
    story = Encounter(ruleset=new_ruleset("fudge1995", {"melee.pacing": "story"}))
    turns = Encounter(ruleset=new_ruleset("fudge1995", {"melee.pacing": "alternating"}))
    for enc in (story, turns):
        for f in (HERO, ORC):
            enc.apply({"t": "add", "fighter": f})
        disable(enc, "c2", how)
    story.apply({"t": "story", "id": "c1", "rolls": [{"total": 0}]})
    for enc, event, field in ((story, {"t": "story", "id": "c2", "rolls": [{"total": 0}]}, "event.id"),
                              (turns, {"t": "initiative", "a": "c1", "b": "c2"}, "event.b"),
                              (turns, {"t": "initiative", "a": "c2", "b": "c1"}, "event.a")):
        before = len(enc.log)
        with pytest.raises(FudgeError, match="Orc cannot roll now: .*cannot act") as err:
            enc.apply(event)
        assert err.value.field == field and len(enc.log) == before
