"""The GM's library (``pyfudge.door.library``): templates and the party, checked at the door, carried
in an exported file beside the encounters, merged into a device's without overwriting."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.door import codec, library

ALDRIC = {"name": "Aldric", "role": "pc", "skills": {"Sword": 2}}
HURT = {"kind": "boxes", "marks": [[0, 0, 0], [1], [0], [0], [0]]}
GOBLIN = {"name": "Goblin 3", "role": "npc", "skills": {"Knife": 0},
          "track": HURT, "shield": "small", "shield_state": {"name": "small", "points": 4, "taken": 1}}


def door(action: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"action": action, "args": args})))


def test_a_template_is_unhurt_and_named_after_his_kin():
    out = door("library.template", fighter=GOBLIN)
    assert out["ok"], out
    t = out["result"]
    assert t["side"] == "foes" and t["fighter"]["name"] == "Goblin"
    assert t["fighter"]["track"] is None and t["fighter"]["shield_state"] is None
    assert t["fighter"]["shield"] == "small" and t["fighter"]["skills"] == {"Knife": 0}


def test_a_party_member_keeps_his_wounds():
    out = door("library.member", fighter={**ALDRIC, "track": HURT}, side="players", status="Hurt −1")
    assert out["ok"], out
    m = out["result"]
    assert m["fighter"]["track"]["marks"] == HURT["marks"] and m["status"] == "Hurt −1"


@pytest.mark.parametrize("args, field", [
    ({"fighter": {"name": "X"}}, "args.fighter.skills"),
    ({"fighter": ALDRIC, "side": "left"}, "args.side"),
    ({"fighter": ALDRIC, "extra": 1}, "args"),
])
def test_a_bad_template_is_refused_naming_the_field(args, field):
    out = door("library.template", **args)
    assert not out["ok"] and out["error"]["field"] == field


def test_a_library_with_a_name_twice_keeps_the_first_and_refuses_the_second():
    t = library.template({"fighter": ALDRIC})
    kept, refused = library.read({"templates": [t, t]})
    assert kept["templates"] == [t]
    assert [(r["field"], r["name"]) for r in refused] == [("library.templates[1]", "Aldric")]
    assert "listed twice" in refused[0]["reason"] and json.loads(refused[0]["text"]) == t


def test_an_import_adds_only_what_the_device_lacks_numbering_a_clash():
    mine = {"templates": [library.template({"fighter": GOBLIN}),
                          library.template({"fighter": {**ALDRIC, "name": "Bear"}})],
            "party": [library.member({"fighter": ALDRIC})]}
    other_goblin = library.template({"fighter": {**GOBLIN, "skills": {"Spear": 1}}})
    incoming, _ = library.read({"templates": [other_goblin, mine["templates"][1],
                                              library.template({"fighter": {**ALDRIC, "name": "Wolf"}})],
                                "party": [library.member({"fighter": {**ALDRIC, "track": HURT}})]})
    added = library.merged(mine, incoming)
    # Another goblin sheet is "Goblin 2"; the same bear is skipped; the wolf is new.
    assert [t["fighter"]["name"] for t in added["templates"]] == ["Goblin 2", "Wolf"]
    # A wounded Aldric (another state than the device's) is kept as "Aldric 2", never over his.
    assert [m["fighter"]["name"] for m in added["party"]] == ["Aldric 2"]
    assert added["full"] == 0


def test_an_import_beyond_the_room_left_says_how_many_were_left_out():
    mine = {"party": [library.member({"fighter": {**ALDRIC, "name": f"P{i}"}}) for i in range(library.MAX_PARTY - 1)]}
    incoming, _ = library.read({"party": [library.member({"fighter": {**ALDRIC, "name": n}}) for n in ("A", "B", "C")]})
    added = library.merged(mine, incoming)
    assert [m["fighter"]["name"] for m in added["party"]] == ["A"] and added["full"] == 2


def test_export_and_import_carry_the_library_beside_the_encounters():
    lib = {"templates": [library.template({"fighter": GOBLIN})],
           "party": [library.member({"fighter": {**ALDRIC, "track": HURT}, "status": "Hurt −1"})]}
    enc = {"name": "Fight", "ruleset": {"preset": "fudge1995"}, "log": []}
    out = door("encounter.export", encounters=[enc], library=lib)
    assert out["ok"], out
    text = out["result"]["file"]
    assert json.loads(text)["data"]["library"] == {"type": "pyfudge/library", "version": 1, "data": lib}
    back = door("encounter.import", file=text, library={"templates": [], "party": []})
    assert back["ok"], back
    assert back["result"]["library"] == {**lib, "full": 0}
    assert [e["name"] for e in back["result"]["encounters"]] == ["Fight"]
    # Imported again onto a device that holds it all: nothing to add.
    again = door("encounter.import", file=text, library=lib)
    assert again["result"]["library"] == {"templates": [], "party": [], "full": 0}


def test_a_file_of_the_library_alone_and_a_file_without_one():
    lib = {"templates": [library.template({"fighter": GOBLIN})], "party": []}
    out = door("encounter.export", encounters=[], library=lib)
    assert out["ok"] and out["result"]["count"] == 0
    back = door("encounter.import", file=out["result"]["file"])
    assert back["ok"] and back["result"]["encounters"] == [] and len(back["result"]["library"]["templates"]) == 1
    # Without a library a file still needs an encounter, and an import says nothing of one.
    assert not door("encounter.export", encounters=[])["ok"]
    plain = codec.export_text(codec.collection([{"name": "A", "ruleset": {"preset": "fudge1995"}, "log": []}]))
    assert "library" not in door("encounter.import", file=plain)["result"]


def test_a_bad_entry_in_a_file_is_refused_by_name_and_place_and_the_rest_imported():
    lib = {"templates": [{"fighter": {"name": "No skills"}}, library.template({"fighter": GOBLIN})],
           "party": [{"side": "players", "fighter": {**ALDRIC, "skills": {"Sword": 99}}, "status": ""}]}
    enc = {"name": "Fight", "ruleset": {"preset": "fudge1995"}, "log": []}
    teleport = {"name": "Portal", "ruleset": {"preset": "fudge1995"}, "log": [{"t": "teleport"}]}
    text = codec.export_text(codec.collection([enc, teleport], lib))
    out = door("encounter.import", file=text)
    assert out["ok"], out
    assert [e["name"] for e in out["result"]["encounters"]] == ["Fight"]
    assert [t["fighter"]["name"] for t in out["result"]["library"]["templates"]] == ["Goblin"]
    refused = {r["field"]: r for r in out["result"]["refused"]}
    assert set(refused) == {"file.data.encounters[1].data.log[0].event.t",
                            "file.data.library.data.templates[0].fighter.skills",
                            "file.data.library.data.party[0].fighter.skills.Sword"}
    assert refused["file.data.encounters[1].data.log[0].event.t"]["name"] == "Portal"
    assert "Unknown event type 'teleport'" in refused["file.data.encounters[1].data.log[0].event.t"]["reason"]
    assert refused["file.data.library.data.party[0].fighter.skills.Sword"]["name"] == "Aldric"
    assert "off the ladder" in refused["file.data.library.data.party[0].fighter.skills.Sword"]["reason"]


def test_a_template_imported_under_a_number_survives_export_all_and_import_again():
    """The device's "Goblin" and a file's other goblin, imported as "Goblin 2": Export all keeps
    both names apart, and the file imports again, onto this device or an empty one."""
    mine = {"templates": [library.template({"fighter": GOBLIN})], "party": []}
    other = {"templates": [library.template({"fighter": {**GOBLIN, "skills": {"Spear": 1}}})], "party": []}
    first = door("encounter.import", file=codec.export_text(codec.collection([], other)), library=mine)
    added = first["result"]["library"]["templates"]
    assert [t["fighter"]["name"] for t in added] == ["Goblin 2"]
    device = {"templates": mine["templates"] + added, "party": []}
    exported = door("encounter.export", encounters=[], library=device)
    assert exported["ok"], exported
    assert exported["result"]["aside"] == []
    text = exported["result"]["file"]
    again = door("encounter.import", file=text, library=device)
    assert again["ok"] and again["result"]["library"] == {"templates": [], "party": [], "full": 0}
    elsewhere = door("encounter.import", file=text)
    assert [t["fighter"]["name"] for t in elsewhere["result"]["library"]["templates"]] == ["Goblin", "Goblin 2"]
    assert "refused" not in elsewhere["result"]


def test_an_entry_the_door_would_refuse_whole_comes_as_text_and_is_kept_aside_alone():
    """A template holding a ``__proto__`` key or nested 40 deep would refuse the whole request it
    came in: the app sends stored entries as their JSON text, and only that entry is refused."""
    deep: dict = {"x": 1}
    for _ in range(40):
        deep = {"x": deep}
    proto = '{"side": "foes", "fighter": {"name": "Imp", "skills": {"Claw": 1}, "__proto__": {"x": 1}}}'
    nested = json.dumps({"side": "foes", "fighter": {"name": "Deep", "skills": {"Claw": 1}, "notes": deep}})
    good = json.dumps(library.template({"fighter": GOBLIN}))
    kept, refused = library.read({"templates": [proto, nested, good], "party": []})
    assert [t["fighter"]["name"] for t in kept["templates"]] == ["Goblin"]
    assert [(r["name"], r["text"]) for r in refused] == [("Imp", proto), ("Deep", nested)]
    # As the device's own library beside an import: the import goes ahead, the goblin known as held.
    file = codec.export_text(codec.collection([], {"templates": [json.loads(good)], "party": []}))
    out = door("encounter.import", file=file, library={"templates": [proto, nested, good], "party": []})
    assert out["ok"], out
    assert out["result"]["library"]["templates"] == []
