// The live table (#/e/<id>/live): the GM invites each player's phone with a join code (a QR code,
// a link, a code to copy), takes the player's answer (scanned by the camera, or pasted), and seats
// the player as a PC. The connections live in data/live-table.js, at the app's level: going back
// to the round keeps them.
import { html, useEffect, useMemo, useReducer, useRef, useState } from "../../vendor/preact-htm.mjs";
import { useSession } from "./hooks.js";
import { CANNOT, camera, liveTable, startLiveTable, useLiveTable } from "../data/live-table.js";
import { qrSvg } from "../live/qr.js";
import { watchVideo } from "../live/scan.js";
import { LinkTools } from "./share-screen.js";
import { playersAddress } from "../play/links.js";

const STATES = {
  inviting: "Making the join code…",
  waiting: "Waiting for the player's answer",
  connecting: "Connecting…",
  connected: "Connected",
  dropped: "Dropped",
  failed: "Could not invite",
};

export function LiveScreen({ id, app, session }) {
  const s = useSession(session(id));
  const table = useLiveTable(id);
  useEffect(() => {
    // Tapping Live table is asking for the first invitation.
    if (!liveTable(id) && s.stored && !s.readOnly) startLiveTable(app.engine, s).addPlayer();
  }, [id]);

  const back = html`<nav class="crumbs"><a href=${`#/e/${id}`}>← Back to the round</a></nav>`;
  if (!s.stored || s.readOnly) {
    return html`${back}<section class="card"><h2>Live table</h2>
      <p class="error" role="alert">${s.readOnly ?? "This device holds no encounter under this address."}</p></section>`;
  }
  const name = s.view?.name ?? s.stored.name;
  if (!table) {
    return html`${back}
      <section class="card" aria-labelledby="live-title">
        <h2 id="live-title" class="enc-name">Live table: <bdi>${name}</bdi></h2>
        <p class="hint">No player is connected.</p>
        <button type="button" class="primary" onClick=${() => startLiveTable(app.engine, s).addPlayer()}>Invite a player</button>
      </section>`;
  }
  const waiting = table.seats.filter((seat) => seat.state === "waiting" || seat.state === "inviting");
  const cannot = table.seats.filter((seat) => CANNOT.has(seat.reason));
  return html`
    ${back}
    <section class="card live" aria-labelledby="live-title">
      <h2 id="live-title" class="enc-name">Live table: <bdi>${name}</bdi></h2>
      <p class="hint">Each player scans a join code with the phone's camera, then shows you an answer code: scan
        or paste it below. Every phone must be on the same Wi‑Fi.</p>
      ${waiting.map((seat) => html`<${Invitation} key=${seat.id} seat=${seat} />`)}
      ${waiting.length > 0 && html`<${Answer} table=${table} />`}
      <div class="actions start">
        <button type="button" class=${waiting.length ? "" : "primary"} onClick=${() => table.addPlayer()}>Add a player</button>
      </div>
      ${table.error && html`<p class="error" role="alert">${table.error}</p>`}
    </section>
    ${cannot.length > 0 && html`<${CannotConnect} id=${id} app=${app} stored=${s.stored} name=${name}
      reasons=${new Set(cannot.map((seat) => seat.reason))} />`}
    ${table.seats.length > 0 && html`<${Seats} table=${table} />`}
    ${table.refused.length > 0 && html`<${Refused} table=${table} />`}
    <section class="card">
      <div class="actions start">
        <button type="button" class="danger" onClick=${() => table.end()}>End the live table</button>
      </div>
      <p class="hint">Ending it disconnects every player. The encounter itself is never changed from here.</p>
    </section>`;
}

/** One seat's invitation: its join link as a QR code, the same as a link, and the code to copy. */
function Invitation({ seat }) {
  const [copied, setCopied] = useState(null);
  const src = useMemo(() => seat.url && `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(seat.url))}`, [seat.url]);
  const field = `live-code-${seat.id}`;
  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(seat.code);
      setCopied("Code copied.");
    } catch {
      const input = document.getElementById(field);
      input?.focus();
      input?.select();
      setCopied("Your browser did not let the app copy: the code is selected, copy it yourself.");
    }
  }
  if (!seat.url) return html`<p class="hint" role="status" data-testid="live-inviting">${seat.label}: making the join code…</p>`;
  return html`
    <figure class="invitation stack" aria-labelledby=${`${field}-caption`}>
      <figcaption id=${`${field}-caption`}><strong>${seat.label}</strong>: scan this with the phone's camera</figcaption>
      <img class="qr" src=${src} alt=${`QR code of ${seat.label}'s join link`} data-testid="live-qr" />
      <a class="join-link" href=${seat.url} data-testid="live-offer" target="_blank" rel="noopener">${seat.url}</a>
      <div class="answer-row">
        <label class="visually-hidden" for=${field}>${seat.label}'s join code</label>
        <input id=${field} class="code-field" readonly value=${seat.code} onFocus=${(e) => e.currentTarget.select()} />
        <button type="button" onClick=${copy}>Copy code</button>
      </div>
      ${copied && html`<p class="hint" role="status">${copied}</p>`}
    </figure>`;
}

/** The player's answer: scanned by the camera, or pasted. */
function Answer({ table }) {
  const [text, setText] = useState("");
  const [status, setStatus] = useState(null); // {busy} | {error} | {ok}
  const busy = status?.busy;
  async function connect(code) {
    if (!code.trim() || busy) return;
    setStatus({ busy: true });
    const result = await table.accept(code);
    if (result.error) return setStatus({ error: result.error });
    setText("");
    setStatus({ ok: `${table.seat(result.seat)?.label ?? "The player"} is connected.` });
  }
  return html`
    <div class="answer stack">
      <${Scanner} onCode=${connect} awaited=${table.seats.some((seat) => seat.state === "waiting")} />
      <form class="stack" onSubmit=${(e) => { e.preventDefault(); connect(text); }}>
        <label for="live-answer-input">The player's answer code</label>
        <div class="answer-row">
          <input id="live-answer-input" data-testid="live-answer-input" value=${text} autocomplete="off" autocapitalize="off"
            spellcheck=${false} onInput=${(e) => setText(e.currentTarget.value)} />
          <button type="submit" class="primary" aria-busy=${busy ? "true" : null}>Connect</button>
        </div>
      </form>
      ${busy && html`<p class="hint" role="status">Connecting…</p>`}
      ${status?.error && html`<p class="error" role="alert" data-testid="live-answer-error">${status.error}</p>`}
      ${status?.ok && html`<p class="hint" role="status">${status.ok}</p>`}
    </div>`;
}

/** The camera's view, read for QR codes (live/scan.js: the platform's reader, else the vendored
 * one), or why there is none; the paste field below stays either way. It starts once a join code
 * is shown (`awaited`): the decoder's loading and first reads would slow the first QR code down. */
function Scanner({ onCode, awaited }) {
  const [, force] = useReducer((n) => n + 1, 0);
  const [failed, setFailed] = useState(null);
  const [started, setStarted] = useState(awaited);
  useEffect(() => { if (awaited) setStarted(true); }, [awaited]);
  const video = useRef(null);
  const latest = useRef(onCode); // the scan outlives a render: it calls the newest onCode
  latest.current = onCode;
  useEffect(() => {
    camera.listeners.add(force);
    return () => camera.listeners.delete(force);
  }, []);
  const stream = camera.stream;
  useEffect(() => {
    if (!stream || !started || !video.current) return undefined;
    video.current.srcObject = stream;
    video.current.play().catch(() => {});
    setFailed(null);
    return watchVideo(video.current, (text) => latest.current(text), (err) => setFailed(err.message));
  }, [stream, started]);
  if (camera.state === "asking") return html`<p class="hint" role="status">Allow the camera to scan the players' answers (or paste them below).</p>`;
  if (!stream) return html`<p class="hint" data-testid="live-no-scanner">${camera.message ?? "The camera is off."} Paste the player's answer code below.</p>`;
  if (failed) return html`<p class="hint" data-testid="live-no-scanner">${failed} Paste the player's answer code below.</p>`;
  if (!started) return null;
  return html`<video ref=${video} class="scanner" muted playsinline aria-label="The camera: hold the player's answer code in view"></video>`;
}

function Seats({ table }) {
  const pcs = table.pcs;
  const holder = (cid) => table.seats.find((seat) => seat.you === cid);
  return html`
    <section class="card" aria-labelledby="seats-title">
      <h2 id="seats-title">Players</h2>
      <ul class="live-seats">
        ${table.seats.map((seat) => html`
          <li key=${seat.id} class="live-seat stack" data-testid="live-seat" data-state=${seat.state}>
            <p class="seat-line"><strong>${seat.label}</strong> <span class=${`seat-state ${seat.state}`}>${STATES[seat.state]}</span></p>
            ${seat.message && !CANNOT.has(seat.reason) && html`<p class="hint">${seat.message}</p>`}
            <label for=${`seat-pc-${seat.id}`}>${seat.label} plays</label>
            <select id=${`seat-pc-${seat.id}`} onChange=${(e) => table.assign(seat.id, e.currentTarget.value)}>
              <option value="" selected=${!seat.you}>The player picks</option>
              ${pcs.map((pc) => {
                const other = holder(pc.id);
                return html`<option key=${pc.id} value=${pc.id} selected=${seat.you === pc.id}>${pc.name}${other && other !== seat ? ` (${other.label})` : ""}</option>`;
              })}
            </select>
            ${seat.picked && html`<p class="hint">Picked by the player.</p>`}
            <div class="actions start">
              ${(seat.state === "dropped" || seat.state === "failed") && html`
                <button type="button" class="primary" onClick=${() => table.invite(seat.id)}>Invite again</button>`}
              <button type="button" onClick=${() => table.remove(seat.id)}>Remove</button>
            </div>
          </li>`)}
      </ul>
    </section>`;
}

/** No connection can be made: why, in plain words, and the snapshot players' link instead
 * (the share screen's own: made by the engine, nothing of the encounter touched). */
function CannotConnect({ id, app, stored, name, reasons }) {
  const [link, setLink] = useState(null); // {fragment} | {error}
  const rev = stored.log.length;
  useEffect(() => {
    let live = true;
    app.engine.request("encounter.players_link", { encounter: stored }).then((response) => {
      if (live) setLink(response.ok ? { fragment: response.result.fragment } : { error: response.error.message });
    });
    return () => { live = false; };
  }, [id, rev]);
  return html`
    <section class="card" aria-labelledby="cannot-title" data-testid="live-cannot">
      <h2 id="cannot-title">When phones cannot connect</h2>
      ${reasons.has("no-address") && html`<p>This phone offered no local network address, so no player can reach it.
        Is it on the table's Wi‑Fi? A phone that is itself the hotspot cannot host the table: use another phone
        as the GM's, or a Wi‑Fi router.</p>`}
      ${reasons.has("unreachable") && html`<p>A player's phone could not be reached. The table's Wi‑Fi must let phones
        reach each other: guest and café networks often keep them apart. Try another network, or a phone's hotspot
        with the GM on another phone.</p>`}
      <p>Meanwhile, give the players the snapshot link: it shows the fight as it is now (make a new one after a change).
        Nothing of the encounter was changed.</p>
      ${link?.error && html`<p class="error" role="alert">${link.error}</p>`}
      ${link?.fragment && html`<${LinkTools} url=${playersAddress(link.fragment)} title=${name} idPrefix="live-players"
        engine=${app.engine} label="Players' link" />`}
      <p><a href=${`#/e/${id}/share`}>More links on the Share screen</a></p>
    </section>`;
}

function Refused({ table }) {
  return html`
    <section class="card" aria-labelledby="refused-title">
      <h2 id="refused-title">Refused from players</h2>
      <ul class="live-refused" data-testid="live-refused">
        ${table.refused.map((r, i) => html`<li key=${i}>${r.at.toLocaleTimeString()} · ${r.seat}: ${r.what}</li>`)}
      </ul>
    </section>`;
}
