"""Odds when exact is too dear (issue 27): a group round whose exact odds would take more than
the runs allowed (several foes rolling their own dice, F95 4.34) is sampled, not refused — the
same pipeline over seeded draws of the classes of dice, each drawn with its exact chance —
labelled with its draws and margin (±2 points at 95% confidence), the same odds every time. The
door samples without being asked, in steps (each a short answer: the browser's engine answers
nothing else while it runs): the first quick and wider, each next one continuing the same draws
down to ±2 points; ``sample: false`` asks for exact odds only."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pyfudge import api
from pyfudge.analysis import preview, sampling
from pyfudge.analysis.group_odds import Declared, _group_slots, group_odds
from pyfudge.analysis.sampling import SAMPLE_DRAWS, SAMPLE_STEPS, Sampler, sample_margin
from pyfudge.core.errors import RuleError
from pyfudge.encounter.log import Encounter
from pyfudge.encounter.rounds import read_group
from pyfudge.rulesets import new_ruleset


@pytest.fixture(autouse=True)
def _no_draws_kept():
    # Draws are kept by input across calls: a test run after another that sampled the same
    # round would find them kept and skip its exact odds (mutmut orders tests its own way).
    sampling._KEPT.clear()


def _enc() -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"},
                                       "weapon": {"name": "Sword", "size": 1}}})
    for name in ("Orc", "Gob"):
        enc.apply({"t": "add", "fighter": {"name": name, "role": "npc", "skills": {"Sword": "Fair"}}, "side": "foes"})
    return enc


def _odds(max_runs: int, sample: bool | int = True):
    enc = _enc()
    g = read_group(enc.state, {"t": "group", "lone": "c1", "foes": ["c2", "c3"]}, rolled=False)
    fighters = {c.fighter.name: c.fighter for c in enc.state.combatants}
    return group_odds(g.rnd, lone=fighters["Hero"], foes=[fighters["Orc"], fighters["Gob"]],
                      rules=enc.state.rules, max_runs=max_runs, sample=sample)


def _chances(odds) -> dict:
    d = odds.to_dict()
    out = {("strikes",): Fraction(d["strikes"]["exact"])}
    out.update({("hits", h["hits"]): Fraction(h["exact"]) for h in d["hits_taken"]})
    out.update({("after", w["level"]): Fraction(w["exact"]) for w in d["lone_after"]})
    for f in d["foes"]:
        for key in ("hits_lone", "struck"):
            out[(f["name"], key)] = Fraction(f[key]["exact"])
    return out


def test_too_dear_group_odds_are_sampled_within_their_margin_of_the_exact_ones():
    exact, sampled = _odds(4_000), _odds(100)  # 729 classes of totals: exact at 4,000 runs, not at 100
    assert exact.sampled is None
    assert sampled.sampled == {"draws": SAMPLE_DRAWS, "margin": 0.02, "seed": 27, "next": None}
    assert sample_margin(SAMPLE_DRAWS) <= 0.02
    want, got = _chances(exact), _chances(sampled)
    for key in want.keys() | got.keys():
        assert abs(got.get(key, 0) - want.get(key, 0)) <= Fraction(2, 100), key
    assert "About:" in sampled.steps[0].text and sampled.steps[0].section == "F95 4.34"
    assert sampled.steps[0].data == {"draws": SAMPLE_DRAWS, "margin": 0.02}
    assert sampled.steps[0].text.endswith("each chance is within ±2 points, 19 times in 20.")


def test_the_margin_holds_nineteen_times_in_twenty_and_the_full_draws_are_the_fewest_for_two_points():
    # z = 1.96: a chance is off by more than its margin one time in twenty at most, the
    # confidence the forecast states of its own intervals (95%).
    assert sample_margin(400) == pytest.approx(1.96 * 0.5 / 20)
    assert sample_margin(SAMPLE_DRAWS) <= 0.02 < sample_margin(SAMPLE_DRAWS - 1)


def test_sampled_odds_are_the_same_every_time_and_the_same_taken_in_steps_as_at_once():
    sampling._KEPT.clear()
    at_once = json.dumps(_odds(100).to_dict())
    sampling._KEPT.clear()
    assert json.dumps(_odds(100).to_dict()) == at_once
    sampling._KEPT.clear()
    for step in SAMPLE_STEPS:
        stepped = _odds(100, sample=step)
        assert stepped.sampled["next"] == next((n for n in SAMPLE_STEPS if n > step), None)
    assert json.dumps(stepped.to_dict()) == at_once


def test_draws_kept_under_one_ruleset_are_not_taken_for_another():
    # The draws are kept by input, the rules included: the same round sampled under other rules
    # (F95 4.34's round with Min-Mid-Max damage, F95 4.63) is its own odds, as if sampled first.
    enc = _enc()
    g = read_group(enc.state, {"t": "group", "lone": "c1", "foes": ["c2", "c3"]}, rolled=False)
    fighters = {c.fighter.name: c.fighter for c in enc.state.combatants}

    def sampled(rules):
        return json.dumps(group_odds(g.rnd, lone=fighters["Hero"], foes=[fighters["Orc"], fighters["Gob"]],
                                     rules=rules, max_runs=100, sample=SAMPLE_STEPS[0]).to_dict())

    other = new_ruleset("fudge1995", {"damage.system": "minmidmax"})
    alone = sampled(other)
    sampling._KEPT.clear()
    assert sampled(enc.state.rules) != alone
    assert sampled(other) == alone


def test_a_first_step_is_within_its_own_wider_margin_of_the_exact_odds():
    exact, first = _odds(4_000), _odds(100, sample=SAMPLE_STEPS[0])
    margin = first.sampled["margin"]
    assert 0.02 < margin <= 0.07 and first.sampled["next"] == SAMPLE_STEPS[1]
    want, got = _chances(exact), _chances(first)
    for key in want.keys() | got.keys():
        assert abs(got.get(key, 0) - want.get(key, 0)) <= margin, key


def test_three_foes_rolling_their_own_dice_get_odds_not_a_refusal():
    enc = _enc()
    enc.apply({"t": "add", "fighter": {"name": "Rat", "role": "npc", "skills": {"Sword": "Fair"}}, "side": "foes"})
    out = preview.group_odds(enc.state, {"t": "group", "lone": "c1", "foes": ["c2", "c3", "c4"]}, sample=True)
    assert out["sampled"]["margin"] <= 0.02
    assert sum(Fraction(h["exact"]) for h in out["hits_taken"]) == 1


def test_too_dear_odds_not_asked_to_be_sampled_are_refused_at_once_saying_how_to_ask():
    with pytest.raises(RuleError) as refused:
        _odds(100, sample=False)
    assert refused.value.asks == {"input": "sample"}
    assert "sampled" in refused.value.message and "one roll for all the foes" in refused.value.message


def test_the_door_samples_without_being_asked_in_steps_and_reads_the_argument_strictly():
    enc = _enc()
    enc.apply({"t": "add", "fighter": {"name": "Rat", "role": "npc", "skills": {"Sword": "Fair"}}, "side": "foes"})
    opened = json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": "encounter.open",
                                               "args": {"id": "s", "encounter": enc.to_dict()}})))
    assert opened["ok"], opened

    def ask(**extra):
        args = {"id": "s", "rev": len(enc.log), "event": {"t": "group", "lone": "c1", "foes": ["c2", "c3", "c4"]}}
        request = {"v": 1, "id": 2, "action": "encounter.odds", "args": {**args, **extra}}
        return json.loads(api.handle(json.dumps(request)))

    first = ask()["result"]["sampled"]
    assert first["draws"] == SAMPLE_STEPS[0] and first["next"] == SAMPLE_STEPS[1]
    assert ask(sample=first["next"])["result"]["sampled"]["draws"] == SAMPLE_STEPS[1]
    full = ask(sample=True)["result"]["sampled"]
    assert full["margin"] <= 0.02 and full["next"] is None
    refused = ask(sample=False)
    assert not refused["ok"] and refused["error"]["asks"] == {"input": "sample"}
    for wrong in ("yes", 0, SAMPLE_DRAWS + 1, 2.5):
        assert ask(sample=wrong)["error"]["field"] == "args.sample", wrong


def test_each_drawn_class_is_run_once_and_visited_once_with_its_count():
    # The sampler's cost is its pipeline runs: a round that reads every roll at once is split into
    # its finest classes in one step (no run for a class between), and each class drawn is run
    # and tallied once, weighted by how often it was drawn.
    enc = _enc()
    g = read_group(enc.state, {"t": "group", "lone": "c1", "foes": ["c2", "c3"]}, rolled=False)
    fighters = {c.fighter.name: c.fighter for c in enc.state.combatants}
    slots = _group_slots(g.rnd, lone=fighters["Hero"], records={n: fighters[n] for n in ("Orc", "Gob")},
                         names=["Orc", "Gob"], rules=enc.state.rules, prefer=("Orc", "Gob"), willpower=None,
                         declared=Declared())
    sampler = Sampler(slots.resolve, slots.techniques, slots.kinds)
    sampler.draw_to(500)
    visits: list[int] = []
    sampler.visit(lambda _, n: visits.append(n))
    assert sum(visits) == sampler.draws == 500
    assert sampler.runs == len(visits) + 1  # the coarsest class, then only the classes drawn
    # A next step continues the draws: it runs only the classes it draws for the first time.
    before = len(sampler.drawn)
    sampler.draw_to(1_000)
    assert sampler.draws == 1_000 and sampler.runs == len(sampler.drawn) + 1 > before + 1


def test_the_plain_line_of_sampled_odds_says_about_and_its_margin():
    enc = _enc()
    enc.apply({"t": "add", "fighter": {"name": "Rat", "role": "npc", "skills": {"Sword": "Fair"}}, "side": "foes"})
    out = preview.event_odds(enc.state, {"t": "group", "lone": "c1", "foes": ["c2", "c3", "c4"]},
                             sample=SAMPLE_STEPS[0])
    assert out["summary"].startswith("About: Hero lands a blow ") and out["summary"].endswith("(±5 points).")
