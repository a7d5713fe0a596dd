"""Exact odds of an exchange: run the real attack pipeline over every class of dice, weighted.

What it answers: before the dice, what are the chances of a stand-off, a miss, a graze, a hit and
of each wound level, in both directions of a simultaneous round (F95 4.22, with stances F95 4.32:
"what Berserk against Defensive really buys") or for one attack of alternating turns (F95 4.23)?
The answer is exact (:class:`fractions.Fraction`), never sampled, and no rule is restated here:
every outcome comes from :func:`pyfudge.combat.attack.resolve_exchange` / ``resolve_attack``
under the ruleset, declarations and wound tracks given.

Each fighter brings a combat roll (``dice.technique``: 4dF or a 2d6 way, F95 4.1 / F93 4.21–4.22)
and, when the ruleset reads one, damage dice (``damage.die``: 1dF or 4dF, F95 4.61; 3d6 for
Min-Mid-Max, F95 4.63); under Combat Options a shield roll (CO 2.2) and a damage check (CO 4.3).
They are weighed by class (:mod:`.dice_classes`). A blow a shield stops is counted as
``"blocked"``. Willpower (F95 4.52, ``wounds.willpower``) is the GM's roll entered as a result:
it is a declared input (``Declaration.willpower``), and the odds are refused without it.

:func:`attack_odds` weighs one exchange of two fighters (:mod:`.group_odds`: one round of a lone
fighter against several foes, F95 4.34). It refuses, with a :class:`~pyfudge.core.errors.RuleError`
that says why, rules under which some roll needs more than dice (a Damage Capacity roll, F95
4.52) or so many dice that the enumeration would be too long.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..combat import attack, declaration
from ..combat.fighter import Fighter
from ..combat.outcomes import Blow, ExchangeOutcome
from ..combat.shield import makes_shield_checks
from ..core import ladder
from ..core.dice import Roll
from ..core.errors import FudgeError, RuleError
from ..core.explain import Step
from ..rules import wounds
from .dice_classes import Runner, TooMany, damage_kinds, enumerate_classes, explain
from .sampling import Sampler, draw_kept, exact_runs, is_kept, sampled_label, too_many

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

# Each blow in a word, least to worst; "blocked": a shield took it (CO 2.2, with co.shield).
RESULTS = ("stand-off", "miss", "blocked", "graze", "hit")
NO_ATTACK = "no attack"
# What the app shows for each word (the engine owns the labels).
RESULT_LABELS = {"stand-off": "Stand-off", "miss": "Miss", "blocked": "Blocked by the shield",
                 "graze": "Graze", "hit": "Hit", NO_ATTACK: "No attack"}
KINDS = ("round", "attack")


# ---------------------------------------------------------------------------------------------
# Outcome
# ---------------------------------------------------------------------------------------------

def as_chance(p: Fraction) -> dict[str, Any]:
    """A chance for JSON: exact ``"n/d"`` and a float rounded to 6 places for display."""
    return {"exact": f"{p.numerator}/{p.denominator}", "p": round(float(p), 6)}


def as_levels(items: Iterable[tuple[int, Fraction]]) -> list[dict[str, Any]]:
    return [{"level": lv, "name": wounds.LEVEL_NAMES[lv], **as_chance(p)} for lv, p in items]


@dataclass(frozen=True)
class DirectionOdds:
    """The odds of one fighter's blows at the other in the exchange.

    ``results``: the chance of each result of his blow — ``"stand-off"``, ``"miss"`` (he lost,
    or won without reaching the minimum or the right to harm), ``"blocked"`` (a shield took it,
    CO 2.2), ``"graze"``, ``"hit"`` — and
    ``"no attack"`` (he could not fight this round). ``wounds``: the chance that his blow lands
    and leaves each wound level (after every guard: pulled punch, PC death, points; Undamaged =
    it landed but did no harm); ``stuns``: the same for a stunning blow (F95 4.62).
    ``after``: the chance of each wound level the defender is left at after the exchange.
    Every mapping holds only the outcomes that can happen, in level order.
    """

    attacker: str
    defender: str
    results: tuple[tuple[str, Fraction], ...]
    wounds: tuple[tuple[int, Fraction], ...]
    stuns: tuple[tuple[int, Fraction], ...]
    after: tuple[tuple[int, Fraction], ...]

    def chance(self, result: str) -> Fraction:
        """The chance of one result (``"hit"``, ``"graze"``…); 0 if it cannot happen."""
        return dict(self.results).get(result, Fraction(0))

    @property
    def lands(self) -> Fraction:
        """The chance his blow lands at all (a graze or a hit)."""
        return self.chance("graze") + self.chance("hit")

    def wound_at_least(self, level: int) -> Fraction:
        """The chance his blow leaves a wound of ``level`` or worse (stuns not counted)."""
        return sum((p for lv, p in self.wounds if lv >= level), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"attacker", "defender", "results": {word: {"exact", "p"}},
        "lands": {...}, "wounds"/"stuns"/"after": [{"level", "name", "exact", "p"}]}``."""
        return {
            "attacker": self.attacker, "defender": self.defender,
            "results": {k: as_chance(p) for k, p in self.results},
            "lands": as_chance(self.lands),
            "wounds": as_levels(self.wounds),
            "stuns": as_levels(self.stuns),
            "after": as_levels(self.after),
        }


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of one exchange.

    ``kind``: the pipeline's kind of exchange (``"round"``, ``"stances"`` or ``"attack"``);
    ``exchange``: the chance of the exchange's result in a word (the worst that happened:
    stand-off < miss < blocked < graze < hit); ``directions``: one :class:`DirectionOdds` per
    fighter who attacks (A at B, then B at A in a simultaneous round; only A at B in an
    alternating attack).
    ``classes``: how many classes of dice were weighed; ``runs``: how many times the pipeline ran.
    """

    kind: str
    exchange: tuple[tuple[str, Fraction], ...]
    directions: tuple[DirectionOdds, ...]
    classes: int
    runs: int
    steps: tuple[Step, ...] = dc_field(default=(), compare=False)
    # Odds sampled, not exact: ``{"draws", "margin", "seed", "next"}``; None for exact odds.
    sampled: dict[str, Any] | None = None

    def direction(self, attacker: str) -> DirectionOdds:
        """The odds of ``attacker``'s blows."""
        for d in self.directions:
            if d.attacker == attacker:
                return d
        raise FudgeError(f"{attacker!r} does not attack in this exchange.", field="attacker")

    def total(self) -> Fraction:
        """The sum of the exchange's result chances (exactly 1)."""
        return sum((p for _, p in self.exchange), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind", "exchange": {word: {"exact": "n/d", "p": float}},
        "directions": [DirectionOdds.to_dict()], "classes", "runs", "steps"}``."""
        return {
            "kind": self.kind,
            "exchange": {k: as_chance(p) for k, p in self.exchange},
            "directions": [d.to_dict() for d in self.directions],
            "classes": self.classes, "runs": self.runs,
            "steps": [s.to_dict() for s in self.steps],
            **({"sampled": self.sampled} if self.sampled else {}),
        }


# ---------------------------------------------------------------------------------------------
# Input as data
# ---------------------------------------------------------------------------------------------

_REQUEST_FIELDS = ("kind", "round", "a", "b", "a_declares", "b_declares")


@dataclass(frozen=True)
class OddsRequest:
    """What the odds are asked of: two fighters (with their wound tracks), their declarations,
    the kind of exchange (``"round"``: simultaneous, with stances if the ruleset uses them;
    ``"attack"``: ``a`` attacks ``b`` in alternating turns) and the round number (it matters for
    "plus" levels and a speed Power, F95 4.36). No dice: the odds weigh them all. With
    ``wounds.willpower`` on, each fighter who may be wounded declares his Willpower result
    (``a_declares``/``b_declares`` ``"willpower"``, F95 4.52): the GM's roll, not dice."""

    a: Fighter
    b: Fighter
    a_declares: declaration.Declaration | None = None
    b_declares: declaration.Declaration | None = None
    kind: str = "round"
    round: int = 1

    def __post_init__(self) -> None:
        for key in ("a_declares", "b_declares"):
            if getattr(self, key) is None:
                object.__setattr__(self, key, declaration.NO_DECLARATION)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind", "round", "a", "b", "a_declares", "b_declares"}``."""
        return {
            "kind": self.kind, "round": self.round, "a": self.a.to_dict(), "b": self.b.to_dict(),
            "a_declares": (self.a_declares or declaration.NO_DECLARATION).to_dict(),
            "b_declares": (self.b_declares or declaration.NO_DECLARATION).to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "odds") -> OddsRequest:
        """Read a request from JSON: every field validated, unknown ones (dice too) refused."""
        if not isinstance(data, dict):
            raise FudgeError(f"{field} must be an object with fighters a and b.", field=field)
        extra = sorted(set(data) - set(_REQUEST_FIELDS))
        if extra:
            hint = " (the odds weigh every roll: leave the dice out)" if "dice" in extra[0] else ""
            raise FudgeError(f"{field}: unknown field {extra[0]!r}{hint}.", field=f"{field}.{extra[0]}")
        for key in ("a", "b"):
            if key not in data:
                raise FudgeError(f"{field} needs fighter {key}.", field=f"{field}.{key}")
        kind = data.get("kind", "round")
        if kind not in KINDS:
            raise FudgeError(f"{field}.kind must be round or attack, not {kind!r}.", field=f"{field}.kind")
        rnd = data.get("round", 1)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= 10_000:
            raise FudgeError(f"{field}.round must be a whole number from 1 to 10000, not {rnd!r}.",
                             field=f"{field}.round")
        return cls(
            a=Fighter.from_dict(data["a"], field=f"{field}.a"),
            b=Fighter.from_dict(data["b"], field=f"{field}.b"),
            a_declares=declaration.Declaration.from_dict(data.get("a_declares"), field=f"{field}.a_declares"),
            b_declares=declaration.Declaration.from_dict(data.get("b_declares"), field=f"{field}.b_declares"),
            kind=kind, round=rnd,
        )

    def odds(self, rules: RuleSet, *, sample: bool | int = False) -> AttackOdds:
        """The exact odds of this exchange under ``rules`` (sampled when too dear, as ``sample``
        says: :func:`attack_odds`)."""
        return attack_odds(self.a, self.b, rules=rules, a_declares=self.a_declares,
                           b_declares=self.b_declares, kind=self.kind, round_number=self.round, sample=sample)


class _Tally:
    """Adds up leaf outcomes into the chances of results and wound levels.

    Weights arrive as integers over one common denominator (``_Weights``) and become
    Fractions once, at the end: adding thousands of Fractions would cost more than the runs."""

    def __init__(self, directions: tuple[tuple[str, str], ...], rules: RuleSet) -> None:
        self.directions = directions
        self.rules = rules
        self.kind = ""
        self.exchange: dict[str, int] = {}
        self.results: list[dict[str, int]] = [{} for _ in directions]
        self.wounds: list[dict[int, int]] = [{} for _ in directions]
        self.stuns: list[dict[int, int]] = [{} for _ in directions]
        self.after: list[dict[int, int]] = [{} for _ in directions]
        self._levels: dict[int, tuple[Any, int]] = {}

    def _level(self, fighter: Any) -> int:
        # A fighter not hit comes back as the same object: read his level once.
        seen = self._levels.get(id(fighter))
        if seen is None or seen[0] is not fighter:
            seen = (fighter, fighter.current_level(self.rules))
            self._levels[id(fighter)] = seen
        return seen[1]

    def visit(self, outcome: ExchangeOutcome, w: int) -> None:
        self.kind = outcome.kind
        ex = self.exchange
        ex[outcome.result] = ex.get(outcome.result, 0) + w
        active = {s.name: s.active for s in outcome.sides}
        after = {f.name: f for f in outcome.fighters}
        for n, (att, dfd) in enumerate(self.directions):
            word = _direction_result(outcome, att, active)
            res = self.results[n]
            res[word] = res.get(word, 0) + w
            for blow in outcome.blows:
                if blow.attacker == att:
                    stun, level = blow_row(blow)
                    d = self.stuns[n] if stun else self.wounds[n]
                    d[level] = d.get(level, 0) + w
            lv = self._level(after[dfd])
            self.after[n][lv] = self.after[n].get(lv, 0) + w

    def odds(self, whole: int, classes: int, runs: int, steps: tuple[Step, ...]) -> AttackOdds:
        def ordered(d: dict, order: Iterable) -> tuple:
            return tuple((k, Fraction(d[k], whole)) for k in order if k in d)

        levels = range(len(wounds.LEVEL_NAMES))
        dirs = tuple(
            DirectionOdds(att, dfd, ordered(self.results[n], RESULTS + (NO_ATTACK,)),
                          ordered(self.wounds[n], levels), ordered(self.stuns[n], levels),
                          ordered(self.after[n], levels))
            for n, (att, dfd) in enumerate(self.directions)
        )
        return AttackOdds(self.kind, ordered(self.exchange, RESULTS), dirs, classes, runs, steps)


def blow_row(blow: Blow) -> tuple[bool, int]:
    """The odds table row a landed blow counts in: ``(True, level)`` a stun, ``(False, level)`` a
    wound. A stunning Scratch stuns no one (F95 4.62): it landed and did no harm, Undamaged."""
    if blow.stun:
        return (True, blow.level) if wounds.stuns(blow.level) else (False, wounds.UNDAMAGED)
    return False, blow.level


def _direction_result(outcome: ExchangeOutcome, attacker: str, active: Mapping[str, bool]) -> str:
    """One fighter's blow in a word. A plain round has one contest, the winner's: the loser's
    blow is a miss, and a stand-off is a stand-off for both (F95 4.22)."""
    if not active.get(attacker, True):
        return NO_ATTACK
    for c in outcome.contests:
        if c.attacker == attacker:
            return c.result
    return "stand-off" if all(c.result == "stand-off" for c in outcome.contests) else "miss"


# ---------------------------------------------------------------------------------------------
# The door
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ExchangeSlots:
    """What one exchange's enumeration needs: the roll slots' techniques, the damage-like slots'
    kinds of dice, and ``resolve(rolls, dmg)`` that hands them to the pipeline."""

    techniques: tuple[str, ...]
    kinds: tuple[tuple[str | None, ...], ...]
    resolve: Callable[[tuple, tuple], Any]
    extra: tuple[str, ...]  # what else is weighed, for the explanation


def _willpower_needed(rules: RuleSet, sides: Iterable[tuple[str, Fighter, declaration.Declaration]]) -> None:
    """F95 4.52 no. 4: a Willpower roll adjusts each wound. It is the GM's roll against the
    fighter's Willpower, entered as a result, not dice the odds can weigh: each fighter who may
    be wounded declares it (``willpower``), else the odds are refused, saying whose is missing."""
    if not wounds.willpower_in_use(rules):
        return
    for side, fighter, decl in sides:
        if decl.willpower is None:
            raise RuleError(f"Willpower rolls against wounds are on (F95 4.52): the odds need "
                            f"{fighter.name}'s Willpower result, declared as {side}_declares.willpower.",
                            field=f"{side}_declares.willpower")


def read_willpower(data: Any, where: str) -> tuple[tuple[str, Any], ...]:
    """``{name: result}`` (a ladder level, name or number; for the lone fighter also a list of
    up to 12, one per wound) as validated pairs."""
    if data is None:
        return ()
    if not isinstance(data, dict) or len(data) > 13:
        raise FudgeError(f"{where} must map fighters' names to Willpower results.", field=where)
    out: list[tuple[str, Any]] = []
    for name, value in data.items():
        at = f"{where}.{name}"
        if isinstance(value, list):
            if not 1 <= len(value) <= 12:
                raise FudgeError(f"{at} must list 1 to 12 results.", field=at)
            out.append((name, tuple(ladder.check_level(ladder.parse(v, field=f"{at}[{i}]"), field=f"{at}[{i}]")
                                    for i, v in enumerate(value))))
        else:
            out.append((name, ladder.check_level(ladder.parse(value, field=at), field=at)))
    return tuple(out)


def exchange_slots(a: Fighter, b: Fighter, *, rules: RuleSet, a_decl: declaration.Declaration,
                   b_decl: declaration.Declaration, kind: str, round_number: int) -> ExchangeSlots:
    """The slots and the resolver of one exchange of two fighters.

    Roll slots: each fighter's combat roll, then (``co.shield``) the shield roll of each who
    carries a shield (CO 2.2: read with the ruleset's technique). Damage-like slots: each
    fighter's damage dice (``damage_kinds``), then (``co.damage_check``) the 4dF of each one's
    damage check (CO 4.3: its total is all the check reads, so its classes are the 4dF sums)."""
    technique = rules["dice.technique"]
    wounded = (("b", b, b_decl),) if kind == "attack" else (("a", a, a_decl), ("b", b, b_decl))
    _willpower_needed(rules, wounded)
    shields = tuple(i for i, f in enumerate((a, b)) if makes_shield_checks(f.shield, rules))
    checks = (0, 1) if wounds.damage_checks_in_use(rules) else ()
    kinds = damage_kinds(rules)
    techniques = (technique, technique) + (technique,) * len(shields)
    slot_kinds = (kinds, kinds) + (("4dF",),) * len(checks)
    extra = (("shield rolls",) if shields else ()) + (("damage checks",) if checks else ())

    made: dict[tuple, tuple] = {}  # the same traced dice give the same FighterDice: make it once

    def fighter_dice(rolls: tuple, dmg: tuple, i: int) -> Any:
        shield_roll = rolls[2 + shields.index(i)] if i in shields else None
        check = dmg[2 + i] if checks else None
        parts = (rolls[i], dmg[i], check, shield_roll)
        key = (i, *map(id, parts))
        hit = made.get(key)
        if hit is None:
            shield = None if shield_roll is None else Roll(technique, shield_roll[0], shield_roll[1], True)
            hit = made[key] = (declaration.FighterDice(Roll(technique, rolls[i][0], rolls[i][1], True), dmg[i], check,
                                                  shield), parts)  # the parts stay alive: no id reused
        return hit[0]

    if kind == "attack":
        def resolve(rolls: tuple, dmg: tuple) -> ExchangeOutcome:
            return attack.resolve_attack(a, b, rules=rules, attacker_dice=fighter_dice(rolls, dmg, 0),
                                         defender_dice=fighter_dice(rolls, dmg, 1),
                                         attacker_declares=a_decl, defender_declares=b_decl,
                                         round_number=round_number)
    else:
        def resolve(rolls: tuple, dmg: tuple) -> ExchangeOutcome:
            return attack.resolve_exchange(a, b, rules=rules, a_dice=fighter_dice(rolls, dmg, 0),
                                           b_dice=fighter_dice(rolls, dmg, 1),
                                           a_declares=a_decl, b_declares=b_decl,
                                           round_number=round_number)
    return ExchangeSlots(techniques, slot_kinds, resolve, extra)


_CACHE: OrderedDict[str, AttackOdds] = OrderedDict()
_CACHE_SIZE = 32


# Two fighters, their rules and declarations, and how the odds are asked: the reason for nine.
def attack_odds(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_declares: declaration.Declaration | None = None,
    b_declares: declaration.Declaration | None = None,
    kind: str = "round",
    round_number: int = 1,
    max_runs: int = 20_000,
    sample: bool | int = False,
) -> AttackOdds:
    """The exact odds of one exchange between ``a`` and ``b`` under ``rules``.

    ``kind`` ``"round"``: a simultaneous round (F95 4.22; with stances if ``melee.stances``,
    F95 4.32), both directions; ``"attack"``: ``a`` attacks ``b`` in alternating turns (F95 4.23).
    Declarations (all-out, stance, pulled punch, points…) and the fighters' wound tracks
    (penalties, who can still fight) count exactly as in the pipeline, which raises the same
    :class:`~pyfudge.core.errors.FudgeError` for inputs it refuses. If some roll would need more than
    dice to resolve (a Damage Capacity roll under F95 4.52's first alternative), a
    :class:`RuleError` says so, as it does when the enumeration would take more than
    ``max_runs`` resolutions — unless ``sample`` (True, or a number of draws: a step of
    :data:`~.sampling.SAMPLE_STEPS`): then, past
    :data:`~.sampling.EXACT_RUNS_BEFORE_SAMPLING` runs, the same pipeline over seeded draws
    (:func:`~.sampling.draw_kept`), ``sampled`` saying how many and within what margin.
    Results are cached by the whole input, never across inputs.
    """
    if kind not in KINDS:
        raise FudgeError(f"kind must be round or attack, not {kind!r}.", field="kind")
    a_decl = a_declares or declaration.NO_DECLARATION
    b_decl = b_declares or declaration.NO_DECLARATION
    # Every field of every input (dataclass reprs show them all) and every option changed.
    cache_key = repr((kind, round_number, a, b, a_decl, b_decl)) + json.dumps(
        rules.to_dict(), sort_keys=True, default=str)
    cached = _CACHE.get(cache_key)
    if cached is not None:
        _CACHE.move_to_end(cache_key)
        return cached

    technique = rules["dice.technique"]
    # A fighter not yet wounded gets a fresh track each time the pipeline asks for it; give it
    # once (the same track the rules would make) so the many runs do not rebuild it.
    a, b = (f if f.track is not None else f.with_track(f.track_for(rules)) for f in (a, b))
    ex = exchange_slots(a, b, rules=rules, a_decl=a_decl, b_decl=b_decl, kind=kind, round_number=round_number)
    if kind == "attack":
        directions: tuple[tuple[str, str], ...] = ((a.name, b.name),)
    else:
        directions = ((a.name, b.name), (b.name, a.name))

    kinds = damage_kinds(rules)
    runner = Runner(ex.resolve, exact_runs(max_runs, sample))
    tally = _Tally(directions, rules)
    key = "exchange" + cache_key
    try:
        if sample is not False and is_kept(key):
            raise TooMany()  # too dear before: continue the draws
        whole, leaves = enumerate_classes(runner, ex.techniques, ex.kinds, tally.visit)
    except TooMany:
        if sample is False:
            raise too_many(runner, "odds", can_sample=True) from None
        sampler = draw_kept(key, sample, lambda: Sampler(ex.resolve, ex.techniques, ex.kinds))
        tally = _Tally(directions, rules)
        sampler.visit(tally.visit)
        label = sampled_label(sampler.draws)
        steps = explain(technique, kinds, len(sampler.drawn), sampler.runs, ex.extra, sampled=label)
        return replace(tally.odds(sampler.draws, len(sampler.drawn), sampler.runs, steps), sampled=label)
    except FudgeError as err:
        if not runner.failed_after_reading:
            raise  # refused before any die was read: the inputs themselves, as the pipeline says
        raise RuleError(f"Exact odds cannot be given: some rolls need more than dice. {err.message}",
                        field=err.field) from err
    steps = explain(technique, kinds, leaves, runner.runs, ex.extra)
    result = tally.odds(whole, leaves, runner.runs, steps)
    if result.total() != 1:  # pragma: no cover - the enumeration covers every face exactly once
        raise RuleError("The odds do not add up to one; this is a bug.", field="odds")
    _CACHE[cache_key] = result
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result
