// The app's own records: its preferences, the engine's description kept for first paint, the
// round form's last pick, the share links already imported, and the dice panel's caches. Each
// is a convenience: a failed write loses only it, never an encounter.
//
//   pyfudge:describe     {type: "pyfudge/describe", version: 1, data: <describe>, build}
//   pyfudge:prefs        {type: "pyfudge/app-prefs", version: 1, data: {exportReminder: "dismissed"?, partyWounds?}}
//   pyfudge:links        {type: "pyfudge/imported-links", version: 1, data: {links: {<hash>: <id>}}}
//                        share links already imported here: opening one again says so
//   pyfudge:round:<id>   {type: "pyfudge/round-pick", version: 1, data: {form, a, b}}
//                        the mode and fighters last picked, so a reload comes back to them
//   pyfudge:ladder       {levels: [{value, name}]}   the engine's ladder, for the next visit's first paint
//   pyfudge:level        <integer>                   the level last picked
// The dice panel's two caches are bare JSON without an envelope, as first written: checked by
// their shape when read (a record of another shape is dropped).

import { KEYS, isObject, isText, listOf, readKey, removeKey, unwrap, wrap, writeCache, writeKey, TYPES } from "./storage.js";

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
