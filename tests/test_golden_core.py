"""Golden rulebook examples of the resolution core (kinds ``core.*``): dice, actions, story elements.

Each file under ``tests/golden/`` holds what the book says; this runner checks the code agrees.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from pyfudge.core import dice, ladder
from pyfudge.rules import actions, npc_shortcut, story_elements
from pyfudge.rules.actions import Check, Modifier
from pyfudge.rulesets import find_ruleset

GOLDEN = Path(__file__).parent / "golden"


def _load() -> dict[str, dict]:
    found = {}
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if str(data.get("kind", "")).startswith("core."):
            found[path.name] = data
    return found


CASES = _load()


def lvl(text: object) -> int:
    return ladder.parse(text)


def mods(data: list) -> tuple[Modifier, ...]:
    return actions.modifiers_from_list(data)


def test_core_golden_files_exist_and_are_well_formed():
    assert len(CASES) >= 20
    for name, data in CASES.items():
        assert {"source", "section", "title", "quote", "kind", "inputs", "expected"} <= set(data), name
        prefix = data["source"].lower() + "-" + data["section"] + "-"
        assert name.startswith(prefix), name


def run_read_2d6(inputs: dict, expected: dict) -> None:
    for case, want in zip(inputs["cases"], expected["results"], strict=True):
        pairs = (
            [(p, p) for p in case["plus"]]
            if case["minus"] == "same"
            else [(p, m) for p in case["plus"] for m in case["minus"]]
        )
        for plus, minus in pairs:
            roll = dice.read(inputs["dice"], faces=[plus, minus])
            assert roll.total == want, (case, plus, minus)


def run_minus_seven_table(inputs: dict, expected: dict) -> None:
    for rolled, want in zip(inputs["rolled"], expected["results"], strict=True):
        pairs = [(a, b) for a in range(1, 7) for b in range(1, 7) if a + b == rolled]
        assert pairs
        for a, b in pairs:
            assert dice.read(inputs["dice"], faces=[a, b]).total == want, (a, b)
        assert dice.MINUS_SEVEN_TABLE[rolled] == want


def run_success_rates(inputs: dict, expected: dict) -> None:
    for key in inputs["dice"]:
        got = [dice.percent(dice.chance_at_least(key, n)) for n in inputs["at_least"]]
        assert got == expected["percent"], key


def run_success_chance(inputs: dict, expected: dict) -> None:
    need = inputs["difficulty"] - inputs["trait"]
    assert need == expected["needs_at_least"]
    p = dice.chance_at_least(inputs["dice"], need)
    assert abs(p - Fraction(expected["about"])) * 100 <= inputs["tolerance_percent"]


def run_trait_roll(inputs: dict, expected: dict) -> None:
    for i, total in enumerate(inputs["totals"]):
        out = actions.trait_roll(lvl(inputs["trait"]), dice.read(inputs["dice"], total=total))
        assert out.result == lvl(expected["results"][i])
        if "announced" in expected:
            assert out.announce() == expected["announced"][i]


def run_unopposed(inputs: dict, expected: dict) -> None:
    out = actions.unopposed(
        lvl(inputs["trait"]), dice.read(inputs["dice"], total=inputs["total"]),
        difficulty=lvl(inputs["difficulty"]),
    )
    assert out.success is expected["success"]
    if "announced" in expected:
        assert out.check.announce() == expected["announced"]
    if "result" in expected:
        assert out.check.result == lvl(expected["result"])
    if "margin" in expected:
        assert out.margin == expected["margin"]


def run_situational(inputs: dict, expected: dict) -> None:
    for total, want in zip(inputs["totals"], expected["results"], strict=True):
        assert actions.situational(dice.read(inputs["dice"], total=total)).result == lvl(want)


def run_modified_level(inputs: dict, expected: dict) -> None:
    assert Check(lvl(inputs["trait"]), mods(inputs["modifiers"])).level() == lvl(expected["level"])


def run_secondary_trait(inputs: dict, expected: dict) -> None:
    bonus = actions.secondary_trait(lvl(inputs["secondary"]))
    assert bonus is not None
    assert Check(lvl(inputs["trait"]), (bonus,)).level() == lvl(expected["level"])


def run_untrained_default(inputs: dict, expected: dict) -> None:
    assert Check(None, high_attribute=inputs["high_attribute"]).level() == lvl(expected["level"])


def run_compare(inputs: dict, expected: dict) -> None:
    minimum = inputs.get("minimum_a")
    out = actions.compare(
        lvl(inputs["a"]), lvl(inputs["b"]), minimum_a=lvl(minimum) if minimum else None
    )
    assert out.relative == expected["relative"]
    assert out.winner == expected["winner"]


def run_npc_d6(inputs: dict, expected: dict) -> None:
    for faces, want in zip(inputs["cases"], expected["results"], strict=True):
        assert npc_shortcut.npc_d6(lvl(inputs["trait"]), faces).result == lvl(want), faces


def run_story_element(inputs: dict, expected: dict) -> None:
    rules = find_ruleset(inputs["preset"])
    rolls = [dice.read_action(rules=rules, total=t) for t in inputs["totals"]]
    out = story_elements.story_element(Check(lvl(inputs["trait"]), mods(inputs["modifiers"])), rolls, rules=rules)
    if "level" in expected:
        assert out.level == lvl(expected["level"])
    assert out.dice == expected["dice"]
    assert out.result == lvl(expected["result"])


def run_median(inputs: dict, expected: dict) -> None:
    assert story_elements.median_of_three([lvl(r) for r in inputs["results"]]) == lvl(expected["median"])


def run_story_results(inputs: dict, expected: dict) -> None:
    # The book gives rolled degrees; the dice behind them are each result less the level.
    rules = find_ruleset(inputs["preset"])
    check = Check(lvl(inputs["trait"]), mods(inputs["modifiers"]))
    assert check.level() == lvl(expected["level"])
    results = [lvl(r) for r in inputs["results"]]
    assert story_elements.median_of_three(results) == lvl(expected["result"])
    rolls = [dice.read_action(rules=rules, total=r - check.level()) for r in results]
    assert story_elements.story_element(check, rolls, rules=rules).result == lvl(expected["result"])


RUNNERS = {
    "core.read_2d6": run_read_2d6,
    "core.minus_seven_table": run_minus_seven_table,
    "core.success_rates": run_success_rates,
    "core.success_chance": run_success_chance,
    "core.trait_roll": run_trait_roll,
    "core.unopposed": run_unopposed,
    "core.situational": run_situational,
    "core.modified_level": run_modified_level,
    "core.secondary_trait": run_secondary_trait,
    "core.untrained_default": run_untrained_default,
    "core.compare": run_compare,
    "core.npc_d6": run_npc_d6,
    "core.story_element": run_story_element,
    "core.median": run_median,
    "core.story_results": run_story_results,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_core(name: str) -> None:
    data = CASES[name]
    assert data["kind"] in RUNNERS, f"no runner for {data['kind']}"
    RUNNERS[data["kind"]](data["inputs"], data["expected"])
