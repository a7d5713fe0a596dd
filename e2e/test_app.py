"""The walking skeleton, end to end: the pyfudge wheel in Pyodide in a Web Worker, from
the static site, in Chromium — ready, rolling, reading entered dice, offline, on a phone,
and never talking to another origin (checked after every test by open_context)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

LADDER_NAME = re.compile(r"^(Terrible|Poor|Mediocre|Fair|Good|Great|Superb|Legendary)( [+−]\d+)?$")
WASM = "pyodide/pyodide.asm.wasm"


# Waits use the contexts' default timeout, set by open_context for a slow Pyodide boot.


def wait_ready(page) -> None:
    page.wait_for_selector("html[data-engine=ready], html[data-engine=failed]")
    assert page.evaluate("document.documentElement.dataset.engine") == "ready", \
        page.text_content("#engine-status")


def wait_offline_ready(page) -> None:
    page.wait_for_selector("html[data-offline]")
    assert page.evaluate("document.documentElement.dataset.offline") == "ready", \
        page.text_content("#offline-status")


def wait_until(condition, seconds: float = 60) -> None:
    """Poll condition() (for what wait_for_function cannot await, like caches.keys())."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def roll(page) -> str:
    """Press Roll; return the shown result (a name on the ladder)."""
    page.get_by_role("button", name="Roll 4dF").click()
    result = page.locator("#result-name")
    expect(result).to_have_text(LADDER_NAME)  # the roll is random: any name the ladder has
    return result.text_content()


def tap_face(page, die: int, face: str) -> None:
    """Tap a face's button (the label of a visually hidden radio), as a user does."""
    page.locator(f"label[for=die-{die}-{face}]").click()
    expect(page.locator(f"#die-{die}").get_by_label(face, exact=True)).to_be_checked()


def enter_dice(page, level: str, faces: list[str]) -> None:
    page.get_by_label("Trait level").select_option(label=level)
    for i, face in enumerate(faces):
        tap_face(page, i, face)
    page.get_by_role("button", name="Read my dice").click()


def test_page_becomes_ready_and_rolls(open_context, site):
    page = open_context().new_page()
    page.goto(site.url)
    # Usable before Python (Pyodide takes seconds to start): progress shows, dice entry works.
    expect(page.locator("#engine-progress")).to_be_visible()
    expect(page.get_by_role("status").first).to_contain_text("Python")
    tap_face(page, 0, "plus")
    wait_ready(page)
    expect(page.locator("#engine-progress")).to_be_hidden()
    expect(page.get_by_label("Trait level")).to_be_enabled()
    assert page.get_by_label("Trait level").locator("option").count() >= 7

    page.get_by_label("Trait level").select_option(label="Great (+2)")
    assert LADDER_NAME.match(roll(page))
    assert page.locator("#result-dice li").count() == 4
    expect(page.locator("#result-detail")).to_contain_text("Rolled:")
    expect(page.locator("#result-detail")).to_contain_text("on Great (+2)")


@pytest.mark.parametrize(
    ("level", "faces", "expected", "detail"),
    [
        ("Fair (0)", ["plus", "plus", "blank", "minus"], "Good", "Your dice: +1 on Fair (0)"),
        ("Terrible (−3)", ["minus", "minus", "blank", "blank"], "Terrible −2",
         "Your dice: −2 on Terrible (−3)"),
        ("Great (+2)", ["minus", "plus", "minus", "plus"], "Great", "Your dice: 0 on Great (+2)"),
    ],
)
def test_entered_faces_give_the_exact_result(open_context, site, level, faces, expected, detail):
    page = open_context().new_page()
    page.goto(site.url)
    wait_ready(page)
    enter_dice(page, level, faces)
    expect(page.locator("#result-name")).to_have_text(expected)
    expect(page.locator("#result-detail")).to_have_text(detail)
    symbols = {"plus": "+", "minus": "−", "blank": "0"}
    expect(page.locator("#result-dice li")).to_have_text([symbols[f] for f in faces])


def test_incomplete_dice_come_back_as_an_error_on_that_die(open_context, site):
    page = open_context().new_page()
    page.goto(site.url)
    wait_ready(page)
    for i, face in enumerate(["plus", "plus", "blank"]):  # the fourth die left out
        tap_face(page, i, face)
    page.get_by_role("button", name="Read my dice").click()
    expect(page.get_by_role("alert")).to_have_text("Pick a face for die 4.")
    expect(page.locator("#die-3")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#die-0")).not_to_have_attribute("aria-invalid", "true")


def test_engine_requests_are_matched_by_id_and_errors_are_data(open_context, site):
    page = open_context().new_page()
    page.goto(site.url)
    wait_ready(page)
    answers = page.evaluate("""async () => {
        const { Engine } = await import("./js/engine/engine.js");
        const engine = new Engine();  // queued until its own worker is ready
        const calls = [
            engine.request("roll", { level: 1, faces: [1, 1, 1, 1] }),
            engine.request("roll", { level: 0, faces: [1, 0, 0, 2] }),
            engine.request("no-such-action"),
            engine.request("ladder"),
        ];
        return Promise.all(calls);
    }""")
    assert [a["id"] for a in answers] == [1, 2, 3, 4]
    assert answers[0]["ok"] and answers[0]["result"]["total"] == 4
    assert not answers[1]["ok"] and answers[1]["error"]["field"].startswith("args.faces")
    assert not answers[2]["ok"] and answers[2]["error"]["field"] == "action"
    assert answers[3]["ok"] and len(answers[3]["result"]["levels"]) >= 7


def test_first_visit_fetches_the_wasm_once_and_nothing_off_origin(open_context, site):
    context = open_context()
    page = context.new_page()
    before = site.hits("/" + WASM)
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)  # the service worker has cached the whole build
    roll(page)
    assert site.hits("/" + WASM) - before == 1
    assert context.recorder.network_fetches(WASM) == 1
    off = context.recorder.off_origin(site.origin)
    assert not off, off
    urls = {r["url"] for r in context.recorder.requests}
    assert site.url + WASM in urls  # the log really saw the worker's traffic
    assert any(r["service_worker"] for r in context.recorder.requests)  # and the worker's


def offline_after_one_visit(context, site) -> None:
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")

    context.set_offline(True)
    hits = len(site.paths)
    page.reload()
    wait_ready(page)
    assert LADDER_NAME.match(roll(page))
    enter_dice(page, "Fair (0)", ["plus", "plus", "blank", "minus"])
    expect(page.locator("#result-name")).to_have_text("Good")
    # The browser's own update check of sw.js escapes the emulated offline mode (it fails
    # quietly when really offline); nothing else may reach the server.
    reached = [path for path in site.paths[hits:] if path != "/sw.js"]
    assert not reached, f"an offline reload reached the server: {reached}"


def test_works_offline_after_one_visit(open_context, site):
    offline_after_one_visit(open_context(), site)


def test_works_offline_on_a_phone(open_context, site, phone):
    offline_after_one_visit(open_context(**phone), site)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_layout(open_context, site, scheme):
    page = open_context(viewport={"width": 360, "height": 640}, color_scheme=scheme,
                        has_touch=True, is_mobile=True).new_page()
    page.goto(site.url)
    wait_ready(page)
    enter_dice(page, "Fair (0)", ["plus", "plus", "blank", "minus"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll(
            "button, select, .die label, input:not([type=radio])")]
        .filter((el) => el.offsetParent !== null)
        .map((el) => [el.id || el.textContent.trim(), el.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([name, r]) => `${name}: ${r.width}x${r.height}`)""")
    assert not small, small
    unlabelled = page.evaluate("""() => [...document.querySelectorAll("button, select, input")]
        .filter((el) => !(el.labels?.length || el.getAttribute("aria-label") || el.textContent.trim()))
        .map((el) => el.outerHTML)""")
    assert not unlabelled, unlabelled
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    dark = [int(v) for v in re.findall(r"\d+", background)[:3]]
    assert (sum(dark) < 150) == (scheme == "dark"), background


def test_installable_web_app(open_context, site):
    page = open_context().new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito-like, where Chromium never offers to install.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest["errors"]
    for path in ("icons/icon-192.png", "icons/icon-512.png", "icons/icon.svg"):
        response = page.request.get(site.url + path)
        assert response.ok, path


# A new build replacing the old one: e2e/test_trust_update.py.


def test_engine_failure_is_told_to_the_user(open_context, site):
    context = open_context(service_workers="block")
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector("html[data-engine=failed]")
    expect(page.get_by_role("status").first).to_contain_text("could not start")
    expect(page.locator("#die-0 label").first).to_be_visible()  # the page itself still works


def test_works_from_a_sub_path(open_context, site, dist, tmp_path):
    """As on a project page of a static host: the site under /some/path/."""
    (tmp_path / "some").mkdir()
    (tmp_path / "some" / "path").symlink_to(dist, target_is_directory=True)
    with site.serving(tmp_path):
        page = open_context().new_page()
        page.goto(site.url + "some/path/")
        wait_ready(page)
        assert LADDER_NAME.match(roll(page))
        wait_offline_ready(page)
        scope = page.evaluate("navigator.serviceWorker.controller && "
                              "navigator.serviceWorker.getRegistration().then((r) => r.scope)")
        assert scope == site.url + "some/path/"
