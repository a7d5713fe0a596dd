"""The door's analysis actions: exact odds of an exchange, of a group round and of ranged fire,
odds of a draft event in an open encounter, and the fight forecast. The analysis reads the rules
and is read only by the door; ranged odds, preview and forecast load on first use, so they are
not in the engine's start or its memory snapshot (:mod:`pyfudge.api`)."""

from __future__ import annotations

import random
from typing import Any

from ..analysis import group_odds, odds
from ..analysis.sampling import SAMPLE_DRAWS, SAMPLE_STEPS
from ..core.errors import RequestError
from .encounter_actions import at_rev, held
from .request import Args, need, rules_of


def on_odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of one exchange or attack before the dice fall, both directions; sampled as
    ``sample`` says (:func:`sample_asked`) when exact odds are too dear."""
    rules = rules_of(args)
    return odds.OddsRequest.from_dict(need(args, "odds"), field="odds").odds(rules, sample=sample_asked(args)).to_dict()


def on_ranged_odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of ranged fire before the dice fall (F95 4.4): each shot both ways; sampled as
    ``sample`` says (:func:`sample_asked`) when exact odds are too dear."""
    from ..analysis import ranged_odds  # lazy: loaded on first use, so not in the start or its snapshot
    rules = rules_of(args)
    request = ranged_odds.RangedOddsRequest.from_dict(need(args, "ranged_odds"), field="ranged_odds")
    return request.odds(rules, sample=sample_asked(args)).to_dict()


def sample_asked(args: Args) -> bool | int:
    """``sample``: how odds too dear to weigh exactly are answered. Left out: sampled, the first
    step (:data:`~pyfudge.analysis.sampling.SAMPLE_STEPS`, a quick answer; its ``sampled.next``
    says how many draws to ask for next); a number of draws (up to
    :data:`~pyfudge.analysis.sampling.SAMPLE_DRAWS`): that step, continuing the draws
    already made for the same input; true: all of them (each chance within ±2 points); false:
    exact only, refused with ``asks: {"input": "sample"}`` when too dear."""
    if "sample" not in args:
        return SAMPLE_STEPS[0]
    sample = args["sample"]
    if isinstance(sample, bool):
        return sample
    if not isinstance(sample, int) or not 1 <= sample <= SAMPLE_DRAWS:
        raise RequestError(f"sample must be true, false or a number of draws from 1 to {SAMPLE_DRAWS}.",
                           field="sample")
    return sample


def on_group_odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of a lone fighter's round against several foes (F95 4.34); sampled as
    ``sample`` says (:func:`sample_asked`) when exact odds are too dear."""
    rules = rules_of(args)
    request = group_odds.GroupOddsRequest.from_dict(need(args, "group_odds"), field="group_odds")
    return request.odds(rules, sample=sample_asked(args)).to_dict()


def on_forecast(args: Args, rng: random.Random) -> dict[str, Any]:
    """The fight forecast of an encounter (held open by ``id``, or given whole as ``encounter``):
    the chance each side is the last standing and the expected rounds; ``samples``, ``seed``,
    ``round_cap`` and ``exact`` tune it (see :mod:`pyfudge.forecast`)."""
    from ..analysis import forecast  # lazy: loaded on first use, so not in the start or its snapshot
    settings = forecast.ForecastSettings.from_dict(
        {k: args[k] for k in forecast.ForecastSettings.__dataclass_fields__ if k in args}, field="")
    enc = at_rev(args, args["id"] if isinstance(args.get("id"), str) else None, any_rev=True)
    return forecast.forecast(enc.state, settings=settings).to_dict()


def on_encounter_odds(args: Args, rng: random.Random) -> dict[str, Any]:
    """Exact odds of a draft ``exchange``, ``group`` or ``ranged`` event (the round form's, dice ignored) in an
    open encounter as it stands: fighters, wounds, carried modifiers, stuns, round and rules."""
    from ..analysis import preview  # lazy: loaded on first use, so not in the start or its snapshot
    return preview.event_odds(held(args).state, need(args, "event"), sample=sample_asked(args))


def on_encounter_forecast(args: Args, rng: random.Random) -> dict[str, Any]:
    """The fight forecast (:mod:`pyfudge.forecast`, default settings) of an open encounter as it
    stands; ``rev`` says which state."""
    from ..analysis import forecast  # lazy: loaded on first use, so not in the start or its snapshot
    return {**forecast.forecast(held(args).state).to_dict(), "rev": args.get("rev"), "labels": forecast.LABELS}
