// The round runner: pick what happens (an exchange of two, several foes on one fighter, ranged
// fire, or a story element), who takes part, declare, enter or roll the dice, resolve; then the
// last resolution with its explanation step by step. One encounter event per Resolve; every
// label, choice, "who rolls", which dice and checks, and who may take which role come from the
// engine (describe, view: roll_dice, damage_dice, group_roll, declare, each card's inputs/unable).
import { html, useState } from "../vendor/preact-htm.mjs";
import { FACES, Field, choiceLabel, optionValue, labelOf, fillNames, ladderOptions } from "./ui.js";

// --- dice -----------------------------------------------------------------------------------------

const four = () => [null, null, null, null];
// shield/shieldTotal: the shield check (CO 2.2); checks: one damage check's 4dF per wound (CO 4.3);
// wills: one Willpower result per wound (F95 4.52 no. 4); capacity: a Damage Capacity roll (F95 4.52).
const blankSide = () => ({ faces: four(), total: "", damage: four(), graze: four(), declares: {},
  shield: four(), shieldTotal: "", checks: [four()], wills: [""], capacity: "" });

// A six-sided die's faces, for the 3d6 of Min-Mid-Max damage (F95 4.63).
const D6 = [1, 2, 3, 4, 5, 6].map((v) => ({ value: v, symbol: String(v), name: String(v) }));

/** One die: a button per face (−/0/+ for a Fudge die, 1–6 for a d6), pressed again to clear. */
function DieToggle({ title, value, onPick, faces = FACES }) {
  return html`
    <fieldset class=${faces === D6 ? "die-toggle d6-toggle" : "die-toggle"}>
      <legend>${title}</legend>
      ${faces.map((f) => html`<button type="button" class="face-btn" aria-pressed=${value === f.value ? "true" : "false"}
          aria-label=${`${title}: ${f.name}`} onClick=${() => onPick(value === f.value ? null : f.value)}>${f.symbol}</button>`)}
    </fieldset>`;
}

/** The damage dice the view asks for: `count` Fudge dice, or six-sided ones for "3d6"; `graze`:
 *  how many Fudge dice a graze reads when they differ (Min-Mid-Max with a graze die, F95 4.63). */
const damageSpec = (view) => ({ count: view.damage_dice?.count ?? 0, d6: /d6$/.test(view.damage_dice?.dice ?? ""),
  graze: view.damage_dice?.graze?.count ?? 0 });

/** One set of dice: `count` −/0/+ toggles (Fudge dice) or a total, optional damage dice
 *  (`damage`: {count, d6, graze}, or null when not shown), Roll. */
function DiceEntry({ who, label, legend, side, setSide, fudge, count = 4, techniqueLabel, damage, onRoll, busy }) {
  const setFace = (key, i, v) => {
    const list = [...side[key]];
    list[i] = v;
    setSide({ ...side, [key]: list });
  };
  const dieRow = (key, i, title, faces) => html`<${DieToggle} key=${key + i} title=${`${title} ${i + 1}`} value=${side[key][i]}
    faces=${faces} onPick=${(v) => setFace(key, i, v)} />`;
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
      ${damage && html`<div class="damage-dice">${[...Array(damage.count).keys()].map((i) =>
        dieRow("damage", i, "Damage die", damage.d6 ? D6 : FACES))}${[...Array(damage.graze).keys()].map((i) =>
        dieRow("graze", i, "Graze die", FACES))}</div>`}
      <button type="button" class="roll-btn" onClick=${onRoll} aria-busy=${busy ? "true" : null}>Roll for <bdi>${label}</bdi></button>
    </fieldset>`;
}

/** The roll as the engine reads it: faces, or a total. */
function rollOf(side, count = 4) {
  if (side.total !== "" && side.total !== null) return { total: Number(side.total) };
  if (side.faces.slice(0, count).some((f) => f !== null)) return { faces: side.faces.slice(0, count) };
  return null;
}

/** The fighter's dice for the event; `many`: the lone fighter of a group round, who gives one
 *  damage check per wound (the engine reads a list). */
function diceOf(side, many = false) {
  const dice = {};
  const roll = rollOf(side);
  if (roll) dice.roll = roll;
  const damage = side.damage.filter((f) => f !== null);
  if (damage.length) dice.damage = damage;
  const graze = side.graze.filter((f) => f !== null);
  if (graze.length) dice.graze = graze;
  const shield = rollOf({ faces: side.shield, total: side.shieldTotal });
  if (shield) dice.shield = shield;
  const checks = side.checks.filter((c) => c.some((f) => f !== null));
  if (checks.length) dice.check = many ? side.checks.slice(0, lastGiven(side.checks.map((c) => c.some((f) => f !== null))) + 1) : checks[0];
  return dice;
}

const lastGiven = (flags) => flags.lastIndexOf(true);

/** The dice of a fighter who makes no combat roll: only his checks. */
function checksOnly(side) {
  const { shield, check } = diceOf(side);
  return { ...(shield && { shield }), ...(check && { check }) };
}

/** The declaration with the Willpower results and Damage Capacity roll entered with the checks. */
function declaresOf(side, many = false) {
  const declares = { ...side.declares };
  const wills = side.wills.slice(0, lastGiven(side.wills.map((w) => w !== "")) + 1).map((w) => (w === "" ? null : Number(w)));
  if (wills.length) declares.willpower = many ? wills : wills[0];
  if (side.capacity !== "") declares.capacity_roll = Number(side.capacity);
  return declares;
}

// The option behind each check a card's `inputs` names: its label, from describe, names the check.
const CHECK_OPTIONS = { shield: "co.shield", damage_check: "co.damage_check", willpower: "wounds.willpower", capacity: "damage.capacity" };
const needsChecks = (card) => Object.values(card.inputs ?? {}).some(Boolean);

/** One fighter's checks: shield check, a damage check and a Willpower result per wound, Damage
 *  Capacity roll — each only when the view's `inputs` for him says the engine may ask for it. */
function ChecksEntry({ who, card, wounds, side, setSide, fudge, techniqueLabel, describe, onRoll, busy }) {
  const name = card.name;
  const use = card.inputs ?? {};
  const hasShield = !!use.shield;
  const nth = (i, text) => (wounds > 1 ? `${text}, wound ${i + 1}` : text);
  const setAt = (key, i, value) => { const list = [...side[key]]; list[i] = value; setSide({ ...side, [key]: list }); };
  const setCheck = (w, i, v) => { const c = [...(side.checks[w] ?? four())]; c[i] = v; setAt("checks", w, c); };
  const range = [...Array(wounds).keys()];
  const ladder = (id, label, value, onPick) => html`<${Field} id=${id} label=${label}>
    <select id=${id} onChange=${(e) => onPick(e.currentTarget.value)}>
      <option value="" selected=${value === ""}>not rolled</option>
      ${ladderOptions(describe, value === "" ? null : Number(value))}
    </select></${Field}>`;
  return html`
    <fieldset class="dice-entry checks-entry" aria-label=${`${name}'s checks`}>
      <legend><bdi>${name}</bdi>'s checks</legend>
      ${hasShield && html`<div class="check-dice">
        ${fudge ? [0, 1, 2, 3].map((i) => html`<${DieToggle} key=${`s${i}`} title=${`Shield die ${i + 1}`} value=${side.shield[i]}
          onPick=${(v) => setAt("shield", i, v)} />`) : html`<p class="hint">Shield check: ${techniqueLabel}</p>`}
        <div class="field inline">
          <label for=${`shield-total-${who}`}>${fudge ? "or the shield check's total" : "Shield check total"}</label>
          <input id=${`shield-total-${who}`} type="number" inputmode="numeric" value=${side.shieldTotal}
            onInput=${(e) => setSide({ ...side, shieldTotal: e.currentTarget.value })} />
        </div></div>`}
      ${use.damage_check && range.map((w) => html`<div class="check-dice" key=${`c${w}`}>
        ${[0, 1, 2, 3].map((i) => html`<${DieToggle} key=${i} title=${wounds > 1 ? `Wound ${w + 1} check die ${i + 1}` : `Damage check die ${i + 1}`}
          value=${side.checks[w]?.[i] ?? null} onPick=${(v) => setCheck(w, i, v)} />`)}</div>`)}
      ${use.willpower && range.map((w) => html`<div key=${`w${w}`}>
        ${ladder(`will-${who}-${w}`, nth(w, "Willpower result"), side.wills[w] ?? "", (v) => setAt("wills", w, v))}</div>`)}
      ${use.capacity && ladder(`capacity-${who}`, "Damage Capacity roll", side.capacity, (v) => setSide({ ...side, capacity: v }))}
      ${(hasShield || use.damage_check) && html`<button type="button" class="roll-btn" onClick=${onRoll} aria-busy=${busy ? "true" : null}>
        Roll checks for <bdi>${name}</bdi></button>`}
    </fieldset>`;
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

// --- the form -------------------------------------------------------------------------------------

/** Why the engine would refuse `c` in `role` now (the view's `unable`, F95 4.51, 4.62), or null. */
const unable = (c, role) => (role && c?.unable?.[role]) || null;

/** Does `a` roll against `b`? The view lists the pairs of any sides where she does not (F95
 *  4.33: an NPC against a PC scores her trait level). */
function rolls(view, a, b) {
  return !(view.no_roll ?? []).some((p) => p.a === a && p.b === b);
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
  const [showChecks, setShowChecks] = useState(false);
  const [wounds, setWounds] = useState(1); // the lone fighter's wounds this group round
  const [gmRoll, setGmRoll] = useState(false);
  const [strike, setStrike] = useState("");
  const [ignored, setIgnored] = useState([]);
  const [space, setSpace] = useState("open");
  const [chosenShot, setShot] = useState({ mode: "aware", weapon: "propelled", difficulty: 0, target_difficulty: 0, burst: "" });
  const [story, setStory] = useState({ three: false, modifier: 0 });
  const [error, setError] = useState(null);
  const [rolling, setRolling] = useState(null);
  if (cs.length < 2) return null;
  const form = forms.includes(chosenForm) ? chosenForm : forms[0];
  const exchangeKind = kind ?? (view.pacing === "alternating" ? "attack" : "round");
  // Who may take the first pick's role: the engine refuses one who cannot act or attack (the
  // card's `unable`, F95 4.51, 4.62); he is shown, marked with the reason, not offered.
  const firstRole = { exchange: exchangeKind === "attack" ? "attacker" : "fighter", group: "lone", ranged: "shooter", story: "fighter" }[form];
  const a = cs.find((c) => c.id === pick.a && !unable(c, firstRole)) ?? cs.find((c) => !unable(c, firstRole)) ?? cs[0];
  const b = cs.find((c) => c.id === pick.b && c.id !== a.id) ?? cs.find((c) => c.id !== a.id && c.side !== a.side)
    ?? cs.find((c) => c.id !== a.id);
  // A foe who cannot act is left out of a group round by the engine: not offered.
  const foes = cs.filter((c) => c.id !== a.id && !unable(c, "foe") && (chosenFoes ? chosenFoes.includes(c.id) : c.side !== a.side));
  // A target who cannot dodge or shoot back is fired at as unaware (the engine refuses the rest).
  // A target the engine would refuse in the chosen mode (the view's roles are the modes' names)
  // is fired at as unaware, as the engine's own message advises (F95 4.51, 4.62).
  const shot = unable(b, chosenShot.mode) ? { ...chosenShot, mode: "unaware" } : chosenShot;
  const technique = view.roll_dice?.dice ?? "4dF";
  const fudgeRoll = view.roll_dice?.faces ?? true;
  const techniqueLabel = choiceLabel(describe, "dice.technique", technique);
  const groupCount = view.group_roll?.count ?? 2;
  const damage = damageSpec(view);
  // Declarations and dice belong to the fighter picked for a slot, not to the slot: picking
  // another fighter starts blank (no hidden all-out or dice carried over). Foes' keys hold ids.
  const owner = { a: a.id, b: b.id, gm: a.id, s1: a.id, s2: a.id, s3: a.id };
  // Other damage dice (the rules changed) start blank too: no hidden faces of the old ones.
  const slot = (who) => `${who in owner ? `${who}:${owner[who]}` : who}:${view.damage_dice?.dice}:${view.damage_dice?.graze?.dice}`;
  const side = (who) => sides[slot(who)] ?? blankSide();
  // Functional updates: a roll answered after other input must not overwrite it.
  const update = (key, change) => setSides((prev) => ({ ...prev, [key]: change(prev[key] ?? blankSide()) }));
  const setSide = (who) => (value) => update(slot(who), () => value);
  const foesFixed = foes.length > 0 && foes.every((f) => !rolls(view, f.id, a.id));
  // Who may take a blow in this form, and so make checks: as [key, combatant].
  const struck = { exchange: [["a", a], ["b", b]], group: [["a", a], ...foes.map((f) => [`f-${f.id}`, f])],
    ranged: [["a", a], ["b", b]], story: [] }[form].filter(([, c]) => needsChecks(c));
  const checkNames = Object.keys(CHECK_OPTIONS).filter((k) => struck.some(([, c]) => c.inputs[k]))
    .map((k) => describe?.options.find((o) => o.key === CHECK_OPTIONS[k])?.label ?? CHECK_OPTIONS[k]);

  // Who enters dice in this form, as [key, combatant or null, legend, dice count, group roll dice].
  const entries = [];
  if (form === "exchange") {
    for (const [who, c, other] of [["a", a, b], ["b", b, a]]) {
      entries.push(rolls(view, c.id, other.id) ? [who, c] : [who, null, `${c.name} scores her trait level (F95 4.33): no dice.`]);
    }
  } else if (form === "group") {
    entries.push(["a", a]);
    if (gmRoll && !foesFixed) entries.push(["gm", { name: "the GM" }, "GM's group roll", groupCount, view.group_roll?.dice]);
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
      put(event, "a_declares", declaresOf(side("a")));
      put(event, "b_declares", declaresOf(side("b")));
      // A fighter fixed at her trait level rolls no combat dice, but still her checks (CO 2.2, 4.3).
      put(event, "a_dice", rolls(view, a.id, b.id) ? diceOf(side("a")) : checksOnly(side("a")));
      put(event, "b_dice", rolls(view, b.id, a.id) ? diceOf(side("b")) : checksOnly(side("b")));
      return event;
    }
    if (form === "group") {
      const event = { t: "group", lone: a.id, foes: foes.map((f) => f.id) };
      put(event, "lone_declares", declaresOf(side("a"), true));
      put(event, "lone_dice", diceOf(side("a"), true));
      // The GM rolls once (F95 4.34): said even before his dice are in (`{}`, so the odds weigh
      // his roll; Resolve then asks for it).
      if (gmRoll && !foesFixed) event.group_roll = rollOf(side("gm"), groupCount) ?? {};
      else if (!foesFixed) {
        const each = {};
        foes.forEach((f) => { const d = diceOf(side(`f-${f.id}`)); if (Object.keys(d).length) each[f.id] = d; });
        put(event, "foe_dice", each);
      }
      if (gmRoll || foesFixed) {
        const each = {};
        foes.forEach((f) => { const d = checksOnly(side(`f-${f.id}`)); if (Object.keys(d).length) each[f.id] = d; });
        put(event, "foe_dice", each);
      }
      if (strike && foes.some((f) => f.id === strike)) event.targets = [strike];
      const declared = {};
      foes.forEach((f) => { const d = declaresOf(side(`f-${f.id}`)); if (Object.keys(d).length) declared[f.id] = d; });
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
      put(event, "shooter_declares", declaresOf(side("a")));
      put(event, "shooter_dice", diceOf(side("a")));
      // An unaware target declares nothing, but may still roll Willpower against a wound.
      put(event, "target_declares", declaresOf(shot.mode !== "unaware" ? side("b") : { ...side("b"), declares: {} }));
      put(event, "target_dice", shot.mode !== "unaware" ? diceOf(side("b")) : checksOnly(side("b")));
      return event;
    }
    const event = { t: "story", id: a.id, rolls: entries.map(([k]) => rollOf(side(k)) ?? {}) };
    if (story.skill && Object.hasOwn(a.fighter.skills ?? {}, story.skill)) event.skill = story.skill;
    if (Number(story.modifier)) event.modifier = Number(story.modifier);
    return event;
  }

  const ruleset = view.ruleset;
  // The GM's group roll (F95 4.34) is Fudge dice whatever the technique, as many as the view's
  // group_roll says; damage dice are the view's damage_dice (3d6 for Min-Mid-Max, F95 4.63).
  const fudgeDice = (n) => engine.request("roll", { ruleset, dice: n });
  const damageDice = () => engine.request("roll", { ruleset, ...(damage.d6 ? { d6: damage.count } : { dice: damage.count }) });
  const asFaces = (result) => [...result.faces, null, null, null, null].slice(0, 4);

  async function roll(who) {
    const key = slot(who);
    setRolling(who);
    const damaging = showDamage && damage.count && !["gm", "s1", "s2", "s3"].includes(who);
    const [main, dmg, graze] = await Promise.all([
      who === "gm" ? fudgeDice(groupCount) : engine.request("roll", { ruleset }),
      damaging ? damageDice() : null,
      damaging && damage.graze ? fudgeDice(damage.graze) : null,
    ]);
    setRolling(null);
    if (!main.ok) return setError(main.error.message);
    update(key, (prev) => {
      const next = { ...prev };
      if (/dF$/.test(main.result.dice)) {
        next.faces = asFaces(main.result);
        next.total = "";
      } else next.total = String(main.result.total);
      if (dmg?.ok) next.damage = asFaces(dmg.result);
      if (graze?.ok) next.graze = asFaces(graze.result);
      return next;
    });
  }

  /** Roll a fighter's shield check (the ruleset's technique, CO 2.2) and his damage checks (4dF each, CO 4.3). */
  async function rollChecks(who, hasShield, damageCheck, many) {
    const key = slot(who);
    setRolling(`checks-${who}`);
    const [shieldRoll, ...checks] = await Promise.all([
      hasShield ? engine.request("roll", { ruleset }) : null,
      ...(damageCheck ? [...Array(many).keys()].map(() => fudgeDice(4)) : []),
    ]);
    setRolling(null);
    const failed = [shieldRoll, ...checks].find((r) => r && !r.ok);
    if (failed) return setError(failed.error.message);
    update(key, (prev) => {
      const next = { ...prev };
      if (shieldRoll) {
        if (shieldRoll.result.dice === "4dF") { next.shield = asFaces(shieldRoll.result); next.shieldTotal = ""; }
        else next.shieldTotal = String(shieldRoll.result.total);
      }
      if (checks.length) next.checks = checks.map((c) => c.result.faces);
      return next;
    });
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
      const field = response.error.field ?? "";
      setError(response.error.message);
      if (/damage|graze/.test(field) || /damage dice/.test(response.error.message)) setShowDamage(true);
      // A check the engine asks for: show the checks, one more wound's entry when it names the next.
      if (/\.(check|shield|willpower|capacity_roll)(\[|$)/.test(field)) {
        setShowChecks(true);
        const nth = field.match(/lone_(?:dice\.check|declares\.willpower)\[(\d+)\]$/);
        if (nth) setWounds(Math.max(wounds, Number(nth[1]) + 1));
      }
      return;
    }
    setError(null);
    setSides({});
    setWounds(1);
  }

  // Fighters for a pick; one the engine would refuse in `role` is shown disabled, with the reason.
  const options = (selected, skip, role) => cs.filter((c) => c.id !== skip).map((c) => {
    const why = unable(c, role);
    return html`<option value=${c.id} selected=${c.id === selected} disabled=${!!why}>${why ? `${c.name} (${why})` : c.name}</option>`;
  });
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
          <${Field} id="ex-a" label=${first}><select id="ex-a" onChange=${(e) => setPick({ ...pick, a: e.currentTarget.value })}>${options(a.id, null, firstRole)}</select></${Field}>
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
                <input id=${`foe-${c.id}`} type="checkbox" checked=${foes.some((f) => f.id === c.id)} disabled=${!!unable(c, "foe")}
                  onChange=${(e) => toggleFoe(c.id, e.currentTarget.checked)} />
                <label for=${`foe-${c.id}`}><bdi>${c.name}</bdi>${unable(c, "foe") && html` <span class="unable">(${unable(c, "foe")})</span>`}</label></div>
              ${foes.some((f) => f.id === c.id) && html`<div class="field check">
                <input id=${`ignore-${c.id}`} type="checkbox" checked=${ignored.includes(c.id)}
                  onChange=${(e) => setIgnored(e.currentTarget.checked ? [...ignored, c.id] : ignored.filter((x) => x !== c.id))} />
                <label for=${`ignore-${c.id}`}>ignored (F93 4.64)</label></div>`}</div>`)}
          </fieldset>
          <div class="sheet-form">
            ${foesFixed ? html`<p class="hint wide">The foes score their trait levels (F95 4.33): no dice for them.</p>` : html`
              <div class="field check wide">
                <input id="gm-roll" type="checkbox" checked=${gmRoll} onChange=${(e) => setGmRoll(e.currentTarget.checked)} />
                <label for="gm-roll">The GM rolls once for all the foes (${view.group_roll?.dice}, F95 4.34)</label></div>`}
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
              <select id="rg-mode" onChange=${(e) => setShot({ ...chosenShot, mode: e.currentTarget.value })}>
                ${(labels.ranged_modes ?? []).map((m) => { const why = unable(b, m.value);
                  return html`<option value=${m.value} selected=${shot.mode === m.value} disabled=${!!why}>${why ? `${m.label} (${why})` : m.label}</option>`; })}
              </select></${Field}>
            <${Field} id="rg-weapon" label="Ranged weapon" wide>
              <select id="rg-weapon" onChange=${(e) => setShot({ ...chosenShot, weapon: e.currentTarget.value })}>
                ${(labels.ranged_weapons ?? []).map((w) => html`<option value=${w.value} selected=${shot.weapon === w.value}>${w.label}</option>`)}
              </select></${Field}>
            <${Field} id="rg-dl" label="Difficulty to hit">
              <select id="rg-dl" onChange=${(e) => setShot({ ...chosenShot, difficulty: Number(e.currentTarget.value) })}>${ladderOptions(describe, shot.difficulty)}</select></${Field}>
            ${shot.mode === "shoot_back" && html`<${Field} id="rg-dl-back" label="Difficulty of the return shot">
              <select id="rg-dl-back" onChange=${(e) => setShot({ ...chosenShot, target_difficulty: Number(e.currentTarget.value) })}>${ladderOptions(describe, shot.target_difficulty)}</select></${Field}>`}
            ${view.ranged?.burst && html`<${Field} id="rg-burst" label="Automatic fire: rounds in the burst">
              <input id="rg-burst" type="number" inputmode="numeric" min="1" max="1000" value=${shot.burst}
                onInput=${(e) => setShot({ ...chosenShot, burst: e.currentTarget.value })} /></${Field}>`}
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
          ${damage.count > 0 && html`<div class="field check">
            <input id="show-damage" type="checkbox" checked=${showDamage} onChange=${(e) => setShowDamage(e.currentTarget.checked)} />
            <label for="show-damage">Enter damage dice${damage.d6 ? ` (${view.damage_dice.dice}${damage.graze ? `; a graze: ${view.damage_dice.graze.dice}` : ""})` : ""}</label>
          </div>`}
          ${checkNames.length > 0 && html`<div class="field check">
            <input id="show-checks" type="checkbox" checked=${showChecks} onChange=${(e) => setShowChecks(e.currentTarget.checked)} />
            <label for="show-checks">Enter checks: ${checkNames.join(", ")}</label>
          </div>`}`}
        ${entries.map(([who, c, legend, count, groupDice]) => c === null
          ? html`<p class="hint" key=${who}>${legend}</p>`
          : html`<${DiceEntry} key=${who} who=${who} label=${c.name} legend=${legend}
              side=${side(who)} setSide=${setSide(who)} count=${count ?? view.roll_dice?.count ?? 4}
              fudge=${groupDice ? true : fudgeRoll} techniqueLabel=${groupDice ?? techniqueLabel}
              damage=${showDamage && damage.count && who !== "gm" && form !== "story" ? damage : null} busy=${rolling === who}
              onRoll=${() => roll(who)} />`)}
        ${showChecks && checkNames.length > 0 && struck.map(([who, c]) => html`<${ChecksEntry} key=${`checks-${who}`}
            who=${who} card=${c} wounds=${form === "group" && who === "a" ? wounds : 1}
            side=${side(who)} setSide=${setSide(who)} fudge=${fudgeRoll} techniqueLabel=${techniqueLabel}
            describe=${describe} busy=${rolling === `checks-${who}`}
            onRoll=${() => rollChecks(who, c.inputs.shield, c.inputs.damage_check,
              form === "group" && who === "a" ? wounds : 1)} />`)}
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
