"""Scanning QR codes with the camera (site/js/live/scan.js): the GM's live screen reads a player's
answer, the players' page (play.html) reads the GM's join code — where the browser has no
BarcodeDetector (headless Linux Chromium has none, as iOS Safari and Firefox) with the vendored
decoder (jsQR, dist/vendor/jsqr.mjs), imported only once a scan starts.

The camera is Chromium's fake capture fed a y4m file (--use-file-for-fake-video-capture: one file
per browser launch, so each test launches a browser of its own) holding a picture of the QR code
the other side's page draws: a phone's screen held up to the camera, turned a little and soft.
The GM's camera opens before the player's answer exists (it is asked for before the invitation is
made), so its file shows an empty table first and the answer is written over it in place: the
capture reads the file frame by frame at each tick, the same file, the same size."""

from __future__ import annotations

import base64
import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_live_link import ACCEPT, GM, INVITE
from test_live_signal import live_page, wait_for
from test_live_table import PHONE, open_live, raid, seat

import build
import harness

WIDTH, HEIGHT = 640, 480
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

# What a page's camera did: every stream it got, every frame the scanner read (getImageData: the
# vendored decoder's frame grab), when it set a remote description (the GM: an answer accepted)
# and when its address changed (the player: a scanned code opened).
WATCH = """(() => {
  globalThis.__streams = [];
  globalThis.__reads = [];
  globalThis.__answered = [];
  globalThis.__opened = [];
  const media = navigator.mediaDevices;
  const getUserMedia = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    __streams.push(stream);
    return stream;
  };
  const read = CanvasRenderingContext2D.prototype.getImageData;
  CanvasRenderingContext2D.prototype.getImageData = function (...args) {
    __reads.push(performance.now());
    return read.apply(this, args);
  };
  const answer = RTCPeerConnection.prototype.setRemoteDescription;
  RTCPeerConnection.prototype.setRemoteDescription = function (...args) {
    __answered.push(performance.now());
    return answer.apply(this, args);
  };
  addEventListener('hashchange', () => __opened.push(performance.now()));
})();"""

# A frame of the camera's view, as its luma plane in base64: a table (dark), a phone's white
# screen, and on it the QR code of `text` as qr.js draws it (or the image at `src`), turned 8° and
# a little soft, as a hand holds it up. No code: the table alone.
FRAME = """async ([text, src, width, height]) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.fillStyle = '#3a3a3a';
  g.fillRect(0, 0, width, height);
  if (text !== null || src !== null) {
    if (src === null) {
      const { qrSvg } = await import('./js/live/qr.js');
      src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(qrSvg(text));
    }
    const img = new Image();
    img.src = src;
    await img.decode();
    g.translate(width / 2, height / 2);
    g.rotate(8 * Math.PI / 180);
    g.fillStyle = '#f4f4f4';
    g.fillRect(-170, -200, 340, 400);
    g.filter = 'blur(0.7px)';
    g.drawImage(img, -150, -150, 300, 300);
  }
  const { data } = g.getImageData(0, 0, width, height);
  let bytes = '';
  for (let i = 0; i < data.length; i += 4) {
    bytes += String.fromCharCode((77 * data[i] + 150 * data[i + 1] + 29 * data[i + 2]) >> 8);
  }
  return btoa(bytes);
}"""


def y4m_header(width: int = WIDTH, height: int = HEIGHT) -> bytes:
    return f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode()


def y4m_frames(luma: bytes, frames: int = 2) -> bytes:
    """I420 frames of a grey picture: its luma, then both chroma planes at their middle (no colour)."""
    assert len(luma) == WIDTH * HEIGHT
    chroma = bytes([128]) * (WIDTH * HEIGHT // 4)
    return (b"FRAME\n" + luma + chroma + chroma) * frames


def frame(page, text: str | None = None, src: str | None = None) -> bytes:
    return base64.b64decode(page.evaluate(FRAME, [text, src, WIDTH, HEIGHT]))


def write_y4m(path: Path, luma: bytes) -> None:
    path.write_bytes(y4m_header() + y4m_frames(luma))


def show(path: Path, luma: bytes) -> None:
    """Put another picture before the camera: the frames written over in place (same file, same
    size), which the capture reads at its next tick."""
    with path.open("r+b") as f:
        f.seek(len(y4m_header()))
        f.write(y4m_frames(luma))


def camera_browser(playwright, y4m: Path):
    return playwright.chromium.launch(executable_path=harness.find_chromium(), args=[
        *harness.CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={y4m}"])


def camera_context(browser, site):
    context = browser.new_context(permissions=["camera"], **PHONE)
    context.set_default_timeout(90_000)
    context.add_init_script(WATCH)
    requests: list[tuple[str, bool]] = []  # (url, made by the service worker)
    context.on("request", lambda r: requests.append((r.url, r.service_worker is not None)))
    return context, requests


def decoder_requests(requests: list[tuple[str, bool]]) -> int:
    """How often the page asked for the decoder (its service worker's fetch for it not counted)."""
    return sum(1 for url, by_worker in requests
               if url.split("?")[0].endswith("/" + build.VENDOR_JSQR) and not by_worker)


def off_site(requests: list[tuple[str, bool]], site) -> list[str]:
    return [url for url, _ in requests if not url.startswith((site.origin, "data:", "blob:"))]


def cameras_off(page) -> bool:
    return page.evaluate("() => __streams.length > 0 && __streams.every((s) => "
                         "s.getTracks().every((t) => t.readyState === 'ended'))")


def scan_figures(page, since: float, done: str) -> dict:
    """Frames read and milliseconds from `since` (page time) to the first time in `done`."""
    return page.evaluate("""([since, done]) => {
      const at = globalThis[done].find((t) => t > since);
      return { ms: Math.round(at - since), frames: __reads.filter((t) => t > since && t <= at).length };
    }""", [since, done])


def test_every_qr_code_qr_js_makes_of_a_code_reads_back_with_the_vendored_decoder(open_context, site, dist):
    """Encoder and decoder agree: every code of 100–130 characters at QR versions 6–8 (and each as
    the join link the GM shows), drawn module by module as qr.js makes it, reads back whole."""
    rng = random.Random(26)
    codes = ["".join(rng.choice(BASE64URL) for _ in range(n)) for n in range(100, 131)]
    links = ["https://pyfudge.example/table/play.html#join=" + code for code in codes[:21]]
    page = live_page(open_context(), site.origin, dist)
    results = page.evaluate("""async ([codes, links]) => {
      const { encodeQr } = await import('./js/live/qr.js');
      const { default: jsQR } = await import('./vendor/jsqr.mjs');
      const read = (text, minVersion) => {
        const qr = encodeQr(text, { level: 'M', minVersion });
        const scale = 4, quiet = 4, side = (qr.size + 2 * quiet) * scale;
        const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
        for (let y = 0; y < qr.size; y++) for (let x = 0; x < qr.size; x++) {
          if (!qr.modules[y * qr.size + x]) continue;
          for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
            const i = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4;
            pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
          }
        }
        const found = jsQR(pixels, side, side, { inversionAttempts: 'dontInvert' });
        return { text, version: qr.version, level: qr.level, read: found ? found.data : null };
      };
      return [...codes.flatMap((c) => [6, 7, 8].map((v) => read(c, v))), ...links.map((l) => read(l, 1))];
    }""", [codes, links])
    assert len(results) == 3 * 31 + 21
    wrong = [(r["text"], r["version"], r["level"], r["read"]) for r in results if r["read"] != r["text"]]
    assert wrong == []
    versions = {r["version"] for r in results[:93]}
    assert versions == {6, 7, 8}, versions
    assert {r["level"] for r in results} >= {"M", "Q"}  # qr.js raises the level where the version holds it
    assert max(r["version"] for r in results[93:]) <= 9


def test_the_gm_scans_a_players_answer_from_the_camera(playwright, open_context, site, dist, tmp_path):
    """The GM's live screen reads the answer the player's phone (play.html) shows, from the camera,
    with the vendored decoder, and the player is connected: no paste."""
    y4m = tmp_path / "gm-camera.y4m"
    blank = live_page(open_context(), site.origin, dist)
    write_y4m(y4m, frame(blank))  # the table, no code in view yet
    browser = camera_browser(playwright, y4m)
    try:
        context, requests = camera_context(browser, site)
        gm = context.new_page()
        raid(gm, site)
        assert decoder_requests(requests) == 0  # not in the app's first visit
        open_live(gm)
        video = gm.locator("video.scanner")
        expect(video).to_have_count(1)
        assert gm.evaluate("() => typeof BarcodeDetector") == "undefined"  # the vendored decoder reads
        expect(gm.get_by_test_id("live-answer-input")).to_be_visible()  # pasting stays possible
        wait_for(gm, "() => document.querySelector('video.scanner')?.readyState >= 2 && __reads.length > 3")
        assert decoder_requests(requests) == 1

        player = open_context(**PHONE).new_page()
        player.goto(gm.get_by_test_id("live-offer").text_content())
        expect(player.get_by_test_id("live-answer")).to_have_text(re.compile(r"^[A-Za-z0-9_-]{60,120}$"))
        shown = player.get_by_role("img", name="QR code of your answer for the GM")
        picture = frame(player, src=shown.get_attribute("src"))  # the player's screen before the GM's camera

        since = gm.evaluate("() => performance.now()")
        show(y4m, picture)
        expect(seat(gm, "Player 1")).to_have_attribute("data-state", "connected")
        expect(player.locator("html")).to_have_attribute("data-live", "connected")
        figures = scan_figures(gm, since, "__answered")
        print(f"\nGM scan: answer in view → read in {figures['ms']} ms, {figures['frames']} frames read")
        assert figures["ms"] < 10_000
        expect(video).to_have_count(0)  # no answer awaited: the scanner is gone and the camera off
        assert cameras_off(gm)
        assert decoder_requests(requests) == 1
        assert off_site(requests, site) == []
    finally:
        browser.close()


def test_a_player_scans_the_gms_join_code_and_joins(playwright, open_context, site, dist, tmp_path):
    """A player whose camera app opens no links: play.html's "Scan the GM's code" reads the GM's
    join link from the camera, joins, stops the camera; the GM takes the answer and they connect."""
    gm = live_page(open_context(), site.origin, dist)
    gm.evaluate(GM, {})
    code = gm.evaluate(INVITE, "p1")["code"]
    y4m = tmp_path / "player-camera.y4m"
    write_y4m(y4m, frame(gm, f"{site.url}play.html#join={code}"))
    browser = camera_browser(playwright, y4m)
    try:
        context, requests = camera_context(browser, site)
        player = context.new_page()
        player.goto(f"{site.url}play.html")
        scan = player.get_by_role("button", name="Scan the GM's code")
        expect(scan).to_be_visible()
        assert player.evaluate("() => __streams.length") == 0  # no camera until asked for
        assert decoder_requests(requests) == 0  # not in the players' page's first visit

        scan.click()
        expect(player.locator("html")).to_have_attribute("data-live", "joining")
        assert player.evaluate("() => location.hash") == f"#join={code}"
        figures = scan_figures(player, player.evaluate("() => __reads[0] - 1"), "__opened")
        print(f"\nPlayer scan: first frame read → join code read in {figures['ms']} ms, "
              f"{figures['frames']} frames read")
        assert cameras_off(player)
        expect(player.locator("video")).to_have_count(0)
        answer = player.get_by_test_id("live-answer")
        expect(answer).to_have_text(re.compile(r"^[A-Za-z0-9_-]{60,120}$"))
        assert gm.evaluate(ACCEPT, answer.text_content()) == {"seat": "p1"}
        expect(player.locator("html")).to_have_attribute("data-live", "connected")
        assert decoder_requests(requests) == 1
        assert off_site(requests, site) == []
    finally:
        browser.close()


def test_the_players_camera_stops_on_cancel_and_when_the_screen_goes(playwright, open_context, site, dist, tmp_path):
    y4m = tmp_path / "table.y4m"
    write_y4m(y4m, frame(live_page(open_context(), site.origin, dist)))
    browser = camera_browser(playwright, y4m)
    try:
        context, requests = camera_context(browser, site)
        player = context.new_page()
        player.goto(f"{site.url}play.html")
        player.get_by_role("button", name="Scan the GM's code").click()
        wait_for(player, "() => __reads.length > 2")  # reading frames: nothing in view
        assert not cameras_off(player)
        player.get_by_role("button", name="Cancel").click()
        expect(player.locator("video")).to_have_count(0)
        assert cameras_off(player)

        player.get_by_role("button", name="Scan the GM's code").click()
        wait_for(player, "() => __streams.length === 2 && __streams[1].getTracks()[0].readyState === 'live'")
        player.evaluate("() => { location.hash = '#v=f1.garbled'; }")  # another screen
        expect(player.get_by_test_id("player-error")).to_be_visible()
        assert cameras_off(player)
        reads = player.evaluate("() => __reads.length")
        time.sleep(0.5)
        assert player.evaluate("() => __reads.length") == reads  # no frame read after it went
        assert off_site(requests, site) == []
    finally:
        browser.close()


@pytest.mark.parametrize("what", ["refused", "absent"])
def test_a_player_without_a_camera_is_told_why_and_keeps_the_paste_field(what, open_context, site):
    context = open_context(**PHONE)
    context.add_init_script("navigator.mediaDevices.getUserMedia = async () => { throw new DOMException('no', %r); };"
                            % ("NotAllowedError" if what == "refused" else "NotFoundError"))
    player = context.new_page()
    player.goto(f"{site.url}play.html")
    player.get_by_role("button", name="Scan the GM's code").click()
    expect(player.get_by_test_id("scan-error")).to_have_text(
        "The camera was not allowed." if what == "refused" else "This device has no camera the page can use.")
    expect(player.get_by_label("Or paste a link or join code here")).to_be_visible()
