"""Exact odds of an exchange (pyfudge/analysis/odds.py): hand-computed cases, shapes, errors, monotonicity.

The hand computations use the 4dF total counts 1, 4, 10, 16, 19, 16, 10, 4, 1 (out of 81) for
−4 … +4 and the 3dF counts 1, 3, 6, 7, 6, 3, 1 (out of 27) for −3 … +3, worked out below in plain
arithmetic, never through the code under test.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pyfudge.analysis import dice_classes
from pyfudge.analysis import odds as odds_module
from pyfudge.analysis.odds import AttackOdds, OddsRequest, attack_odds
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.stances import Stance
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.rules import wounds
from pyfudge.rules.damage import Armor
from pyfudge.rulesets import find_ruleset

# 4dF: how many of the 81 face combinations give each total −4 … +4.
C4 = dict(zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1)))
# 3dF: the first three dice of four, −3 … +3 out of 27.
C3 = dict(zip(range(-3, 4), (1, 3, 6, 7, 6, 3, 1)))
N2 = 81 * 81


def fighter(name: str, skill: int = 0, **kw) -> Fighter:
    return Fighter(name, (("Sword", skill),), **kw)


def pairs_with_difference(d: int, low_a: int = -4) -> int:
    """How many of the 6561 (A, B) face pairs have total A − total B = d, with A ≥ low_a."""
    return sum(C4[a] * C4[a - d] for a in C4 if a - d in C4 and a >= low_a)


def test_c4_and_c3_are_the_counts_of_fudge_dice():
    # Guard the hand tables themselves: 81 and 27 combinations, and 4dF = 3dF + 1dF.
    assert sum(C4.values()) == 81 and sum(C3.values()) == 27
    for t in C4:
        assert C4[t] == sum(C3.get(t - f, 0) for f in (-1, 0, 1))


def test_two_fair_fighters_f95_stand_off_is_equal_totals():
    """F95 4.22: relative degree 0 is a stand-off. Two Fair fighters tie when their 4dF totals
    are equal: Σ c² = 1+16+100+256+361+256+100+16+1 = 1107 of 6561 = 41/243."""
    o = attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995"))
    assert dict(o.exchange)["stand-off"] == Fraction(1107, N2) == Fraction(41, 243)
    for d in o.directions:
        assert d.chance("stand-off") == Fraction(41, 243)


def test_two_fair_fighters_f95_graze_hit_miss_by_hand():
    """F95 4.22 minimum Poor to hit: A (Fair, dice t) hits when t > B's total and t ≥ −2.
    Graze: difference exactly 1 (F95 4.56), Σ c(a)·c(a−1) over a ≥ −2 = 1016 − 4 = 1012.
    Miss: B wins (half of the 5454 non-ties = 2727) plus A winning from −3 (−3 vs −4: 4·1 = 4)."""
    o = attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995"))
    a = o.direction("A")
    graze = pairs_with_difference(1, low_a=-2)
    assert graze == 1012
    hit = sum(pairs_with_difference(d, low_a=-2) for d in range(2, 9))
    assert a.chance("graze") == Fraction(graze, N2)
    assert a.chance("hit") == Fraction(hit, N2)
    assert a.chance("miss") == Fraction(2727 + 4, N2)
    assert sum(p for _, p in a.results) == 1


def test_two_fair_fighters_f95_wound_levels_by_hand():
    """Bare hands, no armor: total damage factor 0, damage = relative degree (F95 4.55); wound
    table 1-2 Scratch, 3-4 Hurt, 5-6 Very Hurt, 7-8 Incapacitated; a graze on factor 0 reads
    Scratch (F95 4.56). So Scratch = rd 1 or 2, Hurt = rd 3-4, Very Hurt = 5-6, Incap. = 7-8."""
    o = attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995"))
    by_rd = {d: pairs_with_difference(d, low_a=-2) for d in range(1, 9)}
    expected = {
        wounds.SCRATCH: by_rd[1] + by_rd[2],        # 1012 + 784 = 1796
        wounds.HURT: by_rd[3] + by_rd[4],           # 504 + 266 = 770
        wounds.VERY_HURT: by_rd[5] + by_rd[6],      # 112 + 36 = 148
        wounds.INCAPACITATED: by_rd[7] + by_rd[8],  # 8 + 1 = 9
    }
    assert expected[wounds.SCRATCH] == 1796
    assert dict(o.direction("A").wounds) == {lv: Fraction(n, N2) for lv, n in expected.items()}
    # After the round B is at the level of A's blow, or unhurt.
    after = dict(o.direction("A").after)
    assert after[wounds.UNDAMAGED] == 1 - sum(Fraction(n, N2) for n in expected.values())


def test_mudge_tie_broken_by_odd_die_stand_off_by_hand():
    """MUD 4.22: a tie is broken by the odd-coloured (last) die; equal odd dice stand off. A
    stand-off needs equal totals and equal last dice: for a last die f the other three total
    t − f, so Σ_t Σ_f C3(t−f)² = 3 · Σ C3² = 3 · 141 = 423 of 6561 = 47/729."""
    rules = find_ruleset("mudge", melee__stances=False)
    o = attack_odds(fighter("A"), fighter("B"), rules=rules)
    assert 3 * sum(c * c for c in C3.values()) == 423
    assert dict(o.exchange)["stand-off"] == Fraction(423, N2)


def test_mudge_tie_won_by_odd_die_is_a_graze():
    """MUD 4.22 with our reading that a tie won counts as relative degree +1: A's grazes are
    the differences of exactly 1 (A ≥ Poor: 1012) plus the ties A wins on the odd die with a
    total of −2 or more: at each total t, half of the C4(t)² ties whose last dice differ,
    (C4(t)² − Σ_f C3(t−f)²) / 2. At t = −3 A would win 3 ties but is below Poor: a miss."""
    rules = find_ruleset("mudge", melee__stances=False)
    o = attack_odds(fighter("A"), fighter("B"), rules=rules)
    won = {t: (C4[t] ** 2 - sum(C3.get(t - f, 0) ** 2 for f in (-1, 0, 1))) // 2 for t in C4}
    assert won[-3] == 3 and won[-4] == 0
    assert o.direction("A").chance("graze") == Fraction(1012 + sum(won[t] for t in C4 if t >= -2), N2)
    assert o.direction("A").chance("graze") == Fraction(1351, N2)


def test_unaware_defender_only_the_attackers_total_is_weighed():
    """F95 4.22: a foe unable to fight leaves an unopposed roll against Poor. A Fair attacker
    makes Poor unless he rolls −3 or −4: 1 − 5/81 = 76/81. B's roll is never read: 9 runs."""
    o = attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995"),
                    b_declares=Declaration(unaware=True))
    assert o.direction("A").lands == Fraction(76, 81)
    assert o.direction("B").results == (("no attack", Fraction(1)),)
    assert o.runs == 9


def test_npc_fixed_at_trait_level_rolls_no_dice():
    """F95 4.33: against a PC an NPC's result is her trait level. A Fair PC against a Fair NPC
    stands off when his dice show 0: 19/81."""
    rules = find_ruleset("fudge1995", melee__npc_fixed=True)
    o = attack_odds(fighter("A"), fighter("B", role="npc"), rules=rules)
    assert dict(o.exchange)["stand-off"] == Fraction(19, 81)
    assert o.runs == 9


def test_alternating_attack_has_one_direction():
    rules = find_ruleset("fudge1995", melee__pacing="alternating")
    o = attack_odds(fighter("A", 1), fighter("B"), rules=rules, kind="attack")
    assert [d.attacker for d in o.directions] == ["A"]
    assert o.kind == "attack"
    assert o.total() == 1


def test_wound_penalty_from_track_counts():
    """F95 4.51: Hurt is −1 to every action. A Hurt Fair fighter fares as a Mediocre one."""
    rules = find_ruleset("fudge1995")
    hurt_track = wounds.record_wound(wounds.WoundTrack.new(rules), wounds.HURT, rules=rules).track
    hurt = attack_odds(fighter("A", 0, track=hurt_track), fighter("B"), rules=rules)
    mediocre = attack_odds(fighter("A", -1), fighter("B"), rules=rules)
    assert hurt.direction("A").results == mediocre.direction("A").results
    assert hurt.direction("B").results == mediocre.direction("B").results


@pytest.mark.parametrize("preset,options", [
    ("fudge1995", {}),
    ("mudge", {}),
    ("fudge1993", {}),
    ("fudge1995", {"damage.die": "number_1df"}),
    ("fudge1995", {"damage.die": "level_1df"}),
    ("fudge1995", {"damage.die": "even_odd_number"}),
    ("fudge1995", {"damage.die": "situational_limited"}),
    ("fudge1993", {"damage.die": "odd_die", "melee.tiebreak": True}),
])
def test_every_distribution_sums_to_one(preset, options):
    rules = find_ruleset(preset).with_options(options)
    o = attack_odds(fighter("A", 1), fighter("B"), rules=rules)
    assert o.total() == 1
    for d in o.directions:
        assert sum(p for _, p in d.results) == 1
        assert sum(p for _, p in d.after) == 1
        assert sum(p for _, p in d.wounds) + sum(p for _, p in d.stuns) == d.lands


def test_berserk_against_defensive_buys_both_ways():
    """F95 4.32 / MUD 4.32: Berserk is +2 offence, −2 defence. Against a Defensive foe it lands
    more blows than Normal does, and takes more too."""
    rules = find_ruleset("mudge")
    a, b = fighter("A"), fighter("B")
    normal = attack_odds(a, b, rules=rules, b_declares=Declaration(stance=Stance(-2)))
    berserk = attack_odds(a, b, rules=rules, a_declares=Declaration(stance=Stance(2)),
                          b_declares=Declaration(stance=Stance(-2)))
    assert berserk.kind == "stances"
    assert berserk.direction("A").lands > normal.direction("A").lands
    assert berserk.direction("B").lands > normal.direction("B").lands


@pytest.mark.parametrize("preset", ["fudge1995", "mudge", "fudge1993"])
def test_raising_attack_skill_never_lowers_the_chance_to_hit(preset):
    rules = find_ruleset(preset)
    b = fighter("B", 0, armor=Armor("Leather", 1))
    previous = None
    for skill in range(-3, 4):
        d = attack_odds(fighter("A", skill, strength=1), b, rules=rules).direction("A")
        now = (d.lands, d.chance("hit"), d.wound_at_least(wounds.HURT))
        if previous is not None:
            assert all(x >= y for x, y in zip(now, previous)), (skill, now, previous)
        previous = now


def test_to_dict_is_json_with_exact_and_rounded_chances():
    o = attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995"))
    data = o.to_dict()
    json.dumps(data)
    assert data["exchange"]["stand-off"] == {"exact": "41/243", "p": round(41 / 243, 6)}
    a = data["directions"][0]
    assert a["attacker"] == "A" and a["defender"] == "B"
    assert a["results"]["graze"]["exact"] == "1012/6561"
    assert a["wounds"][0] == {"level": 1, "name": "Scratch", "exact": "1796/6561", "p": round(1796 / 6561, 6)}
    assert data["runs"] == 81 and data["classes"] == 81
    assert data["steps"] and all("section" in s for s in data["steps"])


def test_odds_request_round_trips_and_refuses_dice():
    rules = find_ruleset("mudge")
    req = OddsRequest(fighter("A", 1), fighter("B"), Declaration(stance=Stance(1)), None, "round", 2)
    back = OddsRequest.from_dict(json.loads(json.dumps(req.to_dict())))
    assert back == req
    assert back.odds(rules) == req.odds(rules)
    with pytest.raises(FudgeError) as err:
        OddsRequest.from_dict({**req.to_dict(), "a_dice": {"roll": {"total": 1}}})
    assert err.value.field == "odds.a_dice"
    with pytest.raises(FudgeError) as err:
        OddsRequest.from_dict({**req.to_dict(), "kind": "duel"})
    assert err.value.field == "odds.kind"
    with pytest.raises(FudgeError) as err:
        OddsRequest.from_dict({"a": req.a.to_dict()})
    assert err.value.field == "odds.b"


def test_cache_never_mixes_fighters_or_rules():
    a, b = fighter("A"), fighter("B")
    f95 = attack_odds(a, b, rules=find_ruleset("fudge1995"))
    stronger = attack_odds(fighter("A", 1), b, rules=find_ruleset("fudge1995"))
    mud = attack_odds(a, b, rules=find_ruleset("fudge1995", melee__tiebreak=True))
    assert f95 != stronger and f95 != mud
    assert attack_odds(a, b, rules=find_ruleset("fudge1995")) is f95


def test_refused_inputs_raise_the_pipelines_error():
    with pytest.raises(RuleError):  # simultaneous round under alternating pacing (F95 4.23)
        attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995", melee__pacing="alternating"))
    with pytest.raises(FudgeError) as err:
        attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995"), kind="duel")
    assert err.value.field == "kind"


def test_a_roll_that_needs_more_than_dice_is_refused_with_a_reason():
    """F95 4.52's first alternative asks for a Damage Capacity roll after a Hurt or worse: that
    roll is not part of the exchange's dice, so exact odds are refused, saying why."""
    rules = find_ruleset("fudge1995", damage__capacity="roll")
    with pytest.raises(RuleError) as err:
        attack_odds(fighter("A", 3), fighter("B"), rules=rules)
    assert "Exact odds cannot be given" in err.value.message
    assert err.value.field == "b_declares.capacity_roll"  # the pipeline's field: where B's roll goes


def test_the_odds_cache_keeps_the_newest_thirty_two_answers():
    """Asking again answers from the cache (the same object) while it holds 32 or fewer inputs;
    the 33rd pushes out the one asked least recently."""
    rules = find_ruleset("fudge1995")
    a, b = fighter("A", 1), fighter("B")
    odds_module._CACHE.clear()
    asked = {n: attack_odds(a, b, rules=rules, round_number=n) for n in range(1, 33)}
    assert attack_odds(a, b, rules=rules, round_number=1) is asked[1]  # all 32 kept; round 1 now the newest
    newest = attack_odds(a, b, rules=rules, round_number=33)  # round 2 goes
    assert len(odds_module._CACHE) == 32
    assert attack_odds(a, b, rules=rules, round_number=33) is newest
    assert attack_odds(a, b, rules=rules, round_number=1) is asked[1]
    assert attack_odds(a, b, rules=rules, round_number=2) is not asked[2]


def test_two_identical_shieldmen_fare_alike_each_way():
    """CO 2.2: each shieldman who loses rolls his own shield check; two alike have the same odds
    of landing, being blocked and wounding, whichever attacks."""
    shieldman = {"name": "A", "role": "pc", "skills": {"Sword": "Good", "Shield": "Fair"}, "shield": "large"}
    a, b = Fighter.from_dict(shieldman), Fighter.from_dict({**shieldman, "name": "B"})
    odds = attack_odds(a, b, rules=find_ruleset("fudge1995", co__shield=True))
    assert odds.direction("A").chance("blocked") > 0
    assert odds.direction("A").results == odds.direction("B").results
    assert odds.direction("A").wounds == odds.direction("B").wounds


def test_damage_kinds_follow_the_damage_die_option():
    assert dice_classes.damage_kinds(find_ruleset("fudge1995")) == (None,)
    assert dice_classes.damage_kinds(find_ruleset("mudge")) == (None,)  # odd die is the last combat die
    assert dice_classes.damage_kinds(find_ruleset("fudge1995", damage__die="number_1df")) == ("1dF",)
    assert dice_classes.damage_kinds(find_ruleset("fudge1995", damage__die="situational")) == ("4dF",)
    assert dice_classes.damage_kinds(find_ruleset("fudge1993", damage__die="odd_die")) == ("1dF",)
    assert dice_classes.damage_kinds(find_ruleset("fudge1995", damage__system="minmidmax",
                                          damage__die="number_1df")) == ("3d6", "1dF")


def test_result_is_an_attack_odds():
    assert isinstance(attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995")), AttackOdds)


def test_a_blow_struck_to_stun_counts_hurt_or_worse_as_stuns_and_a_scratch_as_no_harm():
    """F95 4.62: a blow struck to stun leaves a stun of its level, and a Scratch stuns no one (it
    lands and does no harm: Undamaged). Bare hands, factor 0: A's relative degree 1-2 lands a
    Scratch, 3-4 Hurt, 5-6 Very Hurt, 7-8 Incapacitated (the counts of the wound test above)."""
    o = attack_odds(fighter("A"), fighter("B"), rules=find_ruleset("fudge1995"),
                    a_declares=Declaration(stun=True))
    by_rd = {d: pairs_with_difference(d, low_a=-2) for d in range(1, 9)}
    a = o.direction("A")
    assert a.wounds == ((wounds.UNDAMAGED, Fraction(by_rd[1] + by_rd[2], N2)),)
    assert a.stuns == ((wounds.HURT, Fraction(by_rd[3] + by_rd[4], N2)),
                       (wounds.VERY_HURT, Fraction(by_rd[5] + by_rd[6], N2)),
                       (wounds.INCAPACITATED, Fraction(by_rd[7] + by_rd[8], N2)))
    # B strikes to wound as usual.
    assert o.direction("B").stuns == ()


def test_odds_that_may_be_sampled_are_exact_where_exact_is_affordable():
    a, b = fighter("A"), fighter("B")
    odds_module._CACHE.clear()  # asked first with sampling allowed, not answered from the cache
    allowed = attack_odds(a, b, rules=find_ruleset("fudge1995"), sample=True)
    assert allowed.sampled is None
    odds_module._CACHE.clear()
    exact = attack_odds(a, b, rules=find_ruleset("fudge1995"))
    assert allowed == exact and allowed.runs == exact.runs == 81
