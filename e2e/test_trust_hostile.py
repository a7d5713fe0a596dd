"""The hostile corpus through the app: every case under tests/hostile/ is fed to the
page by the route it attacks — a share link opened as `#/s/<fragment>`, or a file picked in the
list screen's "Import encounters from a file" — each its own test. For each: a clear message is
shown (the engine's own words, in an alert), no script runs (no dialog, no page error, no
Content-Security-Policy violation, no element built from the markup), and the stored data is
byte-for-byte unchanged. A case the engine accepts (legal text that looks hostile) adds its copy
and nothing else: every key stored before is unchanged, and the names show exactly as text.

One page serves the whole module (Pyodide starts once): each case navigates inside it (a new
hash, a freshly mounted screen) and the storage is put back to the baseline after an accepted
case. Desktop only; the phone layout of these screens is covered by e2e/test_encounter_list.py
and test_share_links.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CSP_TRAP, READY_TIMEOUT_MS, Recorder, app_ready, new_encounter

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "hostile"
CASES = sorted(CORPUS.glob("*.json"))
SHOTS = {"link-zip-bomb", "file-newer-version", "link-script-names"}  # looked at by a person

STORAGE = "Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)]))"
RESTORE = """(saved) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(saved)) localStorage.setItem(k, v);
}"""
# Markup that must never become elements: scripts, frames, images, handlers on any element.
INJECTED = """() => {
    const app = document.getElementById("app");
    const made = [...app.querySelectorAll("script, iframe, object, embed, img:not(.qr), svg, b, i, u")]
        .map((el) => el.outerHTML.slice(0, 80));
    const handlers = [...document.querySelectorAll("*")]
        .flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith("on"))
          .map((a) => `${el.tagName} ${a.name}`));
    const links = [...app.querySelectorAll("a[href]")].map((a) => a.getAttribute("href"))
        .filter((h) => !/^#/.test(h));
    return [...made, ...handlers, ...links];
}"""


class Trap:
    """One page for the module, with everything a script running would leave behind."""

    def __init__(self, page, context, eid):
        self.page, self.context, self.eid = page, context, eid
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.csp: list[dict] = []
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def clean(self):
        assert not self.dialogs, f"a dialog opened: {self.dialogs}"
        assert not self.errors, f"page errors: {self.errors}"
        assert not self.csp, f"Content-Security-Policy violations: {self.csp}"
        assert self.page.evaluate(INJECTED) == []


@pytest.fixture(scope="module")
def trap(browser, browser_context_args, site):
    context = browser.new_context(**browser_context_args, viewport={"width": 1000, "height": 800})
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.recorder = Recorder()
    context.recorder.attach(context)
    page = context.new_page()
    eid = None
    t = Trap(page, context, eid)
    context.expose_binding("__pyfudgeCspViolation", lambda source, violation: t.csp.append(violation))
    context.add_init_script(CSP_TRAP)
    # Something worth protecting: an encounter, opened once (opening it stores its view).
    t.eid = new_encounter(page, site, "Kept fight")
    go(page, "#/")
    app_ready(page)
    yield t
    off = context.recorder.off_origin(site.origin)
    context.close()
    assert not off, f"requests left the origin: {off}"


def go(page, hash_):
    page.evaluate("(h) => { delete document.documentElement.dataset.link; location.hash = h; }", hash_)
    if hash_ == "#/":
        page.wait_for_selector("html[data-screen=list]")


def fresh_list(trap):
    """The list screen freshly mounted (no status of a former import on it)."""
    go(trap.page, f"#/e/{trap.eid}")
    trap.page.wait_for_selector("html[data-screen=encounter]")
    go(trap.page, "#/")


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_hostile_input_through_the_app(trap, path):
    case = load(path)
    page = trap.page
    fresh_list(trap)
    before = page.evaluate(STORAGE)
    if case["input_kind"] == "link":
        go(page, "#/s/" + _encode(case["input"]))
        page.wait_for_selector("html[data-link=error], html[data-screen=encounter]")
        if case["expect"].get("ok"):
            page.wait_for_selector("html[data-view=live][data-busy=false]")
        message = page.locator("[data-testid=link-error]")
    else:
        page.set_input_files("#import-file", files=[{
            "name": "hostile.json", "mimeType": "application/json",
            "buffer": case["input"].encode("utf-8", "surrogatepass")}])
        page.wait_for_selector("[data-testid=file-status][role=alert], [data-testid=file-status]:has-text('Imported')")
        message = page.locator("[data-testid=file-status]")
    after = page.evaluate(STORAGE)
    trap.clean()
    if path.stem in SHOTS:
        page.screenshot(path=f"/tmp/trust-{path.stem}.png")

    if not case["expect"].get("ok"):
        text = message.inner_text()
        assert message.get_attribute("role") == "alert"
        assert ("cannot be opened" in text) if case["input_kind"] == "link" else text.startswith("Nothing was imported")
        if "message_contains" in case["expect"]:
            assert case["expect"]["message_contains"] in text
        assert after == before, "a refused input changed the stored data"
        return

    # Accepted: what was stored before is untouched; the copies show their names as text.
    for key, value in before.items():
        if key != "pyfudge:index" and key != "pyfudge:links":
            assert after.get(key) == value, key
    index_before = json.loads(before["pyfudge:index"])["data"]["encounters"]
    index_after = json.loads(after["pyfudge:index"])["data"]["encounters"]
    assert all(entry in index_after for entry in index_before)
    new = sorted(k.split(":")[2] for k in set(after) - set(before) if k.startswith("pyfudge:enc:"))
    assert new, "an accepted input stored no copy"
    shown = ""
    for nid in new:
        go(page, f"#/e/{nid}")
        page.wait_for_selector("html[data-view=live][data-busy=false]")
        shown += page.locator("#app").text_content()
        trap.clean()
    for name in case["expect"]["names"]:
        assert name in shown, name
    page.evaluate(RESTORE, before)


def _encode(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")
