"""What a fighter declares for his blow counts in a group round as in an exchange (F95 4.34 is
"one roll against each foe"; nothing in it sets the declarations aside): a stunning attack stuns
(F95 4.62), a pulled punch caps the wound (F95 4.62), an all-out attack that lands does +1 damage
and a blow on an all-out attacker who lost does +2 (F95 4.31), the attacker's own damage
modifiers count. The draft's odds weigh the same declarations."""

from __future__ import annotations

from typing import Any

import pytest

from pyfudge.analysis import preview
from pyfudge.core.errors import FudgeError
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

SWORD = {"name": "Sword", "size": 1}
HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}, "weapon": SWORD}
ORC = {"name": "Orc", "role": "npc", "skills": {"Sword": "Fair"}, "weapon": SWORD}
GOB = {"name": "Gob", "role": "npc", "skills": {"Sword": "Fair"}, "weapon": SWORD}


def _fight() -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    for f in (HERO, ORC, GOB):
        enc.apply({"t": "add", "fighter": f})
    return enc


def _round(lone: int, orc: int, *, lone_declares: dict[str, Any] | None = None,
           orc_declares: dict[str, Any] | None = None) -> dict[str, Any]:
    """Hero against Orc (c2) and Gob (c3), who rolls −4; Hero strikes Orc if he may."""
    event: dict[str, Any] = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_dice": {"roll": {"total": lone}},
                             "foe_dice": {"c2": {"roll": {"total": orc}}, "c3": {"roll": {"total": -4}}},
                             "targets": ["c2"]}
    if lone_declares:
        event["lone_declares"] = lone_declares
    if orc_declares:
        event["foe_declares"] = {"c2": orc_declares}
    return event


def _blow(enc: Encounter, attacker: str) -> dict[str, Any]:
    return next(b for b in enc.state.last["outcome"]["blows"] if b["attacker"] == attacker)


def _parts(blow: dict[str, Any]) -> dict[str, int]:
    return {p["kind"]: p["value"] for p in blow["odf"]["parts"]}


def _worst(enc: Encounter, cid: str) -> int:
    return next(c for c in enc.state.combatants if c.id == cid).fighter.track_for(enc.state.rules).worst


def test_a_lone_fighters_stunning_attack_stuns_the_foe_he_strikes():
    enc = _fight()
    enc.apply(_round(3, -4, lone_declares={"stun": True}))
    blow = _blow(enc, "Hero")
    assert blow["stun"] is True and blow["level"] >= wounds.HURT
    assert _worst(enc, "c2") == wounds.UNDAMAGED  # a stun, not a wound (F95 4.62)
    # Incapacitated: knocked out (F95 4.62).
    assert enc.lines[-1] == "Round 1, Hero against Orc, Gob: Hero gets Superb; Orc knocked out."


def test_a_foes_pulled_punch_caps_the_lone_fighters_wound():
    enc = _fight()
    enc.apply(_round(-4, 4, orc_declares={"max_level": "Scratch"}))
    blow = _blow(enc, "Orc")
    assert blow["level"] == wounds.SCRATCH
    assert [g["name"] for g in blow["guards"]] == ["pulled punch"]


def test_an_all_out_attack_that_lands_does_one_more_damage():
    enc = _fight()
    enc.apply(_round(2, -4, lone_declares={"all_out": "offense"}))
    assert _parts(_blow(enc, "Hero"))["all_out"] == 1


def test_a_blow_on_an_all_out_attacker_who_lost_does_two_more():
    enc = _fight()
    enc.apply(_round(-4, 3, lone_declares={"all_out": "offense"}))
    assert _parts(_blow(enc, "Orc"))["foe_all_out"] == 2


def test_the_attackers_declared_damage_modifier_counts():
    enc = _fight()
    enc.apply(_round(-4, 3, orc_declares={"damage_modifiers": [{"source": "poisoned blade", "amount": 1}]}))
    assert any(p["label"] == "poisoned blade" and p["value"] == 1 for p in _blow(enc, "Orc")["odf"]["parts"])


def test_the_drafts_odds_weigh_a_stunning_attack():
    """The odds of the draft say the Orc may be stunned and never wounded by Hero."""
    enc = _fight()
    draft = {k: v for k, v in _round(0, 0, lone_declares={"stun": True}).items()
             if k not in ("lone_dice", "foe_dice", "targets")}
    orc = next(f for f in preview.event_odds(enc.state, draft)["foes"] if f["name"] == "Orc")
    assert orc["struck"]["p"] > 0 and orc["stuns_from_lone"]
    # A stunning Scratch stuns no one (F95 4.62): a blow that landed and did no harm, never a wound.
    assert all(w["level"] == wounds.UNDAMAGED for w in orc["wounds_from_lone"])
    assert [a["level"] for a in orc["after"]] == [wounds.UNDAMAGED]


def test_an_all_out_defender_harms_no_one_without_a_critical():
    """F95 4.31: "An All-out defensive stance earns a +2 to the combat skill, but such a
    combatant cannot harm his foe except with a critical result" — the lone fighter's blow is held
    back, as a stunned fighter's is (F95 4.62), and the log says no one is hurt."""
    enc = _fight()
    enc.apply(_round(3, -4, lone_declares={"all_out": "defense"}))
    assert enc.state.last["outcome"]["blows"] == []
    assert _worst(enc, "c2") == wounds.UNDAMAGED
    assert "cannot harm" in str(enc.state.last["outcome"]["steps"])
    assert enc.lines[-1] == "Round 1, Hero against Orc, Gob: Hero gets Superb +2; no one is hurt."


def test_an_all_out_defender_harms_with_a_critical():
    enc = _fight()
    enc.apply(_round(4, -4, lone_declares={"all_out": "defense"}))
    assert _blow(enc, "Hero")["defender"] == "Orc"


def test_a_foe_on_all_out_defence_does_not_hit_the_lone_fighter():
    enc = _fight()
    enc.apply(_round(-4, 3, orc_declares={"all_out": "defense"}))
    assert enc.state.last["outcome"]["blows"] == [] and _worst(enc, "c1") == wounds.UNDAMAGED


def test_the_drafts_odds_hold_back_an_all_out_defenders_blows_but_a_critical():
    """The odds weigh the same: Hero strikes only on his +4 (1 in 81 with 4dF)."""
    enc = _fight()
    draft = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_declares": {"all_out": "defense"}}
    odds = preview.event_odds(enc.state, draft)
    assert 0 < odds["strikes"]["p"] <= 1 / 81 + 1e-6


def test_an_all_out_defender_who_beats_every_foe_is_not_asked_whom_he_strikes():
    """F95 4.34 lets the winner choose the foe he wounds; an all-out defender wounds no one
    (F95 4.31), so the round resolves without a choice."""
    enc = _fight()
    event = _round(2, -4, lone_declares={"all_out": "defense"})
    del event["targets"]
    enc.apply(event)
    assert enc.state.last["outcome"]["blows"] == []


def test_a_foe_the_lone_fighter_ignores_gets_no_bonus_for_his_all_out_attack():
    """F95 4.31's +2 is for a blow on an all-out attacker who "ties or loses the Opposed action";
    a foe he ignores is not opposed at all (F93 4.64: he attacks unopposed), so no +2."""
    enc = Encounter(ruleset=new_ruleset("fudge1993", {}))
    for f in (HERO, ORC, GOB):
        enc.apply({"t": "add", "fighter": f})
    event = _round(-4, 3, lone_declares={"all_out": "offense"})
    enc.apply({**event, "ignored": ["c2"]})
    assert "foe_all_out" not in _parts(_blow(enc, "Orc"))
    enc.apply({"t": "undo"})
    enc.apply(event)  # the same blow, opposed: the +2
    assert _parts(_blow(enc, "Orc"))["foe_all_out"] == 2


def _capacity_fight() -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"damage.capacity": "roll"}))
    for f in (HERO, ORC, GOB):
        enc.apply({"t": "add", "fighter": f})
    return enc


def test_the_struck_foes_declared_damage_capacity_roll_adjusts_his_wound():
    """F95 4.52 no. 1 ("a Damage Capacity roll ... Great or better −1"), taken from the defender's
    declaration as the exchange takes it: the Orc's Great roll takes a level off Hero's blow."""
    plain = _capacity_fight()
    plain.apply(_round(4, -4, orc_declares={"capacity_roll": "Fair"}))
    lucky = _capacity_fight()
    lucky.apply(_round(4, -4, orc_declares={"capacity_roll": "Great"}))
    assert _blow(lucky, "Hero")["level"] == _blow(plain, "Hero")["level"] - 1
    assert any(s["section"] == "F95 4.52" for s in _blow(lucky, "Hero")["steps"])


def test_a_missing_damage_capacity_roll_names_the_defenders_declaration():
    enc = _capacity_fight()
    with pytest.raises(FudgeError) as err:
        enc.apply(_round(4, -4))
    assert err.value.field == "event.foe_declares.c2.capacity_roll"


def test_an_all_out_defender_with_a_critical_chooses_the_foe_he_strikes():
    """F95 4.31's critical lets his blow land, so F95 4.34's choice of "the foe of his choice ... of
    those he bested" is his to make: Hero (+4) bests both foes and is asked which he wounds."""
    enc = _fight()
    event = {k: v for k, v in _round(4, -4, lone_declares={"all_out": "defense"}).items() if k != "targets"}
    with pytest.raises(FudgeError, match="choose the foe struck") as err:
        enc.apply(event)
    assert err.value.field == "event.targets"


def test_a_stunned_lone_fighter_who_bests_several_foes_has_no_foe_to_choose():
    """F95 4.62: a stunned fighter cannot attack, so besting both foes asks him no choice (F95 4.34)."""
    enc = _fight()
    event = {k: v for k, v in _round(3, -4, lone_declares={"stunned": 1}).items() if k != "targets"}
    enc.apply(event)
    assert enc.state.last["outcome"]["blows"] == [] and _worst(enc, "c2") == wounds.UNDAMAGED
    assert enc.lines[-1].endswith("no one is hurt.")


def _points_fight(orc_declares: dict[str, Any] | None) -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"wounds.points": "meta"}))
    for f in (HERO, {**ORC, "fudge_points": 2}, GOB):
        enc.apply({"t": "add", "fighter": f})
    enc.apply(_round(4, -4, orc_declares=orc_declares))
    return enc


def test_the_struck_foes_declared_points_lower_his_wound():
    """MUD 4.64 (``wounds.points`` "meta"): each point spent lowers the wound one level, anyone
    holding points may spend them; the struck foe's, taken from his declaration as the exchange
    takes it, even when he declares nothing else."""
    plain, spent = _points_fight(None), _points_fight({"points": 1})
    assert _blow(plain, "Hero")["level"] >= wounds.HURT
    assert _blow(spent, "Hero")["level"] == _blow(plain, "Hero")["level"] - 1
    assert _blow(spent, "Hero")["points_spent"] == 1
    orc = next(c for c in spent.state.combatants if c.id == "c2").fighter
    assert orc.fudge_points == 1
