"""A lone fighter against several foes (F95 4.34, F93 4.64) and ranged fire (F95 4.4, F93 4.65):
reading their events (also for the odds before the dice are in, :mod:`pyfudge.preview`) and
applying them to the encounter's state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..combat import declaration, group_blows, multi, ranged, sides
from ..combat.declaration import Declaration, FighterDice
from ..combat.fighter import Fighter
from ..combat.group_outcome import GroupOutcome
from ..combat.reading import need_roll
from ..core import dice, ladder
from ..core.checks import replaying
from ..core.errors import DiceError, FudgeError, RequestError
from ..core.explain import Step
from ..core.ruleset import RuleSet
from ..rules.actions import Modifier
from .state import (
    MAX_FOES,
    Combatant,
    EncounterError,
    State,
    blow_text,
    declared_carry,
    refused_roles,
    roll_of,
    wounded,
)


def _ids(raw: Any, where: str, *, low: int = 0, high: int = MAX_FOES) -> list[str]:
    if not isinstance(raw, list) or not low <= len(raw) <= high:
        raise RequestError(f"{where} must list {low} to {high} combatant ids.", field=where)
    if len(set(map(str, raw))) != len(raw):
        raise RequestError(f"{where} names a combatant twice.", field=where)
    return raw



def _per_foe(event: dict, key: str, foes: list[str]) -> dict[str, Any]:
    """A ``{foe id: value}`` field of a group event; only the round's foes may be keys."""
    raw = event.get(key, {})
    if not isinstance(raw, dict):
        raise RequestError(f"{key} must map foe ids to values.", field=key)
    for k in raw:
        if k not in foes:
            raise RequestError(f"{key}: {str(k)[:40]!r} is not one of the foes.", field=f"{key}.{str(k)[:40]}")
    return raw



def _npc_fixed(lone: Combatant, foes: list[Combatant], rules: RuleSet) -> bool:
    """F95 4.33 in a group round: a PC against NPCs, who score their trait levels."""
    return bool(rules["melee.npc_fixed"]) and lone.fighter.role == "pc" and all(f.fighter.role != "pc" for f in foes)



@dataclass(frozen=True)
class GroupRead:
    """A ``group`` event read against the state: the round as :class:`multi.GroupRound`, the
    fighters who take part (``out``: foes who cannot act), their declarations (carried modifiers
    and stuns included), dice, Willpower results by name, and
    ``notes``: what the reading adds to the steps (the lone fighter's shield, F95 4.31)."""

    rnd: multi.GroupRound
    lone: Combatant
    lone_decl: Declaration
    lone_dice: FighterDice
    lone_checks: list | None
    foes: list[Combatant]
    out: list[Combatant]
    foe_decls: dict[str, Declaration]
    foe_dice: dict[str, FighterDice]
    fixed: bool
    used: frozenset
    willpower: dict[str, Any]
    notes: tuple[Step, ...] = ()

    def declares(self) -> dict[str, Declaration]:
        """Each fighter's declaration by name, for his own blow (:func:`group_blows.land_group_blows`)."""
        return {self.lone.fighter.name: self.lone_decl, **{c.fighter.name: self.foe_decls[c.id] for c in self.foes}}

    def held_back(self, outcome: GroupOutcome, rnd: multi.GroupRound,
                  rules: RuleSet) -> tuple[GroupOutcome, tuple[Step, ...]]:
        """The resolved round with the blows of stunned fighters and all-out defenders held back
        (F95 4.62, 4.31; :func:`_held_back`), ``rnd`` the round as played: the hook the event
        applies before the blows land, and the odds with it (:mod:`pyfudge.preview`)."""
        return _held_back(outcome, rnd, self.lone, self.lone_decl, self.foes, self.foe_decls, rules)



def _among_foes(event: dict, key: str, foe_ids: list[str], out: list[Combatant]) -> list[str]:
    """The ids ``event[key]`` lists (``ignored`` or ``targets``), each one of the foes who act."""
    ids = _ids(event.get(key, []), key)
    for i, fid in enumerate(ids):
        if fid not in foe_ids:
            why = "cannot act this round (F95 4.51)" if any(c.id == fid for c in out) else "is not one of the foes"
            raise RequestError(f"{key}[{i}] {why}.", field=f"{key}[{i}]")
    return ids


def _group_roll(raw: Any, rolled: bool) -> dict[str, Any]:
    """The GM's one roll for all the foes (F95 4.34), entered like every roll, as faces or a total
    (the group round names a total "roll"). An empty one says the GM rolls once before his dice are
    in (a draft for the odds)."""
    if not isinstance(raw, dict) or set(raw) - {"faces", "total"} or len(raw) > 1:
        raise RequestError("group_roll must be an object with faces or a total.", field="group_roll")
    if rolled and not raw:
        raise RequestError("The GM rolls once for all the foes (F95 4.34): enter the GM's roll, as faces or a total.",
                           field="group_roll")
    raw = raw if rolled else {"total": 0}
    return {"faces": raw["faces"]} if "faces" in raw else {"roll": raw["total"]}



def _contender(c: Combatant, decl: Declaration, roll: tuple[int | None, tuple[int, ...]], needs: int,
               state: State, extra: tuple[Modifier, ...] = (), **more: Any) -> multi.Contender:
    """One side of the group round: his level, this round's modifiers (his stance apart: its
    offence and defence differ, MUD 4.32) and ``extra``, his all-out choice (F95 4.31) and the
    least result that hits the other side (F95 4.22 / MUD 4.58)."""
    mods = sides.round_modifiers(c.fighter, decl, rules=state.rules, round_number=state.round, stance_apart=True)
    return multi.Contender(c.fighter.name, c.fighter.skill(decl.skill), *roll, modifiers=tuple(mods) + extra,
                           needs=needs, all_out=decl.all_out.value, stance=decl.stance.offence, **more)



def read_group(state: State, event: dict, *, rolled: bool = True) -> GroupRead:
    """Read a ``group`` event as :func:`apply_group` applies it; with ``rolled`` False its dice are
    not read but stand as placeholders (the odds before rolling, :mod:`pyfudge.preview`)."""
    rules = state.rules
    lone = state.find(event.get("lone"), "lone")
    foe_ids = _ids(event.get("foes"), "foes", low=1)
    foes = [state.find(fid, f"foes[{i}]") for i, fid in enumerate(foe_ids)]
    if lone.id in foe_ids:
        raise EncounterError("The lone fighter cannot be one of their own foes.", field="foes")
    declares = _per_foe(event, "foe_declares", foe_ids)
    foe_dice_raw = _per_foe(event, "foe_dice", foe_ids)
    raw_decl, lone_wills = _per_wound(event.get("lone_declares"), "willpower", "lone_declares", len(foes))
    lone_decl, lone_carry = declared_carry(state, lone, raw_decl, "lone_declares")
    # F95 4.51: Incapacitated or worse is "incapable of any actions" (so is a knockout, F95 4.62).
    if "lone" in refused_roles(lone.fighter, lone_decl, rules):
        raise EncounterError(f"{lone.fighter.name} cannot act this round (F95 4.51, 4.62).", field="lone")
    declared_foes = {c.id: declared_carry(state, c, declares.get(c.id), f"foe_declares.{c.id}") for c in foes}
    # F95 4.34 counts the opponents who attack the lone fighter: a foe who cannot act is out of
    # the round, adds nothing to the lone fighter's penalty, and his dice are not read.
    out = [c for c in foes if "foe" in refused_roles(c.fighter, declared_foes[c.id][0], rules)]
    if len(out) == len(foes):
        raise EncounterError("None of the foes can act this round (F95 4.51, 4.62).", field="foes")
    foes = [c for c in foes if c not in out]
    foe_ids = [c.id for c in foes]
    ignored, targets = (_among_foes(event, key, foe_ids, out) for key in ("ignored", "targets"))
    raw_dice, lone_checks = _per_wound(event.get("lone_dice") if rolled else None, "check", "lone_dice", len(foes))
    lone_dice = FighterDice.from_dict(raw_dice, rules=rules, field="lone_dice")
    placeholder = None if rolled else 0
    fixed = _npc_fixed(lone, foes, rules)
    mode = "fixed" if fixed else "group" if event.get("group_roll") is not None else "each"
    used = set(lone_carry)
    foe_decls, foe_dice, contenders = {}, {}, []
    shields, notes = _group_shields(lone, foes, ignored, rules)
    for c in foes:
        (decl, carry), (mine, theirs) = declared_foes[c.id], shields[c.id]
        used |= set(carry)
        d = FighterDice.from_dict(foe_dice_raw.get(c.id) if rolled else None, rules=rules, field=f"foe_dice.{c.id}")
        if mode != "each" and d.roll is not None:
            raise RequestError(f"{c.fighter.name} rolls no dice of their own this round "
                               + ("(F95 4.33: NPCs score their trait level)." if fixed else
                                  "(the GM rolls once for all the foes, F95 4.34)."),
                               field=f"foe_dice.{c.id}.roll")
        foe_decls[c.id], foe_dice[c.id] = decl, d
        contenders.append(_contender(
            c, decl, roll_of(d, placeholder if mode == "each" else None),
            # F95 4.22 / MUD 4.58: the least result that hits the lone fighter.
            sides.min_to_hit(c.fighter, lone.fighter, decl, rules)[0], state, (mine,) if mine else (),
            lone_modifiers=(theirs,) if theirs else (), ignored=c.id in ignored))
    # The group round holds one minimum for the lone fighter: the least of those against his foes.
    needs = min(sides.min_to_hit(lone.fighter, c.fighter, lone_decl, rules)[0] for c in foes)
    names = {c.id: c.fighter.name for c in foes}
    group_roll = _group_roll(event["group_roll"], rolled) if mode == "group" else None
    if mode != "group" and event.get("group_roll") is not None:
        raise RequestError("NPCs score their trait level here (F95 4.33): no group roll.", field="group_roll")
    if rolled and lone_dice.roll is None:
        raise DiceError("The lone fighter needs a roll.", field="lone_dice.roll")
    try:
        group_total, group_faces = (None, ()) if group_roll is None else multi.read_group_roll(
            group_roll, "round.group_roll", rules)
        rnd = multi.GroupRound(_contender(lone, lone_decl, roll_of(lone_dice, 0), needs, state),
                               tuple(contenders), multi.NpcRoll(mode), group_total, group_faces,
                               tuple(names[t] for t in targets),
                               multi.read_space(event.get("space", "open"), "round.space"))
    except FudgeError as err:
        err.field = _group_field(err.field or "", foe_ids)
        raise
    everyone = [(lone, lone_decl)] + [(c, foe_decls[c.id]) for c in foes]
    willpower: dict[str, Any] = {c.fighter.name: decl.willpower for c, decl in everyone if decl.willpower is not None}
    # The lone fighter may take a wound from each foe: one Willpower result per wound.
    if lone_wills is not None:
        willpower[lone.fighter.name] = lone_wills
    return GroupRead(rnd, lone, lone_decl, lone_dice, lone_checks, foes, out, foe_decls, foe_dice, fixed,
                     frozenset(used), willpower, notes)



def _group_shields(lone: Combatant, foes: list[Combatant], ignored: list[str],
                   rules: RuleSet) -> tuple[dict[str, tuple[Any, Any]], tuple[Step, ...]]:
    """The shields between the lone fighter and each foe by id (:func:`multi.group_shields`), and
    the step saying what his own shield does. F95 4.31 with 4.34: they count between him and each
    foe he defends against (an ignored foe is one he does "not defend himself at all against")."""
    shields = {c.id: (None, None) if c.id in ignored else multi.group_shields(lone.fighter, c.fighter, rules=rules)
               for c in foes}
    mine = next((m for m, _ in shields.values() if m is not None), None)
    notes = () if mine is None else (Step(mine.section, f"{mine.source}: {mine.amount:+d} to the skill of each "
                                          f"foe {lone.fighter.name} defends against.", {"amount": mine.amount}),)
    return shields, notes


def apply_group(state: State, event: dict) -> State:
    """A lone fighter against several foes (F95 4.34; F93 4.64): the round is read into
    :class:`multi.GroupRound` exactly as the JSON door's ``group`` action reads it, resolved by
    :func:`multi.resolve_melee_group`, and its hits landed by :func:`group_blows.land_group_blows`."""
    rules = state.rules
    g = read_group(state, event)
    rnd, lone, lone_decl, lone_dice, foes, foe_decls, foe_dice = (
        g.rnd, g.lone, g.lone_decl, g.lone_dice, g.foes, g.foe_decls, g.foe_dice)
    foe_ids = [c.id for c in foes]
    names = {c.id: c.fighter.name for c in foes}
    try:
        outcome = multi.resolve_melee_group(rnd, rules=rules)
    except FudgeError as err:
        err.field = _group_field(err.field or "", foe_ids)
        raise
    if (len(outcome.wound_choices) > 1 and not rnd.targets and not _cannot_harm(lone_decl, rnd.lone.roll, rules)
            and not replaying()):
        # F95 4.34: "he may hit the foe of his choice ... of those he bested": the choice is the
        # player's, made now that the dice are known; nothing is logged until it is made. (Logs
        # of earlier builds hold such rounds without a choice: no one was wounded, as replayed.)
        raise EncounterError(f"{lone.fighter.name} may wound {', '.join(outcome.wound_choices)}: "
                             "choose the foe struck (F95 4.34).", field="targets")
    outcome, held_back = g.held_back(outcome, rnd, rules)
    # Each blow's damage dice are the striker's: the foe's who hits, the lone fighter's who strikes.
    damage_dice: dict[str, Any] = {}
    for c in foes:
        hit = next((deg for n, deg in outcome.hits_on_lone if n == c.fighter.name), None)
        struck = next((deg for n, deg, _ in outcome.strikes if n == c.fighter.name), None)
        # A degree of 0 is a tie an all-out attacker lost (F95 4.31): the narrowest win, +1.
        faces = (declaration.damage_faces(foe_dice[c.id], rules, max(hit, 1)) if hit is not None else
                 declaration.damage_faces(lone_dice, rules, max(struck, 1)) if struck is not None else None)
        if faces is not None:
            damage_dice[c.fighter.name] = faces
    everyone = [(lone, lone_dice, lone_decl)] + [(c, foe_dice[c.id], foe_decls[c.id]) for c in foes]
    check_dice: dict[str, Any] = {c.fighter.name: d.check for c, d, _ in everyone if d.check is not None}
    # The lone fighter may take a wound from each foe: one check per wound.
    if g.lone_checks is not None:
        check_dice[lone.fighter.name] = g.lone_checks
    try:
        landed = group_blows.land_group_blows(
            outcome, lone=lone.fighter, foes=[c.fighter for c in foes], rules=rules, damage_dice=damage_dice,
            check_dice=check_dice, willpower=g.willpower,
            shield_dice={c.fighter.name: d.shield for c, d, _ in everyone if d.shield is not None},
            npc_fixed=g.fixed, declares=g.declares())
    except FudgeError as err:
        err.field = _landing_field(err.field or "", lone, foes)
        raise
    after = wounded(state, [(lone, landed.lone)] + list(zip(foes, landed.foes)))
    hits = [blow_text(b) for b in landed.blows]
    text = (f"Round {state.round}, {lone.fighter.name} against {', '.join(names[f] for f in foe_ids)}: "
            f"{lone.fighter.name} gets {ladder.name(outcome.lone_result)}"
            + (f"; {', '.join(hits)}" if hits else "; no one is hurt") + ".")
    return replace(after, carry=tuple(k for k in state.carry if k not in g.used),
                   last={"kind": "group", "lone": lone.id, "foes": foe_ids, "round": rnd.to_dict(),
                         "group": outcome.to_dict(), "text": text,
                         "outcome": {"steps": [s.to_dict() for s in _out_steps(g.out) + g.notes + outcome.steps
                                               + held_back
                                               + landed.steps],
                                     "blows": [b.to_dict() for b in landed.blows],
                                     "blocks": [b.to_dict() for b in landed.blocks]}})



def _out_steps(out: list[Combatant]) -> tuple[Step, ...]:
    return tuple(Step("F95 4.51", f"{c.fighter.name} cannot act: no part in this round.", {})
                 for c in out)



def _held_back(outcome: GroupOutcome, rnd: multi.GroupRound, lone: Combatant, lone_decl: Declaration,
               foes: list[Combatant], foe_decls: dict[str, Declaration],
               rules: RuleSet) -> tuple[GroupOutcome, tuple[Step, ...]]:
    """The round with the blows held back that hit by the dice but do not land: a stunned
    fighter's (F95 4.62: "a stunned character cannot attack"; in a group round he still rolls to
    defend and counts as a foe, as in a simultaneous round) and an all-out defender's (F95 4.31:
    he "cannot harm his foe except with a critical result", a +4 of his roll in ``rnd``, the round
    as played: the odds' weighed rolls too)."""
    steps = []
    rolls = {c.name: c.roll for c in rnd.foes}
    decls = {c.fighter.name: foe_decls[c.id] for c in foes}
    lone_why = _cannot_harm(lone_decl, rnd.lone.roll, rules)
    results = []
    for f in outcome.foes:
        why = _cannot_harm(decls[f.name], rolls.get(f.name), rules) if f.hits_lone else None
        if why:
            steps.append(Step(why[0], f"{f.name} {why[1]}: the blow does not land.", {}))
            f = replace(f, hits_lone=False, hit_degree=None)
        if lone_why and f.struck:
            steps.append(Step(lone_why[0], f"{lone.fighter.name} {lone_why[1]}: no wound to {f.name}.", {}))
            f = replace(f, struck=False, strike_degree=None, damage_modifier=0)
        results.append(f)
    return replace(outcome, foes=tuple(results)), tuple(steps)



def _cannot_harm(decl: Declaration, roll: int | None, rules: RuleSet) -> tuple[str, str] | None:
    """Why a fighter's blow does not land though the dice say it hits (the section and the
    words), or None: stunned (F95 4.62), or defending all-out without a critical (F95 4.31)."""
    if declaration.stunned_cannot_attack(decl, rules):
        return "F95 4.62", "is stunned and cannot attack"
    if decl.all_out == "defense" and not (roll is not None and roll >= declaration.CRITICAL_TOTAL):
        return "F95 4.31", "defends all-out and cannot harm without a critical result"
    return None


def _group_field(where: str, foe_ids: list[str]) -> str:
    """The event's field for an error the group round names by its own fields ("foes[1].roll")."""
    where = where.removeprefix("round.")
    if where.startswith("lone.roll"):
        return "lone_dice.roll"
    if where.startswith("foes[") and where.endswith("].roll"):
        return f"foe_dice.{foe_ids[int(where[5:where.index(']')])]}.roll"
    if where.startswith("targets["):
        return where
    return where if where.startswith("group_roll") else f"round.{where}"



def _per_wound(raw: Any, key: str, where: str, most: int) -> tuple[Any, list | None]:
    """Split a list of per-wound inputs (``willpower`` results of the lone fighter's declaration,
    ``check`` dice of his dice) from the rest, which is read as usual. A lone fighter can take a
    wound from each foe in one round (F95 4.34), and checks or rolls Willpower after each
    ("Each time a character is injured", CO 4.3; F95 4.52)."""
    if not isinstance(raw, dict):
        return raw, None
    value = raw.get(key)
    several = isinstance(value, list) and (key == "willpower" or (value and isinstance(value[0], list)))
    if not several or not isinstance(value, list):
        return raw, None
    if not 1 <= len(value) <= most:
        raise RequestError(f"{where}.{key} lists one entry per wound: 1 to {most}.", field=f"{where}.{key}")
    read: list[Any]
    if key == "willpower":
        read = [ladder.check_level(v, field=f"{where}.{key}[{i}]") for i, v in enumerate(value)]
    else:
        read = [list(dice.check_fudge_faces(v, 4, field=f"{where}.{key}[{i}]")) for i, v in enumerate(value)]
    return {k: v for k, v in raw.items() if k != key}, read



def _landing_field(where: str, lone: Combatant, foes: list[Combatant]) -> str:
    """The event's field for an input the landing of a group round's blows names by fighter
    ("check_dice.Hero[1]" is the lone fighter's second damage check: "lone_dice.check[1]")."""
    head, _, name = where.partition(".")
    name, bracket, index = name.partition("[")
    part = {"check_dice": ("dice", "check"), "shield_dice": ("dice", "shield"),
            "willpower": ("declares", "willpower"), "capacity_roll": ("declares", "capacity_roll"),
            "location_check": ("declares", "location_check")}.get(head)
    if part is None:
        return where
    if name == lone.fighter.name:
        field_name = f"lone_{part[0]}.{part[1]}"
    else:
        c = next((c for c in foes if c.fighter.name == name), None)
        if c is None:
            return where
        field_name = f"foe_{part[0]}.{c.id}.{part[1]}"
    return field_name + (f"[{index}" if bracket else "")



def _ranged_field(where: str, shooter: Combatant, target: Combatant) -> str:
    """The event's field for an input the landing of a shot names by fighter ("check_dice.Hero"
    is the target's damage check, CO 4.3: "target_dice.check")."""
    head, _, name = where.partition(".")
    part = {"check_dice": "dice.check", "shield_dice": "dice.shield", "willpower": "declares.willpower",
            "capacity_roll": "declares.capacity_roll", "location_check": "declares.location_check"}.get(head)
    role = "shooter" if name == shooter.fighter.name else "target" if name == target.fighter.name else None
    return where if part is None or role is None else f"{role}_{part}"



_RANGED_MODES = tuple(ranged.RangedMode)



@dataclass(frozen=True)
class RangedRead:
    """A ``ranged`` event read against the state: the attack as :class:`ranged.RangedAttack`
    (each side's level and round modifiers: wounds, carried modifiers), the two combatants, their
    declarations (stuns included), dice, the carried modifiers used and Willpower results by name;
    ``notes``: the steps of melee-only choices declared but not counted (:func:`sides.ranged_modifiers`)."""

    attack: ranged.RangedAttack
    shooter: Combatant
    target: Combatant
    shooter_decl: Declaration
    target_decl: Declaration
    shooter_dice: FighterDice
    target_dice: FighterDice
    used: frozenset
    notes: tuple[Step, ...] = ()

    @property
    def fighters(self) -> dict[str, Fighter]:
        return {c.fighter.name: c.fighter for c in (self.shooter, self.target)}

    @property
    def dice(self) -> dict[str, FighterDice]:
        return {self.shooter.fighter.name: self.shooter_dice, self.target.fighter.name: self.target_dice}

    @property
    def willpower(self) -> dict[str, int]:
        return {c.fighter.name: d.willpower for c, d in ((self.shooter, self.shooter_decl),
                                                           (self.target, self.target_decl)) if d.willpower is not None}

    @property
    def declares(self) -> dict[str, Declaration]:
        """Each one's declaration by name (his own shot's stun, pulled punch, damage modifiers;
        his Willpower result): :func:`ranged.land_shots`."""
        return {self.shooter.fighter.name: self.shooter_decl, self.target.fighter.name: self.target_decl}



def read_ranged(state: State, event: dict, *, rolled: bool = True) -> RangedRead:
    """Read a ``ranged`` event as :func:`apply_ranged` applies it; with ``rolled`` False its dice are
    not read and the rolls stand as placeholders (the odds before rolling, :mod:`pyfudge.preview`)."""
    rules = state.rules
    shooter, target = state.find(event.get("shooter"), "shooter"), state.find(event.get("target"), "target")
    if shooter.id == target.id:
        raise EncounterError("A combatant cannot shoot themselves.", field="target")
    mode = event.get("mode", "aware")
    if mode not in _RANGED_MODES:
        raise RequestError(f"mode must be one of {', '.join(_RANGED_MODES)}.", field="mode")
    s_decl, s_carry = declared_carry(state, shooter, event.get("shooter_declares"), "shooter_declares")
    t_decl, t_carry = declared_carry(state, target, event.get("target_declares"), "target_declares")
    # F95 4.51: Incapacitated or worse is "incapable of any actions"; F95 4.62: knocked out, or
    # stunned, "cannot attack" — so he neither shoots, nor dodges or shoots back.
    if "shooter" in refused_roles(shooter.fighter, s_decl, rules):
        raise EncounterError(f"{shooter.fighter.name} cannot shoot this round (F95 4.51, 4.62).", field="shooter")
    if mode != "unaware" and "aware" in refused_roles(target.fighter, t_decl, rules):
        raise EncounterError(f"{target.fighter.name} cannot act (F95 4.51, 4.62): no dodging or shooting back, "
                             "so fire as at an unaware target.", field="mode")
    if mode == "shoot_back" and "shoot_back" in refused_roles(target.fighter, t_decl, rules):
        raise EncounterError(f"{target.fighter.name} is stunned and cannot shoot back (F95 4.62) but may dodge.",
                             field="mode")
    s_dice = FighterDice.from_dict(event.get("shooter_dice") if rolled else None, rules=rules, field="shooter_dice")
    t_dice = FighterDice.from_dict(event.get("target_dice") if rolled else None, rules=rules, field="target_dice")
    placeholder = None if rolled else 0
    notes: list[Step] = []

    def side(c: Combatant, decl: Declaration, d: FighterDice, skill: int, difficulty: Any, where: str,
             extra: tuple[Modifier, ...] = ()) -> ranged.Shot:
        # F95 4.51: a wound's penalty hampers every action, a shot or a dodge too; melee-only
        # choices (all-out, stances) are not counted, and the notes say so.
        mods, said = sides.ranged_modifiers(c.fighter, decl, rules=rules, round_number=state.round, where=where)
        notes.extend(said)
        roll, faces = roll_of(d, placeholder)
        at = f"attack.{where.removesuffix('_declares')}"
        return ranged.Shot(c.fighter.name, skill, need_roll(roll, at, technique=rules["dice.technique"]), faces,
                           tuple(mods) + extra, ranged.read_difficulty(difficulty, f"{at}.difficulty"))

    shooter_shot = ranged.check_aimed(side(shooter, s_decl, s_dice, shooter.fighter.skill(s_decl.skill),
                                           event.get("difficulty"), "shooter_declares"), "attack.shooter")
    target_shot = None
    if mode == "unaware":
        if t_dice.roll is not None:
            raise RequestError("An unaware target makes no roll.", field="target_dice.roll")
    else:
        level = (target.fighter.skill(t_decl.skill) if mode == "shoot_back" else
                 target.fighter.skill(t_decl.defence_skill) if t_decl.defence_skill else target.fighter.defence)
        # F95 4.31: a medium or large shield adds to the "defense against ranged attacks".
        shield = ranged.shield_defence(target.fighter.shield, rules=rules) if mode == "aware" else None
        target_shot = ranged.check_target(mode, shooter_shot, side(
            target, t_decl, t_dice, level, event.get("target_difficulty"), "target_declares",
            (shield,) if shield else ()), "attack.target")
    shot = ranged.RangedAttack(ranged.RangedMode(mode), shooter_shot, target_shot,
                               ranged.read_weapon(event.get("weapon", "propelled"), "attack.weapon"),
                               ranged.read_burst(event.get("burst"), "attack.burst"))
    return RangedRead(shot, shooter, target, s_decl, t_decl, s_dice, t_dice, frozenset(s_carry) | frozenset(t_carry),
                      tuple(notes))



def apply_ranged(state: State, event: dict) -> State:
    """Ranged fire (F95 4.4; F93 4.65): read into :class:`ranged.RangedAttack` exactly as the JSON
    door's ``ranged`` action reads it (:func:`read_ranged`), resolved and its hits landed by
    :func:`ranged.fire`. The shooter fires with his attack skill (or the one declared); an aware
    target dodges with his defence skill (or the one declared)."""
    r = read_ranged(state, event)
    shooter, target = r.shooter, r.target
    try:
        outcome, landed = ranged.fire(r.attack, fighters=r.fighters, target=target.fighter.name, rules=state.rules,
                                      dice=r.dice, declares=r.declares)
    except FudgeError as err:
        err.field = _ranged_field(err.field or "", shooter, target)
        raise
    after = wounded(state, [(c, landed.fighters[c.fighter.name]) for c in (shooter, target)])
    hits = [blow_text(b) for b in landed.blows]
    shots = ", ".join(f"{s.shooter} {'hits' if s.hit else 'misses'}" for s in outcome.shots)
    text = (f"Round {state.round}, {shooter.fighter.name} shoots at {target.fighter.name}: {shots}"
            + (f"; {', '.join(hits)}" if hits else "") + ".")
    return replace(after, carry=tuple(k for k in state.carry if k not in r.used),
                   last={"kind": "ranged", "shooter": shooter.id, "target": target.id, "attack": r.attack.to_dict(),
                         "ranged": outcome.to_dict(), "text": text,
                         "outcome": {"steps": [s.to_dict() for s in r.notes + outcome.steps + landed.steps],
                                     "blows": [b.to_dict() for b in landed.blows],
                                     "blocks": [b.to_dict() for b in landed.blocks]}})
