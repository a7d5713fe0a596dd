"""Recorded readings: what a module's functions give for a list of cases, to the step, kept in
``tests/golden/readings/<name>.json`` and rewritten only on purpose, by running the test file that
owns it with ``--write``, which prints what changed and refuses to write while the code disagrees
with a book example (tests/golden/*.json and the cases worked by hand from the books): a
regenerated file must never accept a value the book contradicts."""

from __future__ import annotations

import difflib
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyfudge.core.errors import FudgeError

FOLDER = Path(__file__).parent / "golden" / "readings"
ROOT = Path(__file__).resolve().parent.parent
# What the books say, by hand: every tests/golden/*.json example with its runner, and the rule
# cases worked from the books' words. None of them is ever regenerated.
BOOK_TESTS = [*sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").glob("test_golden_*.py")),
              "tests/test_book_readings.py"]


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


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 70 else text[:67] + "..."


def _differences(old: Any, new: Any, path: str = "") -> list[str]:
    """Each leaf that differs between two recorded values, by its path in the row."""
    if isinstance(old, dict) and isinstance(new, dict):
        keys = [*old, *(k for k in new if k not in old)]
        return [d for k in keys for d in _differences(old.get(k), new.get(k), f"{path}.{k}" if path else k)]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [d for i, (o, n) in enumerate(zip(old, new, strict=True)) for d in _differences(o, n, f"{path}[{i}]")]
    return [] if old == new else [f"{path}: {_short(old)} -> {_short(new)}"]


def changes(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[str]:
    """What a rewrite would change, row by row: rows whose values changed (each changed leaf),
    rows added and rows gone (aligned as a diff is, so one row added is not every row changed)."""
    def label(i: int, row: dict[str, Any]) -> str:
        name = row.get("fn") or row.get("case") or row.get("call")
        return f"row {i} ({name})" if isinstance(name, str) else f"row {i}"

    keys = [[json.dumps(r, sort_keys=True) for r in rows] for rows in (old, new)]
    out = []
    for op, o0, o1, n0, n1 in difflib.SequenceMatcher(None, *keys, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        paired = min(o1 - o0, n1 - n0) if op == "replace" else 0
        for k in range(paired):
            out += [f"{label(n0 + k, new[n0 + k])} changed: {d}" for d in _differences(old[o0 + k], new[n0 + k])]
        out += [f"{label(i, new[i])} added" for i in range(n0 + paired, n1)]
        out += [f"{label(i, old[i])} of the old file gone" for i in range(o0 + paired, o1)]
    return out


def books_disagree(tests: list[str] | None = None) -> str | None:
    """What the book examples' tests say when the code disagrees with one (None when all pass)."""
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *(tests or BOOK_TESTS)],
                         cwd=ROOT, capture_output=True, text=True)
    return None if run.returncode == 0 else run.stdout[-3000:]


SHOWN = 200  # changes printed at most: a rule's change can touch every row


def write_when_asked(name: str, rows: list[dict[str, Any]], script: str, argv: list[str] | None = None,
                     folder: Path = FOLDER, books: Callable[[], str | None] = books_disagree) -> None:
    """What a readings test file does when run as a program: with ``--write``, print what would
    change in ``<name>.json`` and rewrite it with ``rows``, unless the code now disagrees with a
    book example (then nothing is written); without, say how to ask."""
    if (sys.argv[1:] if argv is None else argv) != ["--write"]:
        raise SystemExit(f"usage: PYTHONPATH=. python {Path(script).resolve().relative_to(ROOT)} --write")
    file = folder / f"{name}.json"
    old = json.loads(file.read_text(encoding="utf-8")) if file.exists() else []
    changed = changes(old, rows)
    if not changed:
        print(f"{file.name}: unchanged, nothing written")
        return
    shown = changed[:SHOWN] + ([f"... and {len(changed) - SHOWN} more"] if len(changed) > SHOWN else [])
    print(f"{file.name}: {len(changed)} change(s)\n  " + "\n  ".join(shown))
    if disagreement := books():
        raise SystemExit(f"{file.name}: not written: the code disagrees with a book example, so these readings "
                         f"would record a wrong value. Fix the code (or the example, if it misreads the "
                         f"book) first:\n{disagreement}")
    folder.mkdir(parents=True, exist_ok=True)
    file.write_text(dumps(rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} readings to {file}")
