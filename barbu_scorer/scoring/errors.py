"""The one error type every rule violation raises."""

from __future__ import annotations

from barbu_scorer.scoring.messages import Message, msg
from barbu_scorer.scoring.units import HAND, Unit


class ScoringError(ValueError):
    """A rule was broken; the message is one a scorer can act on.

    ``message`` is a :class:`Message` (a message id and its parameters, rendered in the
    reader's language) or plain text. ``hand`` is the 1-based hand (or deal) number when
    the error belongs to one; ``unit`` is what the game calls it in ``str()``: ``HAND``
    (Barbu) or ``DEAL`` (Barbu Bridge), from ``scoring.units``. ``str(error)`` is English
    unless a language is active (:func:`barbu_scorer.scoring.messages.speaking`).
    """

    def __init__(
        self, message: str | Message, hand: int | None = None, *, unit: Unit = HAND
    ) -> None:
        self.text = message if isinstance(message, Message) else Message(message)
        super().__init__(self.text.msgid)
        self.hand = hand
        self.unit = unit

    @property
    def message(self) -> str:
        """The message alone, in the active language."""
        return self.text.render()

    def full(self) -> Message:
        """The whole message, its hand or deal included, as a Message."""
        if self.hand is None:
            return self.text
        return self.unit.about(self.hand, self.text)

    def __str__(self) -> str:
        return self.full().render()

    def at(self, hand: int) -> ScoringError:
        """The same error, attributed to a hand (keeps an existing attribution and the unit)."""
        if self.hand is not None:
            return self
        return ScoringError(self.text, hand, unit=self.unit)


def refused(msgid: str, /, **params: object) -> ScoringError:
    """``ScoringError(msg(msgid, **params))``: a refusal with a translatable message."""
    return ScoringError(msg(msgid, **params))
