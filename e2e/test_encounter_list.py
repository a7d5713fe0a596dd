"""Many encounters: list, open, rename, duplicate, delete with Undo (and a "recently
deleted" list that survives a reload); export one or all as a JSON file and import it back (a
refused file changes nothing); persistent storage asked for, and a remembered reminder to export
when the browser refuses. Desktop and Pixel 7; axe on every screen."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import add_fighter, app_ready, idle, new_encounter
from playwright.sync_api import expect

HOSTILE = Path(__file__).resolve().parents[1] / "tests" / "hostile"
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "damage_capacity": "Fair", "weapon": {"name": "Club", "size": 1}}

# The browser's answer to navigator.storage.persist(), decided by the test.
PERSIST = """
(() => {
  const answer = %s;
  const storage = navigator.storage;
  if (storage) {
    storage.persisted = async () => false;
    storage.persist = async () => { globalThis.__persistAsked = (globalThis.__persistAsked || 0) + 1; return answer; };
  }
})();
"""


def hostile(name: str) -> str:
    return json.loads((HOSTILE / f"{name}.json").read_text())["input"]


def storage(page) -> dict:
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)]))")


def to_list(page) -> None:
    page.get_by_role("link", name="← Encounters").click()
    expect(page.get_by_role("heading", name="Encounters on this device")).to_be_visible()


def row(page, name: str):
    return page.locator("li.enc-row").filter(has=page.get_by_role("link", name=name, exact=True))


def manage(page, name: str):
    r = row(page, name)
    if r.get_by_role("button", name="Manage").get_attribute("aria-expanded") != "true":
        r.get_by_role("button", name="Manage").click()
    return r


def list_names(page) -> list[str]:
    return page.locator("li.enc-row .enc-line > a").all_text_contents()


def test_list_open_rename_duplicate_delete_undo(open_context, site, screen, axe_check):
    context = open_context(**screen)
    context.add_init_script(PERSIST % "true")
    page = context.new_page()
    page.goto(site.url)
    app_ready(page)
    expect(page.get_by_text("None yet.")).to_be_visible()
    # Nothing stored yet: nothing to keep, so the browser is not asked.
    assert page.evaluate("globalThis.__persistAsked ?? 0") == 0
    alpha = new_encounter(page, site, "Alpha")
    to_list(page)
    new_encounter(page, site, "Beta")
    to_list(page)
    assert list_names(page) == ["Beta", "Alpha"]  # newest first
    # Persistent storage granted: said quietly, no reminder.
    expect(page.get_by_test_id("persist-status")).to_be_visible()
    expect(page.get_by_test_id("export-reminder")).to_have_count(0)
    axe_check(page, "list screen")

    # Open.
    page.get_by_role("link", name="Alpha", exact=True).click()
    idle(page)
    expect(page.locator("#enc-title")).to_have_text("Alpha")
    to_list(page)

    # Rename: an event in the encounter's own log; the list follows the encounter's name.
    r = manage(page, "Alpha")
    axe_check(page, "list screen, an encounter's actions open")
    r.get_by_role("button", name="Rename").click()
    r.get_by_label("New name").fill("Alpha <i>prime</i> \u05d0\u05dc\u05e4\u05d0")
    r.get_by_role("button", name="Save name").click()
    renamed = row(page, "Alpha <i>prime</i> \u05d0\u05dc\u05e4\u05d0")
    expect(renamed).to_have_count(1)
    assert renamed.locator("i").count() == 0 and renamed.locator("bdi").count() == 1
    stored = json.loads(storage(page)[f"pyfudge:enc:{alpha}"])
    assert stored["data"]["log"][-1] == {"t": "rename", "name": "Alpha <i>prime</i> \u05d0\u05dc\u05e4\u05d0"}
    renamed.locator(".enc-line > a").click()
    idle(page)
    expect(page.locator("#enc-title")).to_have_text("Alpha <i>prime</i> \u05d0\u05dc\u05e4\u05d0")
    expect(page.get_by_test_id("log").locator("li").last).to_contain_text("Renamed to")
    to_list(page)

    # A name the engine refuses (blank) is refused with its message; nothing changes.
    r = manage(page, "Beta")
    r.get_by_role("button", name="Rename").click()
    r.get_by_label("New name").fill("   ")
    r.get_by_role("button", name="Save name").click()
    expect(r.get_by_role("alert")).to_contain_text("name")
    r.get_by_role("button", name="Cancel").click()

    # Duplicate: a new id holding a copy, told apart by its name.
    before = storage(page)
    manage(page, "Beta").get_by_role("button", name="Duplicate").click()
    expect(row(page, "Beta (copy)")).to_have_count(1)
    expect(page.get_by_test_id("toast")).to_contain_text("Duplicated as “Beta (copy)”")
    after = storage(page)
    new_keys = sorted(set(after) - set(before))
    assert [k.split(":")[1] for k in new_keys] == ["enc", "view"]
    copy_id = new_keys[0].split(":")[2]
    beta_id = next(e["id"] for e in json.loads(after["pyfudge:index"])["data"]["encounters"] if e["name"] == "Beta")
    original = json.loads(after[f"pyfudge:enc:{beta_id}"])["data"]
    copy = json.loads(after[f"pyfudge:enc:{copy_id}"])["data"]
    # Never renamed: the copy starts under its new name, so its first Undo is the fight's.
    assert copy["log"] == original["log"] and copy["name"] == "Beta (copy)"
    row(page, "Beta (copy)").locator(".enc-line > a").click()
    idle(page)
    expect(page.locator("#enc-title")).to_have_text("Beta (copy)")
    to_list(page)

    # Delete, then Undo from the toast: everything back, byte for byte.
    with_copy = storage(page)
    manage(page, "Beta (copy)").get_by_role("button", name="Delete").click()
    expect(row(page, "Beta (copy)")).to_have_count(0)
    gone = storage(page)
    assert f"pyfudge:enc:{copy_id}" not in gone and f"pyfudge:view:{copy_id}" not in gone
    toast = page.get_by_test_id("toast")
    expect(toast).to_contain_text("Deleted “Beta (copy)”")
    axe_check(page, "list screen with the undo toast")
    toast.get_by_role("button", name="Undo").click()
    expect(row(page, "Beta (copy)")).to_have_count(1)
    restored = storage(page)
    assert restored[f"pyfudge:enc:{copy_id}"] == with_copy[f"pyfudge:enc:{copy_id}"]
    assert "pyfudge:deleted" not in restored or copy_id not in restored["pyfudge:deleted"]

    # Delete again and let the toast go: the encounter waits among the recently deleted, even
    # across a reload, and comes back from there.
    manage(page, "Beta (copy)").get_by_role("button", name="Delete").click()
    page.get_by_test_id("toast").get_by_role("button", name="Close").click()
    expect(page.get_by_test_id("toast")).to_have_count(0)
    page.reload()
    app_ready(page)
    assert sorted(list_names(page)) == ["Alpha <i>prime</i> \u05d0\u05dc\u05e4\u05d0", "Beta"]
    deleted = page.locator("#deleted")
    expect(deleted.locator("summary")).to_have_text("Recently deleted (1)")
    deleted.locator("summary").click()
    axe_check(page, "list screen, recently deleted open")
    deleted.get_by_role("button", name="Restore").click()
    expect(row(page, "Beta (copy)")).to_have_count(1)
    expect(page.locator("#deleted")).to_have_count(0)
    row(page, "Beta (copy)").locator(".enc-line > a").click()
    idle(page)
    expect(page.locator("#enc-title")).to_have_text("Beta (copy)")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_export_then_import_back(open_context, site, screen, axe_check, tmp_path):
    context = open_context(**screen)
    context.add_init_script(PERSIST % "true")
    page = context.new_page()
    alpha = new_encounter(page, site, "Alpha")
    add_fighter(page, ORC)
    to_list(page)
    new_encounter(page, site, "Beta <b>bold</b>")
    to_list(page)

    # Export one: the engine's file, one encounter with its whole log.
    with page.expect_download() as info:
        manage(page, "Alpha").get_by_role("button", name="Export").click()
    one = info.value
    assert one.suggested_filename == "pyfudge-Alpha.json"
    one_path = tmp_path / "one.json"
    one.save_as(one_path)
    envelope = json.loads(one_path.read_text())
    assert envelope["type"] == "pyfudge/encounter"
    stored = json.loads(storage(page)[f"pyfudge:enc:{alpha}"])["data"]
    assert envelope["data"] == stored and envelope["data"]["log"][0]["t"] == "add"

    # Export all: one file with both.
    with page.expect_download() as info:
        page.get_by_role("button", name="Export all encounters").click()
    all_path = tmp_path / "all.json"
    info.value.save_as(all_path)
    assert info.value.suggested_filename.startswith("pyfudge-encounters-")
    expect(page.get_by_test_id("file-status")).to_have_text("Exported 2 encounters.")

    # Import it back: two new copies (never overwriting), names and logs as exported.
    before = storage(page)
    page.get_by_label("Import encounters from a file").set_input_files(all_path)
    expect(page.get_by_test_id("file-status")).to_have_text("Imported 2 encounters as new copies.")
    assert sorted(list_names(page)) == ["Alpha", "Alpha", "Beta <b>bold</b>", "Beta <b>bold</b>"]
    after = storage(page)
    for key, value in before.items():
        if key.startswith("pyfudge:enc:"):
            assert after[key] == value  # nothing overwritten
    copies = [json.loads(after[k])["data"] for k in set(after) - set(before) if k.startswith("pyfudge:enc:")]
    assert sorted(c["name"] for c in copies) == ["Alpha", "Beta <b>bold</b>"]
    assert next(c for c in copies if c["name"] == "Alpha")["log"] == stored["log"]
    row(page, "Alpha").first.locator(".enc-line > a").click()
    idle(page)
    expect(page.locator("[data-testid=roster] > li")).to_have_count(1)
    to_list(page)
    axe_check(page, "list screen after an import")

    # Files the engine refuses: a clear message, and storage untouched byte for byte.
    untouched = storage(page)
    for name, words in (("file-newer-version", "newer pyfudge"),
                        ("file-not-json", "not valid JSON")):
        bad = tmp_path / f"{name}.json"
        bad.write_text(hostile(name))
        page.get_by_label("Import encounters from a file").set_input_files(bad)
        status = page.get_by_test_id("file-status")
        expect(status).to_contain_text("Nothing was imported")
        expect(status).to_contain_text(words)
        assert storage(page) == untouched, name

    # A collection whose second encounter is broken: the first is imported, the second named.
    half = tmp_path / "half.json"
    half.write_text(hostile("file-collection-bad-second"))
    page.get_by_label("Import encounters from a file").set_input_files(half)
    status = page.get_by_test_id("file-status")
    expect(status).to_contain_text("Imported 1 encounter as new copy.")
    expect(status).to_contain_text("Not imported: “Ambush” (Encounter 2 of 2 ('Ambush')")

    # Names with markup from a file are shown as text, never run.
    markup = tmp_path / "markup.json"
    markup.write_text(hostile("file-name-img-onerror"))
    page.get_by_label("Import encounters from a file").set_input_files(markup)
    expect(page.get_by_test_id("file-status")).to_contain_text("Imported 1 encounter")
    assert page.locator("li.enc-row img").count() == 0
    assert page.evaluate("document.querySelectorAll('#app img, #app script').length") == 0


def seed_v0(name: str, eid: str = "eold0001") -> str:
    """An init script that stores, once, an encounter listed in the first draft's index (v0: a bare
    array, no envelope) — the shape a migration must still read."""
    from pyfudge.encounter.log import Encounter

    record = {"type": "pyfudge/encounter", "version": 1, "data": Encounter(name=name).to_dict()}
    return f"""
    if (localStorage.getItem("pyfudge:index") === null) {{
      localStorage.setItem("pyfudge:index", {json.dumps(json.dumps([{"id": eid, "name": name}]))});
      localStorage.setItem("pyfudge:enc:{eid}", {json.dumps(json.dumps(record))});
    }}"""


def test_persistent_storage_refused_reminds_to_export(open_context, site, screen, axe_check):
    context = open_context(**screen)
    context.add_init_script(PERSIST % "false")
    context.add_init_script(seed_v0("Old one"))
    page = context.new_page()
    page.goto(site.url)
    # The v0 index migrates on read: its encounter is listed.
    expect(row(page, "Old one")).to_have_count(1)
    reminder = page.get_by_test_id("export-reminder")
    expect(reminder).to_be_visible()
    expect(reminder).to_contain_text("Export them to a file")
    assert page.evaluate("globalThis.__persistAsked") == 1
    app_ready(page)
    axe_check(page, "list screen with the export reminder")
    with page.expect_download() as info:
        reminder.get_by_role("button", name="Export all").click()
    assert info.value.suggested_filename.startswith("pyfudge-encounters-")
    reminder.get_by_role("button", name="Dismiss").click()
    expect(reminder).to_have_count(0)
    # A change writes the index back at version 1.
    manage(page, "Old one").get_by_role("button", name="Duplicate").click()
    expect(row(page, "Old one (copy)")).to_have_count(1)
    index = json.loads(storage(page)["pyfudge:index"])
    assert index["type"] == "pyfudge/app-index" and index["version"] == 1
    assert sorted(e["name"] for e in index["data"]["encounters"]) == ["Old one", "Old one (copy)"]
    # The dismissal is remembered: not shown on the next visit, though the browser still refuses.
    page.reload()
    expect(page.locator("li.enc-row")).to_have_count(2)
    app_ready(page)
    expect(page.get_by_test_id("export-reminder")).to_have_count(0)
    prefs = json.loads(storage(page)["pyfudge:prefs"])
    # The browser's last answer is remembered too: the next visit draws the list as it will stay.
    assert prefs == {"type": "pyfudge/app-prefs", "version": 1,
                     "data": {"exportReminder": "dismissed", "persistence": "refused"}}


def _seed_unreadable_records() -> str:
    """An init script that stores, once: an encounter the engine can replay, one it cannot (an
    event type from another version), and a library whose party member is off the ladder and
    whose templates hold a ``__proto__`` key or nest 40 deep, beside a good one."""
    from pyfudge.door import codec, library

    good = {"name": "Fight", "ruleset": {"preset": "fudge1995", "options": {}},
            "log": [{"t": "add", "fighter": ORC, "side": "foes"}]}
    portal = {**good, "name": "Portal", "log": [*good["log"], {"t": "teleport"}]}
    deep: dict = {"x": 1}
    for _ in range(40):
        deep = {"x": deep}
    lib = {"type": "pyfudge/library", "version": 1, "data": {
        "templates": [library.template({"fighter": ORC}),
                      {"side": "foes", "fighter": {"name": "Deep", "skills": {"Claw": 1}, "notes": deep}}],
        "party": [{"side": "players", "fighter": {"name": "Aldric", "role": "pc", "skills": {"Sword": 99}},
                   "status": ""}]}}
    proto = '{"side": "foes", "fighter": {"name": "Imp", "skills": {"Claw": 1}, "__proto__": {"x": 1}}}'
    index = {"type": "pyfudge/app-index", "version": 1, "data": {"encounters": [
        {"id": "egood001", "name": "Fight", "updated": 2}, {"id": "eportal1", "name": "Portal", "updated": 1}]}}
    return f"""
    if (localStorage.getItem("pyfudge:index") === null) {{
      localStorage.setItem("pyfudge:index", {json.dumps(json.dumps(index))});
      localStorage.setItem("pyfudge:enc:egood001", {json.dumps(json.dumps(codec.wrap("encounter", good)))});
      localStorage.setItem("pyfudge:enc:eportal1", {json.dumps(json.dumps(codec.wrap("encounter", portal)))});
      const lib = {json.dumps(lib)};
      lib.data.templates.push(JSON.parse({json.dumps(proto)}));
      localStorage.setItem("pyfudge:library", JSON.stringify(lib));
    }}"""


def test_export_all_always_exports_keeping_aside_what_it_cannot_read(open_context, site, screen, axe_check,
                                                                      tmp_path):
    """One encounter the engine cannot replay and library entries it refuses never block Export
    all: the file holds the rest, and each bad record as stored, named with its reason (offered on
    its own too); the file imports back, adding every good record and naming the rest."""
    context = open_context(**screen)
    context.add_init_script(PERSIST % "true")
    context.add_init_script(_seed_unreadable_records())
    page = context.new_page()
    page.goto(site.url)
    app_ready(page)
    stored_before = storage(page)

    # A file bringing another "Orc" template: imported as "Orc 2"; Export all must still work.
    from pyfudge.door import codec, library
    other_orc = {"templates": [library.template({"fighter": {**ORC, "skills": {"Spear": "Good"}}})], "party": []}
    orc_file = tmp_path / "orc.json"
    orc_file.write_text(codec.export_text(codec.collection([], other_orc)))
    page.get_by_label("Import encounters from a file").set_input_files(orc_file)
    expect(page.get_by_test_id("file-status")).to_contain_text("Added 1 template")

    with page.expect_download() as info:
        page.get_by_role("button", name="Export all encounters").click()
    path = tmp_path / "all.json"
    info.value.save_as(path)
    status = page.get_by_test_id("file-status")
    expect(status).to_contain_text("Exported 1 encounter, 2 templates and a party of 0.")
    expect(status).to_contain_text("“Portal” (Unknown event type 'teleport'")
    for words in ("“Aldric”", "off the ladder", "“Imp”", "__proto__", "“Deep”"):
        expect(status).to_contain_text(words)
    kept = page.get_by_test_id("kept-in-file")
    expect(kept.locator("li")).to_have_count(1)
    expect(kept).to_contain_text("Portal")
    axe_check(page, "list screen, export all kept records aside")

    data = json.loads(path.read_text())["data"]
    assert [e["data"]["name"] for e in data["encounters"]] == ["Fight"]
    assert [t["fighter"]["name"] for t in data["library"]["data"]["templates"]] == ["Orc", "Orc 2"]
    portal = next(r for r in data["aside"] if r.get("key") == "pyfudge:enc:eportal1")
    assert portal["text"] == stored_before["pyfudge:enc:eportal1"]  # exactly as stored
    assert {r["name"] for r in data["aside"]} == {"Portal", "Aldric", "Imp", "Deep"}

    # "Export as stored" of the record kept aside: its stored text, byte for byte.
    with page.expect_download() as raw:
        kept.get_by_role("button", name="Export as stored").click()
    raw_path = tmp_path / "portal.json"
    raw.value.save_as(raw_path)
    assert raw_path.read_text() == stored_before["pyfudge:enc:eportal1"]

    # The file imports back: its encounter added; what it keeps aside named, not imported.
    page.get_by_label("Import encounters from a file").set_input_files(path)
    expect(status).to_contain_text("Imported 1 encounter as new copy.")
    expect(status).to_contain_text("The file also keeps 4 records aside")
    assert sorted(list_names(page)) == ["Fight", "Fight", "Portal"]
