// The round form's entries as the engine's event: one side's dice and declaration (what the
// player entered or the app rolled), and the event each form sends. Pure functions, no rule:
// which dice and checks a ruleset reads come from the view, every check of the event from the
// engine.

const four = () => [null, null, null, null];

/** What one fighter has entered: `faces` or `total` of his roll, damage and graze dice, his
 *  declaration, shield check (faces or total), a damage check's faces and a Willpower result per
 *  wound (CO 4.3; F95 4.52 no. 4), a Damage Capacity roll (F95 4.52); `rolls`: other rolls' totals
 *  by their dice field (the Speed roll, F95 4.36). */
export const blankSide = () => ({ faces: four(), total: "", damage: four(), graze: four(), declares: {},
  shield: four(), shieldTotal: "", checks: [four()], wills: [""], capacity: "", rolls: {} });

/** The roll as the engine reads it: a total, or faces; null when nothing is entered. */
export function rollOf(side, count = 4) {
  if (side.total !== "" && side.total !== null) return { total: Number(side.total) };
  if (side.faces.slice(0, count).some((f) => f !== null)) return { faces: side.faces.slice(0, count) };
  return null;
}

const lastGiven = (flags) => flags.lastIndexOf(true);

/** The fighter's dice for the event; `many`: the lone fighter of a group round, who gives one
 *  damage check per wound (the engine reads a list). */
export function diceOf(side, many = false) {
  const dice = {};
  const roll = rollOf(side);
  if (roll) dice.roll = roll;
  const damage = side.damage.filter((f) => f !== null);
  if (damage.length) dice.damage = damage;
  const graze = side.graze.filter((f) => f !== null);
  if (graze.length) dice.graze = graze;
  const shield = rollOf({ faces: side.shield, total: side.shieldTotal });
  if (shield) dice.shield = shield;
  for (const [key, total] of Object.entries(side.rolls ?? {})) if (total !== "") dice[key] = { total: Number(total) };
  const given = side.checks.map((c) => c.some((f) => f !== null));
  if (given.some(Boolean)) dice.check = many ? side.checks.slice(0, lastGiven(given) + 1) : side.checks[given.indexOf(true)];
  return dice;
}

/** The dice of a fighter who makes no combat roll: only his checks. */
export function checksOnly(side) {
  const { shield, check } = diceOf(side);
  return { ...(shield && { shield }), ...(check && { check }) };
}

/** The declaration with the Willpower results and Damage Capacity roll entered with the checks. */
export function declaresOf(side, many = false) {
  const declares = { ...side.declares };
  const wills = side.wills.slice(0, lastGiven(side.wills.map((w) => w !== "")) + 1).map((w) => (w === "" ? null : Number(w)));
  if (wills.length) declares.willpower = many ? wills : wills[0];
  if (side.capacity !== "") declares.capacity_roll = Number(side.capacity);
  return declares;
}

/** Why the engine would refuse `c` in `role` now (the view's `unable`, F95 4.51, 4.62), or null. */
export const unable = (c, role) => (role && c?.unable?.[role]) || null;

/** Does `a` roll against `b`? The view lists the pairs where she does not (F95 4.33). */
export const rolls = (view, a, b) => !(view.no_roll ?? []).some((p) => p.a === a && p.b === b);

const put = (event, key, value) => {
  if (value && (typeof value !== "object" || Object.keys(value).length)) event[key] = value;
};

/** The event of the round form's state `r`: {form, kind, a, b, foes, side(who), gmRoll,
 *  foesFixed, strike, ignored, space, shot, story, rollers}. */
export function draftEvent(view, r) {
  const { form, a, b, side } = r;
  if (form === "exchange") {
    const event = { t: "exchange", kind: r.kind, a: a.id, b: b.id };
    put(event, "a_declares", declaresOf(side("a")));
    put(event, "b_declares", declaresOf(side("b")));
    // A fighter fixed at her trait level rolls no combat dice, but still her checks (CO 2.2, 4.3).
    put(event, "a_dice", rolls(view, a.id, b.id) ? diceOf(side("a")) : checksOnly(side("a")));
    put(event, "b_dice", rolls(view, b.id, a.id) ? diceOf(side("b")) : checksOnly(side("b")));
    return event;
  }
  if (form === "group") {
    const event = { t: "group", lone: a.id, foes: r.foes.map((f) => f.id) };
    put(event, "lone_declares", declaresOf(side("a"), true));
    put(event, "lone_dice", diceOf(side("a"), true));
    const each = {};
    const declared = {};
    for (const f of r.foes) {
      const who = `f-${f.id}`;
      // The GM rolls once (F95 4.34), or the NPCs score their levels: the foes give only checks.
      const d = r.gmRoll || r.foesFixed ? checksOnly(side(who)) : diceOf(side(who));
      if (Object.keys(d).length) each[f.id] = d;
      const decl = declaresOf(side(who));
      if (Object.keys(decl).length) declared[f.id] = decl;
    }
    // Said even before his dice are in (`{}`, so the odds weigh his roll; Resolve asks for it).
    if (r.gmRoll && !r.foesFixed) event.group_roll = rollOf(side("gm"), view.group_roll?.count ?? 2) ?? {};
    put(event, "foe_dice", each);
    if (r.strike && r.foes.some((f) => f.id === r.strike)) event.targets = [r.strike];
    put(event, "foe_declares", declared);
    const skipped = r.ignored.filter((id) => r.foes.some((f) => f.id === id));
    if (skipped.length) event.ignored = skipped;
    if (r.space !== "open") event.space = r.space;
    return event;
  }
  if (form === "ranged") {
    const { shot } = r;
    const event = { t: "ranged", mode: shot.mode, shooter: a.id, target: b.id, weapon: shot.weapon,
      difficulty: Number(shot.difficulty) };
    if (shot.mode === "shoot_back") event.target_difficulty = Number(shot.target_difficulty);
    if (shot.burst !== "") event.burst = Number(shot.burst);
    put(event, "shooter_declares", declaresOf(side("a")));
    put(event, "shooter_dice", diceOf(side("a")));
    // An unaware target declares nothing, but may still roll Willpower against a wound.
    const aware = shot.mode !== "unaware";
    put(event, "target_declares", declaresOf(aware ? side("b") : { ...side("b"), declares: {} }));
    put(event, "target_dice", aware ? diceOf(side("b")) : checksOnly(side("b")));
    return event;
  }
  const event = { t: "story", id: a.id, rolls: r.rollers.map(({ who }) => rollOf(side(who)) ?? {}) };
  if (r.story.skill && Object.hasOwn(a.fighter.skills ?? {}, r.story.skill)) event.skill = r.story.skill;
  if (Number(r.story.modifier)) event.modifier = Number(r.story.modifier);
  return event;
}
