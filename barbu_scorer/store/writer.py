"""This process's writers one at a time, ahead of SQLite's own lock (``one_writer``).

A module of its own: ``store.rows`` takes this lock, and ``store.db`` imports the modules
that register migrations, some of which write through ``store.rows``."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

# How long a write waits for another writer's lock before the request is answered 503.
WRITE_TIMEOUT = 5.0
_WRITER = threading.RLock()


@contextlib.contextmanager
def one_writer() -> Iterator[None]:
    """This process's writes one at a time: a thread waits for the one writing on a lock
    that wakes it as soon as the write commits, instead of SQLite's busy wait (which polls
    with sleeps of 1 to 100 ms, holding a server thread meanwhile, while the writer is in
    its fsync). Other processes still take turns through SQLite's lock; past
    ``WRITE_TIMEOUT`` the write goes on to SQLite's lock as before."""
    held = _WRITER.acquire(timeout=WRITE_TIMEOUT)
    try:
        yield
    finally:
        if held:
            _WRITER.release()
