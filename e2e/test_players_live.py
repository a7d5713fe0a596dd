"""The players' page in live mode (play.html#join=<code>) against a GM stand-in: an empty page of
the site's origin under the app's CSP whose `Hub` (js/live/link.js) is driven directly, sending
the messages the GM's page sends (docs/live.md). The player joins from the link alone (no camera
asked), shows its answer as a QR code and as text, says hello once open, draws each view (its own
character large once it has one, else "Which is yours?"), ignores late views, asks for a resync on
a gap, refuses a view out of shape, keeps the screen awake, and says so when the GM's screen goes."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect
from test_live_link import ACCEPT, GM, INVITE, messages
from test_live_signal import live_page, wait_for
from test_players_page import ASTA, ENGINE, ORC, SHOTS, view_of

ENCOUNTER = {"name": "Raid on the mill", "ruleset": {"preset": "fudge1995"},
             "log": [{"t": "add", "fighter": ASTA}, {"t": "add", "fighter": {**ASTA, "name": "Brenna"}},
                     {"t": "add", "fighter": ORC}, {"t": "wound", "id": "c3", "level": "Hurt"}]}
PCS = [{"id": "c1", "name": "Ásta"}, {"id": "c2", "name": "Brenna"}]
# Screen Wake Lock as a recorder (headless Chromium has none to give): each request is counted,
# and a lock can be released as the browser does when the page is hidden. The camera too: asking
# for it is recorded (and refused).
RECORDERS = """(() => {
  window.cameraAsked = false;
  navigator.mediaDevices.getUserMedia = async () => {
    cameraAsked = true;
    throw new DOMException('no', 'NotAllowedError');
  };
  window.wakeLocks = [];
  Object.defineProperty(navigator, 'wakeLock', { value: { request: async (type) => {
    const lock = { type, released: false, release: async () => { lock.released = true; } };
    wakeLocks.push(lock);
    return lock;
  } } });
})();"""


def send(gm, message: dict) -> None:
    gm.evaluate("(m) => hub.send('p1', m)", message)


def view_message(n: int, view: dict, you: str | None = None) -> dict:
    return {"kind": "view", "n": n, "seat": "p1", "you": you, "pcs": PCS, "asks": [], "view": view}


def shown_round(player) -> str:
    return player.get_by_test_id("players-view").locator(".players-title, h2").first.text_content()


def joined(open_context, site, dist):
    """A GM stand-in with its hub, and a player's page joined at seat p1 by opening the join link."""
    gm = live_page(open_context(), site.origin, dist)
    gm.evaluate(GM, {})
    code = gm.evaluate(INVITE, "p1")["code"]
    context = open_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                           has_touch=True)
    context.add_init_script(RECORDERS)
    player = context.new_page()
    player.goto(f"{site.url}play.html#join={code}")
    expect(player.get_by_test_id("live-answer")).to_have_text(re.compile(r"^[A-Za-z0-9_-]{20,120}$"))
    assert player.evaluate("document.documentElement.dataset.live") == "joining"
    return gm, player, context


def test_a_player_joins_from_the_link_and_follows_the_gms_views(open_context, site, dist, axe_check):
    gm, player, context = joined(open_context, site, dist)
    code = player.get_by_test_id("live-answer").text_content()
    # The answer as a QR code, large, beside its text and a Copy button; no camera was asked for.
    qr = player.get_by_role("img", name="QR code of your answer for the GM")
    assert qr.bounding_box()["width"] >= 280
    expect(player.get_by_role("button", name="Copy the code")).to_be_visible()
    assert player.evaluate("cameraAsked") is False
    SHOTS.mkdir(exist_ok=True)
    player.screenshot(path=SHOTS / "live-answer-390x844.png", full_page=True)
    axe_check(player, "players' page, the answer")
    assert player.evaluate("wakeLocks.length") >= 1  # the screen stays on while the GM scans

    assert gm.evaluate(ACCEPT, code) == {"seat": "p1"}
    player.wait_for_selector("html[data-live=connected]")
    assert messages(gm, 1) == [{"kind": "hello"}]

    # No character yet: the PCs to pick from; the pick goes to the GM.
    view = view_of(ENCOUNTER)
    send(gm, view_message(1, view))
    pick = player.get_by_test_id("live-pick")
    expect(pick.get_by_role("heading", name="Which is yours?")).to_be_visible()
    pick.get_by_role("button", name="Brenna").click()
    assert messages(gm, 2)[1] == {"kind": "pick", "id": "c2"}

    # Assigned: Brenna large, the others below as the GM shows them (the Orc's wounds a word).
    send(gm, view_message(2, view, you="c2"))
    own = player.get_by_test_id("player-card").first
    expect(own.get_by_role("heading", level=2, name="Brenna")).to_be_visible()
    expect(player.get_by_test_id("live-pick")).to_have_count(0)
    orc = player.get_by_test_id("compact-card").filter(has_text="Orc")  # one line beside her own card
    expect(orc.get_by_test_id("player-status")).to_have_text("wounded")
    player.screenshot(path=SHOTS / "live-connected-390x844.png", full_page=True)
    axe_check(player, "players' page, live")

    # The next exchange: round 2 and Brenna hurt.
    later = view_of({**ENCOUNTER, "log": [*ENCOUNTER["log"], {"t": "next_round"},
                                          {"t": "wound", "id": "c2", "level": "Hurt"}]})
    send(gm, view_message(3, later, you="c2"))
    expect(own.get_by_test_id("player-status")).to_have_text("Hurt −1")
    expect(own.locator(".meta")).to_contain_text("Round 2")

    # A late message (n not above the last shown) is ignored.
    send(gm, view_message(2, view, you="c2"))
    player.wait_for_timeout(300)
    expect(own.get_by_test_id("player-status")).to_have_text("Hurt −1")
    assert len(messages(gm, 2)) == 2  # and asks nothing
    # A gap (n 4 lost): the newer view shows, and a resync is asked for.
    send(gm, view_message(5, later, you="c2"))
    assert messages(gm, 3)[2] == {"kind": "resync"}
    # A view out of shape is refused; the last one stays.
    forged = json.loads(json.dumps(later))
    forged["combatants"][2]["skills_hidden"] = ["Zweihanderkunst"]
    send(gm, view_message(6, forged, you="c2"))
    expect(player.get_by_test_id("live-note")).to_contain_text("cannot read")
    expect(own.get_by_test_id("player-status")).to_have_text("Hurt −1")
    assert "Zweihanderkunst" not in player.content()
    # Nothing of the app's runtime was asked for.
    assert not [r["url"] for r in context.recorder.requests if ENGINE.search(r["url"])]


def test_the_screen_is_kept_awake_again_when_the_page_shows(open_context, site, dist):
    gm, player, _ = joined(open_context, site, dist)
    gm.evaluate(ACCEPT, player.get_by_test_id("live-answer").text_content())
    player.wait_for_selector("html[data-live=connected]")
    count = wait_for(player, "() => wakeLocks.length")
    # The browser let go of the lock while the page was hidden; shown again, it is asked for again.
    player.evaluate("() => { wakeLocks.at(-1).released = true; "
                    "document.dispatchEvent(new Event('visibilitychange')); }")
    wait_for(player, "(n) => wakeLocks.length > n", count)


def test_the_player_is_told_when_the_gms_screen_goes(open_context, site, dist):
    gm, player, _ = joined(open_context, site, dist)
    first = player.get_by_test_id("live-answer").text_content()
    gm.evaluate(ACCEPT, first)
    player.wait_for_selector("html[data-live=connected]")
    send(gm, view_message(1, view_of(ENCOUNTER), you="c1"))
    expect(player.get_by_role("heading", level=2, name="Ásta")).to_be_visible()
    gm.evaluate("() => hub.close()")
    player.wait_for_selector("html[data-live=dropped]")
    expect(player.get_by_test_id("live-dropped")).to_have_text(
        "Lost the GM's screen — scan the GM's new code to rejoin.")
    # The last view stays in sight.
    expect(player.get_by_role("heading", level=2, name="Ásta")).to_be_visible()

    # The GM's new code, opened from the camera app, joins again on the same page.
    gm2 = live_page(open_context(), site.origin, dist)
    gm2.evaluate(GM, {})
    code = gm2.evaluate(INVITE, "p1")["code"]
    player.evaluate("(code) => { location.hash = 'join=' + code; }", code)
    answer = player.get_by_test_id("live-answer")
    expect(answer).to_have_text(re.compile(r"^[A-Za-z0-9_-]{20,120}$"))
    expect(answer).not_to_have_text(first)
    assert player.evaluate("document.documentElement.dataset.live") == "joining"
    assert gm2.evaluate(ACCEPT, answer.text_content()) == {"seat": "p1"}
    player.wait_for_selector("html[data-live=connected]")
    assert messages(gm2, 1) == [{"kind": "hello"}]


def test_a_code_that_is_no_join_code_says_so(open_context, site):
    player = open_context().new_page()
    player.goto(f"{site.url}play.html#join=https://example.org/not-a-code")
    expect(player.get_by_test_id("live-error")).to_contain_text("not a pyfudge live-table code")
    player.wait_for_selector("html[data-live=dropped]")
