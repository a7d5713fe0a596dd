"""Each capability through the JSON door: the same rules as the modules, as data."""

import json

import pytest

from pyfudge import api


def ok(action, **args):
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": action, "action": action, "args": args})))
    assert reply["ok"], reply.get("error")
    return reply["result"]


def error(action, **args):
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": action, "action": action, "args": args})))
    assert not reply["ok"]
    return reply["error"]


@pytest.mark.parametrize("roll", [3, [], "ab", {"total": 1, "note": "x"}])
def test_a_roll_that_is_not_an_object_of_faces_or_a_total_is_refused_by_its_field(roll):
    """A number, a list or a string instead of the object, or the object with a key of its own:
    refused naming the roll, not a crash and not a key quietly ignored."""
    assert error("action", kind="situational", roll=roll) == {
        "type": "RequestError", "message": "roll must be an object with faces or a total.", "field": "args.roll"}


def test_a_roll_entered_as_faces_is_read_die_by_die_and_a_bad_die_named():
    result = ok("action", kind="situational", roll={"faces": [1, 1, 1, 0]})
    assert (result["roll"]["faces"], result["result_name"]) == ([1, 1, 1, 0], "Superb")
    assert error("action", kind="situational", roll={"faces": [1, 1, 1, 5]}) == {
        "type": "DiceError", "message": "roll[3]: a Fudge die shows −, 0 or +, not 5.", "field": "args.roll[3]"}
    assert error("action", kind="opposed", a="Good", b="Fair", roll_a={"total": 0},
                 roll_b={"faces": [0, 0, 7, 0]})["field"] == "args.roll_b[2]"


def test_a_missing_field_and_an_unknown_preset_are_refused_naming_them():
    assert error("action", kind="situational") == {
        "type": "RequestError", "message": "The request needs roll.", "field": "args.roll"}
    assert error("action", kind="situational", roll={"total": 1}, ruleset={"preset": "nope"})["field"] == \
        "args.ruleset.preset"


def test_describe_lists_presets_options_ladder_and_wound_levels():
    result = ok("describe")
    assert [p["key"] for p in result["presets"]] == ["fudge1995", "mudge", "fudge1993"]
    keys = {o["key"] for o in result["options"]}
    assert {"dice.technique", "damage.die", "wounds.boxes", "co.armor", "co.track"} <= keys
    assert result["wound_levels"][2]["name"] == "Hurt"
    for option in result["options"]:
        assert option["section"] and option["label"] and set(option["defaults"]) == {"fudge1995", "mudge", "fudge1993"}


def test_describe_gives_every_list_a_form_offers_with_its_values():
    """The forms read these lists from the door alone (no copy in JavaScript): the ladder, the
    wound levels by value, the techniques and what a total means where the dice are not simply
    added (F93 4.21–4.22), a new fighter's role by side, the round form's labels and inputs, the
    bestiary's templates."""
    result = ok("describe")
    assert result["ladder"][0] == {"value": -3, "name": "Terrible"}
    assert result["wound_levels"][:2] == [{"value": 0, "name": "Undamaged"}, {"value": 1, "name": "Scratch"}]
    assert "4dF" in result["techniques"] and "2d6_minus_7" in result["techniques"]
    assert set(result["totals"]) == {"2d6_difference", "2d6_minus_7", "2d6_remove_higher"}
    assert result["totals"]["2d6_minus_7"].startswith("the result after the rule: the two dice's sum less 7")
    assert result["role_by_side"] == {"players": "pc", "foes": "npc"}
    assert result["fighter"]["role"][0] == {"value": "pc", "label": "Player character"}
    assert result["round"]["exchange_kinds"][0] == {"value": "round", "label": "Both strike at once"}
    assert [i["key"] for i in result["inputs"]] == ["hasty", "speed", "location_check"]
    assert result["bestiary"] and all("name" in t for t in result["bestiary"])


def test_roll_uses_the_rulesets_technique_f93_remove_the_higher():
    # F93 4.21: plus die 3, minus die 5: the 5 is removed, +3 stays.
    result = ok("roll", level=2, faces=[3, 5], ruleset={"preset": "fudge1993"})
    assert result["total"] == 3 and result["result_name"] == "Superb +2"


def test_roll_accepts_an_entered_total():
    result = ok("roll", level=0, total=-2)
    assert result["result_name"] == "Poor" and result["entered"]


def test_unopposed_action_captain_wallop_succeeds():
    # F93 4.21: Great Piloting, +2 on the dice, against a Great difficulty.
    result = ok("action", kind="unopposed", check="Great", difficulty="Great", roll={"total": 2})
    assert result["success"] is True and result["margin"] == 2


def test_opposed_action_gives_relative_degree():
    result = ok("action", kind="opposed", a="Good", b="Mediocre", roll_a={"total": 0}, roll_b={"total": 0})
    assert result["relative"] == 2 and result["winner"] == "a"


def test_unknown_action_kind_names_the_field():
    assert error("action", kind="juggle")["field"] == "args.kind"


def test_exchange_hits_and_marks_the_loser():
    result = ok(
        "exchange",
        exchange={
            "a": {"name": "Snorri", "skills": {"Axe": 2}},
            "b": {"name": "Brynhild", "skills": {"Sword": 1}},
            "a_dice": {"roll": {"faces": [1, 1, 0, 0]}},
            "b_dice": {"roll": {"faces": [0, 0, 0, -1]}},
        },
    )
    assert result["result"] == "hit"
    assert all(step["section"] for step in result["steps"])


def test_exchange_with_a_bad_face_names_the_die():
    err = error(
        "exchange",
        exchange={
            "a": {"name": "A", "skills": {"Sword": 0}},
            "b": {"name": "B", "skills": {"Sword": 0}},
            "a_dice": {"roll": {"faces": [1, 1, 0, 7]}},
        },
    )
    assert err["field"].startswith("args.exchange.a_dice")


def test_an_exchange_refused_inside_its_blow_names_the_request_field_at_fault():
    # The blow's own names (damage_die, points_spent) are the request's a_dice.damage and
    # b_declares.points: a form points at what to fix (F95 4.61 damage die; F95 4.52 points).
    a, b = {"name": "A", "skills": {"Sword": "Great"}}, {"name": "B", "skills": {"Sword": "Poor"}, "fudge_points": 1}
    rolls = {"a_dice": {"roll": {"faces": [1, 1, 1, 1]}, "damage": [0, 0, 5, 0]},
             "b_dice": {"roll": {"faces": [-1, -1, -1, -1]}}}
    die = error("exchange", ruleset={"preset": "fudge1995", "options": {"damage.die": "situational_limited"}},
                exchange={"a": a, "b": b, **rolls})
    assert die["field"] == "args.exchange.a_dice.damage[2]"
    rolls["a_dice"] = {"roll": {"faces": [0, 0, 0, 0]}}
    rolls["b_dice"] = {"roll": {"faces": [-1, -1, 0, 0]}}
    point = error("exchange", exchange={"a": a, "b": b, **rolls, "b_declares": {"points": 1}})
    assert point["field"] == "args.exchange.b_declares.points", point


def test_wound_then_heal_round_trip_through_the_door():
    track = ok("track", role="pc")["track"]
    hurt = ok("wound", track=track, level=2)
    assert hurt["worst_after"] == 2
    healed = ok("heal", track=hurt["track"], how="skill", result="Good")
    assert healed["worst_after"] == 0


def test_end_of_battle_clears_scratches():
    track = ok("track", role="pc")["track"]
    scratched = ok("wound", track=track, level=1)["track"]
    assert ok("heal", track=scratched, how="end_of_battle")["worst_after"] == 0


@pytest.mark.parametrize("preset", ["fudge1995", "mudge", "fudge1993"])
def test_every_preset_gives_a_track(preset):
    assert ok("track", ruleset={"preset": preset})["view"]["rows"]


def test_unknown_option_is_refused_with_its_name():
    err = error("track", ruleset={"preset": "mudge", "options": {"no.such": 1}})
    assert "no.such" in err["field"]


def test_odds_of_two_fair_fighters_sum_to_one_and_standoff_matches_the_dice():
    result = ok("odds", odds={"a": {"name": "A", "skills": {"Sword": 0}}, "b": {"name": "B", "skills": {"Sword": 0}}})
    from fractions import Fraction

    total = sum(Fraction(v["exact"]) for v in result["exchange"].values())
    assert total == 1
    # Equal totals on 4dF stand off: (1+16+100+256+361+256+100+16+1)/6561 = 1107/6561 = 41/243.
    assert Fraction(result["exchange"]["stand-off"]["exact"]) == Fraction(41, 243)
    # A winner below Poor misses (F95 4.22): Terrible (4 ways) over Terrible −1 (1 way), both ways.
    assert Fraction(result["exchange"]["miss"]["exact"]) == Fraction(8, 6561)


def test_describe_gives_the_app_the_choices_of_a_fighter_sheet_and_a_declaration():
    from pyfudge.combat.declaration import Declaration
    from pyfudge.combat.fighter import Fighter
    result = ok("describe")
    for key, choices in result["fighter"].items():
        for choice in choices:  # every value listed is one Fighter.from_dict accepts
            Fighter.from_dict({"name": "X", "skills": {"Sword": 1}, key: choice["value"]})
            assert choice["label"]
    for key, choices in result["declare"].items():
        for choice in choices:
            Declaration.from_dict({key: choice["value"]})
    assert [c["value"] for c in result["declare"]["stance"]] == [
        "berserk", "aggressive", "normal", "cautious", "defensive"]


@pytest.mark.parametrize("count", [1, 2, 4])
def test_roll_rolls_a_number_of_fudge_dice(count):
    # The GM's 2dF group roll (F95 4.34) under any technique, even the 1993 draft's 2d6.
    for _ in range(20):
        result = ok("roll", dice=count, level=0, ruleset={"preset": "fudge1993"})
        assert result["dice"] == f"{count}dF" and len(result["faces"]) == count
        assert set(result["faces"]) <= {-1, 0, 1} and result["total"] == sum(result["faces"])


def test_roll_reads_entered_fudge_dice_of_a_number():
    assert ok("roll", dice=2, faces=[1, 0], level=0)["result_name"] == "Good"
    assert ok("roll", dice=2, total=-2, level=0)["result_name"] == "Poor"
    assert error("roll", dice=2, total=3)["field"] == "args.faces"
    assert error("roll", dice=2, faces=[1, 1, 0, 0])["field"] == "args.faces"


@pytest.mark.parametrize("count", [0, 3, 5, "2", 2.0, True, None])
def test_roll_refuses_a_number_of_dice_the_rules_never_roll(count):
    if count is None:
        assert ok("roll", dice=count)["dice"] == "4dF"  # no number: the ruleset's technique
    else:
        assert error("roll", dice=count)["field"] == "args.dice"


def _group_round(lone_roll, foe_roll):
    return {"lone": {"name": "Hero", "level": 1, "roll": lone_roll},
            "foes": [{"name": "Orc", "level": 0, "roll": foe_roll}]}


def _ranged_attack(shooter_roll, target_roll):
    return {"mode": "aware", "shooter": {"name": "Archer", "level": 1, "roll": shooter_roll, "difficulty": 0},
            "target": {"name": "Hero", "level": 0, "roll": target_roll}}


@pytest.mark.parametrize("action, build, key", [("group", _group_round, "round"),
                                                ("ranged", _ranged_attack, "attack")])
def test_group_and_ranged_totals_follow_the_dice_technique(action, build, key):
    # F93 4.21: the 2d6 ways show −5..+5 and read ±5 as 0, as an exchange reads them.
    f93 = {"preset": "fudge1993"}
    assert ok(action, ruleset=f93, **{key: build(5, -5)}) == ok(action, ruleset=f93, **{key: build(0, 0)})
    assert error(action, ruleset=f93, **{key: build(6, 0)})["field"].endswith(".roll")
    for technique in ("2d6_difference", "2d6_minus_7"):
        rules = {"preset": "fudge1995", "options": {"dice.technique": technique}}
        assert ok(action, ruleset=rules, **{key: build(-5, 2)}) == ok(action, ruleset=rules, **{key: build(0, 2)})
    # 4dF cannot show ±5: a typo, refused rather than read.
    assert error(action, ruleset={"preset": "fudge1995"}, **{key: build(5, 0)})["field"].endswith(".roll")
