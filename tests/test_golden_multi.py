"""Rulebook examples for several foes, hit location, ranged combat and shields (golden data).

Each file in tests/golden/ whose kind starts with multi., location., ranged. or shield. is one
worked example; the expected values are the book's.
"""

import json
from pathlib import Path

import pytest

from pyfudge.combat import location, multi, ranged
from pyfudge.combat.stances import Stance
from pyfudge.rulesets import ruleset_from_dict

GOLDEN = Path(__file__).parent / "golden"
PREFIXES = ("multi.", "location.", "ranged.", "shield.")
FILES = sorted(
    p for p in GOLDEN.glob("*.json") if json.loads(p.read_text())["kind"].startswith(PREFIXES)
)


def test_golden_files_exist_for_every_area():
    kinds = {json.loads(p.read_text())["kind"].split(".")[0] for p in FILES}
    assert {"multi", "location", "ranged"} <= kinds


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden(path):
    data = json.loads(path.read_text())
    for key in ("source", "section", "title", "quote", "kind", "inputs", "expected"):
        assert key in data, key
    assert path.name.startswith(f"{data['source'].lower()}-{data['section']}-")
    RUNNERS[data["kind"]](data["inputs"], data["expected"])


def _rules(inputs):
    return ruleset_from_dict(inputs["ruleset"])


def run_group(inputs, expected):
    rules = _rules(inputs)
    assert len(inputs["rounds"]) == len(expected["rounds"])
    for raw, want in zip(inputs["rounds"], expected["rounds"]):
        rnd = multi.GroupRound.from_dict(raw, rules=rules)
        out = multi.resolve_melee_group(rnd, rules=rules)
        assert out.lone_result == want["lone_result"]
        if "penalty" in want:
            assert [m.amount for m in out.lone_modifiers if m.section.endswith("4.34") or
                    m.section.endswith("4.64")] == [want["penalty"]]
        if "foe_results" in want:
            assert {f.name: f.result for f in out.foes} == want["foe_results"]
        assert list(out.wound_choices) == want["wound_choices"]
        assert [name for name, _ in out.hits_on_lone] == want["hits_on_lone"]
        if "strikes" in want:
            assert {name: degree for name, degree, _ in out.strikes} == want["strikes"]


def run_ranged(inputs, expected):
    rules = _rules(inputs)
    out = ranged.resolve_ranged(ranged.RangedAttack.from_dict(inputs["attack"]), rules=rules)
    assert len(out.shots) == len(expected["shots"])
    for shot, want in zip(out.shots, expected["shots"]):
        for key, value in want.items():
            assert getattr(shot, key) == value, (shot.shooter, key)


def run_autofire(inputs, expected):
    rules = _rules(inputs)
    for degree, want in zip(inputs["degrees"], expected["results"], strict=True):
        got = ranged.autofire(degree, inputs["burst"], rules=rules).to_dict()
        for key, value in want.items():
            assert got[key] == value, (degree, key)


def run_called(inputs, expected):
    rules = _rules(inputs)
    aim = location.CalledShot.from_dict(inputs["aim"])
    for case, want in zip(inputs["cases"], expected["cases"], strict=True):
        if "attacker" in case:
            # A stance round (MUD 4.32): one roll serves offence and defence, shifted by the stance.
            a, d = case["attacker"], case["defender"]
            sa, sd = Stance.from_dict(a["stance"]), Stance.from_dict(d["stance"])
            offence = a["level"] + sa.offence + a["roll"]
            defence = d["level"] + sd.defence + d["roll"]
            foe_offence = d["level"] + sd.offence + d["roll"]
            own_defence = a["level"] + sa.defence + a["roll"]
            derived = {"offence": offence, "defence": defence, "relative_degree": offence - defence,
                       "foe_offence": foe_offence, "foe_relative_degree": foe_offence - own_defence}
            for key in derived:
                if key in want:
                    assert derived[key] == want[key], key
        else:
            offence, defence = case["attacker_result"], case["defender_result"]
        out = location.resolve_called_shot(aim, relative_degree=offence - defence, rolled=offence,
                                           rules=rules)
        got = out.to_dict()
        for key, value in want.items():
            if key in ("min_relative", "min_rolled"):
                assert location.find_location(aim.location, rules=rules)[key] == value
            elif key in ("offence", "defence", "relative_degree", "foe_offence", "foe_relative_degree"):
                continue  # checked above
            else:
                assert got[key] == value, key


RUNNERS = {
    "multi.group": run_group,
    "ranged.exchange": run_ranged,
    "ranged.autofire": run_autofire,
    "location.called": run_called,
}
