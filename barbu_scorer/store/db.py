"""Opening the SQLite file: the pragmas every connection wants, then the migrations."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from barbu_scorer.scoring.players import name_key
from barbu_scorer.store import (  # noqa: F401  (register their migrations)
    certified,  # the club nights' certified results
    figures,  # the league version's
    notes,  # the notes on a session and its hands
    reliefs,  # the seats a substitute took over
    seasons,  # the seasons' table: m019
)
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.writer import WRITE_TIMEOUT as WRITE_TIMEOUT

# isort: split
from barbu_scorer.store import confirmations  # noqa: F401  (the table checks': m016)

# Modules register their own migrations when imported, and which is imported first
# depends on who imports whom; they are applied in their numbers' order whatever it was.
migrations._migrations.sort(key=lambda step: step.name)

PAGE = 4096  # SQLite's page, for max_page_count


def private_file(path: str | Path) -> None:
    """Create the file readable and writable by its owner alone (0600), or make it so.

    SQLite gives the ``-wal`` and ``-shm`` files the main file's mode; old ones made
    before this rule are put right too.
    """
    path = Path(path)
    if not path.exists():
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for each in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        with contextlib.suppress(FileNotFoundError, PermissionError):
            if each.stat().st_mode & 0o077:
                each.chmod(0o600)


def _name_key(name: object) -> str | None:
    return name_key(name) if isinstance(name, str) else None


def with_name_key(conn: sqlite3.Connection) -> None:
    """Give the connection the SQL function ``name_key``: the roster's trigger keys names
    with the one name rule (m009_name_key)."""
    conn.create_function("name_key", 1, _name_key, deterministic=True)


def connect(path: str, timeout: float = WRITE_TIMEOUT, max_bytes: int | None = None) -> Database:
    """Open the SQLite file with the settings every connection wants, and migrate it.

    ``max_bytes`` caps the file: a write past it fails as "database or disk is full".
    """
    if path != ":memory:":
        private_file(path)
    conn = sqlite3.connect(path, timeout=timeout, check_same_thread=False)
    db = Database(conn)
    with_name_key(conn)
    db.execute("PRAGMA foreign_keys = ON")
    # Every commit reaches the disk before it is acknowledged: a saved hand survives a
    # power cut (WAL's NORMAL would keep the file sound but could lose the last commits).
    db.execute("PRAGMA synchronous = FULL")
    if max_bytes:
        db.execute(f"PRAGMA max_page_count = {max(1, int(max_bytes) // PAGE)}")
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        # The file keeps the mode once set; at its very first use another connection
        # may hold it (busy), and then a later connection sets it.
        with contextlib.suppress(sqlite3.OperationalError):
            db.execute("PRAGMA journal_mode = WAL")
    if migrations.pending(db):
        # Two first connections to a fresh file would both create the tables: taking
        # the write lock up front makes the second wait, then find nothing pending.
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            migrations.apply(db)
        except BaseException:
            db.conn.rollback()
            raise
        db.conn.commit()
    return db


def set_limits(db: Database, busy_ms: int, max_pages: int | None = None) -> None:
    """How long this connection waits for a writer (ms) and, when given, the most pages
    the file may grow to (the size cap), set on the open connection."""
    db.conn.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
    if max_pages is not None:
        db.conn.execute(f"PRAGMA max_page_count = {int(max_pages)}")


def problems(path: str, quick: bool = True) -> list[str]:
    """What SQLite's integrity check finds wrong with the file ([] when it is sound, or
    when there is no file yet)."""
    if not Path(path).exists():
        return []
    try:
        conn = sqlite3.connect(path, timeout=WRITE_TIMEOUT)
        try:
            pragma = "quick_check" if quick else "integrity_check"
            rows = [r[0] for r in conn.execute(f"PRAGMA {pragma}")]
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        return [str(error)]
    return [] if rows == ["ok"] else rows
