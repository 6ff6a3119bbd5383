"""The database connection of a request: one kept per worker thread, opened on first use.

Opening SQLite, setting its pragmas and checking the migrations cost more than most
requests do, so each worker thread keeps its connection from one request to the next
(bounded by the server's threads). A request borrows it: the busy timeout and the
file's size cap are set for what it does (a read waits little, a write waits for the
writer before it), and on teardown any transaction left open is rolled back, so the
next request starts clean. A file replaced or removed under the app (a restore, a
test) is noticed by its inode and opened anew.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import weakref

import click
from flask import Flask, current_app, g, request
from flask.cli import with_appcontext
from sqlite_utils import Database

from barbu_scorer.store.db import PAGE, WRITE_TIMEOUT, connect, set_limits

READ_TIMEOUT = 2.0
KEPT = "barbu_db_threads"
_SET: weakref.WeakKeyDictionary[Database, tuple[int, int | None]] = weakref.WeakKeyDictionary()
"""The pragmas each kept connection was last given."""


def _identity(path: str) -> tuple[int, int] | None:
    """The file's device and inode (None in memory or when missing)."""
    if path == ":memory:":
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _kept(app: Flask, path: str) -> Database:
    """This thread's connection to ``path``, opened (and migrated) when it has none yet."""
    local = app.extensions.setdefault(KEPT, threading.local())
    held: tuple[str, tuple[int, int] | None, Database] | None = getattr(local, "held", None)
    if held is not None:
        held_path, identity, db = held
        if held_path == path and identity is not None and identity == _identity(path):
            return db
        with contextlib.suppress(sqlite3.Error):
            db.close()
        local.held = None
    db = connect(path, timeout=WRITE_TIMEOUT)
    if path != ":memory:":
        local.held = (path, _identity(path), db)
    return db


def get_db() -> Database:
    """The request's database connection (its worker thread's)."""
    if "db" not in g:
        # WAL readers never wait for a writer; a read waits little for anything else.
        reading = request.method in ("GET", "HEAD") if request else False
        db = _kept(current_app, current_app.config["DATABASE"])
        wait = READ_TIMEOUT if reading else WRITE_TIMEOUT
        cap = current_app.config.get("MAX_DATABASE_BYTES")
        # The cap is read per request (the setting may change under a running app); a
        # pragma is sent only when this connection's differs from what it needs.
        _pragmas(db, int(wait * 1000), max(1, int(cap) // PAGE) if cap else None)
        g.db = db
    found: Database = g.db
    return found


def _pragmas(db: Database, busy_ms: int, max_pages: int | None) -> None:
    if _SET.get(db) == (busy_ms, max_pages):
        return
    set_limits(db, busy_ms, max_pages)
    _SET[db] = (busy_ms, max_pages)


def thread_db(app: Flask) -> Database | None:
    """The worker thread's kept connection to the app's database, for a reader outside a
    request (the live poll's shortcut); None for a database in memory."""
    path = app.config["DATABASE"]
    return None if path == ":memory:" else _kept(app, path)


def close_db(_error: BaseException | None = None) -> None:
    """Give the connection back: roll back whatever the request left open."""
    db = g.pop("db", None)
    if db is None:
        return
    if db.conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.conn.rollback()
    if current_app.config["DATABASE"] == ":memory:":
        db.close()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or migrate the database."""
    get_db()
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app: Flask) -> None:
    """Register the teardown and the ``flask init-db`` command."""
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
