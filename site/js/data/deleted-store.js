// The recently deleted encounters, for Undo: a delete keeps a copy here first, so it never drops
// the only copy.
//
//   pyfudge:deleted   {type: "pyfudge/deleted", version: 1, data: {items: [{id, name, encounter, deleted}]}}
//                     newest first, at most MAX_DELETED

import { forget, inspect, loadEncounter, loadIndex, storeNew } from "./encounter-store.js";
import { KEYS, TYPES, isObject, readKey, removeKey, unwrap, wrap, writeFailure, writeKey } from "./storage.js";

export const MAX_DELETED = 5;

/** The recently deleted encounters, newest first. Never throws. */
export function loadDeleted() {
  const data = unwrap(readKey(KEYS.deleted), TYPES.deleted);
  const items = isObject(data) && Array.isArray(data.items) ? data.items : [];
  return items.filter((item) => isObject(item) && typeof item.id === "string" && isObject(item.encounter)
    && Array.isArray(item.encounter.log));
}

function saveDeleted(items) {
  return writeKey(KEYS.deleted, wrap("deleted", { items: items.slice(0, MAX_DELETED) }));
}

/** Delete an encounter, keeping a copy among the recently deleted (for Undo). Returns {item}
 * (the copy; null when nothing readable was there, or with `forGood`), or {error, name} when
 * the copy cannot be written (storage full, or none): then nothing is deleted — a delete never
 * drops the only copy. `forGood`: the user chose to delete it without a copy. */
export function deleteEncounter(id, { forGood = false } = {}) {
  const encounter = loadEncounter(id);
  const entry = loadIndex().encounters.find((e) => e.id === id);
  if (!encounter) {
    if (inspect(id).state === "missing") forget(id); // unreadable data is never deleted
    return { item: null };
  }
  const item = { id, name: entry?.name ?? encounter.name, encounter, deleted: Date.now() };
  if (!forGood) {
    const items = [item, ...loadDeleted().filter((d) => d.id !== id)];
    if (!saveDeleted(items)) {
      removeKey(KEYS.view(id)); // room from a cache (the engine makes the view again), then once more
      if (!saveDeleted(items)) return { error: writeFailure() ?? "unavailable", name: item.name };
    }
  }
  forget(id);
  return { item: forGood ? null : item };
}

/** Put a recently deleted encounter back under its own id, listed: all or nothing (false when
 * it is gone or cannot be stored and listed; then it stays among the recently deleted). */
export function restoreEncounter(id) {
  const items = loadDeleted();
  const item = items.find((d) => d.id === id);
  if (!item || !storeNew(id, item.encounter, null, item.name)) return false;
  saveDeleted(items.filter((d) => d.id !== id));
  return true;
}

export function emptyDeleted() {
  removeKey(KEYS.deleted);
}
