"""PDFs (and the share image) rendered once per version, and kept.

Rendering a sheet takes a thread for a good fraction of a second. Without this, twelve
viewers asking for one sheet render it twelve times and hold every thread. Here a key's
bytes are rendered by one request (its leader) while the others asking for that key
wait for them (``WAIT`` seconds at most) and take them; renders of different keys run
``RENDERERS`` at a time; at most ``SLOTS`` requests lead a render at once, and at most
``places`` requests lead or wait at once (``SLOTS`` by default; ``serve`` sizes it by its
threads, see ``sheets.fit_threads``). A request past those bounds, or one that cannot
start within ``WAIT`` seconds, is answered 503 with Retry-After, so the server's other
threads stay free for the pages. A cached copy is always served at once.

Given a ``folder``, rendered sheets are also kept on disk, one file per key (the session's
id and version lead its name; written to a temporary file, then renamed into place), so
the processes serving one database share them and a restart keeps them; a session's older
versions are removed when a newer one is written. ``prepare`` renders a sheet in a
background thread (after each save: ``web.ahead``, within a quarter of a core), so a tap
on "Score sheet" finds it ready; a tap while that render is under way waits for its bytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path

from barbu_scorer.web.ahead import DEBOUNCE, SHARE, Ahead, Job

RENDERERS = 1
SLOTS = 2
WAIT = 10.0
SAFE_ID = re.compile(r"[A-Za-z0-9]{1,64}")

log = logging.getLogger("barbu_scorer.pdf")


class Busy(Exception):
    """No render could start in time."""


class _Flight:
    """One render under way: its waiters wait for ``done``, then take ``value`` (None
    when it failed)."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: bytes | None = None


class PdfCache:
    """An LRU of rendered bytes, at most ``max_bytes`` in all, one render per key."""

    def __init__(
        self,
        max_bytes: int = 32 * 1024 * 1024,
        renderers: int = RENDERERS,
        slots: int = SLOTS,
        folder: str | Path | None = None,
        places: int = SLOTS,
        share: float = SHARE,
        debounce: float = DEBOUNCE,
    ) -> None:
        self.max_bytes = max_bytes
        self.folder = Path(folder) if folder else None
        self.ahead = Ahead(self._ahead, share, debounce)
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self._flights: dict[Hashable, _Flight] = {}
        self._renderers = threading.BoundedSemaphore(renderers)
        self.slots = slots
        self.places = places
        """Requests that may lead a render or wait for one at once (each holds a thread)."""
        self._leading = 0
        self._waiting = 0
        self.renders = 0
        self.slow_for_tests = 0.0
        """Test hook: seconds each render sleeps first, as a long sheet takes (tests that
        need requests to meet during one render set it; 0 everywhere else)."""

    def _get(self, key: Hashable, suffix: str = ".pdf") -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found
        path = self._path(key, suffix)
        if path is None:
            return None
        try:
            found = path.read_bytes()
        except OSError:
            return None
        self._keep(key, found)
        return found

    def _path(self, key: Hashable, suffix: str) -> Path | None:
        """The file of ``key`` (a tuple: session or event id, an int version that only
        grows, ...) ending in ``suffix``, or None (no folder)."""
        if self.folder is None or not isinstance(key, tuple) or len(key) < 2:
            return None
        session_id, version = key[0], key[1]
        if not isinstance(session_id, str) or not SAFE_ID.fullmatch(session_id):
            return None
        digest = hashlib.sha256(repr(key).encode()).hexdigest()[:16]
        return self.folder / f"{session_id}-{int(version)}-{digest}{suffix}"

    def _write(self, key: Hashable, value: bytes, suffix: str) -> None:
        """Keep the bytes on disk, atomically; drop the session's older versions' files."""
        path = self._path(key, suffix)
        if path is None:
            return
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
            with os.fdopen(fd, "wb") as out:
                out.write(value)
            os.replace(temporary, path)
            session_id, version = path.name.split("-")[:2]
            for old in path.parent.glob(f"{session_id}-*{suffix}"):
                if int(old.name.split("-")[1]) < int(version):
                    with contextlib.suppress(OSError):
                        old.unlink()
        except OSError as error:  # a full disk costs the copy, never the answer
            log.warning("the sheet was not kept on disk: %s", error)

    def _put(self, key: Hashable, value: bytes, suffix: str) -> None:
        self._keep(key, value)
        self._write(key, value, suffix)

    def _keep(self, key: Hashable, value: bytes) -> None:
        with self._lock:
            if key in self._items:
                return
            self._items[key] = value
            self._size += len(value)
            while self._size > self.max_bytes and len(self._items) > 1:
                _old, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)

    def get(
        self,
        session_id: str,
        key: Hashable,
        render: Callable[[], bytes],
        wait: float = WAIT,
        suffix: str = ".pdf",
    ) -> bytes:
        """The cached bytes for ``key`` (a session's version, paper...), rendered if new;
        while another request renders the same key, its bytes (waited for ``wait`` s)."""
        found = self._get(key, suffix)
        if found is not None:
            return found
        flight, leader = self._board(key, slot=True)
        if not leader:
            return self._follow(flight, wait)
        try:
            return self._fly(flight, key, render, wait, suffix)
        finally:
            with self._lock:
                self._leading -= 1

    def _board(self, key: Hashable, slot: bool, follow: bool = True) -> tuple[_Flight, bool]:
        """The render of ``key`` under way, joined (a waiter, when ``follow``), or a new
        one led (with one of the slots when ``slot``); Busy when no slot or no place is
        free."""
        with self._lock:
            flight = self._flights.get(key)
            if flight is not None:
                if follow:
                    if self._leading + self._waiting >= self.places:
                        raise Busy
                    self._waiting += 1
                return flight, False
            if slot:
                if self._leading >= self.slots or self._leading + self._waiting >= self.places:
                    raise Busy
                self._leading += 1
            flight = self._flights[key] = _Flight()
            return flight, True

    def _follow(self, flight: _Flight, wait: float) -> bytes:
        """The bytes of a render another thread leads, waited for ``wait`` s at most."""
        try:
            if not flight.done.wait(wait) or flight.value is None:
                raise Busy  # not in time, or the render failed (its leader reports it)
            return flight.value
        finally:
            with self._lock:
                self._waiting -= 1

    def _fly(
        self,
        flight: _Flight,
        key: Hashable,
        render: Callable[[], bytes],
        wait: float,
        suffix: str,
    ) -> bytes:
        """Lead the render of ``key``: its bytes, kept, then given to its waiters."""
        try:
            found = self._get(key, suffix)  # rendered by a flight that just landed
            if found is None:
                if not self._renderers.acquire(timeout=wait):
                    raise Busy
                try:
                    if self.slow_for_tests:
                        time.sleep(self.slow_for_tests)
                    found = render()
                    self.renders += 1
                finally:
                    self._renderers.release()
                self._put(key, found, suffix)
            flight.value = found
            return found
        finally:
            with self._lock:
                del self._flights[key]
            flight.done.set()

    def prepare(self, session_id: str, job: Job, urgent: bool = False) -> bool:
        """Render a session's sheet in the background (``web.ahead``: once, however many
        saves ask; ``urgent`` first and at once); False when too many wait already."""
        return self.ahead.prepare(session_id, job, urgent)

    def _ahead(self, _owner: str, job: Job) -> float:
        """A background job done: the seconds its render took (0: none was needed)."""
        found = job()
        if found is None or self._get(found[0]) is not None:
            return 0.0
        flight, leader = self._board(found[0], slot=False, follow=False)
        if not leader:  # a tap renders it already
            return 0.0
        start = time.monotonic()
        self._fly(flight, found[0], found[1], WAIT * 6, ".pdf")
        return time.monotonic() - start

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until every background render asked for so far is done (tests, benches)."""
        return self.ahead.idle(timeout)
