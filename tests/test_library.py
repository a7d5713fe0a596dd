"""The GM's library (``pyfudge.encounter.library``): templates and the party, checked at the door, carried
in an exported file beside the encounters, merged into a device's without overwriting."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.door import codec
from pyfudge.encounter import library

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


def test_a_library_with_a_name_twice_is_refused():
    t = library.template({"fighter": ALDRIC})
    with pytest.raises(FudgeError) as err:
        library.read({"templates": [t, t]})
    assert err.value.field == "library.templates[1]"


def test_an_import_adds_only_what_the_device_lacks_numbering_a_clash():
    mine = {"templates": [library.template({"fighter": GOBLIN}),
                          library.template({"fighter": {**ALDRIC, "name": "Bear"}})],
            "party": [library.member({"fighter": ALDRIC})]}
    other_goblin = library.template({"fighter": {**GOBLIN, "skills": {"Spear": 1}}})
    incoming = library.read({"templates": [other_goblin, mine["templates"][1],
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
    incoming = library.read({"party": [library.member({"fighter": {**ALDRIC, "name": n}}) for n in ("A", "B", "C")]})
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


def test_a_bad_library_in_a_file_is_refused_naming_its_place():
    lib = {"templates": [{"fighter": {"name": "No skills"}}], "party": []}
    text = codec.export_text(codec.collection([], lib))
    out = door("encounter.import", file=text)
    assert not out["ok"]
    assert out["error"]["field"] == "args.file.data.library.data.templates[0].fighter.skills"
