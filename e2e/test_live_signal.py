"""The live table's join codes (site/js/live/signal.js): a browser's offer or answer packed to
what must travel, and rebuilt into a description a browser takes; damaged or foreign codes
refused in plain words. Run in an empty page of the site under the app's own CSP."""

from __future__ import annotations

import ipaddress
import re
import time
from pathlib import Path

import pytest

PAGE = "live-test.html"
MAX_CODE_CHARS = 120
FINGERPRINT = ":".join(f"{b:02X}" for b in bytes(range(0x9B, 0x9B + 32)))


def sdp(*lines: str) -> str:
    return "\r\n".join(lines) + "\r\n"


# Chrome on a phone that granted the camera: real addresses, a TCP and a server-reflexive candidate
# (which never travel: the app has no STUN server, but the packer must not trust that).
CHROME_OFFER = sdp(
    "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=extmap-allow-mixed", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=candidate:3344712367 1 udp 2122197247 2a02:8109:9c0:1d00:6d5c:7f1a:3c36:1f2e 49745 typ host generation 0",
    "a=candidate:1806251349 1 udp 2122260223 192.168.1.23 56143 typ host generation 0 network-id 1",
    "a=candidate:2133421111 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0",
    "a=candidate:842163049 1 udp 1686052607 203.0.113.7 56143 typ srflx raddr 192.168.1.23 rport 56143",
    "a=candidate:842163050 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.7 rport 56143",
    "a=ice-ufrag:kD7x", "a=ice-pwd:3Jv2Y0pyt8sJ1fZyLyLrMp/+", "a=ice-options:trickle",
    f"a=fingerprint:sha-256 {FINGERPRINT}", "a=setup:actpass", "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144")

# Firefox's answer: the fingerprint at session level, hex ICE credentials twice as long, an mDNS
# name, UDP in capitals.
FIREFOX_ANSWER = sdp(
    "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 6044717361525036823 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    f"a=fingerprint:sha-256 {FINGERPRINT.lower()}", "a=group:BUNDLE 0", "a=ice-options:trickle",
    "a=msid-semantic:WMS *", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:0 1 UDP 2122252543 8c1f2f3e-5b7a-4d3e-9a3c-0a1b2c3d4e5f.local 51433 typ host",
    "a=candidate:1 1 TCP 2105524479 8c1f2f3e-5b7a-4d3e-9a3c-0a1b2c3d4e5f.local 9 typ host tcptype active",
    "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:b3e5f2a7c9d14e6f8a0b1c2d3e4f5a6b", "a=ice-ufrag:4c7d9e1f",
    "a=mid:0", "a=setup:active", "a=sctp-port:5000", "a=max-message-size:1073741823")


def live_page(context, origin: str, dist: Path):
    """An empty page at origin/live-test.html carrying the built app's own CSP (served by a route,
    not shipped: the live modules are imported into it)."""
    policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', (dist / "index.html").read_text())
    assert policy, "the built index.html has no Content-Security-Policy"
    body = f"<!doctype html><html lang=en><head>{policy.group(0)}<title>live</title></head><body></body></html>"
    context.route(f"{origin}/{PAGE}", lambda route: route.fulfill(body=body, content_type="text/html"))
    page = context.new_page()
    page.goto(f"{origin}/{PAGE}")
    return page


def wait_for(page, script: str, arg=None, timeout: float = 10.0):
    """Poll script (a function evaluated in page) until it returns something truthy; return it.
    (Playwright's wait_for_function evaluates strings, which the CSP forbids.)"""
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value or time.monotonic() > end:
            assert value, f"not within {timeout} s: {script}"
            return value
        time.sleep(0.05)


ROUND_TRIP = """async ([description, options]) => {
  const s = await import('./js/live/signal.js');
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(':');
  const plain = (f) => ({ ...f, fingerprint: hex(f.fingerprint) });
  const code = s.pack(description, options);
  const rebuilt = s.unpack(code);
  // A browser takes the rebuilt description: an offer as a remote offer, an answer against an
  // offer of its own.
  const pc = new RTCPeerConnection({ iceServers: [] });
  pc.createDataChannel('x', { negotiated: true, id: 0 });
  if (rebuilt.type === 'answer') await pc.setLocalDescription(await pc.createOffer());
  await pc.setRemoteDescription(rebuilt);
  pc.close();
  return { code, fields: plain(s.readCode(code)), again: plain(s.readDescription(rebuilt)), sdp: rebuilt.sdp };
}"""

REFUSAL = """async (code) => {
  const s = await import('./js/live/signal.js');
  try { s.readCode(code); return null; } catch (e) { return { code: e.code, message: e.message }; }
}"""


@pytest.fixture
def page(open_context, site, dist):
    return live_page(open_context(), site.origin, dist)


def test_an_offer_packs_to_its_few_fields_and_a_browser_takes_it_rebuilt(page):
    out = page.evaluate(ROUND_TRIP, [{"type": "offer", "sdp": CHROME_OFFER}, {}])
    print(f"Chrome offer with an IPv4 and an IPv6 address: {len(CHROME_OFFER)} bytes of SDP -> "
          f"{len(out['code'])} characters")
    assert len(out["code"]) <= MAX_CODE_CHARS
    fields = out["fields"]
    assert fields == {
        "type": "offer", "setup": "actpass", "ufrag": "kD7x", "pwd": "3Jv2Y0pyt8sJ1fZyLyLrMp/+",
        "fingerprint": FINGERPRINT.lower(),
        # Host UDP candidates only, the browser's best ranked first.
        "candidates": [{"address": "192.168.1.23", "port": 56143},
                       {"address": "2a02:8109:9c0:1d00:6d5c:7f1a:3c36:1f2e", "port": 49745}],
    }
    assert out["again"] == fields
    assert "srflx" not in out["sdp"] and "relay" not in out["sdp"] and " tcp " not in out["sdp"]
    for line in ("m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=sctp-port:5000", "a=setup:actpass",
                 "a=max-message-size:262144", "a=mid:0"):
        assert line in out["sdp"].splitlines()


def test_an_answer_carries_the_tag_of_its_offer(page):
    tag = page.evaluate("""async (ufrag) => (await import('./js/live/signal.js')).offerTag(
        { ufrag, pwd: '3Jv2Y0pyt8sJ1fZyLyLrMp/+' })""", "kD7x")
    out = page.evaluate(ROUND_TRIP, [{"type": "answer", "sdp": FIREFOX_ANSWER}, {"answers": tag}])
    print(f"Firefox answer with an mDNS name: {len(out['code'])} characters")
    assert len(out["code"]) <= MAX_CODE_CHARS
    assert out["fields"] | {"candidates": None} == {
        "type": "answer", "setup": "active", "answers": tag, "ufrag": "4c7d9e1f",
        "pwd": "b3e5f2a7c9d14e6f8a0b1c2d3e4f5a6b", "fingerprint": FINGERPRINT.lower(), "candidates": None}
    assert out["fields"]["candidates"] == [{"address": "8c1f2f3e-5b7a-4d3e-9a3c-0a1b2c3d4e5f.local", "port": 51433}]
    refused = page.evaluate("""async (sdp) => { try { (await import('./js/live/signal.js')).pack(
        { type: 'answer', sdp }); } catch (e) { return e.message; } }""", FIREFOX_ANSWER)
    assert "tag of its offer" in refused


@pytest.mark.parametrize("address", [
    "::1", "2001:db8::8a2e:370:7334", "fd00::2", "2001:db8:0:0:1:0:0:1", "::ffff:192.0.2.1", "10.0.0.255",
    "pyfudge-gm.local",
])
def test_each_kind_of_host_address_travels_unchanged(page, address):
    offer = CHROME_OFFER.replace("192.168.1.23 56143", f"{address} 56143")
    candidates = page.evaluate(ROUND_TRIP, [{"type": "offer", "sdp": offer}, {"maxChars": 200}])["fields"]["candidates"]
    travelled = candidates[0]["address"]
    if address.endswith(".local"):
        assert travelled == address
    else:
        assert ipaddress.ip_address(travelled) == ipaddress.ip_address(address)


def test_candidates_beyond_the_size_of_a_quick_qr_code_are_left_out_best_first(page):
    # Three mDNS names (Chromium without a media permission hides every address behind one).
    names = [f"{i}{i}{i}{i}{i}{i}{i}{i}-1111-4111-8111-11111111111{i}.local" for i in range(1, 4)]
    lines = [f"a=candidate:{i} 1 udp {2113937151 + 256 * i} {name} {50000 + i} typ host generation 0"
             for i, name in enumerate(names)]
    offer = re.sub(r"a=candidate:.*\r\n", "", CHROME_OFFER)
    offer = offer.replace("a=ice-ufrag", "\r\n".join(lines) + "\r\na=ice-ufrag")
    kept = page.evaluate(ROUND_TRIP, [{"type": "offer", "sdp": offer}, {}])
    assert len(kept["code"]) <= MAX_CODE_CHARS
    assert [c["address"] for c in kept["fields"]["candidates"]] == [names[2]]  # the highest priority
    wider = page.evaluate(ROUND_TRIP, [{"type": "offer", "sdp": offer}, {"maxChars": 200}])
    assert [c["address"] for c in wider["fields"]["candidates"]] == names[::-1]


def test_a_description_without_a_host_address_cannot_be_packed(page):
    no_host = "".join(line + "\r\n" for line in CHROME_OFFER.split("\r\n")[:-1]
                      if not re.match(r"a=candidate:\d+ 1 udp \d+ [\d.:a-f]+ \d+ typ host", line))
    refused = page.evaluate("""async (sdp) => { try { (await import('./js/live/signal.js')).pack(
        { type: 'offer', sdp }); } catch (e) { return { code: e.code, message: e.message }; } }""", no_host)
    assert refused["code"] == "no-address"
    assert refused["message"].startswith("This browser offered no local network address")


def test_every_changed_character_or_cut_of_a_code_is_refused(page):
    code = page.evaluate(ROUND_TRIP, [{"type": "offer", "sdp": CHROME_OFFER}, {}])["code"]
    accepted = page.evaluate("""async (code) => {
      const s = await import('./js/live/signal.js');
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const variants = [];
      for (let i = 0; i < code.length; i++) {
        for (const step of [1, 17, 32]) {
          const c = alphabet[(alphabet.indexOf(code[i]) + step) % 64];
          variants.push(code.slice(0, i) + c + code.slice(i + 1));
        }
      }
      for (let n = 1; n < code.length; n++) variants.push(code.slice(0, n));
      const accepted = [];
      for (const v of variants) { try { s.readCode(v); accepted.push(v); } catch (e) { if (!e.code) throw e; } }
      return accepted;
    }""", code)
    assert accepted == []
    damaged = page.evaluate(REFUSAL, code[:50] + ("x" if code[50] != "x" else "y") + code[51:])
    assert damaged == {"code": "damaged", "message": "This live-table code is damaged (cut short or mistyped): "
                                                     "scan it again, or copy it whole."}
    assert page.evaluate(REFUSAL, "  " + code + "\n") is None  # spaces around a pasted code are no damage


@pytest.mark.parametrize("text", ["", "hello", "https://example.org/#/j/abc", "QUJD" * 30, "0" * 104])
def test_a_code_that_is_not_ours_says_so(page, text):
    assert page.evaluate(REFUSAL, text)["code"] == "not-ours"


def test_a_code_from_a_newer_version_asks_for_a_reload(page):
    code = page.evaluate(ROUND_TRIP, [{"type": "offer", "sdp": CHROME_OFFER}, {}])["code"]
    newer = "Ag" + code[2:]  # version byte 2, the flags' top bits as before
    refused = page.evaluate(REFUSAL, newer)
    assert refused["code"] == "newer" and "reload" in refused["message"]
