// Offline support: registers the service worker (sw.js), asks it to finish caching, and
// tells the user when a new version is ready.
//
// On a first visit the worker installs without downloading anything and takes control
// at once; the page waits for that (whenControlled) before starting the engine, so the
// big Pyodide files are cached as they pass through it instead of being fetched twice.
// Once the engine is ready, fillCache() has the worker fetch whatever else the build
// has, after which the app works offline.
//
// Updates: a new build's worker installs beside the running one and waits (see sw.js), so
// an open page keeps running the build it started with. watchForUpdates() shows a notice
// (role=status, with a Reload button) when one is waiting, also on a page that starts while
// one waits; Reload activates it (the old build's cache is deleted) and reloads the page.
// The browser's own reload switches too when no other page of the app is open: the page says
// it is leaving (beforeunload, before the reload's request) and the old worker hands over
// (sw.js, navigate). With another page open, a reload keeps the old build and the notice shows
// again; closing every page of the app switches too.

const CONTROL_TIMEOUT_MS = 3000;
const UPDATE_CHECK_MS = 60 * 60 * 1000; // a page left open at the table for hours still hears of updates

export function supported() {
  return "serviceWorker" in navigator;
}

/** Register sw.js; resolves once this page is controlled, or when waiting is pointless.
 * A page that is already controlled resolves at once (the update check runs on). */
export async function whenControlled() {
  if (!supported()) return false;
  const sw = navigator.serviceWorker;
  if (sw.controller) {
    sw.register("./sw.js").catch(() => {});
    return true;
  }
  const changed = new Promise((resolve) =>
    sw.addEventListener("controllerchange", () => resolve(true), { once: true }));
  let registration;
  try {
    registration = await sw.register("./sw.js");
  } catch {
    return false; // e.g. a private mode that forbids it: run online only
  }
  // An active worker that does not control us (a forced reload) will not claim the page.
  if (!sw.controller && !(registration?.installing || registration?.waiting)) return false;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(false), CONTROL_TIMEOUT_MS));
  return sw.controller ? true : Promise.race([changed, timeout]);
}

/** After a start that compiled Python's wasm itself (no snapshot to restore), compile it once
 * more from the worker's cache, once the engine has run a while: Chromium hands back the module
 * the engine's worker already optimised (it runs seconds of Python to start) and keeps its
 * optimised code with the cached file. The next start restores a snapshot and runs almost no
 * Python before its first request; without that code, its first heavy request runs in
 * WebAssembly's baseline tier and took twice a cold start's time (docs/performance.md, "A warm
 * start's first heavy request"). Chromium only (`navigator.userAgentData`): another browser
 * would compile the 9.6 MB for nothing. Best effort: a failure changes nothing. */
export async function keepOptimisedCode(url = new URL("./pyodide/pyodide.asm.wasm", document.baseURI)) {
  if (!navigator.userAgentData || typeof WebAssembly?.compileStreaming !== "function") return false;
  try {
    await WebAssembly.compileStreaming(fetch(url));
    return true;
  } catch {
    return false;
  }
}

/** Ask the controlling worker to cache the rest of the build; resolves with its version. */
export function fillCache() {
  const controller = navigator.serviceWorker?.controller;
  if (!controller) return Promise.reject(new Error("no service worker controls this page"));
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) =>
      data.ok ? resolve(data.version) : reject(new Error(data.message));
    controller.postMessage({ type: "fill-cache" }, [channel.port2]);
  });
}

let switching = false; // this page asked the waiting worker to take over

/** Activate the waiting worker, then reload into the new build. */
function activate(waiting) {
  switching = true;
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  if (waiting && waiting.state !== "redundant") waiting.postMessage({ type: "skip-waiting" });
  else location.reload();
  setTimeout(() => location.reload(), CONTROL_TIMEOUT_MS); // it did not take over: reload anyway, once
}

/** Show a notice in container when a new build is ready to run; Reload switches to it.
 * Also notices a switch made by another tab. Checks for updates now and then. */
export async function watchForUpdates(container) {
  if (!supported()) return;
  const sw = navigator.serviceWorker;
  const registration = await sw.getRegistration().catch(() => null);
  if (!registration) return;
  const hadController = !!sw.controller;
  // Before a reload's request: lets the old worker know this page will not stay (sw.js).
  addEventListener("beforeunload", () => sw.controller?.postMessage({ type: "leaving" }));
  let notice = null;

  const show = (text, onReload) => {
    if (!notice) {
      // Classes of css/app.css only: a card, its lines spaced, the button at the start.
      notice = document.createElement("section");
      notice.className = "card stack update-notice";
      notice.setAttribute("role", "status");
      notice.setAttribute("aria-label", "Update");
      const message = document.createElement("div");
      message.className = "update-text";
      const actions = document.createElement("div");
      actions.className = "actions start";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "primary";
      button.textContent = "Reload";
      actions.append(button);
      notice.append(message, actions);
      container.prepend(notice);
    }
    notice.querySelector(".update-text").textContent = text;
    notice.querySelector("button").onclick = onReload;
    document.documentElement.dataset.update = "ready";
  };

  const check = () => {
    if (registration.waiting && sw.controller) {
      show("A new version of pyfudge is ready. Reload to use it; your encounters are saved on this device.",
        () => activate(registration.waiting));
    }
  };
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") check();
    });
  });
  // Another tab switched to the new build: this page still runs the old one until reloaded.
  sw.addEventListener("controllerchange", () => {
    if (hadController && !switching) {
      show("pyfudge was updated in another tab. Reload this page to use the new version; your encounters are saved.",
        () => location.reload());
    }
  });
  check();

  const update = () => registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") update();
  });
  setInterval(update, UPDATE_CHECK_MS);
}
