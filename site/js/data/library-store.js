// The GM's library in storage: templates and the party (js/data/library.js works with it).
//
//   pyfudge:library   {type: "pyfudge/library", version: 1, data: {templates: [{side, fighter}],
//                     party: [{side, fighter, status}]}}   (shapes: pyfudge/door/library.py; names unique
//                     in each list) — exported and imported with the encounters (files.js)

import { KEYS, TYPES, isObject, isText, readKey, unwrap, wrap, writeFailure, writeKey } from "./storage.js";

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
