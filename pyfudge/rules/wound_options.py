"""The wound options of a ruleset: tracks, levels, guards, stun and Combat Options' damage checks
(F95 4.5–4.6, MUD 4.5–4.6, CO 3–4)."""

from __future__ import annotations

from typing import Any

from ..core.options import Option, need_dict, need_int, need_list, need_text, same
from .wound_levels import box_counts, check_track_boxes

_check_co_boxes = box_counts(8, "the alternate track")

def _check_levels(value: Any, where: str) -> list[dict]:
    need_list(value, where, min_len=5, max_len=5)
    out = []
    for i, entry in enumerate(value):
        out.append(need_dict(entry, f"{where}[{i}]", {
            "name": lambda v, w: need_text(v, w, max_len=30),
            "penalty": lambda v, w: need_int(v, w, low=-5, high=0),
            "after_combat": lambda v, w: need_int(v, w, low=-5, high=0),
        }))
    return out


# F95 4.51: the boxed levels' names and penalties; "after_combat" is the penalty once the fight
# is over (the book's Light Wound: "no penalty during combat ... after combat ... -1").
STANDARD_LEVELS = [
    {"name": "Scratch", "penalty": 0, "after_combat": 0},
    {"name": "Hurt", "penalty": -1, "after_combat": -1},
    {"name": "Very Hurt", "penalty": -2, "after_combat": -2},
    {"name": "Incapacitated", "penalty": 0, "after_combat": 0},
    {"name": "Near Death", "penalty": 0, "after_combat": 0},
]



OPTIONS: tuple = (
    Option(
        "wounds.levels", "Wound level names and penalties", "F95 4.51", "table", same(STANDARD_LEVELS),
        help="Name, penalty in combat and penalty after combat for Scratch, Hurt, Very Hurt, "
             "Incapacitated, Near Death (e.g. Light Wound / Severe Wound, Severe at −3).",
        group="Wounds", check=_check_levels,
    ),
    Option(
        "wounds.willpower", "Willpower roll adjusts wounds", "F95 4.52", "choice", same("off"),
        help="F95 4.52 no. 4: a Willpower roll adjusts each wound a level (Great+ −1, Poor− +1), "
             "until the battle is over or for good.",
        group="Wounds",
        choices=(("off", "Off"), ("temporary", "Until the battle is over"), ("permanent", "Permanent")),
    ),
    Option(
        "wounds.track", "Wound boxes", "F95 4.57", "choice",
        {"fudge1995": "realistic", "mudge": "mudge", "fudge1993": "realistic"},
        help="How many boxes each wound level has. 'Custom' uses the table below.",
        group="Wounds",
        choices=(
            ("realistic", "Fudge 3/1/1/1/1 (F95 4.57)"),
            ("mudge", "Mudge 3/2/1/1/1 (MUD 4.57)"),
            ("cinematic", "Cinematic 4/2/1/1/1 (F95 4.57)"),
            ("cinematic_very_hurt", "Cinematic 4/2/2/1/1 (F95 4.57)"),
            ("epic", "Epic 4/4/3/1/1 (F95 4.57)"),
            ("epic_min_mid_max", "Epic Min-Mid-Max 3/2/2/1/1 (F95 4.63)"),
            ("custom", "Custom (table below)"),
        ),
    ),
    Option(
        "wounds.boxes", "Custom wound boxes", "F95 4.57", "table",
        {"fudge1995": [3, 1, 1, 1, 1], "mudge": [3, 2, 1, 1, 1], "fudge1993": [3, 1, 1, 1, 1]},
        help="Boxes for Scratch, Hurt, Very Hurt, Incapacitated, Near Death (used when the "
             "wound boxes are 'Custom').",
        group="Wounds", check=check_track_boxes,
    ),
    Option(
        "wounds.scratch_cap", "Scratches stop at Very Hurt", "F95 4.57", "bool", same(False),
        help="Optionally, a Scratch never raises a wound level beyond Very Hurt "
             "(not for fights against huge-Scale monsters).",
        group="Wounds",
    ),
    Option(
        "wounds.pawn_track", "Three-stage track for NPC pawns", "F95 4.57", "bool", same(False),
        help="Run-of-the-mill NPCs use Undamaged / Hurt / Out of the Battle.",
        group="Wounds",
    ),
    Option(
        "wounds.pawn_scratch", "A Scratch on a pawn", "F95 4.57", "choice", same("ignore"),
        help="The three-stage track has no Scratch: ignore it, or count it as Hurt.",
        group="Wounds",
        choices=(("ignore", "No effect"), ("hurt", "Counts as Hurt")),
    ),
    Option(
        "wounds.record", "Wound record", "F95 4.52", "choice", same("boxes"),
        help="Wound boxes, or Damage Capacity itself as the record: each hit lowers it a level "
             "(F95 4.52 no. 3, 4.57).",
        group="Wounds",
        choices=(("boxes", "Wound boxes"), ("capacity", "Damage Capacity drops per hit")),
    ),
    Option(
        "wounds.capacity_scratches", "Scratches per Damage Capacity level", "F95 4.57", "int",
        same(3),
        help="With Damage Capacity as the record: how many Scratches equal one hit (0: never).",
        group="Wounds", low=0, high=10,
    ),
    Option(
        "wounds.capacity_per_hit", "Damage Capacity lost per hit", "F95 4.57", "choice",
        same("one"),
        help="One level per hit, or more for severe hits (Hurt 1, Very Hurt 2, Incapacitated 3, "
             "Near Death 4).",
        group="Wounds",
        choices=(("one", "One level per hit"), ("by_severity", "One level per wound level above Scratch")),
    ),
    Option(
        "wounds.capacity_terrible", "Damage Capacity reduced to Terrible", "F95 4.57", "choice",
        same("penalty"),
        help="At Terrible: −3 to all actions, or Incapacitated.",
        group="Wounds",
        choices=(("penalty", "−3 to all actions"), ("incapacitated", "Incapacitated")),
    ),
    Option(
        "wounds.three_level_cap", "At most three levels in one blow", "F95 4.64", "bool",
        same(False),
        help="PC death rule 1: a blow cannot worsen a protected character by more than three levels.",
        group="Wounds",
    ),
    Option(
        "wounds.near_death_from_incapacitated", "Near Death only from Incapacitated", "F95 4.64",
        "bool", same(False),
        help="PC death rule 2: Near Death (or worse) only if the character began the round "
             "Incapacitated.",
        group="Wounds",
    ),
    Option(
        "wounds.points", "Points against a wound", "F95 4.64", "choice",
        {"fudge1995": "none", "mudge": "meta", "fudge1993": "none"},
        help="Fudge Point: turns a deadly wound into Very Hurt (F95 4.64 no. 3). Meta Points: each "
             "lowers a wound one level, at most three per wound (MUD 4.64).",
        group="Wounds",
        choices=(
            ("none", "No points"),
            ("fudge", "Fudge Point: deadly → serious (F95)"),
            ("meta", "Meta Points: −1 level each, max 3 (MUD)"),
        ),
    ),
    Option(
        "wounds.fudge_deadly", "A Fudge Point's deadly wound", "F95 4.64", "choice", same("level"),
        help="F95 4.64 no. 3 converts \"a deadly wound to a merely serious one\". By its level (the "
             "plain reading): a Near Death or Dead wound, the wound as F95 4.57 counts it \"for healing "
             "(and scarring) purposes\"; the serious wound then takes its open box. By the boxes: also a "
             "wound the full boxes push to Near Death (F95 4.57: the character \"takes the next highest "
             "wound for which there is an open box\"), and the point keeps the fighter short of Near Death.",
        group="Wounds",
        choices=(("level", "By its level: Near Death or Dead (F95 4.64)"),
                 ("track", "By the boxes: a wound pushed to Near Death (F95 4.57)")),
    ),
    Option(
        "wounds.guard_major_npcs", "PC death rules protect major NPCs", "F95 4.64", "bool",
        same(False),
        help="The PC death rules are never for run-of-the-mill NPCs, but could be for major ones.",
        group="Wounds",
    ),
    Option(
        "wounds.stun", "Stun effects", "F95 4.62", "choice",
        {"fudge1995": "fudge", "mudge": "mudge", "fudge1993": "fudge"},
        help="Fudge: Stunned cannot attack or all-out defend, −1 to defend. Mudge: Stunned cannot "
             "attack or leave the Normal stance, −1 to all actions.",
        group="Wounds",
        choices=(("fudge", "Fudge (F95 4.62)"), ("mudge", "Mudge (MUD 4.62)")),
    ),
    Option(
        "wounds.head_knockout", "A Good blow to the head knocks out", "F95 4.62", "bool", same(False),
        help="The GM may decide that a successful Good (or better) blow to the head knocks someone "
             "out automatically; in an Opposed action it must also win.",
        group="Wounds",
    ),
    Option(
        "co.track", "Alternate wound track", "CO 3", "bool", same(False),
        help="Combat Options: damage boxes per ladder level, Terrible to Legendary.",
        group="Combat Options",
    ),
    Option(
        "co.track_boxes", "Alternate track boxes", "CO 3.1", "table", same([2] * 8),
        help="Boxes for Terrible, Poor, Mediocre, Fair, Good, Great, Superb, Legendary.",
        group="Combat Options", check=_check_co_boxes,
    ),
    Option(
        "co.damage_check", "Damage checks", "CO 4", "bool", same(False),
        help="Combat Options: after each injury roll Damage Capacity against the new wound level "
             "to shrug it off or drop.",
        group="Combat Options",
    ),
    Option(
        "co.recovery", "Recovery during combat", "CO 4.4", "bool", same(False),
        help="A fighter who failed a damage check may try a new one to rejoin the fight.",
        group="Combat Options",
    ),
    Option(
        "co.recovery_wait", "Wait a round per damage point", "CO 4.4", "bool", same(True),
        help="Out of combat for at least as many rounds as damage points before trying to recover.",
        group="Combat Options",
    ),
)
