"""The Fighter record: validation, JSON round trip, wound penalty from the track."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rules import wounds
from pyfudge.rules.damage import Armor, Weapon
from pyfudge.rulesets import find_ruleset, new_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")


def _hurt(rules, level=wounds.HURT):
    return wounds.record_wound(wounds.WoundTrack.new(rules), level, rules=rules).track


def test_minimal_fighter_from_dict():
    f = Fighter.from_dict({"name": "Leroy", "skills": {"Broadsword": "Good"}})
    assert f.offence == 1 and f.defence == 1 and f.attack_skill == "Broadsword"
    assert f.role == "pc" and f.shield == "none" and f.track is None


def test_levels_by_name_or_number():
    f = Fighter.from_dict({"name": "T", "skills": {"Poleaxe": 3}, "strength": "Superb", "damage_capacity": "Fair"})
    assert f.offence == 3 and f.strength == 3 and f.damage_capacity == 0


def test_defence_skill_may_differ_from_weapon_skill():
    # F95 4.23: a parry may equal the weapon skill or be a separate skill.
    f = Fighter.from_dict({"name": "D", "skills": {"Axe": "Good", "Shield": "Great"}, "defence_skill": "Shield"})
    assert f.offence == 1 and f.defence == 2


def test_animal_default_defence():
    wolf = Fighter.from_dict({"name": "Wolf", "skills": {"Bite": "Good"}, "animal": "carnivore"})
    deer = Fighter.from_dict({"name": "Deer", "skills": {"Kick": "Poor"}, "animal": "prey"})
    assert wolf.defence == 0 and deer.defence == -1


def test_unknown_field_is_refused_with_its_path():
    with pytest.raises(FudgeError) as err:
        Fighter.from_dict({"name": "X", "skills": {"Sword": 0}, "hitpoints": 10})
    assert err.value.field == "fighter.hitpoints"


def test_bad_skill_level_names_the_skill():
    with pytest.raises(FudgeError) as err:
        Fighter.from_dict({"name": "X", "skills": {"Sword": "Awesome"}}, field="a")
    assert err.value.field == "a.skills.Sword"


@pytest.mark.parametrize("data,field", [
    ({"name": "", "skills": {"S": 0}}, "fighter.name"),
    ({"name": "X", "skills": {}}, "fighter.skills"),
    ({"name": "X", "skills": {"S": 0}, "attack_skill": "Bow"}, "fighter.attack_skill"),
    ({"name": "X", "skills": {"S": 0}, "shield": "tower"}, "fighter.shield"),
    ({"name": "X", "skills": {"S": 0}, "role": "boss"}, "fighter.role"),
    ({"name": "X", "skills": {"S": 0}, "fudge_points": -1}, "fighter.fudge_points"),
    ({"name": "X", "skills": {"S": 0}, "weapon": {"name": "Club", "size": "big"}}, "fighter.weapon.size"),
    ({"name": "X", "skills": {"S": 0}, "track": {"kind": "bogus"}}, "fighter.track.kind"),
    ({"name": "X", "skills": {"S": 0}, "plus_skills": ["Bow"]}, "fighter.plus_skills"),
    # No skills, or skills that are neither a dict nor a sheet's [name, level] rows.
    ({"name": "X"}, "fighter.skills"),
    ({"name": "X", "skills": 5}, "fighter.skills"),
    ({"name": "X", "skills": [["S", 0, 1]]}, "fighter.skills"),
    ({"name": "X", "skills": ["S0"]}, "fighter.skills"),
    # The "plus" skills are a list of the fighter's skills, each once.
    ({"name": "X", "skills": {"S": 0}, "plus_skills": {"S": True}}, "fighter.plus_skills"),
    ({"name": "X", "skills": {"S": 0}, "plus_skills": 5}, "fighter.plus_skills"),
    ({"name": "X", "skills": {"S": 0, "T": 1}, "plus_skills": ["S", "S"]}, "fighter.plus_skills"),
])
def test_invalid_fields_name_the_field(data, field):
    with pytest.raises(FudgeError) as err:
        Fighter.from_dict(data)
    assert err.value.field == field


def test_constructor_validates_too():
    with pytest.raises(FudgeError):
        Fighter("X", (("Sword", 9),))
    assert Fighter("X", {"Sword": 2}).offence == 2


def test_penalty_comes_from_the_track():
    f = Fighter.from_dict({"name": "X", "skills": {"S": 0}}).with_track(_hurt(F95))
    assert f.current_penalty(F95) == -1
    assert f.current_level(F95) == wounds.HURT


def test_pain_threshold_shifts_the_penalty():
    # F95 4.51: High Pain Threshold reduces penalties by one level, Low increases them by one.
    track = _hurt(F95)
    high = Fighter.from_dict({"name": "X", "skills": {"S": 0}, "pain_threshold": "high"}).with_track(track)
    low = Fighter.from_dict({"name": "X", "skills": {"S": 0}, "pain_threshold": "low"}).with_track(track)
    assert high.current_penalty(F95) == 0 and low.current_penalty(F95) == -2


def test_incapacitated_fighter_cannot_fight():
    f = Fighter.from_dict({"name": "X", "skills": {"S": 0}}).with_track(_hurt(F95, wounds.INCAPACITATED))
    assert not f.can_fight(F95)


def test_pawn_npc_gets_a_three_stage_track_when_the_option_is_on():
    rules = F95.with_options({"wounds.pawn_track": True})
    pawn = Fighter.from_dict({"name": "Guard", "role": "npc", "skills": {"Spear": 0}})
    assert pawn.track_for(rules).kind == "pawn"
    assert Fighter.from_dict({"name": "Boss", "role": "major_npc", "skills": {"S": 0}}).track_for(rules).kind == "boxes"


def test_mudge_track_has_two_hurt_boxes():
    assert Fighter.from_dict({"name": "X", "skills": {"S": 0}}).track_for(MUD).marks[1] == (0, 0)


names = st.text(alphabet="abcdefghij XYZ", min_size=1, max_size=12).filter(str.strip)
levels = st.integers(-3, 4)


@st.composite
def fighters(draw):
    skills = draw(st.dictionaries(names, levels, min_size=1, max_size=4))
    keys = list(skills)
    data = {
        "name": draw(names), "role": draw(st.sampled_from(["pc", "npc", "major_npc"])), "skills": skills,
        "attack_skill": draw(st.sampled_from(keys)),
        "defence_skill": draw(st.one_of(st.none(), st.sampled_from(keys))),
        "plus_skills": draw(st.lists(st.sampled_from(keys), unique=True, max_size=2)),
        "strength": draw(levels), "damage_capacity": draw(levels),
        "strength_scale": draw(st.integers(-8, 8)), "mass_scale": draw(st.integers(-8, 8)),
        "shield": draw(st.sampled_from(["none", "small", "medium", "large"])),
        "weapon": {"name": "W", "size": draw(st.integers(0, 4)), "sharp": draw(st.integers(0, 1))},
        "armor": {"name": "A", "value": draw(st.integers(0, 4))},
        "pain_threshold": draw(st.sampled_from(["normal", "high", "low"])),
        "tough_hide": draw(st.integers(0, 3)), "combat_reflexes": draw(st.booleans()),
        "fudge_points": draw(st.integers(0, 5)),
        "animal": draw(st.sampled_from([None, "carnivore", "prey"])),
    }
    if draw(st.booleans()):
        data["track"] = wounds.WoundTrack.new(F95).to_dict()
    return data


@given(fighters())
def test_fighter_round_trips(data):
    f = Fighter.from_dict(data)
    assert Fighter.from_dict(f.to_dict()) == f
    assert isinstance(f.weapon, Weapon) and isinstance(f.armor, Armor)


def test_evolve_changes_only_the_pipeline_state():
    """The pipeline's cheap copy (after a blow) equals the fully checked copy, field for field."""
    f = Fighter.from_dict({"name": "Brynhild", "skills": {"Sword": 1, "Shield": 1}, "shield": "medium",
                           "fudge_points": 2})
    track = _hurt(F95)
    from pyfudge.combat.shield import ShieldState
    state = ShieldState("shield", 6, 2)
    cheap = f._evolve(track=track, fudge_points=1, shield_state=state)
    from dataclasses import replace
    assert cheap == replace(f, track=track, fudge_points=1, shield_state=state)
    assert cheap.to_dict() == Fighter.from_dict(cheap.to_dict()).to_dict()
    assert f.track is None and f.fudge_points == 2  # the original is untouched


@pytest.mark.parametrize("changes,field", [
    ({"fudge_points": -1}, "fudge_points"),
    ({"fudge_points": True}, "fudge_points"),
    ({"track": {"kind": "boxes"}}, "track"),
    ({"shield_state": "dented"}, "shield_state"),
])
def test_evolve_still_checks_what_it_changes(changes, field):
    f = Fighter.from_dict({"name": "Brynhild", "skills": {"Sword": 1}, "shield": "small"})
    with pytest.raises(FudgeError) as err:
        f._evolve(**changes)
    assert err.value.field == field


def test_evolve_refuses_other_fields_and_a_shield_state_without_a_shield():
    from pyfudge.combat.shield import ShieldState
    f = Fighter.from_dict({"name": "Leroy", "skills": {"Sword": 1}})
    with pytest.raises(TypeError):
        f._evolve(name="Someone")
    with pytest.raises(FudgeError) as err:
        f._evolve(shield_state=ShieldState())
    assert err.value.field == "shield"


def test_with_track_still_checks_the_whole_fighter():
    f = Fighter.from_dict({"name": "Leroy", "skills": {"Sword": 1}})
    with pytest.raises(FudgeError):
        f.with_fudge_points(100)


def test_a_fighter_with_his_own_boxes_keeps_a_damage_capacity_drop_through_a_save():
    """F95 4.57, Damage Capacity as record: a Hurt lowers the capacity and marks no box. A fighter
    with his own boxes keeps that track through his saved sheet: only a box track with no mark
    is replaced by his boxes."""
    rules = new_ruleset("fudge1995", {"wounds.record": "capacity"})
    fighter = Fighter.from_dict({"name": "Asta", "skills": {"Sword": "Good"}, "damage_capacity": 1,
                                 "boxes": [3, 1, 1, 1, 1]})
    hurt = wounds.record_wound(fighter.track_for(rules), wounds.HURT, rules=rules).track
    assert (hurt.capacity_start, hurt.capacity) == (1, 0)
    again = Fighter.from_dict(replace(fighter, track=hurt).to_dict())
    assert again.track == hurt and again.track_for(rules).capacity == 0


def test_a_fighter_with_no_skill_is_refused_by_his_skills():
    """A sheet needs a combat skill (its attack skill defaults to the first): none is refused by
    the field, also for a fighter made in code."""
    with pytest.raises(FudgeError) as err:
        Fighter(name="Asta", skills={})
    assert err.value.field == "fighter.skills"


def test_a_skill_and_its_plus_level_are_read_by_name_or_else_of_the_attack_skill():
    """F95 4.36: a "plus" level belongs to the skill named; unnamed, the attack skill is read."""
    fighter = Fighter.from_dict({"name": "Asta", "skills": {"Sword": "Good", "Bow": "Fair"},
                                 "plus_skills": ["Bow"]})
    assert (fighter.skill(), fighter.skill("Bow")) == (1, 0)
    assert (fighter.has_plus(), fighter.has_plus("Bow"), fighter.has_plus("Sword")) == (False, True, False)
