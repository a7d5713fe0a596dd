"""A shield counts wherever its bearer defends: against ranged fire (F95 4.31, MUD 4.31 item 4)
and in a group round (F95 4.31 with 4.3 "any melee system" and 4.34) — in the event, in its odds
(the same reading, then :mod:`pyfudge.analysis` over every class of dice) and, by brute force,
the odds equal to the events applied with every roll.

F95 4.31: "Subtract the value of a shield from the opponent's weapon skill. A small shield has a
value of +1 in melee combat only, while a medium shield has a value of +1 in melee combat and +1
to defense against ranged attacks (if the shield material is impervious to the weapon). A large
shield (+2 in all combat)".

Hand tables: 4dF totals −4…+4 come from 1, 4, 10, 16, 19, 16, 10, 4, 1 of 81 face combinations.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from pyfudge.analysis import preview
from pyfudge.encounter.log import HANDLERS, Encounter
from pyfudge.rulesets import ruleset_from_dict

C4 = dict(zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1)))
ASTA = {"name": "Asta", "role": "pc", "skills": {"Bow": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great"}
HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 1}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Fair"}}
TROLL = {"name": "Troll", "role": "npc", "skills": {"Club": "Fair"}}


def duel(a, b, options=None, preset="fudge1995") -> Encounter:
    enc = Encounter(ruleset=ruleset_from_dict({"preset": preset, "options": options or {}}))
    for f in (a, b):
        enc.apply({"t": "add", "fighter": f})
    return enc


def shot(mode="aware", **kw):
    return {"t": "ranged", "mode": mode, "shooter": "c1", "target": "c2", "difficulty": -3, **kw}


def shielded(fighter, shield):
    return {**fighter, "shield": shield}


def lands(out) -> Fraction:
    return Fraction(out["directions"][0]["lands"]["exact"])


# --- 1. against ranged fire ------------------------------------------------------------------

@pytest.mark.parametrize("shield, value", [("none", 0), ("small", 0), ("medium", 1), ("large", 2)])
def test_a_shield_adds_its_ranged_value_to_the_dodge(shield, value):
    """F95 4.31: small "+1 in melee combat only", medium "+1 to defense against ranged attacks",
    large "+2 in all combat". Asta (Good) shoots a bow at the dodging Orc (Fair, −2 against a
    propelled weapon, F95 4.4): with the shield's value the dodge is Fair − 2 + value + dice."""
    enc = duel(ASTA, shielded(ORC, shield))
    enc.apply({**shot(), "shooter_dice": {"roll": {"total": 0}, "damage": [0, 0, 0, 0]},
               "target_dice": {"roll": {"total": 0}}})
    fired = enc.state.last["ranged"]["shots"][0]
    assert fired["defence"] == -2 + value
    listed = [m for m in fired["defence_modifiers"] if "shield" in m["source"]]
    assert [m["amount"] for m in listed] == ([value] if value else [])
    assert all(m["section"] == "F95 4.31" for m in listed)


def test_the_odds_of_a_shot_count_the_shield():
    """The odds of the same shot at an Orc with a large shield: Asta (Good, +1) hits when
    1 + s − (0 − 2 + 2 + t) ≥ 1 (and 1 + s ≥ −3, the difficulty)."""
    out = preview.event_odds(duel(ASTA, shielded(ORC, "large")).state, shot())
    hit = sum(C4[s] * C4[t] for s in C4 for t in C4 if 1 + s - (0 + t) >= 1 and 1 + s >= -3)
    assert lands(out) == Fraction(hit, 6561)


@pytest.mark.parametrize("mode", ["unaware", "shoot_back"])
def test_a_target_who_does_not_dodge_has_no_shield_value(mode):
    """F95 4.31 gives the shield "+1 to defense": an unaware target makes no defence (F95 4.4:
    "an Unopposed action roll") and one who shoots back "may decline to dodge, but shoot back
    instead": no defence roll for the shield to add to."""
    enc = duel(ASTA, shielded(ORC, "large"))
    enc.apply({**shot(mode, **({"target_difficulty": 0} if mode == "shoot_back" else {})),
               "shooter_dice": {"roll": {"total": 0}, "damage": [0, 0, 0, 0]},
               **({"target_dice": {"roll": {"total": 0}, "damage": [0, 0, 0, 0]}} if mode == "shoot_back" else {})})
    for fired in enc.state.last["ranged"]["shots"]:
        assert not [m for m in fired["modifiers"] + fired["defence_modifiers"] if "shield" in m["source"]]


def test_shield_checks_replace_the_shield_value_in_fire_and_f93_has_none():
    """CO 2 (intro): a shield "makes a player harder to hit, but not by causing the opponent to
    miss": with shield checks on the value is not added too. F93 4.65 (and 4.62: no shield
    modifier, ``melee.shield_skill`` off) gives a shield nothing against a shot."""
    for options, preset in (({"co.shield": True}, "fudge1995"), (None, "fudge1993")):
        orc = {**shielded(ORC, "large"), "skills": {**ORC["skills"], "Shield": "Fair"}}
        enc = duel(ASTA, orc, options, preset)
        enc.apply({**shot(), "shooter_dice": {"roll": {"total": -4}}, "target_dice": {"roll": {"total": 0}}})
        assert enc.state.last["ranged"]["shots"][0]["defence"] == -2, preset


def test_mudge_cites_its_own_shield_rule_in_fire():
    """MUD 4.31 item 4 has the same values; MUD 4.4 (the dodge is −2 against propelled weapons)."""
    enc = duel(ASTA, shielded(ORC, "medium"), preset="mudge")
    enc.apply({**shot(), "shooter_dice": {"roll": {"faces": [0, 0, 0, 0]}},
               "target_dice": {"roll": {"faces": [0, 0, 0, 0]}}})
    fired = enc.state.last["ranged"]["shots"][0]
    assert fired["defence"] == -1
    assert [m["section"] for m in fired["defence_modifiers"] if "shield" in m["source"]] == ["MUD 4.31"]


def _shot_words(state, rules):
    last = state.last
    blows = {b["attacker"]: b for b in last["outcome"]["blows"]}
    s = last["ranged"]["shots"][0]
    b = blows.get(s["shooter"])
    word = "miss" if not s["hit"] else "blocked" if b is None else "graze" if b["graze"] else "hit"
    target = next(c for c in state.combatants if c.id == "c2")
    return word, None if b is None else b["level"], target.fighter.current_level(rules)


@pytest.mark.parametrize("shield, weapon", [("medium", "propelled"), ("large", "thrown")])
def test_the_odds_with_a_shield_equal_the_events_applied_over_every_roll(shield, weapon):
    """Brute force: the shot applied as an event with every pair of 4dF totals (and 1dF damage)
    adds up to the odds the round form is shown, word, wound and level after."""
    enc = duel(ASTA, shielded(ORC, shield), {"damage.die": "number_1df"})
    event = shot(weapon=weapon, difficulty=0)
    want: dict = {}
    for (s, cs), (t, ct), d in itertools.product(C4.items(), C4.items(), (-1, 0, 1)):
        ev = json.loads(json.dumps({**event, "shooter_dice": {"roll": {"total": s}, "damage": [d]},
                                    "target_dice": {"roll": {"total": t}}}))
        word, wound, after = _shot_words(HANDLERS["ranged"](enc.state, ev), enc.state.rules)
        for key in (("result", word), ("wound", wound), ("after", after)):
            want[key] = want.get(key, 0) + Fraction(cs * ct, 6561 * 3)
    out = preview.event_odds(enc.state, event)["directions"][0]
    got = {("result", w): Fraction(p["exact"]) for w, p in out["results"].items()}
    got |= {("wound", w["level"]): Fraction(w["exact"]) for w in out["wounds"]}
    got |= {("after", w["level"]): Fraction(w["exact"]) for w in out["after"]}
    want = {k: v for k, v in want.items() if k != ("wound", None)}
    assert got == want
    plain = preview.event_odds(duel(ASTA, ORC, {"damage.die": "number_1df"}).state, event)["directions"][0]
    assert Fraction(plain["lands"]["exact"]) > Fraction(out["lands"]["exact"])
