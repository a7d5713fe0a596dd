"""The forecast's simulation draws each exchange from its exact distribution
(:class:`pyfudge.analysis.outcomes.OutcomeDraw`, kept per :class:`pyfudge.analysis.forecast._Matchup`): the draws are
distributed exactly as the pipeline played die by die, fights so sampled agree with fights
played die by die, the same seed gives the same forecast, and the precision target, the time
budget and the door's budget stop sampling and say so.

Exactness is shown without chance: a stand-in random source enumerates every path a draw can
take (each ``randrange(n)`` value, each path weighing the product of its 1/n), so the draw's
distribution is computed whole and compared, as Fractions, with
:func:`pyfudge.analysis.outcomes.exchange_outcomes`. Fights are compared with a die-by-die player (below,
the forecast's former sampler: the dice module's edge functions and the pipeline, one roll at a
time) within five standard errors of the difference, from fixed seeds.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from pyfudge.analysis import battle, dice_classes, outcomes
from pyfudge.analysis import forecast as fc
from pyfudge.analysis.forecast import ForecastSettings, forecast_fighters
from pyfudge.combat import attack, declaration
from pyfudge.combat.declaration import Declaration, FighterDice
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.initiative import resolve_initiative
from pyfudge.combat.outcomes import Carry
from pyfudge.core import dice
from pyfudge.core.errors import FudgeError
from pyfudge.rules import wounds
from pyfudge.rules.actions import Modifier
from pyfudge.rules.damage import Weapon
from pyfudge.rulesets import find_ruleset

BIG = Weapon("Great axe", size=4, sharp=1)


def fighter(name: str, skill: int = 0, **kw) -> Fighter:
    return Fighter(name, (("Sword", skill),), **kw)


def axeman(name: str, skill: int = 0, **kw) -> Fighter:
    return fighter(name, skill, strength=2, weapon=Weapon("Axe", 2, 1), role="npc", **kw)


# --- a draw is distributed exactly as the exchange's odds ----------------------------------------

class _Branch(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


class _Script:
    """A random source that answers ``randrange`` from a script and stops where it runs out."""

    def __init__(self, script: list[int]) -> None:
        self.script, self.at = script, 0

    def randrange(self, n: int) -> int:
        if self.at == len(self.script):
            raise _Branch(n)
        v = self.script[self.at]
        self.at += 1
        return v


def what_counts(outcome: outcomes.ExchangeOutcome) -> tuple:
    """What the forecast reads of an outcome: the fighters after it and what it carries."""
    return outcome.fighters, outcome.carry


def drawn_distribution(draws: outcomes.OutcomeDraw) -> dict[tuple, Fraction]:
    out: dict[tuple, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        script, p = stack.pop()
        try:
            k = what_counts(draws.draw(_Script(script)))
        except _Branch as b:
            stack.extend((script + [v], p / b.n) for v in range(b.n))
            continue
        out[k] = out.get(k, Fraction(0)) + p
    return out


def exact_distribution(leaves: outcomes.OutcomeLeaves) -> dict[tuple, Fraction]:
    out: dict[tuple, Fraction] = {}
    for outcome, p in leaves.leaves:
        k = what_counts(outcome)
        out[k] = out.get(k, Fraction(0)) + p
    return out


STUNNED = Declaration(stunned=wounds.STUNNED)
CARRIED = Declaration(modifiers=(Modifier("foe scouted", -1, "F95 4.31"),))


@pytest.mark.parametrize("preset, options, kind, da, db, hurt", [
    ("fudge1995", {}, "round", None, None, False),
    ("fudge1995", {}, "round", STUNNED, CARRIED, True),
    ("fudge1995", {"melee.pacing": "alternating"}, "attack", None, STUNNED, True),
    ("fudge1995", {"damage.die": "number_1df"}, "round", None, None, False),
])
def test_a_draw_is_distributed_exactly_as_the_odds(preset, options, kind, da, db, hurt):
    """Every path of a draw, weighed: the same chance of every (fighters after, carry) as
    :func:`outcomes.exchange_outcomes` — alternating attacks, a damage die (F95 4.61), a stun and a
    carried modifier, a wound already taken."""
    rules = find_ruleset(preset, **options)
    a, b = axeman("A", 1), axeman("B")
    if hurt:  # F95 4.51: −1 to his rolls, and his track fills differently
        b = b.with_track(wounds.record_wound(b.track_for(rules), wounds.HURT, rules=rules).track)
    draws = outcomes.OutcomeDraw(a, b, rules=rules, a_declares=da, b_declares=db, kind=kind)
    want = exact_distribution(outcomes.exchange_outcomes(a, b, rules=rules, a_declares=da, b_declares=db, kind=kind))
    assert drawn_distribution(draws) == want
    assert sum(want.values()) == 1 and len(want) > 1


@pytest.mark.parametrize("preset, options", [
    ("mudge", {}),
    ("fudge1995", {"damage.system": "minmidmax", "damage.die": "number_1df"}),
    ("fudge1995", {"co.damage_check": True}),
])
def test_draws_match_the_odds_where_every_path_is_too_many_to_weigh(preset, options):
    """Mudge (stances, the odd-coloured die, MUD 4.22/4.32/4.61), Min-Mid-Max with a graze's
    1dF (F95 4.63), CO 4.3 damage checks: 4,000 draws land on each outcome within five standard
    errors of its exact chance."""
    rules = find_ruleset(preset, **options)
    a = axeman("A", 1)
    b = axeman("B")
    b = b.with_track(wounds.record_wound(b.track_for(rules), wounds.HURT, rules=rules).track)
    want = exact_distribution(outcomes.exchange_outcomes(a, b, rules=rules))
    draws = outcomes.OutcomeDraw(a, b, rules=rules)
    rng = random.Random(61)
    n = 4000
    got: dict[tuple, int] = {}
    for _ in range(n):
        k = what_counts(draws.draw(rng))
        got[k] = got.get(k, 0) + 1
    assert set(got) <= set(want) and len(want) > 1
    for k, p in want.items():
        q = float(p)
        assert abs(got.get(k, 0) / n - q) <= 5 * math.sqrt(q * (1 - q) / n) + 1e-12, (q, got.get(k, 0) / n)


def test_a_fixed_distribution_is_drawn_exactly():
    chances = fc._Chances([("a", Fraction(1, 3)), ("b", Fraction(1, 6)), ("c", Fraction(1, 2))])
    got: dict[str, int] = {}
    for v in range(6):
        k = chances.draw(_Script([v]))
        got[k] = got.get(k, 0) + 1
    assert got == {"a": 2, "b": 1, "c": 3}


# --- fights drawn agree with fights played die by die --------------------------------------------

def _roll_damage(rng: random.Random, kind: str | None) -> tuple[int, ...] | None:
    if kind is None:
        return None
    if kind == "3d6":
        return dice.roll_d6(rng, 3).faces
    return dice.roll_fudge(rng, 1 if kind == "1dF" else 4).faces


class DieByDie(battle.Dice):
    """One roll of every die with the dice module's edge functions, through the pipeline: the
    combat roll, the damage dice of each kind the rules may read (a graze under Min-Mid-Max reads
    other dice, F95 4.63: the kind that fits is used), CO shield and damage-check rolls."""

    one = 1

    def __init__(self, rules, rng: random.Random) -> None:
        self.rules, self.rng = rules, rng
        self.kinds = dice_classes.damage_kinds(rules)
        self.shield = bool(rules["co.shield"])
        self.check = wounds.damage_checks_in_use(rules)

    def _roll(self) -> tuple[FighterDice, ...]:
        roll = dice.roll_action(self.rng, rules=self.rules)
        shield = dice.roll_action(self.rng, rules=self.rules) if self.shield else None
        check = dice.roll_fudge(self.rng, 4).faces if self.check else None
        return tuple(FighterDice(roll, _roll_damage(self.rng, k), check, shield) for k in self.kinds)

    def exchange(self, kind, a, b, da, db, rnd):
        rolls_a, rolls_b = self._roll(), self._roll()
        error = None
        for xa, xb in itertools.product(rolls_a, rolls_b):
            try:
                return [(attack.ExchangeRequest(a, b, da, db, xa, xb, rnd, kind).resolve(self.rules), 1)]
            except FudgeError as err:
                if not (len(rolls_a) > 1 and (err.field or "").startswith("damage_die")):
                    raise
                error = err
        raise error

    def initiative(self, a, b, da, db):
        while True:
            ini = resolve_initiative(
                a, b, rules=self.rules, a_declares=da, b_declares=db,
                a_dice=FighterDice(dice.roll_action(self.rng, rules=self.rules)),
                b_dice=FighterDice(dice.roll_action(self.rng, rules=self.rules)))
            if ini.first is not None:
                return [(ini.first, 1)]


def die_by_die(start: battle.Start, n: int, seed: int, cap: int = 40) -> dict[str, int]:
    src = DieByDie(start.rules, random.Random(seed))
    tally = {k: 0 for k in fc.OUTCOMES + ("capped",)}
    for _ in range(n):
        fight = battle.Fight(start.fighters, start.stuns, start.carry)
        for played in range(cap + 1):
            end = battle.standing(start.sides, fight.fighters, start.rules)
            if end is not None or played == cap:
                break
            [(fight, _)] = battle.play_round(fight, start.sides, start.round + played, src)
        tally[end or "capped"] += 1
    return tally


def agree(start: battle.Start, n: int, seed: int) -> fc.Forecast:
    """The drawn forecast and die-by-die play agree on every side within five standard errors
    of their difference (pooled)."""
    drawn = fc._simulate(start, ForecastSettings(samples=n, seed=seed, exact=False), deadline=math.inf)
    assert drawn.samples == n and drawn.stop == "samples"
    played = die_by_die(start, n, seed + 1000)
    for side in fc.OUTCOMES:
        p1, p2 = drawn.side(side).p, played[side] / n
        pooled = (p1 + p2) / 2
        bound = 5 * math.sqrt(pooled * (1 - pooled) * 2 / n) + 1e-12
        assert abs(p1 - p2) <= bound, (side, p1, p2, bound)
    return drawn


def start_of(players, foes, rules, stuns=None, carry=(), round_number=1) -> battle.Start:
    fighters = list(players) + list(foes)
    sides = ["players"] * len(players) + ["foes"] * len(foes)
    return battle.start_fight(rules, fighters, sides, stuns or [()] * len(fighters), carry, round_number)


def test_two_against_two_drawn_agrees_with_die_by_die():
    rules = find_ruleset("fudge1995")
    agree(start_of([axeman("A", 1), axeman("B")], [axeman("C"), axeman("D", -1)], rules), 500, seed=21)


def test_alternating_turns_with_a_stun_and_a_carried_modifier_agree_with_die_by_die():
    """F95 4.23 initiative (once per battle: the order is kept), F95 4.62 a Very Stunned
    fighter who cannot attack for two rounds, F95 4.31 a carried −1: the start's state counts."""
    for initiative in ("round", "battle"):
        rules = find_ruleset("fudge1995", **{"melee.pacing": "alternating", "melee.initiative": initiative})
        players, foes = [axeman("A", 1), axeman("B")], [axeman("C")]
        stuns = [(), ((wounds.VERY_STUNNED, 2),), ()]
        carry = (Carry("C", Modifier("foe scouted", -1, "F95 4.31")),)
        drawn = agree(start_of(players, foes, rules, stuns, carry), 500, seed=31)
        fresh = fc._simulate(start_of(players, foes, rules), ForecastSettings(samples=500, seed=31, exact=False),
                             deadline=math.inf)
        assert drawn.players.p != fresh.players.p  # the stun and the carry are in the draws' keys


def test_plus_levels_on_even_rounds_agree_with_die_by_die():
    """F95 4.36: a "plus" level gives +1 on even rounds, so the round is in the draws' key."""
    rules = find_ruleset("fudge1995", **{"damage.graze": "off"})
    plus = Fighter("A", (("Sword", 0),), plus_skills=("Sword",), strength=3, weapon=BIG, role="npc")
    foes = [fighter("B", 0, strength=3, weapon=BIG, role="npc"), fighter("C", -1, strength=3, weapon=BIG, role="npc")]
    agree(start_of([plus], foes, rules), 800, seed=41)


def test_mudge_stances_agree_with_die_by_die():
    agree(start_of([axeman("A", 1), axeman("B")], [axeman("C")], find_ruleset("mudge")), 400, seed=51)


# --- determinism, the interval, what stops sampling ----------------------------------------------

def three_a_side():
    ps = [fighter(f"P{i}", i - 1, weapon=Weapon("Sword", 2, 1)) for i in range(3)]
    fs = [fighter(f"F{i}", 0, weapon=Weapon("Axe", 2, 1), role="npc") for i in range(3)]
    return ps, fs


class FakeClock:
    """The forecast's start at 0, then ``later`` seconds at every reading after it."""

    def __init__(self, later: float) -> None:
        self.readings = 0
        self.later = later

    def __call__(self) -> float:
        self.readings += 1
        return 0.0 if self.readings == 1 else self.later


def test_the_time_budget_stops_sampling_and_the_fights_played_replay(monkeypatch):
    ps, fs = three_a_side()
    rules = find_ruleset("fudge1995")
    # Fights asked for are all played (the door's budget bounds them), whatever the clock says.
    monkeypatch.setattr(fc, "_clock", FakeClock(fc.TIME_BUDGET))
    asked = forecast_fighters(ps, fs, rules=rules, settings=ForecastSettings(samples=fc.MIN_SAMPLES + 5))
    assert asked.stop == "samples" and asked.samples == fc.MIN_SAMPLES + 5
    monkeypatch.setattr(fc, "_clock", FakeClock(fc.TIME_BUDGET))
    f = forecast_fighters(ps, fs, rules=rules)
    # The clock is first read after the MIN_SAMPLES-th fight: the budget is spent by then.
    assert f.stop == "time" and not f.stopped and f.samples == fc.MIN_SAMPLES
    assert any("time budget" in s.text for s in f.steps)
    d = f.to_dict()
    assert d["stop"] == "time" and d["samples"] == fc.MIN_SAMPLES and d["halfwidth"] > fc.TARGET_HALFWIDTH
    # The same seed, the same fights: asking for that many gives the same chances.
    again = forecast_fighters(ps, fs, rules=rules, settings=ForecastSettings(samples=f.samples))
    assert (again.players, again.foes, again.none, again.rounds_mean) == (f.players, f.foes, f.none, f.rounds_mean)
    assert again.stop == "samples"


def test_a_default_forecast_stops_at_its_precision_with_the_wilson_interval(monkeypatch):
    """Without a clock running out, sampling goes on until every chance is known to ±2%; the
    half-width reported is how far the widest Wilson interval reaches from its chance."""
    monkeypatch.setattr(fc, "_clock", lambda: 0.0)
    ps = [fighter(f"P{i}", 2, strength=2, weapon=Weapon("Sword", 2, 1)) for i in range(2)]
    fs = [fighter(f"F{i}", -2, role="npc") for i in range(2)]
    f = forecast_fighters(ps, fs, rules=find_ruleset("fudge1995"))
    d = f.to_dict()
    assert f.stop == "precision" and d["halfwidth"] <= fc.TARGET_HALFWIDTH
    n = f.samples
    k = round(f.players.p * n)
    wilson = fc.Chance.of_count(k, n)
    assert (f.players.low, f.players.high) == (wilson.low, wilson.high)
    widest = max(max(c.p - c.low, c.high - c.p) for c in (f.players, f.foes, f.none))
    assert d["halfwidth"] == round(widest, 6)
    # One fight fewer would not have reached it.
    fewer = forecast_fighters(ps, fs, rules=find_ruleset("fudge1995"), settings=ForecastSettings(samples=n - 1))
    assert fewer.to_dict()["halfwidth"] > fc.TARGET_HALFWIDTH


def test_same_seed_same_forecast_other_seed_other():
    ps, fs = three_a_side()
    rules = find_ruleset("fudge1995")
    runs = [forecast_fighters(ps, fs, rules=rules, settings=ForecastSettings(samples=80, seed=s)).to_dict()
            for s in (3, 3, 4)]
    assert runs[0] == runs[1] and runs[0]["sides"] != runs[2]["sides"]


def test_an_exact_forecast_has_no_halfwidth():
    rules = find_ruleset("fudge1995", **{"damage.graze": "off"})
    d = forecast_fighters([fighter("A", 1, strength=3, weapon=BIG, role="npc")],
                          [fighter("B", 0, strength=3, weapon=BIG, role="npc")], rules=rules).to_dict()
    assert d["method"] == "exact" and d["halfwidth"] == 0 and d["stop"] is None


def test_the_draws_are_kept_by_matchup_not_by_object():
    """Equal fighters and declarations made afresh find the draws already weighed."""
    rules = find_ruleset("fudge1995")
    drawer = fc._Drawer(rules, random.Random(1))
    a, b = axeman("A", 1).with_track(axeman("A").track_for(rules)), axeman("B")
    b = b.with_track(b.track_for(rules))
    drawer.exchange("round", a, b, declaration.NO_DECLARATION, declaration.NO_DECLARATION, 1)
    before = drawer.runs
    twin_a, twin_b = replace(a), replace(b)
    for rnd in range(2, 40):  # the round cannot matter here
        drawer.exchange("round", twin_a, twin_b, Declaration(), Declaration(), rnd)
    assert len(drawer._by_matchup) == 1 and drawer.runs - before <= 81 * 81
    drawer.exchange("round", twin_a, twin_b, STUNNED, Declaration(), 1)
    assert len(drawer._by_matchup) == 2


def test_the_doors_budget_of_draws_stops_sampling(monkeypatch):
    """Draws cost little once weighed, but not nothing: MAX_DRAWS bounds them whatever is asked."""
    monkeypatch.setattr(fc, "MAX_DRAWS", 300)
    ps, fs = three_a_side()
    f = forecast_fighters(ps, fs, rules=find_ruleset("fudge1995"), settings=ForecastSettings(samples=1000))
    assert f.stopped and f.stop == "budget" and 0 < f.samples < 1000
    drawn = f.steps[1].data["drawn"]
    assert 300 <= drawn <= 300 + 6  # at most one round (three pairs) past it
    assert "300" in f.steps[-1].text
