"""How many rows of each kind a client may fill the database with: counted here, so what
a creation stored is known in its own transaction (``web/budgets.py`` charges it)."""

from __future__ import annotations

from sqlite_utils import Database

COUNTED = ("sessions", "players", "schemes", "notes")
"""The rows a creation adds that a client is charged for: sessions (an event's table
sessions each), roster players (new names join the roster by a trigger), house schemes, notes (one
a session or hand: an edit of a note adds none)."""


def totals(db: Database) -> dict[str, int]:
    """The number of rows of each counted kind (inside the caller's transaction)."""
    return {kind: int(db.execute(f"SELECT count(*) FROM {kind}").fetchone()[0]) for kind in COUNTED}
