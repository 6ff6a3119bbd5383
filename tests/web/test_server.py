"""Issue 27 item 12, the server's half: waitress's own answers (a malformed request line,
headers past its limit) carried none of the app's security headers. The server
``serve`` builds (web/server.build) is run here on a real loopback socket and sent what
only waitress answers."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from barbu_scorer.app import create_app
from barbu_scorer.web.security import HEADERS
from barbu_scorer.web.server import (
    FEWEST,
    PROXY_HEADERS,
    TrustedProxy,
    build,
    connection_ceiling,
    proxy_settings,
    reserved_files,
)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[int]:
    """The app under the server ``serve`` builds, on a free loopback port."""
    from waitress import wasyncore

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "s"})
    sockets: dict[int, Any] = {}
    server = build(app, None, host="127.0.0.1", port=0, threads=2, map=sockets)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield int(server.effective_port)
    server.trigger.pull_trigger(lambda: wasyncore.close_all(sockets))
    thread.join(timeout=5)
    server.task_dispatcher.shutdown()


def _raw(port: int, request: bytes) -> tuple[int, dict[str, str]]:
    """Send bytes as they are; the answer's status and headers (lower-case names)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 300_000 + b"\r\n\r\n", 431),
        (b"GARBAGE\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n", 400),
    ],
    ids=["oversized header", "malformed request line", "malformed content-length"],
)
def test_waitress_own_errors_carry_the_security_headers(
    served: int, request_bytes: bytes, status: int
) -> None:
    got, headers = _raw(served, request_bytes)
    assert got == status
    for name, value in HEADERS.items():
        assert headers.get(name.lower()) == value, name
    assert headers.get("cache-control") == "no-store"


def test_the_apps_own_answers_are_unchanged(served: int) -> None:
    got, headers = _raw(served, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert got == 200 and headers["x-frame-options"] == "DENY"
    assert list(headers).count("x-frame-options") == 1


# What serve tells waitress: whom to believe about a client's address, how many
# connections it may hold.


def test_no_proxy_drops_every_proxy_header() -> None:
    assert proxy_settings(None) == {"clear_untrusted_proxy_headers": True}
    trusted = proxy_settings("127.0.0.1")
    assert trusted["trusted_proxy"] == "127.0.0.1" and trusted["trusted_proxy_count"] == 1
    assert trusted["trusted_proxy_headers"] == set(PROXY_HEADERS)


def test_only_the_named_proxy_is_believed() -> None:
    seen: list[dict[str, Any]] = []

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        seen.append(dict(environ))
        return []

    wrapped = TrustedProxy(app, ["127.0.0.1"])
    forwarded = {"HTTP_X_FORWARDED_FOR": "203.0.113.9", "wsgi.url_scheme": "http"}
    wrapped({"REMOTE_ADDR": "192.0.2.1", **forwarded}, None)
    wrapped({"REMOTE_ADDR": "127.0.0.1", **forwarded}, None)
    assert "HTTP_X_FORWARDED_FOR" not in seen[0] and seen[0]["REMOTE_ADDR"] == "192.0.2.1"
    assert seen[1]["REMOTE_ADDR"] == "203.0.113.9"


def test_the_ceiling_keeps_files_for_the_threads() -> None:
    assert reserved_files(4) == 80
    ceiling = connection_ceiling(FEWEST, 4)
    assert ceiling.connections == FEWEST and not ceiling.lowered
