"""The attack pipeline: declarations and dice in, who hit whom and every wound out.

One call resolves one exchange between two fighters:

- :func:`resolve_exchange` — a simultaneous round (F95 4.22, MUD 4.22, F93 4.62), with or without
  offensive/defensive stances (F95 4.32, MUD 4.32, F93 4.63; both fighters may be hurt);
- :func:`resolve_attack` — one attack of alternating turns (F95 4.23): offence against defence;
- :func:`resolve_initiative` — who attacks first in alternating turns (F95 4.23);
- :func:`strike` — the damage, guards and wound of one blow that landed; :mod:`combat.multi`,
  :mod:`combat.ranged` and :mod:`combat.location` call it for their own hits, through
  :func:`strike_or_block` when the defender may make a CO 2.2 shield check first.

Inside :func:`remembering_blows` (which :mod:`pyfudge.odds` opens around its hundreds of runs)
the parts of an exchange that read no dice, and each distinct blow, are figured once.

Each fighter's modifiers are gathered from the fighters and their declarations (wound penalty
from his track, the foe's shield, weapon size, position, blessing, all-out or stance, aimed
blow, "plus" level, stun…), each a :class:`~pyfudge.actions.Modifier` with its source and
section; dice are given, never rolled. The damage comes from :func:`pyfudge.damage.
resolve_damage`, the guards (pulled punch, stun, PC death, Fudge/Meta Points, Willpower) and the
box marked from :mod:`pyfudge.wounds`. The outcome carries every step with its section and the
fighters as they leave the exchange.

Rules wired in when their options are on (each needs its input, else a named error):

- hit location (``location.system``, F95 4.35 / MUD 4.35): a declared ``aim`` becomes a called
  shot that lands on the part, elsewhere, or (MUD) misses; :func:`round_modifiers` for a group
  round's rolls;
- CO 2 shield checks (``co.shield``): a shieldman who loses rolls ``FighterDice.shield``; a
  block goes to ``ExchangeOutcome.blocks`` and wears his ``Fighter.shield_state`` (CO 2.3);
- CO 3 alternate track (``co.track``): the damage points fill it;
- CO 4 damage checks (``co.damage_check``): the wounded fighter rolls ``FighterDice.check``;
- F95 4.52 Willpower (``wounds.willpower``): ``Declaration.willpower`` adjusts the wound;
- F95 4.62 head blows (``wounds.head_knockout``): a Good blow aimed at the head knocks out.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .. import damage, dice, ladder, wounds
from ..actions import Modifier
from ..checks import REQUEST as check
from ..damage import DamageOutcome, Factors
from ..dice import Roll
from ..errors import DiceError, FudgeError, RequestError, RuleError
from ..explain import Step
from ..options import Option
from . import location, melee
from . import shield as shields
from .fighter import Fighter
from .melee import Side, Verdict
from .stances import NORMAL, Stance, check_allowed

if TYPE_CHECKING:  # pragma: no cover
    from ..rulesets import RuleSet

OPTIONS: tuple[Option, ...] = (
    # F95 4.36: "If someone has a Power that speeds him up ... attack every other round as if his
    # opponent wasn't aware of the attack". Not used in Mudge (MUD 4.36); not in F93.
    Option(
        "melee.speed_power", "Speed Power strikes unopposed every other round", "F95 4.36", "bool",
        {"fudge1995": True, "mudge": False, "fudge1993": False},
        help="A fighter with a speed Power hits on an unopposed Poor every second round, "
        "and cannot be hit back that round.",
        group="Melee",
    ),
)

ALL_OUT = ("none", "offense", "defense")
CRITICAL_TOTAL = 4  # CO 4.3: "critical success (+4 on 4dF)"; the 2d6 ways also top out at +4


# --- input: declarations and dice -----------------------------------------------------------

def _opt_name(value: Any, where: str) -> str | None:
    return None if value is None else check.name(value, where)


def _mods(value: Any, where: str) -> tuple[Modifier, ...]:
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)) or len(value) > 20:
        raise RequestError(f"{where} must be a list of at most 20 modifiers.", field=where)
    out = []
    for i, m in enumerate(value):
        out.append(m if isinstance(m, Modifier) else Modifier.from_dict(m, field=f"{where}[{i}]"))
    return tuple(out)


_DECL_FIELDS = (
    "all_out", "stance", "defend_only", "unaware", "stunned", "stun", "max_level", "aim",
    "aim_minimum", "min_to_hit", "position", "blessing", "modifiers", "defence_modifiers",
    "damage_modifiers", "no_defence", "hasty", "scouting", "points", "skill", "defence_skill",
    "aim_relative", "willpower", "capacity_roll", "location_check",
)


@dataclass(frozen=True)
class Declaration:
    """What a fighter declares before the dice (all optional).

    ``all_out``: ``"offense"``/``"defense"`` (F95 4.31); ``stance`` (F95 4.32); ``defend_only``:
    he only defends, so cannot hurt his foe (F95 4.22); ``unaware``: he cannot fight this round,
    his foe rolls unopposed (F95 4.22); ``stunned``: the stun status that hampers him this round
    (``wounds.STUNNED``/``VERY_STUNNED``, F95 4.62 — the encounter knows how long it lasts);
    ``stun``: he strikes to stun (F95 4.62); ``max_level``: a pulled punch, the most he will do
    (F95 4.62); ``aim``: the body part aimed at (passed on for hit location) and ``aim_minimum``
    the result the GM requires to hit it (F95 4.31: Good or Great, with −1 to skill);
    ``min_to_hit``: the GM's minimum result to hit this foe (F95 4.22 guidance); ``position``
    (−2…0) and ``blessing`` (−3…+3) (F95 4.31); ``modifiers``: any other, to his skill;
    ``defence_modifiers``: to his defence only (e.g. −2 after an all-out attack, F95 4.23);
    ``damage_modifiers``: to his blow's damage (e.g. a sweeping blow); ``no_defence``: he cannot
    defend this turn (F95 4.23 "no defense at all"); ``hasty``: a hasty attack (F95 4.23);
    ``scouting``: with all-out defence, he made his Perception or Tactics roll (F95 4.31);
    ``points``: Fudge (MUD: Meta) Points he spends to lower the wound he takes (F95/MUD 4.64);
    ``skill``/``defence_skill``: which of his skills he attacks or defends with.
    ``aim_relative``: for a called shot (``location.system``), the relative degree needed to hit
    ``aim`` — the GM's number under F95 4.35, an override of the table's under MUD 4.35 (where
    ``aim_minimum`` overrides the table's minimum rolled degree). ``willpower``: his Willpower
    roll's result, which adjusts a wound he takes when ``wounds.willpower`` is on (F95 4.52 no. 4).
    ``capacity_roll``: his Damage Capacity roll's result, which adjusts a wound of Hurt or worse
    when ``damage.capacity`` is ``roll`` (F95 4.52 no. 1). ``location_check``: his Willpower/
    Constitution check's result (the lower of the two, plus the dice) after a called shot hits one
    of his body parts under MUD 4.35's table; with ``location.table_wound`` it sets his wound.
    """

    all_out: str = "none"
    stance: Stance = NORMAL
    defend_only: bool = False
    unaware: bool = False
    stunned: int = 0
    stun: bool = False
    max_level: int | None = None
    aim: str | None = None
    aim_minimum: int | None = None
    min_to_hit: int | None = None
    position: int = 0
    blessing: int = 0
    modifiers: tuple[Modifier, ...] = ()
    defence_modifiers: tuple[Modifier, ...] = ()
    damage_modifiers: tuple[Modifier, ...] = ()
    no_defence: bool = False
    hasty: bool = False
    scouting: bool = False
    points: int = 0
    skill: str | None = None
    defence_skill: str | None = None
    aim_relative: int | None = None
    willpower: int | None = None
    capacity_roll: int | None = None
    location_check: int | None = None

    def __post_init__(self) -> None:
        Declaration.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field by name; the stance as its key, modifiers as dicts."""
        return {
            "all_out": self.all_out, "stance": self.stance.to_dict(), "defend_only": self.defend_only,
            "unaware": self.unaware, "stunned": self.stunned, "stun": self.stun,
            "max_level": self.max_level, "aim": self.aim, "aim_minimum": self.aim_minimum,
            "min_to_hit": self.min_to_hit, "position": self.position, "blessing": self.blessing,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "defence_modifiers": [m.to_dict() for m in self.defence_modifiers],
            "damage_modifiers": [m.to_dict() for m in self.damage_modifiers],
            "no_defence": self.no_defence, "hasty": self.hasty, "scouting": self.scouting,
            "points": self.points, "skill": self.skill, "defence_skill": self.defence_skill,
            "aim_relative": self.aim_relative, "willpower": self.willpower,
            "capacity_roll": self.capacity_roll, "location_check": self.location_check,
        }

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "declares") -> Declaration:
        """Read a declaration from JSON; every field optional and validated, unknown ones refused."""
        if data is None:
            data = {}
        check.obj(data, field, _DECL_FIELDS, at_key=True)
        f = field
        all_out = data.get("all_out", "none")
        if all_out not in ALL_OUT:
            raise RequestError(f"{f}.all_out must be none, offense or defense, not {all_out!r}.", field=f"{f}.all_out")
        stance = data.get("stance", "normal")
        stance = stance if isinstance(stance, Stance) else Stance.from_dict(stance, field=f"{f}.stance")

        def level(key: str, low: int = -ladder.LIMIT, high: int = ladder.LIMIT) -> int | None:
            value = data.get(key)
            if value is None:
                return None
            return ladder.check_level(ladder.parse(value, field=f"{f}.{key}"), field=f"{f}.{key}", low=low, high=high)

        max_level = data.get("max_level")
        if max_level is not None:
            max_level = wounds.check_wound_level(max_level, field=f"{f}.max_level", low=wounds.SCRATCH)
        values = dict(
            all_out=all_out,
            stance=stance,
            defend_only=check.flag(data.get("defend_only", False), f"{f}.defend_only"),
            unaware=check.flag(data.get("unaware", False), f"{f}.unaware"),
            stunned=check.whole(data.get("stunned", 0), f"{f}.stunned", wounds.NO_STUN, wounds.KNOCKED_OUT),
            stun=check.flag(data.get("stun", False), f"{f}.stun"),
            max_level=max_level,
            aim=_opt_name(data.get("aim"), f"{f}.aim"),
            aim_minimum=level("aim_minimum"),
            min_to_hit=level("min_to_hit"),
            position=check.whole(data.get("position", 0), f"{f}.position", -2, 0),
            blessing=check.whole(data.get("blessing", 0), f"{f}.blessing", -3, 3),
            modifiers=_mods(data.get("modifiers"), f"{f}.modifiers"),
            defence_modifiers=_mods(data.get("defence_modifiers"), f"{f}.defence_modifiers"),
            damage_modifiers=_mods(data.get("damage_modifiers"), f"{f}.damage_modifiers"),
            no_defence=check.flag(data.get("no_defence", False), f"{f}.no_defence"),
            hasty=check.flag(data.get("hasty", False), f"{f}.hasty"),
            scouting=check.flag(data.get("scouting", False), f"{f}.scouting"),
            points=check.whole(data.get("points", 0), f"{f}.points", 0, 3),
            skill=_opt_name(data.get("skill"), f"{f}.skill"),
            defence_skill=_opt_name(data.get("defence_skill"), f"{f}.defence_skill"),
            aim_relative=None if data.get("aim_relative") is None else check.whole(
                data["aim_relative"], f"{f}.aim_relative", 1, 10),
            willpower=level("willpower"),
            capacity_roll=level("capacity_roll"),
            location_check=level("location_check"),
        )
        for key in ("aim_minimum", "aim_relative"):
            if values[key] is not None and values["aim"] is None:
                raise RequestError(f"{f}.{key} needs the part aimed at ({f}.aim).", field=f"{f}.aim")
        if values["scouting"] and all_out != "defense":
            raise RuleError("Scouting the ground needs an all-out defence (F95 4.31).", field=f"{f}.scouting")
        obj = object.__new__(cls)
        for key, value in values.items():
            object.__setattr__(obj, key, value)
        return obj


NO_DECLARATION = Declaration()


@dataclass(frozen=True)
class FighterDice:
    """The dice one fighter brings to an exchange.

    ``roll``: his combat roll (read with the ruleset's ``dice.technique``); None when he does not
    roll (unaware, or an NPC fixed at her trait level). ``damage``: his damage dice faces for a
    blow he lands (1dF or 4dF as ``damage.die`` asks, 3d6 for Min-Mid-Max). Under Mudge the
    odd-coloured die is the last of the four combat dice (MUD 4.61) unless ``damage`` gives it.
    ``check``: the 4dF faces of his damage check if he is wounded (CO 4.3, ``co.damage_check``).
    ``shield``: his shield check roll if he loses the action (CO 2.2, ``co.shield``), read with
    the ruleset's technique like ``roll``. Both are read only when the rule calls for them.
    ``graze``: his damage die faces for a graze, when a graze reads other dice than a hit: under
    Min-Mid-Max a hit reads 3d6 while "the graze rules are used unchanged" (F95 4.63), with the
    graze die of F95 4.56 (``damage.graze_die``); without it a graze reads ``damage``.
    ``speed``: his roll against his Speed trait for F95 4.36's Speed contest (``melee.speed_contest``),
    read like ``roll``; given by both fighters of an exchange, or by neither (:func:`_speed_contest`).
    """

    roll: Roll | None = None
    damage: tuple[int, ...] | None = None
    check: tuple[int, ...] | None = None
    shield: Roll | None = None
    graze: tuple[int, ...] | None = None
    speed: Roll | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"roll": Roll.to_dict() or null, "damage": [faces] or null,
        "check": [4 faces] or null, "shield": Roll.to_dict() or null}``, and ``"graze": [faces]``
        when given."""
        out = {"roll": None if self.roll is None else self.roll.to_dict(),
               "damage": None if self.damage is None else list(self.damage),
               "check": None if self.check is None else list(self.check),
               "shield": None if self.shield is None else self.shield.to_dict()}
        if self.speed is not None:
            out["speed"] = self.speed.to_dict()
        return out if self.graze is None else {**out, "graze": list(self.graze)}

    @classmethod
    def from_dict(cls, data: Any, *, rules: RuleSet, field: str = "dice", speed: bool = False) -> FighterDice:
        """Read dice from JSON. ``roll``, ``shield`` and ``speed`` are ``{"faces": […]}`` or
        ``{"total": n}`` in the ruleset's technique (``shield`` may also be a bare list of faces),
        or a full roll with ``"dice"``; ``damage`` a list of faces; ``check`` the four Fudge dice
        faces; ``graze`` one to four Fudge dice faces. ``speed`` is read only where ``speed`` says
        an exchange reads it (F95 4.36); elsewhere it is refused."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise DiceError(f"{field} must be an object with a roll.", field=field)
        extra = set(data) - {"roll", "damage", "check", "shield", "graze"} - ({"speed"} if speed else set())
        if extra:
            raise DiceError(f"{field}: unknown field {sorted(extra)[0]!r}.", field=f"{field}.{sorted(extra)[0]}")
        roll = _read_roll(data.get("roll"), rules, f"{field}.roll")
        raw_shield = data.get("shield")
        if isinstance(raw_shield, (list, tuple)):
            raw_shield = {"faces": list(raw_shield)}
        shield = _read_roll(raw_shield, rules, f"{field}.shield")
        dmg = data.get("damage")
        if dmg is not None:
            if isinstance(dmg, (str, bytes)) or not isinstance(dmg, (list, tuple)) or not 1 <= len(dmg) <= 4:
                raise DiceError(f"{field}.damage must list 1 to 4 dice faces.", field=f"{field}.damage")
            for i, face in enumerate(dmg):
                if isinstance(face, bool) or not isinstance(face, int) or not -1 <= face <= 6:
                    raise DiceError(f"{field}.damage[{i}] is not a die face: {face!r}.", field=f"{field}.damage[{i}]")
            dmg = tuple(dmg)
        check = data.get("check")
        if check is not None:
            # CO 4.3: "critical success (+4 on 4dF)": the damage check is a 4dF roll.
            check = dice.check_fudge_faces(check, 4, field=f"{field}.check")
        graze = data.get("graze")
        if graze is not None:
            if isinstance(graze, (str, bytes)) or not isinstance(graze, (list, tuple)) or not 1 <= len(graze) <= 4:
                raise DiceError(f"{field}.graze must list 1 to 4 Fudge dice faces.", field=f"{field}.graze")
            graze = dice.check_fudge_faces(graze, len(graze), field=f"{field}.graze")
        return cls(roll, dmg, check, shield, graze, _read_roll(data.get("speed"), rules, f"{field}.speed"))


def _read_roll(raw: Any, rules: RuleSet, where: str) -> Roll | None:
    """A roll in the ruleset's technique from ``{"faces"}``/``{"total"}`` or a full roll dict."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise DiceError(f"{where} must be an object with faces or a total.", field=where)
    if "dice" in raw:
        return Roll.from_dict(raw, field=where)
    extra = set(raw) - {"faces", "total", "entered"}
    if extra:
        raise DiceError(f"{where}: unknown field {sorted(extra)[0]!r}.", field=where)
    return dice.read_action(rules=rules, faces=raw.get("faces"), total=raw.get("total"),
                            entered=raw.get("entered", True), field=where)


def fudge_dice(faces: Any, damage: Any = None) -> FighterDice:
    """Shorthand for code and tests: 4dF combat faces and optional damage faces."""
    return FighterDice(dice.fudge(faces, entered=True), None if damage is None else tuple(damage))


# --- output ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class SideReport:
    """One fighter's side of an exchange: his skill, its modifiers, his dice and results.

    ``offence``/``defence`` are his rolled degrees for attacking and defending (equal without a
    stance); ``rolled`` is False when he did not roll (unaware, or an NPC at her trait level:
    ``fixed``); ``critical`` marks a +4 roll.
    """

    name: str
    skill: str
    level: int
    modifiers: tuple[Modifier, ...]
    defence_level: int
    defence_modifiers: tuple[Modifier, ...]
    roll: Roll | None
    dice_total: int
    offence: int | None
    defence: int | None
    active: bool
    fixed: bool
    critical: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field; results also as ladder names."""
        return {
            "name": self.name, "skill": self.skill, "level": self.level,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "defence_level": self.defence_level,
            "defence_modifiers": [m.to_dict() for m in self.defence_modifiers],
            "roll": None if self.roll is None else self.roll.to_dict(),
            "dice_total": self.dice_total,
            "offence": self.offence, "offence_name": None if self.offence is None else ladder.name(self.offence),
            "defence": self.defence, "defence_name": None if self.defence is None else ladder.name(self.defence),
            "active": self.active, "fixed": self.fixed, "critical": self.critical,
        }


@dataclass(frozen=True)
class Contest:
    """One comparison of an exchange: ``attacker``'s blow at ``defender``.

    ``result`` is ``"stand-off"`` (relative degree 0), ``"miss"`` (lost, or won without reaching
    the minimum or without the right to harm, or a called shot that missed by more than 1, MUD
    4.35), ``"blocked"`` (the blow struck the shield, CO 2.2), ``"graze"`` or ``"hit"``.
    """

    attacker: str
    defender: str
    relative_degree: int
    minimum: int
    result: str
    tie_won: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field by name."""
        return {"attacker": self.attacker, "defender": self.defender,
                "relative_degree": self.relative_degree, "minimum": self.minimum,
                "minimum_name": ladder.name(self.minimum), "result": self.result, "tie_won": self.tie_won}


@dataclass(frozen=True)
class Guard:
    """One guard a wound passed through: ``name`` (``"pulled punch"``, ``"PC death"``, ``"points"``),
    the wound level ``before`` and ``after`` it."""

    name: str
    before: int
    after: int

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"name", "before", "after"}`` plus the levels' names."""
        return {"name": self.name, "before": self.before, "after": self.after,
                "before_name": wounds.LEVEL_NAMES[self.before], "after_name": wounds.LEVEL_NAMES[self.after]}


@dataclass(frozen=True)
class Blow:
    """One blow that landed and what it did.

    ``odf``/``ddf``: the damage factors; ``damage``: the damage outcome (number, level, graze,
    damage-die effect, graze cap); ``level``: the wound after every guard; ``guards``: the level
    before and after each guard (pulled punch, PC death, Fudge/Meta Points, Willpower);
    ``stun``: a stunning blow (recorded as a stun); ``record``: the box marked (CO 3: the damage
    points filled); ``location``: the body part aimed at, if any, and ``on_target`` whether it was
    hit there (F95 4.31, 4.35; MUD 4.35); ``called``: the called shot's outcome under a hit-location
    system (MUD 4.35: the part's state and the table's effect, for the GM's check);
    ``damage_check``: the defender's damage check after the wound (CO 4.3); ``head_blow``: an
    automatic knockout check for a blow to the head (F95 4.62); ``location_check``: the defender's
    Willpower/Constitution check after a part was hit under MUD 4.35's table (and with
    ``location.table_wound`` the wound it set).
    """

    attacker: str
    defender: str
    relative_degree: int
    odf: Factors
    ddf: Factors
    damage: DamageOutcome
    level: int
    stun: bool
    points_spent: int
    record: wounds.RecordOutcome
    location: str | None = None
    on_target: bool | None = None
    guards: tuple[Guard, ...] = ()
    steps: tuple[Step, ...] = field(default=(), compare=False)
    called: location.LocationOutcome | None = None
    damage_check: wounds.DamageCheckOutcome | None = None
    head_blow: wounds.RecordOutcome | None = None
    location_check: location.CheckOutcome | None = None

    @property
    def graze(self) -> bool:
        """Was this a graze (relative degree +1)?"""
        return self.damage.graze

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field; nested outcomes as their dicts."""
        return {
            "attacker": self.attacker, "defender": self.defender,
            "relative_degree": self.relative_degree, "odf": self.odf.to_dict(), "ddf": self.ddf.to_dict(),
            "damage": self.damage.to_dict(), "level": self.level,
            "level_name": wounds.LEVEL_NAMES[self.level], "graze": self.graze, "stun": self.stun,
            "points_spent": self.points_spent, "record": self.record.to_dict(),
            "location": self.location, "on_target": self.on_target,
            "guards": [g.to_dict() for g in self.guards],
            "steps": [s.to_dict() for s in self.steps],
            "called": None if self.called is None else self.called.to_dict(),
            "damage_check": None if self.damage_check is None else self.damage_check.to_dict(),
            "head_blow": None if self.head_blow is None else self.head_blow.to_dict(),
            "location_check": None if self.location_check is None else self.location_check.to_dict(),
        }


@dataclass(frozen=True)
class Block:
    """A blow that struck the shield instead of the fighter (CO 2.2): the shield check and, with
    ``co.shield_damage``, the wear the shield took (CO 2.3)."""

    attacker: str
    defender: str
    check: shields.ShieldOutcome
    wear: shields.AbsorbOutcome | None = None
    steps: tuple[Step, ...] = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"attacker", "defender", "check", "wear" (or null), "steps"}``."""
        return {"attacker": self.attacker, "defender": self.defender, "check": self.check.to_dict(),
                "wear": None if self.wear is None else self.wear.to_dict(),
                "steps": [s.to_dict() for s in self.steps]}


@dataclass(frozen=True)
class Carry:
    """A modifier an exchange leaves for the next one (F95 4.31 scouting, F95 4.23 all-out).

    ``to`` names the fighter; ``scope`` is ``"all"`` or ``"defence"``; ``no_defence`` means he
    cannot defend at all on his opponent's next turn.
    """

    to: str
    modifier: Modifier | None
    scope: str = "all"
    no_defence: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"to", "modifier" (or null), "scope", "no_defence"}``."""
        return {"to": self.to, "modifier": None if self.modifier is None else self.modifier.to_dict(),
                "scope": self.scope, "no_defence": self.no_defence}


@dataclass(frozen=True)
class ExchangeOutcome:
    """Everything one exchange did.

    ``kind``: ``"round"`` (simultaneous), ``"stances"`` (simultaneous with stances) or
    ``"attack"`` (one alternating attack). ``sides``: both fighters' skills, modifiers, dice and
    results. ``contests``: each comparison (one for a plain round or an attack, two with
    stances). ``blows``: the blows that landed, in order. ``fighters``: both fighters after the
    exchange (new wound tracks, Fudge Points spent, shields worn). ``carry``: modifiers for the
    next round. ``blocks``: blows a shield absorbed (CO 2.2).
    """

    kind: str
    round: int
    sides: tuple[SideReport, SideReport]
    contests: tuple[Contest, ...]
    blows: tuple[Blow, ...]
    fighters: tuple[Fighter, Fighter]
    carry: tuple[Carry, ...] = ()
    steps: tuple[Step, ...] = field(default=(), compare=False)
    blocks: tuple[Block, ...] = ()

    @property
    def result(self) -> str:
        """The exchange in a word: the worst that happened (hit > graze > blocked > miss >
        stand-off; "blocked": the blow struck a shield, CO 2.2)."""
        order = ("stand-off", "miss", "blocked", "graze", "hit")
        return max((c.result for c in self.contests), key=order.index, default="stand-off")

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field plus ``result``; fighters as ``Fighter.to_dict()``."""
        return {
            "kind": self.kind, "round": self.round, "result": self.result,
            "sides": [s.to_dict() for s in self.sides],
            "contests": [c.to_dict() for c in self.contests],
            "blows": [b.to_dict() for b in self.blows],
            "fighters": [f.to_dict() for f in self.fighters],
            "carry": [c.to_dict() for c in self.carry],
            "blocks": [b.to_dict() for b in self.blocks],
            "steps": [s.to_dict() for s in self.steps],
        }


# --- gathering modifiers --------------------------------------------------------------------

@dataclass(frozen=True)
class _Mods:
    common: tuple[Modifier, ...]
    offence: tuple[Modifier, ...]
    defence: tuple[Modifier, ...]


def _add(out: list[Modifier], mod: Modifier | None) -> None:
    if mod is not None and mod.amount != 0:
        out.append(mod)


def _gather(me: Fighter, foe: Fighter | None, decl: Declaration, rules: RuleSet, round_number: int,
            *, disparity: Modifier | None, alternating: bool) -> _Mods:
    """Every modifier to one fighter's skill this exchange (F95 4.31, MUD 4.31, F93 4.62).

    ``foe`` None: the modifiers that do not depend on a particular foe (a group round)."""
    common: list[Modifier] = []
    offence: list[Modifier] = []
    defence: list[Modifier] = []
    pain = me.current_penalty(rules)
    _add(common, Modifier("wounds", pain, "F95 4.31") if pain else None)
    # F95 4.31: "Subtract the value of a shield from the opponent's weapon skill": in alternating
    # turns that is his attack; a simultaneous or stance roll is his one combat skill (MUD 4.7).
    # CO 2 (intro): with shield checks on, a shield does not make the foe miss ("not by causing
    # the opponent to miss ... a shieldman actively uses his shield to absorb blows"), so the
    # shield value is not subtracted as well. F93 4.62 has no shield modifier at all
    # (``melee.shield_skill``): there a shield counts only in the weapon size comparison.
    if foe is not None and rules["melee.shield_skill"] and not rules["co.shield"]:
        _add(offence if alternating else common, melee.shield_modifier(foe.shield))
    _add(common, disparity)
    _add(common, Modifier("position", decl.position, "F95 4.31") if decl.position else None)
    if decl.blessing:
        _add(common, Modifier("blessing" if decl.blessing > 0 else "curse", decl.blessing, "F95 4.31"))
    if alternating:
        # F95 4.31 / 4.23: all-out offence helps the attack, all-out defence the defence.
        if decl.all_out == "offense":
            _add(offence, melee.all_out_modifier("offense"))
        elif decl.all_out == "defense":
            _add(defence, melee.all_out_modifier("defense"))
    else:
        _add(common, melee.all_out_modifier(decl.all_out))
    off_mod, def_mod = decl.stance.modifiers()
    _add(offence, off_mod)
    _add(defence, def_mod)
    if _aimed_blow(decl, rules):
        # F95 4.31: aiming at a small part "also [has] a -1 to the trait level". Not under MUD's
        # table (MUD 4.31 item 5, 4.35: higher minimums and special effects, no −1).
        _add(offence, Modifier(f"aiming at the {decl.aim}", -1, "F95 4.31"))
    if me.has_plus(decl.skill):
        _add(common, melee.plus_level_modifier(round_number, rules=rules))
    if decl.hasty:
        _add(common, melee.hasty_modifiers()[1])
    if decl.stunned:
        eff = wounds.stun_effects(decl.stunned, rules=rules)
        if eff.penalty:
            target = defence if eff.applies_to == "defence" else common
            _add(target, Modifier(eff.name.lower(), eff.penalty, eff.section))
    common.extend(decl.modifiers)
    defence.extend(decl.defence_modifiers)
    return _Mods(tuple(common), tuple(offence), tuple(defence))


def round_modifiers(fighter: Fighter, declares: Declaration = NO_DECLARATION, *, rules: RuleSet,
                    round_number: int = 1) -> tuple[Modifier, ...]:
    """The modifiers to a fighter's one roll this round that need no particular foe: wounds,
    position, blessing, all-out, "plus" level, stun, declared extras (F95 4.31, 4.36, 4.62).

    For a group round (F95 4.34): put them in the lone fighter's (or a foe's)
    ``Contender.modifiers``; the multi-foe penalty is added by :mod:`pyfudge.combat.multi`. A
    foe's shield (F95 4.31) and weapon size disparity are per foe and are not included.
    """
    _check_declaration(fighter, declares, rules, "declares", alternating=False)
    mods = _gather(fighter, None, declares, rules, check.whole(round_number, "round", 1, 10_000),
                   disparity=None, alternating=False)
    return mods.common + mods.offence + mods.defence


def _aimed_blow(decl: Declaration, rules: RuleSet) -> bool:
    """F95 4.31 / F93 4.62's aimed blow: a part and a minimum result, with −1 to skill. Under
    MUD's hit-location table the minimum overrides the table's instead (MUD 4.35)."""
    return decl.aim is not None and decl.aim_minimum is not None and rules["location.system"] != "table"


def _called_shot(decl: Declaration, rules: RuleSet) -> location.CalledShot | None:
    """The called shot a declaration makes under the hit-location system in force, if any:
    MUD 4.35 for any aim; F95 4.35 when the GM gave the relative degree needed."""
    system = rules["location.system"]
    if decl.aim is None or system == "aimed_only":
        return None
    if system == "gm_minimum" and decl.aim_relative is None:
        return None  # a plain F95 4.31 aimed blow (aim_minimum) or just a part named
    return location.CalledShot(decl.aim, decl.aim_relative,
                               decl.aim_minimum if system == "table" else None)


def _total(mods: tuple[Modifier, ...]) -> int:
    return sum(m.amount for m in mods)


def _check_declaration(me: Fighter, decl: Declaration, rules: RuleSet, where: str,
                       *, alternating: bool) -> None:
    """Refuse what the rules do not allow this fighter to declare."""
    melee.check_all_out(decl.all_out, rules=rules, field=f"{where}.all_out")
    if decl.stance.offence and alternating:
        raise RuleError("Stances are used with simultaneous rounds (F95 4.32).", field=f"{where}.stance")
    check_allowed(decl.stance, rules=rules, defend_only=decl.defend_only,
                  stunned=decl.stunned != wounds.NO_STUN and rules["wounds.stun"] == "mudge",
                  field=f"{where}.stance")
    if decl.stunned:
        eff = wounds.stun_effects(decl.stunned, rules=rules)
        if decl.all_out != "none" and (decl.all_out == "offense" or "all-out" in eff.restriction
                                       or decl.stunned >= wounds.VERY_STUNNED):
            raise RuleError(f"A {eff.name.lower()} fighter cannot attack or all-out defend (F95 4.62).",
                            field=f"{where}.all_out")
    if decl.points > me.fudge_points:
        raise RuleError(f"{me.name} has only {me.fudge_points} point(s) to spend.", field=f"{where}.points")
    for name, key in (("skill", decl.skill), ("defence_skill", decl.defence_skill)):
        if key is not None:
            try:
                me.skill(key)
            except FudgeError as err:
                raise RequestError(err.message, field=f"{where}.{name}") from None
    system = rules["location.system"]
    if decl.aim_relative is not None and not location.called_shots(rules):
        raise RuleError("These rules have no called-shot system: an aimed blow needs only its minimum "
                        "result (F93 4.62).", field=f"{where}.aim_relative")
    if system == "gm_minimum" and decl.aim_relative is not None and decl.aim_minimum is not None:
        raise RuleError("Choose one: the aimed blow's minimum result (F95 4.31) or the called "
                        "shot's relative degree (F95 4.35).", field=f"{where}.aim_minimum")
    if system == "table" and decl.aim is not None:
        try:
            location.find_location(decl.aim, rules=rules)
        except FudgeError as err:
            raise RuleError(err.message, field=f"{where}.aim") from None
    if decl.capacity_roll is not None and not damage.capacity_roll_in_use(rules):
        raise RuleError("Damage Capacity rolls against wounds are off in this ruleset (F95 4.52).",
                        field=f"{where}.capacity_roll")
    if decl.location_check is not None and location.location_check_input(rules) is None:
        raise RuleError("A Willpower/Constitution check after a hit location belongs to MUD 4.35's hit "
                        "location table, which these rules do not use.", field=f"{where}.location_check")
    if decl.willpower is not None and not wounds.willpower_in_use(rules):
        raise RuleError("Willpower rolls against wounds are off in this ruleset (F95 4.52).",
                        field=f"{where}.willpower")
    if not alternating:
        # F95 4.23: a hasty attack trades skill for initiative; no defence follows an all-out
        # attack on the opponent's next turn. Both belong to alternating turns.
        if decl.hasty:
            raise RuleError("A hasty attack belongs to alternating turns (F95 4.23).", field=f"{where}.hasty")
        if decl.no_defence:
            raise RuleError("'No defence' belongs to alternating turns (F95 4.23).", field=f"{where}.no_defence")


def _stunned_cannot_attack(decl: Declaration, rules: RuleSet) -> bool:
    return bool(decl.stunned) and not wounds.stun_effects(decl.stunned, rules=rules).can_attack


# --- dice helpers ---------------------------------------------------------------------------

def _odd_die(d: FighterDice, rules: RuleSet) -> int | None:
    """MUD 4.61: the odd-coloured die — given as ``damage``, else the last of the four faces."""
    if d.damage is not None and len(d.damage) == 1:
        return d.damage[0]
    if d.roll is not None and d.roll.technique == dice.FOUR_DF and len(d.roll.faces) == 4:
        return d.roll.faces[-1]
    return None


def _damage_faces(d: FighterDice, rules: RuleSet, relative_degree: int) -> tuple[int, ...] | None:
    """The damage dice of this attacker for ``damage.resolve_damage``."""
    need = damage.dice_needed(rules, relative_degree=relative_degree)
    if d.graze is not None and relative_degree == 1 and damage.graze_dice(rules):
        return d.graze  # a graze that reads other dice than a hit (F95 4.63 with 4.56)
    if need["dice"] == "1dF" and rules["damage.die"] == "odd_die":
        odd = _odd_die(d, rules)
        return None if odd is None else (odd,)
    return d.damage


def _dice_total(d: FighterDice) -> int:
    return d.roll.total if d.roll is not None else 0


# --- one blow -------------------------------------------------------------------------------

# Blows already figured in this enumeration (see remembering_blows); None: no memo.
_BLOW_MEMO: contextvars.ContextVar[dict | None] = contextvars.ContextVar("pyfudge_blow_memo", default=None)


@contextmanager
def remembering_blows() -> Iterator[None]:
    """Within this block, :func:`strike` remembers each blow it figured and returns the same
    blow when called again with the same inputs (the same fighter, declaration and ruleset
    objects, and equal numbers and dice). :mod:`pyfudge.odds` runs the pipeline hundreds of times
    on the same two fighters, where most runs land one of a few blows; outside such a block
    nothing is remembered. The dice reach the memo's key as their values, so a traced die is
    read there whether or not the damage rules would have read it: the odds may then weigh
    finer classes of dice than needed, never coarser."""
    token = _BLOW_MEMO.set({})
    try:
        yield
    finally:
        _BLOW_MEMO.reset(token)


def _remember(objects: tuple, values: tuple, compute: Any) -> Any:
    """``compute()``, remembered inside :func:`remembering_blows` by the identity of ``objects``
    (kept alive by the memo, so no id is reused) and the value of ``values``. For the parts of
    an exchange that read no dice: checks, modifiers, minimums."""
    memo = _BLOW_MEMO.get()
    if memo is None:
        return compute()
    key = (tuple(map(id, objects)), values)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (compute(), objects)
    return hit[0]


def _plain(values: Any) -> tuple[int, ...] | None:
    return None if values is None else tuple(int(v) for v in values)


def strike(
    attacker: Fighter,
    defender: Fighter,
    *,
    relative_degree: int,
    rules: RuleSet,
    declares: Declaration = NO_DECLARATION,
    defender_declares: Declaration = NO_DECLARATION,
    damage_die: tuple[int, ...] | None = None,
    attack_roll: int | None = None,
    defense_roll: int | None = None,
    all_out_bonus: int = 0,
    extra_damage: tuple[Modifier, ...] = (),
    critical: bool = False,
    worst_at_round_start: int | None = None,
    tie_won: bool = False,
    on_target: bool | None = None,
    check_faces: tuple[int, ...] | None = None,
    check_field: str = "defender_dice.check",
    willpower_field: str = "defender_declares.willpower",
    called: location.LocationOutcome | None = None,
    foe_all_out: int = 0,
) -> tuple[Blow, Fighter]:
    """Damage, guards and wound of one blow that landed; returns the blow and the defender after.

    ``relative_degree`` ≥ 1 (a tie won by the odd-coloured die or by an all-out attacker's loss
    counts as +1, a graze: our reading, the narrowest win there is). ``all_out_bonus``: +1
    damage for an all-out attacker (F95 4.31); ``foe_all_out``: the +2 to damage a failed
    all-out attacker's foe gets (F95 4.31; on a graze as ``melee.all_out_foe_graze`` reads it);
    ``extra_damage``: other damage modifiers (a sweeping blow…). The wound is capped by a pulled
    punch (F95 4.62), recorded as a stun for a stunning attack (F95 4.62), else lowered by the
    PC-death guards and any points the defender declared (F95 4.64, MUD 4.64), adjusted by the
    defender's declared Willpower result (F95 4.52 no. 4, ``wounds.willpower``), then marked on
    his track (F95 4.57; CO 3: the damage points fill the alternate track). With
    ``co.damage_check`` the defender then rolls a damage check with ``check_faces`` (CO 4.3).
    ``check_field``/``willpower_field`` name the inputs at fault when the check's dice or the
    Willpower result are missing; ``called`` is the called shot's outcome, carried into the blow.
    """
    memo = _BLOW_MEMO.get()
    if memo is None:
        return _strike(attacker, defender, relative_degree, rules, declares, defender_declares, damage_die,
                       attack_roll, defense_roll, all_out_bonus, extra_damage, critical,
                       worst_at_round_start, tie_won, on_target, check_faces, check_field, willpower_field,
                       called, foe_all_out)
    # Objects by identity (the memo keeps them alive, so no id is reused), numbers by value.
    # The opposed rolls matter only to the even/odd damage rule (F95 4.61), a critical only to
    # F95 4.58's penetration (damage.critical_penetration, off in every preset).
    rolls = damage.dice_needed(rules, relative_degree=relative_degree)["rolls"]
    objects = (attacker, defender, rules, declares, defender_declares, called)
    key = (tuple(map(id, objects)), int(relative_degree), _plain(damage_die),
           (None if attack_roll is None else int(attack_roll), None if defense_roll is None else int(defense_roll))
           if rolls else None,
           int(all_out_bonus), tuple(extra_damage), bool(critical) and bool(rules["damage.critical_penetration"]),
           worst_at_round_start, bool(tie_won),
           on_target, _plain(check_faces), check_field, willpower_field, int(foe_all_out))
    hit = memo.get(key)
    if hit is None:
        hit = (_strike(attacker, defender, relative_degree, rules, declares, defender_declares, damage_die,
                       attack_roll, defense_roll, all_out_bonus, extra_damage, critical,
                       worst_at_round_start, tie_won, on_target, check_faces, check_field, willpower_field,
                       called, foe_all_out), objects)
        memo[key] = hit
    return hit[0]


def _strike(attacker: Fighter, defender: Fighter, relative_degree: int, rules: RuleSet,
            declares: Declaration, defender_declares: Declaration, damage_die: tuple[int, ...] | None,
            attack_roll: int | None, defense_roll: int | None, all_out_bonus: int,
            extra_damage: tuple[Modifier, ...], critical: bool, worst_at_round_start: int | None,
            tie_won: bool, on_target: bool | None, check_faces: tuple[int, ...] | None, check_field: str,
            willpower_field: str, called: location.LocationOutcome | None,
            foe_all_out: int = 0) -> tuple[Blow, Fighter]:
    """:func:`strike` itself, without the memo."""
    steps: list[Step] = []
    rd = relative_degree  # resolve_damage refuses anything below +1: only hits come here
    if tie_won:
        steps.append(Step("F95 4.56", "A tie won counts as the narrowest win: a graze, relative degree +1 "
                          "(our reading; the books give no degree for it).", {"relative_degree": 1}))
    extra = tuple(declares.damage_modifiers) + tuple(extra_damage)
    odf = _remember((attacker, rules), ("odf", all_out_bonus, extra, foe_all_out), lambda: damage.offensive_factors(
        rules=rules, strength=attacker.strength, strength_scale=attacker.strength_scale,
        weapon=attacker.weapon, all_out=all_out_bonus, extra=extra, foe_all_out=foe_all_out,
    ))
    ddf = _remember((defender, rules), ("ddf",), lambda: damage.defensive_factors(
        rules=rules, capacity=defender.damage_capacity, armor=defender.armor,
        mass_scale=defender.mass_scale, tough_hide=defender.tough_hide, resistant=defender.resistant,
    ))
    try:
        # F95 4.52 no. 1: the defender's Damage Capacity roll, declared like his Willpower.
        outcome = damage.resolve_damage(
            relative_degree=rd, odf=odf, ddf=ddf, rules=rules, damage_die=damage_die,
            attack_roll=attack_roll, defense_roll=defense_roll, critical=critical,
            capacity_roll=defender_declares.capacity_roll,
        )
    except FudgeError as err:
        if err.field == "capacity_roll":
            err.field = willpower_field.replace("willpower", "capacity_roll")
        raise
    steps.extend(outcome.steps)
    level = outcome.level
    loc_check = None
    if called is not None and called.landed == "aimed" and called.effect is not None:
        level, loc_check = _location_wound(level, called, defender, defender_declares, rules, steps,
                                           willpower_field.replace("willpower", "location_check"))
    track = defender.track_for(rules)
    start = track.worst if worst_at_round_start is None else worst_at_round_start
    guards: list[Guard] = []
    if declares.max_level is not None and level > wounds.UNDAMAGED:
        before = level
        level, cap_steps = wounds.cap_pulled(level, declares.max_level)
        steps.extend(cap_steps)
        guards.append(Guard("pulled punch", before, level))
    spent = 0
    check = None
    if declares.stun:
        record = wounds.record_stun(track, level, rules=rules)
    else:
        points = defender_declares.points if level > wounds.UNDAMAGED else 0
        if defender_declares.points and not points:
            steps.append(Step("F95 4.64", "No wound: no points spent.", {}))
        before = level
        if points:
            # Guards first, then the points: learn the guarded level without spending.
            plain = wounds.guard_wound(level, track=track, rules=rules, role=defender.role,
                                       worst_at_round_start=start)
            if plain.level != before:
                guards.append(Guard("PC death", before, plain.level))
            before = plain.level
        guard = wounds.guard_wound(level, track=track, rules=rules, role=defender.role,
                                   worst_at_round_start=start, points_spent=points)
        steps.extend(guard.steps)
        level, spent = guard.level, guard.points_spent
        if points:
            guards.append(Guard("points", before, level))
        elif level != before:
            guards.append(Guard("PC death", before, level))
        true_level = None
        if wounds.willpower_in_use(rules) and level > wounds.UNDAMAGED:
            level, true_level = _willpower(level, defender, defender_declares, track, start, rules,
                                           guards, steps, willpower_field)
        co_points = None
        if track.kind == "co":
            co_points = _co_points(outcome, level, rules)
            if co_points != outcome.number:
                steps.append(Step("CO 3.1", f"{co_points} damage point{'s' if co_points != 1 else ''}: "
                                  f"{'no damage' if not level else 'within ' + wounds.LEVEL_NAMES[level]}'s band of "
                                  "the wound table (our reading where the wound level, not the number, was set).",
                                  {"number": outcome.number, "points": co_points, "level": level}))
        record = wounds.record_wound(track, level, rules=rules, true_level=true_level, points=co_points)
        steps.extend(record.steps)
        check = _damage_check(record, track, defender, check_faces, rules, check_field)
        if check is not None:
            steps.extend(check.steps)
            record = replace(record, track=check.track)
    if declares.stun:
        steps.extend(record.steps)
    after = defender._evolve(track=record.track, fudge_points=defender.fudge_points - spent)
    blow = Blow(attacker.name, defender.name, rd, odf, ddf, outcome, level, declares.stun, spent,
                record, declares.aim, on_target, tuple(guards), tuple(steps), called, check,
                location_check=loc_check)
    return blow, after


def _location_wound(level: int, called: location.LocationOutcome, defender: Fighter, decl: Declaration,
                    rules: RuleSet, steps: list[Step], field_name: str) -> tuple[int, location.CheckOutcome | None]:
    """MUD 4.35: a part hit Wounded or Very Wounded calls for a Willpower/Constitution check ("use
    the lower of the two attributes"), the defender's declared ``location_check`` result. The
    table's effects "are only guidelines": the blow's damage sets the wound, unless
    ``location.table_wound`` makes the table's wound (on a made or a failed check) the rule.
    Returns the wound level and the check (None when not declared and not needed)."""
    sets = bool(rules["location.table_wound"])
    if decl.location_check is None:
        if sets:
            raise DiceError(f"{defender.name}'s {called.location} is {called.state}: he makes a Willpower/"
                            "Constitution check, the lower of the two (MUD 4.35). Give its result in his "
                            "declaration.", field=field_name)
        return level, None
    check = location.check_result(called, decl.location_check)
    steps.extend(check.steps)
    if not sets:
        steps.append(Step("MUD 4.35", "The table's effects are guidelines: the blow's damage sets the wound "
                          f"({wounds.LEVEL_NAMES[level]}).", {"level": level, "table": check.wound}))
        return level, check
    steps.append(Step("MUD 4.35", f"The location table sets the wound (house rule): {wounds.LEVEL_NAMES[check.wound]} "
                      f"in place of the blow's {wounds.LEVEL_NAMES[level]}.", {"before": level, "after": check.wound}))
    return check.wound, check


def _willpower(level: int, defender: Fighter, decl: Declaration, track: wounds.WoundTrack, start: int,
               rules: RuleSet, guards: list[Guard], steps: list[Step], field_name: str) -> tuple[int, int]:
    """F95 4.52 no. 4: "Grant an adjustment to the wound level based on the result of a Willpower
    die roll ... temporary -- until the battle is over -- or ... permanent". Returns the level to
    record and the true level (for a temporary adjustment, restored when the battle is over)."""
    if decl.willpower is None:
        raise DiceError(f"{defender.name} rolls Willpower against the wound (F95 4.52): give the "
                        "result in his declaration.", field=field_name)
    adj = wounds.willpower_adjust(level, decl.willpower, rules=rules)
    steps.extend(adj.steps)
    new = adj.level
    if new > level:
        # A poor roll worsens the wound; the PC-death guards still hold (F95 4.64).
        again = wounds.guard_wound(new, track=track, rules=rules, role=defender.role, worst_at_round_start=start)
        steps.extend(again.steps)
        new = again.level
    if new != level:
        guards.append(Guard("willpower", level, new))
    return new, level


def _co_points(outcome: DamageOutcome, level: int, rules: RuleSet) -> int:
    """CO 3.1: "Each wound box represents one point of damage": the damage number fills the
    alternate track. Our reading where a rule set the wound level rather than the number (the F95
    graze table, a die on the level, a graze cap, a pulled punch, points, Willpower): the points
    are brought into that level's band on the wound table in force (F95 4.55), its least number
    when there is no number at all."""
    table = damage.thresholds(rules)
    if level <= wounds.UNDAMAGED:
        return 0
    low = table[level - 1] if level <= len(table) else table[-1]
    high = table[level] - 1 if level < len(table) else None
    points = low if outcome.number is None else outcome.number
    points = max(points, low)
    if high is not None:
        points = min(points, high)
    return max(points, 0)


def _damage_check(record: wounds.RecordOutcome, track: wounds.WoundTrack, defender: Fighter,
                  faces: tuple[int, ...] | None, rules: RuleSet, field_name: str) -> wounds.DamageCheckOutcome | None:
    """CO 4.3: "Each time a character is injured, the player must log the damage, determine the
    new wound level, and make a damage check." Our reading: none when the blow left the track as
    it was, when he is dead, or when he is already down from a failed check (getting up again is
    CO 4.4's recovery)."""
    if not wounds.damage_checks_in_use(rules):
        return None
    new = record.track
    if new == track or new.dead or track.dropped or new.worst == wounds.UNDAMAGED:
        return None
    if faces is None:
        raise DiceError(f"{defender.name} is wounded and makes a damage check (Combat Options 4.3): "
                        "give the four Fudge dice of it.", field=field_name)
    return wounds.damage_check(new, capacity=defender.damage_capacity, faces=faces, rules=rules,
                               pain=defender.pain_threshold)


# --- a simultaneous round -------------------------------------------------------------------

def _critical(d: FighterDice) -> bool:
    return d.roll is not None and d.roll.total >= CRITICAL_TOTAL


def _fixed_npc(me: Fighter, foe: Fighter, rules: RuleSet) -> bool:
    """M-PC-VS-NPC, F95 4.33: against a PC, an NPC's result is her trait level."""
    return bool(rules["melee.npc_fixed"]) and me.role != "pc" and foe.role == "pc"


@dataclass(frozen=True)
class _SidePlan:
    """The part of a fighter's side that needs no dice: his skills, modifiers and their steps."""

    skill: str
    level: int
    def_level: int
    fixed: bool
    off_mods: tuple[Modifier, ...]
    def_mods: tuple[Modifier, ...]
    off_base: int
    def_base: int
    one_result: bool
    mod_steps: tuple[Step, ...]
    trait: str
    base: int


def _plan_side(me: Fighter, foe: Fighter, decl: Declaration, rules: RuleSet, round_number: int,
               disparity: Modifier | None, active: bool, alternating: bool, role: str) -> _SidePlan:
    mods = _gather(me, foe, decl, rules, round_number, disparity=disparity, alternating=alternating)
    skill = decl.skill or me.attack_skill
    level = me.skill(skill)
    if decl.defence_skill:
        def_level = me.skill(decl.defence_skill)
    elif alternating or rules["melee.stances"]:
        def_level = me.defence if not decl.skill else level
    else:
        def_level = level
    fixed = active and _fixed_npc(me, foe, rules)
    off_mods = mods.common + mods.offence
    def_mods = mods.common + mods.defence
    one_result = active and role == "both" and not rules["melee.stances"]
    if one_result:
        # One roll, one result (F95 4.22): every modifier applies to it.
        off_mods = def_mods = mods.common + mods.offence + mods.defence
    listed = def_mods if role == "defend" else (
        off_mods + mods.defence if role == "both" and rules["melee.stances"] else off_mods)
    mod_steps = tuple(Step(m.section or "F95 4.31", f"{me.name}: {m.source} {m.amount:+d}.",
                           {"fighter": me.name, "source": m.source, "amount": m.amount}) for m in listed)
    trait, base = skill, level
    if role == "defend":
        trait, base = decl.defence_skill or me.defence_skill or skill, def_level
    return _SidePlan(skill, level, def_level, fixed, off_mods, def_mods,
                     level + _total(off_mods), (level if one_result else def_level) + _total(def_mods),
                     one_result, mod_steps, trait, base)


def _read_side(me: Fighter, foe: Fighter, decl: Declaration, d: FighterDice, rules: RuleSet,
               round_number: int, disparity: Modifier | None, active: bool, where: str,
               steps: list[Step], *, alternating: bool = False, role: str = "both",
               plan: _SidePlan | None = None) -> SideReport:
    """One fighter's skills, modifiers, dice and results (``plan``: the dice-free part, if known)."""
    if plan is None:
        plan = _remember((me, foe, decl, rules), ("side", round_number, disparity, active, alternating, role),
                         lambda: _plan_side(me, foe, decl, rules, round_number, disparity, active, alternating,
                                            role))
    roll = d.roll
    if not active:
        if roll is not None:
            steps.append(Step("F95 4.22", f"{me.name} cannot fight this round: his roll is not used.", {}))
        roll = None
    elif plan.fixed:
        if roll is not None:
            steps.append(Step("F95 4.33", f"{me.name} is an NPC at her trait level: her roll is not used.", {}))
        roll = None
        steps.append(Step("F95 4.33", f"{me.name} (NPC) gets a result equal to her trait level.", {}))
    elif roll is None:
        raise DiceError(f"{me.name} needs a combat roll.", field=f"{where}.roll")
    total = roll.total if roll is not None else 0
    offence = defence = None
    if active:
        offence = plan.off_base + total
        defence = offence if plan.one_result else plan.def_base + total
    steps.extend(plan.mod_steps)
    if active:
        shown = f"{ladder.name(offence)}" if offence == defence or role == "attack" else \
            f"offence {ladder.name(offence)}, defence {ladder.name(defence)}"
        if role == "defend":
            shown = f"defence {ladder.name(defence)}"
        steps.append(Step(
            "F95 4.22", f"{me.name}: {plan.trait} {ladder.name(plan.base, legendary=True)}, dice {total:+d}: {shown}.",
            {"fighter": me.name, "level": plan.level, "dice": total, "offence": offence, "defence": defence},
        ))
    return SideReport(me.name, plan.skill, plan.level, plan.off_mods, plan.def_level, plan.def_mods, roll, total,
                      offence, defence, active, plan.fixed, active and not plan.fixed and _critical(d))


def _min_to_hit(me: Fighter, foe: Fighter, decl: Declaration, rules: RuleSet) -> tuple[int, Step]:
    """The least result that hits ``foe`` (F95 4.22, MUD 4.58), remembered like the other
    dice-free parts of an exchange."""
    return _remember((me, foe, decl, rules), ("minimum",), lambda: melee.min_to_hit(
        me.size_scale, foe.size_scale, rules=rules, gm_minimum=decl.min_to_hit))


def _can_act(me: Fighter, decl: Declaration, rules: RuleSet) -> bool:
    return me.can_fight(rules) and not decl.unaware


def _result_word(verdict: Verdict, blow: Blow | Block | None) -> str:
    if isinstance(blow, Block):
        return "blocked"
    if blow is not None:
        return "graze" if blow.graze else "hit"
    if verdict.winner is None and verdict.relative_degree == 0:
        return "stand-off"
    return "miss"


@dataclass(frozen=True)
class _RoundPlan:
    """What a simultaneous round settles before the dice: checked declarations, who can fight,
    each side's skills and modifiers, the minimums to hit, the opening steps."""

    steps: tuple[Step, ...]
    start: dict[str, int]
    a_active: bool
    b_active: bool
    da: Modifier | None
    db: Modifier | None
    side_a: _SidePlan
    side_b: _SidePlan
    min_a: tuple[int, Step]
    min_b: tuple[int, Step]
    harm_a: bool
    harm_b: bool


def _plan_round(a: Fighter, b: Fighter, a_declares: Declaration, b_declares: Declaration, rules: RuleSet,
                round_number: int) -> _RoundPlan:
    _check_declaration(a, a_declares, rules, "a", alternating=False)
    _check_declaration(b, b_declares, rules, "b", alternating=False)
    steps = [Step("F95 4.22", f"Round {round_number}: {a.name} against {b.name}, simultaneous.",
                  {"round": round_number})]
    start = {a.name: a.current_level(rules), b.name: b.current_level(rules)}
    a_active, b_active = _can_act(a, a_declares, rules), _can_act(b, b_declares, rules)
    # F95 4.36: a fighter with a speed Power strikes every other round as if his foe were unaware.
    if rules["melee.speed_power"] and melee.speed_power_free_round(round_number):
        if a.speed_power and not b.speed_power and a_active:
            b_active = False
            steps.append(Step("F95 4.36", f"{a.name}'s speed: {b.name} cannot answer this round.", {}))
        elif b.speed_power and not a.speed_power and b_active:
            a_active = False
            steps.append(Step("F95 4.36", f"{b.name}'s speed: {a.name} cannot answer this round.", {}))
    if not a_active and not b_active:
        raise RuleError("Neither fighter can fight this round.", field="a")
    da, db = melee.weapon_disparity(a.weapon.value, a.shield, b.weapon.value, b.shield, rules=rules)
    return _RoundPlan(
        tuple(steps), start, a_active, b_active, da, db,
        _plan_side(a, b, a_declares, rules, round_number, da, a_active, False, "both"),
        _plan_side(b, a, b_declares, rules, round_number, db, b_active, False, "both"),
        _min_to_hit(a, b, a_declares, rules), _min_to_hit(b, a, b_declares, rules),
        not a_declares.defend_only and not _stunned_cannot_attack(a_declares, rules),
        not b_declares.defend_only and not _stunned_cannot_attack(b_declares, rules))


def resolve_exchange(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_dice: FighterDice | None = None,
    b_dice: FighterDice | None = None,
    a_declares: Declaration = NO_DECLARATION,
    b_declares: Declaration = NO_DECLARATION,
    round_number: int = 1,
) -> ExchangeOutcome:
    """One simultaneous round between ``a`` and ``b`` (F95 4.22; MUD 4.22; F93 4.62).

    Each rolls once; without stances the results are compared (0 = stand-off, the winner must
    reach the minimum to hit); with stances (``melee.stances``, F95 4.32) each offence meets the
    other's defence and both can be hurt. A fighter who cannot fight (Incapacitated, knocked out,
    unaware) does not roll: his foe's blow is unopposed against the minimum (F95 4.22).
    """
    if rules["melee.pacing"] == "alternating":
        raise RuleError("Under alternating turns resolve each attack on its own (F95 4.23).", field="pacing")
    if rules["melee.pacing"] == "story":
        raise RuleError("Story-element combat is resolved as a story element (F95 4.21).", field="pacing")
    round_number = check.whole(round_number, "round", 1, 10_000)
    a_dice, b_dice = a_dice or FighterDice(), b_dice or FighterDice()
    if a.name == b.name:
        raise RequestError("The two fighters need different names.", field="b.name")
    a_declares, b_declares, speed_steps = _speed_contest(a, b, a_dice, b_dice, a_declares, b_declares, rules)
    plan = _remember((a, b, a_declares, b_declares, rules), ("round", round_number),
                     lambda: _plan_round(a, b, a_declares, b_declares, rules, round_number))
    steps: list[Step] = list(plan.steps) + speed_steps
    start, a_active, b_active = plan.start, plan.a_active, plan.b_active
    sa = _read_side(a, b, a_declares, a_dice, rules, round_number, plan.da, a_active, "a_dice", steps,
                    plan=plan.side_a)
    sb = _read_side(b, a, b_declares, b_dice, rules, round_number, plan.db, b_active, "b_dice", steps,
                    plan=plan.side_b)
    (min_a, st_a), (min_b, st_b) = plan.min_a, plan.min_b
    steps += (st_a, st_b)
    harm_a, harm_b = plan.harm_a, plan.harm_b
    no_tiebreak = sa.fixed or sb.fixed
    odd_a = _odd_die(a_dice, rules) if rules["melee.tiebreak"] and not no_tiebreak else None
    odd_b = _odd_die(b_dice, rules) if rules["melee.tiebreak"] and not no_tiebreak else None
    tb_rules = rules if not no_tiebreak else rules.with_options({"melee.tiebreak": False})

    # (attacker, defender, verdict, attacker side, defender side, attacker dice, decl, foe decl)
    hits: list[tuple[Fighter, Fighter, Verdict, SideReport, SideReport, FighterDice, Declaration, Declaration, int]] = []
    contests: list[tuple[Fighter, Fighter, Verdict, int]] = []
    kind = "stances" if rules["melee.stances"] else "round"
    if not (a_active and b_active):
        att, dfd, s_att, s_dfd = (a, b, sa, sb) if a_active else (b, a, sb, sa)
        d_att, dec_att, dec_dfd = (a_dice, a_declares, b_declares) if a_active else (b_dice, b_declares, a_declares)
        minimum = min_a if a_active else min_b
        can = (harm_a if a_active else harm_b) and (dec_att.all_out != "defense" or s_att.critical)
        steps.append(Step("F95 4.22", f"{dfd.name} cannot fight: {att.name}'s blow is an unopposed action.", {}))
        v = _with_all_out(melee.decide_attack(s_att.offence, None, minimum=minimum, rules=rules, can_harm=can),
                          dec_att)
        steps.extend(v.steps)
        contests.append((att, dfd, v, minimum))
        if v.hit:
            hits.append((att, dfd, v, s_att, s_dfd, d_att, dec_att, dec_dfd, 0))
    elif kind == "round":
        va = Side(sa.offence, min_a, a_declares.all_out, harm_a, sa.critical, odd_a)
        vb = Side(sb.offence, min_b, b_declares.all_out, harm_b, sb.critical, odd_b)
        v = melee.decide_round(va, vb, rules=tb_rules)
        steps.extend(v.steps)
        if v.winner == "b":
            att, dfd, s_att, s_dfd, d_att, dec_att, dec_dfd, minimum = b, a, sb, sa, b_dice, b_declares, a_declares, min_b
        else:
            att, dfd, s_att, s_dfd, d_att, dec_att, dec_dfd, minimum = a, b, sa, sb, a_dice, a_declares, b_declares, min_a
        contests.append((att, dfd, v, minimum))
        if v.hit:
            hits.append((att, dfd, v, s_att, s_dfd, d_att, dec_att, dec_dfd, v.foe_all_out_bonus))
    else:
        # F95 4.32: "The offensive rolled result of each fighter is then compared to the defense
        # of the other fighter."
        for att, dfd, s_att, s_dfd, d_att, dec_att, dec_dfd, minimum, can, odds in (
            (a, b, sa, sb, a_dice, a_declares, b_declares, min_a, harm_a, (odd_a, odd_b)),
            (b, a, sb, sa, b_dice, b_declares, a_declares, min_b, harm_b, (odd_b, odd_a)),
        ):
            v = melee.decide_attack(s_att.offence, s_dfd.defence, minimum=minimum, rules=tb_rules,
                                    can_harm=can, tiebreak=odds, section="F95 4.32")
            steps.append(Step("F95 4.32", f"{att.name}'s offence against {dfd.name}'s defence.", {}))
            steps.extend(v.steps)
            contests.append((att, dfd, v, minimum))
            if v.hit:
                hits.append((att, dfd, v, s_att, s_dfd, d_att, dec_att, dec_dfd, 0))

    fighters = {a.name: a, b.name: b}
    blows: list[Blow] = []
    blocks: list[Block] = []
    blow_of: dict[int, Blow | Block | None] = {}
    for att, dfd, v, s_att, s_dfd, d_att, dec_att, dec_dfd, foe_bonus in hits:
        blow, fighters[dfd.name], landed_steps = _land(
            att, fighters[dfd.name], v, s_att, s_dfd, d_att, dec_att, dec_dfd, foe_bonus, rules,
            start[dfd.name], a_dice if dfd is a else b_dice, "a" if dfd is a else "b")
        _file(blow, blows, blocks)
        blow_of[id(v)] = blow
        steps.extend(landed_steps)
    contest_out = tuple(
        Contest(att.name, dfd.name, v.relative_degree, minimum,
                _result_word(v, blow_of.get(id(v))), v.tie_won)
        for att, dfd, v, minimum in contests
    )
    carry = _scouting(a, b, a_declares, b_declares, [*blows, *blocks], rules, steps)  # blocked: he lost
    return ExchangeOutcome(kind, round_number, (sa, sb), contest_out, tuple(blows),
                           (fighters[a.name], fighters[b.name]), carry, _cite(steps, rules), tuple(blocks))


def _file(blow: Blow | Block | None, blows: list[Blow], blocks: list[Block]) -> None:
    """Put a landed blow with the blows, a shield's block with the blocks (a miss: nowhere)."""
    if isinstance(blow, Block):
        blocks.append(blow)
    elif blow is not None:
        blows.append(blow)


# The same rule in each preset's own book, for citing steps (simultaneous rounds and stances are
# in all three; F93 4.62 also holds every melee modifier of F95 4.31).
_CITE = {
    "mudge": {"F95 4.22": "MUD 4.22", "F95 4.32": "MUD 4.32", "F95 4.33": "MUD 4.33"},
    "fudge1993": {"F95 4.22": "F93 4.62", "F95 4.31": "F93 4.62", "F95 4.32": "F93 4.63"},
    "fudge1995": {},
}


def _cite(steps: list[Step], rules: RuleSet) -> tuple[Step, ...]:
    """Tag the exchange's own steps with the preset's book where it states the same rule."""
    table = _CITE[rules.preset]
    if not table:
        return tuple(steps)
    return tuple(Step(table[st.section], st.text, st.data) if st.section in table else st for st in steps)


def _with_all_out(v: Verdict, decl: Declaration) -> Verdict:
    """F95 4.31: an all-out attack that lands does +1 damage ("if successful")."""
    if not v.hit or decl.all_out != "offense":
        return v
    step = Step("F95 4.31", "All-out offence: +1 to damage.", {"bonus": 1})
    return replace(v, all_out_bonus=1, steps=v.steps + (step,))


def _land(att: Fighter, dfd: Fighter, v: Verdict, s_att: SideReport, s_dfd: SideReport, d_att: FighterDice,
          dec_att: Declaration, dec_dfd: Declaration, foe_bonus: int, rules: RuleSet, start: int,
          d_dfd: FighterDice, where: str = "defender") -> tuple[Blow | Block | None, Fighter, tuple[Step, ...]]:
    """Turn a verdict into a blow: called shot or aimed-part check, shield check, damage dice,
    then :func:`strike`, then a head blow's knockout. Returns the blow (a :class:`Block` when
    the shield took it, None when a called shot missed), the defender after, and the steps."""
    rd = 1 if v.tie_won else v.relative_degree
    on_target = None
    extra_steps: list[Step] = []
    called = None
    shot = _called_shot(dec_att, rules)
    if shot is not None:
        # F95 4.35 / MUD 4.35 (MUD 4.31 item 5): the hit-location system decides the part.
        called = location.resolve_called_shot(shot, relative_degree=rd, rolled=s_att.offence, rules=rules)
        extra_steps.extend(called.steps)
        if called.landed == "miss":
            return None, dfd, tuple(extra_steps)
        on_target = called.landed == "aimed"
    elif _aimed_blow(dec_att, rules):
        # F95 4.31: below the result needed for the part, but still a win: "he hits the other
        # fighter-- but not in the part aimed for".
        on_target = s_att.offence >= dec_att.aim_minimum
        extra_steps.append(Step("F95 4.31", f"Aimed at the {dec_att.aim} (needs {ladder.name(dec_att.aim_minimum)}): "
                                + ("on target." if on_target else "a hit, but not where he aimed."),
                                {"aim": dec_att.aim, "on_target": on_target}))
    block = _shield_check(att, dfd, s_att, s_dfd, d_dfd, rules, where)
    if block is not None and block.check.blocked:
        return _absorb(block, att, dfd, v, rd, d_att, d_dfd, dec_att, foe_bonus, rules, extra_steps)
    if block is not None:
        extra_steps.extend(block.check.steps)
    blow, after = strike(
        att, dfd, relative_degree=rd, rules=rules, declares=dec_att, defender_declares=dec_dfd,
        damage_die=_damage_faces(d_att, rules, rd),
        attack_roll=_dice_total(d_att) if d_att.roll is not None else None,
        defense_roll=_dice_total(d_dfd) if d_dfd.roll is not None else None,
        all_out_bonus=v.all_out_bonus, foe_all_out=foe_bonus, critical=s_att.critical,
        worst_at_round_start=start, tie_won=v.tie_won, on_target=on_target,
        check_faces=d_dfd.check, check_field=f"{where}_dice.check",
        willpower_field=f"{where}_declares.willpower", called=called,
    )
    if extra_steps:
        blow = replace(blow, steps=tuple(extra_steps) + blow.steps)
    if (rules["wounds.head_knockout"] and dec_att.aim is not None and dec_att.aim.strip().lower() == "head"
            and on_target is not False):
        # F95 4.62: "a successful Good blow (or better) to the head knocks someone out
        # automatically. In an Opposed action, the Good blow would also have to win" — it won.
        head = wounds.head_blow(after.track_for(rules), s_att.offence, won=True, rules=rules)
        after = after._evolve(track=head.track)
        blow = replace(blow, head_blow=head, steps=blow.steps + head.steps)
    return blow, after, blow.steps


def _shield_check(att: Fighter, dfd: Fighter, s_att: SideReport, s_dfd: SideReport, d_dfd: FighterDice,
                  rules: RuleSet, where: str) -> Block | None:
    """CO 2.2: "If a shieldman loses the action, then that player should make an extra roll
    against his shield skill" — only with ``co.shield`` on, for a fighter with a shield who
    rolled to defend (an unaware or helpless fighter cannot use it)."""
    if s_dfd.defence is None:
        return None
    return shield_check_against(att, dfd, attacker_result=s_att.offence, defender_result=s_dfd.defence,
                                roll=d_dfd.shield, rules=rules, fixed=s_dfd.fixed,
                                roll_field=f"{where}_dice.shield", skill_field=f"{where}.skills")


def shield_check_against(attacker: Fighter, defender: Fighter, *, attacker_result: int, defender_result: int,
                         roll: Roll | None, rules: RuleSet, fixed: bool = False,
                         roll_field: str = "shield", skill_field: str = "defender.skills",
                         penalty: int | None = None) -> Block | None:
    """The shield check of a ``defender`` who lost to ``attacker`` (CO 2.2: "If a shieldman
    loses the action, then that player should make an extra roll against his shield skill ...
    equal to or greater than his opponent's action result, then the hit strikes the shield").
    None when ``co.shield`` is off or he carries no shield; else a :class:`Block` whose
    ``check.blocked`` says whether the shield took the blow (wear is :func:`absorb_blow`'s).
    ``roll``: his shield roll (the ruleset's technique); ``fixed``: an NPC at her trait level
    (F95 4.33), who rolls no dice. ``roll_field``/``skill_field`` name the inputs at fault.
    ``penalty``: his wound penalty for the check (default: as his track stands now)."""
    if not shields.makes_shield_checks(defender.shield, rules):
        return None
    if fixed:
        # F95 4.33: an NPC facing a PC gets her trait level as her result; our reading: her shield
        # check too is her Shield skill, no roll.
        total, faces = 0, ()
    elif roll is None:
        raise DiceError(f"{defender.name} lost the action and makes a shield check (Combat Options 2.2): "
                        "give its roll.", field=roll_field)
    else:
        total, faces = roll.total, roll.faces
    state = defender.shield_state or shields.ShieldState()
    pain = defender.current_penalty(rules) if penalty is None else penalty
    # F95 4.51: a wound's penalty is "to all traits", the Shield skill among them.
    mods = (Modifier("wounds", pain, "F95 4.51"),) if pain else ()
    check = shields.ShieldCheck(defender.name, shields.shield_skill_of(defender), total, attacker_result,
                                defender_result, faces, state, mods)
    try:
        out = shields.shield_check(check, rules=rules)
    except FudgeError as err:
        raise RuleError(err.message, field=skill_field) from None
    return Block(attacker.name, defender.name, out, None, out.steps)


def _absorb(block: Block, att: Fighter, dfd: Fighter, v: Verdict, rd: int, d_att: FighterDice,
            d_dfd: FighterDice, dec_att: Declaration, foe_bonus: int, rules: RuleSet,
            extra_steps: list[Step]) -> tuple[Block, Fighter, tuple[Step, ...]]:
    """A melee blow the shield took: :func:`absorb_blow` with the exchange's damage inputs."""
    extra = (Modifier("foe's failed all-out attack", foe_bonus, "F95 4.31"),) if foe_bonus else ()
    block, after = absorb_blow(
        block, att, dfd, relative_degree=rd, rules=rules, damage_die=_damage_faces(d_att, rules, rd),
        all_out_bonus=v.all_out_bonus, extra_damage=tuple(dec_att.damage_modifiers) + extra,
        attack_roll=_dice_total(d_att) if d_att.roll is not None else None,
        defense_roll=_dice_total(d_dfd) if d_dfd.roll is not None else None, extra_steps=tuple(extra_steps))
    return block, after, block.steps


def absorb_blow(block: Block, attacker: Fighter, defender: Fighter, *, relative_degree: int, rules: RuleSet,
                damage_die: tuple[int, ...] | None = None, all_out_bonus: int = 0,
                extra_damage: tuple[Modifier, ...] = (), attack_roll: int | None = None,
                defense_roll: int | None = None, extra_steps: tuple[Step, ...] = ()) -> tuple[Block, Fighter]:
    """CO 2.2: "the hit strikes the shield and not the character"; CO 2.3: the shield loses
    damage points "only ... when they are successfully used to absorb a blow". With
    ``co.shield_damage`` and a shield with points, the wear is the blow's damage number (figured
    as for the fighter, without wounding him) or one point (``co.shield_wear``). Returns the
    block with its wear and steps, and the defender with his shield's new state."""
    state = defender.shield_state or shields.ShieldState()
    steps = list(extra_steps) + list(block.check.steps)
    after = defender
    wear = None
    if rules["co.shield_damage"] and state.points is not None:
        number = 1
        if rules["co.shield_wear"] == "damage":
            odf = damage.offensive_factors(rules=rules, strength=attacker.strength,
                                           strength_scale=attacker.strength_scale, weapon=attacker.weapon,
                                           all_out=all_out_bonus, extra=tuple(extra_damage))
            ddf = damage.defensive_factors(rules=rules, capacity=defender.damage_capacity, armor=defender.armor,
                                           mass_scale=defender.mass_scale, tough_hide=defender.tough_hide,
                                           resistant=defender.resistant)
            hit = damage.resolve_damage(relative_degree=relative_degree, odf=odf, ddf=ddf, rules=rules,
                                        damage_die=damage_die, attack_roll=attack_roll, defense_roll=defense_roll)
            number = hit.number if hit.number is not None else _co_points(hit, hit.level, rules)
            steps.append(Step("CO 2.3", f"The blow's damage number: {number}.", {"number": number}))
        wear = shields.absorb(state, shields.wear_points(number, rules=rules), rules=rules)
        steps.extend(wear.steps)
        after = defender._evolve(shield_state=wear.shield)
    return replace(block, wear=wear, steps=tuple(steps)), after


def strike_or_block(
    attacker: Fighter,
    defender: Fighter,
    *,
    relative_degree: int,
    rules: RuleSet,
    attacker_result: int,
    defender_result: int | None,
    shield_roll: Roll | None = None,
    shield_fixed: bool = False,
    shield_field: str = "shield",
    skill_field: str = "defender.skills",
    damage_die: tuple[int, ...] | None = None,
    extra_damage: tuple[Modifier, ...] = (),
    worst_at_round_start: int | None = None,
    defender_declares: Declaration = NO_DECLARATION,
    check_faces: tuple[int, ...] | None = None,
    check_field: str = "defender_dice.check",
    willpower_field: str = "defender_declares.willpower",
    shield_penalty: int | None = None,
) -> tuple[Blow | Block, Fighter]:
    """A blow that won, outside a two-fighter exchange (a group round, F95 4.34; a shot, F95
    4.4): the defender's shield check first (CO 2.2, with ``co.shield``; ``defender_result``
    None when he could not use his shield; ``shield_fixed``: an NPC at her trait level checks
    with no roll; ``shield_penalty``: the wound penalty to the check, default his own now), then,
    if the shield did not take it, :func:`strike`. Returns the :class:`Blow` or :class:`Block`
    and the defender after."""
    block = None
    if defender_result is not None:
        block = shield_check_against(attacker, defender, attacker_result=attacker_result,
                                     defender_result=defender_result, roll=shield_roll, rules=rules,
                                     fixed=shield_fixed, roll_field=shield_field, skill_field=skill_field,
                                     penalty=shield_penalty)
    if block is not None and block.check.blocked:
        return absorb_blow(block, attacker, defender, relative_degree=relative_degree, rules=rules,
                           damage_die=damage_die, extra_damage=extra_damage)
    blow, after = strike(attacker, defender, relative_degree=relative_degree, rules=rules,
                         damage_die=damage_die, extra_damage=extra_damage,
                         worst_at_round_start=worst_at_round_start, defender_declares=defender_declares,
                         check_faces=check_faces, check_field=check_field, willpower_field=willpower_field)
    if block is not None:
        blow = replace(blow, steps=block.check.steps + blow.steps)
    return blow, after


def read_shield_roll(raw: Any, *, rules: RuleSet, field: str = "shield") -> Roll | None:
    """A shield roll given as a :class:`~pyfudge.dice.Roll`, a list of faces, or ``{"faces"}`` /
    ``{"total"}``, read with the ruleset's technique (CO 2.2: a roll against the Shield skill)."""
    if raw is None or isinstance(raw, Roll):
        return raw
    if isinstance(raw, (list, tuple)):
        raw = {"faces": list(raw)}
    return _read_roll(raw, rules, field)


def _scouting(a: Fighter, b: Fighter, a_decl: Declaration, b_decl: Declaration, blows: list[Blow | Block],
              rules: RuleSet, steps: list[Step]) -> tuple[Carry, ...]:
    """F95 4.31: "A successful All-out Defense and a successful Perception or Tactics roll
    produces a -1 penalty to the opponent on the next round" (F93 4.62: a bonus to himself)."""
    carry: list[Carry] = []
    for me, foe, decl in ((a, b, a_decl), (b, a, b_decl)):
        if decl.all_out != "defense" or not decl.scouting:
            continue
        if any(bl.defender == me.name for bl in blows):
            steps.append(Step("F95 4.31", f"{me.name}'s all-out defence failed: no advantage next round.", {}))
            continue
        mine, theirs = melee.scouting_modifiers(rules=rules)
        if mine:
            carry.append(Carry(me.name, mine))
        if theirs:
            carry.append(Carry(foe.name, theirs))
        if mine or theirs:
            steps.append(Step("F95 4.31", f"{me.name} defended all-out and scouted the ground: "
                              + (f"{foe.name} is at −1 next round." if theirs else f"{me.name} is at +1 next round."),
                              {}))
    return tuple(carry)


# --- alternating turns ----------------------------------------------------------------------

def resolve_initiative(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_dice: FighterDice | None = None,
    b_dice: FighterDice | None = None,
    a_declares: Declaration = NO_DECLARATION,
    b_declares: Declaration = NO_DECLARATION,
    surprise: str | None = None,
    a_modifiers: tuple[Modifier, ...] = (),
    b_modifiers: tuple[Modifier, ...] = (),
) -> melee.Initiative:
    """Who attacks first in alternating turns (F95 4.23): an opposed Initiative roll (Fair
    situational without an Initiative trait), Combat Reflexes +1, a hasty attack +1, wound
    penalties; ``a_modifiers``/``b_modifiers`` add others ("Surprise may grant a bonus to the
    roll"); ``surprise`` ``"a"`` or ``"b"`` gives that side the initiative outright."""
    if surprise is None:
        for who, d in (("a", a_dice), ("b", b_dice)):
            if d is None or d.roll is None:
                raise DiceError("Both fighters roll for initiative.", field=f"{who}_dice.roll")
    mods: list[list[Modifier]] = [[], []]
    for i, (me, decl) in enumerate(((a, a_declares), (b, b_declares))):
        if me.combat_reflexes:
            mods[i].append(Modifier("Combat Reflexes", 1, "F95 4.23"))
        if decl.hasty:
            mods[i].append(melee.hasty_modifiers()[0])
        if me.current_penalty(rules):
            mods[i].append(Modifier("wounds", me.current_penalty(rules), "F95 4.31"))
        mods[i].extend((a_modifiers, b_modifiers)[i])
    return melee.resolve_initiative(
        ladder.FAIR if a.initiative is None else a.initiative,
        ladder.FAIR if b.initiative is None else b.initiative,
        _dice_total(a_dice) if a_dice else 0, _dice_total(b_dice) if b_dice else 0,
        a_modifiers=tuple(mods[0]), b_modifiers=tuple(mods[1]), surprise=surprise,
    )


def resolve_speed_contest(
    a: Fighter,
    b: Fighter,
    *,
    rules: RuleSet,
    a_dice: FighterDice,
    b_dice: FighterDice,
) -> tuple[Modifier | None, Modifier | None, Step]:
    """F95 4.36: "each fighter makes a roll against a Speed trait. The winner of the Opposed
    action, if any, adds the difference to his weapon skill." Speed defaults to Fair. Returns the
    modifier for ``a`` and for ``b`` (put it in that fighter's declared ``modifiers``)."""
    for who, d in (("a", a_dice), ("b", b_dice)):
        if d is None or d.roll is None:
            raise DiceError("Both fighters roll Speed.", field=f"{who}_dice.roll")
    ra = (ladder.FAIR if a.speed is None else a.speed) + a_dice.roll.total + a.current_penalty(rules)
    rb = (ladder.FAIR if b.speed is None else b.speed) + b_dice.roll.total + b.current_penalty(rules)
    return melee.speed_contest(ra, rb, rules=rules)


def _speed_contest(a: Fighter, b: Fighter, a_dice: FighterDice, b_dice: FighterDice, a_decl: Declaration,
                   b_decl: Declaration, rules: RuleSet) -> tuple[Declaration, Declaration, list[Step]]:
    """F95 4.36: "after declaring their actions, each fighter makes a roll against a Speed trait.
    The winner of the Opposed action, if any, adds the difference to his weapon skill" — when both
    fighters give ``speed`` dice (neither: no contest). The winner's bonus joins his declared
    ``modifiers``; returns both declarations and the contest's steps."""
    if a_dice.speed is None and b_dice.speed is None:
        return a_decl, b_decl, []
    if not rules["melee.speed_contest"]:
        raise RuleError("The Speed contest (F95 4.36) is not used under these rules.",
                        field="a_dice.speed" if a_dice.speed is not None else "b_dice.speed")
    for who, d in (("a", a_dice), ("b", b_dice)):
        if d.speed is None:
            raise DiceError("Both fighters roll Speed (F95 4.36).", field=f"{who}_dice.speed")
    ma, mb, step = resolve_speed_contest(a, b, rules=rules, a_dice=FighterDice(a_dice.speed),
                                         b_dice=FighterDice(b_dice.speed))
    ra, rb = ((ladder.FAIR if f.speed is None else f.speed) + d.speed.total + f.current_penalty(rules)
              for f, d in ((a, a_dice), (b, b_dice)))
    head = Step("F95 4.36", f"Speed contest: {a.name} {ladder.name(ra)} against {b.name} {ladder.name(rb)}.",
                {"a_result": ra, "b_result": rb})
    a_decl, b_decl = (d if m is None else replace(d, modifiers=d.modifiers + (m,))
                      for d, m in ((a_decl, ma), (b_decl, mb)))
    return a_decl, b_decl, [head, step]


def resolve_attack(
    attacker: Fighter,
    defender: Fighter,
    *,
    rules: RuleSet,
    attacker_dice: FighterDice | None = None,
    defender_dice: FighterDice | None = None,
    attacker_declares: Declaration = NO_DECLARATION,
    defender_declares: Declaration = NO_DECLARATION,
    round_number: int = 1,
) -> ExchangeOutcome:
    """One attack of alternating turns (F95 4.23): the attacker's offence skill against the
    defender's defence skill; only the attacker can hurt.

    All-out offence: +1 to attack and to damage, and on the opponent's next turn −2 to defence
    or no defence (``melee.all_out_offense_defense``; returned in ``carry``). All-out defence
    forfeits the attack (refused here) and gives +2 to defend. A defender who cannot defend
    (unaware, out of the fight, ``no_defence``) is hit on an unopposed roll against the minimum.
    """
    if rules["melee.pacing"] != "alternating":
        raise RuleError("Single attacks are for alternating turns (F95 4.23); this ruleset uses "
                        f"{rules['melee.pacing']} pacing.", field="pacing")
    round_number = check.whole(round_number, "round", 1, 10_000)
    attacker_dice, defender_dice = attacker_dice or FighterDice(), defender_dice or FighterDice()
    if attacker.name == defender.name:
        raise RequestError("The two fighters need different names.", field="defender.name")
    attacker_declares, defender_declares, speed_steps = _speed_contest(
        attacker, defender, attacker_dice, defender_dice, attacker_declares, defender_declares, rules)
    _remember((attacker, defender, attacker_declares, defender_declares, rules), ("check", True), lambda: (
        _check_declaration(attacker, attacker_declares, rules, "attacker", alternating=True),
        _check_declaration(defender, defender_declares, rules, "defender", alternating=True)))
    if attacker_declares.all_out == "defense":
        raise RuleError("An all-out defender forfeits his attack this round (F95 4.23).",
                        field="attacker.all_out")
    if defender_declares.all_out == "offense":
        raise RuleError("All-out offence is declared for one's own attack.", field="defender.all_out")
    if not attacker.can_fight(rules) or attacker_declares.unaware or _stunned_cannot_attack(attacker_declares, rules):
        raise RuleError(f"{attacker.name} cannot attack this turn.", field="attacker")
    steps: list[Step] = [Step("F95 4.23", f"Round {round_number}: {attacker.name} attacks, {defender.name} defends.",
                              {"round": round_number})] + speed_steps
    start = defender.current_level(rules)
    da, dd = melee.weapon_disparity(attacker.weapon.value, attacker.shield, defender.weapon.value,
                                    defender.shield, rules=rules)
    can_defend = _can_act(defender, defender_declares, rules) and not defender_declares.no_defence
    sa = _read_side(attacker, defender, attacker_declares, attacker_dice, rules, round_number, da, True,
                    "attacker_dice", steps, alternating=True, role="attack")
    sd = _read_side(defender, attacker, defender_declares, defender_dice, rules, round_number, dd, can_defend,
                    "defender_dice", steps, alternating=True, role="defend")
    minimum, st = melee.min_to_hit(attacker.size_scale, defender.size_scale, rules=rules,
                                   gm_minimum=attacker_declares.min_to_hit)
    steps.append(st)
    fixed = sa.fixed or sd.fixed
    tb_rules = rules if not fixed else rules.with_options({"melee.tiebreak": False})
    odds = ((_odd_die(attacker_dice, rules), _odd_die(defender_dice, rules))
            if rules["melee.tiebreak"] and not fixed else (None, None))
    if not can_defend:
        steps.append(Step("F95 4.22", f"{defender.name} cannot defend: an unopposed attack.", {}))
    v = melee.decide_attack(sa.offence, sd.defence if can_defend else None, minimum=minimum,
                            rules=tb_rules, can_harm=not attacker_declares.defend_only, tiebreak=odds,
                            difficulty_section="F95 4.23")
    v = _with_all_out(v, attacker_declares)
    steps.extend(v.steps)
    blows: list[Blow] = []
    blocks: list[Block] = []
    after_def = defender
    blow: Blow | Block | None = None
    if v.hit:
        blow, after_def, landed_steps = _land(attacker, defender, v, sa, sd, attacker_dice, attacker_declares,
                                              defender_declares, 0, rules, start, defender_dice, "defender")
        _file(blow, blows, blocks)
        steps.extend(landed_steps)
    carry: list[Carry] = []
    if attacker_declares.all_out == "offense":
        # F95 4.23: "-2 on his defense on his opponent's next turn ... or perhaps no defense".
        if rules["melee.all_out_offense_defense"] == "none":
            carry.append(Carry(attacker.name, None, "defence", True))
            steps.append(Step("F95 4.23", f"After his all-out attack {attacker.name} has no defence on "
                              f"{defender.name}'s next turn.", {}))
        else:
            carry.append(Carry(attacker.name, Modifier("all-out offence last turn", -2, "F95 4.23"), "defence"))
            steps.append(Step("F95 4.23", f"After his all-out attack {attacker.name} defends at −2 on "
                              f"{defender.name}'s next turn.", {}))
    contest = Contest(attacker.name, defender.name, v.relative_degree,
                      minimum, _result_word(v, blow), v.tie_won)
    return ExchangeOutcome("attack", round_number, (sa, sd), (contest,), tuple(blows),
                           (attacker, after_def), tuple(carry), _cite(steps, rules), tuple(blocks))


# --- one request as data (for the JSON door and the encounter log) -------------------------

@dataclass(frozen=True)
class ExchangeRequest:
    """An exchange as data: both fighters, their declarations and dice, the round number.

    ``kind`` is ``"round"`` (simultaneous, with or without stances) or ``"attack"`` (one
    alternating attack: ``a`` attacks ``b``). :meth:`resolve` runs it.
    """

    a: Fighter
    b: Fighter
    a_declares: Declaration = NO_DECLARATION
    b_declares: Declaration = NO_DECLARATION
    a_dice: FighterDice = FighterDice()
    b_dice: FighterDice = FighterDice()
    round: int = 1
    kind: str = "round"

    def resolve(self, rules: RuleSet) -> ExchangeOutcome:
        """Resolve this exchange under ``rules``."""
        if self.kind == "attack":
            return resolve_attack(self.a, self.b, rules=rules, attacker_dice=self.a_dice,
                                  defender_dice=self.b_dice, attacker_declares=self.a_declares,
                                  defender_declares=self.b_declares, round_number=self.round)
        return resolve_exchange(self.a, self.b, rules=rules, a_dice=self.a_dice, b_dice=self.b_dice,
                                a_declares=self.a_declares, b_declares=self.b_declares,
                                round_number=self.round)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"kind", "round", "a", "b", "a_declares", "b_declares", "a_dice", "b_dice"}``."""
        return {
            "kind": self.kind, "round": self.round, "a": self.a.to_dict(), "b": self.b.to_dict(),
            "a_declares": self.a_declares.to_dict(), "b_declares": self.b_declares.to_dict(),
            "a_dice": self.a_dice.to_dict(), "b_dice": self.b_dice.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any, *, rules: RuleSet, field: str = "exchange") -> ExchangeRequest:
        """Read an exchange from JSON, validating every part (the dice by ``rules``' technique)."""
        check.obj(data, field, ("kind", "round", "a", "b", "a_declares", "b_declares", "a_dice", "b_dice"),
                  at_key=True)
        kind = data.get("kind", "round")
        if kind not in ("round", "attack"):
            raise RequestError(f"{field}.kind must be round or attack, not {kind!r}.", field=f"{field}.kind")
        for key in ("a", "b"):
            if key not in data:
                raise RequestError(f"{field} needs fighter {key}.", field=f"{field}.{key}")
        return cls(
            a=Fighter.from_dict(data["a"], field=f"{field}.a"),
            b=Fighter.from_dict(data["b"], field=f"{field}.b"),
            a_declares=Declaration.from_dict(data.get("a_declares"), field=f"{field}.a_declares"),
            b_declares=Declaration.from_dict(data.get("b_declares"), field=f"{field}.b_declares"),
            a_dice=FighterDice.from_dict(data.get("a_dice"), rules=rules, field=f"{field}.a_dice", speed=True),
            b_dice=FighterDice.from_dict(data.get("b_dice"), rules=rules, field=f"{field}.b_dice", speed=True),
            round=check.whole(data.get("round", 1), f"{field}.round", 1, 10_000),
            kind=kind,
        )
