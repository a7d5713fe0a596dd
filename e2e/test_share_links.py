"""Sharing: a link with the encounter compressed into the URL fragment (copy to the
clipboard, the share sheet where present, a QR code drawn by segno installed on demand from the
site's own wheel); opening a link imports a copy and opens it, opening it again says so; hostile
links show a clear message and change nothing; a player link shows one combatant, large
(what players see of NPCs: e2e/test_secret_keeping_links.py).
Desktop and Pixel 7; axe on every screen; no request leaves the origin (conftest)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import add_fighter, card, idle, new_encounter
from playwright.sync_api import expect

from pyfudge.door import codec

HOSTILE = Path(__file__).resolve().parents[1] / "tests" / "hostile"
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "damage_capacity": "Good", "armor": {"name": "Mail", "value": 3}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "damage_capacity": "Fair", "weapon": {"name": "Club", "size": 1}}
SEGNO = "wheels/segno-1.6.6-py3-none-any.whl"


def hostile(name: str) -> dict:
    return json.loads((HOSTILE / f"{name}.json").read_text())


def storage(page) -> dict:
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)]))")


def encounter_ids(page) -> list[str]:
    return sorted(k.split(":")[2] for k in storage(page) if k.startswith("pyfudge:enc:"))


def wait_for_link(page, made) -> str:
    """The player link once its data (decoded by the Python codec) is ``made``."""
    for _ in range(100):
        page.wait_for_selector("html[data-share=ready]")
        link = page.get_by_label("Player link", exact=True).input_value()
        fragment = re.search(r"play\.html#v=(f1\.[A-Za-z0-9_-]+)&c=", link).group(1)
        if made(codec.unwrap(codec.decode_link(fragment), "players-view")):
            return link
        page.wait_for_timeout(100)
    raise AssertionError("the player link was never made again")


def open_share(page) -> None:
    page.get_by_role("link", name="Share", exact=True).click()
    page.wait_for_selector("html[data-share=ready]")


def test_share_link_copy_qr_and_open_twice(open_context, site, screen, axe_check):
    context = open_context(**screen, permissions=["clipboard-read", "clipboard-write"])
    # The device's share sheet (Web Share API), recorded instead of shown.
    context.add_init_script("navigator.share = async (data) => { globalThis.__shared = data; };")
    page = context.new_page()
    eid = new_encounter(page, site, "Raid")
    add_fighter(page, ORC)
    open_share(page)
    expect(page.get_by_role("heading", name="Share Raid")).to_be_visible()
    axe_check(page, "share screen")
    field = page.get_by_label("Link to this encounter")
    link = field.input_value()
    assert re.fullmatch(re.escape(site.url) + r"#/s/f1\.[A-Za-z0-9_-]+", link), link

    # Copy to the clipboard.
    page.get_by_role("button", name="Copy link").first.click()
    expect(page.get_by_role("status").filter(has_text="Link copied.")).to_have_count(1)
    assert page.evaluate("navigator.clipboard.readText()") == link
    # The share sheet gets the same link.
    page.get_by_role("button", name="Share…").first.click()
    page.wait_for_selector("#share-link")  # still on the share screen
    assert page.evaluate("globalThis.__shared") == {"title": "Raid", "url": link}

    # The QR code: an <img> of an SVG data URL, drawn by segno installed from this site's wheel.
    page.get_by_role("button", name="Show QR code").first.click()
    qr = page.locator("img.qr").first
    # Its first use installs micropip and segno, which mount the rest of the standard library
    # (docs/app.md): seconds on a busy machine.
    expect(qr).to_be_visible(timeout=60_000)
    src = qr.get_attribute("src")
    assert src.startswith("data:image/svg+xml;charset=utf-8,%3Csvg")
    assert qr.evaluate("(img) => img.complete && img.naturalWidth > 0")
    assert qr.get_attribute("alt") == "QR code of the link to this encounter"
    # The engine worker asked for the wheel (the service worker may also have cached it for
    # offline use), from this site only; any other origin fails the test in conftest.
    fetched = [r["url"] for r in context.recorder.requests if "segno" in r["url"]]
    assert site.url + SEGNO in [r["url"] for r in context.recorder.requests if not r["service_worker"]]
    assert all(u == site.url + SEGNO for u in fetched), fetched
    axe_check(page, "share screen with its QR code")

    # Opening the link imports a copy and opens it; the original is untouched.
    original = storage(page)[f"pyfudge:enc:{eid}"]
    page.goto(link)
    page.wait_for_url(re.compile(r"#/e/e[0-9a-f]+$"))
    idle(page)
    copy_id = page.url.rsplit("/", 1)[1]
    assert copy_id != eid
    expect(page.locator("#enc-title")).to_have_text("Raid")
    expect(card(page, "Orc")).to_have_count(1)
    assert encounter_ids(page) == sorted([eid, copy_id])
    assert storage(page)[f"pyfudge:enc:{eid}"] == original
    assert json.loads(storage(page)[f"pyfudge:enc:{copy_id}"])["data"] == json.loads(original)["data"]

    # The same link again: said so, nothing added; Open it goes to the copy.
    before = storage(page)
    page.goto(link)
    known = page.get_by_test_id("link-known")
    expect(known).to_have_text("You already have this encounter: “Raid”.")
    assert storage(page) == before
    axe_check(page, "a link opened a second time")
    page.get_by_role("link", name="Open it").click()
    page.wait_for_url(re.compile(re.escape(copy_id) + "$"))
    idle(page)
    # …or import another copy on purpose.
    page.goto(link)
    page.get_by_role("button", name="Import another copy").click()
    page.wait_for_url(re.compile(r"#/e/e[0-9a-f]+$"))
    idle(page)
    assert len(encounter_ids(page)) == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_hostile_links_show_a_message_and_change_nothing(open_context, site, axe_check):
    context = open_context()
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    new_encounter(page, site, "Mine")
    before = storage(page)
    for name in ("link-garbled-characters", "link-newer-link-format", "link-newer-encounter-version",
                 "link-truncated-half"):
        case = hostile(name)
        page.goto(site.url + "#/s/" + case["input"])
        error = page.get_by_test_id("link-error")
        expect(error).to_contain_text("This link cannot be opened.")
        expect(error).to_contain_text(case["expect"].get("message_contains", "link"))
        assert storage(page) == before, name
    axe_check(page, "a hostile link's message")

    # A valid link whose names are script markup: imported, names shown as text, nothing run.
    case = hostile("link-script-names")
    page.goto(site.url + "#/s/" + case["input"])
    page.wait_for_url(re.compile(r"#/e/e[0-9a-f]+$"))
    idle(page)
    expect(page.locator("#enc-title")).to_have_text(case["expect"]["names"][1])
    expect(card(page, case["expect"]["names"][0])).to_have_count(1)
    assert page.evaluate("document.querySelectorAll('#app script, #app title').length") == 0
    assert not dialogs
    assert len(encounter_ids(page)) == 2


def test_player_link_shows_one_combatant_large(open_context, site, screen, axe_check):
    gm_context = open_context(**screen)
    # A browser that will not let the page write to the clipboard: the link is selected instead.
    gm_context.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));")
    gm = gm_context.new_page()
    new_encounter(gm, site, "Raid")
    add_fighter(gm, ASTA)
    add_fighter(gm, ORC)
    orc = card(gm, "Orc")
    orc.locator(".track .box").first.click()
    expect(orc.get_by_test_id("status")).to_have_text("Scratch")  # the first box is the Scratch row's
    idle(gm)
    status = orc.get_by_test_id("status").text_content()
    open_share(gm)
    # An NPC's wound track reaches a player link only when the GM shows NPCs' exact wounds.
    gm.get_by_role("checkbox", name=re.compile("^NPCs' exact wounds")).check()
    gm.get_by_label("Combatant", exact=True).select_option(label="Orc")
    link = wait_for_link(gm, lambda data: data["see"] == ["wounds"])
    assert re.fullmatch(re.escape(site.url) + r"play\.html#v=f1\.[A-Za-z0-9_-]+&c=c\d+", link), link
    gm.get_by_role("button", name="Copy link").nth(1).click()
    expect(gm.get_by_role("status").filter(has_text="the link is selected")).to_have_count(1)
    selected = "(() => { const t = document.activeElement; return t.value.slice(t.selectionStart, t.selectionEnd); })()"
    assert gm.evaluate(selected) == link

    # The player's phone (the players' page, no engine): the Orc large and simple, the others
    # below; nothing stored there.
    player = open_context(**screen).new_page()
    player.goto(link)
    player.wait_for_selector("html[data-player=ready]")
    sheet = player.get_by_test_id("player-card").first
    expect(sheet.get_by_role("heading", level=2, name="Orc")).to_be_visible()
    expect(sheet.get_by_test_id("player-status")).to_have_text(status)
    expect(sheet.locator(".pbox.marked")).to_have_count(1)
    expect(player.get_by_test_id("compact-card").filter(has_text="Ásta")).to_be_visible()
    size = sheet.get_by_role("heading", name="Orc").evaluate("(h) => parseFloat(getComputedStyle(h).fontSize)")
    assert size >= 28
    box = sheet.locator(".pbox").first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert not [k for k in storage(player) if k.startswith("pyfudge:enc:")]
    assert player.evaluate("document.documentElement.scrollWidth") <= player.viewport_size["width"]
    axe_check(player, "player link")

    # A player link naming no such combatant says so.
    player.goto(re.sub(r"&c=c\d+$", "&c=c99", link))
    expect(player.get_by_test_id("player-error")).to_contain_text("combatant")
