"""The QR decoder offline: a GM whose browser has no BarcodeDetector (iOS Safari, Firefox) scans
players' answers at a table with no signal, so the app's service worker caches jsQR once the
rest of the build is in (the manifest's `later`); a player who scanned inside play.html once
scans again offline (the players' page's worker keeps the decoder on first use)."""

from __future__ import annotations

from test_app import wait_offline_ready, wait_ready, wait_until
from test_players_page import ENCOUNTER, PHONE, fragment_of

import build

# What js/live/scan.js does when a scan starts on a browser without BarcodeDetector.
IMPORT_DECODER = """async () => {
  try {
    const { default: jsQR } = await import('./vendor/jsqr.mjs');
    return typeof jsQR;
  } catch (err) {
    return `failed: ${err.message}`;
  }
}"""


def cached(page, path: str) -> bool:
    return page.evaluate("""async (path) => {
      const key = new URL(path, location.href).href;
      for (const name of await caches.keys()) if (await (await caches.open(name)).match(key)) return true;
      return false;
    }""", path)


def test_the_gms_app_scans_offline_without_ever_having_scanned(open_context, site):
    context = open_context()
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    wait_until(lambda: cached(page, build.VENDOR_JSQR))

    context.set_offline(True)
    page.goto("about:blank")
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate(IMPORT_DECODER) == "function"


def test_a_player_who_scanned_once_scans_again_offline(open_context, site):
    context = open_context(**PHONE)
    page = context.new_page()
    link = f"{site.url}play.html#v={fragment_of(ENCOUNTER)}"
    page.goto(link)
    page.wait_for_selector("html[data-player=ready]")
    wait_until(lambda: page.evaluate("navigator.serviceWorker.getRegistration('./play.html')"
                                     ".then((r) => !!r?.active && !!navigator.serviceWorker.controller)"))
    assert not cached(page, build.VENDOR_JSQR)  # not in a first visit
    assert page.evaluate(IMPORT_DECODER) == "function"
    wait_until(lambda: cached(page, build.VENDOR_JSQR))

    context.set_offline(True)
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("html[data-player=ready]")
    assert page.evaluate(IMPORT_DECODER) == "function"
