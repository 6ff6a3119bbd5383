"""The club key: the one key that renaming, merging and deleting roster players need.

Stored as a session's edit key is: its hash, never the key. Beside it, the key sealed by
the web layer (an opaque string to the store), so the laptop can print and show its
link again; a database copied off the laptop gives nobody the key without the instance's
secret key.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from sqlite_utils import Database

from barbu_scorer.store.keys import hash_key, new_id, now
from barbu_scorer.store.rows import writing

KEY_LENGTH = 22  # letters and digits: about 130 random bits
MAX_KEY = 64  # a longer key offered is refused unread


@dataclass(frozen=True)
class ClubKey:
    """The stored club key: its hash and its sealed copy."""

    key_hash: str
    sealed: str


def stored(db: Database) -> ClubKey | None:
    """The club key as stored, or None before the first run made one."""
    rows = db.execute("SELECT key_hash, sealed FROM club_key WHERE id = 1").fetchall()
    return ClubKey(*rows[0]) if rows else None


def new_key() -> str:
    """A fresh club key."""
    return new_id(KEY_LENGTH)


def keep(db: Database, key: str, sealed: str, replace: bool = False) -> ClubKey:
    """Store ``key`` (hashed) and its sealed copy, unless a key is there already (or
    ``replace``); the key stored afterwards. Two first runs at once keep one key."""
    verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"
    with writing(db):
        db.execute(
            f"{verb} INTO club_key (id, key_hash, sealed, created) VALUES (1, ?, ?, ?)",
            [hash_key(key), sealed, now()],
        )
    found = stored(db)
    assert found is not None
    return found


def matches(db: Database, key: object) -> bool:
    """Whether ``key`` is the club key (False for no key, a non-string or a long one)."""
    if not isinstance(key, str) or not key or len(key) > MAX_KEY:
        return False
    found = stored(db)
    return found is not None and hmac.compare_digest(found.key_hash, hash_key(key))
