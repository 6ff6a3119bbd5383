"""The buckets' file: one row a client and limit, counted in one transaction; a bucket
full again is no row, and a scope keeps at most ``CLIENTS`` rows."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from barbu_scorer.store import buckets


def _rows(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    return list(conn.execute("SELECT scope, client FROM buckets ORDER BY client"))


def test_full_buckets_and_the_oldest_past_the_bound_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    conn = buckets.open_buckets(tmp_path / "limits.db")
    take = lambda client, now: buckets.exchange(  # noqa: E731
        conn, "rate", client, 2, 2 / 60, now, lambda t: t - 1
    )
    assert take("a", 0.0) == 2 and take("a", 0.0) == 1 and take("a", 30.0) == pytest.approx(1)
    take("b", 40.0)
    assert _rows(conn) == [("rate", "a"), ("rate", "b")]
    take("c", 91.0)  # a was last counted at 30 s: full again by 90 s, so no row
    assert _rows(conn) == [("rate", "b"), ("rate", "c")]
    monkeypatch.setattr(buckets, "CLIENTS", 2)
    take("d", 92.0)  # past the bound: the least recently counted goes
    assert _rows(conn) == [("rate", "c"), ("rate", "d")]
