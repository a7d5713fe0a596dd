"""The engine's memory snapshot (js/engine/engine-snapshot.js, docs/performance.md).

A first start makes a snapshot of Pyodide's memory just after `import pyfudge.api` and keeps it in
IndexedDB, tagged with the build; the next start restores it instead of starting Python again.
Here: a second visit starts from the snapshot and answers exactly as a fresh engine does (a
module the snapshot had not imported included), in the app as a player uses it; a damaged
snapshot, or a restore that died, falls back to a normal start and is replaced; and a new build
never uses the old build's snapshot. How the engine started comes from the test hook
(`pyfudgeEngine.start`: "fresh", "snapshot" or "fallback")."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from conftest import add_fighter, card, idle, new_encounter
from playwright.sync_api import expect
from test_app import wait_offline_ready, wait_ready, wait_until
from test_trust_update import NEW_VERSION, engine_version, make_new_build, update_notice

import build

pytestmark = pytest.mark.usefixtures("hooked_build")  # drives ?test-hooks

REFERENCE = json.loads((build.ROOT / "bench" / "reference-encounter.json").read_text())
ASTA = {"name": "Asta", "skills": {"Sword": "Great"}}

# The snapshot database as js/engine/engine-snapshot.js names it (the app served at the root: "/").
DB_JS = """
const openDb = () => new Promise((resolve, reject) => {
  const open = indexedDB.open("pyfudge-engine /", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("snapshot");
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});
const run = async (mode, act) => {
  const db = await openDb();
  const tx = db.transaction("snapshot", mode);
  const result = act(tx.objectStore("snapshot"));
  await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
  db.close();
  return result.result;
};
const sha256 = async (bytes) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
"""


def stored(page) -> dict:
    """The keys of the snapshot database and the stored snapshot's build and size."""
    return page.evaluate("async () => {" + DB_JS + """
        const keys = await run("readonly", (s) => s.getAllKeys());
        const saved = await run("readonly", (s) => s.get("snapshot"));
        return { keys: keys.map(String).sort(), build: saved?.build ?? null, size: saved?.size ?? null };
    }""")


def damage(page, how: str) -> None:
    """Damage the stored snapshot: "bytes" changes bytes (its sha256 no longer matches);
    "foreign" stores other bytes with their own size and sha256 (checks pass; Pyodide must
    refuse them); "dead restore" leaves the marker of a restore whose worker died (no lock)."""
    page.evaluate("async (how) => {" + DB_JS + """
        const saved = await run("readonly", (s) => s.get("snapshot"));
        if (how === "dead restore") {
          await run("readwrite", (s) => s.put({ build: saved.build, at: Date.now() }, "restoring:gone"));
          return;
        }
        let bytes = new Uint8Array(await saved.blob.arrayBuffer());
        if (how === "bytes") bytes.fill(7, bytes.length >> 1, (bytes.length >> 1) + 4096);
        else bytes = new Uint8Array(bytes.length >> 4).fill(3);
        const record = { ...saved, blob: new Blob([bytes]) };
        if (how === "foreign") Object.assign(record, { size: bytes.length, sha256: await sha256(bytes) });
        await run("readwrite", (s) => s.put(record, "snapshot"));
    }""", how)


def open_app(page, site, path: str = "") -> None:
    page.goto(site.url + "?test-hooks" + path)
    wait_ready(page)


def start_kind(page) -> str:
    return page.evaluate("pyfudgeEngine.start")


def wait_snapshot_kept(page) -> dict:
    """After a normal start: the worker reports its snapshot stored."""
    wait_until(lambda: page.evaluate("pyfudgeEngine.snapshot") is not None)
    kept = page.evaluate("pyfudgeEngine.snapshot")
    assert kept["kept"] is True, kept
    assert kept["bytes"] > 10_000_000, kept  # Pyodide's whole memory
    return kept


def revisit(page, site, path: str = "") -> None:
    """A new document on the app (as a later visit), from the service worker's cache."""
    page.goto("about:blank")
    open_app(page, site, path)


def loaded_modules(page) -> list[str]:
    code = "import sys; ' '.join(sorted(m for m in sys.modules if m.startswith('pyfudge')))"
    return page.evaluate("(code) => pyfudgeEngine.testPython(code)", code)["result"].split()


def door_answers(page) -> list:
    """Answers that need the whole engine: exact odds, a group's odds, and a forecast
    (pyfudge.analysis.forecast is imported lazily: not in a snapshot made after `import pyfudge.api`)."""
    return page.evaluate("""async ([odds, group, encounter]) => {
        const ask = (action, args) => pyfudgeEngine.request(action, args)
          .then((r) => { delete r.id; return r; });
        return [await ask("odds", odds), await ask("group_odds", group),
                await ask("forecast", { encounter, samples: 200 }),
                await ask("roll", { level: 1, faces: [1, 1, 0, -1] })];
    }""", [REFERENCE["odds_1v1"], REFERENCE["group_odds_1v6"], REFERENCE["encounter"]])


def start_phases(page) -> list[str]:
    """The phases of the engine's start on this page, in order (js/main.js marks each)."""
    return page.evaluate("""performance.getEntriesByType("mark").map((m) => m.name)
        .filter((name) => name.startsWith("engine-phase:")).map((name) => name.slice(13))""")


STARTED = ["read-manifest", "find-snapshot", "load-pyodide", "install-wheel", "mount-stdlib"]


def test_a_second_visit_starts_from_the_snapshot_and_answers_as_a_fresh_engine(
        open_context, site, screen, axe_check):
    context = open_context(**screen)
    page = context.new_page()
    eid = new_encounter(page, SimpleNamespace(url=site.url + "?test-hooks"), "Snapshot ford")
    assert start_kind(page) == "fresh"
    assert start_phases(page) == [*STARTED, "make-snapshot", "ready"]
    fresh = door_answers(page)
    assert all(answer["ok"] for answer in fresh), fresh
    wait_snapshot_kept(page)
    wait_offline_ready(page)
    build_version = json.loads((site.server.directory / build.MANIFEST).read_text())["version"]
    size = page.evaluate("pyfudgeEngine.snapshot.bytes")
    assert stored(page) == {"keys": ["snapshot"], "build": build_version, "size": size}

    # The next visit: restored, not started; the snapshot stays (no restore marker left).
    revisit(page, site, f"#/e/{eid}")
    assert start_kind(page) == "snapshot"
    assert start_phases(page) == [*STARTED, "check-restored", "ready"]
    assert page.evaluate("document.documentElement.dataset.enginePhase") == "ready"
    assert page.evaluate("pyfudgeEngine.snapshot") is None  # nothing made, nothing stored
    assert "pyfudge.analysis.forecast" not in loaded_modules(page)  # the forecast below imports it from the wheel
    assert door_answers(page) == fresh
    wait_until(lambda: stored(page)["keys"] == ["snapshot"])

    # A player's use of the restored engine: the saved encounter opens live, a combatant is added.
    idle(page)
    add_fighter(page, ASTA)
    expect(card(page, "Asta")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready")
    page.screenshot(path="/tmp/engine-cache-restored.png", full_page=True)
    axe_check(page, "the encounter on an engine restored from its snapshot")


WASM = "pyodide/pyodide.asm.wasm"


def wasm_answers(context) -> list[bool]:
    """Each answer of Python's wasm to this context: whether the service worker gave it."""
    return [r["from_service_worker"] for r in context.recorder.responses
            if r["url"].split("?")[0].endswith(WASM) and not r["by_service_worker"]]


def test_a_first_visit_compiles_the_wasm_again_from_the_cache_so_the_next_start_has_optimised_code(
        open_context, site):
    # A restored snapshot runs almost no Python before its first request; the first visit's
    # engine ran seconds of it. Compiling the cached file again once that engine has run makes
    # Chromium keep the optimised code with it (docs/performance.md), for the next start.
    context = open_context()
    page = context.new_page()
    open_app(page, site)
    assert start_kind(page) == "fresh"
    wait_offline_ready(page)
    wait_until(lambda: page.evaluate("document.documentElement.dataset.optimisedCode") is not None)
    assert page.evaluate("document.documentElement.dataset.optimisedCode") == "kept"
    # The engine's own load, then the compile again: from the worker's cache, nothing downloaded.
    assert wasm_answers(context)[1:] == [True], wasm_answers(context)
    assert context.recorder.network_fetches(WASM) == 1

    # The next start restores the snapshot and loads the wasm once, compiling nothing again.
    wait_snapshot_kept(page)
    answers = len(wasm_answers(context))
    revisit(page, site)
    assert start_kind(page) == "snapshot"
    wait_offline_ready(page)
    assert wasm_answers(context)[answers:] == [True]
    assert page.evaluate("document.documentElement.dataset.optimisedCode") is None


@pytest.mark.parametrize("how", ["bytes", "foreign", "dead restore"])
def test_a_damaged_snapshot_falls_back_to_a_normal_start_and_is_replaced(open_context, site, how):
    page = open_context().new_page()
    open_app(page, site)
    kept = wait_snapshot_kept(page)
    damage(page, how)

    revisit(page, site)
    # "bytes" and "foreign" fail to restore ("fallback"); a dead restore's snapshot is not even
    # tried: deleted unread, then a normal start.
    assert start_kind(page) == ("fresh" if how == "dead restore" else "fallback")
    answer = page.evaluate("pyfudgeEngine.request('roll', {level: 1, faces: [1, 1, 0, -1]})")
    assert answer["ok"] and answer["result"]["result_name"] == "Great", answer
    assert wait_snapshot_kept(page)["bytes"] == kept["bytes"]  # a new one, made by this start
    assert stored(page)["keys"] == ["snapshot"]

    revisit(page, site)
    assert start_kind(page) == "snapshot"
    assert page.evaluate("pyfudgeEngine.request('ladder')")["ok"]


def test_a_snapshot_that_fails_again_is_not_made_again_for_this_build(open_context, site):
    """A failure that repeats is the device's: after the retry's restore fails too, the build
    gets a `failed` record, later starts are normal ones and make no snapshot."""
    page = open_context().new_page()
    open_app(page, site)
    wait_snapshot_kept(page)
    damage(page, "foreign")
    revisit(page, site)
    assert start_kind(page) == "fallback"
    wait_snapshot_kept(page)  # the retry
    damage(page, "foreign")
    revisit(page, site)
    assert start_kind(page) == "fallback"
    build_version = json.loads((site.server.directory / build.MANIFEST).read_text())["version"]
    failed = page.evaluate("async () => {" + DB_JS + """
        return run("readonly", (s) => s.get("snapshot"));
    }""")
    assert failed == {"build": build_version, "failed": True}
    page.wait_for_timeout(2500)  # a snapshot would be stored 1 s after ready
    assert page.evaluate("pyfudgeEngine.snapshot") is None
    revisit(page, site)
    assert start_kind(page) == "fresh"
    assert page.evaluate("pyfudgeEngine.request('roll', {level: 1, faces: [1, 1, 0, -1]})")["ok"]
    page.wait_for_timeout(2500)
    assert page.evaluate("pyfudgeEngine.snapshot") is None
    assert stored(page) == {"keys": ["snapshot"], "build": build_version, "size": None}


def test_a_new_build_does_not_use_the_old_builds_snapshot(open_context, site, dist, tmp_path):
    new, manifest = make_new_build(dist, tmp_path)
    page = open_context().new_page()
    open_app(page, site)
    wait_snapshot_kept(page)
    wait_offline_ready(page)
    revisit(page, site)
    assert start_kind(page) == "snapshot"
    old = page.evaluate("pyfudgeEngine.build")
    assert stored(page)["build"] == old

    with site.serving(new):
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        with page.expect_navigation():
            update_notice(page).get_by_role("button", name="Reload").click()
        wait_ready(page)
        assert page.evaluate("pyfudgeEngine.build") == manifest["version"]
        assert start_kind(page) == "fresh"  # the old build's snapshot was deleted unread
        assert engine_version(page) == NEW_VERSION
        wait_snapshot_kept(page)
        assert stored(page)["build"] == manifest["version"]

        revisit(page, site)
        assert start_kind(page) == "snapshot"
        assert page.evaluate("pyfudgeEngine.build") == manifest["version"]
        assert engine_version(page) == NEW_VERSION


def test_a_snapshot_the_storage_quota_cannot_hold_is_skipped(open_context, site):
    """Storage nearly full (quota 24 MB: the offline copy of the build fits, a 31 MB snapshot does
    not): the snapshot is not kept, the app works offline all the same, and every start is a
    normal one."""
    context = open_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site.origin, "quotaSize": 24 * 1024 * 1024})
    open_app(page, site)
    wait_offline_ready(page)
    wait_until(lambda: page.evaluate("pyfudgeEngine.snapshot") is not None)
    assert page.evaluate("pyfudgeEngine.snapshot.kept") is False
    assert stored(page)["build"] is None

    revisit(page, site)
    assert start_kind(page) == "fresh"
    assert page.evaluate("pyfudgeEngine.request('ladder')")["ok"]


def test_a_wasm_download_that_fails_late_fails_the_start_instead_of_hanging(open_context, site):
    """The wasm download fails after Pyodide began to compile it (where loadPyodide() only logs
    and never settles): the engine worker sees the failed fetch and the page says so."""
    import time

    context = open_context(service_workers="block")

    def late_abort(route):
        time.sleep(1.5)
        route.abort()

    context.route("**/pyodide.asm.wasm", late_abort)
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector("html[data-engine=failed]")
    expect(page.locator("#engine-status")).to_contain_text("could not be downloaded")

