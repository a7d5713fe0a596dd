"""Odds before rolling, in an encounter: the exact chances of the exchange or group round being
prepared (:func:`event_odds` dispatches on the draft's ``t``).

The round form sends its draft ``exchange`` event (as it would send it to Resolve, see
:mod:`pyfudge.encounter.log`); the odds are those of that event applied to the encounter as it
stands now: the fighters' records and wound tracks (so their penalties, F95 4.57), what earlier
exchanges carried to them (F95 4.23, 4.31) and their stuns (F95 4.62), read by
:func:`pyfudge.encounter.exchange.read_exchange` — the reading the event itself takes — the round number
and the encounter's ruleset. Dice in the draft are ignored: the odds weigh every roll
(:func:`pyfudge.analysis.odds.attack_odds`, exact Fractions).

A draft ``group`` event (one fighter against several foes, F95 4.34) is read by
:func:`pyfudge.encounter.rounds.read_group`, the reading the event itself takes (penalties, carries,
stuns, foes who cannot act left out, the GM's one roll per ``multi.group_dice``), and weighed by
:func:`pyfudge.analysis.group_odds.group_odds` (the door's ``group_odds``) with the event's F95 4.62 hook: a
stunned fighter's blows do not land. ``group_roll: {}`` (no dice yet) says the GM rolls once.

A draft ``ranged`` event (F95 4.4) is read by :func:`pyfudge.encounter.rounds.read_ranged`, as the event
itself is (skills, penalties and carries in each side's modifiers, difficulties, weapon, burst),
and weighed by :func:`pyfudge.analysis.ranged_odds.ranged_odds` (the door's ``ranged_odds``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..core.errors import FudgeError, RequestError
from ..encounter.exchange import read_exchange
from ..encounter.log import EVENT_FIELDS, event_kind, remembered
from ..encounter.rounds import read_group, read_ranged
from ..encounter.state import State
from . import group_odds as group_odds_mod
from . import odds
from . import ranged_odds as ranged_odds_mod


def event_odds(state: State, event: Any, *, sample: bool | int = False) -> dict[str, Any]:
    """The exact odds of a draft ``exchange``, ``group`` or ``ranged`` event in ``state``; with
    ``sample`` (True, or a number of draws), odds too dear to weigh exactly are sampled
    (:func:`~.odds.attack_odds`, :func:`~.group_odds.group_odds`, :func:`~.ranged_odds.ranged_odds`)."""
    how: dict[str, Callable[[State, Any], dict[str, Any]]] = {
        "exchange": partial(exchange_odds, sample=sample), "group": partial(group_odds, sample=sample),
        "ranged": partial(ranged_odds, sample=sample)}
    kind = event_kind(event)  # a type t read as applying the event reads it
    if kind in how:
        out = how[kind](state, event)
        return {**out, "summary": summary(out)}
    raise RequestError("The odds are asked of a draft exchange, group or ranged event ({t: \"exchange\", a, b, …}, "
                       "{t: \"group\", lone, foes, …} or {t: \"ranged\", shooter, target, …}).", field="event")


def _pct(p: float) -> str:
    whole = round(p * 100)  # half to even: 0.5 % would show as 0 %, a chance that can happen
    return "< 1 %" if p > 0 and whole == 0 else f"{whole} %"


def _likeliest(wounds: list[dict[str, Any]]) -> str | None:
    hurt = [w for w in wounds if w["level"] > 0]
    return max(hurt, key=lambda w: w["p"])["name"] if hurt else None


def summary(out: dict[str, Any]) -> str:
    """The odds in one plain line: "Aldric wounds Goblin 74 %, most likely Very Hurt; Goblin
    wounds Aldric 12 %, most likely Scratch" (the tables stay for who unfolds them); sampled odds
    begin "About:" and end with their margin."""
    if out.get("t") == "group":
        after = _likeliest(out["lone_after"])
        taken = 1 - next((h["p"] for h in out["hits_taken"] if h["hits"] == 0), 0)
        line = (f"{out['lone']} lands a blow {_pct(out['strikes']['p'])}; takes one or more {_pct(taken)}"
                + (f", most likely ending {after}" if after and taken > 0 else ""))
    else:
        parts = []
        for d in out["directions"]:
            hurt = sum(w["p"] for w in d["wounds"] if w["level"] > 0) + sum(w["p"] for w in d.get("stuns", []))
            likely = _likeliest(d["wounds"] + d.get("stuns", []))
            parts.append(f"{d['attacker']} wounds {d['defender']} {_pct(hurt)}"
                         + (f", most likely {likely}" if likely and hurt > 0 else ""))
        line = "; ".join(parts)
    sampled = out.get("sampled")  # labelled as what it is: about, within its margin
    return f"About: {line} (±{round(sampled['margin'] * 100)} points)." if sampled else f"{line}."


def _check_draft(event: Any, t: str, fields: str, a_kind: str) -> None:
    """A draft event of type ``t`` with no field its event type lacks (dice may be there)."""
    if not isinstance(event, dict) or event.get("t") != t:
        raise RequestError(f"The odds are asked of a draft {t} event ({{t: \"{t}\", {fields}, …}}).",
                           field="event")
    extra = set(event) - {"t"} - EVENT_FIELDS[t]
    if extra:
        key = str(min(extra, key=str))[:40]
        raise RequestError(f"{a_kind} event has no field {key!r}.", field=f"event.{key}")


def exchange_odds(state: State, event: Any, *, sample: bool | int = False) -> dict[str, Any]:
    """The exact odds of the draft ``exchange`` event ``event`` in ``state``, as JSON:
    :meth:`pyfudge.analysis.odds.AttackOdds.to_dict` plus the combatants' ids ``a`` and ``b`` and
    ``attacker_id``/``defender_id`` in each direction, the ``round`` and the ``labels`` of the
    result words."""
    _check_draft(event, "exchange", "a, b", "An exchange")
    event = remembered(state, event)  # what the round remembers, as the event itself (F95 4.23)
    try:
        x = read_exchange(state, event, rolled=False)
        a, b = x.a, x.b
        result = odds.attack_odds(a.fighter, b.fighter, rules=state.rules, a_declares=x.a_decl,
                                  b_declares=x.b_decl, kind=x.kind, round_number=state.round, sample=sample)
    except FudgeError as err:
        raise err.at("event")  # noqa: B904 - the error itself, its field placed in the event
    ids = {a.fighter.name: a.id, b.fighter.name: b.id}
    out = result.to_dict()
    for d in out["directions"]:
        d["attacker_id"], d["defender_id"] = ids[d["attacker"]], ids[d["defender"]]
    return {**out, "a": a.id, "b": b.id, "round": state.round, "labels": odds.RESULT_LABELS}


def group_odds(state: State, event: Any, *, sample: bool | int = False) -> dict[str, Any]:
    """The exact odds of the draft ``group`` event ``event`` in ``state``, as JSON:
    :meth:`pyfudge.analysis.group_odds.GroupOdds.to_dict` plus ``t: "group"``, the ids ``lone_id`` and each
    foe's ``id`` (in the same order as ``foes``), ``out`` (foes who cannot act, left out) and the
    ``round``. The lone fighter's ``targets`` are his order of preference among the foes he may
    wound (the event asks the player to choose once the dice are known, F95 4.34; the odds
    assume this order): ``prefer_ids``. Too many foes rolling their own dice for exact odds are
    sampled as ``sample`` says (:func:`pyfudge.analysis.group_odds.group_odds`)."""
    _check_draft(event, "group", "lone, foes", "A group")
    try:
        g = read_group(state, event, rolled=False)
        declared = group_odds_mod.Declared(g.declares(),
                                           lambda outcome, played: g.held_back(outcome, played, state.rules)[0])
        result = group_odds_mod.group_odds(g.rnd, lone=g.lone.fighter, foes=[c.fighter for c in g.foes],
                                           rules=state.rules, prefer=g.rnd.targets, willpower=g.willpower,
                                           declared=declared, sample=sample)
    except FudgeError as err:
        raise err.at("event")  # noqa: B904 - the error itself, its field placed in the event
    ids = {c.fighter.name: c.id for c in g.foes}
    out = result.to_dict()
    for f in out["foes"]:
        f["id"] = ids[f["name"]]
    return {**out, "t": "group", "lone_id": g.lone.id, "out": [c.id for c in g.out], "round": state.round,
            "prefer_ids": [ids[n] for n in result.prefer]}


def ranged_odds(state: State, event: Any, *, sample: bool | int = False) -> dict[str, Any]:
    """The exact odds of the draft ``ranged`` event ``event`` in ``state``, as JSON:
    :meth:`pyfudge.analysis.ranged_odds.RangedOdds.to_dict` plus ``t: "ranged"``, the ids ``shooter`` and
    ``target``, ``attacker_id``/``defender_id`` in each direction, the ``round`` and the ``labels``
    of the result words. A missing Willpower result names the draft's declaration."""
    _check_draft(event, "ranged", "shooter, target", "A ranged")
    try:
        r = read_ranged(state, event, rolled=False)
        roles = {r.shooter.fighter.name: "shooter", r.target.fighter.name: "target"}
        try:
            result = ranged_odds_mod.ranged_odds(r.attack, shooter=r.shooter.fighter, target=r.target.fighter,
                                                 rules=state.rules, willpower=r.willpower, declares=r.declares,
                                                 sample=sample)
        except FudgeError as err:
            name = (err.field or "").removeprefix("willpower.")
            if name in roles:
                err.field = f"{roles[name]}_declares.willpower"
            raise
    except FudgeError as err:
        raise err.at("event")  # noqa: B904 - the error itself, its field placed in the event
    ids = {r.shooter.fighter.name: r.shooter.id, r.target.fighter.name: r.target.id}
    out = result.to_dict()
    out["steps"] = [s.to_dict() for s in r.notes] + out["steps"]  # choices not counted (MUD 4.32, F93 4.62)
    for d in out["directions"]:
        d["attacker_id"], d["defender_id"] = ids[d["attacker"]], ids[d["defender"]]
    return {**out, "t": "ranged", "shooter": r.shooter.id, "target": r.target.id, "round": state.round,
            "labels": odds.RESULT_LABELS}
