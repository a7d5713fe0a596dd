// A fighter's sheet: the build form for a new combatant and the edit form of a card. It turns
// the form into the engine's fighter JSON; the engine validates it and says what is wrong.
import { html, useState } from "../../vendor/preact-htm.mjs";
import { Field, ladderOptions, optionValue } from "./ui.js";
import { GearFind } from "./gear-find.js";

// --- a fighter's sheet -------------------------------------------------------------------------

function catalogue(view, describe, key) {
  const list = optionValue(view, describe, key);
  return Array.isArray(list) ? list : [];
}

// The select's value for a piece of gear: its place in the catalogue, "default" for the books'
// unarmed / no armor when the catalogue has no such entry (view.gear_default), else "custom".
function gearChoice(list, thing, fallback) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const i = list.findIndex((x) => same(x, thing));
  return i >= 0 ? String(i) : fallback && same(fallback, thing) ? "default" : "custom";
}

function fromFighter(card, weapons, armors, boxes, gear) {
  // A new fighter is unarmed and unarmored by the books' values (view.gear_default), not a custom
  // weapon worth 0: the form's gear line says so until the GM picks something.
  const f = card?.fighter ?? { weapon: gear.weapon.value, armor: gear.armor.value };
  const w = f.weapon ?? gear.weapon.value;
  const a = f.armor ?? gear.armor.value;
  const wear = {
    weapon: gearChoice(weapons, w, gear.weapon.index === null && gear.weapon.value), w_name: w.name, w_size: w.size,
    w_sharp: w.sharp, w_magic: w.magic,
    armor: gearChoice(armors, a, gear.armor.index === null && gear.armor.value), a_name: a.name, a_value: a.value,
    a_cover: a.coverage ?? "",
  };
  if (!card) {
    return {
      name: "", side: "", role: "pc", role_picked: false, skills: [{ name: "Sword", level: 1 }], attack: 0, defence: "",
      strength: 0, damage_capacity: 0, strength_scale: 0, mass_scale: 0, ...wear,
      shield: "none", pain_threshold: "normal",
      resistance: "normal", tough_hide: 0, combat_reflexes: false, fudge_points: 0,
      own_boxes: false, boxes: [...boxes],
    };
  }
  const skills = Object.entries(f.skills).map(([name, level]) => ({ name, level }));
  const at = (n) => Math.max(0, skills.findIndex((k) => k.name === n));
  return {
    name: f.name, side: card.side, role: f.role, role_picked: true, skills, attack: at(f.attack_skill),
    defence: f.defence_skill ? String(at(f.defence_skill)) : "",
    strength: f.strength, damage_capacity: f.damage_capacity,
    strength_scale: f.strength_scale, mass_scale: f.mass_scale, ...wear,
    shield: f.shield, pain_threshold: f.pain_threshold, resistance: f.resistance,
    tough_hide: f.tough_hide, combat_reflexes: f.combat_reflexes, fudge_points: f.fudge_points,
    own_boxes: !!f.boxes, boxes: [...(f.boxes ?? boxes)],
  };
}

// An edit starts from the fighter as the engine holds him and overlays only what the form
// shows, so his other fields (speed, initiative, animal, a gun's own Strength…) survive it.
function toFighter(s, weapons, armors, card, gear) {
  // Rows as [name, level] pairs: the engine refuses a name written twice instead of merging.
  const skills = s.skills.map((k) => [k.name.trim(), Number(k.level)]);
  const name = (i) => s.skills[Number(i)]?.name.trim();
  const old = card?.fighter;
  const fighter = {
    ...old, name: s.name.trim(), role: s.role, skills, attack_skill: name(s.attack) ?? "",
    strength: Number(s.strength), damage_capacity: Number(s.damage_capacity),
    strength_scale: Number(s.strength_scale), mass_scale: Number(s.mass_scale),
    shield: s.shield, pain_threshold: s.pain_threshold, resistance: s.resistance,
    tough_hide: Number(s.tough_hide), combat_reflexes: s.combat_reflexes, fudge_points: Number(s.fudge_points),
  };
  // The engine keeps the wounds already taken when an edit gives no track.
  delete fighter.track;
  if (s.defence !== "") fighter.defence_skill = name(s.defence);
  else delete fighter.defence_skill;
  if (s.own_boxes) fighter.boxes = s.boxes.map(Number);
  else delete fighter.boxes;
  // A custom weapon or armor edits its own dict: the keys the form does not show stay.
  const start = fromFighter(card, weapons, armors, [], gear);
  const keep = (k, thing) => (card && s[k] === start[k] ? thing : {});
  // A weapon or armor picked by a search (js/parts/gear-find.js) from beyond the catalogue keeps its
  // own dict (a gun's muscle and gun fields) under what the form shows.
  fighter.weapon = s.weapon === "custom"
    ? { ...(s.w_base ?? keep("weapon", old?.weapon)), name: s.w_name.trim() || "Weapon", size: Number(s.w_size),
        sharp: Number(s.w_sharp), magic: Number(s.w_magic) }
    : s.weapon === "default" ? gear.weapon.value : weapons[Number(s.weapon)];
  fighter.armor = s.armor === "custom"
    ? { ...(s.a_base ?? keep("armor", old?.armor)), name: s.a_name.trim() || "Armor", value: Number(s.a_value),
        coverage: s.a_cover === "" ? null : Number(s.a_cover) }
    : s.armor === "default" ? gear.armor.value : armors[Number(s.armor)];
  if (old?.shield_state && s.shield === old.shield) fighter.shield_state = old.shield_state;
  else delete fighter.shield_state;
  return fighter;
}

// The most of one sheet a single add takes (the engine's own cap is the encounter's room).
const MOST = 20;

/** The form's fields for a piece of gear a search found: a catalogue entry by its place, anything
 * else as custom gear with its values. */
function pickGear(kind, hit) {
  const v = hit.value;
  if (kind === "weapon") {
    return hit.index !== null ? { weapon: String(hit.index) }
      : { weapon: "custom", w_name: v.name, w_size: v.size, w_sharp: v.sharp, w_magic: v.magic, w_base: v };
  }
  return hit.index !== null ? { armor: String(hit.index) }
    : { armor: "custom", a_name: v.name, a_value: v.value, a_cover: v.coverage ?? "", a_base: v };
}

export function FighterForm({ view, describe, apply, engine, prefix, card, done, templates = [], onRemoveTemplate }) {
  const weapons = catalogue(view, describe, "damage.weapons");
  const armors = catalogue(view, describe, "damage.armors");
  const boxes = catalogue(view, describe, "wounds.boxes");
  const gear = view.gear_default;
  // The sheet the form started from: his card (an edit), a template, or none (a blank sheet).
  // What the form does not show (an animal's defence, a gun's own Strength…) comes from it.
  const [base, setBase] = useState(card ?? null);
  const [s, setS] = useState(() => fromFighter(card, weapons, armors, boxes, gear));
  const [error, setError] = useState(null);
  const [count, setCount] = useState("1"); // how many of this sheet an add makes (not for an edit)
  const [added, setAdded] = useState(null); // {text, event, s, base}: the last add, offered again
  const [sheetOpen, setSheetOpen] = useState(false); // a template's sheet, unfolded
  const [moreOpen, setMoreOpen] = useState(!!card); // the rest of the sheet, unfolded (at once for an edit)
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

  const many = Math.trunc(Number(count));
  const template = !card && base ? base : null;
  const startFrom = (from, sheet) => {
    setBase(from);
    setS(sheet ?? fromFighter(from, weapons, armors, boxes, gear));
    setSheetOpen(false);
    setError(null);
  };
  // A template of the GM's own was stored on this device, perhaps by another version or by hand:
  // the engine reads it into a whole sheet (or says why it cannot) before the form takes it.
  async function pickTemplate(t) {
    if (!t.mine) return startFrom(t);
    const response = await engine.request("library.template", { fighter: t.fighter, side: t.side });
    if (!response.ok) return setError(`The template “${t.name}” cannot be used: ${response.error.message}`);
    const { side, fighter } = response.result;
    // One stored without a role has not picked one: it takes its side's, as the form's Role does.
    const role = "role" in t.fighter ? fighter.role : describe.role_by_side?.[side] ?? fighter.role;
    startFrom({ ...t, side, fighter: { ...fighter, name: t.fighter.name, role } });
  }
  // Until the GM picks a role, it follows the side (the engine's role_by_side: a foe is an NPC);
  // "By role" puts a player character on the players' side.
  const setSide = (e) => {
    const side = e.currentTarget.value;
    const role = s.role_picked ? s.role : describe.role_by_side?.[side || "players"] ?? s.role;
    setS({ ...s, side, role });
  };

  async function send(event, from, fromBase) {
    const response = await apply(event);
    if (!response.ok) return setError(response.error.message);
    setError(null);
    if (done) return done();
    // The engine numbers repeated names ("Goblin 1" … "Goblin 4"); the form starts afresh and
    // offers the same sheet again: one more like it, or back into the form to change it.
    const { count: _, ...one } = event;
    setAdded({ text: response.result.view.last?.text ?? "", event: one, s: from, base: fromBase });
    startFrom(null, fromFighter(null, weapons, armors, boxes, gear));
    setCount("1");
  }

  function submit(e) {
    e.preventDefault();
    const fighter = toFighter(s, weapons, armors, base, gear);
    const event = card ? { t: "edit", id: card.id, fighter } : { t: "add", fighter };
    if (s.side) event.side = s.side;
    if (!card && many !== 1) event.count = Number.isFinite(many) ? many : count;
    return send(event, s, base);
  }
  const step = (by) => setCount(String(Math.min(MOST, Math.max(1, (Number.isFinite(many) ? many : 1) + by))));

  // What a hasty GM fills comes first: side, the main skill, the gear by the players' words and
  // the gear chosen in a line; the rest of the sheet is folded (open when editing a card).
  const gearLine = `${gearName(s, "weapon", weapons, gear)} / ${gearName(s, "armor", armors, gear)}`;
  const first = html`
      <${Field} id=${id("side")} label="Side">
        <select id=${id("side")} onChange=${setSide}>
          <option value="" selected=${s.side === ""}>By role</option>
          <option value="players" selected=${s.side === "players"}>Players' side</option>
          <option value="foes" selected=${s.side === "foes"}>Foes' side</option>
        </select></${Field}>
      <${SkillRow} s=${s} setS=${setS} id=${id} describe=${describe} i=${0} />
      <${GearFind} id=${id("w_find")} kind="weapon" engine=${engine} view=${view}
        pick=${(hit) => setS({ ...s, ...pickGear("weapon", hit) })} />
      <${GearFind} id=${id("a_find")} kind="armor" engine=${engine} view=${view}
        pick=${(hit) => setS({ ...s, ...pickGear("armor", hit) })} />
      <p class="wide gear-chosen"><span class="chips-label">Gear</span>
        <output id=${id("gear")} data-testid="gear-chosen" aria-live="polite">${gearLine}</output></p>`;
  const rest = html`
      <${Field} id=${id("role")} label="Role"><select id=${id("role")}
        onChange=${(e) => setS({ ...s, role: e.currentTarget.value, role_picked: true })}>${choices("role")}</select></${Field}>
      <${Skills} s=${s} setS=${setS} id=${id} describe=${describe} />
      ${level("strength", "Strength")}
      ${level("damage_capacity", "Damage Capacity")}
      ${num("strength_scale", "Strength Scale")}
      ${num("mass_scale", "Mass Scale")}
      <${Field} id=${id("weapon")} label="Weapon" wide>
        <select id=${id("weapon")} onChange=${set("weapon")}>
          <option value="custom" selected=${s.weapon === "custom"}>Custom weapon…</option>
          ${gear.weapon.index === null && html`<option value="default" selected=${s.weapon === "default"}>${gear.weapon.value.name}</option>`}
          ${weapons.map((w, i) => html`<option value=${String(i)} selected=${s.weapon === String(i)}>${w.name}</option>`)}
        </select></${Field}>
      ${s.weapon === "custom" && html`
        <${Field} id=${id("w_name")} label="Weapon name" wide>
          <input id=${id("w_name")} maxlength="60" dir="auto" value=${s.w_name} onInput=${set("w_name")} /></${Field}>
        ${num("w_size", "Weapon size", -5, 20)}
        ${num("w_sharp", "Sharpness", 0, 5)}
        ${num("w_magic", "Magic", -5, 10)}`}
      <${ArmorFields} s=${s} setS=${setS} set=${set} id=${id} view=${view} describe=${describe} armors=${armors} gear=${gear} />
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
      <${OwnBoxes} s=${s} setS=${setS} set=${set} id=${id} describe=${describe} />`;
  const sheet = html`
      ${first}
      <div class="wide sheet-fold sheet-more">
        <button type="button" class="fold" aria-expanded=${moreOpen ? "true" : "false"} aria-controls=${id("more")}
          onClick=${() => setMoreOpen(!moreOpen)}>More of the sheet: role, Strength, gear values, shield…</button>
        ${moreOpen && html`<div class="sheet-form" id=${id("more")}>${rest}</div>`}
      </div>`;

  return html`
    <form class="sheet-form" onSubmit=${submit}>
      ${!card && templates.length > 0 && html`
        <${Templates} templates=${templates} chosen=${template} pick=${pickTemplate}
          clear=${() => startFrom(null, fromFighter(null, weapons, armors, boxes, gear))} onRemove=${onRemoveTemplate} />`}
      <${Field} id=${id("name")} label="Name" wide>
        <input id=${id("name")} required maxlength="80" dir="auto" value=${s.name} onInput=${set("name")} /></${Field}>
      ${!card && html`
        <div class="field count">
          <label for=${id("count")}>How many</label>
          <div class="stepper">
            <button type="button" aria-label="One fewer" disabled=${many <= 1} onClick=${() => step(-1)}>−</button>
            <input id=${id("count")} type="number" inputmode="numeric" min="1" max=${MOST} value=${count}
              onInput=${(e) => setCount(e.currentTarget.value)} />
            <button type="button" aria-label="One more" disabled=${many >= MOST} onClick=${() => step(1)}>+</button>
          </div>
        </div>`}
      ${template
        ? html`
          <div class="wide sheet-fold">
            <button type="button" class="fold" aria-expanded=${sheetOpen ? "true" : "false"} aria-controls=${id("sheet")}
              onClick=${() => setSheetOpen(!sheetOpen)}>Sheet: ${summary(s, describe, weapons, armors, gear)}</button>
            ${sheetOpen && html`<div class="sheet-form" id=${id("sheet")}>${sheet}</div>`}
          </div>`
        : sheet}
      ${error && html`<p class="error wide" role="alert">${error}</p>`}
      <div class="actions wide">
        ${done && html`<button type="button" onClick=${done}>Cancel</button>`}
        <button type="submit" class="primary">${card ? "Save changes" : many > 1 ? `Add ${many} combatants` : "Add combatant"}</button>
      </div>
      ${added && html`
        <div class="added wide" data-testid="added">
          <p class="hint" role="status">${added.text}</p>
          <div class="actions start">
            <button type="button" onClick=${() => send(added.event, added.s, added.base)}>Add another like this</button>
            <button type="button" onClick=${() => { startFrom(added.base, added.s); setAdded(null); }}>Change it and add</button>
          </div>
        </div>`}
    </form>`;
}

/** A sheet in a line: "NPC · Knife Fair · Knife, Light leather". */
function summary(s, describe, weapons, armors, gear) {
  const role = describe.fighter?.role?.find((r) => r.value === s.role)?.label ?? s.role;
  const level = (v) => describe.ladder?.find((l) => l.value === Number(v))?.name ?? v;
  const skill = s.skills[s.attack] ?? s.skills[0];
  return `${role} · ${skill?.name} ${level(skill?.level)} · ${gearName(s, "weapon", weapons, gear)}, ${gearName(s, "armor", armors, gear)}`;
}

/** What the form calls the weapon or armor chosen: the books' unarmed / no armor by the engine's
 * label (view.gear_default), else its name. */
function gearName(s, kind, list, gear) {
  const [pick, name] = kind === "weapon" ? [s.weapon, s.w_name] : [s.armor, s.a_name];
  const fallback = gear[kind];
  if (pick === "default" || (fallback.index !== null && pick === String(fallback.index))) return fallback.label;
  return pick === "custom" ? name.trim() || (kind === "weapon" ? "Weapon" : "Armor") : list[Number(pick)]?.name;
}

// Templates to start a sheet from: the engine's bestiary and the GM's own (js/data/library.js). A tap
// fills the form; the sheet then folds to one line, so that Name, How many and Add are in reach.
function Templates({ templates, chosen, pick, clear, onRemove }) {
  const groups = [["Bestiary", templates.filter((t) => !t.mine)], ["Your templates", templates.filter((t) => t.mine)]];
  return html`
    <div class="wide templates">
      ${groups.filter(([, list]) => list.length).map(([label, list]) => html`
        <div class="chips" role="group" aria-label=${label} key=${label}>
          <span class="chips-label" aria-hidden="true">${label}</span>
          ${list.map((t) => html`<button type="button" key=${t.key} class="chip" aria-pressed=${chosen?.key === t.key ? "true" : "false"}
            onClick=${() => (chosen?.key === t.key ? clear() : pick(t))}>${t.name}</button>`)}
        </div>`)}
      ${chosen && !chosen.mine && html`
        <details class="small template-source" data-testid="template-source">
          <summary>${chosen.house ? "House example" : "From the books"}: where its numbers come from</summary>
          <p class="hint">${chosen.source}</p>
        </details>`}
      ${chosen?.mine && onRemove && html`
        <p class="hint template-source">Your template.
          <button type="button" class="link-btn" onClick=${() => { clear(); onRemove(chosen); }}>Remove this template</button></p>`}
    </div>`;
}

// His combat skills (F95 4.23): rows of name and level; which one attacks, which one defends. The
// first row stands at the top of the form (SkillRow); the others, and the choice, in the fold.
function skillEdits(s, setS) {
  const setRow = (i, k) => (e) => {
    const skills = s.skills.map((row, j) => (j === i ? { ...row, [k]: e.currentTarget.value } : row));
    setS({ ...s, skills });
  };
  // Indexes after a removed row move up by one; a removed attack/defence skill falls back.
  const shift = (v, i) => (v === "" ? "" : Number(v) === i ? "" : String(Number(v) > i ? Number(v) - 1 : Number(v)));
  const remove = (i) => setS({ ...s, skills: s.skills.filter((_, j) => j !== i),
    attack: Number(shift(String(s.attack), i) || 0), defence: shift(s.defence, i) });
  return { setRow, remove };
}

function SkillRow({ s, setS, id, describe, i }) {
  const { setRow, remove } = skillEdits(s, setS);
  const row = s.skills[i];
  const suffix = i ? ` ${i + 1}` : "";
  return html`
    <div class=${s.skills.length > 1 ? "skill-row wide" : "skill-row wide alone"}>
      <${Field} id=${id(`skill-${i}`)} label=${`Combat skill${suffix}`}>
        <input id=${id(`skill-${i}`)} required maxlength="40" dir="auto" value=${row.name} onInput=${setRow(i, "name")} /></${Field}>
      <${Field} id=${id(`level-${i}`)} label=${`Skill level${suffix}`}>
        <select id=${id(`level-${i}`)} onChange=${setRow(i, "level")}>${ladderOptions(describe, Number(row.level))}</select></${Field}>
      ${s.skills.length > 1 && html`<button type="button" class="remove" onClick=${() => remove(i)}
        aria-label=${`Remove combat skill ${i + 1}`}>✕</button>`}
    </div>`;
}

function Skills({ s, setS, id, describe }) {
  const add = () => setS({ ...s, skills: [...s.skills, { name: "", level: 0 }] });
  const named = s.skills.map((k, i) => [i, k.name.trim() || `Skill ${i + 1}`]);
  return html`
    <fieldset class="wide skills">
      <legend>More combat skills</legend>
      ${s.skills.slice(1).map((_, j) => html`<${SkillRow} key=${j + 1} s=${s} setS=${setS} id=${id} describe=${describe} i=${j + 1} />`)}
      <button type="button" onClick=${add} disabled=${s.skills.length >= 12}>Add a skill</button>
      ${s.skills.length > 1 && html`
        <${Field} id=${id("attack")} label="Attacks with">
          <select id=${id("attack")} onChange=${(e) => setS({ ...s, attack: Number(e.currentTarget.value) })}>
            ${named.map(([i, n]) => html`<option value=${String(i)} selected=${i === s.attack}>${n}</option>`)}
          </select></${Field}>
        <${Field} id=${id("defence")} label="Defends with">
          <select id=${id("defence")} onChange=${(e) => setS({ ...s, defence: e.currentTarget.value })}>
            <option value="" selected=${s.defence === ""}>The attack skill</option>
            ${named.map(([i, n]) => html`<option value=${String(i)} selected=${String(i) === s.defence}>${n}</option>`)}
          </select></${Field}>`}
    </fieldset>`;
}

// Armor: from the catalogue, or custom; with Combat Options armor (CO 1) an Armor Value and a
// Coverage Value, which the CO 1.3 / 1.4 tables of the ruleset can fill in.
function ArmorFields({ s, setS, set, id, view, describe, armors, gear }) {
  const co = optionValue(view, describe, "co.armor");
  const materials = catalogue(view, describe, "co.armor_values");
  const types = catalogue(view, describe, "co.coverage_values");
  const pick = (list, k, from) => (e) => {
    const row = list[Number(e.currentTarget.value)];
    if (row) setS({ ...s, [k]: row[from] });
  };
  return html`
    <${Field} id=${id("armor")} label="Armor" wide>
      <select id=${id("armor")} onChange=${set("armor")}>
        <option value="custom" selected=${s.armor === "custom"}>Custom armor…</option>
        ${gear.armor.index === null && html`<option value="default" selected=${s.armor === "default"}>${gear.armor.value.name}</option>`}
        ${armors.map((a, i) => html`<option value=${String(i)} selected=${s.armor === String(i)}>${a.name}</option>`)}
      </select></${Field}>
    ${s.armor === "custom" && html`
      <${Field} id=${id("a_name")} label="Armor name" wide>
        <input id=${id("a_name")} maxlength="60" dir="auto" value=${s.a_name} onInput=${set("a_name")} /></${Field}>
      ${co && html`
        <${Field} id=${id("a_material")} label="Material (CO 1.3)">
          <select id=${id("a_material")} onChange=${pick(materials, "a_value", "value")}>
            <option value="">Choose…</option>
            ${materials.map((m, i) => html`<option value=${String(i)}>${m.name} (${m.value})</option>`)}
          </select></${Field}>`}
      <${Field} id=${id("a_value")} label=${co ? "Armor value (AV)" : "Armor value"}>
        <input id=${id("a_value")} type="number" inputmode="numeric" min="0" max="20" value=${s.a_value} onInput=${set("a_value")} /></${Field}>
      ${co && html`
        <${Field} id=${id("a_type")} label="Armor type (CO 1.4)">
          <select id=${id("a_type")} onChange=${pick(types, "a_cover", "coverage")}>
            <option value="">Choose…</option>
            ${types.map((t, i) => html`<option value=${String(i)}>${t.name} (${t.coverage})</option>`)}
          </select></${Field}>
        <${Field} id=${id("a_cover")} label="Coverage value (CV)">
          <input id=${id("a_cover")} type="number" inputmode="numeric" min="0" max="20" placeholder="not rated"
            value=${s.a_cover} onInput=${set("a_cover")} /></${Field}>`}`}`;
}

// His own wound boxes per level (F95 4.57: "the GM may give…"), labelled as the engine names
// the levels of the wounds.boxes table.
function OwnBoxes({ s, setS, set, id, describe }) {
  const labels = describe.tables?.["wounds.boxes"]?.labels ?? [];
  const setBox = (i) => (e) => setS({ ...s, boxes: s.boxes.map((v, j) => (j === i ? e.currentTarget.value : v)) });
  return html`
    <div class="field check wide">
      <input id=${id("own_boxes")} type="checkbox" checked=${s.own_boxes} onChange=${set("own_boxes")} />
      <label for=${id("own_boxes")}>Their own wound boxes</label>
    </div>
    ${s.own_boxes && html`
      <fieldset class="wide own-boxes">
        <legend>Wound boxes</legend>
        ${s.boxes.map((v, i) => html`
          <${Field} key=${i} id=${id(`box-${i}`)} label=${`${labels[i] ?? `Level ${i + 1}`} boxes`}>
            <input id=${id(`box-${i}`)} type="number" inputmode="numeric" min="0" max="10" value=${v} onInput=${setBox(i)} /></${Field}>`)}
      </fieldset>`}`;
}
