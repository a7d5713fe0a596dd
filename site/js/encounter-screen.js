// The encounter screen: everything here renders session.view (from the engine, or the last
// saved one before Python is up) and sends one event per user act through session.apply.
// No rule lives here: choices and labels come from the engine's `describe`, every number
// shown is one the view carries.
import { html, useState, useEffect, useReducer } from "../vendor/preact-htm.mjs";

/** "+2", "0", "−1" (a real minus sign). */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

const FACES = [
  { value: -1, symbol: "−", name: "minus" },
  { value: 0, symbol: "0", name: "blank" },
  { value: 1, symbol: "+", name: "plus" },
];

function useSession(session) {
  const [, force] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = session.subscribe(force);
    force(); // it may have changed between the first render and this effect
    return unsubscribe;
  }, [session]);
  return session;
}

/** The value of an option in the view's ruleset (its preset's default when not set). */
function optionValue(view, describe, key) {
  const set = view.ruleset?.options?.[key];
  if (set !== undefined) return set;
  const option = describe?.options.find((o) => o.key === key);
  return option?.defaults?.[view.ruleset?.preset];
}

function choiceLabel(describe, key, value) {
  const option = describe?.options.find((o) => o.key === key);
  return option?.choices?.find((c) => c.value === value)?.label ?? value;
}

function ladderOptions(describe, selected) {
  return (describe?.ladder ?? []).map(({ value, name }) =>
    html`<option value=${value} selected=${value === selected}>${name} (${signed(value)})</option>`);
}

function Field({ id, label, children, wide }) {
  return html`<div class=${wide ? "field wide" : "field"}><label for=${id}>${label}</label>${children}</div>`;
}

// --- the screen -------------------------------------------------------------------------------

export function EncounterScreen({ session, app }) {
  useSession(session);
  const { view, error } = session;
  const describe = app.describe;
  const busy = session.pending > 0;
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.view = view ? (session.live ? "live" : "saved") : "none";
    root.dataset.busy = busy ? "true" : "false";
  });
  if (!view) {
    return html`
      <nav class="crumbs"><a href="#/">← Encounters</a></nav>
      <section class="card">
        <h2>Encounter</h2>
        ${error ? html`<p class="error" role="alert">${error.message}</p>` : html`<p>Opening…</p>`}
      </section>`;
  }
  const apply = (event) => session.apply(event);
  const pacing = choiceLabel(describe, "melee.pacing", view.pacing);
  return html`
    <nav class="crumbs"><a href="#/">← Encounters</a><a href=${`#/e/${session.id}/share`}>Share</a></nav>
    <section class="card headline" aria-labelledby="enc-title">
      <h2 id="enc-title" class="enc-name"><bdi>${view.name}</bdi></h2>
      <p class="meta">Round <strong data-testid="round">${view.round}</strong> · ${pacing}</p>
      ${!session.live && html`<p class="hint">Saved copy — the engine is starting; what you do now is kept and applied in order.</p>`}
      ${error && html`<p class="error" role="alert">${error.message}</p>`}
    </section>
    <section aria-labelledby="fighters-title" class="stack-lg">
      <h2 id="fighters-title" class="section-title">Combatants</h2>
      ${view.combatants.length === 0 && html`<p class="hint card">No combatants yet: add them below.</p>`}
      ${view.combatants.map((c) => html`<${Card} key=${c.id} c=${c} view=${view} describe=${describe} apply=${apply} />`)}
      <${Pairs} view=${view} />
    </section>
    <${ExchangePanel} view=${view} describe=${describe} apply=${apply} engine=${app.engine} />
    <${LastResult} view=${view} />
    <${LogPanel} view=${view} apply=${apply} />
    <details class="card" id="add-fighter">
      <summary>Add a combatant</summary>
      <${FighterForm} view=${view} describe=${describe} apply=${apply} prefix="new" />
    </details>
    <${RulesForm} view=${view} describe=${describe} apply=${apply} />
  `;
}

// --- combatants ---------------------------------------------------------------------------------

function Card({ c, view, describe, apply }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState(null);
  const track = c.track;
  const sideLabel = c.side === "players" ? "Players' side" : "Foes' side";
  const role = describe?.fighter?.role?.find((r) => r.value === c.role)?.label ?? c.role;

  async function act(event) {
    const response = await apply(event);
    setError(response.ok ? null : response.error.message);
    return response;
  }

  return html`
    <article class=${`card fighter side-${c.side}`} aria-labelledby=${`name-${c.id}`} data-id=${c.id}>
      <header class="fighter-head">
        <h3 id=${`name-${c.id}`}><bdi>${c.name}</bdi></h3>
        <p class="meta">${role} · ${sideLabel}</p>
      </header>
      <p class=${c.can_fight ? "status" : "status out"} data-testid="status">${c.status}</p>
      <${Track} c=${c} act=${act} describe=${describe} />
      <p class="factors">
        <span>ODF <strong data-testid="odf">${signed(c.odf.total)}</strong></span>
        <span>DDF <strong data-testid="ddf">${signed(c.ddf.total)}</strong></span>
        ${c.fighter.fudge_points ? html`<span>Points <strong data-testid="points">${c.fighter.fudge_points}</strong></span>` : null}
      </p>
      <details class="small">
        <summary>Damage factors of ${c.name}</summary>
        <ul class="parts">
          ${[...c.odf.parts, ...c.ddf.parts].map((p, i) =>
            html`<li key=${i}>${p.label}: ${signed(p.value)} <span class="sec">${p.section}</span></li>`)}
        </ul>
      </details>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="actions">
        <button type="button" onClick=${() => setEditing(!editing)} aria-expanded=${editing ? "true" : "false"}>
          ${editing ? "Close" : "Edit"}
        </button>
        <${WoundButton} c=${c} describe=${describe} act=${act} />
        <${HealButton} c=${c} describe=${describe} act=${act} />
        <button type="button" onClick=${() => act({ t: "remove", id: c.id })}>Remove</button>
      </div>
      ${editing && html`<${FighterForm} view=${view} describe=${describe} apply=${apply} prefix=${`edit-${c.id}`}
        card=${c} done=${() => setEditing(false)} />`}
    </article>`;
}

function Track({ c, act, describe }) {
  const track = c.track;
  const levelName = (v) => describe?.wound_levels?.[v]?.name
    ?? track.rows?.find((r) => r.level === v)?.name ?? String(v);
  if (!track.rows) {
    return html`<p class="sheet">${track.sheet}</p>`;
  }
  return html`
    <div class="track" role="group" aria-label=${`Wound track of ${c.name}`}>
      ${track.rows.map((row, ri) => html`
        <div class="track-row" key=${ri}>
          <span class="level">${row.name}</span>
          <span class="boxes">
            ${row.boxes.map((v, i) => {
              const state = v === 0 ? "empty" : v === row.level || track.kind === "co" ? "marked"
                : `marked ${levelName(v)}`;
              const mark = v === 0 ? "" : v === row.level || track.kind === "co" ? "✕" : levelName(v)[0];
              const value = v ? 0 : track.kind === "co" ? 1 : row.level;
              return html`<button type="button" key=${i} class=${v ? "box marked" : "box"}
                aria-pressed=${v ? "true" : "false"} aria-label=${`${row.name} box ${i + 1}, ${state}`}
                onClick=${() => act({ t: "box", id: c.id, row: ri, index: i, value })}>${mark}</button>`;
            })}
          </span>
        </div>`)}
      ${track.stun ? html`<p class="stun">${track.stun_name}</p>` : null}
    </div>`;
}

function HealButton({ c, describe, act }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState(1);
  const id = `heal-${c.id}`;
  if (!open) return html`<button type="button" onClick=${() => setOpen(true)}>Heal</button>`;
  return html`
    <form class="heal" onSubmit=${async (e) => {
      e.preventDefault();
      const response = await act({ t: "heal", id: c.id, how: "skill", result: Number(result) });
      if (response.ok) setOpen(false);
    }}>
      <label for=${id}>Healer's result</label>
      <select id=${id} onChange=${(e) => setResult(Number(e.currentTarget.value))}>${ladderOptions(describe, result)}</select>
      <button type="submit" class="primary">Heal ${c.name}</button>
      <button type="button" onClick=${() => setOpen(false)}>Cancel</button>
    </form>`;
}

function WoundButton({ c, describe, act }) {
  const [open, setOpen] = useState(false);
  const [level, setLevel] = useState(1);
  const id = `wound-${c.id}`;
  if (!open) return html`<button type="button" onClick=${() => setOpen(true)}>Wound</button>`;
  return html`
    <form class="heal" onSubmit=${async (e) => {
      e.preventDefault();
      const response = await act({ t: "wound", id: c.id, level: Number(level) });
      if (response.ok) setOpen(false);
    }}>
      <label for=${id}>Wound level</label>
      <select id=${id} onChange=${(e) => setLevel(Number(e.currentTarget.value))}>
        ${(describe?.wound_levels ?? []).filter((w) => w.value > 0).map((w) =>
          html`<option value=${w.value} selected=${w.value === level}>${w.name}</option>`)}
      </select>
      <button type="submit" class="primary">Record the wound</button>
      <button type="button" onClick=${() => setOpen(false)}>Cancel</button>
    </form>`;
}

function Pairs({ view }) {
  if (!view.pairs.length) return null;
  const name = (id) => view.combatants.find((c) => c.id === id)?.name ?? id;
  return html`
    <div class="card">
      <h3>Total damage factors</h3>
      <ul class="pairs">
        ${view.pairs.map((p) => html`<li key=${p.a + p.b}><bdi>${name(p.a)}</bdi> vs <bdi>${name(p.b)}</bdi>: <strong>${signed(p.tdf)}</strong></li>`)}
      </ul>
    </div>`;
}

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

function FighterForm({ view, describe, apply, prefix, card, done }) {
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

function ExchangePanel({ view, describe, apply, engine }) {
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

  async function resolve(e) {
    e.preventDefault();
    const event = { t: "exchange", kind: exchangeKind, a: a.id, b: b.id };
    if (Object.keys(sides.a.declares).length) event.a_declares = sides.a.declares;
    if (Object.keys(sides.b.declares).length) event.b_declares = sides.b.declares;
    const aDice = diceOf(sides.a);
    const bDice = diceOf(sides.b);
    if (Object.keys(aDice).length) event.a_dice = aDice;
    if (Object.keys(bDice).length) event.b_dice = bDice;
    const response = await apply(event);
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
        <button type="submit" class="primary big">Resolve</button>
      </form>
      <div class="actions">
        <button type="button" onClick=${() => apply({ t: "next_round" })}>Next round</button>
        <button type="button" onClick=${() => apply({ t: "end_battle" })}>End of battle</button>
      </div>
    </section>`;
}

// --- what happened --------------------------------------------------------------------------------

function LastResult({ view }) {
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

function LogPanel({ view, apply }) {
  return html`
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title">Log</h2>
      <div class="actions">
        <button type="button" disabled=${!view.can_undo} onClick=${() => apply({ t: "undo" })}>Undo</button>
        <button type="button" disabled=${!view.can_redo} onClick=${() => apply({ t: "redo" })}>Redo</button>
      </div>
      ${view.log.length
        ? html`<ol class="log" data-testid="log">${view.log.map((line, i) => html`<li key=${i} dir="auto">${line}</li>`)}</ol>`
        : html`<p class="hint">Nothing has happened yet.</p>`}
    </section>`;
}

// --- rules ----------------------------------------------------------------------------------------

function RulesForm({ view, describe, apply }) {
  const [preset, setPreset] = useState(view.ruleset.preset);
  const [options, setOptions] = useState(view.ruleset.options ?? {});
  const [error, setError] = useState(null);
  const [saved, setSaved] = useState(false);
  if (!describe) return null;
  const groups = [];
  for (const o of describe.options) {
    if (o.kind === "table") continue;
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
    setSaved(false);
  };
  const id = (o) => `opt-${o.key.replace(/\W/g, "-")}`;
  const control = (o) => {
    if (o.kind === "choice") {
      return html`<select id=${id(o)} onChange=${(e) => set(o, e.currentTarget.value)}>
        ${o.choices.map((c) => html`<option value=${c.value} selected=${c.value === value(o)}>${c.label}</option>`)}</select>`;
    }
    if (o.kind === "bool") {
      return html`<input id=${id(o)} type="checkbox" checked=${!!value(o)} onChange=${(e) => set(o, e.currentTarget.checked)} />`;
    }
    return html`<input id=${id(o)} type="number" inputmode="numeric" value=${value(o)}
      onInput=${(e) => e.currentTarget.value !== "" && set(o, Number(e.currentTarget.value))} />`;
  };
  async function submit(e) {
    e.preventDefault();
    const response = await apply({ t: "rules", ruleset: { preset, options } });
    setError(response.ok ? null : response.error.message);
    setSaved(response.ok);
  }
  const changed = Object.keys(view.ruleset.options ?? {}).length;
  const presetLabel = describe.presets.find((p) => p.key === view.ruleset.preset)?.label ?? view.ruleset.preset;
  return html`
    <details class="card" id="rules">
      <summary>Rules: ${presetLabel}${changed ? `, ${changed} option${changed > 1 ? "s" : ""} changed` : ""}</summary>
      <form class="rules-form" onSubmit=${submit}>
        <div class="field">
          <label for="rules-preset">Preset</label>
          <select id="rules-preset" onChange=${(e) => { setPreset(e.currentTarget.value); setSaved(false); }}>
            ${describe.presets.map((p) => html`<option value=${p.key} selected=${p.key === preset}>${p.label}</option>`)}
          </select>
        </div>
        ${groups.map((g) => html`
          <fieldset key=${g.name} class="group">
            <legend>${g.name}</legend>
            ${g.options.map((o) => html`
              <div class=${o.kind === "bool" ? "field check" : "field"} key=${o.key}>
                ${o.kind === "bool" ? [control(o), html`<label for=${id(o)}>${o.label} <span class="sec">${o.section}</span></label>`]
                  : [html`<label for=${id(o)}>${o.label} <span class="sec">${o.section}</span></label>`, control(o)]}
              </div>`)}
          </fieldset>`)}
        ${error && html`<p class="error" role="alert">${error}</p>`}
        ${saved && html`<p class="hint" role="status">Rules changed.</p>`}
        <button type="submit" class="primary">Use these rules</button>
      </form>
    </details>`;
}
