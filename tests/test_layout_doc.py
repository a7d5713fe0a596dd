"""docs/layout.md's picture of the import graph is the code's: `python build.py graph` redraws it."""

from pathlib import Path

import import_graph

ROOT = Path(__file__).resolve().parents[1]


def test_the_layout_doc_draws_the_import_graph_of_the_code():
    drawn = import_graph.written_block()
    assert drawn == import_graph.diagram_block(import_graph.graph()), (
        "docs/layout.md's import graph is out of date: run `python build.py graph`")


def test_the_picture_has_every_module_and_arrows_between_known_ones():
    a, b, c, sub, d = "pyfudge.a", "pyfudge.b", "pyfudge.c", "pyfudge.sub", "pyfudge.sub.d"
    text = import_graph.mermaid({a: {b, c}, b: {c}, c: set(), sub: set(), d: {a}})
    assert text.splitlines() == [
        "flowchart TD", '  a["a"]', '  b["b"]', '  c["c"]',
        "  subgraph sub/", '    sub_d["d"]', "  end",
        "  a --> b", "  b --> c", "  sub_d --> a",  # a --> c is implied by a --> b --> c
    ]
