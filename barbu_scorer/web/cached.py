"""What a watcher fetches, cached per (session, version): the watch and TV pages, the
JSON and CSV exports.

Every request reads the session's version from SQLite first (one small query), so a copy
made by this process, or an answer another process gave, is never served for a version
that moved on: several processes behind one address agree. An ``If-None-Match`` naming
the version's ETag is answered 304 with no scoring and no template; otherwise the body is
taken from a bounded in-process LRU, or built once and kept. A page with a flash message
waiting is personal: it is built, not cached, and carries no ETag.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, Protocol, TypeVar

from flask import Response, abort, current_app, has_app_context, make_response, session
from flask_babel import get_locale
from markupsafe import Markup

from barbu_scorer.store.ending import live_state
from barbu_scorer.web.access import remember
from barbu_scorer.web.assets import fresh
from barbu_scorer.web.db import get_db
from barbu_scorer.web.text_size import is_large

ENTRIES = 512
"""Bodies kept per process (a watch page is ~20 KB: ~10 MB at most)."""

Body = str | bytes
Kept = TypeVar("Kept")


class BodyCache(Generic[Kept]):
    """A thread-safe LRU of response bodies (or other per-version values), at most
    ``entries`` of them."""

    def __init__(self, entries: int = ENTRIES) -> None:
        self.entries = entries
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()
        self.builds = 0

    def get(self, key: Hashable, build: Callable[[], Kept]) -> Kept:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found
        body = build()
        with self._lock:
            self.builds += 1
            self._items[key] = body
            while len(self._items) > self.entries:
                self._items.popitem(last=False)
        return body


def _cache() -> BodyCache[Body]:
    found: BodyCache[Body] = current_app.extensions.setdefault("barbu_body_cache", BodyCache())
    return found


Scored = TypeVar("Scored", covariant=True)


class Scorable(Protocol[Scored]):
    """A stored session (of either game), as far as ``scored`` reads it."""

    @property
    def id(self) -> str: ...
    @property
    def version(self) -> int: ...
    def score(self) -> Scored: ...


def scored(stored: Scorable[Kept]) -> Kept:
    """The stored session scored, once per (session, version) in this process: the
    scorer's screen, the console's tables and the settling up read the same figures
    until a write moves the version (outside a request it is simply scored)."""
    if not has_app_context():
        return stored.score()
    cache: BodyCache[Any] = current_app.extensions.setdefault("barbu_scored", BodyCache(256))
    found: Kept = cache.get(("scored", stored.id, stored.version), stored.score)
    return found


def version_or_404(session_id: str) -> int:
    """The session's version as SQLite has it now (any game), or a 404 page."""
    found = live_state(get_db(), session_id)
    if found is None:
        abort(404)
    return found[0]


def etag_of(*parts: object) -> str:
    """A short strong ETag for these parts (the app's static build among them)."""
    build = current_app.config.get("STATIC_BUILD", "")
    text = "\x1f".join(str(part) for part in (build, *parts))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def per_version(
    kind: str,
    session_id: str,
    build: Callable[[], Body],
    variant: tuple[object, ...] = (),
    mimetype: str = "text/html",
) -> Response:
    """The response of ``build`` for the session's current version, cached and conditional.

    ``variant`` names what else the body depends on (whether this browser may score...);
    the locale and the text size (a class on the page's <html>) are always part of it.
    """
    version = version_or_404(session_id)
    if session.get("_flashes"):
        response = make_response(build())
        response.headers["Cache-Control"] = "private, no-store"
        return response
    parts = (kind, session_id, version, str(get_locale()), is_large(), *variant)
    tag = etag_of(*parts)
    if fresh(tag):
        response = Response(status=304)
    else:
        response = make_response(_cache().get(parts, build))
        response.mimetype = mimetype
    response.set_etag(tag)
    # Kept by the browser, asked again every time (a 304 while the version holds).
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def fragment(kind: str, session_id: str, version: int, build: Callable[[], str]) -> Markup:
    """A piece of a page (HTML) built once per (session, version, locale): the scorer's
    page itself is personal (its form token, its messages), its score table is not."""
    parts = (kind, session_id, version, str(get_locale()))
    return Markup(_cache().get(parts, build))


def remembered(session_id: str, response: Response) -> Response:
    """``response``, the session put first in this device's list when it was found."""
    if response.status_code in (200, 304):
        remember(session_id)
    return response


class Busy(Exception):
    """Too many computations waited for or running: answer 503 with Retry-After."""


class _Flight:
    """One computation under way: whoever else asks for its key waits for it."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None


class Computations(Generic[Kept]):
    """Values computed once per key (a version of what they are computed from), kept in
    a bounded LRU: requests for a key being computed wait for that one computation and
    take its value; at most ``builders`` run at once (the others wait their turn, up to
    ``wait`` seconds), and at most ``slots`` requests wait or compute at once, so the
    server's other threads stay free for the pages. Past either bound: ``Busy``.

    A computation may ask for others (the ratings read the scored sessions): inside one,
    the thread already holds its slot and its turn."""

    def __init__(
        self, entries: int = 64, builders: int = 1, slots: int = 2, wait: float = 20.0
    ) -> None:
        self.entries, self.wait = entries, wait
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._flights: dict[Hashable, _Flight] = {}
        self._lock = threading.Lock()
        self._builders = threading.BoundedSemaphore(builders)
        self._slots = threading.BoundedSemaphore(slots)
        self._inside = threading.local()
        self.builds = 0
        self.holding = 0
        """How many requests hold a slot now (computing or waiting for a computation)."""

    def _kept(self, key: Hashable) -> tuple[bool, Kept | None]:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return True, self._items[key]
            return False, None

    def get(self, key: Hashable, build: Callable[[], Kept]) -> Kept:
        """The value kept for ``key``, or the one computation's of it."""
        found, value = self._kept(key)
        if found:
            return value  # type: ignore[return-value]
        if getattr(self._inside, "depth", 0):
            return self._join(key, build)
        if not self._slots.acquire(blocking=False):
            raise Busy(key)
        with self._lock:
            self.holding += 1
        try:
            return self._join(key, build)
        finally:
            with self._lock:
                self.holding -= 1
            self._slots.release()

    def _join(self, key: Hashable, build: Callable[[], Kept]) -> Kept:
        with self._lock:
            if key in self._items:
                return self._items[key]
            flight, mine = self._flights.get(key), False
            if flight is None:
                flight, mine = self._flights.setdefault(key, _Flight()), True
        if not mine:
            if not flight.done.wait(self.wait):
                raise Busy(key)
            if flight.error is not None:
                raise flight.error
            found: Kept = flight.value
            return found
        return self._build(key, flight, build)

    def _build(self, key: Hashable, flight: _Flight, build: Callable[[], Kept]) -> Kept:
        depth = getattr(self._inside, "depth", 0)
        try:
            if not depth and not self._builders.acquire(timeout=self.wait):
                raise Busy(key)
            try:
                self._inside.depth = depth + 1
                flight.value = build()
            finally:
                self._inside.depth = depth
                if not depth:
                    self._builders.release()
        except BaseException as error:
            flight.error = error
            raise
        finally:
            with self._lock:
                self._flights.pop(key, None)
                if flight.error is None:
                    self.builds += 1
                    self._items[key] = flight.value
                    while len(self._items) > self.entries:
                        self._items.popitem(last=False)
            flight.done.set()
        found: Kept = flight.value
        return found
