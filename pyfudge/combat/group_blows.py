"""A group round's hits landed (F95 4.34, MUD 4.34, F93 4.64): each blow :mod:`.multi` found
goes through the blow pipeline (:func:`.blow.strike_or_block`) to its damage and wound.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.errors import RequestError, RuleError
from ..core.explain import Step
from ..rules import wounds
from ..rules.actions import Modifier
from .blow import BlowInput, strike_or_block
from .declaration import NO_DECLARATION, Declaration, read_shield_roll
from .fighter import Fighter
from .group_outcome import GroupOutcome
from .multi import SECTION
from .outcomes import Block, Blow

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet


@dataclass(frozen=True)
class GroupBlows:
    """The wounds of a group round: each blow through :func:`pyfudge.combat.blow.strike`, and
    the fighters after (the lone fighter may carry several new wounds, F95 4.34). ``blocks``:
    the blows a shield took instead (CO 2.2, with ``co.shield``)."""

    blows: tuple[Any, ...]
    lone: Any
    foes: tuple[Any, ...]
    steps: tuple[Step, ...]
    blocks: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: blows, blocks and fighters as their own dicts."""
        return {"blows": [b.to_dict() for b in self.blows], "lone": self.lone.to_dict(),
                "foes": [f.to_dict() for f in self.foes], "steps": [s.to_dict() for s in self.steps],
                "blocks": [b.to_dict() for b in self.blocks]}


def _nth(value: Any, n: int, *, many: Callable[[Any], bool]) -> Any:
    """The ``n``-th of one defender's per-wound inputs: ``value`` is one input (for his first
    wound) or a list of them, one per wound in the order the blows land. None when not given:
    the pipeline then says what is missing, if the rules need it."""
    if value is None:
        return None
    if many(value):
        return value[n] if n < len(value) else None
    return value if n == 0 else None


def _several_checks(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and isinstance(value[0], (list, tuple))


def _several_results(value: Any) -> bool:
    return isinstance(value, (list, tuple))


# Keyword inputs of the door's group round, each by the name of a fighter.
def land_group_blows(outcome: GroupOutcome, *, lone: Any, foes: Sequence[Any], rules: RuleSet,
                     damage_dice: dict[str, Sequence[int]] | None = None,
                     check_dice: dict[str, Any] | None = None,
                     willpower: dict[str, Any] | None = None,
                     shield_dice: dict[str, Any] | None = None,
                     npc_fixed: bool = False,
                     declares: Mapping[str, Declaration] | None = None) -> GroupBlows:
    """Turn a group round's hits into damage and wounds with the attack pipeline.

    ``lone`` and ``foes`` are :class:`~pyfudge.combat.fighter.Fighter` values named as in the
    round. ``damage_dice`` gives the damage-die faces of each blow, keyed by the foe's name (the
    foe who struck the lone fighter, or the foe he struck: never both in one round), when the
    damage-die option in force needs them. The foes' blows land first; all of them count from the
    lone fighter's state at the start of the round (F95 4.64's Near Death guard).

    Keyed by the name of the fighter who takes the blow, as :func:`pyfudge.combat.ranged.land_shots`:

    - ``check_dice``: the 4dF of his damage check (CO 4.3, ``co.damage_check``) — for the lone
      fighter, who may take several wounds and checks after each ("Each time a character is
      injured"), a list of 4dF, one per wound in the order the blows land;
    - ``willpower``: his Willpower result (F95 4.52 no. 4, ``wounds.willpower``), or for the lone
      fighter a list, one per wound;
    - ``shield_dice``: his shield roll (CO 2.2, ``co.shield``: a :class:`~pyfudge.core.dice.Roll`,
      faces, or ``{"faces"}``/``{"total"}``). Our reading of CO 2.2 ("a shieldman makes two
      combat action rolls ... one for his weapon, and one for his shield") with F95 4.34 ("one
      roll against each foe"): the lone fighter's one shield roll is compared with the result of
      each foe who beats him; a foe he strikes checks against his result. An ignored foe's blow
      meets no shield (he does not defend against it). ``npc_fixed``: the round's ``npc_roll``
      was ``"fixed"`` (F95 4.33): like an NPC at her trait level in melee, a foe then checks at
      his Shield skill with no roll (our reading).

    ``declares``: each fighter's declaration by name, for what he declared of his own blow, as in
    an exchange (F95 4.34 sets none aside): a stunning attack or a pulled punch (F95 4.62), his
    damage modifiers, and F95 4.31's all-out offence — +1 damage on a blow that lands, and +2 on
    a blow that lands on an all-out attacker who lost his roll against it (an ignored foe's blow
    is unopposed: no such loss); and the points he is ready to spend against his wounds (F95
    4.64, MUD 4.64), spent on each wound as it lands as far as it takes them.
    """
    by_name = {f.name: f for f in foes}
    if lone.name != outcome.lone_name:
        raise RequestError(f"The lone fighter is {outcome.lone_name}, not {lone.name}.", field="lone")
    missing = [f.name for f in outcome.foes if f.name not in by_name]
    if missing:
        raise RequestError(f"No fighter record for {missing[0]}.", field="foes")
    if willpower and not wounds.willpower_in_use(rules):
        raise RuleError("Willpower rolls against wounds are off in this ruleset (F95 4.52).", field="willpower")
    landing = _Landing(rules, damage_dice or {}, check_dice or {}, willpower or {}, shield_dice or {}, declares or {})
    sec = SECTION[rules.preset]
    start = lone.track_for(rules).worst
    results = {f.name: f for f in outcome.foes}
    steps: list[Step] = []
    # The lone fighter's shield checks count his wounds as the round began: the foes' blows are
    # simultaneous (F95 4.34), as for F95 4.64's guard (our reading).
    lone_pain = lone.current_penalty(rules)
    for name, degree in outcome.hits_on_lone:
        foe = results[name]
        # An ignored foe attacks unopposed (F93 4.64): the lone fighter does not defend, no shield.
        # A degree of 0 is a tie an all-out attacker lost (F95 4.31): the narrowest win, as in an exchange.
        # F95 4.61's even/odd damage reads the opposed rolls: an ignored foe's blow meets none.
        hit, lone = landing.land(dict(attacker=by_name[name], defender=lone, relative_degree=max(degree, 1),
                                      rules=rules, worst_at_round_start=start, tie_won=degree == 0,
                                      attack_roll=outcome.rolls.get(name),
                                      defense_roll=None if foe.ignored else outcome.rolls.get(lone.name)), name,
                                 att_result=foe.result, dfd_result=None if foe.ignored else outcome.lone_result,
                                 dfd_fixed=False, pain=lone_pain)
        steps.append(Step(sec, f"{name}'s blow on {lone.name}.", {"attacker": name}))
        steps.extend(hit.steps)
    for name, degree, modifier in outcome.strikes:
        extra = (Modifier("sweeping blow, foes cut through", modifier, "F95 4.34"),) if modifier else ()
        hit, by_name[name] = landing.land(dict(attacker=lone, defender=by_name[name], relative_degree=max(degree, 1),
                                               rules=rules, extra_damage=extra, tie_won=degree == 0,
                                               attack_roll=outcome.rolls.get(lone.name),
                                               defense_roll=outcome.rolls.get(name)), name,
                                          att_result=outcome.lone_result, dfd_result=results[name].result,
                                          dfd_fixed=npc_fixed)
        steps.append(Step(sec, f"{lone.name}'s blow on {name}.", {"defender": name}))
        steps.extend(hit.steps)
    return GroupBlows(tuple(landing.blows), lone, tuple(by_name[f.name] for f in foes), tuple(steps),
                      tuple(landing.blocks))


@dataclass
class _Landing:
    """A group round's per-name inputs (damage dice by foe; checks, Willpower and shield rolls
    by the fighter hit) and the blows and blocks landed so far."""

    rules: RuleSet
    dice_for: dict[str, Sequence[int]]
    checks: dict[str, Any]
    wills: dict[str, Any]
    shield_rolls: dict[str, Any]
    declared: Mapping[str, Declaration]
    wounds_taken: dict[str, int] = field(default_factory=dict)
    points_left: dict[str, int] = field(default_factory=dict)
    blows: list[Blow] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)

    def land(self, blow: dict[str, Any], foe: str, *, att_result: int, dfd_result: int | None, dfd_fixed: bool,
             pain: int | None = None) -> tuple[Blow | Block, Fighter]:
        """The blow whose :class:`BlowInput` fields ``blow`` begins (between ``foe`` and the lone
        fighter, either way) with the defender's n-th inputs for his n-th wound, through his shield
        check first. (Fields, not a BlowInput to copy: the odds land thousands of blows.)"""
        dfd = blow["defender"]
        n = self.wounds_taken.get(dfd.name, 0)
        wills, checks = self.wills.get(dfd.name), self.checks.get(dfd.name)
        will_at = f"willpower.{dfd.name}" + (f"[{n}]" if _several_results(wills) else "")
        check_at = f"check_dice.{dfd.name}" + (f"[{n}]" if _several_checks(checks) else "")
        will = _nth(wills, n, many=_several_results)
        check = _nth(checks, n, many=_several_checks)
        # The points he declared, as far as they are left (the lone fighter spends them on his
        # wounds as they land: our reading of F95 4.64 with 4.34's several wounds).
        points = self.points_left.setdefault(dfd.name, self.declared.get(dfd.name, NO_DECLARATION).points)
        # His Damage Capacity roll (F95 4.52 no. 1) and MUD 4.35 location check, from his declaration
        # as the exchange takes them: one result for every wound he takes this round (our reading).
        mine = self.declared.get(dfd.name, NO_DECLARATION)
        capacity, location = mine.capacity_roll, mine.location_check
        # The shared empty declaration when there is nothing to declare (the odds' memo knows it).
        declares = NO_DECLARATION if will is None and not points and capacity is None and location is None else (
            Declaration(willpower=None if will is None else ladder.check_level(will, field=will_at), points=points,
                        capacity_roll=capacity, location_check=location))
        roll = None if dfd_fixed else read_shield_roll(self.shield_rolls.get(dfd.name), rules=self.rules,
                                                       field=f"shield_dice.{dfd.name}")
        faces = self.dice_for.get(foe)
        own = self.declared.get(blow["attacker"].name, NO_DECLARATION)
        # F95 4.31: "an additional +1 for damage, if successful"; an all-out attacker who "ties or
        # loses the Opposed action ... the other fighter wins, and gets +2 to damage".
        lost_all_out = dfd_result is not None and self.declared.get(dfd.name, NO_DECLARATION).all_out == "offense"
        hit, after = strike_or_block(
            BlowInput(**blow, declares=own, all_out_bonus=1 if own.all_out == "offense" else 0,
                      foe_all_out=2 if lost_all_out else 0,
                      damage_die=tuple(faces) if faces is not None else None, defender_declares=declares,
                      check_faces=None if check is None else tuple(check), check_field=check_at,
                      willpower_field=will_at),
            attacker_result=att_result, defender_result=dfd_result, shield_roll=roll, shield_fixed=dfd_fixed,
            shield_field=f"shield_dice.{dfd.name}", skill_field=f"{dfd.name}.skills", shield_penalty=pain)
        if isinstance(hit, Block):
            self.blocks.append(hit)
        else:
            self.blows.append(hit)
            self.wounds_taken[dfd.name] = n + 1
            self.points_left[dfd.name] = points - hit.points_spent
        return hit, after
