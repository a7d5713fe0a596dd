// Baseline page for timings: the same worker set-up as the app, but only loadPyodide().
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  document.getElementById("status").textContent = data.ok ? "Ready." : `Failed: ${data.message}`;
  if (data.ok) performance.mark("engine-ready");
  document.documentElement.dataset.engine = data.ok ? "ready" : "failed";
};
