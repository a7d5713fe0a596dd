// A fighter's wound track as the view draws it: each row's boxes, a button each (a tap marks or
// clears it: one "box" event), and the stun boxes the engine fills (F95 4.62). Shared with the
// player's card, which draws the same marks without buttons.
import { html } from "../../vendor/preact-htm.mjs";

export function Track({ c, act, describe }) {
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
                aria-pressed=${v ? "true" : "false"} aria-label=${`${row.name} box ${i + 1}, ${state} (${c.name})`}
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
