"""What the app's forms offer, for the door's ``describe`` action: presets and options, the ladder,
the wound levels, the sheet's and the declaration's choices with their labels, the round form's
inputs and labels, the table shapes and the NPC templates. No list is copied into JavaScript."""

from __future__ import annotations

import random
from typing import Any

from .. import rulesets
from ..combat import declaration, stances
from ..combat import fighter as fighter_mod
from ..core import dice, ladder
from ..encounter import bestiary
from ..encounter.state import ROLE_BY_SIDE
from ..rules import wounds
from ..rulesets import tables
from .request import Args


def on_describe(args: Args, rng: random.Random) -> dict[str, Any]:
    """Everything a form needs: presets, every option, the ladder, the wound levels, the sheet's
    choices, the shape of every table option (``tables.shapes``, for the table editor) and the
    NPC templates a GM adds fighters from (``bestiary``, :mod:`pyfudge.encounter.bestiary`)."""
    return {
        **rulesets.describe(),
        "ladder": ladder.levels(),
        "wound_levels": [{"value": v, "name": n} for v, n in enumerate(wounds.LEVEL_NAMES)],
        "techniques": sorted(dice.TECHNIQUES),
        # What an entered total is, where the dice are not simply added (R-DICE-ENTRY; F93
        # 4.21–4.22): the result after the rule, for the form to say beside its total field.
        "totals": {k: dice.total_meaning(k)[3:] for k in sorted(dice.TECHNIQUES) if dice.total_meaning(k)},
        "fighter": _FIGHTER_CHOICES,
        # The role a fighter added to a side takes when none is given (a foe is an NPC): the
        # sheet's Role follows its Side until the GM picks a role.
        "role_by_side": dict(ROLE_BY_SIDE),
        "declare": _DECLARE_CHOICES,
        "tables": tables.shapes(),
        "round": _ROUND_LABELS,
        "inputs": _INPUTS,
        "bestiary": bestiary.templates(),
    }


def _choices(pairs: Any) -> list[dict[str, str]]:
    return [{"value": value, "label": label} for value, label in pairs]


# The app's forms: the choices a fighter's sheet and a declaration offer, with their labels, so
# no list is copied into JavaScript (the keys are the ones Fighter/Declaration.from_dict read).
_FIGHTER_CHOICES = {
    "role": _choices(zip(fighter_mod.ROLES, ("Player character", "NPC (pawn)", "Major NPC"))),
    "shield": _choices(zip(fighter_mod.SHIELDS, ("No shield", "Small shield", "Medium shield", "Large shield"))),
    "pain_threshold": _choices(zip(fighter_mod.PAIN, ("Normal", "High Pain Threshold", "Low Pain Threshold"))),
    "resistance": _choices(zip(fighter_mod.RESISTANCE, ("Normal", "Damage Resistant", "Fragile"))),
}


_DECLARE_CHOICES = {
    "all_out": _choices(zip(declaration.AllOut, ("No", "All-out attack", "All-out defence"))),
    "stance": _choices(stances.STANCES[k] for k in sorted(stances.STANCES, reverse=True)),
}


# Inputs of the round form beyond the choices above: ``key``, ``label``, ``section``, ``type``
# (``flag``: true/false; ``roll``: faces or a total in the ruleset's technique, like a combat roll;
# ``level``: a result on the ladder), ``where`` (the event fields that take it: "exchange.a_declares.hasty"
# is the ``hasty`` of an exchange event's ``a_declares``) and ``offered`` (the encounter view's
# flag saying the rules in force use it).
_INPUTS = [
    {"key": "hasty", "label": "Hasty attack (+1 to initiative, −1 to attack and to defend this round)",
     "section": "F95 4.23", "type": "flag",
     "where": ["initiative.a_declares.hasty", "initiative.b_declares.hasty", "exchange.a_declares.hasty"],
     "offered": "declare.hasty",
     "note": "Declared at the initiative roll or on the attack; the encounter carries it to their attack and "
             "defences that round (the logged event holds it)."},
    {"key": "speed", "label": "Speed roll (the winner adds the difference to their weapon skill)",
     "section": "F95 4.36", "type": "roll", "where": ["exchange.a_dice.speed", "exchange.b_dice.speed"],
     "offered": "declare.speed", "note": "Both fighters roll, or neither."},
    {"key": "location_check", "label": "Willpower/Constitution check, the lower of the two (result)",
     "section": "MUD 4.35", "type": "level",
     "where": ["exchange.a_declares.location_check", "exchange.b_declares.location_check"],
     "offered": "declare.location_check",
     "note": "The defender's, when a called shot hits one of their body parts (Wounded or Very Wounded). "
             "\"optional\": the table's effects are guidance and the blow's damage stands; \"required\": "
             "the location table sets the wound (option location.table_wound)."},
]


# The round form's labels: sides, what a Resolve plays (one event kind each), the two exchange
# kinds ({a}/{b} stand for the fighters' names) and the ranged choices (F95 4.4).
_ROUND_LABELS = {
    "sides": _choices((("players", "Players' side"), ("foes", "Foes' side"))),
    "forms": _choices((("exchange", "Two fighters"), ("group", "Several foes on one fighter (F95 4.34)"),
                       ("ranged", "Ranged fire (F95 4.4)"), ("story", "Story element (F95 4.21)"))),
    "exchange_kinds": _choices((("round", "Both strike at once"), ("attack", "{a} attacks, {b} defends"))),
    "ranged_modes": _choices((("aware", "Target dodges"), ("shoot_back", "Target shoots back"),
                              ("unaware", "Target is unaware"))),
    "spaces": _choices((("open", "Open ground"), ("cramped", "Weapons that need room"), ("doorway", "A doorway"))),
    "ranged_weapons": _choices((("propelled", "Propelled (bow, gun, beam)"), ("thrown", "Thrown"))),
}
