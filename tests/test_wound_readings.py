"""Every change to a wound track explains itself: the outcome of each wounds function (the new track
box by box, its view — rows, sheet, level, penalty, stun — and every step's section, text and data)
pinned in tests/golden/readings/wound_readings.json, for every kind of track.

Cases cover recording wounds on boxes (F95 4.57, MUD 4.57: the "H" overflow, death past Near Death,
the Scratch cap), a pawn's three stages (F95 4.57), Damage Capacity as the record (F95 4.52 no. 3,
4.57) and the alternate track (CO 3.1); temporary Willpower (F95 4.52 no. 4); stuns, head blows and
pulled punches (F95 4.62, MUD 4.62); the PC-death guards and points (F95 4.64, MUD 4.64); damage
checks and recovery (CO 4.2-4.4); the GM's hand on a box (F95 4.57); building tracks and reading
saved ones back (with each refusal's message and field). To change the recorded readings
deliberately, edit ``CASES`` or the code, then rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_wound_readings.py --write
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import readings

from pyfudge.core.errors import FudgeError
from pyfudge.rules import wounds
from pyfudge.rules.wound_levels import ROLES
from pyfudge.rules.wounds import WoundTrack
from pyfudge.rulesets import find_ruleset

# Ladder: Terrible -3 … Superb 3, Legendary 4. Wounds: Undamaged 0, Scratch 1, Hurt 2, Very Hurt 3,
# Incapacitated 4, Near Death 5, Dead 6.
U, S, H, VH, INC, ND, DEAD = 0, 1, 2, 3, 4, 5, 6
CAP = {"wounds.record": "capacity"}
CO = {"co.track": True}
PAWN = {"wounds.pawn_track": True}
TEMP = {"wounds.willpower": "temporary"}
PERM = {"wounds.willpower": "permanent"}
CHECKS = {"co.damage_check": True}
RECOVERY = {"co.damage_check": True, "co.recovery": True}
CAP3 = {"wounds.three_level_cap": True}
ND_INC = {"wounds.near_death_from_incapacitated": True}
FUDGE_PT = {"wounds.points": "fudge"}
HEAD = {"wounds.head_knockout": True}
PLUS4, MINUS4, ZERO = [1, 1, 1, 1], [-1, -1, -1, -1], [0, 0, 0, 0]


def case(fn: str, preset: str = "fudge1995", options: dict | None = None, **kw: Any) -> dict[str, Any]:
    return {"fn": fn, "rules": preset, "options": options or {}, **kw}


# A boxed track as saved, for the reading cases.
SAVED = {"kind": "boxes", "marks": [[0, 0, 0], [0], [0], [0], [0]]}
SAVED_CAP = {"kind": "capacity", "capacity_start": 1, "capacity": 0}
SAVED_CO = {"kind": "co", "marks": [[1, 1], [1, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]]}
SAVED_PAWN = {"kind": "pawn", "marks": [[], [0], [], [0], []]}


def saved(base: dict, **changes: Any) -> dict[str, Any]:
    return {**base, **changes}


CASES: list[dict[str, Any]] = [
    # F95 4.57: boxes. A wound takes a box at its level, else the next higher open one ("H").
    case("record", level=U),
    case("record", level=S),
    case("record", wounds=[S, S, S], level=S),
    case("record", level=H),
    case("record", wounds=[H], level=H),
    case("record", wounds=[H, VH], level=H),
    case("record", level=VH),
    # F95 4.57: "a character that takes two Very Hurt results ... is Incapacitated".
    case("record", wounds=[VH], level=VH),
    case("record", level=INC),
    case("record", level=ND),
    case("record", wounds=[ND], level=INC),
    case("record", wounds=[INC, ND], level=VH),
    case("record", "mudge", wounds=[H], level=H),
    case("record", "mudge", wounds=[ND, INC], level=INC),
    # F95 4.51: a Dead result kills; the dead take no more wounds.
    case("record", level=DEAD),
    case("record", wounds=[H], level=DEAD),
    case("record", wounds=[DEAD], level=H),
    case("record", wounds=[DEAD], level=U),
    # A fighter's own boxes (F95 4.57 "the GM may give"); a level with no boxes at all.
    case("record", boxes=[1, 0, 2, 1, 1], wounds=[S], level=S),
    case("record", boxes=[0, 0, 0, 0, 1], level=S),
    case("record", boxes=[0, 0, 0, 0, 1], wounds=[S], level=S),
    # F95 4.57 option: a Scratch never raises the level beyond Very Hurt.
    case("record", options={"wounds.scratch_cap": True}, wounds=[S, S, S, H, VH], level=S),
    case("record", options={"wounds.scratch_cap": True}, wounds=[S, S, S, H], level=S),
    case("record", options={"wounds.scratch_cap": True}, wounds=[S, S, S, H, VH, ND], level=S),
    case("record", options={"wounds.scratch_cap": True}, wounds=[S, S, S, H, INC, VH], level=S),
    case("record", options={"wounds.scratch_cap": True}, wounds=[S, S, S, H, INC, VH, ND], level=S),
    case("record", options={"wounds.scratch_cap": True}, wounds=[S, S, S, H, VH, INC, ND], level=H),
    # F95 4.57: a pawn's three stages; a Scratch ignored or counted as Hurt.
    case("record", options=PAWN, role="npc", level=S),
    case("record", options={**PAWN, "wounds.pawn_scratch": "hurt"}, role="npc", level=S),
    case("record", options={**PAWN, "wounds.pawn_scratch": "hurt"}, role="npc", wounds=[H], level=S),
    case("record", options=PAWN, role="npc", level=H),
    case("record", options=PAWN, role="npc", wounds=[H], level=H),
    case("record", options=PAWN, role="npc", level=VH),
    case("record", options=PAWN, role="npc", level=ND),
    case("record", options=PAWN, role="npc", wounds=[INC], level=H),
    case("record", options=PAWN, role="npc", level=DEAD),
    # A Scratch counted as Hurt on a pawn already out: capped (F95 4.57 option), or past the last mark.
    case("record", options={**PAWN, "wounds.pawn_scratch": "hurt", "wounds.scratch_cap": True}, role="npc",
         wounds=[H], level=S),
    case("record", options={**PAWN, "wounds.pawn_scratch": "hurt"}, role="npc", wounds=[H, H], level=S),
    case("record", options=PAWN, role="pc", level=S),
    # F95 4.57: Damage Capacity as the record.
    case("record", options=CAP, capacity=1, level=U),
    case("record", options=CAP, capacity=1, level=S),
    case("record", options=CAP, capacity=1, wounds=[S, S], level=S),
    case("record", options={**CAP, "wounds.capacity_scratches": 0}, capacity=1, wounds=[S, S, S], level=S),
    case("record", options=CAP, capacity=1, level=H),
    case("record", options=CAP, capacity=1, wounds=[H], level=INC),
    case("record", options=CAP, capacity=0, wounds=[H, H], level=H),
    case("record", options=CAP, capacity=-3, wounds=[H], level=H),
    case("record", options={**CAP, "wounds.capacity_terrible": "incapacitated"}, capacity=-2, wounds=[H],
         level=H),
    case("record", options={**CAP, "wounds.capacity_per_hit": "by_severity"}, capacity=2, level=H),
    case("record", options={**CAP, "wounds.capacity_per_hit": "by_severity"}, capacity=2, level=VH),
    case("record", options={**CAP, "wounds.capacity_per_hit": "by_severity"}, capacity=-3, level=ND),
    case("record", options=CAP, capacity=1, level=DEAD),
    case("record", options=CAP, capacity=4, wounds=[H], level=S),
    # CO 3.1: damage points fill boxes from Terrible upward; a full track kills.
    case("record", options=CO, level=H, points=0),
    case("record", options=CO, level=H, points=1),
    case("record", options=CO, level=H, points=2),
    case("record", options=CO, points_before=[3], level=H, points=1),
    case("record", options=CO, points_before=[5], level=H, points=4),
    case("record", options=CO, points_before=[14], level=ND, points=5),
    case("record", options=CO, points_before=[15], level=S, points=1),
    case("record", options={**CO, "co.track_boxes": [1, 0, 0, 0, 0, 0, 0, 1]}, level=H, points=1),
    case("record", options={**CO, "co.track_boxes": [1, 0, 0, 0, 0, 0, 0, 1]}, level=H, points=2),
    case("record", options={**CO, "co.track_boxes": [0, 0, 0, 3, 0, 0, 0, 0]}, level=H, points=2),
    case("record", options=CO, level=H),
    case("record", options=CO, level=H, points=-1),
    case("record", options=CO, level=H, points=True),
    case("record", options=CO, level=H, points=1.0),
    # F95 4.52 no. 4: a temporary Willpower roll holds a wound back until the battle is over.
    case("record", options=TEMP, level=H, true_level=VH),
    case("record", options=TEMP, level=U, true_level=S),
    case("record", options=TEMP, wounds=[H], level=S, true_level=H),
    case("record", options=TEMP, level=H, true_level=H),
    case("record", options=PERM, level=H, true_level=VH),
    case("record", options=TEMP, wounds=[DEAD], level=H, true_level=VH),
    # A wound that marks nothing is held back as nothing; Damage Capacity keeps the level asked (a
    # Scratch counts toward a level); the CO 3 track keeps its damage points and the true ones.
    case("record", options={**TEMP, **PAWN}, role="npc", level=S, true_level=H),
    case("record", options={**TEMP, **CAP}, capacity=1, wounds=[S], level=S, true_level=H),
    case("record", options={**TEMP, **CO}, level=H, points=3, true_level=VH, true_points=5),
    case("record", options={**TEMP, **CO}, level=H, points=3, true_level=VH),
    case("record", options=TEMP, level=H, true_level=7),
    case("record", level=7),
    case("record", level="Very Hurt"),
    # F95 4.62 / MUD 4.62: stunning attacks.
    case("stun", level=S),
    case("stun", level=H),
    case("stun", stuns=[H], level=H),
    case("stun", stuns=[H, H], level=H),
    case("stun", level=VH),
    case("stun", stuns=[VH], level=VH),
    case("stun", level=INC),
    case("stun", level=DEAD),
    case("stun", stuns=[INC], level=H),
    case("stun", stuns=[INC], level=S),
    case("stun", "mudge", stuns=[H], level=H),
    case("stun", "mudge", stuns=[H, H], level=H),
    case("stun", wounds=[VH], level=H),
    case("stun", level=-1),
    case("effects", status=0),
    case("effects", status=1),
    case("effects", "mudge", status=1),
    case("effects", status=2),
    case("effects", "mudge", status=2),
    case("effects", status=3),
    case("effects", status=4),
    case("effects", status=True),
    case("effects", status=-1),
    # F95 4.62: a Good blow to the head that wins knocks out.
    case("head", options=HEAD, result=1, won=True),
    case("head", options=HEAD, result=2, won=True),
    case("head", options=HEAD, result=0, won=True),
    case("head", options=HEAD, result=3, won=False),
    case("head", options=HEAD, stuns=[INC], result=3, won=True),
    case("head", options=HEAD, stuns=[INC], result=1, won=True),
    case("head", options=HEAD, result=1, won=1),
    case("head", options=HEAD, result=21, won=True),
    case("head", result=3, won=True),
    case("pulled", level=H, max_level=VH),
    case("pulled", level=VH, max_level=VH),
    case("pulled", level=ND, max_level=H),
    case("pulled", level=H, max_level=U),
    case("pulled", level=8, max_level=H),
    # F95 4.64 / MUD 4.64: the PC-death guards and points against a wound.
    case("guard", level=ND),
    case("guard", options=CAP3, level=ND),
    case("guard", options=CAP3, level=INC),
    case("guard", options=CAP3, wounds=[H], level=DEAD),
    case("guard", options=CAP3, wounds=[S, S, S, H], level=VH),
    case("guard", options=CAP3, level=VH, role="npc"),
    case("guard", options=CAP3, level=ND, role="major_npc"),
    case("guard", options={**CAP3, "wounds.guard_major_npcs": True}, level=ND, role="major_npc"),
    case("guard", options=ND_INC, level=ND),
    case("guard", options=ND_INC, wounds=[INC], level=DEAD),
    case("guard", options=ND_INC, wounds=[INC], level=ND, round_start=VH),
    case("guard", options=ND_INC, wounds=[VH], level=ND, round_start=INC),
    case("guard", options=ND_INC, wounds=[INC], level=INC),
    case("guard", options={**ND_INC, **CAP3}, level=DEAD),
    case("guard", options={**ND_INC, **CAP3}, wounds=[H], level=DEAD),
    case("guard", options={**ND_INC, **CAP3}, wounds=[S], level=ND),
    case("guard", options={**ND_INC, **CAP3}, wounds=[S], level=ND, round_start=INC),
    case("guard", options=ND_INC, level=U),
    case("guard", options=FUDGE_PT, level=ND, points_spent=1),
    case("guard", options=FUDGE_PT, level=DEAD, points_spent=1),
    case("guard", options=FUDGE_PT, level=INC, points_spent=1),
    case("guard", options=FUDGE_PT, level=ND, points_spent=2),
    case("guard", options=FUDGE_PT, level=ND, points_spent=1, role="npc"),
    case("guard", options={**FUDGE_PT, **ND_INC}, level=DEAD, points_spent=1),
    case("guard", "mudge", level=VH, points_spent=1),
    case("guard", "mudge", level=ND, points_spent=3),
    case("guard", "mudge", level=DEAD, points_spent=4),
    case("guard", "mudge", level=S, points_spent=2),
    case("guard", "mudge", level=H, points_spent=2, role="npc"),
    case("guard", level=H, points_spent=1),
    case("guard", level=DEAD, automatic=True),
    case("guard", options=FUDGE_PT, level=DEAD, automatic=True, points_spent=1),
    case("guard", options=CAP3, level=DEAD, round_start=9),
    case("guard", level=H, points_spent=-1),
    case("guard", level=H, points_spent=True),
    case("guard", level=H, points_spent="1"),
    case("guard", level=7),
    case("guard", level=H, role="boss"),
    case("guard", options={**CAP3, **PAWN}, role="npc", level=ND),
    case("guard", options={**CAP3, **CAP}, capacity=1, level=DEAD),
    case("guard", options={**CAP3, **CO}, level=DEAD),
    # F95 4.52 no. 4: Willpower shifts a wound a level (Great+ lighter, Poor- heavier).
    case("willpower", options=TEMP, level=H, result=2),
    case("willpower", options=PERM, level=H, result=3),
    case("willpower", options=TEMP, level=S, result=2),
    case("willpower", options=TEMP, level=H, result=1),
    case("willpower", options=TEMP, level=H, result=-1),
    case("willpower", options=PERM, level=H, result=-2),
    case("willpower", options=TEMP, level=ND, result=-3),
    case("willpower", options=TEMP, level=DEAD, result=-3),
    case("willpower", options=TEMP, level=U, result=3),
    case("willpower", level=H, result=2),
    case("willpower", options=TEMP, level=H, result=21),
    case("willpower", options=TEMP, level=9, result=0),
    # CO 4.2-4.3: damage checks; CO 4.4 recovery.
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=ZERO),
    case("check", options=CHECKS, wounds=[H], capacity=0, faces=[0, 0, 0, -1]),
    case("check", options=CHECKS, wounds=[S], capacity=-1, faces=ZERO),
    case("check", options=CHECKS, wounds=[VH], capacity=1, faces=[1, 0, 0, 0], modifier=-1),
    case("check", options=CHECKS, wounds=[INC], capacity=0, faces=PLUS4, modifier=2),
    case("check", options=CHECKS, wounds=[ND], capacity=3, faces=MINUS4),
    case("check", options=CHECKS, wounds=[DEAD], capacity=3, faces=PLUS4),
    case("check", options=CHECKS, capacity=1, faces=ZERO),
    case("check", options={**CHECKS, **CO}, points_before=[5], capacity=1, faces=ZERO),
    case("check", options={**CHECKS, **CO}, points_before=[5], capacity=0, faces=ZERO),
    case("check", options={**CHECKS, **CO}, capacity=1, faces=ZERO),
    case("check", options={**CHECKS, **CAP}, capacity=1, hits=[H], faces=ZERO),
    case("check", options={**CHECKS, **CAP}, capacity=1, hits=[H, H], faces=ZERO),
    case("check", wounds=[H], capacity=1, faces=ZERO),
    case("check", options=CHECKS, wounds=[H], capacity=5, faces=ZERO),
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=[0, 0, 0]),
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=ZERO, modifier=11),
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=ZERO, modifier=-11),
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=ZERO, modifier=10),
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=ZERO, modifier=-10),
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=ZERO, modifier=True),
    case("check", options=CHECKS, wounds=[H], capacity=1, faces=ZERO, modifier=1.0),
    case("check", options=CHECKS, wounds=[H], flags={"dropped": True}, capacity=1, faces=ZERO, recovering=True),
    case("check", options=RECOVERY, wounds=[H], capacity=1, faces=ZERO, recovering=True, rounds_out=1,
         damage_points=1),
    case("check", options=RECOVERY, wounds=[H], flags={"dropped": True}, capacity=1, faces=ZERO,
         recovering=True),
    case("check", options=RECOVERY, wounds=[H], flags={"dropped": True}, capacity=1, faces=ZERO,
         recovering=True, rounds_out=2),
    case("check", options=RECOVERY, wounds=[H], flags={"dropped": True}, capacity=1, faces=ZERO,
         recovering=True, damage_points=2),
    case("check", options=RECOVERY, wounds=[H], flags={"dropped": True}, capacity=1, faces=ZERO,
         recovering=True, rounds_out=1, damage_points=2),
    case("check", options=RECOVERY, wounds=[VH], flags={"dropped": True}, capacity=2, faces=ZERO,
         recovering=True, rounds_out=2, damage_points=2),
    case("check", options=RECOVERY, wounds=[VH], flags={"dropped": True}, capacity=2, faces=ZERO,
         recovering=True, rounds_out=3, damage_points=2, pain="high"),
    case("check", options=RECOVERY, wounds=[VH], flags={"dropped": True}, capacity=3, faces=[1, 0, 0, 0],
         recovering=True, rounds_out=2, damage_points=2, pain="low"),
    case("check", options=RECOVERY, wounds=[H], flags={"dropped": True}, capacity=2, faces=ZERO,
         recovering=True, rounds_out=101, damage_points=2),
    case("check", options=RECOVERY, wounds=[H], flags={"dropped": True}, capacity=2, faces=ZERO,
         recovering=True, rounds_out=3, damage_points=-1),
    case("check", options={**RECOVERY, "co.recovery_wait": False}, wounds=[S], flags={"dropped": True},
         capacity=0, faces=MINUS4, recovering=True),
    case("check", options={**RECOVERY, "co.recovery_wait": False}, wounds=[H], flags={"dropped": True},
         capacity=0, faces=PLUS4, recovering=True),
    case("check", options={**RECOVERY, "co.recovery_wait": False}, wounds=[VH], flags={"dropped": True},
         capacity=1, faces=ZERO, recovering=True, modifier=2),
    case("check", options=CHECKS, wounds=[VH], flags={"shrugged": True}, capacity=0, faces=ZERO),
    # F95 4.57: the GM's hand on a box.
    case("set_box", wounds=[H], row=1, index=0, value=0),
    case("set_box", wounds=[S, S], row=0, index=0, value=0),
    case("set_box", row=3, index=0, value=H),
    case("set_box", row=3, index=0, value=INC),
    case("set_box", row=0, index=2, value=S),
    case("set_box", row=0, index=3, value=S),
    case("set_box", row=5, index=0, value=S),
    case("set_box", row=1, index=0, value=VH),
    case("set_box", row=1, index=0, value=True),
    case("set_box", row=-1, index=0, value=S),
    case("set_box", row=0, index="0", value=S),
    case("set_box", options=CO, row=0, index=1, value=1),
    case("set_box", options=CO, points_before=[2], row=0, index=1, value=0),
    case("set_box", options=CO, row=7, index=0, value=2),
    case("set_box", options=PAWN, role="npc", row=3, index=0, value=H),
    case("set_box", options=PAWN, role="npc", row=0, index=0, value=S),
    case("set_box", options=CAP, capacity=1, row=0, index=0, value=S),
    # Building a track (F95 4.57, CO 3) and its refusals.
    case("new"),
    case("new", "mudge", role="npc"),
    case("new", options={"wounds.track": "epic"}),
    case("new", options={"wounds.track": "custom", "wounds.boxes": [2, 0, 3, 1, 1]}),
    case("new", boxes=[4, 3, 0, 1, 1]),
    case("new", options=PAWN, role="npc"),
    case("new", options=PAWN, role="major_npc"),
    case("new", options=CAP, capacity=2),
    case("new", options=CAP),
    case("new", options=CAP, capacity=5),
    case("new", options={**CAP, "wounds.capacity_terrible": "incapacitated", "wounds.track": "epic"},
         capacity=-3),
    case("new", options={**CO, **CAP}, capacity=1),
    case("new", options={**CO, "co.track_boxes": [1, 2, 3, 0, 0, 0, 0, 1]}),
    case("new", role="villain"),
    case("new", boxes=[0, 0, 0, 0, 0]),
    # Reading saved tracks: what is kept, and each refusal with its field.
    case("read", data=saved(SAVED, marks=[[1, 0, 0], [2], [3], [2], [5]], dead=0,
                            stun_marks=[[2], [3]], knocked_out=True, deferred=[[2, 3], [0, 1]])),
    case("read", data={"marks": [[0] * 10, [], [0], [0], [0]]}),
    case("read", data=saved(SAVED, marks=[[0] * 11, [0], [0], [0], [0]])),
    case("read", data=saved(SAVED, marks=[[0, 0, 0], [0], [0], [0]])),
    case("read", data=saved(SAVED, marks="0,0,0")),
    case("read", data=saved(SAVED, marks=[[0, 0, 0], 2, [0], [0], [0]])),
    case("read", data=saved(SAVED, marks=[[0, 0, 0], [3], [0], [0], [0]])),
    case("read", data=saved(SAVED, marks=[[0, 0, 0], [0], [0], [0], [6]])),
    case("read", data=saved(SAVED, marks=[[0, 0, False], [0], [0], [0], [0]])),
    case("read", data=saved(SAVED, marks=[[0, 0, True], [0], [0], [0], [0]])),
    case("read", data=saved(SAVED, stun_marks=[[1], [0]])),
    case("read", data=saved(SAVED, stun_marks=[[0], [4]])),
    case("read", data=saved(SAVED, stun_marks=[[0]])),
    case("read", data=saved(SAVED, dead=7)),
    case("read", data=saved(SAVED, dead=4)),
    case("read", data=saved(SAVED, knocked_out=1)),
    case("read", data=saved(SAVED, dropped="yes")),
    case("read", data=saved(SAVED, shrugged=None)),
    case("read", data=saved(SAVED, shrugged=True, dropped=True)),
    case("read", data=saved(SAVED, shrugged=True)),
    case("read", data=saved(SAVED, dropped=True)),
    case("read", data=saved(SAVED, kind="wounds")),
    case("read", data=saved(SAVED, kind=3)),
    case("read", data=saved(SAVED, colour="red")),
    case("read", data=saved(SAVED, worst=5, worst_name="Near Death", co_level=None, zz=1, aa=2)),
    case("read", data=[0, 0, 0]),
    case("read", data=saved(SAVED, deferred=[[2, 3]] * 50)),
    case("read", data=saved(SAVED, deferred=[[2, 3]] * 51)),
    case("read", data=saved(SAVED, deferred={"2": 3})),
    case("read", data=saved(SAVED, deferred=[[2, 3], [2]])),
    case("read", data=saved(SAVED, deferred=[[2, 3], [2, 3, 4]])),
    case("read", data=saved(SAVED, deferred=[[2, 3], [7, 3]])),
    case("read", data=saved(SAVED, deferred=[[2, 3], [2, -1]])),
    case("read", data=SAVED_PAWN),
    case("read", data=saved(SAVED_PAWN, marks=[[], [2], [], [5], []])),
    case("read", data=saved(SAVED_PAWN, marks=[[0], [0], [], [0], []])),
    case("read", data=saved(SAVED_PAWN, marks=[[], [0], [], [0, 0], []])),
    case("read", data=saved(SAVED_PAWN, marks=[[], [0], [], [0]])),
    case("read", data=SAVED_CAP),
    case("read", data=saved(SAVED_CAP, scratches=2, capacity_terrible="incapacitated", capacity=-4)),
    case("read", data=saved(SAVED_CAP, capacity=-20)),
    case("read", data=saved(SAVED_CAP, capacity=-21)),
    case("read", data=saved(SAVED_CAP, capacity=2)),
    case("read", data=saved(SAVED_CAP, capacity="Fair")),
    case("read", data={"kind": "capacity", "capacity": 0}),
    case("read", data={"kind": "capacity", "capacity_start": 1}),
    case("read", data=saved(SAVED_CAP, capacity_start=5)),
    case("read", data=saved(SAVED_CAP, scratches=-1)),
    case("read", data=saved(SAVED_CAP, capacity_terrible="dead")),
    case("read", data=SAVED_CO),
    case("read", data=saved(SAVED_CO, marks=[[1] * 10, [1], [], [], [], [], [], [0]])),
    case("read", data=saved(SAVED_CO, marks=[[0] * 11, [], [], [], [], [], [], [0]])),
    case("read", data=saved(SAVED_CO, marks=[[1], [], [], [], [], [], [], [0]])),
    case("read", data=saved(SAVED_CO, marks=[[1], [], [], [], [], [], []])),
    case("read", data=saved(SAVED_CO, marks={"0": [1]})),
    case("read", data=saved(SAVED_CO, marks=[[1], 1, [], [], [], [], [], [0]])),
    case("read", data=saved(SAVED_CO, marks=[[1], [2], [], [], [], [], [], [0]])),
    case("read", data=saved(SAVED_CO, marks=[[1], [True], [], [], [], [], [], [0]])),
    case("read", data=saved(SAVED_CO, marks=[[1], [0, 1], [], [], [], [], [], [0]])),
    case("read", data=saved(SAVED_CO, marks=[[], [], [], [], [], [], [], []])),
    case("read", data=saved(SAVED_CO, marks=[[1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1]])),
    case("read", data={"kind": "co"}),
]


def build(row: dict[str, Any]) -> tuple[Any, WoundTrack]:
    """The ruleset and the wound track a case starts from."""
    rules = find_ruleset(row["rules"]).with_options(row["options"])
    role = row.get("role", "pc") if row.get("role") in ROLES else "pc"  # a bad role is the guard's to refuse
    track = WoundTrack.new(rules, role=role, capacity=row.get("capacity"), boxes=row.get("boxes"))
    for points in row.get("points_before", []):
        track = wounds.record_wound(track, H, rules=rules, points=points).track
    for level in row.get("wounds", []) + row.get("hits", []):
        track = wounds.record_wound(track, level, rules=rules).track
    for level in row.get("stuns", []):
        track = wounds.record_stun(track, level, rules=rules).track
    return rules, replace(track, **row.get("flags", {}))


def shown(track: WoundTrack, rules: Any) -> dict[str, Any]:
    """What a track shows: its view, its penalties by pain threshold and after combat, its wounds."""
    return {
        "view": track.view(rules=rules),
        "penalty": {"high": track.penalty(rules=rules, pain="high"), "low": track.penalty(pain="low"),
                    "after_combat": track.penalty(rules=rules, in_combat=False)},
        "marked_wounds": track.marked_wounds(),
    }


def run(row: dict[str, Any]) -> dict[str, Any]:
    """Call the case's function; its outcome's dict (or the track's), or the error it raises."""
    fn = row["fn"]
    if fn == "new":
        rules = find_ruleset(row["rules"]).with_options(row["options"])
        track = WoundTrack.new(rules, role=row.get("role", "pc"), capacity=row.get("capacity"),
                               boxes=row.get("boxes"))
        return {"track": track.to_dict(), **shown(track, rules)}
    if fn == "read":
        track = WoundTrack.from_dict(row["data"])
        return {"track": track.to_dict(), "round_trip": WoundTrack.from_dict(track.to_dict()) == track}
    if fn == "effects":
        rules = find_ruleset(row["rules"]).with_options(row["options"])
        return wounds.stun_effects(row["status"], rules=rules).to_dict()
    if fn == "pulled":
        level, steps = wounds.cap_pulled(row["level"], row["max_level"])
        return {"level": level, "steps": [s.to_dict() for s in steps]}
    rules, track = build(row)
    if fn == "willpower":
        return wounds.willpower_adjust(row["level"], row["result"], rules=rules).to_dict()
    if fn == "guard":
        return wounds.guard_wound(row["level"], track=track, rules=rules, role=row.get("role", "pc"),
                                  worst_at_round_start=row.get("round_start"), points_spent=row.get("points_spent", 0),
                                  automatic=row.get("automatic", False)).to_dict()
    if fn == "record":
        extra = {k: row[k] for k in ("points", "true_level", "true_points") if k in row}
        out = wounds.record_wound(track, row["level"], rules=rules, **extra)
    elif fn == "stun":
        out = wounds.record_stun(track, row["level"], rules=rules)
    elif fn == "head":
        out = wounds.head_blow(track, row["result"], won=row["won"], rules=rules)
    elif fn == "set_box":
        out = wounds.set_box(track, row["row"], row["index"], row["value"])
    else:
        extra = {k: row[k] for k in ("modifier", "recovering", "rounds_out", "damage_points", "pain") if k in row}
        out = wounds.damage_check(track, capacity=row["capacity"], faces=row["faces"], rules=rules, **extra)
    return {**out.to_dict(), **shown(out.track, rules)}


def outcome(row: dict[str, Any]) -> dict[str, Any]:
    try:
        return run(row)
    except FudgeError as err:
        return readings.refusal(err)


def start(row: dict[str, Any]) -> dict[str, Any] | None:
    """The track a case starts from, where it has one."""
    if row["fn"] in ("new", "read", "effects", "pulled", "willpower"):
        return None
    return build(row)[1].to_dict()


def recorded() -> list[dict[str, Any]]:
    """What the code does now, in the golden file's shape: each case with its start and outcome."""
    return [{**row, "start": start(row), "outcome": outcome(row)} for row in CASES]


def test_every_wound_act_explains_itself_as_recorded():
    """Each case records, guards, checks or reads as the golden file records it: the new track box
    by box and as the app shows it (rows, sheet, level, penalty by pain threshold and after combat,
    stun), and every step's section, text and data; a refusal's error class, message and field.
    Regenerate deliberately with ``PYTHONPATH=. python tests/test_wound_readings.py --write`` and
    review the diff."""
    golden = readings.load("wound_readings")
    assert readings.cases_in(golden, "start", "outcome") == CASES
    for row in golden:
        assert start(row) == row["start"], row
        assert outcome(row) == row["outcome"], row


def test_the_golden_wound_cases_reach_every_kind_of_track_and_refusal():
    """The recorded outcomes hold every kind of track, both presets' citations, and refusals of
    each input the wound functions read (so a refusal the code stops making shows in the diff)."""
    golden = readings.load("wound_readings")
    kinds = {r["outcome"]["track"]["kind"] for r in golden if "track" in r["outcome"]}
    assert kinds == {"boxes", "pawn", "capacity", "co"}
    sections = {s["section"] for r in golden for s in r["outcome"].get("steps", [])}
    assert {"F95 4.51", "F95 4.52", "F95 4.55", "F95 4.57", "MUD 4.57", "F95 4.62", "MUD 4.62", "F95 4.64",
            "MUD 4.64", "CO 3.1", "CO 4.3", "CO 4.3.1", "CO 4.3.2", "CO 4.4"} <= sections
    fields = {r["outcome"]["field"] for r in golden if "error" in r["outcome"]}
    assert {"level", "points", "true_level", "status", "won", "result", "max_level", "points_spent", "role",
            "capacity", "faces", "modifier", "recovering", "rounds_out", "damage_points", "track",
            "box.value", "box.index", "box", "track.marks", "track.deferred", "track.capacity_terrible",
            "track.kind", "track.colour", "track.shrugged", "co.damage_check", "wounds.willpower",
            "wounds.head_knockout"} <= fields


if __name__ == "__main__":
    readings.write_when_asked("wound_readings", recorded(), __file__)
