"""Envelopes, exported files and share links: round trips, versions, migration, and every cap."""

import base64
import json
import time
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyfudge.door import codec
from pyfudge.door.codec import CodecError

keys = st.text(max_size=8).filter(lambda k: k not in codec.RESERVED_KEYS)
scalars = (st.none() | st.booleans() | st.integers(-(10 ** 21) + 1, 10 ** 21 - 1)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=30,
)
# Text full of the characters that could fool a bracket counter.
tricky_text = st.text(alphabet='[]{}"\\ ,:ab', max_size=12)
tricky_values = st.recursive(
    st.none() | st.integers(-5, 5) | tricky_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(tricky_text.filter(
        lambda k: k not in codec.RESERVED_KEYS), inner, max_size=4),
    max_leaves=40,
)


def depth(value):
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


def raw_link(raw: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return codec.LINK_PREFIX + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).rstrip(b"=").decode()


# --- round trips ---------------------------------------------------------------------------------

@given(json_values)
def test_decode_of_encode_is_identity(data):
    envelope = codec.wrap("encounter", data)
    assert codec.decode_link(codec.encode_link(envelope)) == envelope
    assert codec.unwrap(envelope, "encounter") == data


@given(st.lists(json_values, min_size=1, max_size=3))
def test_read_import_of_export_is_identity(items):
    assert codec.read_import(codec.export_text(codec.collection(items))) == items
    assert codec.read_import(codec.export_text(codec.wrap("encounter", items[0]))) == [items[0]]


@settings(max_examples=300)
@given(tricky_values)
def test_nesting_counts_the_true_depth_whatever_the_strings_hold(value):
    text = json.dumps(value)
    assert codec.nesting(text) == min(depth(value), codec.MAX_DEPTH + 1)


def test_link_is_url_safe_text():
    link = codec.encode_link(codec.wrap("encounter", {"name": "Snorri & Brynhild?/#"}))
    assert link.startswith("f1.") and all(c.isalnum() or c in "-_." for c in link)


def test_whole_address_and_wrapped_links_are_read():
    envelope = codec.wrap("encounter", {"name": "Duel"})
    link = codec.encode_link(envelope)
    assert codec.decode_link(f"https://example.invalid/app/#{link}") == envelope
    assert codec.decode_link(f"  {link[:10]}\n{link[10:]}\n") == envelope


# --- versions and migration ----------------------------------------------------------------------

def test_newer_version_is_refused_with_the_version_it_needs():
    with pytest.raises(CodecError, match="newer pyfudge .format 9."):
        codec.unwrap({"type": "pyfudge/encounter", "version": 9, "data": {}}, "encounter")


def test_newer_link_format_is_refused_with_the_format_it_needs():
    with pytest.raises(CodecError, match="link format 2"):
        codec.decode_link("f2.AAAA")


def test_wrong_type_and_missing_envelope_are_refused():
    with pytest.raises(CodecError, match="Expected pyfudge encounter"):
        codec.unwrap({"type": "pyfudge/other", "version": 1, "data": {}}, "encounter")
    with pytest.raises(CodecError, match="envelope"):
        codec.unwrap({"name": "x"}, "encounter")


def test_an_old_version_is_migrated_step_by_step(monkeypatch):
    monkeypatch.setitem(codec.VERSIONS, "encounter", 3)
    monkeypatch.setitem(codec.MIGRATIONS, ("encounter", 1), lambda d: {"name": d["name"], "log": d["events"]})
    monkeypatch.setitem(codec.MIGRATIONS, ("encounter", 2), lambda d: {**d, "name": d["name"].strip()})
    old = json.dumps({"type": "pyfudge/encounter", "version": 1, "data": {"name": " Duel ", "events": []}})
    assert codec.read_import(old) == [{"name": "Duel", "log": []}]
    inner_old = {"type": "pyfudge/encounter", "version": 2, "data": {"name": " Ambush ", "log": [1]}}
    both = json.dumps(codec.wrap("collection", {"encounters": [inner_old]}))
    assert codec.read_import(both) == [{"name": "Ambush", "log": [1]}]


# --- links: cut, garbled, bombs ------------------------------------------------------------------

def test_truncated_link_is_refused():
    link = codec.encode_link(codec.wrap("encounter", {"log": list(range(200))}))
    with pytest.raises(CodecError):
        codec.decode_link(link[: len(link) // 2])


def test_zip_bomb_is_refused_before_it_is_inflated():
    # Bounds in CPU seconds of this process (time.process_time): a busy machine does not stretch them.
    link = raw_link(b"[" + b"0," * 5_000_000 + b"0]")
    assert len(link) < codec.MAX_LINK_CHARS
    started = time.process_time()
    with pytest.raises(CodecError, match="more data"):
        codec.decode_link(link)
    assert time.process_time() - started < 1


def test_over_long_and_foreign_links_are_refused():
    with pytest.raises(CodecError, match="too long"):
        codec.decode_link("f1." + "A" * codec.MAX_LINK_CHARS)
    with pytest.raises(CodecError, match="not a pyfudge"):
        codec.decode_link("https://example.invalid/")
    with pytest.raises(CodecError, match="garbled"):
        codec.decode_link("f1.!!!!")
    with pytest.raises(CodecError, match="must be text"):
        codec.decode_link(["f1."])


def test_data_after_the_end_of_the_stream_is_refused():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(b"{}") + packer.flush() + b"more"
    with pytest.raises(CodecError, match="extra data"):
        codec.decode_link(codec.LINK_PREFIX + base64.urlsafe_b64encode(packed).decode())


def test_an_encounter_too_large_for_a_link_is_refused_when_sharing_not_when_opening():
    big = codec.wrap("encounter", {"notes": [f"note {i}" for i in range(60_000)]})
    with pytest.raises(CodecError, match="export it as a file"):
        codec.encode_link(big)
    assert codec.read_import(codec.export_text(big)) == [big["data"]]


# --- JSON from outside: numbers, nesting, keys, text ---------------------------------------------

@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(literal):
    with pytest.raises(CodecError, match=literal):
        codec.parse_json(f'{{"a": [{literal}]}}')


def test_python_int_limit_becomes_a_codec_error_and_long_numbers_are_refused():
    with pytest.raises(CodecError, match="5,000 digits"):
        codec.parse_json("9" * 5000)
    assert codec.parse_json("-" + "9" * codec.MAX_DIGITS) == -(10 ** codec.MAX_DIGITS - 1)
    with pytest.raises(CodecError, match="too long"):
        codec.parse_json("1" + "0" * codec.MAX_DIGITS)
    with pytest.raises(CodecError, match="too large"):
        codec.parse_json("[1e999]")
    with pytest.raises(CodecError, match="too long"):
        codec.encode_link(codec.wrap("encounter", 10 ** 30))


def test_nesting_is_capped_before_parsing_even_a_million_deep():
    assert codec.parse_json("[" * codec.MAX_DEPTH + "]" * codec.MAX_DEPTH) is not None
    with pytest.raises(CodecError, match="levels deep"):
        codec.parse_json("[" * (codec.MAX_DEPTH + 1) + "]" * (codec.MAX_DEPTH + 1))
    started = time.process_time()
    with pytest.raises(CodecError, match="levels deep"):
        codec.parse_json('{"a":' * 1_000_000, max_bytes=10_000_000)
    assert time.process_time() - started < 2


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"name": "[[[[{{{{" * 100, "quote": '\\"[' * 50})
    assert codec.nesting(text) == 1 and codec.parse_json(text)["name"].startswith("[[[[")


def test_unterminated_strings_are_scanned_in_linear_time():
    started = time.process_time()
    with pytest.raises(CodecError, match="not valid JSON"):
        codec.parse_json('"' + '\\"' * 200_000 + "\\", max_bytes=10_000_000)
    assert time.process_time() - started < 1


@pytest.mark.parametrize("key", sorted(codec.RESERVED_KEYS))
def test_keys_special_to_javascript_are_refused(key):
    with pytest.raises(CodecError, match=key):
        codec.parse_json(json.dumps({"data": {key: {"polluted": True}}}))
    with pytest.raises(CodecError, match=key):
        codec.export_text(codec.wrap("encounter", {key: 1}))


def test_duplicate_keys_are_refused():
    with pytest.raises(CodecError, match="'version' twice"):
        codec.parse_json('{"version": 1, "version": 2}')


def test_lone_surrogates_are_refused_and_pairs_read():
    with pytest.raises(CodecError, match="Unicode"):
        codec.parse_json('["\\udc00"]')
    assert codec.parse_json('["\\ud83d\\udde1"]') == ["\U0001F5E1"]


def test_a_byte_order_mark_is_ignored_and_errors_say_where():
    assert codec.parse_json('\ufeff{"a": 1}') == {"a": 1}
    with pytest.raises(CodecError, match="line 2, column 5"):
        codec.parse_json('{"a":\n  1,,}', what="The file")


def test_errors_take_the_callers_class_and_field():
    from pyfudge.core.errors import RequestError
    with pytest.raises(RequestError) as caught:
        codec.parse_json("[NaN]", field="request", what="The request", error=RequestError)
    assert caught.value.field == "request" and caught.value.message.startswith("The request holds NaN")


# --- files ---------------------------------------------------------------------------------------

def test_a_file_over_the_size_cap_is_refused_before_it_is_parsed():
    text = "[" + " " * codec.MAX_FILE_BYTES + "]"
    with pytest.raises(CodecError, match="too large"):
        codec.read_import(text)
    multibyte = '["' + "\u00e9" * (codec.MAX_FILE_BYTES // 2 + 1) + '"]'  # few characters, many bytes
    with pytest.raises(CodecError, match="too large"):
        codec.read_import(multibyte)


def test_a_collection_names_the_encounter_whose_envelope_is_bad():
    bad = {"type": "pyfudge/encounter", "version": 9, "data": {}}
    text = json.dumps(codec.wrap("collection", {"encounters": [codec.wrap("encounter", {}), bad]}))
    with pytest.raises(CodecError) as caught:
        codec.read_import(text)
    assert caught.value.field == "file.data.encounters[1].version"


@pytest.mark.parametrize("data", [{"encounters": []}, {"encounters": "x"}, {"list": []}, [],
                                  {"encounters": [{}] * (codec.MAX_COLLECTION + 1)}])
def test_a_malformed_collection_is_refused(data):
    with pytest.raises(CodecError):
        codec.read_import(json.dumps(codec.wrap("collection", data)))


def test_export_refuses_what_import_would_not_read():
    with pytest.raises(CodecError, match="too large for one file"):
        codec.export_text(codec.wrap("encounter", {"name": "x" * codec.MAX_FILE_BYTES}))
    with pytest.raises(CodecError, match="not finite"):
        codec.export_text(codec.wrap("encounter", {"x": float("nan")}))
    with pytest.raises(CodecError, match="JSON cannot carry"):
        codec.export_text(codec.wrap("encounter", {"x": {1, 2}}))


def test_a_file_holds_a_capped_number_of_events_in_all():
    third = {"log": [{"t": "next_round"}] * (codec.MAX_FILE_EVENTS // 3 + 1)}
    with pytest.raises(CodecError, match="20,000 logged events"):
        codec.export_text(codec.collection([third] * 3))
    with pytest.raises(CodecError, match="20,000 logged events") as caught:
        codec.read_import(json.dumps(codec.collection([third] * 3)))
    assert caught.value.field == "file.data"
    assert len(codec.read_import(codec.export_text(codec.collection([third] * 2)))) == 2
