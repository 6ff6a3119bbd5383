"""What the benches share: a real `barbu-scorer serve` and a bare Flask app on loopback
ports, each a subprocess with its own temporary instance; a keep-alive HTTP client that
keeps cookies; medians, percentiles and a process's CPU time.

Everything stays on 127.0.0.1; nothing is fetched from anywhere.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_up(port: int, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"the server on {port} stopped: {process.returncode}")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing answers on {port}")


TIMING = "SERVER_TIMING = True\n"
"""The instance setting that makes the app tell each answer's server CPU (Server-Timing)."""


@contextlib.contextmanager
def server(
    *extra: str,
    bare: bool = False,
    settle: float = 6,
    config: str = "",
    root: Path = ROOT,
    workers: int = 0,
) -> Iterator[tuple[int, int]]:
    """(port, pid) of `barbu-scorer serve` (or of the bare baseline app under the same
    waitress, its database in the same temporary folder), stopped at the end; ``root``:
    the source tree to serve (another checkout, to compare with the code before);
    ``workers``: gunicorn with that many workers instead (``extra``: its options)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.TemporaryDirectory() as instance:
        # the instance's own settings (instance/config.py), each answer's CPU told
        Path(instance, "config.py").write_text(TIMING + config)
        if bare:
            command = [sys.executable, str(ROOT / "bench" / "bare.py"), str(port), *extra]
            command += ["--db", str(Path(instance, "bare.db")), "--timing"]
        elif workers:  # gunicorn's workers, each the app as app.serving makes it
            command = [sys.executable, "-m", "gunicorn", "-w", str(workers), *extra]
            command += ["-b", f"127.0.0.1:{port}", f"barbu_scorer.app:serving({instance!r})"]
        else:
            command = [
                sys.executable, "-c", "from barbu_scorer.cli import main; main()", "serve",
                "--host", "127.0.0.1", "--port", str(port), "--instance", instance, *extra,
            ]  # fmt: skip
        # cwd: the tree served (``python -c`` puts the working folder first on sys.path:
        # started from another checkout, the code measured would be that one's)
        process = subprocess.Popen(
            command, env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            _wait_up(port, process)
            if not bare:
                time.sleep(settle)  # the start-up warm-up of the PDF renderer
            yield port, process.pid
        finally:
            process.terminate()
            process.wait(10)


def server_time(headers: dict[str, str]) -> float:
    """The server's own time for one answer (seconds): its Server-Timing ``wait`` (from the
    stamped request's sending to the app's call: read, then queued for a thread) plus
    ``app`` (the app's call, to its headers); NaN if untold."""
    told = dict(re.findall(r"(\w+);dur=([0-9.]+)", headers.get("server-timing", "")))
    if "wait" not in told or "app" not in told:
        return float("nan")
    return (float(told["wait"]) + float(told["app"])) / 1000


def server_cpu(headers: dict[str, str]) -> float:
    """The server's CPU for one answer (seconds; its Server-Timing ``cpu``), NaN if untold."""
    found = re.search(r"cpu;dur=([0-9.]+)", headers.get("server-timing", ""))
    return float(found.group(1)) / 1000 if found else float("nan")


class Client:
    """One phone: a keep-alive connection, its cookies, its ETags. ``Client.last_cpu``:
    the server CPU the last answer (of any client) told."""

    last_cpu = float("nan")
    stamped = False
    """Whether requests carry ``X-Sent-At`` (then the server tells their wait in it)."""

    def __init__(self, port: int, timeout: float = 30) -> None:
        self.port, self.timeout = port, timeout
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes, dict[str, str]]:
        sent = dict(headers or {})
        data: bytes | None = None
        if isinstance(body, dict):  # JSON; a list of (name, value) pairs is a form
            data, sent["Content-Type"] = json.dumps(body).encode(), "application/json"
        elif body is not None:
            data = urlencode(body, doseq=True).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
                self.conn.connect()
                self.conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            try:
                if Client.stamped:
                    sent["X-Sent-At"] = repr(time.monotonic())
                self.conn.request(method, path, body=data, headers=sent)
                answer = self.conn.getresponse()
                payload = answer.read()
                break
            except (http.client.HTTPException, OSError):
                self.close()
                if attempt == 2:
                    raise
        got = {k.lower(): v for k, v in answer.getheaders()}
        Client.last_cpu = server_cpu(got)
        for k, v in answer.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return answer.status, payload, got

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children so far (Linux /proc: a
    child's own, while it runs: gunicorn's workers, the sheets' render child)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    with contextlib.suppress(OSError):
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        own += sum(cpu_seconds(int(child)) for child in children)
    return own


def process_cpu(pid: int) -> float:
    """CPU time of every thread of a process so far, in seconds, to the nanosecond (the
    scheduler's own account, /proc/PID/task/*/schedstat): fine enough for one request."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def csrf_of(page: bytes) -> str:
    """The CSRF token a form page carries."""
    found = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', page)
    if found is None:
        raise RuntimeError("the page has no CSRF token")
    return found.group(1).decode()


def hand_fields(hand: dict[str, Any], version: int, csrf: str = "") -> list[tuple[str, str]]:
    """A computed hand as the hand form posts it, in raw mode (what a scorer taps)."""
    out = [("csrf_token", csrf), ("number", str(hand["number"])), ("version", str(version))]
    out += [("contract", hand["contract"]), ("mode", "raw"), ("action", "save")]
    out += [(f"raw-{seat}", str(value)) for seat, value in enumerate(hand["raw"])]
    out += [("double", f"{a}-{b}") for a, b in hand.get("doubles", [])]
    out += [(key, str(hand[key])) for key in ("trump", "start_rank") if key in hand]
    return out


def tournament(seed: int, hands: int | None = None) -> dict[str, Any]:
    """A legal Tournament session document (28 hands, or the first ``hands``)."""
    from tests.helpers import session_document

    return session_document("tournament", seed, hands)
