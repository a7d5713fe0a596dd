"""Encounters through the JSON door: new, apply by revision, reopen after a restart, share links."""

import json

from pyfudge import api
from pyfudge.door import encounter_actions as api_encounters


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


ADD_A = {"t": "add", "fighter": {"name": "Snorri", "skills": {"Sword": "Great"}}}
ADD_B = {"t": "add", "fighter": {"name": "Brynhild", "skills": {"Axe": "Good"}, "role": "npc"}}


def test_new_apply_and_append_the_returned_event():
    reply = call("encounter.new", id="e1", name="Fight", ruleset={"preset": "mudge"})
    stored = reply["result"]["encounter"]
    assert reply["result"]["rev"] == 0 and stored["ruleset"]["preset"] == "mudge"
    for rev, event in enumerate([ADD_A, ADD_B]):
        result = call("encounter.apply", id="e1", rev=rev, event=event)["result"]
        stored["log"].append(result["event"])
    assert result["rev"] == 2 and [c["name"] for c in result["view"]["combatants"]] == ["Snorri", "Brynhild"]
    assert call("encounter.open", id="e2", encounter=stored)["result"]["view"] == result["view"]


def test_a_stale_revision_asks_to_reopen_and_the_full_encounter_recovers():
    stored = call("encounter.new", id="e3")["result"]["encounter"]
    stale = call("encounter.apply", id="e3", rev=5, event=ADD_A)
    assert stale["error"]["type"] == "SessionError" and stale["error"]["field"] == "args.rev"
    api_encounters.OPEN.clear()  # the worker restarted
    reply = call("encounter.apply", id="e3", rev=0, event=ADD_A, encounter=stored)
    assert reply["ok"] and reply["result"]["rev"] == 1


def test_a_bad_event_is_an_error_and_the_revision_stays():
    call("encounter.new", id="e4")
    bad = call("encounter.apply", id="e4", rev=0, event={"t": "add", "fighter": {"name": ""}})
    assert not bad["ok"] and bad["error"]["field"].startswith("args.event")
    assert call("encounter.apply", id="e4", rev=0, event=ADD_A)["ok"]


def test_share_link_round_trip():
    stored = {"name": "Duel", "ruleset": {"preset": "fudge1995", "options": {}}, "log": [ADD_A, ADD_B]}
    fragment = call("encounter.link", encounter=stored)["result"]["fragment"]
    back = call("encounter.unlink", fragment=fragment)["result"]
    assert back["encounter"] == stored and len(back["view"]["combatants"]) == 2


def test_a_garbled_link_is_a_clear_error():
    reply = call("encounter.unlink", fragment="f1.AAAA")
    assert not reply["ok"] and reply["error"]["type"] == "CodecError"
