// The fight forecast: the chance each side is the last standing and the expected rounds, for
// the encounter as it stands (the engine's `encounter.forecast`: an exact Markov chain for a
// duel, else a seeded simulation, each chance ± its 95 % interval's reach). It can take a
// second, so it runs only when asked: when the section is opened, or again with the button
// once the fight has moved on.
import { html, useState } from "../../vendor/preact-htm.mjs";
import { askEncounter, ChanceRow, percent } from "./odds-panel.js";

export function ForecastPanel({ engine, view, session }) {
  const [answer, setAnswer] = useState(null); // {events, response}
  const [working, setWorking] = useState(false);
  if (view.combatants.length < 2) return null;

  async function run() {
    if (working) return;
    setWorking(true);
    const events = view.events;
    const response = await askEncounter(engine, session, "encounter.forecast");
    setAnswer({ events, response });
    setWorking(false);
  }

  const response = answer?.response;
  const stale = answer && answer.events !== view.events;
  let body = null;
  if (response && !response.ok) body = html`<p class="error" role="alert">${response.error.message}</p>`;
  else if (response) {
    const r = response.result;
    const exact = r.method === "exact";
    const interval = (c) => (exact ? null : `±${percent(c.halfwidth)}`);
    const rows = ["players", "foes", "none"].filter((k) => k !== "none" || r.sides.none.p > 0);
    body = html`
      <table class="odds-table" data-testid="forecast">
        <caption>Last standing</caption>
        <tbody>
          ${rows.map((k) => html`<${ChanceRow} key=${k} kind=${k} label=${r.labels[k]} p=${r.sides[k].p} note=${interval(r.sides[k])} />`)}
          ${r.capped > 0 ? html`<${ChanceRow} kind="capped" label=${r.labels.capped} p=${r.capped} />` : null}
        </tbody>
      </table>
      <p>Expected rounds: <strong data-testid="forecast-rounds">${r.rounds.mean === null ? "—" : r.rounds.mean.toFixed(1)}</strong></p>
      <p class="hint small-print" data-testid="forecast-method">${exact
        ? "Exact: every class of dice weighed, round after round."
        : `Simulation of ${r.samples} fights (seed ${r.seed}): each chance within ±${percent(r.halfwidth)}, 95 % sure.`}
</p>
      ${r.stopped || r.stop === "time" ? html`<p class="hint small-print" data-testid="forecast-stopped">${r.steps[r.steps.length - 1]?.text}</p>` : null}
      <p class="hint small-print">${r.policy}</p>`;
  }
  return html`
    <details class="card forecast" onToggle=${(e) => { if (e.currentTarget.open && !answer) run(); }}>
      <summary>Forecast</summary>
      <div aria-live="polite" aria-busy=${working ? "true" : "false"}>
        ${working ? html`<p class="hint">Forecasting the fight…</p>` : body}
        ${stale && !working ? html`<p class="hint">The fight has moved on since this forecast.</p>` : null}
      </div>
      <button type="button" onClick=${run} disabled=${working}>${answer ? "Forecast again" : "Forecast the fight"}</button>
    </details>`;
}
