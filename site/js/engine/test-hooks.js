// <test-hooks>
// The e2e tests' hooks into the engine, in builds made with `python build.py build --test-hooks`
// only: build.py strips every block marked <test-hooks> from a shipped build, and does not ship
// this module at all (it is one such block). engine.js and engine-worker.js import it inside
// such blocks.
//
// The page (engine.js), with `?test-hooks` in its address: the engine is
// `globalThis.pyfudgeEngine`; `engine.testPython(code, files)` runs Python beside the engine
// (after writing files {path: text}), answering like request() with the code's value (a str);
// `engine.testCrash(how)` breaks it: "terminate" (the page kills the worker, as a browser may),
// "close" (the worker exits without a word), "fatal" (Pyodide suffers a fatal error while
// handling the next request), "hang" (the next request never ends, as Python stuck in a loop);
// "eval" is no crash: the worker tries eval(), which its Content-Security-Policy must refuse (the
// violation is re-dispatched on the page's document).
//
// The worker (engine-worker.js), when engine.js started it with testHooks: the messages
// {type: "test-crash", how} and {id, python, files} that those two send.

/** Whether this page asked for the hooks. */
export const requested = typeof location !== "undefined" && new URLSearchParams(location.search).has("test-hooks");

/** Give an Engine its hooks. send(make) posts make(id) as a request with a fresh id, resolving
 * with its answer; worker() is the engine's current worker. */
export function attach(engine, { send, worker }) {
  globalThis.pyfudgeEngine = engine;
  engine.testPython = (python, files = {}) => send((id) => ({ id, python, files }));
  engine.testCrash = (how) => {
    if (how === "terminate") worker().terminate(); // the lifeline tells the engine, as for a real death
    else worker().postMessage({ type: "test-crash", how });
  };
}

// --- in the worker ---------------------------------------------------------------------------------

let enabled = false; // engine.js started this worker with testHooks
let crashNext = null; // break the runtime while handling the next request

export function enable(on) {
  enabled = on === true;
}

/** A test hook's message: handled (when enabled) and true; any other message: false. started
 * resolves with the started engine ({pyodide}). */
export function handleMessage(data, started) {
  if (data?.type === "test-crash") {
    if (enabled) testCrash(data.how);
    return true;
  }
  if (data?.python !== undefined) {
    if (enabled) testPython(data, started);
    return true;
  }
  return false;
}

/** Before a request is handled: break the runtime if a test asked for it. */
export function beforeRequest(pyodide) {
  if (!crashNext) return;
  const how = crashNext;
  crashNext = null;
  if (how === "hang") pyodide.runPython("while True:\n    pass"); // never returns
  pyodide._api.fatal_error(new Error("test crash: the runtime was broken on purpose"));
}

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

/** Run Python beside the engine (the golden rulebook examples run this way). */
async function testPython({ id, python, files }, started) {
  try {
    const { pyodide } = await started;
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
