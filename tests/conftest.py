"""Hypothesis profiles for the unit tests, chosen with ``--hypothesis-profile NAME``.

- ``default``: Hypothesis's own (100 examples where a test names no number): the CI run.
- ``nightly``: ten times the examples of every property (``examples(n)`` scales the numbers the
  tests name), for a longer local or nightly run.
- ``mutants``: the mutation run's (python build.py mutants): a fifth of the examples (thousands of
  mutants each rerun the tests), derandomized so a mutant is judged on the same examples each
  time, no example database carried from one mutant to the next.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("nightly", max_examples=1000, deadline=None)
settings.register_profile("mutants", max_examples=20, derandomize=True, database=None, deadline=None)
