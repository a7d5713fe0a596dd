// The players' page (play.html): what the GM's engine made, drawn with no Python — no Pyodide,
// no engine worker, nothing of the app's 13 MB. Its hash says what to show:
//
//   #v=<fragment>[&c=<id>]   a snapshot players' link (snapshot.js); with c, that player's own
//                            card large, the others below
//   #join=<join code>        the live table (live.js): the answer to show the GM, then each
//                            view the GM's page sends
//   (nothing else)           how to get here, and a field to paste a link or join code
//
// <html data-player> is "reading" | "ready" | "error" for a snapshot; <html data-live> is
// "joining" | "connected" | "dropped" for the live table, and <html data-view-n> the number of the
// last view of the GM's drawn. build.py bundles this module with all it
// imports (the engine's view shape included) into one file.
import { html, render, useEffect, useState } from "../../vendor/preact-htm.mjs";
import { PlayerCard, headingOf } from "../parts/player-card.js";
import { TotalPicker, DieToggle } from "../parts/round-dice.js";
import { FACES, signed } from "../parts/ui.js";
import { qrSvg } from "../live/qr.js";
import { readFragment, route } from "./snapshot.js";
import { rollDice, useLiveTable, useWakeLock } from "./live.js";
import { ScanButton } from "./scan-button.js";

const root = document.documentElement;

function useHash() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

/** Whose turn it is (the GM's round form's next pair, by name), at the top. */
function Turn({ turn, own }) {
  if (!turn) return null;
  const yours = own && (turn.a === own || turn.b === own);
  return html`<p class=${`card turn${yours ? " yours" : ""}`} data-testid="turn" role="status">
    ${yours && html`<strong>Your turn. </strong>`}<bdi>${turn.text}</bdi></p>`;
}

/** The last results, newest first: each with the dice rolled and the outcome as the players see it. */
function Results({ results, own }) {
  if (!results?.length) return null;
  return html`
    <section class="card results" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title" class="players-title">Last results</h2>
      <ol class="result-list">
        ${results.map((r, i) => html`<li key=${i} class=${r.dice.some((d) => d.id === own) ? "result yours" : "result"} data-testid="result">
          <p class="result-title"><strong><bdi>${r.title}</bdi></strong> <span class="meta">Round ${r.round}</span></p>
          ${r.dice.length > 0 && html`<ul class="result-dice" aria-label="Dice">
            ${r.dice.map((d, j) => html`<li key=${j}><bdi>${d.name}</bdi> <span class="dice-faces">${d.dice}</span></li>`)}</ul>`}
          ${r.lines.map((line, j) => html`<p key=${j} class="result-line"><bdi>${line}</bdi></p>`)}
        </li>`)}
      </ol>
    </section>`;
}

/** The encounter as the players see it: whose turn it is, `own` (a combatant id) first and large
 * with the rolls and declarations asked of him (`asks`, live only) and the last results below; the
 * others as the GM shows them — with a card of his own, each in one line (name, status, wounds),
 * those who cannot fight last. */
function Fighters({ view, own, asks }) {
  const mine = view.combatants.find((c) => c.id === own);
  const others = view.combatants.filter((c) => c !== mine);
  const fallenLast = [...others.filter((c) => c.can_fight), ...others.filter((c) => !c.can_fight)];
  return html`
    <${Turn} turn=${view.turn} own=${own} />
    ${asks}
    ${mine && html`<${PlayerCard} c=${mine} view=${view} headingId="player-name" level="h2" />`}
    <${Results} results=${view.results} own=${own} />
    <section class="players-view stack" aria-labelledby="players-title" data-testid="players-view">
      <h2 id="players-title" class="players-title">${mine ? "The others" : html`<bdi>${view.name}</bdi> · ${headingOf(view)}`}</h2>
      ${mine ? html`<ul class="compact-list">${fallenLast.map((c) => html`<${CompactCard} key=${c.id} c=${c} />`)}</ul>`
        : others.map((c) => html`<${PlayerCard} key=${c.id} c=${c} view=${view} headingId=${`player-${c.id}`} level="h3" />`)}
    </section>`;
}

/** Another fighter, when the player has a card of his own: one line — name, status, the wounds
 * marked on his track (by row) where the GM shows them. */
function CompactCard({ c }) {
  const marked = (c.track?.rows ?? []).map((row) => [row.name, row.boxes.filter(Boolean).length]).filter(([, n]) => n > 0);
  return html`<li class=${`compact-card side-${c.side}${c.can_fight ? "" : " out"}`} data-testid="compact-card">
    <strong class="compact-name"><bdi>${c.name}</bdi></strong>
    <span class=${c.can_fight ? "player-status" : "player-status out"} data-testid="player-status">${c.status}</span>
    ${marked.length > 0 && html`<span class="compact-wounds">${marked.map(([name, n]) => `${name}${n > 1 ? ` ×${n}` : ""}`).join(", ")}</span>`}
    ${c.track?.stun ? html`<span class="compact-wounds">${c.track.stun_name}</span>` : null}
  </li>`;
}

function Snapshot({ fragment, cid }) {
  const [state, setState] = useState({ step: "reading" });
  useEffect(() => {
    let current = true;
    setState({ step: "reading" });
    readFragment(fragment).then((view) => {
      if (!current) return;
      const missing = cid && !view.combatants.some((c) => c.id === cid);
      setState(missing ? { step: "error", message: "This link names a combatant the encounter does not have." }
        : { step: "ready", view });
    }, (err) => current && setState({ step: "error", message: err.message }));
    return () => { current = false; };
  }, [fragment, cid]);
  useEffect(() => { root.dataset.player = state.step; }, [state.step]);
  if (state.step === "reading") return html`<section class="card"><p role="status">Reading the link…</p></section>`;
  if (state.step === "error") {
    return html`<section class="card" aria-labelledby="play-title">
      <h2 id="play-title">The encounter</h2>
      <p class="error" role="alert" data-testid="player-error">This link cannot be opened. ${state.message}</p>
      <p class="hint">Ask the GM for a new players' link.</p>
    </section>`;
  }
  return html`
    <${Fighters} view=${state.view} own=${cid} />
    <p class="hint">A snapshot from when the link was made: ask the GM for a new link to see later wounds.</p>`;
}

function CopyCode({ code }) {
  const [said, setSaid] = useState(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setSaid("Code copied.");
    } catch {
      const field = document.getElementById("answer-code");
      getSelection()?.selectAllChildren(field);
      setSaid("Your browser did not let the page copy: the code is selected, copy it yourself.");
    }
  }
  return html`
    <div class="actions start">
      <button type="button" class="primary" onClick=${copy}>Copy the code</button>
    </div>
    ${said && html`<p class="hint" role="status">${said}</p>`}`;
}

/** Open what was pasted or scanned: a players' link or join link (its #…), a snapshot fragment or a
 * join code. Returns null, or why it cannot be opened. */
function openText(text) {
  const value = text.trim();
  const hash = value.includes("#") ? value.slice(value.indexOf("#")) : /^f\d+\./.test(value) ? `#v=${value}` : `#join=${value}`;
  if (route(hash).kind === "none" || !value) return "This is neither a players' link nor a join code.";
  location.hash = hash;
  return null;
}

const svgDataUrl = (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function Live({ code }) {
  const live = useLiveTable(code);
  const connected = live.step === "connected";
  useWakeLock(live.step === "answer" || connected);
  const data = connected ? "connected" : live.step === "dropped" || live.step === "failed" ? "dropped" : "joining";
  useEffect(() => { root.dataset.live = data; }, [data]);
  // The number of the view drawn (the bench times a view from the GM's Resolve to this).
  useEffect(() => { if (live.n) root.dataset.viewN = String(live.n); }, [live.n]);
  useEffect(() => () => { delete root.dataset.live; }, []);
  const you = live.view?.combatants.find((c) => c.id === live.you) ? live.you : null;
  return html`
    ${live.step === "joining" && html`<section class="card"><p role="status">Joining the GM's table…</p></section>`}
    ${live.step === "failed" && html`
      <section class="card" aria-labelledby="live-title">
        <h2 id="live-title">Live table</h2>
        <p class="error" role="alert" data-testid="live-error">${live.error}</p>
        <p class="hint">Scan the code the GM's phone shows again, or ask the GM for a new one.</p>
        <${ScanButton} onText=${openText} />
      </section>`}
    ${live.step === "answer" && html`
      <section class="card stack" aria-labelledby="live-title">
        <h2 id="live-title">Show this to the GM</h2>
        <p class="hint">The GM scans this code (or types it) to let your phone in.</p>
        <img class="qr qr-answer" src=${svgDataUrl(qrSvg(live.answer))} alt="QR code of your answer for the GM" />
        <p class="answer-code" id="answer-code" data-testid="live-answer">${live.answer}</p>
        <${CopyCode} code=${live.answer} />
      </section>`}
    ${live.step === "dropped" && html`
      <p class="card error live-dropped" role="alert" data-testid="live-dropped">Lost the GM's screen — scan the GM's new code to rejoin.</p>
      <section class="card"><${ScanButton} onText=${openText} /></section>`}
    ${live.note && html`<p class="card error" role="alert" data-testid="live-note">${live.note}</p>`}
    ${live.view && !you && live.pcs?.length > 0 && live.step === "connected" && html`
      <section class="card stack" aria-labelledby="pick-title" data-testid="live-pick">
        <h2 id="pick-title">Which is yours?</h2>
        <div class="actions start">
          ${live.pcs.map((pc) => html`<button type="button" key=${pc.id} onClick=${() => live.pick(pc.id)}><bdi>${pc.name}</bdi></button>`)}
        </div>
      </section>`}
    ${live.view && html`<${Fighters} view=${live.view} own=${you}
      asks=${you && html`${live.asks?.map((ask) => html`<${Ask} key=${ask.field} ask=${ask} send=${live.roll} />`)}
        ${live.declares?.map((ask) => html`<${Declare} key=${`${ask.field} ${JSON.stringify(ask.chosen)}`} ask=${ask} send=${live.declare} />`)}`} />`}
    ${connected && !live.view && html`<section class="card"><p role="status">Connected: waiting for the GM's screen…</p></section>`}`;
}

const facesWords = (faces, fudge) => faces.map((f) => (fudge ? FACES.find((x) => x.value === f).symbol : String(f))).join(" ");

/** A roll the GM's round form asks of this player: one tap rolls the dice here (the platform's
 * cryptographic random source) and sends them; or the total rolled at the table (or its faces),
 * then Send. The GM's engine reads the dice; what the GM got comes back in the next view. */
function Ask({ ask, send }) {
  const [sent, setSent] = useState(null); // what was sent, in words
  const [total, setTotal] = useState("");
  const [faces, setFaces] = useState([null, null, null, null]);
  const [showFaces, setShowFaces] = useState(false);
  const go = (dice, words) => { if (send(ask.field, dice)) setSent(words); };
  const rollHere = () => {
    const rolled = rollDice(ask.count, ask.faces);
    go({ faces: rolled }, ask.faces ? `${signed(rolled.reduce((s, f) => s + f, 0))} (${facesWords(rolled, true)})` : facesWords(rolled, false));
  };
  const given = faces.slice(0, ask.count);
  const allFaces = ask.faces && given.every((f) => f !== null);
  const id = `ask-${ask.field.replace(/[^\w-]/g, "_")}`;
  if (ask.got) {
    return html`<section class="card ask done" data-testid="live-ask" aria-labelledby=${`${id}-title`}>
      <h2 id=${`${id}-title`} class="players-title">${ask.what}</h2>
      <p class="player-status" role="status">The GM has your roll: <strong>${ask.got}</strong></p></section>`;
  }
  return html`
    <section class="card ask stack" data-testid="live-ask" aria-labelledby=${`${id}-title`}>
      <h2 id=${`${id}-title`} class="players-title">Your roll: ${ask.what}</h2>
      ${ask.refused && html`<p class="error" role="alert">The GM's app could not take it: ${ask.refused}</p>`}
      ${sent && !ask.refused ? html`<p class="player-status" role="status">Sent: <strong>${sent}</strong> — the GM puts it in.</p>` : html`
        <button type="button" class="primary roll-here" onClick=${rollHere}>Roll ${ask.dice}</button>
        <p class="hint">Or what you rolled at the table:</p>
        <${TotalPicker} id=${`${id}-total`} label="Your total" low=${ask.low} high=${ask.high} value=${allFaces ? String(given.reduce((s, f) => s + f, 0)) : total}
          onPick=${(t) => { setTotal(t); setFaces([null, null, null, null]); }} />
        ${ask.faces && html`<button type="button" class="link-btn" aria-expanded=${showFaces ? "true" : "false"}
          onClick=${() => setShowFaces(!showFaces)}>${showFaces ? "Hide the faces" : "Enter the faces"}</button>`}
        ${showFaces && ask.faces && html`<div class="faces-row">${given.map((f, i) => html`<${DieToggle} key=${i} title=${`Die ${i + 1}`}
          owner="you" value=${f} onPick=${(v) => { const next = [...faces]; next[i] = v; setFaces(next); setTotal(""); }} />`)}</div>`}
        ${(allFaces || total !== "") && html`<button type="button" class="primary" onClick=${() => (allFaces
          ? go({ faces: given }, `${signed(given.reduce((s, f) => s + f, 0))} (${facesWords(given, true)})`)
          : go({ total: Number(total) }, signed(Number(total))))}>Send ${allFaces ? signed(given.reduce((s, f) => s + f, 0)) : signed(Number(total))}</button>`}`}
    </section>`;
}

/** The declarations the GM's round form offers this player's character (all-out, stance, Fudge
 * Points: only those offered), set here and sent with Declare; the GM's form takes them marked as
 * the player's, and the next view says what the GM has. Re-made when the form's choice changes
 * (the GM overruled it), starting from what the form holds. */
function Declare({ ask, send }) {
  const [chosen, setChosen] = useState(ask.chosen);
  const [sent, setSent] = useState(false);
  const id = `declare-${ask.field.replace(/[^\w-]/g, "_")}`;
  const offered = { ...(ask.all_out && { all_out: chosen.all_out }), ...(ask.stance && { stance: chosen.stance }),
    ...(ask.points !== null && { points: chosen.points }) };
  const choose = (key, label, choices) => html`<div class="field">
    <label for=${`${id}-${key}`}>${label}</label>
    <select id=${`${id}-${key}`} onChange=${(e) => { setChosen({ ...chosen, [key]: e.currentTarget.value }); setSent(false); }}>
      ${choices.map((c) => html`<option key=${c.value} value=${c.value} selected=${chosen[key] === c.value}>${c.label}</option>`)}
    </select></div>`;
  const points = [];
  for (let n = 0; n <= (ask.points ?? 0); n++) points.push({ value: String(n), label: n === 0 ? "None" : String(n) });
  return html`
    <section class="card ask stack" data-testid="live-declare" aria-labelledby=${`${id}-title`}>
      <h2 id=${`${id}-title`} class="players-title">Your declaration</h2>
      ${ask.refused && html`<p class="error" role="alert">The GM's app could not take it: ${ask.refused}</p>`}
      ${ask.got && html`<p role="status">The GM has: <strong>${ask.got}</strong></p>`}
      ${ask.all_out && choose("all_out", "All-out", ask.all_out)}
      ${ask.stance && choose("stance", "Stance", ask.stance)}
      ${ask.points !== null && html`<div class="field">
        <label for=${`${id}-points`}>Fudge Points to spend</label>
        <select id=${`${id}-points`} onChange=${(e) => { setChosen({ ...chosen, points: Number(e.currentTarget.value) }); setSent(false); }}>
          ${points.map((c) => html`<option key=${c.value} value=${c.value} selected=${String(chosen.points) === c.value}>${c.label}</option>`)}
        </select></div>`}
      ${sent && !ask.refused ? html`<p class="player-status" role="status">Sent — the GM puts it in.</p>`
        : html`<button type="button" class="primary" onClick=${() => { if (send(ask.field, offered)) setSent(true); }}>Declare</button>`}
    </section>`;
}

function Home() {
  const [text, setText] = useState("");
  const [error, setError] = useState(null);
  function open(event) {
    event.preventDefault();
    setError(openText(text));
  }
  return html`
    <section class="card stack" aria-labelledby="home-title">
      <h2 id="home-title">Players' page</h2>
      <p>Open the players' link the GM shares, or scan the GM's join code with your phone's camera app (or here, when the camera app opens no links).</p>
      <${ScanButton} onText=${openText} />
      <form class="stack" onSubmit=${open}>
        <label for="paste">Or paste a link or join code here</label>
        <input id="paste" type="text" autocomplete="off" spellcheck=${false} value=${text}
          onInput=${(e) => setText(e.currentTarget.value)} />
        ${error && html`<p class="error" role="alert">${error}</p>`}
        <div class="actions start"><button type="submit" class="primary">Open</button></div>
      </form>
    </section>`;
}

function Page() {
  const at = route(useHash());
  if (at.kind === "view") return html`<${Snapshot} fragment=${at.fragment} cid=${at.cid} />`;
  if (at.kind === "join") return html`<${Live} key=${at.code} code=${at.code} />`;
  return html`<${Home} />`;
}

render(html`<${Page} />`, document.getElementById("play"));

// Offline after one visit: a service worker of this page's own (sw-play.js, scope play.html),
// which keeps only this page's few files — never the app's Python runtime.
if ("serviceWorker" in navigator) {
  addEventListener("load", () => {
    navigator.serviceWorker.register("./sw-play.js", { scope: "./play.html" }).catch(() => {});
  });
}
