"""A session's edit key replaced: the way back when every copy of the old one is lost
(a browser's cookie forgets its oldest keys past the size a browser keeps)."""

from __future__ import annotations

import secrets

from sqlite_utils import Database

from barbu_scorer.store.keys import hash_key
from barbu_scorer.store.rows import log, writing


def in_event(db: Database, session_id: str) -> bool:
    """Whether the session is a club night's table (its director's console keeps its link)."""
    found = db.execute("SELECT 1 FROM event_tables WHERE session_id = ?", [session_id])
    return found.fetchone() is not None


def new_scorer_key(db: Database, session_id: str, who: str) -> str | None:
    """Give the session a new edit key (the old one stops working), said in its history;
    the key, or None when there is no such session or it is a club night's table."""
    key = secrets.token_urlsafe(18)
    with writing(db):
        if in_event(db, session_id):
            return None
        cursor = db.execute(
            "UPDATE sessions SET edit_key = ? WHERE id = ?", [hash_key(key), session_id]
        )
        if cursor.rowcount != 1:
            return None
        log(db, session_id, who, "new scorer's link", None, None, None)
    return key
