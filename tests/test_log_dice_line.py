"""The log's dice line names only those who rolled: an unaware target of a shot (F95 4.4) rolls
nothing and is not listed with empty dice."""

from test_round_flow_every_event import AIMED, SHOT_BACK, fight


def test_the_dice_line_leaves_out_a_target_who_rolled_nothing():
    enc = fight()
    enc.apply(AIMED)
    assert enc.dice[-1] == "Brenna total −4"
    enc.apply({"t": "undo"})
    enc.apply(SHOT_BACK)
    assert enc.dice[-1] == "Brenna total −4; Goblin 1 total −4"
