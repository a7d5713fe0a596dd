"""Rulesets: a preset (Fudge 1995, Mudge, Fudge 1993) plus the GM's changed options and tables.

R-PRESET. Each rule module declares its options (``OPTIONS``); this module gathers them, so the
description the app renders and the validation at the door come from one place. Only options that
differ from the preset are stored, which keeps saved encounters and share links short.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import damage_options, dice, healing, story_elements, wound_options
from .combat import attack, fighter, location, melee, multi, ranged, shield, stances
from .errors import OptionError
from .options import PRESETS, Option, OptionName

# Every module that declares options. Add a module here when it gains an OPTIONS tuple.
_RULE_MODULES = (
    dice, story_elements, damage_options, wound_options, healing,
    fighter, melee, stances, attack, multi, location, ranged, shield,
)


def _gather() -> dict[str, Option]:
    found: dict[str, Option] = {}
    for module in _RULE_MODULES:
        for option in getattr(module, "OPTIONS", ()):
            assert option.key not in found, f"option {option.key} declared twice"
            found[option.key] = option
    return found


# Keyed by plain strings: saved rulesets and requests name options; rules[...] takes an OptionName.
OPTIONS: Mapping[str, Option] = MappingProxyType(_gather())
# Each preset's value of every option.
_DEFAULTS = {preset: {key: option.defaults[preset] for key, option in OPTIONS.items()} for preset in PRESETS}

# Names a GM might type for a preset.
_ALIASES = {
    "fudge1995": "fudge1995", "fudge": "fudge1995", "f95": "fudge1995", "fudge 1995": "fudge1995",
    "mudge": "mudge", "mud": "mudge",
    "fudge1993": "fudge1993", "f93": "fudge1993", "fudge 1993": "fudge1993",
}


@dataclass(frozen=True)
class RuleSet:
    """A preset and the options changed from it. ``rules["key"]`` reads an option's value."""

    preset: str = "fudge1995"
    changed: Mapping[str, Any] = field(default_factory=dict)
    _values: Mapping[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise OptionError(
                f"Unknown preset {self.preset!r}; choose one of {', '.join(PRESETS)}.", field="preset"
            )
        checked: dict[str, Any] = {}
        for key, value in self.changed.items():
            if key not in OPTIONS:
                raise OptionError(f"Unknown option {key!r}.", field=f"options.{key}")
            value = OPTIONS[key].validate(value, f"options.{key}")
            if value != OPTIONS[key].defaults[self.preset]:
                checked[key] = value
        object.__setattr__(self, "changed", MappingProxyType(checked))
        # Every option's value at hand: the odds read options thousands of times a request.
        object.__setattr__(self, "_values", {**_DEFAULTS[self.preset], **checked})

    def __getitem__(self, key: OptionName) -> Any:
        return self._values[key]  # a KeyError: a typo in our code, not user input

    def with_options(self, changes: Mapping[str, Any] | None = None, /, **kw: Any) -> RuleSet:
        """A copy with more options changed (validated)."""
        merged = dict(self.changed)
        merged.update(changes or {})
        merged.update(kw)
        return RuleSet(self.preset, merged)

    def values(self) -> dict[str, Any]:
        """Every option's current value."""
        return {option.key: self[option.key] for option in OPTIONS.values()}

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": dict(self.changed)}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "ruleset") -> RuleSet:
        if not isinstance(data, dict):
            raise OptionError("A ruleset must be an object with a preset.", field=field)
        extra = set(data) - {"preset", "options"}
        if extra:
            raise OptionError(f"Unknown ruleset field {sorted(extra)[0]!r}.", field=field)
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise OptionError("options must be an object.", field=f"{field}.options")
        try:
            return cls(find_preset(data.get("preset", "fudge1995")), options)
        except OptionError as err:
            raise err.at(field) from None


def find_preset(name: Any) -> str:
    """The preset key for a name or alias (``"F95"``, ``"Mudge"``…)."""
    key = _ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if key is None:
        raise OptionError(
            f"Unknown preset {name!r}; choose one of {', '.join(PRESETS.values())}.", field="preset"
        )
    return key


def find_ruleset(name: str = "fudge1995", **options: Any) -> RuleSet:
    """A preset by name or alias, with options changed by keyword (dots as ``__``)."""
    return RuleSet(find_preset(name), {k.replace("__", "."): v for k, v in options.items()})


def describe() -> dict[str, Any]:
    """Everything the options form needs: presets and every option with its defaults."""
    return {
        "presets": [{"key": k, "label": v} for k, v in PRESETS.items()],
        "options": [option.describe() for option in OPTIONS.values()],
    }
