"""What the table's shared pages say about a session's life: whether it ended, and when."""

from __future__ import annotations

from barbu_scorer.scoring.units import HAND, Unit


def ended_line(after: int | None, unit: Unit = HAND) -> str | None:
    """ "Ended after hand 12" ("before the first hand" when none was recorded), in the
    game's words (its ``unit``); None while the session goes on."""
    return None if after is None else unit.ended(after).render()
