"""Mudge stances in a group round, as the exchange takes them (MUD 4.32): "The result is applied
to both offense and defense ... The offensive rolled result of each fighter is then compared to
the defensive rolled result of the other fighter", so both sides can be hurt; with MUD 4.34 each
foe's offence meets the lone fighter's defence, and his offence each foe's defence."""

from __future__ import annotations

from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset


def _fight() -> Encounter:
    enc = Encounter(ruleset=new_ruleset("mudge", {"damage.die": "none"}))  # no damage die to enter
    enc.apply({"t": "add", "fighter": {"name": "Hero", "role": "pc", "skills": {"Sword": "Fair"}}})
    enc.apply({"t": "add", "fighter": {"name": "Orc", "role": "npc", "skills": {"Sword": "Fair"}}, "side": "foes"})
    enc.apply({"t": "add", "fighter": {"name": "Gob", "role": "npc", "skills": {"Sword": "Fair"}}, "side": "foes"})
    return enc


def _round(enc: Encounter, lone_stance: str, lone_roll: int = 1, **extra) -> dict:
    # Hero Fair −1 for the second foe, rolls +1: Fair. Orc rolls 0: Fair; Gob −1: Mediocre.
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c2"],
               "lone_declares": {"stance": lone_stance}, "lone_dice": {"roll": {"total": lone_roll}},
               "foe_dice": {"c2": {"roll": {"total": 0}}, "c3": {"roll": {"total": -1}}}, **extra})
    return enc.state.last["outcome"]


def test_a_berserk_lone_fighter_wounds_and_is_wounded():
    """Berserk: his offence Fair +2 = Superb against Orc's Fair defence (+2), Gob's
    Mediocre (+3); his defence Fair −2 = Poor against Orc's Fair (+2) and Gob's Mediocre (+1)."""
    out = _round(_fight(), "berserk")
    blows = {(b["attacker"], b["defender"]): b["relative_degree"] for b in out["blows"]}
    assert blows == {("Orc", "Hero"): 2, ("Gob", "Hero"): 1, ("Hero", "Orc"): 2}


def test_a_defensive_foe_meets_the_lone_fighters_offence_with_his_defence():
    """Hero rolls +2: Good, beating both. Orc Defensive: his defence Fair +2 = Superb beats Hero's
    Good offence (Hero wounds no one, MUD 4.34), his offence Fair −2 = Poor misses Hero's Good."""
    assert [(b["attacker"], b["defender"]) for b in _round(_fight(), "normal", 2)["blows"]] == [("Hero", "Orc")]
    out = _round(_fight(), "normal", 2, foe_declares={"c2": {"stance": "defensive"}})
    assert out["blows"] == []


def test_the_stance_is_cited_from_mudge_and_not_listed_as_plus_and_minus_on_one_result():
    enc = _fight()
    _round(enc, "berserk")
    steps = enc.state.last["outcome"]["steps"]
    texts, sections = [s["text"] for s in steps], [s["section"] for s in steps]
    assert not any("Berserk stance -2" in t for t in texts)
    assert "MUD 4.32" in sections and "F95 4.32" not in sections


def test_the_draft_odds_take_the_stances_as_the_round_does():
    """The odds run the round's own code: Berserk lands more blows and takes more (MUD 4.32)."""
    from fractions import Fraction

    from pyfudge.analysis import preview

    def odds(stance: str) -> tuple[Fraction, Fraction]:
        out = preview.group_odds(_fight().state, {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
                                                  "lone_declares": {"stance": stance}})
        taken = sum(Fraction(h["exact"]) for h in out["hits_taken"] if h["hits"] > 0)
        return Fraction(out["strikes"]["exact"]), taken

    (lands_n, taken_n), (lands_b, taken_b) = odds("normal"), odds("berserk")
    assert lands_b > lands_n and taken_b > taken_n
