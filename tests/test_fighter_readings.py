"""A fighter's sheet reads as recorded: what ``pyfudge.combat.fighter`` makes of a list of sheets,
pinned in tests/golden/readings/fighter_readings.json.

Each case is a sheet as JSON (the door's and the encounter's ``fighter``), read under a preset; the
golden file records the fighter it gives (every field as :meth:`Fighter.to_dict` writes it) and
what the rules read from him: his attack and defence levels (F95 4.23: a parry equal to the weapon
skill, a named defence skill, an animal's one level below or above), a named skill, his "plus"
skill (F95 4.36), his size Scale (MUD 4.58), Damage Resistant/Fragile (F95 4.52), his wound track
as the rules make it (F95 4.57; a pawn's three stages; his own boxes), his wound level and penalty
(F95 4.51 with Pain Threshold) and whether he can fight — or the refusal's class, message and the
field it names (every field at its bounds). To change the readings deliberately, edit ``CASES``
or the code, rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_fighter_readings.py --write
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
import readings

from pyfudge.combat.fighter import Fighter
from pyfudge.combat.shield import ShieldState
from pyfudge.core.errors import FudgeError
from pyfudge.rules import wounds
from pyfudge.rules.damage import Armor, Weapon
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
S = {"Sword": "Fair"}
HURT_TRACK = {"kind": "boxes", "marks": [[0, 0, 0], [2], [0], [0], [0]]}
FRESH_TRACK = {"kind": "boxes", "marks": [[0, 0, 0], [0], [0], [0], [0]]}
PAWN_TRACK = {"kind": "pawn", "marks": [[], [1], [], [0], []]}


def _c(sheet: dict[str, Any], *, rules: str = "fudge1995", options: dict[str, Any] | None = None,
       skill: str | None = None, field: str | None = None) -> dict[str, Any]:
    case: dict[str, Any] = {"sheet": sheet, "rules": rules}
    if options:
        case["options"] = options
    if skill is not None:
        case["skill"] = skill
    if field is not None:
        case["field"] = field
    return case


def _f(**kw: Any) -> dict[str, Any]:
    return {"name": "X", "skills": S, **kw}


CASES: list[dict[str, Any]] = [
    # The least sheet: a name and a skill; every default.
    _c(_f()), _c(_f(), field="a"),
    # Skills: a dict or a sheet's rows; levels by name or number; 1 to 12 of them; the attack
    # skill (default the first), the defence skill (F95 4.23), "plus" skills (F95 4.36).
    _c(_f(skills={"Axe": "Good", "Shield": 3}, defence_skill="Shield"), skill="Axe"),
    _c(_f(skills=[["Axe", 1], ["Shield", "Great"]], attack_skill="Shield", plus_skills=["Axe"]), skill="Shield"),
    _c(_f(skills=[["Axe", 1], ["Axe", 2]])), _c(_f(skills=[["Axe", 1], ["Axe ", 2]])),
    _c(_f(skills=[["Axe", 1], [" ", 2]])), _c(_f(skills=[["Axe", 1, 2]])), _c(_f(skills=[])),
    _c(_f(skills={})), _c(_f(skills="Sword")), _c(_f(skills=None)), _c({"name": "X"}),
    _c(_f(skills={f"S{i}": 0 for i in range(12)})), _c(_f(skills={f"S{i}": 0 for i in range(13)})),
    _c(_f(skills={"Sword": "Awesome"})), _c(_f(skills={"Sword": 4})), _c(_f(skills={"Sword": -4})),
    _c(_f(skills={"Sword": 3})), _c(_f(skills={"Sword": -3})), _c(_f(skills={"Sword": 1.5})),
    _c(_f(skills={"": 0})), _c(_f(attack_skill="Bow")), _c(_f(defence_skill="Bow")),
    _c(_f(plus_skills=["Bow"])), _c(_f(plus_skills=["Sword", "Sword"])), _c(_f(plus_skills="Sword")),
    _c(_f(plus_skills=["Sword"])), _c(_f(), skill="Bow"),
    # Name and role.
    _c({"skills": S}), _c(_f(name="")), _c(_f(name="N" * 60)), _c(_f(name="N" * 61)), _c(_f(name=7)),
    _c(_f(role="npc")), _c(_f(role="major_npc")), _c(_f(role="boss")),
    _c("not a sheet"), _c(_f(hitpoints=3)),
    # Traits on the ladder (Terrible to Legendary), Scales within ±40, Initiative and Speed.
    _c(_f(strength="Superb", damage_capacity=-3)), _c(_f(strength=4)), _c(_f(strength=-4)),
    _c(_f(damage_capacity=4)), _c(_f(damage_capacity="Awful")),
    _c(_f(initiative="Good", speed=-3, speed_power=True)), _c(_f(initiative=5)), _c(_f(speed="Fast")),
    _c(_f(speed_power="yes")),
    _c(_f(strength_scale=40, mass_scale=-40)), _c(_f(strength_scale=41)), _c(_f(strength_scale=-41)),
    _c(_f(mass_scale=41)), _c(_f(mass_scale=-41)), _c(_f(mass_scale=3)),
    _c(_f(mass_scale=3, size_scale=-2)), _c(_f(size_scale=41)), _c(_f(size_scale=-41)), _c(_f(size_scale=40)),
    _c(_f(mass_scale=True)),
    # Gear: weapon, armor, shield (CO 2.3 shield state), wound track and boxes.
    _c(_f(weapon={"name": "Sword", "size": 2}, armor={"name": "Mail", "value": 2}, shield="large")),
    _c(_f(shield="tower")), _c(_f(weapon={"name": "Club", "size": "big"})), _c(_f(armor={"value": "x"})),
    _c(_f(shield="small", shield_state={"name": "Buckler", "points": 3, "taken": 1})),
    _c(_f(shield_state={"name": "Buckler", "points": 3, "taken": 1})),
    _c(_f(shield="small", shield_state="worn")),
    _c(_f(track=HURT_TRACK)), _c(_f(track=HURT_TRACK, pain_threshold="high")),
    _c(_f(track=HURT_TRACK, pain_threshold="low")), _c(_f(pain_threshold="none")),
    _c(_f(track={"kind": "bogus"})), _c(_f(track="hurt")),
    _c(_f(boxes=[3, 2, 1, 1, 1])), _c(_f(boxes=[3, 2, 1, 1, 1], track=HURT_TRACK)),
    _c(_f(boxes=[3, 1, 1, 1, 1], track=HURT_TRACK)), _c(_f(boxes=[2, 2, 2, 1, 1], track=FRESH_TRACK)),
    _c(_f(boxes=[0, 0, 0, 0, 0])), _c(_f(boxes="many")), _c(_f(boxes=(3, 2, 1, 1, 1))),
    # A track with no mark but a shrug, a drop, a stun, a deferred wound or death is not fresh:
    # his boxes may not replace it; a pawn's track is not a box track, kept as it is.
    _c(_f(boxes=[2, 2, 2, 1, 1], track={**FRESH_TRACK, "shrugged": True})),
    _c(_f(boxes=[2, 2, 2, 1, 1], track={**FRESH_TRACK, "dropped": True})),
    _c(_f(boxes=[2, 2, 2, 1, 1], track={**FRESH_TRACK, "stun_marks": [[2], [0]]})),
    _c(_f(boxes=[2, 2, 2, 1, 1], track={**FRESH_TRACK, "dead": 6})),
    _c(_f(boxes=[2, 2, 2, 1, 1], track={**FRESH_TRACK, "deferred": [[2, 2]]})),
    _c(_f(role="npc", boxes=[2, 2, 2, 1, 1], track=PAWN_TRACK), options={"wounds.pawn_track": True}),
    # Gifts and faults: Tough Hide 0–20 (F95 4.58), Damage Resistant/Fragile (F95 4.52),
    # Combat Reflexes (F95 4.23), Fudge Points 0–99 (F95 4.64), an animal's kind (F95 4.23).
    _c(_f(tough_hide=20, resistance="resistant", combat_reflexes=True, fudge_points=99)),
    _c(_f(tough_hide=21)), _c(_f(tough_hide=-1)), _c(_f(resistance="fragile")), _c(_f(resistance="tough")),
    _c(_f(combat_reflexes=1)), _c(_f(fudge_points=100)), _c(_f(fudge_points=-1)),
    _c(_f(skills={"Bite": "Good"}, animal="carnivore")), _c(_f(skills={"Kick": "Poor"}, animal="prey")),
    _c(_f(skills={"Bite": "Terrible"}, animal="carnivore")), _c(_f(skills={"Kick": "Superb"}, animal="prey")),
    _c(_f(skills={"Bite": "Good", "Dodge": "Great"}, defence_skill="Dodge", animal="carnivore")),
    _c(_f(animal="dragon")),
    # The track the rules make: a pawn's three stages (F95 4.57), Mudge's two Hurt boxes, CO's.
    _c(_f(role="npc"), options={"wounds.pawn_track": True}), _c(_f(role="pc"), options={"wounds.pawn_track": True}),
    _c(_f(), rules="mudge"), _c(_f(damage_capacity=2), options={"co.track": True}),
    # F95 4.57's other record: Damage Capacity itself, from his own level.
    _c(_f(damage_capacity=2), options={"wounds.record": "capacity"}),
    _c(_f(damage_capacity=-2), options={"wounds.record": "capacity"}),
]


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """The fighter a sheet gives and what the rules read from him, or the refusal."""
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    try:
        f = Fighter.from_dict(case["sheet"], **({"field": case["field"]} if "field" in case else {}))
        named = f.skill(case["skill"]) if "skill" in case else None
    except FudgeError as err:
        return readings.refusal(err)
    track = f.track_for(rules)
    return _plain({
        "fighter": f.to_dict(), "offence": f.offence, "defence": f.defence, "skill": named,
        "has_plus": f.has_plus(), "body_scale": f.body_scale, "resistant": f.resistant,
        "track": track.to_dict(), "level": f.current_level(rules), "penalty": f.current_penalty(rules),
        "can_fight": f.can_fight(rules),
    })


def test_each_sheet_reads_as_recorded():
    """Every sheet gives the recorded fighter and readings, or the recorded refusal (class, message,
    field). Regenerate deliberately with ``PYTHONPATH=. python tests/test_fighter_readings.py
    --write`` and review the diff."""
    readings.assert_as_recorded("fighter_readings", _plain(CASES), answer)


def test_each_fighter_read_is_made_again_from_what_it_writes():
    """A fighter read from a sheet is read again, equal, from his own JSON and from his fields
    (the constructor checks as the door does)."""
    for case in CASES:
        try:
            f = Fighter.from_dict(case["sheet"])
        except FudgeError:
            continue
        again = Fighter.from_dict(_plain(f.to_dict()))
        assert again == f and again.to_dict() == f.to_dict()
        assert Fighter(**{k: getattr(f, k) for k in f.to_dict()}) == f


def test_the_constructor_fills_the_derived_defaults_and_checks_as_the_door_does():
    """Made from his fields (not JSON), a fighter gets the same defaults the door gives: skills
    from a dict, the first skill to attack with unless one is named, his size Scale from his Mass
    Scale unless given, his boxes as a tuple, a fresh track of another shape dropped for his own
    boxes; a wounded one of another shape is refused."""
    f = Fighter("X", {"Sword": 2, "Axe": 1})
    assert f.skills == (("Sword", 2), ("Axe", 1)) and f.attack_skill == "Sword" and f.offence == 2
    assert Fighter("X", {"Sword": 2, "Axe": 1}, attack_skill="Axe").offence == 1
    assert Fighter("X", {"S": 0}, mass_scale=3).size_scale == 3
    assert Fighter("X", {"S": 0}, mass_scale=3, size_scale=-2).size_scale == -2
    boxed = Fighter("X", {"S": 0}, boxes=[2, 2, 2, 1, 1])
    assert boxed.boxes == (2, 2, 2, 1, 1) and isinstance(boxed.boxes, tuple)
    fresh = wounds.WoundTrack.new(F95)
    assert Fighter("X", {"S": 0}, track=fresh, boxes=[2, 2, 2, 1, 1]).track is None
    assert Fighter("X", {"S": 0}, track=fresh, boxes=[3, 1, 1, 1, 1]).track == fresh
    for shaken in (replace(fresh, deferred=((2, 2),)), replace(fresh, shrugged=True), replace(fresh, dropped=True)):
        with pytest.raises(FudgeError) as err:
            Fighter("X", {"S": 0}, track=shaken, boxes=[2, 2, 2, 1, 1])
        assert err.value.field == "fighter.boxes"
    with pytest.raises(FudgeError) as err:
        Fighter("X", {"S": 9})
    assert err.value.field == "fighter.skills.S"


def test_the_door_takes_gear_already_read():
    """A sheet may hold a weapon, armor, track or shield state already read: each is kept as it is."""
    weapon, armor = Weapon("Axe", size=2), Armor("Mail", value=2)
    track = wounds.record_wound(wounds.WoundTrack.new(F95), wounds.HURT, rules=F95).track
    state = ShieldState("Buckler", points=3, taken=1)
    f = Fighter.from_dict({"name": "X", "skills": S, "weapon": weapon, "armor": armor, "track": track,
                           "shield": "small", "shield_state": state})
    assert (f.weapon, f.armor, f.track, f.shield_state) == (weapon, armor, track, state)
    boxed = Fighter.from_dict({"name": "X", "skills": S, "boxes": (2, 2, 2, 1, 1)})
    assert boxed.boxes == (2, 2, 2, 1, 1) and boxed.track_for(F95).marks[1] == (0, 0)


def test_the_pipeline_copy_checks_each_changed_field():
    """The attack pipeline's cheap copy (``_evolve``) changes only the track, Fudge Points and shield
    state, each checked: 0 to 99 Fudge Points, a wound track, a shield's state only with a shield."""
    f = Fighter.from_dict({"name": "X", "skills": S})
    with pytest.raises(TypeError) as type_err:
        f._evolve(name="Y", track=None)
    assert str(type_err.value) == "_evolve changes only ['fudge_points', 'shield_state', 'track'], not ['name']"
    assert f._evolve(fudge_points=99).fudge_points == 99
    assert f.with_fudge_points(3).fudge_points == 3
    refusals = [({"fudge_points": 100}, "fudge_points must be a whole number from 0 to 99, not 100.", "fudge_points"),
                ({"fudge_points": -1}, "fudge_points must be a whole number from 0 to 99, not -1.", "fudge_points"),
                ({"track": "Hurt"}, "track must be a wound track.", "track"),
                ({"shield_state": "worn"}, "shield_state must be a shield's state.", "shield_state"),
                ({"shield_state": ShieldState()}, "shield_state describes a shield: say which one they carry (shield).",
                 "shield")]
    for changes, message, field in refusals:
        with pytest.raises(FudgeError) as err:
            f._evolve(**changes)
        assert (err.value.message, err.value.field) == (message, field), changes
    shielded = Fighter.from_dict({"name": "X", "skills": S, "shield": "small"})
    assert shielded._evolve(shield_state=ShieldState("Buckler", 3, 1)).shield_state == ShieldState("Buckler", 3, 1)
    assert f._evolve(track=None).track is None


if __name__ == "__main__":
    readings.write_when_asked("fighter_readings", readings.recorded(CASES, answer), __file__)
