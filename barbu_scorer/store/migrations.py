"""Schema steps, applied in order once each (recorded in ``_sqlite_migrations``)."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("barbu_scorer")


@migrations()
def m001_sessions(db: Database) -> None:
    """Sessions and their hands; the session keeps its own copy of the scheme."""
    db.table("sessions").create(
        {
            "id": str,
            "edit_key": str,
            "created": str,
            "updated": str,
            "format": str,
            "name": str,
            "players": str,
            "scheme_ref": str,
            "scheme": str,
            "first_declarer": int,
            "version": int,
        },
        pk="id",
    )
    db.table("hands").create(
        {"session_id": str, "number": int, "entry": str},
        pk=("session_id", "number"),
        foreign_keys=[("session_id", "sessions", "id")],
    )
    db.table("history").create(
        {
            "id": int,
            "session_id": str,
            "at": str,
            "who": str,
            "action": str,
            "number": int,
            "before": str,
            "after": str,
        },
        pk="id",
        foreign_keys=[("session_id", "sessions", "id")],
    )
    db.table("history").create_index(["session_id"])


@migrations()
def m002_schemes(db: Database) -> None:
    """House schemes: one row per saved scheme, its rules as the scheme JSON object.

    Names are unique ignoring case, since a session or the API names its scheme.
    """
    db.execute(
        """CREATE TABLE IF NOT EXISTS schemes (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            data TEXT NOT NULL,
            version INTEGER NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )"""
    )


@migrations()
def m003_session_end(db: Database) -> None:
    """A session the scorer ended early: the number of entries it ended after (NULL while
    it goes on)."""
    if "ended_after" not in db.table("sessions").columns_dict:
        db.table("sessions").add_column("ended_after", int)


@migrations()
def m004_scheme_keys(db: Database) -> None:
    """House schemes are owned like sessions: the hash of the key the saving browser holds.

    Schemes saved before have none (NULL): anyone may edit one until a browser saves it.
    """
    db.execute("ALTER TABLE schemes ADD COLUMN edit_key TEXT")
