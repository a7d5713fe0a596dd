// The encounter screen, laid out for the table: the fighters at a glance (a row each, a tap opens
// his card), the round panel under them with Roll all and Resolve fixed at the screen's foot,
// then the last result's explanation, the forecast, the log, adding fighters and the rules.
// Everything renders session.view (from the engine, or the last saved one before Python is up)
// and sends one event per user act through session.apply. No rule lives here.
import { html, useEffect, useState } from "../../vendor/preact-htm.mjs";
import { useSession, useBusy, useTapApply } from "./hooks.js";
import { signed } from "../parts/ui.js";
import { FighterForm } from "../parts/fighter-form.js";
import { Roster } from "../parts/roster.js";
import { RoundPanel } from "../parts/round-panel.js";
import { LastResult } from "../parts/round-result.js";
import { LogPanel } from "../parts/log-panel.js";
import { RulesForm } from "../parts/rules-form.js";
import { OddsPanel } from "../parts/odds-panel.js";
import { ForecastPanel } from "../parts/forecast-panel.js";
import { Same } from "../parts/same.js";
import * as library from "../data/library.js";
import { PartyPanel } from "../parts/party-panel.js";
import { Fold } from "../parts/fold.js";
import { useLiveTable } from "../data/live-table.js";

export function EncounterScreen({ session, app }) {
  useSession(session);
  const apply = useTapApply(session);
  const { view, error } = session;
  const describe = app.describe;
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.view = view ? (session.live ? "live" : "saved") : "none";
    root.dataset.busy = session.pending > 0 ? "true" : "false"; // now, not as rendered: a tap may have come since
  });
  if (!view) {
    return html`
      <nav class="crumbs"><a href="#/">← Encounters</a></nav>
      <section class="card">
        <h2>Encounter</h2>
        ${error ? html`<p class="error" role="alert">${error.message}</p>` : html`<p>Opening…</p>`}
        <${KeepGoodPart} session=${session} />
      </section>`;
  }
  return html`
    <a class="skip-link" href="#round" onClick=${(e) => { e.preventDefault(); document.getElementById("round")?.focus(); }}>Skip to the round</a>
    <nav class="crumbs"><a href="#/">← Encounters</a><span class="crumb-group"><${LiveLink} id=${session.id} /><a
      href=${`#/e/${session.id}/share`}>Share</a></span></nav>
    <section class="headline" aria-labelledby="enc-title">
      <h2 id="enc-title" class="enc-name"><bdi>${view.name}</bdi></h2>
      ${view.over ? html`<p class="meta" data-testid="heading">${view.heading}</p>`
        : html`<p class="meta">Round <strong data-testid="round">${view.round}</strong></p>`}
      ${!session.live && !session.readOnly && html`<p class="hint starting-note">Saved copy — the engine is starting; what you do now is kept and applied in order.</p>`}
      ${error && html`<p class="error" role="alert">${error.message}</p>`}
      <${KeepGoodPart} session=${session} />
    </section>
    <${Same} deps=${[view.combatants, view.changes, view.ruleset, describe]}><${Roster} view=${view} describe=${describe} apply=${apply} engine=${app.engine} /></${Same}>
    <${RoundPanel} view=${view} describe=${describe} apply=${apply} engine=${app.engine} session=${session}
      preview=${(draft) => ["exchange", "group", "ranged"].includes(draft.t)
        ? html`<${OddsPanel} engine=${app.engine} view=${view} session=${session} event=${draft} />` : null} />
    <${LastResult} view=${view} />
    <${ForecastPanel} engine=${app.engine} view=${view} session=${session} />
    <${LogPanel} view=${view} apply=${apply} engine=${app.engine} session=${session} />
    <${AddSection} view=${view} describe=${describe} apply=${apply} engine=${app.engine} />
    <${Same} deps=${[view.pairs, view.combatants.map((c) => c.name)]}><${Pairs} view=${view} /></${Same}>
    <${Same} deps=${[view.ruleset, describe]}><${RulesForm} view=${view} describe=${describe} apply=${apply} /></${Same}>
  `;
}

/** A stored log the engine refuses from an event on: the button that keeps it up to its last
 * good event (Session.keepGoodPart keeps the whole record aside first), then what was done. */
function KeepGoodPart({ session }) {
  const [done, setDone] = useState(null);
  const busy = useBusy(session);
  if (!session.broken) {
    return done && html`<p class="hint" role="status">${done}</p>`;
  }
  const { at } = session.broken;
  const keep = async () => {
    const response = await session.keepGoodPart();
    if (response.ok) {
      setDone(`The log now ends at its last good event (${at} kept). The whole log as it was stored is kept aside: the list of encounters offers it under “Kept aside” (Export as stored).`);
    }
  };
  return html`<div class="actions start">
    <button type="button" class="primary" disabled=${busy} onClick=${keep}>Keep the log up to its last good event</button>
  </div>`;
}

/** The live table: players' phones following the fight; while live, how many are connected. */
function LiveLink({ id }) {
  const table = useLiveTable(id);
  const connected = table?.seats.filter((seat) => seat.state === "connected").length ?? 0;
  const dropped = table?.seats.some((seat) => seat.state === "dropped");
  return html`<a href=${`#/e/${id}/live`} data-testid="live-link">Live table${table && html` <span
    class=${`live-count${dropped ? " dropped" : ""}`}>${connected}${dropped ? "!" : ""}<span class="visually-hidden"> connected${
    dropped ? ", a player dropped" : ""}</span></span>`}</a>`;
}

/** Adding fighters: the party, templates (the engine's bestiary and the GM's own), and the sheet.
 * Open at once in an encounter that has none yet (setting it up); the GM's own toggle stands after. */
function AddSection({ view, describe, apply, engine }) {
  const [open] = useState(() => view.combatants.length === 0);
  const lib = library.useLibrary();
  const templates = [
    ...(describe?.bestiary ?? []).map((t) => ({ ...t, key: `bestiary:${t.key}` })),
    ...lib.templates.map((t) => ({ ...t, key: `mine:${t.fighter.name}`, name: t.fighter.name, mine: true })),
  ];
  const [status, setStatus] = useState(null);
  return html`
    <${Fold} class="card" id="add-fighter" open=${open} summary="Add a combatant">
      <${PartyPanel} view=${view} apply=${apply} engine=${engine} party=${lib.party} />
      <${Same} deps=${[view.ruleset, describe, lib.templates]}><${FighterForm} view=${view} describe=${describe} apply=${apply}
        engine=${engine} prefix="new" templates=${templates} onRemoveTemplate=${(t) => setStatus(library.remove("templates", t.name))} /></${Same}>
      ${status && html`<p class=${status.ok ? "hint" : "error"} role=${status.ok ? "status" : "alert"}>${status.message}</p>`}
    </${Fold}>`;
}

function Pairs({ view }) {
  if (!view.pairs.length) return null;
  const name = (id) => view.combatants.find((c) => c.id === id)?.name ?? id;
  return html`
    <${Fold} class="card" summary="Total damage factors">
      <ul class="pairs">
        ${view.pairs.map((p) => html`<li key=${p.a + p.b}><bdi>${name(p.a)}</bdi> vs <bdi>${name(p.b)}</bdi>: <strong>${signed(p.tdf)}</strong></li>`)}
      </ul>
    </${Fold}>`;
}
