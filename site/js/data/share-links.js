// Share links of an encounter: the addresses they open, and storing the copy a link holds.
// The engine makes and reads each link's fragment (encounter.link / encounter.unlink; see
// screens/share-screen.js); this module only builds addresses and stores copies. Opening a link
// never overwrites anything: it adds a copy under a new id, and remembers the link's hash so that
// opening the same link again says so instead of adding another copy.
import * as encounterStore from "./encounter-store.js";
import * as prefsStore from "./prefs-store.js";

/** This page's address with another fragment (works from any sub-path). */
export function addressWith(hash) {
  const url = new URL(location.href);
  url.hash = hash;
  return url.href;
}

export const linkAddress = (fragment) => addressWith(`/s/${fragment}`);

/** A short, stable hash of a link's fragment (53-bit cyrb53, hex, with the length): to know a
 * link was imported before. Not a secret; a collision only means "you already have this". */
export function linkHash(text) {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length.toString(36)}-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16)}`;
}

/** The id this device stored the link under, if that encounter is still here. */
export function importedBefore(fragment) {
  const id = prefsStore.loadImportedLinks()[linkHash(fragment)];
  return id && encounterStore.loadEncounter(id) ? id : null;
}

/** Read a link and store a copy under a new id: resolves {id} or {error}. */
export async function importLink(engine, fragment) {
  const response = await engine.request("encounter.unlink", { fragment });
  if (!response.ok) return { error: response.error };
  const id = encounterStore.addEncounter(response.result.encounter, response.result.view);
  if (!id) return { error: { message: "This device's storage is full: the encounter could not be saved." } };
  prefsStore.rememberImportedLink(linkHash(fragment), id);
  return { id };
}
