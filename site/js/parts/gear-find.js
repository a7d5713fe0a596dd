// Finding a weapon or armor by the words players use ("bow", "spear", "chain mail"): the door's
// `gear` action searches the catalogue in force by names, the books' example lists and the notes
// (pyfudge/rules/catalogue.py's find_gear; no word list lives here). A tap on a hit picks it: a catalogue
// entry by its place in the list, anything else (gear named by the word typed, a CO 1.3 material,
// another book's table) as custom gear with its values.
import { html, useEffect, useRef, useState } from "../../vendor/preact-htm.mjs";
import { signed } from "./ui.js";

const WAIT_MS = 150; // typing pauses this long before the engine is asked

export function GearFind({ id, kind, engine, view, pick }) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState(null); // {query, results} | {query, error}
  const asked = useRef(0);
  useEffect(() => {
    const q = query.trim();
    if (!q || !engine) return setFound(null);
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      const response = await engine.request("gear", { ruleset: view.ruleset, kind, query: q });
      if (n !== asked.current) return; // a later query was asked meanwhile
      setFound(response.ok ? { query: q, results: response.result.results } : { query: q, error: response.error.message });
    }, WAIT_MS);
    return () => clearTimeout(timer);
  }, [query, kind, engine, view.ruleset]);
  if (!engine) return null;
  const label = kind === "weapon" ? "Find a weapon" : "Find armor";
  const listId = `${id}-hits`;
  return html`
    <div class="field wide gear-find">
      <label for=${id}>${label}</label>
      <input id=${id} type="search" autocomplete="off" maxlength="60" aria-controls=${listId}
        placeholder=${kind === "weapon" ? "bow, spear, club…" : "chain mail, leather…"}
        value=${query} onInput=${(e) => setQuery(e.currentTarget.value)} />
      <div id=${listId} aria-live="polite">
        ${found?.error && html`<p class="error">${found.error}</p>`}
        ${found?.results && (found.results.length
          ? html`<ul class="gear-hits" data-testid=${`${kind}-hits`}>
              ${found.results.map((hit, i) => html`<li key=${i}>
                <button type="button" class="gear-hit" onClick=${() => { pick(hit); setQuery(""); }}>
                  <strong>${hit.value.name} ${signed(hit.points)}</strong>
                  <span class="gear-why">${why(hit)}</span>
                </button></li>`)}
            </ul>`
          : html`<p class="hint">Nothing called “${found.query}” here: a custom ${kind} is under “More of the sheet”.</p>`)}
      </div>
    </div>`;
}

/** Why a hit answers: the rule's note (its section and the book's list), where it comes from when
 * not the catalogue in force, and whether only this app's own words found it. */
function why(hit) {
  // Found by a word of its row ("bow" in MUD 4.54's "longbow"), it keeps the word and the row's size.
  const parts = [hit.value.name !== hit.name ? `sized as ${hit.name}` : null, hit.note || null];
  if (hit.from) parts.push(`from ${hit.from}: picked as custom`);
  if (hit.by === "also") parts.push(`“${hit.matched}” is this app's reading, not the book's`);
  return parts.filter(Boolean).join(" · ");
}
