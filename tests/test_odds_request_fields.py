"""An exchange's odds asked as data (``odds.OddsRequest``) and the Willpower results the group
and ranged odds read (``odds.read_willpower``, F95 4.52): each bad field refused by its own name,
each good one weighed as asked."""

from __future__ import annotations

import pytest

from pyfudge.analysis.odds import OddsRequest, attack_odds, read_willpower
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rulesets import find_ruleset

A = Fighter("A", (("Sword", 2),))
B = Fighter("B", (("Sword", 0),))


def test_an_odds_request_weighs_its_fighter_a_against_b_as_asked():
    rules = find_ruleset("fudge1995")
    asked = OddsRequest(A, B).odds(rules)
    assert asked == attack_odds(A, B, rules=rules)
    assert [d.attacker for d in asked.directions] == ["A", "B"]
    # A Great swordsman against a Fair one lands more blows than he takes (F95 4.22).
    assert asked.direction("A").lands > asked.direction("B").lands


@pytest.mark.parametrize("rnd", [True, "2", 2.5, 0, 10_001, None])
def test_an_odds_requests_round_is_a_whole_number_from_1_to_10000(rnd):
    data = {**OddsRequest(A, B).to_dict(), "round": rnd}
    with pytest.raises(FudgeError) as err:
        OddsRequest.from_dict(data)
    assert err.value.field == "odds.round"


@pytest.mark.parametrize("rnd", [1, 10_000])
def test_an_odds_request_keeps_a_round_at_either_end_of_its_range(rnd):
    assert OddsRequest.from_dict({**OddsRequest(A, B).to_dict(), "round": rnd}).round == rnd


def test_willpower_results_are_read_by_name_one_each_or_one_per_wound():
    assert read_willpower(None, "willpower") == ()
    assert read_willpower({"A": "Good", "Lone": [0, "Fair", -1]}, "willpower") == (
        ("A", 1), ("Lone", (0, 0, -1)))
    assert read_willpower({"Lone": [0] * 12}, "willpower") == (("Lone", (0,) * 12),)
    # A lone fighter and twelve foes: thirteen names.
    assert len(read_willpower({f"f{i}": 0 for i in range(13)}, "willpower")) == 13


@pytest.mark.parametrize("data,field", [
    ([0, 1], "willpower"),                                # no names
    ("Good", "willpower"),
    ({f"f{i}": 0 for i in range(14)}, "willpower"),       # more fighters than a round holds
    ({"Lone": []}, "willpower.Lone"),                     # a list of no results
    ({"Lone": [0] * 13}, "willpower.Lone"),               # more results than wounds
    ({"Lone": [0, "x"]}, "willpower.Lone[1]"),
])
def test_willpower_results_that_are_not_a_map_of_names_to_levels_are_refused_naming_the_field(data, field):
    with pytest.raises(FudgeError) as err:
        read_willpower(data, "willpower")
    assert err.value.field == field
