"""Properties of the JSON door under arbitrary input.

- Any JSON (or any text) sent to any action gives a well-formed response: a result or a
  structured error, never an ``InternalError``.
- Any sequence of events played through ``encounter.new``/``encounter.apply`` the way the app
  plays them gives results or structured errors, and reopening the stored encounter replays it to
  the identical view (dice are in the log, so a replay is deterministic).
- A stored encounter survives a share link and an exported file unchanged.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyfudge import api
from pyfudge.door import codec
from pyfudge.door import encounter_actions as api_encounters
from pyfudge.encounter.log import EVENT_FIELDS

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

hostile_text = st.sampled_from([
    "", " ", "<script>alert(1)</script>", "\u202e", "\u200b", "__proto__", "constructor", "c1", "c2",
    "Good", "Superb +3", "Legendary", "NaN", "-", "+", "\\", '"', "\x00",
]) | st.text(max_size=10)
numbers = st.sampled_from([0, 1, -1, 4, -4, 99, 10 ** 21 - 1, 10 ** 30, 0.5, 1e308, -0.0]) | st.integers(-10, 10)
anything = st.recursive(
    st.none() | st.booleans() | numbers | hostile_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(hostile_text, inner, max_size=4),
    max_leaves=16,
)


def call(action, **args):
    return reply_of(json.dumps({"v": 1, "id": 1, "action": action, "args": args}))


def reply_of(request_text):
    reply = json.loads(api.handle(request_text))
    assert reply["v"] == 1 and isinstance(reply["ok"], bool)
    if reply["ok"]:
        assert isinstance(reply["result"], dict)
    else:
        error = reply["error"]
        assert error["type"] != "InternalError", error
        assert isinstance(error["message"], str) and error["message"]
        assert error["field"] is None or isinstance(error["field"], str)
    return reply


# --- any input, any action -----------------------------------------------------------------------

@SETTINGS
@given(action=st.sampled_from(sorted(api.ACTIONS)), args=st.dictionaries(
    st.sampled_from(["encounter", "encounters", "file", "fragment", "id", "rev", "event", "name", "ruleset",
                     "faces", "total", "level", "kind", "track", "seed"]) | hostile_text, anything, max_size=5))
def test_any_json_args_to_any_action_give_a_result_or_a_structured_error(action, args):
    reply_of(json.dumps({"v": 1, "id": "x", "action": action, "args": args}))


@SETTINGS
@given(action=st.sampled_from(sorted(api.ACTIONS)), junk=st.sampled_from([
    "NaN", "Infinity", "-Infinity", "1e999", "9" * 5000, "[" * 10_000, '{"__proto__": {}}',
    '{"a": 1, "a": 2}', '"\\ud800"', "[" * 40 + "]" * 40]))
def test_hostile_json_inside_a_request_gives_a_structured_error(action, junk):
    reply = reply_of(f'{{"v": 1, "id": 7, "action": "{action}", "args": {{"x": {junk}}}}}')
    assert reply["ok"] is False and reply["error"]["type"] == "RequestError" and reply["error"]["field"] == "request"


@SETTINGS
@given(st.text(max_size=60) | st.sampled_from(['{"action": "version"', '{"v": 1}', "[]", "null", "\ufeff{}"]))
def test_any_text_gives_a_well_formed_reply(text):
    reply_of(text)


@SETTINGS
@given(text=st.text(max_size=40) | st.sampled_from(["f1.", "f1.AAAA", "f9.AAAA", "#f1.-_", "f1.\n\n"]))
def test_any_link_or_file_text_gives_a_structured_answer(text):
    reply_of(json.dumps({"action": "encounter.unlink", "args": {"fragment": text}}))
    reply_of(json.dumps({"action": "encounter.import", "args": {"file": text}}))


# --- event sequences as the app plays them -------------------------------------------------------

names = st.text(min_size=1, max_size=12).filter(lambda s: s.strip() and s not in codec.RESERVED_KEYS)
levels = st.integers(-3, 4) | st.sampled_from(["Terrible", "Poor", "Mediocre", "Fair", "Good", "Great", "Superb"])
fighters = st.fixed_dictionaries(
    {"name": names, "skills": st.dictionaries(names, levels, min_size=1, max_size=2)},
    optional={"role": st.sampled_from(["pc", "npc"]), "strength": st.integers(-3, 3),
              "damage_capacity": st.integers(-3, 3)},
)
ids = st.sampled_from(["c1", "c2", "c1", "c2", "c3"])
faces = st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4)
dice = st.fixed_dictionaries({"roll": st.fixed_dictionaries({"faces": faces})})


def _wild(kind):
    """An event of a known type whose fields hold anything (ids mostly real ones)."""
    fields = {k: (ids | anything) if k in ("id", "a", "b") else anything for k in EVENT_FIELDS[kind]}
    return st.fixed_dictionaries({"t": st.just(kind)}, optional=fields)


wild_events = st.sampled_from(sorted(EVENT_FIELDS)).flatmap(_wild)
events = st.one_of(
    wild_events,
    st.fixed_dictionaries({"t": st.just("add"), "fighter": fighters},
                          optional={"side": st.sampled_from(["players", "foes"])}),
    st.fixed_dictionaries({"t": st.just("exchange"), "a": st.just("c1"), "b": st.just("c2"), "a_dice": dice,
                           "b_dice": dice}, optional={"kind": st.sampled_from(["round", "attack"])}),
    st.fixed_dictionaries({"t": st.just("exchange"), "a": ids, "b": ids, "a_dice": dice, "b_dice": dice}),
    st.fixed_dictionaries({"t": st.just("wound"), "id": ids, "level": st.integers(0, 7)}),
    st.fixed_dictionaries({"t": st.just("heal"), "id": ids, "how": st.sampled_from(["skill", "co"]),
                           "result": st.integers(-4, 5)}),
    st.fixed_dictionaries({"t": st.just("box"), "id": ids, "row": st.integers(0, 6), "index": st.integers(0, 3),
                           "value": st.booleans() | st.integers(0, 2)}),
    st.fixed_dictionaries({"t": st.sampled_from(["next_round", "end_battle", "undo", "redo"])}),
    st.fixed_dictionaries({"t": st.just("remove"), "id": ids}),
    st.fixed_dictionaries({"t": st.just("rename"), "name": names}),
    st.fixed_dictionaries({"t": st.just("rules"), "ruleset": st.fixed_dictionaries(
        {"preset": st.sampled_from(["fudge1995", "mudge", "fudge1993"]), "options": st.just({})})}),
    anything,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["fudge1995", "mudge", "fudge1993"]), played=st.lists(events, max_size=14))
def test_any_event_sequence_gives_structured_answers_and_reopens_to_the_same_view(preset, played):
    new = call("encounter.new", id="prop", name="Prop", ruleset={"preset": preset})
    stored, view, rev = new["result"]["encounter"], new["result"]["view"], 0
    start = [{"t": "add", "fighter": {"name": "Snorri", "skills": {"Sword": "Great"}}},
             {"t": "add", "fighter": {"name": "Brynhild", "skills": {"Axe": "Good"}, "role": "npc"}}]
    for event in start + played:
        reply = call("encounter.apply", id="prop", rev=rev, event=event, encounter=stored)
        if reply["ok"]:
            stored["log"].append(reply["result"]["event"])
            rev, view = reply["result"]["rev"], reply["result"]["view"]
            assert rev == len(stored["log"])
    api_encounters.OPEN.clear()  # the worker restarted: the stored log alone must give the same fight
    reopened = call("encounter.open", id="prop2", encounter=stored)
    assert reopened["ok"] and reopened["result"]["view"] == view
    assert call("encounter.open", id="prop3", encounter=stored)["result"]["view"] == view
    # the same encounter shared by link and by file comes back identical
    fragment = call("encounter.link", encounter=stored)["result"]["fragment"]
    assert call("encounter.unlink", fragment=fragment)["result"]["encounter"] == stored
    exported = call("encounter.export", encounters=[stored, stored])["result"]["file"]
    imported = call("encounter.import", file=exported)["result"]["encounters"]
    assert [e["encounter"] for e in imported] == [stored, stored]


def test_apply_refuses_an_event_past_the_log_cap():
    from pyfudge.encounter import log as encounter
    enc = encounter.Encounter(name="Long")
    enc.log = [{"t": "next_round"}] * encounter.MAX_EVENTS
    try:
        enc.apply({"t": "next_round"})
    except encounter.EncounterError as err:
        assert "10,000" in err.message
    else:
        raise AssertionError("an event past the cap was accepted")


# --- wild sheets, declarations and dice through a stored exchange ---------------------------------

_small = (st.none() | st.booleans() | st.integers(-5, 25) | st.lists(st.integers(-2, 3), max_size=5)
          | st.sampled_from(["Good", "Sword", "Axe", "none", "pc", "npc", "light", "heavy", "normal", "high",
                             "small", "buckler", "c1", "defence", "aggressive", "berserk", "all_out"]))
_faces4 = st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4)


def _sheet(name):
    from pyfudge.combat.fighter import _FIELDS
    extra = st.dictionaries(st.sampled_from([k for k in _FIELDS if k not in ("name", "skills")]), _small, max_size=2)
    return extra.map(lambda e: {"name": name, "skills": {"Sword": 1, "Axe": 2}, **e})


def _declares():
    from pyfudge.combat.declaration import _DECL_FIELDS
    return st.dictionaries(st.sampled_from(_DECL_FIELDS), _small, max_size=1)


_fdice = st.builds(lambda f, e: {"roll": {"faces": f}, **e}, _faces4, st.dictionaries(
    st.sampled_from(["damage", "check", "shield"]), st.builds(lambda f: {"faces": f}, _faces4) | _faces4 | _small,
    max_size=1))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(a=_sheet("Snorri"), b=_sheet("Brynhild"), da=_declares(), db=_declares(), xa=_fdice, xb=_fdice,
       kind=st.sampled_from(["round", "attack"]), preset=st.sampled_from(["fudge1995", "mudge", "fudge1993"]),
       after=st.lists(st.sampled_from([{"t": "next_round"}, {"t": "end_battle"}, {"t": "undo"},
                                       {"t": "wound", "id": "c1", "level": 3},
                                       {"t": "heal", "id": "c2", "how": "natural", "weeks": 2}]), max_size=3))
def test_wild_sheets_declarations_and_dice_in_a_stored_log_never_crash_the_replay(a, b, da, db, xa, xb, kind,
                                                                                   preset, after):
    log = [{"t": "add", "fighter": a}, {"t": "add", "fighter": b, "side": "foes"},
           {"t": "exchange", "a": "c1", "b": "c2", "kind": kind, "a_declares": da, "b_declares": db,
            "a_dice": xa, "b_dice": xb}, *after]
    for end in range(1, len(log) + 1):
        stored = {"name": "Wild", "ruleset": {"preset": preset, "options": {}}, "log": log[:end]}
        if not call("encounter.open", id="wild", encounter=stored)["ok"]:
            break
        assert call("encounter.open", id="wild2", encounter=stored)["result"]["view"] == \
            call("encounter.open", id="wild3", encounter=stored)["result"]["view"]
