"""Errors of pyfudge: one root, each naming the field at fault and a message a player understands."""

from __future__ import annotations


class FudgeError(ValueError):
    """Root of every error pyfudge raises on bad input.

    ``field`` names the input at fault (a dotted path such as ``"args.faces"``), so a form
    can point at it; ``message`` is written for a player, not a programmer.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        # What a refused round event wants entered (pyfudge.encounter.round_view.asks), for the round form.
        self.asks: dict | None = None

    def at(self, prefix: str) -> FudgeError:
        """Return this error with ``prefix`` put before its field (``args`` + ``faces``)."""
        self.field = f"{prefix}.{self.field}" if self.field else prefix
        return self

    def to_dict(self) -> dict:
        out: dict[str, object] = {"type": type(self).__name__, "message": self.message, "field": self.field}
        if self.asks:
            out["asks"] = self.asks
        return out


class LadderError(FudgeError):
    """A trait level or rolled degree that is not on the ladder, or cannot be read."""


class DiceError(FudgeError):
    """Dice faces of the wrong kind or count, or an unknown dice technique."""


class OptionError(FudgeError):
    """An unknown ruleset option, a value of the wrong kind, or a malformed table."""


class RuleError(FudgeError):
    """A request the rules do not allow (e.g. an attack by a fighter who is out)."""


class RequestError(FudgeError):
    """A malformed request to the JSON door: not JSON, unknown action, missing argument."""


class SheetError(RequestError):
    """A fighter's sheet that cannot be read: a missing name, a skill level off the ladder, a
    weapon with an unknown field… (a bad sheet, not a rule refusing a sound one)."""
