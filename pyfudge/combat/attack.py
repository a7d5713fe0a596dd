"""The exchange: two fighters' declarations and dice in, who hit whom and every wound out.

- :func:`resolve_exchange` — a simultaneous round (F95 4.22, MUD 4.22, F93 4.62), with or without
  offensive/defensive stances (F95 4.32, MUD 4.32, F93 4.63; both fighters may be hurt);
- :func:`resolve_attack` — one attack of alternating turns (F95 4.23): offence against defence;
- :class:`ExchangeRequest` — one exchange as data, for the JSON door and the encounter log.

The parts live by role: :mod:`.declaration` (what each fighter declares and rolls),
:mod:`.sides` (his modifiers and results), :mod:`.blow` (one blow's damage and wound, or the
shield that took it), :mod:`.outcomes` (what the exchange did). Rules wired in when their options
are on (each needs its input, else a named error): hit location (``location.system``, F95 4.35 /
MUD 4.35), CO 2 shield checks (``co.shield``), CO 3 alternate track (``co.track``), CO 4 damage
checks (``co.damage_check``), F95 4.52 Willpower (``wounds.willpower``), F95 4.62 head blows
(``wounds.head_knockout``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.checks import REQUEST as check
from ..core.errors import FudgeError, RequestError, RuleError
from ..core.explain import Step
from ..core.options import Option
from ..rules import wounds
from ..rules.actions import Modifier
from . import location, melee
from .blow import BlowInput, absorb_blow, shield_check_against, strike
from .declaration import (
    NO_DECLARATION,
    Declaration,
    FighterDice,
    check_declaration,
    damage_faces,
    dice_total,
    odd_die,
    stunned_cannot_attack,
)
from .fighter import Fighter
from .initiative import speed_contest_declarations, speed_power_free_round
from .melee import Side, Verdict
from .memo import remember
from .outcomes import Block, Blow, Carry, Contest, ExchangeKind, ExchangeOutcome, SideReport
from .sides import MAX_ROUND, SidePlan, aimed_minimum, called_shot, can_act, min_to_hit, plan_side, read_side

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

OPTIONS: tuple[Option, ...] = (
    # F95 4.36: "If someone has a Power that speeds him up ... attack every other round as if his
    # opponent wasn't aware of the attack". Not used in Mudge (MUD 4.36); not in F93.
    Option(
        "melee.speed_power", "Speed Power strikes unopposed every other round", "F95 4.36", "bool",
        {"fudge1995": True, "mudge": False, "fudge1993": False},
        help="A fighter with a speed Power hits on an unopposed Poor every second round, "
        "and cannot be hit back that round.",
        group="Melee",
    ),
)


def _result_word(verdict: Verdict, blow: Blow | Block | None) -> str:
    if isinstance(blow, Block):
        return "blocked"
    if blow is not None:
        return "graze" if blow.graze else "hit"
    if verdict.winner is None and verdict.relative_degree == 0:
        return "stand-off"
    return "miss"


@dataclass(frozen=True)
class _RoundPlan:
    """What a simultaneous round settles before the dice: checked declarations, who can fight,
    each side's skills and modifiers, the minimums to hit, the opening steps."""

    steps: tuple[Step, ...]
    start: dict[str, int]
    a_active: bool
    b_active: bool
    da: Modifier | None
    db: Modifier | None
    side_a: SidePlan
    side_b: SidePlan
    min_a: tuple[int, Step]
    min_b: tuple[int, Step]
    harm_a: bool
    harm_b: bool


def _plan_round(a: Fighter, b: Fighter, a_declares: Declaration, b_declares: Declaration, rules: RuleSet,
                round_number: int) -> _RoundPlan:
    check_declaration(a, a_declares, rules, "a", alternating=False)
    check_declaration(b, b_declares, rules, "b", alternating=False)
    steps = [Step("F95 4.22", f"Round {round_number}: {a.name} against {b.name}, simultaneous.",
                  {"round": round_number})]
    start = {a.name: a.current_level(rules), b.name: b.current_level(rules)}
    a_active, b_active = can_act(a, a_declares, rules), can_act(b, b_declares, rules)
    # F95 4.36: a fighter with a speed Power strikes every other round as if his foe were unaware.
    if rules["melee.speed_power"] and speed_power_free_round(round_number):
        if a.speed_power and not b.speed_power and a_active:
            b_active = False
            steps.append(Step("F95 4.36", f"{a.name}'s speed: {b.name} cannot answer this round.", {}))
        elif b.speed_power and not a.speed_power and b_active:
            a_active = False
            steps.append(Step("F95 4.36", f"{b.name}'s speed: {a.name} cannot answer this round.", {}))
    if not a_active and not b_active:
        raise RuleError("Neither fighter can fight this round.", field="a")
    da, db = melee.weapon_disparity(a.weapon.value, a.shield, b.weapon.value, b.shield, rules=rules)
    return _RoundPlan(
        tuple(steps), start, a_active, b_active, da, db,
        plan_side(a, b, a_declares, rules, round_number, da, a_active, False, "both"),
        plan_side(b, a, b_declares, rules, round_number, db, b_active, False, "both"),
        min_to_hit(a, b, a_declares, rules), min_to_hit(b, a, b_declares, rules),
        not a_declares.defend_only and not stunned_cannot_attack(a_declares, rules),
        not b_declares.defend_only and not stunned_cannot_attack(b_declares, rules))


@dataclass(frozen=True)
class _Party:
    """One fighter as a contest sees him: his record as the exchange began, his side's results,
    his dice and declaration, and the prefix naming his inputs (``"a"``, ``"defender"``…)."""

    me: Fighter
    side: SideReport
    dice: FighterDice
    decl: Declaration
    where: str


@dataclass(frozen=True)
class _Clash:
    """One contest of an exchange: the verdict of ``att``'s blow at ``dfd``, the minimum he
    needed, and the damage bonus a failed all-out attacker's foe gets (F95 4.31)."""

    att: _Party
    dfd: _Party
    verdict: Verdict
    minimum: int
    foe_bonus: int = 0


def resolve_exchange(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_dice: FighterDice | None = None,
    b_dice: FighterDice | None = None,
    a_declares: Declaration = NO_DECLARATION,
    b_declares: Declaration = NO_DECLARATION,
    round_number: int = 1,
) -> ExchangeOutcome:
    """One simultaneous round between ``a`` and ``b`` (F95 4.22; MUD 4.22; F93 4.62).

    Each rolls once; without stances the results are compared (0 = stand-off, the winner must
    reach the minimum to hit); with stances (``melee.stances``, F95 4.32) each offence meets the
    other's defence and both can be hurt. A fighter who cannot fight (Incapacitated, knocked out,
    unaware) does not roll: his foe's blow is unopposed against the minimum (F95 4.22).
    """
    if rules["melee.pacing"] == "alternating":
        raise RuleError("Under alternating turns resolve each attack on its own (F95 4.23).", field="pacing")
    if rules["melee.pacing"] == "story":
        raise RuleError("Story-element combat is resolved as a story element (F95 4.21).", field="pacing")
    round_number = check.whole(round_number, "round", 1, MAX_ROUND)
    a_dice, b_dice = a_dice or FighterDice(), b_dice or FighterDice()
    if a.name == b.name:
        raise RequestError("The two fighters need different names.", field="b.name")
    a_declares, b_declares, speed_steps = speed_contest_declarations(a, b, a_dice, b_dice, a_declares, b_declares,
                                                                     rules)
    plan = remember((a, b, a_declares, b_declares, rules), ("round", round_number),
                    lambda: _plan_round(a, b, a_declares, b_declares, rules, round_number))
    steps: list[Step] = list(plan.steps) + speed_steps
    sa = read_side(a, a_dice, plan.side_a, plan.a_active, "a_dice", steps)
    sb = read_side(b, b_dice, plan.side_b, plan.b_active, "b_dice", steps)
    steps += (plan.min_a[1], plan.min_b[1])
    pa, pb = _Party(a, sa, a_dice, a_declares, "a"), _Party(b, sb, b_dice, b_declares, "b")
    kind = ExchangeKind.STANCES if rules["melee.stances"] else ExchangeKind.ROUND
    clashes = _decide(pa, pb, plan, rules, steps)
    fighters = {a.name: a, b.name: b}
    blows: list[Blow] = []
    blocks: list[Block] = []
    contests = []
    for c in clashes:
        blow: Blow | Block | None = None
        if c.verdict.hit:
            blow, fighters[c.dfd.me.name], landed_steps = _land(c, fighters[c.dfd.me.name], rules,
                                                                plan.start[c.dfd.me.name])
            _file(blow, blows, blocks)
            steps.extend(landed_steps)
        contests.append(Contest(c.att.me.name, c.dfd.me.name, c.verdict.relative_degree, c.minimum,
                                _result_word(c.verdict, blow), c.verdict.tie_won))
    carry = _scouting(a, b, a_declares, b_declares, [*blows, *blocks], rules, steps)  # blocked: he lost
    return ExchangeOutcome(kind, round_number, (sa, sb), tuple(contests), tuple(blows),
                           (fighters[a.name], fighters[b.name]), carry, _cite(steps, rules), tuple(blocks))


def _decide(pa: _Party, pb: _Party, plan: _RoundPlan, rules: RuleSet, steps: list[Step]) -> list[_Clash]:
    """Who hit whom in a simultaneous round: an unopposed blow, one comparison, or with stances
    each offence against the other's defence (F95 4.22, 4.32)."""
    sa, sb = pa.side, pb.side
    (min_a, _), (min_b, _) = plan.min_a, plan.min_b
    no_tiebreak = sa.fixed or sb.fixed
    odd_a = odd_die(pa.dice, rules) if rules["melee.tiebreak"] and not no_tiebreak else None
    odd_b = odd_die(pb.dice, rules) if rules["melee.tiebreak"] and not no_tiebreak else None
    tb_rules = rules if not no_tiebreak else rules.with_options({"melee.tiebreak": False})
    if not (plan.a_active and plan.b_active):
        att, dfd, minimum, harm = (pa, pb, min_a, plan.harm_a) if plan.a_active else (pb, pa, min_b, plan.harm_b)
        can = harm and (att.decl.all_out != "defense" or att.side.critical)
        steps.append(Step("F95 4.22", f"{dfd.me.name} cannot fight: {att.me.name}'s blow is an unopposed action.",
                          {}))
        v = _with_all_out(melee.decide_attack(att.side.attack_result, None, minimum=minimum, rules=rules,
                                              can_harm=can, names=(att.me.name, dfd.me.name)), att.decl)
        steps.extend(v.steps)
        return [_Clash(att, dfd, v, minimum)]
    if not rules["melee.stances"]:
        va = Side(sa.attack_result, min_a, pa.decl.all_out, plan.harm_a, sa.critical, odd_a, pa.me.name)
        vb = Side(sb.attack_result, min_b, pb.decl.all_out, plan.harm_b, sb.critical, odd_b, pb.me.name)
        v = melee.decide_round(va, vb, rules=tb_rules)
        steps.extend(v.steps)
        if v.winner == "b":
            return [_Clash(pb, pa, v, min_b, v.foe_all_out_bonus)]
        return [_Clash(pa, pb, v, min_a, v.foe_all_out_bonus)]
    # F95 4.32: "The offensive rolled result of each fighter is then compared to the defense
    # of the other fighter."
    clashes = []
    for att, dfd, minimum, can, odds in ((pa, pb, min_a, plan.harm_a, (odd_a, odd_b)),
                                         (pb, pa, min_b, plan.harm_b, (odd_b, odd_a))):
        v = melee.decide_attack(att.side.attack_result, dfd.side.defence, minimum=minimum, rules=tb_rules,
                                can_harm=can, tiebreak=odds, section="F95 4.32",
                                names=(att.me.name, dfd.me.name))
        steps.append(Step("F95 4.32", f"{att.me.name}'s offence against {dfd.me.name}'s defence.", {}))
        steps.extend(v.steps)
        clashes.append(_Clash(att, dfd, v, minimum))
    return clashes


def _file(blow: Blow | Block | None, blows: list[Blow], blocks: list[Block]) -> None:
    """Put a landed blow with the blows, a shield's block with the blocks (a miss: nowhere)."""
    if isinstance(blow, Block):
        blocks.append(blow)
    elif blow is not None:
        blows.append(blow)


# The same rule in each preset's own book, for citing steps (simultaneous rounds and stances are
# in all three; F93 4.62 also holds every melee modifier of F95 4.31).
_CITE = {
    "mudge": {"F95 4.22": "MUD 4.22", "F95 4.32": "MUD 4.32", "F95 4.33": "MUD 4.33"},
    "fudge1993": {"F95 4.22": "F93 4.62", "F95 4.31": "F93 4.62", "F95 4.32": "F93 4.63"},
    "fudge1995": {},
}


def _cite(steps: list[Step], rules: RuleSet) -> tuple[Step, ...]:
    """Tag the exchange's own steps with the preset's book where it states the same rule."""
    table = _CITE[rules.preset]
    if not table:
        return tuple(steps)
    return tuple(Step(table[st.section], st.text, st.data) if st.section in table else st for st in steps)


def _with_all_out(v: Verdict, decl: Declaration) -> Verdict:
    """F95 4.31: an all-out attack that lands does +1 damage ("if successful")."""
    if not v.hit or decl.all_out != "offense":
        return v
    step = Step("F95 4.31", "All-out offence: +1 to damage.", {"bonus": 1})
    return replace(v, all_out_bonus=1, steps=v.steps + (step,))


def _land(c: _Clash, dfd: Fighter, rules: RuleSet, start: int) -> tuple[Blow | Block | None, Fighter, tuple[Step, ...]]:
    """Turn a verdict into a blow on ``dfd`` (the defender as the earlier blows left him):
    called shot or aimed-part check, shield check, damage dice, then :func:`strike`, then a
    head blow's knockout. Returns the blow (a :class:`Block` when the shield took it, None when
    a called shot missed), the defender after, and the steps."""
    att, v = c.att, c.verdict
    rd = 1 if v.tie_won else v.relative_degree
    on_target = None
    extra_steps: list[Step] = []
    called = None
    shot = called_shot(att.decl, rules)
    if shot is not None:
        # F95 4.35 / MUD 4.35 (MUD 4.31 item 5): the hit-location system decides the part.
        called = location.resolve_called_shot(shot, relative_degree=rd, rolled=att.side.attack_result, rules=rules)
        extra_steps.extend(called.steps)
        if called.landed == "miss":
            return None, dfd, tuple(extra_steps)
        on_target = called.landed == "aimed"
    elif (need := aimed_minimum(att.decl, rules)) is not None:
        # F95 4.31: below the result needed for the part, but still a win: "he hits the other
        # fighter-- but not in the part aimed for".
        on_target = att.side.attack_result >= need
        extra_steps.append(Step("F95 4.31", f"Aimed at the {att.decl.aim} (needs {ladder.name(need)}): "
                                + ("on target." if on_target else "a hit, but not where it was aimed."),
                                {"aim": att.decl.aim, "on_target": on_target}))
    # The fields a blocked and a landed blow share (a dict: one BlowInput made, not one copied).
    base: dict[str, Any] = dict(
        attacker=att.me, defender=dfd, relative_degree=rd, rules=rules, damage_die=damage_faces(att.dice, rules, rd),
        attack_roll=dice_total(att.dice) if att.dice.roll is not None else None,
        defense_roll=dice_total(c.dfd.dice) if c.dfd.dice.roll is not None else None, all_out_bonus=v.all_out_bonus)
    try:
        block = _shield_check(att, c.dfd, dfd, rules)
        if block is not None and block.check.blocked:
            return _absorb(block, base, c.foe_bonus, att.decl, extra_steps)
        if block is not None:
            extra_steps.extend(block.check.steps)
        where = c.dfd.where
        blow, after = strike(BlowInput(
            **base, declares=att.decl, defender_declares=c.dfd.decl, foe_all_out=c.foe_bonus,
            critical=att.side.critical, worst_at_round_start=start, tie_won=v.tie_won, on_target=on_target,
            check_faces=c.dfd.dice.check, check_field=f"{where}_dice.check",
            willpower_field=f"{where}_declares.willpower", called=called))
    except FudgeError as err:
        err.field = _request_field(err.field, att, c.dfd)
        raise
    if extra_steps:
        blow = replace(blow, steps=tuple(extra_steps) + blow.steps)
    if (rules["wounds.head_knockout"] and att.decl.aim is not None and att.decl.aim.strip().lower() == "head"
            and on_target is not False):
        # F95 4.62: "a successful Good blow (or better) to the head knocks someone out
        # automatically. In an Opposed action, the Good blow would also have to win" — it won.
        head = wounds.head_blow(after.track_for(rules), att.side.attack_result, won=True, rules=rules)
        after = after._evolve(track=head.track)
        blow = replace(blow, head_blow=head, steps=blow.steps + head.steps)
    return blow, after, blow.steps


def _shield_check(att: _Party, dfd: _Party, defender: Fighter, rules: RuleSet) -> Block | None:
    """CO 2.2: "If a shieldman loses the action, then that player should make an extra roll
    against his shield skill" — only with ``co.shield`` on, for a fighter with a shield who
    rolled to defend (an unaware or helpless fighter cannot use it)."""
    if dfd.side.defence is None:
        return None
    return shield_check_against(att.me, defender, attacker_result=att.side.attack_result,
                                defender_result=dfd.side.defence, roll=dfd.dice.shield, rules=rules,
                                fixed=dfd.side.fixed, roll_field=f"{dfd.where}_dice.shield",
                                skill_field=f"{dfd.where}.skills")


def names_damage_dice(field: str | None) -> bool:
    """Does a refusal name the damage dice: a blow's own ``damage_die``, or an exchange side's
    ``<side>_dice.damage`` (:func:`_request_field`)?"""
    head = (field or "").partition("[")[0]
    return head == "damage_die" or head.endswith("_dice.damage")


def _request_field(field: str | None, att: _Party, dfd: _Party) -> str | None:
    """A refusal from inside a blow, named by the exchange request's own field, so that a form
    points at what to fix: the damage dice and the attack roll are the attacker's inputs, the
    defence roll and the Fudge Points spent against the wound the defender's."""
    head, bracket, rest = (field or "").partition("[")
    own = {"damage_die": f"{att.where}_dice.damage", "attack_roll": f"{att.where}_dice.roll",
           "defense_roll": f"{dfd.where}_dice.roll", "points_spent": f"{dfd.where}_declares.points"}.get(head)
    return field if own is None else own + bracket + rest


def _absorb(block: Block, base: dict[str, Any], foe_bonus: int, decl: Declaration,
            extra_steps: list[Step]) -> tuple[Block, Fighter, tuple[Step, ...]]:
    """A melee blow the shield took: :func:`absorb_blow` with the exchange's damage inputs (a
    failed all-out attacker's foe's bonus as a modifier)."""
    extra = (Modifier("foe's failed all-out attack", foe_bonus, "F95 4.31"),) if foe_bonus else ()
    block, after = absorb_blow(block, BlowInput(**base, extra_damage=tuple(decl.damage_modifiers) + extra),
                               tuple(extra_steps))
    return block, after, block.steps


def _scouting(a: Fighter, b: Fighter, a_decl: Declaration, b_decl: Declaration, blows: list[Blow | Block],
              rules: RuleSet, steps: list[Step]) -> tuple[Carry, ...]:
    """F95 4.31: "A successful All-out Defense and a successful Perception or Tactics roll
    produces a -1 penalty to the opponent on the next round" (F93 4.62: a bonus to himself)."""
    carry: list[Carry] = []
    for me, foe, decl in ((a, b, a_decl), (b, a, b_decl)):
        if decl.all_out != "defense" or not decl.scouting:
            continue
        if any(bl.defender == me.name for bl in blows):
            steps.append(Step("F95 4.31", f"{me.name}'s all-out defence failed: no advantage next round.", {}))
            continue
        mine, theirs = melee.scouting_modifiers(rules=rules)
        if mine:
            carry.append(Carry(me.name, mine))
        if theirs:
            carry.append(Carry(foe.name, theirs))
        if mine or theirs:
            steps.append(Step("F95 4.31", f"{me.name} defended all-out and scouted the ground: "
                              + (f"{foe.name} is at −1 next round." if theirs else f"{me.name} is at +1 next round."),
                              {}))
    return tuple(carry)


# --- alternating turns ----------------------------------------------------------------------

def _check_turn(attacker: Fighter, defender: Fighter, a_decl: Declaration, d_decl: Declaration,
                rules: RuleSet) -> bool:
    """Both declarations of an alternating turn checked (True: remembered as done)."""
    check_declaration(attacker, a_decl, rules, "attacker", alternating=True)
    check_declaration(defender, d_decl, rules, "defender", alternating=True)
    return True


def resolve_attack(
    attacker: Fighter,
    defender: Fighter,
    *,
    rules: RuleSet,
    attacker_dice: FighterDice | None = None,
    defender_dice: FighterDice | None = None,
    attacker_declares: Declaration = NO_DECLARATION,
    defender_declares: Declaration = NO_DECLARATION,
    round_number: int = 1,
) -> ExchangeOutcome:
    """One attack of alternating turns (F95 4.23): the attacker's offence skill against the
    defender's defence skill; only the attacker can hurt.

    All-out offence: +1 to attack and to damage, and on the opponent's next turn −2 to defence
    or no defence (``melee.all_out_offense_defense``; returned in ``carry``). All-out defence
    forfeits the attack (refused here) and gives +2 to defend. A defender who cannot defend
    (unaware, out of the fight, ``no_defence``) is hit on an unopposed roll against the minimum.
    """
    if rules["melee.pacing"] != "alternating":
        raise RuleError("Single attacks are for alternating turns (F95 4.23); this ruleset uses "
                        f"{rules['melee.pacing']} pacing.", field="pacing")
    round_number = check.whole(round_number, "round", 1, MAX_ROUND)
    attacker_dice, defender_dice = attacker_dice or FighterDice(), defender_dice or FighterDice()
    if attacker.name == defender.name:
        raise RequestError("The two fighters need different names.", field="defender.name")
    attacker_declares, defender_declares, speed_steps = speed_contest_declarations(
        attacker, defender, attacker_dice, defender_dice, attacker_declares, defender_declares, rules)
    remember((attacker, defender, attacker_declares, defender_declares, rules), ("check", True),
             lambda: _check_turn(attacker, defender, attacker_declares, defender_declares, rules))
    if attacker_declares.all_out == "defense":
        raise RuleError("An all-out defender forfeits their attack this round (F95 4.23).",
                        field="attacker.all_out")
    if defender_declares.all_out == "offense":
        raise RuleError("All-out offence is declared for one's own attack.", field="defender.all_out")
    if not attacker.can_fight(rules) or attacker_declares.unaware or stunned_cannot_attack(attacker_declares, rules):
        raise RuleError(f"{attacker.name} cannot attack this turn.", field="attacker")
    steps: list[Step] = [Step("F95 4.23", f"Round {round_number}: {attacker.name} attacks, {defender.name} defends.",
                              {"round": round_number})] + speed_steps
    start = defender.current_level(rules)
    da, dd = melee.weapon_disparity(attacker.weapon.value, attacker.shield, defender.weapon.value,
                                    defender.shield, rules=rules)
    can_defend = can_act(defender, defender_declares, rules) and not defender_declares.no_defence
    plan_a = plan_side(attacker, defender, attacker_declares, rules, round_number, da, True, True, "attack")
    sa = read_side(attacker, attacker_dice, plan_a, True, "attacker_dice", steps, role="attack")
    plan_d = plan_side(defender, attacker, defender_declares, rules, round_number, dd, can_defend, True, "defend")
    sd = read_side(defender, defender_dice, plan_d, can_defend, "defender_dice", steps, role="defend")
    minimum, st = melee.min_to_hit(attacker.body_scale, defender.body_scale, rules=rules,
                                   gm_minimum=attacker_declares.min_to_hit, names=(attacker.name, defender.name))
    steps.append(st)
    fixed = sa.fixed or sd.fixed
    tb_rules = rules if not fixed else rules.with_options({"melee.tiebreak": False})
    odds = ((odd_die(attacker_dice, rules), odd_die(defender_dice, rules))
            if rules["melee.tiebreak"] and not fixed else (None, None))
    if not can_defend:
        steps.append(Step("F95 4.22", f"{defender.name} cannot defend: an unopposed attack.", {}))
    v = melee.decide_attack(sa.attack_result, sd.defence if can_defend else None, minimum=minimum,
                            rules=tb_rules, can_harm=not attacker_declares.defend_only, tiebreak=odds,
                            difficulty_section="F95 4.23", names=(attacker.name, defender.name))
    v = _with_all_out(v, attacker_declares)
    steps.extend(v.steps)
    blows: list[Blow] = []
    blocks: list[Block] = []
    after_def = defender
    blow: Blow | Block | None = None
    if v.hit:
        clash = _Clash(_Party(attacker, sa, attacker_dice, attacker_declares, "attacker"),
                       _Party(defender, sd, defender_dice, defender_declares, "defender"), v, minimum)
        blow, after_def, landed_steps = _land(clash, defender, rules, start)
        _file(blow, blows, blocks)
        steps.extend(landed_steps)
    carry = _all_out_carry(attacker, defender, attacker_declares, rules, steps)
    contest = Contest(attacker.name, defender.name, v.relative_degree,
                      minimum, _result_word(v, blow), v.tie_won)
    return ExchangeOutcome(ExchangeKind.ATTACK, round_number, (sa, sd), (contest,), tuple(blows),
                           (attacker, after_def), carry, _cite(steps, rules), tuple(blocks))


def _all_out_carry(attacker: Fighter, defender: Fighter, decl: Declaration, rules: RuleSet,
                   steps: list[Step]) -> tuple[Carry, ...]:
    """F95 4.23: "-2 on his defense on his opponent's next turn ... or perhaps no defense" after
    an all-out attack."""
    if decl.all_out != "offense":
        return ()
    if rules["melee.all_out_offense_defense"] == "none":
        steps.append(Step("F95 4.23", f"After an all-out attack {attacker.name} has no defence on "
                          f"{defender.name}'s next turn.", {}))
        return (Carry(attacker.name, None, "defence", True),)
    steps.append(Step("F95 4.23", f"After an all-out attack {attacker.name} defends at −2 on "
                      f"{defender.name}'s next turn.", {}))
    return (Carry(attacker.name, Modifier("all-out offence last turn", -2, "F95 4.23"), "defence"),)


# --- one request as data (for the JSON door and the encounter log) -------------------------

@dataclass(frozen=True)
class ExchangeRequest:
    """An exchange as data: both fighters, their declarations and dice, the round number.

    ``kind`` is ``"round"`` (simultaneous, with or without stances) or ``"attack"`` (one
    alternating attack: ``a`` attacks ``b``). :meth:`resolve` runs it.
    """

    a: Fighter
    b: Fighter
    a_declares: Declaration = NO_DECLARATION
    b_declares: Declaration = NO_DECLARATION
    a_dice: FighterDice = FighterDice()
    b_dice: FighterDice = FighterDice()
    round: int = 1
    kind: ExchangeKind = ExchangeKind.ROUND

    def resolve(self, rules: RuleSet) -> ExchangeOutcome:
        """Resolve this exchange under ``rules``."""
        if self.kind == "attack":
            return resolve_attack(self.a, self.b, rules=rules, attacker_dice=self.a_dice,
                                  defender_dice=self.b_dice, attacker_declares=self.a_declares,
                                  defender_declares=self.b_declares, round_number=self.round)
        return resolve_exchange(self.a, self.b, rules=rules, a_dice=self.a_dice, b_dice=self.b_dice,
                                a_declares=self.a_declares, b_declares=self.b_declares,
                                round_number=self.round)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind", "round", "a", "b", "a_declares", "b_declares", "a_dice", "b_dice"}``."""
        return {
            "kind": self.kind, "round": self.round, "a": self.a.to_dict(), "b": self.b.to_dict(),
            "a_declares": self.a_declares.to_dict(), "b_declares": self.b_declares.to_dict(),
            "a_dice": self.a_dice.to_dict(), "b_dice": self.b_dice.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any, *, rules: RuleSet, field: str = "exchange") -> ExchangeRequest:
        """Read an exchange from JSON, validating every part (the dice by ``rules``' technique)."""
        check.obj(data, field, ("kind", "round", "a", "b", "a_declares", "b_declares", "a_dice", "b_dice"),
                  at_key=True)
        kind = data.get("kind", "round")
        if kind not in (ExchangeKind.ROUND, ExchangeKind.ATTACK):
            raise RequestError(f"{field}.kind must be round or attack, not {kind!r}.", field=f"{field}.kind")
        for key in ("a", "b"):
            if key not in data:
                raise RequestError(f"{field} needs fighter {key}.", field=f"{field}.{key}")
        return cls(
            a=Fighter.from_dict(data["a"], field=f"{field}.a"),
            b=Fighter.from_dict(data["b"], field=f"{field}.b"),
            a_declares=Declaration.from_dict(data.get("a_declares"), field=f"{field}.a_declares"),
            b_declares=Declaration.from_dict(data.get("b_declares"), field=f"{field}.b_declares"),
            a_dice=FighterDice.from_dict(data.get("a_dice"), rules=rules, field=f"{field}.a_dice", speed=True),
            b_dice=FighterDice.from_dict(data.get("b_dice"), rules=rules, field=f"{field}.b_dice", speed=True),
            round=check.whole(data.get("round", 1), f"{field}.round", 1, MAX_ROUND),
            kind=ExchangeKind(kind),
        )
