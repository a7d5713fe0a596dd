"""The players' account of the fight: whose turn it is and the last results, as players may see them.

The GM's log is not for players: its lines name every wound, skill level and weapon, also of an
NPC whose sheet the GM hides (:mod:`pyfudge.encounter.players`). This account is made for them
from the encounter's states and the events that made them, and names only what they see:

- ``turn``: the pair the round form suggests next (:func:`pyfudge.encounter.view.next_pair`), by
  name: "Next: Brenna vs Goblin 2", "Next: Brenna" (a story element), "The round is over".
- ``results``: the last results (:data:`~pyfudge.encounter.players.MAX_RESULTS`), newest first,
  each with its round, a title ("Brenna vs Goblin 1"), the dice each roller rolled (dice are
  public at the table: "[+ + 0 −] +1"), and the outcome in words: who hit whom, and each
  fighter's state before and after as the players see it — an NPC whose wounds are hidden by the
  players' word only ("Goblin 1: unhurt → badly hurt"), never a wound level, skill level, weapon,
  shield, damage or relative degree of his.

Undone events are not among the states, so an undone result leaves the account; a redone one
comes back. A mark, wound or healing by the GM that changes nothing players see of a hidden
track is left out (nothing of it shows).
"""

from __future__ import annotations

from typing import Any

from ..core import ladder
from .log import Encounter
from .players import MAX_RESULTS, RESULT_KINDS, hurt_word, payload, read
from .players_see import shown
from .round_view import change_line, dice_parts
from .state import Combatant, State
from .view import next_pair, status_text

_BY_HAND = ("box", "wound", "heal")


def account(enc: Encounter, *, limit: int = MAX_RESULTS) -> dict[str, Any]:
    """``{turn, results}`` of an encounter, as the players may see them (the module's docstring)."""
    events = applied(enc.log)
    results: list[dict[str, Any]] = []
    for i in range(len(enc.states) - 1, 0, -1):
        if len(results) >= limit:
            break
        last = enc.states[i].last or {}
        if last.get("kind") in RESULT_KINDS:
            told = _result(enc.states[i - 1], enc.states[i], events[i - 1])
            if told is not None:
                results.append(told)
    return {"turn": turn(enc), "results": results}


def applied(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events that made the encounter's states after the first, in order: the log with its
    undone events taken out (an undo takes back the last applied, a redo puts back the last
    undone, a new event forgets what was undone), as :class:`Encounter` applies it."""
    stack: list[dict[str, Any]] = []
    undone: list[dict[str, Any]] = []
    for event in log:
        if event.get("t") == "undo":
            undone.append(stack.pop())
        elif event.get("t") == "redo":
            stack.append(undone.pop())
        else:
            stack.append(event)
            undone.clear()
    return stack


def turn(enc: Encounter) -> dict[str, Any]:
    """Whose turn it is: ``{a, b, round_over, text}``, the round form's next pair by name."""
    if enc.state.over:
        return {"a": None, "b": None, "round_over": True, "text": "The battle is over."}
    pair = next_pair(enc)
    names = {c.id: c.fighter.name for c in enc.state.combatants}
    a, b = pair["a"], pair["b"]
    if pair["round_over"] or a is None:
        return {"a": None, "b": None, "round_over": True, "text": "The round is over."}
    text = f"Next: {names[a]}" + (f" vs {names[b]}" if b is not None else "")
    return {"a": a, "b": b, "round_over": False, "text": text}


def _sees(c: Combatant, state: State, part: str) -> bool:
    return part in shown(c.fighter.role, state.players_see)


def _status(c: Combatant, state: State) -> str:
    """His state as the players' card shows it: the track's status, or the word hiding it."""
    track = c.fighter.track_for(state.rules)
    if not _sees(c, state, "wounds"):
        return hurt_word(track)
    return status_text(track, track.view(rules=state.rules, pain=c.fighter.pain_threshold))


def _result(before: State, after: State, event: dict[str, Any]) -> dict[str, Any] | None:
    last = after.last or {}
    kind = last["kind"]
    names = {c.id: c.fighter.name for c in before.combatants}
    dice = [{"id": cid, "name": name, "dice": text} for cid, name, text in dice_parts(event, names)]
    lines: list[str] = []
    if kind in ("exchange", "group", "ranged"):
        if kind == "exchange":
            who, title = [last["a"], last["b"]], f"{names[last['a']]} vs {names[last['b']]}"
        elif kind == "group":
            who = [last["lone"], *last["foes"]]
            title = f"{names[last['lone']]} against {', '.join(names[f] for f in last['foes'])}"
        else:
            who = [last["shooter"], last["target"]]
            title = f"{names[last['shooter']]} shoots at {names[last['target']]}"
        lines = _blows(after, last) + _changes(before, after, who, last, quiet=False)
    elif kind == "story":
        c = after.find(last["id"])
        title = f"{c.fighter.name}'s story roll"
        # The result is his skill and the dice: named only where the players see his skills.
        lines = [f"{c.fighter.name} gets {ladder.name(last['outcome']['result'])}." if _sees(c, after, "skills")
                 else "The GM tells what it means."]
    elif kind == "initiative":
        title = f"Initiative: {names[last['a']]} vs {names[last['b']]}"
        lines = [f"{names[last['first']]} attacks first." if last["first"] else "A tie: roll again."]
    elif kind in _BY_HAND:
        title = "Healing" if kind == "heal" else "The GM marks the wounds"
        lines = _changes(before, after, [last["id"]], last, quiet=True)
        if not lines:
            return None
    else:  # end_battle
        title, lines = "End of battle", ["Scratches and stuns clear."]
    return {"round": before.round, "kind": kind, "title": title,
            "dice": dice, "lines": lines}


def _blows(after: State, last: dict[str, Any]) -> list[str]:
    """Who hit whom, and blows a shield stopped (named a shield only where the players see the
    defender's weapons); no degree, damage or wound here: the changes tell the wounds."""
    outcome = last.get("outcome") or {}
    by_name = {c.fighter.name: c for c in after.combatants}
    lines = [f"{b['attacker']} hits {b['defender']}." for b in outcome.get("blows", [])]
    for block in outcome.get("blocks", []):
        defender = by_name.get(block["defender"])
        lines.append(f"{block['defender']}'s shield stops {block['attacker']}'s blow."
                     if defender is not None and _sees(defender, after, "weapons")
                     else f"{block['attacker']}'s blow does not get through.")
    return lines or ["No one is hurt."]


def _changes(before: State, after: State, ids: list[str], last: dict[str, Any], *, quiet: bool) -> list[str]:
    """Each of ``ids`` the event touched, before → after as the players see him: "Goblin 1 took
    Hurt: Undamaged → Hurt −1" where they see his wounds, "Goblin 1: unhurt → wounded" where they
    do not. ``quiet``: leave out a fighter whose hidden track changed nothing players see."""
    blows = (last.get("outcome") or {}).get("blows") or []
    old = {c.id: c for c in before.combatants}
    lines = []
    for cid in dict.fromkeys(ids):
        c, was = after.find(cid), old.get(cid)
        if was is None:
            continue
        moved = was.fighter.track_for(before.rules) != c.fighter.track_for(after.rules)
        struck = any(b.get("defender") == c.fighter.name for b in blows)
        if not (moved or struck):
            continue
        sees = _sees(c, after, "wounds")
        then, now = _status(was, before), _status(c, after)
        if quiet and not sees and then == now:
            continue
        took = ([("stunned" if b.get("stun") else b.get("level_name", "")) for b in blows
                 if b.get("defender") == c.fighter.name] if sees else [])
        lines.append(change_line(c.fighter.name, [t for t in took if t], then, now) + ".")
    return lines


def players_view(enc: Encounter) -> dict[str, Any]:
    """The players' view of an open encounter with its account: what the players' link carries
    and each seat of the live table is sent (:func:`pyfudge.encounter.players.read` of its
    payload, its ``turn`` and ``results`` filled in)."""
    return {**read(payload(enc.state)), **account(enc)}

