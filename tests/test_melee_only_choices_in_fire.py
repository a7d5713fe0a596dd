"""Melee-only choices declared for ranged fire are not counted, and the steps say so in the
rule's words (F93 4.62: all-out offence "(Only applies to melee combat.)"; F95 4.31 is a melee
modifier, 4.3 "Melee Combat Options"; MUD 4.32: "Offensive or defensive stances can only be used
during melee combat – they have no effect on ranged combat of any kind"). No modifier that does
not apply is listed — in the event, nor in its odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyfudge.analysis import preview
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import ruleset_from_dict

ASTA = {"name": "Asta", "role": "pc", "skills": {"Bow": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}}


def duel(preset="fudge1995") -> Encounter:
    enc = Encounter(ruleset=ruleset_from_dict({"preset": preset}))
    for f in (ASTA, ORC):
        enc.apply({"t": "add", "fighter": f})
    return enc


def shot(**kw):
    return {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": -3, **kw}


ROLLED = {"shooter_dice": {"roll": {"faces": [0, 0, 0, 0]}, "damage": [0, 0, 0, 0]},
          "target_dice": {"roll": {"faces": [0, 0, 0, 0]}}}


@pytest.mark.parametrize("who, choice", [("shooter", "offense"), ("target", "defense")])
def test_all_out_is_not_counted_in_ranged_fire(who, choice):
    """Asta (Good) shooting all-out gets no +1 (and the dodging Orc's all-out defence no +2):
    the shot is Good against Fair −2, and a step names the rule."""
    enc = duel()
    enc.apply({**shot(**{f"{who}_declares": {"all_out": choice}}), **ROLLED})
    last = enc.state.last
    fired = last["ranged"]["shots"][0]
    assert (fired["result"], fired["defence"]) == (1, -2)
    assert not [m for m in fired["modifiers"] + fired["defence_modifiers"] if "all-out" in m["source"]]
    said = [s for s in last["outcome"]["steps"] if "melee" in s["text"] and "all-out" in s["text"]]
    assert said and said[0]["section"] == ("F93 4.62" if choice == "offense" else "F95 4.31")


def test_stances_are_not_counted_in_ranged_fire():
    """MUD 4.32: a Berserk shooter is neither +2 to the shot nor −2 to anything, and the step
    quotes the rule; the odds weigh the same shot."""
    enc = duel("mudge")
    event = shot(shooter_declares={"stance": "berserk"}, target_declares={"stance": "defensive"})
    enc.apply({**event, **ROLLED})
    last = enc.state.last
    fired = last["ranged"]["shots"][0]
    assert fired["modifiers"] == [] and [m["source"] for m in fired["defence_modifiers"]] == [
        "dodging a propelled weapon"]
    said = [s for s in last["outcome"]["steps"] if s["section"] == "MUD 4.32"]
    assert len(said) == 2 and "no effect on ranged combat" in said[0]["text"]
    odds = preview.event_odds(duel("mudge").state, event)
    plain = preview.event_odds(duel("mudge").state, shot())
    assert Fraction(odds["directions"][0]["lands"]["exact"]) == Fraction(plain["directions"][0]["lands"]["exact"])
    assert any(s["section"] == "MUD 4.32" for s in odds["steps"])


def test_a_choice_the_rules_do_not_offer_is_still_refused():
    """Not counted is not accepted blindly: MUD has no all-out (MUD 4.31, stances replace it)."""
    with pytest.raises(Exception) as err:
        duel("mudge").apply({**shot(shooter_declares={"all_out": "offense"}), **ROLLED})
    assert err.value.field == "event.shooter_declares.all_out"
