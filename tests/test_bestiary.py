"""The NPC templates of the bestiary (``describe``'s ``bestiary``): every one a sheet the door
takes, under every preset; its numbers where the books give them, and said to be a house
example where they do not."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.combat.fighter import Fighter
from pyfudge.core.options import PRESETS
from pyfudge.encounter import bestiary

TEMPLATES = bestiary.templates()


def door(action: str, **args) -> dict:
    response = json.loads(api.handle(json.dumps({"action": action, "args": args})))
    assert response["ok"], response
    return response["result"]


def test_the_bestiary_comes_through_describe():
    assert door("describe")["bestiary"] == TEMPLATES
    assert [t["key"] for t in TEMPLATES] == ["bandit", "guard", "goblin", "wolf", "bear"]


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("template", TEMPLATES, ids=[t["key"] for t in TEMPLATES])
def test_every_template_is_added_through_the_door_four_at_once(template, preset):
    eid = f"b-{template['key']}-{preset}"
    door("encounter.new", id=eid, ruleset={"preset": preset})
    out = door("encounter.apply", id=eid, rev=0,
               event={"t": "add", "fighter": template["fighter"], "side": template["side"], "count": 4})
    cards = out["view"]["combatants"]
    assert [c["name"] for c in cards] == [f"{template['name']} {i}" for i in range(1, 5)]
    assert all(c["side"] == template["side"] == "foes" and c["status"] == "Undamaged" for c in cards)


@pytest.mark.parametrize("template", TEMPLATES, ids=[t["key"] for t in TEMPLATES])
def test_every_template_cites_its_source_and_reads_back_whole(template):
    assert Fighter.from_dict(template["fighter"]).to_dict() == template["fighter"]
    assert template["fighter"]["track"] is None  # unhurt
    source = template["source"]
    assert "F95 4." in source or "MUD 4." in source
    # A template the books give no statistics for says it is a house example.
    assert source.startswith("House example") == template["house"]


def test_the_bandit_is_the_books_pirate_the_others_house_examples():
    by_key = {t["key"]: t for t in TEMPLATES}
    assert not by_key["bandit"]["house"] and "F95 4.34" in by_key["bandit"]["source"]
    assert by_key["bandit"]["fighter"]["skills"] == {"Sword": 0}  # Molly: Fair
    assert all(by_key[k]["house"] for k in ("guard", "goblin", "wolf", "bear"))


def test_the_animals_defend_as_carnivores_do():
    """F95 4.23: a carnivore's defence is one level below its offence."""
    for key in ("wolf", "bear"):
        fighter = Fighter.from_dict(next(t for t in TEMPLATES if t["key"] == key)["fighter"])
        assert fighter.animal == "carnivore" and fighter.defence == fighter.offence - 1


def test_the_bear_is_of_a_larger_scale():
    bear = Fighter.from_dict(next(t for t in TEMPLATES if t["key"] == "bear")["fighter"])
    assert bear.strength_scale == bear.mass_scale == 3 and bear.tough_hide == 1


def test_the_goblin_is_the_pawn_its_note_describes():
    """Its note: a pawn NPC (F95 4.57) with a Fair skill, Mediocre Strength and Damage Capacity,
    a knife +1 (F95 4.31) and light leather +1 (F95 4.58)."""
    goblin = next(t for t in TEMPLATES if t["key"] == "goblin")
    sheet = goblin["fighter"]
    assert sheet["skills"] == {"Knife": 0} and sheet["strength"] == -1 and sheet["damage_capacity"] == -1
    fighter = Fighter.from_dict(sheet)
    assert (fighter.weapon.value, fighter.armor.protection) == (1, 1)
    assert fighter.role == "npc"  # an NPC, not a major one: a pawn where the pawn track is on (F95 4.57)
