"""The mutation run's setup (mutants.py): every module of the rules core it names exists, and the
configuration it writes mutates those and runs the tests asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

import mutants


def test_every_core_module_is_a_file_of_the_package():
    paths = mutants.module_paths(list(mutants.CORE))
    assert "pyfudge/combat/*" in paths
    for path in paths:
        if not path.endswith("/*"):
            assert (mutants.ROOT / path).is_file(), path


def test_the_tables_own_modules_are_named_like_the_cores():
    assert mutants.module_paths(["round_view", "rules/catalogue", "door/codec.py"]) == [
        "pyfudge/encounter/round_view.py", "pyfudge/rules/catalogue.py", "pyfudge/door/codec.py"]


def test_a_name_that_is_no_module_or_two_is_refused():
    with pytest.raises(SystemExit, match="no such module pyfudge/rules/codec.py"):
        mutants.module_paths(["rules/codec"])
    with pytest.raises(SystemExit, match="analysis/outcomes and combat/outcomes"):
        mutants.module_paths(["outcomes"])


def test_the_configuration_mutates_the_modules_and_runs_the_tests_asked_for(tmp_path: Path):
    mutants.prepare(tmp_path, mutants.module_paths(["dice", "combat/melee"]), ["tests/test_dice.py"])
    config = (tmp_path / "setup.cfg").read_text(encoding="utf-8")
    selection = config.split("pytest_add_cli_args_test_selection=")[1].split("pytest_add_cli_args=")[0]
    assert selection.split() == ["tests/test_dice.py"]
    mutated = config.split("only_mutate=")[1].split("pytest_add_cli_args_test_selection=")[0]
    assert mutated.split() == ["pyfudge/core/dice.py", "pyfudge/combat/melee.py"]
    assert (tmp_path / "pyfudge" / "core" / "dice.py").is_file() and (tmp_path / "tests" / "test_dice.py").is_file()


def changes(source: str) -> list[tuple[str, str, str]]:
    return [(m.operator, m.was, m.now) for m in mutants.own_mutants(source)]


def test_drop_side_leaves_out_each_side_of_an_and_or_an_or_in_turn():
    assert changes("ok = target is not None and dfd is not None or lone\n") == [
        ("drop-side", "target is not None and dfd is not None or lone", "(lone)"),
        ("drop-side", "target is not None and dfd is not None or lone", "(target is not None and dfd is not None)"),
        ("drop-side", "target is not None and dfd is not None", "(dfd is not None)"),
        ("drop-side", "target is not None and dfd is not None", "(target is not None)"),
    ]


def test_swap_args_swaps_each_pair_of_neighbouring_positional_arguments():
    assert changes("label(shooter, target, *more, mode=1)\nsame(x, x)\nisinstance(x, int)\n") == [
        ("swap-args", "shooter, target", "target, shooter")]


def test_drop_not_keeps_what_the_not_negated():
    assert changes("if not acted(name):\n    pass\n") == [("drop-not", "not acted(name)", "(acted(name))")]


def test_each_mutant_is_the_whole_module_with_one_change_past_text_of_other_alphabets():
    source = 'x = "Incapacitated — Near Death"; y = "é" if a or b else f(1, 2)\n'
    sources = [m.source for m in mutants.own_mutants(source)]
    assert sources == ['x = "Incapacitated — Near Death"; y = "é" if (b) else f(1, 2)\n',
                       'x = "Incapacitated — Near Death"; y = "é" if (a) else f(1, 2)\n',
                       'x = "Incapacitated — Near Death"; y = "é" if a or b else f(2, 1)\n']


def test_an_own_run_kills_what_the_tests_notice_and_keeps_the_module_as_it_was(tmp_path: Path):
    module = "def guard(a, b):\n    return a is not None and b is not None\n\n\ndef pair(x, y):\n    return pow(x, y)\n"
    (tmp_path / "sample.py").write_text(module, encoding="utf-8")
    # The test pins the guard's both sides but never looks at pair's order.
    (tmp_path / "test_sample.py").write_text(
        "from sample import guard, pair\n\n\ndef test_guard():\n    assert not guard(1, None) and not guard(None, 1)\n"
        "    assert pair(1, 2)\n", encoding="utf-8")
    ended = mutants.run_own(tmp_path, "sample.py", ["test_sample.py"], ["-p", "no:cacheprovider"], timeout=60)
    assert [m.now for m in ended["killed"]] == ["(b is not None)", "(a is not None)"]
    assert [(m.operator, m.line) for m in ended["survived"]] == [("swap-args", 6)]
    assert (tmp_path / "sample.py").read_text(encoding="utf-8") == module


def test_mutmut_is_asked_for_a_folders_own_module_by_the_folders_name():
    # mutmut names the mutants of pyfudge/rulesets/__init__.py "pyfudge.rulesets.x_…": a glob with
    # "__init__" in it matched none, and the run left all of them "not checked".
    assert mutants.mutant_globs(["pyfudge/rulesets/__init__.py", "pyfudge/core/ladder.py", "pyfudge/combat/*"]) == [
        ["pyfudge.rulesets.x_*", "pyfudge.rulesets.xǁ*"], ["pyfudge.core.ladder.*"], ["pyfudge.combat.*"]]


def test_own_mutants_are_chosen_by_function_like_mutmuts_only():
    # A row made fresh again after a change reruns only the changed functions: our operators
    # take the same --only globs as mutmut's, functions and methods alike.
    source = ("def keep(a, b):\n    return a and b\n\n\nclass Read:\n    def declares(self, x, y):\n"
              "        return not f(x, y)\n\n\ndef other(a, b):\n    return a or b\n")
    every = mutants.own_mutants(source)
    chosen = mutants.own_within(every, source, "pyfudge.m", ["pyfudge.m.xǁReadǁdeclares*", "pyfudge.m.x_keep*"])
    assert [(m.operator, m.line) for m in chosen] == [
        ("drop-side", 2), ("drop-side", 2), ("drop-not", 7), ("swap-args", 7)]
    assert mutants.own_within(every, source, "pyfudge.m", []) == every
    assert [m.line for m in mutants.own_within(every, source, "pyfudge.m", ["pyfudge.m.x_other*"])] == [11, 11]
