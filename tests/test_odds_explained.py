"""How the exact odds say they were weighed (``dice_classes.explain``), step by step: each
fighter's roll and its faces (the technique's section), the damage dice (F95 4.61; Min-Mid-Max's
3d6, F95 4.63), a shieldman's shield check (CO 2.2), a wounded fighter's damage check (CO 4.3),
and how many runs over how many classes of dice (F95 4.22) — or, sampled, how many draws and
within what margin."""

from __future__ import annotations

from pyfudge.analysis import dice_classes, odds
from pyfudge.combat.fighter import Fighter
from pyfudge.rulesets import find_ruleset


def steps(*args, **kw) -> list[tuple[str, str, dict]]:
    return [(s.section, s.text, s.data) for s in dice_classes.explain(*args, **kw)]


def test_the_steps_name_every_roll_weighed_and_the_runs_it_took():
    assert steps("2d6_remove_higher", ("3d6", "1dF"), 12, 34, ("shield rolls", "damage checks")) == [
        ("F93 4.21", "Each fighter rolls 2d6, remove the higher die: 36 equally likely faces, weighed by what "
         "the rules read of them (the total, the odd-coloured last die).",
         {"technique": "2d6_remove_higher", "faces": 36}),
        ("F95 4.63", "Damage dice (3d6 or 1dF) are weighed when a blow lands.", {"damage_dice": ["3d6", "1dF"]}),
        ("CO 2.2", "A shieldman who loses rolls their shield check (2d6, remove the higher die): weighed by its "
         "total.", {"shield_rolls": True}),
        ("CO 4.3", "A wounded fighter's damage check (4dF) is weighed by its total.", {"damage_checks": True}),
        ("F95 4.22", "The exchange was resolved 34 times, once for each of 12 classes of dice, each weighted by "
         "its exact chance.", {"runs": 34, "classes": 12}),
    ]


def test_a_fudge_damage_die_is_weighed_under_f95_4_61_and_no_dice_add_no_step():
    assert steps("4dF", (None, "1dF"), 1, 1)[1] == (
        "F95 4.61", "Damage dice (1dF) are weighed when a blow lands.", {"damage_dice": ["1dF"]})
    assert [s[0] for s in steps("4dF", (None,), 1, 1)] == ["F95 4.61; MUD 4.22", "F95 4.22"]


def test_sampled_odds_say_their_draws_and_margin_instead_of_classes():
    assert steps("4dF", (None,), 12, 34, sampled={"draws": 2401, "margin": 0.02})[-1] == (
        "F95 4.22", "About: the exchange was resolved 34 times, for 2401 seeded draws of every die (exact odds "
        "would take too long); each chance is within ±2 points, 19 times in 20.",
        {"runs": 34, "draws": 2401, "margin": 0.02})


def test_an_exchanges_odds_count_their_own_runs_and_classes_in_the_last_step():
    shieldman = Fighter.from_dict({"name": "Brynhild", "skills": {"Sword": 1, "Shield": 1}, "shield": "medium"})
    rules = find_ruleset("fudge1995", co__shield=True)
    exact = odds.attack_odds(shieldman, Fighter("Snorri", (("Axe", 1),)), rules=rules)
    assert [s.section for s in exact.steps] == ["F95 4.61; MUD 4.22", "CO 2.2", "F95 4.22"]
    assert exact.steps[-1].data == {"runs": exact.runs, "classes": exact.classes}


def test_the_margin_is_said_in_whole_points_of_a_hundred():
    assert dice_classes.margin_words(0.0249) == "±2 points, 19 times in 20."
    assert dice_classes.margin_words(0.0251) == "±3 points, 19 times in 20."
    assert dice_classes.margin_words(0.012) == "±1 point, 19 times in 20."  # one point, not "points"


def test_with_shield_checks_on_but_no_shield_carried_no_shield_roll_is_said_to_be_weighed():
    # CO 2.2: only a shieldman rolls a shield check.
    rules = find_ruleset("fudge1995", co__shield=True)
    bare = odds.attack_odds(Fighter("Snorri", (("Axe", 1),)), Fighter("Ulf", (("Axe", 0),)), rules=rules)
    assert [s.section for s in bare.steps] == ["F95 4.61; MUD 4.22", "F95 4.22"]


def test_with_damage_checks_on_the_steps_say_each_wounded_fighters_check_is_weighed():
    rules = find_ruleset("fudge1995", co__damage_check=True)
    checked = odds.attack_odds(Fighter("Snorri", (("Axe", 1),)), Fighter("Ulf", (("Axe", 0),)), rules=rules)
    assert [s.section for s in checked.steps] == ["F95 4.61; MUD 4.22", "CO 4.3", "F95 4.22"]
