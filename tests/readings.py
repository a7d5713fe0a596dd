"""Recorded readings: what a module's functions give for a list of cases, to the step, kept in
``tests/golden/readings/<name>.json`` and rewritten only on purpose, by running the test file that
owns it with ``--write`` (then read the diff before committing)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyfudge.core.errors import FudgeError

FOLDER = Path(__file__).parent / "golden" / "readings"


def load(name: str) -> list[dict[str, Any]]:
    """The recorded rows of ``<name>.json``."""
    return json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))


def case(fn: str, *args: Any, rules: str = "fudge1995", options: dict[str, Any] | None = None,
         **kw: Any) -> dict[str, Any]:
    """A case that calls ``fn`` with ``args`` and ``kw`` under a preset: the shape most readings
    files record. ``options`` is kept only when given, so the recorded files stay short."""
    built: dict[str, Any] = {"fn": fn, "rules": rules, "args": list(args), "kw": kw}
    if options:
        built["options"] = options
    return built


def refusal(err: FudgeError) -> dict[str, Any]:
    """How a refusal is recorded: its class, the message a player reads and the field at fault."""
    return {"error": type(err).__name__, "message": err.message, "field": err.field}


def plain(value: Any) -> Any:
    """A value in the shape it is recorded in: what has ``to_dict`` as its dict, tuples and lists
    as lists of the same."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def answer(compute: Callable[[dict[str, Any]], Any], case: dict[str, Any]) -> dict[str, Any]:
    """What ``compute`` gives for a case: ``{"value": ...}``, or its refusal (a FudgeError is an
    answer to record; any other error is a bug and fails the test)."""
    try:
        value = compute(case)
    except FudgeError as err:
        return refusal(err)
    return {"value": value}


def recorded(cases: list[dict[str, Any]], answer: Callable[[dict[str, Any]], Any]) -> list[dict[str, Any]]:
    """What the code gives now, in the golden file's shape: each case with its answer."""
    return [{**case, "answer": answer(case)} for case in cases]


def cases_in(rows: list[dict[str, Any]], *answers: str) -> list[dict[str, Any]]:
    """The cases a golden file holds: its rows without what the code answered (``answer`` unless
    the file names its own keys)."""
    dropped = answers or ("answer",)
    return [{k: v for k, v in row.items() if k not in dropped} for row in rows]


def row_ids(rows: list[dict[str, Any]]) -> list[str]:
    """Test ids for one test a recorded row: its place and its function (a mutation run reruns
    only the rows that reach a mutant, and a failure names the row)."""
    return [f"{i}-{row['fn']}" for i, row in enumerate(rows)]


def assert_as_recorded(name: str, cases: list[dict[str, Any]], answer: Callable[[dict[str, Any]], Any]) -> None:
    """The golden file ``<name>.json`` holds exactly ``cases``, in order, and each answers now as
    recorded."""
    golden = load(name)
    assert cases_in(golden) == cases
    for row in golden:
        assert answer(row) == row["answer"], row


def dumps(value: Any, depth: int = 0) -> str:
    """JSON with one key per line, but anything that fits in 100 characters (a row of boxes, a
    step's data) on one line: the recorded file stays short and its diffs readable."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + depth <= 100 or not value or not isinstance(value, (dict, list)):
        return flat
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, dict):
        body = ",\n".join(f"{inner}{json.dumps(k, ensure_ascii=False)}: {dumps(v, depth + 1)}"
                          for k, v in value.items())
        return "{\n" + body + "\n" + pad + "}"
    return "[\n" + ",\n".join(inner + dumps(v, depth + 1) for v in value) + "\n" + pad + "]"


def write_when_asked(name: str, rows: list[dict[str, Any]], script: str) -> None:
    """What a readings test file does when run as a program: rewrite ``<name>.json`` with ``rows``
    if asked with ``--write``, else say how to ask."""
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(f"usage: PYTHONPATH=. python {Path(script).relative_to(Path.cwd())} --write")
    FOLDER.mkdir(parents=True, exist_ok=True)
    (FOLDER / f"{name}.json").write_text(dumps(rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} readings to {FOLDER / name}.json")
