"""The JSON door's envelope (``pyfudge.api``): what it refuses before any rule runs, naming what
and where; its version; a bug of ours answered as data, never a raise; the text it writes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import pyfudge
from pyfudge import api


def reply_to(request: Any) -> dict[str, Any]:
    return json.loads(api.handle(request if isinstance(request, str) else json.dumps(request)))


def test_the_version_names_the_engine_the_protocol_and_every_action_and_needs_no_args():
    assert reply_to({"id": 1, "action": "version"}) == {
        "v": 1, "id": 1, "ok": True,
        "result": {"pyfudge": pyfudge.__version__, "api": 1, "actions": sorted(api.ACTIONS)}}


@pytest.mark.parametrize(("request_", "message", "field"), [
    ("[1]", "A request must be a JSON object.", "request"),
    ('{"action": "version", "args": []}', "args must be a JSON object.", "args"),
    ('{"action": "roll", "args": {"level": 0, "seed": true}}', "seed must be a whole number.", "args.seed"),
    ('{"action": "roll", "args": {"level": 0, "seed": 1.5}}', "seed must be a whole number.", "args.seed"),
    ('{"action": "roll", "args": {"level": 0, "seed": "7"}}', "seed must be a whole number.", "args.seed"),
    ("{", "The request is not valid JSON (line 1, column 2: Expecting property name enclosed in double "
          "quotes).", "request"),
])
def test_a_malformed_request_is_refused_naming_what_and_where(request_: str, message: str, field: str):
    """No id can be read from a request that is not an object (null, not a guess)."""
    assert reply_to(request_) == {"v": 1, "id": None, "ok": False,
                                  "error": {"type": "RequestError", "message": message, "field": field}}


def test_a_whole_seed_gives_the_same_dice_again():
    first, again = (reply_to({"action": "roll", "args": {"level": 0, "seed": 7}}) for _ in range(2))
    assert first["ok"] and first == again


def test_a_bug_of_ours_is_answered_as_an_internal_error_with_the_requests_id(monkeypatch: pytest.MonkeyPatch):
    def broken(args: dict[str, Any], rng: Any) -> dict[str, Any]:
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(api.ACTIONS, "version", broken)
    assert reply_to({"id": "r5", "action": "version"}) == {
        "v": 1, "id": "r5", "ok": False,
        "error": {"type": "InternalError", "field": None,
                  "message": "The rules engine hit an internal error (ZeroDivisionError: boom)."}}


@pytest.mark.parametrize(("result", "why"), [({"chance": float("nan")}, "ValueError"),
                                             ({"fighter": object()}, "TypeError")])
def test_a_reply_json_cannot_hold_is_an_internal_error_not_a_raise(monkeypatch: pytest.MonkeyPatch, result: Any,
                                                                   why: str):
    """A result of ours that JSON cannot write (a bug) still gets a reply, matched by its id, saying
    what went wrong."""
    monkeypatch.setitem(api.ACTIONS, "version", lambda args, rng: result)
    reply = reply_to({"id": 9, "action": "version"})
    assert reply["id"] == 9 and reply["ok"] is False and reply["error"]["type"] == "InternalError"
    assert reply["error"]["message"].startswith(f"The rules engine hit an internal error ({why}: ")


def test_the_reply_is_written_as_text_not_as_escapes():
    """A minus sign or a name's accent comes back as itself (the app shows the text it gets)."""
    text = api.handle(json.dumps({"action": "roll", "args": {"level": -3, "faces": [-1, -1, 0, 0]}}))
    assert "Terrible \u22122" in text and "\\u" not in text
