// The rules engine: Pyodide and the pyfudge wheel, off the main thread.
//
// Messages in:  {type: "init", lock, testHooks} first (from engine.js), then {id, json}
//               (a request for pyfudge.api.handle); and the test hooks' (test-hooks.js; only
//               in builds made with --test-hooks: build.py strips them from shipped ones).
// Messages out: {type: "alive"} once this worker holds its lifeline lock;
//               {type: "phase", phase} as each phase of the start begins (engine-start.js PHASES);
//               {type: "ready", build, start} or {type: "failed", message}, once (start: how
//               the engine started: "snapshot", "fresh" or "fallback", see js/engine/engine-start.js);
//               {type: "snapshot", kept, bytes, makeMs, keepMs} after a normal start, once its memory
//               snapshot was stored (kept) or could not be (engine-snapshot.js);
//               {id, json} per request;
//               {type: "fatal", id, message} when the runtime broke (then the worker closes);
//               {type: "csp-violation", …} for each Content-Security-Policy violation here.
// Only strings cross: a PyProxy cannot be posted.
//
// pyfudge.api.handle never raises: a Python error, even a bug, comes back as a JSON error.
// So anything thrown by handle() means the runtime itself is broken (a Pyodide fatal error,
// a wasm trap, memory exhausted): this worker reports it and closes, and the client starts
// a fresh one. If the worker dies without a word (killed by the browser, out of memory), the
// client learns it from the lifeline: a Web Lock this worker holds until it is gone.
import { keepSnapshot, startEngine } from "./engine-start.js";
// <test-hooks>
import * as testHooks from "./test-hooks.js";
// </test-hooks>

let pyodide = null;
const enginePromise = startEngine((phase) => postMessage({ type: "phase", phase }));
const handlePromise = enginePromise.then((engine) => {
  pyodide = engine.pyodide;
  return engine.handle;
});

let settled = false;
function settle(message) {
  if (!settled) postMessage(message);
  settled = true;
}
const failed = (err) => settle({ type: "failed", message: err?.message ?? String(err) });
enginePromise.then(async (engine) => {
  settle({ type: "ready", build: engine.build, start: engine.kind });
  const kept = await keepSnapshot(engine);
  if (kept) postMessage({ type: "snapshot", ...kept });
}, failed);
// When a download fails, loadPyodide() can stay pending for ever while the error escapes
// as an unhandled rejection: that too means the start failed.
self.addEventListener("unhandledrejection", (event) => failed(event.reason));

// A violation here is invisible to the page's own listeners: tell the page.
self.addEventListener("securitypolicyviolation", (event) => {
  postMessage({
    type: "csp-violation",
    violatedDirective: event.violatedDirective,
    effectiveDirective: event.effectiveDirective,
    blockedURI: event.blockedURI,
    sourceFile: event.sourceFile,
    originalPolicy: event.originalPolicy,
    disposition: event.disposition,
  });
});

// Extras installed on demand (action -> wheel in the manifest's "wheels"): once, with micropip,
// from this site's own wheel URL — never by name, which would ask the public index.
const EXTRAS = { qr: "segno" };
const extras = new Map();

function installExtra(name) {
  if (!extras.has(name)) {
    const install = (async () => {
      const response = await fetch(new URL("../../manifest.json", import.meta.url));
      const wheel = response.ok ? (await response.json()).wheels?.[name] : null;
      if (!wheel) throw new Error(`this build ships no ${name} wheel`);
      await pyodide.loadPackage("micropip");
      await pyodide.pyimport("micropip").install(new URL(`../../${wheel}`, import.meta.url).href);
    })();
    install.catch(() => extras.delete(name)); // a failed install may be tried again
    extras.set(name, install);
  }
  return extras.get(name);
}

function extraFor(json) {
  // Only small requests need an extra; engine.js writes `"action":"<name>"` as is.
  if (json.length > 65536 || !Object.keys(EXTRAS).some((a) => json.includes(`"action":"${a}"`))) return null;
  try {
    return EXTRAS[JSON.parse(json)?.action] ?? null;
  } catch {
    return null;
  }
}

function init({ lock, testHooks: hooks }) {
  // <test-hooks>
  testHooks.enable(hooks);
  // </test-hooks>
  // Hold the lock until this worker is gone: the page waits for it to know when.
  if (lock && self.navigator?.locks) {
    navigator.locks.request(lock, () => {
      postMessage({ type: "alive" });
      return new Promise(() => {});
    }).catch(() => {});
  }
}

function fatal(id, err) {
  postMessage({ type: "fatal", id, message: err?.message ?? String(err) });
  self.close();
}

self.onmessage = async ({ data }) => {
  if (data?.type === "init") return init(data);
  // <test-hooks>
  if (testHooks.handleMessage(data, enginePromise)) return;
  // </test-hooks>
  if (typeof data?.json !== "string") return;
  const { id, json } = data;
  let handle;
  try {
    handle = await handlePromise;
  } catch (err) {
    // Never started: the page was told once ("failed"); answer this request as data.
    return postMessage({ id, error: { type: "EngineUnavailable", message: err?.message ?? String(err), field: null } });
  }
  const extra = extraFor(json);
  if (extra) {
    try {
      await installExtra(extra);
    } catch (err) {
      const message = `This needs the ${extra} package, which could not be installed (${err?.message ?? err}).`;
      return postMessage({ id, error: { type: "ExtraUnavailable", message, field: null } });
    }
  }
  try {
    // <test-hooks>
    testHooks.beforeRequest(pyodide);
    // </test-hooks>
    postMessage({ id, json: handle(json) });
  } catch (err) {
    fatal(id, err);
  }
};
