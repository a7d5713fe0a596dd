"""What Undo names after fighters join: one or two by the log's own words, three or more as the
first … the last (a row of twenty names would not fit the button)."""

import pytest

from pyfudge.encounter import view as encounter_view
from pyfudge.encounter.log import Encounter
from pyfudge.rulesets import new_ruleset

ORC = {"name": "Orc", "role": "npc", "skills": {"Sword": "Fair"}}


@pytest.mark.parametrize(("count", "label"), [
    (1, "Orc joins the fight"),
    (2, "Orc 1 and Orc 2 join the fight"),
    (3, "Orc 1 … Orc 3 join the fight"),
])
def test_undo_names_the_fighters_an_add_brought_in(count, label):
    enc = Encounter(ruleset=new_ruleset("fudge1995", {}))
    enc.apply({"t": "add", "fighter": ORC, "count": count})
    assert encounter_view.view(enc)["undo_label"] == label
