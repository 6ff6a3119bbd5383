"""PDFs rendered once per session version, one at a time per session, and kept.

Rendering a sheet takes a thread for a good fraction of a second. Without this, twelve
viewers asking for one sheet render it twelve times and hold every thread. Here a
session's sheet is rendered by one request while the others for it wait and then take
the cached bytes; renders of different sessions run ``RENDERERS`` at a time; at most
``SLOTS`` requests wait or render at once (the other threads stay free for the pages: a
request past that, or one that cannot start within ``WAIT`` seconds, is answered 503 with
Retry-After). A cached sheet is always served at once.

Given a ``folder``, rendered sheets are also kept on disk, one file per key (the session's
id and version lead its name; written to a temporary file, then renamed into place), so
the processes serving one database share them and a restart keeps them; a session's older
versions are removed when a newer one is written. ``prepare`` renders a sheet in a
background thread (after each save), so a tap on "Score sheet" finds it ready.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import queue
import re
import tempfile
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path

RENDERERS = 1
SLOTS = 2
WAIT = 10.0
STRIPES = 64
PENDING = 256
"""Background renders waiting at most (past that, a tap renders on demand)."""
SAFE_ID = re.compile(r"[A-Za-z0-9]{1,64}")

Job = Callable[[], "tuple[Hashable, Callable[[], bytes]] | None"]
"""Work for the background: the key and render of a session's sheet now (None: nothing)."""

log = logging.getLogger("barbu_scorer.pdf")


class Busy(Exception):
    """No render could start in time."""


class PdfCache:
    """An LRU of rendered bytes, at most ``max_bytes`` in all, with a lock per session."""

    def __init__(
        self,
        max_bytes: int = 32 * 1024 * 1024,
        renderers: int = RENDERERS,
        slots: int = SLOTS,
        folder: str | Path | None = None,
    ) -> None:
        self.max_bytes = max_bytes
        self.folder = Path(folder) if folder else None
        self._pending: set[str] = set()
        self._jobs: queue.Queue[tuple[str, Job]] = queue.Queue()
        self._worker: threading.Thread | None = None
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
        path = self._path(key)
        if path is None:
            return None
        try:
            found = path.read_bytes()
        except OSError:
            return None
        self._keep(key, found)
        return found

    def _path(self, key: Hashable) -> Path | None:
        """The file of ``key`` (a tuple: session id, version, ...), or None (no folder)."""
        if self.folder is None or not isinstance(key, tuple) or len(key) < 2:
            return None
        session_id, version = key[0], key[1]
        if not isinstance(session_id, str) or not SAFE_ID.fullmatch(session_id):
            return None
        digest = hashlib.sha256(repr(key).encode()).hexdigest()[:16]
        return self.folder / f"{session_id}-{int(version)}-{digest}.pdf"

    def _write(self, key: Hashable, value: bytes) -> None:
        """Keep the bytes on disk, atomically; drop the session's older versions' files."""
        path = self._path(key)
        if path is None:
            return
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
            with os.fdopen(fd, "wb") as out:
                out.write(value)
            os.replace(temporary, path)
            session_id, version = path.name.split("-")[:2]
            for old in path.parent.glob(f"{session_id}-*.pdf"):
                if int(old.name.split("-")[1]) < int(version):
                    with contextlib.suppress(OSError):
                        old.unlink()
        except OSError as error:  # a full disk costs the copy, never the answer
            log.warning("the sheet was not kept on disk: %s", error)

    def _put(self, key: Hashable, value: bytes) -> None:
        self._keep(key, value)
        self._write(key, value)

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

    def prepare(self, session_id: str, job: Job) -> bool:
        """Render a session's sheet in the background (once, however many saves ask);
        False when it was already waiting or too many are."""
        with self._lock:
            if session_id in self._pending or len(self._pending) >= PENDING:
                return False
            self._pending.add(session_id)
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="pdf", daemon=True)
                self._worker.start()
        self._jobs.put((session_id, job))
        return True

    def _work(self) -> None:
        while True:
            session_id, job = self._jobs.get()
            with self._lock:
                self._pending.discard(session_id)
            try:
                found = job()
                if found is not None:
                    self._render(session_id, found[0], found[1], WAIT * 6)
            except Exception:  # a sheet that fails is rendered (and reported) on a tap
                log.exception("background render of %s failed", session_id)
            finally:
                self._jobs.task_done()

    def idle(self) -> None:
        """Wait until every background render asked for so far is done (tests, benches)."""
        self._jobs.join()
