// A fighter's sheet: the build form for a new combatant and the edit form of a card. It turns
// the form into the engine's fighter JSON; the engine validates it and says what is wrong.
import { html, useState } from "../vendor/preact-htm.mjs";
import { Field, ladderOptions, optionValue } from "./ui.js";

// --- a fighter's sheet -------------------------------------------------------------------------

function catalogue(view, describe, key) {
  const list = optionValue(view, describe, key);
  return Array.isArray(list) ? list : [];
}

function fromFighter(card, weapons, armors) {
  if (!card) {
    return {
      name: "", side: "", role: "pc", skill: "Sword", level: 1, dskill: "", dlevel: 0,
      strength: 0, damage_capacity: 0, strength_scale: 0, mass_scale: 0,
      weapon: "custom", w_name: "", w_size: 0, w_sharp: 0, w_magic: 0,
      armor: "custom", a_name: "", a_value: 0, shield: "none", pain_threshold: "normal",
      resistance: "normal", tough_hide: 0, combat_reflexes: false, fudge_points: 0,
    };
  }
  const f = card.fighter;
  const skills = Object.entries(f.skills);
  const attack = skills.find(([n]) => n === f.attack_skill) ?? skills[0];
  const defence = f.defence_skill && f.defence_skill !== attack[0] ? skills.find(([n]) => n === f.defence_skill) : null;
  const wi = weapons.findIndex((w) => JSON.stringify(w) === JSON.stringify(f.weapon));
  const ai = armors.findIndex((a) => JSON.stringify(a) === JSON.stringify(f.armor));
  return {
    name: f.name, side: card.side, role: f.role, skill: attack[0], level: attack[1],
    dskill: defence ? defence[0] : "", dlevel: defence ? defence[1] : 0,
    strength: f.strength, damage_capacity: f.damage_capacity,
    strength_scale: f.strength_scale, mass_scale: f.mass_scale,
    weapon: wi >= 0 ? String(wi) : "custom", w_name: f.weapon.name, w_size: f.weapon.size,
    w_sharp: f.weapon.sharp, w_magic: f.weapon.magic,
    armor: ai >= 0 ? String(ai) : "custom", a_name: f.armor.name, a_value: f.armor.value,
    shield: f.shield, pain_threshold: f.pain_threshold, resistance: f.resistance,
    tough_hide: f.tough_hide, combat_reflexes: f.combat_reflexes, fudge_points: f.fudge_points,
  };
}

function toFighter(s, weapons, armors, card) {
  const skills = { [s.skill.trim()]: Number(s.level) };
  const fighter = {
    name: s.name.trim(), role: s.role, skills, attack_skill: s.skill.trim(),
    strength: Number(s.strength), damage_capacity: Number(s.damage_capacity),
    strength_scale: Number(s.strength_scale), mass_scale: Number(s.mass_scale),
    shield: s.shield, pain_threshold: s.pain_threshold, resistance: s.resistance,
    tough_hide: Number(s.tough_hide), combat_reflexes: s.combat_reflexes, fudge_points: Number(s.fudge_points),
  };
  if (s.dskill.trim()) {
    skills[s.dskill.trim()] = Number(s.dlevel);
    fighter.defence_skill = s.dskill.trim();
  }
  fighter.weapon = s.weapon === "custom"
    ? { name: s.w_name.trim() || "Weapon", size: Number(s.w_size), sharp: Number(s.w_sharp), magic: Number(s.w_magic) }
    : weapons[Number(s.weapon)];
  fighter.armor = s.armor === "custom"
    ? { name: s.a_name.trim() || "Armor", value: Number(s.a_value) }
    : armors[Number(s.armor)];
  if (card?.fighter.shield_state && s.shield === card.fighter.shield) fighter.shield_state = card.fighter.shield_state;
  return fighter;
}

export function FighterForm({ view, describe, apply, prefix, card, done }) {
  const weapons = catalogue(view, describe, "damage.weapons");
  const armors = catalogue(view, describe, "damage.armors");
  const [s, setS] = useState(() => fromFighter(card, weapons, armors));
  const [error, setError] = useState(null);
  if (!describe) return html`<p class="hint">Loading the rules…</p>`;
  const id = (k) => `${prefix}-${k}`;
  const set = (k) => (e) => {
    const t = e.currentTarget;
    setS({ ...s, [k]: t.type === "checkbox" ? t.checked : t.value });
  };
  const choices = (key) => (describe.fighter?.[key] ?? []).map((c) =>
    html`<option value=${c.value} selected=${c.value === s[key]}>${c.label}</option>`);
  const num = (k, label, min = -40, max = 40) => html`<${Field} id=${id(k)} label=${label}>
    <input id=${id(k)} type="number" inputmode="numeric" min=${min} max=${max} value=${s[k]} onInput=${set(k)} /></${Field}>`;
  const level = (k, label) => html`<${Field} id=${id(k)} label=${label}>
    <select id=${id(k)} onChange=${set(k)}>${ladderOptions(describe, Number(s[k]))}</select></${Field}>`;

  async function submit(e) {
    e.preventDefault();
    const fighter = toFighter(s, weapons, armors, card);
    const event = card ? { t: "edit", id: card.id, fighter } : { t: "add", fighter };
    if (s.side) event.side = s.side;
    const response = await apply(event);
    if (!response.ok) return setError(response.error.message);
    setError(null);
    if (done) done();
    else setS(fromFighter(null, weapons, armors));
  }

  return html`
    <form class="sheet-form" onSubmit=${submit}>
      <${Field} id=${id("name")} label="Name" wide>
        <input id=${id("name")} required maxlength="80" dir="auto" value=${s.name} onInput=${set("name")} /></${Field}>
      <${Field} id=${id("role")} label="Role"><select id=${id("role")} onChange=${set("role")}>${choices("role")}</select></${Field}>
      <${Field} id=${id("side")} label="Side">
        <select id=${id("side")} onChange=${set("side")}>
          <option value="" selected=${s.side === ""}>By role</option>
          <option value="players" selected=${s.side === "players"}>Players' side</option>
          <option value="foes" selected=${s.side === "foes"}>Foes' side</option>
        </select></${Field}>
      <${Field} id=${id("skill")} label="Combat skill">
        <input id=${id("skill")} required maxlength="40" dir="auto" value=${s.skill} onInput=${set("skill")} /></${Field}>
      ${level("level", "Skill level")}
      <${Field} id=${id("dskill")} label="Defence skill (if another)">
        <input id=${id("dskill")} maxlength="40" dir="auto" value=${s.dskill} onInput=${set("dskill")} /></${Field}>
      ${level("dlevel", "Defence level")}
      ${level("strength", "Strength")}
      ${level("damage_capacity", "Damage Capacity")}
      ${num("strength_scale", "Strength Scale")}
      ${num("mass_scale", "Mass Scale")}
      <${Field} id=${id("weapon")} label="Weapon" wide>
        <select id=${id("weapon")} onChange=${set("weapon")}>
          <option value="custom" selected=${s.weapon === "custom"}>Custom weapon…</option>
          ${weapons.map((w, i) => html`<option value=${String(i)} selected=${s.weapon === String(i)}>${w.name}</option>`)}
        </select></${Field}>
      ${s.weapon === "custom" && html`
        <${Field} id=${id("w_name")} label="Weapon name" wide>
          <input id=${id("w_name")} maxlength="60" dir="auto" value=${s.w_name} onInput=${set("w_name")} /></${Field}>
        ${num("w_size", "Weapon size", -5, 20)}
        ${num("w_sharp", "Sharpness", 0, 5)}
        ${num("w_magic", "Magic", -5, 10)}`}
      <${Field} id=${id("armor")} label="Armor" wide>
        <select id=${id("armor")} onChange=${set("armor")}>
          <option value="custom" selected=${s.armor === "custom"}>Custom armor…</option>
          ${armors.map((a, i) => html`<option value=${String(i)} selected=${s.armor === String(i)}>${a.name}</option>`)}
        </select></${Field}>
      ${s.armor === "custom" && html`
        <${Field} id=${id("a_name")} label="Armor name" wide>
          <input id=${id("a_name")} maxlength="60" dir="auto" value=${s.a_name} onInput=${set("a_name")} /></${Field}>
        ${num("a_value", "Armor value", 0, 20)}`}
      <${Field} id=${id("shield")} label="Shield"><select id=${id("shield")} onChange=${set("shield")}>${choices("shield")}</select></${Field}>
      <${Field} id=${id("pain_threshold")} label="Pain threshold">
        <select id=${id("pain_threshold")} onChange=${set("pain_threshold")}>${choices("pain_threshold")}</select></${Field}>
      <${Field} id=${id("resistance")} label="Damage resistance">
        <select id=${id("resistance")} onChange=${set("resistance")}>${choices("resistance")}</select></${Field}>
      ${num("tough_hide", "Tough Hide", 0, 10)}
      ${num("fudge_points", "Fudge/Meta Points", 0, 99)}
      <div class="field check wide">
        <input id=${id("combat_reflexes")} type="checkbox" checked=${s.combat_reflexes} onChange=${set("combat_reflexes")} />
        <label for=${id("combat_reflexes")}>Combat Reflexes</label>
      </div>
      ${error && html`<p class="error wide" role="alert">${error}</p>`}
      <div class="actions wide">
        ${done && html`<button type="button" onClick=${done}>Cancel</button>`}
        <button type="submit" class="primary">${card ? "Save changes" : "Add combatant"}</button>
      </div>
    </form>`;
}
