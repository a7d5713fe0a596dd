"""The benchmark's pure parts: statistics, the reference data, byte counts, the targets, the JSON
shape of a run and its table. bench.py drives the browser and imports these; tests/test_bench.py
tests them without one.
"""

from __future__ import annotations

import gzip
import json
import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

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
LIVE_RESOLVES = 40  # resolves timed reaching a live player (live_update_ms: its p95 the 38th, not the slowest)
PAINT_RESOLVES = 10  # resolves timed to their painted result, at 1× and at THROTTLE× (resolve_paint_*)
ODDS_REPEATS = 5  # the first call per run is the headline (fresh caches); the rest are shown too

# The bench's targets (benchmarks, not timed tests): key -> (limit, unit, what).
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
    # Issue 27: 1-vs-3, each foe rolling his own dice, too dear for exact odds: sampled (±0.02).
    "odds_group_sampled_ms": (300, "ms", "sampled odds 1-vs-3 (own dice) in Pyodide"),
    # The first step of those odds (±5 points, 19 times in 20), what the round form shows first.
    "odds_group_first_ms": (300, "ms", "first sampled step 1-vs-3 (own dice, ±5) in Pyodide"),
    "share_link_chars": (1000, "chars", "share link of the reference encounter"),
    # Table mode: the encounter screen a GM runs a fight from, at 390×844, mid-round.
    "round_screen_px": (2000, "px", "encounter screen height at 390×844, mid-round"),
    "tabs_to_resolve": (16, "", "Tab presses from the top of the page to Resolve"),
    # Adding a fighter at 390×844 in a new encounter: the open "Add a combatant" section (issue 32).
    "fighter_form_px": (1700, "px", "add-a-fighter form open at 390×844"),
    # The scripted four-round fight (e2e/fight_script.py) at 390×844, setup aside: every tap
    # counted; the walkthrough took about 50 (issue 32).
    "fight_taps": (50, "", "taps for the scripted four-round fight at 390×844"),
    # The forecast of the three-against-three reference (forecast_3v3_encounter), in Pyodide.
    "forecast_3v3_ms": (1000, "ms", "forecast 3-vs-3 in Pyodide (first call)"),
    "forecast_3v3_halfwidth": (0.02, "", "its widest 95% interval's reach (±)"),
    # The players' page (play.html, no Python): a fresh phone opening a snapshot players' link.
    "player_first_view_ratio": (0.25, "×", "players' link: names shown ÷ bare Pyodide cold ready"),
    "player_first_bytes": (300_000, "B", "players' link: bytes of a first visit (raw)"),
    # The live table (bench.py Bench.live_table): the GM's phone and a player's over WebRTC.
    "live_update_ms": (250, "ms", "live: GM's Resolve → player's page shows it, p95"),
    "qr_ms": (200, "ms", "live: tap Live table → first join QR code shown"),
    # A tap on the phone (Bench.taps): the reference encounter at 390×844, the page's main
    # thread slowed THROTTLE× (the worker is not: Chromium throttles only the page).
    "resolve_paint_4x_ms": (100, "ms", "Resolve → its result painted, p95, main thread 4× slower"),
    "tap_inp_4x_ms": (100, "ms", "the slowest tap's Event Timing duration, main thread 4× slower"),
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
    # The same applies interleaved, sending log_from as the app does (the answer's new lines only).
    apply_lines_ms: list[float] = field(default_factory=list)
    apply_parse: dict[str, list[float]] = field(default_factory=dict)  # JSON.parse of each answer
    view_lines_chars: int | None = None
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
    fighter_form_px: list[float] = field(default_factory=list)
    fight_taps: list[int] = field(default_factory=list)
    fight_steps: dict[str, int] = field(default_factory=dict)  # the last run's taps per step
    forecast_3v3: list[dict[str, Any]] = field(default_factory=list)  # forecast_in_page's answers
    live_update_ms: list[float] = field(default_factory=list)  # a resolve → a player's page drew it
    qr_ms: list[float] = field(default_factory=list)  # tap Live table → the first QR code shown, per fresh page
    resolve_paint_ms: list[float] = field(default_factory=list)  # a Resolve clicked → its result painted
    resolve_paint_4x_ms: list[float] = field(default_factory=list)  # the same, main thread THROTTLE× slower
    tap_inp_4x_ms: list[float] = field(default_factory=list)  # each scripted tap's longest Event Timing entry
    first_heavy_cold_ms: list[float] = field(default_factory=list)  # the 500-event encounter opened after a cold start
    first_heavy_warm_ms: list[float] = field(default_factory=list)  # the same after a warm start (snapshot restored)
    notes: list[str] = field(default_factory=list)

    def add(self, page: str, metric: str, value: float | None) -> None:
        self.pages.setdefault(page, {}).setdefault(metric, []).append(value)

    def series(self, page: str, metric: str) -> list[float | None]:
        return self.pages.get(page, {}).get(metric, [])


def player_headline(s: Samples) -> dict[str, Any]:
    """The players' page's headline keys: names shown after a fresh visit to a snapshot link
    (median), its ratio to bare Pyodide's cold ready in the same runs (median of per-run ratios),
    and the bytes of that first visit (None when not measured)."""
    shown = s.series("player_cold", "paint_ms")
    first = s.first_visit.get("player", {})
    return {"player_first_view_ms": median_or_none(shown),
            "player_first_view_ratio": median_or_none(ratios(shown, s.series("bare_cold", "ready_ms"))),
            "player_first_bytes": first.get("raw"), "player_first_gzip_bytes": first.get("gzip")}


def forecast_headline(answers: list[dict[str, Any]]) -> dict[str, Any]:
    """The forecast's headline keys: the medians of the page's answers (None if not measured)."""
    return {"forecast_3v3_ms": median_or_none([a["ms"] for a in answers]),
            "forecast_3v3_halfwidth": median_or_none([a["halfwidth"] for a in answers])}


def live_headline(s: Samples) -> dict[str, Any]:
    """The live table's headline keys: p95 of the updates, median of the first QR codes."""
    return {"live_update_ms": percentile(s.live_update_ms, 95), "qr_ms": median_or_none(s.qr_ms)}


def tap_headline(s: Samples) -> dict[str, Any]:
    """A tap on the phone: Resolve to its painted result (p95, at 1× and THROTTLE×) and the
    slowest scripted tap's Event Timing duration at THROTTLE×."""
    return {"resolve_paint_ms": percentile(s.resolve_paint_ms, 95),
            "resolve_paint_4x_ms": percentile(s.resolve_paint_4x_ms, 95),
            "tap_inp_4x_ms": max(s.tap_inp_4x_ms) if s.tap_inp_4x_ms else None}


def first_heavy(s: Samples) -> dict[str, Any]:
    """The first heavy request after a warm start against a cold start's (medians): the headline
    keys, and the detail with whether the warm one was no slower (the target)."""
    cold, warm = median_or_none(s.first_heavy_cold_ms), median_or_none(s.first_heavy_warm_ms)
    within = None if cold is None or warm is None else warm <= cold
    return {"cold_first_heavy_ms": cold, "warm_first_heavy_ms": warm,
            "first_heavy": {"cold": summary(s.first_heavy_cold_ms), "warm": summary(s.first_heavy_warm_ms),
                            "warm_within_cold": within}}


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
    heavy = first_heavy(s)
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
        "odds_group_sampled_ms": odds.get("group_odds_1v3_sampled", {}).get("first", {}).get("median"),
        "odds_group_first_ms": odds.get("group_odds_1v3_first", {}).get("first", {}).get("median"),
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
        "fighter_form_px": max(s.fighter_form_px) if s.fighter_form_px else None,
        "fight_taps": max(s.fight_taps) if s.fight_taps else None,
        **forecast_headline(s.forecast_3v3),
        **player_headline(s),
        **live_headline(s),
        **tap_headline(s),
        "cold_first_heavy_ms": heavy["cold_first_heavy_ms"],
        "warm_first_heavy_ms": heavy["warm_first_heavy_ms"],
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
                  "log_events": s.log_events, "view_chars": s.view_chars,
                  # The app's request: only the new log lines in the answer (log_from).
                  "new_lines": {"p50_ms": percentile(s.apply_lines_ms, 50), "p95_ms": percentile(s.apply_lines_ms, 95),
                                **summary(s.apply_lines_ms), "view_chars": s.view_lines_chars,
                                "parse_ms": summary(s.apply_parse.get("parse_lines_ms", [])),
                                "whole_parse_ms": summary(s.apply_parse.get("parse_ms", []))}},
        "odds": odds,
        "forecast_3v3": s.forecast_3v3,
        "live": {"update": {"p50_ms": percentile(s.live_update_ms, 50), "p95_ms": percentile(s.live_update_ms, 95),
                            **summary(s.live_update_ms)},
                 "qr": summary(s.qr_ms)},
        "taps": {"resolve_paint": summary(s.resolve_paint_ms), "resolve_paint_4x": summary(s.resolve_paint_4x_ms),
                 "inp_4x": summary(s.tap_inp_4x_ms)},
        "fight": {"steps": s.fight_steps},
        "first_heavy": heavy["first_heavy"],
        "first_visit": first_visit,
        "meta": meta,
        "notes": s.notes,
    })


def _ms2(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f} ms"


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


def player_lines(r: dict[str, Any]) -> list[str]:
    """The players' page's lines of the table (none when it was not measured)."""
    if r.get("player_first_view_ms") is None:
        return []
    return [f"players' link (play.html, no Python), a fresh phone: names shown "
            f"{_fmt(r['player_first_view_ms'], 'ms')}, {_fmt(r['player_first_view_ratio'], '×')} bare Pyodide's "
            f"cold ready; first visit {_fmt(r['player_first_bytes'], 'B')} raw, "
            f"{_fmt(r['player_first_gzip_bytes'], 'B')} gzip"]


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
        "player_cold": "players' page, snapshot link (names)",
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
                     f"max {a['max']:.1f} (n={a['n']}); "
                     f"first after open {_fmt(a['first_after_open']['median'], 'ms')}; "
                     f"open (replay) {_fmt(a['open_ms']['median'], 'ms')}; view {a['view_chars']:,} chars")
        n = a["new_lines"]
        if n["n"]:
            lines.append(f"  interleaved, the answer's new log lines only (log_from, as the app asks): "
                         f"p50 {n['p50_ms']:.1f} ms, p95 {n['p95_ms']:.1f} ms; view {n['view_chars']:,} chars; "
                         f"JSON.parse {_ms2(n['parse_ms']['median'])} against "
                         f"{_ms2(n['whole_parse_ms']['median'])} for the whole view's answer")
    for key, label in (("odds_1v1", "exact odds 1-vs-1"), ("group_odds_1v6", "exact odds 1-vs-6 (GM's group roll)"),
                       ("group_odds_1v3_sampled", "sampled odds 1-vs-3 (each foe's own dice)"),
                       ("group_odds_1v3_first", "its first step (±5 points)")):
        o = r["odds"].get(key)
        if o and o["first"]["n"]:
            lines.append(f"{label}: first call {o['first']['median']:.1f} ms (min {o['first']['min']:.1f}, "
                         f"max {o['first']['max']:.1f}); repeated (warm caches) {_fmt(o['repeat']['median'], 'ms')}")
    lu, lq = r["live"]["update"], r["live"]["qr"]
    if lu["n"] or lq["n"]:
        lines.append("")
        lines.append("live table: a resolve on the GM's phone → a player's page shows it "
                     f"(n={lu['n']}): p50 {_fmt(lu['p50_ms'], 'ms')}, p95 {_fmt(lu['p95_ms'], 'ms')}, "
                     f"max {_fmt(lu['max'], 'ms')}")
        lines.append(f"  tap Live table → the first join QR code shown (n={lq['n']}): "
                     f"median {_fmt(lq['median'], 'ms')}, min {_fmt(lq['min'], 'ms')}, max {_fmt(lq['max'], 'ms')}")
    tp, tp4, inp = r["taps"]["resolve_paint"], r["taps"]["resolve_paint_4x"], r["taps"]["inp_4x"]
    if tp["n"] or tp4["n"]:
        lines.append("")
        lines.append(f"a tap on the phone (390×844): Resolve → its result painted, p95 "
                     f"{_fmt(r['resolve_paint_ms'], 'ms')} (n={tp['n']}); main thread {THROTTLE}× slower: p95 "
                     f"{_fmt(r['resolve_paint_4x_ms'], 'ms')} (n={tp4['n']}), the slowest tap's Event Timing "
                     f"duration {_fmt(inp['max'], 'ms')} (n={inp['n']}; the worker is not slowed)")
    fh = r["first_heavy"]
    if fh["cold"]["n"] or fh["warm"]["n"]:
        lines.append("")
        met = {True: "ok", False: "MISS", None: "n/a"}[fh["warm_within_cold"]]
        lines.append(f"the first heavy request (the 500-event encounter opened) after a warm start: "
                     f"{_fmt(r['warm_first_heavy_ms'], 'ms')} (n={fh['warm']['n']}, "
                     f"max {_fmt(fh['warm']['max'], 'ms')}); after a cold start: "
                     f"{_fmt(r['cold_first_heavy_ms'], 'ms')} (n={fh['cold']['n']}); target warm ≤ cold: {met}")
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
    lines.extend(player_lines(r))
    lines.append(f"share link of the reference encounter: {_fmt(r['share_link_chars'], 'chars')}")
    lines.append(f"layout shift: list, first visit {_fmt(r.get('cls_list'))}; saved encounter, warm "
                 f"{_fmt(r.get('cls_encounter'))} (the most of any run)")
    lines.append("")
    lines.append("targets (benchmarks, not tests):")
    for t in r["targets"].values():
        mark = {True: "ok  ", False: "MISS", None: "n/a "}[t["met"]]
        lines.append(f"  {mark} {t['what']:50} {_fmt(t['value'], t['unit']):>12}  ≤ {_fmt(t['target'], t['unit'])}")
    for note in r["notes"]:
        lines.append(f"note: {note}")
    return "\n".join(lines)
