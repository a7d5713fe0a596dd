"""Rulebook examples of wound recording, stun, PC death, healing and the CO wound modules.

Each file under tests/golden/ whose kind starts with ``wounds.`` is one example; the expected
values are the book's (see each file's ``quote``, and ``reading`` where the book is ambiguous).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyfudge.core import ladder
from pyfudge.core.ruleset import RuleSet
from pyfudge.rules import healing, wound_levels, wounds
from pyfudge.rulesets import ruleset_from_dict

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(
    p for p in GOLDEN.glob("*.json") if json.loads(p.read_text())["kind"].startswith("wounds.")
)


def level(text: str) -> int:
    return wounds.check_wound_level(text)


def track_with(rules: RuleSet, names: list[str], role: str = "pc") -> wounds.WoundTrack:
    track = wounds.WoundTrack.new(rules, role=role)
    for name in names:
        track = wounds.record_wound(track, level(name), rules=rules).track
    return track


def names(levels) -> list[str]:
    return sorted((wounds.LEVEL_NAMES[x] for x in levels), key=wounds.LEVEL_NAMES.index, reverse=True)


def same_sheet(track: wounds.WoundTrack, book: str) -> bool:
    """Compare a sheet with the book's, level by level (order within a level is immaterial)."""
    got, want, i = track.sheet().split(), book.split(), 0
    if len(got) != len(want):
        return False
    for row in track.marks:
        n = len(row)
        if sorted(got[i:i + n]) != sorted(want[i:i + n]):
            return False
        i += n
    return True


def check_record(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    track = wounds.WoundTrack.new(rules, role=inp.get("role", "pc"))
    for name, want in zip(inp["wounds"], exp["after_each"], strict=True):
        track = wounds.record_wound(track, level(name), rules=rules).track
        assert wounds.LEVEL_NAMES[track.worst] == want["worst"]
        if "penalty" in want:
            assert track.penalty() == want["penalty"]
        if "sheet" in want:
            assert same_sheet(track, want["sheet"])
    if "can_act" in exp:
        assert track.can_act() is exp["can_act"]
    if "sheet" in exp:
        assert same_sheet(track, exp["sheet"])
    if "wounds_for_healing" in exp:
        assert names(track.marked_wounds()) == names(map(level, exp["wounds_for_healing"]))


def check_stun(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    track = wounds.WoundTrack.new(rules)
    for name, want in zip(inp["stuns"], exp["after_each"], strict=True):
        track = wounds.record_stun(track, level(name), rules=rules).track
        assert wounds.STUN_NAMES[track.stun] == want
    if "wound_level" in exp:
        assert wounds.LEVEL_NAMES[track.worst] == exp["wound_level"]
    if "can_act" in exp:
        assert track.can_act() is exp["can_act"]
    for status_name, effects in exp.get("effects", {}).items():
        got = wounds.stun_effects(wounds.STUN_NAMES.index(status_name), rules=rules).to_dict()
        for key, value in effects.items():
            assert got[key] == value, key
    if inp.get("end_of_battle"):
        after = healing.end_of_battle(track, rules=rules).track
        assert wounds.STUN_NAMES[after.stun] == exp["after_battle"]


def check_pulled(ex: dict, rules: RuleSet) -> None:
    got, _ = wounds.cap_pulled(level(ex["inputs"]["level"]), level(ex["inputs"]["max_level"]))
    assert wounds.LEVEL_NAMES[got] == ex["expected"]["level"]


def check_guard(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    track = track_with(rules, inp["before"])
    start = inp.get("worst_at_round_start")
    out = wounds.guard_wound(
        level(inp["level"]), track=track, rules=rules, role=inp["role"],
        worst_at_round_start=None if start is None else level(start),
        points_spent=inp.get("points_spent", 0),
    )
    assert wounds.LEVEL_NAMES[out.level] == exp["level"]
    after = wounds.record_wound(track, out.level, rules=rules).track
    assert wounds.LEVEL_NAMES[after.worst] == exp["worst_after"]
    if "penalty" in exp:
        assert after.penalty() == exp["penalty"]
    if "sheet" in exp:
        assert same_sheet(after, exp["sheet"])


def check_guard_points(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    track = wounds.WoundTrack.new(rules)
    for points, want in exp["by_points"].items():
        out = wounds.guard_wound(level(inp["level"]), track=track, rules=rules, role=inp["role"],
                                 points_spent=int(points))
        assert wounds.LEVEL_NAMES[out.level] == want
    with pytest.raises(wounds.RuleError):
        wounds.guard_wound(level(inp["level"]), track=track, rules=rules, role=inp["role"],
                           points_spent=exp["max_points"] + 1)


def check_heal(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    track = track_with(rules, inp["wounds"])
    out = healing.heal(track, ladder.parse(inp["result"]), rules=rules)
    assert names(out.track.marked_wounds()) == names(map(level, exp["wounds_after"]))
    assert wounds.LEVEL_NAMES[out.track.worst] == exp["worst_after"]
    if "penalty" in exp:
        assert out.track.penalty() == exp["penalty"]


def check_end_of_battle(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    out = healing.end_of_battle(track_with(rules, inp["wounds"]), rules=rules)
    assert names(out.track.marked_wounds()) == names(map(level, exp["wounds_after"]))
    assert wounds.LEVEL_NAMES[out.track.worst] == exp["worst_after"]


def check_natural(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    rolls = [ladder.parse(r) for r in inp["rolls"]] if "rolls" in inp else None
    out = healing.natural_healing(track_with(rules, inp["wounds"]), rules=rules, weeks=inp["weeks"], rolls=rolls)
    assert wounds.LEVEL_NAMES[out.track.worst] == exp["worst_after"]


def check_damage_check(ex: dict, rules: RuleSet) -> None:
    inp, exp = ex["inputs"], ex["expected"]
    track = track_with(rules, inp["wounds"])
    out = wounds.damage_check(track, capacity=ladder.parse(inp["capacity"]), faces=inp["faces"], rules=rules)
    assert out.difficulty == ladder.parse(exp["difficulty"])
    assert out.result == ladder.parse(exp["result"])
    assert out.success is exp["success"]
    assert out.track.penalty() == exp["penalty"]


def check_co_mapping(ex: dict, rules: RuleSet) -> None:
    for wound, rung in ex["expected"].items():
        assert wound_levels.CO_CHECK_LEVELS[level(wound)] == ladder.parse(rung)


def check_co_layout(ex: dict, rules: RuleSet) -> None:
    track = wounds.WoundTrack.new(rules)
    got = {ladder.NAMES[rung]: len(row) for rung, row in zip(wound_levels.CO_LEVELS, track.marks)}
    assert got == ex["expected"]["boxes"]
    assert track.co_level == ex["expected"]["co_level"]


RUNNERS = {
    "wounds.record": check_record,
    "wounds.stun": check_stun,
    "wounds.pulled": check_pulled,
    "wounds.guard": check_guard,
    "wounds.guard_points": check_guard_points,
    "wounds.heal": check_heal,
    "wounds.end_of_battle": check_end_of_battle,
    "wounds.natural": check_natural,
    "wounds.damage_check": check_damage_check,
    "wounds.co_mapping": check_co_mapping,
    "wounds.co_layout": check_co_layout,
}


def test_every_golden_file_has_a_runner() -> None:
    assert FILES, "no golden files of kind wounds.*"
    for path in FILES:
        ex = json.loads(path.read_text())
        assert ex["kind"] in RUNNERS, path.name
        assert {"source", "section", "title", "quote", "kind", "inputs", "expected"} <= set(ex), path.name


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden(path: Path) -> None:
    ex = json.loads(path.read_text())
    rules = ruleset_from_dict(ex["inputs"].get("ruleset", {"preset": "fudge1995"}))
    RUNNERS[ex["kind"]](ex, rules)
