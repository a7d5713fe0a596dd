"""A combatant: the one record of a fighter that combat reads and the encounter stores.

Skills and traits are ladder numbers (Fair = 0). The fields are the ones the combat, damage and
wound rules read: attack and defence skills (F95 4.23), Strength and Damage Capacity (MUD:
Constitution) with Strength and Mass Scale (F95 4.54, 4.58), weapon, armor and shield (F95 4.31,
4.54), the wound track (F95 4.57; three stages for pawn NPCs), gifts and faults (Pain Threshold
F95 4.51, Tough Hide F95 4.58, Damage Resistant/Fragile F95 4.52, Combat Reflexes F95 4.23),
Fudge Points (F95 4.64; MUD Meta Points) and the "fancy stuff" of F95 4.36 (Speed, "plus" levels).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..core import ladder
from ..core.checks import SHEET as check
from ..core.errors import RequestError, SheetError
from ..core.options import Option
from ..rules import wound_levels, wounds
from ..rules.damage import Armor, Weapon
from .melee import animal_defence
from .shield import ShieldState

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

OPTIONS: tuple[Option, ...] = ()

ROLES = ("pc", "npc", "major_npc")
SHIELDS = ("none", "small", "medium", "large")
PAIN = ("normal", "high", "low")
RESISTANCE = ("normal", "resistant", "fragile")
ANIMALS = ("carnivore", "prey")
MAX_SKILLS = 12
NAME_LIMIT = 60  # characters in a fighter's name
# The fields the pipeline changes as a fight goes on (see Fighter._evolve).
_EVOLVING = frozenset({"track", "fudge_points", "shield_state"})
SCALE_LIMIT = 40

_FIELDS = (
    "name", "role", "skills", "attack_skill", "defence_skill", "plus_skills", "initiative", "speed",
    "speed_power", "strength", "damage_capacity", "strength_scale", "mass_scale", "size_scale",
    "weapon", "armor", "shield", "track", "pain_threshold", "tough_hide", "resistance",
    "combat_reflexes", "fudge_points", "animal", "shield_state", "boxes",
)


def _err(message: str, where: str) -> SheetError:
    return SheetError(message, field=where)


def _level(value: Any, where: str) -> int:
    """A trait level from a number or a name ("Good", "Superb")."""
    return ladder.check_trait(ladder.parse(value, field=where), field=where)


def _unmarked_other_boxes(track: Any, boxes: tuple[int, ...]) -> bool:
    """Is ``track`` a box track with no mark at all whose shape differs from ``boxes``? Such a
    track is a fresh one (kept after healing or by an edit), so his own boxes may replace it."""
    if not isinstance(track, wounds.WoundTrack) or track.kind != "boxes":
        return False
    fresh = (not track.marked_wounds() and not track.dead and track.stun == wounds.NO_STUN
             and not (track.shrugged or track.dropped or track.deferred))
    return fresh and tuple(map(len, track.marks)) != tuple(boxes)


@dataclass(frozen=True)
class Fighter:
    """One combatant.

    ``skills`` pairs each combat skill's name with its level; ``attack_skill`` names the one used
    to attack (default: the first) and ``defence_skill`` the one used to defend in alternating
    turns (F95 4.23: "a Defensive parry skill may simply equal the weapon skill" — None means
    exactly that; an ``animal`` without one defends one level below (carnivore) or above (prey)
    its offence). ``plus_skills`` are skills with a "plus" level (F95 4.36). ``initiative`` is an
    Initiative trait (Reflexes, Speed…; None: a situational roll from Fair); ``speed`` a Speed
    trait for the Speed contest; ``speed_power`` a Power that lets him strike unopposed every
    other round (F95 4.36). ``size_scale`` is the Scale of his body's size for the minimum to hit
    (MUD 4.58; a dense golem keeps human size); it defaults to ``mass_scale``. ``fudge_points``
    are Fudge Points (MUD: Meta Points) he may spend to lower a wound (F95/MUD 4.64).
    ``role`` is ``"pc"``, ``"npc"`` (a pawn: the three-stage track when ``wounds.pawn_track`` is
    on, no PC-death guards) or ``"major_npc"``. ``track`` is his wound track; None until he is
    first wounded, meaning a fresh track as the rules in force make it (:meth:`track_for`).
    ``pain_threshold`` (``"high"``/``"low"``, F95 4.51), ``tough_hide`` (F95 4.58),
    ``resistance`` (``"resistant"``/``"fragile"``, F95 4.52) and ``combat_reflexes`` (+1 to
    initiative, F95 4.23) are the gifts and faults the rules read. ``shield_state``: his
    shield's damage points and wear under Combat Options shields (CO 2.3; None: a fresh shield
    with no wear tracked); a fighter with ``co.shield`` uses his ``"Shield"`` skill (CO 2.1).
    """

    name: str
    skills: tuple[tuple[str, int], ...]
    role: str = "pc"
    attack_skill: str = ""
    defence_skill: str | None = None
    plus_skills: tuple[str, ...] = ()
    initiative: int | None = None
    speed: int | None = None
    speed_power: bool = False
    strength: int = 0
    damage_capacity: int = 0
    strength_scale: int = 0
    mass_scale: int = 0
    size_scale: int | None = None
    weapon: Weapon = field(default_factory=Weapon)
    armor: Armor = field(default_factory=Armor)
    shield: str = "none"
    track: wounds.WoundTrack | None = None
    pain_threshold: str = "normal"
    tough_hide: int = 0
    resistance: str = "normal"
    combat_reflexes: bool = False
    fudge_points: int = 0
    animal: str | None = None
    shield_state: ShieldState | None = None
    boxes: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        # Fill the derived defaults, then validate through the one JSON door.
        if isinstance(self.skills, dict):
            object.__setattr__(self, "skills", tuple(self.skills.items()))
        if not self.attack_skill and self.skills:
            object.__setattr__(self, "attack_skill", self.skills[0][0])
        if self.size_scale is None:
            object.__setattr__(self, "size_scale", self.mass_scale)
        if isinstance(self.boxes, list):
            object.__setattr__(self, "boxes", tuple(self.boxes))
        if self.boxes is not None and _unmarked_other_boxes(self.track, self.boxes):
            object.__setattr__(self, "track", None)
        checked = Fighter.from_dict(self.to_dict(), _check_only=True)
        del checked

    # --- reading ---------------------------------------------------------------------------

    def skill(self, name: str | None = None) -> int:
        """The level of a named skill (default: the attack skill)."""
        name = name or self.attack_skill
        for skill_name, level in self.skills:
            if skill_name == name:
                return level
        raise RequestError(f"{self.name} has no skill called {name!r}.", field="skill")

    @property
    def offence(self) -> int:
        """The attack skill's level."""
        return self.skill(self.attack_skill)

    @property
    def defence(self) -> int:
        """The defence skill's level (F95 4.23): the named defence skill, an animal's default,
        or the attack skill itself (a parry equal to the weapon skill)."""
        if self.defence_skill:
            return self.skill(self.defence_skill)
        if self.animal:
            return animal_defence(self.offence, self.animal)
        return self.offence

    @property
    def body_scale(self) -> int:
        """His size Scale for the minimum to hit (F95 4.22, MUD 4.58): ``size_scale``, which
        defaults to his Mass Scale."""
        return self.mass_scale if self.size_scale is None else self.size_scale

    def has_plus(self, name: str | None = None) -> bool:
        """Does this skill have a "plus" level (F95 4.36)?"""
        return (name or self.attack_skill) in self.plus_skills

    @property
    def resistant(self) -> int:
        """+1 Damage Resistant, −1 Fragile, 0 otherwise (F95 4.52 alternative 2)."""
        return {"normal": 0, "resistant": 1, "fragile": -1}[self.resistance]

    def track_for(self, rules: RuleSet) -> wounds.WoundTrack:
        """His wound track; a fighter not yet wounded (``track`` None) gets a fresh one as the
        rules make it for his role (three stages for a pawn NPC, F95 4.57)."""
        if self.track is not None:
            return self.track
        return wounds.WoundTrack.new(rules, role=self.role, capacity=self.damage_capacity, boxes=self.boxes)

    def current_level(self, rules: RuleSet) -> int:
        """His wound level now (``wounds.UNDAMAGED`` … ``wounds.DEAD``)."""
        return self.track_for(rules).worst

    def current_penalty(self, rules: RuleSet) -> int:
        """His wound penalty now (F95 4.51: Hurt −1, Very Hurt −2; a High Pain Threshold lowers
        it by one, a Low one raises it by one), read from his wound track."""
        return self.track_for(rules).penalty(rules=rules, pain=self.pain_threshold)

    def can_fight(self, rules: RuleSet) -> bool:
        """False once Incapacitated or worse, knocked out or dropped (F95 4.51: "incapable of any
        actions"; F95 4.62 knockout)."""
        return self.track_for(rules).can_act()

    def with_track(self, track: wounds.WoundTrack) -> Fighter:
        """A copy with a new wound track (after a wound or healing), checked whole."""
        return replace(self, track=track)

    def with_fudge_points(self, points: int) -> Fighter:
        """A copy with this many Fudge (Meta) Points left, checked whole."""
        return replace(self, fudge_points=points)

    def _evolve(self, **changes: Any) -> Fighter:
        """A copy with the state the attack pipeline changes (``track``, ``fudge_points``,
        ``shield_state``, each from the rules' own outcomes), checked field by field rather than
        re-validating the whole fighter: the rest was validated when he was made, and a blow
        changes nothing else. This is the hot path of the odds (a blow per run), where
        ``dataclasses.replace`` would re-run :meth:`__post_init__`'s full check every time.
        Input from outside (JSON, the public ``with_*`` methods) is still checked whole."""
        unknown = set(changes) - _EVOLVING
        if unknown:
            raise TypeError(f"_evolve changes only {sorted(_EVOLVING)}, not {sorted(unknown)}")
        if "track" in changes and changes["track"] is not None and not isinstance(changes["track"], wounds.WoundTrack):
            raise _err("track must be a wound track.", "track")
        if "fudge_points" in changes:
            check.whole(changes["fudge_points"], "fudge_points", 0, 99)
        state = changes.get("shield_state")
        if state is not None and not isinstance(state, ShieldState):
            raise _err("shield_state must be a shield's state.", "shield_state")
        if state is not None and self.shield == "none":
            raise _err("shield_state describes a shield: say which one they carry (shield).", "shield")
        obj = object.__new__(Fighter)
        obj.__dict__.update(self.__dict__)
        obj.__dict__.update(changes)
        return obj

    # --- JSON ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field by name; ``skills`` as ``{name: level}`` in order, weapon and
        armor as their own dicts, ``track`` as the wound track's dict (None: not yet wounded,
        a fresh track under the rules in force)."""
        return {
            "name": self.name,
            "role": self.role,
            "skills": {n: lv for n, lv in self.skills},
            "attack_skill": self.attack_skill,
            "defence_skill": self.defence_skill,
            "plus_skills": list(self.plus_skills),
            "initiative": self.initiative,
            "speed": self.speed,
            "speed_power": self.speed_power,
            "strength": self.strength,
            "damage_capacity": self.damage_capacity,
            "strength_scale": self.strength_scale,
            "mass_scale": self.mass_scale,
            "size_scale": self.size_scale,
            "weapon": self.weapon.to_dict(),
            "armor": self.armor.to_dict(),
            "shield": self.shield,
            "track": None if self.track is None else self.track.to_dict(),
            "pain_threshold": self.pain_threshold,
            "tough_hide": self.tough_hide,
            "resistance": self.resistance,
            "combat_reflexes": self.combat_reflexes,
            "fudge_points": self.fudge_points,
            "animal": self.animal,
            "shield_state": None if self.shield_state is None else self.shield_state.to_dict(),
            "boxes": None if self.boxes is None else list(self.boxes),
        }

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "fighter", _check_only: bool = False) -> Fighter:
        """Read a fighter from JSON, validating every field; unknown fields are refused.

        Required: ``name`` and ``skills`` (``{"Sword": "Great"}`` or ``{"Sword": 2}``, or a
        sheet's rows ``[["Sword", 2], ["Shield", 3]]``, where a name written twice is refused). Trait
        levels may be names or numbers. Missing fields take their defaults; a missing ``track``
        means a fresh one as the rules in force make it (see :meth:`track_for`).
        """
        check.obj(data, field, _FIELDS, at_key=True)
        f = field
        if "name" not in data:
            raise _err(f"{f} needs a name.", f"{f}.name")
        name = check.name(data["name"], f"{f}.name", NAME_LIMIT)
        role = check.choice(data.get("role", "pc"), f"{f}.role", ROLES)
        skills, attack_skill, defence_skill, plus = _read_skills(data, f)

        def opt_level(key: str) -> int | None:
            value = data.get(key)
            return None if value is None else _level(value, f"{f}.{key}")

        mass_scale = check.whole(data.get("mass_scale", 0), f"{f}.mass_scale", -SCALE_LIMIT, SCALE_LIMIT)
        size_scale = data.get("size_scale")
        size_scale = mass_scale if size_scale is None else check.whole(
            size_scale, f"{f}.size_scale", -SCALE_LIMIT, SCALE_LIMIT)
        weapon, armor, track, animal, shield_state, boxes = _read_gear(data, f)
        values = dict(
            name=name,
            skills=skills,
            role=role,
            attack_skill=attack_skill,
            defence_skill=defence_skill,
            plus_skills=tuple(plus),
            initiative=opt_level("initiative"),
            speed=opt_level("speed"),
            speed_power=check.flag(data.get("speed_power", False), f"{f}.speed_power"),
            strength=_level(data.get("strength", 0), f"{f}.strength"),
            damage_capacity=_level(data.get("damage_capacity", 0), f"{f}.damage_capacity"),
            strength_scale=check.whole(data.get("strength_scale", 0), f"{f}.strength_scale", -SCALE_LIMIT, SCALE_LIMIT),
            mass_scale=mass_scale,
            size_scale=size_scale,
            weapon=weapon,
            armor=armor,
            shield=check.choice(data.get("shield", "none"), f"{f}.shield", SHIELDS),
            track=track,
            pain_threshold=check.choice(data.get("pain_threshold", "normal"), f"{f}.pain_threshold", PAIN),
            tough_hide=check.whole(data.get("tough_hide", 0), f"{f}.tough_hide", 0, 20),
            resistance=check.choice(data.get("resistance", "normal"), f"{f}.resistance", RESISTANCE),
            combat_reflexes=check.flag(data.get("combat_reflexes", False), f"{f}.combat_reflexes"),
            fudge_points=check.whole(data.get("fudge_points", 0), f"{f}.fudge_points", 0, 99),
            animal=animal,
            shield_state=shield_state,
            boxes=boxes,
        )
        if _check_only:
            return None  # type: ignore[return-value]
        obj = object.__new__(cls)
        for key, value in values.items():
            object.__setattr__(obj, key, value)
        return obj


def _read_skills(data: dict[str, Any], f: str) -> tuple[tuple[tuple[str, int], ...], Any, Any, Any]:
    """A fighter's skills from JSON (a dict or a sheet's rows), his attack and defence skills
    and his "plus" skills, each checked against the others."""
    raw_skills = data.get("skills")
    rows = isinstance(raw_skills, list) and all(isinstance(p, list) and len(p) == 2 for p in raw_skills)
    pairs = raw_skills if rows else list(raw_skills.items()) if isinstance(raw_skills, dict) else None
    if pairs is None or not 1 <= len(pairs) <= MAX_SKILLS:
        raise _err(f"{f}.skills must name 1 to {MAX_SKILLS} combat skills with their levels.",
                   f"{f}.skills")
    skills = tuple(
        (check.name(k, f"{f}.skills[{i}]" if rows else f"{f}.skills"), _level(v, f"{f}.skills.{k}"))
        for i, (k, v) in enumerate(pairs)
    )
    if rows:
        # A sheet's rows as [name, level] pairs: a name written twice is refused, not merged.
        seen: set[str] = set()
        for i, (k, _) in enumerate(skills):
            if k.strip() in seen:
                raise _err(f"{f}.skills: two skills are called {k.strip()!r}.", f"{f}.skills[{i}]")
            seen.add(k.strip())
    names = [k for k, _ in skills]
    attack_skill = data.get("attack_skill") or names[0]
    if attack_skill not in names:
        raise _err(f"{f}.attack_skill {attack_skill!r} is not one of their skills.", f"{f}.attack_skill")
    defence_skill = data.get("defence_skill")
    if defence_skill is not None and defence_skill not in names:
        raise _err(f"{f}.defence_skill {defence_skill!r} is not one of their skills.", f"{f}.defence_skill")
    plus = data.get("plus_skills", [])
    if not isinstance(plus, (list, tuple)) or any(p not in names for p in plus) or len(set(plus)) != len(plus):
        raise _err(f"{f}.plus_skills must list some of their skills, each once.", f"{f}.plus_skills")
    return skills, attack_skill, defence_skill, plus


def _read_gear(data: dict[str, Any], f: str) -> tuple[Weapon, Armor, wounds.WoundTrack | None, Any,
                                                     ShieldState | None, tuple[int, ...] | None]:
    """A fighter's weapon, armor, wound track, animal kind, shield state and wound boxes from
    JSON, in the order they are checked."""
    weapon = data.get("weapon")
    weapon = weapon if isinstance(weapon, Weapon) else (
        Weapon() if weapon is None else Weapon.from_dict(weapon, field=f"{f}.weapon"))
    armor = data.get("armor")
    armor = armor if isinstance(armor, Armor) else (
        Armor() if armor is None else Armor.from_dict(armor, field=f"{f}.armor"))
    track = data.get("track")
    if track is not None and not isinstance(track, wounds.WoundTrack):
        track = wounds.WoundTrack.from_dict(track, field=f"{f}.track")
    animal = data.get("animal")
    if animal is not None:
        check.choice(animal, f"{f}.animal", ANIMALS)
    shield_state = data.get("shield_state")
    if shield_state is not None and not isinstance(shield_state, ShieldState):
        shield_state = ShieldState.from_dict(shield_state, field=f"{f}.shield_state")
    if shield_state is not None and data.get("shield", "none") == "none":
        raise _err(f"{f}.shield_state describes a shield: say which one they carry ({f}.shield).", f"{f}.shield")
    boxes = data.get("boxes")
    if boxes is not None:
        boxes = tuple(wound_levels.check_boxes(list(boxes) if isinstance(boxes, tuple) else boxes, f"{f}.boxes"))
        if _unmarked_other_boxes(track, boxes):
            track = None  # a fresh track of the old shape: his own boxes replace it
        elif track is not None and track.kind == "boxes" and tuple(map(len, track.marks)) != boxes:
            raise _err(f"{f}.boxes: their wound track already holds wounds in "
                       f"{'/'.join(str(len(m)) for m in track.marks)} boxes; heal them before "
                       "changing their boxes.", f"{f}.boxes")
    return weapon, armor, track, animal, shield_state, boxes
