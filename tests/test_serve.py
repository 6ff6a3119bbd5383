"""``barbu-scorer serve`` for the table: it listens on the LAN, prints the address phones
open and its QR code, and every link is built from that address."""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from barbu_scorer.cli import main
from barbu_scorer.web import address
from barbu_scorer.web.address import check_url, table_url, terminal_qr
from tests.helpers import executable
from tests.serve_helpers import free_port


def served(args: list[str], port: int) -> tuple[str, str]:
    """Start the real command, wait until it answers on 127.0.0.1, fetch the home page,
    stop it; what it printed and the home page."""
    process = subprocess.Popen(
        [executable(), "serve", "--port", str(port), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline, home = time.monotonic() + 30, ""
        while time.monotonic() < deadline and not home:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    home = response.read().decode()
            except OSError:
                assert process.poll() is None, process.communicate()
                time.sleep(0.2)
    finally:
        process.terminate()
        out, err = process.communicate(timeout=10)
    assert home, err
    return out, home


def test_serve_prints_the_address_phones_open_and_its_qr(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://192.168.1.20:{port}/"
    out, home = served(["--host", "127.0.0.1", "--url", url, "--instance", str(tmp_path)], port)
    lines = out.splitlines()
    assert lines[0].startswith(f"Barbu Scorer on {url}")
    assert lines[1] == f"Phones on the same network: open {url} or scan this code."
    qr = terminal_qr(url)
    assert qr in out and len(qr.splitlines()) > 10 and "█" in qr
    # the home page on the laptop shows the same address and a QR code of it
    assert f'value="{url}"' in home and "<svg" in home
    assert (tmp_path / "barbu.db").exists()


def test_serve_on_127_0_0_1_says_it_is_local(tmp_path: Path) -> None:
    port = free_port()
    out, home = served(["--host", "127.0.0.1", "--instance", str(tmp_path)], port)
    assert out.splitlines()[0].startswith(f"Barbu Scorer on http://127.0.0.1:{port}/")
    assert "Only this machine can open it" in out and "█" not in out
    assert f'value="http://127.0.0.1:{port}/"' in home


def test_serve_listens_on_every_interface_by_default() -> None:
    help_text = CliRunner().invoke(main, ["serve", "--help"]).output
    assert "[default: 0.0.0.0]" in help_text and "--url" in help_text


def test_serve_refuses_a_url_that_is_not_http() -> None:
    result = CliRunner().invoke(main, ["serve", "--url", "scorer.lan"])
    assert result.exit_code == 1
    assert "--url must be an http:// or https:// address" in result.output


@pytest.mark.parametrize(
    ("host", "lan", "expected"),
    [
        ("0.0.0.0", "192.168.1.7", ("http://192.168.1.7:5000/", True)),
        ("::", "10.0.0.4", ("http://10.0.0.4:5000/", True)),
        ("0.0.0.0", None, ("http://127.0.0.1:5000/", False)),
        ("127.0.0.1", "192.168.1.7", ("http://127.0.0.1:5000/", False)),
        ("localhost", "192.168.1.7", ("http://localhost:5000/", False)),
        ("::1", None, ("http://[::1]:5000/", False)),
        ("192.168.1.9", None, ("http://192.168.1.9:5000/", True)),
        ("scorer.lan", None, ("http://scorer.lan:5000/", True)),
    ],
)
def test_the_table_url(
    monkeypatch: pytest.MonkeyPatch, host: str, lan: str | None, expected: tuple[str, bool]
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: lan)
    assert table_url(host, 5000) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://scorer.lan", "https://scorer.lan/"),
        ("https://scorer.lan/", "https://scorer.lan/"),
        (" http://10.0.0.2:8080/barbu/ ", "http://10.0.0.2:8080/barbu/"),
    ],
)
def test_a_given_url_wins(url: str, expected: str) -> None:
    assert table_url("0.0.0.0", 5000, url) == (expected, True)
    assert check_url(url) == expected


@pytest.mark.parametrize("url", ["scorer.lan", "ftp://scorer.lan/", "http://", "javascript:x"])
def test_a_url_must_be_http(url: str) -> None:
    with pytest.raises(ValueError, match="http:// or https://"):
        check_url(url)


class FakeSocket:
    """A UDP socket that records what it is asked: connect picks a route, nothing is sent."""

    calls: list[tuple[str, Any]] = []
    local = "192.168.1.7"

    def __init__(self, family: int, kind: int) -> None:
        self.calls.append(("socket", (family, kind)))

    def __enter__(self) -> FakeSocket:
        return self

    def __exit__(self, *args: object) -> None:
        pass

    def connect(self, target: tuple[str, int]) -> None:
        self.calls.append(("connect", target))

    def getsockname(self) -> tuple[str, int]:
        return (self.local, 40000)


def test_the_lan_address_is_found_without_sending_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    FakeSocket.calls = []
    monkeypatch.setattr(address.socket, "socket", FakeSocket)
    assert address.lan_address() == "192.168.1.7"
    assert FakeSocket.calls == [
        ("socket", (socket.AF_INET, socket.SOCK_DGRAM)),
        ("connect", ("10.255.255.255", 1)),
    ]  # no send: a FakeSocket has none, so any would fail


def test_a_loopback_only_machine_falls_back_to_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FakeSocket, "local", "127.0.0.1")
    monkeypatch.setattr(address.socket, "socket", FakeSocket)
    infos = [
        (socket.AF_INET, 0, 0, "", ("127.0.1.1", 0)),
        (socket.AF_INET, 0, 0, "", ("10.1.2.3", 0)),
    ]
    monkeypatch.setattr(address.socket, "getaddrinfo", lambda *args: infos)
    assert address.lan_address() == "10.1.2.3"
    monkeypatch.setattr(address.socket, "getaddrinfo", lambda *args: infos[:1])
    assert address.lan_address() is None


@contextlib.contextmanager
def running(args: list[str], port: int) -> Iterator[tuple[str, list[str]]]:
    """The real command on 127.0.0.1:``port`` while the block runs: its address and the
    lines it printed up to its one-time club page (stderr is kept for the end)."""
    process = subprocess.Popen(
        [executable(), "serve", "--port", str(port), "--host", "127.0.0.1", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines: list[str] = []
        printed: queue.Queue[str] = queue.Queue()
        stdout = process.stdout
        assert stdout is not None
        threading.Thread(target=lambda: [printed.put(x) for x in stdout], daemon=True).start()
        while not any("opens once" in line for line in lines):
            assert process.poll() is None, lines
            lines.append(printed.get(timeout=30).rstrip("\n"))
        deadline = time.monotonic() + 30
        while True:  # printed before waitress listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, lines
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", lines
    finally:
        process.terminate()
        process.communicate(timeout=10)


def fetch(url: str, headers: dict[str, str] | None = None, data: bytes | None = None) -> Any:
    """(status, body) of one request, an HTTP error's status included."""
    request = urllib.request.Request(url, headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_serve_prints_the_club_link_and_no_page_shows_it_behind_a_proxy(tmp_path: Path) -> None:
    """Behind the README's proxy (Caddy on the laptop) every phone's request reaches
    waitress from 127.0.0.1 and waitress drops its X-Forwarded-For: the home page must not
    take that for the laptop. The terminal prints the club link, and a page this laptop
    opens once shows it."""
    port = free_port()
    url = f"http://192.168.1.20:{port}/"
    with running(["--url", url, "--instance", str(tmp_path)], port) as (base, out):
        links = [line for line in out if line.startswith("Club link")]
        assert len(links) == 1, out
        link = links[0].rsplit(" ", 1)[1]
        assert link.startswith(f"{url}club/") and len(link) == len(f"{url}club/") + 22
        for headers in ({"X-Forwarded-For": "192.168.1.50"}, {}):
            status, home = fetch(f"{base}/", headers)
            assert status == 200 and link not in home and "/club/" not in home
        once = [line for line in out if "opens once" in line][0].rsplit(" ", 1)[1]
        assert once.startswith(f"{url}club/once/")
        path = once[len(url) - 1 :]
        status, page = fetch(base + path)
        assert status == 200 and link in page
        assert fetch(base + path)[0] == 404  # once
    with running(["--url", url, "--instance", str(tmp_path)], port) as (_base, again):
        assert f"Club link (renames, merges, deletes players): {link}" in again  # same key


def _create(base: str, client: str) -> int:
    body = json.dumps({"format": "barbu-session/1", "players": ["A", "B", "C", "D"]})
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
    return int(fetch(f"{base}/api/sessions", headers, body.encode())[0])


def test_the_rate_limit_counts_the_real_client_behind_a_trusted_proxy(tmp_path: Path) -> None:
    """With ``--trusted-proxy 127.0.0.1`` (the proxy on the laptop) each phone behind it
    has its own allowance; without it the header is not believed (a client that makes up
    X-Forwarded-For does not get a new allowance)."""
    (tmp_path / "config.py").write_text("RATE_LIMIT = (3, 600.0)\n")
    port = free_port()
    args = ["--instance", str(tmp_path), "--trusted-proxy", "127.0.0.1"]
    with running(args, port) as (base, _out):
        assert [_create(base, "10.0.0.7") for _ in range(4)] == [201, 201, 201, 429]
        assert _create(base, "10.0.0.8") == 201  # another phone behind the proxy
    port = free_port()
    with running(["--instance", str(tmp_path)], port) as (base, _out):
        found = [_create(base, f"10.0.1.{n}") for n in range(4)]
        assert found == [201, 201, 201, 429]  # one client, whatever it says it relays
