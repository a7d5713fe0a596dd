"""Steps of an explanation: every resolution says what happened and why, with its rulebook section."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One step of a resolution.

    ``section`` cites the rule (``"F95 4.55"``, ``"MUD 4.56"``, ``"CO 1.3"``); ``text`` reads as a
    sentence for the table; ``data`` holds the numbers behind it for the UI and the tests.
    """

    section: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"section": self.section, "text": self.text, "data": dict(self.data)}
