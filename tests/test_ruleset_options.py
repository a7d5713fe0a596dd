"""A ruleset's options refuse a value of the wrong kind or off their range, by the option's field and
label (R-PRESET; pyfudge.core.options, pyfudge.core.ruleset, pyfudge.rulesets)."""

import re

import pytest

from pyfudge.core.errors import OptionError
from pyfudge.core.options import Option, same
from pyfudge.core.ruleset import OptionTable, RuleSet
from pyfudge.rulesets import OPTIONS, TABLE, new_ruleset


def refusal(changed, preset="fudge1995"):
    with pytest.raises(OptionError) as info:
        new_ruleset(preset, changed)
    return info.value.message, info.value.field


def test_an_on_off_option_refuses_anything_but_true_or_false():
    assert new_ruleset("fudge1995", {"co.armor": True})["co.armor"] is True
    assert refusal({"co.armor": 1}) == (
        "CO 1: Armor Value and Coverage Value: expected on or off, not 1.", "options.co.armor")


def test_a_choice_option_names_every_allowed_value_when_refused():
    assert new_ruleset("fudge1995", {"damage.system": "minmidmax"})["damage.system"] == "minmidmax"
    message, field = refusal({"damage.system": "halved"})
    assert message == "Damage system: 'halved' is not one of standard, doubled, minmidmax."
    assert field == "options.damage.system"


@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_a_number_option_refuses_what_is_no_whole_number(value):
    assert refusal({"multi.sweep_penalty": value}) == (
        f"Damage lost per foe cut through: expected a whole number, not {value!r}.", "options.multi.sweep_penalty")


def test_a_number_option_keeps_its_range_ends_and_refuses_one_past_either():
    # F95 4.34: a sweeping blow loses 1 or 2 per foe cut through.
    for kept in (1, 2):
        assert new_ruleset("fudge1995", {"multi.sweep_penalty": kept})["multi.sweep_penalty"] == kept
    for off in (0, 3):
        assert refusal({"multi.sweep_penalty": off}) == (
            f"Damage lost per foe cut through: {off} is outside 1..2.", "options.multi.sweep_penalty")


def test_a_number_option_bounded_on_one_side_only_is_open_on_the_other():
    capped = Option("wounds.capacity_scratches", "Scratches", "F95 4.57", "int", same(3), high=10)
    floored = Option("wounds.capacity_scratches", "Scratches", "F95 4.57", "int", same(3), low=0)
    assert capped.validate(-50) == -50 and floored.validate(500) == 500
    with pytest.raises(OptionError, match="Scratches: 11 is outside") as info:
        capped.validate(11)
    assert info.value.field == "wounds.capacity_scratches"
    with pytest.raises(OptionError, match="Scratches: -1 is outside") as info:
        floored.validate(-1, "options.wounds.capacity_scratches")
    assert info.value.field == "options.wounds.capacity_scratches"


def test_options_changed_by_keyword_alone_are_kept_with_those_changed_before():
    rules = new_ruleset("mudge", {"damage.system": "doubled"}).with_options(**{"co.armor": True})
    assert rules.to_dict() == {"preset": "mudge", "options": {"damage.system": "doubled", "co.armor": True}}


def test_an_option_with_a_default_off_its_range_is_refused_naming_the_preset():
    with pytest.raises(OptionError) as info:
        Option("multi.sweep_penalty", "Damage lost", "F95 4.34", "int", {**same(1), "mudge": 3}, low=1, high=2)
    assert info.value.field == "multi.sweep_penalty (mudge default)"


def test_a_default_table_handed_out_is_a_copy_of_each_presets_own():
    option = OPTIONS["damage.graze_table"]
    rows = option.default("fudge1995")
    rows[0][0] = 99
    assert option.default("fudge1995")[0][0] != 99
    shared = same([[1, 2]])
    shared["mudge"][0].append(3)
    assert shared["fudge1995"] == [[1, 2]]


def test_the_options_form_reads_an_options_kind_choices_and_range_from_its_description():
    system = OPTIONS["damage.system"].describe()
    assert (system["key"], system["label"], system["section"], system["kind"], system["group"]) == (
        "damage.system", "Damage system", "F95 4.55, 4.63", "choice", OPTIONS["damage.system"].group)
    assert system["help"] == OPTIONS["damage.system"].help
    assert system["defaults"] == {"fudge1995": "standard", "mudge": "standard", "fudge1993": "standard"}
    assert system["choices"][2] == {"value": "minmidmax", "label": "Min-Mid-Max 3d6"}
    assert "low" not in system and "high" not in system
    sweep = OPTIONS["multi.sweep_penalty"].describe()
    assert (sweep["kind"], sweep["low"], sweep["high"]) == ("int", 1, 2) and "choices" not in sweep


def test_an_unknown_preset_is_refused_naming_the_three_presets():
    with pytest.raises(OptionError) as info:
        RuleSet(TABLE, "gurps")
    assert (info.value.message, info.value.field) == (
        "Unknown preset 'gurps'; choose one of fudge1995, mudge, fudge1993.", "preset")


def test_an_option_table_holds_each_presets_defaults():
    # A foe the lone fighter ignores: Mediocre under F93 4.64, Poor under F95/MUD (F95 4.22).
    table = OptionTable({"multi.ignored_difficulty": OPTIONS["multi.ignored_difficulty"]})
    assert table.defaults == {"fudge1995": {"multi.ignored_difficulty": -2}, "mudge": {"multi.ignored_difficulty": -2},
                              "fudge1993": {"multi.ignored_difficulty": -1}}
    assert RuleSet(table, "fudge1993").values() == {"multi.ignored_difficulty": -1}


def test_a_ruleset_keeps_only_the_options_that_differ_from_its_preset():
    # Saved encounters and share links stay short: an option set to its preset's value is not kept.
    rules = new_ruleset("fudge1993", {"multi.ignored_difficulty": -1, "co.armor": True})
    assert rules.to_dict() == {"preset": "fudge1993", "options": {"co.armor": True}}
    assert dict(rules.changed) == {"co.armor": True}


def test_an_unknown_option_is_refused_by_its_name():
    assert refusal({"melee.pacng": "alternating"}) == ("Unknown option 'melee.pacng'.", "options.melee.pacng")


# A book's section: "F95 4.55", "MUD 4.56", "CO 1.3", "F93 4.21–4.22"; several joined by ", " or
# "; ", a later one of the same book by its number alone ("F95 4.55, 4.63").
_CITE = r"(F95|F93|MUD|CO) \d+(\.\d+)?(–\d+\.\d+)?"
CITATION = re.compile(rf"{_CITE}((, |; )({_CITE}|\d+\.\d+))*")


@pytest.mark.parametrize("key", sorted(OPTIONS))
def test_every_option_cites_its_section_and_is_named_in_words(key):
    """The rules form shows each option's name with the section it comes from (describe): the
    section is a citation of the books, the name is words, not the other way round."""
    option = OPTIONS[key]
    assert CITATION.fullmatch(option.section), option.section
    assert not CITATION.fullmatch(option.label) and re.search(r"[a-z]{3}", option.label), option.label
