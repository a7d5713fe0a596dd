"""Several foes against one fighter (F95 4.34, MUD 4.34, F93 4.64)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.combat import multi
from pyfudge.core.errors import DiceError, FudgeError, RequestError, RuleError
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
F93 = find_ruleset("fudge1993")


def foe(name, level, roll=0, **extra):
    return {"name": name, "level": level, "roll": roll, **extra}


def group(lone_roll, *foes, lone_level=3, **kw):
    data = {"lone": {"name": "Hero", "level": lone_level, "roll": lone_roll}, "foes": list(foes), **kw}
    return multi.GroupRound.from_dict(data)


def test_lone_fighter_minus_one_per_extra_foe():
    assert multi.foe_penalty(1, rules=F95) is None
    assert multi.foe_penalty(3, rules=F95).amount == -2
    assert multi.foe_penalty(6, rules=MUD).amount == -5


def test_epic_penalty_is_one_per_two_foes():
    epic = F93.with_options({"multi.penalty": "per_two_foes"})
    got = [getattr(multi.foe_penalty(n, rules=epic), "amount", 0) for n in range(1, 7)]
    assert got == [0, -1, -1, -2, -2, -3]


def test_no_penalty_option():
    assert multi.foe_penalty(4, rules=F95.with_options({"multi.penalty": "none"})) is None


def test_beating_all_foes_lets_him_wound_any():
    # Superb -1 (one extra foe) +1 = Superb against Fair and Mediocre.
    out = multi.resolve_melee_group(group(1, foe("A", 0), foe("B", -1)), rules=F95)
    assert out.lone_result == 3
    assert out.wound_choices == ("A", "B") and out.hits_on_lone == ()


@pytest.mark.parametrize("foes, verdict", [
    ([foe("A", 0), foe("B", -1)], "Hero beats every foe defended against and may wound any of them."),
    ([foe("A", 2), foe("B", 1), foe("C", 0)],
     "Hero ties the best foe: only a foe at least two levels below Hero's result may be wounded."),
])
def test_the_verdict_names_the_lone_fighter_not_a_foe(foes, verdict):
    # F95 4.34: the verdict is the lone fighter's ("He may wound any of them"), said of him.
    out = multi.resolve_melee_group(group(1, *foes), rules=F95)
    assert verdict in [s.text for s in out.steps]


def test_tie_with_best_wounds_only_a_foe_two_below_under_f95():
    # Superb -2 = Good, rolls +1: Great, tying A (Great); B Good is one below, C Fair two below.
    out = multi.resolve_melee_group(group(1, foe("A", 2), foe("B", 1), foe("C", 0)), rules=F95)
    assert out.lone_result == 2
    assert out.wound_choices == ("C",)
    assert out.strikes == (("C", 2, 0),)  # the only choice is taken
    assert out.hits_on_lone == ()


def test_tie_with_best_wounds_nobody_under_f93():
    out = multi.resolve_melee_group(group(1, foe("A", 2), foe("B", 1), foe("C", 0)), rules=F93)
    assert out.wound_choices == () and out.strikes == () and out.hits_on_lone == ()


def test_every_foe_who_beats_him_hits_him():
    out = multi.resolve_melee_group(group(-2, foe("A", 2), foe("B", 1), foe("C", -1)), rules=F95)
    assert out.lone_result == -1  # Superb -2 -2 = Mediocre
    assert out.hits_on_lone == (("A", 3), ("B", 2))
    assert out.wound_choices == ()
    assert any("takes 2 wounds" in s.text for s in out.steps)


def test_foe_below_its_minimum_to_hit_does_not_hit():
    # F95 4.22: a foe must reach Poor to hit an equal-sized fighter.
    out = multi.resolve_melee_group(group(-4, foe("A", -3, 0), lone_level=-3), rules=F95)
    assert out.lone_result == -7
    assert out.foes[0].result == -3 and not out.foes[0].hits_lone


def test_lone_fighter_below_minimum_cannot_wound():
    out = multi.resolve_melee_group(group(-2, foe("A", -3, -2), lone_level=-1), rules=F95)
    assert out.lone_result == -3 and out.foes[0].result == -5
    assert out.wound_choices == ()


def test_ignored_foes_attack_unopposed_against_f93_mediocre():
    rules = F93
    out = multi.resolve_melee_group(
        group(0, foe("Knight's foe", 0), foe("Peasant 1", -1, ignored=True), foe("Peasant 2", -2, ignored=True)),
        rules=rules)
    # Superb -2 = Good against the one foe he fights (Fair): he may wound it despite the peasants.
    assert out.wound_choices == ("Knight's foe",)
    hit = dict(out.hits_on_lone)
    assert hit == {"Peasant 1": 1}  # Mediocre meets Mediocre: the narrowest hit
    assert out.foes[2].hits_lone is False


def test_ignored_foes_under_f95_need_poor():
    out = multi.resolve_melee_group(group(0, foe("A", 0), foe("B", -2, ignored=True)), rules=F95)
    assert dict(out.hits_on_lone) == {"B": 1}


def test_ignored_foes_may_be_left_out_of_the_penalty():
    rules = F95.with_options({"multi.ignored_count": False})
    out = multi.resolve_melee_group(group(0, foe("A", 0), foe("B", -2, ignored=True)), rules=rules)
    assert out.lone_result == 3


def test_ignored_foe_named_as_target_takes_no_wound_and_the_round_stands():
    out = multi.resolve_melee_group(group(0, foe("A", 0), foe("B", -2, ignored=True), targets=["B"]), rules=F95)
    assert out.strikes == ()
    assert dict(out.hits_on_lone) == {"B": 1}  # the ignored foe's blow still lands
    assert any(s.text.startswith("No wound on B: the lone fighter ignored B") for s in out.steps)


def test_one_foe_per_round_without_sweeping_blows():
    with pytest.raises(RuleError, match="sweeping"):
        multi.resolve_melee_group(group(2, foe("A", 0), foe("B", 0), targets=["A", "B"]), rules=F95)


def test_sweeping_blow_loses_damage_per_foe_cut_through():
    rules = F95.with_options({"multi.sweeping_blow": True, "multi.sweep_penalty": 2})
    out = multi.resolve_melee_group(
        group(2, foe("A", 0), foe("B", -1), foe("C", -2), targets=["B", "A", "C"]), rules=rules)
    assert out.strikes == (("B", 4, 0), ("A", 3, -2), ("C", 5, -4))


def test_target_chosen_before_the_roll_he_may_not_wound_gets_no_wound_with_the_reason():
    """F95 4.34: a tie with the best foe frees only those two levels below; a target named early
    that the roll did not free takes no wound, the step says why and names who could have been."""
    out = multi.resolve_melee_group(group(1, foe("A", 2), foe("B", 1), foe("C", 0), targets=["B"]), rules=F95)
    assert out.strikes == ()
    step = next(s.text for s in out.steps if s.text.startswith("No wound on B"))
    assert "two levels below" in step and "could have wounded C" in step


def test_attacker_limits():
    six = [foe(f"Wolf {i}", -1) for i in range(6)]
    multi.resolve_melee_group(group(0, *six), rules=F95)
    with pytest.raises(RuleError, match="Only 6"):
        multi.resolve_melee_group(group(0, *six, foe("Wolf 7", -1)), rules=F95)
    with pytest.raises(RuleError, match="doorway"):
        multi.resolve_melee_group(group(0, *six[:3], space="doorway"), rules=F95)
    with pytest.raises(RuleError, match="Only 4"):
        multi.resolve_melee_group(group(0, *six[:5], space="cramped"), rules=F95)


def test_attacker_limit_table_is_validated():
    with pytest.raises(FudgeError):
        F95.with_options({"multi.attacker_limits": {"open": 2, "cramped": 4, "doorway": 1}})
    with pytest.raises(FudgeError):
        F95.with_options({"multi.attacker_limits": {"open": 6, "cramped": 4}})


def pirates(mode, group_roll, lone_roll):
    return group(lone_roll, {"name": "Molly", "level": 0}, {"name": "Annie", "level": 1},
                 {"name": "Maggie", "level": -1}, npc_roll=mode, group_roll=group_roll)


def test_gm_group_roll_applies_to_every_npc():
    out = multi.resolve_melee_group(pirates("group", {"faces": [1, 0]}, 0), rules=F95)
    assert [f.result for f in out.foes] == [1, 2, 0]
    assert out.faces["GM group roll"] == (1, 0)


def test_f93_group_roll_moves_one_toward_zero():
    for rolled, applied in ((4, 3), (2, 1), (0, 0), (-1, 0), (-3, -2)):
        got, _ = multi.group_roll_total(rolled, rules=F93)
        assert got == applied


def test_group_roll_dice_count_follows_the_option():
    with pytest.raises(DiceError):
        multi.resolve_melee_group(pirates("group", {"faces": [1, 0, 0, 1]}, 0), rules=F95)
    with pytest.raises(DiceError):
        multi.resolve_melee_group(pirates("group", {"roll": 3}, 0), rules=MUD)
    four = MUD.with_options({"multi.group_dice": "full"})
    out = multi.resolve_melee_group(pirates("group", {"faces": [1, 1, 1, 0]}, 0), rules=four)
    assert [f.result for f in out.foes] == [3, 4, 2]


def test_fixed_npc_results_use_trait_levels():
    out = multi.resolve_melee_group(pirates("fixed", None, 0), rules=F95)
    assert [f.result for f in out.foes] == [0, 1, -1]


def test_d6_method_for_each_npc():
    data = {"lone": {"name": "Tucker", "level": 3, "roll": 0},
            "foes": [{"name": "Molly", "level": 0, "d6": [3]}, {"name": "Annie", "level": 1, "d6": [6, 5]},
                     {"name": "Maggie", "level": -1, "d6": [1, 2]}],
            "npc_roll": "d6"}
    out = multi.resolve_melee_group(multi.GroupRound.from_dict(data), rules=F95)
    assert [f.result for f in out.foes] == [0, 3, -2]
    assert out.faces["Annie"] == (6, 5)


def test_foe_dice_must_fit_the_npc_rolling_mode():
    with pytest.raises(RequestError) as err:
        multi.GroupRound.from_dict({"lone": {"name": "H", "level": 3, "roll": 0},
                                    "foes": [foe("A", 0)], "npc_roll": "fixed"})
    assert err.value.field == "round.foes[0].roll"
    with pytest.raises(RequestError):
        multi.GroupRound.from_dict({"lone": {"name": "H", "level": 3, "roll": 0},
                                    "foes": [foe("A", 0, d6=[3])]})


def test_options_describe_as_json():
    from pyfudge.rulesets import describe
    keys = {o["key"] for o in json.loads(json.dumps(describe()))["options"]}
    assert {"multi.penalty", "location.table", "ranged.autofire_table", "co.shield"} <= keys


def test_each_mode_needs_every_foe_roll():
    data = {"lone": {"name": "Hero", "level": 3, "roll": 0}, "foes": [{"name": "A", "level": 0}]}
    with pytest.raises(DiceError):
        multi.resolve_melee_group(multi.GroupRound.from_dict(data), rules=F95)


@pytest.mark.parametrize("bad, field", [
    ({"lone": {"name": "H", "level": 3}, "foes": [foe("A", 0)]}, "round.lone.roll"),
    ({"lone": {"name": "H", "level": 3, "roll": 0}, "foes": []}, "round.foes"),
    ({"lone": {"name": "H", "level": 3, "roll": 0}, "foes": [foe("A", 0)], "extra": 1}, "round"),
    ({"lone": {"name": "H", "level": 9, "roll": 0}, "foes": [foe("A", 0)]}, "round.lone.level"),
    ({"lone": {"name": "H", "level": 3, "roll": 5}, "foes": [foe("A", 0)]}, "round.lone.roll"),
    ({"lone": {"name": "H", "level": 3, "faces": [1, 2, 0, 0]}, "foes": [foe("A", 0)]}, "round.lone.faces[1]"),
    ({"lone": {"name": "H", "level": 3, "roll": 0}, "foes": [foe("A", 0), foe("A", 1)]}, "round.foes[1].name"),
    ({"lone": {"name": "H", "level": 3, "roll": 0}, "foes": [foe("A", 0)], "targets": ["Z"]}, "round.targets[0]"),
    ({"lone": {"name": "H", "level": 3, "roll": 0}, "foes": [foe("A", 0)], "space": "moon"}, "round.space"),
])
def test_bad_rounds_name_the_field(bad, field):
    with pytest.raises(FudgeError) as err:
        multi.GroupRound.from_dict(bad)
    assert err.value.field == field


def test_a_modifier_against_one_foe_given_to_the_lone_fighter_is_refused_and_sent_to_the_foe():
    shield = {"source": "Molly's shield", "amount": -1}
    with pytest.raises(RequestError) as err:
        multi.GroupRound.from_dict({"lone": {"name": "Hero", "level": 3, "roll": 0, "lone_modifiers": [shield]},
                                    "foes": [foe("Molly", 0)]})
    assert err.value.field == "round.lone.lone_modifiers"
    assert str(err.value) == "Modifiers to the lone fighter against one foe belong to that foe."


def test_round_round_trips_through_json():
    rnd = multi.GroupRound.from_dict({
        "lone": {"name": "Tucker", "level": 3, "faces": [1, 0, 0, -1],
                 "modifiers": [{"source": "Hurt", "amount": -1, "section": "F95 4.31"}]},
        "foes": [{"name": "Molly", "level": 0, "ignored": True, "needs": -3}, {"name": "Annie", "level": 1}],
        "npc_roll": "group", "group_roll": {"faces": [1, 0]}, "targets": ["Annie"], "space": "cramped"})
    assert multi.GroupRound.from_dict(rnd.to_dict()) == rnd


def test_a_round_keeps_each_sides_all_out_choice_stance_and_a_foes_shield_through_json():
    # The encounter's log records the round as this JSON: a choice lost there would replay as another round.
    shield = {"source": "Molly's shield", "amount": -1, "section": "F95 4.31"}
    rnd = multi.GroupRound.from_dict({
        "lone": {"name": "Tucker", "level": 3, "roll": 0, "all_out": "offense", "stance": 2},
        "foes": [{"name": "Molly", "level": 0, "roll": 1, "lone_modifiers": [shield], "all_out": "defense",
                  "stance": -1}]})
    data = rnd.to_dict()
    assert {k: data["lone"][k] for k in ("all_out", "stance")} == {"all_out": "offense", "stance": 2}
    assert {k: data["foes"][0][k] for k in ("all_out", "stance", "lone_modifiers")} == {
        "all_out": "defense", "stance": -1, "lone_modifiers": [shield]}
    assert multi.GroupRound.from_dict(data) == rnd


# --- properties ------------------------------------------------------------------------------

faces4 = st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4)
foe_st = st.fixed_dictionaries({"level": st.integers(-3, 4), "faces": faces4, "ignored": st.booleans()})
rulesets = st.sampled_from([F95, MUD, F93, F95.with_options({"multi.sweeping_blow": True})])


@at_least(0.5)
@settings(max_examples=150, deadline=None)
@given(rules=rulesets, lone_level=st.integers(-3, 4), foes=st.lists(foe_st, min_size=1, max_size=7), data=st.data())
def test_any_valid_round_gives_an_outcome_or_a_fudge_error(rules, lone_level, foes, data):
    # Valid by construction, mostly: the lone fighter's dice are the ruleset's (two d6 under F93's
    # 2d6 technique), and the space admits the foes (F95 4.34's 6/4/2; seven foes stay refused).
    two_d6 = rules["dice.technique"] != "4dF"
    lone_faces = data.draw(st.lists(st.integers(1, 6), min_size=2, max_size=2) if two_d6 else faces4)
    foes = [{**f, "faces": data.draw(st.lists(st.integers(1, 6), min_size=2, max_size=2))} if two_d6 else f
            for f in foes]
    space = data.draw(st.sampled_from([s for s, most in (("open", 6), ("cramped", 4), ("doorway", 2))
                                       if len(foes) <= most] or ["open"]))
    data = {"lone": {"name": "L", "level": lone_level, "faces": lone_faces},
            "foes": [{"name": f"F{i}", **f} for i, f in enumerate(foes)], "space": space}
    try:
        rnd = multi.GroupRound.from_dict(data, rules=rules)
        out = multi.resolve_melee_group(rnd, rules=rules)
    except FudgeError:
        refused()
        return
    checked()
    # replay of the same faces gives the same outcome
    assert multi.resolve_melee_group(rnd, rules=rules) == out
    assert multi.resolve_melee_group(multi.GroupRound.from_dict(rnd.to_dict(), rules=rules), rules=rules) == out
    for f in out.foes:
        # nobody both hits and is wounded by the lone fighter; the lone fighter wounds only if no
        # defended foe beat him.
        assert not (f.hits_lone and f.can_be_wounded)
        if f.can_be_wounded:
            assert all(o.result <= out.lone_result for o in out.foes if not o.ignored)
            assert f.relative_degree >= 1
        if f.hits_lone:
            assert f.hit_degree >= 1
    assert out.to_dict()["lone"]["result"] == out.lone_result
    json.loads(json.dumps(out.to_dict(), allow_nan=False))


def test_an_all_out_choice_off_its_list_is_refused_by_the_foes_field():
    with pytest.raises(RequestError) as err:
        group(0, foe("Molly", 0, all_out="berserk"))
    assert err.value.field == "round.foes[0].all_out"
    assert str(err.value) == "all_out must be none, offense or defense, not 'berserk'."


@pytest.mark.parametrize("stance", [-2, -1, 0, 1, 2])
def test_a_stance_is_an_offence_modifier_from_minus_two_to_plus_two(stance):
    assert group(0, foe("Molly", 0, stance=stance)).foes[0].stance == stance


@pytest.mark.parametrize("stance", [True, 3, -3, 1.5])
def test_a_stance_off_minus_two_to_plus_two_or_a_flag_is_refused_by_its_field(stance):
    with pytest.raises(RequestError) as err:
        group(0, foe("Molly", 0, stance=stance))
    assert err.value.field == "round.foes[0].stance"
    assert str(err.value) == f"stance must be the offence modifier, −2 to +2, not {stance!r}."


def test_a_foes_modifiers_against_the_lone_fighter_that_are_no_list_are_refused_by_their_field():
    with pytest.raises(RequestError) as err:
        group(0, foe("Molly", 0, lone_modifiers="shield"))
    assert err.value.field == "round.foes[0].lone_modifiers"
