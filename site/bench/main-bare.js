// Only loadPyodide(), on the main thread: the baseline for main-app.js under CPU throttling.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const status = document.getElementById("status");
try {
  await loadPyodide({ packageBaseUrl: new URL("../pyodide", import.meta.url).href });
  performance.mark("engine-ready");
  status.textContent = "Ready.";
  document.documentElement.dataset.engine = "ready";
} catch (err) {
  status.textContent = `Failed: ${err?.message ?? err}`;
  document.documentElement.dataset.engine = "failed";
}
