"""The gear search's bounds: at most eight answers unless asked for more, a query of at most 60
characters, and refusals that say what they want."""

import pytest

from pyfudge.core.errors import RequestError
from pyfudge.rules import catalogue
from pyfudge.rulesets import find_ruleset

F95 = find_ruleset("fudge1995")


def test_a_search_gives_at_most_eight_answers_unless_asked_for_more():
    assert len(catalogue.find_gear(F95, "weapon", "e", most=50)) > 8
    assert len(catalogue.find_gear(F95, "weapon", "e")) == 8


def test_a_query_of_sixty_characters_is_read_and_one_more_refused():
    assert catalogue.find_gear(F95, "weapon", "x" * 60) == []
    with pytest.raises(RequestError) as err:
        catalogue.find_gear(F95, "weapon", "x" * 61)
    assert (err.value.message, err.value.field) == ("query must be a few words (at most 60 characters).", "query")


def test_a_kind_that_is_no_gear_is_refused_saying_which_are():
    with pytest.raises(RequestError) as err:
        catalogue.find_gear(F95, "shield", "buckler")
    assert (err.value.message, err.value.field) == ("kind must be weapon or armor.", "kind")
