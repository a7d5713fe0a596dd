"""Property tests of the fight forecast: any valid fight gives a forecast whose chances add up,
the same seed replays the same forecast, settings round-trip through JSON."""

from __future__ import annotations

import json
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.analysis import forecast as fc
from pyfudge.analysis.forecast import ForecastSettings, forecast_fighters
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rules.damage import Armor, Weapon
from pyfudge.rulesets import find_ruleset

PRESETS = st.sampled_from(("fudge1995", "mudge", "fudge1993"))


@st.composite
def fighters(draw, prefix: str, low: int = 1, high: int = 3):
    n = draw(st.integers(low, high))
    out = []
    for i in range(n):
        out.append(Fighter(
            f"{prefix}{i}", (("Sword", draw(st.integers(-2, 3))),),
            role=draw(st.sampled_from(("pc", "npc", "major_npc"))),
            strength=draw(st.integers(0, 3)),
            weapon=Weapon("W", draw(st.integers(0, 3)), draw(st.integers(0, 1))),
            armor=Armor("A", draw(st.integers(0, 3))),
        ))
    return out


def check(f: fc.Forecast) -> None:
    assert math.isclose(f.players.p + f.foes.p + f.none.p + f.capped, 1.0, abs_tol=1e-9)
    for side in fc.OUTCOMES:
        c = f.side(side)
        assert 0 <= c.low <= c.p <= c.high <= 1
    if f.method == "exact":
        assert f.players.exact + f.foes.exact + f.none.exact <= 1
        assert f.samples is None and f.seed is None
    else:
        assert f.samples >= 1 and f.seed is not None
    d = f.to_dict()
    assert json.loads(json.dumps(d)) == d


@at_least(0.5)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PRESETS, fighters("P", 1, 2), fighters("F", 1, 2), st.integers(0, 2 ** 32), st.integers(1, 6))
def test_any_fight_simulates_to_chances_that_add_up_and_replay(preset, players, foes, seed, samples):
    rules = find_ruleset(preset)
    how = ForecastSettings(samples=samples, seed=seed, round_cap=10, exact=False)
    try:
        f = forecast_fighters(players, foes, rules=rules, settings=how)
    except FudgeError:
        refused()
        return  # refused with a reason a player can read
    checked()
    check(f)
    assert f.samples == samples and f.seed == seed
    again = forecast_fighters(players, foes, rules=rules, settings=how)
    assert again.to_dict() == f.to_dict()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PRESETS, fighters("P", 1, 1), fighters("F", 1, 1))
def test_any_duel_is_exact_within_its_budget_or_simulated(preset, players, foes):
    rules = find_ruleset(preset)
    f = forecast_fighters(players, foes, rules=rules, settings=ForecastSettings(samples=8, round_cap=10),
                          max_runs=400)
    check(f)
    if f.method == "exact":
        assert f.runs <= 400


@given(st.one_of(st.none(), st.integers(1, fc.MAX_SAMPLES)), st.one_of(st.none(), st.integers(-10 ** 9, 10 ** 9)),
       st.integers(1, fc.MAX_ROUND_CAP), st.booleans())
def test_settings_round_trip(samples, seed, cap, exact):
    s = ForecastSettings(samples=samples, seed=seed, round_cap=cap, exact=exact)
    assert ForecastSettings.from_dict(json.loads(json.dumps(s.to_dict()))) == s
