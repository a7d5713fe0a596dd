"""Option keys as a type: ``OptionName`` lists exactly the registry's options, and mypy refuses
``rules["…"]`` with a key that is not one of them (a typo is caught before play, not as a KeyError)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import get_args

from pyfudge.core.options import OptionName
from pyfudge.rulesets import OPTIONS

ROOT = Path(__file__).resolve().parent.parent


def test_the_type_names_every_option_of_the_registry_once():
    names = get_args(OptionName)
    assert len(names) == len(set(names))
    assert set(names) == set(OPTIONS)


def _mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """mypy with the project's configuration on one snippet; pyfudge imported from this checkout."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(source)
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"), str(snippet)],
        cwd=tmp_path, env=env, capture_output=True, text=True)


def test_mypy_refuses_a_misspelt_option_key(tmp_path):
    header = "from pyfudge.rulesets import find_ruleset\n\nrules = find_ruleset()\n"
    good = _mypy(tmp_path, header + 'technique: str = rules["dice.technique"]\n')
    assert good.returncode == 0, good.stdout
    bad = _mypy(tmp_path, header + 'technique: str = rules["dice.tecnique"]\n')
    assert bad.returncode == 1, bad.stdout
    assert 'snippet.py:4: error: Invalid index type "Literal[\'dice.tecnique\']"' in bad.stdout, bad.stdout
