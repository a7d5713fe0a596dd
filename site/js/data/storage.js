// The app's storage layer over localStorage: every key (KEYS), every record's envelope
// {type, version, data} (TYPES) and its migrations, and the one fail-soft write. What each key
// holds is said by the module that stores it: encounter-store.js (the encounters, their list,
// views and the recently deleted), library-store.js (the GM's templates and party),
// prefs-store.js (preferences, the kept description, the round's last pick, imported links and
// the dice panel's caches). Each encounter's record also has a head in IndexedDB (heads.js).
//
// Reading never throws: missing, unparsable, foreign or too-new records read as "nothing
// saved". Writing never throws either: it returns false when the storage is missing or full
// (writeFailure() says why). Older versions are migrated on read (MIGRATIONS) and written back
// at the new version on the next save.
//
// Data this app cannot read (damaged, or written by a newer pyfudge) is never deleted or
// overwritten: before a key holding such data is written, its text is first copied to
// pyfudge:aside:<key> (kept as is).

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

export const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

export const isText = (v) => typeof v === "string";

export const listOf = (v, ok) => Array.isArray(v) && v.every(ok);

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

export function readKey(key) {
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

// The last write's error (null when it worked): writeFailure() says what it means.
let lastWriteError = null;

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

export function writeKey(key, value) {
  return writeText(key, JSON.stringify(value));
}

export function writeText(key, text) {
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

export function removeKey(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to do
  }
}

// Bare JSON without an envelope, as first written: caches checked by their shape when read (a
// record of another shape is dropped); a failed write only loses the convenience.

export function writeCache(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // not kept: the engine gives the ladder again, the user picks again
  }
}
