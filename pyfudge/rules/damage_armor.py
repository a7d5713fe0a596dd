"""Armor and Scale on a hit: what of the defender's protection a blow gets past (CO 1.3 Coverage
Value, F95 4.54 heavy blunt weapons, F95 4.58 / MUD 4.58 Scale-piercing weapons)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.explain import Step
from .factors import FactorPart, Factors

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet


def armor_on_hit(odf: Factors, ddf: Factors, rd: int, rules: RuleSet, steps: list[Step]) -> Factors:
    """Armor and Scale rules that depend on the weapon and the hit (``rd``, the relative degree);
    returns the DDF to use, with a step for each rule that changed it."""
    armor = ddf.value_of("armor")
    if rules["co.armor"] and ddf.coverage is not None:
        if rd > ddf.coverage:
            # CO 1.3: "If the striker's degree of success is greater than the CV ... as if no armor".
            steps.append(Step("CO 1.3", f"Degree of success {rd} is above the armor's Coverage Value "
                              f"{ddf.coverage}: the blow finds an unprotected spot, armor is ignored.",
                              {"degree": rd, "coverage": ddf.coverage, "armor_before": armor, "armor_after": 0}))
            ddf = ddf.without("armor")
            armor = 0
        else:
            steps.append(Step("CO 1.3", f"Degree of success {rd} is not above the Coverage Value "
                              f"{ddf.coverage}: the armor counts.", {"degree": rd, "coverage": ddf.coverage}))
    if odf.heavy_blunt and rules["damage.heavy_blunt"] and armor > 0:
        # F95 4.54 optional: heavy blunt metal weapons halve armor protection, round down.
        halved = armor // 2
        ddf = _merge_kind(ddf, "armor", halved)
        steps.append(Step("F95 4.54", f"Heavy blunt weapon: armor {armor:+d} counts as {halved:+d}.",
                          {"armor_before": armor, "armor_after": halved}))
    mass = ddf.value_of("mass_scale")
    if odf.scale_piercing != "none" and mass > 0:
        if rd >= rules["damage.piercing_degree"]:
            # F95 4.58 / MUD 4.58: "if they hit well, simply halve the Scale value, or ignore it".
            after = mass // 2 if odf.scale_piercing == "halve" else 0
            ddf = _merge_kind(ddf, "mass_scale", after)
            steps.append(Step("F95 4.58", f"Scale-piercing weapon hits well (+{rd}): Mass Scale "
                              f"{mass:+d} counts as {after:+d}.", {"mass_before": mass, "mass_after": after}))
        else:
            steps.append(Step("F95 4.58", f"Scale-piercing weapon, but +{rd} is not a good enough hit "
                              f"(needs +{rules['damage.piercing_degree']}): Mass Scale counts fully.",
                              {"mass": mass}))
    return ddf


def _merge_kind(f: Factors, kind: str, value: int) -> Factors:
    """Replace every part of ``kind`` by one part carrying ``value`` (keeps the first label)."""
    first = next(p for p in f.parts if p.kind == kind)
    parts: list[FactorPart] = []
    for p in f.parts:
        if p.kind != kind:
            parts.append(p)
        elif p is first:
            parts.append(replace(p, value=value))
    return replace(f, parts=tuple(parts))
