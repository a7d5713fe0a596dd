"""The forecast's battle model (``pyfudge.analysis.battle``) piece by piece: the exact weights of
who attacks first under alternating turns (F95 4.23), kept apart for each pair of fighters."""

from __future__ import annotations

from fractions import Fraction

from pyfudge.analysis import battle
from pyfudge.combat.declaration import NO_DECLARATION
from pyfudge.combat.fighter import Fighter
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
