"""Two tabs on one encounter: a change in one is seen by the other (`storage`
events); a tab whose stored log is behind takes the stored one before applying; logs that went
different ways are refused with a message, never merged; no write discards the other's change.
Two pages of one browser context, as two tabs of one browser."""

from __future__ import annotations

import json

from conftest import add_fighter, app_ready, fill_fighter, idle, new_encounter
from playwright.sync_api import expect

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good", "damage_capacity": "Good"}


def npc(name):
    return {"name": name, "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great", "damage_capacity": "Fair"}


# Test switches, off until a test turns them on: this tab stops hearing `storage` events (as a
# tab that was asleep), or its storage is full.
SWITCHES = """
addEventListener("storage", (e) => { if (globalThis.__deaf) e.stopImmediatePropagation(); }, true);
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (globalThis.__quotaFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return realSetItem.call(this, key, value);
};
"""


def stored_log(page, eid):
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", f"pyfudge:enc:{eid}"))["data"]["log"]


def names(page):
    return page.locator("[data-testid=roster] .row-name").all_inner_texts()


def two_tabs(open_context, site):
    context = open_context(viewport={"width": 1000, "height": 800})
    context.add_init_script(SWITCHES)
    a = context.new_page()
    eid = new_encounter(a, site, "Two tabs")
    add_fighter(a, ASTA)
    b = context.new_page()
    b.goto(site.url + f"#/e/{eid}")
    app_ready(b)
    idle(b)
    expect(b.locator("[data-testid=roster] > li")).to_have_count(1)
    return a, b, eid


def test_a_change_in_one_tab_is_seen_in_the_other(open_context, site, axe_check):
    a, b, eid = two_tabs(open_context, site)
    add_fighter(a, npc("Orc"))
    expect(b.locator("[data-testid=roster] > li")).to_have_count(2)  # no reload: the storage event
    expect(b.get_by_test_id("log").locator("li").last).to_have_text("Orc joins the fight.")
    add_fighter(b, npc("Goblin"))
    expect(a.locator("[data-testid=roster] > li")).to_have_count(3)
    assert names(a) == names(b) == ["Ásta", "Orc", "Goblin"]
    b.get_by_role("button", name="Undo", exact=True).click()
    idle(b)
    expect(a.locator("[data-testid=roster] > li")).to_have_count(2)
    assert [e["t"] for e in stored_log(a, eid)] == ["add", "add", "add", "undo"]
    axe_check(b, "second tab after a change from the first")
    # The list in the other tab follows too (a rename is in the index).
    b.goto(b.url.split("#")[0] + "#/")
    a.get_by_role("link", name="← Encounters").click()
    row = a.locator(f".enc-row[data-id={eid}]")
    row.get_by_role("button", name="Manage").click()
    row.get_by_role("button", name="Rename").click()
    row.get_by_label("New name").fill("Renamed in A")
    row.get_by_role("button", name="Save name").click()
    expect(b.locator(f".enc-row[data-id={eid}] a").first).to_have_text("Renamed in A")


def test_a_tab_behind_takes_the_stored_log_before_applying(open_context, site):
    a, b, eid = two_tabs(open_context, site)
    b.evaluate("globalThis.__deaf = true")  # b misses what follows
    add_fighter(a, npc("Troll"))
    b.wait_for_timeout(300)
    expect(b.locator("[data-testid=roster] > li")).to_have_count(1)  # b is behind
    details = b.locator("#add-fighter")
    details.locator("summary").click()
    fill_fighter(details.locator("form"), npc("Goblin"))
    details.get_by_role("button", name="Add combatant").click()
    idle(b)
    # b took a's Troll first, then applied its own event on top: nothing of a's was discarded.
    log = stored_log(b, eid)
    assert [e["fighter"]["name"] for e in log] == ["Ásta", "Troll", "Goblin"]
    expect(b.locator("[data-testid=roster] .row-name")).to_have_text(["Ásta", "Troll", "Goblin"])
    expect(a.locator("[data-testid=roster] .row-name")).to_have_text(["Ásta", "Troll", "Goblin"])  # a hears of it


def test_logs_that_went_different_ways_are_refused_never_merged(open_context, site, axe_check):
    a, b, eid = two_tabs(open_context, site)
    # b cannot save: its Orc stays in its memory only, while a adds a Troll that is saved.
    b.evaluate("globalThis.__quotaFull = true; globalThis.__deaf = true")
    add_fighter(b, npc("Orc"))
    expect(b.get_by_test_id("unsaved-notice")).to_be_visible()
    add_fighter(a, npc("Troll"))
    saved = stored_log(a, eid)
    # b has room again and tries another change: the stored log and b's went different ways.
    b.evaluate("globalThis.__quotaFull = false")
    b.get_by_role("button", name="Next round").click()
    idle(b)
    expect(b.get_by_text("changed in another tab at the same time").first).to_be_visible()
    assert stored_log(a, eid) == saved  # a's Troll kept, b's Orc not merged in
    expect(b.get_by_test_id("round")).to_have_text("1")
    expect(b.get_by_test_id("unsaved-notice")).to_be_visible()  # b's version: export it
    axe_check(b, "a refused conflicting change")
    b.screenshot(path="/tmp/trust-conflict.png")
    # A reload of b shows the stored encounter: a's.
    b.reload()
    app_ready(b)
    idle(b)
    assert names(b) == ["Ásta", "Troll"]


def test_an_encounter_deleted_in_another_tab_is_not_written_back(open_context, site):
    a, b, eid = two_tabs(open_context, site)
    a.get_by_role("link", name="← Encounters").click()
    row = a.locator(f".enc-row[data-id={eid}]")
    row.get_by_role("button", name="Manage").click()
    row.get_by_role("button", name="Delete").click()
    expect(a.get_by_test_id("toast")).to_contain_text("Deleted")
    # b hears of it: its copy is in memory only, offered for export; no change writes it back.
    notice = b.get_by_test_id("unsaved-notice")
    expect(notice).to_contain_text("it was deleted in another tab")
    b.get_by_role("button", name="Undo", exact=True).click()
    idle(b)
    expect(b.get_by_text("deleted in another tab").first).to_be_visible()
    assert b.evaluate("(k) => localStorage.getItem(k)", f"pyfudge:enc:{eid}") is None
    with b.expect_download() as download:
        notice.get_by_role("button", name="Export it").click()
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert exported["data"]["log"][0]["fighter"]["name"] == "Ásta"
    # a's Undo brings it back, and b takes it again.
    a.get_by_test_id("toast").get_by_role("button", name="Undo").click()
    expect(a.locator(f".enc-row[data-id={eid}]")).to_have_count(1)
