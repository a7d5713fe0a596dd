// After Resolve: the bar at the screen's foot names each fighter's new state ("Goblin 1 took
// Hurt: Undamaged → Hurt −1"), with Undo saying what it undoes, beside Roll all and Resolve; a
// screen reader hears one line per result, with the dice. After an Undo it says what was taken
// back ("Undone: Aldric vs Goblin 1"), once. The bar offers what the round asks for next: Roll
// initiative at an alternating round's start, Next round and End of battle once everyone who can
// act has acted. Below the form, the last result's worked explanation, folded to its one line.
// Everything said here is the view's.
import { html, useLayoutEffect, useRef } from "../../vendor/preact-htm.mjs";
import { useBusy } from "../screens/hooks.js";

const RESOLVED = ["exchange", "group", "ranged", "story", "initiative"];

/** `step`: "play" (Roll all, Resolve), "initiative" (Roll initiative first, then Roll all and
 *  Resolve for a GM who decides who attacks himself) or "over" (End of battle, Next round). */
export function ResultBar({ view, apply, error, session, step, onRollAll, rolling, rollLabel, onInitiative }) {
  const strip = useRef(null);
  const buttons = useRef(null);
  const seen = useRef(view.events);
  const last = view.last;
  const undone = view.undone ?? "";
  const resolved = RESOLVED.includes(last?.kind);
  // Before the paint: the focus moved in the render that draws the result costs no style and
  // layout pass of its own, and the result's frame shows where it is.
  useLayoutEffect(() => {
    const fresh = view.events > seen.current;
    seen.current = view.events;
    if (!fresh) return;
    // Focus follows a new result (not a box ticked by hand, not the first paint). An Undo keeps
    // the focus where it is, so the screen reader hears "Undone" once, from the live region; only
    // a focus lost with the Undo button goes to the bar's first button.
    // The bar is fixed at the screen's foot: nothing to scroll to, and no layout forced for it.
    const lost = !document.activeElement || document.activeElement === document.body;
    const to = resolved && !undone ? strip.current
      : undone && lost ? strip.current?.querySelector(".undo-btn") ?? buttons.current?.querySelector("button") : null;
    to?.focus({ preventScroll: true });
  }, [view.events]);
  const changes = view.changes ?? [];
  const dice = view.log_dice?.[view.log_dice.length - 1] ?? "";
  const said = undone ? `Undone: ${undone}.` : resolved && last ? `${last.text}${dice ? ` Dice: ${dice}.` : ""}` : "";
  const rollAll = html`<button type="button" class="roll-all" onClick=${onRollAll} aria-busy=${rolling ? "true" : null}>${rollLabel}</button>`;
  const left = { play: rollAll,
    initiative: [html`<${BusyButton} session=${session} class="primary" onClick=${onInitiative}>Roll initiative</${BusyButton}>`, rollAll],
    // Once the battle is over, its end is not offered again.
    over: html`<${BusyButton} session=${session} disabled=${view.over} onClick=${() => apply({ t: "end_battle" })}>End of battle</${BusyButton}>` }[step];
  return html`
    <div class="round-bar" data-testid="round-bar">
      <div class="result-strip" ref=${strip} tabindex="-1" data-testid="result-strip" data-events=${view.events}>
        ${error ? html`<p class="error" role="alert">${error}</p>` : null}
        ${undone && !error ? html`<ul class="changes"><li data-testid="undone">Undone: <bdi>${undone}</bdi></li></ul>`
          : last && !error ? html`<ul class="changes">
          ${changes.length ? changes.map((c) => html`<li key=${c.id} data-id=${c.id}><bdi>${c.line}</bdi></li>`)
            : html`<li class="muted"><bdi>${last.text}</bdi></li>`}</ul>` : null}
        ${view.can_undo && view.undo_label ? html`<${BusyButton} session=${session} class="undo-btn"
          onClick=${() => apply({ t: "undo" })}>Undo: <bdi>${view.undo_label}</bdi></${BusyButton}>` : null}
      </div>
      <div class="visually-hidden" aria-live="polite" data-testid="announce">${said}</div>
      <div class="bar-buttons" ref=${buttons} data-step=${step}>
        ${left}
        ${step === "over" ? html`<${BusyButton} key="go" session=${session} class="primary big"
          onClick=${() => apply({ t: "next_round" })}>Next round</${BusyButton}>`
          : html`<${BusyButton} key="go" session=${session} waits=${false} type="submit"
          class=${step === "initiative" ? "big" : "primary big"}>Resolve</${BusyButton}>`}
      </div>
    </div>`;
}

/** A button of the bar that waits while `session` has a request under way: only it re-renders
 * when that flips, not the bar (a Resolve's tap redraws the Undo button alone). Resolve does not
 * wait (`waits` false: a tap is never refused, and useTapApply keeps a double tap one event), but
 * is a BusyButton too, keyed like Next round, so that the round's last Resolve turning into Next
 * round keeps its element (unkeyed, Preact would give it to End of battle and move it):
 * removing the focused element in the render forces a style and layout pass of its own in
 * Chromium (about 9 ms of a Resolve at 4× throttling). */
function BusyButton({ session, waits = true, disabled = false, ...props }) {
  const busy = useBusy(session);
  return html`<button type="button" disabled=${(waits && busy) || disabled} ...${props} />`;
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
