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


# --- 2. in a group round ---------------------------------------------------------------------

def group(*fighters, options=None, preset="fudge1995") -> Encounter:
    enc = Encounter(ruleset=ruleset_from_dict({"preset": preset, "options": options or {}}))
    for f in fighters:
        enc.apply({"t": "add", "fighter": f})
    return enc


def rolled(lone, **foes):
    return {"t": "group", "lone": "c1", "foes": list(foes), "lone_dice": {"roll": {"total": lone}},
            "foe_dice": {k: {"roll": {"total": v}} for k, v in foes.items()}}


def test_the_lone_fighters_shield_lowers_each_foes_skill():
    """F95 4.31 "Subtract the value of a shield from the opponent's weapon skill", with any
    melee system (F95 4.3), each foe his opponent (F95 4.34). Hero (Good −1 for two foes: Fair)
    rolls 0; the Orc (Fair) rolls +1 and the Gob (Fair) −2. Without a shield the Orc's Good beats
    him; with his medium shield (−1 to each foe) the Orc ties (Fair) and the Gob (Terrible) is
    three below: he wounds the Gob (F95 4.34: "he can only wound another whose result is at least
    two levels below his")."""
    plain = group(HERO, ORC, GOB)
    plain.apply(rolled(0, c2=1, c3=-2))
    assert [h[0] for h in plain.state.last["group"]["hits_on_lone"]] == ["Orc"]
    enc = group(shielded(HERO, "medium"), ORC, GOB)
    enc.apply(rolled(0, c2=1, c3=-2))
    last = enc.state.last
    assert last["group"]["hits_on_lone"] == []
    assert [(f["name"], f["result"]) for f in last["group"]["foes"]] == [("Orc", 0), ("Gob", -3)]
    assert [s[0] for s in last["group"]["strikes"]] == ["Gob"]
    said = [s for s in last["outcome"]["steps"] if "shield" in s["text"]]
    assert said and said[0]["section"] == "F95 4.31"
    assert said[0]["data"] == {"amount": -1}  # the number behind the words, for the table


def test_a_foes_shield_lowers_the_lone_fighters_skill_against_him():
    """F95 4.31 read for each foe (``multi.foe_shields`` "each", the default): the Troll's large
    shield takes 2 off Hero's skill against the Troll alone. Hero (Fair after −1) rolls +2: Great
    against the Gob (Mediocre), Fair against the Troll (Fair): he ties his best opponent and may
    wound only the Gob (three below). Under the other reading (one result against all, F95 4.34
    "rolls once, and the result is compared") he beats both and chooses."""
    enc = group(HERO, shielded(TROLL, "large"), GOB)
    enc.apply(rolled(2, c2=0, c3=-1))
    got = enc.state.last["group"]
    assert [(f["name"], f["relative_degree"], f["can_be_wounded"]) for f in got["foes"]] == [
        ("Troll", 0, False), ("Gob", 3, True)]
    assert [s[0] for s in got["strikes"]] == ["Gob"]
    assert any("Troll's large shield" in s["text"] for s in enc.state.last["outcome"]["steps"])
    one = group(HERO, shielded(TROLL, "large"), GOB, options={"multi.foe_shields": "none"})
    with pytest.raises(Exception, match="may wound Troll, Gob"):
        one.apply(rolled(2, c2=0, c3=-1))


def test_shields_do_not_count_against_an_ignored_foe_nor_with_shield_checks():
    """F95 4.34: an ignored foe is one the lone fighter does "not defend himself at all against":
    his shield does not meet that foe. CO 2: with shield checks on, no shield value at all."""
    enc = group(shielded(HERO, "large"), ORC, GOB)
    enc.apply({**rolled(0, c2=0, c3=0), "ignored": ["c3"], "targets": ["c2"]})
    assert [f["result"] for f in enc.state.last["group"]["foes"]] == [-2, 0]
    hero = {**shielded(HERO, "large"), "skills": {**HERO["skills"], "Shield": "Fair"}}
    co = group(hero, ORC, GOB, options={"co.shield": True})
    co.apply({**rolled(0, c2=0, c3=-2), "lone_dice": {"roll": {"total": 0}, "shield": {"total": 0}}})
    assert [f["result"] for f in co.state.last["group"]["foes"]] == [0, -2]


def _group_tally(enc, event, rolls):
    """The group event applied with every combination of 4dF totals (lone, then each foe):
    the chance each foe hits the lone fighter and is struck by him."""
    want: dict = {}
    names = event["foes"]
    for combo in itertools.product(C4.items(), repeat=1 + len(names)):
        ev = json.loads(json.dumps(event))
        ev["lone_dice"] = {"roll": {"total": combo[0][0]}}
        ev["foe_dice"] = {n: {"roll": {"total": t}} for n, (t, _) in zip(names, combo[1:])}
        w = Fraction(__import__("math").prod(c for _, c in combo), 81 ** len(combo))
        try:
            last = HANDLERS["group"](enc.state, ev).last
        except Exception:  # he may wound several: the odds strike the first of the foes' order
            ev["targets"] = [names[0]]
            first = HANDLERS["group"](enc.state, ev).last
            if not first["group"]["strikes"]:
                ev["targets"] = [names[1]]
                first = HANDLERS["group"](enc.state, ev).last
            last = first
        for f in last["group"]["foes"]:
            want[(f["name"], "hits")] = want.get((f["name"], "hits"), 0) + (w if f["hits_lone"] else 0)
            want[(f["name"], "struck")] = want.get((f["name"], "struck"), 0) + (w if f["struck"] else 0)
    return want


def test_group_odds_with_shields_equal_the_events_applied_over_every_roll():
    """Brute force over 9³ totals: the odds shown for the round equal the events applied."""
    enc = group(shielded(HERO, "medium"), shielded(TROLL, "large"), GOB)
    event = {"t": "group", "lone": "c1", "foes": ["c2", "c3"]}
    want = _group_tally(enc, event, 3)
    out = preview.event_odds(enc.state, event)
    names = {"Troll": "c2", "Gob": "c3"}
    got = {}
    for f in out["foes"]:
        got[(names[f["name"]], "hits")] = Fraction(f["hits_lone"]["exact"])
        got[(names[f["name"]], "struck")] = Fraction(f["struck"]["exact"])
    assert {(names[k[0]], k[1]): v for k, v in want.items()} == got


# --- 4. the all-out attacker who ties the lone fighter ----------------------------------------

def test_an_all_out_foe_who_ties_the_lone_fighter_loses_the_tie():
    """F95 4.31: "if an all-out attacker ties or loses the Opposed action, the other fighter
    wins"; F95 4.7 "all-out attackers lose tie results"; F95 4.3 "any melee system". Hero (Fair
    after −1) rolls 0; the Orc attacks all-out (Fair +1) and rolls −1: Fair, a tie he loses; the
    Gob rolls −1 (Mediocre). Hero has beaten both: he may strike the Orc, a tie won (the narrowest
    win, a graze) with +2 damage for beating an all-out attacker."""
    enc = group(HERO, ORC, GOB)
    event = {**rolled(0, c2=-1, c3=-1), "foe_declares": {"c2": {"all_out": "offense"}}}
    with pytest.raises(Exception, match="may wound Orc, Gob"):
        enc.apply(event)
    enc.apply({**event, "targets": ["c2"]})
    last = enc.state.last
    assert [s[:2] for s in last["group"]["strikes"]] == [["Orc", 0]]
    blow = last["outcome"]["blows"][0]
    assert blow["defender"] == "Orc" and blow["graze"]
    assert any(s["section"] == "F95 4.31" and "loses ties" in s["text"] for s in last["group"]["steps"])


def test_under_the_group_tie_reading_the_all_out_tie_holds():
    """``multi.all_out_ties`` "hold": F95 4.34's "If he ties his best opponent, he can only wound
    another whose result is at least two levels below his" governs: the Gob, one below, is safe."""
    enc = group(HERO, ORC, GOB, options={"multi.all_out_ties": "hold"})
    enc.apply({**rolled(0, c2=-1, c3=-1), "foe_declares": {"c2": {"all_out": "offense"}}})
    assert enc.state.last["group"]["strikes"] == [] and enc.state.last["group"]["hits_on_lone"] == []


def test_an_all_out_lone_fighter_who_ties_his_best_foe_loses_the_tie():
    """The same words of the lone fighter: Hero attacks all-out (Good +1 −1: Good) and rolls −1
    (Fair); the Orc (Fair) rolls 0: a tie Hero loses, so the Orc hits him (a graze, +2 damage)
    and Hero wounds no one, though the Gob (Terrible) is three below."""
    enc = group(HERO, ORC, GOB)
    enc.apply({**rolled(-1, c2=0, c3=-3), "lone_declares": {"all_out": "offense"}})
    got = enc.state.last["group"]
    assert got["hits_on_lone"] == [["Orc", 0]] and got["strikes"] == []
    hold = group(HERO, ORC, GOB, options={"multi.all_out_ties": "hold"})
    hold.apply({**rolled(-1, c2=0, c3=-3), "lone_declares": {"all_out": "offense"}})
    assert [s[0] for s in hold.state.last["group"]["strikes"]] == ["Gob"]


def test_the_door_reads_a_foes_shield_and_all_out_and_refuses_them_where_they_do_not_belong():
    """The door's group round carries both as data: a foe's ``lone_modifiers`` (his shield on the
    lone fighter's skill against him) and each one's ``all_out``; the lone fighter has no
    modifiers against himself, and MUD has no all-out (MUD 4.31 replaces it with stances)."""
    from pyfudge import api

    def call(rnd, preset="fudge1995"):
        return json.loads(api.handle(json.dumps({"action": "group", "args": {
            "ruleset": {"preset": preset}, "round": rnd}})))

    rnd = {"lone": {"name": "Hero", "level": 1, "roll": 2},
           "foes": [{"name": "Troll", "level": 0, "roll": 0, "all_out": "offense",
                     "lone_modifiers": [{"source": "Troll's large shield", "amount": -2, "section": "F95 4.31"}]},
                    {"name": "Gob", "level": 0, "roll": -1}]}
    got = call(rnd)["result"]
    # Hero Fair +2 = Great, −2 against the Troll: Fair, a tie the all-out Troll loses.
    assert [(f["name"], f["relative_degree"], f["can_be_wounded"]) for f in got["foes"]] == [
        ("Troll", 0, True), ("Gob", 3, True)]
    bad = call({**rnd, "lone": {**rnd["lone"], "lone_modifiers": [{"source": "x", "amount": 1}]}})
    assert bad["error"]["field"] == "args.round.lone.lone_modifiers"
    assert call(rnd, "mudge")["error"]["field"] == "args.round.foes[0].all_out"
