"""A group round's rules as the GM reads them (F95 4.34, MUD 4.34): the section each step cites
under each book, a stance's and an all-out tie's words and data, a foe's stance in the relative
degree, a foe's blow at exactly the lone fighter's defence or exactly the minimum to hit, the
rolls F95 4.61's even/odd damage reads, and the field a refused all-out choice names."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest

from pyfudge.combat import multi
from pyfudge.core.errors import RuleError
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import find_ruleset, new_ruleset

F95 = find_ruleset("fudge1995")
MUD = find_ruleset("mudge")
F95_STANCES = F95.with_options({"melee.stances": True})


def _resolve(lone: dict[str, Any], *foes: dict[str, Any], rules=F95, **kw: Any) -> multi.GroupOutcome:
    data = {"lone": {"name": "Hero", **lone}, "foes": list(foes), **kw}
    return multi.resolve_melee_group(multi.GroupRound.from_dict(data), rules=rules)


def _foe(out: multi.GroupOutcome, name: str):
    return next(f for f in out.foes if f.name == name)


def _steps(out: multi.GroupOutcome, section: str) -> list[tuple[str, dict[str, Any]]]:
    return [(s.text, s.data) for s in out.steps if s.section == section]


def test_a_foes_shield_is_cited_from_each_book_in_a_group_round():
    """F95 4.31, MUD 4.31 item 4: the shield's modifier cites the book of the preset."""
    hero, orc = SimpleNamespace(name="Hero", shield="small"), SimpleNamespace(name="Orc", shield="medium")
    for rules, section in ((MUD, "MUD 4.31"), (F95, "F95 4.31")):
        mine, theirs = multi.group_shields(hero, orc, rules=rules)
        assert (mine.source, mine.amount, mine.section) == ("Hero's small shield", -1, section)
        assert (theirs.source, theirs.amount, theirs.section) == ("Orc's medium shield", -1, section)


@pytest.mark.parametrize("rules, section", [(F95_STANCES, "F95 4.32"), (MUD, "MUD 4.32")])
def test_each_stance_is_stated_with_its_offence_and_defence_from_its_book(rules, section):
    out = _resolve({"level": 0, "roll": 0, "stance": 2}, {"name": "Orc", "level": 0, "roll": 0, "stance": -1},
                   rules=rules)
    assert _steps(out, section) == [
        ("Hero: Berserk stance, offence +2, defence -2: offence against each opponent's defence, "
         "defence against each opponent's offence.", {"fighter": "Hero", "offence": 2, "defence": -2}),
        ("Orc: Cautious stance, offence -1, defence +1: offence against each opponent's defence, "
         "defence against each opponent's offence.", {"fighter": "Orc", "offence": -1, "defence": 1}),
    ]


def test_a_berserk_foes_lowered_defence_widens_the_lone_fighters_relative_degree():
    """MUD 4.32: Hero's Fair meets the Berserk Orc's defence, Fair −2 = Poor: +2, and the Orc's
    offence Fair +2 = Great beats Hero's Fair by 2."""
    out = _resolve({"level": 0, "roll": 0}, {"name": "Orc", "level": 0, "roll": 0, "stance": 2}, rules=MUD)
    orc = _foe(out, "Orc")
    assert (orc.relative_degree, orc.hits_lone, orc.hit_degree) == (2, True, 2)
    assert out.strikes == (("Orc", 2, 0),)


def test_a_foe_whose_offence_only_ties_the_lone_fighters_defence_does_not_hit():
    """MUD 4.32: Hero Offensive (+1 offence, −1 defence) at Fair: his defence is Mediocre, which
    the Gob's Mediocre only ties: no blow, no hit degree."""
    out = _resolve({"level": 0, "roll": 0, "stance": 1}, {"name": "Gob", "level": -1, "roll": 0}, rules=MUD)
    gob = _foe(out, "Gob")
    assert (gob.hits_lone, gob.hit_degree) == (False, None)
    assert out.hits_on_lone == ()


@pytest.mark.parametrize("needs, hits", [(0, True), (1, False)])
def test_a_foes_blow_under_stances_hits_at_exactly_the_minimum_it_needs(needs, hits):
    """F95 4.22 with MUD 4.32: the Orc's Fair beats Berserk Hero's Poor defence; it hits when Fair
    is all he needs, and falls short when he needs Good."""
    out = _resolve({"level": 0, "roll": 0, "stance": 2}, {"name": "Orc", "level": 0, "roll": 0, "needs": needs},
                   rules=MUD)
    orc = _foe(out, "Orc")
    assert (orc.hits_lone, orc.hit_degree) == ((True, 2) if hits else (False, None))


def test_the_modifiers_against_one_foe_are_listed_in_his_step():
    out = _resolve({"level": 0, "roll": 0}, {"name": "Orc", "level": 0, "roll": 0, "lone_modifiers": [
        {"source": "Orc's medium shield", "amount": -1}, {"source": "Orc's high ground", "amount": -1}]})
    assert ("Orc scores Fair against Hero's Poor (Orc's medium shield -1, Orc's high ground -1): "
            "relative degree -2; hits Hero.") in [t for t, _ in _steps(out, "F95 4.34")]


@pytest.mark.parametrize("lone_all_out, foe_all_out, text, winner", [
    ("offense", "none", "Hero attacks all-out and ties Orc: an all-out attacker loses ties, so Orc wins.", "Orc"),
    ("none", "offense", "Orc attacks all-out and ties Hero: an all-out attacker loses ties, so Hero wins.", "Hero"),
])
def test_an_all_out_attackers_tie_is_told_as_lost_to_the_other_side(lone_all_out, foe_all_out, text, winner):
    """F95 4.31, 4.7: "all-out attackers lose tie results", whichever side attacks all-out."""
    out = _resolve({"level": 0, "roll": 0, "all_out": lone_all_out},
                   {"name": "Orc", "level": 0, "roll": 0, "all_out": foe_all_out})
    assert _steps(out, "F95 4.31") == [(text, {"winner": winner, "foe": "Orc"})]


def test_the_verdict_gives_the_lone_fighters_result_against_his_best_foe_less_that_foes_shield():
    """F95 4.34 with 4.31: Hero's Great is Good against the shielded Orc."""
    out = _resolve({"level": 0, "roll": 2}, {"name": "Orc", "level": 0, "roll": 0, "lone_modifiers": [
        {"source": "Orc's medium shield", "amount": -1}]})
    verdict = next(d for _, d in _steps(out, "F95 4.34") if "best_foe_result" in d)
    assert verdict == {"best_foe_result": 0, "lone_result": 1}


def test_an_all_out_choice_the_rules_refuse_names_the_lone_fighters_field():
    """MUD: stances replace all-out offence and defence (F95 4.32)."""
    with pytest.raises(RuleError) as err:
        _resolve({"level": 0, "roll": 0, "all_out": "offense"}, {"name": "Orc", "level": 0, "roll": 0}, rules=MUD)
    assert err.value.field == "lone.all_out"


def test_even_odd_damage_reads_both_rolls_of_the_lone_fighters_blow():
    """F95 4.61: Hero's even +2 adds one, the Orc's odd +1 takes none off."""
    sword = {"name": "Sword", "size": 1}
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"damage.die": "even_odd_number"}))
    for name, level in (("Hero", "Good"), ("Orc", "Fair"), ("Gob", "Fair")):
        enc.apply({"t": "add", "fighter": {"name": name, "role": "pc" if name == "Hero" else "npc",
                                           "skills": {"Sword": level}, "weapon": sword}})
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": 2}},
               "foe_dice": {"c2": {"roll": {"total": 1}}, "c3": {"roll": {"total": -4}}}, "targets": ["c2"]})
    blow = next(b for b in enc.state.last["outcome"]["blows"] if b["attacker"] == "Hero")
    assert [s["text"] for s in blow["steps"] if s["section"] == "F95 4.61"] == [
        "Opposed rolls: attacker +2 (even, +1), defender +1 (odd): net +1."]


@pytest.mark.parametrize("npc_roll, extra, rolls", [
    ("each", {"roll": -1}, {"Orc": -1, "Hero": 2}),
    ("group", {}, {"Orc": 1, "Hero": 2}),
    ("fixed", {}, {"Hero": 2}),
])
def test_the_rolls_kept_for_even_odd_damage_are_the_dice_each_side_read(npc_roll, extra, rolls):
    """F95 4.61 reads the opposed rolls; a foe at his trait level rolled none (F95 4.33)."""
    kw = {"group_roll": {"roll": 1}} if npc_roll == "group" else {}
    out = _resolve({"level": 0, "roll": 2}, {"name": "Orc", "level": 0, **extra}, npc_roll=npc_roll, **kw)
    assert out.rolls == rolls


@pytest.mark.parametrize("rules", [find_ruleset("fudge1993"), F95.with_options({"co.shield": True})])
def test_no_shield_counts_on_skill_in_a_group_round_under_f93_or_with_combat_options_shields(rules):
    """F93 has no shield modifier; Combat Options' shield checks (CO 2) replace F95 4.31's."""
    hero, orc = SimpleNamespace(name="Hero", shield="small"), SimpleNamespace(name="Orc", shield="medium")
    assert multi.group_shields(hero, orc, rules=rules) == (None, None)


@pytest.mark.parametrize("explain", [True, False])
def test_only_foes_at_their_trait_level_are_said_to_roll_no_dice(explain):
    """F95 4.33: the step for NPCs who roll no dice, in that mode alone; without steps the same."""
    data = {"lone": {"name": "Hero", "level": 0, "roll": 0}, "foes": [{"name": "Orc", "level": 0}]}
    fixed = multi.resolve_melee_group(multi.GroupRound.from_dict({**data, "npc_roll": "fixed"}), rules=F95,
                                      explain=explain)
    assert [s.text for s in fixed.steps if s.section == "F95 4.33"] == (
        ["Each foe scores exactly its trait level (no dice for NPCs)."] if explain else [])
    data["foes"][0]["roll"] = 1
    each = multi.resolve_melee_group(multi.GroupRound.from_dict(data), rules=F95, explain=explain)
    assert [s for s in each.steps if s.section == "F95 4.33"] == []
    assert (fixed.foes[0].result, each.foes[0].result) == (0, 1)


@pytest.mark.parametrize("counted, penalty", [(True, -2), (False, -1)])
def test_an_ignored_foe_counts_toward_the_penalty_only_if_the_gm_says_so(counted, penalty):
    """F95 4.34: −1 per foe beyond the first; for an ignored one "there may or may not be a penalty"."""
    foes = [{"name": n, "level": 0, "roll": 0} for n in ("Orc", "Gob")] + [
        {"name": "Rat", "level": 0, "roll": 0, "ignored": True}]
    out = _resolve({"level": 0, "roll": 0}, *foes, rules=F95.with_options({"multi.ignored_count": counted}))
    assert [m.amount for m in out.lone_modifiers] == [penalty]


def test_each_group_round_option_shows_its_label_and_cites_a_books_section():
    """The options form lists each by its label and the section it comes from (F95/MUD 4.31–4.34, F93 4.64)."""
    for option in multi.OPTIONS:
        shown = option.describe()
        assert re.fullmatch(r"(F95|MUD|F93) 4\.\d\d", shown["section"]), shown
        assert shown["label"][0].isupper() and not re.match(r"(F95|MUD|F93) ", shown["label"]), shown
        assert shown["kind"] in ("choice", "int", "bool", "table") and shown["key"].startswith("multi."), shown


def test_the_lone_fighters_own_modifiers_cite_their_sections_and_f95_4_31_when_they_have_none():
    out = _resolve({"level": 0, "roll": 0, "modifiers": [
        {"source": "Hurt", "amount": -1, "section": "F95 4.54"}, {"source": "higher ground", "amount": 1}]},
        {"name": "Orc", "level": 0, "roll": 0})
    own = [(s.section, s.text) for s in out.steps if s.data.get("fighter") == "Hero" and "source" in s.data]
    assert own == [("F95 4.54", "Hero: Hurt -1."), ("F95 4.31", "Hero: higher ground +1.")]


@pytest.mark.parametrize("explain", [True, False])
def test_an_ignored_foe_who_misses_is_still_ignored_with_or_without_steps(explain):
    """F93 4.64: the ignored Orc's Poor misses the unopposed Mediocre he needs."""
    out = multi.resolve_melee_group(multi.GroupRound.from_dict({
        "lone": {"name": "Hero", "level": 0, "roll": 0},
        "foes": [{"name": "Orc", "level": -2, "roll": 0, "ignored": True}, {"name": "Gob", "level": 0, "roll": 0}]}),
        rules=find_ruleset("fudge1993"), explain=explain)
    orc = _foe(out, "Orc")
    assert (orc.ignored, orc.hits_lone, orc.hit_degree) == (True, False, None)
