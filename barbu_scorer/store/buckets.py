"""Token buckets in a SQLite file of their own, shared by every process of one instance.

Under gunicorn each worker is a process: a limit kept in one process's memory would let
a client through once per worker. Here a bucket's tokens and the moment they were
counted are one row of ``buckets`` (scope, client) in ``limits.db`` beside the instance's
database, read and changed in one ``BEGIN IMMEDIATE`` transaction, so the workers take
turns and agree. The file holds no score: it is written without fsync (a power cut may
forget the last seconds of counting, never a hand), and a full bucket is no row at all
(rows idle for a whole refill are dropped, and at most ``CLIENTS`` rows are kept a scope).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

from barbu_scorer.store.db import private_file

CLIENTS = 10_000
"""Rows kept per scope at most (the least recently counted go first)."""

SCHEMA = """CREATE TABLE IF NOT EXISTS buckets (
    scope TEXT NOT NULL, client TEXT NOT NULL, tokens REAL NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (scope, client)) WITHOUT ROWID"""


def open_buckets(path: str | Path) -> sqlite3.Connection:
    """A connection to the buckets' file, created (owner-only) at its first use."""
    conn = sqlite3.connect(str(path), timeout=10, isolation_level=None, check_same_thread=False)
    private_file(path)
    # The file keeps the mode once set; at its very first use another process may hold
    # it (locked at once, no busy wait), and then a later connection sets it.
    with contextlib.suppress(sqlite3.OperationalError):
        conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute(SCHEMA)
    return conn


def exchange(
    conn: sqlite3.Connection,
    scope: str,
    client: str,
    capacity: float,
    rate: float,
    now: float,
    change: Callable[[float], float],
) -> float:
    """The client's tokens now (refilled at ``rate`` a second since last counted, at most
    ``capacity``), left as ``change`` makes them, in one transaction: what it had."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = conn.execute(
            "SELECT tokens, at FROM buckets WHERE scope = ? AND client = ?", [scope, client]
        ).fetchone()
        tokens = capacity if found is None else min(capacity, found[0] + (now - found[1]) * rate)
        conn.execute(
            "INSERT OR REPLACE INTO buckets (scope, client, tokens, at) VALUES (?, ?, ?, ?)",
            [scope, client, change(tokens), now],
        )
        idle = now - capacity / rate  # counted before: full again by now
        conn.execute("DELETE FROM buckets WHERE scope = ? AND at < ?", [scope, idle])
        conn.execute(
            "DELETE FROM buckets WHERE scope = ? AND client IN (SELECT client FROM buckets"
            " WHERE scope = ? ORDER BY at DESC LIMIT -1 OFFSET ?)",
            [scope, scope, CLIENTS],
        )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return tokens
