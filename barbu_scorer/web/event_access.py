"""Who directs an event: the director's key, kept sealed in this browser's cookie like a
scorer's edit key (see access.py), or given to the API in the ``X-Director-Key`` header."""

from __future__ import annotations

from flask import abort, session

from barbu_scorer.store.events import director_matches
from barbu_scorer.web.access import MAX_REMEMBERED, SEALED, _fernet, _unseal
from barbu_scorer.web.db import get_db

__all__ = ["director_key", "is_director", "keep_director", "require_director"]


def keep_director(event_id: str, key: str) -> None:
    """Keep the event's director key in this browser, sealed."""
    keys = dict(session.get("event_keys", {}))
    keys[event_id] = SEALED + _fernet().encrypt(key.encode()).decode()
    session["event_keys"] = dict(list(keys.items())[-MAX_REMEMBERED:])


def director_key(event_id: str) -> str | None:
    """The event's director key as this browser keeps it, when it is the right one."""
    key = _unseal(session.get("event_keys", {}).get(event_id))
    return key if key and director_matches(get_db(), event_id, key) else None


def is_director(event_id: str) -> bool:
    """Whether this browser holds the event's director key."""
    return director_key(event_id) is not None


def require_director(event_id: str) -> str:
    """The director's key, or a 403 for a browser without it."""
    key = director_key(event_id)
    if key is None:
        abort(403)
    return key
