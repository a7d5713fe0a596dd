"""A tap answered in one frame's work on a 390×844 phone: the engine's answer to Resolve and the
form's reset for the next pair are drawn by one render (no frame, no reader, sees the new result
beside the old pair's dice), and the result strip takes the focus in that render, before the frame
that shows the result is painted."""

from conftest import idle
from playwright.sync_api import expect
from test_table_mode import AMBUSH, GOBLINS, PARTY, PHONE, open_encounter

# Armed before a Resolve: the first time the page's DOM is seen (a mutation callback, which runs
# between two renders) with the result strip past `events`, note how many totals are still
# picked in the form (one render per answer: none, the strip and the blank form arrive
# together); then, in that frame's animation callback (before it is painted), what holds the
# focus.
WATCH_FIRST_DRAW_JS = """(events) => {
  globalThis.__firstDraw = null;
  const observer = new MutationObserver(() => {
    const strip = document.querySelector("[data-testid=result-strip]");
    if (Number(strip?.dataset.events) <= events) return;
    observer.disconnect();
    const seen = globalThis.__firstDraw = { picked: document.querySelectorAll(".total-picker input:checked").length };
    requestAnimationFrame(() => {
      seen.focus = document.activeElement?.dataset.testid ?? document.activeElement?.textContent.trim();
    });
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def roll_and_resolve_watched(page):
    """Roll all, then Resolve with the first draw watched: the result strip and what that draw saw."""
    strip = page.get_by_test_id("result-strip")
    events = int(strip.get_attribute("data-events"))
    page.get_by_role("button", name="Roll all").click()
    expect(page.locator(".total-picker input:checked")).to_have_count(2)
    page.evaluate(WATCH_FIRST_DRAW_JS, events)
    page.get_by_role("button", name="Resolve", exact=True).click()
    idle(page)
    expect(strip).to_have_attribute("data-events", str(events + 1))
    return strip, page.evaluate("globalThis.__firstDraw")


def test_a_resolves_result_and_the_next_pairs_blank_form_are_drawn_in_one_render(open_context, site):
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, AMBUSH, eid="tap-render")
    # A foe picked by hand: the form keeps the pair until the answer's render puts it back to the
    # view's next pair.
    page.get_by_label("Against", exact=True).select_option(label="Goblin 3")
    _, first_draw = roll_and_resolve_watched(page)
    assert first_draw["picked"] == 0
    expect(page.get_by_test_id("suggested")).to_contain_text("Next: Brenna vs")


def test_the_result_strip_takes_the_focus_in_the_frame_that_paints_the_result(open_context, site):
    # The focus moved after the paint would force a second style and layout pass, and a frame
    # more before a screen reader or a keyboard is on the result.
    page = open_context(**PHONE).new_page()
    open_encounter(page, site, AMBUSH, eid="tap-focus")
    strip, first_draw = roll_and_resolve_watched(page)
    expect(strip).to_be_focused()
    assert first_draw["focus"] == "result-strip"


def test_the_rounds_last_resolve_becomes_next_round_in_place(open_context, site):
    # One exchange ends a duel's round: the bar then offers Next round where Resolve was. The
    # tapped (focused) Resolve button is kept and relabelled, not removed: removing the focused
    # element in the answer's render forces a style and layout pass of its own (Chromium), a
    # tenth of a Resolve's main-thread work on a phone. The focus then goes to the result.
    page = open_context(**PHONE).new_page()
    duel = {"name": "Duel", "ruleset": {"preset": "fudge1995"}, "log": PARTY[:1] + GOBLINS[:1]}
    open_encounter(page, site, duel, eid="tap-duel")
    page.get_by_role("button", name="Resolve", exact=True).evaluate("(b) => { globalThis.__resolve = b; }")
    strip, _ = roll_and_resolve_watched(page)
    expect(page.get_by_role("button", name="Next round")).to_be_visible()
    assert page.evaluate("globalThis.__resolve.isConnected && globalThis.__resolve.textContent.trim()") == "Next round"
    expect(strip).to_be_focused()
    # Undo puts Resolve back, and it still sends the exchange: the same element, a submit again.
    strip.locator(".undo-btn").click()
    idle(page)
    roll_and_resolve_watched(page)
    expect(page.get_by_role("button", name="Next round")).to_be_visible()
