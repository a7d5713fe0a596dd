// One IndexedDB database of one object store, opened once per page or worker and reopened after
// a failure or a newer layout (the encounters' heads, data/heads.js; the engine's snapshot,
// engine/engine-snapshot.js).

/** A function giving the open database `name` (created with the object store `store`); it
 * rejects when IndexedDB cannot be opened or is blocked, and the next call tries again. */
export function opener(name, store) {
  let dbPromise = null;
  return function db() {
    dbPromise ??= new Promise((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(store);
      open.onsuccess = () => {
        open.result.onversionchange = () => { open.result.close(); dbPromise = null; }; // a newer layout wins
        resolve(open.result);
      };
      open.onerror = () => reject(open.error ?? new Error("IndexedDB cannot be opened"));
      open.onblocked = () => reject(new Error("IndexedDB is blocked"));
    });
    dbPromise.catch(() => { dbPromise = null; });
    return dbPromise;
  };
}
