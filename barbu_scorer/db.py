"""The database connection's life: one per request, migrated, closed on teardown."""

from __future__ import annotations

import contextlib
import sqlite3

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from .migrations import migrations


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


def get_db() -> Database:
    """The request's database connection."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    """Close the request's connection, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
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
