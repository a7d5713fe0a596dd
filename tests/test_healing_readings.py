"""Every healing act explains itself: the outcome (track, wounds before and after, worst levels and
the steps with their book section, text and data) of each healing function, pinned in
tests/golden/readings/healing_readings.json.

Cases cover a healing roll (F95 4.8, MUD 4.8; Damage Capacity F95 4.57), the end of a battle
(Scratches F95 4.8, stuns F95 4.62, temporary Willpower F95 4.52, shrugged-off and dropped CO 4),
natural healing week by week (F95 4.8, MUD 4.8, Near Death F95 4.51) and the alternate track's
healing check (CO 3.2), and the refusals (message and field). To change the recorded readings
deliberately, edit ``CASES`` or the code, then rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_healing_readings.py --write
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import readings

from pyfudge.core.errors import FudgeError
from pyfudge.rules import healing, wounds
from pyfudge.rules.wounds import WoundTrack
from pyfudge.rulesets import find_ruleset

# Ladder: Terrible -3 … Superb 3, Legendary 4. Wounds: Scratch 1, Hurt 2, Very Hurt 3, Incapacitated 4,
# Near Death 5, Dead 6.
S, H, VH, INC, ND, DEAD = 1, 2, 3, 4, 5, 6
TEMP = {"wounds.willpower": "temporary"}
CAP = {"wounds.record": "capacity"}
CO = {"co.track": True}
LINGER = {"healing.scratches_after_battle": False}
ROLLS = {"healing.natural_roll": True}


def case(fn: str, preset: str = "fudge1995", options: dict | None = None, **kw: Any) -> dict[str, Any]:
    return {"fn": fn, "rules": preset, "options": options or {}, **kw}


CASES: list[dict[str, Any]] = [
    # F95 4.8: a healing roll. Below Good heals nothing; Good 1, Great 2, Superb (and better) 3 levels.
    case("heal", wounds=[H], result=0),
    case("heal", wounds=[], result=-3),
    case("heal", "mudge", wounds=[VH], result=-1),
    case("heal", wounds=[VH, H], result=1),
    case("heal", wounds=[], result=1),
    case("heal", wounds=[ND], result=2),
    case("heal", wounds=[INC, H, S], result=3),
    case("heal", wounds=[ND], result=4),
    case("heal", wounds=[H, H, VH, INC], result=1),
    case("heal", "mudge", wounds=[INC, VH], result=2),
    case("heal", options={"healing.levels": [0, 1, 4]}, wounds=[ND, H], result=3),
    # F95 4.57: Damage Capacity as the record rises, never above its undamaged level.
    case("heal", options=CAP, capacity=2, wounds=[S, S, H, H], result=1),
    case("heal", options=CAP, capacity=2, wounds=[H, H, S], result=3),
    case("heal", options=CAP, capacity=2, wounds=[H, S], result=0),
    # Refusals: the dead, the alternate track, a result off the ladder.
    case("heal", wounds=[DEAD], result=3),
    case("heal", options=CO, points=5, result=3),
    case("heal", wounds=[H], result="Good"),
    case("heal", wounds=[H], result=9),
    case("heal", wounds=[H], result=21),
    # F95 4.8 + 4.57: Scratches are erased after the battle, even one sitting in a higher box.
    case("end_of_battle"),
    case("end_of_battle", "mudge"),
    case("end_of_battle", wounds=[S, S, VH]),
    case("end_of_battle", wounds=[S, S, S, S, S, H]),
    case("end_of_battle", "mudge", wounds=[S, INC]),
    case("end_of_battle", wounds=[VH, H]),
    case("end_of_battle", options=LINGER, wounds=[S, S, S, S]),
    case("end_of_battle", options=LINGER),
    case("end_of_battle", wounds=[S, S, DEAD]),
    case("end_of_battle", options=CAP, capacity=1, wounds=[S, S, H]),
    case("end_of_battle", options=CAP, capacity=1, wounds=[H]),
    case("end_of_battle", options={**CAP, **LINGER}, capacity=1, wounds=[S, H]),
    case("end_of_battle", options={"wounds.pawn_track": True, "wounds.pawn_scratch": "hurt"}, role="npc",
         wounds=[S]),
    # F95 4.62: Stunned and Very Stunned clear after combat; a knockout needs time (wake).
    case("end_of_battle", stuns=[H]),
    case("end_of_battle", stuns=[VH]),
    case("end_of_battle", stuns=[INC]),
    case("end_of_battle", "mudge", stuns=[H], wounds=[S]),
    # F95 4.52 no. 4: wounds held back by a temporary Willpower roll count in full after the battle.
    case("end_of_battle", options=TEMP, wounds=[H], held=[[H, VH]]),
    case("end_of_battle", options=TEMP, held=[[S, H], [VH, INC]]),
    case("end_of_battle", options={**TEMP, **LINGER}, wounds=[S, S, S], held=[[S, H], [S, H], [S, H], [S, H]]),
    case("end_of_battle", options=TEMP, wounds=[S, S, S, S, S], held=[[H, VH]]),
    case("end_of_battle", options=TEMP, wounds=[H], held=[[H, VH]], dead=True),
    case("end_of_battle", options={**TEMP, **LINGER}, wounds=[S] * 6, held=[[S, H]]),
    case("end_of_battle", options={**TEMP, "wounds.pawn_track": True}, role="npc", held=[[S, H]]),
    # Damage Capacity moves by what the true wounds lower (F95 4.57, Scratches counted toward a
    # level); CO's track takes the true points (CO 3.1); a true Dead result kills.
    case("end_of_battle", options={**TEMP, **CAP}, capacity=1, wounds=[S], held=[[S, H]]),
    case("end_of_battle", options={**TEMP, **CAP, **LINGER, "wounds.capacity_per_hit": "by_severity"}, capacity=1,
         held=[[INC, H], [0, S]]),
    case("end_of_battle", options={**TEMP, **CAP}, capacity=1, held=[[ND, DEAD]]),
    case("end_of_battle", options={**TEMP, "co.track": True}, held=[[H, VH, 3, 5]]),
    case("end_of_battle", options={**TEMP, "co.track": True}, held=[[ND, DEAD, 15, 17]]),
    # A track recorded with Scratches counting on a pawn, cleared under rules that ignore them: the
    # rebuilt track keeps every wound it is given.
    case("end_of_battle", options={**TEMP, **LINGER, "wounds.pawn_track": True, "wounds.pawn_scratch": "hurt"},
         role="npc", wounds=[S], held=[[H, INC]], later={"wounds.pawn_scratch": "ignore"}),
    # CO 4: wounds shrugged off by a damage check count again; a dropped fighter is no longer down.
    case("end_of_battle", wounds=[H], flags={"shrugged": True}),
    case("end_of_battle", wounds=[VH], flags={"dropped": True}),
    case("end_of_battle", wounds=[H], flags={"knocked_out": True}),
    case("wake", wounds=[H], flags={"knocked_out": True}),
    case("wake", wounds=[H]),
    # F95 4.8, MUD 4.8: a level a week of rest; Near Death does not heal on its own (F95 4.51).
    case("natural", "mudge", wounds=[INC]),
    case("natural", "mudge", wounds=[INC], weeks=3),
    case("natural", wounds=[VH, H, S], weeks=4),
    case("natural", wounds=[ND, H], weeks=2),
    case("natural", "mudge", wounds=[ND], weeks=1),
    case("natural", wounds=[], weeks=2),
    case("natural", wounds=[H], weeks=52),
    case("natural", options=CAP, capacity=1, wounds=[S, H, H, H], weeks=2),
    case("natural", options=CAP, capacity=1, wounds=[H, S], weeks=3),
    # With a Constitution roll a week: Fair (Hurt), Good (Very Hurt), Great (Incapacitated).
    case("natural", "mudge", ROLLS, wounds=[INC], weeks=4, rolls=[1, 2, 0, 1]),
    case("natural", options=ROLLS, wounds=[VH], weeks=3, rolls=["Fair", "Good", "Mediocre"]),
    case("natural", options=ROLLS, wounds=[H], weeks=2, rolls=[-1, 0]),
    case("natural", options=ROLLS, wounds=[S, S], weeks=2, rolls=[-3, -3]),
    case("natural", options=ROLLS, wounds=[ND], weeks=1, rolls=[3]),
    # Refusals: switched off (F93), the dead, the alternate track, weeks and rolls out of bounds.
    case("natural", "fudge1993", wounds=[H]),
    case("natural", wounds=[DEAD]),
    case("natural", options=CO, points=3),
    case("natural", wounds=[H], weeks=0),
    case("natural", wounds=[H], weeks=53),
    case("natural", wounds=[H], weeks=True),
    case("natural", wounds=[H], weeks="2"),
    case("natural", wounds=[H], weeks=1.0),
    case("natural", wounds=[H], rolls=[1]),
    case("natural", options=ROLLS, wounds=[H], weeks=2),
    case("natural", options=ROLLS, wounds=[H], weeks=2, rolls=[1]),
    case("natural", options=ROLLS, wounds=[H], weeks=2, rolls="12"),
    case("natural", options=ROLLS, wounds=[H], weeks=2, rolls=[1, "Grand"]),
    case("natural", options=ROLLS, wounds=[H], weeks=2, rolls=[1, 7]),
    case("natural", options=ROLLS, wounds=[H], weeks=2, rolls=[1, 21]),
    case("natural", options=ROLLS, wounds=[H], weeks=2, rolls=["Good", "Superb+20"]),
    # CO 3.2: a healing check against the wound level, a box back per degree of success.
    case("heal_co", options=CO, points=0, result=2),
    case("heal_co", options=CO, points=7, result=0),
    case("heal_co", options=CO, points=7, result=3),
    case("heal_co", options=CO, points=7, result=-2),
    case("heal_co", options=CO, points=11, result=4),
    case("heal_co", options=CO, points=16, result=3),
    case("heal_co", options=CO, points=3, result=4),
    case("heal_co", options={**CO, "co.heal_per_degree": 3}, points=9, result=4),
    case("heal_co", options={**CO, "co.heal_failure_hurts": True}, points=9, result=-3),
    case("heal_co", options=CO, points=16, result=6),
    case("heal_co", options={**CO, "co.heal_failure_hurts": True}, points=9, result=1),
    case("heal_co", options={**CO, "co.heal_failure_hurts": True}, points=9, result=0),
    case("heal_co", options=CO, points=16, result=2, dead=True),
    case("heal_co", wounds=[H], result=2),
    case("heal_co", options=CO, points=5, result="Great"),
    case("heal_co", options=CO, points=5, result=-21),
]


def build(row: dict[str, Any]) -> tuple[Any, WoundTrack]:
    """The ruleset and the wound track a case starts from."""
    rules = find_ruleset(row["rules"]).with_options(row["options"])
    track = WoundTrack.new(rules, role=row.get("role", "pc"), capacity=row.get("capacity"))
    if "points" in row:
        track = wounds.record_wound(track, 2, rules=rules, points=row["points"]).track
    for level in row.get("wounds", []):
        track = wounds.record_wound(track, level, rules=rules).track
    for level, true, *points in row.get("held", []):  # on CO's track: [level, true, points, true points]
        co = dict(zip(("points", "true_points"), points))
        track = wounds.record_wound(track, level, rules=rules, true_level=true, **co).track
    for level in row.get("stuns", []):
        track = wounds.record_stun(track, level, rules=rules).track
    if row.get("dead"):
        track = replace(track, dead=6)
    return rules, replace(track, **row.get("flags", {}))


def outcome(row: dict[str, Any]) -> dict[str, Any]:
    """What the healing function makes of a case: its outcome's dict, or the error it raises."""
    rules, track = build(row)
    rules = rules.with_options(row.get("later", {}))
    extra = {k: row[k] for k in ("weeks", "rolls") if k in row}
    try:
        if row["fn"] == "heal":
            return healing.heal(track, row["result"], rules=rules).to_dict()
        if row["fn"] == "heal_co":
            return healing.heal_co(track, row["result"], rules=rules).to_dict()
        if row["fn"] == "end_of_battle":
            return healing.end_of_battle(track, rules=rules).to_dict()
        if row["fn"] == "natural":
            return healing.natural_healing(track, rules=rules, **extra).to_dict()
        return {"track": healing.wake(track).to_dict()}
    except FudgeError as err:
        return readings.refusal(err)


def recorded() -> list[dict[str, Any]]:
    """What the code does now, in the golden file's shape: each case with its start and outcome."""
    return [{**row, "start": build(row)[1].to_dict(), "outcome": outcome(row)} for row in CASES]


def test_every_healing_act_explains_itself_as_recorded():
    """Each case heals as the golden file records it: the new track box by box, the wounds before
    and after, the worst levels, and every step's section, text and data; a refusal's error class,
    message and field. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_healing_readings.py --write`` and review the diff."""
    golden = readings.load("healing_readings")
    assert readings.cases_in(golden, "start", "outcome") == CASES
    for row in golden:
        assert build(row)[1].to_dict() == row["start"], row
        assert outcome(row) == row["outcome"], row


def test_the_golden_healing_cases_reach_every_step_and_refusal():
    """The recorded outcomes include each kind of step the healing functions write (so a step the
    code stops writing, or a refusal it stops making, shows in the file's diff) and both presets'
    citations."""
    golden = readings.load("healing_readings")
    texts = [s["text"] for r in golden for s in r["outcome"].get("steps", [])]
    sections = {s["section"] for r in golden for s in r["outcome"].get("steps", [])}
    for needle in ("heals nothing", "restores Damage Capacity", "no wounds to heal", "erased after the battle",
                   "Scratches linger", "Stun results heal", "held back by Willpower", "penalties apply in full",
                   "Nothing to clear", "fully healed", "Near Death", "fails against", "succeeds",
                   "heal one level", "recovered", "more box(es) marked", "no change", "nothing to heal"):
        assert any(needle in t for t in texts), needle
    assert {"F95 4.8", "MUD 4.8", "F95 4.51", "MUD 4.51", "F95 4.57", "F95 4.52", "F95 4.62", "CO 4",
            "CO 3.2"} <= sections
    fields = {r["outcome"]["field"] for r in golden if "error" in r["outcome"]}
    assert {"track", "result", "weeks", "rolls", "rolls[1]", "healing.natural"} <= fields


if __name__ == "__main__":
    readings.write_when_asked("healing_readings", recorded(), __file__)
