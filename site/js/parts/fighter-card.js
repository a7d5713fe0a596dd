// A fighter's card, opened from his row in the roster: his wound track (a tap marks or clears a
// box), status, damage factors, and the GM's hand: edit the sheet, record a wound, heal (every way
// the rules allow), remove.
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

/** Heal them every way the rules allow now: the ways are the card's `heal` (the engine's
 * healing.heal_ways), each with what it asks for; the card then says which wounds became what. */
function HealButton({ c, describe, act }) {
  const ways = c.heal ?? [];
  const [open, setOpen] = useState(false);
  const [how, setHow] = useState(null);
  const [result, setResult] = useState(1);
  const [weeks, setWeeks] = useState(1);
  const [rolls, setRolls] = useState([]);
  const [said, setSaid] = useState(null);
  const way = ways.find((w) => w.how === how) ?? ways[0];
  const told = said && html`<p class="hint" role="status" data-testid="healed">${said}</p>`;
  if (!way) return told;
  if (!open) return html`${told}<button type="button" onClick=${() => { setOpen(true); setSaid(null); }}>Heal</button>`;
  const asks = new Set(way.asks);
  const roll = (i) => rolls[i] ?? 0;
  async function submit(e) {
    e.preventDefault();
    const event = { t: "heal", id: c.id, how: way.how };
    if (asks.has("result")) event.result = result;
    if (asks.has("weeks")) event.weeks = weeks;
    if (asks.has("rolls")) event.rolls = Array.from({ length: weeks }, (_, i) => roll(i));
    const response = await act(event);
    if (response.ok) {
      setOpen(false);
      setSaid(response.result?.view?.last?.text ?? null);
    }
  }
  const pick = `heal-how-${c.id}`;
  return html`
    <form class="heal" data-testid="heal-form" onSubmit=${submit}>
      <fieldset>
        <legend>How ${c.name} heals</legend>
        ${ways.map((w) => html`<label key=${w.how} class="heal-way">
          <input type="radio" name=${pick} value=${w.how} checked=${w.how === way.how} onChange=${() => setHow(w.how)} />
          <span>${w.label} <span class="sec">${w.section}</span><br /><small class="hint">${w.hint}</small></span>
        </label>`)}
      </fieldset>
      ${asks.has("result") && html`<label for=${`heal-${c.id}`}>Healer's result</label>
        <select id=${`heal-${c.id}`} onChange=${(e) => setResult(Number(e.currentTarget.value))}>${ladderOptions(describe, result)}</select>`}
      ${asks.has("weeks") && html`<label for=${`heal-weeks-${c.id}`}>Weeks of rest</label>
        <select id=${`heal-weeks-${c.id}`} onChange=${(e) => setWeeks(Number(e.currentTarget.value))}>
          ${Array.from({ length: way.weeks_max }, (_, i) => html`<option value=${i + 1} selected=${i + 1 === weeks}>${i + 1}</option>`)}
        </select>`}
      ${asks.has("rolls") && Array.from({ length: weeks }, (_, i) => html`<label for=${`heal-roll-${c.id}-${i}`}>${c.name}'s Constitution, week ${i + 1}</label>
        <select id=${`heal-roll-${c.id}-${i}`} onChange=${(e) => setRolls(Object.assign([...rolls], { [i]: Number(e.currentTarget.value) }))}>
          ${ladderOptions(describe, roll(i))}</select>`)}
      <button type="submit" class="primary">Heal ${c.name}</button>
      <button type="button" onClick=${() => setOpen(false)}>Cancel</button>
    </form>`;
}

/** Record a wound on his track, as the wound level says (F95 4.57). */
const WoundButton = ({ c, describe, act }) => html`<${HandButton} id=${`wound-${c.id}`} open="Wound" label="Wound level"
  submit="Record the wound" initial=${1} act=${act} event=${(level) => ({ t: "wound", id: c.id, level })}
  options=${(v) => (describe?.wound_levels ?? []).filter((w) => w.value > 0).map((w) =>
    html`<option value=${w.value} selected=${w.value === v}>${w.name}</option>`)} />`;
