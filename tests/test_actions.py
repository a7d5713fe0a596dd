"""Actions: trait rolls, modifiers, unopposed and opposed actions, NPC d6, aggregates, story elements."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pyfudge.core import dice, ladder
from pyfudge.core.errors import DiceError, FudgeError, LadderError, RequestError, RuleError
from pyfudge.rules import actions, npc_shortcut, story_elements
from pyfudge.rules.actions import Check, Modifier
from pyfudge.rulesets import OPTIONS, find_ruleset

F95 = find_ruleset("fudge1995")
F93 = find_ruleset("fudge1993")


def tot(n: int) -> dice.Roll:
    return dice.read("4dF", total=n)


def sections(outcome) -> set[str]:
    return {s.section for s in outcome.steps}


# --- R-MODIFIERS ----------------------------------------------------------------------------

def test_modifier_round_trips_and_is_validated():
    m = Modifier("Hurt", -1, "F95 4.31")
    assert Modifier.from_dict(json.loads(json.dumps(m.to_dict()))) == m
    assert Modifier.from_dict({"source": "x", "amount": 2}) == Modifier("x", 2, "")
    with pytest.raises(LadderError) as err:
        Modifier.from_dict({"source": "x", "amount": 1.5}, field="m")
    assert err.value.field == "m.amount"
    with pytest.raises(RequestError):
        Modifier.from_dict({"source": "", "amount": 1})
    with pytest.raises(RequestError):
        Modifier.from_dict({"source": "x", "amount": 1, "why": "?"})


def test_modifiers_move_the_trait_for_the_matter_at_hand():
    level, steps = actions.apply_modifiers(ladder.GOOD, [Modifier("Hurt", -1, "F95 4.31")])
    assert level == ladder.FAIR and steps[0].section == "F95 4.31"


def test_modifier_beyond_three_is_a_warning_step_not_a_clamp():
    level, steps = actions.apply_modifiers(ladder.FAIR, [Modifier("a", 2), Modifier("b", 2)])
    assert level == 4
    assert steps[-1].data["warning"] is True and steps[-1].section == "F93 4.3"
    level, steps = actions.apply_modifiers(ladder.FAIR, [Modifier("a", 3)])
    assert level == 3 and not any(s.data.get("warning") for s in steps)


def test_secondary_trait_gives_plus_one_only_when_good_or_better():
    assert actions.secondary_trait(ladder.GOOD).amount == 1
    assert actions.secondary_trait(ladder.SUPERB).section == "F93 4.3"
    assert actions.secondary_trait(ladder.FAIR) is None


def test_untrained_skill_defaults_to_poor_or_mediocre():
    assert actions.untrained_default() == ladder.POOR
    assert actions.untrained_default(high_attribute=True) == ladder.MEDIOCRE
    out = actions.trait_roll(None, tot(1))
    assert out.result == ladder.MEDIOCRE and "F93 4.4" in sections(out)


# --- Check input ------------------------------------------------------------------------------

def test_check_round_trips_through_json():
    for check in (Check(2, (Modifier("shield", 1, "F95 4.31"),)), Check(None, high_attribute=True),
                  Check()):
        assert Check.from_dict(json.loads(json.dumps(check.to_dict()))) == check


def test_check_from_dict_reads_names_and_refuses_nonsense():
    assert Check.from_dict("Great") == Check(2)
    assert Check.from_dict({"trait": "Good", "modifiers": [{"source": "x", "amount": -1}]}).level() == 0
    with pytest.raises(LadderError) as err:
        Check.from_dict({"trait": 7}, field="a")
    assert err.value.field == "a.trait"
    with pytest.raises(RuleError):
        Check.from_dict({"trait": 1, "high_attribute": True})
    with pytest.raises(RequestError):
        Check.from_dict({"trait": 1, "skill": "Sword"})
    with pytest.raises(RequestError):
        Check.from_dict({"modifiers": {"source": "x"}})


# --- trait rolls, situational -------------------------------------------------------------------

def test_rolled_degree_is_level_plus_dice():
    out = actions.trait_roll(Check(ladder.GOOD, (Modifier("fine bow", 1),)), dice.fudge([1, 1, 0, 0]))
    assert (out.trait, out.level, out.result) == (1, 2, 4)
    assert out.to_dict()["result_name"] == "Superb +1"
    assert out.roll.faces == (1, 1, 0, 0)


def test_rolled_degrees_go_below_terrible():
    assert actions.trait_roll(ladder.TERRIBLE, tot(-4)).to_dict()["result_name"] == "Terrible \u22124"


def test_announce_names_level_and_dice():
    assert actions.announce(ladder.GREAT, 2) == "Great +2"
    assert actions.announce(ladder.FAIR, -1) == "Fair \u22121"
    assert actions.announce(ladder.GOOD, 0) == "Good"


def test_situational_roll_reads_from_fair():
    out = actions.situational(dice.read("2d6_remove_higher", faces=[4, 2]))
    assert out.result == -2 and out.trait == ladder.FAIR and "F93 4.1" in sections(out)


# --- R-UNOPPOSED ------------------------------------------------------------------------------

def test_unopposed_succeeds_when_result_meets_difficulty():
    assert actions.unopposed(ladder.FAIR, tot(0), difficulty=ladder.FAIR).success
    out = actions.unopposed(ladder.FAIR, tot(-1), difficulty=ladder.FAIR)
    assert not out.success and out.margin == -1
    assert actions.unopposed(ladder.GOOD, tot(2), difficulty=ladder.FAIR).margin == 3


def test_unopposed_below_terrible_difficulty_warns():
    out = actions.unopposed(ladder.FAIR, tot(0), difficulty=-4)
    assert any(s.data.get("warning") for s in out.steps)


def test_unopposed_refuses_a_bad_difficulty():
    with pytest.raises(LadderError) as err:
        actions.unopposed(0, tot(0), difficulty="Good")
    assert err.value.field == "difficulty"


def test_trait_must_be_on_the_ladder():
    with pytest.raises(LadderError):
        actions.unopposed(5, tot(0), difficulty=0)
    with pytest.raises(RequestError):
        actions.unopposed(True, tot(0), difficulty=0)
    with pytest.raises(DiceError):
        actions.unopposed(0, 3, difficulty=0)


# --- R-OPPOSED ------------------------------------------------------------------------------

def test_relative_degree_zero_keeps_the_status_quo():
    out = actions.opposed(ladder.GOOD, tot(1), ladder.GREAT, tot(0))
    assert out.relative == 0 and out.winner is None and out.contest.status_quo


def test_opposed_winner_and_relative_degree_from_a():
    out = actions.opposed(ladder.GOOD, tot(0), ladder.MEDIOCRE, tot(0))
    assert out.relative == 2 and out.winner == "a"
    assert out.to_dict()["relative"] == 2
    assert {s.data.get("side") for s in out.steps} >= {"a", "b"}


def test_winner_below_minimum_needed_does_not_succeed():
    out = actions.compare(ladder.TERRIBLE, -4, minimum_a=ladder.POOR, minimum_b=ladder.POOR)
    assert out.relative == 1 and out.winner is None
    out = actions.compare(ladder.POOR, -4, minimum_a=ladder.POOR)
    assert out.winner == "a"
    out = actions.compare(-5, ladder.MEDIOCRE, minimum_b=ladder.FAIR)
    assert out.winner is None


# --- R-NPC-D6 ---------------------------------------------------------------------------------

def test_npc_d6_two_to_five_gives_the_trait_level():
    for face in (2, 3, 4, 5):
        assert npc_shortcut.npc_d6(ladder.GOOD, [face]).result == ladder.GOOD


def test_npc_d6_one_is_worse_six_is_better_by_second_die():
    assert npc_shortcut.npc_d6(ladder.GOOD, [1, 3]).result == ladder.FAIR
    assert npc_shortcut.npc_d6(ladder.GOOD, [1, 5]).result == ladder.MEDIOCRE
    assert npc_shortcut.npc_d6(ladder.GOOD, [6, 6]).result == 4
    assert npc_shortcut.npc_d6(ladder.GOOD, [6], amount=2).result == ladder.SUPERB


def test_npc_d6_needs_a_second_die_or_amount_only_on_one_or_six():
    with pytest.raises(DiceError):
        npc_shortcut.npc_d6(ladder.GOOD, [1])
    with pytest.raises(DiceError):
        npc_shortcut.npc_d6(ladder.GOOD, [3, 4])
    with pytest.raises(DiceError):
        npc_shortcut.npc_d6(ladder.GOOD, [6, 4], amount=1)
    with pytest.raises(DiceError):
        npc_shortcut.npc_d6(ladder.GOOD, [7])
    with pytest.raises(RuleError):
        npc_shortcut.npc_d6(ladder.GOOD, [6], amount=0)


def test_npc_d6_distribution_is_exact():
    dist = npc_shortcut.npc_d6_distribution()
    assert sum(dist.values()) == 1
    assert dist[0] == Fraction(2, 3) and dist[3] == Fraction(1, 36) and dist[-1] == Fraction(1, 12)


# --- R-AGGREGATE ------------------------------------------------------------------------------

def test_median_of_three_is_the_middle_value():
    assert story_elements.median_of_three([1, -1, 3]) == 1
    assert story_elements.median_of_three([-2, 2, 2]) == 2


def test_average_of_three_rounds_to_nearest():
    assert story_elements.average_of_three([2, -1, 1]) == 1
    assert story_elements.average_of_three([0, -3, 1]) == -1
    assert story_elements.average_of_three([1, 0, 0]) == 0
    assert story_elements.average_of_three([-1, 0, 0]) == 0
    assert story_elements.average_of_three([4, 4, -4]) == 1


def test_aggregate_needs_three_results():
    with pytest.raises(DiceError):
        story_elements.median_of_three([1, 2])
    with pytest.raises(RequestError):
        story_elements.aggregate([1, 2, 3], method="mode")


@pytest.mark.parametrize("method", ["median", "average"])
def test_aggregate_distribution_sums_to_one_and_narrows(method):
    dist = story_elements.aggregate_distribution("4dF", method=method)
    assert sum(dist.values()) == 1
    assert dist[0] > dice.distribution("4dF")[0]


# --- M-STORY ----------------------------------------------------------------------------------

def test_story_aggregate_option_defaults():
    assert F95["actions.story_aggregate"] == "median"
    assert find_ruleset("mudge")["actions.story_aggregate"] == "median"
    assert F93["actions.story_aggregate"] == "average"
    assert OPTIONS["actions.story_aggregate"].group == "Melee"


def test_story_element_takes_one_roll_or_three():
    single = story_elements.story_element(ladder.GOOD, [tot(-1)], rules=F95)
    assert single.method == "single" and single.result == ladder.FAIR
    three = story_elements.story_element(ladder.GOOD, [tot(2), tot(-1), tot(1)], rules=F95)
    assert three.method == "median" and three.result == ladder.GREAT
    avg = story_elements.story_element(ladder.GOOD, [tot(2), tot(-1), tot(1)], rules=F95, method="average")
    assert avg.dice == 1
    with pytest.raises(DiceError):
        story_elements.story_element(ladder.GOOD, [tot(0), tot(0)], rules=F95)


def test_story_element_gm_modifier_runs_minus_three_to_three():
    ok = Check(ladder.FAIR, (Modifier("plan", 2), Modifier("surprise", 1)))
    assert story_elements.story_element(ok, [tot(0)], rules=F95).level == 3
    too_much = Check(ladder.FAIR, (Modifier("plan", 3), Modifier("surprise", 1)))
    with pytest.raises(RuleError):
        story_elements.story_element(too_much, [tot(0)], rules=F95)


def test_story_element_keeps_every_roll_and_is_json():
    rolls = [dice.read_action(rules=F93, faces=f) for f in ([3, 3], [4, 2], [1, 5])]
    out = story_elements.story_element(ladder.GOOD, rolls, rules=F93)
    data = json.loads(json.dumps(out.to_dict()))
    assert [r["faces"] for r in data["rolls"]] == [[3, 3], [4, 2], [1, 5]]
    assert data["method"] == "average" and "F93 4.61" in sections(out)


def test_outcomes_are_json_ready():
    for out in (actions.unopposed(1, tot(1), difficulty=0),
                actions.opposed(1, tot(1), 0, tot(-1), minimum_a=-2),
                npc_shortcut.npc_d6(0, [6, 1]),
                actions.situational(tot(2))):
        assert json.loads(json.dumps(out.to_dict())) == out.to_dict()


def test_errors_are_fudge_errors():
    with pytest.raises(FudgeError):
        actions.compare("Good", 0)
