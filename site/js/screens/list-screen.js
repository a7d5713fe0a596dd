// The list screen (#/): create an encounter; the encounters on this device — open, rename,
// duplicate, share, export, delete (with Undo, and a "recently deleted" list that survives a
// reload); export all and import from a file; ask the browser to keep this site's storage,
// and remind the user to export when it will not.
//
// Names shown are the index's, which Session keeps equal to the encounter's own view name
// (a rename is an event: `rename {name}`, applied by the engine).
import { html, useState, useEffect, useRef } from "../../vendor/preact-htm.mjs";
import * as deletedStore from "../data/deleted-store.js";
import * as encounterStore from "../data/encounter-store.js";
import * as prefsStore from "../data/prefs-store.js";
import * as storage from "../data/storage.js";
import { create } from "../data/session.js";
import * as files from "../data/files.js";
import { useApp } from "./hooks.js";

// --- persistent storage ------------------------------------------------------------------------

let persistAsked = null; // one request per page load: {state: "granted" | "refused" | "unknown"}

/** Ask the browser to keep this site's storage (once per page load, once something is stored). */
export function askPersistence() {
  if (!persistAsked) {
    persistAsked = (async () => {
      const storage = navigator.storage;
      if (!storage?.persist) return "unknown";
      try {
        if (storage.persisted && (await storage.persisted())) return "granted";
        return (await storage.persist()) ? "granted" : "refused";
      } catch {
        return "refused";
      }
    })();
  }
  return persistAsked;
}

/** The browser's answer, drawn from the first paint as it was last time (remembered in the
 * prefs): the reminder it may bring is there at once, not pushed in above the list later. */
function usePersistence(hasEncounters) {
  const [state, setState] = useState(() => {
    const last = prefsStore.loadPrefs().persistence;
    return hasEncounters && ["granted", "refused", "unknown"].includes(last) ? last : null;
  });
  useEffect(() => {
    if (!hasEncounters) return;
    let live = true;
    askPersistence().then((s) => {
      if (!live) return;
      setState(s);
      if (prefsStore.loadPrefs().persistence !== s) prefsStore.savePrefs({ persistence: s });
    });
    return () => { live = false; };
  }, [hasEncounters]);
  return state;
}

function ExportReminder({ app, onExportAll }) {
  const [dismissed, setDismissed] = useState(() => prefsStore.loadPrefs().exportReminder === "dismissed");
  if (dismissed) return null;
  const dismiss = () => {
    prefsStore.savePrefs({ exportReminder: "dismissed" });
    setDismissed(true);
  };
  return html`
    <section class="card reminder" aria-labelledby="reminder-title" data-testid="export-reminder">
      <h2 id="reminder-title">Keep a copy of your encounters</h2>
      <p>This browser did not promise to keep this site's data: it may delete your encounters when
        the site is not used for a while (Safari does after a week). Export them to a file now and then.</p>
      <div class="actions">
        <button type="button" onClick=${dismiss}>Dismiss</button>
        <button type="button" class="primary" onClick=${onExportAll}>Export all</button>
      </div>
    </section>`;
}

// --- one saved encounter ----------------------------------------------------------------------

function RenameForm({ entry, onRename, onCancel }) {
  const [name, setName] = useState(entry.name);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const id = `rename-${entry.id}`;
  async function submit(e) {
    e.preventDefault();
    setBusy(true);
    const message = await onRename(name.trim());
    setBusy(false);
    if (message) setError(message);
  }
  return html`
    <form class="stack rename" onSubmit=${submit}>
      <label for=${id}>New name</label>
      <input id=${id} maxlength="80" dir="auto" required value=${name}
        onInput=${(e) => setName(e.currentTarget.value)} />
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="actions">
        <button type="button" onClick=${onCancel}>Cancel</button>
        <button type="submit" class="primary" aria-busy=${busy ? "true" : null}>Save name</button>
      </div>
    </form>`;
}

function EncounterRow({ entry, open, setOpen, act }) {
  const [renaming, setRenaming] = useState(false);
  const panel = `manage-${entry.id}`;
  return html`
    <li class="enc-row" data-id=${entry.id}>
      <div class="enc-line">
        <a class="button-link" href=${`#/e/${entry.id}`}><bdi>${entry.name}</bdi></a>
        <button type="button" class="manage" aria-expanded=${open ? "true" : "false"} aria-controls=${panel}
          onClick=${() => { setOpen(open ? null : entry.id); setRenaming(false); }}>Manage</button>
      </div>
      ${open && html`
        <div class="enc-actions" id=${panel}>
          ${renaming
            ? html`<${RenameForm} entry=${entry} onCancel=${() => setRenaming(false)}
                onRename=${async (name) => {
                  const message = await act.rename(entry.id, name);
                  if (!message) setRenaming(false);
                  return message;
                }} />`
            : html`
              <div class="actions start">
                <button type="button" onClick=${() => setRenaming(true)}>Rename</button>
                <button type="button" onClick=${() => act.duplicate(entry.id)}>Duplicate</button>
                <a class="button-link" href=${`#/e/${entry.id}/share`}>Share</a>
                <button type="button" onClick=${() => act.exportOne(entry.id)}>Export</button>
                <button type="button" class="danger" onClick=${() => act.remove(entry.id)}>Delete</button>
              </div>`}
        </div>`}
    </li>`;
}

function Toast({ toast, onUndo, onForGood, onClose }) {
  if (!toast) return null;
  return html`
    <div class="toast" role=${toast.alert ? "alert" : "status"} data-testid="toast">
      <p><${Named} text=${toast.text} /></p>
      <div class="actions">
        ${toast.undo && html`<button type="button" class="primary" onClick=${onUndo}>Undo</button>`}
        ${toast.forGood && html`<button type="button" class="danger" onClick=${onForGood}>Delete for good</button>`}
        <button type="button" onClick=${onClose}>Close</button>
      </div>
    </div>`;
}

// Text with a user's name in it, isolated: {before, name, after} or a plain string.
function Named({ text }) {
  if (typeof text === "string") return text;
  return html`${text.before}<bdi>${text.name}</bdi>${text.after}`;
}

// Records "export all" kept aside in the file (the engine could not read them): each offered on
// its own too, as stored, as the storage notice's "Kept aside" offers what this app cannot parse.
function KeptInFile({ records }) {
  const [status, setStatus] = useState(null);
  return html`
    <details class="aside-in-file" data-testid="kept-in-file" open>
      <summary>Kept aside (${records.length})</summary>
      <ul class="links">
        ${records.map((r) => html`
          <li key=${r.key} class="aside-item">
            <p>${r.name ? html`<strong><bdi>${r.name}</bdi></strong>: ` : ""}${r.reason}</p>
            <button type="button" onClick=${() => {
              const text = storage.readRaw(r.key);
              setStatus(text === null ? { message: "It is no longer stored on this device." } : files.exportRaw(text, r.key));
            }}>Export as stored</button>
          </li>`)}
      </ul>
      ${status && html`<p class="hint" role="status">${status.message}</p>`}
    </details>`;
}

// --- the screen ----------------------------------------------------------------------------------

export function ListScreen({ app, session, startNew }) {
  const nameField = useRef(null);
  // The "New encounter" shortcut (#/new): the name field is ready to type in.
  useEffect(() => { if (startNew) nameField.current?.focus(); }, [startNew]);
  const refresh = useApp(app);
  const { describe } = app;
  const [name, setName] = useState("");
  const [preset, setPreset] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(null);
  const [toast, setToast] = useState(null);
  const [fileStatus, setFileStatus] = useState(null); // {ok, message}
  const saved = encounterStore.loadIndex().encounters;
  const deleted = deletedStore.loadDeleted();
  const persistence = usePersistence(saved.length > 0);

  useEffect(() => {
    document.documentElement.dataset.persist = persistence ?? "";
  }, [persistence]);

  async function submit(event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const chosen = preset || describe?.presets?.[0]?.key; // what the select shows
    const result = await create(app.engine, {
      name: name.trim() || "Encounter",
      ruleset: chosen ? { preset: chosen, options: {} } : null,
    });
    setBusy(false);
    if (result.error) setError(result.error.message);
    else location.hash = `#/e/${result.id}`;
  }

  const act = {
    async rename(id, newName) {
      if (newName === saved.find((e) => e.id === id)?.name) return null; // unchanged: no event
      const response = await session(id).apply({ t: "rename", name: newName });
      refresh();
      return response.ok ? null : response.error.message;
    },
    async duplicate(id) {
      const original = saved.find((e) => e.id === id);
      // The copy is told apart by its name: its starting name, or a rename event in its own log.
      const name = `${original?.name ?? "Encounter"} (copy)`;
      const copy = encounterStore.duplicateEncounter(id, name);
      if (!copy) return setToast({ text: "Could not duplicate: this device's storage is full." });
      setOpen(null);
      refresh();
      const response = copy.renamed ? null : await session(copy.id).apply({ t: "rename", name });
      refresh();
      setToast({ text: { before: "Duplicated as “", name: !response || response.ok ? name : original?.name, after: "”." } });
    },
    async exportOne(id) {
      const result = await files.exportOne(app.engine, id);
      setFileStatus(result);
    },
    remove(id, forGood = false) {
      const result = deletedStore.deleteEncounter(id, { forGood });
      if (result.error) {
        // No room for the copy Undo needs: nothing is deleted (never the only copy), the user chooses.
        const why = result.error === "quota" ? "this device's storage for this site is full"
          : "this browser does not let the site store anything";
        return setToast({ alert: true, forGood: id, text: { before: "Not deleted: “", name: result.name,
          after: `”. A copy for Undo could not be kept: ${why}. Export it first if you may want it back, or delete it for good (no Undo).` } });
      }
      app.sessions.delete(id);
      setOpen(null);
      refresh();
      const name = result.item?.name ?? saved.find((e) => e.id === id)?.name ?? "";
      if (result.item) setToast({ text: { before: "Deleted “", name, after: "”." }, undo: id });
      else if (forGood) setToast({ text: { before: "Deleted “", name, after: "” for good." } });
      else setToast(null);
    },
  };

  function restore(id) {
    if (deletedStore.restoreEncounter(id)) {
      setToast({ text: { before: "Restored “", name: encounterStore.loadIndex().encounters.find((e) => e.id === id)?.name ?? "", after: "”." } });
    } else {
      setToast({ text: "It could not be restored: this device's storage is full." });
    }
    refresh();
  }

  async function exportAll() {
    setFileStatus(await files.exportAll(app.engine));
  }

  async function importPicked(e) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    setFileStatus({ ok: true, message: "Importing…", busy: true });
    const result = await files.importFile(app.engine, file);
    input.value = "";
    setFileStatus(result);
    refresh();
  }

  return html`
    <p class="lead" data-testid="what-for">Runs Fudge fights: rounds, wounds, healing.</p>
    <section class="card" aria-labelledby="new-title">
      <h2 id="new-title">New encounter</h2>
      <form class="stack" onSubmit=${submit}>
        <label for="new-name">Name</label>
        <input id="new-name" name="name" maxlength="80" placeholder="Encounter" dir="auto" ref=${nameField}
          value=${name} onInput=${(e) => setName(e.currentTarget.value)} />
        <label for="new-preset">Rules</label>
        <select id="new-preset" value=${preset || describe?.presets?.[0]?.key || ""} onChange=${(e) => setPreset(e.currentTarget.value)}>
          ${describe
            ? describe.presets.map((p) => html`<option value=${p.key}>${p.label}</option>`)
            : html`<option value="">Loading the rules…</option>`}
        </select>
        ${error && html`<p class="error" role="alert">${error}</p>`}
        <button type="submit" class="primary" aria-busy=${busy ? "true" : null}>Create encounter</button>
      </form>
    </section>
    ${persistence === "refused" && html`<${ExportReminder} app=${app} onExportAll=${exportAll} />`}
    <section class="card" aria-labelledby="saved-title">
      <h2 id="saved-title">Encounters on this device</h2>
      ${saved.length
        ? html`<ul class="links enc-list">
            ${saved.map((e) => html`<${EncounterRow} key=${e.id} entry=${e} open=${open === e.id} setOpen=${setOpen} act=${act} />`)}
          </ul>`
        : html`<p class="hint">None yet.</p>`}
      ${persistence === "granted" && html`<p class="hint" data-testid="persist-status">This browser keeps these encounters until you delete them.</p>`}
    </section>
    <section class="card" aria-labelledby="files-title">
      <h2 id="files-title">Files</h2>
      <div class="stack">
        <button type="button" onClick=${exportAll} disabled=${!files.anythingToExport()}>Export all encounters</button>
        <label for="import-file">Import encounters from a file</label>
        <input id="import-file" type="file" accept=".json,application/json" onChange=${importPicked} />
        <p class="hint">The file holds your templates and party too. An import adds copies; it never replaces an
          encounter, a template or a party member you have.</p>
        ${fileStatus && html`<p class=${fileStatus.ok ? "hint" : "error"} role=${fileStatus.ok ? "status" : "alert"}
          data-testid="file-status">${fileStatus.message}</p>`}
        ${fileStatus?.aside?.some((r) => r.key) && html`<${KeptInFile} records=${fileStatus.aside.filter((r) => r.key)} />`}
      </div>
    </section>
    ${deleted.length > 0 && html`
      <details class="card" id="deleted">
        <summary>Recently deleted (${deleted.length})</summary>
        <ul class="links">
          ${deleted.map((d) => html`
            <li key=${d.id} class="enc-line">
              <span class="deleted-name"><bdi>${d.name}</bdi></span>
              <button type="button" onClick=${() => restore(d.id)}>Restore</button>
            </li>`)}
        </ul>
        <div class="actions">
          <button type="button" onClick=${() => { deletedStore.emptyDeleted(); refresh(); }}>Forget them</button>
        </div>
      </details>`}
    <${Toast} toast=${toast} onUndo=${() => restore(toast.undo)} onForGood=${() => act.remove(toast.forGood, true)}
      onClose=${() => setToast(null)} />
  `;
}
