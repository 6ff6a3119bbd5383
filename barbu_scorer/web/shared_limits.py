"""The rate limit and the storage budgets shared by every process of one instance.

``barbu-scorer serve`` is one process, and keeps its limits in memory
(``security.TokenBucket``). Several processes behind one address (gunicorn's workers,
``app.serving``) would each keep their own, and a client would get each limit once per
worker: ``share_limits`` puts every bucket of the app in ``instance/limits.db``
(``store/buckets.py``) instead, the same limits counted once whichever worker answers.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from barbu_scorer.store.buckets import exchange, open_buckets
from barbu_scorer.web.budgets import BUDGETS
from barbu_scorer.web.security import RATE_LIMIT, TokenBucket


class SharedBucket(TokenBucket):
    """A ``TokenBucket`` whose tokens live in the instance's buckets file (``scope``
    names which limit), on the wall clock every process reads alike."""

    def __init__(self, path: Path, scope: str, capacity: float, per_seconds: float) -> None:
        super().__init__(capacity, per_seconds)
        self.path, self.scope = path, scope
        self._local = threading.local()

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = open_buckets(self.path)
        return conn

    def _exchange(self, client: str, now: float | None, change: Callable[[float], float]) -> float:
        at = time.time() if now is None else now
        return exchange(self._conn(), self.scope, client, self.capacity, self.rate, at, change)

    def take(self, client: str, now: float | None = None, cost: float = 1.0) -> float:
        had = self._exchange(client, now, lambda t: t - cost if t >= cost else t)
        return 0.0 if had >= cost else (cost - had) / self.rate

    def spend(self, client: str, cost: float, now: float | None = None) -> None:
        self._exchange(client, now, lambda t: max(0.0, t - cost))

    def due(self, client: str, cost: float = 1.0, now: float | None = None) -> float:
        had = self._exchange(client, now, lambda t: t)
        return 0.0 if had >= cost else (cost - had) / self.rate


def share_limits(app: Flask) -> None:
    """Every limit of the app (the creations' rate, each storage budget) kept in
    ``limits.db`` of its instance folder, shared with the other processes serving it."""
    path = Path(app.instance_path) / "limits.db"
    limit = app.extensions.get(RATE_LIMIT)
    if isinstance(limit, TokenBucket):
        app.extensions[RATE_LIMIT] = _shared(path, "rate", limit)
    budgets: dict[str, TokenBucket] = app.extensions.get(BUDGETS, {})
    for kind, bucket in list(budgets.items()):
        budgets[kind] = _shared(path, f"budget:{kind}", bucket)


def _shared(path: Path, scope: str, bucket: TokenBucket) -> SharedBucket:
    return SharedBucket(path, scope, bucket.capacity, bucket.capacity / bucket.rate)
