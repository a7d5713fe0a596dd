"""Rewriting a recorded readings file (``python tests/test_<x>_readings.py --write``): it prints
what changed, row by row, and writes nothing while the code disagrees with a book example, so a
careless rewrite cannot accept a value the book contradicts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import readings

OLD = [{"fn": "capacity", "args": ["goblin"], "answer": {"value": {"capacity": 1, "boxes": [1, 1]}}},
       {"fn": "graze", "args": [3], "answer": {"value": "Scratch"}}]


def recorded_in(folder: Path, rows: list) -> Path:
    file = folder / "sample.json"
    file.write_text(readings.dumps(rows) + "\n", encoding="utf-8")
    return file


def test_a_rewrite_prints_each_changed_value_and_each_added_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    file = recorded_in(tmp_path, OLD)
    new = [{**OLD[0], "answer": {"value": {"capacity": 0, "boxes": [1, 1]}}}, OLD[1],
           {"fn": "graze", "args": [4], "answer": {"value": "Hurt"}}]
    readings.write_when_asked("sample", new, __file__, ["--write"], tmp_path, books=lambda: None)
    out = capsys.readouterr().out
    assert "row 0 (capacity) changed: answer.value.capacity: 1 -> 0" in out
    assert "row 2 (graze) added" in out and "row 1" not in out
    assert json.loads(file.read_text(encoding="utf-8")) == new


def test_a_row_gone_is_told(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    recorded_in(tmp_path, OLD)
    readings.write_when_asked("sample", OLD[1:], __file__, ["--write"], tmp_path, books=lambda: None)
    assert "row 0 (capacity) of the old file gone" in capsys.readouterr().out


def test_a_rewrite_is_refused_while_the_code_disagrees_with_a_book_example(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]):
    file = recorded_in(tmp_path, OLD)
    before = file.read_bytes()
    new = [OLD[0], {**OLD[1], "answer": {"value": "Hurt"}}]
    with pytest.raises(SystemExit, match="not written: the code disagrees with a book example") as refused:
        readings.write_when_asked("sample", new, __file__, ["--write"], tmp_path,
                                  books=lambda: "FAILED tests/test_golden_damage.py::test_golden_damage[f95-4.56]")
    assert "f95-4.56" in str(refused.value)
    assert "row 1 (graze) changed: answer.value: \"Scratch\" -> \"Hurt\"" in capsys.readouterr().out
    assert file.read_bytes() == before


def test_an_unchanged_file_is_left_alone_without_asking_the_books(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    recorded_in(tmp_path, OLD)

    def books() -> str | None:
        raise AssertionError("nothing to write: the book examples need not run")

    readings.write_when_asked("sample", OLD, __file__, ["--write"], tmp_path, books=books)
    assert "sample.json: unchanged, nothing written" in capsys.readouterr().out


def test_without_write_the_file_says_how_to_ask(tmp_path: Path):
    with pytest.raises(SystemExit, match=r"usage: PYTHONPATH=. python tests/test_readings_write.py --write"):
        readings.write_when_asked("sample", OLD, __file__, [], tmp_path, books=lambda: None)


def test_the_book_check_runs_every_book_example_and_reports_a_failing_one(tmp_path: Path):
    assert set(readings.BOOK_TESTS) >= {"tests/test_golden_core.py", "tests/test_golden_combat.py",
                                        "tests/test_golden_damage.py", "tests/test_golden_wounds.py",
                                        "tests/test_golden_multi.py", "tests/test_book_readings.py"}
    assert all((readings.ROOT / t).is_file() for t in readings.BOOK_TESTS)
    wrong = tmp_path / "test_wrong_example.py"
    wrong.write_text("def test_f95_4_56_fist_against_plate():\n    assert 'Hurt' == 'Scratch'\n", encoding="utf-8")
    right = tmp_path / "test_right_example.py"
    right.write_text("def test_f95_4_56_fist_against_plate():\n    assert 'Scratch' == 'Scratch'\n", encoding="utf-8")
    assert "test_f95_4_56_fist_against_plate" in (readings.books_disagree([str(wrong)]) or "")
    assert readings.books_disagree([str(right)]) is None


def test_a_row_without_a_function_name_is_told_by_its_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    recorded_in(tmp_path, [{"rd": 1, "outcome": {"level": 0}}])
    readings.write_when_asked("sample", [{"rd": 1, "outcome": {"level": 1}}], __file__, ["--write"], tmp_path,
                              books=lambda: None)
    assert "row 0 changed: outcome.level: 0 -> 1" in capsys.readouterr().out
