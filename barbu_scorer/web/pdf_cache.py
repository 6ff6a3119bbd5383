"""PDFs rendered once per session version, one at a time per session, and kept.

Rendering a sheet takes a thread for a good fraction of a second. Without this, twelve
viewers asking for one sheet render it twelve times and hold every thread. Here a
session's sheet is rendered by one request while the others for it wait and then take
the cached bytes; renders of different sessions run ``RENDERERS`` at a time; at most
``SLOTS`` requests wait or render at once (the other threads stay free for the pages: a
request past that, or one that cannot start within ``WAIT`` seconds, is answered 503 with
Retry-After). A cached sheet is always served at once.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable

RENDERERS = 1
SLOTS = 2
WAIT = 10.0
STRIPES = 64


class Busy(Exception):
    """No render could start in time."""


class PdfCache:
    """An LRU of rendered bytes, at most ``max_bytes`` in all, with a lock per session."""

    def __init__(
        self, max_bytes: int = 32 * 1024 * 1024, renderers: int = RENDERERS, slots: int = SLOTS
    ) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        # A fixed set of locks, one chosen per session: bounded, whatever the sessions.
        self._session_locks = [threading.Lock() for _ in range(STRIPES)]
        self._renderers = threading.BoundedSemaphore(renderers)
        self._slots = threading.BoundedSemaphore(slots)
        self.renders = 0

    def _get(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def _put(self, key: Hashable, value: bytes) -> None:
        with self._lock:
            if key in self._items:
                return
            self._items[key] = value
            self._size += len(value)
            while self._size > self.max_bytes and len(self._items) > 1:
                _old, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)

    def get(
        self, session_id: str, key: Hashable, render: Callable[[], bytes], wait: float = WAIT
    ) -> bytes:
        """The cached bytes for ``key`` (a session's version, paper...), rendered if new."""
        found = self._get(key)
        if found is not None:
            return found
        if not self._slots.acquire(blocking=False):
            raise Busy
        try:
            return self._render(session_id, key, render, wait)
        finally:
            self._slots.release()

    def _render(
        self, session_id: str, key: Hashable, render: Callable[[], bytes], wait: float
    ) -> bytes:
        lock = self._session_locks[zlib.crc32(session_id.encode()) % STRIPES]
        if not lock.acquire(timeout=wait):
            raise Busy
        try:
            found = self._get(key)  # rendered by the request we waited for
            if found is not None:
                return found
            if not self._renderers.acquire(timeout=wait):
                raise Busy
            try:
                value = render()
                self.renders += 1
            finally:
                self._renderers.release()
            self._put(key, value)
            return value
        finally:
            lock.release()
