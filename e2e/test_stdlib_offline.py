"""The app's own standard library (build.py `app_stdlib`, stdlib/): the engine boots with the
modules it imports, compiled, and Pyodide's full standard library follows into the offline
cache once the build is cached there (sw.js `later`). A player's whole use of the app needs
nothing outside the trimmed one; a module outside it still imports, offline too, through the
fallback finder (stdlib/fallback.py); and when the full library is not on the device and
the network is gone, the import fails with a message that says so."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from conftest import add_fighter, new_encounter, play_exchange
from test_app import wait_offline_ready, wait_ready, wait_until
from test_engine_cache import REFERENCE, door_answers

import build

pytestmark = pytest.mark.usefixtures("hooked_build")  # runs Python beside the engine

FINDER = "next(f for f in sys.meta_path if type(f).__name__ == 'RestOfStdlib')"
UNUSED = "import difflib, email.mime.text; str(round(difflib.SequenceMatcher(None, 'sword', 'swords').ratio(), 3))"


def python(page, code: str) -> dict:
    return page.evaluate("(code) => pyfudgeEngine.testPython(code)", code)


def served(page) -> list[str]:
    answer = python(page, f"import sys; ' '.join({FINDER}.served)")
    assert answer["ok"], answer
    return answer["result"].split()


def version(site) -> str:
    return json.loads((site.server.directory / build.MANIFEST).read_text())["version"]


def full_stdlib_cached(page, site) -> bool:
    return page.evaluate("""async ([name, path]) => {
        const cache = await caches.open(name);
        return !!(await cache.match(new URL(path, location.href).href));
    }""", [f"pyfudge-{version(site)}", build.FULL_STDLIB])


def reference_encounter_requests(page) -> list:
    """The reference encounter (bench/) opened, its cycle of events applied (exchanges, a
    wound, a heal, rounds, undo, redo, the end of battle), its log written and explained,
    its link made and opened, its odds and forecast."""
    return page.evaluate("""async ([encounter, cycle]) => {
        const answers = [];
        const ask = async (action, args) => {
          const r = await pyfudgeEngine.request(action, args); answers.push(r); return r;
        };
        const opened = await ask("encounter.open", { id: "stdlib-ref", encounter });
        let rev = opened.result?.rev;
        for (const event of cycle)
          rev = (await ask("encounter.apply", { id: "stdlib-ref", rev, event })).result?.rev ?? rev;
        await ask("encounter.log", { id: "stdlib-ref", rev, format: "markdown" });
        await ask("encounter.explain", { id: "stdlib-ref", rev, index: 0 });
        await ask("encounter.forecast", { id: "stdlib-ref", rev });
        const link = await ask("encounter.link", { encounter });
        await ask("encounter.unlink", { fragment: link.result?.fragment });
        const file = await ask("encounter.export", { encounter });
        await ask("encounter.import", { file: file.result?.file });
        return answers.map((a) => ({ ok: a.ok, error: a.error?.message }));
    }""", [REFERENCE["encounter"], REFERENCE["cycle"]])


def test_a_players_use_of_the_app_needs_nothing_outside_its_standard_library(open_context, site):
    hits = {path: site.hits("/" + path) for path in (build.APP_STDLIB, build.FULL_STDLIB)}
    page = open_context().new_page()
    new_encounter(page, SimpleNamespace(url=site.url + "?test-hooks"), "Stdlib ford")
    add_fighter(page, {"name": "Aldric", "skills": {"Sword": "Good"}})
    add_fighter(page, {"name": "Goblin", "role": "npc", "skills": {"Sword": "Fair"}})
    play_exchange(page, "Aldric", "Goblin", {"a_dice": {"roll": {"faces": [1, 1, 0, 0]}},
                                             "b_dice": {"roll": {"faces": [-1, 0, 0, 0]}}})
    assert all(answer["ok"] for answer in door_answers(page))
    assert all(answer["ok"] for answer in reference_encounter_requests(page))
    answer = python(page, "import sys; sys.path[1]")
    assert answer == {"ok": True, "result": "/lib/python314.zip"}, answer
    assert served(page) == []
    # Python's start and pyfudge's imports came from the app's zip: the full one is fetched
    # once, by the service worker, after the rest of the build.
    wait_offline_ready(page)
    wait_until(lambda: full_stdlib_cached(page, site))
    assert {path: site.hits("/" + path) - n for path, n in hits.items()} == \
        {build.APP_STDLIB: 1, build.FULL_STDLIB: 1}


def after_one_visit(open_context, site):
    """A first visit's end: the build cached, the full standard library after it."""
    context = open_context()
    page = context.new_page()
    page.goto(site.url + "?test-hooks")
    wait_ready(page)
    wait_offline_ready(page)
    wait_until(lambda: full_stdlib_cached(page, site))
    return context, page


def test_a_module_outside_it_imports_offline_from_the_full_library(open_context, site):
    context, page = after_one_visit(open_context, site)

    context.set_offline(True)
    page.goto("about:blank")
    page.goto(site.url + "?test-hooks")
    wait_ready(page)
    assert python(page, UNUSED) == {"ok": True, "result": "0.909"}
    # email is in the app's zip, email.mime is not: the package looks in the full zip too.
    assert served(page) == ["difflib", "email.mime"]
    assert all(answer["ok"] for answer in door_answers(page))


def test_without_the_full_library_on_the_device_an_offline_import_says_why(open_context, site):
    context, page = after_one_visit(open_context, site)
    page.evaluate("""async ([name, path]) => (await caches.open(name)).delete(new URL(path, location.href).href)""",
                  [f"pyfudge-{version(site)}", build.FULL_STDLIB])

    context.set_offline(True)
    answer = python(page, UNUSED)
    assert answer["ok"] is False
    assert "the rest of Python's standard library could not be downloaded" in answer["error"]["message"]
    # The engine goes on answering.
    assert all(a["ok"] for a in door_answers(page))
