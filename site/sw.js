// Service worker: serves the app from a cache that holds one build, so it works offline.
// build.py puts `const BUILD = {version, files: {path: sha256}, ...}` above this line.
//
// First visit: install downloads nothing and the worker takes control at once; the page
// waits for that before it starts Pyodide, so every file it loads passes through the
// fetch handler and is cached on the way. When the engine is ready the page sends
// "fill-cache" and the worker fetches only what is still missing: the 9.6 MB wasm
// crosses the network once.
// Update: install fills the new build's cache, reusing files whose hash is unchanged
// from the old cache; activate deletes the old caches.

const PREFIX = "pyfudge-";
const CACHE = PREFIX + BUILD.version;
const url = (path) => new URL(path, self.registration.scope).href;

// Every file of the build, the manifest itself, and "./" (the same page as index.html).
const FILES = new Map(Object.entries(BUILD.files).map(([path, hash]) => [url(path), hash]));
FILES.set(url("manifest.json"), null);
FILES.set(url("./"), BUILD.files["index.html"]);

const inFlight = new Set(); // cache writes started by the fetch handler

self.addEventListener("install", (event) => {
  self.skipWaiting();
  if (self.registration.active) event.waitUntil(fillCache());
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
  if (event.request.method !== "GET" || !FILES.has(key)) return;
  event.respondWith(cacheFirst(event, key));
});

self.addEventListener("message", (event) => {
  if (event.data?.type !== "fill-cache") return;
  const [port] = event.ports;
  event.waitUntil(fillCache().then(
    () => port.postMessage({ ok: true, version: BUILD.version }),
    (err) => port.postMessage({ ok: false, message: String(err?.message ?? err) }),
  ));
});

async function cacheFirst(event, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.status === 200) {
    const write = cache.put(key, response.clone()).finally(() => inFlight.delete(write));
    inFlight.add(write);
    event.waitUntil(write);
  }
  return response;
}

/** Put every file of the build in this build's cache, fetching only what is missing. */
async function fillCache() {
  await Promise.allSettled([...inFlight]);
  const cache = await caches.open(CACHE);
  const older = await olderBuilds();
  await Promise.all([...FILES].map(async ([key, hash]) => {
    if (await cache.match(key)) return;
    for (const old of older) {
      if (hash && old.files.get(key) === hash) {
        const same = await old.cache.match(key);
        if (same) return cache.put(key, same);
      }
    }
    const response = await fetch(key, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
    await cache.put(key, response);
  }));
}

/** The other builds still cached: their cache and their files' hashes. */
async function olderBuilds() {
  const builds = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(url("manifest.json"));
    if (!manifest) continue;
    const { files } = await manifest.json();
    builds.push({ cache, files: new Map(Object.entries(files).map(([p, h]) => [url(p), h])) });
  }
  return builds;
}
