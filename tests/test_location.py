"""Hit location (F95 4.35, MUD 4.35, F93 4.62 aimed blows)."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyfudge.combat import location
from pyfudge.combat.location import CalledShot, resolve_called_shot
from pyfudge.core.errors import FudgeError, RequestError, RuleError
from pyfudge.rules import wounds
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
F93 = find_ruleset("fudge1993")


def test_f95_called_shot_needs_the_gm_minimum_relative_degree():
    aim = CalledShot("weapon arm", min_relative=3)
    assert resolve_called_shot(aim, relative_degree=3, rolled=1, rules=F95).landed == "aimed"
    short = resolve_called_shot(aim, relative_degree=2, rolled=1, rules=F95)
    assert short.landed == "elsewhere" and short.chooser == "defender" and short.hit


def test_f95_needs_the_gm_number():
    with pytest.raises(RequestError):
        resolve_called_shot(CalledShot("eye"), relative_degree=3, rolled=1, rules=F95)


def test_losing_the_round_hits_nothing():
    out = resolve_called_shot(CalledShot("eye", min_relative=4), relative_degree=0, rolled=1, rules=F95)
    assert out.landed == "lost" and not out.hit


def test_f95_guideline_states_by_margin_over_the_minimum():
    aim = CalledShot("leg", min_relative=2)
    assert resolve_called_shot(aim, relative_degree=2, rolled=0, rules=F95).suggested == ("Scratched", "Hurt")
    assert resolve_called_shot(aim, relative_degree=4, rolled=0, rules=F95).suggested == ("Hurt", "Incapacitated")
    wide = F95.with_options({"location.significant": 3})
    assert resolve_called_shot(aim, relative_degree=4, rolled=0, rules=wide).suggested == ("Scratched", "Hurt")


def test_hurt_part_is_minus_one_to_its_use():
    assert location.part_modifier("sword arm", "Hurt").amount == -1
    assert location.part_modifier("sword arm", "Scratched") is None
    with pytest.raises(RuleError):
        location.part_modifier("sword arm", "Incapacitated")


def test_mud_exact_relative_degree_wounds_more_very_wounds():
    aim = CalledShot("Head")
    exact = resolve_called_shot(aim, relative_degree=3, rolled=2, rules=MUD)
    assert exact.state == "Wounded" and exact.effect["wound"] == wounds.HURT
    more = resolve_called_shot(aim, relative_degree=5, rolled=3, rules=MUD)
    assert more.state == "Very Wounded" and more.effect["wound_on_fail"] == wounds.INCAPACITATED


def test_mud_short_by_one_hits_elsewhere_by_more_misses():
    aim = CalledShot("Throat")  # Superb, +4
    assert resolve_called_shot(aim, relative_degree=3, rolled=3, rules=MUD).landed == "elsewhere"
    assert resolve_called_shot(aim, relative_degree=4, rolled=2, rules=MUD).landed == "elsewhere"
    assert resolve_called_shot(aim, relative_degree=2, rolled=3, rules=MUD).landed == "miss"
    assert resolve_called_shot(aim, relative_degree=4, rolled=1, rules=MUD).landed == "miss"
    # one short on each minimum is still only one short: elsewhere
    assert resolve_called_shot(aim, relative_degree=3, rolled=2, rules=MUD).landed == "elsewhere"


def test_mud_unknown_location_lists_the_table():
    with pytest.raises(RuleError, match="Arm/Hand"):
        resolve_called_shot(CalledShot("Tail"), relative_degree=3, rolled=3, rules=MUD)


def test_mud_check_uses_the_lower_of_willpower_and_constitution():
    hit = resolve_called_shot(CalledShot("arm/hand"), relative_degree=2, rolled=1, rules=MUD)
    assert hit.state == "Wounded" and hit.location == "Arm/Hand"
    made = location.location_check(hit, willpower=2, constitution=0, roll=0)
    assert made.made and made.consequence == "" and made.penalty.amount == -1
    failed = location.location_check(hit, willpower=2, constitution=-1, roll=0)
    assert not failed.made and failed.consequence == "drops what the hand holds"


def test_mud_throat_check_failure_is_near_death_when_very_wounded():
    hit = resolve_called_shot(CalledShot("Eyes"), relative_degree=6, rolled=4, rules=MUD)
    out = location.location_check(hit, willpower=1, constitution=1, roll=0)
    assert not out.made and out.wound == wounds.NEAR_DEATH
    ok = location.location_check(hit, willpower=1, constitution=1, roll=1)
    assert ok.made and ok.wound == wounds.INCAPACITATED


def test_check_only_after_a_mud_location_hit():
    out = resolve_called_shot(CalledShot("leg", min_relative=2), relative_degree=2, rolled=0, rules=F95)
    with pytest.raises(RuleError):
        location.location_check(out, willpower=0, constitution=0, roll=0)


def test_f93_has_no_called_shot_system():
    with pytest.raises(RuleError, match="aimed blow"):
        resolve_called_shot(CalledShot("hand", min_rolled=1), relative_degree=1, rolled=1, rules=F93)


def test_location_table_is_an_editable_validated_option():
    table = copy.deepcopy(location.MUD_TABLE)
    table.append({**copy.deepcopy(table[0]), "name": "Tail", "min_relative": 1, "min_rolled": 0})
    rules = MUD.with_options({"location.table": table})
    assert resolve_called_shot(CalledShot("Tail"), relative_degree=1, rolled=0, rules=rules).state == "Wounded"
    for broken in (
        [{**table[0], "min_relative": 0}],
        [table[0], table[0]],
        [{**table[0], "wounded": {**table[0]["wounded"], "wound_on_fail": -1}}],
        [{k: v for k, v in table[0].items() if k != "very_wounded"}],
        [{**table[2], "wounded": {**table[2]["wounded"], "wound_on_fail": wounds.SCRATCH}}],
    ):
        with pytest.raises(FudgeError):
            MUD.with_options({"location.table": broken})


def test_called_shot_round_trips():
    for aim in (CalledShot("Head"), CalledShot("eye", min_relative=4, min_rolled=2)):
        assert CalledShot.from_dict(aim.to_dict()) == aim
    with pytest.raises(FudgeError) as err:
        CalledShot.from_dict({"location": "eye", "min_relative": 0})
    assert err.value.field == "aim.min_relative"


@settings(max_examples=200, deadline=None)
@given(rules=st.sampled_from([F95, MUD]), rd=st.integers(-6, 10), rolled=st.integers(-6, 8),
       name=st.sampled_from(["Arm/Hand", "Leg/Foot", "Groin", "Head", "Throat", "Eyes"]),
       min_rel=st.integers(1, 5), min_rolled=st.integers(-3, 4))
def test_any_called_shot_resolves_and_a_better_degree_never_does_worse(rules, rd, rolled, name, min_rel, min_rolled):
    aim = CalledShot(name, min_relative=min_rel, min_rolled=min_rolled)
    order = {"lost": 0, "miss": 1, "elsewhere": 2, "aimed": 3}
    out = resolve_called_shot(aim, relative_degree=rd, rolled=rolled, rules=rules)
    better = resolve_called_shot(aim, relative_degree=rd + 1, rolled=rolled + 1, rules=rules)
    assert order[better.landed] >= order[out.landed]
    assert out.hit == (out.landed in ("aimed", "elsewhere"))
    assert out.to_dict()["landed"] == out.landed


def test_a_part_of_a_combined_row_name_finds_the_row():
    # MUD 4.35: Tucker slashes at Annie's "hand": the table's Arm/Hand row.
    assert location.find_location("hand", rules=MUD)["name"] == "Arm/Hand"
    assert location.find_location(" LEG ", rules=MUD)["name"] == "Leg/Foot"
    with pytest.raises(RuleError):
        location.find_location("tail", rules=MUD)


def test_the_called_shot_options_are_named_and_cited_in_the_rules_form():
    """The rules form lists each called-shot option by its name with the section it comes from."""
    named = {o.key: (o.label, o.section) for o in location.OPTIONS}
    assert named["location.system"] == ("Called shots", "F95 4.35")
    assert named["location.table"] == ("Hit location table", "MUD 4.35")
    assert named["location.significant"] == ("A \u201csignificant\u201d margin over the minimum", "F95 4.35")
