"""Finding gear by the words players use (``catalogue.find_gear``, the door's ``gear``): names,
the books' example lists (MUD 4.54's rows), the app's own plain words (said so), the catalogue
in force first, the other books' tables only when it has nothing."""

from __future__ import annotations

import json

import pytest

from pyfudge import api
from pyfudge.core.errors import FudgeError
from pyfudge.rules import catalogue
from pyfudge.rules.catalogue import find_gear
from pyfudge.rulesets import find_ruleset

MUDGE, F95 = find_ruleset("mudge"), find_ruleset("fudge1995")


def first(rules, kind, query):
    return find_gear(rules, kind, query)[0]


@pytest.mark.parametrize("query, name, matched", [
    ("bow", "Medium weapon", "longbow"),        # MUD 4.54: "sword, axe, longbow, crossbow"
    ("Crossbow", "Medium weapon", "crossbow"),  # case does not matter
    ("  sword ", "Medium weapon", "sword"),
    ("knife", "Small weapon", "knife"),
    ("trident", "Large weapon", "trident"),
    ("karate", "Unarmed, with Martial Arts", "karate"),
    ("pistol", "Pistol", None),                 # its own name first
])
def test_mudge_weapons_are_found_by_the_books_examples(query, name, matched):
    hit = first(MUDGE, "weapon", query)
    assert (hit["name"], hit["matched"]) == (name, matched)
    row = MUDGE["damage.weapons"][[w["name"] for w in MUDGE["damage.weapons"]].index(name)]
    # Found by its name it is the catalogue's entry; by a book's word, the players' own, sized by it.
    assert hit["index"] == (MUDGE["damage.weapons"].index(row) if matched is None else None)
    assert hit["value"]["size"] == row["size"]
    assert hit["value"]["name"] == (name if matched is None else query.strip().capitalize())
    assert hit["from"] is None and hit["by"] in ("book", "name")


def test_a_hit_carries_the_rules_note_its_value_and_the_books_list():
    hit = first(MUDGE, "weapon", "bow")
    assert hit["note"] == "MUD 4.54: sword, axe, longbow, crossbow"
    assert hit["points"] == 2 and hit["value"]["size"] == 2
    assert hit["words"] == ["sword", "axe", "longbow", "crossbow", "most pistols"]


def test_a_word_of_the_apps_own_is_said_to_be_so():
    """The books give no spear a value: the app reads it as a pole weapon (MUD 4.54's Large weapon:
    polearm, trident), and says the reading is its own."""
    hit = first(MUDGE, "weapon", "spear")
    assert (hit["name"], hit["by"]) == ("Large weapon", "also")


def test_chain_mail_under_each_ruleset():
    assert first(F95, "armor", "chain mail")["name"] == "Light metal armor"      # F95 4.52: +2
    assert first(MUDGE, "armor", "chain mail")["name"] == "Effective"
    co = find_ruleset("fudge1995", co__armor=True)
    hits = find_gear(co, "armor", "chain mail")
    assert [(h["name"], h["from"]) for h in hits] == [("Light metal armor", None),
                                                      ("Steel chain with padding", "CO 1.3")]
    assert hits[1]["index"] is None and hits[1]["points"] == 2


def test_the_other_books_tables_answer_only_when_the_catalogue_in_force_has_nothing():
    # F95's examples fix no bow: Mudge's table answers, named as such, picked as custom gear.
    hit = first(F95, "weapon", "bow")
    assert (hit["name"], hit["index"], hit["from"]) == ("Medium weapon", None, "Mudge's table (MUD 4.54)")
    # A sword is in F95's examples: Mudge's table is not offered beside them.
    assert all(h["from"] is None for h in find_gear(F95, "weapon", "sword"))
    assert [h["name"] for h in find_gear(F95, "weapon", "sword")] == ["Broadsword", "Two-handed sword", "Greatsword"]


def test_a_gms_own_entry_is_found_by_its_name_and_note():
    rules = MUDGE.with_options({"damage.weapons": MUDGE["damage.weapons"] + [
        {"name": "Dane axe", "size": 3, "note": "house: a long-hafted axe"}]})
    assert first(rules, "weapon", "dane")["name"] == "Dane axe"
    assert first(rules, "weapon", "long-hafted")["name"] == "Dane axe"


def test_a_gms_magic_gear_is_found_with_its_whole_factor():
    """F95 4.54: magic armor adds its bonus to the armor's own; a magic sword its +1 (F95 4.7)."""
    rules = F95.with_options({
        "damage.armors": F95["damage.armors"] + [{"name": "Elven mail", "value": 2, "magic": 1}],
        "damage.weapons": F95["damage.weapons"] + [{"name": "Sting", "size": 1, "sharp": 1, "magic": 1}]})
    assert first(rules, "armor", "elven")["points"] == 3
    assert first(rules, "weapon", "sting")["points"] == 3


def test_every_word_of_a_longer_query_must_be_found():
    assert find_gear(MUDGE, "weapon", "brass knuckles")[0]["name"] == "Small weapon"
    assert find_gear(MUDGE, "weapon", "laser sword") == []


def test_nothing_for_an_empty_query_or_no_match():
    assert find_gear(MUDGE, "weapon", "   ") == []
    assert find_gear(F95, "weapon", "zzz") == []


def test_every_word_list_names_a_catalogue_entry():
    names = {e["name"].lower() for table in (catalogue.F95_WEAPONS, catalogue.MUD_WEAPONS, catalogue.F95_ARMORS,
                                             catalogue.MUD_ARMORS, catalogue.CO_ARMOR_VALUES) for e in table}
    assert set(catalogue.GEAR_WORDS) <= names


def test_the_door_answers_a_search_and_refuses_a_bad_one():
    def door(**args):
        return json.loads(api.handle(json.dumps({"action": "gear", "args": args})))
    out = door(ruleset={"preset": "mudge"}, kind="weapon", query="bow")
    assert out["ok"] and out["result"]["results"][0]["name"] == "Medium weapon"
    assert door(kind="shield", query="x")["error"]["field"] == "args.kind"
    assert door(kind="weapon", query=3)["error"]["field"] == "args.query"
    with pytest.raises(FudgeError):
        find_gear(MUDGE, "weapon", "x" * 61)
