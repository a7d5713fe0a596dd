"""Every refusal of a link, a file or JSON from outside says what is wrong, in its own words, under
the field asked; and the caps hold exactly where the codec sets them (pyfudge/door/codec.py)."""

import base64
import json
import random
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


# --- exported files ------------------------------------------------------------------------------

ENC = {"name": "Duel", "log": []}


def file_of(data) -> str:
    return json.dumps(codec.wrap("collection", data))


def encounters(n: int, log: int = 0) -> list:
    return [codec.wrap("encounter", {"name": "Duel", "log": [0] * log})] * n


ASIDE = f"The file's records kept aside must be a list of at most {codec.MAX_ASIDE} records, each with its text."
FILE_REFUSALS = [
    ("nope", "The file is not valid JSON (line 1, column 1: Expecting value).", ""),
    ('{"a": NaN}', "The file holds NaN, which is not a number pyfudge reads.", ""),
    ("[1]", "This file is not pyfudge data (no type/version envelope).", ""),
    ('["type", "version", "data"]', "This file is not pyfudge data (no type/version envelope).", ""),
    ('{"type": "pyfudge/encounter", "version": 1}', "This file is not pyfudge data (no type/version envelope).", ""),
    (json.dumps(codec.wrap("players", {})), "This file holds 'pyfudge/players', not pyfudge encounters.", ".type"),
    (json.dumps({"type": "pyfudge/encounter", "version": 2, "data": ENC}),
     "This encounter was written by a newer pyfudge (format 2); this app reads up to format 1. "
     "Update the app to open it.", ".version"),
    (json.dumps({"type": "pyfudge/collection", "version": 0, "data": {}}),
     "The data's version is not a positive whole number.", ".version"),
    (file_of([]), "The file's data must be an object with a list of encounters.", ".data"),
    (file_of(["encounters"]), "The file's data must be an object with a list of encounters.", ".data"),
    (file_of({"encounters": encounters(1), "notes": 1}),
     "The file's data must be an object with a list of encounters.", ".data"),
    (file_of({"library": codec.wrap("library", {})}),
     "The file's data must be an object with a list of encounters.", ".data"),
    (file_of({"encounters": encounters(1), "aside": {"text": ""}}), ASIDE, ".data.aside"),
    (file_of({"encounters": encounters(1), "aside": {}}), ASIDE, ".data.aside"),
    (file_of({"encounters": encounters(1), "aside": 5}), ASIDE, ".data.aside"),
    (file_of({"encounters": encounters(1), "aside": ["text"]}), ASIDE, ".data.aside"),
    (file_of({"encounters": encounters(1), "aside": [{"text": 5}]}), ASIDE, ".data.aside"),
    (file_of({"encounters": encounters(1), "aside": [{"text": ""}] * (codec.MAX_ASIDE + 1)}), ASIDE, ".data.aside"),
    (file_of({"encounters": []}), "The file must hold 1 to 200 encounters.", ".data.encounters"),
    (file_of({"encounters": codec.wrap("encounter", ENC)}), "The file must hold 1 to 200 encounters.",
     ".data.encounters"),
    (file_of({"encounters": encounters(codec.MAX_COLLECTION + 1)}), "The file must hold 1 to 200 encounters.",
     ".data.encounters"),
    (file_of({"encounters": encounters(codec.MAX_COLLECTION + 1), "library": codec.wrap("library", {})}),
     "The file must hold 0 to 200 encounters.", ".data.encounters"),
    (file_of({"encounters": encounters(2, codec.MAX_FILE_EVENTS // 2 + 1)}),
     "One file holds at most 20,000 logged events in all, this one 20,002; export fewer encounters at a time.",
     ".data"),
]


@pytest.mark.parametrize(("text", "message", "place"), FILE_REFUSALS)
def test_each_refusal_of_a_file_says_what_is_wrong_under_the_field_asked(text, message, place):
    assert refusal(codec.read_file, text) == (message, "file" + place)
    assert refusal(codec.read_file, text, field="upload") == (message, "upload" + place)
    assert refusal(codec.read_import, text) == (message, "file" + place)
    assert refusal(codec.read_import, text, field="upload") == (message, "upload" + place)


def test_a_file_holds_up_to_its_caps_of_encounters_events_and_records_aside():
    most = codec.read_file(file_of({"encounters": encounters(codec.MAX_COLLECTION)}))
    assert len(most.encounters) == codec.MAX_COLLECTION and most.collection
    events = codec.read_file(file_of({"encounters": encounters(2, codec.MAX_FILE_EVENTS // 2)}))
    assert [len(e["log"]) for e in events.encounters] == [codec.MAX_FILE_EVENTS // 2] * 2
    aside = [{"text": str(i)} for i in range(codec.MAX_ASIDE)]
    kept = codec.read_file(file_of({"encounters": [], "aside": aside}))
    assert (kept.encounters, kept.library, kept.aside, kept.collection) == ([], None, aside, True)


def test_a_library_alone_is_a_file_and_a_collection_names_each_envelope_it_cannot_read_where_it_is():
    alone = codec.read_file(file_of({"encounters": [], "library": codec.wrap("library", {"templates": []})}))
    assert (alone.encounters, alone.library, alone.aside) == ([], {"templates": []}, [])
    mixed = codec.read_file(file_of({"encounters": [codec.wrap("encounter", ENC), codec.wrap("players", {})],
                                     "library": codec.wrap("encounter", ENC)}), field="upload")
    assert mixed.encounters[0] == ENC
    assert (mixed.encounters[1].message, mixed.encounters[1].field) == (
        "Expected pyfudge encounter data, found 'pyfudge/players'.", "upload.data.encounters[1].type")
    assert (mixed.library.message, mixed.library.field) == (
        "Expected pyfudge library data, found 'pyfudge/encounter'.", "upload.data.library.type")
    # Events of an encounter it cannot read are not counted: it is not replayed.
    over = [codec.wrap("encounter", {"log": [0] * codec.MAX_FILE_EVENTS}), {"log": [0] * codec.MAX_FILE_EVENTS}]
    assert len(codec.read_file(file_of({"encounters": over})).encounters) == 2


def test_one_encounters_file_is_read_as_one_not_as_a_collection():
    one = codec.read_file(json.dumps(codec.wrap("encounter", ENC)))
    assert (one.encounters, one.library, one.aside, one.collection) == ([ENC], None, [], False)
    assert codec.read_import(json.dumps(codec.wrap("encounter", ENC))) == [ENC]


@pytest.mark.parametrize("envelope", [5, None, "pyfudge/encounter", ["type", "version", "data"],
                                      {"type": "pyfudge/encounter", "version": 1}])
def test_what_is_no_envelope_is_refused_as_no_pyfudge_data(envelope):
    assert refusal(codec.unwrap, envelope, "encounter") == ("This is not pyfudge data (no type/version envelope).",
                                                            "data")
    assert refusal(codec.unwrap, envelope, "encounter", field="x") == (
        "This is not pyfudge data (no type/version envelope).", "x")


# --- JSON from outside, and what pyfudge writes ----------------------------------------------------

TREE_REFUSALS = [
    ({"__proto__": 1}, "The data holds the key '__proto__', which pyfudge never writes; refused."),
    ({1: 2}, "Every key of the data must be text."),
    ({"a\ud800": 1}, "The data holds text that is not valid Unicode (a lone surrogate)."),
    ("\ud800", "The data holds text that is not valid Unicode (a lone surrogate)."),
    (10 ** 21, "The data holds a number too long to be real."),
    (-(10 ** 21), "The data holds a number too long to be real."),
    (float("nan"), "The data holds a number that is not finite (NaN or Infinity)."),
    ({1, 2}, "The data holds a set, which JSON cannot carry."),
    ([[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]], "The data nests more than 32 levels deep."),
]


@pytest.mark.parametrize(("value", "message"), TREE_REFUSALS)
def test_what_pyfudge_would_not_read_back_is_never_written(value, message):
    data = {"name": "Duel", "notes": [value]}
    assert refusal(codec.check_tree, data) == (message, "data")
    assert refusal(codec.export_text, codec.wrap("encounter", data)) == (message, "encounters")
    assert refusal(codec.export_text, codec.wrap("encounter", data), field="all") == (message, "all")
    assert refusal(codec.encode_link, codec.wrap("encounter", data)) == (message, "encounter")
    assert refusal(codec.encode_link, codec.wrap("encounter", data), field="e") == (message, "e")


def test_the_longest_numbers_nesting_and_every_json_value_are_written_and_read_back():
    data = {"n": [10 ** 21 - 1, -(10 ** 21) + 1, 1.5, True, None, "é", (1, 2)],
            "deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}
    codec.check_tree(data)  # 32 deep with the envelope around it below
    envelope = codec.wrap("encounter", data)
    back = {**data, "n": [*data["n"][:-1], [1, 2]]}
    assert codec.decode_link(codec.encode_link(envelope)) == {**envelope, "data": back}
    assert codec.read_import(codec.export_text(envelope)) == [back]


JSON_REFUSALS = [
    (5, "must be text."),
    ("x" * (codec.MAX_JSON_BYTES + 1), "is too large: over 512,000 bytes."),
    ('"' + "é" * (codec.MAX_JSON_BYTES // 2) + '"', "is too large: over 512,000 bytes."),  # in bytes, not characters
    ("[" * 33 + "]" * 33, "nests more than 32 levels deep; refused."),
    ('{"a": 1, "a": 2}', "names the key 'a' twice in one object."),
    ('{"__proto__": 1}', "holds the key '__proto__', which pyfudge never writes; refused."),
    ("1" * 22, "holds a number of 22 digits, too long to be real."),
    ("-" + "1" * 22, "holds a number of 22 digits, too long to be real."),
    ("1e999", "holds the number 1e999, too large to be real."),
    ("1." + "0" * 40 + "e999", "holds the number 1.0000000000000000000000000000, too large to be real."),
    ("-Infinity", "holds -Infinity, which is not a number pyfudge reads."),
    ('"\\ud800"', "holds text that is not valid Unicode (a lone surrogate)."),
    ("[1,", "is not valid JSON (line 1, column 4: Expecting value)."),
]


@pytest.mark.parametrize(("text", "message"), JSON_REFUSALS)
def test_each_refusal_of_json_from_outside_names_what_was_read_and_where(text, message):
    assert refusal(codec.parse_json, text) == ("data " + message, "data")
    assert refusal(codec.parse_json, text, field="body", what="The record") == ("The record " + message, "body")


def test_json_of_the_longest_size_and_nesting_is_read():
    longest = '"' + "a" * (codec.MAX_JSON_BYTES - 2) + '"'
    assert codec.parse_json(longest) == "a" * (codec.MAX_JSON_BYTES - 2)
    assert codec.parse_json("[" * 32 + "]" * 32, max_bytes=64) is not None
    assert codec.parse_json("\ufeff" + "1" * 21) == int("1" * 21)


def test_one_encounters_file_holds_the_events_a_file_holds_and_no_more():
    most = codec.wrap("encounter", {"name": "Duel", "log": [0] * codec.MAX_FILE_EVENTS})
    assert codec.read_import(codec.export_text(most)) == [most["data"]]
    over = codec.wrap("encounter", {"name": "Duel", "log": [0] * (codec.MAX_FILE_EVENTS + 1)})
    assert refusal(codec.export_text, over) == (
        "One file holds at most 20,000 logged events in all, this one 20,001; export fewer encounters at a time.",
        "encounters")


def test_an_exported_file_is_json_indented_one_space_a_level_ending_in_a_newline():
    text = codec.export_text(codec.wrap("encounter", {"name": "Duel", "log": [1]}))
    assert text == ('{\n "type": "pyfudge/encounter",\n "version": 1,\n "data": {\n  "name": "Duel",\n'
                    '  "log": [\n   1\n  ]\n }\n}\n')


def test_a_file_of_exactly_the_size_cap_is_written_and_one_byte_more_is_refused():
    def envelope(size: int) -> dict:
        return codec.wrap("encounter", {"name": "x" * size})
    overhead = len(codec.export_text(envelope(0)).encode())
    assert len(codec.export_text(envelope(codec.MAX_FILE_BYTES - overhead)).encode()) == codec.MAX_FILE_BYTES
    too_large = ("These encounters are too large for one file (over 5,000,000 bytes); export fewer at a time.")
    assert refusal(codec.export_text, envelope(codec.MAX_FILE_BYTES - overhead + 1)) == (too_large, "encounters")
    assert refusal(codec.export_text, envelope(codec.MAX_FILE_BYTES), field="all") == (too_large, "all")


def test_export_all_over_the_event_cap_is_refused_under_the_field_asked():
    half = {"name": "Duel", "log": [0] * (codec.MAX_FILE_EVENTS // 2 + 1)}
    assert refusal(codec.export_text, codec.collection([half, half]), field="all") == (
        "One file holds at most 20,000 logged events in all, this one 20,002; export fewer encounters at a time.",
        "all")


def test_an_envelope_of_another_kind_or_version_is_refused_under_the_field_asked():
    long_kind = "pyfudge/" + "k" * 60
    assert refusal(codec.unwrap, {"type": long_kind, "version": 1, "data": {}}, "encounter", field="x") == (
        f"Expected pyfudge encounter data, found {long_kind[:40]!r}.", "x.type")
    assert refusal(codec.unwrap, {"type": "pyfudge/encounter", "version": 0, "data": {}}, "encounter",
                   field="x") == ("The data's version is not a positive whole number.", "x.version")
    assert refusal(codec.read_file, json.dumps({"type": long_kind, "version": 1, "data": {}})) == (
        f"This file holds {long_kind[:40]!r}, not pyfudge encounters.", "file.type")


def test_a_file_is_read_up_to_its_own_size_cap_far_past_a_links():
    big = codec.wrap("encounter", {"name": "Duel", "notes": "n" * (2 * codec.MAX_JSON_BYTES)})
    assert codec.read_file(json.dumps(big)).encounters == [big["data"]]
    assert refusal(codec.read_file, " " * codec.MAX_FILE_BYTES + "{}") == (
        "The file is too large: over 5,000,000 bytes.", "file")


@pytest.mark.parametrize("version", [True, "1", 1.0, None, 0, -1])
def test_a_version_that_is_no_positive_whole_number_is_refused(version):
    envelope = {"type": "pyfudge/encounter", "version": version, "data": ENC}
    assert refusal(codec.unwrap, envelope, "encounter") == (
        "The data's version is not a positive whole number.", "data.version")


def test_a_key_named_twice_is_named_in_the_refusal_cut_at_forty_characters():
    assert refusal(codec.parse_json, '{"a": 1, "b": 2, "b": 3}')[0] == "data names the key 'b' twice in one object."
    long_key = "k" * 39 + "LONG"
    assert refusal(codec.parse_json, f'{{"a": 1, "{long_key}": 2, "{long_key}": 3}}')[0] == (
        f"data names the key {long_key[:40]!r} twice in one object.")


@pytest.mark.parametrize("failure", [RecursionError, ValueError])
def test_a_parser_that_fails_in_its_own_way_is_refused_as_no_valid_json_under_the_field_asked(monkeypatch, failure):
    # Pyodide's stack is far smaller than CPython's: the parser may run out of it below the nesting cap.
    def fail(*args, **kwargs):
        raise failure()
    monkeypatch.setattr(codec.json, "loads", fail)
    assert refusal(codec.parse_json, "[1]") == ("data is not valid JSON.", "data")
    assert refusal(codec.parse_json, "[1]", field="body", what="The record") == (
        "The record is not valid JSON.", "body")


def _compact_bytes(envelope: dict) -> int:
    return len(json.dumps(envelope, separators=(",", ":"), ensure_ascii=False).encode())


TOO_LARGE_FOR_A_LINK = "This encounter is too large to share as a link; export it as a file instead."


def test_an_encounter_of_exactly_the_json_cap_is_shared_and_one_byte_more_is_refused():
    def envelope(size: int) -> dict:
        return codec.wrap("encounter", {"name": "x" * size})
    longest = envelope(codec.MAX_JSON_BYTES - _compact_bytes(envelope(0)))
    assert _compact_bytes(longest) == codec.MAX_JSON_BYTES
    assert codec.decode_link(codec.encode_link(longest)) == longest
    over = envelope(codec.MAX_JSON_BYTES - _compact_bytes(envelope(0)) + 1)
    assert refusal(codec.encode_link, over) == (TOO_LARGE_FOR_A_LINK, "encounter")
    assert refusal(codec.encode_link, over, field="e") == (TOO_LARGE_FOR_A_LINK, "e")


def test_an_encounter_that_packs_to_a_link_over_its_cap_is_refused_though_its_json_fits():
    # Text that deflate cannot shrink: well under the JSON cap, far over the link's.
    envelope = codec.wrap("encounter", {"notes": random.Random(1).randbytes(60_000).hex()})
    assert _compact_bytes(envelope) < codec.MAX_JSON_BYTES
    assert refusal(codec.encode_link, envelope) == (TOO_LARGE_FOR_A_LINK, "encounter")
    assert refusal(codec.encode_link, envelope, field="e") == (TOO_LARGE_FOR_A_LINK, "e")


def test_a_link_reads_back_whatever_letter_it_ends_in():
    by_last: dict[str, dict] = {}
    for n in range(2400):
        envelope = codec.wrap("encounter", {"name": "x" * n})
        by_last.setdefault(codec.encode_link(envelope)[-1], envelope)
    # Only "=" may be stripped from a link's end: base64url's own letters, "X" among them, stay.
    assert {"-", "_", "X"} <= set(by_last)
    for envelope in by_last.values():
        assert codec.decode_link(codec.encode_link(envelope)) == envelope
