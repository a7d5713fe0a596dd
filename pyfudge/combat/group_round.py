"""A group round as declared and rolled (F95 4.34, MUD 4.34, F93 4.64): the lone fighter and
each foe (:class:`Contender`), how the foes roll, and the round (:class:`GroupRound`), read and
checked from JSON. :mod:`.multi` resolves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core import dice, ladder
from ..core.errors import DiceError, RequestError
from ..rules.actions import Modifier
from .reading import need_bool, need_name, read_modifiers, read_roll, reject_unknown

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet

__all__ = ["Space", "Contender", "NpcRoll", "GroupRound", "group_roll_dice", "read_group_roll", "read_space"]


class Space(StrEnum):
    """Where a lone fighter stands, for how many foes can reach him (F95 4.34); the JSON's values."""

    OPEN = "open"
    CRAMPED = "cramped"
    DOORWAY = "doorway"


_SPACES = tuple(Space)


def group_roll_dice(rules: RuleSet) -> dict[str, Any]:
    """The dice of the GM's one roll for all the foes: ``{"dice": "2dF"|"4dF", "count": n}`` —
    2dF (F95/MUD 4.34), or the usual four Fudge dice (F93 4.64; a total is read as 4dF). The
    group round reads the roll, and the encounter's view offers its entry, by this."""
    count = 2 if rules["multi.group_dice"] == "2dF" else 4
    return {"dice": f"{count}dF", "count": count}


# --- inputs ------------------------------------------------------------------------------------

def read_space(raw: Any, where: str) -> Space:
    """Where the lone fighter stands (``open``, ``cramped`` or ``doorway``)."""
    if raw not in _SPACES:
        raise RequestError(f"space must be one of {', '.join(_SPACES)}.", field=where)
    return Space(raw)


def read_group_roll(raw: Any, where: str, rules: RuleSet | None) -> tuple[int, tuple[int, ...]]:
    """The GM's one roll for all the foes, ``{"faces": [...]}`` or ``{"roll": n}``: its total and
    faces. With ``rules`` its dice are :func:`group_roll_dice`'s; without, as many as the faces."""
    count = 2 if rules is None else group_roll_dice(rules)["count"]
    raw = reject_unknown(raw, {"roll", "faces"}, where)
    if rules is None and raw.get("faces") is not None:
        count = len(raw["faces"]) if isinstance(raw["faces"], list) else 4
        count = count if count in (2, 4) else 4
    return read_roll(raw, where, count=count)


_CONTENDER_KEYS = frozenset({"name", "level", "roll", "faces", "modifiers", "ignored", "needs", "d6",
                             "lone_modifiers", "all_out", "stance"})
_ALL_OUT = ("none", "offense", "defense")


@dataclass(frozen=True)
class Contender:
    """The lone fighter or one foe in a group melee round.

    ``level`` is the combat skill; ``roll`` the dice total (``faces`` when entered as dice) — for
    a foe, ``None`` when the GM's group roll or the fixed NPC result applies. ``modifiers`` are
    this round's other modifiers (wounds, position…); the multi-foe penalty is added by the rules.
    ``ignored`` (foes only): the lone fighter does not defend against this foe. ``needs``: the
    lowest result that hits the other side (F95 4.22: Poor against an equal-sized foe).
    ``d6``: a foe's faces for the 1d6 method (F93 4.5: one d6, and a second on a 1 or a 6).
    ``lone_modifiers`` (foes only): modifiers to the lone fighter's result against this foe alone
    (the foe's shield, F95 4.31: :func:`.multi.group_shields`). ``all_out``: what he declared (F95
    4.31), for who wins a tie (``multi.all_out_ties``); its +1 is one of his ``modifiers``.
    ``stance``: his stance's offence modifier, +2 (Berserk) to −2 (Defensive), the opposite to
    his defence (F95/MUD 4.32): not among his ``modifiers``, since his offence and his defence
    differ (:mod:`.multi` compares each side's offence with the other's defence).
    """

    name: str
    level: int
    roll: int | None = None
    faces: tuple[int, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    ignored: bool = False
    needs: int = ladder.POOR
    d6: tuple[int, ...] = ()
    lone_modifiers: tuple[Modifier, ...] = ()
    all_out: str = "none"
    stance: int = 0

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "contender", technique: str | None = None) -> Contender:
        """Read and validate a contender; ``roll``/``faces`` may be left out for a foe. A ``roll``
        total is read with ``technique`` (the ruleset's ``dice.technique``; 4dF if not given)."""
        reject_unknown(data, _CONTENDER_KEYS, field)
        name = need_name(data.get("name"), f"{field}.name")
        # A level as a fighter's sheet takes it: a ladder name ("Superb") or a number.
        level = ladder.check_trait(ladder.parse(data.get("level"), field=f"{field}.level"), field=f"{field}.level")
        roll: int | None = None
        faces: tuple[int, ...] = ()
        if data.get("roll") is not None or data.get("faces") is not None:
            roll, faces = read_roll(data, field, technique=technique)
        mods = read_modifiers(data.get("modifiers"), f"{field}.modifiers")
        ignored = need_bool(data.get("ignored", False), f"{field}.ignored")
        needs = ladder.check_level(ladder.parse(data.get("needs", ladder.POOR), field=f"{field}.needs"),
                                   field=f"{field}.needs", low=-8, high=8)
        d6: tuple[int, ...] = ()
        if data.get("d6") is not None:
            raw = data["d6"]
            count = len(raw) if isinstance(raw, list) and len(raw) in (1, 2) else 1
            d6 = dice.check_d6_faces(raw, count, field=f"{field}.d6")
        against = read_modifiers(data.get("lone_modifiers"), f"{field}.lone_modifiers")
        all_out = data.get("all_out", "none")
        if all_out not in _ALL_OUT:
            raise RequestError(f"all_out must be none, offense or defense, not {all_out!r}.", field=f"{field}.all_out")
        stance = data.get("stance", 0)
        if isinstance(stance, bool) or stance not in (-2, -1, 0, 1, 2):
            raise RequestError(f"stance must be the offence modifier, −2 to +2, not {stance!r}.",
                               field=f"{field}.stance")
        return cls(name, level, roll, faces, mods, ignored, needs, d6, against, all_out, stance)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of :meth:`from_dict`."""
        out: dict[str, Any] = {"name": self.name, "level": self.level}
        if self.faces:
            out["faces"] = list(self.faces)
        elif self.roll is not None:
            out["roll"] = self.roll
        out["modifiers"] = [m.to_dict() for m in self.modifiers]
        out["ignored"] = self.ignored
        out["needs"] = self.needs
        if self.d6:
            out["d6"] = list(self.d6)
        if self.lone_modifiers:
            out["lone_modifiers"] = [m.to_dict() for m in self.lone_modifiers]
        if self.all_out != "none":
            out["all_out"] = self.all_out
        if self.stance:
            out["stance"] = self.stance
        return out


class NpcRoll(StrEnum):
    """How the GM rolls for the foes of a group round (F95 4.33-4.34, F93 4.64); the JSON's values."""

    EACH = "each"
    GROUP = "group"
    FIXED = "fixed"
    D6 = "d6"


_NPC_MODES = tuple(NpcRoll)
_ROUND_KEYS = frozenset({"lone", "foes", "npc_roll", "group_roll", "targets", "space"})


@dataclass(frozen=True)
class GroupRound:
    """One simultaneous round of a lone fighter against several foes, as declared and rolled.

    ``npc_roll``: ``"each"`` (every foe rolls), ``"group"`` (the GM rolls once for all, F95 4.34:
    ``group_roll`` is ``{"faces": [...]}`` or ``{"roll": n}``), ``"fixed"`` (every foe scores its
    trait level, F95 4.33), ``"d6"`` (the 1d6 method, F95 4.34 / F93 4.5: each foe's ``d6``).
    ``targets``: the foe(s) the lone fighter strikes, chosen after the
    comparison; several only with sweeping blows, in the order the blow cuts through them.
    ``space``: ``"open"``, ``"cramped"`` or ``"doorway"`` (the attacker limit, F95 4.34).
    """

    lone: Contender
    foes: tuple[Contender, ...]
    npc_roll: NpcRoll = NpcRoll.EACH
    group_roll: int | None = None
    group_faces: tuple[int, ...] = ()
    targets: tuple[str, ...] = ()
    space: Space = Space.OPEN

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "round", rules: RuleSet | None = None) -> GroupRound:
        """Read and validate a round. With ``rules``, the group roll's dice count is checked too."""
        reject_unknown(data, _ROUND_KEYS, field)
        technique = None if rules is None else rules["dice.technique"]
        lone = Contender.from_dict(data.get("lone"), field=f"{field}.lone", technique=technique)
        if lone.roll is None:
            raise DiceError("The lone fighter needs a roll.", field=f"{field}.lone.roll")
        if lone.ignored:
            raise RequestError("Only a foe can be ignored.", field=f"{field}.lone.ignored")
        if lone.lone_modifiers:
            raise RequestError("Modifiers to the lone fighter against one foe belong to that foe.",
                               field=f"{field}.lone.lone_modifiers")
        raw = data.get("foes")
        if not isinstance(raw, list) or not 1 <= len(raw) <= 12:
            raise RequestError("foes must be a list of 1 to 12 foes.", field=f"{field}.foes")
        foes = tuple(Contender.from_dict(f, field=f"{field}.foes[{i}]", technique=technique)
                     for i, f in enumerate(raw))
        mode = data.get("npc_roll", "each")
        if mode not in _NPC_MODES:
            raise RequestError(f"npc_roll must be one of {', '.join(_NPC_MODES)}.", field=f"{field}.npc_roll")
        group_total: int | None = None
        group_faces: tuple[int, ...] = ()
        if mode == "group":
            group_total, group_faces = read_group_roll(data.get("group_roll"), f"{field}.group_roll", rules)
        elif data.get("group_roll") is not None:
            raise RequestError("group_roll is only for npc_roll 'group'.", field=f"{field}.group_roll")
        targets_raw = data.get("targets", [])
        if not isinstance(targets_raw, list) or len(targets_raw) > 12:
            raise RequestError("targets must be a list of foe names.", field=f"{field}.targets")
        targets = tuple(need_name(t, f"{field}.targets[{i}]") for i, t in enumerate(targets_raw))
        space = read_space(data.get("space", "open"), f"{field}.space")
        for i, foe in enumerate(foes):
            # Each foe's dice must fit the way the NPCs roll this round, or they would be ignored.
            if mode != "each" and foe.roll is not None:
                raise RequestError(f"With npc_roll {mode!r} a foe rolls no dice of its own.",
                                   field=f"{field}.foes[{i}].roll")
            if mode != "d6" and foe.d6:
                raise RequestError("A foe's d6 is only for npc_roll 'd6'.", field=f"{field}.foes[{i}].d6")
        made = cls(lone, foes, NpcRoll(mode), group_total, group_faces, targets, space)
        made.check_names(field)
        return made

    def check_names(self, where: str = "") -> None:
        """Foe names must be distinct and differ from the lone fighter's; targets must be foes.
        ``where`` prefixes the field of an error (``"round"``)."""
        at = f"{where}." if where else ""
        names = [f.name for f in self.foes]
        for i, name in enumerate(names):
            if name in names[:i] or name == self.lone.name:
                raise RequestError(f"Two fighters are both called {name!r}.", field=f"{at}foes[{i}].name")
        for i, target in enumerate(self.targets):
            if target not in names:
                raise RequestError(f"{target!r} is not one of the foes.", field=f"{at}targets[{i}]")
            if target in self.targets[:i]:
                raise RequestError(f"{target!r} is named twice.", field=f"{at}targets[{i}]")

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of :meth:`from_dict`."""
        out: dict[str, Any] = {
            "lone": self.lone.to_dict(),
            "foes": [f.to_dict() for f in self.foes],
            "npc_roll": self.npc_roll,
            "targets": list(self.targets),
            "space": self.space,
        }
        if self.npc_roll == "group":
            out["group_roll"] = (
                {"faces": list(self.group_faces)} if self.group_faces else {"roll": self.group_roll}
            )
        return out
