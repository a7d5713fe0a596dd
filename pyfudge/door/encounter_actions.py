"""The door's encounter actions: the encounters the engine holds open, by the app's id, and the
actions on them (new, open, apply an event, the log, an entry explained), their share links,
files and the players' view, the GM's library, and a QR code for a link (:mod:`pyfudge.api`)."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

from ..combat.declaration import check_declaration
from ..core.errors import FudgeError, RequestError
from ..encounter import players, players_account, round_view
from ..encounter.log import Encounter
from ..encounter.state import declared_carry
from ..encounter.view import view
from . import codec, library
from .request import Args, need, rules_of

# Open encounters, by the app's id for them: applying an event to an open encounter costs one
# resolution, not a replay of its log. A worker restart empties this; the app then reopens.
OPEN: OrderedDict[str, Encounter] = OrderedDict()


OPEN_LIMIT = 8


class SessionError(RequestError):
    """The engine does not hold this encounter at this revision: reopen it with its data."""


def encounter_id(args: Args) -> str:
    eid = need(args, "id")
    if not isinstance(eid, str) or not 0 < len(eid) <= 64:
        raise RequestError("id must be a short text naming the encounter.", field="id")
    return eid


def hold(eid: str, enc: Encounter) -> None:
    """Make ``enc`` the open encounter ``eid`` (the least recently used beyond the limit close)."""
    OPEN[eid] = enc
    OPEN.move_to_end(eid)
    while len(OPEN) > OPEN_LIMIT:
        OPEN.popitem(last=False)


def opened(eid: str, enc: Encounter, log_from: int = 0) -> dict[str, Any]:
    hold(eid, enc)
    return {"id": eid, "rev": len(enc.log), "view": view(enc, log_from=log_from)}


def at_rev(args: Args, eid: str | None, *, any_rev: bool = False) -> Encounter:
    """The encounter ``eid`` at revision ``rev``: the one the engine holds open at that revision,
    else the one sent as ``encounter``, replayed (as after a worker restart) into a new
    :class:`Encounter` that no one holds yet; else a SessionError. ``any_rev``: without a ``rev``,
    the held one at whatever revision it is."""
    rev = args.get("rev")
    enc = OPEN.get(eid) if eid is not None else None
    if enc is not None and (len(enc.log) == rev or (any_rev and rev is None)):
        return enc
    if "encounter" not in args:
        raise SessionError("The engine does not hold this encounter at this revision; send it with the "
                           "request.", field="id" if any_rev else "rev")
    enc = Encounter.from_dict(args["encounter"], field="encounter")
    if len(enc.log) != rev and not (any_rev and rev is None):
        raise RequestError("rev does not match the encounter's log.", field="rev")
    return enc


def held(args: Args) -> Encounter:
    """The encounter ``id`` at revision ``rev`` for a preview (odds, forecast). One sent along is
    held open only if the engine holds none by that id (a restarted worker): a preview one
    revision behind an apply in flight must not replace the newer encounter the apply needs."""
    eid = encounter_id(args)
    enc = at_rev(args, eid)
    if eid not in OPEN:
        hold(eid, enc)
    return enc


def on_encounter_new(args: Args, rng: random.Random) -> dict[str, Any]:
    """A new, empty encounter: its stored form and its view."""
    enc = Encounter(name=args.get("name", "Encounter"), ruleset=rules_of(args))
    return {**opened(encounter_id(args), enc), "encounter": enc.to_dict()}


def on_encounter_open(args: Args, rng: random.Random) -> dict[str, Any]:
    """Open a stored encounter (replaying its log once) and return its view."""
    enc = Encounter.from_dict(need(args, "encounter"), field="encounter")
    return opened(encounter_id(args), enc)


def on_encounter_apply(args: Args, rng: random.Random) -> dict[str, Any]:
    """Apply one event to an open encounter at revision ``rev``; returns the event to append to
    the stored log (as the encounter logged it, see :func:`pyfudge.encounter.log.remembered`), the
    new revision and the view. With ``encounter`` given, an encounter the
    engine does not hold (or holds at another revision) is reopened first. With ``log_from`` (the
    log lines the page holds, at most ``rev``), the view's log lines begin there: the lines before
    never change, and a long log's answer is a fraction of its size."""
    eid = encounter_id(args)
    enc = at_rev(args, eid)
    log_from = args.get("log_from", 0)
    if isinstance(log_from, bool) or not isinstance(log_from, int) or not 0 <= log_from <= len(enc.log):
        raise RequestError(f"log_from must be a whole number of log lines, 0 to rev ({len(enc.log)}).",
                           field="log_from")
    try:
        enc.apply(need(args, "event"))
    except FudgeError as err:
        err.asks = round_view.asks(err.field)
        raise
    # The event as logged: with what the round remembers written in (encounter.remembered).
    return {**opened(eid, enc, log_from), "event": enc.log[-1]}


def on_encounter_log(args: Args, rng: random.Random) -> dict[str, Any]:
    """The log of an open encounter as ``format`` ``text`` or ``markdown`` (each entry with its
    dice), for the group's chat or notes."""
    enc = held(args)
    return {"text": enc.log_document(args.get("format", "text")), "format": args.get("format", "text")}


def on_encounter_explain(args: Args, rng: random.Random) -> dict[str, Any]:
    """Log entry ``index`` of an open encounter again: its line, dice and worked steps."""
    return held(args).explain(need(args, "index"))


def on_encounter_link(args: Args, rng: random.Random) -> dict[str, Any]:
    """A share link's fragment for a stored encounter (checked by replaying it first)."""
    data = need(args, "encounter")
    Encounter.from_dict(data, field="encounter")
    return {"fragment": codec.encode_link(codec.wrap("encounter", data))}


def on_encounter_unlink(args: Args, rng: random.Random) -> dict[str, Any]:
    """The encounter a share link carries, validated by replaying it."""
    data = codec.unwrap(codec.decode_link(need(args, "fragment"), field="fragment"), "encounter",
                        field="fragment")
    enc = Encounter.from_dict(data, field="fragment.data")
    return {"encounter": enc.to_dict(), "view": view(enc)}


def on_encounter_players_link(args: Args, rng: random.Random) -> dict[str, Any]:
    """The fragment of the players' link of a stored encounter (``play.html#v=<fragment>``): the
    players' view itself with whose turn it is and the last results
    (:func:`pyfudge.encounter.players_account.players_view`), which the players' page draws with no
    Python, built from only what the GM lets players see (:func:`pyfudge.encounter.players.payload`);
    hidden values are not in it at all."""
    enc = Encounter.from_dict(need(args, "encounter"), field="encounter")
    return {"fragment": codec.encode_link(codec.wrap("players-view", players_account.players_view(enc)))}


def on_encounter_players(args: Args, rng: random.Random) -> dict[str, Any]:
    """The players' view of an open encounter at revision ``rev`` (the table display, the live
    table's seats): the same as its players' link would show."""
    enc = at_rev(args, encounter_id(args))
    return {"rev": len(enc.log), "view": players_account.players_view(enc)}


# What a player may declare for his own character from the live table (the rest of a declaration
# is the GM's to set in the round form).
PLAYER_DECLARES = ("all_out", "stance", "points")


def on_encounter_declaration(args: Args, rng: random.Random) -> dict[str, Any]:
    """A player's declaration from the live table (``declares``: all-out, stance, Fudge Points)
    for ``combatant`` of the encounter at revision ``rev``, checked as at Resolve: offered by
    the rules in force and allowed this fighter now (his Fudge Points, his stun, the pacing), so
    the GM's round form takes only one the engine would. The declaration as read, of the keys
    given."""
    enc = at_rev(args, encounter_id(args))
    raw = need(args, "declares")
    if not isinstance(raw, dict):
        raise RequestError("declares must be an object.", field="declares")
    for key in raw:
        if key not in PLAYER_DECLARES:
            raise RequestError(f"A player declares only all-out, a stance and Fudge Points, not {key!r}.",
                               field=f"declares.{key}")
    cid = need(args, "combatant")
    state = enc.state
    combatant = next((c for c in state.combatants if c.id == cid), None)
    if combatant is None:
        raise RequestError("This encounter has no such combatant.", field="combatant")
    decl, _ = declared_carry(state, combatant, raw, "declares")
    check_declaration(combatant.fighter, decl, state.rules, "declares",
                      alternating=state.rules["melee.pacing"] == "alternating")
    read = decl.to_dict()
    return {"declares": {key: read[key] for key in raw}}


def on_players_open(args: Args, rng: random.Random) -> dict[str, Any]:
    """The players' view a link of an older build carries (``#/p/<fragment>``): a players' link
    of kind ``players``, or a whole encounter's link (as player links were once made), which is
    replayed and then shown as the players see it (with its account; a players' link holds no
    log, so none). Today's players' links open in play.html."""
    envelope = codec.decode_link(need(args, "fragment"), field="fragment")
    if isinstance(envelope, dict) and envelope.get("type") == "pyfudge/players":
        return {"view": players.read(codec.unwrap(envelope, "players", field="fragment"), field="fragment.data")}
    data = codec.unwrap(envelope, "encounter", field="fragment")
    enc = Encounter.from_dict(data, field="fragment.data")
    return {"view": players_account.players_view(enc)}


def on_encounter_import(args: Args, rng: random.Random) -> dict[str, Any]:
    """The encounters an exported file holds (one, or a collection), each validated by replaying
    it. Nothing is stored: the app adds them as copies. A file of one encounter that cannot be
    read is refused (the error names it); a collection gives every encounter that reads and names
    each refused one in ``refused`` (``{what, name, reason, field}``), so one bad record never
    blocks the rest. A file with a library (templates, party) also returns ``library``: its
    entries to add to the one the device holds (``library``, as stored), as
    :func:`pyfudge.door.library.merged` says, its refused entries named in ``refused`` too. ``aside``:
    the records the exporting device kept aside (``{what, name, reason}``), which stay in the file."""
    contents = codec.read_file(need(args, "file"), field="file")
    datas = contents.encounters
    found: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    for i, data in enumerate(datas):
        # Where the encounter is in the file: a collection of one holds it in its list too.
        where = f"file.data.encounters[{i}].data" if contents.collection else "file.data"
        try:
            if isinstance(data, FudgeError):
                raise data
            enc = Encounter.from_dict(data, field=where)
        except FudgeError as err:
            if len(datas) == 1 and contents.library is None and not contents.aside:
                raise  # the file is this one encounter
            name = None if data is err else library.name_in(data)
            label = f" ({name[:40]!r})" if name else ""
            refused.append({"what": "encounter", "name": name, "field": err.field,
                            "reason": f"Encounter {i + 1} of {len(datas)}{label}: {err.message}"})
            continue
        found.append({"encounter": enc.to_dict(), "name": enc.name, "events": len(enc.log),
                      "combatants": len(enc.state.combatants)})
    out: dict[str, Any] = {"encounters": found}
    lib = contents.library
    if isinstance(lib, FudgeError):
        refused.append({"what": "library", "name": None, "field": lib.field, "reason": lib.message})
    elif lib is not None:
        incoming, bad = library.read(lib, field="file.data.library.data")
        refused += [{k: r[k] for k in ("what", "name", "field", "reason")} for r in bad]
        out["library"] = library.merged(args.get("library"), incoming)
    if refused:
        out["refused"] = refused
    if contents.aside:
        out["aside"] = [{"what": r.get("what") if isinstance(r.get("what"), str) else "record",
                         "name": r.get("name") if isinstance(r.get("name"), str) else None,
                         "reason": r.get("reason") if isinstance(r.get("reason"), str) else ""}
                        for r in contents.aside]
    return out


def stored_encounter(item: Any, where: str) -> Encounter:
    """An encounter from what the app stores: its record's text as stored (an envelope, read with
    every cap of :func:`codec.parse_json`, so that no record can refuse the request it comes in),
    or its data."""
    if isinstance(item, dict) and "text" in item:
        envelope = codec.parse_json(item["text"], field=where, max_bytes=codec.MAX_FILE_BYTES, what="The record")
        item = codec.unwrap(envelope, "encounter", field=where)
    return Encounter.from_dict(item, field=where)


def on_encounter_export(args: Args, rng: random.Random) -> dict[str, Any]:
    """The text of a file holding one stored encounter (``encounter``, checked by replaying it
    first) or all a device holds (``encounters``; then the GM's ``library`` of templates and party
    too, and the records it keeps ``aside``).

    Export all always exports: each encounter is one the app stores, as data or as its record
    ``{key, name, text}`` (the text as stored); each library entry an object or its JSON text; one
    that cannot be read (a record damaged or of a newer version, an event this engine does not
    know, a party member off the ladder…) is kept aside in the file — its text as found, named,
    with the reason — and never blocks the rest. ``aside`` lists what the app already keeps aside
    (``{key, name?, text}``), exported so too. The answer's ``aside`` names each record kept aside
    (``{what, name, reason, key?}``)."""
    if "encounters" in args:
        items = args["encounters"]
        if not isinstance(items, list) or len(items) > codec.MAX_COLLECTION:
            raise RequestError(f"encounters must list at most {codec.MAX_COLLECTION} encounters.", field="encounters")
        lib: dict[str, Any] | None = None
        aside: list[dict[str, Any]] = []
        if args.get("library") is not None:
            lib, aside = library.read(args["library"], field="library")
        good = []
        for i, item in enumerate(items):
            try:
                good.append(stored_encounter(item, f"encounters[{i}]").to_dict())
            except FudgeError as err:
                raw = item["text"] if isinstance(item, dict) and "text" in item else item
                aside.append({**library.aside_record("encounter", raw, err), **_key_and_name(item)})
        aside += [_kept(i, r) for i, r in enumerate(_records(args.get("aside", [])))]
        if not good and lib is None and not aside:
            raise RequestError("There is nothing to export.", field="encounters")
        text = codec.export_text(codec.collection(good, lib, aside), field="encounters")
        return {"file": text, "count": len(good),
                "aside": [{k: r[k] for k in ("what", "name", "reason", "key") if k in r} for r in aside]}
    data = need(args, "encounter")
    Encounter.from_dict(data, field="encounter")
    return {"file": codec.export_text(codec.wrap("encounter", data), field="encounter"), "count": 1}


def _records(value: Any) -> list[dict[str, Any]]:
    if (not isinstance(value, list) or len(value) > codec.MAX_ASIDE
            or not all(isinstance(r, dict) and isinstance(r.get("text"), str) for r in value)):
        raise RequestError(f"aside lists at most {codec.MAX_ASIDE} records {{key, name?, text}}.", field="aside")
    return value


def _key_and_name(item: Any) -> dict[str, Any]:
    """The ``key`` a stored record is kept under and the ``name`` the app lists it by, when given."""
    if not isinstance(item, dict) or "text" not in item:
        return {}
    return {k: item[k] for k in ("key", "name") if isinstance(item.get(k), str)}


def _kept(i: int, record: dict[str, Any]) -> dict[str, Any]:
    """A record the app keeps aside already (it could not read it), exported as it is."""
    try:
        stored_encounter(record, f"aside[{i}]")
        reason = "Kept aside on the device."
    except FudgeError as err:
        reason = err.message
    return {"what": "record", "name": record.get("name") if isinstance(record.get("name"), str) else library.name_in(
        record["text"]),
            "reason": reason, "field": f"aside[{i}]", "text": record["text"], **_key_and_name(record)}


def on_library_template(args: Args, rng: random.Random) -> dict[str, Any]:
    """A template to store from a fighter's sheet ``{fighter, side?}`` (:func:`library.template`:
    unhurt, named after his kin)."""
    return library.template(args, field="")


def on_library_member(args: Args, rng: random.Random) -> dict[str, Any]:
    """A party member to store from a fighter ``{fighter, side?, status?}``, his wounds kept."""
    return library.member(args, field="")


# A QR code holds at most 2,953 bytes (version 40, error level L); longer text cannot fit.
MAX_QR_CHARS = 2953


def on_qr(args: Args, rng: random.Random) -> dict[str, Any]:
    """A QR code for a share link, as SVG text (black on white, sized by its viewBox).

    Uses ``segno`` (pure Python), which the app installs on demand from its own site; it is no
    dependency of the rules, so it is imported here only.
    """
    text = need(args, "text")
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
