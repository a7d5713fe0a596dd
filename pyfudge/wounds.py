"""Wound levels, wound tracks and healing (F95 4.51, 4.57, 4.8; MUD 4.51, 4.57, 4.8; CO 3).

Wound levels are integers, so damage and combat can compare and cap them.

A :class:`WoundTrack` is one fighter's record of wounds. It comes in four kinds:

- ``"boxes"`` — the wound boxes of F95 4.57 / MUD 4.57 (Scratch ×3, Hurt ×1 or ×2, …); each
  marked box remembers the severity of the wound put in it (the book's "H" in a Very Hurt box);
- ``"pawn"`` — the three-stage NPC record of F95 4.57 / MUD 4.57 (Undamaged, Hurt, Out of the
  Battle);
- ``"capacity"`` — Damage Capacity as the wound record (F95 4.52 no. 3, F95 4.57 first method);
- ``"co"`` — Combat Options' alternate wound track (CO 3): damage boxes per ladder level.

Every change goes through a function that returns an outcome with its steps (``record_wound``,
``record_stun``, ``guard_wound``; healing lives in :mod:`pyfudge.healing`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import ladder
from .errors import OptionError, RuleError
from .explain import Step
from .options import Option, need_dict, need_int, need_list, need_text, same

if TYPE_CHECKING:  # pragma: no cover
    from .rulesets import RuleSet

# F95 4.51: the wound levels, lightest first. Penalties: Hurt −1, Very Hurt −2.
UNDAMAGED, SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH, DEAD = range(7)
LEVEL_NAMES = ("Undamaged", "Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death", "Dead")

# The levels that have boxes on the sheet: Scratch … Near Death (F95 4.57; no box for Dead).
BOXED = (SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH)

# F95 4.51: "-1 to all traits" when Hurt, "-2" when Very Hurt; Incapacitated and worse cannot act.
PENALTIES = {UNDAMAGED: 0, SCRATCH: 0, HURT: -1, VERY_HURT: -2, INCAPACITATED: 0, NEAR_DEATH: 0, DEAD: 0}

# Who a fighter is, for the PC-death guards (F95 4.64: "not ... for run-of-the-mill NPCs, but
# could be used for major ones").
ROLES = ("pc", "major_npc", "npc")

# F95 4.51: High Pain Threshold reduces penalties by one level, Low Pain Threshold increases them.
PAIN = {"normal": 0, "high": 1, "low": -1}

TRACK_KINDS = ("boxes", "pawn", "capacity", "co")

# Stun statuses (F95 4.62, MUD 4.62).
NO_STUN, STUNNED, VERY_STUNNED, KNOCKED_OUT = range(4)
STUN_NAMES = ("Not stunned", "Stunned", "Very Stunned", "Knocked out")

# Wound boxes per level, Scratch … Near Death, for each named track (F95 4.57, MUD 4.57, F95 4.63).
TRACK_BOXES: dict[str, list[int]] = {
    "realistic": [3, 1, 1, 1, 1],          # F95 4.57: the standard sheet
    "mudge": [3, 2, 1, 1, 1],              # MUD 4.57: "There are also two Hurt boxes."
    "cinematic": [4, 2, 1, 1, 1],          # F95 4.57: "add an extra box for Scratch, Hurt"
    "cinematic_very_hurt": [4, 2, 2, 1, 1],  # F95 4.57: "… and possibly Very Hurt"
    "epic": [4, 4, 3, 1, 1],               # F95 4.57: "up to two more boxes to Hurt and Very Hurt"
    "epic_min_mid_max": [3, 2, 2, 1, 1],   # F95 4.63: the epic Min-Mid-Max sheet
}

# CO 3.1: the ladder levels of the alternate track, Terrible … Legendary.
CO_LEVELS = tuple(range(ladder.TERRIBLE, ladder.LEGENDARY + 1))

# CO 4.2.1: standard wound levels as Fudge levels for damage checks.
CO_CHECK_LEVELS = {
    SCRATCH: ladder.MEDIOCRE,
    HURT: ladder.FAIR,
    VERY_HURT: ladder.GOOD,
    INCAPACITATED: ladder.GREAT,
    NEAR_DEATH: ladder.SUPERB,
    DEAD: ladder.LEGENDARY,
}


def level_name(level: int) -> str:
    """The book's name of a wound level (``HURT`` → ``"Hurt"``)."""
    return LEVEL_NAMES[level]


def check_wound_level(value: Any, *, field: str = "level", low: int = UNDAMAGED, high: int = DEAD) -> int:
    """Return ``value`` as a wound level ``low``..``high`` or raise :class:`RuleError`."""
    if isinstance(value, str):
        for number, text in enumerate(LEVEL_NAMES):
            if text.lower() == value.strip().lower():
                value = number
                break
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        names = ", ".join(LEVEL_NAMES[low:high + 1])
        raise RuleError(f"{field} must be a wound level ({names}), not {value!r}.", field=field)
    return value


# --- options ----------------------------------------------------------------------------------

def _box_counts(rows: int, what: str) -> Callable[[Any, str], list[int]]:
    """A check for a table of box counts: ``rows`` whole numbers 0..10, at least one box."""
    def check(value: Any, where: str) -> list[int]:
        need_list(value, where, min_len=rows, max_len=rows)
        out = [need_int(v, f"{where}[{i}]", low=0, high=10) for i, v in enumerate(value)]
        if sum(out) == 0:
            raise OptionError(f"{where}: {what} needs at least one box.", field=where)
        return out
    return check


_check_boxes = _box_counts(5, "a wound track")


def check_boxes(value: Any, where: str) -> list[int]:
    """Box counts Scratch … Near Death (five whole numbers 0..10, at least one box), or a
    :class:`~pyfudge.errors.RuleError` naming ``where``: a fighter's own boxes (F95 4.57)."""
    try:
        return _check_boxes(value, where)
    except OptionError as err:
        raise RuleError(err.message, field=err.field) from None
_check_co_boxes = _box_counts(8, "the alternate track")


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

# F95 4.52 no. 4 (Willpower) borrows the bands of no. 1: Great or better −1 level, Mediocre to
# Good none, Poor or worse +1 (the book gives no bands of its own for Willpower).
WILLPOWER_BANDS = ((ladder.GREAT, -1), (ladder.MEDIOCRE, 0))


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
        group="Wounds", check=_check_boxes,
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


# --- the track --------------------------------------------------------------------------------

def boxes_for(rules: RuleSet) -> list[int]:
    """Boxes per level Scratch … Near Death under ``rules`` (F95 4.57, MUD 4.57)."""
    track = rules["wounds.track"]
    return list(rules["wounds.boxes"]) if track == "custom" else list(TRACK_BOXES[track])


@dataclass(frozen=True)
class WoundTrack:
    """One fighter's wound record.

    ``marks`` (kinds ``boxes`` and ``pawn``): one tuple per level Scratch … Near Death; each entry
    is 0 for an open box or the severity of the wound marked in it — a Hurt wound that overflowed
    into the Incapacitated box is stored there as ``HURT`` (the book's "H", F95 4.57). Kind
    ``co``: one tuple per ladder level Terrible … Legendary, 1 per marked box (CO 3.1).
    ``dead``: 0, or the severity of the wound that killed (overflow past Near Death, or Dead).
    ``stun_marks``: stun boxes, parallel to the Hurt and Very Hurt boxes (F95 4.62);
    ``knocked_out``: a knockout from a stunning attack. ``capacity``/``capacity_start``: kind
    ``capacity`` (F95 4.57): the current and undamaged Damage Capacity; ``scratches`` counts
    Scratches towards the next lost level. Damage checks (CO 4.3): ``shrugged`` — the last check
    succeeded, so the fighter fights on without wound penalties; ``dropped`` — it failed, and he is
    out of the engagement. Both end with the battle (the wounds then count in full).
    ``deferred``: (recorded, true) wound levels a temporary Willpower roll changed (F95 4.52 no. 4);
    the end of the battle puts the true levels back.
    """

    kind: str = "boxes"
    marks: tuple[tuple[int, ...], ...] = ((0, 0, 0), (0,), (0,), (0,), (0,))
    dead: int = 0
    stun_marks: tuple[tuple[int, ...], ...] = ((0,), (0,))
    knocked_out: bool = False
    capacity_start: int = 0
    capacity: int = 0
    scratches: int = 0
    capacity_terrible: str = "penalty"
    shrugged: bool = False
    dropped: bool = False
    deferred: tuple[tuple[int, int], ...] = ()

    # -- building ----------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet, *, role: str = "pc", capacity: int | None = None,
            boxes: list[int] | tuple[int, ...] | None = None) -> WoundTrack:
        """An empty track as ``rules`` make it for a fighter of ``role``.

        CO 3 when ``co.track`` is on; Damage Capacity as the record when ``wounds.record`` is
        ``capacity`` (then ``capacity`` is the fighter's Damage Capacity level); the three-stage
        pawn record for ``role="npc"`` when ``wounds.pawn_track`` is on; boxes otherwise.
        ``boxes`` (Scratch … Near Death) are this fighter's own box counts, which replace the
        ruleset's (F95 4.57: "the GM may give" a character more boxes); None: the ruleset's.
        """
        role = check_role(role)
        if boxes is not None:
            boxes = check_boxes(list(boxes), "boxes")
        if rules["co.track"]:
            return cls(kind="co", marks=tuple((0,) * n for n in rules["co.track_boxes"]),
                       stun_marks=_stun_boxes(boxes_for(rules)))
        if rules["wounds.record"] == "capacity":
            if capacity is None:
                raise RuleError("Damage Capacity as the wound record needs the fighter's Damage "
                                "Capacity level.", field="capacity")
            level = ladder.check_trait(capacity, field="capacity")
            return cls(kind="capacity", marks=(), capacity_start=level, capacity=level,
                       capacity_terrible=rules["wounds.capacity_terrible"], stun_marks=_stun_boxes(boxes_for(rules)))
        if role == "npc" and rules["wounds.pawn_track"]:
            # F95 4.57: "Undamaged, Hurt, Out of the Battle" — one Hurt mark, one "out" mark.
            return cls(kind="pawn", marks=((), (0,), (), (0,), ()), stun_marks=((0,), (0,)))
        if boxes is None:
            boxes = boxes_for(rules)
        return cls(kind="boxes", marks=tuple((0,) * n for n in boxes), stun_marks=_stun_boxes(boxes))

    # -- reading -----------------------------------------------------------------------------

    @property
    def worst(self) -> int:
        """The wound level the fighter is at: the highest level with a marked box (F95 4.57).

        Kind ``co`` has no standard level: see :meth:`co_level`; its ``worst`` maps the ladder
        level back with CO 4.2.1's table (Terrible and Poor count as Scratch, Mediocre = Scratch,
        Fair = Hurt … Legendary = Dead), which also gives its penalty and whether he can act —
        CO 3 names no penalties of its own (reading).
        """
        if self.dead:
            return DEAD
        if self.kind == "capacity":
            return _capacity_level(self)[0]
        if self.kind == "co":
            level = self.co_level
            if level is None:
                return UNDAMAGED
            for wound, rung in sorted(CO_CHECK_LEVELS.items(), reverse=True):
                if level >= rung:
                    return wound
            return SCRATCH
        for level in reversed(BOXED):
            if any(self.marks[level - 1]):
                return level
        return UNDAMAGED

    @property
    def co_level(self) -> int | None:
        """CO 3.1: the ladder level over the rightmost marked box (None when no box is marked)."""
        if self.kind != "co":
            return None
        found = None
        for rung, boxes in zip(CO_LEVELS, self.marks):
            if any(boxes):
                found = rung
        return found

    @property
    def co_marked(self) -> int:
        """CO 3.1: damage points marked on the alternate track."""
        return sum(sum(b) for b in self.marks) if self.kind == "co" else 0

    @property
    def stun(self) -> int:
        """Stun status: ``NO_STUN``, ``STUNNED``, ``VERY_STUNNED`` or ``KNOCKED_OUT`` (F95 4.62)."""
        if self.knocked_out:
            return KNOCKED_OUT
        if any(self.stun_marks[1]):
            return VERY_STUNNED
        if any(self.stun_marks[0]):
            return STUNNED
        return NO_STUN

    def can_act(self) -> bool:
        """False when Incapacitated or worse, knocked out, or down after a failed damage check."""
        return self.worst < INCAPACITATED and not self.knocked_out and not self.dropped

    def penalty(self, *, rules: RuleSet | None = None, pain: str = "normal", in_combat: bool = True) -> int:
        """The wound penalty to traits: of the highest level only (F95 4.57).

        Hurt −1, Very Hurt −2 (F95 4.51), or as the GM's ``wounds.levels`` table sets them when
        ``rules`` are given (``in_combat=False`` reads its after-combat column, for the book's Light
        Wound that only bothers after the fight); ``pain="high"`` (High Pain Threshold) lowers a penalty
        by one, ``"low"`` raises it by one (F95 4.51). With Damage Capacity as the record:
        Mediocre −1, Poor −2, Terrible −3 (F95 4.57). Under damage checks (CO 4.3.1) a fighter who
        shrugged his wounds off fights without penalty until he fails one.
        """
        if pain not in PAIN:
            raise RuleError(f"pain must be one of {', '.join(PAIN)}, not {pain!r}.", field="pain")
        if self.shrugged:
            return 0
        if self.kind == "capacity":
            base = _capacity_level(self)[1]
        elif rules is not None and SCRATCH <= self.worst <= NEAR_DEATH:
            entry = rules["wounds.levels"][self.worst - 1]
            base = entry["penalty"] if in_combat else entry["after_combat"]
        else:
            base = PENALTIES[self.worst]
        if base == 0:
            return 0
        return min(0, base + PAIN[pain])

    def sheet(self) -> str:
        """The boxes as the books print them (MUD 4.57: ``"O O O X X X H O"``).

        ``O`` open, ``X`` a wound of the box's own level, else the initial of the wound that
        overflowed into it (``S``cratch, ``H``urt, ``V``ery Hurt, ``I``ncapacitated, ``N``ear Death).
        Kind ``co``: ``X``/``O`` per box, Terrible first. Kind ``capacity``: the Damage Capacity.
        """
        if self.kind == "capacity":
            return f"Damage Capacity {ladder.name(self.capacity)} (of {ladder.name(self.capacity_start)})"
        letters = {SCRATCH: "S", HURT: "H", VERY_HURT: "V", INCAPACITATED: "I", NEAR_DEATH: "N"}
        out = []
        for i, row in enumerate(self.marks):
            own = i + 1
            for mark in row:
                if self.kind == "co":
                    out.append("X" if mark else "O")
                else:
                    out.append("O" if not mark else "X" if mark == own else letters[mark])
        return " ".join(out)

    def view(self, *, rules: RuleSet, pain: str = "normal") -> dict[str, Any]:
        """What the app shows for this track (JSON-safe): rows of boxes with the GM's level names,
        the level, penalty, whether the fighter can act, the stun status and the stun boxes."""
        rows: list[dict[str, Any]] = []
        # "row" is the row's index in ``marks``, what a GM override (set_box) names: a pawn's
        # track shows only two of its five rows.
        if self.kind == "co":
            for i, (rung, row) in enumerate(zip(CO_LEVELS, self.marks)):
                rows.append({"row": i, "level": rung, "name": ladder.name(rung, legendary=True), "boxes": list(row)})
        elif self.kind in ("boxes", "pawn"):
            for i, (level, row) in enumerate(zip(BOXED, self.marks)):
                if self.kind == "pawn" and not row:
                    continue
                name = level_label(level, rules=rules)
                if self.kind == "pawn" and level == INCAPACITATED:
                    name = "Out of the Battle"
                rows.append({"row": i, "level": level, "name": name, "boxes": list(row)})
        # F95 4.62: the stun boxes beside the Hurt and Very Hurt boxes.
        stun_rows = [{"name": STUN_NAMES[status], "boxes": list(row)}
                     for status, row in zip((STUNNED, VERY_STUNNED), self.stun_marks)]
        return {
            "kind": self.kind,
            "rows": rows,
            "sheet": self.sheet(),
            "worst": self.worst,
            "worst_name": level_label(self.worst, rules=rules),
            "penalty": self.penalty(rules=rules, pain=pain),
            "can_act": self.can_act(),
            "stun": self.stun,
            "stun_name": STUN_NAMES[self.stun],
            "stun_rows": stun_rows,
            "co_level": self.co_level,
            "dead": bool(self.dead),
        }

    def marked_wounds(self) -> list[int]:
        """The severities of every wound recorded, heaviest first (what healing works on, F95 4.57)."""
        found = [s for level in self.marks for s in level if s] if self.kind in ("boxes", "pawn") else []
        return sorted(found, reverse=True)

    # -- JSON --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form; ``from_dict`` reads it back. Includes derived ``worst`` for display."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == "capacity":
            out.update(capacity_start=self.capacity_start, capacity=self.capacity, scratches=self.scratches,
                       capacity_terrible=self.capacity_terrible)
        else:
            out["marks"] = [list(level) for level in self.marks]
        out.update(
            dead=self.dead,
            stun_marks=[list(b) for b in self.stun_marks],
            knocked_out=self.knocked_out,
            shrugged=self.shrugged,
            dropped=self.dropped,
            worst=self.worst,
            worst_name=LEVEL_NAMES[self.worst],
        )
        if self.deferred:
            out["deferred"] = [list(pair) for pair in self.deferred]
        if self.kind == "co":
            out["co_level"] = self.co_level
        return out

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "track") -> WoundTrack:
        """Read and validate a track (unknown keys refused; derived keys may be present)."""
        if not isinstance(data, dict):
            raise RuleError("A wound track must be an object.", field=field)
        allowed = {"kind", "marks", "dead", "stun_marks", "knocked_out", "shrugged", "dropped",
                   "capacity_start", "capacity", "scratches", "capacity_terrible", "deferred", "worst", "worst_name", "co_level"}
        extra = set(data) - allowed
        if extra:
            raise RuleError(f"Unknown wound track field {sorted(extra)[0]!r}.", field=f"{field}.{sorted(extra)[0]}")
        kind = data.get("kind", "boxes")
        if kind not in TRACK_KINDS:
            raise RuleError(f"Track kind must be one of {', '.join(TRACK_KINDS)}, not {kind!r}.",
                            field=f"{field}.kind")
        dead = check_wound_level(data.get("dead", 0), field=f"{field}.dead")
        stun_marks = _read_marks(data.get("stun_marks", [[0], [0]]), f"{field}.stun_marks", 2,
                                 low=HURT, levels=(HURT, VERY_HURT))
        knocked_out = _need_bool(data.get("knocked_out", False), f"{field}.knocked_out")
        dropped = _need_bool(data.get("dropped", False), f"{field}.dropped")
        shrugged = _need_bool(data.get("shrugged", False), f"{field}.shrugged")
        if shrugged and dropped:
            raise RuleError("A fighter cannot both shrug off his wounds and be down.", field=f"{field}.shrugged")
        kw: dict[str, Any] = dict(kind=kind, dead=dead, stun_marks=stun_marks,
                                  knocked_out=knocked_out, shrugged=shrugged, dropped=dropped)
        if kind == "capacity":
            for key in ("capacity_start", "capacity"):
                if key not in data:
                    raise RuleError(f"A Damage Capacity record needs {key}.", field=f"{field}.{key}")
            kw["capacity_start"] = ladder.check_trait(data["capacity_start"], field=f"{field}.capacity_start")
            kw["capacity"] = ladder.check_level(data["capacity"], field=f"{field}.capacity",
                                                low=-ladder.LIMIT, high=kw["capacity_start"])
            kw["scratches"] = _need_count(data.get("scratches", 0), f"{field}.scratches")
            kw["capacity_terrible"] = data.get("capacity_terrible", "penalty")
            if kw["capacity_terrible"] not in ("penalty", "incapacitated"):
                raise RuleError("capacity_terrible must be 'penalty' or 'incapacitated'.",
                                field=f"{field}.capacity_terrible")
            kw["marks"] = ()
        elif kind == "co":
            kw["marks"] = _read_co_marks(data.get("marks"), f"{field}.marks")
        elif kind == "pawn":
            # The "out of the battle" mark may remember a Near Death wound (F95 4.57 three stages).
            kw["marks"] = _read_marks(data.get("marks"), f"{field}.marks", 5,
                                      levels=(SCRATCH, HURT, VERY_HURT, NEAR_DEATH, NEAR_DEATH), low=SCRATCH)
            if [len(r) for r in kw["marks"]] != [0, 1, 0, 1, 0]:
                raise RuleError("A pawn's record has one Hurt mark and one Out of the Battle mark.",
                                field=f"{field}.marks")
        else:
            kw["marks"] = _read_marks(data.get("marks"), f"{field}.marks", 5,
                                      levels=BOXED, low=SCRATCH)
        kw["deferred"] = _read_deferred(data.get("deferred", []), f"{field}.deferred")
        return cls(**kw)

    def __post_init__(self) -> None:
        # Internal consistency for tracks built in code (from_dict validates user data first).
        if self.kind not in TRACK_KINDS:
            raise RuleError(f"Unknown track kind {self.kind!r}.", field="kind")


def _need_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(f"{where} must be true or false, not {value!r}.", field=where)
    return value


def _need_count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise RuleError(f"{where} must be a whole number 0 to 100, not {value!r}.", field=where)
    return value


def _read_marks(value: Any, where: str, count: int, *, levels: tuple[int, ...], low: int) -> tuple[tuple[int, ...], ...]:
    """Boxes per level; each box 0 (open) or a severity from ``low`` up to the box's own level."""
    if not isinstance(value, list) or len(value) != count:
        raise RuleError(f"{where} must be a list of {count} lists of boxes.", field=where)
    out = []
    for i, (level, boxes) in enumerate(zip(levels, value)):
        spot = f"{where}[{i}]"
        if not isinstance(boxes, list) or len(boxes) > 10:
            raise RuleError(f"{spot} must be a list of at most 10 boxes.", field=spot)
        row = []
        for j, mark in enumerate(boxes):
            if mark != 0:
                try:
                    check_wound_level(mark, field=f"{spot}[{j}]", low=low, high=level)
                except RuleError as err:
                    raise RuleError(
                        f"{spot}[{j}]: a {LEVEL_NAMES[level]} box holds 0 (open) or a wound from "
                        f"{LEVEL_NAMES[low]} to {LEVEL_NAMES[level]}, not {mark!r}.", field=err.field
                    ) from None
            elif isinstance(mark, bool):
                raise RuleError(f"{spot}[{j}] must be a number, not {mark!r}.", field=f"{spot}[{j}]")
            row.append(mark)
        out.append(tuple(row))
    return tuple(out)


def _read_co_marks(value: Any, where: str) -> tuple[tuple[int, ...], ...]:
    """CO 3.1: eight lists of 0/1 boxes, filled from Terrible upward (no gaps)."""
    if not isinstance(value, list) or len(value) != 8:
        raise RuleError(f"{where} must be a list of 8 lists (Terrible … Legendary).", field=where)
    flat: list[int] = []
    out = []
    for i, boxes in enumerate(value):
        spot = f"{where}[{i}]"
        if not isinstance(boxes, list) or len(boxes) > 10:
            raise RuleError(f"{spot} must be a list of at most 10 boxes.", field=spot)
        for j, b in enumerate(boxes):
            if isinstance(b, bool) or b not in (0, 1):
                raise RuleError(f"{spot}[{j}] must be 0 or 1, not {b!r}.", field=f"{spot}[{j}]")
        flat.extend(boxes)
        out.append(tuple(boxes))
    n = sum(flat)
    if flat[:n] != [1] * n:
        raise RuleError("Alternate track boxes fill from Terrible upward without gaps (CO 3.1).", field=where)
    if not flat:
        raise RuleError("The alternate track needs at least one box.", field=where)
    return tuple(out)


def _read_deferred(value: Any, where: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list) or len(value) > 50:
        raise RuleError(f"{where} must be a list of [recorded, true] wound levels.", field=where)
    out = []
    for i, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError(f"{where}[{i}] must be [recorded, true].", field=f"{where}[{i}]")
        out.append((check_wound_level(pair[0], field=f"{where}[{i}][0]"),
                    check_wound_level(pair[1], field=f"{where}[{i}][1]")))
    return tuple(out)


def _stun_boxes(boxes: list[int]) -> tuple[tuple[int, ...], ...]:
    """Stun boxes parallel to the Hurt and Very Hurt boxes (at least one each)."""
    return ((0,) * max(1, boxes[1]), (0,) * max(1, boxes[2]))


def cite(rules: RuleSet, number: str) -> str:
    """Cite Mudge's section under the Mudge preset, Fudge 1995's otherwise."""
    return f"{'MUD' if rules.preset == 'mudge' else 'F95'} {number}"


def check_role(role: Any, *, field: str = "role") -> str:
    """``"pc"``, ``"major_npc"`` or ``"npc"`` (F95 4.64)."""
    if role not in ROLES:
        raise RuleError(f"role must be one of {', '.join(ROLES)}, not {role!r}.", field=field)
    return role


# --- Damage Capacity as the wound record (F95 4.52 no. 3, F95 4.57) -----------------------

def _capacity_level(track: WoundTrack) -> tuple[int, int]:
    """(wound level, penalty) read from the current Damage Capacity (F95 4.57).

    "reduced to Mediocre ... Hurt: -1; Poor ... Very Hurt: -2; Terrible ... -3 to all actions — or
    Incapacitated; below Terrible is Incapacitated". A fighter still at Fair or better after a
    hit carries no penalty (read here as Scratched). The Terrible reading (−3 or Incapacitated,
    ``wounds.capacity_terrible``) is kept on the track.
    """
    if track.capacity >= track.capacity_start:
        return (SCRATCH if track.scratches else UNDAMAGED), 0
    now = track.capacity
    if now >= ladder.FAIR:
        return SCRATCH, 0
    if now == ladder.MEDIOCRE:
        return HURT, -1
    if now == ladder.POOR:
        return VERY_HURT, -2
    if now == ladder.TERRIBLE and track.capacity_terrible == "penalty":
        return VERY_HURT, -3
    return INCAPACITATED, 0


# --- outcomes ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class RecordOutcome:
    """What recording one wound did.

    ``box`` is ``(level, index)`` of the box marked (``(DEAD, 0)`` when the wound killed; ``None``
    when nothing was marked); ``level_marked`` is the level of that box (``UNDAMAGED`` if none);
    ``worst_before``/``worst_after`` the fighter's wound level around it.
    """

    track: WoundTrack
    box: tuple[int, int] | None
    level_asked: int
    level_marked: int
    worst_before: int
    worst_after: int
    steps: tuple[Step, ...] = ()
    points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "track": self.track.to_dict(),
            "box": list(self.box) if self.box else None,
            "level_asked": self.level_asked,
            "level_asked_name": LEVEL_NAMES[self.level_asked],
            "level_marked": self.level_marked,
            "level_marked_name": LEVEL_NAMES[self.level_marked],
            "worst_before": self.worst_before,
            "worst_after": self.worst_after,
            "worst_after_name": LEVEL_NAMES[self.worst_after],
            "points": self.points,
            "steps": [s.to_dict() for s in self.steps],
        }


# --- recording a wound ------------------------------------------------------------------------

def record_wound(track: WoundTrack, level: int, *, rules: RuleSet, points: int | None = None,
                 true_level: int | None = None) -> RecordOutcome:
    """Mark a wound of ``level`` on ``track`` (F95 4.57, MUD 4.57).

    Boxes: the wound takes an open box at its level; with none open, "the character takes the next
    highest wound for which there is an open box" and the box remembers the wound's own severity
    (the "H" under Incapacitated). Scratches fill their three boxes, so the fourth Scratch is the
    first to make a fighter Hurt. Past Near Death there is no box: the fighter is Dead. With
    ``wounds.scratch_cap`` a Scratch never raises the level beyond Very Hurt. Pawns (F95 4.57):
    Hurt, then Out of the Battle. Damage Capacity as record (F95 4.57): each hit above a Scratch
    lowers it. CO 3: ``points`` damage boxes are marked from Terrible upward. ``true_level``: the
    wound before a temporary Willpower adjustment (:func:`willpower_adjust`); the track remembers
    it and the end of the battle restores it.
    """
    level = check_wound_level(level, field="level")
    if true_level is not None:
        true_level = check_wound_level(true_level, field="true_level")
        if true_level != level and rules["wounds.willpower"] == "temporary" and not track.dead:
            out = record_wound(track, level, rules=rules, points=points)
            step = Step("F95 4.52", f"Willpower holds this {LEVEL_NAMES[true_level]} wound at "
                        f"{LEVEL_NAMES[level]} until the battle is over.",
                        {"level": level, "true_level": true_level})
            new = replace(out.track, deferred=out.track.deferred + ((out.level_marked and level, true_level),))
            return replace(out, track=new, steps=out.steps + (step,))
    before = track.worst
    if track.kind == "co":
        return _record_co(track, level, points, before)
    if track.kind == "capacity":
        return _record_capacity(track, level, rules, before)
    if level == UNDAMAGED:
        step = Step("F95 4.55", "No damage: nothing to record.", {"level": level})
        return RecordOutcome(track, None, level, UNDAMAGED, before, before, (step,))
    if track.dead:
        step = Step("F95 4.51", "The fighter is already dead.", {"level": level})
        return RecordOutcome(track, None, level, UNDAMAGED, before, before, (step,))
    if level == DEAD:
        new = replace(track, dead=DEAD)
        step = Step("F95 4.51", "A Dead result: the fighter is dead.", {"level": level})
        return RecordOutcome(new, (DEAD, 0), level, DEAD, before, DEAD, (step,))
    steps: list[Step] = []
    sec = cite(rules, "4.57")
    start = level
    if track.kind == "pawn":
        if level == SCRATCH:
            if rules["wounds.pawn_scratch"] == "ignore":
                step = Step(sec, "A pawn's three-stage record has no Scratch: no effect.",
                            {"level": level})
                return RecordOutcome(track, None, level, UNDAMAGED, before, before, (step,))
            start = HURT
            steps.append(Step(sec, "On a pawn a Scratch counts as Hurt.", {"level": level}))
        elif level > HURT:
            # Anything beyond Hurt puts a pawn out of the battle (the level-4 box); not dead.
            start = min(level, INCAPACITATED)
    for box_level in range(start, NEAR_DEATH + 1):
        # F95 4.57 option: a Scratch never *raises* the level beyond Very Hurt.
        if box_level > max(VERY_HURT, track.worst) and level == SCRATCH and rules["wounds.scratch_cap"]:
            step = Step(sec, "A Scratch never raises the wound level beyond Very Hurt: "
                        "this one is not recorded.", {"level": level})
            return RecordOutcome(track, None, level, UNDAMAGED, before, before, tuple(steps) + (step,))
        row = track.marks[box_level - 1]
        if 0 in row:
            index = row.index(0)
            new_row = row[:index] + (level,) + row[index + 1:]
            marks = track.marks[:box_level - 1] + (new_row,) + track.marks[box_level:]
            new = replace(track, marks=marks)
            steps.append(_box_step(track, level, box_level, index, sec))
            steps.append(_worst_step(new, before, sec))
            return RecordOutcome(new, (box_level, index), level, box_level, before, new.worst, tuple(steps))
    if level == SCRATCH and rules["wounds.scratch_cap"]:
        step = Step(sec, "A Scratch never raises the wound level beyond Very Hurt: "
                    "this one is not recorded.", {"level": level})
        return RecordOutcome(track, None, level, UNDAMAGED, before, before, tuple(steps) + (step,))
    new = replace(track, dead=level)
    steps.append(Step(sec, f"No open box from {LEVEL_NAMES[start]} up to Near Death: the "
                      f"{LEVEL_NAMES[level]} wound kills.", {"level": level, "box_level": DEAD}))
    return RecordOutcome(new, (DEAD, 0), level, DEAD, before, DEAD, tuple(steps))


def _box_step(track: WoundTrack, level: int, box_level: int, index: int, section: str) -> Step:
    if track.kind == "pawn":
        what = "Hurt" if box_level == HURT else "Out of the Battle"
        return Step(section, f"The pawn is marked {what} (three-stage record).",
                    {"level": level, "box_level": box_level, "index": index})
    if box_level == level:
        text = f"{LEVEL_NAMES[level]}: marked box {index + 1} under {LEVEL_NAMES[box_level]}."
    else:
        text = (f"No open box for {LEVEL_NAMES[level]}: the next higher open box is "
                f"{LEVEL_NAMES[box_level]}; it records the {LEVEL_NAMES[level]} wound "
                f"(\"{LEVEL_NAMES[level][0]}\").")
    return Step(section, text, {"level": level, "box_level": box_level, "index": index})


def _worst_step(track: WoundTrack, before: int, section: str) -> Step:
    worst = track.worst
    text = f"The fighter is now {LEVEL_NAMES[worst]}"
    pen = PENALTIES[worst]
    if pen:
        text += f" ({pen} to all actions; only the highest level counts)"
    return Step(section, text + ".", {"worst_before": before, "worst": worst, "penalty": pen})


def _record_capacity(track: WoundTrack, level: int, rules: RuleSet, before: int) -> RecordOutcome:
    """F95 4.57: each hit greater than a Scratch lowers Damage Capacity a level (or more)."""
    steps: list[Step] = []
    if level == UNDAMAGED:
        return RecordOutcome(track, None, level, UNDAMAGED, before, before,
                             (Step("F95 4.55", "No damage: nothing to record.", {}),))
    if level == DEAD:
        new = replace(track, dead=DEAD)
        return RecordOutcome(new, (DEAD, 0), level, DEAD, before, DEAD,
                             (Step("F95 4.51", "A Dead result: the fighter is dead.", {}),))
    scratches = track.scratches
    drop = 0
    if level == SCRATCH:
        per = rules["wounds.capacity_scratches"]
        scratches += 1
        if per and scratches >= per:
            drop, scratches = 1, 0
            steps.append(Step("F95 4.57", f"{per} Scratches equal one hit.", {"scratches": per}))
        else:
            steps.append(Step("F95 4.57", "A Scratch does not lower Damage Capacity.", {"scratches": scratches}))
    else:
        drop = 1 if rules["wounds.capacity_per_hit"] == "one" else level - SCRATCH
    capacity = max(track.capacity - drop, -ladder.LIMIT)
    new = replace(track, capacity=capacity, scratches=scratches)
    if drop:
        steps.append(Step("F95 4.57", f"Damage Capacity drops {drop} level{'s' if drop > 1 else ''} to "
                          f"{ladder.name(capacity)}.", {"drop": drop, "capacity": capacity}))
    worst = new.worst
    steps.append(Step("F95 4.57", f"The fighter is now {LEVEL_NAMES[worst]}.",
                      {"worst": worst, "penalty": _capacity_level(new)[1]}))
    return RecordOutcome(new, None, level, worst if drop else UNDAMAGED, before, worst, tuple(steps))


def _record_co(track: WoundTrack, level: int, points: int | None, before: int) -> RecordOutcome:
    """CO 3.1: each damage point fills one box, from Terrible upward."""
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise RuleError("The alternate wound track needs the damage points (a whole number ≥ 0).",
                        field="points")
    flat = [b for boxes in track.marks for b in boxes]
    marked = sum(flat)
    room = len(flat) - marked
    taken = min(points, room)
    flat = [1] * (marked + taken) + [0] * (len(flat) - marked - taken)
    marks, i = [], 0
    for boxes in track.marks:
        marks.append(tuple(flat[i:i + len(boxes)]))
        i += len(boxes)
    new = replace(track, marks=tuple(marks))
    steps = [Step("CO 3.1", f"{points} damage point{'s' if points != 1 else ''}: {taken} box"
                  f"{'es' if taken != 1 else ''} filled from Terrible upward.",
                  {"points": points, "filled": taken, "marked": marked + taken})]
    if taken < points:
        new = replace(new, dead=DEAD)
        steps.append(Step("CO 3.1", f"The track is full: {points - taken} point(s) beyond the last "
                          "box — the fighter is dead.", {"overflow": points - taken}))
    rung = new.co_level
    steps.append(Step("CO 3.1", "Wound level: " + (ladder.name(rung, legendary=True) if rung is not None
                                                   else "none") + " (the level over the rightmost marked box).",
                      {"co_level": rung}))
    return RecordOutcome(new, None, level, new.worst, before, new.worst, tuple(steps), points=points)


# --- stun, knockout and pulled punches (F95 4.62, MUD 4.62) ---------------------------------

@dataclass(frozen=True)
class StunEffects:
    """What a stun status does this turn (F95 4.62, MUD 4.62)."""

    status: int
    name: str
    can_attack: bool
    restriction: str
    penalty: int
    applies_to: str
    rounds: int
    section: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "status": self.status, "name": self.name, "can_attack": self.can_attack,
            "restriction": self.restriction, "penalty": self.penalty, "applies_to": self.applies_to,
            "rounds": self.rounds, "section": self.section,
        }


def stun_effects(status: int, *, rules: RuleSet) -> StunEffects:
    """Effects of a stun status (F95 4.62 / MUD 4.62, per ``wounds.stun``).

    F95: Stunned — no attack or all-out defence, −1 to defend for one combat turn; MUD: no attack,
    no stance but Normal, −1 to all actions for one turn. Both: Very Stunned — no attacks and −2 to
    all actions for two rounds; knocked out — out until time passes.
    """
    if isinstance(status, bool) or status not in range(4):
        raise RuleError(f"stun status must be 0 to 3, not {status!r}.", field="status")
    mudge = rules["wounds.stun"] == "mudge"
    sec = "MUD 4.62" if mudge else "F95 4.62"
    if status == NO_STUN:
        return StunEffects(status, STUN_NAMES[status], True, "", 0, "none", 0, sec)
    if status == STUNNED:
        if mudge:
            return StunEffects(status, "Stunned", False, "no stance other than Normal", -1, "all", 1, sec)
        return StunEffects(status, "Stunned", False, "no all-out defence", -1, "defence", 1, sec)
    if status == VERY_STUNNED:
        return StunEffects(status, "Very Stunned", False, "", -2, "all", 2, sec)
    return StunEffects(status, "Knocked out", False, "unconscious; needs time, not healing", 0, "all", 0, sec)


def record_stun(track: WoundTrack, level: int, *, rules: RuleSet) -> RecordOutcome:
    """Record the result of a stunning attack (F95 4.62, MUD 4.62).

    "Damage is figured normally, but ... it stuns her instead": Hurt → a Stun, Very Hurt → Very
    Stunned, Incapacitated or worse → knockout. Stuns stay on the sheet: a second Stun makes the
    fighter Very Stunned. Reading: stun boxes run parallel to the Hurt and Very Hurt boxes and
    overflow upward like wounds (F95 4.57), so under Mudge's two Hurt boxes a third Stun is needed
    ("additional Stun results ... can cause" Very Stunned, MUD 4.62); a stun with no open stun box
    left knocks the fighter out (under F95: Stun, Stun → Very Stunned, a third Stun → knockout).
    A Scratch in a stunning attack has no effect (no stun level).
    The ``level_marked`` of the outcome is the stun level as a wound level (Hurt = Stun …).
    """
    level = check_wound_level(level, field="level")
    before = track.worst
    sec = "MUD 4.62" if rules["wounds.stun"] == "mudge" else "F95 4.62"
    if level <= SCRATCH or track.knocked_out:
        why = "already knocked out" if track.knocked_out and level > SCRATCH else "no stun for a Scratch"
        step = Step(sec, f"Stunning attack, {LEVEL_NAMES[level]}: {why}.", {"level": level})
        return RecordOutcome(track, None, level, UNDAMAGED, before, before, (step,))
    for box_level in range(min(level, INCAPACITATED), INCAPACITATED):
        row = track.stun_marks[box_level - HURT]
        if 0 in row:
            index = row.index(0)
            new_row = row[:index] + (level,) + row[index + 1:]
            stun_marks = tuple(new_row if i == box_level - HURT else r for i, r in enumerate(track.stun_marks))
            new = replace(track, stun_marks=stun_marks)
            name = STUN_NAMES[new.stun]
            step = Step(sec, f"Stunning attack, {LEVEL_NAMES[level]} result: the fighter is {name}.",
                        {"level": level, "stun": new.stun, "box_level": box_level, "index": index})
            return RecordOutcome(new, (box_level, index), level, box_level, before, before, (step,))
    new = replace(track, knocked_out=True)
    step = Step(sec, f"Stunning attack, {LEVEL_NAMES[level]} result: knocked out.",
                {"level": level, "stun": KNOCKED_OUT})
    return RecordOutcome(new, (INCAPACITATED, 0), level, INCAPACITATED, before, before, (step,))


def head_blow(track: WoundTrack, result: int, *, won: bool, rules: RuleSet) -> RecordOutcome:
    """A blow to the head that may knock out outright (F95 4.62, ``wounds.head_knockout``).

    "a successful Good blow (or better) to the head knocks someone out automatically. In an
    Opposed action, the Good blow would also have to win the combat". ``result`` is the attacker's
    rolled result, ``won`` whether the blow succeeded (won the opposed action).
    """
    if not rules["wounds.head_knockout"]:
        raise RuleError("Automatic knockouts from head blows are off in this ruleset (F95 4.62).",
                        field="wounds.head_knockout")
    result = ladder.check_level(result, field="result")
    if not isinstance(won, bool):
        raise RuleError("won must be true or false.", field="won")
    before = track.worst
    if won and result >= ladder.GOOD and not track.knocked_out:
        new = replace(track, knocked_out=True)
        step = Step("F95 4.62", f"A successful {ladder.name(result)} blow to the head knocks the fighter out.",
                    {"result": result, "stun": KNOCKED_OUT})
        return RecordOutcome(new, (INCAPACITATED, 0), UNDAMAGED, INCAPACITATED, before, before, (step,))
    why = "it did not succeed" if not won else "it was not Good or better" if result < ladder.GOOD else "already out"
    step = Step("F95 4.62", f"No automatic knockout: {why}.", {"result": result, "won": won})
    return RecordOutcome(track, None, UNDAMAGED, UNDAMAGED, before, before, (step,))


def level_label(level: int, *, rules: RuleSet) -> str:
    """A wound level's name as the GM's ``wounds.levels`` table calls it (F95 4.51)."""
    level = check_wound_level(level, field="level")
    if SCRATCH <= level <= NEAR_DEATH:
        return rules["wounds.levels"][level - 1]["name"]
    return LEVEL_NAMES[level]


def cap_pulled(level: int, max_level: int) -> tuple[int, tuple[Step, ...]]:
    """Pulling a punch: the wound is at most the declared ``max_level`` (F95 4.62, MUD 4.62)."""
    level = check_wound_level(level, field="level")
    max_level = check_wound_level(max_level, field="max_level", low=SCRATCH)
    if level <= max_level:
        return level, (Step("F95 4.62", f"Pulled punch (at most {LEVEL_NAMES[max_level]}): "
                            f"{LEVEL_NAMES[level]} stands.", {"level": level, "max_level": max_level}),)
    return max_level, (Step("F95 4.62", f"Pulled punch: the {LEVEL_NAMES[level]} blow does only the "
                            f"declared {LEVEL_NAMES[max_level]}.", {"level": level, "max_level": max_level}),)


# --- PC death (F95 4.64, MUD 4.64) -----------------------------------------------------------

@dataclass(frozen=True)
class GuardOutcome:
    """A wound level after the PC-death guards and any points spent (F95 4.64, MUD 4.64)."""

    level_asked: int
    level: int
    points_spent: int
    steps: tuple[Step, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "level_asked": self.level_asked, "level_asked_name": LEVEL_NAMES[self.level_asked],
            "level": self.level, "level_name": LEVEL_NAMES[self.level],
            "points_spent": self.points_spent, "steps": [s.to_dict() for s in self.steps],
        }


def is_protected(role: str, *, rules: RuleSet) -> bool:
    """Whether the PC-death rules cover a fighter of ``role`` (F95 4.64)."""
    role = check_role(role)
    return role == "pc" or (role == "major_npc" and rules["wounds.guard_major_npcs"])


def guard_wound(
    level: int,
    *,
    track: WoundTrack,
    rules: RuleSet,
    role: str = "pc",
    worst_at_round_start: int | None = None,
    points_spent: int = 0,
    automatic: bool = False,
) -> GuardOutcome:
    """Apply the PC-death guards to a wound about to be recorded on ``track``.

    F95 4.64, for PCs (and major NPCs with ``wounds.guard_major_npcs``):
    1. ``wounds.three_level_cap``: the blow cannot leave the fighter more than three levels
       worse than he was ("an unwounded character could be ... Very Hurt in one blow ... A Hurt
       character could go all the way to Near Death"); excess is lost. The cap is on the level the
       track would show, so a wound that would overflow too far is lowered until it fits.
    2. ``wounds.near_death_from_incapacitated``: no Near Death (nor Dead) unless the fighter began
       the round Incapacitated (``worst_at_round_start``; default: the track as it is now).
    3. ``wounds.points == "fudge"``: one Fudge Point turns a deadly wound (Near Death or Dead)
       into a serious one — Very Hurt, which F95 4.51 calls "seriously hurt".
    MUD 4.64, ``wounds.points == "meta"``: each Meta Point lowers the wound one level, at most
    three per wound; anyone holding Meta Points may spend them (Brynhild, an NPC, does in MUD 4.7).
    The caller checks the fighter has the points. ``automatic=True`` is F95 4.51's automatic
    death, which "takes precedence": nothing is lowered.
    """
    level = check_wound_level(level, field="level")
    protected = is_protected(role, rules=rules)
    if isinstance(points_spent, bool) or not isinstance(points_spent, int) or points_spent < 0:
        raise RuleError(f"points_spent must be a whole number ≥ 0, not {points_spent!r}.", field="points_spent")
    start = track.worst if worst_at_round_start is None else check_wound_level(
        worst_at_round_start, field="worst_at_round_start")
    asked = level
    steps: list[Step] = []
    if automatic:
        if points_spent:
            raise RuleError("Automatic death takes precedence: no points can be spent.", field="points_spent")
        return GuardOutcome(asked, level, 0, (Step("F95 4.64", "Automatic death takes precedence over "
                                                   "the PC-death rules.", {"level": level}),))
    if protected and level > UNDAMAGED:
        limit = DEAD
        if rules["wounds.three_level_cap"]:
            limit = min(limit, track.worst + 3)
        if rules["wounds.near_death_from_incapacitated"] and start < INCAPACITATED:
            limit = min(limit, INCAPACITATED)
        if limit < DEAD:
            fitted = _fit_under(track, level, limit, rules)
            if fitted != level:
                why = []
                if rules["wounds.three_level_cap"] and limit == track.worst + 3:
                    why.append(f"at most three levels in one blow (from {LEVEL_NAMES[track.worst]})")
                if rules["wounds.near_death_from_incapacitated"] and start < INCAPACITATED and limit == INCAPACITATED:
                    why.append("no Near Death unless Incapacitated at the start of the round")
                steps.append(Step("F95 4.64", f"{LEVEL_NAMES[level]} lowered to {LEVEL_NAMES[fitted]}: "
                                  + "; ".join(why) + ".", {"level": level, "lowered_to": fitted, "limit": limit}))
                level = fitted
    mode = rules["wounds.points"]
    if points_spent:
        if mode == "none":
            raise RuleError("This ruleset has no points to spend against a wound (F95 4.64 no. 3 and "
                            "MUD 4.64 are options).", field="points_spent")
        if mode == "fudge":
            if not protected:
                raise RuleError("Fudge Points against death are for PCs (and major NPCs, if the GM "
                                "allows), not run-of-the-mill NPCs.", field="points_spent")
            if points_spent > 1:
                raise RuleError("One Fudge Point converts a deadly wound; spend only one.", field="points_spent")
            if level < NEAR_DEATH:
                raise RuleError(f"A Fudge Point converts a deadly wound; {LEVEL_NAMES[level]} is not deadly.",
                                field="points_spent")
            steps.append(Step("F95 4.64", f"A Fudge Point converts the deadly {LEVEL_NAMES[level]} wound "
                              "to a merely serious one: Very Hurt.", {"level": level, "lowered_to": VERY_HURT}))
            level = VERY_HURT
        else:
            if points_spent > 3:
                raise RuleError("At most three Meta Points (three levels) per wound.", field="points_spent")
            if points_spent > level:
                raise RuleError(f"A {LEVEL_NAMES[level]} wound can be lowered only {level} level(s).",
                                field="points_spent")
            lowered = level - points_spent
            steps.append(Step("MUD 4.64", f"{points_spent} Meta Point{'s' if points_spent > 1 else ''} "
                              f"lower the {LEVEL_NAMES[level]} wound to {LEVEL_NAMES[lowered]}.",
                              {"level": level, "points": points_spent, "lowered_to": lowered}))
            level = lowered
    return GuardOutcome(asked, level, points_spent, tuple(steps))


def _fit_under(track: WoundTrack, level: int, limit: int, rules: RuleSet) -> int:
    """The worst wound ≤ ``level`` whose recording leaves the track at ``limit`` or better."""
    for wound in range(level, UNDAMAGED, -1):
        if _try_worst(track, wound, rules) <= limit:
            return wound
    return UNDAMAGED


def _try_worst(track: WoundTrack, wound: int, rules: RuleSet) -> int:
    if track.kind == "co":
        return track.worst  # CO 3 counts points, not levels; the guard cannot see them
    return record_wound(track, wound, rules=rules).worst_after


# --- F95 4.52 no. 4: Willpower -------------------------------------------------------------

def willpower_in_use(rules: RuleSet) -> bool:
    """Does a wounded fighter roll Willpower against the wound (F95 4.52, fourth alternative)?
    The exchange asks for the result, and the encounter's view offers its entry, by this."""
    return rules["wounds.willpower"] != "off"


def willpower_adjust(level: int, result: int, *, rules: RuleSet) -> GuardOutcome:
    """Adjust a wound by a Willpower roll's ``result`` (F95 4.52, fourth alternative).

    "Grant an adjustment to the wound level based on the result of a Willpower die roll. This can
    be temporary -- until the battle is over -- or actually have a permanent affect". The book
    gives no bands for it; the first alternative's are used (Great or better −1 level, Mediocre to
    Good none, Poor or worse +1). For a temporary adjustment record the result with
    ``record_wound(..., true_level=outcome.level_asked)``.
    """
    if not willpower_in_use(rules):
        raise RuleError("Willpower rolls against wounds are off in this ruleset (F95 4.52).",
                        field="wounds.willpower")
    mode = rules["wounds.willpower"]
    level = check_wound_level(level, field="level")
    result = ladder.check_level(result, field="result")
    if level in (UNDAMAGED, DEAD):
        return GuardOutcome(level, level, 0, (Step("F95 4.52", f"No Willpower adjustment to {LEVEL_NAMES[level]}.",
                                                   {"level": level}),))
    shift = 1
    for floor, change in WILLPOWER_BANDS:
        if result >= floor:
            shift = change
            break
    new = min(max(level + shift, UNDAMAGED), NEAR_DEATH if level < DEAD else DEAD)
    when = "until the battle is over" if mode == "temporary" else "for good"
    text = (f"Willpower {ladder.name(result)}: the {LEVEL_NAMES[level]} wound becomes {LEVEL_NAMES[new] if new else 'nothing'} "
            f"({when})." if new != level else f"Willpower {ladder.name(result)}: no change to the {LEVEL_NAMES[level]} wound.")
    return GuardOutcome(level, new, 0, (Step("F95 4.52", text, {"level": level, "result": result, "shift": shift,
                                                                 "lowered_to": new, "mode": mode}),))


# --- CO 4: damage checks ----------------------------------------------------------------------

@dataclass(frozen=True)
class DamageCheckOutcome:
    """A damage check (CO 4.3) or a recovery attempt (CO 4.4)."""

    capacity: int
    difficulty: int
    faces: tuple[int, ...]
    modifier: int
    result: int
    success: bool
    critical: str | None
    track: WoundTrack
    steps: tuple[Step, ...] = ()
    suggestions: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "capacity": self.capacity, "difficulty": self.difficulty,
            "difficulty_name": ladder.name(self.difficulty, legendary=True),
            "faces": list(self.faces), "modifier": self.modifier, "result": self.result,
            "result_name": ladder.name(self.result), "success": self.success, "critical": self.critical,
            "track": self.track.to_dict(), "steps": [s.to_dict() for s in self.steps],
            "suggestions": list(self.suggestions),
        }


# CO 4.3.1 / 4.3.2: the GM's menu for criticals (text for the table).
CRITICAL_SUCCESS = (
    "Adrenaline: the next damage check succeeds automatically.",
    "A previous wound is not as bad as first thought: reduce the wound level.",
    "The next healing action on this character succeeds automatically.",
)
CRITICAL_FAILURE = (
    "Severe shock: no recovery during this combat.",
    "Near death regardless of the wound level.",
    "A previous wound is worse: take an additional wound.",
    "The next healing action on this character fails automatically.",
)


def check_difficulty(track: WoundTrack) -> int:
    """CO 4.2: the wound level as a Fudge level — read off the CO 3 track, or mapped by CO 4.2.1."""
    if track.kind == "co":
        rung = track.co_level
        if rung is None:
            raise RuleError("No damage on the alternate track: nothing to check.", field="track")
        return rung
    worst = track.worst
    if worst == UNDAMAGED:
        raise RuleError("The fighter is undamaged: nothing to check.", field="track")
    return CO_CHECK_LEVELS[worst]


def damage_checks_in_use(rules: RuleSet) -> bool:
    """Does a wounded fighter make a damage check (Combat Options 4.3, ``co.damage_check``)? The
    exchange asks for its dice, and the encounter's view offers their entry, by this."""
    return bool(rules["co.damage_check"])


def damage_check(track: WoundTrack, *, capacity: int, faces: Any, rules: RuleSet,
                 recovering: bool = False, modifier: int = 0, rounds_out: int | None = None,
                 damage_points: int | None = None, pain: str = "normal") -> DamageCheckOutcome:
    """Roll Damage Capacity against the new wound level (CO 4.3), or try to recover (CO 4.4).

    ``faces`` are the 4dF of the roll. Success (result ≥ difficulty): the fighter shrugs the
    injury off and fights without penalty. Failure: he drops, out of the engagement, and wound
    penalties now apply. +4 / −4 on the dice is a critical (the GM picks from ``suggestions``).
    ``modifier`` is any other modifier the GM applies (CO 2.2 style). Recovery (``recovering=True``,
    needs ``co.recovery``): a new check "including any negative wound modifiers" — the track's
    wound penalty (with the fighter's ``pain`` threshold) is added — and with ``co.recovery_wait``
    only after at least as many rounds out as damage points.
    """
    from .dice import fudge

    if not damage_checks_in_use(rules):
        raise RuleError("Damage checks are off in this ruleset (Combat Options 4).", field="co.damage_check")
    capacity = ladder.check_trait(capacity, field="capacity")
    roll = fudge(faces, 4, field="faces")
    if isinstance(modifier, bool) or not isinstance(modifier, int) or not -10 <= modifier <= 10:
        raise RuleError(f"modifier must be a whole number -10..10, not {modifier!r}.", field="modifier")
    difficulty = check_difficulty(track)
    steps: list[Step] = []
    if recovering:
        if not rules["co.recovery"]:
            raise RuleError("Recovery during combat is off in this ruleset (CO 4.4).", field="recovering")
        if not track.dropped:
            raise RuleError("Only a fighter who failed a damage check needs to recover.", field="recovering")
        if rules["co.recovery_wait"]:
            if rounds_out is None or damage_points is None:
                raise RuleError("Recovery needs the rounds spent out and the damage points taken (CO 4.4).",
                                field="rounds_out")
            rounds_out = _need_count(rounds_out, "rounds_out")
            damage_points = _need_count(damage_points, "damage_points")
            if rounds_out < damage_points:
                raise RuleError(f"Out {rounds_out} round(s); recovery may be tried after {damage_points} "
                                "(one round per damage point, CO 4.4).", field="rounds_out")
    if recovering:
        wound_mod = track.penalty(pain=pain)
        if wound_mod:
            steps.append(Step("CO 4.4", f"Wound penalty {wound_mod} applies to the recovery check.",
                              {"penalty": wound_mod}))
        modifier += wound_mod
    result = capacity + roll.total + modifier
    success = result >= difficulty
    critical = "success" if roll.total == 4 else "failure" if roll.total == -4 else None
    sec = "CO 4.4" if recovering else "CO 4.3"
    steps.append(Step(sec, f"Damage check: {ladder.name(capacity)} Damage Capacity rolls "
                      f"{roll.total:+d}{f' and {modifier:+d}' if modifier else ''} = {ladder.name(result)} "
                      f"against {ladder.name(difficulty, legendary=True)}.",
                      {"capacity": capacity, "roll": roll.total, "modifier": modifier, "result": result,
                       "difficulty": difficulty}))
    if success:
        new = replace(track, dropped=False, shrugged=not recovering)
        text = ("Recovered: back in the fight, with wound penalties." if recovering
                else "Success: the injury is shrugged off; no penalty in this fight.")
        steps.append(Step("CO 4.4" if recovering else "CO 4.3.1", text, {"success": True}))
    else:
        new = replace(track, dropped=True, shrugged=False)
        text = ("Still down." if recovering else
                "Failure: knocked down and out of the engagement; wound penalties now apply.")
        steps.append(Step("CO 4.4" if recovering else "CO 4.3.2", text, {"success": False}))
    suggestions: tuple[str, ...] = ()
    if critical == "success":
        suggestions = CRITICAL_SUCCESS
        steps.append(Step("CO 4.3.1", "Critical success (+4): the GM may grant an extra benefit.", {}))
    elif critical == "failure":
        suggestions = CRITICAL_FAILURE
        steps.append(Step("CO 4.3.2", "Critical failure (−4): the GM may add an extra penalty.", {}))
    return DamageCheckOutcome(capacity, difficulty, roll.faces, modifier, result, success, critical, new,
                              tuple(steps), suggestions)



# --- the GM's hand ----------------------------------------------------------------------------

def set_box(track: WoundTrack, row: int, index: int, value: int, *, field: str = "box") -> RecordOutcome:
    """Mark or clear one box by hand: the GM's override of what the dice recorded (F95 4.57).

    ``row`` counts the track's rows from the lightest (0 = Scratch, or Terrible on the CO 3
    track), ``index`` the box in that row. ``value`` is 0 to clear; on a boxed track the severity
    written there — the row's own level, or a lighter one for an overflow mark like the book's "H"
    — and on the CO 3 track 1. A Damage Capacity record has no boxes to tap.
    """
    if track.kind == "capacity":
        raise RuleError("A Damage Capacity record has no boxes; record or heal a wound instead.", field=field)
    row = _need_count(row, f"{field}.row")
    index = _need_count(index, f"{field}.index")
    if row >= len(track.marks) or index >= len(track.marks[row]):
        raise RuleError(f"This track has no box {index + 1} in row {row + 1}.", field=field)
    if track.kind == "co":
        allowed, level = (0, 1), CO_LEVELS[row]
        label = ladder.name(level, legendary=True)
    else:
        level = BOXED[row]
        allowed, label = tuple(range(0, level + 1)), LEVEL_NAMES[level]
    if isinstance(value, bool) or value not in allowed:
        raise RuleError(f"A {label} box holds one of {', '.join(map(str, allowed))}, not {value!r}.",
                        field=f"{field}.value")
    marks = list(track.marks)
    marks[row] = marks[row][:index] + (value,) + marks[row][index + 1:]
    after = replace(track, marks=tuple(marks))
    what = "cleared" if value == 0 else (
        "marked" if track.kind == "co" or value == level else f"marked {LEVEL_NAMES[value][0]}")
    step = Step("F95 4.57", f"GM override: {label} box {index + 1} {what}.",
                {"row": row, "index": index, "value": value})
    return RecordOutcome(after, (level, index), UNDAMAGED, level if value else UNDAMAGED,
                         track.worst, after.worst, (step,))
