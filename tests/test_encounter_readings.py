"""The encounter's replay explains itself: what each event of a list of short fights does, to the
step, pinned in tests/golden/readings/encounter_readings.json.

Each case is a ruleset (preset and options) and a list of events applied in order; the golden file
records, for each event, what the encounter gives: the log line, the dice line, the state's
``last`` (the outcome with every step's section, text and data) and what the state now holds
(round, ids, carried modifiers, stuns, initiative, this round's acts, who is in the fight with his
side and wound track), or the refusal's class, message and field (a refused event changes
nothing, and the case goes on). At the end of a case the recorded answer also holds every log
entry explained again, the log as text, and the refusals of a bad explain index or log format.
To change the readings deliberately, edit ``CASES`` or the code, rewrite the file and read its
diff against the books before committing:

    PYTHONPATH=. python tests/test_encounter_readings.py --write
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import readings

from pyfudge.analysis import preview
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import state as encounter_state
from pyfudge.encounter.exchange import read_exchange
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

SWORD = {"name": "Sword", "size": 2}
HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": SWORD}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}
GOB = {"name": "Goblin", "role": "npc", "skills": {"Spear": "Mediocre"}}
A = {"name": "A", "skills": {"Sword": "Fair"}, "weapon": SWORD}
B = {"name": "B", "skills": {"Sword": "Fair"}, "weapon": SWORD}
C = {"name": "C", "skills": {"Sword": "Fair"}, "weapon": SWORD}
ARCHER = {"name": "Archer", "role": "npc", "skills": {"Bow": "Good"}, "weapon": {"name": "Bow", "size": 1}}
SCOUT = {"name": "Scout", "role": "npc", "skills": {"Bow": "Fair", "Dodge": "Great"}, "defence_skill": "Dodge"}
ALT = {"melee.weapon_disparity": "off", "melee.pacing": "alternating"}
HASTY_DEFENCE = {"source": "hasty attack this round", "amount": -1, "section": "F95 4.23"}
FOG = {"source": "fog", "amount": -1, "section": "F95 4.31"}


def _roll(total: int) -> dict[str, Any]:
    return {"roll": {"total": total}}


def _case(name: str, events: list[dict[str, Any]], *, rules: str = "fudge1995",
          options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"case": name, "rules": rules, "options": options or {}, "events": events}


def _add(*fighters: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"t": "add", "fighter": f} for f in fighters]


def _attack(a: str, b: str, a_total: int, b_total: int, **kw: Any) -> dict[str, Any]:
    return {"t": "exchange", "kind": "attack", "a": a, "b": b, "a_dice": _roll(a_total),
            "b_dice": _roll(b_total), **kw}


CASES: list[dict[str, Any]] = [
    # Adding fighters: one keeps his name; several are numbered after the highest kin (the
    # encounter's own naming, not a rule); a name in use is refused on edit; names as logged.
    _case("adding and naming", [
        {"t": "add", "fighter": GOB, "count": 3},
        {"t": "add", "fighter": GOB},
        {"t": "add", "fighter": HERO, "side": "foes"},
        {"t": "add", "fighter": {**ORC, "name": "Goblin 2"}},
        {"t": "add", "fighter": ORC, "names": ["Grunt", "Grak"]},
        {"t": "add", "fighter": ORC, "names": ["Hero"]},
        {"t": "add", "fighter": ORC, "names": ["One"], "count": 2},
        {"t": "add", "fighter": ORC, "names": []},
        {"t": "add", "fighter": ORC, "names": ["X" * 61]},
        {"t": "add", "fighter": ORC, "names": ["Ok", " "]},
        {"t": "add", "fighter": ORC, "names": ["Dup", "Dup"]},
        {"t": "add", "fighter": ORC, "names": ["Ok", "Tab\there"]},
        {"t": "add", "fighter": ORC, "count": 0},
        {"t": "add", "fighter": ORC, "count": 41},
        {"t": "add", "fighter": ORC, "count": 40},
        {"t": "add", "fighter": ORC, "side": "neutral"},
        {"t": "add"},
        {"t": "add", "fighter": {**ORC, "name": "N" * 61}},
        {"t": "edit", "id": "c1", "fighter": {**GOB, "name": "Hero"}},
        {"t": "edit", "id": "c1", "fighter": {**GOB, "name": "Goblin Chief"}, "side": "players"},
        {"t": "edit", "id": "c9", "fighter": GOB},
        {"t": "remove", "id": "c2"},
        {"t": "remove", "id": "c2"},
        {"t": "remove", "id": ""},
        {"t": "remove", "id": "c" * 17},
        {"t": "remove", "id": 3},
        {"t": "add", "fighter": GOB, "count": 2},
        {"t": "add", "fighter": GOB},
        {"t": "add", "fighter": {**GOB, "name": "N" * 60}, "count": 2},
        {"t": "add", "fighter": {**GOB, "name": "Troll 10000"}},
        {"t": "add", "fighter": {**GOB, "name": "Troll"}, "count": 2},
        {"t": "add", "fighter": {**GOB, "name": "Troll"}},
        {"t": "add", "fighter": {**GOB, "name": "Ogre 2"}},
        {"t": "add", "fighter": {**GOB, "name": "Ogre"}},
        {"t": "add", "fighter": {**GOB, "name": "Imp 3"}},
        {"t": "add", "fighter": {**GOB, "name": "Imp 3"}},
        {"t": "remove", "id": "c" * 16},
    ]),
    # The encounter holds at most 40 combatants (the encounter's limit, not a rule).
    _case("a full encounter", [
        {"t": "add", "fighter": GOB, "count": 39},
        {"t": "add", "fighter": ORC, "names": ["Orc", "Orc 2"]},
        {"t": "add", "fighter": ORC, "names": "Orc"},
        {"t": "add", "fighter": ORC, "count": 2},
        {"t": "add", "fighter": ORC},
        {"t": "add", "fighter": HERO},
        {"t": "add", "fighter": HERO, "count": 1},
        {"t": "add", "fighter": HERO, "names": ["Hero"]},
    ]),
    # The log's own checks: an event is an object with a known type and its own fields only;
    # undo and redo move along the states and are refused with nothing to move.
    _case("the log's checks, undo and redo", [
        "add",
        {"kind": "x"},
        {"t": "fight"},
        {"t": "next_round", "round": 3},
        {"t": "add", "fighter": HERO, "zz": 1, "aa": 2},
        {"t": "undo"},
        {"t": "redo"},
        *_add(HERO, ORC),
        {"t": "next_round"},
        {"t": "undo"},
        {"t": "undo"},
        {"t": "redo"},
        {"t": "redo"},
        {"t": "redo"},
        {"t": "undo"},
        {"t": "rename", "name": "Ambush"},
        {"t": "redo"},
        {"t": "rename", "name": ""},
        {"t": "rename", "name": "x" * 81},
        {"t": "rename", "name": "Bad\u0007"},
        {"t": "rename", "name": "x" * 80},
    ]),
    # F95 4.22: a simultaneous round; the higher result wounds (the sword's +2, Great Strength).
    _case("a simultaneous round", [
        *_add(HERO, ORC),
        {"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"faces": [1, 1, 0, 0]}, "damage": [0, 0, 0, 0]},
         "b_dice": {"roll": {"faces": [-1, 0, 0, 0]}}},
        {"t": "exchange", "a": "c1", "b": "c2", "a_dice": _roll(-2), "b_dice": _roll(3)},
        {"t": "exchange", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "exchange", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(9)},
        {"t": "exchange", "a": "c1", "b": "c2", "a_dice": _roll(-9), "b_dice": _roll(0)},
        {"t": "exchange", "a": "c1", "b": "c1", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "exchange", "kind": "melee", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "exchange", "a": "c1", "b": "c3", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "exchange", "a": "c3", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "next_round"},
        {"t": "end_battle"},
    ]),
    # F95 4.31: a successful all-out defence and Perception leave the foe −1 next round (the
    # encounter carries it, and uses it up).
    _case("a carried modifier", [
        *_add(HERO, ORC),
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"all_out": "defense", "scouting": True},
         "a_dice": _roll(2), "b_dice": _roll(-1)},
        {"t": "next_round"},
        {"t": "exchange", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"all_out": "defense", "scouting": True},
         "a_dice": _roll(2), "b_dice": _roll(-1)},
        {"t": "ranged", "mode": "unaware", "shooter": "c2", "target": "c1", "difficulty": 0, "shooter_dice": _roll(1)},
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"all_out": "defense", "scouting": True},
         "a_dice": _roll(2), "b_dice": _roll(-1)},
        {"t": "end_battle"},
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"all_out": "offense"},
         "b_declares": {"all_out": "offense"}, "a_dice": _roll(1), "b_dice": _roll(2)},
    ]),
    _case("a carried modifier on the next attack in alternating turns", [
        *_add(HERO, ORC),
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"all_out": "defense", "scouting": True},
         "a_dice": _roll(2), "b_dice": _roll(-1)},
        {"t": "rules", "ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "alternating"}}},
        _attack("c2", "c1", 1, 0),
    ]),
    # F95 4.23 alternating turns: initiative, hasty attacks (+1 initiative, −1 to attack and
    # defend that round), all-out defence forfeits the round's attack.
    _case("alternating turns", [
        *_add(A, B, {**A, "name": "C", "combat_reflexes": True, "initiative": 1}),
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(1), "b_dice": _roll(0)},
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0),
         "b_declares": {"hasty": True}},
        {"t": "initiative", "a": "c1", "b": "c3", "a_dice": _roll(0), "b_dice": _roll(0), "surprise": "a"},
        {"t": "initiative", "a": "c1", "b": "c3", "surprise": "c"},
        {"t": "initiative", "a": "c1", "b": "c1", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "initiative", "a": "c9", "b": "c1", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "initiative", "a": "c1", "b": "c9", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(9), "b_dice": _roll(0)},
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(-9)},
        {"t": "initiative", "a": "c1", "b": "c2", "b_dice": _roll(0)},
        {"t": "initiative", "a": "c3", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0), "a_declares": {},
         "b_declares": {"hasty": False}},
        {"t": "initiative", "a": "c1", "b": "c3", "a_dice": _roll(0), "b_dice": _roll(0),
         "a_declares": {"hasty": "yes"}},
        {"t": "initiative", "a": "c1", "b": "c3", "a_dice": _roll(0), "b_dice": _roll(0),
         "a_declares": {"careful": True}},
        _attack("c2", "c1", 1, 0),
        _attack("c1", "c2", 0, 0, b_declares={"all_out": "defense"}),
        _attack("c1", "c2", 0, 0, b_declares={"defence_modifiers": []}),
        _attack("c3", "c1", 0, 0, b_declares={"all_out": "defense"}),
        _attack("c1", "c3", 0, 0),
        _attack("c1", "c3", 0, 0, a_declares={"hasty": True}, b_declares={"defence_modifiers": []}),
        _attack("c2", "c3", 0, 1, b_declares={"all_out": "defense"}),
        _attack("c3", "c1", 0, 0),
        _attack("c1", "c2", 0, 0, b_declares={"defence_modifiers": [HASTY_DEFENCE]}),
        _attack("c1", "c2", 0, 0, b_declares={"hasty": True}),
        _attack("c1", "c2", 0, 0, a_declares={"hasty": False}),
        {"t": "next_round"},
        _attack("c1", "c3", 0, 0),
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(-1), "b_dice": _roll(2)},
        _attack("c3", "c2", 1, 0, a_declares={"stun": True}),
        _attack("c3", "c2", 2, 0, a_declares={"stun": True}),
        {"t": "initiative", "a": "c2", "b": "c3", "a_dice": _roll(0), "b_dice": _roll(0),
         "a_declares": {"hasty": True}},
        {"t": "initiative", "a": "c3", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0),
         "a_declares": {"hasty": True}},
        {"t": "end_battle"},
    ], options=ALT),
    # F95 4.23: after an all-out attack he defends at −2 on his foe's next turn, or (the option)
    # not at all; the next attack against him uses it up.
    _case("an all-out attack's open guard", [
        *_add(A, B),
        _attack("c1", "c2", -4, 4, a_declares={"all_out": "offense"}),
        _attack("c2", "c1", 0, 0),
        _attack("c2", "c1", 0, 0),
    ], options={**ALT, "melee.all_out": True}),
    _case("an all-out attack leaves no defence", [
        *_add(A, B),
        _attack("c1", "c2", -4, 4, a_declares={"all_out": "offense"}),
        _attack("c2", "c1", -2, 4),
    ], options={**ALT, "melee.all_out": True, "melee.all_out_offense_defense": "none"}),
    # F95 4.31 in alternating turns: a defender's all-out defence and Perception leave his foe −1
    # on his next action, an attack too; a surprise gives either side the initiative.
    _case("scouting in alternating turns", [
        *_add(A, B),
        {"t": "initiative", "a": "c1", "b": "c2", "surprise": "b"},
        _attack("c1", "c2", 0, 2, b_declares={"all_out": "defense", "scouting": True}),
        {"t": "next_round"},
        _attack("c1", "c2", 1, 0),
        _attack("c1", "c2", 0, 0, a_declares={"bogus": 1}),
        _attack("c1", "c2", 0, 0, b_declares={"bogus": 1}),
    ], options=ALT),
    # F95 4.23 under simultaneous pacing: no initiative; an attack with no memory.
    _case("initiative outside alternating turns", [
        *_add(A, B),
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(1), "b_dice": _roll(0)},
        _attack("c1", "c2", 2, 0),
    ], options={"melee.weapon_disparity": "off"}),
    # F95 4.21 story elements: one roll or three, the GM's −3…+3, a named skill.
    _case("story elements", [
        *_add(HERO, ORC),
        {"t": "story", "id": "c1", "rolls": [{"total": 1}]},
        {"t": "story", "id": "c1", "rolls": [{"faces": [1, 1, 0, -1]}, {"total": 0}, {"total": -2}],
         "modifier": -2},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "modifier": 3, "skill": "Sword"},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}, {"total": 1}]},
        {"t": "story", "id": "c1", "rolls": {"total": 1}},
        {"t": "story", "id": "c1", "rolls": [{"total": 1, "bonus": 1}]},
        {"t": "story", "id": "c1", "rolls": [5]},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}, {"total": 9}, {"total": 0}]},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "modifier": 3},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "modifier": -3},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "modifier": 4},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "modifier": -4},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "modifier": True},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "modifier": 1.0},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "skill": 3},
        {"t": "story", "id": "c1", "rolls": [{"total": 1}], "skill": "Axe"},
        {"t": "wound", "id": "c2", "level": 4},
        {"t": "story", "id": "c2", "rolls": [{"total": 1}]},
    ], options={"melee.pacing": "story"}),
    # F95 4.57 the GM's boxes and wounds; F95 4.8 healing (skill), MUD/CO ways; end of battle.
    _case("wounds and healing by hand", [
        *_add(HERO),
        {"t": "wound", "id": "c1", "level": 1},
        {"t": "wound", "id": "c1", "level": 3},
        {"t": "wound", "id": "c1", "level": 0},
        {"t": "wound", "id": "c1", "level": 7},
        {"t": "box", "id": "c1", "row": 1, "index": 0, "value": 2},
        {"t": "box", "id": "c1", "row": 3, "index": 0, "value": 2},
        {"t": "box", "id": "c1", "row": 3, "index": 0, "value": 0},
        {"t": "box", "id": "c1", "row": 0, "index": 2, "value": 1},
        {"t": "box", "id": "c1", "row": 9, "index": 0, "value": 1},
        {"t": "heal", "id": "c1", "result": "Great"},
        {"t": "heal", "id": "c1", "how": "natural", "weeks": 1, "rolls": [1]},
        {"t": "heal", "id": "c1", "how": "co", "result": 1},
        {"t": "heal", "id": "c1", "how": "magic"},
        {"t": "heal", "id": "c1", "result": "Awesome"},
        {"t": "heal", "id": "c1", "result": 25},
        {"t": "heal", "id": "c1", "how": "co", "result": 25},
        {"t": "end_battle"},
    ]),
    # F95 4.8: natural healing, a level a week (one week unless told); with Constitution rolls
    # (healing.natural_roll) one result a week; an edit keeps the wounds and the side.
    _case("natural healing and edits that keep the wounds", [
        *_add(HERO),
        {"t": "add", "fighter": ORC, "side": "players"},
        {"t": "wound", "id": "c1", "level": 3},
        {"t": "wound", "id": "c2", "level": 4},
        {"t": "edit", "id": "c2", "fighter": {**ORC, "skills": {"Club": "Good"}}},
        {"t": "edit", "id": "c1", "fighter": {**HERO, "pain_threshold": "high"}},
        {"t": "box", "id": "c1", "row": 1, "value": 2},
        {"t": "box", "id": "c1", "row": 0, "index": 1, "value": 1},
        {"t": "heal", "id": "c1", "how": "natural"},
        {"t": "heal", "id": "c2", "how": "natural", "weeks": 2},
        {"t": "heal", "id": "c2", "how": "natural", "weeks": 0},
        {"t": "edit", "id": "c2", "side": "foes",
         "fighter": {**ORC, "track": {"kind": "boxes", "marks": [[0, 0, 0], [0], [0], [0], [0]]}}},
        {"t": "remove", "id": "c1"},
        {"t": "heal", "id": "c1", "how": "natural"},
    ]),
    _case("natural healing with Constitution rolls", [
        *_add(HERO),
        {"t": "wound", "id": "c1", "level": 3},
        {"t": "heal", "id": "c1", "how": "natural", "rolls": [1]},
        {"t": "heal", "id": "c1", "how": "natural", "weeks": 2, "rolls": [-1, "Great"]},
        {"t": "heal", "id": "c1", "how": "natural"},
    ], options={"healing.natural_roll": True}),
    # F95 4.57's three-stage track of a pawn NPC: the GM marks its Hurt and Out of the Battle boxes.
    _case("a pawn's boxes by hand", [
        *_add(ORC),
        {"t": "box", "id": "c1", "row": 1, "index": 0, "value": 2},
        {"t": "box", "id": "c1", "row": 3, "index": 0, "value": 2},
        {"t": "box", "id": "c1", "row": 0, "index": 0, "value": 1},
    ], options={"wounds.pawn_track": True}),
    _case("healing under Combat Options", [
        *_add(HERO),
        {"t": "wound", "id": "c1", "level": 3},
        {"t": "heal", "id": "c1", "how": "co", "result": 2},
        {"t": "heal", "id": "c1", "how": "co", "result": -1},
        {"t": "heal", "id": "c1", "how": "co", "result": 9},
        {"t": "box", "id": "c1", "row": 0, "index": 0, "value": 1},
        {"t": "box", "id": "c1", "row": 0, "index": 1, "value": 1},
        {"t": "box", "id": "c1", "row": 1, "index": 0, "value": 1},
        {"t": "heal", "id": "c1", "how": "co", "result": -3},
        {"t": "heal", "id": "c1", "how": "co", "result": 1},
    ], options={"co.track": True, "co.heal_failure_hurts": True}),
    # Which parts of an NPC's sheet the players see (the GM's choice); a ruleset change.
    _case("players' view and house rules", [
        *_add(HERO),
        {"t": "players", "see": ["skills", "wounds"]},
        {"t": "players", "see": []},
        {"t": "players", "see": ["secrets"]},
        {"t": "rules", "ruleset": {"preset": "mudge"}},
        {"t": "rules", "ruleset": {"preset": "nothing"}},
    ]),
    # F95 4.62: a blow to stun stuns for a round; the stunned fighter defends but cannot attack;
    # the stun ends and end of battle clears it.
    _case("a stun and who cannot act", [
        *_add(HERO, ORC, GOB, ARCHER),
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True}, "a_dice": _roll(0), "b_dice": _roll(-1)},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c4", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "ranged", "mode": "shoot_back", "shooter": "c4", "target": "c2", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "exchange", "a": "c2", "b": "c3", "a_dice": _roll(3), "b_dice": _roll(-3)},
        {"t": "next_round"},
        {"t": "exchange", "a": "c2", "b": "c3", "a_dice": _roll(1), "b_dice": _roll(-1)},
        {"t": "next_round"},
        {"t": "exchange", "a": "c2", "b": "c3", "a_dice": _roll(3), "b_dice": _roll(-3)},
        {"t": "wound", "id": "c3", "level": 4},
        {"t": "exchange", "a": "c3", "b": "c1", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "ranged", "mode": "unaware", "shooter": "c3", "target": "c1", "difficulty": 0, "shooter_dice": _roll(0)},
        {"t": "ranged", "mode": "aware", "shooter": "c4", "target": "c3", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "group", "lone": "c3", "foes": ["c1"], "lone_dice": _roll(0), "foe_dice": {"c1": _roll(0)}},
        {"t": "group", "lone": "c1", "foes": ["c3"], "lone_dice": _roll(0), "foe_dice": {"c3": _roll(0)}},
        {"t": "group", "lone": "c1", "foes": ["c3", "c2"], "lone_dice": _roll(0), "foe_dice": {"c2": _roll(0)},
         "targets": ["c3"]},
        {"t": "group", "lone": "c1", "foes": ["c3", "c2"], "lone_dice": _roll(0), "foe_dice": {"c2": _roll(0)},
         "ignored": ["c4"]},
        {"t": "end_battle"},
    ]),
    _case("unaware and knocked out", [
        *_add(HERO, {**ORC, "track": {"kind": "boxes", "marks": [[0, 0, 0], [0], [0], [0], [0]], "knocked_out": True}}),
        {"t": "exchange", "a": "c2", "b": "c1", "a_dice": _roll(0), "b_dice": _roll(0)},
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"unaware": True}, "a_dice": _roll(0),
         "b_dice": _roll(0)},
        {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "rules", "ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "story"}}},
        {"t": "story", "id": "c2", "rolls": [{"total": 0}]},
        {"t": "story", "id": "c1", "rolls": [{"total": 0}]},
    ]),
    _case("knocked down by a failed damage check", [
        *_add(HERO, ORC),
        {"t": "exchange", "a": "c2", "b": "c1", "a_dice": {"roll": {"total": 1}},
         "b_dice": {"roll": {"total": -1}, "check": [-1, -1, -1, -1]}},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "rules", "ruleset": {"preset": "fudge1995",
                                   "options": {"melee.pacing": "story", "co.damage_check": True}}},
        {"t": "story", "id": "c1", "rolls": [{"total": 0}]},
    ], options={"co.damage_check": True}),
    # The group round's inputs, each refused with the field it names.
    _case("a group round's refusals", [
        *_add(HERO, ORC, GOB, ARCHER),
        {"t": "group", "lone": "c1", "foes": ["c1", "c2"], "lone_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": [], "lone_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": ["c2", "c2"], "lone_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": "c2", "lone_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": ["c2", "c9"], "lone_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0), "foe_dice": {"c3": _roll(0)}},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0), "foe_dice": []},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0), "foe_declares": {"c3": {}}},
        {"t": "group", "lone": "c1", "foes": ["c2"], "foe_dice": {"c2": _roll(0)}},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0), "foe_dice": {"c2": _roll(9)}},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0), "foe_dice": {"c2": _roll(0)},
         "targets": ["c3"]},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0), "foe_dice": {"c2": _roll(0)},
         "ignored": "c2"},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(3),
         "foe_dice": {"c2": _roll(-3), "c3": _roll(-3)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(3),
         "foe_dice": {"c2": _roll(-3), "c3": _roll(-3)}, "targets": ["c3"], "space": "cramped"},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(3), "group_roll": {"total": 0},
         "foe_dice": {"c2": _roll(0)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(3), "group_roll": {}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(3),
         "group_roll": {"total": 0, "faces": []}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(3), "group_roll": 2},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(-3),
         "group_roll": {"faces": [1, 1, 0, 0]}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
         "lone_dice": {"roll": {"total": -3}, "check": [[0, 0, 0, 0]]},
         "lone_declares": {"willpower": [0, 0, 0]}, "group_roll": {"total": 0}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": -3}, "check": [[0, 0, 0]]},
         "group_roll": {"total": 0}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": -3}},
         "lone_declares": {"willpower": ["Epic"]}, "group_roll": {"total": 0}},
    ]),
    _case("a group round against NPCs who score their level", [
        *_add(HERO, ORC, GOB),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0), "foe_dice": {"c2": _roll(0)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0), "group_roll": {"total": 0}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(2)},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(2), "targets": ["c2"]},
        {"t": "group", "lone": "c2", "foes": ["c1", "c3"], "lone_dice": _roll(0),
         "foe_dice": {"c1": _roll(0), "c3": _roll(0)}},
    ], options={"melee.npc_fixed": True}),
    # Ranged fire's inputs, each refused with the field it names.
    _case("ranged fire's refusals", [
        *_add(HERO, ARCHER),
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c2", "difficulty": 0},
        {"t": "ranged", "mode": "aware", "shooter": "c9", "target": "c1", "difficulty": 0},
        {"t": "ranged", "mode": "unaware", "shooter": "c2", "target": "c1", "difficulty": 0},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c9", "difficulty": 0},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(9), "target_dice": _roll(0)},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(-9)},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_declares": {"skill": 3}, "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "target_declares": {"dodge": 1}, "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "ranged", "mode": "blind", "shooter": "c2", "target": "c1", "difficulty": 0},
        {"t": "ranged", "mode": "unaware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "ranged", "shooter": "c2", "target": "c1", "difficulty": 1, "target_difficulty": 0,
         "shooter_dice": _roll(1), "target_dice": _roll(-1), "weapon": "thrown"},
        {"t": "ranged", "mode": "shoot_back", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(1), "target_dice": _roll(1)},
        {"t": "ranged", "mode": "unaware", "shooter": "c2", "target": "c1", "difficulty": 0, "burst": 3,
         "shooter_dice": _roll(2)},
    ]),
    # F95 4.34: a lone fighter against several foes; F95 4.4: ranged fire.
    _case("a group round and ranged fire", [
        *_add(HERO, ORC, GOB, ARCHER),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(3),
         "foe_dice": {"c2": _roll(-1), "c3": _roll(-2)}, "targets": ["c2"]},
        {"t": "ranged", "mode": "unaware", "shooter": "c4", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(2)},
        {"t": "ranged", "mode": "aware", "shooter": "c4", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(-1), "target_dice": _roll(1)},
        {"t": "next_round"},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"faces": [1, 1, 0, 0]}},
         "foe_dice": {"c2": {"roll": {"faces": [1, 0, 0, -1]}}, "c3": _roll(-4)}, "space": "tunnel"},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"faces": [1, 1, 0, 0]}},
         "foe_dice": {"c2": {"roll": {"faces": [1, 0, 0, -1]}}, "c3": _roll(-4)}, "ignored": ["c3"]},
        {"t": "ranged", "mode": "shoot_back", "shooter": "c4", "target": "c2", "difficulty": 1, "target_difficulty": 2,
         "shooter_dice": {"roll": {"faces": [1, 1, 1, 0]}}, "target_dice": _roll(4), "weapon": "thrown"},
        {"t": "ranged", "mode": "aware", "shooter": "c4", "target": "c3", "difficulty": 0, "burst": 3,
         "shooter_dice": _roll(-4), "target_dice": _roll(4)},
        {"t": "ranged", "mode": "aware", "shooter": "c4", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0), "target_declares": {"defence_skill": "Sword"},
         "shooter_declares": {"skill": "Bow"}},
    ]),
    # F95 4.4: an aware target dodges with his defence skill (or the one declared) and shoots
    # back with his attack skill; an unaware one neither; F95 4.52 (wounds.willpower): his
    # Willpower result adjusts the wound he takes.
    _case("ranged fire's skills and Willpower", [
        *_add(ARCHER, SCOUT),
        {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_dice": _roll(1), "target_dice": _roll(0), "target_declares": {"willpower": 0}},
        {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_dice": _roll(1), "target_dice": _roll(0),
         "target_declares": {"defence_skill": "Bow", "willpower": 0}},
        {"t": "ranged", "mode": "shoot_back", "shooter": "c1", "target": "c2", "difficulty": 0, "target_difficulty": 0,
         "shooter_dice": _roll(-4), "target_dice": _roll(0), "shooter_declares": {"willpower": 0}},
        {"t": "ranged", "mode": "shoot_back", "shooter": "c1", "target": "c2", "difficulty": 0, "target_difficulty": 0,
         "shooter_dice": _roll(-4), "target_dice": _roll(0), "target_declares": {"skill": "Dodge"},
         "shooter_declares": {"willpower": 0}},
        {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_dice": _roll(1), "target_dice": _roll(0),
         "target_declares": {"defence_skill": "Dodge", "willpower": 0}},
        {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_dice": _roll(1), "target_dice": _roll(0), "target_declares": {"unaware": True}},
        {"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c2", "difficulty": 0,
         "shooter_dice": _roll(4), "target_declares": {"willpower": 3}},
    ], options={"wounds.willpower": "temporary"}),
    # F95 4.34 with Combat Options damage checks (CO 4.3): each wounded fighter's check, named by
    # the event's own field; the lone fighter may check once per wound.
    _case("a group round's damage checks", [
        *_add(HERO, ORC, GOB),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(-2),
         "foe_dice": {"c2": _roll(1), "c3": _roll(2)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
         "lone_dice": {"roll": {"total": -2}, "check": [[1, 1, 1, 1]]}, "foe_dice": {"c2": _roll(1), "c3": _roll(2)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
         "lone_dice": {"roll": {"total": -2}, "check": [[1, 1, 1, 1], [1, 1, 1, 0]]},
         "foe_dice": {"c2": _roll(1), "c3": _roll(2)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(4), "targets": ["c3"],
         "foe_dice": {"c2": _roll(-4), "c3": _roll(-4)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(4), "targets": ["c3"],
         "foe_dice": {"c2": _roll(-4), "c3": {"roll": {"total": -4}, "check": [1, 1, 1, 1]}}},
    ], options={"co.damage_check": True}),
    _case("a damage check named for a fighter whose name has a dot", [
        *_add({**HERO, "name": "St. George"}, ORC, {**GOB, "name": "Gob Jr."}),
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(4), "target_dice": _roll(-4)},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(-2),
         "foe_dice": {"c2": _roll(1), "c3": _roll(2)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(4), "targets": ["c3"],
         "foe_dice": {"c2": _roll(-4), "c3": _roll(-4)}},
    ], options={"co.damage_check": True}),
    # F95 4.62 in a group round: a stunned fighter defends and counts, but his blows do not land.
    _case("a group round with the stunned", [
        *_add(HERO, ORC, GOB),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(4), "targets": ["c2"],
         "lone_declares": {"stunned": 1}, "foe_dice": {"c2": _roll(-4), "c3": _roll(-4)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(-4),
         "foe_declares": {"c2": {"stunned": 1}}, "foe_dice": {"c2": _roll(4), "c3": _roll(-4)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(4), "targets": ["c2", "c3"],
         "lone_declares": {"stunned": 1}, "foe_dice": {"c2": _roll(-4), "c3": _roll(-4)}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(4), "targets": ["c2", "c3"],
         "foe_dice": {"c2": _roll(-4), "c3": _roll(-4)}},
    ], options={"multi.sweeping_blow": True}),
    # F95 4.23: a hasty attack is "-1 to attack and defend that round": the encounter writes it
    # into the attacker's and the defender's own declarations, keeping what they declared; a
    # hasty flag that is not true or false is refused, not overwritten.
    _case("a hasty round beside his own declarations", [
        *_add(A, B, C),
        {"t": "initiative", "a": "c1", "b": "c2", "a_dice": _roll(0), "b_dice": _roll(0),
         "a_declares": {"hasty": True}},
        _attack("c1", "c2", 0, 0, a_declares={"hasty": "yes"}),
        _attack("c1", "c2", 0, 0, a_declares={"modifiers": [FOG]}),
        _attack("c3", "c1", 0, 0, b_declares={"defence_modifiers": [FOG]}),
        _attack("c3", "c1", 0, 0, b_declares={"defence_modifiers": [FOG, HASTY_DEFENCE]}),
    ], options=ALT),
    # F95 4.34 after earlier exchanges: a stun (F95 4.62) and a carried −1 (F95 4.31) reach the
    # group round (the stunned Orc defends but does not wound; the Goblin's −1 is used up), a
    # foe fights with the skill he declares, the lone fighter's one damage check is four faces
    # (CO 4.3); unknown combatants, a foe key that is not a foe and bad dice are refused by field.
    _case("a group round after a stun and a carried modifier", [
        *_add(HERO, ORC, {**GOB, "skills": {"Spear": "Mediocre", "Brawl": "Good"}}, A),
        {"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True}, "a_dice": _roll(1), "b_dice": _roll(-1)},
        {"t": "exchange", "a": "c4", "b": "c3", "a_declares": {"all_out": "defense", "scouting": True},
         "a_dice": _roll(2), "b_dice": _roll(-1)},
        {"t": "group", "lone": "c9", "foes": ["c2", "c3"]},
        {"t": "group", "lone": "x", "foes": ["c2", "c3"]},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "foe_declares": {"y" * 50: {}}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}, "bogus": 1}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_declares": {"bogus": 1}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0), "space": "bogus"},
        {"t": "group", "lone": "c1", "foes": ["c3", "c2"], "lone_dice": {"roll": {"total": -3}, "check": [1, 1, 1, 1]},
         "foe_declares": {"c3": {"skill": "Brawl"}}, "foe_dice": {"c2": _roll(3), "c3": _roll(3)}},
    ], options={"co.damage_check": True}),
    # F95 4.34: the lone fighter fights with the skill he declares.
    _case("a lone fighter's declared skill", [
        *_add({**HERO, "skills": {"Sword": "Good", "Brawl": "Poor"}}, ORC, GOB),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_declares": {"skill": "Brawl"}, "lone_dice": _roll(0),
         "foe_dice": {"c2": _roll(0), "c3": _roll(0)}},
    ]),
    # F95 4.33: NPCs score their trait level against a PC, not when a PC is among the foes.
    _case("fixed NPCs, and a PC among the foes", [
        *_add(HERO, ORC, {**HERO, "name": "Ally"}),
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0), "foe_dice": {"c2": _roll(0)}},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": _roll(0), "group_roll": {"total": 1}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0),
         "foe_dice": {"c2": _roll(0), "c3": _roll(0)}},
    ], options={"melee.npc_fixed": True}),
    # F95 4.33 with CO 2.2: a fixed NPC struck by the lone fighter checks his shield at his Shield
    # skill with no roll (our reading, as in melee).
    _case("a fixed NPC's shield check", [
        *_add(HERO, {**GOB, "skills": {"Spear": "Mediocre", "Shield": "Fair"}, "shield": "medium"}, ORC),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 4}, "shield": [0, 0, 0, 0]},
         "targets": ["c2"]},
    ], options={"melee.npc_fixed": True, "co.shield": True}),
    # F95 4.36: a "plus" level gives +1 every other round, starting with the second: to a shot
    # and to a foe's roll in a group round.
    _case("a plus level in an even round", [
        *_add(HERO, {**ARCHER, "plus_skills": ["Bow"]}, {**GOB, "plus_skills": ["Spear"]}),
        {"t": "next_round"},
        {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0,
         "shooter_dice": _roll(0), "target_dice": _roll(0)},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0),
         "foe_dice": {"c2": _roll(0), "c3": _roll(0)}},
    ], options={"melee.plus_levels": True}),
    # F95 4.61: each blow of a group round reads its striker's damage die: a foe's when he hits
    # the lone fighter, the lone fighter's when he strikes a foe.
    _case("damage dice in a group round", [
        *_add(HERO, ORC, GOB),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": -2}, "damage": [1]},
         "foe_dice": {"c2": {"roll": {"total": 2}, "damage": [-1]}, "c3": {"roll": {"total": -4}, "damage": [1]}}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 4}, "damage": [-1]},
         "targets": ["c3"],
         "foe_dice": {"c2": {"roll": {"total": -4}, "damage": [1]}, "c3": {"roll": {"total": -4}, "damage": [1]}}},
    ], options={"damage.die": "number_1df"}),
    # F95 4.63: under Min-Mid-Max a graze reads its own die (F95 4.56), given as the dice's graze.
    _case("a graze die under Min-Mid-Max in a group round", [
        *_add(HERO, ORC),
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 0}, "damage": [1, 1, 1]},
         "foe_dice": {"c2": {"roll": {"total": 2}, "damage": [6, 6, 6], "graze": [-1]}}},
        {"t": "group", "lone": "c1", "foes": ["c2"], "lone_dice": {"roll": {"total": 0}, "damage": [1, 1, 1],
                                                                 "graze": [1]},
         "foe_dice": {"c2": {"roll": {"total": 0}, "damage": [6, 6, 6]}}},
    ], options={"damage.system": "minmidmax", "damage.die": "number_1df"}),
    # F95 4.36: the lone fighter's own "plus" level: +1 in the second round, not the first or third.
    _case("a lone fighter's plus level in the rounds of a fight", [
        *_add({**HERO, "plus_skills": ["Sword"]}, ORC, GOB),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0),
         "foe_dice": {"c2": _roll(0), "c3": _roll(0)}},
        {"t": "next_round"},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0), "targets": ["c2"],
         "foe_dice": {"c2": _roll(0), "c3": _roll(0)}},
        {"t": "next_round"},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0),
         "foe_dice": {"c2": _roll(0), "c3": _roll(0)}},
    ], options={"melee.plus_levels": True}),
    # F95 4.34 with R-DICE-ENTRY: the group round reads every roll as a total of the ruleset's
    # dice (4dF: −4 to +4); a roll entered in other dice that no such roll can show is refused,
    # naming the lone fighter's or that foe's own dice.
    _case("a group round's roll in other dice", [
        *_add(HERO, ORC, GOB),
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": _roll(0),
         "foe_dice": {"c2": _roll(0), "c3": {"roll": {"dice": "3d6", "faces": [6, 6, 6]}}}},
        {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"dice": "1d6", "faces": [6]}},
         "foe_dice": {"c2": _roll(0), "c3": _roll(0)}},
    ]),
]


def _plain(value: Any) -> Any:
    """JSON shape (enums as their values, tuples as lists)."""
    return json.loads(json.dumps(value))


def _digest(enc: Encounter) -> dict[str, Any]:
    s = enc.state
    return {
        "name": s.name, "round": s.round, "next_id": s.next_id,
        "carry": [k.to_dict() for k in s.carry], "stunned": s.stunned, "initiative": s.initiative,
        "acts": s.acts, "players_see": s.players_see, "preset": s.rules.to_dict(),
        "combatants": [[c.id, c.fighter.name, c.side, None if c.fighter.track is None else c.fighter.track.to_dict()]
                       for c in s.combatants],
        "undo": len(enc.states) - 1, "redo": len(enc.redo),
        "this_round": encounter_state.this_round(s),
    }


def _encounter(case: dict[str, Any]) -> Encounter:
    return Encounter(ruleset=new_ruleset(case["rules"], case["options"]))


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What the encounter gives for each of a case's events, then its log explained again."""
    enc = _encounter(case)
    rows = []
    for event in case["events"]:
        before = enc.to_dict()
        try:
            enc.apply(event)
        except FudgeError as err:
            assert enc.to_dict() == before  # a refused event changes nothing
            rows.append(readings.refusal(err))
            continue
        rows.append({"line": enc.lines[-1], "dice": enc.dice[-1], "last": enc.state.last,
                     "logged": enc.log[-1] if enc.log[-1] != event else "as given", "state": _digest(enc)})
    out: dict[str, Any] = {"events": rows, "explained": [enc.explain(i) for i in range(len(enc.lines))]}
    refusals = []
    for index in (-1, len(enc.lines), True, "0"):
        try:
            enc.explain(index)
        except FudgeError as err:
            refusals.append(readings.refusal(err))
    for fmt in ("html",):
        try:
            enc.log_document(fmt)
        except FudgeError as err:
            refusals.append(readings.refusal(err))
    out["refusals"] = refusals
    out["text"] = enc.log_document("text")
    return _plain(out)


def test_each_event_reads_as_recorded():
    """Every event of every case gives the recorded line, dice, outcome (each step's section, text
    and data) and state, or the recorded refusal (class, message, field). Regenerate deliberately
    with ``PYTHONPATH=. python tests/test_encounter_readings.py --write`` and review the diff."""
    golden = readings.load("encounter_readings")
    assert readings.cases_in(golden) == _plain(CASES)
    for row in golden:
        assert answer(row) == row["answer"], row["case"]


def test_each_case_replays_from_its_stored_log_to_the_same_state():
    """A stored log replays to the same state, line by line (the encounter is its log)."""
    for case in CASES:
        enc = _encounter(case)
        for event in case["events"]:
            try:
                enc.apply(event)
            except FudgeError:
                pass
        again = Encounter.from_dict(_plain(enc.to_dict()))
        assert again.lines == enc.lines and again.dice == enc.dice, case["case"]
        assert _digest(again) == _digest(enc), case["case"]


def test_a_declaration_read_for_the_odds_carries_the_stun_and_names_its_field():
    """The declaration the odds read before the dice (exchange.read_exchange, no dice): what earlier
    exchanges carried to him and his stun (F95 4.62) added, and a bad one refused by its field."""
    enc = _encounter({"rules": "fudge1995", "options": {}})
    for f in (HERO, ORC):
        enc.apply({"t": "add", "fighter": f})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True}, "a_dice": _roll(0),
               "b_dice": _roll(-1)})
    draft = {"t": "exchange", "a": "c1", "b": "c2"}
    assert read_exchange(enc.state, draft, rolled=False).b_decl.stunned == 1
    declares = {**draft, "b_declares": {"all_out": "defense"}}
    assert read_exchange(enc.state, declares, rolled=False).b_decl.all_out == "defense"
    try:
        read_exchange(enc.state, {**draft, "b_declares": {"bogus": 1}}, rolled=False)
    except FudgeError as err:
        assert (err.message, err.field) == ("b_declares: unknown field 'bogus'.", "b_declares.bogus")
    else:
        raise AssertionError("a bad declaration was read")


def test_the_odds_of_a_draft_read_no_dice():
    """The odds before rolling read a draft group or ranged event without its dice: dice already
    in the draft, even ones no roll could show, change nothing (every roll is counted)."""
    enc = _encounter({"rules": "fudge1995", "options": {}})
    for f in (HERO, ARCHER):
        enc.apply({"t": "add", "fighter": f})
    shot = {"t": "ranged", "mode": "aware", "shooter": "c2", "target": "c1", "difficulty": 0}
    rolled = {**shot, "shooter_dice": _roll(9), "target_dice": _roll(-9)}
    assert preview.ranged_odds(enc.state, rolled) == preview.ranged_odds(enc.state, shot)
    group = {"t": "group", "lone": "c1", "foes": ["c2"]}
    assert (preview.group_odds(enc.state, {**group, "lone_dice": _roll(9), "foe_dice": {"c2": _roll(9)}})
            == preview.group_odds(enc.state, group))


def test_the_roles_a_fighter_cannot_take_say_why():
    """F95 4.22 unaware, F95 4.62 knocked out, CO 4.3.2 dropped, F95 4.51 Incapacitated: every role
    refused, with the reason; F95 4.62 stunned: only the attacking roles."""
    rules = new_ruleset("fudge1995", {})
    plain = Fighter.from_dict({"name": "X", "skills": {"S": 0}})
    track = plain.track_for(rules)
    cases = [
        (plain, Declaration(unaware=True), "Unaware: cannot act (F95 4.22)"),
        (plain.with_track(replace(track, knocked_out=True)), Declaration(), "Knocked out: cannot act (F95 4.62)"),
        (plain.with_track(replace(track, dropped=True)), Declaration(),
         "Knocked down by a failed damage check: out of combat (CO 4.3.2)"),
        (plain.with_track(wounds.record_wound(track, wounds.INCAPACITATED, rules=rules).track), Declaration(),
         "Incapacitated: cannot act (F95 4.51)"),
    ]
    for fighter, decl, why in cases:
        assert encounter_state.refused_roles(fighter, decl, rules) == dict.fromkeys(encounter_state.ROLES, why)
    assert encounter_state.refused_roles(plain, Declaration(stunned=wounds.STUNNED), rules) == dict.fromkeys(
        ("attacker", "shooter", "shoot_back"), "Stunned: cannot attack (F95 4.62)")
    assert encounter_state.refused_roles(plain, Declaration(), rules) == {}


STORED_REFUSALS = [
    ("a list", "RequestError", "An encounter is an object with name, ruleset and log.", "encounter"),
    # No object at all, whose keys alone would look allowed: an empty list, one of the keys, nothing.
    ([], "RequestError", "An encounter is an object with name, ruleset and log.", "encounter"),
    (["log"], "RequestError", "An encounter is an object with name, ruleset and log.", "encounter"),
    (None, "RequestError", "An encounter is an object with name, ruleset and log.", "encounter"),
    ({"log": [], "notes": 1}, "RequestError", "An encounter is an object with name, ruleset and log.", "encounter"),
    ({"log": {}}, "RequestError", "The encounter's log must be a list.", "encounter.log"),
    ({"log": [{"t": "next_round"}] * 10_001}, "RequestError",
     "An encounter's log holds at most 10,000 events (and 1,000 undos or redos past them), this one 10,001.",
     "encounter.log"),
    # Past the 10,000th event only undos and redos: an entry that is no event object is no undo.
    ({"log": [{"t": "next_round"}] * 10_000 + [["undo"]]}, "RequestError",
     "An encounter's log holds at most 10,000 events (and 1,000 undos or redos past them), this one 10,001.",
     "encounter.log"),
    ({"name": "", "log": []}, "RequestError", "name must be a name of 1 to 80 characters.", "encounter.name"),
    ({"ruleset": {"preset": "x"}, "log": []}, "OptionError",
     "Unknown preset 'x'; choose one of Fudge 1995, Mudge, Fudge 1993 draft.", "encounter.ruleset.preset"),
    ({"log": [{"t": "add", "fighter": HERO}, {"t": "remove", "id": "c2"}]}, "EncounterError",
     "No combatant 'c2' in this encounter.", "encounter.log[1].event.id"),
]


def test_a_stored_encounter_is_refused_naming_the_field():
    """A stored encounter that is not one is refused: the message and the field, down to the
    event of the log that cannot be applied."""
    for data, kind, message, field in STORED_REFUSALS:
        try:
            Encounter.from_dict(data)
        except FudgeError as err:
            assert (type(err).__name__, err.message, err.field) == (kind, message, field), data
        else:
            raise AssertionError(f"accepted {str(data)[:60]}")
    enc = Encounter.from_dict({"name": "Stored", "log": [{"t": "add", "fighter": HERO}]}, field="saved")
    assert enc.name == "Stored" and enc.lines == ["Hero joins the fight."]
    try:
        Encounter.from_dict({"log": "x"}, field="saved")
    except FudgeError as err:
        assert err.field == "saved.log"


def test_a_log_holds_at_most_ten_thousand_events():
    """The encounter's own limit (not a rule): the 10,000th event is applied, the next refused;
    a stored log of exactly 10,000 events replays."""
    enc = Encounter()
    enc.log.extend([{"t": "next_round"}] * 9_999)
    enc.apply({"t": "next_round"})
    assert len(enc.log) == 10_000
    try:
        enc.apply({"t": "next_round"})
    except FudgeError as err:
        assert (err.message, err.field) == (
            "An encounter's log holds at most 10,000 events; start a new encounter.", "event")
    else:
        raise AssertionError("the 10,001st event was applied")
    assert len(Encounter.from_dict({"log": [{"t": "next_round"}] * 10_000}).log) == 10_000


if __name__ == "__main__":
    readings.write_when_asked("encounter_readings", readings.recorded(CASES, answer), __file__)
