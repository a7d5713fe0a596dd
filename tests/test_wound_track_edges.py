"""A wound track's own checks: the pain threshold it reads, the GM's level table its view shows, and
the kinds of track it may be built as (F95 4.51, 4.57; CO 3)."""

from __future__ import annotations

import pytest

from pyfudge.core.errors import RuleError
from pyfudge.rules.wound_levels import TrackKind
from pyfudge.rules.wounds import HURT, NEAR_DEATH, SCRATCH, VERY_HURT, WoundTrack, record_wound
from pyfudge.rulesets import find_ruleset, new_ruleset

F95 = find_ruleset("fudge1995")
# F95 4.51: the GM may rename the levels and set their penalties; "after_combat" is the Light Wound's
# "no penalty during combat ... after combat ... -1".
TABLE = F95.with_options({"wounds.levels": [
    {"name": "Light Wound", "penalty": 0, "after_combat": -1},
    {"name": "Wound", "penalty": -2, "after_combat": -2},
    {"name": "Severe Wound", "penalty": -3, "after_combat": -4},
    {"name": "Down", "penalty": 0, "after_combat": 0},
    {"name": "Dying", "penalty": 0, "after_combat": 0},
]})


def test_an_unknown_pain_threshold_is_refused_by_name():
    """F95 4.51: High or Low Pain Threshold, or neither; anything else is refused, naming ``pain``."""
    track = record_wound(WoundTrack(), HURT, rules=F95).track
    with pytest.raises(RuleError) as err:
        track.penalty(pain="none")
    assert err.value.field == "pain"
    assert err.value.message == "pain must be one of normal, high, low, not 'none'."


def test_the_penalty_reads_the_gms_table_in_combat_unless_told_otherwise():
    """F95 4.51: a Severe Wound at −3 in combat and −4 after it, as the GM's table sets them; without
    the table the book's Very Hurt −2."""
    track = record_wound(WoundTrack(), VERY_HURT, rules=TABLE).track
    assert track.penalty(rules=TABLE) == -3
    assert track.penalty(rules=TABLE, in_combat=False) == -4
    assert track.penalty() == -2
    assert track.penalty(rules=TABLE, pain="high") == -2


def test_the_gms_table_sets_the_penalty_of_every_boxed_level_from_scratch_to_near_death():
    """The table's first and last rows count too: the Light Wound bothers after combat, and a GM who
    gives Near Death a penalty has it read (F95 4.51)."""
    scratched = record_wound(WoundTrack(), SCRATCH, rules=TABLE).track
    assert (scratched.penalty(rules=TABLE), scratched.penalty(rules=TABLE, in_combat=False)) == (0, -1)
    rows = [dict(row) for row in TABLE["wounds.levels"]]
    rows[4]["penalty"] = -5
    dying = record_wound(WoundTrack(), NEAR_DEATH, rules=TABLE).track
    assert dying.penalty(rules=TABLE.with_options({"wounds.levels": rows})) == -5
    assert dying.penalty(rules=TABLE) == 0


def test_the_view_shows_the_penalty_from_the_gms_table_and_the_fighters_pain_threshold():
    """The app's view names the GM's levels and gives the penalty his table sets, shifted by the
    fighter's pain threshold (F95 4.51)."""
    track = record_wound(WoundTrack(), VERY_HURT, rules=TABLE).track
    view = track.view(rules=TABLE)
    assert (view["worst_name"], view["penalty"]) == ("Severe Wound", -3)
    assert track.view(rules=TABLE, pain="low")["penalty"] == -4
    assert track.view(rules=TABLE, pain="high")["penalty"] == -2
    assert [row["name"] for row in view["rows"]] == ["Light Wound", "Wound", "Severe Wound", "Down", "Dying"]


@pytest.mark.parametrize("kind", ["boxes", "pawn", "capacity", "co"])
def test_a_track_built_in_code_keeps_its_kind_as_a_track_kind(kind):
    """A kind named as a string becomes the :class:`TrackKind` (what saved logs compare against)."""
    track = WoundTrack(kind=kind)
    assert type(track.kind) is TrackKind
    assert track.kind == TrackKind(kind)


@pytest.mark.parametrize("kind", ["wounds", "", 3, None, ["boxes"]])
def test_a_track_of_an_unknown_kind_is_refused(kind):
    """Only the four kinds exist (F95 4.57 boxes and pawns, Damage Capacity, CO 3); a kind that
    cannot even be looked up (a list) is refused all the same."""
    with pytest.raises(RuleError) as err:
        WoundTrack(kind=kind)
    assert err.value.field == "kind"
    assert err.value.message == f"Unknown track kind {kind!r}."


@pytest.mark.parametrize("mark", ["Hurt", 0.0, 2.0, None, True])
def test_a_saved_box_holds_a_whole_number_or_is_refused(mark):
    """A saved track's boxes hold 0 (open) or a wound level as a whole number (F95 4.57), as
    ``to_dict`` writes them: a name, a float or a flag is refused by its place, not stored."""
    with pytest.raises(RuleError) as err:
        WoundTrack.from_dict({"marks": [[0, 0, 0], [mark], [0], [0], [0]]})
    assert err.value.field == "track.marks[1][0]"
    with pytest.raises(RuleError) as err:
        WoundTrack.from_dict({"marks": [[0, 0, 0], [0], [0], [0], [0]], "stun_marks": [[mark], [0]]})
    assert err.value.field == "track.stun_marks[0][0]"


def test_a_pawns_capped_scratch_says_it_counted_as_hurt_and_why_it_is_not_recorded():
    """F95 4.57: on a pawn a Scratch may count as Hurt; with the Scratch cap it never raises the
    level beyond Very Hurt. Both steps are told when the cap stops it."""
    rules = new_ruleset("fudge1995", {"wounds.pawn_track": True, "wounds.pawn_scratch": "hurt",
                                      "wounds.scratch_cap": True})
    track = WoundTrack(kind="pawn")
    for level in (HURT, SCRATCH, SCRATCH):
        out = record_wound(track, level, rules=rules)
        track = out.track
    assert [s.text for s in out.steps] == [
        "On a pawn a Scratch counts as Hurt.",
        "A Scratch never raises the wound level beyond Very Hurt: this one is not recorded."]


@pytest.mark.parametrize("kind", [["boxes"], {"boxes": 1}, 3, None])
def test_a_saved_tracks_kind_that_is_not_text_is_refused_by_its_field(kind):
    """A saved track names its kind as one of the four words (F95 4.57 boxes and pawns, Damage
    Capacity, CO 3): a list or an object there is refused like any other wrong kind, not a crash."""
    with pytest.raises(RuleError) as err:
        WoundTrack.from_dict({"kind": kind})
    assert err.value.field == "track.kind"
    assert err.value.message.startswith("Track kind must be one of ")


@pytest.mark.parametrize("options", [{}, {"wounds.record": "capacity"}])
def test_a_wound_of_no_damage_on_a_wounded_fighter_leaves_his_level_and_says_so(options):
    """F95 4.55: no damage records nothing; the outcome still tells the fighter's level before and
    after (the same, and not Undamaged) and the wound's own level (none), under boxes and under
    Damage Capacity as record (F95 4.57)."""
    rules = new_ruleset("fudge1995", options)
    track = WoundTrack.new(rules, capacity=1)
    hurt = record_wound(track, HURT, rules=rules).track
    assert hurt.worst > 0
    out = record_wound(hurt, 0, rules=rules)
    assert (out.level_asked, out.level_marked, out.worst_before, out.worst_after) == (0, 0, hurt.worst, hurt.worst)
    assert out.box is None and out.track == hurt


@pytest.mark.parametrize("pair", [{"recorded": 2, "true": 3}, "23", 23, [2]])
def test_a_saved_deferred_wound_that_is_not_a_pair_is_refused_by_its_place(pair):
    """A wound Willpower held back (F95 4.52, temporary) is saved as [recorded, true]: anything
    else, even two of something, is refused by its place, not read."""
    with pytest.raises(RuleError) as err:
        WoundTrack.from_dict({"marks": [[0, 0, 0], [0], [0], [0], [0]], "deferred": [[2, 3], pair]})
    assert err.value.field == "track.deferred[1]"
    assert err.value.message == "track.deferred[1] must be [recorded, true]."
