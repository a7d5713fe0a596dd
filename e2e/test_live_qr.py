"""The live table's QR codes (site/js/live/qr.js), drawn in the page with no library and no
Python: module for module the matrices segno (the encoder the app's `qr` action and its tests pin)
makes of the same text, a join link's code among them."""

from __future__ import annotations

import pytest
from test_live_signal import live_page

segno = pytest.importorskip("segno")

ENCODE = """async (cases) => {
  const { encodeQr } = await import('./js/live/qr.js');
  return cases.map(([text, level, version, mask]) => {
    const qr = encodeQr(text, { level, minVersion: version ?? 1, mask });
    const rows = [];
    for (let y = 0; y < qr.size; y++) {
      rows.push(Array.from(qr.modules.subarray(y * qr.size, (y + 1) * qr.size)).join(''));
    }
    return { version: qr.version, level: qr.level, mask: qr.mask, rows };
  });
}"""


@pytest.fixture
def page(open_context, site, dist):
    return live_page(open_context(), site.origin, dist)


@pytest.fixture
def iso_padding(monkeypatch):
    """segno 1.6.6 adds a whole byte of padding bits after a terminator that already ends on a
    byte (write_padding_bits: 8 - length % 8 zeros); ISO/IEC 18004 7.4.10 adds padding bits only
    when the stream does not end on a codeword boundary, as qr.js does. Both read back the same
    text; for a module-for-module comparison segno is made to pad as the standard says."""
    def pad(buff, version, length):
        if length % 8:
            buff.extend([0] * (8 - length % 8))

    monkeypatch.setattr(segno.encoder, "write_padding_bits", pad)


def segno_rows(text: str, level: str, version: int | None, mask: int | None):
    code = segno.make(text, error=level, version=version, mask=mask, mode="byte", micro=False)
    return {"version": code.version, "level": code.error.upper(), "mask": code.mask,
            "rows": ["".join(str(bit) for bit in row) for row in code.matrix]}


JOIN_LINK = "https://pyfudge.example/app/#/j/" + "AQAEzuuyGMSAWAQNoe03DTXyTA--31l6aYyFCCnfpy7UCP1jBGDDhBUijl-hVE" \
    "TV2xmy6m5E1wzhbUHUhYL1DkDXqYiTDlqrk-K5eO4"


def test_the_codes_are_segnos_module_for_module(page, iso_padding):
    cases = (
        # The smallest version and the highest level that holds the text (segno's boost_error).
        [[text, level, None, None] for text in ("hi", "AQAE" * 26, JOIN_LINK, "Brenna ⚔ Orc")
         for level in "LMQH"]
        # Every version at level M, and the four levels at versions with 1, 2 and 3 block sizes
        # and with version information; the mask each picks by its penalty.
        + [[JOIN_LINK, "M", version, None] for version in range(1, 41) if version >= 8]
        + [[JOIN_LINK, level, version, None] for level in "LQH" for version in (12, 21, 27, 40)]
        # Each mask forced.
        + [[JOIN_LINK, "Q", 12, mask] for mask in range(8)]
    )
    ours = page.evaluate(ENCODE, cases)
    for (text, level, version, mask), got in zip(cases, ours):
        want = segno_rows(text, level, version, mask)
        assert got == want, (text, level, version, mask, got["version"], got["level"], got["mask"])


def test_a_text_too_long_for_any_qr_code_is_refused(page):
    refused = page.evaluate("""async () => {
      const { encodeQr } = await import('./js/live/qr.js');
      try { encodeQr('x'.repeat(3000), { level: 'H' }); } catch (e) { return e.message; }
    }""")
    assert refused.startswith("Too long for a QR code")


def test_the_svg_shows_every_module_where_the_matrix_has_it(page):
    # Drawn as an <img> of a data: URL (what the CSP allows for images), read back pixel by pixel.
    result = page.evaluate("""async (text) => {
      const { encodeQr, qrSvg } = await import('./js/live/qr.js');
      const qr = encodeQr(text), scale = 4, border = 4, side = (qr.size + 2 * border) * scale;
      const img = new Image(side, side);
      img.src = 'data:image/svg+xml,' + encodeURIComponent(qrSvg(text));
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = side;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0, side, side);
      const pixels = g.getImageData(0, 0, side, side).data;
      const dark = (x, y) => pixels[(((y + border) * scale + 2) * side + (x + border) * scale + 2) * 4] < 128;
      let wrong = 0;
      for (let y = 0; y < qr.size; y++) {
        for (let x = 0; x < qr.size; x++) wrong += dark(x, y) !== !!qr.modules[y * qr.size + x];
      }
      let quiet = 0;
      for (let i = 0; i < side; i++) quiet += pixels[i * 4] < 128;  // the top row: the quiet zone
      return { wrong, quiet, size: qr.size };
    }""", JOIN_LINK)
    assert result == {"wrong": 0, "quiet": 0, "size": result["size"]} and result["size"] > 21


def test_a_join_codes_qr_code_reads_back_as_its_join_link(open_context, site, dist, iso_padding):
    """A Hub's invitation, its join link drawn as the GM's screen draws it (an <img> of qrSvg), read
    back pixel by pixel: segno's code of the same link, module for module — so a scanner reads the
    link. (How soon it shows is the bench's `qr_ms`, docs/performance.md.)"""
    page = live_page(open_context(), site.origin, dist)
    shown = page.evaluate("""async () => {
      const { Hub } = await import('./js/live/link.js');
      const { encodeQr, qrSvg } = await import('./js/live/qr.js');
      const code = await new Hub().invite('p1');
      const link = new URL(`play.html#join=${code}`, location.href).href;
      const size = encodeQr(link).size, scale = 4, border = 4, side = (size + 2 * border) * scale;
      const img = new Image(side, side);
      img.src = 'data:image/svg+xml,' + encodeURIComponent(qrSvg(link));
      document.body.append(img);
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = side;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0, side, side);
      const pixels = g.getImageData(0, 0, side, side).data;
      const dark = (x, y) => pixels[(((y + border) * scale + 2) * side + (x + border) * scale + 2) * 4] < 128;
      const rows = [];
      for (let y = 0; y < size; y++) {
        let row = '';
        for (let x = 0; x < size; x++) row += dark(x, y) ? '1' : '0';
        rows.push(row);
      }
      return { link, rows };
    }""")
    assert shown["link"].startswith(site.url + "play.html#join=")
    assert shown["rows"] == segno_rows(shown["link"], "M", None, None)["rows"]
