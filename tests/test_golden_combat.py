"""Golden rulebook examples of combat (kinds ``combat.*``), replayed through the real pipeline.

Each ``tests/golden/*.json`` whose kind starts with ``combat.`` is one worked example. Exchange
series go through the JSON door of the pipeline (``ExchangeRequest.from_dict`` → ``resolve``),
round by round, carrying the fighters' tracks forward, exactly as the app replays an encounter.
``combat.encounter`` examples are events applied to an encounter, as the app sends them (what an
encounter remembers between exchanges, F95 4.23), then stored and replayed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyfudge.combat import melee
from pyfudge.combat.attack import ExchangeRequest
from pyfudge.combat.fighter import Fighter
from pyfudge.rulesets import find_ruleset

GOLDEN = Path(__file__).parent / "golden"


def _load() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text())
        if str(data.get("kind", "")).startswith("combat."):
            out.append((path.name, data))
    return out


CASES = _load()


def test_golden_files_are_well_formed():
    assert CASES, "no combat golden files found"
    for name, data in CASES:
        assert {"source", "section", "title", "quote", "kind", "inputs", "expected"} <= set(data), name
        assert data["source"] in {"F95", "MUD", "F93", "CO", "F95b"}, name
        assert name.startswith(data["source"].lower() + "-" + data["section"] + "-"), name


def _rules(inputs: dict):
    return find_ruleset(inputs["preset"]).with_options(inputs.get("options", {}))


def _subset(actual: dict, expected: dict, where: str) -> None:
    for key, value in expected.items():
        assert actual[key] == value, f"{where}.{key}: expected {value!r}, got {actual[key]!r}"


def run_series(inputs: dict, expected: dict) -> dict:
    rules = _rules(inputs)
    fighters = {f["name"]: Fighter.from_dict(f) for f in inputs["fighters"]}
    for i, (rnd, exp) in enumerate(zip(inputs["rounds"], expected["rounds"]), 1):
        request = {
            "kind": rnd.get("kind", "round"), "round": i,
            "a": fighters[rnd["a"]].to_dict(), "b": fighters[rnd["b"]].to_dict(),
            "a_declares": rnd.get("a_declares", {}), "b_declares": rnd.get("b_declares", {}),
            "a_dice": rnd.get("a_dice"), "b_dice": rnd.get("b_dice"),
        }
        req = ExchangeRequest.from_dict(json.loads(json.dumps(request)), rules=rules)
        assert ExchangeRequest.from_dict(req.to_dict(), rules=rules) == req
        out = req.resolve(rules)
        where = f"round {i}"
        sides = {s.name: s for s in out.sides}
        for name, want in exp.get("sides", {}).items():
            _subset({"offence": sides[name].offence, "defence": sides[name].defence}, want, f"{where}.{name}")
        if "contests" in exp:
            assert len(out.contests) == len(exp["contests"]), where
            for c, want in zip(out.contests, exp["contests"]):
                _subset(c.to_dict(), want, f"{where}.contest")
        if "blows" in exp:
            assert len(out.blows) == len(exp["blows"]), f"{where}: blows {[b.to_dict() for b in out.blows]}"
            for b, want in zip(out.blows, exp["blows"]):
                got = {"defender": b.defender, "number": b.damage.number, "damage_level": b.damage.level,
                       "level": b.level, "points_spent": b.points_spent, "location": b.location,
                       "on_target": b.on_target, "called_state": b.called.state if b.called else None,
                       "co_level": b.record.track.co_level,
                       "check": None if b.damage_check is None else {
                           "difficulty": b.damage_check.difficulty, "result": b.damage_check.result,
                           "success": b.damage_check.success}}
                _subset(got, want, f"{where}.blow")
        if "blow_count" in exp:
            assert len(out.blows) == exp["blow_count"], where
        if "carry" in exp:
            got = [{"to": c.to, "amount": c.modifier.amount if c.modifier else None} for c in out.carry]
            assert got == exp["carry"], where
        if "modifiers" in exp:
            for name, want in exp["modifiers"].items():
                got = [[m.source, m.amount] for m in sides[name].modifiers]
                assert got == want, f"{where}.{name}.modifiers"
        json.dumps(out.to_dict())  # JSON-safe
        for f in out.fighters:
            fighters[f.name] = f
    for name, want in expected.get("final", {}).items():
        f = fighters[name]
        track = f.track_for(rules)
        got = {"worst": track.worst, "marks": [list(m) for m in track.marks], "fudge_points": f.fudge_points,
               "shrugged": track.shrugged, "dropped": track.dropped, "penalty": f.current_penalty(rules)}
        _subset(got, want, f"final.{name}")
    return fighters


def run_min_to_hit(inputs: dict, expected: dict) -> None:
    rules = _rules(inputs)
    got = []
    for case in inputs["cases"]:
        att, tgt = Fighter.from_dict(case["attacker"]), Fighter.from_dict(case["target"])
        got.append(melee.min_to_hit(att.size_scale, tgt.size_scale, rules=rules)[0])
    assert got == expected["minimums"]


def run_encounter(inputs: dict, expected: dict) -> None:
    """An encounter's events applied one by one, as the app sends them: each expected entry is
    ``{"refused": text in the error}`` (nothing logged), or the event's log line (``text``) and
    sides' results and modifiers (``sides``: {name: {offence, defence, modifiers,
    defence_modifiers}}, modifiers as [source, amount])."""
    from pyfudge.core.errors import FudgeError
    from pyfudge.encounter.log import Encounter
    from pyfudge.rulesets import ruleset_from_dict
    enc = Encounter(ruleset=ruleset_from_dict(inputs["ruleset"]))
    for f in inputs["fighters"]:
        enc.apply({"t": "add", "fighter": f})
    assert len(inputs["events"]) == len(expected["events"])
    for i, (event, want) in enumerate(zip(inputs["events"], expected["events"]), 1):
        where = f"event {i}"
        if "refused" in want:
            before = len(enc.log)
            with pytest.raises(FudgeError, match=want["refused"]):
                enc.apply(event)
            assert len(enc.log) == before, where
            continue
        enc.apply(json.loads(json.dumps(event)))
        if "text" in want:
            assert enc.lines[-1] == want["text"], where
        sides = {s["name"]: s for s in enc.state.last.get("outcome", {}).get("sides", [])}
        for name, side in want.get("sides", {}).items():
            got = {k: [[m["source"], m["amount"]] for m in v] if k.endswith("modifiers") else v
                   for k, v in sides[name].items()}
            _subset(got, side, f"{where}.{name}")
    # Stored and replayed, the log gives the same fight.
    again = Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))
    assert again.lines == enc.lines


RUNNERS = {"combat.exchange_series": run_series, "combat.min_to_hit": run_min_to_hit,
           "combat.encounter": run_encounter}


@pytest.mark.parametrize("name,data", CASES, ids=[n for n, _ in CASES])
def test_golden(name, data):
    assert data["kind"] in RUNNERS, f"{name}: no runner for {data['kind']}"
    RUNNERS[data["kind"]](data["inputs"], data["expected"])
