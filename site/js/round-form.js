// The round runner: pick who fights whom, declare, enter or roll the dice, resolve; then the
// last resolution with its explanation step by step. One `exchange` event per Resolve.
import { html, useState } from "../vendor/preact-htm.mjs";
import { FACES, Field, choiceLabel, optionValue } from "./ui.js";

// --- a round --------------------------------------------------------------------------------------

const blankSide = () => ({ faces: [null, null, null, null], total: "", damage: [null, null, null, null], declares: {} });

function DiceEntry({ who, label, side, setSide, technique, techniqueLabel, showDamage, onRoll, busy }) {
  const four = technique === "4dF";
  const setFace = (key, i, v) => {
    const list = [...side[key]];
    list[i] = list[i] === v ? null : v;
    setSide({ ...side, [key]: list });
  };
  const dieRow = (key, i, title) => html`
    <fieldset class="die-toggle" key=${key + i}>
      <legend>${title} ${i + 1}</legend>
      ${FACES.map((f) => html`<button type="button" class="face-btn" aria-pressed=${side[key][i] === f.value ? "true" : "false"}
          aria-label=${`${title} ${i + 1}: ${f.name}`} onClick=${() => setFace(key, i, f.value)}>${f.symbol}</button>`)}
    </fieldset>`;
  return html`
    <fieldset class="dice-entry" aria-label=${`${label}'s dice`}>
      <legend><bdi>${label}</bdi>'s dice</legend>
      ${four ? [0, 1, 2, 3].map((i) => dieRow("faces", i, "Die")) : html`<p class="hint">${techniqueLabel}</p>`}
      <div class="field inline">
        <label for=${`total-${who}`}>${four ? "or the dice total" : "Dice total"}</label>
        <input id=${`total-${who}`} type="number" inputmode="numeric" min="-4" max="4" value=${side.total}
          onInput=${(e) => setSide({ ...side, total: e.currentTarget.value })} />
      </div>
      ${showDamage && html`<div class="damage-dice">${[0, 1, 2, 3].map((i) => dieRow("damage", i, "Damage die"))}</div>`}
      <button type="button" class="roll-btn" onClick=${onRoll} aria-busy=${busy ? "true" : null}>Roll for <bdi>${label}</bdi></button>
    </fieldset>`;
}

function Declare({ who, label, describe, side, setSide }) {
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
  return html`
    <details class="declare">
      <summary>Declare for <bdi>${label}</bdi></summary>
      <div class="sheet-form">
        ${select("all_out", "All-out")}
        ${select("stance", "Stance")}
        <${Field} id=${id("mod")} label="Other modifier">
          <input id=${id("mod")} type="number" inputmode="numeric" min="-10" max="10"
            value=${d.modifiers?.[0]?.amount ?? ""}
            onInput=${(e) => set("modifiers", e.currentTarget.value === "" || Number(e.currentTarget.value) === 0 ? null
              : [{ source: "GM's modifier", amount: Number(e.currentTarget.value) }])} /></${Field}>
        <${Field} id=${id("points")} label="Fudge Points spent">
          <input id=${id("points")} type="number" inputmode="numeric" min="0" max="9" value=${d.points ?? ""}
            onInput=${(e) => set("points", e.currentTarget.value === "" ? null : Number(e.currentTarget.value))} /></${Field}>
        ${check("scouting", "Scouting roll made")}
        ${check("stun", "Strike to stun")}
        ${check("defend_only", "Only defends")}
        ${check("unaware", "Unaware")}
      </div>
    </details>`;
}

function diceOf(side) {
  const dice = {};
  if (side.total !== "" && side.total !== null) dice.roll = { total: Number(side.total) };
  else if (side.faces.some((f) => f !== null)) dice.roll = { faces: side.faces };
  const damage = side.damage.filter((f) => f !== null);
  if (damage.length) dice.damage = damage;
  return dice;
}

export function ExchangePanel({ view, describe, apply, engine, preview }) {
  const cs = view.combatants;
  const [pick, setPick] = useState({ a: null, b: null });
  const [kind, setKind] = useState(null);
  const [sides, setSides] = useState({ a: blankSide(), b: blankSide() });
  const [showDamage, setShowDamage] = useState(false);
  const [error, setError] = useState(null);
  const [rolling, setRolling] = useState(null);
  if (cs.length < 2) return null;
  const a = cs.find((c) => c.id === pick.a) ?? cs[0];
  const b = cs.find((c) => c.id === pick.b && c.id !== a.id) ?? cs.find((c) => c.id !== a.id && c.side !== a.side)
    ?? cs.find((c) => c.id !== a.id);
  const exchangeKind = kind ?? (view.pacing === "simultaneous" ? "round" : "attack");
  const technique = optionValue(view, describe, "dice.technique") ?? "4dF";
  const techniqueLabel = choiceLabel(describe, "dice.technique", technique);
  const setSide = (who) => (value) => setSides({ ...sides, [who]: value });

  async function roll(who) {
    setRolling(who);
    const [main, dmg] = await Promise.all([
      engine.request("roll", { ruleset: view.ruleset }),
      showDamage ? engine.request("roll", { ruleset: { preset: view.ruleset.preset, options: { "dice.technique": "4dF" } } }) : null,
    ]);
    setRolling(null);
    if (!main.ok) return setError(main.error.message);
    const side = { ...sides[who] };
    if (technique === "4dF") {
      side.faces = main.result.faces;
      side.total = "";
    } else side.total = String(main.result.total);
    if (dmg?.ok) side.damage = dmg.result.faces;
    setSides({ ...sides, [who]: side });
  }

  function draftEvent() {
    const event = { t: "exchange", kind: exchangeKind, a: a.id, b: b.id };
    if (Object.keys(sides.a.declares).length) event.a_declares = sides.a.declares;
    if (Object.keys(sides.b.declares).length) event.b_declares = sides.b.declares;
    const aDice = diceOf(sides.a);
    const bDice = diceOf(sides.b);
    if (Object.keys(aDice).length) event.a_dice = aDice;
    if (Object.keys(bDice).length) event.b_dice = bDice;
    return event;
  }

  async function resolve(e) {
    e.preventDefault();
    const response = await apply(draftEvent());
    if (!response.ok) {
      setError(response.error.message);
      if (/damage/.test(response.error.field ?? "") || /damage dice/.test(response.error.message)) setShowDamage(true);
      return;
    }
    setError(null);
    setSides({ a: blankSide(), b: blankSide() });
  }

  const options = (selected, skip) => cs.filter((c) => c.id !== skip).map((c) =>
    html`<option value=${c.id} selected=${c.id === selected}>${c.name}</option>`);
  return html`
    <section class="card" aria-labelledby="round-title">
      <h2 id="round-title">Round ${view.round}: an exchange</h2>
      <form class="exchange" onSubmit=${resolve}>
        <div class="sheet-form">
          <${Field} id="ex-a" label="Fighter"><select id="ex-a" onChange=${(e) => setPick({ ...pick, a: e.currentTarget.value })}>${options(a.id)}</select></${Field}>
          <${Field} id="ex-b" label="Against"><select id="ex-b" onChange=${(e) => setPick({ ...pick, b: e.currentTarget.value })}>${options(b.id, a.id)}</select></${Field}>
          <${Field} id="ex-kind" label="Exchange" wide>
            <select id="ex-kind" onChange=${(e) => setKind(e.currentTarget.value)}>
              <option value="round" selected=${exchangeKind === "round"}>Both strike at once</option>
              <option value="attack" selected=${exchangeKind === "attack"}>${a.name} attacks, ${b.name} defends</option>
            </select></${Field}>
        </div>
        <${Declare} who="a" label=${a.name} describe=${describe} side=${sides.a} setSide=${setSide("a")} />
        <${Declare} who="b" label=${b.name} describe=${describe} side=${sides.b} setSide=${setSide("b")} />
        <div class="field check">
          <input id="show-damage" type="checkbox" checked=${showDamage} onChange=${(e) => setShowDamage(e.currentTarget.checked)} />
          <label for="show-damage">Enter damage dice</label>
        </div>
        <${DiceEntry} who="a" label=${a.name} side=${sides.a} setSide=${setSide("a")} technique=${technique}
          techniqueLabel=${techniqueLabel} showDamage=${showDamage} onRoll=${() => roll("a")} busy=${rolling === "a"} />
        <${DiceEntry} who="b" label=${b.name} side=${sides.b} setSide=${setSide("b")} technique=${technique}
          techniqueLabel=${techniqueLabel} showDamage=${showDamage} onRoll=${() => roll("b")} busy=${rolling === "b"} />
        ${error && html`<p class="error" role="alert">${error}</p>`}
        ${preview?.(draftEvent())}
        <button type="submit" class="primary big">Resolve</button>
      </form>
      <div class="actions">
        <button type="button" onClick=${() => apply({ t: "next_round" })}>Next round</button>
        <button type="button" onClick=${() => apply({ t: "end_battle" })}>End of battle</button>
      </div>
    </section>`;
}

// --- what happened --------------------------------------------------------------------------------

export function LastResult({ view }) {
  const last = view.last;
  if (!last) return null;
  const steps = last.outcome?.steps ?? [];
  return html`
    <section class="card" aria-labelledby="last-title" aria-live="polite">
      <h2 id="last-title">Last result</h2>
      <p class="last-text" data-testid="last-text">${last.text}</p>
      ${steps.length > 0 && html`
        <details class="small" open=${last.kind === "exchange"}>
          <summary>How it was worked out</summary>
          <ol class="steps">
            ${steps.map((s, i) => html`<li key=${i}><span class="sec">${s.section}</span> ${s.text}</li>`)}
          </ol>
        </details>`}
    </section>`;
}
