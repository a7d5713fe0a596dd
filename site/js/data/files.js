// Export encounters to a JSON file and import them back. The engine writes and reads the file's
// text (encounter.export / encounter.import: envelope, caps, every encounter checked by replaying
// it); this module only moves bytes between the engine, a download, a file picker and storage.
// An import adds copies under new ids: it never overwrites what the device holds, and a file the
// engine refuses changes nothing. "Export all" carries the GM's templates and party too
// (js/data/library.js); an import adds those the device lacks.
import * as store from "./store.js";
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
  const encounter = store.loadEncounter(id);
  if (!encounter) return { ok: false, message: "This device holds no encounter under this address." };
  const name = store.loadIndex().encounters.find((e) => e.id === id)?.name ?? encounter.name;
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

/** The GM's templates and party, when he has any (they travel with "export all"). */
function libraryToExport() {
  const library = store.loadLibrary();
  return library.templates.length || library.party.length ? library : null;
}

/** Whether "export all" has anything to export: an encounter, a template or a party member. */
export function anythingToExport() {
  return store.loadIndex().encounters.length > 0 || libraryToExport() !== null;
}

/** Export every stored encounter as one file, with the templates and the party; resolves {ok, message}. */
export async function exportAll(engine) {
  const all = store.loadAllEncounters();
  const library = libraryToExport();
  if (!all.length && !library) return { ok: false, message: "There is nothing to export yet." };
  const args = { encounters: all.map((e) => e.encounter) };
  if (library) args.library = library;
  const response = await engine.request("encounter.export", args);
  if (!response.ok) return { ok: false, message: response.error.message };
  const day = new Date().toISOString().slice(0, 10);
  download(response.result.file, `pyfudge-encounters-${day}.json`);
  const n = response.result.count;
  const extra = library ? `, ${library.templates.length} template${library.templates.length === 1 ? "" : "s"} and a party of ${library.party.length}` : "";
  return { ok: true, message: `Exported ${n} encounter${n === 1 ? "" : "s"}${extra}.` };
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
  const response = await engine.request("encounter.import", { file: text, library: store.loadLibrary() });
  if (!response.ok) return { ok: false, message: `Nothing was imported: ${response.error.message}`, ids: [] };
  const ids = [];
  for (const { encounter } of response.result.encounters) {
    const id = store.addEncounter(encounter);
    if (!id) {
      return { ok: false, ids, message: `This device's storage is full: ${ids.length} of ${response.result.encounters.length} encounters were imported.` };
    }
    ids.push(id);
    // The list shows the encounter's own name (after any rename in its log): ask the engine.
    const opened = await engine.request("encounter.open", { id, encounter });
    if (opened.ok) {
      store.saveView(id, opened.result.rev, opened.result.view);
      store.touch(id, opened.result.view.name);
    }
  }
  const names = response.result.encounters.map((e) => e.name);
  const n = ids.length;
  const rest = addImported(response.result.library);
  return { ok: !rest.includes("not imported"), ids, names,
    message: `Imported ${n} encounter${n === 1 ? "" : "s"} as new cop${n === 1 ? "y" : "ies"}.${rest}` };
}
