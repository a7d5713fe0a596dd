"""What every action of the door reads from its request's ``args``: a required field, the
ruleset, a roll entered as faces or a total. The actions are in :mod:`pyfudge.door.rule_actions`,
:mod:`pyfudge.door.encounter_actions`, :mod:`pyfudge.door.analysis_actions` and :mod:`pyfudge.door.forms`;
:mod:`pyfudge.api` is the door that calls them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import rulesets
from ..core import dice
from ..core.errors import RequestError

Args = dict[str, Any]
# One action of the door: its request's args and the edge's random source, to its result.
Action = Callable[[Args, random.Random], dict[str, Any]]


def need(args: Args, key: str) -> Any:
    """A field the action cannot do without; a RequestError naming it when it is missing."""
    if key not in args:
        raise RequestError(f"The request needs {key}.", field=key)
    return args[key]


def rules_of(args: Args) -> rulesets.RuleSet:
    """The ruleset of a request: ``{"preset", "options"}``, by default Fudge 1995 as printed."""
    return rulesets.ruleset_from_dict(args.get("ruleset", {"preset": "fudge1995"}), field="ruleset")


def read_roll(data: Any, rules: rulesets.RuleSet, field: str) -> dice.Roll:
    """A roll entered as ``{"faces": [...]}`` or ``{"total": n}`` in the ruleset's technique."""
    if not isinstance(data, dict) or set(data) - {"faces", "total"}:
        raise RequestError(f"{field} must be an object with faces or a total.", field=field)
    return dice.read_action(rules=rules, faces=data.get("faces"), total=data.get("total"), field=field)
