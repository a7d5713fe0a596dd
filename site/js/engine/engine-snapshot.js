// Memory snapshots of the engine, made on this device and kept in IndexedDB (docs/performance.md,
// "Memory snapshot of the engine"). Imported by engine-worker.js only.
//
// A snapshot is Pyodide's whole wasm memory just after `import pyfudge.api` (~32 MB): a start
// from it skips Python's own start-up and the import, so the engine is ready sooner than a
// bare loadPyodide(). It is too big to ship, so the first start of each build makes one and
// later starts restore it. One snapshot per database, tagged with the build (the manifest's
// version, which changes with any file, the wheel and Pyodide included); another build's
// snapshot is deleted unread. Pyodide checks its own BUILD_ID inside the snapshot too.
//
// Never let a bad snapshot stop the app: every failure here reads as "no snapshot". Its size and
// sha256 are checked before it is used; the worker deletes a snapshot whose restore failed and
// starts normally (engine-worker.js). A restore that kills or hangs its worker throws nothing:
// so each restore writes a marker and holds a Web Lock of the same name until it has worked;
// a marker whose lock nobody holds is a restore that died, and the next start deletes the
// snapshot instead of trying it again. (Another tab restoring at the same time holds its own.)
// A snapshot made after a failed restore is marked `retry`: if it fails too, the build gets a
// `failed` record instead, and no more snapshots are made for it on this device (a failure that
// repeats is the device's, and would cost a failed restore and a 32 MB write at every visit).
//
// The database is not in Cache Storage, which belongs to the service worker (one cache per
// build). Its name carries the app's path: two deployments on one origin keep their own.

import { opener } from "../data/idb.js";

const DB_NAME = `pyfudge-engine ${new URL("../..", import.meta.url).pathname}`;
const STORE = "snapshot";
const SNAPSHOT = "snapshot"; // {build, size, sha256, blob, retry}, or {build, failed: true}
const RESTORING = "restoring:"; // + an id: {build, at}, while the lock of that name is held

function promised(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

const db = opener(DB_NAME, STORE);

async function store(mode) {
  return (await db()).transaction(STORE, mode).objectStore(STORE);
}

async function done(mode, act) {
  const tx = (await db()).transaction(STORE, mode);
  const finished = new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
  act(tx.objectStore(STORE));
  return finished;
}

export async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const lockName = (marker) => `${DB_NAME} ${marker}`;

/** A snapshot of this build failed: delete it, and when it was already a retry, keep a
 * `failed` record for the build instead. True when no more should be made. */
async function failed(build, saved) {
  if (!saved.retry) {
    await drop();
    return false;
  }
  try {
    await done("readwrite", (s) => { s.clear(); s.put({ build, failed: true }, SNAPSHOT); });
  } catch {
    await drop();
  }
  return true;
}

/** What this build's start does with the stored snapshot: null (there is none: make one),
 * {retry: true} (a failed one was deleted: make another, marked retry), {failed: true} (this
 * build's snapshots failed twice: make none), or {bytes, settle(worked)} to restore it. bytes
 * is a promise of the checked bytes (for loadPyodide's _loadSnapshot, which awaits it while the
 * wasm compiles); settle() ends the restore: the marker is removed, and when it did not work the
 * snapshot too; it resolves to whether another snapshot may be made. */
export async function take(build) {
  try {
    if (!self.navigator?.locks) return null;
    // Locks first, then markers: a marker written after this look (another tab's restore that
    // began since) is newer than `since` and never taken for a dead one.
    const since = Date.now();
    const held = new Set(((await navigator.locks.query()).held ?? []).map((lock) => lock.name));
    const s = await store("readonly");
    const [saved, keys, values] = await Promise.all([
      promised(s.get(SNAPSHOT)), promised(s.getAllKeys()), promised(s.getAll())]);
    if (!saved) return null;
    if (saved.build !== build) {
      await drop(); // another build's snapshot
      return null;
    }
    if (saved.failed) return { failed: true };
    const died = keys.some((key, i) => String(key).startsWith(RESTORING) && !held.has(lockName(key))
      && values[i]?.at < since);
    if (died || !(saved.blob instanceof Blob)) {
      return (await failed(build, saved)) ? { failed: true } : { retry: true }; // a restore that never finished
    }
    const marker = RESTORING + Math.random().toString(36).slice(2);
    let release;
    await new Promise((resolve, reject) => {
      navigator.locks.request(lockName(marker), () => {
        resolve();
        return new Promise((r) => { release = r; });
      }).catch(reject);
    });
    await done("readwrite", (st) => st.put({ build, at: Date.now() }, marker));
    const bytes = (async () => {
      const data = new Uint8Array(await saved.blob.arrayBuffer());
      if (data.length !== saved.size) throw new Error(`the snapshot has ${data.length} bytes, not ${saved.size}`);
      if ((await sha256(data)) !== saved.sha256) throw new Error("the snapshot's sha256 is not the one stored");
      return data;
    })();
    bytes.catch(() => {}); // the restore reports it
    const settle = async (worked) => {
      try {
        if (worked) await done("readwrite", (st) => st.delete(marker));
        else return !(await failed(build, saved));
      } catch {
        // a marker left behind: the next start drops the snapshot, slower but never wrong
      } finally {
        release();
      }
      return true;
    };
    return { bytes, settle };
  } catch {
    return null;
  }
}

/** Delete the snapshot and every restore marker. */
export async function drop() {
  try {
    await done("readwrite", (s) => s.clear());
  } catch {
    // nothing more can be done here; take() refuses what it cannot check
  }
}

/** Keep bytes as this build's snapshot (`retry`: made after a failed restore); false when it
 * could not be stored (quota, no IndexedDB): the next start is a normal one and tries again. */
export async function keep(build, bytes, retry) {
  try {
    const record = { build, size: bytes.length, sha256: await sha256(bytes), blob: new Blob([bytes]), retry };
    await done("readwrite", (s) => s.put(record, SNAPSHOT));
    return true;
  } catch {
    return false; // the transaction wrote nothing (IndexedDB transactions are atomic)
  }
}
