"""What the store makes up for a new row: the time, an id, an edit key's hash."""

from __future__ import annotations

import base64
import hashlib
import secrets
import string
from datetime import UTC, datetime

from cryptography.fernet import Fernet


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


def sealer(purpose: str, secret: str) -> Fernet:
    """The one Fernet key derivation: SHA-256 of ``purpose`` ("edit keys", "table keys")
    and ``secret`` (the app's secret key, a director's key), so a key sealed for one
    purpose never opens under another. The purpose's bytes are the stored tokens' own."""
    digest = hashlib.sha256(f"{purpose}:".encode() + secret.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))
