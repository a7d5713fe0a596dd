// The round runner in thumb reach: what happens, who against whom (the suggested next pair when
// nothing is picked), one compact dice row per roller, declarations folded, the odds in one
// line; Roll all and Resolve in a bar fixed at the screen's foot with the last result and its
// Undo. One encounter event per Resolve. Every label, choice, role, which dice and checks apply
// come from the engine (describe, the view); a refusal's `asks` says which entry it wants.
import { html, useState } from "../vendor/preact-htm.mjs";
import { Field, choiceLabel, labelOf, fillNames } from "./ui.js";
import { blankSide, draftEvent, rolls, unable } from "./round-draft.js";
import { DiceEntry, ChecksEntry } from "./round-dice.js";
import { Declare } from "./round-declare.js";
import { GroupFields, RangedFields, StoryFields } from "./round-modes.js";
import { useRememberedPick, resolvePick } from "./round-pick.js";
import { useRoller } from "./round-roll.js";
import { ResultBar } from "./round-result.js";

const CHECK_INPUTS = { shield: "co.shield", damage_check: "co.damage_check", willpower: "wounds.willpower", capacity: "damage.capacity" };
const needsChecks = (card) => Object.values(card.inputs ?? {}).some(Boolean);

export function RoundPanel({ view, describe, apply, engine, session, preview }) {
  const cs = view.combatants;
  const labels = describe?.round ?? {};
  const [pick, setPick] = useRememberedPick(session.id);
  const [chosenKind, setKind] = useState(null);
  const [chosenFoes, setFoes] = useState(null);
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
  const [error, setError] = useState(null); // {message, who}
  if (cs.length < 2) return null;

  const { form, kind, role, a, b, offered } = resolvePick(view, pick, chosenKind);
  const foes = cs.filter((c) => c.id !== a.id && !unable(c, "foe")
    && (chosenFoes ? chosenFoes.includes(c.id) : (a.foes ?? []).includes(c.id)));
  // A target the engine would refuse in the chosen mode is fired at as unaware (F95 4.51, 4.62).
  const shot = unable(b, chosenShot.mode) ? { ...chosenShot, mode: "unaware" } : chosenShot;
  const rd = view.roll_dice ?? { dice: "4dF", count: 4, faces: true, low: -4, high: 4 };
  const damage = { count: view.damage_dice?.count ?? 0, d6: /d6$/.test(view.damage_dice?.dice ?? ""),
    graze: view.damage_dice?.graze?.count ?? 0 };
  const groupCount = view.group_roll?.count ?? 2;
  // Dice and declarations belong to the fighter in a slot, not to the slot: another fighter
  // starts blank; so do other damage dice (the rules changed).
  const owner = { a: a.id, b: b.id, gm: a.id, s1: a.id, s2: a.id, s3: a.id };
  const slot = (who) => `${who in owner ? `${who}:${owner[who]}` : who}:${view.damage_dice?.dice}:${view.damage_dice?.graze?.dice}`;
  const side = (who) => sides[slot(who)] ?? blankSide();
  const update = (key, change) => setSides((prev) => ({ ...prev, [key]: change(prev[key] ?? blankSide()) }));
  const setSide = (who) => (value) => update(slot(who), () => value);
  const foesFixed = foes.length > 0 && foes.every((f) => !rolls(view, f.id, a.id));

  // Who rolls in this form: {who, c, legend, count, low, high, fudge, group}; c null: no dice.
  const roller = (who, c, extra = {}) => ({ who, c, count: rd.count, low: rd.low, high: rd.high, fudge: rd.faces, ...extra });
  const rollers = [];
  if (form === "exchange") {
    for (const [who, c, other] of [["a", a, b], ["b", b, a]]) {
      rollers.push(rolls(view, c.id, other.id) ? roller(who, c) : roller(who, null, { legend: `${c.name} scores her trait level (F95 4.33): no dice.` }));
    }
  } else if (form === "group") {
    rollers.push(roller("a", a));
    if (gmRoll && !foesFixed) rollers.push(roller("gm", { name: "the GM" }, { legend: "GM's group roll", count: groupCount,
      low: -groupCount, high: groupCount, fudge: true, group: true }));
    else if (!foesFixed) foes.forEach((f) => rollers.push(roller(`f-${f.id}`, f)));
  } else if (form === "ranged") {
    rollers.push(roller("a", a));
    if (shot.mode !== "unaware") rollers.push(roller("b", b));
  } else {
    (story.three ? ["s1", "s2", "s3"] : ["s1"]).forEach((k, i) =>
      rollers.push(story.three ? roller(k, { name: `${a.name} (roll ${i + 1})` }, { legend: `${a.name}'s roll ${i + 1}` }) : roller(k, a)));
  }
  // Who may take a blow, and so make checks: [who, card].
  const struck = { exchange: [["a", a], ["b", b]], group: [["a", a], ...foes.map((f) => [`f-${f.id}`, f])],
    ranged: [["a", a], ["b", b]], story: [] }[form].filter(([, c]) => needsChecks(c));
  const checkNames = Object.keys(CHECK_INPUTS).filter((k) => struck.some(([, c]) => c.inputs[k]))
    .map((k) => describe?.options.find((o) => o.key === CHECK_INPUTS[k])?.label ?? CHECK_INPUTS[k]);
  const draft = () => draftEvent(view, { form, kind, a, b, foes, side, gmRoll, foesFixed, strike, ignored, space, shot, story, rollers });
  const roller_ = useRoller({ engine, ruleset: view.ruleset, damage, groupCount, update, slot, setError });

  async function rollAll() {
    const dmg = form !== "story" && damage.count > 0;
    if (dmg) setShowDamage(true);
    const checks = checkNames.length > 0 && form !== "story";
    if (checks) setShowChecks(true);
    await roller_.all(rollers.filter((r) => r.c), dmg, checks ? struck.map(([who, c]) => [who, c,
      form === "group" && who === "a" ? wounds : 1]) : []);
  }

  async function resolve(e) {
    e.preventDefault();
    const response = await apply(draft());
    if (!response.ok) {
      const asks = response.error.asks;
      setError({ message: response.error.message, who: asks?.who ?? null, input: asks?.input ?? null });
      if (asks?.input === "damage") setShowDamage(true);
      if (["check", "shield", "willpower", "capacity_roll"].includes(asks?.input)) {
        setShowChecks(true);
        if (asks.wound != null && asks.who === "a") setWounds(Math.max(wounds, asks.wound + 1));
      }
      return;
    }
    setError(null);
    setSides({});
    setWounds(1);
    setStrike("");
    setPick({ form, a: null, b: null }); // the view's next pair
  }

  // A refusal is shown once, next to the entry it names (its `asks.who`), else by Resolve.
  const shownSlots = [...rollers.filter((r) => r.c).map((r) => r.who),
    ...(showChecks ? struck.map(([who]) => `checks-${who}`) : [])];
  const isCheck = ["check", "shield", "willpower", "capacity_roll"].includes(error?.input);
  const target = error?.who && `${isCheck ? "checks-" : ""}${["a", "b"].includes(error.who) ? error.who : `f-${error.who}`}`;
  const placed = target && shownSlots.includes(target) ? target : null;
  const errorFor = (key) => (error && placed === key ? error.message : null);
  const options = (list, selected, r) => list.map((c) => {
    const why = unable(c, r);
    return html`<option value=${c.id} selected=${c.id === selected} disabled=${!!why}>${why ? `${c.name} (${why})` : c.name}${c.acted ? " ✓" : ""}</option>`;
  });
  const first = { exchange: "Fighter", group: "Lone fighter", ranged: "Shooter", story: "Fighter" }[form];
  const alternating = form === "exchange" && view.pacing === "alternating";
  const init = (view.initiative ?? []).find((i) => (i.a === a.id && i.b === b.id) || (i.a === b.id && i.b === a.id));
  const forms = view.forms ?? ["exchange"];
  const suggested = view.next && view.next.a === a.id && (form === "story" || view.next.b === b.id) && !pick.a;
  return html`
    <section class="card round-form" id="round" tabindex="-1" aria-labelledby="round-title">
      <div class="round-head">
        <h2 id="round-title">Round <span data-testid="round">${view.round}</span></h2>
        ${view.next?.round_over ? html`<p class="hint" data-testid="round-over">Everyone who can act has acted.</p>`
          : suggested ? html`<p class="hint" data-testid="suggested">Next: <bdi>${a.name}</bdi>${form !== "story" ? html` vs <bdi>${b.name}</bdi>` : null}</p>` : null}
      </div>
      <form class="exchange" id="round-form" onSubmit=${resolve} data-form=${form}>
        <div class="pick-row">
          ${forms.length > 1 && html`<${Field} id="ex-form" label="What happens">
            <select id="ex-form" onChange=${(e) => { setPick({ form: e.currentTarget.value, a: pick.a, b: pick.b }); setError(null); }}>
              ${forms.map((f) => html`<option value=${f} selected=${f === form}>${labelOf(labels.forms, f)}</option>`)}
            </select></${Field}>`}
          ${form === "exchange" && html`<${Field} id="ex-kind" label="Exchange">
            <select id="ex-kind" onChange=${(e) => setKind(e.currentTarget.value)}>
              ${(labels.exchange_kinds ?? []).map((k) => html`<option value=${k.value} selected=${kind === k.value}>${fillNames(k.label, a.name, b.name)}</option>`)}
            </select></${Field}>`}
          <${Field} id="ex-a" label=${first}><select id="ex-a" onChange=${(e) => setPick({ form, a: e.currentTarget.value, b: pick.b })}>${options(cs, a.id, role)}</select></${Field}>
          ${(form === "exchange" || form === "ranged") && html`
            <${Field} id="ex-b" label=${form === "ranged" ? "Target" : "Against"}><select id="ex-b" onChange=${(e) => setPick({ form, a: a.id, b: e.currentTarget.value })}>${options(offered, b.id)}</select></${Field}>`}
        </div>
        ${form === "group" && html`<${GroupFields} view=${view} labels=${labels} a=${a} foes=${foes} chosen=${foes} setFoes=${setFoes}
          ignored=${ignored} setIgnored=${setIgnored} gmRoll=${gmRoll} setGmRoll=${setGmRoll} foesFixed=${foesFixed}
          space=${space} setSpace=${setSpace} strike=${strike} setStrike=${setStrike} />`}
        ${form === "ranged" && html`<${RangedFields} view=${view} describe=${describe} labels=${labels} b=${b} shot=${shot} setShot=${setShot} />`}
        ${form === "story" && html`<${StoryFields} view=${view} describe=${describe} a=${a} story=${story} setStory=${setStory} />`}
        ${rollers.map((r) => r.c === null
          ? html`<p class="hint" key=${r.who}>${r.legend}</p>`
          : html`<${DiceEntry} key=${r.who} who=${r.who} label=${r.c.name} legend=${r.legend} side=${side(r.who)} setSide=${setSide(r.who)}
              count=${r.count} low=${r.low} high=${r.high} fudge=${r.fudge} error=${errorFor(r.who)}
              damage=${showDamage && damage.count && !r.group && form !== "story" ? damage : null}
              busy=${roller_.busy === r.who} onRoll=${() => roller_.one(r.who, r.group, showDamage && damage.count > 0 && !r.group && form !== "story")} />`)}
        ${form !== "story" && html`<details class="declare-all">
          <summary>Declare, damage dice and checks</summary>
          <${Declare} key=${`a-${a.id}`} who="a" label=${a.name} describe=${describe} view=${view} card=${a} side=${side("a")} setSide=${setSide("a")} />
          ${form !== "group" && !(form === "ranged" && shot.mode === "unaware") && html`
            <${Declare} key=${`b-${b.id}`} who="b" label=${b.name} describe=${describe} view=${view} card=${b} side=${side("b")} setSide=${setSide("b")} />`}
          ${form === "group" && foes.map((f) => html`<${Declare} key=${`f-${f.id}`} who=${`f-${f.id}`} label=${f.name} describe=${describe}
            view=${view} card=${f} side=${side(`f-${f.id}`)} setSide=${setSide(`f-${f.id}`)} />`)}
          ${damage.count > 0 && html`<div class="field check">
            <input id="show-damage" type="checkbox" checked=${showDamage} onChange=${(e) => setShowDamage(e.currentTarget.checked)} />
            <label for="show-damage">Enter damage dice${damage.d6 ? ` (${view.damage_dice.dice}${damage.graze ? `; a graze: ${view.damage_dice.graze.dice}` : ""})` : ""}</label>
          </div>`}
          ${checkNames.length > 0 && html`<div class="field check">
            <input id="show-checks" type="checkbox" checked=${showChecks} onChange=${(e) => setShowChecks(e.currentTarget.checked)} />
            <label for="show-checks">Enter checks: ${checkNames.join(", ")}</label>
          </div>`}
        </details>`}
        ${showChecks && checkNames.length > 0 && struck.map(([who, c]) => html`<${ChecksEntry} key=${`checks-${who}`}
            who=${who} card=${c} wounds=${form === "group" && who === "a" ? wounds : 1} error=${errorFor(`checks-${who}`)}
            side=${side(who)} setSide=${setSide(who)} fudge=${rd.faces} techniqueLabel=${choiceLabel(describe, "dice.technique", rd.dice)}
            describe=${describe} busy=${roller_.busy === `checks-${who}`}
            onRoll=${() => roller_.checks(who, c, form === "group" && who === "a" ? wounds : 1)} />`)}
        ${alternating && html`<div class="initiative">
          ${init ? html`<p class="hint" data-testid="initiative">Initiative: <bdi>${cs.find((c) => c.id === init.first)?.name}</bdi> attacks first.</p>`
            : html`<button type="button" onClick=${async () => {
              const first_ = await roller_.initiative(apply, a, b, side);
              if (first_) { setSides({}); setPick({ form, a: first_, b: first_ === a.id ? b.id : a.id }); }
            }}>Initiative with these dice</button>`}</div>`}
        ${preview?.(draft())}
        <${ResultBar} view=${view} apply=${apply} error=${error && !placed ? error.message : null}
          busy=${session.pending > 0} onRollAll=${rollAll} rolling=${roller_.busy === "all"} />
      </form>
      <div class="actions">
        <button type="button" onClick=${() => apply({ t: "next_round" })}>Next round</button>
        <button type="button" onClick=${() => apply({ t: "end_battle" })}>End of battle</button>
      </div>
    </section>`;
}
