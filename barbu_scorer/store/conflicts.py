"""What a write refuses before any rule: a conflict with what is stored (HTTP 409), a
stale version (HTTP 412), a club night's hand its table confirmed (the director's to
change: ``refuse_confirmed``, its rows ``store/confirmations.py``'s). Their messages are
:class:`Message` values, said in the reader's language (``str(error)`` renders in the
active one)."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.event.checks import edit_refusal
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


def refuse_confirmed(db: Database, session_id: str, number: int, by_director: bool) -> None:
    """A Conflict when the table confirmed hand ``number`` and the change is not the
    director's (the write path calls it under its lock, before any change)."""
    if by_director:
        return
    found = db.execute(
        "SELECT number FROM hand_checks WHERE session_id = ? AND number = ?", [session_id, number]
    ).fetchall()
    why = edit_refusal(number, [int(r[0]) for r in found], by_director)
    if why is not None:
        raise Conflict(why, number)
