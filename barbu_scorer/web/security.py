"""What every response carries and every request passes: security headers, an access log
line, and a per-client rate limit on the requests that store something new."""

from __future__ import annotations

import atexit
import ipaddress
import logging
import logging.handlers
import queue
import re
import sys
import threading
import time
from collections import OrderedDict
from typing import Any

from flask import Flask, Response, abort, current_app, g, request

from barbu_scorer.web.cookie import LastingCookie

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        # No page carries a style attribute or a <style> (the chart on screen is an
        # <img> with a data: address; only the PDF templates, never served, have <style>).
        "style-src 'self'",
        "img-src 'self' data:",
        # The app on the phone: its manifest and its one service worker, from here only.
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    )
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # The scorer's link carries the edit key in its address: never send it on.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}

# The requests that store something new: (endpoint, form action or None for any).
CREATING = {
    "sessions.new": None,
    "bridge_new.new": None,
    "api.create": None,
    "exports.import_session": None,
    "schemes.import_scheme": None,
    "schemes.new": "save",
    "events.new": None,
    "event_board.import_page": None,
    "api_events.create_event": None,
    # The table's word: a hand confirmed, a call to the director (web/views/event_checks.py).
    "event_checks.confirm": None,
    "event_checks.call": None,
    "notes.note": None,  # a note's text is stored too (and its history line)
    "notes.bridge_note": None,
}

access_log = logging.getLogger("barbu_scorer.access")
RATE_LIMIT = "barbu_rate_limit"
"""Where the app keeps its creations' bucket (``app.extensions``)."""
_KEY_IN_PATH = re.compile(r"/(k|director|club/once|club)/[^/?#]+")


def redacted(path: str) -> str:
    """A path fit for a log: the key of a scorer's, a director's or the club link replaced
    by ``***``."""
    return _KEY_IN_PATH.sub(lambda m: f"/{m.group(1)}/***", path)


class TokenBucket:
    """Per-client buckets of ``capacity`` tokens refilled at ``rate`` a second.

    In memory, for one process (waitress serves from one); the least recently seen
    clients are forgotten past ``clients``, so the table itself stays bounded.
    """

    def __init__(self, capacity: float, per_seconds: float, clients: int = 10_000) -> None:
        self.capacity = capacity
        self.rate = capacity / per_seconds
        self.clients = clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def _filled(self, client: str, now: float) -> float:
        tokens, then = self._buckets.pop(client, (self.capacity, now))
        return min(self.capacity, tokens + (now - then) * self.rate)

    def _keep(self, client: str, tokens: float, now: float) -> None:
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)

    def take(self, client: str, now: float | None = None, cost: float = 1.0) -> float:
        """Take ``cost`` tokens for ``client``: 0 when granted, else the seconds until
        they are (nothing taken then)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens = self._filled(client, now)
            wait = 0.0 if tokens >= cost else (cost - tokens) / self.rate
            self._keep(client, tokens - cost if wait == 0 else tokens, now)
        return wait

    def spend(self, client: str, cost: float, now: float | None = None) -> None:
        """Take up to ``cost`` tokens for ``client``, as many as it has (work refused
        after it was done is charged all the same)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            self._keep(client, max(0.0, self._filled(client, now) - cost), now)

    def due(self, client: str, cost: float = 1.0, now: float | None = None) -> float:
        """The seconds until ``client`` has ``cost`` tokens (0: it has them); none taken."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens = self._filled(client, now)
            self._keep(client, tokens, now)
        return 0.0 if tokens >= cost else (cost - tokens) / self.rate


def client_address() -> str:
    """Who a request's limits count against: its real address (``request.remote_addr``,
    the phone's own behind a proxy named with ``--trusted-proxy`` or ``TRUSTED_PROXIES``,
    see web/server.py), an IPv6 address by its /64 (one machine is given a whole /64,
    and could take a fresh address of it for each request)."""
    address = request.remote_addr or "?"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _creating() -> bool:
    if request.method != "POST" or request.endpoint not in CREATING:
        return False
    action = CREATING[request.endpoint]
    return action is None or request.form.get("action") == action


def _limit() -> None:
    bucket: TokenBucket | None = current_app.extensions.get(RATE_LIMIT)
    if bucket is None or not _creating():
        return
    wait = bucket.take(client_address())
    if wait:
        g.retry_after = max(1, round(wait + 0.5))
        abort(429)


CLAIMS = frozenset({"sessions.claim", "bridge.claim", "events.claim", "players.keep_club_key"})
"""The addresses that carry a key: an answer that built one of them carries that key."""
KEYED = frozenset(
    {
        "event_board.cards",  # the table cards' QR codes, even from the cache of PDFs
        "events.console",
        "live.handover",
        "live.bridge_handover",
        "live.new_link",
        "live.bridge_new_link",
        "api.create",
        "api_events.create_event",
        "api_events.seating",
        "api_events.people",  # the seating as it now stands, the scorers' links in it
        "players.show_club_link",
    }
)
"""The answers that carry keys however they were made."""


def _key_link(endpoint: str, values: dict[str, Any]) -> None:
    """Building a link with a key in it (a url_defaults hook): this answer carries it."""
    if endpoint in CLAIMS and values.get("key"):
        g.carries_key = True


def _no_store(response: Response) -> Response:
    """``no-store`` on every answer that carries a key (a link built with one, an answer
    named in ``KEYED``, an address holding one): no cache, shared or the browser's own,
    keeps it. An answer writing the cookie (its keys sealed) is ``no-store`` unless it
    says ``private`` already: no shared cache hands it on (web/cookie.py)."""
    if g.get("carries_key") or request.endpoint in KEYED or _KEY_IN_PATH.search(request.path):
        response.headers["Cache-Control"] = "no-store"
    return response


def _headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _started() -> None:
    g.started = time.perf_counter()


POLLS_PER_LINE = 500
"""304 answers (a watcher's poll, unchanged) counted into one line of the access log, or
the count of a minute, whichever comes first: a club night's polls are most requests."""


class Unchanged:
    """The 304 answers not logged one by one: how many, since when."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.count, self.since = 0, time.monotonic()

    def add(self, now: float) -> str | None:
        """Count one; the summary line when it is due (and start counting again)."""
        with self._lock:
            self.count += 1
            if self.count < POLLS_PER_LINE and now - self.since < 60:
                return None
            line = f"{self.count} answers 304 (unchanged) in {now - self.since:.0f} s"
            self.count, self.since = 0, now
            return line


_unchanged = Unchanged()


def log_request(remote: str | None, method: str, path: str, status: int, started: float) -> None:
    """The access log's line for one answer (its path redacted), timed from ``started``;
    a 304 is counted into a line of many (``POLLS_PER_LINE``)."""
    now = time.perf_counter()
    if status == 304:
        line = _unchanged.add(time.monotonic())
        if line is not None:
            access_log.info("%s", line)
        return
    took = (now - started) * 1000
    access_log.info('%s "%s %s" %s %.0fms', remote or "-", method, redacted(path), status, took)


def _logged(response: Response) -> Response:
    started = g.get("started", time.perf_counter())
    log_request(request.remote_addr, request.method, request.path, response.status_code, started)
    return response


def log_to_stderr() -> None:
    """Send the access log to standard error (``serve`` does: waitress logs no requests),
    off the requests' threads: a request puts its line on a queue, one thread writes."""
    if not any(getattr(h, "barbu", False) for h in access_log.handlers):
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        lines: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
        handler: Any = logging.handlers.QueueHandler(lines)
        handler.barbu = True
        access_log.addHandler(handler)
        listener = logging.handlers.QueueListener(lines, stream)
        listener.start()
        atexit.register(listener.stop)  # the last lines written before the process ends
    access_log.setLevel(logging.INFO)
    access_log.propagate = False  # waitress gives the root logger a handler of its own


def init_app(app: Flask) -> None:
    """Register the cookie, the limit, the headers and the access log on every request."""
    app.session_interface = LastingCookie()
    proxies = app.config.get("TRUSTED_PROXIES")
    if proxies:  # other servers than `serve` (which tells waitress): see web/server.py
        from barbu_scorer.web.server import TrustedProxy

        app.wsgi_app = TrustedProxy(app.wsgi_app, proxies)  # type: ignore[method-assign]
    limit = app.config.get("RATE_LIMIT")
    if limit:
        capacity, per_seconds = limit
        app.extensions[RATE_LIMIT] = TokenBucket(capacity, per_seconds)
    app.before_request(_started)
    app.before_request(_limit)
    app.url_defaults(_key_link)
    app.after_request(_no_store)
    app.after_request(_headers)
    app.after_request(_logged)
