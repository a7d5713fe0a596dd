// Small pieces the screens share: number formatting, labels from the engine's `describe`,
// form fields. No rule lives here.
import { html } from "../../vendor/preact-htm.mjs";

/** "+2", "0", "−1" (a real minus sign). */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

export const FACES = [
  { value: -1, symbol: "−", name: "minus" },
  { value: 0, symbol: "0", name: "blank" },
  { value: 1, symbol: "+", name: "plus" },
];

/** The value of an option in the view's ruleset (its preset's default when not set). */
export function optionValue(view, describe, key) {
  const set = view.ruleset?.options?.[key];
  if (set !== undefined) return set;
  const option = describe?.options.find((o) => o.key === key);
  return option?.defaults?.[view.ruleset?.preset];
}

export function choiceLabel(describe, key, value) {
  const option = describe?.options.find((o) => o.key === key);
  return option?.choices?.find((c) => c.value === value)?.label ?? value;
}

export function ladderOptions(describe, selected) {
  return (describe?.ladder ?? []).map(({ value, name }) =>
    html`<option value=${value} selected=${value === selected}>${name} (${signed(value)})</option>`);
}

export function Field({ id, label, children, wide }) {
  return html`<div class=${wide ? "field wide" : "field"}><label for=${id}>${label}</label>${children}</div>`;
}

/** The label of `value` in an engine list of {value, label} choices. */
export function labelOf(choices, value) {
  return choices?.find((c) => c.value === value)?.label ?? value;
}

/** An engine label template with the fighters' names put in ("{a} attacks, {b} defends"). */
export function fillNames(template, a, b) {
  return template.replace("{a}", a).replace("{b}", b);
}
