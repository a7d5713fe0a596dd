"""Saved data of an earlier build gives the same answers: every request in tests/golden/saved/door.json
(the unit tests' door requests and the bench's reference encounter — saved logs, share links, players'
links, exports and imports of that build) is asked again and must get the reply recorded then. A
refactor that changes a reply, a saved log's replay or a link's reading fails here by its action."""

import json
from pathlib import Path

import pytest

from pyfudge import api
from pyfudge.analysis import forecast
from pyfudge.door import encounter_actions as api_encounters

PAIRS = json.loads((Path(__file__).parent / "golden" / "saved" / "door.json").read_text())["pairs"]


@pytest.fixture(autouse=True, scope="module")
def fresh_engine():
    # The replies were recorded by a fresh engine, the requests in order (an open, then its
    # applies): encounters another test file left open must not answer for them.
    api_encounters.OPEN.clear()


@pytest.fixture(autouse=True)
def standing_clock(monkeypatch):
    # The forecast stops on its time budget too: with the clock standing it stops on its interval
    # alone, as when the replies were recorded, however busy the machine.
    monkeypatch.setattr(forecast, "_clock", lambda: 0.0)


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{i}-{p['request']['action']}" for i, p in enumerate(PAIRS)])
def test_a_request_of_the_recording_build_gets_the_same_reply(pair):
    assert json.loads(api.handle(json.dumps(pair["request"]))) == pair["reply"]


def test_the_recording_covers_saved_logs_links_and_files():
    actions = {p["request"]["action"] for p in PAIRS}
    assert {"encounter.open", "encounter.unlink", "players.open", "encounter.import", "encounter.export"} <= actions
