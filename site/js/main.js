// Page start-up. The app paints at once from what localStorage holds (the list of
// encounters, or the last saved view of the open one) and the dice panel works with what
// needs no Python; the engine loads alongside. Anything the user does before it is ready
// waits in order (engine.js queues requests) and is applied when it is.
//
// The app's modules, by role: engine/ (the rules engine in its worker: start, snapshot, client,
// test hooks), data/ (what is stored and shared: store, session, files, links, library, offline),
// screens/ (one per route, and their hooks), parts/ (the pieces screens are made of).
import { Engine } from "./engine/engine.js";
import { DicePanel } from "./parts/dice-panel.js";
import * as app from "./screens/app.js";
import * as offline from "./data/offline.js";

const root = document.documentElement;
const status = document.getElementById("engine-status");
const progress = document.getElementById("engine-progress");
const offlineStatus = document.getElementById("offline-status");

function showFailure(message) {
  const advice = navigator.onLine
    ? "Reload the page to try again."
    : "You seem to be offline: the first visit needs a connection, later ones do not.";
  status.textContent = `The dice engine could not start, so rolls are unavailable. ${advice} (${message})`;
  status.classList.add("failed");
  progress.hidden = true;
  root.dataset.engine = "failed";
}

/** The engine as the app sees it from the first paint: calls wait until it exists. */
function lateEngine() {
  let resolveEngine;
  const created = new Promise((resolve) => { resolveEngine = resolve; });
  return {
    request: (action, args) => created.then((engine) => engine.request(action, args)),
    attach: resolveEngine,
  };
}

async function main() {
  const engineHandle = lateEngine();
  const firstVisit = !navigator.serviceWorker?.controller;
  const controlled = offline.whenControlled();
  const paint = () => {
    try {
      app.start(document.getElementById("app"), engineHandle);
    } catch (err) {
      // First paint fails soft: the engine starts all the same, and its answers draw the app;
      // the static dice panel is there meanwhile.
      console.error("First paint failed:", err);
      document.getElementById("dice-screen").hidden = false;
    }
    performance.mark("app-painted");
  };
  // A first visit paints, then waits for the service worker to take control, so the big files
  // get cached as they load (the wasm crosses the network once). Later visits start the
  // engine's worker before painting: Python boots on its own thread while this one draws.
  if (firstVisit) {
    paint();
    await controlled;
  }
  performance.mark("engine-start"); // with "engine-ready": how long Python takes to start
  const engine = new Engine();
  engineHandle.attach(engine);
  if (!firstVisit) paint();
  const panel = new DicePanel(document);
  status.textContent = firstVisit
    ? "Downloading Python (13 MB, once)…"
    : "Starting Python…";
  panel.connect(engine);
  // Each phase of the engine's start (engine-start.js PHASES), told as its state and its timings are.
  engine.addEventListener("phase", ({ detail }) => {
    root.dataset.enginePhase = detail.phase;
    performance.mark(`engine-phase:${detail.phase}`);
  });
  // Crash recovery (engine.js restarts its worker; see its header): tell the user, and back to
  // ready. Sessions reopen their encounter from storage on the SessionError they then get.
  engine.addEventListener("crash", ({ detail }) => {
    status.textContent = `The dice engine stopped unexpectedly; restarting it. Your encounters are saved. (${detail.message})`;
    progress.hidden = false;
    root.dataset.engine = "restarting";
  });
  engine.addEventListener("restart", () => {
    status.textContent = "The dice engine stopped unexpectedly and was restarted. Your encounters are safe.";
    progress.hidden = true;
    root.dataset.engine = "ready";
  });
  engine.addEventListener("failed", ({ detail }) => {
    status.textContent = detail.message;
    status.classList.add("failed");
    progress.hidden = true;
    root.dataset.engine = "failed";
  });
  // "A new version is ready" + Reload; once controlled, so a first visit hears of updates too.
  controlled.then(() => offline.watchForUpdates(document.querySelector("main")));

  try {
    await engine.ready;
  } catch (err) {
    return showFailure(err.message);
  }
  const [, version] = await Promise.all([panel.loadLadder(), engine.request("version"), app.engineReady(engine.build)]);
  status.textContent = version.ok ? `Dice engine ready (pyfudge ${version.result.pyfudge}).` : "Dice engine ready.";
  progress.hidden = true;
  performance.mark("engine-ready");
  root.dataset.engine = "ready";

  await controlled;
  if (!navigator.serviceWorker?.controller) {
    offlineStatus.textContent = "Offline use: not available in this browser.";
    root.dataset.offline = "unavailable";
    return;
  }
  try {
    const build = await offline.fillCache();
    offlineStatus.textContent = `Works offline (build ${build}).`;
    root.dataset.offline = "ready";
    if (engine.start !== "snapshot") {
      root.dataset.optimisedCode = await offline.keepOptimisedCode() ? "kept" : "not-kept";
    }
  } catch (err) {
    offlineStatus.textContent = `Offline use: not ready yet (${err.message}).`;
    root.dataset.offline = "failed";
  }
}

main();
