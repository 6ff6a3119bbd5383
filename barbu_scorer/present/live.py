"""What the table's shared pages say about a session's life: whether it ended, and when."""

from __future__ import annotations


def ended_line(after: int | None, noun: str) -> str | None:
    """ "Ended after hand 12" ("before the first hand" when none was recorded); None while
    the session goes on."""
    if after is None:
        return None
    if after == 0:
        return f"Ended before the first {noun}"
    return f"Ended after {noun} {after}"
