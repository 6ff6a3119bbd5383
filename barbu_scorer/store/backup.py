"""A consistent copy of the database while it serves, and putting one back.

Both go through SQLite's online backup API, so a copy taken during writes holds a
moment's whole state, and a restore replaces the pages of the live file in one go (its
``-wal`` included). ``serve`` holds a shared lock on ``serving.lock`` in the instance
folder; restore takes it exclusively, so it refuses while a server runs on the folder.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from barbu_scorer.store.db import WRITE_TIMEOUT, connect, private_file, problems

LOCK = "serving.lock"


class RestoreRefused(Exception):
    """The file is not a sound barbu database, or the folder is in use."""


def backup(database: str, target: str) -> None:
    """Copy ``database`` to ``target`` (0600) as it stands at one moment."""
    if not Path(database).exists():
        raise FileNotFoundError(database)
    if Path(target).resolve() == Path(database).resolve():
        raise ValueError("the backup cannot be the database itself")
    private_file(target)
    source = sqlite3.connect(database, timeout=WRITE_TIMEOUT)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    private_file(target)


def check_barbu(path: str) -> None:
    """Refuse a file that is not a whole barbu database (integrity_check and its tables)."""
    if not Path(path).is_file():
        raise RestoreRefused(f"no file {path}")
    found = problems(path, quick=False)
    if found:
        raise RestoreRefused(f"{path} fails SQLite's integrity check: {found[0]}")
    conn = sqlite3.connect(path)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        steps = (
            {r[0] for r in conn.execute("SELECT migration_set FROM _sqlite_migrations")}
            if "_sqlite_migrations" in tables
            else set()
        )
    except sqlite3.DatabaseError as error:
        raise RestoreRefused(f"{path} is not a SQLite database: {error}") from None
    finally:
        conn.close()
    if not {"sessions", "hands", "history"} <= tables or "barbu_scorer" not in steps:
        raise RestoreRefused(f"{path} is not a Barbu Scorer database")


@contextlib.contextmanager
def folder_lock(instance: str, exclusive: bool) -> Iterator[None]:
    """Hold the instance folder's lock: shared while serving, exclusive to restore."""
    path = Path(instance) / LOCK
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RestoreRefused(f"a server is running on {instance}: stop it first") from None
        yield
    finally:
        os.close(fd)


def restore(source: str, instance: str) -> Path | None:
    """Put ``source`` in place of the instance's database; the old file is kept as
    ``barbu.db.bak`` (returned, or None when there was none)."""
    check_barbu(source)
    database = Path(instance) / "barbu.db"
    if Path(source).resolve() == database.resolve():
        raise RestoreRefused("that file is the database itself")
    with folder_lock(instance, exclusive=True):
        kept = None
        if database.exists():
            kept = database.with_name("barbu.db.bak")
            backup(str(database), str(kept))
        private_file(database)
        incoming = sqlite3.connect(source)
        live = sqlite3.connect(database, timeout=WRITE_TIMEOUT)
        try:
            incoming.backup(live)
        finally:
            live.close()
            incoming.close()
        connect(str(database)).close()  # an older copy gets the newer migrations
    return kept
