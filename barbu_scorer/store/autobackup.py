"""Rolling backups while ``serve`` runs: a copy of the database every few minutes while
it is written to, and one at shutdown, the last few kept, in a folder the user names
(a USB stick).

Each copy is :func:`barbu_scorer.store.backup.backup`'s (SQLite's backup API, the
instance's secret key in it, 0600), so ``barbu-scorer restore`` takes one back with its
usual checks. It is made in a background thread on connections of its own, in steps of
``STEP_PAGES`` pages (the GIL is let go during each step; in WAL mode a reader never
holds a writer back); when writes keep restarting the stepped copy, it is taken in one
step. It is written under a hidden name, flushed to the disk, then renamed: a stick
pulled out mid-copy leaves no half backup looking whole.

The names are the UTC time of the copy (``barbu-auto-20261202-211405-123Z.db``), so
they sort by time; rotation removes the oldest past the kept count and never touches a
file of another name. A copy is taken only when something was committed since the last
one (SQLite's ``PRAGMA data_version``, read on the thread's own connection, moves with
every commit of any other connection, other processes' included).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sqlite3
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from barbu_scorer.scoring.messages import say
from barbu_scorer.store.backup import backup
from barbu_scorer.store.db import WRITE_TIMEOUT, private_file

PREFIX = "barbu-auto-"
NAME = re.compile(r"barbu-auto-\d{8}-\d{6}-\d{3}Z\.db")
"""A rolling backup's name: the only files rotation removes."""
STEP_PAGES = 256
"""Pages (4 KiB each) copied a step."""
RESTARTS = 3
"""Restarts of a stepped copy (writes came between its steps) before it is taken whole."""

log = logging.getLogger("barbu_scorer.backups")


def backup_name(at: datetime) -> str:
    """The file name of a backup taken at ``at`` (UTC), sortable by time."""
    at = at.astimezone(UTC)
    return f"{PREFIX}{at:%Y%m%d-%H%M%S}-{at.microsecond // 1000:03d}Z.db"


def kept(folder: str | Path) -> list[Path]:
    """The rolling backups in ``folder``, oldest first."""
    try:
        names = sorted(entry.name for entry in os.scandir(folder) if NAME.fullmatch(entry.name))
    except FileNotFoundError:
        return []
    return [Path(folder) / name for name in names]


def rotate(folder: str | Path, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` rolling backups of ``folder``; the removed."""
    old = kept(folder)[: -keep if keep > 0 else None]
    for path in old:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return old


class _Restarted(Exception):
    """A stepped copy restarted too often."""


def _stepped() -> Callable[[int, int, int], None]:
    """A progress callback that gives up after ``RESTARTS`` restarts."""
    seen = {"left": -1, "restarts": 0}

    def progress(_status: int, remaining: int, _total: int) -> None:
        if seen["left"] >= 0 and remaining >= seen["left"]:  # no headway: it restarted
            seen["restarts"] += 1
            if seen["restarts"] > RESTARTS:
                raise _Restarted
        seen["left"] = remaining

    return progress


def take(database: str, folder: str | Path, secret: str | None, at: datetime) -> Path:
    """A backup of ``database`` (with ``secret``) in ``folder`` named for ``at``."""
    final = Path(folder) / backup_name(at)
    partial = final.with_name(f".{final.name}.partial")
    try:
        try:
            backup(database, str(partial), secret, STEP_PAGES, _stepped(), scratch=True)
        except _Restarted:
            partial.unlink(missing_ok=True)
            backup(database, str(partial), secret, scratch=True)  # one step: WAL lets writers on
        with open(partial, "rb") as copy:
            os.fsync(copy.fileno())
        os.replace(partial, final)
    finally:
        partial.unlink(missing_ok=True)
    with contextlib.suppress(OSError):  # the rename itself reaches the disk
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
    return final


class Rolling:
    """Backups of ``database`` into ``folder`` every ``every`` seconds when it was
    written to, the newest ``keep`` kept; ``secret`` gives the instance's key at each."""

    def __init__(
        self,
        database: str,
        folder: str | Path,
        every: float,
        keep: int,
        secret: Callable[[], str | None],
    ) -> None:
        self.database, self.folder, self.every, self.keep = database, Path(folder), every, keep
        self.secret = secret
        private_file(database)  # 0600 even if this were the first to open it
        self.taken: list[Path] = []
        self._watch = sqlite3.connect(database, timeout=WRITE_TIMEOUT, check_same_thread=False)
        self._seen = self._version()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="backups", daemon=True)

    def _version(self) -> int:
        return int(self._watch.execute("PRAGMA data_version").fetchone()[0])

    def start(self) -> Rolling:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.tick()

    def tick(self) -> Path | None:
        """A backup now if anything was committed since the last one (then the oldest
        past ``keep`` removed); a failure (the stick pulled out) is logged, retried later."""
        try:
            version = self._version()
            if version == self._seen:
                return None
            path = take(self.database, self.folder, self.secret(), datetime.now(UTC))
            self._seen = version
            self.taken.append(path)
            rotate(self.folder, self.keep)
        except (OSError, sqlite3.Error) as error:
            log.warning(say("backup to %(folder)s failed: %(why)s", folder=self.folder, why=error))
            return None
        return path

    def stop(self) -> Path | None:
        """Stop the thread (a backup under way is finished), then take the last backup
        if anything was written since the one before."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        try:
            return self.tick()
        finally:
            self._watch.close()
