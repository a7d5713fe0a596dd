"""The encounter: a ruleset, its combatants and an append-only log of events.

The state is the replay of the log: dice faces are in the log, so the same log gives the same
fight on any device. :class:`Encounter` keeps one state per applied event, so applying an event
costs one rule resolution (not a replay), and undo/redo only move along that stack. Undo and redo
are themselves logged, so the log stays append-only and a replay lands on the same state.

Events (JSON objects with ``"t"``):

- ``add`` ``{fighter, side?}`` / ``edit`` ``{id, fighter, side?}`` / ``remove`` ``{id}``
- ``rules`` ``{ruleset}`` — the GM switches preset, options or tables
- ``exchange`` ``{kind: round|attack, a, b, a_declares?, b_declares?, a_dice?, b_dice?}`` — one
  simultaneous round or alternating attack between two combatants (F95 4.22–4.32)
- ``box`` ``{id, row, index, value}`` — the GM marks or clears one box by hand (F95 4.57)
- ``wound`` ``{id, level}`` — the GM records a wound of a level (F95 4.57)
- ``heal`` ``{id, how: skill|natural|co, result?, weeks?, rolls?}`` (F95 4.8; MUD 4.8; CO 3.2)
- ``end_battle`` — Scratches and stuns clear (F95 4.57, 4.62)
- ``next_round``; ``rename`` ``{name}``
- ``undo`` / ``redo``
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from . import healing, ladder, wounds
from .combat import attack
from .combat.attack import Carry, Declaration, FighterDice
from .combat.fighter import Fighter
from .errors import FudgeError, RequestError, RuleError
from .factors import Factors, defensive_factors, offensive_factors
from .rulesets import RuleSet

SIDES = ("players", "foes")
MAX_COMBATANTS = 40
MAX_NAME = 80
# A log longer than this is refused. A busy fight logs a few hundred events; 10,000 is a whole
# campaign's worth, and replaying it (about 0.3 ms an event in CPython, a few times that in
# Pyodide on a phone) stays within seconds when a link or file is opened.
MAX_EVENTS = 10_000
MAX_ID = 16  # combatant ids are "c1", "c2", …


class EncounterError(RuleError):
    """An event the encounter cannot apply (unknown combatant, nothing to undo…)."""


@dataclass(frozen=True)
class Combatant:
    """A fighter in this encounter, with a stable id and the side he fights on."""

    id: str
    fighter: Fighter
    side: str = "players"


@dataclass(frozen=True)
class State:
    """The encounter after some events. ``carry``: modifiers an exchange left for each
    fighter's next exchange (F95 4.23, 4.31); ``stunned``: (id, status, last round it lasts)."""

    rules: RuleSet
    name: str = "Encounter"
    combatants: tuple[Combatant, ...] = ()
    round: int = 1
    next_id: int = 1
    carry: tuple[Carry, ...] = ()
    stunned: tuple[tuple[str, int, int], ...] = ()
    last: dict[str, Any] | None = field(default=None, compare=False)

    def find(self, cid: Any, where: str = "id") -> Combatant:
        if not isinstance(cid, str) or not 0 < len(cid) <= MAX_ID:
            raise RequestError("A combatant is named by his id, a short text such as \"c1\".", field=where)
        for c in self.combatants:
            if c.id == cid:
                return c
        raise EncounterError(f"No combatant {str(cid)[:40]!r} in this encounter.", field=where)

    def put(self, combatant: Combatant) -> "State":
        return replace(self, combatants=tuple(combatant if c.id == combatant.id else c for c in self.combatants))


# --- reading event fields ---------------------------------------------------------------------

def _side(event: dict, fighter: Fighter, default: str | None = None) -> str:
    side = event.get("side", default or ("players" if fighter.role == "pc" else "foes"))
    if side not in SIDES:
        raise RequestError(f"side must be one of {', '.join(SIDES)}.", field="side")
    return side


def _fighter(event: dict, state: State) -> Fighter:
    if "fighter" not in event:
        raise RequestError("The event needs a fighter.", field="fighter")
    fighter = Fighter.from_dict(event["fighter"], field="fighter")
    if len(fighter.name) > MAX_NAME:
        raise RequestError(f"A name may have at most {MAX_NAME} characters.", field="fighter.name")
    return fighter


def _unique_name(state: State, fighter: Fighter, keep: str | None = None) -> None:
    # Outcomes and carried modifiers name fighters, so names must be unique in an encounter.
    if any(c.fighter.name == fighter.name and c.id != keep for c in state.combatants):
        raise EncounterError(f"There is already a combatant called {fighter.name!r}.", field="fighter.name")


# --- applying events --------------------------------------------------------------------------

def _add(state: State, event: dict) -> State:
    if len(state.combatants) >= MAX_COMBATANTS:
        raise EncounterError(f"An encounter holds at most {MAX_COMBATANTS} combatants.", field="fighter")
    fighter = _fighter(event, state)
    _unique_name(state, fighter)
    combatant = Combatant(f"c{state.next_id}", fighter, _side(event, fighter))
    return replace(state, combatants=state.combatants + (combatant,), next_id=state.next_id + 1,
                   last={"kind": "add", "id": combatant.id, "text": f"{fighter.name} joins the fight."})


def _edit(state: State, event: dict) -> State:
    old = state.find(event.get("id"))
    fighter = _fighter(event, state)
    _unique_name(state, fighter, keep=old.id)
    if fighter.track is None:  # an edit of the sheet keeps the wounds already taken
        fighter = replace(fighter, track=old.fighter.track)
    return replace(state.put(Combatant(old.id, fighter, _side(event, fighter, old.side))),
                   last={"kind": "edit", "id": old.id, "text": f"{fighter.name} edited."})


def _remove(state: State, event: dict) -> State:
    old = state.find(event.get("id"))
    return replace(state, combatants=tuple(c for c in state.combatants if c.id != old.id),
                   last={"kind": "remove", "id": old.id, "text": f"{old.fighter.name} leaves the fight."})


def _rules(state: State, event: dict) -> State:
    rules = RuleSet.from_dict(event.get("ruleset"), field="ruleset")
    return replace(state, rules=rules, last={"kind": "rules", "text": "House rules changed."})


def _declared(state: State, c: Combatant, raw: Any, where: str) -> tuple[Declaration, tuple[Carry, ...]]:
    """The combatant's declaration with what earlier exchanges carried to him, and his stun."""
    decl = Declaration.from_dict(raw, field=where)
    mine = tuple(k for k in state.carry if k.to == c.fighter.name)
    mods, dmods, no_defence = list(decl.modifiers), list(decl.defence_modifiers), decl.no_defence
    for k in mine:
        no_defence = no_defence or k.no_defence
        if k.modifier is not None:
            (dmods if k.scope == "defence" else mods).append(k.modifier)
    stunned = decl.stunned
    for sid, status, until in state.stunned:
        if sid == c.id and state.round <= until:
            stunned = max(stunned, status)
    decl = replace(decl, modifiers=tuple(mods), defence_modifiers=tuple(dmods), no_defence=no_defence,
                   stunned=stunned)
    return decl, mine


def declared(state: State, c: Combatant, raw: Any, where: str) -> Declaration:
    """The declaration an exchange by ``c`` would use now: ``raw`` with what earlier exchanges
    carried to him and his stun (for the odds before rolling, :mod:`pyfudge.preview`)."""
    return _declared(state, c, raw, where)[0]


def _exchange(state: State, event: dict) -> State:
    a, b = state.find(event.get("a"), "a"), state.find(event.get("b"), "b")
    if a.id == b.id:
        raise EncounterError("A combatant cannot fight himself.", field="b")
    kind = event.get("kind", "round")
    if kind not in ("round", "attack"):
        raise RequestError("kind must be round or attack.", field="kind")
    rules = state.rules
    a_decl, a_carry = _declared(state, a, event.get("a_declares"), "a_declares")
    b_decl, b_carry = _declared(state, b, event.get("b_declares"), "b_declares")
    a_dice = FighterDice.from_dict(event.get("a_dice"), rules=rules, field="a_dice")
    b_dice = FighterDice.from_dict(event.get("b_dice"), rules=rules, field="b_dice")
    request = attack.ExchangeRequest(a.fighter, b.fighter, a_decl, b_decl, a_dice, b_dice, state.round, kind)
    outcome = request.resolve(rules)
    after = state
    stunned = [s for s in state.stunned if s[0] not in (a.id, b.id) or state.round <= s[2]]
    for before, fighter in zip((a, b), outcome.fighters):
        after = after.put(replace(before, fighter=fighter))
        status = fighter.track_for(rules).stun
        if status > before.fighter.track_for(rules).stun:
            rounds = wounds.stun_effects(status, rules=rules).rounds
            stunned.append((before.id, status, state.round + max(rounds, 1)))
    used = set(a_carry) | set(b_carry)
    carry = tuple(k for k in state.carry if k not in used) + outcome.carry
    return replace(after, carry=carry, stunned=tuple(stunned),
                   last={"kind": "exchange", "a": a.id, "b": b.id, "outcome": outcome.to_dict(),
                         "text": _exchange_text(a, b, outcome)})


def _exchange_text(a: Combatant, b: Combatant, outcome: attack.ExchangeOutcome) -> str:
    hits = [f"{blow.defender} {'stunned' if blow.stun else wounds.LEVEL_NAMES[blow.level]}"
            for blow in outcome.blows]
    tail = f": {', '.join(hits)}" if hits else ""
    return f"Round {outcome.round}, {a.fighter.name} vs {b.fighter.name}: {outcome.result}{tail}."


def _track_event(state: State, event: dict, change: Callable[[wounds.WoundTrack, RuleSet], Any],
                 kind: str, text: str) -> State:
    c = state.find(event.get("id"))
    outcome = change(c.fighter.track_for(state.rules), state.rules)
    fighter = c.fighter.with_track(outcome.track)
    return replace(state.put(replace(c, fighter=fighter)),
                   last={"kind": kind, "id": c.id, "outcome": outcome.to_dict(),
                         "text": f"{c.fighter.name}: {text}."})


def _box(state: State, event: dict) -> State:
    return _track_event(
        state, event,
        lambda t, r: wounds.set_box(t, event.get("row"), event.get("index"), event.get("value"), field="box"),
        "box", "a box set by the GM")


def _wound(state: State, event: dict) -> State:
    level = wounds.check_wound_level(event.get("level"), field="level", low=wounds.SCRATCH)
    return _track_event(state, event, lambda t, r: wounds.record_wound(t, level, rules=r),
                        "wound", f"the GM records {wounds.LEVEL_NAMES[level]}")


def _heal(state: State, event: dict) -> State:
    how = event.get("how", "skill")
    if how == "skill":
        result = ladder.check_level(ladder.parse(event.get("result"), field="result"), field="result")
        change = lambda t, r: healing.heal(t, result, rules=r)  # noqa: E731
        text = f"healed by a {ladder.name(result)} result"
    elif how == "co":
        result = ladder.check_level(event.get("result"), field="result")
        change = lambda t, r: healing.heal_co(t, result, rules=r)  # noqa: E731
        text = f"healing check, degree {result:+d}"
    elif how == "natural":
        change = lambda t, r: healing.natural_healing(  # noqa: E731
            t, rules=r, weeks=event.get("weeks", 1), rolls=event.get("rolls"))
        text = "natural healing"
    else:
        raise RequestError("how must be skill, natural or co.", field="how")
    return _track_event(state, event, change, "heal", text)


def _end_battle(state: State, event: dict) -> State:
    after = state
    for c in state.combatants:
        outcome = healing.end_of_battle(c.fighter.track_for(state.rules), rules=state.rules)
        after = after.put(replace(c, fighter=c.fighter.with_track(outcome.track)))
    return replace(after, carry=(), stunned=(), round=1,
                   last={"kind": "end_battle", "text": "End of battle: Scratches and stuns clear."})


def _rename(state: State, event: dict) -> State:
    name = _check_name(event.get("name"))
    return replace(state, name=name, last={"kind": "rename", "text": f"Renamed to {name!r}."})


def _next_round(state: State, event: dict) -> State:
    return replace(state, round=state.round + 1,
                   last={"kind": "next_round", "text": f"Round {state.round + 1} begins."})


HANDLERS: dict[str, Callable[[State, dict], State]] = {
    "add": _add, "edit": _edit, "remove": _remove, "rules": _rules, "exchange": _exchange,
    "box": _box, "wound": _wound, "heal": _heal, "end_battle": _end_battle, "next_round": _next_round,
    "rename": _rename,
}
EVENT_KINDS = tuple(HANDLERS) + ("undo", "redo")
# The fields each event may carry besides "t"; any other is refused, so a log holds nothing a
# replay ignores.
EVENT_FIELDS: dict[str, frozenset[str]] = {
    "add": frozenset({"fighter", "side"}),
    "edit": frozenset({"id", "fighter", "side"}),
    "remove": frozenset({"id"}),
    "rules": frozenset({"ruleset"}),
    "exchange": frozenset({"kind", "a", "b", "a_declares", "b_declares", "a_dice", "b_dice"}),
    "box": frozenset({"id", "row", "index", "value"}),
    "wound": frozenset({"id", "level"}),
    "heal": frozenset({"id", "how", "result", "weeks", "rolls"}),
    "end_battle": frozenset(), "next_round": frozenset(), "rename": frozenset({"name"}),
    "undo": frozenset(), "redo": frozenset(),
}


# --- the encounter ----------------------------------------------------------------------------

class Encounter:
    """An encounter in memory: its log, and the states the log passes through.

    ``states[-1]`` is the current state; ``redo`` holds undone states, newest last.
    """

    def __init__(self, *, name: str = "Encounter", ruleset: RuleSet | None = None) -> None:
        self.name = _check_name(name)
        self.start = ruleset or RuleSet()
        self.log: list[dict[str, Any]] = []
        self.states: list[State] = [State(self.start, self.name)]
        self.redo: list[State] = []
        self.lines: list[str] = []  # the readable log, one line per event

    @property
    def state(self) -> State:
        return self.states[-1]

    def apply(self, event: Any) -> State:
        """Validate and apply one event; on a bad event raise ``FudgeError`` and change nothing."""
        if not isinstance(event, dict):
            raise RequestError("An event must be an object with a type t.", field="event")
        kind = event.get("t")
        if "t" not in event:
            raise RequestError("An event needs a type t (add, exchange, wound, heal, undo…).", field="event.t")
        if kind not in EVENT_KINDS:
            raise RequestError(f"Unknown event type {str(kind)[:20]!r}.", field="event.t")
        extra = set(event) - {"t"} - EVENT_FIELDS[kind]
        if extra:
            key = min(extra, key=str)
            raise RequestError(f"A {kind} event has no field {str(key)[:40]!r}.", field=f"event.{str(key)[:40]}")
        if len(self.log) >= MAX_EVENTS:
            raise EncounterError(f"An encounter's log holds at most {MAX_EVENTS:,} events; start a new "
                                 "encounter.", field="event")
        if kind == "undo":
            if len(self.states) == 1:
                raise EncounterError("There is nothing to undo.", field="event")
            undone = self.states.pop()
            self.redo.append(undone)
            self.lines.append(f"Undo: {_text(undone)}")
        elif kind == "redo":
            if not self.redo:
                raise EncounterError("There is nothing to redo.", field="event")
            self.states.append(self.redo.pop())
            self.lines.append(f"Redo: {_text(self.state)}")
        else:
            try:
                new = HANDLERS[kind](self.state, event)
            except FudgeError as err:
                raise err.at("event")
            self.states.append(new)
            self.redo.clear()
            self.lines.append(_text(new))
        self.log.append(event)
        return self.state

    # -- storage ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """What is stored and shared: the starting name and ruleset, and the log."""
        return {"name": self.name, "ruleset": self.start.to_dict(), "log": list(self.log)}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "encounter") -> "Encounter":
        """Rebuild an encounter by replaying its log; a bad entry is an error naming it."""
        if not isinstance(data, dict) or set(data) - {"name", "ruleset", "log"}:
            raise RequestError("An encounter is an object with name, ruleset and log.", field=field)
        log = data.get("log", [])
        if not isinstance(log, list):
            raise RequestError("The encounter's log must be a list.", field=f"{field}.log")
        if len(log) > MAX_EVENTS:
            raise RequestError(f"An encounter's log holds at most {MAX_EVENTS:,} events, this one "
                               f"{len(log):,}.", field=f"{field}.log")
        try:
            enc = cls(name=data.get("name", "Encounter"),
                      ruleset=RuleSet.from_dict(data.get("ruleset", {}), field="ruleset"))
        except FudgeError as err:
            raise err.at(field)
        for i, event in enumerate(log):
            try:
                enc.apply(event)
            except FudgeError as err:
                raise err.at(f"{field}.log[{i}]")
        return enc

    # -- what the app shows ----------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the UI renders, derived from the state."""
        state, rules = self.state, self.state.rules
        factors = {c.id: _factors(c.fighter, rules) for c in state.combatants}
        cards = [_card(c, state, *factors[c.id]) for c in state.combatants]
        return {
            "name": state.name,
            "ruleset": rules.to_dict(),
            "round": state.round,
            "combatants": cards,
            "pairs": _pairs(state, factors),
            "last": state.last,
            "log": list(self.lines),
            "can_undo": len(self.states) > 1,
            "can_redo": bool(self.redo),
            "pacing": rules["melee.pacing"],
            "events": len(self.log),
        }


def _text(state: State) -> str:
    return state.last["text"] if state.last else ""


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise RequestError(f"An encounter's name has 1 to {MAX_NAME} characters.", field="name")
    return name


def _status(track: wounds.WoundTrack, view: dict[str, Any]) -> str:
    if view["dead"]:
        return "Dead"
    if track.knocked_out:
        return "Knocked out"
    if not view["can_act"]:
        return view["worst_name"]
    parts = [view["worst_name"]] if view["worst"] else ["Undamaged"]
    if view["penalty"]:
        parts[0] += f" {view['penalty']:+d}".replace("-", "\u2212")
    if view["stun"]:
        parts.append(view["stun_name"])
    return ", ".join(parts)


def _factors(f: Fighter, rules: RuleSet) -> tuple[Factors, Factors]:
    """A fighter's offensive and defensive damage factors (F95 4.53–4.55)."""
    odf = offensive_factors(rules=rules, strength=f.strength, strength_scale=f.strength_scale, weapon=f.weapon)
    ddf = defensive_factors(rules=rules, capacity=f.damage_capacity, armor=f.armor, mass_scale=f.mass_scale,
                            tough_hide=f.tough_hide, resistant=f.resistant)
    return odf, ddf


def _card(c: Combatant, state: State, odf: Factors, ddf: Factors) -> dict[str, Any]:
    rules, f = state.rules, c.fighter
    track = f.track_for(rules)
    view = track.view(rules=rules, pain=f.pain_threshold)
    return {
        "id": c.id,
        "side": c.side,
        "name": f.name,
        "role": f.role,
        "fighter": f.to_dict(),
        "track": view,
        "status": _status(track, view),
        "penalty": view["penalty"],
        "can_fight": f.can_fight(rules),
        "odf": odf.to_dict(),
        "ddf": ddf.to_dict(),
        "stunned_until": next((until for sid, _, until in state.stunned if sid == c.id), None),
    }


def _pairs(state: State, factors: dict[str, tuple[Factors, Factors]]) -> list[dict[str, Any]]:
    """Each fighter's total damage factor against each foe on the other side (F95 4.55: "jot
    down" ODF − DDF for each pair)."""
    return [
        {"a": a.id, "b": b.id, "tdf": factors[a.id][0].total - factors[b.id][1].total}
        for a in state.combatants for b in state.combatants if a.side != b.side
    ]
