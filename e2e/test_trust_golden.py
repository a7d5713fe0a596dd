"""The golden rulebook examples inside the browser's Pyodide: the golden runners of
the unit tests (tests/test_golden_*.py, with every file under tests/golden/) are written into
the engine worker's file system and run there by one small runner (a stand-in for pytest's
parametrize and raises), next to the pyfudge wheel the app runs; the same runner runs them
under CPython. Every example passes in both, with the same outcome test by test.

The code reaches the worker through the `?test-hooks` hook `engine.testPython` (js/engine/engine.js)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import app_ready

pytestmark = pytest.mark.usefixtures("hooked_build")  # drives ?test-hooks

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
MODULES = sorted(p.stem for p in TESTS.glob("test_golden_*.py"))

RUNNER = r'''
import importlib.util, json, sys, types


def _shim():
    """What the golden runners use of pytest: mark.parametrize and raises."""
    pytest = types.ModuleType("pytest")

    class Mark:
        def parametrize(self, names, values, ids=None):
            def deco(fn):
                fn.__dict__.setdefault("_params", []).append((names, list(values), ids))
                return fn
            return deco

    class raises:
        def __init__(self, exc, match=None):
            self.exc = exc

        def __enter__(self):
            return self

        def __exit__(self, kind, value, tb):
            if kind is None:
                raise AssertionError(f"DID NOT RAISE {self.exc}")
            return issubclass(kind, self.exc)

    pytest.mark, pytest.raises = Mark(), raises
    return pytest


def _cases(fn):
    params = getattr(fn, "_params", None)
    if not params:
        return [("", ())]
    assert len(params) == 1, fn
    names, values, ids = params[0]
    out = []
    for i, value in enumerate(values):
        args = tuple(value) if "," in names else (value,)
        test_id = ids(value) if callable(ids) else ids[i] if ids else value
        out.append((str(test_id), args))
    return out


def run(root, names):
    sys.modules["pytest"] = _shim()
    results = {}
    for name in names:
        spec = importlib.util.spec_from_file_location(name, f"{root}/{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for attr in sorted(vars(module)):
            fn = getattr(module, attr)
            if not attr.startswith("test_") or not callable(fn):
                continue
            for test_id, args in _cases(fn):
                key = f"{name}::{attr}[{test_id}]" if test_id else f"{name}::{attr}"
                try:
                    fn(*args)
                    results[key] = "passed"
                except BaseException as err:  # noqa: BLE001 - a failure is a result to compare
                    results[key] = f"failed: {type(err).__name__}: {err}"[:300]
    return json.dumps(results, sort_keys=True)
'''


def in_cpython() -> dict:
    code = RUNNER + f"\nprint(run({str(TESTS)!r}, {MODULES!r}))\n"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_golden_examples_give_the_same_results_in_pyodide_as_in_cpython(open_context, site):
    files = {f"/golden/tests/{name}.py": (TESTS / f"{name}.py").read_text(encoding="utf-8") for name in MODULES}
    files.update({f"/golden/tests/golden/{p.name}": p.read_text(encoding="utf-8")
                  for p in sorted((TESTS / "golden").glob("*.json"))})
    page = open_context().new_page()
    page.goto(site.url + "?test-hooks")
    app_ready(page)
    answer = page.evaluate("([code, files]) => pyfudgeEngine.testPython(code, files)",
                           [RUNNER + f"\nrun('/golden/tests', {MODULES!r})\n", files])
    assert answer["ok"], answer
    browser = json.loads(answer["result"])
    cpython = in_cpython()
    version = page.evaluate("pyfudgeEngine.testPython('import sys; sys.version')")["result"]
    print(f"\n{len(browser)} golden tests in Pyodide (Python {version.split()[0]}), {len(cpython)} in CPython "
          f"{sys.version.split()[0]}")
    assert len(browser) > 100
    failed = {k: v for k, v in browser.items() if v != "passed"}
    assert not failed, failed
    assert browser == cpython
    assert len([k for k in browser if "[" in k]) >= len(list((TESTS / "golden").glob("*.json")))  # every file ran
