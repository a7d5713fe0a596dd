// The app's engine start (js/engine-worker.js and js/main.js up to "engine-ready") on the
// main thread, so that CDP CPU throttling slows it like a phone would: a phone proxy.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const status = document.getElementById("status");
performance.mark("engine-start");
try {
  const pyodide = await loadPyodide({
    packageBaseUrl: new URL("../pyodide/", import.meta.url).href,
    packages: ["pyfudge"],
  });
  performance.mark("pyodide-loaded"); // Python up, the wheel installed: the rest is pyfudge's
  const handle = pyodide.pyimport("pyfudge.api").handle;
  for (const action of ["ladder", "version"]) {
    const answer = JSON.parse(handle(JSON.stringify({ v: 1, id: action, action, args: {} })));
    if (!answer.ok) throw new Error(answer.error.message);
  }
  performance.mark("engine-ready");
  status.textContent = "Ready.";
  document.documentElement.dataset.engine = "ready";
} catch (err) {
  status.textContent = `Failed: ${err?.message ?? err}`;
  document.documentElement.dataset.engine = "failed";
}
