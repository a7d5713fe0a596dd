"""Envelopes and share links: round trips, versions, and hostile links refused."""

import base64
import zlib

import pytest
from hypothesis import given, strategies as st

from pyfudge import codec
from pyfudge.codec import CodecError

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@given(json_values)
def test_decode_of_encode_is_identity(data):
    envelope = codec.wrap("encounter", data)
    assert codec.decode_link(codec.encode_link(envelope)) == envelope
    assert codec.unwrap(envelope, "encounter") == data


def test_link_is_url_safe_text():
    link = codec.encode_link(codec.wrap("encounter", {"name": "Snorri & Brynhild?/#"}))
    assert link.startswith("f1.") and all(c.isalnum() or c in "-_." for c in link)


def test_newer_version_is_refused_with_the_version_it_needs():
    with pytest.raises(CodecError, match="newer pyfudge .format 9."):
        codec.unwrap({"type": "pyfudge/encounter", "version": 9, "data": {}}, "encounter")


def test_wrong_type_and_missing_envelope_are_refused():
    with pytest.raises(CodecError, match="Expected pyfudge encounter"):
        codec.unwrap({"type": "pyfudge/other", "version": 1, "data": {}}, "encounter")
    with pytest.raises(CodecError, match="envelope"):
        codec.unwrap({"name": "x"}, "encounter")


def test_truncated_link_is_refused():
    link = codec.encode_link(codec.wrap("encounter", {"log": list(range(200))}))
    with pytest.raises(CodecError):
        codec.decode_link(link[: len(link) // 2])


def test_zip_bomb_is_refused_before_it_is_inflated():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"[" + b"0," * 5_000_000 + b"0]") + packer.flush()
    link = codec.LINK_PREFIX + base64.urlsafe_b64encode(bomb).rstrip(b"=").decode()
    assert len(link) < codec.MAX_LINK_CHARS
    with pytest.raises(CodecError, match="more data"):
        codec.decode_link(link)


def test_over_long_and_foreign_links_are_refused():
    with pytest.raises(CodecError, match="too long"):
        codec.decode_link("f1." + "A" * codec.MAX_LINK_CHARS)
    with pytest.raises(CodecError, match="not a pyfudge"):
        codec.decode_link("https://example.invalid/")
    with pytest.raises(CodecError, match="garbled"):
        codec.decode_link("f1.!!!!")
