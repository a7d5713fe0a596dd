"""Every way the rules heal a fighter, offered on his card, and the log saying which wounds became
what (F95 4.8, MUD 4.8, F95 4.62, CO 3.2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyfudge.core import ladder
from pyfudge.core.errors import FudgeError
from pyfudge.encounter import track_events
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rules import healing
from pyfudge.rules.wounds import HURT, NEAR_DEATH, SCRATCH, VERY_HURT, WoundTrack, record_stun, record_wound
from pyfudge.rulesets import find_ruleset, new_ruleset

F95 = find_ruleset("fudge1995")
# Three damage points on the alternate track: Terrible's two boxes and one of Poor's (CO 3.1).
CO_BOXES = [{"t": "box", "id": "c1", "row": i // 2, "index": i % 2, "value": 1} for i in range(3)]
BRENNA = {"name": "Brenna", "role": "pc", "skills": {"Sword": "Good"}}


def hows(track: WoundTrack, rules=F95) -> list[str]:
    return [w["how"] for w in healing.heal_ways(track, rules=rules)]


def wounded(*levels: int, rules=F95) -> WoundTrack:
    track = WoundTrack.new(rules)
    for level in levels:
        track = record_wound(track, level, rules=rules).track
    return track


def fight(*events: dict, preset: str = "fudge1995", options: dict | None = None) -> Encounter:
    enc = Encounter(ruleset=new_ruleset(preset, options or {}))
    enc.apply({"t": "add", "fighter": BRENNA})
    for event in events:
        enc.apply(event)
    return enc


def test_a_hurt_fighter_may_be_healed_by_a_healer_or_by_weeks_of_rest():
    assert hows(wounded(HURT)) == ["skill", "natural"]


def test_lingering_scratches_and_stuns_are_a_way_of_their_own():
    assert "scratches" in hows(wounded(SCRATCH))
    stunned = record_stun(WoundTrack.new(F95), HURT, rules=F95).track
    assert hows(stunned) == ["scratches"]


def test_the_1993_draft_offers_no_natural_healing():
    assert hows(wounded(HURT, rules=find_ruleset("fudge1993")), find_ruleset("fudge1993")) == ["skill"]


def test_constitution_rolls_are_asked_for_when_the_gm_requires_them():
    rules = F95.with_options({"healing.natural_roll": True})
    natural = next(w for w in healing.heal_ways(wounded(VERY_HURT, rules=rules), rules=rules) if w["how"] == "natural")
    assert natural["asks"] == ["weeks", "rolls"]


def test_the_alternate_track_heals_by_a_check_against_its_wound_level():
    rules = F95.with_options({"co.track": True})
    track = record_wound(WoundTrack.new(rules), HURT, rules=rules, points=3).track
    ways = healing.heal_ways(track, rules=rules)
    assert [w["how"] for w in ways] == ["co"] and "against" in ways[0]["label"]


def test_an_unhurt_fighter_and_the_dead_have_no_way_to_heal():
    assert hows(WoundTrack.new(F95)) == []
    assert hows(wounded(NEAR_DEATH, NEAR_DEATH, NEAR_DEATH, NEAR_DEATH)) == []


def test_a_knocked_out_fighter_comes_round_with_time():
    assert hows(replace(WoundTrack.new(F95), knocked_out=True)) == ["wake"]


def test_the_card_lists_the_ways_that_apply():
    enc = fight({"t": "wound", "id": "c1", "level": "Very Hurt"})
    card = encounter_view.view(enc)["combatants"][0]
    assert [w["how"] for w in card["heal"]] == ["skill", "natural"]


def test_a_healers_result_says_which_wounds_became_what():
    enc = fight({"t": "wound", "id": "c1", "level": "Very Hurt"}, {"t": "wound", "id": "c1", "level": "Hurt"},
                {"t": "heal", "id": "c1", "how": "skill", "result": "Good"})
    assert enc.state.last["text"] == "Brenna: Very Hurt → Hurt, Hurt → healed, by a Good healer's result."


def test_a_healers_result_below_good_says_it_heals_nothing():
    enc = fight({"t": "wound", "id": "c1", "level": "Hurt"},
                {"t": "heal", "id": "c1", "how": "skill", "result": "Fair"})
    assert enc.state.last["text"] == "Brenna: a Fair healer's result heals nothing (Good or better is needed)."


def test_a_healers_result_on_an_unhurt_fighter_says_there_are_no_wounds_to_heal():
    enc = fight({"t": "heal", "id": "c1", "how": "skill", "result": "Good"})
    assert enc.state.last["text"] == "Brenna: no wounds to heal, by a Good healer's result."


def test_clearing_scratches_from_a_fighter_with_none_says_there_is_nothing_to_clear():
    enc = fight({"t": "wound", "id": "c1", "level": "Hurt"}, {"t": "heal", "id": "c1", "how": "scratches"})
    assert enc.state.last["text"] == "Brenna: no Scratches or stuns to clear."


def test_weeks_of_rest_say_what_each_wound_became():
    enc = fight({"t": "wound", "id": "c1", "level": "Incapacitated"},
                {"t": "heal", "id": "c1", "how": "natural", "weeks": 2})
    assert enc.state.last["text"] == "Brenna: Incapacitated → Hurt, after 2 weeks of rest."


def test_a_failed_constitution_roll_says_the_week_healed_nothing():
    enc = fight({"t": "wound", "id": "c1", "level": "Very Hurt"},
                {"t": "heal", "id": "c1", "how": "natural", "weeks": 1, "rolls": ["Poor"]},
                options={"healing.natural_roll": True})
    assert enc.state.last["text"] == "Brenna: still Very Hurt after 1 week of rest (Constitution Poor against Good)."


def test_lingering_scratches_heal_for_one_fighter():
    enc = fight({"t": "wound", "id": "c1", "level": "Scratch"}, {"t": "wound", "id": "c1", "level": "Scratch"},
                {"t": "wound", "id": "c1", "level": "Hurt"}, {"t": "heal", "id": "c1", "how": "scratches"},
                options={"healing.scratches_after_battle": False})
    assert enc.state.last["text"] == "Brenna: 2 × Scratch → healed."
    assert enc.state.find("c1").fighter.track_for(enc.state.rules).marked_wounds() == [HURT]


def test_a_knocked_out_fighter_comes_round():
    out = healing.wake_up(replace(WoundTrack.new(F95), knocked_out=True))
    assert out.track.knocked_out is False and out.track.can_act()
    # F95 4.62: a knockout needs time, not healing; no wound changes.
    hurt = healing.wake_up(replace(wounded(HURT), knocked_out=True))
    assert (hurt.before, hurt.after, hurt.worst_before, hurt.worst_after) == ((HURT,), (HURT,), HURT, HURT)
    assert [(st.section, st.text) for st in out.steps] == [
        ("F95 4.62", "A knockout needs time, not healing: the fighter comes round.")]


def test_coming_round_is_logged_for_the_fighter():
    enc = fight()
    c = enc.state.find("c1")
    out = replace(c.fighter.track_for(enc.state.rules), knocked_out=True)
    state = enc.state.put(replace(c, fighter=c.fighter.with_track(out)))
    after = track_events.heal(state, {"t": "heal", "id": "c1", "how": "wake"})
    assert after.last["text"] == "Brenna: Knocked out → comes round."


def test_coming_round_is_refused_for_a_fighter_not_knocked_out():
    with pytest.raises(FudgeError, match="nothing to come round from"):
        fight({"t": "heal", "id": "c1", "how": "wake"})


def test_the_alternate_tracks_check_names_its_result_and_difficulty():
    enc = fight(*CO_BOXES, {"t": "heal", "id": "c1", "how": "co", "result": "Superb"}, options={"co.track": True})
    text = enc.state.last["text"]
    assert text.startswith("Brenna: ") and "Superb healer's check against" in text and "degree" not in text


def test_the_alternate_tracks_check_counts_one_box_and_several_boxes():
    one = fight(CO_BOXES[0], {"t": "heal", "id": "c1", "how": "co", "result": "Superb"}, options={"co.track": True})
    assert one.state.last["text"] == "Brenna: 1 marked box → 0, by a Superb healer's check against Terrible."
    three = fight(*CO_BOXES, {"t": "heal", "id": "c1", "how": "co", "result": "Fair"}, options={"co.track": True})
    assert three.state.last["text"] == "Brenna: 3 marked boxes → 1, by a Fair healer's check against Poor."


def test_the_alternate_tracks_top_row_is_checked_against_legendary():
    """CO 3.2: the check is against the level of the last box marked; the top row is Legendary,
    not "Superb +1"."""
    boxes = [{"t": "box", "id": "c1", "row": i // 2, "index": i % 2, "value": 1} for i in range(15)]
    enc = fight(*boxes, {"t": "heal", "id": "c1", "how": "co", "result": "Superb"}, options={"co.track": True})
    assert enc.state.last["text"].endswith("healer's check against Legendary.")


def test_clearing_lingering_scratches_and_stuns_says_each_is_cleared():
    enc = fight({"t": "wound", "id": "c1", "level": "Scratch"}, options={"healing.scratches_after_battle": False})
    c = enc.state.find("c1")
    stunned = record_stun(c.fighter.track_for(enc.state.rules), HURT, rules=enc.state.rules).track
    state = enc.state.put(replace(c, fighter=c.fighter.with_track(stunned)))
    after = track_events.heal(state, {"t": "heal", "id": "c1", "how": "scratches"})
    assert after.last["text"] == "Brenna: Scratch → healed, Stunned → cleared."


def test_weeks_of_rest_say_no_one_recovers_from_near_death_on_their_own():
    """F95 4.51: Near Death heals only with a healer's help."""
    enc = fight({"t": "wound", "id": "c1", "level": "Near Death"}, {"t": "heal", "id": "c1", "how": "natural"})
    assert enc.state.last["text"] == ("Brenna: still Near Death after 1 week of rest "
                                      "(no one recovers from Near Death on their own).")


def test_each_failed_constitution_roll_of_weeks_of_rest_is_named():
    enc = fight({"t": "wound", "id": "c1", "level": "Very Hurt"},
                {"t": "heal", "id": "c1", "how": "natural", "weeks": 2, "rolls": ["Poor", "Mediocre"]},
                options={"healing.natural_roll": True})
    assert enc.state.last["text"] == ("Brenna: still Very Hurt after 2 weeks of rest "
                                      "(Constitution Poor against Good; Constitution Mediocre against Good).")


def test_an_unknown_way_is_refused_naming_the_ways():
    with pytest.raises(FudgeError, match="skill, natural, scratches, wake or co"):
        fight({"t": "heal", "id": "c1", "how": "prayer"})


def test_a_ladder_name_is_read_for_the_alternate_tracks_check():
    enc = fight(*CO_BOXES, {"t": "heal", "id": "c1", "how": "co", "result": ladder.name(ladder.GREAT)},
                options={"co.track": True})
    assert "Great healer's check" in enc.state.last["text"]


def test_the_door_heals_a_track_every_way_the_card_offers():
    import json

    from pyfudge import api

    def heal(**args):
        return json.loads(api.handle(json.dumps({"action": "heal", "args": {"ruleset": {"preset": "fudge1995"},
                                                                           **args}})))
    scratched = wounded(SCRATCH, HURT)
    reply = heal(track=scratched.to_dict(), how="scratches")
    assert reply["ok"] and reply["result"]["after"] == [HURT]
    reply = heal(track=replace(WoundTrack.new(F95), knocked_out=True).to_dict(), how="wake")
    assert reply["ok"] and reply["result"]["view"]["can_act"]
    refused = heal(track=WoundTrack.new(F95).to_dict(), how="prayer")
    assert refused["error"]["field"] == "args.how" and "scratches" in refused["error"]["message"]


def test_clearing_scratches_cites_the_books_healing_section_and_counts_what_it_cleared():
    """F95 4.8 (MUD 4.8 under Mudge): Scratches heal after the battle's few minutes; the step
    counts the Scratches cleared and the stun level left behind (F95 4.62)."""
    for preset, section in (("fudge1995", "F95 4.8"), ("mudge", "MUD 4.8")):
        rules = find_ruleset(preset)
        track = record_stun(wounded(SCRATCH, SCRATCH, HURT, rules=rules), HURT, rules=rules).track
        out = healing.clear_scratches(track, rules=rules)
        assert [(s.section, s.text) for s in out.steps] == [(section, "Scratches and stuns heal with a little time.")]
        assert out.steps[0].data == {"scratches": 2, "stun": track.stun}
        assert out.track.marked_wounds() == [HURT] and out.track.stun == 0


def test_a_damage_capacity_fighter_with_a_scratch_is_offered_the_scratches_way():
    """F95 4.57: on the Damage Capacity record a Scratch lowers no level but is counted towards
    the next one; F95 4.8: Scratches heal after the battle, so that fighter may clear them."""
    rules = F95.with_options({"wounds.record": "capacity", "wounds.capacity_scratches": 3})
    track = record_wound(WoundTrack.new(rules, capacity=ladder.GOOD), SCRATCH, rules=rules).track
    assert track.scratches == 1 and track.capacity == ladder.GOOD
    assert hows(track, rules) == ["scratches"]
    assert healing.clear_scratches(track, rules=rules).track.scratches == 0
    hit = record_wound(WoundTrack.new(rules, capacity=ladder.GOOD), HURT, rules=rules).track
    assert hit.scratches == 0 and hows(hit, rules) == ["skill", "natural"]  # a lost level, no Scratch counted


def test_clearing_a_fighters_only_scratch_leaves_them_unhurt_after():
    out = healing.clear_scratches(wounded(SCRATCH), rules=F95)
    assert (out.worst_before, out.worst_after) == (SCRATCH, 0)
    assert out.before == (SCRATCH,) and out.after == ()


def test_coming_round_is_refused_for_a_fighter_who_is_not_knocked_out():
    """F95 4.62: only a knockout needs time to come round from; the refusal names the way asked."""
    with pytest.raises(FudgeError) as err:
        healing.wake_up(wounded(HURT))
    assert err.value.field == "how"
    assert err.value.message == "Not knocked out: there is nothing to come round from (F95 4.62)."


@pytest.mark.parametrize("per, hurts, hint", [
    (1, False, "1 box recovered per degree above it."),
    (2, False, "2 boxes recovered per degree above it."),
    (3, True, "3 boxes recovered per degree above it; a failure marks a box per degree below."),
])
def test_on_the_alternate_track_the_one_way_is_a_healers_check_against_the_wound_level(per, hurts, hint):
    """CO 3.2: the healer's check is against the wound level (Poor, after four boxes), boxes
    recovered by degree (``co.heal_per_degree``); a failure hurts only where the GM says so."""
    rules = F95.with_options({"co.track": True, "co.heal_per_degree": per, "co.heal_failure_hurts": hurts})
    track = record_wound(WoundTrack.new(rules), HURT, rules=rules, points=4).track
    assert healing.heal_ways(track, rules=rules) == [
        {"how": "co", "asks": ["result"], "section": "CO 3.2", "label": "A healer's check against Poor", "hint": hint}]


@pytest.mark.parametrize("roll", [False, True])
def test_a_wounded_fighter_is_offered_a_healer_rest_and_the_scratches_each_with_what_it_asks(roll):
    """F95 4.8: a healer's roll (Good one level, Great two, Superb three); rest, a level a week,
    with a Constitution roll each week where ``healing.natural_roll`` says so; Scratches apart."""
    rules = F95.with_options({"healing.natural": True, "healing.natural_roll": roll})
    track = wounded(HURT, SCRATCH, rules=rules)
    rest = "Every wound heals one level a week." + (
        " Each week needs Constitution: Fair for Hurt, Good for Very Hurt, Great for Incapacitated." if roll else "")
    assert healing.heal_ways(track, rules=rules) == [
        {"how": "skill", "asks": ["result"], "section": "F95 4.8", "label": "A healer's roll",
         "hint": "Good heals every wound 1 level, Great 2, Superb 3 (a Hurt healed one level is healed)."},
        {"how": "natural", "section": "F95 4.8", "label": "Natural healing",
         "asks": ["weeks", "rolls"] if roll else ["weeks"], "hint": rest, "weeks_max": 52},
        {"how": "scratches", "asks": [], "section": "F95 4.8", "label": "Scratches and stuns heal",
         "hint": "After the battle's few minutes, or the few days they linger."}]


def test_a_healers_check_against_the_last_box_of_the_alternate_track_is_against_legendary():
    """CO 3.1: the alternate track's top row is Legendary, a level above Superb; CO 3.2 checks against it."""
    rules = F95.with_options({"co.track": True})
    track = WoundTrack.new(rules)
    track = record_wound(track, HURT, rules=rules, points=sum(len(r) for r in track.marks) - 1).track
    assert [w["label"] for w in healing.heal_ways(track, rules=rules)] == ["A healer's check against Legendary"]


def test_a_knocked_out_fighter_is_offered_coming_round_asking_nothing():
    """F95 4.62: a knockout needs time, not healing: the way asks no result."""
    assert healing.heal_ways(replace(WoundTrack.new(F95), knocked_out=True), rules=F95) == [
        {"how": "wake", "asks": [], "section": "F95 4.62", "label": "Comes round",
         "hint": "A knockout needs time, not healing."}]


def test_on_the_damage_capacity_record_the_heal_says_the_fighters_level_before_and_after():
    """F95 4.57: the Damage Capacity record has one level, not boxes; F95 4.8: a healer's Good
    heals it one level, Superb three (to the undamaged level); a Fair result changes nothing."""
    rules = F95.with_options({"wounds.record": "capacity"})
    track = WoundTrack.new(rules, capacity=ladder.GOOD)
    for _ in range(2):
        track = record_wound(track, HURT, rules=rules).track
    said = [healing.said(healing.heal(track, result, rules=rules))
            for result in (ladder.GOOD, ladder.SUPERB, ladder.FAIR)]
    assert said == ["Hurt → Scratch", "Hurt → healed", ""]
