"""The players' page as built (when dist/ has been built: build.py test builds first): one bundle
that imports nothing (no engine, no Pyodide), the engine's view shape inlined from VIEW_SHAPE, the
same policy as the app's page, and a service worker of its own that keeps only its files, which
the app's worker does not fetch to fill its cache."""

from __future__ import annotations

import json
import re

import pytest

import build
from pyfudge.encounter import players


@pytest.fixture
def dist():
    if not (build.DIST / build.MANIFEST).exists():
        pytest.skip("dist/ not built")
    return build.DIST


def test_bench_help_lists_the_bench_parts(capfd):
    # `build.py bench --help` is bench.py's help, which lists the parts that run alone.
    assert build.main(["bench", "--help"]) == 0
    assert "--player-only" in capfd.readouterr().out


def test_the_players_page_is_one_bundle_with_the_engines_shape_and_no_engine(dist):
    bundle = (dist / build.PLAY_ENTRY).read_text()
    assert not re.findall(r'(?:\bfrom|\bimport)\s*\(?\s*"(\.{0,2}/[^"\s]*)"', bundle)
    assert not re.search(r"pyodide|engine-worker|loadPyodide", bundle, re.I)
    assert json.loads((dist / build.VIEW_SHAPE_JSON).read_text()) == players.VIEW_SHAPE
    assert json.dumps(players.VIEW_SHAPE["properties"]["combatants"]["maxItems"]) in bundle
    page = (dist / build.PLAY_PAGE).read_text()
    policy = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
    assert policy.search(page).group(1) == policy.search((dist / "index.html").read_text()).group(1)
    assert re.findall(r'<script type="module" src="([^"]+)">', page) == [build.PLAY_ENTRY]


def test_the_players_worker_keeps_only_the_players_page_and_the_apps_worker_skips_it(dist):
    manifest = json.loads((dist / build.MANIFEST).read_text())
    text = (dist / build.PLAY_SERVICE_WORKER).read_text()
    play = json.loads(text[len("const PLAY = "):text.index(";\n")])
    assert play["files"] == {path: manifest["files"][path] for path in build.PLAY_FILES}
    assert build.PLAY_SERVICE_WORKER not in manifest["files"]
    assert {build.PLAY_PAGE, build.PLAY_ENTRY, "js/play/live.js", "js/parts/player-card.js"} <= set(manifest["lazy"])
    assert not {"css/app.css", "icons/icon.svg"} & set(manifest["lazy"])  # the app's page needs them
