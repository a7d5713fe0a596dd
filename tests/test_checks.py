"""The one set of input checks (pyfudge.core.checks), the error classes they raise, and names."""

import json

import pytest

from pyfudge import api
from pyfudge.combat import reading
from pyfudge.combat.declaration import Declaration
from pyfudge.combat.fighter import Fighter
from pyfudge.core import checks, options
from pyfudge.core.errors import FudgeError, OptionError, RequestError, RuleError, SheetError
from pyfudge.encounter.log import Encounter
from pyfudge.rules.catalogue import Weapon
from pyfudge.rulesets import new_ruleset

F95 = new_ruleset("fudge1995")
SNORRI = {"name": "Snorri", "skills": {"Sword": 2}}


def handle(action, args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": "t", "action": action, "args": args})))


def exchange(a=SNORRI, b=None, **extra):
    b = b or {"name": "Brynhild", "skills": {"Axe": 1}}
    return handle("exchange", {"ruleset": {"preset": "fudge1995", "options": extra.pop("options", {})},
                               "exchange": {"a": a, "b": b, **extra}})


# --- the checks themselves -----------------------------------------------------------------------

@pytest.mark.parametrize("bound, error", [(checks.SHEET, SheetError), (checks.REQUEST, RequestError),
                                          (checks.OPTION, OptionError)])
def test_each_binding_raises_its_own_class_with_the_field(bound, error):
    with pytest.raises(error) as info:
        bound.whole("3", "x.y", 0, 5)
    assert type(info.value) is error and info.value.field == "x.y"


def test_whole_numbers_refuse_bools_floats_and_out_of_range():
    check = checks.REQUEST
    assert check.whole(3, "n", 0, 5) == 3 and check.whole(-7, "n") == -7
    for bad in (True, 2.0, "2", None, 6, -1):
        with pytest.raises(RequestError, match="n must be a whole number from 0 to 5"):
            check.whole(bad, "n", 0, 5)
    with pytest.raises(RequestError, match="n must be a whole number, not 'x'"):
        check.whole("x", "n")
    with pytest.raises(RequestError, match="n must be a whole number of at least 1, not 0"):
        check.whole(0, "n", low=1)
    with pytest.raises(RequestError, match="n must be a whole number of at most 1, not 2"):
        check.whole(2, "n", high=1)


def test_flags_choices_lists_objects():
    check = checks.OPTION
    assert check.flag(False, "f") is False
    with pytest.raises(OptionError, match="f must be true or false, not 0"):
        check.flag(0, "f")
    assert check.choice("b", "c", ("a", "b")) == "b"
    with pytest.raises(OptionError, match="c must be one of a, b, not 'z'"):
        check.choice("z", "c", ("a", "b"))
    assert check.items([1, 2], "l", 1, 2) == [1, 2]
    with pytest.raises(OptionError, match="l must have 1 to 2 entries, not 3"):
        check.items([1, 2, 3], "l", 1, 2)
    with pytest.raises(OptionError, match="l must be a list, not tuple"):
        check.items((1,), "l")
    with pytest.raises(OptionError, match="o: unknown field 'z'"):
        check.obj({"a": 1, "z": 2}, "o", ("a",))
    with pytest.raises(OptionError, match="o: missing field 'b'") as info:
        check.exact({"a": 1}, "o", {"a": check.whole, "b": check.whole})
    assert info.value.field == "o"
    with pytest.raises(OptionError) as info:
        check.exact({"a": "x"}, "o", {"a": check.whole})
    assert info.value.field == "o.a"


def test_options_need_functions_are_the_option_checks():
    assert options.need_int(4, "t", low=1, high=12) == 4
    with pytest.raises(OptionError, match="from 1 to 12") as info:
        options.need_int(13, "t[0]", low=1, high=12)
    assert info.value.field == "t[0]"
    with pytest.raises(OptionError, match="1 to 30 characters"):
        options.need_text("x" * 31, "t.name", max_len=30)


def test_text_may_be_empty_only_when_allowed():
    assert checks.SHEET.text("", "note", 120, empty=True) == ""
    with pytest.raises(SheetError, match="note must be a text of 1 to 10 characters"):
        checks.SHEET.text("  ", "note", 10)


# --- names ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [
    "Snorri", "Snorri Sturluson", "Sn\u200borri\u200d", "\u200fSnorri\u200e", "Z\u0351a\u0358lgo",
    "Brynhild \U0001F5E1", "\u0647\u0644\u0627\u0644", "<script>alert(1)</script>", " padded ",
])
def test_names_with_something_visible_come_back_unchanged(name):
    assert checks.SHEET.name(name, "fighter.name") is name


# Line/paragraph separators and bidi embeddings, overrides and isolates act like controls: they
# break the line or turn the text around the name ("\u202egnp.exe\u202c" shows as "exe.png").
@pytest.mark.parametrize("name", ["Snorri\n", "a\tb", "\x00", "Snor\x7fri", "\x1b[31mred", "Snorri\x85", "x\x9f",
                                  "Snorri\u2028Red", "a\u2029b", "\u202egnp.exe\u202c Snorri", "x\u202a", "x\u202b",
                                  "x\u202d", "\u2066Snorri\u2069", "x\u2067", "x\u2068"])
def test_names_with_control_characters_are_refused(name):
    with pytest.raises(SheetError, match="control character") as info:
        checks.SHEET.name(name, "fighter.name")
    assert info.value.field == "fighter.name"


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200c\u200d\ufeff", "\u200e\u200f", " \u2060 ", "\u00ad",
                                  "\u3164", "\u2800\u2800"])
def test_names_of_only_invisible_characters_are_refused(name):
    with pytest.raises(RequestError, match="visible character"):
        checks.REQUEST.name(name, "name")


@pytest.mark.parametrize("name", ["", "   ", "\u3000\u00a0", 7, None, "x" * 61])
def test_blank_long_or_non_text_names_keep_the_length_message(name):
    with pytest.raises(SheetError, match="fighter.name must be a name of 1 to 60 characters"):
        checks.SHEET.name(name, "fighter.name")


# --- fighter sheets: SheetError, a RequestError -----------------------------------------------------

def test_a_bad_sheet_is_a_sheet_error_and_a_request_error():
    assert issubclass(SheetError, RequestError) and not issubclass(SheetError, RuleError)
    for bad, field in [({"skills": {"Sword": 1}}, "fighter.name"),
                       ({**SNORRI, "strength_scale": 99}, "fighter.strength_scale"),
                       ({**SNORRI, "speed_power": "yes"}, "fighter.speed_power"),
                       ({**SNORRI, "shield": "huge"}, "fighter.shield"),
                       ({**SNORRI, "weapon": {"name": "Axe", "size": 99}}, "fighter.weapon.size"),
                       ({**SNORRI, "armor": {"name": "Mail", "mood": 1}}, "fighter.armor"),
                       ({**SNORRI, "name": "Snor\nri"}, "fighter.name"),
                       ({**SNORRI, "onclick": "alert(1)"}, "fighter.onclick"),
                       ([SNORRI], "fighter"),
                       ({"name": "Snorri", "skills": {"\u200b": 1}}, "fighter.skills"),
                       ({"name": "Snorri", "skills": [["Axe", 1], ["Axe", 2]]}, "fighter.skills[1]"),
                       ({"name": "Snorri", "skills": [["Axe", 1], ["Bow\n", 2]]}, "fighter.skills[1]"),
                       ({"name": "Snorri", "skills": [[["Axe"], 1]]}, "fighter.skills[0]")]:
        with pytest.raises(SheetError) as info:
            Fighter.from_dict(bad)
        assert info.value.field == field, bad


def test_the_door_answers_a_bad_sheet_with_its_type_and_field():
    error = exchange(a={**SNORRI, "name": "Snorri\u0007"})["error"]
    assert error["type"] == "SheetError" and error["field"] == "args.exchange.a.name"
    assert "control character" in error["message"] and "U+0007" in error["message"]
    error = exchange(a={**SNORRI, "tough_hide": -1})["error"]
    assert error == {"type": "SheetError", "field": "args.exchange.a.tough_hide",
                     "message": "exchange.a.tough_hide must be a whole number from 0 to 20, not -1."}


def test_a_weapon_in_a_catalogue_option_is_an_option_error():
    with pytest.raises(SheetError):
        Weapon.from_dict({"name": "Club", "sharp": 9})
    error = exchange(options={"damage.weapons": [{"name": "Club", "sharp": 9}]})["error"]
    assert error["type"] == "OptionError" and error["field"] == "args.ruleset.options.damage.weapons[0].sharp"
    error = exchange(options={"damage.weapons": [{"name": "Club\n"}]})["error"]
    assert error["type"] == "OptionError" and "control character" in error["message"]


# --- declarations and the attacker limits ------------------------------------------------------------

def test_a_bad_declaration_is_a_request_error():
    for bad, field in [({"stun": 1}, "declares.stun"), ({"position": 1}, "declares.position"),
                       ({"aim": ""}, "declares.aim"), ({"skill": "Sw\tord"}, "declares.skill"),
                       ({"evil": 1}, "declares.evil"), ({"all_out": "berserk"}, "declares.all_out"),
                       ({"aim_relative": 2}, "declares.aim")]:
        with pytest.raises(RequestError) as info:
            Declaration.from_dict(bad)
        assert type(info.value) is RequestError and info.value.field == field, bad
    with pytest.raises(RuleError, match="all-out defence"):
        Declaration.from_dict({"scouting": True})


def test_an_unknown_skill_in_a_declaration_is_a_request_error():
    error = exchange(a_declares={"skill": "Bow"})["error"]
    assert error["type"] == "RequestError" and error["field"].endswith(".skill")


def test_the_attacker_limits_refusal_is_an_option_error_under_the_ruleset():
    with pytest.raises(OptionError) as info:
        F95.with_options({"multi.attacker_limits": {"open": 2, "cramped": 4, "doorway": 1}})
    assert "doorway cannot admit more foes" in info.value.message
    error = exchange(options={"multi.attacker_limits": {"open": 2, "cramped": 4, "doorway": 1}})["error"]
    assert error["type"] == "OptionError" and error["field"] == "args.ruleset.options.multi.attacker_limits"


def test_foe_names_in_a_group_round_refuse_control_characters():
    with pytest.raises(RequestError, match="control character") as info:
        reading.need_name("Wolf\r", "foes[0].name")
    assert info.value.field == "foes[0].name"


# --- encounter names ------------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [("Duel\n", "control character"), ("\u200b\ufeff", "visible character"),
                                         ("   ", "1 to 80 characters")])
def test_an_encounter_name_needs_visible_text_without_controls(name, words):
    with pytest.raises(RequestError, match=words) as info:
        Encounter(name=name, ruleset=F95)
    assert info.value.field == "name"
    reply = handle("encounter.new", {"name": name})
    assert reply["error"]["type"] == "RequestError" and reply["error"]["field"] == "args.name"


def test_a_rename_to_a_name_with_a_control_character_is_refused():
    handle("encounter.new", {"id": "checks-rename", "name": "Duel"})
    reply = handle("encounter.apply", {"id": "checks-rename", "rev": 0,
                                       "event": {"t": "rename", "name": "Ambush\x1b"}})
    assert not reply["ok"] and "control character" in reply["error"]["message"], reply
    assert reply["error"]["field"].endswith("name")


def test_every_error_class_is_a_fudge_error():
    assert all(issubclass(c, FudgeError) for c in (SheetError, RequestError, OptionError, RuleError))
