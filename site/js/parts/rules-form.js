// The encounter's rules: preset and options, generated from the engine's `describe`. A preset or
// option takes effect when chosen (one rules event, which Undo takes back), so the round offers
// what the new rules offer at once; a table's edits, typed over many fields, take effect with
// "Use these rules". Tables are edited in the generic editor built from their shapes
// (`describe.tables`).
import { html, useRef, useState } from "../../vendor/preact-htm.mjs";
import { TableEditor, errorPath } from "./table-editor.js";
import { Fold } from "./fold.js";

// --- rules ----------------------------------------------------------------------------------------

export function RulesForm({ view, describe, apply }) {
  // The ruleset "Rules changed." speaks of: after an Undo or another tab's change it is not shown.
  const [saved, setSaved] = useState(null);
  // The fields start again with a ruleset they did not send (an Undo, another tab), not with
  // their own change: what is typed meanwhile, the folds opened and the focus stay.
  const sending = useRef(0);
  const fields = useRef({ ruleset: null, key: 0 });
  if (!describe) return null;
  const ruleset = JSON.stringify(view.ruleset);
  if (fields.current.ruleset !== ruleset) {
    fields.current = { ruleset, key: fields.current.key + (sending.current > 0 ? 0 : 1) };
  }
  const changed = Object.keys(view.ruleset.options ?? {}).length;
  const presetLabel = describe.presets.find((p) => p.key === view.ruleset.preset)?.label ?? view.ruleset.preset;
  return html`
    <${Fold} class="card" id="rules"
      summary=${`Rules: ${presetLabel}${changed ? `, ${changed} option${changed > 1 ? "s" : ""} changed` : ""}`}>
      <${RulesFields} key=${fields.current.key} view=${view} describe=${describe} apply=${apply}
        saved=${saved === ruleset} setSaved=${setSaved} sending=${sending} />
    </${Fold}>`;
}

// The form's choices start from the encounter's ruleset and start again whenever another hand
// changes it (keyed): an Undo, a Redo or another tab must not leave an undone option here to re-apply.
function RulesFields({ view, describe, apply, saved, setSaved, sending }) {
  const [preset, setPreset] = useState(view.ruleset.preset);
  const [options, setOptions] = useState(view.ruleset.options ?? {});
  const [error, setError] = useState(null);
  const groups = [];
  for (const o of describe.options) {
    if (o.kind === "table" && !describe.tables?.[o.key]) continue; // a describe saved by an older build
    let g = groups.find((x) => x.name === o.group);
    if (!g) groups.push((g = { name: o.group, options: [] }));
    g.options.push(o);
  }
  const value = (o) => options[o.key] ?? o.defaults[preset];
  const set = (o, v) => {
    const next = { ...options };
    if (JSON.stringify(v) === JSON.stringify(o.defaults[preset])) delete next[o.key];
    else next[o.key] = v;
    setOptions(next);
    setSaved(null);
    return next;
  };
  // A choice, a box or a number takes effect at once (a table waits for its button).
  const now = (o, v) => use(preset, set(o, v));
  const id = (o) => `opt-${o.key.replace(/\W/g, "-")}`;
  const control = (o) => {
    if (o.kind === "choice") {
      return html`<select id=${id(o)} onChange=${(e) => now(o, e.currentTarget.value)}>
        ${o.choices.map((c) => html`<option value=${c.value} selected=${c.value === value(o)}>${c.label}</option>`)}</select>`;
    }
    if (o.kind === "bool") {
      return html`<input id=${id(o)} type="checkbox" checked=${!!value(o)} onChange=${(e) => now(o, e.currentTarget.checked)} />`;
    }
    return html`<input id=${id(o)} type="number" inputmode="numeric" value=${value(o)}
      onInput=${(e) => e.currentTarget.value !== "" && set(o, Number(e.currentTarget.value))}
      onChange=${(e) => e.currentTarget.value !== "" && now(o, Number(e.currentTarget.value))} />`;
  };
  async function use(nextPreset, nextOptions) {
    // The rules in force again: no event. Each change sends the whole form, so changes made
    // while an earlier one is on its way land in order, none lost.
    if (nextPreset === view.ruleset.preset && JSON.stringify(nextOptions) === JSON.stringify(view.ruleset.options ?? {})) return;
    sending.current += 1;
    // Counted down after the new view's render (a task after the reply), so that render is known as ours.
    const response = await apply({ t: "rules", ruleset: { preset: nextPreset, options: nextOptions } })
      .finally(() => setTimeout(() => { sending.current -= 1; }));
    setError(response.ok ? null : { message: response.error.message, path: errorPath(response.error.field) });
    setSaved(response.ok ? JSON.stringify(response.result.view.ruleset) : null);
  }
  function submit(e) {
    e.preventDefault();
    use(preset, options);
  }
  const label = (o) => html`<label for=${id(o)}>${o.label} <span class="sec">${o.section}</span></label>`;
  const option = (o) => {
    if (o.kind === "table") {
      const mine = error?.path && (error.path === o.key || error.path.startsWith(`${o.key}[`)
        || error.path.startsWith(`${o.key}.`)) ? error : null;
      return html`<${TableOption} key=${o.key} o=${o} error=${mine}>
        <${TableEditor} option=${o} shape=${describe.tables[o.key]} value=${value(o)} set=${(v) => set(o, v)} error=${mine} />
      </${TableOption}>`;
    }
    return html`<div class=${o.kind === "bool" ? "field check" : "field"} key=${o.key}>
      ${o.kind === "bool" ? [control(o), label(o)] : [label(o), control(o)]}</div>`;
  };
  return html`
    <form class="rules-form" onSubmit=${submit}>
      <p class="hint">A rule takes effect when chosen (Undo takes it back); a table's edits, with Use these rules.</p>
      <div class="field">
        <label for="rules-preset">Preset</label>
        <select id="rules-preset" onChange=${(e) => { setPreset(e.currentTarget.value); setSaved(null); use(e.currentTarget.value, options); }}>
          ${describe.presets.map((p) => html`<option value=${p.key} selected=${p.key === preset}>${p.label}</option>`)}
        </select>
      </div>
      ${groups.map((g) => html`
        <fieldset key=${g.name} class="group">
          <legend>${g.name}</legend>
          ${g.options.map(option)}
        </fieldset>`)}
      ${error && html`<p class="error" role="alert">${error.message}</p>`}
      ${saved && html`<p class="hint" role="status">Rules changed.</p>`}
      <button type="submit" class="primary">Use these rules</button>
    </form>`;
}

// A table folds away under its name (a button, not a <summary>: the rules form is itself a
// <details>); it opens itself when the engine's error is in it.
function TableOption({ o, error, children }) {
  const [open, setOpen] = useState(false);
  const shown = open || !!error;
  const panel = `tbl-panel-${o.key.replace(/\W/g, "-")}`;
  return html`
    <div class="table-option" data-key=${o.key}>
      <button type="button" class="fold" aria-expanded=${shown ? "true" : "false"} aria-controls=${panel}
        onClick=${() => setOpen(!shown)}>${o.label} <span class="sec">${o.section}</span></button>
      ${shown && html`<div id=${panel} class="tbl-panel">
        ${o.help && html`<p class="hint">${o.help}</p>`}
        ${children}</div>`}
    </div>`;
}
