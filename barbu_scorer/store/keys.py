"""What the store makes up for a new row: the time, an id, an edit key's hash."""

from __future__ import annotations

import hashlib
import secrets
import string
from datetime import UTC, datetime


def now() -> str:
    """The current UTC time as stored (ISO 8601, whole seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


ID_ALPHABET = string.ascii_letters + string.digits


def new_id(length: int = 16) -> str:
    """An unguessable session id (95 random bits) of letters and digits only, so it never
    reads as a command-line option or needs escaping anywhere."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(length))


def hash_key(key: str) -> str:
    """An edit key as stored: never the key itself."""
    return hashlib.sha256(key.encode()).hexdigest()
