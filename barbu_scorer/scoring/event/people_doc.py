"""The event document's history of people changing (``changes``): each line read back,
checked (its action, round, names among the event's players, bounded texts).

A line's ``hand`` (optional, null for a change from the next round) is the first hand of
the round's table the substitute played: a seat taken over at a table in play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.movement import ROUNDS

ACTIONS = ("arrive", "leave", "substitute")
MAX_CHANGES = 200
MAX_TEXT = 40
MAX_HAND = 200
"""A table's hands are at most a session's (``scoring/barbu``'s limits keep them fewer)."""
KEYS = ("at", "who", "action", "round", "player", "other", "hand")


def _text(value: Any, optional: bool = False) -> bool:
    return (optional and value is None) or (isinstance(value, str) and 0 < len(value) <= MAX_TEXT)


def _hand(line: Mapping[str, Any]) -> bool:
    """The line's ``hand``: null (from the round's start: round 2 on), or a substitute's
    first hand at a table in play (then any round, and a substitute only)."""
    hand = line.get("hand")
    if hand is None:
        return bool(line["round"] >= 2)
    return (
        isinstance(hand, int)
        and not isinstance(hand, bool)
        and 1 <= hand <= MAX_HAND
        and line["action"] == "substitute"
    )


def read_changes(value: Any, players: Sequence[str]) -> tuple[Mapping[str, Any], ...]:
    """The ``changes`` list of an event document, each line checked whole."""
    if not isinstance(value, list) or len(value) > MAX_CHANGES:
        raise refused("changes: a list of at most %(most)s", most=MAX_CHANGES)
    out = []
    for n, line in enumerate(value, 1):
        fine = (
            isinstance(line, Mapping)
            and set(line) in (set(KEYS), set(KEYS[:-1]))
            and line["action"] in ACTIONS
            and isinstance(line["round"], int)
            and not isinstance(line["round"], bool)
            and 1 <= line["round"] <= ROUNDS
            and _hand(line)
            and _text(line["at"])
            and _text(line["who"])
            and line["player"] in players
            and (
                line["other"] in players
                if line["action"] == "substitute"
                else line["other"] is None
            )
        )
        if not fine:
            raise refused("changes: line %(n)s is not a change of the event's players", n=n)
        out.append({k: line.get(k) for k in KEYS})
    return tuple(out)
