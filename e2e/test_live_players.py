"""The live table with the real players' page: one GM (the app) and two players' phones (play.html,
no Python), joined by their codes (the test passes them in place of the cameras: the GM's
`live-offer` link opened on the phone, the phone's `live-answer` pasted into the GM's
`live-answer-input`). Whose turn it is and the last results with their dice reach both phones;
a player rolls on the phone (one tap) or gives the total rolled at the table (two), the roll goes
into the GM's round form marked as the player's and Resolve uses it, or the GM types over it; a
hidden NPC's values are in no frame the GM's page sends; a player who drops scans again and is
back with the current state."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import add_fighter, idle
from playwright.sync_api import expect
from test_live_table import ORC, PHONE, RECORD_SENDS, SECRETS, open_live, raid, seat

SHOTS = Path("/tmp/shots-liveroll")
GOBLIN = {"name": "Goblin", "role": "npc", "skills": {"Spear": "Fair"}}


def play_join(gm, open_context, site, label: str):
    """A player's phone opens the GM's waiting join link in play.html; the GM pastes its answer."""
    link = gm.get_by_test_id("live-offer").last.text_content()
    assert link.startswith(site.url + "play.html#join="), link
    player = open_context(**PHONE).new_page()
    player.goto(link)
    answer = player.get_by_test_id("live-answer")
    expect(answer).to_have_text(re.compile(r"^[A-Za-z0-9_-]{20,120}$"))
    gm.get_by_test_id("live-answer-input").fill(answer.text_content())
    gm.get_by_role("button", name="Connect", exact=True).click()
    expect(seat(gm, label)).to_have_attribute("data-state", "connected")
    player.wait_for_selector("html[data-live=connected]")
    return player


def pick_pair(gm, a: str, b: str) -> None:
    gm.get_by_label("Fighter", exact=True).select_option(label=a)
    gm.get_by_label("Against", exact=True).select_option(label=b)


def resolve(gm) -> None:
    log = gm.get_by_test_id("log").locator("li")
    lines = log.count()
    gm.get_by_role("button", name="Resolve").click()
    idle(gm)
    expect(gm.locator("#round .error")).to_have_count(0)
    expect(log).to_have_count(lines + 1)


def test_players_phones_show_the_turn_and_results_roll_their_own_dice_and_rejoin(open_context, site, dist, axe_check):
    SHOTS.mkdir(exist_ok=True)
    gm_context = open_context(**PHONE)
    gm_context.add_init_script(RECORD_SENDS)
    gm = gm_context.new_page()
    raid(gm, site)
    add_fighter(gm, GOBLIN)
    open_live(gm)
    one = play_join(gm, open_context, site, "Player 1")
    gm.get_by_role("button", name="Add a player").click()
    two = play_join(gm, open_context, site, "Player 2")

    # The GM seats Player 1 as Ásta; Player 2 picks Brenna on the phone.
    gm.get_by_label("Player 1 plays").select_option(label="Ásta")
    expect(one.get_by_role("heading", level=2, name="Ásta")).to_be_visible()
    two.get_by_test_id("live-pick").get_by_role("button", name="Brenna").click()
    expect(two.get_by_role("heading", level=2, name="Brenna")).to_be_visible()

    # Back to the round: Ásta against the Orc. Whose turn it is, at the top of both phones; Ásta's
    # asks for her roll, and the GM's form says her player rolls.
    gm.get_by_role("link", name="← Back to the round").click()
    idle(gm)
    pick_pair(gm, "Ásta", "Orc")
    expect(one.get_by_test_id("turn")).to_have_text("Your turn. Next: Ásta vs Orc")
    expect(two.get_by_test_id("turn")).to_have_text("Next: Ásta vs Orc")
    ask = one.get_by_test_id("live-ask")
    expect(ask.get_by_role("heading")).to_have_text("Your roll: Combat roll against Orc")
    expect(two.get_by_test_id("live-ask")).to_have_count(0)
    asta_dice = gm.get_by_role("group", name="Ásta's dice")
    expect(asta_dice.get_by_test_id("player-roll")).to_have_text("Ásta's player rolls on their phone…")
    one.screenshot(path=SHOTS / "player-ask-390x844.png", full_page=True)
    axe_check(one, "players' page, a roll asked")

    # One tap on the phone: rolled there, sent, in the GM's form marked as hers.
    taps = 0
    ask.get_by_role("button", name="Roll 4dF").click()
    taps += 1
    expect(ask).to_contain_text("The GM has your roll: ")
    rolled = ask.locator("strong").text_content()
    faces = re.fullmatch(r"([+−]\d|0) \(([+0−] [+0−] [+0−] [+0−])\)", rolled)
    assert faces, rolled
    assert taps <= 2
    expect(asta_dice.get_by_test_id("player-roll")).to_have_text(f"Ásta rolled {rolled}")
    expect(asta_dice.get_by_label(f"Ásta's total: {faces.group(1)}", exact=True)).to_be_checked()
    # The GM gives the Orc's dice and resolves with hers.
    gm.get_by_role("group", name="Orc's dice").get_by_label("Orc's total: −4", exact=True).check(force=True)
    resolve(gm)
    log_dice = gm.get_by_test_id("log").locator("li").last
    expect(log_dice).to_contain_text(f"Ásta [{faces.group(2)}]")

    # The result reaches both phones, newest first, with the dice; the Orc's wounds as a word.
    for player in (one, two):
        first = player.get_by_test_id("result").first
        expect(first).to_contain_text("Ásta vs Orc")
        expect(first).to_contain_text(f"Ásta [{faces.group(2)}] {faces.group(1)}")
        expect(first).to_contain_text("Orc total −4")
        expect(first).to_contain_text(re.compile(r"Orc: unhurt → (wounded|badly hurt|down)\."))
    # Resolved: the roll asked of her is answered (a new one, if the form asks her again, starts blank).
    expect(one.get_by_text("The GM has your roll")).to_have_count(0)
    one.screenshot(path=SHOTS / "player-results-390x844.png", full_page=True)
    axe_check(one, "players' page, the last results")

    # Brenna's player rolled at the table: the total, then Send (two taps). The GM overrules it by
    # picking another total; Resolve reads the GM's.
    pick_pair(gm, "Brenna", "Goblin")
    ask = two.get_by_test_id("live-ask")
    expect(ask.get_by_role("heading")).to_have_text("Your roll: Combat roll against Goblin")
    two.screenshot(path=SHOTS / "player-ask-brenna-390x844.png", full_page=True)
    ask.get_by_label("Your total: +1", exact=True).check(force=True)
    ask.get_by_role("button", name="Send +1").click()
    expect(ask).to_contain_text("The GM has your roll: +1")
    brenna_dice = gm.get_by_role("group", name="Brenna's dice")
    expect(brenna_dice.get_by_test_id("player-roll")).to_have_text("Brenna rolled +1")
    brenna_dice.get_by_label("Brenna's total: +3", exact=True).check(force=True)
    expect(brenna_dice.get_by_test_id("player-roll")).to_have_count(0)
    gm.get_by_role("group", name="Goblin's dice").get_by_label("Goblin's total: −4", exact=True).check(force=True)
    resolve(gm)
    expect(gm.get_by_test_id("log").locator("li").last).to_contain_text("Brenna total +3")
    expect(two.get_by_test_id("result").first).to_contain_text("Brenna total +3")

    # Ásta's phone drops; invited again, a new phone is back as Ásta with the current state.
    one.context.close()
    open_live(gm)
    expect(seat(gm, "Player 1")).to_have_attribute("data-state", "dropped", timeout=10_000)
    seat(gm, "Player 1").get_by_role("button", name="Invite again").click()
    again = play_join(gm, open_context, site, "Player 1")
    expect(again.get_by_role("heading", level=2, name="Ásta")).to_be_visible()
    expect(again.get_by_test_id("result")).to_have_count(2)
    assert again.get_by_test_id("results").text_content() == two.get_by_test_id("results").text_content()

    # No frame the GM's page sent holds a hidden value of the Orc's.
    sent = gm.evaluate("() => globalThis.__sent")
    messages = [json.loads(frame)["d"] for frame in sent if json.loads(frame)["t"] == "msg"]
    assert any(m["view"]["results"] for m in messages)
    for frame in sent:
        for secret in (*SECRETS, *ORC["skills"]):
            assert secret not in frame, (secret, frame)
