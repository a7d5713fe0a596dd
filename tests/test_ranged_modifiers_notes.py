"""A fighter's modifiers to a shot or a dodge (``sides.ranged_modifiers``, F95 4.4): the melee-only
choices left out, each with a step that says whose choice it was, which, and why in the rule's
words (F93 4.62; F95 4.31 and 4.3; MUD 4.32); round 1 unless told (F95 4.36's "plus" level
counts in even rounds); a bad declaration refused by the field it was given under."""

from __future__ import annotations

import pytest

from pyfudge.combat import sides
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core.errors import FudgeError
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUDGE = find_ruleset("mudge")
ASTA = Fighter.from_dict({"name": "Asta", "skills": {"Bow": 2}, "plus_skills": ["Bow"]})


def notes(declares, rules=F95):
    return [(s.section, s.text, s.data) for s in sides.ranged_modifiers(ASTA, Declaration.from_dict(declares),
                                                                         rules=rules)[1]]


def test_all_out_offence_in_fire_is_left_out_with_the_rules_words():
    assert notes({"all_out": "offense"}) == [(
        "F93 4.62", "Asta's all-out offence is not counted: it \"only applies to melee combat\".",
        {"fighter": "Asta", "all_out": "offense"})]


def test_all_out_defence_in_fire_is_left_out_as_a_melee_modifier():
    assert notes({"all_out": "defense"}) == [(
        "F95 4.31", "Asta's all-out defence is not counted: it is a melee modifier (F95 4.3, Melee Combat "
        "Options).", {"fighter": "Asta", "all_out": "defense"})]


def test_a_stance_in_fire_is_left_out_with_the_rules_words():
    assert notes({"stance": "berserk"}, MUDGE) == [(
        "MUD 4.32", "Asta's Berserk stance is not counted: stances \"have no effect on ranged combat of any "
        "kind\".", {"fighter": "Asta"})]


def test_a_plain_declaration_in_fire_has_nothing_to_say():
    assert notes({}) == []


def test_the_round_is_the_first_unless_told_so_a_plus_level_waits_for_the_second():
    """F95 4.36: a "plus" level gives +1 every other round, starting with the second."""
    rules = F95.with_options({"melee.plus_levels": True})
    first, _ = sides.ranged_modifiers(ASTA, rules=rules)
    second, _ = sides.ranged_modifiers(ASTA, rules=rules, round_number=2)
    assert first == sides.ranged_modifiers(ASTA, rules=rules, round_number=1)[0]
    assert [m.amount for m in first] == [] and [(m.amount, m.section) for m in second] == [(1, "F95 4.36")]


def test_a_declaration_the_rules_do_not_offer_is_refused_by_the_field_it_came_under():
    bad = Declaration.from_dict({"stance": "berserk"})  # no stances under Fudge 1995
    for where, kw in (("declares", {}), ("shooter_declares", {"where": "shooter_declares"})):
        with pytest.raises(FudgeError) as err:
            sides.ranged_modifiers(ASTA, bad, rules=F95, **kw)
        assert err.value.field.startswith(where + ".")


def test_a_round_off_1_to_1_000_000_is_refused_naming_round():
    # An even round: Asta's "plus" level counts (F95 4.36).
    assert [m.amount for m in sides.ranged_modifiers(ASTA, rules=F95, round_number=1_000_000)[0]] == [1]
    for bad in (0, 1_000_001, "2"):
        with pytest.raises(FudgeError) as err:
            sides.ranged_modifiers(ASTA, rules=F95, round_number=bad)
        assert err.value.field == "round"
