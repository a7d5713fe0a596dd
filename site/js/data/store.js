// The app's saved data in localStorage: its one storage layer. Every key is in KEYS; every
// record but the dice panel's two caches is in a {type, version, data} envelope (TYPES). Each
// is described beside its functions below:
//
//   pyfudge:index        {type: "pyfudge/app-index", version: 1, data: {encounters: [{id, name, updated}]}}
//   pyfudge:enc:<id>     {type: "pyfudge/encounter", version: 1, data: {name, ruleset, log}}  (as pyfudge.door.codec)
//   pyfudge:view:<id>    {type: "pyfudge/view", version: 1, data: {rev, view}}  (the last view, for first paint)
//
// Each encounter's record also has a head in IndexedDB (heads.js), the arbiter between tabs
// (session.js); localStorage is the synchronous copy first paint and the list read.
//
// Reading never throws: missing, unparsable, foreign or too-new records read as "nothing
// saved" (null, or an empty index). Writing never throws either: it returns false when the
// storage is missing or full (lastWriteError says why). Older versions are migrated on read
// (MIGRATIONS) and written back at the new version on the next save.
//
// Data this app cannot read (damaged, or written by a newer pyfudge) is never deleted or
// overwritten: before a key holding such data is written, its text is first copied
// to pyfudge:aside:<key> (kept as is); an unreadable encounter stays under its own key, is
// opened read-only (inspect() says why) and is offered for export as stored (asideRecords()).

import * as heads from "./heads.js";

const PREFIX = "pyfudge:";
/** Every localStorage key of the app, by record kind: a key, or a function of an encounter's id. */
export const KEYS = {
  index: `${PREFIX}index`,
  encounter: (id) => `${PREFIX}enc:${id}`,
  view: (id) => `${PREFIX}view:${id}`,
  roundPick: (id) => `${PREFIX}round:${id}`,
  describe: `${PREFIX}describe`,
  deleted: `${PREFIX}deleted`,
  links: `${PREFIX}links`,
  prefs: `${PREFIX}prefs`,
  library: `${PREFIX}library`,
  ladder: `${PREFIX}ladder`,
  level: `${PREFIX}level`,
  aside: (key) => `${PREFIX}aside:${key}`,
};

/** The envelope of each kind of record (ladder and level are bare caches: see the dice panel's). */
export const TYPES = {
  index: { type: "pyfudge/app-index", version: 1 },
  encounter: { type: "pyfudge/encounter", version: 1 },
  view: { type: "pyfudge/view", version: 1 },
  roundPick: { type: "pyfudge/round-pick", version: 1 },
  describe: { type: "pyfudge/describe", version: 1 },
  deleted: { type: "pyfudge/deleted", version: 1 },
  links: { type: "pyfudge/imported-links", version: 1 },
  prefs: { type: "pyfudge/app-prefs", version: 1 },
  library: { type: "pyfudge/library", version: 1 },
};

/** The kind of record a key holds (a KEYS name), or null when it is not one of the app's. */
function kindOfKey(key) {
  for (const [kind, spelled] of Object.entries(KEYS)) {
    if (kind === "aside") continue;
    if (typeof spelled === "string" ? key === spelled : key.startsWith(spelled(""))) return kind;
  }
  return null;
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

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

// (type, from version) -> data at version + 1. Version 0 of the index is what a first
// draft of the app wrote: a bare array of ids or of {id, name}, with no envelope.
export const MIGRATIONS = {
  "pyfudge/app-index": {
    0: (data) => ({
      encounters: (Array.isArray(data) ? data : []).map((item) =>
        typeof item === "string" ? { id: item, name: "Encounter", updated: 0 } : item),
    }),
  },
};

/** An envelope's data at today's version, or null when it cannot be read. */
export function unwrap(raw, { type, version }) {
  let envelope = raw;
  if (type === TYPES.index.type && Array.isArray(raw)) envelope = { type, version: 0, data: raw };
  if (!isObject(envelope) || envelope.type !== type || !Number.isInteger(envelope.version)) return null;
  if (envelope.version > version || envelope.version < 0) return null; // a newer app wrote it
  let data = envelope.data;
  try {
    for (let v = envelope.version; v < version; v++) {
      const step = MIGRATIONS[type]?.[v];
      if (!step) return null;
      data = step(data);
    }
  } catch {
    return null;
  }
  return data;
}

/** What a stored text holds for a record type: {state: "ok", data} | {state: "newer", version}
 * | {state: "damaged"} (not JSON, not this type's envelope, or a migration failed). */
export function judge(raw, spec) {
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { state: "damaged" };
  }
  if (isObject(parsed) && parsed.type === spec.type && Number.isInteger(parsed.version) && parsed.version > spec.version) {
    return { state: "newer", version: parsed.version };
  }
  const data = unwrap(parsed, spec);
  return data === null ? { state: "damaged" } : { state: "ok", data };
}

export function wrap(kind, data) {
  return { ...TYPES[kind], data };
}

function readKey(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Whether this page may use localStorage at all (some private modes throw on access). */
export function storageAvailable() {
  try {
    return typeof localStorage.length === "number";
  } catch {
    return false;
  }
}

/** The stored text of a key, or null (missing, or no storage). */
export function readRaw(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// The kinds whose unreadable text is kept aside before a write (not the caches, which the engine
// makes again, nor the round form's last pick, a convenience).
const KEPT_ASIDE = new Set(["index", "encounter", "deleted", "links", "prefs", "library"]);
const checked = new Set(); // keys whose stored text this page has already judged readable or kept aside

/** Before the first write of a key in this page: if it holds text this app cannot read,
 * copy that text aside (pyfudge:aside:<key>), so that writing never destroys it. */
function keepAsideBeforeWrite(key) {
  if (checked.has(key)) return true;
  const kind = kindOfKey(key);
  const raw = readRaw(key);
  if (raw !== null && KEPT_ASIDE.has(kind) && judge(raw, TYPES[kind]).state !== "ok") {
    if (!keepAside(key, raw)) return false; // no room to keep it aside: do not overwrite it either
  }
  checked.add(key);
  return true;
}

/** Why the last write failed: "quota" (storage full), "unavailable" (no storage), "aside". */
export let lastWriteError = null;
export const writeFailure = () =>
  lastWriteError?.name === "QuotaExceededError" || lastWriteError?.code === 22 ? "quota"
    : lastWriteError ? "unavailable" : null;

/** Copy a text this app will no longer hold under `key` to pyfudge:aside:<key> (or, when that
 * holds another text, under a name of its own), where the list's "Kept aside" offers it for
 * export. False when there is no room for it. */
export function keepAside(key, raw) {
  const aside = KEYS.aside(key);
  if (readRaw(aside) === raw) return true;
  try {
    localStorage.setItem(readRaw(aside) === null ? aside : `${aside}:${Date.now()}`, raw);
    return true;
  } catch (err) {
    lastWriteError = err;
    return false;
  }
}

function writeKey(key, value) {
  return writeText(key, JSON.stringify(value));
}

function writeText(key, text) {
  try {
    if (!keepAsideBeforeWrite(key)) return false;
    localStorage.setItem(key, text);
    lastWriteError = null;
    return text; // what is stored now (truthy): session.js compares it with what it reads later
  } catch (err) {
    lastWriteError = err;
    return false; // not saved: the caller tells the user (session.js, storage-notice.js)
  }
}

function removeKey(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to do
  }
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

const isText = (v) => typeof v === "string";
const listOf = (v, ok) => Array.isArray(v) && v.every(ok);

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
    const failure = lastWriteError;
    removeKey(KEYS.encounter(id));
    lastWriteError = failure; // why: storage full, or none
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

// The engine's description (presets, options, ladder, choices), kept so forms can paint
// before Python is ready on a later visit. Tagged with the engine version that wrote it.

const choice = (c) => isObject(c) && (isText(c.value) || Number.isFinite(c.value)) && isText(c.label);
const choiceLists = (v) => v === undefined || (isObject(v) && Object.values(v).every((list) => listOf(list, choice)));
const level = (l) => isObject(l) && Number.isInteger(l.value) && isText(l.name);

/** The whole shape the forms draw from a description (pyfudge.api `describe`): a record that
 * is not this shape is not drawn, whatever wrote it. */
export function describeShape(d) {
  return isObject(d)
    && listOf(d.presets, (p) => isObject(p) && isText(p.key) && isText(p.label)) && d.presets.length > 0
    && listOf(d.options, (o) => isObject(o) && isText(o.key) && isText(o.label) && isText(o.kind)
      && isObject(o.defaults) && (o.choices === undefined || listOf(o.choices, choice)))
    && listOf(d.ladder, level) && listOf(d.wound_levels, level)
    && choiceLists(d.fighter) && choiceLists(d.declare) && choiceLists(d.round)
    && (d.tables === undefined || (isObject(d.tables) && Object.values(d.tables).every(isObject)))
    && (d.totals === undefined || (isObject(d.totals) && Object.values(d.totals).every(isText)));
}

/** The description kept for first paint and the engine build that wrote it ({describe, build}),
 * or null: none, another shape, or untagged (written before records said which build wrote them). */
export function loadDescribe() {
  const raw = readKey(KEYS.describe);
  const data = unwrap(raw, TYPES.describe);
  return isText(raw?.build) && raw.build && describeShape(data) ? { describe: data, build: raw.build } : null;
}

export function saveDescribe(describe, build) {
  return writeKey(KEYS.describe, { ...wrap("describe", describe), build: isText(build) && build ? build : "unknown" });
}

/** Forget the kept description (a cache: the engine describes again). */
export function dropDescribe() {
  removeKey(KEYS.describe);
}

// --- many encounters and sharing (list-screen.js, files.js, share-links.js) --------------------
//
//   pyfudge:deleted   {type: "pyfudge/deleted", version: 1, data: {items: [{id, name, encounter, deleted}]}}
//                     recently deleted encounters (newest first, at most MAX_DELETED), for Undo
//   pyfudge:links     {type: "pyfudge/imported-links", version: 1, data: {links: {<hash>: <id>}}}
//                     share links already imported here: opening one again says so
//   pyfudge:prefs     {type: "pyfudge/app-prefs", version: 1, data: {exportReminder: "dismissed"?}}

export const MAX_DELETED = 5;

/** Store an encounter {name, ruleset, log} (and its view, when known) under a new id. */
export function addEncounter(encounter, view = null) {
  const id = newId();
  return storeNew(id, encounter, view) ? id : null;
}

/** A copy of a stored encounter under a new id; null when there is none (or no room). */
export function duplicateEncounter(id) {
  const encounter = loadEncounter(id);
  if (!encounter) return null;
  const saved = loadView(id);
  return addEncounter(encounter, saved && saved.rev === encounter.log.length ? saved.view : null);
}

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

/** The ids of encounters imported from share links, by the link's hash. */
export function loadImportedLinks() {
  const data = unwrap(readKey(KEYS.links), TYPES.links);
  const links = isObject(data) && isObject(data.links) ? data.links : {};
  return Object.fromEntries(Object.entries(links).filter(([, id]) => typeof id === "string"));
}

export function rememberImportedLink(hash, id) {
  return writeKey(KEYS.links, wrap("links", { links: { ...loadImportedLinks(), [hash]: id } }));
}

export function loadPrefs() {
  const data = unwrap(readKey(KEYS.prefs), TYPES.prefs);
  return isObject(data) ? data : {};
}

export function savePrefs(changes) {
  return writeKey(KEYS.prefs, wrap("prefs", { ...loadPrefs(), ...changes }));
}

/** Every stored encounter with its index entry (for "export all"). */
export function loadAllEncounters() {
  return loadIndex().encounters
    .map((entry) => ({ ...entry, encounter: loadEncounter(entry.id) }))
    .filter((e) => e.encounter);
}

// --- the round form's last choice, per encounter (round-panel.js) --------------------------------
//
//   pyfudge:round:<id>   {type: "pyfudge/round-pick", version: 1, data: {form, a, b}}
//                        the mode and fighters last picked, so a reload comes back to them


/** The round form's last {form, a, b} for this encounter (each a string or null), or null. */
export function loadRoundPick(id) {
  const data = unwrap(readKey(KEYS.roundPick(id)), TYPES.roundPick);
  if (!isObject(data)) return null;
  const text = (v) => (typeof v === "string" && v.length <= 40 ? v : null);
  return { form: text(data.form), a: text(data.a), b: text(data.b) };
}

/** Remember it; a failed write only loses this convenience (false), never the encounter. */
export function saveRoundPick(id, pick) {
  return writeKey(KEYS.roundPick(id), wrap("roundPick", pick));
}

// --- the GM's library: templates and the party (js/data/library.js) -----------------------------------
//
//   pyfudge:library   {type: "pyfudge/library", version: 1, data: {templates: [{side, fighter}],
//                     party: [{side, fighter, status}]}}   (shapes: pyfudge/door/library.py; names unique
//                     in each list) — exported and imported with the encounters (files.js)

export const LIBRARY_KINDS = ["templates", "party"];

const entry = (e) => isObject(e) && isObject(e.fighter) && isText(e.fighter.name) && e.fighter.name !== "" && isText(e.side);

/** Well-formed entries only, each name once per list (the first kept). */
function cleanLibrary(data) {
  const out = {};
  for (const kind of LIBRARY_KINDS) {
    const seen = new Set();
    out[kind] = (isObject(data) && Array.isArray(data[kind]) ? data[kind] : [])
      .filter((e) => entry(e) && !seen.has(e.fighter.name) && seen.add(e.fighter.name));
  }
  return out;
}

/** The library {templates, party}; empty when none is stored (or it cannot be read: it is then
 * kept aside before the next write replaces it). Never throws. */
export function loadLibrary() {
  return cleanLibrary(unwrap(readKey(KEYS.library), TYPES.library));
}

/** Write the whole library: one write, so a refused one (storage full) leaves the stored one as it
 * was. Returns false when not written (writeFailure() says why). */
export function saveLibrary(library) {
  return writeKey(KEYS.library, wrap("library", cleanLibrary(library)));
}

/** Put an entry in one list of the library, in place of the one of its name if any: {ok, replaced},
 * or {ok: false, error: "quota" | "unavailable"} with nothing changed. */
export function putLibraryEntry(kind, item) {
  const library = loadLibrary();
  const name = item.fighter.name;
  const at = library[kind].findIndex((e) => e.fighter.name === name);
  const list = at < 0 ? [...library[kind], item] : library[kind].map((e, i) => (i === at ? item : e));
  if (!saveLibrary({ ...library, [kind]: list })) return { ok: false, error: writeFailure() ?? "unavailable" };
  return { ok: true, replaced: at >= 0 };
}

/** Take the entry of this name out of one list; same answers as putLibraryEntry. */
export function dropLibraryEntry(kind, name) {
  const library = loadLibrary();
  if (!saveLibrary({ ...library, [kind]: library[kind].filter((e) => e.fighter.name !== name) })) {
    return { ok: false, error: writeFailure() ?? "unavailable" };
  }
  return { ok: true };
}

// --- the dice panel's caches (dice-panel.js) -----------------------------------------------------
//
//   pyfudge:ladder   {levels: [{value, name}]}   the engine's ladder, for the next visit's first paint
//   pyfudge:level    <integer>                   the level last picked
// Bare JSON without an envelope, as first written: caches checked by their shape when read (a
// record of another shape is dropped); a failed write only loses the convenience.

function writeCache(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // not kept: the engine gives the ladder again, the user picks again
  }
}

/** The ladder kept from the last visit ({levels: [{value, name}]}), or null: none kept, or not
 * that shape (then dropped: the engine's is used). */
export function loadLadder() {
  const saved = readKey(KEYS.ladder);
  const ok = isObject(saved) && listOf(saved.levels, level) && saved.levels.length > 0;
  if (!ok && saved !== null) removeKey(KEYS.ladder);
  return ok ? saved : null;
}

export const saveLadder = (ladder) => writeCache(KEYS.ladder, ladder);

/** The level last picked, or 0. */
export function loadLevel() {
  const kept = readKey(KEYS.level);
  return Number.isInteger(kept) ? kept : 0;
}

export const saveLevel = (value) => writeCache(KEYS.level, value);
