// The table display (#/e/<id>/display): one read-only screen for a tablet in the middle of the
// table — every fighter's name and how hurt he is, large, as the players see them. The engine
// makes its view from the players' link's own payload (encounter.players), so a hidden NPC part
// never reaches this page.
//
// It follows the GM's device when both are open in one browser (another tab or window): the
// GM's tab writes each event to localStorage, the browser's `storage` event tells this tab
// (app.js → Session.refresh takes the new events), and the view is asked for again. No button
// here changes anything. When it cannot follow (the stored record cannot be read, or holds
// events the engine refuses), it says so above the last state it drew, and follows again by
// itself once the record can be read (Session.refresh).
import { html, useState, useEffect } from "../../vendor/preact-htm.mjs";
import { useSession } from "./hooks.js";
import { headingOf } from "../parts/player-card.js";

export function TableDisplay({ id, app, session }) {
  const s = useSession(session(id));
  const [shown, setShown] = useState(null); // {rev, view} | {error}
  const stored = s.stored;
  const rev = stored?.log.length ?? -1;

  useEffect(() => {
    if (!stored) return undefined;
    let live = true;
    app.engine.request("encounter.players", { id, rev, encounter: stored }).then((response) => {
      if (!live) return;
      setShown(response.ok ? response.result : { error: response.error.message });
    });
    return () => { live = false; };
  }, [id, rev, stored]);

  useEffect(() => {
    // For the tests: the revision drawn, once drawn.
    document.documentElement.dataset.display = shown?.view ? String(shown.rev) : shown?.error ? "failed" : "reading";
  }, [shown]);

  if (!stored || shown?.error) {
    return html`<section class="card" aria-labelledby="display-title"><h2 id="display-title">Table display</h2>
      <p class="error" role="alert">${shown?.error ?? s.error?.message ?? "This device holds no encounter under this address."}</p></section>`;
  }
  if (!shown) return html`<section class="card"><p role="status">Drawing the table display…</p></section>`;
  const { view } = shown;
  const stale = s.readOnly ? (s.aside?.state === "newer"
    ? "the encounter was saved by a newer version of pyfudge; reload this page to update the app"
    : "the encounter's stored record cannot be read (it is damaged)")
    : s.broken ? "the encounter's stored log holds events this app cannot apply; the GM's screen offers to keep it up to its last good event"
      : null;
  return html`
    <section class="table-display" aria-labelledby="display-title" data-testid="table-display">
      <h2 id="display-title" class="display-title"><bdi>${view.name}</bdi> <span class="display-round">${headingOf(view)}</span></h2>
      <ul class="display-list">
        ${view.combatants.map((c) => html`
          <li key=${c.id} class=${`display-fighter side-${c.side}${c.can_fight ? "" : " out"}`} data-testid="display-fighter">
            <span class="display-name"><bdi>${c.name}</bdi></span>
            <span class="display-state" data-testid="display-state">${c.status}</span>
          </li>`)}
      </ul>
      ${stale ? html`<p class="error" role="alert" data-testid="display-stale">Not following the GM’s screen: ${stale}. Above: the last
        state shown. This display follows again by itself once the record can be read.</p>`
        : html`<p class="hint">Follows the GM’s screen in this browser. Nothing here changes the fight.</p>`}
    </section>`;
}
