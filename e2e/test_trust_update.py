"""A new build deployed while a page is open. The open page keeps running the build
it started with — even a restarted engine comes from its build's cache, never the new wheel —
is told an update is ready (a status with a Reload button), and switches on reload: the new
page, the new wheel, the old build's cache deleted and its unchanged files (the 9.6 MB wasm)
reused, not fetched again.

The second build is the first one with two changes: `<main data-build="new">` in index.html
and a wheel whose `pyfudge.__version__` is "0.1.0+new" (so a new hash, a new URL and a new
lock entry); build.py's own functions write its lock, manifest and sw.js."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_app import WASM, wait_offline_ready, wait_ready, wait_until

import build

pytestmark = pytest.mark.usefixtures("hooked_build")  # drives ?test-hooks

NEW_VERSION = "0.1.0+new"


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def stale(name: str) -> bool:
    return name.startswith("pyfudge/__pycache__/__init__.") or name == "pyfudge/__init__.pyc"


def changed_wheel(old: Path, folder: Path) -> Path:
    """The wheel old with pyfudge.__version__ = NEW_VERSION (RECORD updated), in folder/.
    Its compiled pyfudge/__init__ (the build may ship unchecked .pyc files) is left out; a
    wheel of bytecode only gets the changed source from the repository."""
    folder.mkdir(parents=True)
    out = folder / old.name
    with zipfile.ZipFile(old) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        changed = {}
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "pyfudge/__init__.py":
                text = data.decode()
                assert '__version__ = "0.1.0"' in text
                data = text.replace('__version__ = "0.1.0"', f'__version__ = "{NEW_VERSION}"').encode()
                changed[info.filename] = data
            elif info.filename.endswith(".dist-info/RECORD") or stale(info.filename):
                continue  # RECORD is written last, with the new hash
            dst.writestr(info, data)
        if "pyfudge/__init__.py" not in changed:
            text = (Path(__file__).parent.parent / "pyfudge" / "__init__.py").read_text()
            assert '__version__ = "0.1.0"' in text
            data = text.replace('__version__ = "0.1.0"', f'__version__ = "{NEW_VERSION}"').encode()
            changed["pyfudge/__init__.py"] = data
            dst.writestr("pyfudge/__init__.py", data)
        record = next(i for i in src.infolist() if i.filename.endswith(".dist-info/RECORD"))
        lines = []
        for line in src.read(record).decode().splitlines():
            name = line.split(",")[0]
            if stale(name):
                continue
            if name in changed:
                line = f"{name},{_record_hash(changed[name])},{len(changed[name])}"
            lines.append(line)
        listed = {line.split(",")[0] for line in lines}
        lines += [f"{n},{_record_hash(d)},{len(d)}" for n, d in changed.items() if n not in listed]
        dst.writestr(record, "\n".join(lines) + "\n")
    return out


def make_new_build(dist: Path, tmp_path: Path) -> tuple[Path, dict]:
    """A copy of dist/ as the next deployment: changed page, changed wheel; its manifest."""
    new = tmp_path / "dist-new"
    shutil.copytree(dist, new)
    index = new / "index.html"
    index.write_text(index.read_text().replace("<main", '<main data-build="new"', 1))

    old_manifest = json.loads((dist / build.MANIFEST).read_text())
    wheels = dict(old_manifest["wheels"])
    old_wheel = new / wheels["pyfudge"]
    staged = changed_wheel(old_wheel, tmp_path / "wheel")
    shutil.rmtree(old_wheel.parent)
    wheel = new / "wheels" / build.sha256_of(staged)[:12] / staged.name
    wheel.parent.mkdir()
    shutil.move(staged, wheel)
    wheels["pyfudge"] = wheel.relative_to(new).as_posix()

    lock_path = new / "pyodide" / "pyodide-lock.json"
    lock = build.patch_lock(json.loads(lock_path.read_text()), {
        "pyfudge": ("../" + wheels["pyfudge"], wheel),
        "micropip": ("../" + wheels["micropip"], new / wheels["micropip"]),
    })
    lock_path.write_text(json.dumps(lock, indent=1))

    extra = {k: v for k, v in old_manifest.items() if k not in ("version", "files", "wheels")}
    manifest = build.make_manifest(new, **extra, wheels=wheels)
    (new / build.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    (new / build.SERVICE_WORKER).write_text(build.service_worker(manifest))
    return new, manifest


def engine_version(page) -> str:
    """The pyfudge version the page's engine runs (asked through the test hook)."""
    return page.evaluate("pyfudgeEngine.request('version').then((r) => r.result.pyfudge)")


def caches(page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def open_old_build(open_context, site, dist, **options):
    context = open_context(**options)
    page = context.new_page()
    page.goto(site.url + "?test-hooks")
    wait_ready(page)
    wait_offline_ready(page)
    old = json.loads((dist / build.MANIFEST).read_text())["version"]
    assert page.evaluate("pyfudgeEngine.build") == old
    assert caches(page) == ["pyfudge-" + old]
    return context, page, old


def update_notice(page):
    return page.get_by_role("status").filter(has_text="new version of pyfudge is ready")


def test_an_open_page_keeps_its_build_is_told_and_switches_on_reload(
        open_context, site, dist, tmp_path, screen, axe_check):
    new, manifest = make_new_build(dist, tmp_path)
    context, page, old = open_old_build(open_context, site, dist, **screen)
    recorder = context.recorder
    with site.serving(new):
        wasm = site.hits("/" + WASM)
        since = len(recorder.responses)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")

        # Told: a status with a clear text and a Reload button; the new build waits.
        notice = update_notice(page)
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Reload to use it")
        expect(notice.get_by_role("button", name="Reload")).to_be_visible()
        assert caches(page) == sorted(["pyfudge-" + old, "pyfudge-" + manifest["version"]])
        axe_check(page, "the update notice")
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        box = notice.get_by_role("button", name="Reload").bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, box

        # The open page still runs its own build, even with an engine restarted from scratch.
        assert engine_version(page) == "0.1.0"
        page.evaluate("pyfudgeEngine.testCrash('terminate')")
        page.wait_for_selector("html[data-engine=restarting]")
        wait_ready(page)
        expect(page.get_by_role("status").first).to_contain_text("was restarted")
        assert page.evaluate("pyfudgeEngine.build") == old
        assert engine_version(page) == "0.1.0"
        expect(page.locator("main")).not_to_have_attribute("data-build", "new")
        # Nothing of the new build entered this page: every answer to the page and its workers
        # came from the old build's cache; only the service workers reached the server.
        answers = [r for r in recorder.responses[since:] if not r["by_service_worker"]]
        assert answers, "the restarted engine loaded nothing?"
        from_network = [r["url"] for r in answers if not r["from_service_worker"]
                         and not r["url"].endswith("/sw.js") and not r["url"].startswith("blob:")]
        assert not from_network, from_network
        assert not [r for r in answers if manifest["wheels"]["pyfudge"] in r["url"]]

        # Reload: the new build runs, its cache is the only one, the wasm was not fetched again.
        with page.expect_navigation():
            notice.get_by_role("button", name="Reload").click()
        wait_ready(page)
        expect(page.locator("main")).to_have_attribute("data-build", "new")
        assert page.evaluate("pyfudgeEngine.build") == manifest["version"]
        assert engine_version(page) == NEW_VERSION
        wait_offline_ready(page)
        expect(page.locator("#offline-status")).to_contain_text(manifest["version"])
        wait_until(lambda: caches(page) == ["pyfudge-" + manifest["version"]])
        expect(update_notice(page)).to_have_count(0)
        assert site.hits("/" + WASM) == wasm  # reused from the old build's cache


def test_a_cache_never_holds_a_file_of_another_build(open_context, site, dist, tmp_path):
    """The old build's cache misses a file (evicted, or a first visit still caching) when a new
    build is published: its service worker refuses the new bytes (their sha256 is not in its
    manifest), so a cache never mixes builds, and it looks for the new build at once."""
    new, manifest = make_new_build(dist, tmp_path)
    context, page, old = open_old_build(open_context, site, dist)
    page.evaluate(f"""async () => {{
        const cache = await caches.open("pyfudge-{old}");
        await cache.delete("index.html");
        await cache.delete("./");
    }}""")
    with site.serving(new):
        error = page.evaluate("""() => import("./js/data/offline.js")
            .then((offline) => offline.fillCache()).then(() => null, (err) => err.message)""")
        assert error and "changed on the server" in error, error
        cached = page.evaluate(f"""() => caches.open("pyfudge-{old}")
            .then((cache) => cache.match("index.html")).then((hit) => hit && hit.text())""")
        assert cached is None
        expect(update_notice(page)).to_be_visible()  # the worker went to find the new build


def test_a_page_left_on_the_old_build_never_mixes_it_with_the_new(open_context, site, dist, tmp_path):
    """Another tab switches to the new build while this one stays open: this page is told,
    and if its engine must restart it refuses the new build's engine (another wheel under this
    page's code) and asks for a reload instead."""
    new, manifest = make_new_build(dist, tmp_path)
    context, page, old = open_old_build(open_context, site, dist)
    with site.serving(new):
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        expect(update_notice(page)).to_be_visible()
        other = context.new_page()
        other.goto(site.url + "?test-hooks")
        with other.expect_navigation():  # the other tab takes the update
            update_notice(other).get_by_role("button", name="Reload").click()
        other.wait_for_selector("main[data-build=new]")
        wait_ready(other)
        assert engine_version(other) == NEW_VERSION

        notice = page.get_by_role("status").filter(has_text="updated in another tab")
        expect(notice).to_be_visible()
        assert engine_version(page) == "0.1.0"  # the running engine is untouched
        page.evaluate("pyfudgeEngine.testCrash('terminate')")
        page.wait_for_selector("html[data-engine=failed]")
        expect(page.locator("#engine-status")).to_contain_text(
            "A new version of pyfudge was installed while this page was open. Reload the page")
        answer = page.evaluate("pyfudgeEngine.request('ladder')")
        assert answer["error"]["type"] == "UpdateRequired"

        with page.expect_navigation():
            notice.get_by_role("button", name="Reload").click()
        wait_ready(page)
        expect(page.locator("main")).to_have_attribute("data-build", "new")
        assert engine_version(page) == NEW_VERSION
