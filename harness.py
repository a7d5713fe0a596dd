"""The local site and browser that build.py serve/test, bench.py and the e2e tests share: a
static server for a built dist/ on 127.0.0.1, and the headless Chromium that drives it.

Its own module so that build.py and bench.py both import it and neither imports the other's
command line (bench imports build for the build itself; build runs bench as a program).
"""

from __future__ import annotations

import http.server
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path


class NoChromium(Exception):
    """No Chromium to drive; the message says how to install one."""


CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a browser needs; no-cache, so every load revalidates
    (a dev server must not hand out stale files; the service worker does the caching)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }

    def __init__(self, request, client_address, server):
        super().__init__(request, client_address, server, directory=str(server.directory))

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        if self.server.on_request:
            self.server.on_request(self.path)
        return super().send_head()

    def log_message(self, format: str, *args) -> None:
        if self.server.on_request is None:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves directory on 127.0.0.1:port (0: any free port). on_request(path), when
    given, sees every request instead of the log; the e2e tests count with it. The
    directory may be swapped while serving (the tests swap in a new build)."""

    def __init__(self, directory: Path, port: int = 8000,
                 on_request: Callable[[str], None] | None = None):
        self.directory = directory
        self.on_request = on_request
        super().__init__(("127.0.0.1", port), Handler)



def find_chromium() -> str:
    """$PYFUDGE_CHROMIUM if set; else Debian's Chromium (installed with apt-get when we
    may); else Playwright's own; stop with advice when there is none."""
    if os.environ.get("PYFUDGE_CHROMIUM"):
        return os.environ["PYFUDGE_CHROMIUM"]
    if not DEBIAN_CHROMIUM.exists() and Path("/etc/debian_version").exists() \
            and os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing Chromium with apt-get", file=sys.stderr, flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], env=env, check=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"], env=env, check=True)
    if DEBIAN_CHROMIUM.exists():
        return str(DEBIAN_CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        own = p.chromium.executable_path
    if Path(own).exists():
        return own
    raise NoChromium(
        "no Chromium found. Install one: 'apt-get install chromium' (Debian), or "
        "'python -m playwright install --with-deps chromium'."
    )
