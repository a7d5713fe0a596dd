"""Weapons, armor and their catalogues as data (F95 4.54 as the examples fix it; MUD 4.54 whole; CO 1).

``Weapon`` and ``Armor`` (re-exported by ``pyfudge.rules.damage``) are the frozen values a fighter carries.

F95 lost the numeric lists of 4.54 in our copy; its worked examples still fix many values, and
those are the F95 catalogue (each entry names the example that fixes it). MUD 4.54 prints a
complete table of its own. CO 1.3/1.4 give Armor Values and Coverage Values. Every catalogue
is plain JSON-native data: the ruleset options ``damage.weapons`` / ``damage.armors`` /
``co.armor_values`` / ``co.coverage_values`` start from these and a GM may edit them.
Entries use the shapes of ``damage.Weapon.to_dict()`` / ``damage.Armor.to_dict()`` (missing
fields take their defaults).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.checks import SHEET as check
from ..core.errors import FudgeError, OptionError, RequestError, SheetError
from ..core.options import need_dict, need_int, need_list, need_text

if TYPE_CHECKING:  # pragma: no cover
    from ..core.ruleset import RuleSet

SCALE_LIMIT = 40

# ---------------------------------------------------------------------------------------------
# Weapons and armor (W-FACTORS, W-SCALE, CO-ARMOR)
# ---------------------------------------------------------------------------------------------

GUN_BONUS = {"none": 0, "gun": 2, "high_tech": 4}  # MUD 4.54: Gun extra +2, High-tech Gun +4
PIERCING = ("none", "halve", "ignore")             # F95 4.58 scale-piercing weapons


@dataclass(frozen=True)
class Weapon:
    """A weapon (or unarmed attack, or spell's Power Value) as its damage factors.

    ``size`` is F95 4.54's size part / MUD 4.54's Weapon Value; ``sharp`` F95's sharpness (+1);
    ``muscle`` says whether the wielder's Strength and Strength Scale count (F95 4.54: "muscle-
    powered weapons only"); ``strength`` is the weapon's own Strength for guns, crossbows, beams
    (F95 4.54, 4.4); ``gun`` adds MUD 4.54's +2 (gun) or +4 (high-tech gun); ``bonus`` holds other
    weapon factors (MUD monomolecular / exploding ammunition / automatic fire +1, a GM ruling);
    ``magic`` a magic weapon's bonus (F95 4.7's magic sword +1); ``heavy_blunt`` marks maces and
    flails (F95 4.54 optional: halve armor); ``scale_piercing`` is ``"halve"`` or ``"ignore"``
    (F95 4.58); ``scaled`` says a non-muscle weapon is scaled to its wielder's size, so Strength
    Scale counts (F95 4.54 note: giant-sized handguns); ``tech`` is its technological level used
    as Scale (F95 4.65, option ``damage.tech_scale``).
    """

    name: str = "Bare hands"
    size: int = 0
    sharp: int = 0
    muscle: bool = True
    strength: int = 0
    gun: str = "none"
    bonus: int = 0
    magic: int = 0
    heavy_blunt: bool = False
    scale_piercing: str = "none"
    scaled: bool = False
    tech: int = 0
    note: str = ""

    def __post_init__(self) -> None:
        Weapon.from_dict(self.to_dict())  # one validation path for both doors

    @property
    def value(self) -> int:
        """The weapon's whole offensive factor (before the less-lethal option)."""
        return self.size + self.sharp + self.strength + GUN_BONUS[self.gun] + self.bonus + self.magic

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: every field by name (see the class docstring)."""
        return {
            "name": self.name, "size": self.size, "sharp": self.sharp, "muscle": self.muscle,
            "strength": self.strength, "gun": self.gun, "bonus": self.bonus, "magic": self.magic,
            "heavy_blunt": self.heavy_blunt, "scale_piercing": self.scale_piercing,
            "scaled": self.scaled, "tech": self.tech, "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "weapon") -> Weapon:
        """Read a weapon from JSON; missing fields take their defaults, unknown ones are refused."""
        d = check.obj(data, field, _WEAPON_FIELDS)
        if "name" not in d:
            raise SheetError(f"{field} needs a name.", field=f"{field}.name")
        return _make(cls, {
            "name": check.name(d["name"], f"{field}.name", 80),
            "size": check.whole(d.get("size", 0), f"{field}.size", -10, 20),
            "sharp": check.whole(d.get("sharp", 0), f"{field}.sharp", 0, 5),
            "muscle": check.flag(d.get("muscle", True), f"{field}.muscle"),
            "strength": check.whole(d.get("strength", 0), f"{field}.strength", -10, 30),
            "gun": check.choice(d.get("gun", "none"), f"{field}.gun", tuple(GUN_BONUS)),
            "bonus": check.whole(d.get("bonus", 0), f"{field}.bonus", -10, 20),
            "magic": check.whole(d.get("magic", 0), f"{field}.magic", -10, 20),
            "heavy_blunt": check.flag(d.get("heavy_blunt", False), f"{field}.heavy_blunt"),
            "scale_piercing": check.choice(d.get("scale_piercing", "none"), f"{field}.scale_piercing", PIERCING),
            "scaled": check.flag(d.get("scaled", False), f"{field}.scaled"),
            "tech": check.whole(d.get("tech", 0), f"{field}.tech", -SCALE_LIMIT, SCALE_LIMIT),
            "note": check.text(d.get("note", ""), f"{field}.note", 120, empty=True),
        })


@dataclass(frozen=True)
class Armor:
    """Armor as a defensive factor.

    ``value`` is F95 4.54's armor value, MUD 4.54's Armor Value (its effectiveness against the
    weapon at hand, rated by the GM) or, under CO 1, the Armor Value (AV); ``magic`` adds for
    magical armor (F95 4.54 note); ``coverage`` is CO 1's Coverage Value (CV): a degree of success
    above it ignores the armor (``None``: not rated, never bypassed); ``tech`` is its technological
    level used as Scale (F95 4.65).
    """

    name: str = "No armor"
    value: int = 0
    magic: int = 0
    coverage: int | None = None
    tech: int = 0
    note: str = ""

    def __post_init__(self) -> None:
        Armor.from_dict(self.to_dict())

    @property
    def protection(self) -> int:
        """The armor's whole defensive factor."""
        return self.value + self.magic

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"name", "value", "magic", "coverage" (int or null), "tech", "note"}``."""
        return {"name": self.name, "value": self.value, "magic": self.magic,
                "coverage": self.coverage, "tech": self.tech, "note": self.note}

    @classmethod
    def from_dict(cls, data: Any, *, field: str = "armor") -> Armor:
        """Read armor from JSON; missing fields take their defaults, unknown ones are refused."""
        d = check.obj(data, field, _ARMOR_FIELDS)
        if "name" not in d:
            raise SheetError(f"{field} needs a name.", field=f"{field}.name")
        coverage = d.get("coverage")
        return _make(cls, {
            "name": check.name(d["name"], f"{field}.name", 80),
            "value": check.whole(d.get("value", 0), f"{field}.value", -10, 30),
            "magic": check.whole(d.get("magic", 0), f"{field}.magic", -10, 20),
            "coverage": None if coverage is None else check.whole(coverage, f"{field}.coverage", 0, 20),
            "tech": check.whole(d.get("tech", 0), f"{field}.tech", -SCALE_LIMIT, SCALE_LIMIT),
            "note": check.text(d.get("note", ""), f"{field}.note", 120, empty=True),
        })


_Gear = type[Weapon] | type[Armor]
# A gear entry to rank: its dict, its index in the catalogue in force (or None), the table it is from.
_Entry = tuple[dict[str, Any], int | None, str | None]
_WEAPON_FIELDS = tuple(Weapon.__dataclass_fields__)
_ARMOR_FIELDS = tuple(Armor.__dataclass_fields__)


def _make(cls: type, values: dict) -> Any:
    """Build a dataclass without re-running its __post_init__ validation (already done)."""
    obj: Any = object.__new__(cls)
    for key, value in values.items():
        object.__setattr__(obj, key, value)
    return obj


# F95 weapons: values the examples fix (RULES.md "Known gaps and errata").
F95_WEAPONS: list[dict] = [
    # F95 4.58 Sheba: "martial art skill normally earns her a +0 to damage, and boots normally +0".
    {"name": "Unarmed, martial arts", "size": 0, "note": "F95 4.58 (Sheba)"},
    {"name": "Thick boots", "size": 0, "note": "F95 4.58 (Sheba); with martial arts the GM allowed +1"},
    # F95 4.31: "a knife ... +1 to damage" (the split into size/sharpness is not printed).
    {"name": "Knife", "size": 1, "note": "F95 4.31"},
    # F95 4.55 Leroy: "Broadsword (+2 for size, +1 for sharpness = +3 weapon)".
    {"name": "Broadsword", "size": 2, "sharp": 1, "note": "F95 4.55 (Leroy)"},
    # F95 4.58 Wilbur / 4.31: "Two-handed sword: +4 (+3 for size, +1 for sharpness)".
    {"name": "Two-handed sword", "size": 3, "sharp": 1, "note": "F95 4.58 (Wilbur), 4.31"},
    # F95 4.7 Brynhild: "Axe (+2 for size, +1 for Sharpness = +3)".
    {"name": "Axe", "size": 2, "sharp": 1, "note": "F95 4.7 (Brynhild)"},
    # F95 4.55 Theodora: "Poleaxe (+4)" (split not printed).
    {"name": "Poleaxe", "size": 4, "note": "F95 4.55 (Theodora)"},
    # F95 4.58 Fionn: "Shillelagh: +2 (medium sized relative to Fionn, not sharp)".
    {"name": "Shillelagh", "size": 2, "note": "F95 4.58 (Fionn)"},
    # F95 4.54 optional note: "a large mace (+2 weapon)", a heavy blunt metal weapon.
    {"name": "Large mace", "size": 2, "heavy_blunt": True, "note": "F95 4.54"},
    # F95b 4.63 Rachel and Archie.
    {"name": "Quarterstaff", "size": 2, "note": "F95b 4.63 (Rachel)"},
    {"name": "Greatsword", "size": 4, "note": "F95b 4.63 (Archie)"},
    # F95 4.4 guidance for weapons that do not rely on muscle power (a weapon's own Strength).
    {"name": "Derringer", "muscle": False, "strength": 1, "note": "F95 4.4: +1 or even +0"},
    {"name": "Small hand gun", "muscle": False, "strength": 2, "note": "F95 4.4: +2 to +3"},
    {"name": "Two-handed projectile weapon", "muscle": False, "strength": 5, "note": "F95 4.4: +5 and higher"},
    {"name": "Bazooka", "muscle": False, "strength": 10, "note": "F95 4.4: +10 and higher"},
]

# F95 armors the examples fix.
F95_ARMORS: list[dict] = [
    {"name": "No armor", "value": 0, "note": ""},
    {"name": "Light leather", "value": 1, "note": "F95 4.58 (McMurtree)"},
    {"name": "Heavy leather", "value": 2, "note": "F95 4.58 (Sheba), 4.7"},
    {"name": "Boiled leather", "value": 2, "note": "F95 4.55 (Theodora)"},
    {"name": "Light metal armor", "value": 2, "note": "F95 4.52"},
    {"name": "Scale mail", "value": 3, "note": "F95 4.55 (Leroy)"},
    {"name": "Plate armor", "value": 4, "note": "F95 4.54"},
]

# MUD 4.54 Weapon Value, complete; guns get an extra +2, high-tech guns +4 (automatic fire's +1
# belongs to the burst: ranged.autofire).
MUD_WEAPONS: list[dict] = [
    {"name": "Unarmed, no Martial Arts", "size": -1, "note": "MUD 4.54"},
    {"name": "Unarmed, with Martial Arts", "size": 0, "note": "MUD 4.54: Judo, Boxing, Karate"},
    {"name": "Small weapon", "size": 1, "note": "MUD 4.54: knife, brass knuckles, club"},
    {"name": "Medium weapon", "size": 2, "note": "MUD 4.54: sword, axe, longbow, crossbow"},
    {"name": "Large weapon", "size": 3, "note": "MUD 4.54: polearm, trident"},
    {"name": "Huge weapon", "size": 4, "note": "MUD 4.54: small ballista"},
    {"name": "Small gun", "size": 1, "muscle": False, "gun": "gun", "note": "MUD 4.54: derringer, +1 +2 gun"},
    {"name": "Pistol", "size": 2, "muscle": False, "gun": "gun", "note": "MUD 4.54: most pistols"},
    {"name": "Rifle", "size": 3, "muscle": False, "gun": "gun", "note": "MUD 4.54: most rifles"},
    # MUD 4.54 calls an assault rifle +5 (a rifle +3 and the gun +2). Its "Automatic Fire:
    # additional +1" is added per burst by ``ranged.autofire = plus_one``, not baked in here,
    # or a burst would count it twice.
    {"name": "Assault rifle", "size": 3, "muscle": False, "gun": "gun",
     "note": "MUD 4.54: an assault rifle is +5; automatic fire adds +1 per burst"},
    {"name": "Huge gun", "size": 4, "muscle": False, "gun": "gun", "note": "MUD 4.54: some rifles, mortars"},
    {"name": "Medium laser pistol", "size": 2, "muscle": False, "gun": "high_tech",
     "note": "MUD 4.54: medium laser or gyroc pistol +6"},
    {"name": "Monomolecular sword", "size": 2, "bonus": 1, "note": "MUD 4.54: monomolecular +1"},
]

# MUD 4.54 Armor Value: effectiveness against the weapon used (the GM rates it per attack).
MUD_ARMORS: list[dict] = [
    {"name": "Ineffective / unarmored", "value": 0, "note": "MUD 4.54"},
    {"name": "Somewhat effective", "value": 2, "note": "MUD 4.54"},
    {"name": "Effective", "value": 4, "note": "MUD 4.54"},
    {"name": "Very effective", "value": 6, "note": "MUD 4.54"},
    {"name": "Impervious", "value": 8, "note": "MUD 4.54: the weapon has almost no chance"},
]

# CO 1.3: Armor Material -> Armor Value.
CO_ARMOR_VALUES: list[dict] = [
    {"name": "Heavy or hardened leather", "value": 1},
    {"name": "Heavy padded cloth", "value": 1},
    {"name": "Ballistic cloth", "value": 1},
    {"name": "Steel chain with padding", "value": 2},
    {"name": "Bronze plate with under mail coat", "value": 2},
    {"name": "Steel plate with under mail coat", "value": 3},
    {"name": "Heavy ballistic cloth", "value": 2},
    {"name": "Heavy ballistic cloth with ceramic plates", "value": 3},
]

# CO 1.4: Armor Type -> Coverage Value.
CO_COVERAGE_VALUES: list[dict] = [
    {"name": "Vest or Breastplate", "coverage": 1},
    {"name": "Shirt", "coverage": 2},
    {"name": "Hauberk (long shirt)", "coverage": 3},
    {"name": "Partial Suit", "coverage": 4},
    {"name": "Full Suit", "coverage": 5},
]


# ---------------------------------------------------------------------------------------------
# Catalogues (``damage.weapons``, ``damage.armors``, ``co.armor_values``, ``co.coverage_values``)
# ---------------------------------------------------------------------------------------------

def _as_option_error(fn: Any, data: Any, where: str) -> Any:
    try:
        return fn(data, field=where)
    except OptionError:
        raise
    except FudgeError as err:
        raise OptionError(err.message, field=err.field) from None


def _check_catalogue(cls: _Gear) -> Any:
    def check(value: Any, where: str) -> list[dict]:
        need_list(value, where, min_len=0, max_len=200)
        seen: set[str] = set()
        out = []
        for i, entry in enumerate(value):
            item = _as_option_error(cls.from_dict, entry, f"{where}[{i}]")
            key = item.name.strip().lower()
            if key in seen:
                raise OptionError(f"{where}[{i}]: {item.name!r} is listed twice.", field=f"{where}[{i}].name")
            seen.add(key)
            out.append(item.to_dict())
        return out
    return check


def _check_named_values(key: str, low: int, high: int) -> Any:
    def check(value: Any, where: str) -> list[dict]:
        need_list(value, where, max_len=100)
        return [need_dict(e, f"{where}[{i}]", {"name": need_text,
                                                key: lambda v, w: need_int(v, w, low=low, high=high)})
                for i, e in enumerate(value)]
    return check


def weapons(rules: RuleSet) -> list[Weapon]:
    """The weapon catalogue in force (``damage.weapons``)."""
    return [Weapon.from_dict(w) for w in rules["damage.weapons"]]


def armors(rules: RuleSet) -> list[Armor]:
    """The armor catalogue in force (``damage.armors``)."""
    return [Armor.from_dict(a) for a in rules["damage.armors"]]


def find_weapon(rules: RuleSet, name: str, *, field: str = "weapon") -> Weapon:
    """A catalogue weapon by name (case-insensitive), or a :class:`FudgeError`."""
    for w in weapons(rules):
        if isinstance(name, str) and w.name.lower() == name.strip().lower():
            return w
    raise FudgeError(f"No weapon named {name!r} in this ruleset's catalogue.", field=field)


def find_armor(rules: RuleSet, name: str, *, field: str = "armor") -> Armor:
    """A catalogue armor by name (case-insensitive), or a :class:`FudgeError`."""
    for a in armors(rules):
        if isinstance(name, str) and a.name.lower() == name.strip().lower():
            return a
    raise FudgeError(f"No armor named {name!r} in this ruleset's catalogue.", field=field)




# ---------------------------------------------------------------------------------------------
# Finding gear by the words players use ("bow", "chain mail", "spear")
# ---------------------------------------------------------------------------------------------

# Per catalogue entry (by name, lower case): the examples its rule lists (``book``: MUD 4.54's rows,
# the worked examples' own words) and plain words this app adds (``also``: our reading, which a
# search says when it finds an entry by one of them). An entry's ``note`` is searched too, so a
# GM's own entries are found by what he wrote there.
GEAR_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # MUD 4.54 Weapon Value: each row's examples.
    "unarmed, no martial arts": (("unarmed",), ("fist", "punch", "kick", "brawl")),
    "unarmed, with martial arts": (("judo", "boxing", "karate"), ("martial arts", "kick")),
    "small weapon": (("knife", "brass knuckles", "club", "derringers"), ("dagger", "cudgel", "hatchet")),
    "medium weapon": (("sword", "axe", "longbow", "crossbow", "most pistols"), ("mace", "short bow")),
    "large weapon": (("polearm", "trident", "most rifles", "some pistols"), ("spear", "pike", "halberd", "lance")),
    "huge weapon": (("small ballista", "some rifles", "mortars", "grenades"), ()),
    "small gun": (("derringer",), ("gun",)),
    "pistol": (("most pistols",), ("handgun", "revolver", "gun")),
    "rifle": (("most rifles",), ("gun", "shotgun")),
    "assault rifle": (("assault rifle",), ("machine gun", "gun")),
    "huge gun": (("some rifles", "mortars"), ("gun",)),
    "medium laser pistol": (("medium laser", "gyroc pistol"), ("blaster", "gun")),
    "monomolecular sword": (("monomolecular",), ("sword",)),
    # F95: the worked examples' weapons (F95 4.31, 4.54, 4.55, 4.58, 4.7; F95b 4.63; F95 4.4).
    "knife": ((), ("dagger",)),
    "broadsword": ((), ("sword", "longsword")),
    "two-handed sword": ((), ("sword", "greatsword", "claymore")),
    "axe": ((), ("hatchet", "battle axe")),
    "poleaxe": ((), ("polearm", "halberd")),
    "shillelagh": (("oak root club",), ("club", "cudgel")),
    "large mace": (("maces", "flails"), ()),
    "quarterstaff": ((), ("staff",)),
    "greatsword": ((), ("sword",)),
    "small hand gun": (("small hand gun",), ("pistol", "handgun", "revolver", "gun")),
    "two-handed projectile weapon": (("powerful two-handed projectile weapons",), ("rifle", "shotgun", "gun")),
    "bazooka": (("bazookas", "anti-tank weapons"), ("rocket launcher",)),
    # F95 armor (F95 4.52, 4.54, 4.55, 4.58).
    "light metal armor": (("light metal armor",), ("chain mail", "mail shirt", "chainmail")),
    "plate armor": (("plate armor",), ("plate", "full plate")),
    # MUD 4.54 Armor Value: rated against the weapon at hand; the examples of MUD 4.54/4.55/4.7.
    "ineffective / unarmored": (("normal clothing",), ("clothes", "none")),
    "somewhat effective": (("leather",), ()),
    "effective": (("scale mail",), ("chain mail", "chainmail")),
    "very effective": (("field plate",), ("plate",)),
    # CO 1.3 armor materials (offered under CO 1 armor).
    "steel chain with padding": ((), ("chain mail", "chainmail")),
    "bronze plate with under mail coat": ((), ("plate",)),
    "steel plate with under mail coat": ((), ("plate", "full plate")),
}

# The book tables a search may offer from beyond the catalogue in force, when nothing there
# matches (a "bow" under F95, whose examples have none): (label, entries).
_OTHER_TABLES = {
    "weapon": (("Fudge 1995's examples (F95 4.54)", F95_WEAPONS), ("Mudge's table (MUD 4.54)", MUD_WEAPONS)),
    "armor": (("Fudge 1995's examples (F95 4.54)", F95_ARMORS), ("Mudge's table (MUD 4.54)", MUD_ARMORS)),
}
GEAR_KINDS = ("weapon", "armor")


def _words(text: str) -> str:
    return " ".join(text.lower().replace(",", " ").replace("/", " ").split())


def _match(entry: dict[str, Any], query: str) -> tuple[int, str | None, str] | None:
    """How well ``entry`` answers ``query`` (normalised): (score, the word it matched, by what:
    "name", "book", "also", "note" or "words"), or None. The whole query as the name, as one of
    the book's examples, in the name, within an example, among the app's own words, in the note;
    else every word of it somewhere."""
    name = _words(entry["name"])
    book, also = GEAR_WORDS.get(entry["name"].strip().lower(), ((), ()))
    note = _words(entry.get("note", ""))
    if name == query:
        return 100, None, "name"
    if query in book:
        return 90, query, "book"
    if name.startswith(query):
        return 85, None, "name"
    if query in name:
        return 80, None, "name"
    for score, terms, by in ((70, book, "book"), (60, also, "also")):
        hit = next((t for t in terms if t == query), None) or next((t for t in terms if query in t), None)
        if hit:
            return score - (hit != query) * 5, hit, by
    if query in note:
        return 30, None, "note"
    words = query.split()
    text = " ".join((name, *book, *also, note))
    if len(words) > 1 and all(w in text for w in words):
        return 10, None, "words"
    return None


def find_gear(rules: RuleSet, kind: str, query: Any, *, most: int = 8) -> list[dict[str, Any]]:
    """The gear of ``kind`` (``"weapon"`` or ``"armor"``) that answers ``query``, best first: the
    catalogue in force (``index`` into ``damage.weapons`` / ``damage.armors``), under CO 1 armor its
    Armor Value materials (``co.armor_values``, CO 1.3); and, only when none of those answers, the
    books' own tables of the other presets (``from`` names the table; picked as custom gear).
    Each: ``{name, index, value (the weapon or armor dict), points (its whole factor), note, words
    (the book's examples for it), matched (the word found), by, from}``; ``by`` is ``"also"`` when
    only this app's own words found it (a reading, not the book's)."""
    if kind not in GEAR_KINDS:
        raise RequestError("kind must be weapon or armor.", field="kind")
    if not isinstance(query, str) or len(query) > 60:
        raise RequestError("query must be a few words (at most 60 characters).", field="query")
    q = _words(query)
    if not q:
        return []
    cls: _Gear = Weapon if kind == "weapon" else Armor
    entries: Sequence[Weapon | Armor] = weapons(rules) if kind == "weapon" else armors(rules)
    pool: list[_Entry] = [(e.to_dict(), i, None) for i, e in enumerate(entries)]
    if kind == "armor" and rules["co.armor"]:
        pool += [({"name": m["name"], "value": m["value"], "note": "CO 1.3 Armor Value"}, None, "CO 1.3")
                 for m in rules["co.armor_values"]]
    found = _ranked(pool, q, cls, query)
    if not found:
        held = {e.name.strip().lower() for e in entries}
        others: list[_Entry] = [(cls.from_dict(e).to_dict(), None, label) for label, table in _OTHER_TABLES[kind]
                                for e in table if e["name"].strip().lower() not in held]
        found = _ranked(others, q, cls, query)
    return found[:most]


def _named(item: Weapon | Armor, typed: str, cls: _Gear) -> Weapon | Armor:
    """``item`` named by the players' word ("Bow", sized as MUD 4.54's Medium weapon), its row
    kept in the note; ``item`` itself when the word is no name a sheet may hold."""
    name = " ".join(typed.split())
    note = f"{item.name}: {item.note}" if item.note else item.name
    try:
        return cls.from_dict({**item.to_dict(), "name": name[:1].upper() + name[1:], "note": note[:120]})
    except FudgeError:
        return item


def _ranked(pool: list[_Entry], q: str, cls: _Gear, typed: str) -> list[dict[str, Any]]:
    hits = []
    for order, (entry, index, origin) in enumerate(pool):
        match = _match(entry, q)
        if match is None:
            continue
        score, matched, by = match
        item = cls.from_dict(entry)
        # Found by its own name it is the entry itself; found by a word ("bow" in "longbow") it
        # is the players' own gear, sized by the entry, and picked as custom gear.
        value = item if by == "name" else _named(item, typed, cls)
        hits.append((-score, order, {
            "name": item.name, "index": index if value is item else None, "value": value.to_dict(),
            "points": item.value if isinstance(item, Weapon) else item.protection, "note": item.note,
            "words": list(GEAR_WORDS.get(item.name.strip().lower(), ((), ()))[0]),
            "matched": matched, "by": by, "from": origin}))
    return [hit for *_, hit in sorted(hits, key=lambda h: (h[0], h[1]))]


# ---------------------------------------------------------------------------------------------
# A new fighter's gear when none is chosen; what a weapon is for
# ---------------------------------------------------------------------------------------------

# F95 prints no value for a plain fist: its one unarmed value is Sheba's martial art, +0 (F95 4.58).
F95_UNARMED = {"name": "Unarmed", "size": 0,
               "note": "F95 4.58: unarmed +0 (Sheba's martial art; F95 prints no plain fist)"}
_UNARMED_NAMES = ("unarmed", "unarmed, no martial arts", "bare hands")
_UNARMORED_NAMES = ("no armor", "ineffective / unarmored")
UNARMED, UNARMORED = "Unarmed", "no armor"  # what a card calls them


def _plain(name: str, names: tuple[str, ...]) -> bool:
    return " ".join(name.lower().split()) in names


def unarmed(rules: RuleSet) -> dict[str, Any]:
    """The gear a new fighter has until the GM chooses some, by the books' values: the weapon
    catalogue's plain unarmed entry (MUD 4.54: -1, "Unarmed, no Martial Arts skill"), else
    :data:`F95_UNARMED`; the armor catalogue's no-armor entry (F95's No armor, MUD 4.54's
    "Ineffective/Unarmored (same as normal clothing)": 0), else No armor 0. Each as ``{index (in
    the catalogue, or None), value, label (what a card calls it: :func:`gear_line`)}``; ``line``:
    what the card says of both."""
    # Read by name from the catalogue as the ruleset holds it: a stored log's catalogue may hold
    # names a later build refuses in new input (checks.stored_log), and only the entry picked is read.
    def pick(entries: Sequence[dict[str, Any]], names: tuple[str, ...], kind: type[Weapon] | type[Armor],
             fallback: dict, label: str) -> dict[str, Any]:
        index = next((i for i, e in enumerate(entries) if _plain(e["name"], names)), None)
        value = kind.from_dict(entries[index]).to_dict() if index is not None else fallback
        return {"index": index, "value": value, "label": label}
    weapon = pick(rules["damage.weapons"], _UNARMED_NAMES, Weapon, Weapon.from_dict(F95_UNARMED).to_dict(), UNARMED)
    armor = pick(rules["damage.armors"], _UNARMORED_NAMES, Armor, Armor(name="No armor").to_dict(), UNARMORED)
    return {"weapon": weapon, "armor": armor,
            "line": gear_line(Weapon.from_dict(weapon["value"]), Armor.from_dict(armor["value"]))}


def gear_line(weapon: Weapon, armor: Armor) -> str:
    """A fighter's gear in a line, as a card says it: "Bow / Light leather", "Unarmed / no armor"."""
    plain = _plain(weapon.name, _UNARMED_NAMES)
    bare = _plain(armor.name, _UNARMORED_NAMES) and armor.protection == 0
    return f"{UNARMED if plain else weapon.name} / {UNARMORED if bare else armor.name}"


# What a weapon's name says it is for, as whole words (F95 4.4, 4.54: "bows, slings", "guns,
# crossbows, beam weapons"; MUD 4.54's rows; thrown weapons; bursts): "Elbow strike" and "Spear"
# stay hand weapons.
_PROPELLED = re.compile(r"\b(?:(?:long|short|cross|composite|hunting|horse)?bows?|slings?|guns?|pistols?|rifles?"
                        r"|shotguns?|muskets?|revolvers?|derringers?|handguns?|carbines?|blasters?|lasers?"
                        r"|beams?|bazookas?|(?:rocket )?launchers?|ballistae?|ballistas?|mortars?|projectiles?"
                        r"|blowpipes?|arquebus(?:es)?)\b", re.IGNORECASE)
_THROWN = re.compile(r"\b(?:javelins?|darts?|throwing|thrown|grenades?|shuriken|bolas?)\b", re.IGNORECASE)
_AUTOMATIC = re.compile(r"\b(?:assault rifles?|machine (?:guns?|pistols?)|submachine|automatic|miniguns?)\b",
                        re.IGNORECASE)


def weapon_use(weapon: Weapon) -> dict[str, Any]:
    """What a weapon is for, read from its name and the book's examples of its row: ``melee``
    (an exchange, F95 4.1: "striking the opponent with a fist or hand-held weapon"), ``ranged``
    (``"propelled"``, ``"thrown"`` or None: "any attack from further away", F95 4.1, 4.4) and
    ``automatic`` (bursts, F95 4.4); ``why`` says so. A weapon with its own Strength or a gun's
    bonus is propelled (F95 4.54); a row whose examples mix both (MUD 4.54's Medium weapon:
    "sword, axe, longbow, crossbow") allows both; a name that says nothing is a hand weapon."""
    automatic = bool(_AUTOMATIC.search(weapon.name))
    if _THROWN.search(weapon.name):
        return {"melee": True, "ranged": "thrown", "automatic": False,
                "why": f"{weapon.name}: thrown, or held in melee (F95 4.4)"}
    if not weapon.muscle or weapon.gun != "none" or _PROPELLED.search(weapon.name):
        return {"melee": False, "ranged": "propelled", "automatic": automatic,
                "why": f"{weapon.name}: a missile weapon, shot from further away (F95 4.1, 4.4)"}
    examples = GEAR_WORDS.get(weapon.name.strip().lower(), ((), ()))[0]
    missile = [e for e in examples if _PROPELLED.search(e)]
    if missile:
        return {"melee": len(missile) < len(examples), "ranged": "propelled", "automatic": False,
                "why": f"{weapon.name}: {', '.join(examples)} (MUD 4.54)"}
    return {"melee": True, "ranged": None, "automatic": False,
            "why": f"{weapon.name}: a hand weapon, for melee (F95 4.1)"}
