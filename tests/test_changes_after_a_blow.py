"""The view's changes after a blow: whom it moved, the wound he took by its name, and his state
before and after, in the line the table shows."""

from test_round_flow_every_event import fight

from pyfudge.encounter import round_view
from pyfudge.encounter import view as encounter_view


def test_a_wounded_fighters_change_names_the_wound_they_took():
    enc = fight()
    enc.apply({"t": "exchange", "kind": "round", "a": "c1", "b": "c3",
               "a_dice": {"roll": {"total": 4}}, "b_dice": {"roll": {"total": -4}}})
    [change] = encounter_view.view(enc)["changes"]
    assert change["took"] == ["Near Death"]
    assert change["line"] == "Goblin 1: Undamaged → Near Death"  # the wound named once (two lines at 390 px)
    enc.apply({"t": "next_round"})
    assert encounter_view.view(enc)["changes"] == []


def test_a_fighter_who_took_a_wound_and_a_stun_has_both_named():
    line = round_view.change_line("Goblin 1", ["Scratch", "stunned"], "Undamaged", "Scratch, Stunned")
    assert line == "Goblin 1 took Scratch, stunned: Undamaged → Scratch, Stunned"


def test_a_stunning_hit_is_named_as_a_stun_in_the_change():
    """F95 4.62: a stunning attack's Hurt stuns instead of wounding; the change says so."""
    enc = fight()
    enc.apply({"t": "exchange", "kind": "round", "a": "c1", "b": "c3", "a_declares": {"stun": True},
               "a_dice": {"roll": {"total": 0}}, "b_dice": {"roll": {"total": -3}}})
    [change] = encounter_view.view(enc)["changes"]
    assert change["took"] == ["stunned"]
    assert change["line"].startswith("Goblin 1 took stunned: Undamaged → ")
