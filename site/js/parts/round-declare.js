// The common declarations one tap from the round (QuickDeclare: all-out, stance, a Fudge Point),
// and a fighter's whole declaration for the round (folded): skill, all-out (F95 4.31), stance (F95 4.32),
// the GM's modifier, Fudge Points, a called shot (F95 4.31, 4.35; MUD 4.35), a pulled punch, and
// the round's flags, and what `describe.inputs` adds where the view offers it. What may be declared
// comes from the view's `declare` and describe.
import { html } from "../../vendor/preact-htm.mjs";
import { Field, ladderOptions, signed } from "./ui.js";
import { Fold } from "./fold.js";

export function Declare({ who, label, describe, view, card, side, setSide, events = [] }) {
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
    <label for=${id(k)}>${text}<span class="visually-hidden"> (${label})</span></label></div>`;
  const number = (k, text, min, max) => html`<${Field} id=${id(k)} label=${text}>
    <input id=${id(k)} type="number" inputmode="numeric" min=${min} max=${max} value=${d[k] ?? ""}
      onInput=${(e) => set(k, e.currentTarget.value === "" ? null : Number(e.currentTarget.value))} /></${Field}>`;
  const skills = Object.keys(card?.fighter?.skills ?? {});
  // MUD 4.35's table names the parts; elsewhere the GM names any part (F95 4.31, 4.35).
  const parts = view.declare?.parts ?? [];
  return html`
    <${Fold} class="declare" summary=${html`Declare for <bdi>${label}</bdi>`}>
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
        ${view.declare?.scouting && check("scouting", "Scouting roll made")}
        ${check("stun", "Strike to stun")}
        ${check("defend_only", "Only defends")}
        ${check("unaware", "Unaware")}
        ${offeredInputs(describe, view, events, who).map((input) => html`<${RuleInput} key=${input.key} input=${input}
          id=${id(input.key)} name=${label} describe=${describe} view=${view} side=${side} setSide=${setSide} set=${set} />`)}
      </div>
    </${Fold}>`;
}

/** The declarations a table makes most, as toggles under the fighter's dice: all-out attack or
 *  defence (F95 4.31) or a stance (MUD 4.32), whichever the rules in force offer (the view's
 *  `declare`), and a Fudge Point to spend when he has one (F95/MUD 4.64). A second tap takes it
 *  back; the rest stays in the fold. A touch shortcut, out of the Tab order: the keyboard finds
 *  the same declarations in the fold, and Tab's way to Resolve stays as short. */
export function QuickDeclare({ view, describe, card, side, setSide }) {
  const d = side.declares;
  const set = (k, v) => {
    const declares = { ...d };
    if (d[k] === v) delete declares[k]; else declares[k] = v;
    setSide({ ...side, declares });
  };
  const choices = [
    ...(view.declare?.all_out ? (describe?.declare?.all_out ?? []).filter((c) => c.value !== "none").map((c) => ["all_out", c]) : []),
    ...(view.declare?.stance ? (describe?.declare?.stance ?? []).filter((c) => c.value !== "normal").map((c) => ["stance", c]) : []),
    ...((card.fighter?.fudge_points ?? 0) > 0 ? [["points", { value: 1, label: "Fudge Point" }]] : []),
  ];
  if (!choices.length) return null;
  return html`<div class="chips quick-declare" role="group" aria-label=${`${card.name} declares`}>
    ${choices.map(([k, c]) => html`<button type="button" key=${`${k}-${c.value}`} class="chip" tabindex="-1" aria-pressed=${d[k] === c.value ? "true" : "false"}
      onClick=${() => set(k, c.value)}>${c.label}</button>`)}
  </div>`;
}

/** The declarations and rolls `describe.inputs` lists that the view offers now (its `declare`)
 *  and that go in one of `events` for the fighter in slot `who` ("a" or "b"): the hasty attack
 *  (F95 4.23), the Speed roll (F95 4.36), MUD 4.35's Willpower/Constitution check. */
function offeredInputs(describe, view, events, who) {
  const fields = events.flatMap((t) => [`${t}.${who}_declares`, `${t}.${who}_dice`]);
  return (describe?.inputs ?? []).filter((input) => view.declare?.[input.key]
    && input.where.some((w) => fields.some((f) => w === `${f}.${input.key}`)));
}

/** One such input: a flag, a ladder level, or a roll's total (kept with the dice, as `speed`). */
function RuleInput({ input, id, name, describe, view, side, setSide, set }) {
  const label = html`${input.label} <span class="sec">${input.section}</span><span class="visually-hidden"> (${name})</span>`;
  if (input.type === "flag") {
    return html`<div class="field check wide">
      <input id=${id} type="checkbox" checked=${!!side.declares[input.key]} onChange=${(e) => set(input.key, e.currentTarget.checked)} />
      <label for=${id}>${label}</label></div>`;
  }
  if (input.type === "level") {
    const value = side.declares[input.key];
    return html`<div class="field wide"><label for=${id}>${label}</label>
      <select id=${id} onChange=${(e) => set(input.key, e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}>
        <option value="" selected=${value === undefined}>not rolled</option>
        ${ladderOptions(describe, value)}
      </select></div>`;
  }
  const rd = view.roll_dice ?? { low: -4, high: 4 };
  const totals = [];
  for (let t = rd.low; t <= rd.high; t++) totals.push(t);
  const rolled = side.rolls?.[input.key] ?? "";
  return html`<div class="field wide"><label for=${id}>${label}</label>
    <select id=${id} onChange=${(e) => setSide({ ...side, rolls: { ...side.rolls, [input.key]: e.currentTarget.value } })}>
      <option value="" selected=${rolled === ""}>not rolled</option>
      ${totals.map((t) => html`<option value=${t} selected=${rolled !== "" && Number(rolled) === t}>${signed(t)}</option>`)}
    </select></div>`;
}

/** Everything a round may declare, folded under one line: each fighter's declaration, and the
 *  switches that show the damage dice and the checks for entering physical dice. */
export function DeclareAll({ view, describe, fighters, events, open, damage, showDamage, setShowDamage, checkNames, showChecks, setShowChecks }) {
  const dd = view.damage_dice ?? {};
  return html`<${Fold} class="declare-all" open=${open} summary="Declare, damage dice and checks">
    ${fighters.map(({ who, card, side, setSide }) => html`<${Declare} key=${`${who}-${card.id}`} who=${who} label=${card.name}
      describe=${describe} view=${view} card=${card} side=${side} setSide=${setSide} events=${events} />`)}
    ${damage.count > 0 && html`<div class="field check">
      <input id="show-damage" type="checkbox" checked=${showDamage} onChange=${(e) => setShowDamage(e.currentTarget.checked)} />
      <label for="show-damage">Enter damage dice${damage.d6 ? ` (${dd.dice}${damage.graze ? `; a graze: ${dd.graze.dice}` : ""})` : ""}</label>
    </div>`}
    ${checkNames.length > 0 && html`<div class="field check">
      <input id="show-checks" type="checkbox" checked=${showChecks} onChange=${(e) => setShowChecks(e.currentTarget.checked)} />
      <label for="show-checks">Enter checks: ${checkNames.join(", ")}</label>
    </div>`}
  </${Fold}>`;
}
