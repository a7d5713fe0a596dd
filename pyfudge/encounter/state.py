"""The encounter's state after some events, and the reading every event shares.

:class:`State` is what replaying a log reaches: the ruleset, the combatants with their sides, and
what the round remembers (carried modifiers, stuns, initiative, alternating turns' acts, F95
4.23). The functions here read what several events read alike: a fighter and his side, the names
of added fighters, a declaration with what earlier exchanges carried to him, the roles a fighter
cannot take now, and the wounds an exchange leaves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from ..combat import declaration, sides
from ..combat.declaration import Declaration, FighterDice
from ..combat.fighter import NAME_LIMIT, Fighter
from ..combat.outcomes import Blow, Carry
from ..core.checks import REQUEST, replaying
from ..core.errors import RequestError, RuleError
from ..core.ruleset import RuleSet
from ..rules import actions, wounds

SIDES = ("players", "foes")
# The role of a fighter added to a side without one: a foe is an NPC unless the GM says otherwise,
# so that what players see of him is the GM's choice (pyfudge.players), not his whole sheet.
ROLE_BY_SIDE = {"players": "pc", "foes": "npc"}
MAX_COMBATANTS = 40
MAX_NAME = 80  # an encounter's name (a fighter's is at most NAME_LIMIT)
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
    # The GM ended the battle (F95 4.8's "after a battle"); the next exchange or round starts a new one.
    over: bool = False

    def find(self, cid: Any, where: str = "id") -> Combatant:
        if not isinstance(cid, str) or not 0 < len(cid) <= MAX_ID:
            raise RequestError("A combatant is named by their id, a short text such as \"c1\".", field=where)
        for c in self.combatants:
            if c.id == cid:
                return c
        raise EncounterError(f"No combatant {str(cid)[:40]!r} in this encounter.", field=where)

    def put(self, combatant: Combatant) -> State:
        return replace(self, combatants=tuple(combatant if c.id == combatant.id else c for c in self.combatants))



def heading(round_number: int, over: bool) -> str:
    """What the encounter's header says: the round, or that the battle is over."""
    return "The battle is over" if over else f"Round {round_number}"


def side_of(event: dict, fighter: Fighter, default: str | None = None) -> str:
    side = event.get("side", default or ("players" if fighter.role == "pc" else "foes"))
    if side not in SIDES:
        raise RequestError(f"side must be one of {', '.join(SIDES)}.", field="side")
    return side



def fighter_of(event: dict, state: State) -> Fighter:
    if "fighter" not in event:
        raise RequestError("The event needs a fighter.", field="fighter")
    return Fighter.from_dict(event["fighter"], field="fighter")  # his name at most NAME_LIMIT characters



def check_unique_name(state: State, fighter: Fighter, keep: str | None = None) -> None:
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



def names_for(state: State, event: dict, fighter: Fighter) -> list[str]:
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
        REQUEST.name(name, f"names[{i}]", NAME_LIMIT)  # as a fighter's own name is checked
        if name in taken:
            raise EncounterError(f"There is already a combatant called {name!r}.", field=f"names[{i}]")
        taken.add(name)
    return names



def declared_carry(state: State, c: Combatant, raw: Any, where: str) -> tuple[Declaration, tuple[Carry, ...]]:
    """The combatant's declaration with what earlier exchanges carried to him, and his stun."""
    decl = Declaration.from_dict(raw, field=where)
    mine = tuple(k for k in state.carry if k.to == c.fighter.name)
    mods, dmods, no_defence = list(decl.modifiers), list(decl.defence_modifiers), decl.no_defence
    for k in mine:
        no_defence = no_defence or k.no_defence
        if k.modifier is not None:
            (dmods if k.scope == "defence" else mods).append(k.modifier)
    decl = replace(decl, modifiers=tuple(mods), defence_modifiers=tuple(dmods), no_defence=no_defence,
                   stunned=max(decl.stunned, stun_now(state, c)))
    return decl, mine



def stun_now(state: State, c: Combatant) -> int:
    """His stun status this round, from the stuns earlier blows started (F95 4.62)."""
    return max((status for sid, status, until in state.stunned if sid == c.id and state.round <= until), default=0)



@cache
def stunned_only(stunned: int) -> Declaration:
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



def must_act(state: State, c: Combatant, field: str) -> None:
    """Refuse a roll of one who is "incapable of any actions" (F95 4.51, 4.62; :func:`refused_roles`)."""
    why = refused_roles(c.fighter, declared_carry(state, c, None, field)[0], state.rules).get("fighter")
    if why and not replaying():  # earlier builds logged such rolls: they replay as they were
        raise EncounterError(f"{c.fighter.name} cannot roll now: {why}.", field=field)



ATTACKED, ALL_OUT_DEFENCE, HASTY = "attacked", "all_out_defence", "hasty"


# F95 4.23: a hasty attack is "-1 to attack and defend that round": the defence's part, which
# :func:`remembered` writes into the defender's declaration.
HASTY_DEFENCE = actions.Modifier("hasty attack this round", -1, "F95 4.23")



def did(state: State, cid: Any, act: str) -> bool:
    """Has combatant ``cid`` done or declared ``act`` this round (F95 4.23)?"""
    return (cid, act, state.round) in state.acts



def acted_with(state: State, acts: list[tuple[str, str]]) -> tuple[tuple[str, str, int], ...]:
    """``state.acts`` of this round with these ``(id, act)`` added (earlier rounds' dropped)."""
    kept = tuple(x for x in state.acts if x[2] == state.round)
    return kept + tuple(dict.fromkeys((cid, act, state.round) for cid, act in acts if not did(state, cid, act)))



def forfeited(state: State, cid: str) -> dict[str, str]:
    """``{"attacker": reason}`` if ``cid`` defended all-out this round of alternating turns (F95
    4.23), which each card's ``unable`` lists too; else empty."""
    if state.rules["melee.pacing"] != "alternating" or not did(state, cid, ALL_OUT_DEFENCE):
        return {}
    return {"attacker": "Defended all-out this round: no attack left (F95 4.23)"}



def this_round(state: State) -> list[dict[str, Any]]:
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
        unable = forfeited(state, c.id)
        if ATTACKED in did:
            unable["all_out_defence"] = "Attacked this round: all-out defence forfeits the round's attack (F95 4.23)"
        rows.append({"id": c.id, "attacked": ATTACKED in did, "all_out_defence": ALL_OUT_DEFENCE in did,
                     "hasty": HASTY in did, "unable": unable})
    return rows



def roll_of(d: FighterDice, placeholder: int | None = None) -> tuple[int | None, tuple[int, ...]]:
    """A combat roll as a group round's contender or a shot holds it: its total, and its faces when
    they are four Fudge dice; ``placeholder`` for a roll not given (0 for the odds before rolling)."""
    if d.roll is None:
        return placeholder, ()
    return d.roll.total, d.roll.faces if d.roll.technique == "4dF" else ()



def wounded(state: State, pairs: list[tuple[Combatant, Fighter]]) -> State:
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



def blow_text(blow: Blow) -> str:
    """A landed blow in the log's plain words: the defender and his wound, and where it was
    marked when its boxes were full (F95 4.57: "Very Hurt → Incapacitated"); for a stunning attack
    what the stun left him (F95 4.62: "a Hurt result is called a Stun", a second makes him Very
    Stunned, "Incapacitated or worse ... results in a knockout"; a Scratch or less stuns no one,
    :func:`wounds.record_stun`, so he is "not stunned"); and a head blow's knockout (F95 4.62)."""
    if not blow.stun:
        text = f"{blow.defender} {wounds.LEVEL_NAMES[blow.level]}"
        if blow.record.box is not None and blow.record.level_marked > blow.level:
            text += f" → {wounds.LEVEL_NAMES[blow.record.level_marked]}"  # F95 4.57: its boxes were full
    elif blow.level <= wounds.SCRATCH:
        text = f"{blow.defender} not stunned ({wounds.LEVEL_NAMES[blow.level]})"
    else:
        after = blow.record.track
        text = f"{blow.defender} {'knocked out' if after.knocked_out else wounds.STUN_NAMES[after.stun].lower()}"
    if blow.head_blow is not None and blow.head_blow.box is not None:
        text += ", knocked out (blow to the head)"
    return text


def check_name(name: Any) -> str:
    return REQUEST.name(name, "name", MAX_NAME)  # checked as every name is, up to its own length
