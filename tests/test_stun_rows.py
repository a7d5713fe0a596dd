"""F95 4.62: a stunning attack's damage "stuns her instead" of wounding: Hurt a Stun, Very Hurt
Very Stunned, Incapacitated or worse a knockout; a Scratch has no stun level, so a stunning
Scratch stuns no one (MUD 4.62 the same). The odds tables (an exchange, a group round, ranged
fire) list no "Stun: Scratch": such a blow landed and did no harm, the wounds' Undamaged row."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyfudge.analysis import preview
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds
from pyfudge.rulesets import ruleset_from_dict

FIST = {"name": "Asta", "role": "pc", "skills": {"Brawling": "Fair", "Throwing": "Fair"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Brawling": "Fair", "Dodge": "Fair"}}
GOB = {"name": "Gob", "role": "npc", "skills": {"Brawling": "Fair"}}


def _enc() -> Encounter:
    enc = Encounter(ruleset=ruleset_from_dict({"preset": "fudge1995", "options": {}}))
    for f in (FIST, ORC, GOB):
        enc.apply({"t": "add", "fighter": f})
    return enc


def _stun_tables(out: dict) -> list[tuple[list, list, dict]]:
    """(wounds, stuns, lands) of every blow table in an odds reply."""
    if "foes" in out:
        return [(f[w], f[s], f[lands]) for f in out["foes"]
                for w, s, lands in (("wounds_to_lone", "stuns_to_lone", "hits_lone"),
                                    ("wounds_from_lone", "stuns_from_lone", "struck"))]
    return [(d["wounds"], d["stuns"], d["lands"]) for d in out["directions"]]


DRAFTS = {
    "exchange": {"t": "exchange", "kind": "round", "a": "c1", "b": "c2", "a_declares": {"stun": True}},
    "group": {"t": "group", "lone": "c1", "foes": ["c2", "c3"], "lone_declares": {"stun": True},
              "group_roll": {}},
    "ranged": {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0,
               "shooter_declares": {"stun": True}},
}


@pytest.mark.parametrize("kind", DRAFTS)
def test_a_stunning_scratch_is_no_stun_row_but_a_blow_that_did_no_harm(kind):
    out = getattr(preview, f"{kind}_odds")(_enc().state, DRAFTS[kind])
    tables = _stun_tables(out)
    stunning = [t for t in tables if t[1]]
    assert stunning, "the stunning blow lands in some class of dice"
    for wound_rows, stun_rows, lands in tables:
        assert all(row["level"] > wounds.SCRATCH for row in stun_rows)
        assert (sum(Fraction(r["exact"]) for r in wound_rows + stun_rows) == Fraction(lands["exact"]))
    # A bare fist's least blow is a Scratch (F95 4.55: damage 1-2): it lands, harmless.
    assert any(r["level"] == wounds.UNDAMAGED for w, _, _ in stunning for r in w)
