"""Alternating turns remember what each fighter declared this round (F95 4.23):

"A character forfeits his attack for a round if he chooses All-out defense"; "attack hastily (+1
to initiative that round) but be slightly off balance because of it (-1 to attack and defend
that round)". The round's memory is written into the logged event (the hasty penalty to defend
as an explicit defence modifier), so a log replays the same in any build; a stored log of an
earlier build, which had no such memory, still opens and replays as it was (checks.stored_log).
"""

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset, ruleset_from_dict

RULES = {"preset": "fudge1995", "options": {"melee.weapon_disparity": "off", "melee.pacing": "alternating"}}
SWORD = {"name": "Sword", "size": 2}
A = {"name": "A", "skills": {"Sword": "Fair"}, "weapon": SWORD}
B = {"name": "B", "skills": {"Sword": "Fair"}, "weapon": SWORD}
HASTY_DEFENCE = {"source": "hasty attack this round", "amount": -1, "section": "F95 4.23"}


def attack(a, b, a_total, b_total, a_declares=None, b_declares=None):
    event = {"t": "exchange", "kind": "attack", "a": a, "b": b,
             "a_dice": {"roll": {"total": a_total}}, "b_dice": {"roll": {"total": b_total}}}
    if a_declares is not None:
        event["a_declares"] = a_declares
    if b_declares is not None:
        event["b_declares"] = b_declares
    return event


def duel():
    enc = Encounter(ruleset=ruleset_from_dict(RULES))
    enc.apply({"t": "add", "fighter": A})
    enc.apply({"t": "add", "fighter": B})
    return enc


def defender(enc):
    return enc.state.last["outcome"]["sides"][1]


# --- all-out defence forfeits the round's attack ---------------------------------------------

def test_all_out_defence_forfeits_the_attack_of_the_same_round():
    enc = duel()
    enc.apply(attack("c2", "c1", 1, 0, b_declares={"all_out": "defense"}))
    assert enc.lines[-1] == "Round 1, B vs A: miss."
    with pytest.raises(FudgeError, match=r"forfeit their attack this round \(F95 4\.23\)") as err:
        enc.apply(attack("c1", "c2", 3, 0))
    assert err.value.field == "event.a"
    assert len(enc.log) == 3  # nothing logged
    enc.apply({"t": "next_round"})
    enc.apply(attack("c1", "c2", 3, 0))  # the next round he attacks again
    assert enc.lines[-1].startswith("Round 2, A vs B: hit")


def test_one_who_attacked_this_round_cannot_choose_all_out_defence():
    enc = duel()
    enc.apply(attack("c1", "c2", 0, 0))
    with pytest.raises(FudgeError, match="forfeits") as err:
        enc.apply(attack("c2", "c1", 0, 0, b_declares={"all_out": "defense"}))
    assert err.value.field == "event.b_declares.all_out"
    enc.apply(attack("c2", "c1", 0, 0))  # a plain defence is fine


def test_the_view_says_who_forfeited_his_attack_this_round():
    enc = duel()
    enc.apply(attack("c2", "c1", 1, 0, b_declares={"all_out": "defense"}))
    rows = {r["id"]: r for r in encounter_view.view(enc)["this_round"]}
    assert rows["c1"]["all_out_defence"] and not rows["c1"]["attacked"]
    assert "F95 4.23" in rows["c1"]["unable"]["attacker"]
    cards = {c["id"]: c for c in encounter_view.view(enc)["combatants"]}
    assert cards["c1"]["unable"]["attacker"] == rows["c1"]["unable"]["attacker"]  # the form's own refusals
    assert "attacker" not in cards["c2"]["unable"]
    unable = rows["c2"]["unable"]
    assert rows["c2"]["attacked"] and unable == {"all_out_defence": unable["all_out_defence"]}
    enc.apply({"t": "next_round"})
    assert encounter_view.view(enc)["this_round"] == []


def test_end_of_battle_forgets_the_round():
    enc = duel()
    enc.apply(attack("c2", "c1", 1, 0, b_declares={"all_out": "defense"}))
    enc.apply({"t": "end_battle"})
    enc.apply(attack("c1", "c2", 0, 0))  # round 1 of a new battle
    assert enc.lines[-1].startswith("Round 1, A vs B")


def test_an_old_log_with_an_attack_after_all_out_defence_opens_as_it_was():
    old = {"name": "Old duel", "ruleset": RULES,
           "log": [{"t": "add", "fighter": A}, {"t": "add", "fighter": B},
                   attack("c2", "c1", 1, 0, b_declares={"all_out": "defense"}),
                   attack("c1", "c2", 3, 0)]}
    enc = Encounter.from_dict(json.loads(json.dumps(old)))
    assert enc.to_dict() == old
    assert enc.lines[-1] == "Round 1, A vs B: hit: B Very Hurt."


# --- a hasty attack's −1 to defend that round -------------------------------------------------

def test_a_hasty_attack_leaves_minus_one_to_defend_that_round():
    enc = duel()
    enc.apply(attack("c2", "c1", 0, 0, a_declares={"hasty": True}))
    enc.apply(attack("c1", "c2", 0, 0))
    mods = defender(enc)["defence_modifiers"]
    assert mods == [HASTY_DEFENCE]
    assert defender(enc)["defence"] == -1  # Fair −1
    # Written into the log, so a replay in any build reads it as applied.
    assert enc.log[-1]["b_declares"] == {"defence_modifiers": [HASTY_DEFENCE]}
    again = Encounter.from_dict(enc.to_dict())
    assert again.lines == enc.lines


def test_the_door_returns_the_event_with_what_the_round_remembers():
    reply = json.loads(api.handle(json.dumps({"action": "encounter.new", "args": {"id": "hasty", "ruleset": RULES}})))
    rev = 0
    for event in ({"t": "add", "fighter": A}, {"t": "add", "fighter": B},
                  attack("c2", "c1", 0, 0, a_declares={"hasty": True}), attack("c1", "c2", 0, 0)):
        reply = json.loads(api.handle(json.dumps({"action": "encounter.apply",
                                                  "args": {"id": "hasty", "rev": rev, "event": event}})))
        assert reply["ok"], reply
        rev += 1
    assert reply["result"]["event"]["b_declares"] == {"defence_modifiers": [HASTY_DEFENCE]}


def test_the_hasty_penalty_to_defend_ends_with_the_round():
    enc = duel()
    enc.apply(attack("c2", "c1", 0, 0, a_declares={"hasty": True}))
    enc.apply({"t": "next_round"})
    enc.apply(attack("c1", "c2", 0, 0))
    assert defender(enc)["defence_modifiers"] == []


def test_a_hasty_penalty_declared_again_on_the_defence_counts_once():
    enc = duel()
    enc.apply(attack("c2", "c1", 0, 0, a_declares={"hasty": True}))
    enc.apply(attack("c1", "c2", 0, 0, b_declares={"hasty": True}))
    assert [m["amount"] for m in defender(enc)["defence_modifiers"]] == [-1]
    assert enc.log[-1]["b_declares"] == {"hasty": True}


def test_the_odds_before_rolling_count_the_hasty_penalty_to_defend():
    enc = duel()
    enc.apply(attack("c2", "c1", 0, 0, a_declares={"hasty": True}))
    args = {"id": "odds-hasty", "encounter": enc.to_dict(), "rev": len(enc.log),
            "event": {"t": "exchange", "kind": "attack", "a": "c1", "b": "c2"}}
    carried = json.loads(api.handle(json.dumps({"action": "encounter.odds", "args": args})))
    plain = json.loads(api.handle(json.dumps({"action": "encounter.odds", "args": {
        **args, "id": "odds-plain", "encounter": {**enc.to_dict(), "log": enc.to_dict()["log"][:2]}, "rev": 2}})))
    assert carried["ok"] and plain["ok"], (carried, plain)
    hit = lambda r: r["result"]["directions"][0]["lands"]["p"]  # noqa: E731
    assert hit(carried) > hit(plain)


def test_an_old_log_without_the_carried_hasty_penalty_replays_as_it_was():
    old = {"name": "Old hasty", "ruleset": RULES,
           "log": [{"t": "add", "fighter": A}, {"t": "add", "fighter": B},
                   attack("c2", "c1", 0, 0, a_declares={"hasty": True}), attack("c1", "c2", 1, 0)]}
    enc = Encounter.from_dict(json.loads(json.dumps(old)))
    assert enc.to_dict() == old
    assert enc.state.last["outcome"]["sides"][1]["defence_modifiers"] == []
    assert enc.lines[-1] == "Round 1, A vs B: graze: B Scratch."


# --- the hasty +1 to initiative ---------------------------------------------------------------

def test_initiative_takes_a_hasty_declaration():
    enc = duel()
    enc.apply({"t": "initiative", "a": "c1", "b": "c2", "a_declares": {"hasty": True},
               "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": 0}}})
    assert enc.state.last["first"] == "c1"
    assert enc.state.last["outcome"]["a_modifiers"] == [{"source": "hasty attack", "amount": 1, "section": "F95 4.23"}]
    # His attack that round is the hasty one (−1), and so is his defence.
    enc.apply(attack("c1", "c2", 0, 0))
    assert enc.log[-1]["a_declares"] == {"hasty": True}
    assert enc.state.last["outcome"]["sides"][0]["offence"] == -1
    enc.apply(attack("c2", "c1", 0, 0))
    assert defender(enc)["defence_modifiers"] == [HASTY_DEFENCE]


@pytest.mark.parametrize("declares, field", [
    ({"all_out": "offense"}, "event.a_declares"),
    ({"hasty": "yes"}, "event.a_declares.hasty"),
])
def test_an_initiative_declaration_holds_only_hasty(declares, field):
    enc = duel()
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "initiative", "a": "c1", "b": "c2", "a_declares": declares,
                   "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": 0}}})
    assert err.value.field.startswith(field), err.value.field


def test_writing_the_round_into_an_event_is_idempotent_and_leaves_other_events_alone():
    from pyfudge.encounter.log import remembered
    enc = duel()
    enc.apply({"t": "initiative", "a": "c1", "b": "c2", "a_declares": {"hasty": True},
               "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": 0}}})
    for event in (attack("c1", "c2", 0, 0), attack("c2", "c1", 0, 0, b_declares={"defence_modifiers": []})):
        once = remembered(enc.state, event)
        assert once != event and remembered(enc.state, once) == once
    for event in (attack("c2", "c2", 0, 0), {**attack("c1", "c2", 0, 0), "kind": "round"},
                  attack("c2", "c1", 0, 0, b_declares="hasty"), {"t": "next_round"}):
        assert remembered(enc.state, event) is event  # nothing to write, or for the handler to refuse


def test_describe_and_the_view_offer_the_hasty_declaration_under_alternating_turns():
    inputs = json.loads(api.handle(json.dumps({"action": "describe"})))["result"]["inputs"]
    hasty = next(i for i in inputs if i["key"] == "hasty")
    assert hasty["section"] == "F95 4.23" and hasty["offered"] == "declare.hasty"
    assert set(hasty["where"]) == {"initiative.a_declares.hasty", "initiative.b_declares.hasty",
                                   "exchange.a_declares.hasty"}
    assert encounter_view.view(duel())["declare"]["hasty"] is True
    assert encounter_view.view(Encounter(ruleset=new_ruleset("fudge1995", {})))["declare"]["hasty"] is False


def test_all_out_defence_forfeits_the_attack_only_while_turns_alternate():
    # F95 4.23's forfeit is the alternating turns' rule: a pacing changed mid-round lifts it.
    enc = duel()
    enc.apply(attack("c2", "c1", 1, 0, b_declares={"all_out": "defense"}))
    enc.apply({"t": "rules", "ruleset": {**RULES, "options": {**RULES["options"], "melee.pacing": "simultaneous"}}})
    cards = {c["id"]: c for c in encounter_view.view(enc)["combatants"]}
    assert "attacker" not in cards["c1"]["unable"]
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 3}},
               "b_dice": {"roll": {"total": 0}}})
    assert enc.lines[-1].startswith("Round 1, A vs B: ")


def test_no_defence_declared_holds_beside_a_carried_defence_penalty():
    # F95 4.23: after his all-out attack A defends at −2; declaring no defence, he does not roll at all.
    enc = duel()
    enc.apply(attack("c1", "c2", 0, 0, a_declares={"all_out": "offense"}))
    enc.apply(attack("c2", "c1", 0, 0, b_declares={"no_defence": True}))
    assert defender(enc)["roll"] is None
    assert enc.lines[-1] == "Round 1, B vs A: hit: A Hurt."


def test_a_declaration_that_is_no_object_is_refused_by_its_field_after_a_hasty_initiative():
    # The round remembers B's hasty attack (F95 4.23) only in a declaration it can read.
    enc = duel()
    enc.apply({"t": "initiative", "a": "c2", "b": "c1", "a_declares": {"hasty": True},
               "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": 0}}})
    with pytest.raises(FudgeError) as err:
        enc.apply(attack("c1", "c2", 0, 0, b_declares="hasty"))
    assert err.value.field == "event.b_declares"


def test_a_stunned_fighter_rolls_initiative_but_cannot_declare_a_hasty_attack():
    # F95 4.62: "a stunned character cannot attack": a hasty attack refused, not the roll itself.
    enc = duel()
    enc.apply(attack("c1", "c2", 2, 0, a_declares={"stun": True}))
    initiative = {"t": "initiative", "a": "c2", "b": "c1", "a_dice": {"roll": {"total": 1}},
                  "b_dice": {"roll": {"total": 0}}}
    with pytest.raises(FudgeError) as err:
        enc.apply({**initiative, "a_declares": {"hasty": True}})
    assert err.value.field == "event.a_declares.hasty"
    enc.apply({**initiative, "a_declares": {"hasty": False}})
    assert enc.state.last["first"] == "c2"
