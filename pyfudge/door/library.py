"""The GM's own library on a device: fighter templates and the party that stays between encounters.

The app stores it (``pyfudge:library`` in ``site/js/data/store.js``) and carries it in an exported
file beside the encounters (``codec.collection(..., library=...)``). This module owns its shape:

- a **template** ``{side, fighter}``: a sheet to add fighters from, unhurt (no ``track``, no
  shield wear), named after the fighter's kin ("Goblin 3" is saved as "Goblin",
  :func:`pyfudge.encounter.log.kin`);
- a **party member** ``{side, fighter, status}``: a player character as he left his last
  encounter, wounds (``track``) included, with his ``status`` line as the encounter showed it.

Names are unique within templates and within the party. An import never overwrites what the
device holds (:func:`merged`): an entry it already holds is skipped, one of the same name but
another sheet is added under the next free number, as an encounter names a repeated fighter;
that name stays as it is when the library is read back (:func:`read`), so "Goblin 2" survives
an export and another import. Reading a library checks each entry on its own: one that cannot be
read is refused alone, kept aside with its text as found (:func:`aside_record`).
"""

from __future__ import annotations

import json
from typing import Any

from ..combat.fighter import NAME_LIMIT, Fighter
from ..core.checks import SHEET
from ..core.errors import FudgeError, RequestError, SheetError
from ..encounter.state import SIDES, kin, numbered_names
from . import codec

MAX_TEMPLATES = 100
MAX_PARTY = 20
MAX_STATUS = 80
KINDS = ("templates", "party")


def _at(field: str, key: str) -> str:
    """The path of ``key`` under ``field`` ("" is the top: a door's own arguments)."""
    return f"{field}.{key}" if field else key


def _side(value: Any, where: str) -> str:
    if value not in SIDES:
        raise RequestError(f"side must be one of {', '.join(SIDES)}.", field=where)
    return value


def template(data: Any, *, field: str = "template", kin_name: bool = True) -> dict[str, Any]:
    """A template from a fighter's sheet ``{fighter, side?}``: checked, unhurt, named after his
    kin (a template read back from storage or a file, ``kin_name=False``, keeps its name: an
    imported "Goblin 2" stays "Goblin 2", apart from the device's own "Goblin")."""
    if not isinstance(data, dict) or set(data) - {"fighter", "side"} or "fighter" not in data:
        raise RequestError("A template is an object with a fighter and a side.", field=field)
    fighter = Fighter.from_dict(data["fighter"], field=_at(field, "fighter")).to_dict()
    side = _side(data.get("side", "players" if fighter["role"] == "pc" else "foes"), _at(field, "side"))
    name = _kin_name(fighter["name"]) if kin_name else fighter["name"]
    fighter.update(name=name, track=None, shield_state=None)
    return {"side": side, "fighter": Fighter.from_dict(fighter, field=_at(field, "fighter")).to_dict()}


def _kin_name(name: str) -> str:
    """``name`` without its number ("Goblin 3" → "Goblin"), unless that leaves no name to check
    (" \u200b 5" keeps its number: a name the fighter's door took, a template's takes too)."""
    try:
        return SHEET.name(kin(name), "name", NAME_LIMIT)
    except SheetError:
        return name


def member(data: Any, *, field: str = "member") -> dict[str, Any]:
    """A party member ``{fighter, side?, status?}``: checked, his wounds kept."""
    if not isinstance(data, dict) or set(data) - {"fighter", "side", "status"} or "fighter" not in data:
        raise RequestError("A party member is an object with a fighter, a side and a status.", field=field)
    fighter = Fighter.from_dict(data["fighter"], field=_at(field, "fighter")).to_dict()
    status = data.get("status", "")
    if not isinstance(status, str) or len(status) > MAX_STATUS:
        raise RequestError(f"status is a line of at most {MAX_STATUS} characters.", field=_at(field, "status"))
    return {"side": _side(data.get("side", "players"), _at(field, "side")), "fighter": fighter, "status": status}


def _stored_template(data: Any, *, field: str) -> dict[str, Any]:
    return template(data, field=field, kin_name=False)


WHAT = {"templates": "template", "party": "party member"}


def read(data: Any, *, field: str = "library") -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    """A whole library ``{templates, party}`` as a device stores it or a file carries it (either
    list may be missing), every entry checked on its own, its name kept: the entries that read,
    and each one refused, as a record kept aside ``{what, name, reason, field, text}`` (its text
    as found). One bad entry never refuses the rest. An entry may come as its JSON text (the app
    sends its stored ones so: read here with every cap of :func:`pyfudge.door.codec.parse_json`, so
    that no entry can refuse the whole request). Refused: a name a list holds already, and the
    entries past a list's cap."""
    if not isinstance(data, dict) or set(data) - set(KINDS):
        raise RequestError("A library is an object with templates and a party.", field=field)
    out: dict[str, list[dict[str, Any]]] = {}
    refused: list[dict[str, Any]] = []
    for kind, check, most in (("templates", _stored_template, MAX_TEMPLATES), ("party", member, MAX_PARTY)):
        items = data.get(kind, [])
        if not isinstance(items, list):
            raise RequestError(f"{kind} must be a list.", field=f"{field}.{kind}")
        out[kind] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            where = f"{field}.{kind}[{i}]"
            try:
                entry = check(_entry(item, where), field=where)
                name = entry["fighter"]["name"]
                if name in seen:
                    raise RequestError(f"{kind}: {name!r} is listed twice.", field=where)
                if len(out[kind]) >= most:
                    raise RequestError(f"{kind} holds at most {most} entries.", field=where)
            except FudgeError as err:
                refused.append(aside_record(WHAT[kind], item, err))
                continue
            seen.add(name)
            out[kind].append(entry)
    return out, refused


def _entry(item: Any, where: str) -> Any:
    """An entry as given, or read from its JSON text."""
    return codec.parse_json(item, field=where, what="The entry") if isinstance(item, str) else item


def aside_record(what: str, item: Any, err: FudgeError) -> dict[str, Any]:
    """A record kept aside: ``{what, name, reason, field, text}``, its text exactly as found (an
    object is written as JSON text), its name when one can be read from it."""
    text = item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)
    return {"what": what, "name": name_in(item), "reason": err.message, "field": err.field, "text": text}


def name_in(item: Any) -> str | None:
    """The name an entry or an encounter gives itself, if it can be read (never raising)."""
    if isinstance(item, str):
        if len(item) > codec.MAX_FILE_BYTES:
            return None
        try:
            item = json.loads(item)
        except (ValueError, RecursionError):  # a text nested deeper than the parser recurses: no name
            return None
    if isinstance(item, dict) and isinstance(item.get("data"), dict):  # a stored envelope
        item = item["data"]
    if isinstance(item, dict) and isinstance(item.get("fighter"), dict):
        item = item["fighter"]
    name = item.get("name") if isinstance(item, dict) else None
    return name[:60] if isinstance(name, str) and name.strip() else None


def _held(entries: Any) -> list[dict[str, Any]]:
    """The entries of a list the device holds that have a name, each given as itself or as its
    JSON text (read leniently: an import only compares with them, it never writes them; one that
    cannot be read is left out)."""
    if not isinstance(entries, list):
        return []
    out = []
    for e in entries:
        if isinstance(e, str):
            try:
                e = codec.parse_json(e, what="The entry")
            except FudgeError:
                continue
        if isinstance(e, dict) and isinstance(e.get("fighter"), dict) and isinstance(e["fighter"].get("name"), str):
            out.append(e)
    return out


def _key(entry: dict[str, Any]) -> str:
    """An entry's content but its name, to tell one sheet (and state) from another."""
    return json.dumps({**entry, "fighter": {**entry["fighter"], "name": None}}, sort_keys=True)


def merged(held: Any, incoming: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """What of ``incoming`` (a :func:`read` library) to add to the ``held`` one, per kind: an
    entry held already (same name, same sheet and state) is left out; one whose name another
    entry holds gets the next free number (:func:`numbered_names`: "Goblin" → "Goblin 2").
    Nothing held changes. ``full``: how many were left out for want of room (the caps)."""
    held = held if isinstance(held, dict) else {}
    out: dict[str, Any] = {"full": 0}
    for kind, most in (("templates", MAX_TEMPLATES), ("party", MAX_PARTY)):
        mine = _held(held.get(kind))
        same = {(e["fighter"]["name"], _key(e)) for e in mine}
        taken = [e["fighter"]["name"] for e in mine]
        added = []
        for entry in incoming.get(kind, []):
            if (entry["fighter"]["name"], _key(entry)) in same:
                continue
            if len(taken) >= most:
                out["full"] += 1
                continue
            name = numbered_names(taken, entry["fighter"]["name"])[0]
            taken.append(name)
            added.append({**entry, "fighter": {**entry["fighter"], "name": name}})
        out[kind] = added
    return out
