// The fight at a glance: one row per fighter — name, side, wound level and penalty, stun and out
// marks, a tick once he has acted this round — all of them on one phone screen. A tap opens his
// card below the row (track, sheet, edit). The rows are one tab stop: arrow keys move between
// them, Enter or Space opens one. On a phone the rows sit two by two, as chips; those who cannot
// act (the view's `can_fight`) shrink to small chips on one line at the end, their cards still
// a tap away (healing, editing).
import { html, useState, useRef } from "../../vendor/preact-htm.mjs";
import { labelOf } from "./ui.js";
import { FighterCard } from "./fighter-card.js";
import { Same } from "./same.js";

export function Roster({ view, describe, apply, engine }) {
  const [open, setOpen] = useState(() => new Set());
  const [current, setCurrent] = useState(0);
  const list = useRef(null);
  const cs = [...view.combatants.filter((c) => c.can_fight), ...view.combatants.filter((c) => !c.can_fight)];
  const living = cs.filter((c) => c.can_fight).length;
  const changed = new Set((view.changes ?? []).map((c) => c.id));
  const at = Math.min(current, cs.length - 1);
  const toggle = (id) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id); else next.add(id);
    setOpen(next);
  };
  const move = (e, i) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: -cs.length, End: cs.length }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const to = Math.max(0, Math.min(cs.length - 1, i + step));
    setCurrent(to);
    list.current?.querySelectorAll(".row-btn")[to]?.focus();
  };
  if (!cs.length) return html`<p class="hint card">No combatants yet: add them below.</p>`;
  const rowClass = (c) => `roster-row side-${c.side}${changed.has(c.id) ? " changed" : ""}${c.can_fight ? "" : " out"}${open.has(c.id) ? " open" : ""}`;
  const entry = (c, i) => {
    const side = labelOf(describe?.round?.sides, c.side);
    const stunned = c.track?.stun ? c.track.stun_name : null;
    return html`
      <button type="button" class="row-btn" tabindex=${i === at ? 0 : -1} aria-expanded=${open.has(c.id) ? "true" : "false"}
        aria-controls=${`card-${c.id}`} onClick=${() => { setCurrent(i); toggle(c.id); }} onKeyDown=${(e) => move(e, i)}
        onFocus=${() => setCurrent(i)}
        aria-label=${`${c.name}, ${side}: ${c.status}${stunned && !c.status.includes(stunned) ? `, ${stunned}` : ""}${c.acted ? ", has acted" : ""}`}>
        <span class="row-name"><bdi>${c.name}</bdi></span>
        <span class="row-status" data-testid="row-status">${c.status}</span>
        ${stunned && !c.status.includes(stunned) ? html`<span class="mark stun-mark">${stunned}</span>` : null}
        <span class=${c.acted ? "mark acted" : "mark"}>${c.acted ? "✓" : ""}</span>
      </button>
      ${open.has(c.id) && html`<${Same} deps=${[c, view.ruleset, describe]}>
        <${FighterCard} c=${c} view=${view} describe=${describe} apply=${apply} engine=${engine} /></${Same}>`}`;
  };
  return html`
    <ul class="roster" ref=${list} aria-label="Combatants" data-testid="roster">
      ${cs.slice(0, living).map((c, i) => html`<li key=${c.id} class=${rowClass(c)} data-id=${c.id}>${entry(c, i)}</li>`)}
      ${living < cs.length && html`<li class="roster-fallen" data-testid="fallen"><ul aria-label="Fallen">
        ${cs.slice(living).map((c, i) => html`<li key=${c.id} class=${rowClass(c)} data-id=${c.id}>${entry(c, living + i)}</li>`)}
      </ul></li>`}
    </ul>`;
}
