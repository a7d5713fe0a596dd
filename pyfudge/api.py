"""The one door between the app and the rules: ``handle(request_json) -> response_json``.

Request: ``{"v": 1, "id": any, "action": "<name>", "args": {...}}``.
Response: ``{"v": 1, "id": same, "ok": true, "result": {...}}`` or
``{"v": 1, "id": same, "ok": false, "error": {"type", "message", "field"}}``.
It never raises: bad input comes back as a ``FudgeError`` turned into data, and an internal
fault as an ``InternalError`` with a readable message (the traceback stays in Python).
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from . import __version__, dice, ladder
from .errors import FudgeError, RequestError

API_VERSION = 1

Args = dict[str, Any]
Action = Callable[[Args, random.Random], dict[str, Any]]


def _rng(args: Args) -> random.Random:
    """The edge's random source: seeded when the request gives a seed, else the system's."""
    seed = args.get("seed")
    if seed is None:
        return random.Random()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RequestError("seed must be a whole number.", field="seed")
    return random.Random(seed)


def _version(args: Args, rng: random.Random) -> dict[str, Any]:
    return {"pyfudge": __version__, "api": API_VERSION, "actions": sorted(ACTIONS)}


def _ladder(args: Args, rng: random.Random) -> dict[str, Any]:
    return {"levels": ladder.levels()}


def _roll(args: Args, rng: random.Random) -> dict[str, Any]:
    """Roll 4dF for a trait level, or read the four faces a player entered (F95 4.1)."""
    level = ladder.check_trait(args.get("level", ladder.FAIR), field="level")
    faces = args.get("faces")
    roll = dice.roll_fudge(rng) if faces is None else dice.fudge(faces, entered=True)
    result = level + roll.total
    return {
        **roll.to_dict(),
        "level": level,
        "level_name": ladder.name(level, legendary=True),
        "result": result,
        "result_name": ladder.name(result),
    }


ACTIONS: dict[str, Action] = {
    "version": _version,
    "ladder": _ladder,
    "roll": _roll,
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
        raise err.at("args")


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response; never raises."""
    rid: Any = None
    try:
        try:
            request = json.loads(request_json)
        except (TypeError, ValueError) as err:
            raise RequestError(f"The request is not valid JSON ({err}).", field="request") from None
        if isinstance(request, dict):
            rid = request.get("id")
        response = {"v": API_VERSION, "id": rid, "ok": True, "result": dispatch(request)}
    except FudgeError as err:
        response = {"v": API_VERSION, "id": rid, "ok": False, "error": err.to_dict()}
    except Exception as err:  # a bug of ours: tell the user plainly, keep the details for a report
        response = {
            "v": API_VERSION,
            "id": rid,
            "ok": False,
            "error": {
                "type": "InternalError",
                "message": f"The rules engine hit an internal error ({type(err).__name__}: {err}).",
                "field": None,
            },
        }
    try:
        return json.dumps(response, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):  # an id that cannot be echoed back
        response["id"] = None
        return json.dumps(response, ensure_ascii=False, allow_nan=False)
