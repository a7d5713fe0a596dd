"""Melee: pacing, modifiers, minimum result to hit, who wins a round (F95 4.2–4.36; MUD 4.22–4.36; F93 4.62).

The functions here work on ladder numbers and :class:`~pyfudge.rules.actions.Modifier` values, never on
dice or fighters: :mod:`pyfudge.combat.sides` gathers a fighter's modifiers with them, and
:mod:`pyfudge.combat.attack` adds the dice it was given and asks :func:`decide_round` /
:func:`decide_attack` who hit whom. Initiative and the Speed contest are :mod:`.initiative`'s.

Rule IDs: M-SIMULTANEOUS, M-ALTERNATING, M-MODIFIERS, M-SIZE-MINIMUM, M-TIEBREAK, M-PC-VS-NPC,
M-FANCY.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core import ladder
from ..core.errors import FudgeError, RuleError
from ..core.explain import Step
from ..core.options import Option, same
from ..rules.actions import Modifier

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

GROUP = "Melee"

OPTIONS: tuple[Option, ...] = (
    # F95 4.2 offers three pacings; MUD 4.2 uses only simultaneous rounds; F93 4.6 "Melee combat
    # usually occurs in simultaneous rounds". Story elements (M-STORY) are resolved in actions.py.
    Option(
        "melee.pacing", "Melee pacing", "F95 4.2", "choice", same("simultaneous"),
        help="Simultaneous rounds (both roll, one result each), alternating turns (attacker's "
        "offence against defender's defence), or story elements.",
        group=GROUP,
        choices=(
            ("simultaneous", "Simultaneous rounds (F95 4.22)"),
            ("alternating", "Alternating turns (F95 4.23)"),
            ("story", "Story elements (F95 4.21)"),
        ),
    ),
    # M-SIZE-MINIMUM: F95 4.22 / F93 4.62 give guidance (bigger needs Mediocre or Fair, smaller
    # Terrible, a pixie Good or Great); MUD 4.22/4.58 give a rule by Mass Scale.
    Option(
        "melee.size_minimum", "Minimum result to hit by size", "MUD 4.58", "choice",
        {"fudge1995": "guidance", "mudge": "mass_scale", "fudge1993": "guidance"},
        help="Guidance: Poor against an equal-sized foe, Mediocre against a smaller one, "
        "Terrible against a bigger one (the GM may set Fair, Good or Great). Mass Scale: Poor, "
        "one level harder per two full levels the target is smaller, easier if bigger.",
        group=GROUP,
        choices=(
            ("guidance", "F95 guidance (GM may set)"),
            ("mass_scale", "MUD: one level per two full levels of size Scale"),
        ),
    ),
    # F95 4.31: smaller weapon −1; F93 4.62: larger weapon +1; MUD 4.31 has no such modifier.
    Option(
        "melee.weapon_disparity", "Weapon size disparity", "F95 4.31", "choice",
        {"fudge1995": "smaller_minus", "mudge": "off", "fudge1993": "larger_plus"},
        help="If one side's weapon (+ shield) is 2 or more greater than the other's weapon + "
        "shield: F95 puts the smaller weapon at −1, F93 gives the larger weapon +1.",
        group=GROUP,
        choices=(
            ("smaller_minus", "Smaller weapon −1 (F95 4.31)"),
            ("larger_plus", "Larger weapon +1 (F93 4.62)"),
            ("off", "No modifier (MUD 4.31)"),
        ),
    ),
    # F95 4.31 (and MUD 4.31): "Subtract the value of a shield from the opponent's weapon skill."
    # F93 4.62 lists no such modifier: there a shield counts only inside the weapon + shield
    # comparison ("The sword wielder gets +1 to skill in this combat since his weapon modifier is
    # +2 greater than the knife fighter's" — the knife fighter's medium shield takes nothing off).
    Option(
        "melee.shield_skill", "A shield lowers the foe's weapon skill", "F95 4.31", "bool",
        {"fudge1995": True, "mudge": True, "fudge1993": False},
        help="The foe's shield (small or medium 1, large 2) is subtracted from the weapon skill "
        "(F95 4.31, MUD 4.31); against a shot, a medium shield adds 1 and a large one 2 to the dodge. "
        "Off: a shield counts only in the weapon size comparison (F93 4.62).",
        group=GROUP,
    ),
    # F95 4.31 / F93 4.62 all-out offence and defence; MUD 4.31 replaces them with stances.
    Option(
        "melee.all_out", "All-out offence and defence", "F95 4.31", "bool",
        {"fudge1995": True, "mudge": False, "fudge1993": True},
        help="All-out offence: +1 skill, +1 damage, loses ties, the foe gets +2 damage. "
        "All-out defence: +2 skill, cannot harm the foe except with a critical result.",
        group=GROUP,
    ),
    # F95 4.31 (F93 4.62 the same): "if an all-out attacker ties or loses the Opposed action, the
    # other fighter wins, and gets +2 to damage!" On a graze the books allow two readings. F95 4.7
    # reads an all-out attacker's own "+1 for damage" on a graze as a whole level: "This does
    # affect a graze, so her normal Scratch result (for a graze) is increased to Hurt." The same
    # words, "+2 to damage", read the same way raise the graze two levels ("levels", the default);
    # or the +2 is one more damage factor, read on the graze table like the rest ("factor").
    Option(
        "melee.all_out_foe_graze", "A failed all-out attacker's foe, on a graze", "F95 4.31", "choice",
        same("levels"),
        help="The foe of an all-out attacker who ties or loses gets +2 to damage. On a graze: "
        "two levels, as the attacker's own +1 raises a graze one level (F95 4.7); or +2 to the "
        "damage factor, read on the graze table.",
        group=GROUP,
        choices=(
            ("levels", "+2 levels on the graze (as F95 4.7 reads +1)"),
            ("factor", "+2 to the damage factor, read on the graze table"),
        ),
    ),
    # F95 4.23: an all-out attacker "is at -2 on his defense on his opponent's next turn ... or
    # perhaps gets no defense at all!"
    Option(
        "melee.all_out_offense_defense", "All-out offence, defence next turn", "F95 4.23",
        "choice", same("minus2"),
        help="Alternating turns: after an all-out attack the fighter defends at −2, or not at all.",
        group=GROUP,
        choices=(("minus2", "−2 to defence"), ("none", "No defence (unopposed)")),
    ),
    # F95 4.31: successful all-out defence + Perception/Tactics → the opponent −1 next round.
    # F93 4.62: "can grant a bonus on the next round" (to the defender). MUD has neither.
    Option(
        "melee.scouting", "All-out defence and Perception/Tactics", "F95 4.31", "choice",
        {"fudge1995": "foe_minus", "mudge": "off", "fudge1993": "self_plus"},
        help="After a successful all-out defence and a successful Perception or Tactics roll: "
        "the opponent is at −1 next round (F95), or the defender gets +1 next round (F93).",
        group=GROUP,
        choices=(
            ("foe_minus", "Opponent −1 next round (F95)"),
            ("self_plus", "Defender +1 next round (F93)"),
            ("off", "No effect"),
        ),
    ),
    # M-TIEBREAK, MUD 4.22: "the tie is broken by comparing each character's odd colored damage
    # die (high roll wins)".
    Option(
        "melee.tiebreak", "Break ties with the odd-coloured die", "MUD 4.22", "bool",
        {"fudge1995": False, "mudge": True, "fudge1993": False},
        help="On a relative degree of 0 the higher odd-coloured damage die wins; equal dice "
        "stay a stand-off.",
        group=GROUP,
    ),
    # M-PC-VS-NPC, F95 4.33 / MUD 4.33: "assuming the NPC will always get a result equal to her
    # trait level". A GM's choice in every book, so off by default.
    Option(
        "melee.npc_fixed", "NPCs always roll their trait level", "F95 4.33", "bool", same(False),
        help="A PC fighting an NPC rolls against the NPC's trait level: tie = stand-off.",
        group=GROUP,
    ),
    # M-FANCY, F95 4.36. "None of the optional rules in this section ... are used in Mudge."
    Option(
        "melee.plus_levels", "\u201cPlus\u201d combat levels", "F95 4.36", "bool",
        {"fudge1995": True, "mudge": False, "fudge1993": False},
        help="A skill such as \u201cGood +\u201d counts one level higher on even rounds.",
        group=GROUP,
    ),
    Option(
        "melee.speed_contest", "Speed contest adds to skill", "F95 4.36", "bool",
        {"fudge1995": True, "mudge": False, "fudge1993": False},
        help="Both roll Speed; the winner adds the difference to their weapon skill.",
        group=GROUP,
    ),
    # F95 4.23: "Initiative can be rolled once for each battle or once each round."
    Option(
        "melee.initiative", "Initiative is rolled", "F95 4.23", "choice", same("round"),
        help="Alternating turns: roll initiative once per battle or every round.",
        group=GROUP,
        choices=(("battle", "Once per battle"), ("round", "Every round")),
    ),
)

# F95 4.31: "A fighter who is Hurt is at -1, while one who is Very Hurt is at -2."
# F95 4.31 / MUD 4.31: shield values in melee (small +1, medium +1, large +2).
SHIELD_MELEE = {"none": 0, "small": 1, "medium": 1, "large": 2}
# …and against ranged attacks (medium +1 "if the shield material is impervious", large +2).
SHIELD_RANGED = {"none": 0, "small": 0, "medium": 1, "large": 2}

SIZE_SECTION = {"guidance": "F95 4.22", "mass_scale": "MUD 4.58"}


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


# --- minimum result to hit (M-SIMULTANEOUS, M-SIZE-MINIMUM) --------------------------------

def min_to_hit(
    attacker_size: int, target_size: int, *, rules: RuleSet, gm_minimum: int | None = None,
    names: tuple[str, str] | None = None,
) -> tuple[int, Step]:
    """The minimum rolled degree needed to hit a foe, and the step explaining it.

    ``attacker_size`` and ``target_size`` are the fighters' size Scales (normally their Mass
    Scale; a dense golem keeps a human size). Equal sizes need Poor (F95 4.22). Under
    ``melee.size_minimum = "mass_scale"`` (MUD 4.58) the minimum moves one level per two full
    levels of difference: a human needs Good to hit a Scale −6 pixie, the pixie Terrible −2.
    Under ``"guidance"`` (F95 4.22) a bigger attacker needs Mediocre, a smaller one Terrible,
    unless the GM sets ``gm_minimum`` (the book: "Mediocre or even Fair", a pixie "Good or even
    Great"). ``gm_minimum`` overrides either way. ``names``: the attacker's and the target's, so
    the step says whose minimum it is.
    """
    ladder.check_level(attacker_size, field="attacker.size_scale")
    ladder.check_level(target_size, field="target.size_scale")
    diff = attacker_size - target_size
    how = rules["melee.size_minimum"]
    if how == "mass_scale":
        # MUD 4.58: "adjusted by one for every two full levels of Mass Scale difference".
        minimum = ladder.POOR + _sign(diff) * (abs(diff) // 2)
        why = "an equal-sized foe" if diff == 0 else (
            f"size Scale {attacker_size} against {target_size}: Poor "
            f"{'+' if diff >= 0 else '−'}{abs(diff) // 2}, one level per two full levels"
        )
    else:
        # F95 4.22: "he needs a Mediocre or even Fair result to hit his smaller foe, while even
        # a Terrible result will allow the small fighter to hit the larger."
        minimum = ladder.POOR if diff == 0 else (ladder.MEDIOCRE if diff > 0 else ladder.TERRIBLE)
        why = (
            "an equal-sized foe" if diff == 0
            else ("a smaller foe" if diff > 0 else "a bigger foe")
        )
    section = SIZE_SECTION[how]
    if gm_minimum is not None:
        minimum = ladder.check_level(gm_minimum, field="min_to_hit")
        why = "set by the GM"
        section = "F95 4.22"
    whose = f" for {names[0]} to hit {names[1]}" if names else " to hit"
    return minimum, Step(
        section,
        f"Minimum result{whose}: {ladder.name(minimum)} ({why}).",
        {"minimum": minimum, "attacker_size": attacker_size, "target_size": target_size},
    )


# --- modifiers (M-MODIFIERS) ---------------------------------------------------------------

def wound_modifier(penalty: int) -> Modifier | None:
    """The wound penalty as a modifier (F95 4.31: Hurt −1, Very Hurt −2), or None if none."""
    if penalty == 0:
        return None
    return Modifier("wounds", penalty, "F95 4.31")


def shield_modifier(foe_shield: str, *, ranged: bool = False) -> Modifier | None:
    """The foe's shield, subtracted from this fighter's weapon skill (F95 4.31, MUD 4.31)."""
    table = SHIELD_RANGED if ranged else SHIELD_MELEE
    if foe_shield not in table:
        raise FudgeError(
            f"A shield is none, small, medium or large, not {foe_shield!r}.", field="shield"
        )
    value = table[foe_shield]
    if value == 0:
        return None
    return Modifier(f"foe's {foe_shield} shield", -value, "F95 4.31")


def weapon_disparity(
    a_weapon: int, a_shield: str, b_weapon: int, b_shield: str, *, rules: RuleSet
) -> tuple[Modifier | None, Modifier | None]:
    """Modifiers to (a, b) for a big difference in weapon size (F95 4.31; F93 4.62).

    ``a_weapon``/``b_weapon`` are the weapons' damage values (F95 4.31 "Two-handed sword: +4 to
    damage"). F95: if one side's weapon + shield is 2 or more above the other's weapon + shield,
    the smaller weapon is at −1. F93: if one side's weapon alone is 2 or more above the other's
    weapon + shield, the larger weapon gets +1. MUD: no modifier.
    """
    how = rules["melee.weapon_disparity"]
    if how == "off":
        return None, None
    sa, sb = SHIELD_MELEE[a_shield], SHIELD_MELEE[b_shield]
    if how == "smaller_minus":
        # F95 4.31: weapon + shield against weapon + shield.
        ta, tb = a_weapon + sa, b_weapon + sb
        if ta - tb >= 2:
            return None, Modifier("smaller weapon", -1, "F95 4.31")
        if tb - ta >= 2:
            return Modifier("smaller weapon", -1, "F95 4.31"), None
        return None, None
    # F93 4.62: "one fighter's weapon is +2 (or more) greater than the other fighter's
    # weapon + shield modifiers" — the larger side's own shield does not count.
    if a_weapon - (b_weapon + sb) >= 2:
        return Modifier("larger weapon", 1, "F93 4.62"), None
    if b_weapon - (a_weapon + sa) >= 2:
        return None, Modifier("larger weapon", 1, "F93 4.62")
    return None, None


def all_out_offered(rules: RuleSet) -> bool:
    """May a fighter declare all-out offence or defence (F95 4.31)? Not when the rules leave it
    out (MUD), nor with stances on (F95 4.32: they replace it). :func:`check_all_out` refuses, and
    the encounter's view offers the choice, by this."""
    return bool(rules["melee.all_out"]) and not rules["melee.stances"]


def check_all_out(choice: str, *, rules: RuleSet, field: str = "all_out") -> None:
    """Refuse an all-out choice the rules do not offer (MUD, or with stances on)."""
    if choice == "none" or all_out_offered(rules):
        return
    if not rules["melee.all_out"]:
        raise RuleError("All-out offence and defence are not used under these rules.", field=field)
    if rules["melee.stances"]:
        # F95 4.32: "This option replaces the All-out attack and defense options".
        raise RuleError(
            "Offensive/defensive stances replace all-out offence and defence (F95 4.32).",
            field=field,
        )


def all_out_modifier(choice: str) -> Modifier | None:
    """F95 4.31: all-out offence +1 to the combat skill, all-out defence +2."""
    if choice == "offense":
        return Modifier("all-out offence", 1, "F95 4.31")
    if choice == "defense":
        return Modifier("all-out defence", 2, "F95 4.31")
    return None


def plus_level_modifier(round_number: int, *, rules: RuleSet) -> Modifier | None:
    """F95 4.36: a "plus" level gives +1 every other round, starting with the second."""
    if not rules["melee.plus_levels"] or round_number % 2:
        return None
    return Modifier("\u201cplus\u201d level, even round", 1, "F95 4.36")


def scouting_modifiers(*, rules: RuleSet) -> tuple[Modifier | None, Modifier | None]:
    """What a successful all-out defence + Perception/Tactics roll gives next round.

    Returns (for the defender, for the opponent): F95 4.31 the opponent −1; F93 4.62 +1 to the
    defender (the book says "a bonus", we read it as +1, the size of F95's penalty).
    """
    how = rules["melee.scouting"]
    if how == "foe_minus":
        return None, Modifier("outmanoeuvred (all-out defence + Perception)", -1, "F95 4.31")
    if how == "self_plus":
        return Modifier("scouted the ground (all-out defence + Perception)", 1, "F93 4.62"), None
    return None, None


def hasty_offered(rules: RuleSet) -> bool:
    """May a fighter declare a hasty attack (F95 4.23: "+1 to initiative that round ... -1 to attack
    and defend that round")? Under alternating turns only; the encounter's view offers it by this."""
    return rules["melee.pacing"] == "alternating"


def speed_contest_offered(rules: RuleSet) -> bool:
    """May the fighters of an exchange roll F95 4.36's Speed contest (``melee.speed_contest``; not
    under story pacing, which has no exchanges)? The encounter's view offers the rolls by this."""
    return bool(rules["melee.speed_contest"]) and rules["melee.pacing"] != "story"


def hasty_modifiers() -> tuple[Modifier, Modifier]:
    """F95 4.23: a hasty attack, +1 to initiative and −1 to attack and defend that round."""
    return Modifier("hasty attack", 1, "F95 4.23"), Modifier("hasty attack", -1, "F95 4.23")


def animal_defence(offence: int, kind: str) -> int:
    """F95 4.23: a carnivore defends one level below its offence; prey the reverse.

    ``kind`` is ``"carnivore"`` or ``"prey"``; returns the default defence level.
    """
    offence = ladder.check_trait(offence, field="offence")
    if kind == "carnivore":
        return max(ladder.TERRIBLE, offence - 1)
    if kind == "prey":
        return min(ladder.LEGENDARY, offence + 1)
    raise FudgeError(f"An animal is a carnivore or prey, not {kind!r}.", field="animal")


def total(modifiers: tuple[Modifier, ...] | list[Modifier]) -> int:
    """The sum of some modifiers."""
    return sum(m.amount for m in modifiers)


# --- deciding a round or an attack ---------------------------------------------------------

@dataclass(frozen=True)
class Side:
    """One fighter's side of a simultaneous round, as the round needs it.

    ``result`` is the rolled degree (trait + modifiers + dice). ``minimum`` is what he needs to
    hit the foe. ``all_out`` is ``"none"``, ``"offense"`` or ``"defense"``. ``can_harm`` is False
    for a fighter who only defends (F95 4.22). ``critical`` marks a critical result (+4 on 4dF),
    the only way an all-out defender harms his foe. ``tiebreak_die`` is the odd-coloured die
    (MUD 4.22) or None.
    """

    result: int
    minimum: int = ladder.POOR
    all_out: str = "none"
    can_harm: bool = True
    critical: bool = False
    tiebreak_die: int | None = None
    name: str = ""  # the fighter's, so the steps say whose result it is


@dataclass(frozen=True)
class Verdict:
    """Who hit in a round: ``winner`` ``"a"``/``"b"``/None, by how much, and why.

    ``relative_degree`` is the winner's margin (0 when a tie was won). ``tie_won`` marks a tie
    won by the odd-coloured die or lost by an all-out attacker; attack.py resolves its damage as
    the narrowest win, a graze. ``foe_all_out_bonus`` is +2 damage when the winner beat an
    all-out attacker (F95 4.31); ``all_out_bonus`` +1 when the winner attacked all-out.
    """

    winner: str | None
    relative_degree: int
    hit: bool
    tie_won: bool = False
    all_out_bonus: int = 0
    foe_all_out_bonus: int = 0
    steps: tuple[Step, ...] = field(default_factory=tuple)


def _tiebreak(a_die: int | None, b_die: int | None, *, rules: RuleSet) -> tuple[str | None, Step | None]:
    """M-TIEBREAK, MUD 4.22: the higher odd-coloured die wins a tie; equal dice stand off."""
    if not rules["melee.tiebreak"]:
        return None, None
    if a_die is None or b_die is None:
        raise FudgeError(
            "A tie under these rules is broken by each fighter's odd-coloured damage die: "
            "enter both.", field="damage_die",
        )
    if a_die == b_die:
        return None, Step("MUD 4.22", f"Tie; the odd-coloured dice tie too ({a_die:+d}): stand-off.",
                          {"a_die": a_die, "b_die": b_die})
    who = "a" if a_die > b_die else "b"
    return who, Step(
        "MUD 4.22",
        f"Tie broken by the odd-coloured dice ({a_die:+d} against {b_die:+d}).",
        {"a_die": a_die, "b_die": b_die, "winner": who},
    )


def decide_round(a: Side, b: Side, *, rules: RuleSet) -> Verdict:
    """Who wins a simultaneous round and whether the blow lands (F95 4.22, 4.31; MUD 4.22).

    Relative degree 0 is a stand-off (F95 4.22), unless an all-out attacker is in it (he loses
    ties, F95 4.31) or the odd-coloured dice break it (MUD 4.22). The winner must reach his
    minimum to hit; an all-out defender or a defend-only fighter beats the attack down without
    harming (F95 4.7 round 4), except an all-out defender's critical result.
    """
    rd = a.result - b.result
    compared = (f"{a.name}'s {ladder.name(a.result)} against {b.name}'s {ladder.name(b.result)}" if a.name and b.name
                else f"Results {ladder.name(a.result)} against {ladder.name(b.result)}")
    steps: list[Step] = [Step(
        "F95 4.22",
        f"{compared}: relative degree {rd:+d}.",
        {"a_result": a.result, "b_result": b.result, "relative_degree": rd},
    )]
    winner: str | None = "a" if rd > 0 else ("b" if rd < 0 else None)
    tie_won = False
    if winner is None:
        ao_a, ao_b = a.all_out == "offense", b.all_out == "offense"
        if ao_a != ao_b:
            # F95 4.31: "if an all-out attacker ties or loses the Opposed action, the other
            # fighter wins".
            winner, tie_won = ("b" if ao_a else "a"), True
            steps.append(Step("F95 4.31", "An all-out attacker loses ties.", {"winner": winner}))
        else:
            who, step = _tiebreak(a.tiebreak_die, b.tiebreak_die, rules=rules)
            if step:
                steps.append(step)
            if who:
                winner, tie_won = who, True
    if winner is None:
        steps.append(Step("F95 4.22", "Relative degree 0: a stand-off, nobody is hurt.", {}))
        return Verdict(None, 0, False, steps=tuple(steps))
    win, lose = (a, b) if winner == "a" else (b, a)
    margin = abs(rd)
    if win.result < win.minimum:
        # F95 4.22: "If both opponents roll worse than Poor, the round is a standoff."
        steps.append(Step(
            "F95 4.22",
            f"The winner's {ladder.name(win.result)} is below the {ladder.name(win.minimum)} "
            "needed to hit: no hit.",
            {"result": win.result, "minimum": win.minimum},
        ))
        return Verdict(winner, margin, False, tie_won, steps=tuple(steps))
    if win.all_out == "defense" and not win.critical:
        steps.append(Step(
            "F95 4.31",
            "The all-out defender beats the attack down but cannot harm the foe "
            "(only a critical result would).",
            {},
        ))
        return Verdict(winner, margin, False, tie_won, steps=tuple(steps))
    if not win.can_harm:
        steps.append(Step("F95 4.22", "The winner only defends this round: no harm to the foe.", {}))
        return Verdict(winner, margin, False, tie_won, steps=tuple(steps))
    bonus = 1 if win.all_out == "offense" else 0
    foe_bonus = 2 if lose.all_out == "offense" else 0
    if bonus:
        steps.append(Step("F95 4.31", "All-out offence: +1 to damage.", {"bonus": 1}))
    if foe_bonus:
        steps.append(Step("F95 4.31", "The foe attacked all-out and lost: +2 to damage.", {"bonus": 2}))
    hitter = (a if winner == "a" else b).name
    steps.append(Step("F95 4.22", f"{f'{hitter} hits' if hitter else 'A hit'} by {margin:+d}"
                      f"{' (a tie won)' if tie_won else ''}.", {"winner": winner, "relative_degree": margin}))
    return Verdict(winner, margin, True, tie_won, bonus, foe_bonus, tuple(steps))


# The two results, then by keyword what the attack's rules and words need: the minimum, the rules,
# whether a hit can harm, the tie-break rolls, the sections cited and the fighters' names.
def decide_attack(
    offence: int,
    defence: int | None,
    *,
    minimum: int,
    rules: RuleSet,
    can_harm: bool = True,
    tiebreak: tuple[int | None, int | None] = (None, None),
    difficulty_section: str = "F95 4.22",
    section: str = "F95 4.23",
    names: tuple[str, str] | None = None,
) -> Verdict:
    """One attack in one direction: offence against defence (F95 4.23, 4.32; MUD 4.32).

    Used by alternating turns and by each half of a stance round. ``defence`` None means the
    defender cannot defend (unaware, or no defence after an all-out attack): the attack is then
    unopposed against ``minimum`` (F95 4.22 "usually with a Poor Difficulty Level"); meeting it
    is the narrowest hit, relative degree +1, each level above adds one (our reading: the books
    give no relative degree for an unopposed blow). A tie is no hit unless the odd-coloured
    dice break it for the attacker (MUD 4.7, round 3). The winner is always the attacker.
    ``names``: the attacker's and the defender's, so the steps say whose result it is.
    """
    steps: list[Step] = []
    attacker, defender = (f"{names[0]}'s ", f"{names[1]}'s ") if names else ("", "")
    if defence is None:
        margin = offence - minimum + 1
        hit = offence >= minimum
        steps.append(Step(
            difficulty_section,
            f"Unopposed: {attacker}{ladder.name(offence)} against {ladder.name(minimum)} — "
            + (f"a hit, relative degree {margin:+d} (meeting the difficulty is a +1 win)." if hit
               else "a miss."),
            {"result": offence, "difficulty": minimum, "relative_degree": margin if hit else 0},
        ))
        if hit and not can_harm:
            steps.append(Step("F95 4.22", "The winner cannot hurt the foe this round.", {}))
        return Verdict("a" if hit else None, max(margin, 0), hit and can_harm, steps=tuple(steps))
    rd = offence - defence
    steps.append(Step(
        section,
        f"{attacker}offence {ladder.name(offence)} against {defender}defence {ladder.name(defence)}: "
        f"relative degree {rd:+d}." if names
        else f"Offence {ladder.name(offence)} against defence {ladder.name(defence)}: relative degree {rd:+d}.",
        {"offence": offence, "defence": defence, "relative_degree": rd},
    ))
    tie_won = False
    if rd == 0:
        who, step = _tiebreak(tiebreak[0], tiebreak[1], rules=rules)
        if step:
            steps.append(step)
        if who != "a":
            if who is None:
                steps.append(Step("F95 4.22", "A tie: no hit.", {}))
            return Verdict(None, 0, False, steps=tuple(steps))
        tie_won = True
    elif rd < 0:
        steps.append(Step(section, "The attack is beaten off: no hit.", {}))
        return Verdict(None, rd, False, steps=tuple(steps))
    if offence < minimum:
        steps.append(Step(
            "F95 4.22",
            f"{ladder.name(offence)} is below the {ladder.name(minimum)} needed to hit: no hit.",
            {"result": offence, "minimum": minimum},
        ))
        return Verdict("a", rd, False, tie_won, steps=tuple(steps))
    if not can_harm:
        steps.append(Step("F95 4.22", "The winner cannot hurt the foe this round.", {}))
        return Verdict("a", rd, False, tie_won, steps=tuple(steps))
    steps.append(Step("F95 4.22", f"{f'{names[0]} hits' if names else 'A hit'} by {rd:+d}"
                      f"{' (a tie won)' if tie_won else ''}.", {"relative_degree": rd}))
    return Verdict("a", rd, True, tie_won, steps=tuple(steps))
