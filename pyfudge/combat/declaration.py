"""What each fighter brings to an exchange before the dice: his :class:`Declaration` and his
:class:`FighterDice`, read from JSON and checked against the rules (:func:`check_declaration`),
and the dice helpers that read them (the odd-coloured die, the damage faces).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core import dice, ladder
from ..core.checks import REQUEST as check
from ..core.dice import Roll
from ..core.errors import DiceError, FudgeError, RequestError, RuleError
from ..rules import damage, wounds
from ..rules.actions import Modifier
from . import location, melee
from .fighter import Fighter
from .reading import read_modifiers
from .stances import NORMAL, Stance, check_allowed

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

CRITICAL_TOTAL = 4  # CO 4.3: "critical success (+4 on 4dF)"; the 2d6 ways also top out at +4


class AllOut(StrEnum):
    """F95 4.31's all-out choice; the values are the JSON's."""

    NONE = "none"
    OFFENSE = "offense"
    DEFENSE = "defense"


# --- input: declarations and dice -----------------------------------------------------------

def _opt_name(value: Any, where: str) -> str | None:
    return None if value is None else check.name(value, where)


_ALL_OUT = tuple(AllOut)
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

    all_out: AllOut = AllOut.NONE
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
        object.__setattr__(self, "all_out", AllOut(self.all_out))  # one type, however it was given

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
        if all_out not in _ALL_OUT:
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
            all_out=AllOut(all_out),
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
            modifiers=read_modifiers(data.get("modifiers"), f"{f}.modifiers"),
            defence_modifiers=read_modifiers(data.get("defence_modifiers"), f"{f}.defence_modifiers"),
            damage_modifiers=read_modifiers(data.get("damage_modifiers"), f"{f}.damage_modifiers"),
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
    read like ``roll``; given by both fighters of an exchange, or by neither
    (:func:`.initiative.speed_contest_declarations`).
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
        roll = Roll.from_dict(raw, field=where)
        # F95 4.22: an Opposed action roll — 4dF, or a two-six-sided way (F93 4.21–4.22); never
        # Min-Mid-Max's 3d6 (F95 4.63) nor a damage die.
        if roll.technique not in dice.ACTION_TECHNIQUES:
            raise DiceError(f"{where}: {roll.technique} is not a trait roll; these rules roll "
                            f"{rules['dice.technique']}.", field=where)
        return roll
    extra = set(raw) - {"faces", "total", "entered"}
    if extra:
        raise DiceError(f"{where}: unknown field {sorted(extra)[0]!r}.", field=where)
    return dice.read_action(rules=rules, faces=raw.get("faces"), total=raw.get("total"),
                            entered=raw.get("entered", True), field=where)


def fudge_dice(faces: Any, damage: Any = None) -> FighterDice:
    """Shorthand for code and tests: 4dF combat faces and optional damage faces."""
    return FighterDice(dice.fudge(faces, entered=True), None if damage is None else tuple(damage))



def check_declaration(me: Fighter, decl: Declaration, rules: RuleSet, where: str,
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


def stunned_cannot_attack(decl: Declaration, rules: RuleSet) -> bool:
    return bool(decl.stunned) and not wounds.stun_effects(decl.stunned, rules=rules).can_attack


# --- dice helpers ---------------------------------------------------------------------------

def odd_die(d: FighterDice, rules: RuleSet) -> int | None:
    """MUD 4.61: the odd-coloured die — given as ``damage``, else the last of the four faces."""
    if d.damage is not None and len(d.damage) == 1:
        return d.damage[0]
    if d.roll is not None and d.roll.technique == dice.FOUR_DF and len(d.roll.faces) == 4:
        return d.roll.faces[-1]
    return None


def damage_faces(d: FighterDice, rules: RuleSet, relative_degree: int) -> tuple[int, ...] | None:
    """The damage dice of this attacker for ``damage.resolve_damage``."""
    need = damage.dice_needed(rules, relative_degree=relative_degree)
    if d.graze is not None and relative_degree == 1 and damage.graze_dice(rules):
        return d.graze  # a graze that reads other dice than a hit (F95 4.63 with 4.56)
    if need["dice"] == "1dF" and rules["damage.die"] == "odd_die":
        odd = odd_die(d, rules)
        return None if odd is None else (odd,)
    return d.damage


def dice_total(d: FighterDice) -> int:
    return d.roll.total if d.roll is not None else 0



def read_shield_roll(raw: Any, *, rules: RuleSet, field: str = "shield") -> Roll | None:
    """A shield roll given as a :class:`~pyfudge.core.dice.Roll`, a list of faces, or ``{"faces"}`` /
    ``{"total"}``, read with the ruleset's technique (CO 2.2: a roll against the Shield skill)."""
    if raw is None or isinstance(raw, Roll):
        return raw
    if isinstance(raw, (list, tuple)):
        raw = {"faces": list(raw)}
    return _read_roll(raw, rules, field)

