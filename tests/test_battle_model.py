"""The forecast's battle model (``pyfudge.analysis.battle``) piece by piece: the exact weights of
who attacks first under alternating turns (F95 4.23), kept apart for each pair of fighters."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace

import pytest

from pyfudge.analysis import battle
from pyfudge.analysis.outcomes import exchange_outcomes
from pyfudge.combat.declaration import NO_DECLARATION, Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core import dice
from pyfudge.core.errors import RequestError
from pyfudge.rules import wounds
from pyfudge.rules.actions import Modifier
from pyfudge.rules.damage import Armor, Weapon
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


# --- the round's pieces, with the dice as scripted inputs -----------------------------------------

class Scripted(battle.Dice):
    """Dice as inputs: whoever is called ``Quick`` wins initiative; an exchange leaves the fighters
    as ``after`` says (as they were by default) and carries nothing. Every call is recorded."""

    def __init__(self, rules, after=None):
        self.rules, self.after, self.calls = rules, after or {}, []

    def exchange(self, kind, a, b, da, db, rnd):
        self.calls.append((kind, a.name, b.name, da, db))
        fighters = (self.after.get(a.name, a), self.after.get(b.name, b))
        return [(SimpleNamespace(fighters=fighters, carry=()), 1)]

    def initiative(self, a, b, da, db):
        self.calls.append(("initiative", a.name, b.name, da, db))
        return [("a" if a.name == "Quick" else "b", 1)]


def fallen(fighter, rules):
    return fighter.with_track(wounds.record_wound(fighter.track_for(rules), wounds.INCAPACITATED, rules=rules).track)


def stunned(fighter, level, rules):
    """His track after a stunning attack of ``level`` (F95 4.62: Hurt stuns, Very Hurt very stuns)."""
    return fighter.with_track(wounds.record_stun(fighter.track_for(rules), level, rules=rules).track)


QUICK, PLAIN = Fighter("Quick", (("Sword", 0),)), Fighter("Plain", (("Sword", 0),))


def test_a_fallen_fighter_is_left_out_of_the_pairing_and_the_one_left_over_joins_an_able_foe():
    """F95 4.51: an Incapacitated fighter takes no part; both able players face the able foe
    (whichever side the fallen one is on), nobody fights the fallen."""
    sides = ("players", "players", "foes", "foes")
    assert battle.pairing(sides, [True, True, False, True]) == [(0, 3), (1, 3)]
    assert battle.pairing(sides, [False, True, True, True]) == [(1, 2), (1, 3)]


def test_a_carried_no_defence_counts_in_alternating_turns_only():
    """F95 4.23: an all-out attacker cannot defend on his opponent's next turn — a carried 'no
    defence' belongs to alternating turns and is not applied in simultaneous rounds."""
    carry = (battle.Carry("Plain", None, no_defence=True),)
    assert battle.declaration(PLAIN, (), carry, alternating=True)[0].no_defence
    assert not battle.declaration(PLAIN, (), carry, alternating=False)[0].no_defence


def test_the_round_number_matters_only_for_plus_levels_or_a_speed_power_the_rules_turn_on():
    """F95 4.36: a "plus" skill counts higher on even rounds, a speed Power strikes unopposed every
    other round — each only under its own option; without them the round cannot matter."""
    plus, fast = replace(PLAIN, plus_skills=("Sword",)), replace(PLAIN, speed_power=True)
    on = {"melee.plus_levels": True, "melee.speed_power": True}
    off = {"melee.plus_levels": False, "melee.speed_power": False}
    assert battle.round_matters([plus], new_ruleset("fudge1995", on))
    assert battle.round_matters([PLAIN, fast], new_ruleset("fudge1995", on))
    assert not battle.round_matters([plus], new_ruleset("fudge1995", off))
    assert not battle.round_matters([fast], new_ruleset("fudge1995", off))
    assert not battle.round_matters([PLAIN], new_ruleset("fudge1995", on))


def test_each_fighters_carried_modifier_is_used_up_by_his_exchange():
    """F95 4.31: a carried modifier applies to the next exchange only: both fighters' are in
    their declarations and none is carried past it."""
    rules = new_ruleset("fudge1995", {})
    scouted = Modifier("foe scouted", 1, "F95 4.31")
    fight = battle.Fight((QUICK, PLAIN), ((), ()), (battle.Carry("Quick", scouted), battle.Carry("Plain", scouted)))
    src = Scripted(rules)
    [(after, _)] = battle._turn(fight, 0, 1, 1, src, False)
    [(_, _, _, da, db)] = src.calls
    assert da.modifiers == (scouted,) and db.modifiers == (scouted,)
    assert after.carry == ()


def test_a_stun_an_exchange_leaves_lasts_the_rest_of_the_round_and_its_own_rounds():
    """F95 4.62: Stunned for one round, Very Stunned for two — held, as the encounter holds it,
    through the rest of this round too; each fighter's stun on his own side of the exchange."""
    rules = new_ruleset("fudge1995", {})
    after = {"Quick": stunned(QUICK, wounds.HURT, rules), "Plain": stunned(PLAIN, wounds.VERY_HURT, rules)}
    fight = battle.Fight((QUICK, PLAIN), ((), ()))
    [(now, _)] = battle._turn(fight, 0, 1, 1, Scripted(rules, after), False)
    assert now.stuns == (((wounds.STUNNED, 2),), ((wounds.VERY_STUNNED, 3),))
    # An exchange that stuns nobody further adds no stun: the ones held stay as they were.
    [(later, _)] = battle._turn(replace(now, fighters=tuple(after.values())), 0, 1, 1, Scripted(rules), False)
    assert later.stuns == now.stuns


def test_a_round_ends_one_round_shorter_for_every_stun_and_a_spent_stun_drops():
    """F95 4.62: a stun lasts its rounds; at the end of its last one it is gone."""
    assert battle._round_ends(((wounds.STUNNED, 1), (wounds.VERY_STUNNED, 3))) == ((wounds.VERY_STUNNED, 2),)


def test_a_stun_with_no_round_left_hampers_nobody():
    """F95 4.62: a stun held for no more rounds declares nothing; one still held does."""
    assert battle.declaration(PLAIN, ((wounds.VERY_STUNNED, 0),), ()) == (NO_DECLARATION, ())
    assert battle.declaration(PLAIN, ((wounds.STUNNED, 1),), ())[0].stunned == wounds.STUNNED


def test_a_carried_defence_modifier_counts_on_his_defence_only():
    """F95 4.31: a modifier carried for defence alone goes to his defence, one for all to his
    rolls — each where its scope says."""
    guard, scouted = Modifier("guarded", 1, "F95 4.31"), Modifier("foe scouted", -1, "F95 4.31")
    carry = (battle.Carry("Plain", guard, scope="defence"), battle.Carry("Plain", scouted))
    declared, used = battle.declaration(PLAIN, (), carry)
    assert (declared.defence_modifiers, declared.modifiers, used) == ((guard,), (scouted,), carry)


@pytest.mark.parametrize("down", [0, 1])
def test_a_pair_with_a_fallen_fighter_rolls_no_initiative_and_plays_nothing(down):
    """F95 4.51: nobody rolls or attacks for a fighter who cannot act, whichever of the pair he is
    (a simulated forecast would spend a draw on it)."""
    fighters = [QUICK, PLAIN]
    fighters[down] = fallen(fighters[down], F95)
    fight = battle.Fight(tuple(fighters), ((), ()))
    src = Scripted(F95)
    assert battle._pair(fight, 0, 1, 1, src) == [(fight, 1)]
    assert src.calls == []


@pytest.mark.parametrize("quick_at", [0, 1])
def test_the_initiative_winner_attacks_first_each_fighter_asked_with_his_own_declaration(quick_at):
    """F95 4.23: in alternating turns the winner of initiative attacks, then the other; the
    initiative is asked with each fighter's own declaration (here Plain's carried −1, F95 4.31)."""
    fighters = [PLAIN, PLAIN]
    fighters[quick_at] = QUICK
    scouted = Modifier("foe scouted", -1, "F95 4.31")
    src = Scripted(F95)
    battle._pair(battle.Fight(tuple(fighters), ((), ()), (battle.Carry("Plain", scouted),)), 0, 1, 1, src)
    ini, first, second = src.calls
    declares = {ini[1]: ini[3].modifiers, ini[2]: ini[4].modifiers}
    assert ini[0] == "initiative" and declares == {"Quick": (), "Plain": (scouted,)}
    assert first[:3] == ("attack", "Quick", "Plain")
    assert second[:3] == ("attack", "Plain", "Quick")


@pytest.mark.parametrize("when, asked", [("round", 2), ("battle", 1)])
def test_initiative_rolled_each_round_is_asked_again_and_once_per_battle_is_kept(when, asked):
    """F95 4.23: "Initiative can be rolled once for each battle or once each round": two rounds
    ask it twice, or once and keep its order."""
    rules = new_ruleset("fudge1995", {"melee.pacing": "alternating", "melee.initiative": when})
    src = Scripted(rules)
    fight = battle.Fight((QUICK, PLAIN), ((), ()))
    for rnd in (1, 2):
        [(fight, _)] = battle.play_round(fight, ("players", "foes"), rnd, src)
    assert [c[0] for c in src.calls].count("initiative") == asked
    assert [c[1] for c in src.calls if c[0] == "attack"] == ["Quick", "Plain", "Quick", "Plain"]


def test_last_standing_is_the_side_with_someone_able_and_none_when_all_have_fallen():
    """F95 4.51: an Incapacitated fighter is out of the fight; while each side has someone able
    the fight goes on (fighters not yet wounded have their fresh tracks, F95 4.57)."""
    rules, sides = new_ruleset("fudge1995", {}), ("players", "foes", "foes")
    down = fallen(PLAIN, rules)
    assert battle.standing(sides, [PLAIN, QUICK, PLAIN], rules) is None
    assert battle.standing(sides, [down, QUICK, down], rules) == "foes"
    assert battle.standing(sides, [PLAIN, down, down], rules) == "players"
    assert battle.standing(sides, [down, down, down], rules) == "none"


def test_a_defender_left_without_defence_is_attacked_so_in_alternating_turns():
    """F95 4.23: after an all-out attack he cannot defend on his opponent's next turn: the
    attack is asked with his 'no defence', and that carry is used up by it."""
    fight = battle.Fight((QUICK, PLAIN), ((), ()), (battle.Carry("Plain", None, no_defence=True),))
    src = Scripted(F95)
    [(after, _)] = battle._turn(fight, 0, 1, 1, src, True)
    [(kind, _, _, _, db)] = src.calls
    assert kind == "attack" and db.no_defence and after.carry == ()


def test_the_exact_chain_counts_the_states_it_solves_and_none_solved_before():
    """The exact method's step tells how many states of the fight it solved: each one stored
    once; a state an earlier forecast solved costs nothing and counts none."""
    rules = new_ruleset("fudge1995", {"wounds.pawn_track": True})
    pawns = [replace(f, role="npc", strength=2, weapon=Weapon("Axe", 2, 1)) for f in (QUICK, PLAIN)]
    start = battle.start_fight(rules, pawns, ["players", "foes"], [(), ()], (), 1)
    fight = battle.Fight(start.fighters, start.stuns)
    battle._VALUES.clear()
    chain = battle.Chain(rules, 1, 10**6)
    solved = chain.value(fight)
    assert chain.states == len(battle._VALUES) > 0
    again = battle.Chain(rules, 1, 10**6)
    assert again.value(fight) == solved and again.states == 0


def test_the_weigher_counts_the_pipeline_runs_its_exchanges_took_and_none_for_one_weighed_before():
    """The exact step reports the resolutions it ran (its budget counts the same): one exchange
    weighed costs its own runs; the same exchange again comes from the memo, at no cost."""
    rules = new_ruleset("fudge1995", {})
    weigher = battle.Weigher(rules, 10_000, battle.Keys())
    assert weigher.runs == 0
    weigher.exchange("round", QUICK, PLAIN, NO_DECLARATION, NO_DECLARATION, 1)
    runs = exchange_outcomes(QUICK, PLAIN, rules=rules, kind="round", round_number=1).runs
    assert weigher.runs == runs > 0
    weigher.exchange("round", QUICK, PLAIN, NO_DECLARATION, NO_DECLARATION, 1)
    assert weigher.runs == runs
    stunned = Declaration(stunned=wounds.STUNNED)
    weigher.exchange("round", QUICK, PLAIN, NO_DECLARATION, stunned, 1)
    more = exchange_outcomes(QUICK, PLAIN, rules=rules, b_declares=stunned, kind="round", round_number=1).runs
    assert weigher.runs == runs + more


def test_the_weigher_refuses_an_exchange_past_its_budget_of_runs():
    """The exact chain stops (and the forecast samples instead) once its runs would pass the
    budget: an exchange needing one run more than is left is not weighed."""
    rules = new_ruleset("fudge1995", {})
    runs = exchange_outcomes(QUICK, PLAIN, rules=rules, kind="round", round_number=1).runs
    with pytest.raises(battle.NotFeasible):
        short = battle.Weigher(rules, runs - 1, battle.Keys())
        short.exchange("round", QUICK, PLAIN, NO_DECLARATION, NO_DECLARATION, 1)
    exact = battle.Weigher(rules, runs, battle.Keys())
    exact.exchange("round", QUICK, PLAIN, NO_DECLARATION, NO_DECLARATION, 1)
    with pytest.raises(battle.NotFeasible):  # nothing left for another
        exact.exchange("round", PLAIN, QUICK, NO_DECLARATION, NO_DECLARATION, 1)


def test_a_fight_that_can_no_longer_change_after_its_first_round_never_ends():
    """F95 4.55: in enchanted plate, bare-handed, no blow ever harms: once the start's stun has
    run down (F95 4.62) nothing can change, so the fight never ends — no side wins, no rounds."""
    rules = new_ruleset("fudge1995", {})
    plate = [replace(f, armor=Armor("Enchanted plate", 12)) for f in (QUICK, PLAIN)]
    start = battle.start_fight(rules, plate, ["players", "foes"], [((wounds.VERY_STUNNED, 2),), ()], (), 1)
    battle._VALUES.clear()
    value = battle.Chain(rules, 1, 10**6).value(battle.Fight(start.fighters, start.stuns))
    assert (value.win, value.ends, value.moment) == ((0, 0, 0), 0, 0)


def test_the_exact_chains_mean_rounds_match_the_rounds_played_out_branch_by_branch():
    """The chain's E[rounds] (its closed form over states that may stay as they are) against the
    fight played forward round by round, every branch weighed, until almost nothing is left:
    pawns with axes (F95 4.57's three stages), the foe stunned at the start (F95 4.62)."""
    rules = new_ruleset("fudge1995", {"wounds.pawn_track": True})
    pawns = [replace(f, role="npc", strength=2, weapon=Weapon("Axe", 2, 1)) for f in (QUICK, PLAIN)]
    sides = ("players", "foes")
    start = battle.start_fight(rules, pawns, sides, [(), ((wounds.STUNNED, 2),)], (), 1)
    battle._VALUES.clear()
    chain = battle.Chain(rules, 1, 10**6)
    value = chain.value(battle.Fight(start.fighters, start.stuns))
    live, mean, ended = [(battle.Fight(start.fighters, start.stuns), Fraction(1))], Fraction(0), Fraction(0)
    for rnd in range(1, 40):
        played = battle.Weigher(rules, 10**6, battle.Keys())
        nxt = played.merge([(f, w * p) for fight, w in live for f, p in battle.play_round(fight, sides, rnd, played)])
        done = sum(w for f, w in nxt if battle.standing(sides, f.fighters, rules) is not None)
        mean, ended = mean + rnd * done, ended + done
        live = [(f, w) for f, w in nxt if battle.standing(sides, f.fighters, rules) is None]
    assert value.ends == 1 and 1 - ended < Fraction(1, 10**6)
    assert abs(value.moment - mean) < Fraction(1, 10**4)


def test_a_forecast_takes_forty_combatants_as_an_encounter_holds_and_refuses_a_forty_first():
    """As many fighters as an encounter holds are forecast; one more is refused by name."""
    rules = new_ruleset("fudge1995", {})
    many = [Fighter(f"F{i}", (("Sword", 0),)) for i in range(41)]
    sides = ["players", "foes"] * 20 + ["foes"]
    assert len(battle.start_fight(rules, many[:40], sides[:40], [()] * 40, (), 1).fighters) == 40
    with pytest.raises(RequestError) as err:
        battle.start_fight(rules, many, sides, [()] * 41, (), 1)
    assert (err.value.field, err.value.message) == ("combatants", "A forecast takes at most 40 combatants.")
