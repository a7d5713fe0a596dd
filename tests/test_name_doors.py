"""One check of a name (``checks.Checks.name``) at every door a name comes through.

A **new** name — typed on this device: a fighter added or edited, the names an add gives, an
encounter renamed, a template or a party member saved — is accepted or refused alike at every
one of those doors. A name that comes **with a stored log** (the device's own encounter, a file,
a share link) is read as logged, as the build that logged it accepted it (``checks.stored_log``:
old encounters never become unreadable), and then passes every door that carries a log or shows
it — the share link, the file, the players' link (made and opened) and the table display —
alike: one never makes what another refuses.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import jsonschema
from hypothesis import given
from hypothesis import strategies as st
from properties import at_least, checked, refused

from pyfudge import api
from pyfudge.door import codec
from pyfudge.encounter import players

VIEW = jsonschema.Draft202012Validator(players.VIEW_SHAPE)  # as play.html checks a view

FIGHTER = {"role": "npc", "skills": {"Sword": 1}}
RULES = {"preset": "fudge1995"}

# Letters, digits and spaces, with the characters names go wrong with: C0/C1 controls, a line
# separator, bidi overrides and isolates, zero-width and format characters, Hangul fillers.
_ODD = "\x00\n\t\x1b\x7f\x85\u2028\u202e\u2066\u200b\u200d\ufeff\u3164\u2800\u0301 "
names = st.one_of(
    st.text(st.sampled_from("Ab9 " + _ODD), min_size=0, max_size=8),
    st.builds(lambda a, b: f"{a} {b}", st.text(st.sampled_from("Ab " + _ODD), max_size=4), st.integers(1, 12)),
    st.text(min_size=0, max_size=64),
    st.sampled_from(["\u202eAdmin", "Goblin", "Goblin 2", " \u200b 5", "x" * 60, "x" * 61]),
)


_ids = (f"names-{i}" for i in itertools.count())


def door(action: str, **args: Any) -> dict[str, Any]:
    return json.loads(api.handle(json.dumps({"action": action, "args": args})))


def _encounter(*events: dict[str, Any]) -> dict[str, Any]:
    return {"name": "Fight", "ruleset": RULES, "log": list(events)}


def _new_name_doors(name: str) -> dict[str, bool]:
    """Whether each door for a new name takes ``name``."""
    fighter = {**FIGHTER, "name": name}
    other = {**FIGHTER, "name": "Someone"}
    with_one = _encounter({"t": "add", "fighter": other, "side": "foes"})
    def apply(event: dict[str, Any], stored: dict[str, Any]) -> bool:
        return door("encounter.apply", id=next(_ids), rev=len(stored["log"]), encounter=stored, event=event)["ok"]
    verdicts = {
        "add": apply({"t": "add", "fighter": fighter, "side": "foes"}, _encounter()),
        "add names": apply({"t": "add", "fighter": other, "side": "foes", "names": [name]}, _encounter()),
        "edit": apply({"t": "edit", "id": "c1", "fighter": fighter}, with_one),
        "template": door("library.template", fighter=fighter)["ok"],
        "party": door("library.member", fighter=fighter)["ok"],
    }
    if len(name) <= 60:  # an encounter's name may be longer than a fighter's (80, not 60)
        verdicts["rename"] = apply({"t": "rename", "name": name}, _encounter())
    return verdicts


@at_least(0.3)
@given(names)
def test_a_new_name_is_taken_or_refused_alike_at_every_door(name):
    verdicts = _new_name_doors(name)
    assert len(set(verdicts.values())) == 1, (name, verdicts)
    checked() if verdicts["add"] else refused()


def _players_page_reads(fragment: str) -> dict[str, Any] | None:
    """The view a players' link carries, as the players' page reads it (play.html: the link's
    players-view checked against the shape the engine publishes), or None when it would refuse it."""
    view = codec.unwrap(codec.decode_link(fragment, field="fragment"), "players-view", field="fragment")
    return view if VIEW.is_valid(view) else None


def _log_doors(stored: dict[str, Any]) -> dict[str, bool]:
    """Whether each door that carries a stored log, or shows it, takes ``stored``."""
    # Ids the engine holds nothing under: each door replays this log, none reads an earlier one.
    verdicts = {"open": door("encounter.open", id=next(_ids), encounter=stored)["ok"],
                "table display": door("encounter.players", id=next(_ids), rev=len(stored["log"]),
                                      encounter=stored)["ok"]}
    link = door("encounter.link", encounter=stored)
    verdicts["share link"] = link["ok"] and door("encounter.unlink", fragment=link["result"]["fragment"])["ok"]
    players = door("encounter.players_link", encounter=stored)
    verdicts["players' link"] = players["ok"] and _players_page_reads(players["result"]["fragment"]) is not None
    exported = door("encounter.export", encounter=stored)
    verdicts["file"] = exported["ok"] and door("encounter.import", file=exported["result"]["file"])["ok"]
    # Export all keeps aside what it cannot read: the encounter comes back only if it reads.
    everything = door("encounter.export", encounters=[stored])["result"]["file"]
    verdicts["export all"] = len(door("encounter.import", file=everything)["result"]["encounters"]) == 1
    # A link made by hand (or by another build) opens as one made here.
    verdicts["link from outside"] = door(
        "encounter.unlink", fragment=codec.encode_link(codec.wrap("encounter", stored)))["ok"]
    return verdicts


@at_least(0.3)
@given(names)
def test_a_logged_name_passes_every_door_of_a_log_alike(name):
    """Any name a stored log holds — one this build would refuse as new included — opens, shares,
    exports and shows to the players alike (or is refused by all: no name at all)."""
    fighter = {**FIGHTER, "name": name}
    for stored in (_encounter({"t": "add", "fighter": fighter, "side": "foes"}),
                   _encounter({"t": "rename", "name": name})):
        verdicts = _log_doors(stored)
        assert len(set(verdicts.values())) == 1, (name, stored["log"][0]["t"], verdicts)
    if all(_new_name_doors(name).values()):
        assert verdicts["open"], name  # a name taken as new is always read back
    checked() if verdicts["open"] else refused()


def test_a_share_link_with_a_bidi_override_opens_and_its_players_link_opens_too():
    """The attack: a fighter named "\\u202eAdmin" comes in a share link (as a build that took such
    names logged it); its players' link is made and opens, and the table display shows him."""
    stored = _encounter({"t": "add", "fighter": {**FIGHTER, "name": "\u202eAdmin"}, "side": "foes"})
    opened = door("encounter.unlink", fragment=codec.encode_link(codec.wrap("encounter", stored)))
    assert opened["ok"], opened
    fragment = door("encounter.players_link", encounter=opened["result"]["encounter"])["result"]["fragment"]
    shown = _players_page_reads(fragment)
    assert shown is not None
    assert [c["name"] for c in shown["combatants"]] == ["\u202eAdmin"]
    table = door("encounter.players", id=next(_ids), rev=1, encounter=opened["result"]["encounter"])
    assert table["ok"] and table["result"]["view"] == shown
    # As a new name it is refused, at every door alike.
    assert not any(_new_name_doors("\u202eAdmin").values())
