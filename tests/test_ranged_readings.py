"""Ranged fire explains itself: what ``pyfudge.combat.ranged`` gives for a list of cases, to the
step, pinned in tests/golden/readings/ranged_readings.json.

Each case names a reading (a shot or an attack read from JSON, the propelled-weapon modifier, an
automatic-fire table, a burst, a resolved exchange, the shots landed through the attack pipeline,
the whole ``fire`` path, whether a shield can meet a shot), its arguments and the preset (with any
options changed); the golden file records the exact answer: every shot (result, difficulty,
defence, hit, relative degree, modifiers, burst), every step's section, text and data, the blows
and blocks landed and the fighters' tracks after, or the refusal's class, message and field. To
change the readings deliberately, edit ``CASES`` or the code, rewrite the file and read its diff
before committing:

    PYTHONPATH=. python tests/test_ranged_readings.py --write
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import readings
from readings import case as _c

from pyfudge.combat import ranged
from pyfudge.combat.declaration import Declaration, FighterDice
from pyfudge.combat.fighter import Fighter
from pyfudge.rulesets import find_ruleset


def _side(name: str, level: Any, roll: int, difficulty: Any = None, **kw: Any) -> dict[str, Any]:
    out = {"name": name, "level": level, "roll": roll, **kw}
    if difficulty is not None:
        out["difficulty"] = difficulty
    return out


def _attack(mode: str, shooter: dict[str, Any], target: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"mode": mode, "shooter": shooter, **kw}
    if target is not None:
        out["target"] = target
    return out


SCOPE = {"source": "laser sight", "amount": 1, "section": "F95 4.4"}
BOW = {"name": "Longbow", "size": 2}
WILL = {"name": "Will", "skills": {"Bow": 1}, "weapon": BOW}
DICKEN = {"name": "Dicken", "skills": {"Dodge": 0, "Shield": 1}, "weapon": BOW}
SHIELDS = {"co.shield": True}


def _people(shield: str = "none", **dicken: Any) -> dict[str, Any]:
    return {"Will": WILL, "Dicken": {**DICKEN, "shield": shield, **dicken}}


# Will's Good shot (Fair +1) at Fair difficulty; Dicken dodges at Fair −1 (roll −1): F95 4.4's duel.
AWARE = _attack("aware", _side("Will", 1, 1, 0), _side("Dicken", 0, -1))
UNAWARE = _attack("unaware", _side("Will", 1, 1, 0))
BACK = _attack("shoot_back", _side("Will", 1, 1, 0), _side("Dicken", 1, 0, 0))

CASES: list[dict[str, Any]] = [
    # F95 4.4: "If the ranged weapon is thrown, there is no modifier"; propelled −2 (F95 allows −3).
    _c("propelled_modifier", "thrown"), _c("propelled_modifier", "propelled"),
    _c("propelled_modifier", "propelled", rules="mudge"), _c("propelled_modifier", "propelled", rules="fudge1993"),
    _c("propelled_modifier", "propelled", options={"ranged.propelled_penalty": -3}),
    _c("propelled_modifier", "propelled", options={"ranged.propelled_penalty": 0}),
    _c("propelled_modifier", "thrown", options={"ranged.propelled_penalty": -3}),
    _c("propelled_modifier", "laser"),
    # One side of an exchange read from JSON: a Difficulty Level within Abysmal−5…Legendary+5.
    _c("shot", _side("S", "Good", 1, "Fair", modifiers=[SCOPE])), _c("shot", _side("S", 0, 0)),
    _c("shot", {"name": "S", "level": 0, "faces": [1, 1, 0, -1]}, field="attack.shooter"),
    _c("shot", _side("S", 0, 0, 8)), _c("shot", _side("S", 0, 0, -8)),
    _c("shot", _side("S", 0, 0, 9), field="attack.shooter"), _c("shot", _side("S", 0, 0, -9)),
    _c("shot", _side("S", 5, 0)), _c("shot", _side("S", 0, 0, "Fairish")),
    _c("shot", {"name": "S", "level": 0, "roll": 0, "range": 3}),
    _c("shot", {"level": 0, "roll": 0}, field="attack.target"),
    _c("shot", {"name": "S", "level": 0, "roll": 5}),
    _c("shot", _side("S", "Superbish", 0)), _c("shot", _side("S", 0, 0, modifiers="laser sight")),
    _c("shot", {"name": "S", "level": 0, "roll": 2}, technique="2d6_minus_7"),
    # A declared attack read from JSON: each mode needs exactly the sides it uses (F95 4.4).
    _c("attack", AWARE), _c("attack", UNAWARE), _c("attack", BACK),
    _c("attack", _attack("unaware", _side("Will", 1, 1, 0), weapon="thrown", burst=1)),
    _c("attack", _attack("unaware", _side("Will", 1, 1, 0), burst=1000)),
    _c("attack", _attack("unaware", _side("Will", 1, 1, 0), burst=1001)),
    _c("attack", _attack("unaware", _side("Will", 1, 1, 0), burst=0)),
    _c("attack", _attack("sneaky", _side("Will", 1, 1, 0))),
    _c("attack", _attack("unaware", _side("Will", 1, 1))),
    _c("attack", _attack("aware", _side("Will", 1, 1, 0))),
    _c("attack", _attack("unaware", _side("Will", 1, 1, 0), _side("Dicken", 0, 0))),
    _c("attack", _attack("shoot_back", _side("Will", 1, 1, 0), _side("Dicken", 0, 0))),
    _c("attack", _attack("aware", _side("Will", 1, 1, 0), _side("Dicken", 0, 0, 0))),
    _c("attack", _attack("aware", _side("Will", 1, 1, 0), _side("Will", 0, 0))),
    _c("attack", _attack("shoot_back", _side("Will", 1, 1, 0), _side("Will", 0, 0, 0))),
    _c("attack", _attack("unaware", _side("Will", 1, 1, 0), weapon="laser")),
    _c("attack", {**UNAWARE, "range": "long"}),
    _c("attack", _attack("unaware", {"name": "Will", "level": 1, "roll": 2, "difficulty": 0}),
       field="event", technique="2d6_minus_7"),
    # Automatic fire (F95 4.4 share by relative degree; MUD 4.54 +1; F93 none).
    _c("autofire_in_use"), _c("autofire_in_use", rules="mudge"), _c("autofire_in_use", rules="fudge1993"),
    _c("autofire", 1, 20), _c("autofire", 1, 1), _c("autofire", 2, 20), _c("autofire", 3, 20),
    _c("autofire", 4, 20), _c("autofire", 7, 20), _c("autofire", 8, 20), _c("autofire", 9, 20),
    _c("autofire", 2, 2), _c("autofire", 2, 6), _c("autofire", 2, 1), _c("autofire", 4, 3),
    _c("autofire", 4, 1), _c("autofire", 8, 1), _c("autofire", 40, 1000),
    _c("autofire", 5, 30, rules="mudge"), _c("autofire", 5, 30, rules="fudge1993"),
    _c("autofire", 0, 20), _c("autofire", 41, 20), _c("autofire", 1, 0), _c("autofire", 1, 1001),
    _c("autofire", 1, 20, options={"ranged.autofire_table": [{"degree": 2, "share": [1, 4]}]}),
    _c("autofire", 3, 5, options={"ranged.autofire_table": [{"degree": 1, "rounds": [3, 9]}]}),
    _c("autofire", 3, 5, options={"ranged.autofire_table": [{"degree": 1, "rounds": [1, 1]},
                                                           {"degree": 3, "share": [0, 1]}]}),
    # The table's own refusals: rows go up, one of share/rounds, pairs in order, bounds.
    _c("table", [{"degree": 20, "rounds": [1, 1000]}]),
    _c("table", [{"degree": 1, "share": [0, 1]}, {"degree": 2, "share": [1000, 1000]}]),
    _c("table", []), _c("table", [{"degree": 1, "share": [1, 2]}] * 21),
    _c("table", ["row"]), _c("table", [{"share": [1, 2]}]),
    _c("table", [{"degree": 1, "share": [1, 2], "rounds": [1, 2]}]),
    _c("table", [{"degree": 1}]), _c("table", [{"degree": 1, "share": [1, 2], "note": "x"}]),
    _c("table", [{"degree": 0, "share": [1, 2]}]), _c("table", [{"degree": 21, "share": [1, 2]}]),
    _c("table", [{"degree": 2, "share": [1, 2]}, {"degree": 2, "share": [1, 1]}]),
    _c("table", [{"degree": 3, "share": [1, 2]}, {"degree": 2, "share": [1, 1]}]),
    _c("table", [{"degree": 1, "share": [1]}]), _c("table", [{"degree": 1, "share": [1, 2, 3]}]),
    _c("table", [{"degree": 1, "share": [-1, 2]}]), _c("table", [{"degree": 1, "rounds": [0, 2]}]),
    _c("table", [{"degree": 1, "share": [1001, 2000]}]), _c("table", [{"degree": 1, "share": [1, 0]}]),
    _c("table", [{"degree": 1, "share": [1, 1001]}]), _c("table", [{"degree": 1, "share": [3, 2]}]),
    _c("table", [{"degree": 1, "rounds": [3, 2]}]), _c("table", [{"degree": 1, "rounds": [2, 2]}]),
    _c("table", [{"degree": 1, "share": [1, 2]}, "row"]),
    # F95 4.4 resolved: unaware (unopposed against the difficulty), aware (opposed, the
    # difficulty still the minimum), shooting back (both unopposed, both may hit).
    _c("resolve", UNAWARE), _c("resolve", _attack("unaware", _side("Will", 0, -1, 0))),
    _c("resolve", _attack("unaware", _side("Will", 0, 0, 0, modifiers=[SCOPE]))),
    _c("resolve", _attack("unaware", {"name": "Will", "level": 1, "faces": [1, 0, 0, -1], "difficulty": 1})),
    _c("resolve", AWARE), _c("resolve", AWARE, rules="mudge"), _c("resolve", AWARE, rules="fudge1993"),
    _c("resolve", {**AWARE, "weapon": "thrown"}),
    _c("resolve", AWARE, options={"ranged.propelled_penalty": 0}),
    _c("resolve", AWARE, options={"ranged.propelled_penalty": -3}),
    _c("resolve", _attack("aware", _side("Will", 1, 0, -1), _side("Dicken", 2, 0))),
    _c("resolve", _attack("aware", _side("Will", 1, 0, -1), _side("Dicken", 1, 0), weapon="thrown")),
    _c("resolve", _attack("aware", _side("Will", 1, 0, -1), _side("Dicken", 2, 0), weapon="thrown")),
    _c("resolve", _attack("aware", _side("Will", -1, 0, 0), _side("Dicken", -3, -1), weapon="thrown")),
    _c("resolve", _attack("aware", _side("Will", 0, 0, 0), _side("Dicken", -3, 0), weapon="thrown")),
    _c("resolve", _attack("aware", _side("Will", 1, 0, 1), _side("Dicken", -3, 1, modifiers=[SCOPE]))),
    _c("resolve", _attack("aware", {"name": "Will", "level": 1, "faces": [1, 1, 0, 0], "difficulty": 0},
                          {"name": "Dicken", "level": 0, "faces": [-1, 0, 0, 0]})),
    _c("resolve", BACK), _c("resolve", BACK, rules="mudge"),
    _c("resolve", _attack("shoot_back", _side("Will", 0, 0, 1), _side("Dicken", 1, 0, 0))),
    _c("resolve", _attack("shoot_back", _side("Will", 1, 0, 0), _side("Dicken", 0, 0, 1))),
    _c("resolve", _attack("shoot_back", _side("Will", 0, 0, 1), _side("Dicken", 0, 0, 1))),
    _c("resolve", _attack("shoot_back", _side("Will", 3, 1, 0), _side("Dicken", 0, 0, 0), burst=20)),
    _c("resolve", {**UNAWARE, "burst": 20}), _c("resolve", {**AWARE, "burst": 20}),
    _c("resolve", _attack("unaware", _side("Will", 2, 2, 0), burst=20)),
    _c("resolve", _attack("unaware", _side("Will", 0, -1, 0), burst=20)),
    _c("resolve", _attack("unaware", _side("Will", 0, 0, 0), burst=20)),
    _c("resolve", {**AWARE, "burst": 30}, rules="mudge"), _c("resolve", {**AWARE, "burst": 30}, rules="fudge1993"),
    # Can a shield meet the shot (F95 4.31: medium or large, impervious; CO 2.2: a dodge lost)?
    _c("stops", AWARE, "medium"), _c("stops", AWARE, "large"), _c("stops", AWARE, "small"),
    _c("stops", AWARE, "none"), _c("stops", AWARE, "large", impervious=False),
    _c("stops", UNAWARE, "large"), _c("stops", BACK, "large"),
    # The shots landed through the attack pipeline (CO 2.2 shields, MUD 4.54 +1, CO 4.3, F95 4.52).
    _c("land", AWARE, _people()), _c("land", AWARE, _people(), rules="mudge", damage_dice={"Will": [0]}),
    _c("land", AWARE, _people(), damage_dice={"Will": [1]}, options={"damage.die": "number_1df"}),
    _c("land", {**AWARE, "shooter": _side("Will", 1, -1, 0)}, _people()),
    _c("land", BACK, _people()), _c("land", UNAWARE, _people(), target="Dicken"),
    _c("land", UNAWARE, _people()), _c("land", AWARE, {"Will": WILL}),
    _c("land", AWARE, _people("medium"), options=SHIELDS, shield_dice={"Dicken": [1, 0, 0, 0]}),
    _c("land", AWARE, _people("large"), options=SHIELDS, shield_dice={"Dicken": [-1, 0, 0, 0]}),
    _c("land", AWARE, _people("large"), options=SHIELDS),
    _c("land", AWARE, _people("large"), options=SHIELDS, impervious={"Dicken": False}),
    _c("land", AWARE, _people("large"), options=SHIELDS, impervious={"Dicken": "no"}),
    _c("land", AWARE, _people("large"), options=SHIELDS, impervious={"Dicken": True},
       shield_dice={"Dicken": [1, 1, 0, 0]}),
    _c("land", AWARE, _people("small"), options=SHIELDS),
    _c("land", BACK, _people("large"), options=SHIELDS),
    _c("land", AWARE, _people("large"), shield_dice={"Dicken": [1, 1, 0, 0]}),
    _c("land", AWARE, _people(), declares={"Dicken": {"willpower": 1}}),
    _c("land", AWARE, _people(), options={"co.damage_check": True, "wounds.willpower": "temporary"},
       check_dice={"Dicken": [1, 1, 0, 0]}, declares={"Dicken": {"willpower": 2}}),
    _c("land", AWARE, _people(), options={"co.damage_check": True, "wounds.willpower": "temporary"},
       declares={"Dicken": {"willpower": 0}}),
    _c("land", AWARE, _people(), options={"wounds.willpower": "temporary"}, declares={"Dicken": {"willpower": 9}}),
    _c("land", {**AWARE, "burst": 30}, _people(), rules="mudge", damage_dice={"Will": [0]}),
    _c("land", {**AWARE, "burst": 30}, _people(), damage_dice={"Will": [0]}),
    _c("land", _attack("shoot_back", _side("Will", 1, 1, 0), _side("Dicken", 3, 0, 0)),
       {"Will": WILL, "Dicken": {**DICKEN, "track": {"marks": [[0], [0], [1], [0], [0]]}}}),
    # A return shot that hits after a first shot that missed still lands; the refusals name the target's field.
    _c("land", _attack("shoot_back", _side("Will", 0, 0, 1), _side("Dicken", 1, 0, 0)), _people()),
    _c("land", AWARE, _people(), options={"wounds.willpower": "temporary"}, declares={"Dicken": {"willpower": 21}}),
    _c("land", AWARE, _people("small"), options=SHIELDS, shield_dice={"Dicken": [5, 0, 0, 0]}),
    _c("land", AWARE, _people("large"), options=SHIELDS, shield_dice={"Dicken": [5, 0, 0, 0]}),
    _c("land", AWARE, _people("large", skills={"Dodge": 0}), options=SHIELDS, shield_dice={"Dicken": [1, 0, 0, 0]}),
    # The whole path of the encounter's ``ranged`` event, each shooter's dice as damage reads them.
    _c("fire", AWARE, _people(), target="Dicken"),
    _c("fire", UNAWARE, _people(), target="Dicken"),
    _c("fire", BACK, _people(), target="Dicken"),
    _c("fire", AWARE, _people(), target="Dicken", rules="mudge", dice={"Will": {"damage": [1]}}),
    _c("fire", AWARE, _people(), target="Dicken", rules="mudge",
       dice={"Will": {"roll": {"faces": [1, 0, 0, -1]}}}),
    _c("fire", AWARE, _people(), target="Dicken", options={"damage.die": "number_1df"},
       dice={"Will": {"damage": [-1]}, "Dicken": {"damage": [1]}}),
    _c("fire", AWARE, _people("large"), target="Dicken", options=SHIELDS,
       dice={"Dicken": {"shield": [1, 1, 0, 0]}}),
    _c("fire", AWARE, _people("large"), target="Dicken", options=SHIELDS,
       dice={"Dicken": {"shield": [-1, -1, 0, 0]}}),
    _c("fire", AWARE, _people(), target="Dicken", options={"co.damage_check": True},
       dice={"Dicken": {"check": [1, 1, 1, 0]}}),
    _c("fire", AWARE, _people(), target="Dicken", options={"wounds.willpower": "temporary"},
       willpower={"Dicken": 2}),
    _c("fire", {**AWARE, "shooter": _side("Will", 1, -1, 0)}, _people(), target="Dicken",
       dice={"Will": {"damage": [1]}}),
    # F95 4.63 Min-Mid-Max: a hit reads 3d6, a graze (relative degree +1) its own graze die (F95 4.56).
    _c("fire", _attack("unaware", _side("Will", 0, 0, 0)), _people(), target="Dicken",
       options={"damage.system": "minmidmax", "damage.die": "number_1df"},
       dice={"Will": {"damage": [3, 4, 5], "graze": [1]}}),
    _c("fire", UNAWARE, _people(), target="Dicken", options={"damage.system": "minmidmax", "damage.die": "number_1df"},
       dice={"Will": {"damage": [3, 4, 5], "graze": [1]}}),
]


def _landed(landed: ranged.RangedBlows) -> dict[str, Any]:
    """The blows and blocks, the steps, and each fighter's track and shield after, as ``to_dict`` gives them."""
    out = landed.to_dict()
    return {**out, "fighters": {k: {"track": f["track"], "shield_state": f["shield_state"]}
                                for k, f in out["fighters"].items()}}


def _compute(case: dict[str, Any]) -> Any:
    rules = find_ruleset(case["rules"]).with_options(case.get("options", {}))
    fn, args, kw = case["fn"], list(case["args"]), dict(case["kw"])
    if fn == "propelled_modifier":
        return readings.plain(ranged.propelled_modifier(args[0], rules=rules))
    if fn == "shot":
        shot = ranged.Shot.from_dict(args[0], **kw)
        return {"shot": shot.to_dict(), "result": shot.result(), "faces": list(shot.faces)}
    if fn == "attack":
        attack = ranged.RangedAttack.from_dict(args[0], **kw)
        return attack.to_dict()
    if fn == "autofire_in_use":
        return ranged.autofire_in_use(rules)
    if fn == "autofire":
        return ranged.autofire(*args, rules=rules).to_dict()
    if fn == "table":
        return find_ruleset("fudge1995").with_options({"ranged.autofire_table": args[0]})["ranged.autofire_table"]
    attack = ranged.RangedAttack.from_dict(args[0])
    if fn == "resolve":
        return ranged.resolve_ranged(attack, rules=rules).to_dict()
    if fn == "stops":
        out = ranged.resolve_ranged(attack, rules=rules)
        carrier = Fighter.from_dict({**DICKEN, "shield": args[1]})
        return [ranged.shield_stops_shots(carrier, s, **kw) for s in out.shots]
    fighters = {k: Fighter.from_dict(v) for k, v in args[1].items()}
    if fn == "land":
        out = ranged.resolve_ranged(attack, rules=rules)
        target = kw.pop("target", None)
        if target is not None:
            out = replace(out, shots=(replace(out.shots[0], target=target),))
        if "declares" in kw:
            kw["declares"] = {name: Declaration(**d) for name, d in kw["declares"].items()}
        return _landed(ranged.land_shots(out, fighters=fighters, rules=rules, **kw))
    dice = {k: FighterDice.from_dict(v, rules=rules) for k, v in kw.pop("dice", {}).items()}
    outcome, landed = ranged.fire(attack, fighters=fighters, rules=rules, dice=dice, **kw)
    return {"outcome": outcome.to_dict(), "landed": _landed(landed)}


def answer(case: dict[str, Any]) -> dict[str, Any]:
    """What ranged gives for a case: its value or its refusal."""
    return readings.answer(_compute, case)


def test_every_ranged_reading_is_as_recorded():
    """Each case answers as the golden file records it: every shot, burst, step (section, text,
    data), blow, block and track after, and each refusal's class, message and field. Regenerate
    deliberately with ``PYTHONPATH=. python tests/test_ranged_readings.py --write`` and review the diff."""
    readings.assert_as_recorded("ranged_readings", CASES, answer)


def test_the_readings_reach_every_mode_and_both_ends_of_a_shot():
    """The resolved cases include a hit and a miss in each mode, a tie against the dodge, a dodge
    beaten below the Difficulty Level, both shots hitting, and shots both landed and blocked."""
    golden = readings.load("ranged_readings")
    shots = [s for row in golden if row["fn"] == "resolve" and "value" in row["answer"]
             for s in row["answer"]["value"]["shots"]]
    assert {(s["mode"], s["hit"]) for s in shots} == {(m, h) for m in ("unaware", "aware", "shoot_back")
                                                       for h in (True, False)}
    texts = [st["text"] for row in golden if row["fn"] == "resolve" and "value" in row["answer"]
             for st in row["answer"]["value"]["steps"]]
    assert any("a tie keeps the status quo" in t for t in texts)
    assert any("the minimum to hit" in t for t in texts)
    assert "Both shots hit in the same round." in texts
    landed = [row["answer"]["value"] for row in golden if row["fn"] == "land" and "value" in row["answer"]]
    assert any(v["blocks"] for v in landed) and any(v["blows"] for v in landed)


if __name__ == "__main__":
    readings.write_when_asked("ranged_readings", readings.recorded(CASES, answer), __file__)
