"""What players see: the players' link leaves out every part of an NPC the GM hides (not merely
undrawn: absent from the encoded payload and from the view today's link carries), hidden wounds
travel as a word (F95 4.51), the choice is a logged event, and a link of an older build carrying
a hidden part is refused."""

import json
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyfudge import api
from pyfudge.combat import fighter as fighter_mod
from pyfudge.core.errors import FudgeError
from pyfudge.door import codec
from pyfudge.encounter import players
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rules import wounds


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


# Values found nowhere else in a payload, so their absence from the link's text is a proof.
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "armor": {"name": "Mail", "value": 3}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Zweihanderkunst": "Superb", "Brawling": "Fair"},
       "strength": "Great", "damage_capacity": "Good", "weapon": {"name": "Glaive of Woe", "size": 2},
       "armor": {"name": "Brigandine", "value": 2}, "shield": "large", "pain_threshold": "high"}
SECRETS = {"skills": ["Zweihanderkunst", "Brawling", '"damage_capacity"', '"attack_skill"'],
           "weapons": ["Glaive of Woe", "Brigandine", '"shield": "large"'],
           "wounds": ["Very Hurt", '"marks"', '"stun_marks"', '"track"', '"pain_threshold"']}
ALL_SEES = [list(c) for n in range(4) for c in combinations(players.SEE, n)]


def stored(see=None, level="Very Hurt", orc=ORC, preset="fudge1995", options=None):
    log = [{"t": "add", "fighter": ASTA}, {"t": "add", "fighter": orc}, {"t": "wound", "id": "c2", "level": level}]
    if see is not None:
        log.append({"t": "players", "see": see})
    return {"name": "Raid", "ruleset": {"preset": preset, "options": options or {}}, "log": log}


def link_data(encounter):
    """The payload the players' view is built from (what an older build's players' link carried)."""
    return players.payload(Encounter.from_dict(encounter).state)


def old_link(encounter):
    """A players' link as older builds made it (``#/p/<fragment>``), which the app still opens."""
    return codec.encode_link(codec.wrap("players", link_data(encounter)))


def view_link(encounter):
    """The players' view today's players' link carries (``play.html#v=<fragment>``), decoded."""
    reply = call("encounter.players_link", encounter=encounter)
    assert reply["ok"], reply
    return codec.unwrap(codec.decode_link(reply["result"]["fragment"]), "players-view")


# In the view the Orc's card holds: a hidden part's values, or its shown keys.
VIEW_SECRETS = {"skills": ["Zweihanderkunst", "Brawling"], "weapons": ["Glaive of Woe", "Brigandine"],
                "wounds": ["Very Hurt", '"rows"', '"stun_rows"', '"sheet"']}


def orc_text(data):
    """The Orc's entry of a decoded players' link, as text."""
    return json.dumps(next(c for c in data["combatants"] if c["id"] == "c2"), ensure_ascii=False)


@pytest.mark.parametrize("see", ALL_SEES)
def test_every_hidden_part_is_absent_from_the_encoded_link(see):
    data = link_data(stored(see))
    text = orc_text(data)
    assert data["see"] == see
    for part, values in SECRETS.items():
        for value in values:
            assert (value in text) == (part in see), (part, value, text)
    orc = json.loads(text)
    assert set(orc["fighter"]) == set(players.ALWAYS).union(*(players.PARTS[p] for p in see))
    assert ("hurt" in orc) == ("wounds" not in see)
    # The player character is always whole: his own sheet and track.
    asta = data["combatants"][0]
    assert set(asta["fighter"]) == set(fighter_mod._FIELDS) and "hurt" not in asta


@pytest.mark.parametrize("see", ALL_SEES)
def test_every_hidden_part_is_absent_from_the_view_a_players_link_carries(see):
    view = view_link(stored(see))
    orc = json.dumps(view["combatants"][1], ensure_ascii=False)
    for part, values in VIEW_SECRETS.items():
        for value in values:
            assert (value in orc) == (part in see), (part, value, orc)
    # Nothing of the sheet beyond the view's own keys travels: no shield, no pain threshold, no ruleset.
    text = json.dumps(view, ensure_ascii=False)
    for never in ('"shield"', '"pain_threshold"', '"ruleset"', '"marks"', '"fighter"', "large"):
        assert never not in text, never
    card_view = players.read(link_data(stored(see)))
    assert {**view, "turn": None, "results": []} == card_view
    assert view["results"] and view["turn"]["text"] == "Next: Ásta vs Orc"


def test_the_link_holds_no_log_line_of_the_gms():
    for fragment in (old_link(stored()), call("encounter.players_link", encounter=stored())["result"]["fragment"]):
        text = json.dumps(codec.decode_link(fragment), ensure_ascii=False)
        orc = text[text.index('"Orc"'):]
        assert "Very Hurt" not in orc and "log" not in text and "the GM records" not in text


def test_every_sheet_key_belongs_to_one_part():
    keys = list(players.ALWAYS) + [k for part in players.SEE for k in players.PARTS[part]]
    assert sorted(keys) == sorted(fighter_mod._FIELDS) and len(keys) == len(set(keys))


@pytest.mark.parametrize(("level", "word"), [
    ("Undamaged", "unhurt"), ("Scratch", "wounded"), ("Hurt", "wounded"), ("Very Hurt", "badly hurt"),
    ("Incapacitated", "down"), ("Near Death", "down"), ("Dead", "down")])
def test_hidden_wounds_are_a_word_by_the_rulebook_level(level, word):
    encounter = stored(level=level) if level != "Undamaged" else {**stored(), "log": stored()["log"][:2]}
    assert json.loads(orc_text(link_data(encounter)))["hurt"] == word
    view = call("players.open", fragment=old_link(encounter))
    orc = view["result"]["view"]["combatants"][1]
    assert view_link(encounter)["combatants"][1] == orc
    assert orc["status"] == word and orc["track"] is None and orc["can_fight"] == (word != "down")


def test_knocked_out_is_down():
    track = wounds.WoundTrack.from_dict({"kind": "boxes", "marks": [[0, 0, 0], [0], [0], [0], [0]],
                                         "knocked_out": True})
    assert players.hurt_word(track) == players.DOWN


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(see=st.sampled_from(ALL_SEES), level=st.sampled_from(wounds.LEVEL_NAMES[1:]),
       role=st.sampled_from(fighter_mod.ROLES), preset=st.sampled_from(["fudge1995", "mudge", "fudge1993"]),
       pawn=st.booleans(), track=st.sampled_from(["realistic", "cinematic", "epic"]))
def test_any_encounter_shape_keeps_its_hidden_parts_out(see, level, role, preset, pawn, track):
    options = {"wounds.pawn_track": pawn, "wounds.track": track}
    enc = stored(see, level=level, orc={**ORC, "role": role}, preset=preset, options=options)
    data = link_data(enc)
    orc = json.loads(orc_text(data))
    shown = players.SEE if role == "pc" else tuple(see)
    assert set(orc["fighter"]) <= set(players.ALWAYS).union(*(players.PARTS[p] for p in shown))
    real = Encounter.from_dict(enc).state.find("c2").fighter.track_for(Encounter.from_dict(enc).state.rules)
    if "wounds" not in shown:
        assert orc["hurt"] == players.hurt_word(real) and "track" not in orc["fighter"]
    card = players.read(data)["combatants"][1]
    for part, key in (("skills", "skills"), ("weapons", "weapon"), ("wounds", "track")):
        assert (card[key] is None) == (part not in shown)
    assert (card["odf"] is None) != ({"skills", "weapons"} <= set(shown))


def test_shown_parts_reach_the_players_view():
    orc = view_link(stored(list(players.SEE)))["combatants"][1]
    # High Pain Threshold travels with the wounds: Very Hurt at −1 (F95 4.51).
    assert orc["hurt"] is None and orc["status"] == "Very Hurt −1" and orc["track"]["worst_name"] == "Very Hurt"
    assert orc["skills"][0] == {"name": "Zweihanderkunst", "level": "Superb"}
    assert orc["weapon"] == "Glaive of Woe" and orc["armor"] == "Brigandine" and orc["odf"]["total"] > 0


def test_the_choice_is_a_logged_event_that_undo_takes_back():
    enc = Encounter.from_dict(stored(["skills", "wounds"]))
    assert enc.state.players_see == ("skills", "wounds")
    assert enc.lines[-1] == "Players now see NPCs' skills and traits, exact wounds."
    assert [p["shown"] for p in encounter_view.view(enc)["players_see"]] == [True, False, True]
    enc.apply({"t": "undo"})
    assert enc.state.players_see == () and not any(p["shown"] for p in encounter_view.view(enc)["players_see"])


def test_saved_data_without_the_choice_hides_every_npc_part():
    assert json.loads(orc_text(link_data(stored())))["fighter"] == {"name": "Orc", "role": "npc"}


@pytest.mark.parametrize("see", [["skills", "skills"], ["names"], "wounds", None])
def test_a_bad_choice_is_refused(see):
    enc = Encounter.from_dict(stored())
    with pytest.raises(Exception) as err:
        enc.apply({"t": "players", "see": see})
    assert err.value.field == "event.see"


def test_a_whole_encounter_link_still_opens_as_the_players_view():
    # Player links were once made from the whole encounter's link: they still open.
    fragment = call("encounter.link", encounter=stored())["result"]["fragment"]
    view = call("players.open", fragment=fragment)["result"]["view"]
    assert [c["name"] for c in view["combatants"]] == ["Ásta", "Orc"]
    assert view["combatants"][1]["status"] == "badly hurt"


def test_the_table_display_shows_what_the_link_shows():
    enc = stored(["weapons"])
    display = call("encounter.players", id="table", rev=len(enc["log"]), encounter=enc)["result"]
    assert display["view"] == view_link(enc)
    # A players' link of an older build holds no log: the same view, with no account of the fight.
    older = call("players.open", fragment=old_link(enc))["result"]["view"]
    assert older == {**display["view"], "turn": None, "results": []}


def forged(data):
    return codec.encode_link(codec.wrap("players", data))


@pytest.mark.parametrize(("change", "field"), [
    (lambda o: o["fighter"].update(skills={"Axe": 1}), "fragment.data.combatants[1].fighter.skills"),
    (lambda o: o["fighter"].update(track={"kind": "boxes"}), "fragment.data.combatants[1].fighter.track"),
    (lambda o: o.update(hurt="dying"), "fragment.data.combatants[1].hurt"),
    (lambda o: o.pop("hurt"), "fragment.data.combatants[1].hurt"),
    (lambda o: o.update(secret=1), "fragment.data.combatants[1]"),
    (lambda o: o.update(id="c1"), "fragment.data.combatants[1].id"),
    (lambda o: o.update(side="gm"), "fragment.data.combatants[1].side"),
])
def test_a_forged_players_link_is_refused(change, field):
    data = link_data(stored())
    change(data["combatants"][1])
    reply = call("players.open", fragment=forged(data))
    assert not reply["ok"] and reply["error"]["field"] == "args." + field, reply


def test_a_players_link_is_no_encounter_to_import():
    for fragment in (old_link(stored()), call("encounter.players_link", encounter=stored())["result"]["fragment"]):
        reply = call("encounter.unlink", fragment=fragment)
        assert not reply["ok"] and "players" in reply["error"]["message"]


# --- a foe is an NPC unless the GM says otherwise -------------------------------------------------

BARE_ORC = {"name": "Orc", "skills": {"Zweihanderkunst": "Superb"}, "weapon": {"name": "Glaive of Woe", "size": 2}}


@pytest.mark.parametrize(("side", "role", "kept"), [
    ("foes", "npc", "foes"), ("players", "pc", "players"), (None, "pc", "players")])
def test_a_fighter_added_without_a_role_takes_his_sides_and_the_log_says_so(side, role, kept):
    enc = Encounter(name="Raid")
    enc.apply({"t": "add", "fighter": BARE_ORC, **({"side": side} if side else {})})
    orc = enc.state.combatants[0]
    assert (orc.fighter.role, orc.side) == (role, kept)
    assert enc.log[-1]["fighter"].get("role", "pc") == role  # a replay in any build reads him so
    assert Encounter.from_dict(enc.to_dict()).state.combatants[0].fighter.role == role


def test_a_foe_added_without_a_role_is_kept_out_of_the_players_link():
    enc = Encounter(name="Raid")
    enc.apply({"t": "add", "fighter": ASTA})
    enc.apply({"t": "add", "side": "foes", "fighter": BARE_ORC})
    assert json.loads(orc_text(link_data(enc.to_dict())))["fighter"] == {"name": "Orc", "role": "npc"}


def test_the_gm_may_put_a_player_character_on_the_foes_side():
    enc = Encounter(name="Raid")
    enc.apply({"t": "add", "side": "foes", "fighter": {**BARE_ORC, "role": "pc"}})
    assert enc.state.combatants[0].fighter.role == "pc"


def test_an_edit_that_gives_no_role_keeps_his_role():
    enc = Encounter(name="Raid")
    enc.apply({"t": "add", "fighter": ORC})
    enc.apply({"t": "edit", "id": "c1", "fighter": BARE_ORC})
    assert enc.state.combatants[0].fighter.role == "npc" and enc.log[-1]["fighter"]["role"] == "npc"


def test_a_stored_roleless_foe_replays_as_he_was_logged_and_the_view_names_him_seen_whole():
    # Saved before the side gave the role: the log is read as it was, and the view says plainly
    # that the players see him whole, so the share screen can tell the GM.
    data = {"name": "Old raid", "ruleset": {"preset": "fudge1995", "options": {}},
            "log": [{"t": "add", "fighter": ASTA}, {"t": "add", "side": "foes", "fighter": BARE_ORC}]}
    enc = Encounter.from_dict(data)
    assert enc.to_dict()["log"] == data["log"]
    assert encounter_view.view(enc)["players_whole"] == [
        {"id": "c1", "name": "Ásta", "side": "players", "role": "pc"},
        {"id": "c2", "name": "Orc", "side": "foes", "role": "pc"}]


@pytest.mark.parametrize("see", ALL_SEES)
def test_the_view_names_whom_the_players_link_carries_whole(see):
    enc = Encounter.from_dict(stored(see))
    whole = {c["id"] for c in encounter_view.view(enc)["players_whole"]}
    carried = {c["id"] for c in link_data(enc.to_dict())["combatants"] if set(c["fighter"]) == set(fighter_mod._FIELDS)}
    assert whole == carried == ({"c1", "c2"} if len(see) == len(players.SEE) else {"c1"})


def test_describe_gives_the_role_a_side_gives():
    role_by_side = call("describe")["result"]["role_by_side"]
    assert role_by_side == {"players": "pc", "foes": "npc"}


READ_REFUSALS = [
    (lambda d: d.clear(), "A players' link holds combatants, name, round, ruleset, see (and over, once the battle is).",
     ""),
    (lambda d: d.update(notes=1),
     "A players' link holds combatants, name, round, ruleset, see (and over, once the battle is).", ""),
    (lambda d: d.update(over=False), "over is true once the GM ended the battle, else left out.", ".over"),
    (lambda d: d.update(name=""), "name must be a name of 1 to 80 characters.", ".name"),
    (lambda d: d.update(ruleset=5), "A ruleset must be an object with a preset.", ".ruleset"),
    (lambda d: d.update(ruleset={"preset": "nope"}),
     "Unknown preset 'nope'; choose one of Fudge 1995, Mudge, Fudge 1993 draft.", ".ruleset.preset"),
    (lambda d: d.update(round=0), "The round must be a whole number from 1.", ".round"),
    (lambda d: d.update(round=True), "The round must be a whole number from 1.", ".round"),
    (lambda d: d.update(round=1.5), "The round must be a whole number from 1.", ".round"),
    (lambda d: d.update(round="1"), "The round must be a whole number from 1.", ".round"),
    (lambda d: d.update(round=1_000_001), "The round must be a whole number from 1.", ".round"),
    (lambda d: d.update(combatants={}), "A players' link lists at most 40 combatants.", ".combatants"),
    (lambda d: d.update(combatants=[d["combatants"][0]] * 41), "A players' link lists at most 40 combatants.",
     ".combatants"),
    (lambda d: d["combatants"].__setitem__(0, 5),
     "A combatant of a players' link holds id, side, fighter and perhaps hurt.", ".combatants[0]"),
    (lambda d: d["combatants"][0].update(id="x" * 17), "Each combatant needs their own short id.",
     ".combatants[0].id"),
    (lambda d: d["combatants"][0].update(id=""), "Each combatant needs their own short id.", ".combatants[0].id"),
    (lambda d: d["combatants"][0].update(id=5), "Each combatant needs their own short id.", ".combatants[0].id"),
    (lambda d: d["combatants"][0].update(id=["c1"]), "Each combatant needs their own short id.", ".combatants[0].id"),
    (lambda d: d["combatants"][0].update(fighter=5), "A combatant's fighter must be an object.",
     ".combatants[0].fighter"),
    (lambda d: d["combatants"][1].update(side="GM"), "side must be one of players, foes.", ".combatants[1].side"),
    (lambda d: d["combatants"][1].update(hurt="dying"), "hurt must be one of unhurt, wounded, badly hurt, down.",
     ".combatants[1].hurt"),
    (lambda d: d["combatants"][1]["fighter"].update(skills={"Axe": 1}),
     "This players' link carries 'skills', which its choice hides; refused.", ".combatants[1].fighter.skills"),
    (lambda d: d["combatants"][1].pop("hurt"),
     "A combatant's wounds are either shown or told as a word, not both or neither.", ".combatants[1].hurt"),
    (lambda d: d["combatants"][0].update(hurt="wounded"),
     "A combatant's wounds are either shown or told as a word, not both or neither.", ".combatants[0].hurt"),
]


@pytest.mark.parametrize(("change", "message", "place"), READ_REFUSALS)
def test_a_players_link_refused_says_why_under_data_or_the_field_asked(change, message, place):
    data = link_data(stored())
    change(data)
    for field, asked in (("data", {}), ("fragment.data", {"field": "fragment.data"})):
        with pytest.raises(FudgeError) as caught:
            players.read(data, **asked)
        assert (caught.value.message, caught.value.field) == (message, field + place)


def test_a_players_link_holds_its_longest_ids_and_rounds():
    data = link_data(stored())
    data["round"] = 1_000_000
    data["combatants"][0]["id"] = "x" * 16
    view = players.read(data)
    assert (view["round"], view["combatants"][0]["id"]) == (1_000_000, "x" * 16)


def test_a_players_link_holds_its_shortest_ids_and_first_round():
    data = link_data(stored())
    data["round"] = 1
    data["combatants"][0]["id"], data["combatants"][1]["id"] = "a", "b"
    view = players.read(data)
    assert (view["round"], [c["id"] for c in view["combatants"]]) == (1, ["a", "b"])


@pytest.mark.parametrize("see", [None, ["skills"]])
def test_a_card_of_a_role_no_sheet_has_is_refused_for_its_role_whatever_the_choice(see):
    # Not read as an NPC under the choice (then a player's whole sheet would be refused as hidden).
    data = link_data(stored(see=see))
    data["combatants"][0]["fighter"]["role"] = "boss"
    with pytest.raises(FudgeError) as caught:
        players.read(data)
    assert caught.value.field == "data.combatants[0].fighter.role"
    assert caught.value.message.endswith("must be one of pc, npc, major_npc, not 'boss'.")


def test_a_players_link_whose_data_is_no_object_is_refused_even_a_list_of_its_keys():
    for data in (["combatants", "name", "round", "ruleset", "see"], "combatants", None):
        with pytest.raises(FudgeError) as caught:
            players.read(data)
        assert (caught.value.message, caught.value.field) == (READ_REFUSALS[0][1], "data")


def test_a_card_says_whether_its_fighter_is_an_npc():
    view = players.read(link_data(stored()))
    assert [(c["name"], c["npc"]) for c in view["combatants"]] == [("Ásta", False), ("Orc", True)]


def test_a_card_names_a_legendary_skill_legendary_as_the_sheet_does():
    # A trait of +4 is Legendary (R-LADDER, F93 4.1); only a rolled degree past Superb reads "Superb +1".
    asta = {**ASTA, "skills": {"Sword": "Legendary", "Bow": "Superb"}}
    orc = {**ORC, "skills": {"Zweihanderkunst": "Legendary"}}
    encounter = stored(["skills"], orc=orc)
    encounter["log"][0] = {"t": "add", "fighter": asta}
    cards = players.read(link_data(encounter))["combatants"]
    assert cards[0]["skills"] == [{"name": "Sword", "level": "Legendary"}, {"name": "Bow", "level": "Superb"}]
    assert cards[1]["skills"] == [{"name": "Zweihanderkunst", "level": "Legendary"}]


@pytest.mark.parametrize("see", [["names"], "wounds"])
def test_a_players_link_whose_choice_is_no_list_of_parts_is_refused_naming_the_field_asked(see):
    for field in ("data", "fragment.data"):
        data = {**link_data(stored()), "see": see}
        with pytest.raises(FudgeError) as caught:
            players.read(data, field=field)
        assert (caught.value.message, caught.value.field) == (
            f"{field}.see must list some of skills, weapons, wounds, each once.", f"{field}.see")
