"""Issue 29 item 4: ``serve`` keeps rolling backups of the SQLite file (SQLite's backup
API, in a thread of its own) every few minutes while it is written to and at the stop,
the last K kept, in a folder the user names; ``restore`` takes one back with its checks."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import sqlite3
import subprocess
import time
import urllib.request
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from barbu_scorer.store import autobackup, players
from barbu_scorer.store.autobackup import NAME, Rolling, backup_name, kept, rotate
from barbu_scorer.store.backup import check_barbu, restore
from barbu_scorer.store.db import connect
from tests.helpers import executable, run_cli
from tests.serve_helpers import free_port

SECRET = "k" * 64


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "instance" / "barbu.db"
    path.parent.mkdir()
    connect(str(path)).close()
    return path


def _write(database: Path, name: str) -> None:
    db = connect(str(database))
    try:
        players.add(db, name)
    finally:
        db.close()


def _names(database: Path) -> list[str]:
    conn = sqlite3.connect(database)
    try:
        return sorted(row[0] for row in conn.execute("SELECT name FROM players"))
    finally:
        conn.close()


def test_the_names_sort_by_time_and_only_they_are_rotated(tmp_path: Path) -> None:
    start = datetime(2026, 12, 31, 23, 59, 58, 999_000, tzinfo=UTC)
    times = [start + timedelta(milliseconds=n) for n in (0, 1, 1000, 1001, 2000, 86_400_000)]
    names = [backup_name(at) for at in times]
    assert names == sorted(names) and len(set(names)) == len(names)
    assert names[0] == "barbu-auto-20261231-235958-999Z.db"
    assert all(NAME.fullmatch(name) for name in names)
    paris = start.astimezone(datetime.now().astimezone().tzinfo)
    assert backup_name(paris) == names[0]  # always UTC, whatever the clock's zone
    others = ["barbu-20261231-120000.db", "barbu-auto-notes.txt", "barbu.db", ".x.partial"]
    for name in [*reversed(names), *others]:
        (tmp_path / name).write_text("x")
    assert [p.name for p in kept(tmp_path)] == names
    removed = rotate(tmp_path, 2)
    assert [p.name for p in removed] == names[:-2]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*names[-2:], *others])
    assert rotate(tmp_path, 2) == [] and kept(tmp_path / "missing") == []


def test_a_backup_only_when_written_to_and_the_last_k_kept(database: Path, tmp_path: Path) -> None:
    folder = tmp_path / "stick"
    folder.mkdir()
    rolling = Rolling(str(database), folder, 3600.0, 2, lambda: SECRET)
    try:
        assert rolling.tick() is None  # nothing written since the start
        made = []
        for name in ("Ada", "Ben", "Clara"):
            _write(database, name)
            made.append(rolling.tick())
            assert rolling.tick() is None  # nothing since that one
            time.sleep(0.002)
        assert all(made) and kept(folder) == made[-2:]  # the newest two
        assert _names(made[-1]) == ["Ada", "Ben", "Clara"]  # type: ignore[arg-type]
        assert _names(made[-2]) == ["Ada", "Ben"]  # type: ignore[arg-type]
        assert sorted(p.name for p in folder.iterdir()) == [p.name for p in made[-2:]]  # type: ignore[union-attr]
        assert made[-1].stat().st_mode & 0o777 == 0o600  # type: ignore[union-attr]
    finally:
        assert rolling.stop() is None  # nothing written since the last


def test_the_stop_takes_a_last_backup_when_written_to(database: Path, tmp_path: Path) -> None:
    rolling = Rolling(str(database), tmp_path, 3600.0, 5, lambda: SECRET).start()
    _write(database, "Ada")
    last = rolling.stop()
    assert last is not None and kept(tmp_path) == [last]
    assert _names(last) == ["Ada"]


def test_the_thread_backs_up_every_period_while_written_to(database: Path, tmp_path: Path) -> None:
    rolling = Rolling(str(database), tmp_path, 0.05, 3, lambda: SECRET).start()
    try:
        _write(database, "Ada")
        deadline = time.monotonic() + 10
        while not kept(tmp_path) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(kept(tmp_path)) == 1
        time.sleep(0.3)  # six periods with nothing written: no new backup
        assert len(kept(tmp_path)) == 1
    finally:
        assert rolling.stop() is None


def test_a_backup_that_cannot_be_written_is_logged_and_tried_again(
    database: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "stick"
    folder.mkdir()
    rolling = Rolling(str(database), folder, 3600.0, 5, lambda: None)
    _write(database, "Ada")
    shutil.rmtree(folder)  # the stick pulled out
    with caplog.at_level(logging.WARNING, "barbu_scorer.backups"):
        assert rolling.tick() is None
    assert "backup to" in caplog.text and "failed" in caplog.text
    folder.mkdir()  # plugged back in: the write is still to be backed up
    assert rolling.stop() is not None and len(kept(folder)) == 1


def test_a_copy_restarted_by_writes_between_its_steps_is_taken_whole(
    database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    progress = autobackup._stepped()
    for remaining in (10, 5, 10, 5, 5, 4, 10):  # three restarts
        progress(0, remaining, 10)
    progress(0, 5, 10)
    with pytest.raises(autobackup._Restarted):
        progress(0, 10, 10)  # the fourth
    for n in range(40):
        _write(database, f"P{n}")
    real, calls = autobackup._stepped, []

    def writing_between_steps() -> Callable[[int, int, int], None]:
        step = real()

        def progress(status: int, remaining: int, total: int) -> None:
            calls.append(remaining)
            _write(database, f"W{len(calls)}")  # a save between two steps
            step(status, remaining, total)

        return progress

    monkeypatch.setattr(autobackup, "_stepped", writing_between_steps)
    monkeypatch.setattr(autobackup, "STEP_PAGES", 1)
    stick = tmp_path / "stick"
    stick.mkdir()
    path = autobackup.take(str(database), stick, SECRET, datetime.now(UTC))
    assert len(calls) < 20  # gave up stepping after three restarts
    assert set(_names(path)) >= {f"P{n}" for n in range(40)}
    assert os.listdir(stick) == [path.name]  # no partial file left


def test_restore_takes_a_rolling_backup_back_with_its_checks(
    database: Path, tmp_path: Path
) -> None:
    (database.parent / "secret_key").write_text(SECRET)
    (tmp_path / "stick").mkdir()
    rolling = Rolling(str(database), tmp_path / "stick", 3600.0, 5, lambda: SECRET)
    _write(database, "Ada")
    last = rolling.stop()
    assert last is not None
    check_barbu(str(last))  # the checks restore makes
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = restore(str(last), str(elsewhere))
    assert done.secret and (elsewhere / "secret_key").read_text() == SECRET
    assert _names(elsewhere / "barbu.db") == ["Ada"]


def _serve(instance: Path, stick: Path, port: int) -> subprocess.Popen[str]:
    command = [executable(), "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--instance", str(instance), "--backup-dir", str(stick), "--backup-keep", "3"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                response.read()
                return process
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, process.communicate()
            time.sleep(0.1)


def _stop(process: subprocess.Popen[str]) -> tuple[str, str]:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    return out, err


def test_serve_backs_up_at_the_stop_and_restore_takes_it_back(tmp_path: Path) -> None:
    instance, stick = tmp_path / "instance", tmp_path / "stick"
    port = free_port()
    process = _serve(instance, stick, port)
    body = json.dumps({"format": "barbu-session/1", "players": ["A", "B", "C", "D"]}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/sessions",
        data=body,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
    out, err = _stop(process)
    assert f"Backups every 10 min to {stick.resolve()} (the last 3 kept)." in out
    backups = kept(stick)
    assert len(backups) == 1, (out, err)
    process = _serve(instance, stick, port)
    _stop(process)
    assert kept(stick) == backups  # nothing written: no new backup
    elsewhere = tmp_path / "elsewhere"
    done = run_cli("restore", str(backups[0]), "--instance", str(elsewhere))
    assert done.returncode == 0, done.stderr
    assert "the secret key restored with it" in done.stdout
    assert (elsewhere / "secret_key").read_text() == (instance / "secret_key").read_text()
    conn = sqlite3.connect(elsewhere / "barbu.db")
    try:
        assert conn.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1
    finally:
        conn.close()


def test_serve_refuses_a_backup_folder_it_cannot_write(tmp_path: Path) -> None:
    stick = tmp_path / "stick"
    stick.write_text("a file, not a folder")
    done = run_cli("serve", "--instance", str(tmp_path / "i"), "--backup-dir", str(stick / "b"))
    assert done.returncode == 1
    assert "cannot be written" in done.stderr and "--backup-dir DIR" in done.stderr
