"""Saved data, exported files and share links: a ``{type, version}`` envelope, migration, and caps.

Everything the app stores, exports or shares is wrapped as ``{"type": "pyfudge/<kind>",
"version": n, "data": ...}`` so that a reader knows what it holds and which version wrote it.
A share link carries the envelope as deflated JSON in base64url, in the URL fragment (never sent to
a server); an exported file is the envelope as JSON text, one encounter or a ``collection`` of them.

Everything read from outside passes :func:`parse_json`, which refuses, before any deep work:
text over a size cap, nesting deeper than :data:`MAX_DEPTH` (checked by an iterative scan, so a
hostile ``[[[[…`` never reaches a recursive parser — Pyodide's stack is small), ``NaN``/``Infinity``
and numbers too long to be real, duplicate keys, keys that mean something to JavaScript objects
(``__proto__``, ``constructor``, ``prototype``) and text that is not valid Unicode. Links are
inflated with a cap, so a zip bomb is refused after at most :data:`MAX_JSON_BYTES` of output.
Every refusal is a :class:`CodecError` naming the field and saying what is wrong.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from ..core.errors import FudgeError


class CodecError(FudgeError):
    """Saved data or a link that cannot be read: garbled, too large, or of an unknown version."""


# The version each kind is written at today, and how to lift older versions one step.
# "players": what a players' link carries (pyfudge.encounter.players), never imported as an encounter;
# "players-view": the players' view itself (pyfudge.encounter.players.read), which the players'
# page reads with no Python, checked against players.VIEW_SHAPE (today's players' links; "players"
# links of older builds still open in the app through the engine);
# "library": the GM's templates and party (pyfudge.door.library), carried by an export of all.
VERSIONS: dict[str, int] = {"encounter": 1, "collection": 1, "players": 1, "players-view": 1, "library": 1}
MIGRATIONS: dict[tuple[str, int], Callable[[Any], Any]] = {}

LINK_FORMAT = 1
LINK_PREFIX = f"f{LINK_FORMAT}."  # link format 1: deflate (raw) + base64url, no padding
MAX_LINK_CHARS = 64_000  # a link longer than this is refused before decoding
MAX_JSON_BYTES = 512_000  # an inflated link may not exceed this (~8,000 logged events)
# A file may not exceed this: about what a browser's localStorage holds for one site, so an
# export of everything the app stores always fits, and a replay of it stays in seconds.
MAX_FILE_BYTES = 5_000_000
MAX_COLLECTION = 200  # encounters in one exported file
# Logged events in one file, all encounters together: opening a file replays every one (about
# 0.2 ms an event in CPython, several times that on a phone), so this keeps an import to seconds.
MAX_FILE_EVENTS = 20_000
# Encounter data is at most 8 deep (envelope, collection, log, event, fighter, track, rows, row);
# 32 leaves room for tables in house rules and stays far below any recursion limit.
MAX_DEPTH = 32
# JSON.stringify never writes a whole number of more than 21 digits; longer is not a real number
# (and Python refuses to read ints of over 4,300 digits with a ValueError of its own).
MAX_DIGITS = 21
# Keys a JavaScript object treats specially; no pyfudge format uses them, so data holding them is
# refused at the door rather than trusted to every piece of UI code that might copy it.
RESERVED_KEYS = frozenset({"__proto__", "constructor", "prototype"})

_LINK_HEAD = re.compile(r"f(\d{1,6})\.")
# A JSON string, or an unterminated one running to the end; possessive, so linear on any input.
_STRING = re.compile(r'"(?:[^"\\]|\\[\s\S]?)*+(?:"|\Z)')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


# --- envelopes --------------------------------------------------------------------------------

def wrap(kind: str, data: Any) -> dict[str, Any]:
    """Put ``data`` of ``kind`` in the envelope at today's version."""
    return {"type": f"pyfudge/{kind}", "version": VERSIONS[kind], "data": data}


def unwrap(envelope: Any, kind: str, *, field: str = "data") -> Any:
    """Check the envelope is a ``kind`` we can read, migrate it to today's version, return its data."""
    if not isinstance(envelope, dict) or set(envelope) != {"type", "version", "data"}:
        raise CodecError("This is not pyfudge data (no type/version envelope).", field=field)
    if envelope["type"] != f"pyfudge/{kind}":
        raise CodecError(
            f"Expected pyfudge {kind} data, found {str(envelope['type'])[:40]!r}.", field=f"{field}.type"
        )
    return _migrate(envelope, kind, field)


def _migrate(envelope: dict[str, Any], kind: str, field: str) -> Any:
    version = envelope["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise CodecError("The data's version is not a positive whole number.", field=f"{field}.version")
    if version > VERSIONS[kind]:
        raise CodecError(
            f"This {kind} was written by a newer pyfudge (format {version}); this app reads up to "
            f"format {VERSIONS[kind]}. Update the app to open it.",
            field=f"{field}.version",
        )
    data = envelope["data"]
    for step in range(version, VERSIONS[kind]):
        data = MIGRATIONS[(kind, step)](data)
    return data


# Records kept aside in one file (see :func:`collection`): every encounter, template and party
# member a device may hold, and the texts it already keeps aside.
MAX_ASIDE = 400


def collection(encounters: list[Any], library: Any = None, aside: list[dict[str, Any]] | None = None,
               ) -> dict[str, Any]:
    """The envelope of an exported file holding several encounters (each in its own envelope,
    so each migrates on its own when the encounter format moves on) and, when given, the GM's
    library of templates and party (``pyfudge.door.library``, in an envelope of its own too) and the
    records kept ``aside``: ``{key, name, reason, text}`` each, what the device holds that could not
    be read, its stored ``text`` exactly as found (a string: it may be anything, even what
    :func:`parse_json` refuses, and never makes the file unreadable)."""
    data: dict[str, Any] = {"encounters": [wrap("encounter", e) for e in encounters]}
    if library is not None:
        data["library"] = wrap("library", library)
    if aside:
        data["aside"] = aside
    return wrap("collection", data)


# --- reading JSON from outside ----------------------------------------------------------------

def nesting(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (strings skipped), without recursion.

    Stops counting once past :data:`MAX_DEPTH`. Brackets of garbled text are counted as they come.
    """
    depth = deepest = 0
    for c in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def check_tree(value: Any, *, field: str = "data") -> None:
    """Refuse a JSON value we would not read back: too deep, non-finite or over-long numbers,
    reserved or non-text keys, or text that is not valid Unicode (a lone surrogate). Iterative."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list, tuple)):  # json.dumps writes a tuple as a list
            if depth > MAX_DEPTH:
                raise CodecError(f"The data nests more than {MAX_DEPTH} levels deep.", field=field)
            if isinstance(node, dict):
                for key, item in node.items():
                    _check_key(key, field)
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in node)
        elif isinstance(node, str):
            _check_text(node, field)
        elif isinstance(node, bool) or node is None:
            pass
        elif isinstance(node, int):
            if abs(node) >= 10 ** MAX_DIGITS:
                raise CodecError("The data holds a number too long to be real.", field=field)
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise CodecError("The data holds a number that is not finite (NaN or Infinity).", field=field)
        else:
            raise CodecError(f"The data holds a {type(node).__name__}, which JSON cannot carry.", field=field)


def _check_key(key: Any, field: str) -> None:
    if not isinstance(key, str):
        raise CodecError("Every key of the data must be text.", field=field)
    if key in RESERVED_KEYS:
        raise CodecError(f"The data holds the key {key!r}, which pyfudge never writes; refused.", field=field)
    _check_text(key, field)


def _check_text(text: str, field: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise CodecError("The data holds text that is not valid Unicode (a lone surrogate).",
                             field=field) from None


def parse_json(text: Any, *, field: str = "data", max_bytes: int = MAX_JSON_BYTES, what: str = "data",
               error: type[FudgeError] = CodecError) -> Any:
    """Read JSON from outside with every cap of this module; ``what`` names it in messages
    ("The link", "The file"), ``error`` is the error class raised (the request door uses its own)."""
    if not isinstance(text, str):
        raise error(f"{what} must be text.", field=field)
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise error(f"{what} is too large: over {max_bytes:,} bytes.", field=field)
    if nesting(text) > MAX_DEPTH:
        raise error(f"{what} nests more than {MAX_DEPTH} levels deep; refused.", field=field)
    try:
        value = json.loads(
            text.removeprefix("\ufeff"),
            parse_constant=_refuse_constant,
            parse_int=_read_int,
            parse_float=_read_float,
            object_pairs_hook=_read_object,
        )
    except _Refused as refused:
        raise error(f"{what} {refused.args[0]}", field=field) from None
    except json.JSONDecodeError as err:
        raise error(f"{what} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg}).",
                    field=field) from None
    except (ValueError, RecursionError):
        raise error(f"{what} is not valid JSON.", field=field) from None
    try:
        check_tree(value, field=field)
    except CodecError as err:
        raise error(err.message.replace("The data", what, 1), field=field) from None
    return value


class _Refused(Exception):
    """A JSON value the parser hooks refuse (turned into the caller's error class)."""


def _refuse_constant(name: str) -> Any:
    raise _Refused(f"holds {name}, which is not a number pyfudge reads.")


def _read_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"holds a number of {len(digits.lstrip('-')):,} digits, too long to be real.")
    return int(digits)


def _read_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise _Refused(f"holds the number {digits[:30]}, too large to be real.")
    return value


def _read_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused(f"names the key {twice[:40]!r} twice in one object.")
    for key in obj:
        if key in RESERVED_KEYS:
            raise _Refused(f"holds the key {key!r}, which pyfudge never writes; refused.")
    return obj


def _dumps(value: Any, *, field: str, indent: int | None = None) -> str:
    check_tree(value, field=field)
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(value, separators=separators, ensure_ascii=False, allow_nan=False, indent=indent)


# --- exported files ---------------------------------------------------------------------------

def _events(encounters: list[Any], field: str) -> None:
    total = sum(len(e["log"]) for e in encounters if isinstance(e, dict) and isinstance(e.get("log"), list))
    if total > MAX_FILE_EVENTS:
        raise CodecError(f"One file holds at most {MAX_FILE_EVENTS:,} logged events in all, this one "
                         f"{total:,}; export fewer encounters at a time.", field=field)


def export_text(envelope: dict[str, Any], *, field: str = "encounters") -> str:
    """The text of an exported file for ``envelope`` (see :func:`collection`); refuses what
    :func:`read_import` would not read back."""
    if envelope.get("type") == "pyfudge/collection":
        _events([item.get("data") for item in envelope["data"]["encounters"]], field)
    else:
        _events([envelope.get("data")], field)
    text = _dumps(envelope, field=field, indent=1) + "\n"
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise CodecError(f"These encounters are too large for one file (over {MAX_FILE_BYTES:,} bytes); "
                         "export fewer at a time.", field=field)
    return text


def read_import(text: Any, *, field: str = "file") -> list[Any]:
    """The encounters' data in an exported file, each migrated to today's version; the first
    that cannot be read refuses the file (see :func:`read_file`)."""
    contents = read_file(text, field=field)
    for item in contents.encounters:
        if isinstance(item, FudgeError):
            raise item
    return contents.encounters


@dataclass
class FileContents:
    """What an exported file holds (:func:`read_file`).

    ``encounters``: each encounter's data migrated to today's version, or the :class:`CodecError`
    that refuses it (an envelope of another kind or a newer version: the rest still read); not yet
    replayed (the caller rebuilds each with ``Encounter.from_dict``, field ``<field>.data`` or
    ``<field>.data.encounters[i].data``). ``library``: the library's data a collection may carry
    (None when none; checked by the caller, ``pyfudge.door.library.read``, field
    ``<field>.data.library.data``), or the CodecError that refuses it. ``aside``: the records the
    device that wrote it kept aside (:func:`collection`), as they are. ``collection``: the file is a
    collection (Export all), even of one encounter, not one encounter's envelope."""
    encounters: list[Any]
    library: Any = None
    aside: list[dict[str, Any]] = dc_field(default_factory=list)
    collection: bool = False


def read_file(text: Any, *, field: str = "file") -> FileContents:
    """What an exported file holds: one ``pyfudge/encounter`` envelope (refused whole when it
    cannot be read), or a ``pyfudge/collection`` of them, maybe with a library and records kept
    aside beside them (a collection with a library or records aside may hold no encounter)."""
    envelope = parse_json(text, field=field, max_bytes=MAX_FILE_BYTES, what="The file")
    if not isinstance(envelope, dict) or set(envelope) != {"type", "version", "data"}:
        raise CodecError("This file is not pyfudge data (no type/version envelope).", field=field)
    kind = envelope["type"]
    if kind == "pyfudge/encounter":
        return FileContents([_migrate(envelope, "encounter", field)])  # its log is capped on replay
    if kind != "pyfudge/collection":
        raise CodecError(f"This file holds {str(kind)[:40]!r}, not pyfudge encounters.", field=f"{field}.type")
    data = _migrate(envelope, "collection", field)
    where = f"{field}.data"
    if not isinstance(data, dict) or set(data) - {"library", "aside"} != {"encounters"}:
        raise CodecError("The file's data must be an object with a list of encounters.", field=where)
    aside = data.get("aside", [])
    if (not isinstance(aside, list) or len(aside) > MAX_ASIDE
            or not all(isinstance(r, dict) and isinstance(r.get("text"), str) for r in aside)):
        raise CodecError(f"The file's records kept aside must be a list of at most {MAX_ASIDE} records, each "
                         "with its text.", field=f"{where}.aside")
    library = None
    if "library" in data:
        library = _read(data["library"], "library", f"{where}.library")
    items = data["encounters"]
    least = 0 if "library" in data or aside else 1
    if not isinstance(items, list) or not least <= len(items) <= MAX_COLLECTION:
        raise CodecError(f"The file must hold {least} to {MAX_COLLECTION} encounters.", field=f"{where}.encounters")
    found = [_read(item, "encounter", f"{where}.encounters[{i}]") for i, item in enumerate(items)]
    _events([e for e in found if not isinstance(e, FudgeError)], where)
    return FileContents(found, library, aside, collection=True)


def _read(envelope: Any, kind: str, field: str) -> Any:
    """The data of one envelope in a file, or the CodecError that refuses it."""
    try:
        return unwrap(envelope, kind, field=field)
    except CodecError as err:
        return err


# --- share links ------------------------------------------------------------------------------

def encode_link(envelope: dict[str, Any], *, field: str = "encounter") -> str:
    """The fragment text of a share link for ``envelope`` (compact JSON, raw deflate, base64url);
    refuses what :func:`decode_link` would not read back (too large: export a file instead)."""
    raw = _dumps(envelope, field=field).encode()
    if len(raw) > MAX_JSON_BYTES:
        raise CodecError("This encounter is too large to share as a link; export it as a file instead.",
                         field=field)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    link = LINK_PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")
    if len(link) > MAX_LINK_CHARS:
        raise CodecError("This encounter is too large to share as a link; export it as a file instead.",
                         field=field)
    return link


def decode_link(text: Any, *, field: str = "link") -> Any:
    """The envelope a share link carries; refuses garbled, oversized or bomb-like links.

    Accepts the fragment alone (``f1.…``), with its ``#``, or the whole address; whitespace a
    mail program may have put into a long link is dropped.
    """
    if not isinstance(text, str):
        raise CodecError("A share link must be text.", field=field)
    if len(text) > 2 * MAX_LINK_CHARS:
        raise CodecError(f"This link is too long to be a pyfudge link ({len(text):,} characters).", field=field)
    text = "".join(text.split())
    text = text.rsplit("#", 1)[-1]
    if len(text) > MAX_LINK_CHARS:
        raise CodecError(f"This link is too long to be a pyfudge link ({len(text):,} characters).", field=field)
    head = _LINK_HEAD.match(text)
    if head and int(head.group(1)) > LINK_FORMAT:
        raise CodecError(
            f"This link was made by a newer pyfudge (link format {int(head.group(1))}); this app reads "
            f"link format {LINK_FORMAT}. Update the app to open it.", field=field)
    if not text.startswith(LINK_PREFIX):
        raise CodecError("This is not a pyfudge share link.", field=field)
    body = text[len(LINK_PREFIX):]
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise CodecError("The link is garbled (it may have been cut off when copied).", field=field) from None
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise CodecError("The link is garbled (it may have been cut off when copied).", field=field) from None
    if len(raw) > MAX_JSON_BYTES or unpacker.unconsumed_tail:
        raise CodecError("The link unpacks to more data than any encounter holds; refused.", field=field)
    if not unpacker.eof:
        raise CodecError("The link is cut off: part of it is missing.", field=field)
    if unpacker.unused_data:
        raise CodecError("The link is garbled: it has extra data after its end.", field=field)
    try:
        content = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CodecError("The link is garbled: its content is not valid text.", field=field) from None
    return parse_json(content, field=field, what="The link")
