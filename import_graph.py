"""pyfudge's import graph, read from the source with ``ast``: which module imports which, its
cycles, the imports hidden inside functions, and a Mermaid picture of it for docs/layout.md.

``python build.py graph`` rewrites the picture between the markers in docs/layout.md;
tests/test_import_graph.py holds the graph one-way, tests/test_layout_doc.py the picture true.
Imports under ``if TYPE_CHECKING:`` never run: ``types=True`` counts them too (the graph a reader
and a type checker follow), and that graph must be one-way as well.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "pyfudge"
LAYOUT = ROOT / "docs" / "layout.md"
BEGIN = "<!-- import graph: python build.py graph writes it -->"
END = "<!-- end of the import graph -->"


@dataclass(frozen=True)
class Import:
    """One import of a pyfudge module by another: where it is written, whether in a function, and
    whether it says why it waits (``# lazy: <reason>`` on its line, e.g. kept out of the engine's
    start and its memory snapshot). A lazy import still counts as an arrow: it cannot hide a cycle."""

    importer: str
    imported: str
    line: int
    in_function: bool
    lazy: bool = False


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, package): path for path in sorted(package.rglob("*.py"))}


def _targets(node: ast.Import | ast.ImportFrom, me: str, is_package: bool) -> list[str]:
    """What an import statement may load: for ``from a import b``, both ``a`` and ``a.b``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        here = me.split(".") if is_package else me.split(".")[:-1]
        here = here[: len(here) - (node.level - 1)]
        base = ".".join(here + ([base] if base else []))
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def imports(package: Path = PACKAGE, *, types: bool = False) -> list[Import]:
    """Every runtime import of one pyfudge module by another, in file order (with ``types``, the
    imports under ``if TYPE_CHECKING:`` too)."""
    known = modules(package)
    found: list[Import] = []

    def visit(node: ast.AST, me: str, is_package: bool, in_function: bool, lines: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if not types and isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other, me, is_package, in_function, lines)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target in _targets(child, me, is_package):
                    if target in known and target != me:
                        lazy = "# lazy:" in lines[child.lineno - 1]
                        found.append(Import(me, target, child.lineno, in_function, lazy))
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(child, me, is_package, inner, lines)

    for name, path in known.items():
        text = path.read_text(encoding="utf-8")
        visit(ast.parse(text), name, path.name == "__init__.py", False, text.splitlines())
    return found


def graph(package: Path = PACKAGE, *, types: bool = False) -> dict[str, set[str]]:
    """Each module and the pyfudge modules it imports (with ``types``, for type checking too)."""
    edges: dict[str, set[str]] = {name: set() for name in modules(package)}
    for imp in imports(package, types=types):
        edges[imp.importer].add(imp.imported)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, round and round (strongly connected
    components of more than one module, or a module importing itself), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def strong(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return sorted(found)


def _reaches(edges: dict[str, set[str]], start: str, goal: str, skip: tuple[str, str]) -> bool:
    seen, todo = {start}, [start]
    while todo:
        v = todo.pop()
        for w in edges[v]:
            if (v, w) == skip or w in seen:
                continue
            if w == goal:
                return True
            seen.add(w)
            todo.append(w)
    return False


def reduced(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The arrows no longer path implies (a transitive reduction): the same order, readable."""
    return {v: {w for w in ws if not _reaches(edges, v, w, skip=(v, w))} for v, ws in edges.items()}


def mermaid(edges: dict[str, set[str]]) -> str:
    """A Mermaid flowchart, modules grouped by subpackage, an arrow from importer to imported.
    A package whose ``__init__`` imports nothing is drawn as its box of modules only."""
    packages = {name for name in edges if any(other.startswith(name + ".") for other in edges)}
    shown = {v: {w for w in ws if w not in packages or edges[w]}
             for v, ws in reduced(edges).items() if v not in packages or edges[v]}
    short = {name: name.removeprefix("pyfudge.") for name in shown}
    groups: dict[str, list[str]] = {}
    for name in sorted(shown):
        groups.setdefault(short[name].rpartition(".")[0], []).append(name)
    lines = ["flowchart TD"]
    for group, names in sorted(groups.items()):
        indent = "    " if group else "  "
        lines += [f"  subgraph {group}/"] if group else []
        lines += [f'{indent}{short[n].replace(".", "_")}["{short[n].rpartition(".")[2]}"]' for n in names]
        lines += ["  end"] if group else []
    for v, ws in sorted(shown.items()):
        lines += [f"  {short[v].replace('.', '_')} --> {short[w].replace('.', '_')}" for w in sorted(ws)]
    return "\n".join(lines) + "\n"


def diagram_block(edges: dict[str, set[str]]) -> str:
    return f"{BEGIN}\n```mermaid\n{mermaid(edges)}```\n{END}"


def written_block(doc: Path = LAYOUT) -> str:
    text = doc.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[start:end]


def write(doc: Path = LAYOUT, package: Path = PACKAGE) -> bool:
    """Rewrite the picture in ``doc`` from the code; whether it changed."""
    text = doc.read_text(encoding="utf-8")
    old = written_block(doc)
    new = diagram_block(graph(package))
    doc.write_text(text.replace(old, new), encoding="utf-8")
    return old != new
