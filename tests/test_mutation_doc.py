"""docs/mutation.md's standing table: one row per module of pyfudge/ with the commit its numbers
were measured at, and ``python build.py mutants --stale``, which lists the rows whose module's
code changed since. A stale row is a warning in CI, not a failure (docs/mutation.md says why):
these tests check the table's form and that the staleness check tells code from imports."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import mutants

ROWS = mutants.standing(mutants.DOC.read_text(encoding="utf-8"))


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout.strip()


def test_every_module_with_code_has_exactly_one_row():
    assert sorted(module for module, _ in ROWS) == mutants.package_modules()


def test_the_modules_at_the_packages_top_need_rows_too(tmp_path: Path):
    """The JSON door (``api.py``) and the command line hold code beside the folders' modules; a
    bare ``__init__`` (a docstring) holds none, at the top or in a folder."""
    package = tmp_path / "pyfudge"
    (package / "core").mkdir(parents=True)
    (package / "__init__.py").write_text('"""The package."""\n', encoding="utf-8")
    (package / "api.py").write_text('"""The door."""\n\n\ndef handle(request):\n    return request\n',
                                    encoding="utf-8")
    (package / "core" / "__init__.py").write_text('"""The core."""\n', encoding="utf-8")
    (package / "core" / "dice.py").write_text("def total(faces):\n    return sum(faces)\n", encoding="utf-8")
    assert mutants.package_modules(tmp_path) == ["api.py", "core/dice.py"]


def test_a_module_at_the_packages_top_is_named_by_its_file_name():
    assert mutants.module_paths(["api", "__main__", "__init__", "pyfudge/__init__.py"]) == [
        "pyfudge/api.py", "pyfudge/__main__.py", "pyfudge/__init__.py", "pyfudge/__init__.py"]
    assert mutants.module_paths(["rulesets/__init__", "ladder"]) == [
        "pyfudge/rulesets/__init__.py", "pyfudge/core/ladder.py"]


def test_every_row_names_a_commit_or_says_it_was_not_run():
    for module, commit in ROWS:
        assert commit == mutants.NOT_RUN or re.fullmatch(r"[0-9a-f]{7,40}", commit), (module, commit)


@pytest.mark.skipif(shutil.which("git") is None or not (mutants.ROOT / ".git").exists(),
                    reason="a copy without its git history")
def test_every_rows_commit_is_in_this_repositorys_history():
    if git(mutants.ROOT, "rev-parse", "--is-shallow-repository") == "true":
        pytest.skip("a shallow clone holds only the newest commits")
    for module, commit in ROWS:
        if commit != mutants.NOT_RUN:
            ancestor = subprocess.run(["git", "merge-base", "--is-ancestor", commit, "HEAD"], cwd=mutants.ROOT)
            assert ancestor.returncode == 0, (module, commit)


def test_a_doc_without_the_table_or_its_columns_is_refused():
    with pytest.raises(ValueError, match="no '## Where each module stands' section"):
        mutants.standing("# Mutation testing\n")
    with pytest.raises(ValueError, match="a module and a commit column"):
        mutants.standing(f"{mutants.STANDING}\n\n| module | score |\n|---|---|\n| `core/dice.py` | 100 % |\n")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository of its own: one module, measured at its first commit."""
    git(tmp_path, "init", "-q")
    git(tmp_path, "config", "user.email", "t@example.org")
    git(tmp_path, "config", "user.name", "t")
    (tmp_path / "pyfudge" / "rules").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "pyfudge" / "rules" / "wounds.py").write_text(
        '"""Wounds."""\nfrom math import floor\n\n\ndef worst(a, b):\n    return max(a, b)\n', encoding="utf-8")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "wounds")
    measured = git(tmp_path, "rev-parse", "--short", "HEAD")
    (tmp_path / "docs" / "mutation.md").write_text(
        f"# Mutation\n\n{mutants.STANDING}\n\n| module | commit | score |\n|---|---|---|\n"
        f"| `rules/wounds.py` | {measured} | 100 % |\n| `rules/healing.py` | — | not run |\n\n## Runs\n",
        encoding="utf-8")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "doc")
    return tmp_path


def commit_change(root: Path, old: str, new: str, path: str = "pyfudge/rules/wounds.py") -> str:
    file = root / path
    file.write_text(file.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    git(root, "commit", "-qam", "change")
    return git(root, "rev-parse", "--short", "HEAD")


def test_a_row_is_fresh_while_only_imports_docstrings_and_comments_change(repo: Path):
    commit_change(repo, "from math import floor", "# why: nothing\nfrom math import ceil")
    commit_change(repo, '"""Wounds."""', '"""The wound track."""')
    assert mutants.stale(repo) == ([], ["rules/healing.py"])


def test_a_row_is_stale_once_its_modules_code_changes_naming_the_commit(repo: Path):
    changed = commit_change(repo, "max(a, b)", "min(a, b)")
    [why], _ = mutants.stale(repo)
    assert why.startswith("pyfudge/rules/wounds.py changed since ") and why.endswith(f"(in {changed})")


def test_a_change_not_yet_committed_makes_its_row_stale_too(repo: Path):
    file = repo / "pyfudge" / "rules" / "wounds.py"
    file.write_text(file.read_text(encoding="utf-8").replace("max(a, b)", "max(b, a)"), encoding="utf-8")
    [why], _ = mutants.stale(repo)
    assert why.endswith("(not committed yet)")


def test_a_module_moved_with_its_code_unchanged_keeps_its_row(repo: Path):
    (repo / "pyfudge" / "core").mkdir()
    git(repo, "mv", "pyfudge/rules/wounds.py", "pyfudge/core/wounds.py")
    doc = repo / "docs" / "mutation.md"
    doc.write_text(doc.read_text(encoding="utf-8").replace("`rules/wounds.py`", "`core/wounds.py`"), encoding="utf-8")
    git(repo, "commit", "-qam", "move")
    assert mutants.stale(repo)[0] == []
    commit_change(repo, "max(a, b)", "max(a, b, 0)", "pyfudge/core/wounds.py")
    assert len(mutants.stale(repo)[0]) == 1


def test_the_stale_listing_runs_nothing_and_says_so(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                    repo: Path):
    commit_change(repo, "max(a, b)", "min(a, b)")
    monkeypatch.setattr(mutants, "ROOT", repo)
    assert mutants.main(["--stale"]) == 0
    out = capsys.readouterr().out
    assert "stale: pyfudge/rules/wounds.py changed since" in out and "not run yet: rules/healing.py" in out


def test_the_test_command_warns_of_each_stale_row_and_goes_on_without_git(capsys: pytest.CaptureFixture[str],
                                                                          monkeypatch: pytest.MonkeyPatch):
    import build

    monkeypatch.setattr(mutants, "stale", lambda: (["pyfudge/rules/wounds.py changed since abc1234 (in def5678)"], []))
    build.warn_stale_mutation_rows()
    out = "".join(capsys.readouterr())
    assert "warning: docs/mutation.md row stale: pyfudge/rules/wounds.py changed since abc1234" in out
    assert "python build.py mutants pyfudge/rules/wounds.py" in out

    def no_git() -> None:
        raise subprocess.CalledProcessError(128, ["git"])

    monkeypatch.setattr(mutants, "stale", no_git)
    build.warn_stale_mutation_rows()
    assert "rows not compared with the code" in "".join(capsys.readouterr())
