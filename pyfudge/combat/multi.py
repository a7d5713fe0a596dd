"""Several foes against one fighter (F95 4.34, MUD 4.34, F93 4.64). Rule M-MULTI.

The lone fighter rolls once and his result is compared with each foe's rolled degree in turn.
He must beat or tie every foe he defends against to wound one of them (F93: beat them all);
every foe who beats him hits him, so he can take several wounds in one round. This module turns
the rolled degrees into per-foe results (who hits whom, with which relative degree) and steps;
the attack pipeline turns each hit into damage and a wound.

The round as declared and rolled is :mod:`.group_round`'s (its names are kept here too).
Also here: the −1 per extra foe (per two foes in F93's epic method), the GM's one roll for all
NPCs (2dF; MUD 2dF or 4dF; F93 moved one toward zero), foes the lone fighter ignores (F93: they
need an unopposed Mediocre), sweeping blows, and the limit on how many can attack at once.

:mod:`.group_blows` lands the round's hits through the attack pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.errors import DiceError, FudgeError, OptionError, RequestError, RuleError
from ..core.explain import Step
from ..core.options import Option, need_dict, need_int, same
from ..rules import npc_shortcut
from ..rules.actions import Modifier
from . import melee
from .group_outcome import FoeResult, GroupOutcome
from .group_round import Contender, GroupRound, NpcRoll, Space, group_roll_dice, read_group_roll, read_space
from .reading import unopposed_degree
from .stances import Stance

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet

__all__ = [
    "OPTIONS", "Contender", "GroupRound", "NpcRoll", "Space", "read_group_roll", "read_space",
    "foe_penalty", "group_roll_dice", "group_roll_total", "check_attacker_count", "resolve_melee_group",
    "group_shields",
]


# --- options -----------------------------------------------------------------------------------



_SPACES = tuple(Space)


def _check_limits(value: Any, where: str) -> dict:
    table = need_dict(value, where, {k: lambda v, w: need_int(v, w, low=1, high=12) for k in _SPACES})
    if not table["doorway"] <= table["cramped"] <= table["open"]:
        raise OptionError(f"{where}: a doorway cannot admit more foes than open ground.", field=where)
    return table


OPTIONS: tuple[Option, ...] = (
    Option(
        "multi.penalty", "Lone fighter's penalty against several foes", "F95 4.34", "choice",
        same("per_extra_foe"),
        help="−1 per foe beyond the first (F95, MUD, F93 realistic); F93's epic method: −1 per two foes.",
        group="Melee",
        choices=(("per_extra_foe", "−1 per extra foe"), ("per_two_foes", "−1 per two foes (epic)"),
                 ("none", "no penalty")),
    ),
    Option(
        "multi.tie_rule", "Lone fighter who ties their best foe", "F95 4.34", "choice",
        {"fudge1995": "two_below", "mudge": "two_below", "fudge1993": "beat_all"},
        help="F95/MUD: beat or tie all foes to wound one; a tie with the best lets the lone fighter "
             "wound only a foe at least two levels below. F93: the lone fighter must beat them all (the "
             "two-below rule is the GM's option).",
        group="Melee",
        choices=(("two_below", "tie: may wound a foe two levels below"), ("beat_all", "must beat all")),
    ),
    # F95 4.31 "Subtract the value of a shield from the opponent's weapon skill", usable "with any
    # melee system" (F95 4.3): each foe is the lone fighter's opponent, and F95 4.34 compares his
    # one roll with each foe "one after the other", so a foe's shield lowers his skill against
    # that foe alone (the plain reading). The other: one result against all (F95 4.34 "rolls
    # once"), the foes' shields left out.
    Option(
        "multi.foe_shields", "Foes' shields against the lone fighter", "F95 4.31", "choice", same("each"),
        help="Each foe's shield lowers the lone fighter's skill against that foe (F95 4.31 with 4.34's "
             "comparison one foe after the other); or the lone fighter's one result stands against all, the foes' "
             "shields not counted.",
        group="Melee",
        choices=(("each", "against that foe (F95 4.31)"), ("none", "not counted: one result against all")),
    ),
    # F95 4.31: "if an all-out attacker ties or loses the Opposed action, the other fighter wins";
    # F95 4.7: "all-out attackers lose tie results"; F95 4.3: "any melee system". The default: an
    # all-out attacker loses his tie in a group round too. The other reading: F95 4.34's own tie
    # rule ("If he ties his best opponent, he can only wound another whose result is at least two
    # levels below his") governs every tie there.
    Option(
        "multi.all_out_ties", "An all-out attacker's tie in a group round", "F95 4.31", "choice",
        same("lose"),
        help="An all-out attacker (a foe, or the lone fighter) who ties loses the tie, as in an "
             "exchange (F95 4.31, 4.7); or the tie holds as F95 4.34's tie rule reads it.",
        group="Melee",
        choices=(("lose", "all-out attackers lose ties (F95 4.31, 4.7)"),
                 ("hold", "the tie holds (F95 4.34's tie rule)")),
    ),
    Option(
        "multi.ignored_difficulty", "Difficulty for a foe the lone fighter ignores", "F93 4.64", "int",
        {"fudge1995": ladder.POOR, "mudge": ladder.POOR, "fudge1993": ladder.MEDIOCRE},
        help="Ignored foes attack unopposed. F93: Mediocre, because several attackers get in each "
             "other's way; F95/MUD give no number, so the Poor of an undefended foe (F95 4.22) applies.",
        group="Melee", low=-3, high=3,
    ),
    Option(
        "multi.ignored_count", "Ignored foes count toward the penalty", "F95 4.34", "bool", same(True),
        help="F95: 'There may or may not be a penalty for the lone fighter in this case.'",
        group="Melee",
    ),
    Option(
        "multi.sweeping_blow", "Sweeping blows", "F95 4.34", "bool", same(False),
        help="Allow one blow to wound several foes the lone fighter may hit (F95, F93 epic; not in MUD).",
        group="Melee",
    ),
    Option(
        "multi.sweep_penalty", "Damage lost per foe cut through", "F95 4.34", "int", same(1),
        help="F95: 'reduce damage done by 1 or 2 for each foe cut through'; F93: by 1.",
        group="Melee", low=1, high=2,
    ),
    Option(
        "multi.group_dice", "GM's one roll for all NPCs", "F95 4.34", "choice",
        {"fudge1995": "2dF", "mudge": "2dF", "fudge1993": "full"},
        help="F95: 2dF; MUD: 2dF (or 4dF, if preferred); F93: the usual roll, moved one toward zero.",
        group="Melee",
        choices=(("2dF", "2dF"), ("full", "the usual roll (4dF)")),
    ),
    Option(
        "multi.group_toward_zero", "GM's group roll moved one toward zero", "F93 4.64", "bool",
        {"fudge1995": False, "mudge": False, "fudge1993": True},
        help="F93: 'if the GM gets a +4 result, each attacker actually scores a +3. A zero remains zero.'",
        group="Melee",
    ),
    Option(
        "multi.attacker_limits", "Most foes who can attack one fighter", "F95 4.34", "table",
        same({"open": 6, "cramped": 4, "doorway": 2}),
        help="Six under ideal conditions (wolves, spears); three or four with weapons needing room; "
             "one or two through a doorway.",
        group="Melee", check=_check_limits,
    ),
)


# The section of each preset's book that the steps cite.
SECTION = {"fudge1995": "F95 4.34", "mudge": "MUD 4.34", "fudge1993": "F93 4.64"}


# --- rules as small functions -----------------------------------------------------------------

def foe_penalty(foes: int, *, rules: RuleSet) -> Modifier | None:
    """The lone fighter's skill modifier for facing ``foes`` attackers (F95 4.34; F93 4.64 epic)."""
    need_int(foes, "foes", low=1, high=12)
    how = rules["multi.penalty"]
    if how == "none":
        return None
    if how == "per_two_foes":
        # F93 4.64 Epic: "reduce the penalty to -1 for each two opponents the character faces".
        amount, section = -(foes // 2), "F93 4.64"
    else:
        # F95 4.34: "-1 to his skill for each additional foe beyond the first".
        amount, section = -(foes - 1), SECTION[rules.preset]
    if amount == 0:
        return None
    return Modifier(f"{foes} foes at once", amount, section)


def group_roll_total(total: int, *, rules: RuleSet) -> tuple[int, Step]:
    """What the GM's one roll for all NPCs adds to each of them (F95 4.34, MUD 4.34, F93 4.64)."""
    if rules["multi.group_toward_zero"] and total:
        # F93 4.64: "the GM's single roll is moved one degree closer to zero".
        moved = total - 1 if total > 0 else total + 1
        return moved, Step("F93 4.64", f"The GM's group roll {total:+d} moves one toward zero: "
                           f"each attacker scores {moved:+d}.", {"rolled": total, "applied": moved})
    return total, Step(SECTION[rules.preset], f"The GM rolls once for all the attackers: each scores {total:+d}.",
                       {"rolled": total, "applied": total})


def check_attacker_count(foes: int, space: str, *, rules: RuleSet) -> None:
    """Refuse more attackers than can reach one fighter in this space (F95 4.34)."""
    limits = rules["multi.attacker_limits"]
    if space not in limits:
        raise RequestError(f"space must be one of {', '.join(_SPACES)}, not {space!r}.", field="space")
    if foes > limits[space]:
        where = {"open": "in the open", "cramped": "with weapons that need room",
                 "doorway": "through a doorway"}[space]
        raise RuleError(
            f"Only {limits[space]} foes can attack one fighter {where}; this round has {foes}.",
            field="foes",
        )


def group_shields(lone: Any, foe: Any, *, rules: RuleSet) -> tuple[Modifier | None, Modifier | None]:
    """The shields of a group round between the lone fighter and one foe he defends against
    (fighters with a ``name`` and a ``shield``): (the lone fighter's shield on the foe's skill,
    the foe's shield on the lone fighter's skill against him), each None when it counts nothing.

    F95 4.31 (MUD 4.31 item 4): "Subtract the value of a shield from the opponent's weapon
    skill", an option "used with any melee system" (F95 4.3), the round of several foes (F95 4.34)
    among them. Not under F93 (no shield modifier, ``melee.shield_skill``), nor with Combat
    Options shield checks (CO 2 replaces it); the foes' shields as ``multi.foe_shields`` reads."""
    if not rules["melee.shield_skill"] or rules["co.shield"]:
        return None, None
    section = "MUD 4.31" if rules.preset == "mudge" else "F95 4.31"

    def value(f: Any) -> Modifier | None:
        mod = melee.shield_modifier(f.shield)
        return None if mod is None else Modifier(f"{f.name}'s {f.shield} shield", mod.amount, section)

    return value(lone), value(foe) if rules["multi.foe_shields"] == "each" else None


# --- resolution --------------------------------------------------------------------------------

def _foe_results(rnd: GroupRound, steps: list[Step] | None, *, rules: RuleSet) -> tuple[list[int], dict[str, int]]:
    """Each foe's rolled degree, by the NPC rolling mode of the round, and the dice total each
    foe's result read (his own roll or the GM's one roll; none at his trait level or by 1d6)."""
    shared = 0
    if rnd.npc_roll == "group":
        assert rnd.group_roll is not None
        shared, step = group_roll_total(rnd.group_roll, rules=rules)
        if steps is not None:
            steps.append(step)
    elif rnd.npc_roll == "fixed" and steps is not None:
        steps.append(Step("F95 4.33", "Each foe scores exactly its trait level (no dice for NPCs).", {}))
    results = []
    rolls: dict[str, int] = {}
    for i, foe in enumerate(rnd.foes):
        if rnd.npc_roll == "d6":
            # F95 4.34: "the GM could simply use the 1d6 method" (F93 4.5); modifiers still apply.
            if not foe.d6:
                raise DiceError(f"{foe.name} needs a d6 for the 1d6 method.", field=f"foes[{i}].d6")
            level = foe.level + sum(m.amount for m in foe.modifiers)
            try:
                npc = npc_shortcut.npc_d6(ladder.check_trait(foe.level, field="level"), foe.d6)
            except FudgeError as err:
                raise err.at(f"foes[{i}]") from None
            if steps is not None:
                steps.extend(npc.steps)
            results.append(level + npc.shift)
            continue
        if rnd.npc_roll == "each":
            if foe.roll is None:
                raise DiceError(f"{foe.name} needs a roll.", field=f"foes[{i}].roll")
            rolled = foe.roll
        else:
            rolled = shared
        if rnd.npc_roll != "fixed":
            rolls[foe.name] = rolled
        results.append(foe.level + sum(m.amount for m in foe.modifiers) + rolled)
    return results, rolls


def _check_group_dice(rnd: GroupRound, *, rules: RuleSet) -> None:
    """The group roll must be the dice the ruleset says: 2dF, or the usual roll (F95/MUD/F93 4.34)."""
    count = group_roll_dice(rules)["count"]
    if rnd.group_roll is None:
        raise DiceError("The GM's group roll is missing.", field="group_roll")
    if rnd.group_faces and len(rnd.group_faces) != count:
        raise DiceError(f"The GM's group roll uses {count}dF here, not {len(rnd.group_faces)} dice.",
                        field="group_roll.faces")
    if not -count <= rnd.group_roll <= count:
        raise DiceError(f"A {count}dF group roll reads {-count} to +{count}, not {rnd.group_roll}.",
                        field="group_roll.roll")


# How the lone fighter stands against one foe he defends against (F95 4.34, with 4.31's ties).
WON, TIE, LOST = "won", "tie", "lost"


@dataclass(frozen=True)
class _Fight:
    """What each foe's fate reads: the round and its rules, the section cited, the lone fighter's
    result (his offence, MUD 4.32) against each foe by name (less that foe's shield, F95
    4.31), how he stands against each foe he defends against (:data:`WON`, :data:`TIE`, :data:`LOST`), the round's
    verdict for him (``"beats"``, ``"ties"``, ``"beaten"``, or ``"none"`` when he defends against
    no one) and whether he may wound anyone."""

    rnd: GroupRound
    rules: RuleSet
    sec: str
    against: dict[str, int]
    standing: dict[str, str]
    verdict: str
    may_wound: bool
    guard: dict[str, int]  # his defence against each foe (MUD 4.32: ``against`` less twice his stance)


def _why_not_woundable(fight: _Fight, foe: FoeResult) -> str:
    """Why the lone fighter's blow cannot fall on ``foe`` this round, in a player's words (F95 4.34)."""
    rnd = fight.rnd
    mine = fight.against[foe.name]
    # A round where he defends against no one ("none") has only ignored foes: the first answer.
    if foe.ignored:
        return f"the lone fighter ignored {foe.name}, who was not fought (F93 4.64)"
    if fight.verdict == "beaten":
        return "a foe beat the lone fighter, who wounds no one"
    if not fight.may_wound:
        return "the lone fighter tied the best foe, and under F93 must beat them all"
    if mine < rnd.lone.needs:
        return f"{ladder.name(mine)} is below the {ladder.name(rnd.lone.needs)} needed to hit (F95 4.22)"
    return (f"the lone fighter tied the best foe, so may wound only a foe at least two levels below, "
            f"and {foe.name} is {foe.relative_degree} below")


def _tie_goes_to(rnd: GroupRound, foe: Contender, rules: RuleSet) -> str:
    """Who wins a tie between the lone fighter and ``foe``: :data:`WON` (the lone fighter),
    :data:`LOST` (the foe) or :data:`TIE` (it holds). F95 4.31: "if an all-out attacker ties or
    loses the Opposed action, the other fighter wins" (F95 4.7: "all-out attackers lose tie
    results"), a melee option for "any melee system" (F95 4.3), so in a group round too unless
    ``multi.all_out_ties`` keeps F95 4.34's tie rule for every tie."""
    mine, theirs = rnd.lone.all_out == "offense", foe.all_out == "offense"
    if rules["multi.all_out_ties"] != "lose" or mine == theirs:
        return TIE
    return LOST if mine else WON


def resolve_melee_group(rnd: GroupRound, *, rules: RuleSet, explain: bool = True,
                        prefer: tuple[str, ...] = ()) -> GroupOutcome:
    """Resolve one round of a lone fighter against several foes (F95 4.34, MUD 4.34, F93 4.64).

    Returns each foe's result, who hits the lone fighter (with the relative degree for damage),
    which foes he may wound and — if ``rnd.targets`` names them, or only one foe can be wounded —
    the blow(s) he lands. Raises :class:`RuleError` for too many attackers, a target he may not
    wound, or several targets without sweeping blows.

    ``explain=False``: the same round without its steps (an empty ``steps``), for the odds, which
    resolve it thousands of times and read only its results; every result is the same.
    ``prefer``: where no target is named and he may wound several foes, he strikes the first of
    these he may wound, as if named (the odds' order of preference: one resolution, not two).
    """
    sec = SECTION[rules.preset]
    rnd.check_names()
    check_attacker_count(len(rnd.foes), rnd.space, rules=rules)
    for where, c in (("lone", rnd.lone), *((f"foes[{i}]", f) for i, f in enumerate(rnd.foes))):
        melee.check_all_out(c.all_out, rules=rules, field=f"{where}.all_out")
    if rnd.npc_roll == "group":
        _check_group_dice(rnd, rules=rules)
    # The steps' texts are most of a round's cost: built only when someone will read them.
    steps: list[Step] | None = [] if explain else None
    lone, mods = _lone_result(rnd, steps, rules=rules)
    if steps is not None:
        steps.append(Step(sec, f"{rnd.lone.name} rolls once: dice {rnd.lone.roll:+d}, {ladder.name(lone)}.",
                          {"result": lone, "roll": rnd.lone.roll}))
    results, rolls = _foe_results(rnd, steps, rules=rules)
    if steps is not None:
        _stance_steps(rnd, steps, rules)
    # F95 4.34: "the result is compared with each of the opponents' rolled degrees, one after the
    # other" — his result against each, less that foe's shield (F95 4.31, ``lone_modifiers``).
    # MUD 4.32: "The offensive rolled result of each fighter is then compared to the defensive
    # rolled result of the other": his offence meets each foe's defence (whom he may wound), each
    # foe's offence his defence (who wounds him); with no stance the two are one result.
    against = {f.name: lone + rnd.lone.stance + sum(m.amount for m in f.lone_modifiers) for f in rnd.foes}
    guard = {f.name: against[f.name] - 2 * rnd.lone.stance for f in rnd.foes}
    defences = {f.name: r - f.stance for f, r in zip(rnd.foes, results)}
    standing: dict[str, str] = {}
    for foe in rnd.foes:
        if not foe.ignored:
            margin = against[foe.name] - defences[foe.name]
            standing[foe.name] = WON if margin > 0 else LOST if margin < 0 else _tie_goes_to(rnd, foe, rules)
    verdict = ("none" if not standing else "beaten" if LOST in standing.values()
               else "ties" if TIE in standing.values() else "beats")
    may_wound = _may_wound(rnd, lone, defences, against, standing, verdict, steps, rules=rules)
    fight = _Fight(rnd, rules, sec, against, standing, verdict, may_wound, guard)
    out = [_foe_fate(fight, foe, result, steps) for foe, result in zip(rnd.foes, results)]
    choices = tuple(f.name for f in out if f.can_be_wounded)
    preferred = tuple(n for n in prefer if n in choices)[:1] if len(choices) > 1 else ()
    _strike_targets(fight, out, choices, rnd.targets or preferred, steps)
    hitters = [f.name for f in out if f.hits_lone]
    if len(hitters) > 1 and steps is not None:
        steps.append(Step(sec, f"{rnd.lone.name} takes {len(hitters)} wounds this round "
                          f"({', '.join(hitters)}).", {"hits": len(hitters)}))
    return GroupOutcome(rnd.lone.name, lone, mods, tuple(out), choices, tuple(steps or ()), _faces(rnd),
                        rolls={**rolls, **({} if rnd.lone.roll is None else {rnd.lone.name: rnd.lone.roll})})


def _lone_result(rnd: GroupRound, steps: list[Step] | None, *, rules: RuleSet) -> tuple[int, tuple[Modifier, ...]]:
    """The lone fighter's one result and his modifiers, the multi-foe penalty among them."""
    # F95 4.34: "-1 to his skill for each additional foe beyond the first" (ignored foes count
    # unless the GM waives it: "There may or may not be a penalty").
    counted = sum(1 for f in rnd.foes if rules["multi.ignored_count"] or not f.ignored)
    penalty = foe_penalty(max(counted, 1), rules=rules)
    mods = rnd.lone.modifiers + ((penalty,) if penalty else ())
    # His own modifiers (wounds, all-out, position…) listed as an exchange lists them (F95 4.31).
    if steps is not None:
        steps.extend(Step(m.section or "F95 4.31", f"{rnd.lone.name}: {m.source} {m.amount:+d}.",
                          {"fighter": rnd.lone.name, "source": m.source, "amount": m.amount})
                     for m in rnd.lone.modifiers)
    level = rnd.lone.level + sum(m.amount for m in mods)
    if penalty and steps is not None:
        steps.append(Step(penalty.section, f"{rnd.lone.name} faces {counted} foes: {penalty.amount:+d} "
                          f"to skill, {ladder.name(level)} for this combat.",
                          {"foes": counted, "penalty": penalty.amount}))
    if rnd.lone.roll is None:
        raise DiceError("The lone fighter needs a roll.", field="lone.roll")
    return level + rnd.lone.roll, mods


def _stance_steps(rnd: GroupRound, steps: list[Step], rules: RuleSet) -> None:
    """Each stance of the round, its offence and defence apart (F95/MUD 4.32)."""
    section = "MUD 4.32" if rules.preset == "mudge" else "F95 4.32"
    for c in (rnd.lone, *rnd.foes):
        if c.stance:
            stance = Stance(c.stance)
            steps.append(Step(section, f"{c.name}: {stance.label} stance, offence {c.stance:+d}, defence "
                              f"{-c.stance:+d}: offence against each opponent's defence, defence against "
                              "each opponent's offence.",
                              {"fighter": c.name, "offence": c.stance, "defence": -c.stance}))


def _faces(rnd: GroupRound) -> dict[str, tuple[int, ...]]:
    """The dice faces of the round by who rolled them, for the record."""
    faces: dict[str, tuple[int, ...]] = {}
    if rnd.lone.faces:
        faces[rnd.lone.name] = rnd.lone.faces
    if rnd.group_faces:
        faces["GM group roll"] = rnd.group_faces
    for foe in rnd.foes:
        if foe.faces and rnd.npc_roll == "each":
            faces[foe.name] = foe.faces
        if foe.d6 and rnd.npc_roll == "d6":
            faces[foe.name] = foe.d6
    return faces


def _may_wound(rnd: GroupRound, lone: int, results: dict[str, int], against: dict[str, int],
               standing: dict[str, str], verdict: str, steps: list[Step] | None, *, rules: RuleSet) -> bool:
    """May the lone fighter wound anyone this round (F95 4.34; F93 4.64: he must beat them all)?"""
    sec, name = SECTION[rules.preset], rnd.lone.name
    for foe, where in standing.items():
        if steps is not None and against[foe] == results[foe] and where != TIE:
            # F95 4.31 (F95 4.7: "all-out attackers lose tie results").
            loser, winner = (foe, name) if where == WON else (name, foe)
            steps.append(Step("F95 4.31", f"{loser} attacks all-out and ties {winner}: an all-out attacker "
                              f"loses ties, so {winner} wins.", {"winner": winner, "foe": foe}))
    if verdict == "none":
        may_wound, why = False, f"{name} defends against none of them, so wounds no one of them."
    elif verdict == "beats":
        may_wound, why = True, f"{name} beats every foe defended against and may wound any of them."
    elif verdict == "ties" and rules["multi.tie_rule"] == "two_below":
        may_wound, why = True, (f"{name} ties the best foe: only a foe at least two levels below "
                                f"{name}'s result may be wounded.")
    elif verdict == "ties":
        may_wound, why = False, (f"{name} ties the best foe: under F93's rule the lone fighter must beat "
                                 "them all, so no one is wounded.")
    else:
        may_wound, why = False, f"A foe beats {name}, who wounds no one this round."
    if steps is None:
        return may_wound
    # His best opponent: the foe he fares worst against (the highest result, shields aside).
    best = min(standing, key=lambda n: (against[n] - results[n], list(standing).index(n)), default=None)
    steps.append(Step(sec, why, {"best_foe_result": None if best is None else results[best],
                                 "lone_result": lone if best is None else against[best]}))
    mine = [against[n] for n in standing]
    if may_wound and all(m < rnd.lone.needs for m in mine):
        # F95 4.22: "a human needs to score a Poor blow (and still win the Opposed action)".
        steps.append(Step("F95 4.22", f"But {ladder.name(max(mine))} is below the {ladder.name(rnd.lone.needs)} "
                          f"needed to hit: {name} wounds no one.", {"minimum": rnd.lone.needs}))
    return may_wound


def _foe_fate(fight: _Fight, foe: Contender, result: int, steps: list[Step] | None) -> FoeResult:
    """Whether ``foe`` hits the lone fighter, and whether he may be wounded (F95 4.34, F93 4.64);
    under stances his offence meets the lone fighter's defence, his defence the lone fighter's
    offence (MUD 4.32)."""
    mine = fight.against[foe.name]
    rel = mine - (result - foe.stance)
    result, guard = result + foe.stance, fight.guard[foe.name]
    if foe.ignored:
        # F93 4.64: ignored attackers need an unopposed Mediocre (F95/MUD: the GM's option).
        ignored_dl = fight.rules["multi.ignored_difficulty"]
        hits = result >= ignored_dl
        hit_degree = unopposed_degree(result, ignored_dl) if hits else None
        wound_ok = False
        if steps is None:
            return FoeResult(foe.name, result, rel, foe.ignored, hits, hit_degree, wound_ok)
        text = (f"{foe.name} ({ladder.name(result)}) is ignored and attacks unopposed against "
                f"{ladder.name(ignored_dl)}: {'hits' if hits else 'misses'}.")
        step_section = "F93 4.64"
    else:
        where = fight.standing[foe.name]
        # F95 4.22: a blow must win the opposed roll (a tie an all-out attacker lost, F95 4.31,
        # is the narrowest win) and reach the minimum to hit; under stances his offence against
        # the lone fighter's defence (MUD 4.32: both may be hurt).
        if foe.stance or fight.rnd.lone.stance:
            hits = result > guard and result >= foe.needs
            hit_degree = result - guard if hits else None
        else:
            hits = where == LOST and result >= foe.needs
            hit_degree = -rel if hits else None
        # F95 4.34: beating all frees any target he beat; a tie with the best only those 2+ below.
        gap_ok = where == WON if fight.verdict == "beats" else rel >= 2
        wound_ok = fight.may_wound and gap_ok and mine >= fight.rnd.lone.needs
        if steps is None:
            return FoeResult(foe.name, result, rel, foe.ignored, hits, hit_degree, wound_ok)
        lone_name = fight.rnd.lone.name
        verdict = f"hits {lone_name}" if hits else (
            f"ties {lone_name}" if where == TIE else "is beaten" if where == WON
            else "wins but falls short of the minimum to hit")
        shields = "".join(f", {m.source} {m.amount:+d}" for m in foe.lone_modifiers)
        text = (f"{foe.name} scores {ladder.name(result)}"
                + (f" against {fight.rnd.lone.name}'s {ladder.name(mine)} ({shields[2:]})" if shields else "")
                + f": relative degree {rel:+d}; {verdict}.")
        step_section = fight.sec
    steps.append(Step(step_section, text, {"foe": foe.name, "result": result, "relative_degree": rel,
                                           "hits": hits, "can_be_wounded": wound_ok}))
    return FoeResult(foe.name, result, rel, foe.ignored, hits, hit_degree, wound_ok)


def _strike_targets(fight: _Fight, out: list[FoeResult], choices: tuple[str, ...], targets: tuple[str, ...],
                    steps: list[Step] | None) -> None:
    """The lone fighter's blows on the foes he named (or the one he may wound), each a sweeping
    blow's step further (F95 4.34); a named foe he may not wound is left with the reason."""
    sec, rnd = fight.sec, fight.rnd
    if not targets and len(choices) == 1:
        targets = choices
        if steps is not None:
                steps.append(Step(sec, f"Only {choices[0]} can be wounded: the blow falls there.", {}))
    if len(targets) > 1 and not fight.rules["multi.sweeping_blow"]:
        raise RuleError("A blow wounds only one foe a round unless sweeping blows are allowed.",
                        field="targets")
    by_name = {f.name: i for i, f in enumerate(out)}
    per_foe = fight.rules["multi.sweep_penalty"]
    struck_so_far = 0
    for target in targets:
        i = by_name[target]
        if not out[i].can_be_wounded:
            # A target named before the dice were known that the roll did not free: no wound on
            # him, said with the reason, and the rest of the round stands (F95 4.34).
            if steps is not None:
                could = f" ({rnd.lone.name} could have wounded {', '.join(choices)})." if choices else "."
                steps.append(Step(sec, f"No wound on {target}: {_why_not_woundable(fight, out[i])}" + could,
                                  {"target": target, "wounded": False}))
            continue
        k, struck_so_far = struck_so_far, struck_so_far + 1
        # F95 4.34: a sweeping blow is slowed: "reduce damage done by 1 or 2 for each foe cut through".
        modifier = -per_foe * k
        out[i] = replace(out[i], struck=True, strike_degree=out[i].relative_degree,
                         damage_modifier=modifier)
        if steps is not None:
            steps.append(Step(sec, f"{rnd.lone.name} strikes {target} at relative degree "
                              f"{out[i].relative_degree:+d}" + (f", damage {modifier:+d} for the foes cut "
                              "through first" if modifier else "") + ".",
                              {"target": target, "relative_degree": out[i].relative_degree,
                               "damage_modifier": modifier}))
