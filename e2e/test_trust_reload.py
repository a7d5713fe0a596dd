"""The browser's own reload while a new build waits. With no other page of the app
open, the page says it is leaving (offline.js, beforeunload), the old service worker answers
the reload with a page that only refreshes and has the waiting worker take over (sw.js,
navigate): the refreshed page is the new build from end to end, the old build's cache is gone,
the saved encounter is intact. With a second tab open the reload keeps the old build and the
notice shows again, since switching would pull the other tab's build from under it.

The new build is made as in test_trust_update.py (a changed page and a changed wheel)."""

from __future__ import annotations

import json
import re

import pytest
from conftest import add_fighter, idle
from playwright.sync_api import expect
from test_app import wait_offline_ready, wait_ready, wait_until
from test_trust_update import NEW_VERSION, caches, engine_version, make_new_build, open_old_build, update_notice

import build

pytestmark = pytest.mark.usefixtures("hooked_build")  # drives ?test-hooks

ASTA = {"name": "Asta", "skills": {"Sword": "Great"}}


def create_encounter(page, name: str) -> str:
    """From the list screen of a page with test hooks: an encounter with one fighter; its id."""
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_role("button", name="Create encounter").click()
    page.wait_for_url(re.compile(r"#/e/e[0-9a-f]+$"))
    idle(page)
    add_fighter(page, ASTA)
    return page.url.rsplit("/", 1)[1]


def deploy(page, manifest) -> None:
    """The page looks for an update (as it does when shown again) and is told of the new one."""
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(update_notice(page)).to_be_visible()
    wait_until(lambda: f"pyfudge-{manifest['version']}" in caches(page))


def test_a_plain_reload_of_the_only_page_runs_the_new_build(open_context, site, dist, tmp_path, screen):
    new, manifest = make_new_build(dist, tmp_path)
    context, page, old = open_old_build(open_context, site, dist, **screen)
    old_wheel = json.loads((dist / build.MANIFEST).read_text())["wheels"]["pyfudge"]
    encounter = create_encounter(page, "Before the update")
    with site.serving(new):
        deploy(page, manifest)
        recorder = context.recorder
        since, said = len(recorder.responses), len(recorder.console)
        page.reload()
        page.wait_for_selector("main[data-build=new]")
        wait_ready(page)
        assert page.evaluate("pyfudgeEngine.build") == manifest["version"]
        assert engine_version(page) == NEW_VERSION
        expect(page.locator("#engine-status")).to_contain_text(f"pyfudge {NEW_VERSION}")
        # The saved encounter, opened by the new build's engine.
        assert page.url.endswith("#/e/" + encounter)
        idle(page)
        expect(page.get_by_test_id("roster").get_by_role("button", name=re.compile("^Asta, "))).to_be_visible()
        page.screenshot(path=f"/tmp/reload-{screen.get('viewport', {}).get('width', 'desktop')}.png")
        wait_offline_ready(page)
        expect(page.locator("#offline-status")).to_contain_text(manifest["version"])
        wait_until(lambda: caches(page) == ["pyfudge-" + manifest["version"]])
        expect(update_notice(page)).to_have_count(0)

        # The way it went: the old worker's bare page (its script inline, nothing asked of the
        # server), then the new build; no file of the old build was asked for (its wheel has
        # another URL), nothing failed.
        answers = recorder.responses[since:]
        pages = [r["url"].removeprefix(site.url) for r in answers if not r["by_service_worker"]][:2]
        assert pages == ["?test-hooks", "?test-hooks"], pages
        assert site.hits("/sw-handover.js") == 0
        assert not [r["url"] for r in answers if r["status"] >= 400], answers
        assert not [r["url"] for r in answers if old_wheel in r["url"]]
        assert [r for r in answers if manifest["wheels"]["pyfudge"] in r["url"]]
        assert not [m for m in recorder.console[said:] if "error" in m.split("]")[0]], recorder.console[said:]


def test_the_hand_over_page_reloads_with_no_worker_behind_it(open_context, browser, site):
    # The old worker's bare page may come up controlled by no worker: the old one turned
    # redundant while its answer was on the way, and the new one's claim came before the page
    # existed. A script of the page's own URL then reaches the server, which has none: the page
    # stayed blank (seen once in CI). Here the page the worker makes is opened where no worker
    # is (a context of its own, every request answered by the test): it must still reload.
    context = open_context()
    page = context.new_page()
    page.goto(site.url)
    page.evaluate("navigator.serviceWorker.ready")
    worker = context.service_workers[0]
    body, policy = worker.evaluate(
        "async () => [HANDOVER_PAGE, typeof HANDOVER_CSP === 'undefined' ? DOCUMENT_CSP : await HANDOVER_CSP]")
    bare = browser.new_context()
    try:
        loads, errors = [], []

        def answer(route):
            if route.request.url != site.url + "handover":
                return route.abort()
            loads.append(route.request.url)
            return route.fulfill(body=body, headers={"Content-Type": "text/html; charset=utf-8",
                                                     "Content-Security-Policy": policy})
        bare.route("**/*", answer)
        shown = bare.new_page()
        shown.on("console", lambda message: message.type == "error" and errors.append(message.text))
        shown.goto(site.url + "handover")
        for _ in range(100):
            if len(loads) >= 2:
                break
            shown.wait_for_timeout(50)
        assert len(loads) >= 2, "the hand-over page did not reload"
        assert not errors, errors  # its policy lets its own script run, and nothing else
    finally:
        bare.close()


def test_a_plain_reload_with_another_tab_open_keeps_the_old_build(open_context, site, dist, tmp_path):
    new, manifest = make_new_build(dist, tmp_path)
    context, page, old = open_old_build(open_context, site, dist)
    other = context.new_page()
    other.goto(site.url + "?test-hooks")
    wait_ready(other)
    with site.serving(new):
        deploy(page, manifest)
        expect(update_notice(other)).to_be_visible()
        page.reload()
        wait_ready(page)
        assert page.evaluate("pyfudgeEngine.build") == old
        assert engine_version(page) == "0.1.0"
        expect(page.locator("main")).not_to_have_attribute("data-build", "new")
        expect(update_notice(page)).to_be_visible()
        assert sorted(caches(page)) == sorted(["pyfudge-" + old, "pyfudge-" + manifest["version"]])
        assert other.evaluate("pyfudgeEngine.build") == old

        # Once the other tab is closed, a plain reload switches.
        other.close()
        page.reload()
        page.wait_for_selector("main[data-build=new]")
        wait_ready(page)
        assert engine_version(page) == NEW_VERSION
