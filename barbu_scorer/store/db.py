"""Opening the SQLite file: the pragmas every connection wants, then the migrations."""

from __future__ import annotations

import contextlib
import sqlite3

from sqlite_utils import Database

from barbu_scorer.store.migrations import migrations


def connect(path: str) -> Database:
    """Open the SQLite file with the settings every connection wants, and migrate it."""
    conn = sqlite3.connect(path, timeout=15, check_same_thread=False)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
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
