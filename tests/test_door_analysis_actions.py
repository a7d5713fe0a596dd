"""The door's analysis actions (`odds`, `ranged_odds`, `group_odds`, `forecast`,
`encounter.forecast`): odds too dear to weigh exactly are sampled without being asked, a `sample`
from 1 to every draw is taken and no other, a bad request names its field, and the encounter's
forecast says which revision it weighed and how to label it."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.analysis import forecast, sampling
from pyfudge.analysis.group_odds import GroupOddsRequest
from pyfudge.analysis.sampling import SAMPLE_DRAWS, SAMPLE_STEPS
from pyfudge.combat import multi
from pyfudge.combat.fighter import Fighter
from pyfudge.rulesets import find_ruleset

ASTA = {"name": "Asta", "role": "pc", "skills": {"Bow": "Good", "Sword": "Good", "Shield": "Fair"},
        "shield": "large"}
ORC = {"name": "Orc", "role": "npc", "skills": {"Bow": "Fair", "Club": "Fair", "Shield": "Fair"},
       "strength": "Great", "shield": "large"}
# CO 2.2 shield checks, CO 4.3 damage checks and Min-Mid-Max's 3d6 (F95 4.63) on both sides: more
# dice than exact odds may weigh at the door.
TOO_DEAR = {"preset": "fudge1995", "options": {"co.shield": True, "co.damage_check": True,
                                               "damage.system": "minmidmax"}}
SHOT = {"attack": {"mode": "shoot_back", "shooter": {"name": "Asta", "level": 1, "difficulty": 0},
                   "target": {"name": "Orc", "level": 0, "difficulty": 0}},
        "shooter": ASTA, "target": ORC}


@pytest.fixture(autouse=True)
def _no_draws_kept():
    sampling._KEPT.clear()


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def test_exchange_odds_too_dear_are_sampled_in_a_first_step_unless_told_otherwise():
    first = call("odds", odds={"a": ASTA, "b": ORC}, ruleset=TOO_DEAR)
    assert first["ok"], first
    assert first["result"]["sampled"]["draws"] == SAMPLE_STEPS[0]
    refused = call("odds", odds={"a": ASTA, "b": ORC}, ruleset=TOO_DEAR, sample=False)
    assert not refused["ok"] and refused["error"]["asks"] == {"input": "sample"}


def test_ranged_odds_too_dear_are_sampled_in_a_first_step_unless_told_otherwise():
    first = call("ranged_odds", ranged_odds=SHOT, ruleset=TOO_DEAR)
    assert first["ok"], first
    assert first["result"]["sampled"]["draws"] == SAMPLE_STEPS[0]
    refused = call("ranged_odds", ranged_odds=SHOT, ruleset=TOO_DEAR, sample=False)
    assert not refused["ok"] and refused["error"]["asks"] == {"input": "sample"}


def _three_foes_rolling_their_own_dice() -> dict:
    names = ("Molly", "Annie", "Rat")
    rnd = multi.GroupRound.from_dict({"lone": {"name": "Tucker", "level": 3, "roll": 0},
                                      "foes": [{"name": n, "level": 0, "roll": 0} for n in names],
                                      "npc_roll": "each"}, rules=find_ruleset("fudge1995"))
    return GroupOddsRequest(rnd, Fighter.from_dict({"name": "Tucker", "skills": {"Sword": 3}}),
                            tuple(Fighter.from_dict({"name": n, "skills": {"Sword": 0}}) for n in names)).to_dict()


def test_group_odds_too_dear_are_sampled_in_a_first_step_unless_told_otherwise():
    # F95 4.34: three foes each rolling their own dice, 6,561 classes of totals.
    request = _three_foes_rolling_their_own_dice()
    first = call("group_odds", group_odds=request, ruleset={"preset": "fudge1995"})
    assert first["ok"], first
    assert first["result"]["sampled"]["draws"] == SAMPLE_STEPS[0]
    refused = call("group_odds", group_odds=request, ruleset={"preset": "fudge1995"}, sample=False)
    assert not refused["ok"] and refused["error"]["asks"] == {"input": "sample"}
    bad = call("group_odds", group_odds={**request, "lone": "nobody"}, ruleset={"preset": "fudge1995"})
    assert not bad["ok"] and bad["error"]["field"].startswith("args.group_odds.lone"), bad


@pytest.mark.parametrize("draws", [1, SAMPLE_DRAWS])
def test_one_draw_and_every_draw_may_be_asked(draws):
    out = call("odds", odds={"a": ASTA, "b": ORC}, ruleset=TOO_DEAR, sample=draws)
    assert out["ok"] and out["result"]["sampled"]["draws"] == draws, out


@pytest.mark.parametrize("wrong", [0, SAMPLE_DRAWS + 1])
def test_no_draws_or_more_than_every_draw_are_refused_saying_what_may_be_asked(wrong):
    out = call("odds", odds={"a": ASTA, "b": ORC}, ruleset=TOO_DEAR, sample=wrong)
    assert out["error"] == {"type": "RequestError", "field": "args.sample",
                            "message": f"sample must be true, false or a number of draws from 1 to {SAMPLE_DRAWS}."}


def test_a_bad_exchange_odds_request_names_its_field():
    out = call("odds", odds={"a": ASTA, "b": {**ORC, "skills": "many"}}, ruleset={"preset": "fudge1995"})
    assert not out["ok"] and out["error"]["field"].startswith("args.odds.b"), out


def test_a_bad_forecast_setting_names_its_own_field():
    call("encounter.new", id="fc-field")
    out = call("forecast", id="fc-field", samples="many")
    assert not out["ok"] and out["error"]["field"] == "args.samples", out


def test_the_encounters_forecast_says_which_revision_it_weighed_and_its_labels():
    call("encounter.new", id="fc-rev")
    for rev, (name, side) in enumerate([("Asta", "players"), ("Orc", "foes")]):
        assert call("encounter.apply", id="fc-rev", rev=rev,
                    event={"t": "add", "fighter": {"name": name, "skills": {"Sword": "Fair"}}, "side": side})["ok"]
    out = call("encounter.forecast", id="fc-rev", rev=2)
    assert out["ok"], out
    assert out["result"]["rev"] == 2 and out["result"]["labels"] == forecast.LABELS
