// Who takes part in the round form's action: the mode, the first fighter and whom he faces,
// from what the user picked (remembered per encounter across reloads), else the view's suggested
// next pair. Foes only are offered against a fighter (his card's `foes`); one the engine would
// refuse in a role is passed over (his card's `unable`, F95 4.51, 4.62).
import { useState } from "../vendor/preact-htm.mjs";
import * as store from "./store.js";
import { unable } from "./round-draft.js";

/** The fighters `a` may face: his foes; with none on the other side, anyone else (sparring). */
export function facing(view, a) {
  const others = view.combatants.filter((c) => c.id !== a.id);
  const foes = others.filter((c) => (a.foes ? a.foes.includes(c.id) : c.side !== a.side));
  return foes.length ? foes : others;
}

/** [pick, setPick]: {form, a, b} as chosen, saved for this encounter on every change. */
export function useRememberedPick(id) {
  const [pick, setState] = useState(() => store.loadRoundPick(id) ?? { form: null, a: null, b: null });
  const setPick = (next) => {
    setState(next);
    store.saveRoundPick(id, next);
  };
  return [pick, setPick];
}

/** The form, kind and fighters the panel shows now. */
export function resolvePick(view, pick, chosenKind) {
  const cs = view.combatants;
  const forms = view.forms ?? ["exchange"];
  const form = forms.includes(pick.form) ? pick.form : forms[0];
  const kind = chosenKind ?? view.exchange_kind ?? "round";
  const role = view.roles?.[form === "exchange" ? `exchange.${kind}` : form] ?? "fighter";
  const next = view.next ?? {};
  const able = (id) => cs.find((c) => c.id === id && !unable(c, role));
  const a = able(pick.a) ?? able(next.a) ?? cs.find((c) => !unable(c, role)) ?? cs[0];
  const offered = facing(view, a);
  const among = (id) => offered.find((c) => c.id === id);
  const b = among(pick.b) ?? (next.a === a.id ? among(next.b) : null)
    ?? offered.find((c) => c.can_fight && !c.acted) ?? offered.find((c) => c.can_fight) ?? offered[0];
  return { form, kind, role, a, b, offered };
}
