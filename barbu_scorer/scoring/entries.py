"""Which of a session's entries (Barbu hands, Barbu Bridge deals) a scorer may open,
whatever the game."""

from __future__ import annotations


def editable(number: int, recorded: int, total: int) -> bool:
    """Whether entry ``number`` (1-based) may be opened to edit: one already recorded, or
    the next to come while the session has room for it; never one past a gap."""
    return 1 <= number <= min(recorded + 1, total)


def ahead(recorded: int, total: int, per_block: int) -> range:
    """The entries after the next one a scorer may open before the next one is stored: the
    rest of the next entry's block (one declarer's), drawn from what is stored now, for a
    phone that may lose the server. Each is checked as any other when it is sent, in order."""
    following = recorded + 1
    block_end = -(-following // per_block) * per_block if per_block > 0 else following
    return range(following + 1, min(block_end, total) + 1)


def following(recorded: int, total: int, count: int) -> range:
    """The ``count`` entries after the next one (fewer at the session's end), for a game
    whose entries ahead are known whatever the next one holds (Barbu Bridge's dealers)."""
    return range(recorded + 2, min(recorded + 1 + count, total) + 1)
