"""Initiative (F95 4.23) and the Speed Power's free rounds (F95 4.36): what each side brings to
the roll stays that side's, whoever the surprise favours, and a round is a whole number."""

from __future__ import annotations

import pytest

from pyfudge.combat import initiative
from pyfudge.core.errors import FudgeError
from pyfudge.rules.actions import Modifier

REFLEXES = Modifier("Combat Reflexes", 1, "F95 4.23")
HASTY = Modifier("Hasty attack", 1, "F95 4.23")


def test_a_surprise_keeps_each_sides_own_modifiers():
    """F95 4.23: "Surprise may ... give automatic initiative"; the roll's modifiers still belong to
    the side that brought them (Combat Reflexes to a, the hasty attack to b)."""
    ini = initiative.decide_initiative(0, 0, 0, 0, a_modifiers=(REFLEXES,), b_modifiers=(HASTY, HASTY), surprise="b")
    assert ini.first == "b"
    assert (ini.a_modifiers, ini.b_modifiers) == ((REFLEXES,), (HASTY, HASTY))
    assert (ini.a_result, ini.b_result) == (1, 2)


@pytest.mark.parametrize("bad", [True, 0, -1, 1.0, "2"])
def test_a_speed_power_round_is_a_whole_number_from_one(bad):
    """F95 4.36 counts rounds 1, 2, 3…: True is no round, though Python counts it as 1."""
    with pytest.raises(FudgeError, match="round must be a whole number from 1") as err:
        initiative.speed_power_free_round(bad)
    assert err.value.field == "round"
