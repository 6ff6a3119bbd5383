"""Whether a rolling backup holds saves back: a save's time while backups run back to
back in the same process (``serve``'s thread, ``store/autobackup.take``), against the
same saves with no backup, interleaved in the same run.

    python bench/backup.py [--mb 20] [--saves 200] [--rounds 3]

A save is what the store's write costs at the disk: ``BEGIN IMMEDIATE``, one row, a
commit under WAL and ``synchronous=FULL``, on a connection of its own. The database is
made ``--mb`` large (a filler table), so each backup takes a while; the copies go to a
temporary folder on the same disk (the worst case: a USB stick is another device).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median, percentile  # noqa: E402

from barbu_scorer.store import autobackup
from barbu_scorer.store.db import connect


def saves(path: str, count: int) -> list[float]:
    """The times of ``count`` one-row saves (ms)."""
    db = connect(path)
    db.execute("CREATE TABLE IF NOT EXISTS bench_saves (id INTEGER PRIMARY KEY, at REAL)")
    times = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            db.conn.execute("BEGIN IMMEDIATE")
            db.conn.execute("INSERT INTO bench_saves (at) VALUES (?)", [time.time()])
            db.conn.commit()
            times.append((time.perf_counter() - start) * 1000)
            time.sleep(0.002)
    finally:
        db.close()
    return times


def backing_up(path: str, folder: str, stop: threading.Event, made: list[float]) -> None:
    """Backups back to back until ``stop`` (each one's seconds in ``made``)."""
    while not stop.is_set():
        start = time.perf_counter()
        autobackup.take(path, folder, "k" * 64, datetime.now(UTC))
        made.append(time.perf_counter() - start)
        autobackup.rotate(folder, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=int, default=20)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "barbu.db")
        db = connect(path)
        db.execute("CREATE TABLE filler (blob BLOB)")
        with db.conn:
            for _ in range(args.mb * 16):
                db.conn.execute("INSERT INTO filler VALUES (randomblob(65536))")
        db.close()
        folder = os.path.join(tmp, "stick")
        os.mkdir(folder)
        bare: list[float] = []
        during: list[float] = []
        copies: list[float] = []
        for _ in range(args.rounds):
            bare += saves(path, args.saves)
            stop = threading.Event()
            thread = threading.Thread(target=backing_up, args=(path, folder, stop, copies))
            thread.start()
            during += saves(path, args.saves)
            stop.set()
            thread.join()
    print(f"database {args.mb} MB; {len(copies)} backups, median {median(copies):.2f} s each")
    for name, share in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
        b, d = percentile(bare, share), percentile(during, share)
        print(f"save {name}: {b:.2f} ms bare, {d:.2f} ms during backups: {d / b:.2f}x")


if __name__ == "__main__":
    main()
