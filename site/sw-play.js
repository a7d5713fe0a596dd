// The players' page's own service worker (scope: play.html only), so that a player's phone that
// opened play.html once shows it offline, while its first visit downloads only this page's few
// files: the app's worker (sw.js, scope ./) would cache the whole build, Python's 13 MB
// included, which a player never needs. build.py puts `const PLAY = {version, files: {path:
// sha256}, lazy: {path: sha256}}` above this line: play.html and what it loads, and what it
// loads only when asked (the QR decoder), cached then (checked against its hash).
//
// Install caches those files, taking them from the HTTP cache where the page just loaded them
// (checked against their hash, else fetched again), then takes over at once: the page is one
// bundle that has loaded already, so an open page never mixes two builds' files. The cache's
// name does not start with "pyfudge-", which sw.js deletes as another build's.

const CACHE = `pyfudge.play.${PLAY.version}`;
const url = (path) => new URL(path, self.registration.scope).href;
const FILES = new Map(Object.entries(PLAY.files).map(([path, hash]) => [url(path), hash]));
const LAZY = new Map(Object.entries(PLAY.lazy ?? {}).map(([path, hash]) => [url(path), hash]));
// The same policy as play.html's <meta> tag, as a header (with frame-ancestors, which a <meta>
// cannot say) on the page served from the cache.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; " +
  "connect-src 'self'; img-src 'self' data:; style-src 'self'; font-src 'self'; manifest-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("pyfudge.play.") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const key = event.request.url.split(/[?#]/)[0];
  if (event.request.method !== "GET" || !(FILES.has(key) || LAZY.has(key))) return;
  event.respondWith(serve(event.request, key));
});

async function serve(request, key) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key);
  const response = cached ?? await fetch(request);
  if (!cached && LAZY.has(key) && response.ok) await keep(cache, key, response.clone());
  if (request.mode !== "navigate" || !response.ok) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", CSP);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A lazy file kept once it is this build's; not kept (fetched again next time) otherwise. */
async function keep(cache, key, response) {
  try {
    if ((await sha256(response.clone())) === LAZY.get(key)) await cache.put(key, response);
  } catch {
    // no room, or the cache went away: the page still gets the file
  }
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all([...FILES].map(async ([key, hash]) => {
    if (await cache.match(key)) return;
    for (const mode of ["force-cache", "no-cache"]) {
      const response = await fetch(key, { cache: mode }).catch(() => null);
      if (response?.ok && (await sha256(response.clone())) === hash) return cache.put(key, response);
    }
    throw new Error(`${key} is not this build's: a newer version is being published`);
  }));
}

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
