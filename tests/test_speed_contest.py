"""F95 4.36's Speed contest, reachable through the door and the encounter: "after declaring their
actions, each fighter makes a roll against a Speed trait. The winner of the Opposed action, if any,
adds the difference to his weapon skill." The rolls are each fighter's ``speed`` dice."""

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import ruleset_from_dict

QUICK = {"name": "Quick", "skills": {"Sword": "Fair"}, "speed": "Good"}
SLOW = {"name": "Slow", "skills": {"Sword": "Fair"}}  # no Speed trait: Fair


def duel(options=None, preset="fudge1995"):
    enc = Encounter(ruleset=ruleset_from_dict({"preset": preset, "options": options or {}}))
    enc.apply({"t": "add", "fighter": QUICK})
    enc.apply({"t": "add", "fighter": SLOW})
    return enc


def roll(total, speed=None):
    out = {"roll": {"total": total}}
    if speed is not None:
        out["speed"] = {"total": speed}
    return out


def test_the_speed_contests_winner_adds_the_difference_to_his_weapon_skill():
    enc = duel()
    # Quick: Good Speed +1 = Great; Slow: Fair −1 = Mediocre; Quick wins by 3.
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": roll(0, 1), "b_dice": roll(0, -1)})
    sides = enc.state.last["outcome"]["sides"]
    assert sides[0]["modifiers"] == [{"source": "won the Speed contest", "amount": 3, "section": "F95 4.36"}]
    assert sides[0]["offence"] == 3 and sides[1]["offence"] == 0
    texts = [s["text"] for s in enc.state.last["outcome"]["steps"]]
    assert "Speed contest: Quick Great against Slow Mediocre." in texts
    assert "Speed contest won by 3: +3 to weapon skill." in texts


def test_a_tied_speed_contest_gives_no_bonus():
    enc = duel()
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": roll(0, -1), "b_dice": roll(0, 0)})
    assert [s["modifiers"] for s in enc.state.last["outcome"]["sides"]] == [[], []]


def test_without_speed_rolls_there_is_no_contest():
    enc = duel()
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": roll(0), "b_dice": roll(0)})
    assert not any("Speed" in s["text"] for s in enc.state.last["outcome"]["steps"])


def test_both_fighters_roll_speed():
    enc = duel()
    with pytest.raises(FudgeError, match="Both fighters roll Speed") as err:
        enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": roll(0, 1), "b_dice": roll(0)})
    assert err.value.field == "event.b_dice.speed"


@pytest.mark.parametrize("preset, options", [("mudge", {}), ("fudge1995", {"melee.speed_contest": False})])
def test_the_speed_contest_is_refused_where_the_rules_leave_it_out(preset, options):
    enc = duel(options, preset)
    with pytest.raises(FudgeError, match="Speed contest") as err:
        enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": roll(0, 1), "b_dice": roll(0, 0)})
    assert err.value.field == "event.a_dice.speed"


def test_an_alternating_attack_takes_the_speed_contest_too():
    enc = duel({"melee.pacing": "alternating"})
    enc.apply({"t": "exchange", "kind": "attack", "a": "c2", "b": "c1", "a_dice": roll(0, 2), "b_dice": roll(0, 0)})
    sides = enc.state.last["outcome"]["sides"]  # Slow Great against Quick Good: Slow +1
    assert sides[0]["modifiers"] == [{"source": "won the Speed contest", "amount": 1, "section": "F95 4.36"}]


def test_a_speed_roll_is_refused_where_no_exchange_reads_it():
    enc = duel()
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "ranged", "shooter": "c1", "target": "c2", "difficulty": "Fair",
                   "shooter_dice": roll(0, 1), "target_dice": roll(0)})
    assert err.value.field == "event.shooter_dice.speed"


def test_the_door_exchange_reads_speed_rolls_and_describe_lists_them():
    fighters = {"a": QUICK, "b": SLOW, "a_dice": roll(0, 1), "b_dice": roll(0, -1)}
    reply = json.loads(api.handle(json.dumps({"action": "exchange", "args": {"exchange": fighters}})))
    assert reply["ok"], reply
    assert reply["result"]["sides"][0]["modifiers"][0]["source"] == "won the Speed contest"
    inputs = json.loads(api.handle(json.dumps({"action": "describe"})))["result"]["inputs"]
    speed = next(i for i in inputs if i["key"] == "speed")
    assert speed["section"] == "F95 4.36" and "exchange.a_dice.speed" in speed["where"]


def test_the_view_offers_speed_rolls_when_the_rules_use_them():
    assert encounter_view.view(duel())["declare"]["speed"] is True
    assert encounter_view.view(duel(preset="mudge"))["declare"]["speed"] is False
