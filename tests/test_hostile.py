"""The hostile-input corpus (tests/hostile/*.json), each case fed through the JSON door.

A link goes to ``encounter.unlink``, a file's text to ``encounter.import``. Each case expects a
structured error (type, field, words of the message) or, for hostile-looking text that is legal,
success with every listed name coming back exactly as text. Never an ``InternalError``, always a
well-formed response, and no encounter the engine holds open is touched.
"""

import json
import time
from pathlib import Path

import pytest

from pyfudge import api
from pyfudge.door import encounter_actions as api_encounters

CORPUS = Path(__file__).parent / "hostile"
CASES = sorted(CORPUS.glob("*.json"))
ERROR_TYPES = {"CodecError", "RequestError", "RuleError", "LadderError", "DiceError", "OptionError",
               "EncounterError", "SheetError"}


def load(path):
    case = json.loads(path.read_text(encoding="utf-8"))
    assert set(case) == {"what", "input_kind", "input", "expect"}, path.name
    assert case["input_kind"] in ("link", "file") and isinstance(case["input"], str)
    return case


def feed(case):
    action, key = ("encounter.unlink", "fragment") if case["input_kind"] == "link" else ("encounter.import", "file")
    text = api.handle(json.dumps({"v": 1, "id": "hostile", "action": action, "args": {key: case["input"]}}))
    reply = json.loads(text)  # the response itself is well-formed JSON
    assert reply["v"] == 1 and reply["id"] == "hostile" and isinstance(reply["ok"], bool)
    return reply


def names_in(result):
    """Every name a reply carries: encounters (and renames), combatants and their skills."""
    encounters = [e["encounter"] for e in result["encounters"]] if "encounters" in result else [result["encounter"]]
    names = []
    for enc in encounters:
        names.append(enc["name"])
        for event in enc["log"]:
            if event.get("t") == "add":
                names.append(event["fighter"]["name"])
                names.extend(event["fighter"]["skills"])
            if event.get("t") == "rename":
                names.append(event["name"])
    if "view" in result:
        names.extend(c["name"] for c in result["view"]["combatants"])
    return names


def test_the_corpus_is_large_enough_and_covers_links_and_files():
    kinds = [load(p)["input_kind"] for p in CASES]
    assert len(CASES) >= 50 and kinds.count("link") >= 15 and kinds.count("file") >= 35


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_hostile_input_gives_the_expected_structured_answer(path):
    case, before = load(path), dict(api_encounters.OPEN)
    started = time.process_time()
    reply = feed(case)
    assert time.process_time() - started < 5, "a hostile input must be refused quickly"
    expect = case["expect"]
    if expect.get("ok"):
        assert reply["ok"], reply.get("error")
        got = names_in(reply["result"])
        for name in expect["names"]:
            assert name in got, (name, got)  # exactly the same text, not escaped or trimmed
        refusals = reply["result"].get("refused", [])
        assert len(refusals) == len(expect.get("refused", [])), refusals
        for want, got_one in zip(expect.get("refused", []), refusals, strict=True):
            assert got_one["field"].startswith(want["field_prefix"]), got_one
            assert want["message_contains"] in got_one["reason"], got_one
    else:
        assert not reply["ok"], f"{case['what']} was accepted"
        error = reply["error"]
        assert error["type"] != "InternalError", error
        assert error["type"] in ERROR_TYPES and error["type"] == expect["error_type"], error
        assert isinstance(error["message"], str) and 0 < len(error["message"]) <= 400, error
        assert error["field"].startswith(expect.get("field_prefix", "args")), error
        if "message_contains" in expect:
            assert expect["message_contains"] in error["message"], error
    assert api_encounters.OPEN == before  # reading a link or file opens and changes nothing


def test_an_accepted_hostile_name_survives_export_and_import_unchanged():
    case = load(CORPUS / "file-name-script-tag.json")
    imported = feed(case)["result"]["encounters"][0]["encounter"]
    text = json.loads(api.handle(json.dumps({"action": "encounter.export", "args": {"encounter": imported}})))
    again = feed({"input_kind": "file", "input": text["result"]["file"]})["result"]["encounters"][0]["encounter"]
    assert again == imported and again["name"] == "<script>alert(1)</script>"
