"""The words a table reads aloud: fighters by name or "they", one spelling of armor (the books'),
every step saying whose result it is, and the header saying when the battle is over (issue 32)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pyfudge.combat.melee import Side, decide_attack, decide_round
from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.encounter.players import payload, read
from pyfudge.encounter.players_account import players_view
from pyfudge.encounter.round_view import change_line
from pyfudge.rulesets import new_ruleset

ROOT = Path(__file__).resolve().parents[1]
HE = re.compile(r"\b(he|him|his|himself)\b", re.IGNORECASE)
ALDRIC = {"name": "Aldric", "role": "pc", "skills": {"Sword": "Good"}, "weapon": {"name": "Sword", "size": 2}}
GOBLIN = {"name": "Goblin", "role": "npc", "skills": {"Spear": "Fair"}}


def shown_strings(path: Path) -> list[tuple[int, str]]:
    """The strings of a module that can reach a screen: every literal but docstrings."""
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def modules() -> list[Path]:
    return sorted((ROOT / "pyfudge").rglob("*.py"))


def test_no_line_the_app_shows_calls_a_fighter_he_or_him():
    found = [f"{p.relative_to(ROOT)}:{line}: {text[:80]!r}" for p in modules()
             for line, text in shown_strings(p) if HE.search(text)]
    assert not found, "\n".join(found)


def test_armor_is_spelled_as_the_books_spell_it_everywhere():
    sources = [*modules(), *sorted((ROOT / "site").rglob("*.js")), *sorted((ROOT / "site").glob("*.html")),
               *sorted((ROOT / "site").glob("*.webmanifest"))]
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sources if "vendor" not in p.parts and p.name != "main.js"
             for n, line in enumerate(p.read_text().splitlines(), 1) if "armour" in line.lower()]
    assert not found, found


def fight() -> Encounter:
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": ALDRIC})
    enc.apply({"t": "add", "fighter": GOBLIN})
    return enc


def exchange(enc: Encounter) -> None:
    enc.apply({"t": "exchange", "kind": "round", "a": "c1", "b": "c2",
               "a_dice": {"roll": {"total": 1}, "damage": [0]}, "b_dice": {"roll": {"total": 0}}})


def test_the_minimum_result_to_hit_says_whose_it_is():
    enc = fight()
    exchange(enc)
    texts = [s["text"] for s in enc.state.last["outcome"]["steps"] if "Minimum result" in s["text"]]
    assert texts == ["Minimum result for Aldric to hit Goblin: Poor (an equal-sized foe).",
                     "Minimum result for Goblin to hit Aldric: Poor (an equal-sized foe)."]


def test_after_the_end_of_battle_the_header_says_the_battle_is_over():
    enc = fight()
    exchange(enc)
    assert encounter_view.view(enc)["heading"] == "Round 1"
    enc.apply({"t": "end_battle"})
    assert encounter_view.view(enc)["heading"] == "The battle is over"
    enc.apply({"t": "heal", "id": "c1", "how": "natural", "weeks": 1})  # healing comes after the battle
    assert encounter_view.view(enc)["heading"] == "The battle is over"
    exchange(enc)  # a new fight begins
    assert encounter_view.view(enc)["heading"] == "Round 1"


def test_the_players_link_and_the_table_display_say_the_battle_is_over():
    enc = fight()
    enc.apply({"t": "end_battle"})
    assert read(payload(enc.state))["heading"] == "The battle is over"
    live = players_view(enc)
    assert live["heading"] == "The battle is over" and live["turn"]["text"] == "The battle is over."
    enc.apply({"t": "next_round"})
    assert read(payload(enc.state))["heading"] == "Round 2" and "over" not in payload(enc.state)


def test_the_result_strip_does_not_repeat_the_wound_a_fighter_ends_at():
    assert change_line("Goblin 1", ["Incapacitated"], "Undamaged", "Incapacitated") == (
        "Goblin 1: Undamaged → Incapacitated")
    assert change_line("Goblin 1", ["Hurt"], "Undamaged", "Hurt −1") == "Goblin 1: Undamaged → Hurt −1"
    # A wound that overflowed to a worse level, or a stun, is still named.
    assert change_line("Goblin 1", ["Hurt"], "Hurt −1", "Very Hurt −2") == "Goblin 1 took Hurt: Hurt −1 → Very Hurt −2"
    assert change_line("Goblin 1", ["stunned"], "Undamaged", "Undamaged, Stunned") == (
        "Goblin 1 took stunned: Undamaged → Undamaged, Stunned")


def test_the_results_compared_and_the_hit_say_whose():
    enc = fight()
    exchange(enc)
    texts = [s["text"] for s in enc.state.last["outcome"]["steps"]]
    assert "Aldric's Great against Goblin's Mediocre: relative degree +3." in texts
    assert "Aldric hits by +3." in texts


def test_an_attack_in_turn_says_whose_offence_and_defence_and_the_relative_degree():
    # F95 4.23: an alternating attack compares the attacker's offence with the defender's defence.
    verdict = decide_attack(2, 1, minimum=-3, rules=new_ruleset("fudge1995", {}), names=("Aldric", "Goblin"))
    assert [s.text for s in verdict.steps] == [
        "Aldric's offence Great against Goblin's defence Good: relative degree +1.", "Aldric hits by +1."]


def test_results_compared_name_whose_only_when_both_fighters_are_named():
    # F95 4.22 compares the two results; a side without a name is never "'s Fair".
    rules = new_ruleset("fudge1995", {})
    for a, b in ((Side(1, name="Aldric"), Side(0)), (Side(1), Side(0, name="Goblin"))):
        assert decide_round(a, b, rules=rules).steps[0].text == "Results Good against Fair: relative degree +1."
    named = decide_round(Side(0, name="Aldric"), Side(1, name="Goblin"), rules=rules)
    assert [s.text for s in named.steps] == ["Aldric's Fair against Goblin's Good: relative degree -1.",
                                             "Goblin hits by +1."]
