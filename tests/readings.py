"""Recorded readings: what a module's functions give for a list of cases, to the step, kept in
``tests/golden/readings/<name>.json`` and rewritten only on purpose, by running the test file that
owns it with ``--write`` (then read the diff before committing)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent / "golden" / "readings"


def load(name: str) -> list[dict[str, Any]]:
    """The recorded rows of ``<name>.json``."""
    return json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))


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
