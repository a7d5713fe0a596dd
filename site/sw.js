// Service worker: serves the app from a cache that holds one build, so it works offline.
// build.py puts `const BUILD = {version, files: {path: sha256}, ...}` above this line.
//
// First visit: install downloads nothing and the worker takes control at once; the page
// waits for that before it starts Pyodide, so every file it loads passes through the
// fetch handler and is cached on the way. When the engine is ready the page sends
// "fill-cache" and the worker fetches only what is still missing: the 9.6 MB wasm
// crosses the network once.
// Update (a new build deployed while a page is open): the new worker's install fills the
// new build's cache, reusing files whose hash is unchanged from the old cache, and then
// WAITS: the open page keeps running on the old worker and the old cache, so it never mixes
// old and new files. The page is told an update is ready (offline.js) and, when the user
// says so, posts "skip-waiting"; activate then deletes the old caches and takes over. A plain
// reload of the only page of the app switches too: this worker hands over (navigate, below).
// Integrity: a file is cached only if its sha256 is the one in BUILD, so a build's cache
// can never hold another build's file (say, one deployed while this one was caching).
// Content-Security-Policy: the documents served from here get the policy as a header too,
// with frame-ancestors, which their <meta> tag cannot say.

const PREFIX = "pyfudge-";
const CACHE = PREFIX + BUILD.version;
const url = (path) => new URL(path, self.registration.scope).href;

// The same policy as the <meta> tags in index.html and bare.html (e2e/test_trust_csp.py
// checks they agree).
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; " +
  "connect-src 'self'; img-src 'self' data:; style-src 'self'; font-src 'self'; manifest-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'";
// Documents only (top-level or framed, where frame-ancestors refuses the framing): a worker
// gets its policy from its page (engine.js starts it from a blob:).
const DOCUMENT_CSP = `${CSP}; frame-ancestors 'none'`;
const CSP_HEADERS = { document: DOCUMENT_CSP, iframe: DOCUMENT_CSP, frame: DOCUMENT_CSP };

// Every file of the build, the manifest itself, and "./" (the same page as index.html).
const MANIFEST = url("manifest.json");
const FILES = new Map(Object.entries(BUILD.files).map(([path, hash]) => [url(path), hash]));
FILES.set(MANIFEST, null);
FILES.set(url("./"), BUILD.files["index.html"]);

// Files only some users need (BUILD.lazy: micropip and the QR code's wheel): never fetched
// to fill the cache, only cached when the app asks for them (or reused from an older build).
const LAZY = new Set((BUILD.lazy ?? []).map(url));
// Files every user may need but the app itself does not (BUILD.later: Pyodide's full standard
// library, for a module outside the app's trimmed one): fetched once the rest of the build is
// cached, so that a first visit is ready offline no later for them.
const LATER = new Set((BUILD.later ?? []).map(url));

const inFlight = new Set(); // cache writes started by the fetch handler
// First visit: the page loaded its own files (HTML, JS, CSS) before this worker controlled it,
// so they are in the HTTP cache already; the first fill takes them from there rather than
// downloading them again (any copy whose hash is not this build's is fetched anew).
let firstFill = false;

self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    firstFill = true;
    self.skipWaiting(); // first visit: no page runs an older build
    return;
  }
  event.waitUntil(fillCache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const key = event.request.url.split(/[?#]/)[0];
  if (event.request.method === "GET" && key === HANDOVER) {
    event.respondWith(new Response(HANDOVER_JS, {
      headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" } }));
    return;
  }
  if (event.request.method !== "GET" || !FILES.has(key)) return;
  event.respondWith(event.request.mode === "navigate" ? navigate(event, key) : serve(event, key));
});

// A plain reload (or a first page) while a new build waits: when no other page of the app
// stays open, this old worker hands over. It tells the waiting worker to skip waiting and
// answers at once with a bare page (no file of either build), so its fetch is over and
// activation can go on. That page's one script (HANDOVER_JS, the same in every build) waits
// until the new worker is activated, then reloads: the reload, fragment and all (a <meta>
// refresh to the same URL with a #fragment would not leave the page), is answered by the new
// worker. The script is inline, allowed by its hash in the page's own policy: the page may come
// up controlled by no worker (this one turned redundant while its answer was on the way, and the
// new one's claim came before the page existed), and a script fetched by URL would then reach
// the server, which has none: a blank page (seen once in CI). Should the reload reach this
// worker again, it is answered the same way at most HANDOVER_TRIES times per waiting worker: no
// refresh loop. With another page open, nothing changes: the old build and the notice
// (offline.js), since switching would leave that page on a deleted cache.
const HANDOVER_TRIES = 5;
const LEAVING_MS = 10_000;
const leaving = new Map(); // client id -> when it said it is unloading (or is a handover page)
const handovers = new WeakMap(); // waiting worker -> handover pages answered for it
// Earlier builds' hand-over pages load the script by this URL: answered while this worker controls one.
const HANDOVER = url("sw-handover.js");
const HANDOVER_JS = `navigator.serviceWorker.getRegistration().then((registration) => {
  const next = registration?.waiting ?? registration?.active;
  const reload = () => location.reload();
  if (!next || next.state === "activated" || next.state === "redundant") return reload();
  next.addEventListener("statechange", () => next.state !== "activating" && reload());
  setTimeout(reload, 5000);
}, () => location.reload());
`;
const HANDOVER_PAGE = '<!doctype html><meta charset="utf-8"><meta name="color-scheme" content="light dark">' +
  `<link rel="icon" href="data:,"><title>pyfudge</title><script>${HANDOVER_JS}</script>`;
const HANDOVER_CSP = crypto.subtle.digest("SHA-256", new TextEncoder().encode(HANDOVER_JS)).then((digest) =>
  `default-src 'none'; script-src 'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'; ` +
  "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");

async function navigate(event, key) {
  const waiting = self.registration.waiting;
  const tries = waiting ? handovers.get(waiting) ?? 0 : 0;
  if (waiting?.state === "installed" && tries < HANDOVER_TRIES && !(await anotherPageStays())) {
    handovers.set(waiting, tries + 1);
    if (event.resultingClientId) leaving.set(event.resultingClientId, Date.now());
    const policy = await HANDOVER_CSP;
    waiting.postMessage({ type: "skip-waiting" });
    return new Response(HANDOVER_PAGE, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
        "Content-Security-Policy": policy },
    });
  }
  return serve(event, key);
}

/** True if a window of the app is open that is not unloading (another tab, a frame). */
async function anotherPageStays() {
  const now = Date.now();
  for (const [id, when] of leaving) if (now - when > LEAVING_MS) leaving.delete(id);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.some((client) => !leaving.has(client.id));
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "leaving") { // from a page's beforeunload (offline.js)
    if (event.source?.id) leaving.set(event.source.id, Date.now());
    return;
  }
  if (event.data?.type === "skip-waiting") {
    self.skipWaiting();
    return;
  }
  if (event.data?.type !== "fill-cache") return;
  const [port] = event.ports;
  event.waitUntil(fillCache().then(
    () => {
      port.postMessage({ ok: true, version: BUILD.version });
      return fillLater();
    },
    (err) => port.postMessage({ ok: false, message: String(err?.message ?? err) }),
  ));
});

/** This build's manifest, made from BUILD: always the one that matches this cache. */
function manifestResponse() {
  return new Response(JSON.stringify(BUILD), { headers: { "Content-Type": "application/json" } });
}

async function serve(event, key) {
  const response = key === MANIFEST ? manifestResponse() : await cacheFirst(event, key);
  const policy = CSP_HEADERS[event.request.destination];
  if (!policy || !response.ok) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", policy);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function cacheFirst(event, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.status === 200) {
    const copy = response.clone();
    const write = keepIfIntact(cache, key, copy).finally(() => inFlight.delete(write));
    inFlight.add(write);
    event.waitUntil(write);
  }
  return response;
}

/** Cache response under key if its bytes are the build's; true if cached. A file of another
 * build (deployed since this one) is not cached, and the browser is asked to look for it. */
async function keepIfIntact(cache, key, response) {
  const expected = FILES.get(key);
  if (expected && (await sha256(response.clone())) !== expected) {
    self.registration.update().catch(() => {});
    return false;
  }
  await cache.put(key, response);
  return true;
}

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Put every file of the build in this build's cache, fetching only what is missing. */
async function fillCache() {
  await Promise.allSettled([...inFlight]);
  const cache = await caches.open(CACHE);
  const older = await olderBuilds();
  await cache.put(MANIFEST, manifestResponse());
  const reuseHttpCache = firstFill;
  firstFill = false;
  await Promise.all([...FILES].map(async ([key, hash]) => {
    if (key === MANIFEST || await cache.match(key)) return;
    for (const old of older) {
      if (hash && old.files.get(key) === hash) {
        const same = await old.cache.match(key);
        if (same) return cache.put(key, same);
      }
    }
    if (LAZY.has(key) || LATER.has(key)) return;
    if (reuseHttpCache && hash) {
      const stored = await fetch(key, { cache: "force-cache" }).catch(() => null);
      if (stored?.ok && (await sha256(stored.clone())) === hash) return cache.put(key, stored);
    }
    const response = await fetch(key, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
    if (!(await keepIfIntact(cache, key, response))) {
      throw new Error(`${key} changed on the server: a newer version is being published`);
    }
  }));
}

/** Cache BUILD.later's files, one after the other; a failure waits for the next fill. */
async function fillLater() {
  const cache = await caches.open(CACHE);
  for (const key of LATER) {
    if (await cache.match(key)) continue;
    const response = await fetch(key, { cache: "no-cache" }).catch(() => null);
    if (response?.ok) await keepIfIntact(cache, key, response);
  }
}

/** The other builds still cached: their cache and their files' hashes. */
async function olderBuilds() {
  const builds = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(MANIFEST);
    if (!manifest) continue;
    const { files } = await manifest.json();
    builds.push({ cache, files: new Map(Object.entries(files).map(([p, h]) => [url(p), h])) });
  }
  return builds;
}
