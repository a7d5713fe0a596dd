"""Min-Mid-Max damage (F95 4.63, the bonus tables from F95b 4.63): which die of the three is read for
each total bonus, and what a bonus past the table's end reads."""

import pytest

from pyfudge.core.errors import DiceError
from pyfudge.rules import minmidmax


@pytest.mark.parametrize("reading, value", [("min", 2), ("mid", 4), ("max", 5), ("max+min", 7), ("all", 11)])
def test_each_reading_takes_its_dice_of_the_three(reading, value):
    # F95b 4.63: lowest, median and highest die, Max + Min, or all three added; the order rolled
    # does not matter.
    assert minmidmax.read_minmidmax([5, 2, 4], reading) == value


@pytest.mark.parametrize("total, reading", [(0, "min"), (1, "mid"), (2, "max"), (3, "max+min"), (4, "all")])
def test_each_total_bonus_reads_its_row_of_the_table(total, reading):
    assert minmidmax.reading_for(total) == (reading, False)


def test_a_bonus_past_the_tables_end_reads_all_three_and_says_so():
    assert minmidmax.reading_for(5) == ("all", True)
    assert minmidmax.reading_for(9) == ("all", True)


def test_a_min_mid_max_roll_needs_three_d6_named_as_the_damage_die():
    # F95 4.63: "This system requires 3d6."
    assert minmidmax.check_d6([6, 1, 3]) == (6, 1, 3)
    with pytest.raises(DiceError) as info:
        minmidmax.check_d6([1, 2])
    assert (info.value.message, info.value.field) == ("damage_die needs 3 six-sided dice, got 2.", "damage_die")
