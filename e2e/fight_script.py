"""The scripted four-round fight of issue 32, as a GM runs it on a 390×844 phone: 2 PCs and 7
goblins (Brenna with a longbow), a one-on-one, a bow shot, a group round, the round's end from the
bar, alternating turns switched on from the round's own list, initiative, an all-out attack, an Undo that
gives back the dice entered, fallen goblins folded, End of battle and healing from a card.

One copy for e2e/test_four_round_fight.py (which asserts each step's taps) and bench.py's
`fight_taps` (which reports the total). Every tap is counted (a click, a choice in a select, one
per field typed into); setting up the encounter is not. The dice are the players' totals entered
and, where the GM lets the app roll, the engine's own `roll` with a seed (SEEDED_ROLLS_JS): the
fight plays the same every run, and the script checks what the screen says at each step.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

from playwright.sync_api import Locator, Page, expect

VIEWPORT = {"width": 390, "height": 844}


def _add(name: str, side: str, skill: str, level: str, role: str = "pc", weapon: str | None = None,
         **extra: object) -> dict:
    fighter: dict = {"name": name, "role": role, "skills": {skill: level}, **extra}
    if weapon:
        fighter["weapon"] = {"name": weapon, "size": 2}
    return {"t": "add", "side": side, "fighter": fighter}


# c1 Aldric, c2 Brenna, c3 Goblin 1 … c9 Goblin 7; the Fudge 1995 rules, both striking at once.
ENCOUNTER = {"name": "Goblin ambush", "ruleset": {"preset": "fudge1995"},
             "log": [_add("Aldric", "players", "Sword", "Great", weapon="Sword", fudge_points=2),
                     _add("Brenna", "players", "Bow", "Good", weapon="Longbow")]
             + [_add(f"Goblin {i}", "foes", "Club", "Mediocre", role="npc") for i in range(1, 8)]}

# The engine's `roll` answers with a seeded generator (api._rng reads `seed`): each roll request
# the page sends to the engine's worker gets the next seed, so Roll all and Roll initiative land
# the same dice every run. Only the dice change: the app's own requests, buttons and rules run.
SEEDED_ROLLS_JS = """(() => {
  let seed = 32000;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.json === "string") {
      const request = JSON.parse(message.json);
      if (request.action === "roll") {
        request.args = { ...request.args, seed: seed++ };
        message = { ...message, json: JSON.stringify(request) };
      }
    }
    return post.call(this, message, ...rest);
  };
})();"""


class Taps:
    """Every tap the GM makes, counted, and each step's share (`steps`)."""

    def __init__(self) -> None:
        self.count = 0
        self.steps: dict[str, int] = {}
        self._step: str | None = None

    def _one(self) -> None:
        self.count += 1
        if self._step:
            self.steps[self._step] += 1

    def click(self, locator: Locator) -> None:
        self._one()
        locator.click()

    def select(self, locator: Locator, **choice: str) -> None:
        """One choice in a select (its value, or its label)."""
        self._one()
        locator.select_option(**choice)

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        self._step = name
        self.steps[name] = 0
        try:
            yield
        finally:
            self._step = None


def open_fight(page: Page, url: str, eid: str = "fight4") -> None:
    """Save the encounter as the app does and open it at the round's start (not counted: setup)."""
    page.goto(url + "#/")
    page.wait_for_selector("html[data-engine=ready]")
    assert page.evaluate("""async ([id, enc]) => { const s = await import('./js/data/encounter-store.js');
      return s.saveEncounter(id, enc) && s.touch(id, enc.name) !== false; }""", [eid, ENCOUNTER])
    page.goto(url + f"#/e/{eid}")
    idle(page)


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-view=live][data-busy=false]")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


class Fight:
    """The fight's steps on one page; `scrolls` holds how far the page scrolled for each tap on
    the bar's Next round (0: it was in reach where the GM was)."""

    def __init__(self, page: Page, taps: Taps):
        self.page, self.taps = page, taps
        self.scrolls: list[float] = []

    # -- what the GM touches ------------------------------------------------------------------

    def bar(self) -> Locator:
        return self.page.get_by_test_id("round-bar")

    def strip(self) -> Locator:
        return self.page.get_by_test_id("result-strip")

    def mode(self) -> Locator:
        return self.page.get_by_label("What happens", exact=True)

    def total(self, who: str, total: int) -> None:
        """A player's dice total entered: one tap in their picker."""
        group = self.page.get_by_role("group", name=f"{who}'s dice", exact=True)
        radio = group.get_by_role("radio", name=f"{who}'s total: {signed(total)}", exact=True)
        self.taps.click(group.locator(f"label[for='{radio.get_attribute('id')}']"))
        expect(radio).to_be_checked()

    def roll_all(self, *who: str) -> None:
        self.taps.click(self.bar().get_by_role("button", name="Roll all", exact=True))
        for name in who:
            rolled = self.page.get_by_role("radio", name=re.compile(f"^{re.escape(name)}'s total"))
            expect(rolled.and_(self.page.locator(":checked"))).to_have_count(1)

    def resolve(self) -> None:
        log = self.page.get_by_test_id("log").locator(":scope > li")
        lines = log.count()
        self.taps.click(self.bar().get_by_role("button", name="Resolve", exact=True))
        idle(self.page)
        expect(self.page.locator("#round .error")).to_have_count(0)
        expect(log).to_have_count(lines + 1)

    def round_end(self, heading: str) -> None:
        """Everyone who can act has acted: Next round in the bar, tapped where the GM is."""
        expect(self.page.get_by_test_id("round-over")).to_be_visible()
        before = self.page.evaluate("scrollY")
        button = self.bar().get_by_role("button", name="Next round")
        self.taps.click(button)
        self.scrolls.append(abs(self.page.evaluate("scrollY") - before))
        idle(self.page)
        expect(self.page.get_by_role("heading", name=heading)).to_be_visible()

    # -- the fight ----------------------------------------------------------------------------

    def run(self) -> None:
        self.round_one()
        self.round_two()
        self.round_three()
        self.round_four()

    def round_one(self) -> None:
        page, taps = self.page, self.taps
        with taps.step("exchange"):  # Aldric's player rolled +4, the GM −4 for Goblin 1
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Aldric vs Goblin 1")
            self.total("Aldric", 4)
            self.total("Goblin 1", -4)
            self.resolve()
            expect(self.strip().locator("li")).to_have_text(["Goblin 1: Undamaged → Near Death"])
        with taps.step("bow shot"):  # Brenna's longbow: ranged fire at once; Goblin 2 dodges
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Brenna vs Goblin 2")
            expect(self.mode()).to_have_value("ranged")
            self.total("Brenna", 3)
            self.total("Goblin 2", -2)
            self.resolve()
            expect(self.strip().locator("li")).to_have_text(["Goblin 2: Undamaged → Near Death"])
        with taps.step("group round"):  # the five goblins left rush Aldric, the one they outnumber
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Goblin 3 vs Aldric")
            taps.select(self.mode(), label="Several foes on Aldric (F95 4.34)")
            expect(page.get_by_label("Lone fighter", exact=True)).to_have_value("c1")
            foes = page.get_by_role("group", name="Foes on Aldric")
            expect(foes.get_by_role("checkbox", name=re.compile("^Goblin"), checked=True)).to_have_count(5)
            self.roll_all("Aldric")
            self.resolve()
            expect(self.strip().locator("li")).to_have_text([re.compile("^Aldric took Scratch, Scratch, Scratch: ")])
        with taps.step("round end 1"):
            self.round_end("Round 2")

    def round_two(self) -> None:
        page, taps = self.page, self.taps
        with taps.step("rule change"):  # alternating turns (F95 4.23), from the round's own list
            taps.select(self.mode(), label="Alternating turns (F95 4.23)")
            idle(page)
            expect(self.strip()).to_contain_text("Rules changed: Melee pacing: Alternating turns")
            expect(self.mode().locator("option:checked")).to_have_text(re.compile("attacks, .* defends"))
        with taps.step("initiative"):
            taps.click(self.bar().get_by_role("button", name="Roll initiative"))
            idle(page)
            expect(page.get_by_test_id("initiative")).to_have_text(re.compile("^Initiative: .* attacks first[.]$"))
        with taps.step("all-out"):  # Aldric goes all out (F95 4.31): one tap under his dice
            expect(self.mode().locator("option:checked")).to_have_text("Aldric attacks, Goblin 3 defends")
            taps.click(page.get_by_role("group", name="Aldric declares").get_by_role("button", name="All-out attack"))
            self.roll_all("Aldric", "Goblin 3")
            self.resolve()
            expect(page.locator(".last-result .steps")).to_contain_text("After an all-out attack Aldric")
            expect(self.strip().locator("li")).to_have_text(["Goblin 3: Undamaged → Near Death"])
        with taps.step("undo"):  # Brenna's player rolled +1; the GM mistook Goblin 4's die, takes it back
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Brenna vs Goblin 4")
            expect(self.mode()).to_have_value("ranged")
            self.total("Brenna", 1)
            self.total("Goblin 4", 2)
            self.resolve()
            taps.click(self.strip().get_by_role("button", name="Undo: Brenna shoots at Goblin 4"))
            idle(page)
            expect(self.strip().get_by_test_id("undone")).to_have_text("Undone: Brenna shoots at Goblin 4")
            for who, total in (("Brenna", 1), ("Goblin 4", 2)):
                expect(page.get_by_role("radio", name=f"{who}'s total: {signed(total)}", exact=True)).to_be_checked()
            self.total("Goblin 4", -2)
            self.resolve()
            expect(self.strip().locator("li")).to_have_text(["Goblin 4: Undamaged → Near Death"])
        with taps.step("group round 2"):  # the three goblins standing turn on Brenna: one choice
            taps.select(self.mode(), label="Several foes on Brenna (F95 4.34)")
            expect(page.get_by_label("Lone fighter", exact=True)).to_have_value("c2")
            foes = page.get_by_role("group", name="Foes on Brenna")
            expect(foes.get_by_role("checkbox", name=re.compile("^Goblin"), checked=True)).to_have_count(3)
            expect(foes.get_by_role("button", name="4 fallen: Goblin 1, Goblin 2, Goblin 3, Goblin 4")).to_be_visible()
            self.roll_all("Brenna")
            self.resolve()
            expect(self.strip().locator("li")).to_have_text([re.compile("^Brenna took Scratch, Hurt, Scratch: ")])
        with taps.step("round end 2"):
            self.round_end("Round 3")

    def round_three(self) -> None:
        page, taps = self.page, self.taps
        # The four fallen goblins on one line at the roster's end, out of the pickers.
        fallen = page.get_by_test_id("fallen")
        expect(fallen.locator(".row-btn")).to_have_count(4)
        with taps.step("exchange 3"):
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Aldric vs Goblin 5")
            taps.click(self.bar().get_by_role("button", name="Roll initiative"))
            idle(page)
            expect(page.get_by_test_id("last-text")).to_have_text(re.compile("a tie, roll again"))  # F95 4.23
            taps.click(self.bar().get_by_role("button", name="Roll initiative"))
            idle(page)
            expect(page.get_by_test_id("initiative")).to_have_text("Initiative: Goblin 5 attacks first.")
            expect(self.mode().locator("option:checked")).to_have_text("Goblin 5 attacks, Aldric defends")
            self.roll_all("Aldric", "Goblin 5")
            self.resolve()
            expect(self.strip()).to_contain_text("Round 3, Goblin 5 vs Aldric: miss.")
            # Then Aldric's turn (F95 4.23).
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Aldric vs Goblin 5")
            self.roll_all("Aldric", "Goblin 5")
            self.resolve()
        with taps.step("bow shot 3"):
            self.roll_all("Brenna")
            self.resolve()
        with taps.step("group round 3"):  # the three goblins standing on Aldric
            taps.select(self.mode(), label="Several foes on Aldric (F95 4.34)")
            expect(page.get_by_label("Lone fighter", exact=True)).to_have_value("c1")
            self.roll_all("Aldric")
            self.resolve()
            expect(self.strip().locator("li")).to_have_text(["Aldric took Scratch, Scratch: Scratch → Very Hurt −2"])
        with taps.step("round end 3"):
            self.round_end("Round 4")

    def round_four(self) -> None:
        page, taps = self.page, self.taps
        with taps.step("exchange 4"):
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Aldric vs Goblin 5")
            taps.click(self.bar().get_by_role("button", name="Roll initiative"))
            idle(page)
            expect(page.get_by_test_id("initiative")).to_have_text("Initiative: Aldric attacks first.")
            self.roll_all("Aldric", "Goblin 5")
            self.resolve()
            expect(self.strip()).to_contain_text("Round 4, Aldric vs Goblin 5: miss.")
        with taps.step("bow shot 4"):
            expect(page.get_by_test_id("suggested")).to_have_text("Next: Brenna vs Goblin 5")
            self.roll_all("Brenna")
            self.resolve()
        with taps.step("group round 4"):
            taps.select(self.mode(), label="Several foes on Brenna (F95 4.34)")
            self.roll_all("Brenna")
            self.resolve()
            expect(self.strip()).to_contain_text(
                "Round 4, Brenna against Goblin 5, Goblin 6, Goblin 7: Brenna gets Mediocre; no one is hurt.")
        with taps.step("end of battle"):  # the three goblins standing flee
            expect(page.get_by_test_id("round-over")).to_be_visible()
            before = page.evaluate("scrollY")
            taps.click(self.bar().get_by_role("button", name="End of battle"))
            self.scrolls.append(abs(page.evaluate("scrollY") - before))
            idle(page)
            expect(page.get_by_test_id("heading")).to_have_text("The battle is over")
            # F95 4.8: Scratches vanish after the battle; Brenna's Hurt stays.
            expect(self.strip().locator("li")).to_have_text(["Aldric: Very Hurt −2 → Undamaged",
                                                             "Brenna: still Hurt −1"])
        with taps.step("healing"):  # a healer's Good result, from Brenna's card
            row = page.get_by_test_id("roster").locator(".row-btn").filter(has=page.get_by_text("Brenna", exact=True))
            taps.click(row)
            card = page.locator("article.fighter").filter(has=page.get_by_role("heading", name="Brenna", exact=True))
            taps.click(card.get_by_role("button", name="Heal", exact=True))
            taps.select(card.get_by_label("Healer's result"), label="Good (+1)")
            taps.click(card.get_by_role("button", name="Heal Brenna"))
            idle(page)
            expect(card.get_by_test_id("healed")).to_have_text("Brenna: Hurt → healed, by a Good healer's result.")
            expect(card.get_by_test_id("status")).to_have_text("Undamaged")
