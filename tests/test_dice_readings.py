"""Every dice reading explains itself: the steps (book section, text, data) of each technique's
reading, pinned in tests/golden/readings/dice_readings.json.

The golden file holds, for each case of ``CASES`` below, the exact ``Roll.to_dict()`` the reader
gives: every technique of ``dice.TECHNIQUES`` read from faces (edge faces included: doubles, the
F93 ±5 that reads 0, the book's own examples) and from an entered total, and a 4dF trait roll cited
under each preset's book. To change the recorded readings deliberately, edit ``CASES`` or the
code, then rewrite the file and read its diff before committing:

    PYTHONPATH=. python tests/test_dice_readings.py --write
"""

from __future__ import annotations

from typing import Any

import readings

from pyfudge.core import dice
from pyfudge.core.dice import Roll
from pyfudge.rulesets import find_ruleset


def _faces(key: str, *faces: list[int], entered: bool = False) -> list[dict[str, Any]]:
    return [{"dice": key, "faces": f, "entered": entered} for f in faces]


def _totals(key: str, *totals: int, entered: bool = True) -> list[dict[str, Any]]:
    return [{"dice": key, "total": t, "entered": entered} for t in totals]


CASES: list[dict[str, Any]] = [
    # F95 4.61 / MUD 4.22: 4dF, the sum of the faces.
    *_faces("4dF", [1, 1, 0, -1], [-1, -1, -1, -1], [1, 1, 1, 1], [0, 0, 0, 0]),
    *_faces("4dF", [0, -1, 1, 0], entered=True),
    *_totals("4dF", -4, 0, 4),
    *_totals("4dF", 2, entered=False),
    # F95 4.34: the GM's 2dF group roll; F95 4.61: the 1dF damage die.
    *_faces("2dF", [1, 1], [-1, 0], [0, 0]),
    *_totals("2dF", -2, 2),
    *_faces("1dF", [-1], [0], [1]),
    *_totals("1dF", -1, 1),
    # F93 4.21, remove the higher die: doubles, plus die lower, minus die lower, ±5 reads 0.
    *_faces("2d6_remove_higher", [3, 3], [6, 6], [3, 5], [4, 1], [1, 2], [2, 1], [4, 5], [5, 4],
            [5, 6], [6, 5]),
    *_faces("2d6_remove_higher", [2, 6], entered=True),
    *_totals("2d6_remove_higher", -5, -4, 0, 4, 5),
    *_totals("2d6_remove_higher", 3, entered=False),
    # F93 4.22, difference: the book's 4 on the minus die and 2 on the plus die; ±5 reads 0.
    *_faces("2d6_difference", [2, 4], [6, 2], [3, 3], [5, 1], [1, 5], [6, 1], [1, 6]),
    *_totals("2d6_difference", -5, -1, 5),
    # F93 4.22, 2d6 − 7: the ends of the printed table (2 and 12 read +0), 7 reads +0.
    *_faces("2d6_minus_7", [1, 1], [1, 2], [3, 4], [4, 5], [5, 6], [6, 6]),
    *_totals("2d6_minus_7", -5, 2, 5),
    # F93 4.5, F95 4.32: 1d6; F95 4.63: 3d6 read die by die (no total entry).
    *_faces("1d6", [1], [6]),
    *_totals("1d6", 1, 6),
    *_faces("3d6", [3, 5, 6], [1, 1, 1], [6, 6, 6]),
    # A trait roll cites its preset's book: F95 4.61, MUD 4.22; F93 rolls 2d6, remove the higher.
    *[{"rules": preset, "faces": [1, 0, -1, 1], "entered": True} for preset in ("fudge1995", "mudge")],
    *[{"rules": preset, "total": -3, "entered": True} for preset in ("fudge1995", "mudge")],
    {"rules": "fudge1993", "faces": [5, 6], "entered": True},
    {"rules": "fudge1993", "total": -5, "entered": False},
]


def reading(case: dict[str, Any]) -> Roll:
    """The roll a case reads as: ``dice.read`` of its dice, or ``dice.read_action`` under a preset."""
    given = {k: case[k] for k in ("faces", "total") if k in case}
    if "rules" in case:
        return dice.read_action(rules=find_ruleset(case["rules"]), entered=case["entered"], **given)
    return dice.read(case["dice"], entered=case["entered"], **given)


def recorded() -> list[dict[str, Any]]:
    """What the code reads now, in the golden file's shape: each case with its roll."""
    return [{**case, "roll": reading(case).to_dict()} for case in CASES]


def test_every_dice_reading_explains_itself_as_recorded():
    """Each case reads as the golden file records it, to the step: section, text and data
    (faces, read, total), the entered flag and the total. Regenerate deliberately with
    ``PYTHONPATH=. python tests/test_dice_readings.py --write`` and review the diff."""
    golden = readings.load("dice_readings")
    assert readings.cases_in(golden, "roll") == CASES
    for row in golden:
        roll = reading(row)
        assert roll.to_dict() == row["roll"], row
        assert Roll.from_dict(row["roll"]) == roll


def test_the_golden_readings_cover_every_technique_and_the_five_that_reads_zero():
    """The golden cases reach every technique from faces and every total-entry technique from a
    total, and a ±5 of each 2d6 way both from faces and as an entered total."""
    golden = readings.load("dice_readings")
    from_faces = {r["roll"]["dice"] for r in golden if r["roll"]["faces"]}
    from_totals = {r["roll"]["dice"] for r in golden if not r["roll"]["faces"]}
    assert from_faces == set(dice.TECHNIQUES)
    assert from_totals == {k for k, t in dice.TECHNIQUES.items() if t.total_entry}
    for key in (dice.REMOVE_HIGHER, dice.DIFFERENCE, dice.MINUS_SEVEN):
        extreme = [r for r in golden if r["roll"]["dice"] == key and len(r["roll"]["steps"]) == 2]
        assert {bool(r["roll"]["faces"]) for r in extreme} == {True, False}, key
        assert {r["roll"]["steps"][0]["data"]["read"] for r in extreme} == {5, -5}, key


if __name__ == "__main__":
    readings.write_when_asked("dice_readings", recorded(), __file__)
