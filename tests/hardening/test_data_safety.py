"""The files kept private, the HTTPS setting, the cookie without keys, backup and restore,
the integrity check at start-up and serve's waitress limits (issue 13)."""

from __future__ import annotations

import sqlite3
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.cli import main as cli
from barbu_scorer.store.backup import RestoreRefused, check_barbu, folder_lock, restore
from barbu_scorer.store.db import connect, problems

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
DOC = {"format": "barbu-session/1", "players": PLAYERS, "scheme": "tournament"}


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _app(instance: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, **config}, str(instance))


# -- private files --------------------------------------------------------------------------
def test_a_new_instance_is_private(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    app = create_app(instance_path=str(instance))
    app.test_client().post("/api/sessions", json=DOC)
    assert mode(instance) == 0o700
    assert mode(instance / "secret_key") == 0o600
    database = Path(app.config["DATABASE"])
    assert mode(database) == 0o600
    for suffix in ("-wal", "-shm"):
        side = Path(f"{database}{suffix}")
        if side.exists():
            assert mode(side) == 0o600


def test_an_old_open_instance_is_made_private(tmp_path: Path) -> None:
    instance = tmp_path / "old"
    instance.mkdir(mode=0o755)
    instance.chmod(0o755)
    database = instance / "barbu.db"
    connect(str(database)).close()
    database.chmod(0o644)
    (instance / "secret_key").write_text("k" * 64)
    (instance / "secret_key").chmod(0o644)
    app = create_app(instance_path=str(instance))
    with app.app_context():
        from barbu_scorer.web.db import get_db

        get_db()
    assert mode(instance) == 0o700
    assert mode(database) == 0o600
    assert mode(instance / "secret_key") == 0o600


def test_a_backup_is_private_too(tmp_path: Path) -> None:
    database = tmp_path / "barbu.db"
    connect(str(database)).close()
    result = CliRunner().invoke(
        cli, ["backup", str(tmp_path / "copy.db"), "--instance", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert mode(tmp_path / "copy.db") == 0o600


# -- HTTPS ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "secure"), [("1", True), ("yes", True), ("0", False), ("", False)]
)
def test_barbu_https_marks_the_cookie_secure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str, secure: bool
) -> None:
    monkeypatch.setenv("BARBU_HTTPS", value)
    app = create_app(instance_path=str(tmp_path / "i"))
    assert app.config["SESSION_COOKIE_SECURE"] is secure
    client = app.test_client()
    created = client.post("/api/sessions", json=DOC).get_json()
    response = client.get(created["links"]["scorer"])
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert ("Secure" in cookie) is secure


class FakeServer:
    """What ``serve`` hands waitress, kept instead of served."""

    channel_class = type("Channel", (), {"error_task_class": object})
    _map: dict[int, Any] = {}  # no socket: the loop ends at once (web/server.run)
    active_channels: dict[int, Any] = {}
    socket = type("Socket", (), {"close": lambda self: None})()
    task_dispatcher = type("Dispatcher", (), {"shutdown": lambda self, **_: True})()

    def del_channel(self) -> None:
        pass

    def print_listen(self, _format: str) -> None:
        pass

    def run(self) -> None:
        pass


def _recording(seen: dict[str, Any]) -> Any:
    def create_server(app: Flask, **options: Any) -> FakeServer:
        seen.update(options, secure=app.config["SESSION_COOKIE_SECURE"])
        return FakeServer()

    return create_server


def test_serve_secure_cookies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("waitress.create_server", _recording(seen))
    monkeypatch.delenv("BARBU_HTTPS", raising=False)
    args = ["serve", "--instance", str(tmp_path / "i"), "--secure-cookies"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert seen["secure"] is True
    assert seen["connection_limit"] == 1000 and seen["channel_timeout"] == 30
    assert seen["cleanup_interval"] <= 30 and seen["threads"] == 16  # sheet waiters hold one
    assert seen["asyncore_use_poll"] is True  # select() cannot watch fd 1,024 and past
    assert seen["clear_untrusted_proxy_headers"] and "trusted_proxy" not in seen


def test_serve_passes_the_limits_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("waitress.create_server", _recording(seen))
    args = ["serve", "--instance", str(tmp_path / "i"), "--connection-limit", "50"]
    args += ["--trusted-proxy", "127.0.0.1"]
    result = CliRunner().invoke(cli, [*args, "--channel-timeout", "5", "--threads", "2"])
    assert result.exit_code == 0, result.output
    assert (seen["connection_limit"], seen["channel_timeout"], seen["threads"]) == (50, 5, 2)
    assert seen["cleanup_interval"] == 5
    assert seen["trusted_proxy"] == "127.0.0.1" and seen["trusted_proxy_count"] == 1
    assert seen["trusted_proxy_headers"] == {"x-forwarded-for", "x-forwarded-proto"}
    assert "--connection-limit" in CliRunner().invoke(cli, ["serve", "--help"]).output


# -- the cookie holds no key in clear ------------------------------------------------------
def _cookie(app: Flask, client: FlaskClient) -> dict[str, Any]:
    cookie = client.get_cookie("session")
    assert cookie is not None
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    return dict(serializer.loads(cookie.value))


def test_the_cookie_keeps_the_key_sealed_never_in_clear(app: Flask, client: FlaskClient) -> None:
    created = client.post("/api/sessions", json=DOC).get_json()
    client.get(created["links"]["scorer"])
    kept = _cookie(app, client)
    assert created["edit_key"] not in str(kept)
    assert kept["keys"][created["id"]].startswith("e1:")
    assert client.get(f"/s/{created['id']}").status_code == 200
    # The scorer's phone can still show its link (handing over), from the sealed key.
    handover = client.get(f"/s/{created['id']}/handover").get_data(as_text=True)
    assert created["edit_key"] in handover
    # A key sealed under another secret key is worth nothing here.
    other = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "o"})
    stranger = other.test_client()
    with stranger.session_transaction() as session:
        session["keys"] = kept["keys"]
    assert stranger.get(f"/s/{created['id']}").status_code == 403


def test_a_cookie_from_before_keeps_working_and_loses_its_key(
    app: Flask, client: FlaskClient
) -> None:
    created = client.post("/api/sessions", json=DOC).get_json()
    with client.session_transaction() as session:
        session["seen"] = [created["id"]]
        session["keys"] = {created["id"]: created["edit_key"]}  # as kept before sealing
    assert client.get(f"/s/{created['id']}").status_code == 200
    assert created["edit_key"] not in str(_cookie(app, client))
    assert client.get(f"/s/{created['id']}").status_code == 200
    with client.session_transaction() as session:
        session["keys"] = {created["id"]: "e1:" + "0" * 64}  # sealed nonsense
    assert client.get(f"/s/{created['id']}").status_code == 403


# -- backup and restore --------------------------------------------------------------------
def _instance_with_sessions(tmp_path: Path, name: str, sessions: int) -> tuple[Path, Flask]:
    instance = tmp_path / name
    app = _app(instance)
    client = app.test_client()
    for _ in range(sessions):
        assert client.post("/api/sessions", json=DOC).status_code == 201
    return instance, app


def _count(database: Path) -> int:
    conn = sqlite3.connect(database)
    try:
        return int(conn.execute("SELECT count(*) FROM sessions").fetchone()[0])
    finally:
        conn.close()


def test_a_backup_taken_during_writes_is_whole(tmp_path: Path) -> None:
    instance, app = _instance_with_sessions(tmp_path, "live", 5)
    client = app.test_client()
    stop = threading.Event()

    def write() -> None:
        while not stop.is_set():
            client.post("/api/sessions", json=DOC)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        copies = []
        for n in range(3):
            target = tmp_path / f"copy{n}.db"
            result = CliRunner().invoke(cli, ["backup", str(target), "--instance", str(instance)])
            assert result.exit_code == 0, result.output
            copies.append(target)
    finally:
        stop.set()
        writer.join()
    for target in copies:
        assert problems(str(target), quick=False) == []
        check_barbu(str(target))
        assert _count(target) >= 5


def test_restore_puts_a_backup_back_and_keeps_the_old_file(tmp_path: Path) -> None:
    instance, _app_ = _instance_with_sessions(tmp_path, "inst", 2)
    runner = CliRunner()
    assert (
        runner.invoke(
            cli, ["backup", str(tmp_path / "b.db"), "--instance", str(instance)]
        ).exit_code
        == 0
    )
    _app_.test_client().post("/api/sessions", json=DOC)
    assert _count(instance / "barbu.db") == 3
    result = runner.invoke(cli, ["restore", str(tmp_path / "b.db"), "--instance", str(instance)])
    assert result.exit_code == 0, result.output
    assert "barbu.db.bak" in result.output
    assert _count(instance / "barbu.db") == 2
    assert _count(instance / "barbu.db.bak") == 3
    assert mode(instance / "barbu.db") == 0o600 and mode(instance / "barbu.db.bak") == 0o600
    # The restored file serves.
    assert _app(instance).test_client().get("/").status_code == 200


def test_restore_refuses_what_is_not_a_sound_barbu_database(tmp_path: Path) -> None:
    instance, _app_ = _instance_with_sessions(tmp_path, "inst", 1)
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all" * 100)
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    runner = CliRunner()
    for source in (garbage, other, tmp_path / "missing.db"):
        result = runner.invoke(cli, ["restore", str(source), "--instance", str(instance)])
        assert result.exit_code == 1 and "not restored" in result.output, result.output
        assert _count(instance / "barbu.db") == 1
    assert not (instance / "barbu.db.bak").exists()


PLANTED = {
    "a trigger": "CREATE TRIGGER wipe AFTER INSERT ON hands BEGIN DELETE FROM history; END",
    "a view": "CREATE VIEW everyone AS SELECT * FROM sessions",
    "an index": "CREATE INDEX by_name ON sessions (name)",
    "a column": "ALTER TABLE sessions ADD COLUMN note TEXT",
    "a table": "CREATE TABLE extra (x)",
    "a changed trigger": "DROP TRIGGER roster_seats",
    "a dropped index": "DROP INDEX idx_history_session_id",
}


@pytest.mark.parametrize("what", list(PLANTED))
def test_restore_takes_only_the_schema_the_migrations_make(tmp_path: Path, what: str) -> None:
    """A backup carrying a trigger (one that empties every history), a view, an index, a
    column or a table of its own is refused with a clear message; nothing is replaced."""
    instance, _app_ = _instance_with_sessions(tmp_path, "inst", 2)
    planted = tmp_path / "planted.db"
    CliRunner().invoke(cli, ["backup", str(planted), "--instance", str(instance)])
    conn = sqlite3.connect(planted)
    conn.execute(PLANTED[what])
    conn.commit()
    conn.close()
    before = (instance / "barbu.db").read_bytes()
    result = CliRunner().invoke(cli, ["restore", str(planted), "--instance", str(instance)])
    assert result.exit_code == 1, result.output
    assert "not restored" in result.output and "schema" in result.output, result.output
    assert (instance / "barbu.db").read_bytes() == before
    assert not (instance / "barbu.db.bak").exists()


def test_restore_takes_an_older_backup_and_migrates_it(tmp_path: Path) -> None:
    """A backup from before the last migrations has their schema, not today's: it is
    compared against a database migrated as far, and restored, then migrated."""
    from sqlite_utils import Database

    from barbu_scorer.store.migrations import migrations

    older = tmp_path / "older.db"
    db = Database(str(older))
    db.conn.create_function("name_key", 1, lambda name: name, deterministic=True)
    migrations.apply(db, stop_before="m010_club_key")
    db.close()
    instance, _app_ = _instance_with_sessions(tmp_path, "inst", 1)
    assert restore(str(older), str(instance)) is not None
    assert _count(instance / "barbu.db") == 0
    assert not migrations.pending(connect(str(instance / "barbu.db")))


def test_restore_refuses_while_a_server_runs_on_the_folder(tmp_path: Path) -> None:
    instance, _app_ = _instance_with_sessions(tmp_path, "inst", 1)
    copy = tmp_path / "copy.db"
    CliRunner().invoke(cli, ["backup", str(copy), "--instance", str(instance)])
    with (
        folder_lock(str(instance), exclusive=False),
        pytest.raises(RestoreRefused, match="server is running"),
    ):
        restore(str(copy), str(instance))
    assert restore(str(copy), str(instance)) is not None


def _damage(database: Path) -> None:
    conn = sqlite3.connect(database)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("CREATE TABLE filler (x)")
    conn.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 200)
    conn.execute("CREATE INDEX filler_x ON filler (x)")
    conn.commit()
    conn.close()
    data = bytearray(database.read_bytes())
    for at in range(len(data) // 2, len(data) - 4096, 997):
        data[at] ^= 0x5A
    database.write_bytes(bytes(data))


def test_serve_refuses_a_damaged_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    instance = tmp_path / "inst"
    instance.mkdir()
    connect(str(instance / "barbu.db")).close()
    _damage(instance / "barbu.db")
    assert problems(str(instance / "barbu.db"))
    started: dict[str, Any] = {}
    monkeypatch.setattr("waitress.create_server", _recording(started))
    result = CliRunner().invoke(cli, ["serve", "--instance", str(instance)])
    assert result.exit_code == 1 and not started
    assert "integrity check" in result.output and "barbu-scorer restore" in result.output


def test_the_integrity_check_passes_a_sound_file(tmp_path: Path) -> None:
    connect(str(tmp_path / "ok.db")).close()
    assert problems(str(tmp_path / "ok.db")) == []
    assert problems(str(tmp_path / "none.db")) == []
