// The round form and the players at a live table (data/live-table.js): which rolls the form wants
// of player characters, as the players' phones are asked them, and a player's roll put into the
// form marked as theirs ("Brenna rolled +2 (+ + 0 −)"). Which dice, how many and which totals come
// from the view's roll_dice; the roll itself was read by the engine (`roll`) before it gets here.
// The same for a player's declaration (all-out, stance, Fudge Points): "Brenna declares all-out attack".
import { html } from "../../vendor/preact-htm.mjs";
import { FACES, signed } from "./ui.js";
import { rollOf } from "./round-draft.js";

/** The rolls the form wants of player characters now: [{field, cid, who, what, dice, count,
 * faces, low, high, got}] — one per roller who is a PC and has no roll the GM entered (`got`: the
 * player's roll already in the form, in words). `field` names the slot, the character and the
 * encounter's revision, so a roll sent for an earlier round is not taken for this one. */
export function playerAsks(view, { form, a, b, foes, rollers, side }) {
  const rd = view.roll_dice ?? {};
  const cards = new Map(view.combatants.map((c) => [c.id, c]));
  const against = { a: form === "group" ? foes.map((f) => f.name).join(", ") : b?.name, b: a?.name };
  const asks = [];
  for (const r of rollers) {
    if (!r.c || r.group) continue;
    const story = form === "story";
    const card = cards.get(story ? a.id : r.c.id);
    if (card?.role !== "pc") continue;
    const s = side(r.who);
    if (rollOf(s, r.count) !== null && !s.by) continue; // the GM entered this one
    const nth = story && r.legend ? `, roll ${r.who.slice(1)} of 3` : "";
    const foe = r.who.startsWith("f-") ? a.name : against[r.who];
    const what = story ? `Story roll${nth}` : form === "ranged" && r.who === "a" ? `Shot at ${foe}`
      : `Combat roll${foe ? ` against ${foe}` : ""}`;
    asks.push({ field: `${form}.${r.who}.${card.id}@${view.events}`, cid: card.id, who: r.who, what,
      dice: rd.dice ?? "4dF", count: r.count, faces: r.fudge, low: r.low, high: r.high, got: s.by?.text ?? null });
  }
  return asks;
}

/** A player's roll as the engine read it ({faces, total}), put into a roller's side as if entered,
 * marked as the player's. Fudge dice land as faces; the 2d6 ways as the total they read as. */
export function takePlayerRoll(side, ask, roll, name) {
  const faces = ask.faces && roll.faces.length ? [...roll.faces, null, null, null, null].slice(0, 4) : [null, null, null, null];
  return { ...side, faces, total: ask.faces && roll.faces.length ? "" : String(roll.total), by: { name, text: rollWords(roll, ask.faces) } };
}

/** "+2 (+ + 0 −)", "−1 (3 5)" (`fudge`: Fudge dice), or "+1" for a total alone. */
export function rollWords(roll, fudge) {
  const shown = roll.faces.map((f) => (fudge ? FACES.find((x) => x.value === f).symbol : String(f)));
  return `${signed(roll.total)}${shown.length ? ` (${shown.join(" ")})` : ""}`;
}

/** Do two sides hold the same roll (total and faces)? */
export function sameRoll(x, y) {
  return x.total === y.total && x.faces.every((f, i) => f === y.faces[i]);
}

// The declarations a player may make for their own character from the phone: the all-out and
// stance choices the rules in force offer (the view's `declare`, labelled by describe) and Fudge
// Points up to the character's own (as the form's field, at most 3). The engine checks them all
// again at Resolve (a stunned fighter's all-out, a stance in alternating rounds).
const DEFAULTS = { all_out: "none", stance: "normal", points: 0 };

/** The declarations the form wants of player characters now: [{field, cid, who, what, all_out,
 * stance, points, chosen, got}] — one per declarer who is a PC. `all_out`/`stance`: the choices
 * offered ([{value, label}]) or null; `points`: the most Fudge Points he may spend, or null;
 * `chosen`: what the form holds; `got`: the player's declaration in it, in words, or null. */
export function playerDeclares(view, describe, declarers, side) {
  const cards = new Map(view.combatants.map((c) => [c.id, c]));
  const out = [];
  for (const [who, c] of declarers) {
    const card = cards.get(c.id);
    if (card?.role !== "pc") continue;
    const all_out = view.declare?.all_out ? describe?.declare?.all_out ?? null : null;
    const stance = view.declare?.stance ? describe?.declare?.stance ?? null : null;
    const most = Math.min(3, card.fighter?.fudge_points ?? 0);
    const points = most > 0 ? most : null;
    if (!all_out && !stance && points === null) continue;
    const d = side(who).declares;
    const chosen = { all_out: d.all_out ?? DEFAULTS.all_out, stance: d.stance ?? DEFAULTS.stance, points: d.points ?? 0 };
    out.push({ field: `declare.${who}.${card.id}@${view.events}`, cid: card.id, who, what: `Declare for ${card.name}`,
      all_out, stance, points, chosen, got: declaredMark(side(who))?.text ?? null });
  }
  return out;
}

/** A player's declaration ({all_out, stance, points}, each optional) put into a declarer's side,
 * marked as the player's: "Brenna declares all-out attack". */
export function takePlayerDeclares(side, ask, declared, name) {
  const declares = { ...side.declares };
  for (const [key, value] of Object.entries(declared)) {
    if (value === DEFAULTS[key]) delete declares[key];
    else declares[key] = value;
  }
  const taken = Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, declares[k]]));
  return { ...side, declares, declaredBy: { name, taken, text: `${name} declares ${declareWords(ask, declares)}` } };
}

/** The player's mark on a side's declarations ({name, text}), while they are still the player's:
 * a declaration the GM changed afterwards is the GM's. */
export function declaredMark(side) {
  const by = side.declaredBy;
  if (!by) return null;
  return Object.keys(DEFAULTS).every((k) => side.declares[k] === by.taken[k]) ? by : null;
}

/** "all-out attack, defensive stance, 1 Fudge Point", or "nothing special" when none. */
function declareWords(ask, declares) {
  const label = (key) => ask[key]?.find((c) => c.value === declares[key])?.label ?? declares[key];
  const words = [];
  if (declares.all_out) words.push(label("all_out").toLowerCase());
  if (declares.stance) words.push(`${label("stance").toLowerCase()} stance`);
  if (declares.points) words.push(`${declares.points} Fudge Point${declares.points === 1 ? "" : "s"}`);
  return words.length ? words.join(", ") : "nothing special";
}

/** The players' marks on the form's declarations, above its declarations' fold. */
export function PlayerDeclared({ marks }) {
  if (!marks.length) return null;
  return html`${marks.map((m) => html`<p class="hint player-roll" key=${m.text} data-testid="player-declared" role="status">
    <bdi>${m.text}</bdi></p>`)}`;
}
