import { loadPyodide } from "../../pyodide/pyodide.mjs";

loadPyodide({ packageBaseUrl: new URL("../../pyodide/", import.meta.url).href }).then(
  () => postMessage({ ok: true }),
  (err) => postMessage({ ok: false, message: String(err?.message ?? err) }),
);
