"""A session's own language: the one its PDF sheet and Barbu Bridge pad are printed in."""

from __future__ import annotations

from sqlite_utils import Database

from barbu_scorer.store.rows import writing

SESSION_LANGUAGES = ("en", "fr")


def session_language(db: Database, session_id: str) -> str:
    """The session's language ("en" when none was set, as for sessions made before it)."""
    row = db.execute("SELECT language FROM sessions WHERE id = ?", [session_id]).fetchone()
    value = row[0] if row else None
    return value if value in SESSION_LANGUAGES else "en"


def set_session_language(db: Database, session_id: str, language: str) -> None:
    """Set the session's language (one of ``SESSION_LANGUAGES``; anything else: English)."""
    chosen = language if language in SESSION_LANGUAGES else "en"
    with writing(db):
        db.execute("UPDATE sessions SET language = ? WHERE id = ?", [chosen, session_id])
