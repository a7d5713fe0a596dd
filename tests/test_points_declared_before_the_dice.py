"""Points a fighter declares before the dice are the most he is ready to spend on the wound the
round gives him: F95 4.64 no. 3's Fudge Point "to convert a deadly wound to a merely serious
one" is spent only on a deadly wound (else kept, and said so), MUD 4.64's Meta Points one a level
(what the wound cannot take is kept). In a group round the lone fighter spends them on the
wounds as they land (F95 4.34: he "can take multiple wounds"; our reading)."""

from __future__ import annotations

from typing import Any

from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

SWORD = {"name": "Sword", "size": 1}
HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Fair"}, "weapon": SWORD, "fudge_points": 2}
ORC = {"name": "Orc", "skills": {"Sword": "Fair"}, "weapon": SWORD}
GOB = {"name": "Gob", "skills": {"Sword": "Fair"}, "weapon": SWORD}


def _fight(points: str) -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"wounds.points": points}))
    for f in (HERO, ORC, GOB):
        enc.apply({"t": "add", "fighter": f})
    return enc


def _exchange(orc_roll: int, points: int, hero_roll: int = -1) -> dict[str, Any]:
    return {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"points": points},
            "a_dice": {"roll": {"total": hero_roll}}, "b_dice": {"roll": {"total": orc_roll}}}


def _hero(enc: Encounter) -> Any:
    return next(c for c in enc.state.combatants if c.id == "c1").fighter


def test_a_fudge_point_declared_against_a_wound_that_is_not_deadly_is_kept():
    enc = _fight("fudge")
    enc.apply(_exchange(1, 1))
    blow = enc.state.last["outcome"]["blows"][0]
    assert (blow["level"], blow["points_spent"]) == (wounds.HURT, 0)
    assert _hero(enc).fudge_points == 2
    assert "kept" in " ".join(s["text"] for s in blow["steps"])


def test_a_fudge_point_declared_against_a_deadly_wound_is_spent():
    enc = _fight("fudge")
    enc.apply(_exchange(4, 1, hero_roll=-4))
    blow = enc.state.last["outcome"]["blows"][0]
    assert blow["damage"]["level"] >= wounds.NEAR_DEATH
    assert (blow["level"], blow["points_spent"]) == (wounds.VERY_HURT, 1)
    assert _hero(enc).fudge_points == 1


def test_meta_points_beyond_what_the_wound_can_take_are_kept():
    """MUD 4.64: each Meta Point lowers the wound a level; a Scratch takes one of the two."""
    enc = _fight("meta")
    enc.apply(_exchange(0, 2))
    blow = enc.state.last["outcome"]["blows"][0]
    assert blow["damage"]["level"] == wounds.SCRATCH
    assert (blow["level"], blow["points_spent"]) == (wounds.UNDAMAGED, 1)
    assert _hero(enc).fudge_points == 1


def test_the_lone_fighter_spends_his_fudge_point_on_the_first_deadly_wound():
    enc = _fight("fudge")
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_declares": {"points": 1},
               "lone_dice": {"roll": {"total": -4}},
               "foe_dice": {"c2": {"roll": {"total": 4}}, "c3": {"roll": {"total": 4}}}})
    blows = enc.state.last["outcome"]["blows"]
    assert [b["points_spent"] for b in blows] == [1, 0]
    assert blows[0]["level"] == wounds.VERY_HURT
    assert _hero(enc).fudge_points == 1


def _kept_steps(enc: Encounter) -> list[tuple[str, str, dict[str, int]]]:
    blow = enc.state.last["outcome"]["blows"][0]
    return [(s["section"], s["text"], s["data"]) for s in blow["steps"] if "kept" in s["text"]]


def test_the_step_says_how_many_meta_points_the_wound_took_and_how_many_are_kept():
    """MUD 4.64: a Scratch takes one of two Meta Points declared; the step says so, by its rule."""
    enc = _fight("meta")
    enc.apply(_exchange(0, 2))
    assert _kept_steps(enc) == [("MUD 4.64", "Scratch takes 1 of the 2 Meta Points declared: 1 kept.",
                                 {"level": wounds.SCRATCH, "declared": 2, "spent": 1, "kept": 1})]


def test_the_step_says_a_fudge_point_is_kept_against_a_wound_that_is_not_deadly():
    """F95 4.64 no. 3: a Fudge Point converts a deadly wound; a Hurt is not one."""
    enc = _fight("fudge")
    enc.apply(_exchange(1, 1))
    assert _kept_steps(enc) == [("F95 4.64", "Hurt is not deadly: the Fudge Point declared is kept.",
                                 {"level": wounds.HURT, "declared": 1, "spent": 0, "kept": 1})]


def test_the_points_a_wound_takes_follow_the_points_in_force_and_leave_the_rest_to_be_refused():
    """F95 4.64 no. 3: one Fudge Point, and only on a deadly wound of a fighter the PC-death rules
    cover (a major NPC when ``wounds.guard_major_npcs``); MUD 4.64: Meta Points one a level, at
    most three. What no wound could take (points the ruleset has none of, a second Fudge Point,
    a fourth Meta Point) is handed on whole, for the guard to refuse."""
    track = wounds.WoundTrack.new(new_ruleset("fudge1995"))

    def takes(points: str, level: int, declared: int, role: str = "pc", **options: Any) -> int:
        rules = new_ruleset("fudge1995", {"wounds.points": points, **options})
        return wounds.points_it_takes(level, declared, track=track, rules=rules, role=role)

    assert takes("fudge", wounds.HURT, 1, "major_npc", **{"wounds.guard_major_npcs": True}) == 0  # kept
    assert takes("fudge", wounds.HURT, 1, "major_npc") == 1  # not covered: left to refuse
    assert takes("fudge", wounds.NEAR_DEATH, 1) == 1
    assert takes("fudge", wounds.SCRATCH, 2) == 2
    assert takes("none", wounds.SCRATCH, 2) == 2
    assert takes("meta", wounds.HURT, 3) == wounds.HURT  # Hurt is two levels: two of three
    assert takes("meta", wounds.HURT, 4) == 4


def test_one_point_declared_by_a_pc_is_a_meta_point_for_any_wound_and_left_to_refuse_without_points():
    """F95 4.64 no. 3 keeps a lone Fudge Point a wound that is not deadly cannot take; that reading
    is the Fudge Point's only. MUD 4.64's single Meta Point lowers even a Hurt wound one level, and
    a ruleset with no points hands the point on whole for the guard to refuse."""
    track = wounds.WoundTrack.new(new_ruleset("fudge1995"))

    def takes(points: str) -> int:
        rules = new_ruleset("fudge1995", {"wounds.points": points})
        return wounds.points_it_takes(wounds.HURT, 1, track=track, rules=rules, role="pc")

    assert takes("fudge") == 0
    assert takes("meta") == 1
    assert takes("none") == 1
