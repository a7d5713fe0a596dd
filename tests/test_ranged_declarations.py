"""What a shooter declares of his own shot counts as it does for a blow in melee (F95 4.4 sets
none aside): a stunning shot or a pulled punch (F95 4.62), his declared damage modifiers; the
draft's odds weigh the same. The target's Willpower result still comes from his declaration."""

from __future__ import annotations

from typing import Any

import pytest

from pyfudge.analysis import preview
from pyfudge.core.errors import FudgeError
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

BOW = {"name": "Bow", "size": 1}
ARCHER = {"name": "Archer", "role": "pc", "skills": {"Bow": "Good"}, "weapon": BOW}
ORC = {"name": "Orc", "role": "npc", "skills": {"Dodge": "Fair"}}


def _fight(options: dict[str, Any] | None = None) -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", options or {}))
    for f in (ARCHER, ORC):
        enc.apply({"t": "add", "fighter": f})
    return enc


def _shot(declares: dict[str, Any], shooter: int = 4, target: int = -4, **extra: Any) -> dict[str, Any]:
    return {"t": "ranged", "shooter": "c1", "target": "c2", "shooter_declares": declares, "difficulty": "Fair",
            "shooter_dice": {"roll": {"total": shooter}}, "target_dice": {"roll": {"total": target}}, **extra}


def _blow(enc: Encounter) -> dict[str, Any]:
    return enc.state.last["outcome"]["blows"][0]


def _worst(enc: Encounter, cid: str) -> int:
    return next(c for c in enc.state.combatants if c.id == cid).fighter.track_for(enc.state.rules).worst


def test_a_stunning_shot_stuns():
    enc = _fight()
    enc.apply(_shot({"stun": True}))
    assert _blow(enc)["stun"] is True and _worst(enc, "c2") == wounds.UNDAMAGED
    assert enc.lines[-1] == "Round 1, Archer shoots at Orc: Archer hits; Orc knocked out."


def test_a_pulled_shot_caps_the_wound():
    enc = _fight()
    enc.apply(_shot({"max_level": "Hurt"}))
    blow = _blow(enc)
    assert blow["level"] == wounds.HURT and [g["name"] for g in blow["guards"]] == ["pulled punch"]


def test_the_shooters_damage_modifier_counts():
    enc = _fight()
    enc.apply(_shot({"damage_modifiers": [{"source": "bodkin point", "amount": 1}]}, shooter=1, target=0))
    assert any(p["label"] == "bodkin point" and p["value"] == 1 for p in _blow(enc)["odf"]["parts"])


def test_the_targets_willpower_still_counts():
    """F95 4.52: the GM's Willpower roll, declared by the target, adjusts the wound."""
    enc = _fight({"wounds.willpower": "temporary"})
    enc.apply({**_shot({}, shooter=1, target=0), "target_declares": {"willpower": 3}})
    assert [g["name"] for g in _blow(enc)["guards"]] == ["willpower"]


def test_the_drafts_odds_weigh_a_stunning_shot():
    enc = _fight()
    odds = preview.event_odds(enc.state, {"t": "ranged", "shooter": "c1", "target": "c2", "difficulty": "Fair",
                                          "shooter_declares": {"stun": True}})
    shot = odds["directions"][0]
    assert shot["stuns"] and all(w["level"] == 0 for w in shot["wounds"])  # a stunning Scratch harms no one


def test_the_targets_fudge_point_turns_a_deadly_shot_and_is_kept_otherwise():
    """F95 4.64 no. 3, declared before the dice: spent on a deadly wound only."""
    enc = _fight({"wounds.points": "fudge"})
    pc_target = {"name": "Scout", "role": "pc", "skills": {"Dodge": "Fair"}, "fudge_points": 1}
    enc.apply({"t": "add", "fighter": pc_target})
    enc.apply({**_shot({}, shooter=1, target=0), "target": "c3", "target_declares": {"points": 1}})
    assert _blow(enc)["points_spent"] == 0
    enc.apply({**_shot({}, shooter=4, target=-4), "target": "c3", "target_declares": {"points": 1}})
    blow = _blow(enc)
    assert blow["damage"]["level"] >= wounds.NEAR_DEATH and blow["points_spent"] == 1
    assert blow["level"] == wounds.VERY_HURT


def test_a_missing_damage_capacity_roll_in_fire_names_the_targets_declaration():
    """F95 4.52 no. 1: a wound of Hurt or worse calls for the target's Damage Capacity roll; the
    refusal names the event's field the round form fills (``target_declares.capacity_roll``)."""
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"damage.capacity": "roll"}))
    for f in ({"name": "Asta", "role": "pc", "skills": {"Bow": "Superb"}, "weapon": {"name": "Bow", "size": 3}},
              {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}}):
        enc.apply({"t": "add", "fighter": f})
    shot = {"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": -3,
            "shooter_dice": {"roll": {"total": 4}}}
    with pytest.raises(FudgeError) as err:
        enc.apply(shot)
    assert err.value.field == "event.target_declares.capacity_roll"
    enc.apply({**shot, "target_declares": {"capacity_roll": "Great"}})
    assert enc.state.last["outcome"]["blows"]
