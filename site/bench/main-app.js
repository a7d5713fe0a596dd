// The app's engine start (js/engine/engine-start.js, as js/engine/engine-worker.js runs it,
// and js/main.js up to "engine-ready") on the main thread, so that CDP CPU throttling slows it
// like a phone would: a phone proxy. Each phase of the start is marked ("phase:<name>"). A first visit starts Python and makes the memory snapshot (stored
// after ready: data-snapshot says when); the next visit restores it, as the app's worker does.
import { keepSnapshot, startEngine } from "../js/engine/engine-start.js";

const status = document.getElementById("status");
const root = document.documentElement;
performance.mark("engine-start");
try {
  const engine = await startEngine((phase) => performance.mark(`phase:${phase}`));
  performance.mark("pyodide-loaded"); // Python up (or restored), the wheel unpacked: the rest is pyfudge's
  for (const action of ["ladder", "version"]) {
    const answer = JSON.parse(engine.handle(JSON.stringify({ v: 1, id: action, action, args: {} })));
    if (!answer.ok) throw new Error(answer.error.message);
  }
  performance.mark("engine-ready");
  status.textContent = `Ready (${engine.kind}).`;
  root.dataset.start = engine.kind;
  root.dataset.engine = "ready";
  const kept = await keepSnapshot(engine);
  root.dataset.snapshot = kept?.kept ? "kept" : "none";
} catch (err) {
  status.textContent = `Failed: ${err?.message ?? err}`;
  root.dataset.engine = "failed";
}
