"""Unit tests of build.py's pieces: the manifest, the service worker stamp, the pinned
download check, the lock-file patch and the icons. No network, no browser."""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from pathlib import Path

import pytest

import build


def write(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_manifest_lists_every_file_with_its_hash(tmp_path):
    write(tmp_path, {"index.html": b"<p>hi", "js/a.js": b"a", "pyodide/x.wasm": b"\0asm"})
    manifest = build.make_manifest(tmp_path, pyodide="1")
    assert manifest["files"] == {
        "index.html": hashlib.sha256(b"<p>hi").hexdigest(),
        "js/a.js": hashlib.sha256(b"a").hexdigest(),
        "pyodide/x.wasm": hashlib.sha256(b"\0asm").hexdigest(),
    }
    assert manifest["pyodide"] == "1"
    assert len(manifest["version"]) == 16


def test_manifest_leaves_out_itself_and_the_service_worker(tmp_path):
    write(tmp_path, {"index.html": b"x", build.MANIFEST: b"{}", build.SERVICE_WORKER: b"//"})
    assert list(build.make_manifest(tmp_path)["files"]) == ["index.html"]


def test_version_changes_with_content_and_only_with_content(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    write(a, {"index.html": b"x", "wheels/p.whl": b"1"})
    write(b, {"wheels/p.whl": b"1", "index.html": b"x"})
    assert build.make_manifest(a)["version"] == build.make_manifest(b)["version"]
    (b / "wheels/p.whl").write_bytes(b"2")
    assert build.make_manifest(a)["version"] != build.make_manifest(b)["version"]
    write(b, {"wheels/p.whl": b"1", "renamed.html": b"x"})
    (b / "index.html").unlink()
    assert build.make_manifest(a)["version"] != build.make_manifest(b)["version"]


def test_service_worker_carries_the_manifest():
    manifest = {"version": "abc", "files": {"index.html": "00"}}
    sw = build.service_worker(manifest)
    first, rest = sw.split("\n", 1)
    assert first.startswith("const BUILD = {")
    assert json.loads(sw[len("const BUILD = "):sw.index(";\n")]) == manifest
    assert "BUILD.version" in rest


def test_verify_accepts_the_pinned_hash_and_removes_a_mismatch(tmp_path):
    good = write(tmp_path, {"f.tgz": b"data"}) / "f.tgz"
    assert build.verify(good, hashlib.sha256(b"data").hexdigest()) == good
    with pytest.raises(build.BuildError, match="sha256 mismatch for f.tgz"):
        build.verify(good, "0" * 64)
    assert not good.exists()


def test_cached_download_fetches_once_then_uses_the_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CACHE", tmp_path)
    calls = []

    def fetch(tmp: Path) -> None:
        calls.append(tmp)
        (tmp / "pkg.whl").write_bytes(b"wheel")

    sha = hashlib.sha256(b"wheel").hexdigest()
    assert build.cached_download("pkg.whl", sha, fetch).read_bytes() == b"wheel"
    assert build.cached_download("pkg.whl", sha, fetch) == tmp_path / "pkg.whl"
    assert len(calls) == 1


def test_cached_download_fails_loudly_on_a_bad_download(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CACHE", tmp_path)
    with pytest.raises(build.BuildError, match="sha256 mismatch"):
        build.cached_download("pkg.whl", "0" * 64, lambda tmp: (tmp / "pkg.whl").write_bytes(b"x"))
    assert not (tmp_path / "pkg.whl").exists()


def test_lock_lists_only_the_shipped_wheels_with_their_hashes(tmp_path):
    pyfudge = write(tmp_path, {"pyfudge-0.1.0-py3-none-any.whl": b"pf"}) / "pyfudge-0.1.0-py3-none-any.whl"
    micropip = write(tmp_path, {"micropip-0.11.1-py3-none-any.whl": b"mp"}) / "micropip-0.11.1-py3-none-any.whl"
    lock = {
        "info": {"python": "3.14.2"},
        "packages": {
            "micropip": {"name": "micropip", "version": "0.11.1", "sha256": "pyodide-build",
                         "file_name": "micropip-0.11.1-py3-none-any.whl", "imports": ["micropip"],
                         "depends": []},
            "numpy": {"name": "numpy", "file_name": "numpy.whl"},
        },
    }
    patched = build.patch_lock(lock, {
        "pyfudge": ("../wheels/h/" + pyfudge.name, pyfudge),
        "micropip": ("../wheels/" + micropip.name, micropip),
    })
    assert patched["info"] == lock["info"]
    assert set(patched["packages"]) == {"pyfudge", "micropip"}
    entry = patched["packages"]["pyfudge"]
    assert entry["file_name"] == "../wheels/h/pyfudge-0.1.0-py3-none-any.whl"
    assert entry["sha256"] == hashlib.sha256(b"pf").hexdigest()
    assert entry["version"] == "0.1.0" and entry["imports"] == ["pyfudge"]
    assert patched["packages"]["micropip"]["sha256"] == hashlib.sha256(b"mp").hexdigest()


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """Check a PNG's structure and CRCs; return width, height and raw scanlines."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        tag, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(tag + body)
        chunks[tag] = chunks.get(tag, b"") + body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 6)
    return width, height, zlib.decompress(chunks[b"IDAT"])


@pytest.mark.parametrize("maskable", [False, True])
def test_icon_png_is_a_valid_square_image(maskable):
    width, height, raw = read_png(build.icon_png(48, maskable))
    assert (width, height) == (48, 48)
    assert len(raw) == 48 * (1 + 48 * 4)
    rows = [raw[y * 193 + 1:(y + 1) * 193] for y in range(48)]
    corner, centre = rows[0][:4], rows[24][24 * 4:25 * 4]
    assert corner[3] == (255 if maskable else 0)  # only the maskable icon fills its corners
    assert centre[3] == 255


def test_icon_svg_draws_the_same_shapes():
    svg = build.icon_svg()
    assert svg.startswith("<svg") and svg.count("<rect") == len(build.icon_shapes(False))
    assert build.THEME in svg


def test_bench_is_wired_to_bench_py(capfd):
    # The benchmark itself is bench.py (tests/test_bench.py), run as a program; a bad argument stops it early.
    assert build.main(["bench", "--runs", "0"]) == 2 and "--runs" in capfd.readouterr().err


def test_built_site_matches_its_manifest():
    """When dist/ has been built (build.py test builds first), its manifest is complete."""
    manifest_path = build.DIST / build.MANIFEST
    if not manifest_path.exists():
        pytest.skip("dist/ not built")
    manifest = json.loads(manifest_path.read_text())
    assert manifest == build.make_manifest(build.DIST, **{
        k: v for k, v in manifest.items() if k not in ("version", "files")})
    for name in build.PYODIDE_FILES:
        assert f"pyodide/{name}" in manifest["files"]
    for wheel in manifest["wheels"].values():
        assert wheel in manifest["files"]
    sw = (build.DIST / build.SERVICE_WORKER).read_text()
    assert json.dumps(manifest["version"]) in sw


STRIP_SAMPLE = '''"""Module docstring,
on two lines."""

from __future__ import annotations  # must stay legal after the emptied docstring

X = "# not a comment"  # a comment


class Fighter:
    """A fighter."""

    def hurt(self, n):  # why
        """How hurt: ``n`` boxes.

        Several lines, a quote \'\'\' and é (columns in UTF-8 bytes).
        """
        return n + 1  # the rest of the line goes


def only_a_docstring():
    """Nothing else."""
'''


def test_strip_source_drops_comments_and_docstrings_and_keeps_every_line_and_behaviour():
    stripped = build.strip_source(STRIP_SAMPLE)
    assert len(stripped.splitlines()) == len(STRIP_SAMPLE.splitlines())
    assert "#" not in stripped.replace('"# not a comment"', "")
    for text in ("Module docstring", "How hurt", "A fighter", "Nothing else"):
        assert text not in stripped
    names = {}
    exec(compile(stripped, "sample.py", "exec"), names)
    assert names["Fighter"]().hurt(2) == 3 and names["only_a_docstring"]() is None
    assert names["X"] == "# not a comment" and names["Fighter"].__doc__ == ""
    # every line of code stays on its line number (tracebacks point at the repository's lines)
    for number, line in enumerate(STRIP_SAMPLE.splitlines(), 1):
        if line.strip().startswith(("return", "def ", "class ", "X =")):
            assert stripped.splitlines()[number - 1].strip() == line.split("  #")[0].strip()


def test_strip_source_of_every_pyfudge_module_compiles_to_the_same_code_lines():
    """Each module stripped keeps its line count, and its functions start on the same lines."""
    for path in sorted((build.ROOT / "pyfudge").rglob("*.py")):
        text = path.read_text()
        stripped = build.strip_source(text)
        assert len(stripped.splitlines()) == len(text.splitlines()), path

        def lines(code):
            found = [(code.co_name, code.co_firstlineno)]
            for const in code.co_consts:
                if hasattr(const, "co_code"):
                    found += lines(const)
            return found
        assert lines(compile(stripped, str(path), "exec")) == lines(compile(text, str(path), "exec")), path


def test_built_wheel_ships_stripped_sources():
    """When dist/ has been built, its pyfudge wheel holds every module as stripped source
    (build.strip_wheel), each listed in RECORD with its hash."""
    import base64
    import zipfile

    manifest_path = build.DIST / build.MANIFEST
    if not manifest_path.exists():
        pytest.skip("dist/ not built")
    wheel = build.DIST / json.loads(manifest_path.read_text())["wheels"]["pyfudge"]
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        record = zf.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        modules = sorted(p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "pyfudge").rglob("*.py"))
        assert modules and not [n for n in names if n.endswith(".pyc")]
        for module in modules:
            data = zf.read(module)
            assert data.decode() == build.strip_source((build.ROOT / module).read_text()), module
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert f"\n{module},sha256={digest},{len(data)}\n" in "\n" + record, module
    assert wheel.stat().st_size < 225_000  # a guard against shipping what is not code (215 kB on 27 Nov)


def test_strip_test_hooks_removes_each_marked_block_and_its_marks():
    text = "a\n// <test-hooks>\nhook()\n// </test-hooks>\nb\n  // <test-hooks>\n  x\n  // </test-hooks>\n"
    assert build.strip_test_hooks(text) == "a\nb\n"
    assert build.strip_test_hooks("no hooks\n") == "no hooks\n"


@pytest.mark.parametrize("text", [
    "// <test-hooks>\nx\n",                            # never closed
    "x\n// </test-hooks>\n",                           # closed, never opened
    "// <test-hooks>\n// <test-hooks>\n// </test-hooks>\n// </test-hooks>\n",  # nested
])
def test_strip_test_hooks_stops_on_marks_out_of_pairs(text):
    with pytest.raises(build.BuildError, match="test-hooks"):
        build.strip_test_hooks(text, "js/x.js")


HOOK_NAMES = ("testPython", "testCrash", "test-crash", "crashNext", "pyfudgeEngine", "runPython(python")


HOOKS_MODULE = "js/engine/test-hooks.js"


def test_the_test_hooks_module_is_all_test_hooks():
    """The hooks live in their own module, one marked block: a shipped build strips it to nothing
    (and build() then ships no such file)."""
    source = (build.SITE / HOOKS_MODULE).read_text()
    assert all(name in source for name in HOOK_NAMES[:3])  # the marks hide something real
    assert build.strip_test_hooks(source, HOOKS_MODULE).strip() == ""


@pytest.mark.parametrize("script", ["js/engine/engine.js", "js/engine/engine-worker.js"])
def test_the_engine_scripts_without_their_hooks_still_parse_and_hold_no_hook(script, tmp_path):
    """What a shipped build serves: no way to run Python or break the engine from the page, and
    still valid JavaScript (node --check parses it as a module)."""
    import shutil
    import subprocess

    source = (build.SITE / script).read_text()
    assert "./test-hooks.js" in source  # the marks hide something real: the hooks' module
    stripped = build.strip_test_hooks(source, script)
    assert not [name for name in (*HOOK_NAMES, "./test-hooks.js") if name in stripped]
    if shutil.which("node") is None:
        pytest.skip("no node to parse the stripped script")
    copy = tmp_path / (Path(script).stem + ".mjs")
    copy.write_text(stripped)
    result = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_built_site_has_test_hooks_only_when_its_manifest_says_so():
    """When dist/ has been built: a --test-hooks build (what `build.py test` makes) says so in its
    manifest and keeps them; a shipped build has none."""
    manifest_path = build.DIST / build.MANIFEST
    if not manifest_path.exists():
        pytest.skip("dist/ not built")
    hooked = json.loads(manifest_path.read_text()).get("test_hooks", False)
    assert (build.DIST / HOOKS_MODULE).exists() == hooked
    for script in ("js/engine/engine.js", "js/engine/engine-worker.js"):
        text = (build.DIST / script).read_text()
        assert ("./test-hooks.js" in text) == hooked, script
        assert (build.TEST_HOOKS_BEGIN in text) == hooked, script


def test_every_test_module_has_a_name_of_its_own():
    """tests/ and e2e/ are collected in one pytest run without packages: two test files of the
    same name stop the whole run at collection ("import file mismatch")."""
    names = [p.name for folder in ("tests", "e2e") for p in (build.ROOT / folder).glob("test_*.py")]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []


def test_the_built_page_runs_one_module_of_its_own_and_the_engine_client():
    """When dist/ has been built: js/main.js is the bundle of the page's modules (bundle_page),
    importing only the engine's client (which finds its worker by its own address), which the page
    preloads so that both come in one round trip; the modules it holds stay in dist/ for the
    bench pages and tests, never fetched to fill the offline cache."""
    import re

    manifest_path = build.DIST / build.MANIFEST
    if not manifest_path.exists():
        pytest.skip("dist/ not built")
    text = (build.DIST / build.PAGE_ENTRY).read_text()
    assert set(re.findall(r'(?:\bfrom|\bimport)\s*\(?\s*"(\.{0,2}/[^"\s]*)"', text)) == {build.PAGE_EXTERNAL}
    page = (build.DIST / "index.html").read_text()
    assert set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)) == {"js/" + build.PAGE_EXTERNAL[2:]}
    lazy = json.loads(manifest_path.read_text())["lazy"]
    assert {build.VENDOR_PREACT, "js/screens/app.js", "js/data/storage.js"} <= set(lazy)
    assert not {build.PAGE_ENTRY, "js/engine/engine.js", "js/engine/engine-worker.js"} & set(lazy)


def test_the_qr_decoder_is_vendored_with_its_licence_and_in_no_first_visit():
    """When dist/ has been built: jsQR as an ES module in vendor/ with its Apache-2.0 licence beside
    it, the decoder cached by the app's service worker after the rest and by the players' page's
    when first used (never in a first visit's files), and no page bundle importing it by name
    (js/live/scan.js imports it when a scan starts)."""
    import re

    manifest_path = build.DIST / build.MANIFEST
    if not manifest_path.exists():
        pytest.skip("dist/ not built")
    decoder = (build.DIST / build.VENDOR_JSQR).read_text()
    assert re.search(r"export\s*\{?\s*\w+ as default|export default", decoder)
    assert "Apache License" in (build.DIST / build.VENDOR_JSQR_LICENSE).read_text()
    manifest = json.loads(manifest_path.read_text())
    # The GM's offline cache takes the decoder once the rest is in (a scan offline without
    # BarcodeDetector); its licence only when read. The players' page caches it on first use.
    assert build.VENDOR_JSQR in manifest["later"] and build.VENDOR_JSQR_LICENSE in manifest["lazy"]
    assert not {build.VENDOR_JSQR, build.VENDOR_JSQR_LICENSE} & set(build.PLAY_FILES)
    play_worker = (build.DIST / build.PLAY_SERVICE_WORKER).read_text()
    assert f'"{build.VENDOR_JSQR}": "{manifest["files"][build.VENDOR_JSQR]}"' in play_worker
    for bundle in (build.PAGE_ENTRY, build.PLAY_ENTRY):
        text = (build.DIST / bundle).read_text()
        assert "jsQR" not in text and "vendor/jsqr.mjs" in text, bundle  # its address, not its code


# --- the PWA manifest: what an install prompt shows -------------------------------------------

def _png_size(path):
    """A PNG's width and height, read from its IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_the_web_manifest_describes_the_app_with_screenshots_shortcuts_and_categories():
    site = build.SITE
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert not manifest["name"].endswith("Fudge dice") and "combat" in manifest["name"].lower()
    assert "encounter" in manifest["description"] and "wound" in manifest["description"]
    assert {"games", "utilities"} <= set(manifest["categories"])
    shots = {s["form_factor"]: s for s in manifest["screenshots"]}
    assert set(shots) == {"narrow", "wide"}
    for shot in shots.values():
        width, height = _png_size(site / shot["src"])
        assert shot["sizes"] == f"{width}x{height}" and shot["type"] == "image/png" and shot["label"]
        # Chrome shows a screenshot whose long side is at most 2.3 times its short side.
        assert max(width, height) <= 2.3 * min(width, height)
    assert _png_size(site / shots["narrow"]["src"]) == (390, 844)
    width, height = _png_size(site / shots["wide"]["src"])
    assert width > height
    shortcuts = {s["name"]: s["url"] for s in manifest["shortcuts"]}
    assert shortcuts == {"New encounter": "./#/new", "Last encounter": "./#/last"}
