"""The one door between the app and the rules: ``handle(request_json) -> response_json``.

Request: ``{"v": 1, "id": any, "action": "<name>", "args": {...}}``.
Response: ``{"v": 1, "id": same, "ok": true, "result": {...}}`` or
``{"v": 1, "id": same, "ok": false, "error": {"type", "message", "field"}}``.
It never raises: bad input comes back as a ``FudgeError`` turned into data, and an internal
fault as an ``InternalError`` with a readable message (the traceback stays in Python).

This module is the protocol: the caps on a request, the version, the table of actions and the
answer. The actions live by role: :mod:`pyfudge.door.rule_actions` (the rules), :mod:`pyfudge.door.encounter_actions`
(encounters held open, links, files, the library), :mod:`pyfudge.door.analysis_actions` (odds and the
forecast) and :mod:`pyfudge.door.forms` (``describe``); :mod:`pyfudge.door.request` reads their args.
"""

from __future__ import annotations

import json
import random
from typing import Any

from . import __version__
from .core.errors import FudgeError, RequestError
from .door import codec
from .door.analysis_actions import (
    on_encounter_forecast,
    on_encounter_odds,
    on_forecast,
    on_group_odds,
    on_odds,
    on_ranged_odds,
)
from .door.encounter_actions import (
    on_encounter_apply,
    on_encounter_declaration,
    on_encounter_explain,
    on_encounter_export,
    on_encounter_import,
    on_encounter_link,
    on_encounter_log,
    on_encounter_new,
    on_encounter_open,
    on_encounter_players,
    on_encounter_players_link,
    on_encounter_unlink,
    on_library_member,
    on_library_template,
    on_players_open,
    on_qr,
)
from .door.forms import on_describe
from .door.request import Action, Args
from .door.rule_actions import (
    on_action,
    on_called_shot,
    on_exchange,
    on_gear,
    on_group,
    on_heal,
    on_ladder,
    on_ranged,
    on_roll,
    on_shield_check,
    on_track,
    on_wound,
)

API_VERSION = 1


def _rng(args: Args) -> random.Random:
    """The edge's random source: seeded when the request gives a seed, else the system's."""
    seed = args.get("seed")
    if seed is None:
        return random.Random()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RequestError("seed must be a whole number.", field="seed")
    return random.Random(seed)


def on_version(args: Args, rng: random.Random) -> dict[str, Any]:
    """The engine's version, the protocol's, and the actions this door answers."""
    return {"pyfudge": __version__, "api": API_VERSION, "actions": sorted(ACTIONS)}


ACTIONS: dict[str, Action] = {
    "version": on_version,
    "describe": on_describe,
    "ladder": on_ladder,
    "roll": on_roll,
    "action": on_action,
    "exchange": on_exchange,
    "group": on_group,
    "ranged": on_ranged,
    "called_shot": on_called_shot,
    "odds": on_odds,
    "group_odds": on_group_odds,
    "ranged_odds": on_ranged_odds,
    "forecast": on_forecast,
    "shield_check": on_shield_check,
    "track": on_track,
    "wound": on_wound,
    "heal": on_heal,
    "encounter.new": on_encounter_new,
    "encounter.open": on_encounter_open,
    "encounter.apply": on_encounter_apply,
    "encounter.link": on_encounter_link,
    "encounter.unlink": on_encounter_unlink,
    "encounter.players_link": on_encounter_players_link,
    "encounter.players": on_encounter_players,
    "encounter.declaration": on_encounter_declaration,
    "players.open": on_players_open,
    "encounter.import": on_encounter_import,
    "encounter.export": on_encounter_export,
    "qr": on_qr,
    "encounter.odds": on_encounter_odds,
    "encounter.forecast": on_encounter_forecast,
    "encounter.log": on_encounter_log,
    "encounter.explain": on_encounter_explain,
    "gear": on_gear,
    "library.template": on_library_template,
    "library.member": on_library_member,
}


def dispatch(request: Any) -> dict[str, Any]:
    """Run one decoded request; raise ``FudgeError`` on bad input."""
    if not isinstance(request, dict):
        raise RequestError("A request must be a JSON object.", field="request")
    v = request.get("v", API_VERSION)
    if v != API_VERSION:
        raise RequestError(
            f"This engine speaks API version {API_VERSION}; the request needs version {v!r}.",
            field="v",
        )
    action = request.get("action")
    if action not in ACTIONS:
        raise RequestError(f"Unknown action {action!r}.", field="action")
    args = request.get("args", {})
    if not isinstance(args, dict):
        raise RequestError("args must be a JSON object.", field="args")
    try:
        return ACTIONS[action](args, _rng(args))
    except FudgeError as err:
        raise err.at("args") from None


# A request may carry an imported file's text, escaped as a JSON string.
MAX_REQUEST_CHARS = 4 * codec.MAX_FILE_BYTES


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response; never raises."""
    rid: Any = None
    try:
        # The door's caps (size, nesting, NaN, huge numbers, reserved keys) before any work.
        request = codec.parse_json(request_json, field="request", max_bytes=MAX_REQUEST_CHARS,
                                   what="The request", error=RequestError)
        if isinstance(request, dict):
            rid = request.get("id")
        response = {"v": API_VERSION, "id": rid, "ok": True, "result": dispatch(request)}
    except FudgeError as err:
        response = {"v": API_VERSION, "id": rid, "ok": False, "error": err.to_dict()}
    except Exception as err:
        response = _internal(rid, err)
    try:
        return json.dumps(response, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as err:  # a result JSON cannot hold (the id, parsed JSON, can)
        return json.dumps(_internal(rid, err), ensure_ascii=False, allow_nan=False)


def _internal(rid: Any, err: Exception) -> dict[str, Any]:
    """A bug of ours: tell the user plainly, keep the details for a report."""
    return {
        "v": API_VERSION,
        "id": rid,
        "ok": False,
        "error": {
            "type": "InternalError",
            "message": f"The rules engine hit an internal error ({type(err).__name__}: {err}).",
            "field": None,
        },
    }
