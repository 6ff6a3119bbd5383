"""Ending a session, and what a watcher's poll asks: the version and whether it ended.

The end goes through the one write path of ``rows``: the write lock, the version guard
and the history; after it every change to the session's entries is refused.
"""

from __future__ import annotations

from sqlite_utils import Database

from barbu_scorer.scoring.messages import msg
from barbu_scorer.store.rows import Conflict, bump, log, writing


def live_state(db: Database, session_id: str) -> tuple[int, int | None] | None:
    """The session's version and the entry it ended after (None while it goes on); None
    when there is no such session."""
    row = db.execute(
        "SELECT version, ended_after FROM sessions WHERE id = ?", [session_id]
    ).fetchone()
    return None if row is None else (int(row[0]), row[1])


def end_session(db: Database, session_id: str, who: str, version: int | None) -> int:
    """End the session after its last recorded entry; that entry's number (0: none)."""
    with writing(db):
        state = live_state(db, session_id)
        if state is None:
            raise KeyError(session_id)
        if state[1] is not None:
            raise Conflict(msg("this session has already ended"))
        (recorded,) = db.execute(
            "SELECT count(*) FROM hands WHERE session_id = ?", [session_id]
        ).fetchone()
        db.execute("UPDATE sessions SET ended_after = ? WHERE id = ?", [recorded, session_id])
        bump(db, session_id, version)
        log(db, session_id, who, "end", int(recorded), None, None)
    return int(recorded)


def mark_ended(db: Database, session_id: str, after: int, who: str) -> None:
    """Record a new session (an import) as ended after entry ``after``, in its history."""
    with writing(db):
        db.execute("UPDATE sessions SET ended_after = ? WHERE id = ?", [after, session_id])
        log(db, session_id, who, "end", after, None, None)
