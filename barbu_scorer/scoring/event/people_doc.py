"""The event document's history of people changing (``changes``): each line read back,
checked (its action, round, names among the event's players, bounded texts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.movement import ROUNDS

ACTIONS = ("arrive", "leave", "substitute")
MAX_CHANGES = 200
MAX_TEXT = 40


def _text(value: Any, optional: bool = False) -> bool:
    return (optional and value is None) or (isinstance(value, str) and 0 < len(value) <= MAX_TEXT)


def read_changes(value: Any, players: Sequence[str]) -> tuple[Mapping[str, Any], ...]:
    """The ``changes`` list of an event document, each line checked whole."""
    if not isinstance(value, list) or len(value) > MAX_CHANGES:
        raise refused("changes: a list of at most %(most)s", most=MAX_CHANGES)
    out = []
    for n, line in enumerate(value, 1):
        fine = (
            isinstance(line, Mapping)
            and set(line) == {"at", "who", "action", "round", "player", "other"}
            and line["action"] in ACTIONS
            and isinstance(line["round"], int)
            and not isinstance(line["round"], bool)
            and 2 <= line["round"] <= ROUNDS
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
        out.append({k: line[k] for k in ("at", "who", "action", "round", "player", "other")})
    return tuple(out)
