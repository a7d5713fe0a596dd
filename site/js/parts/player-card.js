// One combatant as the players see him, shared by the app's player screens (a link of an older
// build, screens/player-screen.js) and the players' page (play.html, js/play/): his name and
// state, his wound track, and what the GM shows of him (the view's parts are null when hidden).
// It draws the engine's players' view (pyfudge/encounter/players.py) and decides nothing.
import { html } from "../../vendor/preact-htm.mjs";
import { signed } from "./ui.js";
import { StunRows, boxMark } from "./wound-track.js";

/** One combatant's card. `level` "h2": the player's own, large, with the encounter's name and
 * round above; "h3": one of several. `describe` (the engine's, when there is one) names the
 * wound a box holds; without it the track's own row names do. */
/** The header's words, the engine's: the round, or "The battle is over". A link made before the
 * views said so has no heading: its round is named. */
export const headingOf = (view) => view.heading ?? `Round ${view.round}`;

export function PlayerCard({ c, view, describe, headingId, level }) {
  const track = c.track;
  const heading = level === "h2"
    ? html`<h2 id=${headingId} class="player-name"><bdi>${c.name}</bdi></h2>`
    : html`<h3 id=${headingId} class="player-name"><bdi>${c.name}</bdi></h3>`;
  return html`
    <article class=${`card player fighter side-${c.side}`} aria-labelledby=${headingId} data-testid="player-card">
      ${level === "h2" && html`<p class="meta"><bdi>${view.name}</bdi> · ${headingOf(view)}</p>`}
      ${heading}
      <p class=${c.can_fight ? "player-status" : "player-status out"} data-testid="player-status">${c.status}</p>
      ${track && (track.rows
        ? html`
          <div class="player-track" role="list" aria-label=${`Wound track of ${c.name}`}>
            ${track.rows.map((row, ri) => html`
              <div class="player-row" role="listitem" key=${ri}>
                <span class="level">${row.name}</span>
                <span class="boxes">
                  ${row.boxes.map((v, i) => {
                    const { state, mark } = boxMark(track, row, v, describe);
                    return html`<span key=${i} class=${v ? "pbox marked" : "pbox"}
                      role="img" aria-label=${`${row.name} box ${i + 1}: ${state}`}>${mark}</span>`;
                  })}
                </span>
              </div>`)}
          </div>
          <div class="player-track"><${StunRows} track=${track} />
            ${track.stun ? html`<p class="stun">${track.stun_name}</p>` : null}</div>`
        : html`<p class="sheet">${track.sheet}</p>`)}
      ${c.skills && html`
        <ul class="player-skills" aria-label=${`Skills of ${c.name}`} data-testid="player-skills">
          ${c.skills.map((s) => html`<li key=${s.name}><bdi>${s.name}</bdi> <strong>${s.level}</strong></li>`)}
        </ul>`}
      ${c.weapon && html`<p class="player-gear" data-testid="player-gear">
        <span>Weapon <strong><bdi>${c.weapon}</bdi></strong></span>
        <span>Armor <strong><bdi>${c.armor}</bdi></strong></span></p>`}
      ${c.odf && html`
        <p class="player-factors">
          <span>ODF <strong>${signed(c.odf.total)}</strong></span>
          <span>DDF <strong>${signed(c.ddf.total)}</strong></span>
        </p>`}
    </article>`;
}
