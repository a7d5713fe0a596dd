#!/usr/bin/env python3
"""Build, serve and test the pyfudge web app: one file, standard library only.

    python build.py [build] [--test-hooks]  assemble dist/ (--test-hooks: with the e2e tests' hooks)
    python build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python build.py test [PYTEST ARGS] ruff and mypy, check test tools and a Chromium, build, run pytest
    python build.py bench [--runs N] [--json]  time the app against bare Pyodide (bench.py)
    python build.py mutants [MODULE ...]  mutation run (mutants.py; --stale: rows of docs/mutation.md to re-run)
    python build.py graph            redraw pyfudge's import graph in docs/layout.md (import_graph.py)

Downloads (the Pyodide core and esbuild from npm, micropip from PyPI) are pinned by version and
sha256, fetched with npm and pip themselves, and cached under .cache/ so a rebuild needs
no network.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import importlib.util
import io
import json
import os
import platform
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import tokenize
import zipfile
import zlib
from pathlib import Path

import harness
import import_graph
import mutants

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
# $PYFUDGE_DIST builds elsewhere, so that several test runs on one machine do not share dist/.
DIST = Path(os.environ.get("PYFUDGE_DIST") or ROOT / "dist").resolve()
CACHE = ROOT / ".cache"

PYODIDE_VERSION = "314.0.7"
PYODIDE_TGZ_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPIP_WHEEL = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
# Pyodide's own Python: pip must pick wheels for it, not for the Python running this script.
PYODIDE_PYTHON = "3.14"
# The build backend that makes the pyfudge wheel, pinned and cached like the rest: the
# wheel builds offline and byte for byte the same on every machine.
SETUPTOOLS_WHEEL = "setuptools-80.9.0-py3-none-any.whl"
SETUPTOOLS_SHA256 = "062d34222ad13e0cc312a4c02d73f059e86a4acbfbdea8f8f76b28c99f306922"
# QR codes of share links (pure Python): shipped in wheels/, installed by the engine worker with
# micropip from this site only when the first QR code is asked for (not in the lock: not at start).
SEGNO_WHEEL = "segno-1.6.6-py3-none-any.whl"
SEGNO_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"
# The UI library: htm's npm package ships Preact + hooks + htm as one ES module with no bare
# imports (preact/standalone.module.js); it is copied to dist/vendor/ as is.
# The app's own standard library: the modules the engine imports, compiled (stdlib/trace.mjs);
# Pyodide's full zip stays beside it, fetched after the build is cached, for any other module.
STDLIB_TRACE = ROOT / "stdlib"
APP_STDLIB = "pyodide/python_stdlib_app.zip"
FULL_STDLIB = "pyodide/python_stdlib.zip"
HTM_VERSION = "3.1.1"
HTM_TGZ_SHA256 = "2425b9bee11409177bcabc7f32e319926fc6690c1701c0b257c88bdff2d5ba90"
HTM_MODULE = "package/preact/standalone.module.js"
VENDOR_PREACT = "vendor/preact-htm.mjs"
# The QR decoder for the camera where the browser has no BarcodeDetector (js/live/scan.js; iOS
# Safari, Firefox, desktop Chrome on Linux): jsQR's npm package (Apache-2.0) ships one UMD script,
# which esbuild turns into an ES module (its default export: jsQR) with its LICENSE beside it.
# Imported only when a scan starts: lazy, never in a first visit (docs/live.md).
JSQR_VERSION = "1.4.0"
JSQR_TGZ_SHA256 = "b5299b37917a1fe7a8cab9dd5cc6b8accf82663add80abe5bf7761a921cc6602"
JSQR_SCRIPT = "package/dist/jsQR.js"
VENDOR_JSQR = "vendor/jsqr.mjs"
VENDOR_JSQR_LICENSE = "vendor/jsqr.LICENSE.txt"
# The page's modules bundled into one (bundle_page): esbuild's binary, from its npm package for
# this platform (no install scripts: the binary is run as it is), pinned like the rest.
ESBUILD_VERSION = "0.28.2"
ESBUILD_TGZ_SHA256 = {
    "linux-x64": "9573bb2233aab0f9ea7647d5cca9726113cc1768de61d66b17267f4db84488f6",
    "linux-arm64": "a96dbfa41d3ef5dbd1ef22b1c10d5187be9267e86093a870f06402a7ec931596",
    "darwin-x64": "abb6a7a895aaf2cc0df36fecc3bf0042479ffec51a643a056d54e9109f27db55",
    "darwin-arm64": "1980cde09749094452b20d36ff267585ccb3f72749c7bc97291cd9996ccf5a2a",
    "win32-x64": "7286c3611b6f1f4c4d9ec90adcbc478407ff0d28ead96567f361d53e67613e19",
}
# The page's entry module, replaced in dist/ by the bundle of it and all it imports but the
# engine's client: engine.js finds its worker by import.meta.url (which a bundle would change),
# so it stays a module of its own, shared with the bench pages and the e2e tests that import it.
PAGE_ENTRY = "js/main.js"
PAGE_EXTERNAL = "./engine/engine.js"
# The players' page (play.html; docs/live.md): one bundle of its modules, the players' view's
# shape (pyfudge.encounter.players.VIEW_SHAPE, written here as JSON) inlined, no engine at all;
# and a service worker of its own (scope play.html) that keeps only PLAY_FILES, never Python.
PLAY_PAGE = "play.html"
PLAY_ENTRY = "js/play/main.js"
VIEW_SHAPE_JSON = "js/play/players-view-shape.json"
PLAY_SERVICE_WORKER = "sw-play.js"
PLAY_FILES = (PLAY_PAGE, PLAY_ENTRY, "css/app.css", "icons/icon.svg")
# Cached by that worker only once the page asks for them: the QR decoder (a scan inside the
# page on a browser without BarcodeDetector), so that it works offline after its first use.
PLAY_LAZY = (VENDOR_JSQR,)

# Written by build(), never listed in the manifest: the manifest cannot hash itself, and
# sw.js carries the manifest inside it.
MANIFEST = "manifest.json"
SERVICE_WORKER = "sw.js"

THEME = "#1d4e89"
DIE = "#ffffff"



class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(message: str) -> None:
    print(f"build.py: {message}", flush=True)


def run(*cmd: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run a program; a failure stops the build with the command in the message."""
    cmd = [str(c) for c in cmd]
    result = subprocess.run(cmd, cwd=cwd, env=env)
    if result.returncode:
        raise BuildError(f"command failed (exit {result.returncode}): {' '.join(cmd)}")


# ---------------------------------------------------------------- pinned downloads


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(path: Path, expected: str) -> Path:
    """Return path if its sha256 is the pinned one; else remove it and stop loudly."""
    actual = sha256_of(path)
    if actual != expected:
        path.unlink()
        raise BuildError(
            f"sha256 mismatch for {path.name}: expected {expected}, got {actual}. "
            "The file was removed; if the pin is what changed, update it in build.py."
        )
    return path


def cached_download(name: str, sha256: str, fetch) -> Path:
    """The verified file .cache/<name>, calling fetch(tmpdir) to download it when absent."""
    target = CACHE / name
    if not target.exists():
        CACHE.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            log(f"downloading {name}")
            fetch(Path(tmp))
            downloaded = Path(tmp) / name
            if not downloaded.exists():
                raise BuildError(f"download did not produce {name}")
            downloaded.replace(target)
    return verify(target, sha256)


def npm_tarball(package: str, version: str, sha256: str, what: str) -> Path:
    """``npm pack package@version`` (no install scripts run), cached and checked by sha256."""
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"npm is needed to fetch {what}: install Node.js (which ships npm).")
    return cached_download(
        f"{package}-{version}.tgz",
        sha256,
        lambda tmp: run(npm, "pack", "--ignore-scripts", f"{package}@{version}", "--pack-destination", tmp),
    )


def app_stdlib(dist: Path, wheel: Path) -> Path:
    """The trimmed, compiled standard library for this build's wheel (stdlib/trace.mjs runs the
    built site's Pyodide under Node: ~10-40 s), cached by everything that decides its bytes."""
    key = hashlib.sha256(PYODIDE_TGZ_SHA256.encode())
    key.update(sha256_of(wheel).encode())
    for path in sorted(STDLIB_TRACE.iterdir()):
        key.update(path.name.encode() + path.read_bytes())
    cached = CACHE / f"stdlib-app-{key.hexdigest()[:16]}.zip"
    if not cached.exists():
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js is needed to trace the standard library the app uses: install it.")
        CACHE.mkdir(exist_ok=True)
        partial = cached.with_suffix(".part")
        log("tracing the standard library the engine imports (node stdlib/trace.mjs)")
        run(node, STDLIB_TRACE / "trace.mjs", dist, wheel, partial)
        partial.replace(cached)
    return cached


def esbuild_binary() -> Path:
    """esbuild's binary for this platform, from its npm package @esbuild/<platform> (npm pack,
    pinned by sha256), unpacked once under .cache/."""
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower(), platform.machine().lower())
    system = sys.platform  # linux, darwin, win32
    target = f"{system}-{machine}"
    if target not in ESBUILD_TGZ_SHA256:
        raise BuildError(f"no pinned esbuild for {target} (pinned: {', '.join(ESBUILD_TGZ_SHA256)}): "
                         "add its @esbuild/ package's sha256 to ESBUILD_TGZ_SHA256 in build.py.")
    exe = "esbuild.exe" if system == "win32" else "esbuild"
    binary = CACHE / f"esbuild-{target}-{ESBUILD_VERSION}" / exe
    if binary.exists():
        return binary
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to fetch esbuild: install Node.js (which ships npm).")
    package = f"@esbuild/{target}@{ESBUILD_VERSION}"
    tarball = cached_download(
        f"esbuild-{target}-{ESBUILD_VERSION}.tgz",
        ESBUILD_TGZ_SHA256[target],
        lambda tmp: run(npm, "pack", "--ignore-scripts", package, "--pack-destination", tmp),
    )
    with tarfile.open(tarball) as tar:
        member = tar.extractfile(f"package/{exe}" if system == "win32" else f"package/bin/{exe}")
        if member is None:
            raise BuildError(f"{tarball.name} has no esbuild binary")
        data = member.read()
    binary.parent.mkdir(exist_ok=True)
    partial = binary.with_suffix(".part")
    partial.write_bytes(data)
    partial.chmod(0o755)
    partial.replace(binary)
    return binary


def bundle_page(dist: Path, entry_name: str = PAGE_ENTRY, external: str | None = PAGE_EXTERNAL) -> list[str]:
    """Replace dist/js/main.js with one ES module holding it and every module it imports (the
    vendored Preact included), but the engine's client (PAGE_EXTERNAL): the page then runs one
    module, not nearly forty, each a task of its own and a step of a request chain
    (docs/performance.md). Bundled from dist/, so test hooks are already stripped or kept.
    Returns the modules bundled (paths in dist/), which the page no longer loads; they stay in
    dist/ for the bench pages and the e2e tests that import them. The players' page's entry
    (PLAY_ENTRY) is bundled the same way, with nothing left out."""
    entry = dist / entry_name
    with tempfile.TemporaryDirectory() as tmp:
        out, meta = Path(tmp) / "main.js", Path(tmp) / "meta.json"
        result = subprocess.run(
            [str(esbuild_binary()), entry_name, "--bundle", "--format=esm", "--charset=utf8",
             "--legal-comments=none", "--minify", *([f"--external:{external}"] if external else []),
             "--log-level=warning", f"--outfile={out}", f"--metafile={meta}"],
            cwd=dist, capture_output=True, text=True)
        if result.returncode:
            raise BuildError(f"bundling {entry_name} with esbuild failed:\n{result.stderr}")
        inputs = sorted(json.loads(meta.read_text())["inputs"])
        shutil.copyfile(out, entry)
    return [name for name in inputs if name != entry_name]


def vendor_jsqr(dist: Path) -> None:
    """jsQR's UMD script as a minified ES module (VENDOR_JSQR), its licence beside it."""
    with tarfile.open(npm_tarball("jsqr", JSQR_VERSION, JSQR_TGZ_SHA256, "jsQR")) as tar:
        script, licence = tar.extractfile(JSQR_SCRIPT), tar.extractfile("package/LICENSE")
        if script is None or licence is None:
            raise BuildError(f"jsqr-{JSQR_VERSION}.tgz has no {JSQR_SCRIPT} or LICENSE")
        source, licence_text = script.read(), licence.read()
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "jsQR.js").write_bytes(source)
        result = subprocess.run(
            [str(esbuild_binary()), "jsQR.js", "--bundle", "--format=esm", "--minify", "--legal-comments=none",
             "--log-level=warning", f"--outfile={dist / VENDOR_JSQR}"],
            cwd=tmp, capture_output=True, text=True)
        if result.returncode:
            raise BuildError(f"making an ES module of jsQR with esbuild failed:\n{result.stderr}")
    (dist / VENDOR_JSQR_LICENSE).write_bytes(licence_text)


def write_view_shape(dist: Path) -> None:
    """The players' view's published shape (pyfudge.encounter.players.VIEW_SHAPE), as JSON, for
    the players' page to check every view against (bundled into it by bundle_page)."""
    from pyfudge.encounter.players import VIEW_SHAPE

    (dist / VIEW_SHAPE_JSON).write_text(json.dumps(VIEW_SHAPE, indent=1) + "\n")


def pyodide_tarball() -> Path:
    return npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_TGZ_SHA256, "Pyodide")


def pypi_wheel(wheel: str, sha256: str, *pip_options: str) -> Path:
    """A pure-Python wheel from PyPI, by its pinned file name."""
    name, version = wheel.split("-")[:2]
    return cached_download(
        wheel,
        sha256,
        lambda tmp: run(sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                        "--only-binary=:all:", *pip_options, "--dest", tmp, f"{name}=={version}"),
    )


# ---------------------------------------------------------------- the pyfudge wheel


def build_wheel(out: Path) -> Path:
    """Build the pyfudge wheel into out/ with the pinned setuptools, from a clean copy.

    A copy, because setuptools' in-tree build/ keeps files deleted from pyfudge/ and
    would ship them. SOURCE_DATE_EPOCH makes the wheel's bytes depend on content only,
    so the build version changes exactly when the code does.
    """
    backend = CACHE / SETUPTOOLS_WHEEL.removesuffix(".whl")
    if not backend.exists():
        wheel = pypi_wheel(SETUPTOOLS_WHEEL, SETUPTOOLS_SHA256)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            with zipfile.ZipFile(wheel) as zf:
                zf.extractall(Path(tmp) / "unpacked")
            (Path(tmp) / "unpacked").replace(backend)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, src / name)
        shutil.copytree(ROOT / "pyfudge", src / "pyfudge",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        # What a PEP 517 front end does, minus the throw-away virtualenv.
        script = ("import sys; sys.path.insert(0, sys.argv[1]); "
                  "from setuptools import build_meta; build_meta.build_wheel(sys.argv[2])")
        env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}
        result = subprocess.run([sys.executable, "-c", script, str(backend), str(out)],
                                cwd=src, env=env, capture_output=True, text=True)
        if result.returncode:
            raise BuildError(f"building the pyfudge wheel failed:\n{result.stdout}{result.stderr}")
    wheels = sorted(out.glob("pyfudge-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pyfudge wheel, found {[w.name for w in wheels]}")
    return wheels[0]


def strip_source(text: str) -> str:
    """Python source without comments and with every docstring emptied (``("")``: still the
    docstring's place, so ``from __future__`` stays legal), each remaining line where it was:
    tracebacks keep their line numbers, the code compiles to the same behaviour."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def at(row: int, col: int, utf8: bool) -> int:
        if utf8:  # ast's columns count UTF-8 bytes, tokenize's characters
            col = len(lines[row - 1].encode()[:col].decode())
        return starts[row - 1] + col

    cuts = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                v = first.value
                cuts.append((at(v.lineno, v.col_offset, True), at(v.end_lineno, v.end_col_offset, True),
                             '(""' + "\n" * (v.end_lineno - v.lineno) + ")"))
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            cuts.append((at(*token.start, False), at(*token.end, False), ""))
    for begin, end, replacement in sorted(cuts, reverse=True):
        text = text[:begin] + replacement + text[end:]
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


def strip_wheel(wheel: Path) -> None:
    """Rewrite the wheel with its Python sources stripped (strip_source) and its RECORD updated:
    the browser downloads 140 kB instead of 200 kB of sources or 470 kB of bytecode. Pyodide
    compiles them at the first start of a build; later starts restore the engine's memory
    snapshot, made after the import (js/engine/engine-snapshot.js; docs/performance.md)."""
    with zipfile.ZipFile(wheel) as zf:
        entries = [(info, zf.read(info)) for info in zf.infolist()]
    rows = []
    out = []
    for info, data in entries:
        if info.filename.endswith(".py"):
            data = strip_source(data.decode()).encode()
        if not info.filename.endswith(".dist-info/RECORD"):
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{info.filename},sha256={digest},{len(data)}\n")
        else:
            record = info
            rows.append(f"{info.filename},,\n")
        out.append((info, data))
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in out:
            if info is record:
                data = "".join(rows).encode()
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)


# ---------------------------------------------------------------- the Pyodide lock file


def patch_lock(lock: dict, wheels: dict[str, tuple[str, Path]]) -> dict:
    """A lock file that lists only what dist/ ships, with hashes of the files it ships.

    wheels maps a package name to (file_name relative to pyodide/, local wheel path).
    Entries for wheels we do not ship are dropped: a lookup of them could only 404.
    micropip's entry gets the hash of the PyPI wheel we ship (Pyodide's own build of it
    differs), and pyfudge gets an entry so loadPyodide({packages: ["pyfudge"]}) fetches it
    while Python boots, checked against its sha256.
    """
    packages = {}
    for name, (file_name, path) in wheels.items():
        packages[name] = {
            "imports": [name],
            "depends": [],
            **lock["packages"].get(name, {}),
            "name": name,
            "version": path.name.split("-")[1],
            "file_name": file_name,
            "sha256": sha256_of(path),
            "install_dir": "site",
            "package_type": "package",
            "unvendored_tests": False,
        }
    return {**lock, "packages": packages}


# ---------------------------------------------------------------- icons

# The icon, in units of its own width: a rounded square in the theme colour with a white
# Fudge die showing "+". Both the SVG and the PNGs are drawn from this one list.
# (x, y, width, height, corner radius, colour)
def icon_shapes(maskable: bool) -> list[tuple[float, float, float, float, float, str]]:
    die = 0.46 if maskable else 0.56  # a maskable icon keeps its content in the middle 80%
    bar, arm = die * 0.16, die * 0.62
    c = 0.5
    return [
        (0, 0, 1, 1, 0 if maskable else 0.22, THEME),
        (c - die / 2, c - die / 2, die, die, die * 0.18, DIE),
        (c - arm / 2, c - bar / 2, arm, bar, bar * 0.2, THEME),
        (c - bar / 2, c - arm / 2, bar, arm, bar * 0.2, THEME),
    ]


def icon_svg() -> str:
    rects = "".join(
        f'<rect x="{x * 512:g}" y="{y * 512:g}" width="{w * 512:g}" height="{h * 512:g}" '
        f'rx="{r * 512:g}" fill="{colour}"/>'
        for x, y, w, h, r, colour in icon_shapes(maskable=False)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{rects}</svg>\n'


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def icon_png(size: int, maskable: bool) -> bytes:
    """Rasterise icon_shapes: each rounded rectangle's signed distance gives its coverage
    (anti-aliased edges); shapes are painted over one another."""
    shapes = [(x * size, y * size, w * size, h * size, r * size, _rgb(col))
              for x, y, w, h, r, col in icon_shapes(maskable)]
    half = (size + 1) // 2
    rows = []
    for py in range(half):  # the icon is symmetric: draw the top-left quarter, then mirror
        row = []
        for px in range(half):
            cx, cy = px + 0.5, py + 0.5
            r = g = b = a = 0.0
            for x, y, w, h, rad, (sr, sg, sb) in shapes:
                qx = abs(cx - (x + w / 2)) - (w / 2 - rad)
                qy = abs(cy - (y + h / 2)) - (h / 2 - rad)
                dist = (max(qx, 0) ** 2 + max(qy, 0) ** 2) ** 0.5 + min(max(qx, qy), 0) - rad
                cover = min(max(0.5 - dist, 0.0), 1.0)
                if cover:
                    keep = 1 - cover
                    r, g, b = sr * cover + r * keep, sg * cover + g * keep, sb * cover + b * keep
                    a = cover + a * keep
            # colours above are premultiplied by alpha; PNG wants them straight
            row.append((round(r / a), round(g / a), round(b / a), round(a * 255)) if a else (0, 0, 0, 0))
        row = row + row[: size - half][::-1]
        rows.append(bytes(v for pixel in row for v in pixel))
    rows = rows + rows[: size - half][::-1]
    return png(size, size, rows)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGBA PNG from rows of width*4 bytes."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------- manifest


def make_manifest(dist: Path, **extra) -> dict:
    """The build manifest: every file of dist/ with its sha256, and a version that is a
    hash of them all, so any change of content gives a new version (and a new cache)."""
    files = {
        path.relative_to(dist).as_posix(): sha256_of(path)
        for path in sorted(dist.rglob("*"))
        if path.is_file() and path.relative_to(dist).as_posix() not in (MANIFEST, SERVICE_WORKER, PLAY_SERVICE_WORKER)
    }
    listing = "".join(f"{name}\0{digest}\n" for name, digest in files.items())
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    return {"version": version, **extra, "files": files}


# Test-only code in the site's JavaScript sits between these two marks (each alone on its line):
# run Python in the engine, break it on purpose (js/engine/test-hooks.js, and the lines of
# js/engine/engine.js and engine-worker.js that use it). The e2e tests need it; a shipped build
# must not carry it, so build() removes it unless asked for it.
TEST_HOOKS_BEGIN = "// <test-hooks>"
TEST_HOOKS_END = "// </test-hooks>"


def strip_test_hooks(text: str, name: str = "") -> str:
    """text without its test-hook blocks (the mark lines included); a mark out of pairs stops
    the build."""
    kept, inside = [], False
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        mark = line.strip()
        if mark in (TEST_HOOKS_BEGIN, TEST_HOOKS_END):
            if inside == (mark == TEST_HOOKS_BEGIN):
                raise BuildError(f"{name}:{number}: {mark} out of pairs")
            inside = not inside
        elif not inside:
            kept.append(line)
    if inside:
        raise BuildError(f"{name}: {TEST_HOOKS_BEGIN} without its {TEST_HOOKS_END}")
    return "".join(kept)


def service_worker(manifest: dict) -> str:
    """sw.js with the manifest inlined: a new build changes the worker's bytes, which is
    how the browser notices an update."""
    template = (SITE / SERVICE_WORKER).read_text()
    return f"const BUILD = {json.dumps(manifest, indent=1)};\n\n{template}"


def play_service_worker(manifest: dict) -> str:
    """sw-play.js with the players' page's files and their hashes inlined (PLAY_FILES; PLAY_LAZY,
    cached when first used), and a version of its own: it changes only when one of them does."""
    files = {path: manifest["files"][path] for path in PLAY_FILES}
    lazy = {path: manifest["files"][path] for path in PLAY_LAZY}
    version = hashlib.sha256("".join(f"{p}\0{h}\n" for p, h in {**files, **lazy}.items()).encode()).hexdigest()[:16]
    template = (SITE / PLAY_SERVICE_WORKER).read_text()
    return f"const PLAY = {json.dumps({'version': version, 'files': files, 'lazy': lazy}, indent=1)};\n\n{template}"


# ---------------------------------------------------------------- build


def htm_tarball() -> Path:
    return npm_tarball("htm", HTM_VERSION, HTM_TGZ_SHA256, "htm/Preact")


def build(dist: Path = DIST, test_hooks: bool = False) -> dict:
    """Assemble dist/ and return its manifest. test_hooks keeps the e2e tests' hooks in the
    JavaScript (and says so in the manifest); without it they are stripped."""
    tarball = pyodide_tarball()
    micropip = pypi_wheel(MICROPIP_WHEEL, MICROPIP_SHA256, "--python-version", PYODIDE_PYTHON)
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(SITE, dist, ignore=shutil.ignore_patterns(SERVICE_WORKER, PLAY_SERVICE_WORKER, ".*"))
    for script in sorted(dist.rglob("*.js")):
        text = script.read_text()
        if TEST_HOOKS_BEGIN in text or TEST_HOOKS_END in text:
            stripped = strip_test_hooks(text, script.relative_to(dist).as_posix())  # checks the marks
            if not test_hooks and stripped.strip():
                script.write_text(stripped)
            elif not test_hooks:
                script.unlink()  # a module of test hooks only (js/engine/test-hooks.js): not shipped

    core = dist / "pyodide"
    core.mkdir()
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tarball.name} has no {name}")
            (core / name).write_bytes(member.read())

    with tarfile.open(htm_tarball()) as tar:
        member = tar.extractfile(HTM_MODULE)
        if member is None:
            raise BuildError(f"htm-{HTM_VERSION}.tgz has no {HTM_MODULE}")
        (dist / VENDOR_PREACT).parent.mkdir(exist_ok=True)
        (dist / VENDOR_PREACT).write_bytes(member.read())
    vendor_jsqr(dist)
    bundled = bundle_page(dist)
    write_view_shape(dist)
    play_bundled = bundle_page(dist, PLAY_ENTRY, None)

    wheels_dir = dist / "wheels"
    wheels_dir.mkdir()
    with tempfile.TemporaryDirectory() as tmp:
        built = build_wheel(Path(tmp))
        strip_wheel(built)
        # A folder named after the wheel's hash: new code is a new URL, never a stale copy
        # from an HTTP cache.
        pyfudge = wheels_dir / sha256_of(built)[:12] / built.name
        pyfudge.parent.mkdir()
        shutil.copy2(built, pyfudge)
    shutil.copy2(micropip, wheels_dir / micropip.name)
    shutil.copy2(app_stdlib(dist, pyfudge), dist / APP_STDLIB)
    segno = pypi_wheel(SEGNO_WHEEL, SEGNO_SHA256)
    shutil.copy2(segno, wheels_dir / segno.name)

    lock_path = core / "pyodide-lock.json"
    lock = patch_lock(
        json.loads(lock_path.read_text()),
        {
            "pyfudge": ("../" + pyfudge.relative_to(dist).as_posix(), pyfudge),
            "micropip": ("../wheels/" + micropip.name, micropip),
        },
    )
    lock_path.write_text(json.dumps(lock, indent=1))

    icons = dist / "icons"
    icons.mkdir(exist_ok=True)
    (icons / "icon.svg").write_text(icon_svg())
    (icons / "icon-192.png").write_bytes(icon_png(192, maskable=False))
    (icons / "icon-512.png").write_bytes(icon_png(512, maskable=False))
    (icons / "icon-maskable-512.png").write_bytes(icon_png(512, maskable=True))

    manifest = make_manifest(
        dist,
        pyodide=PYODIDE_VERSION,
        **({"test_hooks": True} if test_hooks else {}),
        wheels={
            "pyfudge": pyfudge.relative_to(dist).as_posix(),
            "micropip": "wheels/" + micropip.name,
            "segno": "wheels/" + segno.name,
        },
        stdlib=APP_STDLIB,
        # Fetched to fill the offline cache only once the rest is cached (sw.js): the full
        # standard library, for a module outside the app's own (stdlib/fallback.py), and the QR
        # decoder, so that a GM whose browser has no BarcodeDetector scans offline too.
        later=[FULL_STDLIB, VENDOR_JSQR],
        # Not fetched to fill the offline cache (sw.js), only when first used: micropip and
        # segno (a QR code), the QR decoder's licence, the benchmark's pages (bare.html,
        # bench/: nothing links them), the pages' modules as written, which their bundles hold
        # (bundle_page), the players' page, which its own service worker keeps (sw-play.js) on
        # the players' phones, and the web manifest's screenshots, which only the browser's
        # install prompt fetches.
        lazy=["wheels/" + micropip.name, "wheels/" + segno.name, VENDOR_JSQR_LICENSE, "bare.html",
              "js/engine/bare.js", "js/engine/bare-worker.js"]
        + sorted("bench/" + p.name for p in (dist / "bench").iterdir())
        + sorted("screenshots/" + p.name for p in (dist / "screenshots").iterdir())
        + sorted(set(bundled) | set(play_bundled) | {PLAY_PAGE, PLAY_ENTRY}),
    )
    (dist / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    (dist / SERVICE_WORKER).write_text(service_worker(manifest))
    (dist / PLAY_SERVICE_WORKER).write_text(play_service_worker(manifest))
    log(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} "
        f"version {manifest['version']} ({len(manifest['files'])} files"
        f"{', with test hooks' if test_hooks else ''})")
    return manifest


# ---------------------------------------------------------------- serve


def serve(port: int) -> None:
    build()
    server = harness.SiteServer(DIST, port)
    print(f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# ---------------------------------------------------------------- test


TEST_TOOLS = ("hypothesis", "pytest", "pytest_playwright", "ruff", "mypy")


def ensure_test_tools() -> None:
    if not all(importlib.util.find_spec(name) for name in TEST_TOOLS):
        log("installing the test dependencies (pip install -e '.[test]')")
        run(sys.executable, "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]")


def lint() -> int:
    """ruff over the repository, then mypy over pyfudge/ (both configured in pyproject.toml);
    0 when both are clean, else the first failure's exit code (its report is already printed)."""
    for name, cmd in (("ruff", ["ruff", "check", "."]), ("mypy", ["mypy"])):
        log(f"{name}: {' '.join(cmd)}")
        code = subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT).returncode
        if code:
            log(f"{name} failed (exit {code}): fix what it lists above; the tests did not run")
            return code
    return 0


def warn_stale_mutation_rows() -> None:
    """Say which rows of docs/mutation.md measured code that has changed since: a warning, not a
    failure (docs/mutation.md says why); without git history there is nothing to compare."""
    try:
        changed, _ = mutants.stale()
    except (OSError, subprocess.CalledProcessError) as err:
        log(f"warning: docs/mutation.md's rows not compared with the code ({err})")
        return
    for why in changed:
        log(f"warning: docs/mutation.md row stale: {why} (re-run: python build.py mutants {why.split()[0]})")


def test(pytest_args: list[str]) -> int:
    ensure_test_tools()
    if code := lint():
        return code
    chromium = harness.find_chromium()
    log(f"Chromium: {chromium}")
    build(test_hooks=True)  # the e2e tests drive the engine's test hooks
    warn_stale_mutation_rows()
    env = {**os.environ, "PYFUDGE_CHROMIUM": chromium, "PYFUDGE_DIST": str(DIST)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "tests", "e2e", *pytest_args], cwd=ROOT, env=env
    ).returncode


# ---------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    build_cmd = sub.add_parser("build", help="assemble dist/ (the default)")
    build_cmd.add_argument("--test-hooks", action="store_true",
                           help="keep the e2e tests' hooks in the JavaScript (never ship such a build)")
    serve_cmd = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="ruff and mypy, then build and run pytest tests e2e (extra args go to pytest)")
    # No help of its own: --help goes to bench.py, which lists its parts.
    sub.add_parser("bench", help="time the app in headless Chromium (bench.py; args go to it)", add_help=False)
    sub.add_parser("mutants", help="mutation run of the rules core with mutmut (mutants.py; args go to it)")
    sub.add_parser("graph", help="redraw pyfudge's import graph in docs/layout.md (import_graph.py)")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "bench", "mutants"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        if args.command in (None, "build"):
            build(test_hooks=getattr(args, "test_hooks", False))
        elif args.command == "serve":
            serve(args.port)
        elif args.command == "test":
            return test(rest)
        elif args.command == "bench":
            # A program of its own (it imports this module to build): run, not imported, so no circle.
            return subprocess.run([sys.executable, str(ROOT / "bench.py"), *rest], cwd=ROOT).returncode
        elif args.command == "mutants":
            return mutants.main(rest)
        elif args.command == "graph":
            changed = import_graph.write()
            log(f"{import_graph.LAYOUT.relative_to(ROOT)}: import graph {'redrawn' if changed else 'unchanged'}")
    except (BuildError, harness.NoChromium) as err:
        print(f"build.py: error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
