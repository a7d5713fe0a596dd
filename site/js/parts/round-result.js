// After Resolve: the bar at the screen's foot names each fighter's new state ("Goblin 1 took
// Hurt: Undamaged → Hurt −1"), with Undo saying what it undoes, beside Roll all and Resolve; a
// screen reader hears one line per result, with the dice. Below the form, the last result's
// worked explanation, folded to its one line. Everything said here is the view's.
import { html, useEffect, useRef } from "../../vendor/preact-htm.mjs";

const RESOLVED = ["exchange", "group", "ranged", "story", "initiative"];

export function ResultBar({ view, apply, error, busy, onRollAll, rolling, rollLabel }) {
  const strip = useRef(null);
  const seen = useRef(view.events);
  const last = view.last;
  const resolved = RESOLVED.includes(last?.kind);
  useEffect(() => {
    // Focus follows a new result (not a box ticked by hand, not the first paint).
    if (view.events > seen.current && resolved) strip.current?.focus();
    seen.current = view.events;
  }, [view.events]);
  const changes = view.changes ?? [];
  const dice = view.log_dice?.[view.log_dice.length - 1] ?? "";
  return html`
    <div class="round-bar" data-testid="round-bar">
      <div class="result-strip" ref=${strip} tabindex="-1" data-testid="result-strip" data-events=${view.events}>
        ${error ? html`<p class="error" role="alert">${error}</p>` : null}
        ${last && !error ? html`<ul class="changes">
          ${changes.length ? changes.map((c) => html`<li key=${c.id} data-id=${c.id}><bdi>${c.line}</bdi></li>`)
            : html`<li class="muted"><bdi>${last.text}</bdi></li>`}</ul>` : null}
        ${view.can_undo && view.undo_label ? html`<button type="button" class="undo-btn" disabled=${busy}
          onClick=${() => apply({ t: "undo" })}>Undo: <bdi>${view.undo_label}</bdi></button>` : null}
      </div>
      <div class="visually-hidden" aria-live="polite" data-testid="announce">${resolved && last ? `${last.text}${dice ? ` Dice: ${dice}.` : ""}` : ""}</div>
      <div class="bar-buttons">
        <button type="button" class="roll-all" onClick=${onRollAll} aria-busy=${rolling ? "true" : null}>${rollLabel}</button>
        <button type="submit" class="primary big">Resolve</button>
      </div>
    </div>`;
}

export function LastResult({ view }) {
  const last = view.last;
  if (!last) return null;
  const steps = last.outcome?.steps ?? [];
  // Its one line; the worked explanation, rule by rule, on tap.
  return html`
    <section class="card last-result" aria-label="Last result">
      ${steps.length > 0 ? html`
        <details class="small">
          <summary><span class="visually-hidden">Last result: </span><span class="last-text" data-testid="last-text">${last.text}</span></summary>
          <ol class="steps">
            ${steps.map((s, i) => html`<li key=${i}><span class="sec">${s.section}</span> ${s.text}</li>`)}
          </ol>
        </details>` : html`<p class="last-text" data-testid="last-text">${last.text}</p>`}
    </section>`;
}
