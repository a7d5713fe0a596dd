"""pyfudge's imports go one way: no module imports itself round a loop, and no pyfudge import
hides inside a function (the usual way to dodge a loop) unless its line says why it waits
(``# lazy: <reason>``; it still counts as an arrow, so it cannot hide a loop). Read from the source with ``ast``
(import_graph.py). Imports under ``if TYPE_CHECKING:`` never run, but a reader and a type checker
follow them: they go one way too. The folders are floors: a module imports only its own floor and
the floors below it."""

from pathlib import Path

import import_graph

ROOT = Path(__file__).resolve().parents[1]


def test_no_import_cycle():
    assert import_graph.cycles(import_graph.graph()) == []


def test_no_import_cycle_even_for_types():
    assert import_graph.cycles(import_graph.graph(types=True)) == []


# pyfudge's folders from the ground up (docs/layout.md); api and __main__ stand on top of all.
FLOORS = ("core", "rules", "combat", "rulesets", "encounter", "analysis", "door")


def _floor(module: str) -> int:
    parts = module.split(".")
    return FLOORS.index(parts[1]) if len(parts) > 2 or parts[-1] in FLOORS else len(FLOORS)


def test_each_floor_imports_only_its_own_and_the_floors_below_even_for_types():
    upward = sorted(f"{imp.importer}:{imp.line} imports {imp.imported}"
                    for imp in import_graph.imports(types=True)
                    if imp.imported != "pyfudge" and _floor(imp.imported) > _floor(imp.importer))
    assert upward == []


def test_every_module_stands_on_a_floor():
    """Only the door (api), the command line and the package's own file sit beside the floors."""
    loose = sorted(name for name in import_graph.modules() if _floor(name) == len(FLOORS))
    assert loose == ["pyfudge", "pyfudge.__main__", "pyfudge.api"]


def test_no_pyfudge_import_inside_a_function():
    inside = sorted({f"{imp.importer}:{imp.line} imports {imp.imported}"
                     for imp in import_graph.imports() if imp.in_function and not imp.lazy})
    assert inside == []


def test_a_cycle_and_an_import_inside_a_function_are_found(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import c\n"
                                  "def later():\n    from .a import x\n"
                                  "def then():\n    from .d import z  # lazy: kept out of the start\n")
    (package / "d.py").write_text("z = 1\n")
    (package / "c.py").write_text("from .b import y\n")
    edges = import_graph.graph(package)
    assert edges["pkg.b"] == {"pkg.a", "pkg.d"}  # not pkg.c: that import never runs
    assert import_graph.graph(package, types=True)["pkg.b"] == {"pkg", "pkg.a", "pkg.c", "pkg.d"}
    assert import_graph.cycles(edges) == [["pkg.a", "pkg.b"]]
    assert [(i.importer, i.line, i.lazy) for i in import_graph.imports(package) if i.in_function] == [
        ("pkg.b", 5, False), ("pkg.b", 7, True)]


def test_the_rules_never_import_the_analysis():
    """Odds, forecast and preview read the rules; only the door's analysis actions (and the analysis
    itself) read them."""
    readers = {imp.importer for imp in import_graph.imports() if imp.imported.startswith("pyfudge.analysis")}
    assert {r for r in readers if not r.startswith("pyfudge.analysis")} == {"pyfudge.door.analysis_actions"}
