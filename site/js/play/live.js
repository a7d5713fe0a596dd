// The player's side of the live table (play.html#join=<join code>): join the GM's hub with the
// code (js/live/link.js), show the answer for the GM to scan, then draw each view the GM's page
// sends. The messages (docs/live.md, "The player's page"):
//   GM → player  {kind: "view", n, seat, you, pcs, asks, declares, view}: a whole players' view,
//                numbered per seat; `asks`: the rolls the GM's round form wants of this player's
//                character; `declares`: the declarations it offers him
//   player → GM  {kind: "hello"} once open; {kind: "resync"} on a gap; {kind: "pick", id};
//                {kind: "roll", field, faces} (rolled here or at the table) or {kind: "roll", field, total};
//                {kind: "declare", field, all_out, stance, points} (the keys offered)
// A view is checked against the engine's published shape before it is drawn; one whose n is not
// above the last one shown is late and ignored; a gap asks for a fresh whole view.
//
// No camera here: a player opens the join link from the phone's camera app, pastes the code, or
// scans it before joining (scan-button.js, on a tap), so joining asks for no media permission.
// The GM's side asks for the camera, which makes its real address known; the player's side then
// connects from an mDNS name.
import { useEffect, useRef, useState } from "../../vendor/preact-htm.mjs";
import { join } from "../live/link.js";
import { misfit, describeMisfit } from "./shape.js";
import { VIEW_SHAPE } from "./snapshot.js";

// The wrapper the GM's page puts around a view (made there, not by the engine: so its shape lives
// here); the view inside is the engine's, checked against VIEW_SHAPE.
const PC = {
  type: "object", required: ["id", "name"], additionalProperties: false,
  properties: { id: VIEW_SHAPE.properties.combatants.items.properties.id,
    name: VIEW_SHAPE.properties.combatants.items.properties.name },
};
// A roll the GM's round form asks of this player's character: which (field, opaque), what for, the
// dice (`faces`: Fudge dice, else six-sided ones whose total the GM's engine reads), the totals a
// player may give, and what the GM got (`got`, in words) or why a roll was refused.
const text = (most, least = 0) => ({ type: "string", minLength: least, maxLength: most });
const whole = (low, high) => ({ type: "integer", minimum: low, maximum: high });
const ASK = {
  type: "object", required: ["field", "what", "dice", "count", "faces", "low", "high", "got", "refused"],
  additionalProperties: false,
  properties: { field: text(120, 1), what: text(200, 1), dice: text(24, 1), count: whole(1, 6), faces: { type: "boolean" },
    low: whole(-20, 20), high: whole(-20, 20), got: { type: ["string", "null"], maxLength: 60 },
    refused: { type: ["string", "null"], maxLength: 400 } },
};
// A declaration the GM's round form offers this player's character: the all-out and stance choices
// (null: not offered), the most Fudge Points he may spend (null: none), what the form holds now,
// the player's declaration in it (`got`, in words) or why one was refused.
const CHOICES = { type: ["array", "null"], maxItems: 8, items: { type: "object", required: ["value", "label"],
  additionalProperties: false, properties: { value: text(24, 1), label: text(60, 1) } } };
const DECLARE = {
  type: "object", required: ["field", "what", "all_out", "stance", "points", "chosen", "got", "refused"],
  additionalProperties: false,
  properties: { field: text(120, 1), what: text(200, 1), all_out: CHOICES, stance: CHOICES,
    points: { type: ["integer", "null"], minimum: 1, maximum: 3 },
    chosen: { type: "object", required: ["all_out", "stance", "points"], additionalProperties: false,
      // The GM's form takes any number typed (the engine refuses one out of bounds at Resolve).
      properties: { all_out: text(24, 1), stance: text(24, 1), points: { type: "number", minimum: -99, maximum: 99 } } },
    got: { type: ["string", "null"], maxLength: 200 }, refused: { type: ["string", "null"], maxLength: 400 } },
};
export const VIEW_MESSAGE = {
  // `declares` came after `asks`: a GM's page of a build before it sends none (nothing offered).
  type: "object", required: ["kind", "n", "seat", "you", "pcs", "asks", "view"], additionalProperties: false,
  properties: {
    kind: { enum: ["view"] },
    n: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    seat: { type: "string", minLength: 1, maxLength: 64 },
    you: { type: ["string", "null"], maxLength: 16 },
    pcs: { type: "array", items: PC, maxItems: VIEW_SHAPE.properties.combatants.maxItems },
    asks: { type: "array", items: ASK, maxItems: 4 },
    declares: { type: "array", items: DECLARE, maxItems: 4 },
    view: VIEW_SHAPE,
  },
};

/** What the live page shows: {step, answer, error, view, you, pcs, seat, note, dropped}.
 * step: "joining" (making the answer) → "answer" (shown, waiting for the GM) → "connected";
 * "dropped" when the link is lost; "failed" when the code cannot be used. */
export function useLiveTable(code) {
  const [state, setState] = useState({ step: "joining" });
  const linkRef = useRef(null);
  useEffect(() => {
    let current = true;
    let last = null; // the n of the last view shown on this link
    setState({ step: "joining" });
    const update = (change) => current && setState((s) => ({ ...s, ...change }));
    join(code).then(({ link, code: answer }) => {
      if (!current) return link.close();
      linkRef.current = link;
      update({ step: "answer", answer });
      link.addEventListener("open", () => {
        link.send({ kind: "hello" });
        update({ step: "connected" });
      });
      link.addEventListener("drop", (e) => update({ step: "dropped", dropped: e.detail.message }));
      link.addEventListener("message", ({ detail: { message } }) => {
        if (message?.kind !== "view") {
          console.warn("pyfudge live: a message of an unknown kind was ignored", message?.kind);
          return;
        }
        const found = misfit(message, VIEW_MESSAGE);
        if (found) {
          update({ note: `The GM's screen sent a view this page cannot read, so the last one stays. ${describeMisfit(found)}` });
          return;
        }
        if (last !== null && message.n <= last) return; // late: a newer view is already shown
        if (last !== null && message.n > last + 1) link.send({ kind: "resync" }); // one was lost
        last = message.n;
        update({ n: message.n, view: message.view, you: message.you, pcs: message.pcs, asks: message.asks,
          declares: message.declares, seat: message.seat, note: null });
      });
    }, (err) => update({ step: "failed", error: err.message ?? String(err) }));
    return () => {
      current = false;
      linkRef.current?.close();
      linkRef.current = null;
    };
  }, [code]);
  const open = () => linkRef.current?.state === "open";
  const pick = (id) => open() && linkRef.current.send({ kind: "pick", id });
  /** Send the GM a roll for `field`: {faces} or {total}; false when the link is not open. */
  const roll = (field, dice) => open() && (linkRef.current.send({ kind: "roll", field, ...dice }), true);
  /** Send the GM a declaration for `field` ({all_out, stance, points}: the keys offered); false
   * when the link is not open. */
  const declare = (field, declared) => open() && (linkRef.current.send({ kind: "declare", field, ...declared }), true);
  return { ...state, pick, roll, declare };
}

/** Keep the screen on while `on` (Screen Wake Lock, where the browser has it): a locked screen
 * would drop the link. The browser releases the lock when the page is hidden; it is asked for
 * again when the page shows. */
export function useWakeLock(on) {
  useEffect(() => {
    if (!on || !navigator.wakeLock) return undefined;
    let lock = null;
    let active = true;
    const request = () => {
      if (!active || document.visibilityState !== "visible" || (lock && !lock.released)) return;
      navigator.wakeLock.request("screen").then((got) => {
        if (active) lock = got;
        else got.release();
      }, () => {}); // refused (battery saver, no user gesture yet): the page works all the same
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      active = false;
      document.removeEventListener("visibilitychange", request);
      lock?.release().catch(() => {});
    };
  }, [on]);
}

/** `count` dice rolled with the platform's cryptographic random source: Fudge dice (−1, 0, +1)
 * or, `fudge` false, six-sided ones (1–6). Each byte past the largest multiple of the faces is
 * drawn again, so every face is as likely as the others. */
export function rollDice(count, fudge) {
  const sides = fudge ? 3 : 6;
  const out = [];
  const byte = new Uint8Array(1);
  while (out.length < count) {
    crypto.getRandomValues(byte);
    if (byte[0] >= 256 - (256 % sides)) continue;
    out.push(fudge ? (byte[0] % 3) - 1 : (byte[0] % 6) + 1);
  }
  return out;
}
