// The party that stays between encounters (js/data/library.js): its members as they were saved, added
// to this encounter in one tap — with the wounds they carry, or unhurt — and their wounds kept
// from this encounter for the next in one more. Healing in between is the card's own Heal (a
// heal event), once they are in.
import { html, useState } from "../../vendor/preact-htm.mjs";
import * as library from "../data/library.js";
import { savePrefs, loadPrefs } from "../data/prefs-store.js";

export function PartyPanel({ view, apply, engine, party }) {
  const [wounds, setWounds] = useState(() => loadPrefs().partyWounds !== "fresh");
  const [status, setStatus] = useState(null); // {ok, message}
  const [busy, setBusy] = useState(false);
  const here = new Set(view.combatants.map((c) => c.name));
  const missing = party.filter((m) => !here.has(m.fighter.name));
  const present = party.length - missing.length;

  async function addParty() {
    setBusy(true);
    // All queued at once (the session applies them in order): the encounter is busy until the last.
    const events = library.partyEvents(party, view, wounds);
    const responses = await Promise.all(events.map((event) => apply(event)));
    setBusy(false);
    const refused = responses.map((r, i) => [r, events[i]]).filter(([r]) => !r.ok);
    if (refused.length) {
      return setStatus({ ok: false, message: refused.map(([r, e]) => `${e.fighter.name}: ${r.error.message}`).join(" ") });
    }
    setStatus({ ok: true, message: `Added ${events.length} of the party${wounds ? ", with their wounds" : ", unhurt"}.` });
  }

  const chooseWounds = (e) => {
    setWounds(e.currentTarget.checked);
    savePrefs({ partyWounds: e.currentTarget.checked ? "kept" : "fresh" }); // a convenience: may fail quietly
  };

  return html`
    <section class="party" aria-labelledby="party-title" data-testid="party">
      <h3 id="party-title">Party</h3>
      ${party.length === 0
        ? html`<p class="hint">No party saved yet: “Save to party” on a player character's card keeps them, wounds and
            all, for the next encounter.</p>`
        : html`
          <ul class="party-list">
            ${party.map((m) => html`
              <li key=${m.fighter.name}>
                <span><bdi>${m.fighter.name}</bdi>${m.status ? html` <span class="meta">${m.status}</span>` : ""}</span>
                <button type="button" class="link-btn" aria-label=${`Take ${m.fighter.name} out of the party`}
                  onClick=${() => setStatus(library.remove("party", m.fighter.name))}>Remove</button>
              </li>`)}
          </ul>
          <div class="field check">
            <input id="party-wounds" type="checkbox" checked=${wounds} onChange=${chooseWounds} />
            <label for="party-wounds">With their wounds (unticked: unhurt)</label>
          </div>
          <div class="actions start">
            <button type="button" class="primary" disabled=${!missing.length || busy} aria-busy=${busy ? "true" : null}
              onClick=${addParty}>${missing.length ? `Add the party (${missing.length})` : "The party is here"}</button>
            ${present > 0 && html`<button type="button" onClick=${async () => setStatus(await library.keepWounds(engine, view))}>
              Keep their wounds for next time</button>`}
          </div>`}
      ${status && html`<p class=${status.ok ? "hint" : "error"} role=${status.ok ? "status" : "alert"}
        data-testid="party-status">${status.message}</p>`}
    </section>`;
}
