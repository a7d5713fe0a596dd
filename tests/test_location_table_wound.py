"""MUD 4.35's hit location table in the encounter and at the door.

"An attack that wins the combat round by the exact relative degree needed makes the location
Wounded; an attack that wins ... by more ... Very Wounded", with the table's Willpower/Constitution
check ("use the lower of the two attributes") — and "these damage effects are only guidelines".
The check is the defender's declared ``location_check`` result. By default the blow's damage sets
the wound; ``location.table_wound`` (off in every preset) makes the table's wound the rule.
"""

import json

import pytest

from pyfudge import api
from pyfudge.combat.attack import resolve_exchange
from pyfudge.combat.declaration import Declaration, fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.core.options import PRESETS
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import OPTIONS, new_ruleset

TUCKER = {"name": "Tucker", "skills": {"Sword": "Superb"}, "weapon": {"name": "Sword", "size": 2}}
ANNIE = {"name": "Annie", "skills": {"Sword": "Fair"}}


def duel(**options):
    enc = Encounter(ruleset=new_ruleset("mudge", options))
    enc.apply({"t": "add", "fighter": TUCKER})
    enc.apply({"t": "add", "fighter": ANNIE})
    return enc


def head_blow(b_declares=None):
    # Tucker Superb +1 (rolled Superb +1) against Annie Fair +0: +4, more than the Head's +3 and
    # above its Great: the head is Very Wounded (check Great; made: Very Hurt, failed: Incapacitated).
    event = {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"aim": "Head"},
             "a_dice": {"roll": {"faces": [1, 0, 0, 0]}}, "b_dice": {"roll": {"faces": [0, 0, 0, 0]}}}
    if b_declares is not None:
        event["b_declares"] = b_declares
    return event


def blow(enc):
    return enc.state.last["outcome"]["blows"][0]


def test_the_table_setting_the_wound_is_an_option_off_in_every_preset():
    option = OPTIONS["location.table_wound"]
    assert option.section == "MUD 4.35"
    assert all(option.defaults[p] is False for p in PRESETS)
    described = json.loads(api.handle(json.dumps({"action": "describe"})))["result"]["options"]
    assert any(o["key"] == "location.table_wound" for o in described)


def test_by_default_the_blows_damage_sets_the_wound_and_the_check_is_guidance():
    plain = duel()
    plain.apply(head_blow())
    damage_level = blow(plain)["level"]
    assert blow(plain)["location_check"] is None
    enc = duel()
    enc.apply(head_blow({"location_check": "Good"}))
    check = blow(enc)["location_check"]
    assert (check["made"], check["wound_name"]) == (False, "Incapacitated")
    assert blow(enc)["level"] == damage_level  # guidance only
    assert any("guidelines" in s["text"] for s in blow(enc)["steps"])


@pytest.mark.parametrize("result, level", [("Great", "Very Hurt"), ("Good", "Incapacitated")])
def test_with_the_option_the_location_table_sets_the_wound(result, level):
    enc = duel(**{"location.table_wound": True})
    enc.apply(head_blow({"location_check": result}))
    assert blow(enc)["level_name"] == level
    assert any(s["section"] == "MUD 4.35" and "sets the wound" in s["text"] for s in blow(enc)["steps"])
    assert encounter_view.view(enc)["combatants"][1]["track"]["worst_name"] == level


def test_a_hand_hit_under_the_table_wounds_only_the_hand():
    enc = duel(**{"location.table_wound": True})
    event = {**head_blow({"location_check": "Fair"}), "a_declares": {"aim": "Hand"}}
    enc.apply(event)
    assert blow(enc)["level"] == 0
    assert blow(enc)["location_check"]["penalty"]["amount"] == -2  # Very Wounded hand, "regardless"


def test_with_the_option_the_check_must_be_given():
    enc = duel(**{"location.table_wound": True})
    with pytest.raises(FudgeError, match="Willpower/Constitution check") as err:
        enc.apply(head_blow())
    assert err.value.field == "event.b_declares.location_check"


def test_the_check_belongs_to_the_hit_location_table():
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": TUCKER})
    enc.apply({"t": "add", "fighter": ANNIE})
    with pytest.raises(FudgeError, match="MUD 4.35") as err:
        enc.apply({"t": "exchange", "a": "c1", "b": "c2", "b_declares": {"location_check": "Good"},
                   "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": 0}}})
    assert err.value.field == "event.b.location_check"  # the exchange names its sides a and b


def test_the_view_offers_the_check_as_the_rules_need_it():
    assert encounter_view.view(duel())["declare"]["location_check"] == "optional"
    assert encounter_view.view(duel(**{"location.table_wound": True}))["declare"]["location_check"] == "required"
    f95 = Encounter(ruleset=new_ruleset("fudge1995", {}))
    assert encounter_view.view(f95)["declare"]["location_check"] is None


def test_the_door_called_shot_takes_the_willpower_constitution_check():
    args = {"ruleset": {"preset": "mudge"}, "aim": {"location": "Head"}, "relative_degree": 4, "rolled": 4,
            "check": {"willpower": "Good", "constitution": "Fair", "roll": 1}}
    reply = json.loads(api.handle(json.dumps({"action": "called_shot", "args": args})))
    assert reply["ok"], reply
    check = reply["result"]["check"]  # the lower, Fair, +1: Good against Great — failed
    assert (check["result"], check["made"], check["wound_name"]) == (1, False, "Incapacitated")
    bad = json.loads(api.handle(json.dumps({"action": "called_shot", "args": {**args, "check": {"roll": 1}}})))
    assert not bad["ok"] and bad["error"]["field"] == "args.check"


def test_describe_lists_the_location_check_input():
    inputs = json.loads(api.handle(json.dumps({"action": "describe"})))["result"]["inputs"]
    entry = next(i for i in inputs if i["key"] == "location_check")
    assert entry["section"] == "MUD 4.35" and entry["type"] == "level"
    assert entry["offered"] == "declare.location_check" and "exchange.b_declares.location_check" in entry["where"]


def test_an_f95_called_shot_that_hits_its_part_asks_no_table_check_with_the_table_wound_option_left_on():
    # F95 4.35's relative-degree called shot names no part state: with the rules on F95's system,
    # MUD 4.35's table (and its check) is not in play, whatever location.table_wound says.
    rules = new_ruleset("fudge1995", {"location.system": "gm_minimum", "location.table_wound": True})
    out = resolve_exchange(Fighter.from_dict(TUCKER), Fighter.from_dict(ANNIE), rules=rules,
                           a_dice=fudge_dice([1, 0, 0, 0]), b_dice=fudge_dice([0, 0, 0, 0]),
                           a_declares=Declaration.from_dict({"aim": "head", "aim_relative": 1}))
    (blow,) = out.blows
    assert blow.called.landed == "aimed" and blow.called.effect is None
    assert blow.location_check is None and blow.level == blow.damage.level > 0
