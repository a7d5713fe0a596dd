"""Export all always exports: every encounter, template and party member a device holds goes in
the file; what cannot be read is kept aside in it, its text as found, named with the reason, and
never blocks the rest. The file imports again: every good record added, each refused one named."""

from __future__ import annotations

import json

from pyfudge import api
from pyfudge.door import codec, library

RULES = {"preset": "fudge1995", "options": {}}
ALDRIC = {"name": "Aldric", "role": "pc", "skills": {"Sword": 2}}
FIGHT = {"name": "Fight", "ruleset": RULES, "log": [{"t": "add", "fighter": ALDRIC, "side": "players"}]}


def door(action: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"action": action, "args": args})))


def stored(key: str, data, name: str = "Listed") -> dict:
    """A record as the app sends it: its key, the name it lists it by, its text as stored."""
    text = data if isinstance(data, str) else json.dumps(codec.wrap("encounter", data))
    return {"key": key, "name": name, "text": text}


def test_export_all_keeps_aside_each_record_it_cannot_read_and_exports_the_rest():
    teleport = stored("pyfudge:enc:e2", {**FIGHT, "name": "Portal", "log": [*FIGHT["log"], {"t": "teleport"}]},
                      name="Portal")
    damaged = stored("pyfudge:enc:e3", '{"type": "pyfudge/encounter", "version": 1, "data": {"na', name="Torn")
    newer = stored("pyfudge:enc:e4", json.dumps({"type": "pyfudge/encounter", "version": 9, "data": {}}),
                   name="Future")
    sword99 = json.dumps({"side": "players", "fighter": {**ALDRIC, "skills": {"Sword": 99}}, "status": ""})
    template = json.dumps(library.template({"fighter": {**ALDRIC, "name": "Goblin", "role": "npc"}}))
    proto = '{"side": "foes", "fighter": {"name": "Imp", "skills": {"Claw": 1}, "__proto__": 1}}'
    kept = {"key": "pyfudge:aside:pyfudge:prefs", "text": "{not json"}
    out = door("encounter.export", encounters=[stored("pyfudge:enc:e1", FIGHT, "Fight"), teleport, damaged, newer],
               library={"templates": [template, proto], "party": [sword99]}, aside=[kept])
    assert out["ok"], out
    result = out["result"]
    assert result["count"] == 1
    said = {(r["what"], r["name"]): r["reason"] for r in result["aside"]}
    assert "Unknown event type 'teleport'" in said[("encounter", "Portal")]
    assert "not valid JSON" in said[("encounter", "Torn")]
    assert "newer pyfudge" in said[("encounter", "Future")]
    assert "off the ladder" in said[("party member", "Aldric")]
    assert "__proto__" in said[("template", "Imp")]
    assert ("record", None) in said
    data = json.loads(result["file"])["data"]
    assert [e["data"]["name"] for e in data["encounters"]] == ["Fight"]
    assert [t["fighter"]["name"] for t in data["library"]["data"]["templates"]] == ["Goblin"]
    # Each record kept aside exactly as found, under its key.
    raw = {r.get("key"): r["text"] for r in data["aside"]}
    assert raw["pyfudge:enc:e2"] == teleport["text"] and raw["pyfudge:enc:e3"] == damaged["text"]
    assert raw["pyfudge:aside:pyfudge:prefs"] == "{not json"
    assert {sword99, proto} <= {r["text"] for r in data["aside"]}

    # The file imports: the good records added, what was kept aside named, never blocking.
    back = door("encounter.import", file=result["file"])
    assert back["ok"], back
    assert [e["name"] for e in back["result"]["encounters"]] == ["Fight"]
    assert len(back["result"]["aside"]) == len(result["aside"]) == 6
    assert [t["fighter"]["name"] for t in back["result"]["library"]["templates"]] == ["Goblin"]


def test_export_all_of_nothing_but_unreadable_records_still_exports_them():
    out = door("encounter.export", encounters=[stored("pyfudge:enc:e1", "garbage")])
    assert out["ok"], out
    assert out["result"]["count"] == 0 and len(out["result"]["aside"]) == 1
    assert door("encounter.import", file=out["result"]["file"])["ok"]
