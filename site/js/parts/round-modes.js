// What each kind of round asks beyond "who against whom": several foes on one fighter (F95 4.34;
// F93 4.64), ranged fire (F95 4.4), a story element (F95 4.21). Choices and labels come from the
// engine (describe.round, the view); who may take which role from each card's `unable`.
import { html } from "../../vendor/preact-htm.mjs";
import { Field, choiceLabel, optionValue, ladderOptions } from "./ui.js";
import { unable } from "./round-draft.js";

/** The foes on the lone fighter (his foes only; the living first, the fallen folded behind one
 *  line), who is ignored (the book in force's section, F95/MUD 4.34, F93 4.64), the GM's one
 *  roll, the room, and whom he strikes if he may wound several. */
export function GroupFields({ view, labels, a, foes, chosen, setFoes, ignored, setIgnored, gmRoll, setGmRoll,
  foesFixed, space, setSpace, strike, setStrike, showFallen, setShowFallen }) {
  const offered = view.combatants.filter((c) => (a.foes ?? []).includes(c.id) || chosen.some((f) => f.id === c.id));
  const down = offered.filter((c) => !c.can_fight);
  const toggle = (id, on) => setFoes([...foes.map((f) => f.id).filter((x) => x !== id), ...(on ? [id] : [])]);
  const section = view.declare?.ignore ?? "F95 4.34";
  const pick = (c) => html`<div class="foe-pick" key=${c.id}>
    <div class="field check">
      <input id=${`foe-${c.id}`} type="checkbox" checked=${foes.some((f) => f.id === c.id)} disabled=${!!unable(c, "foe")}
        onChange=${(e) => toggle(c.id, e.currentTarget.checked)} />
      <label for=${`foe-${c.id}`}><bdi>${c.name}</bdi>${unable(c, "foe") && html` <span class="unable">(${unable(c, "foe")})</span>`}</label></div>
    ${foes.some((f) => f.id === c.id) && html`<div class="field check ignore">
      <input id=${`ignore-${c.id}`} type="checkbox" checked=${ignored.includes(c.id)}
        onChange=${(e) => setIgnored(e.currentTarget.checked ? [...ignored, c.id] : ignored.filter((x) => x !== c.id))} />
      <label for=${`ignore-${c.id}`}>ignored (${section})<span class="visually-hidden"> (${c.name})</span></label></div>`}</div>`;
  return html`
    <fieldset class="foe-picks">
      <legend>Foes on <bdi>${a.name}</bdi></legend>
      ${offered.filter((c) => c.can_fight).map(pick)}
      ${down.length > 0 && html`<button type="button" class="link-btn fallen-fold" aria-expanded=${showFallen ? "true" : "false"}
        onClick=${() => setShowFallen(!showFallen)}>${down.length} fallen: ${down.map((c) => c.name).join(", ")}</button>`}
      ${showFallen && down.map(pick)}
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
      <${Field} id="ex-strike" label="The lone fighter strikes" wide>
        <select id="ex-strike" onChange=${(e) => setStrike(e.currentTarget.value)}>
          <option value="" selected=${!strike}>the foe they may wound (chosen after the roll)</option>
          ${foes.map((f) => html`<option value=${f.id} selected=${strike === f.id}>${f.name}</option>`)}
        </select></${Field}>
    </div>`;
}

/** How the target meets the shot (modes they cannot take are shown, disabled, with the reason),
 *  the weapon, the difficulties, a burst's size under automatic fire. */
export function RangedFields({ view, describe, labels, a, b, shot, setShot }) {
  const set = (k, v) => setShot({ ...shot, [k]: v });
  // A burst's size is asked of a weapon that fires bursts (the card's gear_allows); any other's
  // stays folded, there for a GM who says otherwise.
  const burst = html`<${Field} id="rg-burst" label="Automatic fire: rounds in the burst">
    <input id="rg-burst" type="number" inputmode="numeric" min="1" max="1000" value=${shot.burst}
      onInput=${(e) => set("burst", e.currentTarget.value)} /></${Field}>`;
  return html`
    <div class="sheet-form">
      <${Field} id="rg-mode" label="The target" wide>
        <select id="rg-mode" onChange=${(e) => set("mode", e.currentTarget.value)}>
          ${(labels.ranged_modes ?? []).map((m) => { const why = unable(b, m.value);
            return html`<option value=${m.value} selected=${shot.mode === m.value} disabled=${!!why}>${why ? `${m.label} (${why})` : m.label}</option>`; })}
        </select></${Field}>
      <${Field} id="rg-weapon" label="Ranged weapon" wide>
        <select id="rg-weapon" onChange=${(e) => set("weapon", e.currentTarget.value)}>
          ${(labels.ranged_weapons ?? []).map((w) => html`<option value=${w.value} selected=${shot.weapon === w.value}>${w.label}</option>`)}
        </select></${Field}>
      <${Field} id="rg-dl" label="Difficulty to hit">
        <select id="rg-dl" onChange=${(e) => set("difficulty", Number(e.currentTarget.value))}>${ladderOptions(describe, shot.difficulty)}</select></${Field}>
      ${shot.mode === "shoot_back" && html`<${Field} id="rg-dl-back" label="Difficulty of the return shot">
        <select id="rg-dl-back" onChange=${(e) => set("target_difficulty", Number(e.currentTarget.value))}>${ladderOptions(describe, shot.target_difficulty)}</select></${Field}>`}
      ${view.ranged?.burst && (a.gear_allows?.burst || shot.burst !== "" ? burst
        : html`<details class="small" data-testid="burst-folded"><summary>Automatic fire (<bdi>${a.fighter.weapon?.name}</bdi> fires no bursts)</summary>${burst}</details>`)}
    </div>`;
}

/** A story element: the skill used, the GM's modifier, one roll or three. */
export function StoryFields({ view, describe, a, story, setStory }) {
  const skills = Object.keys(a.fighter.skills ?? {});
  return html`
    <div class="sheet-form">
      ${skills.length > 1 && html`<${Field} id="st-skill" label="Skill used">
        <select id="st-skill" onChange=${(e) => setStory({ ...story, skill: e.currentTarget.value })}>
          ${skills.map((k) => html`<option value=${k} selected=${(story.skill ?? a.fighter.attack_skill) === k}>${k}</option>`)}
        </select></${Field}>`}
      <${Field} id="st-mod" label="GM's modifier (−3 to +3)">
        <input id="st-mod" type="number" inputmode="numeric" min="-3" max="3" value=${story.modifier}
          onInput=${(e) => setStory({ ...story, modifier: e.currentTarget.value })} /></${Field}>
      <div class="field check">
        <input id="st-three" type="checkbox" checked=${story.three} onChange=${(e) => setStory({ ...story, three: e.currentTarget.checked })} />
        <label for="st-three">Three rolls (${choiceLabel(describe, "actions.story_aggregate", optionValue(view, describe, "actions.story_aggregate"))})</label></div>
    </div>`;
}
