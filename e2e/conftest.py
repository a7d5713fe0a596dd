"""Browser tests of the built site in a real headless Chromium (pytest-playwright).

The site is served from dist/ by harness.py's server on 127.0.0.1. Every browser
context a test opens logs each request (page, dedicated worker and service worker),
every console line and page error; a test that fails leaves a screenshot of each page
and those logs under test-results/<test name>/.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

import build
import harness

ROOT = Path(__file__).resolve().parents[1]

RESULTS = ROOT / "test-results"
# Pyodide boots in ~3 s here; a busy CI machine may be far slower.
READY_TIMEOUT_MS = int(os.environ.get("PYFUDGE_E2E_TIMEOUT_MS", 90_000))


def chromium() -> str | None:
    """The Chromium to drive: $PYFUDGE_CHROMIUM, else Debian's, else Playwright's own."""
    path = os.environ.get("PYFUDGE_CHROMIUM")
    if path:
        return path
    return str(harness.DEBIAN_CHROMIUM) if harness.DEBIAN_CHROMIUM.exists() else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {**browser_type_launch_args, "args": harness.CHROMIUM_ARGS}
    if chromium():
        args["executable_path"] = chromium()
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "allow"}


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site: $PYFUDGE_DIST when `build.py test` just built it, else build now (with
    the test hooks, as `build.py test` does)."""
    if os.environ.get("PYFUDGE_DIST"):
        return Path(os.environ["PYFUDGE_DIST"])
    build.build(test_hooks=True)
    return build.DIST


class Site:
    """dist/ served on a free port; counts the requests that reach the server.
    serving(directory) swaps in another build for a while, on the same origin."""

    def __init__(self, directory: Path):
        self.paths: list[str] = []
        self._lock = threading.Lock()
        self.server = harness.SiteServer(directory, 0, on_request=self._record)
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


# --- the table app: shared helpers, axe, a phone and a desktop ----------------------

@pytest.fixture(params=["desktop", "phone"])
def screen(request, playwright):
    """Context options for each story twice: a desktop window and Playwright's Pixel 7."""
    if request.param == "desktop":
        return {"viewport": {"width": 1000, "height": 800}}
    device = dict(playwright.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    return device


@pytest.fixture(scope="session")
def axe_check():
    """axe_check(page, where): fail on any serious or critical axe-core violation. axe.min.js
    comes from the installed axe-playwright-python package, never from a CDN."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()

    def check(page, where: str = "") -> None:
        results = axe.run(page)
        bad = [f"{v['id']} ({v['impact']}): {v['help']} — " +
               "; ".join(n["html"][:120] for n in v["nodes"][:3])
               for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, f"axe on {where or page.url}: {bad}"

    return check


def app_ready(page) -> None:
    page.wait_for_selector("html[data-engine=ready], html[data-engine=failed]")
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"


def idle(page) -> None:
    """The encounter screen shows the engine's view and no event is in flight."""
    page.wait_for_selector("html[data-view=live][data-busy=false]")


def new_encounter(page, site, name: str = "Fight", preset: str | None = None) -> str:
    """From the list screen: create an encounter; return its id."""
    page.goto(site.url + "#/")
    app_ready(page)
    page.get_by_label("Name", exact=True).fill(name)
    if preset:
        page.get_by_label("Rules", exact=True).select_option(preset)
    page.get_by_role("button", name="Create encounter").click()
    page.wait_for_url(re.compile(r"#/e/e[0-9a-f]+$"))
    idle(page)
    return page.url.rsplit("/", 1)[1]


def set_option(page, key: str, value) -> None:
    """Switch one option in the rules form generated from describe."""
    rules = page.locator("#rules")
    if rules.get_attribute("open") is None:
        rules.locator("summary").click()
    control = page.locator("#opt-" + re.sub(r"\W", "-", key))
    # A rule takes effect when chosen: no button; one already in force sends nothing.
    if isinstance(value, bool):
        if control.is_checked() == value:
            return
        control.set_checked(value)
    else:
        if control.input_value() == str(value):
            return
        control.select_option(str(value))
    idle(page)
    expect(rules.get_by_role("status")).to_have_text("Rules changed.")


def sheet_more(form) -> None:
    """Unfold the rest of a fighter's sheet (role, Strength, the gear's values…), folded below what a
    hasty GM fills (name, side, the main skill, the gear searches)."""
    fold = form.locator(".sheet-more > button.fold")
    if fold.get_attribute("aria-expanded") != "true":
        fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")


def fill_fighter(form, fighter: dict) -> None:
    """Fill a fighter's sheet from a fighter dict as the golden files hold them."""
    from pyfudge.core import ladder

    lv = lambda v: str(ladder.parse(v))  # noqa: E731
    form.get_by_label("Name", exact=True).fill(fighter["name"])
    sheet_more(form)
    form.get_by_label("Role", exact=True).select_option(fighter.get("role", "pc"))
    skill, level = next(iter(fighter["skills"].items()))
    form.get_by_label("Combat skill", exact=True).fill(skill)
    form.get_by_label("Skill level", exact=True).select_option(lv(level))
    for key, label in (("strength", "Strength"), ("damage_capacity", "Damage Capacity")):
        if key in fighter:
            form.get_by_label(label, exact=True).select_option(lv(fighter[key]))
    # No weapon in the dict is the engine's own default (catalogue.Weapon: bare hands, 0), which the
    # golden files hold, not the form's books' unarmed (MUD 4.54: -1); a name picks a catalogue entry.
    weapon = fighter.get("weapon") or {"name": "Bare hands"}
    if isinstance(weapon, str):
        form.get_by_label("Weapon", exact=True).select_option(label=weapon)
    else:
        form.get_by_label("Weapon", exact=True).select_option("custom")
        form.get_by_label("Weapon name").fill(weapon["name"])
        form.get_by_label("Weapon size").fill(str(weapon.get("size", 0)))
        form.get_by_label("Sharpness").fill(str(weapon.get("sharp", 0)))
        form.get_by_label("Magic", exact=True).fill(str(weapon.get("magic", 0)))
    armor = fighter.get("armor")
    if armor:
        form.get_by_label("Armor", exact=True).select_option("custom")
        form.get_by_label("Armor name").fill(armor["name"])
        form.get_by_label("Armor value").fill(str(armor["value"]))
    form.get_by_label("Shield", exact=True).select_option(fighter.get("shield", "none"))
    form.get_by_label("Fudge/Meta Points").fill(str(fighter.get("fudge_points", 0)))


def add_fighter(page, fighter: dict) -> None:
    details = page.locator("#add-fighter")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = details.locator("form")
    fill_fighter(form, fighter)
    before = roster(page).count()
    form.get_by_role("button", name="Add combatant").click()
    idle(page)
    expect(roster(page)).to_have_count(before + 1)


def roster(page):
    """The roster's rows, one per fighter."""
    return page.get_by_test_id("roster").locator(":scope > li")


def row(page, name: str):
    """A fighter's row button in the roster (its name is the button's first words)."""
    return page.get_by_test_id("roster").locator(".row-btn").filter(has=page.get_by_text(name, exact=True))


def card(page, name: str):
    """A fighter's card, opened from his roster row when it is not open yet."""
    button = row(page, name)
    if button.get_attribute("aria-expanded") != "true":
        button.click()
        expect(button).to_have_attribute("aria-expanded", "true")
    return page.locator("article.fighter").filter(has=page.get_by_role("heading", name=name, exact=True))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def pick_total(page, who: str, total: int) -> None:
    """Pick a roller's dice total in the round form's total picker ("<who>'s dice")."""
    group = page.get_by_role("group", name=f"{who}'s dice", exact=True)
    radio = group.get_by_role("radio", name=f"{who}'s total: {signed(total)}", exact=True)
    group.locator(f"label[for='{radio.get_attribute('id')}']").click()
    expect(radio).to_be_checked()


FACE_NAMES = {-1: "minus", 0: "blank", 1: "plus"}


def enter_faces(page, who: str, faces: list[int], title: str = "Die") -> None:
    group = page.get_by_role("group", name=f"{who}'s dice", exact=True)
    if title == "Die":
        show_faces(group)
    press_faces(group, title, faces)


def show_faces(group) -> None:
    """Unfold a roller's faces and his own Roll (folded under his total picker)."""
    toggle = group.locator(".dice-tools .link-btn")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()


def roll_for(page, who: str) -> None:
    """Roll one roller's dice alone (Roll all rolls every roller's)."""
    group = page.get_by_role("group", name=f"{who}'s dice", exact=True)
    show_faces(group)
    group.get_by_role("button", name=f"Roll for {who} alone", exact=True).click()


def press_faces(group, title: str, faces: list[int], d6: bool = False) -> None:
    """Press "<title> 1", "<title> 2", … in ``group``: Fudge faces −1/0/+1, or 1–6 with ``d6``."""
    for i, face in enumerate(faces):
        name = str(face) if d6 else FACE_NAMES[face]
        button = group.get_by_role("button", name=re.compile(f"^{re.escape(title)} {i + 1}: {name},"))
        if button.get_attribute("aria-pressed") != "true":  # a face already in (Undo gives them back)
            button.click()
        expect(button).to_have_attribute("aria-pressed", "true")


def fits(page) -> None:
    """No sideways scroll at the page's width."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def declare(page, which: str, name: str, declares: dict) -> None:
    """Fill the declaration of side which ("a" or "b") from a Declaration dict."""
    open_declarations(page)
    details = page.locator("details.declare").nth(0 if which == "a" else 1)
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    for key, value in declares.items():
        control = page.locator(f"#decl-{which}-{key}")
        if isinstance(value, bool):
            control.set_checked(value)
        elif key in ("all_out", "stance"):
            control.select_option(value)
        else:
            control.fill(str(value))


def open_odds(page):
    """The odds before rolling, unfolded from their one plain line; returns the panel."""
    panel = page.get_by_test_id("odds")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    return panel


def open_declarations(page) -> None:
    """Unfold the round form's declarations, damage dice and checks."""
    details = page.locator("details.declare-all")
    if details.get_attribute("open") is None:
        details.locator(":scope > summary").click()


def play_exchange(page, a: str, b: str, rnd: dict) -> None:
    """One exchange through the exchange panel, as a player enters the book's dice."""
    page.get_by_label("Fighter", exact=True).select_option(label=a)
    page.get_by_label("Against", exact=True).select_option(label=b)
    for which, name in (("a", a), ("b", b)):
        if rnd.get(f"{which}_declares"):
            declare(page, which, name, rnd[f"{which}_declares"])
    if any("damage" in (rnd.get(k) or {}) for k in ("a_dice", "b_dice")):
        open_declarations(page)
        page.get_by_label("Enter damage dice").set_checked(True)
    for which, name in (("a", a), ("b", b)):
        dice = rnd.get(f"{which}_dice") or {}
        if "roll" in dice:
            enter_faces(page, name, dice["roll"]["faces"])
        if "damage" in dice:
            enter_faces(page, name, dice["damage"], "Damage die")
    log = page.get_by_test_id("log").locator("li")
    lines = log.count()
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.locator("#round .error")).to_have_count(0)
    expect(log).to_have_count(lines + 1)


# Content-Security-Policy trap: every browser context of every e2e test reports each
# `securitypolicyviolation` — the page's own, and the engine worker's, which js/engine/engine.js
# re-dispatches on the document — and the test fails on any. Playwright's string predicates
# (page.wait_for_function("…")) run through eval, which the policy forbids: pass them as
# page.evaluate polls or use selectors instead.
CSP_TRAP = """
document.addEventListener("securitypolicyviolation", (e) => {
  const report = globalThis.__pyfudgeCspViolation;
  if (report) report({ directive: e.effectiveDirective, blocked: e.blockedURI,
    source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample, page: location.href });
}, true);
"""


@pytest.fixture(autouse=True)
def csp_violations(browser, monkeypatch):
    """The CSP violations seen in this test's browser contexts; the test fails on any."""
    seen: list[dict] = []
    new_context = browser.new_context

    def trapped(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.expose_binding("__pyfudgeCspViolation", lambda source, violation: seen.append(violation))
        context.add_init_script(CSP_TRAP)
        return context

    monkeypatch.setattr(browser, "new_context", trapped)
    yield seen
    assert not seen, f"Content-Security-Policy violations: {seen}"


def resolve(page) -> None:
    """Press Resolve; the engine takes the event (no error) and logs one line."""
    lines = page.get_by_test_id("log").locator("li").count()
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.locator("#round .error")).to_have_count(0)
    expect(page.get_by_test_id("log").locator("li")).to_have_count(lines + 1)


@pytest.fixture
def hooked_build(dist):
    """For tests that drive the engine's test hooks (`?test-hooks`, `pyfudgeEngine`): shipped
    builds have none (build.py strips them), so say how to get a build that has them."""
    if not json.loads((dist / build.MANIFEST).read_text()).get("test_hooks"):
        pytest.fail(f"{dist} was built without the test hooks this test drives: build it with "
                    "`python build.py build --test-hooks` (`python build.py test` does)", pytrace=False)
