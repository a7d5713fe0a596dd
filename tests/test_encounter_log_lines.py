"""The encounter's log in plain words says what the rules did: a stunning blow that only grazes
stuns no one (F95 4.62), and a box the GM marks on the CO 3 track holds a damage point, not a
wound level (CO 3.1). The other log lines are pinned in tests/golden/readings/encounter_readings.json.
"""

from typing import Any

from pyfudge.combat.attack import resolve_exchange
from pyfudge.combat.declaration import fudge_dice
from pyfudge.combat.fighter import Fighter
from pyfudge.encounter.log import Encounter
from pyfudge.encounter.state import blow_text
from pyfudge.rules import wounds
from pyfudge.rulesets import new_ruleset

SWORD = {"name": "Sword", "size": 2}
A = {"name": "A", "skills": {"Sword": "Fair"}, "weapon": SWORD}
B = {"name": "B", "skills": {"Sword": "Fair"}, "weapon": SWORD}


def _roll(total: int) -> dict[str, Any]:
    return {"roll": {"total": total}}


def _pair(options: dict[str, Any] | None = None) -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", options or {}))
    for f in (A, B):
        enc.apply({"t": "add", "fighter": f})
    return enc


def test_a_stunning_blow_that_only_grazes_is_not_logged_as_a_stun():
    """F95 4.62: "a Hurt result is called a Stun"; a Scratch in a stunning attack stuns no one,
    so the log must not say he is stunned (the steps and the state say he is not)."""
    enc = _pair()
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True},
               "a_dice": _roll(1), "b_dice": _roll(0)})
    blow = enc.state.last["outcome"]["blows"][0]
    assert (blow["level"], blow["stun"]) == (wounds.SCRATCH, True)
    assert enc.state.stunned == ()
    assert enc.lines[-1] == "Round 1, A vs B: graze: B not stunned (Scratch)."


def test_a_stunning_blow_that_armour_stops_is_not_logged_as_a_stun():
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    for f in (A, {**B, "armor": {"name": "Plate", "value": 4}}):
        enc.apply({"t": "add", "fighter": f})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True},
               "a_dice": _roll(2), "b_dice": _roll(0)})
    assert enc.state.last["outcome"]["blows"][0]["level"] == wounds.UNDAMAGED
    assert enc.lines[-1] == "Round 1, A vs B: hit: B not stunned (Undamaged)."


def test_a_stunning_blow_that_hurts_is_logged_as_a_stun():
    enc = _pair()
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True},
               "a_dice": _roll(2), "b_dice": _roll(0)})
    assert enc.state.stunned != ()
    assert enc.lines[-1] == "Round 1, A vs B: hit: B stunned."


def test_a_stunning_blow_of_incapacitated_or_worse_is_logged_as_a_knockout():
    """F95 4.62: "A result of Incapacitated or worse when going for stun damage results in a
    knockout": the log says so, not "stunned"."""
    enc = _pair()
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"stun": True},
               "a_dice": _roll(4), "b_dice": _roll(-4)})
    assert enc.state.last["outcome"]["blows"][0]["level"] >= wounds.INCAPACITATED
    assert enc.lines[-1] == "Round 1, A vs B: hit: B knocked out."


def test_a_second_stun_is_logged_as_very_stunned():
    """F95 4.62: stuns stay on the sheet; the second Stun leaves the fighter Very Stunned."""
    enc = _pair()
    for event in ({"t": "exchange"}, {"t": "next_round"}, {"t": "exchange"}):
        if event["t"] == "exchange":
            event.update({"a": "c1", "b": "c2", "a_declares": {"stun": True}, "a_dice": _roll(2), "b_dice": _roll(0)})
        enc.apply(event)
    assert (enc.lines[-3], enc.lines[-1]) == ("Round 1, A vs B: hit: B stunned.",
                                              "Round 2, A vs B: hit: B very stunned.")


def test_a_blow_to_the_head_that_knocks_out_says_so():
    """F95 4.62: "a successful Good blow (or better) to the head knocks someone out
    automatically" (``wounds.head_knockout``): the log names the knockout beside the wound."""
    enc = _pair({"wounds.head_knockout": True})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"aim": "head"},
               "a_dice": _roll(3), "b_dice": _roll(0)})
    blow = enc.state.last["outcome"]["blows"][0]
    assert blow["head_blow"]["box"] is not None
    wound = wounds.LEVEL_NAMES[blow["level"]]
    assert enc.lines[-1] == f"Round 1, A vs B: hit: B {wound}, knocked out (blow to the head)."


def test_a_blow_to_the_head_below_good_knocks_no_one_out_and_says_nothing_of_it():
    """F95 4.62: only a Good blow or better to the head knocks out: a Fair one is its wound alone."""
    enc = _pair({"wounds.head_knockout": True})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_declares": {"aim": "head"},
               "a_dice": _roll(0), "b_dice": _roll(-2)})
    blow = enc.state.last["outcome"]["blows"][0]
    assert blow["head_blow"] is not None and blow["head_blow"]["box"] is None
    assert enc.lines[-1] == "Round 1, A vs B: hit: B Hurt."


def test_a_box_marked_on_the_co_track_is_a_point_not_a_scratch():
    """CO 3.1: each damage point fills one box from Terrible upward; a box holds 1, a point, so
    marking it is not an overflow of a lighter wound (the "H" of F95 4.57)."""
    enc = _pair({"co.track": True})
    enc.apply({"t": "box", "id": "c1", "row": 0, "index": 0, "value": 1})
    assert enc.lines[-1] == "A: the GM marks Terrible box 1."
    enc.apply({"t": "box", "id": "c1", "row": 0, "index": 0, "value": 0})
    assert enc.lines[-1] == "A: the GM clears Terrible box 1."


def test_a_lighter_wound_marked_in_a_heavier_box_says_which_it_is():
    """F95 4.57: a lighter wound that overflowed is marked in a heavier row with its own letter."""
    enc = _pair()
    enc.apply({"t": "box", "id": "c1", "row": 1, "index": 0, "value": 1})
    assert enc.lines[-1] == "A: the GM marks Hurt box 1 with Scratch."
    enc.apply({"t": "box", "id": "c1", "row": 1, "index": 0, "value": 2})
    assert enc.lines[-1] == "A: the GM marks Hurt box 1."


def test_a_wound_that_moves_up_the_track_says_where_it_was_marked():
    """F95 4.57: a wound whose boxes are full is marked in the next higher open box; the log
    says so, as the track and the footer do ("B Very Hurt → Incapacitated")."""
    enc = _pair()
    enc.apply({"t": "box", "id": "c2", "row": 1, "index": 0, "value": 2})
    enc.apply({"t": "box", "id": "c2", "row": 2, "index": 0, "value": 3})
    enc.apply({"t": "exchange", "a": "c1", "b": "c2", "a_dice": _roll(1), "b_dice": _roll(0)})
    blow = enc.state.last["outcome"]["blows"][0]
    assert (blow["level"], blow["record"]["level_marked"]) == (wounds.VERY_HURT, wounds.INCAPACITATED)
    assert enc.lines[-1] == "Round 1, A vs B: hit: B Very Hurt → Incapacitated."


def test_under_damage_capacity_as_record_a_blow_is_logged_by_its_wound_with_no_box_arrow():
    # F95 4.57's arrow ("Very Hurt → Incapacitated") names the box a wound was marked in when its
    # own boxes were full. Damage Capacity as the record has no boxes: a second Hurt that leaves
    # a Fair-capacity fighter Very Hurt is logged as the Hurt it was (the steps say the rest).
    rules = new_ruleset("fudge1995", {"wounds.record": "capacity"})
    a = Fighter.from_dict({"name": "A", "skills": {"Sword": "Fair"}, "weapon": {"name": "Stick", "size": 0}})
    b = Fighter.from_dict({"name": "B", "skills": {"Sword": "Fair"}, "damage_capacity": "Fair"})
    texts = []
    for _ in range(2):
        out = resolve_exchange(a, b, rules=rules, a_dice=fudge_dice([1, 1, 1, 0]), b_dice=fudge_dice([0, 0, 0, 0]))
        (blow,) = out.blows
        b = out.fighters[1]
        texts.append(blow_text(blow))
    assert blow.level == wounds.HURT and blow.record.box is None and b.track.worst == wounds.VERY_HURT
    assert texts == ["B Hurt", "B Hurt"]
