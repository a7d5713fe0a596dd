// Sharing an encounter: its link, QR code and the players' views.
//
//   #/e/<id>/share         ShareScreen: the encounter's link (copy, the device's share sheet,
//                          a QR code); what players see of NPCs (the GM's choice, a logged
//                          event); the players' link and a player link per combatant; the
//                          table display's address
//   #/s/<fragment>         LinkScreen: import a copy of the linked encounter and open it
//   #s=<fragment>          the same
//   #/p/<fragment>/<cid>   PlayerScreen (player-screen.js): one combatant's card, large
//   #/p/<fragment>         PlayersScreen (player-screen.js): the encounter as players see it
//   #/e/<id>/display       TableDisplay (table-display.js): names and wound states, large
//
// The encounter travels in the URL fragment (after "#"), which browsers never send to a
// server. The engine makes and reads the fragment (encounter.link / encounter.unlink: format,
// compression, caps, validation by replay; encounter.players_link / players.open: only what
// players see) and draws the QR code (`qr`, with segno installed on demand from this site);
// data/share-links.js builds the addresses and stores the copies a link holds.
import { html, useState, useEffect } from "../../vendor/preact-htm.mjs";
import { useSession } from "./hooks.js";
import * as encounterStore from "../data/encounter-store.js";
import { linkAddress, importedBefore, importLink } from "../data/share-links.js";
import { playerAddress, playersAddress } from "../play/links.js"; // play.html#v=…: read with no Python

const FRAGMENT = "(f\\d+\\.[A-Za-z0-9_-]*)";
const LINK_ROUTE = new RegExp(`^#(?:/s/|s=)${FRAGMENT}$`);
const PLAYER_ROUTE = new RegExp(`^#/p/${FRAGMENT}/([\\w-]{1,16})$`);
const PLAYERS_ROUTE = new RegExp(`^#/p/${FRAGMENT}$`);
const SHARE_ROUTE = /^#\/e\/([\w-]{1,64})\/share$/;
const DISPLAY_ROUTE = /^#\/e\/([\w-]{1,64})\/display$/;
// Anything else that looks like a link (garbled, from a newer app, cut off): the engine says what.
const ANY_LINK_ROUTE = /^#(?:\/s\/|s=)(.*)$/s;
const ANY_PLAYERS_ROUTE = /^#\/p\/(.*)$/s;

/** The sharing routes of a hash, or null. */
export function shareRoute(hash) {
  let m = SHARE_ROUTE.exec(hash);
  if (m) return { screen: "share", id: m[1] };
  m = DISPLAY_ROUTE.exec(hash);
  if (m) return { screen: "display", id: m[1] };
  m = PLAYER_ROUTE.exec(hash);
  if (m) return { screen: "player", fragment: m[1], cid: m[2] };
  m = PLAYERS_ROUTE.exec(hash);
  if (m) return { screen: "players", fragment: m[1] };
  m = LINK_ROUTE.exec(hash) ?? ANY_LINK_ROUTE.exec(hash);
  if (m) return { screen: "link", fragment: safeDecode(m[1]) };
  m = ANY_PLAYERS_ROUTE.exec(hash);
  if (m) return { screen: "players", fragment: safeDecode(m[1]) };
  return null;
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// --- copy, share sheet, QR code -----------------------------------------------------------------

const svgDataUrl = (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A link in a read-only field, with Copy, Share (where the device has a share sheet) and QR. */
export function LinkTools({ url, title, idPrefix, engine, label }) {
  const [status, setStatus] = useState(null);
  const [qr, setQr] = useState(null); // {src} | {error} | {busy}
  useEffect(() => setQr(null), [url]);
  const field = `${idPrefix}-link`;

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      const input = document.getElementById(field);
      input?.focus();
      input?.select();
      setStatus("Your browser did not let the app copy: the link is selected, copy it yourself.");
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
      setStatus(null);
    } catch (err) {
      if (err?.name !== "AbortError") setStatus(`The share sheet did not open (${err?.message ?? err}).`);
    }
  }

  async function showQr() {
    setQr({ busy: true });
    const response = await engine.request("qr", { text: url });
    setQr(response.ok ? { src: svgDataUrl(response.result.svg) } : { error: response.error.message });
  }

  return html`
    <div class="link-tools stack">
      <label for=${field}>${label}</label>
      <textarea id=${field} class="link-field" readonly rows="3" spellcheck=${false}
        value=${url} onFocus=${(e) => e.currentTarget.select()}></textarea>
      <div class="actions start">
        <button type="button" class="primary" onClick=${copy}>Copy link</button>
        ${typeof navigator.share === "function" && html`<button type="button" onClick=${share}>Share…</button>`}
        <button type="button" onClick=${showQr} aria-busy=${qr?.busy ? "true" : null}>Show QR code</button>
      </div>
      ${status && html`<p class="hint" role="status">${status}</p>`}
      ${qr?.busy && html`<p class="hint" role="status">Drawing the QR code…</p>`}
      ${qr?.error && html`<p class="error" role="alert">${qr.error}</p>`}
      ${qr?.src && html`<img class="qr" src=${qr.src} alt=${`QR code of the ${label.toLowerCase()}`} />`}
    </div>`;
}

// --- the share screen ----------------------------------------------------------------------------

export function ShareScreen({ id, app, session }) {
  const s = useSession(session(id));
  const [links, setLinks] = useState(null); // {encounter, players}: the two fragments
  const [error, setError] = useState(null);
  const [player, setPlayer] = useState("");
  const stored = s.stored;
  const rev = stored?.log.length ?? -1;

  useEffect(() => {
    document.documentElement.dataset.share = "making";
    if (!stored) return;
    let live = true;
    setLinks(null);
    setError(null);
    Promise.all([app.engine.request("encounter.link", { encounter: stored }),
      app.engine.request("encounter.players_link", { encounter: stored })]).then(([whole, players]) => {
      if (!live) return;
      const failed = [whole, players].find((r) => !r.ok);
      if (failed) setError(failed.error.message);
      else setLinks({ encounter: whole.result.fragment, players: players.result.fragment });
      document.documentElement.dataset.share = failed ? "failed" : "ready";
    });
    return () => { live = false; };
  }, [id, rev]);

  const back = html`<nav class="crumbs"><a href=${`#/e/${id}`}>← Back to the encounter</a></nav>`;
  if (!stored) {
    return html`${back}<section class="card"><h2>Share</h2>
      <p class="error" role="alert">This device holds no encounter under this address.</p></section>`;
  }
  const view = s.view;
  const name = view?.name ?? stored.name;
  const combatants = view?.combatants ?? [];
  const chosen = combatants.find((c) => c.id === player) ?? combatants[0];
  return html`
    ${back}
    <section class="card" aria-labelledby="share-title">
      <h2 id="share-title" class="enc-name">Share <bdi>${name}</bdi></h2>
      <p class="hint">The encounter travels inside the link, after the “#”: browsers never send that
        part to any server. Whoever opens it gets a copy; it never changes yours. It holds
        everything, NPCs' sheets too: it is for you or another GM, not for players.</p>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${!links && !error && html`<p class="hint" role="status">Making the links…</p>`}
      ${links && html`<${LinkTools} url=${linkAddress(links.encounter)} title=${name} idPrefix="share"
        engine=${app.engine} label="Link to this encounter" />`}
    </section>
    ${view && html`<${PlayersSee} session=${s} view=${view} />`}
    ${links && combatants.length > 0 && html`
      <section class="card" aria-labelledby="player-title">
        <h2 id="player-title">Player links</h2>
        <p class="hint">A player link opens one combatant's card and wound track, large, on the player's phone.</p>
        <div class="stack">
          <label for="player-pick">Combatant</label>
          <select id="player-pick" onChange=${(e) => setPlayer(e.currentTarget.value)}>
            ${combatants.map((c) => html`<option value=${c.id} selected=${c.id === chosen.id}>${c.name}</option>`)}
          </select>
          <${LinkTools} url=${playerAddress(links.players, chosen.id)} title=${chosen.name} idPrefix="player"
            engine=${app.engine} label="Player link" />
        </div>
      </section>
      <section class="card" aria-labelledby="players-link-title">
        <h2 id="players-link-title">The encounter as players see it</h2>
        <p class="hint">Every combatant as the players see them, for the group's chat.</p>
        <${LinkTools} url=${playersAddress(links.players)} title=${name} idPrefix="players"
          engine=${app.engine} label="Players' link" />
      </section>`}
    <section class="card" aria-labelledby="display-link-title">
      <h2 id="display-link-title">Table display</h2>
      <p class="hint">Names and wound states, large, for a tablet in the middle of the table. Open it in
        another tab or window of this browser: it follows every change you make here.</p>
      <a class="button-link" href=${`#/e/${id}/display`} target="_blank" rel="noopener">Open the table display</a>
    </section>
  `;
}

/** The GM's choice of what players see of NPCs: one logged event per change, so it is saved
 * with the encounter and the links above are made again from it. */
function PlayersSee({ session, view }) {
  const parts = view.players_see ?? [];
  // The choice as ticked, until the engine's view has it (events apply in order).
  const [want, setWant] = useState(null);
  const shown = (key) => (want ? want.includes(key) : parts.find((p) => p.key === key)?.shown);
  function toggle(key, on) {
    const see = parts.filter((p) => (p.key === key ? on : shown(p.key))).map((p) => p.key);
    setWant(see);
    session.apply({ t: "players", see }).then(() => setWant((w) => (w === see ? null : w)));
  }
  return html`
    <section class="card" aria-labelledby="see-title">
      <h2 id="see-title">What players see</h2>
      <${SeenWhole} view=${view} />
      <fieldset class="players-see stack" aria-describedby="see-hint">
        <legend>Shown to players in their links and on the table display</legend>
        ${parts.map((p) => html`
          <label key=${p.key} class="check">
            <input type="checkbox" checked=${shown(p.key)}
              onChange=${(e) => toggle(p.key, e.currentTarget.checked)} />
            <span>${p.label}${p.hint && html`<br /><span class="hint">${p.hint}</span>`}</span>
          </label>`)}
      </fieldset>
      <p id="see-hint" class="hint">Names always show, and player characters show whole. What is not ticked is
        left out of the players' links altogether, not just hidden from view.</p>
      ${session.error && html`<p class="error" role="alert">${session.error.message}</p>`}
    </section>`;
}

/** Whom the players' links carry whole (the engine's players_whole), named plainly: a foe among
 * them is flagged, so that a player character left on the foes' side is seen before sharing. */
function SeenWhole({ view }) {
  const whole = view.players_whole;
  const all = view.combatants?.length ?? 0;
  if (!all || !Array.isArray(whole)) return null; // a view cached by an older build has no list
  const foe = (c) => c.role === "pc" && c.side === "foes";
  const names = whole.map((c, i) => html`${i === 0 ? "" : i === whole.length - 1 ? " and " : ", "}<bdi>${c.name}</bdi>${
    foe(c) ? " (a player character on the foes' side)" : ""}`);
  return html`
    <p class="seen-whole" data-testid="seen-whole">${whole.length === all ? "Players see everyone whole."
      : whole.length === 0 ? "Players see no one whole: of each, only what you tick below."
      : html`Players see ${names} whole. Of the others they see only what you tick below.`}</p>
    ${whole.length < all && whole.some(foe) && html`<p class="hint">To keep a foe's sheet from the players, edit
      that foe and make them an NPC.</p>`}`;
}

// --- opening a link --------------------------------------------------------------------------------

export function LinkScreen({ fragment, app }) {
  const [state, setState] = useState(() => {
    const known = importedBefore(fragment);
    return known ? { step: "known", id: known } : { step: "reading" };
  });

  async function importCopy() {
    setState({ step: "reading" });
    const result = await importLink(app.engine, fragment);
    if (result.error) return setState({ step: "error", error: result.error });
    location.replace(`#/e/${result.id}`); // Back does not come here to import again
  }

  useEffect(() => {
    if (state.step === "reading") importCopy();
  }, [fragment]);

  useEffect(() => {
    document.documentElement.dataset.link = state.step;
  }, [state.step]);

  const known = state.step === "known" ? encounterStore.loadIndex().encounters.find((e) => e.id === state.id) : null;
  return html`
    <nav class="crumbs"><a href="#/">← Encounters</a></nav>
    <section class="card" aria-labelledby="link-title">
      <h2 id="link-title">Shared encounter</h2>
      ${state.step === "reading" && html`<p role="status">Reading the link…</p>`}
      ${state.step === "error" && html`
        <p class="error" role="alert" data-testid="link-error">This link cannot be opened. ${state.error.message}</p>
        <p class="hint">Nothing was saved or changed on this device.</p>`}
      ${state.step === "known" && html`
        <p role="status" data-testid="link-known">You already have this encounter${known
          ? html`: “<bdi>${known.name}</bdi>”` : ""}.</p>
        <div class="actions start">
          <a class="button-link primary-link" href=${`#/e/${state.id}`}>Open it</a>
          <button type="button" onClick=${importCopy}>Import another copy</button>
        </div>`}
    </section>`;
}
