// The round form and the players at a live table (data/live-table.js): which rolls the form wants
// of player characters, as the players' phones are asked them, and a player's roll put into the
// form marked as theirs ("Brenna rolled +2 (+ + 0 −)"). Which dice, how many and which totals come
// from the view's roll_dice; the roll itself was read by the engine (`roll`) before it gets here.
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
