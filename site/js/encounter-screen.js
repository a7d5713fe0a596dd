// The encounter screen: everything here renders session.view (from the engine, or the last
// saved one before Python is up) and sends one event per user act through session.apply.
// No rule lives here: choices and labels come from the engine's `describe`, every number
// shown is one the view carries.
import { html, Component, useState, useEffect, useReducer } from "../vendor/preact-htm.mjs";
import { signed, choiceLabel, ladderOptions, labelOf } from "./ui.js";
import { FighterForm } from "./fighter-form.js";
import { ExchangePanel, LastResult } from "./round-form.js";
import { RulesForm } from "./rules-form.js";
import { OddsPanel } from "./odds-panel.js";
import { ForecastPanel } from "./forecast-panel.js";
import { Same } from "./same.js";

function useSession(session) {
  const [, force] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = session.subscribe(force);
    force(); // it may have changed between the first render and this effect
    return unsubscribe;
  }, [session]);
  return session;
}

// --- the screen -------------------------------------------------------------------------------

export function EncounterScreen({ session, app }) {
  useSession(session);
  const { view, error } = session;
  const describe = app.describe;
  const busy = session.pending > 0;
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.view = view ? (session.live ? "live" : "saved") : "none";
    root.dataset.busy = busy ? "true" : "false";
  });
  if (!view) {
    return html`
      <nav class="crumbs"><a href="#/">← Encounters</a></nav>
      <section class="card">
        <h2>Encounter</h2>
        ${error ? html`<p class="error" role="alert">${error.message}</p>` : html`<p>Opening…</p>`}
      </section>`;
  }
  const apply = (event) => session.apply(event);
  const pacing = choiceLabel(describe, "melee.pacing", view.pacing);
  return html`
    <nav class="crumbs"><a href="#/">← Encounters</a><a href=${`#/e/${session.id}/share`}>Share</a></nav>
    <section class="card headline" aria-labelledby="enc-title">
      <h2 id="enc-title" class="enc-name"><bdi>${view.name}</bdi></h2>
      <p class="meta">Round <strong data-testid="round">${view.round}</strong> · ${pacing}</p>
      ${!session.live && !session.readOnly && html`<p class="hint">Saved copy — the engine is starting; what you do now is kept and applied in order.</p>`}
      ${error && html`<p class="error" role="alert">${error.message}</p>`}
    </section>
    <section aria-labelledby="fighters-title" class="stack-lg">
      <h2 id="fighters-title" class="section-title">Combatants</h2>
      ${view.combatants.length === 0 && html`<p class="hint card">No combatants yet: add them below.</p>`}
      ${view.combatants.map((c) => html`<${Same} key=${c.id} deps=${[c, view.ruleset, describe]}>
        <${Card} c=${c} view=${view} describe=${describe} apply=${apply} /></${Same}>`)}
      <${Same} deps=${[view.pairs, view.combatants.map((c) => c.name)]}><${Pairs} view=${view} /></${Same}>
    </section>
    <${ExchangePanel} view=${view} describe=${describe} apply=${apply} engine=${app.engine}
      preview=${(draft) => ["exchange", "group", "ranged"].includes(draft.t)
        ? html`<${OddsPanel} engine=${app.engine} view=${view} session=${session} event=${draft} />` : null} />
    <${LastResult} view=${view} />
    <${ForecastPanel} engine=${app.engine} view=${view} session=${session} />
    <${LogPanel} view=${view} apply=${apply} />
    <details class="card" id="add-fighter">
      <summary>Add a combatant</summary>
      <${Same} deps=${[view.ruleset, describe]}><${FighterForm} view=${view} describe=${describe} apply=${apply} prefix="new" /></${Same}>
    </details>
    <${Same} deps=${[view.ruleset, describe]}><${RulesForm} view=${view} describe=${describe} apply=${apply} /></${Same}>
  `;
}

// --- combatants ---------------------------------------------------------------------------------

function Card({ c, view, describe, apply }) {
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
    <article class=${`card fighter side-${c.side}`} aria-labelledby=${`name-${c.id}`} data-id=${c.id}>
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

function Track({ c, act, describe }) {
  const track = c.track;
  if (!track.rows) {
    return html`<p class="sheet">${track.sheet}</p>`;
  }
  return html`
    <div class="track" role="group" aria-label=${`Wound track of ${c.name}`}>
      ${track.rows.map((row, ri) => html`
        <div class="track-row" key=${ri}>
          <span class="level">${row.name}</span>
          <span class="boxes">
            ${row.boxes.map((v, i) => {
              const { state, mark } = boxMark(track, row, v, describe);
              const value = v ? 0 : track.kind === "co" ? 1 : row.level;
              return html`<button type="button" key=${i} class=${v ? "box marked" : "box"}
                aria-pressed=${v ? "true" : "false"} aria-label=${`${row.name} box ${i + 1}, ${state}`}
                onClick=${() => act({ t: "box", id: c.id, row: row.row ?? ri, index: i, value })}>${mark}</button>`;
            })}
          </span>
        </div>`)}
      <${StunRows} track=${track} />
      ${track.stun ? html`<p class="stun">${track.stun_name}</p>` : null}
    </div>`;
}

/** How a box reads: "✕" for a wound of its own level, else the initial of the lighter wound
 * that overflowed into it (F95 4.57's "H"). Shared with the player's card. */
export function boxMark(track, row, v, describe) {
  if (v === 0) return { state: "empty", mark: "" };
  if (v === row.level || track.kind === "co") return { state: "marked", mark: "✕" };
  const name = describe?.wound_levels?.[v]?.name ?? track.rows?.find((r) => r.level === v)?.name ?? String(v);
  return { state: `marked ${name}`, mark: name[0] };
}

/** The stun boxes (F95 4.62), shown once a stun is marked: they are the engine's to fill. */
export function StunRows({ track }) {
  if (!track.stun_rows?.some((r) => r.boxes.some(Boolean))) return null;
  return html`${track.stun_rows.map((row, ri) => html`
    <div class="track-row stun-row" key=${`stun-${ri}`}>
      <span class="level">${row.name}</span>
      <span class="boxes">${row.boxes.map((v, i) => html`<span key=${i} class=${v ? "box stun-box marked" : "box stun-box"}
        role="img" aria-label=${`${row.name} box ${i + 1}, ${v ? "marked" : "empty"}`}>${v ? "✕" : ""}</span>`)}</span>
    </div>`)}`;
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

function Pairs({ view }) {
  if (!view.pairs.length) return null;
  const name = (id) => view.combatants.find((c) => c.id === id)?.name ?? id;
  return html`
    <div class="card">
      <h3>Total damage factors</h3>
      <ul class="pairs">
        ${view.pairs.map((p) => html`<li key=${p.a + p.b}><bdi>${name(p.a)}</bdi> vs <bdi>${name(p.b)}</bdi>: <strong>${signed(p.tdf)}</strong></li>`)}
      </ul>
    </div>`;
}

// The log only grows (undo and redo are lines too), so it is drawn in chunks that skip their
// re-render while their lines are unchanged: an event re-renders the last chunk, not 500 lines.
const LOG_CHUNK = 50;

class LogChunk extends Component {
  shouldComponentUpdate({ lines }) {
    const old = this.props.lines;
    return lines.length !== old.length || lines.some((line, i) => line !== old[i]);
  }

  render({ lines, start }) {
    return lines.map((line, i) => html`<li key=${start + i} dir="auto">${line}</li>`);
  }
}

function LogPanel({ view, apply }) {
  const chunks = [];
  for (let start = 0; start < view.log.length; start += LOG_CHUNK) {
    chunks.push(html`<${LogChunk} key=${start} start=${start} lines=${view.log.slice(start, start + LOG_CHUNK)} />`);
  }
  return html`
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title">Log</h2>
      <div class="actions">
        <button type="button" disabled=${!view.can_undo} onClick=${() => apply({ t: "undo" })}>Undo</button>
        <button type="button" disabled=${!view.can_redo} onClick=${() => apply({ t: "redo" })}>Redo</button>
      </div>
      ${view.log.length
        ? html`<ol class="log" data-testid="log">${chunks}</ol>`
        : html`<p class="hint">Nothing has happened yet.</p>`}
    </section>`;
}
