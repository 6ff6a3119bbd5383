"""Sheets laid out in a process of their own, so a render never stalls the pages.

WeasyPrint holds Python's global lock for the second or two a sheet takes: laid out in a
thread of the server, it stalls every other request of that process (a watcher's poll,
a scorer's save) for as long. Here the layout runs in one child process (spawned, so it
shares no thread or lock with the server; started on first use or by ``warm``); the
server's thread only waits for the bytes, without the lock. The child is told the
game, the computed document and the language, which is everything a sheet is made of.
If the child dies, the next render starts a new one. WeasyPrint's child grows with each
sheet (0.38 to 0.44 MB a 28-hand sheet, from 133 MB after its warm-up:
``bench/render_child.py``), so it is replaced after ``RECYCLE_RENDERS`` renders
or once past ``RECYCLE_BYTES``: the old one finishes what it was given and ends, a new one
is warmed at once. The club night's results PDF and the share image are made here too.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TIMEOUT = 120.0
"""Longest a render may take in the child before the request gives up."""
RECYCLE_RENDERS = 200
"""Renders a child does before it is replaced (it grows with each: bench/render_child.py)."""
RECYCLE_BYTES = 300 * 1024 * 1024
"""Resident memory past which a child is replaced after its render."""


@dataclass
class Stats:
    """What the children did: renders by the current one, its memory after the last
    render, how many were replaced for their size or age."""

    renders: int = 0
    last_rss: int = 0
    recycled: int = 0


stats = Stats()
_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_ended = threading.Event()


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _ended.is_set():
            raise RuntimeError("the server is stopping: no new render child")
        if _pool is None:
            stats.renders = 0
            _pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow_parent,
                initargs=(os.getpid(),),
            )
        return _pool


def _follow_parent(parent: int) -> None:
    """In the child: end as soon as the server is gone, however it went (a ``kill``
    runs none of its exit handlers), so no orphan keeps its output open. Ctrl-C (sent
    to the terminal's whole process group) and SIGTERM are the server's to handle: it
    stops the child itself once its requests are answered (:func:`end`)."""
    for stop in STOPS:
        signal.signal(stop, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)  # held since its start (_submit)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


STOPS = (signal.SIGINT, signal.SIGTERM)


def _submit(pool: ProcessPoolExecutor, *args: Any) -> Future[tuple[bytes, int]]:
    """``_in_child(*args)`` given to ``pool``, with Ctrl-C and SIGTERM held back in this
    thread meanwhile: a child started now (the pool starts it on a submit) inherits them
    held, so a Ctrl-C during its start-up waits for it to ignore them (``_follow_parent``)
    instead of breaking its imports with a traceback."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        return pool.submit(_in_child, *args)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _discard(old: ProcessPoolExecutor, cancel: bool = True) -> None:
    """No more renders go to ``old`` (broken: its queued ones are cancelled)."""
    global _pool
    with _lock:
        if _pool is old:
            _pool = None
    old.shutdown(wait=False, cancel_futures=cancel)


def lay_out(
    game_format: str,
    computed: Any,
    name: str | None,
    date: str | None,
    paper: str,
    how: bool = False,
) -> bytes:
    """The sheet (or pad) of ``computed``; with ``how``, a Tournament sheet's second page,
    "How the score was made" (one line a hand). The child calls it, and so does a server
    that lays its sheets out in its own process."""
    from barbu_scorer.games import GAMES, TOURNAMENT
    from barbu_scorer.paper.pdf import computed_sheet_pdf

    if how and game_format == TOURNAMENT.format:
        return computed_sheet_pdf(computed, name=name, date=date, paper=paper, how=True)
    return GAMES[game_format].pdf(computed, name, date, paper)


def _results(*args: Any) -> bytes:
    """In the child: a club night's results (``paper.cards.results_pdf``'s arguments)."""
    from barbu_scorer.paper.cards import results_pdf

    return results_pdf(*args)


def _evening(view: Any) -> bytes:
    """In the child: a player's evening (``paper.evening.evening_pdf``)."""
    from barbu_scorer.paper.evening import evening_pdf

    return evening_pdf(view)


def _standings(doc: Any, title: str) -> bytes:
    """In the child: a session's standings as the PNG to share."""
    from barbu_scorer.paper.league import standings_png

    return standings_png(doc, title)


def _season(view: Any) -> bytes:  # in the child: a season's page of paper
    from barbu_scorer.paper.season import season_pdf

    return season_pdf(view)


def _warm_up() -> bytes:
    from barbu_scorer.paper.pdf import warm_up

    return warm_up()


TASKS: dict[str, Callable[..., bytes]] = {
    "sheet": lay_out,
    "results": _results,
    "standings": _standings,
    "season": _season,
    "evening": _evening,
    "warm": _warm_up,
}


def resident_bytes() -> int:
    """This process's resident memory now (Linux's /proc; elsewhere its peak)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _in_child(task: str, args: tuple[Any, ...], locale: str) -> tuple[bytes, int]:
    """In the child: ``task`` done in ``locale``, and the child's memory after it."""
    from barbu_scorer.i18n import translations
    from barbu_scorer.scoring import messages

    with messages.speaking(translations(locale), locale):
        out = TASKS[task](*args)
    return out, resident_bytes()


def _call(task: str, args: tuple[Any, ...], locale: str) -> bytes:
    """``task``'s bytes from the child (a new child if the last one died); the child is
    replaced once it has done ``RECYCLE_RENDERS`` or grown past ``RECYCLE_BYTES``."""
    for attempt in (1, 2, 3):
        pool = _executor()
        try:
            future = _submit(pool, task, args, locale)
        except RuntimeError:  # retired by another thread since: the next child takes it
            continue
        try:
            out, rss = future.result(timeout=TIMEOUT)
        except BrokenProcessPool:
            _discard(pool)
            if attempt == 3:
                raise
        else:
            _count(pool, rss)
            return out
    raise BrokenProcessPool("no render child could take the work")


def _count(pool: ProcessPoolExecutor, rss: int) -> None:
    """One more render by ``pool``'s child, now ``rss`` bytes: past a bound, it is retired
    (it ends once its queued renders are done) and a new child is warmed meanwhile."""
    with _lock:
        stats.last_rss = rss
        if pool is not _pool:
            return
        stats.renders += 1
        if stats.renders < RECYCLE_RENDERS and rss < RECYCLE_BYTES:
            return
    _discard(pool, cancel=False)
    stats.recycled += 1
    threading.Thread(target=warm, name="pdf-rewarm", daemon=True).start()


def render(
    game_format: str,
    computed: Any,
    name: str | None,
    date: str | None,
    paper: str,
    locale: str,
    how: bool = False,
) -> bytes:
    """The PDF sheet's bytes, laid out in the child process (``how``: see ``lay_out``)."""
    return _call("sheet", (game_format, computed, name, date, paper, how), locale)


def results(*args: Any, locale: str) -> bytes:
    """A club night's results PDF (``results_pdf``'s arguments), laid out in the child."""
    return _call("results", args, locale)


def evening(view: Any, locale: str, task: str = "evening") -> bytes:
    """A player's evening as PDF (or a season's: ``task`` "season"), laid out in the child."""
    return _call(task, (view,), locale)


def standings(doc: Any, title: str, locale: str) -> bytes:
    """A session's standings PNG, drawn in the child."""
    return _call("standings", (doc, title), locale)


def warm() -> None:
    """Start the child and lay out one small sheet in it (its first layout is the slow one)."""
    with contextlib.suppress(BrokenProcessPool, RuntimeError):  # the next render starts one
        _submit(_executor(), "warm", (), "en").result(timeout=TIMEOUT)


def stop() -> None:
    """End the child (tests; the server's exit ends it too)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def end(wait: float = 0.0) -> None:
    """The server is stopping: no new child is started meanwhile; the current one is
    given ``wait`` seconds to end by itself, then killed (it holds nothing to keep: its
    answers are bytes the server writes, and the requests waiting on it were answered
    before this is called), and the pool's queues are closed, so nothing is left to the
    resource tracker. A child left to end by itself took 0.1-0.2 s more (WeasyPrint's
    heap torn down)."""
    from multiprocessing.connection import wait as ended

    global _pool
    with _lock:
        _ended.set()
        pool, _pool = _pool, None
    try:
        if pool is None:
            return
        children = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + wait
        for child in children:
            # its sentinel is readable once it has ended (waiting on it reaps nothing)
            if not ended([child.sentinel], max(0.0, deadline - time.monotonic())):
                with contextlib.suppress(OSError, ValueError):
                    child.kill()
        pool.shutdown(wait=True)
    finally:
        _ended.clear()  # a server made again in this process (tests) renders again
