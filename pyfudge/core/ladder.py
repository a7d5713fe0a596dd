"""The trait ladder (F93 4.1, 4.21).

Trait levels run Terrible (−3) to Superb (+3); a GM may allow Legendary, "the same as Superb +1"
(F93 4.1). Rolled degrees go beyond both ends: "Superb +1" … and "Terrible −1" … (F93 4.1,
"Beyond Superb" / "Below Terrible"). Levels are plain integers, Fair = 0.
"""

from __future__ import annotations

import re

from .errors import LadderError

# F93 4.21: the trait levels and their numbers.
NAMES: dict[int, str] = {
    -3: "Terrible",
    -2: "Poor",
    -1: "Mediocre",
    0: "Fair",
    1: "Good",
    2: "Great",
    3: "Superb",
    4: "Legendary",
}
TERRIBLE, POOR, MEDIOCRE, FAIR, GOOD, GREAT, SUPERB, LEGENDARY = range(-3, 5)

# A rolled degree or difficulty may leave the ladder; beyond this it is no longer a Fudge number.
# F93 4.1 reaches Superb +4 and Terrible −4; modifiers can push a little further, so allow room.
LIMIT = 20

MINUS = "\u2212"  # typographic minus, as the books print "Terrible −2"
_BY_NAME = {name.lower(): value for value, name in NAMES.items()}
_FORM = re.compile(r"^\s*([A-Za-z]+)?\s*(?:([+\-\u2212\u2013]?)\s*(\d+))?\s*$")


def check_level(value: object, *, field: str = "level", low: int = -LIMIT, high: int = LIMIT) -> int:
    """Return ``value`` as a ladder number, or raise :class:`LadderError` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise LadderError(f"{field} must be a whole number on the ladder, not {value!r}.", field=field)
    if not low <= value <= high:
        raise LadderError(
            f"{field} {value} is off the ladder (allowed {low} to {high}).", field=field
        )
    return value


def check_trait(value: object, *, field: str = "level") -> int:
    """A trait level: Terrible (−3) to Legendary (+4)."""
    return check_level(value, field=field, low=TERRIBLE, high=LEGENDARY)


# Names already printed, by (level, legendary, minus): the steps name levels in every run of the
# pipeline, and the odds run it hundreds of times.
_SHOWN: dict[tuple[int, bool, str], str] = {}


def name(value: int, *, legendary: bool = False, minus: str = MINUS) -> str:
    """Print a level: ``"Great"``, ``"Superb +1"``, ``"Terrible −2"``.

    Rolled degrees above Superb read "Superb +n" (F93 4.1); ``legendary=True`` prints +4 as
    "Legendary" instead, for trait levels.
    """
    plain = type(value) is int  # not a bool, nor a number the odds trace (it must see the read)
    if plain and (shown := _SHOWN.get((value, legendary, minus))) is not None:
        return shown
    check_level(value, field="value")
    if legendary and value == LEGENDARY:
        shown = NAMES[LEGENDARY]
    elif value > SUPERB:
        shown = f"{NAMES[SUPERB]} +{value - SUPERB}"
    elif value < TERRIBLE:
        shown = f"{NAMES[TERRIBLE]} {minus}{TERRIBLE - value}"
    else:
        shown = NAMES[value]
    if plain:
        _SHOWN[value, legendary, minus] = shown
    return shown


def parse(text: object, *, field: str = "level") -> int:
    """Read a level from a name, a name with an offset, or a signed number.

    Accepts ``"Good"``, ``"superb+2"``, ``"Terrible −1"``, ``"Fair +1"``, ``"Legendary"``, ``"+2"``,
    ``"-1"``, ``"2"``, and plain integers.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return check_level(text, field=field)
    if not isinstance(text, str):
        raise LadderError(f"{field} must be a ladder name or number, not {text!r}.", field=field)
    m = _FORM.match(text)
    if not m or not (m.group(1) or m.group(3)) or (m.group(1) and m.group(3) and not m.group(2)):
        raise LadderError(f"{field}: cannot read {text!r} as a ladder level.", field=field)
    word, sign, amount = m.groups()
    base = 0
    if word:
        if word.lower() not in _BY_NAME:
            raise LadderError(f"{field}: {word!r} is not a ladder level.", field=field)
        base = _BY_NAME[word.lower()]
    offset = int(amount) if amount else 0
    if sign and sign != "+":
        offset = -offset
    return check_level(base + offset, field=field)


def levels() -> list[dict]:
    """The trait levels, for a picker."""
    return [{"value": v, "name": n} for v, n in NAMES.items()]
