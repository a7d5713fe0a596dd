"""The pyfudge benchmark: ``python build.py bench [--runs N] [--json]`` (or ``python bench.py``).

Headless Chromium (the e2e tests' launch settings) against a fresh build of the site served
by harness.py's ``SiteServer`` on 127.0.0.1; several runs of each page, interleaved so that
the machine's drift hits every page alike; medians with min/max, and ratios taken within
this one run. What each figure means, the targets and a run's numbers: docs/performance.md.

The pure parts (statistics, the reference data, compressed sizes, the JSON and the table) are
bench_report.py's, unit-tested in tests/test_bench.py; the browser parts need Playwright and a Chromium and
are not part of ``build.py test``.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import build
import harness
from bench_report import (
    APPLY_COUNT,
    APPLY_ID,
    APPLY_WARMUP,
    LIVE_RESOLVES,
    ODDS_REPEATS,
    PAINT_RESOLVES,
    READY_TIMEOUT_MS,
    SAVED_ID,
    THROTTLE,
    WASM,
    Samples,
    _round,
    apply_encounter,
    first_name,
    forecast_headline,
    load_reference,
    results,
    saved_view,
    table,
    transfer,
)

# ---------------------------------------------------------------- the browser (not unit-tested)


class Counter:
    """Collects the request paths that reach the server while a block runs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.paths: list[str] = []

    def __call__(self, path: str) -> None:
        with self._lock:
            self.paths.append(path.split("?")[0])

    def take(self) -> list[str]:
        with self._lock:
            out, self.paths = self.paths, []
        return out


# Injected into every page before its own scripts: marks "encounter-painted" in the frame after
# the saved encounter's first combatant's name first appears in the document (a mutation
# observer, then two animation frames: the second starts once that frame was painted).
PAINT_WATCH_JS = """(() => {
  globalThis.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) globalThis.__layoutShift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  const name = __NAME__;
  const observer = new MutationObserver(() => {
    if (!document.body || !document.body.textContent.includes(name)) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => performance.mark("encounter-painted")));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();"""

# In the app page: click "Next round" and time until the round number shown changes (the
# mutation that commits it), then "Undo" and wait for the old number (untimed).
UI_APPLY_JS = """async ([count, warmup, timeoutMs]) => {
  const root = document.documentElement;
  const button = (label) => [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === label);
  const round = () => document.querySelector('[data-testid="round"]');
  const until = (ok) => new Promise((resolve, reject) => {
    if (ok()) return resolve(performance.now());
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("the app did not update")); }, timeoutMs);
    const observer = new MutationObserver(() => {
      if (!ok()) return;
      observer.disconnect(); clearTimeout(timer); resolve(performance.now());
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const idle = () => root.dataset.view === "live" && root.dataset.busy !== "true";
  try { await until(() => idle() && round() && button("Next round") && button("Undo")); }
  catch { return { missing: "no live encounter view with a round number, Next round and Undo" }; }
  const times = [];
  for (let i = 0; i < warmup + count; i++) {
    const before = round().textContent;
    const t0 = performance.now();
    button("Next round").click();
    const t1 = await until(() => round() && round().textContent !== before);
    times.push(t1 - t0);
    await until(() => idle() && button("Undo") && !button("Undo").disabled);
    button("Undo").click();
    await until(() => round() && round().textContent === before && idle());
  }
  return { apply_ms: times.slice(warmup) };
}"""

# Table mode: one exchange as a GM runs it on the phone (Roll all, then Resolve), so that the
# screen measured is mid-round, its result showing.
TABLE_SCREEN_JS = """async () => {
  const button = (label) => [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === label);
  const until = (ok, ms = 30000) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const tick = () => (ok() ? resolve()
      : performance.now() - t0 > ms ? reject(new Error("timeout")) : setTimeout(tick, 20));
    tick();
  });
  if (!button("Roll all") || !button("Resolve")) return { missing: "no Roll all and Resolve buttons" };
  button("Roll all").click();
  try { await until(() => document.querySelectorAll(".total-picker input:checked").length >= 2); }
  catch { return { missing: "Roll all did not fill the dice" }; }
  button("Resolve").click();
  return {};
}"""

# A tap on the phone (Bench.taps), in the page: the time of the last click on Resolve (its
# event's own timestamp, on the page's clock), and the longest Event Timing duration seen since
# `inp` was last reset (entries under 16 ms are not reported: 0 means at most 16).
TAP_WATCH_JS = """() => {
  const w = globalThis.__taps = { resolveAt: null, inp: 0, painted: null };
  addEventListener("click", (e) => {
    if (e.target.closest?.("button")?.textContent.trim() === "Resolve") w.resolveAt = e.timeStamp;
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.inp = Math.max(w.inp, entry.duration);
  }).observe({ type: "event", durationThreshold: 16 });
}"""

# Armed before a click on Resolve: `__taps.painted` resolves with the ms from that click to the
# frame after the result strip shows a new event (its data-events changed: two animation
# frames, the second starts once the first was painted).
ARM_PAINT_JS = """() => {
  const w = globalThis.__taps;
  const strip = () => document.querySelector("[data-testid=result-strip]");
  const before = strip()?.dataset.events;
  w.painted = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (strip()?.dataset.events === before) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - w.resolveAt)));
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
}"""

# The first heavy request (Bench.first_heavy): from the list screen, the saved encounter `id` opened
# by its address (the engine replays its log), timed until its view is the engine's and nothing is
# in flight.
OPEN_TIMED_JS = """async (id) => {
  const root = document.documentElement;
  const began = performance.now();
  location.hash = `#/e/${id}`;
  await new Promise((resolve) => {
    const idle = () => root.dataset.view === "live" && root.dataset.busy === "false";
    const check = () => (idle() ? resolve() : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
  return performance.now() - began;
}"""
# A GM looks at the screen this long after the engine is ready before the first heavy tap.
IDLE_BEFORE_TAP_MS = 1500

# The round form's dice are in (Roll all done): at least two totals picked, Roll all not busy.
DICE_IN_JS = """() => document.querySelectorAll(".total-picker input:checked").length >= 2
  && !document.querySelector("button.roll-all[aria-busy]")"""

# The size of the engine's snapshot in its IndexedDB database (js/engine/engine-snapshot.js names it after
# the app's path), or null; never creates the database.
SNAPSHOT_SIZE_JS = """async () => {
  const name = `pyfudge-engine ${new URL("./", location.href).pathname}`;
  if (!(await indexedDB.databases()).some((db) => db.name === name)) return null;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains("snapshot")) return null;
    const saved = await new Promise((resolve, reject) => {
      const get = db.transaction("snapshot").objectStore("snapshot").get("snapshot");
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    return saved?.size ?? null;
  } finally {
    db.close();
  }
}"""

# The live table, in the GM's app on the encounter screen: tap "Live table" and time until the first
# join QR code is decoded and a frame has drawn it.
LIVE_QR_JS = """async (timeoutMs) => {
  const link = document.querySelector('[data-testid="live-link"]');
  if (!link) return { missing: "no Live table link on the encounter screen" };
  const t0 = performance.now();
  link.click();
  const img = await new Promise((resolve, reject) => {
    const found = () => document.querySelector('img[data-testid="live-qr"]');
    if (found()) return resolve(found());
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no QR code shown")); }, timeoutMs);
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect(); clearTimeout(timer); resolve(found());
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  await img.decode();
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return { qr_ms: performance.now() - t0, offer: document.querySelector('[data-testid="live-offer"]').textContent };
}"""

# The players' page (play.html, joined from the GM's join link) as the bench sees it draw: each
# time it marks a view drawn (<html data-view-n>), the frame after, on the machine's clock
# (performance.timeOrigin + now()).
PLAY_DRAWN_JS = """(() => {
  window.drawn = [];
  new MutationObserver(() => {
    const n = Number(document.documentElement.dataset.viewN);
    if (n) requestAnimationFrame(() => drawn.push({ n, at: performance.timeOrigin + performance.now() }));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-view-n"] });
})();"""

# The GM's round: Roll all, then Resolve; returns when Resolve was clicked, on the machine's clock.
LIVE_RESOLVE_JS = """async () => {
  const button = (label) => [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === label);
  if (!button("Roll all") || !button("Resolve")) return { missing: "no Roll all and Resolve buttons" };
  button("Roll all").click();
  const t0 = performance.now();
  while (document.querySelectorAll(".total-picker input:checked").length < 2) {
    if (performance.now() - t0 > 30000) return { missing: "Roll all did not fill the dice" };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const at = performance.timeOrigin + performance.now();
  button("Resolve").click();
  return { at };
}"""

MARKS_JS = """() => {
  const mark = (name) => performance.getEntriesByName(name).map((e) => e.startTime).pop() ?? null;
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {ready: mark("engine-ready"), start: mark("engine-start"), loaded: mark("pyodide-loaded"),
          encounter: mark("encounter-painted"), fcp: paint ? paint.startTime : null};
}"""


class Bench:
    def __init__(self, dist: Path, runs: int, log: Callable[[str], None]):
        self.dist, self.runs, self.log = dist, runs, log
        self.counter = Counter()
        self.server = harness.SiteServer(dist, 0, on_request=self.counter)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.samples = Samples(runs=runs)
        self.reference = load_reference()
        self.off_origin: list[str] = []
        try:
            import brotli
            self.brotli = brotli
        except ImportError:
            self.brotli = None
            self.samples.notes.append("brotli: n/a (pip install -e '.[bench]' adds the brotli module)")
        self.size_cache: dict[str, dict] = {}
        self.saved_view = saved_view(self.reference["encounter"])
        self.apply_enc = apply_encounter(self.reference)
        self.apply_view = saved_view(self.apply_enc)
        self.watch_name = first_name(self.reference["encounter"])
        self.players_fragment = players_fragment(self.reference["encounter"])
        self.only: set[str] | None = None  # the steps to run (None: all)

    # -- helpers -------------------------------------------------------------------------------

    def context(self, browser, **options):
        context = browser.new_context(service_workers="allow", **options)
        context.add_init_script(PAINT_WATCH_JS.replace("__NAME__", json.dumps(self.watch_name)))
        context.set_default_timeout(READY_TIMEOUT_MS)
        origin = self.url.rstrip("/")

        def check(request) -> None:
            parts = urlsplit(request.url)
            if parts.scheme not in ("data", "blob") and f"{parts.scheme}://{parts.netloc}" != origin:
                self.off_origin.append(request.url)
        context.on("request", check)
        return context

    def phone_context(self, browser):
        """A 390×844 phone's browser context, as the table-mode steps measure it."""
        context = browser.new_context(service_workers="allow", viewport={"width": 390, "height": 844})
        context.set_default_timeout(READY_TIMEOUT_MS)
        return context

    def wait_ready(self, page, what: str) -> dict[str, float | None]:
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)")
        state = page.evaluate("() => document.documentElement.dataset.engine")
        if state != "ready":
            status = page.evaluate("() => document.body.innerText.slice(0, 400)")
            raise RuntimeError(f"{what}: the engine failed to start: {status}")
        return page.evaluate(MARKS_JS)

    def record(self, name: str, marks: dict[str, float | None]) -> None:
        paint = marks["encounter"] if marks["encounter"] is not None else marks["fcp"]
        self.samples.add(name, "paint_ms", paint)
        self.samples.add(name, "ready_ms", marks["ready"])
        if marks["start"] is not None:
            self.samples.add(name, "start_ms", marks["start"])
        if marks.get("loaded") is not None and marks["ready"] is not None:
            # main-app.html only: import pyfudge.api and the first two requests
            self.samples.add(name, "import_ms", marks["ready"] - marks["loaded"])

    def seed_saved_encounter(self, page, eid: str = SAVED_ID, encounter: dict | None = None,
                             view: tuple[int, dict] | None = None) -> bool:
        """Save the reference encounter the way the app does (its own encounter store,
        js/data/encounter-store.js, or store.js in builds before it was split: the stored
        encounter, its last view and an index entry), so that the next visit can paint it
        before Python is up. False when this build has no such store (then the warm first
        paint is the first contentful paint, and the output says so)."""
        module = next((name for name in ("encounter-store.js", "store.js")
                       if (self.dist / "js" / "data" / name).exists()), None)
        if module is None:
            return False
        return bool(page.evaluate(
            """async ([module, id, encounter, rev, view]) => {
                 const store = await import(`./js/data/${module}`);
                 const needed = ["saveEncounter", "saveView", "touch"];
                 if (!needed.every((name) => typeof store[name] === "function")) return false;
                 return store.saveEncounter(id, encounter) && store.saveView(id, rev, view)
                   && store.touch(id, encounter.name) !== false;
               }""", [module, eid, encounter or self.reference["encounter"], *(view or self.saved_view)]))

    def ui_apply(self, page) -> None:
        """The app's own path, JS → worker → render: the 500-event encounter saved and opened in
        the app, then "Next round" clicked and timed until the round shown changes (Preact has
        committed the new view), each followed by an untimed "Undo". Skipped, with a note, when
        this build's screen lacks those controls."""
        if not self.seed_saved_encounter(page, APPLY_ID, self.apply_enc, self.apply_view):
            return
        page.goto("about:blank")
        page.goto(self.url + f"index.html#/e/{APPLY_ID}")
        self.wait_ready(page, "app with the 500-event encounter")
        got = page.evaluate(UI_APPLY_JS, [APPLY_COUNT, APPLY_WARMUP, 30_000])
        if got.get("missing"):
            if not self.samples.ui_missing:
                self.samples.notes.append(f"app render path not timed: {got['missing']}")
            self.samples.ui_missing = True
            return
        self.samples.ui_apply_ms.extend(got["apply_ms"])

    def table_screen(self, browser) -> None:
        """The reference encounter on a 390×844 phone, mid-round (one exchange rolled by the
        app and resolved: Roll all, Resolve): the encounter screen's document height, and the
        Tab presses from the top of the page until Resolve has the focus. Skipped, with a note,
        for a build without table mode's controls."""
        context = self.phone_context(browser)
        try:
            page = context.new_page()
            page.goto(self.url + "index.html")
            self.wait_ready(page, "app, table screen")
            if not self.seed_saved_encounter(page):
                return
            page.goto("about:blank")
            page.goto(self.url + f"index.html#/e/{SAVED_ID}")
            self.wait_ready(page, "app, table screen")
            page.wait_for_selector("html[data-view=live][data-busy=false]")
            got = page.evaluate(TABLE_SCREEN_JS)
            if got.get("missing"):
                self.samples.notes.append(f"table screen not measured: {got['missing']}")
                return
            page.wait_for_selector("html[data-view=live][data-busy=false]")
            page.wait_for_function("() => document.querySelector('[data-testid=result-strip] li') !== null")
            # Reloaded, as a GM comes back to it: Tab starts from the top, the result still shows.
            page.reload()
            page.wait_for_selector("html[data-view=live][data-busy=false]")
            page.wait_for_function("() => document.querySelector('[data-testid=result-strip] li') !== null")
            self.samples.round_screen_px.append(page.evaluate("document.documentElement.scrollHeight"))
            for tabs in range(1, 61):
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.textContent.trim() === 'Resolve'"):
                    self.samples.tabs_to_resolve.append(tabs)
                    break
            else:
                self.samples.notes.append("Resolve not reached in 60 Tab presses")
        finally:
            context.close()

    def taps(self, browser) -> None:
        """A tap on the phone: the reference encounter saved and opened at 390×844, then
        PAINT_RESOLVES exchanges run as a GM runs them (Roll all, Resolve, then Undo; trusted
        clicks) with the page's main thread at full speed, then THROTTLE× slower (CDP; the
        engine's worker is not slowed): each Resolve timed from its click to the frame after
        its result was painted (`resolve_paint_ms`, `resolve_paint_4x_ms`), and at THROTTLE×
        the longest Event Timing duration of each exchange's three taps (`tap_inp_4x_ms`).
        Skipped, with a note, for a build whose result strip does not say its event count."""
        context = self.phone_context(browser)
        try:
            page = context.new_page()
            self.open_saved(page, "app, taps")
            if not page.evaluate("() => !!document.querySelector('[data-testid=result-strip][data-events]')"):
                self.samples.notes.append("taps not measured: this build's result strip has no data-events")
                return
            page.evaluate(TAP_WATCH_JS)
            cdp = context.new_cdp_session(page)
            idle = "html[data-view=live][data-busy=false]"
            for rate, painted in ((1, self.samples.resolve_paint_ms), (THROTTLE, self.samples.resolve_paint_4x_ms)):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                for _ in range(PAINT_RESOLVES):
                    page.evaluate("globalThis.__taps.inp = 0")
                    page.get_by_role("button", name="Roll all", exact=True).click()
                    page.wait_for_function(DICE_IN_JS)
                    page.evaluate(ARM_PAINT_JS)
                    page.get_by_role("button", name="Resolve", exact=True).click()
                    painted.append(page.evaluate("globalThis.__taps.painted"))
                    page.wait_for_selector(idle)
                    page.locator("[data-testid=result-strip] .undo-btn").click()
                    page.wait_for_selector(idle)
                    page.wait_for_timeout(100)  # the Undo's Event Timing entry comes after its paint
                    if rate == THROTTLE:
                        self.samples.tap_inp_4x_ms.append(page.evaluate("globalThis.__taps.inp"))
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        finally:
            context.close()

    def first_heavy(self, browser) -> None:
        """The first heavy request after a start: a cold visit (no snapshot yet), then the next
        visit, a warm start restoring the snapshot the cold one stored. Each waits IDLE_BEFORE_TAP_MS
        after the engine is ready (a GM looking at the list), then opens the saved 500-event
        encounter by its address, timed until the engine's view of it is drawn and idle
        (`cold_first_heavy_ms`, `warm_first_heavy_ms`; target: warm ≤ cold)."""
        context = self.context(browser)
        try:
            page = context.new_page()
            page.goto(self.url + "index.html")
            self.wait_ready(page, "app, first heavy request (cold)")
            # The first visit's own work done: the build cached and the snapshot stored.
            page.wait_for_function(
                "() => ['ready', 'failed', 'unavailable'].includes(document.documentElement.dataset.offline)")
            if self.wait_snapshot(page) is None:
                self.samples.notes.append("first heavy request: no snapshot was stored, so no warm start")
                return
            if not self.seed_saved_encounter(page, APPLY_ID, self.apply_enc, self.apply_view):
                return
            for label, out in (("cold", self.samples.first_heavy_cold_ms), ("warm", self.samples.first_heavy_warm_ms)):
                if label == "warm":
                    page.goto("about:blank")
                    page.goto(self.url + "index.html")
                    self.wait_ready(page, "app, first heavy request (warm)")
                page.wait_for_timeout(IDLE_BEFORE_TAP_MS)
                out.append(page.evaluate(OPEN_TIMED_JS, APPLY_ID))
        finally:
            context.close()

    def fighter_form(self, browser) -> None:
        """A new encounter on a 390×844 phone, which opens on adding a combatant: the height of
        the open "Add a combatant" section (the party, the bestiary and the sheet) once the sheet
        is drawn."""
        context = self.phone_context(browser)
        try:
            page = context.new_page()
            page.goto(self.url + "index.html#/")
            self.wait_ready(page, "app, fighter form")
            page.get_by_label("Name", exact=True).fill("Bench form")
            page.get_by_role("button", name="Create encounter").click()
            page.wait_for_selector("html[data-view=live][data-busy=false]")
            page.wait_for_selector("#add-fighter[open] form button[type=submit]")
            self.samples.fighter_form_px.append(
                page.evaluate("document.querySelector('#add-fighter').getBoundingClientRect().height"))
        finally:
            context.close()

    def fight_taps(self, browser) -> None:
        """The scripted four-round fight (e2e/fight_script.py, the e2e test's own script) at
        390×844, its rolls seeded: every tap counted, setup aside (`fight_taps`), and each step's
        share (`fight.steps`). The script checks each step on the screen and raises when the app
        does not do what it expects."""
        from e2e.fight_script import SEEDED_ROLLS_JS, Fight, Taps, open_fight  # Playwright's, as run()

        context = self.phone_context(browser)
        context.add_init_script(SEEDED_ROLLS_JS)
        try:
            page = context.new_page()
            page.goto(self.url + "index.html")
            self.wait_ready(page, "app, the four-round fight")
            open_fight(page, self.url)
            taps = Taps()
            Fight(page, taps).run()
            self.samples.fight_taps.append(taps.count)
            self.samples.fight_steps = taps.steps
        finally:
            context.close()

    def open_saved(self, page, what: str) -> None:
        """The reference encounter saved through the app's store and opened, its view live."""
        page.goto(self.url + "index.html")
        self.wait_ready(page, what)
        if not self.seed_saved_encounter(page):
            raise RuntimeError(f"{what}: this build has no store to save the reference encounter")
        page.goto("about:blank")
        page.goto(self.url + f"index.html#/e/{SAVED_ID}")
        self.wait_ready(page, what)
        page.wait_for_selector("html[data-view=live][data-busy=false]")

    def live_table(self, p, chromium: str) -> None:
        """The live table: `qr_ms`, a fresh GM page per run tapping "Live table" until its first
        join QR code is shown; then `live_update_ms`, a player's page (play.html) joined to the last one
        (by its codes, as the e2e tests do; not seated, so each change is one view) and LIVE_RESOLVES
        exchanges resolved in the GM's app,
        each timed from Resolve to the frame after the player's page drew the new view (one
        machine, one clock), each followed by an untimed Undo. A Chromium with a fake camera,
        its permission granted, as a GM who allowed it once; skipped, with a note, for a build
        without the live table."""
        if not (self.dist / "js" / "data" / "live-table.js").exists():
            self.samples.notes.append("live table not measured: this build has none")
            return
        own = {"executable_path": chromium} if chromium else {}
        browser = p.chromium.launch(args=[*harness.CHROMIUM_ARGS, "--use-fake-device-for-media-stream"], **own)
        try:
            gm = offer = None
            for run in range(self.runs):
                self.log(f"live table: first QR code {run + 1}/{self.runs}")
                context = self.context(browser, viewport={"width": 390, "height": 844}, permissions=["camera"])
                gm = context.new_page()
                self.open_saved(gm, "app, live table")
                got = gm.evaluate(LIVE_QR_JS, 30_000)
                if got.get("missing"):
                    self.samples.notes.append(f"live table not measured: {got['missing']}")
                    return
                self.samples.qr_ms.append(got["qr_ms"])
                offer = got["offer"]
                if run < self.runs - 1:
                    context.close()
            self.log(f"live table: {LIVE_RESOLVES} resolves reaching a player")
            self.live_updates(browser, gm, offer)
        finally:
            browser.close()

    def live_updates(self, browser, gm, offer: str) -> None:
        """A player's phone (play.html, as players open the GM's join link) joined by its codes.
        Skipped, with a note, for a build whose live table came before play.html."""
        if not (self.dist / "play.html").exists():
            self.samples.notes.append("live updates not measured: this build has no play.html")
            return
        context = self.context(browser, viewport={"width": 390, "height": 844})
        context.add_init_script(PLAY_DRAWN_JS)
        player = context.new_page()
        player.goto(offer)
        answer = player.get_by_test_id("live-answer")
        answer.wait_for()
        gm.get_by_test_id("live-answer-input").fill(answer.text_content())
        gm.get_by_role("button", name="Connect", exact=True).click()

        def drawn(after: int) -> dict:
            """The player's first view numbered above after, once drawn (polled: the page's CSP
            refuses the eval of Playwright's string predicates)."""
            deadline = time.monotonic() + 30
            while not (found := player.evaluate("(n) => window.drawn.find((d) => d.n > n)", after)):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the player was sent no view after {after}")
                time.sleep(0.005)
            return found

        last = drawn(0)["n"]
        gm.get_by_role("link", name="← Back to the round").click()
        gm.wait_for_selector("html[data-view=live][data-busy=false]")
        for _ in range(LIVE_RESOLVES):
            got = gm.evaluate(LIVE_RESOLVE_JS)
            if got.get("missing"):
                self.samples.notes.append(f"live updates not measured: {got['missing']}")
                return
            shown = drawn(last)
            self.samples.live_update_ms.append(shown["at"] - got["at"])
            last = shown["n"]
            gm.wait_for_selector("html[data-view=live][data-busy=false]")
            gm.locator("button", has_text=re.compile("^Undo")).first.click()
            gm.wait_for_selector("html[data-view=live][data-busy=false]")
            last = drawn(last)["n"]

    def later_cached(self, page, seconds: float = 120) -> list[str]:
        """After a first visit's cache fill: wait until the service worker has cached the build's
        "later" files too (fetched after the rest), and return them."""
        manifest = json.loads((self.dist / build.MANIFEST).read_text())
        later = manifest.get("later", [])
        deadline = time.monotonic() + seconds
        while not page.evaluate("""async ([name, paths]) => {
            const cache = await caches.open(name);
            for (const path of paths) if (!(await cache.match(new URL(path, location.href).href))) return false;
            return true;
        }""", [f"pyfudge-{manifest['version']}", later]):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the service worker did not cache {later} within {seconds} s")
            time.sleep(0.5)
        return later

    def wait_snapshot(self, page, seconds: float = 60) -> int | None:
        """The size of the engine's memory snapshot stored by the cold visit (js/engine/engine-snapshot.js),
        waited for so that the warm visit can restore it, as a user's next visit would; None
        when this build stores none (or not within seconds)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            size = page.evaluate(SNAPSHOT_SIZE_JS)
            if size is not None:
                return size
            time.sleep(0.25)
        return None

    # -- the pages -----------------------------------------------------------------------------

    def app(self, browser, run: int) -> None:
        context = self.context(browser)
        try:
            page = context.new_page()
            self.counter.take()
            page.goto(self.url + "index.html")
            self.record("app_cold", self.wait_ready(page, "app, cold"))
            # The first visit ends when the service worker has cached the whole build.
            page.wait_for_function(
                "() => ['ready', 'failed', 'unavailable'].includes(document.documentElement.dataset.offline)")
            offline = page.evaluate("() => document.documentElement.dataset.offline")
            self.samples.cls.setdefault("list", []).append(page.evaluate("globalThis.__layoutShift"))
            later = self.later_cached(page)
            paths = self.counter.take()
            later_paths = [p for p in paths if p.lstrip("/") in later]
            paths = [p for p in paths if p.lstrip("/") not in later]
            self.samples.wasm_fetches_first_visit.append(paths.count(WASM))
            if run == 0:
                self.samples.first_visit["app"] = transfer(self.dist, paths, self.brotli, self.size_cache)
                self.samples.first_visit["app_later"] = transfer(self.dist, later_paths, self.brotli, self.size_cache)
                if offline != "ready":
                    self.samples.notes.append(f"the app's offline cache ended '{offline}' on the first visit")
            # A build older than the snapshot (--dist) stores none: no wait.
            has_snapshot = (self.dist / "js" / "engine" / "engine-snapshot.js").exists()
            self.samples.snapshot_bytes.append(self.wait_snapshot(page) if has_snapshot else None)
            if self.seed_saved_encounter(page):
                # A new document on the encounter's address, from the service worker's cache.
                page.goto("about:blank")
                page.goto(self.url + f"index.html#/e/{SAVED_ID}")
            else:
                page.reload()
            marks = self.wait_ready(page, "app, warm")
            self.record("app_warm", marks)
            page.wait_for_timeout(500)  # a shift right after ready counts too
            self.samples.cls.setdefault("encounter", []).append(page.evaluate("globalThis.__layoutShift"))
            self.samples.saved_painted.append(marks["encounter"] is not None)
            self.ui_apply(page)
            self.counter.take()
        finally:
            context.close()

    def player(self, browser, run: int) -> None:
        """A player's phone opening the reference encounter's snapshot players' link
        (play.html#v=…, made by the engine as the share screen asks it): ms from navigation to the
        names shown (the first combatant's name painted, PAINT_WATCH_JS), and the bytes of that
        first visit, its service worker installed (it caches the page's few files). Skipped, with
        a note, for a build without play.html (an older build in a before/after run)."""
        if not (self.dist / "play.html").exists():
            note = "players' page not measured: this build has no play.html"
            if note not in self.samples.notes:
                self.samples.notes.append(note)
            return
        context = self.context(browser)
        try:
            page = context.new_page()
            self.counter.take()
            page.goto(self.url + f"play.html#v={self.players_fragment}")
            page.wait_for_selector("html[data-player=ready]")
            names = page.evaluate(MARKS_JS)["encounter"]
            self.samples.add("player_cold", "paint_ms", names)
            deadline = time.monotonic() + 30
            while not page.evaluate(
                    "navigator.serviceWorker.getRegistration('./play.html').then((r) => !!r?.active)"):
                if time.monotonic() > deadline:
                    raise RuntimeError("the players' page's service worker did not activate within 30 s")
                time.sleep(0.1)
            if run == 0:
                self.samples.first_visit["player"] = transfer(self.dist, self.counter.take(), self.brotli,
                                                              self.size_cache)
            self.counter.take()
        finally:
            context.close()

    def bare(self, browser, run: int) -> None:
        context = self.context(browser)
        try:
            page = context.new_page()
            self.counter.take()
            page.goto(self.url + "bare.html")
            self.record("bare_cold", self.wait_ready(page, "bare, cold"))
            paths = self.counter.take()
            if run == 0:
                self.samples.first_visit["bare"] = transfer(self.dist, paths, self.brotli, self.size_cache)
            page.reload()
            self.record("bare_warm", self.wait_ready(page, "bare, warm"))
            self.counter.take()
        finally:
            context.close()

    def main_thread(self, browser, kind: str) -> None:
        """main-app.html or main-bare.html under CPU throttling, cold then warm (HTTP cache)."""
        context = self.context(browser)
        try:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
            page.goto(self.url + f"bench/main-{kind}.html")
            self.record(f"main_{kind}_cold", self.wait_ready(page, f"main-thread {kind}, cold"))
            if kind == "app":  # the next visit restores the snapshot the first one made, as the app does
                page.wait_for_selector("html[data-snapshot]", timeout=180_000)
            page.reload()
            self.record(f"main_{kind}_warm", self.wait_ready(page, f"main-thread {kind}, warm"))
            self.counter.take()
        finally:
            context.close()

    def engine(self, browser, run: int) -> None:
        """The engine client page: apply timings on the 500-event log, odds, the share link."""
        context = self.context(browser)
        try:
            page = context.new_page()
            page.goto(self.url + "bench/engine.html")
            self.record("engine_page", self.wait_ready(page, "bench engine page"))
            ref = self.reference
            # The 1-vs-3 sampled odds twice: all their draws (sample: true, ±2 points), then, in the
            # same engine, the first step the round form is answered with (no sample asked, ±5):
            # the draws kept from the first are more than the step's, so it draws afresh.
            first_step = {k: v for k, v in ref["group_odds_1v3_sampled"].items() if k != "sample"}
            for key, action, args in (("odds_1v1", "odds", ref["odds_1v1"]),
                                      ("group_odds_1v6", "group_odds", ref["group_odds_1v6"]),
                                      ("group_odds_1v3_sampled", "group_odds", ref["group_odds_1v3_sampled"]),
                                      ("group_odds_1v3_first", "group_odds", first_step)):
                got = page.evaluate(
                    "([action, args, n]) => window.pyfudgeBench.repeat(action, args, n).then("
                    "(r) => ({first_ms: r.first_ms, repeat_ms: r.repeat_ms}))",
                    [action, args, ODDS_REPEATS])
                slot = self.samples.odds.setdefault(key, {"first": [], "repeat": []})
                slot["first"].append(got["first_ms"])
                slot["repeat"].extend(got["repeat_ms"])
            link = page.evaluate(
                "(encounter) => window.pyfudgeBench.repeat('encounter.link', {encounter}, 1)"
                ".then((r) => r.result.fragment)", ref["encounter"])
            self.samples.share_link_chars = len(link)
            self.samples.forecast_3v3.append(forecast_in_page(page))
            got = page.evaluate(
                "([enc, event, n, w]) => window.pyfudgeBench.applyBench(enc, event, n, w)",
                [apply_encounter(ref), ref["apply_event"], APPLY_COUNT, APPLY_WARMUP])
            self.samples.apply_ms.extend(got["apply_ms"])
            self.samples.apply_lines_ms.extend(got.get("apply_lines_ms", []))
            for key in ("parse_ms", "parse_lines_ms"):
                if got.get(key) is not None:
                    self.samples.apply_parse.setdefault(key, []).append(got[key])
            self.samples.view_lines_chars = got.get("view_lines_chars")
            self.samples.apply_first_ms.append(got["warmup_ms"][0])
            self.samples.open_ms.append(got["open_ms"])
            self.samples.view_chars = got["view_chars"]
            self.samples.log_events = got["log_events"]
            self.counter.take()
        finally:
            context.close()

    # -- the run -------------------------------------------------------------------------------

    def run(self, chromium: str) -> dict[str, Any]:
        from playwright.sync_api import sync_playwright

        thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        thread.start()
        try:
            with sync_playwright() as p:
                launch = {"args": harness.CHROMIUM_ARGS}
                if chromium:
                    launch["executable_path"] = chromium
                browser = p.chromium.launch(**launch)
                meta = {"chromium": f"Chromium {browser.version}", **machine()}
                for run in range(self.runs):
                    # Interleaved, and the order turns each run, so drift hits every page alike.
                    # Each step runs before the loop moves on; run is bound as a default all the same.
                    steps = [("app", lambda run=run: self.app(browser, run)),
                             ("bare", lambda run=run: self.bare(browser, run)),
                             ("main-thread app", lambda: self.main_thread(browser, "app")),
                             ("main-thread bare", lambda: self.main_thread(browser, "bare")),
                             ("engine", lambda run=run: self.engine(browser, run)),
                             ("player", lambda run=run: self.player(browser, run)),
                             ("heavy", lambda: self.first_heavy(browser))]
                    steps = [step for step in steps if self.only is None or step[0] in self.only]
                    steps = steps[run % len(steps):] + steps[:run % len(steps)] if steps else []
                    for name, step in steps:
                        self.log(f"run {run + 1}/{self.runs}: {name}")
                        step()
                if self.only is None:
                    self.log("table screen (390×844)")
                    self.table_screen(browser)
                    self.log("fighter form (390×844)")
                    self.fighter_form(browser)
                if self.only is None or "taps" in self.only:
                    self.log("taps on the phone (390×844, 1× and 4×)")
                    self.taps(browser)
                    self.log("the scripted four-round fight (390×844)")
                    self.fight_taps(browser)
                browser.close()
                if self.only is None or "live" in self.only:
                    self.live_table(p, chromium)
        finally:
            self.server.shutdown()
            self.server.server_close()
        if self.off_origin:
            raise RuntimeError(f"requests left the origin: {sorted(set(self.off_origin))[:5]}")
        meta["load_after"] = machine()["load_before"]
        meta["dist"] = str(self.dist)
        manifest = json.loads((self.dist / build.MANIFEST).read_text())
        meta["build"] = manifest["version"]
        meta["pyodide"] = manifest.get("pyodide")
        meta["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        return results(self.samples, meta)


# ---------------------------------------------------------------- the players' page


def players_fragment(encounter: dict[str, Any]) -> str:
    """The snapshot players' link's fragment of an encounter, as the engine makes it for the share
    screen (encounter.players_link: the players' view itself), made here in CPython."""
    from pyfudge import api

    reply = json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": "encounter.players_link",
                                              "args": {"encounter": encounter}})))
    if not reply["ok"]:
        raise ValueError(f"the reference encounter has no players' link: {reply['error']['message']}")
    return reply["result"]["fragment"]


# ---------------------------------------------------------------- the forecast of three against three


def _forecast_fighter(name: str, skill: str, level: str, weapon: dict, armor: dict | None = None,
                      **more: Any) -> dict[str, Any]:
    return {"name": name, "skills": {skill: level}, "weapon": weapon, **({"armor": armor} if armor else {}), **more}


def forecast_3v3_encounter() -> dict[str, Any]:
    """The forecast's reference: three PCs with ordinary gear (sword, axe, spear; leather or
    chain) against three goblin-like NPC pawns (Fair or Mediocre, short weapons, no armour or
    leather), Fudge 1995 as it comes, before the first round."""
    sword, axe, spear = ({"name": n, "size": 2, "sharp": 1} for n in ("Sword", "Axe", "Spear"))
    players = [_forecast_fighter("Aldric", "Sword", "Good", sword, {"name": "Chain mail", "value": 2}, strength=1),
               _forecast_fighter("Brenna", "Axe", "Fair", axe, {"name": "Leather", "value": 1}, strength=1),
               _forecast_fighter("Cedric", "Spear", "Fair", spear, {"name": "Leather", "value": 1})]
    goblins = [_forecast_fighter("Goblin chief", "Scimitar", "Fair", {"name": "Scimitar", "size": 1, "sharp": 1},
                                 {"name": "Leather", "value": 1}, role="npc"),
               _forecast_fighter("Goblin spearman", "Spear", "Fair", {"name": "Short spear", "size": 1, "sharp": 1},
                                 role="npc"),
               _forecast_fighter("Goblin with a club", "Club", "Mediocre", {"name": "Club", "size": 1}, role="npc")]
    log = ([{"t": "add", "side": "players", "fighter": f} for f in players]
           + [{"t": "add", "side": "foes", "fighter": f} for f in goblins])
    return {"name": "Three against three goblins", "ruleset": {"preset": "fudge1995"}, "log": log}


FORECAST_JS = """(encounter) => window.pyfudgeBench.timed('forecast', {encounter}).then(({ms, response}) => {
  const r = response.result;
  return {ms, halfwidth: r.halfwidth, samples: r.samples, stop: r.stop, runs: r.runs,
          players: r.sides.players.p, method: r.method};
})"""


def forecast_in_page(page) -> dict[str, Any]:
    """One forecast of the reference in the bench engine page (JS → worker → Python → JS, as
    the app asks it), default settings: its time, half-width, fights and why it stopped."""
    return page.evaluate(FORECAST_JS, forecast_3v3_encounter())


def forecast_in_cpython(times: int = 3) -> list[dict[str, Any]]:
    """The same forecast through the JSON door in this CPython, ``times`` times in a row."""
    from pyfudge import api
    request = json.dumps({"v": 1, "id": 1, "action": "forecast", "args": {"encounter": forecast_3v3_encounter()}})
    out = []
    for _ in range(times):
        t0 = time.perf_counter()
        r = json.loads(api.handle(request))["result"]
        out.append({"ms": (time.perf_counter() - t0) * 1000, "halfwidth": r["halfwidth"], "samples": r["samples"],
                    "stop": r["stop"], "runs": r["runs"], "players": r["sides"]["players"]["p"],
                    "method": r["method"]})
    return out


def forecast_only(dist: Path, runs: int, chromium: str, log: Callable[[str], None]) -> dict[str, Any]:
    """Just the forecast measure (``build.py bench --forecast-only``): a fresh bench engine page
    per run, one forecast in each, then the same in CPython."""
    from playwright.sync_api import sync_playwright

    bench = Bench(dist, runs, log)
    thread = threading.Thread(target=bench.server.serve_forever, daemon=True)
    thread.start()
    answers = []
    try:
        with sync_playwright() as p:
            own = {"executable_path": chromium} if chromium else {}
            browser = p.chromium.launch(args=harness.CHROMIUM_ARGS, **own)
            for run in range(runs):
                log(f"forecast run {run + 1}/{runs}")
                context = bench.context(browser)
                try:
                    page = context.new_page()
                    page.goto(bench.url + "bench/engine.html")
                    bench.wait_ready(page, "bench engine page")
                    answers.append(forecast_in_page(page))
                finally:
                    context.close()
            browser.close()
    finally:
        bench.server.shutdown()
        bench.server.server_close()
    return _round({**forecast_headline(answers), "pyodide": answers, "cpython": forecast_in_cpython(), **machine()})


def machine() -> dict[str, Any]:
    import os
    try:
        load = round(os.getloadavg()[0], 2)
    except OSError:
        load = None
    return {"cpus": os.cpu_count(), "load_before": load, "platform": sys.platform}


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="build.py bench", description=(
        "Time the built app in headless Chromium against the bare Pyodide page "
        "(docs/performance.md)."))
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--dist", type=Path, default=None,
                        help="measure this built site instead of a fresh build in a temporary folder")
    parser.add_argument("--forecast-only", action="store_true",
                        help="only the 3-vs-3 forecast, in Pyodide and in CPython (JSON)")
    parser.add_argument("--player-only", action="store_true",
                        help="only the players' page (play.html: a snapshot link's names shown and bytes) "
                             "and bare Pyodide's cold start it is compared with")
    parser.add_argument("--live-only", action="store_true",
                        help="only the live table (qr_ms, live_update_ms)")
    parser.add_argument("--warm-only", action="store_true",
                        help="only the engine's start (app and bare pages, cold and warm) and the first heavy "
                             "request after it (cold_first_heavy_ms, warm_first_heavy_ms)")
    parser.add_argument("--taps-only", action="store_true",
                        help="only a tap on the phone (resolve_paint_ms, resolve_paint_4x_ms, tap_inp_4x_ms) "
                             "and the scripted four-round fight (fight_taps)")
    parser.add_argument("--engine-only", action="store_true",
                        help="only the bench engine page (apply, odds, share link, forecast)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("build.py bench: Playwright is missing: pip install -e '.[test,bench]'", file=sys.stderr)
        return 1

    def log(message: str) -> None:
        print(f"bench: {message}", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="pyfudge-bench-") as tmp:
        dist = args.dist
        try:
            chromium = harness.find_chromium()
            if dist is None:
                # A build of its own: dist/ may be in use by someone's e2e run.
                dist = Path(tmp) / "dist"
                with contextlib.redirect_stdout(sys.stderr):  # stdout is for the table or JSON only
                    build.build(dist)
        except (build.BuildError, harness.NoChromium) as err:
            print(f"build.py bench: error: {err}", file=sys.stderr)
            return 1
        if args.forecast_only:
            print(json.dumps(forecast_only(dist.resolve(), args.runs, chromium, log), indent=1))
            return 0
        before = machine()
        bench = Bench(dist.resolve(), args.runs, log)
        if args.player_only:
            bench.only = {"bare", "player"}
        if args.live_only:
            bench.only = {"live"}
        if args.taps_only:
            bench.only = {"taps"}
        if args.engine_only:
            bench.only = {"engine"}
        if args.warm_only:
            bench.only = {"app", "bare", "heavy"}
        r = bench.run(chromium)
        r["meta"]["load_before"] = before["load_before"]
    print(json.dumps(r, indent=1, ensure_ascii=False) if args.json else table(r))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
