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
 * `warmup` applies are timed separately. */
async function applyBench(encounter, event, count, warmup) {
  const id = "bench";
  const opened = await timed("encounter.open", { id, encounter });
  let rev = opened.response.result.rev;
  const times = [];
  let viewChars = 0;
  for (let i = 0; i < warmup + count; i++) {
    const t0 = performance.now();
    const json = await engine.request("encounter.apply", { id, rev, event });
    times.push(performance.now() - t0);
    if (!json.ok) throw new Error(`encounter.apply: ${json.error.message}`);
    viewChars = JSON.stringify(json.result.view).length;
    rev = json.result.rev;
    const undo = await engine.request("encounter.apply", { id, rev, event: { t: "undo" } });
    if (!undo.ok) throw new Error(`undo: ${undo.error.message}`);
    rev = undo.result.rev;
  }
  return {
    open_ms: opened.ms,
    log_events: encounter.log.length,
    warmup_ms: times.slice(0, warmup),
    apply_ms: times.slice(warmup),
    view_chars: viewChars,
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
