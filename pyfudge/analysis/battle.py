"""The forecast's battle model, shared by both its methods, and its exact method.

The model (see :mod:`.forecast` for the rules it follows): a fight as it starts (:class:`Start`)
and as it stands (:class:`Fight`), who is last standing, how the able fighters pair off, each
fighter's neutral declaration, and one round (:func:`play_round`) as branches of the fight, each
with its weight: the dice come from a :class:`Dice`, every class of dice with its exact chance
(:class:`Weigher`, here) or one draw (the simulation's, in :mod:`.forecast`).

The exact method: an absorbing Markov chain (:class:`Chain`) over a lone fighter on each side,
each state's value solved once and kept across forecasts.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..combat import initiative
from ..combat.declaration import NO_DECLARATION, Declaration, FighterDice
from ..combat.fighter import Fighter
from ..combat.outcomes import Carry, ExchangeOutcome
from ..core import dice
from ..core.errors import FudgeError, RequestError, RuleError
from ..rules import wounds
from ..rules.actions import Modifier
from .outcomes import exchange_outcomes

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

SIDES = ("players", "foes")
OUTCOMES = ("players", "foes", "none")
MAX_COMBATANTS = 40       # as many as an encounter holds


@dataclass(frozen=True)
class Start:
    """A fight as the forecast starts it: fighters (each with a track), their sides, stuns
    ``(status, rounds left)`` per fighter, carried modifiers and the round about to be played."""

    rules: RuleSet
    fighters: tuple[Fighter, ...]
    sides: tuple[str, ...]
    stuns: tuple[tuple[tuple[int, int], ...], ...]
    carry: tuple[Carry, ...]
    round: int


def start_fight(rules: RuleSet, fighters: Sequence[Fighter], sides: Sequence[str],
           stuns: Sequence[tuple[tuple[int, int], ...]], carry: Iterable[Carry], round_number: int) -> Start:
    if rules["melee.pacing"] == "story":
        raise RuleError("Story-element combat (F95 4.21) is one roll, not rounds: there is no fight "
                        "to forecast.", field="ruleset.melee.pacing")
    if len(fighters) > MAX_COMBATANTS:
        raise RequestError(f"A forecast takes at most {MAX_COMBATANTS} combatants.", field="combatants")
    for side in SIDES:
        if side not in sides:
            raise RuleError(f"The forecast needs at least one combatant among the {side}.", field=side)
    names = [f.name for f in fighters]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise RequestError(f"Two combatants are called {name!r}; names must differ.", field="name")
    # A fighter not yet wounded gets his fresh track once, as the odds do (F95 4.57).
    fresh = tuple(f if f.track is not None else f.with_track(f.track_for(rules)) for f in fighters)
    return Start(rules, fresh, tuple(sides), tuple(stuns), tuple(carry), round_number)


# ---------------------------------------------------------------------------------------------
# The model, shared by both methods
# ---------------------------------------------------------------------------------------------

Stuns = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Fight:
    """A fight between rounds: every fighter (in the start's order), his stuns ``(status, rounds
    left)``, the modifiers carried to a next exchange, and — initiative once per battle — who of
    each pair attacks first (``((player, foe), "a" or "b")``)."""

    fighters: tuple[Fighter, ...]
    stuns: tuple[Stuns, ...]
    carry: tuple[Carry, ...] = ()
    order: tuple[tuple[tuple[int, int], str], ...] = ()


def standing(start_sides: Sequence[str], fighters: Sequence[Fighter], rules: RuleSet) -> str | None:
    """Who is last standing (``"players"``, ``"foes"``, ``"none"``), or None while both fight."""
    able = {s: False for s in SIDES}
    for side, f in zip(start_sides, fighters):
        if not able[side] and f.can_fight(rules):
            able[side] = True
    if able["players"] and able["foes"]:
        return None
    if able["players"]:
        return "players"
    return "foes" if able["foes"] else "none"


def pairing(sides: Sequence[str], able: Sequence[bool]) -> list[tuple[int, int]]:
    """Who fights whom this round, as (player index, foe index) pairs in the order they fight:
    able players and able foes pair off in order; each fighter left over on the larger side joins
    the opponent with the fewest fighters on him (the first such)."""
    players = [i for i, (s, ok) in enumerate(zip(sides, able)) if ok and s == "players"]
    foes = [i for i, (s, ok) in enumerate(zip(sides, able)) if ok and s == "foes"]
    pairs = list(zip(players, foes))
    n = len(pairs)
    small, extras, small_is_players = ((players, foes[n:], True) if len(foes) > len(players)
                                       else (foes, players[n:], False))
    load = {i: 1 for i in small}
    for e in extras:
        target = min(small, key=lambda i: load[i])  # min keeps the first of equals
        load[target] += 1
        pairs.append((target, e) if small_is_players else (e, target))
    return pairs


def declaration(fighter: Fighter, stuns: Stuns, carry: Sequence[Carry],
                 alternating: bool = False) -> tuple[Declaration, tuple[Carry, ...]]:
    """His neutral declaration, with his carried modifiers and his stun, as the encounter adds
    them (F95 4.23, 4.31, 4.62); and the carried modifiers it used up. A carried 'no defence'
    belongs to alternating turns (F95 4.23) and is not applied in simultaneous rounds."""
    mine = tuple(k for k in carry if k.to == fighter.name)
    stunned = max((status for status, left in stuns if left > 0), default=wounds.NO_STUN)
    if not mine and not stunned:
        return NO_DECLARATION, ()
    mods: list[Modifier] = []
    dmods: list[Modifier] = []
    for k in mine:
        if k.modifier is not None:
            (dmods if k.scope == "defence" else mods).append(k.modifier)
    no_defence = alternating and any(k.no_defence for k in mine)
    return Declaration(modifiers=tuple(mods), defence_modifiers=tuple(dmods), stunned=stunned,
                       no_defence=no_defence), mine


def _stunned_after(stuns: Stuns, before: Fighter, after: Fighter, rules: RuleSet) -> Stuns:
    """His stuns after an exchange: a worse stun on his track lasts the rest of this round and
    its rounds after (at least one), as the encounter holds it (F95 4.62, MUD 4.62)."""
    status = after.track_for(rules).stun
    if status > before.track_for(rules).stun:
        rounds = wounds.stun_effects(status, rules=rules).rounds
        return stuns + ((status, max(rounds, 1) + 1),)
    return stuns


def _round_ends(stuns: Stuns) -> Stuns:
    """One round less on every stun; the spent ones drop."""
    return tuple(sorted((s, left - 1) for s, left in stuns if left > 1))


def round_matters(fighters: Iterable[Fighter], rules: RuleSet) -> bool:
    """Can the round number change an exchange? ("plus" levels, a speed Power: F95 4.36)"""
    fighters = list(fighters)
    return bool((rules["melee.plus_levels"] and any(f.plus_skills for f in fighters))
                or (rules["melee.speed_power"] and any(f.speed_power for f in fighters)))


Branches = list[tuple[Fight, Any]]


class Dice:
    """Where a round's dice come from: :class:`Weigher` gives every class of dice with its
    exact chance, :class:`.forecast._Drawer` one draw from those chances with weight 1. ``one``: the unit
    weight."""

    rules: RuleSet
    one: Any = 1

    def exchange(self, kind: str, a: Fighter, b: Fighter, da: Declaration, db: Declaration,
                 rnd: int) -> list[tuple[ExchangeOutcome, Any]]:  # pragma: no cover
        """The outcomes of one exchange (``"round"``) or attack (``"attack"``), weighted."""
        raise NotImplementedError

    def initiative(self, a: Fighter, b: Fighter, da: Declaration,
                   db: Declaration) -> list[tuple[str, Any]]:  # pragma: no cover
        """Who attacks first (``"a"``/``"b"``), weighted; ties are rolled again (F95 4.23)."""
        raise NotImplementedError

    def merge(self, branches: Branches) -> Branches:
        """Branches that reached the same fight, added up (a sample has one branch: as is)."""
        return branches


def _then(branches: Branches, step: Any, src: Dice) -> Branches:
    """Each branch followed by ``step(fight)``'s branches, the weights multiplied."""
    out: Branches = []
    for fight, w in branches:
        for after, v in step(fight):
            out.append((after, w * v))
    return src.merge(out)


def _turn(fight: Fight, x: int, y: int, rnd: int, src: Dice, alternating: bool) -> Branches:
    """Fighter ``x``'s exchange with ``y`` (simultaneous) or his attack on ``y`` (alternating)."""
    rules = src.rules
    a, b = fight.fighters[x], fight.fighters[y]
    if not (a.can_fight(rules) and b.can_fight(rules)):
        return [(fight, src.one)]
    da, used_a = declaration(a, fight.stuns[x], fight.carry, alternating)
    db, used_b = declaration(b, fight.stuns[y], fight.carry, alternating)
    if alternating and da.stunned and not wounds.stun_effects(da.stunned, rules=rules).can_attack:
        return [(fight, src.one)]  # F95 4.62: a stunned fighter cannot attack this turn
    rest = tuple(k for k in fight.carry if k not in used_a and k not in used_b)
    out: Branches = []
    for outcome, w in src.exchange("attack" if alternating else "round", a, b, da, db, rnd):
        na, nb = outcome.fighters
        fighters, stuns = list(fight.fighters), list(fight.stuns)
        fighters[x], fighters[y] = na, nb
        stuns[x] = _stunned_after(stuns[x], a, na, rules)
        stuns[y] = _stunned_after(stuns[y], b, nb, rules)
        out.append((Fight(tuple(fighters), tuple(stuns), rest + outcome.carry, fight.order), w))
    return src.merge(out)


def _pair(fight: Fight, i: int, j: int, rnd: int, src: Dice) -> Branches:
    """One pair's part of a round: one simultaneous exchange (F95 4.22), or initiative and an
    attack each in alternating turns (F95 4.23)."""
    rules = src.rules
    if rules["melee.pacing"] != "alternating":
        return _turn(fight, i, j, rnd, src, False)
    a, b = fight.fighters[i], fight.fighters[j]
    if not (a.can_fight(rules) and b.can_fight(rules)):
        return [(fight, src.one)]
    known = dict(fight.order).get((i, j))
    if known is not None:
        firsts = [(known, src.one)]
    else:
        da, _ = declaration(a, fight.stuns[i], fight.carry, True)
        db, _ = declaration(b, fight.stuns[j], fight.carry, True)
        firsts = src.initiative(a, b, da, db)
    out: Branches = []
    for first, w in firsts:
        start = fight
        if known is None and rules["melee.initiative"] == "battle":
            start = replace(fight, order=fight.order + (((i, j), first),))
        branches: Branches = [(start, w)]
        for x, y in (((i, j), (j, i)) if first == "a" else ((j, i), (i, j))):
            branches = _then(branches, lambda f, x=x, y=y: _turn(f, x, y, rnd, src, True), src)
        out.extend(branches)
    return src.merge(out)


def play_round(fight: Fight, sides: Sequence[str], rnd: int, src: Dice) -> Branches:
    """One round of the whole fight: the pairs in order, then every stun one round shorter."""
    rules = src.rules
    branches: Branches = [(fight, src.one)]
    for i, j in pairing(sides, [f.can_fight(rules) for f in fight.fighters]):
        branches = _then(branches, lambda f, i=i, j=j: _pair(f, i, j, rnd, src), src)
    return [(replace(f, stuns=tuple(_round_ends(s) for s in f.stuns)), w) for f, w in branches]


# ---------------------------------------------------------------------------------------------
# Exact: an absorbing Markov chain over a lone fighter on each side
# ---------------------------------------------------------------------------------------------

class NotFeasible(Exception):
    """The exact chain would cost too much, or a state could recur."""


@dataclass(frozen=True)
class _Value:
    """From one state: the chance of each ending (``win``: players, foes, none), the chance the
    fight ends at all (``ends``) and E[rounds · 1{ends}] (``moment``)."""

    win: tuple[Fraction, Fraction, Fraction]
    ends: Fraction
    moment: Fraction


_ONE, _ZERO = Fraction(1), Fraction(0)
_VALUES: OrderedDict[Any, _Value] = OrderedDict()  # solved states, across forecasts
_VALUES_SIZE = 20_000


class Keys:
    """Fighters' JSON (the memo key of their state), computed once per fighter object."""

    def __init__(self) -> None:
        self._json: dict[int, tuple[Fighter, str]] = {}

    def __call__(self, f: Fighter) -> str:
        seen = self._json.get(id(f))
        if seen is None or seen[0] is not f:
            seen = (f, json.dumps(f.to_dict(), sort_keys=True))
            self._json[id(f)] = seen
        return seen[1]


class Weigher(Dice):
    """Every class of dice with its exact chance: :func:`pyfudge.analysis.outcomes.exchange_outcomes` for an
    exchange or attack, and :func:`pyfudge.combat.initiative.resolve_initiative` over every pair of
    totals for initiative. At most ``max_runs`` pipeline runs in all."""

    one = _ONE

    def __init__(self, rules: RuleSet, max_runs: int, keys: Keys) -> None:
        self.rules, self.max_runs, self.keys = rules, max_runs, keys
        self.runs = 0
        self._memo: dict[Any, list] = {}

    def exchange(self, kind: str, a: Fighter, b: Fighter, da: Declaration, db: Declaration,
                 rnd: int) -> list[tuple[ExchangeOutcome, Any]]:
        key = (kind, self.keys(a), self.keys(b), repr(da), repr(db))
        known = self._memo.get(key)
        if known is not None:
            return known
        left = self.max_runs - self.runs
        if left <= 0:
            raise NotFeasible()
        try:
            leaves = exchange_outcomes(a, b, rules=self.rules, a_declares=da, b_declares=db,
                                            kind=kind, round_number=rnd, max_runs=left)
        except FudgeError as err:
            raise NotFeasible() from err
        self.runs += leaves.runs
        self._memo[key] = list(leaves.leaves)
        return self._memo[key]

    def key(self, s: Fight) -> Any:
        """What tells two fights apart: the fighters' records, stuns, carried modifiers, order."""
        return (tuple(self.keys(f) for f in s.fighters), s.stuns, repr(s.carry), s.order)

    def merge(self, branches: Branches) -> Branches:
        if len(branches) < 2:
            return branches
        out: dict[Any, list] = {}
        for fight, w in branches:
            k = self.key(fight)
            if k in out:
                out[k][1] += w
            else:
                out[k] = [fight, w]
        return [(f, w) for f, w in out.values()]

    def initiative(self, a: Fighter, b: Fighter, da: Declaration,
                   db: Declaration) -> list[tuple[str, Any]]:
        key = ("initiative", self.keys(a), self.keys(b), repr(da), repr(db))
        known = self._memo.get(key)
        if known is not None:
            return known
        technique = self.rules["dice.technique"]
        totals = dice.distribution(technique)
        won = {"a": _ZERO, "b": _ZERO}
        for ta, pa in totals.items():
            for tb, pb in totals.items():
                ini = initiative.resolve_initiative(
                    a, b, rules=self.rules, a_declares=da, b_declares=db,
                    a_dice=FighterDice(dice.Roll(technique, (), ta, True)),
                    b_dice=FighterDice(dice.Roll(technique, (), tb, True)))
                if ini.first is not None:
                    won[ini.first] += pa * pb
        decided = won["a"] + won["b"]  # a tie is rolled again: the decided rolls, renormalised
        if not decided:  # pragma: no cover - dice always leave someone ahead
            raise NotFeasible()
        self._memo[key] = [(k, p / decided) for k, p in won.items() if p]
        return self._memo[key]


class Chain:
    """The chain of one 1-vs-1 (player index 0, foe index 1)."""

    SIDES = ("players", "foes")

    def __init__(self, rules: RuleSet, round_number: int, max_runs: int) -> None:
        self.rules = rules
        self.rules_key = json.dumps(rules.to_dict(), sort_keys=True, default=str)
        self.round = round_number
        self.keys = Keys()
        self.weigher = Weigher(rules, max_runs, self.keys)
        self.states = 0
        self.open: set[Any] = set()

    def key(self, s: Fight) -> Any:
        return (self.rules_key,) + self.weigher.key(s)

    def terminal(self, s: Fight) -> _Value | None:
        end = standing(self.SIDES, s.fighters, self.rules)
        if end is None:
            return None
        return _Value(tuple(_ONE if k == end else _ZERO for k in OUTCOMES), _ONE, _ZERO)  # type: ignore[arg-type]

    def step(self, s: Fight) -> dict[Any, tuple[Fight, Fraction]]:
        """The distribution of the state after one round, by key."""
        out: dict[Any, tuple[Fight, Fraction]] = {}
        for t, p in play_round(s, self.SIDES, self.round, self.weigher):
            k = self.key(t)
            out[k] = (out[k][0], out[k][1] + p) if k in out else (t, p)
        return out

    def value(self, s: Fight) -> _Value:
        """Solve the state (depth first, memoised; a state met again on its own path is a cycle
        the closed form cannot take)."""
        k = self.key(s)
        known = _VALUES.get(k)
        if known is not None:
            _VALUES.move_to_end(k)
            return known
        end = self.terminal(s)
        if end is not None:
            return end
        if k in self.open:
            raise NotFeasible()
        self.open.add(k)
        self.states += 1
        nxt = self.step(s)
        stay = nxt.pop(k, (None, _ZERO))[1]
        leave = _ONE - stay
        if leave == 0:  # nothing can ever change: the fight never ends
            v = _Value((_ZERO, _ZERO, _ZERO), _ZERO, _ZERO)
        else:
            win = [_ZERO, _ZERO, _ZERO]
            ends = moment = _ZERO
            for t, p in nxt.values():
                vt = self.value(t)
                q = p / leave
                for i in range(3):
                    win[i] += q * vt.win[i]
                ends += q * vt.ends
                # R = K + R_t, K ~ Geometric(leave): E[K] = 1/leave.
                moment += q * (vt.ends / leave + vt.moment)
            v = _Value((win[0], win[1], win[2]), ends, moment)
        self.open.discard(k)
        _VALUES[k] = v
        if len(_VALUES) > _VALUES_SIZE:
            _VALUES.popitem(last=False)
        return v
