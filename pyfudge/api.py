"""The one door between the app and the rules: ``handle(request_json) -> response_json``.

Request: ``{"v": 1, "id": any, "action": "<name>", "args": {...}}``.
Response: ``{"v": 1, "id": same, "ok": true, "result": {...}}`` or
``{"v": 1, "id": same, "ok": false, "error": {"type", "message", "field"}}``.
It never raises: bad input comes back as a ``FudgeError`` turned into data, and an internal
fault as an ``InternalError`` with a readable message (the traceback stays in Python).
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from . import (
    __version__,
    actions,
    bestiary,
    catalogue,
    codec,
    dice,
    healing,
    ladder,
    library,
    players,
    round_view,
    rulesets,
    tables,
    wounds,
)
from .analysis import group_odds, odds
from .checks import REQUEST
from .combat import attack, declaration, location, multi, ranged, shield, stances
from .combat import fighter as fighter_mod
from .encounter import Encounter
from .encounter_view import view
from .errors import FudgeError, RequestError

API_VERSION = 1

Args = dict[str, Any]
Action = Callable[[Args, random.Random], dict[str, Any]]


def _rng(args: Args) -> random.Random:
    """The edge's random source: seeded when the request gives a seed, else the system's."""
    seed = args.get("seed")
    if seed is None:
        return random.Random()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RequestError("seed must be a whole number.", field="seed")
    return random.Random(seed)


def _version(args: Args, rng: random.Random) -> dict[str, Any]:
    return {"pyfudge": __version__, "api": API_VERSION, "actions": sorted(ACTIONS)}


def _ladder(args: Args, rng: random.Random) -> dict[str, Any]:
    return {"levels": ladder.levels()}


def _need(args: Args, key: str) -> Any:
    if key not in args:
        raise RequestError(f"The request needs {key}.", field=key)
    return args[key]


def _rules(args: Args) -> rulesets.RuleSet:
    """The ruleset of a request: ``{"preset", "options"}``, by default Fudge 1995 as printed."""
    return rulesets.RuleSet.from_dict(args.get("ruleset", {"preset": "fudge1995"}), field="ruleset")


def _read_roll(data: Any, rules: rulesets.RuleSet, field: str) -> dice.Roll:
    """A roll entered as ``{"faces": [...]}`` or ``{"total": n}`` in the ruleset's technique."""
    if not isinstance(data, dict) or set(data) - {"faces", "total"}:
        raise RequestError(f"{field} must be an object with faces or a total.", field=field)
    return dice.read_action(rules=rules, faces=data.get("faces"), total=data.get("total"), field=field)


def _describe(args: Args, rng: random.Random) -> dict[str, Any]:
    """Everything a form needs: presets, every option, the ladder, the wound levels, the sheet's
    choices, the shape of every table option (``tables.shapes``, for the table editor) and the
    NPC templates a GM adds fighters from (``bestiary``, :mod:`pyfudge.bestiary`)."""
    return {
        **rulesets.describe(),
        "ladder": ladder.levels(),
        "wound_levels": [{"value": v, "name": n} for v, n in enumerate(wounds.LEVEL_NAMES)],
        "techniques": sorted(dice.TECHNIQUES),
        # What an entered total is, where the dice are not simply added (R-DICE-ENTRY; F93
        # 4.21–4.22): the result after the rule, for the form to say beside its total field.
        "totals": {k: dice.total_meaning(k)[3:] for k in sorted(dice.TECHNIQUES) if dice.total_meaning(k)},
        "fighter": _FIGHTER_CHOICES,
        "declare": _DECLARE_CHOICES,
        "tables": tables.shapes(),
        "round": _ROUND_LABELS,
        "inputs": _INPUTS,
        "bestiary": bestiary.templates(),
    }


def _choices(pairs: Any) -> list[dict[str, str]]:
    return [{"value": value, "label": label} for value, label in pairs]


# The app's forms: the choices a fighter's sheet and a declaration offer, with their labels, so
# no list is copied into JavaScript (the keys are the ones Fighter/Declaration.from_dict read).
_FIGHTER_CHOICES = {
    "role": _choices(zip(fighter_mod.ROLES, ("Player character", "NPC (pawn)", "Major NPC"))),
    "shield": _choices(zip(fighter_mod.SHIELDS, ("No shield", "Small shield", "Medium shield", "Large shield"))),
    "pain_threshold": _choices(zip(fighter_mod.PAIN, ("Normal", "High Pain Threshold", "Low Pain Threshold"))),
    "resistance": _choices(zip(fighter_mod.RESISTANCE, ("Normal", "Damage Resistant", "Fragile"))),
}
_DECLARE_CHOICES = {
    "all_out": _choices(zip(declaration.AllOut, ("No", "All-out attack", "All-out defence"))),
    "stance": _choices(stances.STANCES[k] for k in sorted(stances.STANCES, reverse=True)),
}


# Inputs of the round form beyond the choices above: ``key``, ``label``, ``section``, ``type``
# (``flag``: true/false; ``roll``: faces or a total in the ruleset's technique, like a combat roll;
# ``level``: a result on the ladder), ``where`` (the event fields that take it: "exchange.a_declares.hasty"
# is the ``hasty`` of an exchange event's ``a_declares``) and ``offered`` (the encounter view's
# flag saying the rules in force use it).
_INPUTS = [
    {"key": "hasty", "label": "Hasty attack (+1 to initiative, −1 to attack and to defend this round)",
     "section": "F95 4.23", "type": "flag",
     "where": ["initiative.a_declares.hasty", "initiative.b_declares.hasty", "exchange.a_declares.hasty"],
     "offered": "declare.hasty",
     "note": "Declared at the initiative roll or on the attack; the encounter carries it to his attack and "
             "defences that round (the logged event holds it)."},
    {"key": "speed", "label": "Speed roll (the winner adds the difference to his weapon skill)",
     "section": "F95 4.36", "type": "roll", "where": ["exchange.a_dice.speed", "exchange.b_dice.speed"],
     "offered": "declare.speed", "note": "Both fighters roll, or neither."},
    {"key": "location_check", "label": "Willpower/Constitution check, the lower of the two (result)",
     "section": "MUD 4.35", "type": "level",
     "where": ["exchange.a_declares.location_check", "exchange.b_declares.location_check"],
     "offered": "declare.location_check",
     "note": "The defender's, when a called shot hits one of his body parts (Wounded or Very Wounded). "
             "\"optional\": the table's effects are guidance and the blow's damage stands; \"required\": "
             "the location table sets the wound (option location.table_wound)."},
]


# The round form's labels: sides, what a Resolve plays (one event kind each), the two exchange
# kinds ({a}/{b} stand for the fighters' names) and the ranged choices (F95 4.4).
_ROUND_LABELS = {
    "sides": _choices((("players", "Players' side"), ("foes", "Foes' side"))),
    "forms": _choices((("exchange", "Two fighters"), ("group", "Several foes on one fighter (F95 4.34)"),
                       ("ranged", "Ranged fire (F95 4.4)"), ("story", "Story element (F95 4.21)"))),
    "exchange_kinds": _choices((("round", "Both strike at once"), ("attack", "{a} attacks, {b} defends"))),
    "ranged_modes": _choices((("aware", "Target dodges"), ("shoot_back", "Target shoots back"),
                              ("unaware", "Target is unaware"))),
    "spaces": _choices((("open", "Open ground"), ("cramped", "Weapons that need room"), ("doorway", "A doorway"))),
    "ranged_weapons": _choices((("propelled", "Propelled (bow, gun, beam)"), ("thrown", "Thrown"))),
}


def _roll(args: Args, rng: random.Random) -> dict[str, Any]:
    """Roll for a trait level, or read the dice a player entered (F95 4.1; F93 4.21–4.22).

    The technique is the ruleset's ``dice.technique`` (4dF unless a ruleset says otherwise), or
    ``dice``: a number of Fudge dice the rules roll (the GM's 2dF group roll, F95 4.34; the 1dF
    damage die, F95 4.61), or ``d6``: a number of six-sided dice (the 3d6 of Min-Mid-Max damage,
    F95 4.63; 1d6, F93 4.5) — their faces are read by their own rule, not added to a trait level, so
    the answer is the roll alone; entered dice are ``faces`` or a ``total``.
    """
    rules = _rules(args)
    level = ladder.check_trait(args.get("level", ladder.FAIR), field="level")
    key = rules["dice.technique"]
    if args.get("dice") is not None and args.get("d6") is not None:
        raise RequestError("Give dice (Fudge dice) or d6 (six-sided dice), not both.", field="d6")
    for arg, what, suffix in (("dice", "Fudge dice", "dF"), ("d6", "six-sided dice", "d6")):
        count = args.get(arg)
        if count is None:
            continue
        # Plain dice only ("3d6"): the 2d6 ways read their two dice their own way (F93 4.21–4.22).
        known = {t.count: k for k, t in dice.TECHNIQUES.items() if k == f"{t.count}{suffix}"}
        if isinstance(count, bool) or not isinstance(count, int) or count not in known:
            raise RequestError(f"{arg} must be a number of {what}: {', '.join(map(str, sorted(known)))}.",
                               field=arg)
        key = known[count]
    if args.get("faces") is None and args.get("total") is None:
        roll = dice.roll_technique(rng, key)
    else:
        roll = dice.read(key, faces=args.get("faces"), total=args.get("total"), field="faces")
    roll = dice.cited(roll, rules)  # a 4dF roll cites the preset's book (F95 4.61, MUD 4.22)
    if args.get("d6") is not None:
        return roll.to_dict()
    result = level + roll.total
    return {
        **roll.to_dict(),
        "level": level,
        "level_name": ladder.name(level, legendary=True),
        "result": result,
        "result_name": ladder.name(result),
    }


def _action(args: Args, rng: random.Random) -> dict[str, Any]:
    """Resolve an action (F93 4.1–4.5, F95 4.21): unopposed, opposed, situational, NPC 1d6, story."""
    rules = _rules(args)
    kind = _need(args, "kind")
    if kind == "unopposed":
        check = actions.Check.from_dict(args.get("check", ladder.FAIR), field="check")
        difficulty = ladder.check_level(ladder.parse(_need(args, "difficulty"), field="difficulty"), field="difficulty")
        return actions.unopposed(check, _read_roll(_need(args, "roll"), rules, "roll"), difficulty=difficulty).to_dict()
    if kind == "opposed":
        a = actions.Check.from_dict(_need(args, "a"), field="a")
        b = actions.Check.from_dict(_need(args, "b"), field="b")
        return actions.opposed(
            a, _read_roll(_need(args, "roll_a"), rules, "roll_a"),
            b, _read_roll(_need(args, "roll_b"), rules, "roll_b"),
        ).to_dict()
    if kind == "situational":
        return actions.situational(_read_roll(_need(args, "roll"), rules, "roll")).to_dict()
    if kind == "npc_d6":
        trait = ladder.check_trait(ladder.parse(_need(args, "trait"), field="trait"), field="trait")
        return actions.npc_d6(trait, _need(args, "faces"), amount=args.get("amount")).to_dict()
    if kind == "story":
        check = actions.Check.from_dict(args.get("check", ladder.FAIR), field="check")
        rolls = _need(args, "rolls")
        if not isinstance(rolls, list):
            raise RequestError("rolls must be a list of one or three rolls.", field="rolls")
        read = [_read_roll(r, rules, f"rolls[{i}]") for i, r in enumerate(rolls)]
        return actions.story_element(check, read, rules=rules).to_dict()
    raise RequestError(
        "kind must be unopposed, opposed, situational, npc_d6 or story.", field="kind"
    )


def _exchange(args: Args, rng: random.Random) -> dict[str, Any]:
    """One melee exchange or alternating attack between two fighters (F95 4.22–4.32)."""
    rules = _rules(args)
    request = attack.ExchangeRequest.from_dict(_need(args, "exchange"), rules=rules, field="exchange")
    return request.resolve(rules).to_dict()


def _group(args: Args, rng: random.Random) -> dict[str, Any]:
    """A lone fighter against several foes, one roll against each (F95 4.34; F93 4.64)."""
    rules = _rules(args)
    rnd = multi.GroupRound.from_dict(_need(args, "round"), field="round", rules=rules)
    try:
        return multi.resolve_melee_group(rnd, rules=rules).to_dict()
    except FudgeError as err:
        raise err.at("round") from None


def _ranged(args: Args, rng: random.Random) -> dict[str, Any]:
    """Ranged fire: unaware, aware or shooting back, with automatic fire (F95 4.4; F93 4.65)."""
    rules = _rules(args)
    shot = ranged.RangedAttack.from_dict(_need(args, "attack"), field="attack", technique=rules["dice.technique"])
    try:
        return ranged.resolve_ranged(shot, rules=rules).to_dict()
    except FudgeError as err:
        raise err.at("attack") from None


def _odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of one exchange or attack before the dice fall, both directions."""
    rules = _rules(args)
    return odds.OddsRequest.from_dict(_need(args, "odds"), field="odds").odds(rules).to_dict()


def _ranged_odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of ranged fire before the dice fall (F95 4.4): each shot both ways."""
    from .analysis import ranged_odds  # lazy: loaded on first use, so not in the start or its snapshot
    rules = _rules(args)
    request = ranged_odds.RangedOddsRequest.from_dict(_need(args, "ranged_odds"), field="ranged_odds",
                                                      technique=rules["dice.technique"])
    return request.odds(rules).to_dict()


def _group_odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of a lone fighter's round against several foes (F95 4.34)."""
    rules = _rules(args)
    request = group_odds.GroupOddsRequest.from_dict(_need(args, "group_odds"), field="group_odds")
    return request.odds(rules).to_dict()


def _called_shot(args: Args, rng: random.Random) -> dict[str, Any]:
    """Where an aimed blow lands (F95 4.35; MUD 4.35). With ``check`` ``{willpower, constitution,
    roll}`` (trait levels and the dice total), a part hit under MUD 4.35's table also gets its
    Willpower/Constitution check (``location.location_check``), returned as ``check``."""
    rules = _rules(args)
    aim = location.CalledShot.from_dict(_need(args, "aim"), field="aim")
    degree = ladder.check_level(_need(args, "relative_degree"), field="relative_degree")
    rolled = ladder.check_level(_need(args, "rolled"), field="rolled")
    outcome = location.resolve_called_shot(aim, relative_degree=degree, rolled=rolled, rules=rules)
    if args.get("check") is None:
        return outcome.to_dict()
    raw = REQUEST.exact(args["check"], "check", {
        "willpower": lambda v, w: ladder.parse(v, field=w), "constitution": lambda v, w: ladder.parse(v, field=w),
        "roll": lambda v, w: REQUEST.whole(v, w, -4, 4)})
    try:
        check = location.location_check(outcome, **raw)
    except FudgeError as err:
        raise err.at("check") from None
    return {**outcome.to_dict(), "check": check.to_dict()}


def _shield_check(args: Args, rng: random.Random) -> dict[str, Any]:
    """A shield check when losing an exchange (CO 2.2)."""
    rules = _rules(args)
    check = shield.ShieldCheck.from_dict(_need(args, "check"), field="check", technique=rules["dice.technique"])
    return shield.shield_check(check, rules=rules).to_dict()


def _track(args: Args, rng: random.Random) -> dict[str, Any]:
    """A fresh wound track for a role under the ruleset (F95 4.57; CO 3)."""
    rules = _rules(args)
    role = wounds.check_role(args.get("role", "pc"), field="role")
    track = wounds.WoundTrack.new(rules, role=role, capacity=args.get("capacity"))
    return {"track": track.to_dict(), "view": track.view(rules=rules)}


def _wound(args: Args, rng: random.Random) -> dict[str, Any]:
    """Record a wound of a given level on a track (F95 4.57; CO 3 needs the damage points)."""
    rules = _rules(args)
    track = wounds.WoundTrack.from_dict(_need(args, "track"), field="track")
    level = wounds.check_wound_level(_need(args, "level"), field="level")
    outcome = wounds.record_wound(track, level, rules=rules, points=args.get("points"))
    return {**outcome.to_dict(), "view": outcome.track.view(rules=rules)}


def _heal(args: Args, rng: random.Random) -> dict[str, Any]:
    """Healing (F95 4.8; MUD 4.8; CO 3.2): end of battle, a healer's result, natural, or CO track."""
    rules = _rules(args)
    track = wounds.WoundTrack.from_dict(_need(args, "track"), field="track")
    how = args.get("how", "skill")
    if how == "end_of_battle":
        outcome = healing.end_of_battle(track, rules=rules)
    elif how == "skill":
        result = ladder.check_level(ladder.parse(_need(args, "result"), field="result"), field="result")
        outcome = healing.heal(track, result, rules=rules)
    elif how == "co":
        result = ladder.check_level(ladder.parse(_need(args, "result"), field="result"), field="result")
        outcome = healing.heal_co(track, result, rules=rules)
    elif how == "natural":
        outcome = healing.natural_healing(track, rules=rules, weeks=args.get("weeks", 1), rolls=args.get("rolls"))
    else:
        raise RequestError("how must be end_of_battle, skill, natural or co.", field="how")
    return {**outcome.to_dict(), "view": outcome.track.view(rules=rules)}


# Open encounters, by the app's id for them: applying an event to an open encounter costs one
# resolution, not a replay of its log. A worker restart empties this; the app then reopens.
_OPEN: OrderedDict[str, Encounter] = OrderedDict()
_OPEN_LIMIT = 8


class SessionError(RequestError):
    """The engine does not hold this encounter at this revision: reopen it with its data."""


def _encounter_id(args: Args) -> str:
    eid = _need(args, "id")
    if not isinstance(eid, str) or not 0 < len(eid) <= 64:
        raise RequestError("id must be a short text naming the encounter.", field="id")
    return eid


def _hold(eid: str, enc: Encounter) -> None:
    """Make ``enc`` the open encounter ``eid`` (the least recently used beyond the limit close)."""
    _OPEN[eid] = enc
    _OPEN.move_to_end(eid)
    while len(_OPEN) > _OPEN_LIMIT:
        _OPEN.popitem(last=False)


def _opened(eid: str, enc: Encounter) -> dict[str, Any]:
    _hold(eid, enc)
    return {"id": eid, "rev": len(enc.log), "view": view(enc)}


def _at_rev(args: Args, eid: str | None, *, any_rev: bool = False) -> Encounter:
    """The encounter ``eid`` at revision ``rev``: the one the engine holds open at that revision,
    else the one sent as ``encounter``, replayed (as after a worker restart) into a new
    :class:`Encounter` that no one holds yet; else a SessionError. ``any_rev``: without a ``rev``,
    the held one at whatever revision it is."""
    rev = args.get("rev")
    enc = _OPEN.get(eid) if eid is not None else None
    if enc is not None and (len(enc.log) == rev or (any_rev and rev is None)):
        return enc
    if "encounter" not in args:
        raise SessionError("The engine does not hold this encounter at this revision; send it with the "
                           "request.", field="id" if any_rev else "rev")
    enc = Encounter.from_dict(args["encounter"], field="encounter")
    if len(enc.log) != rev and not (any_rev and rev is None):
        raise RequestError("rev does not match the encounter's log.", field="rev")
    return enc


def _enc_new(args: Args, rng: random.Random) -> dict[str, Any]:
    """A new, empty encounter: its stored form and its view."""
    enc = Encounter(name=args.get("name", "Encounter"), ruleset=_rules(args))
    return {**_opened(_encounter_id(args), enc), "encounter": enc.to_dict()}


def _enc_open(args: Args, rng: random.Random) -> dict[str, Any]:
    """Open a stored encounter (replaying its log once) and return its view."""
    enc = Encounter.from_dict(_need(args, "encounter"), field="encounter")
    return _opened(_encounter_id(args), enc)


def _enc_apply(args: Args, rng: random.Random) -> dict[str, Any]:
    """Apply one event to an open encounter at revision ``rev``; returns the event to append to
    the stored log (as the encounter logged it, see :func:`pyfudge.encounter.remembered`), the
    new revision and the view. With ``encounter`` given, an encounter the
    engine does not hold (or holds at another revision) is reopened first."""
    eid = _encounter_id(args)
    enc = _at_rev(args, eid)
    try:
        enc.apply(_need(args, "event"))
    except FudgeError as err:
        err.asks = round_view.asks(err.field)
        raise
    # The event as logged: with what the round remembers written in (encounter.remembered).
    return {**_opened(eid, enc), "event": enc.log[-1]}


def _enc_log(args: Args, rng: random.Random) -> dict[str, Any]:
    """The log of an open encounter as ``format`` ``text`` or ``markdown`` (each entry with its
    dice), for the group's chat or notes."""
    enc = _held(args)
    return {"text": enc.log_document(args.get("format", "text")), "format": args.get("format", "text")}


def _enc_explain(args: Args, rng: random.Random) -> dict[str, Any]:
    """Log entry ``index`` of an open encounter again: its line, dice and worked steps."""
    return _held(args).explain(_need(args, "index"))


def _enc_link(args: Args, rng: random.Random) -> dict[str, Any]:
    """A share link's fragment for a stored encounter (checked by replaying it first)."""
    data = _need(args, "encounter")
    Encounter.from_dict(data, field="encounter")
    return {"fragment": codec.encode_link(codec.wrap("encounter", data))}


def _enc_unlink(args: Args, rng: random.Random) -> dict[str, Any]:
    """The encounter a share link carries, validated by replaying it."""
    data = codec.unwrap(codec.decode_link(_need(args, "fragment"), field="fragment"), "encounter",
                        field="fragment")
    enc = Encounter.from_dict(data, field="fragment.data")
    return {"encounter": enc.to_dict(), "view": view(enc)}


def _enc_players_link(args: Args, rng: random.Random) -> dict[str, Any]:
    """The fragment of the players' link of a stored encounter: only what the GM lets players
    see (:func:`pyfudge.players.payload`); hidden values are not in it at all."""
    enc = Encounter.from_dict(_need(args, "encounter"), field="encounter")
    return {"fragment": codec.encode_link(codec.wrap("players", players.payload(enc.state)))}


def _enc_players(args: Args, rng: random.Random) -> dict[str, Any]:
    """The players' view of an open encounter at revision ``rev`` (the table display): the same
    as its players' link would show, built from the same payload."""
    enc = _at_rev(args, _encounter_id(args))
    return {"rev": len(enc.log), "view": players.read(players.payload(enc.state))}


def _players_open(args: Args, rng: random.Random) -> dict[str, Any]:
    """The players' view a link carries: a players' link, or a whole encounter's link (as player
    links were once made), which is replayed and then shown as the players see it."""
    envelope = codec.decode_link(_need(args, "fragment"), field="fragment")
    if isinstance(envelope, dict) and envelope.get("type") == "pyfudge/players":
        return {"view": players.read(codec.unwrap(envelope, "players", field="fragment"), field="fragment.data")}
    data = codec.unwrap(envelope, "encounter", field="fragment")
    enc = Encounter.from_dict(data, field="fragment.data")
    return {"view": players.read(players.payload(enc.state))}


def _enc_import(args: Args, rng: random.Random) -> dict[str, Any]:
    """The encounters an exported file holds (one, or a collection), each validated by replaying
    it; an error names the encounter at fault. Nothing is stored: the app adds them as copies.
    A file with a library (templates, party) also returns ``library``: its entries to add to the
    one the device holds (``library``, as stored), as :func:`pyfudge.library.merged` says."""
    datas, lib = codec.read_file(_need(args, "file"), field="file")
    incoming = None if lib is None else library.read(lib, field="file.data.library.data")
    found = []
    for i, data in enumerate(datas):
        where = "file.data" if len(datas) == 1 else f"file.data.encounters[{i}].data"
        try:
            enc = Encounter.from_dict(data, field="encounter")
        except FudgeError as err:
            if len(datas) > 1:
                name = data.get("name") if isinstance(data, dict) else None
                label = f" ({name[:40]!r})" if isinstance(name, str) else ""
                err.message = f"Encounter {i + 1} of {len(datas)}{label}: {err.message}"
                err.args = (err.message,)
            err.field = where + (err.field or "").removeprefix("encounter")
            raise
        found.append({"encounter": enc.to_dict(), "name": enc.name, "events": len(enc.log),
                      "combatants": len(enc.state.combatants)})
    if incoming is None:
        return {"encounters": found}
    return {"encounters": found, "library": library.merged(args.get("library"), incoming)}


def _enc_export(args: Args, rng: random.Random) -> dict[str, Any]:
    """The text of a file holding one stored encounter (``encounter``) or several
    (``encounters``), each checked by replaying it first; with several, the GM's ``library``
    of templates and party too (checked by :func:`pyfudge.library.read`; then the encounters may
    be none)."""
    if "encounters" in args:
        items = args["encounters"]
        lib = None if args.get("library") is None else library.read(args["library"], field="library")
        least = 0 if lib is not None else 1
        if not isinstance(items, list) or not least <= len(items) <= codec.MAX_COLLECTION:
            raise RequestError(f"encounters must list {least} to {codec.MAX_COLLECTION} encounters.",
                               field="encounters")
        for i, data in enumerate(items):
            Encounter.from_dict(data, field=f"encounters[{i}]")
        text = codec.export_text(codec.collection(items, lib), field="encounters")
        return {"file": text, "count": len(items)}
    data = _need(args, "encounter")
    Encounter.from_dict(data, field="encounter")
    return {"file": codec.export_text(codec.wrap("encounter", data), field="encounter"), "count": 1}


def _gear(args: Args, rng: random.Random) -> dict[str, Any]:
    """Weapons or armor (``kind``) found by the words players use (``query``: "bow", "chain
    mail"), in the ruleset's catalogue first: :func:`catalogue.find_gear`."""
    kind, query = _need(args, "kind"), _need(args, "query")
    return {"kind": kind, "query": query, "results": catalogue.find_gear(_rules(args), kind, query)}


def _library_template(args: Args, rng: random.Random) -> dict[str, Any]:
    """A template to store from a fighter's sheet ``{fighter, side?}`` (:func:`library.template`:
    unhurt, named after his kin)."""
    return library.template(args, field="")


def _library_member(args: Args, rng: random.Random) -> dict[str, Any]:
    """A party member to store from a fighter ``{fighter, side?, status?}``, his wounds kept."""
    return library.member(args, field="")


def _forecast(args: Args, rng: random.Random) -> dict[str, Any]:
    """The fight forecast of an encounter (held open by ``id``, or given whole as ``encounter``):
    the chance each side is the last standing and the expected rounds; ``samples``, ``seed``,
    ``round_cap`` and ``exact`` tune it (see :mod:`pyfudge.forecast`)."""
    from .analysis import forecast  # lazy: loaded on first use, so not in the start or its snapshot
    settings = forecast.ForecastSettings.from_dict(
        {k: args[k] for k in forecast.ForecastSettings.__dataclass_fields__ if k in args}, field="")
    enc = _at_rev(args, args["id"] if isinstance(args.get("id"), str) else None, any_rev=True)
    return forecast.forecast(enc.state, settings=settings).to_dict()


def _held(args: Args) -> Encounter:
    """The encounter ``id`` at revision ``rev`` for a preview (odds, forecast). One sent along is
    held open only if the engine holds none by that id (a restarted worker): a preview one
    revision behind an apply in flight must not replace the newer encounter the apply needs."""
    eid = _encounter_id(args)
    enc = _at_rev(args, eid)
    if eid not in _OPEN:
        _hold(eid, enc)
    return enc


def _enc_odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of a draft ``exchange``, ``group`` or ``ranged`` event (the round form's, dice ignored) in an
    open encounter as it stands: fighters, wounds, carried modifiers, stuns, round and rules."""
    from .analysis import preview  # lazy: loaded on first use, so not in the start or its snapshot
    return preview.event_odds(_held(args).state, _need(args, "event"))


def _enc_forecast(args: Args, rng: random.Random) -> dict[str, Any]:
    """The fight forecast (:mod:`pyfudge.forecast`, default settings) of an open encounter as it
    stands; ``rev`` says which state."""
    from .analysis import forecast  # lazy: loaded on first use, so not in the start or its snapshot
    return {**forecast.forecast(_held(args).state).to_dict(), "rev": args.get("rev"), "labels": forecast.LABELS}


# A QR code holds at most 2,953 bytes (version 40, error level L); longer text cannot fit.
MAX_QR_CHARS = 2953


def _qr(args: Args, rng: random.Random) -> dict[str, Any]:
    """A QR code for a share link, as SVG text (black on white, sized by its viewBox).

    Uses ``segno`` (pure Python), which the app installs on demand from its own site; it is no
    dependency of the rules, so it is imported here only.
    """
    text = _need(args, "text")
    if not isinstance(text, str) or not text:
        raise RequestError("text must be the link to put in the QR code.", field="text")
    too_long = RequestError("This link is too long for a QR code: send the link itself, or export a file.",
                            field="text")
    if len(text.encode("utf-8")) > MAX_QR_CHARS:
        raise too_long
    try:
        import segno
    except ImportError:
        raise RequestError("QR codes need the segno package, which is not installed here.", field="text") from None
    try:
        code = segno.make(text, micro=False)
    except segno.DataOverflowError:
        raise too_long from None
    import io
    out = io.BytesIO()
    # svg_inline() leaves out the SVG namespace, which an <img> needs: save the same SVG with it.
    code.save(out, kind="svg", xmldecl=False, nl=False, omitsize=True, scale=4, border=4,
              dark="#000", light="#fff")
    return {"svg": out.getvalue().decode("utf-8"), "version": code.version}


ACTIONS: dict[str, Action] = {
    "version": _version,
    "describe": _describe,
    "ladder": _ladder,
    "roll": _roll,
    "action": _action,
    "exchange": _exchange,
    "group": _group,
    "ranged": _ranged,
    "called_shot": _called_shot,
    "odds": _odds,
    "group_odds": _group_odds,
    "ranged_odds": _ranged_odds,
    "forecast": _forecast,
    "shield_check": _shield_check,
    "track": _track,
    "wound": _wound,
    "heal": _heal,
    "encounter.new": _enc_new,
    "encounter.open": _enc_open,
    "encounter.apply": _enc_apply,
    "encounter.link": _enc_link,
    "encounter.unlink": _enc_unlink,
    "encounter.players_link": _enc_players_link,
    "encounter.players": _enc_players,
    "players.open": _players_open,
    "encounter.import": _enc_import,
    "encounter.export": _enc_export,
    "qr": _qr,
    "encounter.odds": _enc_odds,
    "encounter.forecast": _enc_forecast,
    "encounter.log": _enc_log,
    "encounter.explain": _enc_explain,
    "gear": _gear,
    "library.template": _library_template,
    "library.member": _library_member,
}


def dispatch(request: Any) -> dict[str, Any]:
    """Run one decoded request; raise ``FudgeError`` on bad input."""
    if not isinstance(request, dict):
        raise RequestError("A request must be a JSON object.", field="request")
    v = request.get("v", API_VERSION)
    if v != API_VERSION:
        raise RequestError(
            f"This engine speaks API version {API_VERSION}; the request needs version {v!r}.",
            field="v",
        )
    action = request.get("action")
    if action not in ACTIONS:
        raise RequestError(f"Unknown action {action!r}.", field="action")
    args = request.get("args", {})
    if not isinstance(args, dict):
        raise RequestError("args must be a JSON object.", field="args")
    try:
        return ACTIONS[action](args, _rng(args))
    except FudgeError as err:
        raise err.at("args") from None


# A request may carry an imported file's text, escaped as a JSON string.
MAX_REQUEST_CHARS = 4 * codec.MAX_FILE_BYTES


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response; never raises."""
    rid: Any = None
    try:
        # The door's caps (size, nesting, NaN, huge numbers, reserved keys) before any work.
        request = codec.parse_json(request_json, field="request", max_bytes=MAX_REQUEST_CHARS,
                                   what="The request", error=RequestError)
        if isinstance(request, dict):
            rid = request.get("id")
        response = {"v": API_VERSION, "id": rid, "ok": True, "result": dispatch(request)}
    except FudgeError as err:
        response = {"v": API_VERSION, "id": rid, "ok": False, "error": err.to_dict()}
    except Exception as err:  # a bug of ours: tell the user plainly, keep the details for a report
        response = {
            "v": API_VERSION,
            "id": rid,
            "ok": False,
            "error": {
                "type": "InternalError",
                "message": f"The rules engine hit an internal error ({type(err).__name__}: {err}).",
                "field": None,
            },
        }
    try:
        return json.dumps(response, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):  # an id that cannot be echoed back
        response["id"] = None
        return json.dumps(response, ensure_ascii=False, allow_nan=False)
