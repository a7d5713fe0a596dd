"""Recording wounds and what guards them (F95 4.52, 4.57, 4.62, 4.64; MUD 4.57, 4.62, 4.64; CO 4).

Every change to a :class:`~pyfudge.rules.wound_track.WoundTrack` goes through a function here that
returns an outcome with its steps: ``record_wound`` (each track kind records in its own way, see
:mod:`pyfudge.rules.track_kinds`), ``record_stun``, ``head_blow``, ``guard_wound``, ``willpower_adjust``,
``damage_check`` and the GM's ``set_box``; healing lives in :mod:`pyfudge.rules.healing`. The levels and
kinds themselves are in :mod:`pyfudge.rules.wound_levels`, the options in :mod:`pyfudge.rules.wound_options`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.dice import fudge
from ..core.errors import RuleError
from ..core.explain import Step
from .track_kinds import RecordOutcome
from .wound_levels import (
    DEAD,
    HURT,
    INCAPACITATED,
    KNOCKED_OUT,
    LEVEL_NAMES,
    NEAR_DEATH,
    NO_STUN,
    SCRATCH,
    STUN_NAMES,
    STUNNED,
    UNDAMAGED,
    VERY_HURT,
    VERY_STUNNED,
    check_role,
    check_wound_level,
    need_count,
)
from .wound_track import WoundTrack

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

# F95 4.52 no. 4 (Willpower) borrows the bands of no. 1: Great or better −1 level, Mediocre to
# Good none, Poor or worse +1 (the book gives no bands of its own for Willpower).
WILLPOWER_BANDS = ((ladder.GREAT, -1), (ladder.MEDIOCRE, 0))


# --- recording a wound ------------------------------------------------------------------------

def record_wound(track: WoundTrack, level: int, *, rules: RuleSet, points: int | None = None,
                 true_level: int | None = None, true_points: int | None = None) -> RecordOutcome:
    """Mark a wound of ``level`` on ``track`` (F95 4.57, MUD 4.57).

    Boxes: the wound takes an open box at its level; with none open, "the character takes the next
    highest wound for which there is an open box" and the box remembers the wound's own severity
    (the "H" under Incapacitated). Scratches fill their three boxes, so the fourth Scratch is the
    first to make a fighter Hurt. Past Near Death there is no box: the fighter is Dead. With
    ``wounds.scratch_cap`` a Scratch never raises the level beyond Very Hurt. Pawns (F95 4.57):
    Hurt, then Out of the Battle. Damage Capacity as record (F95 4.57): each hit above a Scratch
    lowers it. CO 3: ``points`` damage boxes are marked from Terrible upward. ``true_level``: the
    wound before a temporary Willpower adjustment (:func:`willpower_adjust`); the track remembers
    it and the end of the battle restores it (on CO's track its points, ``true_points``).
    """
    level = check_wound_level(level, field="level")
    if true_level is not None:
        true_level = check_wound_level(true_level, field="true_level")
        if true_level != level and rules["wounds.willpower"] == "temporary" and not track.dead:
            out = record_wound(track, level, rules=rules, points=points)
            step = Step("F95 4.52", f"Willpower holds this {LEVEL_NAMES[true_level]} wound at "
                        f"{LEVEL_NAMES[level]} until the battle is over.",
                        {"level": level, "true_level": true_level})
            held = track.rules_of_kind.held(out, level, true_level, true_points)
            new = replace(out.track, deferred=out.track.deferred + (held,))
            return replace(out, track=new, steps=out.steps + (step,))
    return track.rules_of_kind.record(track, level, rules, points, track.worst)


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


def stuns(level: int) -> bool:
    """Whether a stunning attack's ``level`` stuns anyone: a Scratch has no stun level (F95 4.62)."""
    return level > SCRATCH


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
    if not stuns(level) or track.knocked_out:
        why = "already knocked out" if track.knocked_out and stuns(level) else "no stun for a Scratch"
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
    3. ``wounds.points == "fudge"``: one Fudge Point turns a deadly wound (:func:`is_deadly`)
       into a serious one — Very Hurt, which F95 4.51 calls "seriously hurt" (with
       ``wounds.fudge_deadly == "track"``, the worst wound the boxes record short of Near Death).
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
        limit: int = DEAD
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
    if points_spent:
        level = _spend_points(level, points_spent, track, rules, protected, steps)
    return GuardOutcome(asked, level, points_spent, tuple(steps))


def is_deadly(level: int, *, track: WoundTrack, rules: RuleSet) -> bool:
    """Whether F95 4.64 no. 3's Fudge Point can convert this wound: Near Death or worse, the
    wound at its own level as F95 4.57 counts it "for healing (and scarring) purposes" (the plain
    reading, ``wounds.fudge_deadly == "level"``); or, with ``"track"``, also a wound that the
    full boxes push to Near Death, since F95 4.57 has the character "take the next highest wound
    for which there is an open box"."""
    if level >= NEAR_DEATH:
        return True
    return (level > UNDAMAGED and rules["wounds.fudge_deadly"] == "track"
            and track.rules_of_kind.worst_after(track, level, rules) >= NEAR_DEATH)


def points_it_takes(level: int, declared: int, *, track: WoundTrack, rules: RuleSet, role: str) -> int:
    """Of the points a fighter declared before the dice, how many this wound (``level``, after
    the PC-death guards) takes: F95 4.64 no. 3's Fudge Point only a deadly wound
    (:func:`is_deadly`), MUD 4.64's Meta Points one a level; the rest are kept. Points no wound
    could take (no points in the ruleset, an NPC's Fudge Point, more than one Fudge Point or three Meta Points)
    are left for :func:`guard_wound` to refuse."""
    mode = rules["wounds.points"]
    if (mode == "fudge" and declared == 1 and not is_deadly(level, track=track, rules=rules)
            and is_protected(role, rules=rules)):
        return 0
    if mode == "meta" and declared <= 3:
        return min(declared, level)
    return declared


def _spend_points(level: int, points_spent: int, track: WoundTrack, rules: RuleSet, protected: bool,
                  steps: list[Step]) -> int:
    """The wound after Fudge Points (F95 4.64 no. 3) or Meta Points (MUD 4.64) spent against it."""
    mode = rules["wounds.points"]
    if mode == "none":
        raise RuleError("This ruleset has no points to spend against a wound (F95 4.64 no. 3 and "
                        "MUD 4.64 are options).", field="points_spent")
    if mode == "fudge":
        if not protected:
            raise RuleError("Fudge Points against death are for PCs (and major NPCs, if the GM "
                            "allows), not run-of-the-mill NPCs.", field="points_spent")
        if points_spent > 1:
            raise RuleError("One Fudge Point converts a deadly wound; spend only one.", field="points_spent")
        if not is_deadly(level, track=track, rules=rules):
            raise RuleError(f"A Fudge Point converts a deadly wound; {LEVEL_NAMES[level]} is not deadly.",
                            field="points_spent")
        lowered = min(level, VERY_HURT)
        if rules["wounds.fudge_deadly"] == "track":
            if level < NEAR_DEATH:
                steps.append(Step("F95 4.57", f"No open box from {LEVEL_NAMES[level]} to Incapacitated: the "
                                  f"{LEVEL_NAMES[level]} wound would leave the fighter Near Death, a deadly wound.",
                                  {"level": level}))
            # Read by what it does, a serious wound its full boxes still push to Near Death would
            # buy nothing: the point leaves the fighter short of Near Death (our reading).
            lowered = _fit_under(track, lowered, INCAPACITATED, rules)
        serious = min(level, VERY_HURT)
        steps.append(Step("F95 4.64", f"A Fudge Point converts the deadly {LEVEL_NAMES[level]} wound to a "
                          f"merely serious one: {LEVEL_NAMES[lowered]}"
                          + ("." if lowered == serious else ", as the boxes leave the fighter short of Near Death."),
                          {"level": level, "lowered_to": lowered}))
        level = lowered
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
    return level


def _fit_under(track: WoundTrack, level: int, limit: int, rules: RuleSet) -> int:
    """The worst wound ≤ ``level`` whose recording leaves the track at ``limit`` or better."""
    for wound in range(level, UNDAMAGED, -1):
        if track.rules_of_kind.worst_after(track, wound, rules) <= limit:
            return wound
    return UNDAMAGED


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
    text = (f"Willpower {ladder.name(result)}: the {LEVEL_NAMES[level]} wound becomes "
            f"{LEVEL_NAMES[new] if new else 'nothing'} ({when})." if new != level
            else f"Willpower {ladder.name(result)}: no change to the {LEVEL_NAMES[level]} wound.")
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
    return track.rules_of_kind.check_level(track)


def damage_checks_in_use(rules: RuleSet) -> bool:
    """Does a wounded fighter make a damage check (Combat Options 4.3, ``co.damage_check``)? The
    exchange asks for its dice, and the encounter's view offers their entry, by this."""
    return bool(rules["co.damage_check"])


# Nine parameters: the check's own inputs (CO 4.3) and the recovery's (CO 4.4), keyword-only.
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
            rounds_out = need_count(rounds_out, "rounds_out")
            damage_points = need_count(damage_points, "damage_points")
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

def set_box(track: WoundTrack, row: Any, index: Any, value: Any, *, field: str = "box") -> RecordOutcome:
    """Mark or clear one box by hand: the GM's override of what the dice recorded (F95 4.57).

    ``row`` counts the track's rows from the lightest (0 = Scratch, or Terrible on the CO 3
    track), ``index`` the box in that row. ``value`` is 0 to clear; on a boxed track the severity
    written there — the row's own level, or a lighter one for an overflow mark like the book's "H"
    — and on the CO 3 track 1. A Damage Capacity record has no boxes to tap.
    """
    if not track.rules_of_kind.has_boxes:
        raise RuleError("A Damage Capacity record has no boxes; record or heal a wound instead.", field=field)
    row = need_count(row, f"{field}.row")
    index = need_count(index, f"{field}.index")
    if row >= len(track.marks) or index >= len(track.marks[row]):
        raise RuleError(f"This track has no box {index + 1} in row {row + 1}.", field=field)
    allowed, level, label = track.rules_of_kind.settable(row)
    if isinstance(value, bool) or value not in allowed:
        raise RuleError(f"A {label} box holds one of {', '.join(map(str, allowed))}, not {value!r}.",
                        field=f"{field}.value")
    marks = list(track.marks)
    marks[row] = marks[row][:index] + (value,) + marks[row][index + 1:]
    after = replace(track, marks=tuple(marks))
    # A CO 3 box holds 1, not a severity: marked plainly, like a wound of the box's own level.
    what = "cleared" if value == 0 else (
        "marked" if value == level or allowed == (0, 1) else f"marked {LEVEL_NAMES[value][0]}")
    step = Step("F95 4.57", f"GM override: {label} box {index + 1} {what}.",
                {"row": row, "index": index, "value": value})
    return RecordOutcome(after, (level, index), UNDAMAGED, level if value else UNDAMAGED,
                         track.worst, after.worst, (step,))
