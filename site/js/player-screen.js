// A player link (#/p/<fragment>/<combatant id>): one combatant's own card and wound track, large
// and simple, for the player's phone. The engine reads the link (encounter.unlink, validated by
// replay) and its view carries everything shown; nothing is stored on this device — a player
// link is a snapshot (the GM shares a new one after the next exchange).
import { html, useState, useEffect } from "../vendor/preact-htm.mjs";
import { signed } from "./ui.js";
import { StunRows, boxMark } from "./wound-track.js";

export function PlayerScreen({ fragment, cid, app }) {
  const describe = app.describe;
  const [state, setState] = useState({ step: "reading" });

  useEffect(() => {
    let live = true;
    setState({ step: "reading" });
    app.engine.request("encounter.unlink", { fragment }).then((response) => {
      if (!live) return;
      if (!response.ok) return setState({ step: "error", message: response.error.message });
      const view = response.result.view;
      const c = view.combatants.find((x) => x.id === cid);
      setState(c ? { step: "ready", view, c }
        : { step: "error", message: "This link names a combatant the encounter does not have." });
    });
    return () => { live = false; };
  }, [fragment, cid]);

  useEffect(() => {
    document.documentElement.dataset.player = state.step;
  }, [state.step]);

  if (state.step !== "ready") {
    return html`
      <section class="card player" aria-labelledby="player-title">
        <h2 id="player-title">Your combatant</h2>
        ${state.step === "reading" ? html`<p role="status">Reading the link…</p>`
          : html`<p class="error" role="alert" data-testid="player-error">This link cannot be opened. ${state.message}</p>`}
      </section>`;
  }
  const { view, c } = state;
  const track = c.track;
  return html`
    <article class=${`card player fighter side-${c.side}`} aria-labelledby="player-name" data-testid="player-card">
      <p class="meta"><bdi>${view.name}</bdi> · Round ${view.round}</p>
      <h2 id="player-name" class="player-name"><bdi>${c.name}</bdi></h2>
      <p class=${c.can_fight ? "player-status" : "player-status out"} data-testid="player-status">${c.status}</p>
      ${track.rows
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
        : html`<p class="sheet">${track.sheet}</p>`}
      <p class="player-factors">
        <span>ODF <strong>${signed(c.odf.total)}</strong></span>
        <span>DDF <strong>${signed(c.ddf.total)}</strong></span>
      </p>
      <p class="hint">A snapshot from when the link was made: ask for a new link to see later wounds.</p>
    </article>
    <nav class="crumbs"><a href="#/">Open pyfudge</a></nav>`;
}
