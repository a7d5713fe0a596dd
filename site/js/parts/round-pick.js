// Who takes part in the round form's action: the mode, the first fighter and whom he faces,
// from what the user picked for this action (remembered per encounter across reloads), else the
// view's suggested next pair in the mode his card `starts_in` (ranged fire for a bow). Foes only
// are offered against a fighter (his card's `foes`); one the engine would refuse in a role is
// passed over (his card's `unable`, F95 4.51, 4.62); the fallen (`can_fight` false) are left
// out of the pickers until asked for.
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
  const next = view.next ?? {};
  // The mode picked for this action, else the one the engine says the first fighter starts in.
  const first = cs.find((c) => c.id === (pick.a ?? next.a));
  const form = [pick.form, first?.starts_in, next.form].find((f) => forms.includes(f)) ?? forms[0];
  const kind = chosenKind ?? view.exchange_kind ?? "round";
  const role = view.roles?.[form === "exchange" ? `exchange.${kind}` : form] ?? "fighter";
  const able = (id) => cs.find((c) => c.id === id && !unable(c, role));
  // Several foes start on the one of the suggested pair they outnumber (the view's `lone`).
  const a = able(pick.a) ?? (form === "group" ? able(next.lone) : null) ?? able(next.a)
    ?? cs.find((c) => !unable(c, role)) ?? cs[0];
  const offered = facing(view, a);
  const among = (id) => offered.find((c) => c.id === id);
  const b = among(pick.b) ?? (next.a === a.id ? among(next.b) : null)
    ?? offered.find((c) => c.can_fight && !c.acted) ?? offered.find((c) => c.can_fight) ?? offered[0];
  return { form, kind, role, a, b, offered };
}

// "What happens" also switches the pacing (F95 4.2) where the GM is: initiative exists only under
// alternating turns (F95 4.23). A choice there is a `rules` event, as the rules form sends it.
const RULES = "rules";

/** The pacing option as describe gives it (its choices and their labels), or undefined. */
export const pacingOption = (describe) => describe?.options?.find((o) => o.key === "melee.pacing");

/** The `rules` event that puts the pacing `value` in force, the ruleset's other options kept. */
export function pacingEvent(view, option, value) {
  const { preset, options = {} } = view.ruleset;
  const { [option.key]: _, ...rest } = options;
  return { t: "rules", ruleset: { preset, options: value === option.defaults[preset] ? rest : { ...rest, [option.key]: value } } };
}

/** The fallen: fighters who cannot act (the view's `can_fight`). */
export const fallen = (list) => list.filter((c) => !c.can_fight);

const SHOW_FALLEN = "show-fallen";

/** What happens and who: the mode (`onForm(form, kind, lone)`: several foes may name their lone
 *  fighter), the exchange's kind, the first fighter, whom he faces. A fighter the engine would
 *  refuse in the role is shown disabled with the reason (the roster's ✓ says who has acted this
 *  round); the fallen only once asked for (the list's last choice). */
export function PickRow({ view, labels, pacing, form, kind, role, a, b, offered, onForm, onPacing, onA, onB, showFallen, onShowFallen }) {
  const forms = view.forms ?? ["exchange"];
  const options = (list, selected, r) => {
    const down = fallen(list).filter((c) => c.id !== selected);
    const shown = showFallen ? list : list.filter((c) => !down.includes(c));
    return [...shown.map((c) => {
      const why = unable(c, r);
      return html`<option value=${c.id} selected=${c.id === selected} disabled=${!!why}>${why ? `${c.name} (${why})` : c.name}</option>`;
    }), !showFallen && down.length > 0 && html`<option value=${SHOW_FALLEN}>Show the ${down.length} fallen</option>`];
  };
  const pickOf = (set) => (e) => (e.currentTarget.value === SHOW_FALLEN ? onShowFallen() : set(e.currentTarget.value));
  const first = { exchange: "Fighter", group: "Lone fighter", ranged: "Shooter", story: "Fighter" }[form];
  // One list for what happens: the two kinds of exchange ("exchange" the pacing's own kind,
  // F95 4.23), several foes, ranged fire, a story element; then the pacing's other choices.
  // Several foes by name, one choice on each outnumbered fighter (the view's `groups`); the
  // plain choice, the lone fighter picked below, where no one is or another one is picked.
  const fallback = view.exchange_kind ?? "round";
  const groups = view.groups ?? [];
  const named = form === "group" && groups.some((g) => g.id === a.id);
  const modes = forms.flatMap((f) => (f === "group" ? [
    ...groups.map((g) => ({ value: `group:${g.id}`, label: g.label })),
    ...(groups.length && (form !== "group" || named) ? [] : [{ value: f, label: labelOf(labels.forms, f) }])]
    : f !== "exchange" ? [{ value: f, label: labelOf(labels.forms, f) }]
    : (labels.exchange_kinds ?? [{ value: fallback, label: labelOf(labels.forms, f) }])
      .map((k) => ({ value: k.value === fallback ? "exchange" : `exchange:${k.value}`, label: fillNames(k.label, a.name, b.name) }))
      .sort((x, y) => (x.value === "exchange" ? -1 : y.value === "exchange" ? 1 : 0))));
  const current = form === "exchange" && kind !== fallback ? `exchange:${kind}` : named ? `group:${a.id}` : form;
  return html`
    <div class="pick-row">
      <${Field} id="ex-form" label="What happens" wide>
        <select id="ex-form" value=${current} onChange=${(e) => { const [f, k] = e.currentTarget.value.split(":"); if (f === RULES) onPacing(k); else if (f === "group") onForm(f, null, k ?? null); else onForm(f, k ?? null); }}>
          ${modes.map((m) => html`<option value=${m.value} selected=${m.value === current}>${m.label}</option>`)}
          ${pacing && html`<optgroup label=${`${pacing.label}, from now on`}>
            ${pacing.choices.filter((c) => c.value !== view.pacing).map((c) => html`<option value=${`${RULES}:${c.value}`}>${c.label}</option>`)}
          </optgroup>`}
        </select></${Field}>
      <${Field} id="ex-a" label=${first}><select id="ex-a" value=${a.id} onChange=${pickOf(onA)}>${options(view.combatants, a.id, role)}</select></${Field}>
      ${(form === "exchange" || form === "ranged") && html`
        <${Field} id="ex-b" label=${form === "ranged" ? "Target" : "Against"}><select id="ex-b" value=${b.id} onChange=${pickOf(onB)}>${options(offered, b.id)}</select></${Field}>`}
    </div>`;
}
