"""Saved data and share links: a ``{type, version}`` envelope, migration, and compact links.

Everything the app stores or shares is wrapped as ``{"type": "pyfudge/<kind>", "version": n,
"data": ...}`` so that a reader knows what it holds and which version wrote it. A share link
carries the envelope as deflated JSON in base64url, in the URL fragment (never sent to a server).
Decoding is capped before and while inflating, so a hostile link cannot exhaust a phone's memory.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Callable

from .errors import FudgeError


class CodecError(FudgeError):
    """Saved data or a link that cannot be read: garbled, too large, or of an unknown version."""


# The version each kind is written at today, and how to lift older versions one step.
VERSIONS: dict[str, int] = {"encounter": 1}
MIGRATIONS: dict[tuple[str, int], Callable[[Any], Any]] = {}

LINK_PREFIX = "f1."  # link format 1: deflate (raw) + base64url, no padding
MAX_LINK_CHARS = 64_000  # a link longer than this is refused before decoding
MAX_JSON_BYTES = 512_000  # an inflated link may not exceed this


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


def encode_link(envelope: dict[str, Any]) -> str:
    """The fragment text of a share link for ``envelope`` (compact JSON, raw deflate, base64url)."""
    raw = json.dumps(envelope, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def decode_link(text: Any, *, field: str = "link") -> Any:
    """The envelope a share link carries; refuses garbled, oversized or bomb-like links."""
    if not isinstance(text, str):
        raise CodecError("A share link must be text.", field=field)
    text = text.strip().lstrip("#")
    if len(text) > MAX_LINK_CHARS:
        raise CodecError(f"This link is too long to be a pyfudge link ({len(text)} characters).", field=field)
    if not text.startswith(LINK_PREFIX):
        raise CodecError("This is not a pyfudge share link (or it was made by a newer version).", field=field)
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
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise CodecError("The link is garbled: its content is not valid data.", field=field) from None
