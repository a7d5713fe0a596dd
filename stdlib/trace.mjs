// Build step, run by trim_stdlib.py under Node. 1. Boot the built site's Pyodide as the engine
// worker does (wheel unpacked, pyfudge.api imported, a memory snapshot made), ask it everything
// the app asks (stdlib/trace.py: every pyfudge module, requests of every door action), and write
// the standard library modules that were imported, compiled, to OUT_ZIP. 2. Boot again with
// OUT_ZIP as the standard library and ask the same: the fallback finder must serve nothing
// (here it cannot download, so a module missing from the zip fails the build).
//   node stdlib/trace.mjs DIST PYFUDGE_WHEEL OUT_ZIP
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [dist, wheel, out] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
const requests = JSON.parse(readFileSync(join(here, "requests.json"), "utf8"));
const trace = readFileSync(join(here, "trace.py"), "utf8");

/** Pyodide started as the engine worker starts it, with trace.py's functions defined. */
async function engine(options) {
  const py = await loadPyodide({ indexURL: join(dist, "pyodide") + "/", _makeSnapshot: true, ...options });
  const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  py.runPython("import importlib; importlib.invalidate_caches(); import pyfudge.api");
  py.makeMemorySnapshot();
  py.runPython(trace);
  return py;
}

const traced = await engine({});
traced.globals.get("ask")(traced.toPy(requests));
const [bytes, count] = traced.globals.get("trimmed_zip")(readFileSync(join(here, "fallback.py"), "utf8")).toJs();
writeFileSync(out, bytes);

const checked = await engine({ stdLibURL: out });
const served = checked.runPython("import _stdlib_fallback; _stdlib_fallback.install('nowhere').served");
checked.globals.get("ask")(checked.toPy(requests.filter((r) => r.action !== "qr")));
if (served.length) throw new Error(`the trimmed standard library lacks ${served.toJs().join(", ")}`);
console.log(`${count} modules, ${bytes.length} bytes`);
