"""What a write refuses before any rule: a conflict with what is stored (HTTP 409), a
stale version (HTTP 412). Their messages are :class:`Message` values, said in the
reader's language (``str(error)`` renders in the active one)."""

from __future__ import annotations

from typing import Any

from barbu_scorer.scoring.messages import N_, Message, Text, msg


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
NOUNS = (N_("hand"), N_("deal"))  # a game's noun, said in the reader's language


def conflict(noun: str, text: str, number: int | None = None, **params: Any) -> Conflict:
    """A Conflict naming a game's noun ("hand", "deal") in the reader's language."""
    return Conflict(Message(text, {"noun": Message(noun), **params}), number)
