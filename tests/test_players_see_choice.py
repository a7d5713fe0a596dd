"""The GM's choice of what players see of an NPC (``see``): some of skills, weapons, wounds,
each once, in that order; anything else is refused with a message naming the parts."""

import pytest

from pyfudge.core.errors import RequestError
from pyfudge.encounter import players_see


def test_the_choice_is_kept_in_the_parts_order():
    assert players_see.check_see(["wounds", "skills"]) == ("skills", "wounds")
    assert players_see.check_see([]) == ()


@pytest.mark.parametrize("bad", [["skills", "skills"], ["armour"], [1], "skills", None])
def test_a_bad_choice_is_refused_naming_the_parts_it_may_list(bad):
    with pytest.raises(RequestError) as err:
        players_see.check_see(bad)
    assert err.value.message == "see must list some of skills, weapons, wounds, each once."
    assert err.value.field == "see"
    with pytest.raises(RequestError) as err:
        players_see.check_see(bad, field="event.see")
    assert err.value.field == "event.see" and err.value.message.startswith("event.see must list")
