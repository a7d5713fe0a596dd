"""The fight forecast (pyfudge/analysis/forecast.py): hand-computed fights, symmetry, exact against
simulation, determinism, the encounter's state, settings and errors, the JSON door.

The hand computations use the 4dF total counts 1, 4, 10, 16, 19, 16, 10, 4, 1 (out of 81) for
−4 … +4, in plain arithmetic below, never through the code under test.
"""

from __future__ import annotations

import json
import math
import time
from fractions import Fraction

import pytest

from pyfudge import api
from pyfudge.analysis import battle
from pyfudge.analysis import forecast as fc
from pyfudge.analysis.battle import pairing
from pyfudge.analysis.forecast import ForecastSettings, forecast_fighters
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import RequestError, RuleError
from pyfudge.door import encounter_actions as api_encounters
from pyfudge.encounter import log as encounter_module
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rules.damage import Armor, Weapon
from pyfudge.rulesets import find_ruleset

C4 = dict(zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1)))
N2 = 81 * 81
BIG = Weapon("Great axe", size=4, sharp=1)  # with Strength +3: ODF +8 (F95 4.54)
PLATE = Armor("Enchanted plate", 12)
F95_NO_GRAZE = find_ruleset("fudge1995", **{"damage.graze": "off"})


def fighter(name: str, skill: int = 0, **kw) -> Fighter:
    return Fighter(name, (("Sword", skill),), **kw)


def brute(name: str, skill: int = 0, **kw) -> Fighter:
    """A pawn whose every blow (damage ≥ 9) puts a foe out of the fight (F95 4.55 thresholds)."""
    return fighter(name, skill, strength=3, weapon=BIG, role="npc", **kw)


def sim(samples: int, seed: int = 7, **kw) -> ForecastSettings:
    return ForecastSettings(samples=samples, seed=seed, exact=False, **kw)


def sums_to_one(f: fc.Forecast) -> bool:
    return math.isclose(f.players.p + f.foes.p + f.none.p + f.capped, 1.0, abs_tol=1e-9)


# --- hand-computed fights ------------------------------------------------------------------------

def test_one_blow_ends_it_geometric_series_by_hand():
    """F95 4.22 with grazes off: a Good brute (+1) against a Fair brute, any blow that lands ends
    the fight. A lands when 1 + tA > tB and 1 + tA ≥ Poor (tA ≥ −3); B when tB > 1 + tA and
    tB ≥ −2; otherwise nothing changes and the round repeats. So P(A) = a/(a+b), E[rounds] =
    1/(a+b) (a geometric series)."""
    a = sum(C4[ta] * C4[tb] for ta in C4 for tb in C4 if 1 + ta > tb and ta >= -3)
    b = sum(C4[ta] * C4[tb] for ta in C4 for tb in C4 if tb > 1 + ta and tb >= -2)
    # The same sums written out: a counts pairs with tA ≥ tB and tA ≥ −3.
    assert a == sum(C4[ta] * sum(C4[tb] for tb in C4 if tb <= ta) for ta in range(-3, 5))
    f = forecast_fighters([brute("A", 1)], [brute("B")], rules=F95_NO_GRAZE)
    assert f.method == "exact"
    assert f.players.exact == Fraction(a, a + b)
    assert f.foes.exact == Fraction(b, a + b)
    assert f.none.exact == 0 and f.capped == 0
    assert f.rounds_exact == Fraction(N2, a + b)


def test_a_fighter_who_cannot_be_hurt_always_wins():
    """F95 4.55: damage ≤ 0 does nothing, and an F95 graze below 0 does nothing (F95 4.56): B's
    bare hands never get through A's DDF +12, while A's sword wounds B in the end."""
    f = forecast_fighters([fighter("A", armor=PLATE, strength=2, weapon=Weapon("Sword", 2, 1))], [fighter("B", 1)],
                          rules=find_ruleset("fudge1995"))
    assert f.method == "exact"
    assert f.players.exact == 1 and f.foes.exact == 0 and f.none.exact == 0
    assert f.rounds_exact > 1


def test_two_identical_fighters_have_equal_chances_exactly():
    """By symmetry of a simultaneous round (F95 4.22) two fighters alike but for their names have
    the same chance, exactly, whatever the wound track does."""
    kw = dict(strength=2, weapon=Weapon("Axe", 2, 1), role="npc")
    f = forecast_fighters([fighter("A", **kw)], [fighter("B", **kw)], rules=find_ruleset("fudge1995"))
    assert f.method == "exact"
    assert f.players.exact == f.foes.exact
    assert f.players.exact + f.foes.exact + f.none.exact == 1


def test_neither_can_hurt_the_other_never_ends():
    """Both in plate, bare-handed: no blow ever harms (F95 4.55), so the fight never ends; the
    exact method says capped = 1, the simulation reaches its cap every time."""
    a, b = fighter("A", armor=PLATE), fighter("B", armor=PLATE)
    f = forecast_fighters([a], [b], rules=find_ruleset("fudge1995"))
    assert (f.method, f.capped, f.players.p, f.foes.p, f.rounds_mean) == ("exact", 1.0, 0.0, 0.0, None)
    s = forecast_fighters([a], [b], rules=find_ruleset("fudge1995"), settings=sim(5, round_cap=3))
    assert (s.method, s.capped, s.samples, s.rounds_mean) == ("simulation", 1.0, 5, None)


def test_stances_keep_the_symmetry_and_neutral_stances_never_fell_both():
    """With stances (F95 4.32) each offence meets the other's defence; in the Normal stance both
    come from one roll, so only one of them can win and "none" never happens."""
    rules = find_ruleset("fudge1995", **{"melee.stances": True, "damage.graze": "off"})
    f = forecast_fighters([brute("A")], [brute("B")], rules=rules)
    assert f.method == "exact" and f.none.exact == 0
    assert f.players.exact == f.foes.exact == Fraction(1, 2)
    assert f.players.exact + f.foes.exact + f.none.exact == 1


def test_a_fight_already_over_is_certain():
    down = fighter("B").with_track(wounds.record_wound(fighter("B").track_for(find_ruleset()),
                                                      wounds.INCAPACITATED, rules=find_ruleset()).track)
    f = forecast_fighters([fighter("A")], [down], rules=find_ruleset())
    assert f.players.exact == 1 and f.rounds_exact == 0 and f.capped == 0


# --- exact against simulation --------------------------------------------------------------------

def within(f_exact: fc.Forecast, f_sim: fc.Forecast, z: float = 5.0) -> None:
    """Each sampled chance within z standard errors of the exact one: |p̂ − p| > 5σ happens by
    chance less than 6e-7 of the time (normal approximation), per chance."""
    n = f_sim.samples
    for side in fc.OUTCOMES:
        p = float(f_exact.side(side).exact)
        bound = z * math.sqrt(p * (1 - p) / n) + 1e-12
        assert abs(f_sim.side(side).p - p) <= bound, (side, f_sim.side(side).p, p, bound)


def test_simulation_agrees_with_the_exact_chain_one_blow():
    players, foes = [brute("A", 1)], [brute("B")]
    ex = forecast_fighters(players, foes, rules=F95_NO_GRAZE)
    sm = forecast_fighters(players, foes, rules=F95_NO_GRAZE, settings=sim(1500))
    within(ex, sm)
    # Rounds are geometric with mean m: variance m(m − 1); 5 standard errors of the mean.
    m = float(ex.rounds_exact)
    assert abs(sm.rounds_mean - m) <= 5 * math.sqrt(m * (m - 1) / 1500)


def test_simulation_agrees_with_the_exact_chain_with_wound_tracks():
    """A fight over several wound levels (F95 4.57 boxes, grazes F95 4.56)."""
    rules = find_ruleset("fudge1995")
    players = [fighter("A", 1, strength=2, weapon=Weapon("Axe", 2, 1), role="npc")]
    foes = [fighter("B", 0, strength=2, weapon=Weapon("Axe", 2, 1), role="npc")]
    ex = forecast_fighters(players, foes, rules=rules)
    assert ex.method == "exact"
    sm = forecast_fighters(players, foes, rules=rules, settings=sim(800, seed=3))
    within(ex, sm)


def test_simulation_agrees_with_the_exact_chain_under_mudge():
    """Mudge: the odd-coloured die breaks ties and is the damage die (MUD 4.22, 4.61), stances
    (MUD 4.32); grazes off so one blow ends it."""
    rules = find_ruleset("mudge", **{"damage.graze": "off"})
    players, foes = [brute("A", 1)], [brute("B")]
    ex = forecast_fighters(players, foes, rules=rules)
    assert ex.method == "exact"
    sm = forecast_fighters(players, foes, rules=rules, settings=sim(1000, seed=5))
    within(ex, sm)


# --- determinism, budget, shape ------------------------------------------------------------------

def three_a_side():
    ps = [fighter(f"P{i}", i - 1, weapon=Weapon("Sword", 2, 1)) for i in range(3)]
    fs = [fighter(f"F{i}", 0, weapon=Weapon("Axe", 2, 1), role="npc") for i in range(3)]
    return ps, fs


def test_same_seed_same_forecast_and_another_seed_another():
    ps, fs = three_a_side()
    rules = find_ruleset("fudge1995")
    one = forecast_fighters(ps, fs, rules=rules, settings=sim(60, seed=11)).to_dict()
    two = forecast_fighters(ps, fs, rules=rules, settings=sim(60, seed=11)).to_dict()
    other = forecast_fighters(ps, fs, rules=rules, settings=sim(60, seed=12)).to_dict()
    assert one == two and one != other
    assert one["seed"] == 11 and one["samples"] == 60 and one["method"] == "simulation"


def test_default_simulation_stops_at_its_budget_and_shows_its_size():
    ps, fs = three_a_side()
    t = time.perf_counter()
    f = forecast_fighters(ps, fs, rules=find_ruleset("fudge1995"))
    elapsed = time.perf_counter() - t
    assert f.method == "simulation" and f.seed == fc.DEFAULT_SEED
    assert f.samples >= fc.MIN_SAMPLES and f.stop in ("time", "precision")
    d = f.to_dict()
    assert d["halfwidth"] > 0 and (d["halfwidth"] <= fc.TARGET_HALFWIDTH) == (f.stop == "precision")
    assert sums_to_one(f)
    for side in fc.OUTCOMES:
        c = f.side(side)
        assert 0 <= c.low <= c.p <= c.high <= 1 and c.exact is None
    # The time budget, plus at most one fight past it (a few rounds' new exchanges weighed)
    # on a loaded machine.
    assert elapsed < fc.TIME_BUDGET + 5


def test_a_lopsided_fight_is_read_as_lopsided():
    ps = [fighter(f"P{i}", 3, strength=2, weapon=Weapon("Sword", 2, 1)) for i in range(3)]
    fs = [fighter(f"F{i}", -3, role="npc") for i in range(3)]
    f = forecast_fighters(ps, fs, rules=find_ruleset("fudge1995"), settings=sim(40))
    assert f.players.p == 1.0 and f.players.low > 0.9 and f.foes.p == 0.0


def test_to_dict_shape():
    d = forecast_fighters([brute("A", 1)], [brute("B")], rules=F95_NO_GRAZE).to_dict()
    assert set(d) >= {"method", "samples", "seed", "sides", "rounds", "capped", "policy"}
    assert set(d["sides"]) == {"players", "foes", "none"}
    for c in d["sides"].values():
        assert set(c) == {"p", "exact", "low", "high", "halfwidth"} and c["halfwidth"] == 0
        assert Fraction(c["exact"]) == Fraction(c["exact"]) and c["low"] == c["p"] == c["high"]
    assert Fraction(d["rounds"]["exact"]) > 1 and d["samples"] is None and d["seed"] is None
    assert json.loads(json.dumps(d)) == d


def test_wilson_interval_by_hand():
    """k = 0 of n = 10: the Wilson upper bound is z²/(n + z²) = 3.8415/13.8415 ≈ 0.2775."""
    c = fc.Chance.of_count(0, 10)
    assert c.low == 0 and math.isclose(c.high, 1.959963984540054 ** 2 / (10 + 1.959963984540054 ** 2))
    half = fc.Chance.of_count(5, 10)
    assert math.isclose(half.low + half.high, 1.0)


# --- who fights whom -----------------------------------------------------------------------------

def test_pairing_pairs_in_order_and_piles_extras_on_the_least_engaged():
    sides = ["players", "players", "foes", "foes", "foes"]
    assert pairing(sides, [True] * 5) == [(0, 2), (1, 3), (0, 4)]
    # One player against three foes: all three on him.
    assert pairing(["players", "foes", "foes", "foes"], [True] * 4) == [(0, 1), (0, 2), (0, 3)]
    # Three players against one foe, the first player out of the fight.
    assert pairing(["players"] * 3 + ["foes"], [False, True, True, True]) == [(1, 3), (2, 3)]
    # Four foes against two players: extras alternate.
    assert pairing(["players", "players"] + ["foes"] * 4, [True] * 6) == [(0, 2), (1, 3), (0, 4), (1, 5)]


# --- the encounter -------------------------------------------------------------------------------

def encounter(preset: str = "fudge1995", **options) -> Encounter:
    enc = Encounter(ruleset=find_ruleset(preset, **options))
    for f, side in ((brute("A", 1), "players"), (brute("B"), "foes")):
        enc.apply({"t": "add", "fighter": f.to_dict(), "side": side})
    return enc


def test_forecast_of_an_encounter_is_the_forecast_of_its_fighters():
    enc = encounter(**{"damage.graze": "off"})
    f = fc.forecast(enc.state)
    g = forecast_fighters([brute("A", 1)], [brute("B")], rules=F95_NO_GRAZE)
    assert (f.players, f.foes, f.none, f.rounds_exact) == (g.players, g.foes, g.none, g.rounds_exact)


def test_wounds_taken_count():
    """A Hurt fighter (−1, F95 4.51) fares worse than a fresh one."""
    enc = Encounter(ruleset=find_ruleset("fudge1995"))
    kw = dict(strength=2, weapon=Weapon("Axe", 2, 1), role="npc")
    enc.apply({"t": "add", "fighter": fighter("A", **kw).to_dict(), "side": "players"})
    enc.apply({"t": "add", "fighter": fighter("B", **kw).to_dict(), "side": "foes"})
    before = fc.forecast(enc.state)
    enc.apply({"t": "wound", "id": "c1", "level": wounds.HURT})
    after = fc.forecast(enc.state)
    assert before.players.exact == before.foes.exact
    assert after.method == "exact" and after.players.exact < before.players.exact


def test_a_stunned_fighter_fares_worse():
    """F95 4.62: a stun held by the encounter hampers the fighter in the forecast too."""
    enc = encounter(**{"damage.graze": "off"})
    fresh = fc.forecast(enc.state)
    state = enc.state
    from dataclasses import replace
    stunned = replace(state, stunned=(("c1", wounds.VERY_STUNNED, state.round + 1),))
    f = fc.forecast(stunned)
    assert f.method == "exact" and f.players.exact < fresh.players.exact
    # A stun that ran out before this round changes nothing.
    spent = replace(state, round=3, stunned=(("c1", wounds.VERY_STUNNED, 2),))
    assert fc.forecast(spent).players.exact == fresh.players.exact


def test_a_fighter_knocked_out_counts_as_down():
    enc = Encounter(ruleset=F95_NO_GRAZE)
    enc.apply({"t": "add", "fighter": brute("A").to_dict(), "side": "players"})
    enc.apply({"t": "add", "fighter": brute("B").to_dict(), "side": "players"})
    enc.apply({"t": "add", "fighter": brute("C").to_dict(), "side": "foes"})
    enc.apply({"t": "wound", "id": "c1", "level": wounds.INCAPACITATED})
    f = fc.forecast(enc.state)  # one able a side: the exact method applies
    assert f.method == "exact" and f.players.exact == f.foes.exact


# --- settings and errors -------------------------------------------------------------------------

def test_settings_round_trip_and_validation():
    s = ForecastSettings(samples=50, seed=-3, round_cap=10, exact=False)
    assert ForecastSettings.from_dict(s.to_dict()) == s
    assert ForecastSettings.from_dict(None) == ForecastSettings()
    for bad, where in (({"samples": 0}, "forecast.samples"), ({"samples": True}, "forecast.samples"),
                       ({"round_cap": 0}, "forecast.round_cap"), ({"seed": "x"}, "forecast.seed"),
                       ({"exact": 1}, "forecast.exact"), ({"sample": 3}, "forecast.sample"),
                       ([], "forecast")):
        with pytest.raises(RequestError) as err:
            ForecastSettings.from_dict(bad)
        assert err.value.field == where
    with pytest.raises(RequestError):
        ForecastSettings(samples=fc.MAX_SAMPLES + 1)


def test_story_pacing_is_refused():
    with pytest.raises(RuleError) as err:
        forecast_fighters([fighter("A")], [fighter("B")],
                          rules=find_ruleset("fudge1995", **{"melee.pacing": "story"}))
    assert err.value.field == "ruleset.melee.pacing"
    assert err.value.message == ("Story-element combat (F95 4.21) is one roll, not rounds: there is no fight "
                                 "to forecast.")


def test_alternating_turns_by_hand_against_simulation():
    """F95 4.23, grazes off, brutes (one blow ends it): the Good brute A hits B's Fair defence
    with h_A = P(1 + tA > tB, 1 + tA ≥ Poor), B hits A with h_B = P(tB > 1 + tA, tB ≥ Poor).
    Initiative is a Fair situational roll each (ties rolled again): each attacks first half the
    time. Per round A wins with ½·h_A + ½·(1 − h_B)·h_A, B with ½·h_B + ½·(1 − h_A)·h_B; so
    P(A) = pA / (pA + pB). The simulation must land within 5 standard errors."""
    h_a = Fraction(sum(C4[ta] * C4[tb] for ta in C4 for tb in C4 if 1 + ta > tb and ta >= -3), N2)
    h_b = Fraction(sum(C4[ta] * C4[tb] for ta in C4 for tb in C4 if tb > 1 + ta and tb >= -2), N2)
    p_a = h_a / 2 + (1 - h_b) * h_a / 2
    p_b = h_b / 2 + (1 - h_a) * h_b / 2
    want = float(p_a / (p_a + p_b))
    for initiative in ("round", "battle"):
        rules = find_ruleset("fudge1995", **{"damage.graze": "off", "melee.pacing": "alternating",
                                             "melee.initiative": initiative})
        f = forecast_fighters([brute("A", 1)], [brute("B")], rules=rules, settings=sim(1500, seed=9))
        ex = forecast_fighters([brute("A", 1)], [brute("B")], rules=rules)
        assert f.method == "simulation" and f.capped == 0 and ex.method == "exact"
        if initiative == "round":
            assert ex.players.exact == p_a / (p_a + p_b) and ex.rounds_exact == 1 / (p_a + p_b)
            assert abs(f.players.p - want) <= 5 * math.sqrt(want * (1 - want) / 1500)
            m = float(1 / (p_a + p_b))  # rounds are geometric
            assert abs(f.rounds_mean - m) <= 5 * math.sqrt(m * (m - 1) / 1500)
        else:  # the first attacker keeps his turn: P(A) = ½·P(A | A first) + ½·P(A | B first)
            first = h_a / (h_a + (1 - h_a) * h_b)
            second = (1 - h_b) * h_a / (h_b + (1 - h_b) * h_a)
            assert ex.players.exact == (first + second) / 2
            w = float((first + second) / 2)
            assert abs(f.players.p - w) <= 5 * math.sqrt(w * (1 - w) / 1500)


def test_a_side_with_no_one_is_refused():
    with pytest.raises(RuleError) as err:
        forecast_fighters([fighter("A")], [], rules=find_ruleset())
    assert err.value.field == "foes"
    assert err.value.message == "The forecast needs at least one combatant among the foes."
    with pytest.raises(RuleError) as err:
        forecast_fighters([], [fighter("B")], rules=find_ruleset())
    assert (err.value.field, err.value.message) == ("players", "The forecast needs at least one combatant among "
                                                    "the players.")
    with pytest.raises(RequestError) as named:
        forecast_fighters([fighter("A")], [fighter("B"), fighter("A")], rules=find_ruleset())
    assert (named.value.field, named.value.message) == ("name", "Two combatants are called 'A'; names must differ.")
    with pytest.raises(RequestError):
        forecast_fighters(["A"], [fighter("B")], rules=find_ruleset())


def test_exact_over_budget_falls_back_to_simulation():
    kw = dict(strength=1, weapon=Weapon("Sword", 2, 1))
    battle._VALUES.clear()
    f = forecast_fighters([fighter("A", **kw)], [fighter("B", **kw)], rules=find_ruleset("fudge1995"),
                          settings=ForecastSettings(samples=30), max_runs=100)
    assert f.method == "simulation" and f.samples == 30


def test_round_numbers_that_matter_are_simulated():
    """F95 4.36 "plus" levels give +1 on even rounds: the round matters, so no exact chain."""
    plus = Fighter("A", (("Sword", 0),), plus_skills=("Sword",), strength=3, weapon=BIG, role="npc")
    f = forecast_fighters([plus], [brute("B")], rules=F95_NO_GRAZE, settings=ForecastSettings(samples=40))
    assert f.method == "simulation"


# --- the JSON door -------------------------------------------------------------------------------

def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def test_forecast_at_the_door_by_id_and_by_encounter():
    stored = call("encounter.new", id="fc1", ruleset=F95_NO_GRAZE.to_dict())["result"]["encounter"]
    for rev, f in enumerate((brute("A", 1), brute("B"))):
        event = {"t": "add", "fighter": f.to_dict(), "side": ("players", "foes")[rev]}
        stored["log"].append(call("encounter.apply", id="fc1", rev=rev, event=event)["result"]["event"])
    by_id = call("forecast", id="fc1")
    assert by_id["ok"] and by_id["result"]["method"] == "exact"
    api_encounters.OPEN.clear()
    assert not call("forecast", id="fc1")["ok"]
    by_data = call("forecast", id="fc1", encounter=stored)
    for key in ("sides", "rounds", "capped", "method"):  # runs and steps count this call's work
        assert by_data["result"][key] == by_id["result"][key]
    simulated = call("forecast", encounter=stored, samples=20, seed=5, exact=False)["result"]
    assert simulated["method"] == "simulation" and simulated["samples"] == 20 and simulated["seed"] == 5
    bad = call("forecast", encounter=stored, samples=-1)
    assert not bad["ok"] and bad["error"]["field"] == "args.samples"


# --- stuns and carried modifiers -----------------------------------------------------------------

def test_a_longer_stun_hurts_more():
    """F95 4.62: Very Stunned — no attack, −2 — for as many rounds as the encounter holds it:
    two rounds are worse than one, one worse than none."""
    from dataclasses import replace
    state = encounter(**{"damage.graze": "off"}).state
    chances = [fc.forecast(replace(state, stunned=stun)).players.exact
               for stun in ((), (("c1", wounds.VERY_STUNNED, state.round),),
                            (("c1", wounds.VERY_STUNNED, state.round + 1),))]
    assert chances[0] > chances[1] > chances[2] > 0


def test_a_carried_modifier_counts_once():
    """F95 4.31: a modifier carried to a fighter's next exchange (here −1 after his foe scouted
    the ground) counts in his first exchange only: it hurts him, but less than for good."""
    from dataclasses import replace

    from pyfudge.combat.outcomes import Carry
    from pyfudge.rules.actions import Modifier
    state = encounter(**{"damage.graze": "off"}).state
    fresh = fc.forecast(state).players.exact
    once = fc.forecast(replace(state, carry=(Carry("B", Modifier("foe scouted", -1, "F95 4.31")),))).players.exact
    always = forecast_fighters([brute("A", 1)], [brute("B", -1)], rules=F95_NO_GRAZE).players.exact
    assert fresh < once < always


def test_alternating_exact_agrees_with_simulation_with_wound_tracks():
    rules = find_ruleset("fudge1995", **{"melee.pacing": "alternating"})
    kw = dict(strength=2, weapon=Weapon("Axe", 2, 1), role="npc")
    players, foes = [fighter("A", 1, **kw)], [fighter("B", 0, **kw)]
    ex = forecast_fighters(players, foes, rules=rules)
    assert ex.method == "exact"
    within(ex, forecast_fighters(players, foes, rules=rules, settings=sim(600, seed=4)))


def test_rules_that_need_a_gm_roll_are_refused_with_the_reason():
    """F95 4.52: a Willpower roll against each wound is entered at the table; the forecast
    cannot make it up, and says so."""
    rules = find_ruleset("fudge1995", **{"wounds.willpower": "temporary"})
    with pytest.raises(RuleError) as err:
        forecast_fighters([brute("A")], [brute("B")], rules=rules, settings=ForecastSettings(samples=5))
    assert "cannot play a fight" in err.value.message and "Willpower" in err.value.message


def test_combat_options_rolls_are_rolled_in_the_simulation():
    """CO 2.2 shield checks and CO 4.3 damage checks need rolls of their own: the simulation
    rolls them with the edge functions."""
    rules = find_ruleset("fudge1995", **{"co.shield": True, "co.damage_check": True})
    a = Fighter("A", (("Sword", 1), ("Shield", 0)), shield="medium", strength=2, weapon=Weapon("Sword", 2, 1))
    b = Fighter("B", (("Axe", 0),), strength=2, weapon=Weapon("Axe", 2, 1), role="npc")
    f = forecast_fighters([a], [b], rules=rules, settings=sim(60))
    assert f.method == "simulation" and sums_to_one(f) and f.players.p > f.foes.p


def test_combat_options_exact_agrees_with_simulation():
    """CO 4.3 damage checks and CO 2.2 shield checks: the exact chain weighs their rolls (through
    the odds), the simulation rolls them; the two agree."""
    for opts in ({"co.damage_check": True}, {"co.shield": True}):
        rules = find_ruleset("fudge1995", **{"damage.graze": "off", **opts})
        a = Fighter("A", (("Sword", 1), ("Shield", 0)), shield="medium", strength=3, weapon=BIG, role="npc")
        players, foes = [a], [brute("B")]
        ex = forecast_fighters(players, foes, rules=rules)
        assert ex.method == "exact", opts
        within(ex, forecast_fighters(players, foes, rules=rules, settings=sim(1000, seed=8)))


# --- a bounded cost for every request ------------------------------------------------------------

@pytest.mark.parametrize("samples", [1000, None])
def test_a_forecast_of_forty_fighters_has_a_bounded_cost(samples):
    """Forty fighters for up to 200 rounds, asked for 1,000 fights (or the default): the
    simulation stops at the door's budget of pipeline runs and says how many fights it played."""
    tough = dict(damage_capacity=3)
    players = [fighter(f"P{i}", **tough) for i in range(20)]
    foes = [fighter(f"F{i}", **tough) for i in range(20)]
    started = time.perf_counter()
    f = forecast_fighters(players, foes, rules=find_ruleset("fudge1995"),
                          settings=ForecastSettings(samples=samples, round_cap=200, exact=False))
    elapsed = time.perf_counter() - started
    # At most one round (20 pairs, each draw a few new classes of dice) past the budget.
    assert f.runs <= fc.MAX_RUNS + 20 * 6, f.runs
    assert f.samples is not None and f.samples < (samples or fc.MIN_SAMPLES)
    assert f.stopped and any("budget" in s.text for s in f.steps)
    assert f.to_dict()["stopped"] is True
    assert elapsed < 60


def test_a_fight_too_long_for_the_budget_is_refused_with_a_clear_error(monkeypatch):
    monkeypatch.setattr(fc, "MAX_RUNS", 50)
    players = [fighter(f"P{i}", damage_capacity=3) for i in range(10)]
    foes = [fighter(f"F{i}", damage_capacity=3) for i in range(10)]
    with pytest.raises(RuleError) as err:
        forecast_fighters(players, foes, rules=find_ruleset("fudge1995"),
                          settings=ForecastSettings(samples=10, round_cap=200, exact=False))
    assert err.value.field == "round_cap" and "round cap" in err.value.message


# --- late rounds and what the budget says --------------------------------------------------------

def test_a_fight_late_in_the_longest_encounter_is_forecast():
    """An encounter's round can pass 10,000 (a next_round event each); its forecast plays its
    rounds on from there, up to the highest round cap."""
    from dataclasses import replace
    enc = Encounter(ruleset=F95_NO_GRAZE)
    enc.apply({"t": "add", "fighter": brute("A", 1).to_dict(), "side": "players"})
    enc.apply({"t": "add", "fighter": brute("B").to_dict(), "side": "foes"})
    for late in (9_999, encounter_module.MAX_EVENTS + 1):
        enc.states[-1] = replace(enc.state, round=late)
        api_encounters.hold("late", enc)
        out = call("encounter.forecast", id="late", rev=len(enc.log))
        assert out["ok"], out
        capped = call("forecast", id="late", samples=5, round_cap=fc.MAX_ROUND_CAP, exact=False)
        assert capped["ok"], capped


def test_the_default_forecast_stopped_by_its_budget_does_not_speak_of_fights_asked(monkeypatch):
    monkeypatch.setattr(fc, "MAX_RUNS", 400)
    players = [fighter(f"P{i}", damage_capacity=3) for i in range(6)]
    foes = [fighter(f"F{i}", damage_capacity=3) for i in range(6)]
    f = forecast_fighters(players, foes, rules=find_ruleset("fudge1995"),
                          settings=ForecastSettings(round_cap=200, exact=False))
    assert f.stopped
    said = f.steps[-1].text
    assert said.startswith(f"Stopped after {f.samples} fight") and "asked" not in said, said
    asked = forecast_fighters(players, foes, rules=find_ruleset("fudge1995"),
                              settings=ForecastSettings(samples=500, round_cap=200, exact=False))
    assert "of the 500 asked" in asked.steps[-1].text
