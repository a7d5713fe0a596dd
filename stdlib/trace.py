"""Run inside Pyodide by stdlib/trace.mjs (at build time, under Node): every module of pyfudge
imported, and every request of stdlib/requests.json asked, so that ``sys.modules`` then holds
what the app needs of the standard library; ``trimmed_zip`` writes those modules compiled.

requests.json: requests of every door action, recorded from the unit tests (a unit test checks
that it names every action). A QR code (segno, installed by micropip at its first use) is left
to the fallback finder: micropip's imports would make every first visit heavier for a rare use.
"""

import importlib
import importlib.util
import io
import json
import pkgutil
import sys
import zipfile

import pyfudge
import pyfudge.api

STDLIB = "/lib/python{}{}.zip".format(*sys.version_info[:2])
OPTIMIZE = 0  # docstrings and asserts kept, as in the sources
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the same bytes from the same inputs


def ask(requests):
    for module in pkgutil.walk_packages(pyfudge.__path__, "pyfudge."):
        if not module.name.endswith("__main__"):  # the command line: runs on import
            importlib.import_module(module.name)
    for request in requests:
        pyfudge.api.handle(json.dumps(request))


def stdlib_members():
    """The files of the standard library zip that imported modules came from."""
    members = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(STDLIB + "/"):
            members.add(origin[len(STDLIB) + 1:])
    return members


def module_name(member):
    name = member[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def entry(name):
    info = zipfile.ZipInfo(name, FIXED_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def trimmed_zip(fallback_source):
    """The imported standard library modules as unchecked hash-based .pyc (no sources), the
    fallback finder, and the full zip's module names, deflated (as Pyodide's own zip is: the
    bytes stay small whether or not the host compresses)."""
    members = stdlib_members()
    out = io.BytesIO()
    with zipfile.ZipFile(STDLIB) as full, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as trimmed:
        names = sorted(module_name(m) for m in full.namelist()
                       if m.endswith(".py") and not m.startswith("site-packages/"))
        sources = [(m, full.read(m)) for m in sorted(members)]
        sources.append(("_stdlib_fallback.py", fallback_source.encode()))
        for member, source in sources:
            code = compile(source, f"{STDLIB}/{member}", "exec", dont_inherit=True, optimize=OPTIMIZE)
            pyc = importlib._bootstrap_external._code_to_hash_pyc(
                code, importlib.util.source_hash(source), checked=False)
            trimmed.writestr(entry(member + "c"), bytes(pyc))
        trimmed.writestr(entry("stdlib-full-names.txt"), "\n".join(names) + "\n")
    return out.getvalue(), len(sources)
