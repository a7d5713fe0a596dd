"""The encounter's events on one fighter's wound track, by the GM's hand: ``box`` (a box marked or
cleared), ``wound`` (a wound recorded) and ``heal`` (one of :func:`pyfudge.rules.healing.heal_ways`),
each with its log line in plain words (:mod:`pyfudge.encounter.log` applies them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..core import ladder
from ..core.errors import RequestError
from ..core.ruleset import RuleSet
from ..rules import healing, wounds
from ..rules.wound_levels import TrackKind
from .state import State


def _track_event(state: State, event: dict, change: Callable[[wounds.WoundTrack, RuleSet], Any],
                 kind: str, text: str) -> State:
    c = state.find(event.get("id"))
    outcome = change(c.fighter.track_for(state.rules), state.rules)
    fighter = c.fighter.with_track(outcome.track)
    return replace(state.put(replace(c, fighter=fighter)),
                   last={"kind": kind, "id": c.id, "outcome": outcome.to_dict(),
                         "text": f"{c.fighter.name}: {text}."})



def box(state: State, event: dict) -> State:
    after = _track_event(
        state, event,
        lambda t, r: wounds.set_box(t, event.get("row"), event.get("index"), event.get("value"), field="box"),
        "box", "a box set by the GM")
    # In the log's plain words: which box the GM marked or cleared by hand.
    c = after.find(event.get("id"))
    track = c.fighter.track_for(after.rules)
    rows = track.view(rules=after.rules, pain=c.fighter.pain_threshold).get("rows") or []
    row = next((r for i, r in enumerate(rows) if r.get("row", i) == event.get("row")), None)
    if row is None:
        return after
    value = event.get("value")
    verb = "clears" if not value else "marks"
    # A lighter wound overflowed into a heavier row's box (F95 4.57's "H") says which it is; a CO 3
    # box holds a damage point (CO 3.1), and its row's level is a ladder rung, not a wound level.
    overflow = (f" with {wounds.LEVEL_NAMES[value]}" if value and track.kind != TrackKind.CO
                and row.get("level") not in (None, value)
                and isinstance(value, int) and 0 < value < len(wounds.LEVEL_NAMES) else "")
    text = f"{c.fighter.name}: the GM {verb} {row['name']} box {event.get('index', 0) + 1}{overflow}."
    return replace(after, last={**(after.last or {}), "text": text})



def wound(state: State, event: dict) -> State:
    level = wounds.check_wound_level(event.get("level"), field="level", low=wounds.SCRATCH)
    return _track_event(state, event, lambda t, r: wounds.record_wound(t, level, rules=r),
                        "wound", f"the GM records {wounds.LEVEL_NAMES[level]}")



def heal(state: State, event: dict) -> State:
    """One fighter heals by one of :func:`healing.heal_ways`; the log line says which wounds became
    what and by which way ("Brenna: Very Hurt → Hurt, Hurt → healed, by a Good healer's result.")."""
    how = event.get("how", "skill")
    c = state.find(event.get("id"))
    track = c.fighter.track_for(state.rules)
    name = c.fighter.name
    if how in ("skill", "co"):
        result = ladder.check_level(ladder.parse(event.get("result"), field="result"), field="result")
    if how == "skill":
        outcome = healing.heal(track, result, rules=state.rules)
        if not healing.levels_for(result, rules=state.rules):
            text = f"{name}: a {ladder.name(result)} healer's result heals nothing (Good or better is needed)."
        else:
            changed = healing.said(outcome) or "no wounds to heal"
            text = f"{name}: {changed}, by a {ladder.name(result)} healer's result."
    elif how == "co":
        outcome = healing.heal_co(track, result, rules=state.rules)
        if track.co_level is None:
            text = f"{name}: no boxes marked, nothing to heal."
        else:
            (marked,), (left,) = outcome.before, outcome.after
            text = (f"{name}: {marked} marked box{'es' if marked != 1 else ''} → {left}, by a {ladder.name(result)} "
                    f"healer's check against {ladder.name(track.co_level, legendary=True)}.")
    elif how == "natural":
        outcome = healing.natural_healing(track, rules=state.rules, weeks=event.get("weeks", 1),
                                          rolls=event.get("rolls"))
        text = _rest_text(name, outcome, event.get("weeks", 1))
    elif how == "scratches":
        outcome = healing.clear_scratches(track, rules=state.rules)
        stun = f"{wounds.STUN_NAMES[track.stun]} → cleared" if track.stun else ""
        parts = [p for p in (healing.said(outcome), stun) if p]
        text = f"{name}: {', '.join(parts) or 'no Scratches or stuns to clear'}."
    elif how == "wake":
        outcome = healing.wake_up(track)
        text = f"{name}: Knocked out → comes round."
    else:
        raise RequestError("how must be skill, natural, scratches, wake or co.", field="how")
    fighter = c.fighter.with_track(outcome.track)
    return replace(state.put(replace(c, fighter=fighter)),
                   last={"kind": "heal", "id": c.id, "outcome": outcome.to_dict(), "text": text})


def _rest_text(name: str, outcome: healing.HealOutcome, weeks: int) -> str:
    """Weeks of rest in words: what each wound became, and why a week healed nothing (a failed
    Constitution roll, F95 4.8; Near Death, F95 4.51)."""
    span = f"{weeks} week{'s' if weeks != 1 else ''} of rest"
    why = [f"Constitution {ladder.name(s.data['roll'])} against {ladder.name(s.data['difficulty'])}"
           for s in outcome.steps if "roll" in s.data and s.data["roll"] < s.data["difficulty"]]
    if any("Near Death" in s.text for s in outcome.steps):
        why.append("no one recovers from Near Death on their own")
    reason = f" ({'; '.join(why)})" if why else ""
    changed = healing.said(outcome)
    if changed:
        return f"{name}: {changed}, after {span}{reason}."
    return f"{name}: still {wounds.LEVEL_NAMES[outcome.worst_after]} after {span}{reason}."
