// Page start-up: the dice panel works from the first paint with what needs no Python
// (entering faces, a ladder saved from an earlier visit); the engine loads alongside.
import { Engine } from "./engine.js";
import { DicePanel } from "./dice-panel.js";
import * as offline from "./offline.js";

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

async function main() {
  const panel = new DicePanel(document);
  const firstVisit = !navigator.serviceWorker?.controller;
  await offline.whenControlled(); // first visit: so the big files get cached as they load
  status.textContent = firstVisit
    ? "Downloading Python (about 13 MB, only on the first visit)…"
    : "Starting Python…";
  performance.mark("engine-start"); // with "engine-ready": how long Python takes to start
  const engine = new Engine();
  panel.connect(engine);

  try {
    await engine.ready;
  } catch (err) {
    return showFailure(err.message);
  }
  const [, version] = await Promise.all([panel.loadLadder(), engine.request("version")]);
  status.textContent = version.ok ? `Dice engine ready (pyfudge ${version.result.pyfudge}).` : "Dice engine ready.";
  progress.hidden = true;
  performance.mark("engine-ready");
  root.dataset.engine = "ready";

  if (!navigator.serviceWorker?.controller) {
    offlineStatus.textContent = "Offline use: not available in this browser.";
    root.dataset.offline = "unavailable";
    return;
  }
  try {
    const build = await offline.fillCache();
    offlineStatus.textContent = `Works offline (build ${build}).`;
    root.dataset.offline = "ready";
  } catch (err) {
    offlineStatus.textContent = `Offline use: not ready yet (${err.message}).`;
    root.dataset.offline = "failed";
  }
}

main();
