"""What a forecast answers, field by field, and what it refuses, by the field's name: a fight
already over (F95 4.51), an exact chain and a simulation each say how they were reached (the
round cap asked, the runs spent, whom and what they played), and ``forecast_fighters`` refuses
what is not a fighter or a round by its place."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from pyfudge.analysis import battle
from pyfudge.analysis import forecast as fc
from pyfudge.analysis.forecast import ForecastSettings, forecast_fighters
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.outcomes import Carry
from pyfudge.combat.sides import MAX_ROUND
from pyfudge.core.errors import FudgeError, RequestError
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rules.actions import Modifier
from pyfudge.rules.damage import Armor, Weapon
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
NO_GRAZE = find_ruleset("fudge1995", **{"damage.graze": "off"})
AXE = Weapon("Great axe", size=4, sharp=1)
PLATE = Armor("Enchanted plate", 12)  # no bare-handed blow gets through (F95 4.55)


def fighter(name: str, skill: int = 0, **kw) -> Fighter:
    return Fighter(name, (("Sword", skill),), **kw)


def brute(name: str, skill: int = 0) -> Fighter:
    """Any blow he lands (damage ≥ 9) puts his foe out of the fight (F95 4.55)."""
    return fighter(name, skill, strength=3, weapon=AXE, role="npc")


def test_a_fight_over_before_it_starts_is_certain_and_says_so():
    """F95 4.51: the foe is Incapacitated, so the players' side is the last standing, now: no
    round, no run, the round cap as asked."""
    down = fighter("B").with_track(wounds.record_wound(fighter("B").track_for(F95), wounds.INCAPACITATED,
                                                       rules=F95).track)
    f = forecast_fighters([fighter("A")], [down], rules=F95, settings=ForecastSettings(round_cap=7))
    assert (f.method, f.players.exact, f.foes.exact, f.none.exact) == ("exact", 1, 0, 0)
    assert (f.capped, f.rounds_mean, f.rounds_exact, f.samples, f.seed, f.round_cap, f.runs) == (
        0.0, 0.0, 0, None, None, 7, 0)
    assert [(s.section, s.text) for s in f.steps] == [
        ("F95 4.51", "The fight is over: one side has no one able to fight.")]
    assert f.to_dict()["rounds"] == {"mean": 0.0, "exact": "0/1"}


def test_an_exact_forecast_says_whom_it_played_and_the_work_it_took():
    battle._VALUES.clear()  # states solved by an earlier forecast cost nothing: runs would be 0
    f = forecast_fighters([brute("A", 1)], [brute("B")], rules=NO_GRAZE, settings=ForecastSettings(round_cap=12))
    assert (f.method, f.samples, f.seed, f.round_cap, f.capped) == ("exact", None, None, 12, 0.0)
    assert f.rounds_mean == float(f.rounds_exact) and f.rounds_exact > 1
    assert f.players.exact + f.foes.exact == 1 and f.players.exact > f.foes.exact  # the Good one wins more
    first, second = f.steps
    assert (first.section, first.data) == ("F95 4.22", {"player": "A", "foe": "B"})
    assert first.text == "A against B, rounds with neutral declarations until one cannot fight."
    assert second.section == "F95 4.22" and second.text.startswith("Exact: ")
    assert f.runs > 0 and second.data["runs"] == f.runs and second.data["states"] > 0


def test_a_simulation_says_how_many_fights_it_played_from_which_seed():
    settings = ForecastSettings(samples=40, seed=5, round_cap=9, exact=False)
    f = forecast_fighters([brute("A", 1)], [brute("B")], rules=NO_GRAZE, settings=settings)
    assert (f.method, f.samples, f.seed, f.round_cap, f.stop, f.stopped) == ("simulation", 40, 5, 9, "samples", False)
    assert f.players.p > f.foes.p and f.rounds_mean is not None and f.rounds_exact is None
    assert f.players.exact is None and f.players.low <= f.players.p <= f.players.high
    assert f.to_dict()["sides"]["players"]["halfwidth"] == round(f.players.halfwidth, 6) < 0.2
    pacing, played = f.steps
    assert (pacing.section, pacing.data) == ("F95 4.22", {"pacing": "simultaneous"})
    assert pacing.text.startswith("Rounds with neutral declarations")
    assert played.section == "F95 4.22" and played.text.startswith("Simulated 40 fights from seed 5: ")
    assert played.data["samples"] == 40 and played.data["seed"] == 5 and played.data["runs"] == f.runs > 0


@pytest.mark.parametrize("players, foes, field", [
    (["A"], [fighter("B")], "players[0]"),
    ([fighter("A")], [fighter("B"), None], "foes[1]"),
])
def test_forecast_fighters_refuses_what_is_not_a_fighter_by_its_place(players, foes, field):
    with pytest.raises(RequestError) as err:
        forecast_fighters(players, foes, rules=F95)
    assert (err.value.field, err.value.message) == (field, f"{field} must be a fighter.")


@pytest.mark.parametrize("bad", [True, "2", 2.0, 0, MAX_ROUND + 1])
def test_forecast_fighters_refuses_a_round_that_is_not_a_whole_number_in_range(bad):
    with pytest.raises(RequestError) as err:
        forecast_fighters([fighter("A")], [fighter("B")], rules=F95, round_number=bad)
    assert err.value.field == "round"
    assert err.value.message == "round must be a whole number from 1 to 1,000,000."


def test_a_forecast_from_the_last_round_allowed_is_made():
    f = forecast_fighters([brute("A", 1)], [brute("B")], rules=NO_GRAZE, round_number=MAX_ROUND)
    assert f.players.exact + f.foes.exact == 1


def test_a_side_other_than_players_foes_or_none_is_refused_by_its_field():
    f = forecast_fighters([brute("A", 1)], [brute("B")], rules=NO_GRAZE)
    assert f.side("none").exact == 0
    with pytest.raises(FudgeError) as err:
        f.side("capped")
    assert err.value.field == "side" and err.value.message == "side must be one of players, foes, none."


def test_settings_at_their_limits_are_kept_and_one_past_them_refused_by_name():
    at_limits = {"samples": fc.MAX_SAMPLES, "seed": -(2 ** 63), "round_cap": fc.MAX_ROUND_CAP, "exact": False}
    assert ForecastSettings.from_dict(at_limits).to_dict() == at_limits
    assert ForecastSettings.from_dict({"seed": 2 ** 63}).seed == 2 ** 63
    assert ForecastSettings.from_dict({}) == ForecastSettings(None, None, fc.ROUND_CAP, True)
    for bad, words in (({"round_cap": fc.MAX_ROUND_CAP + 1}, "round_cap must be a whole number from 1 to 200"),
                       ({"seed": 2 ** 63 + 1}, "seed must be a whole number from"),
                       ({"samples": 2.5}, "samples must be a whole number from 1 to 20000, not 2.5."),
                       ({"exact": "yes"}, "exact must be true or false, not 'yes'.")):
        with pytest.raises(RequestError) as err:
            ForecastSettings.from_dict(bad, field="")  # no prefix: the key itself is the field
        assert err.value.field == next(iter(bad)) and err.value.message.startswith(words)



@pytest.mark.parametrize("initiative", ["round", "battle"])
def test_drawn_initiative_favours_the_fighter_with_combat_reflexes(initiative):
    """F95 4.23: Combat Reflexes gives +1 to the Initiative roll. Two brutes alike but for it: the
    one who has it attacks first more often, so he is the last standing more often, in the
    simulation (initiative drawn) as in the exact chain (initiative weighed)."""
    rules = find_ruleset("fudge1995", **{"damage.graze": "off", "melee.pacing": "alternating",
                                         "melee.initiative": initiative})
    quick = fighter("A", strength=3, weapon=AXE, role="npc", combat_reflexes=True)
    exact = forecast_fighters([quick], [brute("B")], rules=rules)
    drawn = forecast_fighters([quick], [brute("B")], rules=rules,
                              settings=ForecastSettings(samples=2000, seed=3, exact=False))
    assert exact.method == "exact" and exact.players.exact > Fraction(1, 2)
    assert drawn.players.p > 0.5
    assert abs(drawn.players.p - float(exact.players.exact)) <= 5 * math.sqrt(0.25 / 2000)


def test_a_fight_the_foes_have_already_won_is_theirs_for_certain():
    """F95 4.51: the lone player is Incapacitated: the foes' side is the last standing, not
    "nobody"."""
    down = fighter("A").with_track(wounds.record_wound(fighter("A").track_for(F95), wounds.INCAPACITATED,
                                                       rules=F95).track)
    f = forecast_fighters([down], [fighter("B")], rules=F95)
    assert (f.players.exact, f.foes.exact, f.none.exact) == (0, 1, 0)


@pytest.mark.parametrize("players, foes", [(1, 2), (2, 1)])
def test_one_against_two_is_simulated_and_the_lone_fighter_fares_worse_than_one_against_one(players, foes):
    """The exact chain plays one fighter against one; with two able on a side the forecast
    simulates, and the second fighter counts: the side of one wins less often than in a duel."""
    ps = [brute(f"P{i}") for i in range(players)]
    fs = [brute(f"F{i}") for i in range(foes)]
    duel = forecast_fighters(ps[:1], fs[:1], rules=NO_GRAZE)
    f = forecast_fighters(ps, fs, rules=NO_GRAZE, settings=ForecastSettings(samples=400, seed=2))
    lone = "players" if players == 1 else "foes"
    assert duel.method == "exact" and f.method == "simulation"
    assert f.side(lone).high < duel.side(lone).exact


def test_settings_that_are_not_an_object_or_name_an_unknown_key_are_refused_in_words():
    with pytest.raises(RequestError) as err:
        ForecastSettings.from_dict([])
    assert (err.value.field, err.value.message) == ("forecast", "The forecast settings must be an object.")
    with pytest.raises(RequestError) as err:
        ForecastSettings.from_dict({"sample": 3})
    assert (err.value.field, err.value.message) == ("forecast.sample", "Unknown forecast setting 'sample'.")
    with pytest.raises(RequestError) as err:
        ForecastSettings.from_dict({"seed": -(2 ** 63) - 1})  # one below the lowest seed
    assert err.value.field == "forecast.seed"


def test_a_fight_that_needs_a_gm_roll_is_refused_naming_whose_roll():
    """F95 4.52: Willpower rolls against wounds are the GM's, entered at the table; the refusal
    keeps the pipeline's field, the first fighter's Willpower."""
    rules = find_ruleset("fudge1995", **{"wounds.willpower": "temporary"})
    with pytest.raises(FudgeError) as err:
        forecast_fighters([brute("A")], [brute("B")], rules=rules, settings=ForecastSettings(samples=5))
    assert err.value.field == "a_declares.willpower"
    assert err.value.message.startswith("The forecast cannot play a fight under these rules: Willpower")


def test_a_forecast_starts_at_the_first_round_unless_told():
    """F95 4.36: a "plus" level counts on even rounds only, so where the fight starts matters."""
    plus = Fighter("A", (("Sword", 0),), plus_skills=("Sword",), strength=3, weapon=AXE, role="npc")
    settings = ForecastSettings(samples=300, seed=4)

    def from_round(*n: int) -> fc.Forecast:
        return forecast_fighters([plus], [brute("B")], rules=NO_GRAZE, settings=settings,
                                 **({"round_number": n[0]} if n else {}))
    assert from_round() == from_round(1) != from_round(2)


@pytest.mark.parametrize("round_now", [1, 3])
def test_a_stun_held_to_the_end_of_this_round_hampers_one_round_of_the_forecast(round_now):
    """F95 4.62: the encounter holds a stun while its round is at most the stun's last round; one
    held to the end of this round hampers this round only, whatever round it is."""
    enc = Encounter(ruleset=NO_GRAZE)
    for f, side in ((brute("A", 1), "players"), (brute("B"), "foes")):
        enc.apply({"t": "add", "fighter": f.to_dict(), "side": side})
    state = replace(enc.state, round=round_now, stunned=(("c1", wounds.VERY_STUNNED, round_now),))
    one_round = battle.start_fight(NO_GRAZE, [c.fighter for c in state.combatants], ["players", "foes"],
                                   [((wounds.VERY_STUNNED, 1),), ()], (), round_now)
    held, want = fc.forecast(state), fc._forecast(one_round, ForecastSettings(), fc.EXACT_RUNS)
    assert held.method == "exact" and held.rounds_exact == want.rounds_exact  # runs aside: states are kept
    assert (held.players, held.foes, held.none) == (want.players, want.foes, want.none)


def test_a_forecasts_json_holds_every_field_its_numbers_to_six_places():
    """37 fights capped at 3 rounds: the share capped and the mean rounds have more than six
    decimals; the JSON gives them to six, with the round cap, the runs, why it stopped and the
    steps under their names."""
    swordsman = fighter("A", 1, strength=1, weapon=Weapon("Sword", 1, 1))
    f = forecast_fighters([swordsman], [fighter("B")], rules=F95,
                          settings=ForecastSettings(samples=37, seed=1, round_cap=3, exact=False))
    d = f.to_dict()
    assert 0 < f.capped < 1 and f.capped != round(f.capped, 6) and f.rounds_mean != round(f.rounds_mean, 6)
    assert (d["capped"], d["rounds"]) == (round(f.capped, 6), {"mean": round(f.rounds_mean, 6), "exact": None})
    assert (d["round_cap"], d["runs"], d["stopped"], d["stop"]) == (3, f.runs, False, "samples")
    assert d["steps"] == [s.to_dict() for s in f.steps] and len(d["steps"]) == 2
    never = forecast_fighters([fighter("A", armor=PLATE)], [fighter("B", armor=PLATE)], rules=F95).to_dict()
    assert never["rounds"] == {"mean": None, "exact": None} and never["capped"] == 1.0


def test_a_chance_sampled_every_time_reaches_no_higher_than_certain():
    """16 of 16: the Wilson bound is 1, but float rounding puts it a hair above; a chance's
    interval stays within 0 to 1."""
    assert fc.Chance.of_count(16, 16).high == 1.0 and fc.Chance.of_count(0, 16).low == 0.0


def test_a_round_cap_of_one_counts_the_fights_that_end_in_that_round():
    """Brutes end a fight with any blow that lands: with a cap of one round, the fights ended in
    it are counted as ended, in one round, the rest as capped."""
    f = forecast_fighters([brute("A", 1)], [brute("B")], rules=NO_GRAZE,
                          settings=ForecastSettings(samples=200, seed=1, round_cap=1, exact=False))
    assert 0 < f.capped < 1 and f.rounds_mean == 1.0


def test_a_simulated_fight_starts_with_the_modifiers_the_encounter_carries():
    """F95 4.31: a −3 carried to the player's next exchange counts in the first round of every
    simulated fight (brutes: one blow decides, so the first round weighs much)."""
    players, foes = [brute("A")], [brute("B")]
    start = battle.start_fight(NO_GRAZE, players + foes, ["players", "foes"], [(), ()], (), 1)
    hampered = replace(start, carry=(Carry("A", Modifier("caught off balance", -3, "F95 4.31")),))
    settings = ForecastSettings(samples=300, seed=1, exact=False)
    fresh, worse = (fc._forecast(s, settings, fc.EXACT_RUNS) for s in (start, hampered))
    assert worse.players.p < fresh.players.p - 0.1


def simulated(**settings) -> fc.Forecast:
    return forecast_fighters([brute("A", 1), brute("C")], [brute("B", 1)], rules=NO_GRAZE,
                             settings=ForecastSettings(seed=7, **settings))


@pytest.mark.parametrize("budget, spent", [("MAX_DRAWS", "drawn"), ("MAX_RUNS", "runs")])
def test_a_simulation_that_has_spent_exactly_its_budget_plays_no_further(monkeypatch, budget, spent):
    """The door's budget is a ceiling: a simulation whose first fight spent exactly the budget
    (exchanges drawn, or pipeline runs) starts no second fight and says it stopped at the budget."""
    one = simulated(samples=1)
    monkeypatch.setattr(fc, budget, one.steps[1].data[spent])
    f = simulated(samples=2)
    assert (f.samples, f.stop, f.stopped) == (1, "budget", True)
    assert f.steps[1].data[spent] == one.steps[1].data[spent]
    assert budget_step(f, "1 fight of the 2 asked", 1, 2)


def budget_step(f: fc.Forecast, played: str, n: int, asked: int) -> bool:
    stopped = f.steps[-1]
    assert (stopped.section, len(f.steps)) == ("F95 4.22", 3)
    assert stopped.text == (f"Stopped after {played}: a forecast runs the pipeline at most {fc.MAX_RUNS:,} times and "
                            f"draws at most {fc.MAX_DRAWS:,} exchanges (its budget, so that it answers in seconds); "
                            "the intervals say how sure each chance is.")
    assert stopped.data == {"samples": n, "asked": asked, "max_runs": fc.MAX_RUNS, "max_draws": fc.MAX_DRAWS}
    return True


def test_a_default_simulation_stopped_by_its_budget_says_how_many_fights_it_played(monkeypatch):
    """No number of fights asked: the step says the fights played (plural), none "asked", and
    its data the most a simulation plays."""
    monkeypatch.setattr(fc, "MAX_DRAWS", simulated(samples=2).steps[1].data["drawn"])
    f = simulated()
    assert (f.samples, f.stop, f.stopped) == (2, "budget", True)
    assert budget_step(f, "2 fights", 2, fc.MAX_SAMPLES)


def test_a_default_simulation_out_of_time_says_so_after_the_fewest_fights(monkeypatch):
    """The clock is read from the fewest fights on: past the time budget, the simulation stops
    and its last step says after how many fights, the budget in seconds and the precision it
    fell short of."""
    readings = iter([0.0] + [fc.TIME_BUDGET] * 10)
    monkeypatch.setattr(fc, "_clock", lambda: next(readings))
    f = simulated()  # thirty fights give no chance to ±2 %
    assert (f.samples, f.stop, f.stopped, len(f.steps)) == (fc.MIN_SAMPLES, "time", False, 3)
    late = f.steps[-1]
    assert (late.section, late.data) == ("F95 4.22", {"samples": fc.MIN_SAMPLES, "time_budget": fc.TIME_BUDGET})
    assert late.text == (f"Stopped after {fc.MIN_SAMPLES} fights at the time budget of {fc.TIME_BUDGET:g} s, "
                         "short of ±2 %.")


def test_a_default_simulation_stops_as_soon_as_every_chance_is_as_precise_as_its_target(monkeypatch):
    """A default simulation stops once each chance's 95% interval reaches no further than the
    target from it: at the target exactly, it stops there."""
    monkeypatch.setattr(fc, "TARGET_HALFWIDTH", 1.0)  # met at the first check, after the fewest fights
    first = simulated()
    assert (first.samples, first.stop) == (fc.MIN_SAMPLES, "precision")
    monkeypatch.setattr(fc, "TARGET_HALFWIDTH", fc.halfwidth((first.players, first.foes, first.none)))
    assert (simulated().samples, simulated().stop) == (fc.MIN_SAMPLES, "precision")


def test_a_simulations_steps_say_how_fighters_pair_off_and_how_sure_each_chance_is():
    """F95 4.22: the steps say the pairing, then the fights played, the exchanges drawn, the
    runs and the widest 95% interval's half-width, in percent to one place and in the data."""
    f = simulated(samples=40)
    pacing, played = f.steps
    assert pacing.text == ("Rounds with neutral declarations; able fighters pair off in order and the extras "
                           "pile on the least-engaged foe.")
    half = fc.halfwidth((f.players, f.foes, f.none))
    assert 0.1 < half < 0.2
    assert played.text == (f"Simulated 40 fights from seed 7: {played.data['drawn']} exchanges drawn, each from its "
                           f"exact distribution ({f.runs} resolutions weighed it); each chance ±{half * 100:.1f} % "
                           "at 95 % (Wilson).")
    assert played.data == {"samples": 40, "seed": 7, "runs": f.runs, "drawn": played.data["drawn"],
                           "halfwidth": round(half, 6)}


@pytest.mark.parametrize("side", ["players", "foes"])
def test_each_fighter_of_a_side_draws_his_own_exchanges_whoever_is_listed_first(side):
    """F95 4.22: a Great axeman and a Poor bare-handed fighter together against one brute; the
    pairing is by order, but each draws his own exchanges, so their side fares the same (within
    the 95% intervals) whichever of the two is listed first."""
    strong, weak = brute("A", 3), fighter("C", -3, role="npc")
    chances = []
    for pair in ([strong, weak], [weak, strong]):
        ps, fs = (pair, [brute("B")]) if side == "players" else ([brute("B")], pair)
        f = forecast_fighters(ps, fs, rules=NO_GRAZE, settings=ForecastSettings(samples=300, seed=1, exact=False))
        chances.append(f.side(side))
    first, second = chances
    assert first.p > 0.8 and first.low <= second.high and second.low <= first.high


def test_one_against_one_in_simultaneous_rounds_draws_one_exchange_a_round():
    """F95 4.22 simultaneous rounds: one fight of two fighters draws one exchange each round it
    played."""
    f = forecast_fighters([brute("A", 1)], [brute("B")], rules=NO_GRAZE,
                          settings=ForecastSettings(samples=1, seed=3, exact=False))
    assert f.steps[0].data == {"pacing": "simultaneous"} and f.rounds_mean > 1
    assert f.steps[1].data["drawn"] == f.rounds_mean


def test_a_modifier_carried_to_the_foe_counts_in_the_simulated_first_round_only():
    """F95 4.31: a −3 carried to the foe's next exchange hampers him in the first round, then
    is used up: the simulation agrees with the exact chain, which plays the same start."""
    start = battle.start_fight(NO_GRAZE, [brute("A"), brute("B")], ["players", "foes"], [(), ()], (), 1)
    hampered = replace(start, carry=(Carry("B", Modifier("caught off balance", -3, "F95 4.31")),))
    exact = fc._forecast(hampered, ForecastSettings(), fc.EXACT_RUNS)
    drawn = fc._forecast(hampered, ForecastSettings(samples=2000, seed=1, exact=False), fc.EXACT_RUNS)
    assert exact.method == "exact" and drawn.method == "simulation"
    assert drawn.players.low <= float(exact.players.exact) <= drawn.players.high


def test_a_plus_level_counts_in_the_even_rounds_of_every_simulated_fight():
    """F95 4.36: a "plus" level counts on even rounds only: from the first round, the fighter
    with it is drawn as a Fair brute in odd rounds and as a Good one in even rounds, so his
    fights are not the Fair brute's (the same seed draws the same first round)."""
    plus = Fighter("A", (("Sword", 0),), plus_skills=("Sword",), strength=3, weapon=AXE, role="npc")
    settings = ForecastSettings(samples=2000, seed=1, exact=False)
    fair, with_plus = (forecast_fighters([a], [brute("B")], rules=NO_GRAZE, settings=settings)
                       for a in (brute("A"), plus))
    assert with_plus.method == "simulation" and with_plus.players.p > fair.players.p


def test_a_simulations_runs_with_initiative_drawn_only_grow_with_the_fights_it_plays():
    """Alternating turns (F95 4.23): each new pair's initiative is weighed over every pair of
    dice totals, on top of the exchanges' runs, from the first round; the same seed plays the
    same first fight, so more fights never report fewer runs."""
    rules = find_ruleset("fudge1995", **{"damage.graze": "off", "melee.pacing": "alternating",
                                         "melee.initiative": "round"})
    one, two = (forecast_fighters([fighter("A", 1)], [fighter("B")], rules=rules,
                                  settings=ForecastSettings(samples=n, seed=1, exact=False)).runs for n in (1, 2))
    first_round = forecast_fighters([brute("A", 1)], [brute("B")], rules=rules,
                                    settings=ForecastSettings(samples=1, seed=1, exact=False, round_cap=1)).runs
    # 4dF: nine totals a side, all 81 pairs weighed; and at least one exchange weighed after it
    assert two >= one >= first_round >= 9 * 9 + 1
