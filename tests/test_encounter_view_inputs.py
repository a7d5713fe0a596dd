"""What the round form asks for comes from the encounter's view, computed by the predicates the
events' reading uses: the combat roll's and damage dice (3d6 for Min-Mid-Max, F95 4.63), the GM's
group roll (F95 4.34), all-out/stances (F95 4.31, 4.32), each fighter's checks (CO 2.2, CO 4.3,
F95 4.52) and the roles he cannot take (F95 4.51, 4.62). Each key is checked against the engine:
what the view offers, the event reads; what it leaves out, the event refuses or never asks."""

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.encounter.state import ROLES
from pyfudge.rules.wounds import INCAPACITATED
from pyfudge.rulesets import new_ruleset

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 1}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}


def fight(options=None, preset="fudge1995", fighters=(HERO, ORC, GOB)):
    enc = Encounter(ruleset=new_ruleset(preset, options or {}))
    for f in fighters:
        enc.apply({"t": "add", "fighter": f})
    return enc


def card(enc, cid):
    return next(c for c in encounter_view.view(enc)["combatants"] if c["id"] == cid)


def door(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def refused(enc, event):
    before = encounter_view.view(enc)
    with pytest.raises(FudgeError) as err:
        enc.apply(event)
    assert encounter_view.view(enc) == before
    return err.value


# Hero (Good) rolls +2, the Orc −2: Hero wins by +4, relative degree 4 (F95 4.22).
HIT = {"t": "exchange", "kind": "round", "a": "c1", "b": "c2",
       "a_dice": {"roll": {"faces": [1, 1, 0, 0]}}, "b_dice": {"roll": {"faces": [-1, -1, 0, 0]}}}


# --- damage dice ---------------------------------------------------------------------------------

@pytest.mark.parametrize("options, preset, dice, count", [
    ({}, "fudge1995", None, 0),
    ({"damage.system": "minmidmax"}, "fudge1995", "3d6", 3),
    ({"damage.die": "situational"}, "fudge1995", "4dF", 4),
    ({}, "mudge", "1dF", 1),
])
def test_the_view_says_which_damage_dice_the_ruleset_reads(options, preset, dice, count):
    view = encounter_view.view(fight(options, preset))
    assert view["damage_dice"]["dice"] == dice and view["damage_dice"]["count"] == count


def test_min_mid_max_reads_the_three_d6_the_view_asks_for():
    enc = fight({"damage.system": "minmidmax"})
    assert encounter_view.view(enc)["damage_dice"] == {"dice": "3d6", "count": 3, "rolls": False, "d6": True,
                                                       "graze": None}
    # Without them the hit is refused, naming the damage dice; with them it lands (F95 4.63).
    assert "damage" in refused(enc, HIT).field
    enc.apply({**HIT, "a_dice": {**HIT["a_dice"], "damage": [2, 5, 4]}})
    steps = encounter_view.view(enc)["last"]["outcome"]["steps"]
    assert any(s["section"] == "F95 4.63" for s in steps)
    assert card(enc, "c2")["track"]["worst"] > 0


GRAZE_DIE = {"damage.system": "minmidmax", "damage.die": "number_1df", "damage.graze_die": "one_level"}
# Hero (Good) and the Orc (Fair) both roll 0: relative degree +1, a graze (F95 4.56).
GRAZE = {"t": "exchange", "kind": "round", "a": "c1", "b": "c2",
         "a_dice": {"roll": {"total": 0}, "damage": [2, 5, 4]}, "b_dice": {"roll": {"total": 0}}}


def test_a_graze_die_beside_min_mid_max_has_its_own_entry():
    """F95 4.63: "the graze rules are used unchanged" — with the graze die of F95 4.56 a graze
    reads a Fudge die while a hit reads 3d6: the view asks for both, the exchange reads each."""
    assert encounter_view.view(fight({"damage.system": "minmidmax"}))["damage_dice"]["graze"] is None
    assert encounter_view.view(fight({}))["damage_dice"]["graze"] is None
    enc = fight(GRAZE_DIE)
    assert encounter_view.view(enc)["damage_dice"] == {"dice": "3d6", "count": 3, "rolls": False, "d6": True,
                                         "graze": {"dice": "1dF", "count": 1, "rolls": False}}
    # The 3d6 are no graze die: refused, nothing changes; the graze die is read.
    assert refused(enc, GRAZE).field.startswith("event.")
    for face in (-1, 0, 1):
        trial = fight(GRAZE_DIE)
        trial.apply({**GRAZE, "a_dice": {**GRAZE["a_dice"], "graze": [face]}})
        steps = encounter_view.view(trial)["last"]["outcome"]["steps"]
        texts = [s["text"] for s in steps if s["section"] == "F95 4.56"]
        assert f"Damage die {face:+d} on a graze moves it at most one level: Scratch." in texts
    # A hit still reads the 3d6, whatever graze die is given.
    enc.apply({**HIT, "a_dice": {**HIT["a_dice"], "damage": [2, 5, 4], "graze": [1]}})
    assert any(s["section"] == "F95 4.63" for s in encounter_view.view(enc)["last"]["outcome"]["steps"])


@pytest.mark.parametrize("graze, field", [([2], "event.a_dice.graze[0]"), ([], "event.a_dice.graze"),
                                          ("+", "event.a_dice.graze"), ([0] * 5, "event.a_dice.graze")])
def test_a_bad_graze_die_is_refused_with_its_field(graze, field):
    err = refused(fight(GRAZE_DIE), {**GRAZE, "a_dice": {**GRAZE["a_dice"], "graze": graze}})
    assert err.field == field, err


# --- roll {d6} -----------------------------------------------------------------------------------

def test_roll_d6_rolls_three_six_sided_dice():
    for seed in range(30):
        result = door("roll", d6=3, seed=seed)["result"]
        assert result["dice"] == "3d6" and len(result["faces"]) == 3
        assert set(result["faces"]) <= set(range(1, 7)) and result["total"] == sum(result["faces"])
        assert "result_name" not in result  # damage dice, not a trait roll
    assert door("roll", d6=3, seed=7)["result"] == door("roll", d6=3, seed=7)["result"]
    assert door("roll", d6=1, seed=1)["result"]["dice"] == "1d6"


def test_roll_d6_reads_entered_faces():
    result = door("roll", d6=3, faces=[6, 1, 4])["result"]
    assert result["faces"] == [6, 1, 4] and result["total"] == 11 and result["entered"]


@pytest.mark.parametrize("args, field", [
    ({"d6": 2}, "args.d6"),
    ({"d6": 0}, "args.d6"),
    ({"d6": "3"}, "args.d6"),
    ({"d6": True}, "args.d6"),
    ({"d6": 3.0}, "args.d6"),
    ({"d6": 3, "dice": 4}, "args.d6"),
    ({"d6": 3, "faces": [1, 7, 3]}, "args.faces[1]"),
    ({"d6": 3, "faces": [1, 0, 3]}, "args.faces[1]"),
    ({"d6": 3, "faces": [1, 2]}, "args.faces"),
    ({"d6": 3, "total": 10}, "args.faces"),  # Min-Mid-Max reads each die
])
def test_roll_d6_refuses_bad_input_with_its_field(args, field):
    reply = door("roll", **args)
    assert not reply["ok"] and reply["error"]["field"] == field and reply["error"]["message"]


# --- the combat roll and the GM's group roll -----------------------------------------------------

def test_the_view_says_how_the_combat_roll_is_entered():
    assert encounter_view.view(fight())["roll_dice"] == {"dice": "4dF", "count": 4, "faces": True, "low": -4, "high": 4}
    # low/high: the totals a player may enter for the technique (dice.Technique).
    roll_dice = encounter_view.view(fight(preset="fudge1993"))["roll_dice"]
    assert roll_dice == {"dice": "2d6_remove_higher", "count": 2, "faces": False, "low": -5, "high": 5}


@pytest.mark.parametrize("preset, options, count", [
    ("fudge1995", {}, 2), ("mudge", {}, 2), ("fudge1993", {}, 4), ("fudge1995", {"multi.group_dice": "full"}, 4),
])
def test_the_view_says_the_gms_group_roll_dice_the_group_round_reads(preset, options, count):
    enc = fight(options, preset)
    assert encounter_view.view(enc)["group_roll"] == {"dice": f"{count}dF", "count": count}
    event = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}}}
    other = 4 if count == 2 else 2
    assert refused(enc, {**event, "group_roll": {"faces": [0] * other}}).field.startswith("event.group_roll")
    enc.apply({**event, "group_roll": {"faces": [0] * count}})


# --- declarations --------------------------------------------------------------------------------

@pytest.mark.parametrize("preset, options, all_out, stance", [
    ("fudge1995", {}, True, False),
    ("mudge", {}, False, True),
    ("fudge1995", {"melee.stances": True}, False, True),
    ("fudge1995", {"melee.all_out": False}, False, False),
])
def test_the_view_offers_all_out_and_stances_as_the_exchange_accepts_them(preset, options, all_out, stance):
    enc = fight(options, preset)
    declare = encounter_view.view(enc)["declare"]
    assert (declare["all_out"], declare["stance"]) == (all_out, stance)
    for key, value, offered in (("all_out", "offense", all_out), ("stance", "aggressive", stance)):
        event = {**HIT, "a_declares": {key: value}}
        if offered:
            enc.apply(event)
            enc.apply({"t": "undo"})
        else:
            assert refused(enc, event).field.endswith(f".{key}")


# --- checks per fighter --------------------------------------------------------------------------

def test_no_checks_by_default():
    assert card(fight(), "c1")["inputs"] == {"shield": False, "damage_check": False, "willpower": False,
                                              "capacity": False}


def test_a_shield_check_only_for_a_fighter_with_a_shield_under_co_shield():
    shieldman = {**ORC, "shield": "medium", "skills": {"Club": "Fair", "Shield": "Fair"}}
    enc = fight({"co.shield": True}, fighters=(HERO, shieldman))
    assert card(enc, "c2")["inputs"]["shield"] and not card(enc, "c1")["inputs"]["shield"]
    # The Orc loses: the exchange asks for the shield check the view offers.
    assert refused(enc, HIT).field == "event.b_dice.shield"
    assert not card(fight({}, fighters=(HERO, shieldman)), "c2")["inputs"]["shield"]


@pytest.mark.parametrize("key, options, field", [
    ("damage_check", {"co.damage_check": True}, "event.b_dice.check"),
    ("willpower", {"wounds.willpower": "temporary"}, "event.b_declares.willpower"),
    ("willpower", {"wounds.willpower": "permanent"}, "event.b_declares.willpower"),
    ("capacity", {"damage.capacity": "roll"}, "event.b_declares.capacity_roll"),
])
def test_each_check_the_view_offers_is_the_one_the_exchange_asks_for(key, options, field):
    enc = fight(options)
    inputs = card(enc, "c2")["inputs"]
    assert inputs[key] and [k for k, v in inputs.items() if v] == [key]
    assert refused(enc, HIT).field == field
    # Off: the view does not offer it, and the exchange refuses or never asks for it.
    plain = fight()
    assert not card(plain, "c2")["inputs"][key]
    plain.apply(HIT)


@pytest.mark.parametrize("key, declares", [("willpower", {"willpower": 1}), ("capacity", {"capacity_roll": 1})])
def test_a_result_the_view_does_not_offer_is_refused(key, declares):
    enc = fight()
    assert not card(enc, "c2")["inputs"][key]
    assert refused(enc, {**HIT, "b_declares": declares}).field.startswith("event.b")


# --- who can take which role ---------------------------------------------------------------------

def test_an_able_fighter_may_take_every_role():
    assert all(card(fight(), c)["unable"] == {} for c in ("c1", "c2", "c3"))


def test_an_incapacitated_fighter_takes_no_role_and_the_events_agree():
    enc = fight()
    enc.apply({"t": "wound", "id": "c2", "level": INCAPACITATED})
    unable = card(enc, "c2")["unable"]
    assert set(unable) == set(ROLES) and all("F95 4.51" in why for why in unable.values())
    assert unable["lone"].startswith("Incapacitated")
    assert refused(enc, {"t": "group", "lone": "c2", "foes": ["c1"]}).field == "event.lone"
    assert refused(enc, {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0}
                   ).field == "event.shooter"
    assert refused(enc, {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0}
                   ).field == "event.mode"
    # As a foe he is left out of the group round.
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}},
               "foe_dice": {"c3": {"roll": {"total": 0}}}})
    assert encounter_view.view(enc)["last"]["foes"] == ["c3"]


def test_a_knocked_out_fighter_is_named_so():
    enc = fight()
    c = enc.state.combatants[1]
    sheet = {**c.fighter.to_dict(), "track": {**c.fighter.track_for(enc.state.rules).to_dict(), "knocked_out": True}}
    enc.apply({"t": "edit", "id": "c2", "fighter": sheet})
    assert set(card(enc, "c2")["unable"].values()) == {"Knocked out: cannot act (F95 4.62)"}


def test_a_fighter_down_after_a_failed_damage_check_is_named_so():
    """CO 4.3.2: "knocked down and ... out of combat": not a wound level's reason."""
    enc = fight()
    c = enc.state.combatants[1]
    sheet = {**c.fighter.to_dict(), "track": {**c.fighter.track_for(enc.state.rules).to_dict(), "dropped": True}}
    enc.apply({"t": "edit", "id": "c2", "fighter": sheet})
    down = "Knocked down by a failed damage check: out of combat (CO 4.3.2)"
    assert set(card(enc, "c2")["unable"].values()) == {down}


def stunned_orc():
    """The Orc stunned by a blow to stun (F95 4.62); the stun lasts into the next round."""
    enc = fight(fighters=(HERO, ORC))
    enc.apply({**HIT, "a_declares": {"stun": True}})
    assert encounter_view.view(enc)["last"]["outcome"]["blows"][0]["stun"]
    return enc


def test_a_stunned_fighter_cannot_attack_but_still_defends_and_the_events_agree():
    enc = stunned_orc()
    unable = card(enc, "c2")["unable"]
    assert set(unable) == {"attacker", "shooter", "shoot_back"}
    assert all(why.endswith("cannot attack (F95 4.62)") for why in unable.values())
    assert refused(enc, {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0}
                   ).field == "event.shooter"
    assert refused(enc, {"t": "ranged", "mode": "shoot_back", "shooter": "c1", "target": "c2", "difficulty": 0,
                         "target_difficulty": 0}).field == "event.mode"
    # He may dodge, and be the lone fighter of a group round (his blows do not land).
    enc.apply({"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
               "shooter_dice": {"roll": {"total": -4}}, "target_dice": {"roll": {"total": 0}}})
    # Once the stun is over, every role is his again.
    for _ in range(4):
        enc.apply({"t": "next_round"})
    assert card(enc, "c2")["unable"] == {}


def test_ranged_fire_keeps_what_earlier_exchanges_carried():
    # An all-out attack in alternating turns leaves −2 to the attacker's next defence (F95 4.23);
    # ranged fire at him uses it up (this raised a NameError before).
    enc = fight({"melee.pacing": "alternating"}, fighters=(HERO, ORC))
    enc.apply({"t": "exchange", "kind": "attack", "a": "c1", "b": "c2", "a_declares": {"all_out": "offense"},
               "a_dice": {"roll": {"total": -3}}, "b_dice": {"roll": {"total": 0}}})
    assert enc.state.carry
    enc.apply({"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
               "shooter_dice": {"roll": {"total": -4}}, "target_dice": {"roll": {"total": 0}}})
    assert enc.state.carry == ()
    assert encounter_view.view(enc)["last"]["attack"]["target"]["modifiers"][0]["source"] == "all-out offence last turn"


@pytest.mark.parametrize("preset, burst", [("fudge1995", True), ("mudge", True), ("fudge1993", False)])
def test_the_view_offers_a_bursts_size_where_the_rules_read_one(preset, burst):
    enc = fight(preset=preset)
    assert encounter_view.view(enc)["ranged"] == {"burst": burst}
    # Mudge's damage die is the odd-coloured one of the four faces (MUD 4.61); F93 rolls 2d6.
    roll = {"faces": [1, 1, 1, 1]} if encounter_view.view(enc)["roll_dice"]["faces"] else {"total": 4}
    enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": -3, "burst": 10,
               "shooter_dice": {"roll": roll}})
    steps = " ".join(s["text"] for s in encounter_view.view(enc)["last"]["outcome"]["steps"])
    assert ("no automatic-fire rule" in steps) != burst


def test_group_and_ranged_read_the_three_d6_too():
    # F95 4.63 in a group round (the lone fighter's blow) and in ranged fire (the shooter's).
    enc = fight({"damage.system": "minmidmax"})
    group = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 4}},
             "foe_dice": {"c2": {"roll": {"total": -4}}, "c3": {"roll": {"total": -4}}}, "targets": ["c3"]}
    assert "damage" in refused(enc, group).field
    enc.apply({**group, "lone_dice": {"roll": {"total": 4}, "damage": [6, 6, 6]}})
    assert any(s["section"] == "F95 4.63" for s in encounter_view.view(enc)["last"]["outcome"]["steps"])
    shot = {"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": -3,
            "shooter_dice": {"roll": {"total": 4}}}
    assert "damage" in refused(enc, shot).field
    enc.apply({**shot, "shooter_dice": {"roll": {"total": 4}, "damage": [1, 2, 3]}})
    assert any(s["section"] == "F95 4.63" for s in encounter_view.view(enc)["last"]["outcome"]["steps"])


@pytest.mark.parametrize("preset, offered", [("fudge1995", True), ("mudge", True), ("fudge1993", False)])
def test_the_view_offers_a_called_shots_relative_degree_where_the_rules_read_one(preset, offered):
    enc = fight(preset=preset)
    declare = encounter_view.view(enc)["declare"]
    assert declare["aim_relative"] == offered
    assert declare["parts"] == [row["name"] for row in enc.state.rules["location.table"]] and declare["parts"]
    faces = encounter_view.view(enc)["roll_dice"]["faces"]
    roll = {"roll": {"faces": [0, 0, 0, 0]}} if faces else {"roll": {"total": 0}}
    event = {"t": "exchange", "kind": "round", "a": "c1", "b": "c2", "a_dice": roll, "b_dice": roll,
             "a_declares": {"aim": declare["parts"][0], "aim_relative": 2}}
    if offered:
        enc.apply(event)
    else:
        assert refused(enc, event).field.endswith(".aim_relative")
