"""What the table needs to run a round, read from the encounter's states and log (no rule of its
own): who has acted this round, the next pair to suggest, each fighter's new state after a
resolution, what Undo would undo, the dice of each log entry, and the log as text or Markdown.

The encounter's view (:func:`pyfudge.encounter.view.view`) carries these; the functions take
the states and events as they are, so this module imports no encounter code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..rules import catalogue
from ..rules.catalogue import Weapon

# The kinds of event that resolve a round's action (the log's "resolutions").
RESOLUTIONS = ("exchange", "group", "ranged", "story")
# An event that starts a new round: who acted before it no longer counts.
ROUND_STARTS = ("next_round", "end_battle")


def participants(last: dict[str, Any] | None) -> list[str]:
    """The ids of those who took their action in the event ``last`` describes: both fighters of a
    simultaneous exchange, the attacker of an alternating turn (F95 4.23: the defender only
    defends), the lone fighter and his foes (F95 4.34), the shooter (and a target who shoots back,
    F95 4.4), a story element's fighter (F95 4.21)."""
    if not last:
        return []
    kind = last.get("kind")
    if kind == "exchange":
        simultaneous = last.get("outcome", {}).get("kind", "round") == "round"
        return [last["a"], last["b"]] if simultaneous else [last["a"]]
    if kind == "group":
        return [last["lone"], *last.get("foes", [])]
    if kind == "ranged":
        return [last["shooter"]] + ([last["target"]] if last.get("attack", {}).get("mode") == "shoot_back" else [])
    if kind == "story":
        return [last["id"]]
    return []


def acted_this_round(states: Sequence[Any]) -> set[str]:
    """Who has acted since this round began: the resolutions back to the round's start (undone
    events are not among ``states``)."""
    acted: set[str] = set()
    now = states[-1].round
    for state in reversed(states[1:]):
        last = state.last or {}
        if last.get("kind") in ROUND_STARTS or state.round != now:
            break
        acted.update(participants(last))
    return acted


def last_opponent(states: Sequence[Any], cid: str) -> str | None:
    """The one ``cid`` last fought in a two-fighter exchange (the pairing the table keeps)."""
    for state in reversed(states[1:]):
        last = state.last or {}
        if last.get("kind") == "exchange" and cid in (last["a"], last["b"]):
            return last["b"] if last["a"] == cid else last["a"]
    return None


def shoots(weapon: Weapon) -> str | None:
    """How a weapon fires when it is first of all a missile weapon (F95 4.4; :func:`catalogue.weapon_use`):
    ``"propelled"`` (a bow, a gun, a beam), ``"thrown"`` (a javelin, a throwing knife), or None for
    a hand weapon, and for a book row that is both (MUD 4.54's Medium weapon: sword … crossbow)."""
    use = catalogue.weapon_use(weapon)
    return use["ranged"] if use["ranged"] == "thrown" or not use["melee"] else None


def starts_in(form: str, weapon: Weapon) -> str:
    """The mode the round form starts a fighter's action in under the pacing's own ``form``: ranged
    fire for a missile weapon (F95 4.4), else the pacing's own (an exchange, or a story element
    under story pacing, F95 4.21)."""
    return "ranged" if form == "exchange" and shoots(weapon) else form


# The role a first pick takes in each mode (a key of a card's ``unable``).
_ROLE = {"ranged": "shooter", "group": "lone"}


def _outnumbered(a: dict[str, Any], b: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> str:
    """Of the pair, the one a round of several foes (F95 4.34) puts alone: he whose foes standing
    outnumber the other's (the first on a tie, or when the other may not be the lone fighter)."""
    def standing(c: dict[str, Any]) -> int:
        return sum(1 for f in c["foes"] if by_id[f]["can_fight"])
    return b["id"] if standing(b) > standing(a) and "lone" not in b["unable"] else a["id"]


def several_foes(cards: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The rounds of several foes (F95 4.34: "one fighter against several") the round form offers
    by name, one tap each (the view's ``groups``): on every fighter who may be the lone fighter
    (one who cannot fight may not, ``unable``) whose foes standing outnumber his own side
    standing, himself included: so two foes at least."""
    by_id = {c["id"]: c for c in cards}

    def standing_foes(c: dict[str, Any]) -> int:
        return sum(1 for f in c["foes"] if by_id[f]["can_fight"])

    def standing_side(c: dict[str, Any]) -> int:
        return sum(1 for o in cards if o["side"] == c["side"] and o["can_fight"])
    return [{"id": c["id"], "label": f"Several foes on {c['name']} (F95 4.34)"} for c in cards
            if "lone" not in c["unable"] and standing_foes(c) > standing_side(c)]


def suggest_next(states: Sequence[Any], cards: list[dict[str, Any]], form: str, kind: str,
                 initiative: list[dict[str, Any]]) -> dict[str, Any]:
    """The pair the round form offers next and the mode it starts in: the first fighter who has
    not acted and may act (initiative's first striker first, under alternating turns), in the mode
    his card ``starts_in`` (ranged fire for a missile weapon), against the foe he last fought if
    that foe can still fight, else the first foe who can and has not acted; ``lone``, which of the
    two a round of several foes starts on (:func:`_outnumbered`). ``{"round_over":
    True}`` once everyone who can act has, and once the battle is over (until someone fights again)."""
    if states and states[-1].over:
        return {"form": form, "a": None, "b": None, "kind": kind, "round_over": True}
    by_id = {c["id"]: c for c in cards}
    acted = {c["id"] for c in cards if c["acted"]}
    firsts = [i["first"] for i in initiative]
    order = sorted(cards, key=lambda c: (c["id"] not in firsts, cards.index(c)))
    for c in order:
        mode = c.get("starts_in", form)
        role = _ROLE.get(mode) or ("attacker" if (mode == "exchange" and kind == "attack") else "fighter")
        if c["id"] in acted or role in c["unable"]:
            continue
        if mode == "story":
            return {"form": mode, "a": c["id"], "b": None, "kind": kind, "round_over": False}
        able = [by_id[f] for f in c["foes"] if by_id[f]["can_fight"]]
        if not able:
            continue
        engaged = last_opponent(states, c["id"])
        pick = (by_id[engaged] if engaged in {f["id"] for f in able} else
                next((f for f in able if f["id"] not in acted), able[0]))
        return {"form": mode, "a": c["id"], "b": pick["id"], "kind": kind, "round_over": False,
                "lone": _outnumbered(c, pick, by_id)}
    return {"form": form, "a": None, "b": None, "kind": kind, "round_over": True}


def changes(moved: list[tuple[str, str, str, str]], last: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The fighters the last event changed, ``moved`` as (id, name, status before, after), each as
    ``{id, name, took, before, after, line}``: ``took`` the wounds or stuns its blows gave him."""
    blows = ((last or {}).get("outcome") or {}).get("blows") or []
    out = []
    for cid, name, before, after in moved:
        took = [t for t in ("stunned" if b.get("stun") else b.get("level_name", "") for b in blows
                            if b.get("defender") == name) if t]
        out.append({"id": cid, "name": name, "took": took, "before": before, "after": after,
                    "line": change_line(name, took, before, after)})
    return out


def change_line(name: str, took: list[str], before: str, after: str) -> str:
    """"Goblin 1: Undamaged → Hurt −1"; "Goblin 1 took Hurt: Hurt −1 → Very Hurt −2" (a wound
    that overflowed); "Goblin 1 took Scratch: still Hurt −1"; a change by hand: "Goblin 1: Hurt −1
    → Undamaged". One wound that is the level reached is not said twice: the strip stays short."""
    said_after = len(took) == 1 and before != after and (after == took[0] or after.startswith(f"{took[0]} "))
    head = f"{name} took {', '.join(took)}" if took and not said_after else name
    return f"{head}: still {after}" if before == after else f"{head}: {before} → {after}"


def undo_label(last: dict[str, Any] | None, names: dict[str, str]) -> str:
    """What Undo would undo, in a few words: "Aldric vs Goblin 1", "Aldric against Goblin 1, Goblin 2"."""
    if not last:
        return ""
    kind = last.get("kind")

    def name(cid: str) -> str:
        return names.get(cid, cid)

    if kind == "exchange":
        return f"{name(last['a'])} vs {name(last['b'])}"
    if kind == "initiative":
        return f"initiative, {name(last['a'])} vs {name(last['b'])}"
    if kind == "group":
        return f"{name(last['lone'])} against {', '.join(name(f) for f in last.get('foes', []))}"
    if kind == "ranged":
        return f"{name(last['shooter'])} shoots at {name(last['target'])}"
    if kind == "story":
        return f"{name(last['id'])}'s story roll"
    if kind == "rules":  # its text names every change: too long for a button
        return "rules change"
    if kind == "add" and len(last.get("ids", ())) > 2:
        return f"{name(last['ids'][0])} … {name(last['ids'][-1])} join the fight"
    return str(last.get("text", "")).removesuffix(".")


# --- dice of a log entry ------------------------------------------------------------------------

# The event fields that hold one fighter's dice, with the field naming the fighter.
_DICE_FIELDS = (("a_dice", "a"), ("b_dice", "b"), ("lone_dice", "lone"), ("shooter_dice", "shooter"),
                ("target_dice", "target"))


def _faces(faces: Any) -> str | None:
    """Fudge faces as − 0 +, six-sided ones as numbers."""
    whole = isinstance(faces, list) and all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
    if not faces or not whole:
        return None
    fudge = all(f in (-1, 0, 1) for f in faces)
    return " ".join({1: "+", 0: "0", -1: "−"}[f] if fudge else str(f) for f in faces)


def _roll_text(roll: Any) -> str | None:
    """Entered or rolled dice: the faces (with their sum, when Fudge dice) or the total."""
    if not isinstance(roll, dict):
        return None
    shown = _faces(roll.get("faces"))
    if shown:
        fudge = all(f in (-1, 0, 1) for f in roll["faces"])
        return f"[{shown}]" + (f" {_signed(sum(roll['faces']))}" if fudge else "")
    total = roll.get("total")
    if isinstance(total, int) and not isinstance(total, bool):
        return f"total {_signed(total)}"
    return None


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _fighter_dice(dice: Any) -> list[str]:
    if not isinstance(dice, dict):
        return []
    parts = []
    roll = _roll_text(dice.get("roll"))
    if roll:
        parts.append(roll)
    damage = _faces(dice.get("damage"))
    if damage:
        parts.append(f"damage [{damage}]")
    speed = _roll_text(dice.get("speed"))
    if speed:
        parts.append(f"Speed {speed}")  # F95 4.36
    return parts


def dice_parts(event: dict[str, Any], names: dict[str, str]) -> list[tuple[str | None, str, str]]:
    """The dice of a resolution, one entry a roller: ``(id, name, dice)``, as "Aldric", "[+ + 0 −]
    +1, damage [+ 0]" (``id`` None for the GM's group roll, named "the GM's group roll")."""
    if event.get("t") not in RESOLUTIONS + ("initiative",):
        return []
    parts: list[tuple[str | None, str, str]] = []
    for key, who in _DICE_FIELDS:
        got = _fighter_dice(event.get(key))
        if got and isinstance(event.get(who), str):
            parts.append((event[who], names.get(event[who], event[who]), ", ".join(got)))
    foe_dice = event.get("foe_dice")
    if isinstance(foe_dice, dict):
        for fid, d in foe_dice.items():
            got = _fighter_dice(d)
            if got:
                parts.append((str(fid), names.get(fid, str(fid)), ", ".join(got)))
    group = _roll_text(event.get("group_roll"))
    if group:
        parts.append((None, "the GM's group roll", group))
    rolls = event.get("rolls")
    if isinstance(rolls, list) and isinstance(event.get("id"), str):
        texts = [t for t in map(_roll_text, rolls) if t]
        if texts:
            parts.append((event["id"], names.get(event["id"], event["id"]), "; ".join(texts)))
    return parts


def dice_line(event: dict[str, Any], names: dict[str, str]) -> str:
    """The dice of a resolution as entered or rolled: "Aldric [+ + 0 −] +1; Goblin 1 −1"."""
    return "; ".join(f"{name} {dice}" for _, name, dice in dice_parts(event, names))


# --- the log as text ------------------------------------------------------------------------------

def log_document(name: str, lines: Iterable[str], dice: Iterable[str], fmt: str) -> str:
    """The encounter's log for the group's chat or notes: ``text`` (one numbered line per entry,
    its dice under it) or ``markdown`` (a heading and a numbered list)."""
    entries = list(zip(lines, dice))
    if fmt == "markdown":
        out = [f"# {_md(name)}", ""]
        out += [f"{i}. {_md(line)}" + (f"  \n   *Dice: {_md(d)}*" if d else "")
                for i, (line, d) in enumerate(entries, 1)]
        return "\n".join(out) + "\n"
    out = [name, ""]
    out += [f"{i}. {line}" + (f"\n   Dice: {d}" if d else "") for i, (line, d) in enumerate(entries, 1)]
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    """Text as Markdown shows it, not as markup: its special characters escaped."""
    return re.sub(r"([\\`*_\[\]<>#|~])", r"\\\1", text)


# --- what a refusal asks the round form for ------------------------------------------------------

# A refused event's field, read as the entry the round form should show: whose (the form's
# first pick "a", second "b", or a foe's id) and which input.
_ASKS = re.compile(
    r"^(?:args\.)?event\.(?:(?P<side>a|b|lone|shooter|target|attacker|defender)_|foe_(?:dice|declares)\.(?P<foe>[^.\[]+)\.?)"
    r"(?:dice|declares)?\.?(?P<input>roll|damage|graze|check|shield|willpower|capacity_roll|speed|location_check)?"
    r"(?:\[(?P<n>\d+)\])?")
# An alternating attack's event is read with its first pick attacking (attack.ExchangeRequest).
_SLOTS = {"a": "a", "lone": "a", "shooter": "a", "attacker": "a", "b": "b", "target": "b", "defender": "b"}


def asks(field: str | None) -> dict[str, Any] | None:
    """The entry a refused round event wants, from the error's field: ``{who, input, wound}``
    (``who`` None when the refusal does not say whose, as for a group round's damage die;
    ``wound`` the nth wound's entry of a lone fighter who may take several, F95 4.34). None for
    any other refusal."""
    if not field:
        return None
    short = re.sub(r"^(?:args\.)?event\.", "", field)
    if short.startswith(("damage_die", "damage_dice")):
        return {"who": None, "input": "damage", "wound": None}
    if short.startswith("targets"):
        return {"who": "a", "input": "targets", "wound": None}
    if short.startswith("group_roll"):
        return {"who": None, "input": "group_roll", "wound": None}
    m = _ASKS.match(field)
    if not m or not m.group("input"):
        return None
    who = _SLOTS[m.group("side")] if m.group("side") else m.group("foe")
    kind = "damage" if m.group("input") == "graze" else m.group("input")
    return {"who": who, "input": kind, "wound": int(m.group("n")) if m.group("n") else None}
