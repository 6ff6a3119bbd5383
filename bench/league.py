"""The league's pages on a club's history (issue 27 item 3): ratings, ranking and players'
pages computed once per version of the stored sessions, as ratios against a bare Flask
app under the same waitress, measured in one run on this machine.

    python bench/league.py [--sessions 1200] [--runs 30]

The sessions (complete 28-hand Tournament sessions, 8 players taking turns) are stored
through the store into a file that `barbu-scorer serve` then opens (its instance's
``DATABASE``). Printed: the first read of each page (the one computation), a cached read
against the bare baseline's page (the median of ``--runs``, in turns), the first read
after one more session is saved (only that one is scored again), and four first
requests at once with the home page asked meanwhile.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path

from common import Client, median, server, tournament

PAGES = ["/api/ratings", "/ranking", "/api/players/1", "/players/1", "/players/1/vs/2"]
NAMES = ["Ada", "Ben", "Clara", "Dan", "Eve", "Fred", "Gus", "Hal"]


def build(path: Path, sessions: int) -> float:
    """Store ``sessions`` complete sessions in a new file; the seconds it took."""
    from barbu_scorer.games import import_document
    from barbu_scorer.store.db import connect

    start = time.perf_counter()
    db = connect(str(path))
    for seed in range(sessions):
        players = [NAMES[(seed + 2 * seat) % len(NAMES)] for seat in range(4)]
        import_document(db, {**tournament(seed), "players": players})
    db.conn.close()
    return time.perf_counter() - start


def timed(client: Client, path: str) -> tuple[float, int]:
    start = time.perf_counter()
    status, _body, _headers = client.request("GET", path)
    return time.perf_counter() - start, status


def first_reads(port: int) -> None:
    client = Client(port, timeout=300)
    for path in PAGES:
        took, status = timed(client, path)
        print(f"first read   {path:<20} {took * 1000:10.1f} ms   ({status})")


def cached_reads(port: int, bare: int, runs: int) -> None:
    phone, base = Client(port), Client(bare)
    times: dict[str, list[float]] = {path: [] for path in ["bare", *PAGES]}
    for _ in range(runs):
        times["bare"].append(timed(base, "/page")[0])
        for path in PAGES:
            times[path].append(timed(phone, path)[0])
    baseline = median(times["bare"])
    print(f"bare baseline /page             {baseline * 1000:10.2f} ms")
    for path in PAGES:
        mine = median(times[path])
        print(f"cached read  {path:<20} {mine * 1000:10.2f} ms   {mine / baseline:6.2f}x bare")


def after_a_save(port: int, seed: int) -> None:
    client = Client(port, timeout=300)
    status, _b, _h = client.request(
        "POST", "/api/sessions", {**tournament(seed), "players": NAMES[:4]}
    )
    took, got = timed(client, "/api/ratings")
    print(f"after a save /api/ratings       {took * 1000:10.1f} ms   ({status}, {got})")


def four_at_once(port: int, seed: int) -> None:
    Client(port).request("POST", "/api/sessions", {**tournament(seed), "players": NAMES[4:]})
    statuses: list[int] = []
    took: list[float] = []

    def one(path: str) -> None:
        spent, status = timed(Client(port, timeout=300), path)
        statuses.append(status)
        took.append(spent)

    threads = [threading.Thread(target=one, args=(path,)) for path in PAGES[:4]]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    home, status = timed(Client(port), "/")
    for thread in threads:
        thread.join()
    print(
        f"4 at once    {time.perf_counter() - start:.2f} s, answers {sorted(statuses)}, "
        f"slowest {max(took):.2f} s; the home page meanwhile {home * 1000:.1f} ms ({status})"
    )


def rss_mb(pid: int) -> float:
    """A process's resident memory (Linux /proc), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=1200)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.db"
        print(f"{args.sessions} sessions stored in {build(path, args.sessions):.1f} s")
        config = f"DATABASE = {str(path)!r}\nRATE_LIMIT = (10_000, 1.0)\n"
        with (
            server("--threads", "4", bare=True) as (bare, bare_pid),
            server("--threads", "4", config=config) as (port, pid),
        ):
            Client(port).request("GET", "/")
            before = rss_mb(pid)
            first_reads(port)
            cached_reads(port, bare, args.runs)
            after_a_save(port, args.sessions + 1)
            four_at_once(port, args.sessions + 2)
            print(
                f"server memory {rss_mb(pid):.0f} MB resident, {before:.0f} MB before the "
                f"first read (the bare app: {rss_mb(bare_pid):.0f} MB)"
            )


if __name__ == "__main__":
    main()
