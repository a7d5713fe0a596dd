// Client for the rules engine running in a Web Worker (engine-worker.js).
// Every call is one JSON request to pyfudge.api.handle, matched to its answer by id.
// Calls made before the engine is ready wait in a queue. Failures come back as data,
// like the engine's own errors: {ok: false, error: {type, message, field}}.
//
// Crash recovery. When the worker dies (its runtime broke, or the browser killed it), every
// request still waiting resolves with {ok: false, error: {type: "EngineRestarted", …}}
// (nothing is lost silently; the request was not applied), and a fresh worker starts at
// once; requests made meanwhile wait for it. The engine then holds no open encounters:
// the app reopens them from storage (session.js does, on the SessionError it gets). A worker
// that dies while restarting (or never says it is alive) is a crash like any other: restarted
// again, until MAX_CRASHES in CRASH_WINDOW_MS; then the engine gives up ("failed").
// Events, on the Engine (an EventTarget):
//   "crash"    {detail: {message, hung}}  the worker died, or answered nothing for watchdogMs
//              while requests waited (hung: true); a new one is starting (state "restarting")
//   "restart"  {detail: {build}}    the new worker is ready (state "ready"): reopen encounters
//   "phase"    {detail: {phase}}   the worker began a phase of its start (engine-start.js PHASES),
//              also kept in `engine.phase`
//   "failed"   {detail: {message, error}}  no engine any more (state "failed"): every request
//              now answers error.type "EngineUnavailable" — or "UpdateRequired" when the
//              restarted worker came from another build than the page (a new version was
//              activated meanwhile): the page must be reloaded, never mixed.
// `engine.build` is the build version the engine runs (from manifest.json), null if unknown;
// `engine.start` how its worker started (engine-worker.js: from this device's snapshot or not).
//
// Test hooks: only in a build made with `python build.py build --test-hooks` (the e2e tests'),
// in the blocks marked `<test-hooks>`, which build.py strips from a shipped build (test-hooks.js).
// <test-hooks>
import * as testHooks from "./test-hooks.js";
// </test-hooks>

// Watchdog: requests are waiting and the worker has said nothing for this long — Python is
// stuck (a loop that never ends): the worker is treated as crashed and restarted. Far above
// the slowest real request (opening a 20,000-event file on a slow phone).
const WATCHDOG_MS = 60_000;
const MAX_CRASHES = 3; // within CRASH_WINDOW_MS: then stop restarting (a request that always crashes)
const CRASH_WINDOW_MS = 60_000;
// A restarted worker says "alive" as soon as its script runs (its files are cached by then):
// one that says nothing for this long died before it could hold its lifeline — a crash too.
const RESTART_ALIVE_MS = 20_000;
let TEST_HOOKS = false; // with `?test-hooks` in the page's address (test-hooks.js)
// <test-hooks>
TEST_HOOKS = testHooks.requested;
// </test-hooks>

const restartedError = (message) => ({
  type: "EngineRestarted",
  message: `The dice engine stopped unexpectedly and was restarted; this was not applied. Try again. (${message})`,
  field: null,
});

export class Engine extends EventTarget {
  #worker = null;
  #generation = 0; // which worker is current; messages of older ones are ignored
  #nextId = 1;
  #pending = new Map(); // id -> resolve
  #queue = []; // requests waiting for "ready"
  #failure = null; // the error every answer gets once the engine cannot run
  #crashes = []; // times of recent crashes
  #lockPrefix = `pyfudge-engine-${Math.random().toString(36).slice(2)}-`;
  #firstStart; // {resolve, reject} of this.ready
  #watchdog = null; // timer: fires when the worker has been silent for watchdogMs with requests waiting
  #aliveTimer = null; // timer: a restarting worker that never says "alive" died starting

  constructor() {
    super();
    this.state = "loading";
    this.build = null;
    this.start = null; // how the current worker started: "snapshot", "fresh" or "fallback"
    this.phase = null; // the phase of its start the current worker is in (engine-start.js PHASES)
    this.snapshot = null; // {kept, bytes, makeMs, keepMs} once a fresh worker stored its snapshot (or failed to)
    this.restarts = 0;
    this.watchdogMs = WATCHDOG_MS; // tests may lower it (with ?test-hooks)
    /** Resolves when the engine is first ready; rejects with the reason it cannot start. */
    this.ready = new Promise((resolve, reject) => {
      this.#firstStart = { resolve, reject };
    });
    this.ready.catch(() => {}); // a caller that never awaits it still gets error answers
    // <test-hooks>
    if (TEST_HOOKS) testHooks.attach(this, { send: (make) => this.#send(make), worker: () => this.#worker });
    // </test-hooks>
    this.#spawn();
  }

  /** Ask the engine: resolves with the response object, never rejects. */
  request(action, args = {}) {
    if (this.#failure) return Promise.resolve({ v: 1, id: this.#nextId++, ok: false, error: this.#failure });
    return this.#send((id) => ({ id, json: JSON.stringify({ v: 1, id, action, args }) }));
  }

  /** Post make(id) to the worker under a fresh id (queued until it is ready); resolves with the answer. */
  #send(make) {
    const id = this.#nextId++;
    const message = make(id);
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      if (this.state === "ready") this.#post(message);
      else this.#queue.push(message);
    });
  }

  #spawn() {
    const generation = ++this.#generation;
    const lock = this.#lockPrefix + generation;
    // The worker is a blob: module that imports engine-worker.js, because a worker made from a
    // blob: URL inherits this page's Content-Security-Policy (its <meta> tag), while one made
    // from a URL only gets a policy from HTTP headers — which static hosts rarely let us set,
    // and which Chromium does not take from a service worker's answer. So eval() stays refused
    // in the worker too. ('worker-src' allows blob: for this; only code already running here
    // can make a blob: URL.)
    const source = new Blob([`import ${JSON.stringify(new URL("./engine-worker.js", import.meta.url).href)};\n`],
      { type: "text/javascript" });
    const address = URL.createObjectURL(source);
    const worker = new Worker(address, { type: "module" });
    this.#worker = worker;
    const current = () => generation === this.#generation && !this.#failure;
    clearTimeout(this.#aliveTimer);
    this.#aliveTimer = this.state === "restarting" ? setTimeout(() => {
      if (current() && this.state === "restarting") this.#crash("its new worker did not start");
    }, RESTART_ALIVE_MS) : null;
    worker.onmessage = ({ data }) => {
      URL.revokeObjectURL(address); // loaded: it speaks
      if (!current()) return;
      if (data.type === "alive") clearTimeout(this.#aliveTimer);
      if (data.type === "ready") this.#started(data.build ?? null, data.start ?? null);
      else if (data.type === "phase") this.#entered(data.phase);
      else if (data.type === "snapshot") this.snapshot = { kept: data.kept, bytes: data.bytes, makeMs: data.makeMs, keepMs: data.keepMs };
      else if (data.type === "failed" && this.state === "restarting") {
        // A restart that fails to boot (memory short on a phone, a download cut) is tried again
        // like any crash, within the budget; a first start that fails is reported as such.
        this.#crash(`its new worker could not start: ${data.message}`);
      } else if (data.type === "failed") this.#startFailed(data.message);
      else if (data.type === "fatal") this.#crash(data.message);
      else if (data.type === "alive") this.#watch(lock, generation);
      else if (data.type === "csp-violation") reportViolation(data);
      else this.#answer(data);
      this.#rearm();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (!current()) return;
      const message = event.message || "the engine's script could not be loaded";
      // An uncaught error: do not trust the worker. While restarting, a crash like any other:
      // the next restart is tried within the budget (MAX_CRASHES).
      if (this.state === "ready" || this.state === "restarting") this.#crash(message);
      else this.#startFailed(message);
    };
    worker.postMessage({ type: "init", lock, testHooks: TEST_HOOKS });
  }

  /** The worker holds its lock until it is gone: when we get it, the worker died. */
  #watch(lock, generation) {
    navigator.locks?.request(lock, () => {
      if (generation === this.#generation && !this.#failure) {
        if (this.state === "ready") this.#crash("its worker stopped");
        // A death during a restart is a crash like any other (a phone reclaiming memory may
        // kill the new worker too): restart again, within the budget.
        else if (this.state === "restarting") this.#crash("its worker stopped while restarting");
        else this.#startFailed("the engine's worker stopped while starting");
      }
    }).catch(() => {});
  }

  #entered(phase) {
    this.phase = phase;
    this.dispatchEvent(new CustomEvent("phase", { detail: { phase } }));
  }

  #started(build, start) {
    if (this.state === "restarting" && this.build && build && build !== this.build) {
      // Another build's files (a new version was activated while this page ran): mixing the
      // page of one build with the engine of another is never safe.
      this.#worker.terminate();
      return this.#fail({
        type: "UpdateRequired",
        message: "A new version of pyfudge was installed while this page was open. Reload the page to use it; your encounters are saved.",
        field: null,
      });
    }
    const restarted = this.state === "restarting";
    this.build = build;
    this.start = start;
    this.state = "ready";
    for (const message of this.#queue.splice(0)) this.#post(message);
    if (restarted) {
      this.restarts++;
      this.dispatchEvent(new CustomEvent("restart", { detail: { build } }));
    } else {
      this.#firstStart.resolve();
    }
  }

  #startFailed(message) {
    this.#worker.terminate();
    const restarting = this.state === "restarting";
    this.#fail({
      type: "EngineUnavailable",
      message: restarting ? `The dice engine stopped and could not be restarted: ${message}` : message,
      field: null,
    });
    if (!restarting) this.#firstStart.reject(new Error(message));
  }

  #post(message) {
    this.#worker.postMessage(message);
    if (!this.#watchdog) this.#rearm();
  }

  /** The worker spoke (or was given work): wait watchdogMs more, while requests wait. */
  #rearm() {
    clearTimeout(this.#watchdog);
    this.#watchdog = null;
    if (this.state !== "ready" || !this.#pending.size) return;
    const generation = this.#generation;
    this.#watchdog = setTimeout(() => {
      this.#watchdog = null;
      if (generation !== this.#generation || this.state !== "ready" || !this.#pending.size) return;
      const seconds = Math.round(this.watchdogMs / 100) / 10;
      this.#crash(`it did not answer for ${seconds} s: Python seems stuck in a loop`, true);
    }, this.watchdogMs);
  }

  #crash(message, hung = false) {
    clearTimeout(this.#watchdog);
    this.#watchdog = null;
    clearTimeout(this.#aliveTimer);
    this.#worker.terminate();
    const now = Date.now();
    this.#crashes = [...this.#crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    const error = restartedError(message);
    // Requests the dead worker had; those still queued (never sent: made while restarting)
    // wait for the next worker.
    const queued = new Set(this.#queue.map((m) => m.id));
    for (const [id, resolve] of this.#pending) {
      if (queued.has(id)) continue;
      resolve({ v: 1, id, ok: false, error });
      this.#pending.delete(id);
    }
    if (this.#crashes.length >= MAX_CRASHES) {
      return this.#fail({
        type: "EngineUnavailable",
        message: `The dice engine keeps stopping (${message}). Reload the page; your encounters are saved.`,
        field: null,
      });
    }
    this.state = "restarting";
    this.dispatchEvent(new CustomEvent("crash", { detail: { message, hung } }));
    this.#spawn();
  }

  #answer({ id, json, error }) {
    const resolve = this.#pending.get(id);
    if (!resolve) return;
    this.#pending.delete(id);
    resolve(json !== undefined ? JSON.parse(json) : { v: 1, id, ok: false, error });
  }

  #fail(error) {
    if (this.#failure) return;
    const wasUp = this.state !== "loading";
    this.state = "failed";
    this.#failure = error;
    for (const [id, resolve] of this.#pending) resolve({ v: 1, id, ok: false, error });
    this.#pending.clear();
    this.#queue = [];
    if (wasUp) this.dispatchEvent(new CustomEvent("failed", { detail: { message: error.message, error } }));
  }
}

/** Re-dispatch a violation reported by the worker on the page's document, where the page's
 * own violations are dispatched, so one listener sees both; and log it. */
function reportViolation(data) {
  console.error(`Content-Security-Policy violation in the engine's worker: ${data.effectiveDirective} blocked ${data.blockedURI}`);
  if (typeof document === "undefined") return;
  let event;
  try {
    event = new SecurityPolicyViolationEvent("securitypolicyviolation", {
      bubbles: true,
      composed: true,
      documentURI: location.href,
      violatedDirective: data.violatedDirective ?? "",
      effectiveDirective: data.effectiveDirective ?? "",
      originalPolicy: data.originalPolicy ?? "",
      disposition: data.disposition ?? "enforce",
      blockedURI: data.blockedURI ?? "",
      sourceFile: data.sourceFile ?? "",
      statusCode: 0,
    });
  } catch {
    event = new CustomEvent("securitypolicyviolation", { bubbles: true, detail: data });
  }
  document.dispatchEvent(event);
}
