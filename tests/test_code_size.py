"""The size rule of the code: no Python file under pyfudge/ over 600 lines, no function over 80
lines or 8 parameters (``self``/``cls`` not counted) unless the line right above its ``def`` (or
above its decorators) is a comment giving the reason. Read from the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pyfudge"
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80
MAX_PARAMETERS = 8


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    a = node.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
    return len(names) - (1 if names[:1] in (["self"], ["cls"]) else 0)


def _has_reason(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> bool:
    """Whether the line right above the ``def`` (or above its decorators) is a comment."""
    top = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return top >= 2 and lines[top - 2].strip().startswith("#")


def breaches(source: str, name: str) -> list[str]:
    """What in one file breaks the rule, each as ``name:line: what``."""
    lines = source.splitlines()
    found = []
    if len(lines) > MAX_FILE_LINES:
        found.append(f"{name}: {len(lines)} lines (at most {MAX_FILE_LINES})")
    functions = sorted((node for node in ast.walk(ast.parse(source))
                        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)), key=lambda n: n.lineno)
    for node in functions:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or _has_reason(node, lines):
            continue
        length = (node.end_lineno or node.lineno) - node.lineno + 1
        if length > MAX_FUNCTION_LINES:
            found.append(f"{name}:{node.lineno}: {node.name} has {length} lines (at most {MAX_FUNCTION_LINES})")
        if _parameters(node) > MAX_PARAMETERS:
            found.append(f"{name}:{node.lineno}: {node.name} has {_parameters(node)} parameters "
                         f"(at most {MAX_PARAMETERS})")
    return found


def test_every_file_and_function_of_pyfudge_keeps_to_the_size_rule():
    found = [b for path in sorted(PACKAGE.rglob("*.py"))
             for b in breaches(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))]
    assert found == []


def test_the_checker_finds_a_long_file_a_long_function_and_many_parameters():
    many = ", ".join(f"p{i}" for i in range(9))
    body = "\n".join(f"    x{i} = {i}" for i in range(80))
    source = (f"def wide({many}):\n    pass\n\n"
              f"class C:\n    def method(self, {', '.join(f'p{i}' for i in range(8))}):\n        pass\n\n"
              f"def long():\n{body}\n\n"
              f"# Nine inputs, each a rule's: the reason.\n@staticmethod\ndef excused({many}):\n    pass\n\n"
              f"# A comment above the decorator only counts when it is right above it.\n\n"
              f"@staticmethod\ndef unexcused(*, {many}):\n    pass\n")
    assert breaches(source, "m.py") == [
        "m.py:1: wide has 9 parameters (at most 8)",
        "m.py:8: long has 81 lines (at most 80)",
        "m.py:98: unexcused has 9 parameters (at most 8)",
    ]
    assert breaches("x = 1\n" * 601, "big.py") == ["big.py: 601 lines (at most 600)"]
    assert breaches("x = 1\n" * 600, "ok.py") == []
