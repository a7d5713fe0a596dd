"""Exact odds of ranged fire (pyfudge/analysis/ranged_odds.py; the door's ``ranged_odds``, and a draft
``ranged`` event through ``encounter.odds``): hand-computed cases, agreement with the real event
applied over every class of dice (exactly) and with a seeded simulation, probabilities that sum
to one (Hypothesis), errors.

Hand tables: 4dF totals −4…+4 come from 1, 4, 10, 16, 19, 16, 10, 4, 1 of 81 face combinations.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge import api
from pyfudge.analysis import preview, ranged_odds, sampling
from pyfudge.analysis.sampling import SAMPLE_STEPS
from pyfudge.combat.fighter import Fighter
from pyfudge.combat.ranged import RangedAttack
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.encounter.log import HANDLERS, Encounter
from pyfudge.rulesets import ruleset_from_dict

C4 = dict(zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1)))
FACES4 = list(itertools.product((-1, 0, 1), repeat=4))
ASTA = {"name": "Asta", "role": "pc", "skills": {"Bow": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great"}


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def exact(d: dict) -> Fraction:
    return Fraction(d["exact"])


def p_at_least(k: int) -> Fraction:
    """P(4dF ≥ k)."""
    return Fraction(sum(c for t, c in C4.items() if t >= k), 81)


def duel(options=None, preset="fudge1995", a=ASTA, b=ORC, *events) -> Encounter:
    enc = Encounter(ruleset=ruleset_from_dict({"preset": preset, "options": options or {}}))
    for event in ({"t": "add", "fighter": a}, {"t": "add", "fighter": b}) + events:
        enc.apply(event)
    return enc


def shot(mode="aware", **kw):
    return {"t": "ranged", "mode": mode, "shooter": "c1", "target": "c2", "difficulty": 0, **kw}


def results(out: dict, n: int = 0) -> dict[str, Fraction]:
    return {k: exact(v) for k, v in out["directions"][n]["results"].items()}


# --- hand-computed ---------------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", [-2, 0, 1, 3])
def test_an_unaware_target_is_hit_when_the_roll_meets_the_difficulty(difficulty):
    """F95 4.4: an unopposed roll. Asta (Good, +1) hits when 1 + 4dF ≥ the difficulty:
    P(4dF ≥ difficulty − 1); at exactly the difficulty (relative degree +1, our reading) a graze."""
    out = preview.event_odds(duel().state, shot("unaware", difficulty=difficulty))
    got = results(out)
    assert got.get("miss", 0) == 1 - p_at_least(difficulty - 1)
    assert got.get("graze", 0) == Fraction(C4.get(difficulty - 1, 0), 81)
    assert exact(out["directions"][0]["lands"]) == p_at_least(difficulty - 1)
    assert out["t"] == "ranged" and out["mode"] == "unaware" and out["classes"] <= 9
    assert (out["shooter"], out["target"]) == ("c1", "c2") and out["labels"]["graze"] == "Graze"
    d = out["directions"][0]
    assert (d["attacker_id"], d["defender_id"]) == ("c1", "c2")
    assert sum(exact(w) for w in d["after"]) == 1


@pytest.mark.parametrize("weapon, dodge", [("thrown", 0), ("propelled", -2)])
def test_an_aware_target_dodges_and_the_difficulty_is_still_the_minimum(weapon, dodge):
    """F95 4.4: opposed, Good shooter against the Orc's Fair dodge (−2 against a propelled
    weapon); a hit needs relative degree ≥ 1 and a result ≥ the difficulty (Good here):
    Σ over s, t with 1 + s − (dodge + t) ≥ 1 and 1 + s ≥ 1."""
    out = preview.event_odds(duel().state, shot("aware", weapon=weapon, difficulty=1))
    hit = sum(C4[s] * C4[t] for s in C4 for t in C4 if 1 + s - (dodge + t) >= 1 and 1 + s >= 1)
    assert exact(out["directions"][0]["lands"]) == Fraction(hit, 6561)
    assert results(out)["miss"] == 1 - Fraction(hit, 6561)


def test_shooting_back_weighs_two_independent_shots():
    """F95 4.4: each shot is unopposed against its own difficulty, both may hit: Asta needs
    4dF ≥ −1 against Fair, the Orc (Fair) 4dF ≥ 2 against Great."""
    out = preview.event_odds(duel().state, shot("shoot_back", difficulty=0, target_difficulty=2))
    assert [(d["attacker_id"], d["defender_id"]) for d in out["directions"]] == [("c1", "c2"), ("c2", "c1")]
    assert exact(out["directions"][0]["lands"]) == p_at_least(-1)
    assert exact(out["directions"][1]["lands"]) == p_at_least(2)


def test_a_burst_puts_a_share_of_its_rounds_on_target():
    """F95 4.4 (ranged.autofire share): at relative degree +1 one or two rounds of the burst hit,
    +2/+3 a quarter, +4…+7 half, +8 all. Unaware, Asta (+1) against Fair: relative degree
    = 4dF + 2, so a miss below −1, (1, 2) at −1, a quarter (2 of 8) at 0 and +1, half (4) at +2…+4."""
    out = preview.event_odds(duel().state, shot("unaware", burst=8))
    got = {(r["low"], r["high"]): exact(r) for r in out["rounds"]}
    assert got == {(0, 0): Fraction(15, 81), (1, 2): Fraction(16, 81), (2, 2): Fraction(19 + 16, 81),
                   (4, 4): Fraction(10 + 4 + 1, 81)}
    assert preview.event_odds(duel().state, shot("unaware"))["rounds"] == []
    # MUD 4.54: automatic fire adds +1 to the weapon value, no rounds counted.
    assert preview.event_odds(duel(preset="mudge").state, shot("unaware", burst=8))["rounds"] == []


def test_penalties_of_the_encounter_count():
    """Asta Hurt (−1, F95 4.57) shoots at Fair: she now needs 4dF ≥ 0."""
    enc = duel(None, "fudge1995", ASTA, ORC, {"t": "wound", "id": "c1", "level": 2})
    assert exact(preview.event_odds(enc.state, shot("unaware"))["directions"][0]["lands"]) == p_at_least(0)


# --- the real event, applied over every class of dice ---------------------------------------

def _direction_tally(state, rules):
    """Each shot of an applied ranged event in a word, with its blow's wound/stun and the
    target's level after."""
    last = state.last
    blows = {b["attacker"]: b for b in last["outcome"]["blows"]}
    names = {c.fighter.name: c for c in state.combatants}
    out = {}
    for s in last["ranged"]["shots"]:
        b = blows.get(s["shooter"])
        word = "miss" if not s["hit"] else "blocked" if b is None else "graze" if b["graze"] else "hit"
        target = s["target"] or next(n for n in names if n != s["shooter"])
        out[s["shooter"]] = (word, None if b is None else (b["stun"], b["level"]),
                             names[target].fighter.current_level(rules))
    return out


def _brute(enc, event, dims):
    """Apply ``event`` with every combination of ``dims`` [(setter, [(value, weight)])] and add up
    each shot's word, wound and level after, as exact chances by shooter name."""
    state = enc.state
    total = math.prod(sum(w for _, w in d) for _, d in dims)
    tally: dict = {}
    for combo in itertools.product(*(d for _, d in dims)):
        ev = json.loads(json.dumps(event))
        weight = 1
        for (setter, _), (value, w) in zip(dims, combo):
            setter(ev, value)
            weight *= w
        for name, key in _direction_tally(HANDLERS["ranged"](state, ev), state.rules).items():
            for part in (("result", key[0]), ("blow", key[1]), ("after", key[2])):
                tally[(name,) + part] = tally.get((name,) + part, 0) + weight
    return {k: Fraction(v, total) for k, v in tally.items()}


def _from_odds(out):
    got = {}
    for d in out["directions"]:
        name = d["attacker"]
        for word, p in d["results"].items():
            got[(name, "result", word)] = exact(p)
        for key, stun in (("wounds", False), ("stuns", True)):
            for w in d[key]:
                got[(name, "blow", (stun, w["level"]))] = exact(w)
        for w in d["after"]:
            got[(name, "after", w["level"])] = exact(w)
    return got


def _set(path):
    def setter(ev, value):
        *head, last = path
        node = ev
        for k in head:
            node = node.setdefault(k, {})
        node[last] = value
    return setter


TOTALS = [({"total": t}, c) for t, c in C4.items()]
FACES = [({"faces": list(f)}, 1) for f in FACES4]
ONE_DF = [([f], 1) for f in (-1, 0, 1)]


def _no_blow_misses(got):
    # A shot that does not land leaves no blow: the brute force counts those as (None) blows.
    return {k: v for k, v in got.items() if not (k[1] == "blow" and k[2] is None)}


@pytest.mark.parametrize("name, options, preset, event, dims", [
    ("F95 aware propelled, totals", None, "fudge1995", shot("aware", difficulty=1),
     [(_set(["shooter_dice", "roll"]), TOTALS), (_set(["target_dice", "roll"]), TOTALS)]),
    ("F95 shoot back, 1dF damage", {"damage.die": "number_1df"}, "fudge1995",
     shot("shoot_back", target_difficulty=1),
     [(_set(["shooter_dice", "roll"]), TOTALS), (_set(["target_dice", "roll"]), TOTALS),
      (_set(["shooter_dice", "damage"]), ONE_DF), (_set(["target_dice", "damage"]), ONE_DF)]),
    ("MUD unaware, odd-coloured die, burst", None, "mudge", shot("unaware", burst=5),
     [(_set(["shooter_dice", "roll"]), FACES)]),
    ("F95 aware, large shield, damage checks", {"co.shield": True, "co.damage_check": True}, "fudge1995",
     shot("aware", weapon="thrown"),
     [(_set(["shooter_dice", "roll"]), TOTALS), (_set(["target_dice", "roll"]), TOTALS),
      (_set(["target_dice", "shield"]), TOTALS),
      (_set(["target_dice", "check"]),
       [([t, 0, 0, 0] if t in (-1, 0, 1) else [t // abs(t)] * abs(t) + [0] * (4 - abs(t)), c)
        for t, c in C4.items()])]),
])
def test_the_odds_equal_the_event_applied_over_every_class_of_dice(name, options, preset, event, dims):
    shieldman = {**ORC, "shield": "large", "skills": {**ORC["skills"], "Shield": "Fair"}}
    target = shieldman if options and options.get("co.shield") else ORC
    enc = duel(options, preset, ASTA, target)
    want = _no_blow_misses(_brute(enc, event, dims))
    got = _from_odds(preview.event_odds(enc.state, event))
    assert got == want, name


def test_a_shot_to_stun_leaves_the_stuns_the_event_leaves():
    """F95 4.62: a shooter who shoots to stun leaves a stun, not a wound; the odds list each
    stun level with the chance the event applied over every roll gives it (a stunning Scratch
    stuns no one: it counts as a blow that did no harm)."""
    enc = duel()
    event = shot("unaware", shooter_declares={"stun": True})
    want: dict = {}
    for k, p in _no_blow_misses(_brute(enc, event, [(_set(["shooter_dice", "roll"]), TOTALS)])).items():
        if k[1] == "blow" and k[2] == (True, 1):
            k = (*k[:2], (False, 0))
        want[k] = want.get(k, 0) + p
    got = _from_odds(preview.event_odds(enc.state, event))
    assert got == want and got[("Asta", "blow", (True, 2))] > 0


def test_a_shot_with_no_burst_has_no_rounds_even_when_it_cannot_hit():
    """F95 4.4: rounds on target are counted for a burst only; a single shot that always misses
    (Terrible, −3 + 4dF, never reaches Superb) has none."""
    enc = duel(None, "fudge1995", {**ASTA, "skills": {"Bow": "Terrible"}}, ORC)
    out = preview.event_odds(enc.state, shot("unaware", difficulty=3))
    assert results(out) == {"miss": 1} and out["rounds"] == []

_DODGE = ("F95 4.4", "The target dodges: the shot is weighed against their dodge, and the Difficulty Level is the "
          "least result that hits.", {"mode": "aware"})
_BOTH_ROLL = ("F95 4.61; MUD 4.22", "Asta and Orc roll 4 Fudge dice, weighed by what the rules read of it.",
              {"technique": "4dF"})
_SHIELD = ("CO 2.2", "A dodging shieldman who loses rolls their shield check (4 Fudge dice).", {"shield_rolls": True})
_CHECK = ("CO 4.3", "A wounded fighter's damage check (4dF) is weighed by its total.", {"damage_checks": True})


def _runs(n, classes=None):
    classes = n if classes is None else classes
    return ("F95 4.4", f"The shots were resolved {n} times, once for each of {classes} classes of dice, each weighted "
            "by its exact chance.", {"runs": n, "classes": classes})


@pytest.mark.parametrize("options, event, want", [
    ({"co.shield": True, "co.damage_check": True, "damage.die": "number_1df"}, shot("aware", weapon="thrown"),
     [_DODGE, _BOTH_ROLL, ("F95 4.61", "Damage dice (1dF) are weighed when a shot hits.", {"damage_dice": ["1dF"]}),
      _SHIELD, _CHECK, _runs(7439)]),
    ({"damage.system": "minmidmax"}, shot("unaware"),
     [("F95 4.4", "The target is unaware: each shot is weighed against the GM's Difficulty Level alone.",
       {"mode": "unaware"}),
      ("F95 4.61; MUD 4.22", "Asta rolls 4 Fudge dice, weighed by what the rules read of it.", {"technique": "4dF"}),
      ("F95 4.63", "Damage dice (3d6) are weighed when a shot hits.", {"damage_dice": ["3d6"]}), _runs(339)]),
    # A damage die beside the 3d6 (F95 4.63 with 4.61's 1dF): both kinds named; one class runs twice.
    ({"damage.system": "minmidmax", "damage.die": "number_1df"}, shot("unaware"),
     [("F95 4.4", "The target is unaware: each shot is weighed against the GM's Difficulty Level alone.",
       {"mode": "unaware"}),
      ("F95 4.61; MUD 4.22", "Asta rolls 4 Fudge dice, weighed by what the rules read of it.", {"technique": "4dF"}),
      ("F95 4.63", "Damage dice (3d6 or 1dF) are weighed when a shot hits.", {"damage_dice": ["3d6", "1dF"]}),
      _runs(287, 286)]),
    (None, shot("shoot_back", target_difficulty=0),
     [("F95 4.4", "The target shoots back: both unopposed shots are weighed, each against its own Difficulty "
       "Level; both may hit.", {"mode": "shoot_back"}), _BOTH_ROLL, _runs(81)]),
])
def test_the_steps_say_what_was_weighed_each_under_its_rule(options, event, want):
    """The mode (F95 4.4), who rolls which dice (the technique's section), the damage dice (F95
    4.61, 3d6 under F95 4.63), shield rolls (CO 2.2) and damage checks (CO 4.3) when weighed,
    and how many runs: each step's words and the numbers behind them."""
    shieldman = {**ORC, "shield": "large", "skills": {**ORC["skills"], "Shield": "Fair"}}
    steps = preview.event_odds(duel(options, "fudge1995", ASTA, shieldman).state, event)["steps"]
    assert [(s["section"], s["text"], s["data"]) for s in steps] == want


def test_a_target_without_a_shield_has_no_shield_roll_weighed():
    """CO 2.2 is a roll of a fighter who carries a shield: with the module on, a target without
    one has none to weigh, and the steps do not speak of it."""
    out = preview.event_odds(duel({"co.shield": True}).state, shot("aware"))
    assert "CO 2.2" not in [s["section"] for s in out["steps"]]

def test_agrees_with_a_seeded_simulation_of_the_real_event():
    """A dodged shot under Min-Mid-Max damage (3d6, F95 4.63) with a burst: the event applied
    with random dice 3,000 times; each result's frequency within 4.5 standard deviations."""
    enc = duel({"damage.system": "minmidmax", "damage.graze": "off"})
    event = shot("aware", difficulty=-1, burst=6)
    out = preview.event_odds(enc.state, event)
    want = {k: float(exact(v)) for k, v in out["directions"][0]["results"].items()}
    rng = random.Random(4)
    n, seen = 3000, {}
    for _ in range(n):
        rolled = {**event, "shooter_dice": {"roll": {"faces": [rng.choice((-1, 0, 1)) for _ in range(4)]},
                                            "damage": [rng.randint(1, 6) for _ in range(3)]},
                  "target_dice": {"roll": {"faces": [rng.choice((-1, 0, 1)) for _ in range(4)]}}}
        word = _direction_tally(HANDLERS["ranged"](enc.state, rolled), enc.state.rules)["Asta"][0]
        seen[word] = seen.get(word, 0) + 1
    assert set(seen) <= set(want)
    for word, p in want.items():
        sd = math.sqrt(p * (1 - p) / n)
        assert abs(seen.get(word, 0) / n - p) <= 4.5 * sd + 1e-9, (word, seen.get(word, 0) / n, p)


# --- the door and the encounter agree; sums; errors -----------------------------------------

def test_the_door_and_the_draft_agree():
    """The same shot through encounter.odds (read from the encounter: Asta Hurt, −1) and through
    the door's ranged_odds written by hand."""
    stored = duel(None, "fudge1995", ASTA, ORC, {"t": "wound", "id": "c1", "level": 2}).to_dict()
    assert call("encounter.open", id="pvr", encounter=stored)["ok"]
    mine = call("encounter.odds", id="pvr", rev=3, event=shot("aware", difficulty=1, burst=4))["result"]
    hurt = {**ASTA, "track": {"kind": "boxes", "marks": [[0, 0, 0], [2], [0], [0], [0]]}}
    request = {"attack": {"mode": "aware", "weapon": "propelled", "burst": 4,
                          "shooter": {"name": "Asta", "level": 1, "difficulty": 1,
                                      "modifiers": [{"source": "wounds", "amount": -1, "section": "F95 4.31"}]},
                          "target": {"name": "Orc", "level": 0}},
               "shooter": hurt, "target": ORC}
    door = call("ranged_odds", ranged_odds=request, ruleset={"preset": "fudge1995"})["result"]
    for key in ("mode", "rounds", "classes"):
        assert mine[key] == door[key]
    assert [{k: v for k, v in d.items() if not k.endswith("_id")} for d in mine["directions"]] == door["directions"]


@pytest.mark.parametrize("request_, field", [
    ({"attack": {"mode": "unaware", "shooter": {"name": "Asta", "level": 1, "difficulty": 0, "roll": 1}},
      "shooter": ASTA, "target": ORC}, "args.ranged_odds.attack.shooter.roll"),
    ({"attack": {"mode": "unaware", "shooter": {"name": "Asta", "level": 1}}, "shooter": ASTA, "target": ORC},
     "args.ranged_odds.attack.shooter.difficulty"),
    ({"attack": {"mode": "unaware", "shooter": {"name": "Asta", "level": 1, "difficulty": 0}}, "shooter": ASTA},
     "args.ranged_odds.target"),
    ({"attack": {"mode": "unaware", "shooter": {"name": "Orc", "level": 1, "difficulty": 0}}, "shooter": ASTA,
      "target": ORC}, "args.shooter"),
    ({"attack": {"mode": "unaware", "shooter": {"name": "Asta", "level": 1, "difficulty": 0}}, "shooter": ASTA,
      "target": ORC, "seed": 1}, "args.ranged_odds.seed"),
    ({"attack": {"mode": "aware", "shooter": {"name": "Asta", "level": 1, "difficulty": 0},
                 "target": {"name": "Troll", "level": 0}}, "shooter": ASTA, "target": ORC}, "args.shooter"),
])
def test_bad_door_requests_are_clear_errors(request_, field):
    reply = call("ranged_odds", ranged_odds=request_, ruleset={"preset": "fudge1995"})
    assert not reply["ok"] and reply["error"]["field"] == field, reply


_UNAWARE = {"mode": "unaware", "shooter": {"name": "Asta", "level": 1, "difficulty": 0}}


@pytest.mark.parametrize("data, field, words", [
    ([], "ranged_odds", "ranged_odds must be an object with an attack, a shooter and a target."),
    ({"attack": _UNAWARE, "shooter": ASTA, "target": ORC, "seed": 1}, "ranged_odds.seed",
     "ranged_odds: unknown field 'seed'."),
    ({"attack": _UNAWARE, "shooter": ASTA}, "ranged_odds.target", "ranged_odds needs target."),
    ({"attack": "unaware", "shooter": ASTA, "target": ORC}, "ranged_odds.attack",
     "ranged_odds.attack must be an object with a mode and a shooter."),
    ({"attack": {**_UNAWARE, "shooter": {**_UNAWARE["shooter"], "faces": [1, 1, 1, 1]}}, "shooter": ASTA,
      "target": ORC}, "ranged_odds.attack.shooter.faces", "The odds weigh every roll: leave the dice out."),
    # The target's dice are refused whatever the shooter's side holds.
    ({"attack": {"mode": "aware", "shooter": "Asta", "target": {"name": "Orc", "level": 0, "faces": [0, 0, 0, 0]}},
      "shooter": ASTA, "target": ORC}, "ranged_odds.attack.target.faces",
     "The odds weigh every roll: leave the dice out."),
])
def test_a_bad_request_is_refused_naming_its_field(data, field, words):
    with pytest.raises(FudgeError) as err:
        ranged_odds.RangedOddsRequest.from_dict(data)
    assert (err.value.field, err.value.message) == (field, words)


def test_a_request_passes_its_willpower_results_on():
    """F95 4.52 no. 4: with Willpower rolls on, the results the request declares are the ones used."""
    rules = ruleset_from_dict({"preset": "fudge1995", "options": {"wounds.willpower": "temporary"}})
    request = {"attack": {**_UNAWARE}, "shooter": ASTA, "target": ORC}
    with pytest.raises(RuleError) as err:
        ranged_odds.RangedOddsRequest.from_dict(request).odds(rules)
    assert err.value.field == "willpower.Orc"
    out = ranged_odds.RangedOddsRequest.from_dict({**request, "willpower": {"Orc": 1}}).odds(rules)
    assert sum(p for _, p in out.direction("Asta").results) == 1


@pytest.mark.parametrize("data, field", [
    ({"shooter": {**ASTA, "skills": {"Bow": "Splendid"}}}, "ranged_odds.shooter.skills.Bow"),
    ({"target": {**ORC, "skills": {"Club": "Splendid"}}}, "ranged_odds.target.skills.Club"),
    ({"willpower": ["Orc"]}, "ranged_odds.willpower"),
])
def test_a_bad_record_in_a_request_is_refused_under_its_name(data, field):
    with pytest.raises(FudgeError) as err:
        ranged_odds.RangedOddsRequest.from_dict({"attack": _UNAWARE, "shooter": ASTA, "target": ORC, **data})
    assert err.value.field == field


def test_a_request_too_dear_is_refused_unless_sampling_is_asked():
    """CO 2.2 shield rolls of a dodging shieldman: exact odds need more runs than allowed, the
    20,000 resolutions every exact odds may take (the refusal says so)."""
    sampling._KEPT.clear()
    shieldman = {**ORC, "shield": "large", "skills": {**ORC["skills"], "Shield": "Fair"}}
    request = ranged_odds.RangedOddsRequest.from_dict({"attack": {**_UNAWARE, "mode": "aware", "target": {
        "name": "Orc", "level": 0}}, "shooter": ASTA, "target": shieldman})
    rules = ruleset_from_dict({"preset": "fudge1995", "options": {"co.shield": True, "co.damage_check": True,
                                                                   "damage.system": "minmidmax"}})
    with pytest.raises(RuleError) as err:
        request.odds(rules)
    assert err.value.asks == {"input": "sample"}
    assert "would take more than 20000 resolutions" in err.value.message and err.value.field == "odds"
    out = request.odds(rules, sample=SAMPLE_STEPS[0])
    assert out.sampled["draws"] == SAMPLE_STEPS[0] == 400 and out.mode == "aware"
    # The last step says the odds are about: the runs, the seeded draws and their margin.
    assert [(s.section, s.text, s.data) for s in out.steps] == [
        _DODGE, _BOTH_ROLL, ("F95 4.63", "Damage dice (3d6) are weighed when a shot hits.", {"damage_dice": ["3d6"]}),
        _SHIELD, _CHECK,
        ("F95 4.4", f"About: the shots were resolved {out.runs} times, for 400 seeded draws of every die (exact odds "
         "would take too long); each chance is within ±5 points, 19 times in 20.",
         {"runs": out.runs, "draws": 400, "margin": 0.049})]


@pytest.mark.parametrize("options, given, field, words", [
    (None, {"Orc": 1}, "willpower", "Willpower rolls against wounds are off in this ruleset (F95 4.52)."),
    ({"wounds.willpower": "temporary"}, None, "willpower.Orc",
     "Willpower rolls against wounds are on (F95 4.52): the odds need Orc's Willpower result."),
])
def test_willpower_results_are_refused_when_off_and_asked_for_by_name_when_on(options, given, field, words):
    attack = RangedAttack.from_dict({"mode": "unaware", "shooter": {"name": "Asta", "level": 1, "roll": 0,
                                                                     "difficulty": 0}})
    with pytest.raises(RuleError) as err:
        ranged_odds.ranged_odds(attack, shooter=Fighter.from_dict(ASTA), target=Fighter.from_dict(ORC),
                                rules=ruleset_from_dict({"preset": "fudge1995", "options": options or {}}),
                                willpower=given)
    assert (err.value.field, err.value.message) == (field, words)


def test_the_json_of_exact_odds_says_ranged_and_its_runs_and_is_not_sampled():
    request = ranged_odds.RangedOddsRequest.from_dict({"attack": _UNAWARE, "shooter": ASTA, "target": ORC})
    out = request.odds(ruleset_from_dict({"preset": "fudge1995"})).to_dict()
    assert out["kind"] == "ranged" and out["runs"] == out["classes"] == 9 and "sampled" not in out

@pytest.mark.parametrize("shooter, target, field, words", [
    (ORC, ORC, "shooter", "The fighters' records must be the shooter's and the target's."),
    (ASTA, ASTA, "target", "Shooter and target must differ."),
])
def test_records_that_are_not_the_shots_fighters_are_refused(shooter, target, field, words):
    attack = RangedAttack.from_dict({"mode": "unaware", "shooter": {"name": "Asta", "level": 1, "roll": 0,
                                                                     "difficulty": 0}})
    with pytest.raises(FudgeError) as err:
        ranged_odds.ranged_odds(attack, shooter=Fighter.from_dict(shooter), target=Fighter.from_dict(target),
                                rules=ruleset_from_dict({"preset": "fudge1995"}))
    assert (err.value.field, err.value.message) == (field, words)


def test_a_shooter_shot_back_at_makes_his_damage_check_too():
    """CO 4.3: both fighters of a shoot-back may be hit (F95 4.4), so each one's damage check is
    weighed; the odds of the Orc's shot at Asta match the event applied over every roll."""
    enc = duel({"co.damage_check": True})
    event = shot("shoot_back", target_difficulty=0)
    out = preview.event_odds(enc.state, event)
    assert "CO 4.3" in [s["section"] for s in out["steps"]]
    assert sum(exact(p) for p in out["directions"][1]["results"].values()) == 1
    assert exact(out["directions"][1]["lands"]) == p_at_least(0)

def test_odds_too_dear_are_refused_unless_sampling_is_asked():
    attack = RangedAttack.from_dict({"mode": "unaware", "shooter": {"name": "Asta", "level": 1, "roll": 0,
                                                                     "difficulty": 0}})
    with pytest.raises(RuleError) as err:
        ranged_odds.ranged_odds(attack, shooter=Fighter.from_dict(ASTA), target=Fighter.from_dict(ORC),
                                rules=ruleset_from_dict({"preset": "fudge1995"}), max_runs=5)
    assert err.value.asks == {"input": "sample"}

def test_each_shot_is_found_by_its_shooter():
    attack = RangedAttack.from_dict({"mode": "shoot_back",
                                     "shooter": {"name": "Asta", "level": 1, "roll": 0, "difficulty": 0},
                                     "target": {"name": "Orc", "level": 0, "roll": 0, "difficulty": 0}})
    out = ranged_odds.ranged_odds(attack, shooter=Fighter.from_dict(ASTA), target=Fighter.from_dict(ORC),
                                  rules=ruleset_from_dict({"preset": "fudge1995"}))
    assert (out.direction("Orc").attacker, out.direction("Orc").defender) == ("Orc", "Asta")
    assert out.direction("Asta").defender == "Orc"
    with pytest.raises(FudgeError) as err:
        out.direction("Troll")
    assert err.value.field == "shooter" and "'Troll' does not shoot" in err.value.message

@pytest.mark.parametrize("event, options, field", [
    (shot("aware", shooter="c2", target="c2"), None, "event.target"),
    (shot("volley"), None, "event.mode"),
    (shot("shoot_back"), None, "event.attack.target.difficulty"),
    (shot("aware", bogus=1), None, "event.bogus"),
    (shot("aware", shooter_declares={"stunned": 1}), None, "event.shooter"),  # F95 4.62: he cannot shoot
    (shot("aware"), {"wounds.willpower": "temporary"}, "event.target_declares.willpower"),
    (shot("shoot_back", target_difficulty=0, target_declares={"willpower": 1}), {"wounds.willpower": "temporary"},
     "event.shooter_declares.willpower"),
])
def test_bad_ranged_drafts_are_clear_errors(event, options, field):
    with pytest.raises(FudgeError) as err:
        preview.event_odds(duel(options).state, event)
    assert err.value.field == field, err.value


def test_a_shot_whose_wound_needs_a_damage_capacity_roll_is_refused_saying_why():
    """F95 4.52's first alternative rolls Damage Capacity after a Hurt or worse: a roll the
    shot's dice do not hold, found once the dice were read, so the odds cannot be exact."""
    with pytest.raises(RuleError) as err:
        preview.event_odds(duel({"damage.capacity": "roll"}).state, shot("unaware"))
    assert err.value.message.startswith("Exact odds cannot be given: some rolls need more than dice. A wound")
    assert err.value.field == "event.capacity_roll.Orc"

def test_willpower_results_declared_let_the_odds_through():
    out = preview.event_odds(duel({"wounds.willpower": "temporary"}).state,
                             shot("aware", target_declares={"willpower": 1}))
    assert sum(exact(p) for p in out["directions"][0]["results"].values()) == 1


def test_the_draft_dice_are_ignored():
    state = duel().state
    rolled = shot("aware", shooter_dice={"roll": {"total": 4}}, target_dice={"roll": {"faces": [1, 1, 1, 1]}})
    assert preview.event_odds(state, rolled) == preview.event_odds(state, shot("aware"))


def test_a_ranged_event_after_a_carried_modifier_applies():
    """A carried modifier (F95 4.23: after an all-out attack, −2 to the attacker's next defence)
    is used up by the ranged event as by an exchange."""
    first = {"t": "exchange", "kind": "attack", "a": "c1", "b": "c2", "a_declares": {"all_out": "offense"},
             "a_dice": {"roll": {"faces": [-1, -1, -1, -1]}}, "b_dice": {"roll": {"faces": [0, 0, 0, 0]}}}
    enc = duel({"melee.pacing": "alternating"}, "fudge1995", ASTA, ORC, first)
    assert enc.state.carry
    fire = shot("aware", shooter="c2", target="c1", shooter_dice={"roll": {"total": 0}},
                target_dice={"roll": {"total": 0}})
    odds_with_carry = preview.event_odds(enc.state, fire)
    after = enc.apply(fire)
    assert after.carry == () and after.last["kind"] == "ranged"
    assert odds_with_carry != preview.event_odds(after, fire)


@at_least(0.5)
@settings(max_examples=30, deadline=None)
@given(mode=st.sampled_from(("unaware", "aware", "shoot_back")), weapon=st.sampled_from(("thrown", "propelled")),
       preset=st.sampled_from(("fudge1995", "mudge", "fudge1993")), difficulty=st.integers(-3, 3),
       back=st.integers(-3, 3), burst=st.one_of(st.none(), st.integers(1, 12)),
       die=st.sampled_from((None, "number_1df", "level_1df", "situational")), wounded=st.integers(0, 3))
def test_the_chances_of_each_shot_sum_to_one(mode, weapon, preset, difficulty, back, burst, die, wounded):
    events = ({"t": "wound", "id": "c2", "level": wounded},) if wounded else ()
    enc = duel({"damage.die": die} if die else None, preset, ASTA, ORC, *events)
    event = shot(mode, weapon=weapon, difficulty=difficulty)
    if mode == "shoot_back":
        event["target_difficulty"] = back
    if burst is not None:
        event["burst"] = burst
    try:
        out = preview.event_odds(enc.state, event)
    except RuleError as err:  # e.g. the Orc too hurt to dodge: the event says so too
        with pytest.raises(FudgeError):
            HANDLERS["ranged"](enc.state, {**event, "shooter_dice": {"roll": {"total": 0}},
                                           "target_dice": {"roll": {"total": 0}}})
        assert err.field
        refused()
        return
    checked()
    for d in out["directions"]:
        for key in ("results", "after"):
            parts = d[key].values() if key == "results" else d[key]
            assert sum(exact(p) for p in parts) == 1
        assert sum(exact(w) for w in d["wounds"] + d["stuns"]) == exact(d["lands"])
    if out["rounds"]:
        assert sum(exact(r) for r in out["rounds"]) == 1


def test_a_one_on_one_shot_is_quick():
    """A dodged shot with 1dF damage dice, first call, CPython (the bench holds Pyodide's odds to
    ≤ 20 ms); a generous bound, in CPU seconds of this process so a busy machine does not stretch it."""
    rules = ruleset_from_dict({"preset": "fudge1995", "options": {"damage.die": "number_1df"}})
    attack = RangedAttack.from_dict({"mode": "aware",
                                     "shooter": {"name": "Asta", "level": 1, "roll": 0, "difficulty": 0},
                                     "target": {"name": "Orc", "level": 0, "roll": 0}})
    start = time.process_time()
    ranged_odds.ranged_odds(attack, shooter=Fighter.from_dict(ASTA), target=Fighter.from_dict(ORC), rules=rules)
    assert time.process_time() - start < 0.5
