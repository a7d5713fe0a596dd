"""A log's lines never change once written, so the app asks the engine for the new ones only
(`encounter.apply`'s `log_from`): each answer carries the lines the page lacks, and the log
shown is the whole log, line for line what a reload's full replay shows."""

from __future__ import annotations

import re

from conftest import add_fighter, app_ready, idle, new_encounter, play_exchange
from playwright.sync_api import expect

ASTA = {"name": "Ásta", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great",
       "weapon": {"name": "Club", "size": 1}}
HIT = {"a_dice": {"roll": {"faces": [0, 0, 0, 0]}}, "b_dice": {"roll": {"faces": [1, 1, 1, 0]}}}

# Every apply the page posts to the engine's worker, with the size of its answer.
RECORD_APPLIES = """
(() => {
  const Real = window.Worker;
  window.pyfudgeApplies = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      const sent = new Map();
      this.addEventListener("message", (e) => {
        const seen = sent.get(e.data?.id);
        if (seen && typeof e.data.json === "string") seen.answer = JSON.parse(e.data.json);
      });
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        const request = typeof message?.json === "string" ? JSON.parse(message.json) : null;
        if (request?.action === "encounter.apply") {
          const seen = { rev: request.args.rev, log_from: request.args.log_from };
          sent.set(message.id, seen);
          window.pyfudgeApplies.push(seen);
        }
        return post(message, ...rest);
      };
    }
  };
})();
"""


def log_lines(page) -> list[str]:
    return page.get_by_test_id("log").locator("li").all_inner_texts()


def test_each_answer_carries_only_the_new_lines_and_the_log_stays_whole(open_context, site, screen):
    context = open_context(**screen)
    context.add_init_script(RECORD_APPLIES)
    page = context.new_page()
    new_encounter(page, site, "Lines", preset="fudge1995")
    add_fighter(page, ASTA)
    add_fighter(page, ORC)
    play_exchange(page, "Ásta", "Orc", HIT)
    page.get_by_role("button", name="Next round").click()
    idle(page)
    page.get_by_role("button", name="Undo", exact=True).click()
    idle(page)
    log = page.get_by_test_id("log").locator("li")
    expect(log).to_have_text(["Ásta joins the fight.", "Orc joins the fight.",
                              re.compile(r"^Round 1, Ásta vs Orc: hit: Ásta Very Hurt\.\s*Dice: "),
                              re.compile(r"^Taken back: Round 2 begins\.$"), "Undo: Round 2 begins."])

    applies = page.evaluate("window.pyfudgeApplies.map(({rev, log_from, answer}) => "
                            "({rev, log_from, from: answer.result.view.log_from, lines: answer.result.view.log}))")
    assert [a["rev"] for a in applies] == [0, 1, 2, 3, 4]
    # Every apply asked from the line the page held, and got that line and on, nothing before.
    assert all(a["log_from"] == a["rev"] == a["from"] and len(a["lines"]) == 1 for a in applies), applies
    assert applies[-1]["lines"] == ["Undo: Round 2 begins."]

    shown = log_lines(page)
    page.reload()
    app_ready(page)
    idle(page)
    assert log_lines(page) == shown  # the engine's full replay shows the same log
    # After a reload the page holds the replay's whole log: the next apply asks for its line only.
    page.get_by_role("button", name="Redo", exact=True).click()
    idle(page)
    last = page.evaluate("window.pyfudgeApplies.at(-1)")
    assert last["log_from"] == last["rev"] == 5 and last["answer"]["result"]["view"]["log"] == ["Redo: Round 2 begins."]
    expect(log).to_have_count(6)
