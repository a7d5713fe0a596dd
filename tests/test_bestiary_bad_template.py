"""A template that is no valid fighter sheet (an edit gone wrong) is refused naming the
template, so the bestiary never reaches the app half-read."""

import pytest

from pyfudge.core.errors import FudgeError
from pyfudge.encounter import bestiary


def test_a_template_that_is_no_sheet_is_refused_by_its_key(monkeypatch: pytest.MonkeyPatch):
    broken = ("troll", {"name": "Troll", "role": "npc", "skills": {"Club": 99}}, "foes", "house", True)
    monkeypatch.setattr(bestiary, "_TEMPLATES", (*bestiary._TEMPLATES, broken))
    with pytest.raises(FudgeError) as err:
        bestiary.templates()
    assert err.value.field is not None and err.value.field.startswith("bestiary.troll")
