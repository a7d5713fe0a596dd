"""What the app shows of an encounter: its view model, derived from the state.

What the round form asks for comes from here, computed by the predicates the events'
reading uses, so the app holds no rule of its own (docs/app.md):

- ``roll_dice`` ``{dice, count, faces, low, high}``: the combat roll's technique
  (``dice.technique``, F95 4.1; F93 4.21–4.22); ``faces``: its faces are Fudge dice, entered
  as −/0/+ toggles (else, the 2d6 ways, a total is entered); ``low``/``high``: the totals.
- ``next`` ``{form, kind, a, b, round_over}``: the pair to run next and the mode the round
  form starts it in (ranged fire for a missile weapon; :mod:`round_view`),
  ``roles``: the role of each form's first pick (a key of a card's ``unable``),
  ``exchange_kind``: simultaneous ``round`` or alternating ``attack`` (F95 4.23);
  ``changes``: the fighters the last event moved, before → after; ``undo_label``: what
  Undo would undo; ``undone``: what the last event, an Undo, took back ("" after any other);
  ``log_taken_back``: the log lines of events undone and not redone; ``log_dice``: each log
  line's dice; ``log_details``: which lines can be explained again (``encounter.explain``).
  ``log``, ``log_dice`` and ``log_details`` begin at line ``log_from`` (0: the whole log): an
  answer to a page that holds the lines before it sends only the new ones (they never change).
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
  (``b_declares.location_check``, :func:`location.location_check_input`); ``scouting``: the
  Perception roll after an all-out defence does something (F95 4.31, F93 4.62; not MUD);
  ``ignore``: the section of the book in force for a foe the lone fighter ignores (F95/MUD 4.34,
  F93 4.64).
  Their labels and where each goes: the door's ``describe`` ``inputs``.
- ``this_round``: under alternating turns, who attacked, defended all-out or went hasty
  this round, and what the round form must not offer him (:func:`this_round`, F95 4.23).
- ``ranged`` ``{burst}``: whether ranged fire takes a burst's size (automatic fire, F95 4.4,
  MUD 4.54: :func:`ranged.autofire_in_use`).
- ``players_see``: the GM's choice of what players see of an NPC, with its labels; and
  ``players_whole`` ``[{id, name, side, role}]``: the combatants the players' links carry whole
  (:func:`players_see.shown`: player characters, everyone when every part is ticked), for
  the share screen to name.
- per combatant ``inputs`` ``{shield, damage_check, willpower, capacity}``: the entries he
  may be asked for when a blow reaches him (CO 2.2, CO 4.3, F95 4.52 nos. 4 and 1), and
  ``unable`` ``{role: reason}``: the roles of :data:`ROLES` he cannot take now
  (:func:`refused_roles` with his stun carried, F95 4.51, 4.62; ``attacker`` after his
  all-out defence this round of alternating turns, F95 4.23); ``gear``: his weapon and armor
  in a line ("Unarmed / no armor"), ``gear_allows`` ``{forms, ranged_weapon, burst, why}``: the
  forms of the round his weapon allows (:func:`gear_allows`).
- ``gear_default``: a new fighter's gear until one is chosen (:func:`catalogue.unarmed`).
"""

from __future__ import annotations

from typing import Any

from ..combat import location, melee, multi, ranged, sides, stances
from ..combat import shield as shields
from ..combat.fighter import Fighter
from ..core import dice
from ..core.ruleset import RuleSet
from ..rules import catalogue, damage, healing, wounds
from ..rules.factors import Factors, defensive_factors, offensive_factors
from ..rulesets import OPTIONS
from . import players_see, round_view
from .log import Encounter
from .state import Combatant, State, forfeited, heading, refused_roles, stun_now, stunned_only, this_round


def view(enc: Encounter, *, log_from: int = 0) -> dict[str, Any]:
    """Everything the UI renders, derived from the state (what it holds: the module's docstring);
    the log's lines from line ``log_from`` on."""
    state, rules = enc.state, enc.state.rules
    factors = {c.id: fighter_factors(c.fighter, rules) for c in state.combatants}
    acted = round_view.acted_this_round(enc.states)
    form, kind = _form_kind(rules)
    cards = [_card(c, state, *factors[c.id], acted=c.id in acted, form=form) for c in state.combatants]
    initiative = _initiatives(state)
    return {
        "name": state.name,
        "ruleset": rules.to_dict(),
        "round": state.round,
        # The header's words: the round, or that the battle is over (after End of battle).
        "heading": heading(state.round, state.over),
        "over": state.over,
        "combatants": cards,
        "pairs": _pairs(state, factors),
        "no_roll": _no_roll(state),
        "last": state.last,
        "log": enc.lines[log_from:],
        "log_from": log_from,
        "can_undo": len(enc.states) > 1,
        "can_redo": bool(enc.redo),
        "pacing": rules["melee.pacing"],
        # What the round form offers under this pacing: story pacing resolves story elements
        # instead of exchanges (F95 4.21); several foes and ranged fire fit every pacing.
        "initiative": initiative,
        "this_round": this_round(state) if rules["melee.pacing"] == "alternating" else [],
        "forms": [form, "group", "ranged"],
        # The role each form's first pick takes (the key of a card's ``unable``); a group
        # round's foes take "foe", a ranged target his mode's name.
        "roles": {"exchange.round": "fighter", "exchange.attack": "attacker", "group": "lone",
                  "ranged": "shooter", "story": "fighter"},
        "exchange_kind": kind,
        "next": round_view.suggest_next(enc.states, cards, form, kind, initiative),
        "groups": round_view.several_foes(cards),
        "changes": changes(enc),
        "undo_label": round_view.undo_label(state.last, {c.id: c.fighter.name for c in state.combatants})
        if len(enc.states) > 1 else "",
        # What the last event took back, when it was an Undo: "Aldric vs Goblin 1".
        "undone": round_view.undo_label(enc.redo[-1].last, {c.id: c.fighter.name for c in enc.redo[-1].combatants})
        if enc.log and enc.log[-1].get("t") == "undo" else "",
        "log_taken_back": enc.taken_back(),
        "log_dice": enc.dice[log_from:],
        "log_details": [d is not None for d in enc.details[log_from:]],
        "roll_dice": _roll_dice(rules),
        "damage_dice": {**(needed := damage.dice_needed(rules)), "d6": needed["dice"] == "3d6",
                        "graze": damage.graze_dice(rules)},
        # The name of each check a card's ``inputs`` may ask for (the option that turns it on).
        "check_labels": {k: OPTIONS[key].label for k, key in CHECK_OPTIONS.items()},
        "group_roll": multi.group_roll_dice(rules),
        "declare": {"all_out": melee.all_out_offered(rules), "stance": stances.stances_offered(rules),
                    "aim_relative": location.called_shots(rules), "parts": location.part_names(rules),
                    "hasty": melee.hasty_offered(rules), "speed": melee.speed_contest_offered(rules),
                    "location_check": location.location_check_input(rules),
                    # F95 4.31 / F93 4.62: the Perception roll after an all-out defence (MUD: none).
                    "scouting": melee.all_out_offered(rules) and melee.scouting_modifiers(rules=rules) != (None, None),
                    # The book in force's section for a foe the lone fighter ignores (F95/MUD 4.34, F93 4.64).
                    "ignore": multi.SECTION[rules.preset]},
        "ranged": {"burst": ranged.autofire_in_use(rules)},
        # A new fighter's gear until the GM chooses some: the books' unarmed and no armor.
        "gear_default": catalogue.unarmed(rules),
        "events": len(enc.log),
        # The GM's choice of what players see of an NPC (pyfudge.encounter.players), with its labels.
        "players_see": [{"key": p, "label": f"NPCs' {players_see.LABELS[p]}", "shown": p in state.players_see,
                         "hint": players_see.HINTS.get(p, "")}
                        for p in players_see.SEE],
        "players_whole": [{"id": c.id, "name": c.fighter.name, "side": c.side, "role": c.fighter.role}
                          for c in state.combatants
                          if players_see.shown(c.fighter.role, state.players_see) == players_see.SEE],
    }


def next_pair(enc: Encounter) -> dict[str, Any]:
    """The pair the round form offers next (the view's ``next``), read from the turn parts of each
    card alone (:func:`_turn`): what the players' account names as whose turn it is."""
    state = enc.state
    acted = round_view.acted_this_round(enc.states)
    cards = [{"id": c.id, **_turn(c, state, acted=c.id in acted)} for c in state.combatants]
    form, kind = _form_kind(state.rules)
    return round_view.suggest_next(enc.states, cards, form, kind, _initiatives(state))


def _form_kind(rules: RuleSet) -> tuple[str, str]:
    """The round form's own form and exchange kind under the pacing: story elements instead of
    exchanges under story pacing (F95 4.21), alternating attacks under alternating turns (F95 4.23)."""
    return ("story" if rules["melee.pacing"] == "story" else "exchange",
            "attack" if rules["melee.pacing"] == "alternating" else "round")


def changes(enc: Encounter) -> list[dict[str, Any]]:
    """The fighters the last event moved, with their state before and after."""
    if len(enc.states) < 2:
        return []
    prev, state = enc.states[-2], enc.states[-1]
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



def _initiatives(state: State) -> list[dict[str, Any]]:
    """The initiative results that hold now: this round's, or the battle's (F95 4.23: "rolled
    once for each battle or once each round")."""
    battle = state.rules["melee.initiative"] == "battle"
    return [{"a": a, "b": b, "first": first, "round": rnd} for a, b, first, rnd in state.initiative
            if battle or rnd == state.round]



def _status_of(f: Fighter, rules: RuleSet) -> str:
    track = f.track_for(rules)
    return status_text(track, track.view(rules=rules, pain=f.pain_threshold))


# The option behind each check of a card's ``inputs`` (CO 2.2, CO 4.3, F95 4.52).
CHECK_OPTIONS = {"shield": "co.shield", "damage_check": "co.damage_check", "willpower": "wounds.willpower",
                 "capacity": "damage.capacity"}



def _roll_dice(rules: RuleSet) -> dict[str, Any]:
    """The combat roll as the events read it (:func:`dice.read_action`, ``dice.technique``)."""
    tech = dice.technique(rules["dice.technique"])
    # low/high: the totals a player may enter (the round form's total picker).
    return {"dice": tech.key, "count": tech.count, "faces": tech.die == dice.FUDGE_FACES,
            "low": tech.low, "high": tech.high}



def status_text(track: wounds.WoundTrack, view: dict[str, Any]) -> str:
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



def fighter_factors(f: Fighter, rules: RuleSet) -> tuple[Factors, Factors]:
    """A fighter's offensive and defensive damage factors (F95 4.53–4.55)."""
    odf = offensive_factors(rules=rules, strength=f.strength, strength_scale=f.strength_scale, weapon=f.weapon)
    ddf = defensive_factors(rules=rules, capacity=f.damage_capacity, armor=f.armor, mass_scale=f.mass_scale,
                            tough_hide=f.tough_hide, resistant=f.resistant)
    return odf, ddf



def gear_allows(f: Fighter, rules: RuleSet, form: str) -> dict[str, Any]:
    """The forms of the round his weapon allows (:func:`catalogue.weapon_use`), for the round form
    to offer first and warn about the others: the exchange and the group round for a hand weapon,
    ranged fire for a missile weapon, a story element for any; ``ranged_weapon`` (thrown or
    propelled), ``burst``: automatic fire where it is a rule and his weapon fires bursts (F95 4.4)."""
    use = catalogue.weapon_use(f.weapon)
    forms = ([form] if form == "story" or use["melee"] else []) + (["group"] if use["melee"] else [])
    return {"forms": forms + (["ranged"] if use["ranged"] else []), "ranged_weapon": use["ranged"],
            "burst": use["automatic"] and ranged.autofire_in_use(rules), "why": use["why"]}


def _card(c: Combatant, state: State, odf: Factors, ddf: Factors, *, acted: bool,
          form: str) -> dict[str, Any]:
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
        "status": status_text(track, view),
        "penalty": view["penalty"],
        "odf": odf.to_dict(),
        "ddf": ddf.to_dict(),
        "gear": catalogue.gear_line(f.weapon, f.armor),
        "gear_allows": gear_allows(f, rules, form),
        # The ways they may heal now, as the rules allow (F95 4.8, 4.62; MUD 4.8; CO 3.2).
        "heal": healing.heal_ways(track, rules=rules),
        "stunned_until": next((until for sid, _, until in state.stunned if sid == c.id), None),
        "inputs": {"shield": shields.makes_shield_checks(f.shield, rules),
                   "damage_check": wounds.damage_checks_in_use(rules),
                   "willpower": wounds.willpower_in_use(rules),
                   "capacity": damage.capacity_roll_in_use(rules)},
        **_turn(c, state, acted=acted),
    }


def _turn(c: Combatant, state: State, *, acted: bool) -> dict[str, Any]:
    """A card's turn parts, which the round form's next pair is read from: ``unable`` (the roles he
    cannot take now, F95 4.51, 4.62; ``attacker`` after his all-out defence this round, F95 4.23),
    ``can_fight``, ``acted`` (he took his action this round), ``foes`` (the ids of those on the
    other side, the only ones the round form offers against him), ``shoots`` (how his weapon
    fires, F95 4.4, or None) and ``starts_in`` (the mode the round form starts his action in)."""
    weapon = c.fighter.weapon
    return {"can_fight": c.fighter.can_fight(state.rules),
            "shoots": round_view.shoots(weapon), "starts_in": round_view.starts_in(_form_kind(state.rules)[0], weapon),
            "unable": {**forfeited(state, c.id),
                       **refused_roles(c.fighter, stunned_only(stun_now(state, c)), state.rules)},
            "acted": acted, "foes": [o.id for o in state.combatants if o.side != c.side]}



def _no_roll(state: State) -> list[dict[str, str]]:
    """Every ordered pair, of any sides, in which ``a`` makes no roll against ``b``: under F95
    4.33's PC-vs-NPC mode an NPC scores her trait level against a PC — a sparring pair on one
    side too, which the round form may pick like any other."""
    return [{"a": a.id, "b": b.id} for a in state.combatants for b in state.combatants
            if a.id != b.id and sides.fixed_npc(a.fighter, b.fighter, state.rules)]



def _pairs(state: State, factors: dict[str, tuple[Factors, Factors]]) -> list[dict[str, Any]]:
    """Each fighter's total damage factor against each foe on the other side (F95 4.55: "jot
    down" ODF − DDF for each pair, a gift counted as a wound level left out as the damage leaves
    it, F95 4.52 no. 2); who rolls against whom is :func:`_no_roll`'s."""
    return [
        {"a": a.id, "b": b.id, "tdf": factors[a.id][0].total - damage.ddf_in_total(factors[b.id][1], state.rules).total}
        for a in state.combatants for b in state.combatants if a.side != b.side
    ]
