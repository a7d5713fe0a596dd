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
- ``heal`` ``{id, how: skill|natural|co, result?, weeks?, rolls?}`` (F95 4.8; MUD 4.8; CO 3.2)
- ``end_battle`` — Scratches and stuns clear (F95 4.57, 4.62)
- ``next_round``; ``rename`` ``{name}``
- ``players`` ``{see}`` — which parts of an NPC's sheet the players' link and the table display
  show: some of ``skills``, ``weapons``, ``wounds`` (:mod:`pyfudge.players`); none before this event
- ``undo`` / ``redo``
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from . import actions, damage, dice, healing, ladder, players_see, round_view, wounds
from .checks import REQUEST, replaying, stored_log
from .combat import (
    attack,
    declaration,
    group_blows,
    initiative,
    location,
    melee,
    multi,
    outcomes,
    ranged,
    sides,
    stances,
)
from .combat import shield as shields
from .combat.declaration import Declaration, FighterDice
from .combat.fighter import NAME_LIMIT, Fighter
from .combat.group_outcome import GroupOutcome
from .combat.outcomes import Carry
from .errors import FudgeError, RequestError, RuleError
from .explain import Step
from .factors import Factors, defensive_factors, offensive_factors
from .rulesets import OPTIONS, RuleSet

SIDES = ("players", "foes")
MAX_COMBATANTS = 40
MAX_NAME = 80
# A log longer than this is refused. A busy fight logs a few hundred events; 10,000 is a whole
# campaign's worth, and replaying it (about 0.3 ms an event in CPython, a few times that in
# Pyodide on a phone) stays within seconds when a link or file is opened.
MAX_EVENTS = 10_000
MAX_ID = 16  # combatant ids are "c1", "c2", …
MAX_FOES = 12  # F95 4.34: at most six can reach one fighter; the group round takes twelve


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
    fighter's next exchange (F95 4.23, 4.31); ``stunned``: (id, status, last round it lasts);
    ``initiative``: who won each pair's initiative roll, and in which round (F95 4.23); ``acts``:
    what each fighter did or declared in alternating turns this round (F95 4.23)."""

    rules: RuleSet
    name: str = "Encounter"
    combatants: tuple[Combatant, ...] = ()
    round: int = 1
    next_id: int = 1
    carry: tuple[Carry, ...] = ()
    stunned: tuple[tuple[str, int, int], ...] = ()
    initiative: tuple[tuple[str, str, str, int], ...] = ()  # (a, b, who strikes first, round rolled)
    last: dict[str, Any] | None = field(default=None, compare=False)
    # What each fighter did or declared this round under alternating turns, as (id, act, round):
    # ATTACKED, ALL_OUT_DEFENCE, HASTY (F95 4.23; :func:`remembered`).
    acts: tuple[tuple[str, str, int], ...] = ()
    # The parts of an NPC's sheet the players see (players_see.SEE); the GM's choice, not a rule.
    players_see: tuple[str, ...] = ()

    def find(self, cid: Any, where: str = "id") -> Combatant:
        if not isinstance(cid, str) or not 0 < len(cid) <= MAX_ID:
            raise RequestError("A combatant is named by his id, a short text such as \"c1\".", field=where)
        for c in self.combatants:
            if c.id == cid:
                return c
        raise EncounterError(f"No combatant {str(cid)[:40]!r} in this encounter.", field=where)

    def put(self, combatant: Combatant) -> State:
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


# A name that ends in a number: "Goblin 3" is the third of the "Goblin"s.
_NUMBERED = re.compile(r"(.*\S)\s+(\d{1,4})")


def kin(name: str) -> str:
    """The name without its number: "Goblin 3" → "Goblin" (a name with none is its own)."""
    match = _NUMBERED.fullmatch(name)
    return match.group(1) if match else name


def numbered_names(taken: Iterable[str], name: str, count: int = 1) -> list[str]:
    """The names ``count`` new fighters called ``name`` get beside ``taken`` (the names in use).

    One fighter whose name is free keeps it (unless numbered kin of it are in the fight: "Goblin"
    beside "Goblin 1" … "Goblin 4" is "Goblin 5"). Otherwise they are numbered after the highest
    number in use among the name's kin — the name without its trailing number ("Goblin 3" →
    "Goblin"), which, standing alone, counts as the first: "Goblin" ×4 in an empty encounter →
    "Goblin 1" … "Goblin 4"; one more "Goblin" (or a copy of "Goblin 2") → "Goblin 5"; "Goblin"
    beside a lone "Goblin" → "Goblin 2". Numbers go on past the highest, never back into a gap,
    so a new fighter is never mistaken in the log for one who left. A name too long for its
    number is shortened to fit (:data:`pyfudge.combat.fighter.NAME_LIMIT`).
    """
    taken = set(taken)
    base = kin(name)
    highest, numbered_kin = 0, False
    for other in taken:
        numbered = _NUMBERED.fullmatch(other)
        if other == base:
            highest = max(highest, 1)
        elif numbered and numbered.group(1) == base:
            highest, numbered_kin = max(highest, int(numbered.group(2))), True
    if count == 1 and name not in taken and (base != name or not numbered_kin):
        return [name]
    numbers = range(highest + 1, highest + 1 + count)
    return [f"{base[:NAME_LIMIT - len(str(n)) - 1].rstrip()} {n}" for n in numbers]


def _names(state: State, event: dict, fighter: Fighter) -> list[str]:
    """The names of an ``add`` event's fighters: its ``names`` as logged (checked: free, distinct,
    ``count`` of them when both are given), else :func:`numbered_names` for ``count`` of him."""
    room = MAX_COMBATANTS - len(state.combatants)
    count, names = event.get("count"), event.get("names")
    if count is not None:
        REQUEST.whole(count, "count", 1, MAX_COMBATANTS)
        if count > room:
            raise EncounterError(f"An encounter holds at most {MAX_COMBATANTS} combatants: there is room "
                                 f"for {room} more.", field="count")
    if names is None:
        return numbered_names((c.fighter.name for c in state.combatants), fighter.name, count or 1)
    if not isinstance(names, list) or not 1 <= len(names) <= room or (count is not None and len(names) != count):
        raise RequestError(f"names must list the {count or 'new'} fighters' names (room for {room}).", field="names")
    taken = {c.fighter.name for c in state.combatants}
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
            raise RequestError(f"A name has 1 to {NAME_LIMIT} characters.", field=f"names[{i}]")
        if name in taken:
            raise EncounterError(f"There is already a combatant called {name!r}.", field=f"names[{i}]")
        taken.add(name)
    return names


# --- applying events --------------------------------------------------------------------------

def _add(state: State, event: dict) -> State:
    if len(state.combatants) >= MAX_COMBATANTS:
        raise EncounterError(f"An encounter holds at most {MAX_COMBATANTS} combatants.", field="fighter")
    fighter = _fighter(event, state)
    names = _names(state, event, fighter)
    side = _side(event, fighter)
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
    decl = replace(decl, modifiers=tuple(mods), defence_modifiers=tuple(dmods), no_defence=no_defence,
                   stunned=max(decl.stunned, _stun_now(state, c)))
    return decl, mine


def _stun_now(state: State, c: Combatant) -> int:
    """His stun status this round, from the stuns earlier blows started (F95 4.62)."""
    return max((status for sid, status, until in state.stunned if sid == c.id and state.round <= until), default=0)


@cache
def _stunned_only(stunned: int) -> Declaration:
    """The declaration of a fighter who declares nothing, with his stun: what the view asks the
    can-act tests about (a few stun statuses, so kept)."""
    return Declaration(stunned=stunned)


# The round form's roles a fighter may be refused: the first fighter of a simultaneous round, the
# attacker of an alternating turn, the lone fighter and a foe of a group round, the shooter, and
# a target fired at as the ranged modes say: "aware" (he dodges) or "shoot_back" (an unaware
# target, or a defender, may be anyone). The ranged target's roles are the modes' own names.
ROLES = ("fighter", "attacker", "lone", "foe", "shooter", "aware", "shoot_back")


def refused_roles(fighter: Fighter, decl: Declaration, rules: RuleSet) -> dict[str, str]:
    """The roles (:data:`ROLES`) ``fighter`` cannot take with ``decl``, each with the reason. F95
    4.51: Incapacitated or worse is "incapable of any actions", as is a knockout (F95 4.62), or an
    unaware fighter (F95 4.22); F95 4.62: a stunned one "cannot attack" — he still defends. The
    group and ranged events refuse (or, a foe, leave out) by this, as the exchange does by the same
    tests (:func:`sides.can_act`); the view lists it for the round form."""
    if not sides.can_act(fighter, decl, rules):
        track = fighter.track_for(rules)
        why = ("Unaware: cannot act (F95 4.22)" if fighter.can_fight(rules) else
               "Knocked out: cannot act (F95 4.62)" if track.knocked_out else
               "Knocked down by a failed damage check: out of combat (CO 4.3.2)" if track.dropped
               and track.worst < wounds.INCAPACITATED else
               f"{wounds.LEVEL_NAMES[track.worst]}: cannot act (F95 4.51)")
        return dict.fromkeys(ROLES, why)
    if declaration.stunned_cannot_attack(decl, rules):
        why = f"{wounds.stun_effects(decl.stunned, rules=rules).name}: cannot attack (F95 4.62)"
        return dict.fromkeys(("attacker", "shooter", "shoot_back"), why)
    return {}


def _must_act(state: State, c: Combatant, field: str) -> None:
    """Refuse a roll of one who is "incapable of any actions" (F95 4.51, 4.62; :func:`refused_roles`)."""
    why = refused_roles(c.fighter, _declared(state, c, None, field)[0], state.rules).get("fighter")
    if why and not replaying():  # earlier builds logged such rolls: they replay as they were
        raise EncounterError(f"{c.fighter.name} cannot roll now: {why}.", field=field)


def declared(state: State, c: Combatant, raw: Any, where: str) -> Declaration:
    """The declaration an exchange by ``c`` would use now: ``raw`` with what earlier exchanges
    carried to him and his stun (for the odds before rolling, :mod:`pyfudge.preview`)."""
    return _declared(state, c, raw, where)[0]


# --- alternating turns: what the round remembers (F95 4.23) -----------------------------------

ATTACKED, ALL_OUT_DEFENCE, HASTY = "attacked", "all_out_defence", "hasty"
# F95 4.23: a hasty attack is "-1 to attack and defend that round": the defence's part, which
# :func:`remembered` writes into the defender's declaration.
HASTY_DEFENCE = actions.Modifier("hasty attack this round", -1, "F95 4.23")


def _did(state: State, cid: Any, act: str) -> bool:
    """Has combatant ``cid`` done or declared ``act`` this round (F95 4.23)?"""
    return (cid, act, state.round) in state.acts


def _acted(state: State, acts: list[tuple[str, str]]) -> tuple[tuple[str, str, int], ...]:
    """``state.acts`` of this round with these ``(id, act)`` added (earlier rounds' dropped)."""
    kept = tuple(x for x in state.acts if x[2] == state.round)
    return kept + tuple(dict.fromkeys((cid, act, state.round) for cid, act in acts if not _did(state, cid, act)))


def remembered(state: State, event: Any) -> Any:
    """An ``exchange`` event (kind attack, alternating turns) with what this round remembers
    written in. F95 4.23: "attack hastily (+1 to initiative that round) but be slightly off
    balance because of it (-1 to attack and defend that round)": an attacker who declared a
    hasty attack at this round's initiative roll attacks hastily (``a_declares.hasty``); a
    defender who attacked hastily this round, or declared it at the initiative roll, defends at
    −1 (:data:`HASTY_DEFENCE` in ``b_declares.defence_modifiers``; not when he declared ``hasty``
    on this defence himself, which counts the same −1). The encounter logs the event so and the
    door returns it to be stored, so a replay reads it as it was applied, in this build or
    another. An ``add`` event gets the ``names`` its fighters are given (:func:`_added_names`).
    Idempotent; an event it cannot read is returned as it is, for the handler to refuse."""
    if isinstance(event, dict) and event.get("t") == "add" and "names" not in event:
        return _added_names(state, event)
    if (not isinstance(event, dict) or event.get("t") != "exchange" or event.get("kind") != "attack"
            or state.rules["melee.pacing"] != "alternating"):
        return event
    out = dict(event)
    a_raw, b_raw = event.get("a_declares") or {}, event.get("b_declares") or {}
    if isinstance(a_raw, dict) and _did(state, event.get("a"), HASTY) and not a_raw.get("hasty"):
        out["a_declares"] = {**a_raw, "hasty": True}
    mods = b_raw.get("defence_modifiers", []) if isinstance(b_raw, dict) else None
    if (isinstance(mods, list) and _did(state, event.get("b"), HASTY) and not b_raw.get("hasty")
            and HASTY_DEFENCE.to_dict() not in mods):
        out["b_declares"] = {**b_raw, "defence_modifiers": [*mods, HASTY_DEFENCE.to_dict()]}
    return out if out != event else event


def _added_names(state: State, event: dict) -> dict:
    """An ``add`` event with the ``names`` its fighters get written in, when they are not simply
    the sheet's name (several of him, or a name in use: :func:`numbered_names`), so that a
    replay in any build names them as they were named."""
    try:
        fighter = _fighter(event, state)
        names = _names(state, event, fighter)
    except FudgeError:
        return event  # the handler refuses it
    return event if names == [fighter.name] else {**event, "names": names}


def _check_forfeit(state: State, a: Combatant, b: Combatant, b_decl: Declaration) -> None:
    """F95 4.23: "A character forfeits his attack for a round if he chooses All-out defense": no
    attack by one who defended all-out this round, no all-out defence by one who attacked."""
    if replaying():  # earlier builds logged such attacks: they replay as they were
        return
    if _did(state, a.id, ALL_OUT_DEFENCE):
        raise EncounterError(f"{a.fighter.name} defended all-out this round, so he forfeits his attack this "
                             "round (F95 4.23). Start the next round for his next attack.", field="a")
    if b_decl.all_out == "defense" and _did(state, b.id, ATTACKED):
        raise EncounterError(f"{b.fighter.name} attacked this round: all-out defence forfeits the round's "
                             "attack (F95 4.23), so he cannot choose it now.", field="b_declares.all_out")


def _forfeited(state: State, cid: str) -> dict[str, str]:
    """``{"attacker": reason}`` if ``cid`` defended all-out this round of alternating turns (F95
    4.23), which each card's ``unable`` lists too; else empty."""
    if state.rules["melee.pacing"] != "alternating" or not _did(state, cid, ALL_OUT_DEFENCE):
        return {}
    return {"attacker": "Defended all-out this round: he forfeits his attack (F95 4.23)"}


def _this_round(state: State) -> list[dict[str, Any]]:
    """What each fighter did or declared in alternating turns this round (F95 4.23), one row per
    fighter who did anything: ``attacked``, ``all_out_defence``, ``hasty`` (his attack and his
    defences this round are at −1), and ``unable`` ``{what: reason}``: the role ``attacker`` (he
    defended all-out) or the declaration ``all_out_defence`` (he attacked) the round form must
    not offer him, as the ``exchange`` event refuses them."""
    rows = []
    for c in state.combatants:
        did = {act for cid, act, rnd in state.acts if cid == c.id and rnd == state.round}
        if not did:
            continue
        unable = _forfeited(state, c.id)
        if ATTACKED in did:
            unable["all_out_defence"] = "Attacked this round: all-out defence forfeits the round's attack (F95 4.23)"
        rows.append({"id": c.id, "attacked": ATTACKED in did, "all_out_defence": ALL_OUT_DEFENCE in did,
                     "hasty": HASTY in did, "unable": unable})
    return rows


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
    if kind == "attack":
        _check_forfeit(state, a, b, b_decl)
    a_dice = FighterDice.from_dict(event.get("a_dice"), rules=rules, field="a_dice", speed=True)
    b_dice = FighterDice.from_dict(event.get("b_dice"), rules=rules, field="b_dice", speed=True)
    request = attack.ExchangeRequest(a.fighter, b.fighter, a_decl, b_decl, a_dice, b_dice, state.round, kind)
    outcome = request.resolve(rules)
    after = _wounded(state, list(zip((a, b), outcome.fighters)))
    used = set(a_carry) | set(b_carry)
    carry = tuple(k for k in state.carry if k not in used) + outcome.carry
    acts = state.acts
    if kind == "attack":  # F95 4.23: remembered for the rest of the round
        acts = _acted(state, [(a.id, ATTACKED)] + [(c.id, HASTY) for c, d in ((a, a_decl), (b, b_decl)) if d.hasty]
                      + ([(b.id, ALL_OUT_DEFENCE)] if b_decl.all_out == "defense" else []))
    return replace(after, carry=carry, acts=acts,
                   last={"kind": "exchange", "a": a.id, "b": b.id, "outcome": outcome.to_dict(),
                         "text": _exchange_text(a, b, outcome)})


def _exchange_text(a: Combatant, b: Combatant, outcome: outcomes.ExchangeOutcome) -> str:
    hits = [f"{blow.defender} {'stunned' if blow.stun else wounds.LEVEL_NAMES[blow.level]}"
            for blow in outcome.blows]
    tail = f": {', '.join(hits)}" if hits else ""
    return f"Round {outcome.round}, {a.fighter.name} vs {b.fighter.name}: {outcome.result}{tail}."


def _ids(raw: Any, where: str, *, low: int = 0, high: int = MAX_FOES) -> list[str]:
    if not isinstance(raw, list) or not low <= len(raw) <= high:
        raise RequestError(f"{where} must list {low} to {high} combatant ids.", field=where)
    if len(set(map(str, raw))) != len(raw):
        raise RequestError(f"{where} names a combatant twice.", field=where)
    return raw


def _per_foe(event: dict, key: str, foes: list[str]) -> dict[str, Any]:
    """A ``{foe id: value}`` field of a group event; only the round's foes may be keys."""
    raw = event.get(key, {})
    if not isinstance(raw, dict):
        raise RequestError(f"{key} must map foe ids to values.", field=key)
    for k in raw:
        if k not in foes:
            raise RequestError(f"{key}: {str(k)[:40]!r} is not one of the foes.", field=f"{key}.{str(k)[:40]}")
    return raw


def _contender_roll(d: FighterDice) -> dict[str, Any]:
    """A combat roll as the group round reads it: four Fudge faces, or a total."""
    if d.roll is None:
        return {}
    return {"faces": list(d.roll.faces)} if d.roll.technique == "4dF" and d.roll.faces else {"roll": d.roll.total}


def _npc_fixed(lone: Combatant, foes: list[Combatant], rules: RuleSet) -> bool:
    """F95 4.33 in a group round: a PC against NPCs, who score their trait levels."""
    return bool(rules["melee.npc_fixed"]) and lone.fighter.role == "pc" and all(f.fighter.role != "pc" for f in foes)


@dataclass(frozen=True)
class GroupRead:
    """A ``group`` event read against the state: the round as :class:`multi.GroupRound`, the
    fighters who take part (``out``: foes who cannot act), their declarations (carried modifiers
    and stuns included), dice, and Willpower results by name."""

    rnd: multi.GroupRound
    lone: Combatant
    lone_decl: Declaration
    lone_dice: FighterDice
    lone_checks: list | None
    foes: list[Combatant]
    out: list[Combatant]
    foe_decls: dict[str, Declaration]
    foe_dice: dict[str, FighterDice]
    fixed: bool
    used: frozenset
    willpower: dict[str, Any]

    def stunned_blows(self, outcome: GroupOutcome, rules: RuleSet) -> tuple[GroupOutcome, tuple[Step, ...]]:
        """The resolved round with the blows of stunned fighters held back (F95 4.62): the hook
        the event applies before the blows land, and the odds with it (:mod:`pyfudge.preview`)."""
        return _stunned_blows(outcome, self.lone, self.lone_decl, self.foes, self.foe_decls, rules)


def read_group(state: State, event: dict, *, rolled: bool = True) -> GroupRead:
    """Read a ``group`` event as :func:`_group` applies it; with ``rolled`` False its dice are
    not read but stand as placeholders (the odds before rolling, :mod:`pyfudge.preview`)."""
    rules = state.rules
    lone = state.find(event.get("lone"), "lone")
    foe_ids = _ids(event.get("foes"), "foes", low=1)
    foes = [state.find(fid, f"foes[{i}]") for i, fid in enumerate(foe_ids)]
    if lone.id in foe_ids:
        raise EncounterError("The lone fighter cannot be one of his own foes.", field="foes")
    declares = _per_foe(event, "foe_declares", foe_ids)
    foe_dice_raw = _per_foe(event, "foe_dice", foe_ids)
    raw_decl, lone_wills = _per_wound(event.get("lone_declares"), "willpower", "lone_declares", len(foes))
    lone_decl, lone_carry = _declared(state, lone, raw_decl, "lone_declares")
    # F95 4.51: Incapacitated or worse is "incapable of any actions" (so is a knockout, F95 4.62).
    if "lone" in refused_roles(lone.fighter, lone_decl, rules):
        raise EncounterError(f"{lone.fighter.name} cannot act this round (F95 4.51, 4.62).", field="lone")
    declared_foes = {c.id: _declared(state, c, declares.get(c.id), f"foe_declares.{c.id}") for c in foes}
    # F95 4.34 counts the opponents who attack the lone fighter: a foe who cannot act is out of
    # the round, adds nothing to the lone fighter's penalty, and his dice are not read.
    out = [c for c in foes if "foe" in refused_roles(c.fighter, declared_foes[c.id][0], rules)]
    if len(out) == len(foes):
        raise EncounterError("None of the foes can act this round (F95 4.51, 4.62).", field="foes")
    foes = [c for c in foes if c not in out]
    foe_ids = [c.id for c in foes]
    ignored = _ids(event.get("ignored", []), "ignored")
    targets = _ids(event.get("targets", []), "targets")
    for key, ids in (("ignored", ignored), ("targets", targets)):
        for i, fid in enumerate(ids):
            if fid not in foe_ids:
                why = "cannot act this round (F95 4.51)" if any(c.id == fid for c in out) else "is not one of the foes"
                raise RequestError(f"{key}[{i}] {why}.", field=f"{key}[{i}]")
    raw_dice, lone_checks = _per_wound(event.get("lone_dice") if rolled else None, "check", "lone_dice", len(foes))
    lone_dice = FighterDice.from_dict(raw_dice, rules=rules, field="lone_dice")
    placeholder = {} if rolled else {"roll": 0}
    fixed = _npc_fixed(lone, foes, rules)
    mode = "fixed" if fixed else "group" if event.get("group_roll") is not None else "each"
    used = set(lone_carry)
    foe_decls, foe_dice, contenders = {}, {}, []
    for i, c in enumerate(foes):
        decl, carry = declared_foes[c.id]
        used |= set(carry)
        d = FighterDice.from_dict(foe_dice_raw.get(c.id) if rolled else None, rules=rules, field=f"foe_dice.{c.id}")
        if mode != "each" and d.roll is not None:
            raise RequestError(f"{c.fighter.name} rolls no dice of his own this round "
                               + ("(F95 4.33: NPCs score their trait level)." if fixed else
                                  "(the GM rolls once for all the foes, F95 4.34)."),
                               field=f"foe_dice.{c.id}.roll")
        foe_decls[c.id], foe_dice[c.id] = decl, d
        contenders.append({
            "name": c.fighter.name, "level": c.fighter.skill(decl.skill),
            "modifiers": [m.to_dict() for m in sides.round_modifiers(c.fighter, decl, rules=rules,
                                                                     round_number=state.round)],
            "ignored": c.id in ignored,
            # F95 4.22 / MUD 4.58: the least result that hits the lone fighter.
            "needs": sides.min_to_hit(c.fighter, lone.fighter, decl, rules)[0],
            **(_contender_roll(d) or (placeholder if mode == "each" else {}))})
    # The group round holds one minimum for the lone fighter: the least of those against his foes.
    needs = min(sides.min_to_hit(lone.fighter, c.fighter, lone_decl, rules)[0] for c in foes)
    names = {c.id: c.fighter.name for c in foes}
    request = {
        "lone": {"name": lone.fighter.name, "level": lone.fighter.skill(lone_decl.skill),
                 "modifiers": [m.to_dict() for m in sides.round_modifiers(
                     lone.fighter, lone_decl, rules=rules, round_number=state.round)],
                 "needs": needs, **(_contender_roll(lone_dice) or placeholder)},
        "foes": contenders, "npc_roll": mode, "targets": [names[t] for t in targets],
        "space": event.get("space", "open"),
    }
    if mode == "group":
        # Entered like every roll, as faces or a total (the group round names a total "roll").
        # An empty group_roll says the GM rolls once before his dice are in (a draft for the odds).
        raw = event["group_roll"]
        if not isinstance(raw, dict) or set(raw) - {"faces", "total"} or len(raw) > 1:
            raise RequestError("group_roll must be an object with faces or a total.", field="group_roll")
        if rolled and not raw:
            raise RequestError("The GM rolls once for all the foes (F95 4.34): enter his roll, as faces or a total.",
                               field="group_roll")
        raw = raw if rolled else {"total": 0}
        request["group_roll"] = {"faces": raw["faces"]} if "faces" in raw else {"roll": raw["total"]}
    elif event.get("group_roll") is not None:
        raise RequestError("NPCs score their trait level here (F95 4.33): no group roll.", field="group_roll")
    try:
        rnd = multi.GroupRound.from_dict(request, field="round", rules=rules)
    except FudgeError as err:
        err.field = _group_field(err.field or "", foe_ids)
        raise
    everyone = [(lone, lone_decl)] + [(c, foe_decls[c.id]) for c in foes]
    willpower = {c.fighter.name: decl.willpower for c, decl in everyone if decl.willpower is not None}
    # The lone fighter may take a wound from each foe: one Willpower result per wound.
    if lone_wills is not None:
        willpower[lone.fighter.name] = lone_wills
    return GroupRead(rnd, lone, lone_decl, lone_dice, lone_checks, foes, out, foe_decls, foe_dice, fixed,
                     frozenset(used), willpower)


def _group(state: State, event: dict) -> State:
    """A lone fighter against several foes (F95 4.34; F93 4.64): the round is read into
    :class:`multi.GroupRound` exactly as the JSON door's ``group`` action reads it, resolved by
    :func:`multi.resolve_melee_group`, and its hits landed by :func:`group_blows.land_group_blows`."""
    rules = state.rules
    g = read_group(state, event)
    rnd, lone, lone_decl, lone_dice, foes, foe_decls, foe_dice = (
        g.rnd, g.lone, g.lone_decl, g.lone_dice, g.foes, g.foe_decls, g.foe_dice)
    foe_ids = [c.id for c in foes]
    names = {c.id: c.fighter.name for c in foes}
    try:
        outcome = multi.resolve_melee_group(rnd, rules=rules)
    except FudgeError as err:
        err.field = _group_field(err.field or "", foe_ids)
        raise
    if (len(outcome.wound_choices) > 1 and not rnd.targets and not declaration.stunned_cannot_attack(lone_decl, rules)
            and not replaying()):
        # F95 4.34: "he may hit the foe of his choice ... of those he bested": the choice is the
        # player's, made now that the dice are known; nothing is logged until it is made. (Logs
        # of earlier builds hold such rounds without a choice: no one was wounded, as replayed.)
        raise EncounterError(f"{lone.fighter.name} may wound {', '.join(outcome.wound_choices)}: choose the foe he strikes "
                             "(F95 4.34).", field="targets")
    outcome, held_back = g.stunned_blows(outcome, rules)
    # Each blow's damage dice are the striker's: the foe's who hits, the lone fighter's who strikes.
    damage_dice: dict[str, Any] = {}
    for c in foes:
        hit = next((deg for n, deg in outcome.hits_on_lone if n == c.fighter.name), None)
        struck = next((deg for n, deg, _ in outcome.strikes if n == c.fighter.name), None)
        faces = (declaration.damage_faces(foe_dice[c.id], rules, hit) if hit is not None else
                 declaration.damage_faces(lone_dice, rules, struck) if struck is not None else None)
        if faces is not None:
            damage_dice[c.fighter.name] = faces
    everyone = [(lone, lone_dice, lone_decl)] + [(c, foe_dice[c.id], foe_decls[c.id]) for c in foes]
    check_dice = {c.fighter.name: d.check for c, d, _ in everyone if d.check is not None}
    # The lone fighter may take a wound from each foe: one check per wound.
    if g.lone_checks is not None:
        check_dice[lone.fighter.name] = g.lone_checks
    try:
        landed = group_blows.land_group_blows(
            outcome, lone=lone.fighter, foes=[c.fighter for c in foes], rules=rules, damage_dice=damage_dice,
            check_dice=check_dice, willpower=g.willpower,
            shield_dice={c.fighter.name: d.shield for c, d, _ in everyone if d.shield is not None},
            npc_fixed=g.fixed)
    except FudgeError as err:
        err.field = _landing_field(err.field or "", lone, foes)
        raise
    after = _wounded(state, [(lone, landed.lone)] + list(zip(foes, landed.foes)))
    hits = [f"{b.defender} {'stunned' if b.stun else wounds.LEVEL_NAMES[b.level]}" for b in landed.blows]
    text = (f"Round {state.round}, {lone.fighter.name} against {', '.join(names[f] for f in foe_ids)}: "
            f"{ladder.name(outcome.lone_result)}" + (f"; {', '.join(hits)}" if hits else "; no one is hurt") + ".")
    return replace(after, carry=tuple(k for k in state.carry if k not in g.used),
                   last={"kind": "group", "lone": lone.id, "foes": foe_ids, "round": rnd.to_dict(),
                         "group": outcome.to_dict(), "text": text,
                         "outcome": {"steps": [s.to_dict() for s in _out_steps(g.out) + outcome.steps + held_back
                                               + landed.steps],
                                     "blows": [b.to_dict() for b in landed.blows],
                                     "blocks": [b.to_dict() for b in landed.blocks]}})


def _out_steps(out: list[Combatant]) -> tuple[Step, ...]:
    return tuple(Step("F95 4.51", f"{c.fighter.name} cannot act: he takes no part in this round.", {})
                 for c in out)


def _stunned_blows(outcome: GroupOutcome, lone: Combatant, lone_decl: Declaration, foes: list[Combatant],
                   foe_decls: dict[str, Declaration], rules: RuleSet) -> tuple[GroupOutcome, tuple[Step, ...]]:
    """F95 4.62: "a stunned character cannot attack" — in a group round he still rolls to defend
    (and counts as a foe), as in a simultaneous round, but his blows do not land."""
    steps = []
    stunned = {c.fighter.name for c in foes if declaration.stunned_cannot_attack(foe_decls[c.id], rules)}
    lone_stunned = declaration.stunned_cannot_attack(lone_decl, rules)
    results = []
    for f in outcome.foes:
        if f.name in stunned and f.hits_lone:
            steps.append(Step("F95 4.62", f"{f.name} is stunned and cannot attack: his blow does not land.", {}))
            f = replace(f, hits_lone=False, hit_degree=None)
        if lone_stunned and f.struck:
            steps.append(Step("F95 4.62", f"{lone.fighter.name} is stunned and cannot attack: "
                                          f"he does not wound {f.name}.", {}))
            f = replace(f, struck=False, strike_degree=None, damage_modifier=0)
        results.append(f)
    return replace(outcome, foes=tuple(results)), tuple(steps)


def _group_field(where: str, foe_ids: list[str]) -> str:
    """The event's field for an error the group round names by its own fields ("foes[1].roll")."""
    where = where.removeprefix("round.")
    if where.startswith("lone.roll"):
        return "lone_dice.roll"
    if where.startswith("foes[") and where.endswith("].roll"):
        return f"foe_dice.{foe_ids[int(where[5:where.index(']')])]}.roll"
    if where.startswith("targets["):
        return where
    return where if where.startswith("group_roll") else f"round.{where}"


def _per_wound(raw: Any, key: str, where: str, most: int) -> tuple[Any, list | None]:
    """Split a list of per-wound inputs (``willpower`` results of the lone fighter's declaration,
    ``check`` dice of his dice) from the rest, which is read as usual. A lone fighter can take a
    wound from each foe in one round (F95 4.34), and checks or rolls Willpower after each
    ("Each time a character is injured", CO 4.3; F95 4.52)."""
    if not isinstance(raw, dict):
        return raw, None
    value = raw.get(key)
    several = isinstance(value, list) and (key == "willpower" or (value and isinstance(value[0], list)))
    if not several:
        return raw, None
    if not 1 <= len(value) <= most:
        raise RequestError(f"{where}.{key} lists one entry per wound: 1 to {most}.", field=f"{where}.{key}")
    if key == "willpower":
        read = [ladder.check_level(v, field=f"{where}.{key}[{i}]") for i, v in enumerate(value)]
    else:
        read = [list(dice.check_fudge_faces(v, 4, field=f"{where}.{key}[{i}]")) for i, v in enumerate(value)]
    return {k: v for k, v in raw.items() if k != key}, read


def _landing_field(where: str, lone: Combatant, foes: list[Combatant]) -> str:
    """The event's field for an input the landing of a group round's blows names by fighter
    ("check_dice.Hero[1]" is the lone fighter's second damage check: "lone_dice.check[1]")."""
    head, _, name = where.partition(".")
    name, bracket, index = name.partition("[")
    part = {"check_dice": ("dice", "check"), "shield_dice": ("dice", "shield"),
            "willpower": ("declares", "willpower")}.get(head)
    if part is None:
        return where
    if name == lone.fighter.name:
        field_name = f"lone_{part[0]}.{part[1]}"
    else:
        c = next((c for c in foes if c.fighter.name == name), None)
        if c is None:
            return where
        field_name = f"foe_{part[0]}.{c.id}.{part[1]}"
    return field_name + (f"[{index}" if bracket else "")


def _wounded(state: State, pairs: list[tuple[Combatant, Fighter]]) -> State:
    """Put each fighter as he leaves a round, and start the stun of each newly stunned one."""
    rules = state.rules
    ids = {c.id for c, _ in pairs}
    stunned = [s for s in state.stunned if s[0] not in ids or state.round <= s[2]]
    after = state
    for before, fighter in pairs:
        after = after.put(replace(before, fighter=fighter))
        status = fighter.track_for(rules).stun
        if status > before.fighter.track_for(rules).stun:
            rounds = wounds.stun_effects(status, rules=rules).rounds
            stunned.append((before.id, status, state.round + max(rounds, 1)))
    return replace(after, stunned=tuple(stunned))


_RANGED_MODES = ("unaware", "aware", "shoot_back")


@dataclass(frozen=True)
class RangedRead:
    """A ``ranged`` event read against the state: the attack as :class:`ranged.RangedAttack`
    (each side's level and round modifiers: wounds, carried modifiers), the two combatants, their
    declarations (stuns included), dice, the carried modifiers used and Willpower results by name."""

    attack: ranged.RangedAttack
    shooter: Combatant
    target: Combatant
    shooter_decl: Declaration
    target_decl: Declaration
    shooter_dice: FighterDice
    target_dice: FighterDice
    used: frozenset

    @property
    def fighters(self) -> dict[str, Fighter]:
        return {c.fighter.name: c.fighter for c in (self.shooter, self.target)}

    @property
    def dice(self) -> dict[str, FighterDice]:
        return {self.shooter.fighter.name: self.shooter_dice, self.target.fighter.name: self.target_dice}

    @property
    def willpower(self) -> dict[str, int]:
        return {c.fighter.name: d.willpower for c, d in ((self.shooter, self.shooter_decl),
                                                           (self.target, self.target_decl)) if d.willpower is not None}


def read_ranged(state: State, event: dict, *, rolled: bool = True) -> RangedRead:
    """Read a ``ranged`` event as :func:`_ranged` applies it; with ``rolled`` False its dice are
    not read and the rolls stand as placeholders (the odds before rolling, :mod:`pyfudge.preview`)."""
    rules = state.rules
    shooter, target = state.find(event.get("shooter"), "shooter"), state.find(event.get("target"), "target")
    if shooter.id == target.id:
        raise EncounterError("A combatant cannot shoot himself.", field="target")
    mode = event.get("mode", "aware")
    if mode not in _RANGED_MODES:
        raise RequestError(f"mode must be one of {', '.join(_RANGED_MODES)}.", field="mode")
    s_decl, s_carry = _declared(state, shooter, event.get("shooter_declares"), "shooter_declares")
    t_decl, t_carry = _declared(state, target, event.get("target_declares"), "target_declares")
    # F95 4.51: Incapacitated or worse is "incapable of any actions"; F95 4.62: knocked out, or
    # stunned, "cannot attack" — so he neither shoots, nor dodges or shoots back.
    if "shooter" in refused_roles(shooter.fighter, s_decl, rules):
        raise EncounterError(f"{shooter.fighter.name} cannot shoot this round (F95 4.51, 4.62).", field="shooter")
    if mode != "unaware" and "aware" in refused_roles(target.fighter, t_decl, rules):
        raise EncounterError(f"{target.fighter.name} cannot act (F95 4.51, 4.62): he cannot dodge or shoot back, "
                             "so fire at him as at an unaware target.", field="mode")
    if mode == "shoot_back" and "shoot_back" in refused_roles(target.fighter, t_decl, rules):
        raise EncounterError(f"{target.fighter.name} is stunned and cannot shoot back (F95 4.62); he may dodge.",
                             field="mode")
    s_dice = FighterDice.from_dict(event.get("shooter_dice") if rolled else None, rules=rules, field="shooter_dice")
    t_dice = FighterDice.from_dict(event.get("target_dice") if rolled else None, rules=rules, field="target_dice")
    placeholder = {} if rolled else {"roll": 0}

    def side(c: Combatant, decl: Declaration, d: FighterDice, skill: int, difficulty: Any) -> dict[str, Any]:
        out = {"name": c.fighter.name, "level": skill, **(_contender_roll(d) or placeholder),
               # F95 4.51: a wound's penalty hampers every action, a shot or a dodge too.
               "modifiers": [m.to_dict() for m in sides.round_modifiers(c.fighter, decl, rules=rules,
                                                                        round_number=state.round)]}
        return out if difficulty is None else {**out, "difficulty": difficulty}

    request: dict[str, Any] = {"mode": mode, "weapon": event.get("weapon", "propelled"),
                               "shooter": side(shooter, s_decl, s_dice, shooter.fighter.skill(s_decl.skill),
                                               event.get("difficulty"))}
    if event.get("burst") is not None:
        request["burst"] = event["burst"]
    if mode == "unaware":
        if t_dice.roll is not None:
            raise RequestError("An unaware target makes no roll.", field="target_dice.roll")
    else:
        level = (target.fighter.skill(t_decl.skill) if mode == "shoot_back" else
                 target.fighter.skill(t_decl.defence_skill) if t_decl.defence_skill else target.fighter.defence)
        request["target"] = side(target, t_decl, t_dice, level, event.get("target_difficulty"))
    shot = ranged.RangedAttack.from_dict(request, field="attack")
    return RangedRead(shot, shooter, target, s_decl, t_decl, s_dice, t_dice, frozenset(s_carry) | frozenset(t_carry))


def _ranged(state: State, event: dict) -> State:
    """Ranged fire (F95 4.4; F93 4.65): read into :class:`ranged.RangedAttack` exactly as the JSON
    door's ``ranged`` action reads it (:func:`read_ranged`), resolved and its hits landed by
    :func:`ranged.fire`. The shooter fires with his attack skill (or the one declared); an aware
    target dodges with his defence skill (or the one declared)."""
    r = read_ranged(state, event)
    shooter, target = r.shooter, r.target
    outcome, landed = ranged.fire(r.attack, fighters=r.fighters, target=target.fighter.name, rules=state.rules,
                                  dice=r.dice, willpower=r.willpower)
    after = _wounded(state, [(c, landed.fighters[c.fighter.name]) for c in (shooter, target)])
    hits = [f"{b.defender} {'stunned' if b.stun else wounds.LEVEL_NAMES[b.level]}" for b in landed.blows]
    shots = ", ".join(f"{s.shooter} {'hits' if s.hit else 'misses'}" for s in outcome.shots)
    text = (f"Round {state.round}, {shooter.fighter.name} shoots at {target.fighter.name}: {shots}"
            + (f"; {', '.join(hits)}" if hits else "") + ".")
    return replace(after, carry=tuple(k for k in state.carry if k not in r.used),
                   last={"kind": "ranged", "shooter": shooter.id, "target": target.id, "attack": r.attack.to_dict(),
                         "ranged": outcome.to_dict(), "text": text,
                         "outcome": {"steps": [s.to_dict() for s in outcome.steps + landed.steps],
                                     "blows": [b.to_dict() for b in landed.blows],
                                     "blocks": [b.to_dict() for b in landed.blocks]}})


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
    _must_act(state, a, "a")
    _must_act(state, b, "b")
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
    acts = _acted(state, [(c.id, HASTY) for c, hasty in ((a, a_hasty), (b, b_hasty)) if hasty])
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
    why = refused_roles(c.fighter, _declared(state, c, None, where)[0], state.rules).get("attacker")
    if hasty and why:
        raise EncounterError(f"{c.fighter.name} cannot attack, hastily or not: {why}.", field=f"{where}.hasty")
    return hasty


def _initiatives(state: State) -> list[dict[str, Any]]:
    """The initiative results that hold now: this round's, or the battle's (F95 4.23: "rolled
    once for each battle or once each round")."""
    battle = state.rules["melee.initiative"] == "battle"
    return [{"a": a, "b": b, "first": first, "round": rnd} for a, b, first, rnd in state.initiative
            if battle or rnd == state.round]


def _story(state: State, event: dict) -> State:
    """A story element (F95 4.21; F93 4.61): the combat skill with the GM's modifier (−3…+3),
    one roll or three combined by ``actions.story_aggregate``; the GM narrates the outcome."""
    c = state.find(event.get("id"))
    _must_act(state, c, "id")
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
    if isinstance(amount, bool) or not isinstance(amount, int) or abs(amount) > actions.STORY_MODIFIER_LIMIT:
        raise RequestError("modifier must be a whole number from −3 to +3.", field="modifier")
    skill = event.get("skill")
    if skill is not None and not isinstance(skill, str):
        raise RequestError("skill must name one of his skills.", field="skill")
    level = c.fighter.skill(skill)
    # F95 4.21: the GM's one modifier (−3…+3) already weighs "fatigue, lighting, footing,
    # surprise, ... wounds", so no wound penalty is added on top.
    mods = (actions.Modifier("GM's modifier", amount, "F95 4.21"),) if amount else ()
    outcome = actions.story_element(actions.Check(level, mods), read, rules=state.rules)
    text = (f"Round {state.round}, story element: {c.fighter.name} gets "
            f"{ladder.name(outcome.result)}.")
    return replace(state, last={"kind": "story", "id": c.id, "outcome": outcome.to_dict(), "text": text})


def _track_event(state: State, event: dict, change: Callable[[wounds.WoundTrack, RuleSet], Any],
                 kind: str, text: str) -> State:
    c = state.find(event.get("id"))
    outcome = change(c.fighter.track_for(state.rules), state.rules)
    fighter = c.fighter.with_track(outcome.track)
    return replace(state.put(replace(c, fighter=fighter)),
                   last={"kind": kind, "id": c.id, "outcome": outcome.to_dict(),
                         "text": f"{c.fighter.name}: {text}."})


def _box(state: State, event: dict) -> State:
    after = _track_event(
        state, event,
        lambda t, r: wounds.set_box(t, event.get("row"), event.get("index"), event.get("value"), field="box"),
        "box", "a box set by the GM")
    # In the log's plain words: which box the GM marked or cleared by hand.
    c = after.find(event.get("id"))
    rows = c.fighter.track_for(after.rules).view(rules=after.rules, pain=c.fighter.pain_threshold).get("rows") or []
    row = next((r for i, r in enumerate(rows) if r.get("row", i) == event.get("row")), None)
    if row is None:
        return after
    value = event.get("value")
    verb = "clears" if not value else "marks"
    # A lighter wound overflowed into a heavier row's box (F95 4.57's "H") says which it is.
    overflow = (f" with {wounds.LEVEL_NAMES[value]}" if value and row.get("level") not in (None, value)
                and isinstance(value, int) and 0 < value < len(wounds.LEVEL_NAMES) else "")
    text = f"{c.fighter.name}: the GM {verb} {row['name']} box {event.get('index', 0) + 1}{overflow}."
    return replace(after, last={**after.last, "text": text})


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
    return replace(after, carry=(), stunned=(), initiative=(), acts=(), round=1,
                   last={"kind": "end_battle", "text": "End of battle: Scratches and stuns clear."})


def _rename(state: State, event: dict) -> State:
    name = _check_name(event.get("name"))
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
    "add": _add, "edit": _edit, "remove": _remove, "rules": _rules, "exchange": _exchange,
    "group": _group, "ranged": _ranged, "story": _story, "initiative": _initiative,
    "box": _box, "wound": _wound, "heal": _heal, "end_battle": _end_battle, "next_round": _next_round,
    "rename": _rename,
    "players": _players,
}
EVENT_KINDS = tuple(HANDLERS) + ("undo", "redo")
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
        self.dice: list[str] = []  # the dice of each line's event ("" for none)
        self.details: list[dict[str, Any] | None] = []  # each line's outcome, to explain it again

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
                raise err.at("event")
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
        return round_view.log_document(self.state.name, self.lines, self.dice, fmt)

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
        if len(log) > MAX_EVENTS:
            raise RequestError(f"An encounter's log holds at most {MAX_EVENTS:,} events, this one "
                               f"{len(log):,}.", field=f"{field}.log")
        # A stored log is read as the build that wrote it read it (checks.stored_log).
        with stored_log():
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
        """Everything the UI renders, derived from the state.

        What the round form asks for comes from here, computed by the predicates the events'
        reading uses, so the app holds no rule of its own (docs/app.md):

        - ``roll_dice`` ``{dice, count, faces, low, high}``: the combat roll's technique
          (``dice.technique``, F95 4.1; F93 4.21–4.22); ``faces``: its faces are Fudge dice, entered
          as −/0/+ toggles (else, the 2d6 ways, a total is entered); ``low``/``high``: the totals.
        - ``next`` ``{form, kind, a, b, round_over}``: the pair to run next (:mod:`round_view`),
          ``roles``: the role of each form's first pick (a key of a card's ``unable``),
          ``exchange_kind``: simultaneous ``round`` or alternating ``attack`` (F95 4.23);
          ``changes``: the fighters the last event moved, before → after; ``undo_label``: what
          Undo would undo; ``log_dice``: each log line's dice; ``log_details``: which lines can
          be explained again (``encounter.explain``).
        - ``damage_dice`` ``{dice: "1dF"|"4dF"|"3d6"|None, count, rolls}``: a hitter's damage dice
          (:func:`damage.dice_needed` for a full hit; 3d6 for Min-Mid-Max, F95 4.63), and ``graze``:
          the dice a graze reads when they differ (:func:`damage.graze_dice`), else None.
        - ``group_roll`` ``{dice, count}``: the GM's one roll for the foes of a group round
          (:func:`multi.group_roll_dice`, F95 4.34).
        - ``declare`` ``{all_out, stance, aim_relative, parts}``: whether all-out (F95 4.31) and
          stances (F95 4.32) may be declared (:func:`melee.all_out_offered`,
          :func:`stances.stances_offered`), and a called shot's relative degree (F95/MUD 4.35,
          :func:`location.called_shots`); ``parts``: the hit location table's body parts
          (:func:`location.part_names`), the names an aim is read against under MUD 4.35;
          ``hasty``: a hasty attack, declared at the initiative roll or on the attack (F95 4.23,
          :func:`melee.hasty_offered`); ``speed``: both fighters of an exchange may roll Speed
          (``a_dice.speed``/``b_dice.speed``, F95 4.36, :func:`melee.speed_contest_offered`);
          ``location_check``: None, ``"optional"`` or ``"required"``, the defender's
          Willpower/Constitution check result after a MUD 4.35 location hit
          (``b_declares.location_check``, :func:`location.location_check_input`).
          Their labels and where each goes: the door's ``describe`` ``inputs``.
        - ``this_round``: under alternating turns, who attacked, defended all-out or went hasty
          this round, and what the round form must not offer him (:func:`_this_round`, F95 4.23).
        - ``ranged`` ``{burst}``: whether ranged fire takes a burst's size (automatic fire, F95 4.4,
          MUD 4.54: :func:`ranged.autofire_in_use`).
        - per combatant ``inputs`` ``{shield, damage_check, willpower, capacity}``: the entries he
          may be asked for when a blow reaches him (CO 2.2, CO 4.3, F95 4.52 nos. 4 and 1), and
          ``unable`` ``{role: reason}``: the roles of :data:`ROLES` he cannot take now
          (:func:`refused_roles` with his stun carried, F95 4.51, 4.62; ``attacker`` after his
          all-out defence this round of alternating turns, F95 4.23).
        """
        state, rules = self.state, self.state.rules
        factors = {c.id: _factors(c.fighter, rules) for c in state.combatants}
        acted = round_view.acted_this_round(self.states)
        cards = [_card(c, state, *factors[c.id], acted=c.id in acted) for c in state.combatants]
        for card in cards:  # F95 4.23: an all-out defender forfeits this round's attack
            card["unable"] = {**_forfeited(state, card["id"]), **card["unable"]}
        form = "story" if rules["melee.pacing"] == "story" else "exchange"
        kind = "attack" if rules["melee.pacing"] == "alternating" else "round"
        initiative = _initiatives(state)
        return {
            "name": state.name,
            "ruleset": rules.to_dict(),
            "round": state.round,
            "combatants": cards,
            "pairs": _pairs(state, factors),
            "no_roll": _no_roll(state),
            "last": state.last,
            "log": list(self.lines),
            "can_undo": len(self.states) > 1,
            "can_redo": bool(self.redo),
            "pacing": rules["melee.pacing"],
            # What the round form offers under this pacing: story pacing resolves story elements
            # instead of exchanges (F95 4.21); several foes and ranged fire fit every pacing.
            "initiative": initiative,
            "this_round": _this_round(state) if rules["melee.pacing"] == "alternating" else [],
            "forms": [form, "group", "ranged"],
            # The role each form's first pick takes (the key of a card's ``unable``); a group
            # round's foes take "foe", a ranged target his mode's name.
            "roles": {"exchange.round": "fighter", "exchange.attack": "attacker", "group": "lone",
                      "ranged": "shooter", "story": "fighter"},
            "exchange_kind": kind,
            "next": round_view.suggest_next(self.states, cards, form, kind, initiative),
            "changes": self._changes(),
            "undo_label": round_view.undo_label(state.last, {c.id: c.fighter.name for c in state.combatants})
            if len(self.states) > 1 else "",
            "log_dice": list(self.dice),
            "log_details": [d is not None for d in self.details],
            "roll_dice": _roll_dice(rules),
            "damage_dice": {**(needed := damage.dice_needed(rules)), "d6": needed["dice"] == "3d6",
                            "graze": damage.graze_dice(rules)},
            # The name of each check a card's ``inputs`` may ask for (the option that turns it on).
            "check_labels": {k: OPTIONS[key].label for k, key in CHECK_OPTIONS.items()},
            "group_roll": multi.group_roll_dice(rules),
            "declare": {"all_out": melee.all_out_offered(rules), "stance": stances.stances_offered(rules),
                        "aim_relative": location.called_shots(rules), "parts": location.part_names(rules),
                        "hasty": melee.hasty_offered(rules), "speed": melee.speed_contest_offered(rules),
                        "location_check": location.location_check_input(rules)},
            "ranged": {"burst": ranged.autofire_in_use(rules)},
            "events": len(self.log),
            # The GM's choice of what players see of an NPC (pyfudge.players), with its labels.
            "players_see": [{"key": p, "label": f"NPCs' {players_see.LABELS[p]}", "shown": p in state.players_see,
                             "hint": players_see.HINTS.get(p, "")}
                            for p in players_see.SEE],
        }


    def _changes(self) -> list[dict[str, Any]]:
        """The fighters the last event moved, with their state before and after."""
        if len(self.states) < 2:
            return []
        prev, state = self.states[-2], self.states[-1]
        old = {c.id: c for c in prev.combatants}
        moved = []
        for c in state.combatants:
            p = old.get(c.id)
            if p is None or p.fighter == c.fighter:
                continue
            before, after = (_status_of(x.fighter, s.rules) for x, s in ((p, prev), (c, state)))
            if before != after or p.fighter.track_for(prev.rules) != c.fighter.track_for(state.rules):
                moved.append((c.id, c.fighter.name, before, after))
        return round_view.changes(moved, state.last)


def _status_of(f: Fighter, rules: RuleSet) -> str:
    track = f.track_for(rules)
    return _status(track, track.view(rules=rules, pain=f.pain_threshold))


# The option behind each check of a card's ``inputs`` (CO 2.2, CO 4.3, F95 4.52).
CHECK_OPTIONS = {"shield": "co.shield", "damage_check": "co.damage_check", "willpower": "wounds.willpower",
                 "capacity": "damage.capacity"}


def _roll_dice(rules: RuleSet) -> dict[str, Any]:
    """The combat roll as the events read it (:func:`dice.read_action`, ``dice.technique``)."""
    tech = dice.technique(rules["dice.technique"])
    # low/high: the totals a player may enter (the round form's total picker).
    return {"dice": tech.key, "count": tech.count, "faces": tech.die == dice.FUDGE_FACES,
            "low": tech.low, "high": tech.high}


def _text(state: State) -> str:
    return state.last["text"] if state.last else ""


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise RequestError(f"An encounter's name has 1 to {MAX_NAME} characters.", field="name")
    return REQUEST.visible(name, "name")  # no control characters, not only invisible ones


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


def _card(c: Combatant, state: State, odf: Factors, ddf: Factors, *, acted: bool = False) -> dict[str, Any]:
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
        "inputs": {"shield": shields.makes_shield_checks(f.shield, rules),
                   "damage_check": wounds.damage_checks_in_use(rules),
                   "willpower": wounds.willpower_in_use(rules),
                   "capacity": damage.capacity_roll_in_use(rules)},
        "unable": refused_roles(f, _stunned_only(_stun_now(state, c)), rules),
        # The table's turn sense: he took his action this round; the ids of those on the other
        # side, the only ones the round form offers against him.
        "acted": acted,
        "foes": [o.id for o in state.combatants if o.side != c.side],
    }


def _no_roll(state: State) -> list[dict[str, str]]:
    """Every ordered pair, of any sides, in which ``a`` makes no roll against ``b``: under F95
    4.33's PC-vs-NPC mode an NPC scores her trait level against a PC — a sparring pair on one
    side too, which the round form may pick like any other."""
    return [{"a": a.id, "b": b.id} for a in state.combatants for b in state.combatants
            if a.id != b.id and sides.fixed_npc(a.fighter, b.fighter, state.rules)]


def _pairs(state: State, factors: dict[str, tuple[Factors, Factors]]) -> list[dict[str, Any]]:
    """Each fighter's total damage factor against each foe on the other side (F95 4.55: "jot
    down" ODF − DDF for each pair); who rolls against whom is :func:`_no_roll`'s."""
    return [
        {"a": a.id, "b": b.id, "tdf": factors[a.id][0].total - factors[b.id][1].total}
        for a in state.combatants for b in state.combatants if a.side != b.side
    ]
