"""What each kind of wound track does, one class per kind (F95 4.52, 4.57; MUD 4.57; CO 3).

:class:`~pyfudge.rules.wound_track.WoundTrack` holds the data and asks ``KINDS[track.kind]`` for
everything that differs by kind: its empty form, its wound level and penalty, its boxes as the
sheet and the app show them, its JSON, how a wound is recorded and which boxes a GM may set. A new
kind is one class here and one entry in ``KINDS``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from ..core import ladder
from ..core.errors import RuleError
from ..core.explain import Step
from .wound_levels import (
    BOXED,
    CO_CHECK_LEVELS,
    CO_LEVELS,
    DEAD,
    HURT,
    INCAPACITATED,
    LEVEL_NAMES,
    NEAR_DEATH,
    PENALTIES,
    SCRATCH,
    TRACK_BOXES,
    UNDAMAGED,
    VERY_HURT,
    TrackKind,
    check_wound_level,
    cite,
    level_label,
    need_count,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

Marks = tuple[tuple[int, ...], ...]


class Track(Protocol):
    """What a kind reads of a track: :class:`~pyfudge.rules.wound_track.WoundTrack`, which holds the
    data and asks its kind here, is one (a protocol, so the kinds need not import it)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]  # kinds make changed copies with replace()

    @property
    def kind(self) -> TrackKind: ...
    @property
    def marks(self) -> Marks: ...
    @property
    def dead(self) -> int: ...
    @property
    def capacity_start(self) -> int: ...
    @property
    def capacity(self) -> int: ...
    @property
    def scratches(self) -> int: ...
    @property
    def capacity_terrible(self) -> str: ...
    @property
    def worst(self) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...


T = TypeVar("T", bound=Track)


@dataclass(frozen=True)
class RecordOutcome(Generic[T]):
    """What recording one wound did.

    ``box`` is ``(level, index)`` of the box marked (``(DEAD, 0)`` when the wound killed; ``None``
    when nothing was marked); ``level_marked`` is the level of that box (``UNDAMAGED`` if none);
    ``worst_before``/``worst_after`` the fighter's wound level around it.
    """

    track: T
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


def nothing(track: T, level: int, before: int, step: Step, steps: tuple[Step, ...] = ()) -> RecordOutcome[T]:
    """A wound that marks nothing: the track as it was, with why."""
    return RecordOutcome(track, None, level, UNDAMAGED, before, before, steps + (step,))


def killed(track: T, level: int, before: int) -> RecordOutcome[T]:
    """A Dead result (F95 4.51)."""
    step = Step("F95 4.51", "A Dead result: the fighter is dead.", {"level": level})
    return RecordOutcome(replace(track, dead=DEAD), (DEAD, 0), level, DEAD, before, DEAD, (step,))


class Boxes:
    """The wound boxes of F95 4.57 / MUD 4.57: Scratch ×3, Hurt ×1 or ×2, …; each marked box
    remembers the severity of the wound put in it (the book's "H" in a Very Hurt box)."""

    kind = TrackKind.BOXES
    has_boxes = True  # False: no box a GM may set by hand
    # Severities each row may hold when read from JSON, Scratch … Near Death.
    row_levels: tuple[int, ...] = BOXED

    def fresh(self, rules: RuleSet, boxes: list[int] | None, capacity: int | None) -> dict[str, Any]:
        """The fields of an empty track: ``boxes`` are the fighter's own box counts Scratch … Near
        Death (None: the ruleset's), ``capacity`` his Damage Capacity level."""
        if boxes is None:
            boxes = boxes_for(rules)
        return {"marks": tuple((0,) * n for n in boxes), "stun_marks": stun_boxes(boxes)}

    def worst(self, track: Track) -> int:
        """The highest level with a marked box (F95 4.57)."""
        for level in reversed(BOXED):
            if any(track.marks[level - 1]):
                return level
        return UNDAMAGED

    def base_penalty(self, track: Track, rules: RuleSet | None, in_combat: bool) -> int:
        """The penalty of the highest level, from the GM's ``wounds.levels`` table if given (F95 4.51)."""
        worst = track.worst
        if rules is not None and SCRATCH <= worst <= NEAR_DEATH:
            entry = rules["wounds.levels"][worst - 1]
            return entry["penalty"] if in_combat else entry["after_combat"]
        return PENALTIES[worst]

    def sheet(self, track: Track) -> str:
        """``O`` open, ``X`` a wound of the box's own level, else the initial of the wound that
        overflowed into it (MUD 4.57: ``"O O O X X X H O"``)."""
        out: list[str] = []
        for own, row in zip(BOXED, track.marks):
            out.extend("O" if not mark else "X" if mark == own else LEVEL_NAMES[mark][0] for mark in row)
        return " ".join(out)

    def row_name(self, level: int, rules: RuleSet) -> str:
        return level_label(level, rules=rules)

    def rows(self, track: Track, rules: RuleSet) -> list[dict[str, Any]]:
        """The rows the app shows; ``row`` is the index in ``marks`` a GM override names."""
        return [{"row": i, "level": level, "name": self.row_name(level, rules), "boxes": list(row)}
                for i, (level, row) in enumerate(zip(BOXED, track.marks)) if row or self.kind == TrackKind.BOXES]

    def marked_wounds(self, track: Track) -> list[int]:
        """Every wound's severity (what healing works on, F95 4.57)."""
        return [s for level in track.marks for s in level if s]

    def dump(self, track: Track) -> dict[str, Any]:
        """The kind's own keys of ``to_dict``."""
        return {"marks": [list(level) for level in track.marks]}

    def dump_tail(self, track: Track) -> dict[str, Any]:
        """Keys ``to_dict`` ends with for this kind."""
        return {}

    def read(self, data: dict, field: str) -> dict[str, Any]:
        """The kind's own fields of ``from_dict``."""
        return {"marks": read_marks(data.get("marks"), f"{field}.marks", 5, levels=self.row_levels, low=SCRATCH)}

    def start_box(self, track: Track, level: int, rules: RuleSet, sec: str) -> tuple[int, Step | None]:
        """The lightest box level the wound may take, and why if not its own."""
        return level, None

    def record(self, track: T, level: int, rules: RuleSet, points: int | None, before: int) -> RecordOutcome[T]:
        """The wound takes an open box at its level or the next higher open one (F95 4.57)."""
        if level == UNDAMAGED:
            return nothing(track, level, before, Step("F95 4.55", "No damage: nothing to record.", {"level": level}))
        if track.dead:
            return nothing(track, level, before, Step("F95 4.51", "The fighter is already dead.", {"level": level}))
        if level == DEAD:
            return killed(track, level, before)
        sec = cite(rules, "4.57")
        start, why = self.start_box(track, level, rules, sec)
        if start == UNDAMAGED:
            assert why is not None
            return nothing(track, level, before, why)
        steps: tuple[Step, ...] = (why,) if why else ()
        capped = Step(sec, "A Scratch never raises the wound level beyond Very Hurt: this one is not recorded.",
                      {"level": level})
        scratch_cap = level == SCRATCH and rules["wounds.scratch_cap"]
        for box_level in range(start, NEAR_DEATH + 1):
            # F95 4.57 option: a Scratch never *raises* the level beyond Very Hurt.
            if scratch_cap and box_level > max(VERY_HURT, track.worst):
                return nothing(track, level, before, capped, steps)
            row = track.marks[box_level - 1]
            if 0 in row:
                index = row.index(0)
                marked = row[:index] + (level,) + row[index + 1:]
                new = replace(track, marks=track.marks[:box_level - 1] + (marked,) + track.marks[box_level:])
                steps += (self.box_step(level, box_level, index, sec), worst_step(new, before, sec))
                return RecordOutcome(new, (box_level, index), level, box_level, before, new.worst, steps)
        if scratch_cap:
            return nothing(track, level, before, capped, steps)
        steps += (Step(sec, f"No open box from {LEVEL_NAMES[start]} up to Near Death: the "
                       f"{LEVEL_NAMES[level]} wound kills.", {"level": level, "box_level": DEAD}),)
        return RecordOutcome(replace(track, dead=level), (DEAD, 0), level, DEAD, before, DEAD, steps)

    def box_step(self, level: int, box_level: int, index: int, section: str) -> Step:
        if box_level == level:
            text = f"{LEVEL_NAMES[level]}: marked box {index + 1} under {LEVEL_NAMES[box_level]}."
        else:
            text = (f"No open box for {LEVEL_NAMES[level]}: the next higher open box is "
                    f"{LEVEL_NAMES[box_level]}; it records the {LEVEL_NAMES[level]} wound "
                    f"(\"{LEVEL_NAMES[level][0]}\").")
        return Step(section, text, {"level": level, "box_level": box_level, "index": index})

    def settable(self, row: int) -> tuple[tuple[int, ...], int, str]:
        """What a GM may write in a box of ``row``: the allowed values, the row's level, its label."""
        level = BOXED[row]
        return tuple(range(0, level + 1)), level, LEVEL_NAMES[level]

    def check_level(self, track: Track) -> int:
        """CO 4.2.1: the wound level as the Fudge level a damage check is rolled against."""
        worst = track.worst
        if worst == UNDAMAGED:
            raise RuleError("The fighter is undamaged: nothing to check.", field="track")
        return CO_CHECK_LEVELS[worst]

    def worst_after(self, track: Track, wound: int, rules: RuleSet) -> int:
        """The level recording ``wound`` would leave (what the PC-death guards compare)."""
        return self.record(track, wound, rules, None, track.worst).worst_after

    def held(self, out: RecordOutcome[T], level: int, true_level: int, true_points: int | None) -> tuple[int, int]:
        """What the track keeps of a wound a temporary Willpower roll changed, for the battle's end
        (F95 4.52 no. 4): the level marked (0 when no box took it) and the true level."""
        return out.level_marked and level, true_level


class Pawn(Boxes):
    """The three-stage NPC record of F95 4.57 / MUD 4.57: Undamaged, Hurt, Out of the Battle."""

    kind = TrackKind.PAWN
    # The "out of the battle" mark may remember a Near Death wound.
    row_levels = (SCRATCH, HURT, VERY_HURT, NEAR_DEATH, NEAR_DEATH)

    def fresh(self, rules: RuleSet, boxes: list[int] | None, capacity: int | None) -> dict[str, Any]:
        # F95 4.57: "Undamaged, Hurt, Out of the Battle" — one Hurt mark, one "out" mark.
        return {"marks": ((), (0,), (), (0,), ()), "stun_marks": ((0,), (0,))}

    def row_name(self, level: int, rules: RuleSet) -> str:
        return "Out of the Battle" if level == INCAPACITATED else level_label(level, rules=rules)

    def read(self, data: dict, field: str) -> dict[str, Any]:
        out = super().read(data, field)
        if [len(r) for r in out["marks"]] != [0, 1, 0, 1, 0]:
            raise RuleError("A pawn's record has one Hurt mark and one Out of the Battle mark.", field=f"{field}.marks")
        return out

    def start_box(self, track: Track, level: int, rules: RuleSet, sec: str) -> tuple[int, Step | None]:
        if level == SCRATCH:
            if rules["wounds.pawn_scratch"] == "ignore":
                return UNDAMAGED, Step(sec, "A pawn's three-stage record has no Scratch: no effect.", {"level": level})
            return HURT, Step(sec, "On a pawn a Scratch counts as Hurt.", {"level": level})
        # Anything beyond Hurt puts a pawn out of the battle (the level-4 box); not dead.
        return min(level, INCAPACITATED), None

    def box_step(self, level: int, box_level: int, index: int, section: str) -> Step:
        what = "Hurt" if box_level == HURT else "Out of the Battle"
        return Step(section, f"The pawn is marked {what} (three-stage record).",
                    {"level": level, "box_level": box_level, "index": index})


class Capacity(Boxes):
    """Damage Capacity as the wound record (F95 4.52 no. 3, F95 4.57 first method): no boxes."""

    kind = TrackKind.CAPACITY
    has_boxes = False

    def fresh(self, rules: RuleSet, boxes: list[int] | None, capacity: int | None) -> dict[str, Any]:
        if capacity is None:
            raise RuleError("Damage Capacity as the wound record needs the fighter's Damage "
                            "Capacity level.", field="capacity")
        level = ladder.check_trait(capacity, field="capacity")
        return {"marks": (), "capacity_start": level, "capacity": level,
                "capacity_terrible": rules["wounds.capacity_terrible"], "stun_marks": stun_boxes(boxes_for(rules))}

    def worst(self, track: Track) -> int:
        return capacity_level(track)[0]

    def base_penalty(self, track: Track, rules: RuleSet | None, in_combat: bool) -> int:
        return capacity_level(track)[1]

    def sheet(self, track: Track) -> str:
        return f"Damage Capacity {ladder.name(track.capacity)} (of {ladder.name(track.capacity_start)})"

    def rows(self, track: Track, rules: RuleSet) -> list[dict[str, Any]]:
        return []

    def marked_wounds(self, track: Track) -> list[int]:
        return []

    def dump(self, track: Track) -> dict[str, Any]:
        return {"capacity_start": track.capacity_start, "capacity": track.capacity, "scratches": track.scratches,
                "capacity_terrible": track.capacity_terrible}

    def read(self, data: dict, field: str) -> dict[str, Any]:
        for key in ("capacity_start", "capacity"):
            if key not in data:
                raise RuleError(f"A Damage Capacity record needs {key}.", field=f"{field}.{key}")
        start = ladder.check_trait(data["capacity_start"], field=f"{field}.capacity_start")
        out = {"capacity_start": start,
               "capacity": ladder.check_level(data["capacity"], field=f"{field}.capacity",
                                              low=-ladder.LIMIT, high=start),
               "scratches": need_count(data.get("scratches", 0), f"{field}.scratches"),
               "capacity_terrible": data.get("capacity_terrible", "penalty"), "marks": ()}
        if out["capacity_terrible"] not in ("penalty", "incapacitated"):
            raise RuleError("capacity_terrible must be 'penalty' or 'incapacitated'.",
                            field=f"{field}.capacity_terrible")
        return out

    def record(self, track: T, level: int, rules: RuleSet, points: int | None, before: int) -> RecordOutcome[T]:
        """F95 4.57: each hit greater than a Scratch lowers Damage Capacity a level (or more)."""
        if level == UNDAMAGED:
            return nothing(track, level, before, Step("F95 4.55", "No damage: nothing to record.", {}))
        if level == DEAD:
            new = replace(track, dead=DEAD)
            return RecordOutcome(new, (DEAD, 0), level, DEAD, before, DEAD,
                                 (Step("F95 4.51", "A Dead result: the fighter is dead.", {}),))
        steps: list[Step] = []
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
            drop = capacity_drop(level, rules)
        capacity = max(track.capacity - drop, -ladder.LIMIT)
        new = replace(track, capacity=capacity, scratches=scratches)
        if drop:
            steps.append(Step("F95 4.57", f"Damage Capacity drops {drop} level{'s' if drop > 1 else ''} to "
                              f"{ladder.name(capacity)}.", {"drop": drop, "capacity": capacity}))
        worst = new.worst
        steps.append(Step("F95 4.57", f"The fighter is now {LEVEL_NAMES[worst]}.",
                          {"worst": worst, "penalty": capacity_level(new)[1]}))
        return RecordOutcome(new, None, level, worst if drop else UNDAMAGED, before, worst, tuple(steps))

    def held(self, out: RecordOutcome[T], level: int, true_level: int, true_points: int | None) -> tuple[int, int]:
        # The level as asked: a Scratch lowers nothing, but it counts toward a level (F95 4.57).
        return level, true_level


class Co(Boxes):
    """Combat Options' alternate wound track (CO 3): damage boxes per ladder level, 1 per marked box.

    It has no standard level of its own: ``worst`` maps the ladder level back with CO 4.2.1's
    table (Terrible and Poor count as Scratch, Mediocre = Scratch, Fair = Hurt … Legendary =
    Dead), which also gives its penalty and whether he can act — CO 3 names no penalties of its
    own (reading).
    """

    kind = TrackKind.CO

    def fresh(self, rules: RuleSet, boxes: list[int] | None, capacity: int | None) -> dict[str, Any]:
        return {"marks": tuple((0,) * n for n in rules["co.track_boxes"]), "stun_marks": stun_boxes(boxes_for(rules))}

    def worst(self, track: Track) -> int:
        level = co_level(track)
        if level is None:
            return UNDAMAGED
        for wound, rung in sorted(CO_CHECK_LEVELS.items(), reverse=True):
            if level >= rung:
                return wound
        return SCRATCH

    def sheet(self, track: Track) -> str:
        return " ".join("X" if mark else "O" for row in track.marks for mark in row)

    def rows(self, track: Track, rules: RuleSet) -> list[dict[str, Any]]:
        return [{"row": i, "level": rung, "name": ladder.name(rung, legendary=True), "boxes": list(row)}
                for i, (rung, row) in enumerate(zip(CO_LEVELS, track.marks))]

    def marked_wounds(self, track: Track) -> list[int]:
        return []

    def dump_tail(self, track: Track) -> dict[str, Any]:
        return {"co_level": co_level(track)}

    def read(self, data: dict, field: str) -> dict[str, Any]:
        return {"marks": read_co_marks(data.get("marks"), f"{field}.marks")}

    def record(self, track: T, level: int, rules: RuleSet, points: int | None, before: int) -> RecordOutcome[T]:
        """CO 3.1: each damage point fills one box, from Terrible upward."""
        points = need_points(points, "points", "the damage points")
        marked = sum(sum(boxes) for boxes in track.marks)
        taken = min(points, co_boxes(track) - marked)
        new = replace(track, marks=co_marks(track, marked + taken))
        steps = [Step("CO 3.1", f"{points} damage point{'s' if points != 1 else ''}: {taken} box"
                      f"{'es' if taken != 1 else ''} filled from Terrible upward.",
                      {"points": points, "filled": taken, "marked": marked + taken})]
        if taken < points:
            new = replace(new, dead=DEAD)
            steps.append(Step("CO 3.1", f"The track is full: {points - taken} point(s) beyond the last "
                              "box — the fighter is dead.", {"overflow": points - taken}))
        rung = co_level(new)
        steps.append(Step("CO 3.1", "Wound level: " + (ladder.name(rung, legendary=True) if rung is not None
                                                       else "none") + " (the level over the rightmost marked box).",
                          {"co_level": rung}))
        return RecordOutcome(new, None, level, new.worst, before, new.worst, tuple(steps), points=points)

    def settable(self, row: int) -> tuple[tuple[int, ...], int, str]:
        return (0, 1), CO_LEVELS[row], ladder.name(CO_LEVELS[row], legendary=True)

    def check_level(self, track: Track) -> int:
        """CO 4.2: read off the CO 3 track."""
        rung = co_level(track)
        if rung is None:
            raise RuleError("No damage on the alternate track: nothing to check.", field="track")
        return rung

    def worst_after(self, track: Track, wound: int, rules: RuleSet) -> int:
        return track.worst  # CO 3 counts points, not levels; the guard cannot see them

    def held(self, out: RecordOutcome[T], level: int, true_level: int, true_points: int | None) -> tuple[int, int]:
        # CO 3.1 counts points: the points marked and those of the true level.
        true = need_points(true_points, "true_points", "the true wound's damage points (F95 4.52 no. 4)")
        return cast(int, out.points), true


KINDS: dict[TrackKind, Boxes] = {k.kind: k for k in (Boxes(), Pawn(), Capacity(), Co())}


def co_level(track: Track) -> int | None:
    """CO 3.1: the ladder level over the rightmost marked box (None when no box is marked)."""
    if track.kind != TrackKind.CO:
        return None
    found = None
    for rung, boxes in zip(CO_LEVELS, track.marks):
        if any(boxes):
            found = rung
    return found


def need_points(value: Any, field: str, what: str) -> int:
    """CO 3.1: damage points, a whole number ≥ 0 (``what`` names them in the refusal)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError(f"The alternate wound track needs {what} (a whole number ≥ 0).", field=field)
    return value


def co_boxes(track: Track) -> int:
    """CO 3.1: how many boxes the alternate track has."""
    return sum(len(boxes) for boxes in track.marks)


def co_marks(track: Track, count: int) -> Marks:
    """CO 3.1: the track's boxes with ``count`` of them filled, from Terrible upward."""
    flat = [1] * count + [0] * (co_boxes(track) - count)
    marks, i = [], 0
    for boxes in track.marks:
        marks.append(tuple(flat[i:i + len(boxes)]))
        i += len(boxes)
    return tuple(marks)


def capacity_drop(level: int, rules: RuleSet) -> int:
    """F95 4.57: the Damage Capacity levels a hit above a Scratch lowers (``wounds.capacity_per_hit``)."""
    return 1 if rules["wounds.capacity_per_hit"] == "one" else level - SCRATCH


def capacity_level(track: Track) -> tuple[int, int]:
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


def worst_step(track: Track, before: int, section: str) -> Step:
    worst = track.worst
    text = f"The fighter is now {LEVEL_NAMES[worst]}"
    pen = PENALTIES[worst]
    if pen:
        text += f" ({pen} to all actions; only the highest level counts)"
    return Step(section, text + ".", {"worst_before": before, "worst": worst, "penalty": pen})


def boxes_for(rules: RuleSet) -> list[int]:
    """Boxes per level Scratch … Near Death under ``rules`` (F95 4.57, MUD 4.57)."""
    track = rules["wounds.track"]
    return list(rules["wounds.boxes"]) if track == "custom" else list(TRACK_BOXES[track])


def stun_boxes(boxes: list[int]) -> Marks:
    """Stun boxes parallel to the Hurt and Very Hurt boxes (at least one each)."""
    return ((0,) * max(1, boxes[1]), (0,) * max(1, boxes[2]))


# --- reading saved tracks ---------------------------------------------------------------------

def read_marks(value: Any, where: str, count: int, *, levels: tuple[int, ...], low: int) -> tuple[tuple[int, ...], ...]:
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
            if isinstance(mark, bool) or not isinstance(mark, int):
                # As to_dict writes them: a name or a float would be stored as it is, not read.
                raise RuleError(f"{spot}[{j}] must be a whole number, not {mark!r}.", field=f"{spot}[{j}]")
            if mark != 0:
                try:
                    check_wound_level(mark, field=f"{spot}[{j}]", low=low, high=level)
                except RuleError as err:
                    raise RuleError(
                        f"{spot}[{j}]: a {LEVEL_NAMES[level]} box holds 0 (open) or a wound from "
                        f"{LEVEL_NAMES[low]} to {LEVEL_NAMES[level]}, not {mark!r}.", field=err.field
                    ) from None
            row.append(mark)
        out.append(tuple(row))
    return tuple(out)


def read_co_marks(value: Any, where: str) -> tuple[tuple[int, ...], ...]:
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


def read_deferred(value: Any, where: str, kind: TrackKind) -> tuple[tuple[int, int], ...]:
    """The (recorded, true) pairs of temporary Willpower (F95 4.52 no. 4): wound levels, or on the
    alternate track damage points (CO 3.1)."""
    what = "damage points" if kind == TrackKind.CO else "wound levels"
    if not isinstance(value, list) or len(value) > 50:
        raise RuleError(f"{where} must be a list of [recorded, true] {what}.", field=where)
    out = []
    for i, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError(f"{where}[{i}] must be [recorded, true].", field=f"{where}[{i}]")
        spots = (f"{where}[{i}][0]", f"{where}[{i}][1]")
        if kind == TrackKind.CO:
            out.append((need_points(pair[0], spots[0], f"damage points at {spots[0]}"),
                        need_points(pair[1], spots[1], f"damage points at {spots[1]}")))
        else:
            out.append((check_wound_level(pair[0], field=spots[0]), check_wound_level(pair[1], field=spots[1])))
    return tuple(out)
