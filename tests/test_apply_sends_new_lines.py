"""An apply's answer to a page that holds the log's earlier lines sends only the new ones
(``log_from``): a long log's view is mostly its lines, which never change once written."""

import json

import pytest

from pyfudge import api
from pyfudge.door import encounter_actions as api_encounters

ADD_A = {"t": "add", "fighter": {"name": "Snorri", "skills": {"Sword": "Great"}}}
ADD_B = {"t": "add", "fighter": {"name": "Brynhild", "skills": {"Axe": "Good"}, "role": "npc"}}
EXCHANGE = {"t": "exchange", "a": "c1", "b": "c2",
            "a_dice": {"roll": {"faces": [1, 1, 0, 0]}, "damage": [1, 0, 0, 0]},
            "b_dice": {"roll": {"faces": [-1, 0, 0, 0]}, "damage": [0, 0, 0, 0]}}
LOG_KEYS = ("log", "log_dice", "log_details")


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def fight(eid):
    """An encounter of two fighters and one exchange between them, held open under ``eid``."""
    stored = call("encounter.new", id=eid, name="Duel")["result"]["encounter"]
    for event in (ADD_A, ADD_B, EXCHANGE):
        reply = call("encounter.apply", id=eid, rev=len(stored["log"]), event=event)
        assert reply["ok"], reply
        stored["log"].append(reply["result"]["event"])
    return stored, reply["result"]["view"]


def test_an_apply_with_log_from_sends_the_lines_from_there_and_the_rest_of_the_view_whole():
    stored, before = fight("lines1")
    reply = call("encounter.apply", id="lines1", rev=3, event={"t": "undo"}, log_from=3)["result"]
    stored["log"].append(reply["event"])
    whole = call("encounter.open", id="lines1-whole", encounter=stored)["result"]["view"]
    got = reply["view"]
    assert got["log_from"] == 3 and whole["log_from"] == 0
    assert got["log"] == ["Undo: " + before["log"][2]] == whole["log"][3:]
    for key in LOG_KEYS:
        # The page's lines before log_from and the new ones make the whole log.
        assert before[key] + got[key] == whole[key]
    assert {k: v for k, v in got.items() if k not in (*LOG_KEYS, "log_from")} == \
        {k: v for k, v in whole.items() if k not in (*LOG_KEYS, "log_from")}
    # Undo takes the exchange back: an earlier line, named in full, not a new one.
    assert got["log_taken_back"] == [2]


def test_an_apply_from_a_page_holding_fewer_lines_sends_every_line_it_lacks():
    stored, _ = fight("lines2")
    got = call("encounter.apply", id="lines2", rev=3, event={"t": "next_round"}, log_from=1)["result"]["view"]
    assert got["log_from"] == 1 and len(got["log"]) == len(got["log_dice"]) == len(got["log_details"]) == 3
    assert got["log"][0] == "Brynhild joins the fight." and got["log_details"][1] is True


def test_an_apply_after_a_restart_sends_the_new_lines_of_the_encounter_it_reopens():
    stored, _ = fight("lines3")
    api_encounters.OPEN.clear()  # the worker restarted: the page resends the whole encounter
    got = call("encounter.apply", id="lines3", rev=3, event={"t": "next_round"}, log_from=3,
               encounter=stored)["result"]["view"]
    assert got["log_from"] == 3 and len(got["log"]) == 1


def test_an_apply_without_log_from_sends_the_whole_log():
    _, view = fight("lines4")
    assert view["log_from"] == 0 and len(view["log"]) == len(view["log_dice"]) == 3


@pytest.mark.parametrize("bad", [-1, 4, 1.5, "2", True, None])
def test_log_from_outside_the_log_is_refused_naming_it_and_nothing_is_applied(bad):
    fight("lines5")
    reply = call("encounter.apply", id="lines5", rev=3, event={"t": "next_round"}, log_from=bad)
    assert not reply["ok"] and reply["error"]["field"] == "args.log_from"
    assert "0 to rev (3)" in reply["error"]["message"]
    # Nothing was applied: the same revision takes the event.
    assert call("encounter.apply", id="lines5", rev=3, event={"t": "next_round"})["result"]["rev"] == 4
