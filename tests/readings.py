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


def write_when_asked(name: str, rows: list[dict[str, Any]], script: str) -> None:
    """What a readings test file does when run as a program: rewrite ``<name>.json`` with ``rows``
    if asked with ``--write``, else say how to ask."""
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(f"usage: PYTHONPATH=. python {Path(script).relative_to(Path.cwd())} --write")
    FOLDER.mkdir(parents=True, exist_ok=True)
    (FOLDER / f"{name}.json").write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} readings to {FOLDER / name}.json")
