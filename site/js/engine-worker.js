// The rules engine: Pyodide and the pyfudge wheel, off the main thread.
//
// Messages in:  {type: "init", lock, testHooks} first (from engine.js), then {id, json}
//               (a request for pyfudge.api.handle); and the test hooks' (below; only in
//               builds made with --test-hooks: build.py strips them from shipped ones).
// Messages out: {type: "alive"} once this worker holds its lifeline lock;
//               {type: "ready", build, start} or {type: "failed", message}, once (start: how
//               the engine started, see startKind);
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
import { loadPyodide } from "../pyodide/pyodide.mjs";

import * as snapshot from "./engine-snapshot.js";

let pyodide = null;
// How this worker's engine started (told to the page with "ready"): "snapshot" (restored from
// this device's snapshot), "fresh" (a normal start), "fallback" (a snapshot failed to restore:
// deleted, then a normal start).
let startKind = "fresh";
let madeSnapshot = null; // {build, bytes, ms}: made at a normal start, stored once the engine is ready

/** This build's manifest (served by the service worker with the files it serves, when there
 * is one), or null when it cannot be read. */
async function readManifest() {
  try {
    const response = await fetch(new URL("../manifest.json", import.meta.url));
    const manifest = response.ok ? await response.json() : null;
    return typeof manifest?.version === "string" && manifest.version ? manifest : null;
  } catch {
    return null;
  }
}

/** The pyfudge wheel's bytes, checked against the manifest's sha256. */
async function fetchWheel(manifest) {
  const path = manifest.wheels?.pyfudge;
  if (!path) throw new Error("the manifest names no pyfudge wheel");
  const response = await fetch(new URL(`../${path}`, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await snapshot.sha256(bytes)) !== manifest.files?.[path]) throw new Error(`${path} is not this build's`);
  return bytes;
}

// packageBaseUrl is given so that nothing can fall back to a CDN: every file comes from this site.
const packageBaseUrl = new URL("../pyodide/", import.meta.url).href;

// When a download of Pyodide's own files fails, loadPyodide() may stay pending for ever (it
// only logs "wasm instantiation failed!"), or the error escapes as an unhandled rejection
// (below), depending on timing. So every fetch of them is watched: a failed one fails the start.
let downloadFailed;
let downloadError = null; // the first failed download, if any (not a snapshot's fault)
const downloadFailure = new Promise((_, reject) => {
  downloadFailed = (err) => { downloadError ??= err; reject(err); };
});
downloadFailure.catch(() => {}); // raced against each boot
const fetchFile = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const address = String(input?.url ?? input);
  const watched = address.startsWith(packageBaseUrl);
  try {
    const response = await fetchFile(input, init);
    if (watched && !response.ok) downloadFailed(new Error(`${address} could not be downloaded (HTTP ${response.status})`));
    return response;
  } catch (err) {
    if (watched) downloadFailed(new Error(`${address} could not be downloaded (${err?.message ?? err})`));
    throw err;
  }
};

/** Pyodide with the pyfudge wheel unpacked into site-packages. The wheel is unpacked here
 * rather than listed in loadPyodide's `packages`: a snapshot can only be made while Pyodide's
 * own list of loaded packages is empty. After a restore this puts the files back (a snapshot
 * holds memory, not files), so a module the snapshot had not imported (pyfudge.forecast) is
 * found. */
async function boot(options, wheel, manifest) {
  // The app's own standard library (build.py: what the engine imports, compiled), and a finder
  // that fetches Pyodide's full one the first time a module outside it is imported.
  const stdLibURL = new URL(`../${manifest.stdlib}`, import.meta.url).href;
  const full = new URL(`../${manifest.later[0]}`, import.meta.url).href;
  const py = await Promise.race([loadPyodide({ packageBaseUrl, stdLibURL, ...options }), downloadFailure]);
  py.unpackArchive(await wheel, "wheel", { extractDir: py.runPython("import site; site.getsitepackages()[0]") });
  py.runPython(`import importlib, _stdlib_fallback; importlib.invalidate_caches(); _stdlib_fallback.install(${JSON.stringify(full)})`);
  return py;
}

/** A restored engine must answer as a fresh one does before it is trusted. */
function checked(handle) {
  const answer = JSON.parse(handle(JSON.stringify({ v: 1, id: 0, action: "version" })));
  if (!answer?.ok || typeof answer.result?.pyfudge !== "string") throw new Error("the restored engine does not answer");
  return handle;
}

async function start() {
  const manifest = await manifestPromise;
  if (!manifest) {
    // No build to key a snapshot to: the plain start. The lock file (patched by build.py) lists
    // the wheel with its hash; `packages` fetches it while Python boots.
    pyodide = await Promise.race([loadPyodide({ packageBaseUrl, packages: ["pyfudge"] }), downloadFailure]);
    return pyodide.pyimport("pyfudge.api").handle;
  }
  const build = manifest.version;
  const wheel = fetchWheel(manifest); // fetched while Python boots
  wheel.catch(() => {}); // awaited below
  const saved = await snapshot.take(build);
  let make = !saved?.failed; // this build's snapshots failed twice on this device: none more
  let retry = !!saved?.retry;
  if (saved?.bytes) {
    try {
      pyodide = await boot({ _loadSnapshot: saved.bytes }, wheel, manifest);
      const handle = checked(pyodide.pyimport("pyfudge.api").handle);
      startKind = "snapshot";
      saved.settle(true);
      return handle;
    } catch (err) {
      // A file that could not be downloaded fails any start: not the snapshot's fault, kept.
      if (downloadError || !(await wheel.then(() => true, () => false))) {
        await saved.settle(true);
        throw err;
      }
      console.warn(`pyfudge: the engine's snapshot could not be restored; starting normally (${err?.message ?? err})`);
      make = await saved.settle(false);
      retry = true;
      startKind = "fallback";
    }
  }
  // A snapshot can only be made by an engine started with _makeSnapshot (which only records
  // which globals Python reaches). It is made here, before any request: the state it keeps is
  // exactly a fresh engine's; it is stored later, off the critical path (keepSnapshot).
  pyodide = await boot(make ? { _makeSnapshot: true } : {}, wheel, manifest);
  const handle = pyodide.pyimport("pyfudge.api").handle;
  if (!make) return handle;
  try {
    const began = performance.now();
    madeSnapshot = { build, bytes: pyodide.makeMemorySnapshot(), ms: performance.now() - began, retry };
  } catch (err) {
    console.warn(`pyfudge: no snapshot of the engine (${err?.message ?? err})`);
  }
  return handle;
}

/** Store the snapshot made at start a while after the engine is ready (its first requests
 * come first); tells the page whether it was kept. */
const KEEP_AFTER_MS = 1000;
function keepSnapshot() {
  if (!madeSnapshot) return;
  const { build, bytes, ms, retry } = madeSnapshot;
  madeSnapshot = null;
  setTimeout(async () => {
    const began = performance.now();
    const kept = await snapshot.keep(build, bytes, retry);
    postMessage({ type: "snapshot", kept, bytes: bytes.length, makeMs: Math.round(ms),
      keepMs: Math.round(performance.now() - began) });
  }, KEEP_AFTER_MS);
}

const manifestPromise = readManifest();
const handlePromise = start();

let settled = false;
function settle(message) {
  if (!settled) postMessage(message);
  settled = true;
}
const failed = (err) => settle({ type: "failed", message: err?.message ?? String(err) });
handlePromise.then(async () => {
  settle({ type: "ready", build: (await manifestPromise)?.version ?? null, start: startKind });
  keepSnapshot();
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
      const response = await fetch(new URL("../manifest.json", import.meta.url));
      const wheel = response.ok ? (await response.json()).wheels?.[name] : null;
      if (!wheel) throw new Error(`this build ships no ${name} wheel`);
      await pyodide.loadPackage("micropip");
      await pyodide.pyimport("micropip").install(new URL(`../${wheel}`, import.meta.url).href);
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

// <test-hooks>
// Test hooks, when engine.js started this worker with testHooks: {type: "test-crash", how}
// ("close", "fatal", or "eval": try eval, which the Content-Security-Policy must refuse; "hang":
// the next request never ends, as Python stuck in a loop); {id, python, files}: write files
// ({path: text}) and run the Python code, whose value (a str) is the answer.
let testHooks = false;
let crashNext = null; // test hook: break the runtime while handling the next request
// </test-hooks>

function init({ lock, testHooks: hooks }) {
  // <test-hooks>
  testHooks = hooks === true;
  // </test-hooks>
  // Hold the lock until this worker is gone: the page waits for it to know when.
  if (lock && self.navigator?.locks) {
    navigator.locks.request(lock, () => {
      postMessage({ type: "alive" });
      return new Promise(() => {});
    }).catch(() => {});
  }
}

// <test-hooks>
function testCrash(how) {
  if (how === "close") self.close(); // dies without a word
  else if (how === "fatal" || how === "hang") crashNext = how;
  else if (how === "eval") {
    try {
      (0, eval)("1"); // the policy must refuse this: a violation the page hears of
    } catch {
      // EvalError, as it should
    }
  }
}

/** Test hook: run Python beside the engine (the golden rulebook examples run this way). */
async function testPython({ id, python, files }) {
  try {
    await handlePromise;
    for (const [path, text] of Object.entries(files ?? {})) {
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
      pyodide.FS.writeFile(path, text);
    }
    postMessage({ id, json: JSON.stringify({ ok: true, result: String(pyodide.runPython(python)) }) });
  } catch (err) {
    postMessage({ id, json: JSON.stringify({ ok: false, error: { type: "PythonError", message: String(err?.message ?? err) } }) });
  }
}
// </test-hooks>

function fatal(id, err) {
  postMessage({ type: "fatal", id, message: err?.message ?? String(err) });
  self.close();
}

self.onmessage = async ({ data }) => {
  if (data?.type === "init") return init(data);
  // <test-hooks>
  if (data?.type === "test-crash") return testHooks ? testCrash(data.how) : undefined;
  if (data?.python !== undefined) return testHooks ? testPython(data) : undefined;
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
    if (crashNext) {
      const how = crashNext;
      crashNext = null;
      if (how === "hang") pyodide.runPython("while True:\n    pass"); // never returns
      pyodide._api.fatal_error(new Error("test crash: the runtime was broken on purpose"));
    }
    // </test-hooks>
    postMessage({ id, json: handle(json) });
  } catch (err) {
    fatal(id, err);
  }
};
