"""Odds before rolling in an encounter (pyfudge/analysis/preview.py, door action ``encounter.odds``):
hand-computed cases, the encounter's state honoured (wounds, carried modifiers, stances), errors,
and agreement with a seeded simulation that applies the real event with random dice.

Hand tables: 4dF totals −4…+4 come from 1, 4, 10, 16, 19, 16, 10, 4, 1 of 81 face combinations.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from fractions import Fraction

import pytest

from pyfudge import api
from pyfudge.analysis import forecast, odds, preview, sampling
from pyfudge.analysis import ranged_odds as ranged_odds_mod
from pyfudge.analysis.sampling import SAMPLE_STEPS
from pyfudge.core.errors import FudgeError, RuleError
from pyfudge.door import encounter_actions as api_encounters
from pyfudge.encounter.log import HANDLERS, Encounter
from pyfudge.rulesets import ruleset_from_dict

C4 = dict(zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1)))
A = {"name": "Asta", "role": "pc", "skills": {"Sword": "Fair"}}
B = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}}


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def duel(options=None, *events) -> Encounter:
    enc = Encounter(ruleset=ruleset_from_dict({"preset": "fudge1995", "options": options or {}}))
    for event in ({"t": "add", "fighter": A}, {"t": "add", "fighter": B}) + events:
        enc.apply(event)
    return enc


def draft(**kw):
    return {"t": "exchange", "kind": "round", "a": "c1", "b": "c2", **kw}


def exact(d: dict) -> Fraction:
    return Fraction(d["exact"])


def test_two_fair_fighters_stand_off_when_totals_tie():
    """F95 4.22: equal totals are a stand-off: Σ c² = 1+16+100+256+361+256+100+16+1 = 1107/6561."""
    out = preview.exchange_odds(duel().state, draft())
    assert exact(out["exchange"]["stand-off"]) == Fraction(1107, 6561)
    assert [(d["attacker_id"], d["defender_id"]) for d in out["directions"]] == [("c1", "c2"), ("c2", "c1")]
    for d in out["directions"]:
        assert sum(exact(p) for p in d["results"].values()) == 1
    assert (out["a"], out["b"], out["round"]) == ("c1", "c2", 1)


def test_a_wound_penalty_in_the_encounter_counts():
    """Asta Hurt (−1, F95 4.57): a stand-off needs her total one above the Orc's:
    Σ c(t)·c(t−1) = 4+40+160+304+304+160+40+4 = 1016 of 6561."""
    enc = duel(None, {"t": "wound", "id": "c1", "level": 2})
    out = preview.exchange_odds(enc.state, draft())
    assert exact(out["exchange"]["stand-off"]) == Fraction(1016, 6561)
    assert sum(C4[t] * C4[t - 1] for t in C4 if t - 1 in C4) == 1016


def test_the_draft_dice_are_ignored():
    state = duel().state
    with_dice = draft(a_dice={"roll": {"faces": [1, 1, 1, 1]}}, b_dice={"roll": {"total": -4}})
    assert preview.exchange_odds(state, with_dice) == preview.exchange_odds(state, draft())


def test_a_carried_all_out_offence_lowers_the_next_defence():
    """F95 4.23: after his all-out attack Asta defends at −2 on the Orc's next turn. The Orc's
    attack (her first one missed: nobody is hurt) ties only when his total is two below hers:
    Σ c(t)·c(t+2) = 10+64+190+256+190+64+10 = 784 of 6561; without the carry, 1107."""
    rules = {"melee.pacing": "alternating"}
    first = draft(kind="attack", a_declares={"all_out": "offense"},
                  a_dice={"roll": {"faces": [-1, -1, -1, -1]}}, b_dice={"roll": {"faces": [0, 0, 0, 0]}})
    enc = duel(rules, first)
    assert enc.state.carry and enc.state.last["outcome"]["blows"] == []  # the encounter carries the −2
    back = {"t": "exchange", "kind": "attack", "a": "c2", "b": "c1"}
    carried = preview.exchange_odds(enc.state, back)
    fresh = preview.exchange_odds(duel(rules).state, back)
    ties = sum(C4[t] * C4[t + 2] for t in C4 if t + 2 in C4)
    assert exact(carried["exchange"]["stand-off"]) == Fraction(ties, 6561)
    assert exact(fresh["exchange"]["stand-off"]) == Fraction(1107, 6561)


def test_stances_change_the_odds_as_the_pipeline_weighs_them():
    """F95 4.32: Berserk is +2 offence, −2 defence. With stances both blows are compared with the
    other's defence; the door's odds equal odds.attack_odds of the same fighters and stances."""
    enc = duel({"melee.stances": True})
    normal = preview.exchange_odds(enc.state, draft())
    berserk = preview.exchange_odds(enc.state, draft(a_declares={"stance": "berserk"}))
    assert normal != berserk
    a_lands = lambda o: exact(o["directions"][0]["lands"])  # noqa: E731
    b_lands = lambda o: exact(o["directions"][1]["lands"])  # noqa: E731
    assert a_lands(berserk) > a_lands(normal) and b_lands(berserk) > b_lands(normal)
    st = enc.state
    from pyfudge.combat.declaration import Declaration
    direct = odds.attack_odds(st.combatants[0].fighter, st.combatants[1].fighter, rules=st.rules,
                              a_declares=Declaration.from_dict({"stance": "berserk"}), kind="round")
    assert berserk["directions"] == [
        {**d, "attacker_id": i, "defender_id": j}
        for d, (i, j) in zip(direct.to_dict()["directions"], [("c1", "c2"), ("c2", "c1")])]


@pytest.mark.parametrize("event, field", [
    ({"t": "wound", "id": "c1", "level": 1}, "event"),
    (["exchange"], "event"),
    (draft(seed=3), "event.seed"),
    (draft(b="c1"), "event.b"),
    (draft(a="c9"), "event.a"),
    (draft(kind="volley"), "event.kind"),
    (draft(a_declares={"stance": "berserk"}), "event.a"),  # stances are off
])
def test_bad_drafts_are_clear_errors(event, field):
    with pytest.raises(FudgeError) as err:
        preview.exchange_odds(duel().state, event)
    assert err.value.field.startswith(field)


def test_the_door_holds_the_encounter_by_revision_and_reopens_it():
    enc = duel()
    stored = enc.to_dict()
    assert call("encounter.open", id="pv1", encounter=stored)["ok"]
    reply = call("encounter.odds", id="pv1", rev=2, event=draft())
    assert reply["ok"] and exact(reply["result"]["exchange"]["stand-off"]) == Fraction(1107, 6561)
    stale = call("encounter.odds", id="pv1", rev=1, event=draft())
    assert stale["error"]["type"] == "SessionError"
    api_encounters.OPEN.clear()  # a restarted worker: the app sends the encounter along
    again = call("encounter.odds", id="pv1", rev=2, event=draft(), encounter=stored)
    assert again["result"] == reply["result"]
    bad = call("encounter.odds", id="pv1", rev=2, event=draft(a="c7"))
    assert not bad["ok"] and bad["error"]["field"] == "args.event.a"


def _faces(rng: random.Random) -> list[int]:
    return [rng.choice((-1, 0, 1)) for _ in range(4)]


def test_agrees_with_a_seeded_simulation_of_the_real_event():
    """Apply the draft with random dice to the encounter's state 3,000 times (the encounter's own
    exchange handler, seeded) and compare the frequency of each exchange result with the exact
    chance: within 4.5 standard deviations (a false alarm about once in 150,000 runs per result)."""
    enc = duel({"melee.stances": True}, {"t": "wound", "id": "c2", "level": 2})
    event = draft(a_declares={"stance": "aggressive"}, b_declares={"stance": "defensive"})
    want = {k: float(exact(v)) for k, v in preview.exchange_odds(enc.state, event)["exchange"].items()}
    rng = random.Random(6)
    n, seen = 3000, {}
    for _ in range(n):
        rolled = {**event, "a_dice": {"roll": {"faces": _faces(rng)}}, "b_dice": {"roll": {"faces": _faces(rng)}}}
        result = HANDLERS["exchange"](enc.state, rolled).last["outcome"]["result"]
        seen[result] = seen.get(result, 0) + 1
    assert set(seen) <= set(want)
    for word, p in want.items():
        sd = math.sqrt(p * (1 - p) / n)
        assert abs(seen.get(word, 0) / n - p) <= 4.5 * sd + 1e-9, (word, seen.get(word, 0) / n, p)


def test_the_forecast_door_reads_the_open_encounter():
    stored = duel().to_dict()
    assert call("encounter.open", id="pv2", encounter=stored)["ok"]
    reply = call("encounter.forecast", id="pv2", rev=2)["result"]
    assert reply["rev"] == 2 and reply["method"] in ("exact", "simulation")
    total = sum(reply["sides"][k]["p"] for k in ("players", "foes", "none")) + reply["capped"]
    assert abs(total - 1) < 1e-5 and reply["rounds"]["mean"] > 1
    assert call("encounter.forecast", id="pv2", rev=0)["error"]["type"] == "SessionError"


@pytest.mark.parametrize("action, extra", [("encounter.odds", {"event": draft()}), ("encounter.forecast", {})])
def test_a_preview_behind_an_apply_in_flight_leaves_the_open_encounter_alone(action, extra, monkeypatch):
    # A forecast stops at its time budget: a clock that stands still makes two forecasts of one
    # state play as many fights, whatever the machine's load.
    monkeypatch.setattr(forecast, "_clock", lambda: 0.0)
    stored = duel().to_dict()
    assert call("encounter.open", id="pv3", encounter=stored)["ok"]
    held = api_encounters.OPEN["pv3"]
    wound = {"t": "wound", "id": "c2", "level": 2}
    assert call("encounter.apply", id="pv3", rev=2, event=wound, encounter=stored)["ok"]
    # The preview was asked for at revision 2, before the apply's answer came back.
    behind = call(action, id="pv3", rev=2, encounter=stored, **extra)
    assert behind["ok"], behind
    assert api_encounters.OPEN["pv3"] is held and len(held.log) == 3
    # Its answer is the encounter at revision 2 (a throwaway replay), not at 3.
    fresh = Encounter.from_dict(stored)
    api_encounters.OPEN.pop("pv4", None)
    assert call(action, id="pv4", rev=2, encounter=stored, **extra)["result"] == behind["result"]
    assert api_encounters.OPEN["pv4"].to_dict() == fresh.to_dict()  # held by none: a restarted worker keeps it
    # The next apply needs no replay of the log: the engine still holds revision 3.
    nxt = call("encounter.apply", id="pv3", rev=3, event={"t": "next_round"})
    assert nxt["ok"] and nxt["result"]["rev"] == 4 and api_encounters.OPEN["pv3"] is held


def test_previews_and_applies_share_one_way_to_find_the_encounter():
    stored = duel().to_dict()
    api_encounters.OPEN.pop("pv5", None)
    for action, extra in (("encounter.odds", {"event": draft()}), ("encounter.forecast", {}),
                          ("encounter.apply", {"event": {"t": "next_round"}})):
        missing = call(action, id="pv5", rev=2, **extra)
        assert missing["error"]["type"] == "SessionError" and missing["error"]["field"] == "args.rev"
        wrong = call(action, id="pv5", rev=1, encounter=stored, **extra)
        assert wrong["error"]["type"] == "RequestError" and wrong["error"]["field"] == "args.rev"
        assert "pv5" not in api_encounters.OPEN
    forecast = call("forecast", encounter=stored, samples=200, seed=1)
    assert forecast["ok"], forecast
    assert call("forecast", id="pv5")["error"]["field"] == "args.id"


# --- group drafts (one fighter against several foes, F95 4.34) ----------------------------------

CREW = [{"name": "Asta", "role": "pc", "skills": {"Sword": "Good"}},
        {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}},
        {"name": "Gob", "role": "npc", "skills": {"Club": "Fair"}},
        {"name": "Rat", "role": "npc", "skills": {"Club": "Poor"}},
        {"name": "Bat", "role": "npc", "skills": {"Club": "Poor"}}]


def crew(options=None, *events) -> Encounter:
    enc = Encounter(ruleset=ruleset_from_dict({"preset": "fudge1995", "options": options or {}}))
    for event in tuple({"t": "add", "fighter": f} for f in CREW) + events:
        enc.apply(event)
    return enc


def group(foes=("c2", "c3"), **kw):
    return {"t": "group", "lone": "c1", "foes": list(foes), **kw}


def test_a_group_draft_against_fixed_npcs_by_hand():
    """F95 4.33/4.34: Asta (Good, PC) against two Fair NPCs who score their level: −1 for the
    second foe puts her at Fair + t. Each foe hits when t ≤ −1 (31/81), both at once; she beats
    both when t ≥ 1 (31/81) and wounds her first choice; a tie (t = 0) wounds no one."""
    out = preview.event_odds(crew({"melee.npc_fixed": True}).state, group())
    assert out["t"] == "group" and out["lone_id"] == "c1" and out["classes"] == 9
    assert [(h["hits"], exact(h)) for h in out["hits_taken"]] == [(0, Fraction(50, 81)), (2, Fraction(31, 81))]
    assert exact(out["strikes"]) == Fraction(31, 81)
    assert [(f["id"], exact(f["hits_lone"]), exact(f["struck"])) for f in out["foes"]] == [
        ("c2", Fraction(31, 81), Fraction(31, 81)), ("c3", Fraction(31, 81), 0)]
    assert out["prefer_ids"] == ["c2", "c3"]
    # The draft's targets are her order of preference.
    out = preview.event_odds(crew({"melee.npc_fixed": True}).state, group(targets=["c3"]))
    assert [exact(f["struck"]) for f in out["foes"]] == [0, Fraction(31, 81)]
    assert out["prefer_ids"] == ["c3", "c2"]


def _door_round(npc_roll="each"):
    """The door's group_odds request for Asta (Hurt: −1, F95 4.31) against Orc and Gob, by hand."""
    foe = {"modifiers": [], "needs": -2, "level": 0}
    return {"round": {"lone": {"name": "Asta", "level": 1, "needs": -2,
                               "modifiers": [{"source": "wounds", "amount": -1, "section": "F95 4.31"}]},
                      "foes": [{"name": "Orc", **foe}, {"name": "Gob", **foe}], "npc_roll": npc_roll},
            "lone": {**CREW[0], "track": {"kind": "boxes", "marks": [[0, 0, 0], [2], [0], [0], [0]]}},
            "foes": [CREW[1], CREW[2]]}


@pytest.mark.parametrize("npc_roll, extra, classes", [("each", {}, 729), ("group", {"group_roll": {"total": 1}}, 45)])
def test_a_group_draft_agrees_with_the_door(npc_roll, extra, classes):
    """The same round through encounter.odds (read from the encounter: her wound, the GM's one
    2dF roll under multi.group_dice) and through the door's group_odds (written by hand)."""
    stored = crew(None, {"t": "wound", "id": "c1", "level": 2}).to_dict()
    assert call("encounter.open", id="pvg", encounter=stored)["ok"]
    mine = call("encounter.odds", id="pvg", rev=6, event=group(**extra))["result"]
    door = call("group_odds", group_odds=_door_round(npc_roll), ruleset={"preset": "fudge1995"})["result"]
    assert mine["classes"] == door["classes"] == classes
    for key in ("hits_taken", "lone_after", "strikes", "prefer"):
        assert mine[key] == door[key]
    assert [{k: v for k, v in f.items() if k != "id"} for f in mine["foes"]] == door["foes"]
    assert [f["id"] for f in mine["foes"]] == ["c2", "c3"]


def test_a_foe_who_cannot_act_is_left_out_of_the_group_odds():
    """F95 4.51: Orc Incapacitated is out; Asta faces Gob alone (no −1): 81 classes."""
    out = preview.event_odds(crew(None, {"t": "wound", "id": "c2", "level": 4}).state, group())
    assert out["out"] == ["c2"] and [f["id"] for f in out["foes"]] == ["c3"] and out["classes"] == 81


@pytest.mark.parametrize("event, field", [
    (group(bogus=1), "event.bogus"),
    (group(("c1", "c3")), "event.foes"),
])
def test_bad_group_drafts_are_clear_errors(event, field):
    with pytest.raises(FudgeError) as err:
        preview.event_odds(crew().state, event)
    assert err.value.field == field


def test_only_exchange_group_and_ranged_drafts_have_odds():
    with pytest.raises(FudgeError) as err:
        preview.event_odds(crew().state, {"t": "story", "id": "c1", "rolls": [{}]})
    assert err.value.field == "event" and err.value.message == (
        'The odds are asked of a draft exchange, group or ranged event ({t: "exchange", a, b, …}, '
        '{t: "group", lone, foes, …} or {t: "ranged", shooter, target, …}).')


def _struck(state, event, foe):
    """The group ``event`` applied with the lone fighter striking ``foe``, or None if he may not."""
    try:
        return HANDLERS["group"](state, {**event, "targets": [foe]})
    except FudgeError as err:
        if not err.field.startswith("targets["):
            raise
        return None


def _group_brute(enc, event, dims):
    """Apply the group ``event`` with every combination of ``dims`` [(key, [(value, weight)])]
    and add up what the odds report, as exact chances. Where the lone fighter may wound several
    foes the event is applied again with his pick, the first of them (the odds' reading)."""
    state = enc.state
    names = {c.id: c.fighter.name for c in state.combatants}
    lone = names[event["lone"]]
    total = math.prod(sum(w for _, w in d) for _, d in dims)
    tally: dict = {}

    def add(key, w):
        tally[key] = tally.get(key, 0) + w

    for combo in itertools.product(*(d for _, d in dims)):
        ev = {**event}
        weight = 1
        for (key, _), (value, w) in zip(dims, combo):
            ev[key] = value
            weight *= w
        try:
            after = HANDLERS["group"](state, ev)
        except FudgeError as err:  # he may wound several: the event asks whom (F95 4.34)
            if err.field != "targets":
                raise
            # As the odds read it: he strikes the first foe of the draft he may wound.
            after = next(a for a in (_struck(state, ev, f) for f in event["foes"]) if a is not None)
        blows = after.last["outcome"]["blows"]
        add(("hits", sum(b["defender"] == lone for b in blows)), weight)
        add(("strikes", any(b["attacker"] == lone for b in blows)), weight)
        for c in after.combatants:
            if c.id in [event["lone"], *event["foes"]]:
                add(("after", c.fighter.name, c.fighter.current_level(state.rules)), weight)
        for b in blows:
            add(("blow", b["attacker"], b["defender"], b["level"]), weight)
    return {k: Fraction(v, total) for k, v in tally.items()}


def _group_from_odds(out, names):
    got = {("hits", h["hits"]): exact(h) for h in out["hits_taken"]}
    got[("strikes", True)] = exact(out["strikes"])
    got[("strikes", False)] = 1 - exact(out["strikes"])
    lone = names[out["lone_id"]]
    got.update({("after", lone, w["level"]): exact(w) for w in out["lone_after"]})
    for f in out["foes"]:
        got.update({("after", f["name"], w["level"]): exact(w) for w in f["after"]})
        got.update({("blow", f["name"], lone, w["level"]): exact(w) for w in f["wounds_to_lone"]})
        got.update({("blow", lone, f["name"], w["level"]): exact(w) for w in f["wounds_from_lone"]})
    return {k: v for k, v in got.items() if v}


C2 = dict(zip(range(-2, 3), (1, 2, 3, 2, 1)))  # 2dF totals of 9


@pytest.mark.parametrize("declares", [
    {"foe_declares": {"c2": {"stunned": 1}}},                                  # a stunned foe
    {"lone_declares": {"stunned": 1}},                                         # the lone fighter stunned
    {"lone_declares": {"stunned": 1}, "foe_declares": {"c3": {"stunned": 1}}},
])
@pytest.mark.parametrize("mode", ["fixed", "group"])
def test_a_stunned_fighter_in_a_group_draft_agrees_with_the_event(declares, mode):
    """F95 4.62: a stunned fighter still defends but his blows do not land. The odds of the draft
    equal the event applied over every class of dice: the lone fighter's 4dF totals, and the
    GM's one 2dF roll (F95 4.34) or the NPCs at their trait level (F95 4.33)."""
    enc = crew({"melee.npc_fixed": mode == "fixed"})
    event = group(**declares, **({"group_roll": {}} if mode == "group" else {}))
    dims = [("lone_dice", [({"roll": {"total": t}}, c) for t, c in C4.items()])]
    if mode == "group":
        dims.append(("group_roll", [({"total": t}, c) for t, c in C2.items()]))
    want = _group_brute(enc, event, dims)
    names = {c.id: c.fighter.name for c in enc.state.combatants}
    got = _group_from_odds(preview.event_odds(enc.state, event), names)
    assert got == want
    stunned = ({names[i] for i in declares.get("foe_declares", {})}
               | ({"Asta"} if "lone_declares" in declares else set()))
    assert all(k[1] not in stunned for k in got if k[0] == "blow")  # no blow of a stunned fighter lands


def test_the_gm_rolls_once_before_his_dice_are_in():
    """A draft with an empty group_roll says the GM rolls once for all the foes (F95 4.34): its
    odds are those of the GM's roll (45 classes with 2dF), not of each foe rolling — which for
    four foes would be too many classes. Applying it asks for the GM's roll."""
    state = crew().state
    bare = preview.event_odds(state, group(group_roll={}))
    assert bare == preview.event_odds(state, group(group_roll={"faces": [1, -1]})) and bare["classes"] == 45
    many = preview.event_odds(state, group(("c2", "c3", "c4", "c5"), group_roll={}))
    assert len(many["foes"]) == 4
    with pytest.raises(FudgeError) as err:
        HANDLERS["group"](state, group(group_roll={}, lone_dice={"roll": {"total": 0}}))
    assert err.value.field == "group_roll" and "enter the GM's roll" in err.value.message
    for bad in ({"dice": 3}, {"faces": [1, 1], "total": 2}, 5):
        with pytest.raises(FudgeError) as err:
            preview.event_odds(state, group(group_roll=bad))
        assert err.value.field == "event.group_roll"


def test_a_group_summary_names_the_likeliest_ending_only_when_a_blow_can_land():
    """The one-line odds of a group round (preview.summary): "most likely ending …" only when the
    lone fighter can be hit, and only with a wound to name."""
    group_out = {"t": "group", "lone": "Hero", "strikes": {"p": 0.5}}
    already_hurt = {**group_out, "lone_after": [{"level": 2, "name": "Hurt", "p": 1.0}],
                    "hits_taken": [{"hits": 0, "p": 1.0}]}
    assert preview.summary(already_hurt) == "Hero lands a blow 50 %; takes one or more 0 %."
    hits_that_wound_no_one = {**group_out, "lone_after": [{"level": 0, "name": "Undamaged", "p": 1.0}],
                              "hits_taken": [{"hits": 0, "p": 0.5}, {"hits": 1, "p": 0.5}]}
    assert preview.summary(hits_that_wound_no_one) == "Hero lands a blow 50 %; takes one or more 50 %."
    wounded = {**group_out, "lone_after": [{"level": 0, "name": "Undamaged", "p": 0.5},
                                           {"level": 1, "name": "Scratch", "p": 0.5}],
               "hits_taken": [{"hits": 0, "p": 0.5}, {"hits": 1, "p": 0.5}]}
    assert preview.summary(wounded) == ("Hero lands a blow 50 %; takes one or more 50 %, "
                                        "most likely ending Scratch.")


def test_odds_are_exact_unless_asked_to_sample_and_each_kind_samples_as_asked():
    """Too dear to weigh exactly (three foes rolling their own dice; Min-Mid-Max with CO shield
    rolls and damage checks): refused saying it can be sampled unless ``sample`` is given, and
    then sampled in the step asked, whatever the draft's kind."""
    sampling._KEPT.clear()
    state = crew().state
    three = group(foes=("c2", "c3", "c4"))
    for asked in (preview.event_odds, preview.group_odds):
        with pytest.raises(RuleError) as refused:
            asked(state, three)
        assert refused.value.asks == {"input": "sample"}
    assert preview.event_odds(state, three, sample=SAMPLE_STEPS[0])["sampled"]["draws"] == SAMPLE_STEPS[0]
    shields = Encounter(ruleset=ruleset_from_dict({"preset": "fudge1995", "options": {
        "co.shield": True, "co.damage_check": True, "damage.system": "minmidmax"}}))
    for f in ({**A, "skills": {"Bow": "Good", "Shield": "Fair"}, "shield": "large"},
              {**B, "skills": {"Bow": "Fair", "Shield": "Fair"}, "shield": "large"}):
        shields.apply({"t": "add", "fighter": f})
    fire = {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0}
    assert preview.event_odds(shields.state, fire, sample=SAMPLE_STEPS[0])["sampled"]["draws"] == SAMPLE_STEPS[0]


def test_a_drafts_unknown_field_is_named_by_its_first_forty_characters_and_the_first_in_order():
    long = "x" * 39 + "yz"
    with pytest.raises(FudgeError) as err:
        preview.exchange_odds(duel().state, draft(**{long: 1, "zz": 2}))
    assert (err.value.message, err.value.field) == (f"An exchange event has no field {long[:40]!r}.",
                                                    f"event.{long[:40]}")


def test_each_drafts_odds_carry_the_round_they_are_for_and_the_result_words():
    nxt = {"t": "next_round"}
    fire = {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0}
    for out in (preview.event_odds(duel(None, nxt).state, draft()), preview.event_odds(duel(None, nxt).state, fire),
                preview.event_odds(crew(None, nxt).state, group())):
        assert out["round"] == 2
    for out in (preview.event_odds(duel().state, draft()), preview.event_odds(duel().state, fire)):
        assert out["labels"] == odds.RESULT_LABELS


def test_a_speed_power_strikes_unopposed_in_the_even_rounds_odds():
    """F95 4.36: sped up by a Power, Asta attacks every other round (2, 4, …) unopposed against
    Poor: her blow lands 2723/6561 in round 1, 76/81 in round 2 (4dF + Fair ≥ Poor + 1)."""
    enc = Encounter(ruleset=ruleset_from_dict({"preset": "fudge1995", "options": {}}))
    for event in ({"t": "add", "fighter": {**A, "speed_power": True}}, {"t": "add", "fighter": B}):
        enc.apply(event)
    assert exact(preview.exchange_odds(enc.state, draft())["directions"][0]["lands"]) == Fraction(2723, 6561)
    enc.apply({"t": "next_round"})
    assert exact(preview.exchange_odds(enc.state, draft())["directions"][0]["lands"]) == Fraction(76, 81)


def test_a_drafts_dice_are_not_read_even_when_they_could_not_be():
    state = duel().state
    unreadable = draft(a_dice={"roll": {"faces": [7]}}, b_dice={"damage": "junk"})
    assert preview.exchange_odds(state, unreadable) == preview.exchange_odds(state, draft())


@pytest.mark.parametrize("module", [odds, ranged_odds_mod])
def test_an_exchange_or_ranged_draft_is_weighed_exactly_unless_sampling_is_asked(module, monkeypatch):
    """Odds too dear to weigh (here: any, the budget cut to 10 runs) are refused, saying they can
    be sampled, unless ``sample`` is given."""
    monkeypatch.setattr(module, "exact_runs", lambda max_runs, sample: 10)
    sampling._KEPT.clear()
    odds._CACHE.clear()
    asked = preview.exchange_odds if module is odds else preview.ranged_odds
    fire = {"t": "ranged", "mode": "aware", "shooter": "c1", "target": "c2", "difficulty": 0}
    with pytest.raises(RuleError) as refused:
        asked(duel().state, draft() if module is odds else fire)
    assert refused.value.asks == {"input": "sample"}


def test_a_group_drafts_willpower_results_change_the_lone_fighters_odds():
    """F95 4.52 no. 4: a Great+ Willpower result lightens each wound a level, a Poor− one worsens
    it; declared in the draft, they are weighed (Asta Undamaged more often with +3 than −3)."""
    state = crew({"wounds.willpower": "temporary"}).state
    def undamaged(lone, foes):
        out = preview.event_odds(state, group(lone_declares={"willpower": [lone, lone]},
                                              foe_declares={"c2": {"willpower": foes}, "c3": {"willpower": foes}}))
        return exact(out["lone_after"][0])
    assert undamaged(3, -3) == Fraction(409324, 531441) and undamaged(-3, 3) == Fraction(74956, 177147)


def _levels(*rows):
    """Wound levels as the odds give them (odds.as_levels): (level, name, p)."""
    return [{"level": lv, "name": name, "p": p} for lv, name, p in rows]


def _direction(attacker, defender, wounds, stuns=()):
    return {"attacker": attacker, "defender": defender, "wounds": _levels(*wounds), "stuns": _levels(*stuns)}


def test_an_exchange_summary_counts_stunning_blows_as_harm_and_names_the_likeliest_of_both():
    """F95 4.62: a stunning blow harms; the line's chance adds the wounds above Undamaged and the
    stuns, and "most likely" names the likeliest of those (never Undamaged, however likely)."""
    out = {"directions": [
        _direction("Asta", "Orc", [(0, "Undamaged", 0.5), (1, "Scratch", 0.1)], [(2, "Hurt", 0.3)]),
        _direction("Orc", "Asta", [(0, "Undamaged", 0.5), (1, "Scratch", 0.3), (2, "Hurt", 0.1)]),
        _direction("Asta", "Rat", [(0, "Undamaged", 0.25)])]}
    assert preview.summary(out) == ("Asta wounds Orc 40 %, most likely Hurt; Orc wounds Asta 40 %, "
                                    "most likely Scratch; Asta wounds Rat 0 %.")


def test_a_group_summary_reads_a_certain_blow_on_the_lone_fighter_as_certain():
    """Odds list only what can happen: with no row for zero blows he is hit for sure."""
    out = {"t": "group", "lone": "Hero", "strikes": {"p": 0.25},
           "lone_after": _levels((1, "Scratch", 0.75), (2, "Hurt", 0.25)),
           "hits_taken": [{"hits": 1, "p": 0.75}, {"hits": 2, "p": 0.25}]}
    assert preview.summary(out) == "Hero lands a blow 25 %; takes one or more 100 %, most likely ending Scratch."


@pytest.mark.parametrize("p, shown", [(0, "0 %"), (0.004, "< 1 %"), (0.005, "< 1 %"), (0.0051, "1 %"),
                                      (0.015, "2 %"), (0.5, "50 %"), (1, "100 %")])
def test_a_chance_is_shown_in_whole_percent_and_one_that_rounds_to_nothing_as_below_one(p, shown):
    """A chance that can happen is never shown as 0 % (0.5 % rounds to even, 0, in Python)."""
    out = {"t": "group", "lone": "Hero", "strikes": {"p": p}, "lone_after": _levels((0, "Undamaged", 1.0)),
           "hits_taken": [{"hits": 0, "p": 1.0}]}
    assert preview.summary(out) == f"Hero lands a blow {shown}; takes one or more 0 %."


def test_a_draft_of_another_event_type_is_refused_by_its_type():
    with pytest.raises(FudgeError) as err:
        preview.exchange_odds(duel().state, {"t": "wound", "id": "c1", "level": 1})
    assert (err.value.message, err.value.field) == (
        'The odds are asked of a draft exchange event ({t: "exchange", a, b, …}).', "event")


def test_a_ranged_draft_is_refused_in_ranged_fires_own_words():
    """A ranged draft's refusals name ranged fire: its fields when it is not one, its kind when it
    holds a field a ranged event lacks."""
    state = duel().state
    with pytest.raises(FudgeError) as err:
        preview.ranged_odds(state, {"t": "exchange", "a": "c1", "b": "c2"})
    assert err.value.message == 'The odds are asked of a draft ranged event ({t: "ranged", shooter, target, …}).'
    with pytest.raises(FudgeError) as err:
        preview.ranged_odds(state, {"t": "ranged", "shooter": "c1", "target": "c2", "difficulty": 0, "bogus": 1})
    assert (err.value.message, err.value.field) == ("A ranged event has no field 'bogus'.", "event.bogus")


@pytest.mark.parametrize("odds_of, kind, fields, a_kind", [
    (preview.exchange_odds, "exchange", "a, b", "An exchange"),
    (preview.group_odds, "group", "lone, foes", "A group"),
])
def test_an_exchange_or_group_draft_is_refused_in_its_own_words(odds_of, kind, fields, a_kind):
    state = crew().state
    with pytest.raises(FudgeError) as err:
        odds_of(state, {"t": "ranged", "shooter": "c1", "target": "c2"})
    assert err.value.message == f'The odds are asked of a draft {kind} event ({{t: "{kind}", {fields}, …}}).'
    with pytest.raises(FudgeError) as err:
        odds_of(state, {"t": kind, "bogus": 1})
    assert (err.value.message, err.value.field) == (f"{a_kind} event has no field 'bogus'.", "event.bogus")
