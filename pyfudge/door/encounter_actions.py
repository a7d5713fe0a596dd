"""The door's encounter actions: the encounters the engine holds open, by the app's id, and the
actions on them (new, open, apply an event, the log, an entry explained), their share links,
files and the players' view, the GM's library, and a QR code for a link (:mod:`pyfudge.api`)."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

from ..core.errors import FudgeError, RequestError
from ..encounter import library, players, round_view
from ..encounter.log import Encounter
from ..encounter.view import view
from . import codec
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


def opened(eid: str, enc: Encounter) -> dict[str, Any]:
    hold(eid, enc)
    return {"id": eid, "rev": len(enc.log), "view": view(enc)}


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
    engine does not hold (or holds at another revision) is reopened first."""
    eid = encounter_id(args)
    enc = at_rev(args, eid)
    try:
        enc.apply(need(args, "event"))
    except FudgeError as err:
        err.asks = round_view.asks(err.field)
        raise
    # The event as logged: with what the round remembers written in (encounter.remembered).
    return {**opened(eid, enc), "event": enc.log[-1]}


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
    players' view itself (:func:`pyfudge.encounter.players.read`), which the players' page draws
    with no Python, built from only what the GM lets players see
    (:func:`pyfudge.encounter.players.payload`); hidden values are not in it at all."""
    enc = Encounter.from_dict(need(args, "encounter"), field="encounter")
    return {"fragment": codec.encode_link(codec.wrap("players-view", players.read(players.payload(enc.state))))}


def on_encounter_players(args: Args, rng: random.Random) -> dict[str, Any]:
    """The players' view of an open encounter at revision ``rev`` (the table display): the same
    as its players' link would show, built from the same payload."""
    enc = at_rev(args, encounter_id(args))
    return {"rev": len(enc.log), "view": players.read(players.payload(enc.state))}


def on_players_open(args: Args, rng: random.Random) -> dict[str, Any]:
    """The players' view a link of an older build carries (``#/p/<fragment>``): a players' link
    of kind ``players``, or a whole encounter's link (as player links were once made), which is
    replayed and then shown as the players see it. Today's players' links open in play.html."""
    envelope = codec.decode_link(need(args, "fragment"), field="fragment")
    if isinstance(envelope, dict) and envelope.get("type") == "pyfudge/players":
        return {"view": players.read(codec.unwrap(envelope, "players", field="fragment"), field="fragment.data")}
    data = codec.unwrap(envelope, "encounter", field="fragment")
    enc = Encounter.from_dict(data, field="fragment.data")
    return {"view": players.read(players.payload(enc.state))}


def on_encounter_import(args: Args, rng: random.Random) -> dict[str, Any]:
    """The encounters an exported file holds (one, or a collection), each validated by replaying
    it; an error names the encounter at fault. Nothing is stored: the app adds them as copies.
    A file with a library (templates, party) also returns ``library``: its entries to add to the
    one the device holds (``library``, as stored), as :func:`pyfudge.encounter.library.merged` says."""
    datas, lib = codec.read_file(need(args, "file"), field="file")
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


def on_encounter_export(args: Args, rng: random.Random) -> dict[str, Any]:
    """The text of a file holding one stored encounter (``encounter``) or several
    (``encounters``), each checked by replaying it first; with several, the GM's ``library``
    of templates and party too (checked by :func:`pyfudge.encounter.library.read`; then the encounters may
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
    data = need(args, "encounter")
    Encounter.from_dict(data, field="encounter")
    return {"file": codec.export_text(codec.wrap("encounter", data), field="encounter"), "count": 1}


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
