// Each encounter's head in IndexedDB: the arbiter between tabs (docs/app.md, "Two tabs").
//
//   database "pyfudge-heads", store "heads": <encounter id> -> {rev, text}
//   (one per origin, as the localStorage records it stands beside)
//   rev: the log's length; text: the encounter's record exactly as written to localStorage
//
// Why not localStorage alone: in Chromium each tab reads localStorage from its own cache, which
// another tab's write reaches some milliseconds later (a trace saw 24 ms, after the Web Lock had
// passed), so a read there is no compare-and-set. IndexedDB transactions are ordered across tabs:
// commit() reads the head and writes the new one in one readwrite transaction, only if the head
// is still the one this tab based its change on. localStorage stays the fast synchronous copy
// (first paint, the list, export); where it is behind the head (a stale cache, or no room in it),
// the head wins (session.js).
//
// The head also holds a log that localStorage had no room for (IndexedDB has its own quota), so a
// reload takes it back. Every failure here reads as "no IndexedDB": the caller goes on as with
// localStorage alone.

import { opener } from "./idb.js";

const DB_NAME = "pyfudge-heads";
const STORE = "heads";

const db = opener(DB_NAME, STORE);

const isHead = (h) => h !== null && typeof h === "object" && Number.isInteger(h.rev) && typeof h.text === "string";
const same = (a, b) => (a === null ? b === null : b !== null && a.rev === b.rev && a.text === b.text);

/** The stored head of an encounter: {rev, text}, null (none stored), or undefined (no IndexedDB
 * here, or it failed). */
export async function read(id) {
  try {
    const tx = (await db()).transaction(STORE, "readonly");
    const value = await new Promise((resolve, reject) => {
      const request = tx.objectStore(STORE).get(id);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return isHead(value) ? value : null;
  } catch {
    return undefined;
  }
}

/** Compare-and-set: write `head` only if the stored head is still `expected` (null: none), both
 * in one readwrite transaction. "done", "lost" (another tab's head is there now; nothing
 * written), or "failed" (no IndexedDB, or it refused the write: nothing written). */
export async function commit(id, expected, head) {
  try {
    const tx = (await db()).transaction(STORE, "readwrite");
    let outcome = "failed";
    const finished = new Promise((resolve) => {
      tx.oncomplete = () => resolve(outcome);
      tx.onabort = () => resolve(outcome === "done" ? "failed" : outcome);
    });
    const store = tx.objectStore(STORE);
    const request = store.get(id);
    request.onsuccess = () => {
      const now = isHead(request.result) ? request.result : null;
      if (!same(now, expected)) {
        outcome = "lost";
        tx.abort();
        return;
      }
      outcome = "done";
      store.put(head, id);
    };
    return await finished;
  } catch {
    return "failed";
  }
}

/** Forget an encounter's head (it was deleted). Failures are harmless: a head whose
 * encounter is missing from localStorage is never read as the encounter (session.js). */
export async function drop(id) {
  try {
    (await db()).transaction(STORE, "readwrite").objectStore(STORE).delete(id);
  } catch {
    // nothing more to do
  }
}
