"""`barbu-scorer serve` keeps answering with many idle connections open, and closes idle
ones after its channel timeout (issue 13: 98 idle connections stopped the server)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    port = _free_port()
    command = [sys.executable, "-c", "from barbu_scorer.cli import main; main()", "serve"]
    command += ["--port", str(port)]
    command += ["--instance", str(tmp_path / "i"), "--channel-timeout", "2", "--threads", "2"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{base}/", timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    yield base, process
    if process.poll() is None:
        process.terminate()
        process.communicate(timeout=10)


def test_many_idle_connections_do_not_stop_the_server(server: tuple[str, Any]) -> None:
    base, process = server
    port = int(base.rsplit(":", 1)[1])
    idle = []
    try:
        for _ in range(150):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        started = time.monotonic()
        with urllib.request.urlopen(f"{base}/", timeout=10) as response:
            assert response.status == 200
        assert time.monotonic() - started < 5
        # The idle ones are closed after the channel timeout (2 s here, checked as often).
        time.sleep(5)
        idle[0].settimeout(5)
        assert idle[0].recv(1) == b""
    finally:
        for s in idle:
            s.close()


def test_serve_logs_each_request_without_the_key(server: tuple[str, Any]) -> None:
    base, process = server
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{base}/s/nosuch/k/TOPSECRET", timeout=10)
    process.terminate()
    _out, err = process.communicate(timeout=10)
    assert '"GET /s/nosuch/k/***" 404' in err and "TOPSECRET" not in err
    assert err.count('"GET /" 200') == 1  # one line each, not twice
