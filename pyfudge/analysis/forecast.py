"""The fight forecast: from an encounter as it stands, the chance each side is the last standing
and the expected number of rounds — a GM's quick read of how dangerous a fight is.

The rulebooks say how one exchange is resolved, never how a whole fight proceeds, so the
forecast follows a battle model of its own, stated here (and in :data:`POLICY`):

- **Pacing.** As ``melee.pacing`` says. Simultaneous rounds (F95 4.22; with stances when
  ``melee.stances`` is on, F95 4.32): each pair fights one exchange a round. Alternating turns
  (F95 4.23): each pair rolls initiative (rolled again on a tie; once per pair for the whole
  forecast when ``melee.initiative`` is ``"battle"`` — the encounter does not record who won it,
  so the forecast rolls it afresh), then the winner attacks and, if both can still fight, the
  other attacks back; a fighter whose stun forbids attacking (F95 4.62) loses his attack.
  Story-element combat (F95 4.21) is one roll, not a fight: a
  :class:`~pyfudge.core.errors.RuleError` says so.
- **Who fights whom.** At the start of each round, the fighters still able to fight
  (:meth:`Fighter.can_fight`) pair off in the encounter's order: the first able player with the
  first able foe, the second with the second, and so on; each fighter left over on the larger
  side joins the opponent who has the fewest fighters on him (the first such, in order). Every
  pair fights its exchange(s), players as ``a``; the pairs of a round are resolved one after
  another in that order, so a fighter set upon by two foes fights two exchanges, the second
  with the wounds of the first. A pair with a fighter who can no longer
  fight is skipped for the rest of that round. The multi-combatant rules of F95 4.34 (one roll
  against each foe, −1 per extra foe) are not applied: this is a quick read, not a replay.
- **Declarations.** Neutral: no stance, no all-out effort, no aimed blows, no points spent.
  What the encounter carries is honoured: modifiers left by earlier exchanges (F95 4.23, 4.31)
  apply to each fighter's next exchange, and a stun (F95 4.62) hampers him for as long as the
  encounter would hold it (the rest of the round it happened in and its rounds after).
- **Dice.** Every exchange's outcome comes from the real pipeline
  (:func:`pyfudge.combat.attack.resolve_exchange`, ``resolve_attack`` and ``resolve_initiative``
  under alternating turns), weighed over every class of dice or drawn from those weights;
  wounds taken so far count, as do the round numbers ("plus" levels, a speed Power, F95 4.36).
- **The end.** A fight ends when a side has no fighter able to fight: the other side is the last
  standing, or nobody is (``"none"``) when both fall in the same round (only where one
  exchange can hurt both: with neutral declarations it cannot). A fight still going after
  ``round_cap`` rounds (or, in the exact method, one that can never end, e.g. when no blow can
  hurt) counts as ``capped``; the side chances and ``capped`` add up to 1, and the expected
  rounds are those of the fights that end.

**Exact** when exactly one fighter on each side can still fight and the round number cannot
matter: an absorbing Markov chain over the two fighters' states (their records, with wound
tracks, and their stuns and carried modifiers), each step's distribution from
:func:`pyfudge.analysis.outcomes.exchange_outcomes` (the pipeline over every class of dice, exact Fractions).
Under alternating turns a round is initiative (every pair of totals through
``resolve_initiative``, ties rolled again) then the two attacks, each weighed the same way.
A stand-off leaves the state unchanged; that self-loop is solved in closed form: from a state
left with chance ``r`` per round, ``P(win) = Σ p_t·P_t(win) / r`` and
``E[rounds] = Σ p_t·(1/r + E_t[rounds]) / r``. The whole chain may run the pipeline at most
``max_runs`` times (:data:`EXACT_RUNS`); beyond that, or if a state could recur, the forecast
simulates instead. Solved states are kept across forecasts (the newest 20,000), so asking again
after an exchange costs little; a forecast's ``runs`` counts its own work only.

**Simulation** otherwise: fights played with ``random.Random(seed)`` (the same seed gives the
same forecast), each exchange, attack and initiative roll *drawn from its exact distribution*
rather than rolled die by die. What an exchange's dice can do depends only on its
:class:`_Matchup` — its kind, both fighters as they stand, their declarations (stun, carried
modifiers) and the round where it matters — so the distribution is kept per matchup for the
whole forecast: :class:`pyfudge.analysis.outcomes.OutcomeDraw` walks the same classes of dice as
:func:`pyfudge.analysis.outcomes.exchange_outcomes`, choosing among finer classes by their exact shares (an
integer ``randrange``, no float rounding) and running the pipeline only for a class it meets the
first time. A drawn exchange is thus distributed exactly as one played die by die, and the
fight around it is the same code (:func:`.battle.play_round`) for both methods. Drawing is cheap; the cost
is the first run of each class of dice a fight meets (``runs``), which falls as the fights go on.

Unless ``samples`` is given, sampling stops once every chance's 95% (Wilson) interval reaches
no further than :data:`TARGET_HALFWIDTH` (±2%) from it, or when the forecast has taken
:data:`TIME_BUDGET` seconds (an exact attempt's included), after at least :data:`MIN_SAMPLES`
fights; ``stop`` says which, ``halfwidth`` how far the widest interval reaches, and the fights
played are those the same seed would play if that many were asked. Fights asked for are all
played, whatever the clock, within the door's budget (:data:`MAX_RUNS` pipeline runs,
:data:`MAX_DRAWS` exchanges drawn: ``stopped``). Three against three (docs/performance.md, Forecast):
the weighing of new classes of dice dominates, so a forecast falls short of ±2% in its time
budget (that takes ~330 fights when one side wins 98%, ~2,400 at even odds): it says how
far it got.

The battle model both methods share, and the exact chain, are :mod:`.battle`'s; this module holds
the answer (:class:`Forecast`), its settings, the simulation and the door.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..combat import declaration
from ..combat.fighter import Fighter
from ..combat.memo import remembering_blows
from ..combat.outcomes import ExchangeOutcome
from ..combat.sides import MAX_ROUND
from ..core import dice
from ..core.errors import FudgeError, RequestError, RuleError
from ..core.explain import Step
from .battle import (
    OUTCOMES,
    Chain,
    Dice,
    Fight,
    Keys,
    NotFeasible,
    Start,
    Weigher,
    play_round,
    round_matters,
    standing,
    start_fight,
)
from .outcomes import OutcomeDraw

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet
    from ..encounter.state import State

# What the app shows for each ending (the engine owns the labels); "capped": still fighting.
LABELS = {"players": "Players' side", "foes": "Foes' side", "none": "Nobody (both fall)",
          "capped": "Still fighting at the round cap"}
POLICY = ("Rounds as the ruleset paces them, neutral declarations: able fighters pair off in order, "
          "the extras pile on the least-engaged foe; each pair fights one exchange a round "
          "(alternating: initiative, then an attack each); a fight ends when a side has no one "
          "able to fight.")

EXACT_RUNS = 1_500        # pipeline runs the exact chain may spend before simulating instead
TARGET_HALFWIDTH = 0.02   # a default simulation stops once every chance is known to ±2% (95%)…
TIME_BUDGET = 0.9         # …or once the forecast has taken this many seconds (an exact attempt's
                          # included), so that it answers within a second in the browser
MIN_SAMPLES = 30          # a default simulation plays at least this many fights (big battles)
MAX_SAMPLES = 20_000
# The door's hard budget for one forecast's simulation, whatever ``samples`` and ``round_cap``
# ask: at most this many pipeline runs weighing exchanges (each new class of dice met costs one;
# about 4 s in CPython) and this many exchanges drawn (about 3 s). Sampling stops at the first
# round past either and the forecast says how many fights it played (``stopped``).
MAX_RUNS = 5_000
MAX_DRAWS = 100_000
ROUND_CAP = 40
MAX_ROUND_CAP = 200
DEFAULT_SEED = 1
Z95 = 1.959963984540054   # the normal quantile of a two-sided 95% interval
_clock = time.perf_counter  # the time budget's clock (a test stands in its own)
_ONE, _ZERO = Fraction(1), Fraction(0)


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------

def _text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


@dataclass(frozen=True)
class Chance:
    """The chance of one ending: ``p`` (a float), ``exact`` (a Fraction, exact method only) and
    a 95% interval ``low``…``high`` (the point itself when exact)."""

    p: float
    exact: Fraction | None
    low: float
    high: float

    @classmethod
    def of_fraction(cls, p: Fraction) -> Chance:
        """An exact chance."""
        f = float(p)
        return cls(f, p, f, f)

    @classmethod
    def of_count(cls, k: int, n: int) -> Chance:
        """A sampled chance, ``k`` of ``n``, with its Wilson score interval at 95%."""
        p = k / n
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        # The point stays inside its interval whatever the float rounding (k = 0 or n).
        return cls(p, None, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))

    @property
    def halfwidth(self) -> float:
        """How far the interval reaches from the point, either way: the chance is ``p`` ± this
        (the Wilson interval leans towards ½, so its longer side)."""
        return max(self.p - self.low, self.high - self.p)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"p": float, "exact": "n/d" or null, "low": float, "high": float,
        "halfwidth": float}``."""
        return {"p": round(self.p, 6), "exact": None if self.exact is None else _text(self.exact),
                "low": round(self.low, 6), "high": round(self.high, 6), "halfwidth": round(self.halfwidth, 6)}


@dataclass(frozen=True)
class Forecast:
    """How a fight is likely to end, from the state it was asked about.

    ``method``: ``"exact"`` (an absorbing Markov chain, Fractions) or ``"simulation"`` (``samples``
    fights played from ``seed``, stopped for the reason ``stop``). ``players``/``foes``: the chance
    that side is the last standing; ``none``: that both fall in the same round; ``capped``: that
    the fight is still going after ``round_cap`` rounds (exact: that it never ends).
    ``rounds_mean``/``rounds_exact``: the expected rounds from now of the fights that end (None if
    none does). ``runs``: the pipeline runs this forecast made (simulation: exchanges and attacks
    resolved; exact: runs over dice classes, states an earlier forecast solved being reused).
    """

    method: str
    players: Chance
    foes: Chance
    none: Chance
    capped: float
    rounds_mean: float | None
    rounds_exact: Fraction | None
    samples: int | None
    seed: int | None
    round_cap: int
    runs: int
    policy: str = POLICY
    steps: tuple[Step, ...] = dc_field(default=(), compare=False)
    stopped: bool = False  # the simulation stopped at the door's budget before the fights asked
    # Why the simulation stopped: "samples" (as many as asked), "precision" (TARGET_HALFWIDTH
    # reached), "time" (TIME_BUDGET) or "budget" (the door's); None when exact.
    stop: str | None = None

    def side(self, name: str) -> Chance:
        """The chance of ``"players"``, ``"foes"`` or ``"none"``."""
        if name not in OUTCOMES:
            raise FudgeError(f"side must be one of {', '.join(OUTCOMES)}.", field="side")
        return getattr(self, name)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"method", "samples", "seed", "sides": {"players"|"foes"|"none":
        Chance.to_dict()}, "rounds": {"mean", "exact"}, "capped", "policy", "round_cap", "runs",
        "stopped", "stop", "halfwidth", "steps"}``; ``halfwidth``: how far the widest 95% interval
        reaches from its chance (0 when exact)."""
        return {
            "method": self.method, "samples": self.samples, "seed": self.seed,
            "sides": {k: self.side(k).to_dict() for k in OUTCOMES},
            "rounds": {"mean": None if self.rounds_mean is None else round(self.rounds_mean, 6),
                       "exact": None if self.rounds_exact is None else _text(self.rounds_exact)},
            "capped": round(self.capped, 6), "policy": self.policy, "round_cap": self.round_cap,
            "runs": self.runs, "stopped": self.stopped, "stop": self.stop,
            "halfwidth": round(halfwidth(self.side(k) for k in OUTCOMES), 6),
            "steps": [s.to_dict() for s in self.steps],
        }


# ---------------------------------------------------------------------------------------------
# Input
# ---------------------------------------------------------------------------------------------

_SETTINGS = ("samples", "seed", "round_cap", "exact")


@dataclass(frozen=True)
class ForecastSettings:
    """How to forecast: ``samples`` (None: until ±:data:`TARGET_HALFWIDTH` or
    :data:`TIME_BUDGET`, up to :data:`MAX_SAMPLES`), ``seed`` of the simulation (None: :data:`DEFAULT_SEED`, so the same
    question gets the same answer), ``round_cap`` and ``exact`` (False: always simulate)."""

    samples: int | None = None
    seed: int | None = None
    round_cap: int = ROUND_CAP
    exact: bool = True

    def __post_init__(self) -> None:
        ForecastSettings.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"samples", "seed", "round_cap", "exact"}``."""
        return {"samples": self.samples, "seed": self.seed, "round_cap": self.round_cap, "exact": self.exact}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "forecast") -> ForecastSettings:
        """Read settings from JSON; every key optional and validated, unknown ones refused.
        ``field`` prefixes the field named in an error ("" for none: the keys themselves)."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise RequestError("The forecast settings must be an object.", field=field)

        def at(key: str) -> str:
            return f"{field}.{key}" if field else key

        extra = sorted(set(data) - set(_SETTINGS))
        if extra:
            raise RequestError(f"Unknown forecast setting {extra[0]!r}.", field=at(extra[0]))

        def whole(key: str, low: int, high: int | None) -> int | None:
            value = data.get(key)
            if value is None:
                return None
            if isinstance(value, bool) or not isinstance(value, int) or value < low or (
                    high is not None and value > high):
                span = f"from {low} to {high}" if high is not None else f"of at least {low}"
                raise RequestError(f"{key} must be a whole number {span}, not {value!r}.",
                                   field=at(key))
            return value

        exact = data.get("exact", True)
        if not isinstance(exact, bool):
            raise RequestError(f"exact must be true or false, not {exact!r}.", field=at("exact"))
        cap = whole("round_cap", 1, MAX_ROUND_CAP)
        obj = object.__new__(cls)
        for key, value in (("samples", whole("samples", 1, MAX_SAMPLES)),
                           ("seed", whole("seed", -(2 ** 63), 2 ** 63)),
                           ("round_cap", ROUND_CAP if cap is None else cap), ("exact", exact)):
            object.__setattr__(obj, key, value)
        return obj


def _exact(start: Start, cap: int, max_runs: int) -> Forecast:
    rules = start.rules
    able = [i for i, f in enumerate(start.fighters) if f.can_fight(rules)]
    pi = next(i for i in able if start.sides[i] == "players")
    fi = next(i for i in able if start.sides[i] == "foes")
    a, b = start.fighters[pi], start.fighters[fi]
    carry = tuple(k for k in start.carry if k.to in (a.name, b.name))
    chain = Chain(rules, start.round, max_runs)
    v = chain.value(Fight((a, b), (start.stuns[pi], start.stuns[fi]), carry))
    rounds = v.moment / v.ends if v.ends else None
    runs = chain.weigher.runs
    steps = (
        Step("F95 4.22", f"{a.name} against {b.name}, rounds with neutral declarations until one cannot "
             "fight.", {"player": a.name, "foe": b.name}),
        Step("F95 4.22", f"Exact: {chain.states} states of the fight solved, each round weighed over every "
             f"class of dice ({runs} resolutions; states an earlier forecast solved are reused).",
             {"states": chain.states, "runs": runs}),
    )
    return Forecast("exact", Chance.of_fraction(v.win[0]), Chance.of_fraction(v.win[1]),
                    Chance.of_fraction(v.win[2]), float(_ONE - v.ends),
                    None if rounds is None else float(rounds), rounds, None, None, cap, runs,
                    steps=steps)


# ---------------------------------------------------------------------------------------------
# Simulation
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Matchup:
    """What one exchange's dice can do depends on, the key of its draws: ``kind`` (``"round"``,
    ``"attack"`` or ``"initiative"``), both fighters as they stand (records, wound tracks,
    points, shields), their declarations (carried modifiers, stun: :func:`declaration`) and the
    round number where it can change the exchange (F95 4.36; else None)."""

    kind: str
    a: Fighter
    b: Fighter
    a_declares: declaration.Declaration
    b_declares: declaration.Declaration
    round: int | None


class _Chances:
    """A fixed distribution (values with exact Fraction chances) drawn exactly: an integer
    ``rng.randrange`` over the common denominator."""

    runs = 0

    def __init__(self, weighted: Sequence[tuple[Any, Fraction]]) -> None:
        whole = math.lcm(*(p.denominator for _, p in weighted))
        self.values = [v for v, _ in weighted]
        self.shares = list(itertools.accumulate(p.numerator * (whole // p.denominator) for _, p in weighted))

    def draw(self, rng: random.Random) -> Any:
        return self.values[bisect.bisect_right(self.shares, rng.randrange(self.shares[-1]))]


class _Drawer(Dice):
    """Each exchange, attack and initiative roll drawn from its exact distribution, weighed once
    per :class:`_Matchup` and kept for the rest of the forecast: an exchange or attack through
    :class:`pyfudge.analysis.outcomes.OutcomeDraw` (the pipeline run only for the classes of dice met),
    initiative through :meth:`Weigher.initiative`. ``runs``: pipeline runs (initiative: rolls
    weighed); ``drawn``: exchanges and attacks drawn."""

    one = 1

    def __init__(self, rules: RuleSet, rng: random.Random) -> None:
        self.rules, self.rng = rules, rng
        self.runs = self.drawn = 0
        self._weigher = Weigher(rules, 1 << 62, Keys())
        self._by_matchup: dict[_Matchup, Any] = {}
        # The same objects meet again and again (the draws hand back kept outcomes): by their
        # ids first, the objects kept alive alongside so that no id is reused.
        self._by_id: dict[tuple, tuple] = {}

    def _draws(self, kind: str, a: Fighter, b: Fighter, da: declaration.Declaration, db: declaration.Declaration,
               rnd: int) -> Any:
        fast = (kind, id(a), id(b), id(da), id(db), rnd)
        hit = self._by_id.get(fast)
        if hit is not None:
            return hit[0]
        key = _Matchup(kind, a, b, da, db, rnd if rnd and round_matters((a, b), self.rules) else None)
        draws = self._by_matchup.get(key)
        if draws is None:
            if kind == "initiative":
                draws = _Chances(self._weigher.initiative(a, b, da, db))
                self.runs += len(dice.distribution(self.rules["dice.technique"])) ** 2
            else:
                draws = OutcomeDraw(a, b, rules=self.rules, a_declares=da, b_declares=db, kind=kind,
                                         round_number=rnd)
            self._by_matchup[key] = draws
        self._by_id[fast] = (draws, a, b, da, db)
        return draws

    def exchange(self, kind: str, a: Fighter, b: Fighter, da: declaration.Declaration, db: declaration.Declaration,
                 rnd: int) -> list[tuple[ExchangeOutcome, Any]]:
        draws = self._draws(kind, a, b, da, db, rnd)
        before = draws.runs
        outcome = draws.draw(self.rng)
        self.runs += draws.runs - before
        self.drawn += 1
        return [(outcome, 1)]

    def initiative(self, a: Fighter, b: Fighter, da: declaration.Declaration,
                   db: declaration.Declaration) -> list[tuple[str, Any]]:
        return [(self._draws("initiative", a, b, da, db, 0).draw(self.rng), 1)]  # round 0: it reads none


class _OverBudget(Exception):
    """One fight alone needs more than the door's budget (:data:`MAX_RUNS`, :data:`MAX_DRAWS`)."""


def _play(start: Start, drawer: _Drawer, cap: int) -> tuple[str | None, int] | None:
    """One fight to its end or the cap: (who is last standing, or None if capped; rounds); None
    when the drawer reached the door's budget first (the fight is not counted)."""
    fight = Fight(start.fighters, start.stuns, start.carry)
    for played in range(cap + 1):
        end = standing(start.sides, fight.fighters, start.rules)
        if end is not None:
            return end, played
        if played == cap:
            break
        if drawer.runs >= MAX_RUNS or drawer.drawn >= MAX_DRAWS:
            return None
        [(fight, _)] = play_round(fight, start.sides, start.round + played, drawer)
    return None, cap


def halfwidth(chances: Iterable[Chance]) -> float:
    """How far the widest 95% interval reaches from its point, either way (0 when exact): the
    forecast's "±"."""
    return max((c.halfwidth for c in chances), default=0.0)


def _simulate(start: Start, settings: ForecastSettings, deadline: float) -> Forecast:
    seed = DEFAULT_SEED if settings.seed is None else settings.seed
    drawer = _Drawer(start.rules, random.Random(seed))
    cap = settings.round_cap
    wanted = settings.samples or MAX_SAMPLES
    tally = {k: 0 for k in OUTCOMES}
    capped = rounds = ended = n = 0
    stop = "samples"
    with remembering_blows():
        while n < wanted:
            played_out = _play(start, drawer, cap)
            if played_out is None:  # the door's budget: every request ends in seconds
                stop = "budget"
                break
            end, played = played_out
            n += 1
            if end is None:
                capped += 1
            else:
                tally[end] += 1
                ended += 1
                rounds += played
            if settings.samples is None and n >= MIN_SAMPLES:
                if halfwidth(Chance.of_count(tally[k], n) for k in OUTCOMES) <= TARGET_HALFWIDTH:
                    stop = "precision"
                    break
                if _clock() >= deadline:
                    stop = "time"
                    break
    runs = drawer.runs
    if n == 0:
        raise _OverBudget()
    players, foes, none = (Chance.of_count(tally[k], n) for k in OUTCOMES)
    half = halfwidth((players, foes, none))
    steps: tuple[Step, ...] = (
        Step("F95 4.22", "Rounds with neutral declarations; able fighters pair off in order and the extras "
             "pile on the least-engaged foe.", {"pacing": start.rules["melee.pacing"]}),
        Step("F95 4.22", f"Simulated {n} fights from seed {seed}: {drawer.drawn} exchanges drawn, each from its "
             f"exact distribution ({runs} resolutions weighed it); each chance ±{half * 100:.1f} % at 95 % (Wilson).",
             {"samples": n, "seed": seed, "runs": runs, "drawn": drawer.drawn, "halfwidth": round(half, 6)}),
    )
    if stop == "time":
        steps += (Step("F95 4.22", f"Stopped after {n} fights at the time budget of {TIME_BUDGET:g} s, short "
                       f"of ±{TARGET_HALFWIDTH * 100:g} %.", {"samples": n, "time_budget": TIME_BUDGET}),)
    elif stop == "budget":
        asked = "" if settings.samples is None else f" of the {wanted} asked"  # none asked: until sure enough
        steps += (Step("F95 4.22", f"Stopped after {n} fight{'s' if n != 1 else ''}{asked}: a "
                       f"forecast runs the pipeline at most {MAX_RUNS:,} times and draws at most {MAX_DRAWS:,} "
                       "exchanges (its budget, so that it answers in seconds); the intervals say how sure each "
                       "chance is.", {"samples": n, "asked": wanted, "max_runs": MAX_RUNS,
                                      "max_draws": MAX_DRAWS}),)
    return Forecast("simulation", players, foes, none, capped / n, rounds / ended if ended else None,
                    None, n, seed, cap, runs, steps=steps, stopped=stop == "budget", stop=stop)


# ---------------------------------------------------------------------------------------------
# The door
# ---------------------------------------------------------------------------------------------

def _forecast(start: Start, settings: ForecastSettings, max_runs: int) -> Forecast:
    deadline = _clock() + TIME_BUDGET
    rules = start.rules
    end = standing(start.sides, start.fighters, rules)
    if end is not None:  # the fight is already over
        win = {k: Chance.of_fraction(_ONE if k == end else _ZERO) for k in OUTCOMES}
        return Forecast("exact", win["players"], win["foes"], win["none"], 0.0, 0.0, _ZERO, None, None,
                        settings.round_cap, 0,
                        steps=(Step("F95 4.51", "The fight is over: one side has no one able to fight.", {}),))
    able = [i for i, f in enumerate(start.fighters) if f.can_fight(rules)]
    lone_each = (sum(start.sides[i] == "players" for i in able) == 1
                 and sum(start.sides[i] == "foes" for i in able) == 1)
    if settings.exact and lone_each and not round_matters((start.fighters[i] for i in able), rules):
        try:
            return _exact(start, settings.round_cap, max_runs)
        except NotFeasible:
            pass  # too costly, or a state could recur: sample instead
    try:
        return _simulate(start, settings, deadline)
    except _OverBudget:
        raise RuleError(f"This fight is too long to forecast: one fight of {len(start.fighters)} fighters for up "
                        f"to {settings.round_cap} rounds needs more than a forecast's budget ({MAX_RUNS:,} "
                        f"resolutions, {MAX_DRAWS:,} exchanges). Lower the round cap.",
                        field="round_cap") from None
    except FudgeError as err:
        # E.g. a Damage Capacity or Willpower roll (F95 4.52) the GM enters at the table.
        raise RuleError(f"The forecast cannot play a fight under these rules: {err.message}",
                        field=err.field) from err


def forecast(state: State, *, settings: ForecastSettings | None = None,
             max_runs: int = EXACT_RUNS) -> Forecast:
    """The forecast of an encounter's fight from its current state (see the module docstring
    for the battle model): its combatants as they stand (wounds, stuns, carried modifiers), its
    ruleset and round. ``max_runs`` bounds the exact method's pipeline runs."""
    settings = settings or ForecastSettings()
    stuns = []
    for c in state.combatants:
        # The encounter holds a stun (id, status, last round) while round <= last round.
        stuns.append(tuple(sorted((status, until - state.round + 1)
                                  for sid, status, until in state.stunned
                                  if sid == c.id and until >= state.round)))
    start = start_fight(state.rules, [c.fighter for c in state.combatants], [c.side for c in state.combatants],
                   stuns, state.carry, state.round)
    return _forecast(start, settings, max_runs)


def forecast_fighters(players: Sequence[Fighter], foes: Sequence[Fighter], *, rules: RuleSet,
                      settings: ForecastSettings | None = None, round_number: int = 1,
                      max_runs: int = EXACT_RUNS) -> Forecast:
    """The forecast of a fight between ``players`` and ``foes`` (in that order), with no stuns or
    carried modifiers, from round ``round_number``."""
    for where, group in (("players", players), ("foes", foes)):
        for i, f in enumerate(group):
            if not isinstance(f, Fighter):
                raise RequestError(f"{where}[{i}] must be a fighter.", field=f"{where}[{i}]")
    if isinstance(round_number, bool) or not isinstance(round_number, int) or not 1 <= round_number <= MAX_ROUND:
        raise RequestError(f"round must be a whole number from 1 to {MAX_ROUND:,}.", field="round")
    fighters = list(players) + list(foes)
    sides = ["players"] * len(players) + ["foes"] * len(foes)
    start = start_fight(rules, fighters, sides, [()] * len(fighters), (), round_number)
    return _forecast(start, settings or ForecastSettings(), max_runs)

