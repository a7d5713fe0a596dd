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
// Today's players' links open in play.html instead (js/play/, no engine); these routes keep
// the links of older builds working.
import { html, useState, useEffect } from "../../vendor/preact-htm.mjs";
import { PlayerCard, headingOf } from "../parts/player-card.js";

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
      <h2 id="players-title" class="players-title"><bdi>${view.name}</bdi> · ${headingOf(view)}</h2>
      ${view.combatants.map((c) => html`<${PlayerCard} key=${c.id} c=${c} view=${view}
        describe=${app.describe} headingId=${`player-${c.id}`} level="h3" />`)}
      ${SNAPSHOT}
    </section>
    <nav class="crumbs"><a href="#/">Open pyfudge</a></nav>`;
}
