"""A story element's rolls (F95 4.21: one roll, or three and the median; F93 4.61: three averaged)
are refused by their field when they are no list of one or three, whatever else was sent."""

import re

import pytest

from pyfudge.core import ladder
from pyfudge.core.errors import DiceError
from pyfudge.rules import story_elements
from pyfudge.rulesets import OPTIONS, find_ruleset

F95 = find_ruleset("fudge1995")


@pytest.mark.parametrize("rolls", [{"a": 1, "b": 2, "c": 3}, {1}, 3])
def test_story_element_rolls_that_are_no_list_are_refused_by_their_field(rolls):
    with pytest.raises(DiceError) as info:
        story_elements.story_element(ladder.GOOD, rolls, rules=F95)
    assert (info.value.message, info.value.field) == ("A story element takes one roll or three.", "rolls")


@pytest.mark.parametrize("results", [{-1, 0, 1}, {"a": 0, "b": 1, "c": 2}, 3])
def test_three_results_to_combine_that_are_no_list_are_refused_by_their_field(results):
    with pytest.raises(DiceError) as info:
        story_elements.aggregate(results, method="median")
    assert (info.value.message, info.value.field) == ("Combine exactly three rolls.", "rolls")


def test_every_option_cites_its_rulebook_section_and_is_labelled_in_words():
    for key, option in OPTIONS.items():
        assert re.match(r"(F95b?|F93|MUD|CO) \d", option.section), key
        assert option.label != option.section and re.search(r"[a-z]{3}", option.label), key


@pytest.mark.parametrize("results, average", [([2, 2, 1], 2), ([3, 3, 3], 3), ([-2, -2, -1], -2), ([1, 0, 0], 0)])
def test_three_results_are_averaged_by_three_and_rounded_to_the_nearest(results, average):
    # F93 4.61: "Average these results, rounding to the nearest whole number" (+5/3 is +2).
    assert story_elements.average_of_three(results) == average
