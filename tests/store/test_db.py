"""The database connection: settings, migrations, its life in a request, init-db."""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Flask, g
from flask.testing import FlaskCliRunner

from barbu_scorer.store.db import connect, set_limits
from barbu_scorer.store.migrations import migrations
from barbu_scorer.web.db import get_db

MIGRATIONS = len(migrations._migrations)


def test_connect_migrates_a_fresh_file(tmp_path: Path) -> None:
    db = connect(str(tmp_path / "fresh.db"))
    assert {"sessions", "hands", "history", "_sqlite_migrations"} <= set(db.table_names())
    assert [m.name for m in migrations.applied(db)] == [m.name for m in migrations._migrations]
    assert db["hands"].pks == ["session_id", "number"]
    assert db["hands"].foreign_keys[0].other_table == "sessions"
    db.close()


def test_connect_twice_applies_each_migration_once(tmp_path: Path) -> None:
    path = str(tmp_path / "twice.db")
    connect(path).close()
    db = connect(path)
    assert db.execute("SELECT count(*) FROM _sqlite_migrations").fetchone()[0] == MIGRATIONS
    assert migrations.pending(db) == []
    db.close()


def test_connection_settings(tmp_path: Path) -> None:
    db = connect(str(tmp_path / "settings.db"))
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    db.close()


def _open_together(path: str, threads: int) -> list[BaseException]:
    """Open ``threads`` connections to one file at the same moment; what went wrong."""
    start = threading.Barrier(threads)
    errors: list[BaseException] = []

    def open_it() -> None:
        start.wait()
        try:
            connect(path).close()
        except BaseException as error:
            errors.append(error)

    workers = [threading.Thread(target=open_it) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return errors


def test_first_connections_racing_on_a_fresh_file(tmp_path: Path) -> None:
    """Waitress's threads may all open the new file at once: none of them fails."""
    for trial in range(5):
        path = str(tmp_path / f"race{trial}.db")
        assert _open_together(path, 6) == []
        db = connect(path)
        assert db.execute("SELECT count(*) FROM _sqlite_migrations").fetchone()[0] == MIGRATIONS
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        db.close()


def test_one_connection_per_worker_thread_kept_across_requests(app: Flask) -> None:
    with app.app_context():
        db = get_db()
        assert get_db() is db
        assert db.execute("SELECT 1").fetchone()[0] == 1
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: a saved hand stays
        db.conn.execute("BEGIN IMMEDIATE")  # a request that leaves a transaction open...
    assert not db.conn.in_transaction  # ...has it rolled back on teardown
    with app.app_context():
        assert "db" not in g
        assert get_db() is db  # the same thread's next request takes the same connection
    others: list[object] = []

    def other_thread() -> None:
        with app.app_context():
            others.append(get_db())

    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join()
    assert others and others[0] is not db  # another worker thread, its own connection


def test_a_replaced_file_is_opened_anew(app: Flask) -> None:
    with app.app_context():
        db = get_db()
    path = Path(app.config["DATABASE"])
    for each in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        each.unlink(missing_ok=True)
    with app.app_context():
        fresh = get_db()
        assert fresh is not db
        assert fresh.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0


def test_init_db_command(runner: FlaskCliRunner, app: Flask) -> None:
    Path(app.config["DATABASE"]).unlink()  # the fixture's copy: init-db makes the file
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0
    assert f"Database ready: {app.config['DATABASE']}" in result.output
    assert Path(app.config["DATABASE"]).exists()


def test_set_limits_sets_the_wait_and_the_size_cap(tmp_path: Path) -> None:
    """store.db.set_limits is the connection's PRAGMAs (web/db.py sets them per request
    through it: no SQL outside store/)."""
    db = connect(str(tmp_path / "limits.db"))
    set_limits(db, 1234, 5000)
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 1234
    assert db.execute("PRAGMA max_page_count").fetchone()[0] == 5000
    set_limits(db, 10)
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 10
    assert db.execute("PRAGMA max_page_count").fetchone()[0] == 5000


def test_a_process_writes_one_at_a_time_waking_the_next_at_once(tmp_path: Path) -> None:
    """A second thread's write waits for the first on this process's lock, not on SQLite's
    busy wait: with no busy wait at all (busy_timeout 0) it still succeeds, right after."""
    from barbu_scorer.store.rows import writing

    path = str(tmp_path / "w.db")
    first, second = connect(path), connect(path)
    first.execute("CREATE TABLE t (x TEXT)")
    set_limits(second, busy_ms=0)  # SQLite alone would refuse it: "database is locked"
    inside, done = threading.Event(), []

    def later() -> None:
        inside.wait(10)
        with writing(second):
            second.execute("INSERT INTO t VALUES ('second')")
        done.append("second")

    thread = threading.Thread(target=later)
    thread.start()
    with writing(first):
        first.execute("INSERT INTO t VALUES ('first')")
        inside.set()
        thread.join(0.3)  # the second is waiting for this one
        done.append("first")
    thread.join(10)
    assert done == ["first", "second"]
    assert [row[0] for row in first.execute("SELECT x FROM t")] == ["first", "second"]
