// The GM's library on this device: his own templates and the party that stays between
// encounters (stored by library-store.js under pyfudge:library; shapes owned by pyfudge/door/library.py,
// through the door's library.template and library.member). The engine's bestiary comes with
// `describe`. Screens read the library with useLibrary(), which re-renders them when it changes
// here or in another tab.
import { useEffect, useReducer } from "../../vendor/preact-htm.mjs";
import * as libraryStore from "./library-store.js";
import * as storage from "./storage.js";

const listeners = new Set();

function changed() {
  for (const fn of listeners) fn();
}

addEventListener("storage", (e) => {
  if (e.key === null || e.key === storage.KEYS.library) changed();
});

/** The library {templates, party}, read afresh on every render of the calling component. */
export function useLibrary() {
  const [, force] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    listeners.add(force);
    return () => listeners.delete(force);
  }, []);
  return libraryStore.loadLibrary();
}

const WHY = {
  quota: "this device's storage for this site is full. Export or delete encounters you no longer need, then try again",
  unavailable: "this browser does not let the site store anything (a private mode?)",
};

/** A refused write in plain words: nothing was stored, and why. */
export function notSaved(error) {
  return `Not saved: ${WHY[error] ?? WHY.unavailable}.`;
}

async function put(engine, kind, action, args) {
  const response = await engine.request(action, args);
  if (!response.ok) return { ok: false, message: response.error.message };
  const saved = libraryStore.putLibraryEntry(kind, response.result);
  if (!saved.ok) return { ok: false, message: notSaved(saved.error) };
  changed();
  return { ok: true, replaced: saved.replaced, entry: response.result };
}

/** Save a fighter (a card of the view) as a template: unhurt, named after his kin ("Goblin 3" →
 * "Goblin"), in place of a template of that name. Resolves {ok, message}. */
export async function saveTemplate(engine, c) {
  const out = await put(engine, "templates", "library.template", { fighter: c.fighter, side: c.side });
  if (!out.ok) return out;
  const name = out.entry.fighter.name;
  return { ok: true, message: out.replaced ? `Template “${name}” updated.` : `Saved “${name}” as a template.` };
}

/** Save a player character to the party as he stands, wounds and all. Resolves {ok, message}. */
export async function saveMember(engine, c) {
  const out = await put(engine, "party", "library.member", { fighter: c.fighter, side: c.side, status: c.status });
  if (!out.ok) return out;
  return { ok: true, message: out.replaced ? `${c.name}'s place in the party updated (${c.status}).` : `${c.name} is in the party now.` };
}

/** Save every party member who is in this encounter as he stands now (his wounds for the next
 * one): one write. Resolves {ok, message}. */
export async function keepWounds(engine, view) {
  const library = libraryStore.loadLibrary();
  const here = new Map(view.combatants.map((c) => [c.name, c]));
  const party = [];
  let kept = 0;
  for (const m of library.party) {
    const c = here.get(m.fighter.name);
    if (!c) {
      party.push(m);
      continue;
    }
    const response = await engine.request("library.member", { fighter: c.fighter, side: c.side, status: c.status });
    if (!response.ok) return { ok: false, message: response.error.message };
    party.push(response.result);
    kept++;
  }
  if (!libraryStore.saveLibrary({ ...library, party })) return { ok: false, message: notSaved(storage.writeFailure()) };
  changed();
  return { ok: true, message: `Kept the wounds of ${kept} of the party for the next encounter.` };
}

/** Take an entry out of the library. Resolves {ok, message}. */
export function remove(kind, name) {
  const out = libraryStore.dropLibraryEntry(kind, name);
  if (!out.ok) return { ok: false, message: notSaved(out.error) };
  changed();
  return { ok: true, message: kind === "party" ? `${name} left the party.` : `Template “${name}” removed.` };
}

/** The events that add the party to an encounter: each member not in it yet, with the wounds he
 * was saved with (`wounds`) or unhurt. */
export function partyEvents(party, view, wounds) {
  const here = new Set(view.combatants.map((c) => c.name));
  return party.filter((m) => !here.has(m.fighter.name)).map((m) => ({
    t: "add", side: m.side,
    fighter: wounds ? m.fighter : { ...m.fighter, track: null, shield_state: null },
  }));
}

/** After an import: the entries the engine found new in a file (pyfudge.door.library.merged), added
 * to the library in one write. Returns a sentence, or "" when the file had none to add. */
export function addImported(found) {
  if (!found) return "";
  const n = found.templates.length + found.party.length;
  if (!n) return "";
  const library = libraryStore.loadLibrary();
  const next = Object.fromEntries(libraryStore.LIBRARY_KINDS.map((k) => [k, [...library[k], ...found[k]]]));
  if (!libraryStore.saveLibrary(next)) return ` The templates and party in it were not imported: ${WHY[storage.writeFailure()] ?? WHY.unavailable}.`;
  changed();
  const parts = [found.templates.length && `${found.templates.length} template${found.templates.length === 1 ? "" : "s"}`,
    found.party.length && `${found.party.length} of the party`].filter(Boolean);
  const full = found.full ? ` (${found.full} left out: the library is full)` : "";
  return ` Added ${parts.join(" and ")}${full}.`;
}
