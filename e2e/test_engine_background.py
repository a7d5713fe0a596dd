"""Background requests (js/engine/engine.js): the odds previews wait on the page while the worker
has other work, go one at a time, and a newer preview replaces one still waiting — so a tap's own
request (an apply, the players' view) never waits behind a preview nobody may look at."""

from __future__ import annotations

import pytest
from conftest import app_ready

pytestmark = pytest.mark.usefixtures("hooked_build")  # drives ?test-hooks

ORDER = """async () => {
  const done = [];
  const note = (name) => (answer) => { done.push([name, answer.ok ? "ok" : answer.error.type]); return answer; };
  const busy = pyfudgeEngine.testPython("sum(range(2_000_000))").then(note("busy"));
  const old = pyfudgeEngine.request("ladder", {}, { lane: "odds" }).then(note("old preview"));
  const fresh = pyfudgeEngine.request("ladder", {}, { lane: "odds" }).then(note("new preview"));
  const tap = pyfudgeEngine.request("ladder").then(note("tap"));
  await Promise.all([busy, old, fresh, tap]);
  return done;
}"""


def test_a_tap_goes_before_a_waiting_preview_and_a_newer_preview_replaces_it(open_context, site):
    page = open_context().new_page()
    page.goto(site.url + "?test-hooks")
    app_ready(page)
    assert page.evaluate(ORDER) == [
        ["old preview", "Superseded"],  # replaced while it waited: never ran
        ["busy", "ok"],
        ["tap", "ok"],  # made after the previews, answered before the one left
        ["new preview", "ok"],
    ]


def test_background_requests_left_waiting_by_a_crash_run_on_the_new_worker(open_context, site):
    page = open_context().new_page()
    page.goto(site.url + "?test-hooks")
    app_ready(page)
    answers = page.evaluate("""async () => {
      pyfudgeEngine.watchdogMs = 1500;
      const stuck = pyfudgeEngine.testPython("while True:\\n    pass");
      const preview = pyfudgeEngine.request("ladder", {}, { lane: "odds" });
      return [(await stuck).error.type, (await preview).ok];
    }""")
    assert answers == ["EngineRestarted", True]  # the preview never reached the dead worker
