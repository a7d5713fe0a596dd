"""Healing (F95 4.8, MUD 4.8) and recovery on the alternate wound track (CO 3.2).

Healing works on the wounds as they were received, not on the boxes they landed in: an "H" in the
Incapacitated box heals as the Hurt wound it is (F95 4.57: "for healing (and scarring) purposes,
he has only received two Hurt wounds and one Very Hurt wound"). So each function lowers the
severity of every recorded wound and writes the survivors back into an empty track, heaviest
first. Healing never makes a track worse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.errors import RuleError
from ..core.explain import Step
from ..core.options import Option, need_int, need_list, same
from .track_kinds import capacity_drop, co_boxes, co_marks
from .wound_levels import TrackKind, cite
from .wounds import (
    DEAD,
    HURT,
    INCAPACITATED,
    LEVEL_NAMES,
    NEAR_DEATH,
    SCRATCH,
    UNDAMAGED,
    VERY_HURT,
    WoundTrack,
    record_wound,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet


def _check_levels(value: Any, where: str) -> list[int]:
    need_list(value, where, min_len=3, max_len=3)
    out = [need_int(v, f"{where}[{i}]", low=0, high=5) for i, v in enumerate(value)]
    return out


OPTIONS: tuple = (
    Option(
        "healing.scratches_after_battle", "Scratches vanish after the battle", "F95 4.8", "bool",
        same(True),
        help="Scratches (and stuns) are erased after a battle, given five or ten minutes; a GM may "
             "let them linger a day or two.",
        group="Healing",
    ),
    Option(
        "healing.levels", "Levels healed by a healing roll", "F95 4.8", "table", same([1, 2, 3]),
        help="Wound levels healed on a Good, Great and Superb healing-skill result (better results "
             "heal as Superb).",
        group="Healing", check=_check_levels,
    ),
    # F95 4.8 and MUD 4.8 alike: "Otherwise, wounds heal on their own at one wound level per week
    # of rest". The 1993 draft's healing section (F93 4.7) is not among our sources: off there.
    Option(
        "healing.natural", "Natural healing, a level a week", "F95 4.8; MUD 4.8", "bool",
        {"fudge1995": True, "mudge": True, "fudge1993": False},
        help="Wounds heal on their own at one wound level per week of rest.",
        group="Healing",
    ),
    Option(
        "healing.natural_roll", "Constitution roll for natural healing", "F95 4.8; MUD 4.8", "bool", same(False),
        help="Each week needs a Constitution roll: Fair for Hurt, Good for Very Hurt, Great for "
             "Incapacitated; a failure heals nothing that week.",
        group="Healing",
    ),
    Option(
        "co.heal_per_degree", "Boxes recovered per degree", "CO 3.2", "int", same(1),
        help="Alternate track: boxes recovered per degree of success of the healing check.",
        group="Combat Options", low=1, high=10,
    ),
    Option(
        "co.heal_failure_hurts", "A failed healing check hurts", "CO 3.2", "bool", same(False),
        help="Alternate track: a failed healing check marks a box per degree of failure.",
        group="Combat Options",
    ),
)

# F95 4.8 / MUD 4.8: Constitution difficulty for a week of natural healing, by the wound level.
NATURAL_DIFFICULTY: dict[int, int | None] = {
    SCRATCH: None, HURT: ladder.FAIR, VERY_HURT: ladder.GOOD, INCAPACITATED: ladder.GREAT,
}


@dataclass(frozen=True)
class HealOutcome:
    """What a healing act did: the new track, the wounds before and after, and why."""

    track: WoundTrack
    before: tuple[int, ...]
    after: tuple[int, ...]
    worst_before: int
    worst_after: int
    steps: tuple[Step, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "track": self.track.to_dict(),
            "before": list(self.before), "after": list(self.after),
            "worst_before": self.worst_before, "worst_after": self.worst_after,
            "worst_after_name": LEVEL_NAMES[self.worst_after],
            "steps": [s.to_dict() for s in self.steps],
        }


def _empty(track: WoundTrack) -> WoundTrack:
    return replace(track, marks=tuple((0,) * len(row) for row in track.marks))


def _rebuild(track: WoundTrack, wounds: Sequence[int], rules: RuleSet) -> WoundTrack:
    """Write ``wounds`` back into an emptied copy of ``track``, heaviest first.

    Heaviest first puts every wound in its own box where one is free, so the rebuilt track is
    never worse than the one it came from.
    """
    new = _empty(track)
    for wound in sorted(wounds, reverse=True):
        new = record_wound(new, wound, rules=rules.with_options({"wounds.scratch_cap": False,
                                                                "wounds.pawn_scratch": "hurt"})).track
    return new


def _refuse(track: WoundTrack) -> None:
    if track.dead:
        raise RuleError("The dead are not healed.", field="track")
    if track.kind == TrackKind.CO:
        raise RuleError("The alternate wound track heals with heal_co (CO 3.2).", field="track")


def _lower(wound: int, levels: int) -> int:
    """A wound healed ``levels`` levels. F95 4.8: "Scratches do not count as a level for healing
    purposes. That is, a Hurt wound that is healed one level is fully healed."
    """
    if wound == SCRATCH:
        return UNDAMAGED
    left = wound - levels
    return left if left >= HURT else UNDAMAGED


def _capacity_lost(level: int, rules: RuleSet) -> int:
    """F95 4.57: the Damage Capacity levels a wound lowers on its own (a Scratch none)."""
    return capacity_drop(level, rules) if level > SCRATCH else 0


def _restore_capacity(track: WoundTrack, deferred: Sequence[tuple[int, int]], rules: RuleSet) -> WoundTrack:
    """Damage Capacity as the true wounds would have left it (F95 4.52 no. 4, F95 4.57).

    Each hit above a Scratch lowers it on its own; Scratches lower it a level per
    ``wounds.capacity_scratches``, counted over the battle, so the count (what is left toward the
    next level) is moved by the Scratches held back or made up and any level that moves with it
    given back or taken. Exact while no Scratch was cleared in the battle and Damage Capacity
    never reached its floor (our reading: a clear or the floor forgets counts the end cannot see).
    """
    if any(true == DEAD for _, true in deferred):
        return replace(track, dead=DEAD)  # F95 4.51
    lost = sum(_capacity_lost(true, rules) - _capacity_lost(recorded, rules) for recorded, true in deferred)
    count = track.scratches + sum((true == SCRATCH) - (recorded == SCRATCH) for recorded, true in deferred)
    per = rules["wounds.capacity_scratches"]
    sets, count = divmod(count, per) if per else (0, max(count, 0))
    capacity = min(max(track.capacity - lost - sets, -ladder.LIMIT), track.capacity_start)
    return replace(track, capacity=capacity, scratches=count)


def _restore_co(track: WoundTrack, deferred: Sequence[tuple[int, int]]) -> WoundTrack:
    """CO's track with the true points (CO 3.1: boxes fill from Terrible upward; points beyond the
    last box kill). Our reading: boxes healed in the battle (CO 3.2) stay healed, so the count
    never goes below none."""
    count = track.co_marked + sum(true - recorded for recorded, true in deferred)
    new = replace(track, marks=co_marks(track, min(max(count, 0), co_boxes(track))))
    return replace(new, dead=DEAD) if count > co_boxes(track) else new


def end_of_battle(track: WoundTrack, *, rules: RuleSet) -> HealOutcome:
    """After the battle (F95 4.8, F95 4.62, CO 4.3).

    Scratches are erased ("provided the characters have five or ten minutes"), unless the GM lets
    them linger (``healing.scratches_after_battle`` off). A Scratch that overflowed into a higher
    box goes too: it is still a Scratch for healing purposes (F95 4.57). Stuns heal "like
    Scratches: after combat is over" (a knockout needs time: see :func:`wake_up`). Shrugged-off
    wounds count again and a dropped fighter is no longer in an engagement (CO 4). Wounds a
    temporary Willpower roll changed count as they truly were (F95 4.52 no. 4), on every kind of
    track: boxes, Damage Capacity (:func:`_restore_capacity`) and CO's points (:func:`_restore_co`).
    """
    before = tuple(track.marked_wounds())
    worst = track.worst
    steps: list[Step] = []
    new = replace(track, stun_marks=tuple((0,) * len(r) for r in track.stun_marks),
                  shrugged=False, dropped=False, deferred=())
    if track.deferred and not track.dead:
        # F95 4.52 no. 4: a temporary Willpower adjustment lasts "until the battle is over".
        text = "The battle is over: wounds held back by Willpower count in full"
        data: dict[str, Any] = {"deferred": [list(p) for p in track.deferred]}
        if track.kind == TrackKind.CAPACITY:
            new = _restore_capacity(new, track.deferred, rules)
            text += (": a true Dead result kills (F95 4.51)" if new.dead else
                     f": Damage Capacity {ladder.name(track.capacity)} becomes {ladder.name(new.capacity)}, "
                     f"{new.scratches} Scratch(es) toward the next level (F95 4.57)")
            data.update(capacity=new.capacity, scratches=new.scratches, dead=new.dead)
        elif track.kind == TrackKind.CO:
            new = _restore_co(new, track.deferred)
            text += (f": {track.co_marked} box(es) marked become {new.co_marked}"
                     + (", past the last box: the fighter is dead (CO 3.1)" if new.dead else " (CO 3.1)"))
            data.update(marked=new.co_marked, dead=new.dead)
        else:
            restored = list(before)
            for recorded, true in track.deferred:
                if recorded and recorded in restored:
                    restored.remove(recorded)
                restored.append(true)
            new = _rebuild(new, [w for w in restored if w], rules)
            before = tuple(sorted(restored, reverse=True))
        steps.append(Step("F95 4.52", text + ".", data))
    if track.stun in (1, 2):
        steps.append(Step("F95 4.62", "Stun results heal after combat.", {}))
    if rules["healing.scratches_after_battle"] and not track.dead:
        if track.kind == TrackKind.CAPACITY:
            if new.scratches:
                steps.append(Step(cite(rules, "4.8"), "Scratches are erased after the battle.",
                                  {"scratches": new.scratches}))
            new = replace(new, scratches=0)
        elif track.kind in (TrackKind.BOXES, TrackKind.PAWN) and SCRATCH in before:
            kept = [w for w in before if w != SCRATCH]
            new = _rebuild(new, kept, rules)
            steps.append(Step(cite(rules, "4.8"), f"{before.count(SCRATCH)} Scratch(es) erased after the battle.",
                              {"scratches": before.count(SCRATCH)}))
    elif not rules["healing.scratches_after_battle"]:
        steps.append(Step(cite(rules, "4.8"), "Scratches linger (GM's choice).", {}))
    if track.shrugged or track.dropped:
        steps.append(Step("CO 4", "The battle is over: wound penalties apply in full.", {}))
    if not steps:
        steps.append(Step(cite(rules, "4.8"), "Nothing to clear after the battle.", {}))
    return HealOutcome(new, before, tuple(new.marked_wounds()), worst, new.worst, tuple(steps))


def wake(track: WoundTrack) -> WoundTrack:
    """A knocked-out fighter comes round: "doesn't need healing ... just time" (F95 4.62)."""
    return replace(track, knocked_out=False)


def wake_up(track: WoundTrack) -> HealOutcome:
    """The GM's act of :func:`wake` on a knocked-out fighter, as a healing outcome."""
    if not track.knocked_out:
        raise RuleError("Not knocked out: there is nothing to come round from (F95 4.62).", field="how")
    wounds_now = tuple(track.marked_wounds())
    new = wake(track)
    return HealOutcome(new, wounds_now, wounds_now, track.worst, new.worst,
                       (Step("F95 4.62", "A knockout needs time, not healing: the fighter comes round.", {}),))


def clear_scratches(track: WoundTrack, *, rules: RuleSet) -> HealOutcome:
    """One fighter's Scratches and stuns heal (F95 4.8, F95 4.62): after the battle's "five or ten
    minutes", or when the GM let them "linger for up to a few days" and those days are over. Unlike
    :func:`end_of_battle` this is the GM's act on one fighter, so ``healing.scratches_after_battle``
    does not stop it."""
    _refuse(track)
    before = tuple(track.marked_wounds())
    new = replace(track, stun_marks=tuple((0,) * len(r) for r in track.stun_marks))
    if track.kind == TrackKind.CAPACITY:
        new = replace(new, scratches=0)
    else:
        new = _rebuild(new, [w for w in before if w != SCRATCH], rules)
    step = Step(cite(rules, "4.8"), "Scratches and stuns heal with a little time.",
                {"scratches": before.count(SCRATCH), "stun": track.stun})
    return HealOutcome(new, before, tuple(new.marked_wounds()), track.worst, new.worst, (step,))


def heal_ways(track: WoundTrack, *, rules: RuleSet) -> list[dict[str, Any]]:
    """The ways this fighter may heal now, as the ruleset allows: each ``{how, label, hint, section,
    asks}``, ``how`` the heal event's, ``asks`` the entries it needs (``result``, ``weeks``,
    ``rolls``: one Constitution result per week). None for the dead or the unhurt.

    A healer's result (F95 4.8, MUD 4.8) and weeks of rest (``healing.natural``) for wounds above a
    Scratch ("too insignificant to require a roll on a healing skill"); Scratches and stuns on their
    own (F95 4.8, 4.62); coming round from a knockout (F95 4.62); on the alternate track, a
    healer's check against its wound level (CO 3.2).
    """
    if track.dead:
        return []
    ways: list[dict[str, Any]] = []
    if track.kind == TrackKind.CO:
        if track.co_level is not None:
            per = rules["co.heal_per_degree"]
            hint = f"{per} box{'es' if per > 1 else ''} recovered per degree above it"
            if rules["co.heal_failure_hurts"]:
                hint += "; a failure marks a box per degree below"
            ways.append({"how": "co", "asks": ["result"], "section": "CO 3.2",
                         "label": f"A healer's check against {ladder.name(track.co_level, legendary=True)}",
                         "hint": hint + "."})
    else:
        wounded = (track.capacity < track.capacity_start if track.kind == TrackKind.CAPACITY
                   else any(w > SCRATCH for w in track.marked_wounds()))
        if wounded:
            table = rules["healing.levels"]
            ways.append({"how": "skill", "asks": ["result"], "section": cite(rules, "4.8"),
                         "label": "A healer's roll",
                         "hint": f"Good heals every wound {table[0]} level, Great {table[1]}, Superb {table[2]} "
                                 "(a Hurt healed one level is healed)."})
            if rules["healing.natural"]:
                hint = "Every wound heals one level a week."
                if rules["healing.natural_roll"]:
                    hint += " Each week needs Constitution: Fair for Hurt, Good for Very Hurt, Great for Incapacitated."
                ways.append({"how": "natural", "section": cite(rules, "4.8"), "label": "Natural healing",
                             "asks": ["weeks", "rolls"] if rules["healing.natural_roll"] else ["weeks"],
                             "hint": hint, "weeks_max": 52})
        scratched = SCRATCH in track.marked_wounds() or (track.kind == TrackKind.CAPACITY and track.scratches > 0)
        if scratched or any(any(r) for r in track.stun_marks):
            ways.append({"how": "scratches", "asks": [], "section": cite(rules, "4.8"),
                         "label": "Scratches and stuns heal",
                         "hint": "After the battle's few minutes, or the few days they linger."})
    if track.knocked_out:
        ways.append({"how": "wake", "asks": [], "section": "F95 4.62", "label": "Comes round",
                     "hint": "A knockout needs time, not healing."})
    return ways


def said(outcome: HealOutcome) -> str:
    """Which wounds became what, in a table's words: "Very Hurt → Hurt, 2 × Hurt → healed".

    Healing lowers every wound alike, so the wounds before and after, heaviest first, pair up;
    unchanged wounds are left unsaid. Empty when no wound changed.
    """
    def named(level: int) -> str:
        return LEVEL_NAMES[level] if level else "healed"

    if outcome.track.kind == TrackKind.CAPACITY:
        before, after_worst = outcome.worst_before, outcome.worst_after
        return "" if before == after_worst else f"{named(before)} → {named(after_worst)}"
    after = list(outcome.after) + [UNDAMAGED] * (len(outcome.before) - len(outcome.after))
    counts: dict[tuple[int, int], int] = {}
    for pair in zip(outcome.before, after):
        if pair[0] != pair[1]:
            counts[pair] = counts.get(pair, 0) + 1
    return ", ".join(f"{f'{n} × ' if n > 1 else ''}{named(b)} → {named(a)}"
                     for (b, a), n in counts.items())


def levels_for(result: int, *, rules: RuleSet) -> int:
    """Wound levels a healing-skill result heals (F95 4.8: Good 1, Great 2, Superb 3)."""
    result = ladder.check_level(result, field="result")
    table = rules["healing.levels"]
    if result < ladder.GOOD:
        return 0
    return table[min(result, ladder.SUPERB) - ladder.GOOD]


def heal(track: WoundTrack, result: int, *, rules: RuleSet) -> HealOutcome:
    """Heal with a medical skill or power whose rolled result is ``result`` (F95 4.8, MUD 4.8).

    "A Good result on a healing skill heals all wounds one level (Hurt to healed, Very Hurt to
    Hurt, etc.) ... A Great result heals all wounds two levels, and a Superb result heals three."
    Every recorded wound is lowered by that many levels, by its own severity (the "H" under
    Incapacitated heals as a Hurt), Scratches and Hurt-healed-one-level vanish; the survivors are
    written back into the boxes. With Damage Capacity as the record the attribute rises as many
    levels, never above the undamaged level (F95 4.57).
    """
    _refuse(track)
    levels = levels_for(result, rules=rules)
    before = tuple(track.marked_wounds())
    worst = track.worst
    name = ladder.name(result)
    if levels == 0:
        step = Step(cite(rules, "4.8"), f"A {name} healing result heals nothing (Good or better is needed).",
                    {"result": result, "levels": 0})
        return HealOutcome(track, before, before, worst, worst, (step,))
    if track.kind == TrackKind.CAPACITY:
        capacity = min(track.capacity + levels, track.capacity_start)
        new = replace(track, capacity=capacity, scratches=0)
        step = Step("F95 4.57", f"A {name} healing result restores Damage Capacity to "
                    f"{ladder.name(capacity)} (never above its undamaged level).",
                    {"result": result, "levels": levels, "capacity": capacity})
        return HealOutcome(new, before, before, worst, new.worst, (step,))
    after = [_lower(w, levels) for w in before]
    kept = [w for w in after if w]
    new = _rebuild(track, kept, rules)
    text = (f"A {name} healing result heals all wounds {levels} level{'s' if levels > 1 else ''}: "
            + ", ".join(f"{LEVEL_NAMES[b]} → {LEVEL_NAMES[a] if a else 'healed'}" for b, a in zip(before, after))
            if before else f"A {name} healing result: no wounds to heal.")
    step = Step(cite(rules, "4.8"), text, {"result": result, "levels": levels, "before": list(before), "after": after})
    return HealOutcome(new, before, tuple(new.marked_wounds()), worst, new.worst,
                       (step, Step(cite(rules, "4.8"), f"The fighter is now {LEVEL_NAMES[new.worst]}.",
                                   {"worst": new.worst})))


def natural_healing(track: WoundTrack, *, rules: RuleSet, weeks: int = 1,
                    rolls: Sequence[int] | None = None) -> HealOutcome:
    """Heal on one's own, one wound level per week of rest (F95 4.8; MUD 4.8).

    "after a week of rest, an Incapacitated character becomes Very Hurt, etc." — each week heals
    all wounds one level, as a Good healing result does. With ``healing.natural_roll`` each week
    needs a Constitution result in ``rolls`` (one per week) against Fair (Hurt), Good (Very Hurt) or
    Great (Incapacitated) by the worst wound as received (an overflowed "H" is the Hurt it was, F95
    4.57); a failure heals nothing that week ("Failing this roll slows the
    healing process"). Near Death does not heal on its own (F95 4.51: "No one recovers from Near
    Death on their own unless very lucky"; MUD 4.51 "very, very lucky"). Steps cite the preset's
    book (F95 under Fudge 1995, MUD under Mudge).
    """
    if not rules["healing.natural"]:
        raise RuleError("Natural healing is switched off in this ruleset (F95 4.8, MUD 4.8: "
                        "one wound level per week of rest).", field="healing.natural")
    _refuse(track)
    if isinstance(weeks, bool) or not isinstance(weeks, int) or not 1 <= weeks <= 52:
        raise RuleError(f"weeks must be 1 to 52, not {weeks!r}.", field="weeks")
    need_rolls = rules["healing.natural_roll"]
    if need_rolls:
        if rolls is None or isinstance(rolls, (str, bytes)) or len(rolls) != weeks:
            raise RuleError(f"Give one Constitution result per week ({weeks}).", field="rolls")
        checked = [ladder.check_level(ladder.parse(r, field=f"rolls[{i}]"), field=f"rolls[{i}]")
                   for i, r in enumerate(rolls)]
    elif rolls:
        raise RuleError("This ruleset needs no Constitution rolls for natural healing.", field="rolls")
    before = tuple(track.marked_wounds())
    worst_before = track.worst
    steps: list[Step] = []
    current = track
    for week in range(weeks):
        worst = _received_worst(current)
        if worst == UNDAMAGED:
            steps.append(Step(cite(rules, "4.8"), f"Week {week + 1}: fully healed.", {"week": week + 1}))
            break
        if worst >= NEAR_DEATH:
            steps.append(Step(cite(rules, "4.51"), f"Week {week + 1}: no one recovers from Near Death on their own.",
                              {"week": week + 1}))
            continue
        difficulty = NATURAL_DIFFICULTY[worst]
        if need_rolls and difficulty is not None:
            roll = checked[week]
            if roll < difficulty:
                steps.append(Step(cite(rules, "4.8"), f"Week {week + 1}: Constitution {ladder.name(roll)} fails "
                                  f"against {ladder.name(difficulty)} ({LEVEL_NAMES[worst]}): no healing this week.",
                                  {"week": week + 1, "roll": roll, "difficulty": difficulty}))
                continue
            steps.append(Step(cite(rules, "4.8"), f"Week {week + 1}: Constitution {ladder.name(roll)} against "
                              f"{ladder.name(difficulty)} succeeds.",
                              {"week": week + 1, "roll": roll, "difficulty": difficulty}))
        if current.kind == TrackKind.CAPACITY:
            current = replace(current, capacity=min(current.capacity + 1, current.capacity_start), scratches=0)
        else:
            current = _rebuild(current, [w for w in (_lower(w, 1) for w in current.marked_wounds()) if w], rules)
        steps.append(Step(cite(rules, "4.8"),
                          f"Week {week + 1}: wounds heal one level; now {LEVEL_NAMES[current.worst]}.",
                          {"week": week + 1, "worst": current.worst}))
    return HealOutcome(current, before, tuple(current.marked_wounds()), worst_before, current.worst, tuple(steps))


def _received_worst(track: WoundTrack) -> int:
    """The worst wound as it was received: a wound that overflowed into a higher box heals as the
    wound it was (F95 4.57: "for healing (and scarring) purposes, he has only received two Hurt
    wounds and one Very Hurt wound"). A Damage Capacity record has no boxes: its level."""
    received = track.marked_wounds()
    return max(received) if received else track.worst


def heal_co(track: WoundTrack, result: int, *, rules: RuleSet) -> HealOutcome:
    """Treat a fighter on the alternate wound track (CO 3.2).

    The healer's check is against the wound level as difficulty; "the number of wound boxes
    recovered should be proportional to the degree of success" — read as ``co.heal_per_degree``
    boxes per degree above the difficulty, so a bare success (degree 0) recovers none. Boxes are
    cleared from Legendary down. With ``co.heal_failure_hurts`` a failure marks a box per degree.
    """
    if track.kind != TrackKind.CO:
        raise RuleError("heal_co is for the alternate wound track (CO 3).", field="track")
    if track.dead:
        raise RuleError("The dead are not healed.", field="track")
    result = ladder.check_level(result, field="result")
    difficulty = track.co_level
    worst = track.worst
    if difficulty is None:
        return HealOutcome(track, (), (), worst, worst, (Step("CO 3.2", "No boxes marked: nothing to heal.", {}),))
    degree = result - difficulty
    marked = track.co_marked
    per = rules["co.heal_per_degree"]
    total = co_boxes(track)
    if degree >= 0:
        change = -min(marked, per * degree)
    elif rules["co.heal_failure_hurts"]:
        change = min(-degree, total - marked)  # a box per degree, as many as are open
    else:
        change = 0
    count = marked + change
    new = replace(track, marks=co_marks(track, count))
    verdict = "succeeds" if degree >= 0 else "fails"
    text = (f"Healing {ladder.name(result)} against wound level {ladder.name(difficulty, legendary=True)} "
            f"{verdict} by {abs(degree)}: ")
    text += (f"{-change} box(es) recovered." if change < 0 else
             f"{change} more box(es) marked." if change > 0 else "no change.")
    step = Step("CO 3.2", text, {"result": result, "difficulty": difficulty, "degree": degree,
                                 "change": change, "marked": count})
    return HealOutcome(new, (marked,), (count,), worst, new.worst, (step,))
