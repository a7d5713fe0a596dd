"""The group round resolved without its steps (what the odds run thousands of times) gives every
result the explained round gives (F95 4.34, MUD 4.34, F93 4.64): one pipeline, texts only when read."""

import itertools
from dataclasses import replace

import pytest

from pyfudge.combat import multi
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
F93 = find_ruleset("fudge1993")

# Ties, all-out attackers, stances, an ignored foe, shields, targets and sweeping blows: each branch
# of the round under the three books.
CASES = [
    (F95, {}, {}),
    (MUD, {"stance": 1}, {"stance": -1}),
    (F93, {}, {"ignored": True}),
    (F95.with_options({"multi.sweeping_blow": True}), {}, {}),
    (F95, {"all_out": "offense"}, {"all_out": "offense"}),
    (F95, {"modifiers": [{"source": "wounded", "amount": -1}]},
     {"lone_modifiers": [{"source": "Bandit's medium shield", "amount": -1}]}),
]


def _round(lone_extra, first_foe_extra, rolls, targets):
    foes = [{"name": "Bandit", "level": 1, "roll": rolls[1], **first_foe_extra},
            {"name": "Thug", "level": 0, "roll": rolls[2]}, {"name": "Lout", "level": -1, "roll": rolls[3]}]
    data = {"lone": {"name": "Hero", "level": 2, "roll": rolls[0], **lone_extra}, "foes": foes, "targets": targets}
    return multi.GroupRound.from_dict(data)


@pytest.mark.parametrize("rules, lone_extra, foe_extra", CASES)
def test_round_resolved_without_steps_has_every_result_of_the_explained_round(rules, lone_extra, foe_extra):
    sweeping = rules["multi.sweeping_blow"]
    seen_steps = 0
    for rolls in itertools.product(range(-4, 5), (-2, 0, 1, 3), (-1, 0, 2), (-3, 0, 1)):
        rnd = _round(lone_extra, foe_extra, rolls, [])
        told = multi.resolve_melee_group(rnd, rules=rules)
        quiet = multi.resolve_melee_group(rnd, rules=rules, explain=False)
        assert quiet.steps == ()
        assert replace(quiet, steps=told.steps) == told
        seen_steps += len(told.steps)
        # The lone fighter's named blows (one foe, or each he may wound with sweeping blows).
        for targets in ([told.wound_choices] if sweeping else [[n] for n in told.wound_choices]) + [["Lout"]]:
            aimed = replace(rnd, targets=tuple(targets))
            told = multi.resolve_melee_group(aimed, rules=rules)
            quiet = multi.resolve_melee_group(aimed, rules=rules, explain=False)
            assert replace(quiet, steps=told.steps) == told
    assert seen_steps > 0


@pytest.mark.parametrize("rules, lone_extra, foe_extra", CASES)
def test_preferred_foe_is_struck_as_if_named(rules, lone_extra, foe_extra):
    prefer = ("Lout", "Bandit", "Thug")
    several = 0
    for rolls in itertools.product(range(-4, 5), (-2, 0, 1, 3), (-1, 0, 2), (-3, 0, 1)):
        rnd = _round(lone_extra, foe_extra, rolls, [])
        got = multi.resolve_melee_group(rnd, rules=rules, prefer=prefer)
        choices = multi.resolve_melee_group(rnd, rules=rules).wound_choices
        if len(choices) > 1:
            several += 1
            named = next(n for n in prefer if n in choices)
            assert got == multi.resolve_melee_group(replace(rnd, targets=(named,)), rules=rules)
        else:
            assert got == multi.resolve_melee_group(rnd, rules=rules)
        # A target named by the player stands whatever the odds prefer.
        aimed = replace(rnd, targets=("Thug",))
        assert multi.resolve_melee_group(aimed, rules=rules, prefer=prefer) == multi.resolve_melee_group(
            aimed, rules=rules)
    assert several > 0
