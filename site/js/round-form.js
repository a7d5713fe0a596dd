// The round runner: pick what happens (an exchange of two, several foes on one fighter, ranged
// fire, or a story element), who takes part, declare, enter or roll the dice, resolve; then the
// last resolution with its explanation step by step. One encounter event per Resolve; every
// label, choice and "who rolls" comes from the engine (describe, view).
import { html, useState } from "../vendor/preact-htm.mjs";
import { FACES, Field, choiceLabel, optionValue, labelOf, fillNames, ladderOptions } from "./ui.js";

// --- dice -----------------------------------------------------------------------------------------

const blankSide = () => ({ faces: [null, null, null, null], total: "", damage: [null, null, null, null], declares: {} });

/** One set of dice: `count` −/0/+ toggles (Fudge dice) or a total, optional damage dice, Roll. */
function DiceEntry({ who, label, legend, side, setSide, fudge, count = 4, techniqueLabel, showDamage, onRoll, busy }) {
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
  const dice = [...Array(count).keys()];
  return html`
    <fieldset class="dice-entry" aria-label=${legend ?? `${label}'s dice`}>
      <legend><bdi>${legend ?? `${label}'s dice`}</bdi></legend>
      ${fudge ? dice.map((i) => dieRow("faces", i, "Die")) : html`<p class="hint">${techniqueLabel}</p>`}
      <div class="field inline">
        <label for=${`total-${who}`}>${fudge ? "or the dice total" : "Dice total"}</label>
        <input id=${`total-${who}`} type="number" inputmode="numeric" min=${fudge ? -count : null} max=${fudge ? count : null} value=${side.total}
          onInput=${(e) => setSide({ ...side, total: e.currentTarget.value })} />
      </div>
      ${showDamage && html`<div class="damage-dice">${[0, 1, 2, 3].map((i) => dieRow("damage", i, "Damage die"))}</div>`}
      <button type="button" class="roll-btn" onClick=${onRoll} aria-busy=${busy ? "true" : null}>Roll for <bdi>${label}</bdi></button>
    </fieldset>`;
}

/** The roll as the engine reads it: faces, or a total. */
function rollOf(side, count = 4) {
  if (side.total !== "" && side.total !== null) return { total: Number(side.total) };
  if (side.faces.slice(0, count).some((f) => f !== null)) return { faces: side.faces.slice(0, count) };
  return null;
}

function diceOf(side) {
  const dice = {};
  const roll = rollOf(side);
  if (roll) dice.roll = roll;
  const damage = side.damage.filter((f) => f !== null);
  if (damage.length) dice.damage = damage;
  return dice;
}

// --- declarations ---------------------------------------------------------------------------------

function Declare({ who, label, describe, view, card, side, setSide }) {
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
  const parts = (optionValue(view, describe, "location.table") ?? []).map((row) => row.name);
  return html`
    <details class="declare">
      <summary>Declare for <bdi>${label}</bdi></summary>
      <div class="sheet-form">
        ${skills.length > 1 && html`<${Field} id=${id("skill")} label="Skill used">
          <select id=${id("skill")} onChange=${(e) => set("skill", e.currentTarget.value === skills[0] ? null : e.currentTarget.value)}>
            ${skills.map((s) => html`<option value=${s} selected=${(d.skill ?? skills[0]) === s}>${s}</option>`)}
          </select></${Field}>`}
        ${select("all_out", "All-out")}
        ${select("stance", "Stance")}
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
        ${d.aim && number("aim_relative", "Relative degree needed", 1, 10)}
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

// --- the form -------------------------------------------------------------------------------------

/** Does `a` roll against `b`? The view's pairs say (F95 4.33: an NPC against a PC may not). */
function rolls(view, a, b) {
  return view.pairs.find((p) => p.a === a && p.b === b)?.rolls ?? true;
}

const put = (event, key, value) => {
  if (value && (typeof value !== "object" || Object.keys(value).length)) event[key] = value;
};

export function ExchangePanel({ view, describe, apply, engine, preview }) {
  const cs = view.combatants;
  const labels = describe?.round ?? {};
  const forms = view.forms ?? ["exchange"];
  const [chosenForm, setForm] = useState(null);
  const [pick, setPick] = useState({ a: null, b: null });
  const [chosenFoes, setFoes] = useState(null);
  const [kind, setKind] = useState(null);
  const [sides, setSides] = useState({});
  const [showDamage, setShowDamage] = useState(false);
  const [gmRoll, setGmRoll] = useState(false);
  const [strike, setStrike] = useState("");
  const [ignored, setIgnored] = useState([]);
  const [space, setSpace] = useState("open");
  const [shot, setShot] = useState({ mode: "aware", weapon: "propelled", difficulty: 0, target_difficulty: 0, burst: "" });
  const [story, setStory] = useState({ three: false, modifier: 0 });
  const [error, setError] = useState(null);
  const [rolling, setRolling] = useState(null);
  if (cs.length < 2) return null;
  const form = forms.includes(chosenForm) ? chosenForm : forms[0];
  const a = cs.find((c) => c.id === pick.a) ?? cs[0];
  const b = cs.find((c) => c.id === pick.b && c.id !== a.id) ?? cs.find((c) => c.id !== a.id && c.side !== a.side)
    ?? cs.find((c) => c.id !== a.id);
  const foes = cs.filter((c) => c.id !== a.id && (chosenFoes ? chosenFoes.includes(c.id) : c.side !== a.side));
  const exchangeKind = kind ?? (view.pacing === "alternating" ? "attack" : "round");
  const technique = optionValue(view, describe, "dice.technique") ?? "4dF";
  const techniqueLabel = choiceLabel(describe, "dice.technique", technique);
  const groupCount = optionValue(view, describe, "multi.group_dice") === "2dF" ? 2 : 4;
  const side = (who) => sides[who] ?? blankSide();
  const setSide = (who) => (value) => setSides({ ...sides, [who]: value });
  const foesFixed = foes.length > 0 && foes.every((f) => !rolls(view, f.id, a.id));

  // Who enters dice in this form, as [key, combatant or null, legend, dice count, technique].
  const entries = [];
  if (form === "exchange") {
    for (const [who, c, other] of [["a", a, b], ["b", b, a]]) {
      entries.push(rolls(view, c.id, other.id) ? [who, c] : [who, null, `${c.name} scores her trait level (F95 4.33): no dice.`]);
    }
  } else if (form === "group") {
    entries.push(["a", a]);
    if (gmRoll && !foesFixed) entries.push(["gm", { name: "the GM" }, "GM's group roll", groupCount, groupCount === 2 ? "2dF" : technique]);
    else if (!foesFixed) foes.forEach((f) => entries.push([`f-${f.id}`, f]));
  } else if (form === "ranged") {
    entries.push(["a", a]);
    if (shot.mode !== "unaware") entries.push(["b", b]);
  } else {
    (story.three ? ["s1", "s2", "s3"] : ["s1"]).forEach((k, i) =>
      entries.push(story.three ? [k, { name: `${a.name} (roll ${i + 1})` }, `${a.name}'s roll ${i + 1}`] : [k, a]));
  }

  function draft() {
    if (form === "exchange") {
      const event = { t: "exchange", kind: exchangeKind, a: a.id, b: b.id };
      put(event, "a_declares", side("a").declares);
      put(event, "b_declares", side("b").declares);
      if (rolls(view, a.id, b.id)) put(event, "a_dice", diceOf(side("a")));
      if (rolls(view, b.id, a.id)) put(event, "b_dice", diceOf(side("b")));
      return event;
    }
    if (form === "group") {
      const event = { t: "group", lone: a.id, foes: foes.map((f) => f.id) };
      put(event, "lone_declares", side("a").declares);
      put(event, "lone_dice", diceOf(side("a")));
      if (gmRoll && !foesFixed) put(event, "group_roll", rollOf(side("gm"), groupCount));
      else if (!foesFixed) {
        const each = {};
        foes.forEach((f) => { const d = diceOf(side(`f-${f.id}`)); if (Object.keys(d).length) each[f.id] = d; });
        put(event, "foe_dice", each);
      }
      if (strike && foes.some((f) => f.id === strike)) event.targets = [strike];
      const declared = {};
      foes.forEach((f) => { const d = side(`f-${f.id}`).declares; if (Object.keys(d).length) declared[f.id] = d; });
      put(event, "foe_declares", declared);
      const skipped = ignored.filter((id) => foes.some((f) => f.id === id));
      if (skipped.length) event.ignored = skipped;
      if (space !== "open") event.space = space;
      return event;
    }
    if (form === "ranged") {
      const event = { t: "ranged", mode: shot.mode, shooter: a.id, target: b.id, weapon: shot.weapon,
        difficulty: Number(shot.difficulty) };
      if (shot.mode === "shoot_back") event.target_difficulty = Number(shot.target_difficulty);
      if (shot.burst !== "") event.burst = Number(shot.burst);
      put(event, "shooter_declares", side("a").declares);
      put(event, "shooter_dice", diceOf(side("a")));
      if (shot.mode !== "unaware") {
        put(event, "target_declares", side("b").declares);
        put(event, "target_dice", diceOf(side("b")));
      }
      return event;
    }
    const event = { t: "story", id: a.id, rolls: entries.map(([k]) => rollOf(side(k)) ?? {}) };
    if (story.skill && Object.hasOwn(a.fighter.skills ?? {}, story.skill)) event.skill = story.skill;
    if (Number(story.modifier)) event.modifier = Number(story.modifier);
    return event;
  }

  async function roll(who, count, rollTechnique) {
    setRolling(who);
    // The GM's 2dF: two of four Fudge dice the engine rolls (each die is fair on its own).
    const asked = rollTechnique === "2dF" ? "4dF" : rollTechnique;
    const ruleset = { preset: view.ruleset.preset, options: { ...view.ruleset.options, "dice.technique": asked } };
    const [main, dmg] = await Promise.all([
      engine.request("roll", { ruleset }),
      showDamage && !["gm", "s1", "s2", "s3"].includes(who)
        ? engine.request("roll", { ruleset: { preset: view.ruleset.preset, options: { "dice.technique": "4dF" } } }) : null,
    ]);
    setRolling(null);
    if (!main.ok) return setError(main.error.message);
    const next = { ...side(who) };
    if (main.result.dice === "4dF" && (rollTechnique === "4dF" || rollTechnique === "2dF")) {
      next.faces = [...main.result.faces.slice(0, count), null, null, null, null].slice(0, 4);
      next.total = "";
    } else next.total = String(main.result.total);
    if (dmg?.ok) next.damage = dmg.result.faces;
    setSides({ ...sides, [who]: next });
  }

  // Alternating turns: who attacks first, rolled with the dice entered above (F95 4.23).
  const alternating = form === "exchange" && view.pacing === "alternating";
  const init = (view.initiative ?? []).find((i) => (i.a === a.id && i.b === b.id) || (i.a === b.id && i.b === a.id));
  async function rollInitiative() {
    const event = { t: "initiative", a: a.id, b: b.id };
    put(event, "a_dice", diceOf(side("a")));
    put(event, "b_dice", diceOf(side("b")));
    const response = await apply(event);
    if (!response.ok) return setError(response.error.message);
    setError(null);
    setSides({});
    const first = response.result.view.last.first;
    if (first) setPick({ a: first, b: first === a.id ? b.id : a.id });
  }

  async function resolve(e) {
    e.preventDefault();
    const response = await apply(draft());
    if (!response.ok) {
      setError(response.error.message);
      if (/damage/.test(response.error.field ?? "") || /damage dice/.test(response.error.message)) setShowDamage(true);
      return;
    }
    setError(null);
    setSides({});
  }

  const options = (selected, skip) => cs.filter((c) => c.id !== skip).map((c) =>
    html`<option value=${c.id} selected=${c.id === selected}>${c.name}</option>`);
  const first = { exchange: "Fighter", group: "Lone fighter", ranged: "Shooter", story: "Fighter" }[form];
  const second = form === "ranged" ? "Target" : "Against";
  const toggleFoe = (id, on) => setFoes([...foes.map((f) => f.id).filter((x) => x !== id), ...(on ? [id] : [])]);
  return html`
    <section class="card round-form" aria-labelledby="round-title">
      <h2 id="round-title">Round ${view.round}</h2>
      <form class="exchange" onSubmit=${resolve} data-form=${form}>
        <div class="sheet-form">
          ${forms.length > 1 && html`<${Field} id="ex-form" label="What happens" wide>
            <select id="ex-form" onChange=${(e) => { setForm(e.currentTarget.value); setError(null); }}>
              ${forms.map((f) => html`<option value=${f} selected=${f === form}>${labelOf(labels.forms, f)}</option>`)}
            </select></${Field}>`}
          <${Field} id="ex-a" label=${first}><select id="ex-a" onChange=${(e) => setPick({ ...pick, a: e.currentTarget.value })}>${options(a.id)}</select></${Field}>
          ${(form === "exchange" || form === "ranged") && html`
            <${Field} id="ex-b" label=${second}><select id="ex-b" onChange=${(e) => setPick({ ...pick, b: e.currentTarget.value })}>${options(b.id, a.id)}</select></${Field}>`}
          ${form === "exchange" && html`<${Field} id="ex-kind" label="Exchange" wide>
            <select id="ex-kind" onChange=${(e) => setKind(e.currentTarget.value)}>
              ${(labels.exchange_kinds ?? []).map((k) => html`<option value=${k.value} selected=${exchangeKind === k.value}>${fillNames(k.label, a.name, b.name)}</option>`)}
            </select></${Field}>`}
        </div>
        ${form === "group" && html`
          <fieldset class="foe-picks">
            <legend>Foes on <bdi>${a.name}</bdi></legend>
            ${cs.filter((c) => c.id !== a.id).map((c) => html`<div class="foe-pick" key=${c.id}>
              <div class="field check">
                <input id=${`foe-${c.id}`} type="checkbox" checked=${foes.some((f) => f.id === c.id)}
                  onChange=${(e) => toggleFoe(c.id, e.currentTarget.checked)} />
                <label for=${`foe-${c.id}`}><bdi>${c.name}</bdi></label></div>
              ${foes.some((f) => f.id === c.id) && html`<div class="field check">
                <input id=${`ignore-${c.id}`} type="checkbox" checked=${ignored.includes(c.id)}
                  onChange=${(e) => setIgnored(e.currentTarget.checked ? [...ignored, c.id] : ignored.filter((x) => x !== c.id))} />
                <label for=${`ignore-${c.id}`}>ignored (F93 4.64)</label></div>`}</div>`)}
          </fieldset>
          <div class="sheet-form">
            ${foesFixed ? html`<p class="hint wide">The foes score their trait levels (F95 4.33): no dice for them.</p>` : html`
              <div class="field check wide">
                <input id="gm-roll" type="checkbox" checked=${gmRoll} onChange=${(e) => setGmRoll(e.currentTarget.checked)} />
                <label for="gm-roll">The GM rolls once for all the foes (${groupCount === 2 ? "2dF" : techniqueLabel}, F95 4.34)</label></div>`}
            <${Field} id="ex-space" label="Room to fight">
              <select id="ex-space" onChange=${(e) => setSpace(e.currentTarget.value)}>
                ${(labels.spaces ?? []).map((o) => html`<option value=${o.value} selected=${space === o.value}>${o.label}</option>`)}
              </select></${Field}>
            <${Field} id="ex-strike" label="He strikes" wide>
              <select id="ex-strike" onChange=${(e) => setStrike(e.currentTarget.value)}>
                <option value="" selected=${!strike}>the only foe he may wound</option>
                ${foes.map((f) => html`<option value=${f.id} selected=${strike === f.id}>${f.name}</option>`)}
              </select></${Field}>
          </div>`}
        ${form === "ranged" && html`
          <div class="sheet-form">
            <${Field} id="rg-mode" label="The target" wide>
              <select id="rg-mode" onChange=${(e) => setShot({ ...shot, mode: e.currentTarget.value })}>
                ${(labels.ranged_modes ?? []).map((m) => html`<option value=${m.value} selected=${shot.mode === m.value}>${m.label}</option>`)}
              </select></${Field}>
            <${Field} id="rg-weapon" label="Ranged weapon" wide>
              <select id="rg-weapon" onChange=${(e) => setShot({ ...shot, weapon: e.currentTarget.value })}>
                ${(labels.ranged_weapons ?? []).map((w) => html`<option value=${w.value} selected=${shot.weapon === w.value}>${w.label}</option>`)}
              </select></${Field}>
            <${Field} id="rg-dl" label="Difficulty to hit">
              <select id="rg-dl" onChange=${(e) => setShot({ ...shot, difficulty: Number(e.currentTarget.value) })}>${ladderOptions(describe, shot.difficulty)}</select></${Field}>
            ${shot.mode === "shoot_back" && html`<${Field} id="rg-dl-back" label="Difficulty of the return shot">
              <select id="rg-dl-back" onChange=${(e) => setShot({ ...shot, target_difficulty: Number(e.currentTarget.value) })}>${ladderOptions(describe, shot.target_difficulty)}</select></${Field}>`}
            ${optionValue(view, describe, "ranged.autofire") !== "none" && html`<${Field} id="rg-burst" label="Automatic fire: rounds in the burst">
              <input id="rg-burst" type="number" inputmode="numeric" min="1" max="1000" value=${shot.burst}
                onInput=${(e) => setShot({ ...shot, burst: e.currentTarget.value })} /></${Field}>`}
          </div>`}
        ${form === "story" && html`
          <div class="sheet-form">
            ${Object.keys(a.fighter.skills ?? {}).length > 1 && html`<${Field} id="st-skill" label="Skill used">
              <select id="st-skill" onChange=${(e) => setStory({ ...story, skill: e.currentTarget.value })}>
                ${Object.keys(a.fighter.skills).map((k) => html`<option value=${k} selected=${(story.skill ?? a.fighter.attack_skill) === k}>${k}</option>`)}
              </select></${Field}>`}
            <${Field} id="st-mod" label="GM's modifier (−3 to +3)">
              <input id="st-mod" type="number" inputmode="numeric" min="-3" max="3" value=${story.modifier}
                onInput=${(e) => setStory({ ...story, modifier: e.currentTarget.value })} /></${Field}>
            <div class="field check">
              <input id="st-three" type="checkbox" checked=${story.three} onChange=${(e) => setStory({ ...story, three: e.currentTarget.checked })} />
              <label for="st-three">Three rolls (${choiceLabel(describe, "actions.story_aggregate", optionValue(view, describe, "actions.story_aggregate"))})</label></div>
          </div>`}
        ${form !== "story" && html`
          <${Declare} key=${`a-${a.id}`} who="a" label=${a.name} describe=${describe} view=${view} card=${a} side=${side("a")} setSide=${setSide("a")} />
          ${form !== "group" && !(form === "ranged" && shot.mode === "unaware") && html`
            <${Declare} key=${`b-${b.id}`} who="b" label=${b.name} describe=${describe} view=${view} card=${b} side=${side("b")} setSide=${setSide("b")} />`}
          ${form === "group" && foes.map((f) => html`
            <${Declare} key=${`f-${f.id}`} who=${`f-${f.id}`} label=${f.name} describe=${describe} view=${view} card=${f}
              side=${side(`f-${f.id}`)} setSide=${setSide(`f-${f.id}`)} />`)}
          <div class="field check">
            <input id="show-damage" type="checkbox" checked=${showDamage} onChange=${(e) => setShowDamage(e.currentTarget.checked)} />
            <label for="show-damage">Enter damage dice</label>
          </div>`}
        ${entries.map(([who, c, legend, count, rollTechnique]) => c === null
          ? html`<p class="hint" key=${who}>${legend}</p>`
          : html`<${DiceEntry} key=${who} who=${who} label=${c.name} legend=${legend}
              side=${side(who)} setSide=${setSide(who)} count=${count ?? 4}
              fudge=${(rollTechnique ?? technique) === "4dF" || rollTechnique === "2dF"} techniqueLabel=${techniqueLabel}
              showDamage=${showDamage && who !== "gm" && form !== "story"} busy=${rolling === who}
              onRoll=${() => roll(who, count ?? 4, rollTechnique ?? technique)} />`)}
        ${alternating && html`<div class="initiative">
          ${init ? html`<p class="hint" data-testid="initiative">Initiative: <bdi>${cs.find((c) => c.id === init.first)?.name}</bdi> attacks first.</p>`
            : html`<button type="button" onClick=${rollInitiative}>Initiative with these dice</button>`}</div>`}
        ${error && html`<p class="error" role="alert">${error}</p>`}
        ${preview?.(draft())}
        <button type="submit" class="primary big">Resolve</button>
      </form>
      <div class="actions">
        <button type="button" onClick=${() => apply({ t: "next_round" })}>Next round</button>
        <button type="button" onClick=${() => apply({ t: "end_battle" })}>End of battle</button>
      </div>
    </section>`;
}

// --- what happened --------------------------------------------------------------------------------

const RESOLVED = ["exchange", "group", "ranged", "story", "initiative"];

export function LastResult({ view }) {
  const last = view.last;
  if (!last) return null;
  const steps = last.outcome?.steps ?? [];
  return html`
    <section class="card" aria-labelledby="last-title" aria-live="polite">
      <h2 id="last-title">Last result</h2>
      <p class="last-text" data-testid="last-text">${last.text}</p>
      ${steps.length > 0 && html`
        <details class="small" open=${RESOLVED.includes(last.kind)}>
          <summary>How it was worked out</summary>
          <ol class="steps">
            ${steps.map((s, i) => html`<li key=${i}><span class="sec">${s.section}</span> ${s.text}</li>`)}
          </ol>
        </details>`}
    </section>`;
}
