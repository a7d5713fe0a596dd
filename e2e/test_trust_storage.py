"""Storage faults: quota exceeded on save, a damaged entry, an entry of a newer
version, an older version. The app keeps working and says so; it never deletes or overwrites
data it could not read — it keeps it aside, shows it read-only, and offers it for export."""

from __future__ import annotations

import json

from conftest import add_fighter, app_ready, idle, new_encounter
from playwright.sync_api import expect

STORAGE = "Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)]))"
# Storage full on demand: every setItem throws the browser's own QuotaExceededError.
QUOTA = """
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (globalThis.__quotaFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return realSetItem.call(this, key, value);
};
"""
ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Great"}, "strength": "Good", "damage_capacity": "Good"}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great", "damage_capacity": "Fair"}


def log_of(page, eid):
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", f"pyfudge:enc:{eid}"))["data"]["log"]


def test_quota_exceeded_keeps_the_change_in_memory_says_so_and_offers_export(open_context, site, screen, axe_check):
    context = open_context(**screen)
    context.add_init_script(QUOTA)
    page = context.new_page()
    eid = new_encounter(page, site, "Full disk")
    add_fighter(page, ASTA)
    saved = page.evaluate(STORAGE)

    page.evaluate("globalThis.__quotaFull = true")
    add_fighter(page, ORC)  # the engine applied it: the card is there
    notice = page.get_by_test_id("unsaved-notice")
    expect(notice).to_contain_text("Your last changes could not be saved: this device's storage for this site is full")
    expect(notice).to_have_attribute("role", "alert")
    assert page.evaluate(STORAGE) == saved  # nothing half-written
    axe_check(page, "storage full notice")
    page.screenshot(path="/tmp/trust-quota.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

    # Export saves what is only in memory.
    with page.expect_download() as download:
        notice.get_by_role("button", name="Export it").click()
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert [e["fighter"]["name"] for e in exported["data"]["log"] if e["t"] == "add"] == ["Ásta", "Orc"]

    # Room again: the next change saves the whole log, and the notice goes.
    page.evaluate("globalThis.__quotaFull = false")
    add_fighter(page, {**ORC, "name": "Goblin"})
    expect(notice).to_have_count(0)
    assert [e["fighter"]["name"] for e in log_of(page, eid) if e["t"] == "add"] == ["Ásta", "Orc", "Goblin"]
    page.reload()
    idle(page)
    expect(page.locator("[data-testid=roster] > li")).to_have_count(3)


def test_creating_an_encounter_with_storage_full_says_so(open_context, site):
    context = open_context()
    context.add_init_script(QUOTA)
    page = context.new_page()
    page.goto(site.url)
    app_ready(page)
    page.evaluate("globalThis.__quotaFull = true")
    page.get_by_label("Name", exact=True).fill("Nowhere")
    page.get_by_role("button", name="Create encounter").click()
    expect(page.get_by_role("alert")).to_contain_text("storage for this site is full: the encounter could not be saved")
    assert page.evaluate("location.hash") in ("", "#/")


DAMAGED = "{not json at all"
NEWER = json.dumps({"type": "pyfudge/encounter", "version": 2,
                    "data": {"name": "From the future", "format2": {"log": []}}})


def seed(page, site):
    """An older index (version 0: a bare list), a damaged and a newer encounter, each listed."""
    page.goto(site.url)
    app_ready(page)
    eid = new_encounter(page, site, "Good fight")
    view = page.evaluate("(k) => localStorage.getItem(k)", f"pyfudge:view:{eid}")
    page.evaluate("""([eid, damaged, newer, view]) => {
        localStorage.setItem('pyfudge:index', JSON.stringify([
            {id: eid, name: 'Good fight'}, {id: 'ebad', name: 'Broken fight'}, {id: 'enew', name: 'From the future'}]));
        localStorage.setItem('pyfudge:enc:ebad', damaged);
        localStorage.setItem('pyfudge:enc:enew', newer);
        const v = JSON.parse(view);  // the newer app's last view, still readable here
        v.data.view.name = 'From the future';
        localStorage.setItem('pyfudge:view:enew', JSON.stringify(v));
    }""", [eid, DAMAGED, NEWER, view])
    page.goto(site.url + "#/")
    app_ready(page)
    return eid


def test_damaged_and_newer_entries_are_kept_shown_read_only_and_exported(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = seed(page, site)
    # The older index was migrated: all three are listed.
    expect(page.locator(".enc-list a")).to_have_text(["Good fight", "Broken fight", "From the future"])
    aside = page.get_by_test_id("aside-notice")
    expect(aside.get_by_role("heading")).to_have_text("Kept aside (2)")
    expect(aside).to_contain_text("damaged and cannot be read")
    expect(aside).to_contain_text("saved by a newer version of pyfudge (format 2); this app reads format 1")
    axe_check(page, "list with data kept aside")
    page.screenshot(path="/tmp/trust-kept-aside.png", full_page=True)
    with page.expect_download() as download:
        aside.get_by_role("button", name="Export as stored").first.click()
    assert open(download.value.path(), encoding="utf-8").read() == DAMAGED  # byte for byte

    # The newer one opens read-only: its last view, the message, and every change refused.
    page.goto(site.url + "#/e/enew")
    expect(page.get_by_role("alert")).to_contain_text("newer version of pyfudge (format 2)")
    expect(page.locator("#enc-title")).to_have_text("From the future")
    expect(page.get_by_test_id("aside-notice").get_by_role("heading")).to_have_text("Kept aside")
    axe_check(page, "an encounter kept aside, read-only")
    page.get_by_role("link", name="← Encounters").click()
    row = page.locator(".enc-row[data-id=enew]")
    row.get_by_role("button", name="Manage").click()
    row.get_by_role("button", name="Rename").click()
    row.get_by_label("New name").fill("Overwritten")
    row.get_by_role("button", name="Save name").click()
    expect(row.get_by_role("alert")).to_contain_text("kept unchanged and shown read-only")
    # Delete does not delete what cannot be read.
    row.get_by_role("button", name="Cancel").click()
    row.get_by_role("button", name="Delete").click()
    expect(row).to_have_count(1)
    expect(page.get_by_test_id("toast")).to_have_count(0)
    # The damaged one: read-only message, nothing to change.
    page.goto(site.url + "#/e/ebad")
    expect(page.get_by_role("alert")).to_contain_text("damaged and cannot be read")

    # A write of the index meanwhile (at version 1 now) kept both exactly, and listed.
    new_encounter(page, site, "Another")
    stored = page.evaluate(STORAGE)
    assert stored["pyfudge:enc:ebad"] == DAMAGED and stored["pyfudge:enc:enew"] == NEWER
    index = json.loads(stored["pyfudge:index"])
    assert index["version"] == 1 and {e["id"] for e in index["data"]["encounters"]} >= {eid, "ebad", "enew"}


def test_an_unreadable_index_is_kept_aside_before_it_is_replaced(open_context, site):
    page = open_context().new_page()
    page.goto(site.url)
    app_ready(page)
    newer_index = json.dumps({"type": "pyfudge/app-index", "version": 7, "data": {"lists": ["x"]}})
    page.evaluate("(t) => localStorage.setItem('pyfudge:index', t)", newer_index)
    page.reload()
    app_ready(page)
    new_encounter(page, site, "After")  # writes the index
    stored = page.evaluate(STORAGE)
    assert stored["pyfudge:aside:pyfudge:index"] == newer_index
    assert json.loads(stored["pyfudge:index"])["version"] == 1
    page.goto(site.url + "#/")
    expect(page.get_by_test_id("aside-notice")).to_contain_text("kept aside before it was replaced")


# --- issue: nothing lost, nothing blank (delete, cached records, the list's write) ------------

# Fill localStorage to the last character this origin may hold (the filler's key is "zz").
FILL = """() => {
    localStorage.removeItem('zz');
    let lo = 0, hi = 12 * 1024 * 1024;
    while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        try { localStorage.setItem('zz', 'a'.repeat(mid)); lo = mid; } catch { hi = mid - 1; }
    }
    localStorage.setItem('zz', 'a'.repeat(lo));
    for (let i = 0; i < 64; i++) {  // and the last few characters, under keys of their own
        try { localStorage.setItem('zz' + i, 'a'); } catch { break; }
    }
    return lo;
}"""
# Writes of the keys matching __failKeys (a regular expression) throw the browser's QuotaExceededError.
FAIL_KEYS = """
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (globalThis.__failKeys && new RegExp(globalThis.__failKeys).test(key)) {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  return realSetItem.call(this, key, value);
};
"""


def row_named(page, name):
    return page.locator("li.enc-row", has=page.get_by_role("link", name=name, exact=True))


def test_delete_keeps_the_encounter_when_storage_is_full(open_context, site):
    page = open_context().new_page()
    keep = new_encounter(page, site, "Keep me")
    add_fighter(page, ASTA)
    other = new_encounter(page, site, "Other")
    page.goto(site.url + "#/")
    app_ready(page)
    stored = page.evaluate(f"localStorage.getItem('pyfudge:enc:{keep}')")
    page.evaluate(FILL)

    row_named(page, "Keep me").get_by_role("button", name="Manage").click()
    row_named(page, "Keep me").get_by_role("button", name="Delete").click()
    toast = page.get_by_test_id("toast")
    expect(toast).to_contain_text("Deleted “Keep me”")
    # Deleted only once its copy for Undo was written (room made from its cached view, which the
    # engine makes again): the copy is there, and Undo brings it back byte for byte.
    deleted = json.loads(page.evaluate("localStorage.getItem('pyfudge:deleted')"))
    assert [d["id"] for d in deleted["data"]["items"]] == [keep]
    toast.get_by_role("button", name="Undo").click()
    expect(toast).to_contain_text("Restored “Keep me”")
    assert page.evaluate(f"localStorage.getItem('pyfudge:enc:{keep}')") == stored
    page.reload()
    app_ready(page)
    expect(row_named(page, "Keep me")).to_have_count(1)
    expect(row_named(page, "Other")).to_have_count(1)
    assert page.evaluate(f"localStorage.getItem('pyfudge:enc:{other}')") is not None


def test_delete_is_refused_when_no_copy_can_be_kept_unless_chosen_for_good(open_context, site, axe_check):
    context = open_context()
    context.add_init_script(FAIL_KEYS)
    page = context.new_page()
    keep = new_encounter(page, site, "Keep me")
    add_fighter(page, ASTA)
    page.goto(site.url + "#/")
    app_ready(page)
    stored = page.evaluate(f"localStorage.getItem('pyfudge:enc:{keep}')")
    page.evaluate("globalThis.__failKeys = '^pyfudge:deleted$'")  # no room for the copy Undo needs

    row_named(page, "Keep me").get_by_role("button", name="Manage").click()
    row_named(page, "Keep me").get_by_role("button", name="Delete").click()
    toast = page.get_by_test_id("toast")
    expect(toast).to_contain_text("Not deleted")
    expect(toast).to_contain_text("storage for this site is full")
    expect(toast).to_have_attribute("role", "alert")
    axe_check(page, "a delete refused for want of room")
    expect(row_named(page, "Keep me")).to_have_count(1)
    assert page.evaluate(f"localStorage.getItem('pyfudge:enc:{keep}')") == stored
    page.reload()
    app_ready(page)
    expect(row_named(page, "Keep me")).to_have_count(1)
    assert page.evaluate(f"localStorage.getItem('pyfudge:enc:{keep}')") == stored

    # Deleting for good (no Undo) is the user's explicit choice.
    page.evaluate("globalThis.__failKeys = '^pyfudge:deleted$'")
    row_named(page, "Keep me").get_by_role("button", name="Manage").click()
    row_named(page, "Keep me").get_by_role("button", name="Delete").click()
    toast.get_by_role("button", name="Delete for good").click()
    expect(toast).to_contain_text("for good")
    expect(row_named(page, "Keep me")).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem('pyfudge:enc:{keep}')") is None


def test_undo_of_a_delete_never_leaves_an_encounter_stored_but_unlisted(open_context, site):
    context = open_context()
    context.add_init_script(FAIL_KEYS)
    page = context.new_page()
    eid = new_encounter(page, site, "Back and forth")
    page.goto(site.url + "#/")
    app_ready(page)
    row_named(page, "Back and forth").get_by_role("button", name="Manage").click()
    row_named(page, "Back and forth").get_by_role("button", name="Delete").click()
    page.evaluate("globalThis.__failKeys = '^pyfudge:index$'")
    page.get_by_test_id("toast").get_by_role("button", name="Undo").click()
    expect(page.get_by_test_id("toast")).to_contain_text("could not be restored")
    stored = page.evaluate(STORAGE)
    # All or nothing: not back under its own key unless listed; still among the recently deleted.
    assert f"pyfudge:enc:{eid}" not in stored
    assert eid in stored["pyfudge:deleted"]


def test_a_wrong_shape_cached_rules_description_is_dropped_not_fatal(open_context, site):
    page = open_context().new_page()
    eid = new_encounter(page, site, "Described")
    page.evaluate("""() => localStorage.setItem('pyfudge:describe', JSON.stringify(
        {type: 'pyfudge/describe', version: 1, data: {options: [null], presets: [null, 5]}}))""")
    for address in (site.url + "#/", site.url + f"#/e/{eid}"):
        page.goto(address)
        page.reload()
        app_ready(page)
        expect(page.locator("#app")).not_to_be_empty()
    page.goto(site.url + "#/")
    expect(page.get_by_label("Rules", exact=True)).to_contain_text("Fudge 1995")
    # The engine's own description replaced the bad record, tagged with the build that wrote it.
    record = json.loads(page.evaluate("localStorage.getItem('pyfudge:describe')"))
    assert record["data"]["presets"][0]["key"] == "fudge1995"
    assert isinstance(record.get("build"), str) and record["build"]


def test_a_kept_rules_description_is_used_by_its_own_build_and_replaced_by_another(open_context, site):
    # A build describes its rules one way: its own kept description is not asked for again (the
    # ready engine would redraw every screen for the same 74 kB); another build's is replaced.
    page = open_context().new_page()
    new_encounter(page, site, "Described")
    page.goto(site.url + "#/")
    mark = """(build) => {
        const record = JSON.parse(localStorage.getItem('pyfudge:describe'));
        record.data.presets[0].label += ' (kept)';
        if (build) record.build = build;
        localStorage.setItem('pyfudge:describe', JSON.stringify(record));
    }"""
    rules = page.get_by_label("Rules", exact=True)
    page.evaluate(mark, None)
    page.reload()
    app_ready(page)
    expect(rules).to_contain_text("Fudge 1995 (kept)")
    page.evaluate(mark, "an older build")
    page.reload()
    app_ready(page)
    expect(rules.locator("option").first).to_have_text("Fudge 1995")
    record = json.loads(page.evaluate("localStorage.getItem('pyfudge:describe')"))
    assert record["data"]["presets"][0]["label"] == "Fudge 1995"
    assert record["build"] not in ("an older build", "unknown")


def test_a_wrong_shape_cached_view_is_dropped_not_fatal(open_context, site):
    page = open_context().new_page()
    eid = new_encounter(page, site, "Viewed")
    add_fighter(page, ASTA)
    page.evaluate("""(eid) => {
        const key = 'pyfudge:view:' + eid;
        const record = JSON.parse(localStorage.getItem(key));
        record.data.view.combatants = 'boom';
        localStorage.setItem(key, JSON.stringify(record));
    }""", eid)
    page.reload()
    app_ready(page)
    idle(page)
    expect(page.locator("#enc-title")).to_have_text("Viewed")
    expect(page.locator("[data-testid=roster] > li")).to_have_count(1)


def test_a_view_that_cannot_be_drawn_is_dropped_not_fatal(open_context, site):
    page = open_context().new_page()
    eid = new_encounter(page, site, "Drawn")
    add_fighter(page, ASTA)
    # Right shape on top, wrong deeper down: drawing it throws; the cache is dropped, the engine's used.
    page.evaluate("""(eid) => {
        const key = 'pyfudge:view:' + eid;
        const record = JSON.parse(localStorage.getItem(key));
        record.data.view.combatants = [{id: 'c1', name: 'Ásta', fighter: null, track: 7, inputs: 3}];
        localStorage.setItem(key, JSON.stringify(record));
    }""", eid)
    page.reload()
    app_ready(page)
    idle(page)
    expect(page.locator("[data-testid=roster] > li")).to_have_count(1)


def test_a_share_link_is_not_stored_unlisted_when_the_list_cannot_be_written(open_context, site):
    context = open_context()
    context.add_init_script(FAIL_KEYS)
    page = context.new_page()
    new_encounter(page, site, "Linked")
    add_fighter(page, ORC)
    page.get_by_role("link", name="Share", exact=True).click()
    page.wait_for_selector("html[data-share=ready]")
    link = page.get_by_label("Link to this encounter").input_value()
    before = page.evaluate(STORAGE)
    page.evaluate("globalThis.__failKeys = '^pyfudge:index$'")
    page.goto(link)
    expect(page.get_by_role("alert")).to_contain_text("storage")
    assert page.evaluate(STORAGE) == before  # nothing half-written


def test_an_encounter_stored_but_not_listed_is_listed_again_at_start(open_context, site):
    page = open_context().new_page()
    eid = new_encounter(page, site, "Hidden")
    add_fighter(page, ASTA)
    page.evaluate("""(eid) => {
        const index = JSON.parse(localStorage.getItem('pyfudge:index'));
        index.data.encounters = index.data.encounters.filter((e) => e.id !== eid);
        localStorage.setItem('pyfudge:index', JSON.stringify(index));
    }""", eid)
    page.goto(site.url + "#/")
    page.reload()
    app_ready(page)
    expect(row_named(page, "Hidden")).to_have_count(1)
    index = json.loads(page.evaluate("localStorage.getItem('pyfudge:index')"))
    assert eid in [e["id"] for e in index["data"]["encounters"]]


def test_a_wrong_shape_cached_ladder_is_dropped_not_fatal(open_context, site):
    page = open_context().new_page()
    page.goto(site.url)
    app_ready(page)
    page.evaluate("localStorage.setItem('pyfudge:ladder', JSON.stringify({levels: 'boom'}))")
    page.reload()
    app_ready(page)
    expect(page.locator("#level option")).to_have_count(8)
    assert json.loads(page.evaluate("localStorage.getItem('pyfudge:ladder')"))["levels"][0]["name"] == "Terrible"


# --- issue: a reload while storage is full ------------------------------------------------------

# IndexedDB full on demand too (every put throws the browser's QuotaExceededError).
IDB_FULL = """
const realPut = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (globalThis.__idbFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return realPut.apply(this, args);
};
"""


def test_a_reload_while_storage_is_full_keeps_the_unsaved_changes(open_context, site):
    context = open_context()
    context.add_init_script(QUOTA)
    page = context.new_page()
    eid = new_encounter(page, site, "Full then reloaded")
    add_fighter(page, ASTA)
    page.evaluate("globalThis.__quotaFull = true")
    add_fighter(page, ORC)
    notice = page.get_by_test_id("unsaved-notice")
    expect(notice).to_contain_text("A copy is kept in this browser's database, so a reload takes them back")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    page.reload()  # the switch is off again after the reload: there is room now
    app_ready(page)
    idle(page)
    expect(page.locator("[data-testid=roster] .row-name")).to_have_text(["Ásta", "Orc"])
    assert [e["fighter"]["name"] for e in log_of(page, eid)] == ["Ásta", "Orc"]  # written back
    expect(notice).to_have_count(0)
    assert asked == []  # nothing was at risk: no question on leaving


def test_leaving_a_page_that_holds_the_only_copy_of_a_change_asks_first(open_context, site):
    context = open_context()
    context.add_init_script(QUOTA + IDB_FULL)
    page = context.new_page()
    new_encounter(page, site, "Nowhere to keep it")
    page.evaluate("globalThis.__quotaFull = true; globalThis.__idbFull = true")
    add_fighter(page, ORC)
    expect(page.get_by_test_id("unsaved-notice")).to_contain_text("They are kept in this page while it stays open")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    page.get_by_role("link", name="← Encounters").click()  # in-app: no question
    page.go_back()
    idle(page)
    assert asked == []
    page.evaluate("() => { location.href = 'about:blank'; }")
    page.wait_for_timeout(500)
    assert asked == ["beforeunload"]
    expect(page.locator("[data-testid=roster] .row-name")).to_have_text(["Orc"])  # stayed: nothing lost
