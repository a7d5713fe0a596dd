"""What players see: the GM chooses which parts of an NPC players see; the players' link and a
player link (play.html#v=…, the players' view itself) carry nothing hidden (the test decodes the
link's fragment through the Python codec);
hidden wounds read as words; the table display follows the GM's tab in the same browser and
changes nothing; at phone width no word of a player's card is broken across lines."""

from __future__ import annotations

import json
import re

from conftest import add_fighter, app_ready, card, fits, idle, new_encounter, play_exchange, sheet_more
from playwright.sync_api import expect

from pyfudge.door import codec

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1024, "height": 768}}
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good",
        "weapon": {"name": "Sword", "size": 2}}
# Values found nowhere else: their absence from a link's text proves they are not in it.
ORC = {"name": "Orc", "role": "npc", "skills": {"Zweihanderkunst": "Fair"}, "strength": "Great",
       "weapon": {"name": "Glaive of Woe", "size": 1}}
SECRETS = ("Zweihanderkunst", "Glaive of Woe", "Very Hurt")
# Ásta hits hard; the Orc's dice all minus.
HIT = {"a_dice": {"roll": {"faces": [1, 1, 1, 1]}}, "b_dice": {"roll": {"faces": [-1, -1, -1, 0]}}}

# Every word of the element's text on one line: a word split across lines has two client rects.
BROKEN_WORDS = """(root) => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


def decoded(link: str) -> dict:
    """The players' view a players' link or player link carries, read by the Python codec."""
    fragment = re.search(r"play\.html#v=(f1\.[A-Za-z0-9_-]+)", link).group(1)
    return codec.unwrap(codec.decode_link(fragment), "players-view")


def orc_entry(data: dict) -> str:
    return json.dumps(next(c for c in data["combatants"] if c["name"] == "Orc"), ensure_ascii=False)


def latest_link(page, see: list[str]) -> str:
    """The players' link once it is made from the choice ``see`` (each tick is one event)."""
    field = page.get_by_label("Players' link", exact=True)
    for _ in range(100):
        page.wait_for_selector("html[data-share=ready]")
        link = field.input_value()
        if decoded(link)["see"] == see:
            return link
        page.wait_for_timeout(100)
    raise AssertionError(f"the players' link never showed {see}")


def open_share(page) -> None:
    page.get_by_role("link", name="Share", exact=True).click()
    page.wait_for_selector("html[data-share=ready]")


def raid(page, site) -> str:
    eid = new_encounter(page, site, "Raid")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    return eid


def test_hidden_npc_parts_are_not_in_the_players_links(open_context, site, axe_check):
    gm = open_context(**TABLET).new_page()
    eid = raid(gm, site)
    orc = card(gm, "Orc")
    orc.get_by_role("button", name=re.compile(r"^Very Hurt box 1, empty")).click()
    idle(gm)
    expect(orc.get_by_test_id("status")).to_have_text("Very Hurt −2")
    open_share(gm)
    axe_check(gm, "share screen with what players see")
    # Saved data of today has no choice: every NPC part is hidden.
    see = gm.get_by_role("group", name=re.compile("^Shown to players"))
    for box in see.get_by_role("checkbox").all():
        expect(box).not_to_be_checked()
    players_link = gm.get_by_label("Players' link", exact=True).input_value()
    assert re.fullmatch(re.escape(site.url) + r"play\.html#v=f1\.[A-Za-z0-9_-]+", players_link), players_link
    gm.get_by_label("Combatant", exact=True).select_option(label="Orc")
    player_link = gm.get_by_label("Player link", exact=True).input_value()

    for link in (players_link, player_link):
        data = decoded(link)
        text = json.dumps(data, ensure_ascii=False)
        for secret in SECRETS[:2]:
            assert secret not in text, (secret, text)
        assert SECRETS[2] not in orc_entry(data)  # Ásta's own track names the level
        orc_data = json.loads(orc_entry(data))
        assert orc_data["hurt"] == "badly hurt" and orc_data["status"] == "badly hurt"
        assert [orc_data[k] for k in ("track", "skills", "weapon", "armor", "odf", "ddf")] == [None] * 6
        assert "log" not in data

    # The players see a word for the Orc, and Ásta's own card whole.
    player = open_context(**PHONE).new_page()
    player.goto(players_link)
    player.wait_for_selector("html[data-player=ready]")  # no engine on the players' page
    cards = player.get_by_test_id("player-card")
    expect(cards).to_have_count(2)
    orc_card = cards.filter(has=player.get_by_role("heading", name="Orc"))
    expect(orc_card.get_by_test_id("player-status")).to_have_text("badly hurt")
    expect(orc_card.locator(".pbox")).to_have_count(0)
    expect(orc_card.get_by_test_id("player-skills")).to_have_count(0)
    asta_card = cards.filter(has=player.get_by_role("heading", name="Ásta"))
    expect(asta_card.get_by_test_id("player-skills")).to_contain_text("Sword Great")
    expect(asta_card.locator(".pbox")).to_have_count(7)
    for secret in SECRETS[:2]:
        expect(player.get_by_text(secret)).to_have_count(0)
    expect(orc_card).not_to_contain_text("Very Hurt")  # Ásta's own track names the level
    fits(player)
    axe_check(player, "players' link, NPC hidden")
    player.goto(player_link)
    player.wait_for_selector("html[data-player=ready]")
    expect(player.get_by_test_id("player-status").first).to_have_text("badly hurt")

    # The GM shows everything: a new event, saved with the encounter; the links now carry it.
    for name in ("NPCs' skills and traits", "NPCs' weapons and armor", "NPCs' exact wounds"):
        box = see.get_by_role("checkbox", name=re.compile("^" + re.escape(name)))
        box.check()
        expect(box).to_be_checked()
        gm.wait_for_selector("html[data-share=ready]")
    shown_link = latest_link(gm, ["skills", "weapons", "wounds"])
    text = orc_entry(decoded(shown_link))
    for secret in SECRETS:
        assert secret in text, (secret, text)
    stored = json.loads(gm.evaluate(f"localStorage.getItem('pyfudge:enc:{eid}')"))
    assert stored["data"]["log"][-1] == {"t": "players", "see": ["skills", "weapons", "wounds"]}
    gm.reload()
    gm.wait_for_selector("html[data-share=ready]")
    for box in gm.get_by_role("group", name=re.compile("^Shown to players")).get_by_role("checkbox").all():
        expect(box).to_be_checked()

    player.goto(shown_link)
    player.wait_for_selector("html[data-player=ready]")
    orc_card = player.get_by_test_id("player-card").filter(has=player.get_by_role("heading", name="Orc"))
    expect(orc_card.get_by_test_id("player-status")).to_have_text("Very Hurt −2")
    expect(orc_card.get_by_test_id("player-skills")).to_have_text("Zweihanderkunst Fair")
    expect(orc_card.get_by_test_id("player-gear")).to_contain_text("Glaive of Woe")
    expect(orc_card.locator(".pbox.marked")).to_have_count(1)

    # A garbled or forged players' link is refused with a message, nothing stored.
    for bad in ("#v=f1.AAAA", "#v=" + shown_link.split("#v=")[1][:40], "#v=not-a-link&c=c1"):
        player.goto("about:blank")
        player.goto(site.url + "play.html" + bad)
        expect(player.get_by_test_id("player-error")).to_contain_text("This link cannot be opened.")
    assert player.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('pyfudge:enc:')).length") == 0


def test_table_display_follows_the_gm_tab_and_changes_nothing(open_context, site, axe_check):
    context = open_context(**TABLET)
    gm = context.new_page()
    eid = raid(gm, site)
    display = context.new_page()
    display.goto(site.url + f"#/e/{eid}/display")
    app_ready(display)
    display.wait_for_selector("html[data-display='2']")
    fighters = display.get_by_test_id("display-fighter")
    expect(fighters).to_have_count(2)
    orc = fighters.filter(has_text="Orc")
    expect(orc.get_by_test_id("display-state")).to_have_text("unhurt")
    expect(fighters.filter(has_text="Ásta").get_by_test_id("display-state")).to_have_text("Undamaged")
    # Read-only: nothing on it to press or fill.
    assert display.locator("#app button, #app input, #app select, #app textarea, #app summary").count() == 0
    display.evaluate("globalThis.__sameDocument = true")
    axe_check(display, "table display")

    # The GM resolves an exchange in his tab: the display shows the Orc's new state, no reload.
    play_exchange(gm, "Ásta", "Orc", HIT)
    gm_status = card(gm, "Orc").get_by_test_id("status").text_content()
    assert gm_status != "Undamaged"
    display.wait_for_selector("html[data-display='3']")
    expect(orc.get_by_test_id("display-state")).to_have_text(re.compile("^(wounded|badly hurt|down)$"))
    assert orc.get_by_test_id("display-state").text_content() != "unhurt"
    assert display.evaluate("globalThis.__sameDocument") is True
    for secret in SECRETS:
        expect(display.get_by_text(secret)).to_have_count(0)  # names and states only

    # The GM shows exact wounds: the display follows that too.
    gm.goto(site.url + f"#/e/{eid}/share")
    gm.wait_for_selector("html[data-share=ready]")
    gm.get_by_role("checkbox", name=re.compile("^NPCs' exact wounds")).check()
    gm.wait_for_selector("html[data-share=ready]")
    display.wait_for_selector("html[data-display='4']")
    expect(orc.get_by_test_id("display-state")).to_have_text(gm_status)
    assert display.evaluate("globalThis.__sameDocument") is True
    # Large enough to read across a table.
    size = orc.locator(".display-name").evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 40, size


def test_player_card_breaks_no_word_at_phone_width(open_context, site):
    gm = open_context(**TABLET).new_page()
    raid(gm, site)
    open_share(gm)
    link = gm.get_by_label("Player link", exact=True).input_value()  # Ásta's: her whole track
    player = open_context(**PHONE).new_page()
    player.goto(link)
    player.wait_for_selector("html[data-player=ready]")
    sheet = player.get_by_test_id("player-card").first
    level = sheet.locator(".player-row .level", has_text="Incapacitated")
    expect(level).to_have_count(1)
    assert level.evaluate(BROKEN_WORDS) == []
    assert sheet.evaluate(BROKEN_WORDS) == []
    fits(player)
    players = gm.get_by_label("Players' link", exact=True).input_value()
    player.goto("about:blank")
    player.goto(players)
    player.wait_for_selector("html[data-player=ready]")
    assert player.get_by_test_id("players-view").evaluate(BROKEN_WORDS) == []
    fits(player)


def test_a_foe_added_with_the_default_role_is_kept_from_the_players(open_context, site):
    """The GM names a foe, puts him on the foes' side and leaves Role as it stands: the players'
    links carry nothing "What players see" hides, and the share screen says who they see whole."""
    gm = open_context(**PHONE).new_page()
    new_encounter(gm, site, "Ambush")
    add_fighter(gm, ASTA)
    form = gm.locator("#add-fighter form")
    form.get_by_label("Name", exact=True).fill("Orc")
    form.get_by_label("Side", exact=True).select_option("foes")
    sheet_more(form)
    expect(form.get_by_label("Role", exact=True)).to_have_value("npc")  # the role follows the side
    form.get_by_label("Combat skill", exact=True).fill("Zweihanderkunst")
    form.get_by_label("Weapon", exact=True).select_option("custom")
    form.get_by_label("Weapon name").fill("Glaive of Woe")
    form.get_by_role("button", name="Add combatant").click()
    idle(gm)
    orc = card(gm, "Orc")
    expect(orc.locator(".meta")).to_contain_text("Foes' side")
    orc.get_by_role("button", name=re.compile(r"^Very Hurt box 1, empty")).click()
    idle(gm)
    open_share(gm)
    gm.get_by_label("Combatant", exact=True).select_option(label="Orc")
    links = [gm.get_by_label("Players' link", exact=True).input_value(),
             gm.get_by_label("Player link", exact=True).input_value()]
    for link in links:
        data = decoded(link)
        text = json.dumps(data, ensure_ascii=False)
        for secret in SECRETS[:2]:
            assert secret not in text, (secret, text)
        assert SECRETS[2] not in orc_entry(data)  # Ásta's own track names the level
        orc_data = json.loads(orc_entry(data))
        assert orc_data["npc"] is True and orc_data["hurt"] == "badly hurt"
        assert [orc_data[k] for k in ("track", "skills", "weapon", "armor", "odf", "ddf")] == [None] * 6
    expect(gm.get_by_test_id("seen-whole")).to_have_text(
        "Players see Ásta whole. Of the others they see only what you tick below.")

    player = open_context(**PHONE).new_page()
    for link in links:
        player.goto(link)
        player.wait_for_selector("html[data-player=ready]")  # no engine on the players' page
        orc_card = player.get_by_test_id("player-card").filter(has=player.get_by_role("heading", name="Orc"))
        expect(orc_card.get_by_test_id("player-status")).to_have_text("badly hurt")
        for secret in SECRETS[:2]:
            expect(player.get_by_text(secret)).to_have_count(0)
        fits(player)


def test_the_share_screen_names_a_foe_the_players_see_whole(open_context, site):
    """A foe the GM makes a player character (or an encounter saved so before) is shown whole:
    the share screen names him and says he is on the foes' side."""
    gm = open_context(**PHONE).new_page()
    new_encounter(gm, site, "Old ambush")
    add_fighter(gm, ASTA)
    form = gm.locator("#add-fighter form")
    form.get_by_label("Name", exact=True).fill("Brute")
    sheet_more(form)
    form.get_by_label("Role", exact=True).select_option("pc")  # picked: the side no longer moves it
    form.get_by_label("Side", exact=True).select_option("foes")
    expect(form.get_by_label("Role", exact=True)).to_have_value("pc")
    form.get_by_role("button", name="Add combatant").click()
    idle(gm)
    add_fighter(gm, ORC)
    open_share(gm)
    whole = gm.get_by_test_id("seen-whole")
    expect(whole).to_have_text("Players see Ásta and Brute (a player character on the foes' side) whole. "
                               "Of the others they see only what you tick below.")
    expect(gm.get_by_text("To keep a foe's sheet from the players, edit that foe and make them an NPC.")) \
        .to_be_visible()
    fits(gm)
    # Every part ticked: everyone is seen whole.
    for box in gm.get_by_role("group", name=re.compile("^Shown to players")).get_by_role("checkbox").all():
        box.check()
        gm.wait_for_selector("html[data-share=ready]")
    expect(whole).to_have_text("Players see everyone whole.")
