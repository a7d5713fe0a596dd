// A fighter's card, opened from his row in the roster: his wound track (a tap marks or clears a
// box), status, damage factors, and the GM's hand: edit the sheet, record a wound, heal, remove.
import { html, useState } from "../../vendor/preact-htm.mjs";
import { signed, labelOf, ladderOptions } from "./ui.js";
import { FighterForm } from "./fighter-form.js";
import { Track } from "./wound-track.js";
import { Fold } from "./fold.js";
import * as library from "../data/library.js";

export function FighterCard({ c, view, describe, apply, engine }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState(null);
  const [saved, setSaved] = useState(null); // {ok, message}: a save to the library
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
      <p class="gear" data-testid="gear">${c.gear}</p>
      <${Track} c=${c} act=${act} describe=${describe} />
      <p class="factors">
        <span>ODF <strong data-testid="odf">${signed(c.odf.total)}</strong></span>
        <span>DDF <strong data-testid="ddf">${signed(c.ddf.total)}</strong></span>
        ${c.ddf.coverage != null ? html`<span>CV <strong data-testid="cv">${c.ddf.coverage}</strong></span>` : null}
        ${c.fighter.fudge_points ? html`<span>Points <strong data-testid="points">${c.fighter.fudge_points}</strong></span>` : null}
      </p>
      <${Fold} class="small" summary=${`Damage factors of ${c.name}`}>
        <ul class="parts">
          ${[...c.odf.parts, ...c.ddf.parts].map((p, i) =>
            html`<li key=${i}>${p.label}: ${signed(p.value)} <span class="sec">${p.section}</span></li>`)}
        </ul>
      </${Fold}>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${saved && html`<p class=${saved.ok ? "hint" : "error"} role=${saved.ok ? "status" : "alert"} data-testid="saved">${saved.message}</p>`}
      <div class="actions">
        <button type="button" onClick=${() => setEditing(!editing)} aria-expanded=${editing ? "true" : "false"}>
          ${editing ? "Close" : "Edit"}
        </button>
        <${WoundButton} c=${c} describe=${describe} act=${act} />
        <${HealButton} c=${c} describe=${describe} act=${act} />
        <button type="button" onClick=${() => act(duplicate(c))}>Duplicate</button>
        ${engine && html`<button type="button" onClick=${async () => setSaved(await library.saveTemplate(engine, c))}>Save as template</button>`}
        ${engine && c.role === "pc" && html`<button type="button" onClick=${async () => setSaved(await library.saveMember(engine, c))}>Save to party</button>`}
        <button type="button" onClick=${() => act({ t: "remove", id: c.id })}>Remove</button>
      </div>
      ${editing && html`<${FighterForm} key=${JSON.stringify({ ...c.fighter, track: null })} view=${view} describe=${describe}
        apply=${apply} engine=${engine} prefix=${`edit-${c.id}`} card=${c} done=${() => setEditing(false)} />`}
    </article>`;
}


/** Another fighter of his sheet, unhurt: the engine names him after him ("Goblin 2" → "Goblin 5"). */
export function duplicate(c) {
  return { t: "add", side: c.side, fighter: { ...c.fighter, track: null, shield_state: null } };
}

/** A track change by the GM's hand: a button that opens a one-field form, then one event. */
function HandButton({ id, open: opener, label, submit, options, initial, event, act }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(initial);
  if (!open) return html`<button type="button" onClick=${() => setOpen(true)}>${opener}</button>`;
  return html`
    <form class="heal" onSubmit=${async (e) => {
      e.preventDefault();
      const response = await act(event(value));
      if (response.ok) setOpen(false);
    }}>
      <label for=${id}>${label}</label>
      <select id=${id} onChange=${(e) => setValue(Number(e.currentTarget.value))}>${options(value)}</select>
      <button type="submit" class="primary">${submit}</button>
      <button type="button" onClick=${() => setOpen(false)}>Cancel</button>
    </form>`;
}

/** Heal him: a healer's result (F95 4.8). */
const HealButton = ({ c, describe, act }) => html`<${HandButton} id=${`heal-${c.id}`} open="Heal" label="Healer's result"
  submit=${`Heal ${c.name}`} initial=${1} act=${act} options=${(v) => ladderOptions(describe, v)}
  event=${(result) => ({ t: "heal", id: c.id, how: "skill", result })} />`;

/** Record a wound on his track, as the wound level says (F95 4.57). */
const WoundButton = ({ c, describe, act }) => html`<${HandButton} id=${`wound-${c.id}`} open="Wound" label="Wound level"
  submit="Record the wound" initial=${1} act=${act} event=${(level) => ({ t: "wound", id: c.id, level })}
  options=${(v) => (describe?.wound_levels ?? []).filter((w) => w.value > 0).map((w) =>
    html`<option value=${w.value} selected=${w.value === v}>${w.name}</option>`)} />`;
