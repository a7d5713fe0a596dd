"""Hypothesis profiles for the unit tests, chosen with ``--hypothesis-profile NAME``.

- ``dev`` (when none is named): Hypothesis's defaults (100 examples where a test names no number,
  fresh random examples on every run), minus the checks on timing (below).
- ``ci`` (when none is named and ``$CI`` is set, as in .ci/run): ``dev`` derandomized, with no
  example database: every CI run draws the same examples, so a property's share check
  (tests/properties.py) gives the same count on every run and cannot flake.
- ``nightly``: ten times the examples of every property (``examples(n)`` scales the numbers the
  tests name), for a longer local or nightly run.
- ``mutants``: the mutation run's (python build.py mutants): a fifth of the examples (thousands of
  mutants each rerun the tests), derandomized so a mutant is judged on the same examples each
  time, no example database carried from one mutant to the next.

No profile times an example (``deadline``) or fails on slow input generation (``too_slow``): on a
shared, loaded machine those measure the machine, not the rules (a 4.5 s stall drawing one
example's text failed a full run once). What each property asserts and how many examples it
runs are the same under every profile.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# readings.assert_as_recorded compares a golden row with ``assert``: rewrite it as pytest does a
# test module's, so a failing row shows its diff (this runs before any test file imports it).
pytest.register_assert_rewrite("readings")

_UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

settings.register_profile("dev", **_UNTIMED)
settings.register_profile("ci", derandomize=True, database=None, **_UNTIMED)
settings.register_profile("nightly", max_examples=1000, **_UNTIMED)
settings.register_profile("mutants", max_examples=20, derandomize=True, database=None, **_UNTIMED)
if settings.get_current_profile_name() == "default":  # no --hypothesis-profile named one
    settings.load_profile("ci" if os.environ.get("CI") else "dev")
