"""The scorer's page's beat: one row a session (when it was last seen, how many hands its
outbox held), overwritten by each beat. Not a change to the session: no history entry, no
version, so nothing a watcher's tag is made of moves."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from barbu_scorer.scoring.event.pace import Beat
from barbu_scorer.store.rows import writing

SAME_WITHIN = timedelta(seconds=10)
"""Beats closer than this that say the same count write nothing (a page reloaded often)."""


def record_beat(db: Database, session_id: str, pending: int) -> bool:
    """Keep the page's beat: now, and the hands waiting in its outbox (checked by the
    caller against ``scoring.event.pace.MAX_PENDING``). Only an event's table keeps one
    (False for any other session); a beat that repeats the count within ``SAME_WITHIN``
    of the last writes nothing."""
    moment = datetime.now(UTC)
    since = (moment - SAME_WITHIN).isoformat(timespec="seconds")
    with writing(db):
        if db.execute("SELECT 1 FROM event_tables WHERE session_id = ?", [session_id]).fetchone():
            db.execute(
                """INSERT INTO table_beats (session_id, at, pending) VALUES (?, ?, ?)
                   ON CONFLICT (session_id) DO UPDATE SET at = excluded.at,
                          pending = excluded.pending
                    WHERE table_beats.pending != excluded.pending OR table_beats.at < ?""",
                [session_id, moment.isoformat(timespec="seconds"), pending, since],
            )
            return True
    return False


def event_beats(db: Database, event_id: str) -> dict[str, Beat]:
    """The last beat of each table of an event that sent one."""
    rows = db.execute(
        """SELECT b.session_id, b.at, b.pending FROM table_beats b
             JOIN event_tables t ON t.session_id = b.session_id WHERE t.event_id = ?""",
        [event_id],
    ).fetchall()
    return {sid: Beat(datetime.fromisoformat(at), pending) for sid, at, pending in rows}


def is_event_table(db: Database, session_id: str) -> bool:
    """Whether the session is a club night's table (its scorer's pages beat)."""
    found = db.execute("SELECT 1 FROM event_tables WHERE session_id = ?", [session_id])
    return found.fetchone() is not None
