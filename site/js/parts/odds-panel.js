// Odds before rolling: the exact chances of the exchange, group round (F95 4.34) or ranged fire
// (F95 4.4) the round form is preparing, both directions, from the engine's `encounter.odds` (Python
// weighs every roll; nothing is computed here). Re-asked when the draft changes (debounced), stale
// answers dropped. Odds too dear to weigh exactly come sampled, in steps the engine names
// (`sampled.next`): each shown as it comes, the next asked until it says none.
import { html, useState, useEffect, useRef } from "../../vendor/preact-htm.mjs";
import { Fold } from "./fold.js";

const DEBOUNCE_MS = 150;

/** Ask the engine about the open encounter as it stands ({id, rev}); after a worker restart
 * (SessionError) ask again with the stored encounter, which the engine reopens. */
export async function askEncounter(engine, session, action, args = {}, options = {}) {
  const base = { id: session.id, rev: session.stored?.log.length ?? 0, ...args };
  let response = await engine.request(action, base, options);
  if (!response.ok && response.error?.type === "SessionError" && session.stored) {
    response = await engine.request(action, { ...base, encounter: session.stored }, options);
  }
  return response;
}

/** "26.1 %"; a chance that can happen but rounds to nothing shows as "< 0.1 %". */
export function percent(p) {
  if (p > 0 && p < 0.0005) return "< 0.1 %";
  return `${(p * 100).toFixed(1)} %`;
}

/** One row: the label, a bar (decoration only) and the chance as text. */
export function ChanceRow({ label, p, note, kind }) {
  return html`<tr data-kind=${kind}>
    <th scope="row">${label}</th>
    <td><div class="chance"><span class="chance-bar" aria-hidden="true"><span style=${{ width: `${Math.round(p * 1000) / 10}%` }}></span></span>
      <span class="pct">${percent(p)}</span>${note ? html` <span class="interval">${note}</span>` : null}</div></td>
  </tr>`;
}

function withoutDice(event) {
  // The odds weigh every roll: entering dice changes nothing. A GM's group roll says who rolls
  // (F95 4.34), so it stays, emptied: `{}` is the engine's "the GM rolls once, dice not in yet".
  const { a_dice, b_dice, lone_dice, foe_dice, shooter_dice, target_dice, ...rest } = event;
  if (rest.group_roll) rest.group_roll = {};
  return rest;
}

/** One direction's table: a blow landing, then the wounds and stuns it leaves (none is not shown). */
function BlowTable({ attacker, defender, attackerId, lands, wounds, stuns }) {
  return html`<table class="odds-table" data-testid="odds-direction" data-attacker=${attackerId}>
    <caption><bdi>${attacker}</bdi> strikes <bdi>${defender}</bdi></caption>
    <tbody>
      <${ChanceRow} kind="lands" label="Blow lands" p=${lands.p} />
      ${wounds.filter((w) => w.level > 0).map((w) =>
        html`<${ChanceRow} key=${`w${w.level}`} kind=${`wound-${w.level}`} label=${`Wound: ${w.name}`} p=${w.p} />`)}
      ${stuns.map((w) =>
        html`<${ChanceRow} key=${`s${w.level}`} kind=${`stun-${w.level}`} label=${`Stun: ${w.name}`} p=${w.p} />`)}
    </tbody>
  </table>`;
}

/** A group answer: the lone fighter's blows taken and state after, then each foe both ways. */
function GroupOdds({ r, name }) {
  const lone = name(r.lone_id);
  return html`
    <div class="odds-grid">
      <table class="odds-table odds-lone" data-testid="odds-lone">
        <caption><bdi>${lone}</bdi> against ${r.foes.length} ${r.foes.length === 1 ? "foe" : "foes"}</caption>
        <tbody>
          <${ChanceRow} kind="strikes" label="Lands a blow" p=${r.strikes.p} />
          ${r.hits_taken.map((h) => html`<${ChanceRow} key=${`h${h.hits}`} kind=${`hits-${h.hits}`}
            label=${h.hits === 1 ? "Takes 1 blow" : `Takes ${h.hits} blows`} p=${h.p} />`)}
          ${r.lone_after.filter((w) => w.level > 0).map((w) =>
            html`<${ChanceRow} key=${`a${w.level}`} kind=${`after-${w.level}`} label=${`Ends ${w.name}`} p=${w.p} />`)}
        </tbody>
      </table>
      ${r.foes.map((f) => html`
        <${BlowTable} key=${`${f.id}>`} attacker=${name(f.id)} defender=${lone} attackerId=${f.id}
          lands=${f.hits_lone} wounds=${f.wounds_to_lone} stuns=${f.stuns_to_lone} />
        <${BlowTable} key=${`>${f.id}`} attacker=${lone} defender=${name(f.id)} attackerId=${r.lone_id}
          lands=${f.struck} wounds=${f.wounds_from_lone} stuns=${f.stuns_from_lone} />`)}
    </div>
    ${r.out.length ? html`<p class="hint">Cannot act, left out: ${r.out.map((id, i) =>
      html`${i ? ", " : ""}<bdi>${name(id)}</bdi>`)}.</p>` : null}
    ${r.prefer_ids.length > 1 ? html`<p class="hint" data-testid="odds-prefer">Where the lone fighter may wound several, these odds
      have them strike the first they may of ${r.prefer_ids.map((id, i) => html`${i ? ", " : ""}<bdi>${name(id)}</bdi>`)}${" "}
      (F95 4.34: they choose once the dice are known).</p>` : null}
    <${HowWeighed} r=${r} />`;
}

/** How the odds were weighed: exactly, or sampled (about, within a margin, maybe more coming). */
function HowWeighed({ r }) {
  return r.sampled
    ? html`<p class="hint small-print" data-testid="odds-sampled">About: ${r.sampled.draws} seeded draws of the dice
      under the current rules, wounds and stances; each chance within ±${Math.round(r.sampled.margin * 100)} points
      (exact odds would take too long)${r.sampled.next ? "; more draws coming" : ""}.</p>`
    : html`<p class="hint small-print">Exact: ${r.classes} classes of dice weighed under the current rules, wounds and stances.</p>`;
}

/** One blow's or shot's table: each result, then the wounds and stuns it leaves. */
function ResultTable({ d, name, labels, verb }) {
  return html`<table class="odds-table" data-testid="odds-direction" data-attacker=${d.attacker_id}>
    <caption><bdi>${name(d.attacker_id)}</bdi> ${verb} <bdi>${name(d.defender_id)}</bdi></caption>
    <tbody>
      ${Object.entries(d.results).map(([word, c]) =>
        html`<${ChanceRow} key=${word} kind=${word} label=${labels[word] ?? word} p=${c.p} />`)}
      ${d.wounds.filter((w) => w.level > 0).map((w) =>
        html`<${ChanceRow} key=${`w${w.level}`} kind=${`wound-${w.level}`} label=${`Wound: ${w.name}`} p=${w.p} />`)}
      ${d.stuns.map((w) =>
        html`<${ChanceRow} key=${`s${w.level}`} kind=${`stun-${w.level}`} label=${`Stun: ${w.name}`} p=${w.p} />`)}
    </tbody>
  </table>`;
}

/** A burst (F95 4.4): how many of its rounds land. */
function RoundsTable({ rounds }) {
  const label = (r) => (r.high === 0 ? "None" : r.low === r.high ? `${r.low} ${r.low === 1 ? "round" : "rounds"}`
    : `${r.low}–${r.high} rounds`);
  return html`<table class="odds-table" data-testid="odds-rounds">
    <caption>Rounds of the burst on target</caption>
    <tbody>
      ${rounds.map((r) => html`<${ChanceRow} key=${`${r.low}-${r.high}`} kind=${`rounds-${r.low}-${r.high}`}
        label=${label(r)} p=${r.p} />`)}
    </tbody>
  </table>`;
}

export function OddsPanel({ engine, view, session, event }) {
  const draft = withoutDice(event);
  const key = JSON.stringify([view.events, draft]);
  const [answer, setAnswer] = useState(null); // {key, response}
  const asked = useRef(0);
  useEffect(() => {
    const mine = ++asked.current;
    const timer = setTimeout(async () => {
      // Each sampled step is a short request, so the engine answers the round's own requests
      // between them; a new draft stops the steps of the old one. In the background: a tap's
      // own request never waits behind a preview (engine.js).
      let args = { event: draft };
      while (true) {
        const response = await askEncounter(engine, session, "encounter.odds", args, { lane: "odds" });
        if (mine !== asked.current || response.error?.type === "Superseded") return;
        setAnswer({ key, response });
        const next = response.ok ? response.result.sampled?.next : null;
        if (!next) return;
        args = { event: draft, sample: next };
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  const current = answer?.key === key;
  const response = answer?.response;
  const settled = current && !(response.ok && response.result.sampled?.next);
  const name = (id) => view.combatants.find((c) => c.id === id)?.name ?? id;
  let body;
  if (!response) body = html`<p class="hint">Working out the odds…</p>`;
  else if (!response.ok) body = null; // the plain line says why
  else if (response.result.t === "group") body = html`<${GroupOdds} r=${response.result} name=${name} />`;
  else {
    const r = response.result;
    const verb = r.t === "ranged" ? "shoots at" : "strikes";
    body = html`
      <div class="odds-grid">
        ${r.directions.map((d) => html`<${ResultTable} key=${d.attacker_id} d=${d} name=${name} labels=${r.labels} verb=${verb} />`)}
        ${r.rounds?.length ? html`<${RoundsTable} rounds=${r.rounds} />` : null}
      </div>
      <${HowWeighed} r=${r} />`;
  }
  // Folded to its plain line ("Aldric wounds Goblin 74 %, most likely Very Hurt"); the tables on tap.
  const line = !response ? "Working out the odds…"
    : !response.ok ? html`No odds: <span data-testid="odds-error">${response.error.message}</span>` : response.result.summary;
  return html`
    <${Fold} class="odds" data-testid="odds" aria-busy=${settled ? "false" : "true"}
      summary=${html`<span class="visually-hidden">Odds before rolling: </span><span data-testid="odds-line">${line}</span>`}>
      ${body}
    </${Fold}>`;
}
