"""Odds before rolling, in an encounter: the exact chances of the exchange being prepared.

The round form sends its draft ``exchange`` event (as it would send it to Resolve, see
:mod:`pyfudge.encounter`); the odds are those of that event applied to the encounter as it
stands now: the fighters' records and wound tracks (so their penalties, F95 4.57), what earlier
exchanges carried to them (F95 4.23, 4.31) and their stuns (F95 4.62) through
:func:`pyfudge.encounter.declared` — the same path the event itself takes — the round number
and the encounter's ruleset. Dice in the draft are ignored: the odds weigh every roll
(:func:`pyfudge.odds.attack_odds`, exact Fractions).
"""

from __future__ import annotations

from typing import Any

from . import odds
from .encounter import EVENT_FIELDS, EncounterError, State, declared
from .errors import FudgeError, RequestError

def exchange_odds(state: State, event: Any) -> dict[str, Any]:
    """The exact odds of the draft ``exchange`` event ``event`` in ``state``, as JSON:
    :meth:`pyfudge.odds.AttackOdds.to_dict` plus the combatants' ids ``a`` and ``b`` and
    ``attacker_id``/``defender_id`` in each direction, the ``round`` and the ``labels`` of the
    result words."""
    if not isinstance(event, dict) or event.get("t") != "exchange":
        raise RequestError("The odds are asked of a draft exchange event ({t: \"exchange\", a, b, …}).",
                           field="event")
    extra = set(event) - {"t"} - EVENT_FIELDS["exchange"]
    if extra:
        key = min(extra, key=str)
        raise RequestError(f"An exchange event has no field {str(key)[:40]!r}.", field=f"event.{str(key)[:40]}")
    try:
        a, b = state.find(event.get("a"), "a"), state.find(event.get("b"), "b")
        if a.id == b.id:
            raise EncounterError("A combatant cannot fight himself.", field="b")
        kind = event.get("kind", "round")
        if kind not in odds.KINDS:
            raise RequestError("kind must be round or attack.", field="kind")
        a_decl = declared(state, a, event.get("a_declares"), "a_declares")
        b_decl = declared(state, b, event.get("b_declares"), "b_declares")
        result = odds.attack_odds(a.fighter, b.fighter, rules=state.rules, a_declares=a_decl,
                                  b_declares=b_decl, kind=kind, round_number=state.round)
    except FudgeError as err:
        raise err.at("event")
    ids = {a.fighter.name: a.id, b.fighter.name: b.id}
    out = result.to_dict()
    for d in out["directions"]:
        d["attacker_id"], d["defender_id"] = ids[d["attacker"]], ids[d["defender"]]
    return {**out, "a": a.id, "b": b.id, "round": state.round, "labels": odds.RESULT_LABELS}
