"""What a write refuses before any rule: a conflict with what is stored (HTTP 409), a
stale version (HTTP 412). Their messages are :class:`Message` values, said in the
reader's language (``str(error)`` renders in the active one)."""

from __future__ import annotations

from typing import Any

from barbu_scorer.scoring.messages import Message, Text, msg
from barbu_scorer.scoring.units import Unit


class Conflict(Exception):
    """A write that would overwrite or duplicate someone else's (HTTP 409).

    ``hand`` is the number the write was for, when it names one.
    """

    def __init__(self, message: Text, hand: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand


class Stale(Exception):
    """A write based on an out-of-date version of the session (HTTP 412)."""


STALE = msg("the session has changed since this page was loaded")


def conflict(unit: Unit, text: str, number: int | None = None, **params: Any) -> Conflict:
    """A Conflict naming a game's entry (its unit's noun) in the reader's language."""
    return Conflict(Message(text, {"noun": unit.name(), **params}), number)
