"""The database connection's life in a request: opened on first use, closed on teardown."""

from __future__ import annotations

import click
from flask import Flask, current_app, g, request
from flask.cli import with_appcontext
from sqlite_utils import Database

from barbu_scorer.store.db import WRITE_TIMEOUT, connect

READ_TIMEOUT = 2.0


def get_db() -> Database:
    """The request's database connection."""
    if "db" not in g:
        # WAL readers never wait for a writer; a read waits little for anything else.
        reading = request.method in ("GET", "HEAD") if request else False
        g.db = connect(
            current_app.config["DATABASE"],
            timeout=READ_TIMEOUT if reading else WRITE_TIMEOUT,
            max_bytes=current_app.config.get("MAX_DATABASE_BYTES"),
        )
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
