"""Sheets rendered ahead of their tap, in one background thread, within a share of a core.

After a write, a session's sheet is asked for here (``prepare``); the worker renders the
session's sheet as it is when its turn comes, so saves that come while one waits are one
render (each session waits once, however many saves ask). A save that closes a block or
ends the session is ``urgent``: first in line, at once. Any other save waits ``debounce``
seconds first (the scorer's next hand, or a correction, often follows). After each render
the worker rests for as long as keeps its renders within ``share`` of the time (a render
of ``t`` seconds, then ``t * (1 - share) / share`` of rest), so a club night's hundred
tables never take more than that of the machine however fast they save; what the rest
holds back is rendered on its tap (``PdfCache.get``), never refused.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

SHARE = 0.25
"""The most of one core's time the background renders take."""
DEBOUNCE = 2.0
"""Seconds a save that closes no block waits before its sheet is rendered."""
PENDING = 256
"""Sessions waiting at most (past that, a tap renders on demand)."""

Job = Callable[[], "tuple[Hashable, Callable[[], bytes]] | None"]
"""Work for the background: the key and render of a session's sheet now (None: nothing)."""
Run = Callable[[str, Job], float]
"""Does a job: the seconds its render took (0 when there was nothing to render)."""

log = logging.getLogger("barbu_scorer.pdf")


def rest(took: float, share: float) -> float:
    """The pause after a render of ``took`` seconds that keeps renders to ``share``."""
    return took * (1 - share) / share if 0 < share < 1 else 0.0


@dataclass
class _Due:
    urgent: bool
    at: float
    job: Job


class Ahead:
    """The queue of sessions whose sheet is to be rendered, and its one worker."""

    def __init__(self, run: Run, share: float = SHARE, debounce: float = DEBOUNCE) -> None:
        self._run = run
        self.share = share
        self.debounce = debounce
        self._due: dict[str, _Due] = {}
        self._changed = threading.Condition()
        self._busy = False
        self._rest_until = 0.0
        self._worker: threading.Thread | None = None

    def prepare(self, session_id: str, job: Job, urgent: bool = False) -> bool:
        """Render ``session_id``'s sheet ahead (once, however many saves ask); False when
        too many sessions wait already."""
        with self._changed:
            waiting = self._due.get(session_id)
            if waiting is None and len(self._due) >= PENDING:
                return False
            urgent = urgent or (waiting is not None and waiting.urgent)
            at = time.monotonic() + (0.0 if urgent else self.debounce)
            self._due[session_id] = _Due(urgent, at, job)
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="pdf", daemon=True)
                self._worker.start()
            self._changed.notify_all()
        return True

    def _next(self) -> tuple[str, Job]:
        """The next session to render (urgent first, then the longest waiting), once it
        is due and the rest is over; with the lock held."""
        while True:
            if not self._due:
                self._changed.wait()
                continue
            session_id, due = min(
                self._due.items(), key=lambda item: (not item[1].urgent, item[1].at)
            )
            wait = max(due.at, self._rest_until) - time.monotonic()
            if wait <= 0:
                del self._due[session_id]
                self._busy = True
                return session_id, due.job
            self._changed.wait(wait)

    def _work(self) -> None:
        while True:
            with self._changed:
                session_id, job = self._next()
            took = 0.0
            try:
                took = self._run(session_id, job)
            except Exception:  # a sheet that fails is rendered (and reported) on a tap
                log.exception("background render of %s failed", session_id)
            finally:
                with self._changed:
                    self._busy = False
                    self._rest_until = time.monotonic() + rest(took, self.share)
                    self._changed.notify_all()

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until every render asked for so far is done (tests, benches); False when
        ``timeout`` seconds went by first."""
        with self._changed:
            return self._changed.wait_for(lambda: not (self._due or self._busy), timeout)
