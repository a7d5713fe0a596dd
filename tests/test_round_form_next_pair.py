"""The round form's next pair across rounds and battles: the pair that last fought is offered
again (the table keeps its pairings, whatever other events came between); a new battle starts
with nobody having acted, even in the round number the last one ended in; a stunned fighter is
offered in a simultaneous round (F95 4.62: he "cannot attack" but still fights back) and passed
over as an alternating attacker, and as a shooter when his bow starts him in ranged fire."""

from test_round_flow_every_event import AIMED, acted, fight

from pyfudge.encounter import round_view
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset


def exchange(a, b):
    return {"t": "exchange", "kind": "round", "a": a, "b": b,
            "a_dice": {"roll": {"total": -4}}, "b_dice": {"roll": {"total": -4}}}


def test_the_pair_that_last_fought_is_offered_again_next_round():
    """Aldric fought Goblin 2; then Brenna fought Goblin 1 and shot at him: next round Aldric is
    offered Goblin 2 again, not the first foe."""
    enc = fight()
    for event in (exchange("c1", "c4"), exchange("c2", "c3"), AIMED, {"t": "next_round"}):
        enc.apply(event)
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["b"]) == ("c1", "c4")


def test_a_new_battle_starts_with_nobody_having_acted():
    """The end of battle puts the round back to 1, the round the fight was in."""
    enc = fight()
    enc.apply(exchange("c1", "c3"))
    assert acted(enc) == ["Aldric", "Goblin 1"]
    enc.apply({"t": "end_battle"})
    assert acted(enc) == []


def _cards(stunned_unable):
    return [{"id": "c1", "acted": False, "can_fight": True, "unable": stunned_unable, "foes": ["c2"]},
            {"id": "c2", "acted": False, "can_fight": True, "unable": {}, "foes": ["c1"]}]


def test_a_stunned_fighter_is_offered_in_a_simultaneous_round_but_not_as_the_attacker():
    stunned = {"attacker": "Stunned: cannot attack (F95 4.62)"}
    assert round_view.suggest_next([], _cards(stunned), "exchange", "round", [])["a"] == "c1"
    assert round_view.suggest_next([], _cards(stunned), "exchange", "attack", [])["a"] == "c2"


def test_a_stunned_archer_is_not_offered_as_the_shooter():
    """F95 4.62: a stunned fighter "cannot attack" — with a bow he starts in ranged fire, where he
    would be the shooter, so the other fighter is offered first."""
    cards = _cards({"attacker": "Stunned", "shooter": "Stunned", "shoot_back": "Stunned"})
    cards[0]["starts_in"] = "ranged"
    nxt = round_view.suggest_next([], cards, "exchange", "round", [])
    assert (nxt["form"], nxt["a"]) == ("exchange", "c2")


def test_after_the_end_of_battle_no_pair_is_offered_in_the_pacings_own_form():
    enc = fight(pacing="alternating")
    enc.apply({"t": "end_battle"})
    assert encounter_view.view(enc)["next"] == {"form": "exchange", "a": None, "b": None, "kind": "attack",
                                                "round_over": True}


def test_the_one_a_fighter_last_fought_is_found_from_either_side_of_the_exchange():
    enc = fight()
    enc.apply(exchange("c1", "c3"))
    assert round_view.last_opponent(enc.states, "c1") == "c3"
    assert round_view.last_opponent(enc.states, "c3") == "c1"
    assert round_view.last_opponent(enc.states, "c2") is None


def test_in_a_later_round_the_fighters_of_an_exchange_have_acted():
    enc = fight()
    enc.apply({"t": "next_round"})
    assert acted(enc) == []
    enc.apply(exchange("c1", "c3"))
    assert acted(enc) == ["Aldric", "Goblin 1"]


def test_an_encounter_before_any_event_offers_no_pair():
    enc = Encounter(name="Empty", ruleset=new_ruleset("fudge1995", {}))
    view = encounter_view.view(enc)
    assert view["combatants"] == [] and view["next"]["round_over"] is True


def test_a_round_of_several_foes_never_starts_on_a_foe_whose_card_refuses_the_lone_role():
    """F95 4.34: of the pair, the round of several foes starts on the one his foes outnumber,
    unless his card refuses the role ``lone``: then on the other, though two heroes face the goblin
    and one goblin faces Aldric. (The view's cards refuse ``lone`` today only with every role, to
    one who cannot fight and is never picked; the round form must not rely on that.)"""
    unaware = dict.fromkeys(("fighter", "attacker", "lone", "foe", "shooter", "aware", "shoot_back"),
                            "Unaware: cannot act (F95 4.22)")
    cards = [{"id": "c1", "acted": False, "can_fight": True, "unable": {}, "foes": ["c2"]},
             {"id": "c2", "acted": False, "can_fight": True, "unable": unaware, "foes": ["c1", "c3"]},
             {"id": "c3", "acted": True, "can_fight": True, "unable": {}, "foes": ["c2"]}]
    nxt = round_view.suggest_next([], cards, "exchange", "round", [])
    assert (nxt["a"], nxt["b"], nxt["lone"]) == ("c1", "c2", "c1")
    cards[1]["unable"] = {}
    assert round_view.suggest_next([], cards, "exchange", "round", [])["lone"] == "c2"
