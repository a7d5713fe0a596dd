"""Golden rulebook examples for damage (kinds ``damage.*`` under tests/golden/).

Each file holds one worked example of the books with the book's own numbers as ``expected``.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from pyfudge.core.ruleset import RuleSet
from pyfudge.rules import damage
from pyfudge.rules.wounds import LEVEL_NAMES
from pyfudge.rulesets import find_preset, new_ruleset

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(
    p for p in GOLDEN.glob("*.json") if json.loads(p.read_text())["kind"].startswith("damage.")
)
REQUIRED = {"source", "section", "title", "quote", "kind", "inputs", "expected"}

ATTACK_KEYS = {"strength", "strength_scale", "weapon", "magic", "all_out", "extra", "attack"}
DEFENCE_KEYS = {"capacity", "armor", "mass_scale", "tough_hide", "resistant", "extra_defence"}


def _rules(inputs: dict) -> RuleSet:
    return new_ruleset(find_preset(inputs["preset"]), inputs.get("options", {}))


def _weapon(rules: RuleSet, spec):
    return damage.find_weapon(rules, spec) if isinstance(spec, str) else damage.Weapon.from_dict(spec)


def _armor(rules: RuleSet, spec):
    return damage.find_armor(rules, spec) if isinstance(spec, str) else damage.Armor.from_dict(spec)


def _odf(rules: RuleSet, fighter: dict, **override) -> damage.Factors:
    kw = {k: v for k, v in fighter.items() if k in ATTACK_KEYS}
    kw.update(override)
    if "weapon" in kw:
        kw["weapon"] = _weapon(rules, kw["weapon"])
    return damage.offensive_factors(rules=rules, **kw)


def _ddf(rules: RuleSet, fighter: dict) -> damage.Factors:
    kw = {k: v for k, v in fighter.items() if k in DEFENCE_KEYS}
    if "armor" in kw:
        kw["armor"] = _armor(rules, kw["armor"])
    if "extra_defence" in kw:
        kw["extra"] = kw.pop("extra_defence")
    return damage.defensive_factors(rules=rules, **kw)


def run_hits(inputs: dict, expected: dict) -> None:
    rules = _rules(inputs)
    fighters = inputs["fighters"]
    for name, want in expected.get("odf", {}).items():
        assert _odf(rules, fighters[name]).total == want, f"ODF of {name}"
    for name, want in expected.get("ddf", {}).items():
        assert _ddf(rules, fighters[name]).total == want, f"DDF of {name}"
    for pair, want in expected.get("factors", {}).items():
        a, d = pair.split(" vs ")
        assert _odf(rules, fighters[a]).total - _ddf(rules, fighters[d]).total == want, pair
    assert len(expected.get("hits", [])) == len(inputs["hits"])
    for i, (hit, want) in enumerate(zip(inputs["hits"], expected.get("hits", []))):
        extra = {k: hit[k] for k in ("all_out",) if k in hit}
        out = damage.resolve_damage(
            relative_degree=hit["relative_degree"],
            odf=_odf(rules, fighters[hit["attacker"]], **extra),
            ddf=_ddf(rules, fighters[hit["defender"]]),
            rules=rules,
            **{k: hit[k] for k in ("damage_die", "attack_roll", "defense_roll", "scale_difference",
                                   "critical", "capacity_roll") if k in hit},
        )
        where = f"hit {i}: {[s.text for s in out.steps]}"
        if "level" in want:
            assert out.level_name == want["level"], where
        if "number" in want:
            assert out.number == want["number"], where
        if "graze" in want:
            assert out.graze is want["graze"], where
        if "cap" in want:
            assert out.cap is not None and LEVEL_NAMES[out.cap] == want["cap"], where
        if "armor" in want:
            assert out.armor == want["armor"], where
        json.dumps(out.to_dict())  # every outcome is JSON-ready


def run_even_odd_odds(inputs: dict, expected: dict) -> None:
    """Enumerate every pair of 4dF rolls, feed their totals to the rule, count who it helps."""
    rules = _rules(inputs)
    odf = damage.offensive_factors(rules=rules, extra=[("Damage factor", 2)])
    ddf = damage.defensive_factors(rules=rules)
    totals = [sum(f) for f in itertools.product((-1, 0, 1), repeat=4)]
    counts = {"attacker": 0, "defender": 0, "neither": 0}
    for a in totals:
        for d in totals:
            out = damage.resolve_damage(relative_degree=2, odf=odf, ddf=ddf, rules=rules,
                                        attack_roll=a, defense_roll=d)
            counts["attacker" if out.number > 4 else "defender" if out.number < 4 else "neither"] += 1
    n = len(totals) ** 2
    assert {k: round(100 * v / n) for k, v in counts.items()} == expected


def run_minmidmax_bonus(inputs: dict, expected: dict) -> None:
    rules = _rules(inputs)
    odf = damage.offensive_factors(rules=rules, extra=[("Damage factor", inputs["factor"])])
    ddf = damage.defensive_factors(rules=rules)
    out = damage.resolve_damage(relative_degree=inputs["relative_degree"], odf=odf, ddf=ddf, rules=rules,
                                damage_die=[1, 2, 3])
    bonus_step = next(s for s in out.steps if "bonus" in s.data)
    read_step = next(s for s in out.steps if "reading" in s.data)
    assert bonus_step.data["factor_bonus"] == expected["factor_bonus"]
    assert bonus_step.data["degree_bonus"] == expected["degree_bonus"]
    assert bonus_step.data["bonus"] == expected["bonus"]
    assert read_step.data["reading"] == expected["reading"]


def run_minmidmax_read(inputs: dict, expected: dict) -> None:
    rules = _rules(inputs)
    table = damage.thresholds(rules)
    for reading, (value, level) in expected.items():
        got = damage.read_minmidmax(inputs["faces"], reading)
        assert got == value, reading
        assert LEVEL_NAMES[damage.wound_level(got, table)] == level, reading


def run_weapon_values(inputs: dict, expected: dict) -> None:
    rules = _rules(inputs)
    for label, spec in inputs["weapons"].items():
        assert _weapon(rules, spec).value == expected[label], label


RUNNERS = {
    "damage.hits": run_hits,
    "damage.even_odd_odds": run_even_odd_odds,
    "damage.minmidmax_bonus": run_minmidmax_bonus,
    "damage.minmidmax_read": run_minmidmax_read,
    "damage.weapon_values": run_weapon_values,
}


def test_there_are_damage_examples() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_damage(path: Path) -> None:
    data = json.loads(path.read_text())
    assert REQUIRED <= set(data), f"missing keys {REQUIRED - set(data)}"
    assert data["source"] in {"F95", "F95b", "MUD", "F93", "CO"}
    stem = f"{data['source'].lower()}-{data['section']}-"
    assert path.name.startswith(stem), f"{path.name} should start with {stem}"
    RUNNERS[data["kind"]](data["inputs"], data["expected"])
