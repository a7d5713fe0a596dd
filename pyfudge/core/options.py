"""Ruleset options as data: each rule module declares the options it reads (``OPTIONS``).

An option carries its label, rulebook section, kind and the default each preset gives it, so the
app can render the whole options form from ``rulesets.describe()`` without hard-coding any of it.
Kinds: ``bool``, ``choice`` (one of ``choices``), ``int`` (``low``..``high``), ``table`` (JSON data
validated by ``check``, e.g. wound thresholds or a weapon catalogue).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .checks import OPTION
from .errors import OptionError

# The presets a GM starts from (R-PRESET). Combat Options (CO) modules are options on any preset.
PRESETS: dict[str, str] = {
    "fudge1995": "Fudge 1995",
    "mudge": "Mudge",
    "fudge1993": "Fudge 1993 draft",
}

# Every option's key (the registry gathered in pyfudge.rulesets), as a type: ``rules["dice.tecnique"]``
# is a mypy error, not a KeyError at play. Saved rulesets and links store these same strings.
# A new option adds its key here (tests/test_options.py checks this list against the registry).
OptionName = Literal[
    "dice.technique",
    "actions.story_aggregate",
    "damage.system", "damage.thresholds", "damage.custom_thresholds", "damage.capacity",
    "damage.capacity_step", "damage.graze", "damage.graze_table", "damage.graze_scale", "damage.graze_die",
    "damage.die", "damage.scale_roll", "damage.critical_penetration", "damage.piercing_degree",
    "damage.heavy_blunt", "damage.less_lethal", "damage.tech_scale", "damage.mmm_factor_bonus",
    "damage.mmm_degree_bonus", "damage.mmm_low_penalty", "damage.weapons", "damage.armors",
    "co.armor", "co.armor_values", "co.coverage_values",
    "wounds.levels", "wounds.willpower", "wounds.track", "wounds.boxes", "wounds.scratch_cap",
    "wounds.pawn_track", "wounds.pawn_scratch", "wounds.record", "wounds.capacity_scratches",
    "wounds.capacity_per_hit", "wounds.capacity_terrible", "wounds.three_level_cap",
    "wounds.near_death_from_incapacitated", "wounds.points", "wounds.fudge_deadly", "wounds.guard_major_npcs",
    "wounds.stun",
    "wounds.head_knockout",
    "co.track", "co.track_boxes", "co.damage_check", "co.recovery", "co.recovery_wait",
    "healing.scratches_after_battle", "healing.levels", "healing.natural", "healing.natural_roll",
    "co.heal_per_degree", "co.heal_failure_hurts",
    "melee.pacing", "melee.size_minimum", "melee.weapon_disparity", "melee.shield_skill", "melee.all_out",
    "melee.all_out_foe_graze", "melee.all_out_offense_defense", "melee.scouting", "melee.tiebreak",
    "melee.npc_fixed", "melee.plus_levels", "melee.speed_contest", "melee.initiative", "melee.stances",
    "melee.speed_power",
    "multi.penalty", "multi.tie_rule", "multi.ignored_difficulty", "multi.ignored_count",
    "multi.sweeping_blow", "multi.sweep_penalty", "multi.group_dice", "multi.group_toward_zero",
    "multi.attacker_limits", "multi.foe_shields", "multi.all_out_ties",
    "location.system", "location.table", "location.table_wound", "location.significant",
    "ranged.propelled_penalty", "ranged.autofire", "ranged.autofire_table",
    "co.shield", "co.shield_damage", "co.shield_wear",
]

KINDS = ("bool", "choice", "int", "table")


@dataclass(frozen=True)
class Option:
    """One switch or table a GM can change. ``defaults`` gives the value under each preset."""

    key: OptionName
    label: str
    section: str
    kind: str
    defaults: Mapping[str, Any]
    help: str = ""
    group: str = "General"
    choices: tuple[tuple[str, str], ...] = ()
    low: int | None = None
    high: int | None = None
    check: Callable[[Any, str], Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.key
        assert set(self.defaults) == set(PRESETS), f"{self.key}: a default for every preset"
        for preset, value in self.defaults.items():
            self.validate(value, f"{self.key} ({preset} default)")

    def default(self, preset: str) -> Any:
        return copy.deepcopy(self.defaults[preset])

    def validate(self, value: Any, where: str | None = None) -> Any:
        """Return ``value`` checked (and normalised, for tables) or raise :class:`OptionError`."""
        where = where or self.key
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"{self.label}: expected on or off, not {value!r}.", field=where)
            return value
        if self.kind == "choice":
            allowed = [c for c, _ in self.choices]
            if value not in allowed:
                raise OptionError(
                    f"{self.label}: {value!r} is not one of {', '.join(map(str, allowed))}.", field=where
                )
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{self.label}: expected a whole number, not {value!r}.", field=where)
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise OptionError(
                    f"{self.label}: {value} is outside {self.low}..{self.high}.", field=where
                )
            return value
        assert self.check is not None, f"table option {self.key} needs a check"
        return self.check(value, where)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "label": self.label,
            "section": self.section,
            "kind": self.kind,
            "group": self.group,
            "help": self.help,
            "defaults": {p: self.default(p) for p in PRESETS},
        }
        if self.choices:
            out["choices"] = [{"value": v, "label": lab} for v, lab in self.choices]
        if self.low is not None:
            out["low"] = self.low
        if self.high is not None:
            out["high"] = self.high
        return out


def same(value: Any) -> dict[str, Any]:
    """The same default under every preset."""
    return {p: copy.deepcopy(value) for p in PRESETS}


# --- checks for tables: each raises OptionError naming the exact spot (see pyfudge.core.checks) ----

need_int = OPTION.whole
need_list = OPTION.items
need_dict = OPTION.exact
need_text = OPTION.name
