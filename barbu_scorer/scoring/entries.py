"""Which of a session's entries (Barbu hands, Barbu Bridge deals) a scorer may open,
whatever the game."""

from __future__ import annotations


def editable(number: int, recorded: int, total: int) -> bool:
    """Whether entry ``number`` (1-based) may be opened to edit: one already recorded, or
    the next to come while the session has room for it; never one past a gap."""
    return 1 <= number <= min(recorded + 1, total)
