"""A group round asked for its odds (``GroupOddsRequest``, the door's ``group_odds``): the odds
weigh every roll, so a round's dice and targets are not part of what is asked — two rounds that
differ only in them are the same request, in every way the NPCs roll (F95 4.34)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pyfudge.analysis.group_odds import Declared, GroupOddsRequest, group_odds
from pyfudge.combat import multi
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
LONE = Fighter.from_dict({"name": "Tucker", "skills": {"Sword": 3}})
FOES = (Fighter.from_dict({"name": "Molly", "skills": {"Sword": 0}}),
        Fighter.from_dict({"name": "Annie", "skills": {"Sword": 1}}))


def _round(mode: str, roll: int, faces: list[int], foe_roll: int, d6: list[int], targets: list[str]):
    data = {"lone": {"name": "Tucker", "level": 3, "roll": roll, "faces": faces},
            "foes": [{"name": "Molly", "level": 0}, {"name": "Annie", "level": 1}], "npc_roll": mode,
            "targets": targets}
    if mode == "each":
        for f in data["foes"]:
            f.update(roll=foe_roll, faces=[foe_roll // 2] * 2 + [0, 0])
    if mode == "group":
        data["group_roll"] = {"roll": foe_roll, "faces": [foe_roll // 2] * 2}
    if mode == "d6":
        for f in data["foes"]:
            f["d6"] = d6
    return multi.GroupRound.from_dict(data, rules=F95)


@pytest.mark.parametrize("mode", ["each", "fixed", "group", "d6"])
def test_rounds_that_differ_only_in_their_dice_and_targets_are_the_same_request(mode):
    one = GroupOddsRequest(_round(mode, 2, [1, 1, 0, 0], 2, [2], ["Molly"]), LONE, FOES)
    other = GroupOddsRequest(_round(mode, -2, [-1, -1, 0, 0], -2, [6, 4], ["Annie"]), LONE, FOES)
    assert one == other
    data = json.loads(json.dumps(one.to_dict()))
    assert data == other.to_dict()
    assert GroupOddsRequest.from_dict(data) == one
    # What the request says of the round holds no dice and no targets.
    assert not {"roll", "faces", "d6"} & set(data["round"]["lone"])
    assert all(not {"roll", "faces", "d6"} & set(f) for f in data["round"]["foes"])
    assert not {"group_roll", "group_faces", "targets"} & set(data["round"])
    # And its odds are the round's, whatever dice it was declared with.
    if mode != "each":  # (each foe rolling his own dice: 729 classes, weighed in test_odds_group.py)
        assert one.odds(F95) == group_odds(_round(mode, 0, [0, 0, 0, 0], 0, [3], []), lone=LONE, foes=FOES, rules=F95)


def test_requests_made_of_lists_and_mappings_are_the_same_as_of_tuples():
    rnd = _round("fixed", 0, [0, 0, 0, 0], 0, [3], [])
    made = GroupOddsRequest(rnd, LONE, list(FOES), ["Annie"], {"Tucker": ["Fair", "Good"], "Molly": "Fair"})
    assert made == GroupOddsRequest(rnd, LONE, FOES, ("Annie",), (("Tucker", ("Fair", "Good")), ("Molly", "Fair")))
    assert hash(made)  # frozen all the way down: a request can key a cache


def _good() -> dict:
    return json.loads(json.dumps(GroupOddsRequest(_round("fixed", 0, [0, 0, 0, 0], 0, [3], []), LONE, FOES).to_dict()))


def _with(path: tuple, value) -> dict:
    data = _good()
    at = data
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return data


DICE = "The odds weigh every roll: leave the dice out."
ROUND = "group_odds.round must be an object with lone and foes."


@pytest.mark.parametrize(("data", "message", "field"), [
    ([], "group_odds must be an object with a round, a lone fighter and foes.", "group_odds"),
    ({**_good(), "zz": 1, "aa": 2}, "group_odds: unknown field 'aa'.", "group_odds.aa"),
    ({k: v for k, v in _good().items() if k != "lone"}, "group_odds needs lone.", "group_odds.lone"),
    (_with(("round",), []), ROUND, "group_odds.round"),
    (_with(("round", "lone"), 1), ROUND, "group_odds.round"),
    (_with(("round", "foes"), "Molly"), ROUND, "group_odds.round"),
    (_with(("round", "lone", "faces"), [0, 0, 0, 0]), DICE, "group_odds.round.lone.faces"),
    (_with(("round", "lone", "d6"), [3]), DICE, "group_odds.round.lone.d6"),
    (_with(("round", "foes", 1, "faces"), [0, 0, 0, 0]), DICE, "group_odds.round.foes[1].faces"),
    (_with(("round", "foes", 1, "d6"), [3]), DICE, "group_odds.round.foes[1].d6"),
    (_with(("round", "group_roll"), 0), "The odds choose no group roll: leave it out.", "group_odds.round.group_roll"),
    (_with(("round", "targets"), []), "The odds choose no targets: leave it out.", "group_odds.round.targets"),
    (_with(("foes",), {"name": "Molly"}), "group_odds.foes must be a list of fighters.", "group_odds.foes"),
    (_with(("prefer",), "Annie"), "group_odds.prefer must list foe names.", "group_odds.prefer"),
    (_with(("prefer",), ["Annie", 2]), "group_odds.prefer must list foe names.", "group_odds.prefer"),
])
def test_a_bad_request_is_refused_saying_what_and_where(data, message, field):
    with pytest.raises(FudgeError) as refused:
        GroupOddsRequest.from_dict(data)
    assert (refused.value.message, refused.value.field) == (message, field)


def test_the_odds_of_one_foe_are_found_by_name_and_an_unknown_one_refused():
    odds = group_odds(_round("fixed", 0, [0, 0, 0, 0], 0, [3], []), lone=LONE, foes=FOES, rules=F95)
    assert odds.foe("Annie").name == "Annie"
    with pytest.raises(FudgeError) as refused:
        odds.foe("Nobody")
    assert (refused.value.message, refused.value.field) == ("'Nobody' is not one of the foes.", "foe")


def test_the_odds_as_json_name_every_part_the_app_reads():
    # F95 4.34: Tucker (Superb, two foes: −1) rolls 2 + t against fixed NPCs at 0 and +1. He lands
    # a blow unless he scores at most +1 (t ≤ −1: 31 of 81), and only Annie (+1) hits him when
    # 2 + t < 1 (t ≤ −2: 15 of 81).
    data = json.loads(json.dumps(group_odds(_round("fixed", 0, [0, 0, 0, 0], 0, [3], []), lone=LONE, foes=FOES,
                                            rules=F95).to_dict()))
    assert set(data) == {"lone", "hits_taken", "lone_after", "strikes", "foes", "prefer", "classes", "runs", "steps"}
    assert Fraction(data["strikes"]["exact"]) == Fraction(50, 81) and data["prefer"] == ["Molly", "Annie"]
    assert data["classes"] == data["runs"] == 9 and data["steps"][-1]["section"] == "F95 4.34"
    annie = data["foes"][1]
    assert set(annie) == {"name", "hits_lone", "wounds_to_lone", "struck", "wounds_from_lone", "after",
                          "stuns_to_lone", "stuns_from_lone"}
    assert Fraction(annie["hits_lone"]["exact"]) == Fraction(15, 81)
    assert sum(Fraction(w["exact"]) for w in annie["wounds_to_lone"]) == Fraction(15, 81)
    assert sum(Fraction(w["exact"]) for w in annie["after"]) == 1


def _plain_and_stunning(striker: str, foe: str):
    """``foe``'s odds in the fixed round below, plain and with ``striker`` striking to stun."""
    rnd = _round("fixed", 0, [0, 0, 0, 0], 0, [3], [])
    plain = group_odds(rnd, lone=LONE, foes=FOES, rules=F95).foe(foe)
    stunning = group_odds(rnd, lone=LONE, foes=FOES, rules=F95,
                          declared=Declared({striker: Declaration(stun=True)})).foe(foe)
    return plain, stunning


def test_a_foe_striking_to_stun_leaves_a_stun_where_her_blow_would_have_hurt():
    # F95 4.62: a blow struck to stun leaves no wound, and stuns only at Hurt or worse. Annie hits
    # Tucker with t ≤ −2 (15 of 81, as above): unarmed, a Scratch by 1 or 2 (t = −2, −3: 14 of
    # 81) and Hurt by 3 (t = −4: 1 of 81). Struck to stun: the Scratches leave nothing, the Hurt
    # a stun.
    plain, stunning = _plain_and_stunning("Annie", "Annie")
    assert stunning.hits_lone == plain.hits_lone == Fraction(15, 81)
    assert plain.wounds_to_lone == ((1, Fraction(14, 81)), (2, Fraction(1, 81))) and plain.stuns_to_lone == ()
    assert stunning.wounds_to_lone == ((0, Fraction(14, 81)),) and stunning.stuns_to_lone == ((2, Fraction(1, 81)),)


def test_the_lone_fighter_striking_to_stun_leaves_stuns_where_his_blows_would_have_hurt():
    # F95 4.62, the other way round: Tucker strikes Molly with 50 in 81 (as above), a Scratch,
    # Hurt or Very Hurt. Struck to stun, his Scratches leave nothing, his Hurt and Very Hurt are
    # stuns, counted apart from wounds, and Molly ends the round unwounded.
    plain, stunning = _plain_and_stunning("Tucker", "Molly")
    assert stunning.struck == plain.struck == Fraction(50, 81)
    assert plain.wounds_from_lone == ((1, Fraction(19, 81)), (2, Fraction(26, 81)), (3, Fraction(5, 81)))
    assert plain.stuns_from_lone == ()
    # Her level after the round: unhurt unless struck (31 in 81), else as his blow left her.
    assert plain.after == ((0, Fraction(31, 81)), (1, Fraction(19, 81)), (2, Fraction(26, 81)), (3, Fraction(5, 81)))
    assert stunning.wounds_from_lone == ((0, Fraction(19, 81)),)
    assert stunning.stuns_from_lone == ((2, Fraction(26, 81)), (3, Fraction(5, 81)))
    assert stunning.after == ((0, Fraction(1)),)


@pytest.mark.parametrize(("path", "field"), [
    (("round", "lone", "level"), "group_odds.round.lone.level"),
    (("lone", "skills"), "group_odds.lone.skills"),
    (("foes", 1, "skills"), "group_odds.foes[1].skills"),
])
def test_a_bad_fighter_or_round_is_refused_where_it_is_in_the_request(path, field):
    with pytest.raises(FudgeError) as refused:
        GroupOddsRequest.from_dict(_with(path, "x"))
    assert refused.value.field.startswith(field), refused.value.field


def test_group_odds_too_dear_are_refused_by_default_naming_the_budget_and_the_sampling():
    # Issue 27's budget: more than 4,000 resolutions is too dear for exact odds. Three foes
    # rolling their own dice (9⁴ classes of totals) are refused unless sampling is asked for,
    # and the refusal says what is on offer: the GM's one roll (F95 4.34), or about ±2 points
    # from 2,401 seeded draws.
    third = Fighter.from_dict({"name": "Maggie", "skills": {"Sword": -1}})
    data = {"lone": {"name": "Tucker", "level": 3, "roll": 0, "faces": [0, 0, 0, 0]}, "npc_roll": "each",
            "foes": [{"name": n, "level": lv, "roll": 0, "faces": [0, 0, 0, 0]}
                     for n, lv in (("Molly", 0), ("Annie", 1), ("Maggie", -1))]}
    with pytest.raises(RuleError) as refused:
        group_odds(multi.GroupRound.from_dict(data, rules=F95), lone=LONE, foes=FOES + (third,), rules=F95)
    assert refused.value.message == (
        "Exact odds of this round would take more than 4000 resolutions; with the GM's one roll for "
        "all the foes (F95 4.34) they can be given exactly; they can be sampled: about, each chance "
        "within ±2 points, from 2401 seeded draws.")
    assert refused.value.field == "foes" and refused.value.asks == {"input": "sample"}


def test_a_request_too_dear_for_exact_odds_is_refused_unless_asked_to_sample():
    # Three foes rolling their own dice: 9⁴ classes of totals, more than the 4,000 runs allowed.
    third = Fighter.from_dict({"name": "Maggie", "skills": {"Sword": -1}})
    data = {"lone": {"name": "Tucker", "level": 3, "roll": 0, "faces": [0, 0, 0, 0]}, "npc_roll": "each",
            "foes": [{"name": n, "level": lv, "roll": 0, "faces": [0, 0, 0, 0]}
                     for n, lv in (("Molly", 0), ("Annie", 1), ("Maggie", -1))]}
    req = GroupOddsRequest(multi.GroupRound.from_dict(data, rules=F95), LONE, FOES + (third,))
    with pytest.raises(RuleError) as refused:
        req.odds(F95)
    assert refused.value.asks == {"input": "sample"}
    assert req.odds(F95, sample=400).sampled["draws"] == 400


def test_a_foe_that_is_not_an_object_is_refused_by_name_whoever_rolls():
    for mode in ("each", "d6", "group"):
        data = _with(("round", "npc_roll"), mode)
        data["round"]["foes"][0] = 1
        with pytest.raises(FudgeError) as refused:
            GroupOddsRequest.from_dict(data)
        assert refused.value.field == "group_odds.round.foes[0]", mode


def test_sampled_odds_are_kept_apart_for_each_willpower_declared():
    # F95 4.52: the Willpower result declared changes the wounds, so draws kept for one are not
    # the odds of another (the same round otherwise, sampled: one run allowed).
    from pyfudge.analysis import sampling

    rules = find_ruleset("fudge1995", wounds__willpower="temporary")
    rnd = _round("fixed", 0, [0, 0, 0, 0], 0, [3], [])

    def sampled(result: int):
        will = {"Tucker": result, "Molly": result, "Annie": result}
        return group_odds(rnd, lone=LONE, foes=FOES, rules=rules, willpower=will, max_runs=1, sample=400)

    sampling._KEPT.clear()
    weak = sampled(-3)
    sampling._KEPT.clear()
    strong = sampled(3)
    assert weak.foe("Molly").wounds_from_lone != strong.foe("Molly").wounds_from_lone
    assert sampled(-3) == weak  # with the draws of the strong result kept


def test_exact_odds_asked_with_runs_enough_are_exact_even_after_the_round_was_sampled():
    from pyfudge.analysis import sampling

    sampling._KEPT.clear()
    rnd = _round("fixed", 0, [0, 0, 0, 0], 0, [3], [])
    assert group_odds(rnd, lone=LONE, foes=FOES, rules=F95, max_runs=1, sample=400).sampled
    exact = group_odds(rnd, lone=LONE, foes=FOES, rules=F95, sample=False)
    assert exact.sampled is None and exact.strikes == Fraction(50, 81)


def test_sampled_odds_count_the_classes_drawn_and_one_more_run_for_the_coarsest():
    # Each foe rolling his own dice, sampled: the coarsest class is run first, then each class
    # drawn once (test_odds_group_sampled.py: the sampler's own count).
    from pyfudge.analysis import sampling

    sampling._KEPT.clear()
    rnd = _round("each", 0, [0, 0, 0, 0], 0, [3], [])
    odds = group_odds(rnd, lone=LONE, foes=FOES, rules=F95, max_runs=1, sample=400)
    assert odds.runs == odds.classes + 1 and 9 < odds.classes <= 400


def test_a_round_whose_wounds_need_a_damage_capacity_roll_is_refused_saying_dice_are_not_enough():
    # F95 4.52: the Damage Capacity roll is the GM's at the table, not a die the odds can weigh.
    rnd = _round("fixed", 0, [0, 0, 0, 0], 0, [3], [])
    with pytest.raises(RuleError) as refused:
        group_odds(rnd, lone=LONE, foes=FOES, rules=find_ruleset("fudge1995", damage__capacity="roll"))
    assert refused.value.message.startswith("Exact odds cannot be given: some rolls need more than dice. A wound")
    assert refused.value.field.startswith("capacity_roll.")
