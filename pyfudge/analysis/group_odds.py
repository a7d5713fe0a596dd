"""Exact odds of one round of a lone fighter against several foes (F95 4.34, MUD 4.34, F93 4.64):
every class of dice of the round run through :func:`pyfudge.combat.multi.resolve_melee_group` and
:func:`~pyfudge.combat.group_blows.land_group_blows` (:mod:`.dice_classes`), weighted and added up
into :class:`GroupOdds`. :class:`GroupOddsRequest` is the round as data (the door's ``group_odds``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..combat import group_blows, multi
from ..combat.declaration import Declaration
from ..combat.fighter import Fighter
from ..combat.shield import makes_shield_checks
from ..core import dice
from ..core.dice import Roll
from ..core.errors import FudgeError, RuleError
from ..core.explain import Step
from ..rules import wounds
from .dice_classes import NPC_D6, Runner, TooMany, damage_kinds, enumerate_classes, explain, margin_words, roll_faces
from .odds import as_chance, as_levels, blow_row, read_willpower
from .sampling import SAMPLE_DRAWS, Sampler, draw_kept, is_kept, sample_margin, sampled_label

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet




@dataclass(frozen=True)
class FoeOdds:
    """One foe's side of a group round: ``hits_lone`` the chance his blow lands on the lone
    fighter and ``wounds_to_lone`` the wound it leaves (by level); ``struck`` the chance the lone
    fighter's blow lands on him and ``wounds_from_lone`` its wound; ``after`` his wound level
    after the round. ``stuns_to_lone``/``stuns_from_lone``: the same for a stunning blow (F95
    4.62: its level is a stun, not a wound)."""

    name: str
    hits_lone: Fraction
    wounds_to_lone: tuple[tuple[int, Fraction], ...]
    struck: Fraction
    wounds_from_lone: tuple[tuple[int, Fraction], ...]
    after: tuple[tuple[int, Fraction], ...]
    stuns_to_lone: tuple[tuple[int, Fraction], ...] = ()
    stuns_from_lone: tuple[tuple[int, Fraction], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: chances as ``{"exact", "p"}``, levels as ``[{"level", "name", "exact", "p"}]``."""
        return {"name": self.name, "hits_lone": as_chance(self.hits_lone),
                "wounds_to_lone": as_levels(self.wounds_to_lone), "struck": as_chance(self.struck),
                "wounds_from_lone": as_levels(self.wounds_from_lone), "after": as_levels(self.after),
                "stuns_to_lone": as_levels(self.stuns_to_lone), "stuns_from_lone": as_levels(self.stuns_from_lone)}


@dataclass(frozen=True)
class GroupOdds:
    """The exact odds of one round of a lone fighter against several foes.

    ``hits_taken``: the chance of each number of blows landing on him (F95 4.34: he "can take
    multiple wounds"); ``lone_after``: his wound level after the round; ``strikes``: the chance
    he lands a blow; ``foes``: each foe's :class:`FoeOdds`. Where he may wound several foes, he
    strikes the first of ``prefer`` he may wound (the request's order of preference)."""

    lone: str
    hits_taken: tuple[tuple[int, Fraction], ...]
    lone_after: tuple[tuple[int, Fraction], ...]
    strikes: Fraction
    foes: tuple[FoeOdds, ...]
    prefer: tuple[str, ...]
    classes: int
    runs: int
    steps: tuple[Step, ...] = dc_field(default=(), compare=False)
    # Odds sampled, not exact: ``{"draws", "margin", "seed"}`` (the most a chance is off by, at
    # 95% confidence); None for exact odds.
    sampled: dict[str, Any] | None = None

    def foe(self, name: str) -> FoeOdds:
        """The odds of one foe."""
        for f in self.foes:
            if f.name == name:
                return f
        raise FudgeError(f"{name!r} is not one of the foes.", field="foe")

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"lone", "hits_taken": [{"hits", "exact", "p"}], "lone_after": [levels],
        "strikes", "foes": [FoeOdds.to_dict()], "prefer", "classes", "runs", "steps"}``."""
        return {
            "lone": self.lone,
            "hits_taken": [{"hits": k, **as_chance(p)} for k, p in self.hits_taken],
            "lone_after": as_levels(self.lone_after), "strikes": as_chance(self.strikes),
            "foes": [f.to_dict() for f in self.foes], "prefer": list(self.prefer),
            "classes": self.classes, "runs": self.runs, "steps": [s.to_dict() for s in self.steps],
            **({"sampled": self.sampled} if self.sampled else {}),
        }


def _group_techniques(rnd: Any, rules: RuleSet) -> tuple[str, ...]:
    """The roll slots of a group round: the lone fighter's roll, then each foe's own roll
    (``each``: the technique; ``d6``: the 1d6 method), or the GM's one roll (2dF or 4dF)."""
    technique = rules["dice.technique"]
    mode = rnd.npc_roll
    if mode == "each":
        return (technique,) + (technique,) * len(rnd.foes)
    if mode == "d6":
        return (technique,) + (NPC_D6,) * len(rnd.foes)
    if mode == "group":
        return (technique, multi.group_roll_dice(rules)["dice"])
    return (technique,)


@dataclass(frozen=True)
class Declared:
    """What an encounter's fighters declared for a group round, by name: each one's declaration,
    for what he declared of his own blow (a stun, a pulled punch, all-out offence:
    :func:`~pyfudge.combat.group_blows.land_group_blows`), and ``hold_back(outcome, played)``, the
    hook applied to each resolved round (with the round as played) before its blows land — a
    stunned fighter's and an all-out defender's blows do not land, F95 4.62 and 4.31
    (:meth:`pyfudge.encounter.rounds.GroupRead.held_back`; the round itself carries no declarations)."""

    by_name: Mapping[str, Declaration] = dc_field(default_factory=dict)
    hold_back: Callable[[Any, Any], Any] | None = None


# The round, its fighters and rules, then the caller's choices, each by keyword: the order of
# preference, the run budget, Willpower results, declarations and whether to sample.
def group_odds(
    rnd: Any,
    *,
    lone: Fighter,
    foes: Iterable[Fighter],
    rules: RuleSet,
    prefer: Iterable[str] = (),
    max_runs: int = 4_000,
    willpower: Mapping[str, Any] | None = None,
    declared: Declared | None = None,
    sample: bool | int = False,
) -> GroupOdds:
    """The exact odds of one round of a lone fighter against several foes, one roll against each
    (F95 4.34; MUD 4.34; F93 4.64), run through :func:`pyfudge.combat.multi.resolve_melee_group`
    and :func:`~pyfudge.combat.group_blows.land_group_blows`.

    ``rnd`` is a :class:`~pyfudge.combat.multi.GroupRound` as declared (levels, modifiers,
    ignored foes, how the NPCs roll); its dice and targets are ignored — every roll is weighed.
    ``lone``/``foes`` are the fighters' records (weapons, armor, tracks) under the same names.
    ``prefer`` orders the foes the lone fighter would rather wound (default: the foes' order); he
    strikes one foe a round. Damage dice are rolled per blow as ``damage.die`` says; under Mudge's
    odd-coloured die (MUD 4.61) a blow's die is the last die of the striker's own roll, or a
    separate 1dF for a foe who rolls no dice of his own (our reading). Odds that would take more
    than ``max_runs`` resolutions (more classes of totals than that: several foes rolling their
    own dice) are sampled when ``sample`` says so (:class:`~.sampling.Sampler`): True, the
    full :data:`~.sampling.SAMPLE_DRAWS` (each chance within ±2 points at 95%); a number,
    that many draws (a step of :data:`~.sampling.SAMPLE_STEPS`: a quick answer, wider); False,
    refused with a :class:`RuleError` asking for ``sample``. ``sampled`` then says how many draws,
    the most a chance is off by and the draws of the ``next`` step (None at ±2 points). The draws
    are kept by input: a next step continues them.

    With ``co.shield`` the shield rolls of the lone fighter and of each foe with a shield who
    rolls his own dice are weighed (CO 2.2); with ``co.damage_check`` the 4dF checks of each
    wound (CO 4.3: the lone fighter's, one per foe who may wound him, in blow order; each
    foe's). With ``wounds.willpower`` on, ``willpower`` gives each fighter's declared result by
    name (for the lone fighter one result for every wound, or a list, one per wound): it is the
    GM's roll, not dice, and a missing one is refused with a :class:`RuleError`.

    ``declared``: what an encounter's fighters declared (:class:`Declared`); a stunning blow is
    counted in ``stuns_to_lone``/``stuns_from_lone``, not with the wounds."""
    lone, records, names, prefer = _checked(rnd, lone, foes, rules, prefer)
    declared = declared or Declared()
    slots = _group_slots(rnd, lone=lone, records=records, names=names, rules=rules, prefer=prefer,
                         willpower=willpower, declared=declared)
    tally = _GroupTally(lone.name, names, rules)
    runner = Runner(slots.resolve, max_runs)
    choosing = Step("F95 4.34", f"{lone.name} rolls once against each of {len(names)} foes; where they may wound "
                    f"several they strike the first of {', '.join(prefer)}.", {"prefer": list(prefer)})
    # Every input and every option: the encounter's hook (``declared.hold_back``) reads only the
    # declarations and the rules.
    key = repr(("group", rnd, lone, sorted(records.items()), prefer, sorted((willpower or {}).items()),
                sorted(declared.by_name.items()), declared.hold_back is not None)) + json.dumps(
        rules.to_dict(), sort_keys=True, default=str)
    try:
        if slots.classes_of_totals > max_runs or (sample is not False and is_kept(key)):
            raise TooMany()  # each class of totals is at least one run, or too dear before: too dear now
        whole, leaves = enumerate_classes(runner, slots.techniques, slots.kinds, tally.visit)
    except TooMany:
        # Exact odds too dear (each foe rolling their own dice): the same pipeline over seeded
        # draws, when asked (the door asks for its first step unless told not to sample).
        if sample is False:
            one_roll = (" with the GM's one roll for all the foes (F95 4.34) they can be given exactly;"
                        if rnd.npc_roll == "each" else "")
            err = RuleError(f"Exact odds of this round would take more than {max_runs} resolutions;{one_roll} "
                            f"they can be sampled: about, each chance within ±{sample_margin(SAMPLE_DRAWS) * 100:.0f} "
                            f"points, from {SAMPLE_DRAWS} seeded draws.", field="foes")
            err.asks = {"input": "sample"}
            raise err from None
        sampler = draw_kept(key, sample, lambda: Sampler(slots.resolve, slots.techniques, slots.kinds))
        draws = sampler.draws
        tally = _GroupTally(lone.name, names, rules)
        sampler.visit(tally.visit)
        label = sampled_label(draws)
        sampled = Step("F95 4.34", f"About: these odds come from {draws} seeded draws of every die (exact odds "
                       f"would take more than {max_runs} resolutions); each chance is within "
                       + margin_words(label['margin']),
                       {"draws": draws, "margin": label["margin"]})
        return replace(tally.odds(draws, len(sampler.drawn), sampler.runs, prefer, (sampled, choosing)),
                       sampled=label)
    except FudgeError as err:
        if not runner.failed_after_reading:
            raise
        raise RuleError(f"Exact odds cannot be given: some rolls need more than dice. {err.message}",
                        field=err.field) from err
    steps = explain(rules["dice.technique"], damage_kinds(rules), leaves, runner.runs, slots.extra) + (choosing,)
    return tally.odds(whole, leaves, runner.runs, prefer, steps)


def _checked(rnd: Any, lone: Fighter, foes: Iterable[Fighter], rules: RuleSet,
             prefer: Iterable[str]) -> tuple[Fighter, dict[str, Fighter], list[str], tuple[str, ...]]:
    """The lone fighter and the foes' records by name (each with the fresh track the rules would
    give him if he has none), the foes' names in the round's order and the full order of
    preference; refused when the records or the preferences do not match the round."""
    tracked = tuple(f if f.track is not None else f.with_track(f.track_for(rules)) for f in foes)
    if lone.track is None:
        lone = lone.with_track(lone.track_for(rules))
    if lone.name != rnd.lone.name:
        raise FudgeError(f"The lone fighter is {rnd.lone.name}, not {lone.name}.", field="lone.name")
    names = [f.name for f in rnd.foes]
    if sorted(f.name for f in tracked) != sorted(names):
        raise FudgeError(f"The foes' records must be {', '.join(names)}.", field="foes")
    records = {f.name: f for f in tracked}
    order = tuple(prefer) or tuple(names)
    for i, name in enumerate(order):
        if name not in names:
            raise FudgeError(f"{name!r} is not one of the foes.", field=f"prefer[{i}]")
    return lone, records, names, order + tuple(n for n in names if n not in order)


@dataclass(frozen=True)
class _GroupSlots:
    """What a group round's enumeration needs (as :class:`.odds.ExchangeSlots` for two fighters)."""

    techniques: tuple[str, ...]
    kinds: tuple[tuple[str | None, ...], ...]
    resolve: Callable[[tuple, tuple], Any]
    extra: tuple[str, ...]  # what else is weighed, for the explanation
    classes_of_totals: int  # the classes of the rolls' totals alone: more than the runs allowed is sampled


def _group_slots(rnd: Any, *, lone: Fighter, records: Mapping[str, Fighter], names: list[str], rules: RuleSet,
                 prefer: tuple[str, ...], willpower: Mapping[str, Any] | None, declared: Declared) -> _GroupSlots:
    """The slots and the resolver of a group round. Roll slots: the lone fighter's roll, the foes'
    (:func:`_group_techniques`), then the CO 2.2 shield rolls; damage-like slots: each foe's
    blow's damage dice, then the CO 4.3 check dice. Fixed NPCs check at their skill, no roll."""
    techniques = _group_techniques(rnd, rules)
    totals = math.prod(len({t for _, t, _ in roll_faces(k)}) if k != NPC_D6 else 16 for k in techniques)
    mode = rnd.npc_roll
    technique = rules["dice.technique"]
    from_roll = rules["damage.die"] == "odd_die" and technique == dice.FOUR_DF
    kinds = damage_kinds(rules)
    foe_kinds = tuple(("1dF",) if from_roll and mode != "each" else kinds for _ in rnd.foes)
    wills = _group_willpower(rules, lone, names, willpower)
    shield_names = [f.name for f in (lone, *[records[n] for n in names]) if makes_shield_checks(f.shield, rules)
                    and not (mode == "fixed" and f.name != lone.name)]
    check_names = ([lone.name] * len(names) + list(names)) if wounds.damage_checks_in_use(rules) else []
    base_rolls, base_dmg = len(techniques), len(foe_kinds)

    played = _Played(rnd, rules, prefer, declared.hold_back)

    def resolve(rolls: tuple, dmg: tuple) -> tuple[Any, Any]:
        out = played(rolls)
        damage_dice: dict[str, Any] = {}
        hit_by = {name for name, _ in out.hits_on_lone}
        struck = {name for name, _, _ in out.strikes}
        for k, name in enumerate(names):
            faces = dmg[k]
            if from_roll and name in struck:
                faces = (rolls[0][0][-1],)  # MUD 4.61: the lone fighter's odd-coloured die
            elif from_roll and name in hit_by and mode == "each":
                faces = (rolls[1 + k][0][-1],)  # the foe's own odd-coloured die
            if faces is not None:
                damage_dice[name] = faces
        shield_dice = {name: Roll(technique, rolls[base_rolls + i][0], rolls[base_rolls + i][1], True)
                       for i, name in enumerate(shield_names)}
        check_dice: dict[str, Any] = {}
        for i, name in enumerate(check_names):
            check_dice.setdefault(name, []).append(dmg[base_dmg + i])
        landed = group_blows.land_group_blows(out, lone=lone, foes=[records[n] for n in names], rules=rules,
                                        damage_dice=damage_dice, check_dice={
                                            n: (v if n == lone.name else v[0]) for n, v in check_dice.items()},
                                        willpower=wills, shield_dice=shield_dice, npc_fixed=mode == "fixed",
                                        declares=declared.by_name)
        return out, landed

    extra = (("shield rolls",) if shield_names else ()) + (("damage checks",) if check_names else ())
    return _GroupSlots(techniques + (technique,) * len(shield_names),
                       foe_kinds + (("4dF",),) * len(check_names), resolve, extra, totals)


class _Played:
    """The round resolved with each run's traced rolls (the lone fighter's, each foe's or the GM's
    one): where he may wound several foes, he strikes the first of ``prefer``; then ``hold_back``.

    A fighter with a given traced roll is made once: the runner hands the same traced number to
    every run with that roll in that slot, so it is known by its identity (which reads no die),
    kept beside the fighter so that no identity is reused."""

    def __init__(self, rnd: Any, rules: RuleSet, prefer: tuple[str, ...],
                 hold_back: Callable[[Any, Any], Any] | None) -> None:
        self.rnd, self.rules, self.prefer, self.hold_back = rnd, rules, prefer, hold_back
        self.made: dict[tuple[int, int], tuple[Any, Any]] = {}

    def _with(self, slot: int, contender: Any, value: Any, *, d6: bool = False) -> Any:
        """``contender`` with this traced roll (his 1d6 faces with ``d6``; else his total, no faces)."""
        key = (slot, id(value))
        hit = self.made.get(key)
        if hit is None:
            made = replace(contender, d6=value) if d6 else replace(contender, roll=value, faces=())
            hit = self.made[key] = (value, made)
        return hit[1]

    def __call__(self, rolls: tuple) -> Any:
        rnd = self.rnd
        mode = rnd.npc_roll
        foes = rnd.foes
        if mode == "each":
            foes = tuple(self._with(1 + k, foe, rolls[1 + k][1]) for k, foe in enumerate(foes))
        elif mode == "d6":
            foes = tuple(self._with(1 + k, foe, rolls[1 + k][0], d6=True) for k, foe in enumerate(foes))
        played = replace(rnd, lone=self._with(0, rnd.lone, rolls[0][1]), foes=foes,
                         group_roll=rolls[1][1] if mode == "group" else None, group_faces=(), targets=())
        # The odds read the round's results, never its steps.
        out = multi.resolve_melee_group(played, rules=self.rules, explain=False, prefer=self.prefer)
        return out if self.hold_back is None else self.hold_back(out, played)


def _group_willpower(rules: RuleSet, lone: Fighter, names: list[str],
                     given: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """F95 4.52 no. 4 in a group round: each fighter's declared Willpower result, the lone
    fighter's as one per possible wound. Refused (RuleError) when the rule is on and one is
    missing, or when it is off and some are given."""
    given = dict(given or {})
    if not wounds.willpower_in_use(rules):
        if given:
            raise RuleError("Willpower rolls against wounds are off in this ruleset (F95 4.52).",
                            field="willpower")
        return None
    for name in [lone.name, *names]:
        if given.get(name) is None:
            raise RuleError(f"Willpower rolls against wounds are on (F95 4.52): the odds need {name}'s "
                            f"Willpower result, declared as willpower.{name}.", field=f"willpower.{name}")
    unknown = sorted(set(given) - {lone.name, *names})
    if unknown:
        raise FudgeError(f"{unknown[0]!r} is not in this round.", field=f"willpower.{unknown[0]}")
    mine = given[lone.name]
    if not isinstance(mine, (list, tuple)):
        given[lone.name] = [mine] * len(names)
    return given


_GROUP_REQUEST_FIELDS = ("round", "lone", "foes", "prefer", "willpower")


def _undiced(rnd: Any) -> Any:
    """The round with its dice and targets set to placeholders: the odds weigh every roll."""
    d6 = (3,) if rnd.npc_roll == "d6" else ()
    return replace(
        rnd, lone=replace(rnd.lone, roll=0, faces=()),
        foes=tuple(replace(f, roll=None, faces=(), d6=d6) for f in rnd.foes),
        group_roll=0 if rnd.npc_roll == "group" else None, group_faces=(), targets=(),
    )


@dataclass(frozen=True)
class GroupOddsRequest:
    """A group round to weigh: the round as declared (:class:`~pyfudge.combat.multi.GroupRound`;
    its dice and targets are not used and are kept as placeholders), the fighters' records and the
    lone fighter's order of preference among the foes he may wound. ``willpower``: each
    fighter's declared Willpower result by name, when ``wounds.willpower`` is on (F95 4.52; the
    lone fighter's may be a list, one per wound)."""

    round: Any
    lone: Fighter
    foes: tuple[Fighter, ...]
    prefer: tuple[str, ...] = ()
    willpower: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "round", _undiced(self.round))
        object.__setattr__(self, "foes", tuple(self.foes))
        object.__setattr__(self, "prefer", tuple(self.prefer))
        will = self.willpower.items() if isinstance(self.willpower, Mapping) else self.willpower
        object.__setattr__(self, "willpower", tuple(
            (name, tuple(v) if isinstance(v, (list, tuple)) else v) for name, v in will))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"round": GroupRound.to_dict() without dice or targets, "lone": Fighter,
        "foes": [Fighter], "prefer": [names]}``."""
        rnd = self.round.to_dict()
        rnd["lone"].pop("roll", None)
        for foe in rnd["foes"]:
            foe.pop("d6", None)
        rnd.pop("group_roll", None)
        rnd.pop("targets", None)
        return {"round": rnd, "lone": self.lone.to_dict(), "foes": [f.to_dict() for f in self.foes],
                "prefer": list(self.prefer),
                "willpower": {n: list(v) if isinstance(v, tuple) else v for n, v in self.willpower}}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "group_odds") -> GroupOddsRequest:
        """Read a request from JSON, every part validated; dice and targets are refused."""
        if not isinstance(data, dict):
            raise FudgeError(f"{field} must be an object with a round, a lone fighter and foes.", field=field)
        extra = sorted(set(data) - set(_GROUP_REQUEST_FIELDS))
        if extra:
            raise FudgeError(f"{field}: unknown field {extra[0]!r}.", field=f"{field}.{extra[0]}")
        for key in ("round", "lone", "foes"):
            if key not in data:
                raise FudgeError(f"{field} needs {key}.", field=f"{field}.{key}")
        raw = data["round"]
        if not isinstance(raw, dict) or not isinstance(raw.get("lone"), dict) or not isinstance(raw.get("foes"), list):
            raise FudgeError(f"{field}.round must be an object with lone and foes.", field=f"{field}.round")
        where = f"{field}.round"
        dice_keys = ("roll", "faces", "d6")
        for key in dice_keys:
            if key in raw["lone"]:
                raise FudgeError("The odds weigh every roll: leave the dice out.", field=f"{where}.lone.{key}")
        for i, foe in enumerate(raw["foes"]):
            for key in dice_keys:
                if isinstance(foe, dict) and key in foe:
                    raise FudgeError("The odds weigh every roll: leave the dice out.", field=f"{where}.foes[{i}].{key}")
        for key in ("group_roll", "targets"):
            if key in raw:
                raise FudgeError(f"The odds choose no {key.replace('_', ' ')}: leave it out.", field=f"{where}.{key}")
        mode = raw.get("npc_roll", "each")
        filled = {**raw, "lone": {**raw["lone"], "roll": 0}}
        if mode == "group":
            filled["group_roll"] = {"roll": 0}
        if mode == "d6":
            filled["foes"] = [{**f, "d6": [3]} if isinstance(f, dict) else f for f in raw["foes"]]
        rnd = multi.GroupRound.from_dict(filled, field=where)
        foes = data["foes"]
        if not isinstance(foes, list):
            raise FudgeError(f"{field}.foes must be a list of fighters.", field=f"{field}.foes")
        prefer = data.get("prefer", [])
        if not isinstance(prefer, list) or not all(isinstance(n, str) for n in prefer):
            raise FudgeError(f"{field}.prefer must list foe names.", field=f"{field}.prefer")
        return cls(rnd, Fighter.from_dict(data["lone"], field=f"{field}.lone"),
                   tuple(Fighter.from_dict(f, field=f"{field}.foes[{i}]") for i, f in enumerate(foes)),
                   tuple(prefer), read_willpower(data.get("willpower"), f"{field}.willpower"))

    def odds(self, rules: RuleSet, *, sample: bool | int = False) -> GroupOdds:
        """The exact odds of this group round under ``rules`` (sampled when too dear, as ``sample``
        says: :func:`group_odds`)."""
        return group_odds(self.round, lone=self.lone, foes=self.foes, rules=rules, prefer=self.prefer,
                          willpower=dict(self.willpower), sample=sample)


class _GroupTally:
    """Adds up group-round leaves into :class:`GroupOdds`."""

    def __init__(self, lone: str, names: list[str], rules: RuleSet) -> None:
        self.lone, self.names, self.rules = lone, names, rules
        self.hits: dict[int, int] = {}
        self.lone_after: dict[int, int] = {}
        self.strikes = 0
        self.per: dict[str, dict[str, Any]] = {
            n: {"hits": 0, "to": {}, "stuns_to": {}, "struck": 0, "from": {}, "stuns_from": {}, "after": {}}
            for n in names}

    def visit(self, leaf: tuple[Any, Any], w: int) -> None:
        _, landed = leaf
        on_lone = [b for b in landed.blows if b.defender == self.lone]
        self.hits[len(on_lone)] = self.hits.get(len(on_lone), 0) + w
        lv = landed.lone.current_level(self.rules)
        self.lone_after[lv] = self.lone_after.get(lv, 0) + w
        if any(b.attacker == self.lone for b in landed.blows):
            self.strikes += w
        for b in landed.blows:
            foe = self.per[b.attacker if b.defender == self.lone else b.defender]
            # A stunning blow's level is a stun, not a wound (F95 4.62): counted apart.
            stun, level = blow_row(b)
            if b.defender == self.lone:
                foe["hits"] += w
                levels = foe["stuns_to" if stun else "to"]
            else:
                foe["struck"] += w
                levels = foe["stuns_from" if stun else "from"]
            levels[level] = levels.get(level, 0) + w
        for f in landed.foes:
            d = self.per[f.name]["after"]
            lv = f.current_level(self.rules)
            d[lv] = d.get(lv, 0) + w

    def odds(self, whole: int, classes: int, runs: int, prefer: tuple[str, ...],
             steps: tuple[Step, ...]) -> GroupOdds:
        levels = range(len(wounds.LEVEL_NAMES))

        def ordered(d: dict, order: Iterable) -> tuple:
            return tuple((k, Fraction(d[k], whole)) for k in order if k in d)

        foes = tuple(
            FoeOdds(n, Fraction(p["hits"], whole), ordered(p["to"], levels), Fraction(p["struck"], whole),
                    ordered(p["from"], levels), ordered(p["after"], levels), ordered(p["stuns_to"], levels),
                    ordered(p["stuns_from"], levels))
            for n, p in self.per.items()
        )
        return GroupOdds(self.lone, ordered(self.hits, range(len(self.names) + 1)),
                         ordered(self.lone_after, levels), Fraction(self.strikes, whole), foes, prefer,
                         classes, runs, steps)
