"""The app's own standard library (build.py ``app_stdlib``, stdlib/): what the trace asks covers
every door action; the fallback finder mounts the full library on the first import of one of
its modules, packages included, and leaves unknown names alone; a built site ships the
trimmed library compiled, beside Pyodide's full one listed as ``later``.
(The trace itself, the boot with the trimmed library and the offline fallback run in
e2e/test_stdlib_offline.py and in every build.)"""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile

import pytest

import build
from pyfudge import api


def test_the_traced_requests_ask_every_action_of_the_door():
    requests = json.loads((build.STDLIB_TRACE / "requests.json").read_text())
    assert {r["action"] for r in requests} == set(api.ACTIONS)


@pytest.fixture
def fallback(tmp_path, monkeypatch):
    """stdlib/fallback.py over two zips in tmp_path: a 'trimmed' one with the package ``pkg``
    and a 'full' one with ``pkg``, ``pkg.extra`` and ``lonely``; mount() copies the full zip
    where the browser's download would write it."""
    spec = importlib.util.spec_from_file_location("stdlib_fallback_under_test", build.STDLIB_TRACE / "fallback.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    trimmed, full, downloaded = tmp_path / "trimmed.zip", tmp_path / "full.zip", tmp_path / "downloaded.zip"
    with zipfile.ZipFile(trimmed, "w") as z:
        z.writestr("pkg/__init__.py", "WHERE = 'trimmed'\n")
    with zipfile.ZipFile(full, "w") as z:
        z.writestr("pkg/__init__.py", "WHERE = 'full'\n")
        z.writestr("pkg/extra.py", "VALUE = 42\n")
        z.writestr("lonely.py", "VALUE = 'alone'\n")
    monkeypatch.setattr(module, "TRIMMED", str(trimmed))
    monkeypatch.setattr(module, "FULL", str(downloaded))
    monkeypatch.syspath_prepend(str(trimmed))
    for name in ("pkg", "pkg.extra", "lonely"):
        monkeypatch.delitem(sys.modules, name, raising=False)

    class Offline(module.RestOfStdlib):
        downloads = 0

        def mount(self):
            Offline.downloads += 1
            downloaded.write_bytes(full.read_bytes())
            sys.path.append(str(downloaded))
            importlib.invalidate_caches()
            self.mounted = True

    finder = Offline("unused", ["pkg", "pkg.extra", "lonely"])
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield finder
    for name in ("pkg", "pkg.extra", "lonely"):
        sys.modules.pop(name, None)


def test_a_module_of_the_full_library_mounts_it_once_and_imports(fallback):
    import pkg  # from the trimmed zip: no download
    assert pkg.WHERE == "trimmed" and fallback.downloads == 0
    import pkg.extra  # the package's other module is found in the full zip
    assert fallback.downloads == 1
    import lonely  # now on sys.path: the ordinary finder finds it
    assert (pkg.extra.VALUE, lonely.VALUE) == (42, "alone")
    assert fallback.served == ["pkg.extra"] and fallback.downloads == 1


def test_a_name_the_library_never_had_is_not_found_without_a_download(fallback):
    with pytest.raises(ModuleNotFoundError):
        import never_a_stdlib_module  # noqa: F401
    assert fallback.downloads == 0 and fallback.served == []


def test_a_built_site_ships_the_trimmed_library_compiled_beside_the_full_one():
    manifest_path = build.DIST / build.MANIFEST
    if not manifest_path.exists():
        pytest.skip("dist/ not built")
    manifest = json.loads(manifest_path.read_text())
    # The full library first in `later`: the engine's start finds it there (engine-start.js).
    assert manifest["stdlib"] == build.APP_STDLIB and manifest["later"][0] == build.FULL_STDLIB
    assert {build.APP_STDLIB, build.FULL_STDLIB} <= set(manifest["files"])
    with zipfile.ZipFile(build.DIST / build.APP_STDLIB) as z:
        names = z.namelist()
        full_names = z.read("stdlib-full-names.txt").decode().split()
    assert not [n for n in names if n.endswith(".py")]
    assert {"_stdlib_fallback.pyc", "fractions.pyc", "json/__init__.pyc", "dataclasses.pyc"} <= set(names)
    assert {"difflib", "email.mime.text", "json"} <= set(full_names)
    # Much less than Pyodide's whole library.
    assert (build.DIST / build.APP_STDLIB).stat().st_size < 0.7 * (build.DIST / build.FULL_STDLIB).stat().st_size
