"""Creations made once: a form posted twice (a double tap, a resend after a lost answer)
or an API call repeated with its ``Idempotency-Key`` finds the row the first one made.

What was asked (the kind of row, the nonce, the request's body) is kept hashed, with
the row made and its key sealed under the nonce and the body: only the same request
again can read the key back, and a nonce alone (another body) makes nothing of the
first. Kept for a day: a resend comes within seconds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from cryptography.fernet import Fernet, InvalidToken
from sqlite_utils import Database

from barbu_scorer.store.keys import now, sealer
from barbu_scorer.store.rows import writing

KEPT = timedelta(days=1)


def _digest(kind: str, nonce: str, body: bytes, purpose: bytes) -> bytes:
    return hashlib.sha256(purpose + b"\0" + f"{kind}\0{nonce}\0".encode() + body).digest()


def _sealer(kind: str, nonce: str, body: bytes) -> Fernet:
    """The key that seals a creation's key: only the same request opens it (the one
    Fernet derivation, store.keys.sealer)."""
    return sealer("creation key", f"{kind}\0{nonce}\0{body.hex()}")


def once(
    db: Database, kind: str, nonce: str, body: bytes, create: Callable[[], tuple[str, str]]
) -> tuple[str, str, bool]:
    """``create()`` (the new row's id and key) the first time this request is made; the
    same id and key again, without creating, when it was made already. The third value
    says whether this call created. One transaction: a resend waits for the first."""
    asked = _digest(kind, nonce, body, b"creation asked").hex()
    with writing(db):
        cutoff = (datetime.now(UTC) - KEPT).isoformat(timespec="seconds")
        db.execute("DELETE FROM creations WHERE created < ?", [cutoff])
        row = db.execute(
            "SELECT target, sealed_key FROM creations WHERE asked = ?", [asked]
        ).fetchone()
        if row is not None:
            try:
                key = _sealer(kind, nonce, body).decrypt(row[1].encode()).decode()
            except InvalidToken:  # cannot happen with the same request: make a new one
                db.execute("DELETE FROM creations WHERE asked = ?", [asked])
            else:
                return str(row[0]), key, False
        target, key = create()
        sealed = _sealer(kind, nonce, body).encrypt(key.encode()).decode()
        db.execute(
            "INSERT INTO creations (asked, kind, target, sealed_key, created) "
            "VALUES (?, ?, ?, ?, ?)",
            [asked, kind, target, sealed, now()],
        )
    return target, key, True
