"""What the table's shared pages say about a session's life: whether it ended, and when."""

from __future__ import annotations

from barbu_scorer.scoring.messages import say


def ended_line(after: int | None, noun: str) -> str | None:
    """ "Ended after hand 12" ("before the first hand" when none was recorded); None while
    the session goes on."""
    if after is None:
        return None
    if noun == "deal":
        if after == 0:
            return say("Ended before the first deal")
        return say("Ended after deal %(n)s", n=after)
    if after == 0:
        return say("Ended before the first hand")
    return say("Ended after hand %(n)s", n=after)
