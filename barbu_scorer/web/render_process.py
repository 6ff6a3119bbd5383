"""Sheets laid out in a process of their own, so a render never stalls the pages.

WeasyPrint holds Python's global lock for the second or two a sheet takes: laid out in a
thread of the server, it stalls every other request of that process (a watcher's poll,
a scorer's save) for as long. Here the layout runs in one child process (spawned, so it
shares no thread or lock with the server; started on first use or by ``warm``); the
server's thread only waits for the bytes, without the lock. The child is told the
game, the computed document and the language, which is everything a sheet is made of.
If the child dies, the next render starts a new one.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

TIMEOUT = 120.0
"""Longest a render may take in the child before the request gives up."""

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow_parent,
                initargs=(os.getpid(),),
            )
        return _pool


def _follow_parent(parent: int) -> None:
    """In the child: end as soon as the server is gone, however it went (a ``kill``
    runs none of its exit handlers), so no orphan keeps its output open."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


def _discard(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def _lay_out(
    game_format: str, computed: Any, name: str | None, date: str | None, paper: str, locale: str
) -> bytes:
    """In the child: the sheet (or pad) of ``computed``, in ``locale``."""
    from barbu_scorer.games import GAMES
    from barbu_scorer.i18n import translations
    from barbu_scorer.scoring import messages

    with messages.speaking(translations(locale), locale):
        return GAMES[game_format].pdf(computed, name, date, paper)


def _warm_up() -> bytes:
    from barbu_scorer.paper.pdf import warm_up

    return warm_up()


def render(
    game_format: str, computed: Any, name: str | None, date: str | None, paper: str, locale: str
) -> bytes:
    """The PDF bytes, laid out in the child process (a new child if the last one died)."""
    for attempt in (1, 2):
        pool = _executor()
        try:
            future = pool.submit(_lay_out, game_format, computed, name, date, paper, locale)
            return future.result(timeout=TIMEOUT)
        except BrokenProcessPool:
            _discard(pool)
            if attempt == 2:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def warm() -> None:
    """Start the child and lay out one small sheet in it (its first layout is the slow one)."""
    with contextlib.suppress(BrokenProcessPool):  # the next render starts a new child
        _executor().submit(_warm_up).result(timeout=TIMEOUT)


def stop() -> None:
    """End the child (tests; the server's exit ends it too)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
