"""What each input check promises at its edges (pyfudge.core.checks), and how an error and an
explanation step travel through the JSON door (pyfudge.core.errors, pyfudge.core.explain).

House rule: bad input gets a clear error naming the field at fault (docs/reliability.md).
"""

import pytest

from pyfudge.core import checks
from pyfudge.core.errors import FudgeError, OptionError, RequestError, RuleError, SheetError
from pyfudge.core.explain import Step


def refusal(call, *args, **kw):
    with pytest.raises(FudgeError) as info:
        call(*args, **kw)
    return type(info.value), info.value.message, info.value.field


# --- the checks ------------------------------------------------------------------------------------

def test_a_check_bound_to_any_error_class_raises_that_class():
    assert refusal(checks.Checks(RuleError).whole, "3", "n") == (
        RuleError, "n must be a whole number, not '3'.", "n")


def test_a_text_is_kept_up_to_its_length_and_refused_past_it():
    assert checks.SHEET.text("Knife", "note", 5) == "Knife"
    assert refusal(checks.SHEET.text, "Knives", "note", 5) == (
        SheetError, "note must be a text of 1 to 5 characters.", "note")


def test_a_text_that_is_no_text_is_refused_by_its_field_not_a_crash():
    for bad in (5, None, ["a"]):
        assert refusal(checks.SHEET.text, bad, "weapon.note", 120, empty=True) == (
            SheetError, "weapon.note must be a text of 0 to 120 characters.", "weapon.note")


def test_a_blank_text_is_kept_only_where_it_may_be_empty():
    assert checks.REQUEST.text("  ", "note", 10, empty=True) == "  "
    assert refusal(checks.REQUEST.text, "  ", "label", 10) == (
        RequestError, "label must be a text of 1 to 10 characters.", "label")


def test_a_name_of_only_invisible_characters_is_refused_with_the_whole_message():
    assert refusal(checks.SHEET.name, "\u200b", "fighter.name") == (
        SheetError, "fighter.name must have a visible character, not only spaces or invisible characters.",
        "fighter.name")


def test_a_list_may_be_empty_and_hold_up_to_a_thousand_entries_by_default():
    assert checks.OPTION.items([], "rows") == []
    assert checks.OPTION.items([0] * 1000, "rows") == [0] * 1000
    assert refusal(checks.OPTION.items, [0] * 1001, "rows") == (
        OptionError, "rows must have 0 to 1000 entries, not 1001.", "rows")


def test_a_list_at_its_least_length_is_kept_and_one_shorter_refused_by_its_field():
    assert checks.OPTION.items([1, 2], "rows", 2, 5) == [1, 2]
    assert refusal(checks.OPTION.items, [1], "rows", 2, 5) == (
        OptionError, "rows must have 2 to 5 entries, not 1.", "rows")


def test_a_list_that_is_no_list_is_refused_by_its_field():
    assert refusal(checks.OPTION.items, {"a": 1}, "table.rows") == (
        OptionError, "table.rows must be a list, not dict.", "table.rows")


def test_an_object_that_is_no_object_says_what_it_was():
    assert refusal(checks.REQUEST.obj, [1], "args", ("a",)) == (
        RequestError, "args must be an object, not list.", "args")


def test_unknown_keys_of_mixed_kinds_are_refused_not_a_crash():
    # A caller of the Python API may pass keys that are not text: the first in text order is named.
    assert refusal(checks.REQUEST.obj, {2: 0, "b": 0, "a": 0}, "args", ("a",), at_key=True) == (
        RequestError, "args: unknown field 2.", "args.2")


def test_an_unknown_key_in_an_exact_object_is_refused_at_the_object():
    assert refusal(checks.OPTION.exact, {"a": 1, "z": 2}, "limits", {"a": checks.OPTION.whole}) == (
        OptionError, "limits: unknown field 'z'.", "limits")


# --- errors and steps through the door -------------------------------------------------------------

def test_an_error_without_a_field_put_under_a_prefix_is_named_by_the_prefix():
    assert RuleError("No.").at("exchange").field == "exchange"
    assert RuleError("No.", field="faces").at("args").field == "args.faces"


def test_an_error_carries_what_it_asks_for_to_the_door_and_nothing_when_it_asks_nothing():
    err = RequestError("Enter the dice.", field="event.a_dice")
    assert err.to_dict() == {"type": "RequestError", "message": "Enter the dice.", "field": "event.a_dice"}
    err.asks = {"input": "dice", "who": "a"}
    assert err.to_dict()["asks"] == {"input": "dice", "who": "a"}


def test_a_step_travels_as_its_section_text_and_a_copy_of_its_data():
    step = Step("F95 4.55", "Offensive damage factors: +2.", {"odf": 2})
    out = step.to_dict()
    assert out == {"section": "F95 4.55", "text": "Offensive damage factors: +2.", "data": {"odf": 2}}
    out["data"]["odf"] = 9
    assert step.data == {"odf": 2}
