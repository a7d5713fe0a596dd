"""The log's dice line names only those who rolled: an unaware target of a shot (F95 4.4) rolls
nothing and is not listed with empty dice."""

from test_round_flow_every_event import AIMED, SHOT_BACK, fight

from pyfudge.encounter import round_view


def test_the_dice_line_leaves_out_a_target_who_rolled_nothing():
    enc = fight()
    enc.apply(AIMED)
    assert enc.dice[-1] == "Brenna total −4"
    enc.apply({"t": "undo"})
    enc.apply(SHOT_BACK)
    assert enc.dice[-1] == "Brenna total −4; Goblin 1 total −4"


def test_each_rollers_dice_are_named_with_fudge_faces_six_sided_faces_and_damage_dice():
    """A group round's lone fighter and each foe by name, Fudge faces as + 0 − with their sum,
    six-sided faces as numbers without one, damage dice after the roll; a story element's rolls
    in order."""
    names = {"c1": "Aldric", "c2": "Goblin 1", "c3": "Goblin 2"}
    group = {"t": "group", "lone": "c1", "lone_dice": {"roll": {"faces": [1, 0, 0, -1]}, "damage": [3, 5]},
             "foe_dice": {"c2": {"roll": {"total": 1}, "damage": [1, -1]},
                          "c3": {"roll": {"faces": [1, 1, 0, 0]}, "damage": [0, 0]}}}
    assert round_view.dice_parts(group, names) == [
        ("c1", "Aldric", "[+ 0 0 −] 0, damage [3 5]"), ("c2", "Goblin 1", "total +1, damage [+ −]"),
        ("c3", "Goblin 2", "[+ + 0 0] +2, damage [0 0]")]
    story = {"t": "story", "id": "c1", "rolls": [{"total": 1}, {"faces": [1, 1, 1, 1]}, {"total": -2}]}
    assert round_view.dice_parts(story, names) == [("c1", "Aldric", "total +1; [+ + + +] +4; total −2")]
    unnamed = {"t": "story", "id": "c9", "rolls": [{"total": 0}]}
    assert round_view.dice_parts(unnamed, names) == [("c9", "c9", "total 0")]
    assert round_view.dice_parts({"t": "group", "lone": "c9", "lone_dice": {"roll": {"total": 0}},
                                  "foe_dice": {"c8": {"roll": {"total": 0}}}}, names) == [
        ("c9", "c9", "total 0"), ("c8", "c8", "total 0")]
    # F93 4.21–4.22: two six-sided dice entered as faces are shown as they fell, with no sum.
    assert round_view.dice_parts({"t": "exchange", "a": "c1", "a_dice": {"roll": {"faces": [2, 6]}}}, names) == [
        ("c1", "Aldric", "[2 6]")]
