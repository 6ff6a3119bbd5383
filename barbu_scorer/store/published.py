"""Which club nights to publish: every event, or those changed since a moment (the event's
row, or any of its tables' sessions, written at or after it)."""

from __future__ import annotations

from sqlite_utils import Database


def event_ids(db: Database) -> list[str]:
    """Every stored event's id, the oldest night first."""
    rows = db.execute("SELECT id FROM events ORDER BY date, created, id").fetchall()
    return [str(r[0]) for r in rows]


def changed_since(db: Database, since: str) -> set[str]:
    """The events written at or after ``since`` (a stored time's ISO form, UTC: a day
    "2026-12-04" means from its first second): the event itself (its clock, method,
    people) or a hand of any of its tables."""
    rows = db.execute(
        """SELECT e.id FROM events e WHERE e.updated >= ?
           UNION
           SELECT t.event_id FROM event_tables t JOIN sessions s ON s.id = t.session_id
            WHERE s.updated >= ?""",
        [since, since],
    ).fetchall()
    return {str(r[0]) for r in rows}
