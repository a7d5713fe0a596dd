// The encounters this device holds: their records, their list, each one's last view (for first
// paint). Written through storage.js's fail-soft write; the recently deleted are deleted-store.js's.
//
//   pyfudge:index        {type: "pyfudge/app-index", version: 1, data: {encounters: [{id, name, updated}]}}
//   pyfudge:enc:<id>     {type: "pyfudge/encounter", version: 1, data: {name, ruleset, log}}  (as pyfudge.door.codec)
//   pyfudge:view:<id>    {type: "pyfudge/view", version: 1, data: {rev, view}}  (the last view, for first paint)
//
// Each encounter's record also has a head in IndexedDB (heads.js), the arbiter between tabs
// (session.js); localStorage is the synchronous copy first paint and the list read. An
// unreadable encounter stays under its own key, is opened read-only (inspect() says why) and is
// offered for export as stored (asideRecords()).

import * as heads from "./heads.js";
import { KEYS, TYPES, isObject, isText, judge, listOf, readKey, readRaw, removeKey, unwrap, wrap, writeKey,
  writeText } from "./storage.js";

/** Index entries: keep only well-formed ones; fill defaults key by key. */
function cleanIndex(data) {
  const list = isObject(data) && Array.isArray(data.encounters) ? data.encounters : [];
  const seen = new Set();
  const encounters = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.id !== "string" || !item.id || seen.has(item.id)) continue;
    seen.add(item.id);
    encounters.push({
      id: item.id,
      name: typeof item.name === "string" && item.name ? item.name : "Encounter",
      updated: Number.isFinite(item.updated) ? item.updated : 0,
    });
  }
  return { encounters };
}

/** The list of saved encounters, newest first. Never throws. */
export function loadIndex() {
  const index = cleanIndex(unwrap(readKey(KEYS.index), TYPES.index));
  index.encounters.sort((a, b) => b.updated - a.updated);
  return index;
}

export function saveIndex(index) {
  return writeKey(KEYS.index, wrap("index", cleanIndex(index)));
}

/** Add or update one entry of the index. */
export function touch(id, name) {
  const index = loadIndex();
  const rest = index.encounters.filter((e) => e.id !== id);
  return saveIndex({ encounters: [{ id, name, updated: Date.now() }, ...rest] });
}

/** The stored encounter {name, ruleset, log}, or null. */
export function loadEncounter(id) {
  const data = unwrap(readKey(KEYS.encounter(id)), TYPES.encounter);
  return isObject(data) && Array.isArray(data.log) ? data : null;
}

export function saveEncounter(id, encounter) {
  return writeKey(KEYS.encounter(id), wrap("encounter", encounter));
}

/** An encounter's record as saveEncounter writes it (the text heads.js compares). */
export const encounterText = (encounter) => JSON.stringify(wrap("encounter", encounter));

/** Write an encounter's record text as it is (one made by encounterText). */
export function saveEncounterText(id, text) {
  return writeText(KEYS.encounter(id), text);
}

/** What this device holds under an encounter's id: {state: "missing"} | {state: "ok", data}
 * | {state: "newer" | "damaged", raw, message} (kept as is, read-only, offered for export). */
export function inspect(id) {
  return inspectText(readRaw(KEYS.encounter(id)));
}

/** What an encounter's record text holds (null: none), as inspect() says it. */
export function inspectText(raw) {
  if (raw === null) return { state: "missing" };
  const found = judge(raw, TYPES.encounter);
  if (found.state === "ok") {
    return isObject(found.data) && Array.isArray(found.data.log) ? found : { state: "damaged", raw, message: damagedMessage };
  }
  const message = found.state === "newer"
    ? `This encounter was saved by a newer version of pyfudge (format ${found.version}); this app reads format ${TYPES.encounter.version}. It is kept unchanged and shown read-only: reload the page to update the app, or export it to keep a copy.`
    : damagedMessage;
  return { ...found, raw, message };
}

const damagedMessage = "This encounter's saved data is damaged and cannot be read. It is kept unchanged, never overwritten: export it as stored to keep a copy.";

/** Every record kept aside: encounters this app cannot read (under their own key) and texts
 * copied aside before a write. [{key, id?, state, message, raw}] */
export function asideRecords() {
  let keys = [];
  try {
    keys = Object.keys(localStorage);
  } catch {
    return [];
  }
  const out = [];
  for (const key of keys.sort()) {
    if (key.startsWith(KEYS.encounter(""))) {
      const id = key.slice(KEYS.encounter("").length);
      const found = inspect(id);
      if (found.state === "newer" || found.state === "damaged") out.push({ key, id, ...found });
    } else if (key.startsWith(KEYS.aside(""))) {
      out.push({ key, state: "aside", raw: readRaw(key),
        message: "Data this app could not read, kept aside before it was replaced." });
    }
  }
  return out;
}

/** The parts of a saved view that first paint draws before the engine answers: a record that
 * lacks them is dropped (a cache, never fatal). Deeper faults are caught as the screen draws
 * (app.js drops the cache and waits for the engine's view). */
function viewShape(view) {
  return isObject(view) && isText(view.name)
    && listOf(view.combatants, (c) => isObject(c) && isText(c.id) && isText(c.name))
    && isObject(view.ruleset) && isText(view.ruleset.preset)
    && (view.log === undefined || Array.isArray(view.log))
    && (view.pairs === undefined || Array.isArray(view.pairs));
}

/** The last saved view {rev, view}, or null (none, or not the shape a view has). */
export function loadView(id) {
  const data = unwrap(readKey(KEYS.view(id)), TYPES.view);
  return isObject(data) && Number.isInteger(data.rev) && data.rev >= 0 && viewShape(data.view) ? data : null;
}

/** Forget the last saved view of an encounter (a cache: the engine makes it again). */
export function dropView(id) {
  removeKey(KEYS.view(id));
}

export function saveView(id, rev, view) {
  return writeKey(KEYS.view(id), wrap("view", { rev, view }));
}

export function forget(id) {
  heads.drop(id);
  removeKey(KEYS.encounter(id));
  removeKey(KEYS.view(id));
  removeKey(KEYS.roundPick(id));
  const index = loadIndex();
  saveIndex({ encounters: index.encounters.filter((e) => e.id !== id) });
}

/** Store a new encounter {name, ruleset, log} under `id`, listed, with its view when known:
 * all of it or nothing. The record first, then its line in the list; a list that cannot be
 * written takes the record back out (an encounter stored but not listed cannot be reached).
 * The view is a cache: written last, its failure harmless. Returns true when stored. */
export function storeNew(id, encounter, view = null, name = view?.name ?? encounter.name) {
  if (!saveEncounter(id, encounter)) return false;
  if (!touch(id, name)) {
    removeKey(KEYS.encounter(id)); // writeFailure() still says why the list was not written
    return false;
  }
  if (view) saveView(id, encounter.log.length, view);
  return true;
}

/** Encounters stored on this device but missing from the list (a list write that failed in an
 * older build, or a tab closed between the two writes): listed again. Run at start; returns
 * their ids. Only readable ones: data this app cannot read is shown under "Kept aside"
 * (asideRecords), listed or not. */
export function relistStored() {
  let keys;
  try {
    keys = Object.keys(localStorage);
  } catch {
    return [];
  }
  const index = loadIndex();
  const listed = new Set(index.encounters.map((e) => e.id));
  const found = [];
  for (const key of keys) {
    const id = key.startsWith(KEYS.encounter("")) ? key.slice(KEYS.encounter("").length) : null;
    if (!id || listed.has(id) || !/^[\w-]{1,64}$/.test(id)) continue;
    const encounter = loadEncounter(id);
    if (!encounter) continue;
    const name = loadView(id)?.view.name ?? encounter.name;
    found.push({ id, name: isText(name) && name ? name : "Encounter", updated: 0 });
  }
  if (found.length && !saveIndex({ encounters: [...index.encounters, ...found] })) return [];
  return found.map((e) => e.id);
}

/** A new encounter id: short, URL-safe, unique on this device. */
export function newId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return "e" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Store an encounter {name, ruleset, log} (and its view, when known) under a new id. */
export function addEncounter(encounter, view = null) {
  const id = newId();
  return storeNew(id, encounter, view) ? id : null;
}

/** A copy of a stored encounter under a new id, named `name`: {id, renamed}, or null when there is
 * none (or no room). A log that never renames starts the copy under its new name, so the copy's
 * first Undo takes back the fight's last event, not the name; a log that renames would name it
 * back on replay, so that copy is left for a rename event (`renamed` false). */
export function duplicateEncounter(id, name) {
  const encounter = loadEncounter(id);
  if (!encounter) return null;
  const saved = loadView(id);
  const view = saved && saved.rev === encounter.log.length ? saved.view : null;
  if (!encounter.log.some((event) => event?.t === "rename")) {
    const copy = addEncounter({ ...encounter, name }, view && { ...view, name });
    return copy && { id: copy, renamed: true };
  }
  const copy = addEncounter(encounter, view);
  return copy && { id: copy, renamed: false };
}

/** Every stored encounter with its index entry (for "export all"). */
export function loadAllEncounters() {
  return loadIndex().encounters
    .map((entry) => ({ ...entry, encounter: loadEncounter(entry.id) }))
    .filter((e) => e.encounter);
}
