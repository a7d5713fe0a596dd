"""The JSON door: envelope, id matching, errors as data, never a raise."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfudge import api


def call(action, args=None, **extra):
    request = {"v": 1, "id": 7, "action": action, "args": args or {}, **extra}
    return json.loads(api.handle(json.dumps(request)))


def test_roll_reads_entered_faces_on_the_ladder():
    reply = call("roll", {"level": 3, "faces": [1, 1, 0, -1]})
    assert reply["ok"] and reply["id"] == 7 and reply["v"] == 1
    result = reply["result"]
    assert result["total"] == 1 and result["result"] == 4
    assert result["result_name"] == "Superb +1" and result["entered"] is True


def test_roll_below_terrible_reads_terrible_minus():
    result = call("roll", {"level": -3, "faces": [-1, -1, 0, 0]})["result"]
    assert result["result_name"] == "Terrible \u22122"


def test_seeded_roll_replays_the_same_faces():
    first = call("roll", {"level": 1, "seed": 42})["result"]
    again = call("roll", {"level": 1, "seed": 42})["result"]
    assert first == again and first["entered"] is False
    assert first["result"] == 1 + sum(first["faces"])


def test_bad_face_is_an_error_naming_the_die():
    reply = call("roll", {"level": 0, "faces": [1, 2, 0, 0]})
    assert not reply["ok"]
    assert reply["error"]["type"] == "DiceError"
    assert reply["error"]["field"] == "args.faces[1]"


def test_wrong_number_of_faces_is_an_error():
    reply = call("roll", {"level": 0, "faces": [1, 0, 0]})
    assert reply["error"]["field"] == "args.faces" and "4" in reply["error"]["message"]


def test_trait_level_off_the_ladder_is_an_error():
    reply = call("roll", {"level": 9})
    assert reply["error"]["type"] == "LadderError" and reply["error"]["field"] == "args.level"


def test_unknown_action_and_version_are_errors():
    assert call("fly")["error"]["field"] == "action"
    reply = call("roll", v=2)
    assert reply["error"]["field"] == "v" and "version" in reply["error"]["message"]


def test_non_json_request_is_an_error_not_a_raise():
    reply = json.loads(api.handle("{not json"))
    assert reply["ok"] is False and reply["error"]["type"] == "RequestError"


def test_ladder_lists_terrible_to_legendary():
    names = [lv["name"] for lv in call("ladder")["result"]["levels"]]
    assert names[0] == "Terrible" and names[-1] == "Legendary" and len(names) == 8


def test_version_names_every_action():
    result = call("version")["result"]
    assert result["api"] == api.API_VERSION and "roll" in result["actions"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    action=st.sampled_from(sorted(api.ACTIONS)) | st.text(max_size=6),
    args=json_values,
    rid=json_values,
)
def test_any_request_gives_a_well_formed_reply(action, args, rid):
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": rid, "action": action, "args": args})))
    assert reply["v"] == 1 and isinstance(reply["ok"], bool)
    if reply["ok"]:
        assert isinstance(reply["result"], dict)
    else:
        assert reply["error"]["type"] != "InternalError", reply["error"]
        assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]


@given(st.text(max_size=40))
def test_any_text_gives_a_well_formed_reply(text):
    reply = json.loads(api.handle(text))
    assert isinstance(reply["ok"], bool)
