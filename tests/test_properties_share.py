"""The share of a property's examples that reach its assertion is measured (tests/properties.py):
a property that refuses most of its inputs fails, however right its few checks are."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import at_least, checked, examples, refused


def test_a_property_refusing_most_of_its_examples_fails():
    @at_least(0.5)
    @settings(max_examples=50, database=None)
    @given(st.integers(0, 9))
    def mostly_refused(n):
        if n:
            refused()
            return
        checked()

    with pytest.raises(AssertionError, match="examples reached the assertion"):
        mostly_refused()


def test_a_property_checking_most_of_its_examples_passes():
    seen = []

    @at_least(0.5)
    @settings(max_examples=50, database=None)
    @given(st.integers(0, 9))
    def mostly_checked(n):
        seen.append(n)
        if n == 9:
            refused()
            return
        checked()

    mostly_checked()
    assert seen


def test_a_property_that_counts_nothing_fails():
    @at_least(0.5)
    @settings(max_examples=5, database=None)
    @given(st.integers())
    def counts_nothing(n):
        pass

    with pytest.raises(AssertionError, match="no example called"):
        counts_nothing()


def test_examples_keep_the_number_under_the_default_profile():
    assert examples(20) == 20 * settings.default.max_examples // 100
