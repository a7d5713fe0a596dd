"""A ruleset read from what a request or a saved encounter holds, a preset found by the names a GM
types, and the presets the options form lists (R-PRESET; pyfudge.rulesets)."""

import pytest

from pyfudge import rulesets
from pyfudge.core.errors import OptionError


def refusal(call, *args, **kw):
    with pytest.raises(OptionError) as info:
        call(*args, **kw)
    return info.value.message, info.value.field


def test_a_saved_ruleset_without_a_preset_is_fudge_1995_with_its_options():
    rules = rulesets.ruleset_from_dict({"options": {"co.armor": True}})
    assert rules.to_dict() == {"preset": "fudge1995", "options": {"co.armor": True}}
    assert rulesets.new_ruleset().preset == "fudge1995"


def test_a_saved_ruleset_that_is_no_object_is_refused_by_its_field():
    assert refusal(rulesets.ruleset_from_dict, ["mudge"]) == ("A ruleset must be an object with a preset.", "ruleset")
    assert refusal(rulesets.ruleset_from_dict, "mudge", field="encounter.ruleset") == (
        "A ruleset must be an object with a preset.", "encounter.ruleset")


def test_a_saved_ruleset_with_unknown_fields_names_the_first_in_order():
    assert refusal(rulesets.ruleset_from_dict, {"preset": "mudge", "zoom": 1, "extras": 2}) == (
        "Unknown ruleset field 'extras'.", "ruleset")


def test_a_saved_rulesets_options_that_are_no_object_are_refused_by_their_field():
    assert refusal(rulesets.ruleset_from_dict, {"preset": "mudge", "options": [1]}) == (
        "options must be an object.", "ruleset.options")


def test_a_bad_option_or_preset_in_a_saved_ruleset_is_named_under_the_rulesets_field():
    assert refusal(rulesets.ruleset_from_dict, {"options": {"co.armor": 1}}, field="args.ruleset")[1] == (
        "args.ruleset.options.co.armor")
    assert refusal(rulesets.ruleset_from_dict, {"preset": "gurps"})[1] == "ruleset.preset"


@pytest.mark.parametrize("name, key", [("F95", "fudge1995"), (" Fudge 1995 ", "fudge1995"), ("MUD", "mudge"),
                                       ("Mudge", "mudge"), ("f93", "fudge1993"), ("FUDGE1993", "fudge1993")])
def test_a_preset_is_found_by_the_names_a_gm_types(name, key):
    assert rulesets.find_preset(name) == key


@pytest.mark.parametrize("name", ["gurps", 1995, None])
def test_an_unknown_preset_is_refused_listing_the_presets_by_their_names(name):
    assert refusal(rulesets.find_preset, name) == (
        f"Unknown preset {name!r}; choose one of Fudge 1995, Mudge, Fudge 1993 draft.", "preset")


def test_a_ruleset_is_found_by_name_with_options_given_as_keywords():
    assert rulesets.find_ruleset().to_dict() == {"preset": "fudge1995", "options": {}}
    rules = rulesets.find_ruleset("Mudge", melee__pacing="alternating", co__armor=True)
    assert rules.to_dict() == {"preset": "mudge", "options": {"melee.pacing": "alternating", "co.armor": True}}


def test_the_options_form_lists_each_preset_by_its_key_and_label():
    assert rulesets.describe()["presets"] == [
        {"key": "fudge1995", "label": "Fudge 1995"}, {"key": "mudge", "label": "Mudge"},
        {"key": "fudge1993", "label": "Fudge 1993 draft"}]
    assert rulesets.describe()["options"] == [option.describe() for option in rulesets.OPTIONS.values()]


def test_the_registry_gathers_each_rule_modules_options_once_under_their_keys():
    found = rulesets._gather()
    assert found == dict(rulesets.OPTIONS)
    assert list(found) == [o.key for module in rulesets._RULE_MODULES for o in module.OPTIONS]
