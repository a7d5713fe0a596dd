"""Browser tests of the built site in a real headless Chromium (pytest-playwright).

The site is served from dist/ by build.py's own server on 127.0.0.1. Every browser
context a test opens logs each request (page, dedicated worker and service worker),
every console line and page error; a test that fails leaves a screenshot of each page
and those logs under test-results/<test name>/.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

RESULTS = ROOT / "test-results"
READY_TIMEOUT_MS = 90_000  # Pyodide boots in ~3 s here; a busy CI machine may be far slower


def chromium() -> str | None:
    """The Chromium to drive: $PYFUDGE_CHROMIUM, else Debian's, else Playwright's own."""
    path = os.environ.get("PYFUDGE_CHROMIUM")
    if path:
        return path
    return str(build.DEBIAN_CHROMIUM) if build.DEBIAN_CHROMIUM.exists() else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {**browser_type_launch_args, "args": build.CHROMIUM_ARGS}
    if chromium():
        args["executable_path"] = chromium()
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "allow"}


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site: $PYFUDGE_DIST when `build.py test` just built it, else build now."""
    if os.environ.get("PYFUDGE_DIST"):
        return Path(os.environ["PYFUDGE_DIST"])
    build.build()
    return build.DIST


class Site:
    """dist/ served on a free port; counts the requests that reach the server.
    serving(directory) swaps in another build for a while, on the same origin."""

    def __init__(self, directory: Path):
        self.paths: list[str] = []
        self._lock = threading.Lock()
        self.server = build.SiteServer(directory, 0, on_request=self._record)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.origin = self.url.rstrip("/")

    def _record(self, path: str) -> None:
        with self._lock:
            self.paths.append(path.split("?")[0])

    def hits(self, path: str) -> int:
        with self._lock:
            return self.paths.count(path)

    @contextlib.contextmanager
    def serving(self, directory: Path):
        previous, self.server.directory = self.server.directory, directory
        try:
            yield
        finally:
            self.server.directory = previous


@pytest.fixture(scope="session")
def site(dist):
    s = Site(dist)
    thread = threading.Thread(target=s.server.serve_forever, daemon=True)
    thread.start()
    yield s
    s.server.shutdown()
    s.server.server_close()


@dataclass
class Recorder:
    """What one browser context did."""

    requests: list[dict] = field(default_factory=list)
    responses: list[dict] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def attach(self, context) -> None:
        context.on("request", lambda r: self.requests.append(
            {"url": r.url, "type": r.resource_type, "service_worker": r.service_worker is not None}))
        context.on("response", lambda r: self.responses.append(
            {"url": r.url, "status": r.status, "from_service_worker": r.from_service_worker,
             "by_service_worker": r.request.service_worker is not None}))
        context.on("console", lambda m: self.console.append(f"[page {m.type}] {m.text}"))
        context.on("weberror", lambda e: self.console.append(f"[page error] {e.error}"))
        context.on("page", self._watch_page)
        context.on("serviceworker", lambda w: w.on(
            "console", lambda m: self.console.append(f"[service worker {m.type}] {m.text}")))

    def _watch_page(self, page) -> None:
        page.on("worker", lambda w: w.on(
            "console", lambda m: self.console.append(f"[worker {m.type}] {m.text}")))

    def off_origin(self, origin: str) -> list[str]:
        """Requests to anywhere but origin (data: and blob: URLs never leave the page)."""
        def outside(url: str) -> bool:
            parts = urlsplit(url)
            return parts.scheme not in ("data", "blob") and f"{parts.scheme}://{parts.netloc}" != origin

        return [r["url"] for r in self.requests if outside(r["url"])]

    def network_fetches(self, suffix: str) -> int:
        """How often a file came from the network, not from the service worker's cache:
        answers to the service worker's own fetches, plus answers it did not give."""
        return sum(
            1 for r in self.responses
            if r["url"].split("?")[0].endswith(suffix)
            and (r["by_service_worker"] or not r["from_service_worker"])
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def open_context(browser, browser_context_args, site, request):
    """open_context(**options) -> a new browser context, recorded; closed after the test,
    which must not have sent any request off the site's origin."""
    opened = []

    def open_(**options):
        context = browser.new_context(**{**browser_context_args, **options})
        context.set_default_timeout(READY_TIMEOUT_MS)
        recorder = Recorder()
        recorder.attach(context)
        context.recorder = recorder
        opened.append(context)
        return context

    yield open_

    name = re.sub(r"[^\w.-]+", "-", request.node.nodeid.split("::", 1)[-1]).strip("-")
    for i, context in enumerate(opened):
        if request.node.stash.get(FAILED, False):
            save_artifacts(context, RESULTS / name / f"context-{i}")
        off = context.recorder.off_origin(site.origin)
        context.close()
        assert not off, f"requests left the origin {site.origin}: {off}"


def save_artifacts(context, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for j, page in enumerate(context.pages):
        try:
            page.screenshot(path=folder / f"page-{j}.png", full_page=True)
        except Exception as err:  # a crashed page has no screenshot; say so
            (folder / f"page-{j}.txt").write_text(f"no screenshot: {err}\n")
    recorder = context.recorder
    (folder / "console.log").write_text("\n".join(recorder.console) + "\n")
    (folder / "requests.json").write_text(json.dumps(recorder.requests, indent=1))


@pytest.fixture
def phone(playwright):
    """A phone's context options: Playwright's Pixel 7 descriptor."""
    device = dict(playwright.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    return device
