// Bench page (python build.py bench): the app's engine client and worker, unchanged, plus
// timing helpers the bench calls with page.evaluate. Timings are taken here, in the page, with
// performance.now(): JS → worker → Python → worker → JS, JSON.parse of the answer included.
import { Engine } from "../js/engine/engine.js";

const engine = new Engine();
const status = document.getElementById("status");

/** Time one request: {ms, response}. A failed request throws, so no timing of an error. */
async function timed(action, args) {
  const t0 = performance.now();
  const response = await engine.request(action, args);
  const ms = performance.now() - t0;
  if (!response.ok) throw new Error(`${action}: ${response.error.type}: ${response.error.message}`);
  return { ms, response };
}

/** The same request `repeats` times: the first call's time (fresh caches) and the others. */
async function repeat(action, args, repeats) {
  const first = await timed(action, args);
  const again = [];
  for (let i = 1; i < repeats; i++) again.push((await timed(action, args)).ms);
  return { first_ms: first.ms, repeat_ms: again, result: first.response.result };
}

/** Open `encounter` (its log replayed once), then time `count` applies of `event`, each
 * followed by an untimed undo so every timed apply starts from the same state. The first
 * `warmup` applies are timed separately. Every other apply sends `log_from` as the app does
 * (the answer's log lines only the new ones), interleaved with one asking for the whole view;
 * the JSON.parse of each kind of answer is timed on its own too. */
async function applyBench(encounter, event, count, warmup) {
  const id = "bench";
  const opened = await timed("encounter.open", { id, encounter });
  let rev = opened.response.result.rev;
  const whole = [];
  const lines = [];
  const text = {};
  for (let i = 0; i < 2 * (warmup + count); i++) {
    const kind = i % 2 ? "lines" : "whole";
    const args = kind === "lines" ? { id, rev, event, log_from: rev } : { id, rev, event };
    const t0 = performance.now();
    const json = await engine.request("encounter.apply", args);
    (kind === "lines" ? lines : whole).push(performance.now() - t0);
    if (!json.ok) throw new Error(`encounter.apply: ${json.error.message}`);
    text[kind] = JSON.stringify(json);
    rev = json.result.rev;
    const undo = await engine.request("encounter.apply", { id, rev, event: { t: "undo" } });
    if (!undo.ok) throw new Error(`undo: ${undo.error.message}`);
    rev = undo.result.rev;
  }
  const parseMs = (answer) => {
    const t0 = performance.now();
    for (let i = 0; i < 50; i++) JSON.parse(answer);
    return (performance.now() - t0) / 50;
  };
  return {
    open_ms: opened.ms,
    log_events: encounter.log.length,
    warmup_ms: whole.slice(0, warmup),
    apply_ms: whole.slice(warmup),
    apply_lines_ms: lines.slice(warmup),
    view_chars: JSON.stringify(JSON.parse(text.whole).result.view).length,
    view_lines_chars: JSON.stringify(JSON.parse(text.lines).result.view).length,
    parse_ms: parseMs(text.whole),
    parse_lines_ms: parseMs(text.lines),
  };
}

window.pyfudgeBench = { engine, timed, repeat, applyBench };

engine.ready.then(
  () => {
    performance.mark("engine-ready");
    status.textContent = "Ready.";
    document.documentElement.dataset.engine = "ready";
  },
  (err) => {
    status.textContent = `Failed: ${err.message}`;
    document.documentElement.dataset.engine = "failed";
  },
);
