"""The raw-score search's worst case, next to a bare baseline measured in the same run.

    python bench/raw.py [--runs 5]

For every table (3 to 10 players, 52 and 32 cards) Salad is the costliest contract; the
raws tried are the ones that make the search work hardest (tests/raw_bounds_helpers.py):
``heavy_raws`` (every seat but the last on a score with the most takes, which leaves the
last seat on a score no take gives: refused before any step) and ``hard_raws`` (adding up
to the total, every seat's score reachable, the most ways to search), with the caches
cleared so each search runs. The baseline is a loop of
100,000 trivial function calls, so the ratio says how the search compares on any machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barbu_scorer.scoring.barbu import raw as raw_module
from barbu_scorer.scoring.barbu.raw import search_raw
from tests.raw_bounds_helpers import TABLES, hard_raws, heavy_raws, salad_scheme  # noqa: E402


def baseline() -> float:
    """The time of 100,000 calls of a function that does nothing."""

    def nothing() -> None:
        return None

    start = time.perf_counter()
    for _ in range(100_000):
        nothing()
    return time.perf_counter() - start


def worst(players: int, pack: int, runs: int) -> tuple[float, int]:
    """The slowest search (best of ``runs``) and its steps, over the heavy raws."""
    scheme = salad_scheme(players, pack)
    search_raw(scheme, "salad", [0] * players)  # builds the options once (cached)
    slowest, steps = 0.0, 0
    for raw in [*heavy_raws(scheme, "salad", 3), *hard_raws(scheme, "salad")]:
        times = []
        for _ in range(runs):
            raw_module._verdict.cache_clear()
            start = time.perf_counter()
            found = search_raw(scheme, "salad", raw)
            times.append(time.perf_counter() - start)
        if min(times) > slowest:
            slowest, steps = min(times), found.steps
    return slowest, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    base = min(baseline() for _ in range(5))
    print(f"baseline: 100,000 trivial calls take {base * 1000:.1f} ms")
    top = 0.0
    for players, pack in TABLES:
        took, steps = worst(players, pack, args.runs)
        top = max(top, took)
        print(
            f"{players:2} players, {pack} cards: {took * 1000:6.1f} ms ({steps:,} steps)"
            f"  {took / base:5.1f}x baseline"
        )
    print(f"worst case: {top * 1000:.1f} ms = {top / base:.1f}x the baseline")


if __name__ == "__main__":
    main()
