"""Stakes on sessions, and a group's running ledger settled on demand."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.league.settle import MAX_STAKE_CENTS, ROUNDINGS
from barbu_scorer.store.rows import now, writing


@dataclass(frozen=True)
class Stake:
    """Cents a point, and the unit balances are rounded to (in cents)."""

    cents: int
    rounding: int


def set_stake(db: Database, session_id: str, stake: Stake) -> None:
    """Give a session its stake (replacing any earlier one)."""
    if not 0 <= stake.cents <= MAX_STAKE_CENTS or stake.rounding not in ROUNDINGS:
        raise refused("stake: an amount per point and a rounding unit")
    with writing(db):
        db.execute(
            "INSERT OR REPLACE INTO stakes (session_id, cents, rounding) VALUES (?, ?, ?)",
            [session_id, stake.cents, stake.rounding],
        )


def stake_of(db: Database, session_id: str) -> Stake | None:
    """The session's stake, or None."""
    row = db.execute(
        "SELECT cents, rounding FROM stakes WHERE session_id = ?", [session_id]
    ).fetchone()
    return Stake(row[0], row[1]) if row else None


def _key(players: Sequence[int]) -> str:
    return json.dumps(sorted(set(players)))


def last_settled(db: Database, players: Sequence[int]) -> str:
    """When the group last settled up ("" when never)."""
    row = db.execute(
        "SELECT max(at) FROM settlements WHERE players = ?", [_key(players)]
    ).fetchone()
    return str(row[0] or "")


def group_sessions(db: Database, players: Sequence[int]) -> dict[str, Stake]:
    """The staked sessions since the group last settled in which every seat was one of
    the group's players: their stakes, by session id."""
    group = set(players)
    since = last_settled(db, players)
    rows = db.execute(
        """SELECT k.session_id, k.cents, k.rounding FROM stakes k
           JOIN sessions s ON s.id = k.session_id WHERE s.created > ? OR ? = ''""",
        [since, since],
    ).fetchall()
    out = {}
    for session_id, cents, rounding in rows:
        seated = db.execute(
            "SELECT player_id FROM seats WHERE session_id = ?", [session_id]
        ).fetchall()
        if seated and all(row[0] in group for row in seated):
            out[session_id] = Stake(cents, rounding)
    return out


def record_settlement(db: Database, players: Sequence[int], payments: object) -> None:
    """The group settled up now: later sessions start a new ledger."""
    with writing(db):
        db.execute(
            "INSERT INTO settlements (players, at, payments) VALUES (?, ?, ?)",
            [_key(players), now(), json.dumps(payments)],
        )
