"""Issue 29 item 5, a clean stop: Ctrl-C stops ``serve`` in under a second once the
requests in flight are answered, and SIGTERM leaves no "leaked semaphore" warning (a
``serve`` killed by SIGTERM left its render child's semaphores to the resource tracker).
The real command, in a process group of its own, as a terminal's Ctrl-C reaches it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import executable, run_cli
from tests.serve_helpers import free_port
from tests.sheet_sessions import session_document

STOPPED_WITHIN = 1.0
"""Seconds from the stop (or the last answer in flight) to the process's end."""


def _wait_until_up(process: subprocess.Popen[str], port: int) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                response.read()
                return
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, process.communicate()
            time.sleep(0.1)


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int, Path]]:
    """``serve`` on a fresh instance (a 28-hand session imported: its sheet takes a while
    to lay out), in a process group of its own; its port and instance folder."""
    instance = tmp_path / "instance"
    document = tmp_path / "session.json"
    document.write_text(json.dumps(session_document(hands=28)))
    imported = run_cli("import", str(document), "--instance", str(instance))
    assert imported.returncode == 0, imported.stderr
    watch = imported.stdout.split("watch link:")[1].split()[0]
    (tmp_path / "watch").write_text(watch)
    port = free_port()
    process = subprocess.Popen(
        [executable(), "serve", "--host", "127.0.0.1", "--port", str(port)]
        + ["--instance", str(instance)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        _wait_until_up(process, port)
        yield process, port, tmp_path
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=10)


def _ended(process: subprocess.Popen[str]) -> tuple[float, str]:
    """When the process ended (monotonic) and its stderr."""
    while process.poll() is None:
        time.sleep(0.005)
    ended = time.monotonic()
    _out, err = process.communicate(timeout=10)
    return ended, err


def test_ctrl_c_answers_the_request_in_flight_then_stops_within_a_second(
    serving: tuple[subprocess.Popen[str], int, Path],
) -> None:
    process, port, folder = serving
    session = (folder / "watch").read_text().rstrip("/").rsplit("/", 1)[1]
    answer: dict[str, object] = {}

    def fetch_sheet() -> None:
        url = f"http://127.0.0.1:{port}/w/{session}/sheet.pdf"
        with urllib.request.urlopen(url, timeout=60) as response:
            answer["status"], answer["body"] = response.status, response.read()
        answer["at"] = time.monotonic()

    asking = threading.Thread(target=fetch_sheet)
    asking.start()
    time.sleep(0.15)  # the request is in the server's hands
    stopped = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the whole group
    asking.join(timeout=60)
    ended, err = _ended(process)
    assert answer.get("status") == 200, err
    assert bytes(answer["body"]).startswith(b"%PDF")  # type: ignore[call-overload]
    answered = float(answer["at"])  # type: ignore[arg-type]
    assert answered > stopped  # it was in flight when Ctrl-C came
    assert ended - answered < STOPPED_WITHIN, (ended - answered, err)
    assert process.returncode == 0 and "Traceback" not in err, err
    # a new connection is refused once stopped
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)


def test_ctrl_c_with_nothing_in_flight_stops_within_a_second(
    serving: tuple[subprocess.Popen[str], int, Path],
) -> None:
    process, _port, _folder = serving
    stopped = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    ended, err = _ended(process)
    assert ended - stopped < STOPPED_WITHIN, (ended - stopped, err)
    assert process.returncode == 0 and "Traceback" not in err, err


def test_sigterm_stops_cleanly_and_leaks_no_semaphore(
    serving: tuple[subprocess.Popen[str], int, Path],
) -> None:
    process, port, folder = serving
    session = (folder / "watch").read_text().rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/w/{session}/sheet.pdf") as response:
        assert response.read().startswith(b"%PDF")  # the render child is running
    stopped = time.monotonic()
    process.send_signal(signal.SIGTERM)
    ended, err = _ended(process)
    assert "leaked semaphore" not in err and "resource_tracker" not in err, err
    assert "Traceback" not in err, err
    assert process.returncode == 0 and ended - stopped < STOPPED_WITHIN, (ended - stopped, err)
