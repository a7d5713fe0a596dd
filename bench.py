"""The pyfudge benchmark (issue 6): ``python build.py bench [--runs N] [--json]``.

Headless Chromium (the e2e tests' launch settings) against a fresh build of the site served
by build.py's own ``SiteServer`` on 127.0.0.1; several runs of each page, interleaved so that
the machine's drift hits every page alike; medians with min/max, and ratios taken within
this one run. What each figure means, the targets and a run's numbers: docs/performance.md.

The pure parts (statistics, the reference data, compressed sizes, the JSON and the table)
are unit-tested in tests/test_bench.py; the browser parts need Playwright and a Chromium and
are not part of ``build.py test``.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import math
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import build

ROOT = Path(__file__).resolve().parent
REFERENCE = ROOT / "bench" / "reference-encounter.json"
REFERENCE_TYPE = "pyfudge/bench-reference"
RESULT_TYPE = "pyfudge/bench"
RESULT_VERSION = 1

WASM = "/pyodide/pyodide.asm.wasm"
SAVED_ID = "bench-reference"  # the app's id of the seeded saved encounter (#/e/<id>)
APPLY_ID = "bench-apply"  # and of the 500-event one
READY_TIMEOUT_MS = 180_000  # a throttled main-thread start on a busy machine is slow
THROTTLE = 4  # CPU slow-down of the main-thread variant (CDP Emulation.setCPUThrottlingRate)
APPLY_COUNT = 40  # timed applies per run (after APPLY_WARMUP untimed ones)
APPLY_WARMUP = 2
ODDS_REPEATS = 5  # the first call per run is the headline (fresh caches); the rest are shown too

# The targets of issue 6 (benchmarks, not timed tests): key -> (limit, unit, what).
TARGETS: dict[str, tuple[float, str, str]] = {
    "ready_ratio_cold": (0.90, "×", "engine ready, app ÷ bare loadPyodide(), cold"),
    "ready_ratio_warm": (0.40, "×", "engine ready, app ÷ bare loadPyodide(), warm"),
    # the phone proxy: the same start on the main thread, CPU throttled 4×
    "ready_ratio_throttled_cold": (1.00, "×", "engine ready, main thread 4× CPU, cold"),
    "ready_ratio_throttled_warm": (0.40, "×", "engine ready, main thread 4× CPU, warm (snapshot)"),
    "first_paint_warm_ms": (300, "ms", "saved encounter painted after navigation, warm"),
    "wasm_fetches_first_visit": (1, "", "wasm fetched on a first visit"),
    "first_visit_extra_bytes": (0, "B", "first-visit bytes above bare Pyodide (raw)"),
    # the same as a host sends it (gzip): what crosses the network
    "first_visit_extra_gzip_bytes": (0, "B", "first-visit bytes above bare Pyodide (gzip)"),
    # layout shift (every shift without input, summed: at least the CLS): the list on a first
    # visit, a saved encounter on a later one
    "cls_list": (0.02, "", "layout shift of the list screen, first visit"),
    "cls_encounter": (0.02, "", "layout shift of a saved encounter, warm"),
    "apply_p95_ms": (16, "ms", "apply one event, p95, 500-event log"),
    "odds_1v1_ms": (20, "ms", "exact odds 1-vs-1 in Pyodide"),
    "odds_1v6_ms": (200, "ms", "exact odds 1-vs-6 in Pyodide"),
    "share_link_chars": (1000, "chars", "share link of the reference encounter"),
    # Table mode: the encounter screen a GM runs a fight from, at 390×844, mid-round.
    "round_screen_px": (2000, "px", "encounter screen height at 390×844, mid-round"),
    "tabs_to_resolve": (15, "", "Tab presses from the top of the page to Resolve"),
    # The forecast of the three-against-three reference (forecast_3v3_encounter), in Pyodide.
    "forecast_3v3_ms": (1000, "ms", "forecast 3-vs-3 in Pyodide (first call)"),
    "forecast_3v3_halfwidth": (0.02, "", "its widest 95% interval's reach (±)"),
}

# What a static host compresses (by type) when the browser accepts gzip or brotli; archives
# and PNGs are sent as they are.
INCOMPRESSIBLE = (".whl", ".zip", ".png", ".tgz", ".gz", ".br")


# ---------------------------------------------------------------- statistics (pure)


def summary(samples: Iterable[float]) -> dict[str, Any]:
    """Median, min, max and count of samples (an empty list gives Nones and n = 0)."""
    xs = [float(x) for x in samples]
    if not xs:
        return {"median": None, "min": None, "max": None, "n": 0}
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "n": len(xs)}


def percentile(samples: Iterable[float], p: float) -> float | None:
    """The p-th percentile (0–100) by the nearest-rank method: a value that was measured,
    the smallest one with at least p % of the samples at or below it."""
    xs = sorted(float(x) for x in samples)
    if not xs:
        return None
    if not 0 <= p <= 100:
        raise ValueError(f"percentile must be within 0 and 100, not {p}")
    rank = max(1, math.ceil(p / 100 * len(xs)))
    return xs[rank - 1]


def ratios(numerators: Iterable[float | None], denominators: Iterable[float | None]) -> list[float]:
    """Pairwise ratios of runs measured side by side (a missing or zero pair is skipped)."""
    return [a / b for a, b in zip(numerators, denominators) if a is not None and b]


def median_or_none(samples: Iterable[float | None]) -> float | None:
    xs = [x for x in samples if x is not None]
    return statistics.median(xs) if xs else None


# ---------------------------------------------------------------- the reference data (pure)


def load_reference(path: Path = REFERENCE) -> dict[str, Any]:
    """The reference encounter and requests, checked for their envelope."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("type") != REFERENCE_TYPE or data.get("version") != 1:
        raise ValueError(f"{path}: not a {REFERENCE_TYPE} version 1 file")
    return data


def apply_encounter(reference: dict[str, Any]) -> dict[str, Any]:
    """The reference encounter with its log grown to ``apply_log_events`` events by repeating
    ``cycle``: the stored encounter the apply timing starts from."""
    base = reference["encounter"]
    log = list(base["log"])
    cycle = reference["cycle"]
    want = reference["apply_log_events"]
    if not cycle or want < len(log):
        raise ValueError("the reference needs a cycle and apply_log_events ≥ its own log")
    while len(log) < want:
        log.append(cycle[(len(log) - len(base["log"])) % len(cycle)])
    return {**base, "log": log}


def first_name(encounter: dict[str, Any]) -> str:
    """The name of the encounter's first combatant: the text whose appearance means painted."""
    for event in encounter["log"]:
        if event.get("t") == "add":
            return event["fighter"]["name"]
    raise ValueError("the reference encounter has no combatant")


def saved_view(encounter: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """(rev, view) of a stored encounter as the app saves it for its next first paint: what
    ``encounter.open`` answers (the same pure Python as in Pyodide, run here)."""
    from pyfudge import api

    answer = json.loads(api.handle(json.dumps(
        {"v": 1, "id": 1, "action": "encounter.open",
         "args": {"id": SAVED_ID, "encounter": encounter}})))
    if not answer["ok"]:
        raise ValueError(f"the reference encounter does not open: {answer['error']['message']}")
    return answer["result"]["rev"], answer["result"]["view"]


# ---------------------------------------------------------------- bytes (pure)


def site_file(dist: Path, url_path: str) -> Path | None:
    """The file of dist/ a request path names (``/`` and folders: their index.html)."""
    rel = unquote(urlsplit(url_path).path).lstrip("/")
    path = dist / rel
    if rel == "" or path.is_dir():
        path = path / "index.html"
    try:
        path.resolve().relative_to(dist.resolve())
    except ValueError:
        return None
    return path if path.is_file() else None


def compressed_sizes(data: bytes, name: str, brotli_module: Any = None) -> dict[str, int | None]:
    """What a host sends for one file: raw, gzip -9 and brotli (quality 11), each no bigger than
    raw; archives and PNGs go as they are. brotli is None when the module is not installed."""
    raw = len(data)
    if name.endswith(INCOMPRESSIBLE):
        return {"raw": raw, "gzip": raw, "brotli": raw if brotli_module else None}
    gz = min(raw, len(gzip.compress(data, compresslevel=9, mtime=0)))
    br = min(raw, len(brotli_module.compress(data, quality=11))) if brotli_module else None
    return {"raw": raw, "gzip": gz, "brotli": br}


def transfer(dist: Path, paths: Iterable[str], brotli_module: Any = None,
             cache: dict[str, dict] | None = None) -> dict[str, Any]:
    """Bytes of the requests that reached the server (each a full 200 answer: a first visit has
    no cache to revalidate), raw and as a host would compress them, and the biggest files."""
    cache = {} if cache is None else cache
    totals = {"raw": 0, "gzip": 0, "brotli": 0 if brotli_module else None}
    per_file: dict[str, int] = {}
    requests = 0
    for p in paths:
        f = site_file(dist, p)
        if f is None:
            continue
        requests += 1
        key = f.relative_to(dist).as_posix()
        if key not in cache:
            cache[key] = compressed_sizes(f.read_bytes(), f.name, brotli_module)
        sizes = cache[key]
        for k in totals:
            if totals[k] is not None:
                totals[k] += sizes[k]
        per_file[key] = per_file.get(key, 0) + sizes["raw"]
    biggest = sorted(per_file.items(), key=lambda kv: -kv[1])[:6]
    refetched = sum(per_file[k] - cache[k]["raw"] for k in per_file)
    return {**totals, "requests": requests, "refetched_raw": refetched,
            "biggest": [{"file": k, "raw": v} for k, v in biggest]}


# ---------------------------------------------------------------- results (pure)


@dataclass
class Samples:
    """Everything measured, run by run (lists of numbers; None where a run had no value)."""

    runs: int = 0
    pages: dict[str, dict[str, list[float | None]]] = field(default_factory=dict)
    apply_ms: list[float] = field(default_factory=list)
    apply_first_ms: list[float] = field(default_factory=list)
    open_ms: list[float] = field(default_factory=list)
    odds: dict[str, list[float]] = field(default_factory=dict)
    wasm_fetches_first_visit: list[int] = field(default_factory=list)
    first_visit: dict[str, dict[str, Any]] = field(default_factory=dict)
    share_link_chars: int | None = None
    view_chars: int | None = None
    log_events: int | None = None
    saved_painted: list[bool] = field(default_factory=list)
    snapshot_bytes: list[int | None] = field(default_factory=list)  # stored before the warm visit
    ui_apply_ms: list[float] = field(default_factory=list)
    ui_missing: bool = False
    cls: dict[str, list[float]] = field(default_factory=dict)  # "list" / "encounter" -> per run
    round_screen_px: list[float] = field(default_factory=list)
    tabs_to_resolve: list[float] = field(default_factory=list)
    forecast_3v3: list[dict[str, Any]] = field(default_factory=list)  # forecast_in_page's answers
    notes: list[str] = field(default_factory=list)

    def add(self, page: str, metric: str, value: float | None) -> None:
        self.pages.setdefault(page, {}).setdefault(metric, []).append(value)

    def series(self, page: str, metric: str) -> list[float | None]:
        return self.pages.get(page, {}).get(metric, [])


def _round(x: Any, digits: int = 3) -> Any:
    """Floats rounded for print (timings in ms keep µs, ratios three decimals)."""
    if isinstance(x, float):
        return round(x, digits)
    if isinstance(x, dict):
        return {k: _round(v, digits) for k, v in x.items()}
    if isinstance(x, list):
        return [_round(v, digits) for v in x]
    return x


def results(s: Samples, meta: dict[str, Any]) -> dict[str, Any]:
    """The JSON object of a run: the issue's headline keys at the top level, then the detail.
    Ratios are medians of per-run ratios (app and bare measured side by side)."""
    def ratio(app: str, bare: str, metric: str = "ready_ms") -> float | None:
        return median_or_none(ratios(s.series(app, metric), s.series(bare, metric)))

    def med(page: str, metric: str) -> float | None:
        return median_or_none(s.series(page, metric))

    if s.ui_apply_ms:
        apply_ms, apply_path = s.ui_apply_ms, (
            "JS→worker→render: the app's Next round button clicked until the round shown changes")
    else:
        apply_ms, apply_path = s.apply_ms, (
            "JS→worker→answer through js/engine/engine.js (request, Python, JSON.parse; no render: this "
            "build's app has no timed render path)")
    painted = s.saved_painted
    if painted and all(painted):
        paint_kind = "saved encounter painted (its first combatant's name on screen)"
    elif painted and any(painted):
        paint_kind = (f"mixed: saved encounter painted in {sum(painted)} of {len(painted)} runs, "
                      "first contentful paint in the others")
    else:
        paint_kind = ("first contentful paint (this build does not paint a saved encounter "
                      "before the engine is ready)")

    first_visit = s.first_visit
    extra = extra_gzip = None
    if "app" in first_visit and "bare" in first_visit:
        extra = first_visit["app"]["raw"] - first_visit["bare"]["raw"]
        extra_gzip = first_visit["app"]["gzip"] - first_visit["bare"]["gzip"]
    snapshots = [n for n in s.snapshot_bytes if n is not None]
    wasm = max(s.wasm_fetches_first_visit) if s.wasm_fetches_first_visit else None
    odds = {k: {"first": summary(v["first"]), "repeat": summary(v["repeat"])} for k, v in s.odds.items()}
    headline = {
        "ready_ratio_cold": ratio("app_cold", "bare_cold"),
        "ready_ratio_warm": ratio("app_warm", "bare_warm"),
        "ready_ratio_throttled_cold": ratio("main_app_cold", "main_bare_cold"),
        "ready_ratio_throttled_warm": ratio("main_app_warm", "main_bare_warm"),
        "first_paint_warm_ms": med("app_warm", "paint_ms"),
        "first_paint_kind": paint_kind,
        "ready_cold_ms": med("app_cold", "ready_ms"),
        "ready_warm_ms": med("app_warm", "ready_ms"),
        "bare_ready_cold_ms": med("bare_cold", "ready_ms"),
        "bare_ready_warm_ms": med("bare_warm", "ready_ms"),
        "apply_p50_ms": percentile(apply_ms, 50),
        "apply_p95_ms": percentile(apply_ms, 95),
        "apply_path": apply_path,
        "odds_1v1_ms": odds.get("odds_1v1", {}).get("first", {}).get("median"),
        "odds_1v6_ms": odds.get("group_odds_1v6", {}).get("first", {}).get("median"),
        "share_link_chars": s.share_link_chars,
        "wasm_fetches_first_visit": wasm,
        "first_visit_bytes": first_visit.get("app", {}).get("raw"),
        "first_visit_gzip_bytes": first_visit.get("app", {}).get("gzip"),
        "first_visit_brotli_bytes": first_visit.get("app", {}).get("brotli"),
        "bare_first_visit_bytes": first_visit.get("bare", {}).get("raw"),
        "first_visit_extra_bytes": extra,
        "first_visit_extra_gzip_bytes": extra_gzip,
        # fetched after the build is cached (the manifest's "later": Pyodide's full stdlib)
        "first_visit_later_bytes": first_visit.get("app_later", {}).get("raw"),
        "cls_list": max(s.cls["list"]) if s.cls.get("list") else None,
        "cls_encounter": max(s.cls["encounter"]) if s.cls.get("encounter") else None,
        # the engine's memory snapshot stored by the cold visit, which the warm visit restores
        "snapshot_bytes": max(snapshots) if snapshots else None,
        "snapshot_runs": f"{len(snapshots)} of {len(s.snapshot_bytes)}",
        "round_screen_px": max(s.round_screen_px) if s.round_screen_px else None,
        "tabs_to_resolve": max(s.tabs_to_resolve) if s.tabs_to_resolve else None,
        **forecast_headline(s.forecast_3v3),
    }
    targets = {}
    for key, (limit, unit, what) in TARGETS.items():
        value = headline.get(key)
        targets[key] = {"target": limit, "unit": unit, "what": what, "value": value,
                        "met": None if value is None else value <= limit}
    pages = {page: {metric: summary(v for v in values if v is not None)
                    for metric, values in metrics.items()}
             for page, metrics in s.pages.items()}
    return _round({
        "type": RESULT_TYPE,
        "version": RESULT_VERSION,
        **headline,
        "runs": s.runs,
        "targets": targets,
        "pages": pages,
        "ratios": {
            name: {"per_run": ratios(s.series(a, "ready_ms"), s.series(b, "ready_ms"))}
            for name, a, b in (("cold", "app_cold", "bare_cold"), ("warm", "app_warm", "bare_warm"),
                               ("throttled_cold", "main_app_cold", "main_bare_cold"),
                               ("throttled_warm", "main_app_warm", "main_bare_warm"))
        },
        "apply_ui": {"p50_ms": percentile(s.ui_apply_ms, 50), "p95_ms": percentile(s.ui_apply_ms, 95),
                     **summary(s.ui_apply_ms), "event": "next_round"},
        "apply": {"p50_ms": percentile(s.apply_ms, 50), "p95_ms": percentile(s.apply_ms, 95),
                  **{k: v for k, v in summary(s.apply_ms).items()},
                  "first_after_open": summary(s.apply_first_ms), "open_ms": summary(s.open_ms),
                  "log_events": s.log_events, "view_chars": s.view_chars},
        "odds": odds,
        "forecast_3v3": s.forecast_3v3,
        "first_visit": first_visit,
        "meta": meta,
        "notes": s.notes,
    })


def _fmt(x: Any, unit: str = "") -> str:
    if x is None:
        return "n/a"
    if unit == "×":
        return f"{x:.2f}×"
    if unit == "B":
        return f"{x / 1000:,.1f} kB"
    if isinstance(x, float):
        return f"{x:,.1f}{(' ' + unit) if unit else ''}"
    return f"{x:,}{(' ' + unit) if unit else ''}"


def table(r: dict[str, Any]) -> str:
    """The human-readable report of results(): medians with min/max, then the targets."""
    lines = [f"pyfudge bench — {r['runs']} run(s), {r['meta'].get('chromium', '?')}, "
             f"{r['meta'].get('cpus', '?')} CPUs, load {r['meta'].get('load_before', '?')}"]
    labels = {
        "app_cold": "app, cold (empty cache)", "app_warm": "app, warm (service worker)",
        "bare_cold": "bare loadPyodide(), cold", "bare_warm": "bare loadPyodide(), warm (HTTP cache)",
        "main_app_cold": f"main thread app, {THROTTLE}× CPU, cold",
        "main_app_warm": f"main thread app, {THROTTLE}× CPU, warm",
        "main_bare_cold": f"main thread bare, {THROTTLE}× CPU, cold",
        "main_bare_warm": f"main thread bare, {THROTTLE}× CPU, warm",
        "engine_page": "bench engine page (worker)",
    }
    metric_names = {"paint_ms": "first paint", "ready_ms": "engine ready",
                    "start_ms": "engine start", "import_ms": "pyfudge import"}
    lines.append("")
    lines.append(f"{'page':40} {'figure':14} {'median':>9} {'min':>9} {'max':>9}  n")
    for page, metrics in r["pages"].items():
        for metric, st in metrics.items():
            if not st["n"]:
                continue
            lines.append(f"{labels.get(page, page):40} {metric_names.get(metric, metric):14} "
                         f"{st['median']:9.0f} {st['min']:9.0f} {st['max']:9.0f}  {st['n']}")
    lines.append(f"  (ms after navigation; first paint = {r['first_paint_kind']})")
    lines.append("")
    ratio_rows = [("ready, app ÷ bare, cold", "cold"), ("ready, app ÷ bare, warm", "warm"),
                  (f"ready, app ÷ bare, main thread {THROTTLE}× CPU, cold", "throttled_cold"),
                  (f"ready, app ÷ bare, main thread {THROTTLE}× CPU, warm", "throttled_warm")]
    for label, key in ratio_rows:
        per_run = r["ratios"][key]["per_run"]
        if per_run:
            st = summary(per_run)
            lines.append(f"{label:58} {st['median']:.2f}× (min {st['min']:.2f}, max {st['max']:.2f})")
    u = r["apply_ui"]
    if u["n"]:
        lines.append("")
        lines.append("apply one event in the app (500-event log; Next round clicked → round shown changed):")
        lines.append(f"  p50 {u['p50_ms']:.1f} ms, p95 {u['p95_ms']:.1f} ms, min {u['min']:.1f}, "
                     f"max {u['max']:.1f} (n={u['n']})")
    a = r["apply"]
    if a["n"]:
        lines.append("")
        lines.append(f"apply one exchange through js/engine/engine.js ({a['log_events']}-event log; "
                     "JS→worker→answer, no render):")
        lines.append(f"  p50 {a['p50_ms']:.1f} ms, p95 {a['p95_ms']:.1f} ms, min {a['min']:.1f}, "
                     f"max {a['max']:.1f} (n={a['n']}); first after open {_fmt(a['first_after_open']['median'], 'ms')}; "
                     f"open (replay) {_fmt(a['open_ms']['median'], 'ms')}; view {a['view_chars']:,} chars")
    for key, label in (("odds_1v1", "exact odds 1-vs-1"), ("group_odds_1v6", "exact odds 1-vs-6 (GM's group roll)")):
        o = r["odds"].get(key)
        if o and o["first"]["n"]:
            lines.append(f"{label}: first call {o['first']['median']:.1f} ms (min {o['first']['min']:.1f}, "
                         f"max {o['first']['max']:.1f}); repeated (warm caches) {_fmt(o['repeat']['median'], 'ms')}")
    fv = r["first_visit"]
    if fv:
        lines.append("")
        lines.append("first visit (bytes that reached the server; gzip/brotli: what a host would send):")
        for page, st in fv.items():
            lines.append(f"  {page:5} {st['requests']:3} requests  raw {_fmt(st['raw'], 'B'):>11}  "
                         f"gzip {_fmt(st['gzip'], 'B'):>11}  brotli {_fmt(st['brotli'], 'B'):>11}  "
                         f"(fetched again: {_fmt(st.get('refetched_raw'), 'B')})")
        lines.append(f"  wasm fetched {_fmt(r['wasm_fetches_first_visit'])} time(s) on the app's first visit")
    lines.append(f"engine snapshot stored by the cold visit: {_fmt(r.get('snapshot_bytes'), 'B')} "
                 f"(before the warm visit in {r.get('snapshot_runs', 'n/a')} runs)")
    lines.append(f"share link of the reference encounter: {_fmt(r['share_link_chars'], 'chars')}")
    lines.append(f"layout shift: list, first visit {_fmt(r.get('cls_list'))}; saved encounter, warm "
                 f"{_fmt(r.get('cls_encounter'))} (the most of any run)")
    lines.append("")
    lines.append("targets (benchmarks, not tests):")
    for key, t in r["targets"].items():
        mark = {True: "ok  ", False: "MISS", None: "n/a "}[t["met"]]
        lines.append(f"  {mark} {t['what']:50} {_fmt(t['value'], t['unit']):>12}  ≤ {_fmt(t['target'], t['unit'])}")
    for note in r["notes"]:
        lines.append(f"note: {note}")
    return "\n".join(lines)


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
    const tick = () => (ok() ? resolve() : performance.now() - t0 > ms ? reject(new Error("timeout")) : setTimeout(tick, 20));
    tick();
  });
  if (!button("Roll all") || !button("Resolve")) return { missing: "no Roll all and Resolve buttons" };
  button("Roll all").click();
  try { await until(() => document.querySelectorAll(".total-picker input:checked").length >= 2); }
  catch { return { missing: "Roll all did not fill the dice" }; }
  button("Resolve").click();
  return {};
}"""

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
        self.server = build.SiteServer(dist, 0, on_request=self.counter)
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

    # -- helpers -------------------------------------------------------------------------------

    def context(self, browser):
        context = browser.new_context(service_workers="allow")
        context.add_init_script(PAINT_WATCH_JS.replace("__NAME__", json.dumps(self.watch_name)))
        context.set_default_timeout(READY_TIMEOUT_MS)
        origin = self.url.rstrip("/")

        def check(request) -> None:
            parts = urlsplit(request.url)
            if parts.scheme not in ("data", "blob") and f"{parts.scheme}://{parts.netloc}" != origin:
                self.off_origin.append(request.url)
        context.on("request", check)
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
        """Save the reference encounter the way the app does (its own js/data/store.js: the stored
        encounter, its last view and an index entry), so that the next visit can paint it
        before Python is up. False when this build has no such store (then the warm first
        paint is the first contentful paint, and the output says so)."""
        if not (self.dist / "js" / "data" / "store.js").exists():
            return False
        return bool(page.evaluate(
            """async ([id, encounter, rev, view]) => {
                 const store = await import("./js/data/store.js");
                 const needed = ["saveEncounter", "saveView", "touch"];
                 if (!needed.every((name) => typeof store[name] === "function")) return false;
                 return store.saveEncounter(id, encounter) && store.saveView(id, rev, view)
                   && store.touch(id, encounter.name) !== false;
               }""", [eid, encounter or self.reference["encounter"], *(view or self.saved_view)]))

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
        context = browser.new_context(service_workers="allow", viewport={"width": 390, "height": 844})
        context.set_default_timeout(READY_TIMEOUT_MS)
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
            for key, action in (("odds_1v1", "odds"), ("group_odds_1v6", "group_odds")):
                got = page.evaluate(
                    "([action, args, n]) => window.pyfudgeBench.repeat(action, args, n).then("
                    "(r) => ({first_ms: r.first_ms, repeat_ms: r.repeat_ms}))",
                    [action, ref[key], ODDS_REPEATS])
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
                launch = {"args": build.CHROMIUM_ARGS}
                if chromium:
                    launch["executable_path"] = chromium
                browser = p.chromium.launch(**launch)
                meta = {"chromium": f"Chromium {browser.version}", **machine()}
                for run in range(self.runs):
                    # Interleaved, and the order turns each run, so drift hits every page alike.
                    steps = [("app", lambda: self.app(browser, run)),
                             ("bare", lambda: self.bare(browser, run)),
                             ("main-thread app", lambda: self.main_thread(browser, "app")),
                             ("main-thread bare", lambda: self.main_thread(browser, "bare")),
                             ("engine", lambda: self.engine(browser, run))]
                    steps = steps[run % len(steps):] + steps[:run % len(steps)]
                    for name, step in steps:
                        self.log(f"run {run + 1}/{self.runs}: {name}")
                        step()
                self.log("table screen (390×844)")
                self.table_screen(browser)
                browser.close()
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


def forecast_headline(answers: list[dict[str, Any]]) -> dict[str, Any]:
    """The forecast's headline keys: the medians of the page's answers (None if not measured)."""
    return {"forecast_3v3_ms": median_or_none([a["ms"] for a in answers]),
            "forecast_3v3_halfwidth": median_or_none([a["halfwidth"] for a in answers])}


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
            browser = p.chromium.launch(args=build.CHROMIUM_ARGS, **({"executable_path": chromium} if chromium else {}))
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

    chromium = build.find_chromium()
    with tempfile.TemporaryDirectory(prefix="pyfudge-bench-") as tmp:
        dist = args.dist
        if dist is None:
            # A build of its own: dist/ may be in use by someone's e2e run.
            dist = Path(tmp) / "dist"
            with contextlib.redirect_stdout(sys.stderr):  # stdout is for the table or JSON only
                build.build(dist)
        if args.forecast_only:
            print(json.dumps(forecast_only(dist.resolve(), args.runs, chromium, log), indent=1))
            return 0
        before = machine()
        bench = Bench(dist.resolve(), args.runs, log)
        r = bench.run(chromium)
        r["meta"]["load_before"] = before["load_before"]
    print(json.dumps(r, indent=1, ensure_ascii=False) if args.json else table(r))
    return 0
