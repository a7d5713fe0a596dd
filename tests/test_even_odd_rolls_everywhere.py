"""F95 4.61's even/odd damage: "a die roll of −4, −2, 0, +2, +4 (even numbers)" adds one to that
side's factor. It reads the opposed rolls wherever they were made — an exchange, a group round
(F95 4.34: each foe's roll, or the GM's one roll for them all), ranged fire (the dodge) — and a
roll never made (an NPC at her trait level, F95 4.33; an unaware target, F95 4.4) has nothing even
to read: the blow says so and lands, no refusal (our reading; the books are silent)."""

from __future__ import annotations

import pytest

from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Fair", "Bow": "Fair"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Sword": "Fair", "Dodge": "Fair"}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Sword": "Fair"}}


def _enc(**options) -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {"damage.die": "even_odd_number", **options}))
    enc.apply({"t": "add", "fighter": HERO})
    enc.apply({"t": "add", "fighter": ORC, "side": "foes"})
    enc.apply({"t": "add", "fighter": GOB, "side": "foes"})
    return enc


def _texts(enc: Encounter) -> str:
    return " ".join(s["text"] for s in enc.state.last["outcome"]["blows"][0]["steps"])


def _roll(total: int) -> dict:
    return {"roll": {"total": total}}


def test_an_npc_at_her_trait_level_made_no_roll_to_read():
    enc = _enc(**{"melee.npc_fixed": True})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": _roll(2)})
    assert "attacker +2 (even, +1), defender made no roll" in _texts(enc)


@pytest.mark.parametrize("npc_roll, foe_dice, read", [
    ("each", {"foe_dice": {"c2": _roll(-1), "c3": _roll(-1)}}, "defender -1 (odd)"),
    ("group", {"group_roll": {"faces": [1, -1]}}, "defender +0 (even, +1)"),
])
def test_a_group_round_reads_the_rolls_made(npc_roll, foe_dice, read):
    enc = _enc()
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c2"],
               "lone_dice": _roll(3), **foe_dice})
    assert f"Opposed rolls: attacker +3 (odd), {read}" in _texts(enc)


def test_a_group_round_against_foes_at_their_trait_level_lands():
    enc = _enc(**{"melee.npc_fixed": True})
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c2"], "lone_dice": _roll(4)})
    assert "attacker +4 (even, +1), defender made no roll" in _texts(enc)


def test_a_dodged_shot_reads_both_rolls_and_an_unaware_target_none():
    enc = _enc()
    enc.apply({"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
               "shooter_dice": _roll(3), "target_dice": _roll(-2)})
    assert "attacker +3 (odd), defender -2 (even, +1)" in _texts(enc)
    enc.apply({"t": "ranged", "mode": "unaware", "shooter": "c1", "target": "c3", "difficulty": 0,
               "shooter_dice": _roll(2)})
    assert "attacker +2 (even, +1), defender made no roll" in _texts(enc)


def test_the_group_odds_weigh_the_parity_of_every_roll_as_the_event_does():
    """The odds (the same pipeline over classes of dice) against the event applied with every
    total of the lone fighter's and each foe's 4dF, weighted by its chance (F95 4.61, 4.34)."""
    import itertools
    from fractions import Fraction

    from pyfudge.analysis import preview
    from pyfudge.core import dice
    from pyfudge.core.errors import FudgeError
    from pyfudge.encounter.log import HANDLERS

    enc = _enc()
    draft = {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c2", "c3"]}
    odds = preview.group_odds(enc.state, draft)
    chance = dice.distribution("4dF")
    after: dict[int, Fraction] = {}
    for lone, orc, gob in itertools.product(chance, repeat=3):
        event = {**draft, "lone_dice": _roll(lone), "foe_dice": {"c2": _roll(orc), "c3": _roll(gob)}}
        try:
            state = HANDLERS["group"](enc.state, event)
        except FudgeError:  # several foes he may wound: he strikes the first of the targets
            state = HANDLERS["group"](enc.state, {**event, "targets": ["c2"]})
        level = state.find("c1").fighter.current_level(state.rules)
        after[level] = after.get(level, Fraction(0)) + chance[lone] * chance[orc] * chance[gob]
    assert {w["level"]: Fraction(w["exact"]) for w in odds["lone_after"]} == after


def test_a_foes_blow_on_the_lone_fighter_reads_the_foes_roll_and_his():
    """F95 4.34, 4.61: the Orc (+4, even) beats Hero (−3, odd): his blow reads both rolls."""
    enc = _enc()
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c2"], "lone_dice": _roll(-3),
               "foe_dice": {"c2": _roll(4), "c3": _roll(-4)}})
    blow = next(b for b in enc.state.last["outcome"]["blows"] if b["attacker"] == "Orc")
    assert "Opposed rolls: attacker +4 (even, +1), defender -3 (odd): net +1." in [s["text"] for s in blow["steps"]]


def test_an_ignored_foes_blow_reads_his_roll_and_none_of_the_lone_fighters():
    """F93 4.64 / F95 4.34: an ignored foe attacks unopposed, so his blow meets no defence roll
    to read (F95 4.61): Hero's even −2 was rolled against the Orc, not against the Gob."""
    enc = _enc()
    enc.apply({"t": "group", "lone": "c1", "foes": ["c2", "c3"], "targets": ["c2"], "ignored": ["c3"],
               "lone_dice": _roll(-2), "foe_dice": {"c2": _roll(-4), "c3": _roll(3)}})
    blow = next(b for b in enc.state.last["outcome"]["blows"] if b["attacker"] == "Gob")
    assert "Opposed rolls: attacker +3 (odd), defender made no roll, nothing to read: net +0." in \
        [s["text"] for s in blow["steps"]]
