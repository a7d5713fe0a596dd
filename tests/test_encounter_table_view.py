"""What the table needs to run a round, from the encounter's view and door: who has acted, the
next pair, each fighter's new state after Resolve, what Undo undoes, the log's dice, the log as
text or Markdown, a log entry explained again, a refusal that says which entry it wants, the
odds in one line, and a several-foes round that forgives an early target (F95 4.34)."""

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import ruleset_from_dict


def call(action, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def add(name, side, level="Good", role=None, **extra):
    fighter = {"name": name, "skills": {"Sword": level}, **extra}
    if role:
        fighter["role"] = role
    return {"t": "add", "side": side, "fighter": fighter}


def exchange(a, b, a_total, b_total, kind="round"):
    return {"t": "exchange", "kind": kind, "a": a, "b": b,
            "a_dice": {"roll": {"total": a_total}}, "b_dice": {"roll": {"total": b_total}}}


def party(*, pacing=None, goblins=3):
    rules = ruleset_from_dict({"preset": "fudge1995", "options": {"melee.pacing": pacing} if pacing else {}})
    enc = Encounter(name="Ambush", ruleset=rules)
    enc.apply(add("Aldric", "players", "Great"))
    enc.apply(add("Brenna", "players"))
    for i in range(1, goblins + 1):
        enc.apply(add(f"Goblin {i}", "foes", "Mediocre", role="npc"))
    return enc


def acted(view):
    return [c["name"] for c in view["combatants"] if c["acted"]]


def test_both_fighters_of_a_simultaneous_exchange_have_acted():
    enc = party()
    enc.apply(exchange("c1", "c3", 0, 0))
    assert acted(encounter_view.view(enc)) == ["Aldric", "Goblin 1"]


def test_an_alternating_attack_is_the_attackers_action_only():
    """F95 4.23: in alternating turns the defender only defends."""
    enc = party(pacing="alternating")
    enc.apply(exchange("c1", "c3", 0, 0, kind="attack"))
    assert acted(encounter_view.view(enc)) == ["Aldric"]


def test_a_new_round_clears_who_has_acted_and_undo_restores_it():
    enc = party()
    enc.apply(exchange("c1", "c3", 0, 0))
    enc.apply({"t": "next_round"})
    assert acted(encounter_view.view(enc)) == []
    enc.apply({"t": "undo"})
    assert acted(encounter_view.view(enc)) == ["Aldric", "Goblin 1"]


def test_the_next_pair_is_the_first_who_has_not_acted_against_a_foe_who_has_not():
    enc = party()
    suggested = encounter_view.view(enc)["next"]
    assert {k: suggested[k] for k in ("a", "b", "round_over")} == {"a": "c1", "b": "c3", "round_over": False}
    enc.apply(exchange("c1", "c3", 0, 0))
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["b"], nxt["kind"]) == ("c2", "c4", "round")


def test_the_next_pair_keeps_the_foe_he_fought_last_round():
    enc = party()
    enc.apply(exchange("c2", "c5", 0, 0))
    enc.apply(exchange("c1", "c3", 0, 0))
    enc.apply({"t": "next_round"})
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["b"]) == ("c1", "c3")


def test_the_round_is_over_once_everyone_who_can_act_has():
    enc = party(goblins=2)
    enc.apply(exchange("c1", "c3", 0, 0))
    enc.apply(exchange("c2", "c4", 0, 0))
    assert encounter_view.view(enc)["next"]["round_over"] is True


def test_after_the_end_of_battle_no_one_is_suggested_until_the_fighting_starts_again():
    enc = party(goblins=2)
    enc.apply(exchange("c1", "c3", 0, 0))
    enc.apply({"t": "end_battle"})
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["b"], nxt["round_over"]) == (None, None, True)
    enc.apply(exchange("c2", "c4", 0, 0))  # a new fight: the battle is on again
    assert encounter_view.view(enc)["next"]["round_over"] is False


def test_several_foes_are_offered_on_the_outnumbered_fighter_of_the_next_pair():
    """F95 4.34: one fighter against several; of the pair suggested, the one whose foes outnumber his."""
    enc = party(goblins=3)
    assert encounter_view.view(enc)["next"]["lone"] == "c1"  # Aldric vs Goblin 1: three goblins on Aldric
    enc.apply(exchange("c1", "c3", 0, 0))
    enc.apply(exchange("c2", "c4", 0, 0))
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["b"], nxt["lone"]) == ("c5", "c1", "c1")  # Goblin 3 vs Aldric: the goblins on him
    one = party(goblins=1)
    assert encounter_view.view(one)["next"]["lone"] == "c3"  # two heroes on Goblin 1


def test_several_foes_start_on_the_first_of_the_pair_when_both_face_as_many():
    """Two heroes and two goblins: neither is outnumbered, so the round of several foes starts on
    the first fighter suggested."""
    nxt = encounter_view.view(party(goblins=2))["next"]
    assert (nxt["a"], nxt["lone"]) == ("c1", "c1")


def test_fallen_foes_do_not_count_towards_outnumbering():
    """Three goblins, two of them Incapacitated (F95 4.51): only one stands against Aldric, while
    both heroes stand against Goblin 3, so it is the goblin who is outnumbered."""
    enc = party(goblins=3)
    enc.apply({"t": "wound", "id": "c3", "level": 4})
    enc.apply({"t": "wound", "id": "c4", "level": 4})
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["b"], nxt["lone"]) == ("c1", "c5", "c5")


def groups(enc):
    return [(g["id"], g["label"]) for g in encounter_view.view(enc)["groups"]]


def test_a_round_of_several_foes_is_offered_by_name_on_each_outnumbered_fighter():
    """F95 4.34, "one fighter against several": three goblins standing against two heroes put
    either hero alone, one tap each; no goblin is outnumbered (two heroes against five)."""
    enc = party(goblins=3)
    assert groups(enc) == [("c1", "Several foes on Aldric (F95 4.34)"), ("c2", "Several foes on Brenna (F95 4.34)")]
    enc.apply(exchange("c1", "c3", 0, 0))  # having acted keeps a hero a lone fighter the goblins may rush
    assert [i for i, _ in groups(enc)] == ["c1", "c2"]


def test_no_round_of_several_foes_is_offered_by_name_where_no_one_is_outnumbered():
    """Two against two (F95 4.34 needs several foes on one), and one foe against one."""
    assert groups(party(goblins=2)) == []
    enc = Encounter(name="Duel", ruleset=ruleset_from_dict({"preset": "fudge1995"}))
    enc.apply(add("Aldric", "players"))
    enc.apply(add("Goblin", "foes", role="npc"))
    assert groups(enc) == []


def test_the_fallen_count_for_no_side_in_a_round_of_several_foes():
    """F95 4.51: an Incapacitated fighter can neither be rushed as the lone fighter nor rush one.
    Two goblins of three fall: the last stands alone against both heroes; then Brenna falls too."""
    enc = party(goblins=3)
    enc.apply({"t": "wound", "id": "c3", "level": 4})
    enc.apply({"t": "wound", "id": "c4", "level": 4})
    assert groups(enc) == [("c5", "Several foes on Goblin 3 (F95 4.34)")]
    enc.apply({"t": "wound", "id": "c2", "level": 4})
    assert groups(enc) == []  # one against one
    three = party(goblins=3)
    three.apply({"t": "wound", "id": "c1", "level": 4})
    assert groups(three) == [("c2", "Several foes on Brenna (F95 4.34)")]


def test_rounds_of_several_foes_are_still_offered_after_the_battle():
    """End of battle suggests no pair, but the form still offers a round of several foes on each
    outnumbered hero, should the fighting start again."""
    enc = party(goblins=3)
    enc.apply({"t": "end_battle"})
    view = encounter_view.view(enc)
    assert view["next"]["round_over"] is True
    assert [g["id"] for g in view["groups"]] == ["c1", "c2"]


def test_the_next_pair_passes_over_a_fighter_who_cannot_act():
    """F95 4.51: Incapacitated is "incapable of any actions"; no foe is offered who cannot fight."""
    enc = party(goblins=2)
    enc.apply({"t": "wound", "id": "c1", "level": 4})
    enc.apply({"t": "wound", "id": "c3", "level": 4})
    nxt = encounter_view.view(enc)["next"]
    assert (nxt["a"], nxt["b"]) == ("c2", "c4")


def test_a_card_lists_the_foes_on_the_other_side_only():
    view = encounter_view.view(party(goblins=2))
    assert view["combatants"][0]["foes"] == ["c3", "c4"]
    assert view["combatants"][2]["foes"] == ["c1", "c2"]


def test_the_result_names_each_fighters_new_state_and_undo_says_what_it_undoes():
    enc = party()
    enc.apply(exchange("c1", "c3", 4, -4))
    view = encounter_view.view(enc)
    (change,) = view["changes"]
    assert change["id"] == "c3" and change["before"] == "Undamaged" and change["took"]
    # The wound taken is the level reached: said once.
    assert change["took"] == ["Near Death"] and change["line"] == f"Goblin 1: Undamaged → {change['after']}"
    assert view["undo_label"] == "Aldric vs Goblin 1"


def test_a_box_marked_by_hand_is_said_in_plain_words():
    enc = party()
    enc.apply({"t": "box", "id": "c1", "row": 1, "index": 0, "value": 2})
    view = encounter_view.view(enc)
    assert view["log"][-1] == "Aldric: the GM marks Hurt box 1."
    assert view["changes"][0]["line"] == "Aldric: Undamaged → Hurt −1"
    enc.apply({"t": "box", "id": "c1", "row": 1, "index": 0, "value": 0})
    assert encounter_view.view(enc)["log"][-1] == "Aldric: the GM clears Hurt box 1."
    enc.apply({"t": "box", "id": "c1", "row": 2, "index": 0, "value": 2})  # F95 4.57: a Hurt overflowed
    assert encounter_view.view(enc)["log"][-1] == "Aldric: the GM marks Very Hurt box 1 with Hurt."


def test_each_log_line_keeps_the_dice_of_its_event():
    enc = party()
    enc.apply({"t": "exchange", "kind": "round", "a": "c1", "b": "c3",
               "a_dice": {"roll": {"faces": [1, 1, 0, -1]}}, "b_dice": {"roll": {"total": -2}}})
    enc.apply({"t": "undo"})
    view = encounter_view.view(enc)
    assert view["log_dice"][-2] == "Aldric [+ + 0 −] +1; Goblin 1 total −2"
    assert view["log_dice"][-1] == "" and view["log_dice"][0] == ""
    assert view["log_details"][-2] is True and view["log_details"][0] is False


def test_the_log_exports_as_text_and_as_markdown():
    call("encounter.new", id="tv-log", name="Ambush *night*")
    for rev, event in enumerate([add("Aldric", "players"), add("Goblin", "foes", role="npc"),
                                 {"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"faces": [1, 1, 1, 1]}},
                                  "b_dice": {"roll": {"total": 0}}}]):
        assert call("encounter.apply", id="tv-log", rev=rev, event=event)["ok"]
    text = call("encounter.log", id="tv-log", rev=3, format="text")["result"]["text"]
    assert text.splitlines()[:3] == ["Ambush *night*", "", "1. Aldric joins the fight."]
    assert "   Dice: Aldric [+ + + +] +4; Goblin total 0" in text
    md = call("encounter.log", id="tv-log", rev=3, format="markdown")["result"]["text"]
    assert md.startswith("# Ambush \\*night\\*\n") and "*Dice: Aldric \\[+ + + +\\] +4; Goblin total 0*" in md
    bad = call("encounter.log", id="tv-log", rev=3, format="pdf")
    assert bad["error"]["field"] == "args.format"


def test_the_markdown_log_is_a_heading_then_a_numbered_list_with_dice_under_their_entry():
    """Numbered from 1, a blank line after the heading, the dice under their own entry only (a
    Markdown line break, two spaces, then an indented italic line), and one newline at the end."""
    enc = party(goblins=1)
    enc.apply(exchange("c1", "c3", 3, -3))
    assert enc.log_document("markdown") == (
        "# Ambush\n\n1. Aldric joins the fight.\n2. Brenna joins the fight.\n3. Goblin 1 joins the fight.\n"
        "4. Round 1, Aldric vs Goblin 1: hit: Goblin 1 Near Death.  \n   *Dice: Aldric total +3; Goblin 1 total −3*\n")


def test_a_log_entry_is_explained_again():
    call("encounter.new", id="tv-explain")
    events = [add("Aldric", "players"), add("Goblin", "foes", role="npc"), exchange("c1", "c2", 3, -3)]
    for rev, event in enumerate(events):
        call("encounter.apply", id="tv-explain", rev=rev, event=event)
    got = call("encounter.explain", id="tv-explain", rev=3, index=2)["result"]
    assert got["text"].startswith("Round 1, Aldric vs Goblin") and got["steps"][0]["section"] == "F95 4.22"
    assert call("encounter.explain", id="tv-explain", rev=3, index=0)["result"]["steps"] == []
    assert call("encounter.explain", id="tv-explain", rev=3, index=9)["error"]["field"] == "args.index"


@pytest.mark.parametrize(("options", "event", "asks"), [
    ({"co.damage_check": True}, exchange("c1", "c2", 4, -4), {"who": "b", "input": "check", "wound": None}),
    # The damage die of A's blow (he won): by his entry, not by Resolve.
    ({"damage.die": "number_1df"}, exchange("c1", "c2", 4, -4), {"who": "a", "input": "damage", "wound": None}),
    # Alternating turns (F95 4.23): the first pick attacks, the second defends.
    ({"damage.die": "number_1df", "melee.pacing": "alternating"}, exchange("c1", "c2", 4, -4, kind="attack"),
     {"who": "a", "input": "damage", "wound": None}),
    ({"co.damage_check": True, "melee.pacing": "alternating"}, exchange("c1", "c2", 4, -4, kind="attack"),
     {"who": "b", "input": "check", "wound": None}),
])
def test_a_refused_round_says_which_entry_it_wants(options, event, asks):
    call("encounter.new", id="tv-asks", ruleset={"preset": "fudge1995", "options": options})
    for rev, e in enumerate([add("A", "players", "Great"), add("B", "foes", "Poor", role="npc")]):
        call("encounter.apply", id="tv-asks", rev=rev, event=e)
    reply = call("encounter.apply", id="tv-asks", rev=2, event=event)
    assert reply["error"]["asks"] == asks


@pytest.mark.parametrize(("field", "asks"), [
    ("args.event.lone_dice.check[2]", {"who": "a", "input": "check", "wound": 2}),
    ("event.foe_declares.c4.willpower", {"who": "c4", "input": "willpower", "wound": None}),
    ("event.b_dice.speed", {"who": "b", "input": "speed", "wound": None}),
    ("event.a_declares.location_check", {"who": "a", "input": "location_check", "wound": None}),
    ("event.targets[0]", {"who": "a", "input": "targets", "wound": None}),
    # A group round's damage dice and the GM's one roll for the foes are nobody's own entry.
    ("event.damage_die", {"who": None, "input": "damage", "wound": None}),
    ("args.event.damage_dice[1]", {"who": None, "input": "damage", "wound": None}),
    ("event.group_roll", {"who": None, "input": "group_roll", "wound": None}),
    # A graze's damage die is entered where a full hit's is.
    ("event.shooter_dice.graze", {"who": "a", "input": "damage", "wound": None}),
    ("event.kind", None),
    # A fighter's dice or declarations refused whole name no one entry.
    ("event.a_dice", None),
    ("event.foe_declares.c4", None),
])
def test_a_refusals_field_is_read_as_the_entry_it_wants(field, asks):
    from pyfudge.encounter.round_view import asks as read
    assert read(field) == asks


def test_undo_names_a_fighter_it_does_not_know_by_his_id_and_nothing_before_any_event():
    from pyfudge.encounter.round_view import undo_label
    assert undo_label({"kind": "exchange", "a": "c1", "b": "c9"}, {"c1": "Aldric"}) == "Aldric vs c9"
    assert undo_label(None, {"c1": "Aldric"}) == ""


def test_a_speed_roll_shows_in_the_log_dice():
    from pyfudge.encounter.round_view import dice_line
    event = {"t": "exchange", "a": "c1", "b": "c2", "a_dice": {"roll": {"total": 1}, "speed": {"total": 2}},
             "b_dice": {"roll": {"faces": [0, 0, 0, 0]}, "speed": {"total": -1}}}
    assert dice_line(event, {"c1": "A", "c2": "B"}) == "A total +1, Speed total +2; B [0 0 0 0] 0, Speed total −1"


def test_a_refusal_that_is_no_missing_entry_asks_nothing():
    call("encounter.new", id="tv-none")
    reply = call("encounter.apply", id="tv-none", rev=0, event={"t": "exchange", "a": "c1", "b": "c2"})
    assert "asks" not in reply["error"]


def test_the_odds_come_with_one_plain_line():
    call("encounter.new", id="tv-odds")
    for rev, e in enumerate([add("Aldric", "players", "Great"), add("Goblin", "foes", "Mediocre", role="npc")]):
        call("encounter.apply", id="tv-odds", rev=rev, event=e)
    r = call("encounter.odds", id="tv-odds", rev=2, event={"t": "exchange", "a": "c1", "b": "c2"})["result"]
    hurt = sum(w["p"] for w in r["directions"][0]["wounds"] if w["level"] > 0)
    likely = max((w for w in r["directions"][0]["wounds"] if w["level"] > 0), key=lambda w: w["p"])["name"]
    assert r["summary"].startswith(f"Aldric wounds Goblin {round(hurt * 100)} %, most likely {likely}; "
                                   "Goblin wounds Aldric ")


def test_an_early_target_he_cannot_wound_gets_no_wound_and_the_round_still_applies():
    """F95 4.34: he may wound only a foe he bested; named before the roll, a foe who beat him
    takes no wound, the result says why, and the foes' blows on him still land."""
    enc = party(goblins=2)
    event = {"t": "group", "lone": "c1", "foes": ["c3", "c4"], "targets": ["c3"],
             "lone_dice": {"roll": {"total": -2}},
             "foe_dice": {"c3": {"roll": {"total": 4}}, "c4": {"roll": {"total": -4}}}}
    enc.apply(event)
    last = enc.state.last
    steps = [s["text"] for s in last["outcome"]["steps"]]
    assert any(t.startswith("No wound on Goblin 1: a foe beat the lone fighter") for t in steps)
    assert [b["defender"] for b in last["outcome"]["blows"]] == ["Aldric"]
    assert encounter_view.view(enc)["combatants"][0]["status"] != "Undamaged"


def test_a_bad_explain_index_changes_nothing():
    enc = party()
    with pytest.raises(FudgeError):
        enc.explain(True)


def test_the_exported_log_leaves_out_what_was_undone():
    enc = party(goblins=1)
    enc.apply(exchange("c1", "c3", 3, -3))
    enc.apply({"t": "undo"})
    enc.apply(exchange("c1", "c3", 0, 0))
    text = enc.log_document("text")
    assert "Undo:" not in text and "Undone" not in text
    assert text.count("Aldric vs Goblin 1") == 1 and "4. Round 1, Aldric vs Goblin 1" in text
    assert "Dice: Aldric total +3" not in text and "Dice: Aldric total 0; Goblin 1 total 0" in text


def test_an_undone_event_comes_back_in_the_export_when_redone():
    enc = party(goblins=1)
    enc.apply(exchange("c1", "c3", 3, -3))
    enc.apply({"t": "undo"})
    enc.apply({"t": "redo"})
    text = enc.log_document("markdown")
    assert "Redo" not in text and "Undo" not in text and text.count("Aldric total +3") == 1


def test_the_view_says_what_the_last_undo_took_back_and_which_log_lines_it_took():
    enc = party(goblins=1)
    enc.apply(exchange("c1", "c3", 3, -3))
    assert encounter_view.view(enc)["undone"] == ""
    enc.apply({"t": "undo"})
    view = encounter_view.view(enc)
    assert view["undone"] == "Aldric vs Goblin 1"
    assert view["log_taken_back"] == [3]  # the exchange's line (its Undo line stays as it is)
    enc.apply({"t": "redo"})
    view = encounter_view.view(enc)
    assert view["undone"] == "" and view["log_taken_back"] == []


@pytest.mark.parametrize(("ruleset", "line"), [
    ({"preset": "fudge1995", "options": {"melee.pacing": "alternating"}},
     "Rules changed: Melee pacing: Alternating turns (F95 4.23)."),
    ({"preset": "mudge"}, "Rules changed: the Mudge preset."),
    ({"preset": "fudge1995"}, "Rules set again, unchanged."),
    # Each kind of option in its own words: a switch on or off, a table edited, a number as it is.
    ({"preset": "fudge1995", "options": {"melee.npc_fixed": True}},
     "Rules changed: NPCs always roll their trait level: on."),
    ({"preset": "fudge1995", "options": {"co.recovery_wait": False}},
     "Rules changed: Wait a round per damage point: off."),
    ({"preset": "fudge1995", "options": {"multi.attacker_limits": {"open": 5, "cramped": 4, "doorway": 2}}},
     "Rules changed: Most foes who can attack one fighter: edited."),
    ({"preset": "fudge1995", "options": {"multi.ignored_difficulty": -3}},
     "Rules changed: Difficulty for a foe the lone fighter ignores: -3."),
    ({"preset": "fudge1995", "options": {"melee.npc_fixed": True, "multi.ignored_difficulty": -3,
                                         "melee.pacing": "story"}},
     "Rules changed: Melee pacing: Story elements (F95 4.21); NPCs always roll their trait level: on; "
     "Difficulty for a foe the lone fighter ignores: -3."),
    ({"preset": "fudge1995", "options": {"melee.npc_fixed": True, "multi.ignored_difficulty": -3,
                                         "melee.pacing": "story", "wounds.willpower": "temporary"}},
     "Rules changed: Willpower roll adjusts wounds: Until the battle is over; Melee pacing: Story elements "
     "(F95 4.21); NPCs always roll their trait level: on; and 1 more."),
])
def test_a_rules_change_says_what_changed(ruleset, line):
    enc = party(goblins=1)
    enc.apply({"t": "rules", "ruleset": ruleset})
    view = encounter_view.view(enc)
    assert view["log"][-1] == line and view["undo_label"] == "rules change"
