"""The door's encounter actions as the app meets them: which encounter a preview keeps open, the
defaults of a new encounter and of the log, a player's declaration checked as at Resolve (his stun
carried, the pacing read), the refusals of an old players' link and of Export all's records, each
in its own words and naming the field it comes from, and the QR code a phone's camera reads."""

from __future__ import annotations

import json
import sys

from pyfudge import api
from pyfudge.door import codec

RULES = {"preset": "fudge1995", "options": {}}
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "weapon": {"name": "Sword", "size": 2}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Axe": "Fair"}}
ADDS = [{"t": "add", "side": "players", "fighter": ASTA}, {"t": "add", "side": "foes", "fighter": ORC}]
RAID = {"name": "Raid", "ruleset": RULES, "log": ADDS}
BLOW = {"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 1}}, "b_dice": {"roll": {"total": -1}}}


def call(action: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def ok(action: str, **args) -> dict:
    reply = call(action, **args)
    assert reply["ok"], reply
    return reply["result"]


def refused(action: str, **args) -> dict:
    reply = call(action, **args)
    assert not reply["ok"], reply
    return reply["error"]


# --- which encounter a preview keeps open -------------------------------------------------------

def test_a_preview_of_an_encounter_the_engine_does_not_hold_keeps_it_open_for_the_next_request():
    # A restarted worker: the log is asked for with the encounter sent along; the next request
    # at that revision then finds it open without sending it again.
    ok("encounter.log", id="held-1", rev=2, encounter=RAID)
    assert ok("encounter.players", id="held-1", rev=2)["rev"] == 2
    assert ok("encounter.apply", id="held-1", rev=2, event=BLOW)["rev"] == 3


def test_a_preview_one_revision_behind_leaves_the_newer_encounter_open():
    ok("encounter.open", id="held-2", encounter=RAID)
    ok("encounter.apply", id="held-2", rev=2, event=BLOW)
    # An odds or log request sent before the apply answered, with the older encounter.
    ok("encounter.log", id="held-2", rev=2, encounter=RAID)
    assert ok("encounter.apply", id="held-2", rev=3, event={"t": "next_round"})["rev"] == 4


def test_the_players_view_of_a_held_encounter_needs_no_copy_sent():
    ok("encounter.open", id="held-3", encounter=RAID)
    view = ok("encounter.players", id="held-3", rev=2)["view"]
    assert [c["name"] for c in view["combatants"]] == ["Ásta", "Orc"]


# --- defaults ----------------------------------------------------------------------------------

def test_a_new_encounter_without_a_name_is_called_encounter():
    made = ok("encounter.new", id="new-1", ruleset=RULES)
    assert made["encounter"]["name"] == made["view"]["name"] == "Encounter"


def test_the_log_is_plain_text_unless_markdown_is_asked_for():
    ok("encounter.open", id="log-1", encounter=RAID)
    plain = ok("encounter.log", id="log-1", rev=2)
    assert plain["format"] == "text"
    assert plain == ok("encounter.log", id="log-1", rev=2, format="text")
    assert ok("encounter.log", id="log-1", rev=2, format="markdown")["format"] == "markdown"


# --- a player's declaration from the live table ---------------------------------------------------

def declaring(eid: str, options: dict | None = None, log: list | None = None) -> int:
    enc = {**RAID, "ruleset": {"preset": "fudge1995", "options": options or {}}, "log": ADDS + (log or [])}
    ok("encounter.open", id=eid, encounter=enc)
    return len(enc["log"])


def test_a_players_declaration_carries_the_stun_an_earlier_blow_gave_him():
    # The Orc strikes to stun (F95 4.62): a stunned Ásta cannot attack all-out.
    stun = {"t": "exchange", "a": "c2", "b": "c1", "a_declares": {"stun": True},
            "a_dice": {"roll": {"total": 2}}, "b_dice": {"roll": {"total": -4}}}
    rev = declaring("decl-stun", log=[stun])
    err = refused("encounter.declaration", id="decl-stun", rev=rev, combatant="c1", declares={"all_out": "offense"})
    assert err["message"] == "A stunned fighter cannot attack or all-out defend (F95 4.62)."
    assert err["field"] == "args.declares.all_out"
    # The Orc, who was not struck, may.
    assert ok("encounter.declaration", id="decl-stun", rev=rev, combatant="c2",
              declares={"all_out": "offense"}) == {"declares": {"all_out": "offense"}}


def test_a_players_stance_is_refused_under_alternating_turns():
    options = {"melee.stances": True}
    rev = declaring("decl-simul", options)
    assert ok("encounter.declaration", id="decl-simul", rev=rev, combatant="c1",
              declares={"stance": "aggressive"})["declares"] == {"stance": "aggressive"}
    rev = declaring("decl-alt", {**options, "melee.pacing": "alternating"})
    err = refused("encounter.declaration", id="decl-alt", rev=rev, combatant="c1", declares={"stance": "aggressive"})
    assert err["message"] == "Stances are used with simultaneous rounds (F95 4.32)."
    assert err["field"] == "args.declares.stance"


def test_a_players_declaration_is_refused_in_plain_words_naming_its_field():
    rev = declaring("decl-words")
    listed = refused("encounter.declaration", id="decl-words", rev=rev, combatant="c1", declares=["offense"])
    assert (listed["message"], listed["field"]) == ("declares must be an object.", "args.declares")
    aim = refused("encounter.declaration", id="decl-words", rev=rev, combatant="c1", declares={"aim": "head"})
    assert aim["message"] == "A player declares only all-out, a stance and Fudge Points, not 'aim'."
    nobody = refused("encounter.declaration", id="decl-words", rev=rev, combatant="c9", declares={"points": 1})
    assert (nobody["message"], nobody["field"]) == ("This encounter has no such combatant.", "args.combatant")
    bad = refused("encounter.declaration", id="decl-words", rev=rev, combatant="c1", declares={"points": "many"})
    assert bad["field"] == "args.declares.points"


# --- an old build's players' link ---------------------------------------------------------------

def test_an_old_players_link_that_cannot_be_read_is_refused_naming_the_fragment():
    assert refused("players.open", fragment="f1.@@@")["field"] == "args.fragment"
    newer = codec.encode_link({"type": "pyfudge/players", "version": 99, "data": {}})
    assert refused("players.open", fragment=newer)["field"] == "args.fragment.version"
    other = codec.encode_link(codec.wrap("library", {}))
    assert refused("players.open", fragment=other)["field"] == "args.fragment.type"
    broken = codec.encode_link(codec.wrap("encounter", {**RAID, "log": [{"t": "teleport"}]}))
    assert refused("players.open", fragment=broken)["field"].startswith("args.fragment.data.")
    listed = refused("players.open", fragment=codec.encode_link([1]))
    assert (listed["type"], listed["field"]) == ("CodecError", "args.fragment")


def test_an_old_link_of_a_whole_encounter_opens_as_the_players_see_it():
    whole = codec.encode_link(codec.wrap("encounter", {**RAID, "log": [*ADDS, BLOW]}))
    view = ok("players.open", fragment=whole)["view"]
    assert [c["name"] for c in view["combatants"]] == ["Ásta", "Orc"]
    assert view["results"][0]["title"] == "Ásta vs Orc"


# --- an encounter sent whole ------------------------------------------------------------------

BROKEN = {**RAID, "log": [{"t": "teleport"}]}


def test_an_encounter_sent_whole_that_does_not_replay_is_refused_naming_the_encounter():
    for action in ("encounter.open", "encounter.link", "encounter.export"):
        err = refused(action, id="whole-1", encounter=BROKEN)
        assert err["field"].startswith("args.encounter.log"), (action, err)


def test_one_encounter_too_large_for_a_file_is_refused_naming_it():
    fighter = {**ASTA, "skills": {f"Skill {i}".ljust(60, "k"): 1 for i in range(12)}}
    edit = {"t": "edit", "id": "c1", "fighter": fighter}
    big = {**RAID, "log": [{"t": "add", "side": "players", "fighter": fighter}]
           + [edit] * (codec.MAX_FILE_BYTES // len(json.dumps(edit, indent=1)) + 1)}
    err = refused("encounter.export", encounter=big)
    assert "too large for one file" in err["message"] and err["field"] == "args.encounter"


def test_export_all_of_a_library_alone_exports_it():
    template = {"side": "foes", "fighter": {**ORC, "name": "Goblin"}}
    result, data = exported(encounters=[], library={"templates": [template]})
    assert result["count"] == 0 and data["encounters"] == []
    assert [t["fighter"]["name"] for t in data["library"]["data"]["templates"]] == ["Goblin"]


def test_export_all_of_nothing_is_refused():
    err = refused("encounter.export", encounters=[])
    assert (err["message"], err["field"]) == ("There is nothing to export.", "args.encounters")


def test_export_all_takes_at_most_its_limit_of_encounters_in_a_list():
    assert exported(encounters=[RAID] * codec.MAX_COLLECTION)[0]["count"] == codec.MAX_COLLECTION
    for encounters in ([RAID] * (codec.MAX_COLLECTION + 1), "Raid"):
        err = refused("encounter.export", encounters=encounters)
        assert (err["message"], err["field"]) == (
            f"encounters must list at most {codec.MAX_COLLECTION} encounters.", "args.encounters")


def test_export_all_refuses_a_library_that_is_no_library_naming_it():
    err = refused("encounter.export", encounters=[RAID], library={"templates": "Goblin"})
    assert (err["message"], err["field"]) == ("templates must be a list.", "args.library.templates")


def test_export_all_of_more_logged_events_than_a_file_holds_is_refused_naming_the_encounters():
    long = {**RAID, "log": [{"t": "next_round"}] * (codec.MAX_FILE_EVENTS // 3 + 1)}
    err = refused("encounter.export", encounters=[long] * 3)
    assert "20,000 logged events" in err["message"] and err["field"] == "args.encounters"


# --- Export all's records --------------------------------------------------------------------

def exported(**args) -> tuple[dict, dict]:
    result = ok("encounter.export", **args)
    return result, json.loads(result["file"])["data"]


def test_export_all_names_the_record_it_keeps_aside_and_where_it_was_refused():
    torn = {"key": "pyfudge:enc:e2", "name": "Torn", "text": "{not json"}
    newer = {"key": "pyfudge:enc:e3", "text": json.dumps({"type": "pyfudge/encounter", "version": 9, "data": {}})}
    teleport = {"key": "pyfudge:enc:e4",
                "text": json.dumps(codec.wrap("encounter", {**RAID, "log": [{"t": "teleport"}]}))}
    result, data = exported(encounters=[RAID, torn, newer, teleport, "a torn text"])
    assert result["count"] == 1 and len(result["aside"]) == 4
    fields = [r["field"] for r in data["aside"]]
    assert fields[:2] == ["encounters[1]", "encounters[2].version"] and fields[2].startswith("encounters[3].")
    assert data["aside"][0]["reason"].startswith("The record is not valid JSON")
    assert result["aside"][0] == {"what": "encounter", "name": "Torn", "key": "pyfudge:enc:e2",
                                  "reason": data["aside"][0]["reason"]}
    # An encounter sent as data, not as a stored record, is refused by where it was given.
    # Only a stored record is kept under its key: data that says "key" is no record.
    _, data = exported(encounters=[RAID, {**RAID, "key": "pyfudge:enc:e9", "log": [{"t": "teleport"}]}])
    assert data["aside"][0]["field"].startswith("encounters[1]")
    assert "key" not in data["aside"][0] and data["aside"][0]["name"] == "Raid"


def test_export_all_reads_a_stored_record_up_to_a_files_size_not_a_links():
    big = json.dumps(codec.wrap("encounter", RAID)) + " " * (codec.MAX_JSON_BYTES + 1)
    result, _ = exported(encounters=[{"key": "pyfudge:enc:big", "name": "Raid", "text": big}])
    assert result["count"] == 1 and result["aside"] == []


def test_export_all_writes_the_records_the_device_keeps_aside_as_they_are_with_why():
    readable = {"key": "pyfudge:aside:a", "text": json.dumps(codec.wrap("encounter", RAID))}
    named = {"key": "pyfudge:aside:b", "name": "Listed", "text": json.dumps(codec.wrap("encounter", RAID))}
    torn = {"key": "pyfudge:aside:c", "text": "{not json"}
    result, data = exported(encounters=[RAID], aside=[readable, named, torn])
    assert [(r["name"], r["reason"]) for r in result["aside"]] == [
        ("Raid", "Kept aside on the device."), ("Listed", "Kept aside on the device."),
        (None, data["aside"][2]["reason"])]
    assert data["aside"][2]["reason"].startswith("The record is not valid JSON")
    assert [r["field"] for r in data["aside"]] == ["aside[0]", "aside[1]", "aside[2]"]
    assert [r["text"] for r in data["aside"]] == [readable["text"], named["text"], "{not json"]
    assert [r["what"] for r in data["aside"]] == ["record"] * 3


def test_export_all_takes_at_most_its_limit_of_records_kept_aside_each_with_its_text():
    record = {"key": "k", "text": "x"}
    assert exported(encounters=[RAID], aside=[record] * codec.MAX_ASIDE)[0]["count"] == 1
    for aside in ([record] * (codec.MAX_ASIDE + 1), [{"key": "k"}], [{"key": "k", "text": 5}], ["x"], {"k": "x"}, 5):
        err = refused("encounter.export", encounters=[RAID], aside=aside)
        assert err == {**err, "field": "args.aside",
                       "message": f"aside lists at most {codec.MAX_ASIDE} records {{key, name?, text}}."}


# --- the QR code ------------------------------------------------------------------------------

def test_a_short_link_gets_a_full_qr_code_a_phones_camera_reads():
    # segno would make a Micro QR code of a short text, which phones' cameras do not read.
    assert isinstance(ok("qr", text="https://x.y/#a")["version"], int)


def test_qr_codes_without_segno_are_refused_in_plain_words(monkeypatch):
    monkeypatch.setitem(sys.modules, "segno", None)  # what the import finds when it is not installed
    err = refused("qr", text="https://x.y/#a")
    assert (err["message"], err["field"]) == ("QR codes need the segno package, which is not installed here.",
                                              "args.text")


# --- import ------------------------------------------------------------------------------------

def test_import_names_each_refused_encounter_and_library_and_reads_on_past_them():
    long_name = "Portal " + "x" * 60
    portal = codec.wrap("encounter", {**RAID, "name": long_name, "log": [{"t": "teleport"}]})
    newer = {"type": "pyfudge/encounter", "version": 99, "data": {"name": "Future"}}
    fight = codec.wrap("encounter", {**RAID, "log": [*ADDS, BLOW]})
    library = {"type": "pyfudge/library", "version": 99, "data": {}}
    file = json.dumps(codec.wrap("collection", {"encounters": [portal, newer, fight], "library": library}))
    result = ok("encounter.import", file=file)
    assert result["encounters"][0]["name"] == "Raid"
    assert {k: v for k, v in result["encounters"][0].items() if k != "encounter"} == {
        "name": "Raid", "events": 3, "combatants": 2}
    first, second, lib = result["refused"]
    assert first["what"] == second["what"] == "encounter" and first["name"] == long_name[:60]
    assert first["reason"].startswith(f"Encounter 1 of 3 ({long_name[:40]!r}): Unknown event type")
    assert first["field"].startswith("file.data.encounters[0].data.log")
    # An envelope that cannot be opened gives no name: it is not read.
    assert second["name"] is None and second["reason"].startswith("Encounter 2 of 3: This encounter was written")
    assert second["field"] == "file.data.encounters[1].version"
    assert lib == {"what": "library", "name": None, "field": "file.data.library.version",
                   "reason": lib["reason"]} and "newer pyfudge" in lib["reason"]


def test_import_names_the_records_a_file_keeps_aside_as_it_gives_them():
    aside = [{"what": "template", "name": "Imp", "reason": "Off the ladder.", "text": "{}"},
             {"what": 5, "name": ["Imp"], "reason": None, "text": "x"}]
    file = json.dumps(codec.wrap("collection", {"encounters": [], "aside": aside}))
    assert ok("encounter.import", file=file)["aside"] == [
        {"what": "template", "name": "Imp", "reason": "Off the ladder."},
        {"what": "record", "name": None, "reason": ""}]


def test_a_players_link_of_an_encounter_that_does_not_replay_is_refused_naming_it():
    err = refused("encounter.players_link", encounter={**RAID, "log": [{"t": "teleport"}]})
    assert err["field"].startswith("args.encounter.log")


# --- which encounter a request reaches ------------------------------------------------------

def test_an_encounter_id_is_a_short_text():
    for eid in ("a", "e" * 64):
        assert ok("encounter.open", id=eid, encounter=RAID)["id"] == eid
    for eid in ("", "e" * 65, 7):
        err = refused("encounter.open", id=eid, encounter=RAID)
        assert (err["message"], err["field"]) == ("id must be a short text naming the encounter.", "args.id")


def test_the_engine_holds_the_last_eight_encounters_used():
    for i in range(8):
        ok("encounter.open", id=f"lru-{i}", encounter=RAID)
    ok("encounter.players", id="lru-0", rev=2)  # a players' view does not make it recent
    ok("encounter.log", id="lru-1", rev=2)  # a preview does not either
    ok("encounter.apply", id="lru-0", rev=2, event={"t": "next_round"})  # an apply does
    ok("encounter.open", id="lru-8", encounter=RAID)
    assert ok("encounter.players", id="lru-0", rev=3)["rev"] == 3
    assert refused("encounter.players", id="lru-1", rev=2)["type"] == "SessionError"
    for i in range(2, 9):
        assert ok("encounter.players", id=f"lru-{i}", rev=2)["rev"] == 2


def test_an_encounter_sent_along_must_be_at_the_revision_asked():
    for rev in (1, None):
        args = {"id": "rev-1", "encounter": RAID, "event": {"t": "next_round"}}
        err = refused("encounter.apply", **args, **({"rev": rev} if rev else {}))
        assert (err["message"], err["field"]) == ("rev does not match the encounter's log.", "args.rev")
    err = refused("encounter.apply", id="rev-2", rev=2, encounter=BROKEN, event={"t": "next_round"})
    assert err["field"].startswith("args.encounter.log")
    # Held, but asked at no revision: an apply must say which state it follows.
    ok("encounter.open", id="rev-3", encounter=RAID)
    err = refused("encounter.apply", id="rev-3", event={"t": "next_round"})
    assert (err["type"], err["field"]) == ("SessionError", "args.rev")


def test_a_forecast_reads_the_held_encounter_at_any_revision_unless_one_is_asked():
    ok("encounter.open", id="cast-1", encounter=RAID)
    settings = {"samples": 20, "seed": 1}
    assert ok("forecast", id="cast-1", **settings)["samples"] == 20
    err = refused("forecast", id="cast-1", rev=1, **settings)
    assert (err["type"], err["field"]) == ("SessionError", "args.id")
    assert ok("forecast", encounter=RAID, **settings)["samples"] == 20
    err = refused("forecast", encounter=RAID, rev=1, **settings)
    assert (err["message"], err["field"]) == ("rev does not match the encounter's log.", "args.rev")


# --- the GM's library ---------------------------------------------------------------------------

def test_a_template_or_party_member_that_cannot_be_stored_is_refused_naming_the_request_field():
    off = {"name": "Aldric", "skills": {"Sword": 99}}
    for action in ("library.template", "library.member"):
        assert refused(action, fighter=off)["field"] == "args.fighter.skills.Sword", action
    err = refused("library.member", fighter=ASTA, extra=1)
    assert (err["message"], err["field"]) == ("A party member is an object with a fighter, a side and a status.",
                                              "args")


def test_a_file_of_one_encounter_that_cannot_be_read_is_refused_whole_and_a_collection_names_it():
    bad = codec.wrap("encounter", BROKEN)
    good = codec.wrap("encounter", RAID)
    err = refused("encounter.import", file=json.dumps(bad))
    assert err["field"].startswith("args.file.data.log"), err
    # Export all of one encounter: refused whole too, naming where in the collection it is.
    err = refused("encounter.import", file=json.dumps(codec.wrap("collection", {"encounters": [bad]})))
    assert err["field"].startswith("args.file.data.encounters[0].data.log"), err
    record = {"what": "template", "name": "Imp", "reason": "r", "text": "{}"}
    for data in ({"encounters": [bad], "aside": [record]}, {"encounters": [bad], "library": codec.wrap("library", {})},
                 {"encounters": [bad, good]}):
        result = ok("encounter.import", file=json.dumps(codec.wrap("collection", data)))
        assert result["refused"][0]["field"].startswith("file.data.encounters[0].data.log"), data
        assert len(result["encounters"]) == len(data["encounters"]) - 1
