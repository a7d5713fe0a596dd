// The engine's start, shared by the engine worker (js/engine/engine-worker.js) and the bench's
// main-thread page (bench/main-app.js, the phone proxy): Pyodide with the app's own standard
// library and the pyfudge wheel, restored from this device's memory snapshot when it has one
// for this build, else started and snapshotted (js/engine/engine-snapshot.js).
//   const engine = await startEngine(onPhase);  // {pyodide, handle, kind, build}
//   keepSnapshot(engine)                         // later, off the critical path: {kept, bytes, makeMs, keepMs} or null
// The start runs in named phases (PHASES), each told to onPhase(name) as it begins.
import { loadPyodide } from "../../pyodide/pyodide.mjs";

import * as snapshot from "./engine-snapshot.js";

/** The phases of a start, in order; a start skips those it does not need. */
export const PHASES = Object.freeze({
  manifest: "read-manifest", // this build's manifest: its version, wheel and standard library
  snapshot: "find-snapshot", // this device's memory snapshot of this build, if any
  pyodide: "load-pyodide", // Python itself, from the snapshot when there is one
  wheel: "install-wheel", // the pyfudge wheel unpacked into site-packages
  stdlib: "mount-stdlib", // the finder that fetches the full standard library when needed
  check: "check-restored", // a restored engine answers as a fresh one does
  make: "make-snapshot", // a fresh engine's memory, for the next start
  ready: "ready",
});

/** This build's manifest (served by the service worker with the files it serves, when there
 * is one), or null when it cannot be read. */
async function readManifest() {
  try {
    const response = await fetch(new URL("../../manifest.json", import.meta.url));
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
  const response = await fetch(new URL(`../../${path}`, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await snapshot.sha256(bytes)) !== manifest.files?.[path]) throw new Error(`${path} is not this build's`);
  return bytes;
}

// packageBaseUrl is given so that nothing can fall back to a CDN: every file comes from this site.
const packageBaseUrl = new URL("../../pyodide/", import.meta.url).href;

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
async function boot(options, wheel, manifest, phase) {
  // The app's own standard library (build.py: what the engine imports, compiled), and a finder
  // that fetches Pyodide's full one the first time a module outside it is imported.
  const stdLibURL = new URL(`../../${manifest.stdlib}`, import.meta.url).href;
  const full = new URL(`../../${manifest.later[0]}`, import.meta.url).href;
  phase(PHASES.pyodide);
  const py = await Promise.race([loadPyodide({ packageBaseUrl, stdLibURL, ...options }), downloadFailure]);
  phase(PHASES.wheel);
  py.unpackArchive(await wheel, "wheel", { extractDir: py.runPython("import site; site.getsitepackages()[0]") });
  phase(PHASES.stdlib);
  py.runPython(`import importlib, _stdlib_fallback; importlib.invalidate_caches(); _stdlib_fallback.install(${JSON.stringify(full)})`);
  return py;
}

/** A restored engine must answer as a fresh one does before it is trusted. */
function checked(handle) {
  const answer = JSON.parse(handle(JSON.stringify({ v: 1, id: 0, action: "version" })));
  if (!answer?.ok || typeof answer.result?.pyfudge !== "string") throw new Error("the restored engine does not answer");
  return handle;
}

/** The engine started: {pyodide, handle, kind, build, made}. kind: "snapshot" (restored from
 * this device's snapshot), "fresh" (a normal start), "fallback" (a snapshot failed to restore:
 * deleted, then a normal start). made: the snapshot this start made ({build, bytes, ms, retry}),
 * for keepSnapshot. onPhase(name) hears each phase (PHASES) as it begins. */
export async function startEngine(onPhase = () => {}) {
  onPhase(PHASES.manifest);
  const manifest = await readManifest();
  const engine = manifest ? await startBuild(manifest, onPhase) : await startPlain(onPhase);
  onPhase(PHASES.ready);
  return engine;
}

/** No build to key a snapshot to: the plain start. The lock file (patched by build.py) lists
 * the wheel with its hash; `packages` fetches it while Python boots. */
async function startPlain(phase) {
  phase(PHASES.pyodide);
  const pyodide = await Promise.race([loadPyodide({ packageBaseUrl, packages: ["pyfudge"] }), downloadFailure]);
  return { pyodide, handle: pyodide.pyimport("pyfudge.api").handle, kind: "fresh", build: null, made: null };
}

/** This build's start: from this device's snapshot when it has a good one, else fresh. */
async function startBuild(manifest, phase) {
  const build = manifest.version;
  const wheel = fetchWheel(manifest); // fetched while Python boots
  wheel.catch(() => {}); // awaited below
  phase(PHASES.snapshot);
  const saved = await snapshot.take(build);
  let make = !saved?.failed; // this build's snapshots failed twice on this device: none more
  let retry = !!saved?.retry;
  let kind = "fresh";
  if (saved?.bytes) {
    try {
      const pyodide = await boot({ _loadSnapshot: saved.bytes }, wheel, manifest, phase);
      phase(PHASES.check);
      const handle = checked(pyodide.pyimport("pyfudge.api").handle);
      saved.settle(true);
      return { pyodide, handle, kind: "snapshot", build, made: null };
    } catch (err) {
      // A file that could not be downloaded fails any start: not the snapshot's fault, kept.
      if (downloadError || !(await wheel.then(() => true, () => false))) {
        await saved.settle(true);
        throw err;
      }
      console.warn(`pyfudge: the engine's snapshot could not be restored; starting normally (${err?.message ?? err})`);
      make = await saved.settle(false);
      retry = true;
      kind = "fallback";
    }
  }
  // A snapshot can only be made by an engine started with _makeSnapshot (which only records
  // which globals Python reaches). It is made here, before any request: the state it keeps is
  // exactly a fresh engine's; it is stored later, off the critical path (keepSnapshot).
  const pyodide = await boot(make ? { _makeSnapshot: true } : {}, wheel, manifest, phase);
  const handle = pyodide.pyimport("pyfudge.api").handle;
  return { pyodide, handle, kind, build, made: make ? makeSnapshot(pyodide, build, retry, phase) : null };
}

/** The memory snapshot of a fresh engine ({build, bytes, ms, retry}), or null when it cannot be made. */
function makeSnapshot(pyodide, build, retry, phase) {
  phase(PHASES.make);
  try {
    const began = performance.now();
    return { build, bytes: pyodide.makeMemorySnapshot(), ms: performance.now() - began, retry };
  } catch (err) {
    console.warn(`pyfudge: no snapshot of the engine (${err?.message ?? err})`);
    return null;
  }
}

/** Store the snapshot a start made, a while after the engine is ready (its first requests come
 * first): {kept, bytes, makeMs, keepMs}, or null when the start made none. */
const KEEP_AFTER_MS = 1000;
export async function keepSnapshot(engine) {
  const made = engine.made;
  if (!made) return null;
  engine.made = null;
  await new Promise((resolve) => setTimeout(resolve, KEEP_AFTER_MS));
  const began = performance.now();
  const kept = await snapshot.keep(made.build, made.bytes, made.retry);
  return { kept, bytes: made.bytes.length, makeMs: Math.round(made.ms), keepMs: Math.round(performance.now() - began) };
}
