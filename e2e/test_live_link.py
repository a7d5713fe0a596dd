"""The live table's transport (site/js/live/link.js, signal.js): a GM's hub and players joined by
codes alone, over WebRTC data channels with no server — in browser contexts of one headless
Chromium, each an empty page of the site's origin under the app's own Content-Security-Policy.

This machine has a default route, so Chromium offers host candidates (mDNS names) without a media
permission; the no-address path runs Chromium in a network namespace with only loopback, where it
offers none (docs/live.md)."""

from __future__ import annotations

import re
import shutil
import subprocess
import time

import pytest
from test_live_signal import CHROME_OFFER, live_page, wait_for

import harness

MAX_CODE_CHARS = 120
# Every event of a hub or link, kept in the page's `events` with its time.
RECORD = ("for (const type of ['open', 'message', 'drop', 'refused', 'close']) "
          "TARGET.addEventListener(type, (e) => events.push({ type, at: performance.now(), ...e.detail }));")


GM = """async (options) => {
  const live = await import('./js/live/link.js');
  window.hub = new live.Hub(options);
  window.events = [];
  RECORD
}""".replace("RECORD", RECORD.replace("TARGET", "hub"))

INVITE = """async (seat) => {
  try { return { code: await hub.invite(seat) }; } catch (e) { return { error: e.code, message: e.message }; }
}"""

ACCEPT = """async (code) => {
  try { return { seat: await hub.accept(code) }; } catch (e) { return { error: e.code, message: e.message }; }
}"""

JOIN = """async ([code, options]) => {
  const live = await import('./js/live/link.js');
  window.events = [];
  try {
    const { link, code: answer } = await live.join(code, options ?? {});
    window.link = link;
    RECORD
    return { code: answer };
  } catch (e) { return { error: e.code, message: e.message }; }
}""".replace("RECORD", RECORD.replace("TARGET", "link"))


def events(page, kind: str) -> list[dict]:
    return page.evaluate("(kind) => events.filter((e) => e.type === kind)", kind)


def messages(page, count: int) -> list:
    """The first count messages page received, once it has them."""
    return page.evaluate("(n) => events.filter((e) => e.type === 'message').slice(0, n).map((e) => e.message)",
                         wait_for(page, "(n) => events.filter((e) => e.type === 'message').length >= n && n", count))


@pytest.fixture
def table(open_context, site, dist):
    """table(gm_options) -> (the GM's page with its hub, join(seat) -> a new player's page,
    joined at seat and open, blank() -> a new page)."""
    def start(gm_options: dict | None = None):
        def blank():
            return live_page(open_context(), site.origin, dist)

        gm = blank()
        gm.evaluate(GM, gm_options or {})

        def join(seat: str):
            player = blank()
            offer = gm.evaluate(INVITE, seat)["code"]
            answer = player.evaluate(JOIN, [offer, None])["code"]
            assert gm.evaluate(ACCEPT, answer) == {"seat": seat}
            wait_for(player, "() => link.state === 'open'")
            return player

        return gm, join, blank

    return start


def sdps(page, where: str) -> list[str]:
    return page.evaluate(f"() => [{where}.pc.localDescription.sdp, {where}.pc.remoteDescription.sdp]")


def test_a_player_joins_with_codes_alone_and_messages_flow_both_ways(open_context, site, dist):
    gm = live_page(open_context(), site.origin, dist)
    player = live_page(open_context(), site.origin, dist)
    # The UI asks for the camera in beforeConnection; it must run before any connection exists.
    gm.evaluate("""async () => {
      window.order = [];
      const Native = RTCPeerConnection;
      window.RTCPeerConnection = class extends Native {
        constructor(config) { order.push('connection'); super(config); }
      };
    }""")
    gm.evaluate(GM.replace("new live.Hub(options)",
                           "new live.Hub({ ...options, beforeConnection: async () => order.push('camera') })"), {})
    offer = gm.evaluate(INVITE, "brenna")["code"]
    assert gm.evaluate("order") == ["camera", "connection"]
    assert len(offer) <= MAX_CODE_CHARS and re.fullmatch(r"[A-Za-z0-9_-]+", offer), offer

    answer = player.evaluate(JOIN, [offer, None])["code"]
    assert len(answer) <= MAX_CODE_CHARS and re.fullmatch(r"[A-Za-z0-9_-]+", answer), answer
    assert gm.evaluate(ACCEPT, answer) == {"seat": "brenna"}
    wait_for(player, "() => link.state === 'open'")
    assert [e["seat"] for e in events(gm, "open")] == ["brenna"]

    gm.evaluate("() => hub.send('brenna', { view: { round: 2, names: ['Brenna', 'Orc'] } })")
    assert gm.evaluate("() => hub.broadcast({ seq: 7 })") == 1
    player.evaluate("() => link.send({ roll: [1, 0, -1, 1] })")
    assert messages(player, 2) == [{"view": {"round": 2, "names": ["Brenna", "Orc"]}}, {"seq": 7}]
    assert messages(gm, 1) == [{"roll": [1, 0, -1, 1]}]
    assert [e["seat"] for e in events(gm, "message")] == ["brenna"]

    # No server: no STUN/TURN configured, so no description carries anything but host candidates.
    for page, where in ((gm, "hub.link('brenna')"), (player, "link")):
        assert page.evaluate(f"() => {where}.pc.getConfiguration().iceServers") == []
        for sdp in sdps(page, where):
            candidates = re.findall(r"^a=candidate:.*$", sdp, re.M)
            assert candidates, sdp
            assert not re.search(r"typ (srflx|relay|prflx)", sdp), sdp
            assert all(" typ host" in line for line in candidates), candidates
    # The rebuilt descriptions carry the codes' fields: the player's remote description is the
    # GM's offer, field for field.
    gm_local, _ = sdps(gm, "hub.link('brenna')")
    _, player_remote = sdps(player, "link")
    for field in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):
        value = re.search(rf"^a={field}:(.*)$", gm_local, re.M).group(1).strip()
        assert re.search(rf"^a={field}:{re.escape(value)}\s*$", player_remote, re.M), (field, value)


def test_wrong_or_damaged_codes_are_refused_in_plain_words(table):
    gm, _, blank = table()
    player = blank()
    offer = gm.evaluate(INVITE, "p1")["code"]
    damaged = offer[:40] + ("A" if offer[40] != "A" else "B") + offer[41:]
    assert player.evaluate(JOIN, [damaged, None])["error"] == "damaged"
    assert player.evaluate(JOIN, [offer[:-3], None])["error"] == "damaged"
    refused = player.evaluate(JOIN, ["https://example.org/not-a-code", None])
    assert refused["error"] == "not-ours" and "not a pyfudge live-table code" in refused["message"]

    answer = player.evaluate(JOIN, [offer, None])["code"]
    # A join code scanned where an answer is wanted, and an answer to an invitation already taken.
    assert gm.evaluate(ACCEPT, offer)["error"] == "wrong-kind"
    assert player.evaluate(JOIN, [answer, None])["error"] == "wrong-kind"
    assert gm.evaluate(ACCEPT, answer) == {"seat": "p1"}
    again = gm.evaluate(ACCEPT, answer)
    assert again["error"] == "wrong-offer" and "another join code" in again["message"]


def test_a_player_who_closes_is_dropped_within_the_heartbeat_window_and_rejoins_the_same_seat(table):
    gm, join, _ = table()
    player = join("brenna")
    closed_at = gm.evaluate("performance.now()")
    player.context.close()
    drop = wait_for(gm, "() => events.find((e) => e.type === 'drop')", timeout=10)
    waited_ms = drop["at"] - closed_at
    print(f"dropped after {waited_ms:.0f} ms ({drop['reason']})")
    assert drop["seat"] == "brenna" and drop["reason"] in ("silent", "closed")
    # Heartbeat every 2 s, dropped after 6 s of silence: the last beat came at most 2 s before
    # the close (1 s more for a busy machine's timers).
    assert waited_ms <= 7000, waited_ms
    assert "Scan a new join code" in drop["message"]
    assert gm.evaluate("() => hub.link('brenna').state") == "dropped"

    again = join("brenna")
    assert gm.evaluate("() => hub.seats") == ["brenna"]
    assert [e["seat"] for e in events(gm, "open")] == ["brenna", "brenna"]
    gm.evaluate("() => hub.send('brenna', 'welcome back')")
    assert messages(again, 1) == ["welcome back"]


def test_a_player_who_leaves_is_told_at_once(table):
    gm, join, _ = table()
    player = join("p1")
    player.evaluate("() => link.close()")
    drop = wait_for(gm, "() => events.find((e) => e.type === 'drop')", timeout=2)
    assert drop["reason"] == "left" and drop["message"] == "The other phone left the live table."
    assert events(player, "close") and not events(player, "drop")


def test_messages_over_the_size_cap_or_the_rate_are_refused(table):
    gm, join, _ = table({"maxMessageBytes": 300, "maxRate": 5, "maxBurst": 5})
    player = join("p1")
    # The sender refuses what is over its own cap, before anything is sent.
    too_big = gm.evaluate("""() => { try { hub.send('p1', 'x'.repeat(400)); } catch (e) { return e.code; } }""")
    assert too_big == "too-large"
    # What a peer with a larger cap sends anyway is refused on arrival, not delivered.
    player.evaluate("() => link.send('y'.repeat(1000))")
    assert wait_for(gm, "() => events.find((e) => e.type === 'refused')")["reason"] == "too-large"
    # A flood: the burst passes, the rest is refused.
    player.evaluate("() => { for (let i = 0; i < 30; i++) link.send(i); }")
    wait_for(gm, "() => events.filter((e) => e.type === 'refused' && e.reason === 'too-fast').length >= 20")
    delivered = [e["message"] for e in events(gm, "message")]
    # The burst of 5, less the refused message's token, plus what refilled meanwhile.
    assert delivered == list(range(len(delivered))) and 4 <= len(delivered) <= 7, delivered
    assert gm.evaluate("() => hub.link('p1').state") == "open"


def unshare_works() -> bool:
    if not shutil.which("unshare") or not shutil.which("ip"):
        return False
    return subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not unshare_works(), reason="needs `unshare -n` (root, util-linux) for a network with no route")
def test_a_browser_with_no_local_address_is_told_so_within_ten_seconds(playwright, dist, tmp_path):
    # Chromium in a network namespace with only loopback (no default route, no media permission):
    # it offers no candidate at all. The page is served by a route (the site's server is outside
    # the namespace); the origin is any.
    wrapper = tmp_path / "chromium-no-network"
    wrapper.write_text("#!/bin/sh\nexec unshare -n sh -c 'ip link set lo up && exec \"$0\" \"$@\"' "
                       f"{harness.find_chromium()} \"$@\"\n")
    wrapper.chmod(0o755)
    browser = playwright.chromium.launch(executable_path=str(wrapper), args=harness.CHROMIUM_ARGS)
    try:
        context = browser.new_context()
        origin = "http://pyfudge.test"
        context.route(f"{origin}/js/**", lambda route: route.fulfill(
            path=dist / route.request.url.removeprefix(origin + "/"), content_type="text/javascript"))
        page = live_page(context, origin, dist)
        page.evaluate(GM, {})
        started = time.monotonic()
        refused = page.evaluate(INVITE, "p1")
        took = time.monotonic() - started
        print(f"no-address said after {took:.1f} s")
        assert refused["error"] == "no-address" and took <= 10, (refused, took)
        assert refused["message"].startswith("This browser offered no local network address")
        assert page.evaluate("() => hub.seats") == []
        # The player's side says the same (a join code from anywhere: its answer is what fails).
        offer = page.evaluate("async (sdp) => (await import('./js/live/signal.js')).pack({ type: 'offer', sdp })",
                              CHROME_OFFER)
        assert page.evaluate(JOIN, [offer, None])["error"] == "no-address"
    finally:
        browser.close()
