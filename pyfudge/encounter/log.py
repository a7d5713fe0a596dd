"""The encounter: a ruleset, its combatants and an append-only log of events.

The state is the replay of the log: dice faces are in the log, so the same log gives the same
fight on any device. :class:`Encounter` keeps one state per applied event, so applying an event
costs one rule resolution (not a replay), and undo/redo only move along that stack. Undo and redo
are themselves logged, so the log stays append-only and a replay lands on the same state.

Events (JSON objects with ``"t"``):

- ``add`` ``{fighter, side?, count?, names?}`` — ``count`` fighters of one sheet (default 1),
  named by :func:`numbered_names` ("Goblin" ×4 → "Goblin 1" … "Goblin 4"; a name in use
  takes the next number). The logged event holds the ``names`` given (:func:`remembered`)
- ``edit`` ``{id, fighter, side?}`` (a name in use is refused) / ``remove`` ``{id}``
- ``rules`` ``{ruleset}`` — the GM switches preset, options or tables
- ``exchange`` ``{kind: round|attack, a, b, a_declares?, b_declares?, a_dice?, b_dice?}`` — one
  simultaneous round or alternating attack between two combatants (F95 4.22–4.32). Under
  alternating turns the round remembers who attacked, defended all-out or went hasty (F95 4.23):
  an all-out defender's attack that round is refused, and the hasty −1 is written into the
  logged event (:func:`remembered`)
- ``group`` ``{lone, foes, lone_declares?, foe_declares?, lone_dice?, foe_dice?, group_roll?, ignored?,
  targets?, space?}`` — one round of a lone fighter against several foes, one roll against each
  (F95 4.34, F93 4.64); ``group_roll`` is the GM's one roll for all the foes (``{}`` in a draft
  whose odds are asked before his dice are in: applying it asks for the roll). The lone fighter,
  who may take a wound from each foe, gives ``lone_dice.check`` (CO 4.3) and
  ``lone_declares.willpower`` (F95 4.52) as one entry, or a list with one per wound
- ``ranged`` ``{mode: unaware|aware|shoot_back, shooter, target, weapon?, burst?, difficulty,
  target_difficulty?, shooter_declares?, target_declares?, shooter_dice?, target_dice?}`` — one
  ranged exchange (F95 4.4, F93 4.65)
- ``initiative`` ``{a, b, a_dice?, b_dice?, surprise?: a|b, a_declares?, b_declares?}`` — alternating
  turns: who attacks first (F95 4.23); it holds for the round or the battle as ``melee.initiative``
  says. A declaration holds only ``hasty`` (+1 to initiative; −1 to attack and defend that round)
- ``story`` ``{id, rolls, modifier?, skill?}`` — under story pacing, one combatant's roll for a
  story element: one roll or three (F95 4.21, F93 4.61); the GM tells what the result means
- ``box`` ``{id, row, index, value}`` — the GM marks or clears one box by hand (F95 4.57)
- ``wound`` ``{id, level}`` — the GM records a wound of a level (F95 4.57)
- ``heal`` ``{id, how: skill|natural|scratches|wake|co, result?, weeks?, rolls?}`` — one of
  :func:`healing.heal_ways` (F95 4.8, 4.62; MUD 4.8; CO 3.2)
- ``end_battle`` — Scratches and stuns clear (F95 4.57, 4.62)
- ``next_round``; ``rename`` ``{name}``
- ``players`` ``{see}`` — which parts of an NPC's sheet the players' link and the table display
  show: some of ``skills``, ``weapons``, ``wounds`` (:mod:`pyfudge.encounter.players`); none before this event
- ``undo`` / ``redo``
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..combat import initiative
from ..combat.declaration import Declaration, FighterDice
from ..core import dice, ladder
from ..core.checks import REQUEST, replaying, stored_log
from ..core.errors import FudgeError, RequestError, RuleError
from ..core.options import PRESETS
from ..core.ruleset import RuleSet
from ..rules import actions, healing, story_elements
from ..rulesets import new_ruleset, ruleset_from_dict
from . import players_see, round_view, track_events
from .exchange import apply_exchange
from .rounds import apply_group, apply_ranged
from .state import (
    HASTY,
    HASTY_DEFENCE,
    MAX_COMBATANTS,
    ROLE_BY_SIDE,
    Combatant,
    EncounterError,
    State,
    acted_with,
    check_name,
    check_unique_name,
    declared_carry,
    did,
    fighter_of,
    must_act,
    names_for,
    refused_roles,
    side_of,
)

# A log longer than this is refused. A busy fight logs a few hundred events; 10,000 is a whole
# campaign's worth, and replaying it (about 0.3 ms an event in CPython, a few times that in
# Pyodide on a phone) stays within seconds when a link or file is opened.
MAX_EVENTS = 10_000
# Undo and redo are events too: past MAX_EVENTS a log keeps room for this many of them (a full
# log can still take back its last events), never for a new event.
UNDO_ROOM = 1_000
_TAKE_BACK = ("undo", "redo")



def _add(state: State, event: dict) -> State:
    if len(state.combatants) >= MAX_COMBATANTS:
        raise EncounterError(f"An encounter holds at most {MAX_COMBATANTS} combatants.", field="fighter")
    fighter = fighter_of(event, state)
    names = names_for(state, event, fighter)
    side = side_of(event, fighter)
    added = []
    for i, name in enumerate(names):
        try:
            one = fighter if name == fighter.name else replace(fighter, name=name)
        except FudgeError as err:
            raise RequestError(err.message, field=f"names[{i}]") from None
        added.append(Combatant(f"c{state.next_id + i}", one, side))
    joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return replace(state, combatants=state.combatants + tuple(added), next_id=state.next_id + len(added),
                   last={"kind": "add", "id": added[0].id, "ids": [c.id for c in added],
                         "text": f"{joined} {'joins' if len(names) == 1 else 'join'} the fight."})



def _edit(state: State, event: dict) -> State:
    old = state.find(event.get("id"))
    fighter = fighter_of(event, state)
    check_unique_name(state, fighter, keep=old.id)
    if fighter.track is None:  # an edit of the sheet keeps the wounds already taken
        fighter = replace(fighter, track=old.fighter.track)
    return replace(state.put(Combatant(old.id, fighter, side_of(event, fighter, old.side))),
                   last={"kind": "edit", "id": old.id, "text": f"{fighter.name} edited."})



def _remove(state: State, event: dict) -> State:
    old = state.find(event.get("id"))
    return replace(state, combatants=tuple(c for c in state.combatants if c.id != old.id),
                   last={"kind": "remove", "id": old.id, "text": f"{old.fighter.name} leaves the fight."})



def _rules(state: State, event: dict) -> State:
    rules = ruleset_from_dict(event.get("ruleset"), field="ruleset")
    return replace(state, rules=rules, last={"kind": "rules", "text": rules_change(state.rules, rules)})


# A rules change names at most this many changes, then how many more.
_NAMED_CHANGES = 3


def rules_change(old: RuleSet, new: RuleSet) -> str:
    """What a rules event changed, in the table's words: "Rules changed: Melee pacing: Alternating
    turns (F95 4.23)."; a new preset by its name, with the options changed from it."""
    if new.preset != old.preset:
        options = [new.table.options[key] for key in new.changed]
        parts = [f"the {PRESETS[new.preset]} preset"]
    else:
        options = [o for o in new.table.options.values() if old[o.key] != new[o.key]]
        parts = []
    for option in options:
        value = new[option.key]
        said = ("edited" if option.kind == "table" else ("on" if value else "off") if option.kind == "bool"
                else dict(option.choices).get(value, str(value)) if option.kind == "choice" else str(value))
        parts.append(f"{option.label}: {said}")
    if not parts:
        return "Rules set again, unchanged."
    more = len(parts) - _NAMED_CHANGES
    named = "; ".join(parts[:_NAMED_CHANGES]) + (f"; and {more} more" if more > 0 else "")
    return f"Rules changed: {named}."



def remembered(state: State, event: Any) -> Any:
    """An ``exchange`` event (kind attack, alternating turns) with what this round remembers
    written in. F95 4.23: "attack hastily (+1 to initiative that round) but be slightly off
    balance because of it (-1 to attack and defend that round)": an attacker who declared a
    hasty attack at this round's initiative roll attacks hastily (``a_declares.hasty``); a
    defender who attacked hastily this round, or declared it at the initiative roll, defends at
    −1 (:data:`HASTY_DEFENCE` in ``b_declares.defence_modifiers``; not when he declared ``hasty``
    on this defence himself, which counts the same −1). The encounter logs the event so and the
    door returns it to be stored, so a replay reads it as it was applied, in this build or
    another. An ``add`` or ``edit`` event gets the role its fighter takes when it gives none
    (:func:`_given_role`), an ``add`` the ``names`` its fighters are given (:func:`_added_names`).
    Idempotent; an event it cannot read is returned as it is, for the handler to refuse."""
    if isinstance(event, dict) and event.get("t") in ("add", "edit"):
        event = _given_role(state, event)
    if isinstance(event, dict) and event.get("t") == "add" and "names" not in event:
        return _added_names(state, event)
    if (not isinstance(event, dict) or event.get("t") != "exchange" or event.get("kind") != "attack"
            or state.rules["melee.pacing"] != "alternating"):
        return event
    out = dict(event)
    a_raw, b_raw = event.get("a_declares") or {}, event.get("b_declares") or {}
    if isinstance(a_raw, dict) and did(state, event.get("a"), HASTY) and not a_raw.get("hasty"):
        out["a_declares"] = {**a_raw, "hasty": True}
    mods = b_raw.get("defence_modifiers", []) if isinstance(b_raw, dict) else None
    if (isinstance(mods, list) and did(state, event.get("b"), HASTY) and not b_raw.get("hasty")
            and HASTY_DEFENCE.to_dict() not in mods):
        out["b_declares"] = {**b_raw, "defence_modifiers": [*mods, HASTY_DEFENCE.to_dict()]}
    return out if out != event else event



def _given_role(state: State, event: dict) -> dict:
    """An ``add`` or ``edit`` event whose fighter gives no role, with the role he takes written in:
    an edited fighter keeps his own, as he keeps his wounds; an added one takes his side's
    (:data:`ROLE_BY_SIDE`: a foe is an NPC), a player character when no side is given. A log
    stored before the side gave the role is read as it was logged (added so, he is a player
    character; the share screen names whom the players see whole)."""
    fighter = event.get("fighter")
    if not isinstance(fighter, dict) or "role" in fighter:
        return event
    if event["t"] == "edit":
        old = next((c for c in state.combatants if c.id == event.get("id")), None)
        role = None if old is None else old.fighter.role
    else:
        side = event.get("side", "players")
        role = ROLE_BY_SIDE.get(side) if isinstance(side, str) else None  # a bad side is the handler's to refuse
    # Read without one, he is a player character (Fighter.from_dict): only another role is written.
    return event if role in (None, "pc") else {**event, "fighter": {**fighter, "role": role}}



def _added_names(state: State, event: dict) -> dict:
    """An ``add`` event with the ``names`` its fighters get written in, when they are not simply
    the sheet's name (several of him, or a name in use: :func:`numbered_names`), so that a
    replay in any build names them as they were named."""
    try:
        fighter = fighter_of(event, state)
        names = names_for(state, event, fighter)
    except FudgeError:
        return event  # the handler refuses it
    return event if names == [fighter.name] else {**event, "names": names}



def _initiative(state: State, event: dict) -> State:
    """Who attacks first in alternating turns (F95 4.23): :func:`initiative.resolve_initiative`. A
    tie is no winner ("roll again"). ``melee.initiative`` says whether it holds for this round or
    the whole battle: :func:`_initiatives` reads it."""
    rules = state.rules
    if rules["melee.pacing"] != "alternating":
        raise RuleError("Initiative decides who attacks first in alternating turns (F95 4.23).", field="t")
    a, b = state.find(event.get("a"), "a"), state.find(event.get("b"), "b")
    if a.id == b.id:
        raise EncounterError("Initiative is rolled between two combatants.", field="b")
    must_act(state, a, "a")
    must_act(state, b, "b")
    surprise = event.get("surprise")
    if surprise not in (None, "a", "b"):
        raise RequestError("surprise must be a or b.", field="surprise")
    a_hasty, b_hasty = _hasty(state, a, event, "a_declares"), _hasty(state, b, event, "b_declares")
    result = initiative.resolve_initiative(
        a.fighter, b.fighter, rules=rules, surprise=surprise,
        a_dice=FighterDice.from_dict(event.get("a_dice"), rules=rules, field="a_dice"),
        b_dice=FighterDice.from_dict(event.get("b_dice"), rules=rules, field="b_dice"),
        a_declares=Declaration(hasty=a_hasty), b_declares=Declaration(hasty=b_hasty))
    first = {"a": a, "b": b}.get(result.first or "")
    kept = tuple(k for k in state.initiative if {k[0], k[1]} != {a.id, b.id})
    text = (f"Initiative, {a.fighter.name} vs {b.fighter.name}: "
            + (f"{first.fighter.name} attacks first." if first else "a tie, roll again."))
    acts = acted_with(state, [(c.id, HASTY) for c, hasty in ((a, a_hasty), (b, b_hasty)) if hasty])
    return replace(state, initiative=kept + ((a.id, b.id, first.id, state.round),) if first else kept, acts=acts,
                   last={"kind": "initiative", "a": a.id, "b": b.id, "first": first.id if first else None,
                         "outcome": result.to_dict(), "text": text})



def _hasty(state: State, c: Combatant, event: dict, where: str) -> bool:
    """An initiative event's declaration: only ``hasty`` (F95 4.23: "attack hastily (+1 to
    initiative that round)"), which :func:`remembered` then carries to his attack and defences."""
    raw = event.get(where)
    if raw is None:
        return False
    REQUEST.obj(raw, where, ("hasty",), at_key=True)
    hasty = REQUEST.flag(raw.get("hasty", False), f"{where}.hasty")
    why = refused_roles(c.fighter, declared_carry(state, c, None, where)[0], state.rules).get("attacker")
    if hasty and why:
        raise EncounterError(f"{c.fighter.name} cannot attack, hastily or not: {why}.", field=f"{where}.hasty")
    return hasty



def _story(state: State, event: dict) -> State:
    """A story element (F95 4.21; F93 4.61): the combat skill with the GM's modifier (−3…+3),
    one roll or three combined by ``actions.story_aggregate``; the GM narrates the outcome."""
    c = state.find(event.get("id"))
    must_act(state, c, "id")
    rolls = event.get("rolls")
    if not isinstance(rolls, list) or len(rolls) not in (1, 3):
        raise RequestError("rolls must list one roll or three.", field="rolls")
    read = []
    for i, raw in enumerate(rolls):
        if not isinstance(raw, dict) or set(raw) - {"faces", "total"}:
            raise RequestError(f"rolls[{i}] must be an object with faces or a total.", field=f"rolls[{i}]")
        read.append(dice.read_action(rules=state.rules, faces=raw.get("faces"), total=raw.get("total"),
                                     field=f"rolls[{i}]"))
    amount = event.get("modifier", 0)
    if isinstance(amount, bool) or not isinstance(amount, int) or abs(amount) > story_elements.STORY_MODIFIER_LIMIT:
        raise RequestError("modifier must be a whole number from −3 to +3.", field="modifier")
    skill = event.get("skill")
    if skill is not None and not isinstance(skill, str):
        raise RequestError("skill must name one of their skills.", field="skill")
    level = c.fighter.skill(skill)
    # F95 4.21: the GM's one modifier (−3…+3) already weighs "fatigue, lighting, footing,
    # surprise, ... wounds", so no wound penalty is added on top.
    mods = (actions.Modifier("GM's modifier", amount, "F95 4.21"),) if amount else ()
    outcome = story_elements.story_element(actions.Check(level, mods), read, rules=state.rules)
    text = (f"Round {state.round}, story element: {c.fighter.name} gets "
            f"{ladder.name(outcome.result)}.")
    return replace(state, last={"kind": "story", "id": c.id, "outcome": outcome.to_dict(), "text": text})



def _end_battle(state: State, event: dict) -> State:
    after = state
    for c in state.combatants:
        outcome = healing.end_of_battle(c.fighter.track_for(state.rules), rules=state.rules)
        after = after.put(replace(c, fighter=c.fighter.with_track(outcome.track)))
    return replace(after, carry=(), stunned=(), initiative=(), acts=(), round=1, over=True,
                   last={"kind": "end_battle", "text": "End of battle: Scratches and stuns clear."})



def _rename(state: State, event: dict) -> State:
    name = check_name(event.get("name"))
    return replace(state, name=name, last={"kind": "rename", "text": f"Renamed to {name!r}."})



def _players(state: State, event: dict) -> State:
    see = players_see.check_see(event.get("see"), field="see")
    shown = ", ".join(players_see.LABELS[p] for p in see)
    text = f"Players now see NPCs' {shown}." if see else "Players now see only NPCs' names and how hurt they look."
    return replace(state, players_see=see, last={"kind": "players", "text": text})



def _next_round(state: State, event: dict) -> State:
    return replace(state, round=state.round + 1,
                   last={"kind": "next_round", "text": f"Round {state.round + 1} begins."})



HANDLERS: dict[str, Callable[[State, dict], State]] = {
    "add": _add, "edit": _edit, "remove": _remove, "rules": _rules, "exchange": apply_exchange,
    "group": apply_group, "ranged": apply_ranged, "story": _story, "initiative": _initiative,
    "box": track_events.box, "wound": track_events.wound, "heal": track_events.heal,
    "end_battle": _end_battle, "next_round": _next_round, "rename": _rename,
    "players": _players,
}
EVENT_KINDS = tuple(HANDLERS) + ("undo", "redo")
# The events that fight: after the end of battle, one of them starts the next battle.
_FIGHTING = frozenset({"exchange", "group", "ranged", "story", "initiative", "next_round"})


# The fields each event may carry besides "t"; any other is refused, so a log holds nothing a
# replay ignores.
EVENT_FIELDS: dict[str, frozenset[str]] = {
    "add": frozenset({"fighter", "side", "count", "names"}),
    "edit": frozenset({"id", "fighter", "side"}),
    "remove": frozenset({"id"}),
    "rules": frozenset({"ruleset"}),
    "exchange": frozenset({"kind", "a", "b", "a_declares", "b_declares", "a_dice", "b_dice"}),
    "group": frozenset({"lone", "foes", "lone_declares", "foe_declares", "lone_dice", "foe_dice", "group_roll",
                        "ignored", "targets", "space"}),
    "ranged": frozenset({"mode", "shooter", "target", "weapon", "burst", "difficulty", "target_difficulty",
                         "shooter_declares", "target_declares", "shooter_dice", "target_dice"}),
    "story": frozenset({"id", "rolls", "modifier", "skill"}),
    "initiative": frozenset({"a", "b", "a_dice", "b_dice", "surprise", "a_declares", "b_declares"}),
    "box": frozenset({"id", "row", "index", "value"}),
    "wound": frozenset({"id", "level"}),
    "heal": frozenset({"id", "how", "result", "weeks", "rolls"}),
    "end_battle": frozenset(), "next_round": frozenset(), "rename": frozenset({"name"}),
    "players": frozenset({"see"}),
    "undo": frozenset(), "redo": frozenset(),
}



def event_kind(event: Any) -> str:
    """The type ``t`` of an event, one of :data:`EVENT_KINDS`; every door that reads an event
    (applying it, weighing its odds) reads its type here, so each refuses a bad one alike."""
    if not isinstance(event, dict):
        raise RequestError("An event must be an object with a type t.", field="event")
    if "t" not in event:
        raise RequestError("An event needs a type t (add, exchange, wound, heal, undo…).", field="event.t")
    kind = event["t"]
    if not isinstance(kind, str):
        what = ("a list" if isinstance(kind, list) else "an object" if isinstance(kind, dict)
                else "null" if kind is None else "true or false" if isinstance(kind, bool) else "a number")
        raise RequestError(f"An event's type t must be text (add, exchange, wound, heal, undo…), not {what}.",
                           field="event.t")
    if kind not in EVENT_KINDS:
        raise RequestError(f"Unknown event type {kind[:20]!r}.", field="event.t")
    return kind


class Encounter:
    """An encounter in memory: its log, and the states the log passes through.

    ``states[-1]`` is the current state; ``redo`` holds undone states, newest last.
    """

    def __init__(self, *, name: str = "Encounter", ruleset: RuleSet | None = None) -> None:
        self.name = check_name(name)
        self.start = ruleset or new_ruleset()
        self.log: list[dict[str, Any]] = []
        self.states: list[State] = [State(self.start, self.name)]
        self.redo: list[State] = []
        self.lines: list[str] = []  # the readable log, one line per event
        self.dice: list[str] = []  # the dice of each line's event ("" for none)
        self.details: list[dict[str, Any] | None] = []  # each line's outcome, to explain it again

    @property
    def state(self) -> State:
        return self.states[-1]

    def apply(self, event: Any) -> State:
        """Validate and apply one event; on a bad event raise ``FudgeError`` and change nothing."""
        kind = event_kind(event)
        extra = set(event) - {"t"} - EVENT_FIELDS[kind]
        if extra:
            key = min(extra, key=str)
            raise RequestError(f"A {kind} event has no field {str(key)[:40]!r}.", field=f"event.{str(key)[:40]}")
        if len(self.log) >= MAX_EVENTS + UNDO_ROOM:
            raise EncounterError(f"An encounter's log holds at most {MAX_EVENTS:,} events and {UNDO_ROOM:,} undos "
                                 "or redos past them; start a new encounter.", field="event")
        if len(self.log) >= MAX_EVENTS and kind not in _TAKE_BACK:
            raise EncounterError(f"An encounter's log holds at most {MAX_EVENTS:,} events; start a new "
                                 "encounter.", field="event")
        if kind == "undo":
            if len(self.states) == 1:
                raise EncounterError("There is nothing to undo.", field="event")
            undone = self.states.pop()
            self.redo.append(undone)
            self.lines.append(f"Undo: {_text(undone)}")
            self._entry("", None)
        elif kind == "redo":
            if not self.redo:
                raise EncounterError("There is nothing to redo.", field="event")
            self.states.append(self.redo.pop())
            self.lines.append(f"Redo: {_text(self.state)}")
            self._entry("", None)
        else:
            if not replaying():  # a stored log is read as it was logged (see remembered)
                event = remembered(self.state, event)
            try:
                new = HANDLERS[kind](self.state, event)
            except FudgeError as err:
                err.at("event")  # the same error, its field put under the event
                raise
            if new.over and kind in _FIGHTING:
                new = replace(new, over=False)
            names = {c.id: c.fighter.name for c in self.state.combatants}
            self.states.append(new)
            self.redo.clear()
            self.lines.append(_text(new))
            self._entry(round_view.dice_line(event, names), new.last)
        self.log.append(event)
        return self.state

    def _entry(self, dice: str, detail: dict[str, Any] | None) -> None:
        self.dice.append(dice)
        self.details.append(detail if detail and detail.get("outcome") else None)

    def explain(self, index: Any) -> dict[str, Any]:
        """Log entry ``index`` again: its line, dice and worked explanation (the steps)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.lines):
            raise RequestError(f"index must be a log entry, 0 to {len(self.lines) - 1}.", field="index")
        detail = self.details[index]
        steps = (detail or {}).get("outcome", {}).get("steps", [])
        return {"index": index, "text": self.lines[index], "dice": self.dice[index], "steps": steps}

    def log_document(self, fmt: Any) -> str:
        """The log as ``text`` or ``markdown`` for the group's chat or notes."""
        if fmt not in ("text", "markdown"):
            raise RequestError("format must be text or markdown.", field="format")
        # What was undone is left out, with the Undo and Redo lines: the table's record is the
        # fight as it stands, not the GM's corrections.
        live = self.live_lines()
        return round_view.log_document(self.state.name, [self.lines[i] for i in live],
                                       [self.dice[i] for i in live], fmt)

    def live_lines(self) -> list[int]:
        """The log lines of the events that stand now: not undone, not an Undo or Redo line."""
        done: list[int] = []
        undone: list[int] = []
        for i, event in enumerate(self.log):
            kind = event.get("t")
            if kind == "undo":
                undone.append(done.pop())
            elif kind == "redo":
                done.append(undone.pop())
            else:
                done.append(i)
                undone.clear()
        return done

    def taken_back(self) -> list[int]:
        """The log lines of the events undone and not redone."""
        live = set(self.live_lines())
        return [i for i, event in enumerate(self.log) if event.get("t") not in _TAKE_BACK and i not in live]

    # -- storage ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """What is stored and shared: the starting name and ruleset, and the log."""
        return {"name": self.name, "ruleset": self.start.to_dict(), "log": list(self.log)}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "encounter") -> Encounter:
        """Rebuild an encounter by replaying its log; a bad entry is an error naming it."""
        if not isinstance(data, dict) or set(data) - {"name", "ruleset", "log"}:
            raise RequestError("An encounter is an object with name, ruleset and log.", field=field)
        log = data.get("log", [])
        if not isinstance(log, list):
            raise RequestError("The encounter's log must be a list.", field=f"{field}.log")
        # Checked before the replay: past MAX_EVENTS, only undos and redos (UNDO_ROOM of them).
        if len(log) > MAX_EVENTS and (len(log) > MAX_EVENTS + UNDO_ROOM or any(
                not isinstance(e, dict) or e.get("t") not in _TAKE_BACK for e in log[MAX_EVENTS:])):
            raise RequestError(f"An encounter's log holds at most {MAX_EVENTS:,} events (and {UNDO_ROOM:,} undos "
                               f"or redos past them), this one {len(log):,}.", field=f"{field}.log")
        # A stored log is read as the build that wrote it read it (checks.stored_log).
        with stored_log():
            try:
                enc = cls(name=data.get("name", "Encounter"),
                          ruleset=ruleset_from_dict(data.get("ruleset", {}), field="ruleset"))
            except FudgeError as err:
                err.at(field)  # the same error, its field put under the event
                raise
            for i, event in enumerate(log):
                try:
                    enc.apply(event)
                except FudgeError as err:
                    err.at(f"{field}.log[{i}]")  # the same error, its field put under the event
                    raise
        return enc


def _text(state: State) -> str:
    return state.last["text"] if state.last else ""
