"""What the players see: the players' link, a player's card and the table display.

The GM chooses, for the whole encounter (the logged ``players`` event), which parts of an NPC's
sheet the players see — an NPC being any combatant whose role is not ``"pc"``:

- ``skills``: every trait of the sheet (skills, attributes, gifts and faults, scales);
- ``weapons``: weapon, armor and shield;
- ``wounds``: the wound track itself. Hidden, the players get one word instead (:func:`hurt_word`).

A player character is always shown whole: he is the players' own. What is hidden is left out of
:func:`payload` altogether — the data a players' link carries — not merely left undrawn, and the
players' view (:func:`read`) is built only from that payload, so the table display and a link
show the same and neither can show what the link does not hold. There is no log in it either:
its lines name every wound.

A players' link is read like any link from outside: every part is validated by the reader of its
own kind (:meth:`Fighter.from_dict`, :meth:`RuleSet.from_dict`), unknown keys are refused, and a
hidden part smuggled in (a track beside a word, skills the choice hides) is refused too.

The players' page (site/play.html) runs no Python: it is sent the view itself (a snapshot link
of kind ``players-view``, or a live message) and checks it against :data:`VIEW_SHAPE`, the
view's published shape, before drawing anything.
"""

from __future__ import annotations

from typing import Any

from ..combat.fighter import MAX_SKILLS, NAME_LIMIT, Fighter
from ..combat.sides import MAX_ROUND
from ..core import ladder
from ..core.checks import stored_log
from ..core.errors import RequestError
from ..core.ruleset import RuleSet
from ..rules import wounds
from ..rules.catalogue import PIERCING
from ..rules.factors import FACTOR_LIMIT, PART_KINDS
from ..rules.wound_levels import CO_LEVELS, LEVEL_NAMES, STUN_NAMES, TRACK_KINDS
from ..rulesets import ruleset_from_dict
from .players_see import BADLY_HURT, DOWN, HURT_WORDS, SEE, UNHURT, WOUNDED, check_see
from .players_see import shown as _shown
from .state import MAX_COMBATANTS, MAX_ID, MAX_NAME, SIDES, check_name, heading
from .view import fighter_factors, status_text

# The keys of Fighter.to_dict by the part of the sheet they belong to; name and role are always
# shown. A key in no part is never shown for an NPC (tests check every key has a part).
PARTS: dict[str, tuple[str, ...]] = {
    "skills": ("skills", "attack_skill", "defence_skill", "plus_skills", "initiative", "speed", "speed_power",
               "strength", "damage_capacity", "strength_scale", "mass_scale", "size_scale", "tough_hide",
               "resistance", "combat_reflexes", "fudge_points", "animal"),
    "weapons": ("weapon", "armor", "shield", "shield_state"),
    # Pain threshold sets the penalty the track's status shows (F95 4.51).
    "wounds": ("track", "boxes", "pain_threshold"),
}
ALWAYS = ("name", "role")


def hurt_word(track: wounds.WoundTrack) -> str:
    """The word the players see for a hidden wound track (F95 4.51; see :data:`HURT_WORDS`)."""
    if not track.can_act() or track.worst >= wounds.INCAPACITATED:
        return DOWN
    if track.worst >= wounds.VERY_HURT:
        return BADLY_HURT
    if track.worst >= wounds.SCRATCH:
        return WOUNDED
    return UNHURT



def payload(state: Any) -> dict[str, Any]:
    """The data of a players' link for an encounter ``state``: name, round, rules, the choice,
    and each combatant with only the parts of his sheet the players see."""
    combatants = []
    for c in state.combatants:
        full = c.fighter.to_dict()
        shown = _shown(c.fighter.role, state.players_see)
        keep = ALWAYS + tuple(k for part in shown for k in PARTS[part])
        entry: dict[str, Any] = {"id": c.id, "side": c.side, "fighter": {k: full[k] for k in keep}}
        if "wounds" not in shown:
            entry["hurt"] = hurt_word(c.fighter.track_for(state.rules))
        combatants.append(entry)
    data = {"name": state.name, "round": state.round, "ruleset": state.rules.to_dict(),
            "see": list(state.players_see), "combatants": combatants}
    # Only once the GM ended the battle: every other link reads as it always has.
    return {**data, "over": True} if state.over else data


def read(data: Any, *, field: str = "data") -> dict[str, Any]:
    """The players' view of a players' link's data, validating all of it: ``{name, round, heading,
    see, combatants, turn, results}`` (``heading``: the round, or that the battle is over), each
    combatant a card (see :func:`_card`); ``turn`` None and ``results`` empty, the account of the
    fight being made from the log (:func:`pyfudge.encounter.players_account.players_view`). Its
    names are an encounter's as its log holds them, so they are read as a stored log's
    (:func:`pyfudge.core.checks.stored_log`): whatever encounter opens, its players' link opens
    and its table display shows."""
    with stored_log():
        return _read(data, field)


def _read(data: Any, field: str) -> dict[str, Any]:
    keys = {"name", "round", "ruleset", "see", "combatants"}
    if not isinstance(data, dict) or not keys <= set(data) <= keys | {"over"}:
        raise RequestError(f"A players' link holds {', '.join(sorted(keys))} (and over, once the battle is).",
                           field=field)
    if data.get("over", True) is not True:
        raise RequestError("over is true once the GM ended the battle, else left out.", field=f"{field}.over")
    try:
        name = check_name(data["name"])
    except RequestError as err:
        raise err.at(field) from None
    rnd = data["round"]
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= MAX_ROUND:
        raise RequestError("The round must be a whole number from 1.", field=f"{field}.round")
    rules = ruleset_from_dict(data["ruleset"], field=f"{field}.ruleset")
    see = check_see(data["see"], field=f"{field}.see")
    items = data["combatants"]
    if not isinstance(items, list) or len(items) > MAX_COMBATANTS:
        raise RequestError(f"A players' link lists at most {MAX_COMBATANTS} combatants.", field=f"{field}.combatants")
    cards, ids = [], set()
    for i, entry in enumerate(items):
        where = f"{field}.combatants[{i}]"
        keys = set(entry) if isinstance(entry, dict) else set()
        if not isinstance(entry, dict) or not {"id", "side", "fighter"} <= keys <= {"id", "side", "fighter", "hurt"}:
            raise RequestError("A combatant of a players' link holds id, side, fighter and perhaps hurt.", field=where)
        cid = entry["id"]
        if not isinstance(cid, str) or not 0 < len(cid) <= MAX_ID or cid in ids:
            raise RequestError("Each combatant needs their own short id.", field=f"{where}.id")
        ids.add(cid)
        if entry["side"] not in SIDES:
            raise RequestError(f"side must be one of {', '.join(SIDES)}.", field=f"{where}.side")
        cards.append(_card(entry, rules, see, where, fighter_factors, status_text))
    # A link's payload holds no log, so no account of the fight (players_account adds one).
    return {"name": name, "round": rnd, "heading": heading(rnd, "over" in data), "see": list(see),
            "combatants": cards, "turn": None, "results": []}


def _card(entry: dict[str, Any], rules: RuleSet, see: tuple[str, ...], where: str,
          factors: Any, status: Any) -> dict[str, Any]:
    """One combatant as the players see him: ``{id, side, name, npc, status, can_fight, hurt,
    track, skills, weapon, armor, odf, ddf}``, a part he hides None (``hurt``: None when his
    wounds are shown)."""
    raw = entry["fighter"]
    if not isinstance(raw, dict):
        raise RequestError("A combatant's fighter must be an object.", field=f"{where}.fighter")
    role = raw.get("role", "pc")
    shown = _shown(role, see) if role in ("pc", "npc", "major_npc") else SEE
    allowed = set(ALWAYS).union(*(PARTS[p] for p in shown))
    hidden = sorted(set(raw) - allowed)
    if hidden:
        raise RequestError(f"This players' link carries {hidden[0]!r}, which its choice hides; refused.",
                           field=f"{where}.fighter.{hidden[0]}")
    if ("hurt" in entry) == ("wounds" in shown):
        raise RequestError("A combatant's wounds are either shown or told as a word, not both or neither.",
                           field=f"{where}.hurt")
    # Fighter.from_dict needs one skill; where skills are hidden this stand-in is read, never shown.
    probe = raw if "skills" in shown else {**raw, "skills": {"?": 0}}
    f = Fighter.from_dict(probe, field=f"{where}.fighter")
    card: dict[str, Any] = {"id": entry["id"], "side": entry["side"], "name": f.name, "npc": f.role != "pc",
                            "hurt": None, "track": None, "skills": None, "weapon": None, "armor": None,
                            "odf": None, "ddf": None}
    if "wounds" in shown:
        track = f.track_for(rules)
        view = track.view(rules=rules, pain=f.pain_threshold)
        card.update(track=view, status=status(track, view), can_fight=f.can_fight(rules))
    else:
        word = entry["hurt"]
        if word not in HURT_WORDS:
            raise RequestError(f"hurt must be one of {', '.join(HURT_WORDS)}.", field=f"{where}.hurt")
        card.update(hurt=word, status=word, can_fight=word != DOWN)
    if "skills" in shown:
        card["skills"] = [{"name": n, "level": ladder.name(lv, legendary=True)} for n, lv in f.skills]
    if "weapons" in shown:
        card.update(weapon=f.weapon.name, armor=f.armor.name)
    if "skills" in shown and "weapons" in shown:  # ODF and DDF add up both (F95 4.53–4.55)
        odf, ddf = factors(f, rules)
        card.update(odf=odf.to_dict(), ddf=ddf.to_dict())
    return card


# --- the view's published shape ----------------------------------------------------------------
#
# A subset of JSON Schema (type, properties, required, additionalProperties, items, minItems,
# maxItems, minLength, maxLength, enum, minimum, maximum: SHAPE_KEYWORDS), so that any JSON Schema
# validator reads it too; the players' page checks every view it is sent with a small checker of
# just these keywords (site/js/play/shape.js). Lengths count characters (code points).

SHAPE_KEYWORDS = frozenset({"type", "properties", "required", "additionalProperties", "items", "minItems",
                            "maxItems", "minLength", "maxLength", "enum", "minimum", "maximum"})
# Bounds with no constant of their own elsewhere: generous, never reached by a real view
# (tests/test_players_view_shape.py builds views of every kind of track and option).
_LABEL = 80  # a factor's label (FactorPart.from_dict), a weapon's or armor's name (catalogue)
_SECTION = 40
_LEVEL_NAME = 30  # a wound level's name in the GM's table (wounds.levels)
_STATUS = 2 * _LEVEL_NAME + 20  # "Very Hurt −2, Very Stunned"
_BOXES = 10  # boxes in one row of any track (box_counts' limit)
_SHEET = 4 * len(CO_LEVELS) * _BOXES  # "O O X …", or a Damage Capacity line
_TOTAL = 40 * FACTOR_LIMIT  # at most 40 parts of at most ±FACTOR_LIMIT each


def _obj(**props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def _text(most: int, least: int = 0) -> dict[str, Any]:
    return {"type": "string", "minLength": least, "maxLength": most}


def _whole(low: int, high: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high}


def _list(items: dict[str, Any], most: int, least: int = 0) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": least, "maxItems": most}


def _one_of(values: tuple[str, ...] | list[str]) -> dict[str, Any]:
    return {"type": "string", "enum": list(values)}


def _or_null(shape: dict[str, Any]) -> dict[str, Any]:
    out = {**shape, "type": [shape["type"], "null"]}
    if "enum" in shape:
        out["enum"] = [*shape["enum"], None]
    return out


_FLAG = {"type": "boolean"}
_FACTORS = _obj(side=_one_of(("offensive", "defensive")), total=_whole(-_TOTAL, _TOTAL),
                parts=_list(_obj(kind=_one_of(PART_KINDS), label=_text(_LABEL, 1),
                                 value=_whole(-FACTOR_LIMIT, FACTOR_LIMIT), section=_text(_SECTION)), 40),
                heavy_blunt=_FLAG, scale_piercing=_one_of(PIERCING), coverage=_or_null(_whole(0, 20)))
_LADDER = _whole(-ladder.LIMIT, ladder.LIMIT)
_BOX = _whole(0, len(LEVEL_NAMES) - 1)  # empty, or the level of the wound (or stun) marked in it
_TRACK = _obj(
    kind=_one_of(TRACK_KINDS),
    rows=_list(_obj(row=_whole(0, len(CO_LEVELS) - 1), level=_LADDER, name=_text(_LEVEL_NAME, 1),
                    boxes=_list(_BOX, _BOXES)), len(CO_LEVELS)),
    sheet=_text(_SHEET), worst=_whole(0, len(LEVEL_NAMES) - 1), worst_name=_text(_LEVEL_NAME, 1),
    penalty=_whole(-20, 0), can_act=_FLAG, stun=_whole(0, len(STUN_NAMES) - 1), stun_name=_one_of(STUN_NAMES),
    stun_rows=_list(_obj(name=_one_of(STUN_NAMES), boxes=_list(_BOX, _BOXES)), 2, 2),
    co_level=_or_null(_LADDER), dead=_FLAG)
_CARD = _obj(
    id=_text(MAX_ID, 1), side=_one_of(SIDES), name=_text(NAME_LIMIT, 1), npc=_FLAG, status=_text(_STATUS, 1),
    can_fight=_FLAG, hurt=_or_null(_one_of(HURT_WORDS)), track=_or_null(_TRACK),
    skills=_or_null(_list(_obj(name=_text(NAME_LIMIT, 1), level=_text(_LEVEL_NAME, 1)), MAX_SKILLS)),
    weapon=_or_null(_text(_LABEL, 1)), armor=_or_null(_text(_LABEL, 1)),
    odf=_or_null(_FACTORS), ddf=_or_null(_FACTORS))

# The account of the fight (players_account): whose turn it is, and the last MAX_RESULTS results of
# the kinds RESULT_KINDS. A line names two fighters, or one with what each blow did to him (a lone
# fighter may be struck by every foe) and his state before and after.
MAX_RESULTS = 5
RESULT_KINDS = ("exchange", "group", "ranged", "story", "initiative", "box", "wound", "heal", "end_battle")
_DICE = 200  # one roller's dice: "[+ + 0 −] +1, damage [+ 0 −], Speed total +1", or three story rolls
_ID = _or_null(_text(MAX_ID, 1))
_LINE = _text(2 * NAME_LIMIT + MAX_COMBATANTS * (_LEVEL_NAME + 2) + 2 * _STATUS + 20, 1)
_TURN = _or_null(_obj(a=_ID, b=_ID, round_over=_FLAG, text=_LINE))
_RESULT = _obj(
    round=_whole(1, MAX_ROUND), kind=_one_of(RESULT_KINDS),
    title=_text(MAX_COMBATANTS * (NAME_LIMIT + 2) + 40, 1),
    dice=_list(_obj(id=_ID, name=_text(NAME_LIMIT, 1), dice=_text(_DICE, 1)), MAX_COMBATANTS),
    lines=_list(_LINE, 3 * MAX_COMBATANTS + 1, 1))

VIEW_SHAPE: dict[str, Any] = _obj(
    name=_text(MAX_NAME, 1), round=_whole(1, MAX_ROUND), heading=_text(40, 1), see=_list(_one_of(SEE), len(SEE)),
    combatants=_list(_CARD, MAX_COMBATANTS), turn=_TURN, results=_list(_RESULT, MAX_RESULTS))
"""The shape of every view :func:`read` builds: what the players' page accepts."""
# Snapshot links made before the header said "The battle is over" carry no heading; their page
# still opens, naming the round.
VIEW_SHAPE["required"].remove("heading")
