"""One fighter's side of an exchange: every modifier to his skill gathered from the fighters and
his declaration (F95 4.31, MUD 4.31, F93 4.62), the dice-free plan of his side, and his dice
read into results (:class:`~.outcomes.SideReport`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..core import ladder
from ..core.checks import REQUEST as check
from ..core.errors import DiceError
from ..core.explain import Step
from ..rules import wounds
from ..rules.actions import Modifier
from . import location, melee
from .declaration import CRITICAL_TOTAL, NO_DECLARATION, AllOut, Declaration, FighterDice, check_declaration
from .fighter import Fighter
from .memo import remember
from .outcomes import SideReport
from .stances import NORMAL

# The highest round number the rules read. A round number is only compared (plus levels and a
# speed Power, F95 4.36; a table's rounds), so any bound far past a real fight does: an
# encounter's round may pass 10,000 (a next_round event each) and a forecast plays up to 200
# rounds on from it.
MAX_ROUND = 1_000_000

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet


# --- gathering modifiers --------------------------------------------------------------------

@dataclass(frozen=True)
class _Mods:
    common: tuple[Modifier, ...]
    offence: tuple[Modifier, ...]
    defence: tuple[Modifier, ...]


def _add(out: list[Modifier], mod: Modifier | None) -> None:
    if mod is not None and mod.amount != 0:
        out.append(mod)


def _gather(me: Fighter, foe: Fighter | None, decl: Declaration, rules: RuleSet, round_number: int,
            *, disparity: Modifier | None, alternating: bool) -> _Mods:
    """Every modifier to one fighter's skill this exchange (F95 4.31, MUD 4.31, F93 4.62).

    ``foe`` None: the modifiers that do not depend on a particular foe (a group round)."""
    common: list[Modifier] = []
    offence: list[Modifier] = []
    defence: list[Modifier] = []
    pain = me.current_penalty(rules)
    _add(common, Modifier("wounds", pain, "F95 4.31") if pain else None)
    # F95 4.31: "Subtract the value of a shield from the opponent's weapon skill": in alternating
    # turns that is his attack; a simultaneous or stance roll is his one combat skill (MUD 4.7).
    # CO 2 (intro): with shield checks on, a shield does not make the foe miss ("not by causing
    # the opponent to miss ... a shieldman actively uses his shield to absorb blows"), so the
    # shield value is not subtracted as well. F93 4.62 has no shield modifier at all
    # (``melee.shield_skill``): there a shield counts only in the weapon size comparison.
    if foe is not None and rules["melee.shield_skill"] and not rules["co.shield"]:
        _add(offence if alternating else common, melee.shield_modifier(foe.shield))
    _add(common, disparity)
    _add(common, Modifier("position", decl.position, "F95 4.31") if decl.position else None)
    if decl.blessing:
        _add(common, Modifier("blessing" if decl.blessing > 0 else "curse", decl.blessing, "F95 4.31"))
    if alternating:
        # F95 4.31 / 4.23: all-out offence helps the attack, all-out defence the defence.
        if decl.all_out == "offense":
            _add(offence, melee.all_out_modifier("offense"))
        elif decl.all_out == "defense":
            _add(defence, melee.all_out_modifier("defense"))
    else:
        _add(common, melee.all_out_modifier(decl.all_out))
    off_mod, def_mod = decl.stance.modifiers()
    _add(offence, off_mod)
    _add(defence, def_mod)
    if aimed_minimum(decl, rules) is not None:
        # F95 4.31: aiming at a small part "also [has] a -1 to the trait level". Not under MUD's
        # table (MUD 4.31 item 5, 4.35: higher minimums and special effects, no −1).
        _add(offence, Modifier(f"aiming at the {decl.aim}", -1, "F95 4.31"))
    if me.has_plus(decl.skill):
        _add(common, melee.plus_level_modifier(round_number, rules=rules))
    if decl.hasty:
        _add(common, melee.hasty_modifiers()[1])
    if decl.stunned:
        eff = wounds.stun_effects(decl.stunned, rules=rules)
        if eff.penalty:
            target = defence if eff.applies_to == "defence" else common
            _add(target, Modifier(eff.name.lower(), eff.penalty, eff.section))
    common.extend(decl.modifiers)
    defence.extend(decl.defence_modifiers)
    return _Mods(tuple(common), tuple(offence), tuple(defence))


def round_modifiers(fighter: Fighter, declares: Declaration = NO_DECLARATION, *, rules: RuleSet,
                    round_number: int = 1, stance_apart: bool = False) -> tuple[Modifier, ...]:
    """The modifiers to a fighter's one roll this round that need no particular foe: wounds,
    position, blessing, all-out, "plus" level, stun, declared extras (F95 4.31, 4.36, 4.62).

    For a group round (F95 4.34): put them in the lone fighter's (or a foe's)
    ``Contender.modifiers``; the multi-foe penalty is added by :mod:`pyfudge.combat.multi`. A
    foe's shield (F95 4.31) and weapon size disparity are per foe and are not included.
    ``stance_apart``: leave the stance out (a group round takes it as ``Contender.stance``, its
    offence and defence apart, MUD 4.32).
    """
    check_declaration(fighter, declares, rules, "declares", alternating=False)
    mods = _gather(fighter, None, replace(declares, stance=NORMAL) if stance_apart else declares, rules,
                   check.whole(round_number, "round", 1, MAX_ROUND), disparity=None, alternating=False)
    return mods.common + mods.offence + mods.defence


def ranged_modifiers(fighter: Fighter, declares: Declaration = NO_DECLARATION, *, rules: RuleSet,
                     round_number: int = 1, where: str = "declares") -> tuple[tuple[Modifier, ...], tuple[Step, ...]]:
    """The modifiers to a fighter's shot or dodge this round (F95 4.4) — :func:`round_modifiers`
    without the melee-only choices — and a step for each choice declared but not counted:

    - all-out offence: "(Only applies to melee combat.)" (F93 4.62); all-out defence with it, a
      melee modifier as well (F95 4.31, among the "Melee Combat Options" of F95 4.3);
    - a stance: "Offensive or defensive stances can only be used during melee combat – they have
      no effect on ranged combat of any kind" (MUD 4.32).

    The declaration is checked whole first (``where`` names it): a choice the rules do not offer
    at all is still refused."""
    check_declaration(fighter, declares, rules, where, alternating=False)
    notes: list[Step] = []
    if declares.all_out == "offense":
        notes.append(Step("F93 4.62", f"{fighter.name}'s all-out offence is not counted: it \"only applies to "
                          "melee combat\".", {"fighter": fighter.name, "all_out": "offense"}))
    elif declares.all_out == "defense":
        notes.append(Step("F95 4.31", f"{fighter.name}'s all-out defence is not counted: it is a melee "
                          "modifier (F95 4.3, Melee Combat Options).", {"fighter": fighter.name, "all_out": "defense"}))
    if declares.stance.offence:
        notes.append(Step("MUD 4.32", f"{fighter.name}'s {declares.stance.label} stance is not counted: stances "
                          "\"have no effect on ranged combat of any kind\".", {"fighter": fighter.name}))
    plain = replace(declares, all_out=AllOut.NONE, stance=NORMAL) if notes else declares
    mods = _gather(fighter, None, plain, rules, check.whole(round_number, "round", 1, MAX_ROUND),
                   disparity=None, alternating=False)
    return mods.common + mods.offence + mods.defence, tuple(notes)


def aimed_minimum(decl: Declaration, rules: RuleSet) -> int | None:
    """The result F95 4.31 / F93 4.62's aimed blow needs (a part and a minimum result, with −1
    to skill), None when he aims no such blow. Under MUD's hit-location table the minimum
    overrides the table's instead (MUD 4.35)."""
    if decl.aim is None or rules["location.system"] == "table":
        return None
    return decl.aim_minimum


def called_shot(decl: Declaration, rules: RuleSet) -> location.CalledShot | None:
    """The called shot a declaration makes under the hit-location system in force, if any:
    MUD 4.35 for any aim; F95 4.35 when the GM gave the relative degree needed."""
    system = rules["location.system"]
    if decl.aim is None or system == "aimed_only":
        return None
    if system == "gm_minimum" and decl.aim_relative is None:
        return None  # a plain F95 4.31 aimed blow (aim_minimum) or just a part named
    return location.CalledShot(decl.aim, decl.aim_relative,
                               decl.aim_minimum if system == "table" else None)


def _total(mods: tuple[Modifier, ...]) -> int:
    return sum(m.amount for m in mods)



# --- a simultaneous round -------------------------------------------------------------------

def _critical(d: FighterDice) -> bool:
    return d.roll is not None and d.roll.total >= CRITICAL_TOTAL


def fixed_npc(me: Fighter, foe: Fighter, rules: RuleSet) -> bool:
    """M-PC-VS-NPC, F95 4.33: against a PC, an NPC's result is her trait level."""
    return bool(rules["melee.npc_fixed"]) and me.role != "pc" and foe.role == "pc"


@dataclass(frozen=True)
class SidePlan:
    """The part of a fighter's side that needs no dice: his skills, modifiers and their steps."""

    skill: str
    level: int
    def_level: int
    fixed: bool
    off_mods: tuple[Modifier, ...]
    def_mods: tuple[Modifier, ...]
    off_base: int
    def_base: int
    one_result: bool
    mod_steps: tuple[Step, ...]
    trait: str
    base: int


# Nine inputs: every fact the dice-free part of a side reads, each a part of its memo key.
def plan_side(me: Fighter, foe: Fighter, decl: Declaration, rules: RuleSet, round_number: int,
              disparity: Modifier | None, active: bool, alternating: bool, role: str) -> SidePlan:
    """The dice-free part of ``me``'s side against ``foe`` (``role``: ``"both"`` in a simultaneous
    round, ``"attack"`` or ``"defend"`` in alternating turns), remembered inside
    :func:`~.memo.remembering_blows`."""
    return remember((me, foe, decl, rules), ("side", round_number, disparity, active, alternating, role),
                    lambda: _plan_side(me, foe, decl, rules, round_number, disparity, active, alternating, role))


# The inputs of plan_side, which remembers it.
def _plan_side(me: Fighter, foe: Fighter, decl: Declaration, rules: RuleSet, round_number: int,
               disparity: Modifier | None, active: bool, alternating: bool, role: str) -> SidePlan:
    mods = _gather(me, foe, decl, rules, round_number, disparity=disparity, alternating=alternating)
    skill = decl.skill or me.attack_skill
    level = me.skill(skill)
    if decl.defence_skill:
        def_level = me.skill(decl.defence_skill)
    elif alternating or rules["melee.stances"]:
        def_level = me.defence if not decl.skill else level
    else:
        def_level = level
    fixed = active and fixed_npc(me, foe, rules)
    off_mods = mods.common + mods.offence
    def_mods = mods.common + mods.defence
    one_result = active and role == "both" and not rules["melee.stances"]
    if one_result:
        # One roll, one result (F95 4.22): every modifier applies to it.
        off_mods = def_mods = mods.common + mods.offence + mods.defence
    listed = def_mods if role == "defend" else (
        off_mods + mods.defence if role == "both" and rules["melee.stances"] else off_mods)
    mod_steps = tuple(Step(m.section or "F95 4.31", f"{me.name}: {m.source} {m.amount:+d}.",
                           {"fighter": me.name, "source": m.source, "amount": m.amount}) for m in listed)
    trait, base = skill, level
    if role == "defend":
        trait, base = decl.defence_skill or me.defence_skill or skill, def_level
    return SidePlan(skill, level, def_level, fixed, off_mods, def_mods,
                    level + _total(off_mods), (level if one_result else def_level) + _total(def_mods),
                    one_result, mod_steps, trait, base)


def read_side(me: Fighter, d: FighterDice, plan: SidePlan, active: bool, where: str, steps: list[Step],
              role: str = "both") -> SideReport:
    """One fighter's skills, modifiers, dice and results: his side's ``plan`` (:func:`plan_side`)
    with his dice ``d``, remembered like the plan (the key reads the roll's total when the side
    does, so the odds see the read)."""
    total = int(d.roll.total) if active and not plan.fixed and d.roll is not None else None
    side, own = remember((me, d, plan), ("read", active, where, role, total),
                         lambda: _read_side(me, d, plan, active, where, role))
    steps.extend(own)
    return side


# The inputs of read_side, which remembers it.
def _read_side(me: Fighter, d: FighterDice, plan: SidePlan, active: bool, where: str,
               role: str) -> tuple[SideReport, tuple[Step, ...]]:
    steps: list[Step] = []
    roll = d.roll
    if not active:
        if roll is not None:
            steps.append(Step("F95 4.22", f"{me.name} cannot fight this round: their roll is not used.", {}))
        roll = None
    elif plan.fixed:
        if roll is not None:
            steps.append(Step("F95 4.33", f"{me.name} is an NPC at her trait level: her roll is not used.", {}))
        roll = None
        steps.append(Step("F95 4.33", f"{me.name} (NPC) gets a result equal to her trait level.", {}))
    elif roll is None:
        raise DiceError(f"{me.name} needs a combat roll.", field=f"{where}.roll")
    total = roll.total if roll is not None else 0
    steps.extend(plan.mod_steps)
    offence: int | None = None
    defence: int | None = None
    if active:
        off = plan.off_base + total
        dfc = off if plan.one_result else plan.def_base + total
        offence, defence = off, dfc
        shown = f"{ladder.name(off)}" if off == dfc or role == "attack" else \
            f"offence {ladder.name(off)}, defence {ladder.name(dfc)}"
        if role == "defend":
            shown = f"defence {ladder.name(dfc)}"
        steps.append(Step(
            "F95 4.22", f"{me.name}: {plan.trait} {ladder.name(plan.base, legendary=True)}, dice {total:+d}: {shown}.",
            {"fighter": me.name, "level": plan.level, "dice": total, "offence": offence, "defence": defence},
        ))
    return SideReport(me.name, plan.skill, plan.level, plan.off_mods, plan.def_level, plan.def_mods, roll, total,
                      offence, defence, active, plan.fixed, active and not plan.fixed and _critical(d)), tuple(steps)


def min_to_hit(me: Fighter, foe: Fighter, decl: Declaration, rules: RuleSet) -> tuple[int, Step]:
    """The least result that hits ``foe`` (F95 4.22, MUD 4.58), remembered like the other
    dice-free parts of an exchange."""
    return remember((me, foe, decl, rules), ("minimum",), lambda: melee.min_to_hit(
        me.body_scale, foe.body_scale, rules=rules, gm_minimum=decl.min_to_hit, names=(me.name, foe.name)))


def can_act(me: Fighter, decl: Declaration, rules: RuleSet) -> bool:
    return me.can_fight(rules) and not decl.unaware


