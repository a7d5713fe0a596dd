// The round runner in thumb reach: what happens, who against whom (the view's suggested next
// pair when nothing is picked), one compact dice row per roller, declarations folded, the odds in
// one line; Roll all and Resolve in a bar fixed at the screen's foot with the last result and its
// Undo (which gives the form back as it was), or Roll initiative, or Next round at the round's end.
// One encounter event per Resolve. Every label, choice, role, which dice and checks apply
// come from the engine (describe, the view); a refusal's `asks` says which entry it wants.
import { html, useEffect, useRef, useState } from "../../vendor/preact-htm.mjs";
import { choiceLabel } from "./ui.js";
import { useLiveTable } from "../data/live-table.js";
import { playerAsks, takePlayerRoll, sameRoll, playerDeclares, takePlayerDeclares, declaredMark, PlayerDeclared } from "./round-players.js";
import { blankSide, draftEvent, rollOf, rolls, unable } from "./round-draft.js";
import { DiceEntry, ChecksEntry } from "./round-dice.js";
import { DeclareAll, QuickDeclare } from "./round-declare.js";
import { GroupFields, RangedFields, StoryFields } from "./round-modes.js";
import { PickRow, useRememberedPick, resolvePick, pacingOption, pacingEvent } from "./round-pick.js";
import { planRound } from "./round-plan.js";
import { useRoller } from "./round-roll.js";
import { ResultBar } from "./round-result.js";

const CHECK_INPUTS = ["check", "shield", "willpower", "capacity_roll"];
const DECLARED = ["speed", "location_check"];

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
  const [chosenShot, setShot] = useState({ mode: "aware", weapon: null, difficulty: 0, target_difficulty: 0, burst: "" });
  const [showFallen, setShowFallen] = useState(false);
  const [story, setStory] = useState({ three: false, modifier: 0 });
  const [error, setError] = useState(null); // {message, who, input}
  const [declaring, setDeclaring] = useState(false); // the declarations unfolded by a refusal
  const [rolled, setRolled] = useState({ damage: false, checks: false }); // entries Roll all unfolded
  const damage = { count: view.damage_dice?.count ?? 0, d6: !!view.damage_dice?.d6, graze: view.damage_dice?.graze?.count ?? 0 };
  const roller = useRoller({ engine, ruleset: view.ruleset, fudge: view.roll_dice?.faces ?? true, damage,
    groupCount: view.group_roll?.count ?? 2, setError,
    update: (who, change) => setSides((prev) => ({ ...prev, [slot(who)]: keepBy(prev[slot(who)], change(prev[slot(who)] ?? blankSide())) })) });
  // The live table: the rolls and declarations this form wants of players at the table, and
  // theirs put in it.
  const table = useLiveTable(session.id);
  const live = useRef({ asks: [], declares: [], slot: null });
  useEffect(() => {
    const put = (who, take) => {
      const key = live.current.slot(who);
      setSides((prev) => ({ ...prev, [key]: take(prev[key] ?? blankSide()) }));
    };
    table?.setAsks(view.ruleset, live.current, {
      onRoll: ({ ask, roll, name }) => put(ask.who, (s) => takePlayerRoll(s, ask, roll, name)),
      onDeclare: ({ ask, declared, name }) => put(ask.who, (s) => takePlayerDeclares(s, ask, declared, name)),
    });
  });
  useEffect(() => () => table?.setAsks(null, { asks: [], declares: [] }, {}), [table]);
  live.current = { asks: [], declares: [], slot: null };
  const latest = useRef(null); // this render's submit (below)
  // The form as it was at the last Resolve, and the view's event count after it: the Undo that
  // follows at once gives it back (the dice entered included), as the GM is fixing one die.
  const taken = useRef(null);
  useEffect(() => {
    const t = taken.current;
    if (!t || !view.undone || view.events !== t.events + 1) return;
    taken.current = null;
    setSides(t.sides);
    setWounds(t.wounds);
    setStrike(t.strike);
    setShowDamage(t.showDamage);
    setShowChecks(t.showChecks);
    setPick(t.pick);
  }, [view.events]);
  if (cs.length < 2) return null;

  const { form, kind, role, a, b, offered } = resolvePick(view, pick, chosenKind);
  const foes = cs.filter((c) => c.id !== a.id && !unable(c, "foe")
    && (chosenFoes ? chosenFoes.includes(c.id) : (a.foes ?? []).includes(c.id)));
  // A target the engine would refuse in the chosen mode is fired at as unaware (F95 4.51, 4.62).
  // The weapon as the shooter's card says it fires (a javelin is thrown), until one is chosen.
  const aimed = { ...chosenShot, weapon: chosenShot.weapon ?? a.shoots ?? "propelled" };
  const shot = unable(b, aimed.mode) ? { ...aimed, mode: "unaware" } : aimed;
  const foesFixed = foes.length > 0 && foes.every((f) => !rolls(view, f.id, a.id));
  // Dice and declarations belong to the fighter in a slot, not to the slot: another fighter
  // starts blank; so do other damage dice (the rules changed).
  const owner = { a: a.id, b: b.id, gm: a.id, s1: a.id, s2: a.id, s3: a.id };
  function slot(who) {
    return `${who in owner ? `${who}:${owner[who]}` : who}:${view.damage_dice?.dice}:${view.damage_dice?.graze?.dice}`;
  }
  const side = (who) => sides[slot(who)] ?? blankSide();
  // A roll the GM changes is no longer the player's.
  const setSide = (who) => (value) => setSides((prev) => ({ ...prev, [slot(who)]: keepBy(prev[slot(who)], value) }));
  const round = { form, kind, a, b, foes, side, gmRoll, foesFixed, strike, ignored, space, shot, story };
  const { rollers, struck, checkNames } = planRound(view, round);
  const draft = () => draftEvent(view, { ...round, rollers });
  const wantsDamage = (r) => damage.count > 0 && !r.group && form !== "story";
  const woundsOf = (who) => (form === "group" && who === "a" ? wounds : 1);

  // One tap rolls every die the round may read — the rolls, damage dice and checks — for each
  // roller with nothing entered yet (all of them again once every roll is in): a player's own
  // dice entered, "Roll the rest" rolls the foes'.
  const dice = rollers.filter((r) => r.c);
  const playing = table?.playing ?? new Set();
  const asks = playerAsks(view, { form, a, b, foes, rollers, side });
  live.current = { asks, declares: [], slot };
  // Players at the table roll their own: Roll all leaves them to it (a second tap rolls for them).
  const theirs = new Set(asks.filter((ask) => playing.has(ask.cid)).map((ask) => ask.who));
  const waiting = dice.filter((r) => rollOf(side(r.who), r.count) === null);
  const ours = waiting.filter((r) => !theirs.has(r.who));
  const rolling = ours.length ? ours : waiting.length ? waiting : dice;
  async function rollAll() {
    const withDamage = form !== "story" && damage.count > 0;
    const withChecks = form !== "story" && checkNames.length > 0;
    // Shown while the rolled dice are in the form; folded again after Resolve (`rolled`).
    setRolled({ damage: !showDamage && withDamage, checks: !showChecks && withChecks });
    setShowDamage(showDamage || withDamage);
    setShowChecks(showChecks || withChecks);
    const blank = (who) => !side(who).checks.some((c) => c.some((f) => f !== null)) && rollOf({ faces: side(who).shield, total: side(who).shieldTotal }) === null;
    await roller.all(rolling, withDamage, withChecks ? struck.filter(([who]) => blank(who)).map(([who, c]) => [who, c, woundsOf(who)]) : []);
  }

  // Resolve tapped while Roll all's dice are on their way resolves with them once they land (and
  // the form has drawn them): the form's latest submit, not this render's.
  latest.current = submit;
  async function resolve(e) {
    e.preventDefault();
    const landing = roller.landing();
    if (!landing) return submit();
    await landing;
    await new Promise((drawn) => setTimeout(drawn));
    return latest.current();
  }

  function submit() {
    // The form's reset lands in the render that shows the answer: one render, one paint.
    return apply(draft(), { shown: true, then: (response) => answered(response) });
  }

  function answered(response) {
    if (!response.ok) {
      const asks = response.error.asks;
      setError({ message: response.error.message, who: asks?.who ?? null, input: asks?.input ?? null });
      if (asks?.input === "damage") setShowDamage(true);
      if (DECLARED.includes(asks?.input)) setDeclaring(true); // a declaration it asks for: unfold them
      if (CHECK_INPUTS.includes(asks?.input)) {
        setShowChecks(true);
        if (asks.wound != null && asks.who === "a") setWounds(Math.max(wounds, asks.wound + 1));
      }
      return;
    }
    setError(null);
    taken.current = { events: response.result.view.events, sides, wounds, strike, showDamage, showChecks,
      pick: { form, a: a.id, b: form === "story" ? null : b.id } };
    setSides({});
    setWounds(1);
    if (rolled.damage) setShowDamage(false);
    if (rolled.checks) setShowChecks(false);
    setRolled({ damage: false, checks: false });
    setStrike("");
    // The next action starts afresh: the view's next pair in the mode that fits it.
    setPick({ form: null, a: null, b: null });
    setKind(null);
    setFoes(null);
    setIgnored([]);
    setShot({ ...chosenShot, weapon: null });
  }

  // A refusal is shown once: next to the entry it names (its `asks.who`), else by Resolve.
  const shown = [...rollers.filter((r) => r.c).map((r) => r.who), ...(showChecks ? struck.map(([who]) => `checks-${who}`) : [])];
  const target = error?.who && `${CHECK_INPUTS.includes(error.input) ? "checks-" : ""}${["a", "b"].includes(error.who) ? error.who : `f-${error.who}`}`;
  const placed = target && shown.includes(target) ? target : null;
  const errorFor = (key) => (error && placed === key ? error.message : null);
  const declarers = [["a", a], ...(form === "group" ? foes.map((f) => [`f-${f.id}`, f])
    : form === "ranged" && shot.mode === "unaware" ? [] : [["b", b]])];
  if (form !== "story") live.current.declares = playerDeclares(view, describe, declarers, side);
  // The common declarations one tap away, for the two fighters of an exchange or a shot and the lone fighter.
  const quick = form === "story" ? [] : declarers.map(([who]) => who).filter((who) => who === "a" || who === "b");
  const alternating = form === "exchange" && view.pacing === "alternating";
  const init = (view.initiative ?? []).find((i) => (i.a === a.id && i.b === b.id) || (i.a === b.id && i.b === a.id));
  const suggested = !pick.a && view.next?.a === a.id && (form === "story" || view.next.b === b.id);
  // What the bar offers: the round's end once everyone who can act has (unless the GM picks a
  // pair or enters dice by hand: Resolve comes back), initiative at an alternating round's start,
  // else the exchange.
  const step = view.next?.round_over && !pick.a && !Object.keys(sides).length ? "over"
    : alternating && !init ? "initiative" : "play";
  async function initiative(own) {
    const first = await roller.initiative(apply, a, b, side, own);
    if (!first) return;
    if (!own) setSides({}); // the dice entered were the initiative roll
    setPick({ form, a: first, b: first === a.id ? b.id : a.id });
  }
  const entered = rollOf(side("a")) !== null && rollOf(side("b")) !== null;
  return html`
    <section class="card round-form" id="round" tabindex="-1" aria-labelledby="round-title">
      <div class="round-head">
        <h2 id="round-title">${view.heading}</h2>
        ${view.next?.round_over ? html`<p class="hint" data-testid="round-over">${view.over
            ? "Pick two fighters to fight again, or heal from a fighter's card." : "Everyone who can act has acted."}</p>`
          : suggested ? html`<p class="hint" data-testid="suggested">Next: <bdi>${a.name}</bdi>${form !== "story" ? html` vs <bdi>${b.name}</bdi>` : null}</p>` : null}
      </div>
      <form class="exchange" id="round-form" onSubmit=${resolve} data-form=${form}>
        <${PickRow} view=${view} labels=${labels} form=${form} kind=${kind} role=${role} a=${a} b=${b} offered=${offered}
          pacing=${pacingOption(describe)} onPacing=${(value) => apply(pacingEvent(view, pacingOption(describe), value))}
          onForm=${(f, k, lone) => { setPick({ ...pick, form: f, ...(lone ? { a: lone } : {}) }); setKind(k); setError(null); }}
          onA=${(id) => setPick({ ...pick, a: id })} onB=${(id) => setPick({ ...pick, a: a.id, b: id })}
          showFallen=${showFallen} onShowFallen=${() => setShowFallen(true)} />
        ${form !== "story" && a.gear_allows && !a.gear_allows.forms.includes(form)
          && html`<p class="hint" data-testid="gear-warning">Note: <bdi>${a.gear_allows.why}</bdi>.</p>`}
        ${form === "group" && html`<${GroupFields} view=${view} labels=${labels} a=${a} foes=${foes} chosen=${foes} setFoes=${setFoes}
          showFallen=${showFallen} setShowFallen=${setShowFallen}
          ignored=${ignored} setIgnored=${setIgnored} gmRoll=${gmRoll} setGmRoll=${setGmRoll} foesFixed=${foesFixed}
          space=${space} setSpace=${setSpace} strike=${strike} setStrike=${setStrike} />`}
        ${form === "ranged" && html`<${RangedFields} view=${view} describe=${describe} labels=${labels} a=${a} b=${b} shot=${shot} setShot=${setShot} />`}
        ${form === "story" && html`<${StoryFields} view=${view} describe=${describe} a=${a} story=${story} setStory=${setStory} />`}
        ${rollers.map((r) => [r.c === null
          ? html`<p class="hint" key=${r.who}>${r.legend}</p>`
          : html`<${DiceEntry} key=${r.who} who=${r.who} label=${r.c.name} legend=${r.legend} side=${side(r.who)} setSide=${setSide(r.who)}
              count=${r.count} low=${r.low} high=${r.high} fudge=${r.fudge} error=${errorFor(r.who)}
              technique=${choiceLabel(describe, "dice.technique", view.roll_dice?.dice)} totalHint=${describe?.totals?.[view.roll_dice?.dice]}
              damage=${showDamage && wantsDamage(r) ? damage : null} busy=${roller.busy === r.who}
              player=${theirs.has(r.who) ? (side(r.who).by ?? "waiting") : null}
              onRoll=${() => roller.one(r, showDamage && wantsDamage(r))} />`,
          quick.includes(r.who) && html`<${QuickDeclare} key=${`quick-${r.who}`} view=${view} describe=${describe}
            card=${r.who === "a" ? a : b} side=${side(r.who)} setSide=${setSide(r.who)} />`])}
        <${PlayerDeclared} marks=${form !== "story" ? declarers.map(([who]) => declaredMark(side(who))).filter(Boolean) : []} />
        ${form !== "story" && html`<${DeclareAll} view=${view} describe=${describe} damage=${damage} open=${declaring}
          events=${form === "exchange" ? (alternating && !init ? ["exchange", "initiative"] : ["exchange"]) : [form]}
          fighters=${declarers.map(([who, card]) => ({ who, card, side: side(who), setSide: setSide(who) }))}
          showDamage=${showDamage} setShowDamage=${setShowDamage} checkNames=${checkNames} showChecks=${showChecks} setShowChecks=${setShowChecks} />`}
        ${showChecks && checkNames.length > 0 && struck.map(([who, c]) => html`<${ChecksEntry} key=${`checks-${who}`}
            who=${who} card=${c} wounds=${woundsOf(who)} error=${errorFor(`checks-${who}`)}
            side=${side(who)} setSide=${setSide(who)} fudge=${view.roll_dice?.faces ?? true}
            techniqueLabel=${choiceLabel(describe, "dice.technique", view.roll_dice?.dice)}
            describe=${describe} busy=${roller.busy === `checks-${who}`} onRoll=${() => roller.checks(who, c, woundsOf(who))} />`)}
        ${alternating && html`<div class="initiative">
          ${init ? html`<p class="hint" data-testid="initiative">Initiative: <bdi>${cs.find((c) => c.id === init.first)?.name}</bdi> attacks first.</p>`
            : entered ? html`<button type="button" onClick=${() => initiative(false)}>Initiative with these dice</button>`
            : html`<p class="hint">Who attacks first: Roll initiative, or enter both fighters' dice for it.</p>`}</div>`}
        <${ResultBar} view=${view} apply=${apply} error=${error && !placed ? error.message : null}
          session=${session} step=${step} onRollAll=${rollAll} onInitiative=${() => initiative(true)}
          rolling=${roller.busy === "all"}
          rollLabel=${rolling.length < dice.length ? "Roll the rest" : "Roll all"} />
        ${preview?.(draft())}
      </form>
      ${step !== "over" && html`<div class="actions">
        <button type="button" onClick=${() => apply({ t: "next_round" })}>Next round</button>
        <button type="button" onClick=${() => apply({ t: "end_battle" })}>End of battle</button>
      </div>`}
    </section>`;
}

/** next, with the player's mark (`by`) kept only while the roll is the one the player sent. */
function keepBy(prev, next) {
  return prev?.by && sameRoll(prev, next) ? next : { ...next, by: null };
}
