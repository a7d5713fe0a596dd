"""A stored log is read as the build that wrote it read it (checks.stored_log): an encounter saved,
shared or exported before names refused control characters (a tab, a line break) or invisible-only
text, or before a group round asked whom the lone fighter strikes and downed fighters' story and
initiative rolls were refused, still opens, replays and exports; the same input new is refused."""

import json

import pytest

from pyfudge import api
from pyfudge.core import checks
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

ROW = {**new_ruleset("fudge1995", {})["damage.weapons"][0], "name": "Axe\tof\nold"}
RULES = {"preset": "fudge1995", "options": {"damage.weapons": [ROW]}}
TAB = {"name": "Snorri\tthe Red", "skills": {"Sword\nand board": "Good"}}
OLD = {"name": "Duel\r\nat dawn", "ruleset": RULES,
       "log": [{"t": "add", "fighter": TAB},
               {"t": "add", "fighter": {"name": "\u200b\u200d", "role": "npc", "skills": {"Axe": "Fair"}}},
               {"t": "rename", "name": "Ambush\x1b"},
               {"t": "rules", "ruleset": RULES},
               {"t": "wound", "id": "c1", "level": 2}]}


def door(action, args):
    reply = json.loads(api.handle(json.dumps({"action": action, "args": args})))
    return reply


def test_an_old_log_with_such_names_opens_replays_and_exports():
    enc = Encounter.from_dict(json.loads(json.dumps(OLD)))
    assert enc.to_dict() == OLD
    assert [c["name"] for c in encounter_view.view(enc)["combatants"]] == ["Snorri\tthe Red", "\u200b\u200d"]
    assert encounter_view.view(enc)["name"] == "Ambush\x1b"
    for action, args in (("encounter.open", {"id": "legacy", "encounter": OLD}),
                         ("encounter.export", {"encounter": OLD}),
                         ("encounter.link", {"encounter": OLD}),
                         ("encounter.import", {"file": json.dumps({"type": "pyfudge/encounter", "version": 1,
                                                                   "data": OLD})})):
        reply = door(action, args)
        assert reply["ok"], (action, reply)
    link = door("encounter.link", {"encounter": OLD})["result"]["fragment"]
    assert door("encounter.unlink", {"fragment": link})["result"]["encounter"] == OLD


@pytest.mark.parametrize("event, field", [
    ({"t": "add", "fighter": {**TAB, "name": "Brynhild\tthe Tall"}}, "event.fighter.name"),
    ({"t": "add", "fighter": {"name": "Brynhild", "skills": {"Axe\nand shield": "Fair"}}}, "event.fighter.skills"),
    ({"t": "add", "fighter": {"name": "\u200b", "skills": {"Axe": "Fair"}}}, "event.fighter.name"),
    ({"t": "rename", "name": "Ambush\x1b"}, "event.name"),
    ({"t": "rename", "name": "Ambush\u2028at dawn"}, "event.name"),
    ({"t": "rename", "name": "\u202egnp.exe\u202c"}, "event.name"),
    ({"t": "add", "fighter": {"name": "\u2066Brynhild\u2069", "skills": {"Axe": "Fair"}}}, "event.fighter.name"),
    ({"t": "rules", "ruleset": RULES}, "event.ruleset.options.damage.weapons[0].name"),
])
def test_the_same_names_in_new_events_are_refused(event, field):
    enc = Encounter.from_dict(OLD)
    before = enc.to_dict()
    with pytest.raises(FudgeError) as err:
        enc.apply(event)
    assert err.value.field.startswith(field), err.value.field
    assert enc.to_dict() == before
    # Through the door, on the held old encounter, too.
    door("encounter.open", {"id": "legacy-new", "encounter": OLD})
    reply = door("encounter.apply", {"id": "legacy-new", "rev": len(OLD["log"]), "event": event})
    assert not reply["ok"] and reply["error"]["field"].startswith(f"args.{field}"), reply


@pytest.mark.parametrize("name", ["Duel\tat dawn", "Duel\u2029", "\u202aDuel"])
def test_a_new_encounter_name_is_checked_strictly(name):
    with pytest.raises(FudgeError):
        Encounter(name=name)
    assert not door("encounter.new", {"id": "strict", "name": name})["ok"]


def test_the_old_reading_ends_with_the_replay_even_when_it_fails():
    bad = {**OLD, "log": OLD["log"] + [{"t": "wound", "id": "c9", "level": 1}]}
    with pytest.raises(FudgeError):
        Encounter.from_dict(bad)
    with pytest.raises(FudgeError, match="control character"):
        checks.REQUEST.name("a\tb", "name")
    with checks.stored_log():
        assert checks.REQUEST.name("a\tb", "name") == "a\tb"
        with pytest.raises(FudgeError, match="1 to 60"):
            checks.REQUEST.name(" \t ", "name")  # blank was refused by the old builds too
    with pytest.raises(FudgeError, match="control character"):
        checks.REQUEST.name("a\tb", "name")


HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great"}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}
# Logged by the build before (a1e72c7): the Hero beats both foes and names none (F95 4.34): no one
# was wounded; then the Orc, Incapacitated, rolls initiative and a story element.
BEATS_BOTH = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 0}},
              "group_roll": {"total": -2}}
DOWNED = [{"t": "wound", "id": "c2", "level": 4},
          {"t": "rules", "ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "alternating"}}},
          {"t": "initiative", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": 1}}},
          {"t": "rules", "ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "story"}}},
          {"t": "story", "id": "c2", "rolls": [{"total": 0}]}]
STRICTER = {"name": "Old rounds", "ruleset": {"preset": "fudge1995", "options": {}},
            "log": [{"t": "add", "fighter": f} for f in (HERO, ORC, GOB)] + [BEATS_BOTH] + DOWNED}


def test_an_old_log_with_rounds_now_refused_opens_as_it_was():
    enc = Encounter.from_dict(json.loads(json.dumps(STRICTER)))
    assert enc.to_dict() == STRICTER
    group = next(line for line in enc.lines if "against Orc, Gob" in line)
    assert group.endswith("no one is hurt.")
    assert enc.state.last["kind"] == "story"
    assert door("encounter.open", {"id": "stricter", "encounter": STRICTER})["ok"]
    # The same events as new input are refused, and nothing is logged.
    fresh = Encounter.from_dict({**STRICTER, "log": STRICTER["log"][:3]})
    with pytest.raises(FudgeError, match="choose the foe struck"):
        fresh.apply(BEATS_BOTH)
    old = Encounter.from_dict({**STRICTER, "log": STRICTER["log"][:-1]})
    with pytest.raises(FudgeError, match="Orc cannot roll now"):
        old.apply(STRICTER["log"][-1])
    assert len(old.log) == len(STRICTER["log"]) - 1
