// Dice the way tables roll them: one compact row per roller — a total picker over the totals the
// view's roll_dice allows — with the faces of each die a tap away, damage dice when the ruleset
// reads them, and each fighter's checks (shield, damage check, Willpower, Damage Capacity) only
// when his card's `inputs` says the engine may ask for them.
import { html, useState } from "../../vendor/preact-htm.mjs";
import { FACES, Field, signed, ladderOptions } from "./ui.js";

// A six-sided die's faces, for the 3d6 of Min-Mid-Max damage (F95 4.63).
export const D6 = [1, 2, 3, 4, 5, 6].map((v) => ({ value: v, symbol: String(v), name: String(v) }));

/** One die: a button per face (−/0/+ for a Fudge die, 1–6 for a d6), pressed again to clear;
 *  each named with the die and whose it is ("Die 1: plus, Aldric"). */
export function DieToggle({ title, owner, value, onPick, faces = FACES }) {
  return html`
    <fieldset class=${faces === D6 ? "die-toggle d6-toggle" : "die-toggle"}>
      <legend>${title}</legend>
      ${faces.map((f) => html`<button type="button" class="face-btn" aria-pressed=${value === f.value ? "true" : "false"}
          aria-label=${`${title}: ${f.name}, ${owner}`} onClick=${() => onPick(value === f.value ? null : f.value)}>${f.symbol}</button>`)}
    </fieldset>`;
}

/** The roll's total as one row of radio buttons, low…high (one tab stop; arrows move). Each value
 * is given as the string the input holds: Preact sets a value that differs from the input's, so a
 * number was written again into every radio on every render. */
export function TotalPicker({ id, label, low, high, value, onPick }) {
  const totals = [];
  for (let t = low; t <= high; t++) totals.push(t);
  return html`
    <fieldset class="total-picker" style=${{ "--n": totals.length }}>
      <legend class="visually-hidden">${label}</legend>
      ${totals.map((t) => html`<input type="radio" key=${t} id=${`${id}-${t}`} name=${id} value=${String(t)}
          checked=${value !== "" && Number(value) === t} onChange=${() => onPick(String(t))} />
        <label for=${`${id}-${t}`} aria-label=${`${label}: ${signed(t)}`}>${signed(t)}</label>`)}
    </fieldset>`;
}

/** One roller's dice: total picker; on tap, the faces and a Roll for this roller alone (Roll all
 *  rolls for every roller with nothing entered); damage dice (`damage`: {count, d6, graze} or null).
 *  `player`: a player at the live table rolls these — "waiting", or their roll ({name, text}). */
export function DiceEntry({ who, label, legend, side, setSide, fudge, technique, totalHint, count, low, high, damage, onRoll, busy, error, player }) {
  const [showFaces, setShowFaces] = useState(false);
  const setFace = (key, i, v) => {
    const list = [...side[key]];
    list[i] = v;
    // Faces entered replace a total picked (and the other way round): one reading of the roll.
    setSide({ ...side, [key]: list, ...(key === "faces" && { total: "" }) });
  };
  const dieRow = (key, i, title, faces) => html`<${DieToggle} key=${key + i} title=${`${title} ${i + 1}`} owner=${label} value=${side[key][i]}
    faces=${faces} onPick=${(v) => setFace(key, i, v)} />`;
  const facesTotal = fudge && side.faces.slice(0, count).every((f) => f !== null)
    ? side.faces.slice(0, count).reduce((s, f) => s + f, 0) : null;
  const shown = side.total !== "" ? side.total : facesTotal ?? "";
  const name = legend ?? `${label}'s dice`;
  return html`
    <fieldset class="dice-entry" aria-label=${name}>
      <legend><bdi>${name}</bdi></legend>
      <div class="dice-tools">
        ${!fudge && technique && html`<span class="hint technique">${technique}: the total</span>`}
        ${fudge && side.faces.some((f) => f !== null) && html`<span class="faces-read" aria-hidden="true">${side.faces.map((f) =>
          f === null ? "·" : FACES.find((x) => x.value === f).symbol).join(" ")}</span>`}
        <button type="button" class="link-btn" aria-expanded=${showFaces ? "true" : "false"}
          onClick=${() => setShowFaces(!showFaces)}>${showFaces ? "Hide" : fudge ? "Faces" : "More"}</button>
      </div>
      ${player && html`<p class="hint player-roll" data-testid="player-roll" role="status">${player === "waiting"
        ? html`<bdi>${label}</bdi>'s player rolls on their phone…` : html`<bdi>${player.name}</bdi> rolled <strong>${player.text}</strong>`}</p>`}
      <${TotalPicker} id=${`total-${who}`} label=${`${label}'s total`} low=${low} high=${high} value=${shown}
        onPick=${(t) => setSide({ ...side, total: t, faces: [null, null, null, null] })} />
      ${!fudge && totalHint && html`<p class="hint small-print">The total is ${totalHint}.</p>`}
      ${showFaces && html`<div class="faces-row">${fudge ? [...Array(count).keys()].map((i) => dieRow("faces", i, "Die")) : null}
        <button type="button" class="roll-btn" onClick=${onRoll} aria-busy=${busy ? "true" : null}>Roll for <bdi>${label}</bdi> alone</button></div>`}
      ${damage && html`<div class="damage-dice faces-row">${[...Array(damage.count).keys()].map((i) =>
        dieRow("damage", i, "Damage die", damage.d6 ? D6 : FACES))}${[...Array(damage.graze).keys()].map((i) =>
        dieRow("graze", i, "Graze die", FACES))}</div>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </fieldset>`;
}

/** One fighter's checks: shield check, a damage check and a Willpower result per wound, Damage
 *  Capacity roll — each only when his card's `inputs` says the engine may ask for it. */
export function ChecksEntry({ who, card, wounds, side, setSide, fudge, techniqueLabel, describe, onRoll, busy, error }) {
  const use = card.inputs ?? {};
  const nth = (i, text) => (wounds > 1 ? `${text}, wound ${i + 1}` : text);
  const setAt = (key, i, value) => { const list = [...side[key]]; list[i] = value; setSide({ ...side, [key]: list }); };
  const setCheck = (w, i, v) => { const c = [...(side.checks[w] ?? [null, null, null, null])]; c[i] = v; setAt("checks", w, c); };
  const range = [...Array(wounds).keys()];
  const ladder = (id, label, value, onPick) => html`<${Field} id=${id} label=${label}>
    <select id=${id} onChange=${(e) => onPick(e.currentTarget.value)}>
      <option value="" selected=${value === ""}>not rolled</option>
      ${ladderOptions(describe, value === "" ? null : Number(value))}
    </select></${Field}>`;
  return html`
    <fieldset class="dice-entry checks-entry" aria-label=${`${card.name}'s checks`}>
      <legend><bdi>${card.name}</bdi>'s checks</legend>
      ${use.shield && html`<div class="check-dice">
        ${fudge ? html`<div class="faces-row">${[0, 1, 2, 3].map((i) => html`<${DieToggle} key=${`s${i}`} title=${`Shield die ${i + 1}`} owner=${card.name}
          value=${side.shield[i]} onPick=${(v) => setAt("shield", i, v)} />`)}</div>` : html`<p class="hint">Shield check: ${techniqueLabel}</p>`}
        <div class="field inline">
          <label for=${`shield-total-${who}`}>${fudge ? "or the shield check's total" : "Shield check total"}</label>
          <input id=${`shield-total-${who}`} type="number" inputmode="numeric" value=${side.shieldTotal}
            onInput=${(e) => setSide({ ...side, shieldTotal: e.currentTarget.value })} />
        </div></div>`}
      ${use.damage_check && range.map((w) => html`<div class="check-dice faces-row" key=${`c${w}`}>
        ${[0, 1, 2, 3].map((i) => html`<${DieToggle} key=${i} owner=${card.name} title=${wounds > 1 ? `Wound ${w + 1} check die ${i + 1}` : `Damage check die ${i + 1}`}
          value=${side.checks[w]?.[i] ?? null} onPick=${(v) => setCheck(w, i, v)} />`)}</div>`)}
      ${use.willpower && range.map((w) => html`<div key=${`w${w}`}>
        ${ladder(`will-${who}-${w}`, nth(w, "Willpower result"), side.wills[w] ?? "", (v) => setAt("wills", w, v))}</div>`)}
      ${use.capacity && ladder(`capacity-${who}`, "Damage Capacity roll", side.capacity, (v) => setSide({ ...side, capacity: v }))}
      ${(use.shield || use.damage_check) && html`<button type="button" class="roll-btn" onClick=${onRoll} aria-busy=${busy ? "true" : null}>
        Roll checks for <bdi>${card.name}</bdi></button>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </fieldset>`;
}
