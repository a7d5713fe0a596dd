"""Exact odds of ranged fire (F95 4.4, MUD 4.4, F93 4.65) before the dice fall.

What it answers: for a declared shot — at an unaware target (an unopposed roll against the GM's
Difficulty Level), an aware one who dodges (opposed, the difficulty still the least result that
hits; a propelled weapon lowers the dodge), or one who shoots back (two unopposed shots, both may
hit) — the chance of each shot missing, being blocked by a shield (CO 2.2), grazing or hitting,
the wound or stun each leaves, each fighter's wound level after, and for a burst how many rounds
hit (F95 4.4). Exact Fractions, never sampled.

No rule is restated here: every class of dice runs :func:`pyfudge.combat.ranged.fire`, the path
the encounter's ``ranged`` event takes (resolve the shots, land the hits through the attack
pipeline), with traced dice, as :mod:`pyfudge.analysis.odds` does for melee: a die the run did not read
stands for every face it could show. The slots weighed: the shooter's roll, the dodging or
shooting-back target's roll (``dice.technique``); under ``co.shield`` the target's shield roll;
each shooter's damage dice (``damage.die``: 1dF, 4dF, Min-Mid-Max 3d6; MUD 4.61's odd-coloured
die is the last die of his roll); under ``co.damage_check`` the 4dF check of each fighter who
may be hit. Willpower (F95 4.52) is the GM's roll entered as a result: declared, not weighed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..combat import declaration, ranged
from ..combat.fighter import Fighter
from ..combat.shield import makes_shield_checks
from ..core.dice import TECHNIQUES, Roll
from ..core.errors import FudgeError, RuleError
from ..core.explain import Step
from ..rules import wounds
from .dice_classes import Runner, TooMany, damage_kinds, enumerate_classes, margin_words
from .odds import DirectionOdds, as_chance, blow_row, read_willpower
from .sampling import Sampler, draw_kept, exact_runs, is_kept, sampled_label, too_many

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

# The words of a shot, least to worst (the words of :data:`pyfudge.analysis.odds.RESULTS` a shot can have).
RESULTS = ("miss", "blocked", "graze", "hit")


@dataclass(frozen=True)
class RangedOdds:
    """The exact odds of one ranged exchange.

    ``mode``: ``"unaware"``, ``"aware"`` or ``"shoot_back"``; ``directions``: one
    :class:`~pyfudge.analysis.odds.DirectionOdds` per shot (the shooter's, then the target's return shot);
    ``rounds``: with a burst, the chance of each (fewest, most) rounds of it on target (F95 4.4;
    a miss puts none there; empty when the rules read no share of the burst). ``classes``: how
    many classes of dice were weighed; ``runs``: how many times the pipeline ran."""

    mode: str
    directions: tuple[DirectionOdds, ...]
    rounds: tuple[tuple[tuple[int, int], Fraction], ...]
    classes: int
    runs: int
    steps: tuple[Step, ...] = dc_field(default=(), compare=False)
    # Odds sampled, not exact: ``{"draws", "margin", "seed", "next"}``; None for exact odds.
    sampled: dict[str, Any] | None = None

    def direction(self, shooter: str) -> DirectionOdds:
        """The odds of ``shooter``'s shot."""
        for d in self.directions:
            if d.attacker == shooter:
                return d
        raise FudgeError(f"{shooter!r} does not shoot in this exchange.", field="shooter")

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind": "ranged", "mode", "directions": [DirectionOdds.to_dict()],
        "rounds": [{"low", "high", "exact", "p"}], "classes", "runs", "steps"}``."""
        return {"kind": "ranged", "mode": self.mode, "directions": [d.to_dict() for d in self.directions],
                "rounds": [{"low": lo, "high": hi, **as_chance(p)} for (lo, hi), p in self.rounds],
                "classes": self.classes, "runs": self.runs, "steps": [s.to_dict() for s in self.steps],
                **({"sampled": self.sampled} if self.sampled else {})}


class _Tally:
    """Adds up the leaves (outcome, landed blows) into the chances of each shot."""

    def __init__(self, directions: tuple[tuple[str, str], ...], rules: RuleSet, burst: bool) -> None:
        self.directions, self.rules = directions, rules
        self.results: list[dict[str, int]] = [{} for _ in directions]
        self.wounds: list[dict[int, int]] = [{} for _ in directions]
        self.stuns: list[dict[int, int]] = [{} for _ in directions]
        self.after: list[dict[int, int]] = [{} for _ in directions]
        self.burst = burst
        self.rounds: dict[tuple[int, int], int] = {}

    def visit(self, leaf: tuple[Any, Any], w: int) -> None:
        outcome, landed = leaf
        shots = {s.shooter: s for s in outcome.shots}
        for n, (att, dfd) in enumerate(self.directions):
            shot = shots[att]
            blow = next((b for b in landed.blows if b.attacker == att), None)
            if not shot.hit:
                word = "miss"
            elif blow is None:
                word = "blocked"  # CO 2.2: his shield took the shot
            else:
                word = "graze" if blow.graze else "hit"
                stun, level = blow_row(blow)
                d = self.stuns[n] if stun else self.wounds[n]
                d[level] = d.get(level, 0) + w
            self.results[n][word] = self.results[n].get(word, 0) + w
            lv = landed.fighters[dfd].current_level(self.rules)
            self.after[n][lv] = self.after[n].get(lv, 0) + w
        if self.burst:
            first = outcome.shots[0]
            rounds = (0, 0) if not first.hit else first.autofire.rounds if first.autofire else None
            if rounds is None:
                self.burst = False  # MUD 4.54: the burst adds to the weapon value, not rounds on target
            else:
                self.rounds[rounds] = self.rounds.get(rounds, 0) + w

    def odds(self, mode: str, whole: int, classes: int, runs: int, steps: tuple[Step, ...]) -> RangedOdds:
        def ordered(d: dict, order: Iterable) -> tuple:
            return tuple((k, Fraction(d[k], whole)) for k in order if k in d)

        levels = range(len(wounds.LEVEL_NAMES))
        dirs = tuple(DirectionOdds(att, dfd, ordered(self.results[n], RESULTS), ordered(self.wounds[n], levels),
                                   ordered(self.stuns[n], levels), ordered(self.after[n], levels))
                     for n, (att, dfd) in enumerate(self.directions))
        rounds = ordered(self.rounds, sorted(self.rounds)) if self.burst else ()
        return RangedOdds(mode, dirs, rounds, classes, runs, steps)


def _willpower(rules: RuleSet, wounded: Iterable[Fighter], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """F95 4.52 no. 4: each fighter who may be hit declares his Willpower result (the GM's roll,
    not dice); refused, saying whose is missing, when the rule is on and one is not given."""
    given = dict(given or {})
    if not wounds.willpower_in_use(rules):
        if given:
            raise RuleError("Willpower rolls against wounds are off in this ruleset (F95 4.52).", field="willpower")
        return given
    for f in wounded:
        if given.get(f.name) is None:
            raise RuleError(f"Willpower rolls against wounds are on (F95 4.52): the odds need {f.name}'s "
                            "Willpower result.", field=f"willpower.{f.name}")
    return given


def ranged_odds(shot: ranged.RangedAttack, *, shooter: Fighter, target: Fighter, rules: RuleSet,
                willpower: Mapping[str, Any] | None = None, max_runs: int = 20_000,
                declares: Mapping[str, declaration.Declaration] | None = None,
                sample: bool | int = False) -> RangedOdds:
    """The exact odds of ``shot`` (a :class:`~pyfudge.combat.ranged.RangedAttack` as declared:
    levels, modifiers, difficulties, weapon, burst; its rolls are ignored) between the fighters'
    records ``shooter`` and ``target`` (weapons, armor, wound tracks) under ``rules``.
    ``willpower``: each fighter's declared Willpower result by name, when ``wounds.willpower``
    is on (F95 4.52); ``declares``: each one's declaration by name, for what the shooter declared
    of his shot (a stun or a pulled punch, F95 4.62; his damage modifiers). Refused with a
    :class:`RuleError` when some roll needs more than dice, or the enumeration would take more
    than ``max_runs`` resolutions — unless ``sample`` (True, or a number of draws): then sampled
    as :func:`pyfudge.analysis.odds.attack_odds` samples, ``sampled`` saying so."""
    if shot.shooter.name != shooter.name or (shot.target is not None and shot.target.name != target.name):
        raise FudgeError("The fighters' records must be the shooter's and the target's.", field="shooter")
    if shooter.name == target.name:
        raise FudgeError("Shooter and target must differ.", field="target")
    shooter, target = (f if f.track is not None else f.with_track(f.track_for(rules)) for f in (shooter, target))
    technique = rules["dice.technique"]
    dodges, back = shot.mode != "unaware", shot.mode == "shoot_back"
    wounded = (target, shooter) if back else (target,)
    wills = _willpower(rules, wounded, willpower)
    # Roll slots: the shooter's roll, the target's (dodge or return shot), then each shield roll
    # (CO 2.2, a roll of the ruleset's technique). Damage-like slots: each shooter's damage dice,
    # then each fighter's damage check (CO 4.3: 4dF, read by its total).
    rollers = (shooter, target) if dodges else (shooter,)
    shields = [f for f in wounded if makes_shield_checks(f.shield, rules)]
    checks = list(wounded) if wounds.damage_checks_in_use(rules) else []
    kinds = damage_kinds(rules)
    shooters = (shooter, target) if back else (shooter,)
    techniques = (technique,) * (len(rollers) + len(shields))
    slot_kinds = (kinds,) * len(shooters) + (("4dF",),) * len(checks)
    records = {shooter.name: shooter, target.name: target}

    def at(group: list | tuple, f: Fighter, base: int = 0) -> int | None:
        return next((base + i for i, g in enumerate(group) if g is f), None)

    # Each fighter's slots: (roll, damage dice, damage check, shield roll), None where he has none.
    slots = tuple((f.name, at(rollers, f), at(shooters, f), at(checks, f, len(shooters)),
                   at(shields, f, len(rollers))) for f in (shooter, target))

    dodger = shot.target if dodges else None  # his side of the shot, rolled when he dodges or shoots back

    def resolve(rolls: tuple, dmg: tuple) -> tuple[Any, Any]:
        played = replace(shot, shooter=replace(shot.shooter, roll=rolls[0][1], faces=()))
        if dodger is not None:
            played = replace(played, target=replace(dodger, roll=rolls[1][1], faces=()))
        dice = {name: declaration.FighterDice(None if r is None else Roll(technique, rolls[r][0], rolls[r][1], True),
                                         None if k is None else dmg[k], None if c is None else dmg[c],
                                         None if s is None else Roll(technique, rolls[s][0], rolls[s][1], True))
                for name, r, k, c, s in slots}
        return ranged.fire(played, fighters=records, target=target.name, rules=rules, dice=dice, willpower=wills,
                           declares=declares)

    directions = tuple((f.name, (target if f is shooter else shooter).name) for f in shooters)
    tally = _Tally(directions, rules, shot.burst is not None)
    runner = Runner(resolve, exact_runs(max_runs, sample))
    # Every input (the shot, both records, Willpower, declarations) and every option changed.
    key = repr(("ranged", shot, shooter, target, sorted(wills.items()), sorted((declares or {}).items()))) + json.dumps(
        rules.to_dict(), sort_keys=True, default=str)
    try:
        if sample is not False and is_kept(key):
            raise TooMany()  # too dear before: continue the draws
        whole, leaves = enumerate_classes(runner, techniques, slot_kinds, tally.visit)
    except TooMany:
        if sample is False:
            raise too_many(runner, "odds", can_sample=True) from None
        sampler = draw_kept(key, sample, lambda: Sampler(resolve, techniques, slot_kinds))
        tally = _Tally(directions, rules, shot.burst is not None)
        sampler.visit(tally.visit)
        label = sampled_label(sampler.draws)
        steps = _explain(shot, rules, rollers, kinds, shields, checks, len(sampler.drawn), sampler.runs, label)
        return replace(tally.odds(shot.mode, sampler.draws, len(sampler.drawn), sampler.runs, steps), sampled=label)
    except FudgeError as err:
        if not runner.failed_after_reading:
            raise
        raise RuleError(f"Exact odds cannot be given: some rolls need more than dice. {err.message}",
                        field=err.field) from err
    steps = _explain(shot, rules, rollers, kinds, shields, checks, leaves, runner.runs)
    return tally.odds(shot.mode, whole, leaves, runner.runs, steps)


_MODE_TEXT = {
    "unaware": "The target is unaware: each shot is weighed against the GM's Difficulty Level alone.",
    "aware": "The target dodges: the shot is weighed against their dodge, and the Difficulty Level is the "
             "least result that hits.",
    "shoot_back": "The target shoots back: both unopposed shots are weighed, each against its own "
                  "Difficulty Level; both may hit.",
}


# What the steps say needs every part of the weighing: the reason for nine.
def _explain(attack: ranged.RangedAttack, rules: RuleSet, rollers: tuple, kinds: tuple, shields: list, checks: list,
             leaves: int, runs: int, sampled: dict[str, Any] | None = None) -> tuple[Step, ...]:
    tech = TECHNIQUES[rules["dice.technique"]]
    sec = ranged.SECTION[rules.preset]
    who = " and ".join(f.name for f in rollers)
    steps = [Step(sec, _MODE_TEXT[attack.mode], {"mode": attack.mode}),
             Step(tech.section, f"{who} {'roll' if len(rollers) > 1 else 'rolls'} {tech.label}, weighed by what "
                  "the rules read of it.", {"technique": tech.key})]
    named = [k for k in kinds if k is not None]
    if named:
        steps.append(Step("F95 4.63" if "3d6" in named else "F95 4.61",
                          f"Damage dice ({' or '.join(named)}) are weighed when a shot hits.", {"damage_dice": named}))
    if shields:
        steps.append(Step("CO 2.2", f"A dodging shieldman who loses rolls their shield check ({tech.label}).",
                          {"shield_rolls": True}))
    if checks:
        steps.append(Step("CO 4.3", "A wounded fighter's damage check (4dF) is weighed by its total.",
                          {"damage_checks": True}))
    if sampled:
        steps.append(Step(sec, f"About: the shots were resolved {runs} times, for {sampled['draws']} seeded draws of "
                          f"every die (exact odds would take too long); each chance is within "
                          + margin_words(sampled['margin']),
                          {"runs": runs, "draws": sampled["draws"], "margin": sampled["margin"]}))
        return tuple(steps)
    steps.append(Step(sec, f"The shots were resolved {runs} times, once for each of {leaves} classes of dice, "
                      "each weighted by its exact chance.", {"runs": runs, "classes": leaves}))
    return tuple(steps)


_REQUEST_FIELDS = ("attack", "shooter", "target", "willpower")


@dataclass(frozen=True)
class RangedOddsRequest:
    """A ranged exchange to weigh, as the door's ``ranged_odds`` action reads it: the attack as
    declared (:class:`~pyfudge.combat.ranged.RangedAttack`'s JSON without rolls), the fighters'
    records, and (``wounds.willpower`` on) each one's declared Willpower result by name."""

    attack: Any
    shooter: Fighter
    target: Fighter
    willpower: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "ranged_odds") -> RangedOddsRequest:
        """Read a request from JSON, every part validated; dice are refused."""
        if not isinstance(data, dict):
            raise FudgeError(f"{field} must be an object with an attack, a shooter and a target.", field=field)
        extra = sorted(set(data) - set(_REQUEST_FIELDS))
        if extra:
            raise FudgeError(f"{field}: unknown field {extra[0]!r}.", field=f"{field}.{extra[0]}")
        for key in ("attack", "shooter", "target"):
            if key not in data:
                raise FudgeError(f"{field} needs {key}.", field=f"{field}.{key}")
        raw = data["attack"]
        if not isinstance(raw, dict):
            raise FudgeError(f"{field}.attack must be an object with a mode and a shooter.", field=f"{field}.attack")
        filled = dict(raw)
        for side in ("shooter", "target"):
            shot = raw.get(side)
            if not isinstance(shot, dict):
                continue
            for key in ("roll", "faces"):
                if key in shot:
                    raise FudgeError("The odds weigh every roll: leave the dice out.",
                                     field=f"{field}.attack.{side}.{key}")
            filled[side] = {**shot, "roll": 0}  # a total every technique allows: its reading is all that counts
        attack = ranged.RangedAttack.from_dict(filled, field=f"{field}.attack")
        return cls(attack, Fighter.from_dict(data["shooter"], field=f"{field}.shooter"),
                   Fighter.from_dict(data["target"], field=f"{field}.target"),
                   read_willpower(data.get("willpower"), f"{field}.willpower"))

    def odds(self, rules: RuleSet, *, sample: bool | int = False) -> RangedOdds:
        """The exact odds of this ranged exchange under ``rules`` (sampled when too dear, as
        ``sample`` says: :func:`ranged_odds`)."""
        return ranged_odds(self.attack, shooter=self.shooter, target=self.target, rules=rules,
                           willpower=dict(self.willpower), sample=sample)
