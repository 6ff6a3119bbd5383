"""A session's edit key replaced: the scoring handed to another phone (the phone that
takes it gets a fresh key, the old one stops working), or the way back when every copy
of the old one is lost (a browser's cookie forgets its oldest keys past the size a
browser keeps).

A club night's table keeps its first key sealed for the director (``store.events``), and
the server never holds the director's key: a handover there leaves the key it makes
sealed under the table's first key, and the first key sealed under the key it makes, both
beside the director's copy in ``event_tables.sealed_key`` (three tokens, space-separated).
The director's key opens the first, the first opens the key now: the console's links
follow every handover.
"""

from __future__ import annotations

import secrets

from sqlite_utils import Database

from barbu_scorer.store.keys import hash_key, sealer
from barbu_scorer.store.rows import log, writing

NOW = "scorer key now"
FIRST = "first scorer key"


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


def hand_over(db: Database, session_id: str, key: str, who: str) -> str | None:
    """Move the scoring to the phone that opened the handover link with ``key``, the key
    in force: the session gets a fresh key (``key`` stops working), its history says so,
    and a club night's table keeps it for the director; all in one transaction. The fresh
    key, or None when ``key`` is not the session's key now (handed over already)."""
    fresh = secrets.token_urlsafe(18)
    with writing(db):
        cursor = db.execute(
            "UPDATE sessions SET edit_key = ? WHERE id = ? AND edit_key = ?",
            [hash_key(fresh), session_id, hash_key(key)],
        )
        if cursor.rowcount != 1:
            return None
        row = db.execute(
            "SELECT sealed_key FROM event_tables WHERE session_id = ?", [session_id]
        ).fetchone()
        if row is not None:
            db.execute(
                "UPDATE event_tables SET sealed_key = ? WHERE session_id = ?",
                [_chained(row[0], key, fresh), session_id],
            )
        log(db, session_id, who, "scoring handed over", None, None, None)
    return fresh


def _chained(stored: str, key: str, fresh: str) -> str:
    """A table's stored keys once ``key`` (the key in force) is handed over as ``fresh``."""
    parts = stored.split(" ")
    first = key if len(parts) != 3 else sealer(FIRST, key).decrypt(parts[2].encode()).decode()
    now = sealer(NOW, first).encrypt(fresh.encode()).decode()
    back = sealer(FIRST, fresh).encrypt(first.encode()).decode()
    return " ".join([parts[0], now, back])


def table_key(stored: str, opened: str) -> str:
    """A club night's table's key now: ``opened`` is its first key (the director's copy,
    ``stored``'s first token, opened with the director's key); a handover's key after it."""
    parts = stored.split(" ")
    return opened if len(parts) != 3 else sealer(NOW, opened).decrypt(parts[1].encode()).decode()
