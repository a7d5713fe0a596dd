"""R-LADDER: the trait ladder, rolled degrees beyond both ends, parse and print (F93 4.1, 4.21)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge.core import ladder
from pyfudge.core.errors import LadderError


@pytest.fixture(autouse=True)
def names_worked_out_afresh():
    # name() remembers what it printed: each test here works its names out, not reads them from
    # what the modules printed at import or earlier tests left (a wrong rule would hide behind them).
    ladder._SHOWN.clear()


def test_trait_levels_are_numbered_from_fair():
    """F93 4.21: "+3 Superb, +2 Great, +1 Good, 0 Fair, -1 Mediocre, -2 Poor, -3 Terrible"."""
    assert [ladder.name(n) for n in range(-3, 4)] == [
        "Terrible", "Poor", "Mediocre", "Fair", "Good", "Great", "Superb"]
    assert (ladder.TERRIBLE, ladder.FAIR, ladder.SUPERB, ladder.LEGENDARY) == (-3, 0, 3, 4)


def test_legendary_is_superb_plus_one():
    """F93 4.1: Legendary "is the same as Superb +1"."""
    assert ladder.parse("Legendary") == ladder.parse("Superb +1") == 4
    assert ladder.name(4) == "Superb +1"
    assert ladder.name(4, legendary=True) == "Legendary"
    assert ladder.name(5, legendary=True) == "Superb +2"


def test_rolled_degrees_beyond_superb_and_below_terrible():
    """F93 4.1: "Rolled degrees from Superb +1 to Superb +4", "Terrible -1 down to Terrible -4"."""
    assert ladder.name(7) == "Superb +4"
    assert ladder.name(-7) == "Terrible \u22124"
    assert ladder.name(-4, minus="-") == "Terrible -1"


@pytest.mark.parametrize("text,value", [
    ("Good", 1), ("good", 1), ("  Great ", 2), ("superb+2", 5), ("Superb +4", 7),
    ("Terrible \u22121", -4), ("Terrible -1", -4), ("Terrible \u20132", -5), ("Fair +1", 1),
    ("Fair+2", 2), ("+2", 2), ("-1", -1), ("\u22123", -3), ("Legendary", 4), (3, 3), (-9, -9),
])
def test_parse_reads_names_offsets_and_signed_numbers(text, value):
    assert ladder.parse(text) == value


@pytest.mark.parametrize("text", ["", " ", "Goodish", "Great-", "Good +", "++1", "1.5", None, 1.0,
                                  True, [1], "Superb +20", 21])
def test_parse_refuses_what_is_not_a_level(text):
    with pytest.raises(LadderError) as err:
        ladder.parse(text, field="attacker.skill")
    assert err.value.field == "attacker.skill"


def test_check_trait_allows_terrible_to_legendary_only():
    assert ladder.check_trait(-3) == -3 and ladder.check_trait(4) == 4
    for bad in (-4, 5, True, "Good", 1.0):
        with pytest.raises(LadderError) as err:
            ladder.check_trait(bad, field="skill")
        assert err.value.field == "skill"  # the error names the field it was given


def test_name_refuses_a_number_off_the_ladder_naming_its_value():
    for bad in (ladder.LIMIT + 1, -ladder.LIMIT - 1):
        with pytest.raises(LadderError) as err:
            ladder.name(bad)
        assert err.value.field == "value"


def test_check_level_bounds_and_field():
    assert ladder.check_level(ladder.LIMIT) == ladder.LIMIT
    with pytest.raises(LadderError) as err:
        ladder.check_level(ladder.LIMIT + 1, field="difficulty")
    assert err.value.field == "difficulty"
    assert err.value.message == "difficulty 21 is off the ladder (allowed -20 to 20)."
    with pytest.raises(LadderError) as err:
        ladder.check_level(1.5, field="difficulty")
    assert err.value.message == "difficulty must be a whole number on the ladder, not 1.5."


def test_levels_lists_the_picker():
    assert [lv["name"] for lv in ladder.levels()][:1] == ["Terrible"]
    assert ladder.levels()[-1] == {"value": 4, "name": "Legendary"}


@given(st.integers(-ladder.LIMIT, ladder.LIMIT))
def test_parse_reads_back_what_name_prints(n):
    assert ladder.parse(ladder.name(n)) == n
    assert ladder.parse(ladder.name(n, minus="-")) == n


@st.composite
def level_texts(draw):
    """A level as a user types it, with the value it means: a ladder name in any case, alone or with
    a signed offset, or a bare number; spaces around and between; offsets past the ladder's LIMIT."""
    word = draw(st.none() | st.sampled_from(sorted(ladder.NAMES.values())))
    amount = draw(st.integers(0, 25))
    sign = draw(st.sampled_from(["+", "-", ladder.MINUS, "\u2013"] + ([] if word else [""])))
    space = st.sampled_from(["", " ", "  "])
    value = (ladder.parse(word) if word else 0) + (amount if sign in ("+", "") else -amount)
    if word and draw(st.booleans()):
        sign, amount, value = "", "", ladder.parse(word)  # a name alone
    cased = draw(st.sampled_from([str, str.lower, str.upper]))(word) if word else ""
    return f"{draw(space)}{cased}{draw(space)}{sign}{draw(space) if sign else ''}{amount}{draw(space)}", value


@at_least(0.5)
@given(st.integers(0, 3).flatmap(lambda pick: st.tuples(st.text(max_size=12), st.none()) if pick == 3
                                 else level_texts()))
def test_parse_any_text_gives_its_level_or_a_ladder_error(case):
    text, value = case
    try:
        got = ladder.parse(text)
    except LadderError as err:
        assert err.field == "level"
        # Refused: junk, or a level past the ladder's room.
        assert value is None or abs(value) > ladder.LIMIT, text
        refused()
        return
    checked()
    assert -ladder.LIMIT <= got <= ladder.LIMIT
    assert value is None or got == value, text


def test_unsigned_number_reads_as_a_level_but_a_name_needs_a_sign():
    assert ladder.parse("2") == 2
    with pytest.raises(LadderError):
        ladder.parse("Good 2")


def test_true_or_false_is_no_level_even_after_the_number_it_equals_was_named():
    # Names are remembered by value, and True == 1: the remembered "Good" must not answer for True.
    assert ladder.name(1) == "Good" and ladder.name(0) == "Fair"
    for flag in (True, False):
        with pytest.raises(LadderError, match="value must be a whole number on the ladder"):
            ladder.name(flag)
    with pytest.raises(LadderError) as err:
        ladder.parse(True, field="skill")
    assert (err.value.message, err.value.field) == ("skill must be a ladder name or number, not True.", "skill")


def test_a_level_checked_without_a_field_is_named_level():
    for check in (ladder.check_level, ladder.check_trait):
        with pytest.raises(LadderError) as err:
            check("x")
        assert err.value.field == "level"


@pytest.mark.parametrize("text, message", [
    (1.5, "skill must be a ladder name or number, not 1.5."),
    ("Good +", "skill: cannot read 'Good +' as a ladder level."),
    ("Goodish", "skill: 'Goodish' is not a ladder level."),
])
def test_a_text_that_is_no_level_is_refused_saying_why(text, message):
    with pytest.raises(LadderError) as err:
        ladder.parse(text, field="skill")
    assert err.value.message == message


def test_a_name_printed_again_is_the_same_name():
    assert [ladder.name(v) for v in (5, -5, 2, 5, -5, 2)] == ["Superb +2", "Terrible \u22122", "Great"] * 2
    assert ladder.name(3) == "Superb" and ladder.name(-3) == "Terrible"
