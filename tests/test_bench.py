"""The benchmark's pure parts (bench_report.py): statistics, the reference data, byte counts, the JSON
shape and the table. No timings are asserted: the browser runs only under `build.py bench`."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import bench
import bench_report
import build
from pyfudge import api

ROOT = Path(__file__).resolve().parents[1]


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


# ---------------------------------------------------------------- statistics


def test_summary_is_median_min_max_and_count():
    assert bench_report.summary([5, 1, 3, 2]) == {"median": 2.5, "min": 1.0, "max": 5.0, "n": 4}
    assert bench_report.summary([]) == {"median": None, "min": None, "max": None, "n": 0}


def test_percentile_is_nearest_rank_so_always_a_measured_value():
    xs = list(range(1, 101))  # 1..100
    assert bench_report.percentile(xs, 95) == 95
    assert bench_report.percentile(xs, 50) == 50
    assert bench_report.percentile(xs, 100) == 100
    assert bench_report.percentile(xs, 0) == 1
    assert bench_report.percentile([7.0, 3.0], 95) == 7.0
    assert bench_report.percentile([4.0], 50) == 4.0
    assert bench_report.percentile([], 95) is None
    with pytest.raises(ValueError):
        bench_report.percentile([1], 101)


def test_p95_of_forty_samples_is_the_38th_smallest():
    xs = [float(i) for i in range(40, 0, -1)]
    assert bench_report.percentile(xs, 95) == 38.0


def test_ratios_pair_runs_and_skip_missing_ones():
    assert bench_report.ratios([2, 3, None, 4], [1, 2, 5, 0]) == [2.0, 1.5]
    assert bench_report.median_or_none([None, 1, 3]) == 2
    assert bench_report.median_or_none([None]) is None


# ---------------------------------------------------------------- the reference data


def test_reference_has_its_envelope_and_six_combatants_with_edited_house_rules():
    ref = bench_report.load_reference()
    enc = ref["encounter"]
    assert sum(1 for e in enc["log"] if e["t"] == "add") == 6
    assert enc["ruleset"]["options"], "the reference edits the house rules"
    opened = call("encounter.open", id="ref", encounter=enc)
    assert opened["ok"], opened
    assert len(opened["result"]["view"]["combatants"]) == 6


def test_a_foreign_file_is_not_a_reference(tmp_path):
    path = tmp_path / "ref.json"
    path.write_text(json.dumps({"type": "pyfudge/encounter", "version": 1}))
    with pytest.raises(ValueError):
        bench_report.load_reference(path)


def test_the_apply_log_grows_to_500_events_and_replays():
    ref = bench_report.load_reference()
    enc = bench_report.apply_encounter(ref)
    assert len(enc["log"]) == ref["apply_log_events"] == 500
    assert enc["log"][: len(ref["encounter"]["log"])] == ref["encounter"]["log"]
    opened = call("encounter.open", id="big", encounter=enc)
    assert opened["ok"] and opened["result"]["rev"] == 500
    # The timed event applies, and an undo brings the same state back for the next timing.
    applied = call("encounter.apply", id="big", rev=500, event=ref["apply_event"])
    assert applied["ok"] and applied["result"]["view"]["last"]["kind"] == "exchange"
    assert call("encounter.apply", id="big", rev=501, event={"t": "undo"})["ok"]


def test_the_reference_odds_requests_are_answered():
    ref = bench_report.load_reference()
    one = call("odds", **ref["odds_1v1"])
    assert one["ok"], one
    six = call("group_odds", **ref["group_odds_1v6"])
    assert six["ok"], six
    assert len(ref["group_odds_1v6"]["group_odds"]["foes"]) == 6
    # Issue 27: each foe rolling his own dice is too dear for exact odds: sampled, within ±0.02.
    three = call("group_odds", **ref["group_odds_1v3_sampled"])
    assert three["ok"], three
    assert three["result"]["sampled"]["margin"] <= 0.02
    # Not asked to sample, the door answers the first step, wider, and names the next.
    first = call("group_odds", **{k: v for k, v in ref["group_odds_1v3_sampled"].items() if k != "sample"})
    assert first["result"]["sampled"]["margin"] <= 0.07 and first["result"]["sampled"]["next"]


def test_the_saved_view_is_what_the_engine_opens_and_the_watched_name_is_on_it():
    ref = bench_report.load_reference()
    rev, view = bench_report.saved_view(ref["encounter"])
    assert rev == len(ref["encounter"]["log"])
    assert view["combatants"][0]["name"] == bench_report.first_name(ref["encounter"])


# ---------------------------------------------------------------- bytes


def test_site_file_maps_request_paths_and_stays_inside(tmp_path):
    (tmp_path / "index.html").write_text("x")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a b.js").write_text("y")
    assert bench_report.site_file(tmp_path, "/") == tmp_path / "index.html"
    assert bench_report.site_file(tmp_path, "/js/a%20b.js?v=1") == tmp_path / "js" / "a b.js"
    assert bench_report.site_file(tmp_path, "/missing.js") is None
    assert bench_report.site_file(tmp_path, "/../etc/passwd") is None


class FakeBrotli:
    @staticmethod
    def compress(data, quality):
        return data[: len(data) // 3]


def test_compressed_sizes_gzip_text_but_not_archives():
    text = b"abc" * 1000
    sizes = bench_report.compressed_sizes(text, "a.js")
    assert sizes["raw"] == 3000 and sizes["gzip"] == len(gzip.compress(text, 9, mtime=0))
    assert sizes["brotli"] is None  # no brotli module given: n/a, not a guess
    assert bench_report.compressed_sizes(text, "p.whl", FakeBrotli) == {"raw": 3000, "gzip": 3000, "brotli": 3000}
    assert bench_report.compressed_sizes(text, "a.js", FakeBrotli)["brotli"] == 1000
    # Never more than raw: a host sends the file as is when compressing does not pay.
    assert bench_report.compressed_sizes(b"\x00", "a.bin")["gzip"] == 1


def test_transfer_sums_every_request_and_names_the_biggest(tmp_path):
    (tmp_path / "index.html").write_bytes(b"h" * 100)
    (tmp_path / "big.wasm").write_bytes(bytes(range(256)) * 40)
    paths = ["/", "/big.wasm", "/big.wasm", "/nothing"]
    t = bench_report.transfer(tmp_path, paths)
    assert t["requests"] == 3
    assert t["raw"] == 100 + 2 * 10240
    assert t["gzip"] < t["raw"] and t["brotli"] is None
    assert t["biggest"][0] == {"file": "big.wasm", "raw": 20480}
    assert t["refetched_raw"] == 10240  # the second fetch of big.wasm


# ---------------------------------------------------------------- results and table

HEADLINE = ("ready_ratio_cold", "ready_ratio_warm", "first_paint_warm_ms", "apply_p95_ms",
            "odds_1v1_ms", "odds_1v6_ms", "share_link_chars", "wasm_fetches_first_visit")


def sample_run() -> bench_report.Samples:
    s = bench_report.Samples(runs=2)
    for page, ready in (("app_cold", [2200, 2400]), ("bare_cold", [2000, 2000]),
                        ("app_warm", [1800, 2100]), ("bare_warm", [1600, 2000])):
        for r in ready:
            s.add(page, "ready_ms", r)
            s.add(page, "paint_ms", 100.0)
    s.apply_ms = [float(x) for x in range(1, 41)]
    s.apply_first_ms, s.open_ms = [9.0, 8.0], [150.0, 160.0]
    s.odds = {"odds_1v1": {"first": [10.0, 14.0], "repeat": [1.0]},
              "group_odds_1v6": {"first": [30.0, 50.0], "repeat": [20.0]},
              "group_odds_1v3_sampled": {"first": [200.0, 400.0], "repeat": [100.0]},
              "group_odds_1v3_first": {"first": [60.0, 80.0], "repeat": [10.0]}}
    s.wasm_fetches_first_visit = [1, 1]
    s.first_visit = {"app": {"raw": 900_000, "gzip": 700_000, "brotli": None, "requests": 40,
                             "refetched_raw": 0, "biggest": []},
                     "bare": {"raw": 1_000_000, "gzip": 500_000, "brotli": None, "requests": 9,
                              "refetched_raw": 0, "biggest": []},
                     "app_later": {"raw": 2_500_000, "gzip": 2_500_000, "brotli": None, "requests": 1,
                                   "refetched_raw": 0, "biggest": []}}
    s.cls = {"list": [0.0, 0.01], "encounter": [0.3, 0.0]}
    s.share_link_chars = 822
    s.saved_painted = [True, True]
    s.snapshot_bytes = [31_457_424, None]
    s.log_events, s.view_chars = 500, 50_000
    return s


def test_results_have_the_issue_keys_and_ratios_of_side_by_side_runs():
    r = bench_report.results(sample_run(), {"chromium": "Chromium 1"})
    for key in HEADLINE:
        assert key in r, key
    assert r["type"] == "pyfudge/bench" and r["version"] == 1
    assert r["ready_ratio_cold"] == pytest.approx((1.1 + 1.2) / 2, abs=1e-3)  # median of per-run ratios
    assert r["ready_ratio_warm"] == pytest.approx((1.125 + 1.05) / 2, abs=1e-3)
    assert r["apply_p95_ms"] == 38.0 and r["apply_p50_ms"] == 20.0
    assert r["odds_1v1_ms"] == 12.0 and r["odds_1v6_ms"] == 40.0  # first calls, fresh caches
    assert r["odds_group_sampled_ms"] == 300.0 and r["odds_group_first_ms"] == 70.0
    assert r["first_visit_extra_bytes"] == -100_000 and r["first_visit_extra_gzip_bytes"] == 200_000
    assert r["first_visit_later_bytes"] == 2_500_000  # after the build was cached: told apart
    assert (r["cls_list"], r["cls_encounter"]) == (0.01, 0.3)  # the worst run
    assert r["targets"]["cls_list"]["met"] is True and r["targets"]["cls_encounter"]["met"] is False
    assert r["snapshot_bytes"] == 31_457_424 and r["snapshot_runs"] == "1 of 2"
    assert r["wasm_fetches_first_visit"] == 1
    assert r["first_paint_kind"].startswith("saved encounter painted")
    assert r["targets"]["first_visit_extra_bytes"]["met"] is True
    assert r["targets"]["first_visit_extra_gzip_bytes"]["met"] is False
    assert r["targets"]["share_link_chars"]["met"] is True
    assert r["targets"]["ready_ratio_cold"]["met"] is False
    json.dumps(r, allow_nan=False)  # one plain JSON object


def test_a_run_without_a_saved_encounter_paint_says_it_measured_first_contentful_paint():
    s = sample_run()
    s.saved_painted = [False, False]
    assert bench_report.results(s, {})["first_paint_kind"].startswith("first contentful paint")
    s.saved_painted = [True, False]
    assert bench_report.results(s, {})["first_paint_kind"].startswith("mixed")


def test_the_table_screen_reports_its_worst_run_against_its_targets():
    s = sample_run()
    s.round_screen_px = [1800.0, 2100.0]
    s.tabs_to_resolve = [12, 12]
    r = bench_report.results(s, {})
    assert r["round_screen_px"] == 2100.0 and r["targets"]["round_screen_px"]["met"] is False
    assert r["tabs_to_resolve"] == 12 and r["targets"]["tabs_to_resolve"]["met"] is True


def test_the_fighter_form_reports_its_tallest_run_against_its_target():
    s = sample_run()
    s.fighter_form_px = [820.0, 1750.0]
    r = bench_report.results(s, {})
    assert r["fighter_form_px"] == 1750.0 and r["targets"]["fighter_form_px"]["met"] is False
    s.fighter_form_px = [820.0]
    assert bench_report.results(s, {})["targets"]["fighter_form_px"]["met"] is True


def test_the_scripted_fight_reports_its_taps_and_each_steps_share_against_its_target():
    s = sample_run()
    s.fight_taps = [55]
    s.fight_steps = {"exchange": 3, "bow shot": 3}
    r = bench_report.results(s, {})
    assert r["fight_taps"] == 55 and r["targets"]["fight_taps"]["met"] is False
    assert r["fight"]["steps"] == {"exchange": 3, "bow shot": 3}
    s.fight_taps = [48]
    assert bench_report.results(s, {})["targets"]["fight_taps"]["met"] is True


def test_the_live_table_reports_the_p95_update_and_the_median_first_qr_code_against_their_targets():
    s = sample_run()
    s.live_update_ms = [float(x) for x in range(100, 300, 10)]  # 20 resolves: p95 is the 19th
    s.qr_ms = [150.0, 90.0, 400.0]
    r = bench_report.results(s, {})
    assert r["live_update_ms"] == 280.0 and r["targets"]["live_update_ms"]["met"] is False
    assert r["qr_ms"] == 150.0 and r["targets"]["qr_ms"]["met"] is True
    assert r["live"]["update"]["n"] == 20 and r["live"]["qr"]["max"] == 400.0
    text = bench_report.table(r)
    assert "live table: a resolve on the GM's phone → a player's page shows it" in text
    assert "p95 280.0 ms" in text


def test_missing_figures_are_none_and_their_target_unknown():
    r = bench_report.results(bench_report.Samples(runs=0), {})
    for key in HEADLINE:
        assert r[key] is None, key
    assert all(t["met"] is None for t in r["targets"].values())
    assert "n/a" in bench_report.table(r)


def test_the_table_shows_medians_ratios_and_every_target():
    text = bench_report.table(bench_report.results(sample_run(), {"chromium": "Chromium 1", "cpus": 2}))
    assert "engine ready" in text and "1.15×" in text
    assert "p95 38.0 ms" in text
    for t in bench_report.TARGETS.values():
        assert t[2] in text
    assert "MISS" in text and "ok" in text


# ---------------------------------------------------------------- the command


def test_build_py_bench_hands_its_arguments_to_bench_py():
    assert build.main(["bench", "--runs", "0"]) == 2  # bench.py's own argument check, reached through build.py


def test_the_apps_render_path_is_the_headline_apply_when_it_was_timed():
    s = sample_run()
    r = bench_report.results(s, {})
    assert r["apply_path"].startswith("JS→worker→answer")  # no render path timed: labelled so
    s.ui_apply_ms = [10.0] * 19 + [30.0]
    r = bench_report.results(s, {})
    assert r["apply_path"].startswith("JS→worker→render")
    assert r["apply_p95_ms"] == 10.0 and r["apply_ui"]["max"] == 30.0
    assert r["apply"]["p95_ms"] == 38.0  # the engine-client figure stays in the detail
    assert "Next round clicked" in bench_report.table(r)


# ---------------------------------------------------------------- the forecast of three against three


def test_the_forecast_reference_is_three_pcs_against_three_npcs_and_is_simulated():
    enc = bench.forecast_3v3_encounter()
    sides = [(e["side"], e["fighter"].get("role", "pc")) for e in enc["log"]]
    assert sides == [("players", "pc")] * 3 + [("foes", "npc")] * 3
    answer = call("forecast", encounter=enc, samples=20)
    assert answer["ok"], answer
    r = answer["result"]
    assert r["method"] == "simulation" and r["samples"] == 20 and r["stop"] == "samples"
    assert 0 < r["halfwidth"] < 1


def test_the_forecast_headline_is_the_median_of_the_pages_answers_against_its_targets():
    s = sample_run()
    s.forecast_3v3 = [{"ms": 900.0, "halfwidth": 0.03}, {"ms": 1300.0, "halfwidth": 0.05},
                      {"ms": 1000.0, "halfwidth": 0.019}]
    r = bench_report.results(s, {})
    assert r["forecast_3v3_ms"] == 1000.0 and r["forecast_3v3_halfwidth"] == 0.03
    assert r["targets"]["forecast_3v3_ms"]["met"] is True
    assert r["targets"]["forecast_3v3_halfwidth"]["met"] is False
    assert r["forecast_3v3"] == s.forecast_3v3
    assert bench_report.results(sample_run(), {})["forecast_3v3_ms"] is None  # not measured


def test_a_tap_on_the_phone_reports_p95_paints_and_the_slowest_tap_against_their_targets():
    s = sample_run()
    s.resolve_paint_ms = [float(x) for x in range(20, 40)]
    s.resolve_paint_4x_ms = [float(x) for x in range(60, 160, 5)]  # 20 resolves: p95 is the 19th
    s.tap_inp_4x_ms = [0.0, 48.0, 120.0]
    r = bench_report.results(s, {})
    assert r["resolve_paint_ms"] == 38.0
    assert r["resolve_paint_4x_ms"] == 150.0 and r["targets"]["resolve_paint_4x_ms"]["met"] is False
    assert r["tap_inp_4x_ms"] == 120.0 and r["targets"]["tap_inp_4x_ms"]["met"] is False
    assert "Resolve → its result painted, p95 38.0 ms (n=20)" in bench_report.table(r)


def test_the_first_heavy_request_compares_a_warm_start_with_a_cold_one():
    s = sample_run()
    s.first_heavy_cold_ms = [300.0, 250.0, 400.0]
    s.first_heavy_warm_ms = [240.0, 260.0, 900.0]
    r = bench_report.results(s, {})
    assert r["cold_first_heavy_ms"] == 300.0 and r["warm_first_heavy_ms"] == 260.0
    assert r["first_heavy"]["warm_within_cold"] is True
    assert r["first_heavy"]["warm"]["max"] == 900.0
    assert "(the 500-event encounter opened) after a warm start: 260.0 ms" in bench_report.table(r)
    s.first_heavy_warm_ms = [310.0]
    assert bench_report.results(s, {})["first_heavy"]["warm_within_cold"] is False
    assert bench_report.results(sample_run(), {})["warm_first_heavy_ms"] is None  # not measured


class NoBrowser:
    """A browser the step must not use."""

    def new_context(self, **options):
        raise AssertionError("a step opened a page it cannot measure")


def test_the_player_step_skips_a_build_without_the_players_page_with_a_note(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>")  # an older build: no play.html
    b = bench.Bench(tmp_path, 2, lambda message: None)
    try:
        b.player(NoBrowser(), 0)
        b.player(NoBrowser(), 1)
    finally:
        b.server.server_close()
    assert b.samples.notes.count("players' page not measured: this build has no play.html") == 1
    assert bench_report.results(b.samples, {})["player_first_view_ms"] is None


def test_the_live_updates_skip_a_build_whose_live_table_has_no_players_page_with_a_note(tmp_path):
    (tmp_path / "js" / "data").mkdir(parents=True)
    (tmp_path / "js" / "data" / "live-table.js").write_text("")  # the live table before play.html
    b = bench.Bench(tmp_path, 1, lambda message: None)
    try:
        b.live_updates(NoBrowser(), None, "join link")
    finally:
        b.server.server_close()
    assert "live updates not measured: this build has no play.html" in b.samples.notes
    assert b.samples.live_update_ms == []
