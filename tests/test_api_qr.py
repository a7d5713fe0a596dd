"""The qr action: a share link as an SVG QR code (segno, installed on demand in the app)."""

from __future__ import annotations

import json
import re

import pytest

from pyfudge import api
from pyfudge.door import encounter_actions as api_encounters

segno = pytest.importorskip("segno")


def call(action: str, **args):
    return json.loads(api.handle(json.dumps({"v": 1, "id": 1, "action": action, "args": args})))


def test_qr_of_a_link_is_svg_with_its_namespace():
    link = "http://127.0.0.1:8000/app/#/s/f1." + "A" * 200
    response = call("qr", text=link)
    assert response["ok"], response
    svg = response["result"]["svg"]
    assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert re.search(r'viewBox="0 0 \d+ \d+"', svg)
    assert "<script" not in svg and "<?xml" not in svg
    assert isinstance(response["result"]["version"], int) and response["result"]["version"] >= 1


def test_qr_encodes_the_text_given():
    """The code holds exactly the link: decode segno's matrix back through its own encoder."""
    link = "http://example.test/#/s/f1.abc"
    code = segno.make(link, micro=False)
    response = call("qr", text=link)
    assert response["result"]["version"] == code.version
    out = __import__("io").BytesIO()
    code.save(out, kind="svg", xmldecl=False, nl=False, omitsize=True, scale=4, border=4, dark="#000", light="#fff")
    assert response["result"]["svg"] == out.getvalue().decode()


def test_a_link_too_long_for_a_qr_code_is_refused_plainly():
    response = call("qr", text="http://x/#/s/f1." + "Ab9_" * 1000)
    assert not response["ok"]
    assert response["error"]["type"] == "RequestError"
    assert response["error"]["field"] == "args.text"
    assert "too long for a QR code" in response["error"]["message"]


def test_the_largest_byte_payload_still_fits():
    response = call("qr", text="a" * api_encounters.MAX_QR_CHARS)
    assert response["ok"], response
    assert response["result"]["version"] == 40


@pytest.mark.parametrize("text", [None, "", 7, ["x"]])
def test_qr_needs_text(text):
    response = call("qr", text=text)
    assert not response["ok"] and response["error"]["field"] == "args.text"


def test_qr_is_listed_in_version():
    assert "qr" in call("version")["result"]["actions"]
