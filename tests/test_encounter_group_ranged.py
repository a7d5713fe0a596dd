"""The encounter's group and ranged events: the same result as the JSON door's ``group`` and
``ranged`` actions for the same inputs, wounds marked, replay/undo/codec as for ``exchange``."""

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 1}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}
ARCHER = {"name": "Archer", "role": "npc", "skills": {"Bow": "Good"}, "weapon": {"name": "Bow", "size": 1}}


def door(action, args):
    response = json.loads(api.handle(json.dumps({"action": action, "args": args})))
    assert response["ok"], response
    return response["result"]


def fight(*fighters, options=None, preset="fudge1995"):
    enc = Encounter(ruleset=new_ruleset(preset, options or {}))
    for f in fighters:
        enc.apply({"t": "add", "fighter": f})
    return enc


def level(enc, cid):
    return next(c for c in enc.state.combatants if c.id == cid).fighter.track_for(enc.state.rules).worst


def test_group_round_equals_the_door_and_marks_every_wound():
    enc = fight(HERO, ORC, GOB)
    event = {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
             "lone_dice": {"roll": {"faces": [-1, -1, 0, 0]}},
             "foe_dice": {"c2": {"roll": {"faces": [1, 1, 1, 0]}}, "c3": {"roll": {"faces": [1, 1, 1, 1]}}}}
    enc.apply(event)
    last = enc.state.last
    assert last["kind"] == "group"
    assert last["group"] == door("group", {"ruleset": {"preset": "fudge1995"}, "round": last["round"]})
    # Good −1 (two foes) −2 = Poor; both foes beat him: two wounds from one round (F95 4.34).
    assert last["round"]["lone"]["modifiers"] == []
    assert [h[0] for h in last["group"]["hits_on_lone"]] == ["Orc", "Gob"]
    assert len(last["outcome"]["blows"]) == 2
    assert level(enc, "c1") > 0
    assert any(s["section"] == "F95 4.34" for s in last["outcome"]["steps"])
    assert "Hero against Orc, Gob" in last["text"]
    # Replay and undo keep it.
    again = Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))
    assert encounter_view.view(again) == encounter_view.view(enc)
    enc.apply({"t": "undo"})
    assert level(enc, "c1") == 0
    enc.apply({"t": "redo"})
    assert encounter_view.view(enc)["combatants"] == encounter_view.view(again)["combatants"]


def test_group_roll_of_the_gm_and_the_lone_fighters_blow():
    enc = fight(HERO, ORC, GOB)
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c3"],
               "lone_dice": {"roll": {"faces": [1, 1, 1, 0]}}, "group_roll": {"faces": [-1, 0]}})
    last = enc.state.last
    assert last["round"]["npc_roll"] == "group"
    assert last["round"]["group_roll"] == {"faces": [-1, 0]}
    assert last["group"] == door("group", {"ruleset": {"preset": "fudge1995"}, "round": last["round"]})
    assert last["group"]["strikes"][0][0] == "Gob"
    assert level(enc, "c3") > 0 and level(enc, "c1") == 0
    # The GM's group roll is 2dF in Fudge 1995: four dice are refused, nothing changes.
    before = encounter_view.view(enc)
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}},
                   "group_roll": {"faces": [0, 0, 0, 0]}})
    assert err.value.field.startswith("event.")
    assert encounter_view.view(enc) == before
    # He beats both: the player chooses whom he wounds (F95 4.34), refused until he does.
    before = encounter_view.view(enc)
    with pytest.raises(FudgeError, match="may wound Orc, Gob: choose the foe struck") as err:
        enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}},
                   "group_roll": {"total": -2}})
    assert err.value.field == "event.targets" and encounter_view.view(enc) == before
    # A total works too, and a foe's own dice are refused with a group roll.
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}},
               "group_roll": {"total": -2}, "targets": ["c2"]})
    assert enc.state.last["group"]["strikes"][0][0] == "Orc"
    with pytest.raises(FudgeError, match="rolls no dice"):
        enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}},
                   "group_roll": {"total": 0}, "foe_dice": {"c2": {"roll": {"total": 1}}}})


def test_group_round_npcs_fixed_need_no_dice_and_penalties_carry():
    enc = fight(HERO, ORC, GOB, options={"melee.npc_fixed": True})
    enc.apply({"t": "wound", "id": "c1", "level": 2})  # Hurt: −1 to the next round by itself
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 1}}})
    last = enc.state.last
    assert last["round"]["npc_roll"] == "fixed"
    assert last["round"]["lone"]["modifiers"] == [{"source": "wounds", "amount": -1, "section": "F95 4.31"}]
    assert last["group"] == door("group", {"ruleset": {"preset": "fudge1995", "options": {"melee.npc_fixed": True}},
                                           "round": last["round"]})


def test_npcs_fixed_only_against_a_player_character_alone():
    # F95 4.33 fixes NPCs' results against a PC: an NPC alone against NPCs, every fighter rolls.
    enc = fight(HERO, ORC, GOB, options={"melee.npc_fixed": True})
    enc.apply({"t": "group", "lone": "c2", "foes": ["c3"], "lone_dice": {"roll": {"total": 1}},
               "foe_dice": {"c3": {"roll": {"total": -1}}}})
    rnd = enc.state.last["round"]
    assert rnd["npc_roll"] == "each" and rnd["foes"][0]["roll"] == -1


ROLLED_ALONE = {"lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 0}}}


@pytest.mark.parametrize("event, field", [
    ({"lone": "c1", "foes": []}, "event.foes"),
    ({"lone": "c1", "foes": ["c1", "c2"]}, "event.foes"),
    ({"lone": "c1", "foes": ["c2", "c2"]}, "event.foes"),
    ({"lone": "c1", "foes": ["c2"], "targets": ["c3"]}, "event.targets[0]"),
    ({"lone": "c1", "foes": ["c2"], "foe_dice": {"c3": {}}}, "event.foe_dice.c3"),
    ({"lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 0}}}, "event.foe_dice.c2.roll"),
    ({"lone": "c1", "foes": ["c2"], "oops": 1}, "event.oops"),
    # The GM's one roll (F95 4.34) is faces or a total, one of them, in an object.
    ({**ROLLED_ALONE, "group_roll": {"roll": 0}}, "event.group_roll"),
    ({**ROLLED_ALONE, "group_roll": {"faces": [0, 0], "total": 0}}, "event.group_roll"),
    ({**ROLLED_ALONE, "group_roll": 0}, "event.group_roll"),
])
def test_bad_group_events_name_their_field_and_change_nothing(event, field):
    enc = fight(HERO, ORC, GOB)
    before = enc.to_dict()
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "group", **event})
    assert err.value.field == field
    assert enc.to_dict() == before


def test_ranged_aware_equals_the_door_and_wounds_the_target():
    enc = fight(ARCHER, HERO)
    enc.apply({"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
               "shooter_dice": {"roll": {"faces": [1, 1, 1, 0]}, "damage": [0, 0, 0, 0]},
               "target_dice": {"roll": {"faces": [-1, 0, 0, 0]}}})
    last = enc.state.last
    assert last["kind"] == "ranged"
    assert last["ranged"] == door("ranged", {"ruleset": {"preset": "fudge1995"}, "attack": last["attack"]})
    shot = last["ranged"]["shots"][0]
    assert shot["hit"] and shot["defence_modifiers"][0]["amount"] == -2  # propelled: dodge −2 (F95 4.4)
    assert level(enc, "c2") > 0
    assert "Archer shoots at Hero: Archer hits" in last["text"]
    again = Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))
    assert encounter_view.view(again) == encounter_view.view(enc)


def test_ranged_unaware_thrown_shoot_back_and_autofire():
    enc = fight(ARCHER, HERO)
    enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": 2,
               "weapon": "thrown", "shooter_dice": {"roll": {"total": 0}}})
    assert enc.state.last["ranged"]["shots"][0]["hit"] is False
    enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": 1,
               "weapon": "thrown", "shooter_dice": {"roll": {"total": 1}, "damage": [0, 0, 0, 0]}})
    assert enc.state.last["outcome"]["blows"][0]["defender"] == "Hero"
    assert level(enc, "c2") > 0
    enc.apply({"t": "ranged", "mode": "shoot_back", "shooter": "c1", "target": "c2", "difficulty": 0,
               "target_difficulty": 0, "shooter_dice": {"roll": {"total": 1}},
               "target_dice": {"roll": {"total": 2}}, "burst": 10})
    last = enc.state.last
    assert [s["hit"] for s in last["ranged"]["shots"]] == [True, True]
    assert last["ranged"]["shots"][0]["autofire"] is not None
    assert last["ranged"] == door("ranged", {"ruleset": {"preset": "fudge1995"}, "attack": last["attack"]})
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": 0,
                   "shooter_dice": {"roll": {"total": 0}}, "target_dice": {"roll": {"total": 0}}})
    assert err.value.field == "event.target_dice.roll"
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2",
                   "shooter_dice": {"roll": {"total": 0}}, "target_dice": {"roll": {"total": 0}}})
    assert err.value.field == "event.attack.shooter.difficulty"


@pytest.mark.parametrize("event, field", [
    ({"mode": "aware", "difficulty": 9}, "event.attack.shooter.difficulty"),
    ({"mode": "shoot_back", "difficulty": 0, "target_difficulty": -9}, "event.attack.target.difficulty"),
])
def test_a_ranged_events_difficulty_off_the_ladder_is_refused_by_the_shot_it_sets(event, field):
    enc = fight(ARCHER, HERO)
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "ranged", "shooter": "c1", "target": "c2", "shooter_dice": {"roll": {"total": 0}},
                   "target_dice": {"roll": {"total": 0}}, **event})
    assert err.value.field == field
    assert "off the ladder (allowed -8 to 8)" in str(err.value)


@pytest.mark.parametrize("declares, field, message", [
    ({"shooter_declares": {"points": 3}}, "event.shooter_declares.points", "Archer has only 0 point(s) to spend."),
    ({"target_declares": {"points": 2}}, "event.target_declares.points", "Hero has only 0 point(s) to spend."),
])
def test_a_choice_the_fighter_cannot_make_in_fire_is_refused_by_his_declaration(declares, field, message):
    enc = fight(ARCHER, HERO)
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
                   "shooter_dice": {"roll": {"total": 0}}, "target_dice": {"roll": {"total": 0}}, **declares})
    assert (err.value.field, str(err.value)) == (field, message)


@pytest.mark.parametrize("event, field", [
    ({"weapon": "sling"}, "event.attack.weapon"),
    ({"burst": 0}, "event.attack.burst"),
])
def test_a_ranged_events_weapon_or_burst_that_cannot_be_read_is_refused_by_its_field(event, field):
    enc = fight(ARCHER, HERO)
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": 0,
                   "shooter_dice": {"roll": {"total": 0}}, **event})
    assert err.value.field == field


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ids = st.sampled_from(["c1", "c2", "c3", "c9", 3, None])
_roll = st.fixed_dictionaries({}, optional={"faces": st.lists(st.sampled_from([-1, 0, 1, 2]), max_size=5),
                                            "total": st.integers(-6, 6)})
_fdice = st.fixed_dictionaries({}, optional={"roll": _roll, "damage": st.lists(st.integers(-1, 1), max_size=4)})
_decl = st.fixed_dictionaries({}, optional={"skill": st.sampled_from(["Sword", "Club", "Nope"]),
                                            "defence_skill": st.sampled_from(["Sword", "Nope"]),
                                            "aim": st.sampled_from(["head", ""]), "max_level": st.integers(0, 7)})
_group = st.fixed_dictionaries({"t": st.just("group"), "lone": _ids}, optional={
    "foes": st.lists(_ids, max_size=3), "lone_dice": _fdice,
    "foe_dice": st.dictionaries(st.sampled_from(["c2", "c3", "x"]), _fdice),
    "foe_declares": st.dictionaries(st.sampled_from(["c2", "c3"]), _decl), "lone_declares": _decl,
    "group_roll": st.one_of(_roll, st.integers()), "ignored": st.lists(_ids, max_size=2),
    "targets": st.lists(_ids, max_size=2), "space": st.sampled_from(["open", "doorway", 1])})
_ranged = st.fixed_dictionaries({"t": st.just("ranged"), "shooter": _ids, "target": _ids}, optional={
    "mode": st.sampled_from(["aware", "unaware", "shoot_back", "x"]),
    "weapon": st.sampled_from(["thrown", "propelled", 0]),
    "burst": st.integers(-1, 2000), "difficulty": st.integers(-5, 5), "target_difficulty": st.integers(-5, 5),
    "shooter_dice": _fdice, "target_dice": _fdice, "shooter_declares": _decl, "target_declares": _decl})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_group, _ranged), min_size=1, max_size=4))
def test_any_group_or_ranged_event_is_applied_or_refused_with_nothing_changed(events):
    enc = fight(HERO, ORC, GOB)
    for event in events:
        before = enc.to_dict()
        try:
            enc.apply(event)
        except FudgeError as err:
            assert err.field and err.field.startswith("event")
            assert enc.to_dict() == before
    assert encounter_view.view(Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))) == encounter_view.view(enc)


def test_story_element_equals_the_door_and_is_kept_in_the_log():
    enc = fight(HERO, ORC, options={"melee.pacing": "story"})
    with pytest.raises(FudgeError, match="story element"):
        enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 0}},
                   "b_dice": {"roll": {"total": 0}}})
    rolls = [{"faces": [1, 1, 0, 0]}, {"total": -1}, {"total": 0}]
    enc.apply({"t": "story", "id": "c1", "rolls": rolls, "modifier": -1})
    last = enc.state.last
    want = door("action", {"ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "story"}}, "kind": "story",
                           "check": {"trait": 1, "modifiers": [{"source": "GM's modifier", "amount": -1,
                                                                "section": "F95 4.21"}]},
                           "rolls": rolls})
    assert last["outcome"] == want
    assert last["text"] == "Round 1, story element: Hero gets Fair."  # Good −1, median roll 0
    assert encounter_view.view(Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))) == encounter_view.view(enc)
    for bad, field in (({"rolls": [{"total": 0}] * 2}, "event.rolls"), ({"rolls": [{"total": 0}], "modifier": 4},
                                                                       "event.modifier")):
        with pytest.raises(FudgeError) as err:
            enc.apply({"t": "story", "id": "c1", **bad})
        assert err.value.field == field


def test_pairs_say_who_rolls_under_pc_vs_npc_and_describe_has_the_round_labels():
    enc = fight(HERO, ORC, options={"melee.npc_fixed": True})
    view = encounter_view.view(enc)
    assert view["no_roll"] == [{"a": "c2", "b": "c1"}]  # F95 4.33: the NPC scores her level
    assert all(set(p) == {"a", "b", "tdf"} for p in view["pairs"])
    labels = door("describe", {})["round"]
    assert {c["value"]: c["label"] for c in labels["sides"]} == {"players": "Players' side", "foes": "Foes' side"}
    assert [c["value"] for c in labels["forms"]] == ["exchange", "group", "ranged", "story"]
    assert [c["value"] for c in labels["ranged_modes"]] == ["aware", "shoot_back", "unaware"]


def test_the_view_says_which_forms_the_pacing_offers():
    assert encounter_view.view(fight(HERO))["forms"] == ["exchange", "group", "ranged"]
    assert encounter_view.view(fight(HERO, options={"melee.pacing": "story"}))["forms"] == ["story", "group", "ranged"]


@pytest.mark.parametrize("when, kept", [("round", False), ("battle", True)])
def test_initiative_holds_for_the_round_or_the_battle(when, kept):
    enc = fight(HERO, ORC, options={"melee.pacing": "alternating", "melee.initiative": when})
    enc.apply({"t": "initiative", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": -2}},
               "b_dice": {"roll": {"total": 1}}})
    assert enc.state.last["first"] == "c2"
    assert enc.state.last["text"] == "Initiative, Hero vs Orc: Orc attacks first."
    assert encounter_view.view(enc)["initiative"] == [{"a": "c1", "b": "c2", "first": "c2", "round": 1}]
    enc.apply({"t": "next_round"})
    assert bool(encounter_view.view(enc)["initiative"]) is kept
    enc.apply({"t": "end_battle"})
    assert encounter_view.view(enc)["initiative"] == []
    enc.apply({"t": "initiative", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 0}},
               "b_dice": {"roll": {"total": 0}}})
    assert enc.state.last["first"] is None and encounter_view.view(enc)["initiative"] == []
    assert encounter_view.view(Encounter.from_dict(json.loads(json.dumps(enc.to_dict())))) == encounter_view.view(enc)


def test_initiative_only_in_alternating_turns():
    enc = fight(HERO, ORC)
    with pytest.raises(FudgeError, match="alternating"):
        enc.apply({"t": "initiative", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 0}},
                   "b_dice": {"roll": {"total": 0}}})


def test_group_round_with_an_ignored_foe_and_a_doorway():
    enc = fight(HERO, ORC, GOB, {**GOB, "name": "Rat"}, preset="fudge1993")
    event = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "ignored": ["c3"], "space": "doorway",
             "lone_dice": {"roll": {"total": 1}}, "group_roll": {"total": 0}}
    enc.apply(event)
    last = enc.state.last
    assert [f["ignored"] for f in last["round"]["foes"]] == [False, True] and last["round"]["space"] == "doorway"
    assert last["group"] == door("group", {"ruleset": {"preset": "fudge1993"}, "round": last["round"]})
    assert any(s["section"] == "F93 4.64" for s in last["outcome"]["steps"])
    # F95 4.34: two at most through a doorway.
    with pytest.raises(FudgeError, match="doorway"):
        enc.apply({**event, "foes": ["c2", "c3", "c4"]})


def test_each_fighter_of_a_group_round_declares():
    enc = fight(HERO, ORC, GOB)
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}},
               "group_roll": {"total": 0}, "lone_declares": {"all_out": "defense"}, "targets": ["c2"],
               "foe_declares": {"c3": {"modifiers": [{"source": "high ground", "amount": 1}]}}})
    rnd = enc.state.last["round"]
    assert [m["amount"] for m in rnd["lone"]["modifiers"]] == [2]  # all-out defence (F95 4.31)
    assert rnd["foes"][0]["modifiers"] == [] and rnd["foes"][1]["modifiers"][0]["source"] == "high ground"
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 0}},
                   "foe_declares": {"c2": {"stance": "nonsense"}}})
    assert err.value.field.startswith("event.foe_declares.c2")


def test_a_fighter_with_several_skills_names_the_one_he_uses():
    two = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good", "Bow": "Great"}}
    enc = fight(two, ORC, options={"melee.pacing": "story"})
    enc.apply({"t": "story", "id": "c1", "rolls": [{"total": 0}], "skill": "Bow"})
    assert enc.state.last["text"] == "Round 1, story element: Hero gets Great."
    with pytest.raises(FudgeError, match="no skill called"):
        enc.apply({"t": "story", "id": "c1", "rolls": [{"total": 0}], "skill": "Axe"})
    enc.apply({"t": "rules", "ruleset": {"preset": "fudge1995"}})
    enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": 2,
               "shooter_declares": {"skill": "Bow"}, "shooter_dice": {"roll": {"total": 0}}})
    assert enc.state.last["attack"]["shooter"]["level"] == 2


def test_a_group_rounds_least_result_to_hit_follows_each_sides_size():
    # F95 4.22: a bigger fighter needs Mediocre to hit a smaller one, the smaller Terrible.
    rat = {"name": "Rat", "role": "npc", "skills": {"Bite": "Terrible"}, "size_scale": -4}
    enc = fight({**HERO, "skills": {"Sword": "Poor"}}, rat)
    # Hero Poor −2 rolls +1: Mediocre against the rat's Terrible 0: he wins, and Mediocre is enough.
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 1}},
               "foe_dice": {"c2": {"roll": {"total": 0}}}})
    rnd = enc.state.last["round"]
    assert (rnd["lone"]["needs"], rnd["foes"][0]["needs"]) == (-1, -3)
    assert level(enc, "c2") > 0
    # He rolls 0, Poor, and still wins: below the Mediocre he needs, no one is wounded.
    enc = fight({**HERO, "skills": {"Sword": "Poor"}}, rat)
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 0}},
               "foe_dice": {"c2": {"roll": {"total": -1}}}})
    assert "below the Mediocre needed to hit" in json.dumps(enc.state.last["outcome"]["steps"])
    assert level(enc, "c2") == 0
    # The rat rolls 0, Terrible, against his −2, Terrible −1: Terrible is all the rat needs to hit.
    enc = fight({**HERO, "skills": {"Sword": "Poor"}}, rat)
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": -2}},
               "foe_dice": {"c2": {"roll": {"total": 0}}}})
    assert [h[0] for h in enc.state.last["group"]["hits_on_lone"]] == ["Rat"]


def test_a_group_round_in_two_six_sided_dice_holds_each_roll_as_its_total():
    # F95 4.22's 2d6 − 7: the round holds the total; its faces are no Fudge dice to read again.
    options = {"dice.technique": "2d6_minus_7"}
    enc = fight(HERO, ORC, options=options)
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"faces": [3, 6]}},
               "foe_dice": {"c2": {"roll": {"faces": [2, 3]}}}})
    last = enc.state.last
    assert (last["round"]["lone"]["roll"], last["round"]["foes"][0]["roll"]) == (2, -2)
    assert "faces" not in last["round"]["lone"] and "faces" not in last["round"]["foes"][0]
    assert last["group"] == door("group", {"ruleset": {"preset": "fudge1995", "options": options},
                                           "round": last["round"]})


def test_a_foe_defending_all_out_without_dice_of_his_own_cannot_harm_the_lone_fighter():
    # F95 4.31 with 4.33: a fixed NPC has no roll, so no critical; his winning blow does not land.
    enc = fight(HERO, ORC, options={"melee.npc_fixed": True})
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": -4}},
               "foe_declares": {"c2": {"all_out": "defense"}}})
    last = enc.state.last
    assert last["group"]["hits_on_lone"] == []
    assert {"section": "F95 4.31", "text": "Orc defends all-out and cannot harm without a critical result: the blow "
            "does not land.", "data": {}} in last["outcome"]["steps"]
    assert level(enc, "c1") == 0


@pytest.mark.parametrize("check", [5, {"a": 1}, [], "x"])
def test_a_lone_fighters_check_dice_that_are_no_list_of_dice_are_refused_by_their_field(check):
    # CO 4.3: one check per wound, each four Fudge dice; anything else is refused, nothing changes.
    enc = fight(HERO, ORC, options={"co.damage_check": True})
    before = enc.to_dict()
    with pytest.raises(FudgeError) as err:
        enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 0}, "check": check},
                   "foe_dice": {"c2": {"roll": {"total": 0}}}})
    assert err.value.field == "event.lone_dice.check" and "4 Fudge dice" in str(err.value)
    assert enc.to_dict() == before


def test_a_foe_defending_all_out_harms_the_lone_fighter_with_a_critical_result():
    # F95 4.31: an all-out defender "cannot harm his foe except with a critical result" (+4 rolled).
    enc = fight(HERO, ORC)
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": -4}},
               "foe_dice": {"c2": {"roll": {"total": 4}}}, "foe_declares": {"c2": {"all_out": "defense"}}})
    last = enc.state.last
    assert [h[0] for h in last["group"]["hits_on_lone"]] == ["Orc"]
    assert not any("does not land" in s["text"] for s in last["outcome"]["steps"])
    assert level(enc, "c1") > 0


def test_a_foe_who_does_not_hit_has_no_blow_to_hold_back():
    # F95 4.31: only a winning blow of an all-out defender is held back; one who loses has none.
    enc = fight(HERO, ORC)
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 4}},
               "foe_dice": {"c2": {"roll": {"total": -4}}}, "foe_declares": {"c2": {"all_out": "defense"}}})
    last = enc.state.last
    assert last["group"]["hits_on_lone"] == [] and level(enc, "c2") > 0
    assert not any("Orc defends all-out" in s["text"] for s in last["outcome"]["steps"])
