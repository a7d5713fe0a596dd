// What players see, from a link (share-screen.js makes the links):
//
//   #/p/<fragment>/<cid>   PlayerScreen: one combatant's card and wound track, large, for a
//                          player's phone
//   #/p/<fragment>         PlayersScreen: every combatant as the players see them
//
// The engine reads the link (players.open, validated part by part) and its view carries
// everything shown. A players' link holds only what the GM lets players see: an NPC's hidden
// parts are not in it, so they cannot be drawn here (pyfudge/encounter/players.py). A player link of an
// older build holds the whole encounter; the engine shows it the same way. Nothing is stored on
// this device — a link is a snapshot (the GM shares a new one after the next exchange).
import { html, useState, useEffect } from "../../vendor/preact-htm.mjs";
import { signed } from "../parts/ui.js";
import { StunRows, boxMark } from "../parts/wound-track.js";

/** The players' view a link carries: {step: "reading"|"ready"|"error", view, message}. */
function usePlayersLink(fragment, app) {
  const [state, setState] = useState({ step: "reading" });
  useEffect(() => {
    let live = true;
    setState({ step: "reading" });
    app.engine.request("players.open", { fragment }).then((response) => {
      if (!live) return;
      setState(response.ok ? { step: "ready", view: response.result.view }
        : { step: "error", message: response.error.message });
    });
    return () => { live = false; };
  }, [fragment]);
  return state;
}

function NotReady({ state, title }) {
  return html`
    <section class="card player" aria-labelledby="player-title">
      <h2 id="player-title">${title}</h2>
      ${state.step === "reading" ? html`<p role="status">Reading the link…</p>`
        : html`<p class="error" role="alert" data-testid="player-error">This link cannot be opened. ${state.message}</p>`}
    </section>`;
}

const SNAPSHOT = html`<p class="hint">A snapshot from when the link was made: ask for a new link to see later wounds.</p>`;

export function PlayerScreen({ fragment, cid, app }) {
  const link = usePlayersLink(fragment, app);
  const c = link.view?.combatants.find((x) => x.id === cid);
  const state = link.step === "ready" && !c
    ? { step: "error", message: "This link names a combatant the encounter does not have." } : link;
  useEffect(() => {
    document.documentElement.dataset.player = state.step;
  }, [state.step]);
  if (state.step !== "ready") return html`<${NotReady} state=${state} title="Your combatant" />`;
  return html`
    <${PlayerCard} c=${c} view=${state.view} describe=${app.describe} headingId="player-name" level="h2" />
    ${SNAPSHOT}
    <nav class="crumbs"><a href="#/">Open pyfudge</a></nav>`;
}

export function PlayersScreen({ fragment, app }) {
  const state = usePlayersLink(fragment, app);
  useEffect(() => {
    document.documentElement.dataset.player = state.step;
  }, [state.step]);
  if (state.step !== "ready") return html`<${NotReady} state=${state} title="The encounter" />`;
  const { view } = state;
  return html`
    <section class="players-view stack" aria-labelledby="players-title" data-testid="players-view">
      <h2 id="players-title" class="players-title"><bdi>${view.name}</bdi> · Round ${view.round}</h2>
      ${view.combatants.map((c) => html`<${PlayerCard} key=${c.id} c=${c} view=${view}
        describe=${app.describe} headingId=${`player-${c.id}`} level="h3" />`)}
      ${SNAPSHOT}
    </section>
    <nav class="crumbs"><a href="#/">Open pyfudge</a></nav>`;
}

/** One combatant as the players see him: his name and state, and what the GM shows of him
 * (the view's parts are null when hidden). */
function PlayerCard({ c, view, describe, headingId, level }) {
  const track = c.track;
  const heading = level === "h2"
    ? html`<h2 id=${headingId} class="player-name"><bdi>${c.name}</bdi></h2>`
    : html`<h3 id=${headingId} class="player-name"><bdi>${c.name}</bdi></h3>`;
  return html`
    <article class=${`card player fighter side-${c.side}`} aria-labelledby=${headingId} data-testid="player-card">
      ${level === "h2" && html`<p class="meta"><bdi>${view.name}</bdi> · Round ${view.round}</p>`}
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
        <span>Armour <strong><bdi>${c.armor}</bdi></strong></span></p>`}
      ${c.odf && html`
        <p class="player-factors">
          <span>ODF <strong>${signed(c.odf.total)}</strong></span>
          <span>DDF <strong>${signed(c.ddf.total)}</strong></span>
        </p>`}
    </article>`;
}
