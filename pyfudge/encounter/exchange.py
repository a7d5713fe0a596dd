"""An exchange between two combatants (F95 4.22–4.32): reading its event once, for the odds before
the dice are in (:mod:`pyfudge.analysis.preview`) and for applying it to the encounter's state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..combat import attack, outcomes
from ..combat.declaration import Declaration, FighterDice
from ..core.checks import replaying
from ..core.errors import RequestError
from .state import (
    ALL_OUT_DEFENCE,
    ATTACKED,
    HASTY,
    Combatant,
    EncounterError,
    State,
    acted_with,
    blow_text,
    declared_carry,
    did,
    wounded,
)

# Both strike at once (F95 4.22), or one attacks and the other defends (F95 4.23).
KINDS = (outcomes.ExchangeKind.ROUND, outcomes.ExchangeKind.ATTACK)


@dataclass(frozen=True)
class ExchangeRead:
    """An ``exchange`` event read against the state: the two combatants, its ``kind``, their
    declarations (what earlier exchanges carried to them and their stuns included), the carried
    modifiers used, and their dice (none in a draft read for the odds)."""

    a: Combatant
    b: Combatant
    kind: str
    a_decl: Declaration
    b_decl: Declaration
    used: frozenset
    a_dice: FighterDice = FighterDice()
    b_dice: FighterDice = FighterDice()


def read_exchange(state: State, event: dict, *, rolled: bool = True) -> ExchangeRead:
    """Read an ``exchange`` event as :func:`apply_exchange` applies it; with ``rolled`` False its
    dice are not read, nor is an attack the round forfeits refused (the odds before rolling)."""
    a, b = state.find(event.get("a"), "a"), state.find(event.get("b"), "b")
    if a.id == b.id:
        raise EncounterError("A combatant cannot fight themselves.", field="b")
    kind = event.get("kind", "round")
    if kind not in KINDS:
        raise RequestError("kind must be round or attack.", field="kind")
    a_decl, a_carry = declared_carry(state, a, event.get("a_declares"), "a_declares")
    b_decl, b_carry = declared_carry(state, b, event.get("b_declares"), "b_declares")
    read = ExchangeRead(a, b, kind, a_decl, b_decl, frozenset(a_carry) | frozenset(b_carry))
    if not rolled:
        return read
    if kind == "attack":
        _check_forfeit(state, a, b, b_decl)
    rules = state.rules
    return replace(read, a_dice=FighterDice.from_dict(event.get("a_dice"), rules=rules, field="a_dice", speed=True),
                   b_dice=FighterDice.from_dict(event.get("b_dice"), rules=rules, field="b_dice", speed=True))


def _check_forfeit(state: State, a: Combatant, b: Combatant, b_decl: Declaration) -> None:
    """F95 4.23: "A character forfeits his attack for a round if he chooses All-out defense": no
    attack by one who defended all-out this round, no all-out defence by one who attacked."""
    if replaying():  # earlier builds logged such attacks: they replay as they were
        return
    if did(state, a.id, ALL_OUT_DEFENCE):
        raise EncounterError(f"{a.fighter.name} defended all-out this round, so they forfeit their attack this "
                             "round (F95 4.23). Start the next round for their next attack.", field="a")
    if b_decl.all_out == "defense" and did(state, b.id, ATTACKED):
        raise EncounterError(f"{b.fighter.name} attacked this round: all-out defence forfeits the round's "
                             "attack (F95 4.23), so they cannot choose it now.", field="b_declares.all_out")


def apply_exchange(state: State, event: dict) -> State:
    """One simultaneous round or alternating attack (F95 4.22–4.32), resolved by
    :class:`attack.ExchangeRequest` and its wounds marked."""
    x = read_exchange(state, event)
    a, b = x.a, x.b
    request = attack.ExchangeRequest(a.fighter, b.fighter, x.a_decl, x.b_decl, x.a_dice, x.b_dice, state.round,
                                     outcomes.ExchangeKind(x.kind))
    outcome = request.resolve(state.rules)
    after = wounded(state, list(zip((a, b), outcome.fighters)))
    carry = tuple(k for k in state.carry if k not in x.used) + outcome.carry
    acts = state.acts
    if x.kind == "attack":  # F95 4.23: remembered for the rest of the round
        acts = acted_with(state, [(a.id, ATTACKED)] + [(c.id, HASTY) for c, d in ((a, x.a_decl), (b, x.b_decl))
                                                         if d.hasty]
                          + ([(b.id, ALL_OUT_DEFENCE)] if x.b_decl.all_out == "defense" else []))
    return replace(after, carry=carry, acts=acts,
                   last={"kind": "exchange", "a": a.id, "b": b.id, "outcome": outcome.to_dict(),
                         "text": _exchange_text(a, b, outcome)})


def _exchange_text(a: Combatant, b: Combatant, outcome: outcomes.ExchangeOutcome) -> str:
    hits = [blow_text(blow) for blow in outcome.blows]
    tail = f": {', '.join(hits)}" if hits else ""
    return f"Round {outcome.round}, {a.fighter.name} vs {b.fighter.name}: {outcome.result}{tail}."
