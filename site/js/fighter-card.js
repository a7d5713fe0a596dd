// A fighter's card, opened from his row in the roster: his wound track (a tap marks or clears a
// box), status, damage factors, and the GM's hand: edit the sheet, record a wound, heal, remove.
import { html, useState } from "../vendor/preact-htm.mjs";
import { signed, labelOf, ladderOptions } from "./ui.js";
import { FighterForm } from "./fighter-form.js";
import { Track } from "./wound-track.js";

export function FighterCard({ c, view, describe, apply }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState(null);
  const track = c.track;
  const sideLabel = labelOf(describe?.round?.sides, c.side);
  const role = describe?.fighter?.role?.find((r) => r.value === c.role)?.label ?? c.role;

  async function act(event) {
    const response = await apply(event);
    setError(response.ok ? null : response.error.message);
    return response;
  }

  return html`
    <article class=${`fighter-card fighter side-${c.side}`} id=${`card-${c.id}`} aria-labelledby=${`name-${c.id}`} data-id=${c.id}>
      <header class="fighter-head">
        <h3 id=${`name-${c.id}`}><bdi>${c.name}</bdi></h3>
        <p class="meta">${role} · ${sideLabel}</p>
      </header>
      <p class=${c.can_fight ? "status" : "status out"} data-testid="status">${c.status}</p>
      <${Track} c=${c} act=${act} describe=${describe} />
      <p class="factors">
        <span>ODF <strong data-testid="odf">${signed(c.odf.total)}</strong></span>
        <span>DDF <strong data-testid="ddf">${signed(c.ddf.total)}</strong></span>
        ${c.ddf.coverage != null ? html`<span>CV <strong data-testid="cv">${c.ddf.coverage}</strong></span>` : null}
        ${c.fighter.fudge_points ? html`<span>Points <strong data-testid="points">${c.fighter.fudge_points}</strong></span>` : null}
      </p>
      <details class="small">
        <summary>Damage factors of ${c.name}</summary>
        <ul class="parts">
          ${[...c.odf.parts, ...c.ddf.parts].map((p, i) =>
            html`<li key=${i}>${p.label}: ${signed(p.value)} <span class="sec">${p.section}</span></li>`)}
        </ul>
      </details>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="actions">
        <button type="button" onClick=${() => setEditing(!editing)} aria-expanded=${editing ? "true" : "false"}>
          ${editing ? "Close" : "Edit"}
        </button>
        <${WoundButton} c=${c} describe=${describe} act=${act} />
        <${HealButton} c=${c} describe=${describe} act=${act} />
        <button type="button" onClick=${() => act({ t: "remove", id: c.id })}>Remove</button>
      </div>
      ${editing && html`<${FighterForm} key=${JSON.stringify({ ...c.fighter, track: null })} view=${view} describe=${describe}
        apply=${apply} prefix=${`edit-${c.id}`} card=${c} done=${() => setEditing(false)} />`}
    </article>`;
}


function HealButton({ c, describe, act }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState(1);
  const id = `heal-${c.id}`;
  if (!open) return html`<button type="button" onClick=${() => setOpen(true)}>Heal</button>`;
  return html`
    <form class="heal" onSubmit=${async (e) => {
      e.preventDefault();
      const response = await act({ t: "heal", id: c.id, how: "skill", result: Number(result) });
      if (response.ok) setOpen(false);
    }}>
      <label for=${id}>Healer's result</label>
      <select id=${id} onChange=${(e) => setResult(Number(e.currentTarget.value))}>${ladderOptions(describe, result)}</select>
      <button type="submit" class="primary">Heal ${c.name}</button>
      <button type="button" onClick=${() => setOpen(false)}>Cancel</button>
    </form>`;
}

function WoundButton({ c, describe, act }) {
  const [open, setOpen] = useState(false);
  const [level, setLevel] = useState(1);
  const id = `wound-${c.id}`;
  if (!open) return html`<button type="button" onClick=${() => setOpen(true)}>Wound</button>`;
  return html`
    <form class="heal" onSubmit=${async (e) => {
      e.preventDefault();
      const response = await act({ t: "wound", id: c.id, level: Number(level) });
      if (response.ok) setOpen(false);
    }}>
      <label for=${id}>Wound level</label>
      <select id=${id} onChange=${(e) => setLevel(Number(e.currentTarget.value))}>
        ${(describe?.wound_levels ?? []).filter((w) => w.value > 0).map((w) =>
          html`<option value=${w.value} selected=${w.value === level}>${w.name}</option>`)}
      </select>
      <button type="submit" class="primary">Record the wound</button>
      <button type="button" onClick=${() => setOpen(false)}>Cancel</button>
    </form>`;
}
