// The app's dice for the round form: every roll is the engine's `roll` (the ruleset's technique
// for a combat roll, Fudge dice for the GM's group roll, F95 4.34, the view's damage dice, 3d6 for
// Min-Mid-Max, F95 4.63); the faces land in the form, as if entered, so Resolve reads them like
// physical dice and the log keeps them.
import { useRef, useState } from "../../vendor/preact-htm.mjs";
import { rollOf } from "./round-draft.js";

const asFaces = (result) => [...result.faces, null, null, null, null].slice(0, 4);

export function useRoller({ engine, ruleset, fudge, damage, groupCount, update, setError }) {
  const [busy, setBusy] = useState(null);
  const flying = useRef(null); // Roll all's dice on their way, as a promise (a ref: seen in the same tap's task)
  const fudgeDice = (n) => engine.request("roll", { ruleset, dice: n });
  const damageDice = () => engine.request("roll", { ruleset, ...(damage.d6 ? { d6: damage.count } : { dice: damage.count }) });

  /** One roller's dice (and his damage dice with `withDamage`), as a change to his side: Fudge
   *  dice land as faces, the 2d6 ways as the total they read as (the view's roll_dice.faces). */
  async function rollFor({ group, fudge }, withDamage) {
    const [main, dmg, graze] = await Promise.all([
      group ? fudgeDice(groupCount) : engine.request("roll", { ruleset }),
      withDamage ? damageDice() : null,
      withDamage && damage.graze ? fudgeDice(damage.graze) : null,
    ]);
    const failed = [main, dmg, graze].find((r) => r && !r.ok);
    if (failed) throw new Error(failed.error.message);
    return (prev) => {
      const next = { ...prev };
      if (fudge) {
        next.faces = asFaces(main.result);
        next.total = "";
      } else next.total = String(main.result.total);
      if (dmg) next.damage = asFaces(dmg.result);
      if (graze) next.graze = asFaces(graze.result);
      return next;
    };
  }

  /** A fighter's shield check (the ruleset's technique, CO 2.2) and damage checks (4dF each, CO 4.3). */
  async function checksFor(card, many, fudge) {
    const [shieldRoll, ...checks] = await Promise.all([
      card.inputs.shield ? engine.request("roll", { ruleset }) : null,
      ...(card.inputs.damage_check ? [...Array(many).keys()].map(() => fudgeDice(4)) : []),
    ]);
    const failed = [shieldRoll, ...checks].find((r) => r && !r.ok);
    if (failed) throw new Error(failed.error.message);
    return (prev) => {
      const next = { ...prev };
      if (shieldRoll) {
        if (fudge) { next.shield = asFaces(shieldRoll.result); next.shieldTotal = ""; }
        else next.shieldTotal = String(shieldRoll.result.total);
      }
      if (checks.length) next.checks = checks.map((c) => c.result.faces);
      return next;
    };
  }

  /** The task's answer, or null after its error is shown. */
  async function run(label, task) {
    setBusy(label);
    try {
      const answer = await task();
      setError(null);
      return answer;
    } catch (err) {
      setError({ message: err.message, who: null, input: null });
      return null;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    one: (r, withDamage) => run(r.who, async () => update(r.who, await rollFor(r, withDamage))),
    checks: (who, card, many) => run(`checks-${who}`, async () => update(who, await checksFor(card, many, fudge))),
    /** Every die of the round at once: each roller's (with damage dice), then the checks of
     *  each who may be struck (`checks`: [who, card, wounds]). */
    all: (rollers, withDamage, checks) => {
      const rolling = run("all", async () => {
        const changes = await Promise.all([
          ...rollers.map((r) => rollFor(r, withDamage && !r.group).then((f) => [r.who, f])),
          ...checks.map(([who, card, many]) => checksFor(card, many, fudge).then((f) => [who, f])),
        ]);
        for (const [who, change] of changes) update(who, change);
      }).finally(() => { if (flying.current === rolling) flying.current = null; });
      flying.current = rolling;
      return rolling;
    },
    /** Roll all's dice still on their way (a promise), or null. */
    landing: () => flying.current,
    /** Alternating turns: who attacks first (F95 4.23), with the dice entered (`side(who)`'s
     *  roll) or, with `own`, its own dice rolled here: not the exchange's. The engine decides. */
    initiative: (apply, a, b, side, own) => run("initiative", async () => {
      // Each fighter's roll, and a hasty attack declared for it (+1 to initiative, F95 4.23).
      const event = { t: "initiative", a: a.id, b: b.id };
      const rolled = own ? await Promise.all([engine.request("roll", { ruleset }), engine.request("roll", { ruleset })]) : null;
      const failed = rolled?.find((r) => !r.ok);
      if (failed) throw new Error(failed.error.message);
      ["a", "b"].forEach((who, i) => {
        const roll = rolled ? (fudge ? { faces: rolled[i].result.faces } : { total: rolled[i].result.total }) : rollOf(side(who));
        if (roll) event[`${who}_dice`] = { roll };
        if (side(who).declares.hasty) event[`${who}_declares`] = { hasty: true };
      });
      const response = await apply(event, { shown: true });
      if (!response.ok) throw new Error(response.error.message);
      return response.result.view.last.first;
    }),
  };
}
