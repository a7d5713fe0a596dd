"""`encounter.declaration`: a player's declaration from the live table (all-out, stance, Fudge
Points) for a combatant of an open encounter, checked by the engine as at Resolve before the GM's
round form takes it."""

from __future__ import annotations

import json

from pyfudge import api

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "weapon": {"name": "Sword", "size": 2}}
BRENNA = {**ASTA, "name": "Brenna", "fudge_points": 2}
ORC = {"name": "Orc", "role": "npc", "skills": {"Axe": "Fair"}}


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def opened(eid: str, preset: str = "fudge1995") -> int:
    sides = (("players", ASTA), ("players", BRENNA), ("foes", ORC))
    log = [{"t": "add", "side": side, "fighter": f} for side, f in sides]
    enc = {"name": "Raid", "ruleset": {"preset": preset, "options": {}}, "log": log}
    made = call("encounter.open", id=eid, encounter=enc)
    assert made["ok"], made
    return len(log)


def declare(eid: str, rev: int, combatant: str, declares: dict) -> dict:
    return call("encounter.declaration", id=eid, rev=rev, combatant=combatant, declares=declares)


def test_a_players_all_out_attack_and_fudge_points_are_read_as_the_engine_reads_them():
    rev = opened("decl-1")
    reply = declare("decl-1", rev, "c2", {"all_out": "offense", "points": 1})
    assert reply["ok"], reply
    assert reply["result"] == {"declares": {"all_out": "offense", "points": 1}}


def test_a_declaration_the_rules_or_the_fighter_do_not_allow_is_refused_in_the_engines_words():
    rev = opened("decl-2")
    stance = declare("decl-2", rev, "c1", {"stance": "berserk"})
    assert not stance["ok"] and "stances are not used under these rules" in stance["error"]["message"]
    points = declare("decl-2", rev, "c1", {"points": 1})
    assert not points["ok"] and "Ásta has only 0 point(s)" in points["error"]["message"]
    mudge = opened("decl-3", "mudge")
    all_out = declare("decl-3", mudge, "c2", {"all_out": "offense"})
    assert not all_out["ok"] and all_out["error"]["field"] == "args.declares.all_out", all_out


def test_only_all_out_stance_and_points_of_a_combatant_of_the_encounter_are_taken():
    rev = opened("decl-4")
    aim = declare("decl-4", rev, "c1", {"all_out": "offense", "aim": "head"})
    assert not aim["ok"] and aim["error"]["field"] == "args.declares.aim", aim
    nobody = declare("decl-4", rev, "c9", {"all_out": "offense"})
    assert not nobody["ok"] and nobody["error"]["field"] == "args.combatant", nobody
    listed = declare("decl-4", rev, "c1", ["offense"])
    assert not listed["ok"] and listed["error"]["field"] == "args.declares", listed
