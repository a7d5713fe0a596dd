"""Rulesets: every option gathered from the rule modules that declare it, the presets, and the ways
to make a :class:`~pyfudge.core.ruleset.RuleSet` (Fudge 1995, Mudge, Fudge 1993, plus the GM's
changed options and tables).

R-PRESET. Each rule module declares its options (``OPTIONS``); this floor, above them all, gathers
them, so the description the app renders and the validation at the door come from one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..combat import attack, fighter, location, melee, multi, ranged, shield, stances
from ..core import dice
from ..core.errors import OptionError
from ..core.options import PRESETS, Option
from ..core.ruleset import OptionTable, RuleSet
from ..rules import damage_options, healing, story_elements, wound_options

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
TABLE = OptionTable(OPTIONS)

# Names a GM might type for a preset.
_ALIASES = {
    "fudge1995": "fudge1995", "fudge": "fudge1995", "f95": "fudge1995", "fudge 1995": "fudge1995",
    "mudge": "mudge", "mud": "mudge",
    "fudge1993": "fudge1993", "f93": "fudge1993", "fudge 1993": "fudge1993",
}


def new_ruleset(preset: str = "fudge1995", changed: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset (its key) with options changed from it, checked against every option."""
    return RuleSet(TABLE, preset, changed or {})


def ruleset_from_dict(data: Any, *, field: str = "ruleset") -> RuleSet:
    """A ruleset as saved (``{"preset": ..., "options": {...}}``), checked; refusals name ``field``."""
    if not isinstance(data, dict):
        raise OptionError("A ruleset must be an object with a preset.", field=field)
    extra = set(data) - {"preset", "options"}
    if extra:
        raise OptionError(f"Unknown ruleset field {sorted(extra)[0]!r}.", field=field)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise OptionError("options must be an object.", field=f"{field}.options")
    try:
        return new_ruleset(find_preset(data.get("preset", "fudge1995")), options)
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
    return new_ruleset(find_preset(name), {k.replace("__", "."): v for k, v in options.items()})


def describe() -> dict[str, Any]:
    """Everything the options form needs: presets and every option with its defaults."""
    return {
        "presets": [{"key": k, "label": v} for k, v in PRESETS.items()],
        "options": [option.describe() for option in OPTIONS.values()],
    }
