"""The small readers the combat requests share (``pyfudge.combat.reading``): a roll given as faces
or as a total in the ruleset's dice technique (F95 3.1; F93 4.21 for the two six-sided dice), a
list of modifiers, and the relative degree of an unopposed hit. Each refusal's message and the
field it names are pinned: the app shows them beside the input at fault."""

from __future__ import annotations

import pytest

from pyfudge.combat.reading import need_roll, read_modifiers, read_roll, unopposed_degree
from pyfudge.core.errors import DiceError, FudgeError, RequestError
from pyfudge.rules.actions import Modifier


@pytest.mark.parametrize("data,kw,want", [
    ({"faces": [1, 0, -1, 1]}, {}, (1, (1, 0, -1, 1))),
    ({"faces": [1, 0, -1, 1], "roll": 1}, {}, (1, (1, 0, -1, 1))),
    ({"roll": -4}, {}, (-4, ())),
    ({"roll": 4}, {}, (4, ())),
    ({"faces": [1, -1]}, {"count": 2}, (0, (1, -1))),
    ({"roll": 2}, {"count": 2}, (2, ())),
    ({"faces": [1]}, {"count": 1}, (1, (1,))),
    # F93 4.21: two six-sided dice, less seven; a total is the result after its rule.
    ({"faces": [6, 4]}, {"technique": "2d6_minus_7"}, (3, (6, 4))),
    ({"roll": -5}, {"technique": "2d6_minus_7"}, (0, ())),
    ({"roll": 5}, {"technique": "2d6_minus_7"}, (0, ())),
    ({"roll": 3}, {"technique": "2d6_minus_7", "count": 2}, (3, ())),
])
def test_a_roll_is_read_from_its_faces_or_its_total_in_the_technique_asked(data, kw, want):
    assert read_roll(data, "shot", **kw) == want


@pytest.mark.parametrize("data,kw,message", [
    ({"faces": [1, 0, 0, 0], "roll": 2}, {}, "shot: the roll 2 does not match the faces (they read 1)."),
    ({"faces": [1, 0, 0, 0], "roll": True}, {}, "shot: the roll True does not match the faces (they read 1)."),
    ({"roll": True}, {}, "shot.roll must be a 4 Fudge dice total from -4 to +4, not True."),
    ({"roll": 5}, {}, "shot.roll must be a 4 Fudge dice total from -4 to +4, not 5."),
    ({"roll": -5}, {}, "shot.roll must be a 4 Fudge dice total from -4 to +4, not -5."),
    ({"roll": "1"}, {}, "shot.roll must be a 4 Fudge dice total from -4 to +4, not '1'."),
    ({}, {}, "shot.roll must be a 4 Fudge dice total from -4 to +4, not None."),
    ({"roll": 3}, {"count": 2}, "shot.roll must be a 2 Fudge dice (GM group roll) total from -2 to +2, not 3."),
])
def test_a_roll_that_cannot_be_read_names_the_roll(data, kw, message):
    with pytest.raises(DiceError) as err:
        read_roll(data, "shot", **kw)
    assert (err.value.message, err.value.field) == (message, "shot.roll")


def test_a_2d6_total_out_of_range_says_what_the_total_means():
    with pytest.raises(DiceError) as err:
        read_roll({"roll": 6}, "shot", technique="2d6_minus_7")
    assert err.value.field == "shot.roll"
    assert err.value.message.startswith("shot.roll must be a ")
    assert " total from -5 to +5" in err.value.message and err.value.message.endswith(", not 6.")
    assert " — the result after the rule: the two dice's sum less 7 (a 9 on the dice is +2)" in err.value.message


@pytest.mark.parametrize("technique,told", [
    ("4dF", "shot.roll must be a 4 Fudge dice total from -4 to +4, not None."),
    ("2d6_minus_7", " — the result after the rule: the two dice's sum less 7"),
])
def test_a_roll_read_already_is_kept_and_a_missing_one_is_refused_as_the_technique_reads_it(technique, told):
    assert need_roll(-2, "shot", technique=technique) == -2
    with pytest.raises(DiceError) as err:
        need_roll(None, "shot", technique=technique)
    assert err.value.field == "shot.roll"
    assert told in err.value.message and err.value.message.endswith(", not None.")


def test_faces_that_cannot_be_read_name_the_faces():
    with pytest.raises(DiceError) as err:
        read_roll({"faces": [1, 0, 0]}, "shot")
    assert err.value.field == "shot.faces"
    with pytest.raises(DiceError) as err:
        read_roll({"faces": [1, 0]}, "shot", count=3)
    assert err.value.field == "shot.roll"


def test_modifiers_are_at_most_twenty_each_a_modifier_or_its_dict():
    assert read_modifiers(None, "mods") == ()
    assert read_modifiers([], "mods") == ()
    kept = Modifier("cover", -1, "F95 4.4")
    assert read_modifiers((kept,), "mods") == (kept,)
    got = read_modifiers([kept, {"source": "rain", "amount": -2}], "mods")
    assert got[0] is kept and (got[1].source, got[1].amount) == ("rain", -2)
    assert len(read_modifiers([{"source": "x", "amount": 1}] * 20, "mods")) == 20
    for bad in ([{"source": "x", "amount": 1}] * 21, "cover", {"source": "x", "amount": 1}, 3):
        with pytest.raises(RequestError) as err:
            read_modifiers(bad, "mods")
        assert (err.value.message, err.value.field) == ("mods must be a list of at most 20 modifiers.", "mods")
    with pytest.raises(FudgeError) as err:
        read_modifiers([kept, {"source": "x"}], "mods")
    assert err.value.field == "mods[1].amount"


@pytest.mark.parametrize("result,difficulty,degree", [(0, 0, 1), (2, 0, 3), (-1, -1, 1), (3, -2, 6), (1, 2, 0)])
def test_an_unopposed_hit_carries_its_margin_plus_one(result, difficulty, degree):
    """Meeting the difficulty is the narrowest win, +1 (our reading of F95 4.4, 4.22)."""
    assert unopposed_degree(result, difficulty) == degree
