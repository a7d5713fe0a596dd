// What the user must know about this device's storage, above every screen:
//
// - an open encounter whose last changes could not be saved (storage full, or none in a
//   private mode): they are kept in this page (and in IndexedDB when it took them: a reload
//   takes them back, session.js), and an Export button saves them to a file;
// - data this app cannot read (damaged, or written by a newer pyfudge): kept exactly as stored
//   (storage.js never deletes or overwrites it), with "Export as stored" — on its encounter's
//   screen for that encounter, on the list screen for all of them.
import { html, useState } from "../../vendor/preact-htm.mjs";
import * as encounterStore from "../data/encounter-store.js";
import * as storage from "../data/storage.js";
import * as files from "../data/files.js";

const WHY = {
  quota: "this device's storage for this site is full",
  unavailable: "this browser does not let the site store anything (a private mode?)",
  deleted: "it was deleted in another tab (or the browser's storage was cleared)",
};

function Unsaved({ session, engine }) {
  const [status, setStatus] = useState(null);
  const name = session.view?.name ?? session.stored?.name ?? "Encounter";
  const exportIt = async () => setStatus(await files.exportEncounter(engine, session.stored, name));
  return html`
    <section class="card storage-notice" role="alert" data-testid="unsaved-notice">
      <h2>Not saved: <bdi>${name}</bdi></h2>
      <p>Your last changes could not be saved: ${WHY[session.unsaved] ?? WHY.unavailable}. ${session.backup
        ? "A copy is kept in this browser's database, so a reload takes them back, but the list and Export all do not have them yet; export the encounter to keep them."
        : "They are kept in this page while it stays open; export the encounter to keep them."}</p>
      <div class="actions start">
        <button type="button" class="primary" onClick=${exportIt}>Export it</button>
      </div>
      ${status && html`<p class=${status.ok ? "hint" : "error"}>${status.message}</p>`}
    </section>`;
}

function KeptAside({ records, title }) {
  const [status, setStatus] = useState(null);
  return html`
    <section class="card storage-notice" aria-labelledby="aside-title" data-testid="aside-notice">
      <h2 id="aside-title">${title}</h2>
      <p class="hint">pyfudge keeps this data exactly as it is stored: it is never deleted or overwritten.</p>
      <ul class="links">
        ${records.map((r) => html`
          <li key=${r.key} class="aside-item">
            <p>${r.name ? html`<strong><bdi>${r.name}</bdi></strong>: ` : ""}${r.message}</p>
            <button type="button" onClick=${() => setStatus(files.exportRaw(r.raw, r.key))}>
              Export as stored
            </button>
          </li>`)}
      </ul>
      ${status && html`<p class="hint" role="status">${status.message}</p>`}
    </section>`;
}

export function StorageNotice({ app, current, session }) {
  const unsaved = [...app.sessions.values()].filter((s) => s.unsaved && s.stored);
  let aside = null;
  if (current.screen === "encounter") {
    const s = session(current.id);
    if (s.aside) aside = html`<${KeptAside} records=${[{ key: storage.KEYS.encounter(s.id), ...s.aside }]} title="Kept aside" />`;
  } else if (current.screen === "list") {
    const names = new Map(encounterStore.loadIndex().encounters.map((e) => [e.id, e.name]));
    const records = encounterStore.asideRecords().map((r) => ({ ...r, name: names.get(r.id) }));
    if (records.length) aside = html`<${KeptAside} records=${records} title=${`Kept aside (${records.length})`} />`;
  }
  return html`
    ${unsaved.map((s) => html`<${Unsaved} key=${s.id} session=${s} engine=${app.engine} />`)}
    ${aside}`;
}
