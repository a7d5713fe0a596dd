// The log a table wants: each entry in plain words with its dice under it, a tap reopens its
// worked explanation (the engine's `encounter.explain`), and the whole log goes out as text or
// Markdown (copy, or the phone's share sheet) for the group's chat or campaign notes.
import { html, Component, useState } from "../../vendor/preact-htm.mjs";
import { askEncounter } from "./odds-panel.js";
import { download, fileName } from "../data/files.js";

// The log only grows (undo and redo are lines too), so it is drawn in chunks that skip their
// re-render while their lines are unchanged: an event re-renders the last chunk, not 500 lines.
// An event undone (and not redone) stays in its place, struck through and marked "taken back"
// (the exported log leaves it out).
const LOG_CHUNK = 50;
// At the table the last entries matter: the earlier ones are folded (hidden, still in the page).
const RECENT = 4;

class LogChunk extends Component {
  shouldComponentUpdate({ lines, dice, back }) {
    const old = this.props;
    return lines.length !== old.lines.length || back !== old.back
      || lines.some((line, i) => line !== old.lines[i] || dice[i] !== old.dice[i]);
  }

  render({ lines, dice, details, start, explain, back }) {
    const text = (i) => (details[i] ? html`<button type="button" class="link-btn log-line" onClick=${() => explain(start + i)}>${lines[i]}</button>` : lines[i]);
    const taken = (i) => back.split(",").includes(String(start + i));
    return lines.map((line, i) => html`<li key=${start + i} value=${start + i + 1} dir="auto" class=${taken(i) ? "taken-back" : null}>
      ${taken(i) ? html`<span class="tag">Taken back: </span>` : null}${text(i)}${dice[i] ? html` <span class="log-dice">Dice: ${dice[i]}</span>` : null}</li>`);
  }
}

function Explained({ answer, close }) {
  if (!answer) return null;
  const { response } = answer;
  return html`<div class="explained" data-testid="explained">
    ${!response.ok ? html`<p class="error" role="alert">${response.error.message}</p>` : html`
      <p class="last-text">${response.result.text}</p>
      <ol class="steps">${response.result.steps.map((s, i) => html`<li key=${i}><span class="sec">${s.section}</span> ${s.text}</li>`)}</ol>`}
    <button type="button" onClick=${close}>Close</button></div>`;
}

export function LogPanel({ view, apply, engine, session }) {
  const [answer, setAnswer] = useState(null);
  const [said, setSaid] = useState(null); // what the export did
  const [whole, setWhole] = useState(false); // the whole log, or its last RECENT entries
  const chunks = [];
  const dice = view.log_dice ?? [];
  const details = view.log_details ?? [];
  const back = view.log_taken_back ?? [];
  const explain = async (index) => setAnswer({ index, response: await askEncounter(engine, session, "encounter.explain", { index }) });
  for (let start = 0; start < view.log.length; start += LOG_CHUNK) {
    const end = start + LOG_CHUNK;
    // Each chunk's own taken-back lines, as one string: a chunk re-renders when they change.
    const mine = back.filter((i) => i >= start && i < end).join();
    chunks.push(html`<${LogChunk} key=${start} start=${start} lines=${view.log.slice(start, end)} back=${mine}
      dice=${dice.slice(start, end)} details=${details.slice(start, end)} explain=${explain} />`);
  }

  async function share(format) {
    const response = await askEncounter(engine, session, "encounter.log", { format });
    if (!response.ok) return setSaid(response.error.message);
    const text = response.result.text;
    const name = fileName(view.name).replace(/\.json$/, format === "markdown" ? "-log.md" : "-log.txt");
    try {
      if (navigator.share && format === "text") {
        await navigator.share({ title: view.name, text });
        return setSaid("Shared.");
      }
      await navigator.clipboard.writeText(text);
      setSaid(`The log is copied as ${format === "markdown" ? "Markdown" : "text"}.`);
    } catch (err) {
      if (err?.name === "AbortError") return setSaid(null); // the share sheet was closed
      download(text, name, format === "markdown" ? "text/markdown" : "text/plain");
      setSaid(`The log is saved as ${name}.`);
    }
  }

  return html`
    <section class="card" aria-labelledby="log-title" id="log">
      <h2 id="log-title">Log</h2>
      <div class="actions log-actions">
        <button type="button" disabled=${!view.can_undo} onClick=${() => apply({ t: "undo" })}>Undo</button>
        <button type="button" disabled=${!view.can_redo} onClick=${() => apply({ t: "redo" })}>Redo</button>
        <button type="button" disabled=${!view.log.length} onClick=${() => share("text")}>Share as text</button>
        <button type="button" disabled=${!view.log.length} onClick=${() => share("markdown")}>Copy as Markdown</button>
      </div>
      <p class="hint" role="status">${said ?? ""}</p>
      <${Explained} answer=${answer} close=${() => setAnswer(null)} />
      ${view.log.length
        ? html`<ol class=${whole ? "log" : "log recent"} data-testid="log">${chunks}</ol>`
        : html`<p class="hint">Nothing has happened yet.</p>`}
      ${view.log.length > RECENT && html`<button type="button" class="link-btn" aria-expanded=${whole ? "true" : "false"}
        onClick=${() => setWhole(!whole)}>${whole ? `Only the last ${RECENT}` : `Show the whole log (${view.log.length} entries)`}</button>`}
    </section>`;
}
