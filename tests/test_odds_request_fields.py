"""An exchange's odds asked as data (``odds.OddsRequest``) and the Willpower results the group
and ranged odds read (``odds.read_willpower``, F95 4.52): each bad field refused by its own name,
each good one weighed as asked."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyfudge.analysis import odds, sampling
from pyfudge.analysis.odds import OddsRequest, attack_odds, read_willpower
from pyfudge.analysis.sampling import SAMPLE_STEPS
from pyfudge.combat.declaration import NO_DECLARATION, Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rules import wounds
from pyfudge.rulesets import find_ruleset, new_ruleset

A = Fighter("A", (("Sword", 2),))
B = Fighter("B", (("Sword", 0),))
PLUS = Fighter("P", (("Sword", 0),), plus_skills=("Sword",))  # F95 4.36: +1 on even rounds
F95 = find_ruleset("fudge1995")


def test_an_odds_request_weighs_its_fighter_a_against_b_as_asked():
    rules = find_ruleset("fudge1995")
    asked = OddsRequest(A, B).odds(rules)
    assert asked == attack_odds(A, B, rules=rules)
    assert [d.attacker for d in asked.directions] == ["A", "B"]
    # A Great swordsman against a Fair one lands more blows than he takes (F95 4.22).
    assert asked.direction("A").lands > asked.direction("B").lands


def test_an_odds_request_weighs_its_declarations_and_round_as_asked():
    stun = Declaration(stun=True)
    req = OddsRequest(PLUS, B, a_declares=stun, round=2)
    assert OddsRequest.from_dict(req.to_dict()) == req
    asked = req.odds(F95)
    assert asked == attack_odds(PLUS, B, rules=F95, a_declares=stun, round_number=2)
    assert asked != attack_odds(PLUS, B, rules=F95, round_number=2)  # the stun (F95 4.62) counts
    assert asked != attack_odds(PLUS, B, rules=F95, a_declares=stun)  # and the even round
    req = OddsRequest(PLUS, B, b_declares=stun)
    assert req.odds(F95) == attack_odds(PLUS, B, rules=F95, b_declares=stun) != attack_odds(PLUS, B, rules=F95)
    assert OddsRequest.from_dict(req.to_dict()) == req  # b's declaration kept as data too


def test_an_odds_request_continues_the_draws_kept_when_asked_to_sample():
    asta = Fighter.from_dict({"name": "Asta", "skills": {"Sword": "Good", "Shield": "Fair"}, "shield": "large"})
    orc = Fighter.from_dict({"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great"})
    rules = new_ruleset("fudge1995", {})
    odds._CACHE.clear()
    sampling._KEPT.clear()
    first = attack_odds(asta, orc, rules=rules, max_runs=10, sample=SAMPLE_STEPS[0])  # kept: too dear
    again = OddsRequest(asta, orc).odds(rules, sample=SAMPLE_STEPS[0])
    assert again.sampled == first.sampled and again.sampled["draws"] == SAMPLE_STEPS[0]
    assert OddsRequest(asta, orc).odds(rules).sampled is None  # exact unless asked to sample
    sampling._KEPT.clear()


def test_an_odds_request_without_kind_round_or_declarations_is_a_first_simultaneous_round():
    read = OddsRequest.from_dict({"a": A.to_dict(), "b": B.to_dict()})
    assert (read.kind, read.round) == ("round", 1)
    assert read.a_declares == read.b_declares == NO_DECLARATION
    assert read.to_dict()["b_declares"] == NO_DECLARATION.to_dict()


@pytest.mark.parametrize("change,field,words", [
    (5, "odds", "odds must be an object with fighters a and b."),
    ({"a_dice": {}}, "odds.a_dice", "odds: unknown field 'a_dice' (the odds weigh every roll: leave the dice out)."),
    ({"colour": 1}, "odds.colour", "odds: unknown field 'colour'."),
    ({"kind": "duel"}, "odds.kind", "odds.kind must be round or attack, not 'duel'."),
    ({"round": 0}, "odds.round", "odds.round must be a whole number from 1 to 10000, not 0."),
    ({"a": {"name": "A", "skills": 5}}, "odds.a.skills", "odds.a.skills must"),
    ({"b": {"name": "B", "skills": 5}}, "odds.b.skills", "odds.b.skills must"),
    ({"a_declares": {"stun": 5}}, "odds.a_declares.stun", "odds.a_declares.stun must"),
    ({"b_declares": {"stun": 5}}, "odds.b_declares.stun", "odds.b_declares.stun must"),
])
def test_a_bad_odds_request_is_refused_naming_its_field_and_what_is_wrong(change, field, words):
    data = change if not isinstance(change, dict) else {**OddsRequest(A, B).to_dict(), **change}
    with pytest.raises(FudgeError) as err:
        OddsRequest.from_dict(data)
    assert err.value.field == field
    assert err.value.message.startswith(words)


def test_an_odds_request_without_a_fighter_says_which():
    with pytest.raises(FudgeError) as err:
        OddsRequest.from_dict({"a": A.to_dict()})
    assert (err.value.field, err.value.message) == ("odds.b", "odds needs fighter b.")
    with pytest.raises(FudgeError) as err:
        OddsRequest.from_dict({"b": B.to_dict()})
    assert (err.value.field, err.value.message) == ("odds.a", "odds needs fighter a.")


def test_the_odds_answer_what_cannot_happen_with_no_chance_and_name_only_their_attackers():
    o = attack_odds(A, B, rules=F95, b_declares=Declaration(unaware=True))
    assert o.direction("B").chance("hit") == 0 and o.direction("A").chance("no attack") == 0
    with pytest.raises(FudgeError) as err:
        o.direction("C")
    assert (err.value.field, err.value.message) == ("attacker", "'C' does not attack in this exchange.")


def test_a_wound_at_least_a_level_counts_that_level_and_worse():
    a = attack_odds(A, B, rules=F95).direction("A")
    levels = dict(a.wounds)
    assert a.wound_at_least(wounds.HURT) == sum(p for lv, p in levels.items() if lv >= wounds.HURT)
    assert a.wound_at_least(wounds.HURT) - a.wound_at_least(wounds.VERY_HURT) == levels[wounds.HURT] > 0
    assert a.wound_at_least(wounds.DEAD + 1) == Fraction(0)


def test_exact_odds_as_data_say_their_kind_and_each_blows_chance_to_land_and_no_sampling():
    o = attack_odds(A, B, rules=F95)
    data = o.to_dict()
    assert data["kind"] == "round" and "sampled" not in data
    assert data["directions"][0]["lands"] == odds.as_chance(o.direction("A").lands)


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
    assert read_willpower({"Lone": ["Good"]}, "willpower") == (("Lone", (1,)),)
    # A lone fighter and twelve foes: thirteen names.
    assert len(read_willpower({f"f{i}": 0 for i in range(13)}, "willpower")) == 13


@pytest.mark.parametrize("data,field,words", [
    ([0, 1], "willpower", "willpower must map fighters' names to Willpower results."),  # no names
    ("Good", "willpower", "willpower must map"),
    ({f"f{i}": 0 for i in range(14)}, "willpower", "willpower must map"),  # more than a round holds
    ({"Lone": []}, "willpower.Lone", "willpower.Lone must list 1 to 12 results."),
    ({"Lone": [0] * 13}, "willpower.Lone", "willpower.Lone must list 1 to 12 results."),  # one per wound
    ({"Lone": [0, "x"]}, "willpower.Lone[1]", "willpower.Lone[1]: 'x' is not a ladder level."),
    ({"Lone": [0, 99]}, "willpower.Lone[1]", "willpower.Lone[1] 99 is off the ladder"),
    ({"A": "x"}, "willpower.A", "willpower.A: 'x' is not a ladder level."),
    ({"A": 99}, "willpower.A", "willpower.A 99 is off the ladder"),
])
def test_willpower_results_that_are_not_a_map_of_names_to_levels_are_refused_naming_the_field(data, field, words):
    with pytest.raises(FudgeError) as err:
        read_willpower(data, "willpower")
    assert err.value.field == field
    assert err.value.message.startswith(words)


def test_the_odds_default_to_a_first_round():
    # F95 4.36: a "plus" level counts on even rounds only; unasked, the round is the first.
    assert attack_odds(PLUS, B, rules=F95) == attack_odds(PLUS, B, rules=F95, round_number=1)
    assert attack_odds(PLUS, B, rules=F95) != attack_odds(PLUS, B, rules=F95, round_number=2)


def test_an_alternating_attack_weighs_the_attackers_declaration_and_the_round():
    """F95 4.23: one attack, a against b. The attacker's declared +1 blessing (F95 4.31) and
    his "plus" level on an even round (F95 4.36) each make him land more often."""
    rules = find_ruleset("fudge1995", melee__pacing="alternating")
    plain = attack_odds(PLUS, B, rules=rules, kind="attack").direction("P").lands
    blessed = attack_odds(PLUS, B, rules=rules, kind="attack", a_declares=Declaration(blessing=1))
    assert blessed.direction("P").lands > plain
    assert attack_odds(PLUS, B, rules=rules, kind="attack", round_number=2).direction("P").lands > plain


def test_a_kind_of_exchange_neither_round_nor_attack_is_refused_saying_so():
    with pytest.raises(FudgeError) as err:
        attack_odds(A, B, rules=F95, kind="duel")
    assert (err.value.field, err.value.message) == ("kind", "kind must be round or attack, not 'duel'.")


def test_exact_odds_not_to_be_sampled_may_take_every_run_of_their_budget():
    # Mudge with Min-Mid-Max (F95 4.63): past the runs after which sampling would answer, within
    # the 20,000 an exact answer may take.
    o = attack_odds(Fighter("C", (("Sword", 0),)), Fighter("D", (("Sword", 0),)),
                    rules=find_ruleset("mudge", damage__system="minmidmax"))
    assert sampling.EXACT_RUNS_BEFORE_SAMPLING < o.runs <= 20_000 and o.sampled is None
