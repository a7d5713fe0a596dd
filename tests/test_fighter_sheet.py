"""The sheet's newer parts: several combat skills, AV/CV armor (CO 1), a fighter's own wound
boxes (F95 4.57) and the pawn track, through Fighter and through the encounter's events."""

from __future__ import annotations

import pytest

from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rulesets import find_ruleset, new_ruleset, ruleset_from_dict

F95 = find_ruleset("fudge1995")


def test_own_boxes_shape_his_fresh_track():
    # F95 4.57: "the GM may give" a character more boxes: his own counts replace the ruleset's.
    f = Fighter.from_dict({"name": "Hero", "skills": {"Sword": "Good"}, "boxes": [4, 2, 2, 1, 1]})
    track = f.track_for(F95)
    assert [len(m) for m in track.marks] == [4, 2, 2, 1, 1]
    assert [len(s) for s in track.stun_marks] == [2, 2]  # stun boxes follow Hurt and Very Hurt
    assert f.to_dict()["boxes"] == [4, 2, 2, 1, 1]
    assert Fighter.from_dict(f.to_dict()) == f


def test_without_own_boxes_the_ruleset_decides():
    f = Fighter.from_dict({"name": "Joe", "skills": {"Sword": "Good"}})
    assert f.boxes is None and [len(m) for m in f.track_for(F95).marks] == [3, 1, 1, 1, 1]


@pytest.mark.parametrize("bad", [[3, 1, 1, 1], [0, 0, 0, 0, 0], [3, 1, 1, 1, 11], "3/1/1/1/1", [3, 1, True, 1, 1]])
def test_bad_boxes_are_refused_naming_the_field(bad):
    with pytest.raises(FudgeError) as err:
        Fighter.from_dict({"name": "Joe", "skills": {"Sword": "Good"}, "boxes": bad})
    assert err.value.field.startswith("fighter.boxes")


def test_a_pawn_keeps_the_three_stage_track():
    rules = ruleset_from_dict({"preset": "fudge1995", "options": {"wounds.pawn_track": True}})
    orc = Fighter.from_dict({"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "boxes": [4, 2, 2, 1, 1]})
    view = orc.track_for(rules).view(rules=rules)
    assert view["kind"] == "pawn" and [r["name"] for r in view["rows"]] == ["Hurt", "Out of the Battle"]


def test_a_fresh_track_of_another_shape_gives_way_but_wounds_do_not():
    old = wounds.WoundTrack.new(F95)
    f = Fighter.from_dict({"name": "Hero", "skills": {"Sword": "Good"}, "track": old.to_dict(),
                           "boxes": [4, 2, 1, 1, 1]})
    assert f.track is None and [len(m) for m in f.track_for(F95).marks] == [4, 2, 1, 1, 1]
    hurt = wounds.record_wound(old, wounds.HURT, rules=F95).track
    with pytest.raises(FudgeError) as err:
        Fighter.from_dict({"name": "Hero", "skills": {"Sword": "Good"}, "track": hurt.to_dict(),
                           "boxes": [4, 2, 1, 1, 1]})
    assert err.value.field == "fighter.boxes" and "heal them" in err.value.message


def test_wounds_fill_his_own_boxes():
    f = Fighter.from_dict({"name": "Hero", "skills": {"Sword": "Good"}, "boxes": [3, 2, 1, 1, 1]})
    track = f.track_for(F95)
    for _ in range(2):
        track = wounds.record_wound(track, wounds.HURT, rules=F95).track
    assert track.marks[1] == (wounds.HURT, wounds.HURT) and track.worst == wounds.HURT


def test_several_skills_attack_and_defence():
    f = Fighter.from_dict({"name": "Ásta", "skills": {"Sword": "Great", "Spear": "Good", "Shield": "Superb"},
                           "attack_skill": "Spear", "defence_skill": "Shield"})
    assert f.offence == 1 and f.defence == 3 and [n for n, _ in f.skills] == ["Sword", "Spear", "Shield"]


def test_av_cv_armor_reaches_the_defensive_factors():
    # CO 1: the armor's AV counts in the DDF and its CV rides along for CO 1.3's bypass.
    enc = Encounter(name="CO", ruleset=new_ruleset("fudge1995", {"co.armor": True}))
    enc.apply({"t": "add", "fighter": {"name": "Knight", "skills": {"Sword": "Good"},
                                       "armor": {"name": "Mail hauberk", "value": 2, "coverage": 3}}})
    card = encounter_view.view(enc)["combatants"][0]
    assert card["ddf"]["coverage"] == 3
    assert any(p["kind"] == "armor" and p["value"] == 2 and p["section"] == "CO 1.2" for p in card["ddf"]["parts"])


def test_boxes_through_the_encounter_edit():
    enc = Encounter(name="E", ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": {"name": "Hero", "skills": {"Sword": "Good"}}})
    cid = enc.state.combatants[0].id
    enc.apply({"t": "wound", "id": cid, "level": 1})
    enc.apply({"t": "heal", "id": cid, "how": "skill", "result": 3})  # a healed, fresh track
    hero = {"name": "Hero", "skills": {"Sword": "Good"}, "boxes": [4, 2, 2, 1, 1]}
    enc.apply({"t": "edit", "id": cid, "fighter": hero})
    rows = encounter_view.view(enc)["combatants"][0]["track"]["rows"]
    assert [len(r["boxes"]) for r in rows] == [4, 2, 2, 1, 1]


def test_pawn_track_view_names_its_rows_for_the_gm_override():
    # The pawn track shows two rows (F95 4.57); each says which row of marks a tap sets.
    rules = new_ruleset("fudge1995", {"wounds.pawn_track": True})
    enc = Encounter(name="P", ruleset=rules)
    enc.apply({"t": "add", "fighter": {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}}})
    rows = encounter_view.view(enc)["combatants"][0]["track"]["rows"]
    assert [(r["name"], r["row"]) for r in rows] == [("Hurt", 1), ("Out of the Battle", 3)]
    cid = enc.state.combatants[0].id
    enc.apply({"t": "box", "id": cid, "row": rows[1]["row"], "index": 0, "value": wounds.INCAPACITATED})
    card = encounter_view.view(enc)["combatants"][0]
    assert card["track"]["rows"][1]["boxes"] == [wounds.INCAPACITATED] and not card["can_fight"]


def test_stun_boxes_in_the_view():
    # F95 4.62: stun boxes beside Hurt and Very Hurt; a stun marks the first.
    track = wounds.record_stun(wounds.WoundTrack.new(F95), wounds.HURT, rules=F95).track
    view = track.view(rules=F95)
    assert [r["name"] for r in view["stun_rows"]] == ["Stunned", "Very Stunned"]
    assert view["stun_rows"][0]["boxes"] != [0] and view["stun_rows"][1]["boxes"] == [0]
    assert view["stun"] == wounds.STUNNED


def test_skills_as_the_sheet_rows():
    # The sheet sends its rows as pairs, so two rows with one name are refused, not merged.
    f = Fighter.from_dict({"name": "Ásta", "skills": [["Axe", 2], ["Shield", "Superb"]], "defence_skill": "Shield"})
    assert f.skills == (("Axe", 2), ("Shield", 3)) and f.to_dict()["skills"] == {"Axe": 2, "Shield": 3}
    with pytest.raises(FudgeError) as err:
        Fighter.from_dict({"name": "Ásta", "skills": [["Axe", 2], [" Axe", 1]]})
    assert err.value.field == "fighter.skills[1]" and "two skills" in err.value.message
    for bad in ([], [["Axe"]], [["Axe", 2, 3]], [[1, 2]]):
        with pytest.raises(FudgeError):
            Fighter.from_dict({"name": "Ásta", "skills": bad})
