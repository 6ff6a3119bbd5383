"""The one error type every rule violation raises."""

from __future__ import annotations


class ScoringError(ValueError):
    """A rule was broken; the message is one a scorer can act on.

    ``hand`` is the 1-based hand (or deal) number when the error belongs to one; ``unit``
    is what the game calls it in ``str()``: "hand" (Barbu) or "deal" (Barbu Bridge).
    """

    def __init__(self, message: str, hand: int | None = None, *, unit: str = "hand") -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.unit = unit

    def __str__(self) -> str:
        if self.hand is None:
            return self.message
        return f"{self.unit} {self.hand}: {self.message}"

    def at(self, hand: int) -> ScoringError:
        """The same error, attributed to a hand (keeps an existing attribution and the unit)."""
        if self.hand is not None:
            return self
        return ScoringError(self.message, hand, unit=self.unit)
