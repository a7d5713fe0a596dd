"""Every refusal of a link, a file or JSON from outside says what is wrong, in its own words, under
the field asked; and the caps hold exactly where the codec sets them (pyfudge/door/codec.py)."""

import base64
import json
import tracemalloc
import zlib

import pytest

from pyfudge.door import codec
from pyfudge.door.codec import CodecError


def link_of(raw: bytes, level: int = 9) -> str:
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return codec.LINK_PREFIX + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).rstrip(b"=").decode()


def refusal(read, *args, **kwargs) -> tuple[str, str | None]:
    with pytest.raises(CodecError) as caught:
        read(*args, **kwargs)
    return caught.value.message, caught.value.field


def _extra_after_end() -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(b"{}") + packer.flush() + b"more"
    return codec.LINK_PREFIX + base64.urlsafe_b64encode(packed).decode()


GARBLED = "The link is garbled (it may have been cut off when copied)."
LINK_REFUSALS = [
    (5, "A share link must be text."),
    ("x" * (2 * codec.MAX_LINK_CHARS + 1), "This link is too long to be a pyfudge link (128,001 characters)."),
    ("f1." + "A" * codec.MAX_LINK_CHARS, "This link is too long to be a pyfudge link (64,003 characters)."),
    ("https://example.invalid/", "This is not a pyfudge share link."),
    ("f1.!!!!", GARBLED),  # not base64
    ("f1.____", GARBLED),  # base64, but no deflate stream
    ("f1.AAAA", "The link is cut off: part of it is missing."),
    (_extra_after_end(), "The link is garbled: it has extra data after its end."),
    (link_of(b"[" + b"0," * 400_000 + b"0]"), "The link unpacks to more data than any encounter holds; refused."),
    (link_of(b'"\xff"'), "The link is garbled: its content is not valid text."),
    (link_of(b'{"a": NaN}'), "The link holds NaN, which is not a number pyfudge reads."),
]


@pytest.mark.parametrize(("text", "message"), LINK_REFUSALS)
def test_each_refusal_of_a_link_says_what_is_wrong_under_the_field_asked(text, message):
    assert refusal(codec.decode_link, text) == (message, "link")
    assert refusal(codec.decode_link, text, field="fragment") == (message, "fragment")


def test_a_link_padded_with_whitespace_is_read_up_to_twice_the_link_cap_and_refused_past_it():
    envelope = codec.wrap("encounter", {"name": "Duel"})
    link = codec.encode_link(envelope)
    padding = 2 * codec.MAX_LINK_CHARS - len(link)
    assert codec.decode_link(" " * padding + link) == envelope
    assert refusal(codec.decode_link, " " * (padding + 1) + link) == (
        "This link is too long to be a pyfudge link (128,001 characters).", "link")


def test_a_link_of_the_longest_length_is_read_and_one_character_more_is_too_long():
    # No base64 text without padding is 1 past a multiple of 4 long: a 64,000-character link is
    # garbled, but it is read as far as that, and 64,001 characters are not.
    assert refusal(codec.decode_link, "f1." + "A" * (codec.MAX_LINK_CHARS - 3))[0] == GARBLED
    assert refusal(codec.decode_link, "f1." + "A" * (codec.MAX_LINK_CHARS - 2))[0] == (
        "This link is too long to be a pyfudge link (64,001 characters).")


def test_a_link_unpacking_to_exactly_the_json_cap_is_read_and_one_byte_more_is_refused():
    longest = "a" * (codec.MAX_JSON_BYTES - 2)  # with its two quotes
    assert codec.decode_link(link_of(json.dumps(longest).encode())) == longest
    assert refusal(codec.decode_link, link_of(json.dumps(longest + "a").encode())) == (
        "The link unpacks to more data than any encounter holds; refused.", "link")


def test_a_zip_bomb_is_refused_having_inflated_no_more_than_the_cap():
    # Memory, not time, so a busy machine cannot make it pass or fail: a bomb of 40 MB.
    bomb = link_of(b"[" + b"0," * 20_000_000 + b"0]")
    assert len(bomb) < codec.MAX_LINK_CHARS
    tracemalloc.start()
    try:
        with pytest.raises(CodecError, match="more data"):
            codec.decode_link(bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * codec.MAX_JSON_BYTES


def test_text_before_the_link_that_holds_a_hash_sign_is_read_past():
    envelope = codec.wrap("encounter", {"name": "Duel"})
    link = codec.encode_link(envelope)
    assert codec.decode_link(f"Fight #3 tonight: https://example.invalid/app/#{link}") == envelope
