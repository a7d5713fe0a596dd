"""A ruleset as a plain value: a preset, the options the GM changed, and every option's value.

R-PRESET. The rules read a ruleset (``rules["melee.pacing"]``); they never gather options. The
option table a ruleset is checked against is gathered above the rules, from the ``OPTIONS`` each
rule module declares (:mod:`pyfudge.rulesets`), and travels inside the value: so this floor imports
no rule module, and a rule module asking for a variant (``rules.with_options(...)``) gets one checked
against the same table. Only options that differ from the preset are kept, which keeps saved
encounters and share links short.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import OptionError
from .options import PRESETS, Option, OptionName


@dataclass(frozen=True)
class OptionTable:
    """Every option a ruleset can set, by key, and each preset's value of each."""

    options: Mapping[str, Option]
    defaults: Mapping[str, Mapping[str, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "defaults", {
            preset: {key: option.defaults[preset] for key, option in self.options.items()} for preset in PRESETS
        })


@dataclass(frozen=True)
class RuleSet:
    """A preset and the options changed from it, checked against ``table``. ``rules["key"]`` reads
    an option's value. Made by :func:`pyfudge.rulesets.new_ruleset` and its kin."""

    table: OptionTable = field(repr=False, compare=False)
    preset: str = "fudge1995"
    changed: Mapping[str, Any] = field(default_factory=dict)
    _values: Mapping[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise OptionError(
                f"Unknown preset {self.preset!r}; choose one of {', '.join(PRESETS)}.", field="preset"
            )
        options = self.table.options
        checked: dict[str, Any] = {}
        for key, value in self.changed.items():
            if key not in options:
                raise OptionError(f"Unknown option {key!r}.", field=f"options.{key}")
            value = options[key].validate(value, f"options.{key}")
            if value != options[key].defaults[self.preset]:
                checked[key] = value
        object.__setattr__(self, "changed", MappingProxyType(checked))
        # Every option's value at hand: the odds read options thousands of times a request.
        object.__setattr__(self, "_values", {**self.table.defaults[self.preset], **checked})

    def __getitem__(self, key: OptionName) -> Any:
        return self._values[key]  # a KeyError: a typo in our code, not user input

    def with_options(self, changes: Mapping[str, Any] | None = None, /, **kw: Any) -> RuleSet:
        """A copy with more options changed (validated)."""
        merged = dict(self.changed)
        merged.update(changes or {})
        merged.update(kw)
        return RuleSet(self.table, self.preset, merged)

    def values(self) -> dict[str, Any]:
        """Every option's current value."""
        return {key: self._values[key] for key in self.table.options}

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": dict(self.changed)}
