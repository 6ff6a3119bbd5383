"""A club night under load: the real ``barbu-scorer serve`` with a 25-table event.

    python bench/event.py [--tables 25] [--seconds 60] [--every 20] [--poll 2]

Self-contained: starts ``serve`` on a free loopback port with a temporary instance folder,
creates the event through the API (one session per table, four players each), then for a
bounded time drives every table's scorer saving a hand every ``--every`` seconds (each
table starting at a random moment of the first interval), while the director's console
and the TV leaderboard poll the event's live tag every ``--poll`` seconds and fetch their
page again whenever it moves, as static/js/live.js does. Prints the requests, the errors
and the p50/p95/p99 latencies of each kind; exits 1 on any error. Loopback only.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from event_helpers import hand_body  # noqa: E402


class Recorder:
    """Latencies and errors by kind of request, from many threads."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)
        self.lock = threading.Lock()

    def call(
        self, kind: str, opener: Any, request: urllib.request.Request, ok: tuple[int, ...]
    ) -> Any:
        start = time.perf_counter()
        status, body, headers = 0, b"", {}
        try:
            with opener.open(request, timeout=30) as answer:
                status, body, headers = answer.status, answer.read(), dict(answer.headers)
        except urllib.error.HTTPError as error:
            status, body, headers = error.code, error.read(), dict(error.headers)
        except OSError as error:
            body = str(error).encode()
        took = time.perf_counter() - start
        with self.lock:
            self.times[kind].append(took)
            if status not in ok:
                self.errors[kind].append(f"{status} {body[:120]!r}")
        return status, body, headers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(instance: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    code = "from barbu_scorer.cli import main; main()"
    config = Path(instance) / "config.py"
    Path(instance).mkdir(parents=True, exist_ok=True)
    config.write_text("RATE_LIMIT = None\n")
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--instance",
            instance,
            "--threads",
            "8",
            "--url",
            f"http://127.0.0.1:{port}/",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def create_event(base: str, tables: int) -> dict[str, Any]:
    body = json.dumps(
        {
            "name": "Bench club night",
            "format": "session",
            "seating": "draw",
            "players": [f"Bench player {n:03d}" for n in range(4 * tables)],
        }
    ).encode()
    request = urllib.request.Request(
        f"{base}/api/events", data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as answer:
        return dict(json.load(answer))


def scorer(rec: Recorder, table: dict[str, Any], until: float, every: float) -> None:
    key = str(table["links"]["scorer"]).rsplit("/", 1)[-1]
    opener = urllib.request.build_opener()
    url = f"{table['links']['watch'].split('/w/')[0]}/api/sessions/{table['session']}/hands"
    time.sleep(random.uniform(0, every))
    number = 1
    while time.monotonic() < until and number <= 28:
        body = json.dumps({"number": number, **hand_body(4, number - 1, number % 4)}).encode()
        request = urllib.request.Request(
            url,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "X-Edit-Key": key},
        )
        rec.call("save hand", opener, request, (201,))
        number += 1
        time.sleep(every)


def poller(
    rec: Recorder,
    kind: str,
    opener: Any,
    base: str,
    live: str,
    page: str,
    until: float,
    every: float,
) -> None:
    tag = ""
    rec.call(kind + " page", opener, urllib.request.Request(base + page), (200,))
    while time.monotonic() < until:
        request = urllib.request.Request(base + live, headers={"If-None-Match": tag} if tag else {})
        status, _body, headers = rec.call(kind + " poll", opener, request, (200, 304))
        if status == 200:
            tag = headers.get("ETag", "")
            rec.call(kind + " page", opener, urllib.request.Request(base + page), (200,))
        time.sleep(every)


def report(rec: Recorder) -> int:
    print(f"{'kind':<16}{'requests':>9}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    total_errors = 0
    for kind in sorted(rec.times):
        times = sorted(rec.times[kind])
        q = statistics.quantiles(times, n=100, method="inclusive") if len(times) > 1 else times * 99
        errors = len(rec.errors[kind])
        total_errors += errors
        print(
            f"{kind:<16}{len(times):>9}{errors:>8}{q[49] * 1000:>9.1f}{q[94] * 1000:>9.1f}"
            f"{q[98] * 1000:>9.1f}"
        )
        for line in rec.errors[kind][:3]:
            print("   ", line)
    print(f"total: {sum(len(t) for t in rec.times.values())} requests, {total_errors} errors")
    return total_errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--every", type=float, default=20)
    parser.add_argument("--poll", type=float, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(str(Path(tmp) / "instance"), port)
        base = f"http://127.0.0.1:{port}"
        try:
            started = time.perf_counter()
            event = create_event(base, args.tables)
            print(
                f"event of {len(event['tables'])} tables created in "
                f"{(time.perf_counter() - started) * 1000:.0f} ms"
            )
            rec = Recorder()
            director = urllib.request.build_opener(
                urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
            )
            rec.call(
                "director link",
                director,
                urllib.request.Request(event["links"]["director"]),
                (200,),
            )
            until = time.monotonic() + args.seconds
            eid = event["id"]
            threads = [
                threading.Thread(target=scorer, args=(rec, t, until, args.every))
                for t in event["tables"]
            ]
            threads.append(
                threading.Thread(
                    target=poller,
                    args=(
                        rec,
                        "console",
                        director,
                        base,
                        f"/e/{eid}/live",
                        f"/e/{eid}/console",
                        until,
                        args.poll,
                    ),
                )
            )
            threads.append(
                threading.Thread(
                    target=poller,
                    args=(
                        rec,
                        "tv",
                        urllib.request.build_opener(),
                        base,
                        f"/e/{eid}/live",
                        f"/e/{eid}/tv",
                        until,
                        args.poll,
                    ),
                )
            )
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            server.terminate()
            server.wait(timeout=10)
    sys.exit(1 if report(rec) else 0)


if __name__ == "__main__":
    main()
