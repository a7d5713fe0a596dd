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
