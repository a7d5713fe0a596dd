"""Content-Security-Policy. The pages carry a strict policy in a <meta> tag: scripts
only from the origin plus 'wasm-unsafe-eval' (WebAssembly.compile), no inline script, no
objects, connections only to the origin. The service worker sends the same policy as a header
on the documents it serves (frame-ancestors only works in a header). The engine's worker is
started from a blob: URL so that it inherits the page's policy: a worker started from a URL
gets its policy from HTTP headers only, which static hosts seldom allow and which Chromium does
not take from a service worker's answer (tried: eval() then still ran in the worker).

Every e2e test runs under a trap (conftest.py, `csp_violations`) that fails it on any
violation, the page's or the engine worker's; the last test here proves the trap can fail."""

from __future__ import annotations

from playwright.sync_api import expect
from test_app import LADDER_NAME, roll, wait_offline_ready, wait_ready, wait_until


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


def meta_policy(page) -> str:
    return page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")


def test_the_policy_is_strict_and_the_same_everywhere(open_context, site):
    context = open_context()
    headers = {}
    context.on("response", lambda r: headers.__setitem__(
        r.url.split("?")[0].removeprefix(site.url), (r.from_service_worker, r.headers)))
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    policy = meta_policy(page)
    csp = directives(policy)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert csp["connect-src"] == ["'self'"] and csp["style-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    # blob: for the engine's worker only (js/engine/engine.js: so that it inherits this policy);
    # data: for images only (the share screen's QR code is an SVG data: URL; an <img> runs no
    # script).
    assert csp["worker-src"] == ["'self'", "blob:"]
    assert csp["img-src"] in (["'self'"], ["'self'", "data:"])
    assert not [v for name, values in csp.items() for v in values
                if v in ("'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:") or "://" in v
                or (v == "blob:" and name != "worker-src") or (v == "data:" and name != "img-src")]

    # Served by the service worker: the same policy as a header, with frame-ancestors.
    headers.clear()
    page.reload()
    wait_ready(page)
    from_sw, page_headers = headers[""]
    assert from_sw and page_headers["content-security-policy"] == policy + "; frame-ancestors 'none'"
    assert LADDER_NAME.match(roll(page))
    # The engine's worker runs under the page's policy (it is made from a blob:, which inherits it).
    assert [w.url for w in page.workers if w.url.startswith("blob:")], [w.url for w in page.workers]

    # The baseline page has the same policy, and Pyodide starts under it.
    page.goto(site.url + "bare.html")
    page.wait_for_selector("html[data-engine=ready]")
    assert meta_policy(page) == policy
    # frame-ancestors 'none' holds: even a page of the site itself cannot frame the app.
    framed = page.evaluate("""() => new Promise((resolve) => {
        const frame = document.createElement("iframe");
        frame.src = "./";
        frame.onload = () => resolve(frame.contentDocument?.title ?? "refused");
        document.body.append(frame);
    })""")
    assert framed == "refused"


def test_the_policy_is_enforced_and_the_trap_reports_it(open_context, site, csp_violations, hooked_build):
    page = open_context().new_page()
    page.goto(site.url + "?test-hooks")
    wait_ready(page)
    assert csp_violations == []
    ran = page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "window.inlineRan = true";
        document.body.append(script);  // inline script: refused
        document.body.setAttribute("style", "outline: 9px solid red");  // inline style: refused
        return fetch("data:text/plain,x").then(() => "fetched", () => "refused")  // not the origin
            .then((fetched) => [window.inlineRan ?? false, fetched]);
    }""")
    assert ran == [False, "refused"]
    page.evaluate("pyfudgeEngine.testCrash('eval')")  # eval() in the engine's worker: refused
    # (the trap's reports reach Python while Playwright is called: poll through the page)
    wait_until(lambda: page.evaluate("true") and len(csp_violations) >= 4, seconds=30)
    seen = {(v["directive"], v["blocked"]) for v in csp_violations}
    assert {"script-src-elem", "style-src-attr", "connect-src", "script-src"} <= {d for d, _ in seen}, seen
    assert ("script-src", "eval") in seen  # the worker's, re-dispatched by engine.js
    expect(page.locator("body")).not_to_have_css("outline-width", "9px")
    csp_violations.clear()  # proven: leave the trap nothing to fail this test on
