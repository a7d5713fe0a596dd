"""Damage checks (CO 4.3), Willpower (F95 4.52) and shield checks (CO 2.2) in encounter events:
a lone fighter wounded several times in one group round gives one input per wound, and a
missing input is named by the event's own field, so the form can ask for it."""

import pytest

from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 1}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "weapon": {"name": "Club", "size": 1}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}


def fight(options):
    enc = Encounter(ruleset=new_ruleset("fudge1995", options))
    for f in (HERO, ORC, GOB):
        enc.apply({"t": "add", "fighter": f})
    return enc


def group(lone_dice=None, lone_declares=None):
    # Hero (Good −1 for two foes) rolls −2: Poor; both foes beat him, two wounds (F95 4.34).
    event = {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
             "lone_dice": {"roll": {"faces": [-1, -1, 0, 0]}, **(lone_dice or {})},
             "foe_dice": {"c2": {"roll": {"faces": [1, 0, 0, 0]}}, "c3": {"roll": {"faces": [1, 1, 0, 0]}}}}
    if lone_declares is not None:
        event["lone_declares"] = lone_declares
    return event


def refused(enc, event):
    before = encounter_view.view(enc)
    with pytest.raises(FudgeError) as err:
        enc.apply(event)
    assert encounter_view.view(enc) == before
    return err.value.field


def test_one_damage_check_per_wound_of_the_lone_fighter():
    enc = fight({"co.damage_check": True})
    assert refused(enc, group()) == "event.lone_dice.check"
    assert refused(enc, group({"check": [[0, 0, 0, 0]]})) == "event.lone_dice.check[1]"
    enc.apply(group({"check": [[0, 0, 0, 0], [1, 1, 0, 0]]}))
    checks = [s for s in enc.state.last["outcome"]["steps"] if s["section"].startswith("CO 4")]
    assert len(enc.state.last["outcome"]["blows"]) == 2 and len(checks) >= 2
    assert enc.log[-1]["lone_dice"]["check"] == [[0, 0, 0, 0], [1, 1, 0, 0]]
    again = Encounter.from_dict(enc.to_dict())
    assert encounter_view.view(again) == encounter_view.view(enc)


def test_one_willpower_result_per_wound_of_the_lone_fighter():
    enc = fight({"wounds.willpower": "permanent"})
    assert refused(enc, group(lone_declares={"willpower": [0]})) == "event.lone_declares.willpower[1]"
    enc.apply(group(lone_declares={"willpower": [3, -3]}))
    guards = [(g["before"], g["after"]) for b in enc.state.last["outcome"]["blows"] for g in b["guards"]
              if g["name"] == "willpower"]
    # A Superb roll lightens the first Hurt, a Terrible one worsens the second (F95 4.52 no. 4).
    assert guards == [(2, 1), (2, 3)]


@pytest.mark.parametrize("raw, field", [
    ({"lone_dice": {"check": [[0, 0, 0, 0]] * 3}}, "event.lone_dice.check"),  # more than the foes
    ({"lone_dice": {"check": [[0, 0, 0, 2], [0, 0, 0, 0]]}}, "event.lone_dice.check[0][3]"),
    ({"lone_declares": {"willpower": []}}, "event.lone_declares.willpower"),
    ({"lone_declares": {"willpower": [0, "x"]}}, "event.lone_declares.willpower[1]"),
])
def test_bad_per_wound_lists_are_refused(raw, field):
    enc = fight({"co.damage_check": True, "wounds.willpower": "temporary"})
    event = group(raw.get("lone_dice"), raw.get("lone_declares"))
    assert refused(enc, event).startswith(field)


def test_a_foes_missing_shield_roll_names_the_foes_dice():
    shieldman = {**GOB, "shield": "medium", "skills": {"Spear": "Mediocre", "Shield": "Fair"}}
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"co.shield": True}))
    for f in (HERO, ORC, shieldman):
        enc.apply({"t": "add", "fighter": f})
    # Hero rolls +4 (Good +4 −1): he beats both and strikes Gob, who loses and checks his shield.
    event = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c3"],
             "lone_dice": {"roll": {"faces": [1, 1, 1, 1]}},
             "foe_dice": {"c2": {"roll": {"faces": [0, 0, 0, 0]}}, "c3": {"roll": {"faces": [0, 0, 0, 0]}}}}
    assert refused(enc, event) == "event.foe_dice.c3.shield"
    event["foe_dice"]["c3"]["shield"] = {"faces": [1, 1, 1, 1]}
    enc.apply(event)
    assert enc.state.last["outcome"]["blocks"]


def test_who_rolls_is_known_for_a_pair_on_one_side_too():
    # F95 4.33 under PC-vs-NPC mode: an NPC sparring with a PC of her own side scores her level.
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"melee.npc_fixed": True}))
    enc.apply({"t": "add", "fighter": HERO})
    enc.apply({"t": "add", "fighter": ORC, "side": "players"})
    enc.apply({"t": "add", "fighter": GOB})
    view = encounter_view.view(enc)
    assert view["no_roll"] == [{"a": "c2", "b": "c1"}, {"a": "c3", "b": "c1"}]
    assert ("c2", "c1") not in {(p["a"], p["b"]) for p in view["pairs"]}  # not foes: no damage total
    # The sparring NPC rolls no dice, as the view says; the round resolves.
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"faces": [1, 0, 0, 0]}}})
    assert enc.state.last["kind"] == "exchange"
    assert encounter_view.view(Encounter(ruleset=new_ruleset("fudge1995")))["no_roll"] == []


@pytest.mark.parametrize("options, mode, field", [
    ({"co.damage_check": True}, "aware", "event.target_dice.check"),
    ({"co.shield": True}, "aware", "event.target_dice.shield"),
    ({"wounds.willpower": "temporary"}, "aware", "event.target_declares.willpower"),
    ({"co.damage_check": True}, "shoot_back", "event.shooter_dice.check"),
])
def test_a_shots_missing_input_is_named_by_the_events_field(options, mode, field):
    """A shot's target wounded under CO 4.3 (damage check), CO 2.2 (shield) or F95 4.52
    (Willpower) gives its input in his dice or declaration: a missing one is named so."""
    shieldman = {**ORC, "shield": "medium", "skills": {"Club": "Fair", "Shield": "Fair"}}
    enc = Encounter(ruleset=new_ruleset("fudge1995", options))
    for f in (HERO, shieldman):
        enc.apply({"t": "add", "fighter": f})
    # Aware, the Orc dodges and is hit; shooting back (F95 4.4), he wins and hits the Hero.
    back = mode == "shoot_back"
    shot = {"t": "ranged", "mode": mode, "shooter": "c1", "target": "c2", "difficulty": 0,
            "shooter_dice": {"roll": {"total": -3 if back else 3}},
            "target_dice": {"roll": {"total": 3 if back else -3}},
            **({"target_difficulty": 0} if back else {})}
    assert refused(enc, shot) == field
