// What the round form asks for in each mode, from the view alone: who rolls (one compact dice
// row each), who may take a blow and so make checks, and the names of those checks. Pure.
import { rolls } from "./round-draft.js";

const needsChecks = (card) => Object.values(card.inputs ?? {}).some(Boolean);

/** {rollers: [{who, c, legend, count, low, high, fudge, group}], struck: [[who, card]], checkNames}
 *  for the form's state `r` = {form, a, b, foes, gmRoll, foesFixed, shot, story}; a roller whose
 *  `c` is null rolls no dice (his `legend` says why). */
export function planRound(view, r) {
  const { form, a, b, foes } = r;
  const rd = view.roll_dice ?? { count: 4, faces: true, low: -4, high: 4 };
  const roller = (who, c, extra = {}) => ({ who, c, count: rd.count, low: rd.low, high: rd.high, fudge: rd.faces, ...extra });
  const rollers = [];
  if (form === "exchange") {
    for (const [who, c, other] of [["a", a, b], ["b", b, a]]) {
      rollers.push(rolls(view, c.id, other.id) ? roller(who, c)
        : roller(who, null, { legend: `${c.name} scores her trait level (F95 4.33): no dice.` }));
    }
  } else if (form === "group") {
    const n = view.group_roll?.count ?? 2;
    rollers.push(roller("a", a));
    // The GM's one roll for all the foes is Fudge dice whatever the technique (F95 4.34).
    if (r.gmRoll && !r.foesFixed) {
      rollers.push(roller("gm", { name: "the GM" }, { legend: "GM's group roll", count: n, low: -n, high: n, fudge: true, group: true }));
    } else if (!r.foesFixed) foes.forEach((f) => rollers.push(roller(`f-${f.id}`, f)));
  } else if (form === "ranged") {
    rollers.push(roller("a", a));
    if (r.shot.mode !== "unaware") rollers.push(roller("b", b));
  } else {
    (r.story.three ? ["s1", "s2", "s3"] : ["s1"]).forEach((k, i) => rollers.push(r.story.three
      ? roller(k, { name: `${a.name} (roll ${i + 1})` }, { legend: `${a.name}'s roll ${i + 1}` }) : roller(k, a)));
  }
  const struck = { exchange: [["a", a], ["b", b]], group: [["a", a], ...foes.map((f) => [`f-${f.id}`, f])],
    ranged: [["a", a], ["b", b]], story: [] }[form].filter(([, c]) => needsChecks(c));
  const labels = view.check_labels ?? {};
  const checkNames = Object.keys(labels).filter((k) => struck.some(([, c]) => c.inputs[k])).map((k) => labels[k]);
  return { rollers, struck, checkNames };
}
