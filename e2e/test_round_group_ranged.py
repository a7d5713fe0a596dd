"""More of a round: several foes on one fighter (one roll against each, or the GM's one
roll for the group, F95 4.34), ranged fire (F95 4.4), story elements (F95 4.21) and PC-vs-NPC
mode (F95 4.33). Each result equals what the engine's door gives for the same inputs, and undo
and reload keep it. Desktop and Pixel 7, axe on each state of the form."""

from __future__ import annotations

import re

from conftest import (
    add_fighter,
    card,
    enter_faces,
    idle,
    new_encounter,
    open_declarations,
    pick_total,
    resolve,
    set_option,
    show_faces,
)
from playwright.sync_api import expect

HERO = {"name": "Hero", "role": "pc", "skills": {"Sword": "Good"}}
ORC = {"name": "Orc", "role": "npc", "skills": {"Club": "Fair"}, "strength": "Great"}
GOB = {"name": "Gob", "role": "npc", "skills": {"Spear": "Mediocre"}}


def stored_last(page, eid):
    return page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:view:{eid}')).data.view.last")


def door(page, action, args):
    """The engine's JSON door, asked from the page like the app asks it."""
    answer = page.evaluate("""async ([action, args]) => {
        const { Engine } = await import("./js/engine/engine.js");
        return new Engine().request(action, args);
    }""", [action, args])
    assert answer["ok"], answer
    return answer["result"]


def shot(page, name):
    page.locator("section.round-form").screenshot(path=f"/tmp/round-{name}-{page.viewport_size['width']}.png")


def test_several_foes_on_one_fighter(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Group", preset="fudge1995")
    for f in (HERO, ORC, GOB):
        add_fighter(page, f)
    expect(card(page, "Orc").locator(".meta")).to_contain_text("Foes' side")  # the engine's label
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Hero (F95 4.34)")
    expect(page.get_by_label("Lone fighter", exact=True)).to_have_value("c1")
    expect(page.get_by_role("checkbox", name="Orc", exact=True)).to_be_checked()  # the other side, ticked
    expect(page.get_by_role("checkbox", name="Gob", exact=True)).to_be_checked()
    for name in ("Hero", "Orc", "Gob"):
        expect(page.get_by_role("group", name=f"{name}'s dice")).to_be_visible()
    axe_check(page, "round form: several foes")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, "group")

    # One roll against each: both foes beat him, two wounds in one round (F95 4.34).
    enter_faces(page, "Hero", [-1, -1, 0, 0])
    enter_faces(page, "Orc", [1, 1, 1, 0])
    enter_faces(page, "Gob", [1, 1, 1, 1])
    resolve(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Round 1, Hero against Orc, Gob:")
    expect(page.locator(".steps li").filter(has_text="F95 4.34")).not_to_have_count(0)
    hurt = "Incapacitated"
    expect(card(page, "Hero").get_by_test_id("status")).to_have_text(hurt)
    last = stored_last(page, eid)
    assert last["group"] == door(page, "group", {"ruleset": {"preset": "fudge1995"}, "round": last["round"]})
    assert len(last["outcome"]["blows"]) == 2

    # Reload: exactly as it was; undo takes the wounds back.
    page.reload()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Hero against Orc, Gob")
    expect(card(page, "Hero").get_by_test_id("status")).to_have_text(hurt)
    page.get_by_role("button", name="Undo", exact=True).click()
    idle(page)
    expect(card(page, "Hero").get_by_test_id("status")).to_have_text("Undamaged")

    # The GM's one roll for the group: 2dF in Fudge 1995; the Hero strikes Gob.
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Hero (F95 4.34)")
    page.get_by_label(re.compile("The GM rolls once")).check()
    gm = page.get_by_role("group", name="GM's group roll")
    show_faces(gm)
    expect(gm.locator(".die-toggle")).to_have_count(2)
    expect(page.get_by_role("group", name="Orc's dice")).to_have_count(0)
    axe_check(page, "round form: the GM's group roll")
    page.get_by_label("ignored (F95 4.34)").first.check()  # the Orc, unopposed
    page.get_by_label("The lone fighter strikes", exact=True).select_option(label="Gob")
    enter_faces(page, "Hero", [1, 1, 1, 0])
    for i, face in enumerate(["minus", "blank"]):
        gm.get_by_role("button", name=re.compile(f"^Die {i + 1}: {face},")).click()
    resolve(page)
    last = stored_last(page, eid)
    assert last["round"]["npc_roll"] == "group" and last["round"]["group_roll"] == {"faces": [-1, 0]}
    assert [f["ignored"] for f in last["round"]["foes"]] == [True, False]
    assert last["group"] == door(page, "group", {"ruleset": {"preset": "fudge1995"}, "round": last["round"]})
    expect(card(page, "Gob").get_by_test_id("status")).to_have_text("Very Hurt −2")
    # The ignored Orc attacks unopposed (against Poor in Fudge 1995) and hits him too.
    expect(page.get_by_test_id("last-text")).to_have_text(
        "Round 1, Hero against Orc, Gob: Hero gets Superb; Hero Hurt, Gob Very Hurt.")
    shot(page, "group-result")
    # The smallest phone the app is made for: no sideways scroll with the group form open.
    page.set_viewport_size({"width": 360, "height": 640})
    page.get_by_label("What happens", exact=True).select_option(label="Several foes on Hero (F95 4.34)")
    page.get_by_label(re.compile("The GM rolls once")).check()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # He beats both foes: the player chooses whom he wounds, once the dice are known (F95 4.34).
    # Resolve without a choice says so and logs nothing; with the choice, the blow lands there.
    page.get_by_label("ignored (F95 4.34)").first.uncheck()
    page.get_by_label("The lone fighter strikes", exact=True).select_option(value="")
    enter_faces(page, "Hero", [1, 1, 1, 1])
    gm = page.get_by_role("group", name="GM's group roll")
    show_faces(gm)
    for i in range(2):
        gm.get_by_role("button", name=re.compile(f"^Die {i + 1}: minus,")).click()
    lines = page.get_by_test_id("log").locator("li").count()
    page.get_by_role("button", name="Resolve").click()
    idle(page)
    expect(page.locator("#round .error")).to_contain_text("Hero may wound Orc, Gob: choose the foe struck")
    expect(page.get_by_test_id("log").locator("li")).to_have_count(lines)
    page.get_by_label("The lone fighter strikes", exact=True).select_option(label="Orc")
    resolve(page)
    assert stored_last(page, eid)["round"]["targets"] == ["Orc"]
    expect(card(page, "Orc").get_by_test_id("status")).to_have_text("Very Hurt −2")


def test_ranged_fire(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Ranged", preset="fudge1995")
    add_fighter(page, {"name": "Archer", "role": "npc", "skills": {"Bow": "Good"}})
    add_fighter(page, HERO)
    page.get_by_label("What happens", exact=True).select_option("ranged")
    expect(page.get_by_label("Shooter", exact=True)).to_have_value("c1")
    expect(page.get_by_label("Target", exact=True)).to_have_value("c2")
    expect(page.get_by_label("The target", exact=True)).to_have_value("aware")
    expect(page.get_by_label("Ranged weapon", exact=True)).to_have_value("propelled")
    axe_check(page, "round form: ranged fire")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, "ranged")

    enter_faces(page, "Archer", [1, 1, 1, 0])
    enter_faces(page, "Hero", [-1, 0, 0, 0])
    resolve(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Archer shoots at Hero: Archer hits")
    expect(page.locator(".steps li").filter(has_text="propelled")).not_to_have_count(0)
    expect(card(page, "Hero").get_by_test_id("status")).to_have_text("Very Hurt −2")
    last = stored_last(page, eid)
    assert last["ranged"] == door(page, "ranged", {"ruleset": {"preset": "fudge1995"}, "attack": last["attack"]})

    # Unaware target: no dice for him; a thrown weapon against a Good difficulty, a total entered.
    page.get_by_label("What happens", exact=True).select_option("ranged")
    # The form moved on to the next who has not acted (the Hero): the Archer shoots again.
    expect(page.get_by_label("Shooter", exact=True)).to_have_value("c2")
    page.get_by_label("Shooter", exact=True).select_option(label="Archer")
    page.get_by_label("The target", exact=True).select_option("unaware")
    page.get_by_label("Ranged weapon", exact=True).select_option("thrown")
    page.get_by_label("Difficulty to hit", exact=True).select_option("2")
    expect(page.get_by_role("group", name="Hero's dice")).to_have_count(0)
    pick_total(page, "Archer", 0)
    resolve(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Archer misses")
    last = stored_last(page, eid)
    assert last["attack"]["mode"] == "unaware" and last["attack"]["weapon"] == "thrown"
    assert last["ranged"] == door(page, "ranged", {"ruleset": {"preset": "fudge1995"}, "attack": last["attack"]})
    page.reload()
    idle(page)
    expect(page.get_by_test_id("last-text")).to_contain_text("Archer misses")


def test_story_elements_and_pc_vs_npc(open_context, site, screen, axe_check):
    page = open_context(**screen).new_page()
    eid = new_encounter(page, site, "Story", preset="fudge1995")
    add_fighter(page, HERO)
    add_fighter(page, ORC)
    set_option(page, "melee.pacing", "story")
    idle(page)
    expect(page.get_by_label("What happens", exact=True)).to_have_value("story")
    expect(page.locator("#ex-form option[value=exchange]")).to_have_count(0)
    page.get_by_role("checkbox", name=re.compile("^Three rolls")).check()
    for i in (1, 2, 3):
        expect(page.get_by_role("group", name=f"Hero's roll {i}")).to_be_visible()
    axe_check(page, "round form: story element")
    shot(page, "story")
    second = page.get_by_role("group", name="Hero's roll 2")
    show_faces(second)
    second.get_by_role("button", name="Roll for Hero (roll 2) alone").click()
    expect(second.locator(".die-toggle button[aria-pressed=true]")).to_have_count(4)
    for i, total in enumerate(["+1", "\u22121", "0"]):  # a total picked wins over rolled faces
        page.get_by_role("group", name=f"Hero's roll {i + 1}") \
            .locator("label", has_text=re.compile(f"^{re.escape(total)}$")).click()
    resolve(page)
    expect(page.get_by_test_id("last-text")).to_have_text("Round 1, story element: Hero gets Good.")
    last = stored_last(page, eid)
    # The second roll's faces stand when they already sum to the total picked (its radio was
    # checked): either way the roll reads −1.
    rolls = page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:enc:{eid}')).data.log.at(-1).rolls")
    assert [r.get("total", sum(r.get("faces") or [0])) for r in rolls] == [1, -1, 0]
    want = door(page, "action", {"ruleset": {"preset": "fudge1995", "options": {"melee.pacing": "story"}},
                                 "kind": "story", "check": {"trait": 1}, "rolls": rolls})
    assert last["outcome"] == want

    # PC-vs-NPC mode (F95 4.33): the Orc scores her trait level, the form asks no dice of her.
    set_option(page, "melee.pacing", "simultaneous")
    set_option(page, "melee.npc_fixed", True)
    idle(page)
    expect(page.get_by_label("What happens", exact=True)).to_have_value("exchange")
    # The Hero acted this round (his story element): the form offers the Orc first; pick the Hero.
    page.get_by_label("Fighter", exact=True).select_option(label="Hero")
    expect(page.get_by_role("group", name="Orc's dice")).to_have_count(0)
    expect(page.locator("form.exchange")).to_contain_text("Orc scores her trait level")
    axe_check(page, "round form: PC vs NPC")
    # Declarations: an aimed blow at the arm (F95 4.35: the GM's relative degree) and a pulled punch.
    open_declarations(page)
    page.get_by_text("Declare for Hero").click()
    page.locator("#decl-a-aim").fill("arm")
    page.locator("#decl-a-aim_relative").fill("1")
    page.locator("#decl-a-max_level").select_option(label="Hurt")
    axe_check(page, "round form: declarations")
    enter_faces(page, "Hero", [1, 1, 0, 0])
    resolve(page)
    expect(page.locator(".steps li").filter(has_text="F95 4.33")).not_to_have_count(0)
    event = page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:enc:{eid}')).data.log.at(-1)")
    assert "b_dice" not in event and event["a_dice"] == {"roll": {"faces": [1, 1, 0, 0]}}
    assert event["a_declares"] == {"aim": "arm", "aim_relative": 1, "max_level": 2}
    expect(page.locator(".steps li").filter(has_text="F95 4.35")).not_to_have_count(0)


def test_a_fighter_with_several_skills_declares_the_one_he_uses(open_context, site, screen, axe_check):
    from pyfudge.door import codec

    # The sheet form enters one skill; an encounter from a link may carry several.
    data = {"name": "Skills", "ruleset": {"preset": "fudge1995"}, "log": [
        {"t": "add", "fighter": {"name": "Hero", "role": "pc", "skills": {"Sword": "Good", "Axe": "Great"}}},
        {"t": "add", "fighter": ORC}]}
    page = open_context(**screen).new_page()
    page.goto(site.url + "#/s/" + codec.encode_link(codec.wrap("encounter", data)))
    page.wait_for_url(re.compile(r"#/e/e[0-9a-f]+$"))
    idle(page)
    eid = page.url.rsplit("/", 1)[1]
    open_declarations(page)
    page.get_by_text("Declare for Hero").click()
    skill = page.locator("#decl-a-skill")
    expect(skill.locator("option")).to_have_text(["Sword", "Axe"])
    skill.select_option("Axe")
    axe_check(page, "round form: the skill used")
    enter_faces(page, "Hero", [0, 0, 0, 0])
    enter_faces(page, "Orc", [0, 0, 0, 0])
    resolve(page)
    event = page.evaluate(f"JSON.parse(localStorage.getItem('pyfudge:enc:{eid}')).data.log.at(-1)")
    assert event["a_declares"] == {"skill": "Axe"}
    expect(page.locator(".steps li").filter(has_text="Hero: Axe Great")).to_have_count(1)


def test_the_preview_slot_gets_exactly_the_event_resolve_sends(open_context, site):
    """The odds panel's slot: RoundPanel's `preview(draft)` sees the event Resolve sends."""
    page = open_context().new_page()
    page.goto(site.url + "#/")
    page.wait_for_selector("html[data-engine=ready]")
    seen = page.evaluate("""async () => {
        const { Engine } = await import("./js/engine/engine.js");
        const { html, render } = await import("./vendor/preact-htm.mjs");
        const { RoundPanel } = await import("./js/parts/round-panel.js");
        const engine = new Engine();
        const describe = (await engine.request("describe")).result;
        let view = (await engine.request("encounter.new", { id: "preview" })).result.view;
        for (const fighter of [{ name: "Hero", skills: { Sword: 1 } },
                               { name: "Orc", role: "npc", skills: { Club: 0 } },
                               { name: "Gob", role: "npc", skills: { Spear: -1 } }]) {
          const rev = view.events;
          const event = { t: "add", fighter };
          view = (await engine.request("encounter.apply", { id: "preview", rev, event })).result.view;
        }
        const drafts = [], sent = [];
        const host = document.createElement("div");
        document.body.append(host);
        render(html`<${RoundPanel} view=${view} describe=${describe} engine=${engine}
          session=${{ id: "preview", pending: 0, subscribe: () => () => {} }}
          apply=${async (e) => { sent.push(e); return { ok: true }; }}
          preview=${(d) => { drafts.push(d); return html`<p id="preview-probe">${d.t}</p>`; }} />`, host);
        const tick = () => new Promise((r) => setTimeout(r, 50));
        await tick();
        const form = host.querySelector("#ex-form");
        form.value = "group:c1";  // several foes on Hero, offered by name: two foes on him
        form.dispatchEvent(new Event("change"));
        await tick();
        host.querySelector("#gm-roll").click();
        await tick();
        for (const id of ["total-a-1", "total-gm--1"]) {  // the total pickers' radios: +1, −1
          host.querySelector(`#${id}`).click();
          await tick();
        }
        const draft = drafts.at(-1);  // what the slot shows as Resolve is pressed
        const probe = host.querySelector("#preview-probe")?.textContent;
        host.querySelector("button[type=submit]").click();
        await tick();
        return { draft, sent, probe };
    }""")
    assert seen["sent"] == [seen["draft"]]
    assert seen["draft"] == {"t": "group", "lone": "c1", "foes": ["c2", "c3"],
                             "lone_dice": {"roll": {"total": 1}}, "group_roll": {"total": -1}}
    assert seen["probe"] == "group"
