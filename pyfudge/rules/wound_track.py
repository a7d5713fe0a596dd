"""A fighter's wound track: one frozen record, whatever its kind (F95 4.57, MUD 4.57, CO 3).

What differs by kind — boxes, a pawn's three stages, Damage Capacity, the CO 3 track — is asked of
:data:`pyfudge.rules.track_kinds.KINDS`; this module holds what every kind shares (stun, damage-check
flags, deferred Willpower levels) and the JSON door.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..core.errors import RuleError
from .track_kinds import KINDS, Boxes, co_level, read_deferred, read_marks
from .wound_levels import (
    DEAD,
    HURT,
    INCAPACITATED,
    KNOCKED_OUT,
    LEVEL_NAMES,
    NO_STUN,
    PAIN,
    STUN_NAMES,
    STUNNED,
    TRACK_KINDS,
    VERY_HURT,
    VERY_STUNNED,
    TrackKind,
    check_boxes,
    check_role,
    check_wound_level,
    level_label,
    need_flag,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

# Keys a saved track may hold: its fields and the derived ones ``to_dict`` adds for display.
_FIELDS = {"kind", "marks", "dead", "stun_marks", "knocked_out", "shrugged", "dropped", "capacity_start",
           "capacity", "scratches", "capacity_terrible", "deferred", "worst", "worst_name", "co_level"}


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
    ``deferred``: (recorded, true) wounds a temporary Willpower roll changed (F95 4.52 no. 4), for
    the end of the battle to put the true ones back: wound levels (on boxes the level marked, 0
    when no box took it; under Damage Capacity the level as asked), or on kind ``co`` damage
    points (CO 3.1).
    """

    kind: TrackKind = TrackKind.BOXES
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
        own = None if boxes is None else check_boxes(list(boxes), "boxes")
        if rules["co.track"]:
            kind = TrackKind.CO
        elif rules["wounds.record"] == "capacity":
            kind = TrackKind.CAPACITY
        elif role == "npc" and rules["wounds.pawn_track"]:
            kind = TrackKind.PAWN
        else:
            kind = TrackKind.BOXES
        return cls(kind=kind, **KINDS[kind].fresh(rules, own, capacity))

    @property
    def rules_of_kind(self) -> Boxes:
        """What this track's kind does (:mod:`pyfudge.rules.track_kinds`)."""
        return KINDS[self.kind]

    # -- reading -----------------------------------------------------------------------------

    @cached_property  # a track never changes (a wound makes a new one); the odds read this most
    def worst(self) -> int:
        """The wound level the fighter is at: the highest level with a marked box (F95 4.57); Dead
        if a wound killed. Kind ``co`` maps its ladder level back (CO 4.2.1, :class:`~pyfudge.rules.track_kinds.Co`)."""
        if self.dead:
            return DEAD
        return KINDS[self.kind].worst(self)

    @property
    def co_level(self) -> int | None:
        """CO 3.1: the ladder level over the rightmost marked box (None when no box is marked)."""
        return co_level(self)

    @property
    def co_marked(self) -> int:
        """CO 3.1: damage points marked on the alternate track."""
        return sum(sum(b) for b in self.marks) if self.kind == TrackKind.CO else 0

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
        base = self.rules_of_kind.base_penalty(self, rules, in_combat)
        if base == 0:
            return 0
        return min(0, base + PAIN[pain])

    def sheet(self) -> str:
        """The boxes as the books print them (MUD 4.57: ``"O O O X X X H O"``).

        ``O`` open, ``X`` a wound of the box's own level, else the initial of the wound that
        overflowed into it (``S``cratch, ``H``urt, ``V``ery Hurt, ``I``ncapacitated, ``N``ear Death).
        Kind ``co``: ``X``/``O`` per box, Terrible first. Kind ``capacity``: the Damage Capacity.
        """
        return self.rules_of_kind.sheet(self)

    def view(self, *, rules: RuleSet, pain: str = "normal") -> dict[str, Any]:
        """What the app shows for this track (JSON-safe): rows of boxes with the GM's level names,
        the level, penalty, whether the fighter can act, the stun status and the stun boxes."""
        # F95 4.62: the stun boxes beside the Hurt and Very Hurt boxes.
        stun_rows = [{"name": STUN_NAMES[status], "boxes": list(row)}
                     for status, row in zip((STUNNED, VERY_STUNNED), self.stun_marks)]
        return {
            "kind": self.kind,
            "rows": self.rules_of_kind.rows(self, rules),
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
        return sorted(self.rules_of_kind.marked_wounds(self), reverse=True)

    # -- JSON --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form; ``from_dict`` reads it back. Includes derived ``worst`` for display."""
        out: dict[str, Any] = {"kind": self.kind, **self.rules_of_kind.dump(self)}
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
        out.update(self.rules_of_kind.dump_tail(self))
        return out

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "track") -> WoundTrack:
        """Read and validate a track (unknown keys refused; derived keys may be present)."""
        if not isinstance(data, dict):
            raise RuleError("A wound track must be an object.", field=field)
        extra = set(data) - _FIELDS
        if extra:
            raise RuleError(f"Unknown wound track field {sorted(extra)[0]!r}.", field=f"{field}.{sorted(extra)[0]}")
        kind = data.get("kind", "boxes")
        if not isinstance(kind, str) or kind not in KINDS:
            raise RuleError(f"Track kind must be one of {', '.join(TRACK_KINDS)}, not {kind!r}.",
                            field=f"{field}.kind")
        dead = check_wound_level(data.get("dead", 0), field=f"{field}.dead")
        stun_marks = read_marks(data.get("stun_marks", [[0], [0]]), f"{field}.stun_marks", 2,
                                low=HURT, levels=(HURT, VERY_HURT))
        knocked_out = need_flag(data.get("knocked_out", False), f"{field}.knocked_out")
        dropped = need_flag(data.get("dropped", False), f"{field}.dropped")
        shrugged = need_flag(data.get("shrugged", False), f"{field}.shrugged")
        if shrugged and dropped:
            raise RuleError("A fighter cannot both shrug off their wounds and be down.", field=f"{field}.shrugged")
        own = KINDS[TrackKind(kind)].read(data, field)
        deferred = read_deferred(data.get("deferred", []), f"{field}.deferred", TrackKind(kind))
        return cls(kind=TrackKind(kind), dead=dead, stun_marks=stun_marks, knocked_out=knocked_out,
                   shrugged=shrugged, dropped=dropped, deferred=deferred, **own)

    def __post_init__(self) -> None:
        # Tracks built in code name their kind as a string or a TrackKind; keep the TrackKind.
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise RuleError(f"Unknown track kind {self.kind!r}.", field="kind")
        object.__setattr__(self, "kind", TrackKind(self.kind))
