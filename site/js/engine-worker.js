// The rules engine: Pyodide and the pyfudge wheel, off the main thread.
// Messages in: {id, json} (a request for pyfudge.api.handle). Out: {type: "ready"} or
// {type: "failed", message} once, then {id, json} or {id, error} per request.
// Only strings cross: a PyProxy cannot be posted.
import { loadPyodide } from "../pyodide/pyodide.mjs";

async function start() {
  // The lock file (patched by build.py) lists pyfudge's wheel with its hash, and passing
  // it in `packages` lets Pyodide fetch it while Python boots. packageBaseUrl is given
  // so nothing can fall back to a CDN: every file comes from this site.
  const pyodide = await loadPyodide({
    packageBaseUrl: new URL("../pyodide/", import.meta.url).href,
    packages: ["pyfudge"],
  });
  return pyodide.pyimport("pyfudge.api").handle;
}

const handlePromise = start();

let settled = false;
function settle(message) {
  if (!settled) postMessage(message);
  settled = true;
}
const failed = (err) => settle({ type: "failed", message: err?.message ?? String(err) });
handlePromise.then(() => settle({ type: "ready" }), failed);
// When a download fails, loadPyodide() can stay pending for ever while the error escapes
// as an unhandled rejection: that too means the start failed.
self.addEventListener("unhandledrejection", (event) => failed(event.reason));

self.onmessage = async ({ data: { id, json } }) => {
  try {
    const handle = await handlePromise;
    postMessage({ id, json: handle(json) });
  } catch (err) {
    postMessage({
      id,
      error: { type: "EngineError", message: err?.message ?? String(err), field: null },
    });
  }
};
