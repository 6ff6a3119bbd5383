"""What ``barbu-scorer serve`` tells waitress: whom to believe about a client's address,
and how many connections its event loop may hold.

A proxy's ``X-Forwarded-For`` is believed only from the address named with
``--trusted-proxy`` (waitress's ``trusted_proxy``; waitress drops the header from every
other peer), so the access log and the rate limits see each phone behind the proxy, and a
client that makes the header up gains nothing. Other servers (gunicorn) name theirs in
``TRUSTED_PROXIES`` (``instance/config.py``): :class:`TrustedProxy` applies Werkzeug's
``ProxyFix`` to their requests alone.

waitress's loop waits on ``poll()``, not ``select()``: ``select()`` cannot watch a file
descriptor past 1,023, and a thousand open connections made the loop raise "filedescriptor
out of range" and the process exit. The connection limit is checked at start against the
process's open-file limit (the soft limit raised to what is needed when the hard limit
allows; otherwise the connection limit is lowered to what the files hold, and ``serve``
says so). One client address holds at most a quarter of the connections (the trusted
proxy excepted): one machine opening connections and leaving them idle, or trickling its
headers in, cannot take every one; idle ones are closed after the channel timeout.
waitress's own error answers (a malformed request, headers past its limit) carry the
app's security headers and ``no-store`` like every other.
"""

from __future__ import annotations

import resource
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from werkzeug.middleware.proxy_fix import ProxyFix

PROXY_HEADERS = frozenset({"x-forwarded-for", "x-forwarded-proto"})
"""What a trusted proxy may tell: the client's address and whether it came by HTTPS."""


def proxy_settings(trusted_proxy: str | None) -> dict[str, Any]:
    """waitress's settings for one trusted proxy (none: every proxy header is dropped)."""
    if not trusted_proxy:
        return {"clear_untrusted_proxy_headers": True}
    return {
        "trusted_proxy": trusted_proxy,
        "trusted_proxy_count": 1,
        "trusted_proxy_headers": set(PROXY_HEADERS),
        "clear_untrusted_proxy_headers": True,
    }


class TrustedProxy:
    """A WSGI app that believes ``X-Forwarded-For``/``-Proto`` from the named proxies
    only (one hop, Werkzeug's ``ProxyFix``); every other request keeps its own address."""

    def __init__(self, app: Any, proxies: Iterable[str]) -> None:
        self.app = app
        self.fixed = ProxyFix(app, x_for=1, x_proto=1, x_host=0, x_port=0, x_prefix=0)
        self.proxies = frozenset(proxies)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REMOTE_ADDR") in self.proxies:
            return self.fixed(environ, start_response)
        for name in ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO"):
            environ.pop(name, None)
        return self.app(environ, start_response)


FEWEST = 16
"""Connections at least: an open-file limit that holds fewer refuses to start."""


def reserved_files(threads: int) -> int:
    """Open files kept for other things than connections: Python's own, the database
    (and its -wal and -shm) on each thread, the render child's pipes, logs, sheets."""
    return 64 + 4 * threads


@dataclass(frozen=True)
class Ceiling:
    """The connections the process may hold, and the open-file limit that decided it."""

    connections: int
    files: int
    lowered: bool


def connection_ceiling(wanted: int, threads: int) -> Ceiling:
    """``wanted`` connections, or fewer when the open-file limit cannot hold them (its
    soft limit raised first, as far as the hard limit lets); ValueError under ``FEWEST``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + reserved_files(threads)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return Ceiling(wanted, soft, False)
    allowed = min(wanted, soft - reserved_files(threads))
    if allowed < FEWEST:
        raise ValueError(soft)
    return Ceiling(allowed, soft, allowed < wanted)


def per_client(connections: int) -> int:
    """Connections one client address may hold at once."""
    return max(FEWEST, connections // 4)


def capped(channel: type, most: int, exempt: Iterable[str]) -> type:
    """waitress's channel class, closing at once a connection from an address that
    already holds ``most`` (the addresses in ``exempt`` never are)."""
    held: Counter[str] = Counter()
    lock = threading.Lock()
    free = frozenset(exempt)

    class Capped(channel):  # type: ignore[misc]
        _peer: str | None = None

        def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:  # noqa: A002
            peer = str(addr[0] if isinstance(addr, tuple) else addr)
            if peer not in free:
                with lock:
                    if held[peer] >= most:
                        sock.close()  # never registered: the loop never sees it
                        return
                    held[peer] += 1
                self._peer = peer
            super().__init__(server, sock, addr, adj, map)

        def del_channel(self, map: Any = None) -> None:  # noqa: A002
            super().del_channel(map)
            peer, self._peer = self._peer, None
            if peer is not None:
                with lock:
                    held[peer] -= 1
                    if held[peer] <= 0:
                        del held[peer]

    return Capped


def guarded_errors(task: type) -> type:
    """waitress's error task (its own 400, 431, 413, 500 answers: a malformed request
    line, headers past its limit...) answering with the app's security headers and
    ``no-store``, as every answer of the app does."""
    from barbu_scorer.web.security import HEADERS

    class Guarded(task):  # type: ignore[misc]
        def start(self) -> None:  # waitress: start, then the error's own headers and body
            super().start()
            self.response_headers.extend(HEADERS.items())
            self.response_headers.append(("Cache-Control", "no-store"))

    return Guarded


def build(app: Any, trusted_proxy: str | None, **settings: Any) -> Any:
    """waitress's server on ``settings`` (host, port, threads, connection_limit...): its
    loop on poll(), the proxy's headers believed from ``trusted_proxy`` alone, each client
    address held to ``per_client`` connections, its own error answers guarded."""
    from waitress import create_server

    server: Any = create_server(
        app, asyncore_use_poll=True, **settings, **proxy_settings(trusted_proxy)
    )
    most = per_client(int(settings.get("connection_limit", 100)))
    server.channel_class = capped(server.channel_class, most, [trusted_proxy or ""])
    server.channel_class.error_task_class = guarded_errors(server.channel_class.error_task_class)
    return server


GRACE = 10.0
"""Seconds the requests in flight get to finish once a stop is asked (a sheet's layout)."""
TICK = 0.1
"""Longest the loop waits on its sockets before it looks whether a stop was asked."""


def busy(channel: Any) -> bool:
    """Whether a connection has a request being answered or an answer not yet sent (a
    connection idle between requests, or one still sending its request, is not)."""
    return bool(
        getattr(channel, "requests", None)
        or getattr(channel, "total_outbufs_len", 0)
        or getattr(channel, "close_when_flushed", False)
    )


def drain(server: Any, grace: float = GRACE) -> None:
    """Stop ``server`` cleanly: it takes no new connection, the requests in flight are
    answered and their answers sent (``grace`` seconds at most), then every connection
    is closed and the worker threads end."""
    from waitress import wasyncore

    server.accepting = False
    server.del_channel()
    server.socket.close()  # a new connection is refused now, not left waiting
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(map(busy, list(server.active_channels.values()))):
        wasyncore.loop(timeout=0.02, map=server._map, use_poll=True, count=1)
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=1)
    wasyncore.close_all(server._map)


def run(app: Any, trusted_proxy: str | None, **settings: Any) -> None:
    """The server of :func:`build` until SIGINT (Ctrl-C) or SIGTERM: then it is drained
    (:func:`drain`) and the render child ended, so the process exits at once and whole
    (a process killed by SIGTERM left its child's semaphores to the resource tracker,
    which warned of them as leaked)."""
    from waitress import wasyncore

    from barbu_scorer.web import render_process

    server = build(app, trusted_proxy, **settings)
    server.print_listen("Serving on http://{}:{}")
    asked: list[int] = []
    before = {sig: signal.signal(sig, lambda n, _f: asked.append(n)) for sig in STOPS}
    try:
        while not asked and server._map:  # an empty map: the server was closed
            wasyncore.loop(timeout=TICK, map=server._map, use_poll=True, count=1)
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        drain(server)
        render_process.end()


STOPS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop ``serve`` cleanly."""
