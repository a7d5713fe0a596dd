// A fighter's declaration for the round (folded): skill, all-out (F95 4.31), stance (F95 4.32),
// the GM's modifier, Fudge Points, a called shot (F95 4.31, 4.35; MUD 4.35), a pulled punch, and
// the round's flags. What may be declared comes from the view's `declare` and describe.
import { html } from "../vendor/preact-htm.mjs";
import { Field, ladderOptions } from "./ui.js";

export function Declare({ who, label, describe, view, card, side, setSide }) {
  const d = side.declares;
  const set = (k, v) => {
    const declares = { ...d };
    if (v === "" || v === false || v === null || v === undefined || v === "none" || v === "normal" || v === 0) delete declares[k];
    else declares[k] = v;
    setSide({ ...side, declares });
  };
  const id = (k) => `decl-${who}-${k}`;
  const select = (k, label) => html`<${Field} id=${id(k)} label=${label}>
    <select id=${id(k)} onChange=${(e) => set(k, e.currentTarget.value)}>
      ${(describe?.declare?.[k] ?? []).map((c) => html`<option value=${c.value} selected=${(d[k] ?? (k === "stance" ? "normal" : "none")) === c.value}>${c.label}</option>`)}
    </select></${Field}>`;
  const check = (k, text) => html`<div class="field check">
    <input id=${id(k)} type="checkbox" checked=${!!d[k]} onChange=${(e) => set(k, e.currentTarget.checked)} />
    <label for=${id(k)}>${text}</label></div>`;
  const number = (k, text, min, max) => html`<${Field} id=${id(k)} label=${text}>
    <input id=${id(k)} type="number" inputmode="numeric" min=${min} max=${max} value=${d[k] ?? ""}
      onInput=${(e) => set(k, e.currentTarget.value === "" ? null : Number(e.currentTarget.value))} /></${Field}>`;
  const skills = Object.keys(card?.fighter?.skills ?? {});
  // MUD 4.35's table names the parts; elsewhere the GM names any part (F95 4.31, 4.35).
  const parts = view.declare?.parts ?? [];
  return html`
    <details class="declare">
      <summary>Declare for <bdi>${label}</bdi></summary>
      <div class="sheet-form">
        ${skills.length > 1 && html`<${Field} id=${id("skill")} label="Skill used">
          <select id=${id("skill")} onChange=${(e) => set("skill", e.currentTarget.value === skills[0] ? null : e.currentTarget.value)}>
            ${skills.map((s) => html`<option value=${s} selected=${(d.skill ?? skills[0]) === s}>${s}</option>`)}
          </select></${Field}>`}
        ${view.declare?.all_out && select("all_out", "All-out")}
        ${view.declare?.stance && select("stance", "Stance")}
        <${Field} id=${id("mod")} label="Other modifier">
          <input id=${id("mod")} type="number" inputmode="numeric" min="-10" max="10"
            value=${d.modifiers?.[0]?.amount ?? ""}
            onInput=${(e) => set("modifiers", e.currentTarget.value === "" || Number(e.currentTarget.value) === 0 ? null
              : [{ source: "GM's modifier", amount: Number(e.currentTarget.value) }])} /></${Field}>
        ${number("points", "Fudge Points spent", 0, 3)}
        <${Field} id=${id("aim")} label="Aim at (body part)">
          <input id=${id("aim")} list=${id("parts")} autocomplete="off" value=${d.aim ?? ""}
            onInput=${(e) => set("aim", e.currentTarget.value.trim() || null)} />
          <datalist id=${id("parts")}>${parts.map((p) => html`<option value=${p} />`)}</datalist></${Field}>
        ${d.aim && html`<${Field} id=${id("aim_minimum")} label="Result needed to hit it">
          <select id=${id("aim_minimum")} onChange=${(e) => set("aim_minimum", e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}>
            <option value="" selected=${d.aim_minimum === undefined}>none</option>
            ${ladderOptions(describe, d.aim_minimum)}
          </select></${Field}>`}
        ${d.aim && view.declare?.aim_relative && number("aim_relative", "Relative degree needed", 1, 10)}
        <${Field} id=${id("max_level")} label="Pulled punch: at most">
          <select id=${id("max_level")} onChange=${(e) => set("max_level", e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}>
            <option value="" selected=${d.max_level === undefined}>full blow</option>
            ${(describe?.wound_levels ?? []).filter((w) => w.value > 0).map((w) =>
              html`<option value=${w.value} selected=${d.max_level === w.value}>${w.name}</option>`)}
          </select></${Field}>
        ${check("scouting", "Scouting roll made")}
        ${check("stun", "Strike to stun")}
        ${check("defend_only", "Only defends")}
        ${check("unaware", "Unaware")}
      </div>
    </details>`;
}
