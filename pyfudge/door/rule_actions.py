"""The door's rules actions: a roll, an action, an exchange, a group of foes, ranged fire, a
called shot, a shield check, a wound track, a wound, healing and the gear search. Each reads its
request's ``args`` and answers with the rules' outcome as data (:mod:`pyfudge.api`)."""

from __future__ import annotations

import random
from typing import Any

from ..combat import attack, location, multi, ranged, shield
from ..core import dice, ladder
from ..core.checks import REQUEST
from ..core.errors import FudgeError, RequestError
from ..rules import actions, catalogue, healing, npc_shortcut, story_elements, wounds
from .request import Args, need, read_roll, rules_of


def on_ladder(args: Args, rng: random.Random) -> dict[str, Any]:
    return {"levels": ladder.levels()}


def on_roll(args: Args, rng: random.Random) -> dict[str, Any]:
    """Roll for a trait level, or read the dice a player entered (F95 4.1; F93 4.21–4.22).

    The technique is the ruleset's ``dice.technique`` (4dF unless a ruleset says otherwise), or
    ``dice``: a number of Fudge dice the rules roll (the GM's 2dF group roll, F95 4.34; the 1dF
    damage die, F95 4.61), or ``d6``: a number of six-sided dice (the 3d6 of Min-Mid-Max damage,
    F95 4.63; 1d6, F93 4.5) — their faces are read by their own rule, not added to a trait level, so
    the answer is the roll alone; entered dice are ``faces`` or a ``total``.
    """
    rules = rules_of(args)
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


def on_action(args: Args, rng: random.Random) -> dict[str, Any]:
    """Resolve an action (F93 4.1–4.5, F95 4.21): unopposed, opposed, situational, NPC 1d6, story."""
    rules = rules_of(args)
    kind = need(args, "kind")
    if kind == "unopposed":
        check = actions.Check.from_dict(args.get("check", ladder.FAIR), field="check")
        difficulty = ladder.check_level(ladder.parse(need(args, "difficulty"), field="difficulty"), field="difficulty")
        return actions.unopposed(check, read_roll(need(args, "roll"), rules, "roll"), difficulty=difficulty).to_dict()
    if kind == "opposed":
        a = actions.Check.from_dict(need(args, "a"), field="a")
        b = actions.Check.from_dict(need(args, "b"), field="b")
        return actions.opposed(
            a, read_roll(need(args, "roll_a"), rules, "roll_a"),
            b, read_roll(need(args, "roll_b"), rules, "roll_b"),
        ).to_dict()
    if kind == "situational":
        return actions.situational(read_roll(need(args, "roll"), rules, "roll")).to_dict()
    if kind == "npc_d6":
        trait = ladder.check_trait(ladder.parse(need(args, "trait"), field="trait"), field="trait")
        return npc_shortcut.npc_d6(trait, need(args, "faces"), amount=args.get("amount")).to_dict()
    if kind == "story":
        check = actions.Check.from_dict(args.get("check", ladder.FAIR), field="check")
        rolls = need(args, "rolls")
        if not isinstance(rolls, list):
            raise RequestError("rolls must be a list of one or three rolls.", field="rolls")
        read = [read_roll(r, rules, f"rolls[{i}]") for i, r in enumerate(rolls)]
        return story_elements.story_element(check, read, rules=rules).to_dict()
    raise RequestError(
        "kind must be unopposed, opposed, situational, npc_d6 or story.", field="kind"
    )


def on_exchange(args: Args, rng: random.Random) -> dict[str, Any]:
    """One melee exchange or alternating attack between two fighters (F95 4.22–4.32)."""
    rules = rules_of(args)
    request = attack.ExchangeRequest.from_dict(need(args, "exchange"), rules=rules, field="exchange")
    try:
        return request.resolve(rules).to_dict()
    except FudgeError as err:
        raise err.at("exchange") from None


def on_group(args: Args, rng: random.Random) -> dict[str, Any]:
    """A lone fighter against several foes, one roll against each (F95 4.34; F93 4.64)."""
    rules = rules_of(args)
    rnd = multi.GroupRound.from_dict(need(args, "round"), field="round", rules=rules)
    try:
        return multi.resolve_melee_group(rnd, rules=rules).to_dict()
    except FudgeError as err:
        raise err.at("round") from None


def on_ranged(args: Args, rng: random.Random) -> dict[str, Any]:
    """Ranged fire: unaware, aware or shooting back, with automatic fire (F95 4.4; F93 4.65)."""
    rules = rules_of(args)
    shot = ranged.RangedAttack.from_dict(need(args, "attack"), field="attack", technique=rules["dice.technique"])
    try:
        return ranged.resolve_ranged(shot, rules=rules).to_dict()
    except FudgeError as err:
        raise err.at("attack") from None


def on_called_shot(args: Args, rng: random.Random) -> dict[str, Any]:
    """Where an aimed blow lands (F95 4.35; MUD 4.35). With ``check`` ``{willpower, constitution,
    roll}`` (trait levels and the dice total), a part hit under MUD 4.35's table also gets its
    Willpower/Constitution check (``location.location_check``), returned as ``check``."""
    rules = rules_of(args)
    aim = location.CalledShot.from_dict(need(args, "aim"), field="aim")
    degree = ladder.check_level(need(args, "relative_degree"), field="relative_degree")
    rolled = ladder.check_level(need(args, "rolled"), field="rolled")
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


def on_shield_check(args: Args, rng: random.Random) -> dict[str, Any]:
    """A shield check when losing an exchange (CO 2.2)."""
    rules = rules_of(args)
    check = shield.ShieldCheck.from_dict(need(args, "check"), field="check", technique=rules["dice.technique"])
    return shield.shield_check(check, rules=rules).to_dict()


def on_track(args: Args, rng: random.Random) -> dict[str, Any]:
    """A fresh wound track for a role under the ruleset (F95 4.57; CO 3)."""
    rules = rules_of(args)
    role = wounds.check_role(args.get("role", "pc"), field="role")
    track = wounds.WoundTrack.new(rules, role=role, capacity=args.get("capacity"))
    return {"track": track.to_dict(), "view": track.view(rules=rules)}


def on_wound(args: Args, rng: random.Random) -> dict[str, Any]:
    """Record a wound of a given level on a track (F95 4.57; CO 3 needs the damage points)."""
    rules = rules_of(args)
    track = wounds.WoundTrack.from_dict(need(args, "track"), field="track")
    level = wounds.check_wound_level(need(args, "level"), field="level")
    outcome = wounds.record_wound(track, level, rules=rules, points=args.get("points"))
    return {**outcome.to_dict(), "view": outcome.track.view(rules=rules)}


def on_heal(args: Args, rng: random.Random) -> dict[str, Any]:
    """Healing (F95 4.8, 4.62; MUD 4.8; CO 3.2): end of battle, a healer's result, natural, one
    fighter's Scratches and stuns, coming round from a knockout, or the CO track's check."""
    rules = rules_of(args)
    track = wounds.WoundTrack.from_dict(need(args, "track"), field="track")
    how = args.get("how", "skill")
    if how == "end_of_battle":
        outcome = healing.end_of_battle(track, rules=rules)
    elif how == "skill":
        result = ladder.check_level(ladder.parse(need(args, "result"), field="result"), field="result")
        outcome = healing.heal(track, result, rules=rules)
    elif how == "co":
        result = ladder.check_level(ladder.parse(need(args, "result"), field="result"), field="result")
        outcome = healing.heal_co(track, result, rules=rules)
    elif how == "natural":
        outcome = healing.natural_healing(track, rules=rules, weeks=args.get("weeks", 1), rolls=args.get("rolls"))
    elif how == "scratches":
        outcome = healing.clear_scratches(track, rules=rules)
    elif how == "wake":
        outcome = healing.wake_up(track)
    else:
        raise RequestError("how must be end_of_battle, skill, natural, scratches, wake or co.", field="how")
    return {**outcome.to_dict(), "view": outcome.track.view(rules=rules)}


def on_gear(args: Args, rng: random.Random) -> dict[str, Any]:
    """Weapons or armor (``kind``) found by the words players use (``query``: "bow", "chain
    mail"), in the ruleset's catalogue first: :func:`catalogue.find_gear`."""
    kind, query = need(args, "kind"), need(args, "query")
    return {"kind": kind, "query": query, "results": catalogue.find_gear(rules_of(args), kind, query)}
