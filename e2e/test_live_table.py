"""The live table on the GM's side (js/data/live-table.js, js/screens/live-screen.js): the GM's
real app invites players' phones by join codes, takes their answers, seats them as PCs and sends
each a whole numbered players' view after every change of the encounter — only what the GM lets
players see.

The players here are stand-in pages (an empty page of the site's origin under the app's CSP,
test_live_signal.live_page) that join with js/live/link.js's join() as the player's page does
(the protocol: /work/briefs/live-protocol.md; docs/live.md) and record what they receive. The
test passes the codes in place of the camera: the GM's `live-offer` link to the player, the
player's answer into `live-answer-input`."""

from __future__ import annotations

import json
import mimetypes
import re
import time

import pytest
from conftest import add_fighter, app_ready, idle, new_encounter, play_exchange
from playwright.sync_api import expect
from test_live_link import unshare_works
from test_live_signal import live_page, wait_for

import harness

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "weapon": {"name": "Sword", "size": 2}}
BRENNA = {"name": "Brenna", "role": "pc", "skills": {"Axe": "Good"}, "weapon": {"name": "Axe", "size": 2}}
# Values found nowhere else: their absence from every message proves they never left.
ORC = {"name": "Orc", "role": "npc", "skills": {"Zweihanderkunst": "Fair"}, "strength": "Great",
       "weapon": {"name": "Glaive of Woe", "size": 1}}
SECRETS = ("Zweihanderkunst", "Glaive of Woe")
HIT = {"a_dice": {"roll": {"faces": [1, 1, 1, 1]}}, "b_dice": {"roll": {"faces": [-1, -1, -1, 0]}}}

# Every frame the GM's page hands a data channel, kept in the order sent.
RECORD_SENDS = """(() => {
  const send = RTCDataChannel.prototype.send;
  globalThis.__sent = [];
  RTCDataChannel.prototype.send = function (data) {
    globalThis.__sent.push(typeof data === "string" ? data : `[${typeof data}]`);
    return send.call(this, data);
  };
})();"""

# The stand-in player: joins from the GM's join link, says hello once open, keeps every message.
JOIN = """async (joinLink) => {
  const live = await import('./js/live/link.js');
  const code = new URL(joinLink).hash.replace(/^#join=/, '');
  window.received = [];
  window.drops = [];
  const { link, code: answer } = await live.join(code);
  window.link = link;
  link.addEventListener('open', () => link.send({ kind: 'hello' }));
  link.addEventListener('message', (e) => received.push(e.detail.message));
  link.addEventListener('drop', (e) => drops.push(e.detail.reason));
  return answer;
}"""


def views(player) -> list[dict]:
    return player.evaluate("() => received")


def last_view(player, newer_than: int = 0, timeout: float = 10) -> dict:
    """The player's newest message once its number is above newer_than."""
    return wait_for(player, "(n) => { const m = received.at(-1); return m && m.n > n && m; }", newer_than,
                    timeout=timeout)


def open_live(gm) -> None:
    gm.get_by_test_id("live-link").click()
    expect(gm.locator("html")).to_have_attribute("data-screen", "live")


def seat(gm, label: str):
    return gm.get_by_test_id("live-seat").filter(has=gm.get_by_text(label, exact=True))


def join(gm, player_context, site, dist, label: str):
    """A stand-in player scans the GM's waiting invitation; the GM pastes its answer; connected."""
    offer = gm.get_by_test_id("live-offer").last
    link = offer.text_content()
    assert re.fullmatch(re.escape(site.url) + r"play\.html#join=[A-Za-z0-9_-]{60,120}", link), link
    assert offer.get_attribute("href") == link
    player = live_page(player_context, site.origin, dist)
    answer = player.evaluate(JOIN, link)
    gm.get_by_test_id("live-answer-input").fill(answer)
    gm.get_by_role("button", name="Connect", exact=True).click()
    expect(seat(gm, label)).to_have_attribute("data-state", "connected")
    wait_for(player, "() => link.state === 'open'")
    return player


def orc(view: dict) -> dict:
    return next(c for c in view["view"]["combatants"] if c["name"] == "Orc")


def ids(view: dict) -> dict[str, str]:
    return {c["name"]: c["id"] for c in view["view"]["combatants"]}


def log_length(gm, eid: str) -> int:
    return len(json.loads(gm.evaluate(f"localStorage.getItem('pyfudge:enc:{eid}')"))["data"]["log"])


def raid(gm, site) -> str:
    eid = new_encounter(gm, site, "Raid")
    for fighter in (ASTA, BRENNA, ORC):
        add_fighter(gm, fighter)
    return eid


def test_two_players_join_follow_every_change_and_never_see_hidden_npc_stats(open_context, site, dist):
    gm_context = open_context(**PHONE)
    gm_context.add_init_script(RECORD_SENDS)
    gm = gm_context.new_page()
    eid = raid(gm, site)
    events_before = log_length(gm, eid)

    # One tap: the live screen and the first player's invitation.
    open_live(gm)
    expect(gm.get_by_test_id("live-qr")).to_have_count(1)
    # Headless Linux Chromium reads no QR codes (no BarcodeDetector): the paste field is offered.
    expect(gm.get_by_test_id("live-no-scanner")).to_be_visible()
    one = join(gm, open_context(), site, dist, "Player 1")
    first = last_view(one)
    assert first["kind"] == "view" and first["n"] == 1 and first["seat"] == "s1" and first["you"] is None
    assert [pc["name"] for pc in first["pcs"]] == ["Ásta", "Brenna"]
    assert first["view"]["name"] == "Raid" and first["view"]["round"] == 1
    assert orc(first)["skills"] is None and orc(first)["weapon"] is None and orc(first)["track"] is None
    people = ids(first)

    gm.get_by_role("button", name="Add a player").click()
    expect(gm.get_by_test_id("live-qr")).to_have_count(1)  # the connected player's is gone
    two = join(gm, open_context(), site, dist, "Player 2")
    assert last_view(two)["n"] == 1

    # The GM seats Player 1 as Ásta: Player 1 is told, Player 2 can no longer pick her.
    gm.get_by_label("Player 1 plays").select_option(label="Ásta")
    seated = last_view(one, 1)
    assert seated["you"] == people["Ásta"] and seated["n"] == 2
    assert [pc["name"] for pc in last_view(two, 1)["pcs"]] == ["Brenna"]
    # Player 2 picks Brenna; picking Ásta, who is taken, is refused and listed.
    two.evaluate("(id) => link.send({ kind: 'pick', id })", people["Brenna"])
    expect(gm.get_by_label("Player 2 plays")).to_have_value(people["Brenna"])
    assert last_view(two, 2)["you"] == people["Brenna"]
    n_two = last_view(two, 2)["n"]
    two.evaluate("(id) => link.send({ kind: 'pick', id })", people["Ásta"])
    refused = gm.get_by_test_id("live-refused")
    expect(refused).to_contain_text("Player 2: a pick of Ásta, whom another player has")
    assert last_view(two, n_two)["you"] == people["Brenna"]  # answered with what holds
    # Anything but hello, resync or pick for its own seat is refused and listed.
    two.evaluate("(id) => link.send({ kind: 'pick', id })", people["Orc"])
    two.evaluate("() => link.send({ kind: 'roll', field: 'exchange.a', faces: [1, 1, 1, 1] })")
    two.evaluate("() => link.send({ kind: 'constructor' })")
    two.evaluate("() => link.send({ kind: 'hello', seat: 's1' })")
    two.evaluate("() => link.send(['not', 'a', 'message'])")
    expect(refused).to_contain_text("a pick of no player character of this encounter")
    expect(refused).to_contain_text("Player 2: a roll the round form did not ask of Brenna")
    expect(refused).to_contain_text("Player 2: “constructor”")
    expect(refused).to_contain_text("“hello” for another seat")
    expect(refused).to_contain_text("Player 2: a list")
    # A resync is answered with a whole view, numbered on.
    n_two = last_view(two)["n"]
    two.evaluate("() => link.send({ kind: 'resync' })")
    assert last_view(two, n_two)["view"] == last_view(one)["view"]

    # Back to the round: the connections stay. The round form asks Ásta's player for her roll;
    # a roll of dice the rules do not read is refused in the engine's words, and a roll only the
    # asked player may send.
    gm.get_by_role("link", name="← Back to the round").click()
    idle(gm)
    expect(gm.get_by_test_id("live-link")).to_have_text("Live table 2 connected")
    gm.get_by_label("Fighter", exact=True).select_option(label="Ásta")
    gm.get_by_label("Against", exact=True).select_option(label="Orc")
    asked = wait_for(one, "() => received.at(-1)?.asks?.[0]")
    assert asked["what"] == "Combat roll against Orc" and asked["dice"] == "4dF" and asked["got"] is None, asked
    assert (asked["count"], asked["faces"], asked["low"], asked["high"]) == (4, True, -4, 4)
    assert last_view(two)["asks"] == []
    one.evaluate("(field) => link.send({ kind: 'roll', field, faces: [2, 2, 2, 2] })", asked["field"])
    why = wait_for(one, "() => received.at(-1).asks[0]?.refused")
    assert "Fudge" in why or "−1, 0" in why or "faces" in why, why  # the engine's own words
    two.evaluate("(field) => link.send({ kind: 'roll', field, faces: [1, 1, 1, 1] })", asked["field"])
    assert last_view(one)["asks"][0]["got"] is None
    # The GM types the dice over the asked roll: resolved, both players are sent the new view.
    n_one, n_two = last_view(one)["n"], last_view(two)["n"]
    play_exchange(gm, "Ásta", "Orc", HIT)
    for player, n in ((one, n_one), (two, n_two)):
        view = wait_for(player, "(n) => received.find((m) => m.n > n && m.view.results.length > 0)", n)
        assert orc(view)["status"] in ("wounded", "badly hurt", "down"), orc(view)
        assert orc(view)["track"] is None
        assert view["view"]["results"][0]["title"] == "Ásta vs Orc"
    assert last_view(one)["you"] == people["Ásta"]

    # A player drops (its phone gone): seen as dropped; invited again, a new phone sees the
    # current state and keeps its character.
    one.context.close()
    open_live(gm)
    expect(refused).to_contain_text(f"Player 1: a roll: {why}")
    expect(refused.get_by_text("Player 2: a roll the round form did not ask of Brenna")).to_have_count(2)
    expect(seat(gm, "Player 1")).to_have_attribute("data-state", "dropped", timeout=10_000)
    expect(seat(gm, "Player 1")).to_contain_text("Scan a new join code")
    seat(gm, "Player 1").get_by_role("button", name="Invite again").click()
    again = join(gm, open_context(), site, dist, "Player 1")
    back = last_view(again)
    assert back["you"] == people["Ásta"] and back["view"] == last_view(two)["view"]
    assert orc(back)["status"] != "unhurt"

    # Remove: the seat goes, its character is free to pick again.
    n_two = last_view(two)["n"]
    seat(gm, "Player 1").get_by_role("button", name="Remove").click()
    expect(gm.get_by_test_id("live-seat")).to_have_count(1)
    assert [pc["name"] for pc in last_view(two, n_two)["pcs"]] == ["Ásta", "Brenna"]

    # Only what players see ever left the GM's phone: every frame any data channel sent.
    sent = gm.evaluate("() => globalThis.__sent")
    messages = [json.loads(frame)["d"] for frame in sent if json.loads(frame)["t"] == "msg"]
    assert len(messages) >= 12
    for frame in sent:
        for secret in SECRETS:
            assert secret not in frame, (secret, frame)
    for message in messages:
        entry = orc(message)
        assert entry["skills"] is None and entry["weapon"] is None and entry["armor"] is None
        assert entry["track"] is None and entry["odf"] is None and entry["ddf"] is None
    # The live table changed nothing of the encounter: one exchange was played, no more.
    assert log_length(gm, eid) == events_before + 1


def serve_by_route(context, origin: str, dist) -> list[str]:
    """Serve the built site at origin through Playwright routes (for a browser that cannot reach
    the test's server); returns the paths served."""
    served: list[str] = []
    types = {**harness.Handler.extensions_map}

    def fulfil(route):
        path = route.request.url.removeprefix(origin + "/").split("?")[0].split("#")[0] or "index.html"
        file = (dist / path).resolve()
        if not file.is_relative_to(dist.resolve()) or not file.is_file():
            return route.fulfill(status=404, body="not found")
        served.append(path)
        kind = types.get(file.suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        route.fulfill(path=file, content_type=kind)

    context.route(f"{origin}/**", fulfil)
    return served


@pytest.mark.skipif(not unshare_works(), reason="needs `unshare -n` (root, util-linux) for a network with no route")
def test_with_no_local_address_the_gm_is_told_why_and_offered_the_snapshot_link(playwright, dist, tmp_path):
    # The GM's Chromium in a network namespace with only loopback: it offers WebRTC no address.
    wrapper = tmp_path / "chromium-no-network"
    wrapper.write_text("#!/bin/sh\nexec unshare -n sh -c 'ip link set lo up && exec \"$0\" \"$@\"' "
                       f"{harness.find_chromium()} \"$@\"\n")
    wrapper.chmod(0o755)
    browser = playwright.chromium.launch(executable_path=str(wrapper), args=harness.CHROMIUM_ARGS)
    try:
        context = browser.new_context(service_workers="block", **PHONE)
        context.set_default_timeout(90_000)
        # localhost: a secure context (the camera, Web Locks), served by the routes, never reached.
        origin = "http://localhost:8765"
        served = serve_by_route(context, origin, dist)
        outside: list[str] = []
        context.on("request", lambda r: None if r.url.startswith((origin, "data:", "blob:")) else outside.append(r.url))
        gm = context.new_page()
        site = type("Site", (), {"url": origin + "/"})
        eid = new_encounter(gm, site, "Raid")
        for fighter in (ASTA, ORC):
            add_fighter(gm, fighter)
        events_before = log_length(gm, eid)

        started = time.monotonic()
        open_live(gm)
        cannot = gm.get_by_test_id("live-cannot")
        expect(cannot).to_contain_text("This phone offered no local network address", timeout=15_000)
        took = time.monotonic() - started
        print(f"no address: told after {took:.1f} s")
        assert took <= 10, took
        expect(cannot).to_contain_text("A phone that is itself the hotspot cannot host the table")
        expect(seat(gm, "Player 1")).to_have_attribute("data-state", "failed")
        expect(seat(gm, "Player 1").get_by_role("button", name="Invite again")).to_be_visible()
        expect(gm.get_by_test_id("live-offer")).to_have_count(0)
        # The snapshot players' link instead, made by the engine as the share screen makes it.
        players_link = cannot.get_by_label("Players' link", exact=True)
        expect(players_link).to_have_value(re.compile("^" + re.escape(origin) + r"/play\.html#v=f1\.[A-Za-z0-9_-]+$"))
        expect(cannot.get_by_role("link", name="More links on the Share screen")).to_have_attribute(
            "href", f"#/e/{eid}/share")
        assert log_length(gm, eid) == events_before  # nothing of the encounter touched
        assert "index.html" in served and not outside, outside
        app_ready(gm)
    finally:
        browser.close()


# The order the GM's page asks for the camera and makes connections, every camera stream it
# got, and the Screen Wake Lock it asks for (headless Chromium refuses a real one: recorded here).
WATCH_GM = """(() => {
  globalThis.__order = [];
  globalThis.__streams = [];
  const media = navigator.mediaDevices;
  const getUserMedia = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    __order.push('camera');
    const stream = await getUserMedia(constraints);
    __streams.push(stream);
    return stream;
  };
  const Native = RTCPeerConnection;
  globalThis.RTCPeerConnection = class extends Native {
    constructor(config) { __order.push('connection'); super(config); }
  };
  globalThis.__wake = [];
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: async (type) => {
    const sentinel = new EventTarget();
    sentinel.release = async () => { __wake.push('release'); sentinel.dispatchEvent(new Event('release')); };
    __wake.push(type);
    globalThis.__sentinel = sentinel;
    return sentinel;
  } } });
})();"""

# A QR reader as a browser with BarcodeDetector has one (headless Linux Chromium has none): it
# reads what the test holds up (globalThis.__heldUp) once the camera's video shows frames.
BARCODE_DETECTOR = """globalThis.BarcodeDetector = class {
  constructor(options) { globalThis.__formats = options.formats; }
  async detect(source) {
    const playing = source instanceof HTMLVideoElement && source.srcObject && source.readyState >= 2
      && source.videoWidth > 0;
    return playing && globalThis.__heldUp ? [{ rawValue: globalThis.__heldUp, format: 'qr_code' }] : [];
  }
};"""


@pytest.fixture
def camera_browser(playwright):
    """A Chromium with a fake camera (its test pattern), the permission granted per context."""
    browser = playwright.chromium.launch(executable_path=harness.find_chromium(),
                                         args=[*harness.CHROMIUM_ARGS, "--use-fake-device-for-media-stream"])
    yield browser
    browser.close()


def camera_gm(browser, site, *scripts):
    context = browser.new_context(permissions=["camera"], **PHONE)
    context.set_default_timeout(90_000)
    for script in scripts:
        context.add_init_script(script)
    outside: list[str] = []
    context.on("request", lambda r: None if r.url.startswith((site.origin, "data:", "blob:"))
               else outside.append(r.url))
    gm = context.new_page()
    raid(gm, site)
    return gm, outside


def test_the_camera_is_asked_before_the_connection_and_scans_beside_the_paste_field_where_no_qr_reader_is(
        camera_browser, site, dist):
    gm, outside = camera_gm(camera_browser, site, WATCH_GM)
    open_live(gm)
    expect(gm.get_by_test_id("live-qr")).to_have_count(1)
    assert gm.evaluate("() => __order") == ["camera", "connection"]
    # This Chromium has no BarcodeDetector: the camera's view scans all the same (the vendored
    # decoder: e2e/test_live_scan.py), and the paste field stays for a code sent another way.
    assert gm.evaluate("() => typeof BarcodeDetector") == "undefined"
    expect(gm.locator("video.scanner")).to_have_count(1)
    expect(gm.get_by_test_id("live-no-scanner")).to_have_count(0)
    expect(gm.get_by_test_id("live-answer-input")).to_be_visible()
    player = join(gm, camera_browser.new_context(), site, dist, "Player 1")
    expect(gm.locator("video")).to_have_count(0)
    assert last_view(player)["n"] == 1
    # With the camera granted the codes carry real addresses; the camera is off once no answer is awaited.
    assert gm.evaluate("() => __streams.every((s) => s.getTracks().every((t) => t.readyState === 'ended'))")
    # The screen is kept awake while a player is connected, asked again when the page is shown
    # again (the browser lets it go when hidden), and let go when no one is connected.
    wait_for(gm, "() => __wake.length === 1")
    assert gm.evaluate("() => __wake") == ["screen"]
    gm.evaluate("() => { __sentinel.dispatchEvent(new Event('release')); "
                "document.dispatchEvent(new Event('visibilitychange')); }")
    wait_for(gm, "() => __wake.length === 2")
    player.evaluate("() => link.close()")
    expect(seat(gm, "Player 1")).to_have_attribute("data-state", "dropped")
    wait_for(gm, "() => __wake.at(-1) === 'release'")
    assert gm.evaluate("() => __wake") == ["screen", "screen", "release"]
    assert not outside, outside


def test_where_the_browser_reads_qr_codes_the_camera_scans_the_players_answer(camera_browser, site, dist):
    gm, outside = camera_gm(camera_browser, site, BARCODE_DETECTOR)
    open_live(gm)
    video = gm.locator("video.scanner")
    expect(video).to_have_count(1)
    expect(gm.get_by_test_id("live-no-scanner")).to_have_count(0)
    link = gm.get_by_test_id("live-offer").text_content()
    player = live_page(camera_browser.new_context(), site.origin, dist)
    answer = player.evaluate(JOIN, link)
    # The player's phone shows its answer; the GM holds the camera to it: no typing, no tap.
    gm.evaluate("(code) => { globalThis.__heldUp = code; }", answer)
    expect(seat(gm, "Player 1")).to_have_attribute("data-state", "connected")
    assert gm.evaluate("() => __formats") == ["qr_code"]
    assert last_view(player)["n"] == 1
    expect(video).to_have_count(0)  # no answer awaited: the camera is off
    assert not outside, outside
