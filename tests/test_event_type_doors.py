"""An event's type ``t`` is read one way by every door that reads an event: applying it and
weighing its odds refuse a type that is not text, or not an event type, with the same clear error."""

from __future__ import annotations

import json

import pytest

from pyfudge import api


def door(action: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"action": action, "args": args})))


@pytest.mark.parametrize("t", [["exchange"], {"a": 1}, 3, None, True, "teleport"])
def test_odds_and_apply_refuse_an_event_type_they_cannot_read_alike(t):
    assert door("encounter.new", id="t-kind")["ok"]
    odds = door("encounter.odds", id="t-kind", rev=0, event={"t": t, "a": "c1", "b": "c2"})
    applied = door("encounter.apply", id="t-kind", rev=0, event={"t": t, "a": "c1", "b": "c2"})
    assert not odds["ok"] and not applied["ok"]
    assert odds["error"]["type"] == applied["error"]["type"] == "RequestError"
    assert odds["error"]["field"] == applied["error"]["field"] == "args.event.t"
    assert odds["error"]["message"] == applied["error"]["message"]


@pytest.mark.parametrize("t, what", [(["exchange"], "a list"), ({"a": 1}, "an object"), (None, "null"),
                                     (True, "true or false"), (3, "a number")])
def test_an_event_type_that_is_not_text_is_said_so(t, what):
    assert door("encounter.new", id="t-text")["ok"]
    out = door("encounter.apply", id="t-text", rev=0, event={"t": t})
    assert out["error"]["message"] == f"An event's type t must be text (add, exchange, wound, heal, undo…), not {what}."


def test_odds_of_an_event_of_another_type_say_which_types_have_odds():
    assert door("encounter.new", id="t-other")["ok"]
    out = door("encounter.odds", id="t-other", rev=0, event={"t": "next_round"})
    assert not out["ok"] and out["error"]["field"] == "args.event"
    assert "draft exchange, group or ranged event" in out["error"]["message"]
