"""Ranged combat (F95 4.4, MUD 4.4, F93 4.65). Rules G-UNAWARE, G-AWARE, G-SHOOT-BACK, G-AUTOFIRE, G-GUNS.

- Unaware target: an unopposed roll against the GM's Difficulty Level, which holds range,
  lighting and cover; only equipment (a laser sight) modifies the shooter's skill.
- Aware target: opposed, shooter's skill against the defender's Dodge (or Agility…); the
  Difficulty Level is still the minimum rolled degree to hit. Thrown weapons: no modifier;
  propelled weapons: the defender's trait −2 (F95 and F93 allow −3).
- Shooting back: both forgo dodging; each shot is unopposed against its own Difficulty Level, both may hit.
- Automatic fire: F95 — more rounds hit with higher relative degree (+8 all, +4 half, +2 a
  quarter, +1 one or two); MUD — automatic fire adds +1 to the weapon value (MUD 4.54).
- Guns (G-GUNS): a weapon strength that does not rely on muscle — F95 4.4's guidance (derringer
  +0/+1, small hand gun +2/+3, two-handed +5 and up, bazooka +10 and up) and MUD 4.54's gun +2 /
  high-tech +4 / extras are fields and entries of :class:`pyfudge.rules.catalogue.Weapon` and the
  weapon catalogues (``damage.weapons``); a shot fires the shooter's weapon through the pipeline.

Each function returns relative degrees, modifiers and steps; damage is the attack pipeline's.
A dodging target's shield adds to his dodge (F95 4.31): :func:`shield_defence`, in his modifiers
as :func:`pyfudge.encounter.rounds.read_ranged` reads the event and its odds. With Combat
Options shields (``co.shield``, CO 2.2) a dodging target who loses makes a shield check against
the shooter's result when his shield can meet a shot (F95 4.31: medium or large, impervious to
the weapon): :func:`land_shots`; its value is then not added (CO 2 replaces it, as in melee).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.errors import OptionError, RequestError, RuleError
from ..core.explain import Step
from ..core.options import Option, need_int, need_list, same
from ..rules import wounds
from ..rules.actions import Modifier
from . import melee
from .blow import BlowInput, strike_or_block
from .declaration import NO_DECLARATION, Declaration, FighterDice, damage_faces, read_shield_roll
from .outcomes import Block, Blow
from .ranged_attack import (
    WEAPONS,
    RangedAttack,
    RangedMode,
    Shot,
    check_aimed,
    check_target,
    read_burst,
    read_difficulty,
    read_weapon,
)
from .reading import unopposed_degree

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet

__all__ = [
    "OPTIONS", "RangedMode", "Shot", "RangedAttack", "ShotOutcome", "RangedOutcome", "AutofireOutcome",
    "propelled_modifier", "resolve_ranged", "autofire_in_use", "autofire",
    "RangedBlows", "land_shots", "shield_stops_shots", "RANGED_SHIELDS", "fire", "shield_defence",
    "read_difficulty", "read_weapon", "read_burst", "check_aimed", "check_target",
]

GROUP = "Ranged"

# F95 4.4: "If a relative degree +8 represents maximum amount of ammunition on target ..., then
# hitting with a +4 means about half maximum hit the target, while +2 means only one quarter";
# "+1 -- a graze -- means only one or two hit the target".
F95_AUTOFIRE = [
    {"degree": 1, "rounds": [1, 2]},
    {"degree": 2, "share": [1, 4]},
    {"degree": 4, "share": [1, 2]},
    {"degree": 8, "share": [1, 1]},
]


def _check_autofire(value: Any, where: str) -> list:
    rows = need_list(value, where, min_len=1, max_len=20)
    out, last = [], 0
    for i, row in enumerate(rows):
        here = f"{where}[{i}]"
        if not isinstance(row, dict) or "degree" not in row or len(set(row) & {"share", "rounds"}) != 1 \
                or set(row) - {"degree", "share", "rounds"}:
            raise OptionError(f"{here}: a row is {{degree, share: [n, d]}} or {{degree, rounds: [low, high]}}.",
                              field=here)
        degree = need_int(row["degree"], f"{here}.degree", low=1, high=20)
        if degree <= last:
            raise OptionError(f"{here}.degree: rows must go up in relative degree.", field=f"{here}.degree")
        last = degree
        key = "share" if "share" in row else "rounds"
        pair = need_list(row[key], f"{here}.{key}", min_len=2, max_len=2)
        a = need_int(pair[0], f"{here}.{key}[0]", low=0 if key == "share" else 1, high=1000)
        b = need_int(pair[1], f"{here}.{key}[1]", low=1, high=1000)
        if a > b:
            raise OptionError(f"{here}.{key}: the first number cannot exceed the second.", field=f"{here}.{key}")
        out.append({"degree": degree, key: [a, b]})
    return out


OPTIONS: tuple[Option, ...] = (
    Option(
        "ranged.propelled_penalty", "Dodging a propelled weapon", "F95 4.4", "int", same(-2),
        help="Bows, guns, beams are hard to avoid: the defender's trait is reduced. F95: −2 or −3; "
             "MUD: −2; F93: −2 or even −3. Thrown weapons: no modifier.",
        group=GROUP, low=-3, high=0,
    ),
    Option(
        "ranged.autofire", "Automatic fire", "F95 4.4", "choice",
        {"fudge1995": "share", "mudge": "plus_one", "fudge1993": "none"},
        help="F95: the relative degree sets how much of the burst hits (table below). MUD 4.54: "
             "automatic fire adds +1 to the weapon value. F93 has no rule for it.",
        group=GROUP,
        choices=(("share", "share of the burst by relative degree (F95)"),
                 ("plus_one", "+1 weapon value (MUD)"), ("none", "no special rule (F93)")),
    ),
    Option(
        "ranged.autofire_table", "Share of a burst that hits", "F95 4.4", "table", same(F95_AUTOFIRE),
        help="Rows by lowest relative degree: a share of the maximum, or a number of rounds.",
        group=GROUP, check=_check_autofire,
    ),
)



# The section of each preset's book that the steps cite.
SECTION = {"fudge1995": "F95 4.4", "mudge": "MUD 4.4", "fudge1993": "F93 4.65"}


def propelled_modifier(weapon: str, *, rules: RuleSet) -> Modifier | None:
    """The defender's modifier against a ``"thrown"`` or ``"propelled"`` weapon (F95 4.4)."""
    if weapon not in WEAPONS:
        raise RequestError(f"weapon must be thrown or propelled, not {weapon!r}.", field="weapon")
    amount = rules["ranged.propelled_penalty"]
    if weapon == "thrown" or amount == 0:
        return None  # F95 4.4: "If the ranged weapon is thrown, there is no modifier".
    return Modifier("dodging a propelled weapon", amount, SECTION[rules.preset])


def shield_defence(shield: str, *, rules: RuleSet) -> Modifier | None:
    """What the target's ``shield`` adds to his dodge against a shot, or None (rule M-MODIFIERS).

    F95 4.31 (MUD 4.31 item 4): "A small shield has a value of +1 in melee combat only, while a
    medium shield has a value of +1 in melee combat and +1 to defense against ranged attacks (if
    the shield material is impervious to the weapon). A large shield (+2 in all combat)". The
    value is "to defense": an aware target's dodge only (an unaware one makes no defence, one who
    shoots back forgoes his dodge, F95 4.4); impervious, as :func:`shield_stops_shots` reads it.
    None under F93 (``melee.shield_skill`` off) or where CO 2's shield checks replace it."""
    if not rules["melee.shield_skill"] or rules["co.shield"]:
        return None
    against = melee.shield_modifier(shield, ranged=True)
    if against is None:
        return None
    section = "MUD 4.31" if rules.preset == "mudge" else "F95 4.31"
    return Modifier(f"{shield} shield against ranged attacks", -against.amount, section)


# --- outcomes ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class AutofireOutcome:
    """How much of a burst hits (F95 4.4) or the weapon bonus for automatic fire (MUD 4.54).

    ``rounds`` is (low, high) rounds on target; ``share`` the fraction of the maximum, if a share
    applies; ``damage_bonus`` a weapon-value modifier (MUD: +1), else None.
    """

    rounds: tuple[int, int] | None
    share: Fraction | None
    damage_bonus: Modifier | None
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (the share as ``"n/d"``)."""
        return {
            "rounds": list(self.rounds) if self.rounds else None,
            "share": f"{self.share.numerator}/{self.share.denominator}" if self.share is not None else None,
            "damage_bonus": self.damage_bonus.to_dict() if self.damage_bonus else None,
            "steps": [s.to_dict() for s in self.steps],
        }


@dataclass(frozen=True)
class ShotOutcome:
    """One shot: who fired at whom, the rolled degree, the difficulty, the defence (if any).

    ``relative_degree`` is what the damage rules use when ``hit`` (None on a miss): for an opposed
    shot the margin over the dodge, for an unopposed one result − difficulty + 1 (our reading).
    ``rolls``: the dice totals of the shot and of the dodge (None: none), for F95 4.61's even/odd."""

    shooter: str
    target: str | None
    mode: str
    result: int
    difficulty: int
    defence: int | None
    hit: bool
    relative_degree: int | None
    modifiers: tuple[Modifier, ...]
    defence_modifiers: tuple[Modifier, ...]
    autofire: AutofireOutcome | None = None
    rolls: tuple[int, int | None] = (0, None)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "shooter": self.shooter, "target": self.target, "mode": self.mode,
            "result": self.result, "result_name": ladder.name(self.result),
            "difficulty": self.difficulty, "defence": self.defence, "hit": self.hit,
            "relative_degree": self.relative_degree,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "defence_modifiers": [m.to_dict() for m in self.defence_modifiers],
            "autofire": self.autofire.to_dict() if self.autofire else None,
        }


@dataclass(frozen=True)
class RangedOutcome:
    """A ranged exchange: one shot, or two when the target shoots back (both may hit)."""

    shots: tuple[ShotOutcome, ...]
    steps: tuple[Step, ...]
    faces: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "shots": [s.to_dict() for s in self.shots],
            "steps": [s.to_dict() for s in self.steps],
            "faces": {k: list(v) for k, v in self.faces.items()},
        }


# --- rules -------------------------------------------------------------------------------------

def autofire_in_use(rules: RuleSet) -> bool:
    """Do these rules have an automatic-fire rule (F95 4.4 share of the burst, MUD 4.54 +1)? Without
    one (F93) a burst is a single hit: :func:`autofire` reads it so, and the encounter's view
    offers the burst's entry by this."""
    return rules["ranged.autofire"] != "none"


def autofire(relative_degree: int, burst: int, *, rules: RuleSet) -> AutofireOutcome:
    """Rounds of a burst on target for a hit at ``relative_degree`` (G-AUTOFIRE).

    F95 4.4: read the table row with the highest degree not above the relative degree (a +3 is
    still "a quarter", a +7 "half": our reading of the book's four points); a share of ``burst``
    rounds is rounded half up, at least one. MUD 4.54: the burst instead adds +1 to the weapon
    value. F93: no rule, a single hit.
    """
    need_int(relative_degree, "relative_degree", low=1, high=40)
    need_int(burst, "burst", low=1, high=1000)
    how = rules["ranged.autofire"]
    if how == "plus_one":
        bonus = Modifier("automatic fire", 1, "MUD 4.54")
        return AutofireOutcome(None, None, bonus, (Step(
            "MUD 4.54", "Automatic fire: +1 to the weapon value.", {"bonus": 1}),))
    if not autofire_in_use(rules):
        return AutofireOutcome((1, 1), None, None, (Step(
            "F93 4.65", "These rules have no automatic-fire rule: one hit.", {}),))
    row = None
    for candidate in rules["ranged.autofire_table"]:
        if candidate["degree"] <= relative_degree:
            row = candidate
    if row is None:
        return AutofireOutcome((1, 1), None, None, (Step(
            "F95 4.4", "The relative degree is below the table: one round hits.", {}),))
    if "rounds" in row:
        low, high = (min(n, burst) for n in row["rounds"])
        return AutofireOutcome((low, high), None, None, (Step(
            "F95 4.4", f"Relative degree {relative_degree:+d}: {low}–{high} of the burst hit.",
            {"relative_degree": relative_degree, "rounds": [low, high]}),))
    share = Fraction(*row["share"])
    exact = share * burst
    rounds = max(1, int(exact + Fraction(1, 2)))
    return AutofireOutcome((rounds, rounds), share, None, (Step(
        "F95 4.4", f"Relative degree {relative_degree:+d}: {share} of the {burst}-round burst, "
        f"{rounds} round{'s' if rounds != 1 else ''}, hit.",
        {"relative_degree": relative_degree, "share": f"{share.numerator}/{share.denominator}",
         "rounds": rounds}),))


def _unopposed(shot: Shot, target: str | None, mode: str, steps: list[Step], section: str) -> ShotOutcome:
    """G-UNAWARE / G-SHOOT-BACK: hit iff the rolled degree meets the difficulty."""
    assert shot.difficulty is not None
    result = shot.result()
    hit = result >= shot.difficulty
    degree = unopposed_degree(result, shot.difficulty) if hit else None
    steps.append(Step(section, f"{shot.name} rolls {ladder.name(result)} against "
                      f"{ladder.name(shot.difficulty)}: " + (f"a hit (relative degree {degree:+d})."
                                                             if hit else "a miss."),
                      {"shooter": shot.name, "result": result, "difficulty": shot.difficulty,
                       "hit": hit, "relative_degree": degree}))
    return ShotOutcome(shot.name, target, mode, result, shot.difficulty, None, hit, degree,
                       shot.modifiers, (), rolls=(shot.roll, None))


def resolve_ranged(attack: RangedAttack, *, rules: RuleSet) -> RangedOutcome:
    """Resolve a ranged attack (F95 4.4, MUD 4.4, F93 4.65): one shot, or two when shooting back."""
    sec = SECTION[rules.preset]
    steps: list[Step] = []
    faces: dict[str, tuple[int, ...]] = {}
    for side in (attack.shooter, attack.target):
        if side is not None and side.faces:
            faces[side.name] = side.faces
    shooter, target = attack.shooter, attack.target
    shots: list[ShotOutcome] = []
    if attack.mode == "unaware":
        # F95 4.4: "the attacker makes an Unopposed action roll ... The GM sets the Difficulty
        # Level based on distance, lighting, cover".
        steps.append(Step(sec, "The target is unaware: an unopposed roll against the GM's "
                          "Difficulty Level (range, light and cover are in it).", {}))
        shots.append(_unopposed(shooter, None, "unaware", steps, sec))
    elif attack.mode == "shoot_back":
        assert target is not None
        # F95 4.4: "the defender may decline to dodge, but shoot back instead. In this case, the
        # action is Unopposed -- making the Difficulty Level is all that is needed to hit."
        steps.append(Step(sec, f"{target.name} shoots back instead of dodging: both shots are "
                          "unopposed, each against its own Difficulty Level, and both may hit.", {}))
        shots.append(_unopposed(shooter, target.name, "shoot_back", steps, sec))
        shots.append(_unopposed(target, shooter.name, "shoot_back", steps, sec))
    else:
        assert target is not None and shooter.difficulty is not None
        # F95 4.4: aware defender: opposed, the Difficulty Level "is the minimum rolled degree".
        extra = propelled_modifier(attack.weapon, rules=rules)
        defence_mods = target.modifiers + ((extra,) if extra else ())
        result, defence, rolled = shooter.result(), target.result((extra,) if extra else ()), target.roll
        rd = result - defence
        if extra:
            steps.append(Step(sec, f"A propelled weapon is hard to avoid: {target.name}'s trait "
                              f"{extra.amount:+d}.", {"modifier": extra.amount}))
        else:
            steps.append(Step(sec, "A thrown weapon: no modifier to the defence.", {}))
        hit = rd >= 1 and result >= shooter.difficulty
        if rd < 1:
            why = "the dodge holds" if rd < 0 else "a tie keeps the status quo"
        elif not hit:
            why = f"below the Difficulty Level {ladder.name(shooter.difficulty)}, the minimum to hit"
        else:
            why = "a hit"
        steps.append(Step(sec, f"{shooter.name} {ladder.name(result)} against {target.name}'s "
                          f"dodge {ladder.name(defence)}: relative degree {rd:+d}, {why}.",
                          {"result": result, "defence": defence, "difficulty": shooter.difficulty,
                           "relative_degree": rd, "hit": hit}))
        shots.append(ShotOutcome(shooter.name, target.name, "aware", result, shooter.difficulty, defence, hit,
                                 rd if hit else None, shooter.modifiers, defence_mods, None, (shooter.roll, rolled)))
    if attack.burst is not None and shots[0].hit:
        assert shots[0].relative_degree is not None
        fire = autofire(max(shots[0].relative_degree, 1), attack.burst, rules=rules)
        steps.extend(fire.steps)
        shots[0] = replace(shots[0], autofire=fire)
    if len(shots) == 2 and all(s.hit for s in shots):
        steps.append(Step(sec, "Both shots hit in the same round.", {}))
    return RangedOutcome(tuple(shots), tuple(steps), faces)


# --- into the attack pipeline --------------------------------------------------------------------

@dataclass(frozen=True)
class RangedBlows:
    """The wounds of a ranged exchange, each through :func:`pyfudge.combat.blow.strike`, and
    the fighters after, by name. ``blocks``: shots a shield took instead (CO 2.2, ``co.shield``)."""

    blows: tuple[Any, ...]
    fighters: dict[str, Any]
    steps: tuple[Step, ...]
    blocks: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: blows, blocks and fighters as their own dicts."""
        return {"blows": [b.to_dict() for b in self.blows],
                "fighters": {k: v.to_dict() for k, v in self.fighters.items()},
                "steps": [s.to_dict() for s in self.steps],
                "blocks": [b.to_dict() for b in self.blocks]}


# F95 4.31 (MUD 4.31 item 4): "A small shield has a value of +1 in melee combat only, while a
# medium shield has a value of +1 in melee combat and +1 to defense against ranged attacks (if
# the shield material is impervious to the weapon). A large shield (+2 in all combat)".
RANGED_SHIELDS = ("medium", "large")


def shield_stops_shots(fighter: Any, shot: ShotOutcome, *, impervious: bool = True) -> bool:
    """Can ``fighter``'s shield meet this shot (CO 2.2 with F95 4.31)? Only a medium or large
    shield counts against ranged attacks, only one the weapon does not go through
    (``impervious``: the GM's call; our reading applies the book's "if the shield material is
    impervious" to the large shield too — a shield the shot passes through stops nothing), and
    only when he defended: a dodging (``aware``) target who lost. An unaware target cannot use
    it; one who shoots back "forgoes dodging" (F95 4.4) and so has no defence to lose."""
    return (shot.mode == "aware" and fighter.shield in RANGED_SHIELDS and impervious
            and shot.defence is not None)


def land_shots(outcome: RangedOutcome, *, fighters: dict[str, Any], rules: RuleSet,
               damage_dice: dict[str, Any] | None = None, check_dice: dict[str, Any] | None = None,
               declares: Mapping[str, Declaration] | None = None, shield_dice: dict[str, Any] | None = None,
               impervious: dict[str, bool] | None = None) -> RangedBlows:
    """Damage and wounds of every shot that hit, through the attack pipeline.

    ``fighters`` maps names to :class:`~pyfudge.combat.fighter.Fighter` (the shooter's weapon is
    the one fired). ``damage_dice`` gives damage-die faces keyed by the shooter's name. Shots
    exchanged in one round all count from the state before it (F95 4.4: "Had Dicken's shot hit,
    Will and Dicken would have skewered each other"). MUD's automatic fire adds +1 damage.
    ``declares``: each fighter's declaration by name — the shooter's for his own shot, as in
    melee (F95 4.62's stunning attack or pulled punch, his damage modifiers), the target's for the
    wound he takes (his Willpower result, F95 4.52; the points he is ready to spend, F95 4.64).
    Keyed by the target's name:
    ``check_dice``, the 4dF of his damage check (CO 4.3, with ``co.damage_check``);
    ``shield_dice``, his shield roll when ``co.shield`` is on and his shield can meet the shot
    (:func:`shield_stops_shots`: CO 2.2 — the shield check is against the shooter's result); and
    ``impervious``, False when the GM rules the shot goes through his shield (default True).
    """
    sec = SECTION[rules.preset]
    declared = declares or {}
    if not wounds.willpower_in_use(rules) and any(d.willpower is not None for d in declared.values()):
        raise RuleError("Willpower rolls against wounds are off in this ruleset (F95 4.52).", field="willpower")
    before = dict(fighters)
    after = dict(fighters)
    dice_for = damage_dice or {}
    shields_in = impervious or {}
    for name, flag in shields_in.items():
        if not isinstance(flag, bool):
            raise RequestError(f"impervious.{name} must be true or false, not {flag!r}.", field=f"impervious.{name}")
    blows: list[Blow] = []
    blocks: list[Block] = []
    steps: list[Step] = []
    for shot in outcome.shots:
        if not shot.hit:
            continue
        if shot.shooter not in before or shot.target not in before:
            raise RequestError("Name a target for the shot and give both fighters.", field="fighters")
        assert shot.relative_degree is not None
        extra = (shot.autofire.damage_bonus,) if shot.autofire and shot.autofire.damage_bonus else ()
        target = after[shot.target]
        start = before[shot.target].track_for(rules).worst
        faces = dice_for.get(shot.shooter)
        check = (check_dice or {}).get(shot.target)
        usable = shield_stops_shots(target, shot, impervious=shields_in.get(shot.target, True))
        roll = read_shield_roll((shield_dice or {}).get(shot.target), rules=rules,
                                field=f"shield_dice.{shot.target}") if usable else None
        hit, after[shot.target] = strike_or_block(
            BlowInput(before[shot.shooter], target, relative_degree=shot.relative_degree, rules=rules,
                      declares=declared.get(shot.shooter, NO_DECLARATION), attack_roll=shot.rolls[0],
                      damage_die=tuple(faces) if faces is not None else None, extra_damage=extra,
                      worst_at_round_start=start, defender_declares=declared.get(shot.target, NO_DECLARATION),
                      check_faces=None if check is None else tuple(check), check_field=f"check_dice.{shot.target}",
                      willpower_field=f"willpower.{shot.target}", defense_roll=shot.rolls[1]),
            attacker_result=shot.result, defender_result=shot.defence if usable else None,
            shield_roll=roll, shield_field=f"shield_dice.{shot.target}", skill_field=f"{shot.target}.skills")
        if isinstance(hit, Block):
            blocks.append(hit)
        else:
            blows.append(hit)
        steps.append(Step(sec, f"{shot.shooter}'s shot on {shot.target}.", {}))
        steps.extend(hit.steps)
    return RangedBlows(tuple(blows), after, tuple(steps), tuple(blocks))


def fire(attack: RangedAttack, *, fighters: dict[str, Any], target: str, rules: RuleSet,
         dice: dict[str, Any] | None = None, willpower: dict[str, int] | None = None,
         declares: Mapping[str, Declaration] | None = None) -> tuple[RangedOutcome, RangedBlows]:
    """A ranged exchange from the declared attack to its wounds: :func:`resolve_ranged`, then
    :func:`land_shots` with each hitting shooter's damage dice as the damage rules read them —
    the encounter's ``ranged`` event, and every class of dice its odds weigh
    (:mod:`pyfudge.ranged_odds`), take this one path.

    ``target``: the target's name (an unaware target rolls nothing, so ``attack`` does not name
    him). ``dice``: each fighter's :class:`~pyfudge.combat.declaration.FighterDice` by name (his
    damage dice, or under MUD 4.61 the odd-coloured die of his roll; his damage check, CO 4.3;
    his shield roll, CO 2.2); ``willpower``: each one's declared Willpower result (F95 4.52);
    ``declares``: each one's declaration, for what the shooter declared of his shot
    (:func:`land_shots`). Returns the outcome as the door's ``ranged`` action gives it, and the
    blows landed."""
    outcome = resolve_ranged(attack, rules=rules)
    aimed = outcome
    if attack.mode == "unaware":  # the door's unaware shot names no target; here we know whom it hits
        aimed = replace(outcome, shots=(replace(outcome.shots[0], target=target),))
    dice = dice or {}
    damage_dice = {}
    for s in aimed.shots:
        if s.hit and s.relative_degree is not None:
            faces = damage_faces(dice.get(s.shooter, FighterDice()), rules, s.relative_degree)
            if faces is not None:
                damage_dice[s.shooter] = faces
    landed = land_shots(
        aimed, fighters=fighters, rules=rules, damage_dice=damage_dice,
        check_dice={name: d.check for name, d in dice.items() if d.check is not None},
        declares={**(declares or {}), **{name: replace((declares or {}).get(name, NO_DECLARATION),
                                                       willpower=ladder.check_level(will, field=f"willpower.{name}"))
                                          for name, will in (willpower or {}).items()}},
        shield_dice={name: d.shield for name, d in dice.items() if d.shield is not None})
    return outcome, landed
