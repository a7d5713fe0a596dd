"""Every event is saved before the UI shows its result. A MutationObserver (it runs
after each change of the page and before the browser paints it) notes, each time the log or the
last result on screen changes, how many events the page shows and how many are in storage: the
stored log is never behind what is shown. And a page killed right after
a result appears (its tab closed at once) has lost nothing."""

from __future__ import annotations

import json

from conftest import add_fighter, app_ready, card, enter_faces, idle, new_encounter, play_exchange
from playwright.sync_api import expect
from test_log_undo_reload import ASTA, HIT, ORC

WATCH = """
globalThis.__shown = [];
const watch = () => {
  const id = /^#\\/e\\/([\\w-]+)$/.exec(location.hash)?.[1];
  if (!id) return;
  const items = document.querySelectorAll("[data-testid=log] li").length;
  const last = document.querySelector("[data-testid=last-text]")?.textContent ?? null;
  const prev = globalThis.__shown.at(-1);
  if (prev && prev.items === items && prev.last === last) return;
  let stored = -1;
  try { stored = JSON.parse(localStorage.getItem(`pyfudge:enc:${id}`)).data.log.length; } catch {}
  globalThis.__shown.push({ items, last, stored });
};
new MutationObserver(watch).observe(document, { subtree: true, childList: true, characterData: true });
"""


def stored_log(page, eid):
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", f"pyfudge:enc:{eid}"))["data"]["log"]


def test_each_result_is_stored_before_it_is_shown(open_context, site):
    context = open_context(viewport={"width": 1000, "height": 800})
    context.add_init_script(WATCH)
    page = context.new_page()
    eid = new_encounter(page, site, "Saved first")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    play_exchange(page, "Ásta", "Orc", HIT)
    card(page, "Orc").get_by_role("button", name="Scratch box 1, empty").click()
    idle(page)
    for name in ("Undo", "Undo", "Redo"):
        page.get_by_role("button", name=name, exact=True).click()
        idle(page)
    shown = page.evaluate("globalThis.__shown")
    # One log line per event: what is shown at the end is exactly what is stored.
    assert shown[-1]["items"] == len(stored_log(page, eid)) == 7
    changes = [s for s in shown if s["items"] > 0]
    assert len({s["items"] for s in changes}) == 7, changes  # every event was seen appearing
    behind = [s for s in changes if s["stored"] < s["items"]]
    assert not behind, f"shown before it was stored: {behind}"


def test_killing_the_page_right_after_resolve_loses_nothing(open_context, site):
    context = open_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    eid = new_encounter(page, site, "Killed")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    log = page.get_by_test_id("log").locator("li")
    page.get_by_label("Fighter", exact=True).select_option(label="Ásta")
    page.get_by_label("Against", exact=True).select_option(label="Orc")
    enter_faces(page, "Ásta", HIT["a_dice"]["roll"]["faces"])
    enter_faces(page, "Orc", HIT["b_dice"]["roll"]["faces"])
    page.get_by_role("button", name="Resolve").click()
    expect(log).to_have_count(3)  # the result is on screen…
    shown = log.last.inner_text()
    page.close()  # …and the tab is gone at once (no unload handler runs)
    again = context.new_page()
    again.goto(site.url + f"#/e/{eid}")
    app_ready(again)
    idle(again)
    expect(again.get_by_test_id("log").locator("li")).to_have_count(3)
    expect(again.get_by_test_id("log").locator("li").last).to_have_text(shown)
    assert [e["t"] for e in stored_log(again, eid)] == ["add", "add", "exchange"]
