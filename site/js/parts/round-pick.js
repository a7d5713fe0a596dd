// Who takes part in the round form's action: the mode, the first fighter and whom he faces,
// from what the user picked (remembered per encounter across reloads), else the view's suggested
// next pair. Foes only are offered against a fighter (his card's `foes`); one the engine would
// refuse in a role is passed over (his card's `unable`, F95 4.51, 4.62).
import { html, useState } from "../../vendor/preact-htm.mjs";
import * as prefsStore from "../data/prefs-store.js";
import { Field, labelOf, fillNames } from "./ui.js";
import { unable } from "./round-draft.js";

/** The fighters `a` may face: his foes; with none on the other side, anyone else (sparring). */
export function facing(view, a) {
  const others = view.combatants.filter((c) => c.id !== a.id);
  const foes = others.filter((c) => (a.foes ? a.foes.includes(c.id) : c.side !== a.side));
  return foes.length ? foes : others;
}

/** [pick, setPick]: {form, a, b} as chosen, saved for this encounter on every change. */
export function useRememberedPick(id) {
  const [pick, setState] = useState(() => prefsStore.loadRoundPick(id) ?? { form: null, a: null, b: null });
  const setPick = (next) => {
    setState(next);
    prefsStore.saveRoundPick(id, next);
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

/** What happens and who: the mode, the exchange's kind, the first fighter, whom he faces. A
 *  fighter the engine would refuse in the role is shown disabled with the reason (the roster's
 *  ✓ says who has acted this round). */
export function PickRow({ view, labels, form, kind, role, a, b, offered, onForm, onA, onB }) {
  const forms = view.forms ?? ["exchange"];
  const options = (list, selected, r) => list.map((c) => {
    const why = unable(c, r);
    return html`<option value=${c.id} selected=${c.id === selected} disabled=${!!why}>${why ? `${c.name} (${why})` : c.name}</option>`;
  });
  const first = { exchange: "Fighter", group: "Lone fighter", ranged: "Shooter", story: "Fighter" }[form];
  // One list for what happens: the two kinds of exchange ("exchange" the pacing's own kind,
  // F95 4.23), several foes, ranged fire, a story element.
  const fallback = view.exchange_kind ?? "round";
  const modes = forms.flatMap((f) => (f !== "exchange" ? [{ value: f, label: labelOf(labels.forms, f) }]
    : (labels.exchange_kinds ?? [{ value: fallback, label: labelOf(labels.forms, f) }])
      .map((k) => ({ value: k.value === fallback ? "exchange" : `exchange:${k.value}`, label: fillNames(k.label, a.name, b.name) }))
      .sort((x, y) => (x.value === "exchange" ? -1 : y.value === "exchange" ? 1 : 0))));
  const current = form === "exchange" && kind !== fallback ? `exchange:${kind}` : form;
  return html`
    <div class="pick-row">
      <${Field} id="ex-form" label="What happens" wide>
        <select id="ex-form" onChange=${(e) => { const [f, k] = e.currentTarget.value.split(":"); onForm(f, k ?? null); }}>
          ${modes.map((m) => html`<option value=${m.value} selected=${m.value === current}>${m.label}</option>`)}
        </select></${Field}>
      <${Field} id="ex-a" label=${first}><select id="ex-a" onChange=${(e) => onA(e.currentTarget.value)}>${options(view.combatants, a.id, role)}</select></${Field}>
      ${(form === "exchange" || form === "ranged") && html`
        <${Field} id="ex-b" label=${form === "ranged" ? "Target" : "Against"}><select id="ex-b" onChange=${(e) => onB(e.currentTarget.value)}>${options(offered, b.id)}</select></${Field}>`}
    </div>`;
}
