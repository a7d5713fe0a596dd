"""The share of a property's examples that reach its assertion is measured (tests/properties.py):
a property that refuses most of its inputs fails, however right its few checks are."""

from __future__ import annotations

import ast
from pathlib import Path

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


def _early_exits(fn: ast.FunctionDef) -> bool:
    """Does this property skip its assertion on some inputs: a ``return`` inside an ``except``
    (a refused input, nothing asserted about it) or a call of ``assume``?"""
    for node in ast.walk(fn):
        if isinstance(node, ast.ExceptHandler) and any(isinstance(x, ast.Return) for x in ast.walk(node)):
            return True
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("assume"):
            return True
    return False


def test_every_property_that_may_skip_its_assertion_counts_its_share():
    """A property that returns early on a refused input must say how many examples it checked
    (@at_least), so none of them can pass while proving nothing (a refusal with its own assertion,
    ``assert abs(...) > 3`` before the return, counts as checked)."""
    unmeasured = []
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        for fn in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(fn, ast.FunctionDef):
                continue
            decorators = [ast.unparse(d) for d in fn.decorator_list]
            if not any(d.startswith("given") for d in decorators) or any("at_least" in d for d in decorators):
                continue
            handlers = [n for n in ast.walk(fn) if isinstance(n, ast.ExceptHandler)]
            asserted = all(any(isinstance(x, ast.Assert) for x in ast.walk(h)) for h in handlers)
            if _early_exits(fn) and not (handlers and asserted):
                unmeasured.append(f"{path.name}::{fn.name}")
    assert unmeasured == []
