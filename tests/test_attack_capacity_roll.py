"""F95 4.52 no. 1 through the pipeline: the defender's Damage Capacity roll adjusts a wound."""

import pytest

from pyfudge.combat.attack import resolve_exchange
from pyfudge.combat.declaration import Declaration, fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rulesets import find_ruleset

ROLL = find_ruleset("fudge1995", damage__capacity="roll")


def fighters():
    a = Fighter.from_dict({"name": "Axeman", "skills": {"Axe": "Good"}, "strength": 2,
                           "weapon": {"name": "Axe", "size": 2, "sharp": 1}})
    b = Fighter.from_dict({"name": "Guard", "skills": {"Sword": "Fair"}})
    return a, b


def hit(decl):
    a, b = fighters()
    # Good +2 against Fair −2: relative degree +5 with ODF 4 vs DDF 0 — damage 9, Near Death.
    return resolve_exchange(a, b, rules=ROLL, a_dice=fudge_dice([1, 1, 0, 0]), b_dice=fudge_dice([-1, -1, 0, 0]),
                            b_declares=decl)


def test_a_great_capacity_roll_lowers_the_wound_one_level():
    plain = hit(Declaration(capacity_roll=0)).blows[0]
    great = hit(Declaration(capacity_roll=2)).blows[0]
    poor = hit(Declaration(capacity_roll=-2)).blows[0]
    assert great.damage.level == plain.damage.level - 1
    assert poor.damage.level >= plain.damage.level
    assert any(step.section == "F95 4.52" for step in great.damage.steps)


def test_a_missing_capacity_roll_names_the_defenders_declaration():
    with pytest.raises(FudgeError) as err:
        hit(Declaration())
    assert err.value.field == "b_declares.capacity_roll"


def test_a_capacity_roll_is_refused_when_the_rule_is_off():
    a, b = fighters()
    with pytest.raises(FudgeError) as err:
        resolve_exchange(a, b, rules=find_ruleset("fudge1995"), a_dice=fudge_dice([1, 1, 0, 0]),
                         b_dice=fudge_dice([-1, -1, 0, 0]), b_declares=Declaration(capacity_roll=1))
    assert err.value.field.endswith("capacity_roll")
