"""A club night on one `barbu-scorer serve`: N tables, each a scorer and three watchers.

    python bench/club.py [--tables 100] [--seconds 60] [--threads 4] [--watchers 3]
    python bench/club.py --event 25 [--seconds 60] [--threads 4]
    python bench/club.py --gunicorn 2 [--threads 8]    (gunicorn's workers instead)

Each scorer does what the phone does every 20 s: the hand form (GET), the save (POST,
the form as the page posts it), the session page (GET). Each watcher asks the live
endpoint every 2 s with its ETag (a 304 while nothing changed) and, when the version
moved, fetches the watch page again (with its own ETag), as static/js/live.js does.
Everything runs on loopback against a real server started as a subprocess on a free
port with its own temporary instance (its rate limit for new sessions opened, since all
the phones here share one address). It prints, per request kind, the requests, the
errors and p50/p95/p99, and the server's CPU (1.00 = one core), beside a bare Flask
baseline's p50 measured in the same run. Server-side times (p50, p99) are the server's own
account of each request (its Server-Timing: the wait from the stamped request's sending
to the app's call, then the app's call), over the whole run from its first request (the
start-up burst included) and after its first 10 s; client-side times add the bench's own
delays (its 400 phones are threads of one Python process on the same cores).

The load is ``run_load``: actors, each a list of ``Kind`` (name, method, an address
builder, a period) done in turn once per period. ``--event N`` is the club night as one
event of N tables (bench/club_event.py): every scorer on the phone's own path (the script's
save and the page's beat), the director's console and the TV leaderboard polling.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import (
    ROOT,
    Client,
    cpu_seconds,
    csrf_of,
    hand_fields,
    median,
    percentile,
    server,
    server_time,
    tournament,
)

Request = tuple[str, Any, dict[str, str]]
SETTLED = 10.0
"""Seconds of start-up (every phone's first requests), reported apart as well."""
"""An address, a body (None, a JSON dict, or form pairs) and headers."""


@dataclass
class Table:
    """One table's state, as its phones know it."""

    session_id: str
    hands: list[dict[str, Any]]
    """The computed hands of a complete session: the next one is posted in raw mode."""
    next: int
    version: int = 1
    csrf: str = ""
    etags: dict[int, dict[str, str]] = field(default_factory=dict)
    """Per watcher: the ETag of each address it keeps."""


@dataclass(frozen=True)
class Kind:
    """One request of an actor's round: its name, method, address builder and period."""

    name: str
    method: str
    build: Callable[[Table, int], Request | None]
    """The request for this table and phone (None: nothing to ask this round)."""
    period: float
    expect: tuple[int, ...] = (200,)
    seen: Callable[[Table, int, int, bytes, dict[str, str]], None] | None = None
    """What the phone learns from the answer."""


@dataclass
class Actor:
    table: Table
    phone: int
    client: Client
    kinds: list[Kind]


@dataclass
class Tally:
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Client-side: from the request's sending to its answer read, per kind."""
    server: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Server-side: the wait in the server and the app's call (``common.server_time``)."""
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    later: list[float] = field(default_factory=list)
    """Server-side times of the requests sent after the first ``SETTLED`` seconds."""
    began: float = field(default_factory=time.monotonic)
    why: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    """What the errors were (an answer's status, an exception's name), counted."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(
        self, kind: str, seconds: float, ok: bool, served: float = float("nan"), why: str = ""
    ) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            if served == served:  # told (not NaN)
                self.server[kind].append(served)
                if time.monotonic() - seconds - self.began > SETTLED:
                    self.later.append(served)
            if not ok:
                self.errors[kind] += 1
                self.why[f"{kind}: {why}"] += 1


def _act(actor: Actor, tally: Tally) -> None:
    for kind in actor.kinds:
        built = kind.build(actor.table, actor.phone)
        if built is None:
            continue
        path, body, headers = built
        start = time.perf_counter()
        try:
            status, payload, got = actor.client.request(kind.method, path, body, headers)
        except Exception as error:  # a timeout or a refused connection: an error of this kind
            tally.add(kind.name, time.perf_counter() - start, False, why=repr(error)[:80])
            actor.client.close()
            return
        took, ok = time.perf_counter() - start, status in kind.expect
        why = f"answered {status}"
        try:
            if ok and kind.seen is not None:
                kind.seen(actor.table, actor.phone, status, payload, got)
        except Exception as error:  # an answer the phone cannot use: an error
            ok, why = False, repr(error)[:80]
        tally.add(kind.name, took, ok, server_time(got), why)
        if not ok:
            return


def run_load(actors: list[Actor], seconds: float) -> Tally:
    """Every actor does its kinds in turn once per period (its first kind's), starting at
    a random moment of the first period, until ``seconds`` have passed."""
    tally = Tally()
    deadline = time.monotonic() + seconds

    def loop(actor: Actor) -> None:
        period = actor.kinds[0].period
        due = time.monotonic() + random.uniform(0, period)
        while True:
            pause = min(due, deadline) - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            if time.monotonic() >= deadline:
                return
            _act(actor, tally)
            due += period

    threads = [threading.Thread(target=loop, args=(a,), daemon=True) for a in actors]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 120)
    return tally


# --- the club night: scorers and watchers ---------------------------------------------

VERSION = re.compile(rb'name="version"[^>]*value="(\d+)"')


def _form(table: Table, _phone: int) -> Request | None:
    if table.next > len(table.hands):
        return None
    contract = table.hands[table.next - 1]["contract"]
    return f"/s/{table.session_id}/hand/{table.next}?contract={contract}", None, {}


def _form_seen(table: Table, _p: int, _s: int, page: bytes, _h: dict[str, str]) -> None:
    table.csrf = csrf_of(page)
    found = VERSION.search(page)
    table.version = int(found.group(1)) if found else table.version


def _save(table: Table, _phone: int) -> Request | None:
    if table.next > len(table.hands) or not table.csrf:
        return None
    body = hand_fields(table.hands[table.next - 1], table.version, table.csrf)
    return f"/s/{table.session_id}/hand/{table.next}", body, {}


def _saved(table: Table, _p: int, _s: int, _b: bytes, _h: dict[str, str]) -> None:
    table.next += 1
    table.csrf = ""


def _conditional(address: Callable[[Table], str]) -> Callable[[Table, int], Request]:
    def build(table: Table, phone: int) -> Request:
        path = address(table)
        tag = table.etags.setdefault(phone, {}).get(path)
        return path, None, ({"If-None-Match": tag} if tag else {})

    return build


def _keep_etag(address: Callable[[Table], str]) -> Callable[..., None]:
    def seen(table: Table, phone: int, _s: int, _b: bytes, headers: dict[str, str]) -> None:
        if "etag" in headers:
            table.etags.setdefault(phone, {})[address(table)] = headers["etag"]

    return seen


def _live(table: Table) -> str:
    return f"/w/{table.session_id}/live"


def _watch(table: Table) -> str:
    return f"/w/{table.session_id}"


def _watch_on_change(table: Table, phone: int) -> Request | None:
    """The watch page, only in a round where the live endpoint said the version moved."""
    kept = table.etags.setdefault(phone, {})
    if not kept.pop("moved", None):
        return None
    return _conditional(_watch)(table, phone)


def _live_seen(table: Table, phone: int, status: int, body: bytes, h: dict[str, str]) -> None:
    _keep_etag(_live)(table, phone, status, body, h)
    if status == 200:
        table.etags.setdefault(phone, {})["moved"] = "1"


SCORER = [
    Kind("hand form GET", "GET", _form, 20.0, seen=_form_seen),
    Kind("save POST", "POST", _save, 20.0, expect=(302, 303), seen=_saved),
    Kind("session page GET", "GET", lambda t, _p: (f"/s/{t.session_id}", None, {}), 20.0),
]
WATCHER = [
    Kind("live GET (ETag)", "GET", _conditional(_live), 2.0, (200, 304), _live_seen),
    Kind(
        "watch page GET (on change)", "GET", _watch_on_change, 2.0, (200, 304), _keep_etag(_watch)
    ),
]


def _tables(port: int, count: int) -> list[tuple[Table, Client]]:
    """``count`` sessions, each some hands in, with the scorer's phone holding its key."""
    computed = []
    for seed in range(5):
        maker = Client(port)
        _s, body, _h = maker.request("POST", "/api/sessions", tournament(seed))
        made = json.loads(body)
        _s, body, _h = maker.request("GET", f"/api/sessions/{made['id']}")
        computed.append((tournament(seed), json.loads(body)["hands"]))
    out = []
    for n in range(count):
        doc, hands = computed[n % len(computed)]
        start = random.randrange(0, 22)
        phone = Client(port)
        _s, body, _h = phone.request(
            "POST", "/api/sessions", {**doc, "hands": doc["hands"][:start]}
        )
        made = json.loads(body)
        phone.request("GET", f"/s/{made['id']}/k/{made['edit_key']}")
        out.append((Table(made["id"], hands, start + 1), phone))
    return out


def _bare_p50(port: int, seconds: float = 3) -> float:
    client, times, end = Client(port), [], time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        client.request("GET", "/page")
        times.append(time.perf_counter() - start)
    return median(times)


def _actors(port: int, args: Any) -> list[Actor]:
    actors = []
    for table, phone in _tables(port, args.tables):
        actors.append(Actor(table, 0, phone, SCORER))
        for watcher in range(1, args.watchers + 1):
            actors.append(Actor(table, watcher, Client(port), WATCHER))
    return actors


def _event_actors(port: int, count: int) -> list[Actor]:
    from club_event import event_actors

    return event_actors(port, count)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--watchers", type=int, default=3)
    parser.add_argument("--event", type=int, default=0, help="one event of N tables instead")
    parser.add_argument("--root", type=Path, default=ROOT, help="the source tree to serve")
    parser.add_argument("--gunicorn", type=int, default=0, help="gunicorn with N workers")
    args = parser.parse_args(argv)
    with server("--threads", str(args.threads), bare=True) as (bare, _b):
        base = _bare_p50(bare)
    config = "RATE_LIMIT = (10_000, 1.0)\nSTORE_LIMIT = None\n"
    Client.stamped = True  # every request stamped: the server tells its wait
    # Every phone here is 127.0.0.1, and one address holds a quarter of the connections at
    # most (web/server.py): 2,000 lets the 400 phones of one address in, as 400 phones of
    # their own addresses are let in under the default 1,000.
    limit = ("--keep-alive", "30") if args.gunicorn else ("--connection-limit", "2000")
    serving = server(
        "--threads", str(args.threads), *limit,
        config=config, root=args.root, workers=args.gunicorn,
    )  # fmt: skip
    with serving as (port, pid):
        actors = _event_actors(port, args.event) if args.event else _actors(port, args)
        cpu, began = cpu_seconds(pid), time.monotonic()
        tally = run_load(actors, args.seconds)
        elapsed = time.monotonic() - began
        cores = (cpu_seconds(pid) - cpu) / elapsed
    report(tally, args, base, cores, elapsed)
    if sum(tally.errors.values()):
        raise SystemExit(1)


def report(tally: Tally, args: Any, base: float, cores: float, elapsed: float) -> None:
    total = sum(len(t) for t in tally.times.values())
    errors = sum(tally.errors.values())
    who = (
        f"an event of {args.event} tables, its console and TV"
        if args.event
        else f"{args.tables} tables, {args.watchers} watchers each"
    )
    print(
        f"{who}, {elapsed:.0f} s from the first request, "
        f"{f'gunicorn -w {args.gunicorn} ' if args.gunicorn else ''}"
        f"--threads {args.threads}: {total} requests, {errors} errors, "
        f"server CPU {cores:.2f} cores; bare Flask page p50 {base * 1000:.2f} ms"
    )
    print("server-side: the wait in the server (read, queued for a thread) + the app's call;")
    print("client-side: the bench's phones' own times (they share the cores with the server)")
    print(
        f"{'kind':<28} {'requests':>8} {'errors':>6} {'server p50':>10} {'p99':>7}"
        f" {'client p50':>10} {'p95':>7} {'p99':>7} {'p50/bare':>8}"
    )
    every: list[float] = []
    served: list[float] = []
    for name, times in tally.times.items():
        every += times
        served += tally.server[name]
        s50, s99 = (percentile(tally.server[name], q) * 1000 for q in (0.5, 0.99))
        p50, p95, p99 = (percentile(times, q) * 1000 for q in (0.5, 0.95, 0.99))
        print(
            f"{name:<28} {len(times):>8} {tally.errors[name]:>6} {s50:>10.1f} {s99:>7.1f}"
            f" {p50:>10.1f} {p95:>7.1f} {p99:>7.1f} {p50 / 1000 / base:>7.1f}x"
        )
    s50, s99 = (percentile(served, q) * 1000 for q in (0.5, 0.99))
    p50, p95, p99 = (percentile(every, q) * 1000 for q in (0.5, 0.95, 0.99))
    print(
        f"{'all':<28} {total:>8} {errors:>6} {s50:>10.1f} {s99:>7.1f}"
        f" {p50:>10.1f} {p95:>7.1f} {p99:>7.1f}"
    )
    after = percentile(tally.later, 0.99) * 1000
    print(f"server-side p99 after the first {SETTLED:.0f} s: {after:.1f} ms")
    for what, count in sorted(tally.why.items()):
        print(f"  error: {what} ({count})")
    met = "met" if not errors and s99 <= 200 else "NOT met"
    print(f"aim: 0 errors, server-side p99 <= 200 ms: {met}")


if __name__ == "__main__":
    main()
