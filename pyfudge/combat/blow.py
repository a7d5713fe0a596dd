"""One blow that landed: its damage, the guards on the wound (pulled punch, stun, PC death,
points, Willpower), the box marked and the damage check (:func:`strike`); or the shield that
took it (CO 2.2-2.3: :func:`shield_check_against`, :func:`absorb_blow`, :func:`strike_or_block`).

Inside :func:`~.memo.remembering_blows` (which the odds open around their hundreds of runs) each
distinct blow is figured once: :meth:`BlowInput.memo_key` is its key.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core.dice import Roll, check_fudge_faces
from ..core.errors import DiceError, FudgeError, RuleError
from ..core.explain import Step
from ..rules import damage, wounds
from ..rules.actions import Modifier
from ..rules.damage import DamageOutcome, Factors
from . import location
from . import shield as shields
from .declaration import NO_DECLARATION, Declaration
from .fighter import Fighter
from .memo import recall, remember
from .outcomes import Block, Blow, Guard

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet


# --- one blow -------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class BlowInput:
    """Everything one blow that landed is figured from, and the memo's key for it (:func:`strike`).

    ``relative_degree`` ≥ 1 (a tie won by the odd-coloured die or by an all-out attacker's loss
    counts as +1, a graze: our reading, the narrowest win there is). ``all_out_bonus``: +1
    damage for an all-out attacker (F95 4.31); ``foe_all_out``: the +2 to damage a failed
    all-out attacker's foe gets (F95 4.31; on a graze as ``melee.all_out_foe_graze`` reads it);
    ``extra_damage``: other damage modifiers (a sweeping blow…). ``check_faces``: the defender's
    damage check (CO 4.3); ``check_field``/``willpower_field`` name the inputs at fault when the
    check's dice or the Willpower result are missing; ``called`` is the called shot's outcome,
    carried into the blow.

    The memo compares two blows by :meth:`memo_key`: every field (fighters, declarations, ruleset
    and called shot by identity; tests/test_attack_memo.py fails if a field is left out). The
    opposed rolls count only when the damage rules read them (F95 4.61's even/odd), a critical
    only under F95 4.58's penetration (``damage.critical_penetration``, off in every preset).
    """

    attacker: Fighter
    defender: Fighter
    relative_degree: int
    rules: RuleSet
    declares: Declaration = NO_DECLARATION
    defender_declares: Declaration = NO_DECLARATION
    damage_die: tuple[int, ...] | None = None
    attack_roll: int | None = None
    defense_roll: int | None = None
    all_out_bonus: int = 0
    extra_damage: tuple[Modifier, ...] = ()
    critical: bool = False
    worst_at_round_start: int | None = None
    tie_won: bool = False
    on_target: bool | None = None
    check_faces: tuple[int, ...] | None = None
    check_field: str = "defender_dice.check"
    willpower_field: str = "defender_declares.willpower"
    called: location.LocationOutcome | None = None
    foe_all_out: int = 0

    def memo_key(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The objects this blow is figured from (by identity) and its other fields (by value,
        the dice as ints: the odds' traced dice are read here), as :func:`.memo.remember` keys
        them. Written out by hand: the odds key every blow they land."""
        rolls = None
        # Read (traced) only when the damage rules read them: `is`, not ==, reads no die.
        if (self.attack_roll is not None or self.defense_roll is not None) and damage.dice_needed(
                self.rules, relative_degree=self.relative_degree)["rolls"]:
            rolls = (_int(self.attack_roll), _int(self.defense_roll))
        return ((self.attacker, self.defender, self.rules, self.declares, self.defender_declares, self.called),
                ("blow", self.relative_degree, _ints(self.damage_die), rolls, self.all_out_bonus,
                 tuple(self.extra_damage), bool(self.critical) and bool(self.rules["damage.critical_penetration"]),
                 self.worst_at_round_start, self.tie_won, self.on_target, _ints(self.check_faces), self.check_field,
                 self.willpower_field, self.foe_all_out))


def _ints(faces: Any) -> tuple[int, ...] | None:
    return None if faces is None else tuple(map(int, faces))


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def strike(blow: BlowInput) -> tuple[Blow, Fighter]:
    """Damage, guards and wound of one blow that landed; returns the blow and the defender after.

    The wound is capped by a pulled punch (F95 4.62), recorded as a stun for a stunning attack
    (F95 4.62), else lowered by the PC-death guards and any points the defender declared (F95
    4.64, MUD 4.64), adjusted by the defender's declared Willpower result (F95 4.52 no. 4,
    ``wounds.willpower``), then marked on his track (F95 4.57; CO 3: the damage points fill the
    alternate track). With ``co.damage_check`` the defender then rolls a damage check (CO 4.3).
    Inside :func:`~.memo.remembering_blows` an equal blow is figured once.
    """
    return recall(blow.memo_key, lambda: _strike(blow))


def _strike(inp: BlowInput) -> tuple[Blow, Fighter]:
    """:func:`strike` itself, without the memo."""
    steps: list[Step] = []
    if inp.tie_won:
        steps.append(Step("F95 4.56", "A tie won counts as the narrowest win: a graze, relative degree +1 "
                          "(our reading; the books give no degree for it).", {"relative_degree": 1}))
    odf, ddf, outcome = _damage(inp)
    steps.extend(outcome.steps)
    level = outcome.level
    loc_check = None
    called, defender = inp.called, inp.defender
    if called is not None and called.landed == "aimed" and called.effect is not None:
        level, loc_check = _location_wound(level, called, defender, inp.defender_declares, inp.rules, steps,
                                           inp.willpower_field.replace("willpower", "location_check"))
    guards: list[Guard] = []
    if inp.declares.max_level is not None and level > wounds.UNDAMAGED:
        before = level
        level, cap_steps = wounds.cap_pulled(level, inp.declares.max_level)
        steps.extend(cap_steps)
        guards.append(Guard("pulled punch", before, level))
    if inp.declares.stun:
        record = wounds.record_stun(defender.track_for(inp.rules), level, rules=inp.rules)
        steps.extend(record.steps)
        level, spent, check = level, 0, None
    else:
        level, spent, record, check = _wound(inp, outcome, level, guards, steps)
    after = defender._evolve(track=record.track, fudge_points=defender.fudge_points - spent)
    blow = Blow(inp.attacker.name, defender.name, inp.relative_degree, odf, ddf, outcome, level, inp.declares.stun,
                spent, record, inp.declares.aim, inp.on_target, tuple(guards), tuple(steps), called, check,
                location_check=loc_check)
    return blow, after


def _damage(inp: BlowInput) -> tuple[Factors, Factors, DamageOutcome]:
    """The blow's damage factors and damage (F95 4.5)."""
    attacker, defender, rules = inp.attacker, inp.defender, inp.rules
    extra = tuple(inp.declares.damage_modifiers) + tuple(inp.extra_damage)
    odf = remember((attacker, rules), ("odf", inp.all_out_bonus, extra, inp.foe_all_out),
                   lambda: damage.offensive_factors(
                       rules=rules, strength=attacker.strength, strength_scale=attacker.strength_scale,
                       weapon=attacker.weapon, all_out=inp.all_out_bonus, extra=extra, foe_all_out=inp.foe_all_out,
                   ))
    ddf = remember((defender, rules), ("ddf",), lambda: damage.defensive_factors(
        rules=rules, capacity=defender.damage_capacity, armor=defender.armor,
        mass_scale=defender.mass_scale, tough_hide=defender.tough_hide, resistant=defender.resistant,
    ))
    try:
        # F95 4.52 no. 1: the defender's Damage Capacity roll, declared like his Willpower.
        # resolve_damage refuses a relative degree below +1: only hits come here.
        outcome = damage.resolve_damage(
            relative_degree=inp.relative_degree, odf=odf, ddf=ddf, rules=rules, damage_die=inp.damage_die,
            attack_roll=inp.attack_roll, defense_roll=inp.defense_roll, critical=inp.critical,
            capacity_roll=inp.defender_declares.capacity_roll,
        )
    except FudgeError as err:
        if err.field == "capacity_roll":
            err.field = inp.willpower_field.replace("willpower", "capacity_roll")
        raise
    # The blow records the factors its defensive line totals: a gift counted as a wound level
    # is named on that line, not in the total (F95 4.52 no. 2).
    return odf, damage.ddf_in_total(ddf, rules), outcome


def _wound(inp: BlowInput, outcome: DamageOutcome, level: int, guards: list[Guard],
           steps: list[Step]) -> tuple[int, int, wounds.RecordOutcome, wounds.DamageCheckOutcome | None]:
    """A wounding (not stunning) blow's guards, record and damage check: the level, the points
    spent, the record and the check."""
    defender, decl, rules = inp.defender, inp.defender_declares, inp.rules
    track = defender.track_for(rules)
    start = track.worst if inp.worst_at_round_start is None else inp.worst_at_round_start
    points = decl.points if level > wounds.UNDAMAGED else 0
    if decl.points and not points:
        steps.append(Step("F95 4.64", "No wound: no points spent.", {}))
    before, kept = level, None
    if points:
        # Guards first, then the points: learn the guarded level without spending.
        plain = wounds.guard_wound(level, track=track, rules=rules, role=defender.role, worst_at_round_start=start)
        if plain.level != before:
            guards.append(Guard("PC death", before, plain.level))
        before = plain.level
        points, kept = _points_taken(before, decl.points, defender.role, track, rules)
    guard = wounds.guard_wound(level, track=track, rules=rules, role=defender.role,
                               worst_at_round_start=start, points_spent=points)
    steps.extend(guard.steps + ((kept,) if kept else ()))
    level, spent = guard.level, guard.points_spent
    if points:
        guards.append(Guard("points", before, level))
    elif level != before:
        guards.append(Guard("PC death", before, level))
    true_level = None
    if wounds.willpower_in_use(rules) and level > wounds.UNDAMAGED:
        level, true_level = _willpower(inp, level, track, start, guards, steps)
    co_points = true_points = None
    if track.kind == "co":
        co_points = _co_points(outcome, level, rules)
        if true_level is not None:
            true_points = _co_points(outcome, true_level, rules)
        if co_points != outcome.number:
            steps.append(Step("CO 3.1", f"{co_points} damage point{'s' if co_points != 1 else ''}: "
                              f"{'no damage' if not level else 'within ' + wounds.LEVEL_NAMES[level]}'s band of "
                              "the wound table (our reading where the wound level, not the number, was set).",
                              {"number": outcome.number, "points": co_points, "level": level}))
    record = wounds.record_wound(track, level, rules=rules, true_level=true_level, points=co_points,
                                 true_points=true_points)
    steps.extend(record.steps)
    check = _damage_check(record, track, defender, inp.check_faces, rules, inp.check_field)
    if check is not None:
        steps.extend(check.steps)
        record = replace(record, track=check.track)
    return level, spent, record, check


def _points_taken(level: int, declared: int, role: str, track: wounds.WoundTrack,
                  rules: RuleSet) -> tuple[int, Step | None]:
    """The points declared before the dice that this wound (after the PC-death guards) takes
    (:func:`wounds.points_it_takes`), and the step that says what is kept."""
    points = wounds.points_it_takes(level, declared, track=track, rules=rules, role=role)
    if points == declared:
        return points, None
    kept, name = declared - points, wounds.LEVEL_NAMES[level]
    data = {"level": level, "declared": declared, "spent": points, "kept": kept}
    if rules["wounds.points"] == "fudge":
        return points, Step("F95 4.64", f"{name} is not deadly: the Fudge Point declared is kept.", data)
    return points, Step("MUD 4.64", f"{name} takes {points} of the {declared} Meta Points declared: {kept} kept.", data)


def _location_wound(level: int, called: location.LocationOutcome, defender: Fighter, decl: Declaration,
                    rules: RuleSet, steps: list[Step], field_name: str) -> tuple[int, location.CheckOutcome | None]:
    """MUD 4.35: a part hit Wounded or Very Wounded calls for a Willpower/Constitution check ("use
    the lower of the two attributes"), the defender's declared ``location_check`` result. The
    table's effects "are only guidelines": the blow's damage sets the wound, unless
    ``location.table_wound`` makes the table's wound (on a made or a failed check) the rule.
    Returns the wound level and the check (None when not declared and not needed)."""
    sets = bool(rules["location.table_wound"])
    if decl.location_check is None:
        if sets:
            raise DiceError(f"{defender.name}'s {called.location} is {called.state}: they make a Willpower/"
                            "Constitution check, the lower of the two (MUD 4.35). Give its result in their "
                            "declaration.", field=field_name)
        return level, None
    check = location.check_result(called, decl.location_check)
    steps.extend(check.steps)
    if not sets:
        steps.append(Step("MUD 4.35", "The table's effects are guidelines: the blow's damage sets the wound "
                          f"({wounds.LEVEL_NAMES[level]}).", {"level": level, "table": check.wound}))
        return level, check
    steps.append(Step("MUD 4.35", f"The location table sets the wound (house rule): {wounds.LEVEL_NAMES[check.wound]} "
                      f"in place of the blow's {wounds.LEVEL_NAMES[level]}.", {"before": level, "after": check.wound}))
    return check.wound, check


def _willpower(inp: BlowInput, level: int, track: wounds.WoundTrack, start: int, guards: list[Guard],
               steps: list[Step]) -> tuple[int, int]:
    """F95 4.52 no. 4: "Grant an adjustment to the wound level based on the result of a Willpower
    die roll ... temporary -- until the battle is over -- or ... permanent". Returns the level to
    record and the true level (for a temporary adjustment, restored when the battle is over)."""
    defender, decl, rules = inp.defender, inp.defender_declares, inp.rules
    if decl.willpower is None:
        raise DiceError(f"{defender.name} rolls Willpower against the wound (F95 4.52): give the "
                        "result in their declaration.", field=inp.willpower_field)
    adj = wounds.willpower_adjust(level, decl.willpower, rules=rules)
    steps.extend(adj.steps)
    new = adj.level
    if new > level:
        # A poor roll worsens the wound; the PC-death guards still hold (F95 4.64).
        again = wounds.guard_wound(new, track=track, rules=rules, role=defender.role, worst_at_round_start=start)
        steps.extend(again.steps)
        new = again.level
    if new != level:
        guards.append(Guard("willpower", level, new))
    return new, level


def _co_points(outcome: DamageOutcome, level: int, rules: RuleSet) -> int:
    """CO 3.1: "Each wound box represents one point of damage": the damage number fills the
    alternate track. Our reading where a rule set the wound level rather than the number (the F95
    graze table, a die on the level, a graze cap, a pulled punch, points, Willpower): the points
    are brought into that level's band on the wound table in force (F95 4.55), its least number
    when there is no number at all."""
    table = damage.thresholds(rules)
    if level <= wounds.UNDAMAGED:
        return 0
    low = table[level - 1] if level <= len(table) else table[-1]
    high = table[level] - 1 if level < len(table) else None
    points = low if outcome.number is None else outcome.number
    points = max(points, low)
    if high is not None:
        points = min(points, high)
    return max(points, 0)


def _damage_check(record: wounds.RecordOutcome, track: wounds.WoundTrack, defender: Fighter,
                  faces: tuple[int, ...] | None, rules: RuleSet, field_name: str) -> wounds.DamageCheckOutcome | None:
    """CO 4.3: "Each time a character is injured, the player must log the damage, determine the
    new wound level, and make a damage check." Our reading: none when the blow left the track as
    it was, when he is dead, or when he is already down from a failed check (getting up again is
    CO 4.4's recovery)."""
    if not wounds.damage_checks_in_use(rules):
        return None
    new = record.track
    if new == track or new.dead or track.dropped or new.worst == wounds.UNDAMAGED:
        return None
    if faces is None:
        raise DiceError(f"{defender.name} is wounded and makes a damage check (Combat Options 4.3): "
                        "give the four Fudge dice of it.", field=field_name)
    # Read here, so that a bad die is refused by the name the request gave it, not the check's own.
    faces = check_fudge_faces(faces, 4, field=field_name)
    return wounds.damage_check(new, capacity=defender.damage_capacity, faces=faces, rules=rules,
                               pain=defender.pain_threshold)



# Ten keyword parameters: the check's two results, its roll, and the names of the inputs at fault.
def shield_check_against(attacker: Fighter, defender: Fighter, *, attacker_result: int, defender_result: int,
                         roll: Roll | None, rules: RuleSet, fixed: bool = False,
                         roll_field: str = "shield", skill_field: str = "defender.skills",
                         penalty: int | None = None) -> Block | None:
    """The shield check of a ``defender`` who lost to ``attacker`` (CO 2.2: "If a shieldman
    loses the action, then that player should make an extra roll against his shield skill ...
    equal to or greater than his opponent's action result, then the hit strikes the shield").
    None when ``co.shield`` is off or he carries no shield; else a :class:`Block` whose
    ``check.blocked`` says whether the shield took the blow (wear is :func:`absorb_blow`'s).
    ``roll``: his shield roll (the ruleset's technique); ``fixed``: an NPC at her trait level
    (F95 4.33), who rolls no dice. ``roll_field``/``skill_field`` name the inputs at fault.
    ``penalty``: his wound penalty for the check (default: as his track stands now)."""
    if not shields.makes_shield_checks(defender.shield, rules):
        return None
    if fixed:
        # F95 4.33: an NPC facing a PC gets her trait level as her result; our reading: her shield
        # check too is her Shield skill, no roll.
        total = 0
        faces: tuple[int, ...] = ()
    elif roll is None:
        raise DiceError(f"{defender.name} lost the action and makes a shield check (Combat Options 2.2): "
                        "give its roll.", field=roll_field)
    else:
        total, faces = roll.total, roll.faces
    state = defender.shield_state or shields.ShieldState()
    pain = defender.current_penalty(rules) if penalty is None else penalty
    # F95 4.51: a wound's penalty is "to all traits", the Shield skill among them.
    mods = (Modifier("wounds", pain, "F95 4.51"),) if pain else ()
    check = shields.ShieldCheck(defender.name, shields.shield_skill_of(defender), total, attacker_result,
                                defender_result, faces, state, mods)
    try:
        out = shields.shield_check(check, rules=rules)
    except FudgeError as err:
        raise RuleError(err.message, field=skill_field) from None
    return Block(attacker.name, defender.name, out, None, out.steps)



def absorb_blow(block: Block, blow: BlowInput, extra_steps: tuple[Step, ...] = ()) -> tuple[Block, Fighter]:
    """CO 2.2: "the hit strikes the shield and not the character"; CO 2.3: the shield loses
    damage points "only ... when they are successfully used to absorb a blow". With
    ``co.shield_damage`` and a shield with points, the wear is the blow's damage number (its
    damage inputs figured as for the fighter, without wounding him) or one point
    (``co.shield_wear``). Returns the block with its wear and steps, and the defender with his
    shield's new state."""
    attacker, defender, rules = blow.attacker, blow.defender, blow.rules
    state = defender.shield_state or shields.ShieldState()
    steps = list(extra_steps) + list(block.check.steps)
    after = defender
    wear = None
    if rules["co.shield_damage"] and state.points is not None:
        number = 1
        if rules["co.shield_wear"] == "damage":
            if damage.capacity_roll_in_use(rules):
                # The shield took the hit, not the fighter (CO 2.2): no wound, so no Damage Capacity
                # roll against one (F95 4.52 no. 1); that roll is no defensive factor and never
                # changes the damage number.
                rules = rules.with_options({"damage.capacity": "none"})
            odf = damage.offensive_factors(rules=rules, strength=attacker.strength,
                                           strength_scale=attacker.strength_scale, weapon=attacker.weapon,
                                           all_out=blow.all_out_bonus, extra=tuple(blow.extra_damage))
            ddf = damage.defensive_factors(rules=rules, capacity=defender.damage_capacity, armor=defender.armor,
                                           mass_scale=defender.mass_scale, tough_hide=defender.tough_hide,
                                           resistant=defender.resistant)
            hit = damage.resolve_damage(relative_degree=blow.relative_degree, odf=odf, ddf=ddf, rules=rules,
                                        damage_die=blow.damage_die, attack_roll=blow.attack_roll,
                                        defense_roll=blow.defense_roll)
            number = hit.number if hit.number is not None else _co_points(hit, hit.level, rules)
            steps.append(Step("CO 2.3", f"The blow's damage number: {number}.", {"number": number}))
        wear = shields.absorb(state, shields.wear_points(number, rules=rules), rules=rules)
        steps.extend(wear.steps)
        after = defender._evolve(shield_state=wear.shield)
    return replace(block, wear=wear, steps=tuple(steps)), after


def strike_or_block(
    blow: BlowInput,
    *,
    attacker_result: int,
    defender_result: int | None,
    shield_roll: Roll | None = None,
    shield_fixed: bool = False,
    shield_field: str = "shield",
    skill_field: str = "defender.skills",
    shield_penalty: int | None = None,
) -> tuple[Blow | Block, Fighter]:
    """A blow that won, outside a two-fighter exchange (a group round, F95 4.34; a shot, F95
    4.4): the defender's shield check first (CO 2.2, with ``co.shield``; ``defender_result``
    None when he could not use his shield; ``shield_fixed``: an NPC at her trait level checks
    with no roll; ``shield_penalty``: the wound penalty to the check, default his own now), then,
    if the shield did not take it, :func:`strike`. Returns the :class:`Blow` or :class:`Block`
    and the defender after."""
    block = None
    if defender_result is not None:
        block = shield_check_against(blow.attacker, blow.defender, attacker_result=attacker_result,
                                     defender_result=defender_result, roll=shield_roll, rules=blow.rules,
                                     fixed=shield_fixed, roll_field=shield_field, skill_field=skill_field,
                                     penalty=shield_penalty)
    if block is not None and block.check.blocked:
        return absorb_blow(block, blow)
    landed, after = strike(blow)
    if block is not None:
        landed = replace(landed, steps=block.check.steps + landed.steps)
    return landed, after
