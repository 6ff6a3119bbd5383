"""Issue 27 item 11: a backup did not carry ``instance/secret_key``. Restored elsewhere,
every phone's kept keys stopped working (the cookie is signed and its keys sealed under
it) and the club link changed (the club key is sealed under it too). A backup now holds
the secret key; ``restore`` puts it back and keeps its schema check. Through the CLI,
in process."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask

from barbu_scorer.app import create_app
from barbu_scorer.cli import main as cli
from barbu_scorer.store.backup import SECRET_TABLE, RestoreRefused, backup, check_barbu

DOC = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}


def _app(instance: Path) -> Flask:
    """The app on ``instance`` with its own secret key file (as served)."""
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False}, str(instance))


def _club_link(app: Flask) -> str:
    with app.test_request_context():
        from barbu_scorer.web.club import club_link

        return club_link()


def _tables(database: Path) -> set[str]:
    conn = sqlite3.connect(database)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def _club_night(tmp_path: Path) -> tuple[Path, Flask, Any, str]:
    """An instance where a phone keeps a session's key; the session's id."""
    instance = tmp_path / "laptop"
    app = _app(instance)
    phone = app.test_client()
    made = phone.post("/api/sessions", json=DOC).get_json()
    assert phone.get(made["links"]["scorer"]).status_code == 302  # the key kept in its cookie
    assert phone.get(f"/s/{made['id']}").status_code == 200
    return instance, app, phone, str(made["id"])


def test_a_restore_elsewhere_keeps_every_kept_key_and_the_club_link(tmp_path: Path) -> None:
    laptop, app, phone, session_id = _club_night(tmp_path)
    link = _club_link(app)
    runner = CliRunner()
    saved = tmp_path / "night.db"
    made = runner.invoke(cli, ["backup", str(saved), "--instance", str(laptop)])
    assert made.exit_code == 0 and "secret key" in made.output, made.output
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    # Another machine, its own secret key already made by a first run.
    other = tmp_path / "other"
    _app(other).test_client().get("/")
    theirs = (other / "secret_key").read_text()
    result = runner.invoke(cli, ["restore", str(saved), "--instance", str(other)])
    assert result.exit_code == 0, result.output
    assert "secret key restored" in result.output and "secret_key.bak" in result.output
    assert (other / "secret_key").read_text() == (laptop / "secret_key").read_text()
    assert (other / "secret_key.bak").read_text() == theirs
    assert stat.S_IMODE((other / "secret_key").stat().st_mode) == 0o600
    restored = _app(other)
    moved = restored.test_client()
    cookie = phone.get_cookie("session")
    assert cookie is not None
    moved.set_cookie("session", cookie.value)
    assert moved.get(f"/s/{session_id}").status_code == 200  # the phone still scores
    assert restored.test_client().get(f"/s/{session_id}").status_code == 403  # a stranger not
    assert _club_link(restored) == link
    # The live file keeps no copy of the key: its table dropped, its pages overwritten.
    assert SECRET_TABLE not in _tables(other / "barbu.db")
    key = (laptop / "secret_key").read_bytes().strip()
    for part in (other / "barbu.db", Path(f"{other / 'barbu.db'}-wal")):
        assert not part.exists() or key not in part.read_bytes(), part
    check_barbu(str(other / "barbu.db"))


@pytest.mark.parametrize(
    "planted",
    [
        f"CREATE TRIGGER wipe AFTER INSERT ON {SECRET_TABLE} BEGIN DELETE FROM history; END",
        f"ALTER TABLE {SECRET_TABLE} ADD COLUMN note TEXT",
    ],
    ids=["a trigger on it", "another shape"],
)
def test_the_secret_keys_table_is_taken_at_its_shape_alone(tmp_path: Path, planted: str) -> None:
    laptop, _app_, _phone, _id = _club_night(tmp_path)
    saved = tmp_path / "night.db"
    CliRunner().invoke(cli, ["backup", str(saved), "--instance", str(laptop)])
    conn = sqlite3.connect(saved)
    conn.execute(planted)
    conn.commit()
    conn.close()
    result = CliRunner().invoke(cli, ["restore", str(saved), "--instance", str(tmp_path / "x")])
    assert result.exit_code == 1 and "schema" in result.output, result.output
    assert not (tmp_path / "x" / "secret_key").exists()


def test_a_backup_without_the_key_keeps_the_folders_own(tmp_path: Path) -> None:
    """A backup made before (no key in it) restores as before, and says so."""
    laptop, _app_, _phone, _id = _club_night(tmp_path)
    older = tmp_path / "older.db"
    backup(str(laptop / "barbu.db"), str(older))
    other = tmp_path / "other"
    _app(other).test_client().get("/")
    theirs = (other / "secret_key").read_text()
    result = CliRunner().invoke(cli, ["restore", str(older), "--instance", str(other)])
    assert result.exit_code == 0 and "holds no secret key" in result.output, result.output
    assert (other / "secret_key").read_text() == theirs
    assert not (other / "secret_key.bak").exists()


def test_restoring_on_the_same_machine_keeps_no_second_key(tmp_path: Path) -> None:
    laptop, _app_, _phone, _id = _club_night(tmp_path)
    saved = tmp_path / "night.db"
    CliRunner().invoke(cli, ["backup", str(saved), "--instance", str(laptop)])
    result = CliRunner().invoke(cli, ["restore", str(saved), "--instance", str(laptop)])
    assert result.exit_code == 0 and "secret key restored" in result.output
    assert not (laptop / "secret_key.bak").exists()


@pytest.mark.parametrize("tables", [("_litestream_seq", "_litestream_lock"), ("_litestream_lock",)])
def test_a_backup_of_a_file_litestream_replicates_restores(
    tmp_path: Path, tables: tuple[str, ...]
) -> None:
    """Litestream (the README's continuous replication) adds its bookkeeping tables to the
    database it follows (older versions the lock table alone): a backup of that file must
    restore, the tables dropped from the live file; the same names at another shape, no."""
    from barbu_scorer.store.backup import restore
    from barbu_scorer.store.db import connect

    source = tmp_path / "live.db"
    connect(str(source)).close()
    made = {
        "_litestream_seq": "CREATE TABLE IF NOT EXISTS _litestream_seq "
        "(id INTEGER PRIMARY KEY, seq INTEGER)",
        "_litestream_lock": "CREATE TABLE IF NOT EXISTS _litestream_lock (id INTEGER)",
    }
    conn = sqlite3.connect(source)
    with conn:
        for table in tables:
            conn.execute(made[table])
        if "_litestream_seq" in tables:
            conn.execute("INSERT INTO _litestream_seq (id, seq) VALUES (1, 42)")
    conn.close()
    copy = tmp_path / "copy.db"
    backup(str(source), str(copy), "s" * 64)
    check_barbu(str(copy))
    instance = tmp_path / "instance"
    instance.mkdir()
    assert restore(str(copy), str(instance)).secret
    assert not _tables(instance / "barbu.db") & {"_litestream_seq", "_litestream_lock"}
    odd = tmp_path / "odd.db"
    connect(str(odd)).close()
    conn = sqlite3.connect(odd)
    with conn:
        conn.execute("CREATE TABLE _litestream_lock (id INTEGER, note TEXT)")
    conn.close()
    with pytest.raises(RestoreRefused, match="schema"):
        check_barbu(str(odd))
