// Export encounters to a JSON file and import them back. The engine writes and reads the file's
// text (encounter.export / encounter.import: envelope, caps, every encounter checked by replaying
// it); this module only moves bytes between the engine, a download, a file picker and storage.
// An import adds copies under new ids: it never overwrites what the device holds, and a file the
// engine refuses changes nothing. "Export all" carries the GM's templates and party too
// (js/data/library.js); an import adds those the device lacks. "Export all" always exports: it
// sends every record as stored and the engine keeps aside in the file, as found, each one it
// cannot read; an import adds every good record and names each refused one.
import * as encounterStore from "./encounter-store.js";
import * as storage from "./storage.js";
import { addImported } from "./library.js";

// A file larger than this is not even read into memory (the engine refuses anything over 5 MB).
const MAX_READ_BYTES = 16 * 1024 * 1024;

/** A download name from an encounter's name: letters and digits kept, the rest dashes. */
export function fileName(name) {
  const slug = String(name ?? "")
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `pyfudge-${slug || "encounter"}.json`;
}

/** Hand text to the browser as a file download (a blob: URL, which never leaves the page). */
export function download(text, name, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Export one stored encounter as a file; resolves {ok, message}. */
export async function exportOne(engine, id) {
  const encounter = encounterStore.loadEncounter(id);
  if (!encounter) return { ok: false, message: "This device holds no encounter under this address." };
  const name = encounterStore.loadIndex().encounters.find((e) => e.id === id)?.name ?? encounter.name;
  return exportEncounter(engine, encounter, name);
}

/** Export an encounter held in memory (one storage could not save); resolves {ok, message}. */
export async function exportEncounter(engine, encounter, name) {
  const response = await engine.request("encounter.export", { encounter });
  if (!response.ok) return { ok: false, message: response.error.message };
  download(response.result.file, fileName(name));
  return { ok: true, message: `Exported “${name}”.` };
}

/** Export stored text this app cannot read, exactly as stored (nothing parsed or changed). */
export function exportRaw(text, key) {
  download(text, `pyfudge-kept-${key.replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "")}.json`);
  return { ok: true, message: "Exported as stored." };
}

/** Text as a file can hold it: a lone surrogate (which no UTF-8 file carries) becomes U+FFFD,
 * as the download would write it; the rest is kept exactly. */
const wellFormed = (text) => new TextDecoder().decode(new TextEncoder().encode(text));

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The stored library's entries, each as its JSON text (so that no entry, however odd, can
 * refuse the request it travels in: the engine reads each on its own), or null when none is
 * stored or the record cannot be read (then it is a record kept aside). */
function libraryTexts() {
  const raw = storage.readRaw(storage.KEYS.library);
  if (raw === null) return { library: null, aside: [] };
  const found = storage.judge(raw, storage.TYPES.library);
  if (found.state !== "ok" || !isObject(found.data)) {
    return { library: null, aside: [{ key: storage.KEYS.library, name: "Templates and party", text: wellFormed(raw) }] };
  }
  const texts = (list) => (Array.isArray(list) ? list : []).map((e) => wellFormed(JSON.stringify(e)));
  return { library: { templates: texts(found.data.templates), party: texts(found.data.party) }, aside: [] };
}

/** Everything "export all" takes, as stored: each listed encounter's record and each record
 * kept aside, by key, with its text exactly as stored; the library's entries as texts. */
function storedForExport() {
  const encounters = [];
  for (const e of encounterStore.loadIndex().encounters) {
    const key = storage.KEYS.encounter(e.id);
    const text = storage.readRaw(key);
    if (text !== null) encounters.push({ key, name: e.name, text: wellFormed(text) });
  }
  const listed = new Set(encounters.map((r) => r.key));
  const { library, aside } = libraryTexts();
  for (const r of encounterStore.asideRecords()) {
    if (!listed.has(r.key) && r.raw !== null) aside.push({ key: r.key, text: wellFormed(r.raw) });
  }
  return { encounters, library, aside };
}

/** Whether "export all" has anything to export: an encounter, the library, a record kept aside. */
export function anythingToExport() {
  return encounterStore.loadIndex().encounters.length > 0 || storage.readRaw(storage.KEYS.library) !== null
    || encounterStore.asideRecords().length > 0;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** A record kept aside or refused, in words: “name” (the reason). */
const named = (r) => `${r.name ? `“${r.name}”` : `a ${r.what}`} (${r.reason})`;

/** Export everything this device holds as one file; resolves {ok, message, aside}. Always
 * exports: what the engine cannot read is kept aside in the file, as stored, and named here. */
export async function exportAll(engine) {
  const { encounters, library, aside } = storedForExport();
  if (!encounters.length && !library && !aside.length) return { ok: false, message: "There is nothing to export yet." };
  const args = { encounters, aside };
  if (library) args.library = library;
  const response = await engine.request("encounter.export", args);
  if (!response.ok) return { ok: false, message: response.error.message };
  const day = new Date().toISOString().slice(0, 10);
  download(response.result.file, `pyfudge-encounters-${day}.json`);
  const n = response.result.count;
  const kept = response.result.aside;
  const lib = JSON.parse(response.result.file).data.library?.data;
  const extra = lib ? `, ${plural(lib.templates.length, "template", "templates")} and a party of ${lib.party.length}` : "";
  const asideText = kept.length
    ? ` Kept aside in the file, exactly as stored, because this app cannot read ${kept.length === 1 ? "it" : "them"}: ${kept.map(named).join("; ")}.`
    : "";
  return { ok: true, aside: kept, message: `Exported ${plural(n, "encounter", "encounters")}${extra}.${asideText}` };
}

/** The library as stored, its entries as texts, for the engine to compare an import with. */
function heldLibrary() {
  return libraryTexts().library ?? { templates: [], party: [] };
}

/** Import the encounters of a picked file as new copies; resolves {ok, message, ids}.
 * Nothing is stored unless the engine accepted the whole file. */
export async function importFile(engine, file) {
  if (!file) return { ok: false, message: "No file was chosen.", ids: [] };
  if (file.size > MAX_READ_BYTES) {
    return { ok: false, message: `This file is too large to be a pyfudge export (${file.size.toLocaleString()} bytes).`, ids: [] };
  }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    return { ok: false, message: `The file could not be read (${err?.message ?? err}).`, ids: [] };
  }
  const response = await engine.request("encounter.import", { file: text, library: heldLibrary() });
  if (!response.ok) return { ok: false, message: `Nothing was imported: ${response.error.message}`, ids: [] };
  const ids = [];
  for (const { encounter } of response.result.encounters) {
    const id = encounterStore.addEncounter(encounter);
    if (!id) {
      return { ok: false, ids, message: `This device's storage is full: ${ids.length} of ${response.result.encounters.length} encounters were imported.` };
    }
    ids.push(id);
    // The list shows the encounter's own name (after any rename in its log): ask the engine.
    const opened = await engine.request("encounter.open", { id, encounter });
    if (opened.ok) {
      encounterStore.saveView(id, opened.result.rev, opened.result.view);
      encounterStore.touch(id, opened.result.view.name);
    }
  }
  const names = response.result.encounters.map((e) => e.name);
  const n = ids.length;
  const rest = addImported(response.result.library);
  const refused = response.result.refused ?? [];
  const notImported = refused.length ? ` Not imported: ${refused.map(named).join("; ")}.` : "";
  const aside = response.result.aside ?? [];
  const keptAside = aside.length ? ` The file also keeps ${plural(aside.length, "record", "records")} aside, as the device that made it stored ${aside.length === 1 ? "it" : "them"}: ${aside.map(named).join("; ")}.` : "";
  return { ok: !rest.includes("not imported") && !refused.length, ids, names,
    message: `Imported ${n} encounter${n === 1 ? "" : "s"} as new cop${n === 1 ? "y" : "ies"}.${rest}${notImported}${keptAside}` };
}
