"""Limits shared by the processes of one instance (``limits.db``): two buckets on one
file are one limit; under ``gunicorn -w 2`` a client's creations are limited once across
both workers, and a watcher's cached page follows a write made by another process."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from barbu_scorer import app as app_module
from barbu_scorer.store.db import connect
from barbu_scorer.store.sessions import HandEntry, add_hand
from barbu_scorer.web.security import RATE_LIMIT
from barbu_scorer.web.shared_limits import SharedBucket
from tests.helpers import ROOT, session_document
from tests.serve_helpers import free_port


def test_two_buckets_on_one_file_are_one_limit(tmp_path: Path) -> None:
    """As two workers' buckets: what one takes, the other sees taken; refilled in time."""
    first = SharedBucket(tmp_path / "limits.db", "rate", 2, 60.0)
    second = SharedBucket(tmp_path / "limits.db", "rate", 2, 60.0)
    assert first.take("1.2.3.4", now=1000.0) == 0
    assert second.take("1.2.3.4", now=1000.0) == 0
    assert first.take("1.2.3.4", now=1000.0) == pytest.approx(30.0)  # one token: 30 s
    assert second.take("5.6.7.8", now=1000.0) == 0  # another client has its own
    assert second.due("1.2.3.4", now=1030.0) == 0 and first.take("1.2.3.4", now=1030.0) == 0
    second.spend("1.2.3.4", 5, now=1030.0)
    assert first.due("1.2.3.4", now=1030.0) == pytest.approx(30.0)
    assert (tmp_path / "limits.db").stat().st_mode & 0o777 == 0o600


def test_serving_shares_the_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from barbu_scorer.web import sheets

    monkeypatch.setattr(sheets, "start_warming", lambda app=None: None)
    served = app_module.serving(str(tmp_path))
    assert isinstance(served.extensions[RATE_LIMIT], SharedBucket)
    assert all(isinstance(b, SharedBucket) for b in served.extensions["barbu_store_limit"].values())


def _ask(port: int, method: str, path: str, body: object = None) -> tuple[int, str, str]:
    """One request on a connection of its own: status, worker, body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json", "Connection": "close"} if data else {}
    conn.request(method, path, body=data, headers=headers)
    answer = conn.getresponse()
    text = answer.read().decode()
    conn.close()
    return answer.status, answer.getheader("X-Worker", ""), text


def _both(
    port: int, method: str, path: str, body: object = None, rounds: int = 30
) -> list[tuple[int, str, str]]:
    """Asked two at a time until both workers answered at least three times (a worker busy
    with one request leaves the next connection to the other)."""
    seen: list[tuple[int, str, str]] = []
    with ThreadPoolExecutor(2) as pool:
        for _ in range(rounds):
            seen += pool.map(lambda _n: _ask(port, method, path, body), range(2))
            workers = [w for _s, w, _t in seen]
            if len(set(workers)) == 2 and min(map(workers.count, set(workers))) >= 3:
                break
    assert len({w for _s, w, _t in seen}) == 2, "one worker answered everything"
    return seen


def test_two_gunicorn_workers_share_the_limit_and_follow_each_others_writes(
    tmp_path: Path,
) -> None:
    pytest.importorskip("gunicorn")
    (tmp_path / "config.py").write_text("RATE_LIMIT = (3, 3600.0)\nSTORE_LIMIT = None\n")
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}"]
    command += ["--chdir", str(ROOT), f"tests.gunicorn_helpers:worker_app({str(tmp_path)!r})"]
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as said:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=said)
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                assert server.poll() is None, log.read_text()[-2000:]
                time.sleep(0.1)
        _both(port, "GET", "/", rounds=300)  # both workers up (one may boot later)
        doc = session_document("tournament", 4, hands=1)
        status, _w, text = _ask(port, "POST", "/api/sessions", doc)
        assert status == 201, text
        session_id = json.loads(text)["id"]
        # each worker keeps the watch page of version 1 ...
        kept = _both(port, "GET", f"/w/{session_id}")
        assert all(s == 200 and 'id="hand-2"' not in t for s, _w, t in kept)
        db = connect(str(tmp_path / "barbu.db"))  # ... a third process adds hand 2 ...
        hand = session_document("tournament", 4, hands=2)["hands"][1]
        assert add_hand(db, session_id, 2, HandEntry(**hand), "test")
        db.close()
        pages = _both(port, "GET", f"/w/{session_id}")  # ... and both workers show it
        assert all(s == 200 and 'id="hand-2"' in t for s, _w, t in pages)
        # three creations an hour from this address, counted across both workers
        made = _both(port, "POST", "/api/sessions", doc)
        assert sorted({s for s, _w, _t in made}) == [201, 429]
        assert [s for s, _w, _t in made].count(201) == 2  # the first creation took one
    finally:
        server.terminate()
        server.wait(20)
