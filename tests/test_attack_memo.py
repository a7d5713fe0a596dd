"""The pipeline's memo (memo.remembering_blows, opened by the odds): inside it every exchange
gives exactly the outcome it gives outside, whatever order the exchanges come in."""

from __future__ import annotations

import itertools
from dataclasses import fields, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfudge.combat import attack, memo
from pyfudge.combat.blow import BlowInput, strike
from pyfudge.combat.declaration import Declaration, FighterDice, fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.stances import Stance
from pyfudge.rules.actions import Modifier
from pyfudge.rulesets import find_ruleset

LEROY = Fighter.from_dict({"name": "Leroy", "skills": {"Sword": 1}, "strength": 1,
                           "weapon": {"name": "Broadsword", "size": 2, "sharp": 1}})
THEODORA = Fighter.from_dict({"name": "Theodora", "skills": {"Axe": 0, "Shield": 1}, "damage_capacity": 1,
                              "shield": "medium", "shield_state": {"points": 5},
                              "weapon": {"name": "Axe", "size": 2, "sharp": 1}})
FACES = list(itertools.product((-1, 0, 1), repeat=4))
RULESETS = [
    find_ruleset("fudge1995"),
    find_ruleset("fudge1995", damage__die="number_1df"),
    find_ruleset("fudge1995", damage__die="even_odd_number"),
    find_ruleset("fudge1995", damage__critical_penetration=2),
    find_ruleset("mudge"),
    find_ruleset("fudge1995", co__shield=True, co__shield_damage=True, co__damage_check=True),
]


def _resolve(rules, fa, fb, dmg, check, shield, decl):
    return attack.resolve_exchange(
        LEROY, THEODORA, rules=rules, a_declares=decl, b_declares=decl,
        a_dice=FighterDice(fudge_dice(fa).roll, dmg, check, None),
        b_dice=FighterDice(fudge_dice(fb).roll, dmg, check, fudge_dice(shield).roll))


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULESETS), rolls=st.lists(st.tuples(
    st.sampled_from(FACES), st.sampled_from(FACES), st.sampled_from([-1, 0, 1]), st.sampled_from(FACES),
    st.sampled_from(FACES)), min_size=1, max_size=12), stance=st.booleans())
def test_remembered_outcomes_equal_fresh_ones(rules, rolls, stance):
    decl = Declaration(stance=Stance(1)) if stance and rules.preset == "mudge" else Declaration()
    fresh = [_resolve(rules, fa, fb, (d,), check, shield, decl) for fa, fb, d, check, shield in rolls]
    with memo.remembering_blows():
        remembered = [_resolve(rules, fa, fb, (d,), check, shield, decl) for fa, fb, d, check, shield in rolls]
        again = [_resolve(rules, fa, fb, (d,), check, shield, decl) for fa, fb, d, check, shield in rolls]
    for x, y, z in zip(fresh, remembered, again):
        assert x.to_dict() == y.to_dict() == z.to_dict()


def test_the_memo_lives_only_inside_its_block():
    assert memo._BLOW_MEMO.get() is None
    with memo.remembering_blows():
        assert memo._BLOW_MEMO.get() == {}
        with memo.remembering_blows():
            _resolve(RULESETS[0], FACES[-1], FACES[0], None, None, FACES[0], Declaration())
            assert memo._BLOW_MEMO.get()
        assert memo._BLOW_MEMO.get() == {}
    assert memo._BLOW_MEMO.get() is None


def test_fresh_declarations_are_not_confused():
    """Objects are keyed by identity and kept alive by the memo: a new declaration made inside
    the block is never mistaken for a dead one whose id it might reuse."""
    rules = find_ruleset("fudge1995", wounds__willpower="temporary")
    with memo.remembering_blows():
        levels = []
        for will in (3, -3, 3, -3):
            landed, _ = strike(BlowInput(LEROY, THEODORA, relative_degree=5, rules=rules,
                                         defender_declares=Declaration(willpower=will)))
            levels.append(landed.level)
    assert levels[0] == levels[2] and levels[1] == levels[3] and levels[0] < levels[1]


def _key(blow: BlowInput) -> tuple:
    objects, values = blow.memo_key()
    return tuple(map(id, objects)), values


def test_every_field_of_a_blow_input_is_in_its_key():
    """A change to any field of a BlowInput makes another memo key (objects by identity), and
    equal fields make the same key."""
    rules = find_ruleset("fudge1995", damage__die="even_odd_number", damage__critical_penetration=2)
    base = BlowInput(LEROY, THEODORA, relative_degree=2, rules=rules)
    other = {
        "attacker": THEODORA, "defender": LEROY, "relative_degree": 3, "rules": find_ruleset("mudge"),
        "declares": Declaration(), "defender_declares": Declaration(), "damage_die": (1,),
        "attack_roll": 1, "defense_roll": -1, "all_out_bonus": 1,
        "extra_damage": (Modifier("sweeping blow", -1, "F95 4.34"),), "critical": True,
        "worst_at_round_start": 2, "tie_won": True, "on_target": False, "check_faces": (0, 0, 0, 1),
        "check_field": "b_dice.check", "willpower_field": "b_declares.willpower",
        "called": object(), "foe_all_out": 2,
    }
    assert set(other) == {f.name for f in fields(BlowInput)}
    for name, value in other.items():
        assert _key(replace(base, **{name: value})) != _key(base), name
    same = BlowInput(LEROY, THEODORA, relative_degree=2, rules=rules, damage_die=None)
    assert _key(same) == _key(base)


def test_rolls_and_criticals_join_the_key_only_when_the_damage_reads_them():
    rules = find_ruleset("fudge1995")
    base = BlowInput(LEROY, THEODORA, relative_degree=2, rules=rules)
    assert _key(replace(base, attack_roll=3, defense_roll=-1, critical=True)) == _key(base)


def test_inside_the_memo_blows_that_differ_only_in_their_rolls_stay_apart():
    """F95 4.61 even/odd: the opposed rolls change the damage, so the memo keys them by value: a
    blow with other rolls is figured anew, and one with the same rolls is the remembered one."""
    rules = find_ruleset("fudge1995", damage__die="even_odd_number")
    base = BlowInput(LEROY, THEODORA, relative_degree=2, rules=rules, attack_roll=2, defense_roll=-1)
    for name, value in (("attack_roll", 1), ("defense_roll", 0)):
        assert _key(replace(base, **{name: value})) != _key(base), name
    assert _key(replace(base, attack_roll=2)) == _key(base)
    with memo.remembering_blows():
        plain, all_out = (strike(replace(base, all_out_bonus=b))[0].damage.number for b in (0, 1))
        assert all_out == plain + 1  # the attacker's damage factors are remembered per bonus (F95 4.31)
    with memo.remembering_blows():
        numbers = [strike(replace(base, attack_roll=a, defense_roll=d))[0].damage.number
                   for a, d in ((2, -1), (1, 0), (2, -1), (1, 0))]
    fresh = [strike(replace(base, attack_roll=a, defense_roll=d))[0].damage.number for a, d in ((2, -1), (1, 0))]
    assert numbers == fresh * 2 and fresh[0] != fresh[1]


def test_inside_the_memo_each_round_is_planned_for_its_own_number():
    """F95 4.36: a "plus" level counts on even rounds only, so the memo keeps round 1 and round 2
    of the same two fighters apart: each gives what it gives outside the memo."""
    rules = find_ruleset("fudge1995")
    plus = replace(LEROY, plus_skills=("Sword",))
    dice = FighterDice(fudge_dice((0, 0, 0, 0)).roll, (0,), None, fudge_dice((0, 0, 0, 0)).roll)
    fresh = [attack.resolve_exchange(plus, THEODORA, rules=rules, a_dice=dice, b_dice=dice, round_number=n).to_dict()
             for n in (1, 2)]
    with memo.remembering_blows():
        remembered = [attack.resolve_exchange(plus, THEODORA, rules=rules, a_dice=dice, b_dice=dice,
                                              round_number=n).to_dict() for n in (1, 2, 1, 2)]
    assert remembered == fresh * 2 and fresh[0]["sides"] != fresh[1]["sides"]


def test_inside_the_memo_an_alternating_attack_gives_what_it_gives_outside():
    """F95 4.23: an attack of alternating turns, remembered, is the same attack (its checks and
    sides planned once)."""
    rules = find_ruleset("fudge1995", melee__pacing="alternating")
    rolls = [FighterDice(fudge_dice(f).roll) for f in ((1, 1, 0, 0), (0, 0, 0, 0), (-1, 0, 0, 0))]
    fresh = [attack.resolve_attack(LEROY, THEODORA, rules=rules, attacker_dice=a, defender_dice=d).to_dict()
             for a in rolls for d in rolls]
    with memo.remembering_blows():
        remembered = [attack.resolve_attack(LEROY, THEODORA, rules=rules, attacker_dice=a, defender_dice=d).to_dict()
                      for a in rolls for d in rolls]
    assert remembered == fresh


def test_inside_the_memo_an_equal_blow_is_the_remembered_one():
    """:func:`memo.remembering_blows`: "returns the same blow when called again with the same
    inputs" — the very object, not a new one figured again; outside, each call figures anew."""
    blow = BlowInput(LEROY, THEODORA, relative_degree=3, rules=RULESETS[0])
    assert strike(blow)[0] is not strike(blow)[0]
    with memo.remembering_blows():
        first = strike(blow)[0]
        assert strike(replace(blow))[0] is first
        # Another blow of the same two: its damage factors, which read no dice, are remembered too.
        other = strike(replace(blow, relative_degree=4))[0]
        assert other is not first and other.odf is first.odf and other.ddf is first.ddf
