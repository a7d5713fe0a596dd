"""Reading requests: the small JSON readers the combat modules share (names, flags, rolls,
modifiers, unknown keys), and the relative degree of an unopposed hit.

They sit apart from the rules that use them so that :mod:`.multi`, :mod:`.ranged`,
:mod:`.location` and :mod:`.shield` import them without importing one another.
"""

from __future__ import annotations

from typing import Any

from ..core import dice
from ..core.checks import REQUEST
from ..core.errors import DiceError, RequestError
from ..rules.actions import Modifier


def reject_unknown(data: Any, allowed: set[str] | frozenset[str], where: str) -> dict:
    """``data`` as a dict with no keys outside ``allowed``, else a :class:`RequestError`."""
    return REQUEST.obj(data, where, allowed)


need_name = REQUEST.name  # a non-empty short name (a fighter, a foe, a body part)
need_bool = REQUEST.flag


def read_roll(data: dict, where: str, *, count: int = 4, technique: str | None = None) -> tuple[int, tuple[int, ...]]:
    """A roll given as ``faces`` or as a ``roll`` total; both agree if both.

    Faces and total are read with ``technique`` (a key of :data:`pyfudge.core.dice.TECHNIQUES`: the
    ruleset's ``dice.technique`` where the caller knows it, so the two six-sided dice of the 1993
    draft are read as they are rolled, F93 4.21–4.22 — R-DICE-ENTRY), else as ``count`` Fudge dice.
    A total is the roll's result after its rule: any total the technique can show, so −5..+5 for
    the 2d6 ways, where ±5 reads 0 (F93 4.21; for 2d6 − 7 the sum less 7, not the sum).
    """
    key = dice.technique(technique or f"{count}dF", field=f"{where}.roll").key
    total = data.get("roll")
    if data.get("faces") is not None:
        read = dice.read(key, faces=data["faces"], field=f"{where}.faces")
        if total is not None and (isinstance(total, bool) or total != read.total):
            raise DiceError(
                f"{where}: the roll {total!r} does not match the faces (they read {read.total}).",
                field=f"{where}.roll",
            )
        return read.total, read.faces
    tech = dice.TECHNIQUES[key]
    if isinstance(total, bool) or not isinstance(total, int) or not tech.low <= total <= tech.high:
        raise _bad_total(total, where, key)
    return dice.read(tech.key, total=total, field=f"{where}.roll").total, ()


def need_roll(total: int | None, where: str, *, technique: str) -> int:
    """A roll already read (``total``), refused as :func:`read_roll` refuses a missing one."""
    if total is None:
        raise _bad_total(total, where, dice.technique(technique, field=f"{where}.roll").key)
    return total


def _bad_total(total: Any, where: str, key: str) -> DiceError:
    tech = dice.TECHNIQUES[key]
    return DiceError(f"{where}.roll must be a {tech.label} total from {tech.low} to +{tech.high}"
                     f"{dice.total_meaning(key)}, not {total!r}.", field=f"{where}.roll")


def read_modifiers(value: Any, where: str) -> tuple[Modifier, ...]:
    """At most 20 modifiers, each a :class:`Modifier` or its JSON dict."""
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)) or len(value) > 20:
        raise RequestError(f"{where} must be a list of at most 20 modifiers.", field=where)
    return tuple(m if isinstance(m, Modifier) else Modifier.from_dict(m, field=f"{where}[{i}]")
                 for i, m in enumerate(value))


def unopposed_degree(result: int, difficulty: int) -> int:
    """The relative degree an unopposed hit carries into damage: result − difficulty + 1.

    The books say only that making the Difficulty Level hits (F95 4.4, F95 4.22) and give no
    relative degree for such a blow. We read meeting the difficulty as the narrowest win (+1),
    each level above adding one — the same reading as :func:`pyfudge.combat.melee.decide_attack`.
    """
    return result - difficulty + 1
