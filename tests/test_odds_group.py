"""Exact odds of a lone fighter against several foes (group_odds.group_odds over combat/multi.py).

Hand computations use the 4dF counts 1, 4, 10, 16, 19, 16, 10, 4, 1 (of 81, totals −4…+4) and
the 2dF counts 1, 2, 3, 2, 1 (of 9, totals −2…+2); brute forces run the multi pipeline on every
face combination and must give the same Fractions.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from pyfudge.analysis import group_odds as group_odds_module
from pyfudge.analysis.group_odds import GroupOddsRequest, group_odds
from pyfudge.combat import group_blows, multi
from pyfudge.combat.fighter import Fighter
from pyfudge.core import dice
from pyfudge.core.errors import FudgeError
from pyfudge.rules import wounds
from pyfudge.rulesets import find_ruleset

C4 = dict(zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1)))
C2 = dict(zip(range(-2, 3), (1, 2, 3, 2, 1)))
F95 = find_ruleset("fudge1995")


def fighter(name, level, **kw):
    return Fighter.from_dict({"name": name, "skills": {"Sword": level}, **kw})


TUCKER = fighter("Tucker", 3)
CREW = [fighter("Molly", 0), fighter("Annie", 1), fighter("Maggie", -1)]


def pirates(mode, foes=3, **kw):
    data = {"lone": {"name": "Tucker", "level": 3, "roll": 0},
            "foes": [{"name": c.name, "level": c.offence} for c in CREW[:foes]], "npc_roll": mode, **kw}
    if mode == "group":
        data["group_roll"] = {"roll": 0}
    if mode == "d6":
        for f in data["foes"]:
            f["d6"] = [3]
    return multi.GroupRound.from_dict(data, rules=F95)


def test_fixed_foes_by_hand():
    """F95 4.34: −1 per foe beyond the first, so Tucker (Superb, 3 foes) is at Good −2 + dice =
    1 + t; fixed NPCs (F95 4.33) score 0, +1, −1. Annie hits when 1 + t < 1 (t ≤ −1: 31/81),
    Molly when t ≤ −2 (15/81), Maggie when t ≤ −3 (5/81). He beats all with t ≥ 1 (31/81) and
    strikes his first choice, Molly; a tie with Annie (t = 0, 19/81) lets him wound only a foe
    two below: Maggie."""
    o = group_odds(pirates("fixed"), lone=TUCKER, foes=CREW, rules=F95)
    assert o.foe("Annie").hits_lone == Fraction(31, 81)
    assert o.foe("Molly").hits_lone == Fraction(15, 81)
    assert o.foe("Maggie").hits_lone == Fraction(5, 81)
    assert o.foe("Molly").struck == Fraction(31, 81)
    assert o.foe("Maggie").struck == Fraction(19, 81)
    assert o.strikes == Fraction(50, 81)
    # Hits taken: 3 with t ≤ −3 (5), 2 with t = −2 (10), 1 with t = −1 (16), else none.
    assert dict(o.hits_taken) == {0: Fraction(50, 81), 1: Fraction(16, 81), 2: Fraction(10, 81), 3: Fraction(5, 81)}
    assert o.runs == 9


def test_gm_group_roll_by_hand():
    """F95 4.34: the GM rolls 2dF once for all foes (g). Annie (1 + g) hits Tucker (1 + t) when
    g > t: Σ_g C2(g) · #(t < g) = 1·5 + 2·15 + 3·31 + 2·50 + 1·66 = 294 of 729."""
    o = group_odds(pirates("group"), lone=TUCKER, foes=CREW, rules=F95)
    below = {g: sum(c for t, c in C4.items() if t < g) for g in C2}
    assert sum(C2[g] * below[g] for g in C2) == 294
    assert o.foe("Annie").hits_lone == Fraction(294, 729)
    assert sum(p for _, p in o.hits_taken) == 1
    assert sum(p for _, p in o.lone_after) == 1


def test_preference_decides_whom_he_strikes():
    o = group_odds(pirates("fixed"), lone=TUCKER, foes=CREW, rules=F95, prefer=["Maggie"])
    assert o.foe("Maggie").struck == Fraction(50, 81)
    assert o.foe("Molly").struck == 0
    assert o.prefer == ("Maggie", "Molly", "Annie")


def _brute(rnd, lone, foes, rules, prefer, foe_damage):
    """Every face of every die: the lone fighter's roll, the foes' own rolls or the GM's roll,
    and (``foe_damage``) a separate 1dF per foe for its blow; under Mudge's odd die the lone
    fighter's blow reads his last die."""
    tech = dice.TECHNIQUES[rules["dice.technique"]]
    lone_rolls = list(itertools.product(tech.die, repeat=tech.count))
    if rnd.npc_roll == "group":
        npc = [("group", g) for g in itertools.product(dice.FUDGE_FACES, repeat=2)]
    elif rnd.npc_roll == "d6":
        npc = [("d6", (a,) if 2 <= a <= 5 else (a, b)) for a in dice.D6_FACES for b in dice.D6_FACES]
    else:
        npc = [(None, None)]
    dmg = list(itertools.product(dice.FUDGE_FACES, repeat=len(foes))) if foe_damage else [None]
    counts = {"hits": {}, "struck": {}, "to": {}}
    whole = 0
    for faces, (kind, npc_faces), dmg_faces in itertools.product(lone_rolls, npc, dmg):
        whole += 1
        played = replace(rnd, lone=replace(rnd.lone, roll=tech.read(faces).total))
        if kind == "group":
            played = replace(played, group_roll=sum(npc_faces))
        if kind == "d6":
            played = replace(played, foes=tuple(replace(f, d6=npc_faces) for f in played.foes))
        out = multi.resolve_melee_group(played, rules=rules)
        if len(out.wound_choices) > 1:
            pick = next(n for n in prefer if n in out.wound_choices)
            out = multi.resolve_melee_group(replace(played, targets=(pick,)), rules=rules)
        damage = {}
        for k, f in enumerate(foes):
            if foe_damage:
                damage[f.name] = (dmg_faces[k],)
            if any(name == f.name for name, _, _ in out.strikes) and rules["damage.die"] == "odd_die":
                damage[f.name] = (faces[-1],)
        landed = group_blows.land_group_blows(out, lone=lone, foes=foes, rules=rules, damage_dice=damage)
        for b in landed.blows:
            if b.defender == lone.name:
                counts["hits"][b.attacker] = counts["hits"].get(b.attacker, 0) + 1
                counts["to"][b.attacker, b.level] = counts["to"].get((b.attacker, b.level), 0) + 1
            else:
                counts["struck"][b.defender] = counts["struck"].get(b.defender, 0) + 1
    return {k: {kk: Fraction(v, whole) for kk, v in d.items()} for k, d in counts.items()}


@pytest.mark.parametrize("preset,mode,foes,foe_damage", [
    ("fudge1995", "group", 3, False),
    ("fudge1995", "d6", 1, False),
    ("mudge", "fixed", 2, True),
])
def test_brute_force_agrees(preset, mode, foes, foe_damage):
    rules = find_ruleset(preset)
    rnd = pirates(mode, foes)
    crew = CREW[:foes]
    exact = group_odds(rnd, lone=TUCKER, foes=crew, rules=rules)
    brute = _brute(rnd, TUCKER, crew, rules, exact.prefer, foe_damage)
    for f in exact.foes:
        assert f.hits_lone == brute["hits"].get(f.name, 0)
        assert f.struck == brute["struck"].get(f.name, 0)
        assert dict(f.wounds_to_lone) == {lv: p for (n, lv), p in brute["to"].items() if n == f.name}


def test_to_dict_is_json():
    o = group_odds(pirates("fixed"), lone=TUCKER, foes=CREW, rules=F95)
    data = json.loads(json.dumps(o.to_dict()))
    assert data["hits_taken"][0] == {"hits": 0, "exact": "50/81", "p": round(50 / 81, 6)}
    assert data["foes"][1]["name"] == "Annie"
    assert data["foes"][1]["hits_lone"]["exact"] == "31/81"
    assert data["lone_after"][0]["name"] == wounds.LEVEL_NAMES[0]


def test_group_request_round_trips_and_refuses_dice():
    req = GroupOddsRequest(pirates("group"), TUCKER, tuple(CREW), ("Annie",))
    data = json.loads(json.dumps(req.to_dict()))
    assert "roll" not in data["round"]["lone"] and "group_roll" not in data["round"]
    back = GroupOddsRequest.from_dict(data)
    assert back == req
    assert back.odds(F95) == group_odds(pirates("group"), lone=TUCKER, foes=CREW, rules=F95, prefer=["Annie"])
    with pytest.raises(FudgeError) as err:
        GroupOddsRequest.from_dict({**data, "round": {**data["round"], "lone": {**data["round"]["lone"], "roll": 2}}})
    assert err.value.field == "group_odds.round.lone.roll"
    with pytest.raises(FudgeError) as err:
        GroupOddsRequest.from_dict({**data, "round": {**data["round"], "targets": ["Annie"]}})
    assert err.value.field == "group_odds.round.targets"


def test_records_must_match_the_round():
    with pytest.raises(FudgeError) as err:
        group_odds(pirates("fixed"), lone=fighter("Will", 3), foes=CREW, rules=F95)
    assert err.value.field == "lone.name"
    assert err.value.message == f"The lone fighter is {TUCKER.name}, not Will."
    with pytest.raises(FudgeError) as err:
        group_odds(pirates("fixed"), lone=TUCKER, foes=CREW[:2], rules=F95)
    assert err.value.field == "foes"
    assert err.value.message == f"The foes' records must be {', '.join(f.name for f in CREW)}."
    with pytest.raises(FudgeError) as err:
        group_odds(pirates("fixed"), lone=TUCKER, foes=CREW, rules=F95, prefer=["Bones"])
    assert err.value.field == "prefer[0]"
    assert err.value.message == "'Bones' is not one of the foes."


def test_past_the_run_budget_the_odds_are_sampled_when_asked_and_say_so():
    """Issue 27: odds too dear to weigh exactly are sampled when asked — with the GM's one roll
    (F95 4.34) as with each foe rolling their own dice — and the first step says they are about."""
    for mode, rules in (("group", find_ruleset("mudge")), ("each", F95)):
        out = group_odds(pirates(mode), lone=TUCKER, foes=CREW, rules=rules, max_runs=50, sample=True)
        assert out.sampled is not None and out.sampled["margin"] <= 0.02
        assert out.steps[0].text.startswith("About:") and "more than 50 resolutions" in out.steps[0].text
        assert sum(p for _, p in out.hits_taken) == 1


def test_exact_odds_count_the_resolutions_and_the_classes_apart(monkeypatch):
    """F95 4.63 Min-Mid-Max full hits read 3d6 and F95 4.61 grazes a 1dF: a blow tries 3d6 first
    and is resolved again with 1dF when it grazes, so a round takes more resolutions than it
    has classes of dice. The odds (their answer and the step that explains them) say each
    number as counted: every call of the blows, every class weighed."""
    rules = find_ruleset("fudge1995", damage__system="minmidmax", damage__die="number_1df")
    molly = fighter("Molly", 0)
    rnd = multi.GroupRound.from_dict({"lone": {"name": "Tucker", "level": 3, "roll": 0},
                                      "foes": [{"name": "Molly", "level": 0}], "npc_roll": "fixed"}, rules=rules)
    counted = {"runs": 0, "classes": 0}
    land, visit = group_blows.land_group_blows, group_odds_module._GroupTally.visit

    def landing(*args, **kw):
        counted["runs"] += 1
        return land(*args, **kw)

    def visiting(self, leaf, w):
        counted["classes"] += 1
        return visit(self, leaf, w)

    monkeypatch.setattr(group_blows, "land_group_blows", landing)
    monkeypatch.setattr(group_odds_module._GroupTally, "visit", visiting)
    o = group_odds(rnd, lone=TUCKER, foes=[molly], rules=rules)
    assert counted["runs"] > counted["classes"]  # the grazes resolved twice
    assert (o.runs, o.classes) == (counted["runs"], counted["classes"])
    weighed = o.steps[-2]
    assert weighed.data == {"runs": counted["runs"], "classes": counted["classes"]}
    assert weighed.text == (f"The exchange was resolved {counted['runs']} times, once for each of "
                            f"{counted['classes']} classes of dice, each weighted by its exact chance.")


def test_the_odds_end_by_saying_whom_the_lone_fighter_strikes_first():
    """F95 4.34: he rolls once against each foe and strikes one a round: the odds' last step says
    so, with the order of preference (the ones named first, then the rest in the round's order)."""
    o = group_odds(pirates("fixed"), lone=TUCKER, foes=CREW, rules=F95, prefer=["Maggie", "Molly"])
    assert o.steps[-1].to_dict() == {
        "section": "F95 4.34",
        "text": "Tucker rolls once against each of 3 foes; where they may wound several they strike the first "
                "of Maggie, Molly, Annie.",
        "data": {"prefer": ["Maggie", "Molly", "Annie"]}}


def test_the_odd_coloured_damage_die_without_fudge_dice_is_weighed_as_a_die_of_its_own():
    """MUD 4.61's damage die is the odd-coloured one of the 4dF; with F93's two six-sided dice
    (F93 4.21) there is none among them, so a separate 1dF plays its part: the odds weigh it and
    never read a six-sided die as a Fudge die."""
    rules = find_ruleset("fudge1993", damage__die="odd_die")
    rnd = multi.GroupRound.from_dict({"lone": {"name": "Tucker", "level": 3, "roll": 0},
                                      "foes": [{"name": c.name, "level": c.offence} for c in CREW[:2]],
                                      "npc_roll": "fixed"}, rules=rules)
    o = group_odds(rnd, lone=TUCKER, foes=CREW[:2], rules=rules)
    assert any(s.data.get("damage_dice") == ["1dF"] for s in o.steps)
    molly = o.foe("Molly")
    assert sum(p for _, p in molly.wounds_from_lone) == molly.struck > 0


def test_a_round_that_takes_just_the_runs_allowed_is_given_exactly():
    """The budget is "more than" its runs (issue 27: more than 4,000 resolutions is too dear):
    fixed foes take one run per total of Tucker's 4dF, 9, and nine runs allowed are enough."""
    o = group_odds(pirates("fixed"), lone=TUCKER, foes=CREW, rules=F95, max_runs=9)
    assert (o.runs, o.sampled) == (9, None)


def test_a_round_against_a_d6_npc_that_takes_just_the_runs_allowed_is_given_exactly():
    """F95 4.34 lets the GM roll the 1d6 method for the NPCs (F93 4.5: 2-5 the trait level; a 1 or
    a 6 rolls another d6), 4 + 2 × 6 = 16 readings of a foe's d6: against one such foe Tucker's
    9 totals of 4dF make 144 runs, and 144 runs allowed are enough."""
    o = group_odds(pirates("d6", 1), lone=TUCKER, foes=CREW[:1], rules=F95, max_runs=144)
    assert (o.runs, o.sampled) == (144, None)


def test_a_gm_rolled_round_too_dear_is_offered_sampling_alone():
    """F95 4.34's one roll for all the foes is what makes a round cheap: a round that already
    uses it, too dear for the budget given, is offered sampling only."""
    with pytest.raises(FudgeError) as refused:
        group_odds(pirates("group"), lone=TUCKER, foes=CREW, rules=F95, max_runs=10)
    assert refused.value.message == ("Exact odds of this round would take more than 10 resolutions; they can be "
                                     "sampled: about, each chance within ±2 points, from 2401 seeded draws.")


def test_a_mudge_foe_who_rolls_and_hits_reads_his_own_odd_coloured_die():
    """MUD 4.61: a foe rolling his own 4dF who beats the lone fighter reads the odd-coloured die
    of his roll for damage, so the odds are given exactly (not refused as needing a damage die);
    every blow he lands wounds (no Undamaged hit), so the lone stays Undamaged only when missed."""
    from pyfudge.analysis import preview
    from pyfudge.encounter.log import Encounter

    enc = Encounter(ruleset=find_ruleset("mudge"))
    enc.apply({"t": "add", "fighter": {"name": "Hero", "role": "pc", "skills": {"Sword": "Fair"}}})
    enc.apply({"t": "add", "fighter": {"name": "Orc", "role": "npc", "skills": {"Club": "Good"}}})
    out = preview.group_odds(enc.state, {"t": "group", "lone": "c1", "foes": ["c2"], "targets": ["c2"]})
    hits = Fraction(out["foes"][0]["hits_lone"]["exact"])
    after = {w["level"]: Fraction(w["exact"]) for w in out["lone_after"]}
    assert "sampled" not in out and hits > 0 and sum(after.values()) == 1
    assert after[0] == 1 - hits and after[5] > 0


def test_two_like_mudge_foes_who_roll_each_read_their_own_odd_coloured_die():
    """MUD 4.61: two foes alike, each rolling his own 4dF, deal the lone fighter the same wounds:
    the second one's damage is his own roll's odd-coloured die, not another's."""
    rules = find_ruleset("mudge")
    rnd = multi.GroupRound.from_dict({"lone": {"name": "Hero", "level": 0, "roll": 0}, "npc_roll": "each",
                                      "foes": [{"name": "Orc", "level": 1, "roll": 0},
                                               {"name": "Gob", "level": 1, "roll": 0}]}, rules=rules)
    hero, orc, gob = (Fighter.from_dict({"name": n, "role": r, "skills": {"Club": "Fair"}})
                      for n, r in (("Hero", "pc"), ("Orc", "npc"), ("Gob", "npc")))
    o = group_odds(rnd, lone=hero, foes=[orc, gob], rules=rules, max_runs=10_000)
    assert o.foe("Orc").hits_lone == o.foe("Gob").hits_lone > 0
    assert o.foe("Orc").wounds_to_lone == o.foe("Gob").wounds_to_lone
