"""A consistent copy of the database while it serves, and putting one back.

Both go through SQLite's online backup API, so a copy taken during writes holds a
moment's whole state, and a restore replaces the pages of the live file in one go (its
``-wal`` included). ``serve`` holds a shared lock on ``serving.lock`` in the instance
folder; restore takes it exclusively, so it refuses while a server runs on the folder.

A restore takes only a file whose schema is the one the migrations make (compared with a
database migrated as far as the file says it was): the same tables and columns, indexes
and triggers, and nothing more. A file carrying a trigger, a view or a table of its own
would run or keep someone else's SQL on the club's data.

A backup carries the instance's secret key too (``instance/secret_key``), in a table of
its own (``backup_secret_key``, one row): the cookies that keep each phone's keys are
signed and sealed under it, and so is the club key, so a database restored elsewhere
without it would leave every kept key useless and change the club link. One file to
keep: as secret as the instance folder (0600). Restore takes that table at its exact
shape alone (anything else still fails the schema check; Litestream's two bookkeeping
tables are taken the same way, so a replicated file's backup restores), puts the key back as
``instance/secret_key`` (a different one kept as ``secret_key.bak``), and drops the
table from the live file, its pages overwritten (``secure_delete``) and the WAL emptied.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlite_utils import Database

from barbu_scorer.store.db import WRITE_TIMEOUT, connect, private_file, problems, with_name_key
from barbu_scorer.store.migrations import migrations

LOCK = "serving.lock"
SECRET_FILE = "secret_key"
SECRET_TABLE = "backup_secret_key"
_SECRET_SQL = (
    f"CREATE TABLE {SECRET_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), key TEXT NOT NULL)"
)

LITESTREAM_TABLES = ("_litestream_seq", "_litestream_lock")
TAKEN = (
    _SECRET_SQL,
    "CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)",
    "CREATE TABLE _litestream_lock (id INTEGER)",
)
"""The tables a restore takes beside the migrations' (then drops from the live file): the
secret key's, and the two Litestream makes in a database it replicates."""


class RestoreRefused(Exception):
    """The file is not a sound barbu database, or the folder is in use."""


@dataclass(frozen=True)
class Restored:
    """What a restore did: the previous database kept (or None), whether the backup
    carried the secret key, and the previous key kept when it differed (or None)."""

    kept: Path | None
    secret: bool
    secret_kept: Path | None


def backup(
    database: str,
    target: str,
    secret: str | None = None,
    pages: int = -1,
    progress: Callable[[int, int, int], object] | None = None,
    scratch: bool = False,
) -> None:
    """Copy ``database`` to ``target`` (0600) as it stands at one moment, with the
    instance's ``secret`` key (see the module's docstring) when given: in one step, or
    in steps of ``pages`` pages (``progress`` told after each, as sqlite3's backup does).
    A ``scratch`` target (a new file the caller flushes and renames once whole) is
    written without a journal or a flush a step, which would compete with the saves'."""
    if not Path(database).exists():
        raise FileNotFoundError(database)
    if Path(target).resolve() == Path(database).resolve():
        raise ValueError("the backup cannot be the database itself")
    private_file(target)
    source = sqlite3.connect(database, timeout=WRITE_TIMEOUT)
    copy = sqlite3.connect(target)
    try:
        if scratch:
            copy.execute("PRAGMA journal_mode = OFF")
            copy.execute("PRAGMA synchronous = OFF")
        source.backup(copy, pages=pages, progress=progress)
        if secret:
            with copy:
                copy.execute(_SECRET_SQL)
                copy.execute(f"INSERT INTO {SECRET_TABLE} (id, key) VALUES (1, ?)", [secret])
    finally:
        copy.close()
        source.close()
    private_file(target)


def secret_of(instance: str) -> str | None:
    """The instance's secret key (None before the app's first run made it)."""
    path = Path(instance) / SECRET_FILE
    return path.read_text().strip() if path.is_file() else None


def _parts(sql: str) -> frozenset[Part]:
    """The schema of one table of ``TAKEN``, as its writer makes it."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute(sql)
        return schema(conn)
    finally:
        conn.close()


def _carried(path: str) -> str | None:
    conn = sqlite3.connect(path)
    try:
        listed = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [SECRET_TABLE]
        ).fetchone()
        row = conn.execute(f"SELECT key FROM {SECRET_TABLE}").fetchone() if listed else None
    finally:
        conn.close()
    key = row[0] if row else None
    return key.strip() if isinstance(key, str) and 0 < len(key.strip()) <= 512 else None


def _put_secret(instance: str, key: str) -> Path | None:
    """Write the instance's secret key (0600); the previous one, when it differed, is
    kept as ``secret_key.bak`` (returned)."""
    path = Path(instance) / SECRET_FILE
    before = secret_of(instance)
    if before == key:
        return None
    kept = None
    if before is not None:
        kept = path.with_name(f"{SECRET_FILE}.bak")
        private_file(kept)
        kept.write_text(before)
    partial = path.with_name(f"{SECRET_FILE}.{os.getpid()}.tmp")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(key)
    partial.replace(path)
    return kept


def _drop_secret(database: Path) -> None:
    """Drop the secret key's table from the live file, its pages overwritten."""
    conn = sqlite3.connect(database, timeout=WRITE_TIMEOUT)
    try:
        conn.execute("PRAGMA secure_delete = ON")
        with conn:
            for table in (SECRET_TABLE, *LITESTREAM_TABLES):
                conn.execute(f"DROP TABLE IF EXISTS {table}")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


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
            [
                r[0]
                for r in conn.execute(
                    "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid",
                    [migrations.name],
                )
            ]
            if "_sqlite_migrations" in tables
            else []
        )
        if not {"sessions", "hands", "history"} <= tables or not steps:
            raise RestoreRefused(f"{path} is not a Barbu Scorer database")
        has = schema(conn)
    except sqlite3.DatabaseError as error:
        raise RestoreRefused(f"{path} is not a SQLite database: {error}") from None
    finally:
        conn.close()
    for sql in TAKEN:  # at their exact shapes alone
        if _parts(sql) <= has:
            has -= _parts(sql)
    differs = sorted(has ^ migrated_schema(path, steps))
    if differs:
        named = ", ".join(" ".join(str(part) for part in item[:2]) for item in differs[:3])
        raise RestoreRefused(
            f"{path} does not have the schema the migrations make (it differs in {named})"
        )


Part = tuple[str, str, str]
"""One thing of a schema: its kind, its name and what it is (columns, SQL...)."""


def schema(conn: sqlite3.Connection) -> frozenset[Part]:
    """The file's tables (their columns, keys), indexes, triggers and views, as a set that
    compares equal for the same schema however its SQL was spelled."""
    parts: set[Part] = set()
    rows = conn.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    ).fetchall()
    for kind, name, table, sql in rows:
        if kind == "table":
            columns = conn.execute(f"PRAGMA table_xinfo({_quoted(name)})").fetchall()
            keys = conn.execute(f"PRAGMA foreign_key_list({_quoted(name)})").fetchall()
            parts.add(("table", name, repr([tuple(c[1:]) for c in columns])))
            parts.add(("foreign keys of", name, repr(sorted(tuple(k[2:5]) for k in keys))))
            for index in conn.execute(f"PRAGMA index_list({_quoted(name)})").fetchall():
                _seq, index_name, unique, origin, partial = index
                cols = conn.execute(f"PRAGMA index_xinfo({_quoted(index_name)})").fetchall()
                label = index_name if origin == "c" else f"{origin} of {name}"
                what = repr((name, unique, partial, [tuple(c[1:]) for c in cols]))
                parts.add(("index", label, what))
        elif kind in ("trigger", "view"):
            parts.add((kind, name, f"{table}: {' '.join((sql or '').split())}"))
        elif kind != "index":  # indexes are read with their table above
            parts.add((kind, name, sql or ""))
    return frozenset(parts)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def migrated_schema(path: str, steps: list[str]) -> frozenset[Part]:
    """The schema a new database has after the migrations ``steps`` (the ones a file
    records, in order); refused when they are not the first of today's."""
    reference = Database(memory=True)
    with_name_key(reference.conn)
    names = [step.name for step in migrations.pending(reference)]
    if steps != names[: len(steps)]:
        raise RestoreRefused(
            f"{path} was made by another version of Barbu Scorer (its migrations: "
            f"{', '.join(steps[:12])})"
        )
    later = names[len(steps)] if len(steps) < len(names) else None
    migrations.apply(reference, stop_before=later)
    try:
        return schema(reference.conn)
    finally:
        reference.close()


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


def restore(source: str, instance: str) -> Restored:
    """Put ``source`` in place of the instance's database (the old file kept as
    ``barbu.db.bak``), and the secret key it carries in place of the instance's."""
    check_barbu(source)
    secret = _carried(source)
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
        _drop_secret(database)
        secret_kept = _put_secret(instance, secret) if secret else None
        connect(str(database)).close()  # an older copy gets the newer migrations
    return Restored(kept, secret is not None, secret_kept)
