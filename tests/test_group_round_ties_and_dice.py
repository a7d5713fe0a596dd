"""A group round's blows as an exchange reads them (F95 4.34 is "one roll against each foe"):
an all-out attacker's tie is won by the other fighter, whose blow counts as the narrowest win
(F95 4.31, 4.7; F95 4.56 by our reading), either way round; and the damage die the lone
fighter rolls is the one his blow on the foe he strikes reads (F95 4.61)."""

from __future__ import annotations

from typing import Any

from test_group_round_declarations import GOB, HERO, ORC, _blow, _fight, _round

from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

TIE_WON = "A tie won counts as the narrowest win"


def _tie_won(blow: dict[str, Any]) -> bool:
    return any(s["section"] == "F95 4.56" and s["text"].startswith(TIE_WON) for s in blow["steps"])


def test_a_foe_who_ties_an_all_out_lone_fighter_lands_his_blow_as_a_tie_won():
    """Hero (Good −1 for his second foe, +1 all-out) rolls 0, the Orc (Fair) +1: a tie, which
    the all-out attacker loses (F95 4.31)."""
    enc = _fight()
    enc.apply(_round(0, 1, lone_declares={"all_out": "offense"}))
    assert _tie_won(_blow(enc, "Orc"))
    plain = _fight()
    plain.apply(_round(-1, 1, lone_declares={"all_out": "offense"}))  # beaten by one: a plain hit
    assert not _tie_won(_blow(plain, "Orc"))


def test_the_lone_fighter_who_ties_an_all_out_foe_lands_his_blow_as_a_tie_won():
    enc = _fight()
    enc.apply(_round(1, 0, orc_declares={"all_out": "offense"}))
    assert _tie_won(_blow(enc, "Hero"))
    plain = _fight()
    plain.apply(_round(1, -1, orc_declares={"all_out": "offense"}))
    assert not _tie_won(_blow(plain, "Hero"))


def _die_fight() -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"damage.die": "number_1df"}))
    for f in (HERO, ORC, GOB):
        enc.apply({"t": "add", "fighter": f})
    return enc


def test_the_lone_fighters_damage_die_counts_on_the_foe_he_strikes():
    """F95 4.61's 1dF added to the damage number: +1 and −1 on the same blow differ by two."""
    numbers = []
    for face in (1, -1):
        enc = _die_fight()
        event = _round(2, -4)
        event["lone_dice"]["damage"] = [face]
        enc.apply(event)
        numbers.append(_blow(enc, "Hero")["damage"]["number"])
    assert numbers[0] == numbers[1] + 2
