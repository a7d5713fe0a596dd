"""The forecast's battle model (``pyfudge.analysis.battle``) piece by piece: the exact weights of
who attacks first under alternating turns (F95 4.23), kept apart for each pair of fighters."""

from __future__ import annotations

from fractions import Fraction

from pyfudge.analysis import battle
from pyfudge.combat.declaration import NO_DECLARATION, Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core import dice
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

F95 = new_ruleset("fudge1995", {"melee.pacing": "alternating"})


def test_each_pairs_initiative_is_weighed_for_that_pair_not_the_first_one_asked():
    """F95 4.23: an opposed Initiative roll, Fair without the trait. A Good-initiative fighter
    goes first more often than not against a Fair one; asked the other way round, of the same
    weigher, the chances mirror — not the first pair's answer again."""
    quick = Fighter("Quick", (("Sword", 0),), initiative=1)
    plain = Fighter("Plain", (("Sword", 0),))
    weigher = battle.Weigher(F95, 1000, battle.Keys())
    first = dict(weigher.initiative(quick, plain, NO_DECLARATION, NO_DECLARATION))
    second = dict(weigher.initiative(plain, quick, NO_DECLARATION, NO_DECLARATION))
    assert first["a"] > Fraction(1, 2) and first["a"] + first["b"] == 1
    assert (second["a"], second["b"]) == (first["b"], first["a"])


def test_a_hurt_fighter_goes_first_less_often_his_wound_counting_against_him():
    """F95 4.23/4.31: the wound penalty counts against the Initiative roll too, so a Hurt
    fighter (−1) goes first less often than against the same foe unhurt."""
    plain = Fighter("Plain", (("Sword", 0),))
    foe = Fighter("Foe", (("Sword", 0),))
    hurt = plain.with_track(wounds.WoundTrack.from_dict({"kind": "boxes", "marks": [[0, 0, 0], [1], [0], [0], [0]]}))
    weigher = battle.Weigher(F95, 1000, battle.Keys())
    even = dict(weigher.initiative(plain, foe, NO_DECLARATION, NO_DECLARATION))
    worse = dict(weigher.initiative(hurt, foe, NO_DECLARATION, NO_DECLARATION))
    assert even["a"] == Fraction(1, 2) and worse["a"] < even["a"]


def test_initiative_weighs_every_pair_of_totals_by_both_chances():
    """F95 4.23, brute force over 4dF: Good against Fair goes first with the chance that his
    total beats the other's, ties rolled again."""

    totals = dice.distribution("4dF")
    ahead = sum(pa * pb for ta, pa in totals.items() for tb, pb in totals.items() if 1 + ta > tb)
    tied = sum(pa * pb for ta, pa in totals.items() for tb, pb in totals.items() if 1 + ta == tb)
    quick = Fighter("Quick", (("Sword", 0),), initiative=1)
    plain = Fighter("Plain", (("Sword", 0),))
    first = dict(battle.Weigher(F95, 1000, battle.Keys()).initiative(quick, plain, NO_DECLARATION, NO_DECLARATION))
    assert first["a"] == ahead / (1 - tied)


def test_a_stunned_fighters_exchange_is_weighed_apart_from_his_unstunned_one():
    """F95 4.62: a stunned fighter defends at −1 and cannot attack; the weigher must not hand
    back the outcomes it weighed for him unstunned."""

    a, b = Fighter("A", (("Sword", 0),)), Fighter("B", (("Sword", 0),))
    weigher = battle.Weigher(new_ruleset("fudge1995", {}), 10_000, battle.Keys())
    plain = weigher.exchange("round", a, b, NO_DECLARATION, NO_DECLARATION, 1)
    stunned = weigher.exchange("round", a, b, NO_DECLARATION, Declaration(stunned=1), 1)
    assert plain != stunned
    assert weigher.exchange("round", a, b, Declaration(stunned=1), NO_DECLARATION, 1) != plain
