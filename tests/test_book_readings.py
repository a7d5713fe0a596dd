"""Rule cases computed by hand from the books, each with the book's words: where the engine
read a book wrongly (natural healing under F95, the 1993 shield, 2d6 faces outside exchanges,
an all-out attacker's tie on a graze, citations, ladder names in group rounds)."""

from __future__ import annotations

import json

from pyfudge import api
from pyfudge.combat.attack import resolve_exchange
from pyfudge.combat.declaration import Declaration, fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.core import ladder
from pyfudge.rules import healing, wounds
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")
F93 = find_ruleset("fudge1993")
MUD = find_ruleset("mudge")


def ok(action, **args):
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))
    assert reply["ok"], reply.get("error")
    return reply["result"]


def error(action, **args):
    reply = json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))
    assert not reply["ok"], reply["result"]
    return reply["error"]


# --- F95 4.8: natural healing is Fudge 1995's too -----------------------------------------------

def test_f95_natural_healing_heals_a_level_a_week_under_fudge_1995():
    # F95 4.8: "Otherwise, wounds heal on their own at one wound level per week of rest ... after
    # a week of rest, an Incapacitated character becomes Very Hurt, etc."
    track = wounds.record_wound(wounds.WoundTrack.new(F95, role="pc"), wounds.INCAPACITATED, rules=F95).track
    out = healing.natural_healing(track, rules=F95, weeks=1)
    assert out.track.worst == wounds.VERY_HURT
    assert all(s.section.startswith("F95") for s in out.steps)
    via_door = ok("heal", track=track.to_dict(), how="natural", weeks=2, ruleset={"preset": "fudge1995"})
    assert via_door["worst_after"] == wounds.HURT


def test_f95_natural_healing_constitution_rolls_fair_good_great():
    # F95 4.8: "Fair Difficulty Level for Hurt, Good ... Very Hurt, and Great ... Incapacitated".
    rules = F95.with_options({"healing.natural_roll": True})
    track = wounds.record_wound(wounds.WoundTrack.new(rules, role="pc"), wounds.VERY_HURT, rules=rules).track
    failed = healing.natural_healing(track, rules=rules, weeks=1, rolls=[ladder.FAIR])
    assert failed.track.worst == wounds.VERY_HURT
    healed = healing.natural_healing(track, rules=rules, weeks=1, rolls=[ladder.GOOD])
    assert healed.track.worst == wounds.HURT


# --- F93 4.62: no shield penalty of its own -------------------------------------------------------

def _sword_vs_knife(rules):
    a = Fighter.from_dict({"name": "Sword", "skills": {"Sword": "Fair"},
                           "weapon": {"name": "Two-handed sword", "size": 3, "sharp": 1}})
    b = Fighter.from_dict({"name": "Knife", "skills": {"Knife": "Fair"},
                           "weapon": {"name": "Knife", "size": 1}, "shield": "medium"})
    return resolve_exchange(a, b, rules=rules, a_dice=fudge_dice([0, 0, 0, 0]), b_dice=fudge_dice([0, 0, 0, 0]))


def test_f93_counts_the_shield_only_in_the_weapon_size_comparison():
    # F93 4.62: "The sword wielder gets +1 to skill in this combat since his weapon modifier is +2
    # greater than the knife fighter's" — and no shield modifier in its list.
    out = _sword_vs_knife(F93)
    sword = out.sides[0]
    assert [(m.source, m.amount) for m in sword.modifiers] == [("larger weapon", 1)]
    # F95 4.31: "Subtract the value of a shield from the opponent's weapon skill."
    f95 = _sword_vs_knife(F95)
    assert ("foe's medium shield", -1) in [(m.source, m.amount) for m in f95.sides[0].modifiers]
    # The GM may have it under 1993 too: an option, not a side effect of co.shield.
    chosen = _sword_vs_knife(F93.with_options({"melee.shield_skill": True}))
    assert ("foe's medium shield", -1) in [(m.source, m.amount) for m in chosen.sides[0].modifiers]


# --- R-DICE-ENTRY: every roll accepts the dice its ruleset rolls -----------------------------------

def test_entered_2d6_faces_are_read_in_ranged_fire_under_fudge_1993():
    attack = {"mode": "unaware", "shooter": {"name": "S", "level": 0, "faces": [3, 3], "difficulty": 0}}
    result = ok("ranged", ruleset={"preset": "fudge1993"}, attack=attack)
    # F93 4.21: a plus die 3 and a minus die 3 (doubles) read 0: Fair against Fair, a hit.
    shot = result["shots"][0]
    assert shot["result"] == 0 and shot["hit"] and result["faces"] == {"S": [3, 3]}
    # Fudge dice are not the 1993 preset's roll: refused with the dice it rolls.
    err = error("ranged", ruleset={"preset": "fudge1993"},
                attack={**attack, "shooter": {**attack["shooter"], "faces": [1, 1, 1, 1]}})
    assert "six-sided" in err["message"] or "2d6" in err["message"] or "die" in err["message"]


def test_entered_2d6_faces_are_read_in_group_rounds_and_shield_checks_under_fudge_1993():
    rnd = {"lone": {"name": "L", "level": 1, "faces": [6, 2]},
           "foes": [{"name": "F", "level": 0, "faces": [2, 6]}]}
    result = ok("group", ruleset={"preset": "fudge1993"}, round=rnd)
    # 2d6 remove the higher (F93 4.21): plus 6 / minus 2 → the 6 is removed: −2; plus 2 / minus 6 → +2.
    assert result["lone"]["result"] == 1 - 2 and result["foes"][0]["result"] == 0 + 2
    rules = {"preset": "fudge1993", "options": {"co.shield": True}}
    check = {"name": "F", "shield_skill": "Good", "faces": [4, 4], "opponent_result": 1, "defender_result": 0}
    # CO 2.2: Good +0 (doubles read 0) against the attacker's Good: the shield takes the blow.
    assert ok("shield_check", ruleset=rules, check=check)["blocked"]


def test_a_2d6_minus_7_total_is_the_result_after_the_rule():
    # F93 4.22: "add them together, and subtract 7 ... If the result is +5 or -5, convert it to 0."
    rules = {"preset": "fudge1993", "options": {"dice.technique": "2d6_minus_7"}}
    assert ok("roll", ruleset=rules, level=0, total=3)["total"] == 3
    err = error("roll", ruleset=rules, level=0, total=9)
    assert "after" in err["message"] and "7" in err["message"]


# --- F95 4.31 with F95 4.7: an all-out attacker's tie, on a graze ----------------------------------

def _all_out_tie(rules):
    a = Fighter.from_dict({"name": "A", "skills": {"Sword": "Fair"}, "weapon": {"name": "Club", "size": 1}})
    b = Fighter.from_dict({"name": "B", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 2}})
    # A all-out: Fair +1 = Good; both roll 0: Good against Good, a tie the all-out attacker loses.
    return resolve_exchange(a, b, rules=rules, a_dice=fudge_dice([0, 0, 0, 0]), b_dice=fudge_dice([0, 0, 0, 0]),
                            a_declares=Declaration.from_dict({"all_out": "offense"}))


def test_the_foe_of_a_failed_all_out_attacker_raises_a_graze_two_levels():
    # F95 4.31: "if an all-out attacker ties or loses ... the other fighter wins, and gets +2 to
    # damage!"; F95 4.7: a +1 to damage "does affect a graze, so her normal Scratch result (for a
    # graze) is increased to Hurt" — a bonus to damage moves a graze by its levels.
    out = _all_out_tie(F95)
    [blow] = out.blows
    assert blow.graze and blow.level == wounds.VERY_HURT
    texts = " ".join(s.text for s in blow.steps)
    assert "+2" in texts and "graze" in texts.lower()
    # The other reading: the +2 is a damage factor the graze table reads (Scratch here).
    other = _all_out_tie(F95.with_options({"melee.all_out_foe_graze": "factor"}))
    assert other.blows[0].level == wounds.SCRATCH


# --- small: citations and ladder names ------------------------------------------------------------

def test_a_4df_roll_cites_the_presets_book():
    f95 = ok("roll", level=0, faces=[1, 0, 0, -1])
    assert [s["section"] for s in f95["steps"]] and not any(s["section"].startswith("MUD") for s in f95["steps"])
    mud = ok("roll", level=0, faces=[1, 0, 0, -1], ruleset={"preset": "mudge"})
    assert all(s["section"].startswith("MUD") for s in mud["steps"])


def test_a_group_rounds_level_reads_ladder_names_as_fighters_do():
    rnd = {"lone": {"name": "L", "level": "Superb", "faces": [0, 0, 0, 0]},
           "foes": [{"name": "F", "level": "Fair", "faces": [0, 0, 0, 0]}]}
    result = ok("group", round=rnd)
    assert result["lone"]["result"] == ladder.SUPERB and result["foes"][0]["result"] == ladder.FAIR
    shot = {"mode": "unaware", "shooter": {"name": "S", "level": "Good", "faces": [0, 0, 0, 0], "difficulty": "Fair"}}
    assert ok("ranged", attack=shot)["shots"][0]["result"] == ladder.GOOD


def test_ladder_names_are_read_wherever_a_level_is_entered():
    # Siblings of the group round's level: a shield check's results, a foe's minimum to hit,
    # a Combat Options healing result and natural healing's Constitution rolls.
    rules = {"preset": "fudge1995", "options": {"co.shield": True}}
    check = {"name": "F", "shield_skill": "Good", "faces": [0, 0, 0, 0], "opponent_result": "Good",
             "defender_result": "Fair"}
    assert ok("shield_check", ruleset=rules, check=check)["blocked"]
    rnd = {"lone": {"name": "L", "level": "Good", "faces": [0, 0, 0, 0]},
           "foes": [{"name": "F", "level": "Fair", "faces": [0, 0, 0, 0], "needs": "Mediocre"}]}
    ok("group", round=rnd)
    co = {"preset": "fudge1995", "options": {"co.track": True}}
    track = ok("wound", ruleset=co, track=ok("track", ruleset=co, role="pc")["track"], level=2, points=3)["track"]
    ok("heal", ruleset=co, track=track, how="co", result="Great")
    natural = {"preset": "fudge1995", "options": {"healing.natural_roll": True}}
    hurt = ok("wound", ruleset=natural, track=ok("track", ruleset=natural)["track"], level=2)["track"]
    assert ok("heal", ruleset=natural, track=hurt, how="natural", rolls=["Fair"])["worst_after"] == 0
