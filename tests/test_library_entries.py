"""The GM's library entry by entry (``pyfudge.door.library``): what a library that is not one, an
entry past a list's cap, an entry that is no object or bad JSON text, and a device's own odd
entries each get — one refusal naming its place, never a crash, never the rest lost."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.door import codec, library

ALDRIC = {"name": "Aldric", "role": "pc", "skills": {"Sword": 2}}
GOBLIN = {"name": "Goblin", "role": "npc", "skills": {"Knife": 0}}


def door(action: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"action": action, "args": args})))


@pytest.mark.parametrize("data", [[], ["templates"], "templates", None, {"templates": [], "spells": []}])
def test_a_library_that_is_not_an_object_of_templates_and_a_party_is_refused_naming_it(data):
    with pytest.raises(Exception) as caught:
        library.read(data, field="file.library")
    assert (type(caught.value).__name__, caught.value.message, caught.value.field) == (
        "RequestError", "A library is an object with templates and a party.", "file.library")


def test_a_list_past_its_cap_keeps_the_first_hundred_templates_and_refuses_the_next_by_place():
    templates = [library.template({"fighter": {**GOBLIN, "name": f"Goblin {chr(65 + i // 26)}{chr(65 + i % 26)}"}})
                 for i in range(library.MAX_TEMPLATES + 1)]
    kept, refused = library.read({"templates": templates})
    assert len(kept["templates"]) == library.MAX_TEMPLATES
    assert [(r["field"], r["reason"]) for r in refused] == [
        (f"library.templates[{library.MAX_TEMPLATES}]", f"templates holds at most {library.MAX_TEMPLATES} entries.")]


@pytest.mark.parametrize("entry, field, reason", [
    (5, "library.party[0]", "A party member is an object with a fighter, a side and a status."),
    ("[1, ", "library.party[0]", "The entry is not valid JSON"),
])
def test_a_party_member_that_is_no_object_or_bad_text_is_refused_at_its_place(entry, field, reason):
    kept, refused = library.read({"party": [entry, library.member({"fighter": ALDRIC})]})
    assert [m["fighter"]["name"] for m in kept["party"]] == ["Aldric"]
    assert [r["field"] for r in refused] == [field] and refused[0]["reason"].startswith(reason)


def test_a_party_member_given_alone_is_refused_naming_member():
    with pytest.raises(Exception) as caught:
        library.member(["Aldric"])
    assert caught.value.field == "member"


def test_a_party_member_without_a_status_has_an_empty_one():
    assert library.member({"fighter": ALDRIC})["status"] == ""


def test_an_entry_kept_aside_keeps_its_text_as_found_accents_and_all():
    bad = {"fighter": {"name": "Gobelin à la hache"}}
    _, refused = library.read({"templates": [bad]})
    assert refused[0]["text"] == '{"fighter": {"name": "Gobelin à la hache"}}'
    assert refused[0]["name"] == "Gobelin à la hache"


@pytest.mark.parametrize("item", [["Aldric"], 7, "[1, 2]", '"Aldric"', {"fighter": {"name": 7}}, {"name": " \t "}])
def test_an_entry_with_no_name_to_read_gives_none_and_never_raises(item):
    assert library.name_in(item) is None


def test_a_text_of_a_files_size_gives_its_name_and_one_over_it_none():
    def of_length(n: int) -> str:
        bare = json.dumps({"fighter": {"name": "Big", "notes": ""}})
        return json.dumps({"fighter": {"name": "Big", "notes": "x" * (n - len(bare))}})
    assert len(of_length(codec.MAX_FILE_BYTES)) == codec.MAX_FILE_BYTES
    assert library.name_in(of_length(codec.MAX_FILE_BYTES)) == "Big"
    assert library.name_in(of_length(codec.MAX_FILE_BYTES + 1)) is None


def test_a_stored_template_nested_thousands_deep_is_kept_aside_and_the_rest_exported():
    """Export all always exports: a stored entry whose text nests far past any cap (a damaged
    record) is kept aside alone, with no name read from it, and the good template goes into
    the file."""
    deep = "[" * 5000 + "]" * 5000
    good = library.template({"fighter": GOBLIN})
    out = door("encounter.export", encounters=[], library={"templates": [deep, good], "party": []})
    assert out["ok"], out
    assert [(r["what"], r["name"]) for r in out["result"]["aside"]] == [("template", None)]
    assert [t["fighter"]["name"] for t in json.loads(out["result"]["file"])["data"]["library"]["data"]["templates"]] \
        == ["Goblin"]


@pytest.mark.parametrize("held", [
    {"fighter": "Goblin"},                      # a fighter that is no object
    {"side": "foes"},                           # no fighter at all
    {"fighter": {"name": 3, "skills": {}}},     # a name that is no text
    "not json {",                               # stored text that does not read
    ["Goblin"],                                 # no object at all
])
def test_an_odd_entry_the_device_holds_is_left_out_of_the_comparison_not_a_crash(held):
    incoming, _ = library.read({"templates": [library.template({"fighter": GOBLIN})]})
    added = library.merged({"templates": [held], "party": []}, incoming)
    assert [t["fighter"]["name"] for t in added["templates"]] == ["Goblin"]


def test_an_entry_the_device_holds_with_its_keys_in_another_order_is_known_as_held():
    """A sheet is the same sheet whatever order its keys were stored in: not imported again as
    "Goblin 2"."""
    mine = library.template({"fighter": GOBLIN})
    reordered = {"fighter": dict(reversed(list(mine["fighter"].items()))), "side": mine["side"]}
    incoming, _ = library.read({"templates": [mine]})
    assert library.merged({"templates": [reordered]}, incoming)["templates"] == []
    assert library.merged({"templates": [json.dumps(reordered)]}, incoming)["templates"] == []


@pytest.mark.parametrize("status", [3, None, "x" * (library.MAX_STATUS + 1)])
def test_a_party_members_status_that_is_no_line_of_eighty_is_refused_naming_it(status):
    kept, refused = library.read({"party": [{"fighter": ALDRIC, "status": status}]})
    assert kept["party"] == []
    assert [(r["field"], r["reason"]) for r in refused] == [
        ("library.party[0].status", f"status is a line of at most {library.MAX_STATUS} characters.")]


def test_a_party_members_side_is_read_the_players_by_default_and_a_bad_one_named():
    assert library.member({"fighter": ALDRIC, "status": "x" * library.MAX_STATUS})["side"] == "players"
    assert library.member({"fighter": ALDRIC, "side": "foes"})["side"] == "foes"
    _, refused = library.read({"party": [{"fighter": ALDRIC, "side": "left"}]})
    assert [r["field"] for r in refused] == ["library.party[0].side"]


def test_a_template_sides_with_the_players_for_a_pc_and_the_foes_otherwise_unless_told():
    assert library.template({"fighter": ALDRIC})["side"] == "players"
    assert library.template({"fighter": GOBLIN})["side"] == "foes"
    assert library.template({"fighter": GOBLIN, "side": "players"})["side"] == "players"


def test_a_template_that_is_no_object_or_has_a_bad_side_is_refused_at_its_place():
    _, refused = library.read({"templates": [5, {"fighter": GOBLIN, "side": "left"}]})
    assert [(r["field"], r["reason"]) for r in refused] == [
        ("library.templates[0]", "A template is an object with a fighter and a side."),
        ("library.templates[1].side", "side must be one of players, foes.")]
    with pytest.raises(Exception) as caught:
        library.template("Goblin")
    assert caught.value.field == "template"


@pytest.mark.parametrize("kind, entry, reason", [
    ("templates", {"side": "foes"}, "A template is an object with a fighter and a side."),
    ("templates", {"fighter": GOBLIN, "status": ""}, "A template is an object with a fighter and a side."),
    ("party", {"side": "players", "status": ""}, "A party member is an object with a fighter, a side and a status."),
    ("party", {"fighter": ALDRIC, "notes": ""}, "A party member is an object with a fighter, a side and a status."),
])
def test_an_entry_without_a_fighter_or_with_a_key_of_its_own_is_refused_whole(kind, entry, reason):
    _, refused = library.read({kind: [entry]})
    assert [(r["field"], r["reason"]) for r in refused] == [(f"library.{kind}[0]", reason)]
