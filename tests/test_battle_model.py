"""The forecast's battle model (``pyfudge.analysis.battle``) piece by piece: the exact weights of
who attacks first under alternating turns (F95 4.23), kept apart for each pair of fighters."""

from __future__ import annotations

from fractions import Fraction

from pyfudge.analysis import battle
from pyfudge.combat.declaration import NO_DECLARATION
from pyfudge.combat.fighter import Fighter
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
