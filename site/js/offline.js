// Offline support: registers the service worker (sw.js) and asks it to finish caching.
//
// On a first visit the worker installs without downloading anything and takes control
// at once; the page waits for that (whenControlled) before starting the engine, so the
// big Pyodide files are cached as they pass through it instead of being fetched twice.
// Once the engine is ready, fillCache() has the worker fetch whatever else the build
// has, after which the app works offline.

const CONTROL_TIMEOUT_MS = 3000;

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
